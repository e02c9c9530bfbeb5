import Foundation
import NavVizScenario
import NavVizTestSupport
import Testing

/// `navviz diff` end to end, through the built binary.
@Suite struct DiffCLITests {
    @Test func identicalFlowsExitZero() throws {
        let folder = try ScenarioFolder(["old.json": ReviewScenario.base, "new.json": ReviewScenario.base])
        let result = try navviz(["diff", "old.json", "new.json"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.stdout == "No navigation changes (3 steps).\n")
        #expect(result.stderr == "")
    }

    /// The words read as files are named: an option diff does not know, with a value, left the value among them, and the
    /// error sent the user to the two files they had named (a CI trial's `--out dir`).
    @Test(arguments: [
        (
            ["diff", "old.json", "new.json", "--out", "dir"],
            "Error: Name two files, OLD and NEW (or use --git REV SCENARIO) (read as files: 'old.json', 'new.json', 'dir').\n"
        ),
        (["diff", "old.json"], "Error: Name two files, OLD and NEW (or use --git REV SCENARIO) (read as files: 'old.json').\n"),
        (["diff"], "Error: Name two files, OLD and NEW (or use --git REV SCENARIO).\n"),
    ])
    func anythingButTwoFilesNamesWhatWasReadAsFiles(arguments: [String], message: String) throws {
        let folder = try ScenarioFolder(["old.json": ReviewScenario.base, "new.json": ReviewScenario.base])
        let result = try navviz(arguments, in: folder.url)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }

    /// Two captures the same are one state each: said so, not "(0 steps)", which read as if nothing was compared (a trial).
    @Test func twoCapturesTheSameSayTheirStatesAreTheSame() throws {
        let home =
            "<UINavigationController: 0x1>, state: appeared, view: <UILayoutContainerView: 0x2>\n   | <Shop.HomeViewController: 0x3>, state: appeared, view: <UIView: 0x4>\n"
        let folder = try ScenarioFolder(["a.txt": home, "b.txt": home])
        let result = try navviz(["diff", "a.txt", "b.txt"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.stdout == "No navigation changes (the initial states are the same).\n")
    }

    /// A flow `navviz import` wrote is a scenario, not run JSON (its snapshot steps carry a hierarchy): its first capture
    /// is compared too, and its steps are numbered as run, render and check number them (a trial: a change to the first
    /// capture gave "No navigation changes", exit 0, and every step was numbered one lower).
    @Test func anImportedFlowIsDiffedAsAScenario() throws {
        let home =
            "<UINavigationController: 0x1>, state: appeared, view: <UILayoutContainerView: 0x2>\n   | <Shop.HomeViewController: 0x3>, state: appeared, view: <UIView: 0x4>\n"
        let product =
            home.replacingOccurrences(
                of: "state: appeared, view: <UIView: 0x4>", with: "state: disappeared, view: <UIView: 0x4> not in the window")
            + "   | <Shop.ProductViewController: 0x5>, state: appeared, view: <UIView: 0x6>\n"
        let folder = try ScenarioFolder([
            "a/1.txt": home, "a/2.txt": product,
            "b/1.txt": home.replacingOccurrences(of: "HomeViewController", with: "LandingViewController"),
            "b/2.txt": product.replacingOccurrences(of: "HomeViewController", with: "LandingViewController"),
        ])
        #expect(try navviz(["import", "a/1.txt", "a/2.txt", "-o", "old.json"], in: folder.url).status == 0)
        #expect(try navviz(["import", "b/1.txt", "b/2.txt", "-o", "new.json"], in: folder.url).status == 0)
        let result = try navviz(["diff", "old.json", "new.json"], in: folder.url)
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix(
                "step 0: ~ HomeViewController replaced by LandingViewController in UINavigationController; visible HomeViewController → LandingViewController\n"
            ))
        #expect(try navviz(["diff", "old.json", "old.json"], in: folder.url).stdout == "No navigation changes (1 step).\n")
    }

    @Test func anInsertedStepIsOneLineAndTheLaterStepsStayAligned() throws {
        let folder = try ScenarioFolder(["old.json": ReviewScenario.base, "new.json": ReviewScenario.inserted])
        let result = try navviz(["diff", "old.json", "new.json"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout == "step 2 inserted (push): + Reviews pushed onto shopNav; visible Product → Reviews\n")
        // The pop to the root after it popped one more and led to the same state: counted, not repeated.
        #expect(result.stderr == "The flows differ: 1 inserted (1 later step differs only by what came before).\n")
    }

    /// Both streams into one file, as a CI log takes them: the summary on stderr comes after the step lines, not in the
    /// middle of one (stdout was still in its buffer when stderr was written).
    @Test func theSummaryFollowsTheStepLinesWhenBothStreamsShareALog() throws {
        let folder = try ScenarioFolder(["old.json": ReviewScenario.base, "new.json": ReviewScenario.inserted])
        let binary = try #require(NavVizBinary.url)
        let result = try runProgram(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "'\(binary.path)' diff old.json new.json > log 2>&1; cat log"], in: folder.url)
        #expect(
            result.stdout
                == "step 2 inserted (push): + Reviews pushed onto shopNav; visible Product → Reviews\n"
                + "The flows differ: 1 inserted (1 later step differs only by what came before).\n")
    }

