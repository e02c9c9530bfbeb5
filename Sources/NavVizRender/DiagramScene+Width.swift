import NavVizCore

/// How a scene is laid out, and what its width is estimated with: the size of container titles (a
/// transition's panels set 12), whether siblings too wide side by side go in rows (a focused diagram;
/// `--expand all` draws one row), and whether presented trees hang below everything drawn before them
/// rather than beside their presenters.
struct LayoutRules: Equatable {
    var clusterFontSize: Double
    var wrapping: Bool
    var presentationsBelow = false
    /// What was worked out under these rules, by item: a container's width and ranks count its whole subtree,
    /// and every level above asks again (a tenth of planning before this).
    let memo = LayoutMemo()

    static func == (lhs: LayoutRules, rhs: LayoutRules) -> Bool {
        lhs.clusterFontSize == rhs.clusterFontSize && lhs.wrapping == rhs.wrapping && lhs.presentationsBelow == rhs.presentationsBelow
    }
}

/// Widths and ranks of the items of one scene under one set of rules, worked out once each. An item is
/// known by its node, whether it is a summary box, and its mark (one scene draws a node once).
final class LayoutMemo {
    struct Key: Hashable {
        var id: NodeID
        var folded: Bool
        var mark: DiffMark?
    }
    var treeWidths: [Key: Double] = [:]
    var ranks: [Key: (offsets: [Int], depth: Int)] = [:]
}

extension DiagramItem {
    var memoKey: LayoutMemo.Key { LayoutMemo.Key(id: node.id, folded: folded != nil, mark: mark) }
}

/// How wide Graphviz will draw a scene, estimated before it is laid out: text measured with Arial's
/// advance widths (the font the diagrams name, and the metrics Graphviz's portable mode uses), boxes with
/// their margins, and a container's children side by side as `dot` ranks them. A transition uses it to
/// choose between its panels side by side and one above the other; it errs wide, so a diagram it lets
/// through side by side fits.
extension DiagramScene {
    /// The rules a focused scene is laid out with (`wrapping`): presented trees below when beside their
    /// presenters they would make the scene wider than a row may be.
    func rules(clusterFontSize: Double, wrapping: Bool) -> LayoutRules {
        let beside = LayoutRules(clusterFontSize: clusterFontSize, wrapping: wrapping)
        guard wrapping, roots.contains(where: \.presentsAnything) else { return beside }
        let besideWidth = contentWidth(beside)
        guard besideWidth > DiagramItem.rowBudget else { return beside }
        let below = LayoutRules(clusterFontSize: clusterFontSize, wrapping: true, presentationsBelow: true)
        return contentWidth(below) < besideWidth ? below : beside
    }

    /// The estimated width in points.
    func estimatedWidth(_ rules: LayoutRules) -> Double {
        let window =
            TextWidth.of("UIWindow", size: 10, bold: true) + TextWidth.of(" · \(device.rawValue)", size: 10) + 2 * TextWidth.nodeMargin
        return max(window, contentWidth(rules))
    }

    private func contentWidth(_ rules: LayoutRules) -> Double {
        let widths = roots.map { rules.presentationsBelow ? $0.treeWidth(rules) : $0.estimatedWidth(rules) }
        let trees = DiagramItem.rowWidth(of: widths, wrapping: rules.wrapping)
        guard rules.presentationsBelow else { return trees }
        return roots.flatMap(\.presentedTrees).map { $0.treeWidth(rules) }.reduce(trees, max)
    }
}

extension DiagramItem {
    /// Whether the item or anything in it presents a tree.
    var presentsAnything: Bool {
        !presentations.isEmpty || children.contains(where: \.presentsAnything)
    }

    /// Every tree presented from the item or from anything in it, and from those in turn.
    var presentedTrees: [DiagramItem] {
        children.flatMap(\.presentedTrees) + presentations.flatMap { [$0] + $0.presentedTrees }
    }

    /// The item with the trees presented from it or from anything in it. `dot` puts a presented tree
    /// outside every cluster, three ranks below its presenter: beside the item where the item reaches
    /// that rank, else below it and partly beside it (counted at 0.6 of its width: on the samples the
    /// estimate then stays at or above Graphviz's width). Below everything, they do not widen it.
    func estimatedWidth(_ rules: LayoutRules) -> Double {
        let tree = treeWidth(rules)
        guard !rules.presentationsBelow else { return tree }
        let depth = ranks(rules).depth
        return presented(rules, at: 0).reduce(tree) { width, presented in
            width + TextWidth.nodeSeparation + (presented.rank < depth ? 1 : 0.6) * presented.tree.estimatedWidth(rules)
        }
    }

