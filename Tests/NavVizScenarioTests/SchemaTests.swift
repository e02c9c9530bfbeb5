import Foundation
import NavVizCore
import Testing

@testable import NavVizFormat
@testable import NavVizScenario

private func loadSchema(_ name: String) throws -> MiniSchemaValidator {
    let url = PackagePaths.root.appendingPathComponent("Schema/\(name).schema.json")
    return MiniSchemaValidator(schema: try JSONParser.parse(PackagePaths.text(url)))
}

private let scenarioSchema = Result { try loadSchema("navviz-scenario") }
private let snapshotSchema = Result { try loadSchema("navviz-snapshot") }

/// The schema's failures for a document, as text.
private func schemaFailures(_ text: String) throws -> [String] {
    try scenarioSchema.get().validate(JSONParser.parse(text)).map(\.description)
}

/// Whether the decoder accepts a document.
private func decoderAccepts(_ text: String) -> Bool {
    (try? ScenarioDecoder.decode(text, file: "case.json")) != nil
}

private func withSteps(_ steps: String) -> String {
    #"{"navviz": 1, "root": {"navigation": ["Home"], "id": "nav"}, "steps": [\#(steps)]}"#
}

private func withRoot(_ root: String) -> String {
    #"{"navviz": 1, "root": \#(root)}"#
}

@Suite struct SchemaTests {
    @Test(arguments: ["navviz-scenario", "navviz-snapshot"])
    func schemaDeclaresDraft2020AndUsesOnlyCheckedKeywords(name: String) throws {
        let validator = try loadSchema(name)
        #expect(validator.root["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
        #expect(validator.unsupportedKeywords() == [])
    }

    @Test func everySampleFollowsTheScenarioSchema() throws {
        let schema = try scenarioSchema.get()
        let samples = try PackagePaths.samples()
        #expect(!samples.isEmpty)
        for url in samples {
            let failures = schema.validate(try JSONParser.parse(PackagePaths.text(url)))
            #expect(failures.map(\.description) == [], "\(url.lastPathComponent)")
        }
    }

