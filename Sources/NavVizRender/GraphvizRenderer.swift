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

/// Where Graphviz takes the width and height of text from when it lays out a graph.
public enum TextMetrics: String, Sendable, CaseIterable {
    /// The installed fonts, through Graphviz's text layout plugin (pango and fontconfig): the best
    /// fit for the fonts a viewer has, but geometry differs between machines with different fonts.
    case fonts
    /// Arial's advance widths compiled into navviz (`PortableTextLayout`), in a context without pango:
    /// the same SVG on every machine with the same Graphviz version, whatever fonts are installed; text
    /// may fit its box less snugly (no kerning, rough widths outside Latin-1).
    case portable
}

/// Lays out DOT text with Graphviz's `dot` engine and writes it as SVG or another text format.
///
/// libgvc is not thread-safe, so every Graphviz call in the process goes through one lock, whichever
/// entry point it comes from; for parallel rendering use worker processes.
public actor GraphvizRenderer {
    /// The renderer of this process.
    public static let shared = GraphvizRenderer()

    private init() {}

    /// Lays out `dot` and renders it in `format`, measuring text with `metrics`.
    public func render(dot: String, format: OutputFormat = .svg, metrics: TextMetrics = .fonts) throws(RenderError) -> String {
        try GraphvizEngine.shared.render(dot: dot, format: format, metrics: metrics).text
    }

    /// Lays out `dot` and renders it in `format`, blocking the calling thread (for synchronous callers).
    public nonisolated func renderSync(dot: String, format: OutputFormat = .svg, metrics: TextMetrics = .fonts) throws(RenderError)
        -> String
    {
        try GraphvizEngine.shared.render(dot: dot, format: format, metrics: metrics).text
    }

    /// The version of the Graphviz library in this process (`gvcVersion`), e.g. `2.43.0`.
    public nonisolated var graphvizVersion: String { GraphvizEngine.shared.version }

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

/// The process's Graphviz contexts and the lock that serializes every call into libgvc.
///
/// Two contexts: the default one (every plugin the installation configures, so text is measured
/// with the installed fonts) and, made on first use, a portable one holding only the `dot` layout
/// and the core renderers, its text measured by navviz's `PortableTextLayout` instead of pango. Both go
/// through the same lock: libgvc and cgraph keep global state (the DOT
/// scanner, error buffers), and two threads in two contexts crash.
final class GraphvizEngine: @unchecked Sendable {
    static let shared = GraphvizEngine()

    private static let layoutEngine = "dot"
    private let lock = NSLock()
    private let context: OpaquePointer
    /// The portable context, or why it could not be made; guarded by `lock`.
    private var portable: Result<OpaquePointer, RenderError>?

    /// `gvcVersion` of the context.
    let version: String

    private init() {
        Self.keepMessages()
        context = Self.makeContext()
        version = gvcVersion(context).map { String(cString: $0) } ?? "unknown"
        if ProcessInfo.processInfo.environment["NAVVIZ_TEXT_MEASURES"] != "fresh" { rememberTextMeasures(in: context) }
    }

    /// Whether the default context remembers what its text layout plugin measured (`TextMeasurements`).
    private(set) var remembersTextMeasures = false

    /// Whether the measure of `text` in `font` at `size` points is remembered (for tests).
    func remembers(_ text: String, font: String, size: Double, flags: UInt32 = 0) -> Bool {
        lock.withLock { TextMeasurements.remembers(text, font: font, size: size, flags: flags) }
    }

    /// Installs `TextMeasurements` in front of pango's text layout in `context`, when pango is the plugin
    /// the context loaded. `NAVVIZ_TEXT_MEASURES=fresh` leaves it out (every text measured by pango, to
    /// compare).
    private func rememberTextMeasures(in context: OpaquePointer) {
        guard let folder = Self.pluginFolder(context),
            let types = Self.pluginSymbol(named: "pango", symbol: "gvtextlayout_pango_types", in: folder, loadedOnly: true)
        else { return }
        remembersTextMeasures = TextMeasurements.install(in: context, pluginTypes: types)
    }

    /// Parses, lays out and renders `dot`; the only path into Graphviz.
    func render(dot: String, format: OutputFormat, memory: ParseMemory = .arena, metrics: TextMetrics = .fonts) throws(RenderError)
        -> Rendering
    {
        var rendering = try renderLocked(dot: dot, format: format, memory: memory, metrics: metrics)
        if format == .svg {
            rendering.text = SVGPostProcessor.preservingSpaces(
                SVGPostProcessor.nameFontFallbacks(SVGPostProcessor.renumberGradients(svg: rendering.text)))
        }
        return rendering
    }

    private func renderLocked(dot: String, format: OutputFormat, memory: ParseMemory, metrics: TextMetrics) throws(RenderError) -> Rendering
    {
        lock.lock()
        defer { lock.unlock() }
        let context = try self.context(for: metrics)

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
        try Self.layout(graph, in: context)
        defer { Self.freeLayout(graph, in: context) }
        let output = try Self.renderData(graph, format: format, in: context)
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

    /// The context for `metrics`; the portable one is made on first use (call with the lock held).
    private func context(for metrics: TextMetrics) throws(RenderError) -> OpaquePointer {
        switch metrics {
        case .fonts:
            return context
        case .portable:
            if portable == nil { portable = Result { () throws(RenderError) in try Self.makePortableContext() } }
            return try portable!.get()
        }
    }

    /// The plugin libraries of the portable context: the `dot` layout and the core renderers (SVG,
    /// DOT, JSON…). Not the pango text layout: text is measured by `PortableTextLayout`.
    private static let portablePlugins = [("gvplugin_dot_layout", "dot_layout"), ("gvplugin_core", "core")]

    /// Calls `gvContextPlugins` with no built-in plugins and no plugin configuration, then
    /// `gvAddLibrary` for each of `portablePlugins`, found in Graphviz's plugin folder, and installs
    /// `PortableTextLayout`.
    private static func makePortableContext() throws(RenderError) -> OpaquePointer {
        // The context keeps this pointer, so the (empty) list is allocated once and never freed.
        let noBuiltins = UnsafeMutablePointer<lt_symlist_t>.allocate(capacity: 1)
        noBuiltins.initialize(to: lt_symlist_t(name: nil, address: nil))
        guard let portable = gvContextPlugins(noBuiltins, 0) else {
            throw .portableMetricsUnavailable(reason: "gvContextPlugins() returned NULL")
        }
        guard let folder = pluginFolder(portable) else {
            throw .portableMetricsUnavailable(reason: "Graphviz's plugin folder was not found")
        }
        for (symbolPrefix, name) in portablePlugins {
            let library = try pluginLibrary(named: name, symbol: "\(symbolPrefix)_LTX_library", in: folder)
            gvAddLibrary(portable, library)
        }
        guard TextLayoutPlugin.install(PortableTextLayout.engine, in: portable) else {
            throw .portableMetricsUnavailable(reason: "the text layout could not be installed")
        }
        return portable
    }

    /// Calls `gvconfig_libdir` (looked up at run time, as it is not in Graphviz's public headers):
    /// the folder Graphviz loads its plugins from (`$GVBINDIR` when set).
    private static func pluginFolder(_ context: OpaquePointer) -> String? {
        typealias LibDir = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
        let process = dlopen(nil, RTLD_NOW)
        guard let symbol = dlsym(process, "gvconfig_libdir") else { return nil }
        let libdir = unsafeBitCast(symbol, to: LibDir.self)
        guard let path = libdir(context) else { return nil }
        let folder = String(cString: path)
        return folder.isEmpty ? nil : folder
    }

    /// Calls `dlopen` on the plugin library `libgvplugin_<name>.*` in `folder` and `dlsym` for its
    /// library descriptor. The library stays loaded for the life of the process.
    private static func pluginLibrary(named name: String, symbol: String, in folder: String) throws(RenderError) -> UnsafeMutablePointer<
        gvplugin_library_t
    > {
        guard let address = pluginSymbol(named: name, symbol: symbol, in: folder) else {
            throw .portableMetricsUnavailable(reason: "no loadable 'libgvplugin_\(name).*' in '\(folder)'")
        }
        return address.assumingMemoryBound(to: gvplugin_library_t.self)
    }

    /// Calls `dlopen` on the plugin library `libgvplugin_<name>.*` in `folder` (only when the process has
    /// loaded it already, with `loadedOnly`) and `dlsym` for `symbol`.
    private static func pluginSymbol(named name: String, symbol: String, in folder: String, loadedOnly: Bool = false)
        -> UnsafeMutableRawPointer?
    {
        let prefix = "libgvplugin_\(name)."
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix(prefix) && !$0.hasSuffix(".la") }
            .sorted { ($0.count, $0) < ($1.count, $1) }
        for file in files {
            guard let handle = dlopen(folder + "/" + file, RTLD_NOW | RTLD_LOCAL | (loadedOnly ? RTLD_NOLOAD : 0)) else { continue }
            if let address = dlsym(handle, symbol) { return address }
        }
        return nil
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
    private static func layout(_ graph: UnsafeMutablePointer<Agraph_t>, in context: OpaquePointer) throws(RenderError) {
        guard gvLayout(context, graph, Self.layoutEngine) == 0 else {
            throw .layoutFailed(engine: layoutEngine, reason: lastErrorMessage() ?? "")
        }
    }

    /// Calls `gvFreeLayout`.
    private static func freeLayout(_ graph: UnsafeMutablePointer<Agraph_t>, in context: OpaquePointer) {
        _ = gvFreeLayout(context, graph)
    }

    /// Calls `gvRenderData`; free the result with `freeRenderData`.
    private static func renderData(_ graph: UnsafeMutablePointer<Agraph_t>, format: OutputFormat, in context: OpaquePointer)
        throws(RenderError) -> UnsafeBufferPointer<UInt8>
    {
        var result: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        let status = gvRenderData(context, graph, format.rawValue, &result, &length)
        guard status == 0, let result else {
            freeRenderData(result)
            throw .renderFailed(format: format.rawValue, reason: lastErrorMessage() ?? "")
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
