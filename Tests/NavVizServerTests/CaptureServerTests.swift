import Hummingbird
import HummingbirdTesting
import NavVizScenario
import NavVizServer
import NavVizTestSupport
import Testing

/// The daemon takes what UIKit prints as a snapshot (`text/plain`), and hands a session back as a scenario.
@Suite struct CaptureServerTests {
    static let dump = """
        <UINavigationController: 0x10300a000>, state: appeared, view: <UILayoutContainerView: 0x10300b000>
           | <Mail.MessageListViewController: 0x10300e000>, state: appeared, view: <UIView: 0x10300f000>
           + <Mail.ComposeViewController: 0x103013000>, state: appeared, view: <UIView: 0x103014000>, presented with: <_UIFormSheetPresentationController: 0x103012000>
        """

    @Test func aPrintHierarchyBodyIsASnapshot() async throws {
        try await withDaemon { client in
            try await client.post(
                "/api/sessions", #"{"id": "mail", "root": {"navigation": ["MessageListViewController"], "id": "UINavigationController"}}"#)
            let response = try await client.post(
                "/api/sessions/mail/snapshots", Self.dump, headers: [.contentType: "text/plain; charset=utf-8"])
            #expect(response.status == .created)
            let step = try JSONParser.parse(String(buffer: response.body))
            #expect(step["visible"] == .string("ComposeViewController"))
            #expect(step["hierarchy"]?["presented"]?["style"] == .string("formSheet"))
            #expect(!String(buffer: response.body).contains("0x1030"))
        }
    }

    /// Captures posted one after another keep their controllers' ids by address, as `navviz import` does: popping
    /// tab 0's `ProductViewController` leaves tab 1's `ProductViewController#2`, not renumbered.
    @Test func capturesPostedInTurnKeepTheirControllersIds() async throws {
        try await withDaemon { client in
            try await client.post("/api/sessions", #"{"id": "shop"}"#)
            let before = CaptureSamples.twoProducts
            let after = before.split(separator: "\n").filter { !$0.contains("0x103c21e90") }.joined(separator: "\n")
            // Then a new one pushed at another address: an id of its own, not the popped one's.
            let pushed = before.replacingOccurrences(of: "0x103c21e90", with: "0x1050aa000")
            var ids: [[String]] = []
            for text in [before, after, pushed] {
                let response = try await client.post("/api/sessions/shop/snapshots", text, headers: [.contentType: "text/plain"])
                #expect(response.status == .created)
                let body = String(buffer: response.body)
                ids.append(
                    ["ProductViewController\"", "ProductViewController#2\"", "ProductViewController#3\""].filter {
                        body.contains("\"id\":\"" + $0)
                    })
            }
            #expect(
                ids == [
                    ["ProductViewController\"", "ProductViewController#2\""], ["ProductViewController#2\""],
                    ["ProductViewController#2\"", "ProductViewController#3\""],
                ])
        }
    }

    /// A split printed expanded, posted to a session: drawn on the session's device, with no note that it is drawn as an
    /// iPad's and no advice to use `navviz import --device`, which the daemon has no part of (a review: the note said pad,
    /// the picture was a phone's).
    @Test(arguments: ["phone", "pad"])
    func anExpandedSplitIsDrawnOnTheSessionsDevice(device: String) async throws {
        try await withDaemon { client in
            try await client.post("/api/sessions", #"{"id": "split", "device": "\#(device)"}"#)
            let response = try await client.post(
                "/api/sessions/split/snapshots", CaptureSamples.expandedSplit, headers: [.contentType: "text/plain"])
            #expect(response.status == .created)
            let step = String(buffer: response.body)
            #expect(!step.contains("is expanded"), "\(step)")
        }
    }

    /// WeChat's tab bar is a `UITabBarController` subclass whose name does not end as UIKit's does (fixture 18's shape).
    static let wechat = """
        <MainTabBarViewController: 0x10a0>, state: appeared, view: <UILayoutContainerView: 0x10a1>
           | <MMUINavigationController: 0x10a2>, state: appeared, view: <UILayoutContainerView: 0x10a3>
           |    | <NewMainFrameViewController: 0x10a4>, state: appeared, view: <UIView: 0x10a5>
           | <MMUINavigationController: 0x10a6>, state: disappeared, view: (view not loaded)
        """

    /// A posted capture keeps what its reading guessed as the step's note, as `navviz import` does (a live-debugging
    /// trial: the viewer drew WeChat's tab bar as a plain container with no hint), said once a session; `?kind=`
    /// does what `--kind` does; a kind that is not one is a 400 naming it.
    @Test func aPostedCaptureSaysWhatItGuessedAndTakesKinds() async throws {
        try await withDaemon { client in
            try await client.post("/api/sessions", #"{"id": "wechat"}"#)
            let path = "/api/sessions/wechat/snapshots"
            let guessed = try JSONParser.parse(
                String(buffer: try await client.post(path, Self.wechat, headers: [.contentType: "text/plain"]).body))
            #expect(
                guessed["note"]?.stringValue
                    == "Note: 'MainTabBarViewController' is drawn as a tab container from its class name and its UILayoutContainerView; pass --kind 'MainTabBarViewController=navigation', --kind 'MainTabBarViewController=split' or --kind 'MainTabBarViewController=controller' if it is not one. Note: 'MMUINavigationController', 'MMUINavigationController#2' are drawn as navigation containers from their class name; pass --kind 'MMUINavigationController=controller' if they are not. (A request to /snapshots passes each as ?kind=Class=kind.)"
            )
            let again = try JSONParser.parse(
                String(buffer: try await client.post(path, Self.wechat, headers: [.contentType: "text/plain"]).body))
            #expect(again["note"] == nil)
            let told = try JSONParser.parse(
                String(
                    buffer: try await client.post(
                        path + "?kind=MainTabBarViewController=controller", Self.wechat, headers: [.contentType: "text/plain"]
                    ).body))
            #expect(told["hierarchy"]?["kind"] == .string("controller"))
            #expect(told["note"] == nil)
            let wrong = try await client.post(
                path + "?kind=MainTabBarViewController=tabs", Self.wechat, headers: [.contentType: "text/plain"])
            #expect(wrong.status == .badRequest)
            // Two kinds for one class: refused, not read as the last (a security review); the same kind twice is one.
            let two = try await client.post(
                path + "?kind=MainTabBarViewController=tab&kind=MainTabBarViewController=controller", Self.wechat,
                headers: [.contentType: "text/plain"])
            #expect(two.status == .badRequest)
            #expect(
                try JSONParser.parse(String(buffer: two.body))["error"]?["message"]?.stringValue
                    == "Invalid query parameter 'kind' 'MainTabBarViewController=tab, MainTabBarViewController=controller': expected one kind per class ('MainTabBarViewController' has tab and controller)"
            )
            let same = try await client.post(
                path + "?kind=MainTabBarViewController=tab&kind=MainTabBarViewController=tab", Self.wechat,
                headers: [.contentType: "text/plain"])
            #expect(same.status == .created)
            #expect(
                try JSONParser.parse(String(buffer: wrong.body))["error"]?["message"]?.stringValue
                    == "Invalid query parameter 'kind' 'MainTabBarViewController=tabs': expected Class=kind with kind one of navigation, tab, split, controller"
            )
        }
    }

