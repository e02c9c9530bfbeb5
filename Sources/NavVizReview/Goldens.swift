import NavVizCore
import NavVizRender
import NavVizScenario

/// The golden files `navviz check` keeps for a scenario: text that is the same on every machine.
///
/// - `states/NNN-op.dot` and `transitions/NNN-op.dot`: the canonical DOT of every state and
///   transition, named as `ScenarioRenderer` names them;
/// - `summary.txt`: one line per step (`2 push ok shopTabs > shopNav > Product`);
/// - `run.json`: the run JSON without timings and appearance events (they are in the transition
///   DOT): what `navviz diff` reads to explain a drift, and what the diff diagrams are drawn from.
public enum Goldens {
    /// The summary file's name.
    public static let summaryFile = "summary.txt"
    /// The run file's name.
    public static let runFile = "run.json"

    /// Every golden file of a run, sorted by path; `expandAll` records the full diagrams.
    public static func files(for run: Run, expandAll: Bool = false) -> [OutputFile] {
        var options = RenderOptions()
        options.expandAll = expandAll
        options.dotOnly = true
        options.sections = [.states, .transitions]
        // DOT only: nothing reaches Graphviz, so nothing can fail.
        let rendered = (try? ScenarioRenderer(options: options).render(run)) ?? []
        var files = rendered.filter { $0.path.hasSuffix(".dot") }
        files.append(OutputFile(path: summaryFile, contents: summary(run)))
        files.append(OutputFile(path: runFile, contents: runJSON(run)))
        return files.sorted { $0.path < $1.path }
    }

    /// One line per step: index, operation, status, and the path from the window to the visible
    /// controller (`-` when nothing is visible).
    public static func summary(_ run: Run) -> String {
        run.steps.map { step in
            let path = step.finder.path.isEmpty ? "-" : step.finder.path.map(\.rawValue).joined(separator: " > ")
            return "\(step.index) \(step.op) \(step.status.rawValue) \(path)\n"
        }.joined()
    }

    /// The fields of the run JSON that describe states, not timing: what changes only where a step changes.
    static let runFields: Set<String> = ["index", "op", "status", "message", "visible", "path", "onScreen", "hierarchy"]

    /// The run JSON reduced to `runFields`, in the run JSON's key order.
    public static func runJSON(_ run: Run) -> String {
        let steps: [JSONValue] = run.steps.map { step in
            .object((RunEncoder.encode(step).objectMembers ?? []).filter { runFields.contains($0.0) })
        }
        return JSONWriter.pretty(.object([("navviz", .number(1)), ("scenario", .string(run.scenario)), ("steps", .array(steps))]))
    }

