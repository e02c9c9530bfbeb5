import NavVizCore
import NavVizRender
import NavVizScenario
import Testing

@testable import NavVizReview

/// The golden files of `navviz check`, and the line diff it prints.
@Suite struct GoldensTests {
    static let steps = [
        #"{"op": "push", "node": "Product"}"#,
        #"{"op": "push", "node": "Reviews"}"#,
        #"{"op": "popToRoot"}"#,
        #"{"op": "select", "tab": 1}"#,
        #"{"op": "present", "node": {"navigation": ["SignIn"], "id": "signInNav"}, "style": "formSheet", "note": "Sign in."}"#,
        #"{"op": "dismiss"}"#,
        #"{"op": "select", "tab": 0}"#,
    ]

    static func goldens(_ steps: [String]) throws -> [String: String] {
        let text =
            #"{"navviz": 1, "name": "Shop", "root": {"tabs": [{"navigation": ["Home"], "id": "shopNav"}, {"navigation": ["Cart"], "id": "cartNav"}], "id": "shopTabs"}, "steps": ["#
            + steps.joined(separator: ", ") + "]}"
        let run = ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "shop.json"))
        var files: [String: String] = [:]
        for file in Goldens.files(for: run) { files[file.path] = file.contents }
        return files
    }

    static func changedPaths(_ old: [String: String], _ new: [String: String]) -> [String] {
        Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }.sorted()
    }

    @Test func goldensAreEveryStateAndTransitionAsDOTWithASummaryAndTheRun() throws {
        let files = try Self.goldens(Self.steps)
        #expect(
            files.keys.sorted() == [
                "run.json",
                "states/000-initial.dot", "states/001-push.dot", "states/002-push.dot", "states/003-popToRoot.dot",
                "states/004-select.dot", "states/005-present.dot", "states/006-dismiss.dot", "states/007-select.dot",
                "summary.txt",
                "transitions/001-push.dot", "transitions/002-push.dot", "transitions/003-popToRoot.dot",
                "transitions/004-select.dot", "transitions/005-present.dot", "transitions/006-dismiss.dot",
                "transitions/007-select.dot",
            ])
        #expect(
            files["summary.txt"] == """
                0 initial ok shopTabs > shopNav > Home
                1 push ok shopTabs > shopNav > Product
                2 push ok shopTabs > shopNav > Reviews
                3 popToRoot ok shopTabs > shopNav > Home
                4 select ok shopTabs > cartNav > Cart
                5 present ok shopTabs > signInNav > SignIn
                6 dismiss ok shopTabs > cartNav > Cart
                7 select ok shopTabs > shopNav > Home

                """)
        let runText = try #require(files["run.json"])
        let run = try #require(try JSONParser.parse(runText)["steps"]?.arrayValue)
        #expect(run[1].objectMembers?.map(\.0) == ["index", "op", "status", "visible", "path", "onScreen", "hierarchy"])
    }

    @Test func goldensAreTheSameInEveryRun() throws {
        #expect(try Self.goldens(Self.steps) == (try Self.goldens(Self.steps)))
    }

    @Test func aOneStepChangeChangesOnlyTheGoldensOfTheStepsItAffects() throws {
        var changed = Self.steps
        changed[1] = #"{"op": "push", "node": "Specs"}"#
        // Step 2 pushes something else, and step 3's transition pops it; from then on the states are
        // the same, and so, with stable ids and statement order, is every later golden.
        #expect(
            Self.changedPaths(try Self.goldens(Self.steps), try Self.goldens(changed)) == [
                "run.json", "states/002-push.dot", "summary.txt", "transitions/002-push.dot", "transitions/003-popToRoot.dot",
            ])
    }

    @Test func aChangedNoteChangesOnlyItsTransition() throws {
        var changed = Self.steps
        changed[4] = changed[4].replacingOccurrences(of: "Sign in.", with: "Sign in first.")
        #expect(Self.changedPaths(try Self.goldens(Self.steps), try Self.goldens(changed)) == ["transitions/005-present.dot"])
    }

    @Test func anAnimationChangeChangesOnlyItsTransition() throws {
        var changed = Self.steps
        changed[2] = #"{"op": "popToRoot", "animated": false}"#
        // Not animated: the state is the same; the transition's caption and events say so, and the run
        // JSON (which keeps no timings) does not change.
        let paths = Self.changedPaths(try Self.goldens(Self.steps), try Self.goldens(changed))
        #expect(paths == ["transitions/003-popToRoot.dot"])
    }

    @Test func compareListsChangedNewAndGoneFilesSummaryFirst() {
        let drifts = Goldens.compare(
            expected: ["summary.txt": "a\n", "states/001-push.dot": "x", "states/002-pop.dot": "y", "run.json": "{}"],
            actual: [
                OutputFile(path: "summary.txt", contents: "b\n"), OutputFile(path: "states/001-push.dot", contents: "x"),
                OutputFile(path: "states/002-push.dot", contents: "y"), OutputFile(path: "run.json", contents: "[]"),
            ])
        #expect(drifts.map(\.path) == ["summary.txt", "states/002-pop.dot", "states/002-push.dot", "run.json"])
        #expect(drifts.map(\.kind) == [.changed, .gone, .new, .changed])
    }

    @Test(arguments: [
        ("summary.txt", true), ("run.json", true), ("states/001-push.dot", true), ("transitions/002-pop.dot", true),
        ("states/001-push.svg", false), ("README.md", false), ("flow.dot", false), ("states/sub/001.dot", false),
        ("transitions/1234-setRoot.dot", true), ("states/000-initial.dot", true),
        // A user's own DOT beside the goldens is not one (`--record` removed it as a golden no longer produced).
        ("states/reference.dot", false), ("transitions/my reference.dot", false), ("states/01-push.dot", false),
        ("states/001-.dot", false), ("states/001-push-2.dot", false),
    ])
    func onlyGoldenFilesAreCompared(path: String, isGolden: Bool) {
        #expect(Goldens.isGoldenPath(path) == isGolden)
    }

    // MARK: - Line diff

    @Test func lineDiffShowsChangedLinesInHunks() {
        let old = "a\nb\nc\nd\ne\n"
        let new = "a\nB\nc\nd\ne\nf\n"
        #expect(LineDiff.lines(old: old, new: new) == ["@@ -2 +2 @@", "-b", "+B", "@@ -5,0 +6 @@", "+f"])
        #expect(LineDiff.lines(old: old, new: old) == [])
        #expect(LineDiff.lines(old: "x\ny\n", new: "") == ["@@ -1,2 +0,0 @@", "-x", "-y"])
    }

    @Test func lineDiffOfAHugeMiddleReplacesIt() {
        let old = (0..<2_100).map { "o\($0)" }.joined(separator: "\n")
        let new = (0..<2_100).map { "n\($0)" }.joined(separator: "\n")
        let lines = LineDiff.lines(old: old, new: new)
        #expect(lines.first == "@@ -1,2100 +1,2100 @@")
        #expect(lines.count == 4_201)
    }
}
