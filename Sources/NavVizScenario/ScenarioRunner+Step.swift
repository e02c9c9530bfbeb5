import NavVizCore

extension ScenarioRunner {
    /// Performs one decoded step on a simulator (an operation, or a route from `routes`) and records it
    /// as step `index` of a run, with its `expect` checked: what the daemon does with each posted step.
    public static func record(
        _ step: ScenarioStep, index: Int, on simulator: inout Simulator, routes: [String: Route] = [:]
    ) -> RunStep {
        var outcome: StepOutcome
        switch step.action {
        case .operation(let operation):
            outcome = simulator.perform(operation, step.options)
        case .navigate(let route, let context):
            var router = ScenarioRouter(routes: routes)
            outcome = router.navigate(route, context: context, options: step.options, simulator: &simulator)
        case .snapshot(let hierarchy):
            outcome = simulator.replaceHierarchy(hierarchy)
        }
        // The next posted step is not known yet: the state is settled at this step's end.
        outcome.hooks += simulator.settle(beforeNextAfter: nil)
        var record = RunStep(
            index: index, op: step.action.name, outcome: outcome, note: step.note, path: step.path,
            finder: simulator.finderResult, hierarchy: simulator.hierarchy, route: step.action.route)
        if let expect = step.expect {
            record.failures = check(expect, record, at: step.path.isEmpty ? "expect" : "\(step.path).expect")
        }
        return record
    }
}
