import Foundation
import Hummingbird
import HummingbirdTesting
import NavVizScenario
import Testing

@testable import NavVizServer

/// A session's memory grows with its states times their size (5,000 pushes onto one stack took a daemon to 917 MB):
/// past its limit a step is refused with a sentence, and the session stays as it was.
@Suite struct SessionLimitTests {
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
                    == "Session 'shop' is full: its 3 states hold as many controllers as navviz serve keeps in one session (9 in all, counted once per state). Start another session, or delete this one"
            )
            let snapshot = #"{"id": "nav", "kind": "navigation", "children": [{"id": "Home", "kind": "controller", "children": []}]}"#
            #expect(try await client.post("/api/sessions/shop/snapshots", snapshot).status.code == 507)
            let summary = try await client.get("/api/sessions/shop")
            #expect(try summary.json["steps"] == .number(2))
            #expect(try summary.json["visible"] == .string("B"))
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
}
