import NavVizCore

/// Runs a scenario through the simulator, checking each step's `expect`.
public struct ScenarioRunner {
    /// Runs a validated scenario. `finder` overrides the scenario's finder.
    public static func run(_ scenario: Scenario, finder override: ViewFinderStrategy? = nil) -> Run {
        run(scenario, finder: override, keepingAtMost: nil).run
    }

    /// `run(_:finder:)`, stopped after the step whose state takes the controllers its states hold (counted once per state)
    /// past `limit`: `stopped` is then that step's number. The daemon's watched scenarios keep what its sessions keep (a
    /// security probe's watched file of 8,000 pushes took a daemon to 2.2 GB, where a posted session stops at the limit).
    public static func run(_ scenario: Scenario, finder override: ViewFinderStrategy? = nil, keepingAtMost limit: Int?) -> (
        run: Run, stopped: Int?
    ) {
        let finder = ViewFinder(override ?? scenario.finder)
        var steps: [RunStep] = []
        var simulator: Simulator
        do {
            if var initial = scenario.initialHierarchy {
                // A captured root: controllers built later still take their class and title from `screens`.
                initial.screens = scenario.screens
                simulator = Simulator(hierarchy: initial, finder: finder, replaysQuirks: scenario.quirks)
            } else {
                simulator = try Simulator(
                    root: scenario.root, device: scenario.device, screens: scenario.screens, finder: finder,
                    replaysQuirks: scenario.quirks)
            }
        } catch {
            // The root literal itself is impossible (e.g. a duplicate child): report it as a rejected initial state.
            var empty = Simulator(hierarchy: Hierarchy(device: scenario.device, screens: scenario.screens), finder: finder)
            empty.replaysQuirks = scenario.quirks
            let outcome = StepOutcome(rejected: error)
            let record = RunStep(
                index: 0, op: "initial", outcome: outcome, note: nil, path: "root", finder: empty.finderResult, hierarchy: empty.hierarchy,
                failures: ["root: \(error.description)"])
            return (Run(scenario: scenario.name, file: scenario.file, steps: [record]), nil)
        }
        simulator.retainedIDs = scenario.referencedIDs
        var initial = StepOutcome(status: .ok)
        if scenario.initialHierarchy == nil {
            initial.warnings = scenario.root.columnStyleWarnings + simulator.hierarchy.moreListWarnings
        }
        steps.append(
            RunStep(
                index: 0, op: "initial", outcome: initial, note: scenario.caption, path: "",
                finder: simulator.finderResult,
                hierarchy: simulator.hierarchy))
        var kept = simulator.hierarchy.nodeCount
        var router = ScenarioRouter(routes: scenario.routes)
        // The names a step that did not go through would have built, with the first such step's number: a later step
        // naming one is told why it is unknown (a trial read a bare "Unknown node" after a refused present).
        var notBuilt: [NodeID: (step: Int, status: StepStatus)] = [:]
        // The first step whose literals build each name: a step naming one before it is told when it comes (a fidelity trial
        // read a bare "Unknown node 'C'" for a target the next step pushes).
        // Found once, and only for a run that names an unknown controller (not on every run's path).
        lazy var builtLater: [NodeID: Int] = {
            var first: [NodeID: Int] = [:]
            for (offset, step) in scenario.steps.enumerated().reversed() {
                if case .operation(let operation) = step.action {
                    for name in operation.literals.flatMap(\.namesBuilt) { first[NodeID(name)] = offset + 1 }
                }
            }
            return first
        }()
        for (offset, step) in scenario.steps.enumerated() {
            var outcome: StepOutcome
            switch step.action {
            case .operation(let operation):
                outcome = simulator.perform(operation, step.options)
            case .navigate(let route, let context):
                outcome = router.navigate(route, context: context, options: step.options, simulator: &simulator)
            case .snapshot(let hierarchy):
                outcome = simulator.replaceHierarchy(hierarchy)
            }
            if outcome.status == .rejected, case .unknownNode(let id)? = outcome.error {
                outcome.message =
                    (outcome.message ?? "Unknown node '\(id)'")
                    + Self.whyUnknown(
                        id, at: offset + 1, notBuilt: notBuilt[id],
                        builtAt: builtLater[id], known: simulator.hierarchy.nodeIDs.map(\.rawValue))
            }
            if outcome.status != .ok, case .operation(let operation) = step.action {
                for name in operation.literals.flatMap(\.namesBuilt) where notBuilt[NodeID(name)] == nil {
                    notBuilt[NodeID(name)] = (offset + 1, outcome.status)
                }
            }
            let next = scenario.steps.indices.contains(offset + 1) ? scenario.steps[offset + 1].options.after : nil
            outcome.hooks += simulator.settle(beforeNextAfter: next)
            let report = simulator.finderResult
            var record = RunStep(
                index: offset + 1, op: step.action.name, outcome: outcome, note: step.note, path: step.path, finder: report,
                hierarchy: simulator.hierarchy, route: step.action.route)
            if let expect = step.expect { record.failures = check(expect, record, at: "\(step.path).expect") }
            steps.append(record)
            kept += record.hierarchy.nodeCount
            if let limit, kept > limit { return (Run(scenario: scenario.name, file: scenario.file, steps: steps), offset + 1) }
        }
        return (Run(scenario: scenario.name, file: scenario.file, steps: steps), nil)
    }

