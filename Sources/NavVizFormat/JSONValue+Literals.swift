/// JSON written as Swift literals: `["op": "push", "node": "Detail"]`, as the client posts steps.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// A string, from a string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A number, from an integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A number, from a floating-point literal.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A Boolean, from `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array, from an array literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object, from a dictionary literal; members keep the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }
    /// `null`, from `nil`.
    public init(nilLiteral: ()) { self = .null }
}
