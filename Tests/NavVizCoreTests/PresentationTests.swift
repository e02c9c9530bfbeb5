import NavVizCore
import Testing

/// Modal presentation and dismissal (docs/semantics.md, Modal presentation).
@Suite struct PresentationTests {
    // MARK: - Links and inheritance

    @Test func presentLinksThePresenterAndThePresented() throws {
        var sim = try Simulator(root: nav("A", id: "nav"))
        let outcome = sim.perform(.present(screen("B")))
        #expect(outcome.status == .ok)
        #expect(sim.presented(by: "nav") == "B")
        #expect(sim.hierarchy["B"].presenter == "nav")
        #expect(sim.hierarchy["B"].style == .automatic)
        // Presentation is not containment.
        #expect(sim.hierarchy.parent(of: "B") == nil)
        #expect(sim.visible == "B")
    }

    @Test func presentedViewControllerIsInheritedFromAncestors() throws {
        var sim = try Simulator(root: .tabs([nav("A", id: "nav"), screen("C")], id: "tabs"))
        sim.perform(.present(screen("M")))
        let h = sim.hierarchy
        #expect(h.presentedViewController(of: "tabs") == "M")
        #expect(h.presentedViewController(of: "nav") == "M")
        #expect(h.presentedViewController(of: "A") == "M")
        #expect(h.presentedViewController(of: "C") == "M")
        #expect(h.presentedViewController(of: "M") == nil)
    }

    @Test func presentingViewControllerIsInheritedByTheChildrenOfAPresentedController() throws {
        var sim = try Simulator(root: screen("Root"))
        sim.perform(.present(nav("X", "Y", id: "modal")))
        let h = sim.hierarchy
        #expect(h.presentingViewController(of: "modal") == "Root")
        #expect(h.presentingViewController(of: "X") == "Root")
        #expect(h.presentingViewController(of: "Y") == "Root")
        #expect(h.presentingViewController(of: "Root") == nil)
        #expect(h.presentedViewController(of: "Y") == nil)
    }

    @Test func thePresenterIsTheRootMostAncestorOfTheCaller() throws {
        var sim = try Simulator(root: .tabs([nav("A", "B", id: "nav")], id: "tabs"))
        let outcome = sim.perform(.present(screen("M")), StepOptions(target: "A"))
        #expect(outcome.status == .ok)
        #expect(sim.presented(by: "tabs") == "M")
        #expect(sim.hierarchy["A"].presented == nil)
        #expect(sim.hierarchy["M"].presenter == "tabs")
    }

    @Test func presentingFromInsideAModalUsesTheModal() throws {
        var sim = try Simulator(root: screen("Root"))
        sim.perform(.present(nav("X", id: "modal")))
        let outcome = sim.perform(.present(screen("Y")))
        #expect(outcome.status == .ok)
        #expect(sim.presented(by: "modal") == "Y")
        #expect(sim.presented(by: "Root") == "modal")
        #expect(sim.hierarchy.presentingViewController(of: "Y") == "modal")
    }

    // MARK: - Presentation context

    /// tabs: [navA (defines the context) [A], navB [B]]
    func contextSimulator() throws -> Simulator {
        try Simulator(root: .tabs([definingContext(nav("A", id: "navA")), nav("B", id: "navB")], id: "tabs"))
    }

    @Test func currentContextIsPresentedByTheAncestorThatDefinesTheContext() throws {
        var sim = try contextSimulator()
        let outcome = sim.perform(.present(screen("C"), style: .currentContext))
        #expect(outcome.status == .ok)
        #expect(sim.presented(by: "navA") == "C")
        #expect(sim.presented(by: "tabs") == nil)
        #expect(sim.visible == "C")
        #expect(sim.finderResult.path == ["tabs", "navA", "C"])
        #expect(outcome.trace == ["navA.wD", "A.wD", "C.wA", "C.dA", "navA.dD", "A.dD"])
    }

    @Test func overCurrentContextKeepsTheContextOnScreen() throws {
        var sim = try contextSimulator()
        let outcome = sim.perform(.present(screen("C"), style: .overCurrentContext))
        #expect(sim.presented(by: "navA") == "C")
        #expect(sim.finderResult.onScreen == ["A", "C"])
        #expect(outcome.trace == ["C.wA", "C.dA"])
    }

    @Test func fullScreenIgnoresThePresentationContext() throws {
        var sim = try contextSimulator()
        sim.perform(.present(screen("C"), style: .fullScreen))
        #expect(sim.presented(by: "tabs") == "C")
        #expect(sim.presented(by: "navA") == nil)
    }

    /// Written `true` on a plain container, written `false` on the navigation controller around it: the container
    /// presents; the navigation controller, whose default is true, is passed over.
    @Test func anExplicitDefinerInsideANavigationControllerTurnedOffPresents() throws {
        var outer = nav("Home", id: "nav")
        outer.definesPresentationContext = false
        outer.children.append(definingContext(box("Box", [screen("A")])))
        var sim = try Simulator(root: .tabs([outer], id: "tabs"))
        let outcome = sim.perform(.present(screen("C"), style: .currentContext))
        #expect(outcome.status == .ok)
        #expect(sim.presented(by: "Box") == "C")
        #expect(sim.presented(by: "nav") == nil)
        outer.children.removeLast()
        var plain = try Simulator(root: .tabs([outer], id: "tabs"))
        plain.perform(.present(screen("C"), style: .currentContext))
        #expect(plain.presented(by: "tabs") == "C")
    }