    @Test func aRemovedStepIsOneLine() throws {
        let folder = try ScenarioFolder(["old.json": ReviewScenario.inserted, "new.json": ReviewScenario.base])
        let result = try navviz(["diff", "old.json", "new.json"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout == "old step 2 removed (push): + Reviews pushed onto shopNav; visible Product → Reviews\n")
    }

    @Test func aChangedStepNamesWhatChanged() throws {
        let folder = try ScenarioFolder(["old.json": ReviewScenario.base, "new.json": ReviewScenario.changed])
        let result = try navviz(["diff", "old.json", "new.json"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout == "step 1: ~ Product replaced by Specs in shopNav; visible Product → Specs\n")
        #expect(result.stderr == "The flows differ: 1 changed (1 later step differs only by what came before).\n")
    }

    @Test func outputWritesOneDiagramPerChangedStep() throws {
        let folder = try ScenarioFolder(["old.json": ReviewScenario.base, "new.json": ReviewScenario.inserted])
        let result = try navviz(["diff", "old.json", "new.json", "-o", "diff-out"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("1 diagram in diff-out/\n"))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("diff-out").path).sorted()
        #expect(files == [".navviz-manifest", "002-push.dot", "002-push.svg"])
        let svg = try read("diff-out/002-push.svg", in: folder.url)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("inserted"))
        #expect(try read("diff-out/002-push.dot", in: folder.url).contains("+ added"))
        // Laid out like a render: in workers or in this process, from the cache or not, the same bytes.
        let environment = ["XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path]
        for (out, options) in [("serial", ["--jobs", "1", "--no-cache"]), ("cached", ["--jobs", "2"]), ("again", ["--jobs", "2"])] {
            let run = try navviz(["diff", "old.json", "new.json", "-o", out] + options, in: folder.url, environment: environment)
            #expect(run.status == 1, "\(run.stderr)")
            #expect(try read("\(out)/002-push.svg", in: folder.url) == svg)
        }
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("cache/navviz").path))
        let bad = try navviz(["diff", "old.json", "new.json", "--jobs", "0"], in: folder.url)
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: --jobs must be from 1 to 64\n"))
    }

