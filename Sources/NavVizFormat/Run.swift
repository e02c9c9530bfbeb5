import NavVizCore

/// One step of a run: the operation, how it ended, and the state after it.
public struct RunStep: Sendable, Equatable {
    /// 0 is the initial state; steps count from 1.
    public var index: Int
    /// The operation's name (`initial` for step 0).
    public var op: String
    /// The route a `navigate` step ran (`"route"`), nil for any other step.
    public var route: String?
    /// What the simulator did.
    public var outcome: StepOutcome
    /// The scenario step's caption.
    public var note: String?
    /// The step's JSON path in the scenario (`steps[0]`), empty for the initial state.
    public var path: String
    /// The finder's report after the step.
    public var finder: ViewFinderResult
    /// The hierarchy after the step.
    public var hierarchy: Hierarchy
    /// Expectations that did not hold.
    public var failures: [String]

    /// The failures named by their field alone (`expect.visible: …`), for under the step's own row or heading: a
    /// `steps[1].` under row 2 read as another step (a trial).
    public var failuresByField: [String] {
        failures.map { !path.isEmpty && $0.hasPrefix(path + ".") ? String($0.dropFirst(path.count + 1)) : $0 }
    }

    /// A step record.
    public init(
        index: Int, op: String, outcome: StepOutcome, note: String?, path: String, finder: ViewFinderResult, hierarchy: Hierarchy,
        failures: [String] = [], route: String? = nil
    ) {
        self.index = index
        self.op = op
        self.route = route
        self.outcome = outcome
        self.note = note
        self.path = path
        self.finder = finder
        self.hierarchy = hierarchy
        self.failures = failures
    }

    /// The operation as diagrams and docs name it: `navigate dl_post` for a route (a trial of a deep-linking app read
    /// `navigate` on every link, none saying which), else `op`.
    public var shownOp: String { route.map { "\(op) \($0)" } ?? op }

    /// The step's status.
    public var status: StepStatus { outcome.status }
}

/// The result of running a scenario.
public struct Run: Sendable, Equatable {
    /// The scenario's name.
    public var scenario: String
    /// The scenario file.
    public var file: String
    /// The initial state, then one record per step.
    public var steps: [RunStep]

    /// A run.
    public init(scenario: String, file: String, steps: [RunStep]) {
        self.scenario = scenario
        self.file = file
        self.steps = steps
    }

    /// Every expectation failure, prefixed with the file, its JSON path followed by the step's number in the run's table
    /// (`shop.json: steps[2].expect.visible (step 3): …`: a trial read `steps[2]` under row 3 as two steps).
    public var failures: [String] {
        steps.flatMap { step in
            step.failures.map { failure in
                let field = failure.hasPrefix(step.path + ".") && step.index > 0 ? failure.firstRange(of: ": ") : nil
                guard let field else { return "\(file): \(failure)" }
                return "\(file): \(failure[..<field.lowerBound]) (step \(step.index))\(failure[field.lowerBound...])"
            }
        }
    }

    /// Steps that did not end `ok` (what `--strict` fails on).
    public var nonOKSteps: [RunStep] { steps.filter { $0.status != .ok } }
}
