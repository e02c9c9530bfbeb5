import NavVizCore
import NavVizReview
import NavVizScenario

/// What the fuzzers check, one input at a time, in process: every reader of an input format either refuses
/// the input with an error or accepts it, and then everything navviz writes from it reads back the same
/// and holds no non-finite number. `check` returns the broken property, nil when all hold; the libFuzzer
/// driver (`make fuzz`) crashes on it, the tests replay the seed corpus through it.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The JSON parser: pretty and compact output parse back to the same value.
    case json
    /// The scenario decoder, encoder and runner: the scenario written again reads back as itself; the run
    /// JSON parses, has only finite numbers and reads back as a run.
    case scenario
    /// The canonical snapshot reader: what it writes reads back to the same hierarchy.
    case snapshot
    /// The `_printHierarchy` parser: its hierarchy round-trips as a snapshot, and as an imported scenario.
    case capture

    /// The broken property for `bytes`, or nil.
    public func check(_ bytes: [UInt8]) -> String? {
        // Every reader takes text; navviz refuses files that are not UTF-8 before any of them runs.
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        switch self {
        case .json: return Self.json(bytes)
        case .scenario: return Self.scenario(text)
        case .snapshot: return Self.snapshot(text)
        case .capture: return Self.capture(text)
        }
    }

    static func json(_ bytes: [UInt8]) -> String? {
        guard let value = try? JSONParser.parse(bytes: bytes) else { return nil }
        if let path = nonFinite(value) { return "the parser produced a non-finite number at \(path)" }
        for (style, text) in [("pretty", JSONWriter.pretty(value)), ("compact", JSONWriter.compact(value))] {
            guard let again = try? JSONParser.parse(text) else { return "the \(style) output does not parse: \(text.prefix(200))" }
            if again != value { return "the \(style) output parses to a different value" }
        }
        return nil
    }

    static func scenario(_ text: String) -> String? {
        guard let scenario = try? ScenarioLoader.decode(text, file: "fuzz.json") else { return nil }
        if let problem = rewritten(scenario) { return problem }
        let run = ScenarioRunner.run(scenario)
        let value = RunEncoder.encode(run)
        if let path = nonFinite(value) { return "the run JSON holds a non-finite number at \(path)" }
        let written = RunEncoder.text(run)
        guard (try? JSONParser.parse(written)) != nil else { return "the run JSON does not parse" }
        do {
            let read = try DiffRun.load(text: written, file: "run.json")
            if read.steps.count != run.steps.count { return "the run JSON reads back with \(read.steps.count) of \(run.steps.count) steps" }
            for (step, again) in zip(run.steps, read.steps) where Snapshot.encode(step.hierarchy) != Snapshot.encode(again.hierarchy) {
                return "step \(step.index)'s hierarchy reads back differently from the run JSON"
            }
        } catch {
            return "the run JSON does not read back: \(error.description)"
        }
        return nil
    }

    /// The scenario written by `ScenarioEncoder` reads back as the same scenario (compared as written, and
    /// as a value when no captured hierarchy is in it).
    static func rewritten(_ scenario: Scenario) -> String? {
        let written = ScenarioEncoder.encode(scenario)
        let again: Scenario
        do {
            again = try ScenarioDecoder.decode(JSONWriter.pretty(written), file: scenario.file)
        } catch {
            return "the encoded scenario does not read back: \(error.description)"
        }
        if ScenarioEncoder.encode(again) != written { return "the encoded scenario reads back as a different scenario" }
        let hasSnapshots =
            scenario.initialHierarchy != nil || scenario.steps.contains { if case .snapshot = $0.action { true } else { false } }
        if !hasSnapshots, again != scenario { return "the encoded scenario reads back with different values" }
        return nil
    }

    static func snapshot(_ text: String) -> String? {
        guard let value = try? JSONParser.parse(text), let hierarchy = try? Snapshot.decode(value, file: "fuzz.json") else {
            return nil
        }
        return roundTrip(hierarchy)
    }

    static func capture(_ text: String) -> String? {
        guard let capture = try? Capture.read(text, file: "fuzz.txt") else { return nil }
        if let problem = roundTrip(capture.hierarchy) { return problem }
        let scenario = JSONWriter.pretty(Capture.scenarioJSON([(file: "fuzz.txt", capture: capture)], name: "fuzz"))
        do {
            let decoded = try ScenarioLoader.decode(scenario, file: "imported.json")
            let run = ScenarioRunner.run(decoded)
            if run.steps.first.map({ Snapshot.encode($0.hierarchy) }) != Snapshot.encode(capture.hierarchy) {
                return "the imported scenario starts from a different hierarchy"
            }
        } catch {
            return "the imported scenario does not read back: \(error.description)"
        }
        return nil
    }

    /// Snapshot written, read back, written again: the same text.
    static func roundTrip(_ hierarchy: Hierarchy) -> String? {
        let value = Snapshot.encode(hierarchy)
        if let path = nonFinite(value) { return "the snapshot holds a non-finite number at \(path)" }
        let text = JSONWriter.pretty(value)
        do {
            let again = try Snapshot.decode(try ScenarioDecoder.parseDocument(text, file: "snapshot.json"), file: "snapshot.json")
            if JSONWriter.pretty(Snapshot.encode(again)) != text { return "the snapshot reads back to a different hierarchy" }
        } catch {
            return "the snapshot does not read back: \(error.description)"
        }
        return nil
    }

    /// The path of the first non-finite number in `value`, or nil.
    static func nonFinite(_ value: JSONValue, at path: String = "$") -> String? {
        switch value {
        case .number(let number): return number.isFinite ? nil : path
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = nonFinite(item, at: "\(path)[\(index)]") { return found }
            }
            return nil
        case .object(let members):
            for (key, member) in members {
                if let found = nonFinite(member, at: "\(path).\(key)") { return found }
            }
            return nil
        default: return nil
        }
    }
}
