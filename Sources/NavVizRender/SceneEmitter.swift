import NavVizCore

/// Writes scenes as DOT: containers as nested clusters with an anchor point (`n5` inside
/// `cluster_5`), leaves as boxes, presented trees beside the tree that presents them, and the edges
/// (window → root, the path through the containers, presentations) after all nodes. Ids come from
/// one counter in writing order, so a diagram's ids depend only on its shape.
///
/// In a focused diagram, siblings too wide side by side go in rows, and presented trees that would
/// make the scene too wide beside their presenters hang below everything drawn before them
/// (`LayoutRules`). Both are done with the `minlen` of edges, from a count of the ranks `dot` gives
/// each node: one down from a container's anchor to its children, three down a presentation.
struct SceneEmitter {
    let options: DiagramOptions
    /// The size of container titles where the scene is written (a transition's panels set 12).
    let clusterFontSize: Double
    private var counter = 0
    private var edges: [(from: String, to: String, attributes: DOTAttributes)] = []

    init(options: DiagramOptions, clusterFontSize: Double = 10) {
        self.options = options
        self.clusterFontSize = clusterFontSize
    }

    /// A node on the lowest rank of the last scene written (the first written there), and that rank,
    /// counted from its window's (0).
    private(set) var lowestNode: (id: String, rank: Int) = ("", 0)

    /// The DOT id each item written was given, by its node's id (a summary box's by its first node's): a
    /// container's cluster (`cluster_5`), else its box (`n5`).
    private(set) var drawnIDs: [NodeID: String] = [:]

    /// The lowest rank of the last scene written: every item ends on a rank of a leaf or an empty container.
    var lowestRank: Int { lowestNode.rank }

    /// Where edges attach to a drawn item: its node (a leaf, or a container's anchor) and its cluster;
    /// and the node its presentations leave from (the item's, or a container's stem) with that node's
    /// rank, counted from the window's; and the item's node on its lowest rank at its left (the leftmost child of its
    /// last row that reaches that rank, all the way down), which a row of boxes below the item hangs from; nil where
    /// none does (an edge from a child that ends higher up would run down beside the deeper ones, and `dot` reordered
    /// them around it).
    struct Endpoint {
        var id: String
        var cluster: String?
        var tail: (id: String, rank: Int)
        var bottomLeft: (id: String, rank: Int)?
    }

    /// A presented tree waiting to be written, and what presents it.
    private typealias Presentation = (presenter: Endpoint, item: DiagramItem)

    /// The last synthetic number given out.
    var current: Int { counter }

    /// The next synthetic number.
    mutating func next() -> Int {
        counter += 1
        return counter
    }

    // MARK: - Scenes

    /// Writes the window node and everything in the scene at the writer's current block; returns the
    /// window node's id. Edges are kept for `writeEdges`.
    @discardableResult
    mutating func writeScene(_ scene: DiagramScene, into writer: inout DOTWriter) -> String {
        let window = "n\(next())"
        writer.node(
            window,
            [
                "color": .constant(DiagramStyle.windowFill),
                "fillcolor": .constant(DiagramStyle.windowFill),
                "fontcolor": .constant(DiagramStyle.onAccentText),
                "label": .html(.bold(.text("UIWindow")) + .text(" · \(scene.device.rawValue)")),
                "tooltip": .tooltip("the window (\(scene.device.rawValue))"),
            ])
        let rules = scene.rules(clusterFontSize: clusterFontSize, wrapping: !options.expandAll)
        lowestNode = (window, 0)
        var queue: [Presentation] = []
        let offsets = DiagramItem.rowRanks(of: scene.roots, rules, presenting: !rules.presentationsBelow).offsets
        for (root, offset) in zip(scene.roots, offsets) {
            let mark = edges.count
            let entry = writeItem(root, rank: offset, rules, into: &writer, queue: &queue)
            var attributes = arrival(entry)
            if offset > 1 { attributes.set("minlen", String(offset)) }
            if root.isGhost {
                attributes.set("color", DiagramStyle.removedBorder)
                attributes.set("style", "dashed")
            } else if root.isOnPath {
                attributes.set("color", DiagramStyle.accent)
                attributes.set("penwidth", DiagramStyle.pathWidth)
            }
            edges.insert((window, entry.id, attributes), at: mark)
        }
        var index = 0
        while index < queue.count {
            let (presenter, item) = queue[index]
            // Three ranks below the presenter, or its stem (ranks between for the edge and its label: out of a
            // cluster's bottom, a shorter edge is hidden by the clusters' margins), or one below the lowest node
            // so far with a rank between.
            let beside = presenter.tail.rank + 3
            let rank = rules.presentationsBelow ? max(lowestRank + 2, beside) : beside
            let entry = writeItem(item, rank: rank, rules, into: &writer, queue: &queue)
            var attributes = presentationEdge(item, from: presenter, to: entry)
            attributes.set("minlen", String(rank - presenter.tail.rank))
            edges.append((presenter.tail.id, entry.id, attributes))
            index += 1
        }
        return window
    }

