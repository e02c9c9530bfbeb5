import NavVizCore

/// How a node appears in a state: the visible controller, another one on screen, in the window
/// (containers, covered presenters), or off screen but alive.
enum Presence: Equatable {
    case visible, onScreen, inWindow, offScreen
}

/// How a node changed in a transition (the `after` view only).
enum DiffMark: String, Equatable {
    case added, removed, changed
}

/// One node as drawn: its data, where it sits among its siblings, how it appears, and its subtree.
struct DiagramItem: Equatable {
    var node: Node
    /// Its place in the parent (`tab 0 · selected`, `root`, `key: home · active`…).
    var slot: String?
    var presence: Presence
    var isOnPath: Bool
    var mark: DiffMark?
    /// Contained children in container order (ghosts merged in at their old places).
    var children: [DiagramItem] = []
    /// Presented trees (a removed one first, as a ghost, then the current one).
    var presentations: [DiagramItem] = []

    /// Whether the node is drawn as a cluster (containers, and custom containers with children).
    var isContainer: Bool {
        switch node.kind {
        case .controller, .view: !children.isEmpty
        default: true
        }
    }

    var isGhost: Bool { mark == .removed }
}

/// A window and what it holds, as drawn.
struct DiagramScene: Equatable {
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

    init(hierarchy: Hierarchy, finder: ViewFinderResult, previous: Hierarchy? = nil) {
        self.hierarchy = hierarchy
        self.finder = finder
        self.previous = previous
        inWindow = Set(hierarchy.nodesInWindow())
        onScreen = Set(finder.onScreen)
        path = Set(finder.path)
        attached = Set(hierarchy.attachedNodes())
        previouslyAttached = Set(previous?.attachedNodes() ?? [])
    }

    func scene() -> DiagramScene {
        var roots: [DiagramItem] = []
        if let previous, let old = previous.root, !attached.contains(old) {
            roots.append(ghost(old, in: previous, slot: nil))
        }
        if let root = hierarchy.root {
            roots.append(item(root, slot: nil))
        }
        return DiagramScene(device: hierarchy.device, roots: roots)
    }

    private func item(_ id: NodeID, slot: String?) -> DiagramItem {
        let node = hierarchy[id]
        var item = DiagramItem(
            node: node, slot: slot, presence: presence(of: id), isOnPath: path.contains(id), mark: mark(of: id))
        let ghosts = ghostChildren(of: id)
        var entries: [(id: NodeID, isGhost: Bool)] = node.children.map { ($0, false) }
        if let previous, !ghosts.isEmpty {
            let oldOrder = previous[id].children
            for ghost in ghosts {
                let index = oldOrder.firstIndex(of: ghost)!
                let anchor = oldOrder[..<index].last { sibling in entries.contains { $0.id == sibling } }
                let at = anchor.flatMap { sibling in entries.firstIndex { $0.id == sibling } }.map { $0 + 1 } ?? 0
                entries.insert((ghost, true), at: at)
            }
        }
        item.children = entries.map { entry in
            if entry.isGhost, let previous {
                return ghost(entry.id, in: previous, slot: Self.slot(of: entry.id, in: previous))
            }
            return self.item(entry.id, slot: Self.slot(of: entry.id, in: hierarchy))
        }
        if let previous, previouslyAttached.contains(id), previous.contains(id),
            let old = previous[id].presented, !attached.contains(old)
        {
            item.presentations.append(ghost(old, in: previous, slot: nil))
        }
        if let presented = node.presented {
            item.presentations.append(self.item(presented, slot: nil))
        }
        return item
    }

    /// A node of the previous hierarchy that is gone now, with the parts of its subtree also gone.
    private func ghost(_ id: NodeID, in old: Hierarchy, slot: String?) -> DiagramItem {
        let node = old[id]
        var item = DiagramItem(node: node, slot: slot, presence: .offScreen, isOnPath: false, mark: .removed)
        item.children = node.children.filter { !attached.contains($0) }.map {
            ghost($0, in: old, slot: Self.slot(of: $0, in: old))
        }
        if let presented = node.presented, !attached.contains(presented) {
            item.presentations = [ghost(presented, in: old, slot: nil)]
        }
        return item
    }

    /// The children the previous hierarchy had under this node that are no longer attached.
    private func ghostChildren(of id: NodeID) -> [NodeID] {
        guard let previous, previouslyAttached.contains(id), previous.contains(id) else { return [] }
        return previous[id].children.filter { !attached.contains($0) }
    }

    private func presence(of id: NodeID) -> Presence {
        if id == finder.visible { return .visible }
        if onScreen.contains(id) { return .onScreen }
        if inWindow.contains(id) { return hierarchy[id].kind == .view ? .onScreen : .inWindow }
        return .offScreen
    }

    private func mark(of id: NodeID) -> DiffMark? {
        guard let previous else { return nil }
        guard previouslyAttached.contains(id), previous.contains(id) else { return .added }
        return Signature(id, in: previous) == Signature(id, in: hierarchy) ? nil : .changed
    }

    /// A child's place in its container, in words.
    static func slot(of id: NodeID, in h: Hierarchy) -> String? {
        guard let parentID = h.parent(of: id) else { return nil }
        let parent = h[parentID]
        guard let index = parent.children.firstIndex(of: id) else { return nil }
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
            return "child \(index)" + (parent.selected == index ? " · visible" : "")
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

    init(_ id: NodeID, in h: Hierarchy) {
        let node = h[id]
        kind = node.kind
        texts = [node.screen, node.title, node.className]
        children = node.children
        selected = node.selected
        isCollapsed = node.isCollapsed
        collapsedOnto = node.collapsedOnto
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
        generators = node.activity?.generators.keys.sorted() ?? []
    }
}