    /// The item's box: a leaf's, or a container's cluster around its children's boxes.
    func treeWidth(_ rules: LayoutRules) -> Double {
        if let known = rules.memo.treeWidths[memoKey] { return known }
        let width = isContainer ? containerWidth(rules) : leafWidth
        rules.memo.treeWidths[memoKey] = width
        return width
    }

    /// How many ranks the item spans with the trees presented from it, beside it.
    private func depthPresenting(_ rules: LayoutRules) -> Int {
        presented(rules, at: 0).map { $0.rank + $0.tree.depthPresenting(rules) }.reduce(ranks(rules).depth, max)
    }

    /// The trees presented from the item or from anything in it (not from those trees), with the rank each
    /// starts at when the item's node is at `rank`.
    private func presented(_ rules: LayoutRules, at rank: Int) -> [(tree: DiagramItem, rank: Int)] {
        // As the emitter ranks them: three below the item, or below its stem on its lowest rank.
        let (offsets, depth) = ranks(rules)
        let offset = presentsFromStem(depth: depth, rules) ? depth + 2 : 3
        var trees = presentations.map { (tree: $0, rank: rank + offset) }
        for (child, childOffset) in zip(children, offsets) {
            trees += child.presented(rules, at: rank + childOffset)
        }
        return trees
    }

    /// Whether the trees the item presents start below its lowest rank (`depth` ranks from its node), so
    /// they leave from a stem amid its children there: three ranks below the item reach past a container
    /// at most three ranks deep, and presentations hung below the scene are below every container.
    func presentsFromStem(depth: Int, _ rules: LayoutRules) -> Bool {
        isContainer && !presentations.isEmpty && !children.isEmpty && (rules.presentationsBelow || depth <= 3)
    }

    /// How wide (estimated points) a row of siblings may be before they wrap into rows: room for the
    /// window's margins and a few levels of nesting within the 1,200 pt budget.
    static let rowBudget = 1000.0

    /// Siblings (a container's children, or a scene's roots) in rows, as index ranges in order: one row
    /// while they fit `rowBudget` side by side, else as few rows as fit, of equal length where that fits
    /// too (six tabs read as three above three, not five above one). One wider than the budget has a row
    /// of its own.
    /// A container's children are measured by their boxes (what they present is drawn outside the
    /// container), a scene's roots with what they present.
    static func rows(of items: [DiagramItem], _ rules: LayoutRules, presenting: Bool) -> [Range<Int>] {
        guard rules.wrapping, items.count > 1 else { return [0..<items.count] }
        return rows(of: items.map { presenting ? $0.estimatedWidth(rules) : $0.treeWidth(rules) })
    }

    /// The estimated width of siblings of these widths in their rows (one row unless `wrapping`): the
    /// widest row's.
    static func rowWidth(of widths: [Double], wrapping: Bool) -> Double {
        let rows = wrapping ? rows(of: widths) : [0..<widths.count]
        return rows.map { sideBySide(widths[$0]) }.max() ?? 0
    }

    /// The width of boxes side by side, `nodesep` apart.
    private static func sideBySide(_ widths: ArraySlice<Double>) -> Double {
        widths.reduce(0, +) + TextWidth.nodeSeparation * Double(max(0, widths.count - 1))
    }

    /// Rows for siblings of these estimated widths.
    static func rows(of widths: [Double]) -> [Range<Int>] {
        let count = widths.count
        guard count > 1 else { return [0..<count] }
        func fits(_ row: Range<Int>) -> Bool {
            row.count == 1 || sideBySide(widths[row]) <= Self.rowBudget
        }
        var greedy: [Range<Int>] = []
        var start = 0
        for end in 1...count where end == count || !fits(start..<(end + 1)) {
            greedy.append(start..<end)
            start = end
        }
        guard greedy.count > 1 else { return greedy }
        let length = (count + greedy.count - 1) / greedy.count
        let even = stride(from: 0, to: count, by: length).map { $0..<min($0 + length, count) }
        return even.count == greedy.count && even.allSatisfy(fits) ? even : greedy
    }

    /// How many ranks below a container's anchor each child starts (a later row below the deepest child
    /// of the row above), and how many ranks the item spans, presentations aside.
    func ranks(_ rules: LayoutRules) -> (offsets: [Int], depth: Int) {
        guard isContainer else { return ([], 1) }
        if let known = rules.memo.ranks[memoKey] { return known }
        let ranks = Self.rowRanks(of: children, rules, presenting: false)
        rules.memo.ranks[memoKey] = ranks
        return ranks
    }

