import Foundation
import NavVizCore
import NavVizRender
import NavVizScenario

/// The outputs of `navviz diff`: summary lines, a Markdown comment for a pull request, JSON, and
/// one diff diagram (DOT) per step that differs. Pure: the CLI writes the files and renders the SVG.
public struct RunDiffReport: Sendable {
    /// The comparison.
    public var diff: RunDiff
    /// Where the diagrams go, as the user wrote it (`-o`); nil when none are written.
    public var diagramFolder: String?

    /// A report; with `diagramFolder`, the Markdown and JSON link each entry's diagram there.
    public init(_ diff: RunDiff, diagramFolder: String? = nil) {
        self.diff = diff
        self.diagramFolder = diagramFolder.map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 }
    }

    /// `002-push`, or `old-003-pop` for a removed step: the file stem of an entry's diagram.
    public func stem(_ entry: RunDiff.Entry) -> String {
        let stem = ScenarioRenderer.stem(index: entry.index, op: entry.op, count: max(diff.old.steps.count, diff.new.steps.count))
        return entry.kind == .removed ? "old-" + stem : stem
    }

    /// A path as a Markdown link's destination: percent-encoded but for `/` and what a URL's path keeps as it is (a space
    /// or a parenthesis in `-o "my diffs (pr)"` ended the link early, a code-review trial).
    static func linkDestination(_ path: String) -> String {
        var allowed = CharacterSet(charactersIn: "/-._~")
        allowed.formUnion(CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"))
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    /// The path of an entry's SVG as the reports link it (under `diagramFolder`).
    public func diagramPath(_ entry: RunDiff.Entry) -> String? {
        diagramFolder.map { "\($0)/\(stem(entry)).svg" }
    }

    /// One diff diagram per entry: old (or before) on the left, new (or after) on the right, what the
    /// old side had that is gone marked red, what the new side added green and changed yellow; the
    /// summary as caption.
    public func diagrams(options: DiagramOptions = .focused) -> [(stem: String, dot: String, picture: ComparisonDiagram)] {
        let builder = DOTBuilder(options: options)
        return diff.entries.map { entry in
            let title: String
            switch entry.kind {
            case .changed:
                title =
                    entry.oldIndex == entry.newIndex
                    ? "Step \(entry.index) · \(entry.op) · changed"
                    : "Step \(entry.index) (old \(entry.oldIndex ?? 0)) · \(entry.op) · changed"
            case .inserted: title = "Step \(entry.index) · \(entry.op) · inserted"
            case .removed: title = "Old step \(entry.index) · \(entry.op) · removed"
            }
            let picture = builder.diffDiagram(
                old: entry.from.hierarchy, new: entry.to.hierarchy, oldFinder: entry.from.finder,
                newFinder: entry.to.finder, caption: title,
                details: entry.changes.isEmpty ? ["no change"] : entry.listed,
                titles: (entry.from.title, entry.to.title), unmarked: entry.unmarked, quiet: entry.quiet)
            return (stem(entry), picture.dot, picture)
        }
    }

    /// The summary lines, one per entry, each ending with a newline.
    public func text() -> String {
        // One line a step, whatever a name holds (a title's newline split one in two, a code-review trial).
        diff.entries.map { Terminal.inline($0.summary) + "\n" }.joined()
    }

    /// GitHub's limit on a comment's length, in characters.
    public static let commentLimit = 65_536

    /// A pull-request comment: a summary line, a table of the steps that differ, then for each of the
    /// first `diagramLimit` a Mermaid diagram of its after state with the changes marked, folded in a
    /// `<details>` block. Diagrams are left out (and a line says so) rather than exceed `limit` characters.
    public func markdown(diagramLimit: Int = 10, limit: Int = commentLimit) -> String {
        let (table, cut) = markdownTable(limit: limit)
        // A table cut short leaves no room for diagrams.
        guard !diff.isIdentical, diagramLimit > 0, !cut else { return table }
        let shown = Array(diff.entries.prefix(diagramLimit))
        var blocks = shown.map(mermaidBlock)
        func note(_ omitted: Int, _ reason: String) -> String {
            "\n\(omitted) more \(omitted == 1 ? "diagram" : "diagrams") not shown (\(reason)): "
                + "run `navviz diff -o DIR` for every diagram as SVG.\n"
        }
        func comment() -> String {
            let omittedByCap = diff.entries.count - shown.count
            let omittedBySize = shown.count - blocks.count
            var out = table + "\n" + (blocks.isEmpty ? "" : Self.mermaidKey) + blocks.joined()
            if omittedBySize > 0 {
                out += note(omittedBySize + omittedByCap, "the comment would pass GitHub's \(limit)-character limit")
            } else if omittedByCap > 0 {
                out += note(omittedByCap, "at most \(diagramLimit) in a comment")
            }
            return out
        }
        var text = comment()
        while text.count > limit, !blocks.isEmpty {
            blocks.removeLast()
            text = comment()
        }
        return text
    }

    /// What the diagrams' colours mean, above them (a trial: a first-time reviewer had to guess; docs/reviewing.md said it).
    static let mermaidKey =
        "Key: green `+ added`, red dashed `− removed` (where it was), yellow `~ changed`; blue fill the visible controller (a "
        + "blue border when it is marked too), light blue on screen, grey off screen; an arrow labelled with a style is a presentation.\n\n"

    /// One entry's diagram: its title, then the Mermaid flowchart, folded.
    func mermaidBlock(_ entry: RunDiff.Entry) -> String {
        let mermaid = MermaidBuilder(options: .focused).transition(
            before: entry.from.hierarchy, after: entry.to.hierarchy, afterFinder: entry.to.finder, unmarked: entry.unmarked,
            quiet: entry.quiet)
        // An inserted or removed step's diagram is what it did in its own run, marked as such (a code-review trial read a
        // removed push's `+ added` as the pull request adding it).
        let side =
            switch entry.kind {
            case .removed: ": what it did in the old run"
            case .inserted: ": what it does in the new run"
            case .changed: ""
            }
        let title = DocsWriter.html(escaping: "\(entryStep(entry)) · \(entry.kind.rawValue) \(entry.op)\(side)")
        // Past Mermaid's characters, or its 500 arrows however short the text (a review), Mermaid would draw its error instead.
        let limit =
            mermaid.utf16.count > MermaidBuilder.maxTextSize
            ? "\(MermaidBuilder.maxTextSize)-character"
            : MermaidBuilder.edgeCount(mermaid) > MermaidBuilder.maxEdges ? "\(MermaidBuilder.maxEdges)-arrow" : nil
        if let limit {
            return "<details><summary>\(title)</summary>\n\nThe diagram passes Mermaid's \(limit) limit: run `navviz diff -o DIR` "
                + "for it as SVG.\n\n</details>\n\n"
        }
        return "<details><summary>\(title)</summary>\n\n```mermaid\n\(mermaid)```\n\n</details>\n\n"
    }

    /// `Step 3`, `Step 3 (old 2)`, `Old step 4`.
    func entryStep(_ entry: RunDiff.Entry) -> String {
        switch entry.kind {
        case .changed:
            entry.oldIndex == entry.newIndex ? "Step \(entry.index)" : "Step \(entry.index) (old \(entry.oldIndex ?? 0))"
        case .inserted: "Step \(entry.index)"
        case .removed: "Old step \(entry.index)"
        }
    }

    /// The heading, the files and the table of the steps that differ, its rows cut short (and a line saying so) where the
    /// comment would pass `limit` characters: a flow of 1,500 changed steps made a table of 187,000 (a trial), which
    /// GitHub refuses.
    func markdownTable(limit: Int = commentLimit) -> (text: String, cut: Bool) {
        let names = "\(DocsWriter.codeSpan(diff.old.file)) → \(DocsWriter.codeSpan(diff.new.file))"
        let notes = diff.notes.map { "Note: " + DocsWriter.markdown(escaping: $0) + ".\n\n" }.joined()
        guard !diff.isIdentical else {
            return (
                "### Navigation diff: no changes\n\n\(names): \(stepCount(diff.comparedSteps(new: true))), identical.\n"
                    + (notes.isEmpty ? "" : "\n" + notes), false
            )
        }
        var out = "### Navigation diff: \(diff.counts)\n\n\(names)\n\n" + notes
        let links = diagramFolder != nil
        out += "| Step | Change | What changed |" + (links ? " Diagram |" : "") + "\n"
        out += "| --- | --- | --- |" + (links ? " --- |" : "") + "\n"
        // Room kept for the line that says how many rows were left out.
        var length = out.count
        let room = limit - 400
        for (offset, entry) in diff.entries.enumerated() {
            let step: String
            switch entry.kind {
            case .changed:
                step = entry.oldIndex == entry.newIndex ? "\(entry.index)" : "\(entry.index) (old \(entry.oldIndex ?? 0))"
            case .inserted: step = "\(entry.index)"
            case .removed: step = "old \(entry.index)"
            }
            let change = "\(entry.kind.rawValue) " + DocsWriter.markdown(escaping: entry.op)
            let what = entry.changes.isEmpty ? "no change" : entry.listed.map(DocsWriter.markdown(escaping:)).joined(separator: "<br>")
            var row = "| \(step) | \(change) | \(what) |"
            if let path = diagramPath(entry) { row += " [\(stem(entry)).svg](\(Self.linkDestination(path))) |" }
            row += "\n"
            length += row.count
            guard length <= room else {
                let left = diff.entries.count - offset
                out +=
                    "\n\(left) more \(left == 1 ? "step differs" : "steps differ"), not listed, and no diagram is shown: the comment would "
                    + "pass GitHub's \(limit)-character limit. Run `navviz diff` for every step's line, `navviz diff -o DIR` for every "
                    + "diagram as SVG.\n"
                return (out, true)
            }
            out += row
        }
        return (out, false)
    }

    /// A machine-readable summary (pretty JSON, keys in a fixed order).
    public func json() -> String {
        func run(_ run: DiffRun) -> JSONValue {
            .object([
                ("file", .string(run.file)), ("name", .string(run.name)), ("source", .string(run.source.rawValue)),
                ("steps", .number(Double(max(0, run.steps.count - 1)))),
            ])
        }
        func optional(_ value: Int?) -> JSONValue { value.map { .number(Double($0)) } ?? .null }
        func optional(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
        let entries: [JSONValue] = diff.entries.map { entry in
            var members: [(String, JSONValue)] = [
                ("kind", .string(entry.kind.rawValue)),
                ("oldStep", optional(entry.oldIndex)), ("newStep", optional(entry.newIndex)),
                ("oldOp", optional(entry.oldOp)), ("newOp", optional(entry.newOp)),
                ("summary", .string(entry.summary)),
                ("changes", .array(entry.changes.map { .string($0) })),
            ]
            // Every difference stays in `changes`; those the text counts as shown at an earlier step are named.
            if !entry.shownEarlier.isEmpty { members.append(("shownEarlier", .array(entry.shownEarlier.map { .string($0) }))) }
            // Always there, null without diagrams (-o): scripts read one shape (a trial).
            members.append(("diagram", diagramPath(entry).map { .string($0) } ?? .null))
            return .object(members)
        }
        var counts: [(String, JSONValue)] = []
        for kind in [RunDiff.Kind.changed, .inserted, .removed] {
            counts.append((kind.rawValue, .number(Double(diff.entries.filter { $0.kind == kind }.count))))
        }
        counts.append(("carried", .number(Double(diff.carried))))
        return JSONWriter.pretty(
            .object([
                ("navviz", .number(1)), ("old", run(diff.old)), ("new", run(diff.new)),
                ("identical", .bool(diff.isIdentical)), ("counts", .object(counts)), ("changes", .array(entries)),
                ("notes", .array(diff.notes.map { .string($0) })),
            ]))
    }

    func stepCount(_ n: Int) -> String {
        "\(n) step\(n == 1 ? "" : "s")"
    }
}
