/// A transition or a diff as drawn: the whole picture in DOT (the `.dot` file, the golden, the text a
/// reviewer reads) and the parts its SVG is composed from.
///
/// Laying out a transition as one graph cost twice a state's layout, and four fifths of a render went
/// there, though its two panels are states the render lays out anyway. So the panels are the two
/// states' own diagrams, laid out once for the states and the transitions alike; the caption and the
/// appearance events are small graphs of a label alone; and `svg(parts:)` places them and marks what
/// the step changed over the panels: a ring and a tag (`+ added`, `− removed`, `~ changed`) in the
/// mark's colour, which move nothing. The DOT says the same with the marked boxes' colours and words.
public struct ComparisonDiagram: Sendable, Equatable {
    /// The whole picture as one graph.
    public var dot: String
    /// The DOT texts the SVG is composed from, to lay out (in this order): the before panel, the after
    /// panel, and the legend when it has one. (The caption and the events are text navviz places itself.)
    public var parts: [String] { roles.compactMap(\.dot) }

    /// The SVG of the picture, its parts laid out by Graphviz in this process.
    public func svg(metrics: TextMetrics = .fonts) throws(RenderError) -> String {
        var laidOut: [String] = []
        for part in parts { laidOut.append(try GraphvizRenderer.shared.renderSync(dot: part, metrics: metrics)) }
        return try svg(parts: laidOut)
    }

    /// What each part is.
    enum Role: Sendable, Equatable {
        case header(TextBlock), events(TextBlock), panel(String, Panel), legend(String)

        /// The DOT to lay out, for the parts Graphviz draws.
        var dot: String? {
            switch self {
            case .legend(let dot), .panel(let dot, _): dot
            case .header, .events: nil
            }
        }
    }

    /// A side: its title and the marks drawn over its state's boxes, by their DOT ids (`n5`, `cluster_3`).
    struct Panel: Sendable, Equatable {
        var title: String
        var marks: [(id: String, mark: DiffMark, word: String)]

        static func == (lhs: Panel, rhs: Panel) -> Bool {
            lhs.title == rhs.title && lhs.marks.elementsEqual(rhs.marks) { $0.id == $1.id && $0.mark == $1.mark && $0.word == $1.word }
        }
    }

    var roles: [Role]
    /// Whether the after panel may go under the before panel, and the events under the caption, when side
    /// by side would be wider than the budget (not with `--expand all`, whose diagrams are as wide as they are).
    var mayStack: Bool

    /// The SVG of the picture from the SVG Graphviz made of each of `parts`, in order.
    public func svg(parts laidOut: [String]) throws(RenderError) -> String {
        let count = parts.count
        guard laidOut.count == count else {
            throw RenderError.renderFailed(format: "svg", reason: "\(count) parts to compose, \(laidOut.count) laid out")
        }
        var prepared: [SVGPart] = []
        for (dot, svg) in zip(parts, laidOut) {
            guard let part = SVGPart.prepared(svg, key: TextKey(dot)) else { throw Self.notGraphvizSVG }
            prepared.append(part)
        }
        return try svg(prepared: prepared)
    }

    /// The SVG of the picture from its parts already prepared (`SVGPart.prepared`), in the order of `parts`: a
    /// render prepares each distinct state once for every transition it is a side of.
    public func svg(prepared: [SVGPart]) throws(RenderError) -> String {
        guard prepared.count == parts.count else {
            throw RenderError.renderFailed(format: "svg", reason: "\(parts.count) parts to compose, \(prepared.count) laid out")
        }
        var pieces: [(role: Role, svg: SVGPart?)] = []
        var next = prepared.makeIterator()
        for role in roles {
            pieces.append((role, role.dot == nil ? nil : next.next()))
        }
        // A step that changed nothing shows one state on both sides: the after side's ids get a prefix of their own.
        let panels = pieces.indices.filter { if case .panel = pieces[$0].role { true } else { false } }
        if panels.count == 2, let before = pieces[panels[0]].svg, var after = pieces[panels[1]].svg, before.prefix == after.prefix {
            after.content = SVGPart.prefixing(after.content, with: "a")
            pieces[panels[1]].svg = after
        }
        return ComparisonComposer(mayStack: mayStack).compose(pieces)
    }