    /// Whether a path (relative to a scenario's golden folder) names a golden file: `summary.txt`, `run.json`, or
    /// a step's `NNN-op.dot` (`ScenarioRenderer.stem`) in `states/` or `transitions/`. Any other `.dot` there is the
    /// user's (`--record` removed a `reference.dot` as a golden no longer produced).
    public static func isGoldenPath(_ path: String) -> Bool {
        if path == summaryFile || path == runFile { return true }
        let parts = path.split(separator: "/")
        guard parts.count == 2, ["states", "transitions"].contains(parts[0]), parts[1].hasSuffix(".dot") else { return false }
        let stem = parts[1].dropLast(4)
        guard let dash = stem.firstIndex(of: "-") else { return false }
        let number = stem[..<dash].unicodeScalars
        let op = stem[stem.index(after: dash)...].unicodeScalars
        return number.count >= 3 && number.allSatisfy { ("0"..."9").contains($0) } && !op.isEmpty
            && op.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// How one golden file differs from what the scenario produces now.
    public struct Drift: Sendable, Equatable {
        /// What happened to the file.
        public enum Kind: String, Sendable, Equatable {
            /// Both exist and differ.
            case changed
            /// The scenario produces it; there is no golden for it.
            case new
            /// There is a golden; the scenario no longer produces it.
            case gone
            /// The same text as the golden of the step it aligns with, under another name (a step was
            /// inserted or removed before it, so its number changed).
            case renumbered
        }
        /// The path relative to the scenario's golden folder (the new one when renumbered).
        public var path: String
        /// What happened.
        public var kind: Kind
        /// The golden text (nil when new).
        public var expected: String?
        /// The text produced now (nil when gone).
        public var actual: String?
        /// The golden's path when it differs from `path`: the diagram of the aligned step, under its old name.
        public var goldenPath: String?

        /// A drift of the file at `path` (and `goldenPath`, when the golden had another name).
        public init(path: String, kind: Kind, expected: String?, actual: String?, goldenPath: String? = nil) {
            self.path = path
            self.kind = kind
            self.expected = expected
            self.actual = actual
            self.goldenPath = goldenPath
        }
    }

    /// The step number a diagram's file name starts with (`states/004-push.dot` → 4).
    static func stepNumber(_ path: String) -> Int? {
        path.split(separator: "/").last.flatMap { Int($0.prefix { $0.isNumber }) }
    }

    /// A transition's DOT with its caption's step number `from` replaced by `to` (`<B>Step 2 · push` becomes
    /// `<B>Step 3 · push`).
    static func renumbered(_ dot: String, from: Int, to: Int) -> String {
        guard let range = dot.range(of: "<B>Step \(from) · ") else { return dot }
        return dot.replacingCharacters(in: range, with: "<B>Step \(to) · ")
    }

    /// `compare`, with the diagrams paired by aligned step rather than by name: after an inserted or removed
    /// step, golden step `i` is compared with the step `j` it aligns with (`pairs`, golden index and actual
    /// index, in order), so a renumbered diagram is one drift (`renumbered`, or `changed` with its
    /// `goldenPath`) rather than a golden gone and a new file, and a changed one is diffed against its
    /// counterpart. Diagrams of inserted steps are new, of removed steps gone; other files pair by name.
    public static func compare(expected: [String: String], actual: [OutputFile], pairs: [(golden: Int?, actual: Int?)]) -> [Drift] {
        func diagrams(_ paths: [String]) -> [String: [Int: String]] {
            var byFolder: [String: [Int: String]] = [:]
            for path in paths where path.hasSuffix(".dot") {
                let parts = path.split(separator: "/")
                guard parts.count == 2, let index = stepNumber(path) else { continue }
                byFolder[String(parts[0]), default: [:]][index] = path
            }
            return byFolder
        }
        let golden = diagrams(Array(expected.keys))
        let produced = diagrams(actual.map(\.path))
        var texts: [String: String] = [:]
        for file in actual { texts[file.path] = file.contents }
        var drifts: [Drift] = []
        var paired: Set<String> = []
        for pair in pairs {
            for folder in ["states", "transitions"] {
                let old = pair.golden.flatMap { golden[folder]?[$0] }
                let new = pair.actual.flatMap { produced[folder]?[$0] }
                if let old { paired.insert("golden:" + old) }
                if let new { paired.insert("actual:" + new) }
                switch (old, new) {
                case (let old?, let new?):
                    let (a, b) = (expected[old]!, texts[new]!)
                    if a == b && old == new { continue }
                    // A transition's caption names its step: renumbered, only the number differs.
                    var same = a == b
                    if !same, folder == "transitions", let i = pair.golden, let j = pair.actual, i != j {
                        same = Self.renumbered(a, from: i, to: j) == b
                    }
                    drifts.append(
                        Drift(path: new, kind: same ? .renumbered : .changed, expected: a, actual: b, goldenPath: old == new ? nil : old))
                case (let old?, nil): drifts.append(Drift(path: old, kind: .gone, expected: expected[old], actual: nil))
                case (nil, let new?): drifts.append(Drift(path: new, kind: .new, expected: nil, actual: texts[new]))
                case (nil, nil): continue
                }
            }
        }
        let rest = compare(
            expected: expected.filter { !paired.contains("golden:" + $0.key) },
            actual: actual.filter { !paired.contains("actual:" + $0.path) })
        func rank(_ path: String) -> Int { path == summaryFile ? 0 : path == runFile ? 2 : 1 }
        return (drifts + rest).sorted { (rank($0.path), $0.path) < (rank($1.path), $1.path) }
    }

    /// The files that differ, byte for byte: the summary first, then the DOT files, then the run JSON.
    public static func compare(expected: [String: String], actual: [OutputFile]) -> [Drift] {
        var drifts: [Drift] = []
        var produced: [String: String] = [:]
        for file in actual { produced[file.path] = file.contents }
        for path in Set(expected.keys).union(produced.keys) {
            switch (expected[path], produced[path]) {
            case (let old?, let new?) where old != new: drifts.append(Drift(path: path, kind: .changed, expected: old, actual: new))
            case (nil, let new?): drifts.append(Drift(path: path, kind: .new, expected: nil, actual: new))
            case (let old?, nil): drifts.append(Drift(path: path, kind: .gone, expected: old, actual: nil))
            default: break
            }
        }
        func rank(_ path: String) -> Int { path == summaryFile ? 0 : path == runFile ? 2 : 1 }
        return drifts.sorted { (rank($0.path), $0.path) < (rank($1.path), $1.path) }
    }
}
