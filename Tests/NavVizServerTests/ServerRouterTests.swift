import Foundation
import Hummingbird
import HummingbirdTesting
import NavVizCore
import NavVizScenario
import NavVizTestSupport
import Testing

@testable import NavVizServer

/// Every endpoint and every error status, in-process through the router.
@Suite struct ServerRouterTests {
    // MARK: - Sessions

    @Test func createSessionAnswersWithItsSummary() async throws {
        try await withDaemon { client in
            let response = try await client.post("/api/sessions", #"{"name": "Shop: check out", "root": {"navigation": ["Home"]}}"#)
            #expect(response.status == .created)
            let json = try response.json
            #expect(json["id"] == .string("shop-check-out"))
            #expect(json["name"] == .string("Shop: check out"))
            #expect(json["steps"] == .number(0))
            #expect(json["visible"] == .string("Home"))
            #expect(json["source"] == .string("api"))
        }
    }

    @Test func sessionIDsFromTheSameNameGetANumber() async throws {
        try await withDaemon { client in
            _ = try await client.post("/api/sessions", #"{"name": "Demo"}"#)
            let second = try await client.post("/api/sessions", #"{"name": "Demo"}"#)
            #expect(try second.json["id"] == .string("demo-2"))
        }
    }

    @Test func aTakenIDIsConflict() async throws {
        try await withDaemon { client in
            try await client.createShop()
            let response = try await client.createShop()
            #expect(response.status == .conflict)
            #expect(response.errorMessage == "Session 'shop' already exists. Delete it first or pick another id")
        }
    }

    @Test func aSessionWithoutRootStartsWithAnEmptyWindow() async throws {
        try await withDaemon { client in
            let created = try await client.post("/api/sessions", #"{"id": "empty"}"#)
            #expect(try created.json["visible"] == .null)
            let step = try await client.post("/api/sessions/empty/steps", #"{"op": "setRoot", "node": {"navigation": ["Home"]}}"#)
            #expect(step.status == .created)
            #expect(try step.json["visible"] == .string("Home"))
        }
    }

    @Test func aSessionCanStartFromACanonicalSnapshot() async throws {
        try await withDaemon { client in
            let body =
                #"{"id": "app", "root": {"id": "nav", "kind": "navigation", "children": [{"id": "Home", "kind": "controller", "screen": "Home", "children": []}]}}"#
            let created = try await client.post("/api/sessions", body)
            #expect(created.status == .created)
            #expect(try created.json["visible"] == .string("Home"))
            let step = try await client.post(
                "/api/sessions/app/steps", #"{"op": "push", "node": "Detail", "expect": {"visible": "Detail"}}"#)
            #expect(try step.json["visible"] == .string("Detail"))
            #expect(try step.json["failures"] == nil)
        }
    }

    @Test(arguments: [
        (#"{"rooot": "Home"}"#, "body: rooot: unknown field 'rooot'. Did you mean 'root'?"),
        (
            #"{"finder": "ariadn"}"#,
            "body: finder: invalid value 'ariadn', expected one of 'navviz', 'ariadne', 'splitMain', 'splitDetail'. Did you mean 'ariadne'?"
        ),
        (
            #"{"root": {"navigation": "Home"}}"#,
            "body: root.navigation: expected an array of node literals (the stack, root first), found a string"
        ),
        (
            #"{"root": {"id": "x", "kind": "navigatoin", "children": []}}"#,
            "body: root.kind: invalid value 'navigatoin', expected one of 'controller', 'navigation', 'tab', 'split', 'activity', 'stack', 'notifications', 'view'. Did you mean 'navigation'?"
        ),
        (
            #"{"id": "a/b"}"#,
            "body: id: invalid value 'a/b', expected a session id: 1 to 64 letters, digits, '-' or '_', not starting with '-'"
        ),
        // A journal named `-rf.jsonl` is an option to `rm *` in the data folder (a security review).
        (
            #"{"id": "-rf"}"#,
            "body: id: invalid value '-rf', expected a session id: 1 to 64 letters, digits, '-' or '_', not starting with '-'"
        ),
        // A control character is shown escaped (it was dropped, naming the valid id 'a', a trial).
        (
            #"{"id": "a\u0000"}"#,
            #"body: id: invalid value 'a\u{0}', expected a session id: 1 to 64 letters, digits, '-' or '_', not starting with '-'"#
        ),
        (#"["Home"]"#, "body: expected a JSON object at the top level, found an array"),
        // Every error at once, as a file's (a trial saw one per request), and a whole scenario is told what to do.
        (
            #"{"nam": "x", "root": {"navigaton": ["A"]}}"#,
            "body: nam: unknown field 'nam'. Did you mean 'name'?\nbody: root: expected a node literal (a screen name, or an object with one of 'navigation', 'tabs', 'split', 'activities', 'stack', 'notifications', 'screen', 'ref'), found an object with 'navigaton'. Did you mean 'navigation'?"
        ),
        (
            #"{"navviz": 1, "name": "Shop", "root": "Home", "steps": [{"push": "A"}]}"#,
            "body: steps: a session is created without steps: post each to /api/sessions/ID/steps, or serve the scenario file with --watch"
        ),
    ])
    func anInvalidSessionIsBadRequest(body: String, message: String) async throws {
        try await withDaemon { client in
            let response = try await client.post("/api/sessions", body)
            #expect(response.status == .badRequest)
            #expect(response.errorMessage == message)
        }
    }

    /// A posted step's `expect` names a controller by its screen as a scenario's does (a review: `Detail` of a
    /// controller with the id `d1` was an unknown id).
    @Test func aStepsExpectationsNameScreens() async throws {
        try await withDaemon { client in
            #expect(try await client.post("/api/sessions", #"{"id": "t", "root": {"navigation": ["Home"]}}"#).status == .created)
            let push = try await client.post("/api/sessions/t/steps", #"{"op": "push", "node": {"screen": "Detail", "id": "d1"}}"#)
            #expect(push.status == .created)
            let pop = try await client.post(
                "/api/sessions/t/steps",
                #"{"op": "pop", "expect": {"events": ["Detail.viewWillDisappear", "Home.viewWillAppear", "Detail.viewDidDisappear", "Home.viewDidAppear"]}}"#
            )
            #expect(pop.status == .created)
            #expect(try pop.json["failures"] == nil)
        }
    }

    /// A dump sent as JSON, and a scenario sent as a snapshot, say what they are (a trial: "unexpected '<'", and one
    /// unknown field per member of the scenario).
    @Test func aSnapshotOfTheWrongShapeSaysWhatItIs() async throws {
        try await withDaemon { client in
            try await client.createShop()
            let dump = try await client.post(
                "/api/sessions/shop/snapshots", "<UINavigationController: 0x1>, state: appeared, view: <UIView: 0x2>")
            #expect(dump.status == .badRequest)
            #expect(
                dump.errorMessage
                    == "body: (top level): a _printHierarchy dump, not JSON: post it to /api/sessions/ID/snapshots with Content-Type: text/plain"
            )
            let scenario = try await client.post("/api/sessions/shop/snapshots", #"{"navviz": 1, "root": "A"}"#)
            #expect(scenario.status == .badRequest)
            #expect(
                scenario.errorMessage
                    == #"body: (top level): a scenario, not a canonical snapshot: a snapshot is one hierarchy, {"id": …, "kind": …, "children": […]} (a scenario's steps go one by one to /api/sessions/ID/steps)"#
            )
        }
    }

    @Test func sessionsAreListedFetchedAndDeleted() async throws {
        try await withDaemon { client in
            try await client.createShop(id: "b")
            try await client.createShop(id: "a")
            let list = try await client.get("/api/sessions")
            #expect(list.status == .ok)
            #expect(try list.json["sessions"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["a", "b"])
            let one = try await client.get("/api/sessions/a")
            #expect(try one.json["name"] == .string("Shop"))
            #expect(try await client.delete("/api/sessions/a").status == .noContent)
            let gone = try await client.get("/api/sessions/a")
            #expect(gone.status == .notFound)
            #expect(gone.errorMessage == "Unknown session 'a'")
            #expect(try await client.delete("/api/sessions/a").status == .notFound)
        }
    }

    @Test(arguments: ["a.b", "%2e%2e", String(repeating: "x", count: 65), "x%2Fy"])
    func sessionIDsThatAreNotPlainNamesAreBadRequest(id: String) async throws {
        try await withDaemon { client in
            for uri in ["/api/sessions/\(id)", "/api/sessions/\(id)/run", "/api/sessions/\(id)/states/0.svg"] {
                let response = try await client.get(uri)
                #expect(response.status == .badRequest, "\(uri)")
                #expect(response.errorMessage?.hasPrefix("Invalid session id '") == true)
            }
            #expect(try await client.post("/api/sessions/\(id)/steps", #"{"op": "pop"}"#).status == .badRequest)
        }
    }

    // MARK: - Steps

    @Test func aStepAnswersInTheRunJSONStepShape() async throws {
        try await withDaemon { client in
            try await client.createShop()
            let response = try await client.post("/api/sessions/shop/steps", #"{"op": "push", "node": "Product", "note": "Tap a product"}"#)
            #expect(response.status == .created)
            let step = try response.json
            #expect(
                step.objectMembers?.map(\.0) == [
                    "index", "op", "status", "note", "visible", "path", "onScreen", "time", "duration", "animation", "events", "hierarchy",
                ])
            #expect(step["index"] == .number(1))
            #expect(step["op"] == .string("push"))
            #expect(step["status"] == .string("ok"))
            #expect(step["visible"] == .string("Product"))
            #expect(step["path"] == .array([.string("tab"), .string("homeNav"), .string("Product")]))
            #expect(
                step["events"]?.arrayValue?.compactMap { $0["callback"]?.stringValue } == [
                    "viewWillDisappear", "viewWillAppear", "viewDidDisappear", "viewDidAppear",
                ])
            #expect(step["hierarchy"]?["kind"] == .string("tab"))
            let next = try await client.post("/api/sessions/shop/steps", #"{"pop": true}"#)
            #expect(try next.json["index"] == .number(2))
        }
    }

    @Test func aNoopOrRejectedStepIsStillAccepted() async throws {
        try await withDaemon { client in
            try await client.createShop()
            let pop = try await client.post("/api/sessions/shop/steps", #"{"op": "pop"}"#)
            #expect(pop.status == .created)
            #expect(try pop.json["status"] == .string("noop"))
            let select = try await client.post("/api/sessions/shop/steps", #"{"op": "select", "tab": 7}"#)
            #expect(try select.json["status"] == .string("rejected"))
            #expect(try select.json["message"]?.stringValue?.isEmpty == false)
        }
    }

    @Test func aFailedExpectationIsReportedInTheStep() async throws {
        try await withDaemon { client in
            try await client.createShop()
            let response = try await client.post(
                "/api/sessions/shop/steps", #"{"op": "push", "node": "Product", "expect": {"visible": "Cart"}}"#)
            #expect(response.status == .created)
            #expect(try response.json["failures"] == .array([.string("expect.visible: expected 'Cart', got 'Product'")]))
        }
    }

    @Test(arguments: [
        (#"{"op": "pusj", "node": "Product"}"#, "body: op: unknown operation 'pusj'. Did you mean 'push'?"),
        (#"{"op": "push"}"#, "body: (top level): missing field 'node'"),
        (#"{"op": "pop", "target": "Hme"}"#, "body: target: unknown id 'Hme'. Did you mean 'Home'?"),
        (
            #"{"op": "push", "node": {"navigation": 3}}"#,
            "body: node.navigation: expected an array of node literals (the stack, root first), found a number"
        ),
        (#"{"op": "navigate", "route": "signIn"}"#, "body: route: unknown route 'signIn' (the scenario defines no routes)"),
        (#""push""#, #"body: (top level): expected a step object such as {"op": "push", "node": "Detail"}, found a string"#),
        (#"{"op": "push", "node": "A""#, "body: invalid JSON at line 1, column 27: unexpected end of input: expected ',' or '}'"),
        ("  ", "body: the request body is empty, expected a JSON object"),
    ])
    func anInvalidStepIsBadRequestNamingTheJSONPath(body: String, message: String) async throws {
        try await withDaemon { client in
            try await client.createShop()
            let response = try await client.post("/api/sessions/shop/steps", body)
            #expect(response.status == .badRequest)
            #expect(response.errorMessage == message)
            // Nothing was recorded.
            #expect(try await client.get("/api/sessions/shop").json["steps"] == .number(0))
        }
    }

    @Test func stepsToAnUnknownSessionAreNotFound() async throws {
        try await withDaemon { client in
            let response = try await client.post("/api/sessions/nope/steps", #"{"op": "pop"}"#)
            #expect(response.status == .notFound)
            #expect(response.errorMessage == "Unknown session 'nope'")
            #expect(try await client.post("/api/sessions/nope/snapshots", #"{"id": "A", "kind": "controller"}"#).status == .notFound)
        }
    }

    @Test func aBodyOverTheLimitIsContentTooLarge() async throws {
        try await withDaemon(ServeArguments(maxBodyBytes: 64)) { client in
            #expect(try await client.post("/api/sessions", #"{"id": "shop"}"#).status == .created)
            let big = #"{"op": "push", "node": "\#(String(repeating: "A", count: 100))"}"#
            let response = try await client.post("/api/sessions/shop/steps", big)
            #expect(response.status == .contentTooLarge)
            #expect(response.errorMessage == "body: the request body is larger than 64 bytes (the --max-body limit)")
            // To a session that is not there, the body is not read: 404 (a security review's large dump was read first).
            let dump = "<UIViewController 0x1>, state: appeared, view: <UIView 0x2>\n" + String(repeating: "<", count: 100)
            for (path, body, type) in [
                ("/api/sessions/nope/steps", big, "application/json"), ("/api/sessions/nope/snapshots", big, "application/json"),
                ("/api/sessions/nope/snapshots", dump, "text/plain"),
            ] {
                let missing = try await client.post(path, body, headers: [.contentType: type])
                #expect(missing.status == .notFound, "\(path) \(type)")
                #expect(missing.errorMessage == "Unknown session 'nope'")
            }
        }
    }

    /// A compressed body is refused as a media type the daemon does not read, saying which coding it reads (RFC 9110
    /// §15.5.16); it was read as text that is not UTF-8 (a trial).
    @Test(arguments: ["gzip", "identity, br", "x-compress"])
    func aCompressedBodyIsRefused(coding: String) async throws {
        try await withDaemon { client in
            try await client.createShop()
            let response = try await client.post(
                "/api/sessions/shop/steps", #"{"op": "push", "node": "Product"}"#, headers: [.contentEncoding: coding])
            #expect(response.status == .unsupportedMediaType)
            let named = coding == "identity, br" ? "br" : coding
            #expect(response.errorMessage == "body: Content-Encoding '\(named)' is not read: send the body uncompressed")
            #expect(response.headers[.acceptEncoding] == "identity")
            let plain = try await client.post(
                "/api/sessions/shop/steps", #"{"op": "push", "node": "Product"}"#, headers: [.contentEncoding: "identity"])
            #expect(plain.status == .created)
        }
    }

    /// A body compressed as it travels (`Transfer-Encoding: gzip, chunked`) is refused alike: the server undoes the chunks
    /// only, and the gzip was read as text that is not UTF-8 (a security review). `chunked` alone is a body as any other.
    @Test(arguments: ["gzip, chunked", "deflate,chunked", "x-gzip , identity, chunked"])
    func aBodyCompressedInTransferIsRefused(coding: String) async throws {
        try await withDaemon { client in
            try await client.createShop()
            let response = try await client.post(
                "/api/sessions/shop/steps", #"{"op": "push", "node": "Product"}"#, headers: [.transferEncoding: coding])
            #expect(response.status == .unsupportedMediaType)
            let named = coding.split(separator: ",").first!.trimmingCharacters(in: .whitespaces)
            #expect(response.errorMessage == "body: Transfer-Encoding '\(named)' is not read: send the body uncompressed")
            let chunked = try await client.post(
                "/api/sessions/shop/steps", #"{"op": "push", "node": "Product"}"#, headers: [.transferEncoding: "chunked"])
            #expect(chunked.status == .created)
        }
    }

    @Test func theDefaultBodyLimitIsOneMebibyte() async throws {
        try await withDaemon { client in
            try await client.createShop()
            let big = #"{"op": "push", "node": "\#(String(repeating: "A", count: 1 << 20))"}"#
            #expect(try await client.post("/api/sessions/shop/steps", big).status == .contentTooLarge)
        }
    }

    // MARK: - Snapshots

    @Test func aSnapshotComputesWhatChangedAndWhatIsVisible() async throws {
        try await withDaemon { client in
            let root = #"{"id": "nav", "kind": "navigation", "children": [{"id": "Home", "kind": "controller", "children": []}]}"#
            try #require(try await client.post("/api/sessions", #"{"id": "app", "root": \#(root)}"#).status == .created)
            let next =
                #"{"id": "nav", "kind": "navigation", "children": [{"id": "Home", "kind": "controller", "children": []}, {"id": "Detail", "kind": "controller", "screen": "Detail", "children": []}]}"#
            let response = try await client.post("/api/sessions/app/snapshots", next)
            #expect(response.status == .created)
            let step = try response.json
            #expect(step["op"] == .string("snapshot"))
            #expect(step["index"] == .number(1))
            #expect(step["visible"] == .string("Detail"))
            #expect(
                step["events"]?.arrayValue?.map { "\($0["controller"]!.stringValue!).\($0["callback"]!.stringValue!)" }
                    == ["Home.viewWillDisappear", "Detail.viewWillAppear", "Home.viewDidDisappear", "Detail.viewDidAppear"])
        }
    }

    @Test func anInvalidSnapshotIsBadRequestNamingTheJSONPath() async throws {
        try await withDaemon { client in
            try await client.createShop()
            let response = try await client.post(
                "/api/sessions/shop/snapshots", #"{"id": "nav", "kind": "navigation", "children": [{"kind": "controller"}]}"#)
            #expect(response.status == .badRequest)
            #expect(response.errorMessage == "body: children[0]: missing field 'id'")
        }
    }

    // MARK: - Run and diagrams

    @Test func theRunIsExactlyTheRunJSONOfTheSameScenario() async throws {
        let steps = [
            #"{"op": "push", "node": "Product", "note": "Tap a product"}"#, #"{"op": "select", "tab": 1}"#,
            #"{"op": "present", "node": {"navigation": ["SignIn"]}, "style": "formSheet"}"#, #"{"op": "dismiss"}"#,
        ]
        let scenario = try ScenarioDecoder.decode(
            #"{"navviz": 1, "name": "Shop", "root": {"tabs": [{"navigation": ["Home"], "id": "homeNav"}, "Cart"]}, "steps": [\#(steps.joined(separator: ","))]}"#,
            file: "shop.json")
        let expected = RunEncoder.text(ScenarioRunner.run(scenario))
        try await withDaemon { client in
            try await client.createShop()
            for step in steps { try #require(try await client.post("/api/sessions/shop/steps", step).status == .created) }
            let response = try await client.get("/api/sessions/shop/run")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(response.text == expected)
        }
    }

    @Test func statesTransitionsFlowAndDiffAreSVG() async throws {
        try await withDaemon { client in
            try await client.createShop()
            _ = try await client.post("/api/sessions/shop/steps", #"{"op": "push", "node": "Product"}"#)
            for uri in ["states/0.svg", "states/1.svg", "transitions/1.svg", "flow.svg", "diff.svg?from=0&to=1"] {
                let response = try await client.get("/api/sessions/shop/\(uri)")
                #expect(response.status == .ok, "\(uri)")
                #expect(response.headers[.contentType] == "image/svg+xml", "\(uri)")
                #expect(response.headers[.contentSecurityPolicy] == "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
                #expect(response.text.contains("<svg"), "\(uri)")
            }
            #expect(try await client.get("/api/sessions/shop/states/1.svg").text.contains("Product"))
        }
    }

    @Test(arguments: [
        ("states/2.svg", HTTPResponse.Status.notFound, "Session 'shop' has no step '2': its steps are 0 to 1"),
        ("transitions/0.svg", .notFound, "Step '0' of session 'shop' is the initial state: it has no transition"),
        ("transitions/9.svg", .notFound, "Session 'shop' has no step '9': its steps are 0 to 1"),
        ("states/one.svg", .badRequest, "Invalid step number 'one': expected a whole number from 0, without leading zeros"),
        ("states/-1.svg", .badRequest, "Invalid step number '-1': expected a whole number from 0, without leading zeros"),
        ("diff.svg?to=1", .badRequest, "Missing query parameter 'from': expected a step number"),
        ("diff.svg?from=0&to=x", .badRequest, "Invalid query parameter 'to' 'x': expected a step number"),
        ("diff.svg?from=0&to=5", .notFound, "Session 'shop' has no step '5': its steps are 0 to 1"),
        ("events?after=x", .badRequest, "Invalid query parameter 'after' 'x': expected a step number"),
        // Past the last step: a resumed stream of another run of the id missed its first steps, unsaid (a trial).
        ("events?after=9", .notFound, "Session 'shop' has no step '9': its steps are 0 to 1"),
        ("events?limit=0", .badRequest, "Invalid query parameter 'limit' '0': expected a number of events from 1"),
        // Decimal digits only: `+1` drew step 1 (a trial).
        ("states/+1.svg", .badRequest, "Invalid step number '+1': expected a whole number from 0, without leading zeros"),
        ("states/01.svg", .badRequest, "Invalid step number '01': expected a whole number from 0, without leading zeros"),
        ("states/00.svg", .badRequest, "Invalid step number '00': expected a whole number from 0, without leading zeros"),
        ("transitions/%201.svg", .badRequest, "Invalid step number '%201': expected a whole number from 0, without leading zeros"),
        ("diff.svg?from=+0&to=1", .badRequest, "Invalid query parameter 'from' '+0': expected a step number"),
        ("events?limit=%2B1", .badRequest, "Invalid query parameter 'limit' '+1': expected a number of events from 1"),
        // A parameter given twice is read as neither.
        ("diff.svg?from=0&from=1&to=1", .badRequest, "Invalid query parameter 'from' '0, 1': expected it once, with a step number"),
        ("events?after=0&after=1", .badRequest, "Invalid query parameter 'after' '0, 1': expected it once, with a step number"),
        ("events?sessions=all&sessions=all", .badRequest, "Invalid query parameter 'sessions' 'all, all': expected it once, with all"),
    ])
    func badStepNumbersAreAnswered(uri: String, status: HTTPResponse.Status, message: String) async throws {
        try await withDaemon { client in
            try await client.createShop()
            _ = try await client.post("/api/sessions/shop/steps", #"{"op": "push", "node": "Product"}"#)
            let response = try await client.get("/api/sessions/shop/\(uri)")
            #expect(response.status == status)
            #expect(response.errorMessage == message)
        }
    }

    @Test func diagramsOfAnUnknownSessionAreNotFound() async throws {
        try await withDaemon { client in
            for uri in ["run", "states/0.svg", "transitions/1.svg", "flow.svg", "diff.svg?from=0&to=0", "events"] {
                let response = try await client.get("/api/sessions/ghost/\(uri)")
                #expect(response.status == .notFound, "\(uri)")
                #expect(response.errorMessage == "Unknown session 'ghost'")
            }
        }
    }

    @Test func userTextIsEscapedInSVG() async throws {
        try await withDaemon { client in
            let hostile = #"<script>alert(1)</script>&amp;\"x"#
            let body =
                #"{"id": "evil", "name": "\#(hostile)", "root": {"navigation": [{"screen": "\#(hostile)", "title": "\#(hostile)"}]}}"#
            try #require(try await client.post("/api/sessions", body).status == .created)
            _ = try await client.post("/api/sessions/evil/steps", #"{"op": "push", "node": "\#(hostile)", "note": "\#(hostile)"}"#)
            for uri in ["states/1.svg", "transitions/1.svg", "flow.svg"] {
                let svg = try await client.get("/api/sessions/evil/\(uri)").text
                #expect(!svg.contains("<script"), "\(uri)")
                #expect(svg.contains("&lt;script&gt;"), "\(uri)")
            }
        }
    }

    /// A query parameter the address does not read is refused, with the ones it does: `?finer=ariadne` drew with the
    /// default finder, `events?aftr=0` replayed nothing (a security review).
    @Test(arguments: [
        (
            "/api/render?finer=ariadne",
            "Unknown query parameter 'finer' for /api/render: it takes 'finder'. Did you mean 'finder'?"
        ),
        ("/api/sessions?x=1", "Unknown query parameter 'x' for /api/sessions: it takes none"),
        (
            "/api/sessions/shop/events?aftr=0",
            "Unknown query parameter 'aftr' for /api/sessions/shop/events: it takes 'after', 'limit', 'sessions'. Did you mean 'after'?"
        ),
        ("/api/sessions/shop/states/0.svg?v=2", "Unknown query parameter 'v' for /api/sessions/shop/states/0.svg: it takes none"),
        // An address or method there is none of is said as such first (a review); an empty name (a trailing `&`) is none.
        ("/api/nope?x=1", "No route 'GET /api/nope': see docs/daemon.md for the API"),
        ("/api/sessions?&", nil),
    ])
    func anUnknownQueryParameterIsRefused(uri: String, message: String?) async throws {
        try await withDaemon { client in
            let response =
                uri.hasPrefix("/api/render")
                ? try await client.post(uri, #"{"id": "Home", "kind": "controller", "children": []}"#) : try await client.get(uri)
            #expect(response.status == (message == nil ? .ok : message!.hasPrefix("No route") ? .notFound : .badRequest))
            #expect(response.errorMessage == message)
        }
    }

    // MARK: - Stateless render

    @Test func renderTurnsASnapshotIntoSVG() async throws {
        try await withDaemon { client in
            let snapshot =
                #"{"id": "nav", "kind": "navigation", "children": [{"id": "Home", "kind": "controller", "screen": "Home", "children": []}]}"#
            let response = try await client.post("/api/render?finder=ariadne", snapshot)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/svg+xml")
            #expect(response.text.contains("Home"))
            let bad = try await client.post("/api/render", #"{"id": "nav"}"#)
            #expect(bad.status == .badRequest)
            #expect(bad.errorMessage == "body: (top level): missing field 'kind'")
            let finder = try await client.post("/api/render?finder=nope", snapshot)
            #expect(finder.status == .badRequest)
            #expect(
                finder.errorMessage
                    == "Invalid query parameter 'finder' 'nope': expected one of 'navviz', 'ariadne', 'splitMain', 'splitDetail'")
        }
    }

    /// The limit counts what a diagram draws, not the hierarchy: a focused state folds what is off screen, and a
    /// transition draws its two states; a tab bar of 3,100 tabs draws a box for each.
    @Test func aDiagramTooLargeToLayOutIsRefusedBeforeItReachesAWorker() async throws {
        try await withDaemon { client in
            let tabs = (1...10).map { tab in
                let stack = (1...400).map { #"{"id": "t\#(tab)c\#($0)", "kind": "controller", "children": []}"# }
                return #"{"id": "nav\#(tab)", "kind": "navigation", "children": [\#(stack.joined(separator: ","))]}"#
            }
            let snapshot = #"{"id": "tabs", "kind": "tab", "selected": 0, "children": [\#(tabs.joined(separator: ","))]}"#
            #expect(try await client.post("/api/render", snapshot).status == .ok)
            #expect(try await client.createShop().status == .created)
            #expect(try await client.post("/api/sessions/shop/snapshots", snapshot).status == .created)
            #expect(try await client.get("/api/sessions/shop/states/1.svg").status == .ok)
            // The step that brought in 4,011 controllers draws its states, folded.
            #expect(try await client.get("/api/sessions/shop/transitions/1.svg").status == .ok)
            let many = (1...3100).map {
                #"{"id": "nav\#($0)", "kind": "navigation", "children": [{"id": "c\#($0)", "kind": "controller", "children": []}]}"#
            }
            let wide = #"{"id": "tabs", "kind": "tab", "selected": 0, "children": [\#(many.joined(separator: ","))]}"#
            let refused = try await client.post("/api/render", wide)
            #expect(refused.status == .contentTooLarge)
            #expect(
                refused.errorMessage
                    == "The diagram would draw 3103 boxes; navviz serve lays out at most 3000 in one diagram. Render it with 'navviz render' instead"
            )
            #expect(try await client.get("/api/sessions/shop/transitions/0.svg").status == .notFound)
        }
    }

    // MARK: - Security

    @Test func withATokenTheAPINeedsTheBearerHeader() async throws {
        try await withDaemon(ServeArguments(token: "s3cret")) { client in
            let none = try await client.get("/api/sessions")
            #expect(none.status == .unauthorized)
            #expect(
                none.errorMessage
                    == "Missing or wrong bearer token: send 'Authorization: Bearer TOKEN' with the token navviz serve was started with (--token-file, NAVVIZ_TOKEN or --token)"
            )
            #expect(none.headers[.wwwAuthenticate] == #"Bearer realm="navviz""#)
            #expect(try await client.get("/api/sessions", headers: [.authorization: "Bearer s3cre"]).status == .unauthorized)
            #expect(try await client.get("/api/sessions", headers: [.authorization: "Basic s3cret"]).status == .unauthorized)
            #expect(try await client.post("/api/sessions", #"{"id": "x"}"#).status == .unauthorized)
            #expect(try await client.get("/api/sessions", headers: [.authorization: "Bearer s3cret"]).status == .ok)
            // Without the token nothing tells which paths and methods exist.
            for (method, path) in [(HTTPRequest.Method.get, "/api/nothing"), (.delete, "/api/sessions"), (.get, "//api/sessions")] {
                #expect(try await client.execute(uri: path, method: method).status == .unauthorized, "\(method) \(path)")
            }
            #expect(
                try await client.execute(uri: "/api/nothing", method: .get, headers: [.authorization: "Bearer s3cret"]).status
                    == .notFound)
            // The page itself holds nothing and is served; it sends the token from the URL fragment.
            #expect(try await client.get("/").status == .ok)
            #expect(try await client.get("/nothing").status == .notFound)
        }
    }

    /// On loopback other users are kept out whether a token is set or not, unless they are let in with one; on a network
    /// address the token decides (a security review: a token alone turned the check off, and one read from `ps` let
    /// another user in).
    @Test(
        arguments: [
            ("127.0.0.1", nil, false, true), ("127.0.0.1", "t", false, true), ("::1", "t", false, true),
            ("127.0.0.1", "t", true, false), ("0.0.0.0", "t", false, false),
        ] as [(String, String?, Bool, Bool)])
    func otherUsersAreKeptOutOnLoopbackTokenOrNot(host: String, token: String?, allow: Bool, checks: Bool) {
        // (In a sandbox that hides the socket tables, a token alone decides: it cannot be told who connects.)
        let tokenDecides = token != nil && !LoopbackPeer.tablesReadable
        #expect(ServeArguments(host: host, token: token, allowOtherUsers: allow).checksOwners == (checks && !tokenDecides))
    }

    @Test func aNonLoopbackHostNeedsAToken() async throws {
        await #expect(throws: ServerError.insecureHost("0.0.0.0")) {
            _ = try await buildApplication(ServeArguments(host: "0.0.0.0"), store: InMemorySessionStore(), logger: quietLogger)
        }
        _ = try await buildApplication(ServeArguments(host: "0.0.0.0", token: "t"), store: InMemorySessionStore(), logger: quietLogger)
        #expect(
            ServerError.insecureHost("0.0.0.0").description
                == "Refusing to listen on '0.0.0.0' without --token: anyone who can reach it could read and change sessions. Set a token (NAVVIZ_TOKEN or --token-file), or listen on 127.0.0.1"
        )
    }

    @Test(arguments: [
        ("127.0.0.1", true), ("127.1.2.3", true), ("localhost", true), ("::1", true), ("0.0.0.0", false), ("192.168.1.2", false),
        ("example.com", false), ("127.0.0.256", false),
        // Names a resolver may map anywhere, not addresses (a security review bound 192.0.2.2 through `127.+0.+0.+1`).
        ("127.+0.+0.+1", false), ("127.0.0.+1", false), ("127.0.0.1 ", false), ("127.0.0.١", false), ("127..0.1", false),
        ("127.0.0.08", false), ("127.08.0.1", false), ("127.0.0.0", true),
    ])
    func loopbackAddressesAreRecognised(host: String, isLoopback: Bool) {
        #expect(ServeArguments.isLoopback(host) == isLoopback)
    }

    // MARK: - Server errors

    /// A journal whose disk is full.
    struct FullDiskJournal: SessionJournal {
        func restore() async throws(ServerError) -> [RestoredJournal] { [] }
        func create(_ id: SessionID, first record: JSONValue) async throws(ServerError) {}
        nonisolated(nonsending) func append(_ record: JSONValue, to id: SessionID) async throws(ServerError) {
            throw .journalFailed(reason: "write failed: No space left on device")
        }
        func delete(_ id: SessionID) async throws(ServerError) {}
        func close() async {}
    }

    @Test func aStepThatCannotBeJournaledIsAServerErrorAndTheSessionStopsTakingSteps() async throws {
        try await withDaemon(store: InMemorySessionStore(journal: FullDiskJournal())) { client in
            try await client.createShop()
            let message = "Could not write the journal, so nothing was accepted: write failed: No space left on device"
            let first = try await client.post("/api/sessions/shop/steps", #"{"op": "push", "node": "A"}"#)
            #expect(first.status == .internalServerError)
            #expect(first.errorMessage == message)
            let second = try await client.post("/api/sessions/shop/snapshots", #"{"id": "A", "kind": "controller"}"#)
            #expect(second.status == .internalServerError)
            #expect(second.errorMessage == message)
        }
    }

    /// A journal in memory whose disk fills up on demand: a failed append keeps nothing, and reading back gives
    /// what it holds.
    final class FlakyJournal: SessionJournal, @unchecked Sendable {
        private let lock = NSLock()
        private var records: [SessionID: [JSONValue]] = [:]
        private var full = false
        func fill(_ isFull: Bool) { lock.withLock { full = isFull } }
        func restore() async throws(ServerError) -> [RestoredJournal] { [] }
        func create(_ id: SessionID, first record: JSONValue) async throws(ServerError) { lock.withLock { records[id] = [record] } }
        nonisolated(nonsending) func append(_ record: JSONValue, to id: SessionID) async throws(ServerError) {
            let isFull = lock.withLock {
                if !full { records[id, default: []].append(record) }
                return full
            }
            if isFull { throw .journalFailed(reason: "write failed: No space left on device") }
        }
        func reread(_ id: SessionID) async throws(ServerError) -> RestoredJournal {
            RestoredJournal(id: id, records: lock.withLock { records[id] ?? [] }, warnings: [])
        }
        func delete(_ id: SessionID) async throws(ServerError) {}
        func close() async {}
    }

    /// A step the journal could not keep is not in the session either (a trial's full disk answered "nothing was
    /// accepted" and the session showed the step), and once there is room the session takes steps again (it refused
    /// every later one until a restart).
    @Test func aStepTheJournalCouldNotKeepIsNotKeptAndLaterStepsAreTaken() async throws {
        let journal = FlakyJournal()
        try await withDaemon(store: InMemorySessionStore(journal: journal)) { client in
            try await client.createShop()
            #expect(try await client.post("/api/sessions/shop/steps", #"{"op": "push", "node": "A"}"#).status == .created)
            journal.fill(true)
            let refused = try await client.post("/api/sessions/shop/steps", #"{"op": "push", "node": "B"}"#)
            #expect(refused.status == .internalServerError)
            #expect(refused.errorMessage == "Could not write the journal, so nothing was accepted: write failed: No space left on device")
            let summary = try await client.get("/api/sessions/shop")
            #expect(try summary.json["steps"] == 1 && summary.json["visible"] == "A")
            journal.fill(false)
            let taken = try await client.post("/api/sessions/shop/steps", #"{"op": "push", "node": "C"}"#)
            #expect(taken.status == .created)
            #expect(try taken.json["index"] == 2 && taken.json["visible"] == "C")
            let run = try await client.get("/api/sessions/shop/run")
            #expect(try run.json["steps"]?.arrayValue?.compactMap { $0["visible"]?.stringValue } == ["Home", "A", "C"])
        }
    }

    @Test func aRenderWorkerThatCannotStartIsAServerError() async throws {
        let arguments = ServeArguments(
            rendering: .workers(command: ["/nonexistent/navviz", "serve", "--render-worker"], count: 1, recycleAfter: 10))
        try await withDaemon(arguments) { client in
            try await client.createShop()
            let response = try await client.get("/api/sessions/shop/states/0.svg")
            #expect(response.status == .internalServerError)
            #expect(response.errorMessage == "The render worker failed: cannot start '/nonexistent/navviz': No such file or directory")
        }
    }

    // MARK: - Viewer and watched sessions

    @Test func theViewerIsASelfContainedPage() async throws {
        try await withDaemon { client in
            let page = try await client.get("/")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            let policy = page.headers[.contentSecurityPolicy] ?? ""
            #expect(policy.hasPrefix("default-src 'none'; script-src 'sha256-"))
            #expect(!policy.contains("unsafe-inline"))
            // The hashes are those of the page served (a browser refuses a script whose hash is not listed).
            for tag in ["script", "style"] {
                let text = page.text.components(separatedBy: "<\(tag)>")[1].components(separatedBy: "</\(tag)>")[0]
                #expect(policy.contains("\(tag)-src \(SHA256.cspSource(text));"), "\(tag)")
            }
            #expect(!page.text.contains("style=\""))
            #expect(page.text.contains("<title>navviz serve</title>"))
            // On a phone's width the session list goes above the diagrams (a readability trial's list kept 240 px of 390).
            #expect(page.text.contains("@media (max-width: 700px) {\n  body { grid-template-columns: 1fr;"))
            // A watched file's errors, one a line, are shown a line each (they ran together), and a wrong token is said as a
            // thing to check (it read as another program only).
            #expect(page.text.contains("#notice { color: var(--bad); white-space: pre-line; }"))
            #expect(page.text.contains("so the token was not sent: check the token in the address"))
            // An empty icon of its own: a browser asked for /favicon.ico on every visit, and the daemon logged each 404.
            #expect(page.text.contains(#"<link rel="icon" href="data:,">"#) && policy.contains("img-src 'self' blob: data:;"))
            #expect(!page.text.contains("http://") && !page.text.contains("https://"))
            #expect(!page.text.contains("innerHTML"))
            // The token stays in the page's memory: the browser's storage would hand it, after a reload, to another
            // program that took the port (a security review); a token an earlier page stored is removed.
            #expect(!page.text.contains("sessionStorage.setItem") && !page.text.contains("localStorage"))
            #expect(page.text.contains("sessionStorage.removeItem(\"navviz-token\")"))
        }
    }

    /// The address `navviz serve` prints hands the viewer the token as it is: percent-encoded, since the page reads its
    /// fragment as a query, where `+` was a space and `&` ended the token (a trial's token with them was "wrong").
    @Test(arguments: [
        ("s3cret-Token_1.0~", "#token=s3cret-Token_1.0~"),
        ("a+b&c=d%e#f?g/h", "#token=a%2Bb%26c%3Dd%25e%23f%3Fg%2Fh"),
        ("two words", "#token=two%20words"),
    ])
    func theViewersAddressCarriesTheTokenAsItIs(token: String, fragment: String) throws {
        #expect(ViewerPage.fragment(token: token) == fragment)
        // Read back as the page reads it (`new URLSearchParams(location.hash.slice(1)).get("token")`), where node is (the
        // encoding alone is checked elsewhere).
        let node = URL(fileURLWithPath: "/usr/bin/node")
        guard FileManager.default.isExecutableFile(atPath: node.path) else { return }
        let script = "process.stdout.write(new URLSearchParams(process.argv[1].slice(1)).get('token'))"
        let process = Process()
        process.executableURL = node
        process.arguments = ["-e", script, fragment]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let read = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: read, as: UTF8.self) == token)
    }

    @Test func aWatchedSessionTakesNoStepsAndIsNotDeleted() async throws {
        var session = Session(
            id: SessionID("doc")!, name: "Doc", created: "", source: .watch(file: "docs/doc.json"),
            simulator: Simulator(hierarchy: Hierarchy()))
        session.acknowledged = 0
        let store = InMemorySessionStore(sessions: [session])
        try await withDaemon(store: store) { client in
            let response = try await client.post("/api/sessions/doc/steps", #"{"op": "pop"}"#)
            #expect(response.status == .conflict)
            #expect(response.errorMessage == "Session 'doc' is rendered from 'docs/doc.json': edit or remove the file instead")
            // Nor is it deleted: it would stay gone while its file is there, until the file next changed.
            let delete = try await client.delete("/api/sessions/doc")
            #expect(delete.status == .conflict)
            #expect(delete.errorMessage == "Session 'doc' is rendered from 'docs/doc.json': edit or remove the file instead")
            #expect(try await client.get("/api/sessions/doc").status == .ok)
        }
    }

    @Test func theSessionSlugIsAPlainName() {
        #expect(SessionID.slug("Shop: check out!").rawValue == "shop-check-out")
        #expect(SessionID.slug("../../etc/passwd").rawValue == "etc-passwd")
        #expect(SessionID.slug("日本").rawValue == "session")
        #expect(SessionID.slug(String(repeating: "a", count: 100)).rawValue.count <= 64)
    }

    /// A name in another script is written in Latin letters before it is made an id.
    @Test(arguments: [
        ("Ñandú café", "nandu-cafe"), ("Straße Größe", "strasse-grosse"), ("Москва: вход", "moskva-vhod"), ("Ελληνικά", "ellenika"),
        ("Shop: check out!", "shop-check-out"), ("🙂", "session"),
    ])
    func aSessionNamedInAnotherScriptGetsAReadableID(name: String, id: String) async throws {
        #expect(SessionID.slug(latin: name).rawValue == id)
        try await withDaemon { client in
            let response = try await client.post("/api/sessions", #"{"name": "\#(name)", "root": {"navigation": ["Home"]}}"#)
            #expect(try response.json["id"] == .string(id))
        }
    }
}

/// Every sample posted step by step, as an app or a test would post it: each step a scenario file holds is taken, and the
/// run is the file's (a trial: steps whose `expect` named what a route or an activity's generator builds were refused,
/// every step of two samples among them).
@Suite struct SamplesThroughTheAPITests {
    @Test(
        arguments: try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Samples").path)
            .filter { $0.hasSuffix(".json") }.sorted())
    func aSamplePostedStepByStepRunsAsTheFile(name: String) async throws {
        let file = packageRoot.appendingPathComponent("Samples").appendingPathComponent(name)
        let text = try String(contentsOf: file, encoding: .utf8)
        let value = try JSONParser.parse(text)
        guard case .object(let members) = value else { throw CancellationError() }
        let header = JSONValue.object([("id", .string("sample"))] + members.filter { !["navviz", "steps", "description"].contains($0.0) })
        let steps = value["steps"]?.arrayValue ?? []
        let expected = ScenarioRunner.run(try ScenarioDecoder.decode(text, file: name))
        try await withDaemon { client in
            let created = try await client.post("/api/sessions", JSONWriter.compact(header))
            #expect(created.status == .created, "\(name): \(created.text)")
            for (index, step) in steps.enumerated() {
                let posted = try await client.post("/api/sessions/sample/steps", JSONWriter.compact(step))
                #expect(posted.status == .created, "\(name) steps[\(index)]: \(posted.text)")
                #expect(try posted.json["status"]?.stringValue == expected.steps[index + 1].status.rawValue, "\(name) steps[\(index)]")
                #expect(
                    try posted.json["visible"]?.stringValue == expected.steps[index + 1].finder.visible?.rawValue, "\(name) steps[\(index)]"
                )
            }
        }
    }
}
