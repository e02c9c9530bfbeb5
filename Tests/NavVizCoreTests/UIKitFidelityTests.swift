import Testing

@testable import NavVizCore

/// Rules read from Apple's documentation sentence by sentence (docs/semantics.md cites each one). Every
/// test here failed on the simulator before the rule was implemented.
@Suite struct UIKitFidelityTests {
    // MARK: - showDetailViewController(_:sender:) without a split view (docs/semantics.md#S6)

    /// "If the targetViewController(forAction:sender:) method returns nil, this method uses the window's
    /// root view controller to present vc modally." A navigation controller overrides `show` only.
    @Test func showDetailWithNoSplitPresentsModallyInsteadOfPushing() throws {
        var sim = try Simulator(root: .navigation([screen("Inbox")], id: "nav"))
        let outcome = sim.perform(.showDetail(screen("Message")))
        #expect(outcome.status == .ok)
        #expect(sim.children("nav") == ["Inbox"])
        #expect(sim.presented(by: "nav") == "Message")
        #expect(sim.hierarchy["Message"].style == .automatic)
        #expect(sim.visible == "Message")
    }

    @Test func showDetailInsideATabWithNoSplitPresentsFromTheWindowRoot() throws {
        var sim = try Simulator(
            root: .tabs([.navigation([screen("Inbox")], id: "nav"), screen("Settings")], selected: 0, id: "tabs"))
        #expect(sim.perform(.showDetail(screen("Message"))).status == .ok)
        #expect(sim.presented(by: "tabs") == "Message")
        #expect(sim.children("nav") == ["Inbox"])
    }

    @Test func showStillPushesOntoTheNearestNavigationController() throws {
        var sim = try Simulator(root: .navigation([screen("Inbox")], id: "nav"))
        #expect(sim.perform(.show(screen("Message"))).status == .ok)
        #expect(sim.children("nav") == ["Inbox", "Message"])
    }

    /// UIKit ignores `modalTransitionStyle` for a popover: its caption said "coverVertical" (a review).
    @Test func aPopoverIsNotCaptionedAsSlidingUp() throws {
        var sim = try Simulator(root: .navigation([screen("Inbox")], id: "nav"))
        #expect(sim.perform(.present(screen("Filters"), style: .popover)).animation?.kind == "popover")
        #expect(sim.perform(.dismiss()).animation?.kind == "popover")
        #expect(sim.perform(.present(screen("Compose"), style: .pageSheet)).animation?.kind == "coverVertical")
        #expect(sim.perform(.dismiss()).animation?.kind == "coverVertical")
        // Dismissing a chain, the top-most leaves animated: its style names the animation.
        #expect(sim.perform(.present(screen("Full"), style: .fullScreen)).status == .ok)
        #expect(sim.perform(.present(screen("Tip"), style: .popover), StepOptions(target: "Full")).status == .ok)
        #expect(sim.perform(.dismiss(), StepOptions(target: "nav")).animation?.kind == "popover")
        #expect(sim.perform(.present(screen("Tip2"), style: .popover)).status == .ok)
        #expect(sim.perform(.present(screen("Full2"), style: .fullScreen), StepOptions(target: "Tip2")).status == .ok)
        #expect(sim.perform(.dismiss(), StepOptions(target: "nav")).animation?.kind == "coverVertical")
    }

    // MARK: - UITabBarController.viewControllers keeps the selection (docs/semantics.md#T4)

    struct TabsCase: Sendable, CustomTestStringConvertible {
        var selectedBefore: Int
        var newTabs: [NodeSpec]
        var selectedAfter: Int
        var testDescription: String
    }

    /// "The tab bar controller remembers the view controller object that was previously selected and attempts
    /// to reselect it. If the selected view controller is no longer present, it attempts to select the view
    /// controller at the same index in the array as the previous selection. If that index is invalid, it
    /// selects the view controller at index 0."
    @Test(arguments: [
        TabsCase(
            selectedBefore: 1, newTabs: [screen("New"), ref("A"), ref("B")], selectedAfter: 2,
            testDescription: "the selected controller moved: it stays selected at its new index"),
        TabsCase(
            selectedBefore: 1, newTabs: [ref("A"), screen("X"), screen("Y")], selectedAfter: 1,
            testDescription: "the selected controller is gone: the same index"),
        TabsCase(
            selectedBefore: 2, newTabs: [ref("A"), screen("X")], selectedAfter: 0,
            testDescription: "the same index is out of range: index 0"),
    ])
    func settingTheTabsKeepsTheSelectionWhenItCan(_ row: TabsCase) throws {
        var sim = try Simulator(
            root: .tabs([screen("A"), screen("B"), screen("C")], selected: row.selectedBefore, id: "tabs"))
        #expect(sim.perform(.setTabs(row.newTabs)).status == .ok)
        #expect(sim.hierarchy["tabs"].selected == row.selectedAfter)
    }

