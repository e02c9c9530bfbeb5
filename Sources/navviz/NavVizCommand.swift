import ArgumentParser
import Foundation
import NavVizCore
import NavVizRender
import NavVizScenario

/// The `navviz` command: simulate view-controller hierarchies and draw them.
@main
struct NavVizCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navviz",
        abstract: "Simulate UIKit view-controller hierarchies and draw every state and transition.",
        discussion: """
            Exit codes: 0 success; 1 an expectation failed (or, with --strict, a step was not ok), \
            a diff found differences, or a check found drift; 64 bad command-line usage; \
            65 an input file is invalid (missing, unreadable, bad JSON or bad scenario); 74 output could not be written.
            """,
        version: "0.1.0",
        subcommands: [Run.self, Validate.self, Render.self, Import.self, Diff.self, Check.self, Serve.self]
    )

    /// Runs the command, mapping navviz failures to their exit codes and one message per line on stderr.
    static func main() async {
        do {
            // `navviz` alone is a usage error (exit 64, as git's 1): the help goes to stderr so a script sees no output.
            if CommandLine.arguments.count == 1 {
                writeStandardError(helpMessage() + "\n")
                Foundation.exit(CommandFailure.usage)
            }
            // `navviz help bogus` printed the top-level help and exited 0 (ArgumentParser's `help`): a script took a
            // mistyped command for one that worked.
            let words = Array(CommandLine.arguments.dropFirst())
            if words.first == "help", let name = words.dropFirst().first(where: { !$0.hasPrefix("-") }), name != "help",
                !configuration.subcommands.contains(where: { $0._commandName == name })
            {
                let names = configuration.subcommands.map { $0._commandName }
                let guess = Suggestion.closest(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
                throw CommandFailure(
                    message: "navviz help: no command '\(Terminal.inline(name))'\(guess). Commands: \(names.joined(separator: ", "))",
                    code: CommandFailure.usage)
            }
            // A mistyped command (`navviz rnu x.json`): ArgumentParser said "2 unexpected arguments" (a trial).
            if let first = words.first, !first.hasPrefix("-"), first != "help",
                !configuration.subcommands.contains(where: { $0._commandName == first })
            {
                let names = configuration.subcommands.map { $0._commandName }
                // A command the word begins (`ren` is render's, not run's) before the closest by edits.
                // A word close to none is said the same way, with the commands (ArgumentParser's "Unexpected argument" named
                // none, a trial); a scenario named with no command is told which runs it.
                let guess = (names.first(where: { $0.hasPrefix(first) }) ?? Suggestion.closest(to: first, in: names))
                    .map { " Did you mean '\($0)'?" }
                let file = first.contains(".") || first.contains("/") ? " To run a scenario or a capture: navviz run FILE." : ""
                throw CommandFailure(
                    message:
                        "navviz: no command '\(Terminal.inline(first))'.\(guess ?? file) Commands: \(names.joined(separator: ", "))",
                    code: CommandFailure.usage)
            }
            // navviz's commands have none of their own: a second word names nothing either (`help render bogus`).
            let named = words.dropFirst().filter { !$0.hasPrefix("-") }
            if words.first == "help", named.count > 1, named[0] != "help" {
                throw CommandFailure(
                    message: "navviz help: '\(Terminal.inline(named[0]))' has no command '\(Terminal.inline(named[1]))'; "
                        + "navviz help \(Terminal.inline(named[0])) shows its help",
                    code: CommandFailure.usage)
            }
            var command = try parseAsRoot()
            // The commands that write files remove what they were writing when a signal ends them.
            if command is Render || command is Check || command is Diff || command is Import { Interruption.install() }
            if var async = command as? AsyncParsableCommand {
                try await async.run()
            } else {
                try command.run()
            }
            // A signal that came at the end: its handler removes what is left (the old output) and ends navviz by it.
            Interruption.waitIfEnding()
            if let lost = StandardOutput.failure() {
                writeStandardError(lost)
                Foundation.exit(CommandFailure.ioError)
            }
        } catch let failure as CommandFailure {
            Interruption.waitIfEnding()
            // What the command printed before it failed may be lost too: said, and the command's own code kept, but for a
            // result's 1 (a diff's differences, a check's drift): lost, the result is 74, or a CI step that accepts 1 posts
            // what it lost (a trial's `diff … > /dev/full` exited 1).
            let lost = StandardOutput.failure()
            writeStandardError((lost ?? "") + Terminal.printable(failure.message) + "\n")
            Foundation.exit(lost != nil && failure.code == CommandFailure.failed ? CommandFailure.ioError : failure.code)
        } catch  where exitCode(for: error) == .success {
            // `--help`, `--version`: printed on standard output, whose loss is an output error as any command's (`navviz
            // --help > /dev/full` exited 0).
            let message = fullMessage(for: error)
            if !message.isEmpty { print(message) }
            if let lost = StandardOutput.failure() {
                writeStandardError(lost)
                Foundation.exit(CommandFailure.ioError)
            }
            Foundation.exit(0)
        } catch {
            fflush(nil)
            exit(withError: error)
        }
    }
}

