/// How wide Graphviz will draw a scene, estimated before it is laid out: text measured with Arial's
/// advance widths (the font the diagrams name, and the metrics Graphviz's portable mode uses), boxes with
/// their margins, and a container's children side by side as `dot` ranks them. A transition uses it to
/// choose between its panels side by side and one above the other; it errs wide, so a diagram it lets
/// through side by side fits.
extension DiagramScene {
    /// The estimated width in points; `clusterFontSize` is the size of container titles.
    func estimatedWidth(clusterFontSize: Double) -> Double {
        let window =
            TextWidth.of("UIWindow", size: 10, bold: true) + TextWidth.of(" · \(device.rawValue)", size: 10) + 2 * TextWidth.nodeMargin
        let content = roots.map { $0.estimatedWidth(clusterFontSize: clusterFontSize) }
        return max(window, content.reduce(0, +) + TextWidth.nodeSeparation * Double(max(0, content.count - 1)))
    }
}

extension DiagramItem {
    /// The item with its presentations, which `dot` puts below it and partly beside it (counted at 0.6 of
    /// their width: on the samples the estimate then stays at or above Graphviz's width).
    func estimatedWidth(clusterFontSize: Double) -> Double {
        let own = isContainer ? containerWidth(clusterFontSize: clusterFontSize) : leafWidth
        return presentations.reduce(own) { $0 + TextWidth.nodeSeparation + 0.6 * $1.estimatedWidth(clusterFontSize: clusterFontSize) }
    }

    private var leafWidth: Double {
        var widths = [TextWidth.of(headline, size: 10, bold: true), TextWidth.of(classLine, size: 8)]
        if let slot { widths.append(TextWidth.of(slot, size: 8)) }
        widths.append(TextWidth.of(badgeWords.joined(separator: " · "), size: 8, bold: true))
        // Graphviz draws no box narrower than 0.75 in.
        return max(widths.max()! + 2 * TextWidth.nodeMargin, TextWidth.minimumNodeWidth)
    }

    private func containerWidth(clusterFontSize: Double) -> Double {
        var widths: [Double] = []
        if let slot { widths.append(TextWidth.of(slot, size: 8)) }
        if node.kind == .controller {
            widths.append(TextWidth.of(node.displayName, size: clusterFontSize, bold: true))
            widths.append(TextWidth.of(classLine, size: 8))
        } else {
            widths.append(
                TextWidth.of(DiagramStyle.shownClassName(of: node), size: clusterFontSize, bold: true)
                    + TextWidth.of(" · " + node.id.rawValue, size: clusterFontSize))
        }
        if let details { widths.append(TextWidth.of(details, size: 8)) }
        widths.append(TextWidth.of(badgeWords.joined(separator: " · "), size: 8, bold: true))
        let children = self.children.map { $0.estimatedWidth(clusterFontSize: clusterFontSize) }
        let content = children.reduce(0, +) + TextWidth.nodeSeparation * Double(max(0, children.count - 1))
        return max(widths.max()!, content) + 2 * TextWidth.clusterMargin
    }
}

/// Text widths from Arial's (Helvetica's) advance widths, in points.
enum TextWidth {
    /// A node's horizontal margin (`margin=0.12`), in points.
    static let nodeMargin = 0.12 * 72
    /// Graphviz's default smallest node width (`width=0.75`), in points.
    static let minimumNodeWidth = 0.75 * 72
    /// `nodesep=0.25`, in points.
    static let nodeSeparation = 0.25 * 72
    /// Graphviz's space between a cluster's border and its content, in points.
    static let clusterMargin = 8.0

    /// The width of one line of text at `size` points; bold is about 7% wider in Arial.
    static func of(_ text: String, size: Double, bold: Bool = false) -> Double {
        let units = text.unicodeScalars.reduce(0) { $0 + advance($1) }
        return Double(units) * size / 1000 * (bold ? 1.07 : 1)
    }

    /// Advance widths of printable ASCII (space to `~`) in thousandths of an em, from Helvetica's AFM.
    private static let ascii: [Int] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
    ]

    /// One character's advance width in thousandths of an em (556, a digit's, for anything not listed).
    static func advance(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x20...0x7E: ascii[Int(scalar.value) - 0x20]
        case 0xB7: 278  // ·
        case 0x2014, 0x2026: 1000  // — …
        case 0x2212: 584  // −
        default: 556
        }
    }
}

extension Markup {
    /// The estimated width of a table of text rows (its widest row, with the cells' padding). Tags are
    /// skipped and an entity (`&amp;`) counts as the one character it stands for.
    func estimatedTableWidth(size: Double) -> Double {
        var widest = 0
        var row = 0
        var inTag = false
        var entity: [Unicode.Scalar]?
        var tag: [Unicode.Scalar] = []
        for scalar in raw.unicodeScalars {
            if inTag {
                if scalar == ">" {
                    inTag = false
                    if tag.starts(with: "/TR".unicodeScalars) {
                        widest = max(widest, row)
                        row = 0
                    }
                } else if tag.count < 3 {
                    tag.append(scalar)
                }
            } else if entity != nil {
                if scalar == ";" {
                    row += TextWidth.advance(Self.entities[String(String.UnicodeScalarView(entity!))] ?? "?")
                    entity = nil
                } else {
                    entity!.append(scalar)
                }
            } else if scalar == "<" {
                inTag = true
                tag = []
            } else if scalar == "&" {
                entity = []
            } else {
                row += TextWidth.advance(scalar)
            }
        }
        return Double(max(widest, row)) * size / 1000 + 8
    }

    /// The characters the escaper writes as entities.
    private static let entities: [String: Unicode.Scalar] = ["lt": "<", "gt": ">", "quot": "\"", "#39": "'", "amp": "&"]
}
