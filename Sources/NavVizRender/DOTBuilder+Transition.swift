import NavVizCore

extension DOTBuilder {
    /// One step: the state before and after side by side, each drawn as its state diagram is, with what
    /// the step removed marked on the before side (red) and what it added (green) and changed (yellow) on
    /// the after side; a caption with the operation, its animation and status (a banner when it is not
    /// `ok`); and the appearance events in order.
    ///
    /// `states` are the two states' pictures when the caller has them (`panelState(_:finder:)`): a render
    /// draws each state once for its diagram and both transitions it is a panel of.
    public func transitionDiagram(
        before: Hierarchy, after: Hierarchy, beforeFinder: ViewFinderResult, afterFinder: ViewFinderResult,
        step: TransitionInfo, states: (before: StatePicture, after: StatePicture)? = nil
    ) -> ComparisonDiagram {
        comparison(
            before: before, after: after, beforeFinder: beforeFinder, afterFinder: afterFinder,
            titles: ("before", "after"), caption: transitionCaption(step), events: eventsTable(step.outcome), states: states,
            called: Set(step.outcome.events.map(\.controller)))
    }

    /// A state as a transition's panel draws it: as its state diagram does, without a legend.
    public func panelState(_ hierarchy: Hierarchy, finder: ViewFinderResult, keeping: Set<NodeID> = []) -> StatePicture {
        withoutLegend.statePicture(hierarchy, finder: finder, keeping: keeping)
    }

    /// A step's transition as one DOT graph (`transitionDiagram(…).dot`).
    public func transition(
        before: Hierarchy, after: Hierarchy, beforeFinder: ViewFinderResult, afterFinder: ViewFinderResult,
        step: TransitionInfo
    ) -> String {
        transitionDiagram(before: before, after: after, beforeFinder: beforeFinder, afterFinder: afterFinder, step: step).dot
    }

    /// Two states of one hierarchy (or two snapshots of an app) side by side, marked as a transition's
    /// sides are. `details` are lines under the caption (what changed); `titles` label the two sides.
    public func diffDiagram(
        old: Hierarchy, new: Hierarchy, oldFinder: ViewFinderResult, newFinder: ViewFinderResult,
        caption: String? = nil, details: [String] = [], titles: (old: String, new: String) = ("old", "new"),
        unmarked: Set<NodeID> = [], quiet: [NodeID: Set<ChangeAspect>] = [:]
    ) -> ComparisonDiagram {
        let rows = (caption.map { [TextBlock.row($0, bold: true)] } ?? []) + details.map { TextBlock.row($0) }
        return comparison(
            before: old, after: new, beforeFinder: oldFinder, afterFinder: newFinder, titles: titles,
            caption: rows.isEmpty ? nil : TextBlock(rows: rows), events: nil, asSnapshots: true, unmarked: unmarked, quiet: quiet)
    }

    /// A diff as one DOT graph (`diffDiagram(…).dot`).
    public func diff(
        old: Hierarchy, new: Hierarchy, oldFinder: ViewFinderResult, newFinder: ViewFinderResult,
        caption: String? = nil, details: [String] = [], titles: (old: String, new: String) = ("old", "new")
    ) -> String {
        diffDiagram(
            old: old, new: new, oldFinder: oldFinder, newFinder: newFinder, caption: caption, details: details, titles: titles
        ).dot
    }

