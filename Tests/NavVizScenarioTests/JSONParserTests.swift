import NavVizScenario
import Testing

@Suite struct JSONParserTests {
    @Test(arguments: [
        ("null", JSONValue.null),
        ("true", .bool(true)),
        ("false", .bool(false)),
        ("0", .number(0)),
        ("-0.5", .number(-0.5)),
        ("1e3", .number(1000)),
        ("2.5E-1", .number(0.25)),
        ("\"\"", .string("")),
        ("\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\"", .string("a\"b\\c/d\u{8}\u{C}\n\r\t")),
        ("\"\\u00e9\\u20AC\"", .string("é€")),
        ("\"\\ud83d\\ude00\"", .string("😀")),
        ("\"héllo 😀\"", .string("héllo 😀")),
        ("[]", .array([])),
        ("{}", .object([])),
        (" \t\r\n[1, \"two\", null] \n", .array([.number(1), .string("two"), .null])),
        ("\u{FEFF}{\"a\": 1}", .object([("a", .number(1))])),
    ])
    func parsesValidDocuments(text: String, expected: JSONValue) throws {
        #expect(try JSONParser.parse(text) == expected)
    }

    /// A fraction a double rounds to a whole number stays no whole number, with an exponent too; whole numbers written
    /// with a fraction or an exponent stay whole (a trial's `0.99999999999999999999` selected tab 1).
    @Test(arguments: [
        ("0.99999999999999999999", false), ("0.99999999999999999999e0", false), ("99.999999999999999999e-2", false),
        ("2.00000000000000000001", false), ("-0.99999999999999999999", false), ("1.0", true), ("2.50e1", true), ("1e3", true),
        ("0", true), ("-0.0", true), ("120e-1", true), ("1.5", false),
    ])
    func aFractionStaysAFraction(text: String, whole: Bool) throws {
        guard case .number(let value) = try JSONParser.parse(text) else { throw Unexpected() }
        #expect((value == value.rounded()) == whole, "\(text) read as \(value)")
        #expect(abs(value - (Double(text) ?? 0)) <= 1e-15 * max(1, abs(value)))
    }

    struct Unexpected: Error {}

