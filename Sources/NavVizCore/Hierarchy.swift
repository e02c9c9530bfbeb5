/// Metadata for a screen, from the scenario's `screens` table.
public struct ScreenInfo: Sendable, Equatable {
    /// Class name of controllers built for the screen.
    public var className: String?
    /// Title of controllers built for the screen.
    public var title: String?
    /// Metadata.
    public init(className: String? = nil, title: String? = nil) {
        self.className = className
        self.title = title
    }
}

/// A window with one root node: every node ever created (attached or retained), and the id counters.
/// A value: copy it, compare it, change it only through operations.
public struct Hierarchy: Sendable, Equatable {
    /// The window's root view controller.
    public internal(set) var root: NodeID?
    /// Every node created in this run, attached or not (popped controllers stay retained), each in a
    /// copy-on-write box: copying a hierarchy copies pointers, and a node is copied only when it changes.
    var boxes: [NodeID: NodeBox] = [:]
    /// Whether an animated stack was ever built (only then are stack completions looked for).
    var containsStacks = false
    /// While a simulator transaction runs: the boxes and id counters it replaced, to roll back.
    var journal: Journal?
    /// How many nodes of each base name were created (ids are never reused).
    var nameCounts = NameCounts()
    /// The ids created by the last `build`, in creation order.
    public internal(set) var lastBuilt: [NodeID] = []
    /// Screen metadata used when building controllers.
    public var screens: [String: ScreenInfo]
    /// The device; it decides whether split views start collapsed.
    public var device: Device

    /// An empty window.
    public init(device: Device = .phone, screens: [String: ScreenInfo] = [:]) {
        self.device = device
        self.screens = screens
    }

    /// The node with this id; it must exist.
    public internal(set) subscript(id: NodeID) -> Node {
        get {
            guard let box = boxes[id] else { preconditionFailure("no node '\(id)'") }
            return box.value
        }
        _modify {
            guard boxes[id] != nil else { preconditionFailure("no node '\(id)'") }
            if journal != nil, journal!.boxes[id] == nil {
                // First change in a transaction: keep the old box for a rollback, change a copy.
                let old = boxes[id]!
                journal!.boxes[id] = .some(old)
                boxes[id] = NodeBox(old.value)
            } else if !isKnownUniquelyReferenced(&boxes[id]!) {
                boxes[id] = NodeBox(boxes[id]!.value)
            }
            yield &boxes[id]!.value
        }
    }

    /// Whether a node with this id was ever created.
    public func contains(_ id: NodeID) -> Bool { boxes[id] != nil }

    /// The node with this id, if it exists.
    public func node(_ id: NodeID) -> Node? { boxes[id]?.value }

    /// How many nodes exist (attached or retained).
    public var nodeCount: Int { boxes.count }

    /// The ids of every node that exists, sorted.
    public var nodeIDs: [NodeID] { boxes.keys.sorted() }

    /// The containment parent of a node.
    public func parent(of id: NodeID) -> NodeID? { boxes[id]?.value.parent }

    /// Sets a node's containment parent.
    mutating func setParent(_ child: NodeID, _ parent: NodeID?) {
        guard boxes[child] != nil else { return }
        self[child].parent = parent
    }

    /// The node and its containment ancestors, nearest first.
    public func ancestry(of id: NodeID) -> [NodeID] {
        var chain = [id]
        var current = id
        while let parent = boxes[current]?.value.parent {
            chain.append(parent)
            current = parent
        }
        return chain
    }

    /// What a user's touch on the node meets first: the controller it, or a container around it, presents (a sheet's
    /// dimming view takes the touch; a full-screen presentation takes the node out of the window). Nil when nothing
    /// covers it (a tab tap, T3; a swipe, N4).
    public func presentation(over id: NodeID) -> NodeID? {
        ancestry(of: id).lazy.compactMap { self[$0].presented }.first
    }

    /// The root-most containment ancestor (the node itself when it has no parent).
    public func containmentRoot(of id: NodeID) -> NodeID { ancestry(of: id).last! }

    /// The nearest node of a kind among the node and its ancestors (`navigationController` etc).
    public func nearest(_ kind: NodeKind, from id: NodeID) -> NodeID? {
        ancestry(of: id).first { node($0)?.kind == kind }
    }

    /// The nearest node of a kind strictly above this one.
    public func nearestAncestor(_ kind: NodeKind, of id: NodeID) -> NodeID? {
        ancestry(of: id).dropFirst().first { node($0)?.kind == kind }
    }

    /// UIKit's inherited `presentedViewController`: the first presentation on the node or an ancestor.
    public func presentedViewController(of id: NodeID) -> NodeID? {
        for node in ancestry(of: id) {
            if let presented = self.node(node)?.presented { return presented }
        }
        return nil
    }