    @Test func aFragmentBodyIsA400WithItsLine() async throws {
        try await withDaemon { client in
            try await client.post("/api/sessions", #"{"id": "mail"}"#)
            let response = try await client.post(
                "/api/sessions/mail/snapshots", "   |    | <A: 0x1>, state: appeared, view: <UIView: 0x2>",
                headers: [.contentType: "text/plain"])
            #expect(response.status == .badRequest)
            #expect(String(buffer: response.body).contains("body: line 1: the dump starts below the top level: it is a fragment"))
        }
    }

    /// Text that is not a dump from its first line is told what `navviz run` tells of the same text (docs/daemon.md: "the
    /// same sentence the CLI prints"): notes above a dump, notes above a fragment, a view's description, the debugger's
    /// error. The daemon said "expected a view controller line" of each first line (a trial).
    @Test(arguments: [
        "# a heading\nsome text\n<UINavigationController 0x7fd3ba000e00>, state: appeared, view: <UILayoutContainerView 0x7fd3b8708cb0>\n"
            + "   | <KPWebViewController 0x7fd3b8723b60>, state: appeared, view: <UIView 0x7fd3b8410260>",
        "# interesting private class\n\n   + <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>, "
            + "presented with: <_UIPageSheetPresentationController 0x3>",
        "<UIView: 0x7f8b1c; frame = (0 0; 375 667); layer = <CALayer: 0x6000>>",
        "error: <user expression 0>:1:1: use of undeclared identifier 'UIViewController'",
    ])
    func textThatIsNotADumpIsToldWhatTheCLITellsOfIt(text: String) async throws {
        let said: String
        do {
            _ = try ScenarioLoader.decode(text, file: "body")
            said = "the CLI read it"
        } catch {
            said = error.description
        }
        #expect(said.hasPrefix("body: line "))
        try await withDaemon { client in
            try await client.post("/api/sessions", #"{"id": "mail"}"#)
            let response = try await client.post("/api/sessions/mail/snapshots", text, headers: [.contentType: "text/plain"])
            #expect(response.status == .badRequest)
            let body = try JSONParser.parse(String(buffer: response.body))
            #expect(body["error"]?["message"]?.stringValue == said)
        }
    }

    /// An empty dump is told a dump was expected (it read "a JSON object", a trial).
    @Test func anEmptyDumpIsSaidToBeOne() async throws {
        try await withDaemon { client in
            try await client.post("/api/sessions", #"{"id": "mail"}"#)
            let response = try await client.post("/api/sessions/mail/snapshots", "\n", headers: [.contentType: "text/plain"])
            #expect(response.status == .badRequest)
            #expect(String(buffer: response.body).contains("body: the request body is empty, expected a _printHierarchy dump"))
        }
    }

    @Test func plainTextIsRefusedWhereJSONIsExpected() async throws {
        try await withDaemon { client in
            try await client.post("/api/sessions", #"{"id": "mail"}"#)
            let response = try await client.post("/api/sessions/mail/steps", #"{"push": "A"}"#, headers: [.contentType: "text/plain"])
            #expect(response.status == .unsupportedMediaType)
            // Text at /steps is most likely a capture sent to the wrong place: said where it goes.
            #expect(
                response.errorMessage
                    == "body: Content-Type 'text/plain': send 'application/json' (a step is JSON; a _printHierarchy capture goes to /api/sessions/mail/snapshots as text/plain)"
            )
        }
    }

    /// A session created from a node literal comes back with that literal as its root, so what a snapshot
    /// cannot hold (here an activity generator) replays too.
    @Test func aSessionFromALiteralReplaysWhatASnapshotCannotHold() async throws {
        try await withDaemon { client in
            try await client.post(
                "/api/sessions",
                #"{"id": "act", "root": {"activities": {"a": "A"}, "active": "a", "generators": {"x": "X"}, "id": "main"}}"#)
            try await client.post("/api/sessions/act/steps", #"{"activate": "x"}"#)
            let text = String(buffer: try await client.get("/api/sessions/act/scenario").body)
            let written = try JSONParser.parse(text)
            #expect(written["root"]?["generators"] != nil)
            let replayed = ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "act.json"))
            let run = try JSONParser.parse(String(buffer: try await client.get("/api/sessions/act/run").body))
            let states = run["steps"]?.arrayValue?.map { $0["hierarchy"] ?? .null } ?? []
            #expect(states.count == 2)
            #expect(replayed.steps.map(\.outcome.status) == [.ok, .ok])
            #expect(replayed.steps.map { Snapshot.encode($0.hierarchy) } == states)
        }
    }

    @Test func aSessionComesBackAsAScenarioThatReplaysToTheSameStates() async throws {
        try await withDaemon { client in
            try await client.post(
                "/api/sessions", #"{"id": "shop", "device": "pad", "root": {"navigation": ["Home"], "id": "nav"}}"#)
            try await client.post("/api/sessions/shop/steps", #"{"push": "Product"}"#)
            try await client.post("/api/sessions/shop/snapshots", Self.dump, headers: [.contentType: "text/plain"])
            let response = try await client.get("/api/sessions/shop/scenario")
            #expect(response.status == .ok)
            let text = String(buffer: response.body)
            let scenario = try ScenarioDecoder.decode(text, file: "shop.json")
            #expect(scenario.device == .pad)
            #expect(scenario.steps.map(\.action.name) == ["push", "snapshot"])
            let written = try JSONParser.parse(text)
            #expect(written["steps"]?.arrayValue?.first.map(JSONWriter.compact) == #"{"op":"push","node":"Product"}"#)
            #expect(written["device"] == "pad")
            let replayed = ScenarioRunner.run(scenario)
            let run = try JSONParser.parse(String(buffer: try await client.get("/api/sessions/shop/run").body))
            let states = run["steps"]?.arrayValue?.map { $0["hierarchy"] } ?? []
            #expect(replayed.steps.map { Snapshot.encode($0.hierarchy) } == states.map { $0 ?? .null })
        }
    }
}
