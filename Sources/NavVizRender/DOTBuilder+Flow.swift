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
        // The steps between the same two states are one arrow, a line for each operation with its steps, in its status's
        // colour: Graphviz nests a box's loops and runs the second one's arrow through the first one's label (a trial read
        // "noop" struck through), and fans out arrows between two boxes (60 tab switches drew a flow 2,725 pt wide).
        for arrow in flow.arrows() {
            guard let from = ids[arrow.from], let to = ids[arrow.to] else { continue }
            var attributes: DOTAttributes = [:]
            if let color = arrow.steps.lazy.compactMap({ DiagramStyle.banner(for: $0.status) }).first {
                attributes.set("color", color)
                attributes.set("fontcolor", color)
                attributes.set("style", "dashed")
            }
            if let marked = flow.marked, arrow.steps.contains(where: { $0.index == marked }) {
                if attributes["color"] == nil { attributes.set("color", DiagramStyle.accent) }
                attributes.set("penwidth", "3")
            }
            // Two spaces each side: Graphviz packs the labels of two arrows between the same boxes (a step and its way
            // back) with no room between them, and a viewer's font a hair wider than the one measured ran them into
            // each other and into the other arrow ("8 · select9 · select", a trial).
            let lines = arrow.lines
            if lines.count == 1 {
                attributes["label"] = .label("  \(lines[0].text)  ")
            } else {
                attributes["label"] = .html(
                    .lines(
                        lines.map { line in
                            .font(.text("  \(line.text)  "), color: DiagramStyle.banner(for: line.status) ?? DiagramStyle.subtleText)
                        }))
            }
            let each = arrow.steps.map { "\($0.index) · \($0.op)" + ($0.status == .ok ? "" : " · " + $0.status.rawValue) }
            attributes["tooltip"] = .tooltip(each.joined(separator: "; "))
            writer.edge(from, to, attributes)
        }
        writer.close()
        return writer.text
    }
}