    /// `first` and every controller presented above it, bottom-up (the chain a dismissal removes, P5). At each level,
    /// what the level's tree presents: by its root, or by a controller inside it that defines the presentation context
    /// (a `currentContext` presentation).
    func presentationChain(from first: NodeID) -> [NodeID] {
        var chain: [NodeID] = []
        var cursor: NodeID? = first
        while let next = cursor {
            chain.append(next)
            cursor = self[next].presented ?? presented(inside: next)
        }
        return chain
    }

    /// The first controller presented by one inside `root`'s containment subtree, breadth first, among the children
    /// its containers show: a context presentation in a tab not selected is not above it (a review: it made a swipe of
    /// the sheet refused and its dismissal a cascade).
    func presented(inside root: NodeID) -> NodeID? {
        var queue = shownChildren(of: root)
        var index = 0
        while index < queue.count {
            let node = queue[index]
            if let presented = self[node].presented { return presented }
            queue += shownChildren(of: node)
            index += 1
        }
        return nil
    }

    /// UIKit's inherited `presentingViewController`: the presenter of the node's presented ancestor.
    public func presentingViewController(of id: NodeID) -> NodeID? {
        node(containmentRoot(of: id))?.presenter
    }

    /// Whether the node is reachable from the window root (through children or presentations).
    public func isAttached(_ id: NodeID) -> Bool {
        var current = id
        while true {
            let top = containmentRoot(of: current)
            if top == root { return true }
            guard let presenter = node(top)?.presenter else { return false }
            current = presenter
        }
    }

    /// Every attached node in pre-order: a node, its children, then what it presents.
    public func attachedNodes() -> [NodeID] {
        guard let root else { return [] }
        var out: [NodeID] = []
        func visit(_ id: NodeID) {
            out.append(id)
            for child in self[id].children { visit(child) }
            if let presented = self[id].presented { visit(presented) }
        }
        visit(root)
        return out
    }

    /// The children a container shows (its views are in the window when the container's are).
    public func shownChildren(of id: NodeID) -> [NodeID] {
        var shown: [NodeID] = []
        forEachShownChild(of: id) { shown.append($0) }
        return shown
    }

    /// Calls `body` for each child a container shows, without building an array (hot path).
    func forEachShownChild(of id: NodeID, _ body: (NodeID) -> Void) {
        guard let box = boxes[id] else { return }
        switch box.value.kind {
        case .navigation:
            // A push only begun (its top captured `pending`, before its viewWillAppear) shows the controller below it yet.
            let children = box.value.children
            guard let top = children.last else { return }
            body(children.count > 1 && boxes[top]?.value.transitionalState == .pending ? children[children.count - 2] : top)
        case .stack:
            // The active view is the stack's last entry; views still animating out are children too.
            if let top = box.value.stack?.views.last ?? box.value.children.last { body(top) }
        case .controller where box.value.embedded != nil:
            let children = box.value.children
            for index in box.value.embedded! where children.indices.contains(index) { body(children[index]) }
        case .tab, .notifications, .controller:
            guard let index = box.value.selected, box.value.children.indices.contains(index) else { return }
            body(box.value.children[index])
        case .split:
            let collapsed = box.value.isCollapsed == true
            let roles = box.value.children.compactMap { boxes[$0]?.value.role }
            let shown = collapsed ? [.primary] : box.value.splitDisplay?.shownRoles(of: roles) ?? Set(SplitRole.allCases)
            for child in box.value.children {
                guard let role = boxes[child]?.value.role else { continue }
                if shown.contains(role) { body(child) }
            }
        case .activity:
            guard let active = box.value.active else { return }
            if let child = box.value.children.first(where: { boxes[$0]?.value.key == active }) { body(child) }
        case .view:
            return
        }
    }

    /// The child of a split in a column.
    public func splitChild(_ split: NodeID, role: SplitRole) -> NodeID? {
        self[split].children.first { self[$0].role == role }
    }

    /// What `id` presents, unless the presentation has only begun: a presented controller captured `pending`, before its
    /// `viewWillAppear`, is not in the window yet, and its presenter's views still are (a breakpoint in its `viewDidLoad`).
    /// (A navigation controller's top captured `pending` is a push begun: `forEachShownChild` shows the one below it.)
    public func shownPresentation(of id: NodeID) -> NodeID? {
        guard let presented = boxes[id]?.value.presented, boxes[presented]?.value.transitionalState != .pending else { return nil }
        return presented
    }

