import Foundation
import NavVizCore
import NavVizScenario
import Testing

@testable import NavVizRender

/// Siblings too wide side by side go in rows, presented trees that would widen a scene hang below it, and
/// a stacked transition's after panel hangs below the before panel's lowest node: wide input from a
/// new user's trial (six long tab titles on an iPad) and real captures imported as one flow fit 1,200 pt.
@Suite struct WideSiblingsTests {
    @Test(arguments: [
        ([300.0, 300, 300], [0..<3]),
        ([300.0, 300, 300, 300, 300, 300], [0..<3, 3..<6]),
        ([400.0, 400, 400], [0..<2, 2..<3]),
        // Rows of equal length where they fit, else as many as fit in each.
        ([500.0, 100, 100, 100, 500], [0..<3, 3..<5]),
        ([100.0, 100, 100, 100, 900], [0..<4, 4..<5]),
        // One wider than the budget has a row of its own.
        ([1200.0, 100], [0..<1, 1..<2]),
        ([2000.0], [0..<1]),
    ])
    func siblingsTooWideSideBySideGoInRows(widths: [Double], rows: [Range<Int>]) {
        #expect(DiagramItem.rows(of: widths) == rows)
    }

    /// Six tabs with long titles on an iPad, then `setTabs` replacing every tab: its transition drew twelve
    /// tabs side by side, 3,579 pt wide.
    static let longTabs = #"""
        {"navviz": 1, "name": "Long tabs", "device": "pad",
         "root": {"tabs": [
           {"navigation": ["RecommendationsFeed"], "id": "recommendationsNavigation"},
           {"navigation": ["SearchAndDiscovery"], "id": "searchAndDiscoveryNavigation"},
           {"navigation": ["ShoppingCartOverview"], "id": "shoppingCartNavigation"},
           {"navigation": ["OrderHistoryList"], "id": "orderHistoryNavigation"},
           {"navigation": ["AccountProfileSummary"], "id": "accountProfileNavigation"},
           {"navigation": ["ApplicationSettings"], "id": "applicationSettingsNavigation"}], "id": "mainTabBarController"},
         "steps": [
           {"push": "ProductDetails"},
           {"op": "setTabs", "selected": 2, "tabs": [
             {"navigation": ["WelcomeOnboarding", "WelcomeOnboardingStep2"], "id": "welcomeNavigation"},
             {"navigation": ["NotificationsCenter"], "id": "notificationsNavigation"},
             {"navigation": ["MessagesInbox", "MessageThread"], "id": "messagesNavigation"},
             {"navigation": ["FavouritesCollection"], "id": "favouritesNavigation"},
             {"navigation": ["DownloadsManager"], "id": "downloadsNavigation"},
             {"navigation": ["HelpAndSupportCenter"], "id": "helpNavigation"}]}]}
        """#

    static func run(_ text: String) throws -> Run {
        ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "wide.json"))
    }

    /// Real capture fixtures imported as one flow (as `navviz import` writes it), run.
    static func flow(of files: [String]) throws -> Run {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/captures")
        let captures = try files.map { file in
            (
                file: file,
                capture: try Capture.load(text: try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8), file: file)
            )
        }
        return try run(JSONWriter.pretty(Capture.scenarioJSON(captures, name: "flow")))
    }

    /// The widths of every state and transition SVG of a run (portable metrics), widest first.
    static func widths(_ run: Run) throws -> [(width: Int, path: String)] {
        var options = RenderOptions()
        options.sections = [.states, .transitions]
        options.textMetrics = .portable
        return try ScenarioRenderer(options: options).render(run).filter { $0.path.hasSuffix(".svg") }.map { file in
            let match = try #require(file.contents.firstMatch(of: #/<svg width="(\d+)pt"/#))
            return (Int(match.1)!, file.path)
        }.sorted { $0.width > $1.width }
    }

    /// A laid-out diagram's nodes (`dot -Tplain`): centre and size in points, by id.
    struct Layout {
        var width: Double
        var nodes: [String: (x: Double, y: Double, height: Double)] = [:]
        /// Each edge's ends and the straight distance between the first and last point of its drawn spline, in points.
        var edges: [(tail: String, head: String, length: Double)] = []

        init(dot: String) throws {
            let plain = try GraphvizRenderer.shared.renderSync(dot: dot, format: .plain, metrics: .portable)
            var width = 0.0
            for line in plain.split(separator: "\n") {
                let fields = line.split(separator: " ")
                if fields.first == "graph" { width = Double(fields[2])! * 72 }
                if fields.first == "node" {
                    nodes[String(fields[1])] = (Double(fields[2])! * 72, Double(fields[3])! * 72, Double(fields[5])! * 72)
                }
                if fields.first == "edge", let count = Int(fields[3]), count > 0 {
                    let first = (Double(fields[4])!, Double(fields[5])!)
                    let last = (Double(fields[2 + 2 * count])!, Double(fields[3 + 2 * count])!)
                    let length = ((first.0 - last.0) * (first.0 - last.0) + (first.1 - last.1) * (first.1 - last.1)).squareRoot() * 72
                    edges.append((String(fields[1]), String(fields[2]), length))
                }
            }
            self.width = width
        }
    }

    /// The id of the box whose bold line is `name`, in DOT a builder wrote (the first, or the last).
    static func id(of name: String, in dot: String, last: Bool = false) throws -> String {
        let lines = dot.split(separator: "\n").filter { $0.contains("<B>\(name)</B>") }
        let line = try #require(last ? lines.last : lines.first, "no box named \(name)")
        return String(line.drop { $0 == " " }.prefix { $0 != " " })
    }

    @Test func sixLongTabsOnAPadFitTheBudget() throws {
        let widths = try Self.widths(try Self.run(Self.longTabs))
        #expect(widths.count == 5)
        #expect(widths[0].width <= 1200, "\(widths[0].path) is \(widths[0].width) pt wide")
    }

    /// The tabs of the after state read in tab order; and in the transition, drawn from the two states, the
    /// after panel hangs below the before panel.
    @Test func rowsKeepTheirOrderAndStackedPanelsDoNotOverlap() throws {
        let run = try Self.run(Self.longTabs)
        let (before, after) = (run.steps[1], run.steps[2])
        let dot = DOTBuilder(options: .focused).state(after.hierarchy, finder: after.finder)
        let layout = try Layout(dot: dot)
        #expect(layout.width <= 1200)
        // The new tabs, in tab order, left to right (folded but the selected one).
        let new = try ["WelcomeOnboarding", "NotificationsCenter", "MessagesInbox", "FavouritesCollection", "DownloadsManager"]
            .map { try #require(layout.nodes[try Self.id(of: $0, in: dot)]) }
        #expect(zip(new, new.dropFirst()).allSatisfy { $0.x < $1.x || $0.y > $1.y }, "the tabs read in order")
        let picture = DOTBuilder(options: .focused).transitionDiagram(
            before: before.hierarchy, after: after.hierarchy, beforeFinder: before.finder, afterFinder: after.finder,
            step: TransitionInfo(index: 2, op: after.op, outcome: after.outcome, note: nil))
        let svg = try picture.svg(metrics: .portable)
        #expect(Int(try #require(svg.firstMatch(of: #/<svg width="(\d+)pt"/#)).1)! <= 1200)
        // Each panel's border: its top left corner and its bottom.
        let panels = svg.matches(
            of:
                #/<g id="panel_(?:before|after)" class="cluster">\n<title>[^<]*</title>\n<path fill="none" stroke="[^"]*" d="M([\d.]+),([\d.]+)L[^Q]*Q[^Q]*L[\d.]+,([\d.]+)/#
        )
        .map { (top: Double($0.2)!, bottom: Double($0.3)!) }
        try #require(panels.count == 2)
        #expect(panels[1].top > panels[0].bottom, "the after panel is under the before panel")
    }

    /// `--legend` hangs the legend under the diagram: beside it, its five samples made 383 of a new user's
    /// 507 diagrams wider than 1,200 pt. Checked on a state, a side-by-side transition and a stacked one.
    @Test(arguments: ["state", "side by side", "stacked"])
    func theLegendHangsUnderTheDiagram(kind: String) throws {
        let small =
            #"{"navviz": 1, "name": "Small", "root": {"tabs": [{"navigation": ["Home"]}, {"navigation": ["Cart"]}]}, "steps": [{"push": "Detail"}]}"#
        let run = try Self.run(kind == "stacked" ? Self.longTabs : small)
        func diagram(_ options: DiagramOptions) -> String {
            let step = run.steps[kind == "stacked" ? 2 : 1]
            guard kind != "state" else { return DOTBuilder(options: options).state(step.hierarchy, finder: step.finder) }
            let before = run.steps[step.index - 1]
            return DOTBuilder(options: options).transition(
                before: before.hierarchy, after: step.hierarchy, beforeFinder: before.finder, afterFinder: step.finder,
                step: TransitionInfo(index: step.index, op: step.op, outcome: step.outcome, note: nil))
        }
        let dot = diagram(DiagramOptions(includeLegend: true, expandAll: false))
        #expect(dot.contains("rail_after") == (kind == "stacked"))
        let layout = try Layout(dot: dot)
        var legend: Set<String> = []
        var depth = 0
        for line in dot.split(separator: "\n").map({ $0.drop { $0 == " " } }) {
            if line.hasPrefix("subgraph cluster_legend") { depth = 1 } else if depth > 0 && line.hasSuffix("{") { depth += 1 }
            if depth > 0 && line == "}" { depth -= 1 }
            if depth > 0, line.first == "n", let id = line.split(separator: " ").first { legend.insert(String(id)) }
        }
        #expect(legend.count >= 9)
        let diagramNodes = layout.nodes.filter { !legend.contains($0.key) }
        let lowest = diagramNodes.values.map { $0.y - $0.height / 2 }.min()!
        let legendTop = legend.compactMap { layout.nodes[$0] }.map { $0.y + $0.height / 2 }.max()!
        #expect(legendTop < lowest, "the legend starts below the diagram's lowest node")
        let without = try Layout(dot: diagram(.focused))
        let alone = try Layout(dot: DOTBuilder().legend())
        #expect(layout.width <= max(without.width, alone.width) + 1, "\(layout.width) pt with the legend, \(without.width) without")
    }

    @Test func expandAllDrawsSiblingsInOneRow() throws {
        let run = try Self.run(Self.longTabs)
        let step = run.steps[2]
        let focused = DOTBuilder(options: .focused).state(step.hierarchy, finder: step.finder)
        let full = DOTBuilder(options: DiagramOptions(expandAll: true)).state(step.hierarchy, finder: step.finder)
        #expect(!full.contains("minlen"))
        // Folded, the six tabs fit one row; drawn in full they would not, but `--expand all` draws them as they are.
        #expect(!focused.contains("minlen"))
        let layout = try Layout(dot: full)
        let tabs = try ["WelcomeOnboarding", "NotificationsCenter", "HelpAndSupportCenter"].map {
            layout.nodes[try Self.id(of: $0, in: full)]!.y
        }
        #expect(Set(tabs).count == 1)
    }

    /// Two unrelated real captures imported as one flow: the old root stays as a ghost beside the new one,
    /// each presenting a chain of controllers. Before rows and presentations below, these were 1,487,
    /// 1,311 and 1,310 pt wide.
    @Test(arguments: [
        ("01-objcio-pspdf-popover.txt", "13-tab-pagesheet-chain.txt"),
        ("06-imagepicker-fullscreen.txt", "07-springboard-lockscreen-disappearing.txt"),
        ("01-objcio-pspdf-popover.txt", "02-snapshot-testing-tab-purged.txt"),
    ])
    func twoUnrelatedCapturesAsOneFlowFitTheBudget(first: String, second: String) throws {
        let widths = try Self.widths(try Self.flow(of: [first, second]))
        #expect(widths[0].width <= 1200, "\(widths[0].path) is \(widths[0].width) pt wide")
    }

    /// Boxes in rows read in container order, row by row, left to right, whichever is selected.
    static func expectBoxesInOrder(_ names: [String], in dot: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let layout = try Layout(dot: dot)
        let boxes = try names.map { try #require(layout.nodes[try Self.id(of: $0, in: dot)], "\($0)") }
        // Top to bottom (plain's y grows upwards), then left to right.
        let read = names.indices.sorted { (-boxes[$0].y, boxes[$0].x) < (-boxes[$1].y, boxes[$1].x) }
        #expect(read == Array(names.indices), "read \(read.map { names[$0] })", sourceLocation: sourceLocation)
    }

    /// A dashboard of widget controllers, all on screen, in rows: each later row hangs from the row above, box under
    /// box, held in order by edges between neighbours. From the container, the invisible edge to every later row
    /// crossed the rows between as a chain of virtual nodes, widening each rank it passed (a new user's 16, 24 and
    /// 48 widgets were 1,211, 1,370 and 1,850 pt wide). A first try without the neighbours' edges put a third of
    /// random dashboards out of order (a review): order is checked here too.
    @Test(arguments: [16, 24, 48])
    func aDashboardOfManyWidgetsFitsTheBudgetInOrder(count: Int) throws {
        let widgets = ["Weather", "Calendar", "StocksAndMarketsOverview", "News", "RemindersAndTasks", "Fitness", "SmartHome", "Podcasts"]
        let names = (0..<count).map { "\(widgets[$0 % widgets.count])Widget\($0)" }
        let lines = names.enumerated().map { index, name in
            "   | <Dashboard.\(name) 0x\(1000 + index)>, state: appeared, view: <UIView 0x\(5000 + index)>"
        }
        let dump = (["<Dashboard.DashboardViewController 0x1>, state: appeared, view: <UIScrollView: 0x2>"] + lines).joined(separator: "\n")
        let run = ScenarioRunner.run(Capture.scenario(try Capture.load(text: dump, file: "dashboard.txt"), file: "dashboard.txt"))
        let widths = try Self.widths(run)
        #expect(widths[0].width <= 1200, "\(widths[0].path) is \(widths[0].width) pt wide")
        let step = run.steps[0]
        try Self.expectBoxesInOrder(names, in: DOTBuilder(options: .focused).state(step.hierarchy, finder: step.finder))
    }

    /// Eight tabs in rows, drawn as boxes (the others folded, the selected one a plain controller) with the selected
    /// one in a later row: its path edge still runs from the tab bar, and the rows keep tab order (a first try read
    /// tab 3, tab 5, tab 4).
    @Test(arguments: [0, 4, 5, 7])
    func tabsDrawnAsBoxesInRowsKeepTheirOrder(selected: Int) throws {
        let names = (0..<8).map {
            ["AccountSettingsAndPrivacyPreferences", "Search", "RecentlyViewedProductsCarousel", "Cart"][$0 % 4] + "\($0)"
        }
        let tabs = names.enumerated().map { index, name in
            index == selected ? "\"\(name)\"" : #"{"navigation": ["\#(name)", "\#(name)Detail"], "id": "\#(name)Nav"}"#
        }.joined(separator: ", ")
        let run = try Self.run(#"{"navviz": 1, "name": "tabs", "root": {"tabs": [\#(tabs)], "selected": \#(selected)}, "steps": []}"#)
        let step = run.steps[0]
        let dot = DOTBuilder(options: .focused).state(step.hierarchy, finder: step.finder)
        try Self.expectBoxesInOrder(names, in: dot)
        #expect(try Layout(dot: dot).width <= 1200)
    }

    /// A name longer than 72 characters is shown as its start and end around `…`, whole in the tooltip: a
    /// mangled name the reader could not read (a wrong length prefix) made a new user's state 1,410 pt wide and
    /// its flow 1,377 pt.
    @Test func aNameTooLongForABoxIsShortenedAndWholeInTheTooltip() throws {
        let name =
            "_TtGC7SwiftUI19UIHostingControllerGVS_15ModifiedContentGS1_GS1_V9Checkout21CheckoutSummaryScreen"
            + String(repeating: "GVS_30_EnvironmentKeyWritingModifierGSqC9Checkout13CartViewModel___", count: 3) + "VS_13_TaskModifier__"
        let dump = """
            <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView: 0x2>
               | <\(name) 0x3>, state: appeared, view: <UIView: 0x4>
            """
        let captured = try Capture.load(text: dump, file: "long.txt")
        let run = ScenarioRunner.run(Capture.scenario(captured, file: "long.txt"))
        var options = RenderOptions()
        options.textMetrics = .portable
        let files = try ScenarioRenderer(options: options).render(run)
        for path in ["states/000-initial.svg", "flow.svg"] {
            let svg = try #require(files.first { $0.path == path }).contents
            let width = try #require(svg.firstMatch(of: #/<svg width="(\d+)pt"/#)).1
            #expect(Int(width)! <= 1200, "\(path) is \(width) pt wide")
        }
        let dot = try #require(files.first { $0.path == "states/000-initial.dot" }).contents
        #expect(dot.contains(String(name.prefix(36)) + "…" + String(name.suffix(35))))
        #expect(dot.contains("tooltip=\"\(name)"))
    }

    /// A flow box's path breaks before a ` › ` into lines of at most 64 characters; an id longer than that
    /// has a line of its own.
    @Test(arguments: [
        ([], []),
        (["nav", "Home"], ["nav › Home"]),
        (
            ["ShopCore.RootTabBarController", "CheckoutFeature.CheckoutFeatureNavigationController", "Payments"],
            ["ShopCore.RootTabBarController", "› CheckoutFeature.CheckoutFeatureNavigationController › Payments"]
        ),
        ([String(repeating: "x", count: 70), "a", "b"], [String(repeating: "x", count: 70), "› a › b"]),
    ])
    func aFlowPathBreaksIntoLines(path: [String], lines: [String]) {
        #expect(FlowGraph.State(key: "k", path: path).pathLines() == lines)
        #expect(lines.allSatisfy { $0.count <= 64 || !$0.dropFirst(2).contains(" › ") })
    }

    /// A path that is the visible controller alone, as named above it, is not said again (`step 1 · reveal · reveal`); one
    /// that names its id where the box shows a title is.
    @Test func aFlowPathOfTheVisibleControllerAloneIsNotRepeated() {
        #expect(FlowGraph.State(key: "k", visible: "reveal", path: ["reveal"]).pathLines() == [])
        #expect(FlowGraph.State(key: "k", visible: "Home", path: ["homeVC"]).pathLines() == ["homeVC"])
        #expect(FlowGraph.State(key: "k", visible: "Front", path: ["reveal", "Front"]).pathLines() == ["reveal › Front"])
    }

    /// A real app's path of module-qualified containers, six deep, made one box of a new user's flow
    /// 2,022 pt wide on one line.
    @Test func aFlowWithADeepModuleQualifiedPathFitsTheBudget() throws {
        let modules = ["Checkout", "Payments", "IdentityVerification", "AddressBook", "LegalDisclosures"]
        let sheets = modules.map { name in
            #"{"op": "present", "style": "pageSheet", "node": {"navigation": ["\#(name)Overview"], "id": "\#(name)Feature.\#(name)FeatureNavigationController"}}"#
        }
        let run = try Self.run(
            #"{"navviz": 1, "name": "deep", "root": {"tabs": [{"navigation": ["Home"], "id": "ShopCore.HomeNavigationController"}], "id": "ShopCore.RootTabBarController"}, "steps": [\#(sheets.joined(separator: ", "))]}"#
        )
        var options = RenderOptions()
        options.sections = [.flow]
        options.textMetrics = .portable
        let flow = try #require(try ScenarioRenderer(options: options).render(run).first { $0.path == "flow.svg" })
        let width = try #require(flow.contents.firstMatch(of: #/<svg width="(\d+)pt"/#)).1
        #expect(Int(width)! <= 1200, "flow.svg is \(width) pt wide")
    }

    /// A real capture's page-sheet chain, imported after another capture: the three presented controllers
    /// hang below every box of the tab bar, one under the other.
    @Test func aChainOfPageSheetsHangsBelowTheTabBar() throws {
        let run = try Self.flow(of: ["01-objcio-pspdf-popover.txt", "13-tab-pagesheet-chain.txt"])
        let after = run.steps[1]
        let dot = DOTBuilder(options: .focused).state(after.hierarchy, finder: after.finder)
        let layout = try Layout(dot: dot)
        func box(_ id: String) throws -> (x: Double, y: Double, height: Double) {
            let line = try #require(dot.split(separator: "\n").first { $0.contains(#"tooltip="\#(id) · "#) }, "no box for \(id)")
            return try #require(layout.nodes[String(line.drop { $0 == " " }.prefix { $0 != " " })])
        }
        // The selected tab's top, and the boxes the other tabs and the rest of its stack fold into.
        let folded = try dot.split(separator: "\n").filter { $0.contains(#"tooltip="folded: "#) }.map { line in
            try #require(layout.nodes[String(line.drop { $0 == " " }.prefix { $0 != " " })])
        }
        #expect(folded.count == 2)
        let tabs = try [box("ViewController#4")] + folded
        let presented = try ["ViewController#9", "ViewController#10", "ViewController#11"].map(box)
        let lowestTab = tabs.map { $0.y - $0.height / 2 }.min()!
        #expect(presented.allSatisfy { $0.y + $0.height / 2 < lowestTab })
        #expect(zip(presented, presented.dropFirst()).allSatisfy { $0.y > $1.y })
        #expect(dot.firstMatch(of: #/style=dashed, xlabel=<<TABLE [^>]*><TR><TD ALIGN="CENTER">pageSheet</TD>/#) != nil)
    }

    /// A chain of five sheets, each a navigation controller three deep with module-style names: each sheet
    /// hangs under the middle of the one that presents it. From the presenter's anchor, the edge left the
    /// cluster beside its children and each sheet stepped right of the one before (1,754 pt in a new
    /// user's trial).
    @Test func aChainOfSheetsHangsInAColumn() throws {
        let features = ["Checkout", "Payments", "IdentityVerification", "AddressBook", "LegalDisclosures"]
        let steps = features.map { feature in
            let stack = ["Overview", "Details", "Confirmation"].map { "\"\(feature)Feature\($0)\"" }.joined(separator: ", ")
            return #"{"op": "present", "node": {"navigation": [\#(stack)]}, "style": "formSheet"}"#
        }
        let run = try Self.run(
            #"{"navviz": 1, "name": "Sheets", "root": {"navigation": ["Home"]}, "steps": [\#(steps.joined(separator: ", "))]}"#)
        let last = try #require(run.steps.last)
        let dot = DOTBuilder(options: .focused).state(last.hierarchy, finder: last.finder)
        let layout = try Layout(dot: dot)
        let centres = try features.map { try #require(layout.nodes[try Self.id(of: "\($0)FeatureConfirmation", in: dot)]).x }
        #expect(centres.max()! - centres.min()! < 100, "the sheets' top controllers are at \(centres)")
        #expect(layout.width <= 1200)
    }

    /// A presentation from a container three ranks deep (a tab bar, its selected navigation controller, a
    /// controller) leaves the bottom of the tab bar's box with room for its arrow and label: one rank below the
    /// stem, the clusters' margins hid it (under 2 pt in 28 sample diagrams, found by a review).
    @Test func aPresentationFromADeepContainerHasAVisibleArrow() throws {
        let run = try Self.run(
            #"{"navviz": 1, "name": "Sheet", "root": {"tabs": [{"navigation": ["Home"]}, "Cart"]}, "steps": [{"op": "present", "node": {"navigation": ["SignIn"]}, "style": "formSheet"}]}"#
        )
        let step = try #require(run.steps.last)
        let dot = DOTBuilder(options: .focused).state(step.hierarchy, finder: step.finder)
        let layout = try Layout(dot: dot)
        let stemEdges = layout.edges.filter { $0.tail.hasPrefix("s") }
        #expect(stemEdges.count == 1)
        #expect(stemEdges.allSatisfy { $0.length >= 20 }, "\(stemEdges)")
    }

    /// A tab bar's tabs read in tab order whichever is selected: the selected tab is a cluster, the others
    /// folded boxes, and `dot` used to move the cluster after the boxes beside it (0, 2, 3, 1).
    @Test(arguments: [0, 1, 2, 3])
    func tabsReadInOrderWhicheverIsSelected(selected: Int) throws {
        var sim = try Simulator(
            root: .tabs(["Home", "Search", "Cart", "Profile"].map { .navigation([.screen($0)], id: "\($0.lowercased())Nav") }, id: "tabs"))
        _ = sim.perform(.select(.index(selected)))
        #expect(sim.visible == ["Home", "Search", "Cart", "Profile"][selected])
        let dot = DOTBuilder(options: .focused).state(sim.hierarchy, finder: sim.finderResult)
        let layout = try Layout(dot: dot)
        let lines = dot.split(separator: "\n").map { $0.drop { $0 == " " } }
        // A folded tab's box, or the selected tab's anchor: the node after its cluster's attributes.
        let xs = try (0..<4).map { tab in
            let index = try #require(lines.firstIndex { $0.contains(">tab \(tab)<") || $0.contains(">tab \(tab) · selected<") })
            let node = lines[index].hasPrefix("graph [") ? lines[index + 1] : lines[index]
            return try #require(layout.nodes[String(node.prefix { $0 != " " })]).x
        }
        #expect(xs == xs.sorted(), "tabs left to right: \(xs)")
    }
}
