import NavVizCore

/// Turns the same scenes the DOT diagrams draw into Mermaid flowcharts, for places that render Mermaid
/// but cannot show an SVG (a pull-request comment, a README on GitHub or GitLab): containers as
/// `subgraph`s, controllers as boxes, the path to the visible controller as blue borders (`containerOnPath`)
/// and a thick arrow from the window, presentations as dotted arrows labelled with their style, and the
/// diagram colours as classes. Deterministic text: ids
/// `n1`, `n2`… in drawing order, as in the DOT. User text appears only inside quoted labels, escaped with
/// `MermaidBuilder.label(_:)`. The syntax is Mermaid 8.10's flowchart subset, which later versions read too.
public struct MermaidBuilder: Sendable, Equatable {
    /// What is drawn (folding, focus); the legend option does not apply.
    public var options: DiagramOptions

    /// A builder.
    public init(options: DiagramOptions = DiagramOptions()) { self.options = options }

    /// One state, as the state diagram draws it.
    public func state(_ hierarchy: Hierarchy, finder: ViewFinderResult) -> String {
        write(options.apply(SceneBuilder(hierarchy: hierarchy, finder: finder).scene()), changes: false)
    }

    /// A step's after state with what it changed marked: added nodes green, removed ones as red ghosts at
    /// their old places, changed ones yellow (the `after` panel of a transition diagram).
    /// `unmarked`: controllers drawn without their mark, and not at all when gone (what a diff said at an earlier step).
    /// `quiet`: what an earlier step said of controllers this one marks for something else, left out of their tags.
    /// `called`: the controllers the step sent appearance callbacks, as the DOT's transition takes them (one that came on
    /// screen or left it without any was uncovered or covered: a trial read `off screen` here, `covered` in the SVG).
    public func transition(
        before: Hierarchy, after: Hierarchy, afterFinder: ViewFinderResult, called: Set<NodeID>? = nil,
        unmarked: Set<NodeID> = [], quiet: [NodeID: Set<ChangeAspect>] = [:]
    ) -> String {
        let scene = SceneBuilder(
            hierarchy: after, finder: afterFinder, previous: before, called: called, unmarked: unmarked, quiet: quiet
        ).scene()
        // Said once down a path, as the DOT's transition does.
        return write(options.apply(scene, keeping: scene.changedIDs).sayingPathWordsOnce(), changes: true)
    }

