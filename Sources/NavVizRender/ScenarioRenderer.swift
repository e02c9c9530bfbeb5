import NavVizCore
import NavVizScenario

/// A file of a render, relative to the scenario's output folder.
public struct OutputFile: Sendable, Equatable {
    /// Relative path (`states/001-push.svg`).
    public var path: String
    /// The text.
    public var contents: String
    /// A file.
    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// What `navviz render` draws.
public struct RenderOptions: Sendable, Equatable {
    /// Which diagram families.
    public enum Section: String, Sendable, CaseIterable { case states, transitions, flow }
    /// The families to draw (all by default).
    public var sections: Set<Section> = Set(Section.allCases)
    /// Only this step (its state and transition), when set.
    public var step: Int?
    /// Add a legend to every state diagram.
    public var includeLegend = false
    /// Write DOT only (no SVG), for machines without fonts or for goldens.
    public var dotOnly = false
    /// Write a Mermaid flowchart (`.mmd`) beside each state and transition's DOT.
    public var mermaid = false
    /// Embed the Mermaid flowcharts in `README.md` instead of linking the SVGs (GitHub and GitLab draw
    /// them), so docs in a repository need no committed SVG.
    public var markdownMermaid = false
    /// Where Graphviz measures text: the installed fonts, or its built-in metrics (portable SVG).
    public var textMetrics: TextMetrics = .fonts
    /// Draw every node (`--expand all`) instead of folding what the reader does not need.
    public var expandAll = false
    /// A container drawn in full whatever else is folded (`--focus ID`).
    public var focus: NodeID?

    /// The diagram options these render options ask for.
    public var diagramOptions: DiagramOptions {
        DiagramOptions(includeLegend: includeLegend, expandAll: expandAll, focus: focus)
    }
    /// Options.
    public init() {}
}

/// Turns a run into the output of `navviz render` (docs/format.md): states, transitions, flow, index.html, README.md,
/// run.json.
public struct ScenarioRenderer: Sendable {
    /// What to draw.
    public var options: RenderOptions

    /// A renderer.
    public init(options: RenderOptions = RenderOptions()) { self.options = options }

    /// `NNN-op`: the file stem of a step's diagrams.
    public static func stem(_ step: RunStep, count: Int) -> String {
        let width = max(3, String(count).count)
        let number = String(step.index)
        let safeOp = String(step.op.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }.map(Character.init))
        return String(repeating: "0", count: max(0, width - number.count)) + number + "-" + safeOp
    }

    /// Every DOT text the render of `run` lays out (without laying any out), in order, repeats included.
    public func dots(_ run: Run) -> [String] {
        guard !options.dotOnly else { return [] }
        var dots: [String] = []
        let collect: (String) throws(RenderError) -> String = { dot in
            dots.append(dot)
            return ""
        }
        do {
            _ = try render(run, layOut: collect)
        } catch {
            return dots
        }
        return dots
    }

