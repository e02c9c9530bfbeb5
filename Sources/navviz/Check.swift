import ArgumentParser
import Foundation
import NavVizCore
import NavVizRender
import NavVizReview
import NavVizScenario

extension NavVizCommand {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Compare scenarios with their golden files (canonical DOT and a step summary); fail on any drift.",
            discussion: """
                Each scenario has a folder GOLDEN/<scenario>/ holding states/NNN-<op>.dot and transitions/NNN-<op>.dot \
                (the canonical DOT of every state and transition), summary.txt (one line per step: index, operation, \
                status, path to the visible controller), run.json (the states, without timings) and source.txt (the \
                scenario file's path from GOLDEN: a recorded file finds its folder whatever is checked with it). The scenarios are \
                run again and every file compared byte for byte. DOT is the same on every machine: commit the goldens.

                On drift: the steps that now differ, and a -/+ diff of what changed (capped; the DOT's left out when the \
                step lines explain it; the full diff is in ARTIFACTS/<scenario>/drift.txt) and, \
                for each changed diagram, ARTIFACTS/<scenario>/<states|transitions>/NNN-<op>.expected.svg, .actual.svg \
                and .diff.svg; a new diagram gets .actual.svg, a removed step's old-NNN-<op>.expected.svg. Diagrams \
                pair by aligned step: after an inserted or removed step, one that only moved is listed as renumbered. \
                A scenario without goldens fails.

                --record writes the goldens (each scenario's folder is replaced when complete). It refuses when the \
                CI environment variable is set: recording on CI would make every check pass.

                A scenario's failed expectations are a warning; with --strict they fail the check too.

                Exit codes: 0 everything matches (or was recorded); 1 a golden differs or is missing, an expectation \
                failed under --strict, or --record was used with CI set; 64 bad command-line usage; 65 a scenario is \
                invalid (the others are still compared and reported; --record records none); 74 goldens, artifacts or \
                standard output could not be written.
                """
        )

        @Argument(
            help:
                "Scenario files or captures, or directories of *.json scenario files (and of the navviz scenarios in their subfolders: docs/reviewing.md says which); - reads standard input."
        )
        var scenarios: [String] = []

        @Option(help: ArgumentHelp("The directory of golden files, one folder per scenario.", valueName: "dir"))
        var golden: String

        @Flag(help: "Write or update the goldens instead of comparing (refused when CI is set).")
        var record = false

        @Option(help: ArgumentHelp("Where expected, actual and diff SVGs of a drift go.", valueName: "dir"))
        var artifacts = "navviz-artifacts"

        @OptionGroup var layoutOptions: LayoutOptions

        @OptionGroup var kinds: KindOptions

        @Flag(help: "Lay out the artifact SVGs with Arial's widths compiled into navviz: the same SVG on every machine.")
        var portableMetrics = false

        @Option(
            help: ArgumentHelp("focus (default) or all: the diagrams the goldens hold, as `navviz render` draws them.", valueName: "what"))
        var expand = "focus"

        @Flag(help: "Fail (exit 1) when a scenario's expectations fail, not only when a golden differs.")
        var strict = false

        func validate() throws {
            if scenarios.isEmpty { throw ValidationError("Name at least one scenario file or directory.") }
            if golden.isEmpty || artifacts.isEmpty { throw ValidationError("the output directory must not be empty") }
            if !["focus", "all"].contains(expand) { throw ValidationError("Unknown --expand '\(expand)'. Use focus or all") }
        }

        func run() throws {
            if record, let ci = ProcessInfo.processInfo.environment["CI"], !ci.isEmpty {
                throw CommandFailure(
                    message: """
                        Refusing to record goldens: the CI environment variable is set (CI=\(ci)). Recording on CI would \
                        overwrite the goldens with whatever this build produces, so the check would always pass. Run \
                        --record locally and commit the goldens.
                        """,
                    code: CommandFailure.failed)
            }
            // A folder's *.json files only: its dumps are often the captures its scenarios were imported from, and
            // checking each as a scenario of its own would fail CI for want of goldens. A dump named as a file is checked.
            // One invalid file does not hide the others' drift: they are compared, then the check fails with 65 (a code-review
            // trial's CI read one parse error and nothing of the other scenarios). --record records nothing then.
            // A recorded scenario keeps its folder whatever else is checked with it (its source.txt says which it is).
            var sources = GoldenSources(golden: trimmed(golden))
            // And, when every argument is a folder, the scenarios in their subfolders: those that have goldens here, and any other
            // navviz scenario there, which fails for want of goldens as a new scenario does (a code-review trial moved a recorded
            // scenario into a subfolder and added one beside it: neither was checked, and CI passed with --strict).
            var below: [String] = []
            if scenarios.allSatisfy(isDirectory) {
                below = sources.recorded(below: scenarios.map(trimmed))
                let known = Set(below.map { FileStatus.resolvedPath($0) })
                below += GoldenSources.scenarios(below: scenarios.map(trimmed), skipping: [trimmed(golden), trimmed(artifacts)])
                    .filter { !known.contains(FileStatus.resolvedPath($0)) }
            }
            let (loaded, invalid) = try loadEveryScenario(scenarios + below, kinds: kinds.kinds, captures: false)
            if !invalid.isEmpty, record || loaded.isEmpty {
                throw CommandFailure(
                    message: invalid.map(\.error).joined(separator: "\n")
                        + (record && !loaded.isEmpty ? "\nNothing was recorded: every scenario must be valid to record goldens" : ""),
                    code: CommandFailure.invalidInput)
            }
            for error in invalid.map(\.error) { printError(error) }
            for scenario in loaded { printNotes(scenario.notes, file: scenario.file) }

            // The options that change what the goldens hold go along: without them a re-record redraws every golden.
            let rerun =
                (["navviz", "check"] + scenarios + ["--golden", golden] + sameOptions + ["--record"])
                .map(Self.shellQuoted).joined(separator: " ")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: trimmed(golden), isDirectory: &isFolder), !isFolder.boolValue {
                // "No goldens in FILE/x/, record them" sent the user to --record, which then refused the file (a trial).
                throw CommandFailure(
                    message: "\(Terminal.inline(trimmed(golden))): a file, not a folder of goldens: --golden names the folder check "
                        + "compares with (and --record writes)",
                    // An option that names the wrong thing, with --record or without (65 and 74, a trial: neither fits).
                    code: CommandFailure.usage)
            }
            if !record, !FileManager.default.fileExists(atPath: trimmed(golden)) {
                // A mistyped --golden, or a step run from another folder: "record them" would start a second golden tree.
                // An invalid scenario (said above) still makes it 65, as --help says.
                throw CommandFailure(
                    message: missingGoldenFolder(rerun: rerun), code: invalid.isEmpty ? CommandFailure.failed : CommandFailure.invalidInput)
            }
            // Recording under a typo of a golden folder beside it starts that second tree (a trial: `--golden goldne --record`
            // recorded 53 goldens there, exit 0). A new folder of that name is made first, on purpose.
            if record, !FileManager.default.fileExists(atPath: trimmed(golden)), let meant = closeGoldenFolder() {
                let command =
                    (["navviz", "check"] + scenarios + ["--golden", meant.shown] + sameOptions
                    + ["--record"]).map(Self.shellQuoted).joined(separator: " ")
                throw CommandFailure(
                    message:
                        "\(trimmed(golden))/: no such folder, and '\(meant.name)' beside it holds goldens. Did you mean it? \(command) "
                        + "(to start new goldens under this name, create the folder first: mkdir -p \(Self.shellQuoted(trimmed(golden))))",
                    code: CommandFailure.usage)
            }
            // The invalid files keep their folders (not another's, nor called orphaned).
            let folders = sources.names(for: loaded.map(\.file) + invalid.map(\.path))
            var failed: [String] = []
            // Per drifted scenario, the other --expand mode its goldens match, if they do.
            var otherExpansions: [String?] = []
            var missing = 0
            var expectationFailures = 0
            var checked = Set(invalid.compactMap { folders[$0.path] })
            // Artifacts that could not be written: the check goes on (the drift report is what CI needs), then fails.
            var unwritable: [String] = []
            // Names more than one file has: each of their lines names its file (the one that kept the plain name did not,
            // a docs trial).
            let sharedNames = Set(
                Dictionary(grouping: (loaded.map(\.file) + invalid.map(\.path)).map(slug), by: { $0 }).filter { $0.value.count > 1 }.keys)
            for scenario in loaded {
                let folder = folders[scenario.file] ?? slug(scenario.file)
                checked.insert(folder)
                let run = ScenarioRunner.run(scenario)
                expectationFailures += run.failures.count
                if !run.failures.isEmpty {
                    printError(
                        "warning: \(scenario.file): \(run.failures.count) expectation\(run.failures.count == 1 ? "" : "s") failed (below; navviz run \(Self.shellQuoted(scenario.file)) shows each step)"
                    )
                    // Each by its step, as render and run say them (a CI trial's log had the count only).
                    for line in failureLines(run.failures) { printError("  " + line) }
                }
                let files = Goldens.files(for: run, expandAll: expand == "all")
                let target = "\(trimmed(golden))/\(folder)"
                // What a killed --record left beside the goldens (`.NAME.navviz-tmp-PID` of a process that is gone): a
                // `git add` of the golden folder would commit half a golden set.
                OutputDirectory.removeAbandonedSiblings(of: URL(fileURLWithPath: target).standardizedFileURL)
                // A folder named otherwise than its file (another file shares the name) says which file it is.
                let label =
                    folder == slug(scenario.file) && !sharedNames.contains(folder) ? folder : "\(folder) (\(scenario.file))"
                if record {
                    let source = sources.relative(scenario.file)
                    try recordGoldens(files, run: run, in: target, name: label, source: source, recorded: sources.owners[folder])
                    // What the folder's source.txt says now (a file named twice is recorded once, then found unchanged).
                    if let source { sources.owners[folder] = source }
                } else {
                    // Looked for only where this scenario has no goldens: a folder of a same-named file that is gone.
                    let verdict = try compare(
                        files, run: run, in: target, folder: folder, name: label,
                        hint: sources.moved(scenario.file).map { old, source in
                            "; \(trimmed(golden))/\(old)/ holds the goldens of \(source), which is gone: if the file moved here, "
                                + "rename that folder"
                        } ?? sources.renamed(scenario.file, taken: Set(folders.values)).map { old, source in
                            "; \(trimmed(golden))/\(old)/ holds the goldens of \(source), which is gone: if \(scenario.file) is that "
                                + "file renamed, rename the folder to \(folder) (mv \(Self.shellQuoted("\(trimmed(golden))/\(old)")) "
                                + "\(Self.shellQuoted(target))) and check again"
                        } ?? ""
                    ) { unwritable.append($0) }
                    switch verdict {
                    case .match: break
                    case .missing:
                        failed.append(folder)
                        missing += 1
                    case .drift(let other):
                        failed.append(folder)
                        otherExpansions.append(other)
                    }
                }
            }
            noteOrphanedGoldens(besides: checked, sources: sources)
            if record { return }
            let drifted = failed.count - missing
            if !invalid.isEmpty {
                let total = loaded.count + invalid.count
                let matched = loaded.count - failed.count
                var others: [String] = []
                if matched > 0 { others.append("\(matched) match\(matched == 1 ? "es" : "")") }
                if drifted > 0 { others.append("\(drifted) \(drifted == 1 ? "does" : "do") not (artifacts in \(trimmed(artifacts))/)") }
                if missing > 0 { others.append("\(missing) \(missing == 1 ? "has" : "have") no goldens yet") }
                if strict, expectationFailures > 0 {
                    others.append("\(expectationFailures) expectation\(expectationFailures == 1 ? "" : "s") failed (--strict)")
                }
                throw CommandFailure(
                    message: unwritable.map { $0 + "\n" }.joined()
                        + "\(invalid.count) of \(total) scenario files \(invalid.count == 1 ? "is" : "are") invalid (above) and not "
                        + "checked; of the other \(loaded.count): " + others.joined(separator: ", "),
                    code: CommandFailure.invalidInput)
            }
            if !unwritable.isEmpty {
                throw CommandFailure(
                    message: unwritable.joined(separator: "\n") + "\n\(drifted) of \(loaded.count) scenario\(loaded.count == 1 ? "" : "s") "
                        + "\(drifted == 1 ? "does" : "do") not match the goldens in \(trimmed(golden))/ (above); the artifacts could not "
                        + "be written: pass --artifacts DIR with a folder you can write",
                    code: CommandFailure.ioError)
            }
            if failed.isEmpty {
                let matched =
                    "\(loaded.count) scenario\(loaded.count == 1 ? "" : "s") match\(loaded.count == 1 ? "es" : "") the goldens in \(trimmed(golden))/"
                // Not said on stdout as a success when --strict fails the check (a trial read "matches" and exit 1).
                if strict && expectationFailures > 0 {
                    throw CommandFailure(
                        message:
                            "\(matched), but \(expectationFailures) expectation\(expectationFailures == 1 ? "" : "s") failed "
                            + "(--strict; navviz run shows them)",
                        code: CommandFailure.failed)
                }
                say(matched)
                return
            }
            // Every drift is the goldens of the other --expand mode: the check to run is with it, not a re-record (which redrew
            // every golden in this mode: a trial).
            if missing == 0, let other = otherExpansions.first ?? nil, otherExpansions.allSatisfy({ $0 == other }) {
                let command = (["navviz", "check"] + scenarios + ["--golden", golden, "--expand", other] + kindOptions).map(
                    Self.shellQuoted
                )
                .joined(separator: " ")
                throw CommandFailure(
                    message:
                        "\(failed.count) of \(loaded.count) scenario\(loaded.count == 1 ? "" : "s") \(failed.count == 1 ? "does" : "do") not "
                        + "match the goldens in \(trimmed(golden))/, which are what --expand \(other) draws: check with it: \(command)",
                    code: CommandFailure.failed)
            }
            // With --strict, the expectations that failed are counted too (a code-review trial's last line left them out).
            throw CommandFailure(
                message: Self.summary(
                    drifted: drifted, missing: missing, of: loaded.count, golden: trimmed(golden),
                    artifacts: trimmed(artifacts), rerun: rerun, failedExpectations: strict ? expectationFailures : 0),
                code: CommandFailure.failed)
        }

        /// The closing sentence of a failed check: how many scenarios drifted and how many have no goldens yet
        /// (a first check, which is not a drift and has no artifacts), then the command that records them.
        static func summary(
            drifted: Int, missing: Int, of total: Int, golden: String, artifacts: String, rerun: String, failedExpectations: Int = 0
        ) -> String {
            func scenarios(_ n: Int) -> String { "\(n) of \(total) scenario\(total == 1 ? "" : "s")" }
            let expectations =
                failedExpectations == 0
                ? ""
                : ", and \(failedExpectations) expectation\(failedExpectations == 1 ? "" : "s") failed (--strict; navviz run shows "
                    + "\(failedExpectations == 1 ? "it" : "them"), and recording goldens does not change that)"
            if drifted == 0 {
                return "\(scenarios(missing)) \(missing == 1 ? "has" : "have") no goldens in \(golden)/ yet\(expectations). Record "
                    + "\(expectations.isEmpty ? "them" : "the goldens") locally and commit: \(rerun)"
            }
            var sentence = "\(scenarios(drifted)) \(drifted == 1 ? "does" : "do") not match the goldens in \(golden)/"
            if missing > 0 { sentence += " and \(missing) \(missing == 1 ? "has" : "have") none" }
            return sentence + " (artifacts in \(artifacts)/)\(expectations). If the changes are intended, record them locally and "
                + "commit: \(rerun)"
        }

        /// The folder beside a --golden that does not exist whose name is close to its, among those `holds` accepts: the
        /// name and how to write it as --golden.
        func closeFolder(holding holds: (String) -> Bool) -> (name: String, shown: String)? {
            let root = trimmed(golden)
            let url = URL(fileURLWithPath: root)
            let parent = url.deletingLastPathComponent().path
            let siblings = ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).filter {
                !$0.hasPrefix(".") && isDirectory("\(parent)/\($0)") && holds("\(parent)/\($0)")
            }
            guard let guess = Suggestion.closest(to: url.lastPathComponent, in: siblings) else { return nil }
            let shown =
                golden.hasPrefix("/")
                ? url.deletingLastPathComponent().appendingPathComponent(guess).path
                : String(root.dropLast(url.lastPathComponent.count)) + guess
            return (guess, shown)
        }

        /// The close folder beside a --golden that does not exist that holds goldens (a scenario folder with its
        /// `summary.txt`).
        func closeGoldenFolder() -> (name: String, shown: String)? {
            closeFolder { folder in
                let scenarios = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                return scenarios.contains { FileManager.default.fileExists(atPath: "\(folder)/\($0)/summary.txt") }
            }
        }

        /// Why a check whose --golden folder does not exist fails: no scenario has goldens, and the folder may be
        /// mistyped (a folder beside it with a close name) or relative to another working directory.
        func missingGoldenFolder(rerun: String) -> String {
            let root = trimmed(golden)
            // A close name that holds goldens is most likely the folder meant: the command to run is with it (recording under
            // the typo would start a second golden tree: a trial). One without goldens is not (a trial was sent to its scenario
            // folder, and from there to --record into it).
            if let meant = closeGoldenFolder() {
                let command = (["navviz", "check"] + scenarios + ["--golden", meant.shown] + sameOptions).map(Self.shellQuoted).joined(
                    separator: " ")
                return "\(root)/: no such folder (from \(FileManager.default.currentDirectoryPath)), so no scenario has goldens there. "
                    + "Did you mean '\(meant.name)'? \(command)"
            }
            return "\(root)/: no such folder (from \(FileManager.default.currentDirectoryPath)), so no scenario has goldens there. "
                + "Point --golden at the folder that holds them; on a first check, record them locally and commit: \(rerun)"
        }

        /// When every argument is a folder (the whole set, as CI checks it), names the golden folders no scenario
        /// checked here has: a renamed or removed scenario leaves its goldens behind. A note, not a failure.
        func noteOrphanedGoldens(besides checked: Set<String>, sources: GoldenSources) {
            guard scenarios.allSatisfy(isDirectory) else { return }
            let root = trimmed(golden)
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
            let orphans = entries.sorted().filter { !$0.hasPrefix(".") && !checked.contains($0) && isDirectory("\(root)/\($0)") }
            guard !orphans.isEmpty else { return }
            // The captures beside the scenarios, which a folder's check leaves out: goldens recorded for one by name are
            // not stale. (Read only when some golden folder is no scenario's.)
            var captures: [String: String] = [:]
            for folder in scenarios {
                for file in ScenarioLoader.expanding(folder).files where file.hasSuffix(".txt") { captures[slug(file)] = file }
            }
            for entry in orphans {
                if let capture = captures[entry] {
                    printError(
                        "note: \(root)/\(entry)/ holds the goldens of \(capture), a capture: a folder's check reads its *.json files only; "
                            + "name the capture to check it (navviz check \(Self.shellQuoted(capture)) --golden \(Self.shellQuoted(golden)))"
                    )
                    continue
                }
                if let source = sources.owners[entry] {
                    // Another folder's scenario, which this check was not asked for (`check flows/ipad`: a note for each of the
                    // others was noise, a code-review trial).
                    if sources.isRecorded(entry, outside: scenarios.map(trimmed)) { continue }
                    let where_ =
                        sources.existingOwner(of: entry) == nil
                        ? "which is gone (renamed or removed?); remove it if it is stale" : "not checked here"
                    printError("note: \(root)/\(entry)/ holds the goldens of \(source) (its \(GoldenSources.file)), \(where_)")
                    continue
                }
                // A folder of the user's beside the goldens (design notes, screenshots) holds none: nothing to say (a code-review
                // trial's was called stale goldens).
                let goldenFiles = ["summary.txt", "run.json", "states", "transitions"]
                guard goldenFiles.contains(where: { FileManager.default.fileExists(atPath: "\(root)/\(entry)/\($0)") }) else { continue }
                printError(
                    "note: \(root)/\(entry)/ holds goldens of no scenario checked here (renamed or removed?); remove it if it is stale")
            }
        }

        // MARK: - Record

        /// Writes a scenario's goldens and `source.txt`, the path of the scenario file they were recorded from
        /// (`source`, relative to the golden root; nil for standard input, which records none); `recorded` is what the
        /// folder's `source.txt` says now (`GoldenSources.owners`).
        func recordGoldens(
            _ files: [OutputFile], run: NavVizScenario.Run, in target: String, name: String, source: String?, recorded: String?
        ) throws {
            let existing = try readGoldens(target) ?? [:]
            // Counted as check counts them, by aligned step: a step inserted early renumbers the files after it, which are
            // neither new nor removed ("42 new, 38 removed" for two inserted steps, a code-review trial).
            let drifts = GoldenCheck.drifts(expected: existing, actual: files, run: run, golden: target)
            let sourceFile = source.map { OutputFile(path: GoldenSources.file, contents: $0 + "\n") }
            if drifts.isEmpty, source == nil || recorded == source {
                say("unchanged \(name): \(files.count) goldens in \(target)/")
                return
            }
            var counts: [String] = []
            for kind in [Goldens.Drift.Kind.changed, .new, .renumbered, .gone] {
                let n = drifts.filter { $0.kind == kind }.count
                if n > 0 { counts.append("\(n) \(kind == .gone ? "removed" : kind.rawValue)") }
            }
            let line =
                counts.isEmpty
                ? "unchanged \(name): \(files.count) goldens in \(target)/ (the scenario's path noted in \(GoldenSources.file))"
                : "recorded \(name): \(files.count) goldens (\(counts.joined(separator: ", "))) in \(target)/"
            // Said as the folder is put in place: an interrupted record's log names every folder it replaced.
            try OutputDirectory.write(
                files + (sourceFile.map { [$0] } ?? []), to: target,
                replacing: { Goldens.isGoldenPath($0) || $0 == GoldenSources.file }, placed: { say(line) })
        }

        // MARK: - Compare

        enum Verdict: Equatable {
            case match, missing
            /// With the `--expand` mode the goldens are exactly what it draws, if any.
            case drift(otherExpansion: String?)
        }

        /// Compares one scenario; prints what drifted and writes its artifacts (`unwritable` gets why they could not be).
        func compare(
            _ files: [OutputFile], run: NavVizScenario.Run, in target: String, folder: String, name: String,
            hint: @autoclosure () -> String = "", unwritable: (String) -> Void
        ) throws -> Verdict {
            guard let expected = try readGoldens(target) else {
                say("FAIL \(name): no goldens in \(target)/ (record them with --record\(hint()))")
                return .missing
            }
            let artifactFolder = "\(trimmed(artifacts))/\(folder)"
            let report = GoldenCheck().compare(
                expected: expected, actual: files, run: run, name: name, golden: target, artifacts: artifactFolder)
            if report.matches {
                say("ok   \(name): \(files.count) goldens match")
                // An earlier drift's pictures would tell of a drift that is gone (and a reused CI workspace uploads them).
                if OutputDirectory.removeArtifactsIfUnchanged(artifactFolder) {
                    printError("note: removed \(artifactFolder)/, an earlier drift's artifacts: \(name) matches now")
                }
                return .match
            }
            // Written before the report is printed: its "artifacts:" line names a folder that exists (a trial's named a
            // file given as --artifacts, then said it could not write there).
            var failure: CommandFailure?
            do {
                try writeArtifacts(report, to: artifactFolder)
            } catch let error as CommandFailure {
                failure = error
            }
            say(report.lines(artifactsWritten: failure == nil).joined(separator: "\n"))
            let other = otherExpansion(matching: expected, run: run)
            if let other {
                printError(
                    "note: \(name): the goldens in \(target)/ are what --expand \(other) draws: they were recorded with it; check with "
                        + "--expand \(other)")
            }
            if let failure { unwritable("\(artifactFolder)/: cannot write the artifacts there (\(failure.message))") }
            return .drift(otherExpansion: other)
        }

        /// The other `--expand` mode when the goldens are exactly what it draws for `run` (recorded with other options).
        func otherExpansion(matching expected: [String: String], run: NavVizScenario.Run) -> String? {
            let other = expand == "all" ? "focus" : "all"
            let files = Goldens.files(for: run, expandAll: other == "all")
            guard files.count == expected.count, files.allSatisfy({ expected[$0.path] == $0.contents }) else { return nil }
            return other
        }

        /// The golden files of one scenario by relative path, or nil when its folder does not exist.
        func readGoldens(_ folder: String) throws(CommandFailure) -> [String: String]? {
            do {
                return try GoldenCheck.read(folder)
            } catch {
                throw CommandFailure(message: error.description, code: CommandFailure.invalidInput)
            }
        }

        /// The report's diagrams laid out (in parallel, through the cache) and its full diff, in the scenario's
        /// artifact folder. When Graphviz refuses one, each is laid out on its own, so drift.txt names the one
        /// that failed.
        func writeArtifacts(_ report: GoldenCheck.Report, to folder: String) throws {
            var files: [OutputFile] = [OutputFile(path: "drift.txt", contents: report.fullDiff.map { $0 + "\n" }.joined())]
            let metrics: TextMetrics = portableMetrics ? .portable : .fonts
            var problems: [String] = []
            // A diff of two states is composed from their layouts, as `navviz diff -o` draws it; a drifted file is
            // laid out from its DOT.
            let keys = report.diagrams.flatMap { diagram in (diagram.picture?.parts ?? [diagram.dot]).map(TextKey.init) }
            let layout = (try? DiagramLayout(dots: keys, metrics: metrics, options: layoutOptions)) ?? DiagramLayout(metrics: metrics)
            for (dot, path, picture, golden) in report.diagrams {
                do {
                    if let picture {
                        var parts: [String] = []
                        for part in picture.parts { parts.append(try layout.svg(TextKey(part)).text) }
                        files.append(OutputFile(path: path, contents: try picture.svg(parts: parts)))
                    } else {
                        files.append(OutputFile(path: path, contents: try layout.svg(TextKey(dot))))
                    }
                } catch {
                    // An expected picture is drawn from the golden's DOT: one that Graphviz refuses is a golden edited or
                    // left there by hand, not navviz's (a trial was told of an artifact never written, not the golden).
                    if let golden {
                        problems.append(
                            "\(path): not drawn: the golden \(golden) is not DOT navviz wrote (\(error.description)): edited by hand? "
                                + "--record writes it again")
                    } else {
                        problems.append("\(path): cannot render: \(error.description)")
                    }
                }
            }
            if !problems.isEmpty {
                files[0].contents += problems.map { $0 + "\n" }.joined()
                printError(problems.map(Terminal.inline).joined(separator: "\n"))
            }
            try OutputDirectory.write(files, to: folder)
        }

        func trimmed(_ path: String) -> String {
            path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        }

        /// What a printed command repeats of this one's options: `--expand all`, and every `--kind` (goldens recorded with a
        /// kind corrected are checked with it).
        var sameOptions: [String] { (expand == "all" ? ["--expand", "all"] : []) + kindOptions }

        /// Every `--kind` given.
        var kindOptions: [String] { kinds.rules.flatMap { ["--kind", $0] } }

        static func shellQuoted(_ word: String) -> String {
            word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:".contains($0) }
                ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
    }
}
