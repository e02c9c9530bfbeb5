import Foundation
import NavVizScenario

/// A small JSON Schema (draft 2020-12) validator for the subset the navviz schemas use, so the tests
/// can check samples against `Schema/*.schema.json` without a dependency.
///
/// Assertions: `type`, `enum`, `const`, `properties`, `required`, `additionalProperties`,
/// `patternProperties`, `dependentRequired`, `items`, `prefixItems`, `minItems`, `minLength`, `pattern`,
/// `minimum`, `maximum`, `oneOf`, `anyOf`, `allOf`, `not`, `if`/`then`/`else` and `$ref` to a JSON pointer inside
/// the same document (`#/$defs/node`). Annotations (`description`, `title`, `examples`…) are ignored.
/// Any other keyword is reported by `unsupportedKeywords()`, so a schema cannot silently rely on
/// something this validator skips.
struct MiniSchemaValidator {
    /// One failed assertion: where in the instance, and what.
    struct Failure: Equatable, CustomStringConvertible {
        var path: String
        var message: String
        /// A `const` mismatch: how `oneOf` tells which alternative was meant (`"op": "push"`).
        var isMismatchedDiscriminator = false

        var description: String { "\(path.isEmpty ? "(top level)" : path): \(message)" }
    }

    static let assertionKeywords: Set<String> = [
        "type", "enum", "const", "properties", "required", "additionalProperties", "patternProperties",
        "dependentRequired", "items", "prefixItems", "minItems", "minLength", "pattern", "minimum", "maximum", "oneOf",
        "anyOf", "allOf", "not", "if", "then", "else", "$ref",
    ]
    static let annotationKeywords: Set<String> = [
        "$schema", "$id", "$comment", "$defs", "title", "description", "examples", "default", "deprecated",
    ]

    /// The whole schema document (`$ref`s resolve against it).
    let root: JSONValue

    init(schema: JSONValue) { root = schema }

    /// Every failed assertion, in instance order; empty when the instance is valid.
    func validate(_ instance: JSONValue) -> [Failure] {
        var failures: [Failure] = []
        validate(instance, against: root, at: "", into: &failures, depth: 0)
        return failures
    }

    /// Paths (JSON pointers) of keywords this validator does not implement.
    func unsupportedKeywords() -> [String] {
        var found: [String] = []
        collectUnsupported(root, at: "#", into: &found)
        return found
    }

    // MARK: - Validation

    private func validate(_ instance: JSONValue, against schema: JSONValue, at path: String, into failures: inout [Failure], depth: Int) {
        precondition(depth < 200, "schema recursion too deep at \(path)")
        switch schema {
        case .bool(true): return
        case .bool(false):
            failures.append(Failure(path: path, message: "no value is allowed here"))
            return
        case .object: break
        default:
            failures.append(Failure(path: path, message: "invalid schema: \(JSONWriter.compact(schema))"))
            return
        }
        if let reference = schema["$ref"]?.stringValue {
            guard let target = resolve(reference) else {
                failures.append(Failure(path: path, message: "unresolvable $ref '\(reference)'"))
                return
            }
            validate(instance, against: target, at: path, into: &failures, depth: depth + 1)
        }
        if let type = schema["type"] {
            let names = type.arrayValue?.compactMap(\.stringValue) ?? [type.stringValue ?? ""]
            if !names.contains(where: { Self.has(instance, type: $0) }) {
                failures.append(
                    Failure(path: path, message: "expected \(names.joined(separator: " or ")), found \(instance.typeDescription)"))
                return
            }
        }
        if let constant = schema["const"], !Self.equal(instance, constant) {
            failures.append(
                Failure(
                    path: path, message: "expected \(JSONWriter.compact(constant)), found \(JSONWriter.compact(instance))",
                    isMismatchedDiscriminator: true))
        }
        if let options = schema["enum"]?.arrayValue, !options.contains(where: { Self.equal(instance, $0) }) {
            failures.append(
                Failure(
                    path: path,
                    message: "\(JSONWriter.compact(instance)) is not one of \(options.map(JSONWriter.compact).joined(separator: ", "))"))
        }
        switch instance {
        case .object(let members): validateObject(members, instance, against: schema, at: path, into: &failures, depth: depth)
        case .array(let items): validateArray(items, against: schema, at: path, into: &failures, depth: depth)
        case .string(let text):
            if case .number(let min)? = schema["minLength"], Double(text.unicodeScalars.count) < min {
                failures.append(Failure(path: path, message: "expected at least \(JSONWriter.format(min)) characters"))
            }
            if let pattern = schema["pattern"]?.stringValue, !Self.matches(text, pattern) {
                failures.append(Failure(path: path, message: "'\(text)' does not match \(pattern)"))
            }
        case .number(let n):
            if case .number(let min)? = schema["minimum"], n < min {
                failures.append(Failure(path: path, message: "\(JSONWriter.format(n)) is less than \(JSONWriter.format(min))"))
            }
            if case .number(let max)? = schema["maximum"], n > max {
                failures.append(Failure(path: path, message: "\(JSONWriter.format(n)) is more than \(JSONWriter.format(max))"))
            }
        default: break
        }
        if let all = schema["allOf"]?.arrayValue {
            for sub in all { validate(instance, against: sub, at: path, into: &failures, depth: depth + 1) }
        }
        if let any = schema["anyOf"]?.arrayValue {
            let results = any.map { branch(instance, $0, path, depth) }
            if !results.contains(where: \.isEmpty) { failures.append(noneMatched(results, path)) }
        }
        if let one = schema["oneOf"]?.arrayValue {
            let results = one.map { branch(instance, $0, path, depth) }
            let matching = results.filter(\.isEmpty).count
            if matching == 0 { failures.append(noneMatched(results, path)) }
            if matching > 1 {
                failures.append(Failure(path: path, message: "matches \(matching) of the \(one.count) alternatives, expected exactly one"))
            }
        }
        if let not = schema["not"], branch(instance, not, path, depth).isEmpty {
            failures.append(Failure(path: path, message: "matches a schema it must not match"))
        }
        if let condition = schema["if"] {
            let chosen = branch(instance, condition, path, depth).isEmpty ? schema["then"] : schema["else"]
            if let chosen { validate(instance, against: chosen, at: path, into: &failures, depth: depth + 1) }
        }
    }