    /// Writes the edges collected so far, in the order they were made.
    mutating func writeEdges(into writer: inout DOTWriter) {
        for edge in edges { writer.edge(edge.from, edge.to, edge.attributes) }
        edges = []
    }

    /// Adds an edge to write with the others.
    mutating func addEdge(_ from: String, _ to: String, _ attributes: DOTAttributes) {
        edges.append((from, to, attributes))
    }

    /// Writes an item whose node is at `rank`, and queues its presentations.
    private mutating func writeItem(
        _ item: DiagramItem, rank: Int, _ rules: LayoutRules, into writer: inout DOTWriter, queue: inout [Presentation]
    ) -> Endpoint {
        let number = next()
        let id = "n\(number)"
        let endpoint: Endpoint
        // A later row of children starts below the row above (`DiagramItem.ranks`).
        let (offsets, depth) = item.ranks(rules)
        drawnIDs[item.node.id] = item.isContainer ? "cluster_\(number)" : id
        if item.isContainer {
            // Little but the children's loop is in this frame, which every level of a deep hierarchy stacks (a debug
            // build's was 19 KB with the rest here, 9 KB now: see DeepInputTests).
            let plan = openContainer(item, number: number, rank: rank, offsets: offsets, depth: depth, rules, into: &writer)
            var entries: [Endpoint] = []
            entries.reserveCapacity(item.children.count)
            for (index, (child, offset)) in zip(item.children, offsets).enumerated() {
                if let stem = plan.stem, index == plan.stemIndex { writeStem(stem.id, inCluster: plan.mixed, into: &writer) }
                let boxed = plan.boxes(index, child)
                if boxed { openOrderCluster("cluster_\(counter + 1)_box", into: &writer) }
                entries.append(writeItem(child, rank: rank + offset, rules, into: &writer, queue: &queue))
                if boxed { writer.close() }
            }
            endpoint = closeContainer(item, plan, entries: entries, rank: rank, offsets: offsets, depth: depth, into: &writer)
        } else {
            endpoint = Endpoint(id: id, cluster: nil, tail: (id, rank), bottomLeft: (id, rank))
            writer.node(id, leafAttributes(item))
        }
        if item.children.isEmpty && rank > lowestNode.rank { lowestNode = (id, rank) }
        for presented in item.presentations {
            queue.append((endpoint, presented))
        }
        return endpoint
    }

    /// What `writeItem` worked out when it opened a container's cluster, for its children and its closing.
    private struct ContainerPlan {
        var id: String
        var cluster: String
        /// Where the container's edges go in `edges` (before its children's).
        var mark: Int
        /// Whether its children mix boxes and clusters.
        var mixed: Bool
        var rows: [Range<Int>]
        /// Rows after the first that hold boxes only, beside containers.
        var looseRows: [Range<Int>]
        var stem: (id: String, rank: Int)?
        var stemIndex: Int

        /// Whether child `index` goes in an order cluster of its own.
        func boxes(_ index: Int, _ child: DiagramItem) -> Bool {
            mixed && !child.isContainer && !looseRows.contains { $0.contains(index) }
        }
    }

