import Foundation
import NavVizScenario
import Testing

@testable import NavVizRender

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct ScenarioRendererTests {
    /// A step's file stem: its index padded to the width of the last index (at least three digits), then its operation's
    /// letters and digits. 999 steps after the initial state fit in three digits (a trial's were written with four).
    @Test(arguments: [
        (0, "initial", 1, "000-initial"), (7, "push", 50, "007-push"), (998, "pop", 999, "998-pop"), (999, "push", 1000, "999-push"),
        (5, "push", 1000, "005-push"), (1000, "pop", 1001, "1000-pop"), (5, "pop", 1001, "0005-pop"),
        (3, "show-Detail!", 4, "003-showDetail"),
    ])
    func aStepsStemIsPaddedToTheLastIndex(index: Int, op: String, count: Int, stem: String) {
        #expect(ScenarioRenderer.stem(index: index, op: op, count: count) == stem)
    }

    /// A navigation controller in a window: push, pop, then a pop at the root (a no-op).
    static let small = """
        {
          "navviz": 1,
          "name": "Small stack",
          "screens": {
            "Home": { "class": "HomeViewController", "title": "Home" },
            "Detail": { "class": "DetailViewController", "title": "Detail" }
          },
          "root": { "navigation": ["Home"], "id": "nav" },
          "steps": [
            { "op": "push", "node": "Detail", "note": "Open the detail." },
            { "op": "pop", "note": "Back." },
            { "op": "pop", "note": "At the root: a no-op." }
          ]
        }
        """

    static func render(_ text: String, file: String = "small.json", options: RenderOptions = RenderOptions()) throws -> [OutputFile] {
        let scenario = try ScenarioDecoder.decode(text, file: file)
        return try ScenarioRenderer(options: options).render(ScenarioRunner.run(scenario))
    }

    static func sample() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("Samples/uikit-containers.json"), encoding: .utf8)
    }

    static func contents(_ files: [OutputFile], _ path: String) throws -> String {
        try #require(files.first { $0.path == path }, "no \(path)").contents
    }

    // MARK: - File list

    @Test func writesTheDesignLayout() throws {
        let paths = try Self.render(Self.small).map(\.path)
        #expect(
            paths == [
                "README.md", "flow.dot", "flow.svg", "index.html", "run.json",
                "states/000-initial.dot", "states/000-initial.svg",
                "states/001-push.dot", "states/001-push.svg",
                "states/002-pop.dot", "states/002-pop.svg",
                "states/003-pop.dot", "states/003-pop.svg",
                "transitions/001-push.dot", "transitions/001-push.svg",
                "transitions/002-pop.dot", "transitions/002-pop.svg",
                "transitions/003-pop.dot", "transitions/003-pop.svg",
            ])
    }

    static func options(_ configure: (inout RenderOptions) -> Void) -> RenderOptions {
        var options = RenderOptions()
        configure(&options)
        return options
    }

    /// The files of `small` rendered as DOT only, with `configure`'s options.
    static func smallDOTFiles(_ configure: (inout RenderOptions) -> Void) throws -> [OutputFile] {
        let run = ScenarioRunner.run(try ScenarioDecoder.decode(small, file: "small.json"))
        return try ScenarioRenderer(
            options: options {
                $0.dotOnly = true
                configure(&$0)
            }
        ).render(run)
    }

    @Test(arguments: [
        (
            options { $0.sections = [.states] },
            [
                "README.md", "index.html", "run.json",
                "states/000-initial.dot", "states/000-initial.svg", "states/001-push.dot", "states/001-push.svg",
                "states/002-pop.dot", "states/002-pop.svg", "states/003-pop.dot", "states/003-pop.svg",
            ]
        ),
        (options { $0.sections = [.flow] }, ["README.md", "flow.dot", "flow.svg", "index.html", "run.json"]),
        (
            options { $0.step = 2 },
            [
                "README.md", "flow.dot", "flow.svg", "index.html", "run.json",
                "states/002-pop.dot", "states/002-pop.svg", "transitions/002-pop.dot", "transitions/002-pop.svg",
            ]
        ),
        (
            options {
                $0.step = 0; $0.dotOnly = true
            }, ["README.md", "flow.dot", "index.html", "run.json", "states/000-initial.dot"]
        ),
    ])
    func optionsSelectTheFiles(options: RenderOptions, paths: [String]) throws {
        #expect(try Self.render(Self.small, options: options).map(\.path) == paths)
    }

    // MARK: - SVG

    /// Node groups (`<g class="node">`) in each diagram of the small scenario: the window, the
    /// navigation controller's anchor point and one box per controller; in the flow, the start dot
    /// and one box per distinct state.
    @Test(arguments: [
        ("states/000-initial.svg", 3),
        ("states/001-push.svg", 4),
        ("states/002-pop.svg", 3),
        ("states/003-pop.svg", 3),
        ("transitions/001-push.svg", 3 + 4),  // before and after (the caption and the events are not nodes)
        ("flow.svg", 3),
    ])
    func svgIsWellFormedWithTheExpectedNodes(path: String, nodes: Int) throws {
        let outline = try #require(SVGOutline(parsing: try Self.contents(try Self.render(Self.small), path)))
        #expect(outline.elementNames.first == "svg")
        #expect(outline.classCounts["node"] == nodes)
    }

    @Test func everySVGOfTheSampleIsWellFormed() throws {
        let files = try Self.render(Self.sample(), file: "uikit-containers.json")
        let svgs = files.filter { $0.path.hasSuffix(".svg") }
        #expect(svgs.count == 2 * 23 - 1 + 1)
        for file in svgs {
            let outline = SVGOutline(parsing: file.contents)
            #expect(outline != nil, "\(file.path) is not well-formed XML")
            #expect((outline?.classCounts["node"] ?? 0) > 0, "\(file.path) has no nodes")
        }
    }

    @Test(arguments: [("states/000-initial.svg", "Home"), ("states/001-push.svg", "Detail"), ("states/002-pop.svg", "Home")])
    func visibleControllerIsFilledWithTheAccent(path: String, visible: String) throws {
        let outline = try #require(SVGOutline(parsing: try Self.contents(try Self.render(Self.small), path)))
        let controllers = outline.nodes.filter { !$0.texts.isEmpty }  // not the anchor points
        let accented = controllers.filter { $0.fills.contains(DiagramStyle.accent) }
        #expect(accented.count == 1)
        #expect(accented.first?.texts.contains(visible) == true)
        let others = controllers.filter { $0.texts.contains { ["Home", "Detail"].contains($0) } && !$0.texts.contains(visible) }
        #expect(others.allSatisfy { !$0.fills.contains(DiagramStyle.accent) })
    }

    // MARK: - Determinism and the layout cache

    @Test func renderingTwiceIsByteIdentical() throws {
        let text = try Self.sample()
        let first = try Self.render(text, file: "uikit-containers.json")
        let second = try Self.render(text, file: "uikit-containers.json")
        #expect(first.map(\.path) == second.map(\.path))
        for (a, b) in zip(first, second) {
            #expect(Data(a.contents.utf8) == Data(b.contents.utf8), "\(a.path) differs")
        }
    }

    /// The renderer lays out each distinct DOT once (its cache is keyed by the DOT text); a cached
    /// SVG must be what Graphviz gives for that DOT. Captions carry the step number, so state
    /// diagrams of equal hierarchies still differ in DOT; equal hierarchies share one flow node.
    @Test func identicalDOTGivesIdenticalSVG() throws {
        let files = try Self.render(Self.sample(), file: "uikit-containers.json")
        var svgByDOT: [String: String] = [:]
        for file in files where file.path.hasSuffix(".dot") {
            let svg = try Self.contents(files, String(file.path.dropLast(4)) + ".svg")
            if let earlier = svgByDOT[file.contents] {
                #expect(earlier == svg, "\(file.path) has the DOT of an earlier diagram but another SVG")
            }
            svgByDOT[file.contents] = svg
        }
        // The rendered SVG of a DOT is what GraphvizRenderer gives for it, cached or not.
        let state = try Self.contents(files, "states/005-popToRoot.dot")
        #expect(try Self.contents(files, "states/005-popToRoot.svg") == (try GraphvizRenderer.shared.renderSync(dot: state)))
    }

    @Test func flowDrawsEachDistinctStateOnce() throws {
        let run = ScenarioRunner.run(try ScenarioDecoder.decode(Self.small, file: "small.json"))
        let flow = ScenarioRenderer.flowGraph(run)
        // initial == after the pop == after the no-op pop; after the push is the other.
        #expect(flow.states.count == 2)
    }

    /// An imported capture's step is named by the file it was captured in, in the README and the viewer (a trial's flow
    /// read `snapshot` on every line).
    @Test func anImportedCapturesStepIsNamedByItsFile() throws {
        let text =
            #"{"navviz": 1, "root": {"navigation": ["Home"], "id": "nav"}, "steps": ["#
            + #"{"op": "snapshot", "note": "Captured in 02. product.txt. Note: something.", "hierarchy": "#
            + #"{"id": "nav", "kind": "navigation", "children": [{"id": "Home", "kind": "controller", "children": []}, "#
            + #"{"id": "Product", "kind": "controller", "children": []}]}}]}"#
        let run = ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "flow.json"))
        let files = try ScenarioRenderer(options: Self.options { $0.dotOnly = true }).render(run)
        #expect(try Self.contents(files, "README.md").contains("## 1. snapshot (02. product.txt)\n"))
        #expect(try Self.contents(files, "index.html").contains("<span class=\"n\">1</span> snapshot (02. product.txt)"))
    }

    /// README.md and index.html say how to draw what folded boxes fold (a readability trial found it nowhere); not when
    /// everything is drawn.
    @Test(arguments: [false, true])
    func theDocsSayHowToUnfold(expandAll: Bool) throws {
        let files = try Self.smallDOTFiles { $0.expandAll = expandAll }
        #expect(
            try Self.contents(files, "README.md").contains(
                "render with `--expand all` to draw every controller, or `--focus ID` to draw one container in full.") == !expandAll)
        #expect(
            try Self.contents(files, "index.html").contains(
                "render with <code>--expand all</code> to draw every controller, or <code>--focus ID</code> to draw one container in full.")
                == !expandAll)
    }

    /// Without pictures, index.html shows the text the render wrote, and says so: Mermaid for `--format mermaid` (a trial
    /// found Graphviz's DOT there), DOT for `--format dot`.
    @Test(arguments: [true, false])
    func aRenderWithoutPicturesShowsItsTextInTheViewer(mermaid: Bool) throws {
        let files = try Self.smallDOTFiles { $0.mermaid = mermaid }
        let page = try Self.contents(files, "index.html")
        #expect(page.contains("flowchart TB") == mermaid)
        #expect(page.contains("digraph navviz") == !mermaid)
        #expect(page.contains("No pictures: this render wrote the diagrams as \(mermaid ? "Mermaid" : "DOT") text only"))
    }

    @Test func clusteredStateRendersByteIdenticallyFiveHundredTimes() throws {
        let files = try Self.render(Self.sample(), file: "uikit-containers.json", options: Self.options { $0.dotOnly = true })
        let dot = try Self.contents(files, "states/014-expand.dot")
        #expect(dot.contains("subgraph cluster"))
        let first = try GraphvizRenderer.shared.renderSync(dot: dot)
        var differing = 0
        for _ in 1..<500 where try GraphvizRenderer.shared.renderSync(dot: dot) != first {
            differing += 1
        }
        #expect(differing == 0)
    }

    // MARK: - Hostile text

    static let hostile = [
        "<script>alert(1)</script>",
        "\"quotes\" and 'single'",
        "back\\slash \\N \\G",
        "&amp; &lt; &",
        "bell\u{07}escape\u{1B}end",
        "\u{200F}rtl\u{202E}evil",
        "emoji 🧭🚀",
    ]

    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Every hostile string as a screen name, a title, a class and a note.
    static var hostileScenario: String {
        let screens = hostile.enumerated().map { index, text in
            "\(jsonString("S\(index) " + text)): { \"class\": \(jsonString(text)), \"title\": \(jsonString(text)) }"
        }
        let steps = hostile.indices.map { index in
            "{ \"op\": \"push\", \"node\": \(jsonString("S\(index) " + hostile[index])), \"note\": \(jsonString(hostile[index])) }"
        }
        return """
            { "navviz": 1, "name": \(jsonString("Hostile " + hostile.joined(separator: " "))),
              "screens": { \(screens.joined(separator: ",\n")) },
              "root": { "navigation": [\(jsonString("S0 " + hostile[0]))], "id": "nav" },
              "steps": [\(steps.joined(separator: ",\n"))] }
            """
    }

    /// What a diagram shows of user text: controls and bidi overrides dropped.
    static func shown(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !DOTEscaping.isDropped($0) }))
    }

    @Test func hostileTextStaysTextInSVG() throws {
        let files = try Self.render(Self.hostileScenario, file: "hostile.json")
        let svgs = files.filter { $0.path.hasSuffix(".svg") }
        #expect(svgs.count == 2 * Self.hostile.count + 2)
        var texts: [String] = []
        for file in svgs {
            let outline = try #require(SVGOutline(parsing: file.contents), "\(file.path) is not well-formed XML")
            #expect(!outline.elementNames.contains("script"), "\(file.path)")
            #expect(!file.contents.contains("<script"), "\(file.path)")
            texts += outline.texts + outline.titles
        }
        let all = texts.joined(separator: "\n")
        for text in Self.hostile.map(Self.shown) {
            #expect(all.contains(text), "'\(text)' is not shown as text")
        }
        #expect(all.contains("\u{200F}rtl"))  // the RLM mark is kept
        #expect(!svgs.contains { $0.contents.unicodeScalars.contains("\u{202E}") })  // the override is not
        #expect(!svgs.contains { $0.contents.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" } })
    }

    @Test func hostileTextIsEscapedInHTMLAndMarkdown() throws {
        let files = try Self.render(Self.hostileScenario, file: "hostile.json")
        let html = try Self.contents(files, "index.html")
        #expect(html.components(separatedBy: "<script").count == 2)  // the viewer's own, once
        #expect(html.contains("<script>\nfunction navvizZoom(targets) {"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("&amp;amp; &amp;lt; &amp;"))
        #expect(!html.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
        for svg in Self.inlineSVGs(html) {
            #expect(SVGOutline(parsing: svg) != nil, "an inlined SVG is not well-formed")
        }
        let readme = try Self.contents(files, "README.md")
        // Raw HTML only ever inside code spans, which CommonMark shows as text.
        #expect(readme.contains("`S0 <script>alert(1)</script>`"))
        #expect(!Self.outsideCodeSpans(readme).contains("<script>"))
        #expect(!readme.contains("\\<"))
    }

    /// Markdown with every code span (a run of backticks, text, the same run) removed.
    static func outsideCodeSpans(_ markdown: String) -> String {
        var out = ""
        var rest = Substring(markdown)
        while let open = rest.firstIndex(of: "`") {
            out += rest[..<open]
            let fence = rest[open...].prefix { $0 == "`" }
            let body = rest[fence.endIndex...]
            guard let close = body.range(of: String(fence)) else { return out + rest[open...] }
            rest = body[close.upperBound...]
        }
        return out + rest
    }

    /// The top-level index says how long each run is; a capture, one state, is not "0 steps", which read as empty (a
    /// readability trial).
    @Test func theTopLevelIndexSaysACaptureIsOneState() {
        let index = DocsWriter.index([("a", "A", 0, 0, "a.txt"), ("b", "B", 1, 0, "b.json"), ("c", "C", 2, 1, "c.json")])
        #expect(index.contains(#"<a href="a/index.html">A</a> — one state, no steps · "#))
        #expect(index.contains(#"<a href="b/index.html">B</a> — 1 step · "#))
        #expect(index.contains(#"<a href="c/index.html">C</a> — 2 steps <strong>(1 expectation failed)</strong> · "#))
    }

    @Test(arguments: ["small", "sample", "hostile"])
    func indexHTMLHasUniqueIDs(name: String) throws {
        let text =
            switch name {
            case "small": Self.small
            case "sample": try Self.sample()
            default: Self.hostileScenario
            }
        let html = try Self.contents(try Self.render(text, file: "\(name).json"), "index.html")
        var ids: [String] = []
        var rest = html[...]
        while let start = rest.range(of: " id=\"") {
            let end = try #require(rest[start.upperBound...].firstIndex(of: "\""))
            ids.append(String(rest[start.upperBound..<end]))
            rest = rest[end...]
        }
        #expect(ids.count > 10)
        let duplicates = Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(duplicates.isEmpty)
        // On a phone's width the steps go above the step shown (a readability trial's list kept 260 px of 390).
        #expect(html.contains("@media (max-width: 700px) {\n  body { flex-direction: column; height: auto; }"))
    }

    /// The page is kept in parts (each inlined SVG one of them), never joined in memory: a 2,000-step run's
    /// page is some 70 MB. Written one after another, the parts are the page.
    @Test func indexHTMLKeepsEachInlinedSVGAsItsOwnPart() throws {
        let files = try Self.render(Self.small)
        let page = try #require(files.first { $0.path == "index.html" })
        let svgs = page.parts.filter { $0.hasPrefix("<svg") }
        // Three steps after the initial state: four states and three transitions.
        #expect(svgs.count == 7)
        #expect(svgs.allSatisfy { $0.hasSuffix("</svg>\n") || $0.hasSuffix("</svg>") })
        // The flow's own part holds the eighth.
        #expect(page.parts.filter { $0.contains("<svg") }.count == 8)
        #expect(Self.inlineSVGs(page.contents).dropLast() == svgs.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        #expect(page.contents.hasPrefix("<!DOCTYPE html>") && page.contents.hasSuffix("</html>\n"))
        let tempDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-parts-\(getpid())")
        try FileManager.default.createDirectory(at: tempDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tempDirectory) }
        let path = tempDirectory.appendingPathComponent("index.html").path
        try NewFile.write(parts: page.parts, to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == page.contents)
        #expect(page.byteCount == page.contents.utf8.count)
        #expect(throws: NewFileError.self) { try NewFile.write(parts: page.parts, to: path) }
    }

    static func inlineSVGs(_ html: String) -> [String] {
        var svgs: [String] = []
        var rest = html[...]
        while let start = rest.range(of: "<svg"), let end = rest[start.lowerBound...].range(of: "</svg>") {
            svgs.append(String(rest[start.lowerBound..<end.upperBound]))
            rest = rest[end.upperBound...]
        }
        return svgs
    }
}

