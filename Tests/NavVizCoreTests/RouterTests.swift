import NavVizCore
import Testing

/// The router beyond Ariadne's own tests: updates, chains, peek and commit, builder failures, finders,
/// and the reasons navviz gives where Ariadne only calls `completion(false)`.
@Suite struct RouterTests {
    /// A pad window with an expanded split of two navigation controllers.
    static let splitOfNavigations = NodeSpec.split(
        primary: .navigation(screens: ["Home"], id: "primaryNav"),
        secondary: .navigation(screens: ["Detail"], id: "detailNav"))

    // MARK: - Finders

    @Test func routerKeepsTheSimulatorsFinder() throws {
        let simulator = try Simulator(root: .screen("Bar"), finder: ViewFinder(.navviz))
        #expect(Router(simulator: simulator).finder == .navviz)
        #expect(try Router(root: .screen("Bar")).finder == .ariadne)
    }

    @Test(arguments: [
        (ViewFinderStrategy.ariadne, ViewFinderStrategy?.none, "Cannot push 'Foo': 'split' is not inside a navigation controller"),
        (.navviz, nil, "detailNav"),
        (.ariadne, .splitMain, "primaryNav"),
        (.ariadne, .splitDetail, "detailNav"),
        (.navviz, .ariadne, "Cannot push 'Foo': 'split' is not inside a navigation controller"),
    ])
    func transitionFinderOverridesTheRoutersFinder(
        routerFinder: ViewFinderStrategy, transitionFinder: ViewFinderStrategy?, expected: String
    ) throws {
        var router = try Router(root: Self.splitOfNavigations, device: .pad, finder: routerFinder)
        let outcome = router.navigate(to: foo.with(.push(finder: transitionFinder)))
        if expected.hasPrefix("Cannot") {
            #expect(outcome.status == .rejected)
            #expect(outcome.message == expected)
            #expect(outcome.completion == false)
        } else {
            #expect(outcome.status == .ok)
            #expect(router.screens(of: NodeID(expected)).last == "Foo")
        }
    }

    // MARK: - Statuses, completions and messages

    @Test(arguments: [
        (NodeSpec.screen("Bar"), foo.pushRoute(), "Cannot push 'Foo': 'Bar' is not inside a navigation controller", Bool?.some(false)),
        (.screen("Bar"), .pop(), "Cannot pop: 'Bar' is not inside a navigation controller", false),
        (.screen("Bar"), .popToRoot(), "Cannot pop to root: 'Bar' is not inside a navigation controller", false),
        (
            .screen("Bar"), .popToFirstInstance(of: "Foo"),
            "Cannot pop to an instance of 'Foo': 'Bar' is not inside a navigation controller", false
        ),
        (.screen("Bar"), foo.replaceRoute(), "Cannot replace with 'Foo': 'Bar' is not inside a navigation controller", false),
        (
            .navigation(screens: ["Home"]), Builder.node(.split(primary: .screen("Foo"), secondary: nil)).pushRoute(),
            "Cannot push 'split': split view controllers cannot be pushed to a navigation controller", false
        ),
        (
            .screen("Bar"), Route(transition: .nonTransition),
            "Cannot perform the route: its transition is NonTransition, which does nothing", false
        ),
        // UIKit raises and never calls the completion.
        (
            .screen("Bar"), Builder.node(.reference("Bar")).presentRoute(),
            "Cannot present 'Bar': it is already active (Application tried to present modally an active controller)", nil
        ),
    ])
    func rejectedRouteSaysWhy(root: NodeSpec, route: Route, message: String, completion: Bool?) throws {
        var router = try Router.window(root)
        let before = router.hierarchy
        let outcome = router.navigate(to: route)
        #expect(outcome.status == .rejected)
        #expect(outcome.message == message)
        #expect(outcome.completion == completion)
        #expect(router.hierarchy == before)
    }

