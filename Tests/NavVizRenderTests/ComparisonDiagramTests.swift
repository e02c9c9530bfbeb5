import Foundation
import NavVizCore
import NavVizFormat
import NavVizScenario
import Testing

@testable import NavVizRender

/// A transition's SVG is composed from its states' own layouts: the panels are the state diagrams,
/// marked over, so a render lays out each state once for both.
@Suite struct ComparisonDiagramTests {
    static func steps(_ scenario: String) throws -> [RunStep] {
        ScenarioRunner.run(try ScenarioDecoder.decode(scenario, file: "t.json")).steps
    }

    /// A route's name is said: in the run JSON (`"route"`, read back), the caption, the transition's title and the flow
    /// (a trial of a deep-linking app read `navigate` on every link, none saying which).
    @Test func aRoutesNameIsSaidWhereverTheStepIs() throws {
        let run = ScenarioRunner.run(
            try ScenarioDecoder.decode(
                #"{"navviz": 1, "name": "t", "root": {"navigation": ["Home"], "id": "nav"}, "routes": {"dl_product": {"build": "Product", "transition": "push"}}, "steps": [{"navigate": "dl_product"}, {"pop": true}]}"#,
                file: "t.json"))
        #expect(run.steps[1].route == "dl_product")
        #expect(run.steps[2].route == nil)
        #expect(ScenarioRenderer.caption(run.steps[1]).hasPrefix("1. navigate dl_product"))
        let json = RunEncoder.text(run)
        #expect(json.contains(#""op": "navigate",\#n      "route": "dl_product",\#n      "status": "ok""#))
        #expect(try RunDecoder.decode(try JSONParser.parse(json), file: "run.json").steps[1].route == "dl_product")
        let flow = DOTBuilder().flow(ScenarioRenderer.flowGraph(run))
        #expect(flow.contains("1 · navigate dl_product"))
        var options = RenderOptions()
        options.dotOnly = true
        let files = try ScenarioRenderer(options: options).render(run)
        #expect(files.first { $0.path == "transitions/001-navigate.dot" }?.contents.contains("Step 1 · navigate dl_product") == true)
        #expect(files.first { $0.path == "README.md" }?.contents.contains("navigate dl\\_product") == true)
    }

    /// A step's warnings are in the README too (a readability trial: the More tab's was only in the diagrams).
    @Test func aWarningIsInTheReadme() throws {
        let run = ScenarioRunner.run(
            try ScenarioDecoder.decode(
                #"{"navviz": 1, "name": "t", "root": {"tabs": ["A", "B", "C", "D", "E", "F"], "id": "tabs"}, "steps": [{"select": 5}]}"#,
                file: "t.json"))
        var options = RenderOptions()
        options.dotOnly = true
        let readme = try #require(try ScenarioRenderer(options: options).render(run).first { $0.path == "README.md" }).contents
        #expect(readme.contains("- ⚠ Warning: 'tabs' has 6 tabs: on a phone UIKit shows the fifth and later inside its More navigation"))
    }

