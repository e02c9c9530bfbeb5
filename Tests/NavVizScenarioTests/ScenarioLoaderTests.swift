import Foundation
import NavVizScenario
import Testing

/// What `ScenarioLoader` reads: every read is bounded, and a watched folder reads regular files only (a daemon
/// trial: a link to /proc/self/pagemap in a --watch folder grew the daemon to 5.5 GB; a file swapped for a FIFO
/// blocked its watcher for good, and then SIGTERM).
@Suite struct ScenarioLoaderTests {
    func error(_ body: () throws(ScenarioErrors) -> String) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return error.description
        }
    }

    /// A file larger than the limit says so, with its size, before a byte of it is read (it was read to the limit, then
    /// called "a device, not a file?").
    @Test func aFileLargerThanTheLimitIsRefusedWithItsSize() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-big-\(UUID().uuidString).txt").path
        // Sparse: 3 MB that take no room.
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(truncate(path, 3 << 20) == 0)
        #expect(
            error { () throws(ScenarioErrors) in try ScenarioLoader.readText(path, limit: 1 << 20) }
                == "\(path): cannot be read: it is 3 MB, more than the 1 MB navviz reads")
        #expect(
            error { () throws(ScenarioErrors) in try ScenarioLoader.readText(path, limit: 1000) }
                == "\(path): cannot be read: it is 3 MB, more than the 1000 bytes navviz reads")
    }

    #if os(Linux)
        /// procfs calls pagemap a regular file of size 0; it goes on for gigabytes.
        @Test func aProcFileThatGoesOnIsCutAtTheLimit() {
            #expect(
                error { () throws(ScenarioErrors) in try ScenarioLoader.readText("/proc/self/pagemap", limit: 1 << 16) }
                    == "/proc/self/pagemap: cannot be read: it goes on past 65536 bytes (a device, not a file?)")
        }
    #endif

    static let yamlReason = "navviz does not read YAML: write the scenario as JSON (docs/format.md)"

    /// Text that is not JSON and starts as a YAML document (YAML's document start, a list, a plain key) is said to be YAML
    /// (a trial's `---` and `- push: A` were "invalid number"); other text that is not JSON keeps JSON's error.
    @Test(arguments: [
        ("---\nroot: x\n", "cannot be read: it reads as YAML (line 1: '---'); " + yamlReason),
        ("\n- push: A\n", "cannot be read: it reads as YAML (line 2: '- push: A'); " + yamlReason),
        ("# a flow\nroot:\n  navigation: [Home]\n", "cannot be read: it reads as YAML (line 2: 'root:'); " + yamlReason),
        // A Windows editor's line ends (the comment and the key were one line: JSON's "unexpected '#'").
        ("# a flow\r\nnavviz: 1\r\nroot: A\r\n", "cannot be read: it reads as YAML (line 2: 'navviz:'); " + yamlReason),
        ("hello world\n", "invalid JSON at line 1, column 1: unexpected 'h': expected a value"),
        ("{\"navviz\": 1,\n", "invalid JSON at line 2, column 1: unexpected end of input: expected a member name"),
    ])
    func textThatStartsAsYAMLIsSaidToBeYAML(text: String, message: String) {
        #expect(error { () throws(ScenarioErrors) in try ScenarioLoader.decode(text, file: "flow.json").name } == "flow.json: \(message)")
    }

    /// A YAML scenario is said to be YAML (it was read as a capture: "expected a view controller line"); a folder's YAML
    /// file is named as left out, and its `.JSON` file read (both were passed over without a word: a trial). JSON in a
    /// `.yaml` file reads: JSON is YAML.
    @Test func yamlIsSaidAndAnUpperCaseJSONIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml = "navviz: 1\nroot:\n  navigation: [Home]\nsteps:\n  - push: A\n"
        #expect(
            error { () throws(ScenarioErrors) in try ScenarioLoader.decode(yaml, file: "flow.yml").name }
                == "flow.yml: cannot be read: navviz does not read YAML: write the scenario as JSON (docs/format.md)")
        // Under a `.json` name too, below a comment and YAML's document start (it was "invalid JSON … expected 'null'").
        #expect(
            error { () throws(ScenarioErrors) in try ScenarioLoader.decode("# The flow\n---\n" + yaml, file: "flow.json").name }
                == "flow.json: cannot be read: it reads as YAML (line 3: 'navviz:'); navviz does not read YAML: write the scenario as JSON (docs/format.md)"
        )
        let json = #"{"navviz": 1, "name": "Flow", "root": {"navigation": ["Home"]}, "steps": [{"push": "A"}]}"#
        #expect(try ScenarioLoader.decode(json, file: "flow.yaml").name == "Flow")
        try yaml.write(to: folder.appendingPathComponent("b.YAML"), atomically: true, encoding: .utf8)
        try json.write(to: folder.appendingPathComponent("a.JSON"), atomically: true, encoding: .utf8)
        let (files, skipped) = ScenarioLoader.expanding(folder.path)
        #expect(files == [folder.path + "/a.JSON"])
        #expect(
            skipped.map(\.why) == ["navviz does not read YAML: write the scenario as JSON (docs/format.md), left out"])
    }

    /// A folder's `.txt` holding the debugger's error in a code fence, as pasted from an issue, is read (and its error said):
    /// it was left out without a word, as notes are (a trial of real captures).
    @Test func aFencedDebuggerErrorInAFolderIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paste = "```\n(lldb) po [UIViewController _printHierarchy]\nerror: <EXPR>:1:19: error: expected ',' separator\n```\n"
        try paste.write(to: folder.appendingPathComponent("error.txt"), atomically: true, encoding: .utf8)
        try "Notes: the app's tabs.\n".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        // A note fencing a build's error is no capture (a review: it failed the folder).
        try "```\nerror: Build input file cannot be found: Info.plist\n```\nFixed by re-adding the plist.\n".write(
            to: folder.appendingPathComponent("build.txt"), atomically: true, encoding: .utf8)
        let (files, skipped) = ScenarioLoader.expanding(folder.path)
        #expect(files == [folder.path + "/error.txt"])
        #expect(skipped.isEmpty)
    }

    /// Notes that keep the command that prints a dump, and no dump, are left out with a note: a paste that lost its
    /// output was left out without a word. Notes without the command are left out unsaid.
    @Test func notesHoldingTheCommandAndNoDumpAreLeftOutSayingSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "cheat.txt": "Notes\n\n```\n(lldb) expr -l objc -O -- [[UIWindow keyWindow] _printHierarchy]\n```\n\nthen continue\n",
            "howto.txt": "How to capture:\n\n    po window?.rootViewController?.value(forKey: \"_printHierarchy\")\n",
            "plain.txt": "Use _printHierarchy to see the tree.\n",
            // A glossary's word is no command (a review).
            "words.txt": "Glossary\n_printHierarchy\nA private method.\n",
            // The command and the debugger's error under a title: read, so the error is said (a review: "no dump").
            "error.txt": "Home screen\n(lldb) po [UIViewController _printHierarchy]\nerror: no known method\n",
        ]
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let (found, skipped) = ScenarioLoader.expanding(folder.path)
        #expect(found == [folder.path + "/error.txt"])
        #expect(skipped.map(\.file) == [folder.path + "/cheat.txt", folder.path + "/howto.txt"])
        let why = { (line: Int) in
            "skipped: it holds the command that prints a dump (line \(line)) but no dump; if its output belongs here, paste it below the command"
        }
        #expect(skipped.map(\.why) == [why(4), why(3)])
    }

    @Test func aFIFOIsReadFromTheCommandLineButNotFromAWatchedFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("flow.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // No writer: refused at once, not waited for.
        #expect(
            error { () throws(ScenarioErrors) in try ScenarioLoader.readText(fifo, regularOnly: true) }
                == "\(fifo): cannot be read: it is not a regular file")
        // From the command line (`<(…)`), read once its writer has written.
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            _ = "{\"navviz\": 1}".withCString { write(fd, $0, strlen($0)) }
            close(fd)
        }
        writer.start()
        #expect(try ScenarioLoader.readText(fifo) == "{\"navviz\": 1}")
    }
}
