import Foundation
import NavVizCore
import NavVizFormat
import Testing

@testable import NavVizRender
@testable import NavVizReview

/// Captured controllers are numbered in print order; `navviz diff` matches two captured runs' controllers by their place
/// (a code-review trial: with a tab removed, the presented navigation controller `#5` printed as `#4`, read as the old
/// fourth tab moved, and its real change, the style, went unsaid).
@Suite struct CaptureMatchingTests {
    /// A tab bar of navigation controllers whose roots are `tabs`' classes, tab 0 selected.
    static func tabBar(_ tabs: [String], selected: Int = 0) -> String {
        var text = "<UITabBarController 0x10>, state: appeared, view: <UILayoutContainerView 0x11>\n"
        for (index, root) in tabs.enumerated() {
            let shown = index == selected
            let address = 0x100 * (index + 1)
            let state = shown ? "appeared" : "disappeared"
            text += "   | <UINavigationController 0x\(String(address, radix: 16))>, state: \(state), view: "
            text += shown ? "<UILayoutContainerView 0x\(String(address + 1, radix: 16))>\n" : "(view not loaded)\n"
            text += "   |    | <App.\(root) 0x\(String(address + 2, radix: 16))>, state: \(state), view: "
            text += shown ? "<UIView 0x\(String(address + 3, radix: 16))>\n" : "(view not loaded)\n"
        }
        return text
    }

    /// A navigation controller presented by the tab bar, with `root`, in `style`'s presentation controller.
    static func sheet(_ root: String, style: String) -> String {
        "   + <UINavigationController 0x900>, state: appeared, view: <UILayoutContainerView 0x901>, presented with: "
            + "<_UI\(style)PresentationController 0x902>\n"
            + "   |    | <App.\(root) 0x910>, state: appeared, view: <UIView 0x911>\n"
    }

    /// The scenario `navviz import` writes of these captures (the first the initial state).
    static func imported(_ texts: [String]) throws -> String {
        var captures: [(file: String, capture: CapturedHierarchy)] = []
        var identities = CaptureIdentities()
        for (index, text) in texts.enumerated() {
            let capture = try Capture.read(text, file: "\(index).txt", continuing: identities)
            identities = capture.identities
            captures.append(("\(index).txt", capture))
        }
        return JSONWriter.pretty(Capture.scenarioJSON(captures, name: "flow"))
    }

    /// An imported flow of these captures, as `diff` reads it.
    static func flow(_ texts: [String], file: String) throws -> DiffRun {
        try DiffRun.load(text: imported(texts), file: file)
    }

