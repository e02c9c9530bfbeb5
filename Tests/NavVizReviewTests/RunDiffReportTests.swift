import NavVizCore
import NavVizRender
import NavVizScenario
import Testing

@testable import NavVizReview

/// The outputs of `navviz diff`: summary lines, Markdown, JSON and diagrams.
@Suite struct RunDiffReportTests {
    static func run(_ steps: [String], file: String) throws -> DiffRun {
        let text =
            #"{"navviz": 1, "name": "Shop", "root": {"tabs": [{"navigation": ["Home"], "id": "shopNav"}, {"navigation": ["Cart"], "id": "cartNav"}], "id": "shopTabs"}, "steps": ["#
            + steps.joined(separator: ", ") + "]}"
        return try DiffRun.load(text: text, file: file)
    }

    static func diff() throws -> RunDiff {
        let old = try run([#"{"push": "Product"}"#, #"{"push": "Specs"}"#, #"{"popToRoot": true}"#, #"{"pop": true}"#], file: "old.json")
        let new = try run([#"{"push": "Product"}"#, #"{"push": "Reviews"}"#, #"{"popToRoot": true}"#, #"{"select": 1}"#], file: "new.json")
        return RunDiff(old: old, new: new)
    }

    @Test func textIsOneLinePerChangedStep() throws {
        #expect(
            RunDiffReport(try Self.diff()).text() == """
                step 2: ~ Specs replaced by Reviews in shopNav; visible Specs → Reviews
                step 4: op pop → select; shopTabs selected tab 0 → 1; visible Home → Cart; status noop → ok

                """)
    }

    /// A name with a newline keeps its step on one line (a title's split one in two, a code-review trial).
    @Test func textKeepsAStepOnOneLine() throws {
        let old = try Self.run([#"{"push": {"screen": "Product", "title": "Line one"}}"#], file: "old.json")
        let new = try Self.run([#"{"push": {"screen": "Product", "title": "Line one\nLine two"}}"#], file: "new.json")
        let text = RunDiffReport(RunDiff(old: old, new: new)).text()
        #expect(text.split(separator: "\n").count == 1)
        #expect(text.contains(#"Line one\u{A}Line two"#))
    }

    @Test func markdownIsATableWithLinksToTheDiagrams() throws {
        #expect(
            RunDiffReport(try Self.diff(), diagramFolder: "diff-out/").markdown(diagramLimit: 0) == """
                ### Navigation diff: 2 changed (1 later step differs only by what came before)

                `old.json` → `new.json`

                | Step | Change | What changed | Diagram |
                | --- | --- | --- | --- |
                | 2 | changed push | ~ Specs replaced by Reviews in shopNav<br>visible Specs → Reviews | [002-push.svg](diff-out/002-push.svg) |
                | 4 | changed select | op pop → select<br>shopTabs selected tab 0 → 1<br>visible Home → Cart<br>status noop → ok | [004-select.svg](diff-out/004-select.svg) |

                """)
    }

    /// An inserted or removed step's diagram is what it did in its own run, and its title says which (a code-review trial
    /// read a removed push's `+ added` as the pull request adding it).
    @Test func aRemovedOrInsertedStepsDiagramSaysWhoseRunItShows() throws {
        let old = try Self.run([#"{"push": "Product"}"#, #"{"push": "Specs"}"#], file: "old.json")
        let new = try Self.run([#"{"push": "Product"}"#], file: "new.json")
        let removed = RunDiffReport(RunDiff(old: old, new: new)).markdown()
        #expect(removed.contains("<details><summary>Old step 2 · removed push: what it did in the old run</summary>"), "\(removed)")
        let inserted = RunDiffReport(RunDiff(old: new, new: old)).markdown()
        #expect(inserted.contains("<details><summary>Step 2 · inserted push: what it does in the new run</summary>"))
    }

    /// A folder with spaces or parentheses is percent-encoded in the links (they ended the link early, a code-review trial).
    @Test func markdownLinksEncodeTheFolder() throws {
        let comment = RunDiffReport(try Self.diff(), diagramFolder: "../my diffs (pr)").markdown(diagramLimit: 0)
        #expect(comment.contains(" [002-push.svg](../my%20diffs%20%28pr%29/002-push.svg) |"))
    }

    @Test func markdownShowsEachChangedStepAsAFoldedMermaidDiagram() throws {
        let report = RunDiffReport(try Self.diff())
        let comment = report.markdown()
        #expect(
            comment.hasPrefix(
                report.markdown(diagramLimit: 0) + "\n" + RunDiffReport.mermaidKey
                    + "<details><summary>Step 2 · changed push</summary>\n\n```mermaid\nflowchart TB\n"))
        #expect(RunDiffReport.mermaidKey.hasPrefix("Key: green `+ added`, red dashed `− removed` (where it was), yellow `~ changed`; "))
        #expect(comment.components(separatedBy: "```mermaid\n").count == 3)
        #expect(comment.contains("<details><summary>Step 4 · changed select</summary>"))
        #expect(comment.contains("+ added"))
        // A blank line after the block: comments appended one after another (docs/reviewing.md's loop) start their heading on
        // a line of its own, where it read as text inside the HTML block (a code-review trial).
        #expect(comment.hasSuffix("```\n\n</details>\n\n"))
        #expect((comment + comment).contains("</details>\n\n### Navigation diff"))
        // Capped: a line says how many more.
        let capped = report.markdown(diagramLimit: 1)
        #expect(capped.components(separatedBy: "```mermaid\n").count == 2)
        #expect(
            capped.hasSuffix("\n1 more diagram not shown (at most 1 in a comment): run `navviz diff -o DIR` for every diagram as SVG.\n"))
        // Within the limit: diagrams go before the comment would pass it.
        let table = report.markdown(diagramLimit: 0)
        let small = report.markdown(limit: table.count + 400)
        #expect(small.count <= table.count + 400)
        #expect(!small.contains("```mermaid"))
        #expect(
            small.hasSuffix(
                "\n2 more diagrams not shown (the comment would pass GitHub's \(table.count + 400)-character limit): "
                    + "run `navviz diff -o DIR` for every diagram as SVG.\n"))
    }

    /// A table that would pass the limit itself is cut short, and says how many steps it leaves out: a flow of 1,500
    /// changed steps made a comment of 187,000 characters that said only that diagrams were left out (a trial).
    @Test func aTableLongerThanTheLimitIsCutShort() throws {
        let report = RunDiffReport(try Self.diff())
        let table = report.markdown(diagramLimit: 0)
        let lastRow = try #require(table.split(separator: "\n").last)
        let limit = table.count - lastRow.count - 1 + 400
        let cut = report.markdown(limit: limit)
        #expect(cut.count <= limit)
        #expect(!cut.contains("```mermaid"))
        #expect(
            cut == table.dropLast(lastRow.count + 1)
                + "\n1 more step differs, not listed, and no diagram is shown: the comment would pass GitHub's \(limit)-character "
                + "limit. Run `navviz diff` for every step's line, `navviz diff -o DIR` for every diagram as SVG.\n")
    }

    @Test func markdownOfIdenticalRunsSaysSo() throws {
        let steps = [#"{"push": "Product"}"#]
        let diff = RunDiff(old: try Self.run(steps, file: "a.json"), new: try Self.run(steps, file: "b.json"))
        #expect(RunDiffReport(diff).markdown() == "### Navigation diff: no changes\n\n`a.json` → `b.json`: 1 step, identical.\n")
    }

    @Test func jsonHasTheEntriesInOrder() throws {
        let json = try JSONParser.parse(RunDiffReport(try Self.diff(), diagramFolder: "out").json())
        #expect(json.objectMembers?.map(\.0) == ["navviz", "old", "new", "identical", "counts", "changes", "notes"])
        #expect(json["identical"] == .bool(false))
        #expect(json["counts"]?["changed"] == .number(2))
        #expect(json["old"]?["source"] == .string("scenario"))
        let first = try #require(json["changes"]?.arrayValue?.first)
        #expect(first.objectMembers?.map(\.0) == ["kind", "oldStep", "newStep", "oldOp", "newOp", "summary", "changes", "diagram"])
        #expect(
            first["changes"]
                == .array([
                    .string("~ Specs replaced by Reviews in shopNav"), .string("visible Specs → Reviews"),
                ]))
        #expect(first["diagram"] == .string("out/002-push.svg"))
    }

    @Test func removedStepsGetTheirOwnDiagramNames() throws {
        let old = try Self.run([#"{"push": "Product"}"#, #"{"push": "Specs"}"#, #"{"popToRoot": true}"#], file: "old.json")
        let new = try Self.run([#"{"push": "Product"}"#, #"{"popToRoot": true}"#], file: "new.json")
        let report = RunDiffReport(RunDiff(old: old, new: new))
        #expect(report.diff.entries.map(\.summary) == ["old step 2 removed (push): + Specs pushed onto shopNav; visible Product → Specs"])
        #expect(report.diagrams().map(\.stem) == ["old-002-push"])
    }

    @Test func diagramsMarkWhatTheNewSideAdded() throws {
        let diagrams = RunDiffReport(try Self.diff()).diagrams()
        #expect(diagrams.map(\.stem) == ["002-push", "004-select"])
        let dot = diagrams[0].dot
        #expect(dot.contains("Step 2 · push · changed"))
        #expect(dot.contains("~ Specs replaced by Reviews in shopNav"))
        #expect(dot.contains("+ added"))
        #expect(dot.contains("− removed"))
        #expect(dot.contains("<B>old</B>") && dot.contains("<B>new</B>"))
    }
}

extension RunDiffReportTests {
    /// A difference said at an earlier step is drawn unmarked at the later ones, as the text counts it (a trial: a rename
    /// said once was drawn removed and added in every later diagram).
    @Test func aDifferenceShownEarlierIsDrawnUnmarked() throws {
        let diff = RunDiff(
            old: try Self.run([#"{"push": "A"}"#, #"{"push": "B"}"#], file: "old.json"),
            new: try Self.run([#"{"push": "A2"}"#, #"{"push": "B2"}"#], file: "new.json"))
        let report = RunDiffReport(diff)
        #expect(diff.entries.map(\.unmarked) == [[], ["A", "A2"]])
        let mermaid = report.mermaidBlock(diff.entries[1])
        #expect(mermaid.contains(#"("was top<br/>B<br/>UIViewController<br/>− removed")"#))
        #expect(mermaid.contains(#"("top<br/>B2<br/>UIViewController<br/>+ added")"#))
        // A is no ghost, A2 not added; the earlier step's diagram marks them.
        #expect(!mermaid.contains("<br/>A<br/>"))
        #expect(!mermaid.contains("A2<br/>UIViewController<br/>+ added"))
        #expect(report.mermaidBlock(diff.entries[0]).contains(#"("was top<br/>A<br/>UIViewController<br/>− removed")"#))
        let dot = report.diagrams(options: DiagramOptions(expandAll: true))[1].dot
        let marked = dot.split(separator: "\n").filter { $0.contains("− removed") || $0.contains("+ added") }
        #expect(marked.count == 2)
        #expect(marked.allSatisfy { $0.contains("<B>B</B>") || $0.contains("<B>B2</B>") })
    }
}

extension RunDiffReportTests {
    /// A container's tag names only what the step's line does: a tab removed at an earlier step is no `tabs 3 → 2` on a
    /// later step that switched tabs.
    @Test func aContainersTagLeavesOutWhatWasShownEarlier() throws {
        func run(_ tabs: [String], selecting tab: Int, file: String) throws -> DiffRun {
            let list = tabs.map { #"{"navigation": ["\#($0)"]}"# }.joined(separator: ", ")
            return try DiffRun.load(
                text: #"{"navviz": 1, "name": "Shop", "root": {"tabs": [\#(list)], "id": "shopTabs"}, "steps": [{"select": \#(tab)}]}"#,
                file: file)
        }
        let diff = RunDiff(
            old: try run(["Home", "Cart", "More"], selecting: 2, file: "old.json"),
            new: try run(["Home", "Cart"], selecting: 1, file: "new.json"))
        #expect(diff.entries.map(\.index) == [0, 1])
        #expect(diff.entries[1].unmarked == ["navigation#3", "More"])
        let mermaid = RunDiffReport(diff).mermaidBlock(diff.entries[1])
        #expect(mermaid.contains(#"subgraph n2 ["UITabBarController · shopTabs · ~ tab 2 → 1"]"#))
        #expect(RunDiffReport(diff).mermaidBlock(diff.entries[0]).contains("~ tabs 3 → 2"))
    }
}

extension RunDiffReportTests {
    /// A container changed by what an earlier step said alone is drawn unmarked, but one the step changed too keeps its
    /// mark (a review: the tab bar a full-screen sheet took off screen was unmarked, its removed tab said earlier).
    @Test func aContainerTheStepChangedKeepsItsMark() throws {
        func run(_ tabs: [String], style: String, file: String) throws -> DiffRun {
            let list = tabs.map { #"{"navigation": ["\#($0)"]}"# }.joined(separator: ", ")
            return try DiffRun.load(
                text:
                    #"{"navviz": 1, "name": "Shop", "root": {"tabs": [\#(list)], "id": "shopTabs"}, "steps": [{"present": "Sheet", "style": "\#(style)"}]}"#,
                file: file)
        }
        let diff = RunDiff(
            old: try run(["Home", "Cart", "More"], style: "pageSheet", file: "old.json"),
            new: try run(["Home", "Cart"], style: "fullScreen", file: "new.json"))
        #expect(diff.entries.map(\.index) == [0, 1])
        #expect(diff.entries[1].listed.first == "Sheet style pageSheet → fullScreen")
        let mermaid = RunDiffReport(diff).mermaidBlock(diff.entries[1])
        #expect(mermaid.contains(#"subgraph n2 ["UITabBarController · shopTabs · ~ off screen"]"#))
        // Without the full-screen sheet, the same tab bar is drawn unmarked at step 1.
        let same = RunDiff(
            old: try run(["Home", "Cart", "More"], style: "pageSheet", file: "old.json"),
            new: try run(["Home", "Cart"], style: "formSheet", file: "new.json"))
        #expect(RunDiffReport(same).mermaidBlock(same.entries[1]).contains(#"subgraph n2 ["UITabBarController · shopTabs"]"#))
    }
}
