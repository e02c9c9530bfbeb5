import ArgumentParser
import Foundation
import NavVizCore
import NavVizRender
import NavVizScenario

extension NavVizCommand {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare scenarios with their golden files (canonical DOT and a step summary); fail on any drift.",
            discussion: """
                Each scenario has a folder GOLDEN/<scenario>/ holding states/NNN-<op>.dot and transitions/NNN-<op>.dot \
                (the canonical DOT of every state and transition), summary.txt (one line per step: index, operation, \
                status, path to the visible controller) and run.json (the states, without timings). The scenarios are \
                run again and every file compared byte for byte. DOT is the same on every machine: commit the goldens.

                On drift: a -/+ diff of what changed (capped; the full diff is in ARTIFACTS/<scenario>/drift.txt) and, \
                for each changed diagram, ARTIFACTS/<scenario>/<states|transitions>/NNN-<op>.expected.svg, .actual.svg \
                and .diff.svg. A scenario without goldens fails.

                --record writes the goldens (each scenario's folder is replaced when complete). It refuses when the \
                CI environment variable is set: recording on CI would make every check pass.

                Exit codes: 0 everything matches (or was recorded); 1 a golden differs or is missing, or --record was \
                used with CI set; 64 bad command-line usage; 65 a scenario is invalid; 74 goldens or artifacts could \
                not be written.
                """
        )

        @Argument(help: "Scenario files, or directories of *.json scenario files.")
        var scenarios: [String] = []

        @Option(help: ArgumentHelp("The directory of golden files, one folder per scenario.", valueName: "dir"))
        var golden: String

        @Flag(help: "Write or update the goldens instead of comparing (refused when CI is set).")
        var record = false

        @Option(help: ArgumentHelp("Where expected, actual and diff SVGs of a drift go.", valueName: "dir"))
        var artifacts = "navviz-artifacts"

        @OptionGroup var layoutOptions: LayoutOptions

        @Flag(help: "Lay out the artifact SVGs with Graphviz's built-in text metrics: the same SVG on every machine.")
        var portableMetrics = false

        @Option(
            help: ArgumentHelp("focus (default) or all: the diagrams the goldens hold, as `navviz render` draws them.", valueName: "what"))
        var expand = "focus"

        /// Lines of -/+ diff shown per file and per scenario on stdout, and characters per line.
        static let linesPerFile = 12
        static let linesPerScenario = 60
        static let charactersPerLine = 200

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
            let loaded = try loadScenarios(scenarios)

            var folders = FolderNames()
            var failed: [String] = []
            var wroteArtifacts = false
            for scenario in loaded {
                let folder = folders.unique(for: scenario.file)
                let run = ScenarioRunner.run(scenario)
                if !run.failures.isEmpty {
                    printError(
                        "warning: \(scenario.file): \(run.failures.count) expectation\(run.failures.count == 1 ? "" : "s") failed (navviz run \(scenario.file) shows them)"
                    )
                }
                let files = Goldens.files(for: run, expandAll: expand == "all")
                let target = "\(trimmed(golden))/\(folder)"
                if record {
                    try recordGoldens(files, in: target, name: folder)
                } else {
                    switch try compare(files, run: run, in: target, name: folder) {
                    case .match: break
                    case .missing: failed.append(folder)
                    case .drift:
                        failed.append(folder)
                        wroteArtifacts = true
                    }
                }
            }
            if record { return }
            if failed.isEmpty {
                print(
                    "\(loaded.count) scenario\(loaded.count == 1 ? "" : "s") match\(loaded.count == 1 ? "es" : "") the goldens in \(trimmed(golden))/"
                )
                return
            }
            let rerun = (["navviz", "check"] + scenarios + ["--golden", golden, "--record"]).map(Self.shellQuoted).joined(separator: " ")
            let verb = failed.count == 1 ? "does" : "do"
            throw CommandFailure(
                message:
                    "\(failed.count) of \(loaded.count) scenario\(loaded.count == 1 ? "" : "s") \(verb) not match the goldens in \(trimmed(golden))/"
                    + (wroteArtifacts ? " (artifacts in \(trimmed(artifacts))/)" : "")
                    + ". If the changes are intended, record them locally and commit: \(rerun)",
                code: CommandFailure.failed)
        }

        // MARK: - Record

        func recordGoldens(_ files: [OutputFile], in target: String, name: String) throws {
            let existing = try readGoldens(target) ?? [:]
            let drifts = Goldens.compare(expected: existing, actual: files)
            if drifts.isEmpty {
                print("unchanged \(name): \(files.count) goldens in \(target)/")
                return
            }
            try OutputDirectory.write(files, to: target, replacing: Goldens.isGoldenPath)
            var counts: [String] = []
            for kind in [Goldens.Drift.Kind.changed, .new, .gone] {
                let n = drifts.filter { $0.kind == kind }.count
                if n > 0 { counts.append("\(n) \(kind == .gone ? "removed" : kind.rawValue)") }
            }
            print("recorded \(name): \(files.count) goldens (\(counts.joined(separator: ", "))) in \(target)/")
        }

        // MARK: - Compare

        enum Verdict { case match, missing, drift }

        /// Compares one scenario; prints what drifted and writes its artifacts.
        func compare(_ files: [OutputFile], run: NavVizScenario.Run, in target: String, name: String) throws -> Verdict {
            guard let expected = try readGoldens(target) else {
                print("FAIL \(name): no goldens in \(target)/ (record them with --record)")
                return .missing
            }
            let drifts = Goldens.compare(expected: expected, actual: files)
            if drifts.isEmpty {
                print("ok   \(name): \(files.count) goldens match")
                return .match
            }
            let artifactFolder = "\(trimmed(artifacts))/\(name)"
            var shown: [String] = []
            var full: [String] = []
            shown.append(
                "FAIL \(name): \(drifts.count) of \(Set(expected.keys).union(files.map(\.path)).count) goldens differ (\(target)/)")
            // What the steps do differently, from the golden run JSON.
            let goldenRun = expected[Goldens.runFile].flatMap { try? DiffRun.load(text: $0, file: "\(target)/\(Goldens.runFile)") }
            if let goldenRun {
                let entries = RunDiff(old: goldenRun, new: DiffRun(run)).entries
                for entry in entries.prefix(10) { shown.append("  " + entry.summary) }
                if entries.count > 10 { shown.append("  … \(entries.count - 10) more changed steps") }
            }
            for drift in drifts {
                switch drift.kind {
                case .changed: shown.append("  changed: \(drift.path)")
                case .new: shown.append("  new:     \(drift.path) (no golden)")
                case .gone: shown.append("  gone:    \(drift.path) (golden, no longer produced)")
                }
            }
            var budget = Self.linesPerScenario
            var hidden = 0
            for drift in drifts where drift.kind == .changed && drift.path != Goldens.runFile {
                let lines =
                    ["--- \(drift.path) (golden)", "+++ \(drift.path) (actual)"]
                    + LineDiff.lines(old: drift.expected ?? "", new: drift.actual ?? "")
                full += lines
                let room = min(Self.linesPerFile, budget)
                shown += lines.prefix(room).map { line in
                    "  " + (line.count > Self.charactersPerLine ? line.prefix(Self.charactersPerLine - 1) + "…" : line)
                }
                budget -= min(room, lines.count)
                if lines.count > room { hidden += lines.count - room }
            }
            if hidden > 0 { shown.append("  … \(hidden) more diff lines in \(artifactFolder)/drift.txt") }
            try writeArtifacts(drifts, goldenRun: goldenRun, run: run, diff: full, to: artifactFolder)
            shown.append("  artifacts: \(artifactFolder)/")
            print(shown.joined(separator: "\n"))
            return .drift
        }

        /// The golden files of one scenario by relative path, or nil when its folder does not exist.
        func readGoldens(_ folder: String) throws -> [String: String]? {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
            var files: [String: String] = [:]
            let base = URL(fileURLWithPath: folder).standardizedFileURL.path
            for sub in ["", "states", "transitions"] {
                let directory = sub.isEmpty ? base : "\(base)/\(sub)"
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
                for name in names {
                    let relative = sub.isEmpty ? name : "\(sub)/\(name)"
                    guard Goldens.isGoldenPath(relative) else { continue }
                    guard let data = FileManager.default.contents(atPath: "\(directory)/\(name)") else {
                        throw CommandFailure(message: "\(folder)/\(relative): cannot read the golden", code: CommandFailure.invalidInput)
                    }
                    files[relative] = String(decoding: data, as: UTF8.self)
                }
            }
            return files
        }

        /// Expected, actual and diff SVGs of every drifted diagram, and the full diff, in the scenario's artifact folder.
        func writeArtifacts(_ drifts: [Goldens.Drift], goldenRun: DiffRun?, run: NavVizScenario.Run, diff: [String], to folder: String)
            throws
        {
            var files: [OutputFile] = [OutputFile(path: "drift.txt", contents: diff.map { $0 + "\n" }.joined())]
            let metrics: TextMetrics = portableMetrics ? .portable : .fonts
            var problems: [String] = []
            var diagrams: [(dot: String, path: String)] = []
            func svg(_ dot: String, _ path: String) { diagrams.append((dot, path)) }
            let actualRun = DiffRun(run)
            for drift in drifts where drift.path.hasSuffix(".dot") {
                let stem = String(drift.path.dropLast(4))
                if let expected = drift.expected { svg(expected, "\(stem).expected.svg") }
                if let actual = drift.actual { svg(actual, "\(stem).actual.svg") }
                let name = stem.split(separator: "/").last.map(String.init) ?? stem
                guard let index = Int(name.prefix { $0.isNumber }), let goldenRun,
                    goldenRun.steps.indices.contains(index), actualRun.steps.indices.contains(index)
                else { continue }
                let old = goldenRun.steps[index]
                let new = actualRun.steps[index]
                let changes = HierarchyChanges(
                    old: old.hierarchy, oldVisible: old.finder.visible, new: new.hierarchy, newVisible: new.finder.visible
                ).phrases
                let dot = DOTBuilder(options: .focused).diff(
                    old: old.hierarchy, new: new.hierarchy, oldFinder: old.finder, newFinder: new.finder,
                    caption: "Step \(index) · golden \(old.op) → actual \(new.op)",
                    details: changes.isEmpty ? ["the state after the step is unchanged"] : changes,
                    titles: ("golden", "actual"))
                svg(dot, "\(stem).diff.svg")
            }
            // Laid out together (in parallel, through the cache). When Graphviz refuses one, each is laid out
            // on its own, so drift.txt names the one that failed.
            let keys = diagrams.map { TextKey($0.dot) }
            let layout = (try? DiagramLayout(dots: keys, metrics: metrics, options: layoutOptions)) ?? DiagramLayout(metrics: metrics)
            for (key, (_, path)) in zip(keys, diagrams) {
                do {
                    files.append(OutputFile(path: path, contents: try layout.svg(key)))
                } catch {
                    problems.append("\(path): cannot render: \(error.description)")
                }
            }
            if !problems.isEmpty {
                files[0].contents += problems.map { $0 + "\n" }.joined()
                printError(problems.joined(separator: "\n"))
            }
            try OutputDirectory.write(files, to: folder)
        }

        func trimmed(_ path: String) -> String {
            path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        }

        static func shellQuoted(_ word: String) -> String {
            word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:".contains($0) }
                ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
    }
}
