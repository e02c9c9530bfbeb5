import Foundation
import Logging
import NavVizFormat
import NavVizScenario
import Testing

@testable import NavVizServer

/// `--watch DIR`: scenario files become read-only sessions, rendered again when they change.
@Suite struct ScenarioWatcherTests {
    @Test func scenarioFilesBecomeSessionsAndFollowTheirFiles() async throws {
        let directory = try temporaryDirectory("watch")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = "\(directory)/Shop Tour.json"
        try #"{"navviz": 1, "name": "Tour", "root": {"navigation": ["Home"]}, "steps": [{"op": "push", "node": "A"}]}"#.write(
            toFile: file, atomically: true, encoding: .utf8)
        let store = InMemorySessionStore()
        let watcher = ScenarioWatcher(directory: directory, store: store, logger: quietLogger)
        let subscription = try await store.subscribe(to: nil, after: nil)
        var seen = await watcher.scan([:])
        let id = SessionID("shop-tour")!
        var session = try await store.session(id)
        #expect(session.name == "Tour")
        #expect(session.source == .watch(file: file))
        #expect(session.steps.map(\.op) == ["initial", "push"])

        // Unchanged: nothing happens. Changed: the session is replaced and subscribers hear it.
        seen = await watcher.scan(seen)
        try #"{"navviz": 1, "name": "Tour", "root": {"navigation": ["Home"]}, "steps": [{"op": "push", "node": "A"}, {"op": "pop"}]}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        seen = await watcher.scan(seen)
        session = try await store.session(id)
        #expect(session.steps.map(\.op) == ["initial", "push", "pop"])