    @Test(arguments: [
        (NodeSpec.navigation(screens: ["Home"]), Route.pop(), "'navigation' is at its root: there is nothing to pop", true),
        (.navigation(screens: ["Home"]), .popToRoot(), "'navigation' is already at its root", true),
        (.navigation(screens: ["Home"]), .popToFirstInstance(of: "Foo"), "No instance of 'Foo' in the stack of 'navigation'", true),
        (.screen("Bar"), Builder.node(.reference("Bar")).rootRoute(), "'Bar' is already the window's root", true),
        // docs/semantics.md#R4: a dismiss with nothing to dismiss completes with false.
        (.screen("Bar"), .dismiss(), "Nothing to dismiss: 'Bar' is not presenting and not presented", false),
    ])
    func noopKeepsAriadnesCompletion(root: NodeSpec, route: Route, message: String, completion: Bool) throws {
        var router = try Router.window(root)
        let outcome = router.navigate(to: route)
        #expect(outcome.status == .noop)
        #expect(outcome.message == message)
        #expect(outcome.completion == completion)
    }

    @Test func emptyWindowRejectsEvenARootTransition() {
        var router = Router(simulator: Simulator(hierarchy: Hierarchy(), finder: ViewFinder(.ariadne)))
        let outcome = router.navigate(to: foo.rootRoute())
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "The window has no root view controller")
        #expect(outcome.step.error == .noRoot)
        #expect(outcome.completion == false)
        #expect(outcome.step.hooks.isEmpty)
        #expect(router.hierarchy.root == nil)
    }

    // MARK: - Hooks

    @Test func showHookNamesTheNewControllerBeforeTheTransition() throws {
        var router = try Router.window(.navigation(screens: ["Home"]))
        let outcome = router.navigate(to: foo.pushRoute())
        #expect(outcome.step.hooks == [HookEvent("prepareForShowTransition", controller: "Foo")])
        #expect(outcome.step.created == ["Foo"])
        #expect(outcome.source == "Home")
    }

    @Test func rejectedPushHasAlreadyRunTheBuilderAndTheShowHook() throws {
        var router = try Router.window(.screen("Bar"))
        let outcome = router.navigate(to: foo.pushRoute())
        #expect(outcome.status == .rejected)
        #expect(outcome.step.hooks == [HookEvent("prepareForShowTransition", controller: "Foo")])
        #expect(!router.hierarchy.contains("Foo"))
    }

    @Test func customHookNamesTheVisibleController() throws {
        var router = try Router.window(.screen("Bar"))
        let outcome = router.navigate(to: Route(transition: .nonTransition))
        #expect(outcome.step.hooks == [HookEvent("prepareForCustomTransition", controller: "Bar")])
    }

    // MARK: - Builders

    @Test(arguments: [
        (Builder.failing("the server is down"), RouteContext.empty, "the server is down"),
        (.navigationEmbedding, .value("x"), "a navigation embedding builder takes a list of controllers as its context"),
        (.split(main: foo, detail: .failing("no detail")), .empty, "no detail"),
        (.split(main: foo, detail: bar), .value("x"), "a split builder takes a pair of contexts (main, detail)"),
        (.node(.tabs([.screen("Foo")], selected: 3)), .empty, "Cannot select tab 3 of 'tab': it has 1 tab"),
        (.node(.reference("Ghost")), .empty, "Unknown node 'Ghost'"),
        (.custom(AnyBuilder("offline") { _ throws(NavigationError) in throw .buildFailed("offline") }), .empty, "offline"),
    ])
    func builderFailureRejectsBeforeAnyTransition(builder: Builder, context: RouteContext, reason: String) throws {
        var router = try Router.window(.navigation(screens: ["Home"]))
        let before = router.hierarchy
        let outcome = router.navigate(to: builder.presentRoute(), with: context)
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot build the route's controller: \(reason)")
        #expect(outcome.completion == false)
        #expect(outcome.step.hooks.isEmpty)
        #expect(outcome.source == "Home")
        #expect(router.hierarchy == before)
    }

    @Test func customBuilderReadsTheContext() throws {
        var router = try Router.window(.navigation(screens: ["Home"]))
        let builder = AnyBuilder("product") { context throws(NavigationError) in
            guard case .value(let sku) = context else { throw .buildFailed("no product") }
            return .screen("Product", id: "product-\(sku)")
        }
        router.navigate(to: Builder.custom(builder).pushRoute(), with: .value("42"))
        #expect(router.children(of: "navigation") == ["Home", "product-42"])
    }

    @Test func erasedBuilderKeepsItsOwnContext() throws {
        let erased = Builder.navigationEmbedding.asAnyBuilder(named: "fooNav", context: .nodes([.screen("Foo")]))
        #expect(try erased.build(with: .value("ignored")) == .navigation([.screen("Foo")]))
        #expect(erased == .custom(AnyBuilder("fooNav") { _ throws(NavigationError) in .screen("Other") }))
    }

    // MARK: - Transitions

    @Test(arguments: [
        (TransitionAction.push, TransitionKind.show, "push"),
        (.pop, .hide, "pop"),
        (.popToRoot, .hide, "popToRoot"),
        (.popToInstance(className: "Foo", which: .last), .hide, "popToInstance"),
        (.replace(.all), .show, "replace"),
        (.present(.formSheet), .show, "present"),
        (.dismiss, .hide, "dismiss"),
        (.root, .show, "root"),
        (.nonTransition, .custom, "none"),
    ])
    func transitionActionsSplitIntoShowHideAndCustom(action: TransitionAction, kind: TransitionKind, name: String) {
        #expect(action.kind == kind)
        #expect(action.name == name)
    }

    @Test func presentRouteUsesItsStyle() throws {
        var router = try Router.window(.screen("Bar"))
        router.navigate(to: foo.presentRoute(style: .formSheet, animated: false))
        #expect(router.hierarchy["Foo"].style == .formSheet)
    }

    @Test(arguments: [(true, 1.0), (false, 0.0)])
    func rootTransitionCrossDissolvesForItsDuration(animated: Bool, duration: Double) throws {
        var router = try Router.window(.screen("Bar"))
        let outcome = router.navigate(to: foo.with(.root(animated: animated, duration: 1.0)))
        #expect(outcome.step.duration == duration)
        #expect(outcome.step.animation?.kind == (animated ? "crossDissolve" : nil))
    }

    @Test func routesRunOnTheSimulatorsClock() throws {
        var router = try Router.window(.navigation(screens: ["Home"]))
        router.navigate(to: foo.pushRoute())
        let second = router.navigate(to: bar.pushRoute())
        #expect(second.step.start == 0.35)
        let refused = router.navigate(to: Route(transition: .nonTransition), after: 0.1)
        #expect(abs(refused.step.start - 0.45) < 1e-9)
    }

    // MARK: - Updating routes

    @Test func updatingRoutePushesFirstThenUpdatesInPlace() throws {
        var router = try Router.window(.navigation(screens: ["Home"]))
        let route = Builder.screen("Product").pushRoute().asUpdatingRoute()

        let first = router.navigate(to: route)
        #expect(first.step.isUpdate == false)
        #expect(first.step.created == ["Product"])

        let before = router.hierarchy
        let second = router.navigate(to: route)
        #expect(second.status == .ok)
        #expect(second.completion == true)
        #expect(second.step.isUpdate == true)
        #expect(second.step.hooks == [HookEvent("update", controller: "Product")])
        #expect(second.step.events.isEmpty)
        #expect(second.step.duration == 0)
        #expect(second.source == "Product")
        #expect(router.hierarchy == before)
    }

    @Test func updateMatchesByClassLikeAriadnesCast() throws {
        let screens = [
            "ProductA": ScreenInfo(className: "ProductViewController"),
            "ProductB": ScreenInfo(className: "ProductViewController"),
        ]
        var router = try Router(root: .navigation(screens: ["Home", "ProductA"]), screens: screens)
        let outcome = router.navigate(to: Builder.screen("ProductB").pushRoute().asUpdatingRoute())
        #expect(outcome.step.isUpdate == true)
        #expect(outcome.step.hooks == [HookEvent("update", controller: "ProductA")])
    }

    /// `CurrentlyVisibleUpdatableViewFinder` always uses a fresh base finder: on an expanded split it
    /// stops at the split, so `Detail` is not updated even when the route's or router's finder reaches it.
    @Test(arguments: [(ViewFinderStrategy.navviz, ViewFinderStrategy?.none), (.ariadne, .splitDetail)])
    func updateIgnoresTheRoutesFinder(routerFinder: ViewFinderStrategy, transitionFinder: ViewFinderStrategy?) throws {
        let root = NodeSpec.split(primary: .screen("Home"), secondary: .screen("Detail"))
        var router = try Router(root: root, device: .pad, finder: routerFinder)
        let route = Builder.screen("Detail").with(.present(animated: false, finder: transitionFinder)).asUpdatingRoute()
        let outcome = router.navigate(to: route)
        #expect(outcome.step.isUpdate == false)
        #expect(outcome.source == "Detail")
        #expect(outcome.step.created == ["Detail#2"])
    }

    // MARK: - Chains

    @Test func chainRunsTheTailAfterAFailedHead() throws {
        var router = try Router.window(.screen("Bar"))
        let route = foo.pushRoute(animated: false).chained(with: foo.presentRoute(animated: false))
        let outcome = router.navigate(to: route)
        #expect(outcome.parts.map(\.status) == [.rejected, .ok])
        #expect(outcome.completion == false)
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot push 'Foo': 'Bar' is not inside a navigation controller")
        #expect(router.hierarchy["Bar"].presented == "Foo")
    }

    @Test func ignoredPresentNeverRunsTheTail() throws {
        var root = NodeSpec.split(primary: .screen("Home"), secondary: .screen("Detail"))
        root.presents = .screen("Modal")
        var router = try Router.window(root, device: .pad)
        // splitMain stops at the primary and ignores the presentation, so UIKit ignores the present.
        let route = foo.with(.present(animated: false, finder: .splitMain)).chained(with: .dismiss(animated: false))
        let outcome = router.navigate(to: route)
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot present 'Foo': 'split' is already presenting 'Modal'")
        #expect(outcome.completion == nil)
        #expect(outcome.parts.isEmpty)
        #expect(router.hierarchy["split"].presented == "Modal")
    }

    @Test func chainTailUsesTheRoutersFinderNotTheHeads() throws {
        var router = try Router.window(Self.splitOfNavigations, device: .pad)
        let route = foo.with(.push(animated: false, finder: .splitDetail)).chained(with: bar.pushRoute(animated: false))
        let outcome = router.navigate(to: route)
        #expect(outcome.parts.map(\.completion) == [true, false])
        #expect(outcome.parts[1].message == "Cannot push 'Bar': 'split' is not inside a navigation controller")
        #expect(router.screens(of: "detailNav") == ["Detail", "Foo"])
    }

    @Test func chainMergesEventsHooksAndDurations() throws {
        var router = try Router.window(.navigation(screens: ["Home"]))
        let outcome = router.navigate(to: foo.pushRoute().chained(with: bar.pushRoute()))
        #expect(outcome.status == .ok)
        #expect(outcome.completion == true)
        #expect(outcome.step.start == 0)
        #expect(outcome.step.duration == 0.7)
        #expect(outcome.step.events == outcome.parts[0].step.events + outcome.parts[1].step.events)
        #expect(
            outcome.step.hooks == [
                HookEvent("prepareForShowTransition", controller: "Foo"),
                HookEvent("prepareForShowTransition", controller: "Bar"),
            ])
        #expect(outcome.step.created == ["Foo", "Bar"])
    }

    @Test func chainingAChainAppendsAtItsEnd() throws {
        var router = try Router.window(.navigation([]))
        let route = foo.pushRoute().chained(with: bar.pushRoute()).chained(with: Builder.screen("Baz").pushRoute())
        #expect(route.tail?.tail?.builder == .screen("Baz"))
        let outcome = router.navigate(to: route)
        #expect(outcome.parts.count == 3)
        #expect(router.screens(of: "navigation") == ["Foo", "Bar", "Baz"])
    }

    // MARK: - Route tables

    static func table() -> RouteTable {
        var signIn = Builder.node(.navigation(screens: ["SignIn"])).presentRoute(style: .formSheet, animated: false)
        signIn.chainName = "welcome"
        var loop = Route.pop()
        loop.chainName = "loopBack"
        var loopBack = Route.pop()
        loopBack.chainName = "loop"
        return RouteTable([
            "signIn": signIn, "welcome": Builder.screen("Welcome").pushRoute(animated: false),
            "loop": loop, "loopBack": loopBack,
        ])
    }

    @Test func namedRouteRunsItsNamedChain() throws {
        var router = try Router.window(.screen("Bar"))
        router.routes = Self.table()
        let outcome = router.navigate(toRouteNamed: "signIn")
        #expect(outcome.completion == true)
        #expect(router.hierarchy["Bar"].presented == "navigation")
        #expect(router.screens(of: "navigation") == ["SignIn", "Welcome"])
    }

    @Test(arguments: [
        ("nope", "Unknown route 'nope'"),
        ("loop", "Route 'loop' chains back to itself: 'loop' → 'loopBack' → 'loop'"),
    ])
    func badNamedRouteIsRejected(name: String, message: String) throws {
        var router = try Router.window(.screen("Bar"))
        router.routes = Self.table()
        let outcome = router.navigate(toRouteNamed: name)
        #expect(outcome.status == .rejected)
        #expect(outcome.message == message)
        #expect(outcome.completion == false)
    }

    // MARK: - Peek and commit

    @Test func peekBuildsWithoutAttaching() throws {
        let router = try Router.window(.navigation(screens: ["Home"]))
        let preview = try router.peek(foo.embeddedInNavigation().presentRoute())
        #expect(preview.id == "navigation#2")
        #expect(preview.spec == .navigation([.screen("Foo")]))
        #expect(preview.hierarchy.contains(preview.id))
        #expect(!preview.hierarchy.isAttached(preview.id))
        #expect(!router.hierarchy.contains(preview.id))
    }

    @Test func peekFailsAsTheBuilderDoes() throws {
        let router = try Router.window(.screen("Bar"))
        #expect(throws: NavigationError.buildFailed("offline")) {
            try router.peek(Builder.failing("offline").pushRoute())
        }
    }

    @Test func commitRunsOnTheExplicitSourceWithoutFinderOrHooks() throws {
        let root = NodeSpec.tabs([.navigation(screens: ["Home"]), .navigation(screens: ["Cart"])])
        var router = try Router.window(root)
        let route = Builder.screen("Product").pushRoute(animated: false)
        let preview = try router.peek(route)

        let pushed = router.commit(route, built: preview.spec, on: "Cart")
        #expect(pushed.status == .ok)
        #expect(pushed.source == "Cart")
        #expect(pushed.step.hooks.isEmpty)
        #expect(pushed.step.created == [preview.id])
        #expect(router.children(of: "navigation#2") == ["Cart", "Product"])

        let popped = router.commit(.pop(animated: false), built: nil, on: "Product")
        #expect(popped.completion == true)
        #expect(router.children(of: "navigation#2") == ["Cart"])
        #expect(router.children(of: "navigation") == ["Home"])
    }

    @Test func commitOfAShowTransitionWithNothingBuiltIsRejected() throws {
        var router = try Router.window(.navigation(screens: ["Home"]))
        let outcome = router.commit(foo.pushRoute(), built: nil, on: "Home")
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot build the route's controller: nothing was built for the 'push' transition")
        #expect(outcome.completion == false)
    }

    @Test func commitOnAnUnknownSourceIsRejected() throws {
        var router = try Router.window(.navigation(screens: ["Home"]))
        let outcome = router.commit(.pop(), built: nil, on: "Ghost")
        #expect(outcome.message == "Unknown node 'Ghost'")
        #expect(outcome.completion == false)
    }
}
