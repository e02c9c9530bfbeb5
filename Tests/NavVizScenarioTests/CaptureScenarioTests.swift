import NavVizCore
import NavVizScenario
import Testing

/// Scenarios whose root is a canonical snapshot, with `snapshot` steps (what `navviz import` writes), and
/// captures loaded where a scenario is expected.
@Suite struct CaptureScenarioTests {
    static let list =
        #"{"id": "nav", "kind": "navigation", "children": [{"id": "Inbox", "kind": "controller", "children": []}, {"id": "Message", "kind": "controller", "children": [], "loaded": false}]}"#
    static let compose =
        #"{"id": "nav", "kind": "navigation", "children": [{"id": "Inbox", "kind": "controller", "children": []}], "presented": {"id": "Compose", "kind": "controller", "children": [], "style": "pageSheet"}}"#

    @Test func aSnapshotRootStartsTheRunAndLaterStepsMayNameItsIds() throws {
        let scenario = try ScenarioDecoder.decode(
            #"{"navviz": 1, "root": \#(Self.list), "steps": [{"op": "pop", "target": "Message"}]}"#, file: "mail.json")
        let run = ScenarioRunner.run(scenario)
        #expect(run.steps[0].finder.visible == "Message")
        #expect(run.steps[0].hierarchy["Message"].isLoaded == false)
        #expect(run.steps[1].status == .ok)
        #expect(run.steps[1].finder.visible == "Inbox")
    }

    @Test func aSnapshotStepReplacesTheWindowWithInferredCallbacks() throws {
        let scenario = try ScenarioDecoder.decode(
            #"{"navviz": 1, "root": \#(Self.list), "steps": [{"snapshot": \#(Self.compose)}]}"#, file: "mail.json")
        let step = ScenarioRunner.run(scenario).steps[1]
        #expect(step.op == "snapshot")
        #expect(step.finder.visible == "Compose")
        #expect(
            step.outcome.events.map(\.description) == [
                "Message.viewWillDisappear", "Inbox.viewWillAppear", "Compose.viewWillAppear", "Message.viewDidDisappear",
                "Inbox.viewDidAppear", "Compose.viewDidAppear",
            ])
    }

    @Test func aBadSnapshotNamesItsPath() {
        #expect(throws: ScenarioErrors.self) {
            try ScenarioDecoder.decode(
                #"{"navviz": 1, "root": "Home", "steps": [{"op": "snapshot", "hierarchy": {"id": "x", "kind": "tabz"}}]}"#, file: "s.json")
        }
        do {
            _ = try ScenarioDecoder.decode(
                #"{"navviz": 1, "root": "Home", "steps": [{"op": "snapshot", "hierarchy": {"id": "x", "kind": "tabz"}}]}"#, file: "s.json")
        } catch {
            #expect(
                error.description
                    == "s.json: steps[0].hierarchy.kind: invalid value 'tabz', expected one of 'controller', 'navigation', 'tab', 'split', 'activity', 'stack', 'notifications', 'view'. Did you mean 'tab'?"
            )
        }
    }

    @Test func theLoaderTellsCapturesFromScenariosByContent() throws {
        let dump = """
            <UINavigationController: 0x1>, state: appeared, view: <UILayoutContainerView: 0x2>
               | <UIViewController: 0x3>, state: appeared, view: <UIView: 0x4>
            """
        let fromDump = try ScenarioLoader.decode(dump, file: "captures/home.txt")
        #expect(fromDump.name == "home")
        #expect(fromDump.steps.isEmpty)
        #expect(fromDump.initialHierarchy?.root == "UINavigationController")
        let fromSnapshot = try ScenarioLoader.decode(Self.list, file: "list.json")
        #expect(fromSnapshot.initialHierarchy?["nav"].children == ["Inbox", "Message"])
        let scenario = try ScenarioLoader.decode(#"{"navviz": 1, "root": "Home"}"#, file: "s.json")
        #expect(scenario.initialHierarchy == nil)
    }

    /// Embedding, never-loaded and released views, and transitional states survive the canonical snapshot.
    /// A text file that is neither a dump nor JSON is told so by its first line; a `.json` file is read as JSON.
    /// A message beside a dump's literal that interpolates is not the dump's: the literal is read, the code around it left
    /// out (a review: it was refused as an interpolated dump).
    @Test func aMessageThatInterpolatesBesideADumpLiteralIsCode() throws {
        let text =
            #"let dump = "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>"; XCTAssertEqual(dump, x, "got \(x)")"#
            + "\n"
        let scenario = try Capture.scenario(Capture.load(text: text, file: "message.txt"), file: "message.txt")
        #expect(scenario.notes == ["line 1: the text around the string literal the dump is in left out: not the dump"])
        #expect(scenario.initialHierarchy?.nodeCount == 2)
    }

    @Test(arguments: [
        (
            "notes.txt", "\n  hello world\n",
            "notes.txt: line 2: expected a view controller line such as '<UINavigationController 0x…>, state: appeared, view: <UILayoutContainerView 0x…>', found 'hello world'"
        ),
        ("app.json", "hello", "app.json: invalid JSON at line 1, column 1: unexpected 'h': expected a value"),
        // The line named is the one the reader stopped at, past the prompt (it named the prompt's line).
        (
            "chisel.txt",
            "(lldb) pvc\n=== The hierarchy of the running app ===\n<UIViewController: 0x1>, state: appeared, view: <UIView: 0x2>\n",
            "chisel.txt: line 2: '=== The hierarchy of the running app ===' is not part of a dump, which starts on line 3: remove the lines above it"
        ),
        // A cycript command and its output on one line: not read as JSON (it starts with '['), and the
        // excerpt says it goes on.
        (
            "wechat.txt", "[[[UIWindow keyWindow] rootViewController] _printHierarchy].toString() <UIViewController: 0x1>",
            "wechat.txt: line 1: expected a view controller line such as '<UINavigationController 0x…>, state: appeared, view: <UILayoutContainerView 0x…>', found '[[[UIWindow keyWindow] rootViewController] _printHierarchy]…'"
        ),
        // A tool's log line before the dump (a Frida UI dumper's, in a trial of new real captures: read as JSON, it was
        // "invalid JSON at line 1, column 2"): where the dump starts.
        (
            "frida.txt",
            "[*] Device info: Device(name=\"iPad 4\", type='usb')\n\n<UIViewController: 0x1>, state: appeared, view: <UIView: 0x2>\n",
            "frida.txt: line 1: '[*] Device info: Device(name=\"iPad 4\", type='usb')' is not part of a dump, which starts on line 3: remove the lines above it"
        ),
        // Bracketed log lines that start like JSON (a review: `[frida]`, a timestamp still said "invalid JSON").
        (
            "frida2.txt", "[frida] attached to pid 123\n<UIViewController: 0x1>, state: appeared, view: <UIView: 0x2>\n",
            "frida2.txt: line 1: '[frida] attached to pid 123' is not part of a dump, which starts on line 2: remove the lines above it"
        ),
        (
            "log.txt", "[2026-11-26 08:00:01] paused\n<UIViewController: 0x1>, state: appeared, view: <UIView: 0x2>\n",
            "log.txt: line 1: '[2026-11-26 08:00:01] paused' is not part of a dump, which starts on line 2: remove the lines above it"
        ),
        // Prose below a blank line after an unfenced dump (an issue's question): said as the text above one is (it was
        // "expected a view controller line").
        (
            "issue.txt",
            "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n\nWhy is A not on screen?\nThanks\n",
            "issue.txt: line 4: 'Why is A not on screen?' is not part of the dump, which ends on line 2: remove the lines below it"
        ),
        // The same when the prose names `_printHierarchy`, or is a search's address holding it (a trial's real note: it was
        // read as a command that printed a second dump, "expected a view controller line").
        (
            "note.txt",
            "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n\nhttps://www.google.fr/search?q=%5BUIWindow+keyWindow%5D+_printHierarchy%5D\nI ran _printHierarchy again and got the same.\n",
            "note.txt: line 4: 'https://www.google.fr/search?q=%5BUIWindow+keyWindow%5D+_pr…' is not part of the dump, which ends on line 2: remove the lines below it"
        ),
        // A dump indented less than a Markdown code block (a source comment) with prose below at the margin: the prose is
        // said, not the dump's indentation (a trial of real captures: "the indentation is not UIKit's").
        (
            "indented.txt",
            "  <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n     | <A 0x3>, state: appeared, view: <UIView 0x4>\n\nNext we check the map.\n",
            "indented.txt: line 4: 'Next we check the map.' is not part of the dump, which ends on line 2: remove the lines below it"
        ),
        // Right below the dump, no blank line between (a thank-you): the same.
        (
            "thanks.txt",
            "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\nThanks for looking!\n",
            "thanks.txt: line 2: 'Thanks for looking!' is not part of the dump, which ends on line 1: remove the lines below it"
        ),
        // Swift's error after `po` in a Swift frame quotes the expression (which names the method) and marks it: the error
        // is said, not the quoted expression (it was "expected a view controller line … found 'UIViewController._printHierarchy()'").
        (
            "swift.txt",
            "(lldb) po UIViewController._printHierarchy()\nerror: <EXPR>:8:18: error: type 'UIViewController' has no member '_printHierarchy'\nUIViewController._printHierarchy()\n~~~~~~~~~~~~~~~~ ^~~~~~~~~~~~~~~\n",
            "swift.txt: line 2: the debugger printed an error, not a dump: '<EXPR>:8:18: error: type 'UIViewController' has no member '…'. From a Swift frame, use 'expr -l objc -O -- [UIViewController _printHierarchy]'"
        ),
        // `<details>` above an unfenced dump is text, not a dump shortened to class names (a review).
        (
            "details.txt",
            "<details>\n<summary>Hierarchy</summary>\n\n<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n",
            "details.txt: line 1: '<details>' is not part of a dump, which starts on line 4: remove the lines above it"
        ),
        // A controller printed by another command after the error is no retry: the error is said (a review: it was lost).
        (
            "poself.txt",
            "(lldb) po UIViewController._printHierarchy()\nerror: <EXPR>:8:18: error: no member '_printHierarchy'\nUIViewController._printHierarchy()\n~~~~ ^~~~\n(lldb) po self\n<App.HomeViewController: 0x7fa3>\n",
            "poself.txt: line 2: the debugger printed an error, not a dump: '<EXPR>:8:18: error: no member '_printHierarchy''. From a Swift frame, use 'expr -l objc -O -- [UIViewController _printHierarchy]'"
        ),
        // A dump shortened to class names, lowercase ones too (an Objective-C app's `ydRootVC`).
        (
            "lower.txt", "<ydRootVC 0x7fa1>\n   | <ydHomeVC 0x7fa2>\n",
            "lower.txt: line 1: '<ydRootVC 0x7fa1>' has no ', state: …, view: …' after it: the dump was shortened (navviz reads each controller's state and view to tell what is on screen); paste it as the debugger printed it"
        ),
        // The command alone (it was "the capture is empty").
        (
            "command.txt", "(lldb) expr -l objc -O -- [UIViewController _printHierarchy]\n(lldb) \n",
            "command.txt: line 1: the command that prints the dump is here, but not what it printed: paste the debugger's output below it"
        ),
        // The command in a cheat sheet, the next items below it and no dump (a trial was told the next item was no
        // controller line).
        (
            "sheet.txt",
            ">* Shortcut to the controllers: _printHierarchy\n```\ncy# [[[UIWindow keyWindow] rootViewController] _printHierarchy].toString()\n```\n>* _ivarDescription: prints an object's instance variables\n```\ncy# [#0x5822600 _ivarDescription].toString()\n```\n",
            "sheet.txt: line 3: the command that prints the dump is here, but not what it printed: paste the debugger's output below it"
        ),
        // Notes showing the command without a prompt in a code block, and no dump (they were refused at their heading).
        (
            "howto.txt",
            "# Debug notes\n\nPause, then run:\n\n    po UIApplication.shared.keyWindow?.rootViewController?.value(forKey: \"_printHierarchy\")\n\nThen paste it.\n",
            "howto.txt: line 5: the command that prints the dump is here, but not what it printed: paste the debugger's output below it"
        ),
        // A test's before and after, each in a string literal (it was "expected a view controller line" at `func`).
        (
            "literals.txt",
            "func testPush() {\n    let before = \"<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\"\n    let after = \"<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\\n   | <B 0x5>, state: appeared, view: <UIView 0x6>\"\n}\n",
            "literals.txt: line 3: a second dump starts here (the first starts on line 2): keep one dump per file"
        ),
        // Two doc comments, each with a dump (it was "expected a view controller line" at the first comment).
        (
            "docs.txt",
            "/// Before:\n/// <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n///    | <A 0x3>, state: appeared, view: <UIView 0x4>\nfunc a() {}\n\n/// After:\n/// <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n///    | <B 0x5>, state: appeared, view: <UIView 0x6>\nfunc b() {}\n",
            "docs.txt: line 7: a second dump starts here (the first starts on line 2): keep one dump per file"
        ),
        // Two doc comments' dumps wrapped after the comma are two dumps too (a review).
        (
            "wrapped.txt",
            "/// Before:\n/// <UINavigationController 0x1>,\n/// state: appeared, view: <UILayoutContainerView 0x2>\nfunc a() {}\n\n/// After:\n/// <UINavigationController 0x1>,\n/// state: appeared, view: <UILayoutContainerView 0x2>\nfunc b() {}\n",
            "wrapped.txt: line 7: a second dump starts here (the first starts on line 2): keep one dump per file"
        ),
        // A multi-line literal's dump that interpolates is said to (a review: "expected a controller").
        (
            "multi.txt",
            "let expected = \"\"\"\n<UINavigationController \\(address)>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\n\"\"\"\n",
            "multi.txt: line 2: the dump is in a string literal that interpolates ('\\(…)'): navviz reads the text the debugger printed; paste that"
        ),
        // A literal that interpolates is not what the debugger printed.
        (
            "interpolated.txt",
            "let expected = \"<UINavigationController \\(address)>, state: appeared, view: <UILayoutContainerView 0x2>\\n   | <A 0x3>, state: appeared, view: <UIView 0x4>\"\n",
            "interpolated.txt: line 1: the dump is in a string literal that interpolates ('\\(…)'): navviz reads the text the debugger printed; paste that"
        ),
        // A comment quoting a view beside a dump literal is no second dump (a review).
        (
            "viewcomment.txt",
            "// <UIView 0x9> is the header\nfunc testA() {\n    let a = \"<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\"\n}\n",
            "viewcomment.txt: line 1: expected a view controller line such as '<UINavigationController 0x…>, state: appeared, view: <UILayoutContainerView 0x…>', found '// <UIView 0x9> is the header'"
        ),
        // Prose naming the method is no command: the first line is named.
        (
            "prose.txt", "Notes\nUse _printHierarchy to see the tree.\n",
            "prose.txt: line 1: expected a view controller line such as '<UINavigationController 0x…>, state: appeared, view: <UILayoutContainerView 0x…>', found 'Notes'"
        ),
        // A quoted dump under an email's attribution line: the line where the dump starts is named (it was "expected a view
        // controller line" at line 1).
        (
            "reply.txt",
            "On Tue, Ann wrote:\n> <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n>    | <A 0x3>, state: appeared, view: <UIView 0x4>\n",
            "reply.txt: line 1: 'On Tue, Ann wrote:' is not part of a dump, which starts on line 2: remove the lines above it"
        ),
        // A second dump below it is not prose: a second root.
        (
            "two.txt",
            "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n\nAfter the pop:\n<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n",
            "two.txt: line 4: a second dump starts here, after the text on line 3 ('After the pop:'): keep one dump per file"
        ),
        // A presented subtree under a note, cut from a larger dump, its whitespace collapsed (a trial's real paste, from a
        // blog: it was "expected a view controller line … found '# interesting private class'").
        (
            "subtree.txt",
            "# interesting private class\n_UIFullscreenPresentationController\n+ <UINavigationController>, state: appeared, view: <UILayoutContainerView>, presented with: <_UIFullscreenPresentationController>\n|    | <Target.EditViewController>, state: appeared, view: <UIView>\n",
            "subtree.txt: line 3: the dump starts below the top level: it is a fragment; print the whole hierarchy with 'expr -l objc -O -- [UIViewController _printHierarchy]'"
        ),
        // A view hierarchy (recursiveDescription) before the controllers' dump: not "a shortened dump".
        (
            "views.txt",
            "<UIWindow: 0x146007e40; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x1>>\n   | <UIView: 0x2; frame = (0 0; 320 480)>\n<UIViewController: 0x3>, state: appeared, view: <UIView: 0x2>\n",
            "views.txt: line 1: '<UIWindow: 0x146007e40; frame = (0 0; 320 480); layer = <UI…' is not _printHierarchy's: a view's description (recursiveDescription) or an older chisel pvc's line, with no state; the controllers' dump starts on line 3: remove the lines above it"
        ),
        (
            "legacy.txt", "<TabBarController: 0x13772fd0; view = <UILayoutContainerView; 0x13772f00>; frame = (0, 0; 320, 568)>\n",
            "legacy.txt: line 1: '<TabBarController: 0x13772fd0; view = <UILayoutContainerVie…' is not _printHierarchy's: a view's description (recursiveDescription) or an older chisel pvc's line, with no state: print the controllers with 'expr -l objc -O -- [UIViewController _printHierarchy]'"
        ),
        // A dump quoted as cycript prints a string, cut off before its closing quote (a trial, from fixture 26: it was
        // "expected a view controller line"); in backticks too.
        (
            "cut.txt",
            #""<WFRootController 0x156823400>, state: appeared, view: <UILayoutContainerView 0x155d2c8d0>\n   | <WFSlideSegmentController 0x156052800>, state: app"#,
            "cut.txt: line 1: expected the closing quote of the quoted dump (a string as po or cycript prints it), found '…800>, state: app': the dump's last line ends early; was the paste cut short? Paste the whole dump"
        ),
        (
            "cut.txt",
            "cy# [UIViewController _printHierarchy]\n`<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n",
            "cut.txt: line 2: expected the closing backtick of the quoted dump (a string as po or cycript prints it), found '…ntainerView 0x2>': the dump's last line ends early; was the paste cut short? Paste the whole dump"
        ),
        ("empty.txt", "", "empty.txt: the capture is empty: expected the text UIKit prints for [UIViewController _printHierarchy]"),
        ("blank.txt", " \n\r\n", "blank.txt: the capture is empty: expected the text UIKit prints for [UIViewController _printHierarchy]"),
    ])
    func aFileThatIsNeitherADumpNorJSONSaysWhichItShouldBe(file: String, text: String, message: String) {
        #expect(throws: ScenarioErrors.self) { try ScenarioLoader.decode(text, file: file) }
        do {
            _ = try ScenarioLoader.decode(text, file: file)
        } catch {
            #expect(error.errors.map(\.description) == [message])
        }
        do {
            _ = try Capture.load(text: text, file: file)
        } catch {
            #expect(error.errors.map(\.description) == [message])
        }
    }

    /// A captured `appearing` controller is settled by the first callback a simulated step sends it: pushed over, it
    /// no longer says `appearing` in the later states (it did, in every one).
    @Test func aSimulatedCallbackSettlesACapturedState() throws {
        let text = #"""
            {"navviz": 1, "name": "t", "root": {"id": "nav", "kind": "navigation", "children": [{"id": "Home", "kind": "controller", "children": [], "state": "appearing"}]},
             "steps": [{"push": "Product"}]}
            """#
        let run = ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "t.json"))
        #expect(run.steps[0].hierarchy["Home"].transitionalState == .appearing)
        #expect(run.steps[1].hierarchy["Home"].transitionalState == nil)
        #expect(run.steps[1].outcome.events.map(\.description).first == "Home.viewWillDisappear")
    }

    /// A controller captured `disappeared` in the window (its container does not forward callbacks) gets none from
    /// simulated steps either: a full-screen present and its dismissal gave it all four (a review).
    @Test func aControllerCapturedDisappearedGetsNoSimulatedCallbacks() throws {
        let text = #"""
            {"navviz": 1, "name": "t", "root": {"id": "Lock", "kind": "controller", "shown": [0, 1], "children": [{"id": "Clock", "kind": "controller", "children": []}, {"id": "Status", "kind": "controller", "children": [], "state": "disappeared"}]},
             "steps": [{"present": "Alert", "style": "fullScreen"}, {"dismiss": true}]}
            """#
        let run = ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "t.json"))
        #expect(
            run.steps[1].outcome.events.map(\.description) == [
                "Lock.viewWillDisappear", "Clock.viewWillDisappear", "Alert.viewWillAppear", "Alert.viewDidAppear", "Lock.viewDidDisappear",
                "Clock.viewDidDisappear",
            ])
        #expect(!run.steps[2].outcome.events.contains { $0.controller == "Status" })
        #expect(run.steps[2].hierarchy["Status"].transitionalState == .disappeared)
    }

    @Test func newSnapshotFieldsRoundTrip() throws {
        let text =
            #"{"id": "Map", "kind": "controller", "children": [{"id": "A", "kind": "controller", "children": [], "state": "appearing"}, {"id": "B", "kind": "controller", "children": [], "loaded": false, "released": true}], "shown": [0, 1]}"#
        let h = try Snapshot.decode(try JSONParser.parse(text), file: "s.json")
        #expect(h["Map"].embedded == [0, 1])
        #expect(h["A"].transitionalState == .appearing)
        #expect(h["B"].isReleased)
        #expect(JSONWriter.compact(Snapshot.encode(h)) == JSONWriter.compact(try JSONParser.parse(text)))
    }

    @Test(arguments: [
        (
            #"{"id": "T", "kind": "tab", "children": [], "shown": [0]}"#,
            "s.json: shown: invalid value '[0]', expected no 'shown' on a tab (only a controller embeds children)"
        ),
        (
            #"{"id": "C", "kind": "controller", "children": [{"id": "A", "kind": "controller"}], "shown": [0, 3]}"#,
            "s.json: shown: invalid value '3', expected indices from 0 to 0"
        ),
        (
            #"{"id": "C", "kind": "controller", "children": [], "released": true}"#,
            "s.json: released: invalid value 'true', expected 'released' only with \"loaded\": false (a released view is not loaded)"
        ),
        (
            #"{"id": "C", "kind": "controller", "children": [], "state": "gone"}"#,
            "s.json: state: invalid value 'gone', expected 'appearing', 'disappearing', 'disappeared' or 'pending'"
        ),
        // A style on a node not presented said nothing and was dropped (a trial).
        (
            #"{"id": "N", "kind": "navigation", "children": [{"id": "A", "kind": "controller", "style": "formSheet"}]}"#,
            "s.json: children[0].style: invalid value 'formSheet', expected no 'style' here: only a presented node (one under "
                + "'presented') has a presentation style"
        ),
    ])
    func invalidNewFieldsAreRefused(text: String, message: String) throws {
        do {
            _ = try Snapshot.decode(try JSONParser.parse(text), file: "s.json")
            Issue.record("decoded")
        } catch let error as ScenarioErrors {
            #expect(error.description == message)
        }
    }
}