    /// A flow re-imported after a change, its second capture taken in another launch of the app: `navviz import` numbers
    /// that capture's controllers afresh, by class and print order, so its `ViewController` is not the first state's. Against
    /// the old flow (both captures of one launch, one controller popped from the bottom of a stack), the new one read ten
    /// changes where it only gained a controller (a code-review trial). Each state is matched with its counterpart alone
    /// when that leaves fewer differences; its callbacks, simulated across the renumbering, are not compared.
    /// The captures are the real `Tests/Fixtures/captures/13-tab-pagesheet-chain.txt` (SOURCES.md) and two edits of it.
    @Test func aCaptureOfAnotherLaunchIsMatchedByItsPlaceAlone() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let first = try String(contentsOf: folder.appendingPathComponent("Fixtures/captures/13-tab-pagesheet-chain.txt"), encoding: .utf8)
        var lines = first.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The same launch: the stack's bottom controller, whose view was never loaded, popped off.
        lines.remove(at: 2)
        let popped = lines.joined(separator: "\n")
        // Another launch (every address another) with a settings screen at the bottom of the second tab's stack.
        lines.insert(
            "   |    | <App.SettingsViewController 0x12ffff000>, state: disappeared, view: <UIView 0x12fff0000> not in the window",
            at: 6)
        let relaunched = lines.joined(separator: "\n").replacingOccurrences(of: "0x12", with: "0x15")
        let old = try Self.flow([first, popped], file: "old.json")
        let new = try Self.flow([first, relaunched], file: "new.json")
        #expect(new.steps[1].hierarchy["ViewController"].isLoaded)
        let diff = RunDiff(old: old, new: new)
        #expect(
            diff.entries.map(\.summary) == [
                "step 1: + SettingsViewController only in new, in UINavigationController#2 below ViewController#5"
            ])
        #expect(
            diff.notes == [
                "captured controllers are numbered in print order, so new.json's are matched with old.json's by their place and "
                    + "named as there: ViewController as ViewController#2, ViewController#2 as ViewController#3, ViewController#3 "
                    + "as ViewController#4 and 7 more"
            ])
    }

    static let fourTabs = ["ChatsViewController", "ContactsViewController", "DiscoverViewController", "MoreViewController"]

    /// The trial's pull request: the fourth tab removed, the sheet's style changed. The presented navigation controller
    /// is `#5` in one flow and `#4` in the other; it is compared as one, and only the style is said of it.
    @Test(arguments: [
        (
            "FormSheet", "UINavigationController#5 style pageSheet → formSheet; and 1 difference shown at an earlier step",
            ["step 0", "step 1"]
        ),
        ("PageSheet", "", ["step 0"]),
    ])
    func aRemovedTabDoesNotRenumberAPresentation(style: String, secondLine: String, steps: [String]) throws {
        func captures(_ tabs: [String], _ style: String) -> [String] {
            [Self.tabBar(tabs), Self.tabBar(tabs) + Self.sheet("ContactInfoViewController", style: style), Self.tabBar(tabs, selected: 1)]
        }
        let old = try Self.flow(captures(Self.fourTabs, "PageSheet"), file: "old.json")
        let new = try Self.flow(captures(Array(Self.fourTabs.prefix(3)), style), file: "new.json")
        #expect(new.steps[1].hierarchy.contains("UINavigationController#4"))
        let diff = RunDiff(old: old, new: new)
        let removal = "step 0: - UINavigationController#4 (with MoreViewController) only in old, tab 3 of UITabBarController"
        #expect(diff.entries.map(\.summary) == [removal] + (secondLine.isEmpty ? [] : ["step 1: " + secondLine]))
        #expect(diff.entries.map { "step \($0.index)" } == steps)
        // The last capture switched tabs in both: it differs only by the removed tab, said at step 0.
        #expect(diff.carried == 3 - steps.count)
        #expect(
            diff.notes == [
                "captured controllers are numbered in print order, so new.json's are matched with old.json's by their place "
                    + "and named as there: UINavigationController#4 as UINavigationController#5"
            ])
        #expect(diff.new.steps[1].hierarchy["UINavigationController#5"].presenter == "UITabBarController")
    }

    /// A tab removed from the middle: the later tabs, numbered one lower, are matched by their roots' classes.
    @Test func aMiddleTabRemovedIsTheOnlyDifference() throws {
        let old = try Self.flow([Self.tabBar(Self.fourTabs)], file: "old.json")
        var three = Self.fourTabs
        three.remove(at: 1)
        let new = try Self.flow([Self.tabBar(three)], file: "new.json")
        let diff = RunDiff(old: old, new: new)
        #expect(
            diff.entries.map(\.summary) == [
                "step 0: - UINavigationController#2 (with ContactsViewController) only in old, tab 1 of UITabBarController"
            ])
        #expect(
            diff.notes.first?.hasSuffix(
                "UINavigationController#2 as UINavigationController#3, UINavigationController#3 as UINavigationController#4") == true)
    }

    /// A tab added before a presentation: the presented controller takes its old number, and the added tab, whose number
    /// it took, is named as the new flow names it, marked as the new flow's.
    @Test func anUnmatchedControllerWhoseNumberIsTakenIsMarkedAsTheNewRuns() throws {
        let old = try Self.flow(
            [Self.tabBar(["ChatsViewController"]) + Self.sheet("ContactInfoViewController", style: "PageSheet")], file: "old.json")
        let new = try Self.flow(
            [Self.tabBar(["ChatsViewController", "MoreViewController"]) + Self.sheet("ContactInfoViewController", style: "PageSheet")],
            file: "new.json")
        let diff = RunDiff(old: old, new: new)
        #expect(
            diff.entries.map(\.summary) == [
                "step 0: + new's UINavigationController#2 (with MoreViewController) only in new, tab 1 of UITabBarController"
            ])
        #expect(
            diff.notes.first?.hasSuffix(
                "UINavigationController#2 as new's UINavigationController#2, UINavigationController#3 as UINavigationController#2") == true)
    }

    /// Scenario runs name controllers in their steps by these numbers: they are compared as they are.
    @Test func scenarioRunsAreNotRenumbered() throws {
        let old = try RunDiffTests.run([#"{"push": "Product"}"#], file: "old.json")
        let new = try RunDiffTests.run([#"{"push": "Product"}"#, #"{"push": "Product"}"#], file: "new.json")
        #expect(!CaptureMatching.isCaptured(old))
        #expect(RunDiff(old: old, new: new).notes == [])
    }

    /// Captures of one app with nothing removed match every controller with itself: no note.
    @Test func identicalCapturesNeedNoRenaming() throws {
        let texts = [Self.tabBar(Self.fourTabs), Self.tabBar(Self.fourTabs) + Self.sheet("ContactInfoViewController", style: "PageSheet")]
        let diff = RunDiff(old: try Self.flow(texts, file: "old.json"), new: try Self.flow(texts, file: "new.json"))
        #expect(diff.isIdentical)
        #expect(diff.notes == [])
    }
}

extension CaptureMatchingTests {
    /// A stack of repeated classes in another launch (no address shared): a screen inserted is one insertion, the rest
    /// paired in order; the k-th alike was paired with the k-th, and read as a move and an insertion (a code-review
    /// trial's 3,000-controller capture read 26 moves).
    @Test func aScreenInsertedAmongRepeatedClassesIsOneInsertion() throws {
        func stack(_ classes: [String], base: Int) -> String {
            var text = "<UINavigationController 0x\(String(base, radix: 16))>, state: appeared, view: <UILayoutContainerView 0x1>\n"
            for (index, name) in classes.enumerated() {
                let last = index == classes.count - 1
                let address = String(base + 0x10 * (index + 1), radix: 16)
                text +=
                    "   | <App.\(name) 0x\(address)>, state: \(last ? "appeared" : "disappeared"), view: <UIView 0x2>"
                    + (last ? "\n" : " not in the window\n")
            }
            return text
        }
        let old = try Self.flow([stack(["List", "Detail", "Settings", "List", "Detail", "Settings"], base: 0x1000)], file: "old.json")
        let new = try Self.flow(
            [stack(["List", "Detail", "Settings", "Detail", "List", "Detail", "Settings"], base: 0x9000)], file: "new.json")
        #expect(
            RunDiff(old: old, new: new).entries.map(\.summary) == [
                "step 0: + new's Detail#2 only in new, in UINavigationController below List#2"
            ])
    }

    /// A capture that may have lost its last lines says so in the diff, as `run` and `import` do: its missing controller read
    /// as popped, unexplained (a captures trial). Fixture 04 without its last line.
    @Test func aCaptureCutShortIsSaidInTheDiff() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: folder.appendingPathComponent("Fixtures/captures/04-wechat-tab-cycript.txt"), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.last?.isEmpty == true { lines.removeLast() }
        lines.removeLast()
        let old = try DiffRun.load(text: text, file: "a.txt")
        let cut = try DiffRun.load(text: lines.joined(separator: "\n") + "\n", file: "b.txt", continuing: old.identities)
        let diff = RunDiff(old: old, new: cut)
        #expect(!diff.isIdentical)
        #expect(
            diff.notes == [
                "b.txt: 'MMUINavigationController#4' has no controller below it, on the dump's last line: a navigation controller holds "
                    + "at least its root, so the dump may have lost its last lines (a paste cut short?)"
            ])
        #expect(RunDiff(old: old, new: old).notes == [])
    }

    /// Two capture files of one launch name their controllers by address already: a new navigation controller in tab 0's
    /// place is another controller, said as such, not matched with the one it replaced by its place.
    @Test func capturesOfOneLaunchKeepTheirAddressesIdentities() throws {
        let old = Self.tabBar(["ChatsViewController", "MoreViewController"])
        let new = old.replacingOccurrences(of: "<UINavigationController 0x100>", with: "<UINavigationController 0x700>")
        let first = try DiffRun.load(text: old, file: "a.txt")
        let second = try DiffRun.load(text: new, file: "b.txt", continuing: first.identities)
        let diff = RunDiff(old: first, new: second)
        #expect(diff.notes == [])
        #expect(
            diff.entries.map(\.summary) == ["step 0: ~ UINavigationController replaced by UINavigationController#3 in UITabBarController"])
        // Another launch (no address in common): matched by place, the same app, and said as `import` says it (a trial).
        let relaunched = try DiffRun.load(
            text: new.replacingOccurrences(of: "0x", with: "0x8"), file: "c.txt", continuing: first.identities)
        let again = RunDiff(old: first, new: relaunched)
        #expect(again.isIdentical)
        #expect(
            again.notes == [
                "c.txt: no controller is at an address the capture before printed (a new window root, another launch of the app, "
                    + "or another app): controllers are told apart by class name alone"
            ])
        // A new window root: its controllers numbered after the old one's, said (a trial saw `ViewController#2` where `run`
        // of the file says `ViewController`).
        let signedIn = try DiffRun.load(
            text: "<LoginViewController 0x900>, state: appeared, view: <UIView 0x901>", file: "login.txt")
        let home = try DiffRun.load(
            text: old.replacingOccurrences(of: "0x", with: "0x8"), file: "home.txt", continuing: signedIn.identities)
        #expect(
            RunDiff(old: signedIn, new: home).notes.first
                == "home.txt: no controller is at an address the capture before printed, and the window's root is another "
                + "(UITabBarController, was LoginViewController): a new window root, every controller of it new")
    }
}

