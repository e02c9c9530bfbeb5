/// One operation being applied to a copy of the hierarchy. Thrown errors discard the copy, so nothing
/// is ever half-applied; `finish()` turns what it recorded into a `StepOutcome`.
struct Transaction {
    var h: Hierarchy
    let options: StepOptions
    let start: Double
    let finder: ViewFinder
    let replaysQuirks: Bool
    let inFlight: [NodeID: Double]
    /// `Simulator.presentersInFlight` when the step landed.
    let presentersInFlight: [NodeID: Double]
    /// The presenter of the presentation or dismissal this step performs.
    var presenting: NodeID?

    var status: StepStatus = .ok
    var message: String?
    /// The order of the final phase's callbacks.
    var order: AppearanceOrder = .swap
    /// The container whose in-flight flag the transition sets.
    var container: NodeID?
    /// The animation used when the step is animated and names none.
    var defaultAnimation: Animation?
    /// A duration that applies whether or not the step is animated (`wait`).
    var fixedDuration: Double?
    /// The `animated` argument of the final phase, when it differs from the step's.
    var callbackAnimated: Bool?
    /// Callbacks of earlier phases (silent tear-downs, seed-specific orders).
    var events: [AppearanceEvent] = []
    var hooks: [HookEvent] = []
    /// Completion blocks (ActivityViewController's): they run when the step's animation ends, which the simulator
    /// reports with the step during which it does.
    var completions: [HookEvent] = []
    var warnings: [String] = []
    var created: [NodeID] = []
    var isUpdate = false
    /// Controllers in the window when the last phase ended.
    var windowMark: [NodeID]
    /// For a cancelled interactive transition: the window it would have reached.
    var cancelledWindow: [NodeID]?
    /// Whether the final phase diffs the window (false when the op emitted its own events).
    var diffsWindow = true
    /// The presented controller (a popover) whose controllers get no appear callbacks from a dismissal, and none from one
    /// abandoned half-way: UIKit does not call viewWillAppear or viewDidAppear on a presenter inside a popover when what
    /// it presented is dismissed.
    var appearsSilently: NodeID?

    init(simulator: Simulator, options: StepOptions, start: Double) {
        h = simulator.hierarchy
        self.options = options
        self.start = start
        finder = simulator.finder
        replaysQuirks = simulator.replaysQuirks
        inFlight = simulator.inFlight
        presentersInFlight = simulator.presentersInFlight
        windowMark = Self.controllersInWindow(simulator.hierarchy)
        initialVisible = simulator.finder.visibleController(in: simulator.hierarchy)
    }

    /// The visible controller when the step landed (found once: most operations start from it).
    let initialVisible: NodeID?

    static func controllersInWindow(_ h: Hierarchy) -> [NodeID] {
        h.nodesInWindow().filter { h[$0].kind.getsAppearanceCallbacks }
    }

    var isAnimated: Bool { options.isAnimated }

    /// Callbacks for the controllers that left (`before` minus `after`) and entered the window, in pre-order.
    static func events(_ order: AppearanceOrder, from before: [NodeID], to after: [NodeID], animated: Bool) -> [AppearanceEvent] {
        if before == after { return [] }
        if before.count * after.count <= 256 {
            // Windows are small: comparing ids beats hashing them.
            return order.events(
                from: before.filter { !after.contains($0) }, to: after.filter { !before.contains($0) }, animated: animated)
        }
        let beforeSet = Set(before)
        let afterSet = Set(after)
        return order.events(
            from: before.filter { !afterSet.contains($0) }, to: after.filter { !beforeSet.contains($0) },
            animated: animated)
    }

    /// Ends a phase: callbacks for what left and entered the window since the last one.
    mutating func phase(_ order: AppearanceOrder, animated: Bool) {
        let now = Self.controllersInWindow(h)
        events += Self.events(order, from: windowMark, to: now, animated: animated)
        windowMark = now
    }

    /// Marks the step as a no-op with a reason; nothing it changed is kept.
    mutating func noop(_ why: String) {
        status = .noop
        message = why
    }

    /// Marks the step as silently dropped by a seed container.
    mutating func drop(_ why: String) {
        status = .dropped
        message = why
    }

    func finish() -> StepOutcome {
        var outcome = StepOutcome(status: status, message: message)
        outcome.hooks = hooks
        outcome.warnings = warnings
        guard status == .ok else { return outcome }
        var copy = self
        if let cancelledWindow {
            copy.events += Self.events(.cancelled, from: windowMark, to: cancelledWindow, animated: isAnimated)
        } else if diffsWindow {
            copy.phase(order, animated: callbackAnimated ?? isAnimated)
        }
        // A popover's controllers are told nothing of a dismissal over them: neither that they appear again, nor, when
        // the dismissal is abandoned, that they do not (docs/semantics.md#P8).
        if let popover = appearsSilently {
            let told: Set<AppearanceCallback> =
                cancelledWindow == nil ? [.viewWillAppear, .viewDidAppear] : Set(AppearanceCallback.allCases)
            let final = copy.events[events.count...].filter { event in
                !(told.contains(event.callback) && copy.h.containmentRoot(of: event.controller) == popover)
            }
            copy.events = Array(copy.events[..<events.count]) + final
        }
        outcome.events = copy.events
        outcome.created = created
        outcome.isUpdate = isUpdate
        outcome.isCancelled = cancelledWindow != nil
        if let fixedDuration {
            outcome.duration = fixedDuration
        } else if isAnimated, let base = options.animation ?? defaultAnimation {
            var animation = base
            if animation.duration == nil { animation.duration = defaultAnimation?.duration ?? 0.3 }
            outcome.animation = animation
            outcome.duration = animation.duration ?? 0
        }
        return outcome
    }

