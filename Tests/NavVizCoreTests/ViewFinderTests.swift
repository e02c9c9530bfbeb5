import NavVizCore
import Testing

/// The navviz finder and Ariadne's CurrentlyVisibleViewFinder (docs/semantics.md, ViewFinder).
@Suite struct ViewFinderTests {
    func hierarchy(_ root: NodeSpec, device: Device = .phone) throws -> Hierarchy {
        try Simulator(root: root, device: device).hierarchy
    }

    func find(_ strategy: ViewFinderStrategy, _ root: NodeSpec, device: Device = .phone) throws -> ViewFinderResult {
        ViewFinder(strategy).find(in: try hierarchy(root, device: device))
    }

    static let split = NodeSpec.split(primary: nav("S", id: "primary"), secondary: screen("G"), id: "split")

    // MARK: - navviz

    @Test func navvizFollowsEachContainersShownChild() throws {
        let result = try find(.navviz, .tabs([nav("A", "B", id: "nav"), screen("C")], id: "tabs"))
        #expect(result.visible == "B")
        #expect(result.path == ["tabs", "nav", "B"])
        #expect(result.onScreen == ["B"])
    }

    @Test func navvizFollowsTheTopmostPresentationFirst() throws {
        let root = presenting(.tabs([nav("A", id: "nav")], id: "tabs"), nav("X", id: "modal"), style: .fullScreen)
        let result = try find(.navviz, root)
        #expect(result.visible == "X")
        #expect(result.path == ["tabs", "modal", "X"])
        #expect(result.onScreen == ["X"])
    }

    @Test func navvizFollowsPresentationsThroughAChain() throws {
        var sim = try Simulator(root: nav("A", id: "nav"))
        sim.perform(.present(screen("B")))
        sim.perform(.present(screen("C")))
        #expect(sim.finderResult.path == ["nav", "B", "C"])
        #expect(sim.finderResult.onScreen == ["A", "B", "C"])
    }

    @Test func anExpandedSplitShowsTwoControllers() throws {
        let result = try find(.navviz, Self.split, device: .pad)
        #expect(result.visible == "G")
        #expect(result.path == ["split", "G"])
        #expect(result.onScreen == ["S", "G"])
    }

    @Test func aCollapsedSplitShowsThePrimaryNavigationsTop() throws {
        let result = try find(.navviz, Self.split, device: .phone)
        #expect(result.visible == "G")
        #expect(result.path == ["split", "primary", "G"])
        #expect(result.onScreen == ["G"])
    }

    @Test func aSheetKeepsThePresenterOnScreen() throws {
        let result = try find(.navviz, presenting(nav("A", id: "nav"), screen("B"), style: .pageSheet))
        #expect(result.visible == "B")
        #expect(result.path == ["nav", "B"])
        #expect(result.onScreen == ["A", "B"])
    }

    @Test func aFullScreenModalHidesThePresenter() throws {
        let result = try find(.navviz, presenting(nav("A", id: "nav"), screen("B"), style: .fullScreen))
        #expect(result.onScreen == ["B"])
    }

    @Test func aSheetOverAnExpandedSplitKeepsBothColumnsOnScreen() throws {
        let result = try find(.navviz, presenting(Self.split, screen("M")), device: .pad)
        #expect(result.visible == "M")
        #expect(result.onScreen == ["S", "G", "M"])
    }

    @Test func anEmptyNavigationControllerIsVisibleItself() throws {
        let result = try find(.navviz, .navigation([], id: "nav"))
        #expect(result.visible == "nav")
        #expect(result.path == ["nav"])
        #expect(result.onScreen == ["nav"])
    }

    @Test func aCustomContainerShowsItsVisibleChild() throws {
        let result = try find(.navviz, box("Box", [screen("A"), screen("B")], visible: 1))
        #expect(result.visible == "B")
        #expect(result.path == ["Box", "B"])
        #expect(result.onScreen == ["B"])
    }

    @Test func anEmptyWindowHasNothingVisible() {
        let result = ViewFinder().find(in: Hierarchy())
        #expect(result.visible == nil)
        #expect(result.path.isEmpty)
        #expect(result.onScreen.isEmpty)
    }

