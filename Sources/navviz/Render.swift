import ArgumentParser
import Foundation
import NavVizCore
import NavVizRender
import NavVizScenario
import NavVizServer

extension NavVizCommand {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "render",
            abstract: "Draw every state and transition of scenarios as SVG, with a README.md and an index.html viewer.",
            discussion: """
                Writes OUT/<scenario>/states/NNN-<op>.svg, transitions/NNN-<op>.svg (a .dot beside each), flow.svg, \
                run.json, README.md and index.html; several scenarios get one folder each and a top-level index.html. \
                Output replaces the old folder only when complete. All scenarios are validated before anything is written.
                """
        )

        @Argument(
            help:
                "Scenario files, captures (_printHierarchy dumps, canonical snapshots), or directories of *.json scenario files and *.txt captures; - reads standard input."
        )
        var scenarios: [String]

        @OptionGroup var kinds: KindOptions

        @Option(name: .shortAndLong, help: "The output directory.")
        var output = "navviz-out"

        @Option(
            parsing: .unconditional,
            help: "Render only this step: its state and transition, and the flow (which shows where the step goes).")
        var step: Int?

        @Option(help: "Render only one family: states, transitions or flow.")
        var only: String?

        @Option(help: "The view finder: navviz, ariadne, splitMain or splitDetail (default: the scenario's).")
        var finder: String?

        @Flag(help: "Add a legend under every state and transition diagram.")
        var legend = false

        @Option(
            help: ArgumentHelp(
                "svg (DOT and SVG), dot (DOT only) or mermaid (DOT and Mermaid .mmd, no Graphviz layout; README embeds Mermaid).",
                valueName: "format"))
        var format = "svg"

        @Option(
            help: ArgumentHelp(
                "How README.md shows diagrams: svg (image links) or mermaid (Mermaid blocks GitHub and GitLab draw; writes .mmd too).",
                valueName: "kind"))
        var markdownImages: String?

        @Flag(help: "Lay out with Arial's widths compiled into navviz, not the installed fonts: the same SVG on every machine.")
        var portableMetrics = false

        @Option(
            help: ArgumentHelp(
                "focus (default: the path, what is on screen and what a step changed in full, the rest folded into summary boxes) or all.",
                valueName: "what"))
        var expand = "focus"

        @Option(help: ArgumentHelp("Draw this container's subtree in full, whatever else is folded.", valueName: "id"))
        var focus: String?

        @OptionGroup var layoutOptions: LayoutOptions

        func validate() throws {
            if scenarios.isEmpty { throw ValidationError("Name at least one scenario file or directory.") }
            if output.isEmpty { throw ValidationError("the output directory must not be empty") }
            if let only, RenderOptions.Section(rawValue: only) == nil {
                let guess = Suggestion.closest(to: only, in: ["states", "transitions", "flow"]).map { " (did you mean '\($0)'?)" } ?? ""
                throw ValidationError("Unknown --only '\(Terminal.inline(only))'\(guess). Use states, transitions or flow")
            }
            if !["svg", "dot", "mermaid"].contains(format) {
                let guess = Suggestion.closest(to: format, in: ["svg", "dot", "mermaid"]).map { " (did you mean '\($0)'?)" } ?? ""
                throw ValidationError("Unknown --format '\(Terminal.inline(format))'\(guess). Use svg, dot or mermaid")
            }
            if let markdownImages, !["svg", "mermaid"].contains(markdownImages) {
                let guess = Suggestion.closest(to: markdownImages, in: ["svg", "mermaid"]).map { " (did you mean '\($0)'?)" } ?? ""
                throw ValidationError("Unknown --markdown-images '\(Terminal.inline(markdownImages))'\(guess). Use svg or mermaid")
            }
            if markdownImages == "svg", format != "svg" {
                throw ValidationError("--markdown-images svg needs --format svg: only it writes SVG files")
            }
            try checkFinder(finder)
            if let step, step < 0 { throw ValidationError("--step must be 0 or more") }
            if !["focus", "all"].contains(expand) { throw ValidationError("Unknown --expand '\(expand)'. Use focus or all") }
            // Said, not refused: a script may pass it whatever the format (a trial: it was ignored without a word).
            if portableMetrics, format != "svg" {
                printError(
                    "warning: --portable-metrics has no effect with --format \(format): it sets how Graphviz measures text, and this format lays nothing out"
                )
            }
        }

        /// Mermaid draws at most 50,000 characters in one diagram (`maxTextSize`, GitHub's too): past it, the page
        /// shows "Maximum text size in diagram exceeded". A warning names the diagrams that pass it.
        /// The advice fits what was drawn: focusing shortens a state or a transition, and not the flow of distinct states (a
        /// trial was told to drop an --expand all it had not given, for flow.mmd).
        static func warnAboutLongMermaid(_ files: [OutputFile], file: String, expandAll: Bool) {
            let diagrams = files.filter { $0.path.hasSuffix(".mmd") }
            // Mermaid refuses more than 500 links too, however short the text (a trial's 521 steps).
            warn(
                diagrams.map { ($0.path, MermaidBuilder.edgeCount($0.contents)) }.filter { $0.1 > MermaidBuilder.maxEdges },
                limit: "\(MermaidBuilder.maxEdges)-arrow", unit: "arrows", file: file, expandAll: expandAll)
            warn(
                diagrams.map { ($0.path, $0.contents.utf16.count) }.filter { $0.1 > MermaidBuilder.maxTextSize },
                limit: "\(MermaidBuilder.maxTextSize)-character", unit: "characters", file: file, expandAll: expandAll)
        }

        /// One warning for the diagrams past one of Mermaid's limits, each with how far (`flow.mmd (521 arrows)`), and what
        /// to do: draw a state focused, split a long flow.
        private static func warn(_ long: [(path: String, size: Int)], limit: String, unit: String, file: String, expandAll: Bool) {
            guard !long.isEmpty else { return }
            let named = long.prefix(3).map { "\($0.path) (\($0.size) \(unit))" }.joined(separator: ", ")
            let more = long.count > 3 ? " and \(long.count - 3) more" : ""
            let flows = long.filter { $0.path == "flow.mmd" }.count
            var advice: [String] = []
            if flows < long.count {
                let them = long.count - flows == 1 ? "it" : "them"
                advice.append(
                    expandAll
                        ? "Draw \(them) focused (without --expand all), or one container with --focus ID"
                        : "Draw one container with --focus ID")
            }
            if flows > 0 { advice.append("flow.mmd draws every distinct state of the run: split the scenario into shorter ones") }
            printError(
                "warning: \(file): \(long.count == 1 ? "a Mermaid diagram passes" : "\(long.count) Mermaid diagrams pass") Mermaid's "
                    + "\(limit) limit, so GitHub and GitLab show an error in \(long.count == 1 ? "its" : "their") place: "
                    + "\(named)\(more). " + advice.joined(separator: "; ")
            )
        }

        /// The controller `--focus` names in some state of the runs, as its id or as a box shows it, its module before it
        /// (`Social.SocialNavigationController#5`: a trial copied the bold name and was told it named nothing). Refuses
        /// one that names no controller (a typo would centre nothing).
        static func checkFocus(_ focus: String, in runs: [NavVizScenario.Run], files: [String]) throws(CommandFailure) -> NodeID {
            func named(_ id: NodeID) -> Bool { runs.contains { $0.steps.contains { $0.hierarchy.contains(id) } } }
            if named(NodeID(focus)) { return NodeID(focus) }
            // Without the module (before the last dot outside generic arguments).
            let bare = focus.prefix(while: { $0 != "<" }).lastIndex(of: ".").map { String(focus[focus.index(after: $0)...]) } ?? focus
            if bare != focus, named(NodeID(bare)) { return NodeID(bare) }
            let ids = Set(runs.flatMap { $0.steps.flatMap { $0.hierarchy.nodeIDs.map(\.rawValue) } })
            let guess = Suggestion.closest(to: bare, in: ids.sorted()).map { ". Did you mean '\($0)'?" } ?? ""
            throw CommandFailure(
                message: "--focus '\(focus)' names no controller in any state of \(files.joined(separator: ", "))\(guess)",
                code: CommandFailure.usage)
        }

        /// Why `--focus ID` changes no picture, when it does not (a trial's focus on a leaf drew what it drew without,
        /// unsaid): each state that holds it drawn with the focus and without, until one differs (at once, the usual case).
        static func focusNote(_ id: NodeID, in runs: [NavVizScenario.Run], options: RenderOptions) -> String? {
            var unfocused = options
            unfocused.focus = nil
            let (with, without) = (DOTBuilder(options: options.diagramOptions), DOTBuilder(options: unfocused.diagramOptions))
            let changes = runs.contains { run in
                run.steps.contains { step in
                    step.hierarchy.contains(id)
                        && with.state(step.hierarchy, finder: step.finder) != without.state(step.hierarchy, finder: step.finder)
                }
            }
            guard !changes else { return nil }
            return "--focus '\(id)' changes no diagram: what it holds is drawn in full without it, in every state that holds it "
                + "(name a container drawn as a grey box: its tooltip names what it folds)"
        }

        /// The scenario file as README.md in `folder` names it: relative to that folder when the two share a folder below
        /// `/` (a link that works, the same whoever renders it from wherever), else by its name alone (committed docs name
        /// no one's home folder); standard input as such.
        static func sourceShown(_ file: String, from folder: String) -> String? {
            guard file != "standard input" else { return nil }
            // Where each really is, links resolved (a review: an output folder that is a link, and `link/..`, named files
            // that were not there).
            let (path, shared) = FileStatus.relativePath(file, from: folder)
            return shared > 0 ? path : path.split(separator: "/").last.map(String.init) ?? file
        }

        func run() throws {
            var timings = Timings()
            defer { timings.report() }
            // Validate everything first: an invalid file means nothing is written.
            let loaded = try loadScenarios(scenarios, kinds: kinds.kinds)
            timings.mark("load")
            var options = RenderOptions()
            options.step = step
            options.includeLegend = legend
            options.dotOnly = format != "svg"
            options.markdownMermaid = (markdownImages ?? (format == "mermaid" ? "mermaid" : "svg")) == "mermaid"
            options.mermaid = options.markdownMermaid || format == "mermaid"
            options.textMetrics = portableMetrics ? .portable : .fonts
            options.expandAll = expand == "all"
            if let only, let section = RenderOptions.Section(rawValue: only) { options.sections = [section] }
            let progress = ProgressLine()
            let single = loaded.count == 1 && !isDirectory(scenarios[0])
            var entries: [(folder: String, scenario: String, steps: Int, failures: Int, file: String)] = []
            var outputs: [(folder: String, files: [OutputFile])] = []
            // Several scenarios share OUT with the top-level index.html, so no folder may take its name.
            var folders = FolderNames(reserved: single ? [] : ["index.html"], files: loaded.map(\.file))
            let runs = loaded.map { ScenarioRunner.run($0, finder: finder.flatMap(ViewFinderStrategy.init(name:))) }
            timings.mark("run")
            for (scenario, run) in zip(loaded, runs) {
                if let step, !run.steps.indices.contains(step) {
                    throw CommandFailure(
                        message: "--step \(step) is out of range: \(scenario.file) has steps 0 to \(run.steps.count - 1)",
                        code: CommandFailure.usage)
                }
            }
            if let focus {
                let id = try Self.checkFocus(focus, in: runs, files: loaded.map(\.file))
                options.focus = id
                if let note = Self.focusNote(id, in: runs, options: options) { printError("note: \(note)") }
            }
            let renderer = ScenarioRenderer(options: options)
            // Every distinct diagram of every scenario is laid out once: from the cache, or in parallel.
            // Laid out from the moment the plan makes each diagram, while the rest is planned.
            let lane = options.dotOnly ? nil : LayoutLane(metrics: options.textMetrics, options: layoutOptions)
            var ready: (@Sendable (TextKey) -> Void)?
            if let lane { ready = { key in lane.submit(key) } }
            let plans = runs.map { run in renderer.plan(run, ready: ready) }
            timings.mark("plan")
            var layout = DiagramLayout(metrics: options.textMetrics)
            if let lane { layout = try DiagramLayout(lane, options: layoutOptions, progress: progress) }
            timings.mark("layout")
            progress.status("assembling the pages")
            let base = OutputDirectory.withoutTrailingSlashes(output)
            for (scenario, plan) in zip(loaded, plans) {
                let run = plan.run
                let files: [OutputFile]
                let folder = folders.unique(for: scenario.file)
                // README.md names the scenario from where it is, whoever renders it from wherever (a trial's teammates' READMEs
                // differed by the path each typed).
                var scenarioRenderer = renderer
                scenarioRenderer.options.sourceShown = Self.sourceShown(scenario.file, from: "\(base.isEmpty ? "/" : base)/\(folder)")
                do {
                    files = try scenarioRenderer.render(plan, layOut: layout.svg)
                } catch {
                    progress.finish()
                    throw CommandFailure(message: "\(scenario.file): cannot render: \(error.description)", code: CommandFailure.failed)
                }
                Self.warnAboutLongMermaid(files, file: scenario.file, expandAll: options.expandAll)
                outputs.append((folder, files))
                entries.append((folder, scenario.name, run.steps.count - 1, run.failures.count, scenario.file))
            }
            progress.status("writing the files")
            // Cleared before anything else is said, an error too.
            defer { progress.finish() }
            timings.mark("assemble")
            defer { timings.mark("write") }
            let limits = [step.map { "--step \($0)" }, only.map { "--only \($0)" }].compactMap { $0 }
            let partial = limits.isEmpty ? nil : limits.joined(separator: " ")
            if single, let only = outputs.first {
                let target = "\(base)/\(only.folder)"
                try OutputDirectory.write(only.files, to: target, partial: partial, root: output)
                progress.finish()
                // OUT's index.html, a render of several scenarios, lists those only (a trial read its old list as this render's);
                // its row for this folder says what was rendered there then (another scenario of the same name, other steps).
                if let top = OutputDirectory.Manifest(in: URL(fileURLWithPath: base.isEmpty ? "/" : base)), top.files["index.html"] != nil,
                    let index = try? String(contentsOfFile: "\(base.isEmpty ? "/" : base)/index.html", encoding: .utf8)
                {
                    let shown = Terminal.inline(base)
                    let folder = Terminal.inline(only.folder)
                    // The row as a render of several would write it now, without the file name it adds to names shared.
                    func row(_ line: Substring) -> String {
                        guard let small = line.firstRange(of: " <small>("), let end = line[small.upperBound...].firstRange(of: ")</small>")
                        else { return String(line) }
                        return String(line[..<small.lowerBound] + line[end.upperBound...])
                    }
                    let fresh = DocsWriter.index([entries[0]]).split(separator: "\n").first { $0.hasPrefix("<li>") }.map(row) ?? ""
                    let link = fresh.firstRange(of: "\">").map { String(fresh[..<$0.upperBound]) } ?? fresh
                    let listed = index.split(separator: "\n").filter { $0.hasPrefix(link) }
                    if listed.isEmpty {
                        printError(
                            "note: \(shown)/index.html lists the scenarios rendered together into \(shown)/ before, not this one: render "
                                + "them together to list it there (a render of several into \(shown)/ replaces \(shown)/\(folder)/)")
                    } else if !listed.contains(where: { row($0) == fresh }) {
                        printError(
                            "note: \(shown)/index.html lists what an earlier render of several put in \(shown)/\(folder)/, not this "
                                + "render: render the scenarios together to bring it up to date")
                    }
                }
                say("Rendered \(Terminal.inline(entries[0].scenario)): \(only.files.count) files in \(Terminal.inline(target))/")
                say("Open \(target)/index.html")
            } else {
                var all: [OutputFile] = []
                for (folder, files) in outputs {
                    all += files.map { OutputFile(path: "\(folder)/\($0.path)", parts: $0.parts) }
                }
                all.append(OutputFile(path: "index.html", contents: DocsWriter.index(entries)))
                try OutputDirectory.write(
                    all, to: output, partial: partial, scenarioFolders: Set(outputs.map(\.folder)), followsLink: true)
                progress.finish()
                say("Rendered \(outputs.count) scenario\(outputs.count == 1 ? "" : "s"), \(all.count) files in \(base)/")
                say("Open \(base)/index.html")
            }
            // Each failed expectation by file and step, as `navviz run` says it (a trial: a folder of scenarios said only
            // "8 expectations failed", and the user ran every file again to find which).
            let failed = plans.flatMap(\.run.failures)
            if !failed.isEmpty {
                throw CommandFailure(
                    message: failureLines(failed).joined(separator: "\n")
                        + "\n\(failed.count) expectation\(failed.count == 1 ? "" : "s") failed (the output is written; README.md and "
                        + "index.html mark each)",
                    code: CommandFailure.failed)
            }
        }
    }
}

