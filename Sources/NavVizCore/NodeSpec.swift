/// A node literal: what a scenario writes to build a node (`"Home"`, `{"navigation": [...]}`…),
/// or a reference to a controller that already exists (`{"ref": "id"}`).
public struct NodeSpec: Sendable, Equatable {
    /// What to build.
    public var kind: NodeKind
    /// The screen name (controllers, and leaves of any kind built from a screen).
    public var screen: String?
    /// Explicit id (else the screen name, else the kind).
    public var id: String?
    /// Title override.
    public var title: String?
    /// Class name override.
    public var className: String?
    /// Children in container order (split children carry `roles`, activity children `keys`).
    public var children: [NodeSpec] = []
    /// Split columns, parallel to `children`.
    public var roles: [SplitRole] = []
    /// Activity keys, parallel to `children`.
    public var keys: [String] = []
    /// Tab: selected index. Custom container: visible child. Notifications: first index.
    public var selected: Int?
    /// Split: explicit collapsed state (else the device decides).
    public var isCollapsed: Bool?
    /// Split: the columns it shows while expanded (nil: every column).
    public var splitDisplay: SplitDisplay?
    /// Activity: the active key.
    public var active: String?
    /// Activity: generators by key.
    public var generators: [String: NodeSpec] = [:]
    /// Activity: the flavour.
    public var flavor: ActivityFlavor?
    /// Activity: keys wrapped in a navigation controller when built.
    public var wrapsInNavigation: Set<String> = []
    /// Stack: metrics.
    public var stackMetrics: StackMetrics?
    /// Whether the controller defines a presentation context; nil for its kind's default (true for a navigation
    /// controller, as in UIKit).
    public var definesPresentationContext: Bool?
    /// A reference to an existing controller instead of a new one.
    public var ref: NodeID?
    /// The presentation style of `presents`.
    public var presentsStyle: PresentationStyle = .automatic
    private var presentsStorage: [NodeSpec] = []

    /// A node presented by this one when it is built.
    public var presents: NodeSpec? {
        get { presentsStorage.first }
        set { presentsStorage = newValue.map { [$0] } ?? [] }
    }

    /// A spec of the given kind.
    public init(kind: NodeKind, screen: String? = nil, id: String? = nil) {
        self.kind = kind
        self.screen = screen
        self.id = id
    }

    /// A plain controller for a screen.
    public static func screen(_ name: String, id: String? = nil) -> NodeSpec {
        NodeSpec(kind: .controller, screen: name, id: id)
    }

    /// A reference to an existing controller.
    public static func reference(_ id: NodeID) -> NodeSpec {
        var spec = NodeSpec(kind: .controller)
        spec.ref = id
        return spec
    }

    /// A navigation controller with the given stack.
    public static func navigation(_ stack: [NodeSpec], id: String? = nil) -> NodeSpec {
        var spec = NodeSpec(kind: .navigation, id: id)
        spec.children = stack
        return spec
    }

    /// A tab bar controller with the given tabs.
    public static func tabs(_ tabs: [NodeSpec], selected: Int = 0, id: String? = nil) -> NodeSpec {
        var spec = NodeSpec(kind: .tab, id: id)
        spec.children = tabs
        spec.selected = selected
        return spec
    }

    /// A split view controller.
    public static func split(
        primary: NodeSpec, secondary: NodeSpec?, supplementary: NodeSpec? = nil, collapsed: Bool? = nil,
        id: String? = nil
    ) -> NodeSpec {
        var spec = NodeSpec(kind: .split, id: id)
        spec.children = [primary]
        spec.roles = [.primary]
        if let supplementary {
            spec.children.append(supplementary)
            spec.roles.append(.supplementary)
        }
        if let secondary {
            spec.children.append(secondary)
            spec.roles.append(.secondary)
        }
        spec.isCollapsed = collapsed
        return spec
    }

    /// Every screen name this literal (and what it nests) builds.
    public var screenNames: [String] {
        var names: [String] = []
        if let screen { names.append(screen) }
        for child in children { names += child.screenNames }
        for key in generators.keys.sorted() { names += generators[key]!.screenNames }
        if let presents { names += presents.screenNames }
        return names
    }

    /// The base name this literal's id is made from (explicit id, else screen, else kind).
    public var baseName: String { id ?? screen ?? kind.rawValue }
}

extension NodeSpec {
    /// What a literal asks that navviz models otherwise than UIKit, one sentence each: a three-column split's column
    /// that is no navigation controller (UIKit's column-style split wraps it in one, navviz does not, S1: a trial's
    /// `show` from such a column replaced the sidebar, silently).
    public var columnStyleWarnings: [String] { columnStyleWarnings(generators: false) }

    /// The same, with the literals of activity generators too (`validate`, which builds nothing; a step that builds a
    /// generator says it then).
    public func columnStyleWarnings(generators: Bool) -> [String] {
        var out: [String] = []
        if kind == .split, roles.contains(.supplementary) {
            let plain = zip(children, roles).filter { $0.0.kind != .navigation && $0.0.ref == nil }.map { column, role in
                "\(role.rawValue) '\(column.id ?? column.screen ?? column.kind.rawValue)'"
            }
            if !plain.isEmpty {
                out.append(
                    "'\(id ?? "split")' has a supplementary column, so UIKit makes it column-style and wraps each column in a "
                        + "navigation controller of its own; navviz does not (docs/semantics.md#S1): write its "
                        + "\(plain.joined(separator: ", ")) as {\"navigation\": [...]} for UIKit's pushes and show")
            }
        }
        // (A generator is said when a step builds it.)
        let built = generators ? self.generators.sorted { $0.key < $1.key }.map(\.value) : []
        for child in children + built + presentsStorage { out += child.columnStyleWarnings(generators: generators) }
        return out
    }

    /// The names the literal's new controllers are built from (`baseName`: an id, else a screen), its children's and
    /// what it presents included; none for a reference, which builds nothing.
    public var namesBuilt: [String] {
        guard ref == nil else { return [] }
        return [baseName] + (children + presentsStorage).flatMap(\.namesBuilt)
    }
}
