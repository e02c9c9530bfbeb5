import Foundation
import NavVizScenario
import Testing

@testable import NavVizRender

/// `TextMetrics.portable`: layout with Graphviz's built-in text metrics, in a second context.
/// (That it does not depend on the installed fonts is shown end to end, with a process whose
/// fontconfig sees no fonts, in `PortableMetricsCLITests`.)
@Suite struct PortableMetricsTests {
    static let dot = GraphvizRendererTests.manyClusters

    /// A state diagram of the UIKit containers sample: HTML labels, bold text, clusters.
    static func sampleState() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("Samples/uikit-containers.json"), encoding: .utf8)
        let run = ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "uikit-containers.json"))
        let step = run.steps[6]
        return DOTBuilder().state(step.hierarchy, finder: step.finder, caption: ScenarioRenderer.caption(step))
    }

    @Test func portableMetricsGiveADifferentLayout() throws {
        let dot = try Self.sampleState()
        let fonts = try GraphvizRenderer.shared.renderSync(dot: dot, metrics: .fonts)
        let portable = try GraphvizRenderer.shared.renderSync(dot: dot, metrics: .portable)
        #expect(fonts != portable)
        // Same drawing, other geometry: the same texts in the same order.
        let texts = { (svg: String) in
            svg.split(separator: "\n").filter { $0.hasPrefix("<text") }.map { $0.split(separator: ">").dropFirst().joined() }
        }
        #expect(texts(fonts) == texts(portable))
        #expect(portable.contains("<svg width="))
    }

    @Test func portableMetricsAreStableAndDoNotDisturbTheDefaultContext() throws {
        let dot = try Self.sampleState()
        let fonts = try GraphvizRenderer.shared.renderSync(dot: dot)
        let portable = try GraphvizRenderer.shared.renderSync(dot: dot, metrics: .portable)
        for _ in 0..<20 {
            #expect(try GraphvizRenderer.shared.renderSync(dot: dot, metrics: .portable) == portable)
            #expect(try GraphvizRenderer.shared.renderSync(dot: dot, metrics: .fonts) == fonts)
            #expect(
                try GraphvizRenderer.shared.renderSync(dot: Self.dot, metrics: .portable)
                    == (try GraphvizRenderer.shared.renderSync(dot: Self.dot, metrics: .portable)))
        }
    }

    @Test func portableMetricsRenderEveryTextFormat() throws {
        for format in OutputFormat.allCases {
            #expect(try GraphvizRenderer.shared.renderSync(dot: Self.dot, format: format, metrics: .portable).contains("a3"))
        }
    }

    @Test func portableMetricsFromConcurrentCallersMatch() async throws {
        let expected = try GraphvizRenderer.shared.renderSync(dot: Self.dot, metrics: .portable)
        let results = await withTaskGroup(of: String?.self) { group in
            for index in 0..<16 {
                group.addTask {
                    try? GraphvizRenderer.shared.renderSync(dot: Self.dot, metrics: index.isMultiple(of: 2) ? .portable : .fonts)
                }
            }
            var out: [String?] = []
            for await result in group { out.append(result) }
            return out
        }
        #expect(results.allSatisfy { $0 != nil })
        #expect(results.filter { $0 == expected }.count == 8)
    }

    @Test func scenarioRendererPassesTheMetricsOn() throws {
        let text = ScenarioRendererTests.small
        var options = RenderOptions()
        options.sections = [.states]
        options.textMetrics = .portable
        let files = try ScenarioRendererTests.render(text, options: options)
        let dot = try ScenarioRendererTests.contents(files, "states/001-push.dot")
        #expect(
            try ScenarioRendererTests.contents(files, "states/001-push.svg")
                == (try GraphvizRenderer.shared.renderSync(dot: dot, metrics: .portable)))
    }
}
