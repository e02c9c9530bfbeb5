import NavVizCore
import NavVizFormat
import NavVizReview
import NavVizScenario
import Testing

/// The one field reader every format reads through: each getter's message, exactly.
@Suite struct FieldReaderTests {
    /// A getter, the value it reads at `steps[0].x`, and the sentence it reports ("" when it accepts it).
    static let cases: [(String, JSONValue, String)] = [
        ("string", .string("a"), ""),
        ("string", .number(1), "f.json: steps[0].x: expected a string, found a number"),
        ("bool", .bool(true), ""),
        ("bool", .string("yes"), "f.json: steps[0].x: expected true or false, found a string"),
        ("number", .number(-1), "f.json: steps[0].x: invalid value '-1', expected a number of at least 0"),
        ("number", .null, "f.json: steps[0].x: expected a number, found null"),
        ("integer", .number(2.5), "f.json: steps[0].x: invalid value '2.5', expected a whole number"),
        ("integer", .number(3), ""),
        ("integer", .number(1e22), "f.json: steps[0].x: invalid value '1e+22', expected a whole number below a billion"),
        (
            "integer", .number(9_223_372_036_854_775_807),
            "f.json: steps[0].x: invalid value '9223372036854775807', expected a whole number below a billion (9223372036854775807 is "
                + "NSNotFound, UIKit's 'none')"
        ),
        (
            "style", .string("pagesheet"),
            "f.json: steps[0].x: invalid value 'pagesheet', expected one of "
                + "'automatic', 'pageSheet', 'fullScreen', 'formSheet', 'overFullScreen', 'currentContext', 'overCurrentContext', "
                + "'popover', 'custom'. Did you mean 'pageSheet'?"
        ),
        ("mode", .string("al"), "f.json: steps[0].x: invalid value 'al', expected 'last' or 'all'. Did you mean 'all'?"),
        ("object", .array([]), "f.json: steps[0].x: expected a step object, found an array"),
        ("array", .object([]), "f.json: steps[0].x: expected an array of steps, found an object"),
    ]

    @Test(arguments: cases)
    func eachGetterSaysWhatItExpected(getter: String, value: JSONValue, message: String) {
        var reader = DocumentReader(file: "f.json")
        let path = reader.join("steps[0]", "x")
        switch getter {
        case "string": _ = reader.string(value, path)
        case "bool": _ = reader.bool(value, path)
        case "number": _ = reader.number(value, path, min: 0)
        case "integer": _ = reader.integer(value, path)
        case "style": _ = reader.choice(value, path, PresentationStyle.self)
        case "mode": _ = reader.choice(value, path, in: ["last", "all"], expected: "'last' or 'all'")
        case "object": _ = reader.object(value, path, "a step object")
        default: _ = reader.array(value, path, "an array of steps")
        }
        #expect(reader.errors.map(\.description) == (message.isEmpty ? [] : [message]))
    }

    @Test func anAbsentValueIsNoError() {
        var reader = DocumentReader(file: "f.json")
        #expect(reader.string(nil, "a") == nil)
        #expect(reader.integer(nil, "a") == nil)
        #expect(reader.choice(nil, "a", in: ["x"]) == nil)
        #expect(reader.errors.isEmpty)
    }

    @Test(arguments: [
        ("", "name", "name"), ("(top level)", "name", "name"), ("steps[2]", "node", "steps[2].node"),
        ("routes", "a b", #"routes["a b"]"#), ("", "", #"[""]"#),
    ])
    func pathsNameEveryMember(path: String, key: String, joined: String) {
        #expect(DocumentReader(file: "f").join(path, key) == joined)
    }

    @Test func unknownFieldsAreNamedWithTheClosestKnownOne() {
        var reader = DocumentReader(file: "body")
        reader.checkFields([("nmae", .string("x")), ("root", .null), ("zzz", .null)], at: "", allowed: ["name", "root"])
        #expect(
            reader.errors.map(\.description) == [
                "body: nmae: unknown field 'nmae'. Did you mean 'name'?", "body: zzz: unknown field 'zzz': expected one of 'name', 'root'",
            ])
    }