    // MARK: - Targets

    /// The visible controller at the start of the step, per the simulator's finder.
    func visibleController() throws(NavigationError) -> NodeID {
        guard let visible = initialVisible else { throw .noRoot }
        return visible
    }

    /// The step's explicit target (which must be in the window tree) or the visible controller.
    func source() throws(NavigationError) -> NodeID {
        if let target = options.target {
            guard h.contains(target) else { throw .unknownNode(target) }
            guard h.isAttached(target) else { throw .notAttached(target) }
            return target
        }
        return try visibleController()
    }

    /// The nearest container of a kind from the source; with `fallback`, else the first one in the window.
    func container(_ kind: NodeKind, operation: String, fallback: Bool) throws(NavigationError) -> NodeID {
        let from = try source()
        if let found = h.nearest(kind, from: from) { return found }
        if fallback, options.target == nil {
            if let found = h.nodesInWindow().first(where: { h[$0].kind == kind }) { return found }
            if let found = h.attachedNodes().first(where: { h[$0].kind == kind }) { return found }
        }
        throw .noEnclosing(kind, operation: operation, from: from)
    }

    /// Fails with `busy` while the container has a transition in flight.
    func checkIdle(_ container: NodeID, _ operation: String) throws(NavigationError) {
        if let until = inFlight[container], until > start { throw .busy(container, operation: operation) }
    }

    /// Fails while a presentation or dismissal is in flight whose presenter is the navigation controller, a controller
    /// around it or one in it: UIKit does not update the stack then (docs/semantics.md#C3).
    func checkNoPresentationInFlight(around nav: NodeID, _ operation: String) throws(NavigationError) {
        let line = h.ancestry(of: nav)
        let presenter = presentersInFlight.filter { presenter, until in
            until > start && h.contains(presenter) && (line.contains(presenter) || h.ancestry(of: presenter).contains(nav))
        }.keys.min { $0.rawValue < $1.rawValue }
        if let presenter { throw .presentationInFlight(nav, presenter: presenter, operation: operation) }
    }

    /// Whether the container has a transition in flight when the step lands.
    func isInFlight(_ container: NodeID) -> Bool {
        (inFlight[container] ?? 0) > start
    }

    /// Builds a literal into a new (or referenced) node and records it as created.
    mutating func build(_ spec: NodeSpec) throws(NavigationError) -> NodeID {
        let id = try h.buildDiscardingOnFailure(spec)
        created += h.lastBuilt
        warnings += spec.columnStyleWarnings
        return id
    }

    /// A literal's name in messages, before it is built: the controller it refers to, or the id a new one gets
    /// (`Sheet#2` beside a `Sheet`: "Cannot present 'Sheet'" read as the one on screen).
    func name(of spec: NodeSpec) -> String { spec.ref?.rawValue ?? h.nextID(base: spec.baseName).id.rawValue }

    // MARK: - Dispatch

    mutating func apply(_ operation: NavigationOperation) throws(NavigationError) {
        do {
            try dispatch(operation)
        } catch .alreadyInHierarchy(let id, let parent, _, _) {
            let itself: Bool
            switch operation {
            case .present(let spec, _), .setRoot(let spec): itself = spec.ref == id
            default: itself = false
            }
            throw .alreadyInHierarchy(id, parent: parent, verb: operation.installVerb, itself: itself)
        } catch .installedElsewhere(let id, let presenter, _) {
            throw .installedElsewhere(id, presenter: presenter, verb: operation.installVerb)
        } catch {
            throw error
        }
    }

    private mutating func dispatch(_ operation: NavigationOperation) throws(NavigationError) {
        switch operation {
        case .push(let spec): try push(spec)
        case .pop(let interactive, let cancelled): try pop(interactive: interactive, cancelled: cancelled)
        case .popToRoot: try popToRoot()
        case .popTo(let id): try popTo(id)
        case .popToInstance(let className, let which): try popToInstance(className, which: which)
        case .setStack(let specs): try setStack(specs)
        case .replace(let spec, let mode): try replace(spec, mode: mode)
        case .select(let selector, let isUserTap): try select(selector, isUserTap: isUserTap)
        case .setTabs(let specs, let selected): try setTabs(specs, selected: selected)
        case .show(let spec): try show(spec)
        case .showDetail(let spec): try showDetail(spec)
        case .collapse(let onto): try collapse(onto: onto)
        case .expand: try expand()
        case .showChild(let spec): try showChild(spec)
        case .present(let spec, let style): try present(spec, style: style)
        case .dismiss(let interactive, let cancelled): try dismiss(interactive: interactive, cancelled: cancelled)
        case .setRoot(let spec): try setRoot(spec)
        case .activate(let key, let rule): try activate(key, rule: rule)
        case .flushActivity(let key): try flushActivity(key)
        case .register(let key, let spec): try register(key, spec)
        case .flick(let velocity): try flick(velocity: velocity)
        case .pushView(let spec): try pushView(spec)
        case .popView: try popView()
        case .setViews(let specs): try setViews(specs)
        case .updateView(let spec): try updateView(spec)
        case .memoryWarning: try memoryWarning()
        case .wait(let seconds):
            fixedDuration = max(0, seconds)
            diffsWindow = false
        }
    }
}
