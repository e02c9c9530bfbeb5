/// Text safe to print on a terminal: C0 and C1 control characters, DEL and the bidirectional overrides
/// a file could use to retitle or clear the terminal, fake CI log lines or reorder what is shown are
/// written as visible escapes (`\u{1B}`). Line feeds and tabs stay, so messages keep their lines.
public enum Terminal {
    /// `text` with every dangerous character escaped.
    public static func printable(_ text: String) -> String {
        escaping(text, where: isDangerous)
    }

    /// `text`, or its start and end around `…` when it is longer than `limit` characters: a name in a diagram's box
    /// (`DiagramStyle.capped`) or in `navviz run`'s table, whose tooltip or JSON keeps it whole.
    public static func shortened(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let tail = (limit - 1) / 2
        return String(text.prefix(limit - 1 - tail)) + "…" + String(text.suffix(tail))
    }

    /// `text` on one line: what `printable` escapes, and line feeds and tabs too (a name in a table row).
    public static func inline(_ text: String) -> String {
        escaping(text) { isDangerous($0) || $0 == "\n" || $0 == "\t" }
    }

    /// `text` with each scalar `escaped` picks written as `\u{HEX}`.
    static func escaping(_ text: String, where escaped: (Unicode.Scalar) -> Bool) -> String {
        guard text.unicodeScalars.contains(where: escaped) else { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if escaped(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// C0 controls but line feed and tab, DEL, C1 controls, and the bidi embeddings, overrides and isolates.
    static func isDangerous(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }
}