    @Test func currentContextWithoutADefiningAncestorUsesTheRoot() throws {
        var plain = nav("A", id: "navA")
        plain.definesPresentationContext = false
        var sim = try Simulator(root: .tabs([plain], id: "tabs"))
        sim.perform(.present(screen("C"), style: .currentContext))
        #expect(sim.presented(by: "tabs") == "C")
    }

    /// On a pad, a presenter inside a popover gets no viewWillAppear or viewDidAppear when what it presented is dismissed
    /// (Apple's note on both; a fidelity trial); on a phone, where the popover is a sheet, it does (P8).
    @Test(arguments: [(Device.pad, ["Full.wD", "Full.dD"]), (Device.phone, ["Full.wD", "Pop.wA", "Pop.dA", "Full.dD"])])
    func aPopoverGetsNoAppearCallbacksWhenWhatItPresentedIsDismissed(device: Device, expected: [String]) throws {
        var sim = try Simulator(root: nav("Home", id: "nav"), device: device)
        sim.perform(.present(screen("Pop"), style: .popover))
        #expect(
            sim.perform(.present(screen("Full"), style: .fullScreen), StepOptions(target: "Pop")).trace == [
                "Pop.wD", "Full.wA", "Full.dA", "Pop.dD",
            ])
        // Abandoned half-way, the popover is told nothing either (a review: it got wA, wD, dD).
        let abandoned = sim.perform(.dismiss(interactive: true, cancelled: true), StepOptions(target: "Full"))
        #expect(
            abandoned.trace
                == (device == .pad
                    ? ["Full.wD", "Full.wA", "Full.dA"] : ["Full.wD", "Pop.wA", "Pop.wD", "Pop.dD", "Full.wA", "Full.dA"]))
        let outcome = sim.perform(.dismiss(), StepOptions(target: "Full"))
        #expect(outcome.trace == expected)
        #expect(sim.visible == "Pop")
    }

    /// UIKit's navigation controller defines a presentation context by default: an `overCurrentContext` presentation
    /// from inside a tab's stack covers that stack, and the tab bar stays reachable (a fidelity trial: navviz had the
    /// tab bar present it, and refused the next tab tap).
    @Test func aNavigationControllerDefinesThePresentationContextByDefault() throws {
        var sim = try Simulator(root: .tabs([nav("Home", id: "homeNav"), nav("Cart", id: "cartNav")], id: "tabs"))
        let outcome = sim.perform(.present(screen("Dimmer"), style: .overCurrentContext))
        #expect(sim.presented(by: "homeNav") == "Dimmer")
        #expect(sim.presented(by: "tabs") == nil)
        #expect(outcome.trace == ["Dimmer.wA", "Dimmer.dA"])
        #expect(sim.perform(.select(.index(1), isUserTap: true)).status == .ok)
        #expect(sim.visible == "Cart")
    }

    /// A controller presented in a context covers only its definer, so another style from it is presented by what the
    /// definer sits in: UIKit "walks up the view controller hierarchy until it finds one that does" cover the screen. A
    /// fidelity trial: the tab's navigation controller's dimmer presented a full-screen modal itself, and a tab tap then
    /// hid it. A context style from it still finds its definer.
    @Test(arguments: [PresentationStyle.fullScreen, .pageSheet, .overFullScreen])
    func aPresentationFromAContextsPresentedControllerIsMadeByWhatCoversTheScreen(style: PresentationStyle) throws {
        var sim = try Simulator(root: .tabs([nav("Home", id: "homeNav"), nav("Cart", id: "cartNav")], id: "tabs"))
        sim.perform(.present(screen("Dimmer"), style: .overCurrentContext))
        let outcome = sim.perform(.present(screen("Modal"), style: style), StepOptions(target: "Dimmer"))
        #expect(outcome.status == .ok)
        #expect(sim.presented(by: "tabs") == "Modal")
        #expect(sim.presented(by: "homeNav") == "Dimmer")
        #expect(
            outcome.trace
                == (style == .fullScreen
                    ? [
                        "tabs.wD", "homeNav.wD", "Home.wD", "Dimmer.wD", "Modal.wA", "Modal.dA", "tabs.dD", "homeNav.dD", "Home.dD",
                        "Dimmer.dD",
                    ]
                    : ["Modal.wA", "Modal.dA"]))
        #expect(sim.perform(.select(.index(1), isUserTap: true)).status == .rejected)
        #expect(sim.visible == "Modal")
        let dismissal = sim.perform(.dismiss(), StepOptions(target: "Modal"))
        #expect(dismissal.status == .ok)
        #expect(sim.visible == "Dimmer")
        #expect(sim.presented(by: "homeNav") == "Dimmer")
    }

    /// A context whose definer covers the screen (the window's root): what it presented covers the screen too, and presents
    /// itself (a review: the root navigation controller's dimmer could present nothing, "'homeNav' is already presenting").
    @Test(arguments: [PresentationStyle.fullScreen, .pageSheet, .overCurrentContext])
    func aControllerPresentedInTheRootsContextPresentsItself(style: PresentationStyle) throws {
        var sim = try Simulator(root: nav("Home", id: "homeNav"))
        sim.perform(.present(screen("Dimmer"), style: .overCurrentContext))
        #expect(sim.presented(by: "homeNav") == "Dimmer")
        let outcome = sim.perform(.present(screen("Modal"), style: style), StepOptions(target: "Dimmer"))
        #expect(outcome.status == .ok, "\(outcome.message ?? "")")
        #expect(sim.presented(by: "Dimmer") == "Modal")
    }

    /// A context style from a tab's dimmer, with no definer inside it, is the dimmer's to present: it neither climbs to the
    /// tab bar nor is refused (a review).
    @Test func aContextStyleFromATabsDimmerIsTheDimmers() throws {
        var sim = try Simulator(root: .tabs([nav("Home", id: "homeNav"), nav("Cart", id: "cartNav")], id: "tabs"))
        sim.perform(.present(screen("Dimmer"), style: .overCurrentContext))
        let outcome = sim.perform(.present(screen("Dimmer2"), style: .overCurrentContext), StepOptions(target: "Dimmer"))
        #expect(outcome.status == .ok, "\(outcome.message ?? "")")
        #expect(sim.presented(by: "Dimmer") == "Dimmer2")
        #expect(sim.presented(by: "tabs") == nil)
        #expect(sim.perform(.select(.index(1), isUserTap: true)).status == .ok)
    }

    @Test func aContextStyleFromAContextsPresentedControllerStaysInTheContext() throws {
        var sim = try Simulator(root: .tabs([nav("Home", id: "homeNav"), nav("Cart", id: "cartNav")], id: "tabs"))
        sim.perform(.present(nav("Share", id: "shareNav"), style: .currentContext))
        let outcome = sim.perform(.present(screen("Picker"), style: .overCurrentContext), StepOptions(target: "Share"))
        #expect(outcome.status == .ok)
        #expect(sim.presented(by: "shareNav") == "Picker")
        #expect(sim.presented(by: "tabs") == nil)
    }

    @Test func aCurrentContextPresentationLeavesWithItsTab() throws {
        var sim = try contextSimulator()
        sim.perform(.present(screen("C"), style: .currentContext))
        let outcome = sim.perform(.select(.index(1)))
        #expect(outcome.status == .ok)
        #expect(sim.visible == "B")
        #expect(outcome.trace == ["navB.wA", "B.wA", "C.wD", "C.dD", "navB.dA", "B.dA"])
        #expect(sim.presented(by: "navA") == "C")
    }

    @Test func presentingFromAContextThatIsNotInTheWindowIsRejected() throws {
        var sim = try contextSimulator()
        sim.perform(.select(.index(1)))
        let outcome = sim.perform(.present(screen("C"), style: .currentContext), StepOptions(target: "A"))
        #expect(outcome.status == .rejected)
        #expect(
            outcome.message
                == "Cannot present from 'navA': its view is not in the window (UIKit ignores it, warning 'Attempt to present … whose view is not in the window hierarchy')"
        )
    }

    /// A presentation from a controller an earlier step popped is said as UIKit's ignored call (a trial read it as a mistake
    /// in the scenario).
    @Test func presentingFromAPoppedControllerIsRejectedAsUIKitIgnoresIt() throws {
        var sim = try Simulator(root: nav("Home", id: "nav"))
        #expect(sim.perform(.push(screen("Product"))).status == .ok)
        #expect(sim.perform(.pop()).status == .ok)
        let outcome = sim.perform(.present(screen("Share")), StepOptions(target: "Product"))
        #expect(outcome.status == .rejected)
        #expect(
            outcome.message
                == "Node 'Product' is not in the window: it was removed earlier (popped, dismissed or replaced), and UIKit does nothing for it: a presentation from it is ignored ('whose view is not in the window hierarchy'), and it has no container to push onto"
        )
    }

    // MARK: - Styles

    static let removing: [PresentationStyle] = [.fullScreen, .currentContext]
    static let keeping: [PresentationStyle] = [
        .automatic, .pageSheet, .formSheet, .overFullScreen, .overCurrentContext, .popover, .custom,
    ]

    @Test func everyStyleIsEitherRemovingOrKeeping() {
        #expect(Set(Self.removing + Self.keeping) == Set(PresentationStyle.allCases))
        #expect(Self.removing.allSatisfy { $0.removesPresenterViews })
        #expect(!Self.keeping.contains { $0.removesPresenterViews })
        #expect(PresentationStyle.automatic.resolved == .pageSheet)
    }

    @Test(arguments: removing)
    func aRemovingStyleMakesThePresenterDisappear(style: PresentationStyle) throws {
        var sim = try Simulator(root: nav("A", id: "nav"))
        let present = sim.perform(.present(screen("B"), style: style))
        #expect(present.trace == ["nav.wD", "A.wD", "B.wA", "B.dA", "nav.dD", "A.dD"])
        #expect(sim.finderResult.onScreen == ["B"])
        let dismiss = sim.perform(.dismiss())
        #expect(dismiss.trace == ["B.wD", "nav.wA", "A.wA", "nav.dA", "A.dA", "B.dD"])
        #expect(sim.finderResult.onScreen == ["A"])
    }

    @Test(arguments: keeping)
    func aKeepingStyleGivesThePresenterNoCallbacks(style: PresentationStyle) throws {
        var sim = try Simulator(root: nav("A", id: "nav"))
        let present = sim.perform(.present(screen("B"), style: style))
        #expect(present.status == .ok)
        #expect(sim.hierarchy["B"].style == style)
        #expect(present.trace == ["B.wA", "B.dA"])
        #expect(sim.finderResult.onScreen == ["A", "B"])
        let dismiss = sim.perform(.dismiss())
        #expect(dismiss.trace == ["B.wD", "B.dD"])
    }

    // MARK: - Invalid presentations

    @Test func presentingWhileAlreadyPresentingIsRejected() throws {
        var sim = try Simulator(root: screen("A"))
        sim.perform(.present(screen("B")))
        let before = sim.hierarchy
        let outcome = sim.perform(.present(screen("C")), StepOptions(target: "A"))
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot present 'C': 'A' is already presenting 'B'")
        #expect(outcome.events.isEmpty)
        #expect(sim.hierarchy == before)
        #expect(!sim.hierarchy.contains("C"))
    }

    @Test func presentingFromAChildOfAPresenterIsRejected() throws {
        var sim = try Simulator(root: nav("A", id: "nav"))
        sim.perform(.present(screen("B")))
        let outcome = sim.perform(.present(screen("C")), StepOptions(target: "A"))
        #expect(outcome.message == "Cannot present 'C': 'nav' is already presenting 'B'")
    }

    /// The window's root is active; a child in the window, shown or not, has a parent, which UIKit raises for first
    /// (semantics O6).
    @Test(
        arguments: [
            ("nav", "Cannot present 'nav': it is already active (Application tried to present modally an active controller)"),
            (
                "A",
                "Cannot present 'A': it is already a child of 'nav' (UIKit raises: a controller that has a parent cannot be presented; take it out of 'nav' in a step of its own)"
            ),
            (
                "B",
                "Cannot present 'B': it is already a child of 'nav' (UIKit raises: a controller that has a parent cannot be presented; take it out of 'nav' in a step of its own)"
            ),
        ] as [(NodeID, String)])
    func presentingAnActiveControllerIsRejected(active: NodeID, message: String) throws {
        var sim = try Simulator(root: nav("A", id: "nav"))
        sim.perform(.push(screen("B")))
        let outcome = sim.perform(.present(ref(active)))
        #expect(outcome.status == .rejected)
        #expect(outcome.message == message)
        #expect(sim.presented(by: "nav") == nil)
    }

    /// The window's root presented again while it presents: UIKit raises for the active controller first, not the warning
    /// of a presenter already presenting (the order the double tap's crash shows).
    @Test func presentingTheRootWhileItPresentsRaisesFirst() throws {
        var sim = try Simulator(root: nav("Home", id: "nav"))
        sim.perform(.present(screen("M"), style: .pageSheet))
        let outcome = sim.perform(.present(ref("nav")), StepOptions(target: "Home"))
        #expect(outcome.message == "Cannot present 'nav': it is already active (Application tried to present modally an active controller)")
    }

    @Test func presentingTheControllerAlreadyPresentedIsRejected() throws {
        var sim = try Simulator(root: screen("A"))
        sim.perform(.present(nav("X", id: "modal")))
        let outcome = sim.perform(.present(ref("modal")))
        #expect(outcome.status == .rejected)
        #expect(
            outcome.message
                == "Cannot present 'modal': it is already presented by 'A' (UIKit raises: Application tried to present modally a "
                + "view controller that is already being presented)"
        )
    }

    /// A double tap: the same instance presented again from the presenter that presents it, during its animation or after
    /// it. UIKit raises for the active controller before it looks at the presenter (a trial got 'already presenting').
    @Test(arguments: [false, true])
    func presentingThePresentedInstanceAgainRaisesFirst(afterAnimation: Bool) throws {
        var sim = try Simulator(root: nav("Home", id: "nav"))
        sim.perform(.present(screen("M"), style: .pageSheet), StepOptions(target: "Home"))
        if afterAnimation { sim.perform(.wait(seconds: 1)) }
        let outcome = sim.perform(.present(ref("M"), style: .pageSheet), StepOptions(target: "Home"))
        #expect(outcome.status == .rejected)
        #expect(
            outcome.message
                == "Cannot present 'M': it is already presented by 'nav' (UIKit raises: Application tried to present modally a "
                + "view controller that is already being presented)")
    }

    @Test func aDismissedControllerCanBePresentedAgain() throws {
        var sim = try Simulator(root: screen("A"))
        sim.perform(.present(screen("B")))
        sim.perform(.dismiss())
        let outcome = sim.perform(.present(ref("B"), style: .formSheet))
        #expect(outcome.status == .ok)
        #expect(outcome.created.isEmpty)
        #expect(sim.presented(by: "A") == "B")
        #expect(sim.hierarchy["B"].style == .formSheet)
    }

    // MARK: - Dismiss

    @Test func dismissFromThePresentedControllerDismissesIt() throws {
        var sim = try Simulator(root: screen("A"))
        sim.perform(.present(screen("B")))
        let outcome = sim.perform(.dismiss())
        #expect(outcome.status == .ok)
        #expect(sim.presented(by: "A") == nil)
        #expect(sim.hierarchy["B"].presenter == nil)
        #expect(sim.hierarchy["B"].style == nil)
        #expect(sim.visible == "A")
    }

    @Test func dismissFromInsideAPresentedContainerForwardsToIt() throws {
        var sim = try Simulator(root: screen("A"))
        sim.perform(.present(nav("X", "Y", id: "modal")))
        #expect(sim.visible == "Y")
        let outcome = sim.perform(.dismiss())
        #expect(outcome.status == .ok)
        #expect(sim.presented(by: "A") == nil)
        #expect(sim.children("modal") == ["X", "Y"])
        #expect(outcome.trace == ["modal.wD", "Y.wD", "modal.dD", "Y.dD"])
    }

    @Test func dismissOnAChildOfThePresenterDismissesTheInheritedPresentation() throws {
        var sim = try Simulator(root: .tabs([nav("A", id: "nav")], id: "tabs"))
        sim.perform(.present(screen("M")))
        let outcome = sim.perform(.dismiss(), StepOptions(target: "A"))
        #expect(outcome.status == .ok)
        #expect(sim.presented(by: "tabs") == nil)
    }

    /// Dismissing from a controller an earlier step dismissed does nothing in UIKit (a trial was told it was not in the
    /// window, of presenting and pushing).
    @Test func dismissFromAControllerAlreadyDismissedIsNoop() throws {
        var sim = try Simulator(root: nav("A", id: "nav"))
        #expect(sim.perform(.present(screen("Sheet"), style: .pageSheet)).status == .ok)
        #expect(sim.perform(.dismiss()).status == .ok)
        let before = sim.hierarchy
        let outcome = sim.perform(.dismiss(), StepOptions(target: "Sheet"))
        #expect(outcome.status == .noop)
        #expect(
            outcome.message
                == "Nothing to dismiss: 'Sheet' was removed earlier (popped, dismissed or replaced), so it is not presenting and not presented"
        )
        #expect(outcome.events.isEmpty && sim.hierarchy == before)
    }

    @Test func dismissWithNothingPresentedIsNoop() throws {
        var sim = try Simulator(root: nav("A", id: "nav"))
        let before = sim.hierarchy
        let outcome = sim.perform(.dismiss())
        #expect(outcome.status == .noop)
        #expect(outcome.message == "Nothing to dismiss: 'A' is not presenting and not presented")
        #expect(outcome.events.isEmpty)
        #expect(outcome.duration == 0)
        #expect(sim.hierarchy == before)
    }

    @Test func dismissingTheMiddleOfAChainDismissesEverythingAboveIt() throws {
        var sim = try Simulator(root: screen("A"))
        sim.perform(.present(screen("B")))
        sim.perform(.present(screen("C")))
        #expect(sim.presented(by: "B") == "C")
        let outcome = sim.perform(.dismiss(), StepOptions(target: "A"))
        #expect(outcome.status == .ok)
        #expect(sim.presented(by: "A") == nil)
        #expect(sim.presented(by: "B") == nil)
        #expect(sim.hierarchy["C"].presenter == nil)
        #expect(sim.visible == "A")
        // Only the top-most, C, is dismissed in an animated fashion; B, between it and A, is simply removed first.
        #expect(outcome.trace == ["B.wD", "B.dD", "C.wD", "C.dD"])
        #expect(outcome.events.map(\.isAnimated) == [false, false, true, true])
    }

    @Test func dismissingUnderFullScreenPresentationsNeverReappearsTheIntermediates() throws {
        var sim = try Simulator(root: screen("A"))
        sim.perform(.present(screen("B"), style: .fullScreen))
        sim.perform(.present(screen("C"), style: .fullScreen))
        #expect(sim.finderResult.onScreen == ["C"])
        let outcome = sim.perform(.dismiss(), StepOptions(target: "A"))
        #expect(outcome.status == .ok)
        // B left the window when C covered it; it is removed silently and never reappears. C animates away over A.
        #expect(outcome.trace == ["C.wD", "A.wA", "A.dA", "C.dD"])
        #expect(outcome.events.map(\.isAnimated) == [true, true, true, true])
        #expect(sim.finderResult.onScreen == ["A"])
    }

    @Test func dismissingAFullScreenPresentationUnderASheetTearsTheSheetDownFirst() throws {
        var sim = try Simulator(root: screen("A"))
        sim.perform(.present(screen("B"), style: .fullScreen))
        sim.perform(.present(screen("C"), style: .pageSheet))
        let outcome = sim.perform(.dismiss(), StepOptions(target: "A"))
        // B (under the sheet) is removed; the sheet animates away and A, which B covered, reappears.
        #expect(outcome.trace == ["B.wD", "B.dD", "C.wD", "A.wA", "A.dA", "C.dD"])
        #expect(outcome.events.map(\.isAnimated) == [false, false, true, true, true, true])
    }

    /// A full-screen presentation made from a sheet takes the sheet out of the window, not what the sheet covered:
    /// dismissing both from the root leaves that in the window throughout, with no callbacks (it used to get
    /// unanimated disappear callbacks, then appear callbacks, in the same step).
    @Test func dismissingAFullScreenPresentationOverASheetLeavesTheRootAlone() throws {
        var sim = try Simulator(root: nav("Home", id: "nav"))
        sim.perform(.present(screen("Sheet"), style: .pageSheet))
        let cover = sim.perform(.present(screen("Cover"), style: .fullScreen))
        #expect(cover.trace == ["Sheet.wD", "Cover.wA", "Cover.dA", "Sheet.dD"])
        let outcome = sim.perform(.dismiss(), StepOptions(target: "nav"))
        #expect(outcome.status == .ok)
        #expect(outcome.trace == ["Cover.wD", "Cover.dD"])
        #expect(sim.visible == "Home")
        #expect(sim.finderResult.onScreen == ["Home"])
    }

    /// "A presentation style in which the presented view covers the screen": what a sheet covered stays in the
    /// window under a full-screen presentation made from the sheet, but it is not on screen.
    @Test func aFullScreenPresentationFromASheetCoversWhatTheSheetCovered() throws {
        var sim = try Simulator(root: nav("Home", id: "nav"))
        sim.perform(.present(screen("Sheet"), style: .pageSheet))
        #expect(sim.finderResult.onScreen == ["Home", "Sheet"])
        sim.perform(.present(screen("Cover"), style: .fullScreen))
        #expect(sim.finderResult.onScreen == ["Cover"])
        sim.perform(.present(screen("Note"), style: .formSheet))
        #expect(sim.finderResult.onScreen == ["Cover", "Note"])
    }

    /// An app presenting in a loop cannot grow a run without bound: a step that would nest the hierarchy deeper
    /// than 100 levels is rejected and changes nothing.
    @Test func aPresentationChainStopsAtTheDepthLimit() throws {
        var sim = try Simulator(root: screen("A"))
        for index in 1..<Hierarchy.maxDepth {
            #expect(sim.perform(.present(screen("P\(index)"))).status == .ok)
        }
        #expect(sim.hierarchy.depth == Hierarchy.maxDepth)
        let outcome = sim.perform(.present(screen("OneTooMany")))
        #expect(outcome.status == .rejected)
        #expect(
            outcome.message
                == "The hierarchy would nest more than 100 levels (containment and presentation): navviz keeps hierarchies up to 100 deep, as real apps are"
        )
        #expect(sim.visible == "P99")
        #expect(sim.perform(.dismiss()).status == .ok)
    }

    /// A state that starts deeper than the limit (a deep root) still takes the steps that do not nest it further;
    /// every step was refused, a dismissal included.
    @Test func aRootDeeperThanTheLimitStillTakesStepsThatDoNotDeepenIt() throws {
        func boxes(_ count: Int) -> NodeSpec {
            var root = screen("Leaf")
            for index in 1...count { root = box("Box\(index)", [root]) }
            return root
        }
        var sim = try Simulator(root: boxes(Hierarchy.maxDepth + 10))
        let depth = sim.hierarchy.depth
        #expect(depth == Hierarchy.maxDepth + 11)
        #expect(sim.perform(.present(screen("Sheet"))).status == .ok)
        #expect(sim.perform(.dismiss()).status == .ok)
        // A snapshot as deep is taken; a deeper one is not.
        #expect(sim.replaceHierarchy(try Simulator(root: boxes(Hierarchy.maxDepth + 10)).hierarchy).status == .ok)
        #expect(sim.replaceHierarchy(try Simulator(root: boxes(Hierarchy.maxDepth + 11)).hierarchy).status == .rejected)
        #expect(sim.hierarchy.depth == depth)
    }

    @Test func dismissingALongChainRemovesTheIntermediatesTopDownAndAnimatesTheTop() throws {
        var sim = try Simulator(root: screen("A"))
        sim.perform(.present(screen("B")))
        sim.perform(.present(.navigation([screen("C")], id: "cnav")))
        sim.perform(.present(screen("D")))
        let outcome = sim.perform(.dismiss(), StepOptions(target: "A"))
        #expect(outcome.status == .ok)
        // Removed together, top-down: the upper presentation's controllers before the lower one's.
        #expect(outcome.trace == ["cnav.wD", "C.wD", "B.wD", "cnav.dD", "C.dD", "B.dD", "D.wD", "D.dD"])
        #expect(outcome.events.map(\.isAnimated) == [false, false, false, false, false, false, true, true])
        #expect(sim.visible == "A")
        #expect(sim.hierarchy["D"].presenter == nil && sim.hierarchy["cnav"].presenter == nil)
    }

    /// A presented navigation controller whose child presents in its own context: dismissing the navigation
    /// controller's presenter takes that presentation down too (it used to stay linked, and came back with it).
    @Test func dismissingAPresentedTreeTakesDownWhatAControllerInsideItPresents() throws {
        var sim = try Simulator(root: screen("A"))
        sim.perform(.present(.navigation([definingContext(screen("C"))], id: "cnav")))
        sim.perform(.present(screen("D"), style: .currentContext), StepOptions(target: "C"))
        #expect(sim.presented(by: "C") == "D")
        let outcome = sim.perform(.dismiss(), StepOptions(target: "A"))
        #expect(outcome.status == .ok)
        #expect(sim.visible == "A")
        #expect(sim.presented(by: "C") == nil && sim.hierarchy["D"].presenter == nil)
        #expect(sim.presented(by: "A") == nil && sim.hierarchy["cnav"].presenter == nil)
        // Presenting the navigation controller again brings back only what it holds.
        sim.perform(.present(ref("cnav")))
        #expect(sim.visible == "C")
    }

    @Test func dismissingTheTopOfAChainLeavesTheRest() throws {
        var sim = try Simulator(root: screen("A"))
        sim.perform(.present(screen("B")))
        sim.perform(.present(screen("C")))
        let outcome = sim.perform(.dismiss())
        #expect(outcome.trace == ["C.wD", "C.dD"])
        #expect(sim.presented(by: "A") == "B")
        #expect(sim.visible == "B")
    }

    @Test func poppingAControllerThatIsNotThePresenterLeavesTheModal() throws {
        var sim = try Simulator(root: nav("A", "B", id: "nav"))
        sim.perform(.present(screen("M")), StepOptions(target: "B"))
        let outcome = sim.perform(.pop(), StepOptions(target: "nav"))
        #expect(outcome.status == .ok)
        #expect(sim.children("nav") == ["A"])
        #expect(sim.presented(by: "nav") == "M")
        #expect(sim.visible == "M")
        // Under a sheet the navigation controller is still on screen.
        #expect(outcome.trace == ["B.wD", "A.wA", "B.dD", "A.dA"])
    }

    // MARK: - Interactive dismissal

    @Test func anInteractiveDismissDismisses() throws {
        var sim = try Simulator(root: screen("A"))
        sim.perform(.present(screen("B")))
        let outcome = sim.perform(.dismiss(interactive: true))
        #expect(outcome.status == .ok)
        #expect(outcome.animation?.kind == "interactiveDismiss")
        #expect(sim.presented(by: "A") == nil)
    }

    @Test func aCancelledInteractiveDismissOfASheetKeepsItAndReappearsIt() throws {
        var sim = try Simulator(root: screen("A"))
        sim.perform(.present(screen("B")))
        let before = sim.hierarchy
        let outcome = sim.perform(.dismiss(interactive: true, cancelled: true))
        #expect(outcome.status == .ok)
        #expect(sim.hierarchy == before)
        #expect(outcome.trace == ["B.wD", "B.wA", "B.dA"])
    }

    @Test func aCancelledInteractiveDismissOfAFullScreenModalBouncesThePresenter() throws {
        var sim = try Simulator(root: screen("A"))
        sim.perform(.present(screen("B"), style: .fullScreen))
        let before = sim.hierarchy
        let outcome = sim.perform(.dismiss(interactive: true, cancelled: true))
        #expect(sim.hierarchy == before)
        #expect(outcome.trace == ["B.wD", "A.wA", "A.wD", "A.dD", "B.wA", "B.dA"])
    }

    /// UIKit's dismissal gesture is a sheet's: a swipe of any other style is accepted as the app's own transition, with a
    /// warning (P6; a trial's full-screen swipe passed without a word).
    @Test(
        arguments: [
            (PresentationStyle.pageSheet, false), (.formSheet, false), (.automatic, false), (.popover, false), (.custom, false),
            (.fullScreen, true), (.overFullScreen, true), (.currentContext, true), (.overCurrentContext, true),
        ])
    func aSwipeOfAStyleWithoutUIKitsGestureIsSaid(style: PresentationStyle, warned: Bool) throws {
        for cancelled in [false, true] {
            var sim = try Simulator(root: nav("A", id: "nav"))
            sim.perform(.present(screen("B"), style: style), still)
            let outcome = sim.perform(.dismiss(interactive: true, cancelled: cancelled))
            #expect(outcome.status == .ok)
            #expect(
                outcome.warnings
                    == (warned
                        ? [
                            "UIKit gives the '\(style.rawValue)' style no dismissal gesture: this swipe is the app's own "
                                + "interactive transition (UIKit's is a sheet's: pageSheet, formSheet, automatic)"
                        ] : []))
        }
    }

    // MARK: - Window root

    @Test func setRootReplacesTheWindowRoot() throws {
        var sim = try Simulator(root: screen("Bar"))
        let outcome = sim.perform(.setRoot(screen("Foo")), still)
        #expect(outcome.status == .ok)
        #expect(sim.hierarchy.root == "Foo")
        #expect(outcome.warnings.isEmpty)
        #expect(outcome.trace == ["Bar.wD", "Foo.wA", "Bar.dD", "Foo.dA"])
        #expect(!sim.hierarchy.isAttached("Bar"))
    }

    @Test func setRootToTheCurrentRootIsNoop() throws {
        var sim = try Simulator(root: screen("Bar"))
        let outcome = sim.perform(.setRoot(ref("Bar")))
        #expect(outcome.status == .noop)
        #expect(outcome.message == "'Bar' is already the window's root")
    }

    @Test func setRootTearsDownTheOldPresentationChainWithAWarning() throws {
        var sim = try Simulator(root: screen("A"))
        sim.perform(.present(screen("B")))
        sim.perform(.present(screen("C")))
        let outcome = sim.perform(.setRoot(screen("N")))
        #expect(outcome.status == .ok)
        #expect(
            outcome.warnings == [
                "The old root 'A' was presenting 'B': the presentation was torn down (UIKit does not dismiss it: its views can stay in the window behind the new root; dismiss it before replacing the root)"
            ])
        #expect(sim.presented(by: "A") == nil)
        #expect(sim.presented(by: "B") == nil)
        #expect(sim.hierarchy["B"].presenter == nil)
        #expect(sim.hierarchy["C"].presenter == nil)
        #expect(sim.visible == "N")
        #expect(outcome.trace == ["C.wD", "C.dD", "B.wD", "B.dD", "A.wD", "N.wA", "A.dD", "N.dA"])
        #expect(outcome.events.map(\.isAnimated) == [false, false, false, false, true, true, true, true])
    }

    @Test func setRootUnderAFullScreenModalOnlyTearsDownWhatIsOnScreen() throws {
        var sim = try Simulator(root: screen("A"))
        sim.perform(.present(screen("B"), style: .fullScreen))
        let outcome = sim.perform(.setRoot(screen("N")))
        #expect(
            outcome.warnings == [
                "The old root 'A' was presenting 'B': the presentation was torn down (UIKit does not dismiss it: its views can stay in the window behind the new root; dismiss it before replacing the root)"
            ])
        // A left the window when B covered it: it does not come back to disappear again.
        #expect(outcome.trace == ["B.wD", "B.dD", "N.wA", "N.dA"])
    }

    @Test func setRootTearsDownPresentationsFromInsideTheOldRoot() throws {
        var sim = try Simulator(root: .tabs([definingContext(nav("A", id: "navA"))], id: "tabs"))
        sim.perform(.present(screen("C"), style: .overCurrentContext))
        let outcome = sim.perform(.setRoot(screen("N")))
        #expect(
            outcome.warnings == [
                "The old root 'tabs' was presenting 'C': the presentation was torn down (UIKit does not dismiss it: its views can stay in the window behind the new root; dismiss it before replacing the root)"
            ])
        #expect(sim.presented(by: "navA") == nil)
    }
}

