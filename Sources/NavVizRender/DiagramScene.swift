import NavVizCore

/// How a node appears in a state: the visible controller, another one on screen, in the window
/// (containers, covered presenters), or off screen but alive.
enum Presence: Equatable, Sendable {
    case visible, onScreen, inWindow, offScreen
}

/// How a node changed in a transition (the `after` view only).
enum DiffMark: String, Equatable, Sendable {
    case added, removed, changed
}

/// One node as drawn: its data, where it sits among its siblings, how it appears, and its subtree.
struct DiagramItem: Equatable, Sendable {
    /// The node, held in a box: an item is copied and passed by value at every level of a scene, and a `Node` inline
    /// (some thirty fields) made the frames of the recursive walks over a scene four times as large (in a release
    /// build, `focused` 5.9 KB a level, now 1.2 KB; `SceneBuilder.item` 6 KB, now 1.4 KB).
    var node: Node {
        get { nodeBox.value }
        set { nodeBox = Box(newValue) }
    }
    private var nodeBox: Box<Node>
    /// Its place in the parent (`tab 0 · selected`, `root`, `key: home · active`…).
    var slot: String?
    var presence: Presence
    var isOnPath: Bool
    var mark: DiffMark?
    /// Contained children in container order (ghosts merged in at their old places).
    var children: [DiagramItem] = []
    /// Presented trees (a removed one first, as a ghost, then the current one).
    var presentations: [DiagramItem] = []
    /// When set, this item stands for folded controllers (`node` is the first of them).
    var folded: FoldSummary? {
        get { foldedBox?.value }
        set { foldedBox = newValue.map(Box.init) }
    }
    private var foldedBox: Box<FoldSummary>?
    /// A summary box whose mark holds for some of its nodes only: how many, of how many.
    var markShare: (marked: Int, of: Int)?
    /// What changed, for a `changed` mark on a box of its own: `tab 0 → 2`, `on screen` (`DiagramScene.changeWords`).
    var changeWord: String?
    /// Ringed without a tag: its only change is the one its container's tag says (`on screen` on a tab's navigation
    /// controller and again on its top: a readability trial counted four `~ off screen` down one path).
    var isTagless = false

    init(node: Node, slot: String?, presence: Presence, isOnPath: Bool, mark: DiffMark?) {
        nodeBox = Box(node)
        self.slot = slot
        self.presence = presence
        self.isOnPath = isOnPath
        self.mark = mark
    }

    static func == (lhs: DiagramItem, rhs: DiagramItem) -> Bool {
        (lhs.nodeBox === rhs.nodeBox || lhs.node == rhs.node) && lhs.slot == rhs.slot && lhs.presence == rhs.presence
            && lhs.isOnPath == rhs.isOnPath
            && lhs.mark == rhs.mark && lhs.children == rhs.children && lhs.presentations == rhs.presentations
            && lhs.folded == rhs.folded && lhs.markShare?.marked == rhs.markShare?.marked && lhs.markShare?.of == rhs.markShare?.of
            && lhs.changeWord == rhs.changeWord && lhs.isTagless == rhs.isTagless
    }

    /// The words of its mark: `+ added`, `~ tab 0 → 2` (what changed), or `− 1 of 3 removed` for a summary box
    /// marked for some of its nodes.
    var markWord: String? {
        guard let mark else { return nil }
        let word = mark == .changed ? changeWord.map { "~ \($0)" } ?? Self.markWord(mark) : Self.markWord(mark)
        guard let share = markShare else { return word }
        let sign = word.prefix(2)
        return "\(sign)\(share.marked) of \(share.of) \(word.dropFirst(2))"
    }

    /// Whether the node is drawn as a cluster (containers, and custom containers with children).
    var isContainer: Bool {
        guard folded == nil else { return false }
        switch node.kind {
        case .controller, .view: return !children.isEmpty
        default: return true
        }
    }

    var isGhost: Bool { mark == .removed }
}

/// An immutable value on the heap: a large field of a value type that is copied often, shared by the copies.
final class Box<Value: Sendable>: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// What a summary box says of the controllers it folds: `tab 3 · Saved · 1 controller`,
/// `4 more below · Home…Settings`.
struct FoldSummary: Equatable, Sendable {
    /// The bold line: a name, or `4 more below`.
    var title: String
    /// The `#2` drawn after a name in `title` that is a class's, as a box of its own draws it (`nameSuffix`): a capture's
    /// folded tabs read `NavigationViewController#2` in bold beside a drawn `NavigationViewController #5` (a trial).
    var titleSuffix: String? = nil
    /// The line under it: `1 controller`, `Home…Settings`.
    var detail: String
    /// Every folded controller's id, for the tooltip: the name `run --json`, `diff` and `--focus` use (a trial found a
    /// folded `UINavigationController#2` only as `UINavigationController`).
    var names: [String]
    /// Every node the box stands for, so a transition can mark the box when one of them changed.
    var members: [NodeID] = []
    /// The members its label counts (`3 in stack`, `4 controllers folded`): a folded container's are what it holds,
    /// not itself, so that a share of them changed (`~ 1 of 3 changed`) adds up with the label.
    var counted: [NodeID] = []
}

/// A window and what it holds, as drawn.
struct DiagramScene: Equatable, Sendable {
    var device: Device
    /// The window's roots: normally one; after `setRoot` the old root precedes the new one as a ghost.
    var roots: [DiagramItem]
}

/// Builds a `DiagramScene` from a hierarchy, its finder result and, for the `after` side of a
/// transition, the hierarchy before (for added/removed/changed marks and ghosts).
struct SceneBuilder {
    let hierarchy: Hierarchy
    let finder: ViewFinderResult
    let previous: Hierarchy?

