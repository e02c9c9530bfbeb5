import NavVizCore
import NavVizFormat
import NavVizRender
import NavVizScenario

/// One daemon session: a simulated window that steps and app snapshots are applied to, and every
/// state it went through (a run whose step 0 is the initial state).
public struct Session: Sendable {
    /// Where a session's steps come from.
    public enum Source: Sendable, Equatable {
        /// Posted over HTTP (and kept in the journal).
        case api
        /// Rendered from a scenario file under `--watch` (read-only).
        case watch(file: String)
    }

    /// The id in URLs and the journal's file name.
    public var id: SessionID
    /// A display name.
    public var name: String
    /// When it was created (ISO 8601), as the journal recorded it.
    public var created: String
    /// Where its steps come from.
    public var source: Source
    /// The simulator after the last step.
    public var simulator: Simulator
    /// Named routes for `navigate` steps.
    public var routes: [String: Route]
    /// Step 0 (initial) and one record per accepted step.
    public var steps: [RunStep]
    /// Controllers across every state (a state holds its whole hierarchy): what the session's memory grows with.
    public private(set) var keptControllers: Int
    /// Steps up to this index are on disk (and have been sent to event subscribers).
    public var acknowledged: Int
    /// What restoring the session skipped, or why a watched file could not be used.
    public var warnings: [String] = []
    /// Why a watched scenario file could not be rendered (its errors), if it could not.
    public var error: String?
    /// The node literal the session was created from (nil for a snapshot or an empty window). The scenario
    /// export starts from it, so what a snapshot cannot hold (activity generators, stack metrics, a collapsed
    /// split's hidden columns) replays too.
    public var rootLiteral: NodeSpec?
    /// Step 1 onwards as decoded from what was posted (a snapshot as a `snapshot` step), for `GET …/scenario`.
    public var scenarioSteps: [ScenarioStep] = []
    /// The ids the last posted `_printHierarchy` capture gave its addresses, so the next capture keeps them
    /// (`CaptureIdentities`); empty after any other step, and not journaled (the captures are, as posted).
    public var captureIdentities = CaptureIdentities()
    /// The `--kind` suggestions a capture's note made, not made again of a later capture (as `navviz import`).
    var suggestedKinds = Set<String>()

    /// A session whose initial state is the simulator's.
    public init(
        id: SessionID, name: String, created: String, source: Source = .api, simulator: Simulator, routes: [String: Route] = [:]
    ) {
        self.id = id
        self.name = name
        self.created = created
        self.source = source
        self.simulator = simulator
        self.routes = routes
        self.steps = [
            RunStep(
                index: 0, op: "initial", outcome: StepOutcome(status: .ok), note: nil, path: "", finder: simulator.finderResult,
                hierarchy: simulator.hierarchy)
        ]
        self.acknowledged = 0
        self.keptControllers = simulator.hierarchy.nodeCount
    }

    /// The controllers one session keeps across its states, counted once per state (about 80 bytes each: 5,000 pushes
    /// onto one stack took a daemon to 917 MB). An app that posts a snapshot of 200 controllers at every change
    /// fills it after 10,000 changes.
    public static let maxKeptControllers = 2_000_000
    /// `maxKeptControllers`, lower in tests.
    var keptControllerLimit = Session.maxKeptControllers

    /// The text a posted body adds that counts as one more controller kept: names, titles and ids have no length limit
    /// of their own, and a trial's snapshots of 9 KB titles took one session to 1.3 GB at 6.6% of its controllers.
    static let bytesPerController = 600

    /// The text a posted body holds (member names and strings; a string kept once per step at most), in bytes.
    static func textBytes(of body: JSONValue) -> Int {
        func bytes(_ value: JSONValue) -> Int {
            switch value {
            case .string(let text): text.utf8.count
            case .array(let items): items.reduce(0) { $0 + bytes($1) }
            case .object(let members): members.reduce(0) { $0 + $1.0.utf8.count + bytes($1.1) }
            default: 0
            }
        }
        return bytes(body)
    }

    /// The text the session's steps posted, in bytes: it weighs one controller per `bytesPerController` in all (summed
    /// across steps, not rounded down a step at a time: 599 bytes a request were free, a review).
    public private(set) var keptTextBytes = 0

    /// What the session weighs against its limit: its states' controllers and its text.
    public var keptWeight: Int { keptControllers + keptTextBytes / Self.bytesPerController }

    /// Refuses a state of `controllers` and `text` bytes that would take the session past `maxKeptControllers`.
    /// `replaying` a journal, what an earlier navviz acknowledged is checked as it was then, by its controllers alone
    /// (the text's weight came later: a restart must not drop acknowledged steps).
    private func checkRoom(for controllers: Int, text: Int, replaying: Bool = false) throws(ServerError) {
        let weight =
            replaying
            ? keptControllers + controllers : keptControllers + Self.charge(controllers) + (keptTextBytes + text) / Self.bytesPerController
        guard weight <= keptControllerLimit else {
            throw .sessionFull(id, states: steps.count, limit: keptControllerLimit)
        }
    }

