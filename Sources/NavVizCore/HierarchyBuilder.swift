/// Builds a hierarchy from nodes that already have their ids: an app's snapshot, a debugger's dump, a
/// live capture. Everything else changes a hierarchy through operations (`Simulator.perform`), so this is
/// the one place outside the simulator where nodes are added and their fields set.
///
/// ```swift
/// var builder = HierarchyBuilder(device: .phone)
/// try builder.insert(Node(id: "nav", kind: .navigation))
/// try builder.insert(Node(id: "Home", kind: .controller, screen: "Home"), parent: "nav")
/// let hierarchy = builder.build(root: "nav")
/// ```
public struct HierarchyBuilder: Sendable {
    private var hierarchy: Hierarchy

    /// An empty builder for a window on this device.
    public init(device: Device = .phone, screens: [String: ScreenInfo] = [:]) {
        hierarchy = Hierarchy(device: device, screens: screens)
    }

    /// Adds a node under a containment parent, or as the presentation of `presenter`, or detached.
    /// Its own `children`, `presented` and `presenter` are ignored: later inserts fill them. Id counters move
    /// past its id, so ids the simulator generates later never collide with it. Throws for an id already
    /// added, a parent or presenter not added yet, and a presenter that already presents.
    public mutating func insert(_ node: Node, parent: NodeID? = nil, presenter: NodeID? = nil) throws(NavigationError) {
        try hierarchy.insert(node, parent: parent, presenter: presenter)
    }

    /// A node added so far. Setting its fields (`selected`, `role`, `embedded`…) is how a reader finishes a
    /// container once its children are in; its id and its links (children, parent, presentation) change
    /// only through `insert`, so a change to them here is undone.
    public subscript(id: NodeID) -> Node {
        get { hierarchy[id] }
        set {
            let old = hierarchy[id]
            var node = newValue
            (node.id, node.children, node.presented, node.presenter) = (old.id, old.children, old.presented, old.presenter)
            hierarchy[id] = node
        }
    }

    /// Whether a node with this id has been added.
    public func contains(_ id: NodeID) -> Bool { hierarchy.contains(id) }

    /// The hierarchy, with `root` as the window's root: a node added without parent or presenter (any
    /// other id leaves the window empty).
    public func build(root: NodeID?) -> Hierarchy {
        var built = hierarchy
        let isDetached = root.map { hierarchy.contains($0) && hierarchy[$0].parent == nil && hierarchy[$0].presenter == nil } ?? false
        built.setRoot(isDetached ? root : nil)
        return built
    }
}

extension Hierarchy {
    /// A window whose root is built from a literal (ids as the simulator generates them, no callbacks).
    public init(root: NodeSpec, device: Device = .phone, screens: [String: ScreenInfo] = [:]) throws(NavigationError) {
        self.init(device: device, screens: screens)
        let id = try build(root)
        setRoot(id)
    }
}