    private let inWindow: Set<NodeID>
    private let onScreen: Set<NodeID>
    private let path: Set<NodeID>
    private let attached: Set<NodeID>
    private let previouslyAttached: Set<NodeID>
    /// What the step from `previous` did to each node (`DiagramScene.marks`).
    private let marks: [NodeID: DiffMark]
    /// What changed in each changed node, in words (`DiagramScene.changeWords`).
    private let changeWords: [NodeID: String]

    /// Controllers drawn unmarked, and not as ghosts when gone (what a diff said at an earlier step).
    private let unmarked: Set<NodeID>

    init(
        hierarchy: Hierarchy, finder: ViewFinderResult, previous: Hierarchy? = nil, called: Set<NodeID>? = nil,
        unmarked: Set<NodeID> = [], quiet: [NodeID: Set<ChangeAspect>] = [:]
    ) {
        self.hierarchy = hierarchy
        self.unmarked = unmarked
        self.finder = finder
        self.previous = previous
        inWindow = Set(hierarchy.nodesInWindow())
        onScreen = Set(finder.onScreen)
        path = Set(finder.path)
        attached = Set(hierarchy.attachedNodes())
        previouslyAttached = Set(previous?.attachedNodes() ?? [])
        let marked = previous.map {
            DiagramScene.marksAndWords(before: $0, after: hierarchy, called: called, unmarked: unmarked, quiet: quiet)
        }
        (marks, changeWords) = (marked?.marks ?? [:], marked?.words ?? [:])
    }

    func scene() -> DiagramScene {
        var roots: [DiagramItem] = []
        if let previous, let old = previous.root, !attached.contains(old), !unmarked.contains(old) {
            roots.append(ghost(old, in: previous, slot: nil))
        }
        if let root = hierarchy.root {
            roots.append(item(root, slot: nil))
        }
        return DiagramScene(device: hierarchy.device, roots: roots)
    }

    /// The item of node `id` and its subtree.
    ///
    /// Little but the recursion is here: every level of a deep hierarchy stacks this frame, and a debug build's frame
    /// holds every temporary of the function (13 KB with the rest here, 8 KB now: a DiagramItem is a large value; see
    /// DeepInputTests).
    private func item(_ id: NodeID, slot: String?) -> DiagramItem {
        var (item, entries) = start(id, slot: slot)
        // Each child's place by its index, counted here: looked up for each child, it made a tab bar of 20,000 tabs take
        // seconds to draw (a security review's large snapshot).
        var index = 0
        item.children = entries.map { entry in
            if entry.isGhost, let previous {
                // Its old place: a removed tab's ghost reads `was tab 1` beside the new tab 1.
                return ghost(entry.id, in: previous, slot: Self.slot(of: entry.id, in: previous).map { "was " + $0 })
            }
            defer { index += 1 }
            return self.item(entry.id, slot: Self.slot(of: entry.id, in: hierarchy, at: index))
        }
        if let ghost = presentedGhost(of: id) { item.presentations.append(ghost) }
        if let presented = item.node.presented {
            item.presentations.append(self.item(presented, slot: nil))
        }
        return item
    }

    /// The item of node `id` without its children and presentations, and its children to draw, in order (those gone
    /// since the previous hierarchy among them, as ghosts).
    @inline(never)
    private func start(_ id: NodeID, slot: String?) -> (item: DiagramItem, entries: [(id: NodeID, isGhost: Bool)]) {
        let node = hierarchy[id]
        var item = DiagramItem(
            node: node, slot: slot, presence: presence(of: id), isOnPath: path.contains(id), mark: mark(of: id))
        if item.mark == .changed { item.changeWord = changeWords[id] }
        let ghosts = ghostChildren(of: id)
        var entries: [(id: NodeID, isGhost: Bool)] = node.children.map { ($0, false) }
        if let previous, !ghosts.isEmpty {
            let oldOrder = previous[id].children
            for ghost in ghosts {
                let index = oldOrder.firstIndex(of: ghost)!
                let anchor = oldOrder[..<index].last { sibling in
                    entries.contains { $0.id == sibling } || (unmarked.contains(sibling) && !attached.contains(sibling))
                }
                var at = anchor.flatMap { sibling in entries.firstIndex { $0.id == sibling } }.map { $0 + 1 } ?? 0
                // After one not drawn (a diff said at an earlier step what replaced it): at its old place.
                if let anchor, !entries.contains(where: { $0.id == anchor }) { at = min(index, entries.count) }
                entries.insert((ghost, true), at: at)
            }
        }
        return (item, entries)
    }

    /// The ghost of what node `id` presented in the previous hierarchy and presents no more.
    @inline(never)
    private func presentedGhost(of id: NodeID) -> DiagramItem? {
        if let previous, previouslyAttached.contains(id), previous.contains(id),
            let old = previous[id].presented, !attached.contains(old), !unmarked.contains(old)
        {
            return ghost(old, in: previous, slot: nil)
        }
        return nil
    }

    /// A node of the previous hierarchy that is gone now, with the parts of its subtree also gone.
    private func ghost(_ id: NodeID, in old: Hierarchy, slot: String?) -> DiagramItem {
        let node = old[id]
        var item = DiagramItem(node: node, slot: slot, presence: .offScreen, isOnPath: false, mark: .removed)
        item.children = node.children.enumerated().filter { !attached.contains($0.element) }.map {
            ghost($0.element, in: old, slot: Self.slot(of: $0.element, in: old, at: $0.offset))
        }
        if let presented = node.presented, !attached.contains(presented) {
            item.presentations = [ghost(presented, in: old, slot: nil)]
        }
        return item
    }

