import NavVizCore
import NavVizScenario
import Testing

/// Runs scenario text.
private func run(_ text: String, file: String = "shop.json", finder: ViewFinderStrategy? = nil) throws -> Run {
    ScenarioRunner.run(try ScenarioDecoder.decode(text, file: file), finder: finder)
}

/// A navigation root (`nav` → `Home`) and these steps.
private func withSteps(_ steps: String) -> String {
    #"{"navviz": 1, "name": "Tiny", "root": {"navigation": ["Home"], "id": "nav"}, "steps": [\#(steps)]}"#
}

@Suite struct RunnerTests {
    /// A presenter's own presentation is in front of what it contains, a context presented inside it too: the finder
    /// follows the outer one (a review: the covered inner one was taken for visible, and the next push went to it).
    @Test func aPresentationCoveringAnInnerOneIsTheVisibleOne() throws {
        let run = try run(
            #"{"navviz": 1, "name": "t", "root": {"tabs": [{"navigation": [{"screen": "T", "definesPresentationContext": true}], "id": "N"}, "Other"], "id": "tabs"}, "steps": [{"present": "Y", "style": "currentContext", "target": "T"}, {"present": "X", "style": "currentContext", "target": "N"}, {"push": "Z"}]}"#
        )
        #expect(run.steps[2].finder.visible == "X")
        #expect(run.steps[2].finder.path == ["tabs", "N", "X"])
        // The push goes from X, not from the covered Y ("'Y' is not inside a navigation controller").
        #expect(run.steps[3].outcome.message?.contains("'Y'") != true, "\(run.steps[3].outcome.message ?? "")")
    }