    @Test func keepingTheSelectedTabCallsNoAppearanceCallbacksForIt() throws {
        var sim = try Simulator(root: .tabs([screen("A"), screen("B")], selected: 1, id: "tabs"))
        let outcome = sim.perform(.setTabs([screen("New"), ref("B")]))
        #expect(sim.visible == "B")
        #expect(outcome.trace.isEmpty)
    }

    @Test func anExplicitSelectionStillWins() throws {
        var sim = try Simulator(root: .tabs([screen("A"), screen("B")], selected: 1, id: "tabs"))
        #expect(sim.perform(.setTabs([ref("A"), ref("B")], selected: 0)).status == .ok)
        #expect(sim.hierarchy["tabs"].selected == 0)
    }

    // MARK: - Pushing a navigation controller (docs/semantics.md#N3)

    /// UIKit raises NSInvalidArgumentException: "Pushing a navigation controller is not supported".
    @Test(arguments: [
        NavigationOperation.push(.navigation([screen("Other")], id: "inner")),
        .show(.navigation([screen("Other")], id: "inner")),
    ])
    func pushingANavigationControllerIsRefused(_ operation: NavigationOperation) throws {
        var sim = try Simulator(root: .navigation([screen("Home")], id: "nav"))
        let before = sim.hierarchy
        let outcome = sim.perform(operation)
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot push 'inner': pushing a navigation controller is not supported")
        #expect(outcome.error == .navigationPushed("inner"))
        #expect(sim.hierarchy == before)
    }

    @Test func aCollapsingSplitStillNestsItsSecondaryNavigationController() throws {
        let root = NodeSpec.split(
            primary: .navigation([screen("List")], id: "primary"), secondary: .navigation([screen("Detail")], id: "secondary"),
            id: "split")
        let sim = try Simulator(root: root, device: .phone)
        #expect(sim.children("primary") == ["List", "secondary"])
        #expect(sim.visible == "Detail")
    }

    // MARK: - A collapsed split has one child (docs/semantics.md#S3)

    /// A collapsed split's `viewControllers` holds the primary only; a primary that is not a navigation
    /// controller does not take the secondary, and the split does not keep it as a child.
    @Test func collapsedSplitWithAPlainPrimaryKeepsOnlyThePrimaryAsAChild() throws {
        let root = NodeSpec.split(primary: screen("Sidebar"), secondary: screen("Content"), id: "split")
        var sim = try Simulator(root: root, device: .pad)
        #expect(sim.children("split") == ["Sidebar", "Content"])
        #expect(sim.perform(.collapse()).status == .ok)
        #expect(sim.children("split") == ["Sidebar"])
        #expect(!sim.hierarchy.attachedNodes().contains("Content"))
        #expect(sim.visible == "Sidebar")
        // Expanding shows the secondary column again.
        #expect(sim.perform(.expand, StepOptions(after: 10)).status == .ok)
        #expect(sim.children("split") == ["Sidebar", "Content"])
        #expect(sim.hierarchy["Content"].role == .secondary)
        #expect(sim.visible == "Content")
    }

    @Test func aSplitBuiltCollapsedOnAPhoneHasOneChild() throws {
        let root = NodeSpec.split(primary: screen("Sidebar"), secondary: screen("Content"), id: "split")
        let sim = try Simulator(root: root, device: .phone)
        #expect(sim.children("split") == ["Sidebar"])
    }

    @Test func aHiddenColumnSurvivesTheCollectionOfDetachedControllers() throws {
        let root = NodeSpec.split(primary: screen("Sidebar"), secondary: screen("Content"), id: "split")
        var sim = try Simulator(root: root, device: .phone)
        var hierarchy = sim.hierarchy
        hierarchy.collectDetached(keeping: [])
        #expect(hierarchy.contains("Content"))
        sim = Simulator(hierarchy: hierarchy)
        #expect(sim.perform(.expand).status == .ok)
        #expect(sim.children("split") == ["Sidebar", "Content"])
    }

    // MARK: - One clock (docs/semantics.md#R7)

    /// A refused route lands on the clock like any step: a transition it lands inside stays in flight.
    @Test func aRefusedRouteLandingMidFlightKeepsTheTransitionBusy() throws {
        var router = try Router(root: .navigation([screen("Home")], id: "nav"))
        #expect(router.navigate(to: Builder.screen("A").pushRoute()).status == .ok)
        let refused = router.navigate(to: Route(transition: .nonTransition), after: 0.1)
        #expect(refused.status == .rejected)
        let pop = router.navigate(to: .pop(), after: 0.1)
        #expect(pop.status == .rejected)
        #expect(
            pop.message
                == "Cannot pop: 'nav' is busy with a transition in flight (UIKit goes ahead and logs 'nested pop animation can result in corrupted navigation bar'; navviz refuses it: wait for the transition's end)"
        )
    }
}