    /// The children the previous hierarchy had under this node that are no longer attached.
    private func ghostChildren(of id: NodeID) -> [NodeID] {
        guard let previous, previouslyAttached.contains(id), previous.contains(id) else { return [] }
        return previous[id].children.filter { !attached.contains($0) && !unmarked.contains($0) }
    }

    private func presence(of id: NodeID) -> Presence {
        if id == finder.visible { return .visible }
        if onScreen.contains(id) { return .onScreen }
        if inWindow.contains(id) { return hierarchy[id].kind == .view ? .onScreen : .inWindow }
        return .offScreen
    }

    private func mark(of id: NodeID) -> DiffMark? { marks[id] }

    /// A child's place in its container, in words; `known`, when given, is its index among its parent's children.
    static func slot(of id: NodeID, in h: Hierarchy, at known: Int? = nil) -> String? {
        guard let parentID = h.parent(of: id) else { return nil }
        let parent = h[parentID]
        guard let index = known ?? parent.children.firstIndex(of: id) else { return nil }
        let count = parent.children.count
        let isLast = index == count - 1
        switch parent.kind {
        case .navigation:
            if count == 1 { return "root · top" }
            return index == 0 ? "root" : isLast ? "top" : nil
        case .tab:
            return "tab \(index)" + (parent.selected == index ? " · selected" : "")
        case .split:
            return h[id].role?.rawValue ?? (parent.collapsedOnto == nil ? "hidden" : nil)
        case .activity:
            let node = h[id]
            let key = node.key.map { "key: \($0)" } ?? "no key"
            if node.key != nil, node.key == parent.active { return key + " · active" }
            return key + (node.isLoaded ? " · inactive" : " · released")
        case .stack:
            return isLast ? "top · active" : nil
        case .notifications:
            return "\(index + 1) of \(count)" + (parent.selected == index ? " · current" : "")
        case .controller:
            if let embedded = parent.embedded { return "child \(index)" + (embedded.contains(index) ? " · on screen" : "") }
            return "child \(index)" + (parent.selected == index ? " · shown" : "")
        case .view:
            return nil
        }
    }
}

/// What makes a node "changed" between two hierarchies: everything its label and its container
/// state show, and where it sits. What it presents is not part of it (the arrow shows that).
private struct Signature: Equatable {
    var kind: NodeKind
    var texts: [String?]
    var children: [NodeID]
    var selected: Int?
    var isCollapsed: Bool?
    var splitDisplay: SplitDisplay?
    var collapsedOnto: NodeID?
    var active: String?
    var role: SplitRole?
    var key: String?
    var style: PresentationStyle?
    var isLoaded: Bool
    var isReleased: Bool
    var embedded: [Int]?
    var transitionalState: TransitionalState?
    var parent: NodeID?
    var presenter: NodeID?
    var generators: [String]

    /// Whether a node differs between two states: with `selectionUnknown` (`Node.selectionUnknownOnOneSide`: a capture under
    /// a full-screen cover shows no tab), its selection is no difference (a trial's tab bar read `tab 3 → unknown`).
    static func differ(_ before: Signature, _ after: Signature, selectionUnknown: Bool) -> Bool {
        var (a, b) = (before, after)
        if selectionUnknown { (a.selected, b.selected) = (nil, nil) }
        return a != b
    }

    /// `asSnapshot`: only what a canonical snapshot carries (not `collapsedOnto`, not the registered generators), for
    /// two states of which one may have been read from a run JSON.
    init(_ id: NodeID, in h: Hierarchy, asSnapshot: Bool = false) {
        let node = h[id]
        kind = node.kind
        texts = [node.screen, node.title, node.className]
        children = node.children
        selected = node.selected
        isCollapsed = node.isCollapsed
        splitDisplay = node.splitDisplay
        collapsedOnto = asSnapshot ? nil : node.collapsedOnto
        active = node.active
        role = node.role
        key = node.key
        style = node.style
        isLoaded = node.isLoaded
        isReleased = node.isReleased
        embedded = node.embedded
        transitionalState = node.transitionalState
        parent = h.parent(of: id)
        presenter = node.presenter
        generators = asSnapshot ? [] : node.activity?.generators.keys.sorted() ?? []
    }

    /// The signature as a diagram that leaves `quieting`'s controllers unmarked sees it: without them among the
    /// children (the selection by its child among the rest), and a container or presenter among them as no change of place.
    init(_ id: NodeID, in h: Hierarchy, asSnapshot: Bool = false, quieting: Set<NodeID>) {
        self.init(id, in: h, asSnapshot: asSnapshot)
        children = children.filter { !quieting.contains($0) }
        selected = h[id].selectedChild.flatMap { children.firstIndex(of: $0) } ?? selected
        if let parent, quieting.contains(parent) { self.parent = nil }
        if let presenter, quieting.contains(presenter) { self.presenter = nil }
    }
}

// MARK: - Focus

extension DiagramScene {
    /// The nodes folded into summary boxes for which `include` holds, of the boxes where it does not hold for every node
    /// (a box whose nodes were all added says so itself: `+ added`).
    func foldedMembers(where include: (NodeID) -> Bool) -> Set<NodeID> {
        var out: Set<NodeID> = []
        func walk(_ item: DiagramItem) {
            if let folded = item.folded {
                let hits = folded.members.filter(include)
                if hits.count < folded.members.count { out.formUnion(hits) }
            }
            (item.children + item.presentations).forEach(walk)
        }
        roots.forEach(walk)
        return out
    }

