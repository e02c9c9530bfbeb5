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
    /// past its id, so ids the simulator generates later never collide with it.
    public mutating func insert(_ node: Node, parent: NodeID? = nil, presenter: NodeID? = nil) throws(NavigationError) {
        try hierarchy.insert(node, parent: parent, presenter: presenter)
    }

    /// A node added so far; setting its fields (`selected`, `role`, `embedded`…) is how a reader finishes
    /// a container once its children are in.
    public subscript(id: NodeID) -> Node {
        get { hierarchy[id] }
        _modify { yield &hierarchy[id] }
    }

    /// Whether a node with this id has been added.
    public func contains(_ id: NodeID) -> Bool { hierarchy.contains(id) }

    /// The hierarchy, with `root` (a node added without parent or presenter) as the window's root.
    public func build(root: NodeID?) -> Hierarchy {
        var built = hierarchy
        built.setRoot(root)
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
