import ArgumentParser
import NavVizCore
import NavVizScenario

extension NavVizCommand {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Run a scenario and print each step: status, visible controller and appearance callbacks.",
            discussion: """
                Exits 0 when every step's `expect` holds, 1 when one does not (or, with --strict, when a step \
                is not ok and its `expect.status` does not say so), 64 on bad usage, 65 when the scenario file is invalid.
                """
        )

        @Argument(help: "The scenario file (JSON), or a capture: a _printHierarchy dump or a canonical snapshot; - reads standard input.")
        var scenario: String

        @OptionGroup var kinds: KindOptions

        @Flag(help: "Print the run JSON (with the canonical hierarchy after each step) instead of a table.")
        var json = false

        @Flag(help: "Fail (exit 1) when any step ends noop, rejected or dropped, unless its expect.status says so.")
        var strict = false

        @Option(help: "The view finder: navviz, ariadne, splitMain or splitDetail (default: the scenario's).")
        var finder: String?

        func validate() throws {
            try checkFinder(finder)
        }

        func run() throws {
            let scenario = try loadScenario(self.scenario, kinds: kinds.kinds)
            let run = ScenarioRunner.run(scenario, finder: finder.flatMap(ViewFinderStrategy.init(name:)))
            var strictProblems: [String] = []
            if strict {
                // A step whose `expect.status` says this very status ended as the scenario says it must (a trial: every
                // sample that documents a refusal failed --strict).
                let expected = Dictionary(scenario.steps.map { ($0.path, $0.expect?.status) }, uniquingKeysWith: { first, _ in first })
                strictProblems = run.nonOKSteps.filter { expected[$0.path] ?? nil != $0.status }.map { step in
                    "\(run.file): \(step.path.isEmpty ? "root" : step.path): step \(step.index) (\(step.op)) ended \(step.status.rawValue)"
                        + (step.outcome.message.map { ": \($0)" } ?? "")
                }
            }
            print(
                json ? RunEncoder.text(run) : Terminal.printable(RunTable.render(run, strictFailures: strictProblems.count)),
                terminator: "")
            let problems = run.failures + strictProblems
            if !problems.isEmpty {
                // One line each: a failure quotes the step's message, which quotes what the file says (a review faked
                // "3 ok; all expectations hold" with a line feed in an activity key).
                throw CommandFailure(message: problems.map(Terminal.inline).joined(separator: "\n"), code: CommandFailure.failed)
            }
        }
    }

    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check scenario files without running them.",
            discussion:
                "Prints every error with the file and JSON path, and on stderr a warning for a literal navviz runs otherwise "
                + "than UIKit would (a three-column split's plain column, docs/semantics.md#S1; route builders are not read). "
                + "Exits 0 when all files are valid (warnings or not), 64 on bad usage, 65 when a file is invalid."
        )

        @Argument(help: "Scenario files or captures, or directories of *.json files and *.txt captures; - reads standard input.")
        var files: [String]

        func validate() throws {
            if files.isEmpty { throw ValidationError("Name at least one scenario file.") }
        }

        /// The warnings a scenario's literals earn wherever they are built (the root, then each step's, by path).
        static func literalWarnings(_ scenario: Scenario) -> [String] {
            var out =
                scenario.initialHierarchy == nil ? scenario.root.columnStyleWarnings(generators: true).map { "root: \($0)" } : []
            for (index, step) in scenario.steps.enumerated() {
                guard case .operation(let operation) = step.action else { continue }
                out += operation.literals.flatMap { $0.columnStyleWarnings(generators: true) }.map { "steps[\(index)]: \($0)" }
            }
            return out
        }

        func run() throws {
            var messages: [String] = []
            var valid = 0
            let paths = try scenarioPaths(files)
            for path in paths {
                do {
                    let scenario = try loadScenarioOrStandardInput(path, kinds: [:])
                    valid += 1
                    let name = path == "-" ? standardInputName : path
                    print(Terminal.inline("\(name): ok (\(scenario.steps.count) step\(scenario.steps.count == 1 ? "" : "s"))"))
                    // What reading it guessed or doubted (a capture's notes, a misspelt animation kind), as `run` says it.
                    printNotes(scenario.notes, file: scenario.file)
                    // What `run` warns of in the literals themselves (a trial: a CI job that only validates never saw it).
                    for warning in Self.literalWarnings(scenario) { printError(Terminal.inline("warning: \(name): \(warning)")) }
                } catch {
                    messages.append(error.description)
                }
            }
            if !messages.isEmpty {
                throw CommandFailure(
                    message: messages.joined(separator: "\n")
                        + "\n\(paths.count - valid) of \(paths.count) file\(paths.count == 1 ? "" : "s") invalid",
                    code: CommandFailure.invalidInput)
            }
        }
    }
}