    /// The ids of every node marked added, removed or changed.
    var changedIDs: Set<NodeID> {
        func walk(_ item: DiagramItem) -> [NodeID] {
            (item.mark == nil ? [] : [item.node.id]) + (item.children + item.presentations).flatMap(walk)
        }
        return Set(roots.flatMap(walk))
    }

    /// The scene with what the reader does not need folded into summary boxes: kept in full are the
    /// path to the visible controller, everything in the window or on screen, every node marked added,
    /// removed or changed, the ids in `keeping` (a transition's changes, on its before side), the
    /// subtree of `focus`, and the containers that hold any of those. A container's other children are
    /// folded: a container child into one box that counts what it holds, runs of two or more plain
    /// controllers (the buried part of a stack) into one box that names the first and the last.
    func focused(keeping: Set<NodeID> = [], focus: NodeID? = nil) -> DiagramScene {
        var scene = self
        scene.roots = roots.map { $0.focused(keeping: keeping, focus: focus, insideFocus: false) }
        return scene
    }
}

extension DiagramItem {
    /// Whether this node itself must be drawn in full.
    func isNeeded(keeping: Set<NodeID>, focus: NodeID?, insideFocus: Bool) -> Bool {
        // A presentation only begun is drawn, off screen as it is (a review: the focused diagram left it out).
        insideFocus || isOnPath || presence != .offScreen || mark != nil || keeping.contains(node.id) || node.id == focus
            || node.transitionalState == .pending
    }

    /// Whether this node or anything below it (children, presentations) must be drawn in full.
    func needs(keeping: Set<NodeID>, focus: NodeID?, insideFocus: Bool) -> Bool {
        if isNeeded(keeping: keeping, focus: focus, insideFocus: insideFocus) { return true }
        return (children + presentations).contains { $0.needs(keeping: keeping, focus: focus, insideFocus: false) }
    }

    func focused(keeping: Set<NodeID>, focus: NodeID?, insideFocus: Bool) -> DiagramItem {
        let inside = insideFocus || node.id == focus
        var item = self
        item.presentations = presentations.filter { $0.needs(keeping: keeping, focus: focus, insideFocus: inside) }
            .map { $0.focused(keeping: keeping, focus: focus, insideFocus: inside) }
        var kept: [DiagramItem] = []
        var run: [DiagramItem] = []
        func flush() {
            if run.count >= 2 {
                // A stack's run is below what is drawn, unless it reaches the top: then it is the stack, or the rest of it (a
                // trial read `2 more below` in a box holding the top too).
                let title =
                    node.kind != .navigation && node.kind != .stack
                    ? "\(run.count) more"
                    : run.count == children.count
                        ? "\(run.count) in stack"
                        : run.last?.node.id == children.last?.node.id ? "\(run.count) more" : "\(run.count) more below"
                kept.append(Self.summary(ofRun: run, title: title))
            } else {
                kept += run
            }
            run = []
        }
        for child in children {
            if child.needs(keeping: keeping, focus: focus, insideFocus: inside) {
                flush()
                kept.append(child.focused(keeping: keeping, focus: focus, insideFocus: inside))
            } else if child.isContainer || !child.presentations.isEmpty {
                flush()
                kept.append(Self.summary(of: child))
            } else {
                run.append(child)
            }
        }
        flush()
        item.children = kept
        return item
    }

    /// Every node at or below an item (children and presentations), or that its summary box stands for.
    var ids: [NodeID] {
        folded?.members ?? [node.id] + (children + presentations).flatMap(\.ids)
    }

    /// Every controller at or below an item (children and presentations).
    var nodes: [Node] {
        [node] + (children + presentations).flatMap(\.nodes)
    }

    /// How many controllers at or below an item are presented (each presented one and all below it): presentation is
    /// not containment.
    var presentedCount: Int {
        children.reduce(0) { $0 + $1.presentedCount } + presentations.reduce(0) { $0 + $1.nodes.count }
    }

    /// Every controller at or below an item (children and presentations), by display name.
    var names: [String] { nodes.map(\.displayName) }

