import NavVizCore
import Testing

/// UISplitViewController (docs/semantics.md, Split view controller).
@Suite struct SplitViewControllerTests {
    /// split: primary = nav [Settings], secondary = General.
    let settings = NodeSpec.split(primary: nav("Settings", id: "primary"), secondary: screen("General"), id: "split")

    func simulator(_ device: Device) throws -> Simulator {
        try Simulator(root: settings, device: device)
    }

    func reported(_ sim: Simulator) -> [NodeID] {
        ViewFinder().splitViewControllers("split", in: sim.hierarchy)
    }

    // MARK: - Initial state

    @Test func phoneStartsCollapsedWithTheSecondaryPushedOntoThePrimaryNavigation() throws {
        let sim = try simulator(.phone)
        #expect(sim.hierarchy["split"].isCollapsed == true)
        #expect(sim.hierarchy["split"].collapsedOnto == "primary")
        #expect(sim.children("split") == ["primary"])
        #expect(sim.children("primary") == ["Settings", "General"])
        #expect(reported(sim) == ["primary"])
        #expect(sim.visible == "General")
        #expect(sim.finderResult.onScreen == ["General"])
    }

    @Test func padStartsExpanded() throws {
        let sim = try simulator(.pad)
        #expect(sim.hierarchy["split"].isCollapsed == false)
        #expect(sim.children("split") == ["primary", "General"])
        #expect(sim.hierarchy["General"].role == .secondary)
        #expect(sim.hierarchy["primary"].role == .primary)
        #expect(reported(sim) == ["primary", "General"])
        #expect(sim.visible == "General")
        #expect(sim.finderResult.onScreen == ["Settings", "General"])
    }

    @Test(arguments: [(Device.phone, false), (.pad, true)])
    func anExplicitCollapsedFlagOverridesTheDevice(device: Device, collapsed: Bool) throws {
        var spec = settings
        spec.isCollapsed = collapsed
        let sim = try Simulator(root: spec, device: device)
        #expect(sim.hierarchy["split"].isCollapsed == collapsed)
        #expect(reported(sim).count == (collapsed ? 1 : 2))
    }

    // MARK: - Collapse / expand

    @Test func collapsePushesTheSecondaryOntoThePrimaryNavigation() throws {
        var sim = try simulator(.pad)
        let outcome = sim.perform(.collapse())
        #expect(outcome.status == .ok)
        #expect(sim.hierarchy["split"].isCollapsed == true)
        #expect(sim.children("primary") == ["Settings", "General"])
        #expect(reported(sim) == ["primary"])
        #expect(sim.visible == "General")
        // Settings leaves the screen; General stays.
        #expect(outcome.trace == ["Settings.wD", "Settings.dD"])
    }

