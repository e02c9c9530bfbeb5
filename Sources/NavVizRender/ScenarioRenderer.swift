import NavVizCore
import NavVizScenario

/// A file of a render, relative to the scenario's output folder.
///
/// Its text is kept in parts, written one after another: `index.html` inlines every SVG of a run, and
/// joining those into one string would hold the page twice (a 2,000-step run's page is some 70 MB).
public struct OutputFile: Sendable, Equatable {
    /// Relative path (`states/001-push.svg`).
    public var path: String
    /// The text, in the order it is written.
    public var parts: [String] { didSet { digest = nil } }
    /// FNV-1a of the text's bytes when it is already known (a diagram hashed as a cache key), so writing
    /// the manifest does not hash it again; nil otherwise.
    public private(set) var digest: UInt64?
    /// The whole text.
    public var contents: String {
        get { parts.count == 1 ? parts[0] : parts.joined() }
        set { parts = [newValue] }
    }
    /// The size of the text in bytes (UTF-8).
    public var byteCount: Int { parts.reduce(0) { $0 + $1.utf8.count } }
    /// A file holding `contents`.
    public init(path: String, contents: String) {
        self.path = path
        parts = [contents]
    }
    /// A file holding `parts` one after another.
    public init(path: String, parts: [String]) {
        self.path = path
        self.parts = parts
    }
    /// A file holding a text whose hash is known.
    public init(path: String, contents: TextKey) {
        self.path = path
        parts = [contents.text]
        digest = contents.digest
    }
    /// Whether both files have the same path and the same text, however it is split.
    public static func == (lhs: OutputFile, rhs: OutputFile) -> Bool {
        lhs.path == rhs.path && lhs.parts.joined().utf8.elementsEqual(rhs.parts.joined().utf8)
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
    /// Write a Mermaid flowchart (`.mmd`) beside each state, transition and flow DOT.
    public var mermaid = false
    /// Embed the Mermaid flowcharts in `README.md` instead of linking the SVGs (GitHub and GitLab draw
    /// them), so docs in a repository need no committed SVG.
    public var markdownMermaid = false
    /// Where Graphviz measures text: the installed fonts, or Arial's widths compiled in (portable SVG).
    public var textMetrics: TextMetrics = .fonts
    /// Draw every node (`--expand all`) instead of folding what the reader does not need.
    public var expandAll = false
    /// A container drawn in full whatever else is folded (`--focus ID`).
    public var focus: NodeID?
    /// How README.md names the scenario file (`../../flows/shop.json`, from the README's folder), when the caller knows
    /// where it writes; nil: as typed, an absolute path by its name alone.
    public var sourceShown: String?

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
    public static func stem(_ step: RunStep, count: Int) -> String { stem(index: step.index, op: step.op, count: count) }

    /// `NNN-op` of step `index` of a run of `count` steps.
    public static func stem(index: Int, op: String, count: Int) -> String {
        // Wide enough for the last index, count - 1 (999 steps after the initial state fit in three digits: a trial's
        // 1,000-entry run was written with four, and every golden read as renamed).
        let width = max(3, String(max(0, count - 1)).count)
        let number = String(index)
        let safeOp = String(op.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }.map(Character.init))
        return String(repeating: "0", count: max(0, width - number.count)) + number + "-" + safeOp
    }

    /// The diagrams of one run, built (DOT, Mermaid) but not laid out: `navviz render` lays out the DOT of
    /// every plan at once, then assembles each plan's files.
    public struct Plan: Sendable {
        /// What a diagram is.
        enum Kind: Sendable { case state, transition, flow }
        struct Diagram: Sendable {
            var kind: Kind
            /// The step's place in `steps` (not used for the flow).
            var offset: Int
            var folder: String
            var stem: String
            var dot: String
            var mermaid: String?
            var label: String
            /// The DOT as a key, hashed once (set with the DOT).
            var key = TextKey("")
            /// A transition's picture, composed from parts laid out on their own.
            var composition: ComparisonDiagram?
            /// What is laid out for the diagram: its DOT, or a transition's parts.
            var layouts: [TextKey] = []
        }
        /// The run.
        public let run: Run
        /// The steps drawn (all, or `--step N`).
        let steps: [RunStep]
        let diagrams: [Diagram]

        /// Every DOT text the plan lays out, in order (repeats included): a transition's are its parts.
        public var dots: [String] { keys.map(\.text) }
        /// The same DOT texts as keys, each hashed once.
        public var keys: [TextKey] { diagrams.flatMap(\.layouts) }
    }

