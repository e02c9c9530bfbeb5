import Foundation
import HummingbirdTesting
import NavVizServer
import Testing

@testable import NavVizClient

/// `NavVizClient` against a daemon listening on a real loopback port.
@Suite struct NavVizClientTests {
    func withLiveDaemon(token: String? = nil, _ test: @escaping @Sendable (URL) async throws -> Void) async throws {
        let app = try await buildApplication(ServeArguments(port: 0, token: token), store: InMemorySessionStore(), logger: quietLogger)
        try await app.test(.live) { client in
            try await test(URL(string: "http://127.0.0.1:\(try #require(client.port))")!)
        }
    }

    /// A navigation controller an app turned off as a presentation context says so (its default is true, as UIKit's).
    @Test func aSnapshotNodeCarriesDefinesPresentationContext() throws {
        var nav = SnapshotNode(id: "nav", kind: "navigation", children: [SnapshotNode(id: "Home", screen: "Home")])
        #expect(try nav.hierarchy()["nav"].definesPresentationContext)
        nav.definesPresentationContext = false
        #expect(JSONWriter.compact(nav.json).hasSuffix(#","definesPresentationContext":false}"#))
        #expect(try !nav.hierarchy()["nav"].definesPresentationContext)
    }

    /// The fields the daemon reads that an app needs for a custom container showing several children, a view released by a
    /// memory warning, and a controller caught mid-transition (the builder had none of them, a live-debugging trial).
    @Test func aSnapshotNodeCarriesShownReleasedAndState() throws {
        var drawer = SnapshotNode(id: "Drawer", children: [SnapshotNode(id: "Menu"), SnapshotNode(id: "Content")])
        drawer.shown = [0, 1]
        drawer.children[0].state = "appearing"
        drawer.children[1].loaded = false
        drawer.children[1].released = true
        #expect(
            JSONWriter.compact(drawer.json)
                == #"{"id":"Drawer","kind":"controller","children":[{"id":"Menu","kind":"controller","children":[],"state":"appearing"},{"id":"Content","kind":"controller","children":[],"loaded":false,"released":true}],"shown":[0,1]}"#
        )
        let hierarchy = try drawer.hierarchy()
        #expect(hierarchy["Drawer"].embedded == [0, 1])
        #expect(hierarchy["Menu"].transitionalState == .appearing)
        #expect(hierarchy["Content"].isReleased)
    }

    /// A session takes a scenario's screens, routes and quirks through the client too (the API took them; the client had
    /// no way to send them, a trial).
    @Test func aSessionTakesScreensRoutesAndQuirks() async throws {
        try await withLiveDaemon { url in
            let navviz = NavVizClient(baseURL: url)
            let session = try await navviz.createSession(
                name: "Shop", root: ["navigation": ["Home"]], screens: ["Product": ["class": "ProductViewController"]],
                routes: ["signIn": ["build": ["navigation": ["SignIn"]], "transition": "present", "style": "formSheet"]],
                quirks: false)
            let pushed = try await navviz.postStep(["op": "push", "node": "Product"], to: session.id)
            #expect(pushed.hierarchy["Product"].className == "ProductViewController")
            let routed = try await navviz.postStep(["op": "navigate", "route": "signIn"], to: session.id)
            #expect(routed.finder.visible == "SignIn")
            // Quirks as the session's scenario says them.
            let quirky = try await navviz.createSession(name: "Quirky", root: ["navigation": ["Home"]], quirks: true)
            let data = try await navviz.raw("GET", "api/sessions/\(quirky.id)/scenario")
            #expect(String(decoding: data, as: UTF8.self).contains(#""quirks": true"#), "\(String(decoding: data, as: UTF8.self))")
        }
    }

    @Test func createsSessionsAndPostsStepsAndSnapshots() async throws {
        try await withLiveDaemon { url in
            let navviz = NavVizClient(baseURL: url)
            let session = try await navviz.createSession(name: "Checkout", root: ["tabs": [["navigation": ["Home"]], "Cart"]])
            #expect(session.id == "checkout")
            #expect(session.visible == "Home")
            let step = try await navviz.postStep(["op": "push", "node": "Product"], to: session.id)
            #expect(step.index == 1)
            #expect(step.finder.visible == "Product")
            #expect(step.finder.path == ["tab", "navigation", "Product"])
            #expect(
                step.outcome.events.map(\.callback) == [.viewWillDisappear, .viewWillAppear, .viewDidDisappear, .viewDidAppear])
            #expect(step.outcome.events.first?.controller == "Home")
            #expect(step.outcome.animation?.kind == "push")
            let snapshot = SnapshotNode(
                id: "nav", kind: "navigation",
                children: [SnapshotNode(id: "Home", screen: "Home")],
                presented: SnapshotNode(id: "Sheet", screen: "Sheet", style: "formSheet"))
            let applied = try await navviz.postSnapshot(snapshot, to: session.id)
            #expect(applied.op == "snapshot")
            #expect(applied.finder.visible == "Sheet")
            #expect(Snapshot.encode(applied.hierarchy) == Snapshot.encode(try snapshot.hierarchy()))
            let run = try await navviz.run(of: session.id)
            #expect(run.steps.map(\.op) == ["initial", "push", "snapshot"])
            // The daemon's run JSON reads back as the run it wrote: the same text when written again.
            let text = String(decoding: try await navviz.raw("GET", "api/sessions/checkout/run"), as: UTF8.self)
            #expect(RunEncoder.text(run) == JSONWriter.pretty(try JSONParser.parse(text)))
            #expect(try await navviz.stateSVG(of: session.id, step: 2).contains("<svg"))
            #expect(try await navviz.renderSVG(snapshot).contains("Sheet"))
            #expect(try await navviz.sessions().map(\.id) == ["checkout"])
            try await navviz.deleteSession(session.id)
            #expect(try await navviz.sessions().isEmpty)
        }
    }

    @Test func aSnapshotTheDaemonWouldRefuseIsRefusedInTheApp() async throws {
        let navviz = NavVizClient(baseURL: URL(string: "http://127.0.0.1:9")!)
        let tabs = SnapshotNode(id: "tabs", kind: "tab", children: [SnapshotNode(id: "A")], selected: 3)
        await #expect(throws: ScenarioErrors.self) { try await navviz.postSnapshot(tabs, to: "s") }
        #expect(throws: ScenarioErrors.self) { try tabs.hierarchy() }
        // What the app spells is the canonical snapshot the daemon's reader and writer agree on.
        let spelled = SnapshotNode(
            id: "nav", kind: "navigation", class: "UINavigationController", children: [SnapshotNode(id: "Home", screen: "Home")],
            presented: SnapshotNode(id: "Sheet", title: "Sign in", style: "formSheet"))
        #expect(
            JSONWriter.compact(spelled.json)
                == #"{"id":"nav","kind":"navigation","class":"UINavigationController","children":[{"id":"Home","kind":"controller","screen":"Home","children":[]}],"presented":{"id":"Sheet","kind":"controller","title":"Sign in","children":[],"style":"formSheet"}}"#
        )
        #expect(Snapshot.encode(try spelled.hierarchy()) == spelled.json)
        // A split with its sidebar hidden (S8).
        var split = SnapshotNode(
            id: "split", kind: "split",
            children: [SnapshotNode(id: "Folders", role: "primary"), SnapshotNode(id: "Note", role: "secondary")],
            collapsed: false)
        split.display = "secondaryOnly"
        #expect(Snapshot.encode(try split.hierarchy()) == split.json)
        #expect(ViewFinder().find(in: try split.hierarchy()).onScreen == ["Note"])
        split.display = "sidebarHidden"
        #expect(throws: ScenarioErrors.self) { try split.hierarchy() }
    }

    /// A client given a token, at a daemon that has none: said so, and the token not sent (it read "could not prove…
    /// check the token", a review).
    @Test func aTokenForADaemonWithoutOneIsSaid() async throws {
        try await withLiveDaemon { url in
            let navviz = NavVizClient(baseURL: url, token: "a-token-for-nothing-0123")
            await #expect(throws: NavVizClientError.noTokenThere(url.absoluteString)) { _ = try await navviz.sessions() }
        }
        #expect(
            NavVizClientError.noTokenThere("http://127.0.0.1:7381").description
                == "What answers at http://127.0.0.1:7381 has no token (it has no proof to give), so the token was not sent: if it is "
                + "your navviz serve, leave the token out; else another program holds the port (check navviz serve's output)")
        // The client talks to the address the host resolves to, which the proof names (a daemon proved for any name it was
        // asked, and a relay on [::] answered for a name resolving to IPv6 first: a review).
        let loopback = try NavVizClient.resolved(URL(string: "http://127.0.0.1:7381/x")!)
        #expect(loopback.url.absoluteString == "http://127.0.0.1:7381/x" && loopback.address == "127.0.0.1:7381")
        let six = try NavVizClient.resolved(URL(string: "http://[::1]:7381")!)
        #expect(six.url.absoluteString == "http://[::1]:7381" && six.address == "[::1]:7381")
        let named = try NavVizClient.resolved(URL(string: "http://localhost:7381")!)
        #expect(["127.0.0.1:7381", "[::1]:7381"].contains(named.address) && !named.url.absoluteString.contains("localhost"))
    }

    @Test func errorsCarryTheDaemonsMessage() async throws {
        try await withLiveDaemon(token: "t0k") { url in
            let anonymous = NavVizClient(baseURL: url)
            await #expect(
                throws: NavVizClientError.http(
                    status: 401,
                    message:
                        "Missing or wrong bearer token: send 'Authorization: Bearer TOKEN' with the token navviz serve was started with (--token-file, NAVVIZ_TOKEN or --token)"
                )
            ) {
                _ = try await anonymous.sessions()
            }
            // A daemon that cannot prove it holds the token (another one, or another program on the port) is not sent it.
            let mistaken = NavVizClient(baseURL: url, token: "not-the-token")
            await #expect(throws: NavVizClientError.unproven(url.absoluteString)) { _ = try await mistaken.sessions() }
            #expect(
                NavVizClientError.unproven("http://127.0.0.1:7381").description
                    == "What answers at http://127.0.0.1:7381 could not prove it is the navviz serve that holds the token, so the "
                    + "token was not sent: check the token, and use the address navviz serve printed (another program may hold the port)")
            #expect(NavVizClient.address(of: URL(string: "http://[::1]:7381/")!) == "[::1]:7381")
            #expect(NavVizClient.address(of: URL(string: "http://127.0.0.1/")!) == "127.0.0.1:80")
            let navviz = NavVizClient(baseURL: url, token: "t0k")
            await #expect(throws: NavVizClientError.http(status: 404, message: "Unknown session 'nope'")) {
                try await navviz.postStep(["op": "pop"], to: "nope")
            }
            _ = try await navviz.createSession(name: "x", id: "x")
            await #expect(throws: NavVizClientError.http(status: 400, message: "body: op: unknown operation 'pusj'. Did you mean 'push'?"))
            {
                try await navviz.postStep(["op": "pusj", "node": "A"], to: "x")
            }
            await #expect(throws: NavVizClientError.invalidSessionID("../x")) {
                try await navviz.postStep(["op": "pop"], to: "../x")
            }
            // The daemon's rule, checked here: `-x` was sent and came back as an HTTP 400 (a live-debugging trial).
            await #expect(throws: NavVizClientError.invalidSessionID("-x")) {
                try await navviz.postStep(["op": "pop"], to: "-x")
            }
        }
    }
}
