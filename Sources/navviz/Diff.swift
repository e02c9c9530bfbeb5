import ArgumentParser
import Foundation
import NavVizRender
import NavVizReview
import NavVizScenario

extension NavVizCommand {
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Compare two versions of a flow step by step and show what each changed step does differently.",
            discussion: """
                OLD and NEW are each a scenario file (run here), a run JSON (run.json, `navviz run --json`, or a golden \
                run.json of `navviz check`) or a canonical snapshot (one state). The steps are aligned as a text diff \
                aligns lines, so an inserted or removed step shows as one insertion or removal; then the state after each \
                aligned pair of steps is compared. Each step that differs gets one line on stdout, e.g. \
                `step 2 inserted (push): + Reviews pushed onto shopNav; visible Product → Reviews`.

                With -o DIR, each step that differs also gets a diff diagram, DIR/NNN-<op>.svg (old-NNN-<op>.svg for a \
                removed step) with its .dot: added nodes green, removed ones as red ghosts, changed ones yellow, the \
                visible controller filled. DIR is replaced (unless it holds other files).

                --git REV SCENARIO compares SCENARIO as committed at REV (`git show REV:path`) with the working tree. A \
                file new since REV is compared with no flow (every step inserted), one removed from the working tree \
                likewise: both exit 1. --git REV OLD NEW compares OLD as committed at REV with NEW in the working tree: a \
                scenario renamed or moved since REV (git diff -M names both). One of OLD and NEW may be - (standard input).

                Exit codes: 0 the two are identical; 1 they differ; 64 bad command-line usage; 65 an input is invalid \
                or cannot be read (including: not in a git repository); 74 the \
                diagrams or standard output could not be written (or DIR holds files other than diagrams).
                """
        )

        @Argument(
            help:
                "OLD and NEW: scenario, run JSON or snapshot files, one of them may be - (standard input); with --git, the scenario (or its path at REV and its path now)."
        )
        var files: [String] = []

        @Option(name: .shortAndLong, help: "Write a diff diagram (SVG and DOT) of every changed step into this directory.")
        var output: String?

        @Option(help: "svg (summary lines, diagrams with -o), markdown (a pull-request comment) or json.")
        var format = "svg"

        @Option(
            name: .long, help: ArgumentHelp("Compare the scenario as committed at this revision with the working tree.", valueName: "rev"))
        var git: String?

        @OptionGroup var layoutOptions: LayoutOptions

        @OptionGroup var kinds: KindOptions

        @Flag(help: "Lay out the diagrams with Arial's widths compiled into navviz: the same SVG on every machine.")
        var portableMetrics = false

        func validate() throws {
            if output == "" { throw ValidationError("the output directory must not be empty") }
            if !["svg", "markdown", "json"].contains(format) {
                let guess = Suggestion.closest(to: format, in: ["svg", "markdown", "json"]).map { " (did you mean '\($0)'?)" } ?? ""
                throw ValidationError("Unknown --format '\(Terminal.inline(format))'\(guess). Use svg, markdown or json")
            }
            if let git {
                if files.isEmpty || files.count > 2 {
                    throw ValidationError("With --git, name one scenario file (or two: its path at the revision, then its path now).")
                }
                if files.contains("-") {
                    throw ValidationError("With --git, name the scenario file (standard input has no committed version).")
                }
                if git.isEmpty || git.hasPrefix("-") { throw ValidationError("Invalid revision '\(git)' for --git.") }
            } else if files.count != 2 {
                // Which words were read as files: an option diff does not know, with its value (`--out dir`), left the value
                // here, and "Name two files" sent the user to the files they had named right (a CI trial).
                let named = files.isEmpty ? "" : " (read as files: \(files.map { "'\(Terminal.inline($0))'" }.joined(separator: ", ")))"
                throw ValidationError("Name two files, OLD and NEW (or use --git REV SCENARIO)\(named).")
            } else if files.allSatisfy({ $0 == "-" }) {
                throw ValidationError("Standard input (-) can be read once: name a file for the other side.")
            }
        }

        func run() throws {
            // `--git REV F F`: the one-file form (an added or removed file is compared with no flow, as there).
            let files = git != nil && self.files.count == 2 && self.files[0] == self.files[1] ? [self.files[0]] : self.files
            let oldRun: Result<DiffRun, ScenarioErrors>
            let newPath = files[files.count - 1]
            // With --git, a file new since REV is compared with no flow at all (every step inserted), and one removed
            // from the working tree with none either: a pull request that adds or removes a flow gets its comment.
            var (removed, added) = (false, false)
            if let git {
                if let text = try GitShow.text(of: files[0], at: git) {
                    oldRun = Result { () throws(ScenarioErrors) in
                        try DiffRun.load(text: text, file: "\(git):\(files[0])", kinds: kinds.kinds)
                    }
                    removed = files.count == 1 && !FileManager.default.fileExists(atPath: newPath)
                } else if files.count == 2 {
                    // A renamed scenario's old path names a file at the revision: without it there is nothing to compare.
                    throw CommandFailure(
                        message: "\(files[0]): no such file at revision '\(git)' (with two files, --git compares the first as committed "
                            + "there with the second here)", code: CommandFailure.invalidInput)
                } else {
                    guard FileManager.default.fileExists(atPath: newPath) else {
                        throw CommandFailure(
                            message: "\(newPath): no such file, here or at revision '\(git)'", code: CommandFailure.invalidInput)
                    }
                    oldRun = .success(.absent(file: "\(git):\(files[0]) (not there: the file is new)"))
                    added = true
                }
            } else {
                oldRun = Result { () throws(ScenarioErrors) in
                    try DiffRun.load(text: try Self.readText(files[0]), file: files[0], kinds: kinds.kinds)
                }
            }
            // Two captures of one app: the new one keeps the old one's ids for the controllers at the same addresses.
            let identities = (try? oldRun.get())?.identities ?? CaptureIdentities()
            // The side with no flow is drawn in the other's device: a removed iPad flow's ghosts were drawn in a phone's
            // window (a trial).
            let oldDevice = (try? oldRun.get())?.steps.first?.hierarchy.device ?? .phone
            let newRun = Result { () throws(ScenarioErrors) in
                if removed { return DiffRun.absent(file: "\(newPath) (removed from the working tree)", device: oldDevice) }
                return try DiffRun.load(text: try Self.readText(newPath), file: newPath, kinds: kinds.kinds, continuing: identities)
            }
            let messages = [oldRun, newRun].compactMap { result -> String? in
                if case .failure(let errors) = result { return errors.description }
                return nil
            }
            guard case .success(var old) = oldRun, case .success(let new) = newRun else {
                throw CommandFailure(message: messages.joined(separator: "\n"), code: CommandFailure.invalidInput)
            }
            // A new file's empty side is made again once the new flow's device is known.
            if added, let device = new.steps.first?.hierarchy.device {
                old = .absent(file: old.file, device: device)
            }
            let diff = RunDiff(old: old, new: new)
            if !["markdown", "json"].contains(format) { for note in diff.notes { printError("note: \(note)") } }
            let report = RunDiffReport(diff, diagramFolder: output)
            if let output {
                try writeDiagrams(report, to: output)
            }
            switch format {
            case "markdown": print(report.markdown(), terminator: "")
            case "json": print(report.json(), terminator: "")
            default:
                if diff.isIdentical {
                    let n = diff.comparedSteps(new: true)
                    // Two captures are one state each: "(0 steps)" read as if nothing was compared (a trial).
                    say("No navigation changes (\(n == 0 ? "the initial states are the same" : "\(n) step\(n == 1 ? "" : "s")")).")
                } else {
                    say(report.text(), terminator: "")
                }
                if let output, !diff.isIdentical {
                    say(
                        "\(diff.entries.count) diagram\(diff.entries.count == 1 ? "" : "s") in \(OutputDirectory.withoutTrailingSlashes(output))/"
                    )
                }
            }
            if !diff.isIdentical {
                throw CommandFailure(message: "The flows differ: \(diff.counts).", code: CommandFailure.failed)
            }
        }

        /// A file's text; `-` reads standard input (`git show REV:path | navviz diff - path`).
        static func readText(_ path: String) throws(ScenarioErrors) -> String {
            path == "-" ? try readStandardInput() : try ScenarioLoader.readText(path)
        }

        func writeDiagrams(_ report: RunDiffReport, to folder: String) throws {
            let diagrams = report.diagrams()
            let layout = try DiagramLayout(
                dots: diagrams.flatMap { $0.picture.parts.map(TextKey.init) }, metrics: portableMetrics ? .portable : .fonts,
                options: layoutOptions)
            var files: [OutputFile] = []
            for (stem, dot, picture) in diagrams {
                files.append(OutputFile(path: "\(stem).dot", contents: dot))
                do {
                    var parts: [String] = []
                    for part in picture.parts { parts.append(try layout.svg(TextKey(part)).text) }
                    files.append(OutputFile(path: "\(stem).svg", contents: try picture.svg(parts: parts)))
                } catch {
                    throw CommandFailure(message: "\(stem).svg: cannot render: \(error.description)", code: CommandFailure.failed)
                }
            }
            try OutputDirectory.write(files, to: folder, partial: OutputDirectory.diffOutput, followsLink: true)
        }
    }
}

