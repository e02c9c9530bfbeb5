import Foundation
import NavVizCore
import NavVizScenario
import Testing

@testable import NavVizRender

/// Golden Mermaid per node kind and per kind of transition, compared byte for byte, escaping of hostile
/// text, and determinism. `make e2e` feeds every diagram of the samples to the real Mermaid.
/// Regenerate the goldens with `NAVVIZ_RECORD_GOLDENS=1 swift test --filter MermaidBuilderTests`.
@Suite struct MermaidBuilderTests {
    /// One state per node kind (and the states real captures bring: embedding, unloaded, transitional).
    static let states: [(String, @Sendable () throws -> Hierarchy)] = [
        ("navigation", { try Fixtures.hierarchy(.navigation([.screen("Home"), .screen("Product")], id: "shopNav")) }),
        (
            "tab",
            {
                try Fixtures.hierarchy(
                    .tabs([.navigation([.screen("Home")], id: "shopNav"), .screen("Cart")], selected: 0, id: "shopTabs"))
            }
        ),
        (
            "split-expanded",
            {
                try Fixtures.hierarchy(
                    .split(primary: .navigation([.screen("Settings")]), secondary: .screen("General"), id: "settingsSplit"),
                    device: .pad)
            }
        ),
        (
            "split-collapsed",
            {
                try Fixtures.hierarchy(
                    .split(primary: .navigation([.screen("Settings")]), secondary: .screen("General"), id: "settingsSplit"))
            }
        ),
        (
            "activity",
            {
                var spec = NodeSpec(kind: .activity, id: "main")
                spec.children = [.screen("Home"), .screen("Feed")]
                spec.keys = ["home", "feed"]
                spec.active = "feed"
                return try Fixtures.hierarchy(spec)
            }
        ),
        (
            "stack",
            {
                var spec = NodeSpec(kind: .stack, id: "cards")
                spec.children = ["Welcome", "Tips"].map { NodeSpec(kind: .view, screen: $0) }
                return try Fixtures.hierarchy(.navigation([.screen("Home"), spec], id: "mainNav"))
            }
        ),
        (
            "notifications",
            {
                var spec = NodeSpec(kind: .notifications, id: "alerts")
                spec.children = [.screen("Promo"), .screen("Rating")]
                spec.selected = 1
                return try Fixtures.hierarchy(spec)
            }
        ),
        (
            "presentation",
            {
                var sim = try Simulator(root: .navigation([.screen("Home")], id: "shopNav"))
                sim.perform(.present(.navigation([.screen("SignIn")], id: "signInNav"), style: .formSheet))
                return sim.hierarchy
            }
        ),
        (
            "capture",
            {
                let dump = """
                    <Maps.MapContainerViewController: 0x1>, state: appeared, view: <UIView: 0x2>
                       | <Maps.MapViewController: 0x3>, state: appeared, view: <MKMapView: 0x4>
                       | <Maps.SearchPanelController: 0x5>, state: appearing, view: <UIView: 0x6>
                       | <Maps.RoutePanelController: 0x9>, state: disappeared, view: (view not loaded)
                    """
                return try PrintHierarchy.parse(dump, file: "map.txt").hierarchy().hierarchy
            }
        ),
    ]

    @Test(arguments: states.map(\.0))
    func aStatePerNodeKind(name: String) throws {
        let h = try Self.states.first { $0.0 == name }!.1()
        let text = MermaidBuilder().state(h, finder: ViewFinder().find(in: h))
        try expectGolden("state-\(name)", text, extension: "mmd")
        #expect(text.hasPrefix("flowchart TB\n"))
        #expect(MermaidBuilder().state(h, finder: ViewFinder().find(in: h)) == text)  // deterministic
    }

    /// One transition per kind of change: added, removed (a ghost), changed, a presentation and its dismissal.
    static let transitions: [(String, @Sendable () throws -> (Simulator, NavigationOperation))] = [
        ("push", { (try Simulator(root: .navigation([.screen("Home")], id: "shopNav")), .push(.screen("Product"))) }),
        ("pop", { (try Simulator(root: .navigation([.screen("Home"), .screen("Product")], id: "shopNav")), .pop()) }),
        ("select", { (try Simulator(root: .tabs([.screen("Home"), .screen("Cart")], id: "shopTabs")), .select(.index(1))) }),
        (
            "present",
            { (try Simulator(root: .navigation([.screen("Home")], id: "shopNav")), .present(.screen("SignIn"), style: .pageSheet)) }
        ),
        (
            "dismiss",
            {
                var sim = try Simulator(root: .navigation([.screen("Home")], id: "shopNav"))
                sim.perform(.present(.screen("SignIn"), style: .fullScreen))
                return (sim, .dismiss())
            }
        ),
        (
            "set-root",
            { (try Simulator(root: .navigation([.screen("Onboarding")], id: "onboardingNav")), .setRoot(.tabs([.screen("Home")]))) }
        ),
    ]

