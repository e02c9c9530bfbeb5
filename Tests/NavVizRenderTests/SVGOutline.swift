import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What the render tests need to know about an SVG document, read with `XMLParser`; nil if it is not
/// well-formed XML.
final class SVGOutline: NSObject, XMLParserDelegate {
    /// One `<g class="node">`, with the shape fills and texts inside it.
    struct NodeGroup {
        var fills: [String] = []
        var texts: [String] = []
    }

    private(set) var elementNames: [String] = []
    private(set) var classCounts: [String: Int] = [:]
    private(set) var ids: [String] = []
    /// Targets of `url(#…)` and `href="#…"` references.
    private(set) var references: [String] = []
    /// The content of each `<text>` element.
    private(set) var texts: [String] = []
    /// Tooltips (`xlink:title`).
    private(set) var titles: [String] = []
    /// Each `<g class="node">`.
    private(set) var nodes: [NodeGroup] = []
    private var currentText: String?
    private var nodeDepth: Int?
    private var depth = 0

    init?(parsing svg: String) {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        guard parser.parse() else { return nil }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        depth += 1
        elementNames.append(elementName)
        if let name = attributes["class"] { classCounts[name, default: 0] += 1 }
        if let id = attributes["id"] { ids.append(id) }
        if let title = attributes["xlink:title"] { titles.append(title) }
        for (name, value) in attributes {
            if name.hasSuffix("href"), value.hasPrefix("#") { references.append(String(value.dropFirst())) }
            var rest = value[...]
            while let opening = rest.range(of: "url(#"), let closing = rest[opening.upperBound...].firstIndex(of: ")") {
                references.append(String(rest[opening.upperBound..<closing]))
                rest = rest[closing...]
            }
        }
        if elementName == "g", attributes["class"] == "node" {
            nodes.append(NodeGroup())
            nodeDepth = depth
        }
        if nodeDepth != nil, elementName != "text", let fill = attributes["fill"] { nodes[nodes.count - 1].fills.append(fill) }
        if elementName == "text" { currentText = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        currentText?.append(string)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if elementName == "text", let text = currentText {
            texts.append(text)
            if nodeDepth != nil { nodes[nodes.count - 1].texts.append(text) }
            currentText = nil
        }
        if depth == nodeDepth { nodeDepth = nil }
        depth -= 1
    }
}