    /// One folded container (a tab, a column, a presented tree that is not showing).
    static func summary(of item: DiagramItem) -> DiagramItem {
        let below = (item.children + item.presentations).flatMap(\.names)
        // A container is named by the first controller its stacks show: a navigation controller by its root (a tab's
        // name), a split by its first column, a tab bar by its selected tab. A controller that embeds children, an
        // activity container, a sequence, and a tab bar whose selection a capture does not tell are named by
        // themselves, with their kind: a child they embed is not what was pushed (a new user read a folded stack as
        // the children its controllers embed).
        var first = item
        descend: while first.isContainer {
            switch first.node.kind {
            case .navigation, .split:
                guard var child = first.children.first else { break descend }
                // SwiftUI's NavigationStack hosts its root as `NavigationStackHostingController<AnyView>`, which names
                // nothing: the first screen pushed on it says what the tab is (a readability trial read six SwiftUI tabs
                // alike).
                if first.node.kind == .navigation, child.node.screen == "NavigationStackHostingController", first.children.count > 1 {
                    child = first.children[1]
                }
                first = child
            case .controller
            where first.children.count == 1 && first.children[0].node.kind == .navigation
                && (first.node.className ?? "").contains("HostingController"):
                // SwiftUI's wrapper of a tab's stack (`UIHostingController<TabItem.RootView>`): named by the stack.
                first = first.children[0]
            case .tab:
                guard let selected = first.node.selectedChild, let child = first.children.first(where: { $0.node.id == selected })
                else { break descend }
                first = child
            default:
                break descend
            }
        }
        // A controller named by its class with the `#N` of its id, as its own box draws it: a big capture's folded tabs all
        // read `ProductViewController`, tab 0's root and the top `ProductViewController#1998` alike (a trial).
        func named(_ node: Node) -> String { node.displayName + (DiagramItem.nameSuffix(of: node) ?? "") }
        let title = first.node.displayName
        let count = below.count
        let kinds: [NodeKind: String] = [
            .tab: "tab bar", .activity: "activity container", .notifications: "sequence", .controller: "custom container",
        ]
        // A navigation controller outside a tab bar says what it is: folded, it would read as a pushed controller.
        var kind =
            first.isContainer ? (first.node.kind == .controller ? DiagramItem.containerWord(first.node) : kinds[first.node.kind]) : nil
        if kind == nil, item.node.kind == .navigation, item.slot?.hasPrefix("tab") != true { kind = "navigation" }
        // A tab bar named by its selected tab says it is one: `Settings · 33 controllers folded` read as a Settings screen
        // (a readability trial of a shell around a tab bar).
        if kind == nil, item.node.kind == .tab { kind = "tab bar" }
        // A navigation controller's stack, when that is all it folds, is counted as a stack: a tab's "UIViewController ·
        // 1 controller folded" read as one more controller under it (a trial), where the one was the tab's root.
        let stackOnly = item.node.kind == .navigation && count == item.children.count
        var detail =
            "\(kind.map { "\($0) · " } ?? "")" + (stackOnly ? "\(count) in stack" : "\(count) controller\(count == 1 ? "" : "s") folded")
        // A custom container that embeds one controller, and nothing else, names it: a capture's tabs of a navigation
        // controller its class name does not tell (`NavigationViewController`) all read "custom container · 1 controller
        // folded" (a trial).
        if first.node.id == item.node.id, item.node.kind == .controller, count == 1, item.children.count == 1, let kind {
            detail = "\(kind) · holds \(DiagramStyle.capped(named(item.children[0].node)))"
        }
        // A stack whose controllers embed others is still a stack, and a split is a split: what its first controller is
        // (`custom container`) read as the folded container's kind, and its stack of 6 as "9 controllers folded" (a
        // readability trial).
        // What its controllers present is counted apart: presentation is not containment (a trial read a tab's sheet as
        // "1 more inside it").
        if item.node.kind == .navigation, !stackOnly {
            let stack = item.children.count
            let presented = item.presentedCount
            let inside = count - stack - presented
            detail =
                "\(item.slot?.hasPrefix("tab") == true ? "" : "navigation · ")\(stack) in stack"
                + (inside > 0 ? " · \(inside) more inside \(stack == 1 ? "it" : "them")" : "")
                + (presented > 0 ? " · \(presented) presented" : "")
        }
        var slot = item.slot
        if item.node.kind == .split {
            // Beside its slot (`tab 2 · split`), which is shorter than the count: a wider box tipped transitions from side by
            // side to stacked.
            if let tab = slot { slot = "\(tab) · split" } else { detail = "split · " + detail }
        }
        // A navigation controller shows its top when its tab is selected: named by its root (the tab's name),
        // with the top said when another controller was pushed.
        if item.node.kind == .navigation, let top = item.children.last, top.node.id != first.node.id {
            detail += " · top \(DiagramStyle.capped(named(top.node)))"
        }
        // Controllers caught mid-transition (a capture's tab switch in flight) are counted: folded, the box said nothing of
        // what the capture is about (a readability trial).
        for state in [TransitionalState.appearing, .disappearing] {
            let n = item.nodes.dropFirst().filter { $0.transitionalState == state }.count
            if n > 0 { detail += " · \(n) \(state.rawValue)" }
        }
        var folded = item
        folded.slot = slot
        folded.children = []
        folded.presentations = []
        folded.presence = .offScreen
        folded.isOnPath = false
        // Dashed ("view not loaded") only when nothing it folds has a view loaded (a trial: the container's own state
        // decided, read as a rule-less dash).
        folded.node.isLoaded = item.nodes.contains(where: \.isLoaded)
        folded.folded = FoldSummary(
            title: title, titleSuffix: DiagramItem.nameSuffix(of: first.node), detail: detail, names: item.nodes.map(\.id.rawValue),
            members: item.ids, counted: Array(item.ids.dropFirst()))
        return folded
    }

    /// The first and last names of a folded run, `Home…Settings`; by their ids where the names are alike, the
    /// number alone after the first, spaced (`RootView#2 … #5`: a trial's `TabItem.RootView…TabItem.RootView` said
    /// nothing, and `ViewController…#3` read as a class name cut short, a readability trial).
    static func range(from first: Node, to last: Node) -> String {
        let (from, to) = (first.displayName, last.displayName)
        guard from == to, first.id != last.id else { return "\(DiagramStyle.capped(from))…\(DiagramStyle.capped(to))" }
        let (a, b) = (first.id.rawValue, last.id.rawValue)
        if let hash = b.lastIndex(of: "#"), a == b[..<hash] || a.hasPrefix(b[...hash]) {
            return "\(DiagramStyle.capped(a)) … \(b[hash...])"
        }
        return "\(DiagramStyle.capped(a))…\(DiagramStyle.capped(b))"
    }