    static let notGraphvizSVG = RenderError.renderFailed(format: "svg", reason: "a part of the picture is not SVG as Graphviz writes it")
}

/// One SVG made by Graphviz, taken apart to be placed in another: its size, the translation of its graph
/// group, and what that group holds (without its title and white background).
public struct SVGPart: Sendable {
    /// What its ids start with once prepared (`s` and eight hex digits of its DOT's hash): the same state
    /// gets the same ids in every picture it is part of, and two states on one page different ones.
    var prefix = ""
    var prolog: [UInt8]
    var width: Double
    var height: Double
    var translate: (x: Double, y: Double)
    var content: [UInt8]
    /// What tags keep clear of (`arrowheads()` and `textBoxes()`), found once when the part is prepared: a state is a
    /// panel of two transitions.
    var obstacles: [(minX: Double, minY: Double, maxX: Double, maxY: Double)]?

    init?(_ svg: String) {
        let bytes = Array(svg.utf8)
        guard let open = firstRange(of: Self.svgOpen, in: bytes[...], from: 0),
            let box = Self.attribute(Self.viewBox, in: bytes, from: open.upperBound),
            let group = firstRange(of: Self.graphGroup, in: bytes[...], from: open.upperBound),
            let transform = Self.attribute(Self.transform, in: bytes, from: group.upperBound),
            let groupEnd = firstRange(of: Self.tagEnd, in: bytes[...], from: group.upperBound),
            let close = Self.lastRange(of: Self.closing, in: bytes)
        else { return nil }
        let numbers = Self.numbers(in: Array(box))
        let translate =
            firstRange(of: Self.translateWord, in: transform[...], from: transform.startIndex)
            .map { Self.numbers(in: Array(transform[$0.upperBound...])) } ?? []
        guard numbers.count == 4, translate.count >= 2 else { return nil }
        prolog = Array(bytes[..<open.lowerBound])
        width = numbers[2]
        height = numbers[3]
        self.translate = (translate[0], translate[1])
        var start = groupEnd.upperBound
        // `<title>navviz</title>` and the white background, as Graphviz writes them first in the group.
        for marker in [Self.titleClose, Self.backgroundClose] {
            guard let end = firstRange(of: marker, in: bytes[...], from: start), end.lowerBound - start < 400 else { continue }
            start = end.upperBound
        }
        content = Array(bytes[start..<close.lowerBound])
    }

    /// The SVG of a part laid out from the DOT `key`, taken apart and its ids prefixed; nil if it is not SVG
    /// as Graphviz writes it.
    public static func prepared(_ svg: String, key: TextKey) -> SVGPart? {
        guard var part = SVGPart(svg) else { return nil }
        part.prefix = "s" + String(ContentHash.hex(key.digest).prefix(8)) + "_"
        part.content = prefixing(part.content, with: part.prefix)
        part.obstacles = part.arrowheads() + part.textBoxes()
        return part
    }

    /// `content` with every id it defines, and every reference to one, prefixed.
    static func prefixing(_ content: [UInt8], with prefix: String) -> [UInt8] {
        Array(SVGPostProcessor.uniquifyIDs(svg: String(decoding: content, as: UTF8.self), prefix: prefix).utf8)
    }