    /// Opens the cluster of container `item` and writes its anchor.
    @inline(never)
    private mutating func openContainer(
        _ item: DiagramItem, number: Int, rank: Int, offsets: [Int], depth: Int, _ rules: LayoutRules, into writer: inout DOTWriter
    ) -> ContainerPlan {
        let id = "n\(number)"
        let cluster = "cluster_\(number)"
        writer.open("subgraph \(cluster)")
        writer.defaults("graph", clusterAttributes(item))
        writer.node(id, anchorAttributes(item))
        let mark = edges.count
        // `ordering=out` on the anchor keeps children in order only while they are all boxes or all
        // clusters: among clusters (the selected tab, drawn in full) `dot` moves a plain box (a folded
        // tab) freely. So beside a cluster a box gets a borderless cluster of its own.
        let mixed = item.children.contains(where: \.isContainer)
        // Rows after the first that hold boxes only, beside containers (folded tabs beside the selected one): loose
        // boxes, no order cluster each (see below).
        let rows = Self.rows(offsets: offsets)
        let looseRows = mixed ? rows.dropFirst().filter { !item.children[$0].contains(where: \.isContainer) } : []
        // A container whose presented trees hang below it presents from a stem: an invisible point
        // amid its children on its lowest rank. From the anchor, the edge would leave the cluster
        // beside its children, and each sheet of a chain would step right of the one before.
        let stem = item.presentsFromStem(depth: depth, rules) ? (id: "s\(number)", rank: rank + depth - 1) : nil
        let stemIndex = item.children.count / 2
        return ContainerPlan(
            id: id, cluster: cluster, mark: mark, mixed: mixed, rows: rows, looseRows: looseRows, stem: stem, stemIndex: stemIndex)
    }

    /// Closes the cluster of container `item`, whose children were written as `entries`, and adds the edges that
    /// hold them in place: its endpoint.
    @inline(never)
    private mutating func closeContainer(
        _ item: DiagramItem, _ plan: ContainerPlan, entries: [Endpoint], rank: Int, offsets: [Int], depth: Int,
        into writer: inout DOTWriter
    ) -> Endpoint {
        let (id, cluster, mark, mixed, rows, looseRows, stem, stemIndex) =
            (plan.id, plan.cluster, plan.mark, plan.mixed, plan.rows, plan.looseRows, plan.stem, plan.stemIndex)
        if let stem, stemIndex == item.children.count { writeStem(stem.id, inCluster: mixed, into: &writer) }
        writer.close()
        var containment: [(from: String, to: String, attributes: DOTAttributes)] = []
        // Boxes in rows (a dashboard of widget controllers): a later row hangs from the row above, box under box,
        // and each row is held in order by edges between neighbours on its rank. From the anchor, the edge to
        // every later row crossed the rows between as a chain of virtual nodes, widening each rank it passed
        // (24 widgets were 1,370 pt wide). Among clusters `dot` keeps no such order, so rows of containers still
        // hang from the anchor. A later row of boxes beside containers hangs its first box from the lowest box on
        // the left of the row above, and each next box from its neighbour: from the anchor, `dot` centred the row
        // under the widest cluster, where it read as part of it (a readability trial: tabs 3 and 4 under tab 2), and
        // each box in its order cluster let `dot` swap neighbours.
        let boxRows = !item.children.contains(where: \.isContainer) && Set(offsets).count > 1
        for (index, (child, entry)) in zip(item.children, entries).enumerated() {
            var attributes = arrival(entry)
            let onPath = item.isOnPath && child.isOnPath
            if onPath {
                attributes.set("color", DiagramStyle.accent)
                attributes.set("penwidth", DiagramStyle.pathWidth)
            } else {
                attributes = ["style": .constant("invis")]
            }
            let loose = looseRows.first { $0.contains(index) }
            let hangsFrom: (id: String, rank: Int)? =
                if boxRows, let above = Self.boxAbove(index, offsets: offsets) {
                    (entries[above].id, rank + offsets[above])
                } else if let loose, index == loose.lowerBound {
                    // From the lowest box on the left of the first child above, never the container's anchor, from
                    // which `dot` centred the row again (a review).
                    Self.hangingPoint(above: rows[rows.firstIndex(of: loose)! - 1].lowerBound, entries, offsets, rank: rank)
                } else {
                    nil
                }
            if hangsFrom != nil || loose != nil {
                if let hangsFrom {
                    var hanging: DOTAttributes = ["style": .constant("invis")]
                    let span = rank + offsets[index] - hangsFrom.rank
                    if span > 1 { hanging.set("minlen", String(span)) }
                    containment.append((hangsFrom.id, entry.id, hanging))
                }
                // The path still runs from the container, drawn but placing nothing.
                guard onPath else { continue }
                attributes.set("constraint", "false")
                containment.append((id, entry.id, attributes))
                continue
            }
            if offsets[index] > 1 { attributes.set("minlen", String(offsets[index])) }
            containment.append((id, entry.id, attributes))
        }
        if boxRows || !looseRows.isEmpty {
            for index in entries.indices.dropLast()
            where offsets[index] == offsets[index + 1] && (boxRows || looseRows.contains { $0.contains(index) }) {
                containment.append((entries[index].id, entries[index + 1].id, ["minlen": .constant("0"), "style": .constant("invis")]))
            }
        }
        if let stem {
            var attributes: DOTAttributes = ["style": .constant("invis")]
            if stem.rank - rank > 1 { attributes.set("minlen", String(stem.rank - rank)) }
            containment.insert((id, stem.id, attributes), at: stemIndex)
        }
        edges.insert(contentsOf: containment, at: mark)
        // The leftmost child of the last row that reaches the container's lowest rank, all the way down (a stack's
        // shallow root box beside a deep top hands it to the top, a review).
        let bottom = rank + depth - 1
        let bottomLeft: (id: String, rank: Int)? =
            if let last = rows.last {
                entries[last].lazy.compactMap(\.bottomLeft).first { $0.rank == bottom }
            } else {
                depth == 1 ? (id, rank) : nil
            }
        return Endpoint(id: id, cluster: cluster, tail: stem ?? (id, rank), bottomLeft: bottomLeft)
    }

