import Foundation
import NavVizCore
import NavVizFormat
import NavVizScenario
import NavVizTestSupport
import Testing

/// The run JSON is written by `RunEncoder` and read back by `RunDecoder`, the one reader of it (diffs,
/// goldens, the client): what is written reads back as the same run.
@Suite struct RunJSONTests {
    static let samples =
        ((try? FileManager.default.contentsOfDirectory(atPath: NavVizTestSupport.packageRoot.appendingPathComponent("Samples").path)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted()

    @Test(arguments: samples)
    func everySampleRunReadsBackAsTheSameRun(name: String) throws {
        let path = NavVizTestSupport.packageRoot.appendingPathComponent("Samples/\(name)").path
        let run = ScenarioRunner.run(try ScenarioLoader.load(path))
        let text = RunEncoder.text(run)
        let read = try RunDecoder.decode(try JSONParser.parse(text), file: "run.json")
        #expect(RunEncoder.text(read) == text)
        #expect(read.steps.map(\.finder) == run.steps.map(\.finder))
        #expect(read.steps.map { Snapshot.encode($0.hierarchy) } == run.steps.map { Snapshot.encode($0.hierarchy) })
        #expect(read.steps.map(\.outcome.events) == run.steps.map(\.outcome.events))
        for step in run.steps.dropFirst() {
            let one = try RunDecoder.decodeStep(RunEncoder.encode(step), file: "response")
            #expect(RunEncoder.encode(one) == RunEncoder.encode(step))
        }
    }

    @Test(arguments: [
        (
            #"{"navviz": 1, "steps": [{"op": "initial", "hierarchy": null, "events": [{"controller": "A", "callback": "viewWillApear"}]}]}"#,
            "run.json: steps[0].events[0].callback: invalid value 'viewWillApear', expected one of 'viewWillAppear', 'viewDidAppear', 'viewWillDisappear', 'viewDidDisappear'. Did you mean 'viewWillAppear'?"
        ),
        (
            #"{"navviz": 1, "steps": [{"op": "initial", "hierarchy": null, "duration": -1}]}"#,
            "run.json: steps[0].duration: invalid value '-1', expected a number of at least 0"
        ),
        (#"{"navviz": 1, "steps": [{"op": "initial"}]}"#, "run.json: steps[0]: missing field 'hierarchy'"),
        (#"{"navviz": 1, "steps": []}"#, "run.json: steps: invalid value '[]', expected at least the initial state"),
        (
            #"{"navviz": 1, "steps": [{"hierarchy": null, "animation": {"kind": 3}}]}"#,
            "run.json: steps[0].animation.kind: expected a string, found a number"
        ),
        (#"{"navviz": 2, "steps": []}"#, "run.json: navviz: unsupported format version '2'. This navviz reads version 1"),
        (#"{"steps": []}"#, "run.json: (top level): missing field 'navviz': expected \"navviz\": 1"),
        (
            #"{"navviz": 1, "bogus": 1, "steps": [{"hierarchy": null, "bogus": 2}]}"#,
            "run.json: bogus: unknown field 'bogus': expected one of 'navviz', 'scenario', 'steps'\n"
                + "run.json: steps[0].bogus: unknown field 'bogus': expected one of 'index', 'op', 'route', 'status', 'message', 'note', "
                + "'visible', 'path', 'onScreen', 'time', 'duration', 'animation', 'update', 'cancelled', 'events', 'hooks', 'warnings', "
                + "'failures', 'hierarchy'"
        ),
    ])
    func aBadRunJSONSaysWhereAndWhat(text: String, message: String) throws {
        #expect(throws: ScenarioErrors.self) { try RunDecoder.decode(try JSONParser.parse(text), file: "run.json") }
        do {
            _ = try RunDecoder.decode(try JSONParser.parse(text), file: "run.json")
        } catch let error as ScenarioErrors {
            #expect(error.description == message)
        }
    }
}
