/// Markup for an HTML-like label. User text enters only through `text(_:)`, which escapes it; tags
/// come only from the constants below, so a `Markup` value is always safe to embed.
struct Markup: Equatable {
    /// The markup, without the outer `<` `>`.
    private(set) var raw: String

    private init(raw: String) { self.raw = raw }

    /// Nothing.
    static let empty = Markup(raw: "")
    /// A line break.
    static let lineBreak = Markup(raw: "<BR/>")

    /// User (or any) text, escaped.
    static func text(_ text: String) -> Markup { Markup(raw: DOTEscaping.html(text)) }

    /// Bold markup.
    static func bold(_ inner: Markup) -> Markup { Markup(raw: "<B>\(inner.raw)</B>") }

    /// Italic markup.
    static func italic(_ inner: Markup) -> Markup { Markup(raw: "<I>\(inner.raw)</I>") }

    /// Markup in a font size and colour (both constants of the diagram style).
    static func font(_ inner: Markup, size: Int? = nil, color: String? = nil) -> Markup {
        var attributes = ""
        if let color { attributes += " COLOR=\"\(color)\"" }
        if let size { attributes += " POINT-SIZE=\"\(size)\"" }
        return Markup(raw: "<FONT\(attributes)>\(inner.raw)</FONT>")
    }

    /// A table: one cell per row, left aligned unless `centered`; `background` colours a row.
    static func table(
        _ rows: [(Markup, background: String?)], centered: Bool = false, border: Int = 0, padding: Int = 3
    ) -> Markup {
        var raw = "<TABLE BORDER=\"\(border)\" CELLBORDER=\"0\" CELLPADDING=\"\(padding)\" CELLSPACING=\"0\">"
        for (cell, background) in rows {
            let align = centered ? "CENTER" : "LEFT"
            let bg = background.map { " BGCOLOR=\"\($0)\"" } ?? ""
            raw += "<TR><TD ALIGN=\"\(align)\"\(bg)>\(cell.raw)</TD></TR>"
        }
        return Markup(raw: raw + "</TABLE>")
    }

    /// Lines joined by line breaks, empty lines skipped.
    static func lines(_ lines: [Markup]) -> Markup {
        Markup(raw: lines.filter { !$0.raw.isEmpty }.map(\.raw).joined(separator: "<BR/>"))
    }

    /// Concatenation.
    static func + (lhs: Markup, rhs: Markup) -> Markup { Markup(raw: lhs.raw + rhs.raw) }
}

/// An attribute value. Constants are emitted bare when they are plain words or numbers; user text
/// only ever arrives as `.label`, `.tooltip` or `.html`, each escaped its own way.
enum DOTValue: Equatable {
    /// A constant of the diagram style (colour, number, style list); never user text.
    case constant(String)
    /// A quoted label (escaped with `DOTEscaping.quoted`).
    case label(String)
    /// A tooltip (escaped with `DOTEscaping.tooltip`).
    case tooltip(String)
    /// An HTML-like label.
    case html(Markup)

    var rendered: String {
        switch self {
        case .constant(let value):
            precondition(!value.utf8.contains { $0 == 0x22 || $0 == 0x5C }, "constants never need escaping")
            return Self.isBare(value) ? value : "\"\(value)\""
        case .label(let text): return DOTEscaping.quoted(text)
        case .tooltip(let text): return DOTEscaping.tooltip(text)
        case .html(let markup): return "<\(markup.raw)>"
        }
    }

    /// A plain word (`_` or a letter, then letters, digits, `_`) or a number (digits, at most one `.`), not
    /// a DOT keyword: written without quotes. One pass over the bytes: every attribute of every diagram
    /// comes through here.
    private static func isBare(_ value: String) -> Bool {
        var isWord = true
        var isNumber = true
        var dots = 0
        for (index, byte) in value.utf8.enumerated() {
            let letter = (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || byte == 0x5F
            let digit = (0x30...0x39).contains(byte)
            if byte == 0x2E { dots += 1 }
            isWord = isWord && (letter || (digit && index > 0))
            isNumber = isNumber && (digit || byte == 0x2E)
            if !isWord && !isNumber { return false }
        }
        guard !value.isEmpty else { return false }
        if isNumber { return dots <= 1 && value != "." }
        return !["node", "edge", "graph", "digraph", "subgraph", "strict"].contains(value)
    }
}

/// Attributes of one statement, emitted sorted by name so the text is canonical.
///
/// Kept as pairs sorted by name, not a dictionary: a statement has a handful, and every node, edge and
/// cluster of every diagram builds and renders one (hashing and sorting them was a tenth of planning).
struct DOTAttributes: Equatable, ExpressibleByDictionaryLiteral {
    private(set) var pairs: [(key: String, value: DOTValue)] = []

    init(dictionaryLiteral elements: (String, DOTValue)...) {
        pairs.reserveCapacity(elements.count + 4)
        for (key, value) in elements { self[key] = value }
    }

    subscript(key: String) -> DOTValue? {
        get { pairs.first { $0.key == key }?.value }
        set {
            let index = pairs.firstIndex { $0.key >= key } ?? pairs.endIndex
            let present = index < pairs.endIndex && pairs[index].key == key
            switch (newValue, present) {
            case (let value?, true): pairs[index].value = value
            case (let value?, false): pairs.insert((key, value), at: index)
            case (nil, true): pairs.remove(at: index)
            case (nil, false): break
            }
        }
    }

    /// Sets a constant.
    mutating func set(_ key: String, _ constant: String) { self[key] = .constant(constant) }

    var isEmpty: Bool { pairs.isEmpty }

    /// `[a=1, b="x y"]`.
    var rendered: String {
        var out = "["
        for (index, pair) in pairs.enumerated() {
            if index > 0 { out += ", " }
            out += pair.key
            out += "="
            out += pair.value.rendered
        }
        return out + "]"
    }

    static func == (lhs: DOTAttributes, rhs: DOTAttributes) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.key == $1.key && $0.value == $1.value }
    }
}

/// Writes DOT statements line by line with two-space indentation. Ids are synthetic (`n12`,
/// `cluster_3`); the writer never receives user text outside attribute values.
struct DOTWriter {
    private(set) var lines: [String] = []
    private var depth = 0

    /// Opens a block: `digraph navviz {` or `subgraph cluster_3 {`.
    mutating func open(_ header: String) {
        lines.append(indent + header + " {")
        depth += 1
    }

    /// Closes the innermost block.
    mutating func close() {
        depth -= 1
        lines.append(indent + "}")
    }

    /// `graph [...]`, `node [...]` or `edge [...]` defaults.
    mutating func defaults(_ kind: String, _ attributes: DOTAttributes) {
        guard !attributes.isEmpty else { return }
        lines.append(indent + kind + " " + attributes.rendered + ";")
    }

    /// A node statement.
    mutating func node(_ id: String, _ attributes: DOTAttributes) {
        lines.append(indent + id + (attributes.isEmpty ? "" : " " + attributes.rendered) + ";")
    }

    /// An edge statement.
    mutating func edge(_ from: String, _ to: String, _ attributes: DOTAttributes) {
        lines.append(indent + from + " -> " + to + (attributes.isEmpty ? "" : " " + attributes.rendered) + ";")
    }

    /// A raw statement made only of synthetic ids and keywords (`{rank=same; n1; n9;}`).
    mutating func statement(_ text: String) {
        lines.append(indent + text)
    }

    /// The text, ending with a newline.
    var text: String { lines.joined(separator: "\n") + "\n" }

    private var indent: String { String(repeating: "  ", count: depth) }
}
