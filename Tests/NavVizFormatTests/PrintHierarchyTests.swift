import NavVizCore
import NavVizTestSupport
import Testing

@testable import NavVizFormat

/// `_printHierarchy` text: every line shape of real captures, the drift between iOS versions, and the
/// exact errors for what is not a whole dump.
@Suite struct PrintHierarchyTests {
    /// Which kind a name says for a controller whose view is a UILayoutContainerView: the word before its controller suffix
    /// (the noun), not one before another word (`SplitPayment…`, `TabItem…`, `NavBar…`: a review found them read as
    /// containers of the wrong kind).
    @Test(
        arguments: [
            ("MainTabBarViewController", NodeKind.tab), ("RootTabVC", .tab), ("HomeTab", .tab), ("TabsController", .tab),
            ("NavigationTabBarVC", .tab), ("NavigationViewController", .navigation), ("HomeNavController", .navigation),
            ("BaseNavVC", .navigation), ("MainNav", .navigation), ("BaseNaviController", .navigation), ("MainTabNavVC", .navigation),
            ("HomeTabNavigationVC", .navigation), ("SplitBillNavigationViewController", .navigation), ("NavController2", .navigation),
            ("RootSplitVC", .split), ("MainSplitViewCtrl", .split), ("SplitPaymentViewController", nil), ("TabItemViewController", nil),
            ("NavBarTitleViewController", nil), ("TableHostController", nil), ("NavyViewController", nil),
            ("PSUIPrefsRootController", nil), ("TabletShell", nil), ("VC", nil), ("Controller", nil),
        ] as [(String, NodeKind?)])
    func aLayoutContainersNameSaysItsKind(name: String, kind: NodeKind?) {
        #expect(PrintHierarchy.layoutContainerHint(Substring(name)) == kind)
    }

    /// The command glued to the dump's first line, a page having lost the line break after it (a trial of real captures: "line
    /// 1: expected a view controller line", or, at a prompt, "a fragment"): the command, then the dump.
    @Test(arguments: [
        "[[[UIWindow keyWindow] rootViewController] _printHierarchy]<MMUINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <Login 0x3>, state: appeared, view: <UIView 0x4>\n",
        "po [[[UIWindow keyWindow] rootViewController] _printHierarchy]<MMUINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <Login 0x3>, state: appeared, view: <UIView 0x4>\n",
        "(lldb) po [UIViewController _printHierarchy] <MMUINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <Login 0x3>, state: appeared, view: <UIView 0x4>\n",
        "cy# [[[UIWindow keyWindow] rootViewController] _printHierarchy].toString()<MMUINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <Login 0x3>, state: appeared, view: <UIView 0x4>\n",
    ])
    func aCommandGluedToTheDumpsFirstLineIsTheCommand(text: String) throws {
        let captured = try capture(text)
        #expect(captured.hierarchy.root == "MMUINavigationController")
        #expect(captured.hierarchy["MMUINavigationController"].children == ["Login"])
    }

