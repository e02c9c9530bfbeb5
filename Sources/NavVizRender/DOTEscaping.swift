/// Escapes user text for the three places it may appear in DOT (an HTML-like label, a quoted string,
/// a tooltip), so Graphviz shows it literally: no entity decoding, no `\N`/`\G` substitution, no raw
/// control characters in the SVG. User text never goes anywhere else (ids, URLs, styles).
public enum DOTEscaping {
    /// Text for an HTML-like label: XML-escaped, `\` doubled, line breaks as `<BR/>`, controls dropped.
    public static func html(_ text: String) -> String {
        replacing(normalized(text)) {
            switch $0 {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            case "\\": "\\\\"
            case "\n": "<BR/>"
            default: nil
            }
        }
    }

    /// A quoted DOT string (quotes included) for a `label`: `\` doubled, `"` escaped, `&` `<` `>` as
    /// entities, line breaks as `\n`, controls dropped.
    public static func quoted(_ text: String) -> String {
        "\"" + quotedBody(text, backslash: "\\\\", newline: "\\n") + "\""
    }

    /// A quoted DOT string (quotes included) for a `tooltip`: `\` as `\\\\` (tooltips are unescaped
    /// twice), `"` escaped, `&` `<` `>` as entities, line breaks as spaces, controls dropped.
    public static func tooltip(_ text: String) -> String {
        "\"" + quotedBody(text, backslash: "\\\\\\\\", newline: " ") + "\""
    }

    private static func quotedBody(_ text: String, backslash: String, newline: String) -> String {
        replacing(normalized(text)) {
            switch $0 {
            case "\\": backslash
            case "\"": "\\\""
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\n": newline
            default: nil
            }
        }
    }

    /// The scalars, each replaced by `replacement(scalar)` when that is not nil.
    static func replacing(_ scalars: some Sequence<Unicode.Scalar>, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        for scalar in scalars {
            if let replaced = replacement(scalar) { out += replaced } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// Whether a scalar is removed from user text: C0/C1 controls (other than line breaks and tabs,
    /// which become breaks and spaces), XML non-characters, and the bidi embedding, override and
    /// isolate controls that would reorder the rest of a label. Marks (LRM, RLM, ALM) are kept.
    public static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        case 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// The text's scalars with CR LF and CR as LF, tabs as spaces and dropped scalars removed.
    static func normalized(_ text: String) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\r": out.append("\n")
            case "\n": if !previousWasCR { out.append("\n") }
            case "\t": out.append(" ")
            default: if !isDropped(scalar) { out.append(scalar) }
            }
        }
        return out
    }
}