    private func comparison(
        before: Hierarchy, after: Hierarchy, beforeFinder: ViewFinderResult, afterFinder: ViewFinderResult,
        titles: (String, String), caption: TextBlock?, events: TextBlock?, states: (before: StatePicture, after: StatePicture)? = nil,
        called: Set<NodeID>? = nil, asSnapshots: Bool = false, unmarked: Set<NodeID> = [], quiet: [NodeID: Set<ChangeAspect>] = [:]
    ) -> ComparisonDiagram {
        let sides = panelPictures(
            before: before, after: after, beforeFinder: beforeFinder, afterFinder: afterFinder, states: states, called: called,
            asSnapshots: asSnapshots, unmarked: unmarked, quiet: quiet)
        // Side by side when the estimated width fits the budget, else the after state under the before
        // state, and the appearance events under the caption rather than beside the panels.
        // (The SVG decides again from the laid-out widths: `ComparisonComposer`.)
        let stacked = !options.expandAll && Self.sideBySideWidth(sides[0].scene, sides[1].scene, events: events?.markup) > Self.widthBudget
        var roles: [ComparisonDiagram.Role] = []
        if let caption { roles.append(.header(caption)) }
        if let events { roles.append(.events(events)) }
        var header = caption?.markup
        var beside = events?.markup
        if stacked, let table = beside {
            header = .table((header.map { [($0, background: nil)] } ?? []) + [(table, background: nil)])
            beside = nil
        }
        let afterTitle = before == after ? titles.1 + " (unchanged)" : titles.1
        for (side, title) in zip(sides, [titles.0, afterTitle]) {
            var marks: [(id: String, mark: DiffMark, word: String)] = []
            func walk(_ item: DiagramItem) {
                if let mark = item.mark, let word = item.markWord, let id = side.ids[item.node.id] {
                    marks.append((id, mark, item.isTagless ? "" : word))
                }
                (item.children + item.presentations).forEach(walk)
            }
            side.scene.roots.forEach(walk)
            roles.append(.panel(side.dot, .init(title: title, marks: marks)))
        }
        if options.includeLegend { roles.append(.legend(withoutLegend.legend())) }
        let dot = wholeComparison(
            sides[0].scene, sides[1].scene, titles: (titles.0, afterTitle), caption: header, events: beside, stacked: stacked)
        return ComparisonDiagram(dot: dot, roles: roles, mayStack: !options.expandAll)
    }

    /// These options without the legend: a transition's panels are the states without theirs, and the
    /// transition carries one legend of its own.
    private var withoutLegend: DOTBuilder {
        var options = options
        options.includeLegend = false
        return DOTBuilder(options: options)
    }

    /// The picture as one graph: both panels as clusters, the marks in the marked boxes' colours and words.
    private func wholeComparison(
        _ beforeScene: DiagramScene, _ afterScene: DiagramScene, titles: (String, String), caption: Markup?, events: Markup?,
        stacked: Bool
    ) -> String {
        var writer = DOTWriter()
        writer.open("digraph navviz")
        var graph: DOTAttributes = [:]
        if let caption {
            graph["label"] = .html(caption)
            graph.set("labelloc", "t")
            graph.set("labeljust", "l")
        }
        writeDefaults(into: &writer, graph: graph)
        // A stacked transition hangs both panels on an invisible rail. Its nodes are declared before the
        // panels, so `dot` orders them first in their ranks: the rail runs down the left edge.
        let rail = ["rail_before", "rail_after"]
        if stacked {
            for anchor in rail {
                writer.node(anchor, ["shape": .constant("point"), "style": .constant("invis"), "width": .constant("0")])
            }
        }
        var emitter = SceneEmitter(options: options)
        var windows: [String] = []
        var beforeDepth = 0
        var beforeLowest = ""
        for (name, title, scene) in [("before", titles.0, beforeScene), ("after", titles.1, afterScene)] {
            writer.open("subgraph cluster_\(name)")
            writer.defaults(
                "graph",
                [
                    "color": .constant(DiagramStyle.clusterOffScreenBorder),
                    "label": .html(.font(.bold(.text(title)), size: 12)),
                    "labeljust": .constant("l"),
                    "style": .constant("rounded"),
                ])
            windows.append(emitter.writeScene(scene, into: &writer))
            if name == "before" { (beforeDepth, beforeLowest) = (emitter.lowestRank, emitter.lowestNode.id) }
            writer.close()
        }
        var top = stacked ? [windows[0]] : windows
        if let events {
            let id = "n\(emitter.next())"
            writer.node(id, ["label": .html(events), "shape": .constant("plain")])
            top.append(id)
        }
        writer.statement("{rank=same; " + top.map { $0 + "; " }.joined() + "}")
        var arrow: DOTAttributes = [
            "arrowhead": .constant("vee"), "arrowsize": .constant("1.2"),
            "color": .constant(DiagramStyle.clusterBorder), "lhead": .constant("cluster_after"),
            "ltail": .constant("cluster_before"), "penwidth": .constant("3"),
        ]
        if stacked {
            // The rail, in the windows' ranks, holds the two panels against one left edge, so the stack is as
            // wide as its wider panel, not their offset.
            for (anchor, window) in zip(rail, windows) {
                writer.statement("{rank=same; \(anchor); \(window); }")
                emitter.addEdge(anchor, window, ["style": .constant("invis")])
            }
            // The after window one rank below the before panel's lowest node: the panels read top to bottom.
            // The arrow from before to after runs down the rail, beside the panels.
            arrow["ltail"] = nil
            arrow["lhead"] = nil
            arrow.set("minlen", String(beforeDepth + 1))
            arrow.set("weight", "100")
            emitter.addEdge(rail[0], rail[1], arrow)
        } else {
            emitter.addEdge(windows[0], windows[1], arrow)
        }
        if options.includeLegend {
            // Under the lower panel (the after panel when stacked).
            let below = !stacked && beforeDepth > emitter.lowestRank ? beforeLowest : emitter.lowestNode.id
            emitter.writeLegend(into: &writer, includesChanges: true, below: below)
        }
        emitter.writeEdges(into: &writer)
        writer.close()
        return writer.text
    }

