import Foundation
import NavVizCore
import NavVizScenario
import Testing

@testable import NavVizRender

/// Focused diagrams: the path, what is on screen and what a step changed in full, the rest folded into
/// summary boxes that count what they hold; `--expand all` is the full diagram; realistic apps fit
/// 1,200 pt.
@Suite struct FocusTests {
    /// A five-tab reader app, an article four deep in the first tab.
    static func readerApp() throws -> Simulator {
        var sim = try Simulator(
            root: .tabs(
                ["Explore", "Places", "Saved", "History", "Search"].map { .navigation([.screen($0)], id: "\($0.lowercased())Nav") },
                selected: 0, id: "tabs"))
        for name in ["A1", "A2", "A3"] { #expect(sim.perform(.push(.screen(name))).status == .ok) }
        return sim
    }

    /// A presentation only begun (a capture taken in the presented controller's viewDidLoad) is drawn, off screen, said
    /// so: the focused diagram left it out, off screen and unmarked (a review).
    @Test func aPresentationOnlyBegunIsDrawn() throws {
        let capture = try Capture.load(
            text: """
                <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
                   | <HomeViewController 0x3>, state: appeared, view: <UIView 0x4>
                   + <LoginViewController 0x5>, state: disappeared, view: <UIView 0x6> not in the window, presented with: <_UIFullscreenPresentationController 0x7>
                """, file: "login.txt")
        let h = capture.hierarchy
        let dot = DOTBuilder(options: .focused).state(h, finder: ViewFinder().find(in: h))
        #expect(dot.contains("LoginViewController · off screen · captured presented, before its viewWillAppear"))
        #expect(dot.contains("presentation begun"))
    }

    /// A folded container counts the controllers it folds that a capture caught mid-transition: a tab switch in flight
    /// folded to "3 controllers folded", nothing said of what the capture is about (a readability trial).
    @Test func aFoldedContainerSaysWhatItFoldsIsDisappearing() throws {
        let capture = try Capture.load(
            text: """
                <UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
                   | <UINavigationController 0x3>, state: disappearing, view: <UILayoutContainerView 0x4>
                   |    | <FeedViewController 0x5>, state: disappearing, view: <UIView 0x6>
                   |    | <PostViewController 0x7>, state: disappearing, view: <UIView 0x8>
                   | <UINavigationController 0x9>, state: appearing, view: <UILayoutContainerView 0xa>
                   |    | <SettingsViewController 0xb>, state: appearing, view: <UIView 0xc>
                """, file: "switch.txt")
        let h = capture.hierarchy
        let dot = DOTBuilder(options: .focused).state(h, finder: ViewFinder().find(in: h))
        #expect(dot.contains(" · 2 disappearing"), "\(dot)")
    }

    /// A run of controllers of one name is told by its ids (`TabItem.RootView…TabItem.RootView` said nothing).
    @Test(arguments: [
        (["Home", "Home", "Home", "Top"], "Home … #3"),
        (["Home", "Home", "Home", "Home", "Top"], "Home … #4"),
        (["Feed", "Home", "Home", "Top"], "Feed…Home"),
    ])
    func aRunOfOneNameIsToldByItsIDs(stack: [String], detail: String) throws {
        let sim = try Simulator(root: .navigation(stack.map { .screen($0) }, id: "nav"))
        let scene = SceneBuilder(hierarchy: sim.hierarchy, finder: sim.finderResult).scene().focused()
        let run = try #require(Self.leaves(scene).compactMap(\.folded).first)
        #expect(run.detail == detail)
    }

    /// A stack folded whole under a full-screen presentation is the stack, not `more below` anything; a run that reaches
    /// the top of a stack drawn in part is `more`, and one below what is drawn `more below` (a trial: `2 more below` held
    /// the top).
    @Test func aFoldedRunSaysWhereItIsInItsStack() throws {
        var sim = try Simulator(root: .navigation([.screen("A"), .screen("B")], id: "nav"))
        #expect(sim.perform(.present(.screen("C"), style: .fullScreen)).status == .ok)
        let titles = Self.leaves(SceneBuilder(hierarchy: sim.hierarchy, finder: sim.finderResult).scene().focused())
            .compactMap(\.folded?.title)
        #expect(titles == ["2 in stack"])
        let reader = try Self.readerApp()
        let buried = Self.leaves(SceneBuilder(hierarchy: reader.hierarchy, finder: reader.finderResult).scene().focused())
            .compactMap(\.folded?.title)
        #expect(buried.contains("3 more below"))
    }

    /// A summary box is dashed ("view not loaded") only when nothing it folds has its view loaded, not by its first
    /// member's state (a trial found dashes that followed no visible rule).
    @Test(arguments: [([false, true, true], false), ([false, false, true], true), ([true, false, true], false)])
    func aSummaryIsDashedOnlyWhenNothingItFoldsIsLoaded(loaded: [Bool], dashed: Bool) throws {
        var builder = HierarchyBuilder()
        try builder.insert(Node(id: "nav", kind: .navigation))
        for (index, isLoaded) in loaded.enumerated() {
            var node = Node(id: NodeID("C\(index)"), kind: .controller)
            node.isLoaded = isLoaded
            try builder.insert(node, parent: "nav")
        }
        let h = builder.build(root: "nav")
        let dot = DOTBuilder(options: .focused).state(h, finder: ViewFinder().find(in: h))
        let summary = try #require(dot.split(separator: "\n").first { $0.contains("2 more below") })
        #expect(summary.contains("dashed") == dashed, "\(summary)")
    }

    /// A split that hides its sidebar says so, and folds the hidden column as off screen (S8).
    @Test func aSplitWithItsSidebarHiddenSaysSo() throws {
        var spec = NodeSpec.split(primary: .navigation([.screen("Folders")]), secondary: .navigation([.screen("Editor")]), collapsed: false)
        spec.splitDisplay = .secondaryOnly
        let sim = try Simulator(root: spec)
        let dot = DOTBuilder(options: .focused).state(sim.hierarchy, finder: sim.finderResult)
        #expect(dot.contains("expanded · secondary only"))
        let scene = SceneBuilder(hierarchy: sim.hierarchy, finder: sim.finderResult).scene().focused()
        #expect(Self.leaves(scene).compactMap(\.folded).map(\.title) == ["Folders"])
    }

    /// A class name longer than the cap that is also the name is drawn once (a trial's 88-character class was drawn in
    /// full and again below itself, shortened).
    @Test func aLongClassNameThatIsTheNameIsDrawnOnce() {
        let long = "ACMEEnterpriseMobileBankingCorporateTreasuryCashPositioningDashboardDetailViewController"
        #expect(long.count > DiagramStyle.nameLimit)
        let node = Node(id: NodeID(long), kind: .controller, screen: long, className: long)
        #expect(DiagramItem(node: node, slot: nil, presence: .visible, isOnPath: true, mark: nil).classLine == nil)
        var renamed = node
        renamed.screen = "Dashboard"
        #expect(
            DiagramItem(node: renamed, slot: nil, presence: .visible, isOnPath: true, mark: nil).classLine
                == "\(DiagramStyle.capped(long)) · \(DiagramStyle.capped(long))")
    }