    @Test func objectMembersKeepTheirOrder() throws {
        let value = try JSONParser.parse(#"{"z": 1, "a": {"y": [true], "b": null}, "m": "x"}"#)
        #expect(value.objectMembers?.map(\.0) == ["z", "a", "m"])
        #expect(value["a"]?.objectMembers?.map(\.0) == ["y", "b"])
        #expect(value["a"]?["y"] == .array([.bool(true)]))
        #expect(value["missing"] == nil)
    }

    @Test func parsesUTF8BytesLikeText() throws {
        let text = #"{"screen": "Détail", "n": [1, 2.5]}"#
        #expect(try JSONParser.parse(bytes: Array(text.utf8)) == JSONParser.parse(text))
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let deep = String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
        #expect(throws: Never.self) { try JSONParser.parse(deep) }
    }

    @Test(arguments: [
        ("", "line 1, column 1: the document is empty"),
        ("  \n ", "line 2, column 2: the document is empty"),
        ("{", "line 1, column 2: unexpected end of input: expected a member name"),
        ("[", "line 1, column 2: unexpected end of input: expected a value"),
        ("[1", "line 1, column 3: unexpected end of input: expected ',' or ']'"),
        (#"{"a": 1"#, "line 1, column 8: unexpected end of input: expected ',' or '}'"),
        (#"{"a":"#, "line 1, column 6: unexpected end of input: expected a value"),
        (#"{"a" 1}"#, "line 1, column 6: expected ':' after the member name 'a'"),
        (#"{"a":1,}"#, "line 1, column 8: trailing comma before '}'"),
        ("[1,2,]", "line 1, column 6: trailing comma before ']'"),
        ("[1 2]", "line 1, column 4: unexpected '2': expected ',' or ']' after an array element"),
        (#"{"a":1 "b":2}"#, "line 1, column 8: unexpected '\"': expected ',' or '}' after an object member"),
        ("{a:1}", "line 1, column 2: unexpected 'a': expected a member name in double quotes"),
        ("[,]", "line 1, column 2: unexpected ',': expected a value"),
        ("'single'", "line 1, column 1: unexpected a single quote (JSON strings and names use double quotes): expected a value"),
        ("{// note\n}", "line 1, column 2: unexpected '/' (JSON has no comments): expected a member name in double quotes"),
        (#"{"a": /usr}"#, "line 1, column 7: unexpected '/': expected a value"),
        (#"["\u12/*"]"#, "line 1, column 7: invalid hex digit '/' in a \\u escape"),
        ("{\r\"a\": 1,\r}", "line 3, column 1: trailing comma before '}'"),
        ("{\r\n\"a\": 1,\r\n}", "line 3, column 1: trailing comma before '}'"),
        (#""abc"#, "line 1, column 1: unterminated string"),
        ("tru", "line 1, column 1: invalid literal: expected 'true'"),
        ("nul", "line 1, column 1: invalid literal: expected 'null'"),
        ("[True]", "line 1, column 2: unexpected 'T': expected a value"),
        ("01", "line 1, column 1: invalid number: leading zeros are not allowed"),
        ("1.", "line 1, column 1: invalid number: expected digits after '.'"),
        ("1e", "line 1, column 1: invalid number: expected digits in the exponent"),
        ("-", "line 1, column 1: invalid number: expected digits"),
        ("[-]", "line 1, column 2: invalid number: expected digits"),
        ("+1", "line 1, column 1: unexpected '+': expected a value"),
        ("1e999", "line 1, column 1: number '1e999' is out of range"),
        (#"{"a":1}x"#, "line 1, column 8: unexpected 'x' after the document"),
        (#""é" x"#, "line 1, column 5: unexpected 'x' after the document"),
        (#""\q""#, "line 1, column 2: invalid escape '\\q' in a string"),
        (#""\u12G4""#, "line 1, column 6: invalid hex digit 'G' in a \\u escape"),
        (#""\u12""#, "line 1, column 4: incomplete \\u escape"),
        (#""\ud800""#, "line 1, column 2: unpaired surrogate \\ud800"),
        (#""\uDC00""#, "line 1, column 2: unpaired surrogate \\udc00"),
        (#"["ok", "\ud800\u0041"]"#, "line 1, column 9: unpaired surrogate \\ud800"),
        ("\"a\tb\"", "line 1, column 3: control character byte 0x9 in a string: escape it"),
        (#"{"a": 1, "a": 2}"#, "line 1, column 10: duplicate member name 'a'"),
        ("{\n  \"steps\": [\n    1,\n    ]\n}", "line 4, column 5: trailing comma before ']'"),
        (
            "{\n  \"navviz\": 1,\n  \"root\": \"Home\"\n  \"steps\": []\n}",
            "line 4, column 3: unexpected '\"': expected ',' or '}' after an object member"
        ),
        ("{\n  \"é😀\": x\n}", "line 2, column 9: unexpected 'x': expected a value"),
    ])
    func syntaxErrorsGiveLineAndColumn(text: String, message: String) {
        let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
        #expect(error?.description == message)
    }

    @Test func nestingDeeperThanTheLimitIsAnError() {
        let deep = String(repeating: "[", count: 257) + String(repeating: "]", count: 257)
        let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep) }
        #expect(error?.description == "line 1, column 257: nesting is deeper than 256 levels")
        #expect(throws: Never.self) { try JSONParser.parse(String(repeating: "[", count: 256) + String(repeating: "]", count: 256)) }
    }

    @Test func writerRoundTripsWhatTheParserReads() throws {
        let text = #"{"b": [1, 2.5, -3e-7, "x\n\"y\"", null, true], "a": {"é": {}, "list": []}, "c": "\u0001"}"#
        let value = try JSONParser.parse(text)
        #expect(try JSONParser.parse(JSONWriter.pretty(value)) == value)
        #expect(try JSONParser.parse(JSONWriter.compact(value)) == value)
        #expect(JSONWriter.compact(value) == #"{"b":[1,2.5,-3e-07,"x\n\"y\"",null,true],"a":{"é":{},"list":[]},"c":"\u0001"}"#)
    }
}
