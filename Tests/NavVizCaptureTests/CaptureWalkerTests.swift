import NavVizCapture
import NavVizCore
import NavVizScenario
import Testing

/// A controller as a fake tree holds it: what UIKit's public API would answer.
@MainActor
final class FakeController {
    let className: String
    var children: [FakeController] = []
    var presented: FakeController?
    weak var presenting: FakeController?
    var kind: NodeKind?
    var selectedIndex: Int?
    var collapsed = false
    var display: SplitDisplay?
    var loaded = true
    var inWindow = true
    var presentationClass: String?
    var screen: String?
    var title: String?
    var transitional: TransitionalState?

    init(_ className: String, kind: NodeKind? = nil, title: String? = nil, children: [FakeController] = []) {
        self.className = className
        self.kind = kind
        self.title = title
        self.children = children
    }

    /// Presents `other` as UIKit would: the presenter owns it, `presentingViewController` points back.
    func present(_ other: FakeController, with presentationClass: String = "_UIPageSheetPresentationController") {
        presented = other
        other.presenting = self
        other.presentationClass = presentationClass
    }
}

/// The public API answers of `FakeController`.
@MainActor
struct FakeTree: ControllerTree {
    func className(of controller: FakeController) -> String { controller.className }
    func children(of controller: FakeController) -> [FakeController] { controller.children }
    func ownedPresentation(of controller: FakeController) -> FakeController? {
        guard let presented = controller.presented, presented.presenting === controller else { return nil }
        return presented
    }
    func containerKind(of controller: FakeController) -> NodeKind? { controller.kind }
    func selectedIndex(of controller: FakeController) -> Int? { controller.selectedIndex }
    func selectedViewController(of controller: FakeController) -> FakeController? {
        controller.selectedIndex.flatMap { controller.children.indices.contains($0) ? controller.children[$0] : nil }
    }
    func isCollapsed(_ controller: FakeController) -> Bool { controller.collapsed }
    func splitDisplay(of controller: FakeController) -> SplitDisplay? { controller.display }
    func isViewLoaded(_ controller: FakeController) -> Bool { controller.loaded }
    func isInWindow(_ controller: FakeController) -> Bool { controller.loaded && controller.inWindow }
    func presentationControllerClass(of controller: FakeController) -> String? { controller.presentationClass }
    func screenName(of controller: FakeController) -> String? { controller.screen }
    func title(of controller: FakeController) -> String? { controller.title }
    func transitionalState(of controller: FakeController) -> TransitionalState? { controller.transitional }
}

@MainActor
@Suite struct CaptureWalkerTests {
    /// A tab app shaped like a real reader app: four tabs of navigation stacks, one never shown, a
    /// presented navigation controller on top of the selected tab.
    func readerApp() -> (root: FakeController, settings: FakeController) {
        func stack(_ screens: [String], loaded: Bool = true) -> FakeController {
            let nav = FakeController("UINavigationController", kind: .navigation)
            nav.children = screens.map { FakeController($0.hasPrefix("_Tt") ? $0 : "Reader.\($0)") }
            nav.loaded = loaded
            for child in nav.children { child.loaded = loaded }
            return nav
        }
        let tabs = FakeController("Reader.MainTabBarController", kind: .tab)
        tabs.children = [
            stack(["HomeViewController", "ArticleViewController"]),
            stack(["SearchViewController"]),
            stack(["SavedViewController"], loaded: false),
            stack(["_TtC6Reader21ProfileViewController"], loaded: false),
        ]
        tabs.selectedIndex = 0
        // Only the top of the selected stack is in the window.
        tabs.children[0].children[0].inWindow = false
        for tab in tabs.children.dropFirst() {
            tab.inWindow = false
            for child in tab.children { child.inWindow = false }
        }
        let settings = FakeController("UINavigationController", kind: .navigation)
        settings.children = [FakeController("Reader.SettingsViewController", title: "Settings")]
        tabs.present(settings)
        return (tabs, settings)
    }