    /// Builds every diagram of `run` without laying any out, on every core (each diagram depends only on
    /// its steps, so the order of the plan, and every byte of it, is the same as one at a time). `ready` is told each DOT
    /// text the plan lays out as soon as it is made (from any thread, maybe more than once), so its layout can start while
    /// the rest of the plan is built.
    public func plan(_ run: Run, ready: (@Sendable (TextKey) -> Void)? = nil) -> Plan {
        let builder = DOTBuilder(options: options.diagramOptions)
        let mermaidBuilder = MermaidBuilder(options: options.diagramOptions)
        let wantsMermaid = options.mermaid || options.markdownMermaid
        let steps = run.steps.filter { options.step == nil || $0.index == options.step }
        // The flow first: it reads every step, the longest job, and last it was one core's tail while the other idled.
        var jobs: [(kind: Plan.Kind, offset: Int)] = options.sections.contains(.flow) ? [(.flow, 0)] : []
        for (offset, step) in steps.enumerated() {
            if options.sections.contains(.states) { jobs.append((.state, offset)) }
            if options.sections.contains(.transitions), step.index > 0 { jobs.append((.transition, offset)) }
        }
        // Each state drawn once: for its own diagram (unless it has a legend) and as both transitions' panels.
        let panelSteps =
            options.sections.contains(.transitions)
            ? Array(Set(steps.flatMap { [$0.index - 1, $0.index] }.filter { $0 >= 0 })).sorted() : []
        let panelIndex = Dictionary(uniqueKeysWithValues: panelSteps.enumerated().map { ($1, $0) })
        // A drawn step's panel is its state's diagram too (without a legend): laid out for certain, so told at once.
        let drawnStates = options.sections.contains(.states) && !options.includeLegend ? Set(steps.map(\.index)) : []
        let panels = Parallel.map(panelSteps, yielding: ready != nil) { index in
            let picture = builder.panelState(run.steps[index].hierarchy, finder: run.steps[index].finder)
            let key = TextKey(picture.dot)
            if drawnStates.contains(index) { ready?(key) }
            return (picture: picture, key: key)
        }
        @Sendable func diagram(_ kind: Plan.Kind, _ offset: Int) -> Plan.Diagram {
            guard kind != .flow else {
                var graph = Self.flowGraph(run)
                // `--step N`: its arrow stands out (a trial looked for `36 · present` in a flow 2,776 pt tall).
                graph.marked = options.step
                let dot = builder.flow(graph)
                let key = TextKey(dot)
                ready?(key)
                return Plan.Diagram(
                    kind: .flow, offset: 0, folder: "", stem: "flow", dot: dot, mermaid: wantsMermaid ? mermaidBuilder.flow(graph) : nil,
                    label: "flow", key: key, layouts: [key])
            }
            let step = steps[offset]
            var diagram = Plan.Diagram(
                kind: kind, offset: offset, folder: "states", stem: Self.stem(step, count: run.steps.count), dot: "", mermaid: nil,
                label: Self.caption(step))
            if kind == .state {
                if !options.includeLegend, let panel = panelIndex[step.index].map({ panels[$0] }) {
                    diagram.dot = panel.picture.dot
                    diagram.key = panel.key
                } else {
                    diagram.dot = builder.state(step.hierarchy, finder: step.finder)
                }
                diagram.mermaid = wantsMermaid ? mermaidBuilder.state(step.hierarchy, finder: step.finder) : nil
            } else {
                let before = run.steps[step.index - 1]
                let info = TransitionInfo(index: step.index, op: step.shownOp, outcome: step.outcome, note: step.note)
                diagram.folder = "transitions"
                let sides = [panels[panelIndex[before.index]!], panels[panelIndex[step.index]!]]
                let picture = builder.transitionDiagram(
                    before: before.hierarchy, after: step.hierarchy, beforeFinder: before.finder, afterFinder: step.finder, step: info,
                    states: (sides[0].picture, sides[1].picture))
                diagram.dot = picture.dot
                diagram.composition = picture
                // The panels' keys are the states', hashed once (unless a side was drawn again, with what the step added in
                // full); then the legend's, if any.
                let parts = picture.parts
                diagram.layouts =
                    zip(sides, parts).map { side, part in part == side.picture.dot ? side.key : TextKey(part) }
                    + parts.dropFirst(2).map(TextKey.init)
                diagram.mermaid =
                    wantsMermaid
                    ? mermaidBuilder.transition(
                        before: before.hierarchy, after: step.hierarchy, afterFinder: step.finder,
                        called: Set(step.outcome.events.map(\.controller))) : nil
            }
            if diagram.key.text.isEmpty { diagram.key = TextKey(diagram.dot) }
            if diagram.composition == nil { diagram.layouts = [diagram.key] }
            for key in diagram.layouts { ready?(key) }
            return diagram
        }
        let diagrams = Parallel.map(jobs, yielding: ready != nil) { diagram($0.kind, $0.offset) }
        return Plan(run: run, steps: steps, diagrams: diagrams)
    }

