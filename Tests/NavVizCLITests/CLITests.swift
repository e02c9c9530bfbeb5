import Foundation
import NavVizScenario
import NavVizTestSupport
import Testing

/// Runs `navviz` with these arguments in a folder, collecting its output through files (no pipe can fill up).
func navviz(_ arguments: String..., in folder: URL = packageRoot) throws -> Outcome {
    try navviz(arguments, in: folder)
}

/// A temporary folder holding scenario files, removed when the test ends.
final class ScenarioFolder {
    let url: URL

    init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

private let sample = "Samples/uikit-containers.json"

private let goodScenario =
    #"{"navviz": 1, "name": "Tiny", "root": {"navigation": ["Home"], "id": "nav"}, "steps": [{"push": "Detail", "expect": {"visible": "Detail"}}, {"pop": true}]}"#

@Suite struct CLITests {
    @Test func binaryIsFoundBesideTheTestBundle() {
        #expect(NavVizBinary.url != nil)
    }

    /// A folder another user's process cannot list says so (a trial: "no *.json scenario files … found").
    @Test(.enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs root and setpriv"))
    func aFolderThatCannotBeListedSaysSo() throws {
        let folder = try ScenarioFolder(["flows/a.json": goodScenario])
        #expect(chmod(folder.url.appendingPathComponent("flows").path, 0o700) == 0)
        #expect(chmod(folder.url.path, 0o755) == 0)
        let binary = try #require(NavVizBinary.url)
        let result = try runProgram(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path, "validate", "flows"], in: folder.url)
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "flows: note: cannot be read: permission denied, left out\nflows: no *.json scenario files or *.txt captures found\n")
    }