    /// Opens a borderless, marginless cluster that holds one box or stem in its place among clusters.
    private func openOrderCluster(_ name: String, into writer: inout DOTWriter) {
        writer.open("subgraph \(name)")
        // No style of its own: one inherited (`rounded,filled`) drew NaN corners for a cluster of no size in Graphviz 2.43
        // (a review ran `dot -Tsvg` on a transition's .dot).
        writer.defaults(
            "graph",
            [
                "label": .constant(""), "margin": .constant("0"), "peripheries": .constant("0"), "style": .constant(""),
                "tooltip": .constant(""),
            ])
    }

    /// The box in the row above box `index`'s, in the same column (the last of that row when it is shorter); nil
    /// in the first row. A row is a run of children with the same rank offset.
    static func boxAbove(_ index: Int, offsets: [Int]) -> Int? {
        guard let rowStart = offsets.firstIndex(of: offsets[index]), rowStart > 0 else { return nil }
        let aboveStart = offsets.firstIndex(of: offsets[rowStart - 1])!
        return min(aboveStart + (index - rowStart), rowStart - 1)
    }

    /// Where a later row of boxes hangs from: the lowest node on the left of the row above's first child (every item
    /// has one: the deepest child of a last row reaches its container's lowest rank); its own node is only a safety net.
    static func hangingPoint(above: Int, _ entries: [Endpoint], _ offsets: [Int], rank: Int) -> (id: String, rank: Int) {
        entries[above].bottomLeft ?? (entries[above].id, rank + offsets[above])
    }

    /// Children in rows, as index ranges in order: runs of the same rank offset.
    static func rows(offsets: [Int]) -> [Range<Int>] {
        var rows: [Range<Int>] = []
        var start = 0
        for end in offsets.indices.dropFirst() where offsets[end] != offsets[end - 1] {
            rows.append(start..<end)
            start = end
        }
        if !offsets.isEmpty { rows.append(start..<offsets.count) }
        return rows
    }

    /// Writes a stem: an invisible point of no size, in a cluster of its own among clusters.
    private func writeStem(_ id: String, inCluster: Bool, into writer: inout DOTWriter) {
        if inCluster { openOrderCluster("cluster_\(id)", into: &writer) }
        writer.node(id, ["shape": .constant("point"), "style": .constant("invis"), "width": .constant("0")])
        if inCluster { writer.close() }
    }

    /// `lhead` for an edge arriving at a container, so it stops at the cluster's border.
    private func arrival(_ entry: Endpoint) -> DOTAttributes {
        var attributes: DOTAttributes = [:]
        if let cluster = entry.cluster { attributes.set("lhead", cluster) }
        return attributes
    }