@Suite struct DocsWriterEscapingTests {
    @Test(arguments: [
        ("the app's root", "the app's root"),
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("a & b", "a &amp; b"),
        ("*bold* [link](x) #1 `code`", "\\*bold\\* \\[link\\](x) \\#1 \\`code\\`"),
        ("two\nlines", "two lines"),
        ("\"quoted\"", "\"quoted\""),
        // Bidi overrides, isolates and C1 controls are dropped, as diagrams drop them (a trial: README.md kept a raw U+202E).
        ("push RTL\u{202E}evil\u{2066}x\u{2069}\u{85}\u{7F}", "push RTLevilx"),
    ])
    func markdownEscapingKeepsProseReadable(input: String, expected: String) {
        #expect(DocsWriter.markdown(escaping: input) == expected)
    }

    /// Code spans show their text literally in CommonMark: no backslash or entity escapes inside, a fence
    /// longer than any backtick run, padding where the text touches the fence.
    @Test(arguments: [
        ("Home.viewWillAppear", "`Home.viewWillAppear`"),
        ("<Home & *more*> [x]_y_\\z", "`<Home & *more*> [x]_y_\\z`"),
        ("a`b", "``a`b``"),
        ("`tick", "`` `tick ``"),
        ("a``b`", "``` a``b` ```"),
        ("two\nlines\u{1B}[2J", "`two lines[2J`"),
        ("RTL\u{202E}evil\u{9B}", "`RTLevil`"),
    ])
    func codeSpansHoldTheirTextLiterally(input: String, expected: String) {
        #expect(DocsWriter.codeSpan(input) == expected)
    }

