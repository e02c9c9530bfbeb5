import Foundation
import NavVizCore
import NavVizScenario

/// Sessions in memory, every accepted request written to a journal first (`FileJournal` for the
/// daemon, `NoJournal` in tests). Steps are simulated inside the actor; only the journal's fsync is
/// awaited, and appends waiting at the same time share one fsync.
public actor InMemorySessionStore: SessionStore {
    private let journal: any SessionJournal
    private let clock: @Sendable () -> String
    private var sessions: [SessionID: Session] = [:]
    private var reserved: Set<SessionID> = []
    /// Ids whose journal name the data folder already holds, not a session's (passed over by `freeID`).
    private var takenNames: Set<SessionID> = []
    private var brokenJournals: [SessionID: String] = [:]
    private var subscribers: [UUID: (filter: SessionID?, everySession: Bool, continuation: AsyncStream<ServerEvent>.Continuation)] = [:]
    private var pinger: Task<Void, Never>?
    private let pingInterval: Duration
    private var isClosed = false

    /// A store writing to `journal`. `clock` gives creation times (ISO 8601).
    public init(
        journal: any SessionJournal = NoJournal(), sessions: [Session] = [], pingInterval: Duration = .seconds(15),
        clock: @escaping @Sendable () -> String = { Date().formatted(.iso8601) }
    ) {
        self.journal = journal
        self.clock = clock
        self.pingInterval = pingInterval
        self.sessions = Dictionary(sessions.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
    }

    // MARK: - Restoring

    /// Replays every journal: sessions come back with every acknowledged step. Returns what was
    /// skipped (torn or damaged records), one sentence each; the sessions carry them as warnings too.
    public func restore() async throws(ServerError) -> [String] {
        var report: [String] = []
        for journal in try await journal.restore() {
            let (session, warnings) = Self.replay(journal)
            report += warnings
            if let session { sessions[session.id] = session }
        }
        return report
    }

    /// A session as its journal's records make it, every step acknowledged, and what could not be replayed.
    static func replay(_ journal: RestoredJournal) -> (session: Session?, warnings: [String]) {
        var warnings = journal.warnings
        guard let id = journal.id else { return (nil, warnings) }
        guard let first = journal.records.first, first["type"] == .string("session"), let request = first["request"] else {
            // A file the journal left alone says why in its warnings.
            if journal.records.isEmpty, !warnings.isEmpty { return (nil, warnings) }
            return (nil, warnings + ["\(id).journal: no session record at its start; the session was not restored"])
        }
        var session: Session
        do {
            session = try Session.create(from: request, id: id, created: first["created"]?.stringValue ?? "", replaying: true)
        } catch {
            return (
                nil, warnings + ["\(id).journal: the session record no longer decodes (\(error)); the session was not restored"]
            )
        }
        for (offset, record) in journal.records.dropFirst().enumerated() {
            do {
                switch record["type"]?.stringValue {
                case "step": _ = try session.perform(record["body"] ?? .null, replaying: true)
                case "snapshot": _ = try session.apply(snapshot: record["body"] ?? .null, replaying: true)
                case "capture":
                    let (text, kinds) = try Self.capture(in: record["body"] ?? .null)
                    _ = try session.apply(capture: text, kinds: kinds, replaying: true)
                default: throw ServerError.invalidBody(ScenarioErrors([]))
                }
            } catch {
                warnings.append("\(id).journal: record \(offset + 2) could not be replayed: \(error)")
            }
        }
        session.acknowledged = session.lastIndex
        session.warnings = warnings
        return (session, warnings)
    }

    // MARK: - SessionStore

    /// The most sessions the daemon holds at once.
    public static let sessionLimit = 1_000

    /// Creates a session from a `POST /api/sessions` body under a free id; returns once its journal is on disk.
    public func create(_ body: JSONValue) async throws(ServerError) -> Session {
        guard !isClosed else { throw .journalFailed(reason: "the daemon is shutting down") }
        // A client creating sessions in a loop would fill the disk with journals and the list with names.
        guard sessions.count + reserved.count < Self.sessionLimit else { throw .tooManySessions(limit: Self.sessionLimit) }
        let requested = try Session.requestedID(in: body)
        if let requested, sessions[requested] != nil || reserved.contains(requested) { throw .sessionExists(requested) }
        let name = Session.requestedName(in: body) ?? "session"
        var id = requested ?? freeID(for: name)
        let created = clock()
        // Checked before the journal is touched; made again under another id if the first name is taken.
        var session = try Session.create(from: body, id: id, created: created)
        while true {
            // This attempt's id: the one released when it ends (`id` may be another by then).
            let attempt = id
            reserved.insert(attempt)
            defer { reserved.remove(attempt) }
            let record: JSONValue = .object([
                ("type", .string("session")), ("id", .string(attempt.rawValue)), ("created", .string(created)), ("request", body),
            ])
            do {
                try await journal.create(attempt, first: record)
                break
            } catch .journalNameTaken(let taken, let file) where requested == nil {
                // A name of the data folder's that is not a session (another user's file, say): the next free one.
                takenNames.insert(taken)
                guard takenNames.count < 1000 else { throw .journalNameTaken(taken, file: file) }
                id = freeID(for: name)
            }
        }
        if session.id != id { session = try Session.create(from: body, id: id, created: created) }
        sessions[id] = session
        broadcast(.session(id, summary: session.summary))
        return session
    }

    /// `slug`, or `slug-2`, `slug-3`… when taken.
    private func freeID(for name: String) -> SessionID {
        SessionID.free(for: name) { sessions[$0] != nil || reserved.contains($0) || takenNames.contains($0) }
    }

    /// Every session, sorted by id.
    public func list() -> [Session] { sessions.values.sorted { $0.id < $1.id } }

    /// The session with this id.
    public func session(_ id: SessionID) throws(ServerError) -> Session {
        guard let session = sessions[id] else { throw .unknownSession(id) }
        return session
    }

    /// Deletes an API session and its journal, and ends the streams that follow it. A watched file's session
    /// goes with its file (`remove(watched:)`), not through the API.
    public func delete(_ id: SessionID) async throws(ServerError) {
        if case .watch(let file) = sessions[id]?.source { throw .watchedSession(id, file: file) }
        guard sessions.removeValue(forKey: id) != nil else { throw .unknownSession(id) }
        brokenJournals[id] = nil
        try await journal.delete(id)
        broadcast(.deleted(id))
        for (key, subscriber) in subscribers where subscriber.filter == id {
            subscriber.continuation.finish()
            subscribers[key] = nil
        }
    }

    /// Simulates a posted scenario step; returns its record once it is on disk.
    public func perform(_ body: JSONValue, in id: SessionID) async throws(ServerError) -> RunStep {
        let step = try mutate(id) { (session) throws(ServerError) in try session.perform(body) }
        try await commit(("step", body), step: step, in: id)
        return step
    }

    /// Applies an app's canonical snapshot; returns its record once it is on disk.
    public func apply(snapshot body: JSONValue, to id: SessionID) async throws(ServerError) -> RunStep {
        let step = try mutate(id) { (session) throws(ServerError) in try session.apply(snapshot: body) }
        try await commit(("snapshot", body), step: step, in: id)
        return step
    }

    /// Applies a `_printHierarchy` capture, read after the session's previous one (`Session.captureIdentities`)
    /// with `kinds` (the `kind` parameters, as `--kind`).
    public nonisolated func apply(capture text: String, kinds: [String: NodeKind], to id: SessionID) async throws(ServerError)
        -> RunStep
    {
        // Read off the store and off the tasks' threads: a dump takes about a second a megabyte to read, and read inside the
        // store it held every session's requests (a security review's eight large dumps held a read of another session 8.5 s).
        let parsed: Result<PrintHierarchy, PrintHierarchyError> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: Session.read(capture: text)) }
        }
        return try await apply(capture: text, parsed: parsed, kinds: kinds, to: id)
    }

    private func apply(
        capture text: String, parsed: Result<PrintHierarchy, PrintHierarchyError>, kinds: [String: NodeKind], to id: SessionID
    ) async throws(ServerError) -> RunStep {
        let step = try mutate(id) { (session) throws(ServerError) in try session.apply(capture: parsed, kinds: kinds) }
        // The dump as posted, not its snapshot: read again on a restart, it gives the next capture the same ids by
        // address (a restarted daemon drew a phantom pop and push of a controller that never moved).
        let body: JSONValue =
            kinds.isEmpty
            ? .string(text)
            : .object([
                ("text", .string(text)),
                ("kinds", .object(kinds.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value.rawValue)) })),
            ])
        try await commit(("capture", body), step: step, in: id)
        return step
    }

    /// A journaled capture: its text alone, or its text with the kinds it was posted with.
    static func capture(in body: JSONValue) throws(ServerError) -> (String, [String: NodeKind]) {
        if let text = body.stringValue { return (text, [:]) }
        guard let text = body["text"]?.stringValue, let members = body["kinds"]?.objectMembers else {
            throw .invalidBody(ScenarioErrors([]))
        }
        var kinds: [String: NodeKind] = [:]
        for (name, value) in members {
            guard let kind = value.stringValue.flatMap(NodeKind.init(rawValue:)) else { throw .invalidBody(ScenarioErrors([])) }
            kinds[name] = kind
        }
        return (text, kinds)
    }

    /// Changes a session that takes steps, in place: taken out of the table while it changes, so its
    /// step list is appended to rather than copied.
    private func mutate(_ id: SessionID, _ change: (inout Session) throws(ServerError) -> RunStep) throws(ServerError) -> RunStep {
        guard !isClosed else { throw .journalFailed(reason: "the daemon is shutting down") }
        guard var session = sessions.removeValue(forKey: id) else { throw .unknownSession(id) }
        defer { sessions[id] = session }
        if case .watch(let file) = session.source { throw .watchedSession(id, file: file) }
        if let reason = brokenJournals[id] { throw .journalFailed(reason: reason) }
        return try change(&session)
    }

    /// Writes the request to the journal, then tells subscribers about every step now on disk, in order.
    private func commit(_ record: (type: String, body: JSONValue), step: RunStep, in id: SessionID) async throws(ServerError) {
        do {
            try await journal.append(.object([("type", .string(record.type)), ("body", record.body)]), to: id)
        } catch {
            // Nothing was accepted, so the session must not show it: refuse steps while it is made again from what its
            // journal holds (later steps were simulated on top of this one); if that fails, until a restart replays it.
            if sessions[id] != nil {
                if case .journalFailed(let reason) = error { brokenJournals[id] = reason } else { brokenJournals[id] = error.description }
                await rollBack(id)
            }
            throw error
        }
        // Appends finish in order per session, so every step up to this one is on disk now.
        guard let session = sessions[id], session.acknowledged < step.index, step.index <= session.lastIndex else { return }
        let newly = session.steps[(session.acknowledged + 1)...min(step.index, session.lastIndex)]
        sessions[id]?.acknowledged = step.index
        for record in newly { broadcast(.step(id, record)) }
        if subscribers.values.contains(where: { $0.filter == nil || $0.everySession }) {
            broadcast(.session(id, summary: session.summary), onlyGlobal: true)
        }
    }

    /// After a failed append: the session made again from the records its journal holds (every acknowledged step,
    /// none after), taking steps again. A daemon whose disk was full showed a step it answered "nothing was
    /// accepted" for, and refused every later one until a restart.
    private func rollBack(_ id: SessionID) async {
        guard let restored = try? await journal.reread(id), let live = sessions[id] else { return }
        let (rebuilt, _) = Self.replay(restored)
        // Another request may have rolled it back already; what was acknowledged (and told to subscribers) stays. A
        // step on disk whose append has not returned yet is acknowledged (and told) when it returns.
        guard var session = rebuilt, session.lastIndex >= live.acknowledged, brokenJournals[id] != nil else { return }
        session.acknowledged = live.acknowledged
        session.warnings = live.warnings
        sessions[id] = session
        brokenJournals[id] = nil
    }

    /// Events from now on (and, for one session, its acknowledged steps after `after` first); with `everySession`,
    /// every session's summaries and deletions too.
    public func subscribe(to id: SessionID?, after: Int?, everySession: Bool) throws(ServerError) -> EventSubscription {
        // Each stream holds a connection for as long as it lasts: a thousand of them took every file the daemon had.
        guard subscribers.count < Self.maxStreams else { throw .tooManyStreams(limit: Self.maxStreams) }
        var replay: [ServerEvent] = []
        if let id {
            guard let session = sessions[id] else { throw .unknownSession(id) }
            if let after, after < session.acknowledged {
                replay = session.steps[(max(after, -1) + 1)...session.acknowledged].map { .step(id, $0) }
            }
        }
        let key = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: ServerEvent.self, bufferingPolicy: .bufferingNewest(4096))
        for event in replay { continuation.yield(event) }
        if isClosed {
            continuation.finish()
        } else {
            subscribers[key] = (id, everySession, continuation)
            startPinging()
        }
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(key) }
        }
        return EventSubscription(events: stream, cancel: { continuation.finish() })
    }

    private func unsubscribe(_ key: UUID) { subscribers[key] = nil }

    /// The most event streams open at once.
    public static let maxStreams = 256

    /// How many streams listen to this session (or, for nil, to all sessions).
    func subscriberCount(for id: SessionID?) -> Int { subscribers.values.filter { $0.filter == id }.count }

    private func broadcast(_ event: ServerEvent, onlyGlobal: Bool = false) {
        for subscriber in subscribers.values {
            if let filter = subscriber.filter {
                if case .step = event {
                    if filter != event.sessionID { continue }
                } else if !subscriber.everySession, onlyGlobal || filter != event.sessionID {
                    continue
                }
            } else if case .step = event {
                continue  // the global stream hears about sessions, not each step
            }
            subscriber.continuation.yield(event)
        }
    }

    private func startPinging() {
        guard pinger == nil else { return }
        let interval = pingInterval
        pinger = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard let self, !Task.isCancelled else { return }
                await self.ping()
            }
        }
    }

    private func ping() {
        for subscriber in subscribers.values { subscriber.continuation.yield(.ping) }
    }

    /// Installs or replaces a session rendered from a watched scenario file, every step acknowledged; never
    /// over a session created through the API (false then).
    @discardableResult
    public func install(watched session: Session) -> Bool {
        if let existing = sessions[session.id], existing.source == .api { return false }
        var session = session
        session.acknowledged = session.lastIndex
        sessions[session.id] = session
        broadcast(.session(session.id, summary: session.summary))
        return true
    }

    /// Removes a watched session whose file is gone (API sessions are left alone).
    public func remove(watched id: SessionID) {
        guard sessions[id]?.source != .api, sessions.removeValue(forKey: id) != nil else { return }
        broadcast(.deleted(id))
    }

    /// Ends every event stream and flushes and closes the journal; later changes are refused.
    public func close() async {
        guard !isClosed else { return }
        isClosed = true
        pinger?.cancel()
        for subscriber in subscribers.values { subscriber.continuation.finish() }
        subscribers = [:]
        await journal.close()
    }
}