    /// The two panels: each side's state as its state diagram draws it (its DOT, scene and DOT ids), the
    /// scene marked with what the step removed (before) or added and changed (after). `called`: the controllers the
    /// step sent appearance callbacks (a step's; nil for two states of no one step).
    func panelPictures(
        before: Hierarchy, after: Hierarchy, beforeFinder: ViewFinderResult, afterFinder: ViewFinderResult,
        states: (before: StatePicture, after: StatePicture)? = nil, called: Set<NodeID>? = nil, asSnapshots: Bool = false,
        unmarked: Set<NodeID> = [], quiet: [NodeID: Set<ChangeAspect>] = [:]
    ) -> [StatePicture] {
        let (marks, words) = DiagramScene.marksAndWords(
            before: before, after: after, asSnapshots: asSnapshots, called: called, unmarked: unmarked, quiet: quiet)
        var pictures = states ?? (panelState(before, finder: beforeFinder), panelState(after, finder: afterFinder))
        // A state's picture folds what is off screen; a controller the step added folded into a summary box read as the
        // box changed, and the push was nowhere drawn (a trial): the after side is drawn again with it in full.
        let hiddenAfter = pictures.after.scene.foldedMembers { marks[$0] == .added }
        if !hiddenAfter.isEmpty { pictures.after = panelState(after, finder: afterFinder, keeping: hiddenAfter) }
        // The before side too, with what the step removed (up to a dozen; more are counted on their box, `− 20 of 24
        // removed`) and the controller it puts on screen: a pop to a controller 4 deep in a 9-deep stack showed `− 4 of 8
        // removed` on a folded box, which neither said which four nor where the controller it went back to had been (a
        // readability trial).
        var removed = pictures.before.scene.foldedMembers { marks[$0] == .removed }
        if removed.count > Self.removedShownInFull { removed = [] }
        // (The controller it puts on screen only beside such: a tab switch's was on its folded tab, named there.)
        let shown =
            removed.isEmpty ? [] : afterFinder.visible.map { visible in pictures.before.scene.foldedMembers { $0 == visible } } ?? []
        let hiddenBefore = removed.union(shown)
        if !hiddenBefore.isEmpty { pictures.before = panelState(before, finder: beforeFinder, keeping: hiddenBefore) }
        return [(pictures.before, Set([DiffMark.removed])), (pictures.after, Set([DiffMark.added, .changed]))].map { picture, kinds in
            var picture = picture
            picture.scene = picture.scene.marking(marks, kinds, words: words)
            return picture
        }
    }

    /// The most controllers a step removed that its before panel draws in full, out of the boxes a state folds them in.
    static let removedShownInFull = 12

    /// The two panels' marked scenes.
    func panels(
        before: Hierarchy, after: Hierarchy, beforeFinder: ViewFinderResult, afterFinder: ViewFinderResult
    ) -> (before: DiagramScene, after: DiagramScene) {
        let sides = panelPictures(before: before, after: after, beforeFinder: beforeFinder, afterFinder: afterFinder)
        return (sides[0].scene, sides[1].scene)
    }

    /// The estimated width of two panels side by side with the events table beside them, in points.
    static func sideBySideWidth(_ before: DiagramScene, _ after: DiagramScene, events: Markup?) -> Double {
        let panels = [before, after].map {
            $0.estimatedWidth($0.rules(clusterFontSize: 10, wrapping: true)) + 2 * ComparisonComposer.margin + 2 * ComparisonComposer.pad
        }
        let eventsWidth = events.map { $0.estimatedTableWidth(size: 10) + ComparisonComposer.gap } ?? 0
        return panels.reduce(0, +) + ComparisonComposer.arrowGap + eventsWidth + 2 * ComparisonComposer.pad + unestimatedWidth
    }

    /// What the composed picture is wider than the sum of the estimates, on the samples' transitions (the
    /// room Graphviz leaves around a drawing and a label, which the estimates leave out): about 60 pt.
    static let unestimatedWidth = 56.0

