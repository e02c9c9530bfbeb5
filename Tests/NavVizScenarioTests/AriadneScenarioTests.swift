import NavVizCore
import NavVizScenario
import Testing

/// Ariadne's own test suite (`Tests_UIKit`, #1–#24 in docs/semantics.md, Ariadne's test suite) written as
/// scenario files: each case is a scenario (routes + `navigate` steps, the `ariadne` finder as Ariadne's
/// `Router` uses), run through `ScenarioRunner`, then checked on the final hierarchy.
///
/// #9 (testViewCanBeConfiguredPriorToKickingOffTransition) is skipped: it relies on UIKit's undocumented
/// behaviour of a navigation controller's title reading as its top child's title, which navviz does not model.
struct AriadneScenarioTests {
    /// A check on the run's final state.
    enum Check: Sendable, CustomStringConvertible {
        /// The window's root id.
        case root(String)
        /// The root's kind.
        case rootKind(NodeKind)
        /// The screens of a node's children, in order.
        case childScreens(String, [String])
        /// The kinds of a node's children, in order.
        case childKinds(String, [NodeKind])
        /// What a node presents (nil: nothing).
        case presented(String, String?)
        /// The kind of what a node presents.
        case presentedKind(String, NodeKind)
        /// The last step's status.
        case lastStatus(StepStatus)
        /// A hook event of the last step, `name(controller)`.
        case lastHook(String)
        /// The last step delivered no appearance callbacks.
        case lastStepSilent

        var description: String {
            switch self {
            case .root(let id): "root is \(id)"
            case .rootKind(let kind): "root kind is \(kind)"
            case .childScreens(let id, let screens): "\(id) children \(screens)"
            case .childKinds(let id, let kinds): "\(id) child kinds \(kinds)"
            case .presented(let id, let presented): "\(id) presents \(presented ?? "nothing")"
            case .presentedKind(let id, let kind): "\(id) presents a \(kind)"
            case .lastStatus(let status): "last status \(status.rawValue)"
            case .lastHook(let hook): "last hook \(hook)"
            case .lastStepSilent: "last step silent"
            }
        }
    }

    /// One of Ariadne's tests as a scenario.
    struct Case: Sendable, CustomTestStringConvertible {
        var number: Int
        var name: String
        var json: String
        var checks: [Check]
        var testDescription: String { "#\(number) \(name)" }
    }

    /// Completes a scenario body (root, routes, steps…) with the header every case shares: Ariadne's
    /// `Foo`/`Bar` controllers and `IntViewController`, and Ariadne's finder.
    static func scenario(_ body: String, device: String = "phone") -> String {
        """
        {
          "navviz": 1, "device": "\(device)", "finder": "ariadne",
          "screens": {
            "Foo": { "class": "FooViewController" }, "Bar": { "class": "BarViewController" },
            "Int": { "class": "IntViewController" }, "VC": { "class": "UIViewController" }
          },
          \(body)
        }
        """
    }

