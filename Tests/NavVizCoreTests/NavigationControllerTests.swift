import NavVizCore
import Testing

/// UINavigationController (docs/semantics.md, Navigation controller).
@Suite struct NavigationControllerTests {
    func simulator(_ names: String...) throws -> Simulator {
        try Simulator(root: .navigation(names.map { .screen($0) }, id: "nav"))
    }

    // MARK: - push

    @Test func pushMakesTheNewControllerTheTop() throws {
        var sim = try simulator("A")
        let outcome = sim.perform(.push(screen("B")))
        #expect(outcome.status == .ok)
        #expect(outcome.message == nil)
        #expect(sim.children("nav") == ["A", "B"])
        #expect(sim.visible == "B")
        #expect(outcome.created == ["B"])
        #expect(outcome.trace == ["A.wD", "B.wA", "A.dD", "B.dA"])
    }

    @Test func pushMutatesTheStackImmediatelyEvenWhenAnimated() throws {
        var sim = try simulator("A")
        let outcome = sim.perform(.push(screen("B")), StepOptions(animated: true))
        #expect(outcome.duration > 0)
        #expect(outcome.animation?.kind == "push")
        // The stack already holds B while the animation runs (Ariadne reads it synchronously).
        #expect(sim.children("nav").count == 2)
        #expect(sim.inFlight["nav"] == outcome.duration)
    }

    @Test func pushOntoAnEmptyNavigationControllerMakesTheFirstEntry() throws {
        var sim = try Simulator(root: .navigation([], id: "nav"))
        #expect(sim.visible == "nav")
        let outcome = sim.perform(.push(screen("Foo")))
        #expect(outcome.status == .ok)
        #expect(sim.children("nav") == ["Foo"])
        #expect(outcome.trace == ["Foo.wA", "Foo.dA"])
    }

