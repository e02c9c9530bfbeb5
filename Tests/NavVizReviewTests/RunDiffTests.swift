import NavVizCore
import NavVizFormat
import NavVizScenario
import Testing

@testable import NavVizReview

/// The step alignment of `navviz diff` and the wording of its summary lines.
@Suite struct RunDiffTests {
    /// A scenario with a tab controller of two navigation controllers, and these steps (JSON).
    static func scenario(_ steps: [String], name: String = "shop.json") -> String {
        #"{"navviz": 1, "name": "Shop", "root": {"tabs": [{"navigation": ["Home"], "id": "shopNav"}, {"navigation": ["Cart"], "id": "cartNav"}], "id": "shopTabs"}, "steps": ["#
            + steps.joined(separator: ", ") + "]}"
    }

    static func run(_ steps: [String], file: String = "shop.json") throws -> DiffRun {
        try DiffRun.load(text: scenario(steps), file: file)
    }

    static func summaries(old: [String], new: [String]) throws -> [String] {
        RunDiff(old: try run(old, file: "old.json"), new: try run(new, file: "new.json")).entries.map(\.summary)
    }

    /// A screen pushed twice: the second push is the inserted one (the first pairs with the old push, the same state),
    /// whichever spelling each push has (a code-review trial's short `{"push": "Comments"}` beside the file's long ones
    /// read as another step: the first push was said inserted, the second `+ Comments#2 only in new`).
    @Test func aScreenPushedAgainIsTheInsertedStepWhateverItsSpelling() throws {
        let long = #"{"op": "push", "node": "Comments"}"#
        let summaries = try Self.summaries(
            old: [#"{"push": "Product"}"#, long, #"{"op": "pop"}"#, #"{"select": 1}"#],
            new: [#"{"push": "Product"}"#, #"{"push": "Comments"}"#, long, #"{"pop": true}"#, #"{"op": "select", "tab": 1}"#])
        #expect(
            summaries == [
                "step 3 inserted (push): + Comments#2 pushed onto shopNav; visible Comments → Comments#2",
                "step 4 (old 3): + Comments only in new, top of shopNav; visible Product → Comments",
            ])
        #expect(
            DiffRun.canonicalArguments(try JSONParser.parse(#"{"push": "A", "note": "n"}"#))
                == DiffRun.canonicalArguments(try JSONParser.parse(#"{"node": "A", "op": "push"}"#)))
        #expect(
            DiffRun.canonicalArguments(try JSONParser.parse(#"{"pop": {}, "animated": false}"#))
                == DiffRun.canonicalArguments(try JSONParser.parse(#"{"op": "pop", "animated": false}"#)))
    }

    /// A screen renamed at one step that comes back on screen later is not named again there: `visible Product → Specs`
    /// says the rename (a trial read it at a later step with nothing else, drawn with nothing marked).
    @Test func aRenamedScreenBackOnScreenIsCarried() throws {
        let steps = { (name: String) in [#"{"push": "\#(name)"}"#, #"{"select": 1}"#, #"{"select": 0}"#] }
        let diff = RunDiff(old: try Self.run(steps("Product"), file: "old.json"), new: try Self.run(steps("Specs"), file: "new.json"))
        #expect(diff.entries.map(\.summary) == ["step 1: ~ Product replaced by Specs in shopNav; visible Product → Specs"])
        #expect(diff.carried == 2)
    }

    static let pushProduct = #"{"push": "Product"}"#
    static let pushReviews = #"{"push": "Reviews"}"#
    static let pushSpecs = #"{"push": "Specs"}"#
    static let pop = #"{"pop": true}"#
    static let selectCart = #"{"select": 1}"#
    static let popToRoot = #"{"popToRoot": true}"#

    // MARK: - Alignment

    static func keys(_ ops: String) -> [StepAlignment.Key] {
        ops.split(separator: " ").map { word in
            let parts = word.split(separator: ":")
            return StepAlignment.Key(op: String(parts[0]), detail: parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// Captures renamed throughout have no equal steps: an inserted capture still pairs the others by what each did and
    /// where it left the visible controller (a trial: the inserted sheet was paired with the old tab switch, the tab
    /// switch called inserted).
    @Test func stepsThatAllDifferPairByTheirEffectAndPlace() {
        func key(_ detail: String, effect: String? = nil, shape: String, place: String) -> StepAlignment.Key {
            StepAlignment.Key(op: "snapshot", detail: detail, effect: effect, shape: shape, place: place)
        }
        let old = [key("a", shape: "+1", place: "tabs>nav"), key("b", shape: "*2=", place: "tabs>nav#3")]
        let new = [
            key("a2", shape: "+1", place: "tabs>nav"), key("u", shape: "+2=", place: "tabs>nav>sheet"),
            key("b2", shape: "*2-2=", place: "tabs>nav#3"),
        ]
        #expect(StepAlignment.align(old: old, new: new) == [.both(old: 0, new: 0), .inserted(new: 1), .both(old: 1, new: 2)])
        // Without effects, shapes and places, the earliest pairing (the old behaviour).
        let bare = { (keys: [StepAlignment.Key]) in keys.map { StepAlignment.Key(op: $0.op, detail: $0.detail) } }
        #expect(StepAlignment.align(old: bare(old), new: bare(new)) == [.both(old: 0, new: 0), .both(old: 1, new: 1), .inserted(new: 2)])
    }

    @Test(arguments: [
        (
            "push:a pop select", "push:a pop select",
            [StepAlignment.Pair.both(old: 0, new: 0), .both(old: 1, new: 1), .both(old: 2, new: 2)]
        ),
        ("push:a pop", "push:a push:x pop", [.both(old: 0, new: 0), .inserted(new: 1), .both(old: 1, new: 2)]),
        ("push:a push:x pop", "push:a pop", [.both(old: 0, new: 0), .removed(old: 1), .both(old: 2, new: 1)]),
        ("push:a pop", "push:b pop", [.both(old: 0, new: 0), .both(old: 1, new: 1)]),
        ("push:a pop select", "push:a present select", [.both(old: 0, new: 0), .both(old: 1, new: 1), .both(old: 2, new: 2)]),
        ("pop", "push:x pop", [.inserted(new: 0), .both(old: 0, new: 1)]),
        ("pop", "pop push:x", [.both(old: 0, new: 0), .inserted(new: 1)]),
        ("push:a", "push:a push:a", [.both(old: 0, new: 0), .inserted(new: 1)]),
        ("", "pop", [.inserted(new: 0)]),
        ("pop", "", [.removed(old: 0)]),
        // Not "present became push, dismiss became present": an insertion, a change and a removal.
        (
            "push:a present:f dismiss select:1", "push:a push:r present:g select:2",
            [
                .both(old: 0, new: 0), .inserted(new: 1), .both(old: 1, new: 2), .removed(old: 2), .both(old: 3, new: 3),
            ]
        ),
        (
            "push:a push:b push:c", "push:a dismiss push:b dismiss push:c",
            [
                .both(old: 0, new: 0), .inserted(new: 1), .both(old: 1, new: 2), .inserted(new: 3), .both(old: 2, new: 4),
            ]
        ),
    ])
    func alignmentPairsStepsAsATextDiffPairsLines(old: String, new: String, expected: [StepAlignment.Pair]) {
        #expect(StepAlignment.align(old: Self.keys(old), new: Self.keys(new)) == expected)
    }

    /// Of two alignments that cost the same, the one pairing pushes of the same class wins: a screen renamed (its class
    /// kept) with another pushed and popped before it read as "Reviews replaced by Gallery" and the renamed screen
    /// inserted (a code-review trial). The tie-break never outweighs a cheaper alignment.
    @Test func aTieIsBrokenByTheClassesAStepAdded() throws {
        func key(_ detail: String, added: String? = nil) -> StepAlignment.Key {
            StepAlignment.Key(op: detail.hasPrefix("push") ? "push" : "pop", detail: detail, added: added)
        }
        let old = [key("push Reviews", added: "ReviewsViewController"), key("pop")]
        let new = [
            key("push Gallery", added: "GalleryViewController"), key("pop"), key("push ProductReviews", added: "ReviewsViewController"),
            key("pop"),
        ]
        #expect(
            StepAlignment.align(old: old, new: new) == [.inserted(new: 0), .inserted(new: 1), .both(old: 0, new: 2), .both(old: 1, new: 3)])
        // Without classes, the earliest pairing.
        let bare = { (keys: [StepAlignment.Key]) in keys.map { StepAlignment.Key(op: $0.op, detail: $0.detail) } }
        #expect(
            StepAlignment.align(old: bare(old), new: bare(new)) == [
                .both(old: 0, new: 0), .both(old: 1, new: 1), .inserted(new: 2), .inserted(new: 3),
            ])
        // A cheaper alignment stays cheaper: the same class does not buy a pairing that costs one unit more (an alike
        // effect, 2, and an insertion against an insertion and a same-class change of operation, 3).
        let alike = [StepAlignment.Key(op: "push", detail: "push A", shape: "+1", added: "C")]
        let later = [
            StepAlignment.Key(op: "push", detail: "push B", shape: "+1", added: "D"),
            StepAlignment.Key(op: "push", detail: "push E", added: "C"),
        ]
        #expect(StepAlignment.align(old: alike, new: later) == [.both(old: 0, new: 0), .inserted(new: 1)])

        let screens =
            #""screens": {"Reviews": {"class": "ReviewsViewController"}, "ProductReviews": {"class": "ReviewsViewController"}, "Gallery": {"class": "GalleryViewController"}}"#
        func load(_ steps: [String], _ file: String) throws -> DiffRun {
            try DiffRun.load(text: Self.scenario(steps).replacingOccurrences(of: #""root":"#, with: screens + #", "root":"#), file: file)
        }
        let diff = RunDiff(
            old: try load([Self.pushProduct, Self.pushReviews, Self.pop], "old.json"),
            new: try load([Self.pushProduct, #"{"push": "Gallery"}"#, Self.pop, #"{"push": "ProductReviews"}"#, Self.pop], "new.json"))
        #expect(
            diff.entries.map(\.summary) == [
                "step 2 inserted (push): + Gallery pushed onto shopNav; visible Product → Gallery",
                "step 3 inserted (pop): - Gallery popped from shopNav; visible Gallery → Product",
                "step 4 (old 2): ~ Reviews replaced by ProductReviews in shopNav; visible Reviews → ProductReviews",
            ])
    }

    /// Of two alignments that cost the same, the one pairing steps that leave the same state wins: old `push, push, pop`
    /// against new `push, push, push, pop, pop` paired the old pop with the first new one and read `+ Reviews only in new`
    /// of a flow that only gained a push and a pop (a code-review trial). Without states, the earliest pairing.
    @Test func aTieIsBrokenByTheStateAStepLeaves() throws {
        func key(_ detail: String, state: Int?) -> StepAlignment.Key {
            StepAlignment.Key(op: detail.hasPrefix("push") ? "push" : "pop", detail: detail, state: state)
        }
        let old = [key("push A", state: 1), key("push B", state: 2), key("pop", state: 1)]
        let new = [key("push A", state: 1), key("push B", state: 2), key("push C", state: 3), key("pop", state: 2), key("pop", state: 1)]
        #expect(
            StepAlignment.align(old: old, new: new) == [
                .both(old: 0, new: 0), .both(old: 1, new: 1), .inserted(new: 2), .inserted(new: 3), .both(old: 2, new: 4),
            ])
        let bare = { (keys: [StepAlignment.Key]) in keys.map { StepAlignment.Key(op: $0.op, detail: $0.detail) } }
        #expect(
            StepAlignment.align(old: bare(old), new: bare(new)) == [
                .both(old: 0, new: 0), .both(old: 1, new: 1), .inserted(new: 2), .both(old: 2, new: 3), .inserted(new: 4),
            ])
        // Never at the price of a cheaper alignment: the same state does not buy a change of operation over an equal step.
        let pushed = [key("push A", state: 1)]
        let other = [key("pop", state: 1), key("push A", state: 2)]
        #expect(StepAlignment.align(old: pushed, new: other) == [.inserted(new: 0), .both(old: 0, new: 1)])

        let diff = RunDiff(
            old: try Self.run([Self.pushProduct, Self.pushReviews, Self.pop], file: "old.json"),
            new: try Self.run([Self.pushProduct, Self.pushReviews, Self.pushSpecs, Self.pop, Self.pop], file: "new.json"))
        #expect(
            diff.entries.map(\.summary) == [
                "step 3 inserted (push): + Specs pushed onto shopNav; visible Reviews → Specs",
                "step 4 inserted (pop): - Specs popped from shopNav; visible Specs → Reviews",
            ])
    }

    /// Two runs with no controller in common (no id, no class) are said to be unrelated: a code-review trial diffed
    /// another app's flow and read a page of removed steps with no word why. One shared class is enough to say nothing.
    @Test func runsWithNoControllerInCommonAreSaidToBeUnrelated() throws {
        let old = try Self.run([Self.pushProduct], file: "old.json")
        func other(_ screens: String) throws -> DiffRun {
            try DiffRun.load(
                text:
                    #"{"navviz": 1, "name": "Mail", \#(screens)"root": {"navigation": ["Inbox"], "id": "mailNav"}, "steps": [{"push": "Message"}]}"#,
                file: "mail.json")
        }
        #expect(
            RunDiff(old: old, new: try other("")).notes == [
                "old.json and mail.json have no controller in common (no id, no class), so every step below differs for that "
                    + "alone: the window's root was replaced (a sign-in screen, then the app), or these are two different apps"
            ])
        #expect(RunDiff(old: old, new: try Self.run([Self.pushReviews], file: "new.json")).notes.isEmpty)
        // Containers named nothing get ids any app has (`navigation`): not counted as a controller in common (a review).
        func unnamed(_ screen: String, _ file: String) throws -> DiffRun {
            try DiffRun.load(text: #"{"navviz": 1, "name": "A", "root": {"navigation": ["\#(screen)"]}, "steps": []}"#, file: file)
        }
        #expect(RunDiff(old: try unnamed("Home", "a.json"), new: try unnamed("Inbox", "b.json")).notes.count == 1)
        #expect(RunDiff(old: try unnamed("Home", "a.json"), new: try unnamed("Home", "b.json")).notes.isEmpty)
        let sharedClass = try DiffRun.load(
            text: Self.scenario([Self.pushProduct]).replacingOccurrences(
                of: #""root":"#, with: #""screens": {"Product": {"class": "DetailViewController"}}, "root":"#), file: "a.json")
        let sameClass = try other(#""screens": {"Message": {"class": "DetailViewController"}}, "#)
        #expect(RunDiff(old: sharedClass, new: sameClass).notes.isEmpty)
    }

    @Test func anInsertedScenarioStepIsOneInsertionNotEveryLaterStepChanged() throws {
        let old = try Self.run([Self.pushProduct, Self.popToRoot, Self.selectCart], file: "old.json")
        let new = try Self.run([Self.pushProduct, Self.pushReviews, Self.popToRoot, Self.selectCart], file: "new.json")
        let diff = RunDiff(old: old, new: new)
        #expect(
            diff.alignment == [
                .both(old: 0, new: 0), .both(old: 1, new: 1), .inserted(new: 2), .both(old: 2, new: 3), .both(old: 3, new: 4),
            ])
        #expect(diff.entries.map(\.summary) == ["step 2 inserted (push): + Reviews pushed onto shopNav; visible Product → Reviews"])
        // The pop to the root popped one more, to the same state: counted as what came before.
        #expect(diff.counts == "1 inserted (1 later step differs only by what came before)")
    }

    /// The inserted push is still in the stack after the next pop, so the later states differ. The pop is
    /// reported (it shows Product, not Home); the tab switch after it did what its counterpart did, from
    /// states that already differed, so it is counted, not repeated (a new user's trial found one inserted
    /// push repeated at every later step).
    @Test func stepsAfterAnInsertionAreReportedOnlyWhenTheyDidSomethingElse() throws {
        let diff = RunDiff(
            old: try Self.run([Self.pushProduct, Self.pop, Self.selectCart]),
            new: try Self.run([Self.pushProduct, Self.pushReviews, Self.pop, Self.selectCart]))
        #expect(
            diff.entries.map(\.summary) == [
                "step 2 inserted (push): + Reviews pushed onto shopNav; visible Product → Reviews",
                "step 3 (old 2): + Product only in new, top of shopNav; visible Home → Product",
            ])
        #expect(diff.carried == 1)
        #expect(diff.counts == "1 changed, 1 inserted (1 later step differs only by what came before)")
    }

    /// A later step that did something else is reported even when its operation and effect on ids match:
    /// the sheet's style differs, in the scenario's arguments and, read back from run JSON, in its phrases.
    @Test(arguments: [false, true])
    func aLaterStepThatDidSomethingElseIsReported(fromRunJSON: Bool) throws {
        func load(_ steps: [String]) throws -> DiffRun {
            guard fromRunJSON else { return try Self.run(steps) }
            let scenario = try ScenarioDecoder.decode(Self.scenario(steps), file: "shop.json")
            return try DiffRun.load(text: RunEncoder.text(ScenarioRunner.run(scenario)), file: "run.json")
        }
        let present = #"{"present": "SignIn", "style": "formSheet"}"#
        let diff = RunDiff(
            old: try load([Self.pushProduct, present]),
            new: try load([Self.pushProduct, Self.pushReviews, present.replacingOccurrences(of: "formSheet", with: "fullScreen")]))
        #expect(diff.carried == 0)
        #expect(diff.entries.map(\.kind) == [.inserted, .changed])
        #expect(diff.entries.last?.summary.contains("fullScreen") == true)
    }

    /// Two screens retitled, pushed one after the other: the second push did what its counterpart did, from
    /// states that already differed, but it pushed a screen whose title changed too, a difference the earlier
    /// line did not name (a CI trial: the second change was counted as carried, in no line).
    @Test func aStepThatBringsANewDifferenceIsReportedEvenWhenItDidTheSame() throws {
        func flow(_ address: String, _ payment: String) -> String {
            #"{"navviz": 1, "screens": {"A": {"title": "\#(address)"}, "P": {"title": "\#(payment)"}}, "#
                + #""root": {"navigation": ["Home"], "id": "nav"}, "steps": [{"push": "A"}, {"push": "P"}, {"pop": true}]}"#
        }
        let diff = RunDiff(
            old: try DiffRun.load(text: flow("Address", "Payment"), file: "old.json"),
            new: try DiffRun.load(text: flow("Shipping", "Pay now"), file: "new.json"))
        #expect(
            diff.entries.map(\.summary) == [
                "step 1: A title 'Address' → 'Shipping'",
                "step 2: P title 'Payment' → 'Pay now'; and 1 difference shown at an earlier step",
            ])
        // The pop leaves the first difference only, named already: carried.
        #expect(diff.carried == 1)
    }

    /// The same captures imported (the first the root) and posted to a daemon (an empty window, then each a snapshot
    /// step) are the same flow, said in a note; either way round, and a capture that differs is named by each file's
    /// own step numbers (a trial found every step told apart).
    @Test(arguments: [false, true])
    func capturesImportedAndPostedToTheDaemonAreOneFlow(daemonFirst: Bool) throws {
        let home = #"{"kind": "navigation", "id": "nav", "children": [{"kind": "controller", "id": "Home"}]}"#
        let product =
            #"{"kind": "navigation", "id": "nav", "children": [{"kind": "controller", "id": "Home"}, {"kind": "controller", "id": "Product"}]}"#
        let cart =
            #"{"kind": "navigation", "id": "nav", "children": [{"kind": "controller", "id": "Home"}, {"kind": "controller", "id": "Cart"}]}"#
        func imported(_ second: String) -> String {
            #"{"navviz": 1, "name": "flow", "root": \#(home), "steps": [{"op": "snapshot", "hierarchy": \#(second)}]}"#
        }
        let daemon =
            #"{"navviz": 1, "name": "app", "root": null, "steps": [{"op": "snapshot", "hierarchy": \#(home)}, "#
            + #"{"op": "snapshot", "hierarchy": \#(product)}]}"#
        func diff(_ importedText: String) throws -> RunDiff {
            let (a, b) = (try DiffRun.load(text: importedText, file: "imported.json"), try DiffRun.load(text: daemon, file: "app.json"))
            return daemonFirst ? RunDiff(old: b, new: a) : RunDiff(old: a, new: b)
        }
        let same = try diff(imported(product))
        #expect(same.isIdentical)
        #expect(
            same.notes == [
                "app.json starts from an empty window and takes its first state from a snapshot (as a daemon session's scenario "
                    + "does): its step 1 is compared with imported.json's initial state"
            ])
        // The empty window left out is not counted, in either order.
        #expect(same.comparedSteps(new: true) == 1 && same.comparedSteps(new: false) == 1)
        let other = try diff(imported(cart))
        #expect(other.entries.map(\.summary).map { $0.prefix(while: { $0 != ":" }) } == [daemonFirst ? "step 1 (old 2)" : "step 2 (old 1)"])
    }

    /// Two imported flows whose home screen's class was renamed: the rename is said once, and the later captures, whose
    /// states differ only by it, are counted (every line restated it, a trial; hand-written flows counted it).
    @Test func aRenameInImportedFlowsIsSaidOnce() throws {
        func flow(_ home: String, releasingLast released: Bool = false) throws -> DiffRun {
            let tabs = """
                <UITabBarController 0x10>, state: appeared, view: <UILayoutContainerView 0x11>
                   | <UINavigationController 0x20>, state: appeared, view: <UILayoutContainerView 0x21>

                """
            let settings = """
                   | <UINavigationController 0x40>, state: disappeared, view: (view not loaded)
                   |    | <App.SettingsViewController 0x50>, state: disappeared, view: (view not loaded)

                """
            let first = tabs + "   |    | <App.\(home) 0x30>, state: appeared, view: <UIView 0x31>\n" + settings
            let pushed =
                tabs + "   |    | <App.\(home) 0x30>, state: disappeared, view: <UIView 0x31> not in the window\n"
                + "   |    | <App.DetailViewController 0x60>, state: appeared, view: <UIView 0x61>\n" + settings
            var shared =
                pushed
                + "   + <App.ShareViewController 0x70>, state: appeared, view: <UIView 0x71>, presented with: <_UIPageSheetPresentationController 0x72>\n"
            if released {
                shared = shared.replacingOccurrences(of: "view: <UIView 0x31> not in the window", with: "view: (view not loaded)")
            }
            var captures: [(file: String, capture: CapturedHierarchy)] = []
            var identities = CaptureIdentities()
            for (index, text) in [first, pushed, shared].enumerated() {
                let capture = try Capture.read(text, file: "\(index).txt", continuing: identities)
                identities = capture.identities
                captures.append(("\(index).txt", capture))
            }
            return try DiffRun.load(text: JSONWriter.pretty(Capture.scenarioJSON(captures, name: "flow")), file: "\(home).json")
        }
        let diff = RunDiff(old: try flow("HomeViewController"), new: try flow("FeedViewController"))
        #expect(
            diff.entries.map(\.summary) == [
                "step 0: ~ HomeViewController replaced by FeedViewController in UINavigationController; visible HomeViewController → "
                    + "FeedViewController"
            ])
        #expect(diff.carried == 2)
        // A step that did something else as well (the renamed controller's view released in one run only) is listed,
        // not counted (a review: it was hidden).
        let released = RunDiff(old: try flow("HomeViewController"), new: try flow("FeedViewController", releasingLast: true))
        #expect(released.entries.map(\.index) == [0, 2])
        #expect(
            released.entries.last?.summary
                == "step 2: FeedViewController view loaded only in old; and 1 difference shown at an earlier step")
        #expect(released.carried == 1)
    }

    /// A controller presented by (or inside) a replaced one is not said to move: `~ Share moved from presented by Home to
    /// presented by Feed` followed `Home replaced by Feed` (a trial's imported flows).
    @Test func aControllerHangingFromAReplacedOneDoesNotMove() throws {
        func capture(_ home: String) throws -> DiffRun {
            let text = """
                <UITabBarController 0x10>, state: appeared, view: <UILayoutContainerView 0x11>
                   | <App.\(home) 0x30>, state: appeared, view: <UIView 0x31>
                   |    + <App.ShareViewController 0x70>, state: appeared, view: <UIView 0x71>, presented with: <_UIPageSheetPresentationController 0x72>
                   | <App.SettingsViewController 0x50>, state: disappeared, view: (view not loaded)

                """
            return try DiffRun.load(text: text, file: "\(home).txt")
        }
        let diff = RunDiff(old: try capture("HomeViewController"), new: try capture("FeedViewController"))
        #expect(diff.entries.map(\.summary) == ["step 0: ~ HomeViewController replaced by FeedViewController in UITabBarController"])
    }

    @Test func aRemovedStepIsOneRemovalAndDescribesWhatItDid() throws {
        let summaries = try Self.summaries(
            old: [Self.pushProduct, Self.pushReviews, Self.popToRoot, Self.selectCart],
            new: [Self.pushProduct, Self.popToRoot, Self.selectCart])
        #expect(summaries == ["old step 2 removed (push): + Reviews pushed onto shopNav; visible Product → Reviews"])
    }

    @Test func runJSONsAlignByWhatEachStepDidNotByTheStateItLeft() throws {
        // Read back from run JSON, steps have no arguments: the alignment keys on each step's own effect.
        func reread(_ steps: [String]) throws -> DiffRun {
            let scenario = try ScenarioDecoder.decode(Self.scenario(steps), file: "shop.json")
            return try DiffRun.load(text: RunEncoder.text(ScenarioRunner.run(scenario)), file: "run.json")
        }
        let old = try reread([Self.pushProduct, Self.pushReviews, Self.popToRoot])
        let new = try reread([Self.pushProduct, Self.pushSpecs, Self.pushReviews, Self.popToRoot])
        #expect(old.source == .run)
        #expect(old.steps.allSatisfy { $0.arguments == nil })
        let diff = RunDiff(old: old, new: new)
        #expect(
            diff.alignment == [
                .both(old: 0, new: 0), .both(old: 1, new: 1), .inserted(new: 2), .both(old: 2, new: 3), .both(old: 3, new: 4),
            ])
        #expect(
            diff.entries.map(\.summary) == ["step 2 inserted (push): + Specs pushed onto shopNav; visible Product → Specs"])
        // Step 3 pushed Reviews in both, onto stacks that already differed by Specs; the pop to the root led both home.
        #expect(diff.carried == 2)
    }

    @Test func identicalScenariosHaveNoEntries() throws {
        let steps = [Self.pushProduct, Self.pop, Self.selectCart]
        let diff = RunDiff(old: try Self.run(steps), new: try Self.run(steps))
        #expect(diff.isIdentical)
        #expect(diff.counts == "")
    }

    @Test func notesAndExpectationsAreNotNavigationChanges() throws {
        let old = try Self.run([#"{"push": "Product", "note": "Tap", "expect": {"visible": "Product"}}"#])
        let new = try Self.run([#"{"push": "Product", "note": "Tap a product"}"#])
        #expect(old.steps[1].arguments == new.steps[1].arguments)
        #expect(RunDiff(old: old, new: new).isIdentical)
    }

    /// A notification sequence's current notification counts from 1, as its diagrams do (`current 1 → 2`: a code-review
    /// trial read `current notification 0 → 1` beside it).
    @Test func aSequencesCurrentNotificationCountsFromOne() throws {
        let sequence = #"{"present": {"notifications": ["Welcome", "Privacy"], "id": "notes"}, "style": "custom"}"#
        let summaries = try Self.summaries(
            old: [sequence, #"{"flick": true, "velocity": 300}"#], new: [sequence, #"{"flick": true, "velocity": 1500}"#])
        #expect(summaries.first?.hasPrefix("step 2: ") == true)
        #expect(summaries.first?.contains("notes current notification 1 → 2") == true, "\(summaries)")
    }

    /// A sheet made full screen sends the controllers under it disappear callbacks: the diff says so, beside the
    /// style (a code-review trial saw only the style, though six callbacks changed); the dismissal after it, from states
    /// that hold the same controllers in the same places, says what it now tells them (their appear callbacks: a
    /// readability trial found it counted as differing only by what came before), and not the style again.
    @Test func aStepsChangedCallbacksAreNamed() throws {
        let summaries = try Self.summaries(
            old: [#"{"present": "SignIn", "style": "formSheet"}"#, #"{"dismiss": true}"#],
            new: [#"{"present": "SignIn", "style": "fullScreen"}"#, #"{"dismiss": true}"#])
        #expect(
            summaries == [
                "step 1: SignIn style formSheet → fullScreen; callbacks +shopTabs.viewWillDisappear, +shopNav.viewWillDisappear, +Home.viewWillDisappear, +shopTabs.viewDidDisappear, +shopNav.viewDidDisappear, +Home.viewDidDisappear",
                "step 2: callbacks +shopTabs.viewWillAppear, +shopNav.viewWillAppear, +Home.viewWillAppear, +shopTabs.viewDidAppear, +shopNav.viewDidAppear, +Home.viewDidAppear",
            ])
        // Tabs reordered earlier: the same controllers in the same places, so the callbacks are compared still (a code-review
        // trial's were filed under "differ only by what came before").
        let reordered = try Self.summaries(
            old: [
                #"{"setTabs": [{"ref": "shopNav"}, {"ref": "cartNav"}]}"#, #"{"present": "SignIn", "style": "formSheet"}"#,
                #"{"dismiss": true}"#,
            ],
            new: [
                #"{"setTabs": [{"ref": "cartNav"}, {"ref": "shopNav"}]}"#, #"{"present": "SignIn", "style": "fullScreen"}"#,
                #"{"dismiss": true}"#,
            ])
        #expect(
            reordered == [
                "step 1: shopTabs reordered cartNav (with Cart) tab 1 → 0",
                "step 2: SignIn style formSheet → fullScreen; callbacks +shopTabs.viewWillDisappear, +shopNav.viewWillDisappear, +Home.viewWillDisappear, +shopTabs.viewDidDisappear, +shopNav.viewDidDisappear, +Home.viewDidDisappear; and 1 difference shown at an earlier step",
                "step 3: callbacks +shopTabs.viewWillAppear, +shopNav.viewWillAppear, +Home.viewWillAppear, +shopTabs.viewDidAppear, +shopNav.viewDidAppear, +Home.viewDidAppear; and 1 difference shown at an earlier step",
            ])
        // A stack reordered earlier changes what a later pop tells: its callbacks follow from that, not said again (a review).
        let stack = try Self.summaries(
            old: [#"{"setStack": ["Home", "A", "B"], "target": "shopNav"}"#, #"{"pop": true}"#],
            new: [#"{"setStack": ["Home", "B", "A"], "target": "shopNav"}"#, #"{"pop": true}"#])
        #expect(stack.count == 2)
        #expect(!stack[1].contains("callbacks"), "\(stack)")
        // More than a dozen: eleven, and how many more.
        let many = (1...13).map { "C\($0).viewWillAppear" }
        #expect(
            RunDiff.callbackChanges(old: [], new: many)
                == "callbacks " + many.prefix(11).map { "+" + $0 }.joined(separator: ", ") + ", … 2 more")
        #expect(
            RunDiff.callbackChanges(old: ["A.viewWillAppear", "B.viewWillAppear"], new: ["B.viewWillAppear", "A.viewWillAppear"])
                == "callbacks in another order")
        #expect(RunDiff.callbackChanges(old: ["A.viewWillAppear"], new: ["A.viewWillAppear"]) == nil)
        // The same callbacks, made without animation now (or with it): one phrase (a code-review trial read each twice).
        let animated = ["A.viewWillDisappear", "B.viewWillAppear"]
        let unanimated = animated.map { $0 + " (not animated)" }
        #expect(RunDiff.callbackChanges(old: animated, new: unanimated) == "callbacks not animated now")
        #expect(RunDiff.callbackChanges(old: unanimated, new: animated) == "callbacks animated now")
        #expect(
            RunDiff.callbackChanges(old: animated, new: [unanimated[0], animated[1]])
                == "callbacks +A.viewWillDisappear (not animated), −A.viewWillDisappear")
    }

    /// The same screen under another number is said so, and how it differs besides: its style, its title (a docs trial: a
    /// sheet made a page sheet was said as the renumbering alone).
    @Test func aRenumberedScreenStillSaysItsOtherChanges() throws {
        let summaries = try Self.summaries(
            old: [#"{"present": "S", "style": "formSheet"}"#],
            new: [#"{"push": "S"}"#, #"{"pop": true}"#, #"{"present": {"screen": "S", "title": "T"}, "style": "pageSheet"}"#])
        #expect(
            summaries.last?.hasSuffix("(the same screen); S#2 title none → 'T'; S#2 style formSheet → pageSheet") == true, "\(summaries)")
    }

    /// A step animated another way is a change, its animation named, once (a code-review trial: "no navigation changes",
    /// where check failed on the transition's caption); made without animation it is said as its callbacks, not twice.
    @Test func aStepsChangedAnimationIsNamed() throws {
        #expect(
            try Self.summaries(
                old: [#"{"push": "Detail"}"#, #"{"pop": true}"#],
                new: [#"{"push": "Detail", "animation": {"kind": "crossDissolve", "duration": 0.3}}"#, #"{"pop": true}"#])
                == ["step 1: animation push · 0.35 s → crossDissolve · 0.3 s"])
        #expect(
            try Self.summaries(old: [#"{"push": "Detail"}"#], new: [#"{"push": "Detail", "animated": false}"#])
                == ["step 1: callbacks not animated now"])
    }

    /// A step that lands in the same state from another state before is not repeated: a root now on another tab made a
    /// later snapshot switch tabs, with callbacks where none were, and no line said so (a trial); its line says what it
    /// now tells the controllers, not the selection again.
    @Test func aStepThatDidOtherwiseIntoTheSameStateSaysItsCallbacks() throws {
        let snapshot =
            #"{"snapshot": {"id": "tabs", "kind": "tab", "selected": 0, "children": [{"id": "Home", "kind": "controller", "screen": "Home", "children": []}, {"id": "Cart", "kind": "controller", "screen": "Cart", "children": []}]}}"#
        func flow(selected: Int) throws -> DiffRun {
            try DiffRun.load(
                text:
                    #"{"navviz": 1, "name": "S", "root": {"tabs": ["Home", "Cart"], "selected": \#(selected), "id": "tabs"}, "steps": [\#(snapshot)]}"#,
                file: "s.json")
        }
        let diff = RunDiff(old: try flow(selected: 0), new: try flow(selected: 1))
        #expect(
            diff.entries.map(\.summary) == [
                "step 0: tabs selected tab 0 → 1; visible Home → Cart",
                "step 1: callbacks +Home.viewWillAppear (not animated), +Cart.viewWillDisappear (not animated), +Cart.viewDidDisappear (not animated), +Home.viewDidAppear (not animated)",
            ])
        #expect(diff.counts == "2 changed")
    }

    /// A message quotes names in single quotes: the line quotes messages in double ones (`''a' is…'` read poorly).
    @Test func aChangedMessageIsQuotedInDoubleQuotes() throws {
        let summaries = try Self.summaries(old: [Self.pop], new: [#"{"pop": true, "target": "cartNav"}"#])
        #expect(summaries.count == 1)
        #expect(summaries.first?.contains(#"message "'shopNav'"#) == true, "\(summaries)")
        #expect(summaries.first?.contains("''") == false)
    }

    /// The same screen under another number (an earlier step built one fewer) is said to be so, not another
    /// controller (a code-review trial read `~ Reviews#2 replaced by Reviews`).
    @Test func theSameScreenNumberedOtherwiseIsNotAReplacement() throws {
        let summaries = try Self.summaries(
            old: [Self.pushReviews, Self.pop, Self.pushReviews], new: [Self.pushProduct, Self.pop, Self.pushReviews])
        #expect(summaries.contains { $0.contains("~ Reviews#2 numbered Reviews in shopNav (the same screen)") }, "\(summaries)")
        #expect(!summaries.contains { $0.contains("replaced by Reviews") }, "\(summaries)")
        // Its callbacks are compared under its new number, and it stays the visible controller: neither is a difference (a
        // code-review trial read `callbacks −SignUp.viewWillAppear, −SignUp.viewDidAppear` and `visible SignUp → SignUp#2`).
        #expect(
            summaries == [
                "step 1: ~ Reviews replaced by Product in shopNav; visible Reviews → Product",
                "step 3: ~ Reviews#2 numbered Reviews in shopNav (the same screen)",
            ])
    }

    @Test func aChangedStepNamesItsStatusChange() throws {
        let summaries = try Self.summaries(
            old: [Self.pushProduct, #"{"push": {"ref": "Product"}}"#], new: [Self.pushProduct, Self.pushReviews])
        #expect(
            summaries == [
                "step 2: + Reviews only in new, top of shopNav; visible Product → Reviews; status rejected → ok"
            ])
    }

    @Test func aDifferentOperationInTheSamePlaceIsOneChangedStep() throws {
        let summaries = try Self.summaries(old: [Self.pushProduct, Self.pop], new: [Self.pushProduct, Self.selectCart])
        #expect(
            summaries == [
                "step 2: op pop → select; shopTabs selected tab 0 → 1; + Product only in new, top of shopNav; visible Home → Cart"
            ])
    }

    /// Both runs' pops popped Reviews; the new run never pushed Product, so the states after differ by
    /// Product. The entry says Product is only in the old state, not that this pop popped it (it read
    /// `- Product popped from shopNav`).
    @Test func aChangedStepSaysHowTheStatesDifferNotWhatTheStepDid() throws {
        let summaries = try Self.summaries(
            old: [Self.pushProduct, Self.pushReviews, Self.pop], new: [Self.pushReviews, Self.pop])
        #expect(
            summaries == [
                "old step 1 removed (push): + Product pushed onto shopNav; visible Home → Product",
                "step 2 (old 3): - Product only in old, top of shopNav; visible Product → Home",
            ])
    }

    /// The places a node holds only on one side, in the comparison's words.
    @Test(arguments: [
        (
            #"{"present": {"navigation": ["SignIn"], "id": "signInNav"}, "style": "formSheet"}"#,
            "+ signInNav (with SignIn) only in new, presented by shopTabs (formSheet)"
        ),
        (
            #"{"setTabs": [{"navigation": ["Home"], "id": "shopNav"}, {"navigation": ["Cart"], "id": "cartNav"}, {"navigation": ["Deals"], "id": "dealsNav"}]}"#,
            "+ dealsNav (with Deals) only in new, tab 2 of shopTabs"
        ),
        (#"{"setStack": ["Home", "Product", "Reviews"]}"#, "+ Reviews only in new, top of shopNav"),
    ])
    func aChangedStepNamesWhereANodeIsOnOneSideOnly(step: String, phrase: String) throws {
        let summaries = try Self.summaries(old: [Self.pushProduct, Self.selectCart], new: [Self.pushProduct, step])
        #expect(summaries.count == 1)
        #expect(summaries.first?.contains(phrase) == true, "\(summaries)")
    }

    @Test func snapshotsCompareAsOneState() throws {
        let before =
            #"{"id": "nav", "kind": "navigation", "children": [{"id": "Home", "kind": "controller", "screen": "Home", "children": []}]}"#
        let after =
            #"{"id": "nav", "kind": "navigation", "children": [{"id": "Home", "kind": "controller", "screen": "Home", "children": []}, {"id": "Product", "kind": "controller", "screen": "Product", "children": []}]}"#
        let diff = RunDiff(old: try DiffRun.load(text: before, file: "a.json"), new: try DiffRun.load(text: after, file: "b.json"))
        #expect(diff.old.source == .snapshot)
        #expect(diff.entries.map(\.summary) == ["step 0: + Product pushed onto nav; visible Home → Product"])
    }

    // MARK: - Wording of state changes

    /// What one step does to the state its earlier steps leave, in the summary's words.
    static func phrases(after setup: [String], _ step: String) throws -> [String] {
        let run = try run(setup + [step])
        let before = run.steps[run.steps.count - 2]
        let after = run.steps[run.steps.count - 1]
        return HierarchyChanges(
            old: before.hierarchy, oldVisible: before.finder.visible, new: after.hierarchy, newVisible: after.finder.visible
        ).phrases
    }

    @Test(arguments: [
        (pushReviews, ["+ Reviews pushed onto shopNav", "visible Product → Reviews"]),
        (pop, ["- Product popped from shopNav", "visible Product → Home"]),
        (selectCart, ["shopTabs selected tab 0 → 1", "visible Product → Cart"]),
        (
            #"{"present": {"navigation": ["SignIn"], "id": "signInNav"}, "style": "formSheet"}"#,
            ["+ signInNav (with SignIn) presented by shopTabs (formSheet)", "visible Product → SignIn"]
        ),
        (
            #"{"setRoot": "Onboarding"}"#,
            [
                "+ Onboarding set as the window's root",
                "- shopTabs (with shopNav, Home, Product and 2 more) removed as the window's root",
                "visible Product → Onboarding",
            ]
        ),
        // The same tab stays selected at its new index: a reorder, no change of selection (a code-review trial).
        (
            #"{"setTabs": [{"ref": "cartNav"}, {"ref": "shopNav"}]}"#,
            ["shopTabs reordered cartNav (with Cart) tab 1 → 0"]
        ),
        (
            #"{"setStack": ["Settings", {"ref": "Product"}], "target": "shopNav"}"#,
            ["~ Home replaced by Settings in shopNav"]
        ),
        (#"{"push": {"ref": "Product"}}"#, []),
    ])
    func stateChangesReadAsShortPhrases(step: String, expected: [String]) throws {
        #expect(try Self.phrases(after: [Self.pushProduct], step) == expected)
    }

    @Test func aDismissalNamesThePresenter() throws {
        let present = #"{"present": {"navigation": ["SignIn"], "id": "signInNav"}, "style": "formSheet"}"#
        #expect(
            try Self.phrases(after: [present], #"{"dismiss": true}"#) == [
                "- signInNav (with SignIn) dismissed from shopTabs", "visible SignIn → Home",
            ])
    }

    @Test func aMovedNodeNamesBothContainers() throws {
        let split =
            #"{"navviz": 1, "device": "pad", "root": {"split": {"primary": {"navigation": ["Settings"], "id": "settingsNav"}, "secondary": "General"}, "id": "split"}, "steps": [{"collapse": true}]}"#
        let run = try DiffRun.load(text: split, file: "split.json")
        let changes = HierarchyChanges(
            old: run.steps[0].hierarchy, oldVisible: run.steps[0].finder.visible,
            new: run.steps[1].hierarchy, newVisible: run.steps[1].finder.visible)
        #expect(changes.moved == ["General"])
        #expect(changes.phrases == ["split collapsed", "~ General moved from split to settingsNav", "General role secondary → none"])
    }

    /// A tab bar whose selection a capture does not show (under a full-screen cover) changed no selection (a trial read
    /// "selected tab 2 → none" under a full-screen login, a later one "selected tab 3 → not known"), and a lazy tab's first
    /// load is not "loaded again" ("loaded again" for a tab never loaded before).
    @Test func aSelectionNotKnownAndAFirstLoadAreSaidAsSuch() throws {
        func hierarchy(selected: Int?, cartLoaded: Bool, released: Bool = false) throws -> Hierarchy {
            var builder = HierarchyBuilder()
            var tabs = Node(id: "tabs", kind: .tab)
            tabs.selected = selected
            var cart = Node(id: "Cart", kind: .controller)
            (cart.isLoaded, cart.isReleased) = (cartLoaded, released)
            try builder.insert(tabs)
            try builder.insert(Node(id: "Home", kind: .controller), parent: "tabs")
            try builder.insert(cart, parent: "tabs")
            return builder.build(root: "tabs")
        }
        let old = try hierarchy(selected: 0, cartLoaded: false)
        let new = try hierarchy(selected: nil, cartLoaded: true)
        let phrases = HierarchyChanges(old: old, oldVisible: nil, new: new, newVisible: nil).phrases
        #expect(!phrases.contains { $0.contains("selected tab") })
        #expect(phrases.contains("Cart loaded"))
        let released = try hierarchy(selected: 0, cartLoaded: false, released: true)
        #expect(HierarchyChanges(old: released, oldVisible: nil, new: new, newVisible: nil).phrases.contains("Cart loaded again"))
    }

    /// A capture's push or presentation begun, its controller not shown yet, says so as its diagram does (a review: read
    /// as a push or a presentation done).
    @Test(arguments: [false, true])
    func aPushOrPresentationBegunIsSaidBegun(presented: Bool) throws {
        func hierarchy(_ added: Bool) throws -> Hierarchy {
            var builder = HierarchyBuilder()
            try builder.insert(Node(id: "nav", kind: .navigation))
            try builder.insert(Node(id: "Home", kind: .controller), parent: "nav")
            if added {
                var new = Node(id: "Detail", kind: .controller)
                new.transitionalState = .pending
                if presented { new.style = .pageSheet }
                try builder.insert(new, parent: presented ? nil : "nav", presenter: presented ? "nav" : nil)
            }
            return builder.build(root: "nav")
        }
        let phrases = HierarchyChanges(old: try hierarchy(false), oldVisible: "Home", new: try hierarchy(true), newVisible: "Home").phrases
        #expect(
            phrases == [presented ? "+ Detail presented by nav (pageSheet): presentation begun" : "+ Detail pushed onto nav: push begun"])
    }

    /// Between two runs, a screen or class that is the controller's name is what a run that names none means (a capture
    /// names each, a scenario leaves them to the id: a trial read `screen 'MMTabBarController' → none`); another stays a
    /// change.
    @Test func aScreenOrClassThatIsTheNameIsNoneBetweenRuns() throws {
        func hierarchy(screen: String?, className: String?) throws -> Hierarchy {
            var builder = HierarchyBuilder()
            var nav = Node(id: "Nav", kind: .navigation)
            (nav.screen, nav.className) = (screen, className)
            try builder.insert(nav)
            try builder.insert(Node(id: "Home", kind: .controller), parent: "Nav")
            return builder.build(root: "Nav")
        }
        let named = try hierarchy(screen: "Nav", className: "Nav")
        let bare = try hierarchy(screen: nil, className: nil)
        #expect(HierarchyChanges(old: named, oldVisible: "Home", new: bare, newVisible: "Home", wording: .comparison).phrases.isEmpty)
        let other = try hierarchy(screen: "Other", className: "App.Nav")
        #expect(
            HierarchyChanges(old: bare, oldVisible: "Home", new: other, newVisible: "Home", wording: .comparison).phrases == [
                "Nav screen none → 'Other'", "Nav class none → 'App.Nav'",
            ])
    }

    /// A container read as a navigation controller (`--kind`) changed its kind, not what it shows: no `visible child 0 →
    /// none` (a trial read it as nothing shown).
    @Test func aKindChangeDoesNotReadAsASelectionLost() throws {
        func hierarchy(_ kind: NodeKind) throws -> Hierarchy {
            var builder = HierarchyBuilder()
            var container = Node(id: "Container", kind: kind)
            container.selected = kind == .controller ? 0 : nil
            try builder.insert(container)
            try builder.insert(Node(id: "Discover", kind: .controller), parent: "Container")
            return builder.build(root: "Container")
        }
        let phrases = HierarchyChanges(
            old: try hierarchy(.controller), oldVisible: "Discover", new: try hierarchy(.navigation), newVisible: "Discover"
        ).phrases
        #expect(phrases == ["Container kind controller → navigation"])
    }

    /// A presentation that came with another (a page sheet over a new full-screen cover) bears its own phrase, not "and N
    /// more" of the cover's (a readability trial); what each contains is listed with it.
    @Test func aPresentationThatCameWithAnotherIsSaidOnItsOwn() throws {
        var sim = try Simulator(root: .navigation([.screen("Home")], id: "nav"))
        let before = sim.hierarchy
        let sheet = NodeSpec.navigation([.screen("Share"), .screen("Contact")], id: "shareNav")
        var cover = NodeSpec.navigation([.screen("A"), .screen("B"), .screen("C"), .screen("D")], id: "coverNav")
        cover.presents = sheet
        cover.presentsStyle = .pageSheet
        #expect(sim.perform(.present(cover, style: .fullScreen)).status == .ok)
        let phrases = HierarchyChanges(old: before, oldVisible: nil, new: sim.hierarchy, newVisible: nil).phrases
        #expect(
            phrases == [
                "+ coverNav (with A, B, C and 1 more) presented by nav (fullScreen)",
                "+ shareNav (with Share, Contact) presented by coverNav (pageSheet)",
            ])
    }

    /// Ids may hold spaces: the replaced line is found by where it was written, not by its text.
    @Test func aReplacementAmongIdsWithSpacesKeepsEveryAddition() throws {
        var sim = try Simulator(root: .tabs([.screen("n1"), .screen("A")], id: "tabs"))
        let before = sim.hierarchy
        #expect(sim.perform(.setTabs([.screen("B x"), .screen("B"), .reference("n1")])).status == .ok)
        let phrases = HierarchyChanges(old: before, oldVisible: nil, new: sim.hierarchy, newVisible: nil).phrases
        #expect(phrases.contains("+ B x added to tabs as tab 0"))
        #expect(phrases.contains("~ A replaced by B in tabs"))
        #expect(!phrases.contains { $0.hasPrefix("+ B added") })
    }
}

extension RunDiffTests {
    /// A difference stays in every later state (a renamed screen still in its stack): a later step names only what no
    /// earlier one did, and counts the rest. Renaming 20 screens made each later line restate every earlier rename.
    @Test func aDifferenceAnEarlierStepShowedIsCountedNotRepeated() throws {
        let old = ["A", "B", "C"].map { #"{"push": "\#($0)"}"# }
        let new = ["A2", "B2", "C2"].map { #"{"push": "\#($0)"}"# }
        #expect(
            try Self.summaries(old: old, new: new) == [
                "step 1: ~ A replaced by A2 in shopNav; visible A → A2",
                "step 2: ~ B replaced by B2 in shopNav; visible B → B2; and 1 difference shown at an earlier step",
                "step 3: ~ C replaced by C2 in shopNav; visible C → C2; and 2 differences shown at an earlier step",
            ])
    }

    /// Only differences between the states are counted: a step's own operation always shows, and a difference that
    /// went away and came back is named again.
    @Test func anOperationOrAReturningDifferenceIsNeverCounted() throws {
        let diff = RunDiff(
            old: try Self.run([#"{"push": "A"}"#, #"{"push": "B"}"#], file: "old.json"),
            new: try Self.run([#"{"push": "A2"}"#, #"{"present": "B"}"#], file: "new.json"))
        #expect(diff.entries.map(\.summary).last?.hasPrefix("step 2: op push → present; ") == true)
        #expect(diff.entries.last?.summary.contains("and 1 difference shown at an earlier step") == true)
        #expect(diff.entries.last?.changes.contains("~ A replaced by A2 in shopNav") == true)
        let back = try Self.summaries(
            old: [#"{"push": "A"}"#, Self.pop, #"{"push": "A"}"#], new: [#"{"push": "A2"}"#, Self.pop, #"{"push": "A2"}"#])
        #expect(
            back == [
                "step 1: ~ A replaced by A2 in shopNav; visible A → A2", "step 3: ~ A#2 replaced by A2#2 in shopNav; visible A#2 → A2#2",
            ])
    }
}

extension RunDiffTests {
    /// A difference undone (both runs back in one state) and then made again is said again: the step before it, counted
    /// as carried, named nothing (a review: the second push was counted as said, and its diagram lost every mark).
    @Test func aDifferenceUndoneAndMadeAgainIsSaidAgain() throws {
        func flow(_ screen: String, file: String) throws -> DiffRun {
            try DiffRun.load(
                text:
                    #"{"navviz": 1, "name": "S", "root": {"tabs": [{"navigation": ["Home"], "id": "nav0"}, {"navigation": ["Cart"], "id": "nav1"}], "id": "tabs"}, "#
                    + #""steps": [{"push": "\#(screen)", "target": "nav1"}, {"pop": true, "target": "nav1"}, {"push": {"ref": "\#(screen)"}, "target": "nav1"}]}"#,
                file: file)
        }
        let diff = RunDiff(old: try flow("A", file: "old.json"), new: try flow("B", file: "new.json"))
        #expect(diff.entries.map(\.summary) == ["step 1: ~ A replaced by B in nav1", "step 3: ~ A replaced by B in nav1"])
        #expect(diff.carriedSteps == [2])
        #expect(diff.entries.allSatisfy { $0.unmarked.isEmpty })
    }
}
