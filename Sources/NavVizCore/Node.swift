/// One view controller (or view) in a hierarchy. Relations are ids, never references.
public struct Node: Sendable, Equatable {
    /// Stable identity.
    public var id: NodeID
    /// What kind of container or leaf this is.
    public var kind: NodeKind
    /// The screen name the node was built from, if any.
    public var screen: String?
    /// The title shown in diagrams, if any.
    public var title: String?
    /// The Swift/ObjC class name, if known (used by `popToInstance`, `isKind(ofClassNamed:)`).
    public var className: String?
    /// Children in the container's own order (nav stack, tabs, split columns, activities, views, sequence).
    public var children: [NodeID] = []
    /// The containment parent, kept by the hierarchy (presentation is not containment).
    public internal(set) var parent: NodeID?
    /// Tab: the selected index. Custom container: the visible child. Notifications: the current index.
    public var selected: Int?
    /// The child at `selected`, if there is one.
    public var selectedChild: NodeID? { selected.flatMap { children.indices.contains($0) ? children[$0] : nil } }

    /// Whether two states of one tab bar (or notification sequence) differ in their selection only as one of them does not
    /// know it (a capture under a full-screen cover shows none): no change of selection, either way.
    public static func selectionUnknownOnOneSide(_ a: Node, _ b: Node) -> Bool {
        (b.kind == .tab || b.kind == .notifications) && a.kind == b.kind && (a.selected == nil) != (b.selected == nil)
            && !a.children.isEmpty && !b.children.isEmpty
    }
    /// Split only: whether it is collapsed.
    public var isCollapsed: Bool?
    /// Split only: which columns it shows while expanded; nil for every column (docs/semantics.md#S8).
    public var splitDisplay: SplitDisplay?
    /// Split only: the navigation controller that received the secondary when collapsing.
    public var collapsedOnto: NodeID?
    /// Split only: columns a collapse took out of the split because no navigation controller could
    /// receive them (a collapsed split's `viewControllers` holds the primary alone); `expand` restores them.
    public var hiddenColumns: [NodeID] = []
    /// Split only: the columns a collapse pushed onto `collapsedOnto`, in column order (supplementary,
    /// secondary); `expand` takes back each one still in that stack.
    public var collapsedColumns: [NodeID] = []
    /// Activity only: the active key.
    public var active: String?
    /// As a split child: its column.
    public var role: SplitRole?
    /// As an activity child: its key.
    public var key: String?
    /// The node this one presents, if any.
    public var presented: NodeID?
    /// On a presented node: the node presenting it.
    public var presenter: NodeID?
    /// On a presented node: its presentation style.
    public var style: PresentationStyle?
    /// Whether this controller defines the presentation context for `currentContext` styles (a navigation
    /// controller's default is true, as in UIKit: `NodeKind.definesPresentationContextByDefault`).
    public var definesPresentationContext: Bool
    /// Whether `definesPresentationContext` is not its kind's default (what a snapshot writes, a diff tells).
    public var definesPresentationContextByChoice: Bool {
        definesPresentationContext != kind.definesPresentationContextByDefault
    }
    /// Whether its view is loaded. False for a view never loaded yet (a lazy tab, a buried stack entry in a
    /// capture) as for one a memory warning released (then `isReleased` is true as well).
    public var isLoaded = true
    /// Whether a memory warning released its view (it is rebuilt on next use); `isLoaded` is false too.
    public var isReleased = false
    /// Custom container only: the children on screen at once (plain embedding: a map with two floating
    /// panels). With two or more, every one of them is on screen and the container itself is the visible
    /// controller; nil when the container shows at most one child (`selected`).
    public var embedded: [Int]?
    /// A capture's appearance state where the hierarchy alone does not tell it: the controller was appearing or
    /// disappearing (taken mid-transition), or had disappeared although its view is in the window.
    public var transitionalState: TransitionalState?
    /// Activity only: generators, flavour and key history.
    public var activity: ActivityState?
    /// Stack only: metrics and the removal queue.
    public var stack: StackState?

    /// A new node with no relations.
    public init(id: NodeID, kind: NodeKind, screen: String? = nil, title: String? = nil, className: String? = nil) {
        self.id = id
        self.kind = kind
        self.screen = screen
        self.title = title
        self.className = className
        definesPresentationContext = kind.definesPresentationContextByDefault
    }

    /// The name shown to people: the title, else the screen, else the id.
    public var displayName: String { title ?? screen ?? id.rawValue }
}