    /// A file named twice, by its folder and by itself, is read once (a trial: `check` counted it twice).
    @Test func aFileNamedTwiceIsReadOnce() throws {
        let folder = try ScenarioFolder(["flows/a.json": goodScenario])
        let result = try navviz("validate", "flows", "./flows/a.json", in: folder.url)
        #expect(result.status == 0)
        #expect(result.stdout == "flows/a.json: ok (2 steps)\n")
        #expect(result.stderr == "./flows/a.json: note: named twice, read once\n")
        // Through a link to its folder too (a review: recorded twice, under two golden folders).
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("fl").path, withDestinationPath: "flows")
        let linked = try navviz("validate", "flows", "fl/a.json", in: folder.url)
        #expect(linked.stdout == "flows/a.json: ok (2 steps)\n")
        #expect(linked.stderr == "fl/a.json: note: named twice, read once\n")
    }

    /// On a terminal, a render says each stage (a trial's long render showed nothing after its last `laying out`); on one
    /// that takes no escape sequences (`TERM=dumb`), nothing.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a terminal"))
    func aRenderOnATerminalSaysEachStage() throws {
        let folder = try ScenarioFolder(["a.json": goodScenario])
        let binary = try #require(NavVizBinary.url).path
        for (term, shown) in [("xterm", true), ("dumb", false)] {
            let result = try runProgram(
                URL(fileURLWithPath: "/usr/bin/script"),
                ["-qc", "TERM=\(term) '\(binary)' render a.json -o out-\(term) --no-cache", "/dev/null"], in: folder.url)
            #expect(result.status == 0)
            for stage in ["] laying out", "\r\u{1B}[Kassembling the pages", "\r\u{1B}[Kwriting the files\r\u{1B}[KRendered Tiny"] {
                #expect(result.stdout.contains(stage) == shown, "\(term): \(stage)")
            }
            #expect(result.stdout.contains("\u{1B}[K") == shown, "\(term)")
        }
    }

    // MARK: - run

    /// A pipe is read as a file (`navviz diff <(git show main:flow.json) flow.json`, a FIFO, `/dev/stdin` of a
    /// pipeline): a trial's were refused as "permission denied or not a regular file", the sentence an unreadable
    /// file also got.
    @Test func aPipeIsReadLikeAFile() throws {
        let binary = try #require(NavVizBinary.path)
        let folder = try ScenarioFolder(["a.json": #"{"navviz": 1, "root": {"navigation": ["Home"]}, "steps": [{"push": "B"}]}"#])
        let piped = try runProgram(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c",
                "cat a.json | timeout 20 '\(binary)' validate /dev/stdin; mkfifo f && (cat a.json > f &) && timeout 20 '\(binary)' diff f a.json",
            ],
            in: folder.url)
        #expect(piped.status == 0)
        #expect(piped.stdout == "/dev/stdin: ok (1 step)\nNo navigation changes (1 step).\n")
        #expect(piped.stderr == "")
        // In a folder, only files are read: a pipe would wait for a writer (serve --watch hung on one).
        let inFolder = try runProgram(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "mkdir d && cp a.json d/ && mkfifo d/p.json && timeout 20 '\(binary)' validate d"],
            in: folder.url)
        #expect(inFolder.status == 0)
        #expect(inFolder.stdout == "d/a.json: ok (1 step)\n")
        #expect(inFolder.stderr == "d/p.json: note: not a regular file (a pipe, a device, or a link to one), left out\n")
    }

    /// Another document given as a scenario, a file in another encoding, a value with a line feed: one line each that
    /// says what it is (a bad-input trial: 41 lines of unknown fields for a run JSON, "unexpected byte 0x0" for UTF-16,
    /// and an operation named "pusj\nFAKE.json: ok" printed a line of its own).
    @Test func inputThatIsNotAScenarioSaysWhatItIs() throws {
        let run = try navviz("run", "--json", sample).stdout
        let utf16 = Array(#"{"navviz": 1}"#.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let folder = try ScenarioFolder([
            "run.json": run,
            "snapshot.json": #"{"navviz": 1, "id": "Home", "kind": "controller", "children": []}"#,
            "fake.json": #"{"navviz": 1, "root": "Home", "steps": [{"op": "pusj\nFAKE.json: ok"}]}"#,
            "noop.json": #"{"navviz": 1, "root": {"navigation": ["Home"]}, "steps": [{"node": "X"}]}"#,
        ])
        try Data(utf16).write(to: folder.url.appendingPathComponent("utf16.json"))
        try Data([0xFF, 0xFE] + Array(#"{}"#.utf8).flatMap { [$0, 0] }).write(to: folder.url.appendingPathComponent("bom.json"))
        let outcome = try navviz(
            ["validate", "run.json", "snapshot.json", "fake.json", "noop.json", "utf16.json", "bom.json"], in: folder.url)
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr.split(separator: "\n") == [
                "run.json: (top level): a run JSON (what 'navviz run --json' prints and render writes as run.json), not a scenario: run or render the scenario it came from; 'navviz diff' compares run JSON files",
                "snapshot.json: (top level): a canonical snapshot with a 'navviz' member, not a scenario: remove 'navviz' to read it as a capture, or put the snapshot under \"root\"",
                "fake.json: steps[0].op: unknown operation 'pusj\\u{A}FAKE.json: ok': expected one of push, pop, popToRoot, popTo, popToInstance, setStack, replace, select, setTabs, show, showDetail, collapse, expand, showChild, present, dismiss, setRoot, activate, flushActivity, register, flick, pushView, popView, setViews, updateView, memoryWarning, wait, navigate, snapshot",
                "noop.json: steps[0]: no operation: add \"op\" ({\"op\": \"push\", \"node\": …}) or use a short form; 'node' is a field of push, replace, show, showDetail…",
                "utf16.json: cannot be read: it looks like UTF-16 text (every other byte is 0): save it as UTF-8",
                "bom.json: cannot be read: it is UTF-16 text (it starts with a UTF-16 byte-order mark): save it as UTF-8",
                "6 of 6 files invalid",
            ])
        // A run JSON of another version is not compared as if it were this one's (diff said "No navigation changes").
        try run.replacingOccurrences(of: #""navviz" : 1"#, with: #""navviz" : 2"#).replacingOccurrences(
            of: #""navviz": 1"#, with: #""navviz": 2"#
        )
        .write(to: folder.url.appendingPathComponent("run2.json"), atomically: true, encoding: .utf8)
        let diff = try navviz(["diff", "run.json", "run2.json"], in: folder.url)
        #expect(diff.status == 65)
        #expect(diff.stderr == "run2.json: navviz: unsupported format version '2'. This navviz reads version 1\n")
        // --golden naming a file is not "no goldens yet, record them".
        // A usage error, with --record or without (they were 65 and 74).
        for record in [[], ["--record"]] {
            let check = try navviz(
                ["check", packageRoot.appendingPathComponent(sample).path, "--golden", "run.json"] + record, in: folder.url)
            #expect(check.status == 64)
            #expect(
                check.stderr
                    == "run.json: a file, not a folder of goldens: --golden names the folder check compares with (and --record writes)\n")
        }
    }

    /// An empty file named neither .json nor .txt is said to be empty, not an empty capture (a trial).
    @Test func anEmptyFileOfNoKindSaysItIsEmpty() throws {
        let outcome = try navviz("validate", "/dev/null")
        #expect(outcome.status == 65)
        #expect(outcome.stderr.hasPrefix("/dev/null: cannot be read: it is empty: expected a scenario (JSON) or a capture\n"))
    }

    /// Times are whole microseconds in every sample's run JSON: a route chain's duration read 0.7000000000000002
    /// and three pushes' time 1.0499999999999998.
    @Test func runJSONTimesHaveNoFloatingPointNoise() throws {
        let samples = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Samples").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(samples.count >= 10)
        for sample in samples {
            let run = try navviz("run", "Samples/\(sample)", "--json")
            let noisy = run.stdout.range(of: #"[0-9]\.[0-9]{10,}"#, options: .regularExpression).map { String(run.stdout[$0]) }
            #expect(noisy == nil, "\(sample): \(noisy ?? "")")
        }
    }

    @Test func runPrintsTheStepTable() throws {
        let result = try navviz("run", sample)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "UIKit containers: tabs, navigation, split and modals (Samples/uikit-containers.json): 22 steps")
        #expect(lines.dropFirst().first == "#    op          status    visible    events")
        #expect(lines.dropFirst(2).first == "0    initial     ok        Home       ")
        #expect(lines.dropFirst(3).first == "1    push        ok        Product    Home.wD Product.wA Home.dD Product.dA")
        #expect(lines.suffix(2) == ["16 ok, 2 noop, 4 rejected; all expectations hold", ""])
    }

    /// A name past 40 characters is shortened in the `visible` column, which every row pads to (a 254-character name made
    /// the table unreadable in a terminal, a trial); the events keep it whole.
    @Test func aLongVisibleNameIsShortenedInTheTable() throws {
        let long = "Very" + String(repeating: "Long", count: 20) + "ViewController"
        let folder = try ScenarioFolder(["long.json": #"{"navviz": 1, "root": {"navigation": ["Home"]}, "steps": [{"push": "\#(long)"}]}"#])
        let result = try navviz("run", "long.json", in: folder.url)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let shown = "VeryLongLongLongLong…gLongViewController"
        #expect(lines[1] == "#    op       status    " + "visible".padding(toLength: 42, withPad: " ", startingAt: 0) + "events")
        #expect(lines[3] == "1    push     ok        \(shown)  Home.wD \(long).wA Home.dD \(long).dA")
        // Shortened before it is escaped: an escape is never cut in half (`AAA\u…BBB`, a review).
        let bidi = String(repeating: "A", count: 18) + "\u{202E}" + String(repeating: "B", count: 40)
        let escaped = try ScenarioFolder(["bidi.json": #"{"navviz": 1, "root": {"navigation": ["\#(bidi)"]}}"#])
        let row = try navviz("run", "bidi.json", in: escaped.url).stdout.split(separator: "\n").map(String.init)[2]
        #expect(
            row.hasPrefix(
                "0    initial  ok        " + String(repeating: "A", count: 18) + "\\u{202E}B…" + String(repeating: "B", count: 19)))
    }

    /// Hooks follow `|` even when a step made no callback, so they never read as callbacks.
    @Test func hooksFollowTheBarEvenWithoutCallbacks() throws {
        let result = try navviz("run", "Samples/ariadne-routing.json")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("13   navigate  ok        Reviews#4      | update(Reviews#4)"))
        #expect(lines.contains { $0.hasPrefix("11   navigate") && $0.hasSuffix(" | prepareForShowTransition(Orders)") })
    }

    /// A name with a line feed, a tab or a bidi override stays on its line, visibly escaped: it cannot start a fake row
    /// of the table or reorder what the terminal shows.
    @Test func namesFromFilesAreEscapedInTheTableAndMessages() throws {
        let scenario = #"""
            {"navviz": 1, "name": "Tour \u202Eevil", "root": {"navigation": ["Home"], "id": "nav"},
             "steps": [{"push": "new\nline"}, {"push": "a\tb"}]}
            """#
        let folder = try ScenarioFolder(["odd.json": scenario])
        let run = try navviz("run", "odd.json", in: folder.url)
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 7)  // title, header, three steps, summary, and the final line feed
        #expect(lines[0] == "Tour \\u{202E}evil (odd.json): 2 steps")
        #expect(lines[3].hasPrefix("1    push     ok        new\\u{A}line"))
        #expect(lines[4].hasPrefix("2    push     ok        a\\u{9}b"))
        let render = try navviz("render", "odd.json", "-o", "out", in: folder.url)
        #expect(render.status == 0)
        #expect(render.stdout.hasPrefix("Rendered Tour \\u{202E}evil: "))
        #expect(!render.stdout.unicodeScalars.contains { $0.value == 0x202E })
    }

    /// `navviz help bogus` printed the top-level help and exited 0: a mistyped command read as one that worked.
    @Test(arguments: [
        (["help", "bogus"], 64, "navviz help: no command 'bogus'. Commands: run, validate, render, import, diff, check, serve\n"),
        (
            ["help", "rendr"], 64,
            "navviz help: no command 'rendr' (did you mean 'render'?). Commands: run, validate, render, import, diff, check, serve\n"
        ),
        (["help", "render"], 0, ""),
        (["help", "help"], 0, ""),
        (["help", "render", "bogus"], 64, "navviz help: 'render' has no command 'bogus'; navviz help render shows its help\n"),
        (["help"], 0, ""),
    ])
    func helpNamesACommandThatExists(_ arguments: [String], _ status: Int32, _ stderr: String) throws {
        let result = try navviz(arguments)
        #expect(result.status == status)
        #expect(result.stderr == stderr)
        #expect(result.stdout.hasPrefix("OVERVIEW: ") == (status == 0))
    }

    @Test func aFocusThatNamesNoControllerIsAUsageError() throws {
        let folder = try ScenarioFolder(["tiny.json": goodScenario])
        let result = try navviz("render", "tiny.json", "--focus", "Detial", "-o", "out", in: folder.url)
        #expect(result.status == 64)
        #expect(result.stderr == "--focus 'Detial' names no controller in any state of tiny.json. Did you mean 'Detail'?\n")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out").path))
        // A controller of any state will do, though it is gone by the end.
        #expect(try navviz("render", "tiny.json", "--focus", "Detail", "-o", "out", in: folder.url).status == 0)
        let tour = packageRoot.appendingPathComponent("Samples/app-tour.json").path
        let unfolds = try navviz("render", tour, "--focus", "Home", "-o", "tour", "--format", "dot", in: folder.url)
        #expect(unfolds.status == 0 && !unfolds.stderr.contains("note:"), "\(unfolds.stderr)")
        // As a box shows a captured controller: its module before it (a trial copied `Social.SocialNavigationController#5`).
        let capture = try ScenarioFolder([
            "app.txt": """
            <Shop.ShopNavigationController: 0x1>, state: appeared, view: <UILayoutContainerView: 0x2>
               | <Shop.HomeViewController: 0x3>, state: appeared, view: <UIView: 0x4>
            """
        ])
        let leaf = try navviz("render", "app.txt", "--focus", "Shop.HomeViewController", "-o", "out", in: capture.url)
        #expect(leaf.status == 0)
        // The visible leaf is drawn in full without it: said (a trial's focus drew what it drew without, unsaid); a focus that
        // unfolds a box says nothing.
        #expect(
            leaf.stderr.hasSuffix(
                "\nnote: --focus 'HomeViewController' changes no diagram: what it holds is drawn in full without it, in every state "
                    + "that holds it (name a container drawn as a grey box: its tooltip names what it folds)\n"), "\(leaf.stderr)")
        let typo = try navviz("render", "app.txt", "--focus", "Shop.HomeViewControler", "-o", "out2", in: capture.url)
        #expect(typo.stderr.hasSuffix("names no controller in any state of app.txt. Did you mean 'HomeViewController'?\n"))
    }

    /// `navviz render a.json`, then `navviz render a.json b.json`, into the default folder: each recognizes what
    /// the other wrote (the one-scenario manifest sits in the scenario's folder, the several-scenario one above).
    @Test func oneAndSeveralScenarioRendersShareAnOutputFolder() throws {
        let other = goodScenario.replacingOccurrences(of: "Tiny", with: "Other")
        let folder = try ScenarioFolder(["tiny.json": goodScenario, "other.json": other, "absolute.json": goodScenario])
        for arguments in [["tiny.json"], ["other.json"], ["tiny.json", "other.json"], ["tiny.json"], ["tiny.json", "other.json"]] {
            let result = try navviz(["render"] + arguments, in: folder.url)
            #expect(result.status == 0, "render \(arguments): \(result.stderr)")
        }
        // A file of the user's in there is still refused.
        try "mine".write(to: folder.url.appendingPathComponent("navviz-out/tiny/notes.txt"), atomically: true, encoding: .utf8)
        let refused = try navviz(["render", "tiny.json", "other.json"], in: folder.url)
        #expect(refused.status == 74)
        #expect(refused.stderr.contains("it holds 'tiny/notes.txt'"))
        // The README names an absolute scenario path from its own folder, naming no folder above the two.
        let absolute = folder.url.appendingPathComponent("absolute.json").path
        #expect(try navviz(["render", absolute, "-o", "abs"], in: folder.url).status == 0)
        let readme = try String(contentsOf: folder.url.appendingPathComponent("abs/absolute/README.md"), encoding: .utf8)
        #expect(readme.contains("from `../../absolute.json`"))
        #expect(!readme.contains(folder.url.path))
    }

    @Test(arguments: [
        (["--only", "state"], "Error: Unknown --only 'state' (did you mean 'states'?). Use states, transitions or flow\n"),
        (["--step", "-1"], "Error: --step must be 0 or more\n"),
    ])
    func badRenderOptionsSayWhatToUse(options: [String], message: String) throws {
        let folder = try ScenarioFolder(["tiny.json": goodScenario])
        let result = try navviz(["render", "tiny.json"] + options, in: folder.url)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message))
    }

    /// What the shared-folder rule must not do: trust a navviz render that is not this render's (an archive copied
    /// in), let a partial render replace a full one made by a render of several, or follow a link out of the folder.
    @Test func anOutputFolderKeepsWhatIsNotThisRendersOwn() throws {
        let other = goodScenario.replacingOccurrences(of: "Tiny", with: "Other")
        let folder = try ScenarioFolder(["tiny.json": goodScenario, "other.json": other, "victim/x.txt": "mine"])
        let fm = FileManager.default
        let url = folder.url
        // A render copied into the output folder as an archive is not this render's.
        #expect(try navviz(["render", "tiny.json", "-o", "elsewhere"], in: url).status == 0)
        #expect(try navviz(["render", "tiny.json", "other.json", "-o", "out"], in: url).status == 0)
        try fm.createDirectory(at: url.appendingPathComponent("out/archive"), withIntermediateDirectories: true)
        try fm.copyItem(at: url.appendingPathComponent("elsewhere/tiny"), to: url.appendingPathComponent("out/archive/v1"))
        let archive = try navviz(["render", "tiny.json", "other.json", "-o", "out"], in: url)
        #expect(archive.status == 74)
        #expect(fm.fileExists(atPath: url.appendingPathComponent("out/archive/v1/README.md").path))
        try fm.removeItem(at: url.appendingPathComponent("out/archive"))
        // A partial render over a full one made by a render of several.
        let partial = try navviz(["render", "tiny.json", "--step", "1", "-o", "out"], in: url)
        #expect(partial.status == 74)
        #expect(partial.stderr.contains("it holds a full render"))
        // A link where the scenario's folder would go.
        try fm.createDirectory(at: url.appendingPathComponent("links"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(
            atPath: url.appendingPathComponent("links/tiny").path, withDestinationPath: url.appendingPathComponent("victim").path)
        let linked = try navviz(["render", "tiny.json", "-o", "links"], in: url)
        #expect(linked.status == 74)
        #expect(linked.stderr.contains("not replaced: it is a symbolic link or a special file"))
        #expect(try String(contentsOf: url.appendingPathComponent("victim/x.txt"), encoding: .utf8) == "mine")
    }

    @Test func runJSONPrintsTheRunAsJSON() throws {
        let result = try navviz("run", sample, "--json")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let run = try JSONParser.parse(result.stdout)
        #expect(run.objectMembers?.map(\.0) == ["navviz", "scenario", "steps"])
        #expect(run["navviz"] == .number(1))
        #expect(run["scenario"] == .string("UIKit containers: tabs, navigation, split and modals"))
        let steps = try #require(run["steps"]?.arrayValue)
        #expect(steps.count == 23)
        #expect(steps.map { $0["index"] } == (0...22).map { .number(Double($0)) })
        #expect(steps[1]["op"] == .string("push"))
        #expect(steps[1]["visible"] == .string("Product"))
        #expect(steps[3]["status"] == .string("rejected"))
        #expect(steps[0]["hierarchy"]?["id"] == .string("shopTabs"))
    }

    /// `--strict` fails on a step that is not ok unless its `expect.status` says it must end so: every sample documents
    /// its refusals, and passes (a trial: the samples themselves failed it).
    @Test func strictFailsOnUndeclaredNoopAndRejectedSteps() throws {
        let sample = try navviz("run", sample, "--strict")
        #expect(sample.status == 0)
        #expect(sample.stdout.hasSuffix("16 ok, 2 noop, 4 rejected; all expectations hold\n"))
        let folder = try ScenarioFolder([
            "flow.json":
                #"{"navviz": 1, "root": {"navigation": ["Home"], "id": "nav"}, "steps": [{"pop": true, "expect": {"status": "noop"}}, {"pop": true}, {"push": {"ref": "Home"}, "expect": {"status": "noop"}}]}"#
        ])
        let result = try navviz("run", "flow.json", "--strict", in: folder.url)
        #expect(result.status == 1)
        // The summary says so too (it read "all expectations hold" while the command failed, a trial).
        #expect(result.stdout.hasSuffix("2 noop, 1 rejected; 1 expectation failed; --strict: 2 steps not ok\n"), "\(result.stdout)")
        #expect(
            result.stderr
                == "flow.json: steps[2].expect.status (step 3): expected 'noop', got 'rejected' (Cannot push 'Home': it is already in the "
                + "stack of 'nav' (UIKit raises: 'is pushing the same view controller instance more than once which is not supported'))\n"
                + "flow.json: steps[1]: step 2 (pop) ended noop: 'nav' is at its root: there is nothing to pop\n"
                + "flow.json: steps[2]: step 3 (push) ended rejected: Cannot push 'Home': it is already in the stack of 'nav' (UIKit raises: 'is pushing the same view controller instance more than once which is not supported')\n"
        )
    }

    @Test func strictPassesWhenEveryStepIsOK() throws {
        let folder = try ScenarioFolder(["tiny.json": goodScenario])
        let result = try navviz("run", "tiny.json", "--strict", in: folder.url)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasSuffix("2 ok; all expectations hold\n"))
    }

    @Test func failedExpectationExitsOneWithTheMessage() throws {
        let folder = try ScenarioFolder([
            "flow.json":
                #"{"navviz": 1, "root": {"navigation": ["Home"], "id": "nav"}, "steps": [{"push": "Detail"}, {"pop": true, "expect": {"visible": "Detail", "status": "noop"}}]}"#
        ])
        let result = try navviz("run", "flow.json", in: folder.url)
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                flow.json: steps[1].expect.status (step 2): expected 'noop', got 'ok'
                flow.json: steps[1].expect.visible (step 2): expected 'Detail', got 'Home'

                """)
        #expect(result.stdout.contains("     ✗ expect.visible: expected 'Detail', got 'Home'\n"))
        #expect(result.stdout.hasSuffix("2 ok; 2 expectations failed\n"))
    }

    @Test func finderOptionChangesTheVisibleController() throws {
        let folder = try ScenarioFolder([
            "split.json":
                #"{"navviz": 1, "device": "pad", "root": {"split": {"primary": {"navigation": ["Settings"]}, "secondary": "General"}, "id": "split"}}"#
        ])
        let navvizFinder = try navviz("run", "split.json", "--json", in: folder.url)
        let ariadne = try navviz("run", "split.json", "--json", "--finder", "ariadne", in: folder.url)
        #expect(try JSONParser.parse(navvizFinder.stdout)["steps"]?.arrayValue?.first?["visible"] == .string("General"))
        #expect(try JSONParser.parse(ariadne.stdout)["steps"]?.arrayValue?.first?["visible"] == .string("split"))
    }

    // MARK: - Invalid input files (exit 65)

    @Test(arguments: [
        ("missing.json", [String: String](), "missing.json: no such file"),
        ("folder", ["folder/inner.json": goodScenario], "folder: is a directory, expected a scenario file"),
        ("empty.json", ["empty.json": ""], "empty.json: the file is empty, expected a JSON object"),
        (
            "bad.json", ["bad.json": "{\n  \"navviz\": 1,\n  \"root\": \"Home\"\n  \"steps\": []\n}\n"],
            "bad.json: invalid JSON at line 4, column 3: unexpected '\"': expected ',' or '}' after an object member"
        ),
        (
            "v2.json", ["v2.json": #"{"navviz": 2, "root": "Home"}"#],
            "v2.json: navviz: unsupported format version '2'. This navviz reads version 1"
        ),
        (
            "shop.json",
            [
                "shop.json":
                    #"{"navviz": 1, "root": {"navigation": ["Home"]}, "steps": [{"push": "A"}, {"push": "B"}, {"pop": true}, {"op": "pusj", "node": "C"}]}"#
            ],
            "shop.json: steps[3].op: unknown operation 'pusj'. Did you mean 'push'?"
        ),
        ("list.json", ["list.json": "[]"], "list.json: expected a JSON object at the top level, found an array"),
    ])
    func invalidScenarioExitsSixtyFiveWithTheMessage(name: String, files: [String: String], message: String) throws {
        let folder = try ScenarioFolder(files)
        let result = try navviz("run", name, in: folder.url)
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == message + "\n")
    }

    @Test func everyErrorOfAFileIsPrinted() throws {
        let folder = try ScenarioFolder([
            "two.json": #"{"navviz": 1, "device": "tablet", "root": "Home", "steps": [{"op": "pop", "animatd": false}]}"#
        ])
        let result = try navviz("run", "two.json", in: folder.url)
        #expect(result.status == 65)
        #expect(
            result.stderr == """
                two.json: device: invalid value 'tablet', expected one of 'phone', 'pad'
                two.json: steps[0].animatd: unknown field 'animatd'. Did you mean 'animated'?

                """)
    }

    // MARK: - validate

    @Test func validateReportsEveryFile() throws {
        let folder = try ScenarioFolder([
            "a.json": goodScenario,
            "b.json": #"{"navviz": 1, "root": "Home", "steps": [{"pusj": "A"}]}"#,
            "c.json": #"{"navviz": 1, "root": "Home"}"#,
        ])
        let result = try navviz("validate", "a.json", "b.json", "c.json", "d.json", in: folder.url)
        #expect(result.status == 65)
        #expect(result.stdout == "a.json: ok (2 steps)\nc.json: ok (0 steps)\n")
        #expect(
            result.stderr == """
                b.json: steps[0].pusj: unknown operation 'pusj'. Did you mean 'push'?
                d.json: no such file
                2 of 4 files invalid

                """)
    }

    /// What `run` warns of in a literal (a three-column split with plain columns) `validate` says too, on stderr, and
    /// the file stays valid (a trial: a CI job that only validates never saw it).
    @Test func validateWarnsOfWhatTheLiteralsAsk() throws {
        let split = #"{"split": {"primary": {"navigation": ["A"]}, "supplementary": "B", "secondary": {"navigation": ["C"]}}, "id": "s"}"#
        let folder = try ScenarioFolder([
            "a.json":
                #"{"navviz": 1, "device": "pad", "root": \#(split), "steps": [{"present": \#(split.replacingOccurrences(of: "\"s\"", with: "\"t\""))}]}"#
        ])
        let result = try navviz("validate", "a.json", in: folder.url)
        #expect(result.status == 0)
        #expect(result.stdout == "a.json: ok (1 step)\n")
        let warning =
            "has a supplementary column, so UIKit makes it column-style and wraps each column in a navigation controller of "
            + "its own; navviz does not (docs/semantics.md#S1): write its supplementary 'B' as {\"navigation\": [...]} for UIKit's "
            + "pushes and show"
        #expect(result.stderr == "warning: a.json: root: 's' \(warning)\nwarning: a.json: steps[0]: 't' \(warning)\n")
        // A generator's literal too: validate builds nothing (run says it on the step that builds it).
        let generated = try ScenarioFolder([
            "g.json":
                #"{"navviz": 1, "device": "pad", "root": {"activities": {"home": "Home"}, "generators": {"notes": \#(split)}, "active": "home"}}"#
        ])
        let second = try navviz("validate", "g.json", in: generated.url)
        #expect(second.status == 0)
        #expect(second.stderr == "warning: g.json: root: 's' \(warning)\n")
        // What reading a file doubted (a misspelt animation kind), as `run` says it.
        let typo = try ScenarioFolder([
            "t.json": #"{"navviz": 1, "root": {"navigation": ["A"]}, "steps": [{"push": "B", "animation": "crossDisolve"}]}"#
        ])
        let third = try navviz("validate", "t.json", in: typo.url)
        #expect(third.status == 0)
        #expect(
            third.stderr
                == "t.json: note: steps[0].animation: animation kind 'crossDisolve' is not one navviz knows (drawn by its name, as a kind of your own): did you mean 'crossDissolve'?\n"
        )
    }

    @Test func validateSucceedsWhenEveryFileIsValid() throws {
        let folder = try ScenarioFolder([
            "flows/a.json": goodScenario, "flows/b.json": #"{"navviz": 1, "root": "Home", "steps": [{"push": "A"}]}"#,
            "flows/notes.txt": "x",
            // Notes on how to capture name the method; they are notes, not captures (a review: they failed the folder).
            "flows/HOWTO.txt": "Capture with expr -l objc -O -- [UIViewController _printHierarchy] and paste it here.\n",
            // The command at a prompt, with no dump: notes too (a review: it failed the folder), said with a note (a paste
            // that lost its output was left out without a word).
            "flows/HOWTO2.txt": "In Xcode's console:\n\n    (lldb) po [UIViewController _printHierarchy]\n\nthen save what it prints.\n",
        ])
        let result = try navviz("validate", "flows", in: folder.url)
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "flows/HOWTO2.txt: note: skipped: it holds the command that prints a dump (line 3) but no dump; if its output belongs here, paste it below the command\n"
        )
        #expect(result.stdout == "flows/a.json: ok (2 steps)\nflows/b.json: ok (1 step)\n")
    }

    /// A folder's `*.txt` captures are read with its scenarios (captures are told apart by content, so a
    /// folder of LLDB dumps renders as the files do); other text files are skipped. A new user's trial found
    /// `render dumps/` refused with "no *.json scenario files found".
    @Test func aFoldersCapturesAreReadWithItsScenarios() throws {
        let folder = try ScenarioFolder([
            "flows/a.json": goodScenario,
            "flows/home.txt": """
            <UINavigationController 0x7f8>, state: appeared, view: <UILayoutContainerView 0x7f9>
               | <HomeViewController 0x7fa>, state: appeared, view: <UIView 0x7fb>
            """,
            "flows/notes.txt": "x",
            // Notes on how to capture name the method; they are notes, not captures (a review: they failed the folder).
            "flows/HOWTO.txt": "Capture with expr -l objc -O -- [UIViewController _printHierarchy] and paste it here.\n",
        ])
        let result = try navviz("validate", "flows", in: folder.url)
        #expect(result.status == 0)
        #expect(result.stdout == "flows/a.json: ok (2 steps)\nflows/home.txt: ok (0 steps)\n")
        let render = try navviz("render", "flows", "-o", "out", "--format", "dot", in: folder.url)
        #expect(render.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out/home/states/000-initial.dot").path))
        // check reads a folder's scenarios only: the dumps beside them would each need goldens of their own.
        let record = try navviz("check", "flows", "--golden", "golden", "--record", in: folder.url)
        #expect(record.status == 0)
        #expect(record.stdout == "recorded a: 7 goldens (7 new) in golden/a/\n")
        // A capture that cannot be read (here a link to nothing) is an error naming it, not left out unsaid.
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("flows/gone.txt").path, withDestinationPath: "moved-away.txt")
        let broken = try navviz("validate", "flows", in: folder.url)
        #expect(broken.status == 65)
        #expect(
            broken.stderr
                == "flows/gone.txt: cannot be read: it is a symbolic link to 'moved-away.txt', which does not exist\n1 of 3 files invalid\n"
        )
        // Links that lead to each other are said to (a review: "which does not exist").
        let loop = folder.url.appendingPathComponent("loop.txt").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop2.txt")
        try FileManager.default.createSymbolicLink(atPath: loop + "2", withDestinationPath: "loop.txt")
        try FileManager.default.moveItem(atPath: loop + "2", toPath: folder.url.appendingPathComponent("loop2.txt").path)
        let looping = try navviz("validate", "loop.txt", in: folder.url)
        #expect(
            looping.stderr
                == "loop.txt: cannot be read: it is a symbolic link to 'loop2.txt', one of a loop of links that leads to no file\n1 of 1 file invalid\n"
        )
        /// Validates the folder with one text file in it in place of the one before (`flows/<replacing>`).
        func validate(putting text: String, in name: String, replacing: String) throws -> Outcome {
            try FileManager.default.removeItem(at: folder.url.appendingPathComponent("flows/\(replacing)"))
            try text.write(to: folder.url.appendingPathComponent("flows/\(name)"), atomically: true, encoding: .utf8)
            return try navviz("validate", "flows", in: folder.url)
        }
        // The debugger's error where a dump should be is read, so its message is said.
        let failed = try validate(
            putting: "(lldb) po [UIViewController _printHierarchy]\nerror: <user expression 0>:1:19: no known method '+_printHierarchy'\n",
            in: "failed.txt", replacing: "gone.txt")
        #expect(failed.status == 65)
        #expect(failed.stderr.hasPrefix("flows/failed.txt: line 2: the debugger printed an error, not a dump: "))
        // A console paste (a prompt running the command that prints a dump) is read, so why it cannot be is said.
        let console = try validate(
            putting: "(lldb) pvc\n--- The controller to hide ---\n<HomeViewController 0x7fa>, state: appeared, view: <UIView 0x7fb>\n",
            in: "console.txt", replacing: "failed.txt")
        #expect(console.status == 65)
        #expect(
            console.stderr.hasPrefix(
                "flows/console.txt: line 2: '--- The controller to hide ---' is not part of a dump, which starts on line 3: remove the lines above it\n"
            ))
        // Notes quoting a dump's line (no command) are left out with a note saying why (the reason reading the file by
        // its name gives: a trial found a folder's differ): they failed the folder.
        let notes = try validate(
            putting:
                "Bug bash notes. Xcode showed:\n<HomeViewController 0x7fa>, state: appeared, view: <UIView 0x7fb>\nCheck the cart again.\n",
            in: "notes.txt", replacing: "console.txt")
        #expect(notes.status == 0)
        #expect(
            notes.stderr
                == "flows/notes.txt: note: skipped: it holds a view controller line but does not read as a capture (line 1: 'Bug bash notes. Xcode showed:' is not part of a dump, which starts on line 2: remove the lines above it); name the file to read it as one\n"
        )
        #expect(notes.stdout == "flows/a.json: ok (2 steps)\nflows/home.txt: ok (0 steps)\n")
        // An older chisel's `pvc` paste prints its own lines: read, and refused saying why (a folder skipped it silently).
        let chisel = try validate(
            putting: "(lldb) pvc\n<TabBarController: 0x13772fd0; view = <UILayoutContainerView; 0x151b3a30>; frame = (0, 0; 414, 736)>\n",
            in: "pvc.txt", replacing: "notes.txt")
        #expect(chisel.status == 65)
        #expect(chisel.stderr.hasPrefix("flows/pvc.txt: line 2: "), "\(chisel.stderr)")
        // Swift's error quoting the expression, and the command with nothing after it: read, and refused saying why (a
        // trial's folder skipped both unsaid).
        let swift = try validate(
            putting:
                "(lldb) po UIViewController._printHierarchy()\nerror: <EXPR>:8:18: error: no member '_printHierarchy'\nUIViewController._printHierarchy()\n~~~~ ^~~~\n",
            in: "swift.txt", replacing: "pvc.txt")
        #expect(swift.stderr.hasPrefix("flows/swift.txt: line 2: the debugger printed an error, not a dump: "), "\(swift.stderr)")
        // In a code block too (a review: the folder skipped it).
        let fenced = try validate(putting: "```\n(lldb) pvc\n```\n", in: "fenced.txt", replacing: "swift.txt")
        #expect(fenced.stderr.hasPrefix("flows/fenced.txt: line 2: the command that prints the dump is here"), "\(fenced.stderr)")
        let command = try validate(putting: "(lldb) pvc\n", in: "command.txt", replacing: "fenced.txt")
        #expect(command.status == 65)
        #expect(
            command.stderr
                == "flows/command.txt: line 1: the command that prints the dump is here, but not what it printed: paste the debugger's output below it\n1 of 3 files invalid\n"
        )
    }

    /// A file that is not UTF-8 says so in the same words whatever it is called (the daemon's request body is
    /// `body`; a file of that name read as one).
    @Test(arguments: ["scenario.json", "body", "standard input"])
    func aFileThatIsNotUTF8CannotBeRead(name: String) throws {
        let folder = try ScenarioFolder([:])
        try Data([0x7B, 0x0A, 0x20, 0xC3, 0xA9, 0xFF, 0xFE, 0x7D]).write(to: folder.url.appendingPathComponent(name))
        let result = try navviz("validate", name, in: folder.url)
        #expect(result.status == 65)
        #expect(
            result.stderr == "\(name): cannot be read: it is not UTF-8 text (line 2, column 3: byte 0xff)\n1 of 1 file invalid\n")
    }

    /// A folder with no scenario is an error for every command that reads scenarios, not a silent success.
    @Test(arguments: ["validate", "run", "render"])
    func aFolderWithoutScenariosIsAnError(command: String) throws {
        let folder = try ScenarioFolder(["flows/notes.txt": "x"])
        let result = try navviz(command, "flows", in: folder.url)
        #expect(result.status == 65)
        #expect(result.stdout == "")
        let expected =
            command == "run"
            ? "flows: is a directory, expected a scenario file\n" : "flows: no *.json scenario files or *.txt captures found\n"
        #expect(result.stderr == expected)
    }

    @Test func validateAcceptsTheSamples() throws {
        let result = try navviz("validate", "Samples")
        #expect(result.status == 0)
        #expect(result.stdout.contains("Samples/uikit-containers.json: ok (22 steps)\n"))
    }

    // MARK: - Usage (exit 64)

    @Test func unknownFinderIsAUsageError() throws {
        let result = try navviz("run", sample, "--finder", "bogus")
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("Error: Unknown finder 'bogus'. Use one of: navviz, ariadne, splitMain, splitDetail\n"))
    }

    @Test(arguments: [["run"], ["validate"], ["run", sample, "--colour"], ["teleport"]])
    func badArgumentsAreUsageErrors(arguments: [String]) throws {
        let binary = try #require(NavVizBinary.url)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
    }

    /// Standard output on a full disk: the command says what was lost and exits 74 (it exited 0 with an empty file),
    /// keeping a failed command's own code but for a result's 1; a small and a large output (written before the end, and at
    /// the end).
    static let fullOutputCases: [([String], Int32)] = [
        (["run", sample], 74), (["run", "--json", sample], 74), (["validate", "Samples"], 74),
        // A result's 1 lost is 74: a CI step that accepts a diff's 1 would post what was lost (a trial).
        (["run", "failing.json"], 74), (["diff", "Samples/app-tour.json", "Samples/uikit-containers.json"], 74),
        (["diff", "--format", "markdown", "Samples/app-tour.json", "Samples/uikit-containers.json"], 74),
        // The help and the version are output too (they exited 0).
        (["--help"], 74), (["help", "render"], 74), (["render", "--help"], 74), (["--version"], 74),
    ]

    @Test(arguments: fullOutputCases)
    func aFullStandardOutputIsAnOutputError(arguments: [String], status: Int32) throws {
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else { return }
        let failing = #"{"navviz": 1, "root": {"navigation": ["Home"]}, "steps": [{"push": "A", "expect": {"visible": "Home"}}]}"#
        let folder = try ScenarioFolder(["failing.json": failing])
        let binary = try #require(NavVizBinary.url)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments.map { $0.hasSuffix("failing.json") ? folder.url.appendingPathComponent($0).path : $0 }
        process.currentDirectoryURL = packageRoot
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == status)
        // The reason when the last write failed; a large output's first failed write is known only to have failed.
        let lost = [
            "navviz: cannot write to standard output (No space left on device): what was printed is incomplete\n",
            "navviz: cannot write to standard output: what was printed is incomplete\n",
        ]
        let said = lost.first { stderr.hasPrefix($0) }
        #expect(said != nil)
        switch arguments[0] {
        case "run" where arguments.last!.hasSuffix("failing.json"): #expect(stderr.contains("steps[0].expect.visible (step 1)"))
        case "diff": #expect(stderr.contains("The flows differ"))
        default: #expect(lost.contains(stderr))
        }
    }

    /// The daemon with its standard output, or its standard error, on a full disk: it serves, stops on SIGINT and exits 74
    /// saying so, where FileHandle's write stopped it with "Illegal instruction" (a review).
    @Test(arguments: [true, false])
    func theDaemonSurvivesAFullOutput(stdoutFull: Bool) throws {
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else { return }
        let binary = try #require(NavVizBinary.url)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--port", "0", "--memory"]
        process.currentDirectoryURL = packageRoot
        let full = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardOutput = stdoutFull ? full : FileHandle.nullDevice
        process.standardError = stdoutFull ? errors : full
        try process.run()
        Thread.sleep(forTimeInterval: 2)
        #expect(process.isRunning)
        process.interrupt()
        let said = stdoutFull ? String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) : ""
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == (stdoutFull ? 74 : 0))
        if stdoutFull { #expect(said.contains("navviz: cannot write to standard output")) }
    }

    /// A mistyped command, finder, device or kind suggests the close one, as a scenario's fields do (a trial got none).
    @Test(arguments: [
        (["rnu", "x.json"], "navviz: no command 'rnu'. Did you mean 'run'? Commands: run, validate, render, import, diff, check, serve\n"),
        // A word close to none, and a file named with no command (ArgumentParser said "Unexpected argument").
        (["bogus"], "navviz: no command 'bogus'. Commands: run, validate, render, import, diff, check, serve\n"),
        (
            ["flow.json"],
            "navviz: no command 'flow.json'. To run a scenario or a capture: navviz run FILE. Commands: run, validate, render, import, diff, check, serve\n"
        ),
        (
            ["ren", "x.json"],
            "navviz: no command 'ren'. Did you mean 'render'? Commands: run, validate, render, import, diff, check, serve\n"
        ),
        (
            ["run", sample, "--finder", "Ariadne"],
            "Error: Unknown finder 'Ariadne'. Use one of: navviz, ariadne, splitMain, splitDetail. Did you mean 'ariadne'?\n"
        ),
        (["import", "x.txt", "--device", "ipad"], "Error: Unknown --device 'ipad'. Use phone or pad. Did you mean 'pad'?\n"),
        (
            ["import", "x.txt", "--kind", "X=tabs"],
            "Error: Invalid --kind 'X=tabs': expected Class=kind with kind one of navigation, tab, split, controller. Did you mean 'tab'?\n"
        ),
        // An empty name made a scenario every other command refused.
        (
            ["import", "x.txt", "--name", " "],
            "Error: The scenario's --name must not be empty: leave --name out for the first capture's file name\n"
        ),
        // One class given two kinds (the last was taken).
        (
            ["import", "x.txt", "--kind", "X=tab", "--kind", "X=navigation"],
            "Error: --kind gives 'X' two kinds, tab and navigation: keep one\n"
        ),
    ])
    func aMistypedWordSuggestsTheCloseOne(arguments: [String], message: String) throws {
        let result = try navviz(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message))
    }

    /// `serve`'s bounds are checked before anything starts.
    @Test(arguments: [
        (["--max-body", "0"], "Error: --max-body must be from 1 to 67108864 bytes (64 MiB)\n"),
        (["--max-body", "67108865"], "Error: --max-body must be from 1 to 67108864 bytes (64 MiB)\n"),
        (["--idle-timeout", "0"], "Error: --idle-timeout must be from 1 to 3600 seconds\n"),
        (["--render-workers", "17"], "Error: --render-workers must be from 1 to 16\n"),
        // A negative port is its value, out of bounds (a trial got 'Missing value for --port').
        (["--port", "-1"], "Error: --port must be from 0 to 65535\n"),
        (["--port", "65536"], "Error: --port must be from 0 to 65535\n"),
        // A host that names no address, before any warning (it warned the host was reachable, then stopped with exit 74).
        (
            ["--host", "", "--token", "0123456789abcdef0123"],
            "Error: Cannot listen on '': the host is empty: pick another --host (127.0.0.1, the default, or an address 'ip addr' lists)\n"
        ),
        (
            ["--host", "nonexistent.invalid", "--token", "0123456789abcdef0123"],
            "Error: Cannot listen on 'nonexistent.invalid': no address is known by that name ("
        ),
        (
            ["--host", "fe90::1", "--token", "0123456789abcdef0123"],
            "Error: Cannot listen on 'fe90::1': a link-local IPv6 address needs its interface (fe90::1%eth0): pick another --host"
        ),
        (
            ["--host", "fe80::1", "--token", "0123456789abcdef0123"],
            "Error: Cannot listen on 'fe80::1': a link-local IPv6 address needs its interface (fe80::1%eth0): pick another --host"
        ),
    ])
    func serveRefusesAnOptionOutOfBounds(arguments: [String], message: String) throws {
        let result = try navviz(["serve", "--memory", "--port", "0"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }

    @Test func noSubcommandIsAUsageErrorWithTheHelpOnStderr() throws {
        let result = try navviz()
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("OVERVIEW: Simulate UIKit view-controller hierarchies"))
        #expect(result.stderr.contains("SUBCOMMANDS:"))
    }

    @Test func helpExplainsTheExitCodes() throws {
        let result = try navviz("--help")
        #expect(result.status == 0)
        let text = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Exit codes: 0 success; 1 an expectation failed (or, with --strict, a step was not ok)"))
        #expect(text.contains("64 bad command-line usage"))
        #expect(text.contains("65 an input file is invalid"))
        #expect(text.contains("SUBCOMMANDS: run"))
    }
}
