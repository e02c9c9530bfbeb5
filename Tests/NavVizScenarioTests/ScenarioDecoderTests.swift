import NavVizCore
import NavVizScenario
import Testing

/// A scenario with a navigation root (`nav` → `Home`) and these steps.
private func withSteps(_ steps: String) -> String {
    #"{"navviz": 1, "root": {"navigation": ["Home"], "id": "nav"}, "steps": [\#(steps)]}"#
}

/// A scenario with this root and no steps.
private func withRoot(_ root: String) -> String {
    #"{"navviz": 1, "root": \#(root)}"#
}

/// The messages decoding reports, one per error.
private func messages(_ text: String, file: String = "shop.json") -> [String] {
    do {
        _ = try ScenarioDecoder.decode(text, file: file)
        return []
    } catch {
        return error.errors.map(\.description)
    }
}

private func decode(_ text: String, file: String = "shop.json") throws -> Scenario {
    try ScenarioDecoder.decode(text, file: file)
}

private let nodeLiteral =
    "a node literal (a screen name, or an object with one of 'navigation', 'tabs', 'split', 'activities', 'stack', 'notifications', 'screen', 'ref')"

@Suite struct ScenarioDecoderTests {
    // MARK: - Valid documents

    @Test func sampleDecodes() throws {
        let scenario = try decode(
            #"""
            {"navviz": 1, "name": "Shop", "device": "pad", "finder": "ariadne.splitMain", "quirks": true,
             "$schema": "../Schema/navviz-scenario.schema.json", "description": "A tour",
             "screens": {"Home": {"class": "HomeViewController", "title": "Home"}},
             "routes": {"signIn": {"build": {"navigation": ["SignIn"]}, "transition": "present", "style": "formSheet"}},
             "root": {"tabs": [{"navigation": ["Home"], "id": "shopNav"}, "Cart"], "selected": 1},
             "steps": [{"op": "push", "node": "Product", "note": "Tap", "expect": {"visible": "Product"}},
                       {"navigate": "signIn"}, {"dismiss": true}]}
            """#)
        #expect(scenario.name == "Shop")
        #expect(scenario.device == .pad)
        #expect(scenario.finder == .splitMain)
        #expect(scenario.quirks)
        #expect(scenario.screens["Home"] == ScreenInfo(className: "HomeViewController", title: "Home"))
        #expect(scenario.routes["signIn"]?.transition == Transition(.present(.formSheet)))
        #expect(scenario.routes["signIn"]?.builder == .node(.navigation([.screen("SignIn")])))
        #expect(scenario.root.kind == .tab)
        #expect(scenario.root.selected == 1)
        #expect(scenario.steps.map(\.action.name) == ["push", "navigate", "dismiss"])
        #expect(scenario.steps.map(\.path) == ["steps[0]", "steps[1]", "steps[2]"])
        #expect(scenario.steps[0].note == "Tap")
        #expect(scenario.steps[0].expect?.visible == "Product")
    }

    /// Routes decode straight into the router's own types: each transition name and its options.
    @Test(arguments: [
        (#"{"transition": "push", "build": "A"}"#, Transition(.push)),
        (#"{"transition": "pop", "animated": false}"#, Transition(.pop, animated: false)),
        (#"{"transition": "popToRoot", "finder": "ariadne"}"#, Transition(.popToRoot, finder: .ariadne)),
        (
            #"{"transition": "popToInstance", "class": "HomeVC", "which": "last"}"#,
            Transition(.popToInstance(className: "HomeVC", which: .last))
        ),
        (#"{"transition": "replace", "build": "A", "keep": 2}"#, Transition(.replace(.keepFirst(2)))),
        (#"{"transition": "replace", "build": "A", "mode": "all"}"#, Transition(.replace(.all))),
        (#"{"transition": "present", "build": "A"}"#, Transition(.present(.automatic))),
        (#"{"transition": "dismiss"}"#, Transition(.dismiss)),
        (#"{"transition": "root", "build": "A"}"#, Transition(.root, animation: Animation(kind: "crossDissolve", duration: 0.3))),
        (#"{"transition": "root", "build": "A", "animated": false}"#, Transition(.root, animated: false)),
        (#"{"transition": "none"}"#, Transition(.nonTransition)),
    ])
    func routesDecodeIntoTheRoutersTypes(route: String, transition: Transition) throws {
        let text = #"{"navviz": 1, "name": "r", "root": {"navigation": ["Home"]}, "routes": {"r": \#(route)}, "steps": []}"#
        let decoded = try #require(try ScenarioDecoder.decode(text, file: "r.json").routes["r"])
        #expect(decoded.transition == transition)
        #expect(decoded.builder == (route.contains("build") ? .node(.screen("A")) : .nonBuilder))
    }

    /// A field another transition's is refused where it is written (a fidelity trial: each was read and ignored).
    @Test(arguments: [
        (
            #"{"transition": "push", "build": "A", "style": "formSheet"}"#,
            "r.style: a 'push' route does not take 'style': it is for 'present' routes"
        ),
        (#"{"transition": "push", "build": "A", "keep": 1}"#, "r.keep: a 'push' route does not take 'keep': it is for 'replace' routes"),
        (#"{"transition": "replace", "build": "A", "keep": -1}"#, "r.keep: invalid value '-1', expected a count, 0 or more"),
        (
            #"{"transition": "pop", "build": "A"}"#,
            "r.build: a 'pop' route does not take 'build': it is for 'push', 'replace', 'present', 'root' and 'none' routes"
        ),
        (
            #"{"transition": "dismiss", "update": true}"#,
            "r.update: a 'dismiss' route does not take 'update': it is for 'push', 'replace', 'present', 'root' and 'none' routes"
        ),
        (
            #"{"transition": "present", "build": "A", "class": "X"}"#,
            "r.class: a 'present' route does not take 'class': it is for 'popToInstance' routes"
        ),
    ])
    func aRouteFieldOfAnotherTransitionIsRefused(route: String, message: String) {
        let text = #"{"navviz": 1, "root": {"navigation": ["Home"]}, "routes": {"r": \#(route)}, "steps": []}"#
        #expect(messages(text, file: "r.json") == ["r.json: routes." + message])
    }

    /// A chain loop is reported with the file's other errors, not on the run after they are fixed, and in the file's
    /// order (routes came sorted by name, their chains after them all: a docs trial).
    @Test func aChainLoopIsReportedWithOtherErrors() {
        let text = #"""
            {"navviz": 1, "root": {"navigation": ["Home"]}, "routes": {"b": {"build": "B", "transition": "push", "chain": "a"},
             "a": {"build": "A", "transition": "push", "chain": "b"}, "c": {"transition": "pusj"}}, "steps": [{"pop": 1}]}
            """#
        #expect(
            messages(text, file: "r.json") == [
                "r.json: routes.b.chain: invalid value 'a', expected a route whose chain does not lead back to it: 'b' → 'a' → 'b'",
                "r.json: routes.a.chain: invalid value 'b', expected a route whose chain does not lead back to it: 'a' → 'b' → 'a'",
                "r.json: routes.c.transition: invalid value 'pusj', expected one of 'push', 'pop', 'popToRoot', 'popToInstance', 'replace', 'present', 'dismiss', 'root', 'none'. Did you mean 'push'?",
                "r.json: steps[0].pop: expected true (the operation takes no argument), found a number",
            ])
    }

    /// A stack in a stack in a stack is refused outer first, in the file's order (the inner stack's error came first, as
    /// it was decoded before the stack holding it was checked: a trial).
    @Test func stacksInStacksAreRefusedOuterFirst() {
        let text = #"{"navviz": 1, "root": {"navigation": [{"navigation": [{"navigation": ["A"]}, {"split": {"primary": "P"}}]}]}}"#
        let pushing =
            "a navigation controller cannot be in another's stack: UIKit raises 'Pushing a navigation controller is not supported'; only a collapsed split view nests one (docs/semantics.md#N3)"
        #expect(
            messages(text, file: "n.json") == [
                "n.json: root.navigation[0]: " + pushing,
                "n.json: root.navigation[0].navigation[0]: " + pushing,
                "n.json: root.navigation[0].navigation[1]: a split view controller cannot be in a navigation stack: UIKit raises 'Split View Controllers cannot be pushed to a Navigation Controller' (docs/semantics.md#N3)",
            ])
    }

    @Test func defaultsComeFromTheFileName() throws {
        let scenario = try decode(#"{"navviz": 1, "root": "Home"}"#, file: "flows/shop.checkout.json")
        #expect(scenario.name == "shop.checkout")
        #expect(scenario.device == .phone)
        #expect(scenario.finder == .navviz)
        #expect(!scenario.quirks)
        #expect(scenario.steps.isEmpty)
    }

    @Test(arguments: [
        (#"{"op": "push", "node": "A"}"#, #"{"push": "A"}"#),
        (
            #"{"op": "present", "node": "A", "style": "formSheet", "animated": false}"#,
            #"{"present": "A", "style": "formSheet", "animated": false}"#
        ),
        (#"{"op": "select", "tab": 1, "user": true}"#, #"{"select": 1, "user": true}"#),
        (#"{"op": "register", "activity": "a", "node": "X"}"#, #"{"register": "a", "node": "X"}"#),
        (#"{"op": "navigate", "route": "r", "context": {"id": 7}}"#, #"{"navigate": "r", "context": {"id": 7}}"#),
        (#"{"op": "pop"}"#, #"{"pop": true}"#),
        (#"{"op": "pop"}"#, #"{"pop": {}}"#),
        (#"{"op": "pop"}"#, #"{"pop": null}"#),
        (#"{"op": "pop", "interactive": true, "cancelled": true}"#, #"{"pop": true, "interactive": true, "cancelled": true}"#),
        (#"{"op": "dismiss"}"#, #"{"dismiss": true}"#),
        (#"{"op": "collapse"}"#, #"{"collapse": true}"#),
        (#"{"op": "collapse", "onto": "nav"}"#, #"{"collapse": "nav"}"#),
        (#"{"op": "flick", "velocity": 2}"#, #"{"flick": 2}"#),
        (#"{"op": "memoryWarning"}"#, #"{"memoryWarning": true}"#),
    ])
    func bothStepSpellingsDecodeAlike(long: String, short: String) throws {
        let routes = #""routes": {"r": {"transition": "pop"}}"#
        let a = try decode(#"{"navviz": 1, \#(routes), "root": {"navigation": ["Home"], "id": "nav"}, "steps": [\#(long)]}"#)
        let b = try decode(#"{"navviz": 1, \#(routes), "root": {"navigation": ["Home"], "id": "nav"}, "steps": [\#(short)]}"#)
        #expect(a.steps == b.steps)
    }

    @Test func barePopIsNotInteractive() throws {
        let scenario = try decode(withSteps(#"{"pop": true}, {"dismiss": true}"#))
        #expect(
            scenario.steps.map(\.action) == [
                .operation(.pop(interactive: false, cancelled: false)), .operation(.dismiss(interactive: false, cancelled: false)),
            ])
    }

    @Test func stepOptionsDecode() throws {
        let scenario = try decode(
            withSteps(
                #"{"op": "pop", "animated": false, "after": 0.1, "target": "nav", "animation": {"kind": "springSlide", "direction": "right", "duration": 0.35, "damping": 0.8}}"#
            ))
        let options = scenario.steps[0].options
        #expect(!options.isAnimated)
        #expect(options.after == 0.1)
        #expect(options.target == NodeID("nav"))
        #expect(options.animation == Animation(kind: "springSlide", duration: 0.35, direction: "right", parameters: ["damping": 0.8]))
    }

    @Test func expectedEventsAcceptStringsAndObjects() throws {
        let scenario = try decode(
            withSteps(
                #"{"push": "A", "expect": {"events": ["Home.viewWillDisappear", {"controller": "A", "callback": "viewWillAppear"}], "path": ["nav", "A"], "onScreen": ["A"], "status": "ok", "error": "x"}}"#
            ))
        let expect = try #require(scenario.steps[0].expect)
        #expect(expect.events == ["Home.viewWillDisappear", "A.viewWillAppear"])
        #expect(expect.path == ["nav", "A"])
        #expect(expect.onScreen == ["A"])
        #expect(expect.status == .ok)
        #expect(expect.error == "x")
    }

    @Test(arguments: ["nav#2", "Home#3", "navigation", "tab", "A"])
    func plausibleIDsAreAccepted(id: String) throws {
        _ = try decode(withSteps(#"{"push": "A"}, {"op": "pop", "target": "\#(id)"}"#))
    }

    // MARK: - Whole-file errors

    @Test(arguments: [
        ("", "shop.json: the file is empty, expected a JSON object"),
        (" \n\t\n", "shop.json: the file is empty, expected a JSON object"),
        ("[1, 2]", "shop.json: expected a JSON object at the top level, found an array"),
        (#""scenario""#, "shop.json: expected a JSON object at the top level, found a string"),
        ("null", "shop.json: expected a JSON object at the top level, found null"),
        (#"{"root": "Home"}"#, #"shop.json: (top level): missing field 'navviz': expected "navviz": 1"#),
        (#"{"navviz": 2, "root": "Home"}"#, "shop.json: navviz: unsupported format version '2'. This navviz reads version 1"),
        (#"{"navviz": 1.5, "root": "Home"}"#, "shop.json: navviz: unsupported format version '1.5'. This navviz reads version 1"),
        (#"{"navviz": "1", "root": "Home"}"#, "shop.json: navviz: expected the format version 1 (a number), found a string"),
        (
            "{\n  \"navviz\": 1,\n  \"root\": \"Home\"\n  \"steps\": []\n}",
            "shop.json: invalid JSON at line 4, column 3: unexpected '\"': expected ',' or '}' after an object member"
        ),
        (#"{"navviz": 1, "root": "Home", "navviz": 1}"#, "shop.json: invalid JSON at line 1, column 31: duplicate member name 'navviz'"),
    ])
    func fileLevelErrorsComeAlone(text: String, message: String) {
        #expect(messages(text) == [message])
    }

    /// A quoted version is said, and the rest still read as version 1: every other error shows at once (a trial fixed
    /// `"navviz": "1"` to find six more).
    @Test func aQuotedVersionDoesNotHideTheOtherErrors() {
        #expect(
            messages(#"{"navviz": "1", "root": {"navigation": "Home"}, "steps": [{"wait": -1}]}"#) == [
                "shop.json: navviz: expected the format version 1 (a number), found a string",
                "shop.json: root.navigation: expected an array of node literals (the stack, root first), found a string",
                "shop.json: steps[0].wait: invalid value '-1', expected a number of at least 0",
            ])
    }

    // MARK: - Steps

    @Test(arguments: [
        (
            #"{"push": "A"}, {"push": "B"}, {"pop": true}, {"op": "pusj", "node": "C"}"#,
            ["shop.json: steps[3].op: unknown operation 'pusj'. Did you mean 'push'?"]
        ),
        (#"{"pusj": "A"}"#, ["shop.json: steps[0].pusj: unknown operation 'pusj'. Did you mean 'push'?"]),
        (
            #"{"pusj": "Reviews"}, {"pop": true, "expect": {"visible": "Reviews"}}, {"op": "popTo", "id": "Reviews"}"#,
            ["shop.json: steps[0].pusj: unknown operation 'pusj'. Did you mean 'push'?"]
        ),
        (
            #"{"op": "select", "tab": "1"}"#,
            [
                #"shop.json: steps[0].tab: invalid value '"1"', expected a tab index as a number, 1 without quotes (a string names a tab by its id)"#
            ]
        ),
        (#"{"op": "Present", "node": "A"}"#, ["shop.json: steps[0].op: unknown operation 'Present'. Did you mean 'present'?"]),
        (
            #"{"op": "teleport"}"#,
            [
                "shop.json: steps[0].op: unknown operation 'teleport': expected one of push, pop, popToRoot, popTo, popToInstance, setStack, replace, select, setTabs, show, showDetail, collapse, expand, showChild, present, dismiss, setRoot, activate, flushActivity, register, flick, pushView, popView, setViews, updateView, memoryWarning, wait, navigate, snapshot"
            ]
        ),
        (#"{"push": 3}"#, ["shop.json: steps[0].push: expected \(nodeLiteral), found a number"]),
        (#"{"push": true}"#, ["shop.json: steps[0].push: expected \(nodeLiteral), found true"]),
        (#"{"pop": false}"#, ["shop.json: steps[0].pop: expected true (the operation takes no argument), found false"]),
        (#"{"pop": 3}"#, ["shop.json: steps[0].pop: expected true (the operation takes no argument), found a number"]),
        (
            #"{"expand": "nav"}"#,
            [
                #"shop.json: steps[0].expand: expected true (the operation takes no argument; the controller it acts from goes in "target"), found a string"#
            ]
        ),
        (
            #"{"dismiss": "Sheet"}"#,
            [
                #"shop.json: steps[0].dismiss: expected true (the operation takes no argument; the controller it acts from goes in "target"), found a string"#
            ]
        ),
        // A swipe is always animated (a fidelity trial's took no time).
        (
            #"{"pop": true, "interactive": true, "cancelled": true, "animated": false}"#,
            [
                #"shop.json: steps[0].animated: a swipe ("interactive": true) is always animated: remove "animated": false, or "interactive" for a transition from code"#
            ]
        ),
        (
            #"{"dismiss": true, "interactive": true, "animated": false}"#,
            [
                #"shop.json: steps[0].animated: a swipe ("interactive": true) is always animated: remove "animated": false, or "interactive" for a transition from code"#
            ]
        ),
        (#"{"push": "A", "present": "B"}"#, ["shop.json: steps[0]: a step has one operation, found 'push' and 'present'"]),
        (
            #"{"op": "push", "push": "Detail"}"#,
            [#"shop.json: steps[0]: 'op' and the short form 'push' together: write {"op": "push", "node": …} or {"push": …}"#]
        ),
        (
            #"{"op": "pop", "pop": true}"#,
            [#"shop.json: steps[0]: 'op' and the short form 'pop' together: write {"op": "pop"} or {"pop": …}"#]
        ),
        // A new user's trial: reported as "unknown field 'push'", when push is a known operation.
        (#"{"push": "A", "op": "pop"}"#, ["shop.json: steps[0]: a step has one operation, found 'op' ('pop') and 'push'"]),
        (
            #"{"animated": false}"#,
            [#"shop.json: steps[0]: no operation: write {"op": "push", "node": "Detail"} or a short form, {"push": "Detail"}"#]
        ),
        (#"{}"#, [#"shop.json: steps[0]: no operation: write {"op": "push", "node": "Detail"} or a short form, {"push": "Detail"}"#]),
        (#"{"op": 3}"#, ["shop.json: steps[0].op: expected a string, found a number"]),
        (#""push""#, [#"shop.json: steps[0]: expected a step object such as {"op": "push", "node": "Detail"}, found a string"#]),
        (#"{"op": "push"}"#, ["shop.json: steps[0]: missing field 'node'"]),
        (#"{"op": "popTo"}"#, ["shop.json: steps[0]: missing field 'id'"]),
        (#"{"op": "register", "node": "X"}"#, ["shop.json: steps[0]: missing field 'activity'"]),
        (#"{"register": "a"}"#, ["shop.json: steps[0]: missing field 'node'"]),
        (#"{"op": "wait"}"#, ["shop.json: steps[0]: missing field 'seconds'"]),
        (#"{"op": "navigate"}"#, ["shop.json: steps[0]: missing field 'route'"]),
        (#"{"op": "pop", "animated": "yes"}"#, ["shop.json: steps[0].animated: expected true or false, found a string"]),
        (#"{"op": "pop", "after": -0.1}"#, ["shop.json: steps[0].after: invalid value '-0.1', expected a number of at least 0"]),
        (#"{"op": "pop", "target": 3}"#, ["shop.json: steps[0].target: expected a string, found a number"]),
        (#"{"op": "pop", "note": ["a"]}"#, ["shop.json: steps[0].note: expected a string, found an array"]),
        (#"{"wait": -1}"#, ["shop.json: steps[0].wait: invalid value '-1', expected a number of at least 0"]),
        (#"{"op": "wait", "seconds": "1"}"#, ["shop.json: steps[0].seconds: expected a number, found a string"]),
        (#"{"op": "select", "tab": true}"#, ["shop.json: steps[0].tab: expected a tab index or a node id, found true"]),
        (#"{"op": "select", "tab": 1.5}"#, ["shop.json: steps[0].tab: invalid value '1.5', expected a whole number"]),
        // A canonical snapshot where a step goes (a daemon trial posted one to /steps and was told to add "op").
        (
            #"{"id": "nav", "kind": "navigation", "children": []}"#,
            [
                #"shop.json: steps[0]: a hierarchy (a canonical snapshot), not a step: write {"op": "snapshot", "hierarchy": …}, or post it to the session's /snapshots"#
            ]
        ),
        // A fraction a double rounds to a whole number is still a fraction (a trial's selected tab 1).
        (
            #"{"op": "select", "tab": 0.99999999999999999999}"#,
            ["shop.json: steps[0].tab: invalid value '0.9999999999999999', expected a whole number"]
        ),
        (
            #"{"op": "select", "tab": 2.00000000000000000001}"#,
            ["shop.json: steps[0].tab: invalid value '2.0000000000000004', expected a whole number"]
        ),
        (#"{"select": -1}"#, ["shop.json: steps[0].select: invalid value '-1', expected a tab index, 0 or more"]),
        (
            #"{"op": "present", "node": "A", "style": "sheet"}"#,
            [
                "shop.json: steps[0].style: invalid value 'sheet', expected one of 'automatic', 'pageSheet', 'fullScreen', 'formSheet', 'overFullScreen', 'currentContext', 'overCurrentContext', 'popover', 'custom'"
            ]
        ),
        (
            #"{"op": "present", "node": "A", "style": "fullscreen"}"#,
            [
                "shop.json: steps[0].style: invalid value 'fullscreen', expected one of 'automatic', 'pageSheet', 'fullScreen', 'formSheet', 'overFullScreen', 'currentContext', 'overCurrentContext', 'popover', 'custom'. Did you mean 'fullScreen'?"
            ]
        ),
        (
            #"{"op": "replace", "node": "A", "mode": "first"}"#,
            ["shop.json: steps[0].mode: invalid value 'first', expected 'last' or 'all' (or use 'keep')"]
        ),
        // setTabs' selected is one of its tabs, checked with the file (it was refused only when the step ran, a review).
        (
            #"{"setTabs": ["A", "B", "C"], "selected": 3}"#,
            ["shop.json: steps[0].selected: invalid value '3', expected an index from 0 to 2"]
        ),
        // A negative count to keep (it replaced every controller: a fidelity trial).
        (#"{"replace": "Z", "keep": -2}"#, ["shop.json: steps[0].keep: invalid value '-2', expected a count, 0 or more"]),
        (
            #"{"op": "replace", "node": "A", "mode": "alll"}"#,
            ["shop.json: steps[0].mode: invalid value 'alll', expected 'last' or 'all' (or use 'keep'). Did you mean 'all'?"]
        ),
        (
            #"{"popToInstance": "X", "which": "middle"}"#,
            ["shop.json: steps[0].which: invalid value 'middle', expected one of 'first', 'last'"]
        ),
        (#"{"activate": "a", "rule": "old"}"#, ["shop.json: steps[0].rule: invalid value 'old', expected one of 'any', 'new', 'previous'"]),
        (
            #"{"op": "setTabs", "tabs": "A"}"#,
            ["shop.json: steps[0].tabs: expected an array of node literals (one per tab), found a string"]
        ),
        (#"{"setStack": ["A", 2]}"#, ["shop.json: steps[0].setStack[1]: expected \(nodeLiteral), found a number"]),
        (#"{"op": "pop", "animation": {"duration": 1}}"#, ["shop.json: steps[0].animation: missing field 'kind'"]),
        (
            #"{"op": "pop", "animation": {"kind": "x", "damping": "a"}}"#,
            ["shop.json: steps[0].animation.damping: expected a number, found a string"]
        ),
        (
            #"{"op": "pop", "animation": 3}"#,
            [#"shop.json: steps[0].animation: expected an animation such as {"kind": "crossDissolve", "duration": 0.3}, found a number"#]
        ),
    ])
    func stepErrorsNamePathAndValue(steps: String, expected: [String]) {
        #expect(messages(withSteps(steps)) == expected)
    }

    @Test func stepsMustBeAnArray() {
        #expect(
            messages(#"{"navviz": 1, "root": "Home", "steps": {"push": "A"}}"#) == [
                "shop.json: steps: expected an array of steps, found an object"
            ])
    }

    // MARK: - Unknown fields

    @Test(arguments: [
        (#"{"navviz": 1, "rooot": "Home", "root": "Home"}"#, ["shop.json: rooot: unknown field 'rooot'. Did you mean 'root'?"]),
        (#"{"navviz": 1, "root": "Home", "Steps": []}"#, ["shop.json: Steps: unknown field 'Steps'. Did you mean 'steps'?"]),
        (
            #"{"navviz": 1, "root": "Home", "my field": 1}"#,
            [
                #"shop.json: ["my field"]: unknown field 'my field': expected one of 'navviz', 'name', 'device', 'finder', 'quirks', 'screens', 'routes', 'root', 'steps', 'description', '$schema'"#
            ]
        ),
        (withRoot(#"{"navigation": ["Home"], "titel": "x"}"#), ["shop.json: root.titel: unknown field 'titel'. Did you mean 'title'?"]),
        (
            withRoot(#"{"split": {"primary": "A", "secondry": "B"}}"#),
            ["shop.json: root.split.secondry: unknown field 'secondry'. Did you mean 'secondary'?"]
        ),
        (
            withRoot(#"{"stack": ["A"], "metrics": {"duraton": 1, "active": {"x": 1}}}"#),
            [
                "shop.json: root.metrics.duraton: unknown field 'duraton'. Did you mean 'duration'?",
                "shop.json: root.metrics.active.x: unknown field 'x': expected one of 'alpha', 'offset', 'scale'",
            ]
        ),
        (
            withSteps(#"{"push": {"ref": "Home", "id": "x"}}"#),
            ["shop.json: steps[0].push.id: a reference takes no other field ('id'): it names a controller that exists, as it is"]
        ),
        (
            #"{"navviz": 1, "root": "Home", "screens": {"Home": {"klass": "H"}}}"#,
            ["shop.json: screens.Home.klass: unknown field 'klass'. Did you mean 'class'?"]
        ),
        (
            #"{"navviz": 1, "root": "Home", "routes": {"r": {"transition": "pop", "chian": "r"}}}"#,
            ["shop.json: routes.r.chian: unknown field 'chian'. Did you mean 'chain'?"]
        ),
        (withSteps(#"{"op": "push", "node": "A", "nots": "x"}"#), ["shop.json: steps[0].nots: unknown field 'nots'. Did you mean 'note'?"]),
        // A node's field on the step (a trial was asked "Did you mean 'present'?" beside its 'present').
        (
            withSteps(#"{"present": "X", "style": "pageSheet", "presents": "Y"}"#),
            [
                #"shop.json: steps[0].presents: 'presents' is a node literal's field, not a step's: write it inside the node ({"screen": "…", "presents": …})"#
            ]
        ),
        // Not on a step that takes no node (a review: a pop was told to write its title inside the node).
        (
            withSteps(#"{"pop": true, "title": "x"}"#),
            [
                "shop.json: steps[0].title: unknown field 'title': expected one of 'op', 'animated', 'animation', 'target', 'after', 'note', 'expect', 'pop', 'interactive', 'cancelled'"
            ]
        ),
        // One mistake, one error: the field pointed to is not said missing as well (a fidelity trial).
        (withSteps(#"{"op": "push", "nod": "A"}"#), ["shop.json: steps[0].nod: unknown field 'nod'. Did you mean 'node'?"]),
        (
            withSteps(#"{"op": "push", "zzz": "A"}"#),
            [
                "shop.json: steps[0].zzz: unknown field 'zzz': expected one of 'op', 'animated', 'animation', 'target', 'after', 'note', 'expect', 'node'",
                "shop.json: steps[0]: missing field 'node'",
            ]
        ),
        // UIKit's names for navviz's fields.
        (
            withSteps(#"{"op": "push", "viewController": "A"}"#),
            ["shop.json: steps[0].viewController: unknown field 'viewController'. Did you mean 'node'?"]
        ),
        (
            withSteps(#"{"op": "present", "node": "A", "modalPresentationStyle": "pageSheet"}"#),
            ["shop.json: steps[0].modalPresentationStyle: unknown field 'modalPresentationStyle'. Did you mean 'style'?"]
        ),
        (
            #"{"navviz": 1, "root": {"split": {"master": "M", "secondary": "D"}}}"#,
            ["shop.json: root.split.master: unknown field 'master'. Did you mean 'primary'?"]
        ),
        (
            withSteps(#"{"op": "popToRoot", "Animated": false}"#),
            ["shop.json: steps[0].Animated: unknown field 'Animated'. Did you mean 'animated'?"]
        ),
        (
            withSteps(#"{"op": "pop", "expect": {"visibel": "Home"}}"#),
            ["shop.json: steps[0].expect.visibel: unknown field 'visibel'. Did you mean 'visible'?"]
        ),
    ])
    func unknownFieldsAreNamedWithSuggestions(text: String, expected: [String]) {
        #expect(messages(text) == expected)
    }

    @Test(arguments: [
        (#"{"op": "pop", "node": "A"}"#, "shop.json: steps[0].node: unknown field 'node': operation 'pop' does not take it"),
        (#"{"pop": true, "style": "formSheet"}"#, "shop.json: steps[0].style: unknown field 'style': operation 'pop' does not take it"),
        (
            #"{"op": "push", "node": "A", "interactive": true}"#,
            "shop.json: steps[0].interactive: unknown field 'interactive': operation 'push' does not take it"
        ),
    ])
    func fieldOfAnotherOperationIsNamedAsSuch(steps: String, message: String) {
        #expect(messages(withSteps(steps)) == [message])
    }

    /// What a step of one operation cannot mean is refused where it is written, with why (a fidelity trial: each was
    /// read and ignored, or refused only when it ran, or refused as a field the operation does not take).
    @Test(arguments: [
        (
            #"{"navigate": "r", "animated": false}"#,
            "shop.json: steps[0].animated: operation 'navigate' does not take 'animated': the route's own \"animated\" and \"animation\" apply: set them on the route"
        ),
        (
            #"{"navigate": "r", "target": "Home"}"#,
            "shop.json: steps[0].target: operation 'navigate' does not take 'target': a route acts on the visible controller its finder reports"
        ),
        (
            #"{"snapshot": null, "after": 1}"#,
            "shop.json: steps[0].after: operation 'snapshot' does not take 'after': a snapshot replaces the window as captured: it takes only \"note\" and \"expect\""
        ),
        (
            #"{"push": "X", "node": "Y"}"#,
            "shop.json: steps[0].node: the short form 'push' gives 'node' already: write {\"push\": …} or {\"op\": \"push\", \"node\": …}"
        ),
        (
            #"{"op": "dismiss", "cancelled": true}"#,
            "shop.json: steps[0].cancelled: only a swipe can be cancelled: add \"interactive\": true (a transition started from code always completes)"
        ),
        (
            #"{"pushView": {"tabs": ["A"]}}"#,
            "shop.json: steps[0].pushView: an animated stack holds views: a name or {\"screen\": …} without children, found a tab bar controller"
        ),
        (
            #"{"setViews": ["a", {"screen": "B", "children": ["C"]}]}"#,
            "shop.json: steps[0].setViews[1]: an animated stack holds views: a name or {\"screen\": …} without children, found a controller with children"
        ),
        (
            #"{"pop": true, "animation": {"kind": "None"}}"#,
            "shop.json: steps[0].animation.kind: animation kind 'None' differs from 'none' only in case, which makes a step unanimated: write 'none', or give your animation a name of its own"
        ),
        (
            #"{"pop": true, "animation": "nnone"}"#,
            "shop.json: steps[0].animation: animation kind 'nnone' is one letter from 'none', which makes a step unanimated: write 'none', or give your animation a name of its own"
        ),
        (
            #"{"pushView": {"screen": "B", "presents": "C"}}"#,
            "shop.json: steps[0].pushView: an animated stack holds views: a name or {\"screen\": …} without children, found a controller that presents another"
        ),
    ])
    func whatAnOperationCannotMeanIsRefusedWithWhy(step: String, message: String) {
        let text =
            #"{"navviz": 1, "root": {"navigation": ["Home"], "id": "nav"}, "routes": {"r": {"transition": "pop"}}, "steps": [\#(step)]}"#
        #expect(messages(text) == [message])
    }

    /// An animation kind a letter or two from one navviz or UIKit knows is still the scenario's own, but said (a new
    /// user's `crossDisolve` went unnoticed); a kind of one's own far from any is not, nor a known one.
    @Test(arguments: [
        (
            #""animation": "crossDisolve""#,
            [
                "steps[0].animation: animation kind 'crossDisolve' is not one navviz knows (drawn by its name, as a kind of your own): did you mean 'crossDissolve'?"
            ]
        ),
        (
            #""animation": {"kind": "CurlUp", "duration": 0.4}"#,
            [
                "steps[0].animation.kind: animation kind 'CurlUp' is not one navviz knows (drawn by its name, as a kind of your own): did you mean 'curlUp'?"
            ]
        ),
        (#""animation": "springSlide""#, []),
        (#""animation": {"kind": "flipFromLeft"}"#, []),
        (#""animation": "none""#, []),
    ])
    func aMisspeltAnimationKindIsNoted(animation: String, notes: [String]) throws {
        let text = #"{"navviz": 1, "root": {"navigation": ["Home"]}, "steps": [{"push": "Detail", \#(animation)}]}"#
        #expect(try ScenarioDecoder.decode(text, file: "shop.json").notes == notes)
        // A journal an earlier navviz acknowledged is replayed as it was, unsaid.
        let replayed = try ScenarioDecoder.decode(
            ScenarioDecoder.parseDocument(text, file: "shop.json"), file: "shop.json", replaying: true)
        #expect(replayed.notes.isEmpty)
    }

    /// A journal an earlier navviz accepted with a negative `keep` or a sequence's `selected` out of range replays (the
    /// session and its later steps were lost, a review).
    @Test func whatAnEarlierNavvizAcceptedReplays() throws {
        let text =
            #"{"navviz": 1, "root": {"notifications": ["N1", "N2"], "selected": 5}, "steps": [{"replace": "Z", "keep": -2}]}"#
        #expect(throws: ScenarioErrors.self) { try ScenarioDecoder.decode(text, file: "shop.json") }
        let replayed = try ScenarioDecoder.decode(
            ScenarioDecoder.parseDocument(text, file: "shop.json"), file: "shop.json", replaying: true)
        #expect(replayed.steps.count == 1)
        _ = try ScenarioDecoder.decodeStep(JSONParser.parse(#"{"replace": "Z", "keep": -2}"#), file: "body", replaying: true)
    }

    /// A screen name with a space at an end, or a control character, names a screen of its own that reads like another:
    /// noted (a trial's `"Detail "` failed an expectation of `Detail`, unexplained).
    @Test func anOddScreenNameIsNoted() throws {
        let text =
            #"{"navviz": 1, "root": {"navigation": [" Home"]}, "steps": [{"push": "Detail "}, {"push": {"screen": "A\tB"}}, {"push": "Fine name"}]}"#
        #expect(
            try ScenarioDecoder.decode(text, file: "shop.json").notes == [
                "root.navigation[0]: screen name ' Home' has a space at its start: it names a screen of its own, not 'Home'",
                "steps[0].push: screen name 'Detail ' has a space at its end: it names a screen of its own, not 'Detail'",
                "steps[1].push.screen: screen name 'A\\u{9}B' holds a control character (U+0009): it names a screen of its own",
            ])
    }

    /// `expect` names a controller by its id or its screen, a snapshot's too (an imported flow's screens were refused
    /// as unknown ids, a review).
    @Test func expectationsNameASnapshotsScreens() {
        let text = #"""
            {"navviz": 1, "root": {"id": "nav", "kind": "navigation", "children": [{"id": "homeVC", "kind": "controller", "screen": "Home", "children": []}]},
             "steps": [{"push": "Detail", "expect": {"onScreen": ["Home"], "path": ["nav", "Detail"], "events": ["Home.viewWillDisappear"]}}]}
            """#
        #expect(messages(text) == [])
    }

    /// A scenario with a stray `scenario` key is a scenario missing its root, not a run JSON (a review).
    @Test func aStrayScenarioKeyIsNotARunJSON() {
        #expect(
            messages(#"{"navviz": 1, "scenario": "My flow", "steps": [{"op": "push", "node": "A"}]}"#) == [
                "shop.json: scenario: unknown field 'scenario': expected one of 'navviz', 'name', 'device', 'finder', 'quirks', 'screens', 'routes', 'root', 'steps', 'description', '$schema'",
                "shop.json: (top level): missing field 'root'",
            ])
    }

    /// Animation kinds are names of the scenario's own: `done`, `zone` or `one` are not typos of `none`.
    @Test(arguments: ["done", "zone", "one", "Done", "fade", "nonStop"])
    func animationNamesNearNoneAreNames(kind: String) {
        #expect(messages(withSteps(#"{"pop": true, "animation": "\#(kind)"}"#)) == [])
    }

    /// A bare short form (`true`, `{}`, `null`) gives no argument: the main one may then come by its name.
    @Test func aBareShortFormTakesItsMainArgumentByName() throws {
        let text = #"{"navviz": 1, "root": {"notifications": ["A", "B"]}, "steps": [{"flick": true, "velocity": 1000}]}"#
        let scenario = try ScenarioDecoder.decode(text, file: "n.json")
        guard case .operation(.flick(let velocity)) = scenario.steps[0].action else {
            Issue.record("expected a flick")
            return
        }
        #expect(velocity == 1000)
    }

    /// `expect` names what the scenario builds: an id in `path` or `onScreen` it never names, and a misspelt
    /// callback, are caught when the file is read (they failed only when the step ran, with no suggestion).
    @Test func expectationsNameKnownIDsAndCallbacks() {
        let text =
            #"{"navviz": 1, "root": {"navigation": ["Home"], "id": "nav"}, "steps": [{"push": "A", "expect": {"path": ["nav", "Hme"], "onScreen": ["A"], "events": ["Home.viewWillDissapear"]}}]}"#
        #expect(
            messages(text) == [
                "shop.json: steps[0].expect.events[0]: invalid value 'Home.viewWillDissapear', expected 'Controller.viewWillAppear' (or viewDidAppear, viewWillDisappear, viewDidDisappear; or wA, dA, wD, dD as navviz run prints them). Did you mean 'Home.viewWillDisappear'?",
                "shop.json: steps[0].expect.path[1]: unknown id 'Hme'. Did you mean 'Home'?",
            ])
        #expect(
            messages(#"{"navviz": 1, "name": "", "root": "Home"}"#) == [
                #"shop.json: name: a name cannot be empty: leave "name" out for the default one"#
            ])
    }

    // MARK: - Node literals

    @Test(arguments: [
        (
            #"{"navigaton": ["Home"]}"#,
            "shop.json: root: expected \(nodeLiteral), found an object with 'navigaton'. Did you mean 'navigation'?"
        ),
        (#"{"id": "x"}"#, "shop.json: root: expected \(nodeLiteral), found an object with 'id'"),
        (
            #"{"navigation": ["A"], "selected": 0}"#,
            "shop.json: root.selected: 'navigation' does not take 'selected': 'notifications' and 'tabs' literals do"
        ),
        (
            #"{"navigationController": ["Home"]}"#,
            "shop.json: root: expected \(nodeLiteral), found an object with 'navigationController'. Did you mean 'navigation'?"
        ),
        (#"{"navigation": ["A"], "tabs": []}"#, "shop.json: root: a node literal has exactly one kind, found 'navigation' and 'tabs'"),
        (#""""#, "shop.json: root: a screen name cannot be empty"),
        (#"{"screen": ""}"#, "shop.json: root.screen: a screen name cannot be empty"),
        // A name navviz would number: its id would read as the second 'Home' (a trial); '#' inside a name is fine.
        (
            #"{"navigation": ["Home", "Home#2"]}"#,
            #"shop.json: root.navigation[1]: a screen name cannot end in '#' and a number ('Home#2'): navviz numbers instances so ('Home', 'Home#2'); to name an existing controller write {"ref": "Home#2"}"#
        ),
        (
            #"{"screen": "Item #3"}"#,
            #"shop.json: root.screen: a screen name cannot end in '#' and a number ('Item #3'): navviz numbers instances so ('Home', 'Home#2'); to name an existing controller write {"ref": "Item #3"}"#
        ),
        (#"["Home"]"#, "shop.json: root: expected \(nodeLiteral), found an array"),
        (
            #"{"navigation": "Home"}"#,
            "shop.json: root.navigation: expected an array of node literals (the stack, root first), found a string"
        ),
        (#"{"navigation": ["Home", 7]}"#, "shop.json: root.navigation[1]: expected \(nodeLiteral), found a number"),
        // init(rootViewController:) pushes: a navigation or split controller in a stack raises in UIKit.
        (
            #"{"navigation": [{"navigation": ["A"]}]}"#,
            "shop.json: root.navigation[0]: a navigation controller cannot be in another's stack: UIKit raises 'Pushing a navigation controller is not supported'; only a collapsed split view nests one (docs/semantics.md#N3)"
        ),
        (
            #"{"navigation": ["A", {"split": {"primary": "P"}}]}"#,
            "shop.json: root.navigation[1]: a split view controller cannot be in a navigation stack: UIKit raises 'Split View Controllers cannot be pushed to a Navigation Controller' (docs/semantics.md#N3)"
        ),
        (
            #"{"split": {"primary": {"tabs": [{"navigation": [{"navigation": ["A"]}]}]}}}"#,
            "shop.json: root.split.primary.tabs[0].navigation[0]: a navigation controller cannot be in another's stack: UIKit raises 'Pushing a navigation controller is not supported'; only a collapsed split view nests one (docs/semantics.md#N3)"
        ),
        (#"{"tabs": ["A", "B"], "selected": 4}"#, "shop.json: root.selected: invalid value '4', expected an index from 0 to 1"),
        (#"{"tabs": ["A"], "selected": 0.5}"#, "shop.json: root.selected: invalid value '0.5', expected a whole number"),
        (#"{"tabs": [], "selected": 0}"#, "shop.json: root.selected: invalid value '0', expected no selection for an empty tab bar"),
        // A sequence's too (a fidelity trial's 5 of 2 showed none, and its run JSON was refused on the way back).
        (#"{"notifications": ["N1", "N2"], "selected": 5}"#, "shop.json: root.selected: invalid value '5', expected an index from 0 to 1"),
        (#"{"notifications": ["N1"], "selected": -1}"#, "shop.json: root.selected: invalid value '-1', expected an index from 0 to 0"),
        (#"{"split": {"secondary": "A"}}"#, "shop.json: root.split: missing field 'primary'"),
        (
            #"{"split": ["A", "B"]}"#,
            "shop.json: root.split: expected an object with 'primary', 'secondary' and optional 'supplementary', found an array"
        ),
        (#"{"split": {"primary": "A"}, "collapsed": "yes"}"#, "shop.json: root.collapsed: expected true or false, found a string"),
        (
            #"{"activities": "A"}"#,
            #"shop.json: root.activities: expected an object of key → node literal, or an array of {"key", "node"}, found a string"#
        ),
        (#"{"activities": [{"node": "A"}]}"#, "shop.json: root.activities[0]: missing field 'key'"),
        (#"{"activities": [{"key": "a"}]}"#, "shop.json: root.activities[0]: missing field 'node'"),
        (
            #"{"activities": [{"key": "a", "node": "A"}, {"key": "a", "node": "B"}]}"#,
            "shop.json: root.activities[1].key: invalid value 'a', expected a key not used before in this container"
        ),
        (
            #"{"activities": {"home": "A"}, "active": "hom"}"#,
            "shop.json: root.active: invalid value 'hom', expected a key of 'activities' or 'generators'. Did you mean 'home'?"
        ),
        (
            #"{"activities": {"a": "A"}, "flavor": "fj"}"#,
            "shop.json: root.flavor: invalid value 'fj', expected one of 'activityViewController', 'transitionController'"
        ),
        (
            #"{"stack": ["A"], "metrics": {"duration": -1}}"#,
            "shop.json: root.metrics.duration: invalid value '-1', expected a number of at least 0"
        ),
        (#"{"notifications": []}"#, "shop.json: root.notifications: a notification sequence needs at least one controller"),
        (#"{"screen": "A", "visible": 0}"#, "shop.json: root: missing field 'children'"),
        (#"{"screen": "A", "children": ["B"], "visible": 2}"#, "shop.json: root.visible: invalid value '2', expected an index from 0 to 0"),
        // Into no children too (it was taken, and dropped).
        (
            #"{"screen": "A", "children": [], "visible": 3}"#,
            "shop.json: root.visible: invalid value '3', expected no index: it has no children"
        ),
        (
            #"{"screen": "A", "style": "formSheet"}"#,
            #"shop.json: root.style: a style is for what the node presents: add "presents" (a node literal), or leave "style" out"#
        ),
        (
            #"{"screen": "A", "presents": "B", "style": "sheet"}"#,
            "shop.json: root.style: invalid value 'sheet', expected one of 'automatic', 'pageSheet', 'fullScreen', 'formSheet', 'overFullScreen', 'currentContext', 'overCurrentContext', 'popover', 'custom'"
        ),
        (#"{"screen": "A", "id": "a#1"}"#, "shop.json: root.id: invalid value 'a#1', expected a non-empty name without '#'"),
        (#"{"screen": "A", "id": ""}"#, "shop.json: root.id: invalid value '', expected a non-empty name without '#'"),
        (
            #"{"screen": "A", "definesPresentationContext": 1}"#,
            "shop.json: root.definesPresentationContext: expected true or false, found a number"
        ),
        // Two nodes of one literal with one id (they used to become 'nav' and 'nav#2' silently).
        (
            #"{"tabs": [{"navigation": ["Home"], "id": "nav"}, {"navigation": ["Cart"], "id": "nav"}]}"#,
            "shop.json: root.tabs[1].id: duplicate id 'nav': every node needs its own id (the first is at root.tabs[0].id)"
        ),
        (
            #"{"navigation": [{"screen": "A", "id": "x", "presents": {"screen": "B", "id": "x"}}]}"#,
            "shop.json: root.navigation[0].presents.id: duplicate id 'x': every node needs its own id (the first is at root.navigation[0].id)"
        ),
    ])
    func badNodeLiteralsAreExplained(root: String, message: String) {
        #expect(messages(withRoot(root)) == [message])
    }

    /// An id is checked within one literal: a step's literal may reuse an id its scenario's root or an earlier
    /// step gave (a fresh instance of a popped screen).
    /// `setTabs` and `setStack` give one literal of several elements: an id once across them (found by a review).
    @Test(arguments: ["setTabs", "setStack"])
    func aMultiElementStepRefusesADuplicateId(op: String) {
        let text =
            #"{"navviz": 1, "root": {"navigation": ["Home"], "id": "nav"}, "steps": [{"\#(op)": [{"screen": "B", "id": "t"}, {"screen": "C", "id": "t"}]}]}"#
        #expect(
            messages(text) == [
                "shop.json: steps[0].\(op)[1].id: duplicate id 't': every node needs its own id (the first is at steps[0].\(op)[0].id)"
            ])
    }

    /// A generator is a template, built when its key is activated: an id it shares with the literal is not a duplicate.
    @Test func aGeneratorsIdsAreItsOwn() {
        let text =
            #"{"navviz": 1, "root": {"activities": {"a": {"screen": "A", "id": "q"}}, "generators": {"b": {"screen": "B", "id": "q"}}}, "steps": []}"#
        #expect(messages(text) == [])
    }

    @Test func anIdMayBeGivenAgainInAnotherLiteral() {
        let text = #"""
            {"navviz": 1, "root": {"navigation": [{"screen": "Home", "id": "home"}], "id": "nav"},
             "steps": [{"push": {"screen": "Detail", "id": "detail"}}, {"pop": true}, {"push": {"screen": "Detail", "id": "detail"}}]}
            """#
        #expect(messages(text) == [])
    }

    @Test func rootIsRequired() {
        #expect(messages(#"{"navviz": 1, "steps": []}"#) == ["shop.json: (top level): missing field 'root'"])
    }

    // MARK: - References

    @Test(arguments: [
        (#"{"popTo": "Hom"}"#, "shop.json: steps[0].popTo: unknown id 'Hom'. Did you mean 'Home'?"),
        (#"{"op": "popTo", "id": "Hom"}"#, "shop.json: steps[0].id: unknown id 'Hom'. Did you mean 'Home'?"),
        (#"{"push": {"ref": "Homer"}}"#, "shop.json: steps[0].push.ref: unknown id 'Homer'. Did you mean 'Home'?"),
        (#"{"op": "pop", "target": "Nav"}"#, "shop.json: steps[0].target: unknown id 'Nav'. Did you mean 'nav'?"),
        (#"{"op": "pop", "target": "Settings#2"}"#, "shop.json: steps[0].target: unknown id 'Settings#2'"),
        (#"{"select": "cart"}"#, "shop.json: steps[0].select: unknown id 'cart'"),
        (#"{"op": "pop", "expect": {"visible": "Homer"}}"#, "shop.json: steps[0].expect.visible: unknown id 'Homer'. Did you mean 'Home'?"),
        (#"{"navigate": "signin"}"#, "shop.json: steps[0].navigate: unknown route 'signin'. Did you mean 'signIn'?"),
        (#"{"op": "navigate", "route": "checkout"}"#, "shop.json: steps[0].route: unknown route 'checkout' (routes: 'signIn')"),
    ])
    func unknownIDsAndRoutesAreFoundBeforeRunning(steps: String, message: String) {
        let text =
            #"{"navviz": 1, "routes": {"signIn": {"build": "SignIn", "transition": "present"}}, "root": {"navigation": ["Home"], "id": "nav"}, "steps": [\#(steps)]}"#
        #expect(messages(text) == [message])
    }

    @Test func idsDeclaredLaterInTheFileAreKnown() throws {
        _ = try decode(withSteps(#"{"popTo": "Detail"}, {"push": {"screen": "Detail", "id": "detail"}}, {"popTo": "detail"}"#))
    }

    // MARK: - Routes

    @Test(arguments: [
        (#"{"r": {"build": "S"}}"#, ["shop.json: routes.r: missing field 'transition'"]),
        (#"{"r": {"transition": "present"}}"#, ["shop.json: routes.r: missing field 'build'"]),
        (
            #"{"r": {"build": "S", "transition": "presnt"}}"#,
            [
                "shop.json: routes.r.transition: invalid value 'presnt', expected one of 'push', 'pop', 'popToRoot', 'popToInstance', 'replace', 'present', 'dismiss', 'root', 'none'. Did you mean 'present'?"
            ]
        ),
        (#"{"r": {"transition": "popToInstance"}}"#, ["shop.json: routes.r: missing field 'class'"]),
        (
            #"{"r": {"transition": "pop", "finder": "nope"}}"#,
            ["shop.json: routes.r.finder: invalid value 'nope', expected one of 'navviz', 'ariadne', 'splitMain', 'splitDetail'"]
        ),
        (#"{"r": {"transition": "pop", "chain": "q"}}"#, ["shop.json: routes.r.chain: unknown route 'q' (routes: 'r')"]),
        (
            #"{"a": {"build": "A", "transition": "push", "chain": "b"}, "b": {"build": "B", "transition": "push", "chain": "a"}, "c": {"transition": "pop", "chain": "a"}, "s": {"build": "S", "transition": "push", "chain": "s"}}"#,
            [
                "shop.json: routes.a.chain: invalid value 'b', expected a route whose chain does not lead back to it: 'a' → 'b' → 'a'",
                "shop.json: routes.b.chain: invalid value 'a', expected a route whose chain does not lead back to it: 'b' → 'a' → 'b'",
                "shop.json: routes.s.chain: invalid value 's', expected a route whose chain does not lead back to it: 's' → 's'",
            ]
        ),
        (
            #"{"r": 3}"#,
            [#"shop.json: routes.r: expected a route object such as {"build": "SignIn", "transition": "present"}, found a number"#]
        ),
    ])
    func badRoutesAreExplained(routes: String, expected: [String]) {
        #expect(messages(#"{"navviz": 1, "root": "Home", "routes": \#(routes)}"#) == expected)
    }

    @Test func aChainLongerThanTheLimitIsRefusedAndALongOneIsReadQuickly() {
        func routes(_ count: Int) -> String {
            (0..<count).map { i in
                i + 1 < count ? #""r\#(i)": {"transition": "pop", "chain": "r\#(i + 1)"}"# : #""r\#(i)": {"transition": "pop"}"#
            }.joined(separator: ", ")
        }
        #expect(
            messages(#"{"navviz": 1, "root": "Home", "routes": {\#(routes(66))}}"#) == [
                "shop.json: routes.r0.chain: invalid value 'r1', expected a chain of at most 64 routes (this one runs 66)",
                "shop.json: routes.r1.chain: invalid value 'r2', expected a chain of at most 64 routes (this one runs 65)",
            ])
        #expect(messages(#"{"navviz": 1, "root": "Home", "routes": {\#(routes(64))}}"#) == [])
        // 20,000 routes in one chain: one walk, not one per route (each route was resolved, recursively: a crash), and the
        // parser checks duplicate names with a set (it searched the members: 19 s for this file).
        #expect(messages(#"{"navviz": 1, "root": "Home", "routes": {\#(routes(20_000))}}"#).count == 20_000 - 64)
    }

    // MARK: - Several errors

    /// The run table's short callbacks (`A.wD`) copied into an expectation are read as their full names (a trial's copy was
    /// refused); one without its controller is not a callback.
    @Test func aShortCallbackNameIsReadAsItsFullName() throws {
        let text =
            #"{"navviz": 1, "root": {"navigation": ["Home"]}, "steps": [{"push": "A", "#
            + #""expect": {"events": ["Home.wD", "A.wA", "Home.dD", "A.dA"]}}]}"#
        let scenario = try ScenarioDecoder.decode(text, file: "shop.json")
        #expect(
            scenario.steps[0].expect?.events == ["Home.viewWillDisappear", "A.viewWillAppear", "Home.viewDidDisappear", "A.viewDidAppear"])
        #expect(ScenarioRunner.run(scenario).failures.isEmpty)
        #expect(
            messages(#"{"navviz": 1, "root": "Home", "steps": [{"push": "A", "expect": {"events": [".wA"]}}]}"#) == [
                "shop.json: steps[0].expect.events[0]: invalid value '.wA', expected 'Controller.viewWillAppear' (or viewDidAppear, "
                    + "viewWillDisappear, viewDidDisappear; or wA, dA, wD, dD as navviz run prints them)"
            ])
    }

    @Test func everyErrorIsCollectedInDocumentOrder() {
        let text = #"""
            {
              "navviz": 1,
              "device": "tablet",
              "routes": {"a": {"transition": "pop", "chain": "zz"}, "b": {"transition": "presnt"}},
              "root": {"tabs": ["Home", "Cart"], "selected": 4},
              "steps": [
                {"op": "popTo", "id": "Hom"},
                {"op": "pusj"},
                {"navigate": "c"},
                {"op": "pop", "animated": 1},
                {"op": "pop", "expect": {"visible": "Homer", "events": ["Home.viewWillApear", {"controller": "Home"}]}}
              ]
            }
            """#
        #expect(
            messages(text) == [
                "shop.json: device: invalid value 'tablet', expected one of 'phone', 'pad'",
                "shop.json: routes.a.chain: unknown route 'zz' (routes: 'a', 'b')",
                "shop.json: routes.b.transition: invalid value 'presnt', expected one of 'push', 'pop', 'popToRoot', 'popToInstance', 'replace', 'present', 'dismiss', 'root', 'none'. Did you mean 'present'?",
                "shop.json: root.selected: invalid value '4', expected an index from 0 to 1",
                "shop.json: steps[0].id: unknown id 'Hom'. Did you mean 'Home'?",
                "shop.json: steps[1].op: unknown operation 'pusj'. Did you mean 'push'?",
                "shop.json: steps[2].navigate: unknown route 'c' (routes: 'a', 'b')",
                "shop.json: steps[3].animated: expected true or false, found a number",
                "shop.json: steps[4].expect.visible: unknown id 'Homer'. Did you mean 'Home'?",
                "shop.json: steps[4].expect.events[0]: invalid value 'Home.viewWillApear', expected 'Controller.viewWillAppear' (or viewDidAppear, viewWillDisappear, viewDidDisappear; or wA, dA, wD, dD as navviz run prints them). Did you mean 'Home.viewWillAppear'?",
                "shop.json: steps[4].expect.events[1]: missing field 'callback'",
            ])
    }

    /// A route the file defines but refuses for its own error is not unknown at the steps that navigate to it too (a fidelity
    /// trial read "unknown route 'a'" at every one).
    @Test func aRefusedRouteIsNotUnknownWhereItIsUsed() {
        let text =
            #"{"navviz": 1, "routes": {"a": {"build": "A", "transition": "pushh"}}, "root": {"navigation": ["Home"]}, "steps": [{"navigate": "a"}, {"navigate": "a"}]}"#
        #expect(
            messages(text) == [
                "shop.json: routes.a.transition: invalid value 'pushh', expected one of 'push', 'pop', 'popToRoot', 'popToInstance', 'replace', 'present', 'dismiss', 'root', 'none'. Did you mean 'push'?"
            ])
    }

    @Test(arguments: [
        (
            #"{"status": "okay"}"#,
            ["shop.json: steps[0].expect.status: invalid value 'okay', expected one of 'ok', 'noop', 'rejected', 'dropped'"]
        ),
        (#"{"events": "Home.viewDidAppear"}"#, ["shop.json: steps[0].expect.events: expected an array of strings, found a string"]),
        (
            #"{"events": [{"controller": "Home", "callback": "viewDidAppear", "animated": true}]}"#,
            ["shop.json: steps[0].expect.events[0].animated: unknown field 'animated': expected one of 'controller', 'callback'"]
        ),
        (#"{"events": [{"callback": "viewDidAppear"}]}"#, ["shop.json: steps[0].expect.events[0]: missing field 'controller'"]),
        (
            #"{"events": [{"controller": "Home", "callback": "viewDidApear"}]}"#,
            [
                "shop.json: steps[0].expect.events[0].callback: invalid value 'viewDidApear', expected one of 'viewWillAppear', 'viewDidAppear', 'viewWillDisappear', 'viewDidDisappear'. Did you mean 'viewDidAppear'?"
            ]
        ),
        (#"{"path": ["nav", 1]}"#, ["shop.json: steps[0].expect.path[1]: expected a string, found a number"]),
        ("[]", ["shop.json: steps[0].expect: expected an object, found an array"]),
    ])
    func badExpectationsAreExplained(expect: String, expected: [String]) {
        #expect(messages(withSteps(#"{"op": "pop", "expect": \#(expect)}"#)) == expected)
    }

    @Test func suggestionsNeedAClosenessLimit() {
        #expect(Suggestion.closest(to: "pusj", in: ScenarioDecoder.operationNames) == "push")
        #expect(Suggestion.closest(to: "POPTOROOT", in: ScenarioDecoder.operationNames) == "popToRoot")
        #expect(Suggestion.closest(to: "teleport", in: ScenarioDecoder.operationNames) == nil)
        #expect(Suggestion.closest(to: "ab", in: ["xy"]) == nil)
        #expect(Suggestion.closest(to: "c", in: ["a", "b"]) == nil)
        #expect(Suggestion.closest(to: "A", in: ["a", "b"]) == "a")
    }

    /// The suggestion computes only the distances within its limit: the same choice as the whole distance makes, for
    /// every pair of a set of near words, and an answer for words far too long for the whole matrix (a security
    /// review's long unknown ids held the daemon for a minute; at this length the matrix would need terabytes).
    @Test func suggestionsComputeOnlyWhatTheLimitNeeds() {
        let words = [
            "", "a", "ab", "ba", "abc", "acb", "home", "hmoe", "homes", "hom", "shopNav", "shopnav", "shpoNav", "shopNav2",
            "ProductViewController", "ProductViewControler", "ProductViewController#2", "PorductViewController", "cart",
        ]
        for word in words {
            let reference = words.filter { $0 != word }.compactMap { candidate -> (String, Int)? in
                if candidate.lowercased() == word.lowercased() { return (candidate, -1) }
                let distance = Suggestion.editDistance(word.lowercased(), candidate.lowercased())
                let limit = candidate.count < 3 ? 0 : max(1, min(2, candidate.count / 3))
                return distance <= limit ? (candidate, distance) : nil
            }.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
            #expect(Suggestion.closest(to: word, in: words.filter { $0 != word }) == reference, "\(word)")
        }
        let long = String(repeating: "tab", count: 100_000)
        #expect(Suggestion.closest(to: long + "x", in: [long + "y", long + "yz"]) == long + "y")
        #expect(Suggestion.closest(to: long, in: [String(repeating: "bat", count: 100_000)]) == nil)
    }
}

@Suite struct RootBuildValidationTests {
    @Test(arguments: [
        (
            #"{"screen": "A", "presents": {"ref": "A"}}"#,
            "shop.json: root: Cannot use 'A' inside its own literal: a controller cannot contain or present itself"
        ),
        (
            #"{"navigation": ["A", {"ref": "A"}]}"#,
            "shop.json: root: Cannot use 'A' inside its own literal: a controller cannot contain or present itself"
        ),
    ])
    func aRootThatCannotBeBuiltIsAScenarioError(root: String, message: String) {
        #expect(messages(withRoot(root)) == [message])
    }

    /// A root deeper than the simulator's limit, as a literal (children or a presentation) or a snapshot, is refused: a
    /// 127-deep root ran, and its run JSON nested past what navviz's own reader takes (a trial). At the limit it runs.
    @Test(arguments: [false, true])
    func aRootDeeperThanTheLimitIsRefused(presenting: Bool) throws {
        func literal(_ depth: Int) -> String {
            (1..<depth).reversed().reduce(#"{"screen": "Leaf"}"#) { inner, level in
                presenting ? #"{"screen": "S\#(level)", "presents": \#(inner)}"# : #"{"screen": "S\#(level)", "children": [\#(inner)]}"#
            }
        }
        let reason =
            "nests 101 levels deep, children and presentations alike: navviz keeps a hierarchy within 100 levels "
            + "(every state, its run JSON and its drawing stay bounded)"
        // A literal is refused where it passes the limit, before the rest is read (DeepInputTests).
        #expect(
            messages(withRoot(literal(Hierarchy.maxDepth + 1))) == [
                "shop.json: root: " + reason.replacingOccurrences(of: "nests 101", with: "nests more than 100")
            ])
        #expect(messages(withRoot(literal(Hierarchy.maxDepth))) == [])
        /// The same chain as a canonical snapshot.
        func snapshot(_ depth: Int) -> String {
            (1..<depth).reversed().reduce(#"{"id": "Leaf", "kind": "controller"}"#) { inner, level in
                presenting
                    ? #"{"id": "S\#(level)", "kind": "controller", "presented": \#(inner)}"#
                    : #"{"id": "S\#(level)", "kind": "controller", "children": [\#(inner)]}"#
            }
        }
        #expect(messages(withRoot(snapshot(Hierarchy.maxDepth + 1))) == ["shop.json: root: \(reason)"])
        #expect(messages(withRoot(snapshot(Hierarchy.maxDepth))) == [])
    }

    /// A node literal written deeper than a hierarchy may nest can only build one past the limit: refused at its top, where
    /// it passes the limit and before the rest is read, in a step (it was decoded whole, and the step rejected when it ran)
    /// and in a generator's template (built under its container when activated). At the limit it is read.
    @Test(arguments: [
        (#"{"navigation": ["Home"], "id": "nav"}"#, #"{"op": "present", "node": LITERAL}"#, "steps[0].node", 0),
        (#"{"navigation": ["Home"], "id": "nav"}"#, #"{"op": "present", "node": {"navigation": [LITERAL]}}"#, "steps[0].node", 1),
        (#"{"activities": {"a": "A"}, "generators": {"b": LITERAL}}"#, #"{"op": "activate", "activity": "b"}"#, "root", 1),
    ])
    func aLiteralWrittenDeeperThanTheLimitIsRefusedWhereItIsWritten(root: String, step: String, path: String, inside: Int) {
        /// The scenario with a chain of nodes presenting each other in place of LITERAL, nesting `depth` levels in all.
        func text(_ depth: Int) -> String {
            let literal = (1..<(depth - inside)).reversed().reduce(#"{"screen": "Leaf"}"#) { inner, level in
                #"{"screen": "S\#(level)", "presents": \#(inner)}"#
            }
            let (root, step) = (
                root.replacingOccurrences(of: "LITERAL", with: literal), step.replacingOccurrences(of: "LITERAL", with: literal)
            )
            return #"{"navviz": 1, "root": \#(root), "steps": [\#(step)]}"#
        }
        #expect(
            messages(text(Hierarchy.maxDepth + 1)) == [
                "shop.json: \(path): nests more than 100 levels deep, children and presentations alike: navviz keeps a hierarchy "
                    + "within 100 levels (every state, its run JSON and its drawing stay bounded)"
            ])
        #expect(messages(text(Hierarchy.maxDepth)) == [])
    }

    /// The root is measured as built: a phone collapses a split's secondary onto its primary's stack, a level deeper than
    /// the literal (a review: a 99-deep literal built 148 levels, and navviz's own reader refused its run JSON).
    @Test func aRootIsMeasuredAsBuilt() {
        let chain = (1..<(Hierarchy.maxDepth - 2)).reversed().reduce(#"{"screen": "Leaf"}"#) { inner, level in
            #"{"screen": "S\#(level)", "children": [\#(inner)]}"#
        }
        let split = #"{"split": {"primary": {"navigation": ["Menu"]}, "secondary": {"navigation": [\#(chain)]}}}"#
        func scenario(_ device: String) -> String { #"{"navviz": 1, "device": "\#(device)", "root": \#(split)}"# }
        #expect(messages(scenario("pad")) == [])
        #expect(
            messages(scenario("phone")) == [
                "shop.json: root: nests 101 levels deep, children and presentations alike: navviz keeps a hierarchy within 100 "
                    + "levels (every state, its run JSON and its drawing stay bounded)"
            ])
        // A journal an earlier navviz wrote is replayed as it was acknowledged.
        #expect(throws: Never.self) {
            try ScenarioDecoder.decode(
                ScenarioDecoder.parseDocument(scenario("phone"), file: "shop.json"), file: "shop.json", replaying: true)
        }
    }
}