    /// Every output file of one run. `progress` is called before each diagram with (done, total, label).
    /// `layOut` turns DOT into SVG (by default Graphviz in this process; `navviz render` passes the SVG it
    /// laid out in parallel or found in its cache).
    public func render(
        _ run: Run, progress: ((Int, Int, String) -> Void)? = nil, layOut: ((String) throws(RenderError) -> String)? = nil
    ) throws(RenderError) -> [OutputFile] {
        let builder = DOTBuilder(options: options.diagramOptions)
        let mermaidBuilder = MermaidBuilder(options: options.diagramOptions)
        let wantsMermaid = options.mermaid || options.markdownMermaid
        var files: [OutputFile] = []
        var cache: [TextKey: String] = [:]
        let steps = run.steps.filter { options.step == nil || $0.index == options.step }
        var diagrams: [(state: String?, transition: String?)] = []
        let total =
            steps.count * ((options.sections.contains(.states) ? 1 : 0) + (options.sections.contains(.transitions) ? 1 : 0))
            + (options.sections.contains(.flow) ? 1 : 0)
        var done = 0
        func svg(_ dot: String) throws(RenderError) -> String {
            let key = TextKey(dot)
            if let cached = cache[key] { return cached }
            let rendered: String
            if let layOut {
                rendered = try layOut(dot)
            } else {
                rendered = try GraphvizRenderer.shared.renderSync(dot: dot, metrics: options.textMetrics)
            }
            cache[key] = rendered
            return rendered
        }
        var mermaid: [String: String] = [:]
        func emit(_ folder: String, _ stem: String, _ dot: String, mermaid text: String? = nil, label: String) throws(RenderError)
            -> String
        {
            progress?(done, total, label)
            done += 1
            files.append(OutputFile(path: "\(folder)/\(stem).dot", contents: dot))
            if let text {
                mermaid["\(folder)/\(stem)"] = text
                if options.mermaid { files.append(OutputFile(path: "\(folder)/\(stem).mmd", contents: text)) }
            }
            guard !options.dotOnly else { return dot }
            let image = try svg(dot)
            files.append(OutputFile(path: "\(folder)/\(stem).svg", contents: image))
            return image
        }
        for step in steps {
            let stem = Self.stem(step, count: run.steps.count)
            let label = Self.caption(step)
            var state: String?
            var transition: String?
            if options.sections.contains(.states) {
                let dot = builder.state(step.hierarchy, finder: step.finder)
                let text = wantsMermaid ? mermaidBuilder.state(step.hierarchy, finder: step.finder) : nil
                state = try emit("states", stem, dot, mermaid: text, label: label)
            }
            if options.sections.contains(.transitions), step.index > 0 {
                let before = run.steps[step.index - 1]
                let info = TransitionInfo(index: step.index, op: step.op, outcome: step.outcome, note: step.note)
                let dot = builder.transition(
                    before: before.hierarchy, after: step.hierarchy, beforeFinder: before.finder, afterFinder: step.finder, step: info)
                let text =
                    wantsMermaid
                    ? mermaidBuilder.transition(before: before.hierarchy, after: step.hierarchy, afterFinder: step.finder) : nil
                transition = try emit("transitions", stem, dot, mermaid: text, label: label)
            }
            diagrams.append((state, transition))
        }
        var flowSVG: String?
        if options.sections.contains(.flow) {
            flowSVG = try emit(".", "flow", builder.flow(Self.flowGraph(run)), label: "flow")
            files = files.map { file in
                var file = file
                if file.path.hasPrefix("./") { file.path.removeFirst(2) }
                return file
            }
        }
        files.append(OutputFile(path: "run.json", contents: RunEncoder.text(run)))
        files.append(OutputFile(path: "README.md", contents: DocsWriter.markdown(run, steps: steps, options: options, mermaid: mermaid)))
        files.append(
            OutputFile(
                path: "index.html", contents: DocsWriter.html(run, steps: steps, diagrams: diagrams, flow: flowSVG, options: options)))
        return files.sorted { $0.path < $1.path }
    }

    /// `3. push Product — Tap a product` style caption.
    public static func caption(_ step: RunStep) -> String {
        var text = step.index == 0 ? "Initial state" : "\(step.index). \(step.op)"
        if let created = step.outcome.created.first, step.index > 0 { text += " \(created)" }
        return text
    }

    /// Distinct states (same canonical snapshot = same node) and the steps between them.
    public static func flowGraph(_ run: Run) -> FlowGraph {
        var graph = FlowGraph()
        var previous: String?
        for step in run.steps {
            let key = JSONWriter.compact(Snapshot.encode(step.hierarchy))
            graph.add(FlowGraph.State(key: key, hierarchy: step.hierarchy, finder: step.finder))
            if let previous, step.index > 0 {
                graph.add(FlowGraph.Step(index: step.index, op: step.op, status: step.status, from: previous, to: key))
            }
            previous = key
        }
        return graph
    }
}