    /// A run of plain controllers (the buried part of a stack): `4 more below · Home…Settings`, under `title`.
    static func summary(ofRun run: [DiagramItem], title: String) -> DiagramItem {
        var folded = run[0]
        folded.slot = nil
        folded.presence = .offScreen
        folded.isOnPath = false
        folded.node.isLoaded = run.flatMap(\.nodes).contains(where: \.isLoaded)
        // Each name capped as a box's name is (a trial's 264-character names made one summary 1,400 pt wide).
        var detail = Self.range(from: run[0].node, to: run[run.count - 1].node)
        // An activity container's children are told apart by their keys, which an activation names.
        let keys = run.compactMap(\.node.key)
        if keys.count == run.count {
            let shown = keys.count > 4 ? keys.prefix(3) + ["…", keys[keys.count - 1]] : keys[...]
            detail = "keys: " + shown.joined(separator: ", ").replacingOccurrences(of: ", …,", with: " …")
        }
        folded.folded = FoldSummary(
            title: title, detail: detail, names: run.map(\.node.id.rawValue),
            members: run.flatMap(\.ids), counted: run.flatMap(\.ids))
        return folded
    }
}

// MARK: - Marks

extension DiagramScene {
    /// What a step did to each node: added (attached after, not before), removed (attached before, not
    /// after) and changed (`Signature`, or on screen in one state only).
    /// (The marks `SceneBuilder` gives the after side, with its ghosts as the removed.)
    /// `asSnapshots`: compare only what canonical snapshots carry (two runs' states, one perhaps read from a golden's
    /// run JSON: a collapsed split's `collapsedOnto`, which run JSON does not keep, marked an unchanged tab changed in
    /// check's `.diff.svg`, a trial).
    /// `unmarked`: controllers whose coming, going or replacement a diff said at an earlier step: they get no mark, and
    /// neither does a controller changed by them alone (a tab bar that lost a tab, a stack whose navigation controller
    /// was renamed; a review: the tab bar's own going off screen is still marked).
    static func marks(
        before: Hierarchy, after: Hierarchy, asSnapshots: Bool = false, unmarked: Set<NodeID> = []
    ) -> [NodeID: DiffMark] {
        let attached = after.attachedNodes()
        let previouslyAttached = before.attachedNodes()
        let now = Set(attached)
        let was = Set(previouslyAttached)
        // A controller that came on screen or left it changed too: the marks agree with the appearance callbacks
        // (a full-screen presentation marked only what it added, though what it covered got disappear callbacks).
        // Containers too: a tab's navigation controller gets its callbacks when the tab is selected or left (a trial
        // counted it in a folded box's "1 of 4 changed" and never marked it).
        let (shownBefore, shownAfter) = (Set(before.onScreenControllers()), Set(after.onScreenControllers()))
        var marks: [NodeID: DiffMark] = [:]
        for id in attached {
            if !was.contains(id) || !before.contains(id) {
                marks[id] = .added
            } else if shownBefore.contains(id) != shownAfter.contains(id) {
                marks[id] = .changed
            } else if case let unknown = Node.selectionUnknownOnOneSide(before[id], after[id]),
                Signature.differ(
                    Signature(id, in: before, asSnapshot: asSnapshots), Signature(id, in: after, asSnapshot: asSnapshots),
                    selectionUnknown: unknown)
            {
                if unmarked.isEmpty
                    || Signature.differ(
                        Signature(id, in: before, asSnapshot: asSnapshots, quieting: unmarked),
                        Signature(id, in: after, asSnapshot: asSnapshots, quieting: unmarked), selectionUnknown: unknown)
                {
                    marks[id] = .changed
                }
            }
        }
        for id in previouslyAttached where !now.contains(id) { marks[id] = .removed }
        return unmarked.isEmpty ? marks : marks.filter { !unmarked.contains($0.key) }
    }