    /// The flow: each distinct state once, a step that changed nothing loops back, a step that did not end `ok` is
    /// dotted with its status.
    @Test func theFlowHasOneBoxPerDistinctState() throws {
        let text = #"""
            {"navviz": 1, "name": "Flow", "root": {"navigation": ["Home"], "id": "nav"},
             "steps": [{"push": "Product"}, {"pop": true}, {"pop": true}, {"push": "Product"}]}
            """#
        let run = ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "flow.json"))
        let mermaid = MermaidBuilder().flow(ScenarioRenderer.flowGraph(run))
        try expectGolden("flow", mermaid, extension: "mmd")
        // A box is named by the steps that end in it, as the state files are numbered (it was `state 1`…, counted from
        // 1, so `state 4` was `states/003-….svg`); the second push makes a new Product#2, and the box says `#2`.
        #expect(mermaid.contains(#"n2["steps 0, 2, 3<br/>Home"#) && mermaid.contains(#"n4["step 4<br/>Product#35;2<br/>"#))
        #expect(mermaid.contains(#"n2 -. "3 · pop · noop" .-> n2"#))
    }

    /// More than five steps ending in one state: the first four, and how many more; five are all shown (`+1` hid a
    /// number a fifth would have shown, a trial). The arrows' labels count so too.
    @Test(arguments: [(7, "steps 1, 2, 3, 4 +3", "1, 2, 3, 4 +3 · push"), (5, "steps 1, 2, 3, 4, 5", "1, 2, 3, 4, 5 · push")])
    func aStateNamesAtMostFiveSteps(count: Int, name: String, label: String) {
        var flow = FlowGraph()
        flow.add(FlowGraph.State(key: "a", visible: "Home"))
        flow.add(FlowGraph.State(key: "b", visible: "Product"))
        for index in 1...count {
            flow.add(FlowGraph.Step(index: index, op: "push", status: .ok, from: "a", to: "b"))
        }
        #expect(flow.stateNames() == ["a": "initial", "b": name])
        #expect(flow.arrows().map { $0.lines.map(\.text) } == [[label]])
    }

    /// The steps that stayed in one state are one loop labelled with each operation and its steps: Mermaid 11 (GitHub's)
    /// draws one loop per box, and the second step's label vanished (uikit-containers' `3 · push · rejected`). Dotted only
    /// when no step of it ended `ok`.
    @Test func theStepsThatStayInOneStateAreOneLoop() throws {
        let text = #"""
            {"navviz": 1, "name": "Flow", "root": {"navigation": ["Home"], "id": "nav"},
             "steps": [{"pop": true}, {"push": "Product"}, {"pop": true}, {"pop": true}, {"select": 1}, {"pop": true}]}
            """#
        let run = ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "flow.json"))
        let mermaid = MermaidBuilder().flow(ScenarioRenderer.flowGraph(run))
        let loops = mermaid.split(separator: "\n").filter { $0.hasPrefix("    n2 ") && $0.hasSuffix(" n2") }
        #expect(
            loops == [
                #"    n2 -. "1, 4, 6 · pop · noop<br/>5 · select · rejected" .-> n2"#
            ])
        #expect(mermaid.contains(#"    n2 -- "2 · push" --> n3"#) && mermaid.contains(#"    n3 -- "3 · pop" --> n2"#))
    }

    /// What came on screen or left it without a callback reads `covered`, as in the DOT's tags (a trial: the Mermaid said
    /// `off screen`, which reads as a disappearance the event list denies).
    @Test func aControllerCoveredWithoutCallbacksReadsCoveredAsInTheDOT() throws {
        var sim = try Simulator(root: .navigation([.screen("Home")], id: "nav"))
        sim.perform(.present(.screen("Sheet"), style: .pageSheet))
        let (before, beforeFinder) = (sim.hierarchy, sim.finderResult)
        let outcome = sim.perform(.present(.screen("Camera"), style: .fullScreen))
        let text = MermaidBuilder().transition(
            before: before, after: sim.hierarchy, afterFinder: sim.finderResult, called: Set(outcome.events.map(\.controller)))
        let dot = DOTBuilder().transition(
            before: before, after: sim.hierarchy, beforeFinder: beforeFinder, afterFinder: sim.finderResult,
            step: TransitionInfo(index: 2, op: "present", outcome: outcome))
        // nav and Home (no callback) covered, said once for the path; Sheet (wD, dD) off screen; as in the DOT.
        #expect(text.contains(#"["UINavigationController · nav · ~ covered"]"#))
        #expect(text.contains("Sheet<br/>UIViewController<br/>~ off screen"))
        for word in ["~ covered", "~ off screen"] {
            #expect(text.components(separatedBy: word).count == dot.components(separatedBy: word).count, "\(word)")
        }
    }

    @Test(arguments: transitions.map(\.0))
    func aTransitionPerKindOfChange(name: String) throws {
        var (sim, operation) = try Self.transitions.first { $0.0 == name }!.1()
        let before = sim.hierarchy
        #expect(sim.perform(operation).status == .ok)
        let text = MermaidBuilder().transition(before: before, after: sim.hierarchy, afterFinder: sim.finderResult)
        try expectGolden("transition-\(name)", text, extension: "mmd")
        #expect(text.contains("classDef added") && text.contains("classDef removed") && text.contains("classDef changed"))
    }

    @Test(arguments: [
        ("plain", ##""plain""##),
        (#"say "hi""#, ##""say #34;hi#34;""##),
        ("a # b ; c", ##""a #35; b #59; c""##),
        ("<img src=x onerror=alert(1)>", ##""#60;img src=x onerror=alert(1)#62;""##),
        ("`code` & more", ##""#96;code#96; #38; more""##),
        ("two\nlines", ##""two<br/>lines""##),
        ("bell\u{07}\u{202E}rtl", ##""bellrtl""##),
        ("end", ##""end""##),
        // A label starting `%%` is a comment to Mermaid 8.10 (a CI trial's title broke its diagram).
        ("%% note 100%", ##""#37;#37; note 100#37;""##),
        // Mermaid draws `fa:fa-car` as a Font Awesome icon (the text vanished) and `\n` as a line break, and decodes its
        // codes before it looks for either (Mermaid 11.16 drew `#92;n` as a break): a zero-width space between.
        ("App.fa:fa-car fab:fa-x", ##""App.fa#8203;#58;fa-car fab#8203;#58;fa-x""##),
        (#"a\nb \ c"#, ##""a#92;#8203;nb #92;#8203; c""##),
    ])
    func labelsKeepUserTextLiteral(text: String, label: String) {
        #expect(MermaidBuilder.label(text) == label)
    }

    /// Siblings are held in order by links Mermaid draws with no stroke: Mermaid 11 (GitHub's) stacked a tab bar's
    /// tabs in a column, the selected one first. Rows of six; each ordering link is named in the one `linkStyle`.
    @Test func siblingsAreHeldInOrderByInvisibleLinks() throws {
        let h = try Fixtures.hierarchy(
            .tabs((0..<8).map { .navigation([.screen("Tab\($0)")], id: "nav\($0)") }, selected: 2, id: "tabs"))
        let text = MermaidBuilder(options: DiagramOptions(expandAll: true)).state(h, finder: ViewFinder().find(in: h))
        let links = text.split(separator: "\n").filter { $0.contains(" --- ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(links.count == 6)
        let edges = text.split(separator: "\n").filter { $0.contains(" --- ") || $0.contains("==>") || $0.contains("-->") }
        let indices = edges.indices.filter { edges[$0].contains(" --- ") }.map(String.init).joined(separator: ",")
        #expect(text.contains("    linkStyle \(indices) stroke-width:0px,fill:none\n"))
    }

    /// The links that order siblings, by index (`B` a box, `S` a subgraph): rows of six at the top; a level down, a row
    /// of up to six unlinked and a longer one a column; among subgraphs a level down, each subgraph a line of its own
    /// and the boxes between them rows of four, the row beside a subgraph full: a tab bar of nine tabs two levels down
    /// was a column 2,229 px tall.
    @Test(arguments: [
        ("BBBBBBBB", true, "0-1 1-2 2-3 3-4 4-5 6-7"),
        ("BBBBBB", false, ""),
        // Seven a level down: rows of four, the fourth box over the short row's last.
        ("BBBBBBB", false, "0-4 1-5 2-6 3-6"),
        ("BBBBBBBBBB", false, "0-4 1-5 2-6 3-7 4-8 5-9 6-9 7-9"),
        ("SBB", true, "0-1 1-2"),
        // Tab 0 selected, eight folded tabs: two rows of four under it.
        ("SBBBBBBBB", false, "0-1 0-2 0-3 0-4 1-5 2-6 3-7 4-8"),
        // Tab 4 selected: a row above, a row below.
        ("BBBBSBBBB", false, "0-4 1-4 2-4 3-4 4-5 4-6 4-7 4-8"),
        // Five before: the short row first; two after: under the subgraph.
        ("BBBBBSBB", false, "0-1 0-2 0-3 0-4 1-5 2-5 3-5 4-5 5-6 5-7"),
        // Six after a subgraph: the full row beside it, the short one under its first two boxes.
        ("SBBBBBB", false, "0-1 0-2 0-3 0-4 1-5 2-6"),
        ("SS", false, "0-1"),
        ("SBS", false, "0-1 1-2"),
        ("BSBBS", false, "0-1 1-2 1-3 2-4 3-4"),
        ("S", false, ""),
    ])
    func siblingsAreOrderedByRowsAndLines(_ shape: String, _ topLevel: Bool, _ links: String) {
        let found = MermaidBuilder.orderingLinks(isSubgraph: shape.map { $0 == "S" }, topLevel: topLevel)
        #expect(found.map { "\($0)-\($1)" }.joined(separator: " ") == links, "\(shape)")
    }

    /// A stack over two rows (no link from row to row) says each middle entry's position: an 8-deep stack read as six
    /// and two beside them (a trial of real captures with `--expand all`). Six in one row need none.
    @Test(arguments: [(8, true), (6, false)])
    func aStackOverTwoRowsSaysEachEntrysPosition(_ depth: Int, _ said: Bool) throws {
        let h = try Fixtures.hierarchy(.navigation((1...depth).map { .screen("A\($0)") }, id: "nav"))
        let text = MermaidBuilder(options: DiagramOptions(expandAll: true)).state(h, finder: ViewFinder().find(in: h))
        #expect(text.contains(#"("root<br/>A1<br/>"#))
        #expect(text.contains(#"("position \#(depth - 2)<br/>A\#(depth - 1)<br/>"#) == said)
        #expect(text.contains("position") == said)
    }

    /// In a transition, positions count the entries there now: after two middle entries go, the next is at 2, and the
    /// removed ghosts say no position (a review: the entries after them said their old one).
    @Test func positionsCountTheEntriesThereNow() throws {
        var sim = try Simulator(root: .navigation((1...10).map { .screen("A\($0)") }, id: "nav"))
        let before = sim.hierarchy
        let kept = before["nav"].children.enumerated().filter { ![2, 3].contains($0.offset) }.map { NodeSpec.reference($0.element) }
        #expect(sim.perform(.setStack(kept)).status == .ok)
        let text = MermaidBuilder(options: DiagramOptions(expandAll: true)).transition(
            before: before, after: sim.hierarchy, afterFinder: sim.finderResult)
        #expect(text.contains(#"("position 2<br/>A5<br/>"#))
        #expect(!text.contains(#"position 3<br/>A4"#) && !text.contains(#"position 2<br/>A3"#))
    }

    @Test func hostileTitlesCannotLeaveTheirLabel() throws {
        let h = try Fixtures.hierarchy(
            .navigation([.screen("Home\"]; click n1 call alert(1) %%"), .screen("end")], id: "nav"),
            screens: ["end": ScreenInfo(className: "Evil\"]\nsubgraph x", title: "<b>bold</b>")])
        let text = MermaidBuilder().state(h, finder: ViewFinder().find(in: h))
        // Every line is a statement navviz writes: user text never starts a line or closes a label.
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            let statement =
                trimmed.hasPrefix("flowchart TB") || trimmed.hasPrefix("subgraph n") || trimmed == "end"
                || trimmed.hasPrefix("classDef ") || trimmed.hasPrefix("class n") || trimmed.first == "n"
                || trimmed.hasPrefix("linkStyle ")
            #expect(statement, "unexpected line: \(line)")
        }
        #expect(!text.contains("\"]; click"))
        #expect(text.contains("#60;b#62;bold#60;/b#62;"))
    }
}

/// A container's own title (a scenario's `title` on a navigation, tab or split literal) is drawn after its
/// class and id, in DOT and in Mermaid; a title equal to the id, or none, is not repeated. format.md says
/// titles are shown, and a new user's trial found containers' titles drawn nowhere.
@Suite struct ContainerTitleTests {
    @Test(arguments: [
        (#""title": "Shop", "#, "UINavigationController</B> · shopNav · “Shop”", "UINavigationController · shopNav · “Shop”"),
        (#""title": "shopNav", "#, "UINavigationController</B> · shopNav<", #"UINavigationController · shopNav"]"#),
        ("", "UINavigationController</B> · shopNav<", #"UINavigationController · shopNav"]"#),
    ])
    func aContainersTitleIsDrawn(title: String, dot: String, mermaid: String) throws {
        let scenario = try ScenarioDecoder.decode(
            #"{"navviz": 1, "name": "t", "root": {"navigation": ["Home"], \#(title)"id": "shopNav"}, "steps": []}"#, file: "t.json")
        let state = try #require(ScenarioRunner.run(scenario).steps.first)
        #expect(DOTBuilder(options: .focused).state(state.hierarchy, finder: state.finder).contains(dot))
        #expect(MermaidBuilder().state(state.hierarchy, finder: state.finder).contains(mermaid))
    }
}
