import CGraphviz
import Foundation

/// A text format Graphviz can write a laid-out graph in.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// SVG 1.1, the format the viewer inlines.
    case svg
    /// DOT with layout positions added.
    case dot
    /// DOT with drawing operations (`_draw_`...) added.
    case xdot
    /// Graphviz's line-based "plain" text.
    case plain
    /// JSON with layout and drawing operations.
    case json
}

/// Lays out DOT text with Graphviz's `dot` engine and writes it as SVG or another text format.
///
/// libgvc is not thread-safe, so every Graphviz call in the process goes through one lock, whichever
/// entry point it comes from; for parallel rendering use worker processes.
public actor GraphvizRenderer {
    /// The renderer of this process.
    public static let shared = GraphvizRenderer()

    private init() {}

    /// Lays out `dot` and renders it in `format`.
    public func render(dot: String, format: OutputFormat = .svg) throws(RenderError) -> String {
        try GraphvizEngine.shared.render(dot: dot, format: format).text
    }

    /// Lays out `dot` and renders it in `format`, blocking the calling thread (for synchronous callers).
    public nonisolated func renderSync(dot: String, format: OutputFormat = .svg) throws(RenderError) -> String {
        try GraphvizEngine.shared.render(dot: dot, format: format).text
    }

    /// Renders `dot` to SVG and reports the time spent in `gvLayout` and `gvRenderData` alone.
    public nonisolated func renderTimed(dot: String) throws(RenderError) -> (svg: String, layoutAndRenderSeconds: Double) {
        let rendering = try GraphvizEngine.shared.render(dot: dot, format: .svg)
        return (rendering.text, rendering.layoutAndRenderSeconds)
    }
}

/// Where cgraph allocates a parsed graph.
enum ParseMemory: Sendable {
    /// A bump arena: subgraphs keep the order of the DOT text, so output is byte-stable.
    case arena
    /// cgraph's default malloc discipline (cluster order can vary within one process).
    case malloc
}

/// The output of one render and the time Graphviz spent laying out and writing it.
struct Rendering: Sendable {
    var text: String
    var layoutAndRenderSeconds: Double
}

/// The process's Graphviz context and the lock that serializes every call into libgvc.
final class GraphvizEngine: @unchecked Sendable {
    static let shared = GraphvizEngine()

    private static let layoutEngine = "dot"
    private let lock = NSLock()
    private let context: OpaquePointer

    private init() {
        Self.keepMessages()
        context = Self.makeContext()
    }

    /// Parses, lays out and renders `dot`; the only path into Graphviz.
    func render(dot: String, format: OutputFormat, memory: ParseMemory = .arena) throws(RenderError) -> Rendering {
        var rendering = try renderLocked(dot: dot, format: format, memory: memory)
        if format == .svg { rendering.text = SVGPostProcessor.renumberGradients(svg: rendering.text) }
        return rendering
    }

    private func renderLocked(dot: String, format: OutputFormat, memory: ParseMemory) throws(RenderError) -> Rendering {
        lock.lock()
        defer { lock.unlock() }

        Self.resetErrors()
        let reader = try Self.openReader(dot, memory: memory)
        defer { Self.closeReader(reader) }
        guard let graph = Self.read(reader) else {
            throw .invalidDOT(reason: Self.lastErrorMessage() ?? "no graph found in the text")
        }
        defer { Self.close(graph) }
        try Self.expectEnd(of: reader)

        let clock = ContinuousClock()
        let start = clock.now
        try layout(graph)
        defer { freeLayout(graph) }
        let output = try renderData(graph, format: format)
        defer { Self.freeRenderData(output) }
        let elapsed = start.duration(to: clock.now)
        return Rendering(text: String(decoding: output, as: UTF8.self), layoutAndRenderSeconds: elapsed.seconds)
    }

    // MARK: - One wrapper per C call

    /// Calls `agseterr(AGMAX)`: Graphviz keeps messages for `aglasterr` instead of printing them.
    private static func keepMessages() {
        _ = agseterr(AGMAX)
    }

    /// Calls `gvContext`, which loads the layout and render plugins.
    private static func makeContext() -> OpaquePointer {
        guard let context = gvContext() else { fatalError("gvContext() returned NULL: out of memory") }
        return context
    }

    /// Calls `agreseterrors`, so `hasErrors()` covers only the current render.
    private static func resetErrors() {
        _ = agreseterrors()
    }