    static let cases: [Case] = [
        Case(
            number: 1, name: "testPushTransition",
            json: scenario(
                """
                "root": { "navigation": [], "id": "nav" },
                "routes": { "foo": { "build": "Foo", "transition": "push" } },
                "steps": [ { "op": "navigate", "route": "foo", "expect": { "status": "ok", "visible": "Foo" } } ]
                """), checks: [.childScreens("nav", ["Foo"])]),
        Case(
            number: 2, name: "testPopTransition",
            json: scenario(
                """
                "root": { "navigation": ["Foo", "Foo"], "id": "nav" },
                "routes": { "pop": { "transition": "pop", "animated": false } },
                "steps": [ { "op": "navigate", "route": "pop", "expect": { "status": "ok", "visible": "Foo" } } ]
                """), checks: [.childScreens("nav", ["Foo"]), .lastStatus(.ok)]),
        Case(
            number: 3, name: "testRootViewTransition",
            json: scenario(
                """
                "root": "Bar",
                "routes": { "foo": { "build": "Foo", "transition": "root", "animated": false } },
                "steps": [ { "op": "navigate", "route": "foo", "expect": { "visible": "Foo" } } ]
                """), checks: [.root("Foo")]),
        Case(
            number: 4, name: "testPresentationTransition",
            json: scenario(
                """
                "root": "Bar",
                "routes": { "foo": { "build": "Foo", "transition": "present", "animated": false } },
                "steps": [ { "op": "navigate", "route": "foo", "expect": { "visible": "Foo" } } ]
                """), checks: [.root("Bar"), .presented("Bar", "Foo")]),
        // The finder returns the presented Foo, so dismiss is sent to Foo itself (Ariadne checks Foo's
        // `dismissCalled`): the hide hook names Foo, and UIKit forwards the call to the presenter.
        Case(
            number: 5, name: "testDismissTransition",
            json: scenario(
                """
                "root": "Bar",
                "routes": { "foo": { "build": "Foo", "transition": "present", "animated": false },
                            "dismiss": { "transition": "dismiss", "animated": false } },
                "steps": [ { "op": "navigate", "route": "foo", "expect": { "visible": "Foo" } },
                           { "op": "navigate", "route": "dismiss", "expect": { "status": "ok", "visible": "Bar" } } ]
                """), checks: [.root("Bar"), .presented("Bar", nil), .lastHook("prepareForHideTransition(Foo)")]),
        Case(
            number: 6, name: "testNavigationControllerEmbedding",
            json: scenario(
                """
                "root": "Bar",
                "routes": { "embedded": { "build": { "navigation": ["Foo"], "id": "nav" }, "transition": "root", "animated": false } },
                "steps": [ { "op": "navigate", "route": "embedded", "expect": { "visible": "Foo" } } ]
                """), checks: [.root("nav"), .rootKind(.navigation), .childScreens("nav", ["Foo"])]),
        // `Foo.embeddedInNavigation()` builds the same thing as NavigationEmbeddingBuilder with [Foo].
        Case(
            number: 7, name: "testSingleNavigationViewEmbedding",
            json: scenario(
                """
                "root": "Bar",
                "routes": { "embedded": { "build": { "navigation": ["Foo"] }, "transition": "root", "animated": false } },
                "steps": [ { "op": "navigate", "route": "embedded", "expect": { "visible": "Foo" } } ]
                """), checks: [.rootKind(.navigation), .childScreens("navigation", ["Foo"])]),
        // An updating route: the first navigate builds Int (created), the second updates the same instance.
        Case(
            number: 8, name: "testFindingAndUpdatingAlreadyPresentedView",
            json: scenario(
                """
                "root": "Bar",
                "routes": { "int": { "build": "Int", "transition": "root", "animated": false, "update": true } },
                "steps": [ { "op": "navigate", "route": "int", "context": 1, "expect": { "visible": "Int" } },
                           { "op": "navigate", "route": "int", "context": 2, "expect": { "status": "ok", "visible": "Int", "events": [] } } ]
                """), checks: [.root("Int"), .lastHook("update(Int)"), .lastStepSilent]),
        // #9 skipped: see the type's documentation.
        Case(
            number: 10, name: "testViewCanBeConfiguredPriorToHideTransition",
            json: scenario(
                """
                "root": { "navigation": ["Foo", "Foo"], "id": "nav" },
                "routes": { "pop": { "transition": "pop", "animated": false } },
                "steps": [ { "op": "navigate", "route": "pop", "expect": { "status": "ok" } } ]
                """), checks: [.childScreens("nav", ["Foo"]), .lastHook("prepareForHideTransition(Foo#2)")]),
        Case(
            number: 11, name: "testTabBarIsBuildable",
            json: scenario(
                """
                "root": "VC",
                "routes": { "tabs": { "build": { "tabs": ["Foo", "Bar"], "id": "tabs" }, "transition": "root", "animated": false } },
                "steps": [ { "op": "navigate", "route": "tabs", "expect": { "visible": "Foo" } } ]
                """), checks: [.root("tabs"), .rootKind(.tab), .childScreens("tabs", ["Foo", "Bar"])]),
        // UISplitViewController.viewControllers has two entries when expanded, as in Ariadne's test run.
        Case(
            number: 12, name: "testSplitViewIsBuildable",
            json: scenario(
                """
                "root": "VC",
                "routes": { "split": { "build": { "split": { "primary": "Foo", "secondary": "Bar" }, "collapsed": false, "id": "split" },
                                       "transition": "root", "animated": false } },
                "steps": [ { "op": "navigate", "route": "split", "expect": { "visible": "split" } } ]
                """), checks: [.root("split"), .rootKind(.split), .childScreens("split", ["Foo", "Bar"])]),
        Case(
            number: 13, name: "testCompositionOfNavigationAndTabBarBuilding",
            json: scenario(
                """
                "root": "VC",
                "routes": { "tabs": { "build": { "tabs": [ { "navigation": ["Foo"], "id": "fooNav" }, { "navigation": ["Bar"], "id": "barNav" } ], "id": "tabs" },
                                      "transition": "root", "animated": false } },
                "steps": [ { "op": "navigate", "route": "tabs", "expect": { "visible": "Foo" } } ]
                """),
            checks: [.childKinds("tabs", [.navigation, .navigation]), .childScreens("fooNav", ["Foo"]), .childScreens("barNav", ["Bar"])]),
        Case(
            number: 14, name: "testPopToRootNavigationRoute",
            json: scenario(
                """
                "root": { "navigation": ["Foo", "Bar", "Bar"], "id": "nav" },
                "routes": { "root": { "transition": "popToRoot", "animated": false } },
                "steps": [ { "op": "navigate", "route": "root", "expect": { "status": "ok", "visible": "Foo" } } ]
                """), checks: [.childScreens("nav", ["Foo"])]),
        Case(
            number: 15, name: "testPopToFirstInstanceOfRoute",
            json: scenario(
                """
                "root": { "navigation": ["Foo", "Bar", "Bar"], "id": "nav" },
                "routes": { "firstBar": { "transition": "popToInstance", "class": "BarViewController", "which": "first" } },
                "steps": [ { "op": "navigate", "route": "firstBar", "expect": { "status": "ok", "visible": "Bar" } } ]
                """), checks: [.childScreens("nav", ["Foo", "Bar"])]),
        Case(
            number: 16, name: "testPopToLastInstanceOfRoute",
            json: scenario(
                """
                "root": { "navigation": ["Foo", "Bar", "Bar"], "id": "nav" },
                "routes": { "lastBar": { "transition": "popToInstance", "class": "BarViewController", "which": "last" },
                            "lastFoo": { "transition": "popToInstance", "class": "FooViewController", "which": "last" } },
                "steps": [ { "op": "navigate", "route": "lastBar", "expect": { "status": "noop", "visible": "Bar#2" } },
                           { "op": "navigate", "route": "lastFoo", "expect": { "status": "ok", "visible": "Foo" } } ]
                """), checks: [.childScreens("nav", ["Foo"])]),
        Case(
            number: 17, name: "testReplaceViewControllersAllBehavior",
            json: scenario(
                """
                "root": { "navigation": ["Foo", "Bar", "Bar"], "id": "nav" },
                "routes": { "bar": { "build": "Bar", "transition": "replace", "mode": "all" } },
                "steps": [ { "op": "navigate", "route": "bar", "expect": { "status": "ok" } } ]
                """), checks: [.childScreens("nav", ["Bar"])]),
        Case(
            number: 18, name: "testReplaceViewControllersLastBehavior",
            json: scenario(
                """
                "root": { "navigation": ["Foo", "Bar", "Foo"], "id": "nav" },
                "routes": { "bar": { "build": "Bar", "transition": "replace", "mode": "last" } },
                "steps": [ { "op": "navigate", "route": "bar", "expect": { "status": "ok" } } ]
                """), checks: [.childScreens("nav", ["Foo", "Bar", "Bar"])]),
        // `.custom { [$0.first] }`: keep the first controller.
        Case(
            number: 19, name: "testReplaceViewControllersCustomBehavior",
            json: scenario(
                """
                "root": { "navigation": ["Foo", "Bar", "Foo"], "id": "nav" },
                "routes": { "bar": { "build": "Bar", "transition": "replace", "keep": 1 } },
                "steps": [ { "op": "navigate", "route": "bar", "expect": { "status": "ok" } } ]
                """), checks: [.childScreens("nav", ["Foo", "Bar"])]),
        // InstanceViewBuilder { UINavigationController() }: the builder returns an empty navigation controller.
        Case(
            number: 20, name: "testPrebuiltViewCanBePresented",
            json: scenario(
                """
                "root": "Bar",
                "routes": { "prebuilt": { "build": { "navigation": [], "id": "prebuiltNav" }, "transition": "present", "animated": false } },
                "steps": [ { "op": "navigate", "route": "prebuilt", "expect": { "status": "ok", "visible": "prebuiltNav" } } ]
                """), checks: [.root("Bar"), .presentedKind("Bar", .navigation)]),
        Case(
            number: 21, name: "testRoutesCanBeChainable",
            json: scenario(
                """
                "root": { "navigation": [], "id": "nav" },
                "routes": { "foo": { "build": "Foo", "transition": "push", "animated": false, "chain": "bar" },
                            "bar": { "build": "Bar", "transition": "push", "animated": false } },
                "steps": [ { "op": "navigate", "route": "foo", "expect": { "status": "ok", "visible": "Bar" } } ]
                """), checks: [.childScreens("nav", ["Foo", "Bar"])]),
        Case(
            number: 22, name: "testSplitViewMainViewIsFindable",
            json: scenario(
                """
                "root": { "tabs": [ { "split": { "primary": { "navigation": ["VC"], "id": "mainNav" }, "secondary": "VC" }, "id": "split" } ] },
                "routes": { "foo": { "build": "Foo", "transition": "push", "finder": "splitMain" } },
                "steps": [ { "op": "navigate", "route": "foo", "expect": { "status": "ok" } } ]
                """, device: "pad"), checks: [.childKinds("split", [.navigation, .controller]), .childScreens("mainNav", ["VC", "Foo"])]),
        Case(
            number: 23, name: "testSplitViewDetailViewIsFindable",
            json: scenario(
                """
                "root": { "tabs": [ { "split": { "primary": "VC", "secondary": { "navigation": [], "id": "detailNav" } }, "id": "split" } ] },
                "routes": { "foo": { "build": "Foo", "transition": "push", "finder": "splitDetail" } },
                "steps": [ { "op": "navigate", "route": "foo", "expect": { "status": "ok" } } ]
                """, device: "pad"), checks: [.childKinds("split", [.controller, .navigation]), .childScreens("detailNav", ["Foo"])]),
        // NonTransition: not animated, a custom transition without a finder; performing it completes with false.
        Case(
            number: 24, name: "testNonTransition",
            json: scenario(
                """
                "root": "Bar",
                "routes": { "none": { "transition": "none", "animated": false } },
                "steps": [ { "op": "navigate", "route": "none", "expect": { "status": "rejected", "visible": "Bar", "events": [] } } ]
                """), checks: [.root("Bar"), .presented("Bar", nil), .lastHook("prepareForCustomTransition(Bar)"), .lastStepSilent]),
    ]

