/// Performs routes on a simulator as Ariadne's `Router` and `Route.perform` do (docs/semantics.md, Ariadne routing):
/// find the visible controller, build for `.show` transitions, record the `prepareFor…Transition` hook,
/// then send the transition's operation to the visible controller. Where Ariadne only calls
/// `completion(false)`, the outcome says why.
public struct Router: Sendable {
    /// The simulator the routes run on; its finder is the router's finder.
    public var simulator: Simulator
    /// Named routes, for `navigate(toRouteNamed:)`.
    public var routes: RouteTable

    /// A router over a simulator, keeping the simulator's finder.
    public init(simulator: Simulator, routes: RouteTable = RouteTable()) {
        self.simulator = simulator
        self.routes = routes
    }

    /// A router over a new window whose root is built from a literal; the finder defaults to Ariadne's.
    public init(
        root: NodeSpec, device: Device = .phone, screens: [String: ScreenInfo] = [:],
        finder: ViewFinderStrategy = .ariadne, routes: RouteTable = RouteTable()
    ) throws(NavigationError) {
        let simulator = try Simulator(root: root, device: device, screens: screens, finder: ViewFinder(finder))
        self.init(simulator: simulator, routes: routes)
    }

    /// The current hierarchy.
    public var hierarchy: Hierarchy { simulator.hierarchy }

    /// The router's finder (the simulator's); a transition's own finder overrides it.
    public var finder: ViewFinderStrategy {
        get { simulator.finder.strategy }
        set { simulator.finder = ViewFinder(newValue) }
    }

    /// What the simulator's finder reports now.
    public var finderResult: ViewFinderResult { simulator.finderResult }

    /// The visible controller, as the simulator's finder reports it now.
    public var visible: NodeID? { simulator.visible }

    // MARK: - Navigate

    /// Performs a route, then its tail (if the route's completion is ever called, whatever its value).
    /// `after` places the first step on the clock as `StepOptions.after` does; a tail runs when its head ends.
    @discardableResult
    public mutating func navigate(to route: Route, with context: RouteContext = .empty, after: Double? = nil)
        -> RouteOutcome
    {
        let head = perform(route, with: context, after: after)
        // A head whose completion never fires (an ignored present) never runs the tail.
        guard let tail = route.tail, head.completion != nil else { return head }
        let (inFlight, presenters) = (simulator.inFlight, simulator.presentersInFlight)
        let chain = RouteOutcome.chain(head, navigate(to: tail, with: route.tailContext))
        // A chain is one step: the next step's `after` counts from when it started, not from when its tail did, and
        // what its head set in flight stays so for a step landing inside it (a trial: a step 0.1 s after a chained
        // route landed after the presentation it should have found in flight).
        simulator.lastStart = chain.step.start
        simulator.inFlight.merge(inFlight.filter { $0.value > chain.step.start }) { max($0, $1) }
        simulator.presentersInFlight.merge(presenters.filter { $0.value > chain.step.start }) { max($0, $1) }
        return chain
    }

    /// Performs a route of `routes`, its chain names resolved. An unknown name or a cyclic chain is rejected.
    @discardableResult
    public mutating func navigate(toRouteNamed name: String, with context: RouteContext = .empty, after: Double? = nil)
        -> RouteOutcome
    {
        do throws(NavigationError) {
            return navigate(to: try routes.resolve(name), with: context, after: after)
        } catch {
            return refuse(error, source: nil, after: after)
        }
    }

    /// One route, without its tail (docs/semantics.md#R1, #R2), UpdatingRoute's check first (#R5).
    private mutating func perform(_ route: Route, with context: RouteContext, after: Double?) -> RouteOutcome {
        if route.updatesInPlace, let visible = updatableController(for: route, with: context) {
            var step = StepOutcome(status: .ok)
            step.isUpdate = true
            step.hooks = [HookEvent("update", controller: visible)]
            return RouteOutcome(step: simulator.land(step, after: after), completion: true, source: visible)
        }
        let finder = ViewFinder(route.transition.finder ?? self.finder)
        guard let visible = finder.visibleController(in: hierarchy) else {
            return refuse(.noRoot, source: nil, after: after)
        }
        switch route.transition.kind {
        case .hide:
            let hook = HookEvent("prepareForHideTransition", controller: visible)
            return run(route.transition, built: nil, on: visible, hooks: [hook], after: after)
        case .custom:
            let hook = HookEvent("prepareForCustomTransition", controller: visible)
            return run(route.transition, built: nil, on: visible, hooks: [hook], after: after)
        case .show:
            let preview: RoutePreview
            do throws(NavigationError) {
                preview = try build(route.builder, with: context)
            } catch {
                return refuse(error, source: visible, after: after)
            }
            let hook = HookEvent("prepareForShowTransition", controller: preview.id)
            return run(route.transition, built: preview.spec, on: visible, hooks: [hook], after: after)
        }
    }

