import Foundation
import NavVizCore
import Testing

@testable import NavVizFormat
@testable import NavVizScenario

private func withSteps(_ steps: String, root: String = #"{"navigation": ["Home"], "id": "nav"}"#) -> String {
    #"{"navviz": 1, "name": "t", "root": \#(root), "steps": [\#(steps)]}"#
}

/// The encoder is the decoder's inverse: what it writes decodes to the same scenario, and writing that
/// again gives the same text.
@Suite struct ScenarioEncoderTests {
    /// Decodes, encodes, and decodes again; returns both scenarios and the encoded text.
    private func roundTrip(_ text: String, file: String = "t.json") throws -> (Scenario, Scenario, String) {
        let first = try ScenarioDecoder.decode(text, file: file)
        let written = JSONWriter.pretty(ScenarioEncoder.encode(first))
        let second = try ScenarioDecoder.decode(written, file: file)
        #expect(JSONWriter.pretty(ScenarioEncoder.encode(second)) == written)
        return (first, second, written)
    }

    @Test func everySampleReadsBackAsTheSameScenario() throws {
        let samples = try PackagePaths.samples()
        #expect(samples.count >= 10)
        for url in samples {
            let (first, second, _) = try roundTrip(PackagePaths.text(url), file: url.lastPathComponent)
            #expect(first == second, "\(url.lastPathComponent)")
        }
    }

    /// Every operation with every field it has, in both spellings.
    static let everyOperation = [
        #"{"push": "A"}"#, #"{"op": "push", "node": {"navigation": ["B"], "id": "b"}}"#,
        #"{"pop": true}"#, #"{"op": "pop", "interactive": true, "cancelled": true}"#,
        #"{"popToRoot": true}"#, #"{"popTo": "Home"}"#, #"{"popToInstance": "X", "which": "last"}"#,
        #"{"setStack": ["A", {"screen": "B", "title": "b"}]}"#, #"{"replace": "C", "mode": "all"}"#, #"{"replace": "D", "keep": 1}"#,
        #"{"op": "replace", "node": "E"}"#, #"{"select": 1, "user": true}"#, #"{"op": "select", "tab": "nav"}"#,
        #"{"setTabs": ["A", "B"], "selected": 1}"#, #"{"show": "S"}"#, #"{"showDetail": "D"}"#,
        #"{"collapse": "nav"}"#, #"{"collapse": true}"#, #"{"expand": true}"#, #"{"showChild": "C"}"#,
        #"{"present": "A", "style": "formSheet", "animated": false, "after": 0.1, "target": "nav", "note": "n"}"#,
        #"{"present": {"navigation": ["P"], "presents": "Q", "style": "popover", "definesPresentationContext": true}}"#,
        #"{"dismiss": true, "interactive": true}"#, #"{"setRoot": "R"}"#,
        #"{"register": "a", "node": "X"}"#, #"{"activate": "a", "rule": "new"}"#, #"{"activate": "a"}"#, #"{"flushActivity": "a"}"#,
        #"{"flick": 2.5}"#, #"{"flick": true}"#, #"{"setViews": ["A"]}"#, #"{"pushView": "B"}"#, #"{"popView": true}"#,
        #"{"pushView": {"screen": "V", "children": []}}"#, #"{"setViews": [{"screen": "W", "children": [], "id": "w"}]}"#,
        #"{"updateView": "B"}"#, #"{"memoryWarning": true}"#, #"{"wait": 0.5}"#, #"{"navigate": "r", "context": {"id": [1, "x"]}}"#,
        #"{"snapshot": {"id": "Only", "kind": "controller", "screen": "Only"}}"#,
        #"{"op": "pop", "animation": {"kind": "springSlide", "direction": "right", "duration": 0.35, "damping": 0.8}}"#,
        #"{"op": "pop", "animation": "curlUp"}"#,
        #"{"push": "A", "expect": {"visible": "A", "status": "ok", "error": "x", "events": ["A.viewWillAppear", {"controller": "A", "callback": "viewDidAppear"}], "path": ["nav", "A"], "onScreen": ["A"]}}"#,
    ]

    @Test(arguments: everyOperation)
    func everyOperationReadsBackAsTheSameStep(step: String) throws {
        let text =
            #"{"navviz": 1, "name": "t", "root": {"navigation": ["Home"], "id": "nav"}, "routes": {"r": {"transition": "pop"}}, "steps": [\#(step)]}"#
        let (first, second, _) = try roundTrip(text)
        #expect(first.steps == second.steps)
    }

    @Test func theExamplesCoverEveryOperationInTheTable() throws {
        let names = try Self.everyOperation.map { step in
            let text =
                #"{"navviz": 1, "root": {"navigation": ["Home"], "id": "nav"}, "routes": {"r": {"transition": "pop"}}, "steps": [\#(step)]}"#
            return try ScenarioDecoder.decode(text, file: "t.json").steps[0].action.name
        }
        #expect(Set(names) == Set(OperationSpelling.names))
    }