extension PresentationTests {
    /// Two snapshots a chain of presentations apart (a full-screen navigation controller, a sheet on it) imply the
    /// callbacks the simulator sends for the same steps one by one: UIKit presents nothing while a presentation is in
    /// flight, and a chain dismissed at once removes its intermediates first (P5). A trial: the sheet's viewWillAppear
    /// came amid the full-screen presentation, and the cascade read every viewWillDisappear at once.
    @Test(arguments: [(PresentationStyle.fullScreen, 2), (.pageSheet, 2), (.fullScreen, 3), (.pageSheet, 4)])
    func aChainBetweenSnapshotsRunsAsTheSimulatorRunsIt(first: PresentationStyle, links: Int) throws {
        var sim = try Simulator(root: .tabs([nav("Cart", id: "cartNav"), screen("Profile")], id: "tabs"))
        let start = sim.hierarchy
        var simulated = sim.perform(.present(.navigation([screen("Login"), screen("Form")], id: "loginNav"), style: first)).events
        for link in 1..<links {
            simulated += sim.perform(.present(screen("Help\(link)"), style: link == 2 ? .fullScreen : .pageSheet)).events
        }
        let chained = sim.hierarchy
        let dismissed = sim.perform(.dismiss(), StepOptions(target: "tabs")).events
        #expect(sim.hierarchy.attachedNodes() == start.attachedNodes())
        func names(_ events: [AppearanceEvent]) -> [String] { events.map(\.description) }
        var snapshots = Simulator(hierarchy: start)
        #expect(names(snapshots.replaceHierarchy(chained).events) == names(simulated))
        #expect(names(snapshots.replaceHierarchy(start).events) == names(dismissed))
    }
}

