import NavVizCore
import NavVizScenario

/// The README.md and index.html of a rendered scenario, and the top-level index of several.
public enum DocsWriter {
    /// A step's note in index.html. A capture's reading notes (`Captured in home.txt. Note: …. Note: ….`) fold into
    /// a closed list under the first sentence: four lines of `--kind` notes pushed a real app's diagram below the
    /// fold (a readability trial).
    static func noteHTML(_ note: String) -> String {
        // Only what navviz wrote (a capture's note starts so): a user's own note stays as written.
        var parts = note.hasPrefix("Captured in ") ? note.split(separator: ". Note: ", omittingEmptySubsequences: false) : [note[...]]
        guard parts.count > 1 else { return "<p class=\"note\">\(html(escaping: note))</p>\n" }
        if parts[parts.count - 1].hasSuffix(".") { parts[parts.count - 1] = parts[parts.count - 1].dropLast() }
        let notes = parts.dropFirst().map { "<li>\(html(escaping: String($0))).</li>" }.joined()
        let count = parts.count - 1
        return
            "<p class=\"note\">\(html(escaping: String(parts[0]))).</p>\n<details class=\"notes\"><summary>\(count) note\(count == 1 ? "" : "s") "
            + "on how the capture was read</summary><ul>\(notes)</ul></details>\n"
    }

