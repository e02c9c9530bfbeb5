@_exported import NavVizCore
@_exported import NavVizFormat

/// A node of a canonical snapshot, as an app reports its view-controller hierarchy: a builder for the
/// snapshot format of docs/format.md. `json` spells it; `hierarchy()` reads that back with the daemon's
/// own snapshot reader, so a snapshot the daemon would refuse fails in the app, with the same message.
public struct SnapshotNode: Sendable, Equatable {
    /// The controller's id.
    public var id: String
    /// `controller`, `navigation`, `tab`, `split`, `activity`, `stack`, `notifications` or `view`.
    public var kind: String
    /// The screen name the node was built from, if any.
    public var screen: String?
    /// The title shown in diagrams, if any.
    public var title: String?
    /// The Swift/ObjC class name, if known.
    public var `class`: String?
    /// Children in the container's own order.
    public var children: [SnapshotNode]
    /// The selected tab (or shown child).
    public var selected: Int?
    /// A custom container showing several children at once (a drawer open over its content): their indexes, in place
    /// of `selected`.
    public var shown: [Int]?
    /// Activity only: the active key.
    public var active: String?
    /// A split child's column: `primary`, `supplementary` or `secondary`.
    public var role: String?
    /// As an activity child: its key.
    public var key: String?
    /// Split only: whether it is collapsed.
    public var collapsed: Bool?
    /// Split only: the columns it shows expanded (`secondaryOnly`, `oneBesideSecondary`, `twoBesideSecondary`);
    /// nil for every column.
    public var display: String?
    /// What this node presents.
    public var presented: Box?
    /// The presentation style of a presented node (`pageSheet`, `fullScreen`…).
    public var style: String?
    /// `false` when the view is not loaded (never yet, or released by a memory warning); absent means loaded.
    public var loaded: Bool?
    /// `true` when its view was released by a memory warning (said apart from never loaded), with `loaded` false.
    public var released: Bool?
    /// A controller caught mid-transition or out of step: `appearing`, `disappearing`, `disappeared` (in the window, its
    /// container forwarding no callbacks) or `pending` (presented or pushed, not yet appearing).
    public var state: String?
    /// Whether it defines a presentation context; absent means its kind's default (true for a navigation controller,
    /// as UIKit's `UINavigationController`; false otherwise).
    public var definesPresentationContext: Bool?

    /// A node; `presented` wraps the presented node.
    public init(
        id: String, kind: String = "controller", screen: String? = nil, title: String? = nil, class className: String? = nil,
        children: [SnapshotNode] = [], selected: Int? = nil, role: String? = nil, collapsed: Bool? = nil,
        presented: SnapshotNode? = nil, style: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.screen = screen
        self.title = title
        self.class = className
        self.children = children
        self.selected = selected
        self.role = role
        self.collapsed = collapsed
        self.presented = presented.map(Box.init)
        self.style = style
    }

    /// The node as snapshot JSON, members in the canonical order (docs/format.md, Canonical snapshots).
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(id)), ("kind", .string(kind))]
        for (key, text) in [("screen", screen), ("title", title), ("class", self.class)] {
            if let text { members.append((key, .string(text))) }
        }
        members.append(("children", .array(children.map(\.json))))
        if let selected { members.append(("selected", .number(Double(selected)))) }
        if let shown { members.append(("shown", .array(shown.map { .number(Double($0)) }))) }
        for (key, text) in [("active", active), ("role", role), ("key", key)] {
            if let text { members.append((key, .string(text))) }
        }
        if let collapsed { members.append(("collapsed", .bool(collapsed))) }
        if let display { members.append(("display", .string(display))) }
        if let presented { members.append(("presented", presented.node.json)) }
        if let style { members.append(("style", .string(style))) }
        if let loaded { members.append(("loaded", .bool(loaded))) }
        if let released { members.append(("released", .bool(released))) }
        if let state { members.append(("state", .string(state))) }
        if let definesPresentationContext { members.append(("definesPresentationContext", .bool(definesPresentationContext))) }
        return .object(members)
    }

    /// The hierarchy this snapshot describes, read as the daemon reads it.
    public func hierarchy() throws(ScenarioErrors) -> Hierarchy { try Snapshot.decode(json, file: "snapshot") }

    /// Holds a presented node (a struct cannot contain itself directly).
    public final class Box: Sendable, Equatable {
        /// The presented node.
        public let node: SnapshotNode
        /// Boxes `node`.
        public init(_ node: SnapshotNode) { self.node = node }
        /// Whether the boxed nodes are equal.
        public static func == (lhs: Box, rhs: Box) -> Bool { lhs.node == rhs.node }
    }
}