/// Reads a file as committed at a revision, with `git show REV:./file` run in the file's folder.
enum GitShow {
    /// The file's text at the revision, or nil when it does not exist there (a file new since).
    static func text(of path: String, at revision: String) throws(CommandFailure) -> String? {
        func fail(_ message: String) -> CommandFailure { CommandFailure(message: message, code: CommandFailure.invalidInput) }
        /// A folder, here or at the revision: `--git` compares one file.
        func refusingFolder(_ where_: String) -> CommandFailure {
            fail(
                "\(path): a folder\(where_); --git compares one scenario file with its committed version: run it for each changed file (docs/reviewing.md shows a loop)"
            )
        }
        if isDirectory(path) { throw refusingFolder("") }
        let url = URL(fileURLWithPath: path).standardizedFileURL
        // A file removed with its folder: git runs in the nearest folder that is left, on the path from there.
        var relative = url.lastPathComponent
        var folder = url.deletingLastPathComponent()
        while !isDirectory(folder.path), folder.pathComponents.count > 1 {
            relative = folder.lastPathComponent + "/" + relative
            folder = folder.deletingLastPathComponent()
        }
        let folderPath = folder.path
        let inside = try git(["rev-parse", "--is-inside-work-tree"], in: folderPath)
        guard inside.status == 0, inside.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "true" else {
            throw fail("\(path): not in a git repository, so there is no committed version to compare with")
        }
        let verify = try git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: folderPath)
        guard verify.status == 0 else {
            throw fail("Unknown revision '\(revision)': git has no such commit in this repository")
        }
        let show = try git(["show", "\(revision):./\(relative)"], in: folderPath)
        // A folder at the revision that the working tree no longer has: git lists it (`tree REV:./flows`).
        if show.status == 0, show.stdout.hasPrefix("tree \(revision):") { throw refusingFolder(" at revision '\(revision)'") }
        guard show.status == 0 else {
            if show.stderr.contains("does not exist") || show.stderr.contains("exists on disk, but not in") { return nil }
            let reason = show.stderr.split(whereSeparator: \.isNewline).first.map(String.init) ?? "exit status \(show.status)"
            throw fail("\(path): git show \(revision):./\(relative) failed: \(reason)")
        }
        return show.stdout
    }

    /// Runs `git` with the arguments in a folder (C locale, so its messages can be recognized).
    static func git(_ arguments: [String], in folder: String) throws(CommandFailure) -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        environment["GIT_PAGER"] = "cat"
        process.environment = environment
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-git-\(UUID().uuidString)")
        // Removed on Ctrl-C too (a review found it left in the temporary folder).
        Interruption.removeOnSignal(scratch.path)
        defer {
            try? FileManager.default.removeItem(at: scratch)
            Interruption.forget(scratch.path)
        }
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let outURL = scratch.appendingPathComponent("stdout")
            let errURL = scratch.appendingPathComponent("stderr")
            _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
            let out = try FileHandle(forWritingTo: outURL)
            let err = try FileHandle(forWritingTo: errURL)
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            try out.close()
            try err.close()
            let stdout = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
            let stderr = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
            if process.terminationStatus == 127 && stderr.contains("git") && stdout.isEmpty {
                throw CommandFailure(message: "git was not found on PATH; navviz diff --git needs it", code: CommandFailure.invalidInput)
            }
            return (process.terminationStatus, stdout, stderr)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(message: "cannot run git: \(error.localizedDescription)", code: CommandFailure.invalidInput)
        }
    }
}
