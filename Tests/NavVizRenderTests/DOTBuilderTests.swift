import Foundation
import NavVizScenario
import NavVizTestSupport
import Testing

@testable import NavVizCore  // a released view is set directly, as a memory warning would leave it
@testable import NavVizRender

/// Golden DOT per node kind and per kind of step, determinism, and escaping in context.
/// Regenerate the goldens with `NAVVIZ_RECORD_GOLDENS=1 swift test --filter DOTBuilderTests`.
@Suite struct DOTBuilderTests {
    // MARK: - States, one per node kind

    @Test func boxCountCountsNodeStatementsOnly() throws {
        let dot = """
            digraph navviz {
              graph [fontsize=11];
              node [shape=box];
              rail_before [shape=point];
              n1 [label="UIWindow"];
              subgraph cluster_2 {
                n2 [label=<<b>Nav</b>>];
                n3;
              }
              n1 -> n2 [lhead=cluster_2];
              n2 -> n3;
              {rank=same; n1; n3; }
              n12x [label="not ours"];
            }
            """
        #expect(DOTBuilder.boxCount(in: dot) == 3)
        // Every controller of an expanded diagram is a box, besides the window.
        let h = try Fixtures.hierarchy(.navigation([.screen("A"), .screen("B"), .screen("C")], id: "nav"))
        let full = DOTBuilder(options: DiagramOptions(expandAll: true)).state(h, finder: ViewFinder().find(in: h))
        #expect(DOTBuilder.boxCount(in: full) == 5)
    }

    @Test func navigationStack() throws {
        let h = try Fixtures.hierarchy(
            .navigation([.screen("Home"), .screen("Product"), .screen("Reviews")], id: "shopNav"))
        try expectGolden("state-navigation", DOTBuilder().state(h, finder: ViewFinder().find(in: h)))
    }

    @Test func tabBarWithSelectedTab() throws {
        let h = try Fixtures.hierarchy(
            .tabs(
                [
                    .navigation([.screen("Home"), .screen("Product")], id: "shopNav"), .screen("Cart"),
                    .screen("Profile"),
                ], selected: 0, id: "shopTabs"),
            screens: ["Product": ScreenInfo(className: "ProductViewController", title: "Product detail")])
        try expectGolden(
            "state-tab", DOTBuilder().state(h, finder: ViewFinder().find(in: h), caption: "Shop, first launch"))
    }

    @Test func splitExpanded() throws {
        let h = try Fixtures.hierarchy(
            .split(
                primary: .navigation([.screen("Settings")]), secondary: .screen("General"),
                supplementary: .screen("Sections"), id: "settingsSplit"),
            device: .pad)
        try expectGolden("state-split-expanded", DOTBuilder().state(h, finder: ViewFinder().find(in: h)))
    }

    @Test func splitCollapsed() throws {
        let h = try Fixtures.hierarchy(
            .split(primary: .navigation([.screen("Settings")]), secondary: .screen("General"), id: "settingsSplit"),
            device: .phone)
        try expectGolden("state-split-collapsed", DOTBuilder().state(h, finder: ViewFinder().find(in: h)))
    }

    @Test func activityWithInactiveAndReleasedKeys() throws {
        var spec = NodeSpec(kind: .activity, id: "main")
        spec.children = [.screen("Home"), .screen("Feed"), .navigation([.screen("Profile")])]
        spec.keys = ["home", "feed", "profile"]
        spec.active = "feed"
        spec.generators = ["search": .screen("Search")]
        var h = try Fixtures.hierarchy(spec)
        h[NodeID("Home")].isLoaded = false
        h[NodeID("Home")].isReleased = true  // by a memory warning
        try expectGolden("state-activity", DOTBuilder().state(h, finder: ViewFinder().find(in: h)))
    }

    @Test func animatedStackOfViews() throws {
        var spec = NodeSpec(kind: .stack, id: "cards")
        spec.children = ["Welcome", "Tips", "Offer"].map { NodeSpec(kind: .view, screen: $0) }
        let h = try Fixtures.hierarchy(.navigation([.screen("Home"), spec], id: "mainNav"))
        try expectGolden("state-stack", DOTBuilder().state(h, finder: ViewFinder().find(in: h)))
    }

    @Test func notificationsShowCurrentPosition() throws {
        var spec = NodeSpec(kind: .notifications, id: "alerts")
        spec.children = [.screen("Promo"), .screen("Rating"), .screen("Update")]
        spec.selected = 1
        let h = try Fixtures.hierarchy(spec)
        try expectGolden("state-notifications", DOTBuilder().state(h, finder: ViewFinder().find(in: h)))
    }

    @Test func customContainer() throws {
        var spec = NodeSpec(kind: .controller, screen: "Dashboard")
        spec.className = "DashboardContainerViewController"
        spec.children = [.screen("Summary"), .navigation([.screen("Details")])]
        spec.selected = 0
        let h = try Fixtures.hierarchy(spec)
        let text = DOTBuilder().state(h, finder: ViewFinder().find(in: h))
        try expectGolden("state-custom-container", text)
        // The child it shows is `shown`, not `visible`: that word is the controller in front's, which a
        // presentation may put elsewhere.
        #expect(text.contains(#"POINT-SIZE="8">child 0 · shown</FONT>"#))
        #expect(text.contains("2 children · shows child 0"))
        #expect(!text.contains("child 0 · visible") && !text.contains("visible: child"))
    }