/// Failed expectations as a command lists them (`render`'s error, `check`'s warning): the first 20, each on one line,
/// then how many more.
func failureLines(_ failures: [String]) -> [String] {
    let shown = failures.prefix(20).map(Terminal.inline)
    return shown + (failures.count > shown.count ? ["… and \(failures.count - shown.count) more"] : [])
}

/// A folder name from a scenario file name: letters, digits, `-`, `_` and `.` only.
func slug(_ file: String) -> String {
    let base = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    let cleaned = String(base.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" }).trimmingCharacters(
        in: CharacterSet(charactersIn: "."))
    return cleaned.isEmpty ? "scenario" : cleaned
}

/// How commands that draw SVG lay it out: `--jobs` and `--no-cache`.
struct LayoutOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: "Lay out this many diagrams at once, 1 to 64: in this process and N-1 worker processes (default: the number of cores).")
    var jobs: Int?

    @Flag(help: "Neither read nor write the SVG cache ($XDG_CACHE_HOME/navviz, else ~/.cache/navviz).")
    var noCache = false

    func validate() throws {
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must be from 1 to 64") }
    }
}

/// Where a command's time went, printed to standard error when `NAVVIZ_TIMINGS` is set (`make bench` and profiling):
/// `timings: load 3 ms, run 41 ms, …, total 702 ms`.
struct Timings {
    private let enabled = ProcessInfo.processInfo.environment["NAVVIZ_TIMINGS"] != nil
    private var last = DispatchTime.now().uptimeNanoseconds
    private let start = DispatchTime.now().uptimeNanoseconds
    private var phases: [(String, UInt64)] = []

    /// The time since the mark before, as `phase`.
    mutating func mark(_ phase: String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        phases.append((phase, now - last))
        last = now
    }

    func report() {
        guard enabled else { return }
        let total = DispatchTime.now().uptimeNanoseconds - start
        printError("timings: " + (phases + [("total", total)]).map { "\($0.0) \($0.1 / 1_000_000) ms" }.joined(separator: ", "))
    }
}
