/// Rows of text a transition or diff shows beside its panels: the caption, the appearance events.
///
/// In the DOT it is an HTML-like table; in the SVG navviz draws it itself, a `<text>` per row and a
/// `<tspan>` per run of one style, so the rows need no Graphviz layout of their own (a transition had two,
/// as many as its panels). Rows are left aligned, so only the width needs measuring: Arial's advance
/// widths, wide scripts counted an em per character.
struct TextBlock: Sendable, Equatable {
    /// A run of one style.
    struct Span: Sendable, Equatable {
        var text: String
        var bold = false
        var color: String?
    }

    /// A line, on an optional background (a status banner).
    struct Row: Sendable, Equatable {
        var spans: [Span]
        var background: String?
    }

    var rows: [Row]
    /// A rule around the rows (the events table).
    var border = false

    /// One row of one span.
    static func row(_ text: String, bold: Bool = false, color: String? = nil, background: String? = nil) -> Row {
        Row(spans: [Span(text: text, bold: bold, color: color)], background: background)
    }

    /// The table as DOT markup.
    var markup: Markup {
        .table(
            rows.map { row in
                let cell = row.spans.reduce(Markup.empty) { cell, span in
                    var markup = Markup.text(span.text)
                    if span.bold { markup = .bold(markup) }
                    if let color = span.color { markup = .font(markup, color: color) }
                    return cell + markup
                }
                return (cell, background: row.background)
            }, border: border ? 1 : 0)
    }

    // MARK: - SVG

    static let fontSize = 10.0
    /// A row: a line of 10 pt text (12 pt, as Graphviz sets it) and the cell's padding of 3 pt above and below.
    static let rowHeight = 18.0
    static let padding = 3.0

    /// The width and height it takes, in points.
    var size: (width: Double, height: Double) {
        let frame = border ? 2.0 : 0
        let widest = rows.map { row in row.spans.reduce(0) { $0 + Self.width(of: $1) } }.max() ?? 0
        return ((widest + 2 * Self.padding + frame).rounded(.up), Double(rows.count) * Self.rowHeight + frame)
    }

    /// The block drawn with its top left corner at (`x`, `y`).
    func svg(x: Double, y: Double, id: String) -> String {
        let (width, height) = size
        let frame = border ? 1.0 : 0
        let n = ComparisonComposer.number
        var out = "<g id=\"\(id)\" class=\"text\">\n"
        for (index, row) in rows.enumerated() {
            let top = y + frame + Double(index) * Self.rowHeight
            if let background = row.background {
                out +=
                    "<polygon fill=\"\(background)\" stroke=\"transparent\" points=\"\(Self.rectangle(x + frame, top, width - 2 * frame, Self.rowHeight))\"/>\n"
            }
            out +=
                "<text xml:space=\"preserve\" text-anchor=\"start\" x=\"\(n(x + frame + Self.padding))\" y=\"\(n(top + 13))\" "
                + "font-family=\"\(SVGPostProcessor.fontFamilies)\" font-size=\"10.00\" fill=\"\(DiagramStyle.text)\">"
            for span in row.spans {
                var attributes = ""
                if span.bold { attributes += " font-weight=\"bold\"" }
                if let color = span.color { attributes += " fill=\"\(color)\"" }
                out += "<tspan\(attributes)>\(ComparisonComposer.escaped(Self.shown(span.text)))</tspan>"
            }
            out += "</text>\n"
        }
        if border {
            out +=
                "<polygon fill=\"none\" stroke=\"\(DiagramStyle.text)\" points=\"\(Self.rectangle(x + 0.5, y + 0.5, width - 1, height - 1))\"/>\n"
        }
        return out + "</g>\n"
    }

    /// A span's width: Arial's (or Arial Bold's) advance widths, a character of a wide script (CJK, Hangul,
    /// emoji) an em.
    static func width(of span: Span) -> Double {
        let units = shown(span.text).unicodeScalars.reduce(0) { $0 + ArialWidths.advance($1, bold: span.bold) }
        return Double(units) * fontSize / 1000
    }

    /// The text as drawn: what DOT labels drop (controls, bidirectional overrides) dropped, line breaks as spaces.
    static func shown(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                out.append(" ")
            } else if !DOTEscaping.isDropped(scalar) {
                out.append(scalar)
            }
        }
        return String(out)
    }

    static func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> String {
        let n = ComparisonComposer.number
        return "\(n(x)),\(n(y)) \(n(x + width)),\(n(y)) \(n(x + width)),\(n(y + height)) \(n(x)),\(n(y + height)) \(n(x)),\(n(y))"
    }
}
