import Foundation
import NavVizScenario
import NavVizTestSupport
import Testing

/// Captures of real apps through the CLI: `run`, `render` and `diff` take a `_printHierarchy` dump where
/// they take a scenario, and `import` turns captures into a scenario of `snapshot` steps.
@Suite struct CaptureCLITests {
    static let list = """
        <UINavigationController: 0x10300a000>, state: appeared, view: <UILayoutContainerView: 0x10300b000>
           | <Mail.MailboxesViewController: 0x10300c000>, state: disappeared, view: <UIView: 0x10300d000> not in the window
           | <Mail.MessageListViewController: 0x10300e000>, state: appeared, view: <UIView: 0x10300f000>
        """
    static let compose =
        list + """

               + <UINavigationController: 0x103010000>, state: appeared, view: <UILayoutContainerView: 0x103011000>, presented with: <_UIPageSheetPresentationController: 0x103012000>
               |    | <Mail.ComposeViewController: 0x103013000>, state: appeared, view: <UIView: 0x103014000>
            """

    /// A `--kind` is for the whole imported flow: one that matches a class of any capture is not noted of the
    /// others (a review: each capture without the class said it matched nothing, in stderr and in the scenario);
    /// one that matches none is noted once.
    @Test func aKindIsNotedOncePerFlow() throws {
        let folder = try ScenarioFolder(["1-list.txt": Self.list, "2-compose.txt": Self.compose])
        let imported = try navviz(
            "import", "1-list.txt", "2-compose.txt", "--kind", "ComposeViewController=controller", "--kind", "Composer=controller",
            "-o", "flow.json", in: folder.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(!imported.stderr.contains("ComposeViewController=controller"))
        #expect(imported.stderr.components(separatedBy: "--kind 'Composer=controller' matched no class").count == 2)
        let flow = try read("flow.json", in: folder.url)
        #expect(!flow.contains("ComposeViewController=controller"))
        #expect(flow.components(separatedBy: "--kind 'Composer=controller' matched no class").count == 2)
    }

    /// A class's guessed kind is noted once per flow, at the first capture that has it, though a later capture has another
    /// instance (docs/captures.md; a trial read the note twice, with another count).
    @Test func aGuessedKindIsNotedOncePerClass() throws {
        let own = { (text: String) in text.replacingOccurrences(of: "<UINavigationController:", with: "<Mail.MailNavigationController:") }
        let folder = try ScenarioFolder(["1-list.txt": own(Self.list), "2-compose.txt": own(Self.compose)])
        let imported = try navviz("import", "1-list.txt", "2-compose.txt", "-o", "flow.json", in: folder.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stderr == """
                1-list.txt: note: 'MailNavigationController' (Mail.MailNavigationController) is drawn as a navigation container from its class name; pass --kind 'MailNavigationController=controller' if it is not one
                flow.json: 2 captures imported

                """)
        let flow = try read("flow.json", in: folder.url)
        #expect(flow.components(separatedBy: "from its class name").count == 2)
        #expect(!flow.contains("from their class name"))
    }

    /// LLDB's `p` prints at most 1,024 characters of a string, then `"...`: said as such (a review: the generic
    /// refusal did not say why). `diff` gives a capture's refusals too (it said "invalid JSON").
    @Test func aShortenedStringAndTheDebuggersErrorAreSaidAsSuch() throws {
        let shortened =
            #"(String?) $R0 = "<UINavigationController: 0x101>, state: appeared, view: <UILayoutContainerView: 0x102>\n   | <Mail.Mailbo"..."#
        let folder = try ScenarioFolder([
            "p.txt": "(lldb) p UIApplication.shared.keyWindow?.rootViewController?.value(forKey: \"_printHierarchy\") as? String\n"
                + shortened + "\n",
            // With a note after it, too (a review: only a string alone on its line was told).
            "p2.txt": shortened + "\nCut here.\n",
            "error.txt": "(lldb) po [UIViewController _printHierarchy]\nerror: <user expression 0>:1:19: no known method\n",
            "list.txt": Self.list,
        ])
        let run = try navviz("run", "p.txt", in: folder.url)
        #expect(run.status == 65)
        #expect(
            run.stderr
                == "p.txt: line 2: the debugger shortened the string (it ends in \"...): print the dump with 'po', or run 'settings set target.max-string-summary-length 0' first\n"
        )
        let noted = try navviz("run", "p2.txt", in: folder.url)
        #expect(noted.status == 65)
        #expect(noted.stderr.hasPrefix("p2.txt: line 1: the debugger shortened the string"), "\(noted.stderr)")
        let diff = try navviz("diff", "error.txt", "list.txt", in: folder.url)
        #expect(diff.status == 65)
        #expect(
            diff.stderr.hasPrefix(
                "error.txt: line 2: the debugger printed an error, not a dump: '<user expression 0>:1:19: no known method'"))
    }

    /// `-o -` is standard output, as without `-o`: it wrote a file named `-` (one was committed to this repository).
    @Test func importToDashIsStandardOutput() throws {
        let folder = try ScenarioFolder(["1-list.txt": Self.list])
        let plain = try navviz("import", "1-list.txt", in: folder.url)
        let dashed = try navviz("import", "1-list.txt", "-o", "-", in: folder.url)
        #expect(dashed.status == 0)
        #expect(dashed.stdout == plain.stdout && dashed.stdout.hasPrefix("{\n  \"navviz\": 1,"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("-").path))
    }

    /// A scenario passed to `import` by mistake says so, on one line (it quoted the file over four raw lines as a
    /// dump that is not one).
    @Test func importOfAScenarioSaysItIsOne() throws {
        let folder = try ScenarioFolder(["shop.json": "{\n  \"navviz\": 1,\n  \"name\": \"Shop\"\n}\n"])
        let result = try navviz("import", "shop.json", in: folder.url)
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "shop.json: a navviz scenario or run JSON, not a capture: 'navviz run', 'render' and 'check' read a scenario as it is, 'navviz diff' a run\n"
        )
    }

    /// A `null` snapshot, an empty window, is a capture to every command (`run` and `import` refused it while `diff` and
    /// the daemon took it: a trial).
    @Test(arguments: [
        (["run", "empty.json"], "0    initial  ok        -        \nno steps; all expectations hold\n"),
        (["validate", "empty.json"], "empty.json: ok (0 steps)\n"),
        (["import", "empty.json", "list.txt"], #""root": null,"#),
    ])
    func anEmptyWindowIsACapture(arguments: [String], output: String) throws {
        let folder = try ScenarioFolder(["empty.json": "null\n", "list.txt": Self.list])
        let result = try navviz(arguments, in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(output), "\(result.stdout)")
    }

    /// Two captures of one app: tab 0's `ProductViewController` popped, tab 1's untouched. `diff` and `import` match
    /// controllers by their addresses, so the second keeps its id (`diff` read a move and a pop in tab 1), and
    /// `import` says a note about the same class once.
    @Test func capturesOfOneAppKeepTheirControllersIds() throws {
        let before = CaptureSamples.twoProducts
        let after = before.split(separator: "\n").filter { !$0.contains("0x103c21e90") }.joined(separator: "\n")
            .replacingOccurrences(
                of: "HomeViewController: 0x103b0f0a0>, state: disappeared, view: <UIView: 0x103b11b30> not in the window",
                with: "HomeViewController: 0x103b0f0a0>, state: appeared, view: <UIView: 0x103b11b30>")
        let folder = try ScenarioFolder(["1.txt": before, "2.txt": after])
        let diff = try navviz("diff", "1.txt", "2.txt", in: folder.url)
        #expect(diff.status == 1)
        #expect(
            diff.stdout
                == "step 0: - ProductViewController popped from UINavigationController; visible ProductViewController → HomeViewController\n"
        )
        let imported = try navviz("import", "1.txt", "2.txt", "-o", "flow.json", in: folder.url)
        #expect(imported.status == 0)
        #expect(
            imported.stderr
                == "1.txt: note: 'MainTabBarController' (Shop.MainTabBarController) is drawn as a tab container from its class name; "
                + "pass --kind 'MainTabBarController=controller' if it is not one\nflow.json: 2 captures imported\n")
        let flow = try String(contentsOf: folder.url.appendingPathComponent("flow.json"), encoding: .utf8)
        #expect(flow.components(separatedBy: "\"id\": \"ProductViewController#2\"").count == 3)  // in both states
    }

    @Test func runReadsADumpAsTheInitialState() throws {
        let folder = try ScenarioFolder(["list.txt": Self.list])
        let result = try navviz("run", "--json", "list.txt", in: folder.url)
        #expect(result.status == 0)
        let run = try JSONParser.parse(result.stdout)
        let initial = try #require(run["steps"]?.arrayValue?.first)
        #expect(initial["visible"] == .string("MessageListViewController"))
        #expect(initial["path"] == .array([.string("UINavigationController"), .string("MessageListViewController")]))
        #expect(initial["hierarchy"]?["children"]?.arrayValue?.count == 2)
        #expect(!result.stdout.contains("0x1030"))
    }

    /// `run` and `render` print what reading a capture guessed, as `import` does.
    @Test func runAndRenderPrintTheNotesOfACapture() throws {
        let folder = try ScenarioFolder(["list.txt": Self.list])
        for command in [
            ["run", "list.txt", "--kind", "MailboxController=navigation"],
            ["render", "list.txt", "-o", "out", "--kind", "MailboxController=navigation"],
        ] {
            let result = try navviz(command, in: folder.url)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("list.txt: note: --kind 'MailboxController=navigation' matched no class in this capture\n"))
        }
    }

    @Test func importWritesAScenarioThatRunsAndRenders() throws {
        let folder = try ScenarioFolder(["1-list.txt": Self.list, "2-compose.txt": Self.compose])
        let imported = try navviz("import", "1-list.txt", "2-compose.txt", "-o", "mail.json", in: folder.url)
        #expect(imported.status == 0)
        #expect(imported.stderr == "mail.json: 2 captures imported\n")
        let scenario = try JSONParser.parse(try read("mail.json", in: folder.url))
        #expect(scenario["navviz"] == .number(1))
        #expect(scenario["name"] == .string("1-list"))
        #expect(scenario["root"]?["id"] == .string("UINavigationController"))
        let step = try #require(scenario["steps"]?.arrayValue?.first)
        #expect(step["op"] == .string("snapshot"))
        #expect(step["note"] == .string("Captured in 2-compose.txt."))
        let run = try navviz("run", "mail.json", in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout.contains("1    snapshot  ok        ComposeViewController"))
        #expect(run.stdout.contains("ComposeViewController.wA"))
        let render = try navviz("render", "mail.json", "-o", "out", in: folder.url)
        #expect(render.status == 0)
        #expect(exists("out/mail/transitions/001-snapshot.svg", in: folder.url))
    }

    /// `pbpaste | navviz import -`: a capture from standard input, pasted with its LLDB prompt.
    /// `pbpaste | navviz run -`: run, render and validate read a capture (or a scenario) from standard input, as
    /// import does (a new user's trial found `-: no such file`).
    @Test func runRenderAndValidateReadStandardInput() throws {
        let binary = try #require(NavVizBinary.path)
        let folder = try ScenarioFolder(["list.txt": "(lldb) po UIViewController._printHierarchy()\n" + Self.list])
        func piped(_ arguments: String) throws -> Outcome {
            try runProgram(URL(fileURLWithPath: "/bin/sh"), ["-c", "'\(binary)' \(arguments) < list.txt"], in: folder.url)
        }
        let run = try piped("run -")
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("capture (standard input): 0 steps\n"))
        #expect(run.stdout.contains("MessageListViewController"))
        let render = try piped("render - -o out --format dot")
        #expect(render.status == 0, "\(render.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out/standard-input/states/000-initial.dot").path))
        let readme = try String(contentsOf: folder.url.appendingPathComponent("out/standard-input/README.md"), encoding: .utf8)
        #expect(readme.contains("Generated by `navviz render` from standard input: 0 steps."))
        let validate = try piped("validate -")
        #expect(validate.stdout == "standard input: ok (0 steps)\n")
        let twice = try piped("validate - -")
        #expect(twice.status == 64)
        #expect(twice.stderr == "Standard input (-) can be read once\n")
        // A scenario without a name is not called a capture.
        try #"{"navviz": 1, "root": {"navigation": ["Home"]}, "steps": [{"push": "Detail"}]}"#.write(
            to: folder.url.appendingPathComponent("list.txt"), atomically: true, encoding: .utf8)
        #expect(try piped("run -").stdout.hasPrefix("scenario (standard input): 1 step\n"))
        // One whose root is empty is a scenario too; a canonical snapshot is a capture.
        try #"{"navviz": 1, "root": null}"#.write(to: folder.url.appendingPathComponent("list.txt"), atomically: true, encoding: .utf8)
        #expect(try piped("run -").stdout.hasPrefix("scenario (standard input): 0 steps\n"))
        try #"{"id": "Home", "kind": "controller"}"#.write(
            to: folder.url.appendingPathComponent("list.txt"), atomically: true, encoding: .utf8)
        #expect(try piped("run -").stdout.hasPrefix("capture (standard input): 0 steps\n"))
    }

    /// A folder of captures is not a flow: its order is not the order they were taken in (it was "expected a scenario file").
    /// Named with a trailing slash, as a shell completes it, the advice has one slash (a trial was told `captures//*.txt`).
    @Test(arguments: ["captures", "captures/", "captures//"])
    func importOfAFolderSaysToNameTheCaptures(_ named: String) throws {
        let folder = try ScenarioFolder(["captures/1.txt": Self.list])
        let result = try navviz("import", named, in: folder.url)
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "\(named): is a directory, expected a capture file: name the captures in the order they were taken (navviz import captures/*.txt, if their names sort so)\n"
        )
    }

    @Test func importReadsACaptureFromStandardInput() throws {
        let binary = try #require(NavVizBinary.path)
        let folder = try ScenarioFolder(["list.txt": "(lldb) po UIViewController._printHierarchy()\r\n" + Self.list + "\r\n(lldb) "])
        let result = try runProgram(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "'\(binary)' import - list.txt -o flow.json < list.txt"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.stderr == "flow.json: 2 captures imported\n")
        let scenario = try read("flow.json", in: folder.url)
        #expect(scenario.contains(#""name": "capture""#))
        #expect(scenario.contains(#""description": "Captured in standard input. [navviz import "#))
        #expect(try navviz("import", "-", "-", in: folder.url).stderr.contains("Standard input (-) can be read once"))
        // Standard input that cannot be read (a folder) is an error, not a crash.
        let folderInput = try runProgram(URL(fileURLWithPath: "/bin/sh"), ["-c", "'\(binary)' import - < ."], in: folder.url)
        #expect(folderInput.status == 65)
        #expect(folderInput.stderr.hasPrefix("standard input: cannot be read: "))
    }

    @Test func importWithoutOutputPrintsTheScenario() throws {
        let folder = try ScenarioFolder(["list.txt": Self.list])
        let result = try navviz("import", "list.txt", in: folder.url)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("{\n  \"navviz\": 1,\n  \"name\": \"list\","))
    }

    /// `--device pad` records the device a dump cannot tell (an iPad capture was labelled phone in a new user's
    /// trial): the scenario says so, and its diagrams' window reads `UIWindow · pad`.
    @Test func importTakesTheDevice() throws {
        let folder = try ScenarioFolder(["list.txt": Self.list, "compose.txt": Self.compose])
        let imported = try navviz("import", "list.txt", "compose.txt", "--device", "pad", "-o", "pad.json", in: folder.url)
        #expect(imported.status == 0)
        let scenario = try String(contentsOf: folder.url.appendingPathComponent("pad.json"), encoding: .utf8)
        #expect(scenario.contains(#""device": "pad""#))
        #expect(try navviz("render", "pad.json", "-o", "out", "--format", "dot", in: folder.url).status == 0)
        for file in ["states/000-initial.dot", "transitions/001-snapshot.dot"] {
            let dot = try String(contentsOf: folder.url.appendingPathComponent("out/pad/\(file)"), encoding: .utf8)
            #expect(dot.contains("<B>UIWindow</B> · pad>") && !dot.contains("· phone"), "\(file)")
        }
        let wrong = try navviz("import", "list.txt", "--device", "tablet", in: folder.url)
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("Unknown --device 'tablet'. Use phone or pad"))
    }

    @Test func importIntoAMissingFolderNamesTheFolder() throws {
        let folder = try ScenarioFolder(["list.txt": Self.list])
        let result = try navviz("import", "list.txt", "-o", "nodir/list.json", in: folder.url)
        #expect(result.status == 74)
        #expect(result.stderr == "nodir/list.json: cannot write the scenario: the folder nodir does not exist\n")
    }

    @Test func importNeverReplacesAFileItDidNotWrite() throws {
        let folder = try ScenarioFolder(["list.txt": Self.list, "notes.json": "{\"mine\": true}\n"])
        let result = try navviz("import", "list.txt", "-o", "notes.json", in: folder.url)
        #expect(result.status == 74)
        #expect(result.stderr == "notes.json: not replaced: it is not a navviz scenario. Choose another file, or remove it first\n")
        #expect(try read("notes.json", in: folder.url) == "{\"mine\": true}\n")
        // A link to an import is not replaced by a file of its own (the link was gone without a word).
        #expect(try navviz("import", "list.txt", "-o", "flow.json", in: folder.url).status == 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("link.json").path, withDestinationPath: "flow.json")
        let throughLink = try navviz("import", "list.txt", "-o", "link.json", in: folder.url)
        #expect(throughLink.status == 74)
        #expect(
            throughLink.stderr
                == "link.json: not replaced: it is a symbolic link or a special file, not a scenario file navviz import wrote. Choose another file, or remove it first\n"
        )
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: folder.url.appendingPathComponent("link.json").path) == "flow.json")
        // A folder is said to be one (it was "not a navviz scenario").
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("out"), withIntermediateDirectories: false)
        let intoFolder = try navviz("import", "list.txt", "-o", "out", in: folder.url)
        #expect(intoFolder.status == 74)
        #expect(intoFolder.stderr == "out: a folder: import writes one scenario file (-o shop.json)\n")
    }

    @Test func importReplacesItsOwnScenarioButNotAHandWrittenOne() throws {
        let handWritten = #"{"navviz": 1, "name": "Mine", "root": {"navigation": ["Home"]}, "steps": [{"push": "Detail"}]}"# + "\n"
        // Even one whose description reads like an import's: its root is a literal, not a captured snapshot.
        let lookalike = #"{"navviz": 1, "name": "Mine", "description": "Captured in my head.", "root": "Home"}"# + "\n"
        let folder = try ScenarioFolder(["list.txt": Self.list, "mine.json": handWritten, "lookalike.json": lookalike])
        #expect(try navviz("import", "list.txt", "-o", "lookalike.json", in: folder.url).status == 74)
        #expect(try read("lookalike.json", in: folder.url) == lookalike)
        let refused = try navviz("import", "list.txt", "-o", "mine.json", in: folder.url)
        #expect(refused.status == 74)
        #expect(
            refused.stderr
                == "mine.json: not replaced: it is a scenario navviz import did not write (or one edited since: it holds more than captures, or its description lost its '[navviz import …]' seal). Choose another file, or remove it first\n"
        )
        #expect(try read("mine.json", in: folder.url) == handWritten)
        // Its own output is replaced: importing again is how a capture is refreshed.
        #expect(try navviz("import", "list.txt", "list.txt", "-o", "flow.json", in: folder.url).status == 0)
        #expect(try navviz("import", "list.txt", "-o", "flow.json", in: folder.url).status == 0)
        // Unless it was edited since, in ways its shape does not show (a trial's renamed title, note and screen were
        // lost): the description's seal is the hash of the file as written.
        let imported = try read("flow.json", in: folder.url)
        #expect(imported.contains(#"[navviz import "#))
        for (old, new) in [(#""name": "list""#, #""name": "My list""#), (#""screen": ""#, #""screen": "X"#)] {
            let edited = imported.replacingOccurrences(of: old, with: new)
            #expect(edited != imported)
            try edited.write(to: folder.url.appendingPathComponent("flow.json"), atomically: true, encoding: .utf8)
            let kept = try navviz("import", "list.txt", "-o", "flow.json", in: folder.url)
            #expect(kept.status == 74)
            #expect(
                kept.stderr
                    == "flow.json: not replaced: it was edited since navviz import wrote it. Choose another file, or remove it first\n")
            #expect(try read("flow.json", in: folder.url) == edited)
        }
        // Nor when its seal was edited away with the rest (it was then taken for an older import and replaced).
        let unsealed = imported.replacingOccurrences(of: #" \[navviz import [0-9a-f]{16}\]"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #""name": "list""#, with: #""name": "My list""#)
        #expect(unsealed != imported)
        try unsealed.write(to: folder.url.appendingPathComponent("flow.json"), atomically: true, encoding: .utf8)
        #expect(try navviz("import", "list.txt", "-o", "flow.json", in: folder.url).status == 74)
        #expect(try read("flow.json", in: folder.url) == unsealed)
        // The seal is no caption: the scenario's initial state reads as the description without it.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("flow.json"))
        #expect(try navviz("import", "list.txt", "-o", "flow.json", in: folder.url).status == 0)
        let table = try navviz("run", "flow.json", "--json", in: folder.url)
        #expect(table.stdout.contains(#""note": "Captured in list.txt.""#))
        #expect(!table.stdout.contains("navviz import"))
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test func aFragmentIsRefusedWithItsLine() throws {
        let folder = try ScenarioFolder([
            "fragment.txt": "   |    | <App.Detail: 0x1>, state: appeared, view: <UIView: 0x2>\n"
        ])
        for command in ["run", "import", "render"] {
            let result = try navviz(command, "fragment.txt", in: folder.url)
            #expect(result.status == 65, "\(command)")
            #expect(
                result.stderr
                    == "fragment.txt: line 1: the dump starts below the top level: it is a fragment; print the whole hierarchy with 'expr -l objc -O -- [UIViewController _printHierarchy]'\n",
                "\(command)")
        }
    }

    @Test func kindOverridesApplyToImport() throws {
        let folder = try ScenarioFolder([
            "pile.txt": """
            <App.CardStackController: 0x1>, state: appeared, view: <UIView: 0x2>
               | <App.FirstCard: 0x3>, state: disappeared, view: (view not loaded)
               | <App.SecondCard: 0x4>, state: appeared, view: <UIView: 0x5>
            """
        ])
        let plain = try navviz("import", "pile.txt", in: folder.url)
        #expect(plain.stdout.contains(#""kind": "controller""#))
        let overridden = try navviz("import", "--kind", "CardStackController=navigation", "pile.txt", in: folder.url)
        #expect(overridden.stdout.contains(#""kind": "navigation""#))
        let bad = try navviz("import", "--kind", "CardStackController=stack", "pile.txt", in: folder.url)
        #expect(bad.status == 64)
        #expect(
            bad.stderr.contains(
                "Invalid --kind 'CardStackController=stack': expected Class=kind with kind one of navigation, tab, split, controller"))
    }

    @Test func diffComparesTwoCaptures() throws {
        let folder = try ScenarioFolder(["a.txt": Self.list, "b.txt": Self.compose])
        let result = try navviz("diff", "a.txt", "b.txt", in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout.contains("visible MessageListViewController → ComposeViewController"))
    }

    /// Control characters and bidi overrides in user text reach the terminal escaped.
    @Test func terminalEscapesInAScenarioArePrintedVisibly() throws {
        let folder = try ScenarioFolder([
            "evil.json":
                #"{"navviz": 1, "root": {"navigation": ["Home"]}, "steps": [{"op": "\u001b]0;pwned\u0007x"}, {"push": "\u202eA"}]}"#
        ])
        let result = try navviz("validate", "evil.json", in: folder.url)
        #expect(result.status == 65)
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(result.stderr.contains("\\u{1B}]0;pwned\\u{7}x"))
    }
}
