import Foundation
import NavVizCore
import NavVizScenario
import Testing

@testable import NavVizRender

/// `TextMetrics.portable`: layout with Arial's advance widths compiled into navviz (`PortableTextLayout`), in a
/// second context.
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

    /// Portable text is measured with Arial's widths, a bold run with Arial Bold's and a character once whatever
    /// its UTF-8 length (Graphviz's own estimate ignored bold, and counted `·` as `Â·`): the text after a bold
    /// word starts where the word ends, and the box is as wide as its text.
    @Test func portableMetricsMeasureBoldRunsAndCharactersAsArialDoes() throws {
        let dot = #"digraph { a [shape=box, fontname=Arial, fontsize=10, margin=0, label=<<B>UIWindow</B> · phone>] }"#
        let svg = try GraphvizRenderer.shared.renderSync(dot: dot, metrics: .portable)
        let starts = svg.matches(of: #/<text (?:xml:space="preserve" )?text-anchor="start" x="([-\d.]+)"/#).compactMap { Double($0.1) }
        try #require(starts.count == 2)
        // Arial Bold: U 722, I 278, W 944, i 278, n 611, d 611, o 611, w 778 thousandths of an em, at 10 pt.
        #expect(abs(starts[1] - starts[0] - 48.33) < 0.01)
        // " · phone" in Arial: 278 + 278 + 278 + 556 × 5, so the text is 48.33 + 36.14 pt wide.
        let polygon = try #require(svg.firstMatch(of: #/<polygon fill="none" stroke="black" points="([-\d.]+),[-\d.]+ ([-\d.]+),/#))
        let width = try #require(Double(polygon.1)) - (try #require(Double(polygon.2)))
        #expect(abs(width - 84.47) < 1, "the box is \(width) pt wide")
    }

    /// A symbol a browser draws as an emoji counts an em, as the wide scripts do; a variation selector or joiner nothing.
    @Test(arguments: [
        ("⚠", 1000), ("★", 1000), ("✓", 1000), ("🙂", 1000), ("日", 1000), ("\u{FE0F}", 0), ("\u{200D}", 0), ("→", 1000), ("a", 556),
        ("é", 556),
    ])
    func aCharacterCountsAsWideAsABrowserDrawsIt(character: String, advance: Int) throws {
        let scalar = try #require(character.unicodeScalars.first)
        #expect(ArialWidths.advance(scalar) == advance)
    }

    /// A presentation's label stands clear of its dashed edge: Graphviz puts an external label against the
    /// edge, and the dashes ran through its last letter ("formShee|t") until the label got a padded cell.
    @Test(arguments: ["formSheet", "pageSheet", "fullScreen", "popover"])
    func aPresentationsLabelStandsClearOfItsEdge(style: String) throws {
        let scenario = """
            {"navviz": 1, "name": "t", "root": {"tabs": [{"navigation": ["Home"], "id": "shopNav"}, {"navigation": ["Cart"]}]},
             "steps": [{"op": "present", "node": {"navigation": ["SignIn"], "id": "signInNav"}, "style": "\(style)"}]}
            """
        let step = ScenarioRunner.run(try ScenarioDecoder.decode(scenario, file: "t.json")).steps[1]
        let dot = DOTBuilder().state(step.hierarchy, finder: step.finder)
        let svg = try GraphvizRenderer.shared.renderSync(dot: dot, metrics: .portable)
        let edge = try #require(svg.components(separatedBy: "<g id=\"edge").first { $0.contains("stroke-dasharray") })
        let line = try #require(edge.firstMatch(of: #/stroke-dasharray="5,2" d="M([-\d.]+),/#))
        let label = try #require(edge.firstMatch(of: #/<text text-anchor="start" x="([-\d.]+)"[^>]*>([^<]+)</text>/#))
        let right = try #require(Double(label.1)) + TextWidth.of(String(label.2), size: 9)
        let gap = try #require(Double(line.1)) - right
        #expect(gap >= 2.5, "the label ends \(gap) pt from the edge")
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