    /// A phone app that starts on a fifth or later tab of more than five warns at its initial state, as a select of that
    /// tab does (a fidelity trial's launch on Downloads said nothing); a pad's does not.
    @Test func anInitialStateOnATabInTheMoreListWarns() throws {
        let text =
            #"{"navviz": 1, "name": "t", "device": "DEVICE", "root": {"tabs": ["A", "B", "C", "D", "E", "Downloads"], "selected": 5, "id": "tabs"}}"#
        let phone = try run(text.replacingOccurrences(of: "DEVICE", with: "phone"))
        #expect(
            phone.steps[0].outcome.warnings == [
                "'tabs' has 6 tabs: on a phone UIKit shows the fifth and later inside its More navigation controller, which navviz does not model (docs/semantics.md#T1a): tab 5 is selected without it, and without the More list's callbacks"
            ])
        let pad = try run(text.replacingOccurrences(of: "DEVICE", with: "pad"))
        #expect(pad.steps[0].outcome.warnings.isEmpty)
    }

    /// A step naming a controller that an earlier step, not gone through, would have built is told so (a trial read a
    /// bare "Unknown node" after a refused present).
    @Test func anUnknownNodeAnEarlierRefusedStepWouldHaveBuiltSaysSo() throws {
        let run = try run(
            withSteps(
                #"{"present": "Sheet"}, {"present": {"navigation": ["Login"], "id": "loginNav"}, "target": "Home"}, {"push": "Form", "target": "Login"}"#
            ))
        #expect(run.steps[2].outcome.status == .rejected)
        #expect(
            run.steps[3].outcome.message
                == "Unknown node 'Login': step 2, which would have built it, was rejected")
    }

    /// An unknown id says why: a later step builds it, a close id exists, or which ids there are (a fidelity trial read a
    /// bare "Unknown node 'C'" for a target the next step pushes).
    @Test(arguments: [
        (
            #"{"push": "B", "target": "C"}, {"push": "C"}"#, 1,
            "Unknown node 'C': no controller has that id before step 2, which builds it"
        ),
        (#"{"push": "Detail"}, {"push": "Detail"}, {"popTo": "Detail#3"}"#, 3, "Unknown node 'Detail#3'. Did you mean 'Detail#2'?"),
        (#"{"popTo": "Home#2"}"#, 1, "Unknown node 'Home#2': no controller has that id here (the ids here: 'Home', 'nav')"),
    ])
    func anUnknownNodeSaysWhy(steps: String, index: Int, message: String) throws {
        let run = try run(withSteps(steps))
        #expect(run.steps[index].outcome.status == .rejected)
        #expect(run.steps[index].outcome.message == message)
    }

    /// A split's `display` (S8): the columns it hides are off screen, the finder follows the secondary; a collapse
    /// shows the primary whatever the display.
    @Test(arguments: [
        ("secondaryOnly", ["Detail"]), ("oneBesideSecondary", ["Sidebar", "Detail"]), ("twoBesideSecondary", ["Sidebar", "Detail"]),
        // UIKit's overlay and displace modes read as the beside ones (a trial: refused).
        ("oneOverSecondary", ["Sidebar", "Detail"]), ("twoDisplaceSecondary", ["Sidebar", "Detail"]),
    ])
    func aSplitShowsTheColumnsOfItsDisplay(display: String, onScreen: [String]) throws {
        let split = try run(
            #"{"navviz": 1, "device": "pad", "root": {"split": {"primary": "Sidebar", "secondary": "Detail"}, "display": "\#(display)", "id": "split"}, "#
                + #""steps": [{"op": "collapse"}]}"#)
        #expect(split.steps[0].finder.visible == "Detail")
        #expect(split.steps[0].finder.onScreen.map(\.rawValue) == onScreen)
        #expect(split.steps[1].finder.onScreen.map(\.rawValue).first == "Sidebar")
        let three = try run(
            #"{"navviz": 1, "device": "pad", "root": {"split": {"primary": "A", "supplementary": "B", "secondary": "C"}, "display": "oneBesideSecondary"}}"#
        )
        #expect(three.steps[0].finder.onScreen.map(\.rawValue) == ["B", "C"])
        // No secondary: every column shown, the visible primary among them (a trial: visible, off screen, no callbacks).
        let alone = try run(
            #"{"navviz": 1, "device": "pad", "root": {"tabs": ["Home", {"split": {"primary": "P3"}, "display": "secondaryOnly"}]}, "#
                + #""steps": [{"op": "select", "tab": 1}]}"#)
        #expect(alone.steps[1].finder.visible == "P3")
        #expect(alone.steps[1].finder.onScreen.map(\.rawValue) == ["P3"])
        #expect(alone.steps[1].outcome.events.map(\.description).contains("P3.viewWillAppear"))
        #expect(throws: ScenarioErrors.self) {
            try ScenarioDecoder.decode(
                #"{"navviz": 1, "root": {"split": {"primary": "A"}, "display": "secondaryOnIy"}}"#, file: "shop.json")
        }
        do {
            _ = try ScenarioDecoder.decode(
                #"{"navviz": 1, "root": {"split": {"primary": "A"}, "display": "secondaryOnIy"}}"#, file: "shop.json")
        } catch {
            #expect(
                error.description
                    == "shop.json: root.display: invalid value 'secondaryOnIy', expected one of 'secondaryOnly', 'oneBesideSecondary', 'twoBesideSecondary'. Did you mean 'secondaryOnly'?"
            )
        }
    }

    // MARK: - Run JSON

    /// A chained route is one step: the next step's `after` counts from its start (docs/semantics.md#R7), so a sheet
    /// 0.1 s after a chain that presented one lands inside that presentation and is refused, as it is after a route
    /// with no chain (a trial: it counted from the tail's start and landed after the presentation).
    @Test(arguments: ["sheet", "sheetThenPush"])
    func afterCountsFromTheStartOfAChainedRoute(route: String) throws {
        let scenario = try ScenarioDecoder.decode(
            #"{"navviz": 1, "finder": "ariadne", "routes": {"push": {"build": "Pushed", "transition": "push"}, "#
                + #""sheet": {"build": "Sheet", "transition": "present", "style": "pageSheet"}, "#
                + #""sheetThenPush": {"build": {"navigation": ["Sheet"]}, "transition": "present", "style": "pageSheet", "chain": "push"}}, "#
                + #""root": {"navigation": ["Home"], "id": "nav"}, "#
                + #""steps": [{"navigate": "\#(route)"}, {"navigate": "sheet", "after": 0.1}]}"#,
            file: "chain.json")
        let run = ScenarioRunner.run(scenario)
        #expect(run.steps[1].status == .ok)
        #expect(run.steps[2].outcome.start == 0.1)
        #expect(run.steps[2].status == .rejected)
    }

    @Test func runJSONHasTheShapeOfTheDesign() throws {
        let result = try run(
            withSteps(
                #"{"push": "Detail", "note": "Open", "animation": {"kind": "curlUp", "duration": 0.5}}, {"pop": true, "animated": false}, {"pop": true}"#
            ))
        let json = RunEncoder.encode(result)
        #expect(json.objectMembers?.map(\.0) == ["navviz", "scenario", "steps"])
        #expect(json["navviz"] == .number(1))
        #expect(json["scenario"] == .string("Tiny"))
        let steps = try #require(json["steps"]?.arrayValue)
        #expect(steps.count == 4)

        let initial = steps[0]
        #expect(
            initial.objectMembers?.map(\.0) == [
                "index", "op", "status", "visible", "path", "onScreen", "time", "duration", "events", "hierarchy",
            ])
        #expect(initial["index"] == .number(0))
        #expect(initial["op"] == .string("initial"))
        #expect(initial["status"] == .string("ok"))
        #expect(initial["visible"] == .string("Home"))
        #expect(initial["path"] == .array([.string("nav"), .string("Home")]))
        #expect(initial["onScreen"] == .array([.string("Home")]))
        #expect(initial["events"] == .array([]))
        #expect(initial["hierarchy"]?["id"] == .string("nav"))
        #expect(initial["hierarchy"]?["kind"] == .string("navigation"))

        let push = steps[1]
        #expect(
            push.objectMembers?.map(\.0) == [
                "index", "op", "status", "note", "visible", "path", "onScreen", "time", "duration", "animation", "events", "hierarchy",
            ])
        #expect(push["note"] == .string("Open"))
        #expect(push["animation"].map(JSONWriter.compact) == #"{"kind":"curlUp","duration":0.5}"#)
        #expect(push["duration"] == .number(0.5))
        #expect(
            push["events"].map(JSONWriter.compact) == """
                [{"controller":"Home","callback":"viewWillDisappear","animated":true},\
                {"controller":"Detail","callback":"viewWillAppear","animated":true},\
                {"controller":"Home","callback":"viewDidDisappear","animated":true},\
                {"controller":"Detail","callback":"viewDidAppear","animated":true}]
                """)
        #expect(push["hierarchy"]?["children"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["Home", "Detail"])

        let unanimated = steps[2]
        #expect(unanimated["events"]?.arrayValue?.allSatisfy { $0["animated"] == .bool(false) } == true)
        #expect(unanimated["time"] == .number(0.5))

        let noop = steps[3]
        #expect(
            noop.objectMembers?.map(\.0) == [
                "index", "op", "status", "message", "visible", "path", "onScreen", "time", "duration", "events", "hierarchy",
            ])
        #expect(noop["status"] == .string("noop"))
        #expect(noop["message"] == .string("'nav' is at its root: there is nothing to pop"))
    }

    @Test func runTextIsPrettyJSONThatParsesBack() throws {
        let result = try run(withSteps(#"{"push": "Detail"}"#))
        let text = RunEncoder.text(result)
        #expect(text.hasSuffix("}\n"))
        #expect(try JSONParser.parse(text) == RunEncoder.encode(result))
    }

    @Test func failedExpectationsAreRecordedInTheRunJSON() throws {
        let result = try run(withSteps(#"{"push": "Detail", "expect": {"visible": "Home"}}"#))
        let step = RunEncoder.encode(result)["steps"]?.arrayValue?[1]
        #expect(step?["failures"] == .array([.string("steps[0].expect.visible: expected 'Home', got 'Detail'")]))
        #expect(step?.objectMembers?.map(\.0).suffix(2) == ["failures", "hierarchy"])
    }

    // MARK: - Expectations

    @Test(arguments: [
        (
            #"{"push": "Detail", "expect": {"visible": "Home"}}"#,
            "shop.json: steps[0].expect.visible (step 1): expected 'Home', got 'Detail'"
        ),
        (#"{"push": "Detail", "expect": {"status": "noop"}}"#, "shop.json: steps[0].expect.status (step 1): expected 'noop', got 'ok'"),
        (
            #"{"pop": true, "expect": {"status": "ok"}}"#,
            "shop.json: steps[0].expect.status (step 1): expected 'ok', got 'noop' ('nav' is at its root: there is nothing to pop)"
        ),
        (
            #"{"push": "Detail", "expect": {"error": "busy"}}"#,
            "shop.json: steps[0].expect.error (step 1): expected a message containing 'busy', got no message"
        ),
        (
            #"{"pop": true, "expect": {"error": "busy"}}"#,
            "shop.json: steps[0].expect.error (step 1): expected a message containing 'busy', got ''nav' is at its root: there is nothing to pop'"
        ),
        (
            #"{"push": "Detail", "expect": {"events": ["Home.viewWillDisappear", "Detail.viewWillAppear"]}}"#,
            "shop.json: steps[0].expect.events (step 1): expected ['Home.viewWillDisappear', 'Detail.viewWillAppear'], got ['Home.viewWillDisappear', 'Detail.viewWillAppear', 'Home.viewDidDisappear', 'Detail.viewDidAppear']"
        ),
        (
            #"{"push": "Detail", "expect": {"events": ["Detail.viewWillAppear", "Home.viewWillDisappear", "Home.viewDidDisappear", "Detail.viewDidAppear"]}}"#,
            "shop.json: steps[0].expect.events (step 1): expected ['Detail.viewWillAppear', 'Home.viewWillDisappear', 'Home.viewDidDisappear', 'Detail.viewDidAppear'], got ['Home.viewWillDisappear', 'Detail.viewWillAppear', 'Home.viewDidDisappear', 'Detail.viewDidAppear']"
        ),
        (
            #"{"push": "Detail", "expect": {"path": ["nav", "Home"]}}"#,
            "shop.json: steps[0].expect.path (step 1): expected ['nav', 'Home'], got ['nav', 'Detail']"
        ),
        (
            #"{"push": "Detail", "expect": {"onScreen": ["Home", "Detail"]}}"#,
            "shop.json: steps[0].expect.onScreen (step 1): expected ['Home', 'Detail'], got ['Detail']"
        ),
    ])
    func failedExpectationsSayWhatWasExpectedAndWhatHappened(step: String, failure: String) throws {
        #expect(try run(withSteps(step)).failures == [failure])
    }

    @Test func everyFailedFieldOfAnExpectationIsReported() throws {
        let result = try run(
            withSteps(#"{"push": "Detail"}, {"push": "More", "expect": {"visible": "Detail", "status": "rejected", "path": ["nav"]}}"#))
        #expect(
            result.failures == [
                "shop.json: steps[1].expect.status (step 2): expected 'rejected', got 'ok'",
                "shop.json: steps[1].expect.visible (step 2): expected 'Detail', got 'More'",
                "shop.json: steps[1].expect.path (step 2): expected ['nav'], got ['nav', 'More']",
            ])
        #expect(result.steps.map(\.failures.count) == [0, 0, 3])
    }

    @Test func expectationsThatHoldLeaveNoFailures() throws {
        let result = try run(
            withSteps(
                #"""
                {"push": "Detail", "expect": {"visible": "Detail", "status": "ok", "path": ["nav", "Detail"], "onScreen": ["Detail"],
                  "events": ["Home.viewWillDisappear", {"controller": "Detail", "callback": "viewWillAppear"}, "Home.viewDidDisappear", "Detail.viewDidAppear"]}},
                {"push": {"ref": "Home"}, "expect": {"status": "rejected", "error": "already in the stack"}},
                {"pop": true, "expect": {"visible": "Home"}}
                """#))
        #expect(result.failures == [])
    }

    @Test func aScreenNameNamesAControllerWhoseIDDiffers() throws {
        let result = try run(
            withSteps(
                #"{"push": {"screen": "Detail", "id": "detail"}, "expect": {"visible": "Detail", "path": ["nav", "Detail"], "onScreen": ["Detail"]}}"#
            ))
        #expect(result.failures == [])
    }

    @Test func aScreenNameDoesNotNameAFreshInstanceWhileTheOldOneIsRetained() throws {
        let result = try run(
            withSteps(
                #"{"push": "Detail"}, {"pop": true}, {"push": "Detail", "expect": {"visible": "Detail"}}, {"pop": true}, {"push": "Detail", "expect": {"visible": "Detail#3"}}"#
            ))
        #expect(result.steps[3].finder.visible == NodeID("Detail#2"))
        #expect(
            result.failures == [
                "shop.json: steps[2].expect.visible (step 3): expected 'Detail', got 'Detail#2' (a new instance of the screen 'Detail': 'Detail' names the earlier one, which left the window; write 'Detail#2' for the new one)"
            ])
    }

    /// `"visible": null` expects an empty window (it was refused as "expected a string, found null", a trial); the
    /// encoder writes it back.
    @Test func nothingVisibleIsAnExpectation() throws {
        let text =
            #"{"navviz": 1, "name": "w", "root": {"navigation": ["Home"]}, "steps": [{"snapshot": null, "expect": {"visible": null}}, {"setRoot": "A", "expect": {"visible": null}}]}"#
        let scenario = try ScenarioDecoder.decode(text, file: "w.json")
        #expect(scenario.steps[0].expect?.nothingVisible == true)
        let result = ScenarioRunner.run(scenario)
        #expect(result.failures == ["w.json: steps[1].expect.visible (step 2): expected nothing visible (an empty window), got 'A'"])
        #expect(JSONWriter.compact(ScenarioEncoder.encode(scenario)).contains(#""expect":{"visible":null}"#))
    }

    /// A second instance pushed over the first: the screen's name is the first's id, and the failure says so (the
    /// daemon's failure said only "got 'Product#2'", a trial).
    @Test func aScreenNameNamesTheFirstInstanceWhileItIsInTheWindow() throws {
        let result = try run(withSteps(#"{"push": "Detail"}, {"push": "Detail", "expect": {"visible": "Detail"}}"#))
        #expect(
            result.failures == [
                "shop.json: steps[1].expect.visible (step 2): expected 'Detail', got 'Detail#2' (another instance of the screen 'Detail': "
                    + "'Detail' names the first, still in the window; write 'Detail#2' for this one)"
            ])
    }

    /// A snapshot step deeper than the simulator's limit is rejected as a step that would nest so is (a daemon's
    /// snapshots come this way): the state stays as it was.
    @Test func aSnapshotDeeperThanTheLimitIsRejected() throws {
        /// `P1` presenting `P2` presenting … `P<depth>`, each a page sheet.
        func chain(_ depth: Int, from level: Int = 1) -> String {
            let style = level > 1 ? #", "style": "pageSheet""# : ""
            let presented = level < depth ? #", "presented": \#(chain(depth, from: level + 1))"# : ""
            return #"{"id": "P\#(level)", "kind": "controller", "children": []\#(style)\#(presented)}"#
        }
        let deep = try run(withSteps(#"{"snapshot": \#(chain(Hierarchy.maxDepth + 1))}"#))
        #expect(deep.steps[1].status == .rejected)
        #expect(deep.steps[1].outcome.message?.hasPrefix("The hierarchy would nest more than 100 levels") == true)
        #expect(deep.steps[1].finder.visible == "Home")
        let limit = try run(withSteps(#"{"snapshot": \#(chain(Hierarchy.maxDepth))}"#))
        #expect(limit.steps[1].status == .ok)
    }

    @Test func sampleExpectationsHoldAndItsNonOKStepsAreListed() throws {
        let url = PackagePaths.root.appendingPathComponent("Samples/uikit-containers.json")
        let result = try run(PackagePaths.text(url), file: "Samples/uikit-containers.json")
        #expect(result.failures == [])
        #expect(result.steps.count == 23)
        #expect(result.nonOKSteps.map(\.index) == [3, 7, 9, 12, 16, 21])
        #expect(result.nonOKSteps.map(\.status) == [.rejected, .rejected, .noop, .noop, .rejected, .rejected])
        #expect(result.nonOKSteps.first?.path == "steps[2]")
    }

    @Test(arguments: [
        (ViewFinderStrategy.navviz, "General"),
        (.ariadne, "split"),
        (.splitMain, "navigation"),
        (.splitDetail, "General"),
    ])
    func finderOverrideDecidesTheVisibleController(finder: ViewFinderStrategy, visible: String) throws {
        let text =
            #"{"navviz": 1, "device": "pad", "root": {"split": {"primary": {"navigation": ["Settings"]}, "secondary": "General"}, "id": "split"}}"#
        #expect(try run(text, finder: finder).steps[0].finder.visible == NodeID(visible))
    }

    @Test func scenarioFinderIsTheDefault() throws {
        let text =
            #"{"navviz": 1, "device": "pad", "finder": "ariadne", "root": {"split": {"primary": "Settings", "secondary": "General"}, "id": "split"}}"#
        #expect(try run(text).steps[0].finder.visible == NodeID("split"))
        #expect(try run(text, finder: .navviz).steps[0].finder.visible == NodeID("General"))
    }
}

extension RunnerTests {
    /// A three-column split is column-style in UIKit, which wraps each column in a navigation controller; navviz runs a
    /// plain column as written, and says so on the step that built it (a fidelity trial: `show` from such a column
    /// replaced the sidebar, silently).
    @Test func aThreeColumnSplitWithPlainColumnsIsWarnedOf() throws {
        let plain = #"{"split": {"primary": {"navigation": ["Sidebar"]}, "supplementary": "List", "secondary": "Detail"}, "id": "split"}"#
        let expected =
            "'split' has a supplementary column, so UIKit makes it column-style and wraps each column in a navigation "
            + "controller of its own; navviz does not (docs/semantics.md#S1): write its supplementary 'List', secondary 'Detail' "
            + #"as {"navigation": [...]} for UIKit's pushes and show"#
        let atRoot = try run(#"{"navviz": 1, "device": "pad", "root": \#(plain)}"#)
        #expect(atRoot.steps[0].outcome.warnings == [expected])
        let presented = try run(#"{"navviz": 1, "device": "pad", "root": "Home", "steps": [{"present": \#(plain)}]}"#)
        #expect(presented.steps[0].outcome.warnings == [])
        #expect(presented.steps[1].outcome.warnings == [expected])
        let wrapped = try run(
            #"{"navviz": 1, "device": "pad", "root": {"split": {"primary": {"navigation": ["A"]}, "supplementary": {"navigation": ["B"]}, "secondary": {"navigation": ["C"]}}}}"#
        )
        #expect(wrapped.steps[0].outcome.warnings == [])
        // A generator is said when a step builds it, not before.
        let generated = try run(
            #"{"navviz": 1, "device": "pad", "root": {"activities": {"home": "Home"}, "generators": {"notes": \#(plain)}, "active": "home"}, "#
                + #""steps": [{"activate": "notes"}]}"#)
        #expect(generated.steps[0].outcome.warnings == [])
        #expect(generated.steps[1].outcome.warnings == [expected])
    }
}
