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
    /// 0 is the initial state; steps count from 1.
    public var index: Int
    /// The operation's name (`initial` for step 0).
    public var op: String
    /// `ok`, `noop`, `rejected` or `dropped`.
    public var status: String
    /// Why the step did not end `ok`, if it did not.
    public var message: String?
    /// The scenario step's caption.
    public var note: String?
    /// The visible controller's id after the step, if any.
    public var visible: String?
    /// The controller ids from the window root to the visible one, through presentations.
    public var path: [String]
    /// The ids of every controller whose content is on screen.
    public var onScreen: [String]
    /// The appearance callbacks the step caused, in order.
    public var events: [AppearanceEventInfo]
    /// Expectations (`expect`) that did not hold.
    public var failures: [String]?
    /// The canonical snapshot after the step.
    public var hierarchy: NavVizJSON
}

/// A session's run JSON.
public struct RunResult: Sendable, Equatable, Codable {
    /// The format version (1).
    public var navviz: Int
    /// The scenario's name.
    public var scenario: String
    /// The initial state (step 0), then one result per step.
    public var steps: [StepResult]
}

/// A node of a canonical snapshot, as an app reports its view-controller hierarchy.
public struct SnapshotNode: Sendable, Equatable, Codable {
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
    /// Activity only: the active key.
    public var active: String?
    /// A split child's column: `primary`, `supplementary` or `secondary`.
    public var role: String?
    /// As an activity child: its key.
    public var key: String?
    /// Split only: whether it is collapsed.
    public var collapsed: Bool?
    /// What this node presents.
    public var presented: Box?
    /// The presentation style of a presented node (`pageSheet`, `fullScreen`…).
    public var style: String?
    /// `false` when the view is not loaded (never yet, or released by a memory warning); absent means loaded.
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
        /// The presented node.
        public let node: SnapshotNode
        /// Boxes `node`.
        public init(_ node: SnapshotNode) { self.node = node }
        /// Decodes the node itself (the box adds no JSON level).
        public required init(from decoder: any Decoder) throws { node = try SnapshotNode(from: decoder) }
        /// Encodes the node itself (the box adds no JSON level).
        public func encode(to encoder: any Encoder) throws { try node.encode(to: encoder) }
        /// Whether the boxed nodes are equal.
        public static func == (lhs: Box, rhs: Box) -> Bool { lhs.node == rhs.node }
    }
}