    /// The flow, as the flow diagram draws it: a start dot, one box per distinct state (the steps that end in
    /// it, its visible controller and path), one arrow per step labelled `index · op`, dotted with the status when not `ok`.
    public func flow(_ flow: FlowGraph) -> String {
        var lines = ["flowchart TB", "    n1((\(Self.label(" "))))"]
        var ids: [String: String] = [:]
        let names = flow.stateNames()
        for (offset, state) in flow.states.enumerated() {
            let id = "n\(offset + 2)"
            ids[state.key] = id
            var text = [names[state.key] ?? "state", state.visible.map { DiagramStyle.capped($0) } ?? "no root"]
            text += state.pathLines()
            lines.append("    \(id)[\(Self.label(text.joined(separator: "\n")))]")
        }
        if let first = flow.states.first, let id = ids[first.key] { lines.append("    n1 --> \(id)") }
        // The steps between the same two states are one arrow, a line for each operation with its steps: Mermaid 11
        // (GitHub's) draws one loop per box, and a second one's step vanished; it refuses more than 500 arrows.
        // The links are numbered in order, the start's first: `--step N`'s stands out.
        var (marked, links): (Int?, Int) = (nil, flow.states.isEmpty ? 0 : 1)
        for arrow in flow.arrows() {
            guard let from = ids[arrow.from], let to = ids[arrow.to] else { continue }
            if let step = flow.marked, arrow.steps.contains(where: { $0.index == step }) { marked = links }
            links += 1
            let text = arrow.lines.map(\.text).joined(separator: "\n")
            if arrow.steps.contains(where: { $0.status == .ok }) {
                lines.append("    \(from) -- \(Self.label(text)) --> \(to)")
            } else {
                lines.append("    \(from) -. \(Self.label(text)) .-> \(to)")
            }
        }
        if let marked { lines.append("    linkStyle \(marked) stroke-width:3px") }
        lines.append(
            "    classDef window fill:\(DiagramStyle.windowFill),stroke:\(DiagramStyle.windowFill),color:\(DiagramStyle.onAccentText)")
        lines.append("    class n1 window")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Writing

    private func write(_ scene: DiagramScene, changes: Bool) -> String {
        var writer = Writer()
        writer.line("flowchart TB")
        let window = writer.nextID()
        writer.line("\(window)[\(Self.label("UIWindow · \(scene.device.rawValue)"))]:::window", indent: 1)
        var queue: [Presented] = []
        for root in scene.roots {
            let mark = writer.edges.count
            let id = writer.item(root, depth: 1, top: nil, queue: &queue)
            writer.edge(window, id, onPath: root.isOnPath, ghost: root.isGhost, at: mark)
        }
        var index = 0
        while index < queue.count {
            let presented = queue[index]
            let id = writer.item(presented.item, depth: 1, top: nil, queue: &queue)
            writer.presentation(presented, to: id)
            index += 1
        }
        writer.lines += writer.edges.map { "    " + $0.text }
        // By what each edge is, not by its text: a presenter's name in a label may hold ` --- ` (a review hid an arrow so).
        let ordering = writer.edges.indices.filter { writer.edges[$0].isOrdering }
        if !ordering.isEmpty {
            writer.lines.append("    linkStyle \(ordering.map(String.init).joined(separator: ",")) stroke-width:0px,fill:none")
        }
        writer.lines += Self.classes(changes: changes).map { "    " + $0 }
        writer.lines += writer.styles.map { "    " + $0 }
        return writer.lines.joined(separator: "\n") + "\n"
    }

    /// The class definitions: the colours of the SVG legend.
    static func classes(changes: Bool) -> [String] {
        var lines = [
            "classDef window fill:\(DiagramStyle.windowFill),stroke:\(DiagramStyle.windowFill),color:\(DiagramStyle.onAccentText)",
            "classDef visible fill:\(DiagramStyle.accent),stroke:\(DiagramStyle.accent),color:\(DiagramStyle.onAccentText),"
                + "stroke-width:3px",
            "classDef onScreen fill:\(DiagramStyle.onScreenFill),stroke:\(DiagramStyle.border),color:\(DiagramStyle.text)",
            "classDef inWindow fill:\(DiagramStyle.inWindowFill),stroke:\(DiagramStyle.border),color:\(DiagramStyle.text)",
            "classDef offScreen fill:\(DiagramStyle.offScreenFill),stroke:\(DiagramStyle.offScreenBorder),"
                + "color:\(DiagramStyle.offScreenText)",
            "classDef unloaded stroke-dasharray:4 3",
            "classDef container fill:\(DiagramStyle.inWindowFill),stroke:\(DiagramStyle.clusterBorder),color:\(DiagramStyle.text)",
            "classDef containerOnScreen fill:\(DiagramStyle.clusterVisibleFill),stroke:\(DiagramStyle.clusterBorder),"
                + "color:\(DiagramStyle.text)",
            "classDef containerOnPath fill:\(DiagramStyle.clusterVisibleFill),stroke:\(DiagramStyle.accent),"
                + "color:\(DiagramStyle.text),stroke-width:2.5px",
            "classDef containerOffScreen fill:\(DiagramStyle.clusterOffScreenFill),stroke:\(DiagramStyle.clusterOffScreenBorder),"
                + "color:\(DiagramStyle.offScreenText)",
        ]
        if changes {
            lines += [
                "classDef added fill:\(DiagramStyle.addedFill),stroke:\(DiagramStyle.addedBorder),color:\(DiagramStyle.text),"
                    + "stroke-width:1.5px",
                "classDef removed fill:\(DiagramStyle.removedFill),stroke:\(DiagramStyle.removedBorder),color:\(DiagramStyle.text),"
                    + "stroke-width:1.5px,stroke-dasharray:4 3",
                "classDef changed fill:\(DiagramStyle.changedFill),stroke:\(DiagramStyle.changedBorder),color:\(DiagramStyle.text),"
                    + "stroke-width:1.5px",
            ]
        }
        // Last: Mermaid 8.10 applies the classes as CSS rules of one weight, the later one winning, and a visible box
        // marked added or changed lost its thick blue border to its mark's (Mermaid 11 applies them in `class` order).
        lines.append("classDef visibleBorder stroke:\(DiagramStyle.accent),stroke-width:3px")
        // A mark as a border alone, after the rest: a container keeps its fill (a tab bar marked changed was filled yellow
        // whole, everything in it read as changed) and the visible controller its blue (it was yellow with a thin blue
        // border: a readability trial).
        if changes {
            lines += [
                "classDef addedMark stroke:\(DiagramStyle.addedBorder),stroke-width:3px",
                "classDef removedMark stroke:\(DiagramStyle.removedBorder),stroke-width:3px,stroke-dasharray:4 3",
                "classDef changedMark stroke:\(DiagramStyle.changedBorder),stroke-width:3px",
            ]
        }
        return lines
    }

    /// The link that only orders siblings (no other link is written `---`), made invisible by a `linkStyle`: Mermaid
    /// 8.10 has no invisible link (`~~~` came in 9.3). Linked siblings are in order: a row in a top-level subgraph, a
    /// column deeper (Mermaid 11).
    static let orderingLink = "---"
    /// Siblings per row: a container of 34 drew a row too wide to read.
    static let rowLength = 6
    /// Boxes per row above or below a subgraph a level down: the width of the SVG's rows there (the tab bar of a real
    /// app's nine tabs, in a custom container, was a column 2,229 px tall; in one row, 2,687 px wide).
    static let nestedRowLength = 4

    /// The ordering links of a container's children, as pairs of their indices: the links that put siblings in order,
    /// as the SVG reads them, drawn with no stroke. `isSubgraph` says which children are subgraphs.
    ///
    /// Mermaid lays each subgraph no edge crosses out on its own: the top-level ones (`topLevel`) left to right, where
    /// linked siblings run in a row (unlinked, Mermaid 11 stacked a tab bar's tabs in a column, the selected one first),
    /// in rows of `rowLength`. Mermaid 11 lays out the ones inside them top to bottom, where a link puts a sibling under
    /// the one before (tabs two levels down made a column 1,978 px tall). There up to a row of boxes stays unlinked, side
    /// by side in order; more are rows of `nestedRowLength`, each box linked to the one under it in the next row, or to
    /// that row's last box when it is shorter (a box left unlinked was drawn out of order: a review's rows of six read
    /// `0, 1, 6, 7, 2…`).
    ///
    /// A level down among subgraphs (Mermaid 11 adds subgraphs after unlinked boxes, in reverse order), each subgraph
    /// is a line of its own and the boxes between two of them rows of `nestedRowLength`, one under the other: a
    /// subgraph is linked to every box of the row beside it, and a box to the one under it in the next row. The row
    /// beside a subgraph is the full one, so that every box is linked. A tab bar of nine tabs, the first selected, in a
    /// custom container (a readability trial's app): 1,984 × 1,017 px in Mermaid 11, where the column was 1,905 × 2,229.
    static func orderingLinks(isSubgraph: [Bool], topLevel: Bool) -> [(Int, Int)] {
        let count = isSubgraph.count
        guard !topLevel else {
            return stride(from: 0, to: count, by: rowLength).flatMap { row in
                let indices = row..<min(row + rowLength, count)
                return Array(zip(indices, indices.dropFirst()))
            }
        }
        guard isSubgraph.contains(true) else {
            guard count > rowLength else { return [] }
            // Rows of `nestedRowLength`, each box over the one at its place in the next row, or over that row's last box when
            // it is shorter: a box with no link was drawn out of order (eight widgets were a column 729 × 1,614 px; in rows,
            // 1,347 × 546).
            let rows = stride(from: 0, to: count, by: nestedRowLength).map { Array($0..<min($0 + nestedRowLength, count)) }
            return zip(rows, rows.dropFirst()).flatMap { upper, lower in upper.indices.map { (upper[$0], lower[min($0, lower.count - 1)]) }
            }
        }
        // Lines from top to bottom: a subgraph alone, or a row of boxes.
        var lines: [[Int]] = []
        var start = 0
        while start < count {
            if isSubgraph[start] {
                lines.append([start])
                start += 1
                continue
            }
            var end = start
            while end < count, !isSubgraph[end] { end += 1 }
            // Before the first subgraph, the short row first (the full one beside the subgraph); elsewhere, last.
            let short = (end - start) % nestedRowLength
            var cut = start
            if lines.isEmpty, short > 0 {
                lines.append(Array(start..<start + short))
                cut += short
            }
            for row in stride(from: cut, to: end, by: nestedRowLength) { lines.append(Array(row..<min(row + nestedRowLength, end))) }
            start = end
        }
        return zip(lines, lines.dropFirst()).flatMap { upper, lower -> [(Int, Int)] in
            // A row under a row of boxes: each box under the one above it; a subgraph above or below: every box to it.
            guard upper.count == 1 || lower.count == 1 else { return Array(zip(upper, lower)) }
            return upper.flatMap { from in lower.map { (from, $0) } }
        }
    }

    /// The most characters Mermaid draws in one diagram (its `maxTextSize` default, GitHub's and GitLab's too).
    public static let maxTextSize = 50000
    /// The most links Mermaid draws in one diagram (its `maxEdges` default, GitHub's too: "Edge limit exceeded").
    public static let maxEdges = 500

    /// How many links a diagram this builder wrote holds: its lines `nA <link> … nB`.
    public static func edgeCount(_ text: String) -> Int {
        text.split(separator: "\n").count { line in
            let words = line.split(separator: " ", maxSplits: 2)
            guard words.count == 3, let id = words.first, id.first == "n", id.dropFirst().allSatisfy(\.isNumber) else { return false }
            return ["==>", "-->", "---", "-.->", "--", "-.", "=="].contains(words[1])
        }
    }

    /// Text as a quoted Mermaid label: `"` and the characters Mermaid or HTML would read (`#`, `;`,
    /// backticks, `<`, `>`, `&`, `%`: a label starting `%%` is a comment to Mermaid 8, and `\\`: `\\n` is a line
    /// break to it) as Mermaid's entity codes (`#34;`), and the colon of `fa:fa-…`, which Mermaid draws as a
    /// Font Awesome icon in place of the text; Mermaid decodes its codes before it looks for `\\n` and `fa:`, so a
    /// zero-width space (`#8203;`) follows the backslash and comes before that colon; controls and bidi overrides
    /// dropped (as in DOT), line breaks as
    /// `<br/>`. Nothing a user writes can close the label or become markup.
    public static func label(_ text: String) -> String {
        "\""
            + text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                let escaped = DOTEscaping.replacing(DOTEscaping.normalized(String(line))) { scalar in
                    switch scalar {
                    case "\"", "#", ";", "`", "<", ">", "&", "%": "#\(scalar.value);"
                    // Mermaid decodes its codes before it reads `\n` (11.16 drew `C:#92;new` as `C:`, a break, `ew`): a
                    // zero-width space after it.
                    case "\\": "#92;#8203;"
                    default: nil
                    }
                }
                // Foundation's search only where there is a colon (it was a tenth of a 1,200-step Mermaid render).
                return escaped.utf8.contains(UInt8(ascii: ":")) ? escaped.replacingOccurrences(of: ":fa-", with: "#8203;#58;fa-") : escaped
            }.joined(separator: "<br/>") + "\""
    }

