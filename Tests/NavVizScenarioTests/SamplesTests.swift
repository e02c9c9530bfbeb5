import Foundation
import NavVizScenario
import Testing

/// Every scenario in `Samples/` decodes and runs with all of its expectations holding.
struct SamplesTests {
    /// The package root: this file is `Tests/NavVizScenarioTests/SamplesTests.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var sampleFiles: [String] {
        let directory = packageRoot.appendingPathComponent("Samples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func samplesExist() {
        #expect(Self.sampleFiles.count >= 7)
    }

    @Test(arguments: sampleFiles)
    func sampleRunsWithoutFailures(_ name: String) throws {
        let url = Self.packageRoot.appendingPathComponent("Samples").appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        let scenario = try ScenarioDecoder.decode(text, file: "Samples/\(name)")
        let run = ScenarioRunner.run(scenario)
        #expect(run.failures == [], "\(name)")
        #expect(run.steps.count == scenario.steps.count + 1)
    }
}