    private func presentationEdge(_ item: DiagramItem, from presenter: Endpoint, to entry: Endpoint) -> DOTAttributes {
        var attributes = arrival(entry)
        if let cluster = presenter.cluster { attributes.set("ltail", cluster) }
        attributes.set("style", "dashed")
        // An external label: it is placed on the drawn (clipped) edge, whereas a plain label sits
        // at the middle of the unclipped edge, often inside the presenter's cluster. Graphviz puts it
        // against the edge, so the dashes ran through its last letter ("formShee|t"): a padded cell keeps
        // it 4 pt away.
        attributes["xlabel"] = .html(
            .table([(.text(DiagramStyle.presentationLabel(item.node.style, of: item.node)), background: nil)], centered: true, padding: 4))
        let color: String
        if item.isGhost {
            color = DiagramStyle.removedBorder
        } else if item.isOnPath {
            color = DiagramStyle.accent
        } else {
            color = item.mark == .added ? DiagramStyle.addedBorder : DiagramStyle.border
        }
        attributes.set("color", color)
        attributes.set("fontcolor", color)
        if item.isOnPath { attributes.set("penwidth", DiagramStyle.pathWidth) }
        return attributes
    }

    // MARK: - Nodes and clusters

    /// A container's anchor: a small accent dot where the path continues into a child, else invisible.
    /// Its out-edges keep container order (`ordering=out`), so children read left to right.
    private func anchorAttributes(_ item: DiagramItem) -> DOTAttributes {
        if item.isOnPath && item.children.contains(where: \.isOnPath) {
            return [
                "color": .constant(DiagramStyle.accent),
                "fillcolor": .constant(DiagramStyle.accent),
                "ordering": .constant("out"),
                "shape": .constant("point"),
                "width": .constant("0.08"),
            ]
        }
        return [
            "ordering": .constant("out"), "shape": .constant("point"), "style": .constant("invis"),
            "width": .constant("0.01"),
        ]
    }

    func leafAttributes(_ item: DiagramItem) -> DOTAttributes {
        var attributes: DOTAttributes = ["label": .html(leafLabel(item)), "tooltip": .tooltip(item.tooltip)]
        var style = item.node.kind == .view ? ["filled"] : ["filled", "rounded"]
        if item.isGhost || !item.node.isLoaded { style.append("dashed") }
        if style != ["filled", "rounded"] { attributes.set("style", style.joined(separator: ",")) }
        if let mark = item.mark {
            attributes.set("fillcolor", Self.fill(for: mark))
            attributes.set("color", Self.border(for: mark))
            attributes.set("penwidth", "1.5")
        } else {
            switch item.presence {
            case .visible:
                attributes.set("fillcolor", DiagramStyle.accent)
                attributes.set("fontcolor", DiagramStyle.onAccentText)
            case .onScreen:
                attributes.set("fillcolor", DiagramStyle.onScreenFill)
            case .inWindow:
                break
            case .offScreen:
                attributes.set("fillcolor", DiagramStyle.offScreenFill)
                attributes.set("color", DiagramStyle.offScreenBorder)
                attributes.set("fontcolor", DiagramStyle.offScreenText)
            }
        }
        if item.presence == .visible {
            attributes.set("color", DiagramStyle.accent)
            attributes.set("penwidth", DiagramStyle.visibleWidth)
        }
        return attributes
    }

    private func clusterAttributes(_ item: DiagramItem) -> DOTAttributes {
        var attributes: DOTAttributes = [
            "label": .html(clusterLabel(item)),
            "labeljust": .constant("l"),
            "tooltip": .tooltip(item.tooltip),
        ]
        var fill: String?
        var color = DiagramStyle.clusterBorder
        if let mark = item.mark, mark != .changed {
            fill = Self.fill(for: mark)
            color = Self.border(for: mark)
        } else {
            switch item.presence {
            case .visible, .onScreen: fill = DiagramStyle.clusterVisibleFill
            case .inWindow: break
            case .offScreen:
                fill = DiagramStyle.clusterOffScreenFill
                color = DiagramStyle.clusterOffScreenBorder
                attributes.set("fontcolor", DiagramStyle.offScreenText)
            }
        }
        if item.isOnPath {
            color = DiagramStyle.accent
            attributes.set("penwidth", item.presence == .visible ? DiagramStyle.visibleWidth : DiagramStyle.pathWidth)
        }
        // A changed container keeps its own fill, its border says so: every container a tab switch or a full-screen
        // presentation moves on or off the screen is changed, and filled they flooded a transition's .dot with yellow
        // (a review). Its label says `~ changed` too.
        if item.mark == .changed {
            color = Self.border(for: .changed)
            if !item.isOnPath { attributes.set("penwidth", DiagramStyle.pathWidth) }
        }
        var style = ["rounded"]
        if let fill {
            style.append("filled")
            attributes.set("fillcolor", fill)
        }
        if item.isGhost || !item.node.isLoaded { style.append("dashed") }
        attributes.set("color", color)
        attributes.set("style", style.joined(separator: ","))
        return attributes
    }