    /// Collapsed, popped back to the primary's root, expanded: the split has no secondary left, and says so.
    @Test func expandingWithNothingAboveTheRootWarnsOfTheMissingSecondary() throws {
        var sim = try simulator(.pad)
        #expect(sim.perform(.collapse()).warnings.isEmpty)
        #expect(sim.perform(.pop()).status == .ok)
        let outcome = sim.perform(.expand)
        #expect(outcome.status == .ok)
        #expect(sim.children("split") == ["primary"])
        #expect(
            outcome.warnings == [
                "'split' is expanded with no secondary column: nothing was above the collapsed stack's root to become it, "
                    + "and navviz does not keep a popped secondary (docs/semantics.md#S4); an app supplies one in "
                    + "splitViewController(_:separateSecondaryFrom:), which a showDetail step stands for"
            ])
        // A secondary shown from code fills the column again.
        #expect(sim.perform(.showDetail(screen("General"))).warnings.isEmpty)
        #expect(sim.children("split") == ["primary", "General#2"])
    }

    /// A split that had no secondary, or whose collapse pushed none onto a stack, expands without that warning (a review).
    @Test(arguments: [
        NodeSpec.split(primary: nav("Settings", id: "primary"), secondary: nil, id: "split"),
        NodeSpec.split(primary: screen("Settings"), secondary: screen("General"), id: "split"),
    ])
    func expandingWithoutAPushedSecondaryDoesNotWarn(spec: NodeSpec) throws {
        var sim = try Simulator(root: spec, device: .pad)
        #expect(sim.perform(.collapse()).status == .ok)
        let outcome = sim.perform(.expand)
        #expect(outcome.status == .ok)
        #expect(outcome.warnings.isEmpty)
    }

    @Test func collapsingACollapsedSplitIsNoop() throws {
        var sim = try simulator(.phone)
        let outcome = sim.perform(.collapse())
        #expect(outcome.status == .noop)
        #expect(outcome.message == "'split' is already collapsed")
    }

    @Test func expandPopsTheTopOfThePrimaryNavigationIntoTheSecondary() throws {
        var sim = try simulator(.phone)
        let outcome = sim.perform(.expand)
        #expect(outcome.status == .ok)
        #expect(sim.hierarchy["split"].isCollapsed == false)
        #expect(sim.hierarchy["split"].collapsedOnto == nil)
        #expect(sim.children("primary") == ["Settings"])
        #expect(sim.children("split") == ["primary", "General"])
        #expect(sim.hierarchy["General"].role == .secondary)
        #expect(sim.hierarchy.parent(of: "General") == "split")
        #expect(outcome.trace == ["Settings.wA", "Settings.dA"])
    }

    /// A three-column split (Mail on iPad: mailboxes, a mailbox, a message) gets all three columns back
    /// when it expands after a collapse; the mailbox's navigation controller stayed in the sidebar's stack.
    @Test(arguments: [Device.phone, .pad])
    func aThreeColumnSplitGetsEveryColumnBackOnExpand(device: Device) throws {
        let mail = NodeSpec.split(
            primary: nav("Mailboxes", id: "pNav"), secondary: nav("Message", id: "dNav"), supplementary: nav("Inbox", id: "sNav"),
            id: "split")
        var sim = try Simulator(root: mail, device: device)
        if device == .pad { #expect(sim.perform(.collapse()).status == .ok) }
        #expect(sim.children("pNav") == ["Mailboxes", "sNav", "dNav"])
        #expect(sim.perform(.expand).status == .ok)
        #expect(sim.children("split") == ["pNav", "sNav", "dNav"])
        #expect(sim.children("pNav") == ["Mailboxes"])
        #expect(sim.finderResult.onScreen == ["Mailboxes", "Inbox", "Message"])
        // And again: collapse, expand.
        #expect(sim.perform(.collapse()).status == .ok)
        #expect(sim.perform(.expand).status == .ok)
        #expect(sim.children("split") == ["pNav", "sNav", "dNav"])
        #expect([sim.hierarchy["sNav"].role, sim.hierarchy["dNav"].role] == [.supplementary, .secondary])
    }

    @Test func expandingAnExpandedSplitIsNoop() throws {
        var sim = try simulator(.pad)
        let outcome = sim.perform(.expand)
        #expect(outcome.status == .noop)
        #expect(outcome.message == "'split' is already expanded")
    }

    @Test func expandSeparatesWhateverIsOnTopOfThePrimaryNavigation() throws {
        var sim = try simulator(.phone)
        sim.perform(.push(screen("Wifi")))
        #expect(sim.perform(.expand).status == .ok)
        #expect(sim.children("primary") == ["Settings", "General"])
        #expect(sim.children("split") == ["primary", "Wifi"])
    }

    @Test func collapseThenExpandRestoresTheColumns() throws {
        var sim = try simulator(.pad)
        let before = sim.hierarchy
        sim.perform(.collapse())
        sim.perform(.expand)
        #expect(sim.hierarchy == before)
    }

    @Test func collapseOntoAGivenNavigationController() throws {
        let spec = NodeSpec.split(
            primary: .tabs([nav("Inbox", id: "inbox"), nav("Sent", id: "sent")], id: "tabs"),
            secondary: screen("Message"), id: "split")
        var sim = try Simulator(root: spec, device: .pad)
        let outcome = sim.perform(.collapse(onto: "inbox"))
        #expect(outcome.status == .ok)
        #expect(sim.hierarchy["split"].collapsedOnto == "inbox")
        #expect(sim.children("inbox") == ["Inbox", "Message"])
        #expect(sim.children("split") == ["tabs"])
        #expect(sim.visible == "Message")
        #expect(outcome.trace == ["Inbox.wD", "Inbox.dD"])

        #expect(sim.perform(.expand).status == .ok)
        #expect(sim.children("inbox") == ["Inbox"])
        #expect(sim.children("split") == ["tabs", "Message"])
    }

    @Test func aSplitWithAPlainPrimaryCollapsesOntoAnyGivenNavigationController() throws {
        let spec = NodeSpec.tabs(
            [.split(primary: screen("Menu"), secondary: screen("Detail"), id: "split"), nav("Other", id: "other")],
            id: "tabs")
        var sim = try Simulator(root: spec, device: .pad)
        #expect(sim.perform(.collapse(onto: "other")).status == .ok)
        #expect(sim.children("other") == ["Other", "Detail"])
    }

    @Test func collapseOntoSomethingThatIsNotANavigationControllerIsRejected() throws {
        var sim = try simulator(.pad)
        let outcome = sim.perform(.collapse(onto: "Settings"))
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot collapse the split onto 'Settings': it is not a navigation controller")
        #expect(sim.hierarchy["split"].isCollapsed == false)
    }

    @Test(arguments: ["detailNav", "inner"] as [NodeID])
    func collapseOntoANavigationControllerInsideTheSecondaryIsRejected(onto: NodeID) throws {
        var detail = box("Detail", [nav("Leaf", id: "inner")])
        detail.id = "detailNav"
        if onto == "detailNav" { detail = nav("Leaf", id: "detailNav") }
        let spec = NodeSpec.split(primary: screen("Menu"), secondary: detail, id: "split")
        var sim = try Simulator(root: spec, device: .pad)
        let before = sim.hierarchy
        let outcome = sim.perform(.collapse(onto: onto))
        #expect(outcome.status == .rejected)
        #expect(
            outcome.message
                == "Cannot collapse 'split' onto '\(onto)': it is part of the secondary column that would be pushed onto it"
        )
        #expect(sim.hierarchy == before)
        #expect(sim.hierarchy.isAttached(onto))
    }

    @Test func collapseOntoAnUnknownNodeIsRejected() throws {
        var sim = try simulator(.pad)
        let outcome = sim.perform(.collapse(onto: "nope"))
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Unknown node 'nope'")
    }

    @Test func collapseWithoutASplitIsRejected() throws {
        var sim = try Simulator(root: nav("A", id: "nav"))
        let outcome = sim.perform(.collapse())
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot collapse: there is no split view controller")
        #expect(sim.perform(.expand).message == "Cannot expand: there is no split view controller")
    }

    /// A target outside every split falls back to the window's first split (docs/semantics.md#S7: a fidelity trial's
    /// `target: tabs` over a tab bar holding a split read "there is no split view controller"); an unknown one is said.
    @Test func aTargetOutsideEverySplitFallsBackToTheWindowsFirst() throws {
        let root = NodeSpec.tabs(
            [.split(primary: screen("Master"), secondary: screen("Detail"), id: "split"), screen("Other")], id: "tabs")
        var sim = try Simulator(root: root, device: .pad)
        let outcome = sim.perform(.collapse(), StepOptions(target: "tabs"))
        #expect(outcome.status == .ok)
        #expect(sim.hierarchy["split"].isCollapsed == true)
        #expect(sim.perform(.expand, StepOptions(target: "nope")).message == "Unknown node 'nope'")
        // Never a split elsewhere: a target in a sheet over the split, or in another tab (a review).
        #expect(sim.perform(.present(screen("Settings"), style: .formSheet)).status == .ok)
        let sheet = sim.perform(.expand, StepOptions(target: "Settings"))
        #expect(sheet.message == "Cannot expand: there is no split view controller")
        #expect(sim.hierarchy["split"].isCollapsed == true)
    }

    @Test func aPlainPrimaryDropsTheSecondaryFromDisplayWhenCollapsed() throws {
        let spec = NodeSpec.split(primary: screen("Menu"), secondary: screen("Detail"), id: "split")
        var sim = try Simulator(root: spec, device: .pad)
        let collapse = sim.perform(.collapse())
        #expect(collapse.status == .ok)
        #expect(sim.hierarchy["split"].collapsedOnto == nil)
        #expect(sim.visible == "Menu")
        #expect(sim.finderResult.onScreen == ["Menu"])
        #expect(reported(sim) == ["Menu"])
        #expect(collapse.trace == ["Detail.wD", "Detail.dD"])

        let expand = sim.perform(.expand)
        #expect(expand.status == .ok)
        #expect(sim.visible == "Detail")
        #expect(sim.finderResult.onScreen == ["Menu", "Detail"])
        #expect(expand.trace == ["Detail.wA", "Detail.dA"])
    }

    @Test func aPlainPrimaryOnAPhoneStartsCollapsedShowingThePrimary() throws {
        let spec = NodeSpec.split(primary: screen("Menu"), secondary: screen("Detail"), id: "split")
        let sim = try Simulator(root: spec, device: .phone)
        #expect(sim.hierarchy["split"].isCollapsed == true)
        #expect(sim.visible == "Menu")
    }

    // MARK: - showDetail

    @Test func showDetailWhenExpandedReplacesTheSecondary() throws {
        var sim = try simulator(.pad)
        let outcome = sim.perform(.showDetail(screen("Wifi")))
        #expect(outcome.status == .ok)
        #expect(sim.children("split") == ["primary", "Wifi"])
        #expect(sim.hierarchy["Wifi"].role == .secondary)
        #expect(!sim.hierarchy.isAttached("General"))
        #expect(outcome.trace == ["General.wD", "Wifi.wA", "General.dD", "Wifi.dA"])
        // UIKit installs it as the detail: no transition, no time, nothing in flight (docs/semantics.md#S6).
        #expect(outcome.events.allSatisfy { !$0.isAnimated })
        #expect(outcome.animation == nil && outcome.duration == 0)
    }

    /// Taps through a list on a pad, each before the last "transition" would have ended: every one replaces the detail (a
    /// trial's second tap was refused as busy with a 0.3 s split transition UIKit does not run). `show` on an expanded
    /// split replaces the primary the same way.
    @Test func quickShowDetailsOnAnExpandedSplitAllLand() throws {
        var sim = try simulator(.pad)
        #expect(sim.perform(.showDetail(screen("Wifi"))).status == .ok)
        let second = sim.perform(.showDetail(screen("Bluetooth")), StepOptions(after: 0.1))
        #expect(second.status == .ok)
        #expect(sim.visible == "Bluetooth")
        let primary = sim.perform(.show(screen("Menu")), StepOptions(target: "split", after: 0))
        #expect(primary.status == .ok && primary.duration == 0)
        #expect(primary.events.allSatisfy { !$0.isAnimated })
        // A collapse still runs its transition: a showDetail landing inside it is refused.
        #expect(sim.perform(.collapse()).status == .ok)
        #expect(sim.perform(.expand).status == .ok)
        #expect(sim.perform(.showDetail(screen("Sounds")), StepOptions(after: 0.1)).status == .rejected)
    }

    /// A three-column split is column-style in UIKit: its secondary column pushes a controller that is not a navigation
    /// controller onto the navigation controller it holds (Apple's answer to FB8640357, docs/semantics.md#S6); a
    /// navigation controller replaces it. A trial's Mail on iPad lost its message stack to the bare controller.
    @Test func showDetailInAThreeColumnSplitPushesOntoTheSecondaryNavigation() throws {
        let mail = NodeSpec.split(
            primary: nav("Mailboxes", id: "pNav"), secondary: nav("Message", id: "dNav"), supplementary: nav("Inbox", id: "sNav"),
            id: "split")
        var sim = try Simulator(root: mail, device: .pad)
        let outcome = sim.perform(.showDetail(screen("Reply")), StepOptions(target: "Inbox"))
        #expect(outcome.status == .ok)
        #expect(sim.children("split") == ["pNav", "sNav", "dNav"])
        #expect(sim.children("dNav") == ["Message", "Reply"])
        #expect(sim.visible == "Reply")
        #expect(outcome.trace == ["Message.wD", "Reply.wA", "Message.dD", "Reply.dA"])
        // A navigation controller is installed as the secondary, as in a two-column split.
        let replaced = sim.perform(.showDetail(nav("Draft", id: "draftNav")), StepOptions(target: "Inbox", after: 1))
        #expect(replaced.status == .ok)
        #expect(sim.children("split") == ["pNav", "sNav", "draftNav"])
        #expect(!sim.hierarchy.isAttached("dNav"))
        // A two-column split replaces its secondary navigation controller.
        var two = try Simulator(
            root: .split(primary: nav("Mailboxes", id: "pNav"), secondary: nav("Message", id: "dNav"), id: "split"), device: .pad)
        #expect(two.perform(.showDetail(screen("Reply")), StepOptions(target: "Mailboxes")).status == .ok)
        #expect(two.children("split") == ["pNav", "Reply"])
    }

    @Test func showDetailFromThePrimaryColumnReplacesTheSecondary() throws {
        var sim = try simulator(.pad)
        let outcome = sim.perform(.showDetail(screen("Wifi")), StepOptions(target: "Settings"))
        #expect(outcome.status == .ok)
        #expect(sim.children("split") == ["primary", "Wifi"])
        #expect(sim.children("primary") == ["Settings"])
    }

    @Test func showDetailWhenCollapsedPushesOntoThePrimaryNavigation() throws {
        var sim = try simulator(.phone)
        let outcome = sim.perform(.showDetail(screen("Wifi")))
        #expect(outcome.status == .ok)
        #expect(sim.children("primary") == ["Settings", "General", "Wifi"])
        #expect(sim.visible == "Wifi")
        #expect(outcome.trace == ["General.wD", "Wifi.wA", "General.dD", "Wifi.dA"])
    }

    /// Xcode's Master-Detail template shows a navigation controller as its detail; on a phone the collapsed split
    /// nests it in the primary one, as collapsing does (docs/semantics.md#N3, #S3).
    @Test func showDetailOfANavigationControllerWhenCollapsedNestsIt() throws {
        var sim = try simulator(.phone)
        let outcome = sim.perform(.showDetail(nav("Wifi", id: "detailNav")))
        #expect(outcome.status == .ok)
        #expect(sim.children("primary") == ["Settings", "General", "detailNav"])
        #expect(sim.children("detailNav") == ["Wifi"])
        #expect(sim.visible == "Wifi")
        // A plain push of one is still refused.
        #expect(
            sim.perform(.push(nav("X", id: "other"))).message == "Cannot push 'other': pushing a navigation controller is not supported")
    }

    @Test func showDetailOfTheCurrentSecondaryIsNoop() throws {
        var sim = try simulator(.pad)
        let outcome = sim.perform(.showDetail(ref("General")))
        #expect(outcome.status == .noop)
        #expect(outcome.message == "'General' is already the secondary of 'split'")
    }

    @Test func showDetailWithoutASplitPresents() throws {
        var sim = try Simulator(root: nav("A", id: "nav"))
        #expect(sim.perform(.showDetail(screen("B"))).status == .ok)
        #expect(sim.children("nav") == ["A"])
        #expect(sim.presented(by: "nav") == "B")
    }

    // MARK: - show

    @Test func showWhenExpandedReplacesThePrimary() throws {
        var sim = try simulator(.pad)
        let outcome = sim.perform(.show(screen("Menu")))
        #expect(outcome.status == .ok)
        #expect(sim.children("split") == ["Menu", "General"])
        #expect(sim.hierarchy["Menu"].role == .primary)
        #expect(!sim.hierarchy.isAttached("primary"))
        #expect(
            outcome.trace == ["primary.wD", "Settings.wD", "Menu.wA", "primary.dD", "Settings.dD", "Menu.dA"])
    }

    @Test func showFromInsideThePrimaryNavigationPushes() throws {
        var sim = try simulator(.pad)
        let outcome = sim.perform(.show(screen("Wifi")), StepOptions(target: "Settings"))
        #expect(outcome.status == .ok)
        #expect(sim.children("primary") == ["Settings", "Wifi"])
        #expect(sim.children("split") == ["primary", "General"])
    }

    @Test func showWhenCollapsedForwardsToThePrimaryNavigation() throws {
        var sim = try simulator(.phone)
        let outcome = sim.perform(.show(screen("Wifi")))
        #expect(outcome.status == .ok)
        #expect(sim.children("primary") == ["Settings", "General", "Wifi"])
    }

    @Test func showWithoutAContainerPresents() throws {
        var sim = try Simulator(root: screen("Home"))
        let outcome = sim.perform(.show(screen("Detail")))
        #expect(outcome.status == .ok)
        #expect(sim.presented(by: "Home") == "Detail")
        #expect(sim.hierarchy["Detail"].style == .automatic)
        #expect(outcome.trace == ["Detail.wA", "Detail.dA"])
    }

    @Test func showInACollapsedSplitWithAPlainPrimaryPresents() throws {
        let spec = NodeSpec.split(primary: screen("Menu"), secondary: screen("Detail"), id: "split")
        var sim = try Simulator(root: spec, device: .phone)
        #expect(sim.perform(.show(screen("More"))).status == .ok)
        #expect(sim.presented(by: "split") == "More")
    }
}

