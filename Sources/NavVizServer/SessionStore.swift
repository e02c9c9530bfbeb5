import Foundation
import NavVizCore
import NavVizScenario

/// The daemon's state: sessions, their steps, and who listens for new ones. Handlers go through
/// this protocol only, so tests can hand `buildApplication` a store of their own.
public protocol SessionStore: Sendable {
    /// Creates a session from a `POST /api/sessions` body; returns once it is on disk.
    func create(_ body: JSONValue) async throws(ServerError) -> Session
    /// Every session, sorted by id.
    func list() async -> [Session]
    /// One session.
    func session(_ id: SessionID) async throws(ServerError) -> Session
    /// Deletes a session and its journal.
    func delete(_ id: SessionID) async throws(ServerError)
    /// Simulates a posted scenario step; returns its record once it is on disk.
    func perform(_ body: JSONValue, in id: SessionID) async throws(ServerError) -> RunStep
    /// Applies an app's canonical snapshot; returns its record once it is on disk.
    func apply(snapshot body: JSONValue, to id: SessionID) async throws(ServerError) -> RunStep
    /// Applies the text `_printHierarchy` printed, as its canonical snapshot, with `kinds` as `--kind`: a
    /// controller printed at an address the session's earlier captures printed, with the same class, keeps its id.
    func apply(capture text: String, kinds: [String: NodeKind], to id: SessionID) async throws(ServerError) -> RunStep
    /// Events from now on (and, for one session, its acknowledged steps after `after` first). With `everySession`,
    /// one session's stream also hears every session's summary and deletion, as the stream of all sessions does:
    /// the viewer's one stream (a browser gives a host six connections, and two streams a tab starved its images).
    func subscribe(to id: SessionID?, after: Int?, everySession: Bool) async throws(ServerError) -> EventSubscription
    /// Installs or replaces a session rendered from a watched scenario file; false (and nothing changed)
    /// when a session created through the API holds its id.
    @discardableResult
    func install(watched session: Session) async -> Bool
    /// Removes a watched session whose file is gone.
    func remove(watched id: SessionID) async
    /// Ends every event stream and flushes and closes the journal.
    func close() async
}

extension SessionStore {
    /// `subscribe(to:after:everySession:)` for one session's own events, or every session's.
    public func subscribe(to id: SessionID?, after: Int?) async throws(ServerError) -> EventSubscription {
        try await subscribe(to: id, after: after, everySession: false)
    }
}

/// Something subscribers hear about.
public enum ServerEvent: Sendable {
    /// A step was accepted (and is on disk).
    case step(SessionID, RunStep)
    /// A session was created, or replaced as a whole (a watched file changed).
    case session(SessionID, summary: JSONValue)
    /// A session was deleted.
    case deleted(SessionID)
    /// Nothing happened for a while (keeps connections honest).
    case ping

    /// The session it concerns.
    var sessionID: SessionID? {
        switch self {
        case .step(let id, _), .session(let id, _), .deleted(let id): id
        case .ping: nil
        }
    }
}

/// A stream of events and a way to end it early.
public struct EventSubscription: Sendable {
    /// The events, until the session is deleted, the daemon shuts down or `cancel` is called.
    public let events: AsyncStream<ServerEvent>
    /// Ends the stream.
    public let cancel: @Sendable () -> Void
}

extension SessionID {
    /// `slug` of `name` written in ASCII Latin letters first (ICU's `Any-Latin; Latin-ASCII`): `Ñandú café` is
    /// `nandu-cafe`, `Straße` `strasse`, `Москва` `moskva` (they were `and-caf`, `stra-e` and `session`, a trial).
    static func slug(latin name: String) -> SessionID {
        slug(name.applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false) ?? name)
    }

    /// `slug(latin:)` of `name`, or `slug-2`, `slug-3`… while `taken` says it is taken.
    static func free(for name: String, taken: (SessionID) -> Bool) -> SessionID {
        let base = slug(latin: name)
        var candidate = base
        var n = 1
        while taken(candidate) {
            n += 1
            candidate = SessionID("\(base.rawValue.prefix(56))-\(n)")!
        }
        return candidate
    }
}