    /// The visible controller if it already shows what the route's builder builds: the same kind and
    /// class (or, without classes, screen), as found by a fresh `ariadne` finder whatever the route's
    /// finder (`CurrentlyVisibleUpdatableViewFinder`).
    private func updatableController(for route: Route, with context: RouteContext) -> NodeID? {
        guard let visible = ViewFinder(.ariadne).visibleController(in: hierarchy),
            let preview = try? build(route.builder, with: context)
        else { return nil }
        let built = preview.hierarchy[preview.id]
        let shown = hierarchy[visible]
        guard built.kind == shown.kind, let type = built.className ?? built.screen,
            type == shown.className ?? shown.screen
        else { return nil }
        return visible
    }

    // MARK: - Peek and commit

    /// Builds a route's controller without showing it (peek). Fails as the builder does.
    public func peek(_ route: Route, with context: RouteContext = .empty) throws(NavigationError) -> RoutePreview {
        try build(route.builder, with: context)
    }

    /// Runs a route's transition with a built literal on an explicit source controller (pop/commit):
    /// no finder, no prepare hooks, no update check, no tail. `built` is ignored by hide transitions.
    @discardableResult
    public mutating func commit(_ route: Route, built: NodeSpec?, on source: NodeID, after: Double? = nil)
        -> RouteOutcome
    {
        run(route.transition, built: route.transition.kind == .show ? built : nil, on: source, hooks: [], after: after)
    }

    // MARK: - Helpers

    /// Builds the literal and, in a copy of the hierarchy, its nodes. A `{"ref"}` is returned as is (the
    /// transition decides whether UIKit accepts that controller). Every failure is a builder failure.
    private func build(_ builder: Builder, with context: RouteContext) throws(NavigationError) -> RoutePreview {
        do throws(NavigationError) {
            let spec = try builder.build(with: context)
            if let ref = spec.ref {
                guard hierarchy.contains(ref) else { throw NavigationError.unknownNode(ref) }
                return RoutePreview(spec: spec, id: ref, hierarchy: hierarchy)
            }
            var copy = hierarchy
            let id = try copy.build(spec)
            return RoutePreview(spec: spec, id: id, hierarchy: copy)
        } catch {
            if case .buildFailed = error { throw error }
            throw .buildFailed(error.description)
        }
    }

    /// Sends the transition's operation to `source` (Simulator's operations resolve the nearest navigation
    /// controller from it, as Ariadne's `visible as? UINavigationController ?? visible.navigationController`).
    private mutating func run(
        _ transition: Transition, built: NodeSpec?, on source: NodeID, hooks: [HookEvent], after: Double?
    ) -> RouteOutcome {
        guard let operation = transition.action.operation(with: built) else {
            let error: NavigationError =
                transition.action == .nonTransition
                ? .noTransition : .buildFailed("nothing was built for the '\(transition.action.name)' transition")
            var outcome = refuse(error, source: source, after: after)
            outcome.step.hooks = hooks + outcome.step.hooks
            return outcome
        }
        let options = StepOptions(
            animated: transition.isAnimated, animation: transition.animation,
            target: transition.action == .root ? nil : source, after: after)
        var step = simulator.perform(operation, options)
        step.hooks = hooks + step.hooks
        return RouteOutcome(step: step, completion: transition.action.completion(for: step.status), source: source)
    }

    /// A route refused before any operation ran: `rejected` with the reason, completion(false).
    private mutating func refuse(_ error: NavigationError, source: NodeID?, after: Double?) -> RouteOutcome {
        let step = simulator.land(StepOutcome(rejected: error), after: after)
        return RouteOutcome(step: step, completion: false, source: source)
    }
}