    /// A presentation waiting to be written: the top-level box or subgraph its arrow starts from, and the presenter
    /// when that is inside it (a currentContext presentation from a controller that defines the context).
    private struct Presented {
        var from: String
        var nestedPresenter: DiagramItem?
        var item: DiagramItem
    }

    /// Accumulates the lines, edges and styles of one diagram.
    ///
    /// No edge crosses a subgraph's border: Mermaid lays out a subgraph that no edge crosses on its own, as one box in
    /// its parent, so its boxes stay inside it; one crossing edge made Mermaid 11 (GitHub's) lay it out inline, widen
    /// it afterwards and push it out of its parent (91 of 514 real diagrams had a box outside its subgraph, 90 had
    /// siblings out of order), and made Mermaid 8.10 fail on some shapes. So siblings are ordered by links between the
    /// siblings themselves (a container by its subgraph id), a presentation from inside a container starts at the
    /// container's top-level ancestor and names its presenter, and two shapes Mermaid fails on are written otherwise
    /// (see `item`). Measured over 1,121 diagrams (real, and generated) with Mermaid 8.10.1 and 11.16.0 in Chromium.
    private struct Writer {
        var lines: [String] = []
        var edges: [(text: String, isOrdering: Bool)] = []
        var styles: [String] = []
        private var counter = 0

