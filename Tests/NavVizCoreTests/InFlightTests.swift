import NavVizCore
import Testing

/// Operations while a transition is in flight (docs/semantics.md, Time and transitions in flight).
@Suite struct InFlightTests {
    func pushed() throws -> (Simulator, StepOutcome) {
        var sim = try Simulator(root: nav("A", id: "nav"))
        let push = sim.perform(.push(screen("B")))
        return (sim, push)
    }

    @Test func anAnimatedPushKeepsItsNavigationControllerBusyUntilItEnds() throws {
        let (sim, push) = try pushed()
        #expect(push.start == 0)
        #expect(push.duration == 0.35)
        #expect(sim.inFlight == ["nav": 0.35])
        #expect(sim.now == 0.35)
    }

    /// The clock keeps whole microseconds: three pushes of 0.35 s end at 1.05, not the doubles' sum
    /// 1.0499999999999998 (a new user's trial found it in the run JSON), and times given with `after` add up alike.
    @Test func theClockKeepsWholeMicroseconds() throws {
        var sim = try Simulator(root: nav("A", id: "nav"))
        for name in ["B", "C", "D"] { #expect(sim.perform(.push(screen(name))).status == .ok) }
        #expect(sim.now == 1.05)
        #expect(0.35 + 0.35 + 0.35 != 1.05)
        // `after` counts from the last step's start, 0.7: 0.8, where 0.7 + 0.1 is 0.7999999999999999.
        #expect(sim.perform(.pop(), StepOptions(after: 0.1)).start == 0.8)
        #expect(0.7 + 0.1 != 0.8)
        #expect(sim.perform(.pop(), StepOptions(after: 0.7)).start == 1.5)
    }

    /// A navigation controller off screen (another tab's, one under a full-screen presentation) changes its stack at once:
    /// no time, nothing in flight, so a pop to its root right after a push onto it is made (semantics N10; a trial: it
    /// was refused as busy). On screen, the same push keeps it busy.
    @Test func aNavigationControllerOffScreenIsNeverBusy() throws {
        var sim = try Simulator(root: .tabs([nav("Feed", id: "feedNav"), nav("Inbox", id: "inboxNav")], id: "tabs"))
        let push = sim.perform(.push(screen("Promo")), StepOptions(target: "inboxNav"))
        #expect(push.status == .ok)
        #expect(push.duration == 0)
        #expect(push.events.isEmpty)
        #expect(sim.inFlight.isEmpty)
        #expect(sim.hierarchy["inboxNav"].children == ["Inbox", "Promo"])
        #expect(sim.perform(.push(screen("Thread")), StepOptions(target: "inboxNav", after: 0)).status == .ok)
        #expect(sim.perform(.popToRoot, StepOptions(target: "inboxNav", after: 0)).status == .ok)
        #expect(sim.hierarchy["inboxNav"].children == ["Inbox"])
        let onScreen = sim.perform(.push(screen("Post")), StepOptions(target: "feedNav"))
        #expect(onScreen.duration == 0.35)
        #expect(sim.inFlight == ["feedNav": onScreen.start + 0.35])
        // A push still running when its tab was left keeps it busy no longer, and a back swipe needs it on screen (a review).
        let running = sim.perform(.push(screen("Post#2")), StepOptions(target: "feedNav"))
        #expect(running.duration == 0.35)
        #expect(sim.perform(.select(.index(1)), StepOptions(after: 0.1)).status == .ok)
        #expect(sim.perform(.popToRoot, StepOptions(target: "feedNav", after: 0)).status == .ok)
        #expect(sim.hierarchy["feedNav"].children == ["Feed"])
        #expect(sim.perform(.push(screen("Comment")), StepOptions(target: "feedNav")).status == .ok)
        let swipe = sim.perform(.pop(interactive: true), StepOptions(target: "feedNav"))
        #expect(swipe.status == .rejected)
        #expect(
            swipe.message
                == "Cannot swipe back in 'feedNav': it is not on screen, so a user cannot reach it (pop from code, without \"interactive\": true)"
        )
        // Under a full-screen presentation: out of the window, at once too.
        var covered = try Simulator(root: nav("A", id: "nav"))
        #expect(covered.perform(.present(screen("Login"), style: .fullScreen)).status == .ok)
        let under = covered.perform(.push(screen("B")), StepOptions(target: "nav"))
        #expect(under.status == .ok)
        #expect(under.duration == 0)
        #expect(covered.hierarchy["nav"].children == ["A", "B"])
    }

