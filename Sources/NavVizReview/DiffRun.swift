import NavVizCore
import NavVizRender
import NavVizScenario

/// One state of a run as `navviz diff` sees it: the step that led to it, how it ended, and the
/// hierarchy after it.
public struct DiffStep: Sendable, Equatable {
    /// 0 is the initial state.
    public var index: Int
    /// The operation's name (`initial` for step 0, `snapshot` for a snapshot file).
    public var op: String
    /// How the step ended.
    public var status: StepStatus
    /// The step's message (for steps that did not end `ok`).
    public var message: String?
    /// The hierarchy after the step.
    public var hierarchy: Hierarchy
    /// The finder's report after the step.
    public var finder: ViewFinderResult
    /// The scenario step's fields as canonical JSON (without `note` and `expect`), when known.
    public var arguments: String?
    /// The canonical snapshot of `hierarchy`, compact.
    public var canonical: String
    /// The appearance callbacks the step sent, when known: a capture has none to tell, a golden's run.json keeps none.
    public var callbacks: [Callback]?
    /// How the step animated, as its transition's caption says it (`animation: push · 0.35 s`, `not animated`), when
    /// known (a scenario's run).
    public var animation: String?

    /// One appearance callback: its controller, and how a diff line words it (`Home.viewWillDisappear`, with
    /// ` (not animated)` after one that is not).
    public struct Callback: Sendable, Equatable {
        /// The controller the callback went to.
        public var controller: NodeID
        /// `Home.viewWillDisappear`, or `Home.viewWillDisappear (not animated)`.
        public var text: String
    }

    /// A step; `canonical` is computed.
    public init(
        index: Int, op: String, status: StepStatus, message: String? = nil, hierarchy: Hierarchy,
        finder: ViewFinderResult, arguments: String? = nil, callbacks: [Callback]? = nil, animation: String? = nil
    ) {
        self.callbacks = callbacks
        self.animation = animation
        self.index = index
        self.op = op
        self.status = status
        self.message = message
        self.hierarchy = hierarchy
        self.finder = finder
        self.arguments = arguments
        self.canonical = JSONWriter.compact(Snapshot.encode(hierarchy))
    }
}

/// A sequence of states to compare: a scenario's run, a `run.json`, or one canonical snapshot.
public struct DiffRun: Sendable, Equatable {
    /// What the file held.
    public enum Source: String, Sendable, Equatable {
        case scenario, run, snapshot
    }

    /// The file, as the user named it (or `REV:path` for a committed version).
    public var file: String
    /// The scenario's name, or the file for a snapshot.
    public var name: String
    /// What the file held.
    public var source: Source
    /// The initial state, then one state per step.
    public var steps: [DiffStep]
    /// For a capture: the id each printed address got, for reading the other side (`load(continuing:)`).
    public var identities = CaptureIdentities()
    /// For a capture read after the other side's: why its controllers are told apart by class name, or numbered after the
    /// other side's (`CapturedHierarchy.identityNote`).
    public var identityNote: String?
    /// For a capture: the notes that say its dump may have been cut short (`CapturedHierarchy.cutShortNotes`).
    public var cutShortNotes: [String] = []

    /// No flow: an empty window, no steps (the side of a file new since a revision, or removed since).
    public static func absent(file: String, device: Device = .phone) -> DiffRun {
        let empty = Hierarchy(device: device)
        return DiffRun(
            file: file, name: file, source: .scenario,
            steps: [DiffStep(index: 0, op: "initial", status: .ok, hierarchy: empty, finder: ViewFinder().find(in: empty))])
    }

    /// A run.
    public init(file: String, name: String, source: Source, steps: [DiffStep]) {
        self.file = file
        self.name = name
        self.source = source
        self.steps = steps
    }

    /// A scenario's run (or a run read from `source`); `arguments[i]` is step `i + 1`'s canonical JSON.
    public init(_ run: Run, arguments: [String]? = nil, source: Source = .scenario) {
        self.init(
            file: run.file, name: run.scenario, source: source,
            steps: run.steps.map { step in
                DiffStep(
                    index: step.index, op: step.op, status: step.status, message: step.outcome.message,
                    hierarchy: step.hierarchy, finder: step.finder,
                    arguments: step.index > 0 ? arguments?[safe: step.index - 1] : nil,
                    callbacks: step.outcome.events.map {
                        DiffStep.Callback(controller: $0.controller, text: $0.description + ($0.isAnimated ? "" : " (not animated)"))
                    },
                    // A run.json read back keeps no animation (a golden's): known of a scenario's run only.
                    animation: step.index > 0 && source == .scenario ? DOTBuilder.animationText(step.outcome) : nil)
            })
    }