        mutating func nextID() -> String {
            counter += 1
            return "n\(counter)"
        }

        mutating func line(_ text: String, indent: Int = 0) {
            lines.append(String(repeating: "    ", count: indent) + text)
        }

        /// Writes an item (a box, or a subgraph with its children) at `depth` (a top-level one is 1) inside the
        /// top-level subgraph `top` (nil for a top-level item); returns its id.
        mutating func item(_ item: DiagramItem, depth: Int, top: String?, queue: inout [Presented]) -> String {
            let id = nextID()
            var text: [String] = []
            if let slot = item.slot { text.append(slot) }
            if item.isContainer {
                if item.node.kind == .controller {
                    text += item.controllerTitle
                } else {
                    text.append(DiagramStyle.shownClassName(of: item.node) + item.containerName)
                }
                if let details = item.titleDetails { text.append(details) }
                text += item.labelBadgeWords.isEmpty ? [] : [item.labelBadgeWords.joined(separator: " · ")]
            }
            if item.isContainer, item.children.isEmpty {
                // An empty container is a box (Mermaid draws an empty subgraph as one anyway): beside a linked subgraph
                // three deep, an empty `subgraph … end` failed Mermaid 8.10 declared first and 11.16 declared after it.
                line("\(id)[\(MermaidBuilder.label(text.joined(separator: "\n")))]", indent: depth)
                styles += containerClasses(item).map { "class \(id) \($0)" }
            } else if item.isContainer {
                // One line: Mermaid sizes a subgraph's title as one line, and a second would overlap its content.
                line("subgraph \(id) [\(MermaidBuilder.label(text.joined(separator: " · ")))]", indent: depth)
                // No edges from a subgraph into itself (Mermaid's layout rejects some): the path through the
                // containers is their class (`containerOnPath`), as in the SVG's blue borders.
                // Siblings over more than one row are not linked from row to row: an entry the slot does not place (a
                // navigation stack's middle) says its position, so an 8-deep stack is not read as 6 and 2 beside them.
                // Positions count the entries there now, not a transition's removed ghosts (a review: the entries after a
                // removed one said their old position).
                let wraps = item.children.count > MermaidBuilder.rowLength
                var position = 0
                var declared: [Range<Int>] = []
                let children = item.children.map { child in
                    var child = child
                    if child.mark != .removed {
                        if wraps, child.slot == nil { child.slot = "position \(position)" }
                        position += 1
                    }
                    let start = lines.count
                    defer { declared.append(start..<lines.count) }
                    return self.item(child, depth: depth + 1, top: top ?? id, queue: &queue)
                }
                // Siblings in order, as in the SVG: links drawn with no stroke (`orderingLinks`).
                let isSubgraph = item.children.map { $0.isContainer && !$0.children.isEmpty }
                for (from, to) in MermaidBuilder.orderingLinks(isSubgraph: isSubgraph, topLevel: depth < 2) {
                    edges.append(("\(children[from]) \(MermaidBuilder.orderingLink) \(children[to])", true))
                }
                // Mermaid 8.10 fails ("Cannot set properties of undefined (setting 'rank')", mermaid-js/mermaid#2429) on
                // a container three or more deep whose first child is a box (an empty container is one) beside a child
                // subgraph that a link touches, or holding one (a review: a 7-entry stack whose top embeds a navigation
                // controller); declared first, the subgraph is drawn where its link puts it.
                if depth >= 3, isSubgraph.first == false, let first = isSubgraph.firstIndex(of: true) {
                    let block = Array(lines[declared[first]])
                    lines.removeSubrange(declared[first])
                    lines.insert(contentsOf: block, at: declared[0].lowerBound)
                }
                line("end", indent: depth)
                // A container in front (children on screen at once) is the visible controller: a thick border.
                styles += containerClasses(item).map { "class \(id) \($0)" }
            } else {
                text.append(item.headline + (item.nameSuffix ?? ""))
                if let classLine = item.classLine { text.append(classLine) }
                text += item.labelBadgeWords.isEmpty ? [] : [item.labelBadgeWords.joined(separator: " · ")]
                let shape = item.node.kind == .view ? ("[", "]") : ("(", ")")
                line("\(id)\(shape.0)\(MermaidBuilder.label(text.joined(separator: "\n")))\(shape.1)", indent: depth)
                styles += leafClasses(item).map { "class \(id) \($0)" }
            }
            for presented in item.presentations {
                queue.append(Presented(from: top ?? id, nestedPresenter: top == nil ? nil : item, item: presented))
            }
            return id
        }