    private func branch(_ instance: JSONValue, _ schema: JSONValue, _ path: String, _ depth: Int) -> [Failure] {
        var failures: [Failure] = []
        validate(instance, against: schema, at: path, into: &failures, depth: depth + 1)
        return failures
    }

    /// No alternative matched: name the closest one (fewest failures, a mismatched `const` counting heavily).
    private func noneMatched(_ results: [[Failure]], _ path: String) -> Failure {
        let scored = results.map { failures in failures.reduce(0) { $0 + ($1.isMismatchedDiscriminator ? 100 : 1) } }
        let best = scored.indices.min { scored[$0] < scored[$1] }!
        let closest = results[best].first.map { "; closest: \($0)" } ?? ""
        return Failure(path: path, message: "matches none of the \(results.count) alternatives\(closest)")
    }

    private func validateObject(
        _ members: [(String, JSONValue)], _ instance: JSONValue, against schema: JSONValue, at path: String, into failures: inout [Failure],
        depth: Int
    ) {
        let keys = members.map(\.0)
        for case .string(let name) in schema["required"]?.arrayValue ?? [] where !keys.contains(name) {
            failures.append(Failure(path: path, message: "missing property '\(name)'"))
        }
        if let dependencies = schema["dependentRequired"]?.objectMembers {
            for (key, needed) in dependencies where keys.contains(key) {
                for case .string(let name) in needed.arrayValue ?? [] where !keys.contains(name) {
                    failures.append(Failure(path: path, message: "property '\(key)' needs '\(name)'"))
                }
            }
        }
        let properties = schema["properties"]?.objectMembers ?? []
        let patterns = schema["patternProperties"]?.objectMembers ?? []
        for (key, value) in members {
            let childPath = Self.join(path, key)
            var evaluated = false
            if let sub = properties.first(where: { $0.0 == key })?.1 {
                evaluated = true
                validate(value, against: sub, at: childPath, into: &failures, depth: depth + 1)
            }
            for (pattern, sub) in patterns where Self.matches(key, pattern) {
                evaluated = true
                validate(value, against: sub, at: childPath, into: &failures, depth: depth + 1)
            }
            if !evaluated, let additional = schema["additionalProperties"] {
                if additional == .bool(false) {
                    failures.append(Failure(path: childPath, message: "unknown property '\(key)'"))
                } else {
                    validate(value, against: additional, at: childPath, into: &failures, depth: depth + 1)
                }
            }
        }
    }

    private func validateArray(_ items: [JSONValue], against schema: JSONValue, at path: String, into failures: inout [Failure], depth: Int)
    {
        if case .number(let min)? = schema["minItems"], Double(items.count) < min {
            failures.append(Failure(path: path, message: "expected at least \(JSONWriter.format(min)) items, found \(items.count)"))
        }
        let prefix = schema["prefixItems"]?.arrayValue ?? []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            if index < prefix.count {
                validate(item, against: prefix[index], at: itemPath, into: &failures, depth: depth + 1)
            } else if let sub = schema["items"] {
                validate(item, against: sub, at: itemPath, into: &failures, depth: depth + 1)
            }
        }
    }

    // MARK: - Helpers

    private func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#") else { return nil }
        var node = root
        for token in reference.dropFirst().split(separator: "/", omittingEmptySubsequences: true) {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let next = node[key] {
                node = next
            } else if let items = node.arrayValue, let index = Int(key), items.indices.contains(index) {
                node = items[index]
            } else {
                return nil
            }
        }
        return node
    }

    private func collectUnsupported(_ schema: JSONValue, at pointer: String, into found: inout [String]) {
        guard let members = schema.objectMembers else { return }
        for (key, value) in members {
            let here = "\(pointer)/\(key)"
            switch key {
            case "properties", "patternProperties", "$defs":
                for (name, sub) in value.objectMembers ?? [] { collectUnsupported(sub, at: "\(here)/\(name)", into: &found) }
            case "allOf", "anyOf", "oneOf", "prefixItems":
                for (index, sub) in (value.arrayValue ?? []).enumerated() { collectUnsupported(sub, at: "\(here)/\(index)", into: &found) }
            case "items", "additionalProperties", "not", "if", "then", "else":
                collectUnsupported(value, at: here, into: &found)
            case _ where Self.assertionKeywords.contains(key) || Self.annotationKeywords.contains(key):
                continue
            default:
                found.append(here)
            }
        }
    }

    static func has(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object): true
        case ("integer", .number(let n)): n == n.rounded()
        default: false
        }
    }

    /// JSON equality: object members compare regardless of order.
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            x.count == y.count && x.allSatisfy { key, value in y.first { $0.0 == key }.map { equal(value, $0.1) } ?? false }
        case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy(equal)
        default: a == b
        }
    }

    static func matches(_ text: String, _ pattern: String) -> Bool {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    static func join(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        if !plain { return "\(path)[\(JSONWriter.quote(key))]" }
        return path.isEmpty ? key : "\(path).\(key)"
    }
}