    // MARK: - Labels

    private func leafLabel(_ item: DiagramItem) -> Markup {
        let subtle =
            item.presence == .visible && item.mark == nil ? DiagramStyle.onAccentSubtle : DiagramStyle.subtleText
        var lines: [Markup] = []
        if let slot = item.slot { lines.append(.font(.text(slot), size: DiagramStyle.smallFontSize, color: subtle)) }
        lines.append(.bold(.text(item.headline)) + .text(item.drawnNameSuffix))
        if let classLine = item.classLine { lines.append(.font(.text(classLine), size: DiagramStyle.smallFontSize, color: subtle)) }
        lines += badges(item, color: subtle)
        return .lines(lines)
    }

    private func clusterLabel(_ item: DiagramItem) -> Markup {
        let node = item.node
        let subtle = DiagramStyle.subtleText
        var lines: [Markup] = []
        if let slot = item.slot { lines.append(.font(.text(slot), size: DiagramStyle.smallFontSize, color: subtle)) }
        if node.kind == .controller, item.presence == .visible, item.mark == nil {
            // The visible controller is a container (children on screen at once): its name on the accent, as a
            // visible leaf is filled (a trial: a home screen of embedded children had no box marked visible).
            let name = Markup.font(.bold(.text(node.displayName)) + .text(item.drawnNameSuffix), color: DiagramStyle.onAccentText)
            lines.append(.table([(name, background: DiagramStyle.accent)], padding: 2))
            if let classLine = item.classLine { lines.append(.font(.text(classLine), size: DiagramStyle.smallFontSize, color: subtle)) }
        } else if node.kind == .controller {
            lines.append(.bold(.text(node.displayName)) + .text(item.drawnNameSuffix))
            if let classLine = item.classLine { lines.append(.font(.text(classLine), size: DiagramStyle.smallFontSize, color: subtle)) }
        } else {
            lines.append(.bold(.text(DiagramStyle.shownClassName(of: node))) + .text(item.drawnContainerName))
        }
        if let details = item.details {
            lines.append(.font(.text(details), size: DiagramStyle.smallFontSize, color: subtle))
        }
        lines += badges(item, color: subtle)
        return .table(lines.map { ($0, background: nil) }, padding: 0)
    }

    /// The mark's words in its colour (a summary box's too: the SVG's tag said what the DOT did not, a readability trial),
    /// then the state's words on a row of their own (`· visible` read as part of what changed).
    private func badges(_ item: DiagramItem, color: String) -> [Markup] {
        var rows: [Markup] = []
        if let mark = item.mark, let word = item.markWord, !item.isTagless {
            rows.append(.font(.bold(.text(word)), size: DiagramStyle.smallFontSize, color: Self.border(for: mark)))
        }
        let words = item.untoldStateWords
        if !words.isEmpty {
            rows.append(.font(.bold(.text(words.joined(separator: " · "))), size: DiagramStyle.smallFontSize, color: color))
        }
        return rows
    }

    static func fill(for mark: DiffMark) -> String {
        switch mark {
        case .added: DiagramStyle.addedFill
        case .removed: DiagramStyle.removedFill
        case .changed: DiagramStyle.changedFill
        }
    }

    static func border(for mark: DiffMark) -> String {
        switch mark {
        case .added: DiagramStyle.addedBorder
        case .removed: DiagramStyle.removedBorder
        case .changed: DiagramStyle.changedBorder
        }
    }

    // MARK: - Legend

