import ArgumentParser
import Foundation
import NavVizCore
import NavVizRender
import NavVizScenario

/// `--kind Class=kind`, repeatable: how an imported class maps onto navviz's kinds.
struct KindOptions: ParsableArguments {
    @Option(
        name: .customLong("kind"),
        help: ArgumentHelp(
            "Treat a captured class as a kind: Class=navigation, tab, split or controller (repeatable). Matches the class as printed, its readable form or its name without the module.",
            valueName: "Class=kind"))
    var rules: [String] = []

    /// The rules as a table; `validate()` has checked them.
    var kinds: [String: NodeKind] { (try? Capture.kinds(rules)) ?? [:] }

    func validate() throws {
        do throws(Capture.KindRulesError) {
            _ = try Capture.kinds(rules)
        } catch .invalid(let rule) {
            let kind = rule.split(separator: "=", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
            throw ValidationError(
                "Invalid --kind '\(Terminal.inline(rule))': expected \(Capture.kindRuleExpected)"
                    + didYouMean(kind, ["navigation", "tab", "split", "controller"]))
        } catch .twoKinds(let name, let earlier, let later) {
            // One class given two kinds is refused, not read as the last (the daemon's `?kind=` refuses it alike).
            throw ValidationError("--kind gives '\(Terminal.inline(name))' two kinds, \(earlier.rawValue) and \(later.rawValue): keep one")
        }
    }
}

extension NavVizCommand {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Turn captures of a real app into a scenario: the first is the root, each further one a snapshot step.",
            discussion: """
                A capture is the text UIKit prints for [UIViewController _printHierarchy] (in LLDB: \
                expr -l objc -O -- [UIViewController _printHierarchy]; chisel: pvc), or a canonical snapshot \
                (JSON). The scenario renders, diffs and checks like any other. Without -o it is printed. \
                What the import had to infer (a kind from a class name, a selection it could not tell) is \
                printed on stderr and kept in the steps' notes. Exits 65 when a capture cannot be read.
                """
        )

        @Argument(help: "Capture files, in the order they were taken; - reads one from standard input (pbpaste | navviz import -).")
        var captures: [String]

        @Option(name: .shortAndLong, help: "Write the scenario to this file instead of standard output (- is standard output).")
        var output: String?

        @Option(help: "The scenario's name (default: the first capture's file name).")
        var name: String?

        @Option(
            help: ArgumentHelp(
                "The device the captures were taken on: phone or pad (default: phone; a dump does not say).", valueName: "device"))
        var device: String?

        @OptionGroup var kinds: KindOptions

        func validate() throws {
            if output == "" { throw ValidationError("The output file must not be empty") }
            // The scenario it wrote was refused by every other command (a trial).
            if let name, name.allSatisfy(\.isWhitespace) {
                throw ValidationError("The scenario's --name must not be empty: leave --name out for the first capture's file name")
            }
            if captures.filter({ $0 == "-" }).count > 1 { throw ValidationError("Standard input (-) can be read once") }
            if let device, Device(rawValue: device) == nil {
                throw ValidationError("Unknown --device '\(device)'. Use phone or pad" + didYouMean(device, ["phone", "pad"]))
            }
        }

