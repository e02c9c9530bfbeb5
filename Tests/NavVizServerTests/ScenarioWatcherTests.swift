import Foundation
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