    @Test func outputNeverReplacesADirectoryHoldingOtherFiles() throws {
        let folder = try ScenarioFolder(["old.json": ReviewScenario.base, "new.json": ReviewScenario.inserted])
        let result = try navviz(["diff", "old.json", "new.json", "-o", "."], in: folder.url)
        #expect(result.status == 74)
        #expect(result.stderr.hasPrefix(".: the current folder is this output: "))
        #expect(exists("old.json", in: folder.url) && exists("new.json", in: folder.url))
        // A folder of earlier diagrams is replaced.
        #expect(try navviz(["diff", "old.json", "new.json", "-o", "out"], in: folder.url).status == 1)
        #expect(try navviz(["diff", "old.json", "new.json", "-o", "out"], in: folder.url).status == 1)
        #expect(exists("out/002-push.svg", in: folder.url))
        // The user's own SVG among them is not: navviz did not write it.
        try "mine".write(to: folder.url.appendingPathComponent("out/logo.svg"), atomically: true, encoding: .utf8)
        let refused = try navviz(["diff", "old.json", "new.json", "-o", "out"], in: folder.url)
        #expect(refused.status == 74)
        #expect(
            refused.stderr
                == "out: not replaced: it holds 'logo.svg', which navviz does not write there. Choose another output directory, or remove it first\n"
        )
        #expect(try read("out/logo.svg", in: folder.url) == "mine")
        // A folder of SVGs navviz did not write (no manifest) is not replaced either.
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("art"), withIntermediateDirectories: true)
        try "<svg/>".write(to: folder.url.appendingPathComponent("art/002-push.svg"), atomically: true, encoding: .utf8)
        #expect(try navviz(["diff", "old.json", "new.json", "-o", "art"], in: folder.url).status == 74)
        #expect(try read("art/002-push.svg", in: folder.url) == "<svg/>")
    }

    /// A diff's diagrams never replace a render's folder (a trial's docs folder of 692 files became the 11 of a diff, without
    /// a word); a diff replaces another diff's.
    @Test func aDiffNeverReplacesARender() throws {
        let folder = try ScenarioFolder(["old.json": ReviewScenario.base, "new.json": ReviewScenario.inserted])
        #expect(try navviz(["render", "old.json", "-o", "docs", "--format", "dot"], in: folder.url).status == 0)
        let count = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("docs/old/states").path).count
        let refused = try navviz(["diff", "old.json", "new.json", "-o", "docs/old"], in: folder.url)
        #expect(refused.status == 74)
        #expect(refused.stderr.hasPrefix("docs/old: not replaced: it holds a full render ("), "\(refused.stderr)")
        #expect(
            refused.stderr.hasSuffix(
                " files), which navviz diff -o would replace with its own diagrams. Write the diff to another output directory (-o), "
                    + "or remove it first\n"))
        let states = folder.url.appendingPathComponent("docs/old/states").path
        #expect(try FileManager.default.contentsOfDirectory(atPath: states).count == count)
        #expect(try navviz(["diff", "old.json", "new.json", "-o", "out"], in: folder.url).status == 1)
        #expect(try navviz(["diff", "old.json", "new.json", "-o", "out"], in: folder.url).status == 1)
        #expect(exists("out/002-push.svg", in: folder.url))
        // A partial render is a render too (a review: it was replaced without a word).
        #expect(try navviz(["render", "old.json", "--step", "1", "-o", "part", "--format", "dot"], in: folder.url).status == 0)
        let partial = try navviz(["diff", "old.json", "new.json", "-o", "part/old"], in: folder.url)
        #expect(partial.status == 74)
        #expect(partial.stderr.hasPrefix("part/old: not replaced: it holds a render limited by --step 1 ("), "\(partial.stderr)")
        // A diff's output from before diffs marked theirs is still a diff's (a review: refused as "a full render").
        let manifest = folder.url.appendingPathComponent("out/.navviz-manifest")
        let unmarked = try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("# partial: ") }
        try (unmarked.joined(separator: "\n") + "\n").write(to: manifest, atomically: true, encoding: .utf8)
        #expect(try navviz(["diff", "old.json", "new.json", "-o", "out"], in: folder.url).status == 1)
    }

    @Test func anEmptyOutputPathIsAUsageError() throws {
        let folder = try ScenarioFolder(["old.json": ReviewScenario.base, "new.json": ReviewScenario.inserted])
        for arguments in [
            ["diff", "old.json", "new.json", "-o", ""], ["render", "old.json", "-o", ""],
            ["check", "old.json", "--golden", "", "--record"], ["check", "old.json", "--golden", "g", "--artifacts", ""],
        ] {
            let result = try navviz(arguments, in: folder.url)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.hasPrefix("Error: the output directory must not be empty\n"), "\(arguments)")
        }
    }

    @Test func markdownIsAPullRequestComment() throws {
        let folder = try ScenarioFolder(["old.json": ReviewScenario.base, "new.json": ReviewScenario.inserted])
        let result = try navviz(["diff", "old.json", "new.json", "--format", "markdown", "-o", "diff-out"], in: folder.url)
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix(
                """
                ### Navigation diff: 1 inserted (1 later step differs only by what came before)

                `old.json` → `new.json`

                | Step | Change | What changed | Diagram |
                | --- | --- | --- | --- |
                | 2 | inserted push | + Reviews pushed onto shopNav<br>visible Product → Reviews | [002-push.svg](diff-out/002-push.svg) |

                Key: green `+ added`, red dashed `− removed` (where it was), yellow `~ changed`; blue fill the visible controller (a blue border when it is marked too), light blue on screen, grey off screen; an arrow labelled with a style is a presentation.

                <details><summary>Step 2 · inserted push: what it does in the new run</summary>

                ```mermaid
                flowchart TB

                """))
        // The inserted step's diagram: Reviews added on top of the stack, and visible.
        #expect(result.stdout.contains(#"("top<br/>Reviews<br/>UIViewController<br/>+ added")"#))
        #expect(result.stdout.hasSuffix("```\n\n</details>\n\n"))
    }

    @Test func jsonIsMachineReadable() throws {
        let folder = try ScenarioFolder(["old.json": ReviewScenario.base, "new.json": ReviewScenario.inserted])
        let result = try navviz(["diff", "old.json", "new.json", "--format", "json"], in: folder.url)
        #expect(result.status == 1)
        let json = try JSONParser.parse(result.stdout)
        #expect(json["identical"] == .bool(false))
        let change = try #require(json["changes"]?.arrayValue?.first)
        #expect(change["kind"] == .string("inserted"))
        #expect(change["newStep"] == .number(2))
        #expect(change["oldStep"] == .null)
        #expect(change["summary"] == .string("step 2 inserted (push): + Reviews pushed onto shopNav; visible Product → Reviews"))
        // Every change has `diagram`: null without -o (it was missing, so scripts read two shapes: a trial).
        #expect(change["diagram"] == .null)
    }

    @Test func runJSONAndScenarioCompare() throws {
        let folder = try ScenarioFolder(["shop.json": ReviewScenario.base, "new.json": ReviewScenario.inserted])
        let run = try navviz(["run", "shop.json", "--json"], in: folder.url)
        try run.stdout.write(to: folder.url.appendingPathComponent("run.json"), atomically: true, encoding: .utf8)
        #expect(try navviz(["diff", "run.json", "shop.json"], in: folder.url).status == 0)
        let result = try navviz(["diff", "run.json", "new.json"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout == "step 2 inserted (push): + Reviews pushed onto shopNav; visible Product → Reviews\n")
    }

    @Test func snapshotsCompare() throws {
        let home =
            #"{"id": "nav", "kind": "navigation", "children": [{"id": "Home", "kind": "controller", "screen": "Home", "children": []}]}"#
        let detail =
            #"{"id": "nav", "kind": "navigation", "children": [{"id": "Home", "kind": "controller", "screen": "Home", "children": []}, {"id": "Detail", "kind": "controller", "screen": "Detail", "children": []}]}"#
        let folder = try ScenarioFolder(["a.json": home, "b.json": detail])
        let result = try navviz(["diff", "a.json", "b.json"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout == "step 0: + Detail pushed onto nav; visible Home → Detail\n")
    }

    static let usageCases: [([String], Int32)] = [
        (["diff", "old.json"], 64),
        (["diff", "old.json", "new.json", "--format", "html"], 64),
        (["diff", "--git", "HEAD", "a.json", "b.json", "c.json"], 64),
        (["diff", "--git", "HEAD", "old.json", "-"], 64),
        (["diff", "--git", "--upload-pack=x", "old.json"], 64),
        (["diff", "old.json", "missing.json"], 65),
        (["diff", "old.json", "bad.json"], 65),
    ]

    @Test(arguments: usageCases)
    func usageAndInputErrorsHaveTheirExitCodes(arguments: [String], status: Int32) throws {
        let folder = try ScenarioFolder([
            "old.json": ReviewScenario.base, "bad.json": #"{"navviz": 1, "root": "Home", "steps": [{"op": "pusj"}]}"#,
        ])
        let result = try navviz(arguments, in: folder.url)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stdout == "")
    }

    @Test func invalidInputNamesTheFileAndPath() throws {
        let folder = try ScenarioFolder([
            "old.json": ReviewScenario.base, "bad.json": #"{"navviz": 1, "root": "Home", "steps": [{"op": "pusj", "node": "A"}]}"#,
        ])
        let result = try navviz(["diff", "old.json", "bad.json"], in: folder.url)
        #expect(result.status == 65)
        #expect(result.stderr == "bad.json: steps[0].op: unknown operation 'pusj'. Did you mean 'push'?\n")
    }

    @Test func helpDocumentsTheExitCodes() throws {
        let folder = try ScenarioFolder([:])
        let result = try navviz(["diff", "--help"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Exit codes: 0 the two are identical; 1 they differ"))
    }

    // MARK: - --git

    @Test func gitComparesTheCommittedScenarioWithTheWorkingTree() throws {
        let folder = try ScenarioFolder(["flows/shop.json": ReviewScenario.base])
        try git("init", "-q", in: folder.url)
        try git("add", "flows/shop.json", in: folder.url)
        try git("commit", "-q", "-m", "shop", in: folder.url)
        #expect(try navviz(["diff", "--git", "HEAD", "flows/shop.json"], in: folder.url).status == 0)

        try ReviewScenario.inserted.write(to: folder.url.appendingPathComponent("flows/shop.json"), atomically: true, encoding: .utf8)
        let result = try navviz(["diff", "--git", "HEAD", "flows/shop.json", "--format", "markdown"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout.contains("`HEAD:flows/shop.json` → `flows/shop.json`"))
        #expect(result.stdout.contains("| 2 | inserted push | + Reviews pushed onto shopNav<br>visible Product → Reviews |"))

        // From inside the folder, with the path relative to it.
        let inner = try navviz(["diff", "--git", "HEAD", "shop.json"], in: folder.url.appendingPathComponent("flows"))
        #expect(inner.status == 1)
        #expect(inner.stdout == "step 2 inserted (push): + Reviews pushed onto shopNav; visible Product → Reviews\n")
    }

    /// A pull request that adds a flow, or removes one, gets a diff against no flow (it was exit 65, which failed the
    /// documented CI step); a folder is refused with a sentence (git's tree listing was read as a capture).
    @Test func gitComparesANewOrRemovedFileWithNoFlow() throws {
        let folder = try ScenarioFolder([
            "shop.json": ReviewScenario.base, "other.json": ReviewScenario.base,
            "old/gone.json": ReviewScenario.base.replacingOccurrences(of: #"{"navviz": 1,"#, with: #"{"navviz": 1, "device": "pad","#),
        ])
        try git("init", "-q", in: folder.url)
        try git("add", "other.json", "old/gone.json", in: folder.url)
        try git("commit", "-q", "-m", "other", in: folder.url)
        let added = try navviz(["diff", "--git", "HEAD", "shop.json"], in: folder.url)
        #expect(added.status == 1)
        #expect(
            added.stdout.hasPrefix(
                "step 0: + shopTabs (with shopNav, Home, cartNav and 1 more) only in new, the window's root; visible nothing → Home\n"))
        #expect(added.stdout.contains("\nstep 1 inserted (push): "))
        #expect(added.stderr.hasPrefix("The flows differ: 1 changed, "))
        let comment = try navviz(["diff", "--git", "HEAD", "shop.json", "--format", "markdown"], in: folder.url)
        #expect(comment.stdout.contains("`HEAD:shop.json (not there: the file is new)` → `shop.json`"))

        // Removed with its folder.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("old"))
        let removed = try navviz(["diff", "--git", "HEAD", "old/gone.json", "--format", "markdown"], in: folder.url)
        #expect(removed.status == 1)
        #expect(removed.stdout.contains("`HEAD:old/gone.json` → `old/gone.json (removed from the working tree)`"))
        #expect(removed.stdout.contains("| old 1 | removed push |"))
        // Its ghosts are drawn in its own device's window (they were in a phone's, the side with no flow's default).
        #expect(removed.stdout.contains("UIWindow · pad"))
        #expect(!removed.stdout.contains("UIWindow · phone"))

        // A folder the working tree no longer has (git would list it).
        let gone = try navviz(["diff", "--git", "HEAD", "old"], in: folder.url)
        #expect(gone.status == 65)
        #expect(
            gone.stderr
                == "old: a folder at revision 'HEAD'; --git compares one scenario file with its committed version: run it for each changed file (docs/reviewing.md shows a loop)\n"
        )
        let neither = try navviz(["diff", "--git", "HEAD", "nowhere.json"], in: folder.url)
        #expect(neither.status == 65)
        #expect(neither.stderr == "nowhere.json: no such file, here or at revision 'HEAD'\n")
        for path in [".", folder.url.path] {
            let refused = try navviz(["diff", "--git", "HEAD", path], in: folder.url)
            #expect(refused.status == 65)
            #expect(
                refused.stderr
                    == "\(path): a folder; --git compares one scenario file with its committed version: run it for each changed file (docs/reviewing.md shows a loop)\n"
            )
        }
    }

    /// A renamed scenario is compared with its old self, `--git REV OLD NEW` (a code-review trial's moved file was a removed
    /// flow and an added one: 14 diagrams for no change, and the comment passed GitHub's limit); reviewing.md's loop passes
    /// both of git's paths.
    @Test func gitComparesARenamedScenarioWithItsOldPath() throws {
        let folder = try ScenarioFolder(["flows/shop.json": ReviewScenario.base, "flows/cart.json": ReviewScenario.base])
        try git("init", "-q", in: folder.url)
        try git("add", "flows", in: folder.url)
        try git("commit", "-q", "-m", "flows", in: folder.url)
        try git("mv", "flows/shop.json", "flows/store.json", in: folder.url)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("flows/old"), withIntermediateDirectories: true)
        try git("mv", "flows/cart.json", "flows/old/cart.json", in: folder.url)
        try ReviewScenario.inserted.write(to: folder.url.appendingPathComponent("flows/store.json"), atomically: true, encoding: .utf8)
        try git("commit", "-qam", "renamed", in: folder.url)
        let renamed = try navviz(
            ["diff", "--git", "HEAD~1", "flows/shop.json", "flows/store.json", "--format", "markdown"], in: folder.url)
        #expect(renamed.status == 1)
        #expect(renamed.stdout.contains("`HEAD~1:flows/shop.json` → `flows/store.json`"))
        #expect(renamed.stdout.contains("| 2 | inserted push | + Reviews pushed onto shopNav<br>visible Product → Reviews |"))
        let missing = try navviz(["diff", "--git", "HEAD~1", "flows/nope.json", "flows/store.json"], in: folder.url)
        #expect(missing.status == 65)
        #expect(
            missing.stderr
                == "flows/nope.json: no such file at revision 'HEAD~1' (with two files, --git compares the first as committed there with the second here)\n"
        )
        // The same path twice is the one-file form: a file new since the revision is compared with no flow.
        try ReviewScenario.base.write(to: folder.url.appendingPathComponent("flows/new.json"), atomically: true, encoding: .utf8)
        let same = try navviz(["diff", "--git", "HEAD", "flows/new.json", "flows/new.json", "--format", "markdown"], in: folder.url)
        #expect(same.status == 1)
        #expect(same.stdout.contains("`HEAD:flows/new.json (not there: the file is new)` → `flows/new.json`"))
        let three = try navviz(["diff", "--git", "HEAD", "a.json", "b.json", "c.json"], in: folder.url)
        #expect(three.status == 64)
        #expect(three.stderr.contains("With --git, name one scenario file (or two: its path at the revision, then its path now)."))
        // The documented loop: one section a file, the renamed one compared with its old path, the moved one identical.
        let binary = try #require(NavVizBinary.url)
        let loop = try runProgram(
            URL(fileURLWithPath: "/bin/bash"),
            [
                "-c",
                #"git -c core.quotePath=false diff -M --name-status HEAD~1 HEAD -- 'flows/*.json' | "#
                    + #"while IFS=$'\t' read -r status file renamed; do "#
                    + #"'\#(binary.path)' diff --git HEAD~1 "$file" ${renamed:+"$renamed"} --format markdown || [ $? -eq 1 ]; done"#,
            ], in: folder.url, environment: ["XDG_CACHE_HOME": testCacheHome, "GIT_CONFIG_NOSYSTEM": "1", "HOME": folder.url.path])
        #expect(loop.status == 0, "\(loop.stderr)")
        #expect(loop.stdout.components(separatedBy: "### Navigation diff").count == 3)
        #expect(loop.stdout.contains("`HEAD~1:flows/cart.json` → `flows/old/cart.json`: 3 steps, identical."))
        #expect(loop.stdout.contains("`HEAD~1:flows/shop.json` → `flows/store.json`"))
    }

    /// `-` reads one side from standard input, as the other commands do.
    @Test func oneSideMayBeStandardInput() throws {
        let folder = try ScenarioFolder(["old.json": ReviewScenario.base, "new.json": ReviewScenario.inserted])
        let binary = try #require(NavVizBinary.url)
        let piped = try runProgram(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "'\(binary.path)' diff - new.json < old.json"], in: folder.url,
            environment: ["XDG_CACHE_HOME": testCacheHome])
        #expect(piped.status == 1)
        #expect(piped.stdout == "step 2 inserted (push): + Reviews pushed onto shopNav; visible Product → Reviews\n")
        let twice = try navviz(["diff", "-", "-"], in: folder.url)
        #expect(twice.status == 64)
        #expect(twice.stderr.contains("Standard input (-) can be read once: name a file for the other side."))
        let empty = try runProgram(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "'\(binary.path)' diff - new.json < /dev/null"], in: folder.url,
            environment: ["XDG_CACHE_HOME": testCacheHome])
        #expect(empty.status == 65)
        #expect(empty.stderr == "standard input: cannot be read: it is empty: expected a scenario (JSON) or a capture\n")
    }

    @Test func gitReportsAnUnknownRevision() throws {
        let folder = try ScenarioFolder(["shop.json": ReviewScenario.base])
        try git("init", "-q", in: folder.url)
        try git("add", "shop.json", in: folder.url)
        try git("commit", "-q", "-m", "shop", in: folder.url)
        let result = try navviz(["diff", "--git", "nosuchbranch", "shop.json"], in: folder.url)
        #expect(result.status == 65)
        #expect(result.stderr == "Unknown revision 'nosuchbranch': git has no such commit in this repository\n")
    }

    @Test func gitOutsideARepositoryIsAClearError() throws {
        let folder = try ScenarioFolder(["shop.json": ReviewScenario.base])
        let result = try navviz(
            ["diff", "--git", "HEAD", "shop.json"], in: folder.url,
            environment: ["GIT_CEILING_DIRECTORIES": folder.url.deletingLastPathComponent().path])
        #expect(result.status == 65)
        #expect(result.stderr == "shop.json: not in a git repository, so there is no committed version to compare with\n")
    }
}