        func run() throws {
            var loaded: [(file: String, capture: CapturedHierarchy)] = []
            var errors: [String] = []
            // Each capture keeps the ids the one before gave the controllers it prints at the same addresses.
            var identities = CaptureIdentities()
            for argument in captures {
                let file = argument == "-" ? standardInputName : argument
                var isDirectory: ObjCBool = false
                if argument != "-", FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
                    // Captures are a flow in the order taken, which a folder does not give (it said "expected a scenario file").
                    errors.append(
                        "\(Terminal.inline(file)): is a directory, expected a capture file: name the captures in the order they "
                            + "were taken (navviz import \(Terminal.inline(OutputDirectory.withoutTrailingSlashes(file)))/*.txt, if their names sort "
                            + "so)")
                    continue
                }
                do {
                    let text = argument == "-" ? try readStandardInput() : try ScenarioLoader.readText(file)
                    let capture = try Capture.load(
                        text: text, file: file, kinds: kinds.kinds, device: device.flatMap(Device.init(rawValue:)), continuing: identities)
                    identities = capture.identities
                    loaded.append((file, capture))
                } catch {
                    errors.append(error.description)
                }
            }
            if !errors.isEmpty { throw CommandFailure(message: errors.joined(separator: "\n"), code: CommandFailure.invalidInput) }
            // A --kind is for the whole flow: one that matched a class in any capture is not noted of the others, and
            // one that matched none is noted once.
            let matched = Set(kinds.kinds.keys.filter { name in loaded.contains { $0.capture.unmatchedKinds[name] == nil } })
            var noted = Set<String>()
            for index in loaded.indices {
                let unsaid = loaded[index].capture.unmatchedKinds.filter { name, _ in matched.contains(name) || !noted.insert(name).inserted
                }
                loaded[index].capture.notes.removeAll { unsaid.values.contains($0) }
            }
            // A class's guessed kind is noted once, at the first capture that has it (a new instance made the next capture
            // note it again with another count: a trial).
            var guessed = Set<String>()
            for index in loaded.indices {
                let again = loaded[index].capture.guessedKinds.filter { name, _ in !guessed.insert(name).inserted }
                loaded[index].capture.notes.removeAll { again.values.contains($0) }
            }
            // A note said of one capture is not said again of the next (the same guessed kind, capture after capture).
            var said = Set<String>()
            for (file, capture) in loaded { printNotes(capture.notes.filter { said.insert($0).inserted }, file: file) }
            let first = loaded[0].file
            let scenario = Capture.scenarioJSON(loaded, name: name ?? (first == standardInputName ? "capture" : Capture.name(of: first)))
            let text = ScenarioFile.sealed(scenario)
            // `-o -` is standard output, as `-` is standard input: it wrote a file named `-` (one was committed).
            guard let output, output != "-" else {
                print(text, terminator: "")
                return
            }
            try ScenarioFile.writeScenario(text, to: output)
            printError("\(Terminal.inline(output)): \(loaded.count) capture\(loaded.count == 1 ? "" : "s") imported")
        }
    }
}

enum ScenarioFile {
    /// What ends an imported scenario's description: `[navviz import HASH]`, the hash of the file as written with
    /// zeros in its place. A file that no longer hashes so was edited (its name, a note, a screen renamed).
    static let sealPrefix = ScenarioDecoder.importSealPrefix
    static let unsealed = String(repeating: "0", count: 16)

    /// The scenario's pretty JSON, its description sealed with the hash of the whole text.
    static func sealed(_ scenario: JSONValue) -> String {
        let placeholder = sealPrefix + unsealed + "]"
        let description = scenario["description"]?.stringValue.map { $0 + " " } ?? ""
        var members = (scenario.objectMembers ?? []).map { name, value in
            (name, name == "description" ? JSONValue.string(description + placeholder) : value)
        }
        if scenario["description"] == nil {
            let place = (members.firstIndex { $0.0 == "name" }).map { $0 + 1 } ?? members.count
            members.insert(("description", .string(placeholder)), at: place)
        }
        let text = JSONWriter.pretty(.object(members)) + "\n"
        return text.replacingOccurrences(of: placeholder, with: sealPrefix + seal(of: text) + "]")
    }

    static func seal(of text: String) -> String { OutputDirectory.hash(parts: [text]) }

    /// Whether a file's seal still matches its text; nil for a file with no seal (an older navviz's import).
    static func isIntact(_ text: String) -> Bool? {
        guard let start = text.range(of: sealPrefix) else { return nil }
        let hash = text[start.upperBound...].prefix(16)
        guard hash.count == 16, text[start.upperBound...].dropFirst(16).first == "]" else { return false }
        let zeroed = text.replacingCharacters(in: start.upperBound..<text.index(start.upperBound, offsetBy: 16), with: unsealed)
        return seal(of: zeroed) == hash
    }