    @Test func presentationsWithStyles() throws {
        var sim = try Simulator(
            root: .tabs([.navigation([.screen("Home"), .screen("Product")], id: "shopNav"), .screen("Cart")]))
        #expect(
            sim.perform(.present(.navigation([.screen("SignIn")], id: "signInNav"), style: .formSheet)).status == .ok)
        #expect(sim.perform(.present(.screen("Terms"), style: .overFullScreen)).status == .ok)
        try expectGolden("state-presentation", DOTBuilder().state(sim.hierarchy, finder: sim.finderResult))
    }

    @Test func fullScreenPresentationHidesPresenter() throws {
        var sim = try Simulator(root: .navigation([.screen("Home")], id: "mainNav"))
        #expect(sim.perform(.present(.screen("Player"), style: .fullScreen)).status == .ok)
        try expectGolden("state-presentation-fullscreen", DOTBuilder().state(sim.hierarchy, finder: sim.finderResult))
    }

    @Test func unloadedControllerIsDashed() throws {
        var h = try Fixtures.hierarchy(.navigation([.screen("Home"), .screen("Product")], id: "shopNav"))
        h[NodeID("Home")].isLoaded = false
        h[NodeID("Home")].isReleased = true  // by a memory warning
        try expectGolden("state-unloaded", DOTBuilder().state(h, finder: ViewFinder().find(in: h)))
    }

    @Test func legendCluster() throws {
        let h = try Fixtures.hierarchy(.navigation([.screen("Home")]))
        let text = DOTBuilder(options: DiagramOptions(includeLegend: true)).state(h, finder: ViewFinder().find(in: h))
        try expectGolden("state-with-legend", text)
        #expect(text.contains("subgraph cluster_legend {"))
        let legend = DOTBuilder().legend()
        try expectGolden("legend", legend)
        // Marks as a transition draws them: a ring and the tag's word, no fill of their own (a readability trial).
        #expect(legend.contains(">+ added<") && legend.contains(">− removed<") && legend.contains(">~ changed<"))
        #expect(!legend.contains(DiagramStyle.addedFill) && !legend.contains(DiagramStyle.removedFill))
    }

    @Test func emptyWindow() throws {
        let h = Hierarchy()
        let text = DOTBuilder().state(h, finder: ViewFinder().find(in: h))
        #expect(text.contains("UIWindow"))
        #expect(!text.contains("->"))
    }

    // MARK: - Transitions

    @Test func pushTransition() throws {
        var sim = try Simulator(root: .tabs([.navigation([.screen("Home")], id: "shopNav"), .screen("Cart")]))
        try expectTransition("transition-push", &sim, .push(.screen("Product")), note: "Tap a product")
    }

    @Test func popTransitionMarksThePoppedControllerRemoved() throws {
        var sim = try Simulator(root: .navigation([.screen("Home"), .screen("Product")], id: "shopNav"))
        let text = try expectTransition("transition-pop", &sim, .pop())
        #expect(text.contains("− removed"))
    }

    @Test func presentTransition() throws {
        var sim = try Simulator(root: .navigation([.screen("Home")], id: "shopNav"))
        let options = StepOptions(animation: Animation(kind: "springSlide", duration: 0.35, direction: "up"))
        try expectTransition(
            "transition-present", &sim, .present(.navigation([.screen("SignIn")]), style: .formSheet), options)
    }

    @Test func dismissTransitionMarksTheSheetRemoved() throws {
        var sim = try Simulator(root: .navigation([.screen("Home")], id: "shopNav"))
        sim.perform(.present(.screen("SignIn"), style: .formSheet))
        try expectTransition("transition-dismiss", &sim, .dismiss())
    }

    @Test func selectTabTransitionMarksTabBarChanged() throws {
        var sim = try Simulator(root: .tabs([.screen("Home"), .screen("Cart")], id: "shopTabs"))
        let text = try expectTransition("transition-select", &sim, .select(.index(1)))
        #expect(text.contains("~ tab 0 → 1") && text.contains("~ on screen") && !text.contains("~ changed"))
    }

    @Test func rejectedStepHasBanner() throws {
        var sim = try Simulator(root: .tabs([.screen("Home"), .screen("Cart")], id: "shopTabs"))
        let text = try expectTransition("transition-rejected", &sim, .select(.index(7)))
        #expect(text.contains("REJECTED: "))
        #expect(text.contains(DiagramStyle.rejectedBanner))
    }

    @Test func noopStepHasBanner() throws {
        var sim = try Simulator(root: .navigation([.screen("Home")]))
        let text = try expectTransition("transition-noop", &sim, .pop())
        #expect(text.contains("NOOP"))
    }

    @Test func droppedStepListsHooksAndWarnings() throws {
        let h = try Fixtures.hierarchy(.navigation([.screen("Home")], id: "mainNav"))
        var outcome = StepOutcome(status: .dropped, message: "'main' is still animating")
        outcome.hooks = [HookEvent("activityInitiation", controller: "Home"), HookEvent("quirk:noneSwapKeepsChild")]
        outcome.warnings = ["Attempt to present <SignIn> whose view is not in the window"]
        outcome.animation = Animation(kind: "springSlide", duration: 0.6, parameters: ["damping": 0.6, "delay": 0])
        let finder = ViewFinder().find(in: h)
        let text = DOTBuilder().transition(
            before: h, after: h, beforeFinder: finder, afterFinder: finder,
            step: TransitionInfo(index: 4, op: "activate", outcome: outcome, note: "Switch while animating"))
        try expectGolden("transition-dropped", text)
        #expect(text.contains("DROPPED: &#39;main&#39; is still animating"))
        #expect(text.contains("hook: activityInitiation(Home)"))
        #expect(text.contains("damping 0.6 · delay 0"))
    }

    @Test func setRootMarksTheOldRootRemoved() throws {
        var sim = try Simulator(root: .navigation([.screen("Onboarding")], id: "onboardingNav"))
        let text = try expectTransition("transition-set-root", &sim, .setRoot(.tabs([.screen("Home"), .screen("Cart")])))
        #expect(!text.contains("weight=100"), "small enough to stay side by side")
        #expect(text.contains("− removed") && text.contains("+ added"))
    }

    /// Two panels whose estimated width is over the budget are stacked: the events move under the caption,
    /// and an invisible rail left of both windows holds the panels against one left edge.
    @Test func aTransitionTooWideForTheBudgetStacksItsPanels() throws {
        let tabs: [NodeSpec] = ["Explore", "Places", "Saved", "History", "Search"].map { name in
            .navigation([.screen(name + "Overview"), .screen(name + "ArticleDetail")], id: name.lowercased() + "Navigation")
        }
        var sim = try Simulator(root: .tabs(tabs, id: "applicationTabs"))
        let text = try expectTransition(
            "transition-stacked", &sim, .setTabs(tabs.reversed() + [.screen("Settings")], selected: 5), diagram: .focused)
        #expect(text.contains(#"weight=100"#))
        #expect(!text.contains("{rank=same; n1; n"))
    }

    /// Folded tabs beside the selected one wrap into rows: a later row hangs its first box from the lowest box on the
    /// left of the row above, and each next box from its neighbour, not from the tab bar's anchor (`dot` centred the
    /// row under the selected tab, where it read as part of it) and not each in a cluster of its own (`dot` swapped
    /// neighbours).
    @Test func laterRowsOfFoldedTabsHangFromTheLeftInOrder() throws {
        let names = ["HomeFeedOverview", "SearchDiscovery", "CheckoutCart", "OrdersHistoryList", "AccountPreferences"]
        let tabs: [NodeSpec] = names.map { name in
            .navigation([.screen(name + "ViewController"), .screen(name + "DetailViewController")], id: name + "Nav")
        }
        let h = try Hierarchy(root: .tabs(tabs, selected: 2, id: "mainTabs"))
        let text = DOTBuilder(options: .focused).state(h, finder: ViewFinder().find(in: h))
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        func node(_ label: String) throws -> String {
            String(try #require(lines.first { $0.hasPrefix("n") && $0.contains(label) }).prefix { $0 != " " })
        }
        let anchor = try node("ordering=out")  // the tab bar's anchor, its first node
        let (tab0, tab3, tab4) = try (node(">tab 0<"), node(">tab 3<"), node(">tab 4<"))
        #expect(lines.contains { $0.hasPrefix("\(tab0) -> \(tab3) [") }, "tab 3 hangs under tab 0")
        #expect(lines.contains("\(tab3) -> \(tab4) [minlen=0, style=invis];"), "tab 4 follows tab 3 on its rank")
        #expect(!lines.contains { $0.hasPrefix("\(anchor) -> \(tab3) [") }, "not from the tab bar")
        let tab3Index = try #require(lines.firstIndex { $0.hasPrefix(tab3 + " [") })
        #expect(!lines[tab3Index - 1].hasPrefix("graph [label=\"\""), "no order cluster around tab 3")
    }

    /// Where the selected tab's first child ends higher up than the tab (a stack's root box beside a container on
    /// top), the row below hangs from the lowest box on the left that does reach down, not from the tab bar's anchor
    /// (a review: the row was centred again).
    @Test func aLaterRowHangsFromTheLowestBoxOnTheLeft() throws {
        var deep = NodeSpec.screen("Deep")
        deep.children = [.screen("ChildA"), .screen("ChildB")]
        let names = [
            "SearchDiscoveryRoot", "CheckoutCartViewController", "OrdersHistoryListViewController", "AccountPreferencesViewController",
            "NotificationsCenterViewController", "MessagesInboxViewController",
        ]
        let tabs: [NodeSpec] =
            [.navigation([.screen("Tiny"), deep], id: "tinyNav")]
            + names.map { .navigation([.screen($0), .screen($0 + "Detail")], id: $0 + "Nav") }
        let h = try Hierarchy(root: .tabs(tabs, selected: 0, id: "mainTabs"))
        let text = DOTBuilder(options: .focused).state(h, finder: ViewFinder().find(in: h))
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        func node(_ label: String) throws -> String {
            String(try #require(lines.first { $0.hasPrefix("n") && $0.contains(label) }).prefix { $0 != " " })
        }
        let (childA, firstOfRow) = try (node(">ChildA<"), node(">tab 4<"))
        #expect(lines.contains("\(childA) -> \(firstOfRow) [style=invis];"), "\(text)")
    }

    @Test(arguments: [
        ([1, 1, 1, 4, 4], [0..<3, 3..<5]),
        ([1, 1, 5, 5, 5, 5, 6, 6, 6], [0..<2, 2..<6, 6..<9]),
        ([1], [0..<1]),
        ([], []),
    ])
    func childrenInRowsAreRunsOfOneRankOffset(offsets: [Int], rows: [Range<Int>]) {
        #expect(SceneEmitter.rows(offsets: offsets) == rows)
    }

    @Test(arguments: [
        ("Home", 10.0, false, 26.67), ("UIWindow", 10.0, true, 48.33), ("a · b", 8.0, false, 15.568), ("Ω", 12.0, false, 6.672),
        ("Zoë", 10.0, true, 17.78), ("設定", 10.0, false, 20),
    ])
    func textIsMeasuredWithArialsAdvanceWidths(text: String, size: Double, bold: Bool, width: Double) {
        #expect(abs(TextWidth.of(text, size: size, bold: bold) - width) < 0.01)
    }

    @Test(arguments: [
        ("UINavigationController", "UINavigationController"),
        ("Swift.Optional<Swift.Array<Swift.Int>>", "Swift.Optional<Swift.Array<Swift.Int>>"),
        (
            "UIHostingController<ModifiedContent<ModifiedContent<_VariadicView_Children.Element, NavigationColumnModifier>, StyleContextWriter<SidebarStyleContext>>>",
            "UIHostingController<ModifiedContent<…>>"
        ),
        ("A<B<C<D>>, E<F>, GGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG>", "A<…>"),
        ("Outer<First<Deep<Deeper>>, Second<Deep>, Third>.Inner<Long<Deep, Deeper>>", "Outer<First<…>, Second<…>, Third>.Inner<Long<…>>"),
    ])
    func longGenericClassNamesAreElidedInBoxes(name: String, shown: String) {
        #expect(DiagramStyle.elidingGenerics(name) == shown)
    }

    @Test func aTableIsEstimatedAsWideAsItsWidestRowWithEntitiesAsTheirCharacters() {
        let table = Markup.table([(.bold(.text("Events")), background: nil), (.text("1. A & <B>"), background: nil)])
        #expect(abs(table.estimatedTableWidth(size: 10) - (TextWidth.of("1. A & <B>", size: 10) + 8)) < 0.001)
        #expect(Markup.table([]).estimatedTableWidth(size: 10) == 8)
    }

    @Test func diffOfTwoSnapshots() throws {
        var sim = try Simulator(root: .tabs([.navigation([.screen("Home")], id: "shopNav"), .screen("Cart")]))
        let old = sim.hierarchy
        sim.perform(.push(.screen("Product")))
        sim.perform(.select(.index(1)))
        let text = DOTBuilder().diff(
            old: old, new: sim.hierarchy, oldFinder: ViewFinder().find(in: old), newFinder: sim.finderResult,
            caption: "app snapshot vs. scenario")
        try expectGolden("diff", text)
    }

    // MARK: - Flow

    @Test func flowOfAScenario() throws {
        var sim = try Simulator(root: .navigation([.screen("Home")], id: "shopNav"))
        let builder = DOTBuilder()
        var flow = FlowGraph()
        func key(_ h: Hierarchy) -> String { builder.state(h, finder: ViewFinder().find(in: h)) }
        flow.add(FlowGraph.State(key: key(sim.hierarchy), hierarchy: sim.hierarchy, finder: sim.finderResult))
        let steps: [NavigationOperation] = [
            .push(.screen("Product")), .pop(), .pop(), .present(.screen("SignIn")), .dismiss(),
        ]
        for (offset, op) in steps.enumerated() {
            let from = key(sim.hierarchy)
            let outcome = sim.perform(op)
            let to = key(sim.hierarchy)
            flow.add(FlowGraph.State(key: to, hierarchy: sim.hierarchy, finder: sim.finderResult))
            flow.add(FlowGraph.Step(index: offset + 1, op: op.name, status: outcome.status, from: from, to: to))
        }
        #expect(flow.states.count == 3)
        try expectGolden("flow", builder.flow(flow))
    }

    /// The steps that stayed in one state are one loop, a line each in its status's colour, at the first one's place:
    /// Graphviz ran a box's second loop through the first one's label (a trial read "noop" struck through).
    @Test func theLoopsOfAStateAreOneArrow() {
        var flow = FlowGraph()
        flow.add(FlowGraph.State(key: "a", visible: "Home", path: ["nav", "Home"]))
        flow.add(FlowGraph.State(key: "b", visible: "Post", path: ["nav", "Post"]))
        flow.add(FlowGraph.Step(index: 1, op: "select", status: .noop, from: "a", to: "a"))
        flow.add(FlowGraph.Step(index: 2, op: "push", status: .ok, from: "a", to: "b"))
        flow.add(FlowGraph.Step(index: 3, op: "present", status: .rejected, from: "b", to: "b"))
        flow.add(FlowGraph.Step(index: 4, op: "pop", status: .ok, from: "b", to: "a"))
        flow.add(FlowGraph.Step(index: 5, op: "present", status: .rejected, from: "a", to: "a"))
        flow.add(FlowGraph.Step(index: 6, op: "wait", status: .ok, from: "a", to: "a"))
        let edges = DOTBuilder().flow(flow).split(separator: "\n").filter { $0.contains(" -> ") && !$0.contains("n1 ->") }
        #expect(
            edges == [
                ##"  n2 -> n2 [color="#bc4c00", fontcolor="#bc4c00", label=<<FONT COLOR="#bc4c00">  1 · select · noop  </FONT><BR/>"##
                    + ##"<FONT COLOR="#cf222e">  5 · present · rejected  </FONT><BR/><FONT COLOR="#57606a">  6 · wait  </FONT>>, "##
                    + ##"style=dashed, tooltip="1 · select · noop; 5 · present · rejected; 6 · wait"];"##,
                ##"  n2 -> n3 [label="  2 · push  ", tooltip="2 · push"];"##,
                ##"  n3 -> n3 [color="#cf222e", fontcolor="#cf222e", label="  3 · present · rejected  ", style=dashed, tooltip="3 · present · rejected"];"##,
                ##"  n3 -> n2 [label="  4 · pop  ", tooltip="4 · pop"];"##,
            ])
    }

    /// The steps between the same two states are one arrow, each operation once with its steps (at most four, then how
    /// many more): a trial's 60 tab switches between three states were 60 arrows fanned out, 2,725 pt wide.
    @Test func theStepsBetweenTwoStatesAreOneArrow() {
        var flow = FlowGraph()
        flow.add(FlowGraph.State(key: "a", visible: "Home", path: ["tabs", "Home"]))
        flow.add(FlowGraph.State(key: "b", visible: "Search", path: ["tabs", "Search"]))
        for index in 1...12 {
            flow.add(
                FlowGraph.Step(index: index, op: "select", status: .ok, from: index % 2 == 1 ? "a" : "b", to: index % 2 == 1 ? "b" : "a"))
        }
        flow.add(FlowGraph.Step(index: 13, op: "tap", status: .ok, from: "a", to: "b"))
        let edges = DOTBuilder().flow(flow).split(separator: "\n").filter { $0.contains(" -> ") && !$0.contains("n1 ->") }
        #expect(
            edges == [
                ##"  n2 -> n3 [label=<<FONT COLOR="#57606a">  1, 3, 5, 7 +2 · select  </FONT><BR/><FONT COLOR="#57606a">  13 · tap  </FONT>>, "##
                    + ##"tooltip="1 · select; 3 · select; 5 · select; 7 · select; 9 · select; 11 · select; 13 · tap"];"##,
                ##"  n3 -> n2 [label="  2, 4, 6, 8 +2 · select  ", tooltip="2 · select; 4 · select; 6 · select; 8 · select; 10 · select; 12 · select"];"##,
            ])
        let mermaid = MermaidBuilder().flow(flow).split(separator: "\n").filter { $0.contains("-->") && !$0.contains("n1 -->") }
        #expect(
            mermaid == [
                #"    n2 -- "1, 3, 5, 7 +2 · select<br/>13 · tap" --> n3"#, #"    n3 -- "2, 4, 6, 8 +2 · select" --> n2"#,
            ])
        // `render --step 4`: the arrow that holds it stands out (a trial looked for its step in a flow 2,776 pt tall).
        flow.marked = 4
        let marked = DOTBuilder().flow(flow).split(separator: "\n").filter { $0.contains("penwidth") }
        #expect(marked.count == 1 && marked[0].hasPrefix(##"  n3 -> n2 [color="#0969da", label="  2, 4, 6, 8 +2 · select  ", penwidth=3"##))
        #expect(MermaidBuilder().flow(flow).contains("\n    linkStyle 2 stroke-width:3px\n"))
    }

    // MARK: - Determinism and escaping in context

    @Test func sameInputGivesSameText() throws {
        func render() throws -> (String, String) {
            var sim = try Simulator(
                root: .tabs([.navigation([.screen("Home")]), .split(primary: .screen("A"), secondary: .screen("B"))]),
                device: .pad)
            let before = sim.hierarchy
            let outcome = sim.perform(.push(.screen("Product")))
            let builder = DOTBuilder(options: DiagramOptions(includeLegend: true))
            return (
                builder.state(sim.hierarchy, finder: sim.finderResult),
                builder.transition(
                    before: before, after: sim.hierarchy, beforeFinder: ViewFinder().find(in: before),
                    afterFinder: sim.finderResult, step: TransitionInfo(index: 1, op: "push", outcome: outcome))
            )
        }
        let first = try render()
        let second = try render()
        #expect(first == second)
    }

    @Test func samePlaceForTheSameNodeAcrossStates() throws {
        // Two states of one hierarchy that differ only in selection write the same statements in the
        // same order (only attribute values differ), so Graphviz keeps the nodes in place.
        var sim = try Simulator(root: .tabs([.screen("Home"), .screen("Cart")]))
        let first = DOTBuilder().state(sim.hierarchy, finder: sim.finderResult)
        sim.perform(.select(.index(1)))
        let second = DOTBuilder().state(sim.hierarchy, finder: sim.finderResult)
        func ids(_ text: String) -> [String] {
            text.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        }
        #expect(first != second)
        #expect(ids(first) == ids(second))
    }

    @Test func hostileTitlesAreEscaped() throws {
        let hostile = [
            "<script>alert(1)</script>", "</text><text>", "a --> b", "&amp; &lt;", "say \"hi\"", #"C:\N\G\E"#,
            "bell\u{07}\u{1B}[31m", "\u{202E}evil", "\u{200F}שלום", "🛒 Cart",
        ]
        var screens: [String: ScreenInfo] = [:]
        for (index, title) in hostile.enumerated() {
            screens["S\(index)"] = ScreenInfo(className: title, title: title)
        }
        var spec = NodeSpec.navigation(hostile.indices.map { .screen("S\($0)") }, id: "nav<&>\"\\")
        spec.title = "</TD><b>nav"
        let h = try Fixtures.hierarchy(spec, screens: screens)
        let text = DOTBuilder().state(h, finder: ViewFinder().find(in: h), caption: "caption <b>&amp;\\N")
        try expectGolden("state-hostile", text)
        for raw in ["<script>", "</text>", "-->", "&amp; &lt;", "\"hi\"", "\u{07}", "\u{1B}", "\u{202E}"] {
            #expect(!text.contains(raw), "raw \(raw.debugDescription) leaked")
        }
        #expect(text.contains("&lt;script&gt;"))
        #expect(text.contains("“&lt;/TD&gt;&lt;b&gt;nav”"))
        #expect(text.contains(#"C:\\N\\G\\E"#))
        #expect(text.contains("🛒 Cart"))
        #expect(text.contains("\u{200F}שלום"))
        // Ids stay synthetic.
        for line in text.split(separator: "\n") {
            let head = line.trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? ""
            #expect(head.allSatisfy { $0.isLetter || $0.isNumber || "_{}];".contains($0) }, "\(line)")
        }
    }

    /// A captured state: several embedded children on screen, a view never loaded and one released by
    /// a memory warning, and controllers caught appearing and disappearing.
    @Test func aCapturedStateDrawsEmbeddingLoadingAndTransitionalStates() throws {
        let dump = """
            <Maps.MapContainerViewController: 0x1>, state: appeared, view: <UIView: 0x2>
               | <Maps.MapViewController: 0x3>, state: appeared, view: <MKMapView: 0x4>
               | <Maps.SearchPanelController: 0x5>, state: appearing, view: <UIView: 0x6>
               | <Maps.PlacePanelController: 0x7>, state: disappearing, view: <UIView: 0x8>
               | <Maps.RoutePanelController: 0x9>, state: disappeared, view: (view not loaded)
            """
        var h = try PrintHierarchy.parse(dump, file: "map.txt").hierarchy().hierarchy
        let placePanel =
            #""id":"PlacePanelController","kind":"controller","screen":"PlacePanelController","#
            + #""class":"Maps.PlacePanelController","children":[]"#
        h = try Snapshot.decode(
            try JSONParser.parse(
                JSONWriter.compact(Snapshot.encode(h)).replacingOccurrences(
                    of: placePanel, with: placePanel + #","loaded":false,"released":true"#)), file: "map.json")
        #expect(h["PlacePanelController"].isReleased)
        let text = DOTBuilder().state(h, finder: ViewFinder().find(in: h))
        try expectGolden("state-capture", text)
        #expect(text.contains("custom container · 4 children · on screen: children 0, 1"))
        #expect(text.contains("view not loaded"))
        #expect(text.contains("appearing"))
    }

    /// A capture's controller is named by its class, which is also its id: drawn once, not as name, class and id
    /// (a box, or a Mermaid title, twice as wide); an id that is the class and `#2` reads `ProductViewController#2`,
    /// in a box as in a container's first line. A sample's name, class and id stay three.
    @Test func aCapturedClassIsNotRepeatedAsItsClassAndId() throws {
        let dump = """
            <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
               | <ProductViewController 0x3>, state: disappeared, view: <UIView 0x4> not in the window
               | <ProductViewController 0x5>, state: appeared, view: <UIView 0x6>
               + <UINavigationController 0x7>, state: appeared, view: <UILayoutContainerView 0x8>, presented with: <_UIPageSheetPresentationController 0x9>
               |    | <Shop.CartViewController 0xa>, state: disappeared, view: <UIView 0xb> not in the window
               |    | <Shop.CartViewController 0xc>, state: appeared, view: <UIView 0xd>
            """
        let h = try PrintHierarchy.parse(dump, file: "shop.txt").hierarchy().hierarchy
        let finder = ViewFinder().find(in: h)
        let dot = DOTBuilder().state(h, finder: finder)
        // A module's class repeated reads `CartViewController#2` in bold too, the class below it (a trial: every repeat
        // read `CartViewController` in bold, the number only in the small line).
        #expect(dot.contains(##"<B>CartViewController</B> #2<BR/><FONT COLOR="#dbeafe" POINT-SIZE="8">Shop.CartViewController</FONT>"##))
        #expect(dot.contains(##"<B>ProductViewController</B>>"##))
        #expect(dot.contains(##"<B>ProductViewController</B> #2>"##))
        #expect(dot.contains(##"<B>UINavigationController</B></TD>"##))
        #expect(dot.contains(##"<B>UINavigationController</B> #2</TD>"##))
        #expect(dot.contains(##"<B>CartViewController</B><BR/><FONT COLOR="#57606a" POINT-SIZE="8">Shop.CartViewController</FONT>"##))
        let mermaid = MermaidBuilder().state(h, finder: finder)
        #expect(mermaid.contains(#"subgraph n2 ["UINavigationController"]"#))
        #expect(mermaid.contains(#"("root<br/>ProductViewController")"#))
        #expect(mermaid.contains(#"("top<br/>ProductViewController#35;2")"#))
        #expect(mermaid.contains(#"subgraph n5 ["UINavigationController#35;2"]"#))
        // An id that is the class without its module is not repeated either.
        let swiftUI = try PrintHierarchy.parse(
            """
            <SwiftUI.UIKitNavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
               | <Shop.CartViewController 0x3>, state: appeared, view: <UIView 0x4>
            """, file: "swiftui.txt"
        ).hierarchy().hierarchy
        #expect(swiftUI.contains("UIKitNavigationController"))
        let swiftUIDOT = DOTBuilder().state(swiftUI, finder: ViewFinder().find(in: swiftUI))
        #expect(swiftUIDOT.contains(##"<B>SwiftUI.UIKitNavigationController</B></TD>"##))
        // A generic class keeps its arguments in a Mermaid title (dropped with the module, they were lost).
        let generic = try PrintHierarchy.parse(
            """
            <_TtGC4Shop9ContainerVS_4Cart_ 0x1>, state: appeared, view: <UIView 0x2>
               | <Shop.CartViewController 0x3>, state: appeared, view: <UIView 0x4>
            """, file: "generic.txt"
        ).hierarchy().hierarchy
        #expect(
            MermaidBuilder().state(generic, finder: ViewFinder().find(in: generic)).contains(
                #"subgraph n2 ["Container · Container#60;Cart#62;"]"#))
        let sample = try Fixtures.hierarchy(.navigation([.screen("Home")], id: "nav"))
        let sampleDOT = DOTBuilder().state(sample, finder: ViewFinder().find(in: sample))
        #expect(sampleDOT.contains(##"<B>Home</B><BR/><FONT COLOR="#dbeafe" POINT-SIZE="8">UIViewController</FONT>"##))
        #expect(sampleDOT.contains(##"<B>UINavigationController</B> · nav</TD>"##))
    }

    /// UIKit's page view controller is named as one, not as a custom container (a real capture's read so).
    /// One tab is `1 tab` (a trial of real captures read `1 tabs`).
    @Test func aTabBarOfOneTabSaysSo() throws {
        let h = try Fixtures.hierarchy(.tabs([.screen("Home")], id: "tabs"))
        let text = DOTBuilder().state(h, finder: ViewFinder().find(in: h))
        #expect(text.contains("1 tab · selected: 0") && !text.contains("1 tabs"))
    }

    @Test func aPageViewControllerIsNamedAsOne() throws {
        let dump = """
            <UINavigationController: 0x1>, state: appeared, view: <UILayoutContainerView: 0x2>
               | <UIPageViewController: 0x3>, state: appeared, view: <_UIPageViewControllerContentView: 0x4>
               |    | <Onboarding.PageOne: 0x5>, state: appeared, view: <UIView: 0x6>
            """
        let h = try PrintHierarchy.parse(dump, file: "pages.txt").hierarchy().hierarchy
        let text = DOTBuilder().state(h, finder: ViewFinder().find(in: h))
        #expect(text.contains("page view controller · 1 child · shows child 0"))
        #expect(!text.contains("custom container"))
    }

    /// A capture's tab bar whose selection is not known (every tab out of the window under a full-screen
    /// presentation), folded: named by itself and its kind, not by its first tab's root, which it does not show
    /// (a new user's trial read that box as the root's child).
    @Test func aFoldedTabBarWhoseSelectionIsUnknownIsNamedByItself() throws {
        let dump = """
            <HomeViewController 0x1>, state: disappeared, view: <UIView 0x2> not in the window
               | <UITabBarController 0x3>, state: disappeared, view: <UILayoutContainerView 0x4> not in the window
               |    | <UINavigationController 0x5>, state: disappeared, view: <UILayoutContainerView 0x6> not in the window
               |    |    | <FeedViewController 0x7>, state: disappeared, view: <UIView 0x8> not in the window
               |    | <UINavigationController 0x9>, state: disappeared, view: <UILayoutContainerView 0xa> not in the window
               |    |    | <ProfileViewController 0xb>, state: disappeared, view: (view not loaded)
               |    | <UINavigationController 0x11>, state: disappeared, view: <UILayoutContainerView 0x12> not in the window
               |    |    | <ExploreViewController 0x13>, state: disappeared, view: (view not loaded)
               |    | <UINavigationController 0x14>, state: disappeared, view: <UILayoutContainerView 0x15> not in the window
               |    |    | <SettingsViewController 0x16>, state: disappeared, view: (view not loaded)
               + <UINavigationController 0xc>, state: appeared, view: <UILayoutContainerView 0xd>, presented with: <_UIFullscreenPresentationController 0xe>
               |    | <LoginViewController 0xf>, state: appeared, view: <UIView 0x10>
            """
        let h = try PrintHierarchy.parse(dump, file: "login.txt").hierarchy().hierarchy
        #expect(h["UITabBarController"].selected == nil)
        let text = DOTBuilder(options: .focused).state(h, finder: ViewFinder().find(in: h))
        #expect(
            text.contains(
                ##"<B>UITabBarController</B><BR/><FONT COLOR="#57606a" POINT-SIZE="8">tab bar · 8 controllers folded</FONT>"##))
        #expect(!text.contains("<B>FeedViewController</B>"))
    }

    /// A folded stack is named by what was pushed, never by a child a controller embeds: a controller with children is
    /// named by itself and says it is a container, and a navigation controller outside a tab bar says what it is
    /// (a new user read a folded feed as its banner, a settings root as its first row).
    @Test func aFoldedContainerIsNamedByItselfNotByAChildItEmbeds() throws {
        var feed = NodeSpec(kind: .controller, screen: "Feed")
        feed.children = [.screen("Banner"), .screen("Grid")]
        feed.selected = 0
        var list = NodeSpec(kind: .controller, screen: "Settings")
        list.children = [.screen("AirplaneMode"), .screen("WiFi")]
        list.selected = 0
        var sim = try Simulator(
            root: .tabs([.navigation([feed], id: "homeNav"), .navigation([list, .screen("General")], id: "settingsNav")], selected: 1))
        sim.perform(.push(.screen("About")))
        let text = DOTBuilder(options: .focused).state(sim.hierarchy, finder: sim.finderResult)
        // A stack still, its one controller holding two (a readability trial: "custom container" read as the tab's kind).
        #expect(text.contains(##"<B>Feed</B><BR/><FONT COLOR="#57606a" POINT-SIZE="8">1 in stack · 2 more inside it</FONT>"##))
        #expect(!text.contains("<B>Banner</B>"))
        #expect(!text.contains("<B>AirplaneMode</B>"))
    }

    /// An activity container's inactive children fold with their keys, which the activations name (they read as
    /// `4 more · Splash…Enter code`, no key said).
    @Test func foldedInactiveActivitiesSayTheirKeys() throws {
        var flow = NodeSpec(kind: .activity, id: "flow")
        flow.children = ["splash", "intro", "signIn", "code", "home", "settings"].map { NodeSpec.screen($0.capitalized) }
        flow.keys = ["splash", "intro", "signIn", "code", "home", "settings"]
        flow.active = "settings"
        let sim = try Simulator(root: flow)
        let text = DOTBuilder(options: .focused).state(sim.hierarchy, finder: sim.finderResult)
        #expect(text.contains("keys: splash, intro, signIn … home"), "\(text)")
    }

    // MARK: - Helpers

    @discardableResult
    private func expectTransition(
        _ name: String, _ sim: inout Simulator, _ op: NavigationOperation, _ options: StepOptions = StepOptions(),
        note: String? = nil, diagram: DiagramOptions = DiagramOptions(), sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let before = sim.hierarchy
        let beforeFinder = sim.finderResult
        let outcome = sim.perform(op, options)
        let text = DOTBuilder(options: diagram).transition(
            before: before, after: sim.hierarchy, beforeFinder: beforeFinder, afterFinder: sim.finderResult,
            step: TransitionInfo(index: 1, op: op.name, outcome: outcome, note: note))
        try expectGolden(name, text, sourceLocation: sourceLocation)
        return text
    }
}

/// Hierarchies for the tests.
enum Fixtures {
    static func hierarchy(
        _ spec: NodeSpec, device: Device = .phone, screens: [String: ScreenInfo] = [:]
    ) throws -> Hierarchy {
        try Hierarchy(root: spec, device: device, screens: screens)
    }
}

/// Compares text with `Goldens/<name>.dot` (or another extension) byte for byte; records it instead when
/// `NAVVIZ_RECORD_GOLDENS=1` (or when the golden does not exist yet), failing the test.
func expectGolden(
    _ name: String, _ text: String, extension pathExtension: String = "dot", sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    try NavVizTestSupport.expectGolden("\(name).\(pathExtension)", text, in: folder, sourceLocation: sourceLocation)
}

/// A removed child's ghost reads its old place with `was`: a removed tab's ghost said `tab 1` beside the new
/// tab 1 in a new user's trial.
@Suite struct RemovedTabsTests {
    /// Tabs a `setTabs` removed are marked on the before side, where they were; the tab it added on the after side.
    @Test func removedTabsAreMarkedWhereTheyWere() throws {
        let scenario = try ScenarioDecoder.decode(
            #"""
            {"navviz": 1, "name": "t", "root": {"tabs": [{"navigation": ["Home"]}, {"navigation": ["Search"]}, {"navigation": ["Cart"]}]},
             "steps": [{"op": "setTabs", "tabs": [{"navigation": ["Home"]}, {"navigation": ["Profile"]}]}]}
            """#, file: "t.json")
        let run = ScenarioRunner.run(scenario)
        let (before, after) = (run.steps[0], run.steps[1])
        let dot = DOTBuilder(options: DiagramOptions(expandAll: true)).transition(
            before: before.hierarchy, after: after.hierarchy, beforeFinder: before.finder, afterFinder: after.finder,
            step: TransitionInfo(index: 1, op: after.op, outcome: after.outcome, note: nil))
        let after0 = try #require(dot.range(of: "subgraph cluster_after")).lowerBound
        let removed = dot.ranges(of: "− removed").map(\.lowerBound)
        // The three navigation controllers (setTabs replaces every tab; their controllers inside are not marked
        // again), all before.
        #expect(removed.count == 3 && removed.allSatisfy { $0 < after0 })
        #expect(dot.ranges(of: "+ added").map(\.lowerBound).allSatisfy { $0 > after0 })
        #expect(dot.contains(#"POINT-SIZE="8">tab 1</FONT>"#) && dot.contains(#"POINT-SIZE="8">tab 2</FONT>"#))
    }
}

extension DOTBuilderTests {
    /// A change tag that says a state (`~ off screen, view not loaded`) is not followed by that state's words again, in
    /// DOT nor in Mermaid (a trial read `view not loaded · view not loaded`).
    @Test func aChangeTagIsNotRepeatedByTheStateWords() throws {
        func tabs(selected: Int) throws -> Hierarchy {
            let shown = { (tab: Int) in selected == tab ? "appeared, view: <UIView 0x\(tab)1>" : "disappeared, view: (view not loaded)" }
            let dump = """
                <UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
                   | <App.ChatsViewController 0x3>, state: \(shown(0))
                   | <App.MoreViewController 0x4>, state: \(shown(1))
                """
            return try PrintHierarchy.parse(dump, file: "tabs.txt").hierarchy().hierarchy
        }
        let (old, new) = (try tabs(selected: 0), try tabs(selected: 1))
        let (oldFinder, newFinder) = (ViewFinder().find(in: old), ViewFinder().find(in: new))
        let dot = DOTBuilder().diff(old: old, new: new, oldFinder: oldFinder, newFinder: newFinder)
        #expect(dot.contains("~ off screen, view not loaded</B>"))
        // The state's row: More's in the old panel only, not under Chats's tag in the new.
        #expect(dot.components(separatedBy: "<B>view not loaded</B>").count - 1 == 1)
        let mermaid = MermaidBuilder().transition(before: old, after: new, afterFinder: newFinder)
        #expect(mermaid.contains("~ off screen, view not loaded\""))
        #expect(!mermaid.contains("view not loaded · view not loaded"))
    }
}

/// A folded tab bar is named by its selected tab and says it is a tab bar (a readability trial: a shell's folded tab bar
/// read `Settings · 11 controllers folded`, taken for a Settings screen).
@Suite struct FoldedTabBarTests {
    @Test func aFoldedTabBarSaysItIsOne() throws {
        let scenario = try ScenarioDecoder.decode(
            #"""
            {"navviz": 1, "name": "t", "root": {"screen": "Shell", "children": [
              {"tabs": [{"navigation": ["Home", "A1", "A2"]}, {"navigation": ["Search", "B1"]}, {"navigation": ["Settings", "C1", "C2"]}],
               "selected": 2, "id": "tabs"}, "Player"], "visible": 1},
             "steps": []}
            """#, file: "t.json")
        let run = ScenarioRunner.run(scenario)
        let dot = DOTBuilder(options: .focused).state(run.steps[0].hierarchy, finder: run.steps[0].finder)
        #expect(
            dot.contains(##"<B>Settings</B><BR/><FONT COLOR="#57606a" POINT-SIZE="8">tab bar · 11 controllers folded</FONT>"##), "\(dot)")
    }
}