    @Test func aTabAppIsCapturedAsUIKitHoldsIt() throws {
        let app = readerApp()
        let result = CaptureWalker(tree: FakeTree()).capture(from: app.root)
        let h = result.hierarchy
        #expect(result.warnings == [])
        #expect(h.root == "MainTabBarController")
        #expect(h["MainTabBarController"].kind == .tab)
        #expect(h["MainTabBarController"].selected == 0)
        #expect(
            h["MainTabBarController"].children == [
                "UINavigationController", "UINavigationController#2", "UINavigationController#3", "UINavigationController#4",
            ])
        #expect(h["UINavigationController"].children == ["HomeViewController", "ArticleViewController"])
        #expect(h["ProfileViewController"].className == "ProfileViewController")
        #expect(h["SavedViewController"].isLoaded == false)
        #expect(h["MainTabBarController"].presented == "UINavigationController#5")
        #expect(h["UINavigationController#5"].style == .pageSheet)
        #expect(h["SettingsViewController"].title == "Settings")
        #expect(ViewFinder().find(in: h).visible == "SettingsViewController")
    }

    @Test func theSnapshotJSONIsWhatTheDaemonAndTheCLIRead() throws {
        let result = CaptureWalker(tree: FakeTree()).capture(from: readerApp().root)
        let decoded = try Snapshot.decode(try JSONParser.parse(result.snapshotJSON), file: "capture.json")
        #expect(decoded.nodeIDs == result.hierarchy.nodeIDs)
        #expect(ViewFinder().find(in: decoded).visible == "SettingsViewController")
        // Deterministic: the same tree gives the same bytes.
        #expect(CaptureWalker(tree: FakeTree()).capture(from: readerApp().root).snapshotJSON == result.snapshotJSON)
    }

    @Test func idsStayWithTheirControllersAcrossCaptures() {
        let app = readerApp()
        let identities = IdentityTable()
        let walker = CaptureWalker(tree: FakeTree(), identities: identities)
        let first = walker.capture(from: app.root).hierarchy
        // The user pushes a second article: the first keeps its id, the new one takes the next number.
        let nav = app.root.children[0]
        nav.children.append(FakeController("Reader.ArticleViewController"))
        let second = walker.capture(from: app.root).hierarchy
        #expect(first["UINavigationController"].children == ["HomeViewController", "ArticleViewController"])
        #expect(second["UINavigationController"].children == ["HomeViewController", "ArticleViewController", "ArticleViewController#2"])
        // An id is a name and a count, never an address.
        #expect(second.nodeIDs.allSatisfy { !$0.rawValue.contains("0x") })
    }

    @Test func aScreenNameTheAppGivesWinsOverTheClassName() {
        let root = FakeController("UIHostingController<ModifiedContent<RootView, _EnvironmentKeyWritingModifier>>")
        root.screen = "Onboarding"
        let h = CaptureWalker(tree: FakeTree()).capture(from: root).hierarchy
        #expect(h.root == "Onboarding")
        #expect(h["Onboarding"].screen == "Onboarding")
    }

    @Test func aPresentationInheritedByAChildIsDrawnOnceUnderItsPresenter() {
        // UIKit answers `presentedViewController` on every child of the presenter too; only the presenter owns it.
        let nav = FakeController("UINavigationController", kind: .navigation)
        let list = FakeController("Mail.ListViewController")
        nav.children = [list]
        let compose = FakeController("Mail.ComposeViewController")
        nav.present(compose, with: "_UIFullscreenPresentationController")
        list.presented = compose  // inherited, not owned
        let result = CaptureWalker(tree: FakeTree()).capture(from: nav)
        #expect(result.warnings == [])
        #expect(result.hierarchy["UINavigationController"].presented == "ComposeViewController")
        #expect(result.hierarchy["ListViewController"].presented == nil)
        #expect(result.hierarchy["ComposeViewController"].style == .fullScreen)
    }

    @Test func aCollapsedSplitKeepsItsColumnsAndSaysItIsCollapsed() {
        let split = FakeController("UISplitViewController", kind: .split)
        split.collapsed = true
        let primary = FakeController("UINavigationController", kind: .navigation)
        primary.children = [FakeController("Notes.FolderListViewController"), FakeController("Notes.NoteViewController")]
        split.children = [primary]
        let h = CaptureWalker(tree: FakeTree()).capture(from: split).hierarchy
        #expect(h["UISplitViewController"].isCollapsed == true)
        #expect(h["UINavigationController"].role == .primary)
        #expect(ViewFinder().find(in: h).visible == "NoteViewController")
    }

    /// `displayMode` `secondaryOnly`: the sidebar is off screen, the detail visible (S8).
    @Test func aSplitWithItsSidebarHiddenKeepsItsDisplay() {
        let split = FakeController("UISplitViewController", kind: .split)
        split.display = .secondaryOnly
        let primary = FakeController(
            "UINavigationController", kind: .navigation, children: [FakeController("Notes.FolderListViewController")])
        primary.inWindow = false
        primary.children[0].inWindow = false
        let secondary = FakeController("UINavigationController", kind: .navigation, children: [FakeController("Notes.NoteViewController")])
        split.children = [primary, secondary]
        let h = CaptureWalker(tree: FakeTree()).capture(from: split).hierarchy
        #expect(h["UISplitViewController"].splitDisplay == .secondaryOnly)
        #expect(ViewFinder().find(in: h).onScreen == ["NoteViewController"])
    }

    @Test func aCustomContainerIsLabelledByWhatIsInTheWindow() {
        // A drawer: two children, only the centre in the window.
        let drawer = FakeController("App.DrawerController")
        let menu = FakeController("App.MenuViewController")
        menu.inWindow = false
        drawer.children = [menu, FakeController("App.FeedViewController")]
        let one = CaptureWalker(tree: FakeTree()).capture(from: drawer).hierarchy
        #expect(one["DrawerController"].selected == 1)
        #expect(ViewFinder().find(in: one).visible == "FeedViewController")
        // Both in the window: embedded children, both on screen.
        menu.inWindow = true
        let both = CaptureWalker(tree: FakeTree()).capture(from: drawer).hierarchy
        #expect(both["DrawerController"].embedded == [0, 1])
        #expect(Set(both.onScreen()).isSuperset(of: ["MenuViewController", "FeedViewController"]))
    }

    @Test func aKindOverrideMakesACustomContainerANavigationController() {
        let coordinator = FakeController("App.CoordinatorNavigationController")
        coordinator.children = [FakeController("App.LoginViewController"), FakeController("App.TwoFactorViewController")]
        var options = CaptureOptions()
        options.kindOverrides = ["CoordinatorNavigationController": .navigation]
        let h = CaptureWalker(tree: FakeTree(), options: options).capture(from: coordinator).hierarchy
        #expect(h["CoordinatorNavigationController"].kind == .navigation)
        #expect(ViewFinder().find(in: h).visible == "TwoFactorViewController")
    }

    @Test func embeddedHostingControllersAreFoldedWithAWarning() {
        let screen = FakeController("Shop.ProductViewController")
        screen.children = [FakeController("_TtGC7SwiftUI19UIHostingControllerV4Shop9BuyButton_")]
        let result = CaptureWalker(tree: FakeTree()).capture(from: screen)
        #expect(result.hierarchy["ProductViewController"].children == [])
        #expect(result.warnings == ["'ProductViewController': 1 embedded hosting controller folded into it"])
        var keep = CaptureOptions()
        keep.foldsEmbeddedHostingControllers = false
        #expect(CaptureWalker(tree: FakeTree(), options: keep).capture(from: screen).hierarchy["ProductViewController"].children.count == 1)
    }

    @Test func anAlertsPrivateContentIsNotWalked() {
        let home = FakeController("App.HomeViewController")
        let alert = FakeController("UIAlertController")
        alert.children = [FakeController("_UIAlertControllerTextFieldViewController")]
        home.present(alert, with: "_UIAlertControllerAlertPresentationController")
        let h = CaptureWalker(tree: FakeTree()).capture(from: home).hierarchy
        #expect(h["UIAlertController"].children == [])
        #expect(ViewFinder().find(in: h).visible == "UIAlertController")
    }

    @Test func theMoreTabLeavesTheSelectionUnsetWithAWarning() {
        let tabs = FakeController("UITabBarController", kind: .tab)
        tabs.children = (1...6).map { FakeController("App.Tab\($0)ViewController") }
        tabs.selectedIndex = nil
        let result = CaptureWalker(tree: FakeTree()).capture(from: tabs)
        #expect(result.hierarchy["UITabBarController"].selected == nil)
        #expect(
            result.warnings == ["'UITabBarController': the selected tab is not one of its view controllers (the More tab?): left unset"])
    }

    @Test func aControllerThatAppearsTwiceAndADeepTreeAreCutWithWarnings() {
        let nav = FakeController("UINavigationController", kind: .navigation)
        let same = FakeController("App.LoopViewController")
        nav.children = [same, same]
        #expect(
            CaptureWalker(tree: FakeTree()).capture(from: nav).warnings == [
                "a controller appears twice in the tree; the second place is left out"
            ])
        var chain = FakeController("App.LeafViewController")
        for level in 0..<5 {
            let parent = FakeController("App.Level\(level)Controller")
            parent.children = [chain]
            chain = parent
        }
        var options = CaptureOptions()
        options.maxDepth = 2
        let cut = CaptureWalker(tree: FakeTree(), options: options).capture(from: chain)
        #expect(cut.hierarchy.nodeCount == 3)
        #expect(cut.warnings == ["'Level2Controller' is deeper than 2 levels: what is below it is left out"])
    }

    @Test func transitionalStatesAreKept() {
        let home = FakeController("App.HomeViewController")
        let sheet = FakeController("App.SheetViewController")
        home.present(sheet)
        sheet.transitional = .appearing
        let h = CaptureWalker(tree: FakeTree()).capture(from: home).hierarchy
        #expect(h["SheetViewController"].transitionalState == .appearing)
    }
}
