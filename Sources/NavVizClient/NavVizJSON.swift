import Foundation

/// A JSON value, written as a literal: `["op": "push", "node": "Detail"]`.
public enum NavVizJSON: Sendable, Equatable, Codable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByNilLiteral
{
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([NavVizJSON])
    /// Members in order (equality ignores the order).
    case object([(String, NavVizJSON)])

    /// Object keys, for dictionary literals.
    public typealias Key = String
    /// Object member values, for dictionary literals.
    public typealias Value = NavVizJSON
    /// Array elements, for array literals.
    public typealias ArrayLiteralElement = NavVizJSON

    /// A string, from a string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A number, from an integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A number, from a floating-point literal.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A Boolean, from `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array, from an array literal.
    public init(arrayLiteral elements: NavVizJSON...) { self = .array(elements) }
    /// An object, from a dictionary literal (members keep their order).
    public init(dictionaryLiteral elements: (String, NavVizJSON)...) { self = .object(elements) }
    /// `null`, from `nil`.
    public init(nilLiteral: ()) { self = .null }

    /// Whether two values are equal; objects with the same members in any order are equal.
    public static func == (lhs: NavVizJSON, rhs: NavVizJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        // Objects are unordered: the same members in any order are equal.
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a.sorted { $0.0 < $1.0 }, b.sorted { $0.0 < $1.0 }).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The member with this key, for objects.
    public subscript(key: String) -> NavVizJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    struct CodingName: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encodes the value as JSON (whole numbers below 1e15 as integers).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let value):
            var container = encoder.singleValueContainer()
            if value == value.rounded(), abs(value) < 1e15 { try container.encode(Int64(value)) } else { try container.encode(value) }
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .object(let members):
            var container = encoder.container(keyedBy: CodingName.self)
            for (key, value) in members { try container.encode(value, forKey: CodingName(key)) }
        }
    }

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: CodingName.self) {
            self = .object(try container.allKeys.map { ($0.stringValue, try container.decode(NavVizJSON.self, forKey: $0)) })
        } else if var container = try? decoder.unkeyedContainer() {
            var items: [NavVizJSON] = []
            while !container.isAtEnd { items.append(try container.decode(NavVizJSON.self)) }
            self = .array(items)
        } else {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else {
                self = .string(try container.decode(String.self))
            }
        }
    }
}