    /// A plain controller's first child is added, not transitioned to (`transition(from:to:)` needs a child to leave):
    /// no time, nothing in flight, callbacks not animated, so a second child may be shown at once (a trial read a 0.3 s
    /// cross-dissolve). The second is a transition.
    @Test func aFirstChildIsAddedWithoutAnimation() throws {
        var sim = try Simulator(root: nav("A", id: "nav"))
        let first = sim.perform(.showChild(screen("C")), StepOptions(target: "A"))
        #expect(first.status == .ok)
        #expect(first.duration == 0)
        #expect(first.animation == nil)
        #expect(first.trace == ["C.wA", "C.dA"])
        #expect(!first.events.contains { $0.isAnimated })
        #expect(sim.inFlight.isEmpty)
        let second = sim.perform(.showChild(screen("D")), StepOptions(target: "A"))
        #expect(second.status == .ok)
        #expect(second.duration == 0.3)
        #expect(second.trace == ["C.wD", "D.wA", "C.dD", "D.dA"])
        #expect(second.events.allSatisfy { $0.isAnimated })
    }

    @Test func aStepLandingMidTransitionIsRejectedAsBusy() throws {
        var (sim, _) = try pushed()
        let before = sim.hierarchy
        let outcome = sim.perform(.pop(), StepOptions(after: 0.1))
        #expect(outcome.status == .rejected)
        #expect(
            outcome.message
                == "Cannot pop: 'nav' is busy with a transition in flight (UIKit goes ahead and logs 'nested pop animation can result in corrupted navigation bar'; navviz refuses it: wait for the transition's end)"
        )
        #expect(outcome.start == 0.1)
        #expect(outcome.events.isEmpty)
        #expect(sim.hierarchy == before)
    }

    /// What UIKit raises for, or does nothing for, it does so whatever is in flight: such a step is not said to be busy (a
    /// fidelity trial: a push of a controller already in the stack, during another push, was).
    @Test(arguments: [
        (
            NavigationOperation.push(.reference("A")),
            StepStatus.rejected,
            "Cannot push 'A': it is already in the stack of 'nav' (UIKit raises: 'is pushing the same view controller instance more than once which is not supported')"
        ),
        (.push(nav("Inner", id: "inner")), .rejected, "Cannot push 'inner': pushing a navigation controller is not supported"),
        (.popTo("B"), .noop, "'B' is already the top of 'nav'"),
        (.popToInstance(className: "B", which: .last), .noop, "The last instance of 'B' is already the top of 'nav'"),
    ])
    func whatUIKitRaisesForOrIgnoresIsNotBusy(_ operation: NavigationOperation, status: StepStatus, message: String) throws {
        var (sim, _) = try pushed()
        let outcome = sim.perform(operation, StepOptions(after: 0.1))
        #expect(outcome.status == status)
        #expect(outcome.message == message)
    }

    /// At its root, during the pop that took it there, a navigation controller pops nothing (UIKit's `popViewController`
    /// returns nil): a noop, not a busy step.
    @Test(arguments: [
        (NavigationOperation.pop(), "'nav' is at its root: there is nothing to pop"),
        (.popToRoot, "'nav' is already at its root"),
    ])
    func aPopAtTheRootDuringAPopIsANoop(_ operation: NavigationOperation, message: String) throws {
        var sim = try Simulator(root: nav("A", "B", id: "nav"))
        #expect(sim.perform(.pop()).status == .ok)
        let outcome = sim.perform(operation, StepOptions(after: 0.1))
        #expect(outcome.status == .noop)
        #expect(outcome.message == message)
        #expect(outcome.duration == 0)
    }

    struct BusyCase: Sendable, CustomTestStringConvertible {
        var operation: NavigationOperation
        var message: String
        var testDescription: String { operation.name }
    }

    @Test(arguments: [
        BusyCase(
            operation: .push(screen("C")),
            message:
                "Cannot push 'C': 'nav' is busy with a transition in flight (UIKit goes ahead and logs 'nested push animation can result in corrupted navigation bar'; navviz refuses it: wait for the transition's end)"
        ),
        BusyCase(
            operation: .pop(),
            message:
                "Cannot pop: 'nav' is busy with a transition in flight (UIKit goes ahead and logs 'nested pop animation can result in corrupted navigation bar'; navviz refuses it: wait for the transition's end)"
        ),
        BusyCase(
            operation: .popToRoot,
            message:
                "Cannot pop to root: 'nav' is busy with a transition in flight (UIKit goes ahead and logs 'nested pop animation can result in corrupted navigation bar'; navviz refuses it: wait for the transition's end)"
        ),
        BusyCase(
            operation: .popTo("A"),
            message:
                "Cannot pop to 'A': 'nav' is busy with a transition in flight (UIKit goes ahead and logs 'nested pop animation can result in corrupted navigation bar'; navviz refuses it: wait for the transition's end)"
        ),
        BusyCase(
            operation: .popToInstance(className: "A", which: .first),
            message:
                "Cannot pop to an instance of 'A': 'nav' is busy with a transition in flight (UIKit goes ahead and logs 'nested pop animation can result in corrupted navigation bar'; navviz refuses it: wait for the transition's end)"
        ),
        BusyCase(
            operation: .setStack([screen("C")]), message: "Cannot set the stack: 'nav' is busy with a transition in flight"),
        BusyCase(
            operation: .replace(screen("C"), mode: .last),
            message: "Cannot replace with 'C': 'nav' is busy with a transition in flight"),
        BusyCase(
            operation: .show(screen("C")),
            message:
                "Cannot push 'C': 'nav' is busy with a transition in flight (UIKit goes ahead and logs 'nested push animation can result in corrupted navigation bar'; navviz refuses it: wait for the transition's end)"
        ),
    ])
    func everyNavigationOperationIsRejectedWhileThePushRuns(_ c: BusyCase) throws {
        var (sim, _) = try pushed()
        let before = sim.hierarchy
        let outcome = sim.perform(c.operation, StepOptions(after: 0.2))
        #expect(outcome.status == .rejected)
        #expect(outcome.message == c.message)
        #expect(sim.hierarchy == before)
    }

    /// A tap on the selected tab pops its navigation controller to the root, animated: while that controller's own push
    /// runs, it is refused as `popToRoot` is (a trial's tap 0.1 s into a push popped at once, its callbacks crossing the
    /// push's). Once the push has ended, the tap pops.
    @Test func aTapOnTheSelectedTabWaitsForItsNavigationControllersPush() throws {
        var sim = try Simulator(root: .tabs([nav("Home", id: "nav")], id: "tabs"))
        #expect(sim.perform(.push(screen("Mid"))).status == .ok)
        let before = sim.hierarchy
        let tap = sim.perform(.select(.index(0), isUserTap: true), StepOptions(after: 0.1))
        #expect(tap.status == .rejected)
        #expect(
            tap.message
                == "Cannot pop to root: 'nav' is busy with a transition in flight (UIKit goes ahead and logs 'nested pop animation can result in corrupted navigation bar'; navviz refuses it: wait for the transition's end)"
        )
        #expect(tap.events.isEmpty)
        #expect(sim.hierarchy == before)
        let later = sim.perform(.select(.index(0), isUserTap: true), StepOptions(after: 0.5))
        #expect(later.status == .ok)
        #expect(sim.hierarchy["nav"].children == ["Home"])
    }

    /// A refused new controller is named by the id it would have had, which the next one of its name takes (O4): a
    /// trial read "Cannot present 'Sheet'" beside the `Sheet` on screen as re-presenting it.
    @Test func aRefusedNewControllerIsNamedByItsWouldBeID() throws {
        var sim = try Simulator(root: nav("Home", id: "nav"))
        #expect(sim.perform(.present(screen("Sheet"), style: .pageSheet)).status == .ok)
        let refused = sim.perform(.present(screen("Sheet"), style: .pageSheet), StepOptions(after: 0.1))
        #expect(refused.message == "Cannot present 'Sheet#2': a presentation or dismissal is already in flight")
        let busy = sim.perform(.push(screen("B")), StepOptions(target: "nav"))
        #expect(busy.status == .ok)
        #expect(
            sim.perform(.push(screen("B")), StepOptions(target: "nav", after: 0.1)).message
                == "Cannot push 'B#2': 'nav' is busy with a transition in flight (UIKit goes ahead and logs 'nested push animation can result in corrupted navigation bar'; navviz refuses it: wait for the transition's end)"
        )
        // Nothing was created: the next new Sheet is Sheet#2.
        #expect(sim.perform(.wait(seconds: 1)).status == .ok)
        #expect(sim.perform(.push(screen("Sheet")), StepOptions(target: "nav")).status == .ok)
        #expect(sim.hierarchy.contains("Sheet#2"))
        #expect(!sim.hierarchy.contains("Sheet#3"))
    }

    @Test(arguments: [0.35, 0.5])
    func aStepLandingAfterTheTransitionWorks(after: Double) throws {
        var (sim, _) = try pushed()
        let outcome = sim.perform(.pop(), StepOptions(after: after))
        #expect(outcome.status == .ok)
        #expect(outcome.start == after)
        #expect(sim.children("nav") == ["A"])
    }

    @Test func aStepWithoutAfterWaitsForTheTransitionToEnd() throws {
        var (sim, _) = try pushed()
        let outcome = sim.perform(.pop())
        #expect(outcome.status == .ok)
        #expect(outcome.start == 0.35)
        #expect(sim.now == 0.7)
    }

    @Test func aRejectedStepDoesNotFreeTheContainer() throws {
        var (sim, _) = try pushed()
        sim.perform(.pop(), StepOptions(after: 0.1))
        // 0.1 + 0.2 = 0.3: still inside the push that ends at 0.35.
        #expect(sim.perform(.pop(), StepOptions(after: 0.2)).status == .rejected)
        #expect(sim.perform(.pop()).status == .ok)
    }

    @Test func nonAnimatedStepsTakeNoTime() throws {
        var sim = try Simulator(root: nav("A", id: "nav"))
        let push = sim.perform(.push(screen("B")), still)
        #expect(push.duration == 0)
        #expect(push.animation == nil)
        #expect(sim.now == 0)
        #expect(sim.inFlight.isEmpty)
        let pop = sim.perform(.pop(), StepOptions(animated: false, after: 0))
        #expect(pop.status == .ok)
        #expect(pop.start == 0)
    }

    @Test func noopAndRejectedStepsTakeNoTime() throws {
        var sim = try Simulator(root: nav("A", id: "nav"))
        let noop = sim.perform(.pop())
        #expect(noop.status == .noop)
        #expect(noop.duration == 0)
        let rejected = sim.perform(.popTo("Nope"))
        #expect(rejected.duration == 0)
        #expect(sim.now == 0)
        #expect(sim.inFlight.isEmpty)
    }

    @Test func anExplicitAnimationSetsTheDuration() throws {
        var sim = try Simulator(root: nav("A", id: "nav"))
        let push = sim.perform(.push(screen("B")), StepOptions(animation: Animation(kind: "fade", duration: 1)))
        #expect(push.duration == 1)
        #expect(push.animation == Animation(kind: "fade", duration: 1))
        #expect(sim.perform(.pop(), StepOptions(after: 0.9)).status == .rejected)
        #expect(sim.perform(.pop(), StepOptions(after: 0.1)).status == .ok)
    }

    @Test func anotherContainerIsNotBusy() throws {
        var sim = try Simulator(root: .tabs([nav("A", id: "navA"), nav("B", id: "navB")], id: "tabs"))
        sim.perform(.push(screen("A2")))
        let select = sim.perform(.select(.index(1)), StepOptions(after: 0.1))
        #expect(select.status == .ok)
        let push = sim.perform(.push(screen("B2")), StepOptions(after: 0))
        #expect(push.status == .ok)
        #expect(sim.children("navB") == ["B", "B2"])
    }

    @Test func presentingWhileAPresentationRunsIsRejected() throws {
        var sim = try Simulator(root: screen("A"))
        let present = sim.perform(.present(screen("B")))
        #expect(present.duration == 0.5)
        let outcome = sim.perform(.present(screen("C")), StepOptions(after: 0.2))
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot present 'C': a presentation or dismissal is already in flight")
        #expect(!sim.hierarchy.contains("C"))
    }

    @Test func dismissingWhileAPresentationRunsIsRejected() throws {
        var sim = try Simulator(root: screen("A"))
        sim.perform(.present(screen("B")))
        let outcome = sim.perform(.dismiss(), StepOptions(after: 0.2))
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot dismiss: a presentation or dismissal is already in flight")
        #expect(sim.presented(by: "A") == "B")
        #expect(sim.perform(.dismiss()).status == .ok)
    }

    /// A navigation controller does not update its stack while a presentation or dismissal by it, by a controller around it
    /// or by one in it is in flight: UIKit logs "pushViewController:animated: called on <UINavigationController> while an
    /// existing transition or presentation is occurring; the navigation stack will not be updated" (the classic bug of a
    /// push straight after `dismiss(animated:)`, not in its completion; a trial saw it go through).
    @Test func aNavigationChangeDuringAPresentationInItsLineIsRejected() throws {
        var sim = try Simulator(root: nav("A", id: "nav"))
        sim.perform(.present(screen("M"), style: .pageSheet))
        sim.perform(.dismiss())
        let push = sim.perform(.push(screen("B")), StepOptions(target: "nav", after: 0))
        #expect(push.status == .rejected)
        #expect(
            push.message
                == "Cannot push 'B': 'nav' is presenting or dismissing a controller, so it does not update its stack meanwhile (UIKit "
                + "logs 'pushViewController:animated: called on <UINavigationController> while an existing transition or "
                + "presentation is occurring; the navigation stack will not be updated')")
        #expect(sim.children("nav") == ["A"])
        // In the dismissal's completion (once it ended), the push lands.
        #expect(sim.perform(.push(screen("B")), StepOptions(target: "nav")).status == .ok)

        // The last flick of a notification sequence has its presenter dismiss it: the same (a fidelity trial's push right
        // after it went through).
        var flicked = try Simulator(root: nav("Home", id: "nav"))
        var sequence = NodeSpec(kind: .notifications, id: "notes")
        sequence.children = [screen("N1")]
        #expect(flicked.perform(.present(sequence, style: .custom)).status == .ok)
        #expect(flicked.perform(.flick(velocity: 2000)).status == .ok)
        let afterFlick = flicked.perform(.push(screen("B")), StepOptions(target: "nav", after: 0))
        #expect(afterFlick.status == .rejected)
        #expect(afterFlick.message?.hasPrefix("Cannot push 'B': 'nav' is presenting or dismissing a controller") == true)

        // A tab bar presenting covers both of its navigation controllers' lines; a pop there is refused too.
        var tabs = try Simulator(
            root: .tabs([.navigation([.screen("Home"), .screen("Product")], id: "shopNav"), nav("Cart", id: "cartNav")], id: "tabs"))
        tabs.perform(.present(screen("Sheet"), style: .pageSheet))
        let pop = tabs.perform(.pop(), StepOptions(target: "shopNav", after: 0.1))
        #expect(pop.status == .rejected)
        #expect(
            pop.message?.hasPrefix(
                "Cannot pop: 'tabs' is presenting or dismissing a controller, so 'shopNav' does not update its stack meanwhile "
                    + "(UIKit logs 'popViewControllerAnimated: called on") == true)
    }

    /// A full-screen presentation over a push still running is made, and warned of as UIKit logs it; a sheet, which
    /// leaves the pushed controller on screen, and a presentation once the push ended are not (a trial saw no word).
    @Test func aFullScreenPresentationOverARunningPushIsWarnedOf() throws {
        for (style, after, warned) in [
            (PresentationStyle.fullScreen, Double?(0), true), (.pageSheet, 0, false), (.fullScreen, nil, false),
        ] {
            var sim = try Simulator(root: nav("List", id: "nav"))
            sim.perform(.push(screen("Detail")))
            let present = sim.perform(.present(screen("Paywall"), style: style), StepOptions(target: "Detail", after: after))
            #expect(present.status == .ok)
            #expect(
                present.warnings
                    == (warned
                        ? [
                            "UIKit logs 'Unbalanced calls to begin/end appearance transitions for <Detail>': 'nav' is still animating when "
                                + "this presentation covers it (present once it ends: in its transition coordinator's completion)"
                        ] : []),
                "\(style) \(String(describing: after))")
        }
    }

    /// A presentation in another container's context (a tab's navigation controller defines it) leaves the other tab's
    /// navigation controller free; and one by a controller inside the navigation controller blocks it.
    @Test func aPresentationOutsideTheLineDoesNotBlockANavigationController() throws {
        var sim = try Simulator(
            root: .tabs([nav("Home", id: "shopNav"), nav("Cart", id: "cartNav")], id: "tabs"))
        sim.perform(.present(screen("Context"), style: .currentContext), StepOptions(target: "Home"))
        #expect(sim.presented(by: "shopNav") == "Context")
        #expect(sim.perform(.push(screen("Checkout")), StepOptions(target: "cartNav", after: 0.1)).status == .ok)

        var inner = try Simulator(root: .navigation([definingContext(screen("List"))], id: "nav"))
        inner.perform(.present(screen("Search"), style: .overCurrentContext), StepOptions(target: "List"))
        #expect(inner.presented(by: "List") == "Search")
        #expect(inner.perform(.push(screen("Detail")), StepOptions(target: "nav", after: 0.1)).status == .rejected)
    }

    @Test func waitTakesItsTimeWhetherOrNotAnimated() throws {
        var sim = try Simulator(root: nav("A", id: "nav"))
        let wait = sim.perform(.wait(seconds: 2), still)
        #expect(wait.duration == 2)
        #expect(sim.now == 2)
        #expect(sim.inFlight.isEmpty)
    }
}
