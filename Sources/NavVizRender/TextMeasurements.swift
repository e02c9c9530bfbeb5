import CGraphviz
import Foundation

/// What the installed text layout plugin (pango) measured, kept for the life of the process.
///
/// Measuring a span of text with pango (a layout object, shaping, font lookup) was the largest single
/// cost of laying out navviz's diagrams: 14% of a render, more than parsing the DOT. The same few
/// hundred strings (class names, "3 in stack", appearance events) recur in every diagram of a run, and
/// pango's answer depends only on the font, its size and style flags and the text, so the answer for each
/// is remembered: a text layout plugin of higher quality than pango's is installed in the context, and
/// asks pango only for text it has not seen. The SVG is byte for byte the same (a test compares them).
///
/// Every call comes from Graphviz, which `GraphvizEngine` serializes behind its lock, so the table needs no
/// lock of its own.
enum TextMeasurements {
    /// The font name and the text as bytes: pango measures bytes, and `String`'s `==` calls canonically equivalent
    /// texts equal ("가" and its two jamo, 15 and 29 pt wide), which would serve one's measure for the other.
    struct Key: Hashable {
        var font: [UInt8]
        var size: Double
        var flags: UInt32
        var text: [UInt8]

        init(font: UnsafePointer<CChar>, size: Double, flags: UInt32, text: UnsafePointer<CChar>) {
            self.font = Self.bytes(font)
            self.size = size
            self.flags = flags
            self.text = Self.bytes(text)
        }

        static func bytes(_ string: UnsafePointer<CChar>) -> [UInt8] {
            Array(UnsafeRawBufferPointer(start: string, count: strlen(string)))
        }
    }

    struct Measure {
        var size: pointf
        var yoffsetLayout: Double
        var yoffsetCenterline: Double
        var result: navviz_textlayout_result
    }

    /// The measures so far, by font and text.
    nonisolated(unsafe) private static var measures: [Key: Measure] = [:]
    /// The installed plugin's function, asked for text not measured yet.
    nonisolated(unsafe) private static var measure: navviz_textlayout_function?
    /// The bytes of the table's keys so far.
    nonisolated(unsafe) private static var keyBytes = 0
    /// More bytes of distinct texts than this empty the table (a long-lived process sees unbounded names).
    static let limit = 16 << 20

    /// The engine Graphviz calls: the remembered measure, else the installed plugin's.
    static let engine: navviz_textlayout_function = { span, fontpath in
        guard let measure = TextMeasurements.measure else { return navviz_textlayout_failed() }
        // `fontpath` asks for the font file too (Graphviz's -v): not something this table knows.
        guard let span, fontpath == nil, let font = span.pointee.font, let name = font.pointee.name, let text = span.pointee.str
        else { return measure(span, fontpath) }
        let key = Key(font: name, size: font.pointee.size, flags: UInt32(font.pointee.flags), text: text)
        if let known = measures[key] {
            span.pointee.size = known.size
            span.pointee.yoffset_layout = known.yoffsetLayout
            span.pointee.yoffset_centerline = known.yoffsetCenterline
            // No pango layout object goes with a remembered measure (SVG and the text formats never use one);
            // Graphviz frees `layout` with `free_layout` when both are set, and a span's memory is not zeroed.
            span.pointee.layout = nil
            span.pointee.free_layout = nil
            return known.result
        }
        let result = measure(span, fontpath)
        if keyBytes > limit {
            measures.removeAll()
            keyBytes = 0
        }
        keyBytes += key.font.count + key.text.count + 64
        measures[key] = Measure(
            size: span.pointee.size, yoffsetLayout: span.pointee.yoffset_layout, yoffsetCenterline: span.pointee.yoffset_centerline,
            result: result)
        return result
    }

    /// Whether a measure of `text` in `font` at `size` points with style `flags` (Graphviz's `HTML_BF`…) is
    /// remembered. Call with Graphviz's lock held (`GraphvizEngine.remembers`).
    static func remembers(_ text: String, font: String, size: Double, flags: UInt32 = 0) -> Bool {
        font.withCString { font in
            text.withCString { text in measures[Key(font: font, size: size, flags: flags, text: text)] != nil }
        }
    }

    /// Installs the remembering engine in `context` in front of the text layout engine `plugin` (the
    /// `gvplugin_installed_t` list of a loaded plugin library, such as pango's `gvtextlayout_pango_types`).
    /// False, and nothing changed, when Graphviz lacks what this needs.
    static func install(in context: OpaquePointer, pluginTypes: UnsafeRawPointer) -> Bool {
        var types = pluginTypes.assumingMemoryBound(to: gvplugin_installed_t.self)
        while let type = types.pointee.type, String(cString: type) != "textlayout" { types += 1 }
        guard types.pointee.type != nil,
            let original = types.pointee.engine?.assumingMemoryBound(to: gvtextlayout_engine_t.self).pointee.textlayout
        else { return false }
        measure = original
        return TextLayoutPlugin.install(engine, in: context)
    }
}

/// A text layout plugin made in the process and given to a Graphviz context.
enum TextLayoutPlugin {
    /// Adds a plugin library whose one text layout engine is `textlayout`, of higher quality than pango's, and
    /// makes it the context's text layout. False when Graphviz lacks what this needs.
    static func install(_ textlayout: navviz_textlayout_function, in context: OpaquePointer) -> Bool {
        typealias Select = @convention(c) (OpaquePointer?) -> Int32
        // Not in Graphviz's public headers, but exported by libgvc: picks the best text layout plugin.
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "gvtextlayout_select") else { return false }
        let select = unsafeBitCast(symbol, to: Select.self)
        // The plugin's records live as long as the context (the process): allocated once, never freed.
        let engine = UnsafeMutablePointer<gvtextlayout_engine_t>.allocate(capacity: 1)
        engine.initialize(to: gvtextlayout_engine_t(textlayout: textlayout))
        let installed = UnsafeMutablePointer<gvplugin_installed_t>.allocate(capacity: 2)
        installed[0] = gvplugin_installed_t(id: 0, type: strdup("textlayout"), quality: 100, engine: engine, features: nil)
        installed[1] = gvplugin_installed_t(id: 0, type: nil, quality: 0, engine: nil, features: nil)
        let apis = UnsafeMutablePointer<gvplugin_api_t>.allocate(capacity: 2)
        apis[0] = gvplugin_api_t(api: API_textlayout, types: installed)
        apis[1] = gvplugin_api_t(api: api_t(0), types: nil)
        let library = UnsafeMutablePointer<gvplugin_library_t>.allocate(capacity: 1)
        library.initialize(to: gvplugin_library_t(packagename: strdup("navviz_measures"), apis: apis))
        gvAddLibrary(context, library)
        return select(context) != 999
    }
}
