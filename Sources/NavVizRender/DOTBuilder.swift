import NavVizCore

/// Turns hierarchies, steps and flows into canonical DOT text: the same input always gives the same
/// bytes (fixed statement order, sorted attributes, synthetic ids `n1`, `cluster_2`…, no clocks or
/// addresses). User text appears only in labels and tooltips, escaped with `DOTEscaping`.
/// Pure: no IO; `GraphvizRenderer` turns the text into SVG.
public struct DOTBuilder: Sendable, Equatable {
    /// What the diagrams include and how they are laid out.
    public var options: DiagramOptions

    /// A builder with options.
    public init(options: DiagramOptions = .init()) {
        self.options = options
    }

    /// The boxes in DOT a builder wrote (its `n1`, `n2`… node statements): what Graphviz's layout time grows with.
    /// A focused diagram of a huge hierarchy holds few boxes; `--expand all` holds one per controller.
    public static func boxCount(in dot: String) -> Int {
        var count = 0
        for line in dot.utf8.split(separator: UInt8(ascii: "\n")) {
            let statement = line.drop { $0 == UInt8(ascii: " ") }
            guard statement.first == UInt8(ascii: "n") else { continue }
            let afterID = statement.dropFirst().drop { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            guard afterID.count < statement.count - 1, let next = afterID.first else { continue }
            // `n12 [label=…];` or `n12;`, not `n12 -> n13 …;`.
            if next == UInt8(ascii: ";") || (next == UInt8(ascii: " ") && afterID.dropFirst().first == UInt8(ascii: "[")) { count += 1 }
        }
        return count
    }

    /// The legend alone, as a diagram of its own (`--legend`).
    public func legend() -> String {
        var emitter = SceneEmitter(options: options)
        var writer = DOTWriter()
        writer.open("digraph navviz_legend")
        writeDefaults(into: &writer, graph: [:])
        emitter.writeLegend(into: &writer, includesChanges: true)
        emitter.writeEdges(into: &writer)
        writer.close()
        return writer.text
    }

    /// The graph, node and edge defaults every diagram starts with.
    func writeDefaults(into writer: inout DOTWriter, graph extra: DOTAttributes) {
        if extra.isEmpty {
            writer.statement(Self.defaultStatements.graph)
        } else {
            var graph = Self.graphDefaults
            for (key, value) in extra.pairs { graph[key] = value }
            writer.defaults("graph", graph)
        }
        writer.statement(Self.defaultStatements.node)
        writer.statement(Self.defaultStatements.edge)
    }

    private static let graphDefaults: DOTAttributes = [
        "compound": .constant("true"),
        "fontcolor": .constant(DiagramStyle.text),
        "fontname": .constant(DiagramStyle.font),
        "fontsize": .constant(DiagramStyle.fontSize),
        "newrank": .constant("true"),
        "nodesep": .constant("0.25"),
        "rankdir": .constant("TB"),
        "ranksep": .constant("0.35"),
    ]

    /// The three default statements, written once (every diagram starts with them).
    private static let defaultStatements: (graph: String, node: String, edge: String) = {
        let node: DOTAttributes = [
            "color": .constant(DiagramStyle.border),
            "fillcolor": .constant(DiagramStyle.inWindowFill),
            "fontcolor": .constant(DiagramStyle.text),
            "fontname": .constant(DiagramStyle.font),
            "fontsize": .constant(DiagramStyle.fontSize),
            "margin": .constant("0.12,0.05"),
            "shape": .constant("box"),
            "style": .constant("filled,rounded"),
        ]
        let edge: DOTAttributes = [
            "arrowsize": .constant("0.7"),
            "color": .constant(DiagramStyle.border),
            "fontcolor": .constant(DiagramStyle.subtleText),
            "fontname": .constant(DiagramStyle.font),
            "fontsize": .constant("9"),
        ]
        return ("graph " + graphDefaults.rendered + ";", "node " + node.rendered + ";", "edge " + edge.rendered + ";")
    }()
}
