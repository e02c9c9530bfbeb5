/// How `replace` builds the new stack (Ariadne's `ReplaceNavigationTransition`).
public enum ReplaceMode: Sendable, Equatable {
    /// Replace the top (`.replaceLast`).
    case last
    /// Replace the whole stack (`.replaceAll`).
    case all
    /// Keep the first N controllers, then the new one (`.custom`).
    case keepFirst(Int)
}

/// Which stack entry `popToInstance` picks.
public enum InstanceMatch: String, Sendable, Equatable, CaseIterable {
    case first, last
}

/// A tab named by index or by id.
public enum TabSelector: Sendable, Equatable {
    case index(Int)
    case id(NodeID)
}

/// How an activity container finds the controller for a key (ActivityViewController's rules).
public enum ActivationRule: String, Sendable, Equatable, CaseIterable {
    case any, new, previous
}

/// An animation descriptor (`{"kind": "springSlide", "direction": "right", "duration": 0.35}`).
public struct Animation: Sendable, Equatable {
    /// The animation's kind: a UIKit option (`crossDissolve`, `curlUp`…) or a named animator.
    public var kind: String
    /// Seconds.
    public var duration: Double?
    /// A direction for directional animators.
    public var direction: String?
    /// Further numeric parameters (damping, delay…), by name.
    public var parameters: [String: Double]

    /// A descriptor.
    public init(kind: String, duration: Double? = nil, direction: String? = nil, parameters: [String: Double] = [:]) {
        self.kind = kind
        self.duration = duration
        self.direction = direction
        self.parameters = parameters
    }
}

extension NavigationOperation {
    /// The verb of a refusal to reuse a controller still installed elsewhere (`Cannot push 'X': it is already a child of
    /// 'Y'`); `install` for operations that put several controllers in place (a trial read `install` for its push).
    var installVerb: String {
        switch self {
        case .push, .pushView: "push"
        case .present: "present"
        case .show: "show"
        case .showDetail: "show as the detail"
        case .showChild: "show"
        case .setRoot: "set as the window's root"
        default: "install"
        }
    }
}

/// One UIKit (or seed container) call.
public enum NavigationOperation: Sendable, Equatable {
    case push(NodeSpec)
    case pop(interactive: Bool = false, cancelled: Bool = false)
    case popToRoot
    case popTo(NodeID)
    case popToInstance(className: String, which: InstanceMatch)
    case setStack([NodeSpec])
    case replace(NodeSpec, mode: ReplaceMode)
    case select(TabSelector, isUserTap: Bool = false)
    case setTabs([NodeSpec], selected: Int? = nil)
    case show(NodeSpec)
    case showDetail(NodeSpec)
    case collapse(onto: NodeID? = nil)
    case expand
    case showChild(NodeSpec)
    case present(NodeSpec, style: PresentationStyle = .automatic)
    case dismiss(interactive: Bool = false, cancelled: Bool = false)
    case setRoot(NodeSpec)
    case activate(String, rule: ActivationRule = .any)
    case flushActivity(String)
    case register(String, NodeSpec)
    case flick(velocity: Double?)
    case pushView(NodeSpec)
    case popView
    case setViews([NodeSpec])
    case updateView(NodeSpec)
    case memoryWarning
    case wait(seconds: Double)

    /// Whether it is the user's swipe (an interactive pop or dismissal), which is always animated.
    public var isSwipe: Bool {
        switch self {
        case .pop(let interactive, _), .dismiss(let interactive, _): interactive
        default: false
        }
    }

    /// The scenario name of the operation (`push`, `popToRoot`…).
    public var name: String {
        switch self {
        case .push: "push"
        case .pop: "pop"
        case .popToRoot: "popToRoot"
        case .popTo: "popTo"
        case .popToInstance: "popToInstance"
        case .setStack: "setStack"
        case .replace: "replace"
        case .select: "select"
        case .setTabs: "setTabs"
        case .show: "show"
        case .showDetail: "showDetail"
        case .collapse: "collapse"
        case .expand: "expand"
        case .showChild: "showChild"
        case .present: "present"
        case .dismiss: "dismiss"
        case .setRoot: "setRoot"
        case .activate: "activate"
        case .flushActivity: "flushActivity"
        case .register: "register"
        case .flick: "flick"
        case .pushView: "pushView"
        case .popView: "popView"
        case .setViews: "setViews"
        case .updateView: "updateView"
        case .memoryWarning: "memoryWarning"
        case .wait: "wait"
        }
    }
}

/// How a step ended.
public enum StepStatus: String, Sendable, Equatable, CaseIterable {
    /// It happened.
    case ok
    /// UIKit would do nothing (pop at the root, dismiss with nothing presented).
    case noop
    /// UIKit would raise or refuse; nothing changed.
    case rejected
    /// A seed container silently ignored it (a switch while animating).
    case dropped
}

/// The common fields of a step.
public struct StepOptions: Sendable, Equatable {
    /// UIKit's `animated:` argument.
    public var isAnimated: Bool
    /// An explicit animation (its duration overrides the default).
    public var animation: Animation?
    /// The node the operation is sent to (default: what the finder reaches).
    public var target: NodeID?
    /// Seconds after the previous step started (default: when everything before has finished).
    public var after: Double?

    /// Options.
    public init(animated: Bool = true, animation: Animation? = nil, target: NodeID? = nil, after: Double? = nil) {
        self.isAnimated = animated
        self.animation = animation
        self.target = target
        self.after = after
    }
}

/// What one step did.
public struct StepOutcome: Sendable, Equatable {
    /// How it ended.
    public var status: StepStatus
    /// Why, for anything but a plain `ok`.
    public var message: String?
    /// Appearance callbacks, in order.
    public var events: [AppearanceEvent] = []
    /// Seed hooks and replayed quirks, in order.
    public var hooks: [HookEvent] = []
    /// Things UIKit would log (a torn-down presentation…).
    public var warnings: [String] = []
    /// When the step landed, in simulated seconds.
    public var start: Double = 0
    /// How long its transition runs (0 when not animated).
    public var duration: Double = 0
    /// The animation it ran, when animated.
    public var animation: Animation?
    /// The nodes the step created.
    public var created: [NodeID] = []
    /// Whether the step updated the visible controller in place (`navigate` with `update`).
    public var isUpdate = false
    /// Whether the step was an interactive transition the user let go of (`"cancelled": true`): the state is as before it.
    public var isCancelled = false
    /// Why a `rejected` step was refused, as the simulator's typed error (`message` is its sentence).
    public var error: NavigationError?

    /// An outcome.
    public init(status: StepStatus, message: String? = nil) {
        self.status = status
        self.message = message
    }

    /// A refused step: `rejected`, with the error and its sentence.
    public init(rejected error: NavigationError) {
        self.init(status: .rejected, message: error.description)
        self.error = error
    }
}

extension NavigationOperation {
    /// The node literals the operation builds from (a registered generator too).
    public var literals: [NodeSpec] {
        switch self {
        case .push(let spec), .replace(let spec, _), .show(let spec), .showDetail(let spec), .showChild(let spec), .present(let spec, _),
            .setRoot(let spec), .register(_, let spec), .pushView(let spec), .updateView(let spec):
            [spec]
        case .setStack(let specs), .setTabs(let specs, _), .setViews(let specs): specs
        case .pop, .popToRoot, .popTo, .popToInstance, .select, .collapse, .expand, .dismiss, .activate, .flushActivity, .flick, .popView,
            .memoryWarning, .wait:
            []
        }
    }
}
