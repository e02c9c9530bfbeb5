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

    /// `shortened`, keeping the initials of the words the cut drops between two `…` in a plain name of words (letters,
    /// digits, dots): `CheckoutFlowPaymentMethodSelecti…SCCEWBA…dressConfirmationViewController`. Two long class names that
    /// differ only in the middle (`…CreditCardEntry…`, `…DebitCardsEntry…`) were cut to one label, and a push between them
    /// read as nothing happening (a readability trial). Still exactly `limit` characters; a mangled name
    /// (`_TtGC7SwiftUI…`), which has no words to keep, is cut as `shortened` cuts it.
    public static func shortenedApart(_ text: String, to limit: Int) -> String {
        guard text.count > limit, limit > 8, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." }) else {
            return shortened(text, to: limit)
        }
        let characters = Array(text)
        /// The initials of the words that start in `range`: an upper-case letter after one that is not.
        func initials(_ range: Range<Int>) -> [Character] {
            range.filter { index in
                characters[index].isUppercase && index > 0 && !characters[index - 1].isUppercase
            }.map { characters[$0] }
        }
        // The most initials that fit a quarter of the room, from the cut they leave: the first `count` of the words it drops
        // (the initials printed always come from the cut printed, a review).
        for count in stride(from: limit / 4, through: 2, by: -1) {
            let room = limit - count - 2
            let tail = room / 2
            let head = room - tail
            let dropped = initials(head..<(characters.count - tail))
            // Initials that are all one letter (a word repeated) tell nothing apart: the plain cut.
            guard dropped.count >= count, Set(dropped.prefix(count)).count > 1 else { continue }
            return String(characters[..<head]) + "…" + String(dropped.prefix(count)) + "…"
                + String(characters[(characters.count - tail)...])
        }
        return shortened(text, to: limit)
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