    /// Every output file of one run. `progress` is called before each diagram with (done, total, label).
    /// `layOut` turns DOT into SVG (by default Graphviz in this process; `navviz render` passes the SVG it
    /// laid out in parallel or found in its cache).
    public func render(
        _ run: Run, progress: ((Int, Int, String) -> Void)? = nil, layOut: ((TextKey) throws(RenderError) -> TextKey)? = nil
    ) throws(RenderError) -> [OutputFile] {
        try render(plan(run), progress: progress, layOut: layOut)
    }

    /// Every output file of a plan.
    public func render(
        _ plan: Plan, progress: ((Int, Int, String) -> Void)? = nil, layOut: ((TextKey) throws(RenderError) -> TextKey)? = nil
    ) throws(RenderError) -> [OutputFile] {
        let run = plan.run
        var files: [OutputFile] = []
        var diagrams = [(state: String?, transition: String?)](repeating: (nil, nil), count: plan.steps.count)
        var mermaid: [String: String] = [:]
        var flowSVG: String?
        // Every layout first, one at a time (Graphviz in this process is not thread-safe); then, on every core, each
        // distinct part of a transition made ready to place (once for every transition a state is a side of), and the
        // transitions composed.
        var svgs: [TextKey: TextKey] = [:]
        if !options.dotOnly {
            for (done, diagram) in plan.diagrams.enumerated() {
                progress?(done, plan.diagrams.count, diagram.label)
                for key in diagram.layouts where svgs[key] == nil {
                    if let layOut {
                        svgs[key] = try layOut(key)
                    } else {
                        svgs[key] = TextKey(try GraphvizRenderer.shared.renderSync(dot: key.text, metrics: options.textMetrics))
                    }
                }
            }
        }
        let laidOut = svgs
        var seen = Set<TextKey>()
        let partKeys =
            options.dotOnly ? [] : plan.diagrams.filter { $0.composition != nil }.flatMap(\.layouts).filter { seen.insert($0).inserted }
        let prepared = Dictionary(
            uniqueKeysWithValues: zip(partKeys, Parallel.map(partKeys) { SVGPart.prepared(laidOut[$0]!.text, key: $0) }))
        let diagramList = plan.diagrams
        // With the run's JSON, one more task of the same size as a few transitions, first.
        var composed = try Parallel.map([-1] + Array(diagramList.indices)) { index -> Result<String?, RenderError> in
            guard index >= 0 else { return .success(RunEncoder.text(run)) }
            guard let composition = diagramList[index].composition, !laidOut.isEmpty else { return .success(nil) }
            var parts: [SVGPart] = []
            for key in diagramList[index].layouts {
                guard let part = prepared[key] ?? nil else { return .failure(ComparisonDiagram.notGraphvizSVG) }
                parts.append(part)
            }
            do throws(RenderError) {
                return .success(try composition.svg(prepared: parts))
            } catch {
                return .failure(error)
            }
        }.map { result throws(RenderError) in try result.get() }
        let runJSON = composed.removeFirst()!
        for (index, diagram) in plan.diagrams.enumerated() {
            let path = diagram.folder.isEmpty ? diagram.stem : "\(diagram.folder)/\(diagram.stem)"
            files.append(OutputFile(path: "\(path).dot", contents: diagram.key))
            if let text = diagram.mermaid {
                mermaid[path] = text
                if options.mermaid { files.append(OutputFile(path: "\(path).mmd", contents: text)) }
            }
            // Without pictures, the page shows the text this render wrote: the Mermaid of `--format mermaid` (a trial
            // opened index.html and found Graphviz's DOT where it had asked for Mermaid).
            var image = options.dotOnly && options.mermaid ? (mermaid[path] ?? diagram.dot) : diagram.dot
            if !options.dotOnly {
                if let svg = composed[index] {
                    image = svg
                    files.append(OutputFile(path: "\(path).svg", contents: svg))
                } else {
                    let svg = laidOut[diagram.key]!
                    image = svg.text
                    files.append(OutputFile(path: "\(path).svg", contents: svg))
                }
            }
            switch diagram.kind {
            case .state: diagrams[diagram.offset].state = image
            case .transition: diagrams[diagram.offset].transition = image
            case .flow: flowSVG = image
            }
        }
        files.append(OutputFile(path: "run.json", contents: runJSON))
        files.append(
            OutputFile(path: "README.md", contents: DocsWriter.markdown(run, steps: plan.steps, options: options, mermaid: mermaid)))
        files.append(
            OutputFile(
                path: "index.html",
                parts: DocsWriter.html(run, steps: plan.steps, diagrams: diagrams, flow: flowSVG, options: options)))
        return files.sorted { $0.path < $1.path }
    }

    /// `3. push Product — Tap a product` style caption.
    public static func caption(_ step: RunStep) -> String {
        var text = step.index == 0 ? "Initial state" : "\(step.index). \(step.shownOp)"
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
                graph.add(FlowGraph.Step(index: step.index, op: step.shownOp, status: step.status, from: previous, to: key))
            }
            previous = key
        }
        return graph
    }
}