extension CaptureMatchingTests {
    /// Two tabs swapped: each navigation controller is matched by its root, out of order, and the swap is said as a
    /// reorder (matched in order only, the second was left unmatched and read as added and removed).
    @Test func swappedTabsAreMatchedByTheirRoots() throws {
        let old = try Self.flow([Self.tabBar(Self.fourTabs)], file: "old.json")
        let swapped = [Self.fourTabs[0], Self.fourTabs[2], Self.fourTabs[1], Self.fourTabs[3]]
        let new = try Self.flow([Self.tabBar(swapped)], file: "new.json")
        let diff = RunDiff(old: old, new: new)
        #expect(
            diff.entries.map(\.summary) == [
                "step 0: UITabBarController reordered UINavigationController#3 (with DiscoverViewController) tab 2 → 1"
            ])
        #expect(diff.new.steps[0].hierarchy["UINavigationController#3"].children == ["DiscoverViewController"])
    }
}

extension CaptureMatchingTests {
    /// A tab inserted before others: every old tab is matched with its own root, though the new one took the second's
    /// number (matched by number first, each later tab read as another screen).
    @Test func aTabInsertedBeforeOthersIsTheOnlyDifference() throws {
        let old = try Self.flow([Self.tabBar(Self.fourTabs)], file: "old.json")
        var five = Self.fourTabs
        five.insert("WalletViewController", at: 1)
        let new = try Self.flow([Self.tabBar(five)], file: "new.json")
        let diff = RunDiff(old: old, new: new)
        #expect(
            diff.entries.map(\.summary) == [
                "step 0: + new's UINavigationController#2 (with WalletViewController) only in new, tab 1 of UITabBarController"
            ])
    }
}

