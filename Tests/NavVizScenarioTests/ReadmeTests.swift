import Foundation
import NavVizCore
import Testing

@testable import NavVizFormat
@testable import NavVizScenario

/// README.md's examples stay true.
@Suite struct ReadmeTests {
    static func readme() throws -> String { try PackagePaths.text(PackagePaths.root.appendingPathComponent("README.md")) }

    @Test func readmeScenarioRunsWithEveryExpectationHolding() throws {
        let text = try Self.readme()
        let start = try #require(text.range(of: "```json\n{\n  \"navviz\": 1"))
        let body = text[text.index(start.lowerBound, offsetBy: 8)...]
        let end = try #require(body.range(of: "\n```"))
        let scenario = try ScenarioDecoder.decode(String(body[..<end.lowerBound]), file: "README.md")
        let run = ScenarioRunner.run(scenario)
        #expect(run.failures == [])
        #expect(run.steps.count == 5)
    }

    /// The README's list of operations names every one the decoder reads (a trial found `snapshot` missing).
    @Test func readmeListsEveryOperation() throws {
        let text = try Self.readme()
        let start = try #require(text.range(of: "Operations: "))
        let list = text[start.upperBound...].prefix { $0 != "." }
        let listed = Set(list.matches(of: /`([A-Za-z]+)`/).map { String($0.1) })
        #expect(
            Set(ScenarioDecoder.operationNames).subtracting(listed).isEmpty, "\(Set(ScenarioDecoder.operationNames).subtracting(listed))")
    }

    @Test func readmeSimulatorSnippetMessageIsExact() throws {
        var simulator = try Simulator(root: .tabs([.navigation([.screen("Feed")]), .screen("Profile")]))
        let step = simulator.perform(.select(.index(5)))
        #expect(step.status == .rejected)
        #expect(step.message == "Cannot select tab 5 of 'tab': it has 2 tabs")
        #expect(try Self.readme().contains(#"step.message == "Cannot select tab 5 of 'tab': it has 2 tabs""#))
    }
}
