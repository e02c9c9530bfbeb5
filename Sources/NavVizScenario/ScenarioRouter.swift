import NavVizCore

/// Runs the scenario's named routes (`navigate` steps) through the Ariadne-style `Router`.
struct ScenarioRouter {
    let table: RouteTable

    init(routes: [String: Route]) { table = RouteTable(routes) }

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
