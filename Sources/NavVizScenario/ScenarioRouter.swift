import NavVizCore

/// Runs the scenario's named routes (`navigate` steps) through the Ariadne-style `Router`.
struct ScenarioRouter {
    let table: RouteTable

    init(routes: [String: RouteSpec]) {
        var table: [String: Route] = [:]
        for (name, spec) in routes { table[name] = Self.route(spec) }
        self.table = RouteTable(table)
    }

    /// The `Route` a scenario's route object describes (its chain is resolved by name when navigating).
    static func route(_ spec: RouteSpec) -> Route {
        let action: TransitionAction
        switch spec.transition {
        case "push": action = .push
        case "pop": action = .pop
        case "popToRoot": action = .popToRoot
        case "popToInstance": action = .popToInstance(className: spec.className ?? "", which: spec.which)
        case "replace": action = .replace(spec.replaceMode)
        case "present": action = .present(spec.style)
        case "dismiss": action = .dismiss
        case "root": action = .root
        default: action = .nonTransition
        }
        var animation = spec.animation
        if action == .root, animation == nil, spec.isAnimated { animation = Animation(kind: "crossDissolve", duration: 0.3) }
        let transition = Transition(action, animated: spec.isAnimated, finder: spec.finder, animation: animation)
        var route = Route(builder: spec.build.map(Builder.node) ?? .nonBuilder, transition: transition, updatesInPlace: spec.update)
        route.chainName = spec.chain
        return route
    }

    /// A step's JSON `context` as a route context: strings stay strings, anything else its JSON text.
    static func context(_ value: JSONValue?) -> RouteContext {
        switch value {
        case nil, .null?: .empty
        case .string(let s)?: .value(s)
        case let other?: .value(JSONWriter.compact(other))
        }
    }

    mutating func navigate(_ name: String, context: JSONValue?, options: StepOptions, simulator: inout Simulator) -> StepOutcome {
        var router = Router(simulator: simulator, routes: table)
        let outcome = router.navigate(toRouteNamed: name, with: Self.context(context), after: options.after)
        simulator = router.simulator
        return outcome.step
    }
}