    /// Why no controller has `id` at step `index`, after `Unknown node 'X'`: the earlier step that would have built it and
    /// was not gone through, the later step that builds it, or the closest id there is (else the ids there are, up to 8).
    static func whyUnknown(_ id: NodeID, at index: Int, notBuilt: (step: Int, status: StepStatus)?, builtAt: Int?, known: [String])
        -> String
    {
        if let notBuilt { return ": step \(notBuilt.step), which would have built it, was \(notBuilt.status.rawValue)" }
        if let builtAt, builtAt > index { return ": no controller has that id before step \(builtAt), which builds it" }
        if let close = Suggestion.closest(to: id.rawValue, in: known.sorted()) { return ". Did you mean '\(close)'?" }
        let sorted = known.sorted()
        guard !sorted.isEmpty else { return "" }
        return ": no controller has that id here (the ids here: \(sorted.prefix(8).map { "'\($0)'" }.joined(separator: ", "))"
            + (sorted.count > 8 ? ", …" : "") + ")"
    }

    /// Whether a written name (id or screen) names this node.
    static func names(_ written: String, _ id: NodeID?, in h: Hierarchy) -> Bool {
        guard let id else { return false }
        return written == id.rawValue || (h.contains(id) && h[id].screen == written && !h.contains(NodeID(written)))
    }

    /// The parts of `expect` that do not hold for a recorded step, one sentence each, prefixed with `path`.
    public static func check(_ expect: Expectation, _ step: RunStep, at path: String) -> [String] {
        var failures: [String] = []
        let h = step.hierarchy
        func quoted(_ list: [String]) -> String { "[" + list.map { "'\($0)'" }.joined(separator: ", ") + "]" }
        if let status = expect.status, status != step.status {
            failures.append(
                "\(path).status: expected '\(status.rawValue)', got '\(step.status.rawValue)'"
                    + (step.outcome.message.map { " (\($0))" } ?? ""))
        }
        if let visible = expect.visible, !names(visible, step.finder.visible, in: h) {
            var why = ""
            // A fresh instance of the screen is visible while the id names an earlier one (a new user took this for a bug).
            if let shown = step.finder.visible, h.contains(shown), h[shown].screen == visible, h.contains(NodeID(visible)) {
                why =
                    h.isAttached(NodeID(visible))
                    ? " (another instance of the screen '\(visible)': '\(visible)' names the first, still in the window; write '\(shown)' "
                        + "for this one)"
                    : " (a new instance of the screen '\(visible)': '\(visible)' names the earlier one, which left the window; write '\(shown)' for the new one)"
            }
            failures.append("\(path).visible: expected '\(visible)', got '\(step.finder.visible?.rawValue ?? "nothing")'\(why)")
        }
        if expect.nothingVisible, let shown = step.finder.visible {
            failures.append("\(path).visible: expected nothing visible (an empty window), got '\(shown.rawValue)'")
        }
        if let error = expect.error {
            if let message = step.outcome.message, message.contains(error) {
            } else {
                failures.append(
                    "\(path).error: expected a message containing '\(error)', got "
                        + (step.outcome.message.map { "'\($0)'" } ?? "no message"))
            }
        }
        if let events = expect.events {
            let actual = step.outcome.events
            let matches =
                events.count == actual.count
                && zip(events, actual).allSatisfy { written, event in
                    guard let dot = written.lastIndex(of: ".") else { return false }
                    return String(written[written.index(after: dot)...]) == event.callback.rawValue
                        && names(String(written[..<dot]), event.controller, in: h)
                }
            if !matches {
                failures.append("\(path).events: expected \(quoted(events)), got \(quoted(actual.map(\.description)))")
            }
        }
        if let expected = expect.path {
            let actual = step.finder.path
            if expected.count != actual.count || !zip(expected, actual).allSatisfy({ names($0, $1, in: h) }) {
                failures.append("\(path).path: expected \(quoted(expected)), got \(quoted(actual.map(\.rawValue)))")
            }
        }
        if let expected = expect.onScreen {
            let actual = step.finder.onScreen
            if expected.count != actual.count || !zip(expected, actual).allSatisfy({ names($0, $1, in: h) }) {
                failures.append("\(path).onScreen: expected \(quoted(expected)), got \(quoted(actual.map(\.rawValue)))")
            }
        }
        return failures
    }
}
