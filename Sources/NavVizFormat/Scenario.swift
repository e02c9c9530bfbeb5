import NavVizCore

/// A decoded, validated scenario file (`navviz: 1`).
public struct Scenario: Sendable, Equatable {
    /// The file it came from, as the user named it.
    public var file: String
    /// The scenario's name (default: the file name without extension).
    public var name: String
    /// Phone (splits start collapsed) or pad.
    public var device: Device
    /// The finder used for default targets and the visible controller.
    public var finder: ViewFinderStrategy
    /// Whether seed quirks are replayed.
    public var quirks: Bool
    /// Screen metadata.
    public var screens: [String: ScreenInfo]
    /// Named Ariadne-style routes.
    public var routes: [String: Route]
    /// The window's root.
    public var root: NodeSpec
    /// A root given as a canonical snapshot or a capture (`navviz import`): the run starts from this
    /// hierarchy, and `root` is not used.
    public var initialHierarchy: Hierarchy?
    /// The scenario's `description`: the caption of its initial state (for a capture, where it came
    /// from and what was guessed).
    public var caption: String?
    /// The steps, in order.
    public var steps: [ScenarioStep]
    /// Every id the file refers to (refs, targets, popTo…): the simulator keeps these when it forgets
    /// detached controllers.
    public var referencedIDs: Set<NodeID> = []
    /// What reading a capture guessed or could not tell (also in `caption`), for the command line to print.
    public var notes: [String] = []

    /// A scenario; `initialHierarchy`, `caption` and `referencedIDs` start empty.
    public init(
        file: String, name: String, device: Device = .phone, finder: ViewFinderStrategy = .navviz, quirks: Bool = false,
        screens: [String: ScreenInfo] = [:], routes: [String: Route] = [:], root: NodeSpec, steps: [ScenarioStep] = []
    ) {
        self.file = file
        self.name = name
        self.device = device
        self.finder = finder
        self.quirks = quirks
        self.screens = screens
        self.routes = routes
        self.root = root
        self.steps = steps
    }
}

/// What a step does: a simulator operation, or a named route.
public enum StepAction: Sendable, Equatable {
    case operation(NavigationOperation)
    case navigate(route: String, context: JSONValue?)
    /// The whole window replaced by a captured state (`{"op": "snapshot", "hierarchy": …}`).
    case snapshot(Hierarchy)

    /// The route of a `navigate` step.
    public var route: String? {
        if case .navigate(let route, _) = self { return route }
        return nil
    }

    /// The operation's name as the scenario spells it.
    public var name: String {
        switch self {
        case .operation(let op): op.name
        case .navigate: "navigate"
        case .snapshot: "snapshot"
        }
    }
}

/// One step of a scenario.
public struct ScenarioStep: Sendable, Equatable {
    /// The operation.
    public var action: StepAction
    /// animated, animation, target, after.
    public var options: StepOptions
    /// A caption for docs.
    public var note: String?
    /// What must hold after the step.
    public var expect: Expectation?
    /// The JSON path of the step (`steps[3]`).
    public var path: String

    /// A step.
    public init(
        action: StepAction, options: StepOptions = StepOptions(), note: String? = nil, expect: Expectation? = nil, path: String = ""
    ) {
        self.action = action
        self.options = options
        self.note = note
        self.expect = expect
        self.path = path
    }
}

/// A step's `expect`: each given field must hold after the step.
public struct Expectation: Sendable, Equatable {
    /// The visible controller's id or screen name.
    public var visible: String?
    /// `"visible": null`: nothing is visible (an empty window).
    public var nothingVisible = false
    /// The step's status.
    public var status: StepStatus?
    /// Text the step's message must contain.
    public var error: String?
    /// The appearance callbacks, in order (`Home.viewWillDisappear`).
    public var events: [String]?
    /// The path from the window to the visible controller (ids).
    public var path: [String]?
    /// The controllers on screen (ids or screen names), in order.
    public var onScreen: [String]?

    /// An empty expectation.
    public init() {}
}
