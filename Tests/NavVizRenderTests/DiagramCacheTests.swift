import Foundation
import Testing

@testable import NavVizRender

/// The SVG cache: a hit only for the very DOT, Graphviz version and metrics; nothing corrupt, truncated or
/// colliding is ever served; the folder stays under its bound.
@Suite struct DiagramCacheTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-cache-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func anEntryIsServedForTheSameDOTVersionAndMetricsOnly() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = DiagramCache(directory: dir, graphvizVersion: "2.43.0", metrics: .fonts)
        #expect(cache.lookup("digraph { a }") == nil)
        cache.store("digraph { a }", svg: "<svg>a</svg>")
        #expect(cache.lookup("digraph { a }") == "<svg>a</svg>")
        #expect(cache.lookup("digraph { b }") == nil)
        #expect(DiagramCache(directory: dir, graphvizVersion: "12.0.0", metrics: .fonts).lookup("digraph { a }") == nil)
        #expect(DiagramCache(directory: dir, graphvizVersion: "2.43.0", metrics: .portable).lookup("digraph { a }") == nil)
        // With the installed fonts, other fonts are another cache.
        #expect(DiagramCache(directory: dir, graphvizVersion: "2.43.0", metrics: .fonts, fonts: "other").lookup("digraph { a }") == nil)
        #expect(!DiagramCache.fontFingerprint().isEmpty)
    }

    @Test(arguments: ["truncated", "flipped", "collision", "empty"])
    func aBadEntryIsNeverServedAndIsRemoved(damage: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = DiagramCache(directory: dir, graphvizVersion: "2.43.0", metrics: .fonts)
        let dot = "digraph { a -> b }"
        cache.store(dot, svg: "<svg>the real one</svg>")
        let file = cache.path(for: TextKey(dot))
        var bytes = try #require(FileManager.default.contents(atPath: file))
        switch damage {
        case "truncated": bytes = bytes.dropLast(5)
        case "flipped": bytes[bytes.count - 3] ^= 0x20
        case "collision":
            // Another DOT's entry at this DOT's path (as a hash collision would put it).
            bytes = Data(DiagramCache.encode(context: cache.context, dot: "digraph { other }", svg: "<svg>wrong</svg>"))
        default: bytes = Data()
        }
        try bytes.write(to: URL(fileURLWithPath: file))
        #expect(cache.lookup(dot) == nil)
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func trimEvictsTheLeastRecentlyUsedFirst() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let svg = String(repeating: "x", count: 1000)
        let big = DiagramCache(directory: dir, graphvizVersion: "1", metrics: .fonts)
        for i in 0..<5 {
            big.store("digraph { n\(i) }", svg: svg)
            // Distinct, increasing use times.
            var times = [timeval(tv_sec: 1_000_000 + i, tv_usec: 0), timeval(tv_sec: 1_000_000 + i, tv_usec: 0)]
            _ = utimes(big.path(for: TextKey("digraph { n\(i) }")), &times)
        }
        DiagramCache(directory: dir, graphvizVersion: "1", metrics: .fonts, limit: 2500).trim()
        #expect((0..<5).map { big.lookup("digraph { n\($0) }") != nil } == [false, false, false, true, true])
    }

    /// A temporary file a killed navviz left while storing is removed once its process is gone (Ctrl-C during a
    /// render's layouts); a running one's is left alone.
    @Test func trimRemovesTheTemporariesOfAProcessThatIsGone() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = DiagramCache(directory: dir, graphvizVersion: "1", metrics: .fonts)
        cache.store("digraph { a }", svg: "<svg/>")
        let shard = (cache.path(for: TextKey("digraph { a }")) as NSString).deletingLastPathComponent
        // PID 2^22 + 1 is above Linux's pid_max: no such process. PID 1 is running.
        // An hour old too: a cache shared with a container may hold a live writer's from another PID namespace.
        let gone = "\(shard)/.tmp-4194305-77"
        let recent = "\(shard)/.tmp-4194305-78"
        let running = "\(shard)/.tmp-1-77"
        for path in [gone, recent, running] { #expect(FileManager.default.createFile(atPath: path, contents: Data("half".utf8))) }
        var old = [timeval(tv_sec: 1_000_000, tv_usec: 0), timeval(tv_sec: 1_000_000, tv_usec: 0)]
        for path in [gone, running] { _ = utimes(path, &old) }
        cache.trim()
        #expect(!FileManager.default.fileExists(atPath: gone))
        #expect(FileManager.default.fileExists(atPath: recent))
        #expect(FileManager.default.fileExists(atPath: running))
        #expect(cache.lookup("digraph { a }") == "<svg/>")
    }

    @Test func theDefaultFolderFollowsXDG() {
        #expect(DiagramCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"]) == "/x/cache/navviz")
        #expect(DiagramCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/a"]) == "/home/a/.cache/navviz")
        #expect(DiagramCache.defaultDirectory(environment: [:]) == nil)
    }
}