    /// Every node whose view is in the window, in pre-order (presenters before what they present).
    /// A `fullScreen`/`currentContext` presentation removes its presenter's subtree from the window.
    public func nodesInWindow() -> [NodeID] {
        guard let root else { return [] }
        var out: [NodeID] = []
        func visit(_ id: NodeID) {
            let start = out.count
            out.append(id)
            forEachShownChild(of: id) { visit($0) }
            if let presented = shownPresentation(of: id) {
                // A removing presentation takes its presenter's subtree out of the window.
                if boxes[presented]?.value.style?.removesPresenterViews == true { out.removeSubrange(start...) }
                visit(presented)
            }
        }
        visit(root)
        return out
    }

    /// The deepest nesting a hierarchy may reach through steps, counting containment and presentation (the
    /// capture reader's limit: every state, its JSON and its drawing stay within reach of a 2 MiB stack).
    public static let maxDepth = 100

    /// Why a hierarchy `depth` levels deep is refused as a scenario's root or a snapshot: past `maxDepth`, its run JSON
    /// would nest past what navviz's own JSON reader takes (a trial's 127-deep root ran, and its run could not be diffed).
    public static func tooDeep(_ depth: Int) -> String { tooDeep(levels: "\(depth)") }

    /// The same for a literal refused where it passes `limit` levels, before the rest of it is read.
    public static func tooDeep(moreThan limit: Int) -> String { tooDeep(levels: "more than \(limit)") }

    private static func tooDeep(levels: String) -> String {
        "nests \(levels) levels deep, children and presentations alike: navviz keeps a hierarchy within \(maxDepth) levels "
            + "(every state, its run JSON and its drawing stay bounded)"
    }

    /// How many levels the window's tree nests, children and presentations alike (the root is level 1).
    public var depth: Int {
        guard let root else { return 0 }
        var deepest = 0
        var pending = [(root, 1)]
        while let (id, level) = pending.popLast() {
            deepest = max(deepest, level)
            guard let node = boxes[id]?.value else { continue }
            for child in node.children { pending.append((child, level + 1)) }
            if let presented = node.presented { pending.append((presented, level + 1)) }
        }
        return deepest
    }

    /// The controllers on screen: nodes in the window that show no child of their own, and that no full-screen
    /// presentation covers (one made from a sheet leaves what the sheet covered in the window, behind it).
    public func onScreen() -> [NodeID] {
        onScreenControllers().filter { id in !shownChildren(of: id).contains { self[$0].kind.isController } }
    }

    /// Every controller whose view is on screen, containers too: what gets appearance callbacks when it comes or
    /// goes (a tab's navigation controller as well as its top).
    public func onScreenControllers() -> [NodeID] {
        let window = nodesInWindow()
        let uncovered = window.lastIndex { self[$0].presenter != nil && self[$0].style?.resolved == .fullScreen } ?? 0
        return window[uncovered...].filter { self[$0].kind.isController }
    }
}

/// A node in a copy-on-write box (see `Hierarchy.boxes`). Never mutated while shared.
final class NodeBox: @unchecked Sendable, Equatable {
    var value: Node
    init(_ value: Node) { self.value = value }
    static func == (lhs: NodeBox, rhs: NodeBox) -> Bool { lhs === rhs || lhs.value == rhs.value }
}

/// What a transaction replaced, so that a rejected operation leaves the hierarchy as it was.
struct Journal: Sendable, Equatable {
    /// Boxes as they were before their first change (`.some(nil)`: the node did not exist).
    var boxes: [NodeID: NodeBox?] = [:]
    var nameCounts: [String: Int?] = [:]
    var root: NodeID?
    var lastBuilt: [NodeID]
    var containsStacks: Bool
}

extension Hierarchy {
    /// Starts recording changes (the simulator then changes the hierarchy in place, without a copy).
    mutating func beginJournal() {
        journal = Journal(root: root, lastBuilt: lastBuilt, containsStacks: containsStacks)
    }

    /// Stops recording and keeps the changes.
    mutating func commitJournal() { journal = nil }

    /// Undoes every change since `beginJournal()`.
    mutating func rollBackJournal() {
        guard let journal else { return }
        self.journal = nil
        for (id, old) in journal.boxes { boxes[id] = old }
        for (name, old) in journal.nameCounts { nameCounts[name] = old }
        root = journal.root
        lastBuilt = journal.lastBuilt
        containsStacks = journal.containsStacks
    }

    /// Records a node about to be added (so a rollback removes it).
    mutating func journalInsertion(_ id: NodeID) {
        if journal != nil, journal!.boxes[id] == nil { journal!.boxes[id] = .some(nil) }
    }

    /// Sets an id counter, recording its old value.
    mutating func setNameCount(_ name: String, _ count: Int) {
        if journal != nil, journal!.nameCounts[name] == nil { journal!.nameCounts[name] = .some(nameCounts[name]) }
        nameCounts[name] = count
    }
}