    /// The text without the scalars past ASCII that a diagram drops (C1 controls, the bidi embeddings, overrides and
    /// isolates): a README or a page with a raw RIGHT-TO-LEFT OVERRIDE in a name shows the text after it reordered (a
    /// trial; GitHub flags such files).
    static func withoutInvisibleControls(_ text: String) -> String {
        func dropped(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x80 && DOTEscaping.isDropped(scalar) }
        guard text.unicodeScalars.contains(where: dropped) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !dropped($0) }))
    }

    /// Escapes text for HTML element content and attribute values (controls other than line breaks and
    /// tabs are dropped).
    public static func html(escaping text: String) -> String {
        DOTEscaping.replacing(withoutInvisibleControls(text)) {
            switch $0 {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            case "\n", "\t": nil
            case _ where $0.value < 0x20 || $0.value == 0x7F: ""
            default: nil
            }
        }
    }

    /// Escapes text for Markdown prose: no raw HTML (`<`, `>`, `&` become entities), no link, emphasis
    /// or heading syntax (backslash escapes), one line.
    public static func markdown(escaping text: String) -> String {
        DOTEscaping.replacing(withoutInvisibleControls(text)) {
            switch $0 {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\n", "\r": " "
            case "\\", "`", "*", "_", "[", "]", "#", "|", "!": "\\" + String($0)
            case _ where $0.value < 0x20 || $0.value == 0x7F: ""
            default: nil
            }
        }
    }

    /// A CommonMark code span holding `text` literally: inside one, backslashes and entities are not
    /// escapes, so the text is not escaped; the fence is one backtick longer than any run inside, with a
    /// space of padding when the text starts or ends with a backtick. One line, no control characters.
    public static func codeSpan(_ text: String) -> String {
        let line = String(
            String.UnicodeScalarView(
                withoutInvisibleControls(text).unicodeScalars.compactMap {
                    $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : $0.value < 0x20 || $0.value == 0x7F ? nil : $0
                }))
        var longest = 0
        var run = 0
        for character in line.unicodeScalars {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = line.hasPrefix("`") || line.hasSuffix("`") || line.allSatisfy { $0 == " " } ? " \(line) " : line
        return fence + padded + fence
    }

    /// What folded boxes are and how to draw them in full, with `code` marking the commands.
    static func unfoldHint(code: (String) -> String) -> String {
        "A box such as “3 more below” folds controllers a step does not touch (its tooltip names them): render with "
            + "\(code("--expand all")) to draw every controller, or \(code("--focus ID")) to draw one container in full."
    }

    static func statusLine(_ step: RunStep) -> String {
        step.status == .ok ? "ok" : "\(step.status.rawValue)" + (step.outcome.message.map { ": \($0)" } ?? "")
    }

    /// Markdown for docs: each step's note, image, status and visible controller. With
    /// `options.markdownMermaid`, the diagrams are Mermaid blocks (`mermaid`, by `folder/stem`) instead of
    /// links to SVG files.
    public static func markdown(_ run: Run, steps: [RunStep], options: RenderOptions, mermaid: [String: String] = [:]) -> String {
        var out = "# \(markdown(escaping: run.scenario))\n\n"
        // A path as typed, unless it is absolute: committed docs name no one's home folder.
        let source = options.sourceShown ?? (run.file.hasPrefix("/") ? Capture.name(of: run.file, keepExtension: true) : run.file)
        // Standard input is no file's name: said in words (`pbpaste | navviz render -`).
        let from = run.file == "standard input" ? run.file : codeSpan(source)
        out += "Generated by `navviz render` from \(from): \(run.steps.count - 1) step\(run.steps.count == 2 ? "" : "s"). "
        out += "Open `index.html` to step through the diagrams with ← and →."
        // How to unfold, said where the folded boxes are read (a readability trial found it nowhere).
        if !options.expandAll { out += " " + unfoldHint(code: { "`\($0)`" }) }
        out += "\n\n"
        if options.sections.contains(.flow) {
            if options.markdownMermaid, let text = mermaid["flow"] {
                out += "```mermaid\n\(text)```\n\n"
            } else if !options.markdownMermaid, !options.dotOnly {
                out += "![Flow of distinct states](flow.svg)\n\n"
            }
        }
        func image(_ alt: String, _ folder: String, _ stem: String) -> String {
            if options.markdownMermaid, let text = mermaid["\(folder)/\(stem)"] { return "```mermaid\n\(text)```\n\n" }
            return options.dotOnly ? "" : "![\(alt)](\(folder)/\(stem).svg)\n\n"
        }
        for step in steps {
            let stem = ScenarioRenderer.stem(step, count: run.steps.count)
            out += step.index == 0 ? "## Initial state\n\n" : "## \(step.index). \(markdown(escaping: label(step)))\n\n"
            if let note = step.note { out += "\(markdown(escaping: note))\n\n" }
            out += "- Status: \(markdown(escaping: statusLine(step)))\n"
            out += "- Visible: \(codeSpan(step.finder.visible?.rawValue ?? "nothing"))\n"
            // A failed expectation shows where the step is told (a trial: only run.json said which had failed).
            for failure in step.failuresByField { out += "- ✗ Expectation failed: \(markdown(escaping: failure))\n" }
            // What UIKit would log or do differently (a readability trial: the More tab's warning was only in the diagrams).
            for warning in step.outcome.warnings { out += "- ⚠ Warning: \(markdown(escaping: warning))\n" }
            if !step.outcome.events.isEmpty {
                out +=
                    "- Callbacks: " + step.outcome.events.map { codeSpan($0.description) }.joined(separator: ", ") + "\n"
            }
            out += "\n"
            if options.sections.contains(.states) {
                out += image("State after step \(step.index)", "states", stem)
            }
            if options.sections.contains(.transitions), step.index > 0 {
                out += image("Transition of step \(step.index)", "transitions", stem)
            }
        }
        return out
    }

    /// A step's name in the README's headings and the viewer's list: its operation, and for an imported capture
    /// the file it was captured in (a trial's flow read `snapshot` on every line).
    static func label(_ step: RunStep) -> String {
        guard step.op == "snapshot", let note = step.note, note.hasPrefix("Captured in ") else { return step.shownOp }
        // `Captured in FILE.`, then perhaps ` Note: …` (a file name may hold `. `: `02. product.txt`).
        let file = note.dropFirst("Captured in ".count).prefix { $0 != "\n" }
        guard let end = file.range(of: ". Note: ")?.lowerBound ?? (file.hasSuffix(".") ? file.index(before: file.endIndex) : nil) else {
            return step.op
        }
        return "snapshot (\(file[..<end]))"
    }

    /// The key of index.html: each box colour and line of the diagrams, as `--legend` draws them.
    static let keyItems: String = {
        func swatch(_ fill: String, _ border: String, dashed: Bool = false) -> String {
            "<span class=\"swatch\" style=\"background: \(fill); border-color: \(border)\(dashed ? "; border-style: dashed" : "")\"></span>"
        }
        let items = [
            (swatch(DiagramStyle.accent, DiagramStyle.accent), "<b>visible</b>: the controller in front (the thick blue path leads to it)"),
            (swatch(DiagramStyle.onScreenFill, DiagramStyle.border), "<b>on screen</b>: also showing"),
            (swatch(DiagramStyle.inWindowFill, DiagramStyle.border), "<b>in the window</b>: covered, or a container"),
            (swatch(DiagramStyle.offScreenFill, DiagramStyle.offScreenBorder), "<b>off screen</b>: alive, not showing"),
            (swatch(DiagramStyle.offScreenFill, DiagramStyle.offScreenBorder, dashed: true), "<b>dashed</b>: view not loaded"),
            (swatch(DiagramStyle.addedFill, DiagramStyle.addedBorder), "<b>added</b> by the step"),
            (swatch(DiagramStyle.removedFill, DiagramStyle.removedBorder, dashed: true), "<b>removed</b>: a ghost of what was there"),
            (swatch(DiagramStyle.changedFill, DiagramStyle.changedBorder), "<b>changed</b>"),
        ]
        return items.map { "<span class=\"k\">" + $0.0 + $0.1 + "</span>" }.joined(separator: " ")
            + "; a dashed arrow labelled with a style is a presentation. <code>--legend</code> draws this under every state and transition diagram."
    }()

    /// A self-contained viewer: the step list, the state and transition of the selected step, ←/→. The page
    /// comes in parts to be written one after another (each inlined SVG is one), so it is never held twice.
    public static func html(
        _ run: Run, steps: [RunStep], diagrams: [(state: String?, transition: String?)], flow: String?, options: RenderOptions
    ) -> [String] {
        var items = ""
        var panels: [String] = []
        var panel = ""
        // Inlining rewrites every id of every SVG: the largest part of the page's cost, spread over the cores.
        let inlined = Parallel.map(Array(steps.indices)) { offset in
            let (state, transition) = offset < diagrams.count ? diagrams[offset] : (nil, nil)
            return (
                state: state.map { inline($0, prefix: "s\(offset)-", dotOnly: options.dotOnly) },
                transition: transition.map { inline($0, prefix: "t\(offset)-", dotOnly: options.dotOnly) }
            )
        }
        for (offset, step) in steps.enumerated() {
            let status = step.status.rawValue
            items +=
                "<li><button type=\"button\" data-step=\"\(offset)\" data-index=\"\(step.index)\" class=\"status-\(status)\" "
                + "title=\"\(status)\(step.failures.isEmpty ? "" : ", an expectation failed")\"\(step.failures.isEmpty ? "" : " data-failed")>"
                + "<span class=\"n\">\(step.index)</span> \(html(escaping: label(step)))"
            items += " <span class=\"v\">\(html(escaping: step.finder.visible?.rawValue ?? ""))</span></button></li>\n"
            panel += "<section class=\"step\" data-step=\"\(offset)\" hidden>\n"
            panel +=
                "<h2>\(step.index == 0 ? "Initial state" : "Step \(step.index): \(html(escaping: label(step)))") <span class=\"badge status-\(status)\">\(status)</span></h2>\n"
            if let note = step.note { panel += noteHTML(note) }
            if let message = step.outcome.message { panel += "<p class=\"message\">\(html(escaping: message))</p>\n" }
            for failure in step.failuresByField { panel += "<p class=\"failure\">✗ Expectation failed: \(html(escaping: failure))</p>\n" }
            panel += "<p>Visible: <code>\(html(escaping: step.finder.visible?.rawValue ?? "nothing"))</code></p>\n"
            for (caption, svg) in [("Transition", inlined[offset].transition), ("State after the step", inlined[offset].state)] {
                guard let svg else { continue }
                panels += [panel + "<figure><figcaption>\(caption)</figcaption><div class=\"canvas\">", svg]
                panel = "</div></figure>\n"
            }
            panel += "</section>\n"
        }
        panels.append(panel)
        let flowPanel =
            flow.map {
                "<details><summary>Flow of distinct states</summary>\(inline($0, prefix: "flow-", dotOnly: options.dotOnly))</details>"
            } ?? ""
        let format = options.mermaid ? "mermaid" : "dot"
        let textOnly =
            options.dotOnly
            ? "<p class=\"hint\">No pictures: this render wrote the diagrams as \(options.mermaid ? "Mermaid" : "DOT") text only "
                + "(<code>--format \(format)</code>), shown below as text; render without <code>--format</code> for SVG.</p>" : ""
        // What the colours mean, folded, without a diagram to lay out (a readability trial found no key unless --legend,
        // which adds one under every diagram).
        let key = """
            <details class="key"><summary>Key</summary><p>\(keyItems)</p></details>

            """
        let head = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(html(escaping: run.scenario)) — navviz</title>
            <style>
            body { font: 14px -apple-system, system-ui, sans-serif; margin: 0; display: flex; height: 100vh; color: #1f2328; }
            nav { width: 260px; overflow-y: auto; border-right: 1px solid #d0d7de; background: #f6f8fa; }
            nav h1 { font-size: 15px; padding: 12px; margin: 0; }
            nav ol { list-style: none; padding: 0; margin: 0; }
            nav button { width: 100%; text-align: left; border: 0; background: none; padding: 6px 12px; cursor: pointer; font: inherit; }
            nav button[aria-current="true"] { background: #0969da; color: white; }
            nav .n { display: inline-block; width: 2.5em; color: #57606a; }
            nav button[aria-current="true"] .n, nav button[aria-current="true"] .v { color: white; }
            nav .v { color: #57606a; font-size: 12px; }
            .status-rejected .n::after, .status-noop .n::after, .status-dropped .n::after { content: " ⚠"; }
            nav button[data-failed] .n::after { content: " ✗"; color: #cf222e; }
            main { flex: 1; overflow: auto; padding: 16px 24px; }
            .badge { font-size: 12px; padding: 2px 8px; border-radius: 10px; background: #dafbe1; vertical-align: middle; }
            .badge.status-rejected { background: #ffebe9; } .badge.status-noop, .badge.status-dropped { background: #fff8c5; }
            .message, .failure { color: #cf222e; } .note { font-size: 15px; } details.notes { color: #57606a; font-size: 13px; margin: -6px 0 8px; }
            figure { margin: 12px 0; } figcaption { color: #57606a; margin-bottom: 4px; }
            .canvas { overflow: auto; max-height: 78vh; border: 1px solid #eaeef2; border-radius: 6px; cursor: grab; }
            .canvas.dragging { cursor: grabbing; user-select: none; }
            .canvas svg { display: block; }
            pre.dot { background: #f6f8fa; padding: 8px; overflow: auto; }
            details.key { color: #57606a; font-size: 13px; margin: -6px 0 8px; } details.key p { margin: 4px 0; line-height: 1.9; }
            .k { white-space: nowrap; } .swatch { display: inline-block; width: 14px; height: 10px; border: 1px solid; border-radius: 3px; vertical-align: -1px; margin: 0 4px 0 10px; }
            @media (max-width: 700px) {
              body { flex-direction: column; height: auto; }
              nav { width: auto; max-height: 35vh; border-right: 0; border-bottom: 1px solid #d0d7de; }
              main { padding: 12px; }
            }
            </style>
            </head>
            <body>
            <nav aria-label="Steps"><h1>\(html(escaping: run.scenario))</h1><ol>
            \(items)</ol></nav>
            <main>
            <p class="hint">← and → step through the run (the address follows: <code>#step-N</code>);
            + and − zoom, 0 fits the width, Ctrl + wheel or a pinch zooms, drag to pan.\(options.expandAll ? "" : "<br>" + unfoldHint(code: { "<code>\($0)</code>" }))</p>
            \(options.dotOnly || options.includeLegend ? "" : key)\(textOnly)

            """
        let tail = """

            </main>
            <script>
            \(ViewerScript.zoomAndPan)
            (function () {
              var buttons = Array.prototype.slice.call(document.querySelectorAll("nav button"));
              var sections = Array.prototype.slice.call(document.querySelectorAll("section.step"));
              var current = 0;
              var zoomer = navvizZoom(function () {
                return Array.prototype.slice.call(sections[current].querySelectorAll(".canvas svg"));
              });
              function show(i) {
                if (i < 0 || i >= sections.length) return;
                current = i;
                sections.forEach(function (s, j) { s.hidden = j !== i; });
                buttons.forEach(function (b, j) { b.setAttribute("aria-current", j === i ? "true" : "false"); });
                buttons[i].scrollIntoView({ block: "nearest" });
                var hash = "#step-" + buttons[i].dataset.index;
                if (location.hash !== hash) history.replaceState(null, "", hash);
                zoomer.zoom();
              }
              function fromHash() {
                var match = /^#step-(\\d+)$/.exec(location.hash);
                var i = match ? buttons.findIndex(function (b) { return b.dataset.index === match[1]; }) : -1;
                show(i < 0 ? 0 : i);
              }
              buttons.forEach(function (b, j) { b.addEventListener("click", function () { show(j); }); });
              document.addEventListener("keydown", function (e) {
                if (e.key === "ArrowRight" || e.key === "ArrowDown") { show(current + 1); e.preventDefault(); }
                if (e.key === "ArrowLeft" || e.key === "ArrowUp") { show(current - 1); e.preventDefault(); }
              });
              window.addEventListener("hashchange", fromHash);
              fromHash();
            })();
            </script>
            </body>
            </html>

            """
        return [head] + panels + [flowPanel, tail]
    }

    /// An SVG made safe to inline (ids prefixed, XML prolog dropped), or DOT as a code block.
    static func inline(_ diagram: String, prefix: String, dotOnly: Bool) -> String {
        if dotOnly { return "<pre class=\"dot\">\(html(escaping: diagram))</pre>" }
        var svg = SVGPostProcessor.uniquifyIDs(svg: diagram, prefix: prefix)
        let bytes = Array(svg.utf8)
        if let start = firstRange(of: Array("<svg".utf8), in: bytes[...], from: 0) {
            svg = String(decoding: bytes[start.lowerBound...], as: UTF8.self)
        }
        return svg
    }

    /// The top-level index when several scenarios are rendered; a name two scenarios share is followed by each one's file
    /// (a trial could not tell two `Chats` apart).
    public static func index(_ entries: [(folder: String, scenario: String, steps: Int, failures: Int, file: String)]) -> String {
        var rows = ""
        var named: [String: Int] = [:]
        for entry in entries { named[entry.scenario, default: 0] += 1 }
        for entry in entries {
            let file = named[entry.scenario, default: 0] > 1 ? " <small>(\(html(escaping: entry.file)))</small>" : ""
            // A capture is one state: "0 steps" read as empty (a readability trial).
            let steps = entry.steps == 0 ? "one state, no steps" : "\(entry.steps) step\(entry.steps == 1 ? "" : "s")"
            rows +=
                "<li><a href=\"\(html(escaping: entry.folder))/index.html\">\(html(escaping: entry.scenario))</a>\(file) — \(steps)"
            rows += entry.failures > 0 ? " <strong>(\(entry.failures) expectation\(entry.failures == 1 ? "" : "s") failed)</strong>" : ""
            rows += " · <a href=\"\(html(escaping: entry.folder))/README.md\">README</a></li>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>navviz scenarios</title>
            <style>body { font: 15px -apple-system, system-ui, sans-serif; margin: 32px; } li { margin: 6px 0; }</style>
            </head><body><h1>navviz scenarios</h1><ul>
            \(rows)</ul></body></html>

            """
    }
}
