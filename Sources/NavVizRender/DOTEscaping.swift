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

    /// The text with each ASCII scalar replaced by `replacement(scalar)` when that is not nil; every other
    /// scalar is kept (no replacement in navviz applies to one). Works on the UTF-8 bytes and returns the
    /// text itself when nothing is replaced: escaping is on the path of every label of every diagram.
    static func replacing(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: { $0 < 0x80 && replacement(Unicode.Scalar($0)) != nil }) else {
                return nil
            }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            out.append(contentsOf: bytes[..<first])
            for byte in bytes[first...] {
                if byte < 0x80, let replaced = replacement(Unicode.Scalar(byte)) {
                    out.append(contentsOf: replaced.utf8)
                } else {
                    out.append(byte)
                }
            }
            return String(decoding: out, as: UTF8.self)
        } ?? text
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

    /// The text with CR LF and CR as LF, tabs as spaces and dropped scalars removed (the text itself when
    /// it is printable ASCII, as nearly every name is).
    static func normalized(_ text: String) -> String {
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text }
        var out = String.UnicodeScalarView()
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
        return String(out)
    }
}