/// Where a controller was in its appearance callbacks when its hierarchy was captured, where the hierarchy
/// alone does not tell it (a controller in the window has appeared, one out of it has disappeared).
public enum TransitionalState: String, Sendable, CaseIterable, Equatable {
    /// Between `viewWillAppear` and `viewDidAppear`.
    case appearing
    /// Between `viewWillDisappear` and `viewDidDisappear`.
    case disappearing
    /// Disappeared (no `viewWillAppear` since its last `viewDidDisappear`, or never shown), although its view is
    /// in the window: a child whose container does not forward appearance callbacks to it.
    case disappeared
    /// Presented or pushed, not yet appearing: the presentation or push has begun (its `viewDidLoad` may have run)
    /// and its `viewWillAppear` has not. Its view is not in the window; its presenter's views, or the controller below
    /// it in its navigation stack, still are.
    case pending
}

/// The flavour of a keyed container.
public enum ActivityFlavor: String, Sendable, CaseIterable, Equatable {
    /// bromas/ActivityViewController: rules any/new/previous, inactive cache.
    case activityViewController
    /// FJTransitionController: key history, manual appearance calls, memory warnings.
    case transitionController
}

/// The extra state of an `activity` node.
public struct ActivityState: Sendable, Equatable {
    /// Which seed container this one mirrors.
    public var flavor: ActivityFlavor = .activityViewController
    /// Registered generators by key (a node literal built on demand).
    public var generators: [String: NodeSpec] = [:]
    /// Keys loaded, newest first (FJTransitionController's `viewControllerKeyHistory`).
    public var history: [String] = []
    /// Keys whose controllers should be embedded in a navigation controller when built.
    public var wrapsInNavigation: Set<String> = []
    /// The key shown when the container first appears, if nothing is active yet.
    public var initial: String?
    /// Quirk replay (ActivityViewController): controllers a `.none` swap took off screen without
    /// `removeFromParent`. They stay children, without a key, after the activity forgets them.
    public var unremovedChildren: [NodeID] = []

    /// Empty state.
    public init() {}
}

/// The extra state of a `stack` node (AnimatedStackView).
public struct StackState: Sendable, Equatable {
    /// The stack, last = active (AnimatedStackView's `stack`). A view may appear more than once.
    public var views: [NodeID] = []
    /// The views that are subviews of the stack view, back to front.
    public var subviews: [NodeID] = []
    /// Views waiting for their removal callback, oldest first.
    public var removalQueue: [NodeID] = []
    /// When the running animations' completions fire, in simulated seconds, soonest first.
    /// Each completion removes the first view of `removalQueue` (unless it is the active view).
    public var completionTimes: [Double] = []
    /// Quirk replay: views a non-animated push left in the stack view for good.
    public var leaked: [NodeID] = []
    /// The metrics used for transitions.
    public var metrics = StackMetrics()

    /// Empty state with default metrics.
    public init() {}
}

/// AnimatedStackView's metrics: where a view sits when active, leading or trailing, and the spring.
public struct StackMetrics: Sendable, Equatable {
    /// One placement of a view.
    public struct Placement: Sendable, Equatable {
        /// Opacity.
        public var alpha: Double
        /// Vertical offset as a multiple of the view's height (-1 = above, 1 = below).
        public var offset: Double
        /// Scale applied by the transform.
        public var scale: Double
        /// A placement.
        public init(alpha: Double, offset: Double, scale: Double = 1) {
            self.alpha = alpha
            self.offset = offset
            self.scale = scale
        }
    }
    /// The active view's placement.
    public var active = Placement(alpha: 1, offset: 0)
    /// Where a view enters from on push (and leaves to on pop).
    public var leading = Placement(alpha: 0, offset: -1)
    /// Where a view leaves to on push (and enters from on pop).
    public var trailing = Placement(alpha: 0, offset: 1)
    /// Spring duration in seconds.
    public var duration = 0.6
    /// Delay before the spring starts.
    public var delay = 0.0
    /// Spring damping.
    public var damping = 0.6
    /// Initial spring velocity.
    public var initialVelocity = 0.0

    /// The seed's defaults.
    public init() {}
}

extension Node {
    /// Whether the controller is an instance of the named class, as Ariadne's `isKind(of:)` asks, as far as names tell:
    /// its class (or, without one, its screen name) with or without the module (`Shop.ProductViewController` is a
    /// `ProductViewController`: captures keep the module, routes are written without); every controller is a
    /// `UIViewController`, and a container an instance of its UIKit class. Other subclasses are not known.
    public func isKind(ofClassNamed name: String) -> Bool {
        let unqualified = { (text: String) in text.split(separator: ".", omittingEmptySubsequences: false).last.map(String.init) ?? text }
        let base = unqualified(name)
        switch base {
        case "UIViewController": return kind.isController
        case "UINavigationController": if kind == .navigation { return true }
        case "UITabBarController": if kind == .tab { return true }
        case "UISplitViewController": if kind == .split { return true }
        default: break
        }
        guard let own = className ?? screen else { return false }
        return own == name || (unqualified(own) == base && (own == base || name == base))
    }
}
