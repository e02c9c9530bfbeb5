import NavVizCore
import NavVizFormat
import Testing

/// The session summary is written and read through one type.
@Suite struct SessionInfoTests {
    @Test(arguments: [
        SessionInfo(id: "shop", name: "Shop", steps: 3, visible: "Cart", created: "2026-11-23T10:00:00Z", source: "api"),
        SessionInfo(
            id: "docs", name: "docs", steps: 0, visible: nil, created: "2026-11-23T10:00:00Z", source: "watch", file: "docs.json",
            error: "docs.json: root: missing", warnings: ["skipped a line"]),
    ])
    func aSummaryReadsBackAsItself(info: SessionInfo) throws {
        #expect(try SessionInfo(info.json, file: "summary") == info)
    }

    @Test func theSummaryHasItsDocumentedKeysInOrder() {
        let info = SessionInfo(id: "shop", name: "Shop", steps: 3, visible: nil, created: "t", source: "api", warnings: [])
        #expect(JSONWriter.compact(info.json) == #"{"id":"shop","name":"Shop","steps":3,"visible":null,"created":"t","source":"api"}"#)
    }

    @Test func aSummaryWithoutItsIdSaysSo() {
        #expect(throws: ScenarioErrors([.missingField(file: "response", path: "(top level)", field: "id")])) {
            try SessionInfo(["name": "n", "steps": 1, "created": "t", "source": "api"], file: "response")
        }
    }

    @Test(arguments: [("shop-1_A", true), ("", false), ("../etc", false), (String(repeating: "a", count: 65), false)])
    func aSessionIDIsAPlainName(text: String, isValid: Bool) {
        #expect((SessionID(text) != nil) == isValid)
    }
}
