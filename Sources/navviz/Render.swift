import ArgumentParser
import Foundation
import NavVizCore
import NavVizRender
import NavVizScenario

extension NavVizCommand {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw every state and transition of scenarios as SVG, with a README.md and an index.html viewer.",
            discussion: """
                Writes OUT/<scenario>/states/NNN-<op>.svg, transitions/NNN-<op>.svg (a .dot beside each), flow.svg, \
                run.json, README.md and index.html; several scenarios get one folder each and a top-level index.html. \
                Output replaces the old folder only when complete. All scenarios are validated before anything is written.
                """
        )

        @Argument(help: "Scenario files, directories of *.json scenario files, or captures (_printHierarchy dumps, canonical snapshots).")
        var scenarios: [String]

        @OptionGroup var kinds: KindOptions

        @Option(name: .shortAndLong, help: "The output directory.")
        var output = "navviz-out"

        @Option(help: "Render only this step (its state and transition).")
        var step: Int?

        @Option(help: "Render only one family: states, transitions or flow.")
        var only: String?

        @Option(help: "The view finder: navviz, ariadne, splitMain or splitDetail (default: the scenario's).")
        var finder: String?

        @Flag(help: "Add a legend to every state diagram.")
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

        @Flag(help: "Lay out with Graphviz's built-in text metrics instead of the installed fonts: the same SVG on every machine.")
        var portableMetrics = false

        func validate() throws {
            if scenarios.isEmpty { throw ValidationError("Name at least one scenario file or directory.") }
            if output.isEmpty { throw ValidationError("the output directory must not be empty") }
            if let only, RenderOptions.Section(rawValue: only) == nil {
                throw ValidationError("Unknown --only '\(only)'. Use states, transitions or flow")
            }
            if !["svg", "dot", "mermaid"].contains(format) {
                throw ValidationError("Unknown --format '\(format)'. Use svg, dot or mermaid")
            }
            if let markdownImages, !["svg", "mermaid"].contains(markdownImages) {
                throw ValidationError("Unknown --markdown-images '\(markdownImages)'. Use svg or mermaid")
            }
            if markdownImages == "svg", format != "svg" {
                throw ValidationError("--markdown-images svg needs --format svg: only it writes SVG files")
            }
            if let finder, ViewFinderStrategy(name: finder) == nil {
                throw ValidationError(
                    "Unknown finder '\(finder)'. Use one of: \(ViewFinderStrategy.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if let step, step < 0 { throw ValidationError("--step must be 0 or more") }
        }

        func run() throws {
            // Validate everything first: an invalid file means nothing is written.
            let loaded = try loadScenarios(scenarios, kinds: kinds.kinds)
            var options = RenderOptions()
            options.step = step
            options.includeLegend = legend
            options.dotOnly = format != "svg"
            options.markdownMermaid = (markdownImages ?? (format == "mermaid" ? "mermaid" : "svg")) == "mermaid"
            options.mermaid = options.markdownMermaid || format == "mermaid"
            options.textMetrics = portableMetrics ? .portable : .fonts
            if let only, let section = RenderOptions.Section(rawValue: only) { options.sections = [section] }
            let renderer = ScenarioRenderer(options: options)
            let progress = ProgressLine()
            let single = loaded.count == 1 && !isDirectory(scenarios[0])
            var entries: [(folder: String, scenario: String, steps: Int, failures: Int)] = []
            var outputs: [(folder: String, files: [OutputFile])] = []
            // Several scenarios share OUT with the top-level index.html, so no folder may take its name.
            var folders = FolderNames(reserved: single ? [] : ["index.html"])
            for scenario in loaded {
                let run = ScenarioRunner.run(scenario, finder: finder.flatMap(ViewFinderStrategy.init(name:)))
                if let step, !run.steps.indices.contains(step) {
                    throw ValidationError("--step \(step) is out of range: \(scenario.file) has steps 0 to \(run.steps.count - 1)")
                }
                let files: [OutputFile]
                do {
                    files = try renderer.render(run) { progress.update($0, $1, "\(slug(scenario.file)): \($2)") }
                } catch {
                    progress.finish()
                    throw CommandFailure(message: "\(scenario.file): cannot render: \(error.description)", code: CommandFailure.failed)
                }
                let folder = folders.unique(for: scenario.file)
                outputs.append((folder, files))
                entries.append((folder, scenario.name, run.steps.count - 1, run.failures.count))
            }
            progress.finish()
            if single, let only = outputs.first {
                let target = "\(output)/\(only.folder)"
                try OutputDirectory.write(only.files, to: target)
                print("Rendered \(entries[0].scenario): \(only.files.count) files in \(target)/")
                print("Open \(target)/index.html")
            } else {
                var all: [OutputFile] = []
                for (folder, files) in outputs {
                    all += files.map { OutputFile(path: "\(folder)/\($0.path)", contents: $0.contents) }
                }
                all.append(OutputFile(path: "index.html", contents: DocsWriter.index(entries)))
                try OutputDirectory.write(all, to: output)
                print("Rendered \(outputs.count) scenario\(outputs.count == 1 ? "" : "s"), \(all.count) files in \(output)/")
                print("Open \(output)/index.html")
            }
            let failures = entries.reduce(0) { $0 + $1.failures }
            if failures > 0 {
                throw CommandFailure(
                    message: "\(failures) expectation\(failures == 1 ? "" : "s") failed (run 'navviz run' for details)",
                    code: CommandFailure.failed)
            }
        }

        func isDirectory(_ path: String) -> Bool {
            var flag: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
        }
    }
}

/// A folder name from a scenario file name: letters, digits, `-`, `_` and `.` only.
func slug(_ file: String) -> String {
    let base = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    let cleaned = String(base.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" }).trimmingCharacters(
        in: CharacterSet(charactersIn: "."))
    return cleaned.isEmpty ? "scenario" : cleaned
}
