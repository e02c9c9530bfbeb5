import CGraphviz

/// Rewrites Graphviz SVG text so that several drawings can share one HTML page.
public enum SVGPostProcessor {
    /// Prefixes every `id` in `svg`, and every same-document reference to one (`url(#…)`,
    /// `href="#…"`, `xlink:href="#…"`), with `prefix`.
    ///
    /// Graphviz numbers `graph0`, `node1`, `edge1`, `clust1`… afresh in every SVG, so inlined
    /// drawings would collide. Only markup is rewritten: text content, comments and references to
    /// ids the document does not define are left alone. `prefix` is inserted verbatim; keep it to
    /// letters, digits, `-` and `_`, starting with a letter.
    public static func uniquifyIDs(svg: String, prefix: String) -> String {
        let source = Array(svg.utf8)
        // Without a reference (the diagrams navviz draws have none: no gradient, no link), every `id` in markup is one
        // to prefix, and no other attribute is: one scan, no set of ids (this runs over every SVG of index.html, and the
        // general way was 8% of a render).
        if !referencePatterns.contains(where: { firstRange(of: $0, in: source[...], from: 0) != nil }) {
            return prefixingEveryID(source, prefix: prefix)
        }
        return uniquifyingReferences(source, prefix: prefix)
    }

    /// Every `id` in markup prefixed (an SVG that references none).
    static func prefixingEveryID(_ source: [UInt8], prefix: String) -> String {
        let prefixBytes = Array(prefix.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(source.count + source.count / 16)
        var copied = 0
        SVGAttributeScanner(source: source).forEachAttribute { _, name, value in
            guard name.count == 2, name.first == UInt8(ascii: "i"), name.last == UInt8(ascii: "d") else { return }
            output.append(contentsOf: source[copied..<value.startIndex])
            output.append(contentsOf: prefixBytes)
            copied = value.startIndex
        }
        output.append(contentsOf: source[copied...])
        return String(decoding: output, as: UTF8.self)
    }

    /// Every `id` in markup prefixed, and every reference to one in `href`s and `url(#…)`s.
    static func uniquifyingReferences(_ source: [UInt8], prefix: String) -> String {
        let prefixBytes = Array(prefix.utf8)
        // One scan: the ids defined, and where each attribute that defines or may reference one is; then those
        // are rewritten in place of a second scan (this runs over every SVG of a page).
        var ids = Set<[UInt8]>()
        var candidates: [(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] = []
        SVGAttributeScanner(source: source).forEachAttribute { _, name, value in
            if name.elementsEqual(Self.id) {
                ids.insert(Array(value))
                candidates.append((name, value))
            } else if value.first == hash && hrefs.contains(where: { $0.elementsEqual(name) }) {
                candidates.append((name, value))
            } else if urlAttributes.contains(where: { $0.elementsEqual(name) }) {
                candidates.append((name, value))
            }
        }
        var output: [UInt8] = []
        output.reserveCapacity(source.count + source.count / 8)
        var copied = 0
        for (name, value) in candidates {
            guard let rewritten = rewrite(name: name, value: value, ids: ids, transform: { prefixBytes + $0 }) else { continue }
            output.append(contentsOf: source[copied..<value.startIndex])
            output.append(contentsOf: rewritten)
            copied = value.endIndex
        }
        output.append(contentsOf: source[copied...])
        return String(decoding: output, as: UTF8.self)
    }

    /// Renumbers gradient ids (`l_7`, `r_8`) from zero in order of appearance.
    ///
    /// Graphviz's SVG renderer numbers gradients with a process-wide counter, so without this the
    /// same DOT would give different SVG on every render in a long-lived process.
    static func renumberGradients(svg: String) -> String {
        let source = Array(svg.utf8)
        guard firstRange(of: gradientMarker, in: source[...], from: 0) != nil else { return svg }
        var renamed: [[UInt8]: [UInt8]] = [:]
        SVGAttributeScanner(source: source).forEachAttribute { element, name, value in
            guard Self.gradients.contains(where: { $0.elementsEqual(element) }), name.elementsEqual(Self.id),
                let kind = value.first, renamed[Array(value)] == nil
            else { return }
            renamed[Array(value)] = [kind, UInt8(ascii: "_")] + Array(String(renamed.count).utf8)
        }
        return rewriteIDs(in: source, ids: Set(renamed.keys)) { renamed[$0] ?? $0 }
    }

    /// The font list the SVG gives for the diagrams' font (`DiagramStyle.font`, Arial), then fonts with the
    /// same metrics.
    static let fontFamilies = "\(DiagramStyle.font),Liberation Sans,Arimo,Helvetica,sans-serif"

    /// Names the metric-compatible fallbacks wherever Graphviz wrote the diagrams' font as the only family,
    /// so a viewer without Arial draws the text in a font of the same widths (Liberation Sans on Linux).
    /// User text cannot hold the attribute: Graphviz escapes its quotes.
    static func nameFontFallbacks(_ svg: String) -> String {
        // Bytes, not `String.replacing`: this runs on every diagram, and the generic search was 7% of a render.
        let source = Array(svg.utf8)
        var output: [UInt8] = []
        var copied = 0
        while let range = firstRange(of: singleFamily, in: source[...], from: copied) {
            if output.isEmpty { output.reserveCapacity(source.count + source.count / 16) }
            output.append(contentsOf: source[copied..<range.lowerBound])
            output.append(contentsOf: familiesWithFallbacks)
            copied = range.upperBound
        }
        guard copied > 0 else { return svg }
        output.append(contentsOf: source[copied...])
        return String(decoding: output, as: UTF8.self)
    }

    /// Marks each `<text>` element whose text starts with a space `xml:space="preserve"`, so viewers keep it.
    ///
    /// Graphviz writes a label's bold run and the text after it as two `<text>` elements, the second starting
    /// with the space between them (` · shopNav`), and places it after the first's measured width. By default
    /// XML drops a text's leading space, so the dot is drawn against the bold word (`UIWindow· phone`). Chromium
    /// honours the attribute only on the text element itself, not inherited from the root.
    static func preservingSpaces(_ svg: String) -> String {
        let source = Array(svg.utf8)
        var output: [UInt8] = []
        var copied = 0
        var from = 0
        while let open = firstRange(of: textOpen, in: source[...], from: from),
            let end = firstRange(of: tagEnd, in: source[...], from: open.upperBound)
        {
            from = end.upperBound
            guard end.upperBound < source.count, source[end.upperBound] == UInt8(ascii: " ") else { continue }
            if output.isEmpty { output.reserveCapacity(source.count + 8 * preserveSpaces.count) }
            output.append(contentsOf: source[copied..<open.upperBound])
            output.append(contentsOf: preserveSpaces)
            copied = open.upperBound
        }
        guard copied > 0 else { return svg }
        output.append(contentsOf: source[copied...])
        return String(decoding: output, as: UTF8.self)
    }

    private static let textOpen = Array("<text ".utf8)
    private static let tagEnd = Array(">".utf8)
    private static let preserveSpaces = Array("xml:space=\"preserve\" ".utf8)

    private static let singleFamily = Array("font-family=\"\(DiagramStyle.font)\"".utf8)
    private static let familiesWithFallbacks = Array("font-family=\"\(fontFamilies)\"".utf8)

    private static let id = Array("id".utf8)
    /// What any reference to an id in an SVG contains (`url(#`, `href="#`, `href='#`); quotes and spaces in text
    /// content may make one match where there is none, which only takes the general way.
    private static let referencePatterns = [Array("url(#".utf8), Array("href=\"#".utf8), Array("href='#".utf8), Array("href =".utf8)]
    private static let hrefs = [Array("href".utf8), Array("xlink:href".utf8)]
    private static let gradients = [Array("linearGradient".utf8), Array("radialGradient".utf8)]
    private static let urlOpening = Array("url(#".utf8)
    private static let gradientMarker = Array("Gradient id=".utf8)
    private static let hash = UInt8(ascii: "#")
    private static let closingParenthesis = UInt8(ascii: ")")

    /// Replaces each of `ids`, where markup defines or references it, with `transform(id)`.
    private static func rewriteIDs(in source: [UInt8], ids: Set<[UInt8]>, transform: ([UInt8]) -> [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(source.count + source.count / 8)
        var copied = 0
        SVGAttributeScanner(source: source).forEachAttribute { _, name, value in
            guard let rewritten = rewrite(name: name, value: value, ids: ids, transform: transform) else { return }
            output.append(contentsOf: source[copied..<value.startIndex])
            output.append(contentsOf: rewritten)
            copied = value.endIndex
        }
        output.append(contentsOf: source[copied...])
        return String(decoding: output, as: UTF8.self)
    }

    /// The new value of one attribute, or nil to keep it.
    private static func rewrite(
        name: ArraySlice<UInt8>, value: ArraySlice<UInt8>, ids: Set<[UInt8]>, transform: ([UInt8]) -> [UInt8]
    ) -> [UInt8]? {
        if name.elementsEqual(id) {
            return ids.contains(Array(value)) ? transform(Array(value)) : nil
        }
        if hrefs.contains(where: { $0.elementsEqual(name) }), value.first == hash, ids.contains(Array(value.dropFirst())) {
            return [hash] + transform(Array(value.dropFirst()))
        }
        // Only the attributes that can hold a `url(#…)`: scanning every path's coordinates for one was a third of
        // the work.
        guard urlAttributes.contains(where: { $0.elementsEqual(name) }) else { return nil }
        return rewriteURLReferences(in: value, ids: ids, transform: transform)
    }

    /// The presentation attributes whose value may reference an element by `url(#id)`, and `style`.
    private static let urlAttributes = [
        "fill", "stroke", "style", "filter", "clip-path", "mask", "marker-start", "marker-mid", "marker-end", "cursor",
    ].map { Array($0.utf8) }

    /// Rewrites the ids in `url(#id)` references (as in `fill="url(#l_0)"`); nil if there are none to change.
    private static func rewriteURLReferences(
        in value: ArraySlice<UInt8>, ids: Set<[UInt8]>, transform: ([UInt8]) -> [UInt8]
    ) -> [UInt8]? {
        var result: [UInt8] = []
        var copied = value.startIndex
        var index = value.startIndex
        while let opening = firstRange(of: urlOpening, in: value, from: index) {
            guard let closing = value[opening.upperBound...].firstIndex(of: closingParenthesis) else { break }
            let target = Array(value[opening.upperBound..<closing])
            if ids.contains(target) {
                result.append(contentsOf: value[copied..<opening.upperBound])
                result.append(contentsOf: transform(target))
                copied = closing
            }
            index = closing
        }
        guard copied != value.startIndex else { return nil }
        result.append(contentsOf: value[copied...])
        return result
    }
}

/// The first occurrence of a byte pattern in a slice at or after `start`, found with the C library's `memmem` (a
/// plain loop was a tenth of a warm render, over 30 MB of index.html four times; Foundation's generic
/// `firstRange(of:)` was slower still).
func firstRange(of pattern: [UInt8], in bytes: ArraySlice<UInt8>, from start: Int) -> Range<Int>? {
    guard !pattern.isEmpty, start >= bytes.startIndex, bytes.endIndex - start >= pattern.count else { return nil }
    return bytes.withUnsafeBufferPointer { buffer -> Range<Int>? in
        pattern.withUnsafeBufferPointer { needle -> Range<Int>? in
            let offset = start - bytes.startIndex
            guard let base = buffer.baseAddress,
                let found = navviz_memmem(base + offset, buffer.count - offset, needle.baseAddress!, needle.count)
            else { return nil }
            let index = bytes.startIndex + (UnsafeRawPointer(found) - UnsafeRawPointer(base))
            return index..<(index + pattern.count)
        }
    }
}

/// Walks the start tags of XML text and reports each attribute's element, name and raw (still escaped) value.
private struct SVGAttributeScanner {
    let source: [UInt8]

    private static let lessThan = UInt8(ascii: "<")
    private static let greaterThan = UInt8(ascii: ">")
    private static let equals = UInt8(ascii: "=")
    private static let slash = UInt8(ascii: "/")
    private static let doubleQuote = UInt8(ascii: "\"")
    private static let singleQuote = UInt8(ascii: "'")
    private static let skipped: [(opening: [UInt8], closing: [UInt8])] = [
        (Array("<!--".utf8), Array("-->".utf8)),
        (Array("<![CDATA[".utf8), Array("]]>".utf8)),
        (Array("<?".utf8), Array("?>".utf8)),
        (Array("<!".utf8), Array(">".utf8)),
    ]

    typealias Visitor = (_ element: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>, _ value: ArraySlice<UInt8>) -> Void

    func forEachAttribute(_ body: Visitor) {
        // Over the bytes' buffer, without the bounds checks and slices of indexing the array: this runs over every
        // SVG of a render at least twice.
        source.withUnsafeBufferPointer { bytes in
            let end = bytes.count
            var index = 0
            while index < end {
                while index < end && bytes[index] != Self.lessThan { index += 1 }
                guard index < end else { return }
                let tagStart = index
                let next = tagStart + 1 < end ? bytes[tagStart + 1] : 0
                if next == Self.slash {
                    // An end tag: to its `>`.
                    index = tagStart + 2
                    while index < end && bytes[index] != Self.greaterThan { index += 1 }
                    index = min(index + 1, end)
                    continue
                }
                if next == UInt8(ascii: "!") || next == UInt8(ascii: "?"),
                    let skip = Self.skipped.first(where: { source[tagStart...].starts(with: $0.opening) })
                {
                    index = firstRange(of: skip.closing, in: source[...], from: tagStart + skip.opening.count)?.upperBound ?? end
                    continue
                }
                index = scanStartTag(bytes, from: tagStart + 1, body)
            }
        }
    }

    /// Reports the attributes of the start tag whose name begins at `start`; returns the index after the tag.
    private func scanStartTag(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ body: Visitor) -> Int {
        let end = bytes.count
        var index = start
        while index < end, !isSpace(bytes[index]), bytes[index] != Self.greaterThan, bytes[index] != Self.slash { index += 1 }
        let element = source[start..<index]
        while true {
            while index < end, isSpace(bytes[index]) || bytes[index] == Self.slash { index += 1 }
            guard index < end, bytes[index] != Self.greaterThan else { return min(index + 1, end) }
            let nameStart = index
            while index < end, !isSpace(bytes[index]), bytes[index] != Self.equals, bytes[index] != Self.greaterThan,
                bytes[index] != Self.slash
            {
                index += 1
            }
            let nameEnd = index
            while index < end, isSpace(bytes[index]) { index += 1 }
            guard index < end, bytes[index] == Self.equals else {
                if index == nameStart { index += 1 }  // a stray character: step over it
                continue
            }
            index += 1
            while index < end, isSpace(bytes[index]) { index += 1 }
            guard index < end, bytes[index] == Self.doubleQuote || bytes[index] == Self.singleQuote else { continue }
            let quote = bytes[index]
            let valueStart = index + 1
            var valueEnd = valueStart
            while valueEnd < end, bytes[valueEnd] != quote { valueEnd += 1 }
            body(element, source[nameStart..<nameEnd], source[valueStart..<valueEnd])
            index = min(valueEnd + 1, end)
        }
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
