/// A session as the daemon lists it.
public struct SessionInfo: Sendable, Equatable, Codable {
    /// Its id (in URLs).
    public var id: String
    /// Its display name.
    public var name: String
    /// How many steps it has (not counting the initial state).
    public var steps: Int
    /// The visible controller after the last step.
    public var visible: String?
    /// When it was created (ISO 8601).
    public var created: String
    /// `api` or `watch`.
    public var source: String
    /// The scenario file of a watched session.
    public var file: String?
    /// Why a watched file could not be rendered.
    public var error: String?
    /// What restoring it skipped.
    public var warnings: [String]?
}

/// One appearance callback.
public struct AppearanceEventInfo: Sendable, Equatable, Codable {
    /// The controller's id.
    public var controller: String
    /// `viewWillAppear`, `viewDidAppear`, `viewWillDisappear` or `viewDidDisappear`.
    public var callback: String
    /// Whether it was animated.
    public var animated: Bool
}

/// A step as the run JSON has it (`index`, `op`, `status`, `message`, `visible`, `path`, `events`, `hierarchy`…).
public struct StepResult: Sendable, Equatable, Codable {
    public var index: Int
    public var op: String
    /// `ok`, `noop`, `rejected` or `dropped`.
    public var status: String
    public var message: String?
    public var note: String?
    public var visible: String?
    public var path: [String]
    public var onScreen: [String]
    public var events: [AppearanceEventInfo]
    /// Expectations (`expect`) that did not hold.
    public var failures: [String]?
    /// The canonical snapshot after the step.
    public var hierarchy: NavVizJSON
}

/// A session's run JSON.
public struct RunResult: Sendable, Equatable, Codable {
    public var navviz: Int
    public var scenario: String
    public var steps: [StepResult]
}

/// A node of a canonical snapshot, as an app reports its view-controller hierarchy.
public struct SnapshotNode: Sendable, Equatable, Codable {
    public var id: String
    /// `controller`, `navigation`, `tab`, `split`, `activity`, `stack`, `notifications` or `view`.
    public var kind: String
    public var screen: String?
    public var title: String?
    public var `class`: String?
    public var children: [SnapshotNode]
    /// The selected tab (or shown child).
    public var selected: Int?
    public var active: String?
    /// A split child's column: `primary`, `supplementary` or `secondary`.
    public var role: String?
    public var key: String?
    public var collapsed: Bool?
    /// What this node presents.
    public var presented: Box?
    /// The presentation style of a presented node (`pageSheet`, `fullScreen`…).
    public var style: String?
    public var loaded: Bool?

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

    /// Holds a presented node (a struct cannot contain itself directly).
    public final class Box: Sendable, Equatable, Codable {
        public let node: SnapshotNode
        public init(_ node: SnapshotNode) { self.node = node }
        public required init(from decoder: any Decoder) throws { node = try SnapshotNode(from: decoder) }
        public func encode(to encoder: any Encoder) throws { try node.encode(to: encoder) }
        public static func == (lhs: Box, rhs: Box) -> Bool { lhs.node == rhs.node }
    }
}