    /// UIKit's own controllers that present with a custom presentation say what they are (every alert read `custom`).
    @Test(arguments: [
        ("UIAlertController", PresentationStyle.custom, "custom (alert)"), ("UISearchController", .custom, "custom (search)"),
        ("App.AlertViewController", .custom, "custom"), ("UIAlertController", .popover, "popover"),
    ])
    func aCustomPresentationOfUIKitsOwnSaysWhatItIs(className: String, style: PresentationStyle, label: String) {
        let node = Node(id: "x", kind: .controller, className: className)
        #expect(DiagramStyle.presentationLabel(style, of: node) == label)
    }

    static func leaves(_ scene: DiagramScene) -> [DiagramItem] {
        func walk(_ item: DiagramItem) -> [DiagramItem] {
            (item.isContainer ? [] : [item]) + (item.children + item.presentations).flatMap(walk)
        }
        return scene.roots.flatMap(walk)
    }

    @Test func foldedBoxesCountWhatTheyHold() throws {
        let sim = try Self.readerApp()
        let scene = SceneBuilder(hierarchy: sim.hierarchy, finder: sim.finderResult).scene().focused()
        let folded = Self.leaves(scene).compactMap(\.folded)
        // Four other tabs, one controller each; the stack's buried Explore…A2 as one run.
        #expect(folded.map(\.title) == ["3 more below", "Places", "Saved", "History", "Search"])
        #expect(
            folded.map(\.detail) == [
                "Explore…A2", "1 in stack", "1 in stack", "1 in stack", "1 in stack",
            ])
        #expect(folded[0].names == ["Explore", "A1", "A2"])
        #expect(folded[1].names == ["placesNav", "Places"])  // the folded container, then what it held
        // Every node is either drawn or named in a summary: 2 drawn containers, A3, and 11 folded.
        let drawn = Self.leaves(scene).filter { $0.folded == nil }.map(\.node.id.rawValue)
        #expect(drawn == ["A3"])
        #expect(folded.flatMap(\.names).count + drawn.count + 2 == sim.hierarchy.attachedNodes().count)
    }

    /// A folded tab is named by its root, as the tab bar names it, and says which controller it shows when
    /// another was pushed on it: selecting the tab shows that one.
    @Test func aFoldedTabSaysWhichControllerItShows() throws {
        var sim = try Self.readerApp()
        #expect(sim.perform(.select(.index(2))).status == .ok)
        #expect(sim.perform(.push(.screen("Bookmark"))).status == .ok)
        #expect(sim.perform(.select(.index(0))).status == .ok)
        let scene = SceneBuilder(hierarchy: sim.hierarchy, finder: sim.finderResult).scene().focused()
        let saved = try #require(Self.leaves(scene).compactMap(\.folded).first { $0.title == "Saved" })
        #expect(saved.detail == "2 in stack · top Bookmark")
        let places = try #require(Self.leaves(scene).compactMap(\.folded).first { $0.title == "Places" })
        #expect(places.detail == "1 in stack")  // "1 controller folded" read as one more under Places (a trial)
    }

    /// A folded stack whose controllers embed others is still a stack, and a folded split a split: the first controller's
    /// kind (`custom container`) read as the folded container's, and a stack of 2 as "4 controllers folded" (a readability
    /// trial on a shopping app's tabs).
    @Test func aFoldedStackOfContainersIsStillAStack() throws {
        var account = NodeSpec.screen("Account")
        account.children = [.screen("Header"), .screen("Orders")]
        account.selected = 1
        let split = NodeSpec.split(primary: .navigation([.screen("Sidebar")], id: "sideNav"), secondary: .screen("Detail"), id: "split")
        var sim = try Simulator(
            root: .tabs(
                [.navigation([.screen("Home")], id: "homeNav"), .navigation([account], id: "accountNav"), split], selected: 0, id: "tabs"))
        #expect(sim.perform(.select(.index(1))).status == .ok)
        #expect(sim.perform(.push(.screen("Returns"))).status == .ok)
        #expect(sim.perform(.select(.index(0))).status == .ok)
        let scene = SceneBuilder(hierarchy: sim.hierarchy, finder: sim.finderResult).scene().focused()
        let folded = Self.leaves(scene).compactMap(\.folded)
        let stack = try #require(folded.first { $0.title == "Account" })
        #expect(stack.detail == "2 in stack · 2 more inside them · top Returns")
        // What a stack's controller presents (over its tab's context) is counted as presented, not as inside it.
        var tabs = try Simulator(
            root: .tabs(
                [.navigation([.screen("Photos")], id: "photosNav"), .navigation([.screen("Albums")], id: "albumsNav")], selected: 0))
        #expect(tabs.perform(.present(.screen("Filter"), style: .overCurrentContext)).status == .ok)
        #expect(tabs.perform(.select(.index(1))).status == .ok)
        let photos = try #require(
            Self.leaves(SceneBuilder(hierarchy: tabs.hierarchy, finder: tabs.finderResult).scene().focused()).compactMap(\.folded)
                .first { $0.title == "Photos" })
        #expect(photos.detail == "1 in stack · 1 presented")
        let columns = try #require(Self.leaves(scene).first { $0.folded?.title == "Sidebar" })
        #expect(columns.slot == "tab 2 · split")
        #expect(columns.folded?.detail == "3 controllers folded")
    }

    /// A SwiftUI tab folds under the first screen its stack shows: its wrapper (`UIHostingController<TabItem.RootView>`)
    /// and NavigationStack's root (`NavigationStackHostingController<AnyView>`) name nothing (a readability trial read six
    /// tabs as `TabItem.RootView · custom container`).
    @Test func aFoldedSwiftUITabIsNamedByItsFirstScreen() throws {
        var stackRoot = NodeSpec.screen("NavigationStackHostingController", id: "stackRoot")
        stackRoot.className = "NavigationStackHostingController<AnyView>"
        var wrapper = NodeSpec.screen("TabItem.RootView", id: "searchTab")
        wrapper.className = "UIHostingController<TabItem.RootView>"
        wrapper.children = [.navigation([stackRoot, .screen("SearchView")], id: "searchNav")]
        wrapper.selected = 0
        let sim = try Simulator(root: .tabs([.navigation([.screen("Home")], id: "homeNav"), wrapper], selected: 0, id: "tabs"))
        let scene = SceneBuilder(hierarchy: sim.hierarchy, finder: sim.finderResult).scene().focused()
        let search = try #require(Self.leaves(scene).compactMap(\.folded).first { $0.names.first == "searchTab" })
        #expect(search.title == "SearchView")
        #expect(search.detail == "3 controllers folded")
    }

    /// A capture's controllers named by their class keep the `#N` of their ids in a folded tab: a big capture's tabs all
    /// read `ViewController · … · top ViewController` where the ids were `ViewController#5` and `ViewController#8` (a
    /// trial). A scenario's screen names (`Bookmark`, above) are not numbered.
    @Test func aFoldedTabOfACaptureKeepsTheNumbersOfItsIds() throws {
        let run = try WideSiblingsTests.flow(of: ["22-web-collapsed-whitespace-pagesheet-chain.txt"])
        let scene = SceneBuilder(hierarchy: run.steps[0].hierarchy, finder: run.steps[0].finder).scene().focused()
        let tab = try #require(Self.leaves(scene).first { $0.folded?.names.first == "UINavigationController#2" }?.folded)
        // The `#5` after the bold name, as a box of its own draws it.
        #expect(tab.title == "ViewController")
        #expect(tab.titleSuffix == "#5")
        #expect(tab.detail == "4 in stack · top ViewController#8")
    }

    /// A folded custom container that embeds one controller names it: a capture's tabs of a container its class does not
    /// tell all read "custom container · 1 controller folded" (a trial); one that embeds more counts them.
    @Test func aFoldedCustomContainerNamesTheControllerItHolds() throws {
        let dump = """
            <UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
               | <WrapperViewController 0x3>, state: appeared, view: <UILayoutContainerView 0x4>
               |    | <InboxViewController 0x5>, state: appeared, view: <UIView 0x6>
               | <WrapperViewController 0x7>, state: disappeared, view: <UILayoutContainerView 0x8> not in the window
               |    | <SettingsViewController 0x9>, state: disappeared, view: <UIView 0xa> not in the window
               | <ShellViewController 0xb>, state: disappeared, view: <UIView 0xc> not in the window
               |    | <MapViewController 0xd>, state: disappeared, view: <UIView 0xe> not in the window
               |    | <ListViewController 0xf>, state: disappeared, view: <UIView 0x10> not in the window
            """
        let run = ScenarioRunner.run(Capture.scenario(try Capture.load(text: dump, file: "tabs.txt"), file: "tabs.txt"))
        let scene = SceneBuilder(hierarchy: run.steps[0].hierarchy, finder: run.steps[0].finder).scene().focused()
        let folded = Self.leaves(scene).compactMap(\.folded)
        let second = folded.first { $0.names.first == "WrapperViewController#2" }
        #expect(second?.title == "WrapperViewController")
        #expect(second?.titleSuffix == "#2")
        #expect(second?.detail == "custom container · holds SettingsViewController")
        #expect(folded.first { $0.title == "ShellViewController" }?.detail == "custom container · 2 controllers folded")
        // A tooltip names the class once when it is the id (`UITabBarController · UITabBarController · …`, a trial).
        #expect(scene.roots.first?.tooltip == "UITabBarController · in the window")
        #expect(scene.roots.first?.children.first?.tooltip == "WrapperViewController · in the window")
    }

    /// The names a summary box lists are capped as a box's own name is: a trial's 264-character names made one
    /// summary, and so the diagram, 1,400 pt wide.
    @Test func aSummaryCapsTheNamesItLists() throws {
        let long = String(repeating: "VeryLongControllerName", count: 12)
        var sim = try Simulator(
            root: .tabs(
                [.navigation([.screen("Explore")], id: "exploreNav"), .navigation([.screen("Places")], id: "placesNav")],
                selected: 1, id: "tabs"))
        for name in ["A1", long + "2", long + "3", "A4"] { #expect(sim.perform(.push(.screen(name))).status == .ok) }
        #expect(sim.perform(.select(.index(0))).status == .ok)
        var scene = SceneBuilder(hierarchy: sim.hierarchy, finder: sim.finderResult).scene().focused()
        let places = try #require(Self.leaves(scene).compactMap(\.folded).first { $0.title == "Places" })
        #expect(places.detail == "5 in stack · top A4")
        #expect(sim.perform(.select(.index(1))).status == .ok)
        #expect(sim.perform(.pop()).status == .ok)
        #expect(sim.perform(.select(.index(0))).status == .ok)
        scene = SceneBuilder(hierarchy: sim.hierarchy, finder: sim.finderResult).scene().focused()
        let top = try #require(Self.leaves(scene).compactMap(\.folded).first { $0.title == "Places" })
        #expect(top.detail == "4 in stack · top \(DiagramStyle.capped(long + "3"))")
        #expect(DiagramStyle.capped(long + "3").count == DiagramStyle.nameLimit)
        #expect(sim.perform(.select(.index(1))).status == .ok)
        scene = SceneBuilder(hierarchy: sim.hierarchy, finder: sim.finderResult).scene().focused()
        let run = try #require(Self.leaves(scene).compactMap(\.folded).first { $0.title == "3 more below" })
        #expect(run.detail == "Places…\(DiagramStyle.capped(long + "2"))")
    }

    @Test func expandAllIsTheFullDiagram() throws {
        let sim = try Self.readerApp()
        let full = DOTBuilder().state(sim.hierarchy, finder: sim.finderResult)
        #expect(DOTBuilder(options: DiagramOptions(expandAll: true)).state(sim.hierarchy, finder: sim.finderResult) == full)
        let focused = DOTBuilder(options: .focused).state(sim.hierarchy, finder: sim.finderResult)
        #expect(focused != full)
        #expect(focused.contains("3 more below") && !full.contains("more below"))
        // Deterministic.
        #expect(DOTBuilder(options: .focused).state(sim.hierarchy, finder: sim.finderResult) == focused)
    }

    @Test func aFocusIDDrawsThatContainerInFull() throws {
        let sim = try Self.readerApp()
        var options = DiagramOptions.focused
        options.focus = "savedNav"
        let scene = options.apply(SceneBuilder(hierarchy: sim.hierarchy, finder: sim.finderResult).scene())
        #expect(Self.leaves(scene).contains { $0.node.id == "Saved" && $0.folded == nil })
    }

    @Test(arguments: ["push", "pop", "select", "present", "dismiss"])
    func aTransitionDrawsEveryChangeAndBothVisibleControllersInFull(op: String) throws {
        var sim = try Self.readerApp()
        let before = sim.hierarchy
        let beforeFinder = sim.finderResult
        let operation: NavigationOperation =
            switch op {
            case "push": .push(.screen("A4"))
            case "pop": .pop()
            case "select": .select(.index(3))
            case "present": .present(.navigation([.screen("Settings")]), style: .pageSheet)
            default: .setRoot(.navigation([.screen("Login")]))
            }
        #expect(sim.perform(operation).status == .ok)
        let full = SceneBuilder(hierarchy: sim.hierarchy, finder: sim.finderResult, previous: before).scene()
        let changed = full.changedIDs
        #expect(!changed.isEmpty)
        let after = DiagramOptions.focused.apply(full, keeping: changed)
        let beforeScene = DiagramOptions.focused.apply(SceneBuilder(hierarchy: before, finder: beforeFinder).scene(), keeping: changed)
        func drawn(_ scene: DiagramScene) -> Set<NodeID> {
            func walk(_ item: DiagramItem) -> [NodeID] {
                (item.folded == nil ? [item.node.id] : []) + (item.children + item.presentations).flatMap(walk)
            }
            return Set(scene.roots.flatMap(walk))
        }
        #expect(changed.isSubset(of: drawn(after)))
        #expect(changed.filter(before.contains).isSubset(of: drawn(beforeScene)))
        #expect(drawn(after).contains(sim.visible!))
        #expect(drawn(beforeScene).contains(beforeFinder.visible!))
    }

    /// A transition's panels are side by side when that fits the 1,200 pt budget, from the laid-out widths,
    /// and stacked (the after panel under the before panel) otherwise: every transition of every sample fits,
    /// and the samples have both kinds.
    @Test func transitionsStackTheirPanelsOnlyWhenSideBySideWouldNotFit() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let samples = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Samples").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        let builder = DOTBuilder(options: .focused)
        var counts = (sideBySide: 0, stacked: 0)
        for sample in samples {
            let text = try String(contentsOf: root.appendingPathComponent("Samples/\(sample)"), encoding: .utf8)
            let run = ScenarioRunner.run(try ScenarioDecoder.decode(text, file: sample))
            for (before, after) in zip(run.steps, run.steps.dropFirst()) {
                let info = TransitionInfo(index: after.index, op: after.op, outcome: after.outcome, note: after.note)
                let picture = builder.transitionDiagram(
                    before: before.hierarchy, after: after.hierarchy, beforeFinder: before.finder, afterFinder: after.finder, step: info)
                let svg = try picture.svg(metrics: .portable)
                let width = Int(try #require(svg.firstMatch(of: #/<svg width="(\d+)pt"/#)).1)!
                let panels = svg.matches(
                    of:
                        #/<g id="panel_(?:before|after)" class="cluster">\n<title>[^<]*</title>\n<path fill="none" stroke="[^"]*" d="M([\d.]+),([\d.]+)/#
                )
                .map { (x: Double($0.1)!, y: Double($0.2)!) }
                try #require(panels.count == 2)
                let stacked = panels[1].y > panels[0].y
                #expect(stacked || panels[1].x > panels[0].x)
                #expect(width <= 1200, "\(sample) step \(after.index): \(width) pt")
                if stacked {
                    // Side by side, the panels (each its state with an 8 pt margin), the arrow's 44 pt, and the events
                    // 10 pt beside them would pass the budget. Parts: the before and after states.
                    let widths = try picture.parts.map { dot -> Double in
                        let svg = try GraphvizRenderer.shared.renderSync(dot: dot, metrics: .portable)
                        return Double(try #require(svg.firstMatch(of: #/viewBox="0.00 0.00 ([\d.]+)/#)).1)!
                    }
                    #expect(widths.count == 2)
                    let events = builder.eventsTable(after.outcome).size.width
                    #expect(4 + widths[0] + 16 + 44 + widths[1] + 16 + 10 + events + 4 > 1200, "\(sample) step \(after.index) is stacked")
                    counts.stacked += 1
                } else {
                    counts.sideBySide += 1
                }
            }
        }
        #expect(counts.sideBySide > 80 && counts.stacked > 5, "\(counts)")
    }

    /// The widest diagram of each realistic sample, from the SVG's own width (portable metrics: the same
    /// on every machine).
    @Test(arguments: [("wikipedia-reader.json", 1200), ("firefox-browser.json", 1200), ("signal-messenger.json", 1200)])
    func realisticAppsFitTheWidthBudget(sample: String, budget: Int) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("Samples/\(sample)"), encoding: .utf8)
        let run = ScenarioRunner.run(try ScenarioDecoder.decode(text, file: sample))
        var options = RenderOptions()
        options.sections = [.states, .transitions]
        options.textMetrics = .portable
        let files = try ScenarioRenderer(options: options).render(run).filter { $0.path.hasSuffix(".svg") }
        let widths = files.map { file -> (Int, String) in
            let match = file.contents.firstRange(of: #/<svg width="(\d+)pt"/#)
            return (match.map { Int(file.contents[$0].dropFirst(12).prefix { $0.isNumber })! } ?? 0, file.path)
        }
        let widest = try #require(widths.max { $0.0 < $1.0 })
        #expect(widest.0 <= budget, "\(sample): \(widest.1) is \(widest.0) pt wide")
        #expect(widths.allSatisfy { $0.0 > 0 })
    }
}