    /// A state's controllers as counted: at least one (a state of an empty window is a record kept too: `null`
    /// snapshots cost nothing, a review).
    private static func charge(_ controllers: Int) -> Int { max(1, controllers) }

    /// Appends a step's record, unless the session would keep more than `maxKeptControllers`.
    private mutating func keep(_ record: RunStep, text: Int, replaying: Bool = false) throws(ServerError) {
        try checkRoom(for: record.hierarchy.nodeCount, text: text, replaying: replaying)
        keptControllers += replaying ? record.hierarchy.nodeCount : Self.charge(record.hierarchy.nodeCount)
        keptTextBytes += text
        steps.append(record)
    }

    /// The run so far, as `run.json` has it.
    public var run: Run { Run(scenario: name, file: source.file ?? "", steps: steps) }

    /// The index of the last step (0 when only the initial state exists).
    public var lastIndex: Int { steps.count - 1 }

    /// Decodes a posted step against the current hierarchy and performs it.
    /// `replaying` a journal: what was acknowledged is read as it was then (`ScenarioDecoder.replaying`).
    ///
    /// On a thread with a main thread's stack (`LargeStack`), as every reading and simulating here: the store runs on Swift
    /// concurrency's threads (512 KiB on macOS), and a hierarchy 100 levels deep took more (a release build took 5.5 KB a
    /// level to build one; a session that deep ended the daemon under `ulimit -s 512`).
    mutating func perform(_ body: JSONValue, replaying: Bool = false) throws(ServerError) -> RunStep {
        try LargeStack.run { () throws(ServerError) in try performHere(body, replaying: replaying) }
    }

    private mutating func performHere(_ body: JSONValue, replaying: Bool) throws(ServerError) -> RunStep {
        let step: ScenarioStep
        do {
            let hierarchy = simulator.hierarchy
            // What a route or an activity's generator builds may be named before it is (a trial: `navigate` with
            // `expect.visible` of the route's screen was refused, as every `activate` of a generated key), as a scenario
            // file's decoder allows. Gathered only when an id is not found otherwise.
            var buildable: Set<String>?
            let routes = routes
            func canBuild(_ text: String) -> Bool {
                if buildable == nil {
                    var names = Set(routes.values.flatMap(\.builtNames))
                    for id in hierarchy.nodeIDs {
                        guard let generators = hierarchy[id].activity?.generators else { continue }
                        for spec in generators.values { names.formUnion(spec.literalNames) }
                    }
                    buildable = names
                }
                return buildable!.contains(text) || buildable!.contains(String(NodeID(text).numbered.base))
            }
            // A controller is named by its id or its screen (`expect.events: ["Detail.viewWillDisappear"]` of `Detail#2`).
            step = try ScenarioDecoder.decodeStep(
                body, file: "body",
                isKnownID: { text in
                    hierarchy.contains(NodeID(text)) || hierarchy.nodeIDs.contains { hierarchy[$0].screen == text } || canBuild(text)
                },
                knownIDs: { hierarchy.nodeIDs.map(\.rawValue) }, routes: routes.keys, device: hierarchy.device, replaying: replaying)
        } catch {
            throw .invalidBody(error)
        }
        let before = simulator
        let record = ScenarioRunner.record(step, index: steps.count, on: &simulator, routes: routes)
        do {
            try keep(record, text: Self.textBytes(of: body), replaying: replaying)
        } catch {
            simulator = before
            throw error
        }
        scenarioSteps.append(step)
        captureIdentities = CaptureIdentities()
        return record
    }

    /// Applies an app's canonical snapshot: the appearance callbacks are computed from what left and
    /// joined the window since the previous state (docs/semantics.md#A8); `note` is the step's. `replaying` a journal,
    /// what an earlier navviz acknowledged is read and kept as it was then.
    mutating func apply(snapshot body: JSONValue, note: String? = nil, replaying: Bool = false) throws(ServerError) -> RunStep {
        try LargeStack.run { () throws(ServerError) in try applyHere(snapshot: body, note: note, replaying: replaying) }
    }

    private mutating func applyHere(snapshot body: JSONValue, note: String?, replaying: Bool) throws(ServerError) -> RunStep {
        // A scenario posted as a snapshot: one line that says so, not its fields one by one (a trial).
        if body["navviz"] != nil || body["root"] != nil || body["steps"] != nil {
            throw .invalidBody(
                ScenarioErrors([
                    .invalidNode(
                        file: "body", path: "(top level)",
                        reason:
                            "a scenario, not a canonical snapshot: a snapshot is one hierarchy, {\"id\": …, \"kind\": …, \"children\": […]} "
                            + "(a scenario's steps go one by one to /api/sessions/ID/steps)")
                ]))
        }
        let hierarchy: Hierarchy
        do {
            hierarchy = try Snapshot.decode(body, file: "body", device: simulator.hierarchy.device, replaying: replaying)
        } catch {
            throw .invalidBody(error)
        }
        // Before the simulator takes it.
        let text = Self.textBytes(of: body)
        try checkRoom(for: hierarchy.nodeCount, text: text, replaying: replaying)
        let outcome = simulator.replaceHierarchy(hierarchy)
        let record = RunStep(
            index: steps.count, op: "snapshot", outcome: outcome, note: note, path: "", finder: simulator.finderResult,
            hierarchy: simulator.hierarchy)
        try keep(record, text: text, replaying: replaying)
        scenarioSteps.append(ScenarioStep(action: .snapshot(hierarchy), note: note))
        captureIdentities = CaptureIdentities()
        return record
    }

