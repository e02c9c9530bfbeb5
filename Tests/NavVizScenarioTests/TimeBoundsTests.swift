import NavVizCore
import NavVizScenario
import Testing

/// Times and durations are bounded, so no sum of them can overflow to infinity, and no output ever holds
/// a non-finite number (JSON has none: navviz could not read its own run.json back).
@Suite struct TimeBoundsTests {
    func messages(_ steps: String) -> [String] {
        do {
            _ = try ScenarioDecoder.decode(
                #"{"navviz": 1, "root": {"navigation": ["Home"], "id": "nav"}, "steps": [\#(steps)]}"#, file: "t.json")
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test(arguments: [
        (#"{"wait": 1e308}"#, "t.json: steps[0].wait: invalid value '1e+308', expected a number of seconds from 0 to 86400"),
        (
            #"{"op": "wait", "seconds": 86400.5}"#,
            "t.json: steps[0].seconds: invalid value '86400.5', expected a number of seconds from 0 to 86400"
        ),
        (#"{"push": "A", "after": 1e308}"#, "t.json: steps[0].after: invalid value '1e+308', expected a number of seconds from 0 to 86400"),
        (
            #"{"push": "A", "animation": {"kind": "curlUp", "duration": 1e300}}"#,
            "t.json: steps[0].animation.duration: invalid value '1e+300', expected a number of seconds from 0 to 86400"
        ),
    ])
    func anUnboundedTimeIsRefused(step: String, message: String) {
        #expect(messages(step) == [message])
    }

    @Test func theLongestTimesStillGiveFiniteJSONThatReadsBack() throws {
        let steps = Array(repeating: #"{"wait": 86400}"#, count: 50).joined(separator: ", ") + #", {"push": "A", "after": 86400}"#
        let scenario = try ScenarioDecoder.decode(
            #"{"navviz": 1, "root": {"navigation": ["Home"], "id": "nav"}, "steps": [\#(steps)]}"#, file: "t.json")
        let text = RunEncoder.text(ScenarioRunner.run(scenario))
        #expect(!text.contains("inf"))
        #expect(!text.contains("nan"))
        let reread = try JSONParser.parse(text)
        #expect(reread["steps"]?.arrayValue?.last?["time"] == .number(50 * 86400))
    }

    @Test func aNonFiniteNumberIsWrittenAsNull() {
        #expect(JSONWriter.format(.infinity) == "null")
        #expect(JSONWriter.format(-.infinity) == "null")
        #expect(JSONWriter.format(.nan) == "null")
    }
}
