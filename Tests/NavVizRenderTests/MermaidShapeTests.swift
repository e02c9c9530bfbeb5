import Foundation
import NavVizCore
import NavVizFormat
import NavVizScenario
import Testing

@testable import NavVizRender

/// The shapes of Mermaid text that Mermaid lays out badly or fails on are never written, over every diagram of every
/// sample (focused and expanded), every real capture, and the shapes that found them. Measured in Chromium with
/// Mermaid 8.10.1 and 11.16.0: an edge crossing a subgraph's border made Mermaid 11 (GitHub's) lay the subgraph out
/// inline and push boxes out of it and siblings out of order (91 of 514 real diagrams); the other shapes made Mermaid
/// 8.10 or 11.16 fail. `make e2e` draws the samples' and captures' diagrams with both versions and checks the result.
@Suite struct MermaidShapeTests {
    /// A Mermaid diagram as navviz writes it: each id's parent subgraph (nil at the top), each subgraph's children as
    /// declared, and the edges.
    struct Shape {
        var parent: [String: String?] = [:]
        var children: [String: [String]] = [:]
        var subgraphs: Set<String> = []
        var emptySubgraphs: [String] = []
        var depth: [String: Int] = [:]
        var edges: [(from: String, to: String, ordering: Bool)] = []

        init(_ text: String) {
            var open: [String] = []
            for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if let match = line.firstMatch(of: #/^subgraph (n\d+) /#) {
                    declare(String(match.1), in: open.last)
                    subgraphs.insert(String(match.1))
                    open.append(String(match.1))
                } else if line == "end" {
                    let closed = open.removeLast()
                    if children[closed, default: []].isEmpty { emptySubgraphs.append(closed) }
                } else if let match = line.firstMatch(of: #/^(n\d+) (?:---|==>|-->|-\.->|== .* ==>|-\. .* \.->) (n\d+)$/#) {
                    edges.append((String(match.1), String(match.2), line.contains(" --- ")))
                } else if let match = line.firstMatch(of: #/^(n\d+)[\[(]/#) {
                    declare(String(match.1), in: open.last)
                }
            }
        }

        mutating func declare(_ id: String, in parent: String?) {
            self.parent[id] = .some(parent)
            depth[id] = (parent.flatMap { depth[$0] } ?? 0) + 1
            if let parent { children[parent, default: []].append(id) }
        }

        /// A subgraph's children in drawing order (ids count up in it).
        func ordered(_ id: String) -> [String] {
            children[id, default: []].sorted { Int($0.dropFirst())! < Int($1.dropFirst())! }
        }