extension PresentationTests {
    /// A snapshot that gives an id another kind (a hand-written one reusing a name) is taken as the same controller,
    /// said on the step (a trial: no word).
    @Test func aSnapshotThatChangesAControllersKindSaysSo() throws {
        var sim = try Simulator(root: .navigation([screen("Home")], id: "nav"))
        let other = try Simulator(root: .tabs([screen("Home")], id: "nav")).hierarchy
        let outcome = sim.replaceHierarchy(other)
        #expect(outcome.status == .ok)
        #expect(
            outcome.warnings == [
                "'nav' was of kind navigation and is of kind tab in the snapshot: taken as the same controller (give another "
                    + "controller another id)"
            ])
        #expect(sim.replaceHierarchy(other).warnings == [])
    }
}

extension PresentationTests {
    /// A context's definer inside a controller that presents is already presenting: UIKit's `presentedViewController`
    /// is inherited (O2). A review: a context sheet under a page sheet was accepted and hidden behind it.
    @Test func aContextPresentationUnderASheetIsRefused() throws {
        var sim = try contextSimulator()
        #expect(sim.perform(.present(screen("Sheet"), style: .pageSheet)).status == .ok)
        let outcome = sim.perform(.present(screen("Filter"), style: .overCurrentContext), StepOptions(target: "A"))
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot present 'Filter': 'tabs' is already presenting 'Sheet'")
    }

    /// A context presentation in a tab not selected is not above a modal tab bar: swiping the sheet down is the sheet's
    /// own dismissal, animated, not a cascade (a review: refused, or every callback unanimated).
    @Test func aContextPresentationInAHiddenTabIsNotAboveItsModal() throws {
        var sim = try Simulator(root: .navigation([screen("Home")], id: "rootNav"))
        let tabs = NodeSpec.tabs([definingContext(nav("A", id: "navA")), nav("B", id: "navB")], id: "T")
        #expect(sim.perform(.present(tabs, style: .pageSheet)).status == .ok)
        #expect(sim.perform(.present(screen("Filter"), style: .currentContext), StepOptions(target: "A")).status == .ok)
        #expect(sim.perform(.select(.index(1), isUserTap: true)).status == .ok)
        let swipe = sim.perform(.dismiss(interactive: true), StepOptions(target: "B"))
        #expect(swipe.status == .ok)
        #expect(swipe.trace == ["T.wD", "navB.wD", "B.wD", "T.dD", "navB.dD", "B.dD"])
        #expect(swipe.events.allSatisfy { $0.isAnimated })
        #expect(sim.visible == "Home")
    }
}