    /// The bounding box of the first shape drawn for the node or cluster titled `id`.
    func bounds(of id: String) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        guard let title = firstRange(of: Array("<title>\(id)</title>".utf8), in: content[...], from: 0) else { return nil }
        let groupEnd = firstRange(of: Self.groupClose, in: content[...], from: title.upperBound)?.lowerBound ?? content.endIndex
        let shapes = [
            Self.attribute(Self.points, in: content, from: title.upperBound),
            Self.attribute(Self.path, in: content, from: title.upperBound),
        ]
        guard let shape = shapes.compactMap({ $0 }).filter({ $0.startIndex < groupEnd }).min(by: { $0.startIndex < $1.startIndex })
        else { return nil }
        let numbers = Self.numbers(in: Array(shape))
        guard numbers.count >= 4 else { return nil }
        let xs = stride(from: 0, to: numbers.count - 1, by: 2).map { numbers[$0] }
        let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
        return (xs.min()!, ys.min()!, xs.max()!, ys.max()!)
    }

    /// The bounds of every edge's arrowhead: what a tag must not cover (a readability trial found 45 arrowheads under
    /// tags, one edge with none left to see).
    func arrowheads() -> [(minX: Double, minY: Double, maxX: Double, maxY: Double)] {
        var heads: [(minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
        var start = 0
        while let edge = firstRange(of: Self.edgeGroup, in: content[...], from: start) {
            let end = firstRange(of: Self.groupClose, in: content[...], from: edge.upperBound)?.lowerBound ?? content.endIndex
            start = end
            guard let polygon = firstRange(of: Self.polygonOpen, in: content[...], from: edge.upperBound), polygon.lowerBound < end,
                let shape = Self.attribute(Self.points, in: content, from: polygon.upperBound)
            else { continue }
            let numbers = Self.numbers(in: Array(shape))
            guard numbers.count >= 4 else { continue }
            let xs = stride(from: 0, to: numbers.count - 1, by: 2).map { numbers[$0] }
            let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
            heads.append((xs.min()!, ys.min()!, xs.max()!, ys.max()!))
        }
        return heads
    }

    /// The bounds of every text of the drawing (titles, slots, names): what a tag must not cover (a container's tag on
    /// its top border covered the root's title, and a box's the title of the container above it: a readability trial).
    /// Widths by the diagrams' own measure (`TextWidth`), the height from the baseline up by the font size.
    func textBoxes() -> [(minX: Double, minY: Double, maxX: Double, maxY: Double)] {
        var boxes: [(minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
        var start = 0
        while let text = firstRange(of: Self.textOpen, in: content[...], from: start) {
            guard let close = content[text.upperBound...].firstIndex(of: UInt8(ascii: ">")),
                let end = firstRange(of: Self.textClose, in: content[...], from: close)
            else { break }
            start = end.upperBound
            let tag = Array(content[text.lowerBound..<close])
            func number(_ name: String) -> Double? {
                Self.attribute(Array(" \(name)=\"".utf8), in: tag, from: 0).flatMap { Double(String(decoding: $0, as: UTF8.self)) }
            }
            guard let x = number("x"), let y = number("y") else { continue }
            let size = number("font-size") ?? 10
            let words = String(decoding: content[(close + 1)..<end.lowerBound], as: UTF8.self)
            let width = TextWidth.of(words, size: size, bold: firstRange(of: Self.bold, in: tag[...], from: 0) != nil)
            let anchor = Self.attribute(Array(" text-anchor=\"".utf8), in: tag, from: 0).map { String(decoding: $0, as: UTF8.self) }
            let minX = anchor == "middle" ? x - width / 2 : anchor == "end" ? x - width : x
            boxes.append((minX, y - size, minX + width, y + 2))
        }
        return boxes
    }

    /// The value of the first `name="…"` at or after `start`.
    static func attribute(_ name: [UInt8], in bytes: [UInt8], from start: Int) -> ArraySlice<UInt8>? {
        guard let found = firstRange(of: name, in: bytes[...], from: start),
            let end = bytes[found.upperBound...].firstIndex(of: UInt8(ascii: "\""))
        else { return nil }
        return bytes[found.upperBound..<end]
    }

    /// The numbers in a list of coordinates or a path (`M24.5,-8C24.5,-8 …`, `-4,4 126,-63`).
    static func numbers(in bytes: [UInt8]) -> [Double] {
        var numbers: [Double] = []
        var current: [UInt8] = []
        func flush() {
            if let value = Double(String(decoding: current, as: UTF8.self)) { numbers.append(value) }
            current = []
        }
        for byte in bytes {
            let digit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
            if byte == UInt8(ascii: "-") {
                flush()
                current = [byte]
            } else if digit {
                current.append(byte)
            } else {
                flush()
            }
        }
        flush()
        return numbers
    }

    private static func lastRange(of pattern: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        var found: Range<Int>?
        var from = 0
        while let range = firstRange(of: pattern, in: bytes[...], from: from) {
            found = range
            from = range.upperBound
        }
        return found
    }

    private static let svgOpen = Array("<svg".utf8)
    private static let viewBox = Array("viewBox=\"".utf8)
    private static let graphGroup = Array("<g id=\"graph0\" class=\"graph\"".utf8)
    private static let transform = Array("transform=\"".utf8)
    private static let translateWord = Array("translate(".utf8)
    private static let tagEnd = Array(">".utf8)
    private static let titleClose = Array("</title>\n".utf8)
    private static let backgroundClose = Array("/>\n".utf8)
    private static let closing = Array("</g>\n</svg>".utf8)
    private static let groupClose = Array("</g>".utf8)
    private static let edgeGroup = Array("class=\"edge\">".utf8)
    private static let polygonOpen = Array("<polygon".utf8)
    private static let textOpen = Array("<text".utf8)
    private static let textClose = Array("</text>".utf8)
    private static let bold = Array("font-weight=\"bold\"".utf8)
    private static let points = Array(" points=\"".utf8)
    private static let path = Array(" d=\"".utf8)
}

/// Places the parts of a transition or diff: the caption on top; the panels side by side with the events
/// beside them, or stacked under the caption and its events; the legend under everything. Every number
/// comes from the parts' sizes, so the same parts give the same bytes.
struct ComparisonComposer {
    var mayStack: Bool

    /// The widest a picture may be with its panels side by side, in points.
    static let budget = 1200.0

    /// Room around everything, between the caption and the panels, and between the panels (for the arrow).
    static let pad = 4.0
    static let gap = 10.0
    static let arrowGap = 44.0
    /// A panel's border: its margin around the state, and the height of its title.
    static let margin = 8.0
    static let titleHeight = 20.0

    func compose(_ pieces: [(role: ComparisonDiagram.Role, svg: SVGPart?)]) -> String {
        var header: TextBlock?
        var events: TextBlock?
        var panels: [(SVGPart, ComparisonDiagram.Panel)] = []
        var legend: SVGPart?
        for piece in pieces {
            switch piece.role {
            case .header(let block): header = block
            case .events(let block): events = block
            case .panel(_, let panel): panels.append((piece.svg!, panel))
            case .legend: legend = piece.svg
            }
        }
        let sideBySide =
            panels.map { $0.0.width + 2 * Self.margin }.reduce(0, +) + Self.arrowGap * Double(max(0, panels.count - 1))
            + (events.map { Self.gap + $0.size.width } ?? 0) + 2 * Self.pad
        let stacked = mayStack && sideBySide > Self.budget
        var body = ""
        var right = Self.pad
        var bottom = Self.pad
        var top = Self.pad
        func place(_ part: SVGPart, id: String, x: Double, y: Double) {
            body += "<g id=\"\(id)\" transform=\"translate(\(Self.number(x + part.translate.x)) \(Self.number(y + part.translate.y)))\">\n"
            body += String(decoding: part.content, as: UTF8.self)
            body += "</g>\n"
            right = max(right, x + part.width)
            bottom = max(bottom, y + part.height)
        }
        func write(_ block: TextBlock, id: String, x: Double, y: Double) {
            body += block.svg(x: x, y: y, id: id)
            let size = block.size
            right = max(right, x + size.width)
            bottom = max(bottom, y + size.height)
        }
        if let header {
            write(header, id: "caption", x: Self.pad, y: top)
            top = bottom + Self.gap
        }
        if stacked, let events {
            write(events, id: "events", x: Self.pad, y: top)
            top = bottom + Self.gap
        }
        var x = Self.pad
        var y = top
        var boxes: [(x: Double, y: Double, width: Double, height: Double)] = []
        for (index, (part, panel)) in panels.enumerated() {
            let width = part.width + 2 * Self.margin
            let height = part.height + Self.margin + Self.titleHeight
            boxes.append((x, y, width, height))
            let name = index == 0 ? "before" : "after"
            body += "<g id=\"panel_\(name)\" class=\"cluster\">\n<title>\(Self.escaped(panel.title))</title>\n"
            body +=
                "<path fill=\"none\" stroke=\"\(DiagramStyle.clusterOffScreenBorder)\" d=\"\(Self.roundedRect(x, y, width, height, radius: 6))\"/>\n"
            body +=
                "<text text-anchor=\"start\" x=\"\(Self.number(x + Self.margin))\" y=\"\(Self.number(y + 15))\" "
                + "font-family=\"\(SVGPostProcessor.fontFamilies)\" font-weight=\"bold\" font-size=\"12.00\" fill=\"\(DiagramStyle.text)\">"
                + "\(Self.escaped(panel.title))</text>\n"
            var marked = part
            marked.content += Array(Self.marks(panel.marks, on: part, prefix: part.prefix).utf8)
            place(marked, id: name + "_state", x: x + Self.margin, y: y + Self.titleHeight)
            body += "</g>\n"
            right = max(right, x + width)
            bottom = max(bottom, y + height)
            if stacked { y += height + Self.arrowGap } else { x += width + Self.arrowGap }
        }
        if boxes.count == 2 { body += arrow(from: boxes[0], to: boxes[1], stacked: stacked) }
        if !stacked, let events {
            write(events, id: "events", x: right + Self.gap, y: top)
        }
        if let legend {
            place(legend, id: "legend", x: Self.pad, y: bottom + Self.gap)
        }
        // Whole points, as Graphviz writes a drawing's size.
        let width = String(Int((right + Self.pad).rounded(.up)))
        let height = String(Int((bottom + Self.pad).rounded(.up)))
        let prolog = panels.first.map { String(decoding: $0.0.prolog, as: UTF8.self) } ?? ""
        return prolog + "<svg width=\"\(width)pt\" height=\"\(height)pt\"\n viewBox=\"0.00 0.00 \(width).00 \(height).00\" "
            + "xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n"
            + "<g id=\"graph0\" class=\"graph\">\n<title>navviz</title>\n"
            + "<polygon fill=\"white\" stroke=\"transparent\" points=\"0,0 0,\(height) \(width),\(height) \(width),0 0,0\"/>\n"
            + body + "</g>\n</svg>\n"
    }

    /// The arrow from the before panel to the after panel: across the gap at the height of the lower
    /// panel's middle, or down the gap near the panels' left edge when stacked.
    private func arrow(
        from a: (x: Double, y: Double, width: Double, height: Double), to b: (x: Double, y: Double, width: Double, height: Double),
        stacked: Bool
    ) -> String {
        let (x1, y1, x2, y2): (Double, Double, Double, Double)
        let head: [(Double, Double)]
        if stacked {
            let x = a.x + 24
            (x1, y1, x2, y2) = (x, a.y + a.height + 5, x, b.y - 5)
            head = [(x, y2), (x - 7, y2 - 12), (x, y2 - 8), (x + 7, y2 - 12)]
        } else {
            let y = a.y + min(a.height, b.height) / 2
            (x1, y1, x2, y2) = (a.x + a.width + 5, y, b.x - 5, y)
            head = [(x2, y), (x2 - 12, y - 7), (x2 - 8, y), (x2 - 12, y + 7)]
        }
        let color = DiagramStyle.clusterBorder
        let shaft = stacked ? (x1, y1, x2, y2 - 8) : (x1, y1, x2 - 8, y2)
        return "<g id=\"step_arrow\" class=\"edge\">\n<title>before&#45;&gt;after</title>\n"
            + "<path fill=\"none\" stroke=\"\(color)\" stroke-width=\"3\" d=\"M\(Self.number(shaft.0)),\(Self.number(shaft.1))L\(Self.number(shaft.2)),\(Self.number(shaft.3))\"/>\n"
            + "<polygon fill=\"\(color)\" stroke=\"\(color)\" stroke-width=\"3\" points=\"\(head.map { "\(Self.number($0.0)),\(Self.number($0.1))" }.joined(separator: " "))\"/>\n"
            + "</g>\n"
    }

    /// A ring around each marked box and a tag on its top edge, at the right, in the mark's colour.
    static func marks(_ marks: [(id: String, mark: DiffMark, word: String)], on part: SVGPart, prefix: String = "") -> String {
        var out = ""
        // Tags already placed: nested containers' bottom-left corners are 8 pt apart, so their tags would cover
        // each other ('~ changed' over '~ changed' on a split and its column); a tag that would is moved right of
        // the one in its way.
        var placed: [(minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
        // The rings around marked boxes: a container's tag, half in its bottom margin, covered the corner of a marked
        // child's ring in its last row (SpringBoard's lock screen), so it moves right of them as of another tag.
        let rings = marks.compactMap { mark -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? in
            guard !mark.id.hasPrefix("cluster_"), let box = part.bounds(of: mark.id) else { return nil }
            return (box.minX - 3, box.minY - 3, box.maxX + 3, box.maxY + 3)
        }
        let obstacles = part.obstacles ?? part.arrowheads() + part.textBoxes()
        for (id, mark, word) in marks {
            guard let box = part.bounds(of: id) else { continue }
            let color = SceneEmitter.border(for: mark)
            // Around a box or a container, outside it (boxes are 18 pt apart, a container's margin is 8 pt): a ring
            // inside a container's border ran through its title (a readability trial).
            let isCluster = id.hasPrefix("cluster_")
            let inset = -3.0
            let (x, y) = (box.minX + inset, box.minY + inset)
            let (width, height) = (box.maxX - box.minX - 2 * inset, box.maxY - box.minY - 2 * inset)
            let dash = mark == .removed ? " stroke-dasharray=\"5,2\"" : ""
            let ring =
                "<path fill=\"none\" stroke=\"\(color)\" stroke-width=\"2.5\"\(dash) d=\"\(roundedRect(x, y, width, height, radius: 7))\"/>\n"
            // No words: its container's tag says its change (a ring only).
            guard !word.isEmpty else {
                out += "<g id=\"\(prefix)mark_\(id)\" class=\"mark \(mark.rawValue)\">\n" + ring + "</g>\n"
                continue
            }
            let tagWidth = (TextWidth.of(word, size: 8, bold: true) + 8).rounded(.up)
            // A box's tag sits on its top edge at the right (the arrow into a box enters at the middle). A container's
            // sits on its bottom border at the left, half in its bottom margin, clear of its title and of the
            // presentations that leave from the middle of its bottom.
            // A box's own words are not in the way of its tag on its edge (its slot starts 4 pt under the top edge); a
            // container's title is (the tag on its top border covered it).
            let inside = { (text: (minX: Double, minY: Double, maxX: Double, maxY: Double)) in
                text.minX >= box.minX && text.maxX <= box.maxX && text.minY >= box.minY && text.maxY <= box.maxY
            }
            let hard = placed + (isCluster ? obstacles : obstacles.filter { !inside($0) })
            var blockers = hard + (isCluster ? rings : [])
            func blocker(_ tagX: Double, _ tagY: Double) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
                blockers.first { tagX < $0.maxX + 3 && $0.minX < tagX + tagWidth + 3 && tagY < $0.maxY + 2 && $0.minY < tagY + 12 + 2 }
            }
            // Along an edge of the box, from `start` towards the other end, past what is in the way: the first free
            // place that keeps the tag within the box (a container's tag moved right of a child's ring ran outside its
            // own, over the next box or off the picture: a readability trial).
            func along(_ tagY: Double, from start: Double, rightwards: Bool) -> Double? {
                var tagX = start
                while tagX >= box.minX + 2, tagX + tagWidth <= box.maxX - 2 {
                    guard let blocking = blocker(tagX, tagY) else { return tagX }
                    tagX = rightwards ? blocking.maxX + 4 : blocking.minX - 4 - tagWidth
                }
                return nil
            }
            // A container's on its bottom border (left, else right, else its top border at the right); a box's on its top
            // edge (right, leftwards), else its bottom edge.
            let (top, bottom) = isCluster ? (box.maxY - 6, box.maxY - 6) : (y - 6, y + height - 6)
            let (left, right) = (box.minX + 10, isCluster ? box.maxX - 10 - tagWidth : max(x + 4, x + width - 8 - tagWidth))
            let candidates: [(y: Double, x: Double?)] =
                isCluster
                ? [
                    (bottom, along(bottom, from: left, rightwards: true)), (bottom, along(bottom, from: right, rightwards: false)),
                    // Else on its top border at the right, above its title (its slot's words are at the left).
                    (box.minY - 6, along(box.minY - 6, from: right, rightwards: false)),
                ]
                : [(top, along(top, from: right, rightwards: false)), (bottom, along(bottom, from: right, rightwards: false))]
            var (tagX, tagY) = (isCluster ? left : right, top)
            if let free = candidates.first(where: { $0.x != nil }) {
                (tagX, tagY) = (free.x!, free.y)
            } else if isCluster,
                let free = { () -> Double? in
                    // Over the corner of a child's ring rather than outside its own box (outside, it ran off the panel).
                    blockers = hard
                    return along(bottom, from: left, rightwards: true)
                }()
            {
                tagX = free
                tagY = bottom
            } else {
                // Nowhere within the box: right of what is in the way, as before.
                while let blocking = blocker(tagX, tagY) { tagX = blocking.maxX + 4 }
            }
            placed.append((tagX, tagY, tagX + tagWidth, tagY + 12))
            out += "<g id=\"\(prefix)mark_\(id)\" class=\"mark \(mark.rawValue)\">\n<title>\(escaped(word))</title>\n"
            out += ring
            out += "<path fill=\"\(color)\" stroke=\"\(color)\" d=\"\(roundedRect(tagX, tagY, tagWidth, 12, radius: 3))\"/>\n"
            out +=
                "<text text-anchor=\"middle\" x=\"\(number(tagX + tagWidth / 2))\" y=\"\(number(tagY + 9))\" "
                + "font-family=\"\(SVGPostProcessor.fontFamilies)\" font-weight=\"bold\" font-size=\"8.00\" fill=\"\(DiagramStyle.onAccentText)\">"
                + "\(escaped(word))</text>\n</g>\n"
        }
        return out
    }

    /// A rectangle with rounded corners as a path.
    static func roundedRect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, radius r: Double) -> String {
        let (right, bottom) = (x + width, y + height)
        let n = number
        return "M\(n(x + r)),\(n(y))L\(n(right - r)),\(n(y))Q\(n(right)),\(n(y)) \(n(right)),\(n(y + r))"
            + "L\(n(right)),\(n(bottom - r))Q\(n(right)),\(n(bottom)) \(n(right - r)),\(n(bottom))"
            + "L\(n(x + r)),\(n(bottom))Q\(n(x)),\(n(bottom)) \(n(x)),\(n(bottom - r))"
            + "L\(n(x)),\(n(y + r))Q\(n(x)),\(n(y)) \(n(x + r)),\(n(y))Z"
    }

    /// A coordinate with at most two decimals and no trailing zeros (`12`, `12.5`, `-0.05`).
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let magnitude = abs(hundredths)
        let (whole, fraction) = (magnitude / 100, magnitude % 100)
        let sign = hundredths < 0 ? "-" : ""
        if fraction == 0 { return sign + String(whole) }
        if fraction % 10 == 0 { return sign + String(whole) + "." + String(fraction / 10) }
        return sign + String(whole) + (fraction < 10 ? ".0" : ".") + String(fraction)
    }

    /// Text for SVG's text content and attributes.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