    static let popToRoot = #"""
        {"navviz": 1, "name": "t", "root": {"tabs": [{"navigation": ["Home", "Product", "Reviews", "Photos"], "id": "shopNav"}, {"navigation": ["Cart"]}], "id": "shopTabs"},
         "steps": [{"popToRoot": true}, {"push": "Specs"}]}
        """#

    static func picture(_ steps: [RunStep], _ index: Int, options: DiagramOptions = .focused) -> ComparisonDiagram {
        let (before, after) = (steps[index - 1], steps[index])
        return DOTBuilder(options: options).transitionDiagram(
            before: before.hierarchy, after: after.hierarchy, beforeFinder: before.finder, afterFinder: after.finder,
            step: TransitionInfo(index: index, op: after.op, outcome: after.outcome, note: after.note))
    }

    /// The panels' parts are the states' DOT, byte for byte: the layout a render makes for state N serves
    /// transition N's after panel and transition N+1's before panel; unless a side is drawn again with what the step
    /// removed (or added) in full, out of the fold its state draws it in.
    @Test func thePanelsAreTheStatesDiagrams() throws {
        let steps = try Self.steps(Self.popToRoot)
        let builder = DOTBuilder(options: .focused)
        let states = steps.map { builder.state($0.hierarchy, finder: $0.finder) }
        let first = Self.picture(steps, 1)
        let second = Self.picture(steps, 2)
        #expect(first.parts[1] == states[1])
        #expect(first.parts[0] != states[0] && states[0].contains("3 more below") && !first.parts[0].contains("more below"))
        #expect(second.parts == [states[1], states[2]])
    }

    /// The caption and the events are text navviz writes itself: a row per line, a run per style, the
    /// user's text escaped, the events in a ruled box, a banner's background behind its row.
    @Test func theCaptionAndTheEventsAreRowsOfText() throws {
        var steps = try Self.steps(Self.popToRoot)
        steps[1].note = "Back <home> & \u{202E}done"
        let svg = try Self.picture(steps, 1).svg(metrics: .portable)
        let caption = try #require(svg.firstMatch(of: #/<g id="caption" class="text">\n(?s)(.*?)</g>/#)).1
        #expect(
            caption.contains(
                #"<tspan font-weight="bold">Step 1 · popToRoot</tspan><tspan> — Back &lt;home&gt; &amp; done</tspan>"#))
        #expect(caption.contains(##"<tspan fill="#57606a">animation: pop · 0.35 s</tspan>"##))
        let events = try #require(svg.firstMatch(of: #/<g id="events" class="text">\n(?s)(.*?)</g>/#)).1
        #expect(events.contains(#"<tspan font-weight="bold">Appearance events</tspan>"#))
        #expect(events.contains(##"<polygon fill="none" stroke="#1f2328""##))
        // A rejected step's banner.
        let rejected = try Self.steps(
            #"{"navviz": 1, "name": "t", "root": {"tabs": [{"navigation": ["Home"]}]}, "steps": [{"select": 4}]}"#)
        let banner = try Self.picture(rejected, 1).svg(metrics: .portable)
        #expect(banner.contains(#"<polygon fill="\#(DiagramStyle.rejectedBanner)" stroke="transparent""#))
        #expect(banner.contains(##"fill="#ffffff">REJECTED: "##))
    }

    /// Text is measured with Arial's advance widths (Arial Bold's for bold); a character of a wide script counts an em.
    @Test func textBlocksAreAsWideAsTheirWidestRow() {
        let latin = TextBlock(rows: [TextBlock.row("Home"), TextBlock.row("Home", bold: true)])
        // Arial Bold: H 722, o 611, m 889, e 556 thousandths of an em, at 10 pt, and 3 pt of padding each side.
        #expect(latin.size.width == (27.78 + 6).rounded(.up))
        #expect(latin.size.height == 36)
        let wide = TextBlock(rows: [TextBlock.row("設定画面")], border: true)
        #expect(wide.size.width == 48 && wide.size.height == 20)
    }

    /// A changed box's tag says what changed (a review trial: every one said `~ changed`, and the reader compared the
    /// panels to learn what): the step's scenario, the changed ids' tags after it.
    @Test(arguments: [
        (
            #"{"tabs": [{"navigation": ["Home"], "id": "homeNav"}, {"navigation": ["Cart"], "id": "cartNav"}], "id": "tabs"}"#,
            #"{"select": 1}"#,
            ["Cart: ~ on screen", "Home: ~ off screen", "cartNav: ~ on screen", "homeNav: ~ off screen", "tabs: ~ tab 0 → 1"]
        ),
        (#"{"navigation": ["Home"], "id": "nav"}"#, #"{"push": "Product"}"#, ["Home: ~ off screen", "nav: ~ stack 1 → 2"]),
        (#"{"navigation": ["Home", "Product"], "id": "nav"}"#, #"{"setStack": ["Cart", "Pay"]}"#, ["nav: ~ stack replaced"]),
        (
            #"{"split": {"primary": {"navigation": ["List"], "id": "listNav"}, "secondary": "Detail"}, "id": "split"}"#,
            #"{"expand": true}"#, ["Detail: ~ moved", "List: ~ on screen", "listNav: ~ stack 2 → 1", "split: ~ expanded"]
        ),
        (
            #"{"activities": {"home": "Home", "feed": "Feed"}, "active": "home", "id": "act"}"#, #"{"activate": "feed"}"#,
            ["Feed: ~ on screen", "Home: ~ off screen", "act: ~ active feed"]
        ),
        (
            #"{"navigation": [{"screen": "Home", "title": "Home"}], "id": "nav"}"#,
            #"{"op": "snapshot", "hierarchy": {"id": "nav", "kind": "navigation", "children": [{"id": "Home", "kind": "controller", "screen": "Home", "title": "Start", "children": []}]}}"#,
            ["Home: ~ title"]
        ),
        // A sequence's labels count from 1, and so does its tag (it read `selected 1 → 2` under `2 of 3 → 3 of 3`).
        (
            #"{"notifications": ["A", "B", "C"], "id": "seq"}"#, #"{"flick": true, "velocity": 1000}"#,
            ["A: ~ off screen", "B: ~ on screen", "seq: ~ current 1 → 2"]
        ),
        // The same tab selected at another index is no switch: the tab bar says what its tabs did.
        (
            #"{"tabs": [{"navigation": ["A"], "id": "aNav"}, {"navigation": ["B"], "id": "bNav"}, "C"], "selected": 1, "id": "tabs"}"#,
            #"{"setTabs": [{"ref": "bNav"}, {"ref": "C"}]}"#, ["tabs: ~ tabs 3 → 2"]
        ),
        // A drawer opened: one child selected, then both shown; `children shown` says it (it read `selected 1 → unknown`).
        (
            #"{"id": "reveal", "kind": "controller", "children": [{"id": "Menu", "kind": "controller", "children": []}, {"id": "Front", "kind": "controller", "children": []}], "selected": 1}"#,
            #"{"op": "snapshot", "hierarchy": {"id": "reveal", "kind": "controller", "children": [{"id": "Menu", "kind": "controller", "children": []}, {"id": "Front", "kind": "controller", "children": []}], "shown": [0, 1]}}"#,
            ["Menu: ~ on screen", "reveal: ~ children shown"]
        ),
        // A tab bar whose selection a capture does not show (a full-screen cover over it) changed no tab (it read `tab 0 →
        // unknown`).
        (
            #"{"id": "tabs", "kind": "tab", "children": [{"id": "A", "kind": "controller", "children": []}, {"id": "B", "kind": "controller", "children": []}], "selected": 0}"#,
            #"{"op": "snapshot", "hierarchy": {"id": "tabs", "kind": "tab", "children": [{"id": "A", "kind": "controller", "children": []}, {"id": "B", "kind": "controller", "children": []}], "selected": null}}"#,
            ["A: ~ off screen"]
        ),
        // What was kept says which word: the top replaced, nothing kept.
        (#"{"navigation": ["A", "B", "C"], "id": "nav"}"#, #"{"setStack": [{"ref": "A"}, {"ref": "B"}, "D"]}"#, ["nav: ~ top replaced"]),
        (#"{"navigation": ["A", "B", "C"], "id": "nav"}"#, #"{"setStack": ["E"]}"#, ["nav: ~ stack replaced, 3 → 1"]),
    ])
    func changedTagsSayWhatChanged(root: String, step: String, tags: [String]) throws {
        let steps = try Self.steps(#"{"navviz": 1, "name": "t", "root": \#(root), "steps": [\#(step)]}"#)
        #expect(steps[1].status == .ok)
        let marks = DiagramScene.marks(before: steps[0].hierarchy, after: steps[1].hierarchy)
        let words = DiagramScene.changeWords(before: steps[0].hierarchy, after: steps[1].hierarchy, marks: marks)
        #expect(words.map { "\($0.key.rawValue): ~ \($0.value)" }.sorted() == tags)
    }

    /// Two states of which one was read from run JSON differ only in what run JSON keeps: a collapsed split's
    /// `collapsedOnto` is not, and marked an unchanged tab changed in check's `.diff.svg` (a trial).
    @Test func aDiffComparesWhatSnapshotsCarry() throws {
        let steps = try Self.steps(
            #"{"navviz": 1, "name": "t", "root": {"tabs": ["Home", {"split": {"primary": {"navigation": ["List"], "id": "listNav"}, "secondary": "Detail"}, "id": "split"}], "id": "tabs"}, "steps": []}"#
        )
        let state = steps[0].hierarchy
        #expect(state[NodeID("split")].collapsedOnto != nil)
        let read = try Snapshot.decode(Snapshot.encode(state), file: "run.json")
        let diagram = DOTBuilder(options: .focused).diffDiagram(
            old: read, new: state, oldFinder: ViewFinder().find(in: read), newFinder: steps[0].finder)
        #expect(!diagram.dot.contains("~ "), "\(diagram.dot)")
    }

    /// A tag covers no arrowhead and no words of the drawing (45 arrowheads were under tags, one edge had none left to
    /// see, and a container's tag on its top border covered a title: a readability trial).
    @Test(arguments: [
        #"{"navigation": ["A", "B", "C"], "id": "nav"}"#: #"{"setStack": ["E"]}"#,
        #"{"tabs": [{"navigation": ["Home"], "id": "homeNav"}, {"navigation": ["Cart", "Pay"], "id": "cartNav"}], "id": "tabs"}"#:
            #"{"select": 1}"#,
        #"{"activities": {"home": "Home", "feed": "Feed"}, "active": "home", "id": "act"}"#: #"{"activate": "feed"}"#,
    ])
    func tagsCoverNoArrowheadAndNoWords(root: String, step: String) throws {
        let steps = try Self.steps(#"{"navviz": 1, "name": "t", "root": \#(root), "steps": [\#(step)]}"#)
        let svg = try Self.picture(steps, 1).svg(metrics: .portable)
        let panel = String(svg[try #require(svg.range(of: #"<g id="panel_after""#)).lowerBound...])
        typealias Box = (minX: Double, minY: Double, maxX: Double, maxY: Double)
        func box(_ numbers: [Double]) -> Box {
            let (xs, ys) = (
                stride(from: 0, to: numbers.count - 1, by: 2).map { numbers[$0] },
                stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
            )
            return (xs.min()!, ys.min()!, xs.max()!, ys.max()!)
        }
        func numbers(_ text: Substring) -> [Double] { text.matches(of: /-?[0-9]+(?:\.[0-9]+)?/).compactMap { Double($0.0) } }
        let heads = panel.matches(of: #/class="edge">\n<title>[^<]*</title>\n<path[^>]*/>\n<polygon[^>]* points="([^"]+)"/#).map {
            box(numbers($0.1))
        }
        let tags = panel.matches(
            of: #/class="mark [a-z]+">\n<title>[^<]+</title>\n<path[^>]*/>\n<path fill="[^"]+" stroke="[^"]+" d="([^"]+)"/#
        )
        .map { box(numbers($0.1)) }
        // Titles and names (10 pt and up; a slot's 8 pt words under a box's own top edge may meet its tag's bottom).
        let words = panel.matches(
            of: #/<text text-anchor="(start|middle)"[^>]* x="(-?[0-9.]+)" y="(-?[0-9.]+)"[^>]*font-size="([0-9.]+)"[^>]*>([^<]+)</text>/#
        )
        .compactMap { text -> Box? in
            let (x, y, size) = (Double(text.2)!, Double(text.3)!, Double(text.4)!)
            guard size >= 10 else { return nil }
            let width = TextWidth.of(String(text.5), size: size, bold: text.0.contains("bold"))
            let left = text.1 == "middle" ? x - width / 2 : x
            return (left, y - size * 0.7, left + width, y)
        }
        #expect(!tags.isEmpty && !heads.isEmpty)
        func overlap(_ a: Box, _ b: Box) -> Bool { a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY }
        for tag in tags {
            #expect(!heads.contains { overlap(tag, $0) }, "a tag at \(tag) covers an arrowhead")
            #expect(!words.contains { overlap(tag, $0) }, "a tag at \(tag) covers a title or a name")
        }
    }

    /// What leaves the screen, or comes back, without a callback of the step's was covered or uncovered: a full-screen
    /// presentation over a page sheet sends the tab bar none (its `~ off screen` read as a missing callback, a trial).
    @Test func whatLeavesTheScreenWithoutACallbackIsCovered() throws {
        let steps = try Self.steps(
            #"{"navviz": 1, "name": "t", "root": {"tabs": [{"navigation": ["Home"], "id": "homeNav"}, "Feed"], "id": "tabs"}, "steps": [{"present": {"navigation": ["Compose"], "id": "composeNav"}, "style": "pageSheet"}, {"present": "Player", "style": "fullScreen"}]}"#
        )
        let tags = { (index: Int) in
            try Self.picture(steps, index).svg(metrics: .portable).matches(of: #/class="mark changed">\n<title>([^<]+)</title>/#).map {
                String($0.1)
            }.sorted()
        }
        // Said once down a path, by the outermost box (the tab bar; its tab and Home are ringed without words).
        let all = try Self.picture(steps, 2).svg(metrics: .portable)
        #expect(try tags(2) == ["~ covered", "~ off screen"])
        #expect(all.matches(of: #/class="mark changed">\n<path/#).count == 3)
    }

    /// A folded box whose controllers all changed alike says how (the tab left); mixed changes say `~ changed`.
    @Test func aFoldedBoxSaysTheChangeItsControllersShare() throws {
        let steps = try Self.steps(
            #"{"navviz": 1, "name": "t", "root": {"tabs": [{"navigation": ["Home", "Product", "Specs"], "id": "homeNav"}, {"navigation": ["Cart", "Pay"], "id": "cartNav"}, "Feed"], "id": "tabs"}, "steps": [{"select": 1}]}"#
        )
        let svg = try Self.picture(steps, 1).svg(metrics: .portable)
        let tags = svg.matches(of: #/class="mark changed">\n<title>([^<]+)</title>/#).map { String($0.1) }
        // The tab left, folded into one box, says it went off screen (not `1 of 3 changed`, its top only having had
        // callbacks: a readability trial); Cart, buried, did not change; Pay came on screen with cartNav, which says so.
        #expect(tags.sorted() == ["~ off screen", "~ on screen", "~ tab 0 → 1"])
        // Every tag within its own ring's width: a container's tag moved right of a child's ring ran outside its own.
        let groups = svg.matches(
            of:
                #/class="mark changed">\n<title>[^<]+</title>\n<path fill="none"[^>]* d="([^"]+)"/>\n<path fill="[^"]+" stroke="[^"]+" d="([^"]+)"/#
        )
        #expect(groups.count == 3)
        for group in groups {
            func xs(_ path: Substring) -> [Double] {
                path.split(whereSeparator: { "MLQZ ".contains($0) }).compactMap { Double($0.split(separator: ",").first ?? "") }
            }
            let (ring, tag) = (xs(group.1), xs(group.2))
            #expect(tag.min()! >= ring.min()! - 0.01 && tag.max()! <= ring.max()! + 0.01, "\(group.0)")
        }
    }

    /// What the step removed is marked on the before side, what it added and changed on the after side:
    /// each a ring and a tag in the SVG, over the state's own drawing (its ids prefixed by the side).
    @Test func marksAreDrawnOverTheStatesOwnDrawing() throws {
        let steps = try Self.steps(Self.popToRoot)
        let picture = Self.picture(steps, 1)
        let svg = try picture.svg(metrics: .portable)
        let tags = svg.matches(of: #/<g id="s[0-9a-f]{8}_mark_[a-z0-9_]+" class="mark (added|removed|changed)">\n<title>([^<]+)</title>/#)
            .map { "\($0.1): \($0.2)" }
        // Before: Product and Reviews, popped, drawn out of the fold they were in (Home, back on screen, too), and the top,
        // Photos; after: shopNav's stack, and Home, back on screen.
        #expect(
            tags == [
                "removed: − removed", "removed: − removed", "removed: − removed", "changed: ~ stack 4 → 1", "changed: ~ on screen",
            ])
        let before = try #require(svg.firstRange(of: #"<g id="panel_before""#)).lowerBound
        let after = try #require(svg.firstRange(of: #"<g id="panel_after""#)).lowerBound
        let removed = try #require(svg.firstRange(of: "class=\"mark removed\"")).lowerBound
        let changed = try #require(svg.firstRange(of: "class=\"mark changed\"")).lowerBound
        #expect(before < removed && removed < after && after < changed)
        // The state's own node groups, under a prefix from its DOT (the same in every picture it is part of), and no
        // id twice.
        let prefixes = svg.matches(of: #/<g id="(s[0-9a-f]{8}_)node1" class="node">/#).map { String($0.1) }
        #expect(prefixes.count == 2 && prefixes[0] != prefixes[1])
        #expect(prefixes[1] == "s" + ContentHash.hex(TextKey(picture.parts[1]).digest).prefix(8) + "_")
        let next = try Self.picture(steps, 2).svg(metrics: .portable)
        #expect(next.contains(#"<g id="\#(prefixes[1])node1" class="node">"#))
        let ids = svg.matches(of: #/ id="([^"]+)"/#).map { String($0.1) }
        #expect(Set(ids).count == ids.count)
        // The same parts give the same bytes.
        #expect(try picture.svg(metrics: .portable) == svg)
        // The DOT says it with the marked boxes' words.
        #expect(picture.dot.contains("− removed") && picture.dot.contains("~ stack 4 → 1"))
    }

    /// A step that changed nothing shows the same state twice: the after side's ids are prefixed again.
    @Test func aStepThatChangedNothingStillHasUniqueIDs() throws {
        let steps = try Self.steps(#"{"navviz": 1, "name": "t", "root": {"navigation": ["Home"]}, "steps": [{"op": "pop"}]}"#)
        let picture = Self.picture(steps, 1)
        #expect(picture.parts[0] == picture.parts[1])
        let svg = try picture.svg(metrics: .portable)
        let ids = svg.matches(of: #/ id="([^"]+)"/#).map { String($0.1) }
        #expect(Set(ids).count == ids.count)
        #expect(svg.contains("<title>after (unchanged)</title>"))
    }

    /// Inside a removed sheet, its controllers are not marked again.
    @Test func aRemovedTreeIsMarkedOnceAtItsTop() throws {
        let steps = try Self.steps(
            #"{"navviz": 1, "name": "t", "root": {"navigation": ["Home"]}, "steps": [{"present": {"navigation": ["SignIn", "Code"]}}, {"op": "dismiss"}]}"#
        )
        let svg = try Self.picture(steps, 2).svg(metrics: .portable)
        #expect(svg.matches(of: #/class="mark removed"/#).count == 1)
        // The ring is outside the container's border: inside, it ran through the container's title (a readability trial).
        func xs(_ path: Substring) -> [Double] {
            path.split(whereSeparator: { "MLQCZ ".contains($0) }).compactMap { Double($0.split(separator: ",").first ?? "") }
        }
        let ring = try #require(svg.firstMatch(of: #/class="mark removed">\n<title>[^<]+</title>\n<path fill="none"[^>]* d="([^"]+)"/#))
        let cluster = try #require(
            svg.firstMatch(of: #/<title>cluster_4</title>\n(?:<g[^>]*><a[^>]*>\n)?<path fill="none"[^>]* d="([^"]+)"/#))
        #expect(xs(ring.1).min()! < xs(cluster.1).min()! && xs(ring.1).max()! > xs(cluster.1).max()!)
        #expect(svg.matches(of: #/class="mark (added|changed)"/#).count == 0)
        let present = try Self.picture(steps, 1).svg(metrics: .portable)
        #expect(present.matches(of: #/class="mark added"/#).count == 1)
    }

    /// A folded tab bar that setTabs emptied survives the step: its box says how many of what it holds were removed,
    /// not that it was (a review: `− removed`, where it read `6 of 7` before the share counted the label's members).
    /// Up to a dozen removed are drawn in full on the before side, each marked (a readability trial could not tell which
    /// of a fold's controllers a step removed); more stay counted on their box (its tag, and its title).
    @Test(arguments: [(["A0", "A1"], "− removed", 6), ((0...10).map { "A\($0)" }, "− 15 of 15 removed", 2)])
    func aFoldedContainerThatSurvivesSaysHowManyOfItsContentsWereRemoved(_ stack: [String], tag: String, count: Int) throws {
        let list = stack.map { "\"\($0)\"" }.joined(separator: ", ")
        let steps = try Self.steps(
            #"{"navviz": 1, "name": "t", "root": {"tabs": [{"navigation": ["Home"], "id": "homeNav"}, {"tabs": [{"navigation": [\#(list)], "id": "an"}, {"navigation": ["B0"], "id": "bn"}, "C0"], "id": "inner"}], "id": "outer"}, "steps": [{"op": "setTabs", "target": "inner", "tabs": [{"navigation": ["B0"], "id": "bn2"}, "C9"]}]}"#
        )
        let svg = try Self.picture(steps, 1).svg(metrics: .portable)
        let tags = svg.matches(of: #/>(− [^<]*)</#).map { String($0.1) }
        #expect(tags == Array(repeating: tag, count: count))
    }

    /// A controller that a step took off the screen, or brought on, is marked changed: the marks agree with the
    /// appearance callbacks (a full-screen presentation marked only what it added, though what it covered got
    /// disappear callbacks).
    @Test func whatAFullScreenPresentationCoversIsMarkedChanged() throws {
        let steps = try Self.steps(
            #"{"navviz": 1, "name": "t", "root": {"navigation": ["Home"], "id": "nav"}, "steps": [{"present": "Player", "style": "fullScreen"}, {"present": "Sheet"}]}"#
        )
        func tags(_ step: Int) throws -> [String] {
            try Self.picture(steps, step).svg(metrics: .portable).matches(
                of: #/<g id="s[0-9a-f]{8}_mark_[a-z0-9_]+" class="mark (added|removed|changed)">/#
            ).map { String($0.1) }
        }
        // The navigation controller leaves the screen with Home, and gets its callbacks: both are marked.
        #expect(try tags(1) == ["changed", "changed", "added"])
        // A sheet covers nothing: Player stays on screen, unmarked.
        #expect(try tags(2) == ["added"])
    }

    /// A SwiftUI hosting controller reads as the view it hosts: `ModifiedContent` is plumbing, an argument's module
    /// noise (every hosting controller of an app read `UIHostingController<…>`, the view type elided).
    @Test(arguments: [
        (
            "SwiftUI.UIHostingController<SwiftUI.ModifiedContent<FitTrack.TodayDashboardView, SwiftUI._EnvironmentKeyWritingModifier<Swift.Optional<FitTrack.Theme>>>>",
            "SwiftUI.UIHostingController<TodayDashboardView>"
        ),
        ("UIHostingController<ModifiedContent<ModifiedContent<Inbox, A>, B>>", "UIHostingController<Inbox>"),
        ("UIHostingController<AnyView>", "UIHostingController<AnyView>"),
        // SwiftUI's own types name no view: `…` (it read `UIHostingController<Element>`, a readability trial).
        (
            "UIHostingController<ModifiedContent<ModifiedContent<_VariadicView_Children.Element, NavigationColumnModifier>, StyleContextWriter<SidebarStyleContext>>>",
            "UIHostingController<…>"
        ),
        ("Shop.Box<Shop.Item, Swift.Int>", "Shop.Box<Item, Int>"),
        ("Broken<Name", "Broken<Name"),
        ("Plain", "Plain"),
    ])
    func aHostingControllerReadsAsTheViewItHosts(name: String, shown: String) {
        #expect(DiagramStyle.simplifiedGenerics(name) == shown)
    }

    /// The children a container shows at once read as runs: `0–33`, not every index.
    @Test(arguments: [([0, 1], "0, 1"), ([0, 1, 2], "0–2"), ([0, 1, 2, 5, 7, 8, 9, 10], "0–2, 5, 7–10"), ([3], "3"), ([], "")])
    func indicesReadAsRuns(indices: [Int], text: String) {
        #expect(DiagramItem.ranges(indices) == text)
    }

    /// A step with more appearance events than a transition lists counts the rest (run.json has them all).
    @Test func aLongListOfEventsIsCut() throws {
        // A settings list embedding 40 rows at once, captured over the home screen.
        let rows = (0..<40).map { #"{"id": "Row\#($0)", "kind": "controller", "children": []}"# }.joined(separator: ", ")
        let shown = (0..<40).map(String.init).joined(separator: ", ")
        let list =
            #"{"id": "nav", "kind": "navigation", "children": [{"id": "List", "kind": "controller", "children": [\#(rows)], "shown": [\#(shown)]}]}"#
        let steps = try Self.steps(
            #"{"navviz": 1, "name": "t", "root": {"navigation": ["Home"], "id": "nav"}, "steps": [{"snapshot": \#(list)}]}"#)
        #expect(steps[1].outcome.events.count > DOTBuilder.eventsShown)
        let svg = try Self.picture(steps, 1).svg(metrics: .portable)
        let more = steps[1].outcome.events.count - DOTBuilder.eventsShown
        #expect(svg.contains("… and \(more) more (every event is in run.json)"))
        #expect(svg.contains("\(DOTBuilder.eventsShown). ") && !svg.contains("\(DOTBuilder.eventsShown + 1). "))
    }

    /// A presentation is not containment: dismissing a chain marks every presented controller it removes, the
    /// one on screen that slides away included, not only the lowest.
    @Test func aDismissedChainMarksEachPresentedControllerRemoved() throws {
        let steps = try Self.steps(
            #"{"navviz": 1, "name": "t", "root": {"navigation": ["Cart"], "id": "nav"}, "steps": [{"present": "Promo"}, {"present": {"navigation": ["PromoDetail"], "id": "detailNav"}}, {"dismiss": true, "target": "Cart"}]}"#
        )
        let picture = Self.picture(steps, 3)
        let svg = try picture.svg(metrics: .portable)
        #expect(svg.matches(of: #/class="mark removed"/#).count == 2)
        // The presented navigation controller is marked once, at its top; its child is inside it.
        #expect(picture.dot.matches(of: #/− removed/#).count == 2)
    }

    /// The tags of nested marked containers do not cover each other (a split and its column, both changed by a
    /// collapse, had their '~ changed' tags 8 pt apart, one over the other).
    @Test func tagsOfNestedMarkedContainersDoNotOverlap() throws {
        let steps = try Self.steps(
            #"{"navviz": 1, "name": "t", "device": "pad", "root": {"split": {"primary": {"navigation": ["Mailboxes", "Inbox"], "id": "listNav"}, "secondary": {"navigation": ["Empty"], "id": "detailNav"}}, "id": "mail"}, "steps": [{"showDetail": {"navigation": ["Message"], "id": "msgNav"}, "target": "Inbox"}, {"collapse": true}]}"#
        )
        let svg = try Self.picture(steps, 2).svg(metrics: .portable)
        // A tag is a filled rounded rectangle 12 pt high: `M x+3,y L right-3,y`.
        let tags = svg.matches(of: #/<path fill="(#[0-9a-f]+)" stroke="\1" d="M(-?[\d.]+),(-?[\d.]+)L(-?[\d.]+),/#).map {
            (minX: Double($0.2)! - 3, minY: Double($0.3)!, maxX: Double($0.4)! + 3)
        }
        #expect(tags.count >= 2)
        for (index, a) in tags.enumerated() {
            for b in tags[(index + 1)...] {
                let apart = a.maxX <= b.minX || b.maxX <= a.minX || abs(a.minY - b.minY) >= 12
                #expect(apart, "tags at \(a) and \(b) overlap")
            }
        }
    }

    /// A marked container's tag, half in its bottom margin, keeps clear of the rings of marked boxes in its last row
    /// (a live-debugging trial: SpringBoard's lock screen, fixtures 07 → 08, had '~ changed' over the corner of a
    /// changed child's ring).
    @Test func aContainersTagKeepsClearOfItsChildrensRings() throws {
        let run = try WideSiblingsTests.flow(of: [
            "07-springboard-lockscreen-disappearing.txt", "08-springboard-lockscreen-appearing.txt",
        ])
        let svg = try Self.picture(run.steps, 1).svg(metrics: .portable)
        // Each mark: a ring, then its tag, both rounded rectangles `M x+r,y L right-r,y Q … L right,bottom-r Q …`.
        let rect = #/d="M(-?[\d.]+),(-?[\d.]+)L(-?[\d.]+),-?[\d.]+Q-?[\d.]+,-?[\d.]+ -?[\d.]+,-?[\d.]+L-?[\d.]+,(-?[\d.]+)Q/#
        var rings: [(minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
        var tags: [(minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
        for mark in svg.matches(of: #/<g id="\w*mark_(\w+)" class="mark \w+">\n<title>[^<]*</title>\n<path ([^\n]*)\n<path ([^\n]*)\n/#) {
            let (ring, tag) = (try #require(mark.2.firstMatch(of: rect)), try #require(mark.3.firstMatch(of: rect)))
            if !mark.1.hasPrefix("cluster_") {
                rings.append((Double(ring.1)! - 7, Double(ring.2)!, Double(ring.3)! + 7, Double(ring.4)! + 7))
            } else {
                tags.append((Double(tag.1)! - 3, Double(tag.2)!, Double(tag.3)! + 3, Double(tag.4)! + 3))
            }
        }
        #expect(!rings.isEmpty && !tags.isEmpty)
        for tag in tags {
            for ring in rings {
                let apart = tag.maxX <= ring.minX || ring.maxX <= tag.minX || tag.maxY <= ring.minY || ring.maxY <= tag.minY
                #expect(apart, "the tag at \(tag) covers the ring at \(ring)")
            }
        }
    }

    /// Side by side when that fits the budget, from the laid-out widths; under each other otherwise, the
    /// events then under the caption. `--expand all` never stacks.
    @Test func panelsStackOnlyWhenSideBySideIsTooWide() throws {
        let narrow = try Self.picture(Self.steps(Self.popToRoot), 1).svg(metrics: .portable)
        let tabs = ["Explore", "Places", "Saved", "History", "Search", "Nearby"].map {
            #"{"navigation": ["\#($0)OverviewController", "\#($0)ArticleDetailController"]}"#
        }
        let wide = try Self.steps(
            #"{"navviz": 1, "name": "t", "root": {"tabs": [\#(tabs.joined(separator: ", "))]}, "steps": [{"op": "setTabs", "tabs": [\#(tabs.reversed().joined(separator: ", "))], "selected": 5}]}"#
        )
        let stacked = try Self.picture(wide, 1).svg(metrics: .portable)
        let full = try Self.picture(wide, 1, options: DiagramOptions(expandAll: true)).svg(metrics: .portable)
        func corners(_ svg: String) throws -> [(x: Double, y: Double)] {
            svg.matches(
                of:
                    #/<g id="panel_(?:before|after)" class="cluster">\n<title>[^<]*</title>\n<path fill="none" stroke="[^"]*" d="M([\d.]+),([\d.]+)/#
            )
            .map { (Double($0.1)!, Double($0.2)!) }
        }
        func width(_ svg: String) throws -> Int { Int(try #require(svg.firstMatch(of: #/<svg width="(\d+)pt"/#)).1)! }
        let (a, b, c) = (try corners(narrow), try corners(stacked), try corners(full))
        #expect(a[1].y == a[0].y && a[1].x > a[0].x)
        #expect(b[1].y > b[0].y && b[1].x == b[0].x)
        #expect(c[1].y == c[0].y)
        #expect(try width(narrow) <= 1200 && width(stacked) <= 1200 && width(full) > 1200)
        // Stacked, the events come before the panels.
        let events = try #require(stacked.firstRange(of: #"<g id="events""#)).lowerBound
        #expect(events < (try #require(stacked.firstRange(of: #"<g id="panel_before""#)).lowerBound))
    }

    /// Parts that are not SVG as Graphviz writes it are refused with a reason, never composed.
    @Test func partsThatAreNotGraphvizSVGAreRefused() throws {
        let picture = Self.picture(try Self.steps(Self.popToRoot), 1)
        #expect(throws: RenderError.renderFailed(format: "svg", reason: "a part of the picture is not SVG as Graphviz writes it")) {
            try picture.svg(parts: ["<svg/>", ""])
        }
        #expect(throws: RenderError.renderFailed(format: "svg", reason: "2 parts to compose, 1 laid out")) {
            try picture.svg(parts: [""])
        }
    }

    /// The legend (`--legend`) is a part of its own, under the panels, whose states carry none.
    @Test func theLegendIsOnePartUnderThePanels() throws {
        let steps = try Self.steps(Self.popToRoot)
        let picture = Self.picture(steps, 2, options: DiagramOptions(includeLegend: true, expandAll: false))
        #expect(picture.parts.count == 3)
        #expect(picture.parts.filter { $0.contains("cluster_legend") }.count == 1)
        #expect(picture.parts[0] == DOTBuilder(options: .focused).state(steps[1].hierarchy, finder: steps[1].finder))
        let svg = try picture.svg(metrics: .portable)
        let legend = try #require(svg.firstRange(of: #"<g id="legend""#)).lowerBound
        #expect(legend > (try #require(svg.firstRange(of: #"<g id="panel_after""#)).lowerBound))
    }
}

extension ComparisonDiagramTests {
    /// A controller the step added where the state diagram folds it (pushed onto a tab a full-screen sheet then covered,
    /// or buried by a second push) is drawn in full in the after panel, which is then not the state's picture; the rest
    /// is folded as before (a trial: the push showed only as `3 in stack · top ChatInfo` on a box tagged `~ changed`).
    @Test func anAddedControllerIsNeverFoldedInTheAfterPanel() throws {
        let steps = try Self.steps(
            #"""
            {"navviz": 1, "name": "t", "root": {"tabs": [{"navigation": ["Home", "Chat"], "id": "chatsNav"}, {"navigation": ["Contacts"]}], "id": "tabs"},
             "steps": [{"push": "ChatInfo"}, {"present": "Profile", "style": "fullScreen"}, {"snapshot": {"id": "tabs", "kind": "tab", "selected": 0, "children": [
               {"id": "chatsNav", "kind": "navigation", "children": [{"id": "Home", "kind": "controller", "screen": "Home", "children": []}, {"id": "Chat", "kind": "controller", "screen": "Chat", "children": []}, {"id": "ChatInfo", "kind": "controller", "screen": "ChatInfo", "children": []}, {"id": "Media", "kind": "controller", "screen": "Media", "children": []}]},
               {"id": "navigation", "kind": "navigation", "children": [{"id": "Contacts", "kind": "controller", "screen": "Contacts", "children": []}]}],
               "presented": {"id": "Profile", "kind": "controller", "screen": "Profile", "style": "fullScreen", "children": []}}}]}
            """#)
        let builder = DOTBuilder(options: .focused)
        let states = steps.map { builder.state($0.hierarchy, finder: $0.finder) }
        // The state after step 3 folds the covered stack; its transition draws the push (Media) in full.
        #expect(states[3].contains("4 in stack · top Media"))
        let picture = Self.picture(steps, 3)
        #expect(picture.parts[0] == states[2])
        #expect(picture.parts[1] != states[3])
        #expect(picture.parts[1].contains("<B>Media</B>"))
        #expect(picture.parts[1].contains("more below"))
        #expect(
            picture.dot.contains(
                ##"<B>Media</B><BR/><FONT COLOR="#57606a" POINT-SIZE="8">UIViewController</FONT><BR/><FONT COLOR="#1a7f37" POINT-SIZE="8"><B>+ added</B></FONT>"##
            ))
        // A transition that adds nothing folded keeps the state's picture.
        #expect(Self.picture(steps, 1).parts == [states[0], states[1]])
        // A render lays the drawn-again panel out, not the state's (whose layout it reuses for the other panels).
        let run = Run(scenario: "t", file: "t.json", steps: steps)
        var options = RenderOptions()
        options.sections = [.transitions]
        options.textMetrics = .portable
        let svg = try #require(try ScenarioRenderer(options: options).render(run).first { $0.path == "transitions/003-snapshot.svg" })
        #expect(svg.contents.contains(">Media</text>"))
    }
}
