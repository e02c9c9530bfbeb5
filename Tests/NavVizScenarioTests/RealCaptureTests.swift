import Foundation
import NavVizCore
import NavVizScenario
import Testing

/// Real `_printHierarchy` dumps from public sources (`Tests/Fixtures/captures/SOURCES.md` cites each one):
/// every complete one is read, its root and visible controller are what a person reads in the dump, its
/// snapshot round-trips and renders as a scenario; the fragments are refused.
@Suite struct RealCaptureTests {
    static let folder = PackagePaths.root.appendingPathComponent("Tests/Fixtures/captures")

    static func capture(_ name: String) throws -> CapturedHierarchy {
        let text = try PackagePaths.text(folder.appendingPathComponent(name))
        return try Capture.load(text: text, file: name)
    }

    @Test(arguments: [
        ("01-objcio-pspdf-popover.txt", "PSPDFNavigationController", NodeKind.navigation, "PSPDFStampViewController"),
        ("02-snapshot-testing-tab-purged.txt", "UITabBarController", .tab, "UIViewController"),
        // Detached (`presented with: (null)`): nothing is in a window, so no tab can be told selected.
        ("03-snapshot-testing-detached-root.txt", "UITabBarController", .tab, "UITabBarController"),
        ("04-wechat-tab-cycript.txt", "MMTabBarController", .tab, "BaseMsgContentViewController"),
        ("05-preferences-pssplit-cycript.txt", "PSSplitViewController", .split, "PSListItemsController"),
        ("06-imagepicker-fullscreen.txt", "UINavigationController", .navigation, "PUUIPhotosAlbumViewController"),
        ("07-springboard-lockscreen-disappearing.txt", "SBMainScreenAlertWindowViewController", .controller, "SBLockScreenViewController"),
        ("08-springboard-lockscreen-appearing.txt", "SBMainScreenAlertWindowViewController", .controller, "SBLockScreenViewController"),
        // SwiftUI: the sidebar's hosting controller (its content type is SwiftUI's own, so it keeps the class name).
        ("09-swiftui-tabview-navigationview-appearing.txt", "ContentView", .controller, "UIHostingController"),
        ("10-swiftui-tab-switch-in-flight.txt", "ContentView", .controller, "UIHostingController#2"),
        ("11-mapsindoors-container-split.txt", "ContainerViewController", .controller, "MapViewController"),
        // Two children in the window at once: the container is what is visible, both children are on screen.
        ("12-pie-overlay-split.txt", "PieOverlayMenu", .controller, "PieOverlayMenu"),
        ("13-tab-pagesheet-chain.txt", "UITabBarController", .tab, "ViewController#11"),
        ("14-rn-tab-under-fullscreen-login.txt", "JFHomeViewController", .controller, "JFLoginViewController"),
        // Console sessions: other commands' output before and after the dump is left out (with a note).
        ("15-console-recursivedescription-then-dump.txt", "ViewController", .controller, "ViewController"),
        ("16-chisel-pvc-then-pkp.txt", "UITableViewController", .controller, "UITableViewController"),
        // A doc comment's `/// ` on every line, and its fence.
        ("17-snapshot-testing-doc-comment.txt", "UITabBarController", .tab, "UIViewController"),
        // Quoted and indented, chisel's prompt too (it was refused).
        // A tab bar by its name and its view (`UILayoutContainerView`), though its name does not end as UIKit's class does.
        ("18-wechat-maintabbar-quoted-pvc.txt", "MainTabBarViewController", .tab, "NewMainFrameViewController"),
        ("19-chisel-pvc-then-border.txt", "UINavigationController", .navigation, "ydHomeVC"),
        // Printed from a presented controller, with 2 spaces a level.
        // The Safari view's remote child is its own part, not a screen (it was reported as the visible controller).
        ("20-aswebauth-presented-root-2space.txt", "SFAuthenticationViewController", .controller, "SFAuthenticationViewController"),
        // A cheat sheet's section: the dump's block, a bullet, and a later block with another debugger command (refused).
        ("24-imagepicker-notes-then-next-command.txt", "UINavigationController", .navigation, "PUUIPhotosAlbumViewController"),
        // A line of the writer's between the prompt and the dump, left out (it was refused).
        ("29-chisel-hide-prose-after-prompt.txt", "UIViewController", .controller, "UIViewController"),
        // Five `NavigationViewController` tabs: navigation controllers by their name and their view.
        ("30-qyc-tabbar-navigationviewcontroller.txt", "TabBarController", .tab, "DiscoverViewController"),
        // cycript's session: an alias (`cy# pvcs()`) printed the dump, after other commands and their output (refused at line 2).
        ("31-monkeydev-cycript-pvcs-alias.txt", "CustomViewController", .controller, "CustomViewController"),
        // A test's one-line Swift string literal, the code around it left out (refused at `@Test`).
        ("25-swiftui-test-oneline-literal.txt", "ContentView", .controller, "ContentView"),
        // cycript's `.toString()` as a one-line quoted string with `\n` escapes.
        ("26-weibo-cycript-quoted-string.txt", "WFRootController", .controller, "WFWeiboController"),
        // chisel's `pvc` at its prompt, a bare prompt after it; five tabs, four not in the window, two-space `(view not loaded)`.
        ("27-dingtalk-pvc-console-tab5.txt", "DTTabBarController", .tab, "DTMessageOTOViewController"),
        // A `~~~objc` fence and `spo` prompt around it; a module-qualified Swift class.
        ("28-lldbtoolbox-spo-fenced-swift-tab.txt", "UITabBarController", .tab, "SwiftViewController"),
        // A 4-deep chain of full-screen presentations from a module-qualified root, debugger commands after it.
        ("32-minsone-chisel-present-dismiss-chain.txt", "BaseViewController", .controller, "BaseViewController#3"),
        ("33-minsone-chisel-pvc-chain-then-pvc-address.txt", "UIViewController", .controller, "UIViewController#4"),
    ])
    func aRealCaptureReadsAsAPersonReadsIt(file: String, root: String, kind: NodeKind, visible: String) throws {
        let captured = try Self.capture(file)
        let h = captured.hierarchy
        #expect(h.root == NodeID(root))
        #expect(h[NodeID(root)].kind == kind)
        #expect(ViewFinder().find(in: h).visible == NodeID(visible))
        // Ids never carry addresses.
        #expect(h.nodeIDs.allSatisfy { !$0.rawValue.contains("0x") })
        // The canonical snapshot reads back to the same hierarchy.
        let json = JSONWriter.compact(Snapshot.encode(h))
        let back = try Snapshot.decode(try JSONParser.parse(json), file: "\(file).json")
        #expect(JSONWriter.compact(Snapshot.encode(back)) == json)
        #expect(ViewFinder().find(in: back).visible == NodeID(visible))
    }