    /// How many ranks below their parent siblings in rows start, and how many ranks the parent spans.
    static func rowRanks(of items: [DiagramItem], _ rules: LayoutRules, presenting: Bool) -> (offsets: [Int], depth: Int) {
        let depths = items.map { presenting ? $0.depthPresenting(rules) : $0.ranks(rules).depth }
        var offsets: [Int] = []
        var start = 1
        for row in rows(of: items, rules, presenting: presenting) {
            offsets += Array(repeating: start, count: row.count)
            start += depths[row].max() ?? 0
        }
        return (offsets, max(start, 1))
    }

    private var leafWidth: Double {
        var widths = [
            TextWidth.of(headline, size: 10, bold: true) + TextWidth.of(drawnNameSuffix, size: 10), TextWidth.of(classLine ?? "", size: 8),
        ]
        if let slot { widths.append(TextWidth.of(slot, size: 8)) }
        widths.append(TextWidth.of(badgeWords.joined(separator: " · "), size: 8, bold: true))
        // Graphviz draws no box narrower than 0.75 in.
        return max(widths.max()! + 2 * TextWidth.nodeMargin, TextWidth.minimumNodeWidth)
    }

    private func containerWidth(_ rules: LayoutRules) -> Double {
        let clusterFontSize = rules.clusterFontSize
        var widths: [Double] = []
        if let slot { widths.append(TextWidth.of(slot, size: 8)) }
        if node.kind == .controller {
            widths.append(
                TextWidth.of(node.displayName, size: clusterFontSize, bold: true) + TextWidth.of(drawnNameSuffix, size: clusterFontSize))
            widths.append(TextWidth.of(classLine ?? "", size: 8))
        } else {
            widths.append(
                TextWidth.of(DiagramStyle.shownClassName(of: node), size: clusterFontSize, bold: true)
                    + TextWidth.of(drawnContainerName, size: clusterFontSize))
        }
        if let details { widths.append(TextWidth.of(details, size: 8)) }
        widths.append(TextWidth.of(badgeWords.joined(separator: " · "), size: 8, bold: true))
        let content = Self.rowWidth(of: children.map { $0.treeWidth(rules) }, wrapping: rules.wrapping)
        return max(widths.max()!, content) + 2 * TextWidth.clusterMargin
    }
}

/// Text widths from Arial's advance widths (`ArialWidths`), in points.
enum TextWidth {
    /// A node's horizontal margin (`margin=0.12`), in points.
    static let nodeMargin = 0.12 * 72
    /// Graphviz's default smallest node width (`width=0.75`), in points.
    static let minimumNodeWidth = 0.75 * 72
    /// `nodesep=0.25`, in points.
    static let nodeSeparation = 0.25 * 72
    /// Graphviz's space between a cluster's border and its content, in points.
    static let clusterMargin = 8.0

    /// The width of one line of text at `size` points, in Arial or Arial Bold.
    static func of(_ text: String, size: Double, bold: Bool = false) -> Double {
        let units = text.unicodeScalars.reduce(0) { $0 + ArialWidths.advance($1, bold: bold) }
        return Double(units) * size / 1000
    }

    /// One character's advance width in Arial, in thousandths of an em.
    static func advance(_ scalar: Unicode.Scalar) -> Int { ArialWidths.advance(scalar) }
}

extension Markup {
    /// The estimated width of a table of text rows (its widest row, with the cells' padding). Tags are
    /// skipped and an entity (`&amp;`) counts as the one character it stands for.
    func estimatedTableWidth(size: Double) -> Double {
        var widest = 0
        var row = 0
        var inTag = false
        var entity: [Unicode.Scalar]?
        var tag: [Unicode.Scalar] = []
        for scalar in raw.unicodeScalars {
            if inTag {
                if scalar == ">" {
                    inTag = false
                    if tag.starts(with: "/TR".unicodeScalars) {
                        widest = max(widest, row)
                        row = 0
                    }
                } else if tag.count < 3 {
                    tag.append(scalar)
                }
            } else if entity != nil {
                if scalar == ";" {
                    row += TextWidth.advance(Self.entities[String(String.UnicodeScalarView(entity!))] ?? "?")
                    entity = nil
                } else {
                    entity!.append(scalar)
                }
            } else if scalar == "<" {
                inTag = true
                tag = []
            } else if scalar == "&" {
                entity = []
            } else {
                row += TextWidth.advance(scalar)
            }
        }
        return Double(max(widest, row)) * size / 1000 + 8
    }

    /// The characters the escaper writes as entities.
    private static let entities: [String: Unicode.Scalar] = ["lt": "<", "gt": ">", "quot": "\"", "#39": "'", "amp": "&"]
}