/// A domain failure with its exit code; the message is printed on stderr as is.
struct CommandFailure: Error {
    var message: String
    var code: Int32

    /// Exit code 65: an input file is invalid.
    static let invalidInput: Int32 = 65
    /// Exit code 1: the run or comparison failed.
    static let failed: Int32 = 1
    /// Exit code 74: output could not be written.
    static let ioError: Int32 = 74
    /// Exit code 64: the command line is wrong.
    static let usage: Int32 = 64

    static func invalid(_ errors: ScenarioErrors) -> CommandFailure {
        CommandFailure(message: errors.description, code: invalidInput)
    }
}

/// Loads scenarios (or captures), turning errors into a `CommandFailure` with exit code 65.
func loadScenario(_ path: String, kinds: [String: NodeKind] = [:]) throws(CommandFailure) -> Scenario {
    let scenario: Scenario
    do {
        scenario = try loadScenarioOrStandardInput(path, kinds: kinds)
    } catch {
        throw .invalid(error)
    }
    printNotes(scenario.notes, file: scenario.file)
    return scenario
}

/// What errors call standard input (`-`).
let standardInputName = "standard input"

/// A scenario file or capture; `-` reads standard input (`pbpaste | navviz run -`).
func loadScenarioOrStandardInput(_ path: String, kinds: [String: NodeKind]) throws(ScenarioErrors) -> Scenario {
    guard path == "-" else { return try ScenarioLoader.load(path, kinds: kinds) }
    let text = try readStandardInput()
    var scenario = try ScenarioLoader.decode(text, file: standardInputName, kinds: kinds)
    // A scenario or capture is named after its file; this one has none. A capture (a dump, or a canonical snapshot) is
    // called one, as `navviz import -` names it; a scenario is not (a trial's piped scenario was titled a capture).
    // (What decoded and is no JSON object, a dump or a quoted one, was read as a capture: the dump is not read again.)
    if scenario.name == standardInputName {
        var isCapture = true
        if let value = try? JSONParser.parse(text), case .object = value { isCapture = Capture.isSnapshot(value) }
        scenario.name = isCapture ? "capture" : "scenario"
    }
    return scenario
}

/// Standard input as text; refused when it cannot be read or is not UTF-8.
func readStandardInput() throws(ScenarioErrors) -> String {
    let data: Data
    do {
        data = try FileHandle.standardInput.readToEnd() ?? Data()
    } catch {
        throw ScenarioErrors([.unreadable(file: standardInputName, reason: error.localizedDescription)])
    }
    let text = try ScenarioLoader.text(data, file: standardInputName)
    // Empty is said the same whatever was expected (it was called an empty capture, where a pipe had lost a scenario).
    if text.allSatisfy(\.isWhitespace) {
        throw ScenarioErrors([.unreadable(file: standardInputName, reason: "it is empty: expected a scenario (JSON) or a capture")])
    }
    return text
}

/// Prints what reading a capture guessed, one `file: note: …` line each.
func printNotes(_ notes: [String], file: String) {
    for note in notes { printError("\(Terminal.inline(file)): note: \(Terminal.inline(note))") }
}

/// Loads every scenario the arguments name (files, or directories of `*.json` and `*.txt` captures), all before anything
/// runs: any invalid file fails the whole command with exit 65 and every error found.
func loadScenarios(_ arguments: [String], kinds: [String: NodeKind] = [:], captures: Bool = true) throws(CommandFailure) -> [Scenario] {
    let (loaded, invalid) = try loadEveryScenario(arguments, kinds: kinds, captures: captures)
    if !invalid.isEmpty {
        // Of several files, what became of the others (a trial rendered a folder, read two errors, and looked for the
        // output of the six good captures).
        let total = loaded.count + invalid.count
        let summary =
            total > 1 && !loaded.isEmpty
            ? [
                "\(invalid.count) of \(total) files are not valid, so none was used: fix \(invalid.count == 1 ? "it" : "them"), or name only the others"
            ]
            : []
        throw CommandFailure(message: (invalid.map(\.error) + summary).joined(separator: "\n"), code: CommandFailure.invalidInput)
    }
    for scenario in loaded { printNotes(scenario.notes, file: scenario.file) }
    return loaded
}

/// Every scenario the arguments name that loads, and the files that do not with their errors (`check` compares the others
/// and then fails). No file at all is still an error (65).
func loadEveryScenario(_ arguments: [String], kinds: [String: NodeKind] = [:], captures: Bool = true) throws(CommandFailure) -> (
    loaded: [Scenario], invalid: [(path: String, error: String)]
) {
    let paths = try scenarioPaths(arguments, captures: captures)
    var loaded: [Scenario] = []
    var invalid: [(path: String, error: String)] = []
    for path in paths {
        do { loaded.append(try loadScenarioOrStandardInput(path, kinds: kinds)) } catch { invalid.append((path, error.description)) }
    }
    return (loaded, invalid)
}