    /// A second command glued to a second dump is a second dump, refused as one (a review: it was read as a prompt, the
    /// second dump's root left out and its child hung below the first dump's).
    @Test func aSecondGluedDumpIsASecondDump() throws {
        let text = """
            (lldb) po [[[UIWindow keyWindow] rootViewController] _printHierarchy]<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
               | <A 0x3>, state: appeared, view: <UIView 0x4>
            (lldb) po [[[UIWindow keyWindow] rootViewController] _printHierarchy]<UITabBarController 0x5>, state: appeared, view: <UILayoutContainerView 0x6>
               | <B 0x7>, state: appeared, view: <UIView 0x8>
            """
        #expect(throws: PrintHierarchyError.self) { try capture(text) }
        #expect {
            try capture(text)
        } throws: { error in
            "\(error)".contains("a second dump starts here")
        }
    }

    /// A writer's line between the command and the dump is left out with a note, whatever follows the dump (a command typed
    /// again after it turned the rule off: a review) and with the debugger's warnings between.
    @Test(arguments: [
        "(lldb) pvc\nThe controller that you want to hide\n<UIViewController 0x1>, state: appeared, view: <UIView 0x2>\n",
        "(lldb) pvc\nThe controller that you want to hide\n<UIViewController 0x1>, state: appeared, view: <UIView 0x2>\n\n(lldb) pvc\n",
        "(lldb) pvc\nwarning: could not load any Objective-C class information\nThe controller that you want to hide\n"
            + "<UIViewController 0x1>, state: appeared, view: <UIView 0x2>\n",
    ])
    func aWritersLineBeforeTheDumpIsLeftOut(text: String) throws {
        let captured = try capture(text)
        #expect(captured.hierarchy.root == "UIViewController")
        #expect(
            captured.notes.first { $0.contains("the text between") }?.hasSuffix(
                ": the text between the command on line 1 and the dump it printed left out: not the dump") == true, "\(captured.notes)")
    }

    func capture(_ text: String, kinds: [String: NodeKind] = [:]) throws -> CapturedHierarchy {
        try PrintHierarchy.parse(text, file: "dump.txt").hierarchy(kinds: kinds)
    }

    func error(_ text: String) -> String? {
        do {
            _ = try PrintHierarchy.parse(text, file: "dump.txt")
            return nil
        } catch {
            return error.description
        }
    }

    /// A tab bar of two navigation controllers, the second never loaded; a page sheet over it.
    static let tabs = """
        <UITabBarController: 0x12c01d200>, state: appeared, view: <UILayoutContainerView: 0x129e07b40>
           | <UINavigationController: 0x12c81b000>, state: appeared, view: <UILayoutContainerView: 0x129e0c2a0>
           |    | <Shop.HomeViewController: 0x129e0d100>, state: disappeared, view: <UIView: 0x129e0e000> not in the window
           |    | <Shop.ProductViewController: 0x129e0f200>, state: appeared, view: <UIView: 0x129e10000>
           | <UINavigationController: 0x12c81c000>, state: disappeared, view:  (view not loaded)
           |    | <Shop.CartViewController: 0x129e11000>, state: disappeared, view: (view not loaded)
           + <Shop.ReviewViewController: 0x129e12000>, state: appeared, view: <UIView: 0x129e13000>, presented with: <_UIPageSheetPresentationController: 0x129e14000>
        """

    @Test func aTabBarWithStacksAndASheetMapsNodeForNode() throws {
        let result = try capture(Self.tabs)
        let h = result.hierarchy
        #expect(h.nodeCount == 7)
        #expect(h.root == "UITabBarController")
        #expect(h["UITabBarController"].kind == .tab)
        #expect(h["UITabBarController"].children == ["UINavigationController", "UINavigationController#2"])
        #expect(h["UITabBarController"].selected == 0)
        #expect(h["UINavigationController"].children == ["HomeViewController", "ProductViewController"])
        #expect(h["HomeViewController"].className == "Shop.HomeViewController")
        #expect(h["HomeViewController"].screen == "HomeViewController")
        #expect(h["UINavigationController#2"].isLoaded == false)
        #expect(h["CartViewController"].isLoaded == false)
        #expect(h["CartViewController"].isReleased == false)
        #expect(h["UITabBarController"].presented == "ReviewViewController")
        #expect(h["ReviewViewController"].style == .pageSheet)
        #expect(ViewFinder().find(in: h).visible == "ReviewViewController")
        #expect(ViewFinder().find(in: h).path == ["UITabBarController", "ReviewViewController"])
        #expect(result.notes.isEmpty)
    }

    @Test func noAddressReachesAnId() throws {
        let h = try capture(Self.tabs).hierarchy
        #expect(!h.nodeIDs.contains { $0.rawValue.contains("0x") })
    }

    /// swift-snapshot-testing purges pointers and colons; cycript wraps the dump in backticks.
    @Test func purgedPointersAndBackticksReadTheSame() throws {
        let purged = """
            `<UITabBarController>, state: appeared, view: <UILayoutContainerView>
               | <UINavigationController>, state: appeared, view: <UILayoutContainerView>
               |    | <UIPageViewController>, state: appeared, view: <_UIPageViewControllerContentView>
               |    |    | <UIViewController>, state: appeared, view: <UIView>
               | <UINavigationController>, state: disappeared, view: (view not loaded)
               |    | <UIViewController>, state: disappeared, view: (view not loaded)`
            """
        let h = try capture(purged).hierarchy
        #expect(h.nodeIDs.count == 6)
        #expect(h["UIPageViewController"].kind == .controller)
        #expect(h["UIPageViewController"].selected == 0)
        #expect(h["UIViewController#2"].isLoaded == false)
        #expect(ViewFinder().find(in: h).visible == "UIViewController")
    }

    /// The selected tab is the one whose controllers have appeared, with or without the ` not in the window`
    /// suffix on the others (a dump without it, as older iOS prints or as copied, selected tab 0 in a new
    /// user's trial); a switch in flight selects the appearing tab.
    @Test(arguments: [
        (" not in the window", "appeared", "disappeared", 1),
        ("", "appeared", "disappeared", 1),
        ("", "appearing", "disappearing", 1),
        ("", "disappearing", "appearing", 0),
    ])
    func theSelectedTabIsTheOneThatAppeared(suffix: String, cart: String, home: String, selected: Int) throws {
        let dump = """
            <UITabBarController: 0x1>, state: appeared, view: <UILayoutContainerView: 0x2>
               | <UINavigationController: 0x3>, state: \(home), view: <UILayoutContainerView: 0x4>\(suffix)
               |    | <Shop.HomeViewController: 0x5>, state: \(home), view: <UIView: 0x6>\(suffix)
               | <UINavigationController: 0x7>, state: \(cart), view: <UILayoutContainerView: 0x8>
               |    | <Shop.CartViewController: 0x9>, state: \(cart), view: <UIView: 0xa>
            """
        let h = try capture(dump).hierarchy
        #expect(h["UITabBarController"].selected == selected)
    }

    /// A container on screen that shows none of its children: the paste lost the lines of what it shows, and the note
    /// says so (a trial's paste that lost its last line was read without a word; one that lost the selected tab was said
    /// to be under a full-screen presentation, with nothing presented).
    @Test func aContainerOnScreenShowingNothingSaysThePasteMayBeCut() throws {
        let stack = """
            <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
               | <ViewController 0x3>, state: disappeared, view: <UIView 0x4> not in the window
            """
        #expect(
            try capture(stack).notes == [
                "'UINavigationController' has appeared but its top, 'ViewController', is not in the window: a navigation "
                    + "controller shows its top, so the dump may have lost its last lines (a paste cut short?)"
            ])
        let tabs = """
            <UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
               | <UINavigationController 0x3>, state: disappeared, view: (view not loaded)
               |    | <HomeViewController 0x4>, state: disappeared, view: (view not loaded)
            """
        #expect(
            try capture(tabs).notes == [
                "'UITabBarController' has appeared but none of its tabs is in the window: a tab bar controller shows its "
                    + "selected tab, so the dump may have lost lines (a paste cut short?); the selected tab is left unset"
            ])
        // Its top in the window, printed before `viewDidAppear` came: no note.
        let pushed = stack.replacingOccurrences(
            of: "state: disappeared, view: <UIView 0x4> not in the window", with: "state: appearing, view: <UIView 0x4>")
        #expect(try capture(pushed).notes.isEmpty)
        // A current-context presentation from the stack, or from a tab, takes the content out of the window: nothing is
        // missing, and the tab that presents is the selected one (a review: both were said cut short, the tab bar visible).
        let context =
            "\n   + <SheetViewController 0x9>, state: appeared, view: <UIView 0xa>, presented with: "
            + "<_UICurrentContextPresentationController 0xb>"
        #expect(try capture(stack + context).notes.isEmpty)
        let presentingTab = """
            <UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
               | <UINavigationController 0x3>, state: disappeared, view: <UILayoutContainerView 0x4> not in the window
               |    | <HomeViewController 0x5>, state: disappeared, view: <UIView 0x6> not in the window
               |    + <SheetViewController 0x9>, state: appeared, view: <UIView 0xa>, presented with: <_UICurrentContextPresentationController 0xb>
               | <UINavigationController 0x7>, state: disappeared, view: (view not loaded)
               |    | <CartViewController 0x8>, state: disappeared, view: (view not loaded)
            """
        let tabs2 = try capture(presentingTab)
        #expect(tabs2.notes.isEmpty)
        #expect(tabs2.hierarchy["UITabBarController"].selected == 0)
    }

    /// A dump printed between `present` (or `push`) and the new controller's `viewWillAppear`, as a breakpoint in its
    /// `viewDidLoad` stops: the new controller has not appeared and is not in the window, the one before it still is. Its
    /// presenter stays on screen, and the note says what was seen (a trial: the presented controller was drawn on screen,
    /// its presenter gone, and the push was said to be a paste cut short).
    @Test func aPresentationOrPushBegunBeforeViewWillAppearKeepsTheOneBeforeOnScreen() throws {
        let home = """
            <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
               | <HomeViewController 0x3>, state: appeared, view: <UIView 0x4>
            """
        // Out of the window, not loaded, or in it as an older iOS prints every view (no ` not in the window`).
        for view in ["<UIView 0x6> not in the window", "(view not loaded)", "<UIView 0x6>"] {
            let captured = try capture(
                home + "\n   + <LoginViewController 0x5>, state: disappeared, view: \(view), presented with: "
                    + "<_UIFullscreenPresentationController 0x7>")
            let h = captured.hierarchy
            #expect(h["LoginViewController"].transitionalState == .pending)
            #expect(h.nodesInWindow() == ["UINavigationController", "HomeViewController"])
            #expect(ViewFinder().find(in: h).onScreen == ["HomeViewController"])
            // navviz's finder shows what is on screen; Ariadne's follows presentedViewController, as it does.
            #expect(ViewFinder().find(in: h).visible == "HomeViewController")
            #expect(ViewFinder(.ariadne).find(in: h).visible == "LoginViewController")
            #expect(
                captured.notes == [
                    "line 3: 'LoginViewController' is presented but has not appeared, while 'UINavigationController' that presents "
                        + "it has: a presentation begun, before 'LoginViewController's viewWillAppear (a breakpoint in its viewDidLoad "
                        + "prints this), or a dismissal ending, after its viewDidDisappear; 'UINavigationController' is drawn still on "
                        + "screen, 'LoginViewController' not yet"
                ])
        }
        // Its presenter printed disappeared too (an app in the background, on an older iOS): drawn as printed, no note.
        let background = try capture(
            home.replacingOccurrences(of: "appeared", with: "disappeared")
                + "\n   + <LoginViewController 0x5>, state: disappeared, view: <UIView 0x6>, presented with: "
                + "<_UIFullscreenPresentationController 0x7>")
        #expect(background.hierarchy["LoginViewController"].transitionalState == .disappeared)
        #expect(ViewFinder().find(in: background.hierarchy).onScreen == ["LoginViewController"])
        #expect(background.notes.isEmpty)
        let pushed = try capture(home + "\n   | <DetailViewController 0x5>, state: disappeared, view: <UIView 0x6> not in the window")
        #expect(
            pushed.notes == [
                "'UINavigationController' has appeared but its top, 'DetailViewController', has not and is not in the window while "
                    + "'HomeViewController' below it is: a push begun, before 'DetailViewController's viewWillAppear (a breakpoint in "
                    + "its viewDidLoad prints this); 'HomeViewController' is drawn still on screen, 'DetailViewController' on top of "
                    + "the stack, not yet"
            ])
        // The stack as printed, its top `pending`: the controller below it is the one on screen and visible (a review: the
        // new top was, and a snapshot step after it sent the one below its disappear callbacks a step early).
        #expect(pushed.hierarchy["UINavigationController"].children == ["HomeViewController", "DetailViewController"])
        #expect(pushed.hierarchy["DetailViewController"].transitionalState == .pending)
        #expect(ViewFinder().find(in: pushed.hierarchy).onScreen == ["HomeViewController"])
        #expect(ViewFinder().find(in: pushed.hierarchy).visible == "HomeViewController")
    }

    /// A window's root whose view is not loaded was printed before the window showed it: said, not drawn in the window
    /// without a word (a trial).
    @Test func aRootNotLoadedSaysTheDumpCameBeforeTheWindowShowedIt() throws {
        let captured = try capture(
            """
            <UINavigationController 0x1>, state: disappeared, view: (view not loaded)
               | <App.HomeViewController 0x3>, state: disappeared, view: (view not loaded)
            """)
        #expect(
            captured.notes == [
                "'UINavigationController', the window's root, has not loaded its view: the dump was printed before the window "
                    + "showed it (at launch, before makeKeyAndVisible?); drawn as if on screen"
            ])
    }

    /// A popover or a sheet whose presenter is printed out of the window was adapted to full screen (the delegate's
    /// `adaptivePresentationStyle(for:)`, a sheet in a phone's landscape): its presenter is not on screen (a trial's was).
    @Test(arguments: [
        ("UIPopoverPresentationController", "popover"), ("_UIPageSheetPresentationController", "pageSheet"),
        ("_UIFormSheetPresentationController", "formSheet"),
    ])
    func aPopoverOrSheetWhosePresenterLeftTheWindowIsFullScreen(presentation: String, style: String) throws {
        let captured = try capture(
            """
            <UINavigationController 0x1>, state: disappeared, view: <UILayoutContainerView 0x2> not in the window
               | <PhotoViewController 0x3>, state: disappeared, view: <UIView 0x4> not in the window
               + <FilterViewController 0x5>, state: appeared, view: <UITableView 0x6>, presented with: <\(presentation) 0x7>
            """)
        #expect(captured.hierarchy["FilterViewController"].style == .fullScreen)
        #expect(ViewFinder().find(in: captured.hierarchy).onScreen == ["FilterViewController"])
        #expect(
            captured.notes == [
                "line 3: 'FilterViewController' was presented as a \(style) but 'UINavigationController' that presents it is not in "
                    + "the window: the presentation was adapted to full screen (adaptivePresentationStyle(for:)), drawn so"
            ])
        // Its presenter in the window: a popover as printed.
        let shown = try capture(
            """
            <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
               | <PhotoViewController 0x3>, state: appeared, view: <UIView 0x4>
               + <FilterViewController 0x5>, state: appeared, view: <UITableView 0x6>, presented with: <\(presentation) 0x7>
            """)
        #expect(shown.hierarchy["FilterViewController"].style?.rawValue == style)
        #expect(shown.notes.isEmpty)
    }

    /// A paste cut right after a container's line: on screen, with nothing below it, on the last line. Said, as a top not in
    /// the window is (a trial's paste cut after a tab's navigation controller drew it as the visible controller, no note).
    /// An empty container above other lines is not a cut.
    @Test func aPasteCutAfterAContainersLineSaysSo() throws {
        let cutInTab = """
            <UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
               | <UINavigationController 0x3>, state: appeared, view: <UILayoutContainerView 0x4>
            """
        #expect(
            try capture(cutInTab).notes == [
                "'UINavigationController' has appeared with no controller below it, on the dump's last line: a navigation "
                    + "controller shows its top, so the dump may have lost its last lines (a paste cut short?)"
            ])
        #expect(
            try capture("<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>").notes == [
                "'UITabBarController' has appeared with no tab below it, on the dump's last line: a tab bar controller shows "
                    + "its selected tab, so the dump may have lost its last lines (a paste cut short?)"
            ])
        #expect(
            try capture(cutInTab + "\n   |    | <UIPageViewController 0x5>, state: appeared, view: <_UIPageViewControllerContentView 0x6>")
                .notes == [
                    "'UIPageViewController' has appeared with no page below it, on the dump's last line: a page view controller "
                        + "shows its page, so the dump may have lost its last lines (a paste cut short?)"
                ])
        let emptyAbove = """
            <UISplitViewController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
               | <UINavigationController 0x3>, state: appeared, view: <UILayoutContainerView 0x4>
               | <UINavigationController 0x5>, state: appeared, view: <UILayoutContainerView 0x6>
               |    | <DetailViewController 0x7>, state: appeared, view: <UIView 0x8>
            """
        #expect(!(try capture(emptyAbove).notes.contains { $0.contains("cut short") }))
        let offScreen = cutInTab.replacingOccurrences(
            of: "0x3>, state: appeared, view: <UILayoutContainerView 0x4>",
            with: "0x3>, state: disappeared, view: <UILayoutContainerView 0x4> not in the window")
        // Off screen (an unselected tab's, cut after it: a trial's lost its last three tabs, unsaid), a navigation controller
        // with nothing below it on the last line is said too: it holds at least its root.
        #expect(
            try capture(offScreen).notes.first
                == "'UINavigationController' has no controller below it, on the dump's last line: a navigation controller holds at "
                + "least its root, so the dump may have lost its last lines (a paste cut short?)")
        // Not when its view is not loaded: a tab not yet opened.
        let notLoaded = offScreen.replacingOccurrences(of: "<UILayoutContainerView 0x4> not in the window", with: "(view not loaded)")
        #expect(!(try capture(notLoaded).notes.contains { $0.contains("no controller below it") }))
    }

    /// The window's root out of the window with nothing presented over it: the lines of what covers it were lost (a trial's
    /// paste kept the first lines of a dump with a full-screen image picker; it was drawn on screen, unsaid). With the
    /// presentation printed, no note.
    @Test func aRootOutOfTheWindowWithNothingPresentedSaysThePasteMayBeCut() throws {
        let cut = """
            <UINavigationController 0x1>, state: disappeared, view: <UILayoutContainerView 0x2> not in the window
               | <IndexViewController 0x3>, state: disappeared, view: <UIView 0x4> not in the window
            """
        #expect(
            try capture(cut).notes == [
                "'UINavigationController', the window's root, is not in the window and the dump shows nothing presented over it: "
                    + "what covers it (a full-screen presentation) is not printed, so the dump may have lost its last lines (a paste "
                    + "cut short?); drawn as if on screen"
            ])
        let whole =
            cut
            + "\n   + <UIImagePickerController 0x5>, state: appeared, view: <UILayoutContainerView 0x6>, presented with: "
            + "<_UIFullscreenPresentationController 0x7>\n   |    | <PUPhotoPickerHostViewController 0x8>, state: appeared, view: <UIView 0x9>"
        #expect(try capture(whole).notes.isEmpty)
    }

    /// The inside of a Swift string copied without its quotes (`\n` between the lines) is read as the string is (a trial
    /// was told the dump's last line ended early).
    @Test func aDumpWithEscapedLineBreaksAndNoQuotesIsRead() throws {
        let text =
            #"<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: disappeared, "#
            + #"view: <UIView 0x4> not in the window\n   | <B 0x5>, state: appeared, view: <UIView 0x6>"#
        let h = try capture(text).hierarchy
        #expect(h["UINavigationController"].children == ["A", "B"])
    }

    @Test func aDetachedRootIsPrintedPresentedWithNull() throws {
        let detached = """
               + <UITabBarController>, state: disappeared, view: <UILayoutContainerView> not in the window, presented with: (null)
               | <UIViewController>, state: disappeared, view: <UIView> not in the window
            """
        let result = try capture(detached)
        #expect(result.hierarchy.root == "UITabBarController")
        #expect(result.hierarchy["UITabBarController"].children == ["UIViewController"])
        #expect(result.hierarchy["UITabBarController"].selected == nil)
        #expect(
            result.notes == [
                "'UITabBarController': no tab is in the window (the hierarchy is in none), so the selected tab is left unset",
                "'UITabBarController' was printed as presented with (null): the hierarchy was not in a window",
            ])
    }

    @Test(arguments: [
        ("_UIFullscreenPresentationController", PresentationStyle.fullScreen),
        ("_UIOverFullscreenPresentationController", .overFullScreen),
        ("_UIPageSheetPresentationController", .pageSheet),
        ("_UIFormSheetPresentationController", .formSheet),
        ("UIPopoverPresentationController", .popover),
        ("_UICurrentContextPresentationController", .currentContext),
        ("_UIOverCurrentContextPresentationController", .overCurrentContext),
        ("UIPresentationController", .custom),
        ("_UIAlertControllerAlertPresentationController", .custom),
        ("UISheetPresentationController", .custom),
        ("MyApp.CardPresentationController", .custom),
    ])
    func presentationControllersGiveStylesByExactClass(presentation: String, style: PresentationStyle) throws {
        let text = """
            <UIViewController: 0x1>, state: appeared, view: <UIView: 0x2>
               + <UIViewController: 0x3>, state: appeared, view: <UIView: 0x4>, presented with: <\(presentation): 0x5>
            """
        #expect(try capture(text).hierarchy["UIViewController#2"].style == style)
    }

    /// A presentation owned by a presented controller, and a covered presenter, as in real captures.
    @Test func presentedByPresented() throws {
        let text = """
            <UINavigationController: 0x1>, state: disappeared, view: <UILayoutContainerView: 0x2> not in the window
               | <App.ListViewController: 0x3>, state: disappeared, view: <UIView: 0x4> not in the window
               + <UINavigationController: 0x5>, state: appeared, view: <UILayoutContainerView: 0x6>, presented with: <_UIFullscreenPresentationController: 0x7>
               |    | <App.EditorViewController: 0x8>, state: appeared, view: <UIView: 0x9>
               |    + <PSPDFNavigationController: 0xa>, state: appeared, view: <UILayoutContainerView: 0xb>, presented with: <UIPopoverPresentationController: 0xc>
               |    |    | <App.PickerViewController: 0xd>, state: appeared, view: <UIView: 0xe>
            """
        let result = try capture(text)
        let h = result.hierarchy
        #expect(h["UINavigationController#2"].presented == "PSPDFNavigationController")
        #expect(h["PSPDFNavigationController"].kind == .navigation)
        #expect(h["PSPDFNavigationController"].style == .popover)
        #expect(ViewFinder().find(in: h).visible == "PickerViewController")
        #expect(
            result.notes == [
                "'PSPDFNavigationController' is drawn as a navigation container from its class name; pass --kind 'PSPDFNavigationController=controller' if it is not one"
            ])
    }

    @Test func kindOverridesWin() throws {
        let text = """
            <App.StackController: 0x1>, state: appeared, view: <UIView: 0x2>
               | <App.A: 0x3>, state: disappeared, view: (view not loaded)
               | <App.B: 0x4>, state: appeared, view: <UIView: 0x5>
            """
        let h = try capture(text, kinds: ["StackController": .navigation]).hierarchy
        #expect(h["StackController"].kind == .navigation)
        #expect(ViewFinder().find(in: h).visible == "B")
        #expect(try capture(text).hierarchy["StackController"].selected == 1)
        #expect(try capture(text, kinds: ["StackController": .navigation]).notes == [])
        #expect(
            try capture(text, kinds: ["StackControler": .navigation]).notes == [
                "--kind 'StackControler=navigation' matched no class in this capture. Did you mean 'StackController'?"
            ])
        // A part of one class's name: that class (a trial wrote `Coordinator` for `CoordinatorController`).
        #expect(
            try capture(text, kinds: ["Stack": .navigation]).notes == [
                "--kind 'Stack=navigation' matched no class in this capture. Did you mean 'StackController'?"
            ])
    }

    /// A presentation from one of several embedded children, or from an expanded split's sidebar, is in front of the rest:
    /// visible (a trial's compose sheet over a split beside a toast read the root container as visible).
    @Test(arguments: [
        (
            """
            <Mail.RootContainerViewController 0x1>, state: appeared, view: <UIView 0x2>
               | <UINavigationController 0x3>, state: appeared, view: <UILayoutContainerView 0x4>
               |    | <Mail.InboxViewController 0x5>, state: appeared, view: <UIView 0x6>
               |    + <Mail.ComposeViewController 0x7>, state: appeared, view: <UIView 0x8>, presented with: <_UIOverCurrentContextPresentationController 0x9>
               | <Mail.ToastViewController 0xa>, state: appeared, view: <UIView 0xb>
            """,
            ["RootContainerViewController", "UINavigationController", "ComposeViewController"]
        ),
        (
            """
            <UISplitViewController 0x1>, state: appeared, view: <_UISplitViewControllerPanelImplView 0x2>
               | <UINavigationController 0x3>, state: appeared, view: <UILayoutContainerView 0x4>
               |    | <Mail.SidebarViewController 0x5>, state: appeared, view: <UIView 0x6>
               |    |    + <Mail.FilterViewController 0x7>, state: appeared, view: <UIView 0x8>, presented with: <UIPopoverPresentationController 0x9>
               | <UINavigationController 0xa>, state: appeared, view: <UILayoutContainerView 0xb>
               |    | <Mail.MessageViewController 0xc>, state: appeared, view: <UIView 0xd>
            """,
            ["UISplitViewController", "UINavigationController", "SidebarViewController", "FilterViewController"]
        ),
    ])
    func aPresentationFromAPartOnScreenIsVisible(text: String, path: [NodeID]) throws {
        let captured = try capture(text)
        #expect(ViewFinder().find(in: captured.hierarchy).path == path)
    }

    /// Several children in the window at once: the container is visible and all of them are on screen.
    @Test func plainEmbeddingOfSeveralVisibleChildren() throws {
        let text = """
            <Maps.MapContainerViewController: 0x1>, state: appeared, view: <UIView: 0x2>
               | <Maps.MapViewController: 0x3>, state: appeared, view: <MKMapView: 0x4>
               | <Maps.SearchPanelController: 0x5>, state: appeared, view: <UIView: 0x6>
               | <Maps.PlacePanelController: 0x7>, state: disappeared, view: <UIView: 0x8> not in the window
            """
        let h = try capture(text).hierarchy
        #expect(h["MapContainerViewController"].embedded == [0, 1])
        let found = ViewFinder().find(in: h)
        #expect(found.visible == "MapContainerViewController")
        #expect(found.onScreen == ["MapViewController", "SearchPanelController"])
    }

    @Test func transitionalStatesAreKept() throws {
        let text = """
            <UITabBarController: 0x1>, state: appeared, view: <UILayoutContainerView: 0x2>
               | <UIViewController: 0x3>, state: disappearing, view: <UIView: 0x4>
               | <UIViewController: 0x5>, state: appearing, view: <UIView: 0x6> not in the window
            """
        let result = try capture(text)
        let h = result.hierarchy
        #expect(h["UIViewController"].transitionalState == .disappearing)
        #expect(h["UIViewController#2"].transitionalState == .appearing)
        #expect(h["UITabBarController"].selected == 1)
        #expect(
            result.observed.map { "\($0.0)=\($0.1.rawValue)" } == [
                "UITabBarController=appeared", "UIViewController=disappearing", "UIViewController#2=appearing",
            ])
    }

    @Test func splitColumnsAndCollapse() throws {
        let expanded = CaptureSamples.expandedSplit
        let h = try capture(expanded).hierarchy
        #expect(h["UISplitViewController"].isCollapsed == false)
        #expect(h["UINavigationController"].role == .primary)
        #expect(h["UINavigationController#2"].role == .secondary)
        #expect(ViewFinder().find(in: h).onScreen == ["Sidebar", "Detail"])
        let phone = """
            <SwiftUI.NotifyingMulticolumnSplitViewController: 0x1>, state: appeared, view: <_UISplitViewControllerPanelImplView: 0x2>
               | <_TtGC7SwiftUI41StyleContextSplitViewNavigationControllerVS_19SidebarStyleContext_: 0x3>, state: appeared, view: <UILayoutContainerView: 0x4>
            """
        let collapsed = try capture(phone).hierarchy
        #expect(collapsed["NotifyingMulticolumnSplitViewController"].kind == .split)
        #expect(collapsed["NotifyingMulticolumnSplitViewController"].isCollapsed == true)
        #expect(collapsed.nodeIDs.contains("StyleContextSplitViewNavigationController"))
    }

    /// An iPad split with its sidebar hidden: the secondary is in the window, the primary is not. Expanded with a
    /// display mode, the secondary's top visible (a trial's dump, shaped on an iPad Notes app, was read as collapsed
    /// and its hidden sidebar as the visible controller).
    @Test(arguments: [
        (
            """
            <UISplitViewController 0x10b000000>, state: appeared, view: <_UISplitViewControllerPanelImplView: 0x10b000100>
               | <UINavigationController 0x10b000200>, state: disappeared, view: <UILayoutContainerView: 0x10b000300> not in the window
               |    | <Notes.FoldersViewController 0x10b000400>, state: disappeared, view: <UITableView: 0x10b000500> not in the window
               | <UINavigationController 0x10b000600>, state: appeared, view: <UILayoutContainerView: 0x10b000700>
               |    | <Notes.NoteEditorViewController 0x10b000800>, state: appeared, view: <UITextView: 0x10b000900>
            """, SplitDisplay.secondaryOnly, ["NoteEditorViewController"],
            "'UISplitViewController' shows its secondary column beside no primary: an expanded split with its sidebar hidden (display mode secondaryOnly)"
        ),
        (
            """
            <UISplitViewController 0x1>, state: appeared, view: <_UISplitViewControllerPanelImplView: 0x2>
               | <UINavigationController 0x3>, state: disappeared, view: <UILayoutContainerView: 0x4> not in the window
               |    | <Mail.MailboxesViewController 0x5>, state: disappeared, view: <UITableView: 0x6> not in the window
               | <UINavigationController 0x7>, state: appeared, view: <UILayoutContainerView: 0x8>
               |    | <Mail.InboxViewController 0x9>, state: appeared, view: <UITableView: 0xa>
               | <UINavigationController 0xb>, state: appeared, view: <UILayoutContainerView: 0xc>
               |    | <Mail.MessageViewController 0xd>, state: appeared, view: <UIView: 0xe>
            """, .oneBesideSecondary, ["InboxViewController", "MessageViewController"],
            "'UISplitViewController' shows its supplementary and secondary columns beside no primary: an expanded split with its sidebar hidden (display mode oneBesideSecondary)"
        ),
    ])
    func aSplitWithItsSidebarHiddenShowsItsSecondary(text: String, display: SplitDisplay, onScreen: [NodeID], note: String) throws {
        let captured = try capture(text)
        let h = captured.hierarchy
        #expect(h["UISplitViewController"].isCollapsed == false)
        #expect(h["UISplitViewController"].splitDisplay == display)
        let found = ViewFinder().find(in: h)
        #expect(found.visible == onScreen.last)
        #expect(found.onScreen == onScreen)
        // Expanded needs a regular width: drawn as an iPad's (it read `UIWindow · phone`).
        #expect(
            captured.notes == [
                note,
                "'UISplitViewController' is expanded, which needs a regular width: drawn as an iPad's (if it is not: navviz import --device phone, then use the scenario it writes)",
            ])
        #expect(h.device == .pad)
        // A snapshot keeps it.
        let snapshot = Snapshot.encode(h)
        #expect(JSONWriter.compact(snapshot).contains(#""display":"\#(display.rawValue)""#))
        #expect(try Snapshot.decode(snapshot, file: "s.json")["UISplitViewController"].splitDisplay == display)
    }

    @Test func swiftUIHostingControllersAreNamedByTheirView() throws {
        let text = """
            <_TtGC7SwiftUI19UIHostingControllerV7Example11ContentView_: 0x1>, state: appeared, view: <_TtGC7SwiftUI14_UIHostingViewV7Example11ContentView_: 0x2>
               | <SwiftUI.UIKitTabBarController: 0x3>, state: appeared, view: <UILayoutContainerView: 0x4>
               |    | <_TtGC7SwiftUI19UIHostingControllerVVS_7TabItem8RootView_: 0x5>, state: appeared, view: <UIView: 0x6>
            """
        let h = try capture(text).hierarchy
        #expect(h.root == "ContentView")
        #expect(h["ContentView"].className == "UIHostingController<ContentView>")
        #expect(h["UIKitTabBarController"].kind == .tab)
    }

    // MARK: - Drift

    @Test func colonsAfterViewClassesAndTwoSpacesBeforeNotLoadedAreAccepted() throws {
        let text = """
            <UINavigationController: 0x101787000>, state: appeared, view: <UILayoutContainerView: 0x101787320>
               | <UIViewController: 0x101788000>, state: disappeared, view:  (view not loaded)
               | <UIViewController: 0x101789000>, state: appeared, view: <UIView 0x10178a000>
               + <UIViewController: 0x10178b000>, state: appeared, view: <UIView: 0x10178c000>, presented with: <UIPresentationController: 0x1017a6d60>
            """
        let h = try capture(text).hierarchy
        #expect(h["UIViewController"].isLoaded == false)
        #expect(h["UINavigationController"].presented == "UIViewController#3")
        #expect(h["UIViewController#3"].style == .custom)
    }

    // MARK: - Pastes

    /// A three-line dump as UIKit prints it, and the same dump as it arrives from a paste.
    static let plain = """
        <UINavigationController 0x7f8b3a00c800>, state: appeared, view: <UILayoutContainerView 0x7f8b39d0a1c0>
           | <Shop.HomeViewController 0x7f8b39c0f8a0>, state: disappearing, view: <UIView 0x7f8b39c10e40>
           | <Shop.ProductViewController 0x7f8b39c1f8a0>, state: appearing, view: <UIView 0x7f8b39c20e40>
        """

    static var pastes: [(String, String)] {
        let lines = plain.split(separator: "\n").map(String.init)
        let log = "2024-05-01 10:22:33.123456+0200 Shop[1234:56789] "
        return [
            ("CRLF line ends", lines.joined(separator: "\r\n") + "\r\n"),
            ("CR line ends", lines.joined(separator: "\r")),
            ("a byte-order mark", "\u{FEFF}" + plain),
            ("LLDB's prompt and command", "(lldb) expr -l objc -O -- [UIViewController _printHierarchy]\n" + plain + "\n(lldb) "),
            ("the command without its prompt", "po UIViewController._printHierarchy()\n" + plain),
            ("NSLog's header on the first line", log + plain),
            ("NSLog's header on every line", lines.map { log + $0 }.joined(separator: "\n")),
            ("a Logger's header and category on the first line", log + "[UIKit] " + plain),
            (
                "a Logger's header and subsystem on every line",
                lines.map { log + "[com.shop.app:Navigation] " + $0 }.joined(separator: "\n")
            ),
            ("a Swift string as po prints it", "\"" + lines.joined(separator: "\\n") + "\\n\""),
            (
                "the same after LLDB's prompt",
                "(lldb) po vc.value(forKey: \"_printHierarchy\")\n\"" + lines.joined(separator: "\\n") + "\"\n(lldb) "
            ),
            ("a Markdown code block's indentation", lines.map { "    " + $0 }.joined(separator: "\n") + "\n"),
            // A new user's trial: what Swift's `po` of `keyWindow?.rootViewController?.value(forKey:)` prints (an `Any?`).
            (
                "po's Optional wrapper",
                "(lldb) po UIApplication.shared.keyWindow?.rootViewController?.value(forKey: \"_printHierarchy\")\n▿ Optional<Any>\n  - some : "
                    + plain + "\n(lldb) "
            ),
            // A new user's trial: `po …perform(Selector(("_printHierarchy")))`, an `Unmanaged<AnyObject>!` (it was "a fragment").
            (
                "po's Unmanaged wrapper",
                "(lldb) po vc.perform(Selector((\"_printHierarchy\")))\n▿ Optional<Unmanaged<AnyObject>>\n  ▿ some : Unmanaged<AnyObject>\n"
                    + "    - _value : " + plain + "\n(lldb) "
            ),
            (
                "po's Optional wrapper around a string",
                "▿ Optional<Any>\n  - some : \"" + lines.joined(separator: "\\n") + "\"\n"
            ),
            ("p's type and result name", "(String?) $R0 = \"" + lines.joined(separator: "\\n") + "\"\n"),
            ("p's type", "(String?) \"" + lines.joined(separator: "\\n") + "\"\n"),
            // Objective-C's `p [UIViewController _printHierarchy]`: the NSString's address, then its summary (a trial).
            (
                "Objective-C p's NSString",
                "(lldb) p [UIViewController _printHierarchy]\n(__NSCFString *) $0 = 0x0000600002c0c000 @\""
                    + lines.joined(separator: "\\n") + "\"\n"
            ),
            ("a Markdown code fence", "```\n" + plain + "\n```\n"),
            ("a Markdown code fence with a language", "```text\n" + plain + "\n```"),
            // A page's Markdown source (a trial of new real captures: called a fragment).
            ("a Markdown fence glued to the first and last lines", "```" + plain + "```\n"),
            ("a tilde fence glued to the first line", "~~~" + plain + "\n~~~"),
            ("a fence on its own line, then one glued to the last", "```\n" + plain + "```"),
            // cycript's multi-line form after its bare command, with or without a heading (a review: a fragment).
            (
                "cycript's bare command, then its output in backticks",
                "[[[UIWindow keyWindow] rootViewController] _printHierarchy].toString()\n`" + plain + "`"
            ),
            (
                "a heading, cycript's bare command, then its output in backticks",
                "My app\n[[[UIWindow keyWindow] rootViewController] _printHierarchy].toString()\n`" + plain + "`\n"
            ),
            (
                "a heading above cycript's command without its prompt",
                "_printHierarchy - print every UIViewController\n[[[UIWindow keyWindow] rootViewController] _printHierarchy].toString()\n\n\""
                    + lines.joined(separator: "\\n") + "\""
            ),
            (
                "LLDB's warning about the target",
                "(lldb) expr -l objc -O -- [UIViewController _printHierarchy]\nwarning: Module \"/usr/lib/system/libsystem_kernel.dylib\" uses triple \"arm64e-apple-ios17.0.0\"\n"
                    + plain
            ),
            // `[UIViewController _printHierarchy]` with the keyboard up: its window's root after the app's.
            (
                "the keyboard's window after the app's",
                plain
                    + "\n<UIInputWindowController: 0x7fa1ca80d000>, state: appeared, view: <UIInputSetHostView: 0x7fa1c6e1a0d0>\n   | <UISystemInputAssistantViewController: 0x7fa1c6e23f10>, state: appeared, view: <UIView: 0x7fa1c6e24a30>"
            ),
            // A UIKit window navviz does not list by name, known by its UIKit-private class naming a window.
            (
                "another UIKit window after the app's",
                plain + "\n<UITrackingElementWindowController: 0x7fa1ca80e000>, state: appeared, view: <UIView: 0x7fa1c6e1b0d0>"
            ),
            // Seen in reverse-engineering notes that print the hierarchy with cycript.
            ("cycript's prompt and command", "cy# [[[UIWindow keyWindow] rootViewController] _printHierarchy].toString()\n" + plain),
            ("cycript's command without its prompt", "[[[UIWindow keyWindow] rootViewController] _printHierarchy].toString()\n" + plain),
            (
                "cycript's output in backticks after its prompt",
                "cy# [[[UIWindow keyWindow] rootViewController] _printHierarchy].toString()\n`" + plain + "`\ncy# "
            ),
            // A blog's narrow column wraps each line after its commas (a Korean post on LLDB, iOS 17).
            (
                "lines wrapped after their commas",
                lines.map {
                    $0.replacingOccurrences(of: ", state: ", with: ", \nstate: ").replacingOccurrences(of: ", view: ", with: ", \nview: ")
                }
                .joined(separator: "\n")
            ),
            // A new user's trial (console pastes from blog posts): another command's output before the one that printed
            // the dump, or after it; a doc comment (swift-snapshot-testing documents `.hierarchy` in one); a quoted reply.
            (
                "another command's output before the dump's",
                "(lldb) po [self.view recursiveDescription]\n<UIView: 0x1; frame = (0 0; 375 667); layer = <CALayer: 0x2>>\n"
                    + "   | <UILabel: 0x3; frame = (0 0; 10 10)>\n\n(lldb) po [self _printHierarchy]\n" + plain
            ),
            (
                "another command after the dump",
                "(lldb) pvc\n" + plain + "\n(lldb) pkp 0x1 .view.backgroundColor\nUIExtendedSRGBColorSpace 1 1 1 1\n"
            ),
            ("a doc comment", "  /// ```\n" + lines.map { "  /// " + $0 }.joined(separator: "\n") + "\n  /// ```\n"),
            ("a quoted reply", lines.map { "> " + $0 }.joined(separator: "\n")),
            // A trial of real captures: a dump kept in a source file's block comment, indented as the code around it
            // (MapsIndoors' AppFlowController.m), and the same with a `*` starting each line.
            (
                "a block comment",
                "    /*\n     (lldb) po [UIViewController _printHierarchy]\n" + lines.map { "     " + $0 }.joined(separator: "\n")
                    + "\n\n    */\n"
            ),
            ("a starred block comment", "/**\n" + lines.map { " * " + $0 }.joined(separator: "\n") + "\n */"),
            // A review: the dump starting on the `/*` line, starred lines below it; the same with plain lines; the last line
            // closing the comment.
            (
                "a block comment opened on the dump's first line, starred",
                "/* " + lines[0] + "\n" + lines.dropFirst().map { " * " + $0 }.joined(separator: "\n") + "\n */"
            ),
            ("a block comment opened on the dump's first line", "/* " + plain + "\n*/"),
            ("a starred block comment closed on the last line", "/*\n" + lines.map { " * " + $0 }.joined(separator: "\n") + " */"),
            // A trial of new real captures: no-break spaces from a web page's copy; a line wrapped before its
            // `, presented with:` or ` not in the window`, or at any space (80 columns); Swift's `print` of the `Any?`.
            ("no-break spaces", plain.replacingOccurrences(of: " ", with: "\u{00A0}")),
            // A terminal's saved session: colours, and bracketed paste mode switched on before the next prompt (a captures trial).
            (
                "terminal escape sequences",
                "\u{1B}]0;lldb\u{07}\u{1B}[1m" + lines[0] + "\u{1B}[0m\n" + lines.dropFirst().joined(separator: "\n")
                    + "\n\u{1B}[?2004h(lldb) "
            ),
            // Zero-width spaces and joiners a web copy puts after names (a captures trial: a tab bar read as another class), a
            // soft hyphen a hyphenator put in a name, a direction mark before a line, `tput sgr0`'s `ESC ( B` and shift-in (a
            // review).
            (
                "soft hyphens, direction marks and a terminal's reset",
                plain.replacingOccurrences(of: "Controller", with: "Con\u{00AD}troller").replacingOccurrences(of: "\n", with: "\n\u{200E}")
                    .replacingOccurrences(of: ", state:", with: "\u{1B}(B\u{1B}[m\u{0F}, state:")
            ),
            (
                "zero-width characters",
                plain.replacingOccurrences(of: " 0x", with: "\u{200B} 0x").replacingOccurrences(of: "<", with: "<\u{2060}")
            ),
            (
                "lines wrapped before a comma",
                lines.map { $0.replacingOccurrences(of: ", view: ", with: "\n      , view: ") }.joined(separator: "\n")
            ),
            (
                "lines wrapped at spaces inside a view",
                lines.map { $0.replacingOccurrences(of: "<UIView 0x", with: "<UIView\n0x") }.joined(separator: "\n")
            ),
            ("Swift's print of the Optional", "Optional(" + plain + ")\n"),
            ("Swift's print of an Optional string", "Optional(\"" + lines.joined(separator: "\\n") + "\")\n"),
            (
                "wrapped lines indented with tabs",
                lines.map {
                    $0.replacingOccurrences(of: ", state: ", with: ", \n\t\t\tstate: ").replacingOccurrences(
                        of: ", view: ", with: ", \n\tview: ")
                }
                .joined(separator: "\n")
            ),
        ]
    }

    /// A dump with buried entries, as it comes through an e-mail's or a chat's word wrap, a wrap after a line's prefix,
    /// and a terminal's hard fold at a column, mid-word (a trial: each was refused, one with "found ''").
    static let buried = """
        <Shop.MainTabBarController 0x10a80c400>, state: appeared, view: <UILayoutContainerView 0x10a70e2a0>
           | <Shop.ShopNavigationController 0x10b01d200>, state: appeared, view: <UILayoutContainerView 0x10a712b40>
           |    | <Shop.HomeViewController 0x10a6093e0>, state: disappeared, view: <UIView 0x10a70f5c0> not in the window
           |    | <Shop.ProductDetailViewController 0x10a8a4e00>, state: appeared, view: <UIView 0x10a8b1c70>
        """

    static func wrappedPastes() -> [(String, String)] {
        var cases: [(String, String)] = [
            (
                "a word wrap inside 'not in the window'",
                buried.replacingOccurrences(of: "> not in the window", with: "> not\nin the window")
            ),
            (
                "a word wrap after 'state:'",
                buried.replacingOccurrences(of: ", state: ", with: ", state: \n")
            ),
            (
                "a wrap after the prefix",
                buried.replacingOccurrences(of: "   |    | <Shop.ProductDetail", with: "   |    |\n<Shop.ProductDetail")
            ),
        ]
        // `fold -w`: at every width, wherever the cut falls (after a space, before one, mid-word; a review found most
        // widths refused).
        for width in 60...100 {
            let lines = buried.split(separator: "\n").map { line -> String in
                let parts: [String] = stride(from: 0, to: line.count, by: width).map { String(line.dropFirst($0).prefix(width)) }
                return parts.joined(separator: "\n")
            }
            cases.append(("a hard fold at \(width) columns", lines.joined(separator: "\n")))
        }
        return cases
    }

    @Test(arguments: wrappedPastes())
    func wrappedLinesReadAsTheDump(_ name: String, text: String) throws {
        let expected = try capture(Self.buried).hierarchy
        #expect(try capture(text).hierarchy == expected, "\(name)")
    }

    /// The lines of a console session that are not the dump are named in a note.
    @Test(arguments: [
        (
            "(lldb) po [self.view recursiveDescription]\n<UIView: 0x1; frame = (0 0; 375 667)>\n(lldb) po [self _printHierarchy]\n<A 0x1>, state: appeared, view: <UIView 0x2>\n",
            "lines 1–2: the console output before the command on line 3 that printed the dump ('(lldb) po [self _printHierarchy]') left out: not the dump"
        ),
        // The command right above the dump printed it, whatever its name (an alias: it was refused at line 1).
        (
            "(lldb) po self.title\n\"Inbox\"\n(lldb) vch\n<A 0x1>, state: appeared, view: <UIView 0x2>\n",
            "lines 1–2: the console output before the command on line 3 that printed the dump ('(lldb) vch') left out: not the dump"
        ),
        (
            "(lldb) pvc\n<A 0x1>, state: appeared, view: <UIView 0x2>\n(lldb) pkp 0x1 .view.isHidden\n0\n\n",
            "lines 3–4: the debugger command on line 3 and its output left out: not the dump"
        ),
        (
            "(lldb) pvc\n<A 0x1>, state: appeared, view: <UIView 0x2>\n(lldb) pkp 0x1 .view.isHidden\n0\n(lldb) pkp 0x1 .title\nnil\n",
            "lines 3–6: the debugger commands from line 3 on and their output left out: not the dump"
        ),
        // Commands after the dump that printed nothing (a cheat sheet's `border` calls; `lldb)`, a prompt a copy cut).
        (
            "(lldb) pvc\n<A 0x1>, state: appeared, view: <UIView 0x2>\n(lldb) expr -l objc -- @import UIKit\n(lldb) border -c red 0x2\n(lldb)\n",
            "lines 3–4: debugger commands after the dump left out: not the dump"
        ),
        (
            "(lldb) pvc\n<A 0x1>, state: appearing, view: <UIView 0x2>\n\nlldb) hide 0x2\n",
            "line 4: a debugger command after the dump left out: not the dump"
        ),
        // Text above the code block a dump is in (a note's heading, a slide's markup: both were refused).
        (
            "### pvc\n\n```\n<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n```\n",
            "line 1: the text above the code block the dump is in (its fence is on line 3) left out: not the dump"
        ),
        (
            "[.code-highlight: 1-99]\n[.code-highlight: 1]\n~~~\n<UITabBarController>, state: appeared, view: <UILayoutContainerView>\n   | <A>, state: appeared, view: <UIView>\n~~~",
            "lines 1–2: the text above the code block the dump is in (its fence is on line 3) left out: not the dump"
        ),
        // Above a fence that opens a wrapped dump, chisel's prompt, or below a heading naming the method (each was refused).
        (
            "### pvc\n```\n<UITabBarController 0x1>,\n state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n```",
            "line 1: the text above the code block the dump is in (its fence is on line 2) left out: not the dump"
        ),
        (
            "### po\n```\n(lldb) pvc\n<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n```",
            "line 1: the text above the code block the dump is in (its fence is on line 2) left out: not the dump"
        ),
        // Earlier code blocks above the dump's (an issue's Swift, the command in a block of its own then "You get:", a
        // command in inline backticks): left out with the text (a trial's real captures were refused for their first line).
        (
            "I present it like this:\n\n```swift\nlet nav = UINavigationController(rootViewController: login)\npresent(nav, animated: true)\n```\n\nand `pvc` prints:\n\n```\n<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n```",
            "lines 1–8: the text above the code block the dump is in (its fence is on line 10) left out: not the dump"
        ),
        (
            "```\n(lldb) po [UIViewController _printHierarchy]\n```\n\nYou get:\n\n```\n<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n```",
            "lines 1–5: the text above the code block the dump is in (its fence is on line 7) left out: not the dump"
        ),
        (
            "```po [[[[UIApplication sharedApplication] keyWindow] rootViewController] _printHierarchy]```\n\nYou'll get:\n\n```<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>```",
            "lines 1–3: the text above the code block the dump is in (its fence is on line 5) left out: not the dump"
        ),
        // Text below the code block (an issue's question; a later block of Swift): left out as the text above is (both
        // were refused as dump lines).
        (
            "```\n<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n```\nAny idea why A is not on screen?\n",
            "line 5: the text below the code block the dump is in (its closing fence is on line 4) left out: not the dump"
        ),
        (
            "~~~\n<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n~~~\n\nMy code:\n```swift\nlet tabs = UITabBarController()\n```\n",
            "lines 6–8: the text below the code block the dump is in (its closing fence is on line 4) left out: not the dump"
        ),
        // Prose below that names `_printHierarchy` is text, not a command that printed a second dump (a trial's notes were
        // refused as "expected a view controller line").
        (
            "```\n<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n```\n\nRunning `_printHierarchy` again after going online prints the same tree.\nNote: `[UIViewController _printHierarchy]` is private API.\n(see _printHierarchy's docs)\nprint _printHierarchy again to compare",
            "lines 6–9: the text below the code block the dump is in (its closing fence is on line 4) left out: not the dump"
        ),
        // A bare prompt the paste ended on, text after it: no command to name (a trial's note named one).
        (
            "(lldb) pvc\n<A 0x1>, state: appeared, view: <UIView 0x2>\n\n(lldb)\nchisel names the controller on screen.",
            "lines 4–5: the debugger's empty prompt on line 4 and the text after it left out: not the dump"
        ),
        // A dump in a one-line Swift string literal in a test (a trial's real one was refused at `@Test`); one line of code.
        (
            "@Test func pages() throws {\n    let string = \"<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\"\n    _ = try decode(string)\n}",
            "lines 1–4: the text around the string literal the dump is in (on line 2) left out: not the dump"
        ),
        (
            "XCTAssertEqual(dump, \"<A 0x1>, state: appeared, view: <UIView 0x2>\");",
            "line 1: the text around the string literal the dump is in left out: not the dump"
        ),
        // Code after the literal too: the expected value first, a message, a comment (a review: still refused).
        (
            "func t() {\n    XCTAssertEqual(\"<A 0x1>, state: appeared, view: <UIView 0x2>\", dump, \"msg\")\n}",
            "lines 1–3: the text around the string literal the dump is in (on line 2) left out: not the dump"
        ),
        (
            "let s = \"<A 0x1>, state: appeared, view: <UIView 0x2>\" // the root",
            "line 1: the text around the string literal the dump is in left out: not the dump"
        ),
        // A file header's `//` above a `///` doc comment's dump (a review: `//` came off every line).
        (
            "// Copyright 2026\n\n/// Records:\n/// ```\n/// <A>, state: appeared, view: <UIView>\n/// ```",
            "lines 1–3: the text above the code block the dump is in (its fence is on line 4) left out: not the dump"
        ),
        // A cheat sheet: the dump's block, a heading and prose, then a later block with another debugger command and its
        // output (a trial's chisel guide was refused at the heading). A command right below the block is said as one.
        (
            "```\n(lldb) pvc\n<ViewController 0x1>, state: appeared, view: <UIView 0x2>\n```\n\n### pclass\n\nPrints the class tree.\n\n```\n(lldb) pclass 0x1\nViewController\n   | UIViewController\n   |    | UIResponder\n```",
            "lines 6–14: the text below the code block the dump is in (its closing fence is on line 4) left out: not the dump"
        ),
        (
            "```\n(lldb) pvc\n<ViewController 0x1>, state: appeared, view: <UIView 0x2>\n```\n\n```\n(lldb) pclass 0x1\nViewController\n   | UIViewController\n```",
            "lines 7–9: the debugger command on line 7 and its output left out: not the dump"
        ),
        // Prose below that names the states is no piece of a dump (a Korean post's bullet was refused as a second dump, the
        // error naming the line above it).
        (
            "```\n<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n```\n\n- each controller's visibility ( state: appeared / state: disappeared )\n- state: appearing means in flight",
            "lines 6–7: the text below the code block the dump is in (its closing fence is on line 4) left out: not the dump"
        ),
        // Fences glued to the dump's first and last lines, a heading above, a thank-you below (refused as a fragment).
        (
            "### pvc\n```<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>```",
            "line 1: the text above the code block the dump is in (its fence is on line 2) left out: not the dump"
        ),
        (
            "```<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>```\nThanks!",
            "line 3: the text below the code block the dump is in (its closing fence is on line 2) left out: not the dump"
        ),
        // Swift's `po` failing, then the Objective-C retry that printed the dump (refused, telling the user to do what the
        // paste showed done).
        (
            "(lldb) po UIViewController._printHierarchy()\nerror: <EXPR>:8:18: error: type 'UIViewController' has no member '_printHierarchy'\nUIViewController._printHierarchy()\n~~~~~~~~~~~~~~~~ ^~~~~~~~~~~~~~~\n(lldb) expr -l objc -O -- [UIViewController _printHierarchy]\n<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n",
            "lines 1–4: the console output before the command on line 5 that printed the dump ('(lldb) expr -l objc -O -- [UIViewController _printHierarchy]') left out: not the dump"
        ),
        // A quoted retry (Swift's `po` of the string) and cycript's, after an error.
        (
            "(lldb) po UIViewController._printHierarchy()\nerror: <EXPR>:8:18: error: type 'UIViewController' has no member '_printHierarchy'\n(lldb) po UIApplication.shared.keyWindow!.rootViewController!.value(forKey: \"_printHierarchy\")!\n\"<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\"\n",
            "lines 1–2: the console output before the command on line 3 that printed the dump ('(lldb) po UIApplication.shared.keyWindow!.rootViewControlle…') left out: not the dump"
        ),
        // An issue's `<details>` and `<summary>` around the block are HTML, not a dump shortened to class names (refused).
        (
            "**iOS:** 17.4\n\n<details>\n<summary>Hierarchy</summary>\n\n```\n<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n```\n",
            "lines 1–4: the text above the code block the dump is in (its fence is on line 6) left out: not the dump"
        ),
        // Jira's code block (its `{code}` lines were read as dump lines).
        (
            "h3. Hierarchy\n{code:title=pvc}\n<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n{code}\n",
            "line 1: the text above the code block the dump is in (its fence is on line 2) left out: not the dump"
        ),
        // A quoted reply with a fenced dump, then the answer below the quote (refused at its first line).
        (
            "> ```\n> <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n>    | <A 0x3>, state: appeared, view: <UIView 0x4>\n> ```\n\nThanks! Dismiss the alert first.",
            "line 6: the text below the code block the dump is in (its closing fence is on line 4) left out: not the dump"
        ),
        // Prose with angle brackets is no dump (a second review: it was refused).
        (
            "Hierarchy of <MyApp> after login, UIHostingController<ContentView>:\n```\n<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n```",
            "line 1: the text above the code block the dump is in (its fence is on line 2) left out: not the dump"
        ),
        (
            "\"<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\"\n\nSee <https://example.com/post> for details.",
            "line 3: the text after the quoted dump (its closing quote is on line 1) left out: not the dump"
        ),
        // A quoted dump, then a debugger command and its output: one note, in line order (there were two).
        (
            "\"<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\"\n(lldb) po [self.view recursiveDescription]\n<UIView: 0x9; frame = (0 0; 375 812); layer = <CALayer: 0xa>>",
            "lines 2–3: the debugger command on line 2 and its output left out: not the dump"
        ),
        // Text after cycript's quoted dump: its closing quote ends the dump (the next command was refused as a dump line).
        (
            "cy# [[[UIWindow keyWindow] rootViewController] _printHierarchy].toString()\n\"<A 0x1>, state: appeared, view: <UIView 0x2>\\n   | <B 0x3>, state: appeared, view: <UIView 0x4>\"\n\n获取bundle info\n[[NSBundle mainBundle] infoDictionary].toString()\n",
            "lines 4–5: the text after the quoted dump (its closing quote is on line 2) left out: not the dump"
        ),
        (
            "\"<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\\n   | <HomeViewController 0x3>, state: appeared, view: <UIView 0x4>\"\n\nHappy debugging!",
            "line 3: the text after the quoted dump (its closing quote is on line 1) left out: not the dump"
        ),
        // The same without the command above it (a review: the first and the last backticks of the file were taken as the
        // dump's).
        (
            "`<A 0x1>, state: appeared, view: <UIView 0x2>\n   | <B 0x3>, state: appeared, view: <UIView 0x4>`\ncy# [UIApp.keyWindow recursiveDescription].toString()\n`<UIWindow: 0x1; frame = (0 0; 1 1)>\n   | <UILayoutContainerView: 0x2; frame = (0 0; 1 1)>`",
            "lines 3–5: the debugger command on line 3 and its output left out: not the dump"
        ),
        // cycript's dump in backticks, then its next command and what that printed: the backticks close the dump (a trial of
        // real captures: the whole dump was "a fragment").
        (
            "cy# [[[UIWindow keyWindow] rootViewController] _printHierarchy].toString()\n`<A 0x1>, state: appeared, view: <UIView 0x2>\n   | <B 0x3>, state: appeared, view: <UIView 0x4>`\n\ncy# [#0x3 view]\n#\"<UIView: 0x4; frame = (0 0; 320 568)>\"",
            "lines 5–6: the debugger command on line 5 and its output left out: not the dump"
        ),
        // A dump indented as a Markdown code block, with the question's text above and below it at the margin (a trial's
        // real question was told its dump was a fragment).
        (
            "I get this output:\n\n    <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n       | <A 0x3>, state: appeared, view: <UIView 0x4>\n",
            "line 1: the text above the indented code block the dump is in left out: not the dump"
        ),
        (
            "Output:\n\t<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n\t   | <A 0x3>, state: appeared, view: <UIView 0x4>\n",
            "line 1: the text above the indented code block the dump is in left out: not the dump"
        ),
        (
            "    <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n       | <A 0x3>, state: appeared, view: <UIView 0x4>\n\nNext we check the map.\n",
            "line 4: the text below the indented code block the dump is in left out: not the dump"
        ),
        // A test's expected snapshot in a Swift multi-line string literal, pasted with its code (read as a fragment): the
        // literal's lines without the closing delimiter's indentation.
        (
            "    let expected = \"\"\"\n        <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n           | <A 0x3>, state: appeared, view: <UIView 0x4>\n        \"\"\"\n",
            "line 1: the Swift code before the string literal the dump is in left out: not the dump"
        ),
        // Text before the first controller on its line (`Output: `, a log viewer's tab-separated columns: the line below was
        // said to start a fragment).
        (
            "Output: <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n",
            "line 1: the text before the dump's first controller ('Output:') left out: not the dump"
        ),
        (
            "default\t10:22:33.123456+0200\tDemo\t<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n",
            "line 1: the text before the dump's first controller ('default 10:22:33.123456+0200 Demo') left out: not the dump"
        ),
        // A heading above a fence, then the prompt: text, not console output (the note said console output).
        (
            "我的调试记录:\n\n```\n(lldb) po [[[UIWindow keyWindow] rootViewController] _printHierarchy]\n<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n```\n",
            "line 1: the text above the code block the dump is in (its fence is on line 3) left out: not the dump"
        ),
        // A code block opened and never closed: the paste may be cut short (a doc comment's lost its last lines, unsaid).
        (
            "```\n<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n",
            "line 1: the code block opened here is never closed: the paste may be cut short, its last lines lost"
        ),
        // A page turn in flight: the leaving page is still in the window (drawn off screen without a word).
        (
            "<UIPageViewController 0x1>, state: appeared, view: <_UIPageViewControllerContentView 0x2>\n   | <PageViewController 0x3>, state: disappearing, view: <UIView 0x4>\n   | <PageViewController 0x5>, state: appearing, view: <UIView 0x6>\n",
            "'UIPageViewController': 'PageViewController' is disappearing as 'PageViewController#2' appears, a switch in flight (a page turn?): drawn with 'PageViewController#2' shown and 'PageViewController' off screen, as they will be; capture again when the transition ends"
        ),
        // Printed from a presented controller: its presenter is not in the dump.
        (
            "<SFAuthenticationViewController 0x1>, state: appeared, view: <SFSafariView 0x2>, presented with: <_UIFullscreenPresentationController 0x3>\n   | <SFBrowserRemoteViewController 0x4>, state: appeared, view: <_UISizeTrackingView 0x5>",
            "line 1: SFAuthenticationViewController was presented (presented with: _UIFullscreenPresentationController), but what presented it is not in the dump: drawn as the window's root. Print the whole hierarchy with 'expr -l objc -O -- [UIViewController _printHierarchy]'"
        ),
    ])
    func consoleLinesThatAreNotTheDumpAreNoted(text: String, note: String) throws {
        let captured = try PrintHierarchy.parse(text, file: "dump.txt").hierarchy()
        // Printed from `self`: what holds it is said too (theCommandSaysWhatTheDumpWasPrintedFrom); a part of a screen
        // (aPartOfAScreenIsNotTheVisibleController); a lone navigation controller's empty stack (aPasteCutAfterAContainersLineSaysSo).
        #expect(
            captured.notes.filter {
                !$0.contains(": printed from 'self'") && !$0.contains("is taken for a part of")
                    && !$0.contains("with no controller below it")
            } == [note])
    }

    /// An earlier code block (an issue's Swift, a `pviews` and its output), then the dump's block opening with its prompt,
    /// then text: the text above and the text below are left out (a trial's real issue and chisel notes were refused at
    /// the text below).
    @Test(arguments: [
        (
            "```swift\npresent(login, animated: true)\n```\n\n```\n(lldb) pvc\n<ViewController 0x1>, state: appeared, view: <UIView 0x2>\n```\n\nExpected the login screen to be on top.",
            [
                "lines 2–5: the text before the command on line 6 that printed the dump ('(lldb) pvc') left out: not the dump",
                "line 10: the text below the code block the dump is in (its closing fence is on line 8) left out: not the dump",
            ]
        ),
        (
            "```\n(lldb) pviews\n<UIWindow: 0x9; frame = (0 0; 320 568)>\n```\n\n```\n(lldb) pvc\n<ViewController 0x1>, state: appeared, view: <UIView 0x2>\n```\n\nNext, the responder chain:",
            [
                "lines 2–6: the console output before the command on line 7 that printed the dump ('(lldb) pvc') left out: not the dump",
                "line 11: the text below the code block the dump is in (its closing fence is on line 9) left out: not the dump",
            ]
        ),
    ])
    func textBelowTheDumpsBlockAfterAnEarlierBlockIsLeftOut(text: String, notes: [String]) throws {
        let captured = try PrintHierarchy.parse(text, file: "dump.txt").hierarchy()
        #expect(captured.notes == notes)
        #expect(captured.hierarchy.nodeIDs.count == 1)
    }

    /// The reader's byte search finds what `contains` finds, at the start, the end, overlapping a false start, and not
    /// past the end; in a substring, only within it.
    @Test(arguments: [
        ("a, state: b", ", state: ", true), (", state: ", ", state: ", true), ("x, state:", ", state: ", false),
        ("<A 0x1>, sstate: , state: x", ", state: ", true), ("", "x", false), ("abc", "", true), ("ab", "abc", false),
        ("ü <Ä> _printHierarchy", "_printHierarchy", true), ("\\n   | <", "\\n   | <", true),
    ])
    func theByteSearchFindsWhatContainsFinds(text: String, needle: String, found: Bool) {
        #expect(text.containsBytes(needle) == found)
        // (The standard library's `contains` finds nothing of an empty needle.)
        if !needle.isEmpty { #expect(text.contains(needle) == found) }
        #expect(Substring(text).containsBytes(needle) == found)
        #expect(("zz" + text + "zz").dropFirst(2).dropLast(2).containsBytes(needle) == found)
    }

    /// Lines found in the bytes are the lines a split by `Character` finds: `\n`, `\r\n` and `\r` end one, a combining mark
    /// after a line end starts the next, and a last line end leaves an empty line.
    @Test(arguments: ["", "a", "a\n", "a\r\nb", "a\rb\n\nc", "\r\n\r\n", "e\u{301}\nx", "a\n\u{301}b", "\r\r\n\n", "ü·中\r"])
    func linesAreSplitAsCharactersSplitThem(text: String) {
        let byCharacter = Substring(text).split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        #expect(PrintHierarchy.splitLines(Substring(text)) == byCharacter)
    }

    /// An indented dump whose last line a window wrapped onto the margin: the rest of the line is the dump's, not text below
    /// it (a review: it was left out as text, and the last line said to end early).
    @Test func anIndentedDumpsLineWrappedOntoTheMarginIsTheDumps() throws {
        let text =
            "    <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n"
            + "       | <A 0x3>, state: appeared, view: <UIView 0x4>\n       | <B 0x5>, state: disappeared, view: <UIView 0x6> not in the\nwindow\n"
        let dump = try PrintHierarchy.parse(text, file: "dump.txt")
        #expect(dump.controllers.map(\.className) == ["UINavigationController", "A", "B"])
        #expect(dump.controllers.map(\.isInWindow) == [true, true, false])
        #expect(dump.leftOutLines.isEmpty)
    }

    /// A test pasted whole, its expected snapshot in a multi-line string literal: the code before and after it is left out,
    /// and the literal read without its closing delimiter's indentation (it was read as a fragment).
    @Test func aDumpInASwiftTestsStringLiteralIsReadAsSwiftReadsIt() throws {
        let text =
            "func testHierarchy() {\n    let expected = \"\"\"\n        <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n           | <A 0x3>, state: appeared, view: <UIView 0x4>\n        \"\"\"\n    XCTAssertEqual(dump, expected)\n}\n"
        let dump = try PrintHierarchy.parse(text, file: "dump.txt")
        #expect(dump.controllers.map(\.className) == ["UINavigationController", "A"])
        #expect(dump.controllers.map(\.line) == [3, 4])
        #expect(
            dump.hierarchy().notes == [
                "lines 1–2: the Swift code before the string literal the dump is in left out: not the dump",
                "lines 6–7: the Swift code after the string literal the dump is in left out: not the dump",
            ])
    }

    /// A line's length as its text had it stops at the line break before it, whichever it is: in a Windows paste the break
    /// is one Character, `\r\n`, and every line was measured back to the start of the text (a trial's 3,000-line CRLF
    /// capture took two minutes to read, its LF twin under a second).
    @Test(arguments: ["\r\n", "\n", "\r"])
    func aLinesFoldedLengthStopsAtItsLineBreak(lineBreak: String) throws {
        let text = "(lldb) po x\(lineBreak)<A 0x1>, state: appeared\(lineBreak)   | <B 0x2>, state: appeared\(lineBreak)"
        let range = try #require(text.range(of: "| <B 0x2>, state: appeared"))
        #expect(PrintHierarchy.foldedLength(text[range]) == "   | <B 0x2>, state: appeared".count)
    }

    /// Pastes whose every line was indented (a Markdown code block, with a tab or spaces), whose prompt was indented
    /// with them (chisel's `pvc`: it was refused), or whose levels a page re-indented with another unit of spaces, read
    /// as the dump UIKit printed.
    @Test(arguments: [
        "    (lldb) pvc\n    <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n       | <A 0x3>, state: disappeared, view: <UIView 0x4> not in the window\n       |    + <B 0x5>, state: appeared, view: <UIView 0x6>, presented with: <_UIFullscreenPresentationController 0x7>\n",
        "\t(lldb) pvc\n\t<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n\t   | <A 0x3>, state: disappeared, view: <UIView 0x4> not in the window\n\t   |    + <B 0x5>, state: appeared, view: <UIView 0x6>, presented with: <_UIFullscreenPresentationController 0x7>\n",
        "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n  | <A 0x3>, state: disappeared, view: <UIView 0x4> not in the window\n  |   + <B 0x5>, state: appeared, view: <UIView 0x6>, presented with: <_UIFullscreenPresentationController 0x7>\n",
        // The same with a later command's output after it (it was refused as edited).
        "(lldb) pvc\n<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n  | <A 0x3>, state: disappeared, view: <UIView 0x4> not in the window\n  |   + <B 0x5>, state: appeared, view: <UIView 0x6>, presented with: <_UIFullscreenPresentationController 0x7>\n(lldb) pkp 0x6 .isHidden\n0\n",
        "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n    | <A 0x3>, state: disappeared, view: <UIView 0x4> not in the window\n    |     + <B 0x5>, state: appeared, view: <UIView 0x6>, presented with: <_UIFullscreenPresentationController 0x7>\n",
        // A page that collapses runs of spaces (a blog's copy of a dump): no space before `| ` (it was refused as edited).
        "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n| <A 0x3>, state: disappeared, view: <UIView 0x4> not in the window\n| + <B 0x5>, state: appeared, view: <UIView 0x6>, presented with: <_UIFullscreenPresentationController 0x7>\n",
        // Copied from a page's HTML source: every angle bracket an entity (it was refused, quoting the entity).
        "&lt;UINavigationController 0x1&gt;, state: appeared, view: &lt;UILayoutContainerView 0x2&gt;\n   | &lt;A 0x3&gt;, state: disappeared, view: &lt;UIView 0x4&gt; not in the window\n   |    + &lt;B 0x5&gt;, state: appeared, view: &lt;UIView 0x6&gt;, presented with: &lt;_UIFullscreenPresentationController 0x7&gt;\n",
        // The same with the page's code block tags glued to its first and last lines (refused, quoting `<pre><code>`).
        "<pre class=\"lang-none\"><code>&lt;UINavigationController 0x1&gt;, state: appeared, view: &lt;UILayoutContainerView 0x2&gt;\n   | &lt;A 0x3&gt;, state: disappeared, view: &lt;UIView 0x4&gt; not in the window\n   |    + &lt;B 0x5&gt;, state: appeared, view: &lt;UIView 0x6&gt;, presented with: &lt;_UIFullscreenPresentationController 0x7&gt;\n</code></pre>\n",
        // An editor that turned the spaces into tabs: the bars and the plus still nest (they were refused as edited).
        "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n\t| <A 0x3>, state: disappeared, view: <UIView 0x4> not in the window\n\t|\t + <B 0x5>, state: appeared, view: <UIView 0x6>, presented with: <_UIFullscreenPresentationController 0x7>\n",
        "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n\t| <A 0x3>, state: disappeared, view: <UIView 0x4> not in the window\n\t|\t+ <B 0x5>, state: appeared, view: <UIView 0x6>, presented with: <_UIFullscreenPresentationController 0x7>\n(lldb) pkp 0x6 .isHidden\n0\n",
        // `unexpand -a` also turns the two spaces before `(view not loaded)` into a tab where a tab stop falls (refused).
        "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n\t| <A 0x3>, state: disappeared, view:\t (view not loaded)\n\t|\t+ <B 0x5>, state: appeared, view: <UIView 0x6>, presented with: <_UIFullscreenPresentationController 0x7>\n",
        "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: disappeared, view:\t(view not loaded)\n   |    + <B 0x5>, state: appeared, view: <UIView 0x6>, presented with: <_UIFullscreenPresentationController 0x7>\n",
    ])
    func indentedPastesReadAsPrinted(text: String) throws {
        let dump = try PrintHierarchy.parse(text, file: "dump.txt")
        #expect(dump.controllers.map(\.className) == ["UINavigationController", "A", "B"])
        #expect(dump.controllers.map(\.depth) == [0, 1, 2])
        #expect(dump.controllers[2].link == .presented)
        #expect(dump.leftOutLines.isEmpty == !text.contains("pkp"))
    }

    /// The app's other windows printed right after its first (a toast's, a debugging tool's: above it, so after it in
    /// `[UIViewController _printHierarchy]`) are left out with a note, the first window drawn (a trial's toast window
    /// refused the capture); UIKit's own after them are left out as before.
    @Test func anotherWindowOfTheAppRightAfterTheFirstIsLeftOut() throws {
        let captured = try capture(
            """
            <UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView: 0x2>
               | <UINavigationController 0x3>, state: appeared, view: <UILayoutContainerView: 0x4>
               |    | <Social.FeedViewController 0x5>, state: appeared, view: <UICollectionView: 0x6>
            <Social.ToastHostViewController 0x7>, state: appeared, view: <Social.PassthroughView: 0x8>
               | <Social.ToastViewController 0x9>, state: appeared, view: <UIView: 0xa>
            <FLEXExplorerViewController 0xb>, state: appeared, view: <FLEXExplorerView: 0xc>
            <UIEditingOverlayViewController 0xd>, state: appeared, view: <_UIEditingOverlayGestureView: 0xe>
            """)
        #expect(captured.hierarchy.nodeIDs.count == 3)
        #expect(ViewFinder().find(in: captured.hierarchy).visible == "FeedViewController")
        // Whatever the window holds (a passcode window's navigation controller, three levels): what LLDB's command posts
        // cannot be edited (a review: refused).
        let passcode = try capture(
            """
            <UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView: 0x2>
               | <App.FeedViewController 0x3>, state: appeared, view: <UIView: 0x4>
            <UINavigationController 0x5>, state: appeared, view: <UILayoutContainerView: 0x6>
               | <App.PasscodeViewController 0x7>, state: appeared, view: <UIView: 0x8>
               |    | <App.KeypadViewController 0x9>, state: appeared, view: <UIView: 0xa>
               |    |    | <_TtGC7SwiftUI19UIHostingControllerV3App6Digits_ 0xb>, state: appeared, view: <UIView: 0xc>
            """)
        #expect(passcode.hierarchy.nodeIDs.count == 2)
        #expect(passcode.notes.count == 1 && passcode.notes[0].hasPrefix("line 3: a second top-level controller (UINavigationController)"))
        let other = { (line: Int, name: String) in
            "line \(line): a second top-level controller (\(name)) right below the first window's lines, taken for another window of the "
                + "app (a toast's, a passcode screen's, a debugging tool's) and left out with its controllers: navviz draws one window, the "
                + "first printed; to draw that one, keep its lines only (a second dump: keep one per file)"
        }
        #expect(
            captured.notes == [
                other(4, "Social.ToastHostViewController"), other(6, "FLEXExplorerViewController"),
                "line 7: UIKit's own window (UIEditingOverlayViewController: the keyboard's, a text menu's or an alert's) left out: navviz draws the app's window",
            ])
    }

    /// What a unit test printed, between its runner's lines (XCTest's, Swift Testing's): they are left out, each run with a
    /// note (the dump was refused).
    @Test func aTestRunnersLinesAreLeftOut() throws {
        let xctest = try capture(
            """
            Test Suite 'Selected tests' started at 2024-05-14 12:10:03.441.
            Test Case '-[MyAppTests.OnboardingTests testSwipe]' started.
            <MyApp.OnboardingViewController 0x1>, state: appeared, view: <UIView: 0x2>
               | <UIPageViewController 0x3>, state: appeared, view: <_UIPageViewControllerContentView: 0x4>
               |    | <MyApp.PageViewController 0x5>, state: appeared, view: <UIView: 0x6>
            Test Case '-[MyAppTests.OnboardingTests testSwipe]' passed (0.412 seconds).
            	 Executed 1 test, with 0 failures (0 unexpected) in 0.412 (0.413) seconds
            """)
        #expect(xctest.hierarchy.nodeIDs.count == 3)
        #expect(
            xctest.notes == [
                "lines 1–2: the test runner's output left out: not the dump", "lines 6–7: the test runner's output left out: not the dump",
            ])
        let swiftTesting = try capture(
            "◇ Test swipe() started.\n<MyApp.OnboardingViewController 0x1>, state: appeared, view: <UIView: 0x2>\n✔ Test swipe() passed after 0.4 seconds.\n"
        )
        #expect(
            swiftTesting.notes == [
                "line 1: the test runner's output left out: not the dump", "line 3: the test runner's output left out: not the dump",
            ])
    }

    /// A plain controller's one child that is a part of its screen, not a screen (an embedded SwiftUI view, a framework
    /// controller's own child, a name that says a part) leaves the controller visible, the part on screen in it (a trial:
    /// a product page's SwiftUI stars were reported as the visible controller). A custom container's content, a page view
    /// controller's page and a part with children of its own are screens.
    @Test(
        arguments: [
            (
                "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <Shop.ProductViewController 0x3>, state: appeared, view: <UIScrollView: 0x4>\n   |    | <_TtGC7SwiftUI19UIHostingControllerV4Shop15ReviewStarsView_ 0x5>, state: appeared, view: <_TtGC7SwiftUI14_UIHostingViewV4Shop15ReviewStarsView_: 0x6>",
                "ProductViewController",
                "line 3: 'ReviewStarsView' is taken for a part of 'ProductViewController's screen (an embedded SwiftUI view), not a screen of its own: the screen is 'ProductViewController'"
            ),
            (
                "<AVPlayerViewController 0x1>, state: appeared, view: <AVPlayerView: 0x2>\n   | <AVPlaybackControlsViewController 0x3>, state: appeared, view: <AVPlaybackControlsView: 0x4>",
                "AVPlayerViewController",
                "line 2: 'AVPlaybackControlsViewController' is taken for a part of 'AVPlayerViewController's screen (AVPlayerViewController's own), not a screen of its own: the screen is 'AVPlayerViewController'"
            ),
            (
                "<Chat.ConversationViewController 0x1>, state: appeared, view: <UIView: 0x2>\n   | <Chat.MessageInputBarViewController 0x3>, state: appeared, view: <Chat.InputBarView: 0x4>",
                "ConversationViewController",
                "line 2: 'MessageInputBarViewController' is taken for a part of 'ConversationViewController's screen (its name ends in BarViewController), not a screen of its own: the screen is 'ConversationViewController'"
            ),
            // A panel over a map (a trial: the panel was reported as the screen).
            (
                "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView: 0x2>\n   | <Stores.StoreMapViewController 0x3>, state: appeared, view: <MKMapView: 0x4>\n   |    | <Stores.StoreSearchPanelViewController 0x5>, state: appeared, view: <UIView: 0x6>",
                "StoreMapViewController",
                "line 3: 'StoreSearchPanelViewController' is taken for a part of 'StoreMapViewController's screen (its own view is a map (MKMapView)), not a screen of its own: the screen is 'StoreMapViewController'"
            ),
            // A container over a map may fill the screen, and a list's child is a screen (a review: both were hidden).
            (
                "<App.MapRootViewController 0x1>, state: appeared, view: <MKMapView: 0x2>\n   | <UINavigationController 0x3>, state: appeared, view: <UILayoutContainerView: 0x4>\n   |    | <App.OnboardingViewController 0x5>, state: appeared, view: <UIView: 0x6>",
                "OnboardingViewController", nil
            ),
            (
                "<App.AccountTableViewController 0x1>, state: appeared, view: <UITableView: 0x2>\n   | <App.SignInViewController 0x3>, state: appeared, view: <UIView: 0x4>",
                "SignInViewController", nil
            ),
            // A remote view under a host the reader does not know (a trial: Game Center's dashboard host).
            (
                "<GKDashboardHostViewController 0x1>, state: appeared, view: <UIView: 0x2>\n   | <_UIRemoteViewController 0x3>, state: appeared, view: <_UISizeTrackingView: 0x4>",
                "GKDashboardHostViewController",
                "line 2: '_UIRemoteViewController' is taken for a part of 'GKDashboardHostViewController's screen (a remote view, which another process draws), not a screen of its own: the screen is 'GKDashboardHostViewController'"
            ),
            (
                "<App.RootContainerViewController 0x1>, state: appeared, view: <UIView: 0x2>\n   | <App.HomeViewController 0x3>, state: appeared, view: <UIView: 0x4>",
                "HomeViewController", nil
            ),
            (
                "<UIPageViewController 0x1>, state: appeared, view: <_UIPageViewControllerContentView: 0x2>\n   | <_TtGC7SwiftUI19UIHostingControllerV3App8PageView_ 0x3>, state: appeared, view: <UIView: 0x4>",
                "PageView", nil
            ),
            (
                "<App.ShellViewController 0x1>, state: appeared, view: <UIView: 0x2>\n   | <_TtGC7SwiftUI19UIHostingControllerV3App8RootView_ 0x3>, state: appeared, view: <UIView: 0x4>\n   |    | <App.MapViewController 0x5>, state: appeared, view: <MKMapView: 0x6>",
                "MapViewController", nil
            ),
            // An Objective-C app's containers, a plain controller around a table view controller: the child is the screen (a
            // review: they were taken for framework controllers' parts).
            (
                "<SKRootContainerViewController 0x1>, state: appeared, view: <UIView: 0x2>\n   | <SKFeedViewController 0x3>, state: appeared, view: <UITableView: 0x4>",
                "SKFeedViewController", nil
            ),
            (
                "<UIViewController 0x1>, state: appeared, view: <UIView: 0x2>\n   | <UITableViewController 0x3>, state: appeared, view: <UITableView: 0x4>",
                "UITableViewController", nil
            ),
        ] as [(String, String, String?)])
    func aPartOfAScreenIsNotTheVisibleController(text: String, visible: String, note: String?) throws {
        let captured = try capture(text)
        #expect(ViewFinder().find(in: captured.hierarchy).visible == NodeID(visible))
        #expect(captured.notes.filter { $0.contains("is taken for a part of") } == (note.map { [$0] } ?? []))
        // The part is still drawn, on screen (as embedded children are: docs/semantics.md#F2).
        #expect(ViewFinder().find(in: captured.hierarchy).onScreen.count == 1)
    }

    /// A dump taken during a pop: the top disappearing, the controller below it appearing. Drawn as printed, with
    /// a note that says so (a new user's trial read the departing controller as visible, unexplained). A dismissal in
    /// flight the same, a sheet's too (its presenter stays appeared). No note for a push in flight (the top is where it
    /// goes) or for a presented controller leaving for a full-screen presentation of its own.
    @Test(arguments: [
        (
            """
            <UINavigationController: 0x1>, state: appeared, view: <UILayoutContainerView: 0x2>
               | <Shop.HomeViewController: 0x3>, state: appearing, view: <UIView: 0x4>
               | <Shop.ProductViewController: 0x5>, state: disappearing, view: <UIView: 0x6>
            """,
            [
                "'UINavigationController': 'ProductViewController' is disappearing as 'HomeViewController' appears, a pop in flight: "
                    + "drawn as printed, 'ProductViewController' still on top; capture again when the transition ends"
            ]
        ),
        (
            """
            <UINavigationController 0x1>, state: appearing, view: <UILayoutContainerView: 0x2>
               | <Camera.GalleryViewController 0x3>, state: appearing, view: <UICollectionView: 0x4>
               + <Camera.CaptureViewController 0x5>, state: disappearing, view: <UIView: 0x6>, presented with: <_UIFullscreenPresentationController 0x7>
            """,
            [
                "'CaptureViewController' is disappearing from over 'UINavigationController', a dismissal in flight: drawn as printed, "
                    + "'CaptureViewController' still presented; capture again when the transition ends"
            ]
        ),
        (
            """
            <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView: 0x2>
               | <App.ListViewController 0x3>, state: appeared, view: <UITableView: 0x4>
               + <App.FilterViewController 0x5>, state: disappearing, view: <UIView: 0x6>, presented with: <_UIPageSheetPresentationController 0x7>
            """,
            [
                "'FilterViewController' is disappearing from over 'UINavigationController', a dismissal in flight: drawn as printed, "
                    + "'FilterViewController' still presented; capture again when the transition ends"
            ]
        ),
        (
            """
            <App.HomeViewController 0x1>, state: disappeared, view: <UIView: 0x2> not in the window
               + <App.PlayerViewController 0x3>, state: disappearing, view: <UIView: 0x4>, presented with: <_UIFullscreenPresentationController 0x5>
               |    + <App.FullViewController 0x6>, state: appearing, view: <UIView: 0x7>, presented with: <_UIFullscreenPresentationController 0x8>
            """,
            []
        ),
        (
            """
            <UINavigationController: 0x1>, state: appeared, view: <UILayoutContainerView: 0x2>
               | <Shop.HomeViewController: 0x3>, state: disappearing, view: <UIView: 0x4>
               | <Shop.ProductViewController: 0x5>, state: appearing, view: <UIView: 0x6>
            """,
            []
        ),
    ])
    func aTransitionInFlightIsNoted(text: String, notes: [String]) throws {
        #expect(try capture(text).notes == notes)
    }

    /// The tab bar's More list is UIKit's own navigation controller: no guess to note.
    @Test func theMoreListIsANavigationControllerWithoutANote() throws {
        let captured = try capture(
            """
            <UITabBarController: 0x1>, state: appeared, view: <UILayoutContainerView: 0x2>
               | <UIMoreNavigationController: 0x3>, state: appeared, view: <UILayoutContainerView: 0x4>
               |    | <UIMoreListController: 0x5>, state: appeared, view: <UIMoreListControllerTableView: 0x6>
            """)
        #expect(captured.hierarchy[NodeID("UIMoreNavigationController")].kind == .navigation)
        #expect(captured.notes.isEmpty)
    }

    // MARK: - Identity across captures

    /// Two tabs each with a `ProductViewController`; the next capture pops tab 0's (a new user's trial: the second was
    /// renumbered to `ProductViewController`, and `diff` read a move and a pop in the tab that did not change).
    static let twoProducts = CaptureSamples.twoProducts

    static func productIDs(_ captured: CapturedHierarchy) -> [String] {
        captured.hierarchy.attachedNodes().map(\.rawValue).filter { $0.hasPrefix("ProductViewController") }
    }

    @Test func aControllerAtTheSameAddressKeepsItsIdInTheNextCapture() throws {
        let first = try PrintHierarchy.parse(Self.twoProducts, file: "1.txt").hierarchy()
        #expect(Self.productIDs(first) == ["ProductViewController", "ProductViewController#2"])
        let popped = Self.twoProducts.split(separator: "\n").filter { !$0.contains("0x103c21e90") }.joined(separator: "\n")
        let next = try PrintHierarchy.parse(popped, file: "2.txt")
        #expect(Self.productIDs(next.hierarchy(continuing: first.identities)) == ["ProductViewController#2"])
        // Read on its own, the dump numbers in its own order.
        #expect(Self.productIDs(next.hierarchy()) == ["ProductViewController"])
        // A new controller (another address) does not take the id of one the earlier capture had.
        let replaced = Self.twoProducts.replacingOccurrences(of: "0x103c21e90", with: "0x1050aa000")
        #expect(
            Self.productIDs(try PrintHierarchy.parse(replaced, file: "3.txt").hierarchy(continuing: first.identities))
                == ["ProductViewController#3", "ProductViewController#2"])
        // Another class at a reused address is another controller.
        let reused = popped.replacingOccurrences(
            of: "Shop.ProductViewController: 0x103d0a1c0", with: "Shop.CartViewController: 0x103d0a1c0")
        let other = try PrintHierarchy.parse(reused, file: "4.txt").hierarchy(continuing: first.identities)
        #expect(other.hierarchy.contains(NodeID("CartViewController")) && Self.productIDs(other).isEmpty)
    }

    /// Three captures of one launch: tab 0's `ProductViewController` popped, then a new one pushed at another address
    /// (a live-debugging trial: it took the popped one's id, and the flow said the app went back to an earlier
    /// state). Ids by address look back over the whole launch, not one capture; one taken out and put back keeps its id.
    @Test func aControllerPushedAfterOneWasPoppedGetsAnIdOfItsOwn() throws {
        let first = try PrintHierarchy.parse(Self.twoProducts, file: "1.txt").hierarchy()
        let popped = Self.twoProducts.split(separator: "\n").filter { !$0.contains("0x103c21e90") }.joined(separator: "\n")
        let second = try PrintHierarchy.parse(popped, file: "2.txt").hierarchy(continuing: first.identities)
        let pushed = Self.twoProducts.replacingOccurrences(of: "0x103c21e90", with: "0x1050aa000")
        let third = try PrintHierarchy.parse(pushed, file: "3.txt").hierarchy(continuing: second.identities)
        #expect(Self.productIDs(third) == ["ProductViewController#3", "ProductViewController#2"])
        let fourth = try PrintHierarchy.parse(popped, file: "4.txt").hierarchy(continuing: third.identities)
        #expect(Self.productIDs(fourth) == ["ProductViewController#2"])
        // The popped controller put back (the same address and class, two captures later) is the same one.
        let back = try PrintHierarchy.parse(Self.twoProducts, file: "5.txt").hierarchy(continuing: fourth.identities)
        #expect(Self.productIDs(back) == ["ProductViewController", "ProductViewController#2"])
        // Said: a new controller at the freed address would look the same.
        #expect(
            back.notes.contains {
                $0.hasSuffix(
                    ": 'ProductViewController' is back at the address it had in an earlier capture, so it is taken for the same controller; a new one given the freed address would look the same"
                )
            })
        #expect(!fourth.notes.contains { $0.contains("is back at the address") })
        #expect(back.hierarchy == first.hierarchy)
        // Another launch (no address in common with the capture just before) starts again.
        let relaunched = try PrintHierarchy.parse(pushed.replacing(#/0x1/#, with: "0x7"), file: "6.txt").hierarchy(
            continuing: back.identities)
        #expect(Self.productIDs(relaunched) == ["ProductViewController", "ProductViewController#2"])
    }

    /// Dumps without addresses (swift-snapshot-testing purges them) number each capture in its own order.
    @Test func dumpsWithoutAddressesHaveNoIdentityToCarry() throws {
        let purged = Self.twoProducts.replacing(#/:? 0x[0-9a-f]+/#, with: "")
        let first = try PrintHierarchy.parse(purged, file: "1.txt").hierarchy()
        var none = CaptureIdentities()
        none.follows = true
        #expect(first.identities == none)
        // A capture with addresses after it says it numbers by name alone (a trial of real captures read nothing).
        let second = try PrintHierarchy.parse(Self.twoProducts, file: "2.txt").hierarchy(continuing: first.identities)
        #expect(
            second.notes.first
                == "the capture before printed no addresses (redacted or purged?): controllers are told apart by class name alone")
        #expect(second.hierarchy == first.hierarchy)
        // The first capture of all says nothing of it.
        #expect(
            !(try PrintHierarchy.parse(Self.twoProducts, file: "1.txt").hierarchy().notes.contains { $0.hasPrefix("the capture before") }))
    }

    /// Two captures with no address in common (another launch of the app, or a side without addresses) share no
    /// identity: each numbers by name alone (a review: every controller became `X#2`, and `diff` of one screen read
    /// the whole window replaced). Redacted addresses (`0x…` on every line) are no addresses.
    @Test func capturesWithNoAddressInCommonNumberByNameAlone() throws {
        let first = try PrintHierarchy.parse(Self.twoProducts, file: "1.txt").hierarchy()
        let relaunched = Self.twoProducts.replacing(#/0x1/#, with: "0x7")
        let second = try PrintHierarchy.parse(relaunched, file: "2.txt").hierarchy(continuing: first.identities)
        #expect(second.hierarchy == first.hierarchy)
        // Said, so that a capture of another app posted to the same session is not silently a root swap.
        #expect(
            second.notes.first
                == "no controller is at an address the capture before printed (a new window root, another launch of the app, or another app): controllers are told apart by class name alone"
        )
        #expect(!first.notes.contains { $0.hasPrefix("no controller is at an address") })
        let redacted = Self.twoProducts.replacing(#/0x[0-9a-f]+/#, with: "0x…")
        let third = try PrintHierarchy.parse(redacted, file: "3.txt").hierarchy(continuing: first.identities)
        #expect(third.hierarchy == first.hierarchy)
        var none = CaptureIdentities()
        none.follows = true
        #expect(third.identities == none)
    }

    /// A capture with no address in common whose window's root is of another class shows a new window root (a login
    /// screen swapped for the tab bar): none of its controllers takes an id the capture before gave, so no transition
    /// reads one as moved (a trial: the presented login navigation controller "moved" into the tab bar).
    @Test func aNewWindowRootWithNoAddressInCommonIsAllNew() throws {
        let login = """
            <UINavigationController: 0x20001>, state: disappeared, view: <UILayoutContainerView: 0x20002> not in the window
               | <Shop.WelcomeViewController: 0x20003>, state: disappeared, view: <UIView: 0x20004> not in the window
               + <UINavigationController: 0x20005>, state: appeared, view: <UILayoutContainerView: 0x20006>, presented with: <_UIFullscreenPresentationController: 0x20007>
               |    | <Shop.LoginViewController: 0x20008>, state: appeared, view: <UIView: 0x20009>
            """
        let first = try PrintHierarchy.parse(login, file: "1.txt").hierarchy()
        let second = try PrintHierarchy.parse(Self.twoProducts, file: "2.txt").hierarchy(continuing: first.identities)
        #expect(
            second.hierarchy.attachedNodes().map(\.rawValue).filter { $0.hasPrefix("UINavigationController") } == [
                "UINavigationController#3", "UINavigationController#4",
            ])
        #expect(
            second.notes.first
                == "no controller is at an address the capture before printed, and the window's root is another (Shop.MainTabBarController, was UINavigationController): a new window root, every controller of it new"
        )
        // The capture after it, of the same launch, keeps those ids.
        let third = try PrintHierarchy.parse(Self.twoProducts, file: "3.txt").hierarchy(continuing: second.identities)
        #expect(third.hierarchy == second.hierarchy)
    }

    /// The keyboard's window, listed after the app's, is left out with a note naming its line.
    @Test func uIKitsOwnWindowIsLeftOutWithANote() throws {
        let text =
            Self.plain
            + "\n<UIInputWindowController: 0x7fa1ca80d000>, state: appeared, view: <UIInputSetHostView: 0x7fa1c6e1a0d0>\n   | <UISystemInputAssistantViewController: 0x7fa1c6e23f10>, state: appeared, view: <UIView: 0x7fa1c6e24a30>"
        let dump = try PrintHierarchy.parse(text, file: "dump.txt")
        #expect(dump.controllers.count == 3)
        #expect(dump.leftOutWindows.map(\.line) == [4])
        #expect(
            dump.hierarchy().notes == [
                "line 4: UIKit's own window (UIInputWindowController: the keyboard's, a text menu's or an alert's) left out: navviz draws the app's window"
            ])
    }

    /// A second window whose root has the first's class, right below its lines at another address, is another window (an
    /// iPad's two scenes, both split view controllers; a trial's was refused as a second dump): left out with a note. At the
    /// same address, or with no addresses to tell, it is the dump pasted twice, and a controller alone is what `po` of one
    /// prints.
    @Test func aSecondWindowOfTheSameClassIsToldFromTheDumpPastedTwice() throws {
        let second =
            "<UINavigationController 0x105a1c000>, state: appeared, view: <UILayoutContainerView: 0x105b2d0e0>\n"
            + "   | <MiniPlayerViewController 0x105a2e200>, state: appeared, view: <UIView: 0x105a30a10>"
        let dump = try PrintHierarchy.parse(Self.plain + "\n" + second, file: "dump.txt")
        #expect(dump.controllers.map(\.className) == (try PrintHierarchy.parse(Self.plain, file: "dump.txt")).controllers.map(\.className))
        #expect(dump.otherWindows.map(\.line) == [4])
        let first = try #require(Self.plain.split(separator: "\n").first)
        for (text, line) in [
            (Self.plain + "\n" + first, 4), ("<A>, state: appeared, view: <UIView>\n<A>, state: appeared, view: <UIView>", 2),
        ] {
            #expect(throws: PrintHierarchyError.repeatedRoot(file: "dump.txt", line: line, first: 1)) {
                try PrintHierarchy.parse(text, file: "dump.txt")
            }
        }
        let description = #expect(throws: PrintHierarchyError.self) {
            try PrintHierarchy.parse("▿ Optional<UIViewController>\n  - some : <UINavigationController: 0x12183a000>\n", file: "dump.txt")
        }
        #expect(
            description?.description
                == "dump.txt: line 2: '<UINavigationController: 0x12183a000>' is a controller's description (what po of a controller "
                + "prints), not its _printHierarchy dump: print the dump with 'expr -l objc -O -- [UIViewController _printHierarchy]'")
    }

    /// A `+` line without `, presented with: …` (UIKit prints it on every one) was cut or edited: drawn as a custom
    /// presentation, with a note that says so (a trial's was drawn so without a word).
    @Test func aPresentedLineWithoutItsPresentationControllerIsNoted() throws {
        let text =
            "<UINavigationController 0x1>, state: disappeared, view: <UILayoutContainerView 0x2>\n   | <HomeViewController 0x3>, "
            + "state: disappeared, view: <UIView 0x4>\n   + <SheetViewController 0x5>, state: appeared, view: <UIView 0x6>\n"
        let hierarchy = try PrintHierarchy.parse(text, file: "dump.txt").hierarchy()
        #expect(hierarchy.hierarchy.node(NodeID("SheetViewController"))?.style == .custom)
        #expect(
            hierarchy.notes == [
                "line 3: 'SheetViewController' is presented ('+') but its line has no ', presented with: …', which UIKit prints on every "
                    + "presented controller's line: cut or edited; drawn as a custom presentation"
            ])
    }

    /// The keyboard's window printed before the app's is left out as well (a trial: the app's window was left out as
    /// another window, the keyboard's drawn); a dump of that window alone says so.
    @Test func uIKitsOwnWindowBeforeTheAppsIsLeftOutToo() throws {
        let keyboard =
            "<UIInputWindowController: 0x7fa1ca80d000>, state: appeared, view: <UIInputSetHostView: 0x7fa1c6e1a0d0>\n   | <UISystemInputAssistantViewController: 0x7fa1c6e23f10>, state: appeared, view: <UIView: 0x7fa1c6e24a30>\n"
        let dump = try PrintHierarchy.parse(keyboard + Self.plain, file: "dump.txt")
        #expect(dump.controllers.map(\.className) == (try PrintHierarchy.parse(Self.plain, file: "dump.txt")).controllers.map(\.className))
        #expect(dump.otherWindows.isEmpty)
        #expect(
            dump.hierarchy().notes == [
                "line 1: UIKit's own window (UIInputWindowController: the keyboard's, a text menu's or an alert's) left out: navviz draws the app's window"
            ])
        // Alone, or followed by what is not a dump (a review: the debugger's next command read as a malformed line).
        for text in [keyboard, keyboard + "(lldb) c\nProcess 4242 resuming\n", keyboard + "\nAny idea why the app's window is missing?\n"] {
            #expect(throws: PrintHierarchyError.onlySystemWindow(file: "dump.txt", line: 1, className: "UIInputWindowController")) {
                try PrintHierarchy.parse(text, file: "dump.txt")
            }
        }
        // The app's line after it, cut short, is said as it is (a review: it was called no app at all); another of UIKit's
        // windows first is left out too.
        let cut = #expect(throws: PrintHierarchyError.self) {
            try PrintHierarchy.parse(keyboard + "<UINavigationController 0x1>, state: app", file: "dump.txt")
        }
        #expect(cut?.description.hasSuffix("the dump's last line ends early; was the paste cut short? Paste the whole dump") == true)
        let tracking = try PrintHierarchy.parse(
            "<UITrackingElementWindowController: 0x9>, state: appeared, view: <UIView: 0x8>\n" + Self.plain, file: "dump.txt")
        #expect(tracking.controllers.first?.className == "UINavigationController" && tracking.leftOutWindows.map(\.line) == [1])
        // The app's root named like one of UIKit's windows, generic, is the app's.
        let app = try PrintHierarchy.parse(
            "<UIHostingController<InputFormView>: 0x1>, state: appeared, view: <UIView: 0x2>", file: "dump.txt")
        #expect(app.controllers.count == 1 && app.leftOutWindows.isEmpty)
        #expect(
            PrintHierarchyError.onlySystemWindow(file: "dump.txt", line: 1, className: "UIInputWindowController").description
                == "dump.txt: line 1: only UIKit's own window (UIInputWindowController: the keyboard's, a text menu's or an alert's) is in "
                + "the dump, not the app's: print the whole hierarchy with 'expr -l objc -O -- [UIViewController _printHierarchy]'")
    }

    /// A one-line dump in quotes, as cycript prints a string.
    @Test func aQuotedOneLineDumpReads() throws {
        let dump = try PrintHierarchy.parse(
            #""<CustomViewController 0x1053133f0>, state: appeared, view: <UIView 0x1053205d0>""#, file: "dump.txt")
        #expect(dump.controllers.map(\.className) == ["CustomViewController"])
    }

    @Test(arguments: pastes)
    func aPastedDumpReadsAsPrinted(paste: String, text: String) throws {
        #expect(PrintHierarchy.looksLikeDump(text), "\(paste)")
        let expected = try PrintHierarchy.parse(Self.plain, file: "dump.txt").controllers.map { [$0.className, $0.state.rawValue] }
        #expect(
            try PrintHierarchy.parse(text, file: "dump.txt").controllers.map { [$0.className, $0.state.rawValue] } == expected, "\(paste)")
    }

    /// Inputs the paste handling once read past the end of (after dropping backticks it reused stale indices).
    @Test(arguments: [
        "``", "`\"x\\ny\"`", "` `", "\"\"", "\"", "`\"`", "\u{FEFF}", "\u{FEFF}``", "(lldb)", "po x._printHierarchy", "cy#", "\"x\"",
    ])
    func oddPastesAreRefusedWithoutACrash(text: String) {
        #expect(error(text) != nil)
    }

    @Test func lineNumbersStayTheFilesAfterSkippedPromptLines() {
        let text = "(lldb) po UIViewController._printHierarchy()\r\n<UIViewController 0x1>, state: sleeping, view: <UIView 0x2>\r\n"
        #expect(
            error(text)
                == "dump.txt: line 2: expected a state: 'appeared', 'disappeared', 'appearing' or 'disappearing', found 'sleeping, view: <UIView 0x2>'"
        )
    }

    /// The command a console paste shows says what the dump was printed from: a controller inside the hierarchy leaves out
    /// what holds it, said in a note (a trial of real captures: `po [self.navigationController _printHierarchy]` was drawn
    /// as the window's root, unsaid).
    @Test(arguments: [
        ("po [self.navigationController _printHierarchy]", "self.navigationController", false),
        ("expr -l objc -O -- [UIViewController _printHierarchy]", "UIViewController", true),
        ("po [[[UIWindow keyWindow] rootViewController] _printHierarchy]", "[[UIWindow keyWindow] rootViewController]", true),
        ("po [[self parentViewController] _printHierarchy]", "[self parentViewController]", false),
        (#"po self.navigationController?.value(forKey: "_printHierarchy")"#, "self.navigationController?", false),
        (
            #"expr -l swift -- UIApplication.shared.windows.first!.rootViewController!.value(forKey: "_printHierarchy")"#,
            "UIApplication.shared.windows.first!.rootViewController!", true
        ),
        // The class however it is named (a review: each was noted as a subtree); no receiver, no note.
        ("po [[UIViewController class] _printHierarchy]", "[UIViewController class]", true),
        (
            #"expr -l objc -O -- [(id)NSClassFromString(@"UIViewController") _printHierarchy]"#,
            #"(id)NSClassFromString(@"UIViewController")"#, true
        ),
        ("po [ _printHierarchy]", "", true),
    ])
    func theCommandSaysWhatTheDumpWasPrintedFrom(_ command: String, _ receiver: String, _ everything: Bool) throws {
        let text =
            "(lldb) \(command)\n<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <HomeViewController 0x3>, state: appeared, view: <UIView 0x4>"
        let dump = try PrintHierarchy.parse(text, file: "dump.txt")
        #expect(dump.printedFrom?.receiver == receiver)
        let noted = dump.hierarchy().notes.contains {
            $0.hasPrefix(
                "line 1: printed from '\(receiver)', not from the window's root: what holds it (a tab bar, a split view, a presenter) is not in the dump"
            )
        }
        #expect(noted == !everything)
    }

    // MARK: - Errors

    @Test(arguments: [
        ("", "dump.txt: the capture is empty: expected the text UIKit prints for [UIViewController _printHierarchy]"),
        (
            "   | <UIViewController: 0x1>, state: appeared, view: <UIView: 0x2>",
            "dump.txt: line 1: the dump starts below the top level: it is a fragment; print the whole hierarchy with 'expr -l objc -O -- [UIViewController _printHierarchy]'"
        ),
        (
            "   + <UIViewController: 0x1>, state: appeared, view: <UIView: 0x2>, presented with: <_UIPageSheetPresentationController: 0x3>",
            "dump.txt: line 1: the dump starts below the top level: it is a fragment; print the whole hierarchy with 'expr -l objc -O -- [UIViewController _printHierarchy]'"
        ),
        (
            "<UINavigationController: 0x1>, state: appeared, view: <UIView: 0x2>\n   |    | <UIViewController: 0x3>, state: appeared, view: <UIView: 0x4>",
            "dump.txt: line 2: nested 2 levels below the line before it (depth 0 to 2): the dump is a fragment or was edited"
        ),
        // Box-drawing bars where UIKit prints '|' (a trial got no word of them).
        (
            "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   │ <A 0x3>, state: appeared, view: <UIView 0x4>",
            "dump.txt: line 2: expected a view controller line such as '<UINavigationController 0x…>, state: appeared, view: <UILayoutContainerView 0x…>', found '   │ <A 0x3>, state: appeared, view: <UIView 0x4>': its bars are box-drawing characters ('│'), where UIKit prints '|': paste the dump as the debugger printed it"
        ),
        // A fragment in a test's one-line string literal (DungeonMap's `decodeFailedCase004`): said as one, on its line.
        (
            "@Test func f() throws {\n    let string = \"   |    | <A 0x1>, state: disappearing, view: <UIView: 0x2> not in the window\"\n}",
            "dump.txt: line 2: the dump starts below the top level: it is a fragment; print the whole hierarchy with 'expr -l objc -O -- [UIViewController _printHierarchy]'"
        ),
        // The same subtree with its spaces collapsed (a page's copy): a fragment too, not "edited".
        (
            "+ <UINavigationController: 0x1>, state: appeared, view: <UIView: 0x2>, presented with: <_UIFullscreenPresentationController: 0x3>\n|    | <UIViewController: 0x4>, state: appeared, view: <UIView: 0x5>",
            "dump.txt: line 1: the dump starts below the top level: it is a fragment; print the whole hierarchy with 'expr -l objc -O -- [UIViewController _printHierarchy]'"
        ),
        // A second dump around a quoted one or a fenced one, however it is wrapped, is refused, not left out as text (a
        // review): wrapped after the quoted dump, backticked after cycript's prompt, wrapped above the fence.
        (
            "\"<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\"\n\n<UITabBarController 0x5>,\n state: appeared, view: <UILayoutContainerView 0x6>\n   | <B 0x7>,\n state: appeared, view: <UIView 0x8>",
            "dump.txt: line 3: a second top-level controller (the first is on line 1): a second dump, or another window's; keep one dump per file, the app window's lines only"
        ),
        (
            "cy# [[[UIWindow keyWindow] rootViewController] _printHierarchy].toString()\n\"<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\"\ncy# [[[UIWindow keyWindow] rootViewController] _printHierarchy].toString()\n`<UITabBarController 0x5>, state: appeared, view: <UILayoutContainerView 0x6>\n   | <B 0x7>, state: appeared, view: <UIView 0x8>`",
            "dump.txt: line 4: a second dump starts here, after the prompt on line 3: keep one dump per file"
        ),
        // Two of cycript's dumps, each in backticks (a real paste: "expected the end of the line, found '`'").
        (
            "cy# [[[UIWindow keyWindow] rootViewController] _printHierarchy].toString()\n`<A 0x1>, state: appeared, view: <UIView 0x2>\n   | <B 0x3>, state: appeared, view: <UIView 0x4>`\n\ncy# [[[UIWindow keyWindow] rootViewController] _printHierarchy].toString()\n`<A 0x1>, state: appeared, view: <UIView 0x2>\n   | <C 0x5>, state: appeared, view: <UIView 0x6>`",
            "dump.txt: line 6: a second dump starts here, after the prompt on line 5: keep one dump per file"
        ),
        (
            "<UINavigationController 0x10>,\n state: appeared, view: <UILayoutContainerView 0x11>\n   | <Old 0x12>,\n state: appeared, view: <UIView 0x13>\n\n```\n<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n```",
            "dump.txt: line 7: a second top-level controller (the first is on line 1): a second dump, or another window's; keep one dump per file, the app window's lines only"
        ),
        // An error, a dump, then a retry that printed another: two dumps, not console output before the retry (a review).
        (
            "(lldb) po UIViewController._printHierarchy()\nerror: <EXPR>:8:18: error: no member '_printHierarchy'\n<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n(lldb) expr -l objc -O -- [UIViewController _printHierarchy]\n<UITabBarController 0x5>, state: appeared, view: <UILayoutContainerView 0x6>",
            "dump.txt: line 5: a second dump starts here, after the prompt on line 4: keep one dump per file"
        ),
        // Below the closing fence: a second fenced dump under prose is refused as one, not left out with the prose (a trial
        // of an issue's "Before" and "After" blocks was told "expected a view controller line" of the text between them).
        (
            "```\n<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n```\nAfter the pop:\n```\n<UITabBarController 0x5>, state: appeared, view: <UILayoutContainerView 0x6>\n```",
            "dump.txt: line 6: a second dump starts here, after the text on line 4 ('After the pop:'): keep one dump per file"
        ),
        (
            "**Before**:\n\n```\n<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n```\n\n**After**:\n\n```\n<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n```",
            "dump.txt: line 11: a second dump starts here, after the text on line 8 ('**After**:'): keep one dump per file"
        ),
        // Two dumps each indented as a Markdown code block, text between: a second dump, not an edited indentation (a
        // review: "the indentation is not UIKit's").
        (
            "Before:\n\n    <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n       | <A 0x3>, state: appeared, view: <UIView 0x4>\n\nAfter:\n\n    <UITabBarController 0x5>, state: appeared, view: <UILayoutContainerView 0x6>\n       | <B 0x7>, state: appeared, view: <UIView 0x8>",
            "dump.txt: line 8: a second dump starts here, after the text on line 6 ('After:'): keep one dump per file"
        ),
        // Two string literals, each holding a dump (indented or not): a second dump after the code between them (a review:
        // the second was left out as code, then refused for its indentation).
        (
            "let a = \"\"\"\n    <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n       | <A 0x3>, state: appeared, view: <UIView 0x4>\n    \"\"\"\nlet b = \"\"\"\n    <UITabBarController 0x5>, state: appeared, view: <UILayoutContainerView 0x6>\n    \"\"\"",
            "dump.txt: line 6: a second dump starts here, after the text on line 5 ('let b = \"\"\"'): keep one dump per file"
        ),
        (
            "let a = \"\"\"\n<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n\"\"\"\n\nlet b = \"\"\"\n<UITabBarController 0x3>, state: appeared, view: <UILayoutContainerView 0x4>\n\"\"\"\n",
            "dump.txt: line 6: a second dump starts here, after the text on line 5 ('let b = \"\"\"'): keep one dump per file"
        ),
        // A dump re-indented two spaces a level, one line of it three: that line is named (a trial was told line 2).
        (
            "<A 0x1>, state: appeared, view: <UIView 0x2>\n  + <B 0x3>, state: appeared, view: <UIView 0x4>\n  |   + <C 0x5>, state: appeared, view: <UIView 0x6>\n  |   |    + <D 0x7>, state: appeared, view: <UIView 0x8>",
            "dump.txt: line 4: the indentation is not UIKit's ('   | ' per level): the dump was edited; paste it as printed"
        ),
        // A dump after a quoted one is named by its own line, not the string's (a trial: line 1 was blamed).
        (
            "\"<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\\n   | <HomeViewController 0x3>, state: appeared, view: <UIView 0x4>\"\n\n<UINavigationController 0x5>, state: appeared, view: <UILayoutContainerView 0x6>",
            "dump.txt: line 3: a second top-level controller of the class on line 1: a second dump after the first (or another window's); keep one dump per file"
        ),
        // Two units of indentation in one dump: edited by hand (one unit other than UIKit's is read).
        (
            "<UINavigationController: 0x1>, state: appeared, view: <UIView: 0x2>\n  | <UIViewController: 0x3>, state: appeared, view: <UIView: 0x4>\n   | <UIViewController: 0x5>, state: appeared, view: <UIView: 0x6>",
            "dump.txt: line 2: the indentation is not UIKit's ('   | ' per level): the dump was edited; paste it as printed"
        ),
        // A dump shortened to class names: what is missing is said.
        (
            "(lldb) po [[[UIWindow keyWindow] rootViewController] _printHierarchy]\n<UITabBarController 0x7fe48b6058f0>\n   | <SWNavigationController 0x7fe48b831600>",
            "dump.txt: line 2: '<UITabBarController 0x7fe48b6058f0>' has no ', state: …, view: …' after it: the dump was shortened (navviz reads each controller's state and view to tell what is on screen); paste it as the debugger printed it"
        ),
        (
            // The last line cut right after its controller, below a line with its state: cut short (a trial was told shortened).
            "<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <SWNavigationController 0x3>",
            "dump.txt: line 2: expected ', state: ', found the end of the line: the dump's last line ends early; was the paste cut short? Paste the whole dump"
        ),
        // Cut right after its prefix (a trial got "expected a view controller line"); a prefix line above others is no cut.
        (
            "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n   |    | ",
            "dump.txt: line 3: expected a controller such as '<UIViewController 0x…>', found the end of the line: the dump's last line ends early; was the paste cut short? Paste the whole dump"
        ),
        (
            "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | \n   | <A 0x3>, state: appeared, view: <UIView 0x4>",
            "dump.txt: line 2: expected a view controller line such as '<UINavigationController 0x…>, state: appeared, view: <UILayoutContainerView 0x…>', found '   |'"
        ),
        (
            "<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <SWNavigationController 0x3>\n   | <B 0x4>, state: appeared, view: <UIView 0x5>",
            "dump.txt: line 2: '<SWNavigationController 0x3>' has no ', state: …, view: …' after it: the dump was shortened (navviz reads each controller's state and view to tell what is on screen); paste it as the debugger printed it"
        ),
        (
            #"{"navviz": 1}"#,
            "dump.txt: line 1: expected a view controller line such as '<UINavigationController 0x…>, state: appeared, view: <UILayoutContainerView 0x…>', found '{\"navviz\": 1}'"
        ),
        (
            "<UIViewController: 0x1>, state: sleeping, view: <UIView: 0x2>",
            "dump.txt: line 1: expected a state: 'appeared', 'disappeared', 'appearing' or 'disappearing', found 'sleeping, view: <UIView: 0x2>'"
        ),
        (
            "<UINavigationController: 0x1>, state: appeared, view: <UIView: 0x2>\n\t+\t| <UIViewController: 0x3>, state: appeared, view: <UIView: 0x4>",
            "dump.txt: line 2: the indentation has tabs and its '|' and '+' do not nest as UIKit's do ('   | ' per level, '   + ' for a presented controller): the dump was edited; paste it as printed"
        ),
        // Tabs a level and no bar (lost in a copy): it was read as one window's root over other windows' controllers, exit 0.
        (
            "<UITabBarController 0x1>, state: appeared, view: <UIView 0x2>\n\t<UINavigationController 0x3>, state: appeared, view: <UIView 0x4>\n\t\t<A 0x5>, state: appeared, view: <UIView 0x6>",
            "dump.txt: line 2: the indentation has tabs and its '|' and '+' do not nest as UIKit's do ('   | ' per level, '   + ' for a presented controller): the dump was edited; paste it as printed"
        ),
        (
            "<UINavigationController: 0x1>, state: appeared, view: <UIView: 0x2>\n(lld) ",
            "dump.txt: line 2: expected a view controller line such as '<UINavigationController 0x…>, state: appeared, view: <UILayoutContainerView 0x…>', found '(lld)'"
        ),
        (
            "<UIViewController: 0x1>, state: appeared, view: <UIView: 0x2> and more",
            "dump.txt: line 1: text after the controller's line (' and more'): lines joined into one, or a note added; paste the dump "
                + "as the debugger printed it, one controller a line"
        ),
        // A trial: lines joined into one (an editor's, U+2028), a note after the last line: not a paste cut short.
        (
            "<UINavigationController: 0x1>, state: appeared, view: <UIView: 0x2> | <UIViewController: 0x3>, state: appeared, view: <UIView: 0x4>",
            "dump.txt: line 1: text after the controller's line (' | <UIViewController: 0x3>, state: appeared, view: <UIView:…'): lines "
                + "joined into one, or a note added; paste the dump as the debugger printed it, one controller a line"
        ),
        (
            "<UINavigationController: 0x1>, state: appeared, view: <UIView: 0x2>\n   | <UIViewController: 0x3>, state: appeared, view: <UIView: 0x4> <-- this one",
            "dump.txt: line 2: text after the controller's line (' <-- this one'): lines joined into one, or a note added; paste the dump "
                + "as the debugger printed it, one controller a line"
        ),
        (
            "(lldb) po [UIViewController _printHierarchy]\nerror: <user expression 0>:1:19: no known method '+_printHierarchy'; cast the message send to the method's return type",
            "dump.txt: line 2: the debugger printed an error, not a dump: '<user expression 0>:1:19: no known method '+_printHierarchy…'. From a Swift frame, use 'expr -l objc -O -- [UIViewController _printHierarchy]'"
        ),
        // The class not linked where the app stopped: the command that failed is not the advice (a trial).
        (
            "(lldb) expr -l objc -O -- [UIViewController _printHierarchy]\nerror: Couldn't look up symbols:\n  _OBJC_CLASS_$_UIViewController",
            "dump.txt: line 2: the debugger printed an error, not a dump: 'Couldn't look up symbols:'. The debugger cannot find UIKit's class here: look it up by name, 'expr -l objc -O -- (id)[NSClassFromString(@\"UIViewController\") _printHierarchy]'"
        ),
        (
            "(lldb) expr -l objc -O -- [UIViewController _printHierarchy]\n<UIViewController: 0x1>, state: appeared, view: <UIView: 0x2>\n(lldb) expr -l objc -O -- [UIViewController _printHierarchy]\n<UIViewController: 0x1>, state: appeared, view: <UIView: 0x2>",
            "dump.txt: line 4: a second dump starts here, after the prompt on line 3: keep one dump per file"
        ),
        // The process resumed and stopped between the two (a trial: the second, later dump was left out as 'output').
        (
            "(lldb) expr -l objc -O -- [UIViewController _printHierarchy]\n<UIViewController: 0x1>, state: appeared, view: <UIView: 0x2>\n(lldb) c\nProcess 8123 resuming\nProcess 8123 stopped\n(lldb) expr -l objc -O -- [UIViewController _printHierarchy]\n<UIViewController: 0x1>, state: appeared, view: <UIView: 0x2>",
            "dump.txt: line 7: a second dump starts here, after the prompt on line 6: keep one dump per file"
        ),
        // The first dump without its command: still two dumps, not console output before the second's command.
        (
            "<UIViewController: 0x1>, state: appeared, view: <UIView: 0x2>\n(lldb) expr -l objc -O -- [UIViewController _printHierarchy]\n<UIViewController: 0x1>, state: appeared, view: <UIView: 0x2>",
            "dump.txt: line 3: a second dump starts here, after the prompt on line 2: keep one dump per file"
        ),
        // Apart from the first window's lines (a blank line between): a second dump as much as another window.
        (
            "<UIViewController: 0x1>, state: appeared, view: <UIView: 0x2>\n\n<FLEXExplorerViewController: 0x3>, state: appeared, view: <UIView: 0x4>",
            "dump.txt: line 3: a second top-level controller (the first is on line 1): a second dump, or another window's; keep one dump per file, the app window's lines only"
        ),
        // A trial of new real captures: the same dump pasted twice; a paste cut in its last line.
        (
            "<UIViewController: 0x1>, state: appeared, view: <UIView: 0x2>\n\n<UIViewController: 0x1>, state: appeared, view: <UIView: 0x2>",
            "dump.txt: line 3: a second top-level controller of the class on line 1: a second dump after the first (or another window's); keep one dump per file"
        ),
        (
            "<UINavigationController: 0x1>, state: appeared, view: <UIView: 0x2>\n   | <UIViewController: 0x3>, state: appeared, view: <UIView: 0x4>, presente",
            "dump.txt: line 2: expected the end of the line, found ', presente': the dump's last line ends early; was the paste cut short? Paste the whole dump"
        ),
        (
            "<UINavigationController: 0x1>, state: appeared, view: <UIView: 0x2>\n   | <UIViewController: 0x3>, state: appeared,",
            "dump.txt: line 2: expected ', view: ', found ',': the dump's last line ends early; was the paste cut short? Paste the whole dump"
        ),
        // A line inside the dump shortened with '…' by a viewer, or cut at a column (`less -S`): that line is said, not the
        // dump's last (a trial of real captures: the lines below were joined to it).
        (
            "<UITabBarController: 0x1>, state: appeared, view: <UIView: 0x2>\n   | <UINavigationController: 0x3>, state: appeared, view: <UIView 0x…\n   |    | <A: 0x5>, state: appeared, view: <UIView: 0x6>\n   | <B: 0x7>, state: disappeared, view:  (view not loaded)",
            "dump.txt: line 2: expected a view such as '<UIView 0x…>' or '(view not loaded)', found '<UIView 0x…': the line ends early (cut at a column, or shortened with '…'); paste the dump as the debugger printed it"
        ),
        (
            "<UITabBarController: 0x1>, state: appeared, view: <UILayoutContainerView: 0x2>\n   | <UINavigationController: 0x3>, state: appeared, view: <UILayoutContainerView 0x13be\n   |    | <A: 0x5>, state: appeared, view: <UIView: 0x6>",
            "dump.txt: line 2: expected a view such as '<UIView 0x…>' or '(view not loaded)', found '<UILayoutContainerView 0x13be': the line ends early (cut at a column, or shortened with '…'); paste the dump as the debugger printed it"
        ),
        // A line without its view, inside the dump: what is missing and where (a trial read "found ''").
        (
            "<UITabBarController: 0x1>, state: appeared, view: <UIView: 0x2>\n   | <UINavigationController: 0x3>, state: disappeared\n   | <UIViewController: 0x5>, state: appeared, view: <UIView: 0x6>",
            "dump.txt: line 2: expected ', view: ', found the end of the line"
        ),
        // Shortened with an ellipsis by what printed it (a trial's LLDB string was refused as malformed), in a string too.
        (
            "<UINavigationController: 0x1>, state: appeared, view: <UIView: 0x2>\n   | <UIViewController: 0x3>, ...",
            "dump.txt: line 2: expected ', state: ', found ', ...': the dump's last line ends early; was the paste cut short? Paste the whole dump"
        ),
        (
            "<UINavigationController: 0x1>, state: appeared, view: <UIView: 0x2>\n   | <UIViewController: 0x3>, state: appeared, view: <UIView: 0x4>, presented…",
            "dump.txt: line 2: expected the end of the line, found ', presented…': the dump's last line ends early; was the paste cut short? Paste the whole dump"
        ),
        // Cut inside the state's word (a trial got no hint).
        (
            "<UINavigationController: 0x1>, state: appeared, view: <UIView: 0x2>\n   | <UIViewController: 0x3>, state: dis",
            "dump.txt: line 2: expected a state: 'appeared', 'disappeared', 'appearing' or 'disappearing', found 'dis': the dump's last line ends early; was the paste cut short? Paste the whole dump"
        ),
    ])
    func whatIsNotAWholeDumpIsRefused(text: String, message: String) {
        #expect(error(text) == message)
    }

    /// A fence below a heading or a prompt naming the method is not read as a dump line (it was quoted as one, a review).
    @Test(arguments: [
        "Output of _printHierarchy:\n```\n<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n```",
        "(lldb) po [UIViewController _printHierarchy]\n```\n<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n```",
    ])
    func aFenceBelowTheCommandIsNotADumpLine(text: String) throws {
        #expect(try PrintHierarchy.parse(text, file: "dump.txt").controllers.map(\.className) == ["UITabBarController", "A"])
    }

    /// A doc comment's dump with the declaration above it and the code below (a reader's copy of swift-snapshot-testing's
    /// `AsyncSnapshot.hierarchy`: refused at line 1, and left out of a folder without a word): the comment's markers come
    /// off its block, and the code around it is text around a dump.
    @Test func aDocCommentsDumpWithCodeAroundItReads() throws {
        let text = """
              extension Snapshot where Input: UIViewController {
                /// Records:
                ///
                /// ```
                /// <UITabBarController>, state: appeared, view: <UILayoutContainerView>
                ///    | <UINavigationController>, state: appeared, view: <UILayoutContainerView>
                ///    |    | <UIViewController>, state: appeared, view: <UIView>
                /// ```
                public static var hierarchy: Snapshot { .init() }
              }
            """
        let captured = try PrintHierarchy.parse(text, file: "dump.txt")
        #expect(captured.controllers.map(\.className) == ["UITabBarController", "UINavigationController", "UIViewController"])
        #expect(
            captured.hierarchy().notes == [
                "lines 1–2: the text above the code block the dump is in (its fence is on line 4) left out: not the dump",
                "lines 9–10: the text below the code block the dump is in (its closing fence is on line 8) left out: not the dump",
            ])
        // Another doc comment below is text too; another with a dump's line is not read as part of this one: refused.
        let more = try PrintHierarchy.parse(text + "\n/// Another property.\n", file: "dump.txt").hierarchy().notes
        #expect(
            more.last == "lines 9–11: the text below the code block the dump is in (its closing fence is on line 8) left out: not the dump")
        #expect(error(text + "\n/// <UIViewController>, state: appeared, view: <UIView>\n") != nil)
    }

    /// The bare prompt a paste ends on, after a quoted dump, is no text to note (a second review).
    @Test func aBarePromptAfterAQuotedDumpIsNoText() throws {
        let text =
            "(lldb) po UIApplication.shared.keyWindow!.rootViewController!.value(forKey: \"_printHierarchy\")!\n"
            + "\"<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\"\n(lldb) "
        let captured = try PrintHierarchy.parse(text, file: "dump.txt")
        #expect(captured.controllers.count == 2)
        #expect(captured.leftOutLines.isEmpty)
    }

    @Test func aDumpDeeperThanTheLimitIsRefused() {
        func dump(depth: Int) -> String {
            (0...depth).map { level in
                String(repeating: "   | ", count: level) + "<Shop.ContainerViewController>, state: appeared, view: <UIView>"
            }.joined(separator: "\n")
        }
        #expect(
            error(dump(depth: PrintHierarchy.maxDepth))
                == "dump.txt: line 101: nested deeper than 100 levels: navviz reads hierarchies up to 100 controllers deep")
    }

    /// A reply quoting a reply (`> > ` on every line) is read as a quoted reply is (a trial's was refused at its first line).
    @Test func aDumpQuotedTwiceIsRead() throws {
        let quoted = Self.tabs.split(separator: "\n").map { "> > " + $0 }.joined(separator: "\n")
        #expect(try capture("> > ```\n" + quoted + "\n> > ```").hierarchy == (try capture(Self.tabs).hierarchy))
    }

    /// What `looksLikeDump` tells at the first bytes, without reading the text as a capture.
    @Test(arguments: [
        ("{\"navviz\": 1}", true), ("\u{FEFF} \r\n{\n\t\"navviz\": 1}", true), ("{ }", true), ("{}", true),
        ("{code}\n<A 0x1>, state: appeared, view: <UIView 0x2>", false), ("{noformat}", false), ("[{\"a\": 1}]", false),
        ("<A 0x1>, state: appeared, view: <UIView 0x2>", false), ("{", false), ("", false),
    ])
    func aJSONObjectIsToldAtItsFirstBytes(_ text: String, _ object: Bool) {
        #expect(PrintHierarchy.startsAsJSONObject(text) == object, "\(text)")
    }

    @Test func looksLikeDumpTellsCapturesFromJSON() {
        #expect(PrintHierarchy.looksLikeDump(Self.tabs))
        #expect(PrintHierarchy.looksLikeDump("`" + Self.tabs + "`"))
        #expect(!PrintHierarchy.looksLikeDump(#"{"navviz": 1, "root": "Home"}"#))
        #expect(!PrintHierarchy.looksLikeDump("hello"))
        // JSON objects are told at their first bytes (a BOM, blanks, `{` then `"` or `}`); a Jira fence is read as one.
        #expect(!PrintHierarchy.looksLikeDump("\u{FEFF} \r\n{\n\t\"navviz\": 1}"))
        #expect(!PrintHierarchy.looksLikeDump("{ }"))
        #expect(PrintHierarchy.looksLikeDump("{code}\n" + Self.tabs + "\n{code}"))
        #expect(PrintHierarchy.looksLikeDump("{noformat}\n" + Self.tabs + "\n{noformat}"))
    }

    /// The reading that told a paste is a dump is the one parsed: the text is not read again (reading it twice was half of
    /// a large console paste's time). Parsed with another text's reading, the dump is that reading's.
    @Test func aDumpIsParsedFromTheReadingThatToldIt() throws {
        let paste = "(lldb) po [UIViewController _printHierarchy]\n" + Self.tabs
        let reading = try #require(PrintHierarchy.dumpReading(paste))
        #expect(PrintHierarchy.dumpReading("hello") == nil)
        #expect(PrintHierarchy.dumpReading(#"{"navviz": 1}"#) == nil)
        let expected = try capture(Self.tabs).hierarchy
        #expect(try PrintHierarchy.parse(paste, file: "dump.txt", reading: reading).hierarchy().hierarchy == expected)
        #expect(try PrintHierarchy.parse("hello", file: "dump.txt", reading: reading).hierarchy().hierarchy == expected)
    }
}
