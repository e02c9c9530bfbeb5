import NavVizCore

/// Runs the scenario's named routes (`navigate` steps) on a simulator.
struct ScenarioRouter {
    let routes: [String: RouteSpec]

    mutating func navigate(_ name: String, context: JSONValue?, options: StepOptions, simulator: inout Simulator) -> StepOutcome {
        StepOutcome(status: .rejected, message: NavigationError.unknownRoute(name).description)
    }
}