/// The files the arguments name, directories expanded to their `*.json` files and (with `captures`) `*.txt`
/// captures; none is an error (65).
func scenarioPaths(_ arguments: [String], captures: Bool = true) throws(CommandFailure) -> [String] {
    if arguments.filter({ $0 == "-" }).count > 1 {
        throw CommandFailure(message: "Standard input (-) can be read once", code: CommandFailure.usage)
    }
    var paths: [String] = []
    // A file named twice (a folder and a file in it: `check flows flows/shop.json`) is read once: it was counted twice (a
    // trial: "11 scenarios match" for 10).
    var seen = Set<String>()
    for argument in arguments {
        let (files, skipped) = ScenarioLoader.expanding(argument, captures: captures)
        for file in files {
            if file != "-", !seen.insert(FileStatus.resolvedPath(file)).inserted {
                printError("\(file): note: named twice, read once")
                continue
            }
            paths.append(file)
        }
        for (file, why) in skipped { printError("\(file): note: \(why)") }
    }
    if paths.isEmpty {
        let what = captures ? "*.json scenario files or *.txt captures" : "*.json scenario files"
        throw CommandFailure(message: "\(arguments.joined(separator: ", ")): no \(what) found", code: CommandFailure.invalidInput)
    }
    return paths
}

/// Whether what a command printed reached standard output. `navviz import a.txt > flow.json` on a full disk left an
/// empty file and exited 0 (a trial): stdio keeps a write error to itself until asked.
enum StandardOutput {
    /// The line to print on standard error (exit 74) when standard output lost what was printed to it: nil when it
    /// did not, and empty when its reader closed the pipe (`navviz run --json | head`), which needs no word.
    static func failure() -> String? {
        guard let stream = FileDescriptorStream.standardOutput else { return nil }
        let flushed = fflush(stream)
        let code = errno
        guard flushed != 0 || ferror(stream) != 0 else { return nil }
        if flushed != 0, code == EPIPE { return "" }
        // The error of a write before the last one (a large output) is gone by now: only that one failed is known.
        let why = flushed != 0 ? " (\(String(cString: strerror(code))))" : ""
        return "navviz: cannot write to standard output\(why): what was printed is incomplete\n"
    }
}

/// Refuses a `--finder` that names none (`run` and `render` take one), suggesting the close one.
func checkFinder(_ finder: String?) throws {
    guard let finder, ViewFinderStrategy(name: finder) == nil else { return }
    let names = ViewFinderStrategy.allCases.map(\.rawValue)
    throw ValidationError("Unknown finder '\(finder)'. Use one of: \(names.joined(separator: ", "))" + didYouMean(finder, names))
}

/// `. Did you mean 'ariadne'?` when `word` is close to one of `candidates` (a trial: `--device ipad` and `--finder Ariadne`
/// suggested nothing, where the scenario's fields did), else nothing.
func didYouMean(_ word: String, _ candidates: [String]) -> String {
    Suggestion.closest(to: word, in: candidates).map { ". Did you mean '\($0)'?" } ?? ""
}

/// C's `stdout`, the stream `print` writes to, found by its symbol (Swift 6 refuses to read the mutable C global).
enum FileDescriptorStream {
    nonisolated(unsafe) static let standardOutput: UnsafeMutablePointer<FILE>? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "stdout") else { return nil }
        return symbol.assumingMemoryBound(to: UnsafeMutablePointer<FILE>?.self).pointee
    }()
}

/// Writes a line to standard output, with control characters and bidi overrides escaped (names and paths come
/// from files).
func say(_ text: String, terminator: String = "\n") {
    print(Terminal.printable(text), terminator: terminator)
}

/// Writes to standard error, with control characters and bidi overrides escaped; on a line of its own when a progress line
/// is shown (a review: `writing the filesnote: …`).
func printError(_ text: String) {
    Interruption.waitIfEnding()
    writeStandardError((ProgressLine.clearIfShown() ? "\r\u{1B}[K" : "") + Terminal.printable(text) + "\n")
}

/// Writes `text` to standard error as is, after what standard output holds: where both go to one pipe (a CI log),
/// a summary on stderr no longer lands in the middle of a line printed before it (a trial's CI log).
///
/// Through write(2), whose failure (a full disk, a closed pipe) is left alone: FileHandle's write stops the process on one
/// (`serve 2> /dev/full` died with "Illegal instruction", a review).
func writeStandardError(_ text: String) {
    fflush(nil)
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }
        bytes = bytes.dropFirst(written)
    }
}
