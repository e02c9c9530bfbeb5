/// A session's id: a plain name of 1 to 64 letters, digits, `-` or `_`, not starting with `-`, so it can name a journal
/// file and a URL path segment without ever being a path, nor an option to a shell command over the data folder
/// (`rm *` there read a session `-rf`'s journal as its option, a security review).
public struct SessionID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The id's text.
    public let rawValue: String

    /// Validates an id; nil when it is not a plain name.
    public init?(_ text: some StringProtocol) {
        guard (1...64).contains(text.utf8.count), text.utf8.allSatisfy(Self.isAllowed), text.utf8.first != UInt8(ascii: "-")
        else { return nil }
        rawValue = String(text)
    }

    /// The id as written.
    public var description: String { rawValue }

    /// What an id may be, as errors say it.
    public static let rule = "1 to 64 letters, digits, '-' or '_', not starting with '-'"

    /// Ids sort by their text.
    public static func < (lhs: SessionID, rhs: SessionID) -> Bool { lhs.rawValue < rhs.rawValue }

    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    /// An id made from a session's name: lowercased, runs of other characters turned into `-`
    /// (`Shop: check out` → `shop-check-out`), `session` when nothing is left.
    public static func slug(_ name: String) -> SessionID {
        var out = ""
        for byte in name.lowercased().utf8 {
            if isAllowed(byte) && byte != UInt8(ascii: "-") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else if !out.isEmpty && !out.hasSuffix("-") {
                out += "-"
            }
            if out.utf8.count >= 48 { break }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return SessionID(out) ?? SessionID("session")!
    }
}