    /// Writes a legend cluster: a row of samples per presence, a row per change mark (transitions),
    /// and the two kinds of arrow. With `below`, a node on a diagram's lowest rank, the legend hangs under
    /// the diagram rather than beside it (beside, its five samples made most diagrams too wide).
    mutating func writeLegend(into writer: inout DOTWriter, includesChanges: Bool, below: String? = nil) {
        writer.open("subgraph cluster_legend")
        writer.defaults(
            "graph",
            [
                "color": .constant(DiagramStyle.clusterBorder),
                "label": .html(.bold(.text("Legend"))),
                "labeljust": .constant("l"),
                "style": .constant("rounded"),
            ])
        func sample(_ presence: Presence, onPath: Bool = false, mark: DiffMark? = nil, loaded: Bool = true)
            -> DiagramItem
        {
            var node = Node(id: "sample", kind: .controller)
            node.isLoaded = loaded
            return DiagramItem(node: node, slot: nil, presence: presence, isOnPath: onPath, mark: mark)
        }
        var rows: [[(String, String, DiagramItem)]] = [
            [
                ("visible", "the controller in front", sample(.visible, onPath: true)),
                ("on screen", "also showing", sample(.onScreen)),
                ("in the window", "covered, or a container", sample(.inWindow)),
                ("off screen", "alive, not showing", sample(.offScreen)),
                ("view not loaded", "never yet, or a memory warning", sample(.offScreen, loaded: false)),
            ]
        ]
        if includesChanges {
            rows.append([
                ("added", "by this step", sample(.inWindow, mark: .added)),
                ("removed", "a ghost of what was there", sample(.offScreen, mark: .removed)),
                ("changed", "label, state, children, place, or on screen", sample(.inWindow, mark: .changed)),
            ])
        }
        var firsts: [String] = []
        for row in rows {
            var ids: [String] = []
            for (title, caption, item) in row {
                let id = "n\(next())"
                var attributes = leafAttributes(item)
                let color = item.presence == .visible ? DiagramStyle.onAccentSubtle : DiagramStyle.subtleText
                var heading = Markup.bold(.text(title))
                if let mark = item.mark {
                    // As a transition draws it: a ring in the mark's colour and its tag word, over the box as it is (the
                    // legend's filled boxes matched no drawing, a readability trial).
                    attributes.set("fillcolor", DiagramStyle.inWindowFill)
                    attributes.set("penwidth", "2.5")
                    heading = .font(.bold(.text(DiagramItem.markWord(mark))), color: Self.border(for: mark))
                }
                attributes["label"] = .html(
                    heading + .lineBreak
                        + .font(.text(caption), size: DiagramStyle.smallFontSize, color: color))
                attributes["tooltip"] = .tooltip(title + ": " + caption)
                writer.node(id, attributes)
                ids.append(id)
            }
            writer.statement("{rank=same; " + ids.map { $0 + "; " }.joined() + "}")
            for (left, right) in zip(ids, ids.dropFirst()) {
                edges.append((left, right, ["style": .constant("invis")]))
            }
            firsts.append(ids[0])
        }
        let points = (0..<4).map { _ in "n\(next())" }
        for point in points {
            writer.node(point, ["shape": .constant("point"), "style": .constant("invis"), "width": .constant("0.01")])
        }
        writer.statement("{rank=same; \(points[0]); \(points[2]); }")
        edges.append((points[0], points[2], ["minlen": .constant("6"), "style": .constant("invis")]))
        firsts.append(points[0])
        for (upper, lower) in zip(firsts, firsts.dropFirst()) {
            edges.append((upper, lower, ["style": .constant("invis")]))
        }
        if let below {
            // Two ranks down, for the legend's title; weight 0, so the node does not pull the legend under it.
            edges.append((below, firsts[0], ["minlen": .constant("2"), "style": .constant("invis"), "weight": .constant("0")]))
        }
        edges.append(
            (
                points[0], points[1],
                [
                    "color": .constant(DiagramStyle.accent), "label": .label("path to the visible controller"),
                    "penwidth": .constant(DiagramStyle.pathWidth),
                ]
            ))
        edges.append(
            (
                points[2], points[3],
                ["label": .label("presents (style)"), "style": .constant("dashed")]
            ))
        writer.close()
    }
}
