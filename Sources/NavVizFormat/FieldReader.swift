/// Reads the fields of a JSON document and collects every error with the file and the JSON path: the
/// one home of navviz's typed getters, "one of 'a', 'b'" lists and did-you-mean suggestions. The
/// scenario decoder, the snapshot reader, the run-JSON reader and the daemon's session bodies all read
/// through it, so one mistake reads the same in every format.
///
/// A getter returns nil when the value is absent (no error) or wrong (one error appended).
public protocol FieldReader {
    /// The file name errors start with (`body` for a daemon request).
    var file: String { get }
    /// Every error so far, in document order.
    var errors: [ScenarioError] { get set }
}

extension FieldReader {
    /// Appends an error.
    public mutating func fail(_ error: ScenarioError) { errors.append(error) }

    /// Appends "expected `expected`, found <the value's type>" at `path`.
    public mutating func typeError(_ path: String, _ expected: String, _ found: JSONValue) {
        fail(.wrongType(file: file, path: path, expected: expected, found: found.typeDescription))
    }

    /// The path of member `key` below `path`: `steps[2].node`, or `routes["a b"]` for a key that is not a
    /// plain name. The top level is the empty path (or `(top level)`).
    public func join(_ path: String, _ key: String) -> String {
        let plain = key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !key.isEmpty
        let part = plain ? key : "[\(JSONWriter.quote(key))]"
        if path.isEmpty || path == "(top level)" { return part }
        return plain ? "\(path).\(key)" : "\(path)\(part)"
    }

    /// Fails an index outside `count` items at `path`, saying `none` when there are none.
    mutating func checkIndex(_ index: Int, into count: Int, at path: String, none: String) {
        guard !(0..<count).contains(index) else { return }
        fail(
            .invalidValue(
                file: file, path: path, value: String(index), expected: count == 0 ? none : "an index from 0 to \(count - 1)",
                suggestion: nil))
    }

    /// Fails `field` missing at `path`, unless a field written there in its place was pointed to it (`viewController`:
    /// "Did you mean 'node'?"): one mistake, one error.
    public mutating func missing(_ field: String, at path: String) {
        let pointed = errors.contains { error in
            guard case .unknownField(_, let at, let written, field?, _) = error else { return false }
            return at == join(path, written)
        }
        if !pointed { fail(.missingField(file: file, path: path, field: field)) }
    }

    /// Reports members not in `allowed`, each with the closest allowed name.
    public mutating func checkFields(_ members: [(String, JSONValue)], at path: String, allowed: [String]) {
        for (key, _) in members where !allowed.contains(key) {
            fail(
                .unknownField(
                    file: file, path: join(path, key), field: key,
                    suggestion: Suggestion.closest(to: key, in: allowed) ?? Suggestion.synonym(of: key, in: allowed), allowed: allowed))
        }
    }

    /// A string.
    public mutating func string(_ value: JSONValue?, _ path: String) -> String? {
        guard let value else { return nil }
        guard case .string(let s) = value else {
            typeError(path, "a string", value)
            return nil
        }
        return s
    }

    /// `true` or `false`.
    public mutating func bool(_ value: JSONValue?, _ path: String) -> Bool? {
        guard let value else { return nil }
        guard case .bool(let b) = value else {
            typeError(path, "true or false", value)
            return nil
        }
        return b
    }

    /// A number, at least `min` when given.
    public mutating func number(_ value: JSONValue?, _ path: String, min: Double? = nil) -> Double? {
        guard let value else { return nil }
        guard case .number(let n) = value else {
            typeError(path, "a number", value)
            return nil
        }
        if let min, n < min {
            fail(
                .invalidValue(
                    file: file, path: path, value: JSONWriter.format(n), expected: "a number of at least \(JSONWriter.format(min))",
                    suggestion: nil))
            return nil
        }
        return n
    }

    /// A whole number (below a billion in size).
    public mutating func integer(_ value: JSONValue?, _ path: String) -> Int? {
        guard let value else { return nil }
        guard case .number(let n) = value else {
            typeError(path, "a whole number", value)
            return nil
        }
        guard n == n.rounded(), abs(n) < 1e9 else {
            // 10²² is whole: what is wrong with it is its size (a trial read "1e+22 … expected a whole number").
            var expected = n == n.rounded() ? "a whole number below a billion" : "a whole number"
            var shown = JSONWriter.format(n)
            // NSNotFound, as the debugger prints a tab bar controller's `selectedIndex` with More selected: said as written,
            // not as the double it reads as (`9.223372036854776e+18`).
            // (The number read as a double: its neighbours within 512 read alike, and are most likely it too.)
            if n == Double(Int.max) {
                shown = String(Int.max)
                expected += " (\(shown) is NSNotFound, UIKit's 'none')"
            }
            fail(.invalidValue(file: file, path: path, value: shown, expected: expected, suggestion: nil))
            return nil
        }
        return Int(n)
    }

    /// A string naming one of `type`'s cases; the error lists them (or says `expected`) and suggests the
    /// closest.
    public mutating func choice<T: RawRepresentable & CaseIterable>(
        _ value: JSONValue?, _ path: String, _ type: T.Type, expected: String? = nil
    ) -> T? where T.RawValue == String {
        if let aliases = (T.self as? any AliasedChoice.Type)?.aliases, case .string(let text)? = value, let canonical = aliases[text] {
            return T(rawValue: canonical)
        }
        return choice(value, path, in: T.allCases.map(\.rawValue), expected: expected).flatMap(T.init(rawValue:))
    }

    /// A string that must be one of `names`; the error lists them (or says `expected`) and suggests the
    /// closest.
    public mutating func choice(_ value: JSONValue?, _ path: String, in names: [String], expected: String? = nil) -> String? {
        guard let text = string(value, path) else { return nil }
        if names.contains(text) { return text }
        fail(
            .invalidValue(
                file: file, path: path, value: text, expected: expected ?? Self.oneOf(names),
                suggestion: Suggestion.closest(to: text, in: names)))
        return nil
    }

    /// `one of 'a', 'b', 'c'`.
    public static func oneOf(_ names: [String]) -> String { "one of \(names.map { "'\($0)'" }.joined(separator: ", "))" }

    /// An object's members in document order.
    public mutating func object(_ value: JSONValue, _ path: String, _ expected: String = "an object") -> [(String, JSONValue)]? {
        guard case .object(let members) = value else {
            typeError(path, expected, value)
            return nil
        }
        return members
    }

    /// An array's items.
    public mutating func array(_ value: JSONValue, _ path: String, _ expected: String) -> [JSONValue]? {
        guard case .array(let items) = value else {
            typeError(path, expected, value)
            return nil
        }
        return items
    }
}

/// A field reader for a document without a decoder of its own (a run JSON, a daemon request body).
public struct DocumentReader: FieldReader {
    /// The file name errors start with.
    public let file: String
    /// Every error so far.
    public var errors: [ScenarioError] = []
    /// A reader for `file`.
    public init(file: String) { self.file = file }
}

/// A choice with other spellings a reader takes for one of its values (`FieldReader.choice`).
public protocol AliasedChoice {
    /// Another spelling → the raw value it is read as.
    static var aliases: [String: String] { get }
}
