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
        for step in flow.steps {
            guard let from = ids[step.from], let to = ids[step.to] else { continue }
            var text = "\(step.index) · \(step.op)"
            var attributes: DOTAttributes = [:]
            if let color = DiagramStyle.banner(for: step.status) {
                text += " · " + step.status.rawValue
                attributes.set("color", color)
                attributes.set("fontcolor", color)
                attributes.set("style", "dashed")
            }
            // Two spaces each side: Graphviz packs the labels of two arrows between the same boxes (a step and its way
            // back) with no room between them, and a viewer's font a hair wider than the one measured ran them into
            // each other and into the other arrow ("8 · select9 · select", a trial).
            attributes["label"] = .label("  \(text)  ")
            attributes["tooltip"] = .tooltip(text)
            writer.edge(from, to, attributes)
        }
        writer.close()
        return writer.text
    }
}