    /// index.html explains the diagrams' colours in a folded key (a readability trial found none unless --legend, which
    /// draws one under every diagram); a page with a legend in each diagram, or without pictures, has none.
    @Test func thePageHasAKeyToTheColours() throws {
        let page = try ScenarioRendererTests.contents(try ScenarioRendererTests.render(ScenarioRendererTests.small), "index.html")
        #expect(
            page.contains(
                "<details class=\"key\"><summary>Key</summary><p><span class=\"k\"><span class=\"swatch\" style=\"background: #0969da; border-color: #0969da\"></span><b>visible</b>: the controller in front"
            ))
        #expect(page.contains("<b>removed</b>: a ghost of what was there"))
        for configure in [{ (o: inout RenderOptions) in o.includeLegend = true }, { (o: inout RenderOptions) in o.dotOnly = true }] {
            let other = try ScenarioRendererTests.contents(
                try ScenarioRendererTests.render(ScenarioRendererTests.small, options: ScenarioRendererTests.options(configure)),
                "index.html")
            #expect(!other.contains("<details class=\"key\">"))
        }
    }

    /// index.html drops what README.md drops; line breaks and tabs stay (a `<pre>` of DOT keeps its lines).
    @Test func htmlEscapingDropsInvisibleControls() {
        #expect(DocsWriter.html(escaping: "<b>RTL\u{202E}evil\u{1B}\u{7F}\u{2067}</b>\n\tx") == "&lt;b&gt;RTLevil&lt;/b&gt;\n\tx")
    }

    /// A capture's reading notes fold under the step's first sentence in index.html, a closed list (four lines of
    /// them pushed a real app's diagram below the fold, a readability trial); a plain note stays one paragraph.
    @Test(arguments: [
        ("Tap <Buy>", "<p class=\"note\">Tap &lt;Buy&gt;</p>\n"),
        ("Pay. Note: the card is declined", "<p class=\"note\">Pay. Note: the card is declined</p>\n"),
        (
            "Captured in a.txt. Note: 'X' is drawn as a tab container. Note: 'Y' & 'Z' are drawn as navigation containers.",
            "<p class=\"note\">Captured in a.txt.</p>\n<details class=\"notes\"><summary>2 notes on how the capture was read</summary>"
                + "<ul><li>&#39;X&#39; is drawn as a tab container.</li><li>&#39;Y&#39; &amp; &#39;Z&#39; are drawn as navigation containers.</li></ul></details>\n"
        ),
    ])
    func captureNotesFoldUnderTheFirstSentence(note: String, html: String) {
        #expect(DocsWriter.noteHTML(note) == html)
    }
}