    /// Reads a scenario file (and runs it), a `run.json` or a canonical snapshot from its text.
    /// `file` names it in errors.
    ///
    /// A capture read after another one's (`continuing`, the old side's `identities`) keeps the ids that one gave
    /// the controllers printed at the same addresses.
    public static func load(
        text: String, file: String, kinds: [String: NodeKind] = [:], continuing previous: CaptureIdentities = CaptureIdentities()
    ) throws(ScenarioErrors) -> DiffRun {
        if let reading = PrintHierarchy.dumpReading(text) {
            let captured = try Capture.read(text, file: file, kinds: kinds, continuing: previous, reading: reading)
            let hierarchy = captured.hierarchy
            let step = DiffStep(
                index: 0, op: "snapshot", status: .ok, hierarchy: hierarchy, finder: ViewFinder().find(in: hierarchy))
            var run = DiffRun(file: file, name: file, source: .snapshot, steps: [step])
            run.identities = captured.identities
            run.identityNote = captured.identityNote
            run.cutShortNotes = captured.cutShortNotes
            return run
        }
        // Text that is neither a dump nor JSON (the debugger's error, a shortened string) says what it is.
        try Capture.refuseNeitherDumpNorJSON(text, file: file)
        let value = try ScenarioDecoder.parseDocument(text, file: file)
        if value == .null || (value["kind"] != nil && value["navviz"] == nil) {
            return try snapshot(value, file: file)
        }
        // Run JSON has states and no root; a scenario has a root, and `navviz import`'s snapshot steps carry a
        // `hierarchy` too (a trial: an imported flow was read as run JSON, its first capture skipped and every step
        // numbered one lower than run, render and check number it).
        if value["root"] == nil, let steps = value["steps"]?.arrayValue, steps.contains(where: { $0["hierarchy"] != nil }) {
            return try runFile(value, file: file)
        }
        let scenario = try ScenarioDecoder.decode(text, file: file)
        let arguments = value["steps"]?.arrayValue?.map(canonicalArguments)
        return DiffRun(ScenarioRunner.run(scenario), arguments: arguments)
    }

    /// A step object without `note` and `expect`, keys sorted at every level, compact.
    public static func canonicalArguments(_ step: JSONValue) -> String {
        func sorted(_ value: JSONValue) -> JSONValue {
            switch value {
            case .object(let members): .object(members.sorted { $0.0 < $1.0 }.map { ($0.0, sorted($0.1)) })
            case .array(let items): .array(items.map(sorted))
            default: value
            }
        }
        // Either spelling of a step is the same step (a code-review trial's `{"push": "Comments"}` beside the file's
        // `{"op": "push", "node": "Comments"}` read as another step, and the diff paired the wrong push).
        guard case .object(let members) = OperationSpelling.longForm(step) else { return JSONWriter.compact(step) }
        return JSONWriter.compact(sorted(.object(members.filter { $0.0 != "note" && $0.0 != "expect" })))
    }

    static func snapshot(_ value: JSONValue, file: String) throws(ScenarioErrors) -> DiffRun {
        let hierarchy = try Snapshot.decode(value, file: file)
        let step = DiffStep(
            index: 0, op: "snapshot", status: .ok, hierarchy: hierarchy, finder: ViewFinder().find(in: hierarchy))
        return DiffRun(file: file, name: file, source: .snapshot, steps: [step])
    }

    static func runFile(_ value: JSONValue, file: String) throws(ScenarioErrors) -> DiffRun {
        var run = DiffRun(try RunDecoder.decode(value, file: file), source: .run)
        // A golden's run.json holds no callbacks: unknown there, not none (every step would differ by all of them).
        let items = value["steps"]?.arrayValue ?? []
        for index in run.steps.indices where items.indices.contains(index) && items[index]["events"] == nil {
            run.steps[index].callbacks = nil
        }
        return run
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
