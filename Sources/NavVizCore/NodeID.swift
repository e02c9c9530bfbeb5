/// The stable identity of a node in a hierarchy: the explicit id, else the screen name, else the kind,
/// with `#2`, `#3`… for repeats, in creation order. Never derived from addresses, hash seeds or clocks.
public struct NodeID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The id as users write it (`Product#2`).
    public var rawValue: String

    /// Wraps an id string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps an id string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Wraps a literal id string.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The id text.
    public var description: String { rawValue }

    /// The id split at its repeat number: `("Product", 2)` of `Product#2`, `("Product", nil)` of `Product`.
    public var numbered: (base: Substring, number: Int?) {
        guard let hash = rawValue.lastIndex(of: "#"), let number = Int(rawValue[rawValue.index(after: hash)...]) else {
            return (rawValue[...], nil)
        }
        return (rawValue[..<hash], number)
    }

    /// Orders ids by their text.
    public static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.rawValue < rhs.rawValue }
}