    @Test(arguments: [
        (#"{"push": "A"}"#, #"{"op": "push", "node": "A"}"#),
        (#"{"pop": true}"#, #"{"op": "pop"}"#),
        (#"{"op": "pop", "interactive": true, "cancelled": false}"#, #"{"op": "pop", "interactive": true}"#),
        (#"{"replace": "D", "keep": 1}"#, #"{"op": "replace", "node": "D", "keep": 1}"#),
        (#"{"select": 1, "user": true}"#, #"{"op": "select", "tab": 1, "user": true}"#),
        (#"{"present": "A", "style": "automatic", "animated": true}"#, #"{"op": "present", "node": "A"}"#),
        (#"{"wait": 0.5, "note": "n"}"#, #"{"op": "wait", "seconds": 0.5, "note": "n"}"#),
        (#"{"push": {"screen": "A", "id": "a"}}"#, #"{"op": "push", "node": {"screen": "A", "id": "a"}}"#),
        (#"{"push": {"screen": "A"}}"#, #"{"op": "push", "node": "A"}"#),
        (
            #"{"push": {"screen": "A", "children": ["B"], "visible": 0}}"#,
            #"{"op": "push", "node": {"screen": "A", "children": ["B"], "visible": 0}}"#
        ),
        (#"{"pushView": {"screen": "V", "children": []}}"#, #"{"op": "pushView", "node": {"screen": "V", "children": []}}"#),
        (#"{"pushView": {"screen": "V"}}"#, #"{"op": "pushView", "node": "V"}"#),
        (
            #"{"setViews": ["A", {"screen": "B", "children": [], "id": "b"}]}"#,
            #"{"op": "setViews", "views": ["A", {"screen": "B", "children": [], "id": "b"}]}"#
        ),
        (
            #"{"push": {"stack": ["A", {"screen": "C", "children": []}]}}"#,
            #"{"op": "push", "node": {"stack": ["A", {"screen": "C", "children": []}]}}"#
        ),
        (
            #"{"push": {"split": {"secondary": "D", "primary": {"navigation": ["M"]}}, "collapsed": true}}"#,
            #"{"op": "push", "node": {"split": {"primary": {"navigation": ["M"]}, "secondary": "D"}, "collapsed": true}}"#
        ),
        (
            #"{"push": {"activities": {"b": "B", "a": "A"}, "active": "a", "wrapInNavigation": ["b", "a"]}}"#,
            #"{"op": "push", "node": {"activities": [{"key": "a", "node": "A"}, {"key": "b", "node": "B"}], "active": "a", "wrapInNavigation": ["a", "b"]}}"#
        ),
    ])
    func stepsAreWrittenInTheLongSpellingWithoutDefaults(step: String, written: String) throws {
        let scenario = try ScenarioDecoder.decode(withSteps(step), file: "t.json")
        #expect(JSONWriter.compact(ScenarioEncoder.step(scenario.steps[0])) == JSONWriter.compact(try JSONParser.parse(written)))
    }

    @Test func aSnapshotStepIsReadAndRunForTheScenariosDevice() throws {
        let text = #"""
            {"navviz": 1, "device": "pad", "screens": {"Home": {"title": "Start"}}, "root": "Home",
             "steps": [{"snapshot": {"id": "Home", "kind": "controller", "screen": "Home"}}]}
            """#
        let scenario = try ScenarioDecoder.decode(text, file: "t.json")
        guard case .snapshot(let hierarchy) = scenario.steps[0].action else {
            Issue.record("not a snapshot step")
            return
        }
        #expect(hierarchy.device == .pad)
        let run = ScenarioRunner.run(scenario)
        #expect(run.steps.map(\.hierarchy.device) == [.pad, .pad])
        #expect(run.steps[1].hierarchy.screens["Home"]?.title == "Start")
    }

    /// A session saved by the daemon starts from a snapshot root: its screens still name the classes of
    /// controllers pushed later, as they did in the session.
    @Test func aSnapshotRootKeepsTheScreensForLaterControllers() throws {
        let screens = #""screens": {"Product": {"class": "ProductViewController", "title": "Product detail"}}"#
        let snapshotRoot =
            #"{"id": "nav", "kind": "navigation", "children": [{"id": "Home", "kind": "controller", "screen": "Home", "children": []}]}"#
        let literal = try ScenarioDecoder.decode(
            #"{"navviz": 1, \#(screens), "root": {"navigation": ["Home"], "id": "nav"}, "steps": [{"push": "Product"}]}"#, file: "a.json")
        let captured = try ScenarioDecoder.decode(
            #"{"navviz": 1, \#(screens), "root": \#(snapshotRoot), "steps": [{"push": "Product"}]}"#, file: "b.json")
        let pushed = ScenarioRunner.run(captured).steps[1].hierarchy["Product"]
        #expect(pushed.className == "ProductViewController")
        #expect(pushed.title == "Product detail")
        #expect(
            ScenarioRunner.run(literal).steps.map { Snapshot.encode($0.hierarchy) }
                == ScenarioRunner.run(captured).steps.map { Snapshot.encode($0.hierarchy) })
    }

    @Test func theHeaderLeavesDefaultsOut() throws {
        let text = #"""
            {"navviz": 1, "name": "n", "description": "d", "device": "pad", "finder": "ariadne-splitDetail", "quirks": true,
             "screens": {"B": {"title": "b"}, "A": {"class": "AVC"}},
             "routes": {"up": {"transition": "root", "build": "R"}, "in": {"build": "S", "transition": "replace", "keep": 1, "chain": "up", "update": true, "animated": false}},
             "root": "A"}
            """#
        let scenario = try ScenarioDecoder.decode(text, file: "t.json")
        #expect(
            JSONWriter.compact(ScenarioEncoder.encode(scenario))
                == #"{"navviz":1,"name":"n","description":"d","device":"pad","finder":"splitDetail","quirks":true,"#
                + #""screens":{"A":{"class":"AVC"},"B":{"title":"b"}},"#
                + #""routes":{"in":{"build":"S","transition":"replace","keep":1,"chain":"up","update":true,"animated":false},"#
                + #""up":{"build":"R","transition":"root"}},"root":"A"}"#)
        let minimal = try ScenarioDecoder.decode(#"{"navviz": 1, "root": "A"}"#, file: "dir/min.json")
        #expect(JSONWriter.compact(ScenarioEncoder.encode(minimal)) == #"{"navviz":1,"name":"min","root":"A"}"#)
    }
}