    /// What a console paste held besides the dump is named, so a user can see what was not read.
    @Test(arguments: [
        (
            "15-console-recursivedescription-then-dump.txt",
            "lines 1–4: the console output before the command on line 5 that printed the dump ('(lldb) po [self _printHierarchy]') left out: not the dump"
        ),
        ("16-chisel-pvc-then-pkp.txt", "lines 3–6: the debugger commands from line 3 on and their output left out: not the dump"),
        ("19-chisel-pvc-then-border.txt", "lines 4–6: debugger commands after the dump left out: not the dump"),
        (
            "20-aswebauth-presented-root-2space.txt",
            "line 1: SFAuthenticationViewController was presented (presented with: _UIFullscreenPresentationController), but what presented it is not in the dump: drawn as the window's root. Print the whole hierarchy with 'expr -l objc -O -- [UIViewController _printHierarchy]'"
        ),
    ])
    func aConsolePastesOtherLinesAreNoted(file: String, note: String) throws {
        let notes = try Self.capture(file).notes
        // Capture 15 was printed from `self` (`po [self _printHierarchy]`): what holds it is not in the dump, and said.
        let printedFrom =
            "line 5: printed from 'self', not from the window's root: what holds it (a tab bar, a split view, a presenter) is not in the dump, and it is drawn as the window's root. Print the whole hierarchy with 'expr -l objc -O -- [UIViewController _printHierarchy]'"
        let remote =
            "line 2: 'SFBrowserRemoteViewController' is taken for a part of 'SFAuthenticationViewController's screen (SFAuthenticationViewController's own), not a screen of its own: the screen is 'SFAuthenticationViewController'"
        #expect(notes == (file.hasPrefix("15-") ? [note, printedFrom] : file.hasPrefix("20-") ? [note, remote] : [note]))
    }

