import Foundation
import NavVizTestSupport
import Testing

/// `navviz check` end to end, through the built binary.
@Suite struct CheckCLITests {
    static let packageRoot = NavVizTestSupport.packageRoot

    @Test func recordThenCheckPasses() throws {
        let folder = try ScenarioFolder(["flows/shop.json": ReviewScenario.base])
        let record = try navviz(["check", "flows", "--golden", "golden", "--record"], in: folder.url)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout == "recorded shop: 9 goldens (9 new) in golden/shop/\n")
        #expect(
            try read("golden/shop/summary.txt", in: folder.url) == """
                0 initial ok shopTabs > shopNav > Home
                1 push ok shopTabs > shopNav > Product
                2 popToRoot ok shopTabs > shopNav > Home
                3 select ok shopTabs > cartNav > Cart

                """)
        for path in [
            "states/000-initial.dot", "states/003-select.dot", "transitions/001-push.dot", "transitions/003-select.dot", "run.json",
        ] {
            #expect(exists("golden/shop/\(path)", in: folder.url), "\(path)")
        }
        #expect(!exists("golden/shop/transitions/000-initial.dot", in: folder.url))

        let check = try navviz(["check", "flows/shop.json", "--golden", "golden"], in: folder.url)
        #expect(check.status == 0)
        #expect(check.stdout == "ok   shop: 9 goldens match\n1 scenario matches the goldens in golden/\n")
        #expect(check.stderr == "")
        #expect(!exists("navviz-artifacts", in: folder.url))

        let again = try navviz(["check", "flows", "--golden", "golden", "--record"], in: folder.url)
        #expect(again.stdout == "unchanged shop: 9 goldens in golden/shop/\n")
    }

    /// A failed expectation is a warning for `check`, and a failure with `--strict` (CI that wants the scenarios'
    /// own assertions enforced): the goldens match either way.
    /// What a killed `--record` left beside the goldens (the staging folder of a process that is gone) is removed by
    /// the next check: it stayed, and `git add` of the golden folder would commit half a golden set. A live
    /// process's stays.
    @Test func aKilledRecordsStagingFolderIsRemovedByTheNextCheck() throws {
        let folder = try ScenarioFolder(["flows/shop.json": ReviewScenario.base])
        #expect(try navviz(["check", "flows", "--golden", "golden", "--record"], in: folder.url).status == 0)
        let gone = folder.url.appendingPathComponent("golden/.shop.navviz-tmp-2147483646/states")
        let live = folder.url.appendingPathComponent("golden/.shop.navviz-tmp-1/states")
        for staging in [gone, live] {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
            try "digraph {}".write(to: staging.appendingPathComponent("000-initial.dot"), atomically: true, encoding: .utf8)
        }
        #expect(try navviz(["check", "flows", "--golden", "golden"], in: folder.url).status == 0)
        #expect(!exists("golden/.shop.navviz-tmp-2147483646", in: folder.url))
        #expect(exists("golden/.shop.navviz-tmp-1/states/000-initial.dot", in: folder.url))
    }

    /// A golden of a step the golden run never had (a copied file) is said to be stray, not a removed step's; and a file
    /// `--record` does not write refuses the record with advice for a golden folder (it was told to choose another output
    /// directory: a code-review trial).
    @Test func aStrayFileInAGoldenFolderIsNamedForWhatItIs() throws {
        let folder = try ScenarioFolder(["flows/shop.json": ReviewScenario.base])
        #expect(try navviz(["check", "flows", "--golden", "golden", "--record"], in: folder.url).status == 0)
        let states = folder.url.appendingPathComponent("golden/shop/states")
        let golden = try String(contentsOf: states.appendingPathComponent("001-push.dot"), encoding: .utf8)
        try golden.write(to: states.appendingPathComponent("042-push.dot"), atomically: true, encoding: .utf8)
        // Step 2 is a pop: a push's diagram under its number is stray too, and the pop's golden is not called gone.
        try golden.write(to: states.appendingPathComponent("002-push.dot"), atomically: true, encoding: .utf8)
        let check = try navviz(["check", "flows", "--golden", "golden", "--artifacts", "art"], in: folder.url)
        #expect(check.status == 1)
        for stray in ["002-push", "042-push"] {
            #expect(
                check.stdout.contains(
                    "  gone:    states/\(stray).dot (no step of the golden run.json is drawn so: a stray file? --record removes it)\n"))
        }
        #expect(check.stdout.hasPrefix("FAIL shop: 2 goldens gone (golden/shop/)\n"))
        #expect(!check.stdout.contains("002-popToRoot"))
        #expect(!check.stdout.contains("only the drawings changed"))
        try golden.write(to: states.appendingPathComponent("001-push copy.dot"), atomically: true, encoding: .utf8)
        let record = try navviz(["check", "flows", "--golden", "golden", "--record"], in: folder.url)
        #expect(record.status == 74)
        #expect(
            record.stderr
                == "golden/shop: not replaced: it holds 'states/001-push copy.dot', which navviz does not write there. Move or remove it, then record again\n"
        )
        #expect(exists("golden/shop/states/042-push.dot", in: folder.url))
        // Every stray file is named (a code-review trial's "(and 1 more)" was found on the next run), up to four.
        try "notes".write(to: folder.url.appendingPathComponent("golden/shop/NOTES.md"), atomically: true, encoding: .utf8)
        let two = try navviz(["check", "flows", "--golden", "golden", "--record"], in: folder.url)
        #expect(
            two.stderr
                == "golden/shop: not replaced: it holds 'NOTES.md' (and 'states/001-push copy.dot'), which navviz does not write there. Move or remove it, then record again\n"
        )
        for n in 1...4 { try "x".write(to: folder.url.appendingPathComponent("golden/shop/x\(n).txt"), atomically: true, encoding: .utf8) }
        let six = try navviz(["check", "flows", "--golden", "golden", "--record"], in: folder.url)
        #expect(
            six.stderr.hasPrefix(
                "golden/shop: not replaced: it holds 'NOTES.md' (and 'states/001-push copy.dot', 'x1.txt', 'x2.txt', 2 more), which"))
        for name in ["NOTES.md", "x1.txt", "x2.txt", "x3.txt", "x4.txt"] {
            try FileManager.default.removeItem(at: folder.url.appendingPathComponent("golden/shop/\(name)"))
        }
        try FileManager.default.removeItem(at: states.appendingPathComponent("001-push copy.dot"))
        #expect(try navviz(["check", "flows", "--golden", "golden", "--record"], in: folder.url).status == 0)
        #expect(!exists("golden/shop/states/042-push.dot", in: folder.url))
    }

    /// A render into a golden folder is refused as that: "it holds 'run.json', which navviz does not write there" read as a
    /// refusal of a file render writes itself (a code-review trial).
    @Test func aRenderIntoAGoldenFolderSaysItHoldsGoldens() throws {
        let folder = try ScenarioFolder(["flows/shop.json": ReviewScenario.base])
        #expect(try navviz(["check", "flows", "--golden", "golden", "--record"], in: folder.url).status == 0)
        let render = try navviz(["render", "flows/shop.json", "-o", "golden"], in: folder.url)
        #expect(render.status == 74)
        #expect(
            render.stderr
                == "golden/shop: not replaced: it holds the goldens navviz check records (source.txt, summary.txt and 8 more), not a render. Render into another folder\n"
        )
    }

    /// One invalid scenario among several does not hide the others' drift: they are compared and reported, and the check
    /// exits 65 with a line that counts them (a code-review trial's CI read one parse error, nothing of the others).
    /// `--record` records none of them.
    /// A renamed scenario says so: it read "changed: run.json" and nothing else (a CI trial).
    @Test func aRenamedScenarioSaysItsNameChanged() throws {
        let folder = try ScenarioFolder(["flows/shop.json": ReviewScenario.base])
        #expect(try navviz(["check", "flows", "--golden", "golden", "--record"], in: folder.url).status == 0)
        try ReviewScenario.text([ReviewScenario.pushProduct, ReviewScenario.popToRoot, ReviewScenario.selectCart], name: "Shop tour")
            .write(to: folder.url.appendingPathComponent("flows/shop.json"), atomically: true, encoding: .utf8)
        let check = try navviz(["check", "flows", "--golden", "golden"], in: folder.url)
        #expect(check.status == 1)
        #expect(
            (check.stdout + check.stderr).contains("\n  the scenario's name changed: 'Shop' → 'Shop tour'\n"),
            "\(check.stdout)\(check.stderr)")
        #expect(try read("navviz-artifacts/shop/drift.txt", in: folder.url).contains("the scenario's name changed: 'Shop' → 'Shop tour'"))
    }

    /// A golden DOT that is none navviz writes is said to be so (a damaged one read "recorded by another navviz version?"),
    /// and a trailing space on a state's line is no caption's change (it read "only the transitions' captions changed").
    @Test func anEditedOrDamagedGoldenIsNamed() throws {
        let folder = try ScenarioFolder(["flows/shop.json": ReviewScenario.base])
        #expect(try navviz(["check", "flows", "--golden", "golden", "--record"], in: folder.url).status == 0)
        let file = folder.url.appendingPathComponent("golden/shop/states/001-push.dot")
        let good = try String(contentsOf: file, encoding: .utf8)
        var lines = good.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Not UTF-8; cut short; a merge's conflict markers; a line replaced (the last three read "recorded by another navviz
        // version? pin the one CI runs", a CI trial).
        let conflicted = lines[..<3] + ["<<<<<<< HEAD"] + lines[3..<5] + ["======="] + lines[3..<5] + [">>>>>>> feature"] + lines[5...]
        var replaced = lines
        replaced[2] = "garbage line"
        for bytes in [
            Data([0xFF, 0xFE]), Data(good.utf8.prefix(300)), Data(conflicted.joined(separator: "\n").utf8),
            Data(replaced.joined(separator: "\n").utf8),
        ] {
            try bytes.write(to: file)
            let damaged = try navviz(["check", "flows", "--golden", "golden"], in: folder.url)
            #expect(damaged.status == 1)
            #expect(
                (damaged.stdout + damaged.stderr).contains(
                    "  no step navigates differently: the golden states/001-push.dot is not a DOT navviz writes (edited by hand, or "
                        + "damaged?): record the goldens again\n"), "\(damaged.stdout)\(damaged.stderr)")
            #expect(!(damaged.stdout + damaged.stderr).contains("another navviz version"))
            // Its expected picture, drawn from it, names the golden (a trial was told of an artifact never written).
            #expect(!damaged.stderr.contains("cannot render"), "\(damaged.stderr)")
        }
        try Data("stray\n".utf8).write(to: file)
        let stray = try navviz(["check", "flows", "--golden", "golden"], in: folder.url)
        #expect(
            stray.stderr.hasPrefix(
                "states/001-push.expected.svg: not drawn: the golden states/001-push.dot is not DOT navviz wrote (Invalid DOT: syntax "
                    + "error in line 1 near 'stray'): edited by hand? --record writes it again\n"), "\(stray.stderr)")
        lines[1] += " "
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let edited = try navviz(["check", "flows", "--golden", "golden"], in: folder.url)
        let report = edited.stdout + edited.stderr
        #expect(edited.status == 1)
        #expect(report.contains("  changed: states/001-push.dot\n") && !report.contains("caption"), "\(report)")
    }

    @Test func anInvalidScenarioDoesNotHideTheOthersDrift() throws {
        let folder = try ScenarioFolder(["flows/shop.json": ReviewScenario.base, "flows/tour.json": ReviewScenario.base])
        #expect(try navviz(["check", "flows", "--golden", "golden", "--record"], in: folder.url).status == 0)
        try #"{"navviz": 1,"#.write(to: folder.url.appendingPathComponent("flows/tour.json"), atomically: true, encoding: .utf8)
        let check = try navviz(["check", "flows", "--golden", "golden"], in: folder.url)
        #expect(check.status == 65)
        #expect(check.stdout == "ok   shop: 9 goldens match\n")
        #expect(
            check.stderr == """
                flows/tour.json: invalid JSON at line 1, column 14: unexpected end of input: expected a member name
                1 of 2 scenario files is invalid (above) and not checked; of the other 1: 1 matches

                """)
        // Its goldens are not called orphaned, and nothing is recorded while it is invalid.
        #expect(!check.stderr.contains("orphan") && !check.stderr.contains("no scenario"))
        let record = try navviz(["check", "flows", "--golden", "golden", "--record"], in: folder.url)
        #expect(record.status == 65)
        #expect(record.stderr.hasSuffix("Nothing was recorded: every scenario must be valid to record goldens\n"))
    }

    /// A golden that is not a file says what it is (it read "cannot read the golden"), and a pipe is not opened.
    @Test func aGoldenThatIsNotAFileSaysWhatItIs() throws {
        let folder = try ScenarioFolder(["flows/shop.json": ReviewScenario.base])
        #expect(try navviz(["check", "flows", "--golden", "golden", "--record"], in: folder.url).status == 0)
        let golden = folder.url.appendingPathComponent("golden/shop/states/001-push.dot")
        try FileManager.default.removeItem(at: golden)
        #expect(mkfifo(golden.path, 0o600) == 0)
        let pipe = try navviz(["check", "flows", "--golden", "golden"], in: folder.url)
        #expect(pipe.status == 65)
        #expect(
            pipe.stderr == "golden/shop/states/001-push.dot: cannot read the golden: it is a symbolic link or a special file, not a file\n")
        try FileManager.default.removeItem(at: golden)
        try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: false)
        let directory = try navviz(["check", "flows", "--golden", "golden"], in: folder.url)
        #expect(directory.status == 65)
        #expect(directory.stderr == "golden/shop/states/001-push.dot: cannot read the golden: it is a folder, not a file\n")
    }

    @Test func strictFailsOnAFailedExpectation() throws {
        let scenario =
            #"{"navviz": 1, "name": "shop", "root": {"navigation": ["Home"]}, "steps": [{"push": "Product", "expect": {"visible": "Home"}}]}"#
        let folder = try ScenarioFolder(["flows/shop.json": scenario])
        #expect(try navviz(["check", "flows", "--golden", "golden", "--record"], in: folder.url).status == 0)
        let lenient = try navviz(["check", "flows", "--golden", "golden"], in: folder.url)
        #expect(lenient.status == 0)
        #expect(lenient.stderr.contains("warning: flows/shop.json: 1 expectation failed"))
        // Each by its step (a CI trial's log had the count only).
        #expect(lenient.stderr.contains("\n  flows/shop.json: steps[0].expect.visible (step 1): expected 'Home', got 'Product'\n"))
        let strict = try navviz(["check", "flows", "--golden", "golden", "--strict"], in: folder.url)
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("ok   shop: "))
        #expect(!strict.stdout.contains("matches the goldens"))
        #expect(
            strict.stderr.hasSuffix(
                "1 scenario matches the goldens in golden/, but 1 expectation failed (--strict; navviz run shows them)\n"))
        // With a drift too, the last line counts both (a code-review trial's left the expectations out).
        let drifted = scenario.replacingOccurrences(of: #"["Home"]"#, with: #"["Start"]"#).replacingOccurrences(
            of: #""visible": "Home""#, with: #""visible": "Start""#)
        try drifted.write(to: folder.url.appendingPathComponent("flows/shop.json"), atomically: true, encoding: .utf8)
        let both = try navviz(["check", "flows", "--golden", "golden", "--strict"], in: folder.url)
        #expect(both.status == 1)
        #expect(
            both.stderr.hasSuffix(
                "1 of 1 scenario does not match the goldens in golden/ (artifacts in navviz-artifacts/), and 1 expectation failed "
                    + "(--strict; navviz run shows it, and recording goldens does not change that). If the changes are intended, "
                    + "record them locally and commit: navviz check flows --golden golden --record\n"), "\(both.stderr)")
    }

    @Test func aMissingGoldenFailsAndSaysHowToRecord() throws {
        let folder = try ScenarioFolder(["shop.json": ReviewScenario.base, "golden/other/summary.txt": "x"])
        let result = try navviz(["check", "shop.json", "--golden", "golden"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout == "FAIL shop: no goldens in golden/shop/ (record them with --record)\n")
        #expect(
            result.stderr == """
                1 of 1 scenario has no goldens in golden/ yet. Record them locally and commit: navviz check shop.json \
                --golden golden --record

                """)
        #expect(!exists("golden/shop", in: folder.url))
    }

    /// A --golden folder that does not exist is said to be missing, with a close name beside it and the check to run with
    /// it: "record them" started a second golden tree after a typo (new users' CI trials).
    @Test func aGoldenFolderThatDoesNotExistIsNamed() throws {
        let folder = try ScenarioFolder(["shop.json": ReviewScenario.base])
        #expect(try navviz(["check", "shop.json", "--golden", "golden", "--record"], in: folder.url).status == 0)
        let result = try navviz(["check", "shop.json", "--golden", "goldens"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "goldens/: no such folder (from \(folder.url.resolvingSymlinksInPath().path)), so no scenario has goldens there. Did you mean 'golden'? navviz check shop.json --golden golden\n"
        )
        #expect(!exists("goldens", in: folder.url))
        // Recording there is refused too (a trial recorded a second tree under `goldne`, exit 0), unless the folder is made
        // first, on purpose.
        let record = try navviz(["check", "shop.json", "--golden", "goldens", "--record"], in: folder.url)
        #expect(record.status == 64)
        #expect(
            record.stderr
                == "goldens/: no such folder, and 'golden' beside it holds goldens. Did you mean it? navviz check shop.json --golden "
                + "golden --record (to start new goldens under this name, create the folder first: mkdir -p goldens)\n")
        #expect(!exists("goldens", in: folder.url))
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("goldens"), withIntermediateDirectories: false)
        #expect(try navviz(["check", "shop.json", "--golden", "goldens", "--record"], in: folder.url).status == 0)
    }

    /// A captured class's kind corrected with --kind is recorded and checked with it, and a command check prints repeats
    /// it; diff reads captures with it too. Both refused --kind (a CI trial), so a capture's wrong guess went into the
    /// goldens. The capture is iOS Settings' (SOURCES.md), whose root navviz draws as a plain container.
    @Test func checkAndDiffTakeTheKindOfACapturedClass() throws {
        let capture = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Tests/Fixtures/captures/05-preferences-pssplit-cycript.txt"),
            encoding: .utf8)
        let folder = try ScenarioFolder(["prefs.txt": capture])
        let kind = ["--kind", "PSUIPrefsRootController=navigation"]
        #expect(try navviz(["check", "prefs.txt", "--golden", "golden", "--record"] + kind, in: folder.url).status == 0)
        #expect(try navviz(["check", "prefs.txt", "--golden", "golden"] + kind, in: folder.url).status == 0)
        let without = try navviz(["check", "prefs.txt", "--golden", "golden"], in: folder.url)
        #expect(without.status == 1)
        #expect(without.stdout.contains("  step 0: PSUIPrefsRootController kind navigation → controller\n"))
        let other = try navviz(["check", "prefs.txt", "--golden", "golden", "--kind", "PSUIPrefsRootController=tab"], in: folder.url)
        #expect(other.status == 1)
        #expect(
            other.stderr.hasSuffix(
                "record them locally and commit: navviz check prefs.txt --golden golden --kind PSUIPrefsRootController=tab --record\n"))
        // The capture imported as the guess has it, against the capture read with the kind corrected.
        #expect(try navviz(["import", "prefs.txt", "-o", "prefs.json"], in: folder.url).status == 0)
        let diff = try navviz(["diff", "prefs.json", "prefs.txt"] + kind, in: folder.url)
        #expect(diff.status == 1)
        #expect(diff.stdout == "step 0: PSUIPrefsRootController kind controller → navigation\n")
        #expect(try navviz(["diff", "prefs.json", "prefs.txt"], in: folder.url).status == 0)
    }

    /// A close folder without goldens (the scenarios' own) is not the one meant: suggested, it sent a trial there, and from
    /// there to --record into the scenario folder.
    @Test func aCloseFolderWithoutGoldensIsNotSuggested() throws {
        let folder = try ScenarioFolder(["flows/shop.json": ReviewScenario.base])
        let result = try navviz(["check", "flows", "--golden", "flowsg"], in: folder.url)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "flowsg/: no such folder (from \(folder.url.resolvingSymlinksInPath().path)), so no scenario has goldens there. "
                + "Point --golden at the folder that holds them; on a first check, record them locally and commit: navviz check flows "
                + "--golden flowsg --record\n")
    }

    /// The command a failed expectation's warning gives can be pasted, quoted for the shell (a trial: a path with a space).
    @Test func theWarningsCommandIsQuotedForTheShell() throws {
        let failing =
            #"{"navviz": 1, "root": {"navigation": ["Home"]}, "steps": [{"op": "push", "node": "A", "expect": {"visible": "Home"}}]}"#
        let folder = try ScenarioFolder(["my flows/app tour.json": failing])
        let result = try navviz(["check", "my flows/app tour.json", "--golden", "golden", "--record"], in: folder.url)
        #expect(
            result.stderr.hasPrefix(
                "warning: my flows/app tour.json: 1 expectation failed (below; navviz run 'my flows/app tour.json' shows each step)\n"))
    }

    /// Files that share a name are told apart by their folders, so adding one renames no other's goldens (a numbering
    /// by path order compared the iPhone flow with the iPad's goldens once a third file sorted between them).
    @Test func sameNamedScenariosGetGoldensNamedByTheirFolders() throws {
        let folder = try ScenarioFolder([
            "flows/iphone/checkout.json": ReviewScenario.base, "flows/ipad/checkout.json": ReviewScenario.changed,
        ])
        let record = try navviz(["check", "flows/iphone", "flows/ipad", "--golden", "golden", "--record"], in: folder.url)
        #expect(record.status == 0)
        #expect(record.stdout.contains("recorded ipad-checkout (flows/ipad/checkout.json): "))
        #expect(record.stdout.contains("recorded iphone-checkout (flows/iphone/checkout.json): "))
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("flows/ipad-mini"), withIntermediateDirectories: true)
        try ReviewScenario.changed.write(
            to: folder.url.appendingPathComponent("flows/ipad-mini/checkout.json"), atomically: true, encoding: .utf8)
        let check = try navviz(["check", "flows/iphone", "flows/ipad", "flows/ipad-mini", "--golden", "golden"], in: folder.url)
        #expect(check.status == 1)
        let lines = check.stdout.split(separator: "\n").sorted()
        #expect(lines.count == 3)
        #expect(
            lines.first
                == "FAIL ipad-mini-checkout (flows/ipad-mini/checkout.json): no goldens in golden/ipad-mini-checkout/ (record them with --record)"
        )
        #expect(lines.dropFirst().first?.hasPrefix("ok   ipad-checkout (flows/ipad/checkout.json): ") == true)
        #expect(lines.last?.hasPrefix("ok   iphone-checkout (flows/iphone/checkout.json): ") == true)
        // Their folder named absolutely from elsewhere: each named as the folder is (the recorded ones were named from the
        // working directory, beside the others' absolute paths: a trial).
        let flows = folder.url.appendingPathComponent("flows").path
        let elsewhere = try navviz(
            ["check", flows, "--golden", folder.url.appendingPathComponent("golden").path], in: URL(fileURLWithPath: "/"))
        let named = elsewhere.stdout.split(separator: "\n").compactMap { line in
            line.split(separator: "(").dropFirst().first.map { String($0.prefix { $0 != ")" }) }
        }
        #expect(
            named.sorted() == ["\(flows)/ipad-mini/checkout.json", "\(flows)/ipad/checkout.json", "\(flows)/iphone/checkout.json"],
            "\(elsewhere.stdout)")
        // Files in one folder whose names differ only by what a folder name cannot hold are numbered.
        let same = try ScenarioFolder(["f/Sign in.json": ReviewScenario.base, "f/Sign-in.json": ReviewScenario.base])
        let numbered = try navviz(["check", "f", "--golden", "golden", "--record"], in: same.url)
        #expect(numbered.stdout.hasPrefix("recorded Sign-in (f/Sign in.json): "))
        #expect(numbered.stdout.contains("\nrecorded Sign-in-2 (f/Sign-in.json): "))
    }

    /// A folder's check checks the scenarios in its subfolders that have goldens: a subfolder's flow drifted while
    /// `check flows` passed, with a note only (a code-review trial). A check of one subfolder notes none of the others.
    @Test func aFolderCheckChecksTheRecordedScenariosOfItsSubfolders() throws {
        let folder = try ScenarioFolder([
            "flows/tour.json": ReviewScenario.base, "flows/iphone/checkout.json": ReviewScenario.base,
            "flows/ipad/checkout.json": ReviewScenario.base,
        ])
        let record = try navviz(["check", "flows", "flows/iphone", "flows/ipad", "--golden", "golden", "--record"], in: folder.url)
        #expect(record.status == 0)
        try ReviewScenario.changed.write(
            to: folder.url.appendingPathComponent("flows/ipad/checkout.json"), atomically: true, encoding: .utf8)
        let check = try navviz(["check", "flows", "--golden", "golden"], in: folder.url)
        #expect(check.status == 1)
        let lines = check.stdout.split(separator: "\n").filter { $0.hasPrefix("ok ") || $0.hasPrefix("FAIL ") }.map { $0.prefix(40) }
        #expect(
            lines == [
                "ok   tour: 9 goldens match", "FAIL ipad-checkout (flows/ipad/checkout.",
                "ok   iphone-checkout (flows/iphone/check",
            ])
        #expect(!check.stderr.contains("not checked here"))
        let one = try navviz(["check", "flows/iphone", "--golden", "golden"], in: folder.url)
        #expect(one.status == 0)
        #expect(one.stderr == "")
    }

    /// A folder's check checks every navviz scenario in its subfolders, recorded or not: a code-review trial moved a
    /// recorded scenario into a subfolder (and changed it) and added a new one beside it; neither was checked and CI passed,
    /// `--strict` too. Other JSON there (a run.json, a package.json) and rendered outputs are not scenarios.
    @Test func aFolderCheckChecksEveryScenarioOfItsSubfolders() throws {
        let folder = try ScenarioFolder(["flows/tour.json": ReviewScenario.base, "flows/checkout.json": ReviewScenario.base])
        #expect(try navviz(["check", "flows", "--golden", "flows/golden", "--record"], in: folder.url).status == 0)
        let fm = FileManager.default
        try fm.createDirectory(at: folder.url.appendingPathComponent("flows/shop"), withIntermediateDirectories: true)
        try fm.moveItem(
            at: folder.url.appendingPathComponent("flows/checkout.json"), to: folder.url.appendingPathComponent("flows/shop/checkout.json"))
        try ReviewScenario.changed.write(
            to: folder.url.appendingPathComponent("flows/shop/checkout.json"), atomically: true, encoding: .utf8)
        try ReviewScenario.base.write(to: folder.url.appendingPathComponent("flows/shop/refund.json"), atomically: true, encoding: .utf8)
        try #"{"name": "shop", "dependencies": {}}"#.write(
            to: folder.url.appendingPathComponent("flows/shop/package.json"), atomically: true, encoding: .utf8)
        #expect(try navviz(["render", "flows/tour.json", "-o", "flows/docs"], in: folder.url).status == 0)
        let check = try navviz(["check", "flows", "--golden", "flows/golden"], in: folder.url)
        #expect(check.status == 1)
        let lines = check.stdout.split(separator: "\n").filter { $0.hasPrefix("ok ") || $0.hasPrefix("FAIL ") }.map { $0.prefix(32) }
        #expect(lines == ["ok   tour: 9 goldens match", "FAIL checkout: 5 of 9 goldens di", "FAIL refund: no goldens in flows"])
        #expect(try navviz(["check", "flows", "--golden", "flows/golden", "--record"], in: folder.url).status == 0)
        let again = try navviz(["check", "flows", "--golden", "flows/golden", "--strict"], in: folder.url)
        #expect(again.status == 0)
        #expect(again.stderr == "note: removed navviz-artifacts/checkout/, an earlier drift's artifacts: checkout matches now\n")
        // A subfolder with goldens of its own is another suite, checked against those (`check flows/ipad --golden
        // flows/ipad/golden`): not this one's.
        try fm.createDirectory(at: folder.url.appendingPathComponent("flows/ipad"), withIntermediateDirectories: true)
        try ReviewScenario.changed.write(to: folder.url.appendingPathComponent("flows/ipad/split.json"), atomically: true, encoding: .utf8)
        #expect(try navviz(["check", "flows/ipad", "--golden", "flows/ipad/golden", "--record"], in: folder.url).status == 0)
        #expect(try navviz(["check", "flows", "--golden", "flows/golden"], in: folder.url).status == 0)
        // A scenario that does not read (a merge conflict left in it) is checked, and said (a review: skipped, CI passed).
        try "<<<<<<< HEAD\n\(ReviewScenario.base)\n=======\n\(ReviewScenario.changed)\n>>>>>>> branch\n".write(
            to: folder.url.appendingPathComponent("flows/shop/refund.json"), atomically: true, encoding: .utf8)
        let conflicted = try navviz(["check", "flows", "--golden", "flows/golden"], in: folder.url)
        #expect(conflicted.status == 65)
        #expect(conflicted.stderr.hasPrefix("flows/shop/refund.json: invalid JSON at line 1"))
    }

    /// A golden folder records the file it was recorded from (source.txt), so a file checked on its own, or with
    /// other files, from another folder, finds its own goldens (a CI trial: `check flows/ipad/checkout.json` alone was
    /// named `checkout` and compared with the iPhone flow's goldens, and --record would have overwritten them).
    @Test func aRecordedScenarioFindsItsGoldensWhateverIsCheckedWithIt() throws {
        let folder = try ScenarioFolder([
            "flows/iphone/checkout.json": ReviewScenario.base, "flows/ipad/checkout.json": ReviewScenario.changed,
        ])
        // Recorded alone first: `checkout/`, which it keeps when the iPad flow joins.
        let first = try navviz(["check", "flows/iphone/checkout.json", "--golden", "golden", "--record"], in: folder.url)
        #expect(first.stdout == "recorded checkout: 9 goldens (9 new) in golden/checkout/\n")
        #expect(try read("golden/checkout/source.txt", in: folder.url) == "../flows/iphone/checkout.json\n")
        let both = try navviz(["check", "flows/ipad", "flows/iphone", "--golden", "golden", "--record"], in: folder.url)
        #expect(
            both.stdout == """
                recorded ipad-checkout (flows/ipad/checkout.json): 9 goldens (9 new) in golden/ipad-checkout/
                unchanged checkout (flows/iphone/checkout.json): 9 goldens in golden/checkout/

                """)
        #expect(try read("golden/ipad-checkout/source.txt", in: folder.url) == "../flows/ipad/checkout.json\n")
        // Both lines name their file: the one that keeps the plain name too (a docs trial).
        let checked = try navviz(["check", "flows/ipad", "flows/iphone", "--golden", "golden"], in: folder.url)
        #expect(
            checked.stdout.hasPrefix(
                "ok   ipad-checkout (flows/ipad/checkout.json): 9 goldens match\nok   checkout (flows/iphone/checkout.json): 9 goldens match\n"
            ))

        // Alone, and from another folder: each its own goldens.
        let ipad = try navviz(["check", "ipad/checkout.json", "--golden", "../golden"], in: folder.url.appendingPathComponent("flows"))
        #expect(ipad.status == 0, "\(ipad.stdout)")
        #expect(ipad.stdout == "ok   ipad-checkout (ipad/checkout.json): 9 goldens match\n1 scenario matches the goldens in ../golden/\n")
        let iphone = try navviz(["check", "flows/iphone/checkout.json", "--golden", "golden"], in: folder.url)
        #expect(iphone.stdout == "ok   checkout: 9 goldens match\n1 scenario matches the goldens in golden/\n")
        // A new file of the same name takes neither folder.
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("flows/mac"), withIntermediateDirectories: true)
        try ReviewScenario.base.write(to: folder.url.appendingPathComponent("flows/mac/checkout.json"), atomically: true, encoding: .utf8)
        let mac = try navviz(["check", "flows/mac/checkout.json", "--golden", "golden"], in: folder.url)
        #expect(
            mac.stdout
                == "FAIL mac-checkout (flows/mac/checkout.json): no goldens in golden/mac-checkout/ (record them with --record)\n")

        // A file named twice (its folder and itself) is one scenario, with one folder (a review: both went to `checkout-2/`),
        // read once (a trial: counted twice).
        let twice = try navviz(["check", "flows/mac", "flows/mac/checkout.json", "--golden", "golden", "--record"], in: folder.url)
        #expect(twice.stdout.components(separatedBy: "in golden/mac-checkout/\n").count == 2, "\(twice.stdout)")
        #expect(twice.stderr.hasPrefix("flows/mac/checkout.json: note: named twice, read once\n"), "\(twice.stderr)")
        #expect(!exists("golden/mac-checkout-2", in: folder.url))
        // A file that moved is pointed at the goldens of its old path; a folder's check notes them.
        try FileManager.default.moveItem(
            at: folder.url.appendingPathComponent("flows/iphone"), to: folder.url.appendingPathComponent("flows/phone"))
        let moved = try navviz(["check", "flows/phone", "flows/ipad", "--golden", "golden"], in: folder.url)
        #expect(moved.status == 1)
        #expect(
            moved.stdout.hasPrefix(
                "FAIL phone-checkout (flows/phone/checkout.json): no goldens in golden/phone-checkout/ (record them with --record; "
                    + "golden/checkout/ holds the goldens of ../flows/iphone/checkout.json, which is gone: if the file moved here, "
                    + "rename that folder)\n"))
        #expect(
            moved.stderr.hasPrefix(
                "note: golden/checkout/ holds the goldens of ../flows/iphone/checkout.json (its source.txt), which is gone "
                    + "(renamed or removed?); remove it if it is stale\n"))
    }

    /// A scenario renamed in its folder is pointed at the goldens of its old name, with the command that moves them (a
    /// code-review trial was told to record new goldens, and a change made with the rename would go unchecked); then checked
    /// against them.
    @Test func aRenamedScenarioIsPointedAtItsOldGoldens() throws {
        let folder = try ScenarioFolder(["flows/shop.json": ReviewScenario.base, "flows/other.json": ReviewScenario.base])
        #expect(try navviz(["check", "flows", "--golden", "golden", "--record"], in: folder.url).status == 0)
        try FileManager.default.moveItem(
            at: folder.url.appendingPathComponent("flows/shop.json"), to: folder.url.appendingPathComponent("flows/store.json"))
        try ReviewScenario.changed.write(to: folder.url.appendingPathComponent("flows/store.json"), atomically: true, encoding: .utf8)
        let renamed = try navviz(["check", "flows", "--golden", "golden"], in: folder.url)
        #expect(renamed.status == 1)
        #expect(
            renamed.stdout.hasPrefix(
                "ok   other: 9 goldens match\nFAIL store: no goldens in golden/store/ (record them with --record; golden/shop/ holds "
                    + "the goldens of ../flows/shop.json, which is gone: if flows/store.json is that file renamed, rename the folder to "
                    + "store (mv golden/shop golden/store) and check again)\n"), "\(renamed.stdout)")
        try FileManager.default.moveItem(
            at: folder.url.appendingPathComponent("golden/shop"), to: folder.url.appendingPathComponent("golden/store"))
        let moved = try navviz(["check", "flows", "--golden", "golden"], in: folder.url)
        #expect(moved.status == 1)
        #expect(moved.stdout.contains("FAIL store: "))
        #expect(!moved.stdout.contains("no goldens"))
        // The moved folder's source.txt still names the old file: a new scenario is not pointed at it, store.json checks
        // against it (a review).
        try ReviewScenario.base.write(to: folder.url.appendingPathComponent("flows/wishlist.json"), atomically: true, encoding: .utf8)
        let added = try navviz(["check", "flows", "--golden", "golden"], in: folder.url)
        #expect(added.stdout.contains("FAIL wishlist: no goldens in golden/wishlist/ (record them with --record)\n"), "\(added.stdout)")
    }

    @Test func aDriftAndAMissingGoldenAreCountedApart() throws {
        let folder = try ScenarioFolder(["a/shop.json": ReviewScenario.base, "b/new.json": ReviewScenario.base])
        #expect(try navviz(["check", "a/shop.json", "--golden", "golden", "--record"], in: folder.url).status == 0)
        try ReviewScenario.changed.write(to: folder.url.appendingPathComponent("a/shop.json"), atomically: true, encoding: .utf8)

        let result = try navviz(["check", "a/shop.json", "b/new.json", "--golden", "golden"], in: folder.url)
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                1 of 2 scenarios does not match the goldens in golden/ and 1 has none (artifacts in navviz-artifacts/). If \
                the changes are intended, record them locally and commit: navviz check a/shop.json b/new.json --golden \
                golden --record

                """)
    }

    @Test func driftFailsWithADiffAndArtifactsAtPredictablePaths() throws {
        let folder = try ScenarioFolder(["shop.json": ReviewScenario.base])
        #expect(try navviz(["check", "shop.json", "--golden", "golden", "--record"], in: folder.url).status == 0)
        try ReviewScenario.changed.write(to: folder.url.appendingPathComponent("shop.json"), atomically: true, encoding: .utf8)

        let result = try navviz(["check", "shop.json", "--golden", "golden", "--artifacts", "out/artifacts"], in: folder.url)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.prefix(8) == [
                "FAIL shop: 5 of 9 goldens differ (golden/shop/)",
                "  step 1: ~ Product replaced by Specs in shopNav; visible Product → Specs",
                "  (1 later step differs only by what came before)",
                "  changed: summary.txt",
                "  changed: states/001-push.dot",
                "  changed: transitions/001-push.dot",
                "  changed: transitions/002-popToRoot.dot",
                "  changed: run.json",
            ])
        #expect(lines.contains("  -1 push ok shopTabs > shopNav > Product"))
        #expect(lines.contains("  +1 push ok shopTabs > shopNav > Specs"))
        #expect(lines.contains("  --- summary.txt (golden)"))
        #expect(
            lines.contains {
                $0.hasPrefix("  the DOT line diffs of the steps named above (") && $0.contains("out/artifacts/shop/drift.txt")
            })
        #expect(lines.last == "  artifacts: out/artifacts/shop/")
        #expect(result.stderr.hasPrefix("1 of 1 scenario does not match the goldens in golden/ (artifacts in out/artifacts/)."))

        for kind in ["expected", "actual", "diff"] {
            for path in ["states/001-push", "transitions/001-push", "transitions/002-popToRoot"] {
                let file = "out/artifacts/shop/\(path).\(kind).svg"
                #expect(exists(file, in: folder.url), "\(file)")
            }
        }
        #expect(!exists("out/artifacts/shop/states/002-popToRoot.actual.svg", in: folder.url))
        let diff = try read("out/artifacts/shop/states/001-push.diff.svg", in: folder.url)
        #expect(diff.hasPrefix("<?xml"))
        #expect(diff.contains("golden") && diff.contains("actual"))
        // Composed from the two states' layouts, as `navviz diff -o` draws it: panels holding each state's drawing.
        #expect(diff.contains(#"<g id="panel_before" class="cluster">"#) && diff.contains(#"<g id="panel_after" class="cluster">"#))
        #expect(try read("out/artifacts/shop/drift.txt", in: folder.url).contains("+1 push ok shopTabs > shopNav > Specs\n"))
        // The goldens are untouched.
        #expect(try read("golden/shop/summary.txt", in: folder.url).contains("1 push ok shopTabs > shopNav > Product"))
    }

    /// Artifacts that cannot be written (here a file stands where their folder would go) do not hide the drift: every
    /// scenario is checked and reported, then the check fails with exit 74 naming the folder (it stopped at the first
    /// drift, with no report, naming '.').
    @Test func unwritableArtifactsStillReportEveryDrift() throws {
        let folder = try ScenarioFolder(["flows/a.json": ReviewScenario.base, "flows/b.json": ReviewScenario.base])
        #expect(try navviz(["check", "flows", "--golden", "golden", "--record"], in: folder.url).status == 0)
        for name in ["a", "b"] {
            try ReviewScenario.changed.write(to: folder.url.appendingPathComponent("flows/\(name).json"), atomically: true, encoding: .utf8)
        }
        try "not a folder".write(to: folder.url.appendingPathComponent("art"), atomically: true, encoding: .utf8)
        let result = try navviz(["check", "flows", "--golden", "golden", "--artifacts", "art"], in: folder.url)
        #expect(result.status == 74)
        #expect(result.stdout.contains("FAIL a: 5 of 9 goldens differ (golden/a/)\n  step 1: ~ Product replaced by Specs"))
        #expect(result.stdout.contains("FAIL b: 5 of 9 goldens differ (golden/b/)\n  step 1: ~ Product replaced by Specs"))
        #expect(!result.stdout.contains("art/"), "nothing that was not written is announced")
        #expect(result.stdout.contains(") could not be written (below)\n"))
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("art/a/: cannot write the artifacts there (") == true)
        #expect(
            lines.last
                == "2 of 2 scenarios do not match the goldens in golden/ (above); the artifacts could not be written: pass --artifacts DIR with a folder you can write"
        )
    }

    /// Goldens recorded with `--expand all` and checked without it: the check says so, and the command it suggests for a
    /// re-record keeps `--expand all` (it dropped it: a re-record redrew every golden).
    @Test func goldensOfTheOtherExpansionAreNamedAndTheRerunKeepsTheOption() throws {
        let folder = try ScenarioFolder(["shop.json": ReviewScenario.base])
        #expect(try navviz(["check", "shop.json", "--golden", "golden", "--expand", "all", "--record"], in: folder.url).status == 0)
        let focus = try navviz(["check", "shop.json", "--golden", "golden", "--artifacts", "art"], in: folder.url)
        #expect(focus.status == 1)
        #expect(
            focus.stderr.hasPrefix(
                "note: shop: the goldens in golden/shop/ are what --expand all draws: they were recorded with it; check with --expand all\n"
            ))
        // And the last line says the check to run, not a re-record, which redrew every golden in the other mode (a trial).
        #expect(
            focus.stderr.hasSuffix(
                "1 of 1 scenario does not match the goldens in golden/, which are what --expand all draws: check with it: "
                    + "navviz check shop.json --golden golden --expand all\n"))
        try ReviewScenario.changed.write(to: folder.url.appendingPathComponent("shop.json"), atomically: true, encoding: .utf8)
        let all = try navviz(["check", "shop.json", "--golden", "golden", "--expand", "all", "--artifacts", "art"], in: folder.url)
        #expect(all.status == 1)
        #expect(!all.stderr.contains("note:"))
        #expect(all.stderr.hasSuffix("record them locally and commit: navviz check shop.json --golden golden --expand all --record\n"))
    }

    /// Two files of one name get `flow` and `flow-2` by the order of their paths, not of the arguments.
    @Test func goldenFoldersDoNotDependOnTheOrderOfTheArguments() throws {
        let changed = ReviewScenario.changed
        let folder = try ScenarioFolder(["a/flow.json": ReviewScenario.base, "b/flow.json": changed])
        #expect(try navviz(["check", "a/flow.json", "b/flow.json", "--golden", "golden", "--record"], in: folder.url).status == 0)
        let swapped = try navviz(["check", "b/flow.json", "a/flow.json", "--golden", "golden"], in: folder.url)
        #expect(swapped.status == 0, "\(swapped.stdout)")
        #expect(swapped.stdout.hasSuffix("2 scenarios match the goldens in golden/\n"))
    }

    /// A scenario that matches again has its earlier drift's artifacts removed (they told of a drift that was gone); a
    /// folder holding a file navviz did not write is left alone.
    @Test func anEarlierDriftsArtifactsGoOnceTheScenarioMatches() throws {
        let folder = try ScenarioFolder(["shop.json": ReviewScenario.base])
        #expect(try navviz(["check", "shop.json", "--golden", "golden", "--record"], in: folder.url).status == 0)
        let shop = folder.url.appendingPathComponent("shop.json")
        try ReviewScenario.changed.write(to: shop, atomically: true, encoding: .utf8)
        #expect(try navviz(["check", "shop.json", "--golden", "golden"], in: folder.url).status == 1)
        #expect(exists("navviz-artifacts/shop/drift.txt", in: folder.url))
        try ReviewScenario.base.write(to: shop, atomically: true, encoding: .utf8)
        let again = try navviz(["check", "shop.json", "--golden", "golden"], in: folder.url)
        #expect(again.status == 0)
        #expect(again.stderr == "note: removed navviz-artifacts/shop/, an earlier drift's artifacts: shop matches now\n")
        #expect(!exists("navviz-artifacts/shop", in: folder.url))
        // With a file of the user's in it, the folder stays.
        try ReviewScenario.changed.write(to: shop, atomically: true, encoding: .utf8)
        #expect(try navviz(["check", "shop.json", "--golden", "golden"], in: folder.url).status == 1)
        try "mine".write(to: folder.url.appendingPathComponent("navviz-artifacts/shop/notes.txt"), atomically: true, encoding: .utf8)
        try ReviewScenario.base.write(to: shop, atomically: true, encoding: .utf8)
        let kept = try navviz(["check", "shop.json", "--golden", "golden"], in: folder.url)
        #expect(kept.status == 0)
        #expect(kept.stderr == "")
        #expect(exists("navviz-artifacts/shop/notes.txt", in: folder.url))
        // A render's output under the artifacts folder is not an earlier drift's, and stays.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("navviz-artifacts"))
        #expect(try navviz(["render", "shop.json", "-o", "navviz-artifacts", "--format", "dot"], in: folder.url).status == 0)
        let rendered = try navviz(["check", "shop.json", "--golden", "golden"], in: folder.url)
        #expect(rendered.stderr == "")
        #expect(exists("navviz-artifacts/shop/run.json", in: folder.url))
    }

    /// A renamed scenario leaves its old golden folder behind: a check of the whole folder names it.
    @Test func goldensOfNoScenarioAreNoted() throws {
        let folder = try ScenarioFolder(["flows/split.json": ReviewScenario.base])
        #expect(try navviz(["check", "flows", "--golden", "golden", "--record"], in: folder.url).status == 0)
        try FileManager.default.moveItem(
            at: folder.url.appendingPathComponent("flows/split.json"), to: folder.url.appendingPathComponent("flows/mail.json"))
        #expect(try navviz(["check", "flows", "--golden", "golden", "--record"], in: folder.url).status == 0)
        let result = try navviz(["check", "flows", "--golden", "golden"], in: folder.url)
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "note: golden/split/ holds the goldens of ../flows/split.json (its source.txt), which is gone (renamed or removed?); "
                + "remove it if it is stale\n")
        // Goldens recorded before source.txt was written.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("golden/split/source.txt"))
        #expect(
            try navviz(["check", "flows", "--golden", "golden"], in: folder.url).stderr
                == "note: golden/split/ holds goldens of no scenario checked here (renamed or removed?); remove it if it is stale\n")
        // Checking one file says nothing of the others.
        #expect(try navviz(["check", "flows/mail.json", "--golden", "golden"], in: folder.url).stderr == "")
        // A folder of the user's beside the goldens holds none: not called stale goldens (a code-review trial).
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("golden/design-notes"), withIntermediateDirectories: true)
        try "screenshots".write(to: folder.url.appendingPathComponent("golden/design-notes/notes.txt"), atomically: true, encoding: .utf8)
        #expect(!(try navviz(["check", "flows", "--golden", "golden"], in: folder.url).stderr.contains("design-notes")))
        // A capture beside the scenarios, checked by name: its goldens are not called stale (a CI trial was told to remove them).
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("golden/split"))
        try "<HomeViewController 0x7fa>, state: appeared, view: <UIView 0x7fb>\n".write(
            to: folder.url.appendingPathComponent("flows/home.txt"), atomically: true, encoding: .utf8)
        #expect(try navviz(["check", "flows/home.txt", "--golden", "golden", "--record"], in: folder.url).status == 0)
        #expect(
            try navviz(["check", "flows", "--golden", "golden"], in: folder.url).stderr
                == "note: golden/home/ holds the goldens of flows/home.txt, a capture: a folder's check reads its *.json files only; name the capture to check it (navviz check flows/home.txt --golden golden)\n"
        )
    }

    @Test func aNewStepIsANewGoldenAndARemovedOneIsGone() throws {
        let folder = try ScenarioFolder(["shop.json": ReviewScenario.base])
        #expect(try navviz(["check", "shop.json", "--golden", "golden", "--record"], in: folder.url).status == 0)
        let longer = ReviewScenario.text([
            ReviewScenario.pushProduct, ReviewScenario.popToRoot, #"{"select": 1, "note": "Cart."}"#, ReviewScenario.pushSpecs,
        ])
        try longer.write(to: folder.url.appendingPathComponent("shop.json"), atomically: true, encoding: .utf8)
        let result = try navviz(["check", "shop.json", "--golden", "golden", "--artifacts", "art"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout.contains("  step 4 inserted (push): + Specs pushed onto cartNav; visible Cart → Specs\n"))
        #expect(result.stdout.contains("  new:     states/004-push.dot (no golden)\n"))
        #expect(result.stdout.contains("  changed: transitions/003-select.dot (caption)\n"))
        #expect(exists("art/shop/states/004-push.actual.svg", in: folder.url))
        #expect(!exists("art/shop/states/004-push.expected.svg", in: folder.url))

        let record = try navviz(["check", "shop.json", "--golden", "golden", "--record"], in: folder.url)
        #expect(record.stdout == "recorded shop: 11 goldens (3 changed, 2 new) in golden/shop/\n")
        try ReviewScenario.base.write(to: folder.url.appendingPathComponent("shop.json"), atomically: true, encoding: .utf8)
        let shorter = try navviz(["check", "shop.json", "--golden", "golden", "--artifacts", "art"], in: folder.url)
        #expect(shorter.stdout.hasPrefix("FAIL shop: 3 of 9 goldens differ, 2 goldens gone (golden/shop/)\n"))
        #expect(shorter.stdout.contains("  gone:    states/004-push.dot (golden of a removed step)\n"))
        #expect(try navviz(["check", "shop.json", "--golden", "golden", "--record"], in: folder.url).status == 0)
        #expect(!exists("golden/shop/states/004-push.dot", in: folder.url))
    }

    /// `--record` counts as check does, by aligned step: the files after an inserted step are renumbered, not new and removed
    /// (a code-review trial's two inserted steps read "4 changed, 42 new, 38 removed" beside check's "9 of 57 differ, 37
    /// more only renumbered").
    @Test func recordCountsRenumberedFilesAsCheckDoes() throws {
        let folder = try ScenarioFolder(["shop.json": ReviewScenario.base])
        #expect(try navviz(["check", "shop.json", "--golden", "golden", "--record"], in: folder.url).status == 0)
        try ReviewScenario.inserted.write(to: folder.url.appendingPathComponent("shop.json"), atomically: true, encoding: .utf8)
        let check = try navviz(["check", "shop.json", "--golden", "golden"], in: folder.url)
        let record = try navviz(["check", "shop.json", "--golden", "golden", "--record"], in: folder.url)
        #expect(check.stdout.hasPrefix("FAIL shop: 5 of 11 goldens differ, 3 more only renumbered (golden/shop/)\n"))
        #expect(record.stdout == "recorded shop: 11 goldens (3 changed, 2 new, 3 renumbered) in golden/shop/\n")
    }

    @Test(arguments: ["true", "1", "yes"])
    func recordRefusesOnCI(value: String) throws {
        let folder = try ScenarioFolder(["shop.json": ReviewScenario.base])
        let result = try navviz(["check", "shop.json", "--golden", "golden", "--record"], in: folder.url, environment: ["CI": value])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("Refusing to record goldens: the CI environment variable is set (CI=\(value))."))
        #expect(
            result.stderr.contains(
                "Recording on CI would overwrite the goldens with whatever this build produces, so the check would always pass."))
        #expect(!exists("golden", in: folder.url))
    }

    @Test func anEmptyCIVariableDoesNotCount() throws {
        let folder = try ScenarioFolder(["shop.json": ReviewScenario.base])
        let result = try navviz(["check", "shop.json", "--golden", "golden", "--record"], in: folder.url, environment: ["CI": ""])
        #expect(result.status == 0)
        #expect(exists("golden/shop/summary.txt", in: folder.url))
    }

    @Test func checkWorksTheSameOnCI() throws {
        let folder = try ScenarioFolder(["shop.json": ReviewScenario.base])
        #expect(try navviz(["check", "shop.json", "--golden", "golden", "--record"], in: folder.url).status == 0)
        let result = try navviz(["check", "shop.json", "--golden", "golden"], in: folder.url, environment: ["CI": "true"])
        #expect(result.status == 0)
    }

    @Test func anInvalidScenarioExitsSixtyFive() throws {
        let folder = try ScenarioFolder(["shop.json": #"{"navviz": 1, "root": "Home", "steps": [{"op": "pusj", "node": "A"}]}"#])
        let result = try navviz(["check", "shop.json", "--golden", "golden", "--record"], in: folder.url)
        #expect(result.status == 65)
        #expect(result.stderr == "shop.json: steps[0].op: unknown operation 'pusj'. Did you mean 'push'?\n")
        #expect(!exists("golden", in: folder.url))
    }

    @Test func helpDocumentsTheExitCodesAndTheCIRule() throws {
        let folder = try ScenarioFolder([:])
        let result = try navviz(["check", "--help"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Exit codes: 0 everything matches"))
        #expect(result.stdout.contains("CI environment variable"))
    }

    // MARK: - The project's own goldens

    @Test(arguments: [nil, "true"] as [String?])
    func theSamplesMatchTheirGoldens(ci: String?) throws {
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-artifacts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: artifacts) }
        let result = try navviz(
            ["check", "Samples", "--golden", "Samples/golden", "--artifacts", artifacts.path], in: Self.packageRoot,
            environment: ["CI": ci])
        #expect(
            result.status == 0, "Samples/golden is stale; if the change is intended, run `make samples`.\n\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix(" scenarios match the goldens in Samples/golden/\n"))
        #expect(!FileManager.default.fileExists(atPath: artifacts.path))
    }
}
