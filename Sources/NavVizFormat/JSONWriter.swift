/// Writes JSON deterministically: members in the order given, two-space indentation, shortest numbers.
public enum JSONWriter {
    /// Pretty-printed text ending with a newline.
    public static func pretty(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, pretty: true, into: &out)
        out += "\n"
        return out
    }

    /// Compact single-line text.
    public static func compact(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, pretty: false, into: &out)
        return out
    }

    static func write(_ value: JSONValue, indent: Int, pretty: Bool, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += format(n)
        case .string(let s): out += quote(s)
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            // Arrays of scalars stay on one line so run files read well.
            let scalars = items.allSatisfy {
                if case .array = $0 { return false }
                if case .object = $0 { return false }
                return true
            }
            if !pretty || scalars {
                out += "["
                for (i, item) in items.enumerated() {
                    if i > 0 { out += pretty ? ", " : "," }
                    write(item, indent: indent, pretty: pretty, into: &out)
                }
                out += "]"
                return
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += spaces(indent + 2)
                write(item, indent: indent + 2, pretty: pretty, into: &out)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += spaces(indent) + "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            if !pretty {
                out += "{"
                for (i, (key, item)) in members.enumerated() {
                    if i > 0 { out += "," }
                    out += quote(key) + ":"
                    write(item, indent: indent, pretty: false, into: &out)
                }
                out += "}"
                return
            }
            out += "{\n"
            for (i, (key, item)) in members.enumerated() {
                out += spaces(indent + 2)
                out += quote(key)
                out += ": "
                write(item, indent: indent + 2, pretty: pretty, into: &out)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += spaces(indent) + "}"
        }
    }

    private static let indentation = (0..<64).map { String(repeating: " ", count: $0) }

    static func spaces(_ count: Int) -> String {
        count < indentation.count ? indentation[count] : String(repeating: " ", count: count)
    }

    /// Integers without a fraction; others in Swift's shortest round-trip form.
    /// JSON has no infinity or NaN: a non-finite number (which no decoded input can produce) is written `null`.
    public static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    /// A JSON string literal with the required escapes.
    public static func quote(_ s: String) -> String {
        // Fast path: nothing to escape.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) {
            return "\"" + s + "\""
        }
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}":
                let hex = String(scalar.value, radix: 16, uppercase: false)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