    /// The same mistake reads the same whichever format it is in: a snapshot node and a run JSON step
    /// read their fields through the one reader.
    @Test func theSameMistakeReadsTheSameInEveryFormat() throws {
        let snapshot = try JSONParser.parse(#"{"id": "n", "kind": "navigation", "title": 3}"#)
        #expect(throws: ScenarioErrors([.wrongType(file: "s.json", path: "title", expected: "a string", found: "a number")])) {
            try Snapshot.decode(snapshot, file: "s.json")
        }
        let run = #"{"navviz": 1, "steps": [{"op": 3, "hierarchy": {"id": "n", "kind": "navigation"}}]}"#
        #expect(throws: ScenarioErrors([.wrongType(file: "r.json", path: "steps[0].op", expected: "a string", found: "a number")])) {
            try DiffRun.load(text: run, file: "r.json")
        }
    }
}

/// One mistake repeated at many steps is written out three times, then once with the paths of the rest (a trial's 500 steps
/// printed 1,000 lines, the first lost off the terminal); other errors keep their place.
@Suite struct RepeatedErrorTests {
    static func missing(_ step: Int, file: String = "a: b.json") -> ScenarioError {
        .missingField(file: file, path: "steps[\(step)]", field: "tab")
    }

    @Test func anErrorRepeatedAtManyStepsIsSaidOnceForTheRest() {
        let errors = ScenarioErrors(
            [.missingVersion(file: "a: b.json")]
                + (0..<9).flatMap { step in
                    [Self.missing(step), .unknownID(file: "a: b.json", path: "steps[\(step)].target", id: "X\(step)", suggestion: nil)]
                })
        let lines = errors.description.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "a: b.json: (top level): missing field 'navviz': expected \"navviz\": 1",
                "a: b.json: steps[0]: missing field 'tab'", "a: b.json: steps[0].target: unknown id 'X0'",
                "a: b.json: steps[1]: missing field 'tab'", "a: b.json: steps[1].target: unknown id 'X1'",
                "a: b.json: steps[2]: missing field 'tab'", "a: b.json: steps[2].target: unknown id 'X2'",
                "a: b.json: steps[3], steps[4], steps[5], …, steps[8] (6 more): the same error as steps[2]",
                "a: b.json: steps[3].target: unknown id 'X3'", "a: b.json: steps[4].target: unknown id 'X4'",
                "a: b.json: steps[5].target: unknown id 'X5'", "a: b.json: steps[6].target: unknown id 'X6'",
                "a: b.json: steps[7].target: unknown id 'X7'", "a: b.json: steps[8].target: unknown id 'X8'",
            ])
    }

    /// One error said at many places outside the steps (a stack in each of eight tabs) is said in full three times too, then
    /// once for the rest; errors that differ are each said (a stack in a stack a hundred deep printed 100 lines, 90 KB).
    @Test func anErrorRepeatedAtManyPlacesIsSaidOnceForTheRest() {
        let errors = ScenarioErrors(
            (0..<8).map { ScenarioError.invalidNode(file: "t.json", path: "root.tabs[\($0)].navigation[0]", reason: "no stack in a stack") }
                + [
                    .missingField(file: "t.json", path: "root.tabs[8]", field: "id"),
                    .missingField(file: "t.json", path: "root", field: "x"),
                ])
        #expect(
            errors.description.split(separator: "\n") == [
                "t.json: root.tabs[0].navigation[0]: no stack in a stack",
                "t.json: root.tabs[1].navigation[0]: no stack in a stack",
                "t.json: root.tabs[2].navigation[0]: no stack in a stack",
                "t.json: root.tabs[3].navigation[0], root.tabs[4].navigation[0], root.tabs[5].navigation[0], …, root.tabs[7].navigation[0] (5 more): the same error as root.tabs[2].navigation[0]",
                "t.json: root.tabs[8]: missing field 'id'",
                "t.json: root: missing field 'x'",
            ])
    }

    /// Four repeats are four lines, as one line for the fourth would save none; five list both of the rest.
    @Test(arguments: [
        (4, ["steps[0]", "steps[1]", "steps[2]", "steps[3]"].map { "f.json: \($0): missing field 'tab'" }),
        (
            5,
            ["steps[0]", "steps[1]", "steps[2]"].map { "f.json: \($0): missing field 'tab'" } + [
                "f.json: steps[3], steps[4] (2 more): the same error as steps[2]"
            ]
        ),
    ])
    func fewRepeatsAreWrittenOut(count: Int, lines: [String]) {
        #expect(ScenarioErrors((0..<count).map { Self.missing($0, file: "f.json") }).description == lines.joined(separator: "\n"))
    }
}