    /// What changed in each node `marks` calls changed, in the words of its tag: `tab 0 → 2`, `stack 2 → 3`,
    /// `on screen`, `collapsed`… At most two, in this order: its place and contents (`moved`, the selection, the
    /// children), then whether it is on screen, then its label, then its view's state; `changed` when none names it. A
    /// review trial: every tag said `~ changed`, and the reader had to compare the panels to learn what.
    /// `called`: the controllers the step sent appearance callbacks; one that came on screen or left it without any
    /// was uncovered or covered (a full-screen sheet over a page sheet: `off screen` with no event behind it read as a
    /// missing callback, a readability trial).
    /// `unmarked`: children whose coming or going is not this diagram's to tell (a diff said it at an earlier step): a
    /// container whose children differ by those alone has no word for its children (`tabs 4 → 3` again at every step).
    static func changeWords(
        before: Hierarchy, after: Hierarchy, marks: [NodeID: DiffMark], called: Set<NodeID>? = nil, unmarked: Set<NodeID> = [],
        quiet: [NodeID: Set<ChangeAspect>] = [:]
    ) -> [NodeID: String] {
        let (shownBefore, shownAfter) = (Set(before.onScreenControllers()), Set(after.onScreenControllers()))
        var words: [NodeID: String] = [:]
        for (id, mark) in marks where mark == .changed && before.contains(id) && after.contains(id) {
            let (old, new) = (before[id], after[id])
            var found: [String] = []
            var aspects: [ChangeAspect] = []
            /// A word of the tag and what it tells, `aspects` parallel to `found`.
            func say(_ word: String, _ aspect: ChangeAspect) {
                found.append(word)
                aspects.append(aspect)
            }
            // (Not from one replaced container, or presenter, to its replacement: said at an earlier step.)
            let bothTold = { (a: NodeID?, b: NodeID?) in a.map(unmarked.contains) == true && b.map(unmarked.contains) == true }
            let moved =
                (before.parent(of: id) != after.parent(of: id) && !bothTold(before.parent(of: id), after.parent(of: id)))
                || (old.presenter != new.presenter && !bothTold(old.presenter, new.presenter))
            if moved { say("moved", .place) }
            // The selection by the child selected: the same tab at another index (setTabs) is no switch (a trial).
            // A plain container that went from one child to several shown (or back) says so by `children shown` alone: its
            // selection is not unknown (a trial read `selected 1 → unknown, children shown` for a drawer opened).
            let embeddedInstead =
                new.kind == .controller && (old.selected == nil && old.embedded != nil || new.selected == nil && new.embedded != nil)
            // A tab bar's or a sequence's selection not known on one side (a capture under a full-screen cover) is no change.
            if old.selected != new.selected, old.selectedChild == nil || old.selectedChild != new.selectedChild, !embeddedInstead,
                !Node.selectionUnknownOnOneSide(old, new)
            {
                // A sequence's labels count from 1 (`2 of 3`): so does its tag.
                let base = new.kind == .notifications ? 1 : 0
                let (from, to) = (old.selected.map { String($0 + base) } ?? "unknown", new.selected.map { String($0 + base) } ?? "unknown")
                switch new.kind {
                case .tab: say("tab \(from) → \(to)", .selection)
                case .notifications: say("current \(from) → \(to)", .selection)
                default: say("selected \(from) → \(to)", .selection)
                }
            }
            if old.active != new.active {
                say("active " + (new.active.map { $0.count <= 12 ? $0 : $0.prefix(11) + "…" } ?? "none"), .active)
            }
            // An activity keeps the active one last, and a collapsed split one column: said by `active` and `collapsed`.
            let (from, to) = (old.children.count, new.children.count)
            let told = { (children: [NodeID]) in unmarked.isEmpty ? children : children.filter { !unmarked.contains($0) } }
            if old.children != new.children, told(old.children) != told(new.children),
                !(new.kind == .activity && from == to && old.active != new.active),
                !(new.kind == .split && old.isCollapsed != new.isCollapsed)
            {
                let noun: String
                switch new.kind {
                case .navigation: noun = "stack"
                case .stack: noun = "views"
                case .activity: noun = "activities"
                case .tab: noun = "tabs"
                default: noun = "children"
                }
                let kept = Set(old.children).intersection(new.children)
                if kept.isEmpty, from > 0, to > 0 {
                    // Nothing kept: replaced, whatever the count (`stack 3 → 1` read as two pops, a trial).
                    say(from == to ? "\(noun) replaced" : "\(noun) replaced, \(from) → \(to)", .children)
                } else if from != to {
                    say("\(noun) \(from) → \(to)", .children)
                } else if old.children.dropLast() == new.children.dropLast() {
                    say(new.kind == .navigation || new.kind == .stack ? "top replaced" : "last replaced", .children)
                } else {
                    say(
                        Set(old.children) == Set(new.children) ? "\(noun) reordered" : "\(noun) changed",
                        Set(old.children) == Set(new.children) ? .order : .children)
                }
            }
            if old.isCollapsed != new.isCollapsed { say(new.isCollapsed == true ? "collapsed" : "expanded", .collapsed) }
            if old.splitDisplay != new.splitDisplay { say("columns shown", .columns) }
            if old.role != new.role, !moved { say("column role", .role) }
            if old.key != new.key { say("key", .key) }
            if old.embedded != new.embedded { say("children shown", .embedded) }
            if shownBefore.contains(id) != shownAfter.contains(id) {
                let shown = shownAfter.contains(id)
                if let called, !called.contains(id) {
                    say(shown ? "uncovered" : "covered", .onScreen)
                } else {
                    say(shown ? "on screen" : "off screen", .onScreen)
                }
            }
            if old.title != new.title { say("title", .title) }
            if old.screen != new.screen || old.className != new.className { say("renamed", .renamed) }
            // Of a controller presented before and after: one that came to be presented has its style on its arrow (a
            // trial read `style none → formSheet`).
            if old.style != new.style, old.presenter != nil, new.presenter != nil {
                say("style " + [old.style, new.style].map { $0?.rawValue ?? "none" }.joined(separator: " → "), .style)
            }
            if old.isLoaded != new.isLoaded { say(new.isLoaded ? "view loaded" : new.isReleased ? "released" : "view not loaded", .view) }
            if old.transitionalState != new.transitionalState {
                switch (old.transitionalState, new.transitionalState) {
                case (_, .pending?): say("not shown yet", .state)
                case (_, let state?): say(state.rawValue, .state)
                case (.appearing?, nil): say("appeared", .state)
                case (.disappearing?, nil): say("disappeared", .state)
                default: say("settled", .state)
                }
            }
            // What an earlier step said of it is left out (the step names it for something else, which may have no word
            // of its own: `changed` then, a review).
            if let said = quiet[id] { found = zip(found, aspects).filter { !said.contains($0.1) }.map(\.0) }
            words[id] = found.isEmpty ? "changed" : found.prefix(2).joined(separator: ", ")
        }
        return words
    }

    /// `marks` and `changeWords` together, with what a diff said at an earlier step left out: `unmarked` controllers, and
    /// `quiet` aspects of controllers the step names for something else (a tab bar whose reorder was said read
    /// `~ tab 1 → 2, tabs reordered` again, a trial).
    static func marksAndWords(
        before: Hierarchy, after: Hierarchy, asSnapshots: Bool = false, called: Set<NodeID>? = nil, unmarked: Set<NodeID> = [],
        quiet: [NodeID: Set<ChangeAspect>] = [:]
    ) -> (marks: [NodeID: DiffMark], words: [NodeID: String]) {
        let marks = Self.marks(before: before, after: after, asSnapshots: asSnapshots, unmarked: unmarked)
        return (marks, changeWords(before: before, after: after, marks: marks, called: called, unmarked: unmarked, quiet: quiet))
    }