    @Test func theSearchCanStartBelowTheRoot() throws {
        let h = try hierarchy(.tabs([nav("A", "B", id: "navA"), nav("C", "D", id: "navC")], id: "tabs"))
        let result = ViewFinder().find(in: h, from: "navC")
        #expect(result.visible == "D")
        #expect(result.path == ["navC", "D"])
    }

    // MARK: - ariadne (docs/semantics.md#F3)

    struct AriadneCase: Sendable, CustomTestStringConvertible {
        var name: String
        var root: NodeSpec
        var device: Device = .phone
        var visible: NodeID
        var path: [NodeID]
        var testDescription: String { name }
    }

    static let ariadneCases: [AriadneCase] = [
        AriadneCase(name: "plain controller", root: screen("Bar"), visible: "Bar", path: ["Bar"]),
        AriadneCase(
            name: "plain controller presenting P", root: presenting(screen("Bar"), screen("P")), visible: "P",
            path: ["Bar", "P"]),
        AriadneCase(name: "empty nav returns the nav", root: .navigation([], id: "nav"), visible: "nav", path: ["nav"]),
        AriadneCase(name: "nav returns its top", root: nav("A", "B", id: "nav"), visible: "B", path: ["nav", "B"]),
        AriadneCase(
            name: "nav with a modal returns the modal", root: presenting(nav("A", id: "nav"), screen("M")),
            visible: "M", path: ["nav", "M"]),
        AriadneCase(
            name: "tab returns the selected subtree",
            root: .tabs([nav("A", id: "navA"), nav("B", "B2", id: "navB")], selected: 1, id: "tabs"), visible: "B2",
            path: ["tabs", "navB", "B2"]),
        AriadneCase(
            name: "tab with a modal: found through the selected child",
            root: presenting(.tabs([nav("A", id: "navA"), screen("C")], id: "tabs"), screen("M")), visible: "M",
            path: ["tabs", "navA", "M"]),
        AriadneCase(
            name: "tab with a modal over a plain selected child",
            root: presenting(.tabs([screen("C"), nav("A", id: "navA")], id: "tabs"), screen("M")), visible: "M",
            path: ["tabs", "C", "M"]),
        AriadneCase(
            name: "tab with no tabs falls back to the presented controller",
            root: presenting(NodeSpec(kind: .tab, id: "tabs"), screen("M")), visible: "M", path: ["tabs", "M"]),
        AriadneCase(name: "tab with no tabs returns the tab", root: NodeSpec(kind: .tab, id: "tabs"), visible: "tabs", path: ["tabs"]),
        AriadneCase(name: "expanded split returns the split", root: split, device: .pad, visible: "split", path: ["split"]),
        AriadneCase(name: "collapsed split returns the split", root: split, visible: "split", path: ["split"]),
        AriadneCase(
            name: "split in a tab returns the split", root: .tabs([split], id: "tabs"), device: .pad,
            visible: "split", path: ["tabs", "split"]),
        AriadneCase(
            name: "split presenting a modal returns the modal", root: presenting(split, screen("M")), device: .pad,
            visible: "M", path: ["split", "M"]),
        AriadneCase(
            name: "custom container stops the search", root: box("Box", [screen("A"), screen("B")], visible: 1),
            visible: "Box", path: ["Box"]),
        AriadneCase(
            name: "modal nav returns its top",
            root: presenting(screen("Bar"), nav("X", "Y", id: "modal")), visible: "Y", path: ["Bar", "modal", "Y"]),
    ]

    @Test(arguments: ariadneCases)
    func ariadneFindsTheCurrentlyVisibleView(_ c: AriadneCase) throws {
        let result = try find(.ariadne, c.root, device: c.device)
        #expect(result.visible == c.visible)
        #expect(result.path == c.path)
    }

    @Test func ariadneReportsTheSameOnScreenSetAsNavviz() throws {
        let h = try hierarchy(Self.split, device: .pad)
        #expect(ViewFinder(.ariadne).find(in: h).onScreen == ViewFinder().find(in: h).onScreen)
    }

