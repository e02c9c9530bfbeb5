import NavVizCapture
import NavVizCore
import Testing
import UIKitStandIn

// These run the UIKit adapter against UIKitStandIn on Linux: they check that the adapter reads the API it
// should (children, owned presentation, typed containers, scenes and windows) and type-checks against
// Apple's signatures. They say nothing about UIKit's own answers, which only a device or simulator gives.

final class ReaderHomeViewController: UIViewController {}
final class ReaderArticleViewController: UIViewController, NavVizScreen {
    var navvizScreen: String { "Article" }
}
final class FLEXWindow: UIWindow {}

@MainActor
@Suite struct UIKitAdapterTests {
    func loaded<T: UIViewController>(_ controller: T, in window: UIWindow?) -> T {
        let view = UIView()
        view.standInWindow = window
        controller.standInView = view
        return controller
    }

    @Test func aNavigationStackInATabBarIsCapturedThroughTheTypedAPIs() {
        let window = UIWindow()
        let tabs = loaded(UITabBarController(), in: window)
        let nav = loaded(UINavigationController(), in: window)
        let home = loaded(ReaderHomeViewController(), in: nil)
        let article = loaded(ReaderArticleViewController(), in: window)
        nav.standInChildren = [home, article]
        let second = UINavigationController()
        // As the app left it: a navigation controller turned off, a screen turned on (P1).
        second.definesPresentationContext = false
        article.definesPresentationContext = true
        tabs.standInChildren = [nav, second]
        tabs.selectedIndex = 0
        tabs.selectedViewController = nav
        let result = NavVizCapture.snapshot(from: tabs, identities: IdentityTable())
        let h = result.hierarchy
        #expect(h["UITabBarController"].kind == .tab)
        #expect(h["UITabBarController"].selected == 0)
        #expect(h["UINavigationController"].children.count == 2)
        #expect(h["UINavigationController"].definesPresentationContext)
        #expect(!h["UINavigationController#2"].definesPresentationContext)
        #expect(h["Article"].definesPresentationContext)
        #expect(!h["UITabBarController"].definesPresentationContext)
        #expect(h["Article"].screen == "Article")
        #expect(h["UINavigationController#2"].isLoaded == false)
        #expect(ViewFinder().find(in: h).visible == "Article")
    }

    /// `displayMode` as the columns it shows: an overlay leaves its column on screen.
    @Test(arguments: [
        (UISplitViewController.DisplayMode.secondaryOnly, SplitDisplay?.some(.secondaryOnly)),
        (.oneOverSecondary, .oneBesideSecondary), (.oneBesideSecondary, .oneBesideSecondary), (.twoBesideSecondary, .twoBesideSecondary),
        (.twoDisplaceSecondary, nil), (.automatic, nil),
    ])
    func aSplitsDisplayModeIsRead(mode: UISplitViewController.DisplayMode, display: SplitDisplay?) {
        let window = UIWindow()
        let split = loaded(UISplitViewController(), in: window)
        split.displayMode = mode
        split.standInChildren = [loaded(UINavigationController(), in: nil), loaded(UINavigationController(), in: window)]
        let h = NavVizCapture.snapshot(from: split, identities: IdentityTable()).hierarchy
        #expect(h["UISplitViewController"].splitDisplay == display)
    }

    @Test func onlyThePresenterOwnsAPresentation() {
        let nav = loaded(UINavigationController(), in: UIWindow())
        let list = loaded(ReaderHomeViewController(), in: nil)
        nav.standInChildren = [list]
        let sheet = loaded(ReaderArticleViewController(), in: UIWindow())
        nav.standInPresented = sheet
        list.standInPresented = sheet  // UIKit answers on the presenter's children too
        sheet.standInPresenting = nav
        sheet.standInPresentationController = UIPresentationController()
        sheet.standInIsBeingPresented = true
        let h = NavVizCapture.snapshot(from: nav, identities: IdentityTable()).hierarchy
        #expect(h["UINavigationController"].presented == "Article")
        #expect(h["ReaderHomeViewController"].presented == nil)
        #expect(h["Article"].transitionalState == .appearing)
    }

    @Test func windowsComeFromScenesKeyWindowFirstWithoutToolWindows() {
        let app = UIApplication()
        let scene = UIWindowScene()
        let plain = UIWindow()
        plain.rootViewController = ReaderHomeViewController()
        let key = UIWindow()
        key.standInIsKey = true
        key.rootViewController = UINavigationController()
        let tool = FLEXWindow()
        tool.rootViewController = UIViewController()
        let hidden = UIWindow()
        hidden.isHidden = true
        hidden.rootViewController = UIViewController()
        scene.standInWindows = [plain, tool, key, hidden]
        app.standInScenes = [scene]
        let captures = NavVizCapture.snapshots(in: app, identities: IdentityTable())
        #expect(captures.map(\.isKeyWindow) == [true, false])
        #expect(captures.map { $0.result.hierarchy.root?.rawValue } == ["UINavigationController", "ReaderHomeViewController"])
    }
}