    @Test func everyHierarchyOfTheSampleRunsFollowsTheSnapshotSchema() throws {
        let schema = try snapshotSchema.get()
        for url in try PackagePaths.samples() {
            let run = ScenarioRunner.run(try ScenarioDecoder.decode(PackagePaths.text(url), file: url.lastPathComponent))
            for step in run.steps {
                #expect(
                    schema.validate(Snapshot.encode(step.hierarchy)).map(\.description) == [], "\(url.lastPathComponent) step \(step.index)"
                )
            }
        }
    }

    // MARK: - The schema can fail

    @Test(arguments: [
        (#"{"root": "Home"}"#, ["(top level): missing property 'navviz'"]),
        (#"{"navviz": 2, "root": "Home"}"#, ["navviz: expected 1, found 2"]),
        (#"{"navviz": 1}"#, ["(top level): missing property 'root'"]),
        (#"{"navviz": 1, "rooot": "Home", "root": "Home"}"#, ["rooot: unknown property 'rooot'"]),
        (#"{"navviz": 1, "root": "Home", "device": "tablet"}"#, [#"device: "tablet" is not one of "phone", "pad""#]),
        (#"{"navviz": 1, "root": "Home", "steps": {}}"#, ["steps: expected array, found an object"]),
        (#"{"navviz": 1, "root": "Home", "screens": {"Home": {"klass": "H"}}}"#, ["screens.Home.klass: unknown property 'klass'"]),
        (#"{"navviz": 1, "root": "Home", "routes": {"r": {"transition": "present"}}}"#, ["routes.r: missing property 'build'"]),
        ("[]", ["(top level): expected object, found an array"]),
    ])
    func brokenScenariosFailTheSchema(text: String, expected: [String]) throws {
        #expect(try schemaFailures(text) == expected)
        #expect(!decoderAccepts(text))
    }

    @Test func aBrokenStepNamesTheClosestAlternative() throws {
        #expect(
            try schemaFailures(withSteps(#"{"op": "pop", "node": "A"}"#)) == [
                "steps[0]: matches none of the 58 alternatives; closest: steps[0].node: unknown property 'node'"
            ])
        #expect(
            try schemaFailures(withSteps(#"{"op": "present", "node": "A", "style": "sheet"}"#)).first?.hasPrefix(
                "steps[0]: matches none of the 58 alternatives; closest: steps[0].style: ") == true)
    }

    /// Documents the decoder accepts must pass the schema; documents it rejects for a reason the schema
    /// can express must fail it. (Cross-references — unknown ids and routes, index ranges — are
    /// beyond a schema.)
    @Test(arguments: [
        (withSteps(#"{"op": "push", "node": "A"}, {"push": {"navigation": ["B"], "id": "b"}}"#), true),
        (withSteps(#"{"pop": true}, {"pop": null}, {"pop": {}}, {"pop": true, "interactive": true, "cancelled": true}"#), true),
        (withSteps(#"{"collapse": "nav"}, {"collapse": true}, {"op": "collapse", "onto": "nav"}, {"expand": true}"#), true),
        (withSteps(#"{"flick": 2.5}, {"flick": true}, {"op": "flick"}, {"flick": true, "velocity": 1000}"#), true),
        // What the decoder refuses with why, the schema refuses too (an editor offered them).
        (withSteps(#"{"pop": true, "cancelled": true}"#), false),
        (withSteps(#"{"flick": 2.5, "velocity": 1000}"#), false),
        (withSteps(#"{"collapse": "nav", "onto": "nav"}"#), false),
        (withSteps(#"{"snapshot": null, "after": 1}"#), false),
        (withSteps(#"{"select": 1, "user": true}, {"op": "select", "tab": "nav"}"#), true),
        (withSteps(#"{"select": -1}"#), false),
        (withSteps(#"{"register": "a", "node": "X"}, {"activate": "a", "rule": "new"}, {"flushActivity": "a"}"#), true),
        (
            withSteps(
                #"{"setStack": ["A", {"screen": "B"}]}, {"setTabs": ["A"], "selected": 0}, {"replace": "C", "mode": "all"}, {"replace": "D", "keep": 1}"#
            ), true
        ),
        (
            withSteps(
                #"{"setViews": ["A"]}, {"pushView": "B"}, {"popView": true}, {"updateView": "B"}, {"memoryWarning": true}, {"wait": 0.5}"#),
            true
        ),
        (
            withSteps(
                #"{"popToInstance": "X", "which": "last"}, {"popTo": "Home"}, {"popToRoot": true}, {"show": "S"}, {"showDetail": "D"}, {"showChild": "C"}, {"setRoot": "R"}"#
            ), true
        ),
        (
            withSteps(
                #"{"present": "A", "style": "formSheet", "animated": false, "after": 0.1, "target": "nav", "note": "n"}, {"dismiss": true, "interactive": true}"#
            ), true
        ),
        (
            withSteps(
                #"{"op": "pop", "animation": "curlUp"}, {"op": "pop", "animation": {"kind": "springSlide", "direction": "right", "duration": 0.35, "damping": 0.8}}"#
            ), true
        ),
        (
            withSteps(
                #"{"push": "A", "expect": {"visible": "A", "status": "ok", "error": "x", "events": ["A.viewWillAppear", {"controller": "A", "callback": "viewDidAppear"}], "path": ["nav", "A"], "onScreen": ["A"]}}"#
            ), true
        ),
        (
            #"{"navviz": 1, "$schema": "s.json", "name": "n", "description": "d", "device": "pad", "finder": "ariadne-splitDetail", "quirks": true, "root": "A"}"#,
            true
        ),
        (
            #"{"navviz": 1, "root": "A", "routes": {"r": {"build": "S", "transition": "replace", "mode": "all", "keep": 1, "finder": "ariadne.splitMain", "chain": "p", "update": true, "animated": false, "animation": "crossDissolve"}, "p": {"transition": "pop"}}, "steps": [{"navigate": "r", "context": {"id": 1}}]}"#,
            true
        ),
        (withRoot(#"{"tabs": ["A", {"navigation": ["B"]}], "selected": 1, "id": "tabs", "title": "t", "class": "c"}"#), true),
        (withRoot(#"{"split": {"primary": {"navigation": ["S"]}, "secondary": "G", "supplementary": "X"}, "collapsed": false}"#), true),
        (
            withRoot(
                #"{"activities": {"a": "A"}, "active": "c", "generators": {"c": "C"}, "flavor": "transitionController", "wrapInNavigation": ["a"]}"#
            ), true
        ),
        (withRoot(#"{"activities": [{"key": "a", "node": "A"}], "active": "a"}"#), true),
        (
            withRoot(
                #"{"stack": ["A", "B"], "metrics": {"duration": 0.3, "delay": 0, "damping": 0.7, "initialVelocity": -1, "active": {"alpha": 1, "offset": -3, "scale": 1}, "leading": {}}}"#
            ), true
        ),
        (withRoot(#"{"notifications": ["A", "B"], "selected": 1}"#), true),
        (
            withRoot(
                #"{"screen": "A", "children": ["B"], "visible": 0, "definesPresentationContext": true, "presents": "P", "style": "popover"}"#
            ), true
        ),
        (withSteps(#"{"pop": 3}"#), false),
        (withSteps(#"{"pop": false}"#), false),
        (withSteps(#"{"expand": "x"}"#), false),
        (withSteps(#"{"push": true}"#), false),
        (withSteps(#"{"push": "A", "present": "B"}"#), false),
        (withSteps(#"{"animated": false}"#), false),
        (withSteps(#"{"op": "pusj", "node": "A"}"#), false),
        (withSteps(#"{"pusj": "A"}"#), false),
        (withSteps(#""push""#), false),
        (withSteps(#"{"op": "push"}"#), false),
        (withSteps(#"{"register": "a"}"#), false),
        (withSteps(#"{"op": "select", "tab": 1.5}"#), false),
        (withSteps(#"{"op": "select", "tab": true}"#), false),
        (withSteps(#"{"wait": -1}"#), false),
        (withSteps(#"{"op": "pop", "after": -1}"#), false),
        (withSteps(#"{"op": "pop", "target": 3}"#), false),
        (withSteps(#"{"op": "pop", "animation": {"duration": 1}}"#), false),
        (withSteps(#"{"op": "pop", "animation": {"kind": "x", "damping": "a"}}"#), false),
        (withSteps(#"{"op": "pop", "expect": {"status": "okay"}}"#), false),
        (withSteps(#"{"op": "pop", "expect": {"events": ["Home.viewWillApear"]}}"#), false),
        (withSteps(#"{"op": "pop", "expect": {"events": [{"controller": "Home"}]}}"#), false),
        (withSteps(#"{"op": "pop", "expect": {"visibel": "Home"}}"#), false),
        (withSteps(#"{"op": "replace", "node": "A", "mode": "first"}"#), false),
        (withSteps(#"{"op": "present", "node": "A", "style": "sheet"}"#), false),
        (#"{"navviz": 1, "root": "A", "routes": {"r": {"build": "S"}}}"#, false),
        (#"{"navviz": 1, "root": "A", "routes": {"r": {"transition": "popToInstance"}}}"#, false),
        (#"{"navviz": 1, "root": "A", "routes": {"r": {"transition": "pop", "finder": "nav"}}}"#, false),
        (#"{"navviz": 1, "root": "A", "routes": {"r": {"build": "S", "transition": "push", "style": "formSheet"}}}"#, false),
        (#"{"navviz": 1, "root": "A", "routes": {"r": {"transition": "dismiss", "update": true}}}"#, false),
        (#"{"navviz": 1, "root": "A", "finder": "nope"}"#, false),
        (#"{"navviz": "1", "root": "A"}"#, false),
        (#"{"navviz": 1, "root": "A", "quirks": "yes"}"#, false),
        (withRoot(#""""#), false),
        (withRoot(#"["A"]"#), false),
        (withRoot(#"{"navigaton": ["A"]}"#), false),
        (withRoot(#"{"navigation": ["A"], "tabs": []}"#), false),
        (withRoot(#"{"tabs": ["A"], "selected": 0.5}"#), false),
        (withRoot(#"{"tabs": ["A"], "selected": -1}"#), false),
        (withRoot(#"{"split": {"secondary": "A"}}"#), false),
        (withRoot(#"{"split": {"primary": "A", "tertiary": "B"}}"#), false),
        (withRoot(#"{"split": {"primary": "A", "secondary": "B"}, "display": "secondaryOnly"}"#), true),
        (withRoot(#"{"split": {"primary": "A", "secondary": "B"}, "display": "primaryHidden"}"#), false),
        (withRoot(#"{"split": {"primary": "A", "secondary": "B"}, "display": "twoDisplaceSecondary"}"#), true),
        (withRoot(#"{"activities": [{"node": "A"}]}"#), false),
        (withRoot(#"{"activities": {"a": "A"}, "flavor": "x"}"#), false),
        (withRoot(#"{"stack": ["A"], "metrics": {"duration": -1}}"#), false),
        // Times are at most a day in the decoder, and so in the schema (an editor passed what validate refused).
        (withRoot(#"{"stack": ["A"], "metrics": {"delay": 86401}}"#), false),
        (withSteps(#"{"op": "pop", "after": 90000}"#), false),
        (withSteps(#"{"wait": 86400.5}"#), false),
        (withSteps(#"{"op": "wait", "seconds": 86401}"#), false),
        (withSteps(#"{"op": "pop", "animation": {"kind": "crossDissolve", "duration": 86401}}"#), false),
        (withSteps(#"{"op": "pop", "after": 86400, "animation": {"kind": "crossDissolve", "duration": 86400}}"#), true),
        (withRoot(#"{"notifications": []}"#), false),
        (withRoot(#"{"screen": ""}"#), false),
        (withRoot(#"{"screen": "A", "visible": 0}"#), false),
        (withRoot(#"{"screen": "A", "style": "formSheet"}"#), false),
        (withRoot(#"{"screen": "A", "id": "a#1"}"#), false),
        (withRoot(#"{"ref": "A", "id": "x"}"#), false),
    ])
    func schemaAgreesWithTheDecoder(text: String, isValid: Bool) throws {
        #expect(decoderAccepts(text) == isValid)
        let failures = try schemaFailures(text)
        #expect(failures.isEmpty == isValid, "\(failures)")
    }

    // MARK: - The schema lists what the decoder reads

    private func definition(_ name: String) throws -> JSONValue {
        try #require(try scenarioSchema.get().root["$defs"]?[name], "missing $defs/\(name)")
    }

    private func propertyNames(_ schema: JSONValue) -> Set<String> {
        Set(schema["properties"]?.objectMembers?.map(\.0) ?? [])
    }

    private func requiredNames(_ schema: JSONValue) -> Set<String> {
        Set(schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    }

    @Test func everyOperationHasBothStepSpellingsWithTheOperationTablesFields() throws {
        let common = Set(ScenarioDecoder.commonStepFields)
        for operation in OperationSpelling.table {
            let name = operation.name
            let fields = Set(operation.fields)
            let required = Set(operation.required)
            // The common fields an operation refuses (a route brings its own animation; a snapshot is a state) are not its.
            let refused = Set(ScenarioDecoder.commonFieldsRefused(by: name).keys)
            let long = try definition("step.\(name)")
            #expect(propertyNames(long) == common.union(fields).subtracting(refused), "step.\(name)")
            #expect(requiredNames(long) == required.union(["op"]), "step.\(name)")
            #expect(long["properties"]?["op"]?["const"] == .string(name))

            let main = [operation.main].compactMap { $0 }
            // An optional main argument may also sit beside a bare short form (`{"flick": true, "velocity": 1000}`).
            let byName = main.filter { !required.contains($0) }
            let short = try definition("shortStep.\(name)")
            #expect(
                propertyNames(short)
                    == common.subtracting(["op"]).union([name]).union(fields).subtracting(main).union(byName).subtracting(refused),
                "shortStep.\(name)")
            #expect(requiredNames(short) == required.subtracting(main).union([name]), "shortStep.\(name)")
        }
        let alternatives = try definition("step")["oneOf"]?.arrayValue?.compactMap { $0["$ref"]?.stringValue } ?? []
        let expected = OperationSpelling.table.flatMap { ["#/$defs/step.\($0.name)", "#/$defs/shortStep.\($0.name)"] }
        #expect(Set(alternatives) == Set(expected))
        #expect(alternatives.count == expected.count)
    }

    @Test func everyNodeKindHasTheDecodersFields() throws {
        let definitions = [
            "navigation": "navigationNode", "tabs": "tabsNode", "split": "splitNode", "activities": "activitiesNode",
            "stack": "stackNode", "notifications": "notificationsNode", "screen": "screenNode", "ref": "refNode",
        ]
        #expect(Set(definitions.keys) == Set(ScenarioDecoder.kindKeys))
        for (kind, name) in definitions {
            let allowed = kind == "ref" ? ["ref"] : [kind] + ScenarioDecoder.commonNodeFields + (ScenarioDecoder.kindFields[kind] ?? [])
            let node = try definition(name)
            #expect(propertyNames(node) == Set(allowed), "\(name)")
            #expect(requiredNames(node) == [kind], "\(name)")
        }
    }

    @Test func topLevelFieldsMatchTheDecoder() throws {
        let root = try scenarioSchema.get().root
        #expect(propertyNames(root) == Set(ScenarioDecoder.topLevelFields))
        #expect(try definition("presentationStyle")["enum"] == .array(PresentationStyle.allCases.map { .string($0.rawValue) }))
    }

    @Test func snapshotSchemaListsTheSnapshotFields() throws {
        let node = try #require(try snapshotSchema.get().root["$defs"]?["node"])
        #expect(node["properties"]?.objectMembers?.map(\.0) == Snapshot.fields)
        #expect(node["properties"]?["kind"]?["enum"] == .array(NodeKind.allCases.map { .string($0.rawValue) }))
    }

    @Test(arguments: [
        (#"{"id": "a", "kind": "controller", "children": []}"#, [String]()),
        ("null", []),
        (#"{"id": "a"}"#, ["(top level): matches none of the 2 alternatives; closest: (top level): missing property 'kind'"]),
        (
            #"{"id": "a", "kind": "controller", "children": [{"id": "b", "kind": "ctrl"}]}"#,
            [
                #"(top level): matches none of the 2 alternatives; closest: children[0].kind: "ctrl" is not one of "controller", "navigation", "tab", "split", "activity", "stack", "notifications", "view""#
            ]
        ),
        (
            #"{"id": "t", "kind": "tab", "selected": -1}"#,
            ["(top level): matches none of the 2 alternatives; closest: selected: -1 is less than 0"]
        ),
    ])
    func snapshotSchemaRejectsWhatSnapshotDecodeRejects(text: String, expected: [String]) throws {
        let value = try JSONParser.parse(text)
        #expect(try snapshotSchema.get().validate(value).map(\.description) == expected)
        #expect(((try? Snapshot.decode(value, file: "snap.json")) != nil) == expected.isEmpty)
    }
}