    @Test func whatWasGuessedIsTheCaptionOfTheCapturedState() throws {
        let file = "30-qyc-tabbar-navigationviewcontroller.txt"
        let run = ScenarioRunner.run(Capture.scenario(try Self.capture(file), file: file))
        #expect(
            run.steps[0].note
                == "Captured in 30-qyc-tabbar-navigationviewcontroller.txt. Note: 'TabBarController' is drawn as a tab container from its class name; pass --kind 'TabBarController=controller' if it is not one. Note: 5 controllers, 'NavigationViewController' to 'NavigationViewController#5', are drawn as navigation containers from their class name and their UILayoutContainerView; pass --kind 'NavigationViewController=tab', --kind 'NavigationViewController=split' or --kind 'NavigationViewController=controller' if they are not."
        )
        // SwiftUI's own split column navigation controller is known: no note asks to confirm it (a readability trial).
        let swiftUI = "09-swiftui-tabview-navigationview-appearing.txt"
        #expect(ScenarioRunner.run(Capture.scenario(try Self.capture(swiftUI), file: swiftUI)).steps[0].note == "Captured in \(swiftUI).")
    }

    /// WeChat's four `MMUINavigationController`s get one note, not four.
    @Test func aGuessIsNotedOncePerClass() throws {
        let notes = try Self.capture("04-wechat-tab-cycript.txt").notes
        #expect(
            notes == [
                "'MMTabBarController' is drawn as a tab container from its class name; pass --kind 'MMTabBarController=controller' if it is not one",
                "4 controllers, 'MMUINavigationController' to 'MMUINavigationController#4', are drawn as navigation containers from their class name; pass --kind 'MMUINavigationController=controller' if they are not",
            ])
    }

    /// Two captures of one app imported as a flow: the kind guesses the first capture noted are not repeated in
    /// the second step's note (a new user's trial found them in every step's caption), a new note is.
    @Test func anImportedFlowNotesEachGuessOnce() throws {
        let wechat = try Self.capture("04-wechat-tab-cycript.txt")
        let other = try Self.capture("01-objcio-pspdf-popover.txt")
        let value = Capture.scenarioJSON([("a.txt", wechat), ("b.txt", wechat), ("c.txt", other)], name: "flow")
        let scenario = try ScenarioDecoder.decode(JSONWriter.pretty(value), file: "flow.json")
        #expect(scenario.caption?.contains("MMTabBarController") == true)
        #expect(scenario.steps.map(\.note) == ["Captured in b.txt.", "Captured in c.txt. Note: \(other.notes[0])."])
    }

    /// A note on a capture's own state (no tab in the window) is kept in every step that has it, and a guess for
    /// the same class is one note however its ids differ between captures (both found by a review).
    @Test func anImportedFlowKeepsStateNotesAndMatchesGuessesByClass() throws {
        let covered = try Self.capture("03-snapshot-testing-detached-root.txt")
        let stateNote = try #require(covered.notes.first { $0.contains("no tab is in the window") })
        // Detached, nothing covers it: not guessed (a trial read 'a full-screen presentation covers it?').
        #expect(stateNote == "'UITabBarController': no tab is in the window (the hierarchy is in none), so the selected tab is left unset")
        let value = Capture.scenarioJSON([("a.txt", covered), ("b.txt", covered)], name: "flow")
        let scenario = try ScenarioDecoder.decode(JSONWriter.pretty(value), file: "flow.json")
        #expect(scenario.steps[0].note?.contains(stateNote) == true)
        let guess =
            "X' (Shop.RootNavigationController) is drawn as a navigation container from its class name; pass --kind 'RootNavigationController=controller' if it is not one"
        func capture(_ ids: String) -> CapturedHierarchy {
            var capture = covered
            capture.notes = ["'\(ids)\(guess)"]
            return capture
        }
        let twice = Capture.scenarioJSON([("a.txt", capture("A")), ("b.txt", capture("A', 'A#2"))], name: "flow")
        let notes = try ScenarioDecoder.decode(JSONWriter.pretty(twice), file: "flow.json").steps.map(\.note)
        #expect(notes == ["Captured in b.txt."])
        // One controller of the class in one capture, two in the next: the note's ending differs, the option not.
        let real = Capture.scenarioJSON(
            [
                ("a.txt", try Self.capture("09-swiftui-tabview-navigationview-appearing.txt")),
                ("b.txt", try Self.capture("10-swiftui-tab-switch-in-flight.txt")),
            ], name: "flow")
        let step = try ScenarioDecoder.decode(JSONWriter.pretty(real), file: "flow.json").steps[0].note ?? ""
        #expect(!step.contains("StyleContextSplitViewNavigationController"), "\(step)")
    }

    /// The run of captures imported as a flow, in order, each keeping the ids the one before gave its addresses.
    static func flowRun(_ texts: [String]) throws -> Run {
        var captures: [(file: String, capture: CapturedHierarchy)] = []
        var identities = CaptureIdentities()
        for (index, text) in texts.enumerated() {
            let capture = try Capture.load(text: text, file: "\(index).txt", continuing: identities)
            identities = capture.identities
            captures.append(("\(index).txt", capture))
        }
        return ScenarioRunner.run(
            try ScenarioDecoder.decode(JSONWriter.pretty(Capture.scenarioJSON(captures, name: "flow")), file: "flow.json"))
    }

    /// A flow with a capture taken in the presented controller's `viewDidLoad`: that step changes nothing on screen and
    /// sends no callback; the next, with the controller shown, sends them all in a presentation's order (a trial: the
    /// presenter's disappear callbacks came a step early, though it was printed appeared and in the window). So does one
    /// shown over a tab bar (a review: read as a tab switch), and one that presents on at once (P3: it appears first).
    @Test func aPresentationBegunSendsItsCallbacksWhenItIsShown() throws {
        let nav = "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n"
        let home = "   | <HomeViewController 0x3>, state: appeared, view: <UIView 0x4>"
        let login =
            "\n   + <LoginViewController 0x5>, state: %@, view: <UIView 0x6>%@, presented with: <_UIFullscreenPresentationController 0x7>"
        let texts = [
            nav + home,
            nav + home + String(format: login, "disappeared", " not in the window"),
            "<UINavigationController 0x1>, state: disappeared, view: <UILayoutContainerView 0x2> not in the window\n"
                + "   | <HomeViewController 0x3>, state: disappeared, view: <UIView 0x4> not in the window"
                + String(format: login, "appeared", ""),
        ]
        let run = try Self.flowRun(texts)
        #expect(
            run.steps.map { $0.outcome.events.map(\.description) } == [
                [], [],
                // The full-screen order (A3), as a presentation (a review: the push order came, the pending controller
                // taken for one presented already).
                [
                    "UINavigationController.viewWillDisappear", "HomeViewController.viewWillDisappear",
                    "LoginViewController.viewWillAppear", "LoginViewController.viewDidAppear",
                    "UINavigationController.viewDidDisappear", "HomeViewController.viewDidDisappear",
                ],
            ])
        #expect(run.steps.map(\.finder.onScreen) == [["HomeViewController"], ["HomeViewController"], ["LoginViewController"]])
        #expect(run.steps.map(\.finder.visible) == ["HomeViewController", "HomeViewController", "LoginViewController"])
        func events(_ texts: [String]) throws -> [String] {
            try Self.flowRun(texts).steps.last!.outcome.events.map(\.description)
        }
        let tabs = "<UITabBarController 0x8>, state: %@, view: <UILayoutContainerView 0x9>%@\n"
        let tab = "   | <HomeViewController 0x3>, state: %@, view: <UIView 0x4>%@"
        let shown = (state: "appeared", window: ""), gone = (state: "disappeared", window: " not in the window")
        let pending =
            String(format: tabs, shown.state, shown.window) + String(format: tab, shown.state, shown.window)
            + String(format: login, gone.state, gone.window)
        let over =
            String(format: tabs, gone.state, gone.window) + String(format: tab, gone.state, gone.window)
            + String(format: login, shown.state, shown.window)
        #expect(
            try events([pending, over]) == [
                "UITabBarController.viewWillDisappear", "HomeViewController.viewWillDisappear", "LoginViewController.viewWillAppear",
                "LoginViewController.viewDidAppear", "UITabBarController.viewDidDisappear", "HomeViewController.viewDidDisappear",
            ])
        // A push begun the same way: nothing on screen changes, then the push's callbacks in its order (A2).
        let detail = "\n   | <DetailViewController 0x9>, state: %@, view: <UIView 0xa>%@"
        let pushed =
            "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n"
            + "   | <HomeViewController 0x3>, state: disappeared, view: <UIView 0x4> not in the window"
            + String(format: detail, "appeared", "")
        #expect(try events([texts[0], nav + home + String(format: detail, "disappeared", " not in the window")]).isEmpty)
        #expect(
            try events([nav + home + String(format: detail, "disappeared", " not in the window"), pushed]) == [
                "HomeViewController.viewWillDisappear", "DetailViewController.viewWillAppear", "HomeViewController.viewDidDisappear",
                "DetailViewController.viewDidAppear",
            ])
        let alert =
            "\n   |    + <AlertViewController 0x9>, state: appeared, view: <UIView 0xa>, presented with: <_UIFullscreenPresentationController 0xb>"
        let covered = texts[2].replacingOccurrences(
            of: "LoginViewController 0x5>, state: appeared, view: <UIView 0x6>",
            with: "LoginViewController 0x5>, state: disappeared, view: <UIView 0x6> not in the window")
        #expect(
            try events([texts[1], covered + alert]).prefix(4) == [
                "UINavigationController.viewWillDisappear", "HomeViewController.viewWillDisappear", "LoginViewController.viewWillAppear",
                "LoginViewController.viewDidAppear",
            ])
    }

    /// A simulated step after a capture of a push or a presentation only begun finds it finished (C1): settled first,
    /// its callbacks reported with the step's own (a review: it never settled, and `popTo` the pending top left the one
    /// below it shown).
    @Test func aSimulatedStepSettlesWhatACaptureSawBegun() throws {
        let capture = try Capture.load(
            text: """
                <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
                   | <HomeViewController 0x3>, state: appeared, view: <UIView 0x4>
                   | <DetailViewController 0x5>, state: disappeared, view: <UIView 0x6> not in the window
                """, file: "push.txt")
        var sim = Simulator(hierarchy: capture.hierarchy)
        #expect(sim.visible == "HomeViewController")
        let push = sim.perform(.push(.screen("X")), StepOptions(animated: false))
        #expect(
            push.events.map(\.description).prefix(4) == [
                "HomeViewController.viewWillDisappear", "DetailViewController.viewWillAppear", "HomeViewController.viewDidDisappear",
                "DetailViewController.viewDidAppear",
            ])
        #expect(sim.hierarchy["DetailViewController"].transitionalState == nil)
        #expect(sim.perform(.popTo("DetailViewController"), StepOptions(animated: false)).status == .ok)
        #expect(sim.visible == "DetailViewController")
    }

    /// A flow whose first capture is a login screen and whose next is an expanded split is an iPad's from its first state on
    /// (a trial's was drawn on a phone, the split's note saying an iPad's).
    @Test func aFlowWithAnExpandedSplitAnywhereIsAPads() throws {
        let login = try Capture.load(text: "<Mail.LoginViewController 0x1>, state: appeared, view: <UIView 0x2>", file: "login.txt")
        let split = try Capture.load(
            text: """
                <UISplitViewController 0x3>, state: appeared, view: <_UISplitViewControllerPanelImplView 0x4>
                   | <UINavigationController 0x5>, state: appeared, view: <UILayoutContainerView 0x6>
                   |    | <Mail.MailboxViewController 0x7>, state: appeared, view: <UITableView 0x8>
                   | <UINavigationController 0x9>, state: appeared, view: <UILayoutContainerView 0xa>
                   |    | <Mail.MessageViewController 0xb>, state: appeared, view: <UIView 0xc>
                """, file: "split.txt", continuing: login.identities)
        #expect(login.hierarchy.device == .phone)
        let scenario = try ScenarioDecoder.decode(
            JSONWriter.pretty(Capture.scenarioJSON([("login.txt", login), ("split.txt", split)], name: "flow")), file: "flow.json")
        #expect(scenario.device == .pad)
        #expect(scenario.initialHierarchy?.device == .pad)
    }

    /// Four or more such containers of one class are named by the first and the last, as the class-name notes are
    /// (a trial found five ids in full beside a note that counted them).
    @Test func manyPlainContainersWithALayoutContainerViewAreCounted() throws {
        let tabs = (1...5).map { index in
            "   | <ShellController 0x7f91288\(index)0c00>, state: disappeared, view: <UILayoutContainerView 0x7f91270\(index)36c0> not in the window\n"
                + "   |    | <Screen\(index)ViewController 0x7f91271\(index)e490>, state: disappeared, view: <UIView 0x7f91254\(index)47f0> not in the window\n"
        }
        let text = "<TabBarController 0x7f9125838c00>, state: appeared, view: <UILayoutContainerView 0x7f9127105d80>\n" + tabs.joined()
        let capture = try Capture.load(text: text, file: "tabs.txt")
        #expect(
            capture.notes.contains(
                "5 controllers, 'ShellController' to 'ShellController#5', have a UILayoutContainerView, the view of navigation, tab bar and split view controllers, but are drawn as a plain container; pass --kind 'ShellController=navigation', --kind 'ShellController=tab' or --kind 'ShellController=split' if they are one"
            ), "\(capture.notes)")
    }

    /// A real capture's tabs are `NavigationViewController`s, each a UILayoutContainerView with one child: UINavigationController
    /// subclasses by their name and their view, drawn as navigation controllers with a note that says so (a trial of real
    /// captures found them drawn as custom containers). The note's `--kind` draws them plain again.
    @Test func aLayoutContainerWhoseNameSaysNavigationIsOne() throws {
        let file = "30-qyc-tabbar-navigationviewcontroller.txt"
        let capture = try Self.capture(file)
        let h = capture.hierarchy
        #expect(h["TabBarController"].children.map { h[$0].kind } == Array(repeating: .navigation, count: 5))
        #expect(h["TabBarController"].selected == 4)
        let note =
            "5 controllers, 'NavigationViewController' to 'NavigationViewController#5', are drawn as navigation containers from their class name and their UILayoutContainerView; pass --kind 'NavigationViewController=tab', --kind 'NavigationViewController=split' or --kind 'NavigationViewController=controller' if they are not"
        #expect(capture.notes.contains(note), "\(capture.notes)")
        let text = try PackagePaths.text(Self.folder.appendingPathComponent(file))
        let told = try Capture.load(text: text, file: file, kinds: ["NavigationViewController": .controller])
        #expect(told.hierarchy["NavigationViewController#5"].kind == .controller)
        #expect(!told.notes.contains(note))
    }

    /// iOS Settings' `PSUIPrefsRootController` is a navigation controller under another name: its view, a
    /// `UILayoutContainerView`, says it is a navigation or tab bar controller, so the note suggests `--kind`
    /// (a new user's trial found such controllers drawn as plain containers with no hint). With the option,
    /// it is a navigation controller and the note is gone.
    @Test func aPlainContainerWithALayoutContainerViewSuggestsAKind() throws {
        let file = "05-preferences-pssplit-cycript.txt"
        let hint =
            "'PSUIPrefsRootController' has a UILayoutContainerView, the view of navigation, tab bar and split view controllers, but is drawn as a plain container; pass --kind 'PSUIPrefsRootController=navigation', --kind 'PSUIPrefsRootController=tab' or --kind 'PSUIPrefsRootController=split' if it is one"
        let plain = try Self.capture(file)
        #expect(plain.notes.contains(hint))
        #expect(plain.hierarchy["PSUIPrefsRootController"].kind == .controller)
        let text = try PackagePaths.text(Self.folder.appendingPathComponent(file))
        let told = try Capture.load(text: text, file: file, kinds: ["PSUIPrefsRootController": .navigation])
        #expect(!told.notes.contains(hint))
        #expect(told.hierarchy["PSUIPrefsRootController"].kind == .navigation)
        #expect(ViewFinder().find(in: told.hierarchy).visible == "PSListItemsController")
    }

    /// A container with a tab bar's view whose name says tab bar is one, and the note says why.
    @Test func aLayoutContainerWhoseNameSaysTabBarIsOne() throws {
        #expect(
            try Self.capture("18-wechat-maintabbar-quoted-pvc.txt").notes.first
                == "'MainTabBarViewController' is drawn as a tab container from its class name and its UILayoutContainerView; pass --kind 'MainTabBarViewController=navigation', --kind 'MainTabBarViewController=split' or --kind 'MainTabBarViewController=controller' if it is not one"
        )
    }

    @Test func theSwiftUITabSwitchInFlightPicksTheAppearingTab() throws {
        let h = try Self.capture("10-swiftui-tab-switch-in-flight.txt").hierarchy
        #expect(h["UIKitTabBarController"].selected == 1)
        #expect(h["UIKitTabBarController"].children.map { h[$0].screen } == ["TabItem.RootView", "TabItem.RootView"])
    }

    /// The lines left out of a console paste, each said, in the order of the lines (a trial's line-15 note came first):
    /// - 29: a cheat sheet's line between the prompt and the dump is the writer's; the command typed after the dump too.
    /// - 31: the prompt right above the dump typed what printed it, whatever its name (MonkeyDev's `pvcs()`, an alias):
    ///   what came before it is other commands' output, and the commands after it are counted as several.
    /// - 24: the notes above the dump's command, and the text below its code block.
    @Test(arguments: [
        (
            "29-chisel-hide-prose-after-prompt.txt",
            [
                "line 3: the text between the command on line 2 and the dump it printed left out: not the dump",
                "line 6: a debugger command after the dump left out: not the dump",
            ]
        ),
        (
            "31-monkeydev-cycript-pvcs-alias.txt",
            [
                "lines 2–22: the console output before the command on line 23 that printed the dump ('cy# pvcs()') left out: not the dump",
                "lines 25–33: the debugger commands from line 25 on and their output left out: not the dump",
                "line 34: a debugger command after the dump left out: not the dump",
            ]
        ),
        (
            "24-imagepicker-notes-then-next-command.txt",
            [
                "lines 1–4: the text before the command on line 5 that printed the dump ('(lldb) po [[[UIWindow keyWindow] rootViewController] _print…') left out: not the dump",
                "lines 15–19: the text below the code block the dump is in (its closing fence is on line 13) left out: not the dump",
            ]
        ),
    ])
    func leftOutLinesAreNotedInLineOrder(file: String, notes: [String]) throws {
        #expect(try Self.capture(file).notes == notes)
    }

    @Test func everyCaptureImportsIntoOneScenarioThatRuns() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.first?.isNumber == true }
            .sorted()
        #expect(files.count == 33)
        // docs/captures.md counts them too (it said 23 once there were 30, a docs trial).
        let docs = try PackagePaths.text(PackagePaths.root.appendingPathComponent("docs/captures.md"))
        #expect(docs.contains("`Tests/Fixtures/captures/` holds \(files.count) complete dumps"))
        let captures = try files.map { (file: $0, capture: try Self.capture($0)) }
        let text = JSONWriter.pretty(Capture.scenarioJSON(captures, name: "Real captures"))
        let scenario = try ScenarioDecoder.decode(text, file: "real.json")
        let run = ScenarioRunner.run(scenario)
        #expect(run.steps.count == 33)
        #expect(run.steps.allSatisfy { $0.status == .ok })
        #expect(run.steps.last?.finder.visible == "UIViewController#4")
    }

    /// The same app state published three ways reads the same: fixture 13 as printed, and a blog's rendered copy that
    /// collapsed runs of spaces (`| | <…>`); fixture 01 and an older copy of the article whose class prints as its
    /// runtime subclass (`__PSPDFHooked_PSPDFViewController`) behind a prompt that lost its parenthesis; fixture 06 and
    /// the page's notes around it.
    @Test(arguments: [
        ("13-tab-pagesheet-chain.txt", "22-web-collapsed-whitespace-pagesheet-chain.txt"),
        ("01-objcio-pspdf-popover.txt", "23-objcio-hooked-class-truncated-prompt.txt"),
        ("06-imagepicker-fullscreen.txt", "24-imagepicker-notes-then-next-command.txt"),
    ])
    func oneStatePublishedTwoWaysReadsTheSame(_ original: String, _ copy: String) throws {
        #expect(try Self.capture(copy).hierarchy == Self.capture(original).hierarchy)
    }

    /// A dump word-wrapped by a web page or a mail (at a space, the space dropped) or hard-folded by a terminal (at one
    /// column, mid-word, the space kept where the cut fell) reads as printed. A captures trial: 32's 171-column lines
    /// wrapped at 172, the two longest as long, were joined as a fold with nothing between (`…PresentationController0x…`
    /// read as a class, drawn custom, without a word); 13 and 27 wrapped inside `(view not loaded)` were refused; a fold
    /// whose next line starts with the space after `no` was not seen; a fold's `> not in the window` read as a quote.
    @Test(arguments: [
        ("32-minsone-chisel-present-dismiss-chain.txt", "wrap", 172), ("13-tab-pagesheet-chain.txt", "wrap", 80),
        ("27-dingtalk-pvc-console-tab5.txt", "wrap", 82), ("13-tab-pagesheet-chain.txt", "wrap", 57),
        ("32-minsone-chisel-present-dismiss-chain.txt", "fold", 88), ("04-wechat-tab-cycript.txt", "fold", 102),
        ("04-wechat-tab-cycript.txt", "fold", 103), ("33-minsone-chisel-pvc-chain-then-pvc-address.txt", "wrap", 100),
    ])
    func aWrappedOrFoldedDumpReadsAsPrinted(file: String, how: String, width: Int) throws {
        let text = try PackagePaths.text(Self.folder.appendingPathComponent(file))
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            var rest = Substring(line)
            while rest.count > width {
                if how == "fold" {
                    lines.append(String(rest.prefix(width)))
                    rest = rest.dropFirst(width)
                } else if let space = rest.prefix(width + 1).lastIndex(of: " "), space > rest.startIndex {
                    lines.append(String(rest[..<space]))
                    rest = rest[rest.index(after: space)...]
                } else {
                    break
                }
            }
            lines.append(String(rest))
        }
        let wrapped = lines.joined(separator: "\n")
        #expect(wrapped != text)
        let original = try Self.capture(file)
        let read = try Capture.load(text: wrapped, file: file)
        #expect(read.hierarchy == original.hierarchy)
    }

    /// Printed from `self.navigationController`: what holds it is not in the dump, and the note says so.
    @Test func aDumpPrintedFromASubtreeSaysSo() throws {
        let captured = try Self.capture("21-qiita-self-navigationcontroller-subtree.txt")
        #expect(ViewFinder().find(in: captured.hierarchy).visible == "DetailViewController")
        #expect(
            captured.notes == [
                "line 1: printed from 'self.navigationController', not from the window's root: what holds it (a tab bar, a split view, a presenter) is not in the dump, and it is drawn as the window's root. Print the whole hierarchy with 'expr -l objc -O -- [UIViewController _printHierarchy]'"
            ])
    }

    /// Fragments, and published texts that are not dumps or hold one below other text, are refused by what they are (a
    /// trial of new real captures: a Frida tool's log read as JSON, chisel's older pvc called "a shortened dump").
    @Test(arguments: [
        (
            "notadump-01-fridadev-tool-log-then-dump.txt",
            #"notadump-01-fridadev-tool-log-then-dump.txt: line 1: '[*] Device info: Device(id="33010c846ea011df002c0781f922a10…' is not part of a dump, which starts on line 25: remove the lines above it"#
        ),
        (
            "notadump-02-chisel-legacy-pvc.txt",
            "notadump-02-chisel-legacy-pvc.txt: line 2: '<TabBarController: 0x13772fd0; view = <UILayoutContainerVie…' is not _printHierarchy's: a view's description (recursiveDescription) or an older chisel pvc's line, with no state: print the controllers with 'expr -l objc -O -- [UIViewController _printHierarchy]'"
        ),
        // A page that lost its line breaks, the command glued to the dump (it was "expected a view controller line").
        (
            "notadump-03-wechat-lines-joined-command-glued.txt",
            "notadump-03-wechat-lines-joined-command-glued.txt: line 4: text after the controller's line ('               | <WCAccountLoginLastUserViewController 0x18…'): lines joined into one, or a note added; paste the dump as the debugger printed it, one controller a line"
        ),
        (
            "fragment-01-ibooks-lookup.txt",
            "fragment-01-ibooks-lookup.txt: line 1: the dump starts below the top level: it is a fragment; print the whole hierarchy with 'expr -l objc -O -- [UIViewController _printHierarchy]'"
        ),
        (
            "fragment-02-swiftui-tab-line.txt",
            "fragment-02-swiftui-tab-line.txt: line 1: the dump starts below the top level: it is a fragment; print the whole hierarchy with 'expr -l objc -O -- [UIViewController _printHierarchy]'"
        ),
    ])
    func aTextThatIsNotAWholeDumpIsRefusedAsWhatItIs(file: String, message: String) throws {
        #expect {
            try Self.capture(file)
        } throws: { error in
            (error as? ScenarioErrors)?.description == message
        }
    }
}
