import Foundation
import Hummingbird
import HummingbirdTesting
import NavVizScenario
import Testing

@testable import NavVizServer

/// Server-Sent Events: one `step` event per accepted step, in order, with the step as the run JSON has it.
@Suite struct ServerEventsTests {
    /// The `data:` JSON of every `step` event in an event-stream body.
    func stepEvents(_ text: String) throws -> [JSONValue] {
        try text.components(separatedBy: "\n\n").filter { $0.contains("event: step") }.map { block in
            let data = block.split(separator: "\n").first { $0.hasPrefix("data: ") }!.dropFirst(6)
            return try JSONParser.parse(String(data))
        }
    }

    @Test func eventsReplayAcknowledgedStepsAfterAnIndex() async throws {
        try await withDaemon { client in
            try await client.createShop()
            _ = try await client.post("/api/sessions/shop/steps", #"{"op": "push", "node": "A"}"#)
            _ = try await client.post("/api/sessions/shop/steps", #"{"op": "push", "node": "B"}"#)
            let response = try await client.get("/api/sessions/shop/events?after=1&limit=1")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/event-stream")
            #expect(response.text.hasPrefix("retry: 2000\n\nid: 2\nevent: step\ndata: {\"index\":2,\"op\":\"push\""))
            #expect(try stepEvents(response.text).map { $0["visible"] } == [.string("B")])
        }
    }

    @Test func lastEventIDAndAfterAreValidatedAlike() async throws {
        try await withDaemon { client in
            try await client.createShop()
            _ = try await client.post("/api/sessions/shop/steps", #"{"op": "push", "node": "A"}"#)
            _ = try await client.post("/api/sessions/shop/steps", #"{"op": "push", "node": "B"}"#)
            // An EventSource reconnecting sends the last id it saw.
            let resumed = try await client.get("/api/sessions/shop/events?limit=1", headers: [.init("Last-Event-ID")!: "1"])
            #expect(try stepEvents(resumed.text).map { $0["visible"] } == [.string("B")])
            for bad in ["x", "-1", "1.5"] {
                let header = try await client.get("/api/sessions/shop/events?limit=1", headers: [.init("Last-Event-ID")!: bad])
                #expect(header.status == .badRequest)
                #expect(header.errorMessage == "Invalid header 'Last-Event-ID' '\(bad)': expected a step number")
                let query = try await client.get("/api/sessions/shop/events?limit=1&after=\(bad)")
                #expect(query.status == .badRequest)
                #expect(query.errorMessage == "Invalid query parameter 'after' '\(bad)': expected a step number")
            }
        }
    }

    @Test func eachNewStepIsOneEventInOrder() async throws {
        try await withDaemon { client in
            try await client.createShop()
            // Subscribe from step 0, so steps posted before the subscription lands are replayed, later ones streamed.
            async let stream = client.get("/api/sessions/shop/events?after=0&limit=20")
            for index in 0..<20 {
                let step = index.isMultiple(of: 2) ? #"{"op": "push", "node": "Screen\#(index)"}"# : #"{"op": "pop"}"#
                try #require(try await client.post("/api/sessions/shop/steps", step).status == .created)
            }
            let events = try stepEvents(try await stream.text)
            #expect(events.map { $0["index"] } == (1...20).map { .number(Double($0)) })
            #expect(events.first?["visible"] == .string("Screen0"))
            #expect(events.first?["hierarchy"]?["kind"] == .string("tab"))
        }
    }

    @Test func theStreamEndsWhenTheSessionIsDeleted() async throws {
        let store = InMemorySessionStore()
        try await withDaemon(store: store) { client in
            try await client.createShop()
            _ = try await client.post("/api/sessions/shop/steps", #"{"op": "push", "node": "A"}"#)
            async let stream = client.get("/api/sessions/shop/events?after=0")
            // Delete once the stream listens.
            while await store.subscriberCount(for: SessionID("shop")!) == 0 { try await Task.sleep(for: .milliseconds(5)) }
            _ = try await client.delete("/api/sessions/shop")
            let text = try await stream.text
            #expect(text.contains("event: step"))
            #expect(text.hasSuffix("event: deleted\ndata: {\"id\":\"shop\"}\n\n"))
        }
    }

    @Test func theGlobalStreamAnnouncesSessions() async throws {
        let store = InMemorySessionStore()
        let subscription = try await store.subscribe(to: nil, after: nil)
        _ = try await store.create(try JSONParser.parse(#"{"id": "one", "root": "Home"}"#))
        _ = try await store.perform(try JSONParser.parse(#"{"op": "present", "node": "Sheet"}"#), in: SessionID("one")!)
        try await store.delete(SessionID("one")!)
        await store.close()
        #expect(await Self.described(subscription) == ["session one 0", "session one 1", "deleted one"])
    }

    /// Every event of a finished stream, one line each (`step one 1`, `session one 0`, `deleted one`), pings left out.
    static func described(_ subscription: EventSubscription) async -> [String] {
        var seen: [String] = []
        for await event in subscription.events {
            switch event {
            case .session(let id, let summary): seen.append("session \(id) \(summary["steps"].map(JSONWriter.compact) ?? "")")
            case .deleted(let id): seen.append("deleted \(id)")
            case .step(let id, let step): seen.append("step \(id) \(step.index)")
            case .ping: continue
            }
        }
        return seen
    }

    /// With `everySession`, one session's stream also carries every session's news: the viewer's one stream a page
    /// (two a page starved a browser's six connections a host, and the diagrams stayed a step behind). Without it,
    /// another session is not heard of.
    @Test(arguments: [true, false])
    func aSessionStreamCanCarryEverySessionsNews(everySession: Bool) async throws {
        let store = InMemorySessionStore()
        _ = try await store.create(try JSONParser.parse(#"{"id": "one", "root": "Home"}"#))
        let subscription = try await store.subscribe(to: SessionID("one")!, after: 0, everySession: everySession)
        _ = try await store.perform(try JSONParser.parse(#"{"op": "present", "node": "Sheet"}"#), in: SessionID("one")!)
        _ = try await store.create(try JSONParser.parse(#"{"id": "two", "root": "Home"}"#))
        _ = try await store.perform(try JSONParser.parse(#"{"op": "present", "node": "Sheet"}"#), in: SessionID("two")!)
        try await store.delete(SessionID("two")!)
        try await store.delete(SessionID("one")!)
        await store.close()
        #expect(
            await Self.described(subscription)
                == (everySession
                    ? ["step one 1", "session one 1", "session two 0", "session two 1", "deleted two", "deleted one"]
                    : ["step one 1", "deleted one"]))
    }

    @Test func pingsKeepQuietStreamsAlive() async throws {
        let store = InMemorySessionStore(pingInterval: .milliseconds(20))
        _ = try await store.create(try JSONParser.parse(#"{"id": "one"}"#))
        let subscription = try await store.subscribe(to: SessionID("one")!, after: nil)
        var iterator = subscription.events.makeAsyncIterator()
        let first = await iterator.next()
        if case .ping? = first {} else { Issue.record("expected a ping, got \(String(describing: first))") }
        subscription.cancel()
        await store.close()
    }
}