    /// Writes a scenario file atomically; an existing file is replaced only when `navviz import` wrote it, as it wrote it.
    static func writeScenario(_ text: String, to path: String) throws(CommandFailure) {
        let fm = FileManager.default
        // Renaming the new file into place would replace the link itself, not what it points to.
        if let status = FileStatus(path), !status.isRegularFile, !status.isDirectory {
            throw CommandFailure(
                message: "\(Terminal.inline(path)): not replaced: it is a symbolic link or a special file, not a scenario file "
                    + "navviz import wrote. Choose another file, or remove it first",
                code: CommandFailure.ioError)
        }
        if fm.fileExists(atPath: path) {
            let existing = fm.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) }
            let value = existing.flatMap { try? JSONParser.parse($0) }
            if isDirectory(path) {
                throw CommandFailure(
                    message: "\(Terminal.inline(path)): a folder: import writes one scenario file (-o shop.json)",
                    code: CommandFailure.ioError)
            }
            guard let value, value["navviz"] != nil else {
                throw CommandFailure(
                    message:
                        "\(Terminal.inline(path)): not replaced: it is not a navviz scenario. Choose another file, or remove it first",
                    code: CommandFailure.ioError)
            }
            // Its seal says whether it is still as written (a renamed title, a note, a screen); a file without one is
            // not an import of this navviz's, or its seal was edited away with the rest.
            guard isImported(value), let existing, let intact = isIntact(existing) else {
                throw CommandFailure(
                    message: "\(Terminal.inline(path)): not replaced: it is a scenario navviz import did not write (or one edited "
                        + "since: it holds more than captures, or its description lost its '[navviz import …]' seal). Choose another "
                        + "file, or remove it first",
                    code: CommandFailure.ioError)
            }
            if !intact {
                throw CommandFailure(
                    message: "\(Terminal.inline(path)): not replaced: it was edited since navviz import wrote it. Choose another "
                        + "file, or remove it first",
                    code: CommandFailure.ioError)
            }
        }
        let url = URL(fileURLWithPath: path)
        // The folder as the user wrote it.
        let folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        guard isDirectory(folder) else {
            throw CommandFailure(
                message: "\(Terminal.inline(path)): cannot write the scenario: the folder \(Terminal.inline(folder)) does not exist",
                code: CommandFailure.ioError)
        }
        // A temporary file beside it, renamed over it: named as navviz's (one a killed import left is removed by the
        // next), where Foundation's atomic write left an anonymous `.dat.nosync…` after a Ctrl-C.
        let temporary = URL(fileURLWithPath: folder).appendingPathComponent(
            OutputDirectory.siblingPrefix(of: url, ".navviz-tmp-") + "\(ProcessInfo.processInfo.processIdentifier)")
        OutputDirectory.removeAbandonedSiblings(of: url)
        try? FileManager.default.removeItem(at: temporary)
        var failure: Int32 = 0
        Interruption.removeOnSignal(temporary.path)
        defer { Interruption.forget(temporary.path) }
        do {
            try Interruption.writing { () throws(NewFileError) in try NewFile.write(text, to: temporary.path) }
            Interruption.uninterrupted {
                if rename(temporary.path, url.path) != 0 { failure = errno }
            }
        } catch {
            failure = error.code
        }
        if failure != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw CommandFailure(
                message: "\(Terminal.inline(path)): cannot write the scenario: \(String(cString: strerror(failure)))",
                code: CommandFailure.ioError)
        }
    }

    /// Whether a scenario is what `navviz import` writes, and nothing more: its description names a capture
    /// and each step is a `snapshot` with at most a note. A hand-written scenario, or an import someone added
    /// expectations, routes or other steps to, is the user's.
    static func isImported(_ scenario: JSONValue) -> Bool {
        guard case .object(let members) = scenario,
            Set(members.map(\.0)).isSubset(of: ["navviz", "name", "description", "device", "root", "steps"]),
            scenario["description"]?.stringValue?.hasPrefix("Captured in ") == true,
            let root = scenario["root"], Capture.isSnapshot(root)
        else { return false }
        guard let steps = scenario["steps"] else { return true }
        guard case .array(let items) = steps else { return false }
        return items.allSatisfy { step in
            guard case .object(let fields) = step, let hierarchy = step["hierarchy"] else { return false }
            return step["op"]?.stringValue == "snapshot" && Capture.isSnapshot(hierarchy)
                && Set(fields.map(\.0)).isSubset(of: ["op", "hierarchy", "note"])
        }
    }
}