        /// What Mermaid cannot lay out or fails on, in words (empty when none).
        var problems: [String] {
            var found: [String] = []
            for edge in edges where parent[edge.from] != parent[edge.to] {
                found.append("\(edge.from) → \(edge.to) crosses a subgraph's border")
            }
            found += emptySubgraphs.map { "\($0) is an empty subgraph" }
            for (id, kids) in children where depth[id, default: 0] >= 3 {
                guard let first = kids.first, !subgraphs.contains(first), kids.contains(where: subgraphs.contains) else { continue }
                found.append("\(id) (\(depth[id]!) deep) declares the box \(first) before a subgraph")
            }
            for id in subgraphs {
                let kids = ordered(id)
                // Top-level subgraphs are laid out across, the ones in them down (Mermaid 11): there up to a row of
                // boxes is not linked (a link would put each under the one before); more are linked one to the next in a
                // column; at the top, in rows. Among subgraphs a level down, lines from top to bottom: each subgraph,
                // and the boxes between them in rows of four (before the first subgraph the short row first), a box
                // linked to the one under it, a subgraph to every box of the row beside it.
                let deep = depth[id, default: 0] >= 2
                var expected: [String]
                if deep, kids.contains(where: subgraphs.contains) {
                    var groups: [[String]] = []
                    for kid in kids {
                        if subgraphs.contains(kid) || groups.last.map({ subgraphs.contains($0[0]) }) ?? true {
                            groups.append([kid])
                        } else {
                            groups[groups.count - 1].append(kid)
                        }
                    }
                    var lines: [[String]] = []
                    for (offset, group) in groups.enumerated() {
                        if subgraphs.contains(group[0]) {
                            lines.append(group)
                        } else if offset == 0 {
                            let ends: [Int] = Array(stride(from: group.count, to: 0, by: -4).reversed())
                            lines += ends.map { (end: Int) -> [String] in Array(group[max(0, end - 4)..<end]) }
                        } else {
                            let starts: [Int] = Array(stride(from: 0, to: group.count, by: 4))
                            lines += starts.map { (start: Int) -> [String] in Array(group[start..<min(start + 4, group.count)]) }
                        }
                    }
                    expected = []
                    for (upper, lower) in zip(lines, lines.dropFirst()) {
                        if upper.count == 1 || lower.count == 1 {
                            for a in upper { for b in lower { expected.append("\(a) --- \(b)") } }
                        } else {
                            for (a, b) in zip(upper, lower) { expected.append("\(a) --- \(b)") }
                        }
                    }
                } else if deep {
                    // Up to six unlinked; more in rows of four, each box over the one at its place below, or the last.
                    expected = []
                    if kids.count > MermaidBuilder.rowLength {
                        for index in kids.indices where index + 4 < kids.count || index / 4 < (kids.count - 1) / 4 {
                            let below = min(index + 4, kids.count - 1)
                            expected.append("\(kids[index]) --- \(kids[below])")
                        }
                    }
                } else {
                    expected = stride(from: 0, to: kids.count, by: MermaidBuilder.rowLength).flatMap { row in
                        let ids = kids[row..<min(row + MermaidBuilder.rowLength, kids.count)]
                        return zip(ids, ids.dropFirst()).map { "\($0) --- \($1)" }
                    }
                }
                let links = edges.filter { $0.ordering && parent[$0.from] == .some(id) }.map { "\($0.from) --- \($0.to)" }
                if links != expected { found.append("\(id) links \(links), not \(expected)") }
            }
            return found.sorted()
        }
    }

    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Every state and transition of a run, as Mermaid text, named.
    static func diagrams(_ run: Run, name: String, options: DiagramOptions) -> [(String, String)] {
        let builder = MermaidBuilder(options: options)
        var found = run.steps.map { ("\(name) state \($0.index)", builder.state($0.hierarchy, finder: $0.finder)) }
        for (before, after) in zip(run.steps, run.steps.dropFirst()) {
            found.append(
                (
                    "\(name) transition \(after.index)",
                    builder.transition(before: before.hierarchy, after: after.hierarchy, afterFinder: after.finder)
                ))
        }
        return found
    }

    static func run(_ text: String, file: String) throws -> Run {
        ScenarioRunner.run(try ScenarioDecoder.decode(text, file: file))
    }

    static func capturesRun() throws -> Run {
        let folder = root.appendingPathComponent("Tests/Fixtures/captures")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.first!.isNumber && $0.hasSuffix(".txt") }
            .sorted()
        let captures =
            try files.map { file in
                (
                    file: file,
                    capture: try Capture.load(
                        text: try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8), file: file)
                )
            } + [
                (file: "nested.txt", capture: try Capture.load(text: try shape("nested-embedding"), file: "nested.txt")),
                (file: "stack7.txt", capture: try Capture.load(text: try shape("stack7"), file: "stack7.txt")),
                (file: "dashboard8.txt", capture: try Capture.load(text: try shape("dashboard8"), file: "dashboard8.txt")),
                (file: "tabs9-first.txt", capture: try Capture.load(text: try shape("tabs9-first"), file: "tabs9-first.txt")),
                (file: "tabs9-middle.txt", capture: try Capture.load(text: try shape("tabs9-middle"), file: "tabs9-middle.txt")),
            ]
        return try run(JSONWriter.pretty(Capture.scenarioJSON(captures, name: "captures")), file: "captures.json")
    }

    /// Shapes Mermaid 8.10 failed on ("Cannot set properties of undefined (setting 'rank')"), as captures
    /// (Tests/Fixtures/mermaid, which `make e2e` draws too): a stack's top embedding two children, in a tab bar, in a
    /// custom root beside a banner; a stack of seven, three deep, whose top embeds a navigation controller (its top
    /// alone in the second row, the link inside it: a review's). And one Mermaid 11 drew out of order: eight boxes a
    /// level down, linked row to row (`dashboard8`).
    static func shape(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("Tests/Fixtures/mermaid/\(name).txt"), encoding: .utf8)
    }

    /// A presentation over a tab's navigation controller that defines the presentation context.
    static let context = #"""
        {"navviz": 1, "name": "ctx",
         "root": {"tabs": [{"navigation": ["Home", "Detail"], "id": "shopNav", "title": "Shop --- Deals", "definesPresentationContext": true},
                           {"navigation": ["Cart"], "id": "cartNav"}, "More"], "selected": 0, "id": "tabs"},
         "steps": [{"op": "present", "node": "Share", "style": "overCurrentContext"}, {"op": "dismiss"},
                   {"op": "present", "node": {"navigation": ["Share"], "id": "shareNav"}, "style": "currentContext"},
                   {"op": "present", "node": {"activities": {}, "id": "empty"}, "style": "fullScreen"}]}
        """#

    @Test(arguments: [false, true])
    func noDiagramHasAShapeMermaidLaysOutBadlyOrFailsOn(expandAll: Bool) throws {
        let options = DiagramOptions(expandAll: expandAll)
        var diagrams: [(String, String)] = []
        let samples = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Samples").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        for sample in samples {
            let text = try String(contentsOf: Self.root.appendingPathComponent("Samples/\(sample)"), encoding: .utf8)
            diagrams += Self.diagrams(try Self.run(text, file: sample), name: sample, options: options)
        }
        diagrams += Self.diagrams(try Self.capturesRun(), name: "captures", options: options)
        diagrams += Self.diagrams(try Self.run(Self.context, file: "ctx.json"), name: "ctx", options: options)
        #expect(diagrams.count > 300)
        for (name, text) in diagrams {
            let problems = Shape(text).problems
            #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "; "))\n\(text)")
        }
    }

    /// Each shape, found by its diagram: today's text has none of them, and the checker finds each one in the text
    /// navviz wrote before (so the sweep above can fail).
    @Test(arguments: [
        (
            "an ordering link to a first box inside",
            "flowchart TB\n    subgraph n2 [\"t\"]\n        subgraph n3 [\"a\"]\n            n4(\"x\")\n        end\n        n5(\"b\")\n    end\n    n4 --- n5\n",
            ["n2 links [], not [\"n3 --- n5\"]", "n3 links [\"n4 --- n5\"], not []", "n4 → n5 crosses a subgraph's border"]
        ),
        // Linked, they make a column there, where Mermaid lays the subgraph out top to bottom (tabs two levels down were a
        // column 1,978 px tall in a Mermaid check of real captures).
        (
            "boxes linked in a row a level down",
            "flowchart TB\n    subgraph n1 [\"a\"]\n        subgraph n2 [\"b\"]\n            n3(\"x\")\n            n4(\"y\")\n        end\n    end\n    n3 --- n4\n",
            ["n2 links [\"n3 --- n4\"], not []"]
        ),
        (
            "an empty subgraph",
            "flowchart TB\n    n1[\"w\"]\n    subgraph n2 [\"t\"]\n    end\n    n1 ==> n2\n",
            ["n2 is an empty subgraph"]
        ),
        (
            "a box declared before a linked subgraph three deep",
            "flowchart TB\n    subgraph n1 [\"a\"]\n        subgraph n2 [\"b\"]\n            subgraph n3 [\"c\"]\n                n4(\"x\")\n"
                + "                subgraph n5 [\"d\"]\n                    n6(\"y\")\n                end\n            end\n        end\n    end\n    n4 --- n5\n",
            ["n3 (3 deep) declares the box n4 before a subgraph"]
        ),
        (
            "a presentation from inside a subgraph",
            "flowchart TB\n    subgraph n2 [\"t\"]\n        n3(\"a\")\n    end\n    n4(\"b\")\n    n3 -. \"pageSheet\" .-> n4\n",
            ["n3 → n4 crosses a subgraph's border"]
        ),
    ])
    func theCheckerFindsEachShape(_ what: String, _ text: String, _ problems: [String]) {
        #expect(Shape(text).problems == problems, "\(what)")
    }

    /// A currentContext presentation from a tab's navigation controller is drawn from the tab bar and names its presenter
    /// (by its title).
    @Test func aPresentationFromInsideAContainerStartsAtItsTopLevelAncestorAndNamesItsPresenter() throws {
        let run = try Self.run(Self.context, file: "ctx.json")
        let text = MermaidBuilder(options: .focused).state(run.steps[1].hierarchy, finder: run.steps[1].finder)
        #expect(text.contains(#"subgraph n2 ["UITabBarController · tabs"]"#))
        #expect(text.contains(#"    n2 == "overCurrentContext · from Shop --- Deals" ==> n8"#), "\(text)")
        // The one ordering link is hidden, not the presentation whose label holds ` --- ` (a review hid it so).
        let edges = text.split(separator: "\n").filter { $0.wholeMatch(of: #/ *n\d+ .* n\d+/#) != nil }
        let hidden = edges.indices.filter { edges[$0].wholeMatch(of: #/ *n\d+ --- n\d+/#) != nil }
        // The tab bar's three tabs (across); the navigation controller's two boxes, a level down, are not linked.
        #expect(hidden == [1, 2])
        #expect(text.contains("    linkStyle \(hidden.map(String.init).joined(separator: ",")) stroke-width:0px,fill:none\n"), "\(text)")
        #expect(!hidden.contains { edges[$0].contains("overCurrentContext") })
    }

    /// The stack's top (a subgraph three deep) is declared before the root box, and still linked after it.
    @Test func aLinkedSubgraphThreeDeepIsDeclaredBeforeABox() throws {
        let h = try Capture.load(text: try Self.shape("nested-embedding"), file: "nested.txt")
        let run = try Self.run(JSONWriter.pretty(Capture.scenarioJSON([(file: "nested.txt", capture: h)], name: "n")), file: "n.json")
        let text = MermaidBuilder(options: .focused).state(run.steps[0].hierarchy, finder: run.steps[0].finder)
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let top = try #require(lines.firstIndex { $0.hasPrefix("subgraph n6 ") })
        let root = try #require(lines.firstIndex { $0.hasPrefix("n5(") })
        #expect(top < root && lines.contains("n5 --- n6"), "\(text)")
    }

    /// An empty container is a box with its container's class; visible, it has the visible border, marked too.
    @Test func anEmptyContainerIsABox() throws {
        let run = try Self.run(Self.context, file: "ctx.json")
        let text = MermaidBuilder(options: .focused).state(run.steps[4].hierarchy, finder: run.steps[4].finder)
        /// The id of the empty container's box (nodes are numbered in drawing order).
        func box(in text: String) throws -> String {
            let line = try #require(
                text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first {
                    $0.contains(#"["ActivityViewController · empty"#)
                }, "\(text)")
            #expect(!line.hasPrefix("subgraph"), "\(text)")
            return String(line.prefix { $0 != "[" })
        }
        #expect(!text.contains("subgraph \(try box(in: text)) "))
        let transition = MermaidBuilder(options: .focused).transition(
            before: run.steps[3].hierarchy, after: run.steps[4].hierarchy, afterFinder: run.steps[4].finder)
        let id = try box(in: transition)
        // Visible: its thick blue border, and its mark a border of its own (a container is not filled with its mark's colour).
        #expect(
            transition.contains("class \(id) containerOnPath\n    class \(id) visibleBorder\n    class \(id) addedMark\n"),
            "\(transition)")
    }
}