extension CaptureMatchingTests {
    /// A renamed controller's callbacks are renamed in their text too: compared as text, the old name read as another
    /// callback (a review: `callbacks +Nav#4.viewWillDisappear, −Nav#3.viewWillDisappear` on a step the flows share).
    @Test func renamingAStepRenamesItsCallbacksText() throws {
        let run = try RunDiffTests.run([#"{"push": "Product"}"#])
        var step = run.steps[1]
        step.callbacks = [
            .init(controller: "Product", text: "Product.viewWillAppear (not animated)"),
            .init(controller: "Home", text: "Home.viewWillDisappear"),
        ]
        let renamed = step.renamingNodes(["Product": "Product#2"])
        #expect(renamed.callbacks?.map(\.text) == ["Product#2.viewWillAppear (not animated)", "Home.viewWillDisappear"])
        #expect(renamed.callbacks?.map(\.controller) == ["Product#2", "Home"])
        #expect(renamed.finder.visible == "Product#2")
        #expect(renamed.canonical.contains(#""Product#2""#))
    }
}

extension CaptureMatchingTests {
    /// A tab whose root changed is paired with the old tab in its place, whatever their numbers (a review: the next
    /// number after a hand-edited `#9223372036854775807` crashed when unmatched ones were numbered anew).
    @Test func aTabWhoseRootChangedIsPairedWithTheOneInItsPlace() throws {
        func node(_ id: String, _ kind: String = "controller", children: [String] = [], presented: String? = nil) -> String {
            let screen = id.split(separator: "#").first!
            return #"{"id": "\#(id)", "kind": "\#(kind)", "screen": "\#(screen)", "children": [\#(children.joined(separator: ", "))]"#
                + (presented.map { #", "presented": \#($0)"# } ?? "") + "}"
        }
        func flow(_ tabs: [(String, String)], sheet: String, file: String) throws -> DiffRun {
            let presented = node(sheet, "navigation", children: [node("Profile")]).replacingOccurrences(
                of: #""kind": "navigation", "#, with: #""kind": "navigation", "style": "pageSheet", "#)
            let root = node(
                "Tabs", "tab", children: tabs.map { node($0.0, "navigation", children: [node($0.1)]) }, presented: presented
            ).replacingOccurrences(of: #""kind": "tab", "#, with: #""kind": "tab", "selected": 0, "#)
            return try DiffRun.load(text: #"{"navviz": 1, "name": "flow", "root": \#(root), "steps": []}"#, file: file)
        }
        let old = try flow([("Nav", "Chats"), ("Nav#9223372036854775807", "Other")], sheet: "Nav#2", file: "old.json")
        let new = try flow([("Nav", "Chats"), ("Nav#2", "More")], sheet: "Nav#3", file: "new.json")
        let diff = RunDiff(old: old, new: new)
        #expect(
            diff.notes == [
                "captured controllers are numbered in print order, so new.json's are matched with old.json's by their place and "
                    + "named as there: Nav#2 as Nav#9223372036854775807, Nav#3 as Nav#2"
            ])
        #expect(diff.entries.map(\.summary) == ["step 0: ~ Other replaced by More in Nav#9223372036854775807"])
    }
}

extension CaptureMatchingTests {
    /// Two tabs alike by their roots, one with a pushed screen: matched by all their children's classes first, then the
    /// k-th alike with the k-th; one tab moved to the front is one move, not a rotation with the pushed screen moved (a
    /// review).
    @Test func aTabMovedToTheFrontAmongAlikeTabsIsOneMove() throws {
        func bar(_ tabs: [String]) -> String {
            var lines = Self.tabBar(tabs).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let chats = lines.firstIndex {
                $0.contains("App.ChatsViewController 0x\(String(0x100 * (tabs.firstIndex(of: "ChatsViewController")! + 1) + 2, radix: 16))")
            }!
            lines.insert("   |    | <App.DetailViewController 0x990>, state: disappeared, view: (view not loaded)", at: chats + 1)
            return lines.joined(separator: "\n")
        }
        let old = try Self.flow([bar(["ChatsViewController", "MoreViewController", "ChatsViewController"])], file: "old.json")
        let new = try Self.flow([bar(["MoreViewController", "ChatsViewController", "ChatsViewController"])], file: "new.json")
        let diff = RunDiff(old: old, new: new)
        #expect(
            diff.entries.map(\.summary) == [
                "step 0: UITabBarController reordered UINavigationController#2 (with MoreViewController) tab 1 → 0; "
                    + "UINavigationController#2 view loaded only in new; MoreViewController view loaded only in new; "
                    + "UINavigationController view loaded only in old; ChatsViewController view loaded only in old; "
                    // Its top not loaded over a controller on screen: a push begun in the old capture (semantics A8).
                    + "DetailViewController captured state pending → settled; visible ChatsViewController → MoreViewController"
            ])
        #expect(!diff.entries[0].summary.contains("moved"))
    }
}

extension CaptureMatchingTests {
    /// Sheets, each a navigation controller around `roots`' classes, each presented by the one before (the first by the
    /// tab bar), in `style`'s presentation controller.
    static func chain(_ roots: [String], style: String = "PageSheet") -> String {
        var text = ""
        for (depth, root) in roots.enumerated() {
            let indent = "   " + String(repeating: "|    ", count: depth)
            let address = 0x900 + 0x100 * depth
            text += "\(indent)+ <UINavigationController 0x\(String(address, radix: 16))>, state: appeared, view: "
            text += "<UILayoutContainerView 0x\(String(address + 1, radix: 16))>, presented with: "
            text += "<_UI\(style)PresentationController 0x\(String(address + 2, radix: 16))>\n"
            text +=
                "\(indent)|    | <App.\(root) 0x\(String(address + 3, radix: 16))>, state: appeared, view: <UIView 0x\(String(address + 4, radix: 16))>\n"
        }
        return text
    }

    /// A sheet inserted in front of a chain of sheets: the chain is matched as one list, by class, so the sheets after it
    /// are the same ones presented by another, not each paired with the one before it (a trial: a push and two moves
    /// were invented, and a style change went to the wrong sheet).
    @Test func aSheetInsertedInFrontOfAChainIsTheOnlyDifference() throws {
        let tabs = Self.tabBar(["ChatsViewController"])
        let old = try Self.flow([tabs, tabs + Self.chain(["ForwardViewController", "SelectViewController"])], file: "old.json")
        let new = try Self.flow(
            [tabs, tabs + Self.chain(["ConsentViewController", "ForwardViewController", "SelectViewController"])], file: "new.json")
        let diff = RunDiff(old: old, new: new)
        #expect(
            diff.entries.map(\.summary) == [
                "step 1: + new's UINavigationController#2 (with ConsentViewController) only in new, presented by "
                    + "UITabBarController (pageSheet); ~ UINavigationController#2 moved from presented by UITabBarController to "
                    + "presented by new's UINavigationController#2"
            ])
        #expect(
            diff.notes.first?.hasSuffix(
                "UINavigationController#2 as new's UINavigationController#2, UINavigationController#3 as UINavigationController#2, UINavigationController#4 as UINavigationController#3"
            ) == true)
    }
}

extension CaptureMatchingTests {
    /// A presented navigation controller whose class was renamed is replaced where it is presented, as a tab's is in its
    /// place (a trial: it read as added and removed, its root moved, and was restated at the next step); the sheet it
    /// presents next, renamed too, is a replacement of its own, said once, not the pair restated with a longer list.
    @Test func aPresentedControllerRenamedIsReplacedNotAddedAndRemoved() throws {
        let tabs = Self.tabBar(["ChatsViewController"])
        func flow(_ file: String, _ rename: (String) -> String) throws -> DiffRun {
            try Self.flow(
                [
                    tabs, tabs + rename(Self.chain(["ForwardViewController"])),
                    tabs + rename(Self.chain(["ForwardViewController", "SelectViewController"])),
                ],
                file: file)
        }
        let diff = RunDiff(
            old: try flow("old.json") { $0 },
            new: try flow("new.json") {
                $0.replacingOccurrences(of: "<UINavigationController 0x", with: "<App.SheetNavigationController 0x")
            })
        #expect(
            diff.entries.map(\.summary) == [
                "step 1: ~ UINavigationController#2 replaced by SheetNavigationController presented by UITabBarController",
                "step 2: ~ UINavigationController#3 replaced by SheetNavigationController#2 presented by SheetNavigationController; "
                    + "and 1 difference shown at an earlier step",
            ])
    }
}

extension CaptureMatchingTests {
    /// A tab removed while another tab's root is renamed: between the tabs matched by their roots the ones left are paired
    /// in order, the fewest changes (a trial: a rename here, a removal and an addition there, by where the numbers fell);
    /// where one side has more left, a root whose name starts as one old root's does decides, else the pair is a guess, said.
    @Test(
        arguments: [
            (
                ["ChatsViewController", "DiscoverViewController", "MeViewController"],
                "step 0: ~ MoreViewController replaced by MeViewController in UINavigationController#4; - UINavigationController#2 "
                    + "(with ContactsViewController) only in old, tab 1 of UITabBarController",
                nil
            ),
            (
                ["ChatsViewController", "ContactListViewController", "MoreViewController"],
                "step 0: ~ ContactsViewController replaced by ContactListViewController in UINavigationController#2; - "
                    + "UINavigationController#3 (with DiscoverViewController) only in old, tab 2 of UITabBarController",
                nil
            ),
            (
                ["ChatsViewController", "WalletViewController", "MoreViewController"],
                "step 0: ~ ContactsViewController replaced by WalletViewController in UINavigationController#2; - "
                    + "UINavigationController#3 (with DiscoverViewController) only in old, tab 2 of UITabBarController",
                "new.json's UINavigationController#2 (with WalletViewController) is taken for old.json's UINavigationController#2 "
                    + "(with ContactsViewController), but could as well be its UINavigationController#3 (with DiscoverViewController): "
                    + "nothing in the captures tells them apart"
            ),
            (
                ["ChatsViewController", "WalletViewController", "CardsViewController", "DiscoverViewController", "MoreViewController"],
                "step 0: ~ ContactsViewController replaced by WalletViewController in UINavigationController#2; + new's "
                    + "UINavigationController#3 (with CardsViewController) only in new, tab 2 of UITabBarController",
                "old.json's UINavigationController#2 (with ContactsViewController) is taken to be new.json's "
                    + "UINavigationController#2 (with WalletViewController), but could as well be its UINavigationController#3 (with "
                    + "CardsViewController): nothing in the captures tells them apart"
            ),
            // More new ones than old: the one whose root's name starts as the old root's does is paired, wherever it is.
            (
                [
                    "ChatsViewController", "WalletViewController", "ContactListViewController", "DiscoverViewController",
                    "MoreViewController",
                ],
                "step 0: + new's UINavigationController#2 (with WalletViewController) only in new, tab 1 of UITabBarController; "
                    + "~ ContactsViewController replaced by ContactListViewController in UINavigationController#2",
                nil
            ),
        ] as [([String], String, String?)])
    func aTabRemovedBesideARenamedOneKeepsTheOrder(tabs: [String], summary: String, guess: String?) throws {
        let old = try Self.flow([Self.tabBar(Self.fourTabs)], file: "old.json")
        let new = try Self.flow([Self.tabBar(tabs)], file: "new.json")
        let diff = RunDiff(old: old, new: new)
        #expect(diff.entries.map(\.summary) == [summary])
        #expect(diff.notes.filter { !$0.hasPrefix("captured controllers") } == (guess.map { [$0] } ?? []))
    }
}

extension CaptureMatchingTests {
    /// A reorder names the children that moved, all but the longest run kept in order (the earliest of equal runs).
    @Test(arguments: [
        ("a b c d", "a c d b", "b"),
        ("a b", "b a", "b"),
        ("a b c", "c b a", "c b"),
        ("a b c d", "b a d c", "b d"),
        ("a b c", "a b c", ""),
    ])
    func aReorderNamesWhatMoved(old: String, new: String, moved: String) {
        func ids(_ text: String) -> [NodeID] { text.split(separator: " ").map { NodeID(String($0)) } }
        #expect(HierarchyChanges.moved(ids(old), ids(new)) == ids(moved))
    }
}

extension CaptureMatchingTests {
    /// A difference an earlier step said is left out of the tag of a controller a later step names for something else:
    /// the reordered tab bar that then switched tabs read `~ tab 1 → 2, tabs reordered` in both diagrams (a trial).
    @Test func aTagLeavesOutWhatAnEarlierStepSaid() throws {
        let moved = ["ChatsViewController", "DiscoverViewController", "MoreViewController", "ContactsViewController"]
        let old = try Self.flow([Self.tabBar(Self.fourTabs), Self.tabBar(Self.fourTabs, selected: 1)], file: "old.json")
        let new = try Self.flow([Self.tabBar(moved), Self.tabBar(moved, selected: 2)], file: "new.json")
        let diff = RunDiff(old: old, new: new)
        #expect(diff.entries.map { "step \($0.index)" } == ["step 0", "step 1"])
        #expect(diff.entries[1].summary.hasPrefix("step 1: UITabBarController selected tab 1 → 2;"))
        #expect(diff.entries[1].quiet == ["UITabBarController": [.order]])
        let report = RunDiffReport(diff, diagramFolder: nil)
        let dots = report.diagrams().map(\.dot)
        #expect(dots[0].contains("~ tabs reordered"))
        #expect(dots[1].contains("~ tab 1 → 2<") && !dots[1].contains("reordered"))
        let mermaid = report.mermaidBlock(diff.entries[1])
        #expect(mermaid.contains("~ tab 1 → 2") && !mermaid.contains("reordered"))
        // A controller the step names for something the tag has no word for keeps its mark: `changed`.
        let alone = DiagramScene.marksAndWords(
            before: old.steps[0].hierarchy, after: diff.new.steps[0].hierarchy, unmarked: [], quiet: ["UITabBarController": [.order]])
        #expect(alone.marks["UITabBarController"] == .changed && alone.words["UITabBarController"] == "changed")
    }
}

extension CaptureMatchingTests {
    /// A capture taken mid-transition differs from the one before in the states it printed: said, as a removed step's
    /// line says what it did (a trial: a back swipe in flight read "no change").
    @Test func aCapturedTransitionalStateIsAChange() throws {
        let settled = """
            <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
               | <App.PostViewController 0x3>, state: disappeared, view: <UIView 0x4> not in the window
               | <App.CommentsViewController 0x5>, state: appeared, view: <UIView 0x6>
            """
        let swiping = settled.replacingOccurrences(
            of: "disappeared, view: <UIView 0x4> not in the window", with: "appearing, view: <UIView 0x4>"
        )
        .replacingOccurrences(of: "0x5>, state: appeared", with: "0x5>, state: disappearing")
        let old = try DiffRun.load(text: settled, file: "a.txt")
        let new = try DiffRun.load(text: swiping, file: "b.txt", continuing: old.identities)
        let changes = HierarchyChanges(
            old: old.steps[0].hierarchy, oldVisible: old.steps[0].finder.visible, new: new.steps[0].hierarchy,
            newVisible: new.steps[0].finder.visible)
        #expect(
            changes.phrases == [
                "PostViewController captured state settled → appearing", "CommentsViewController captured state settled → disappearing",
            ])
        #expect(changes.aspects == [.state, .state])
    }
}
