import NavVizRender

/// Turns DOT text into SVG for the daemon.
public protocol DiagramRenderer: Sendable {
    /// The SVG for `dot`.
    func svg(dot: String) async throws(ServerError) -> String
}

extension DiagramRenderer {
    /// The SVG of a transition or a diff: its parts rendered, then composed.
    public func svg(_ picture: ComparisonDiagram) async throws(ServerError) -> String {
        var parts: [String] = []
        for dot in picture.parts { parts.append(try await svg(dot: dot)) }
        do {
            return try picture.svg(parts: parts)
        } catch {
            throw .renderFailed(error)
        }
    }
}

/// Renders inside this process through `GraphvizRenderer` (tests, short-lived use). Graphviz leaks
/// about 20 KB per clustered render here, so a long-running daemon uses `WorkerPoolRenderer`.
public struct InProcessRenderer: DiagramRenderer {
    /// The in-process renderer.
    public init() {}

    /// Renders `dot` to SVG with Graphviz in this process.
    public func svg(dot: String) async throws(ServerError) -> String {
        do {
            return try await GraphvizRenderer.shared.render(dot: dot)
        } catch {
            throw .renderFailed(error)
        }
    }
}

/// Remembers recent SVGs by their DOT text, up to a byte budget (least recently used go first).
public actor CachingRenderer: DiagramRenderer {
    private let base: any DiagramRenderer
    private let limit: Int
    private var entries: [String: (svg: String, used: UInt64)] = [:]
    private var bytes = 0
    private var tick: UInt64 = 0
    /// Renders served from the cache and by `base`.
    public private(set) var hits = 0
    /// Renders that went to `base`.
    public private(set) var misses = 0

    /// Caches `base`'s output, keeping at most `limit` bytes of DOT and SVG.
    public init(_ base: any DiagramRenderer, limit: Int = 32 << 20) {
        self.base = base
        self.limit = limit
    }

    /// The cached SVG for `dot`, or `base`'s rendering of it (then cached).
    public func svg(dot: String) async throws(ServerError) -> String {
        tick += 1
        if let entry = entries[dot] {
            entries[dot]?.used = tick
            hits += 1
            return entry.svg
        }
        misses += 1
        let svg = try await base.svg(dot: dot)
        if entries[dot] == nil {
            entries[dot] = (svg, tick)
            bytes += dot.utf8.count + svg.utf8.count
            evict()
        }
        return svg
    }

    private func evict() {
        guard bytes > limit else { return }
        // Drop the oldest until a tenth of the budget is free again.
        for (key, entry) in entries.sorted(by: { $0.value.used < $1.value.used }) {
            guard bytes > limit - limit / 10 else { break }
            entries[key] = nil
            bytes -= key.utf8.count + entry.svg.utf8.count
        }
    }
}