    /// Text broken at spaces into lines of at most `width` characters (longer words stay whole).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(word)
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        lines.append(line)
        return lines
    }

    /// How wide the estimate of two panels side by side may be (points) before they are stacked: the
    /// 1,200 pt budget less the most the estimate fell short of Graphviz on the samples (about 15 pt,
    /// with either font metrics), so what stays side by side fits the budget.
    static let widthBudget = 1170.0

    /// `Step 3 · push — note`, the animation, and the status (a coloured banner unless `ok`).
    func transitionCaption(_ step: TransitionInfo) -> TextBlock {
        let outcome = step.outcome
        var title = TextBlock.Row(spans: [.init(text: "Step \(step.index) · \(step.op)", bold: true)])
        // A long note is wrapped, so the caption never makes the diagram wider than its panels.
        let noteLines = step.note.map { Self.wrap("— " + $0, width: 100) } ?? []
        if let first = noteLines.first { title.spans.append(.init(text: " " + first)) }
        var rows = [title]
        rows += noteLines.dropFirst().map { TextBlock.row($0) }
        rows.append(TextBlock.row(animationText(outcome), color: DiagramStyle.subtleText))
        if let banner = DiagramStyle.banner(for: outcome.status) {
            var text = outcome.status.rawValue.uppercased()
            if let message = outcome.message { text += ": " + message }
            // Wrapped as a note is: a long name in a refusal made the caption wider than the panels.
            for line in Self.wrap(text, width: 100) {
                rows.append(TextBlock.row(line, bold: true, color: DiagramStyle.onAccentText, background: banner))
            }
        } else {
            rows.append(TextBlock.row("status: ok", color: DiagramStyle.okText))
        }
        return TextBlock(rows: rows)
    }

    /// `animation: springSlide · 0.35 s · right`, or `not animated`.
    func animationText(_ outcome: StepOutcome) -> String { Self.animationText(outcome) }

    /// `animation: springSlide · 0.35 s · right`, or `not animated`, as a transition's caption says it.
    public static func animationText(_ outcome: StepOutcome) -> String {
        guard let animation = outcome.animation else {
            return outcome.duration > 0 ? "takes \(DiagramStyle.seconds(outcome.duration))" : "not animated"
        }
        var parts = [animation.kind]
        if let duration = animation.duration { parts.append(DiagramStyle.seconds(duration)) }
        if let direction = animation.direction { parts.append(direction) }
        for name in animation.parameters.keys.sorted() {
            parts.append("\(name) \(DiagramStyle.number(animation.parameters[name]!))")
        }
        // A swipe let go leaves the state as it was: said, where only "(unchanged)" told it (a trial).
        if outcome.isCancelled { parts.append("cancelled: let go, the state is as before") }
        return "animation: " + parts.joined(separator: " · ")
    }

    /// How many appearance events a transition lists; the rest are counted (run.json has them all). A step that
    /// shows a container of 34 children sent 72, and their list stood 2,500 pt tall beside the diagram.
    static let eventsShown = 30

    /// The appearance events in order (the first `eventsShown`), then hooks and warnings.
    func eventsTable(_ outcome: StepOutcome) -> TextBlock {
        var rows = [TextBlock.row("Appearance events", bold: true)]
        if outcome.events.isEmpty { rows.append(TextBlock.row("none", color: DiagramStyle.subtleText)) }
        // A name as long as a box shows it (a trial's 254-character name made the list, and the diagram, 1,100 pt wide).
        for (index, event) in outcome.events.prefix(Self.eventsShown).enumerated() {
            let animated = event.isAnimated ? " (animated)" : ""
            rows.append(
                TextBlock.row("\(index + 1). \(DiagramStyle.capped(event.controller.rawValue)).\(event.callback.rawValue)\(animated)"))
        }
        if outcome.events.count > Self.eventsShown {
            let more = outcome.events.count - Self.eventsShown
            rows.append(TextBlock.row("… and \(more) more (every event is in run.json)", color: DiagramStyle.subtleText))
        }
        for hook in outcome.hooks {
            rows.append(TextBlock.row("hook: " + hook.description, color: DiagramStyle.subtleText))
        }
        // Wrapped: a warning is a sentence or two, and one line of it stood wider than both panels.
        for warning in outcome.warnings {
            for (number, line) in Self.wrap(warning, width: 72).enumerated() {
                rows.append(TextBlock.row((number == 0 ? "⚠ " : "   ") + line, color: DiagramStyle.softFailureBanner))
            }
        }
        return TextBlock(rows: rows, border: true)
    }
}