    /// Calls `agerrors`: whether an error (not a warning) was reported since `resetErrors()`.
    private static func hasErrors() -> Bool {
        agerrors() >= Int32(AGERR.rawValue)
    }

    /// Calls `aglasterr` (and frees its buffer): Graphviz's last message, on one line, if this render had errors.
    private static func lastErrorMessage() -> String? {
        guard hasErrors(), let buffer = aglasterr() else { return nil }
        defer { navviz_free(buffer) }
        let lines = String(cString: buffer).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        return lines.isEmpty ? nil : lines.joined(separator: " ")
    }

    /// Calls `navviz_reader_open`: a copy of `dot` to parse, with the chosen memory discipline.
    private static func openReader(_ dot: String, memory: ParseMemory) throws(RenderError) -> UnsafeMutablePointer<navviz_reader> {
        var text = dot
        let reader = text.withUTF8 { bytes -> UnsafeMutablePointer<navviz_reader>? in
            guard !bytes.contains(0) else { return nil }
            return bytes.withMemoryRebound(to: CChar.self) {
                navviz_reader_open($0.baseAddress, $0.count, memory == .arena ? 1 : 0)
            }
        }
        guard let reader else { throw .invalidDOT(reason: "the text contains a NUL character") }
        return reader
    }

    /// Calls `navviz_reader_close`: frees the arena and the copy of the text (after `agclose`).
    private static func closeReader(_ reader: UnsafeMutablePointer<navviz_reader>) {
        navviz_reader_close(reader)
    }

    /// Calls `agread` (through `navviz_reader_read`) for the next graph in the text.
    private static func read(_ reader: UnsafeMutablePointer<navviz_reader>) -> UnsafeMutablePointer<Agraph_t>? {
        navviz_reader_read(reader)
    }

    /// Calls `agclose`.
    private static func close(_ graph: UnsafeMutablePointer<Agraph_t>) {
        _ = agclose(graph)
    }

    /// Reads the rest of the text, which must hold no further graph and no syntax error.
    ///
    /// cgraph's scanner is global and keeps unread input buffered after a graph; reading to the end
    /// empties it, so the next render does not start with this text's leftovers.
    private static func expectEnd(of reader: UnsafeMutablePointer<navviz_reader>) throws(RenderError) {
        var extraGraphs = 0
        while let extra = read(reader) {
            close(extra)
            extraGraphs += 1
        }
        if let message = lastErrorMessage() { throw .invalidDOT(reason: message) }
        if extraGraphs > 0 { throw .invalidDOT(reason: "the text holds \(extraGraphs + 1) graphs; expected one") }
    }

    /// Calls `gvLayout` with the `dot` engine.
    private func layout(_ graph: UnsafeMutablePointer<Agraph_t>) throws(RenderError) {
        guard gvLayout(context, graph, Self.layoutEngine) == 0 else {
            throw .layoutFailed(engine: Self.layoutEngine, reason: Self.lastErrorMessage() ?? "")
        }
    }

    /// Calls `gvFreeLayout`.
    private func freeLayout(_ graph: UnsafeMutablePointer<Agraph_t>) {
        _ = gvFreeLayout(context, graph)
    }

    /// Calls `gvRenderData`; free the result with `freeRenderData`.
    private func renderData(_ graph: UnsafeMutablePointer<Agraph_t>, format: OutputFormat) throws(RenderError) -> UnsafeBufferPointer<UInt8> {
        var result: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        let status = gvRenderData(context, graph, format.rawValue, &result, &length)
        guard status == 0, let result else {
            Self.freeRenderData(result)
            throw .renderFailed(format: format.rawValue, reason: Self.lastErrorMessage() ?? "")
        }
        let bytes = UnsafeRawPointer(result).assumingMemoryBound(to: UInt8.self)
        return UnsafeBufferPointer(start: bytes, count: Int(length))
    }

    /// Calls `gvFreeRenderData`.
    private static func freeRenderData(_ output: UnsafeBufferPointer<UInt8>) {
        freeRenderData(output.baseAddress.map { UnsafeMutableRawPointer(mutating: $0).assumingMemoryBound(to: CChar.self) })
    }

    /// Calls `gvFreeRenderData` (it accepts NULL).
    private static func freeRenderData(_ data: UnsafeMutablePointer<CChar>?) {
        gvFreeRenderData(data)
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    fileprivate var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
