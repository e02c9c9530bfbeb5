import NavVizCore
import NavVizFormat
import NavVizRender
import NavVizScenario
import Testing

@testable import NavVizReview

/// The check workflow as a library type: what drifted, what is printed, what is drawn for the reviewer.
@Suite struct GoldenCheckTests {
    static func run(_ steps: [String]) throws -> Run {
        let text =
            #"{"navviz": 1, "name": "Shop", "root": {"navigation": ["Home"], "id": "shopNav"}, "steps": ["#
            + steps.joined(separator: ", ") + "]}"
        return ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "shop.json"))
    }

    static func goldens(_ run: Run) -> [String: String] {
        Dictionary(uniqueKeysWithValues: Goldens.files(for: run).map { ($0.path, $0.contents) })
    }

    /// `check`'s comparison of `run`'s goldens with `expected`, into folders `g` and `a`.
    static func check(_ expected: [String: String], against run: Run, name: String = "shop") -> GoldenCheck.Report {
        GoldenCheck().compare(expected: expected, actual: Goldens.files(for: run), run: run, name: name, golden: "g", artifacts: "a")
    }

    /// Goldens whose steps all match and whose drawings differ were most likely drawn by another navviz: said (goldens of
    /// an older one failed every scenario with hundreds of DOT lines and no word why: a trial). A step change is not that.
    @Test func drawingsThatAloneDifferAreSaidToBeAnotherNavvizs() throws {
        let run = try Self.run([#"{"op": "push", "node": "Product"}"#])
        var older = Self.goldens(run)
        older["states/001-push.dot"] = older["states/001-push.dot"]!.replacingOccurrences(of: "fontsize=10", with: "fontsize=11")
        let report = Self.check(older, against: run)
        #expect(
            report.lines.contains {
                $0.hasPrefix("  no step navigates differently and the callbacks are the same: only the drawings changed")
            })
        let moved = try Self.run([#"{"op": "push", "node": "Specs"}"#])
        let stepChange = Self.check(Self.goldens(run), against: moved)
        #expect(!stepChange.lines.contains { $0.contains("only the drawings changed") })
    }

    /// A golden run.json that does not read (a merge conflict left in it) is said, and its diff shown and kept in
    /// drift.txt (a code-review trial read only `changed: run.json`, with an empty drift.txt).
    @Test func anUnreadableGoldenRunIsSaidAndDiffed() throws {
        let run = try Self.run([#"{"op": "push", "node": "Product"}"#])
        var conflicted = Self.goldens(run)
        conflicted["run.json"] = "<<<<<<< HEAD\n" + conflicted["run.json"]!
        let report = Self.check(conflicted, against: run)
        #expect(
            report.lines.contains(
                "  the golden run.json does not read, so no step can be compared: g/run.json: invalid JSON at line 1, column 1: "
                    + "unexpected '<': expected a value. It holds a merge conflict's markers: resolve it, or record the goldens again"))
        #expect(report.fullDiff.contains("-<<<<<<< HEAD"))
        #expect(report.lines.contains("  -<<<<<<< HEAD"))
    }

    @Test func matchingGoldensReportNothing() throws {
        let run = try Self.run([#"{"op": "push", "node": "Product"}"#])
        let report = GoldenCheck().compare(
            expected: Self.goldens(run), actual: Goldens.files(for: run), run: run, name: "shop", golden: "g/shop", artifacts: "a/shop")
        #expect(report.matches)
        #expect(report.lines.isEmpty && report.fullDiff.isEmpty && report.diagrams.isEmpty)
    }

    @Test func aChangedStepIsExplainedDiffedAndDrawn() throws {
        let golden = try Self.run([#"{"op": "push", "node": "Product"}"#])
        let now = try Self.run([#"{"op": "push", "node": "Reviews"}"#])
        let files = Goldens.files(for: now)
        let report = GoldenCheck().compare(
            expected: Self.goldens(golden), actual: files, run: now, name: "shop", golden: "g/shop", artifacts: "a/shop")
        #expect(!report.matches)
        #expect(report.drifts.map(\.path) == ["summary.txt", "states/001-push.dot", "transitions/001-push.dot", "run.json"])
        #expect(report.lines.first == "FAIL shop: 4 of 5 goldens differ (g/shop/)")
        #expect(report.lines.contains("  changed: states/001-push.dot"))
        #expect(report.lines.contains("  --- summary.txt (golden)"))
        // The step line says what changed: the DOT's line diff is in drift.txt only (a CI trial read 60 lines of Graphviz
        // HTML labels after the step lines).
        #expect(!report.lines.contains("  --- states/001-push.dot (golden)"))
        let dotLines = report.fullDiff.count - report.fullDiff.firstIndex(of: "--- states/001-push.dot (golden)")!
        #expect(
            report.lines.suffix(2) == [
                "  the DOT line diffs of the steps named above (\(dotLines) lines) are in a/shop/drift.txt",
                "  artifacts: a/shop/",
            ])
        #expect(report.fullDiff.contains("+++ transitions/001-push.dot (actual)"))
        #expect(!report.fullDiff.contains { $0.contains("run.json") })
        #expect(
            report.diagrams.map(\.path) == [
                "states/001-push.expected.svg", "states/001-push.actual.svg", "states/001-push.diff.svg",
                "transitions/001-push.expected.svg", "transitions/001-push.actual.svg", "transitions/001-push.diff.svg",
            ])
        let diff = try #require(report.diagrams.first { $0.path == "states/001-push.diff.svg" }?.dot)
        #expect(diff.contains("Step 1 · golden push → actual push"))
    }

    /// The golden run.json keeps no callbacks: a later step whose callbacks changed (a dismissal after a page sheet became
    /// full screen: the presenter reappears) is said from its transition's DOT, not counted as differing only by what came
    /// before (a code-review trial).
    @Test func aLaterStepsNewCallbacksAreSaid() throws {
        func steps(_ style: String) -> [String] {
            [
                #"{"op": "present", "node": {"navigation": ["Settings"], "id": "settingsNav"}, "style": "\#(style)"}"#,
                #"{"op": "push", "node": "About"}"#, #"{"op": "dismiss"}"#,
            ]
        }
        let report = Self.check(Self.goldens(try Self.run(steps("pageSheet"))), against: try Self.run(steps("fullScreen")))
        let said = report.lines.filter { $0.hasPrefix("  step ") || $0.hasPrefix("  (") }
        #expect(
            said == [
                "  step 1: settingsNav style pageSheet → fullScreen",
                "  step 3: appearance callbacks changed (transitions/003-dismiss.dot shows them; the golden run.json keeps none)",
                "  (1 later step differs only by what came before)",
            ])
    }

    /// Ten renumbered files are listed, the rest counted on one line and listed in drift.txt (a step inserted early in a
    /// 1,500-step flow listed 3,000 files).
    @Test func renumberedFilesPastTenAreCounted() throws {
        let visits = (0..<4).flatMap { [#"{"op": "push", "node": "S\#($0)"}"#, #"{"op": "pop"}"#] }
        let golden = try Self.run(visits)
        let now = try Self.run([#"{"op": "push", "node": "New"}"#, #"{"op": "pop"}"#] + visits)
        let report = Self.check(Self.goldens(golden), against: now)
        let renumbered = report.drifts.filter { $0.kind == .renumbered }.count
        #expect(renumbered == 16)
        #expect(report.lines.filter { $0.hasPrefix("  renumbered:") }.count == 10)
        #expect(report.lines.contains("  … 6 more renumbered, unchanged but for their names (drift.txt lists them)"))
        #expect(report.fullDiff.filter { $0.hasPrefix("renumbered:") }.count == 6)
    }

    /// Twenty changed files are listed, the rest counted on one line and listed in drift.txt (a code-review trial's
    /// two-line change listed 46 in the CI log).
    @Test func changedFilesPastTwentyAreCounted() throws {
        let steps = (0..<12).map { #"{"op": "push", "node": "S\#($0)"}"# }
        let golden = try Self.run(steps)
        let now = ScenarioRunner.run(
            try ScenarioDecoder.decode(
                #"{"navviz": 1, "name": "Shop", "root": {"navigation": ["Start"], "id": "shopNav"}, "steps": ["#
                    + steps.joined(separator: ", ") + "]}", file: "shop.json"))
        let report = Self.check(Self.goldens(golden), against: now)
        let changed = report.drifts.filter { $0.kind == .changed && $0.path.hasSuffix(".dot") }.count
        #expect(changed > 20)
        #expect(report.lines.filter { $0.hasPrefix("  changed:") }.count == 20)
        let more = report.drifts.filter { $0.kind == .changed }.count - 20
        #expect(report.lines.contains("  … \(more) more changed (drift.txt lists them)"))
        #expect(report.fullDiff.filter { $0.hasPrefix("changed:") }.count == more)
    }

    /// A name that differs from its golden's only by the zeros before its number is said so, not as a new operation's name.
    @Test(arguments: [
        ("states/001-push.dot", "states/0001-push.dot", true), ("transitions/999-pop.dot", "transitions/0999-pop.dot", true),
        ("states/000-initial.dot", "states/0000-initial.dot", true), ("states/0012-push.dot", "states/012-push.dot", true),
        ("states/001-push.dot", "states/001-show.dot", false), ("states/001-push.dot", "states/0002-push.dot", false),
        ("states/001-push.dot", "transitions/0001-push.dot", false), ("states/001-push.dot", "states/001-push.dot", false),
    ])
    func aNumbersWidthAloneIsToldApart(golden: String, path: String, padding: Bool) {
        #expect(GoldenCheck.onlyPaddingDiffers(golden, path) == padding)
    }

    /// A run that reaches 1,000 states widens every file's number: one line says so, not a line a file each saying the
    /// operation's name changed (a trial's 1,997 such lines).
    @Test func aRunReachingAThousandStatesSaysItsNumbersWidenedOnce() throws {
        let cycle = [#"{"op": "push", "node": "P"}"#, #"{"op": "pop"}"#]
        let golden = try Self.run(Array(repeating: cycle, count: 499).flatMap { $0 })
        let now = try Self.run(Array(repeating: cycle, count: 500).flatMap { $0 })
        let report = Self.check(Self.goldens(golden), against: now)
        #expect(
            report.lines.filter { $0.hasPrefix("  renumbered:") } == [
                "  renumbered: 1997 files, unchanged but for their numbers' width, 4 digits now (the run has 1,000 states or more): "
                    + "states/000-initial.dot is states/0000-initial.dot …; --record renames them"
            ])
    }

    /// Diagrams pair by aligned step, not by file name: after a push and a pop inserted before the tab of
    /// steps, the state after the later push is the golden's under a new number (renumbered), its transition
    /// differs by its caption's step number only, and nothing is listed as gone. Paired by name, the golden
    /// `002-push` was compared with the inserted push and every later diagram was gone and new (a new user's
    /// trial: 18 files after one inserted step).
    @Test func diagramsPairByAlignedStepAfterAnInsertedStep() throws {
        let push = #"{"op": "push", "node": "Product"}"#
        let golden = try Self.run([push, #"{"op": "push", "node": "Specs"}"#])
        let now = try Self.run([push, #"{"op": "push", "node": "Reviews"}"#, #"{"op": "pop"}"#, #"{"op": "push", "node": "Specs"}"#])
        let report = Self.check(Self.goldens(golden), against: now)
        let drifts = report.drifts.map { "\($0.kind) \($0.path) \($0.goldenPath ?? "-")" }
        // The later push's transition differs from its golden only by its caption's step number: renumbered too.
        #expect(
            drifts == [
                "changed summary.txt -", "new states/002-push.dot -", "new states/003-pop.dot -",
                "renumbered states/004-push.dot states/002-push.dot", "new transitions/002-push.dot -", "new transitions/003-pop.dot -",
                "renumbered transitions/004-push.dot transitions/002-push.dot", "changed run.json -",
            ])
        #expect(report.lines.contains("  renumbered: states/004-push.dot (golden states/002-push.dot, unchanged but for the step number)"))
        // The summary's diff holds the inserted steps' lines, not every later line under its new number.
        let summary = report.fullDiff.drop { $0 != "--- summary.txt (golden)" }.dropFirst(2).prefix { !$0.hasPrefix("---") }
        #expect(Array(summary) == ["@@ -2,0 +3,2 @@", "+2 push ok shopNav > Reviews", "+3 pop ok shopNav > Product"])
        // The headline counts what differs out of what the scenario makes now, the renumbered apart (a code-review trial
        // read "48 of 93 goldens differ" for two inserted steps, 42 of them renumbered).
        let count = Goldens.files(for: now).count
        #expect(report.lines.first == "FAIL shop: 6 of \(count) goldens differ, 2 more only renumbered (g/)")
        #expect(report.diagrams.map(\.path).filter { $0.hasSuffix(".diff.svg") }.isEmpty)
        #expect(!report.fullDiff.contains { $0.contains("004-push") })
    }

    /// Removed steps: their goldens are counted as gone, apart from what differs out of the files made now ("7 of 49 goldens
    /// differ, 43 more only renumbered" counted 50 of 49, a code-review trial), and each is said to be a removed step's.
    @Test func goldensOfRemovedStepsAreCountedApart() throws {
        let push = #"{"op": "push", "node": "Product"}"#
        let golden = try Self.run([push, #"{"op": "push", "node": "Reviews"}"#, #"{"op": "pop"}"#, #"{"op": "push", "node": "Specs"}"#])
        let now = try Self.run([push, #"{"op": "push", "node": "Specs"}"#])
        let report = Self.check(Self.goldens(golden), against: now)
        let count = Goldens.files(for: now).count
        #expect(report.lines.first == "FAIL shop: 2 of \(count) goldens differ, 2 more only renumbered, 4 goldens gone (g/)")
        #expect(
            report.lines.filter { $0.hasPrefix("  gone:") } == [
                "  gone:    states/002-push.dot (golden of a removed step)", "  gone:    states/003-pop.dot (golden of a removed step)",
                "  gone:    transitions/002-push.dot (golden of a removed step)",
                "  gone:    transitions/003-pop.dot (golden of a removed step)",
            ])
    }

    /// A renumbered transition that changed too is `changed`, diffed against the golden of its aligned step and
    /// drawn with both step numbers.
    @Test func aRenumberedTransitionThatChangedIsDiffedAgainstItsAlignedGolden() throws {
        let golden = try Self.run([#"{"op": "push", "node": "Product"}"#, #"{"op": "push", "node": "Specs"}"#])
        let now = try Self.run([
            #"{"op": "push", "node": "Product"}"#, #"{"op": "push", "node": "Reviews"}"#, #"{"op": "pop"}"#,
            #"{"op": "push", "node": "Specs", "note": "now with a note"}"#,
        ])
        let report = Self.check(Self.goldens(golden), against: now)
        #expect(report.lines.contains("  changed: transitions/004-push.dot (golden transitions/002-push.dot) (caption)"))
        // Its `-` lines are the golden read as step 4: said, as they are not the golden's bytes (a trial grepped for one).
        #expect(report.fullDiff.contains("--- transitions/002-push.dot (golden, its step number read as 4)"))
        #expect(report.diagrams.map(\.path).filter { $0.hasSuffix(".diff.svg") } == ["transitions/004-push.diff.svg"])
        let diff = try #require(report.diagrams.first { $0.path == "transitions/004-push.diff.svg" }?.dot)
        #expect(diff.contains("Step 4 (golden step 2) · golden push → actual push"))
        #expect(diff.contains("its caption changed (a note, an animation or a status)"))
    }

    /// A changed transition's `.diff.svg` draws the states after the step; when those are the same, its text says how the
    /// transition differs: the state before it (a code-review trial's read only "the state after the step is unchanged").
    @Test func aTransitionsDiffSaysWhatDiffersBesidesTheStateAfterIt() throws {
        let golden = try Self.run([#"{"op": "push", "node": "Product"}"#, #"{"op": "pop"}"#])
        let now = try Self.run([#"{"op": "push", "node": "Reviews"}"#, #"{"op": "pop"}"#])
        let report = Self.check(Self.goldens(golden), against: now)
        let diff = try #require(report.diagrams.first { $0.path == "transitions/002-pop.diff.svg" }?.dot)
        #expect(diff.contains("the state after the step is unchanged"))
        #expect(diff.contains("the state before the step differs: "))
        let state = try #require(report.diagrams.first { $0.path == "states/001-push.diff.svg" }?.dot)
        #expect(!state.contains("the state before the step differs"))
    }

    /// A renumbered transition whose appearance events changed is diffed against its golden with the caption's
    /// step number brought along: the diff and the note name the events only (it said `(caption, appearance
    /// events)`, the caption differing by its number).
    @Test func aRenumberedTransitionsDiffLeavesOutTheStepNumber() throws {
        let golden = try Self.run([#"{"op": "push", "node": "Product"}"#, #"{"op": "push", "node": "Specs"}"#])
        let now = try Self.run([
            #"{"op": "push", "node": "Product"}"#, #"{"op": "push", "node": "Reviews"}"#, #"{"op": "pop"}"#,
            #"{"op": "push", "node": "Specs"}"#,
        ])
        let files = Goldens.files(for: now).map { file in
            guard file.path == "transitions/004-push.dot" else { return file }
            #expect(file.contents.contains("viewDidAppear"))
            return OutputFile(path: file.path, contents: file.contents.replacingOccurrences(of: "viewDidAppear", with: "viewDidAppearLate"))
        }
        let report = GoldenCheck().compare(
            expected: Self.goldens(golden), actual: files, run: now, name: "shop", golden: "g", artifacts: "a")
        #expect(report.lines.contains("  changed: transitions/004-push.dot (golden transitions/002-push.dot) (appearance events)"))
        #expect(!report.fullDiff.contains { $0.contains("Step 2 ·") || $0.contains("Step 4 ·") })
    }

    /// A removed step followed by one of the same operation: the removed step's golden and the next step's
    /// diagram share a name. Their pictures must not (the check wrote `002-push.expected.svg` twice and
    /// stopped with exit 74, found by a review): the removed step's are `old-…`.
    @Test func aRemovedStepsPicturesDoNotCollideWithTheStepThatTookItsName() throws {
        let push = { (name: String) in #"{"op": "push", "node": "\#(name)"}"# }
        let golden = try Self.run([push("A"), push("B"), push("C"), #"{"op": "pop"}"#])
        let now = try Self.run([push("A"), push("C"), #"{"op": "pop"}"#])
        let report = Self.check(Self.goldens(golden), against: now)
        let paths = report.diagrams.map(\.path)
        #expect(Set(paths).count == paths.count, "\(paths)")
        #expect(paths.contains("states/old-002-push.expected.svg"))
        #expect(report.lines.contains("  gone:    states/002-push.dot (golden of a removed step)"))
        #expect(!report.lines.contains { $0.hasPrefix("  new:") })
        #expect(report.lines.contains { $0.hasPrefix("  changed: states/002-push.dot (golden states/003-push.dot)") })
    }

    /// (Drawings that alone differ, as another navviz's would: no step line says what changed, so their diff is shown.)
    @Test func theDiffIsCappedPerFileAndPerScenario() throws {
        let push = { (note: String) in
            [#"{"op": "push", "node": "Product", "note": "\#(note)"}"#, #"{"op": "push", "node": "Reviews", "note": "\#(note)"}"#]
        }
        let golden = try Self.run(push("Open it."))
        let now = try Self.run(push("Open it now."))
        var check = GoldenCheck()
        check.linesPerFile = 3
        check.linesPerScenario = 4
        let report = check.compare(
            expected: Self.goldens(golden), actual: Goldens.files(for: now), run: now, name: "shop", golden: "g", artifacts: "a")
        let shownDiff = report.lines.filter {
            $0.hasPrefix("  --- ") || $0.hasPrefix("  +++ ") || $0.hasPrefix("  @@") || $0.hasPrefix("  -") || $0.hasPrefix("  +")
        }
        #expect(shownDiff.count == 4)
        let hidden = report.fullDiff.count - 4
        #expect(report.lines.contains("  … \(hidden) more diff lines in a/drift.txt"))
        // Where a file's diff is cut, it says so (a trial read a hunk cut short as lines removed).
        let cut = try #require(report.lines.firstIndex { $0.hasPrefix("  … ") && $0.hasSuffix("of this file's diff") })
        #expect(report.lines[cut - 1].hasPrefix("  ") && !report.lines[cut - 1].hasPrefix("  … "))
    }

    /// A note is in the transition's caption: the drift says so, and the shown line is cut around the change,
    /// not at its start (the first 200 characters of a caption line are the same before and after).
    @Test func aChangedNoteIsNamedAndItsLineCutWhereItDiffers() throws {
        let golden = try Self.run([#"{"op": "push", "node": "Product", "note": "Open the product."}"#])
        let now = try Self.run([#"{"op": "push", "node": "Product", "note": "Open the product page."}"#])
        let report = Self.check(Self.goldens(golden), against: now)
        #expect(report.lines.contains("  changed: transitions/001-push.dot (caption)"))
        let shown = report.lines.filter {
            $0.hasPrefix("  -  graph") || $0.hasPrefix("  +  graph") || $0.hasPrefix("  -…") || $0.hasPrefix("  +…")
        }
        #expect(shown.count == 2)
        #expect(shown.contains { $0.contains("Open the product.") })
        #expect(shown.contains { $0.contains("Open the product page.") })
    }

    @Test(arguments: [
        (String(repeating: "a", count: 10), nil as String?, 8, "aaaaaaa…"),
        (
            "-" + String(repeating: "a", count: 300) + "X" + String(repeating: "b", count: 20),
            "+" + String(repeating: "a", count: 300) + "Y", 60,
            "-…" + String(repeating: "a", count: 37) + "X" + String(repeating: "b", count: 20)
        ),
        (
            "-" + String(repeating: "a", count: 300) + "X" + String(repeating: "b", count: 100),
            "+" + String(repeating: "a", count: 300) + "Y",
            60, "-…" + String(repeating: "a", count: 20) + "X" + String(repeating: "b", count: 36) + "…"
        ),
        ("short", "other", 60, "short"),
    ])
    func longLinesAreCutAroundTheirFirstDifference(line: String, counterpart: String?, limit: Int, expected: String) {
        #expect(GoldenCheck.clipped(line, counterpart: counterpart, to: limit) == expected)
    }

    /// Only the top-level caption line counts as the caption; a cluster's `graph [` line is the diagram.
    @Test(arguments: [
        ("  graph [label=<a>];", "  graph [label=<b>];", " (caption)"),
        ("    graph [color=red, label=<Nav>];", "    graph [color=red, label=<Tab>];", ""),
        ("  n2 [label=<<B>Appearance events</B> 1>];", "  n2 [label=<<B>Appearance events</B> 2>];", " (appearance events)"),
        ("  n3 [label=Home];", "  n3 [label=Cart];", ""),
        // No caption on either side (a state's line), or the same one: edited elsewhere, no caption's change (a trial).
        ("  graph [compound=true, fontsize=10];", "  graph [compound=true, fontsize=10]; ", ""),
        ("  graph [fontsize=10, label=<a>];", "  graph [fontsize=10, label=<a>]; ", ""),
        // A stacked transition's events sit in its caption: the part that changed is named (a code-review trial).
        (
            "  graph [label=<Step 5 <B>Appearance events</B> A (animated)>];", "  graph [label=<Step 5 <B>Appearance events</B> A>];",
            " (appearance events)"
        ),
        (
            "  graph [label=<Step 5 — Tap <B>Appearance events</B> A>];", "  graph [label=<Step 5 — Tap it <B>Appearance events</B> A>];",
            " (caption)"
        ),
        (
            "  graph [label=<Step 5 — a <B>Appearance events</B> A>];", "  graph [label=<Step 5 — b <B>Appearance events</B> B>];",
            " (caption, appearance events)"
        ),
    ])
    func whatChangedNamesOnlyTextParts(old: String, new: String, expected: String) {
        let diff = LineDiff.lines(old: "digraph {\n\(old)\n}\n", new: "digraph {\n\(new)\n}\n")
        #expect(GoldenCheck.whatChanged("transitions/001-push.dot", diff: diff) == expected)
    }
}

/// The report's words for names shared or kept (found by a second review): a diagram at the same number under
/// another operation's name is renumbered 'but for the operation's name'; a new diagram whose name a removed
/// step's golden had says it has no golden of this step.
@Suite struct GoldenCheckWordingTests {
    @Test func anOperationRenamedAtTheSameNumber() throws {
        let golden = try GoldenCheckTests.run([#"{"op": "push", "node": "A"}"#])
        let now = try GoldenCheckTests.run([#"{"op": "show", "node": "A"}"#])
        let report = GoldenCheckTests.check(GoldenCheckTests.goldens(golden), against: now)
        #expect(
            report.lines.contains("  renumbered: states/001-show.dot (golden states/001-push.dot, unchanged but for the operation's name)"))
    }

    @Test func aNewDiagramWhoseNameARemovedStepHad() throws {
        let golden = try GoldenCheckTests.run([#"{"op": "present", "node": "S"}"#, #"{"op": "pop"}"#])
        let now = try GoldenCheckTests.run([#"{"op": "push", "node": "B"}"#, #"{"op": "pop"}"#, #"{"op": "present", "node": "S"}"#])
        let report = GoldenCheckTests.check(GoldenCheckTests.goldens(golden), against: now)
        let lines = report.lines.filter { $0.contains("states/002-pop.dot") && !$0.contains("---") && !$0.contains("+++") }
        #expect(lines.allSatisfy { !$0.hasSuffix("(no golden)") }, "\(lines)")
    }
}

extension GoldenCheckTests {
    /// A DOT diff is left to drift.txt only for a step a line names, and only when its caption's text (a note, an
    /// animation) did not change too: a note changed at another step was hidden (a review).
    @Test func aCaptionChangeAtAnotherStepIsShown() throws {
        let golden = try Self.run([#"{"op": "push", "node": "Product"}"#, #"{"op": "push", "node": "Reviews", "note": "Open reviews."}"#])
        let now = try Self.run([#"{"op": "push", "node": "Specs"}"#, #"{"op": "push", "node": "Reviews", "note": "Open the reviews."}"#])
        let report = Self.check(Self.goldens(golden), against: now)
        #expect(report.lines.contains("  --- transitions/002-push.dot (golden)"))
        #expect(!report.lines.contains("  --- states/001-push.dot (golden)"))
        #expect(report.lines.contains { $0.hasPrefix("  the DOT line diffs of the steps named above (") })
    }

    /// Only captions changed (an imported capture's note names its file): said, not blamed on another navviz (a trial).
    @Test func onlyCaptionsChangedIsSaidAsSuch() throws {
        let golden = try Self.run([#"{"op": "push", "node": "Product", "note": "Captured in a-2.txt."}"#])
        let now = try Self.run([#"{"op": "push", "node": "Product", "note": "Captured in b-2.txt."}"#])
        let report = Self.check(Self.goldens(golden), against: now)
        #expect(
            report.lines.contains(
                "  no step navigates differently: only the transitions' captions changed (a step's note, animation or status; "
                    + "an imported capture's note names its file)"))
        #expect(!report.lines.contains { $0.contains("another navviz version") })
    }

    /// Only the callbacks or hooks a transition lists changed (a seed hook renamed): said so; a golden's run.json keeps
    /// neither, and "the callbacks are the same … another navviz version?" sent the reader the wrong way.
    @Test func onlyTheListedEventsChangedIsSaidAsSuch() throws {
        let run = try Self.run([#"{"op": "push", "node": "Product"}"#])
        var golden = Self.goldens(run)
        let path = "transitions/001-push.dot"
        #expect(golden[path]?.contains("Product.viewWillAppear") == true)
        golden[path] = golden[path]!.replacingOccurrences(of: "Product.viewWillAppear", with: "Product.viewWillAppearing")
        let report = Self.check(golden, against: run)
        #expect(report.lines.contains { $0.hasPrefix("  changed: \(path)") && $0.hasSuffix("(appearance events)") })
        #expect(
            report.lines.contains(
                "  no step navigates differently: the callbacks or seed hooks a transition lists changed (a golden's run.json "
                    + "keeps neither; the lines below say which)"))
        #expect(!report.lines.contains { $0.contains("another navviz version") })
    }
}

extension GoldenCheckTests {
    /// An imported flow's captures as `check` runs them.
    static func imported(_ texts: [String]) throws -> Run {
        ScenarioRunner.run(try ScenarioDecoder.decode(CaptureMatchingTests.imported(texts), file: "flow.json"))
    }

    /// Captured controllers are matched by place in `check` as in `diff`: its lines say so, and the pictures it draws
    /// of each changed step compare the controllers its lines name (a trial: the `.diff.svg` drew a removed tab as a pop
    /// and three moves, the lines as one removal).
    @Test func capturesAreMatchedByPlaceInTheLinesAndThePictures() throws {
        let tabs = { (names: [String], selected: Int) in CaptureMatchingTests.tabBar(names, selected: selected) }
        let four = CaptureMatchingTests.fourTabs
        let sheet = { (style: String) in CaptureMatchingTests.sheet("ContactInfoViewController", style: style) }
        let golden = try Self.imported([tabs(four, 0), tabs(four, 0) + sheet("PageSheet")])
        let now = try Self.imported([tabs(Array(four.prefix(3)), 0), tabs(Array(four.prefix(3)), 0) + sheet("FormSheet")])
        let report = Self.check(Self.goldens(golden), against: now, name: "flow")
        #expect(
            report.lines.contains(
                "  note: captured controllers are numbered in print order, so flow.json's are matched with g/run.json's by their "
                    + "place and named as there: UINavigationController#4 as UINavigationController#5"))
        let picture = try #require(report.diagrams.first { $0.path == "states/001-snapshot.diff.svg" })
        #expect(picture.dot.contains("UINavigationController#5 style pageSheet → formSheet"))
        #expect(!picture.dot.contains(" moved from") && !picture.dot.contains("~ moved"))
    }
}