    @Test func ariadneStopsAtASplitSoAPushFromItIsRejected() throws {
        var sim = try Simulator(root: Self.split, device: .pad, finder: ViewFinder(.ariadne))
        let outcome = sim.perform(.push(screen("X")))
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot push 'X': 'split' is not inside a navigation controller")
    }

    @Test func ariadnePushesOntoTheTabsNavigationController() throws {
        var sim = try Simulator(
            root: .tabs([nav("A", id: "navA")], id: "tabs"), finder: ViewFinder(.ariadne))
        #expect(sim.perform(.push(screen("B"))).status == .ok)
        #expect(sim.children("navA") == ["A", "B"])
    }

    // MARK: - splitMain / splitDetail

    /// Ariadne tests #22/#23: tab [split [nav [VC], VC2]].
    static let tabbedSplit = NodeSpec.tabs(
        [.split(primary: nav("VC", id: "primary"), secondary: screen("VC2"), id: "split")], id: "tabs")

    @Test(
        arguments: [
            (.splitMain, .pad, "primary"),
            (.splitDetail, .pad, "VC2"),
            (.splitMain, .phone, "primary"),
            (.splitDetail, .phone, "primary"),
        ] as [(ViewFinderStrategy, Device, NodeID)])
    func splitFindersStopAtTheReportedColumn(strategy: ViewFinderStrategy, device: Device, visible: NodeID) throws {
        let result = try find(strategy, Self.tabbedSplit, device: device)
        #expect(result.visible == visible)
        #expect(result.path == ["tabs", "split", visible])
    }

    @Test func collapsedSplitFindersAgree() throws {
        let h = try hierarchy(Self.tabbedSplit, device: .phone)
        #expect(ViewFinder(.splitMain).visibleController(in: h) == ViewFinder(.splitDetail).visibleController(in: h))
    }

    @Test(arguments: [ViewFinderStrategy.splitMain, .splitDetail])
    func splitFindersIgnoreAModalOverTheSplit(strategy: ViewFinderStrategy) throws {
        let result = try find(strategy, presenting(Self.split, screen("M")), device: .pad)
        #expect(result.visible == (strategy == .splitMain ? "primary" : "G"))
    }

    @Test func splitFindersBehaveLikeAriadneAwayFromSplits() throws {
        for c in Self.ariadneCases where !c.name.contains("split") {
            let h = try hierarchy(c.root, device: c.device)
            for strategy in [ViewFinderStrategy.splitMain, .splitDetail] {
                #expect(ViewFinder(strategy).find(in: h) == ViewFinder(.ariadne).find(in: h), "\(c.name)")
            }
        }
    }

    @Test func splitDetailFindsTheEmptyDetailNavigationForAPush() throws {
        // Ariadne test #23 on a pad: the push lands in the detail navigation controller.
        let spec = NodeSpec.tabs(
            [.split(primary: screen("VC"), secondary: .navigation([], id: "detail"), id: "split")], id: "tabs")
        var sim = try Simulator(root: spec, device: .pad, finder: ViewFinder(.splitDetail))
        #expect(sim.perform(.push(screen("Foo"))).status == .ok)
        #expect(sim.children("detail") == ["Foo"])
    }

    @Test func splitMainFindsThePrimaryNavigationForAPush() throws {
        // Ariadne test #22 on a pad.
        var sim = try Simulator(root: Self.tabbedSplit, device: .pad, finder: ViewFinder(.splitMain))
        #expect(sim.perform(.push(screen("Foo"))).status == .ok)
        #expect(sim.children("primary") == ["VC", "Foo"])
    }

    // MARK: - Names

    @Test(
        arguments: [
            ("navviz", .navviz), ("ariadne", .ariadne), ("splitMain", .splitMain),
            ("splitDetail", .splitDetail), ("ariadne.splitMain", .splitMain), ("ariadne-splitDetail", .splitDetail),
        ] as [(String, ViewFinderStrategy)])
    func strategiesParseFromTheirNames(name: String, strategy: ViewFinderStrategy) {
        #expect(ViewFinderStrategy(name: name) == strategy)
    }

    @Test(arguments: ["", "ariadne.", "bogus", "ariadne.bogus"])
    func unknownStrategyNamesDoNotParse(name: String) {
        #expect(ViewFinderStrategy(name: name) == nil)
    }
}