extension SplitViewControllerTests {
    /// On a phone a collapsed split nests the secondary navigation controller on the primary's stack: a back swipe from
    /// its root pops the outer one (the back button on screen is the outer's, and the inner's swipe cannot begin at its
    /// root); a pop from code is a noop that names the outer one (a trial read the commonest swipe of a master-detail app
    /// as `noop`).
    @Test func aSwipeBackFromANestedDetailsRootPopsTheOuterNavigation() throws {
        let spec = NodeSpec.split(primary: nav("Folders", id: "pNav"), secondary: nav("Note", id: "dNav"), id: "split")
        var sim = try Simulator(root: spec, device: .phone)
        #expect(sim.children("pNav") == ["Folders", "dNav"])
        let fromCode = sim.perform(.pop())
        #expect(fromCode.status == .noop)
        #expect(
            fromCode.message == "'dNav' is at its root: there is nothing to pop (it sits in the stack of 'pNav': pop 'pNav', or swipe back)"
        )
        let swipe = sim.perform(.pop(interactive: true))
        #expect(swipe.status == .ok)
        #expect(sim.children("pNav") == ["Folders"])
        #expect(sim.visible == "Folders")
        #expect(swipe.events.map(\.description).first == "dNav.viewWillDisappear")
    }

    /// A nested navigation controller under another entry of the outer stack is covered: a swipe aimed at it pops
    /// nothing (a review: it popped the outer's top).
    @Test func aSwipeAtACoveredNestedRootPopsNothing() throws {
        let spec = NodeSpec.split(primary: nav("Folders", id: "pNav"), secondary: nav("Note", id: "dNav"), id: "split")
        var sim = try Simulator(root: spec, device: .phone)
        #expect(sim.perform(.push(screen("More")), StepOptions(animated: false, target: "pNav")).status == .ok)
        #expect(sim.children("pNav") == ["Folders", "dNav", "More"])
        let swipe = sim.perform(.pop(interactive: true), StepOptions(target: "dNav"))
        #expect(swipe.status == .noop)
        #expect(swipe.message == "'dNav' is at its root: there is nothing to pop")
        #expect(sim.children("pNav") == ["Folders", "dNav", "More"])
    }
}
