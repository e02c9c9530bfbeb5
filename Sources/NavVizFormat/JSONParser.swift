/// A strict JSON parser (RFC 8259) that reports line and column for every syntax error.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// Deep enough for any hierarchy the `_printHierarchy` reader accepts (two levels per containment) inside a
    /// run's JSON; shallow enough that the recursive readers stay far from a thread's stack limit.
    public static let maxDepth = 256

    /// Parses a whole document.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        return try parser.document()
    }

    /// Parses a whole document from UTF-8 bytes.
    public static func parse(bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        return try parser.document()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    private mutating func document() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error("the document is empty") }
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected \(describe(bytes[index])) after the document") }
        return value
    }

    private func error(_ reason: String, at position: Int? = nil) -> JSONSyntaxError {
        let end = min(position ?? index, bytes.count)
        var line = 1
        var lineStart = 0
        // A line ends at LF, CRLF or a lone CR (a classic Mac file was all line 1, a trial).
        for i in 0..<end
        where bytes[i] == UInt8(ascii: "\n")
            || (bytes[i] == UInt8(ascii: "\r") && (i + 1 >= bytes.count || bytes[i + 1] != UInt8(ascii: "\n")))
        {
            line += 1
            lineStart = i + 1
        }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }

    /// A byte as the error quotes it, with what a habit from JavaScript or JSON5 needs to hear.
    /// `inString`: a byte inside a string (a control character, a `\u` escape's digit), where no habit is at play.
    private func describe(_ byte: UInt8, inString: Bool = false) -> String {
        if !inString, byte == UInt8(ascii: "'") { return "a single quote (JSON strings and names use double quotes)" }
        // Outside strings every caller quotes the byte at `index`: a comment starts with `//` or `/*` there.
        if !inString, byte == UInt8(ascii: "/"), index + 1 < bytes.count, [UInt8(ascii: "/"), UInt8(ascii: "*")].contains(bytes[index + 1])
        {
            return "'/' (JSON has no comments)"
        }
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input: expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case let byte: throw error("unexpected \(describe(byte)): expected a value")
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let utf8 = Array(word.utf8)
        guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw error("invalid literal: expected '\(word)'")
        }
        index += utf8.count
        return value
    }

    private mutating func nest() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maxDepth { throw error("nesting is deeper than \(Self.maxDepth) levels") }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try nest()
        defer { depth -= 1 }
        index += 1
        var members: [(String, JSONValue)] = []
        // The names seen, for the duplicate check: a set once an object is large (a linear search per member made
        // an object of 20,000 members take seconds).
        var names = Set<String>()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input: expected a member name") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describe(bytes[index])): expected a member name in double quotes")
            }
            let keyStart = index
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the member name '\(key)'")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            if !names.insert(key).inserted {
                throw error("duplicate member name '\(key)'", at: keyStart)
            }
            members.append((key, value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input: expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { throw error("trailing comma before '}'") }
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            throw error("unexpected \(describe(bytes[index])): expected ',' or '}' after an object member")
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try nest()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input: expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { throw error("trailing comma before ']'") }
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            throw error("unexpected \(describe(bytes[index])): expected ',' or ']' after an array element")
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ upTo: Int, into scalars: inout String.UnicodeScalarView) {
            if upTo > runStart { scalars.append(contentsOf: String(decoding: bytes[runStart..<upTo], as: UTF8.self).unicodeScalars) }
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string", at: start) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush(index, into: &scalars)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("control character \(describe(byte, inString: true)) in a string: escape it") }
            if byte == UInt8(ascii: "\\") {
                flush(index, into: &scalars)
                index += 1
                guard index < bytes.count else { throw error("unterminated string", at: start) }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    // Surrogate errors point at the escape's backslash, like other escape errors.
                    let escapeStart = index - 2
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                        else { throw error("unpaired surrogate \\u\(String(code, radix: 16))", at: escapeStart) }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw error("unpaired surrogate \\u\(String(code, radix: 16))", at: escapeStart)
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw error("unpaired surrogate \\u\(String(code, radix: 16))", at: escapeStart)
                    }
                    scalars.append(UnicodeScalar(code)!)
                default:
                    throw error("invalid escape '\\\(Character(UnicodeScalar(escape)))' in a string", at: index - 2)
                }
                runStart = index
                continue
            }
            index += 1
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit \(describe(byte, inString: true)) in a \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    /// Whether a JSON number's text is a whole number as written (`2`, `2.50e1`, `1.0`), by its digits: a double may round
    /// a fraction to a whole one.
    static func isWhole(_ text: String) -> Bool {
        let mantissa = text.prefix { $0 != "e" && $0 != "E" }
        let exponent = mantissa.count < text.count ? Int(text.dropFirst(mantissa.count + 1)) ?? 0 : 0
        let fraction = mantissa.firstIndex(of: ".").map { mantissa[mantissa.index(after: $0)...] } ?? ""
        let digits = mantissa.filter(\.isNumber)
        guard digits.contains(where: { $0 != "0" }) else { return true }
        let trailingZeros = digits.reversed().prefix { $0 == "0" }.count
        return exponent - fraction.count + trailingZeros >= 0
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        func digits() -> Int {
            let s = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - s
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw error("invalid number: expected digits", at: start) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                throw error("invalid number: leading zeros are not allowed", at: start)
            }
        } else if digits() == 0 {
            throw error("invalid number: expected digits", at: start)
        }
        // Digits alone (most numbers: indices, counts) are whole as written: not looked at again below.
        var plain = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            plain = false
            guard digits() > 0 else { throw error("invalid number: expected digits after '.'", at: start) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            plain = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("invalid number: expected digits in the exponent", at: start) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard var value = Double(text), value.isFinite else { throw error("number '\(text)' is out of range", at: start) }
        // A fraction rounded to a whole double (`0.99999999999999999999` reads as 1) stays a fraction, the nearest one on
        // its side: an index written so is no whole number (a trial's selected the second tab).
        if !plain, value == value.rounded(), abs(value) < 1e15, !Self.isWhole(text) {
            // Toward the literal: below a whole number its digits passed (`0.999…`), above one they did not reach (`2.000…1`).
            // (With an exponent, toward zero; from an underflow to 0, away from it.)
            let mantissa = text.prefix { $0 != "e" && $0 != "E" }
            let below: Bool
            if value == 0 {
                below = false
            } else if mantissa.count == text.count, let dot = mantissa.firstIndex(of: ".") {
                below = abs(value) > abs(Double(mantissa[..<dot]) ?? 0)
            } else {
                below = true
            }
            let positive = value > 0 || (value == 0 && text.first != "-")
            value = below == positive ? value.nextDown : value.nextUp
        }
        return .number(value)
    }
}