    /// Applies a `_printHierarchy` capture, read after the session's previous one (`captureIdentities`) with
    /// `kinds` (`--kind`), as its snapshot, with what the reading guessed as the step's note; the next capture
    /// continues from this one's ids.
    mutating func apply(capture text: String, kinds: [String: NodeKind] = [:], replaying: Bool = false) throws(ServerError) -> RunStep {
        try apply(capture: Self.read(capture: text), kinds: kinds, replaying: replaying)
    }

    /// A posted dump read (`PrintHierarchy.parse`, named as the request's body), or why it cannot be.
    /// Text that does not start as a dump is told what the CLI tells of it (`Capture.refuseNeitherDumpNorJSON`): notes above
    /// a dump, a fragment, the debugger's error. The daemon said "expected a view controller line" of the notes' first line
    /// where `navviz run` named the line the dump starts on (a trial).
    static func read(capture text: String) -> Result<PrintHierarchy, PrintHierarchyError> {
        let reading = PrintHierarchy.dumpReading(text)
        if reading == nil {
            do throws(ScenarioErrors) {
                try Capture.refuseNeitherDumpNorJSON(text, file: "body")
            } catch {
                if case .capture(let refusal)? = error.errors.first { return .failure(refusal) }
            }
        }
        return Result { () throws(PrintHierarchyError) in try PrintHierarchy.parse(text, file: "body", reading: reading) }
    }

    /// The same with the dump read already (`PrintHierarchy.parse`, the costly part, done off the store).
    mutating func apply(
        capture parsed: Result<PrintHierarchy, PrintHierarchyError>, kinds: [String: NodeKind] = [:], replaying: Bool = false
    ) throws(ServerError) -> RunStep {
        try LargeStack.run { () throws(ServerError) in try applyHere(capture: parsed, kinds: kinds, replaying: replaying) }
    }

    private mutating func applyHere(
        capture parsed: Result<PrintHierarchy, PrintHierarchyError>, kinds: [String: NodeKind], replaying: Bool
    ) throws(ServerError) -> RunStep {
        let captured: CapturedHierarchy
        do throws(PrintHierarchyError) {
            // The session's device, given when it was made: not guessed from an expanded split, whose note advised an
            // import option the daemon has none of (a review); the snapshot keeps the session's device anyway.
            captured = try parsed.get().hierarchy(kinds: kinds, device: simulator.hierarchy.device, continuing: captureIdentities)
        } catch {
            throw .invalidBody(ScenarioErrors([.capture(error)]))
        }
        var suggested = suggestedKinds
        var note = Capture.note(captured, leavingOut: &suggested)
        // The advice names `--kind`, as `navviz capture` in LLDB takes it; a request takes it as a query (a live-debugging
        // trial's curl had no `--kind` to pass).
        if let text = note, text.contains(Capture.kindSuggestion) {
            note = text + " (A request to /snapshots passes each as ?kind=Class=kind.)"
        }
        let step = try apply(snapshot: Snapshot.encode(captured.hierarchy), note: note, replaying: replaying)
        captureIdentities = captured.identities
        suggestedKinds = suggested
        return step
    }

    /// The session as a scenario file: the node literal it was created from (else its initial state as a
    /// canonical snapshot root), then every step posted (written by `ScenarioEncoder`), so a flow recorded
    /// from a real app becomes a golden `navviz check` keeps.
    public var scenario: JSONValue {
        let initial = steps[0].hierarchy
        var scenario = Scenario(
            file: "", name: name, device: initial.device, finder: simulator.finder.strategy, quirks: simulator.replaysQuirks,
            screens: initial.screens, routes: routes, root: rootLiteral ?? .screen("(snapshot)"))
        if rootLiteral == nil { scenario.initialHierarchy = initial }
        // A watched file's session replays its run; its states are written as snapshots.
        scenario.steps =
            scenarioSteps.count == lastIndex
            ? scenarioSteps : steps.dropFirst().map { ScenarioStep(action: .snapshot($0.hierarchy)) }
        return ScenarioEncoder.encode(scenario)
    }

    /// The session as the API lists it.
    var summary: JSONValue {
        SessionInfo(
            id: id.rawValue, name: name, steps: lastIndex, visible: steps.last?.finder.visible?.rawValue, created: created,
            source: source.file == nil ? "api" : "watch", file: source.file, error: error,
            warnings: warnings.isEmpty ? nil : warnings
        ).json
    }
}

extension Session.Source {
    var file: String? {
        if case .watch(let file) = self { return file }
        return nil
    }
}