        mutating func edge(_ from: String, _ to: String, onPath: Bool, ghost: Bool, at index: Int) {
            edges.insert((ghost ? "\(from) -.-> \(to)" : onPath ? "\(from) ==> \(to)" : "\(from) --> \(to)", false), at: index)
        }

        mutating func presentation(_ presented: Presented, to: String) {
            let item = presented.item
            var text = DiagramStyle.presentationLabel(item.node.style, of: item.node)
            if let presenter = presented.nestedPresenter { text += " · from " + presenter.headline + (presenter.nameSuffix ?? "") }
            let style = MermaidBuilder.label(text)
            let from = presented.from
            edges.append((item.isOnPath ? "\(from) == \(style) ==> \(to)" : "\(from) -. \(style) .-> \(to)", false))
        }

        func leafClasses(_ item: DiagramItem) -> [String] {
            var classes: [String] = []
            if let mark = item.mark, item.presence != .visible {
                classes.append(mark.rawValue)
            } else {
                switch item.presence {
                case .visible: classes.append("visible")
                case .onScreen: classes.append("onScreen")
                case .inWindow: classes.append("inWindow")
                case .offScreen: classes.append("offScreen")
                }
            }
            if !item.node.isLoaded && !item.isGhost { classes.append("unloaded") }
            // The visible controller stays blue, its mark a border.
            if let mark = item.mark, item.presence == .visible { classes.append("\(mark.rawValue)Mark") }
            return classes
        }

        /// A container's fill and border by where it is, a visible one's thick border, and its mark as a border.
        func containerClasses(_ item: DiagramItem) -> [String] {
            var classes: [String]
            if item.isOnPath {
                classes = ["containerOnPath"]
            } else {
                switch item.presence {
                case .visible, .onScreen: classes = ["containerOnScreen"]
                case .inWindow: classes = ["container"]
                case .offScreen: classes = ["containerOffScreen"]
                }
            }
            if item.presence == .visible { classes.append("visibleBorder") }
            if let mark = item.mark { classes.append("\(mark.rawValue)Mark") }
            return classes
        }
    }
}