    @Test(arguments: ["A", "B"] as [NodeID])
    func pushingAControllerAlreadyInTheStackIsRejected(member: NodeID) throws {
        var sim = try simulator("A", "B")
        let before = sim.hierarchy
        let outcome = sim.perform(.push(ref(member)))
        #expect(outcome.status == .rejected)
        #expect(
            outcome.message
                == "Cannot push '\(member)': it is already in the stack of 'nav' (UIKit raises: 'is pushing the same view controller instance more than once which is not supported')"
        )
        #expect(outcome.events.isEmpty)
        #expect(sim.hierarchy == before)
    }

    @Test func pushingAControllerFromAnotherStackIsRejected() throws {
        var sim = try Simulator(root: .tabs([nav("A", id: "one"), nav("B", id: "two")], id: "tabs"))
        let outcome = sim.perform(.push(ref("B")))
        #expect(outcome.status == .rejected)
        #expect(
            outcome.message
                == "Cannot push 'B': it is already a child of 'two' (UIKit would take it out of 'two' first; navviz refuses, so that no step changes a container it does not name: take it out of 'two' in a step of its own)"
        )
        #expect(sim.children("one") == ["A"])
    }

    /// Presenting one itself is refused as UIKit refuses a controller that has a parent (an unselected tab's is not in the
    /// window: a trial's was called active); inside a presented container, UIKit's `addChild(_:)` would move it, and the
    /// message says so (a review doubted it).
    @Test func presentingAControllerFromAnotherStackIsRejected() throws {
        var sim = try Simulator(root: .tabs([nav("A", id: "one"), nav("B", id: "two")], id: "tabs"))
        #expect(
            sim.perform(.present(ref("B"), style: .pageSheet)).message
                == "Cannot present 'B': it is already a child of 'two' (UIKit raises: a controller that has a parent cannot be presented; take it out of 'two' in a step of its own)"
        )
        let outcome = sim.perform(.present(.navigation([ref("B")], id: "sheet"), style: .pageSheet))
        #expect(outcome.status == .rejected)
        #expect(
            outcome.message
                == "Cannot present 'B': it is already a child of 'two' (UIKit would take it out of 'two' first; navviz refuses, so that no step changes a container it does not name: take it out of 'two' in a step of its own)"
        )
    }

    /// A child of a container no longer in the window (a dismissed tab bar's), presented or made the window's root itself:
    /// UIKit raises, so the message does not say it would move it (a review).
    @Test(arguments: [
        (
            NavigationOperation.present(ref("X"), style: .pageSheet),
            "Cannot present 'X': it is already a child of 't' (UIKit raises: a controller that has a parent cannot be presented; take it out of 't' in a step of its own)"
        ),
        (
            .setRoot(ref("X")),
            "Cannot set as the window's root 'X': it is already a child of 't' (UIKit raises: a controller that has a parent cannot be the window's root; take it out of 't' in a step of its own)"
        ),
    ])
    func aChildOfADetachedContainerCannotBePresentedOrTheRoot(operation: NavigationOperation, message: String) throws {
        var sim = try Simulator(root: nav("Home", id: "nav"))
        #expect(sim.perform(.present(.tabs([screen("X"), screen("Y")], id: "t"), style: .pageSheet)).status == .ok)
        #expect(sim.perform(.dismiss()).status == .ok)
        let outcome = sim.perform(operation)
        #expect(outcome.status == .rejected)
        #expect(outcome.message == message)
    }

    /// Apple's documentation says a pushed controller cannot be a tab bar controller, but UIKit does not raise: it is
    /// pushed with a warning, as a navigation literal may hold one (a trial: popped from a literal's stack, it could not be
    /// pushed back; docs/semantics.md#N3).
    @Test(arguments: [(nil, "tab"), ("shop", "shop")] as [(String?, String)])
    func aTabBarControllerIsPushedWithAWarning(id: String?, name: String) throws {
        var sim = try simulator("A")
        let outcome = sim.perform(.push(.tabs([screen("X")], id: id)))
        #expect(outcome.status == .ok)
        #expect(
            outcome.warnings == [
                "'\(name)' is a tab bar controller: Apple's documentation says a pushed controller cannot be one, but UIKit does not "
                    + "raise and pushes it, its tab bar inside the navigation controller"
            ])
        #expect(sim.children("nav") == ["A", NodeID(name)])
        #expect(sim.finderResult.visible == "X")
    }

    /// UISplitViewController: "You cannot push a split view controller onto a navigation stack" (docs/semantics.md#N3).
    @Test func pushingASplitViewControllerIsRejected() throws {
        var sim = try simulator("A")
        let before = sim.hierarchy
        let outcome = sim.perform(.push(.split(primary: screen("M"), secondary: screen("D"), id: "split")))
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot push 'split': split view controllers cannot be pushed to a navigation controller")
        #expect(sim.hierarchy == before)
    }

    @Test func pushingAPresentedControllerSaysItIsPresented() throws {
        var sim = try simulator("A")
        sim.perform(.present(screen("M")))
        let outcome = sim.perform(.push(ref("M")), StepOptions(target: "A"))
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot push 'M': it is presented by 'nav'")
    }

    @Test func aTabBarControllerPoppedFromALiteralIsPushedBack() throws {
        var sim = try Simulator(root: .navigation([screen("Login"), .tabs([screen("X")], id: "shop")], id: "nav"))
        #expect(sim.perform(.pop()).status == .ok)
        let outcome = sim.perform(.push(ref("shop")))
        #expect(outcome.status == .ok)
        #expect(outcome.warnings.count == 1)
        #expect(sim.children("nav") == ["Login", "shop"])
        // Kept in a new stack: pushed already, no second warning.
        let kept = sim.perform(.setStack([ref("Login"), ref("shop")]))
        #expect(kept.status == .ok && kept.warnings.isEmpty)
    }

    @Test func pushFromAModalWithoutANavigationControllerIsRejected() throws {
        var sim = try Simulator(root: presenting(nav("A", id: "nav"), screen("Sheet")))
        let outcome = sim.perform(.push(screen("B")))
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot push 'B': 'Sheet' is not inside a navigation controller")
    }

    @Test func aPoppedControllerCanBePushedAgain() throws {
        var sim = try simulator("A", "B")
        sim.perform(.pop())
        let outcome = sim.perform(.push(ref("B")))
        #expect(outcome.status == .ok)
        #expect(outcome.created.isEmpty)
        #expect(sim.children("nav") == ["A", "B"])
    }

    @Test func showInsideANavigationControllerPushes() throws {
        var sim = try simulator("A")
        let outcome = sim.perform(.show(screen("B")))
        #expect(outcome.status == .ok)
        #expect(sim.children("nav") == ["A", "B"])
        #expect(outcome.trace == ["A.wD", "B.wA", "A.dD", "B.dA"])
    }

    // MARK: - pop

    @Test func popRemovesTheTopAndKeepsItRetained() throws {
        var sim = try simulator("A", "B")
        let outcome = sim.perform(.pop())
        #expect(outcome.status == .ok)
        #expect(outcome.animation?.kind == "pop")
        #expect(sim.children("nav") == ["A"])
        #expect(sim.hierarchy.contains("B"))
        #expect(sim.hierarchy.parent(of: "B") == nil)
        #expect(!sim.hierarchy.isAttached("B"))
        #expect(outcome.trace == ["B.wD", "A.wA", "B.dD", "A.dA"])
    }

    /// An empty navigation controller has no root to be at (a new user's trial: it said "at its root").
    @Test func popOfAnEmptyStackIsNoop() throws {
        var sim = try Simulator(root: .navigation([], id: "nav"))
        let outcome = sim.perform(.pop())
        #expect(outcome.status == .noop)
        #expect(outcome.message == "'nav' holds no controller: there is nothing to pop")
    }

    @Test func popAtRootIsNoop() throws {
        var sim = try simulator("A")
        let before = sim.hierarchy
        let outcome = sim.perform(.pop())
        #expect(outcome.status == .noop)
        #expect(outcome.message == "'nav' is at its root: there is nothing to pop")
        #expect(outcome.events.isEmpty)
        #expect(outcome.duration == 0)
        #expect(sim.hierarchy == before)
    }

    @Test func anInteractivePopPops() throws {
        var sim = try simulator("A", "B")
        let outcome = sim.perform(.pop(interactive: true))
        #expect(outcome.status == .ok)
        #expect(outcome.animation?.kind == "interactivePop")
        #expect(sim.children("nav") == ["A"])
        #expect(outcome.trace == ["B.wD", "A.wA", "B.dD", "A.dA"])
    }

    @Test func aCancelledInteractivePopKeepsTheStack() throws {
        var sim = try simulator("A", "B")
        let outcome = sim.perform(.pop(interactive: true, cancelled: true))
        #expect(outcome.status == .ok)
        #expect(sim.children("nav") == ["A", "B"])
        #expect(outcome.trace == ["B.wD", "A.wA", "A.wD", "A.dD", "B.wA", "B.dA"])
        // Said as cancelled (run JSON `"cancelled": true`, the caption, the run table): it read like any pop (a trial).
        #expect(outcome.isCancelled)
        #expect(!sim.perform(.pop(interactive: true)).isCancelled)
    }

    /// A swipe needs a reachable controller (as a tab tap does, T3): no back swipe under a sheet or a full-screen
    /// presentation, no swipe-down of a sheet with another over it (a UIKit trial: each was accepted, and the last
    /// dismissed both sheets). From code, the same operations are still accepted.
    @Test func aSwipeNeedsAControllerTheUserCanReach() throws {
        var sim = try simulator("A", "B")
        for style in [PresentationStyle.pageSheet, .fullScreen] {
            var covered = sim
            #expect(covered.perform(.present(screen("Sheet"), style: style)).status == .ok)
            let before = covered.hierarchy
            let pop = covered.perform(.pop(interactive: true), StepOptions(target: "nav"))
            #expect(pop.status == .rejected)
            #expect(
                pop.message
                    == "Cannot swipe back in 'nav': 'Sheet' is presented over it, so a user cannot reach it (pop from code, without \"interactive\": true)"
            )
            #expect(covered.hierarchy == before)
            #expect(covered.perform(.pop(interactive: true, cancelled: true), StepOptions(target: "nav")).status == .rejected)
            #expect(covered.perform(.pop(), StepOptions(target: "nav")).status == .ok)
        }
        #expect(sim.perform(.present(screen("Sheet"), style: .pageSheet)).status == .ok)
        #expect(sim.perform(.present(screen("Sheet2"), style: .pageSheet), StepOptions(target: "Sheet")).status == .ok)
        let lower = sim.perform(.dismiss(interactive: true), StepOptions(target: "nav"))
        #expect(
            lower.message
                == "Cannot swipe 'Sheet' down: 'Sheet2' is presented over it, so a user can only swipe 'Sheet2' (dismiss from code, without \"interactive\": true)"
        )
        #expect(sim.perform(.dismiss(interactive: true), StepOptions(target: "Sheet")).status == .ok)
    }

    @Test func aCancelledInteractivePopAtRootIsNoop() throws {
        var sim = try simulator("A")
        #expect(sim.perform(.pop(interactive: true, cancelled: true)).status == .noop)
    }

    @Test func popOfAnEmptyNavigationControllerIsNoop() throws {
        var sim = try Simulator(root: .navigation([], id: "nav"))
        #expect(sim.perform(.pop()).status == .noop)
    }

    @Test func popToRootPopsEverythingAboveTheRoot() throws {
        var sim = try simulator("A", "B", "C")
        let outcome = sim.perform(.popToRoot)
        #expect(outcome.status == .ok)
        #expect(sim.children("nav") == ["A"])
        // B was never on screen: it gets nothing.
        #expect(outcome.trace == ["C.wD", "A.wA", "C.dD", "A.dA"])
    }

    @Test func popToRootAtRootIsNoop() throws {
        var sim = try simulator("A")
        let outcome = sim.perform(.popToRoot)
        #expect(outcome.status == .noop)
        #expect(outcome.message == "'nav' is already at its root")
    }

    @Test func popToPopsDownToTheGivenController() throws {
        var sim = try simulator("A", "B", "C", "D")
        let outcome = sim.perform(.popTo("B"))
        #expect(outcome.status == .ok)
        #expect(sim.children("nav") == ["A", "B"])
        #expect(outcome.trace == ["D.wD", "B.wA", "D.dD", "B.dA"])
    }

    @Test func popToTheTopIsNoop() throws {
        var sim = try simulator("A", "B", "C")
        let outcome = sim.perform(.popTo("C"))
        #expect(outcome.status == .noop)
        #expect(outcome.message == "'C' is already the top of 'nav'")
        #expect(sim.children("nav") == ["A", "B", "C"])
    }

    /// A controller an earlier step popped is in no stack: UIKit raises (a trial's, removed by `setTabs`, was told the visible
    /// controller is not inside a navigation controller).
    @Test func popToAControllerNoLongerInTheStackIsRejected() throws {
        var sim = try simulator("A", "B", "C")
        sim.perform(.pop())
        let before = sim.hierarchy
        let outcome = sim.perform(.popTo("C"))
        #expect(outcome.status == .rejected)
        #expect(
            outcome.message
                == "Cannot pop to 'C': it was removed earlier (popped, dismissed or replaced), so it is in no stack (UIKit raises: "
                + "'Tried to pop to a view controller that doesn't exist')")
        #expect(sim.hierarchy == before)
    }

    /// One still in a stack an earlier step removed is in that stack (a review: it was said to be in none).
    @Test func popToAControllerInARemovedStackNamesTheStack() throws {
        var sim = try simulator("A")
        #expect(sim.perform(.present(.navigation([screen("M1"), screen("M2"), screen("M3")], id: "mnav"))).status == .ok)
        #expect(sim.perform(.dismiss()).status == .ok)
        let outcome = sim.perform(.popTo("M2"))
        #expect(outcome.status == .rejected)
        #expect(
            outcome.message
                == "Cannot pop to 'M2': its navigation controller 'mnav' was removed earlier (popped, dismissed or replaced), and "
                + "navviz changes no stack out of the window hierarchy")
    }

    @Test func popToAnUnknownControllerIsRejected() throws {
        var sim = try simulator("A", "B")
        let outcome = sim.perform(.popTo("Nope"))
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Unknown node 'Nope'")
    }

    // MARK: - popToInstance (Ariadne tests #15, #16)

    struct InstanceCase: Sendable, CustomTestStringConvertible {
        var className: String
        var which: InstanceMatch
        var stack: [NodeID]
        var status: StepStatus
        var message: String?
        var testDescription: String { "\(which) \(className)" }
    }

    @Test(arguments: [
        InstanceCase(className: "Bar", which: .first, stack: ["Foo", "Bar"], status: .ok),
        InstanceCase(
            className: "Bar", which: .last, stack: ["Foo", "Bar", "Bar#2"], status: .noop,
            message: "The last instance of 'Bar' is already the top of 'nav'"),
        InstanceCase(className: "Foo", which: .last, stack: ["Foo"], status: .ok),
        InstanceCase(className: "Foo", which: .first, stack: ["Foo"], status: .ok),
        InstanceCase(
            className: "Baz", which: .first, stack: ["Foo", "Bar", "Bar#2"], status: .noop,
            message: "No instance of 'Baz' in the stack of 'nav'"),
    ])
    func popToInstancePicksTheFirstOrLastMatch(_ c: InstanceCase) throws {
        var sim = try simulator("Foo", "Bar", "Bar")
        let outcome = sim.perform(.popToInstance(className: c.className, which: c.which), still)
        #expect(outcome.status == c.status)
        #expect(outcome.message == c.message)
        #expect(sim.children("nav") == c.stack)
    }

    @Test func popToInstanceIgnoresTheScreenNameOfAScreenWithAClass() throws {
        var sim = try Simulator(
            root: .navigation([screen("Home"), screen("Product"), screen("Reviews")], id: "nav"),
            screens: ["Product": ScreenInfo(className: "ProductViewController")])
        let outcome = sim.perform(.popToInstance(className: "Product", which: .first))
        #expect(outcome.status == .noop)
        #expect(
            outcome.message
                == "No instance of 'Product' in the stack of 'nav' ('Product' is an instance of 'ProductViewController': "
                + "popToInstance matches classes)")
        #expect(sim.children("nav") == ["Home", "Product", "Reviews"])
    }

    /// Ariadne matches with `isKind(of:)`: as far as names tell, a class with or without its module (captures keep it,
    /// routes are written without), `UIViewController` for every controller, a container's UIKit class (a fidelity
    /// trial: `UIViewController` and a captured `Shop.ProductViewController` read "No instance").
    @Test(arguments: [
        ("ProductViewController", InstanceMatch.first, ["Home", "Product"]),
        ("ProductViewController", .last, ["Home", "Product", "Captured"]),
        ("Shop.ProductViewController", .last, ["Home", "Product", "Captured"]),
        ("Other.ProductViewController", .last, ["Home", "Product"]),
        ("UIViewController", .first, ["Home"]),
        // The top is the last instance: a noop.
        ("UIKit.UIViewController", .last, ["Home", "Product", "Captured", "Reviews"]),
        ("ReviewsViewController", .first, ["Home", "Product", "Captured", "Reviews"]),
    ])
    func popToInstanceMatchesAsIsKindOfDoes(className: String, which: InstanceMatch, stack: [NodeID]) throws {
        var sim = try Simulator(
            root: .navigation([screen("Home"), screen("Product"), screen("Captured"), screen("Reviews")], id: "nav"),
            screens: [
                "Product": ScreenInfo(className: "ProductViewController"), "Captured": ScreenInfo(className: "Shop.ProductViewController"),
                "Reviews": ScreenInfo(className: "Shop.ReviewsViewController"),
            ])
        _ = sim.perform(.popToInstance(className: className, which: which))
        #expect(sim.children("nav") == stack)
    }

    @Test(arguments: [
        ("UIViewController", NodeKind.controller, nil as String?, true),
        ("UINavigationController", .navigation, "Shop.MainNavigationController", true),
        ("UITabBarController", .navigation, nil, false),
        ("Shop.Home", .controller, "Home", true),
        ("A.Home", .controller, "B.Home", false),
        ("UIView", .view, nil, false),
        ("UIViewController", .view, nil, false),
        ("Home.", .controller, nil, false),
    ])
    func aNodeIsOfAKindByName(name: String, kind: NodeKind, className: String?, expected: Bool) {
        var node = Node(id: "Home", kind: kind)
        node.screen = "Home"
        node.className = className
        #expect(node.isKind(ofClassNamed: name) == expected)
    }

    @Test func popToInstanceByClassName() throws {
        var sim = try Simulator(
            root: .navigation([screen("Home"), screen("Product"), screen("Reviews")], id: "nav"),
            screens: ["Product": ScreenInfo(className: "ProductViewController")])
        #expect(sim.perform(.popToInstance(className: "ProductViewController", which: .first)).status == .ok)
        #expect(sim.children("nav") == ["Home", "Product"])
    }

    // MARK: - setViewControllers

    struct SetStackCase: Sendable, CustomTestStringConvertible {
        var name: String
        var stack: [NodeSpec]
        var result: [NodeID]
        var animation: String?
        var trace: [String]
        var testDescription: String { name }
    }

    @Test(arguments: [
        SetStackCase(
            name: "[A,B,C] to [D,A,B] pops", stack: [screen("D"), ref("A"), ref("B")], result: ["D", "A", "B"],
            animation: "pop", trace: ["C.wD", "B.wA", "C.dD", "B.dA"]),
        SetStackCase(
            name: "new top below the top pops", stack: [ref("A")], result: ["A"], animation: "pop",
            trace: ["C.wD", "A.wA", "C.dD", "A.dA"]),
        SetStackCase(
            name: "same top runs no transition", stack: [ref("B"), ref("A"), ref("C")], result: ["B", "A", "C"],
            animation: nil, trace: []),
        SetStackCase(
            name: "new top pushes", stack: [ref("A"), screen("D")], result: ["A", "D"], animation: "push",
            trace: ["C.wD", "D.wA", "C.dD", "D.dA"]),
    ])
    func setStackChoosesTheAnimationFromTheNewTop(_ c: SetStackCase) throws {
        var sim = try simulator("A", "B", "C")
        let outcome = sim.perform(.setStack(c.stack))
        #expect(outcome.status == .ok)
        #expect(sim.children("nav") == c.result)
        #expect(outcome.animation?.kind == c.animation)
        #expect((outcome.duration > 0) == (c.animation != nil))
        // Only one transition runs: one set of callbacks at most.
        #expect(outcome.trace == c.trace)
    }

    @Test func setStackWithoutAnimationTakesNoTime() throws {
        var sim = try simulator("A", "B")
        let outcome = sim.perform(.setStack([screen("C")]), still)
        #expect(outcome.duration == 0)
        #expect(outcome.animation == nil)
        #expect(outcome.animatedFlags == [false])
        #expect(sim.inFlight.isEmpty)
    }

    /// The duplicate is named as such (it used to read as if 'A' were elsewhere), a new controller and a reference to it
    /// too (a fidelity trial: "it is already a child of 'nav'").
    @Test(arguments: [([ref("A"), ref("A")], "A"), ([screen("X"), ref("X")], "X")])
    func setStackWithADuplicateIsRejected(_ stack: [NodeSpec], twice: String) throws {
        var sim = try simulator("A", "B")
        let before = sim.hierarchy
        let outcome = sim.perform(.setStack(stack))
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot add '\(twice)' to 'nav' twice")
        #expect(sim.hierarchy == before)
    }

    /// setViewControllers pushes as push does: a navigation or split view controller is refused too (a UIKit trial);
    /// the primary navigation controller of a split may hold one (a collapsed split nests its secondary).
    @Test func setStackWithANavigationOrSplitControllerIsRejected() throws {
        var sim = try simulator("A")
        let nested = sim.perform(.setStack([ref("A"), nav("X", id: "xNav")]))
        #expect(nested.message == "Cannot push 'xNav': pushing a navigation controller is not supported")
        let split = sim.perform(.setStack([ref("A"), .split(primary: screen("P"), secondary: nil, supplementary: nil, collapsed: nil)]))
        #expect(split.status == .rejected)
        #expect(split.message?.hasSuffix("split view controllers cannot be pushed to a navigation controller") == true)
        #expect(sim.children("nav") == ["A"])
        var collapsed = try Simulator(root: .split(primary: nav("M", id: "primary"), secondary: nil, supplementary: nil, collapsed: true))
        let outcome = collapsed.perform(.setStack([ref("M"), nav("D", id: "detailNav")]), StepOptions(target: "primary"))
        #expect(outcome.status == .ok)
    }

    @Test func setStackWithATabBarControllerWarns() throws {
        var sim = try simulator("A")
        let outcome = sim.perform(.setStack([ref("A"), .tabs([screen("X")], id: "shop")]))
        #expect(outcome.status == .ok)
        #expect(outcome.warnings.first?.hasPrefix("'shop' is a tab bar controller: Apple's documentation says") == true)
        #expect(sim.children("nav") == ["A", "shop"])
    }

    // MARK: - replace (Ariadne tests #17–#19)

    @Test(
        arguments: [
            (ReplaceMode.last, ["Foo", "Bar", "Bar#2"]),
            (.all, ["Bar#2"]),
            (.keepFirst(1), ["Foo", "Bar#2"]),
            (.keepFirst(0), ["Bar#2"]),
            (.keepFirst(5), ["Foo", "Bar", "Foo#2", "Bar#2"]),
        ] as [(ReplaceMode, [NodeID])])
    func replaceKeepsThePartOfTheStackItsModeAsksFor(mode: ReplaceMode, stack: [NodeID]) throws {
        var sim = try simulator("Foo", "Bar", "Foo")
        let outcome = sim.perform(.replace(screen("Bar"), mode: mode), still)
        #expect(outcome.status == .ok)
        #expect(sim.children("nav") == stack)
        #expect(outcome.trace == ["Foo#2.wD", "Bar#2.wA", "Foo#2.dD", "Bar#2.dA"])
    }

    @Test func replaceLastIsAPushStyleTransition() throws {
        var sim = try simulator("A", "B")
        let outcome = sim.perform(.replace(screen("C"), mode: .last))
        #expect(outcome.animation?.kind == "push")
        #expect(!sim.hierarchy.isAttached("B"))
    }

    @Test func replaceLastInAnEmptyNavigationControllerInstallsTheController() throws {
        var sim = try Simulator(root: .navigation([], id: "nav"))
        #expect(sim.perform(.replace(screen("A"), mode: .last)).status == .ok)
        #expect(sim.children("nav") == ["A"])
    }
}