        // Invalid: the session shows the errors.
        try #"{"navviz": 1, "root": {"navigation": ["Home"]}, "steps": [{"op": "pusj"}]}"#.write(
            toFile: file, atomically: true, encoding: .utf8)
        seen = await watcher.scan(seen)
        #expect(try await store.session(id).error == "\(file): steps[0].op: unknown operation 'pusj'. Did you mean 'push'?")
        #expect(try await store.session(id).name == "Shop Tour")

        // Gone: so is the session.
        try FileManager.default.removeItem(atPath: file)
        seen = await watcher.scan(seen)
        #expect(seen.isEmpty)
        await #expect(throws: ServerError.unknownSession(id)) { try await store.session(id) }

        await store.close()
        var kinds: [String] = []
        for await event in subscription.events {
            switch event {
            case .session: kinds.append("session")
            case .deleted: kinds.append("deleted")
            default: continue
            }
        }
        #expect(kinds == ["session", "session", "session", "deleted"])
    }

    /// A link is followed to its target: an edit of the target is read again (its time changes, the link's does not), and a
    /// link whose target is gone is a session that says so (a trial: the edit went unseen, the session vanished unsaid).
    @Test func aLinkedScenarioFollowsItsTarget() async throws {
        let directory = try temporaryDirectory("watch-link")
        let elsewhere = try temporaryDirectory("watch-target")
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            try? FileManager.default.removeItem(atPath: elsewhere)
        }
        let target = "\(elsewhere)/tour.json"
        try #"{"navviz": 1, "root": {"navigation": ["Home"]}, "steps": [{"op": "push", "node": "A"}]}"#.write(
            toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: "\(directory)/linked.json", withDestinationPath: target)
        try FileManager.default.createSymbolicLink(atPath: "\(directory)/dangling.json", withDestinationPath: "\(elsewhere)/none.json")
        let store = InMemorySessionStore()
        let watcher = ScenarioWatcher(directory: directory, store: store, logger: quietLogger)
        var seen = await watcher.scan([:])
        #expect(try await store.session(SessionID("linked")!).steps.count == 2)
        #expect(try await store.session(SessionID("dangling")!).error?.contains("none.json") == true)
        try #"{"navviz": 1, "root": {"navigation": ["Home"]}, "steps": [{"op": "push", "node": "A"}, {"op": "pop"}]}"#.write(
            toFile: target, atomically: false, encoding: .utf8)
        seen = await watcher.scan(seen)
        #expect(try await store.session(SessionID("linked")!).steps.count == 3)
        _ = seen
        await store.close()
    }

    /// A file added beside one whose name gives the same id gets another id, whichever sorts first; removing it leaves
    /// the other's session (a trial: `App Tour.json` took over `app-tour.json`'s session, and its removal removed it).
    @Test func aNewFileNeverTakesAWatchedFilesSession() async throws {
        let directory = try temporaryDirectory("watch")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scenario = { (name: String) in #"{"navviz": 1, "name": "\#(name)", "root": "Home"}"# }
        try scenario("First").write(toFile: "\(directory)/app-tour.json", atomically: true, encoding: .utf8)
        let store = InMemorySessionStore()
        let watcher = ScenarioWatcher(directory: directory, store: store, logger: quietLogger)
        var seen = await watcher.scan([:])
        try scenario("Second").write(toFile: "\(directory)/App Tour.json", atomically: true, encoding: .utf8)
        seen = await watcher.scan(seen)
        #expect(try await store.session(SessionID("app-tour")!).name == "First")
        #expect(try await store.session(SessionID("app-tour-2")!).name == "Second")
        try FileManager.default.removeItem(atPath: "\(directory)/App Tour.json")
        seen = await watcher.scan(seen)
        #expect(try await store.session(SessionID("app-tour")!).name == "First")
        #expect(seen.count == 1)
        // A rename keeps the session (the new name's id is the old one's, which the gone file must not remove).
        try FileManager.default.moveItem(atPath: "\(directory)/app-tour.json", toPath: "\(directory)/App Tour.json")
        seen = await watcher.scan(seen)
        #expect(try await store.session(SessionID("app-tour")!).name == "First")
        #expect(seen.count == 1)
        await store.close()
    }

    @Test func aWatchedFileNeverShadowsASessionCreatedThroughTheAPI() async throws {
        let directory = try temporaryDirectory("shadow")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = InMemorySessionStore()
        _ = try await store.create(try JSONParser.parse(#"{"id": "tour", "root": {"navigation": ["Home"]}}"#))
        // A file whose slug is the API session's id, as if it was created after the scan listed the sessions.
        let file = "\(directory)/tour.json"
        try #"{"navviz": 1, "name": "Tour", "root": {"navigation": ["Watched"]}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(await store.install(watched: ScenarioWatcher.session(for: file, id: SessionID("tour")!)) == false)
        #expect(try await store.session(SessionID("tour")!).source == .api)
        // The watcher moves the file aside.
        let seen = await ScenarioWatcher(directory: directory, store: store, logger: quietLogger).scan([:])
        #expect(seen[file]?.id == SessionID("tour-2"))
        #expect(try await store.session(SessionID("tour")!).steps[0].finder.visible == "Home")
        #expect(try await store.session(SessionID("tour-2")!).steps[0].finder.visible == "Watched")
        await store.close()
    }

    /// A file of the user's that every user may write is a session that says so, not its states (a security trial wrote
    /// another user's screens into a `chmod 666` one, shown as the user's).
    @Test func aWatchedFileEveryUserMayWriteIsRefused() throws {
        let directory = try temporaryDirectory("writable")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = "\(directory)/open.json"
        try #"{"navviz": 1, "name": "T", "root": {"navigation": ["Home"]}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o666)
        let session = ScenarioWatcher.session(for: file, id: SessionID("open")!)
        #expect(session.error == "\(file): cannot be read: every user of this machine may write to it (mode 666): chmod o-w it")
        #expect(session.steps.allSatisfy { $0.hierarchy.root == nil })
        // `chmod o-w`, as the error says, changes the file's stamp: the watcher reads it again.
        let before = ScenarioWatcher.stamp(file)
        chmod(file, 0o644)
        #expect(ScenarioWatcher.stamp(file) != before)
        #expect(ScenarioWatcher.session(for: file, id: SessionID("open")!).error == nil)
    }

    /// Another user's file, or link, in the watched folder is left out: it would show as the user's session (a security
    /// review planted one, and a link to the user's own private scenario).
    @Test(.enabled(if: geteuid() == 0, "chown needs root"))
    func anotherUsersFileIsNotWatched() async throws {
        let directory = try temporaryDirectory("foreign")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let mine = "\(directory)/mine.json"
        let theirs = "\(directory)/planted.json"
        let theirLink = "\(directory)/link.json"
        for file in [mine, theirs] {
            try #"{"navviz": 1, "name": "T", "root": {"navigation": ["Home"]}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        }
        #expect(chown(theirs, 65534, 65534) == 0)
        try FileManager.default.createSymbolicLink(atPath: theirLink, withDestinationPath: mine)
        #expect(lchown(theirLink, 65534, 65534) == 0)
        let store = InMemorySessionStore()
        let seen = await ScenarioWatcher(directory: directory, store: store, logger: quietLogger).scan([:])
        #expect(seen.keys.sorted() == [mine])
        #expect(ScenarioWatcher.foreignOwner(theirs) == 65534 && ScenarioWatcher.foreignOwner(theirLink) == 65534)
        #expect(ScenarioWatcher.foreignOwner(mine) == nil)
        await store.close()
        // Read from the file opened, checked there: another file that takes the name after the look is refused.
        #expect(
            ScenarioWatcher.session(for: theirs, id: SessionID("planted")!).error
                == "\(theirs): cannot be read: it belongs to another user (uid 65534)")
    }
}

/// What the watcher logs about files, and what a watched scenario may keep.
@Suite struct ScenarioWatcherLimitTests {
    /// The lines a logger was given.
    final class Recorded: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    struct RecordingHandler: LogHandler {
        let recorded: Recorded
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { recorded.append(event.message.description) }
    }

    /// What the watcher logs of one file in a folder of its own, scanned, then scanned again once it is removed; and the
    /// file's path as it is logged, escaped.
    func logs(ofAFileNamed name: String, holding content: String) async throws -> (lines: [String], escaped: String) {
        let directory = try temporaryDirectory("names")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = "\(directory)/\(name)"
        try content.write(toFile: file, atomically: true, encoding: .utf8)
        let recorded = Recorded()
        let logger = Logger(label: "test") { _ in RecordingHandler(recorded: recorded) }
        let store = InMemorySessionStore()
        let watcher = ScenarioWatcher(directory: directory, store: store, logger: logger)
        let seen = await watcher.scan([:])
        try FileManager.default.removeItem(atPath: file)
        _ = await watcher.scan(seen)
        await store.close()
        return (recorded.all, "\(directory)/\(Terminal.inline(name))")
    }

    /// A file name with a line feed and an escape sequence is logged on one line, escaped (a security probe wrote a fake log
    /// line and retitled the terminal through a folder shared with a group); in an invalid file's error too, as every
    /// loader error names its file.
    @Test func aFileNameIsLoggedEscaped() async throws {
        let name = "a\nFAKE: token\u{1B}]0;x\u{07}.json"
        let (lines, escaped) = try await logs(ofAFileNamed: name, holding: #"{"navviz": 1, "name": "T", "root": {"navigation": ["Home"]}}"#)
        #expect(escaped.hasSuffix("/a\\u{A}FAKE: token\\u{1B}]0;x\\u{7}.json"))
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("Rendered \(escaped) as session ") == true)
        #expect(lines.last?.hasPrefix("\(escaped) is gone: session ") == true)
        let (invalid, named) = try await logs(ofAFileNamed: name, holding: #"{"navviz": 1, "name": "T", "root": {"navigation": ["Home"]}"#)
        #expect(invalid.first?.hasPrefix("\(named): invalid JSON") == true)
        #expect(!(lines + invalid).contains { $0.contains("\n") || $0.contains("\u{1B}") })
    }

    /// A pipe in the folder is said once, not skipped without a word (a trial), and never read.
    @Test func aPipeInTheFolderIsSaidOnce() async throws {
        let directory = try temporaryDirectory("pipe")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo("\(directory)/fifo.json", 0o600) == 0)
        let recorded = Recorded()
        let logger = Logger(label: "test") { _ in RecordingHandler(recorded: recorded) }
        let store = InMemorySessionStore()
        let watcher = ScenarioWatcher(directory: directory, store: store, logger: logger)
        let seen = await watcher.scan([:])
        _ = await watcher.scan(seen)
        #expect(recorded.all == ["\(directory)/fifo.json: not a regular file (a pipe, a device, or a link to one), left out"])
        #expect(await store.list().isEmpty)
        await store.close()
    }

    /// The daemon's log leaves out its own token wherever a request's address puts it (a security probe found it logged
    /// in a path segment): the middleware is given the token the daemon was started with.
    @Test func theDaemonsLogLeavesOutItsToken() async throws {
        let token = "0123456789abcdef0123"
        let recorded = Recorded()
        let logger = Logger(label: "test") { _ in RecordingHandler(recorded: recorded) }
        let app = try await buildApplication(ServeArguments(token: token), store: InMemorySessionStore(), logger: logger)
        try await app.test(.router) { client in
            _ = try await client.execute(
                uri: "/api/sessions/\(token)/run?auth=\(token)", method: .get, headers: [.authorization: "Bearer \(token)"])
        }
        let line = recorded.all.first { $0.hasPrefix("GET ") }
        #expect(line?.hasPrefix("GET /api/sessions/…/run?auth=… 400 ") == true)
        #expect(!recorded.all.contains { $0.contains(token) })
    }

    /// A watched scenario keeps at most what a posted session keeps: past it, the session says so and keeps no states (a
    /// security probe's file of 8,000 pushes took a daemon to 2.2 GB).
    @Test func aWatchedScenarioPastTheSessionLimitIsRefused() throws {
        let directory = try temporaryDirectory("limit")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A name with a line feed is escaped in the error, which the log prints (a reread: this error was the one that
        // did not).
        let file = "\(directory)/deep\nFAKE.json"
        let escaped = "\(directory)/deep\\u{A}FAKE.json"
        let pushes = (1...10).map { #"{"op": "push", "node": "S\#($0)"}"# }.joined(separator: ", ")
        try #"{"navviz": 1, "name": "Deep", "root": {"navigation": ["Home"]}, "steps": [\#(pushes)]}"#.write(
            toFile: file, atomically: true, encoding: .utf8)
        // States of 2, 3, 4, 5, … controllers: 2 + 3 + 4 + 5 = 14 passes 12 at step 3.
        let refused = ScenarioWatcher.session(for: file, id: SessionID("deep")!, limit: 12)
        #expect(
            refused.error
                == "\(escaped): its states hold more controllers than navviz serve keeps in one session (12 in all, counted once per "
                + "state), passed at step 3 of 10: split the scenario, or draw it with 'navviz render'")
        // Only the empty state a session starts with, as a file with errors has.
        #expect(refused.steps.count == 1 && refused.steps[0].hierarchy.root == nil)
        let kept = ScenarioWatcher.session(for: file, id: SessionID("deep")!, limit: 1000)
        #expect(kept.error == nil && kept.steps.count == 11)
    }

    /// The flow of a session is held to the diagram bound too (a probe's 3,001 states held the large-diagram worker 30 s).
    @Test func aFlowTooLargeToLayOutIsRefused() async throws {
        let directory = try temporaryDirectory("flow")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = "\(directory)/roots.json"
        let roots = (1...3001).map { #"{"op": "setRoot", "node": "R\#($0)"}"# }.joined(separator: ", ")
        try #"{"navviz": 1, "name": "Roots", "root": "Home", "steps": [\#(roots)]}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let store = InMemorySessionStore()
        let session = ScenarioWatcher.session(for: file, id: SessionID("roots")!)
        #expect(session.error == nil)
        #expect(await store.install(watched: session))
        try await withDaemon(store: store) { client in
            let refused = try await client.get("/api/sessions/roots/flow.svg")
            #expect(refused.status == .contentTooLarge)
            #expect(
                refused.errorMessage
                    == "The diagram would draw 3003 boxes; navviz serve lays out at most 3000 in one diagram. Render it with 'navviz render' instead"
            )
        }
    }
}
