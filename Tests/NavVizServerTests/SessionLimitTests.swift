import Foundation
import Hummingbird
import HummingbirdTesting
import NavVizScenario
import Testing

@testable import NavVizServer

/// A session's memory grows with its states times their size (5,000 pushes onto one stack took a daemon to 917 MB):
/// past its limit a step is refused with a sentence, and the session stays as it was.
@Suite struct SessionLimitTests {
    /// A large dump is read off the store: another session's requests go on meanwhile (a security review's eight large
    /// dumps, read inside the store, held a read of another session 8.5 s). Told by order, with a second or more to spare:
    /// the dump below takes that long to read, the reads of the other session a few milliseconds.
    @Test func readingALargeDumpDoesNotHoldTheOtherSessions() async throws {
        let store = InMemorySessionStore(sessions: [])
        for id in ["big", "other"] { _ = try await store.create(try JSONParser.parse(#"{"id": "\#(id)"}"#)) }
        let dump =
            "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n"
            + String(repeating: "   | ", count: 40_000) + "<A 0x3>, state: appeared, view: <UIView 0x4>\n"
        let order = Locked<[String]>([])
        async let big: Void = {
            _ = try? await store.apply(capture: dump, kinds: [:], to: SessionID("big")!)
            order.withLock { $0.append("big") }
        }()
        try await Task.sleep(for: .milliseconds(50))
        for _ in 0..<10 { _ = try await store.session(SessionID("other")!) }
        order.withLock { $0.append("other") }
        await big
        #expect(order.withLock { $0 } == ["other", "big"])
    }

    @Test func aStepPastTheLimitIsRefusedAndChangesNothing() async throws {
        var session = try Session.create(
            from: try JSONParser.parse(#"{"id": "shop", "root": {"navigation": ["Home"]}}"#), id: SessionID("shop")!, created: "")
        // The initial state holds 2 controllers; each push adds a state of one more.
        session.keptControllerLimit = 2 + 3 + 4
        #expect(Session.maxKeptControllers == 2_000_000)
        try await withDaemon(store: InMemorySessionStore(sessions: [session])) { client in
            for name in ["A", "B"] {
                let step = try await client.post("/api/sessions/shop/steps", #"{"op": "push", "node": "\#(name)"}"#)
                #expect(step.status == .created)
            }
            let refused = try await client.post("/api/sessions/shop/steps", #"{"op": "push", "node": "C"}"#)
            #expect(refused.status.code == 507)
            #expect(
                refused.errorMessage
                    == "Session 'shop' is full: its 3 states hold as many controllers as navviz serve keeps in one session (9 in all, "
                    + "counted once per state, and one more per 600 bytes of text posted). Start another session, or delete this one"
            )
            let snapshot = #"{"id": "nav", "kind": "navigation", "children": [{"id": "Home", "kind": "controller", "children": []}]}"#
            #expect(try await client.post("/api/sessions/shop/snapshots", snapshot).status.code == 507)
            let summary = try await client.get("/api/sessions/shop")
            #expect(try summary.json["steps"] == .number(2))
            #expect(try summary.json["visible"] == .string("B"))
        }
    }

    /// At most 1,000 sessions, and names of at most 200 characters: a client creating sessions in a loop, or with
    /// megabyte names, filled the disk with journals and the viewer's list (security reviews left it uncapped).
    @Test func sessionsAndTheirNamesAreCapped() async throws {
        let store = InMemorySessionStore()
        for index in 0..<InMemorySessionStore.sessionLimit {
            _ = try await store.create(try JSONParser.parse(#"{"id": "s\#(index)"}"#))
        }
        await #expect(throws: ServerError.tooManySessions(limit: 1_000)) {
            _ = try await store.create(try JSONParser.parse(#"{"id": "one-more"}"#))
        }
        #expect(
            ServerError.tooManySessions(limit: 1_000).description
                == "navviz serve holds at most 1000 sessions: delete one (DELETE /api/sessions/ID) before creating another")
        try await store.delete(SessionID("s0")!)
        _ = try await store.create(try JSONParser.parse(#"{"id": "one-more"}"#))
        let long = String(repeating: "n", count: 201)
        try await withDaemon { client in
            let refused = try await client.post("/api/sessions", #"{"name": "\#(long)"}"#)
            #expect(refused.status == .badRequest)
            #expect(
                refused.errorMessage
                    == "body: name: invalid value 'nnnnnnnnnnnnnnnnnnnn…', expected a name of at most 200 characters (it has 201)")
            #expect(try await client.post("/api/sessions", #"{"name": "\#(long.dropLast())"}"#).status == .created)
        }
    }

    @Test func aRefusedStepLeavesTheSimulatorAsItWas() throws {
        var session = try Session.create(
            from: try JSONParser.parse(#"{"id": "shop", "root": {"navigation": ["Home"]}}"#), id: SessionID("shop")!, created: "")
        session.keptControllerLimit = 2 + 3 + 4
        for name in ["A", "B"] { _ = try session.perform(try JSONParser.parse(#"{"op": "push", "node": "\#(name)"}"#)) }
        #expect(throws: ServerError.sessionFull(SessionID("shop")!, states: 3, limit: 9)) {
            _ = try session.perform(try JSONParser.parse(#"{"op": "push", "node": "C"}"#))
        }
        #expect(session.keptControllers == 9)
        session.keptControllerLimit = 100
        // Not left one push ahead: the pop shows A.
        #expect(try session.perform(try JSONParser.parse(#"{"op": "pop"}"#)).finder.visible?.rawValue == "A")
        #expect(session.keptControllers == 9 + session.steps[3].hierarchy.nodeCount)
    }

    /// The text a step posts counts too, one controller per 600 bytes in all: names and titles have no length limit of
    /// their own, and a trial's snapshots of 9 KB titles took one session to 1.3 GB at 6.6% of its controllers; summed
    /// across steps, so 599 bytes a request are not free, and an empty window's state counts one (a review).
    @Test func theTextAStepPostsCountsAgainstTheLimit() throws {
        var session = try Session.create(
            from: try JSONParser.parse(#"{"id": "shop", "root": {"navigation": ["Home"]}}"#), id: SessionID("shop")!, created: "")
        let name = String(repeating: "n", count: 5_990)
        // "op", "push", "node" and the name: 6,000 bytes, 10 controllers more than the state's 3.
        _ = try session.perform(try JSONParser.parse(#"{"op": "push", "node": "\#(name)"}"#))
        #expect(session.keptWeight == 2 + 3 + 10)
        let title = String(repeating: "t", count: 575)
        // id, nav, kind, navigation, title, the title, children: 607 bytes, a state of 1: the sum passes another 600.
        _ = try session.apply(
            snapshot: try JSONParser.parse(#"{"id": "nav", "kind": "navigation", "title": "\#(title)", "children": []}"#))
        #expect(session.keptWeight == 2 + 3 + 10 + 1 + 1)
        _ = try session.apply(snapshot: .null)
        #expect(session.keptWeight == 2 + 3 + 10 + 1 + 1 + 1)
        session.keptControllerLimit = session.keptWeight + 5
        #expect(throws: ServerError.sessionFull(SessionID("shop")!, states: 4, limit: session.keptWeight + 5)) {
            _ = try session.perform(try JSONParser.parse(#"{"op": "push", "node": "\#(name)"}"#))
        }
    }
}

/// The viewer's policy hashes its script and style with this SHA-256: the FIPS 180-4 examples, and RFC 4648's base64.
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func digestsMatchTheStandardsExamples(text: String, hex: String) {
        #expect(SHA256.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() == hex)
    }

    @Test(arguments: [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("foobar", "Zm9vYmFy")])
    func base64MatchesRFC4648(text: String, encoded: String) {
        #expect(SHA256.base64(Array(text.utf8)) == encoded)
    }

    @Test func aCSPSourceIsTheBase64OfTheDigest() {
        #expect(SHA256.cspSource("abc") == "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='")
    }
}
