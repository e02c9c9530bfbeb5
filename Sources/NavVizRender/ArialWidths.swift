import CGraphviz
import Foundation

/// Arial's advance widths, regular and bold, in thousandths of an em.
///
/// Read from the `hmtx` tables of Liberation Sans 2 (Regular and Bold), which are metric-compatible with
/// Arial (and Helvetica, whose AFM files give the same numbers for ASCII): printable ASCII, Latin-1 and the
/// punctuation navviz writes. A character of a wide script (CJK, Hangul, emoji and symbols drawn as emoji) counts an
/// em, a variation selector or zero-width joiner nothing; any other character a digit's width.
enum ArialWidths {
    /// The advance width of `scalar` in thousandths of an em.
    static func advance(_ scalar: Unicode.Scalar, bold: Bool = false) -> Int {
        let value = scalar.value
        switch value {
        case 0x20...0x7E: return Int((bold ? boldTable : regularTable)[Int(value) - 0x20])
        case 0xA0...0xFF: return Int((bold ? boldTable : regularTable)[Int(value) - 0xA0 + 0x5F])
        default:
            if let pair = others[value] { return Int(bold ? pair.bold : pair.regular) }
            if isInvisible(scalar) { return 0 }
            return isWide(scalar) ? 1000 : 556
        }
    }

    /// Whether `scalar` belongs to a script set an em wide (CJK, Hangul, full-width forms), or is a symbol a browser draws
    /// as an emoji, an em or more wide: the miscellaneous symbols and dingbats (`⚠`, `★`, `✓`), enclosed and
    /// regional-indicator letters, and the emoji planes. Counted a digit wide, navviz's own `⚠` ran past its banner in
    /// Chromium (a trial).
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2600...0x27BF, 0x2B00...0x2BFF, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F000...0x1FAFF, 0x20000...0x3FFFD:
            true
        default: false
        }
    }

    /// Whether `scalar` takes no room of its own: a variation selector (`⚠️` is `⚠` and U+FE0F), a zero-width joiner of
    /// an emoji sequence, a zero-width space or mark.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B...0x200F, 0x2060...0x2064, 0xFE00...0xFE0F, 0xFEFF, 0xE0100...0xE01EF: true
        default: false
        }
    }

    /// Space to `~`, then U+00A0 to U+00FF.
    private static let regularTable: [UInt16] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 278,
        333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 552, 400,
        549, 333, 333, 333, 576, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611, 667,
        667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, 722,
        722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611, 556,
        556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278, 556,
        556, 556, 556, 556, 556, 556, 549, 611, 556, 556, 556, 556, 500, 556, 500,
    ]

    private static let boldTable: [UInt16] = [
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
        975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
        333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
        611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 278,
        333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 552, 400,
        549, 333, 333, 333, 576, 556, 333, 333, 333, 365, 556, 834, 834, 834, 611, 722,
        722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, 722,
        722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611, 556,
        556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278, 611,
        611, 611, 611, 611, 611, 611, 549, 611, 611, 611, 611, 611, 556, 611, 556,
    ]

    /// Punctuation beyond Latin-1: (regular, bold).
    private static let others: [UInt32: (regular: UInt16, bold: UInt16)] = [
        0x2013: (556, 556),  // –
        0x2014: (1000, 1000),  // —
        0x2018: (222, 278),  // ‘
        0x2019: (222, 278),  // ’
        0x201C: (333, 500),  // “
        0x201D: (333, 500),  // ”
        0x2022: (350, 350),  // •
        0x2026: (1000, 1000),  // …
        0x2039: (333, 333),  // ‹
        0x203A: (333, 333),  // ›
        0x20AC: (556, 556),  // €
        0x2122: (1000, 1000),  // ™
        0x2190: (1000, 1000),  // ←
        0x2192: (1000, 1000),  // →
        0x2212: (584, 584),  // −
    ]
}

/// The text layout of the portable context (`--portable-metrics`): every span measured with `ArialWidths`,
/// bold runs with Arial Bold's widths, the line 1.2 times the font size, as Graphviz's own estimate sets it.
///
/// Without a text layout plugin Graphviz estimates from a table of its own, which in the 2.4x releases
/// ignores bold (a bold class name overran the text after it by several points) and adds up UTF-8 bytes,
/// not characters (a `·` counted as `Â·`, three times its width). The numbers here are compiled in, so the
/// SVG is still the same on every machine.
enum PortableTextLayout {
    static let engine: navviz_textlayout_function = { span, _ in
        guard let span, let font = span.pointee.font else { return navviz_textlayout_failed() }
        let size = font.pointee.size
        let bold = font.pointee.flags & UInt32(HTML_BF) != 0
        var units = 0
        if let text = span.pointee.str {
            for scalar in String(cString: text).unicodeScalars { units += ArialWidths.advance(scalar, bold: bold) }
        }
        span.pointee.size = pointf(x: Double(units) * size / 1000, y: size * lineSpacing)
        span.pointee.yoffset_layout = 0
        span.pointee.yoffset_centerline = 0.1 * size
        span.pointee.layout = nil
        span.pointee.free_layout = nil
        return navviz_textlayout_succeeded()
    }

    /// Graphviz's `LINESPACING`.
    static let lineSpacing = 1.2
}
