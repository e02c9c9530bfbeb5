import NavVizRender
import Testing

/// FNV-1a, 64 bits: the published test vectors, from a string's buffer and from any sequence of bytes
/// alike (cache keys and manifests depend on the values never changing).
@Suite struct ContentHashTests {
    @Test(arguments: [("", 0xcbf2_9ce4_8422_2325 as UInt64), ("a", 0xaf63_dc4c_8601_ec8c), ("foobar", 0x8594_4171_f739_67e8)])
    func theTestVectorsHash(text: String, value: UInt64) {
        #expect(ContentHash.fnv1a(text.utf8) == value)
        #expect(ContentHash.fnv1a(Array(text.utf8)) == value)
        #expect(ContentHash.fnv1a(text.utf8.lazy.map { $0 }) == value)
    }

    @Test func aSeedContinuesAHash() {
        #expect(ContentHash.fnv1a("bar".utf8, seed: ContentHash.fnv1a("foo".utf8)) == ContentHash.fnv1a("foobar".utf8))
        #expect(ContentHash.hex(0xaf63_dc4c_8601_ec8c) == "af63dc4c8601ec8c")
        #expect(ContentHash.hex(1) == "0000000000000001")
    }
}
