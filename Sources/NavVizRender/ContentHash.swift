import Foundation

/// FNV-1a, 64 bits: a fast, deterministic hash of bytes for cache keys, manifests and dictionary keys of
/// large texts. Enough to tell texts apart or notice an edit; never a security measure (callers that must
/// not confuse two texts compare the texts too).
public enum ContentHash {
    /// The FNV-1a offset basis.
    public static let basis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// FNV-1a of the bytes, starting from `seed`.
    public static func fnv1a(_ bytes: some Sequence<UInt8>, seed: UInt64 = basis) -> UInt64 {
        // Contiguous bytes (a native string's UTF-8, an array) are hashed from their buffer, without an iterator.
        if let value = bytes.withContiguousStorageIfAvailable({ fnv1a(buffer: $0, seed: seed) }) { return value }
        var value = seed
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* prime
        }
        return value
    }

    /// The FNV-1a prime for 64 bits.
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    private static func fnv1a(buffer: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        var value = seed
        for byte in buffer {
            value ^= UInt64(byte)
            value = value &* prime
        }
        return value
    }

    /// 16 lower-case hex digits.
    public static func hex(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}

/// A large text (DOT, SVG) as a dictionary key: hashed once with FNV-1a over its UTF-8 bytes, equal when
/// the bytes are equal. Swift's own `String` hashing normalizes Unicode on every lookup, which costs more
/// than the work a render cache saves.
public struct TextKey: Hashable, Sendable {
    /// The text.
    public let text: String
    /// FNV-1a of the text's UTF-8 bytes (`ContentHash.fnv1a`): also the file hash of a manifest.
    public let digest: UInt64

    /// The key of `text`.
    public init(_ text: String) {
        self.text = text
        digest = ContentHash.fnv1a(text.utf8)
    }

    /// The key of `text` whose FNV-1a is already known (checked against the bytes by the caller).
    init(_ text: String, digest: UInt64) {
        self.text = text
        self.digest = digest
    }

    /// Hashes the precomputed digest.
    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    /// Byte equality (every cache hit compares the whole text: `memcmp` over the bytes' storage; a generic
    /// `elementsEqual` was 2% of a render).
    public static func == (lhs: TextKey, rhs: TextKey) -> Bool {
        guard lhs.digest == rhs.digest, lhs.text.utf8.count == rhs.text.utf8.count else { return false }
        var (left, right) = (lhs.text, rhs.text)
        return left.withUTF8 { a in
            right.withUTF8 { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }
}
