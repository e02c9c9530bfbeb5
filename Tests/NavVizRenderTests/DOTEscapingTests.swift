import Testing

@testable import NavVizRender

/// Escaping of user text (`DOTEscaping`): each hostile string must
/// come out so Graphviz shows it literally.
@Suite struct DOTEscapingTests {
    @Test(arguments: [
        ("Home", "Home"),
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("</text><text>", "&lt;/text&gt;&lt;text&gt;"),
        ("a --> b", "a --&gt; b"),
        ("&amp; &lt; &#65;", "&amp;amp; &amp;lt; &amp;#65;"),
        (#"say "hi" 'x'"#, "say &quot;hi&quot; &#39;x&#39;"),
        (#"C:\N\G\E\T\H\L \"#, #"C:\\N\\G\\E\\T\\H\\L \\"#),
        ("line 1\nline 2", "line 1<BR/>line 2"),
        ("a\r\nb\rc", "a<BR/>b<BR/>c"),
        ("tab\there", "tab here"),
        ("bell\u{07}esc\u{1B}[31m del\u{7F} nel\u{85} nul\u{00}", "bellesc[31m del nel nul"),
        ("\u{202E}evil\u{2066}x\u{2069}", "evilx"),
        ("\u{200F}שלום\u{200E} مرحبا\u{061C}", "\u{200F}שלום\u{200E} مرحبا\u{061C}"),
        ("🛒 Cart 👩‍👩‍👧 é", "🛒 Cart 👩‍👩‍👧 é"),
        ("Café & Crème <b>", "Café &amp; Crème &lt;b&gt;"),
        ("é\u{202E}<", "é&lt;"),
        ("non\u{FFFE}char\u{FFFF}", "nonchar"),
        ("", ""),
    ])
    func htmlLabelText(input: String, expected: String) {
        #expect(DOTEscaping.html(input) == expected)
    }

    @Test(arguments: [
        ("Home", #""Home""#),
        (#"say "hi""#, #""say \"hi\"""#),
        (#"C:\N\G \"#, #""C:\\N\\G \\""#),
        ("&amp; <b>", #""&amp;amp; &lt;b&gt;""#),
        ("a\nb", #""a\nb""#),
        ("x\u{07}\u{1B}y\u{202D}z", #""xyz""#),
        ("🛒", #""🛒""#),
    ])
    func quotedLabel(input: String, expected: String) {
        #expect(DOTEscaping.quoted(input) == expected)
    }

    @Test(arguments: [
        ("Home · UIViewController", #""Home · UIViewController""#),
        (#"C:\N"#, #""C:\\\\N""#),
        (#""q" & <b>"#, #""\"q\" &amp; &lt;b&gt;""#),
        ("a\nb", #""a b""#),
        ("x\u{1B}y", #""xy""#),
    ])
    func tooltip(input: String, expected: String) {
        #expect(DOTEscaping.tooltip(input) == expected)
    }

    @Test(arguments: [
        (UInt32(0x00), true), (0x09, true), (0x1F, true), (0x20, false), (0x7E, false), (0x7F, true), (0x9F, true),
        (0xA0, false), (0x200E, false), (0x200F, false), (0x202A, true), (0x202E, true), (0x2066, true),
        (0x2069, true), (0xFFFD, false), (0xFFFE, true), (0x1F6D2, false),
    ])
    func droppedScalars(value: UInt32, isDropped: Bool) {
        #expect(DOTEscaping.isDropped(Unicode.Scalar(value)!) == isDropped)
    }

    @Test func markupEscapesTextButNotTags() {
        let markup: Markup = .bold(.text("<i>x</i>")) + .lineBreak + .font(.text("a&b"), size: 8, color: "#57606a")
        #expect(markup.raw == ##"<B>&lt;i&gt;x&lt;/i&gt;</B><BR/><FONT COLOR="#57606a" POINT-SIZE="8">a&amp;b</FONT>"##)
    }

    @Test func attributesAreSortedAndQuotedOnlyWhenNeeded() {
        var attributes: DOTAttributes = ["style": .constant("filled,rounded"), "label": .label("a\"b")]
        attributes.set("penwidth", "2.5")
        attributes.set("color", "#0969da")
        attributes.set("shape", "box")
        attributes["tooltip"] = .tooltip(#"\"#)
        #expect(
            attributes.rendered
                == ##"[color="#0969da", label="a\"b", penwidth=2.5, shape=box, style="filled,rounded", tooltip="\\\\"]"##
        )
    }

    @Test(arguments: ["node", "edge", "graph", "1.2.3", "-1", "a b", ""])
    func keywordsAndOddConstantsAreQuoted(value: String) {
        #expect(DOTValue.constant(value).rendered == "\"\(value)\"")
    }
}
