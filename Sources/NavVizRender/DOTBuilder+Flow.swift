import NavVizCore

extension DOTBuilder {
    /// The flow: one box per distinct state (named by the steps that end in it, with its visible controller
    /// and path), one arrow per step labelled `index · op`, and the status when not `ok`.
    public func flow(_ flow: FlowGraph) -> String {
        var writer = DOTWriter()
        writer.open("digraph navviz_flow")
        writeDefaults(into: &writer, graph: [:])
        var ids: [String: String] = [:]
        let names = flow.stateNames()
        let start = "n1"
        writer.node(
            start,
            [
                "color": .constant(DiagramStyle.windowFill), "fillcolor": .constant(DiagramStyle.windowFill),
                "shape": .constant("circle"), "style": .constant("filled"), "tooltip": .tooltip("start"),
                "width": .constant("0.15"), "label": .label(""),
            ])
        for (offset, state) in flow.states.enumerated() {
            let id = "n\(offset + 2)"
            ids[state.key] = id
            let name = names[state.key] ?? "state"
            var lines: [Markup] = [.font(.text(name), size: DiagramStyle.smallFontSize, color: DiagramStyle.subtleText)]
            lines.append(.bold(.text(state.visible.map { DiagramStyle.capped($0) } ?? "no root")))
            for line in state.pathLines() {
                lines.append(.font(.text(line), size: DiagramStyle.smallFontSize, color: DiagramStyle.subtleText))
            }
            writer.node(
                id,
                [
                    "label": .html(.lines(lines)),
                    "tooltip": .tooltip(name + ": " + (state.visible ?? "no root")),
                ])
        }
        if let first = flow.states.first, let id = ids[first.key] {
            writer.edge(start, id, ["color": .constant(DiagramStyle.windowFill)])
        }
        /// `3 · push`, with the status when it is not `ok`.
        func text(_ step: FlowGraph.Step) -> String {
            "\(step.index) · \(step.op)" + (DiagramStyle.banner(for: step.status) == nil ? "" : " · " + step.status.rawValue)
        }
        // The steps that stayed in one state are one loop, a line each in its step's colour, at the first one's place:
        // Graphviz nests a box's loops and runs the second one's arrow through the first one's label (a trial read
        // "noop" struck through).
        var loops: [String: [FlowGraph.Step]] = [:]
        for step in flow.steps where step.from == step.to { loops[step.from, default: []].append(step) }
        for step in flow.steps {
            guard let from = ids[step.from], let to = ids[step.to] else { continue }
            var steps = [step]
            if step.from == step.to {
                guard let loop = loops.removeValue(forKey: step.from) else { continue }
                steps = loop
            }
            var attributes: DOTAttributes = [:]
            if let color = steps.lazy.compactMap({ DiagramStyle.banner(for: $0.status) }).first {
                attributes.set("color", color)
                attributes.set("fontcolor", color)
                attributes.set("style", "dashed")
            }
            // Two spaces each side: Graphviz packs the labels of two arrows between the same boxes (a step and its way
            // back) with no room between them, and a viewer's font a hair wider than the one measured ran them into
            // each other and into the other arrow ("8 · select9 · select", a trial).
            if steps.count == 1 {
                attributes["label"] = .label("  \(text(step))  ")
            } else {
                attributes["label"] = .html(
                    .lines(
                        steps.map { step in
                            .font(.text("  \(text(step))  "), color: DiagramStyle.banner(for: step.status) ?? DiagramStyle.subtleText)
                        }))
            }
            attributes["tooltip"] = .tooltip(steps.map(text).joined(separator: "; "))
            writer.edge(from, to, attributes)
        }
        writer.close()
        return writer.text
    }
}