    /// The scene with the `marks` of `kinds` set on its items, drawn as it is otherwise. A summary box takes
    /// its nodes' mark when they all have the same, else `changed` when any has one. Inside an added or
    /// removed item, its parts are not marked again (what it presents is not inside it: it is marked).
    func marking(_ marks: [NodeID: DiffMark], _ kinds: Set<DiffMark>, words: [NodeID: String] = [:]) -> DiagramScene {
        var scene = self
        scene.roots = roots.map { $0.marking(marks, kinds, words: words, inside: nil) }
        return scene.sayingPathWordsOnce()
    }

    /// The scene with coming on screen or leaving it said once for a whole path, by the outermost box that did (a
    /// readability trial counted four `~ off screen` down one path); boxes below it are ringed without a tag.
    func sayingPathWordsOnce() -> DiagramScene {
        var scene = self
        scene.roots = roots.map { $0.sayingPathWordsOnce(saidAbove: nil) }
        return scene
    }
}

extension DiagramItem {
    fileprivate func marking(
        _ marks: [NodeID: DiffMark], _ kinds: Set<DiffMark>, words: [NodeID: String], inside: DiffMark?
    ) -> DiagramItem {
        var item = self
        var mark: DiffMark?
        if let folded {
            func marked(_ id: NodeID) -> DiffMark? { marks[id].flatMap { kinds.contains($0) ? $0 : nil } }
            let found = folded.members.map(marked)
            let kinds = Set(found.compactMap { $0 })
            if kinds.count == 1, let only = kinds.first {
                mark = only
                let count = folded.counted.filter { marked($0) != nil }.count
                // A folded container that is not itself marked so says how many of what it holds were: `− 6 of 6
                // removed` keeps a tab bar that setTabs emptied from reading as removed (a review).
                let itself = folded.counted.count < folded.members.count && marked(folded.members[0]) != only
                if count > 0, count < folded.counted.count || itself { item.markShare = (count, folded.counted.count) }
                if only == .changed {
                    let container = folded.members[0]
                    if folded.counted.count < folded.members.count, marked(container) == .changed, let word = words[container] {
                        // The container folded (a tab) changed itself: its change, uncounted (a tab left read `~ 1 of 3
                        // changed`, a readability trial).
                        item.changeWord = word
                        item.markShare = nil
                    } else {
                        // One change for all it folds reads as that change, counted when not all had it (`~ 1 of 4 released`).
                        let changes = Set(folded.members.filter { marked($0) == .changed }.map { words[$0] })
                        if changes.count == 1, let word = changes.first { item.changeWord = word }
                    }
                    if item.markShare?.of == 1 { item.markShare = nil }  // `1 of 1` says nothing
                }
            } else if !kinds.isEmpty {
                mark = .changed
            }
        } else {
            mark = marks[node.id].flatMap { kinds.contains($0) ? $0 : nil }
            if mark == .changed { item.changeWord = words[node.id] }
        }
        // Inside what it added, a change is not said again (`~ moved` in a new root: a readability trial).
        item.mark = (mark != .changed && mark == inside) || (mark == .changed && inside == .added) ? nil : mark
        let within = mark == .changed ? inside : mark ?? inside
        item.children = children.map { $0.marking(marks, kinds, words: words, inside: within) }
        // A presentation is not containment: it is drawn beside its presenter's box, whose mark does not reach it.
        item.presentations = presentations.map { $0.marking(marks, kinds, words: words, inside: nil) }
        return item
    }

    /// `DiagramScene.sayingPathWordsOnce()` below a box that said `saidAbove`.
    fileprivate func sayingPathWordsOnce(saidAbove: String?) -> DiagramItem {
        var item = self
        if item.mark == .changed, let word = item.changeWord, word == saidAbove { item.isTagless = true }
        let said =
            item.mark == .changed && ["on screen", "off screen", "covered", "uncovered"].contains(item.changeWord ?? "")
            ? item.changeWord : nil
        item.children = children.map { $0.sayingPathWordsOnce(saidAbove: said) }
        // A presentation is not containment: its box's words are its own.
        item.presentations = presentations.map { $0.sayingPathWordsOnce(saidAbove: nil) }
        return item
    }
}

/// What a change tag tells of a controller, one aspect per word (`DiagramScene.changeWords`): a diff names the aspects an
/// earlier step said, which a later step's tag leaves out.
public enum ChangeAspect: String, Sendable, Hashable, CaseIterable {
    /// `moved`: another container or presenter.
    case place
    /// `tab 0 → 2`, `current 1 → 2`, `selected 0 → 1`.
    case selection
    /// `active key`.
    case active
    /// `stack 2 → 3`, `top replaced`, `tabs changed`…: which children.
    case children
    /// `tabs reordered`: the same children in another order.
    case order
    /// `collapsed`, `expanded`.
    case collapsed
    /// `columns shown`.
    case columns
    /// `column role`.
    case role
    /// `key`.
    case key
    /// `children shown`.
    case embedded
    /// `on screen`, `off screen`, `covered`, `uncovered`.
    case onScreen
    /// `title`.
    case title
    /// `renamed`: its screen or class.
    case renamed
    /// `style pageSheet → fullScreen`.
    case style
    /// `view loaded`, `view not loaded`, `released`.
    case view
    /// `appearing`, `appeared`…: a captured transitional state.
    case state
}