    @Test(arguments: cases)
    func ariadneCase(_ test: Case) throws {
        let scenario = try ScenarioDecoder.decode(test.json, file: "ariadne-\(test.number).json")
        let run = ScenarioRunner.run(scenario)
        #expect(run.failures == [])
        let last = try #require(run.steps.last)
        let h = last.hierarchy
        for check in test.checks {
            switch check {
            case .root(let id):
                #expect(h.root == NodeID(id), "\(check)")
            case .rootKind(let kind):
                #expect(h.root.map { h[$0].kind } == kind, "\(check)")
            case .childScreens(let id, let screens):
                #expect(h.contains(NodeID(id)), "\(check)")
                if h.contains(NodeID(id)) { #expect(h[NodeID(id)].children.map { h[$0].screen } == screens, "\(check)") }
            case .childKinds(let id, let kinds):
                #expect(h.contains(NodeID(id)), "\(check)")
                if h.contains(NodeID(id)) { #expect(h[NodeID(id)].children.map { h[$0].kind } == kinds, "\(check)") }
            case .presented(let id, let presented):
                let expected: NodeID? = presented.map { NodeID($0) }
                #expect(h[NodeID(id)].presented == expected, "\(check)")
            case .presentedKind(let id, let kind):
                #expect(h[NodeID(id)].presented.map { h[$0].kind } == kind, "\(check)")
            case .lastStatus(let status):
                #expect(last.status == status, "\(check)")
            case .lastHook(let hook):
                #expect(last.outcome.hooks.map(\.description).contains(hook), "\(check): \(last.outcome.hooks)")
            case .lastStepSilent:
                #expect(last.outcome.events.isEmpty, "\(check)")
            }
        }
    }
}
