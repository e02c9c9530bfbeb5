import Foundation
import NavVizCore
import NavVizRender
import NavVizScenario

/// `navviz check`'s comparison of one scenario with its goldens: what drifted, the lines that say so
/// (a capped -/+ diff per file and per scenario), the full diff, and the diagrams worth drawing for a
/// reviewer (expected, actual and a diff of the two states for every changed diagram). It reads and
/// decides; the command prints, lays the diagrams out and writes them.
public struct GoldenCheck: Sendable {
    /// Lines of -/+ diff shown per file.
    public var linesPerFile = 12
    /// Lines of -/+ diff shown per scenario.
    public var linesPerScenario = 60
    /// Characters shown per diff line.
    public var charactersPerLine = 200

    /// A check with the default caps.
    public init() {}

    /// What a scenario's comparison found.
    public struct Report: Sendable {
        /// Every golden that differs, is new or is gone; empty when everything matches.
        public var drifts: [Goldens.Drift]
        /// What to print: a FAIL line, what the steps do differently, each drift and a capped diff.
        public var lines: [String]
        /// The whole -/+ diff of every changed file (`drift.txt`).
        public var fullDiff: [String]
        /// The diagrams to draw for the reviewer, as DOT with their path in the artifact folder; a diff of two
        /// states also as the picture its SVG is composed from, as `navviz diff -o` draws it; an expected picture with the
        /// golden file (in the scenario's golden folder) its DOT is.
        public var diagrams: [(dot: String, path: String, picture: ComparisonDiagram?, golden: String?)]

        /// What the lines that name the artifact folder say when the artifacts could not be written: by index into `lines`,
        /// the line in its place, or nil to leave it out.
        var withoutArtifacts: [Int: String?] = [:]

        /// Whether every golden matches.
        public var matches: Bool { drifts.isEmpty }

        /// `lines`, or, when the artifacts could not be written, the same announcing none of them (a trial was told the DOT
        /// line diffs were in a drift.txt that was not written).
        public func lines(artifactsWritten: Bool) -> [String] {
            guard !artifactsWritten else { return lines }
            return lines.indices.compactMap { index in
                guard let replacement = withoutArtifacts[index] else { return lines[index] }
                return replacement
            }
        }
    }

    /// The goldens paired with the files made now by aligned step (`compare`, and `--record`'s counts, which counted by file
    /// name: a 2-step insert read "42 new, 38 removed", a code-review trial).
    struct Paired {
        var unreadable: String?
        var goldenRun: DiffRun?
        var runDiff: RunDiff?
        /// The run made now, as the golden run is compared with.
        var actualRun: DiffRun
        var strays: Set<String> = []
        /// The golden run's steps the scenario no longer has.
        var removedSteps: Set<Int> = []
        var drifts: [Goldens.Drift] = []

        init(expected: [String: String], actual: [OutputFile], run: Run, golden: String) {
            var failure: String?
            // What the steps do differently, from the golden run JSON; its alignment pairs the diagrams, so a
            // step inserted early does not make every later diagram gone and new under a shifted number.
            // One that does not read (a merge conflict left in it) is said, and diffed as text (a code-review trial read only
            // `changed: run.json`, with an empty drift.txt).
            goldenRun = expected[Goldens.runFile].flatMap { text -> DiffRun? in
                do throws(ScenarioErrors) {
                    return try DiffRun.load(text: text, file: "\(golden)/\(Goldens.runFile)")
                } catch {
                    failure = error.description
                    return nil
                }
            }
            actualRun = DiffRun(run)
            runDiff = goldenRun.map { [actualRun] in RunDiff(old: $0, new: actualRun) }
            // Diagrams the golden run has no step for, by number or by operation (a copied file): not paired with any step,
            // and said to be stray (one was read as a removed step's, another as another step's golden: code-review trials).
            strays = goldenRun.map { GoldenCheck.strays(in: expected, goldenRun: $0) } ?? []
            if let runDiff {
                let pairs: [(golden: Int?, actual: Int?)] = runDiff.alignment.map { pair in
                    switch pair {
                    case .both(let i, let j): (i, j)
                    case .inserted(let j): (nil, j)
                    case .removed(let i): (i, nil)
                    }
                }
                removedSteps = Set(pairs.compactMap { $0.actual == nil ? $0.golden : nil })
                drifts = Goldens.compare(expected: expected.filter { !strays.contains($0.key) }, actual: actual, pairs: pairs)
                drifts += strays.sorted().map { Goldens.Drift(path: $0, kind: .gone, expected: expected[$0], actual: nil) }
            } else {
                drifts = Goldens.compare(expected: expected, actual: actual)
            }
            unreadable = failure
        }
    }

    /// What differs between the goldens and the files a scenario makes now, paired by aligned step (renumbered files
    /// told apart), as `compare` counts it.
    public static func drifts(expected: [String: String], actual: [OutputFile], run: Run, golden: String) -> [Goldens.Drift] {
        Paired(expected: expected, actual: actual, run: run, golden: golden).drifts
    }

    /// Compares the files a scenario produces now (`actual`, from `run`) with its goldens (`expected`, read
    /// from `golden`); `artifacts` is where the reviewer's diagrams will be written, named in the lines.
    public func compare(
        expected: [String: String], actual: [OutputFile], run: Run, name: String, golden: String, artifacts: String
    ) -> Report {
        let paired = Paired(expected: expected, actual: actual, run: run, golden: golden)
        let (unreadable, goldenRun, runDiff, actualRun, strays, removedSteps, drifts) = (
            paired.unreadable, paired.goldenRun, paired.runDiff, paired.actualRun, paired.strays, paired.removedSteps, paired.drifts
        )
        var report = Report(drifts: drifts, lines: [], fullDiff: [], diagrams: [])
        guard !drifts.isEmpty else { return report }
        // Files only renumbered (steps inserted or removed before them) are counted apart: two inserted steps read
        // "48 of 93 goldens differ", 42 of them renumbered, 93 neither the old count nor the new (a code-review trial).
        // Goldens gone (removed steps') are not among the files made now: counted apart too ("7 of 49 goldens differ, 43
        // more only renumbered" was 50 of 49, a code-review trial).
        let renumbered = drifts.filter { $0.kind == .renumbered }.count
        let gone = drifts.filter { $0.kind == .gone }.count
        let differ = drifts.count - renumbered - gone
        var counts: [String] = []
        if differ > 0 || gone == 0 { counts.append("\(differ) of \(actual.count) goldens differ") }
        if renumbered > 0 { counts.append("\(renumbered) \(counts.isEmpty ? "" : "more ")only renumbered") }
        if gone > 0 { counts.append("\(gone) golden\(gone == 1 ? "" : "s") gone") }
        report.lines.append("FAIL \(name): " + counts.joined(separator: ", ") + " (\(golden)/)")
        if let unreadable {
            let conflict = expected[Goldens.runFile].map { $0.contains("<<<<<<< ") || $0.contains(">>>>>>> ") } ?? false
            report.lines.append(
                "  the golden \(Goldens.runFile) does not read, so no step can be compared: \(unreadable). "
                    + (conflict
                        ? "It holds a merge conflict's markers: resolve it, or record the goldens again" : "Record the goldens again"))
        }
        // Each changed file's line diff, made once (the run JSON is explained by the step lines above, not diffed, unless the
        // golden's does not read).
        let diffed = drifts.filter { $0.kind == .changed && ($0.path != Goldens.runFile || goldenRun == nil) }
        var diffs: [String: [String]] = [:]
        var renumberedTo: [String: Int] = [:]
        for drift in diffed {
            // A transition that moved to another step is diffed with its golden's caption renumbered: the number is
            // said once, in `(golden …)`, and the diff shows what else changed.
            var golden = drift.expected ?? ""
            if drift.path.hasPrefix("transitions/"), let from = drift.goldenPath.flatMap(Goldens.stepNumber),
                let to = Goldens.stepNumber(drift.path), from != to
            {
                golden = Goldens.renumbered(golden, from: from, to: to)
                renumberedTo[drift.path] = to
            }
            // The summary's lines compared without their step numbers, with the steps aligned: after a step inserted early, the
            // inserted lines, not every later one (the step lines say the rest moved).
            let stepless: ((String) -> String)? =
                drift.path == Goldens.summaryFile && runDiff != nil ? { String($0.drop { $0 != " " }) } : nil
            diffs[drift.path] = LineDiff.lines(old: golden, new: drift.actual ?? "", key: stepless)
        }
        if let runDiff {
            let entries = runDiff.entries
            for entry in entries.prefix(10) { report.lines.append("  " + entry.summary) }
            if entries.count > 10 { report.lines.append("  … \(entries.count - 10) more changed step\(entries.count == 11 ? "" : "s")") }
            // The golden run.json keeps no callbacks: a later step whose transition's appearance events changed is said, and
            // not counted as differing only by what came before (a code-review trial read that of a step with six new ones).
            let called = runDiff.carriedSteps.compactMap { step in
                drifts.first { drift in
                    drift.kind == .changed && drift.path.hasPrefix("transitions/") && Goldens.stepNumber(drift.path) == step
                        && Self.eventsChanged(diffs[drift.path] ?? [])
                }.map { (step: step, path: $0.path) }
            }
            for (step, path) in called.prefix(10) {
                report.lines.append("  step \(step): appearance callbacks changed (\(path) shows them; the golden run.json keeps none)")
            }
            let carried = runDiff.carried - called.count
            if carried > 0 {
                report.lines.append(
                    "  (\(carried) later step\(carried == 1 ? "" : "s") \(carried == 1 ? "differs" : "differ") only by what came before)")
            }
            // The scenario's name is the run's too: a rename read "changed: run.json" and nothing else (a CI trial).
            if runDiff.old.name != runDiff.new.name {
                let line = "the scenario's name changed: '\(Terminal.inline(runDiff.old.name))' → '\(Terminal.inline(runDiff.new.name))'"
                report.lines.append("  " + line)
                // drift.txt too: it was empty (a review).
                report.fullDiff.append(line)
            }
            // How the runs were compared (captured controllers matched by place: the lines' numbers are the golden's).
            for note in runDiff.notes { report.lines.append("  note: " + note) }
            // Every step does what the goldens say, the same callbacks too, and only drawings differ: most likely another
            // navviz drew them (goldens from an older one failed every scenario with no line saying why: a trial). Unless
            // only captions changed: a step's note (an imported capture's file name), animation or status.
            let drawingsOnly = drifts.allSatisfy { $0.path.hasSuffix(".dot") || $0.kind == .renumbered }
            if entries.isEmpty, runDiff.carried == 0, drawingsOnly, drifts.contains(where: { $0.kind == .changed }) {
                let changed = drifts.filter { $0.kind == .changed }
                let what = changed.map { Self.textParts($0.path, diff: diffs[$0.path] ?? []) }
                if what.allSatisfy({ $0 == ["caption"] }) {
                    let whose = changed.allSatisfy { $0.path.hasPrefix("transitions/") } ? "the transitions' captions" : "captions"
                    report.lines.append(
                        "  no step navigates differently: only \(whose) changed (a step's note, animation or "
                            + "status; an imported capture's note names its file)")
                } else if what.allSatisfy({ $0.contains("appearance events") }) {
                    // A seed hook renamed read as "the callbacks are the same … another navviz version?" (a golden's run.json
                    // keeps neither callbacks nor hooks: only the transitions' lists tell).
                    let captions = what.contains { $0.contains("caption") } ? " (and captions: a note, animation or status)" : ""
                    report.lines.append(
                        "  no step navigates differently: the callbacks or seed hooks a transition lists changed\(captions) (a "
                            + "golden's run.json keeps neither; the lines below say which)")
                } else if let damaged = changed.first(where: { !Self.isNavvizDOT($0.expected ?? "") }) {
                    // Not a DOT navviz writes: no version of it drew that (a trial's damaged golden read "another version?";
                    // then one cut short, one with a merge's conflict markers, one with a line replaced, a CI trial).
                    report.lines.append(
                        "  no step navigates differently: the golden \(damaged.path) is not a DOT navviz writes (edited by hand, or "
                            + "damaged?): record the goldens again")
                } else {
                    report.lines.append(
                        "  no step navigates differently and the callbacks are the same: only the drawings changed (recorded by "
                            + "another navviz version? pin the one CI runs, docs/reviewing.md)")
                }
            }
        }
        // Renamed only by the width of their numbers (a run that reached 1,000 states, or fell below it: every file's number
        // gains or loses a digit): one line for them all when there are more than a few (a trial's 1,997 lines, each saying
        // the operation's name changed).
        let padded = drifts.filter { $0.kind == .renumbered && Self.onlyPaddingDiffers($0.goldenPath, $0.path) }
        let collapsed = padded.count > 3 ? Set(padded.map(\.path)) : []
        if let first = padded.first, !collapsed.isEmpty {
            let digits = first.path.split(separator: "/").last.map { $0.prefix { $0.isNumber }.count } ?? 0
            report.lines.append(
                "  renumbered: \(padded.count) files, unchanged but for their numbers' width, \(digits) digits now (the run has "
                    + (digits > 3 ? "1,000 states or more" : "fewer states") + "): \(first.goldenPath ?? "") is \(first.path) …; "
                    + "--record renames them")
        }
        // Changed and renumbered files are listed up to a bound each; the rest are counted on one line, drift.txt listing them.
        var listed: [Goldens.Drift.Kind: Int] = [:]
        var unlisted: [Goldens.Drift.Kind: [String]] = [:]
        func list(_ line: String, _ kind: Goldens.Drift.Kind, upTo bound: Int) {
            listed[kind, default: 0] += 1
            if listed[kind]! <= bound { report.lines.append(line) } else { unlisted[kind, default: []].append(line) }
        }
        for drift in drifts where !collapsed.contains(drift.path) {
            let was = drift.goldenPath.map { " (golden \($0))" } ?? ""
            switch drift.kind {
            case .changed:
                // The first twenty; the rest in drift.txt (a code-review trial's two-line change listed 46 in the CI log).
                list(
                    "  changed: \(drift.path)\(was)" + Self.whatChanged(drift.path, diff: diffs[drift.path] ?? []), .changed,
                    upTo: Self.changedLines)
            case .new:
                // Its name may be a removed step's golden, listed as gone.
                let taken = drifts.contains { $0.kind == .gone && $0.path == drift.path }
                report.lines.append("  new:     \(drift.path) (no golden\(taken ? " of this step" : ""))")
            case .gone:
                // A removed step's, named so whether or not another step's diagram took its name now (a code-review trial
                // read two removed steps' goldens given two reasons).
                let removed = Goldens.stepNumber(drift.path).map(removedSteps.contains) ?? false
                let stray = strays.contains(drift.path)
                report.lines.append(
                    "  gone:    \(drift.path) ("
                        + (stray
                            ? "no step of the golden run.json is drawn so: a stray file? --record removes it"
                            : "golden\(removed ? " of a removed step" : ", no longer produced")") + ")")
            case .renumbered:
                // Another number, its width (`001` and `0001`), or at the same number another operation's name.
                let sameNumber = drift.goldenPath.map { Goldens.stepNumber($0) == Goldens.stepNumber(drift.path) } ?? true
                let reason =
                    Self.onlyPaddingDiffers(drift.goldenPath, drift.path)
                    ? "number's width)" : sameNumber ? "operation's name)" : "step number)"
                // The first ten; the rest in drift.txt (a step inserted early in a 1,500-step flow listed 3,000 files).
                list(
                    "  renumbered: \(drift.path) (golden \(drift.goldenPath ?? drift.path), unchanged but for the " + reason,
                    .renumbered, upTo: Self.renumberedLines)
            }
        }
        for (kind, what) in [(Goldens.Drift.Kind.changed, "changed"), (.renumbered, "renumbered, unchanged but for their names")] {
            guard let lines = unlisted[kind] else { continue }
            report.lines.append("  … \(lines.count) more \(what) (drift.txt lists them)")
            report.fullDiff += lines.map { String($0.dropFirst(2)) }
        }
        var budget = linesPerScenario
        var hidden = 0
        // When the step lines say what changed, the diagrams' DOT follows from it: its line diff (Graphviz HTML labels) goes
        // to drift.txt only (a CI trial read 60 lines of it after the step lines that already said it all).
        let explainedSteps = Set((runDiff?.entries.compactMap(\.newIndex) ?? []) + (runDiff?.carriedSteps ?? []))
        func explained(_ drift: Goldens.Drift) -> Bool {
            guard drift.path.hasSuffix(".dot"), let step = Goldens.stepNumber(drift.path), explainedSteps.contains(step) else {
                return false
            }
            // A caption's own text (a note, an animation) is no step line's: shown (a review).
            return !Self.captionChanged(diffs[drift.path] ?? [])
        }
        var dotLinesLeft = 0
        for drift in diffed {
            // Its `-` lines are the golden's with the step number read as the new one: said, as they are not its bytes (a
            // trial grepped the golden for a quoted line and did not find it).
            let golden = renumberedTo[drift.path].map { "golden, its step number read as \($0)" } ?? "golden"
            let lines = ["--- \(drift.goldenPath ?? drift.path) (\(golden))", "+++ \(drift.path) (actual)"] + (diffs[drift.path] ?? [])
            report.fullDiff += lines
            if explained(drift) {
                dotLinesLeft += lines.count
                continue
            }
            let room = min(linesPerFile, budget)
            report.lines += lines.prefix(room).enumerated().map { index, line in
                "  " + Self.clipped(line, counterpart: Self.counterpart(of: index, in: lines), to: charactersPerLine)
            }
            budget -= min(room, lines.count)
            if lines.count > room {
                hidden += lines.count - room
                // Said where the cut is: a hunk cut short read as if its last lines were removed (a trial).
                if room > 0 {
                    report.lines.append("  … \(lines.count - room) more line\(lines.count - room == 1 ? "" : "s") of this file's diff")
                }
            }
        }
        if hidden > 0 {
            let more = "  … \(hidden) more diff line\(hidden == 1 ? "" : "s")"
            report.withoutArtifacts[report.lines.count] = more + " (drift.txt could not be written, below)"
            report.lines.append(more + " in \(artifacts)/drift.txt")
        }
        if dotLinesLeft > 0 {
            let diffs = "  the DOT line diffs of the steps named above (\(dotLinesLeft) lines)"
            report.withoutArtifacts[report.lines.count] = diffs + " could not be written (below)"
            report.lines.append(diffs + " are in \(artifacts)/drift.txt")
        }
        // The actual run as the step lines name it (captured controllers matched by place with the golden's).
        report.diagrams = Self.diagrams(drifts, goldenRun: goldenRun, actualRun: runDiff?.new ?? actualRun, diffs: diffs)
        report.withoutArtifacts[report.lines.count] = .some(nil)
        report.lines.append("  artifacts: \(artifacts)/")
        return report
    }

    /// How many renumbered files a report lists one a line.
    static let renumberedLines = 10
    /// How many changed files a scenario's report names; drift.txt names every one.
    static let changedLines = 20

    /// Whether a golden's name and the file's differ only by the zeros before their step number (`states/001-push.dot`
    /// and `states/0001-push.dot`).
    static func onlyPaddingDiffers(_ golden: String?, _ path: String) -> Bool {
        guard let golden, golden != path else { return false }
        func unpadded(_ name: String) -> String {
            var parts = name.split(separator: "/", omittingEmptySubsequences: false)
            guard let last = parts.popLast() else { return name }
            let digits = last.prefix { $0.isNumber }
            let number = digits.drop { $0 == "0" }
            return (parts + [(number.isEmpty && !digits.isEmpty ? "0" : number) + last.dropFirst(digits.count)]).joined(separator: "/")
        }
        return unpadded(golden) == unpadded(path)
    }

    /// ` (caption)`, ` (appearance events)`, ` (caption, appearance events)`: which part of a changed diagram's DOT
    /// differs when it is only its text, so a reviewer sees that a note or an animation changed, not the states.
    static func whatChanged(_ path: String, diff: [String]) -> String {
        let parts = textParts(path, diff: diff)
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }

    /// Whether `text` could be a DOT file navviz wrote: `digraph navviz {` first, `}` last, and every line a statement
    /// (`;`), an opening (`{`) or a closing (`}`): navviz escapes line ends inside labels, so a line cut short, a merge's
    /// `<<<<<<< HEAD` or a line typed by hand is none.
    static func isNavvizDOT(_ text: String) -> Bool {
        guard text.hasPrefix("digraph navviz {\n"), text.hasSuffix("}\n") else { return false }
        return text.utf8.split(separator: UInt8(ascii: "\n")).allSatisfy { line in
            line.last == UInt8(ascii: ";") || line.last == UInt8(ascii: "{") || line.last == UInt8(ascii: "}")
        }
    }

    /// `caption`, `appearance events`: the parts of a diagram's text its diff changed, in this order; none when anything
    /// else changed (or it is no diagram).
    static func textParts(_ path: String, diff: [String]) -> [String] {
        guard path.hasSuffix(".dot") else { return [] }
        var parts: [String] = []
        func add(_ part: String) { if !parts.contains(part) { parts.append(part) } }
        for (index, line) in diff.enumerated() where line.hasPrefix("-") || line.hasPrefix("+") {
            if let change = captionChange(at: index, in: diff) {
                if change.caption { add("caption") }
                if change.events { add("appearance events") }
            } else if line.contains(eventsTitle) {
                add("appearance events")
            } else {
                return []
            }
        }
        return parts
    }

    /// Whether a diagram's appearance callbacks changed, their controllers' names aside (a controller renamed in an earlier
    /// step renames its callbacks too, which is what came before): the callbacks its golden lines list (`2.
    /// Display.viewWillDisappear (animated)`) against its new lines', in order, by callback and flag.
    static func eventsChanged(_ diff: [String]) -> Bool {
        func callbacks(_ sign: Character) -> [Substring] {
            diff.filter { $0.first == sign && $0.contains(eventsTitle) }.flatMap { line in
                line[line.range(of: eventsTitle)!.upperBound...].split(separator: "<TD ALIGN=\"LEFT\">").compactMap { cell in
                    let item = cell.prefix { $0 != "<" }
                    guard let dot = item.firstIndex(of: "."), item[..<dot].allSatisfy(\.isNumber), !item[..<dot].isEmpty else {
                        return nil
                    }
                    let flag = item.lastIndex(of: "(").map { item[$0...] } ?? ""
                    let call = item[..<(item.lastIndex(of: "(") ?? item.endIndex)]
                    return (call.lastIndex(of: ".").map { call[call.index(after: $0)...] } ?? call) + flag
                }
            }
        }
        return callbacks("-") != callbacks("+")
    }

    /// Whether a diagram's caption text changed (its top-level graph label, the appearance events it may hold left out).
    static func captionChanged(_ diff: [String]) -> Bool {
        diff.indices.contains { captionChange(at: $0, in: diff)?.caption == true }
    }

    /// What a changed caption line changed, nil when line `index` is no `-`/`+` caption line: the caption is the top-level
    /// graph statement (two spaces in; a cluster's `graph [` sits deeper). A stacked transition holds its events in the
    /// caption: which of the two changed is told apart (a code-review trial's unanimated push read "(caption)" only,
    /// though every callback's flag changed).
    static func captionChange(at index: Int, in diff: [String]) -> (caption: Bool, events: Bool)? {
        let line = diff[index]
        guard line.hasPrefix("-") || line.hasPrefix("+"), line.dropFirst().hasPrefix("  graph ["), !line.dropFirst().hasPrefix("   ")
        else { return nil }
        let body = line.dropFirst().drop { $0 == " " }
        let paired = counterpart(of: index, in: diff)
        // No caption on either side (a state without a legend), or the same one (a golden's line edited elsewhere, a trailing
        // space): not a caption's change (a trial's state read "(caption)", and "only the transitions' captions changed").
        func caption(_ text: Substring) -> Substring? {
            var from = text.startIndex
            var found: Range<Substring.Index>?
            while found == nil, let range = text[from...].range(of: "label=") {
                if range.lowerBound > text.startIndex, "[ ".contains(text[text.index(before: range.lowerBound)]) { found = range }
                from = range.upperBound
            }
            guard let start = found else { return nil }
            var end = text.endIndex
            while end > start.upperBound, text[text.index(before: end)].isWhitespace { end = text.index(before: end) }
            return text[start.upperBound..<end]
        }
        let theirCaption = paired.flatMap { caption($0.dropFirst()) }
        if caption(body) == nil && theirCaption == nil { return nil }
        if paired != nil, caption(body) == theirCaption { return nil }
        guard let paired, case let other = paired.dropFirst().drop(while: { $0 == " " }),
            let mine = body.range(of: eventsTitle), let theirs = other.range(of: eventsTitle)
        else { return (true, false) }
        return (body[..<mine.lowerBound] != other[..<theirs.lowerBound], body[mine.lowerBound...] != other[theirs.lowerBound...])
    }

    /// How the events table starts, in a caption or a node.
    static let eventsTitle = "<B>Appearance events</B>"

    /// For a `-` line, the `+` line it was replaced by, and the other way round: the line at the same offset in the
    /// run of the other sign next to it.
    static func counterpart(of index: Int, in lines: [String]) -> String? {
        func sign(_ at: Int) -> Character? {
            let line = lines[at]
            guard !line.hasPrefix("---"), !line.hasPrefix("+++"), let first = line.first, first == "-" || first == "+" else { return nil }
            return first
        }
        guard let mine = sign(index) else { return nil }
        var start = index
        while start > 0, sign(start - 1) == mine { start -= 1 }
        var end = index
        while end + 1 < lines.count, sign(end + 1) == mine { end += 1 }
        let offset = index - start
        if mine == "-" {
            // The `+` run follows.
            let target = end + 1 + offset
            guard target < lines.count, (end + 1...target).allSatisfy({ sign($0) == "+" }) else { return nil }
            return lines[target]
        }
        // The `-` run precedes.
        guard start > 0, sign(start - 1) == "-" else { return nil }
        var otherStart = start - 1
        while otherStart > 0, sign(otherStart - 1) == "-" { otherStart -= 1 }
        let target = otherStart + offset
        return target < start ? lines[target] : nil
    }

    /// A long line cut to `limit` characters around where it first differs from `counterpart` (so the change shows),
    /// else from its start; `…` marks what was cut.
    static func clipped(_ line: String, counterpart: String?, to limit: Int) -> String {
        let characters = Array(line)
        guard characters.count > limit else { return line }
        var start = 0
        if let counterpart {
            let other = Array(counterpart)
            var first = 1
            while first < characters.count, first < other.count, characters[first] == other[first] { first += 1 }
            start = max(0, min(first - limit / 3, characters.count - (limit - 2)))
        }
        if start <= 1 { return String(characters[..<(limit - 1)]) + "…" }
        // To the end when the rest fits beside the leading `X…`; else cut with a trailing `…` too.
        if start + limit - 2 >= characters.count { return String(characters[0]) + "…" + String(characters[start...]) }
        let end = start + limit - 3
        return String(characters[0]) + "…" + String(characters[start..<end]) + "…"
    }

    /// Expected and actual DOT of every drifted diagram, and a diagram of the two states after the step
    /// when the golden run JSON has that step. `diffs`: the line diff of each changed file, by path.
    static func diagrams(_ drifts: [Goldens.Drift], goldenRun: DiffRun?, actualRun: DiffRun, diffs: [String: [String]] = [:]) -> [(
        dot: String, path: String, picture: ComparisonDiagram?, golden: String?
    )] {
        var diagrams: [(dot: String, path: String, picture: ComparisonDiagram?, golden: String?)] = []
        for drift in drifts where drift.path.hasSuffix(".dot") && drift.kind != .renumbered {
            var stem = String(drift.path.dropLast(4))
            if drift.kind == .gone {
                // `old-` as `navviz diff` names a removed step's picture: another step's may have the same name.
                let parts = stem.split(separator: "/", maxSplits: 1)
                stem = parts.count == 2 ? "\(parts[0])/old-\(parts[1])" : "old-" + stem
            }
            if let expected = drift.expected { diagrams.append((expected, "\(stem).expected.svg", nil, drift.goldenPath ?? drift.path)) }
            if let actual = drift.actual { diagrams.append((actual, "\(stem).actual.svg", nil, nil)) }
            // The golden step the diagram was paired with (another number after an inserted or removed step);
            // a diagram only one side has (an inserted or removed step) has no counterpart to diff against.
            guard drift.kind == .changed, let goldenIndex = Goldens.stepNumber(drift.goldenPath ?? drift.path),
                let actualIndex = Goldens.stepNumber(drift.path),
                let goldenRun,
                goldenRun.steps.indices.contains(goldenIndex), actualRun.steps.indices.contains(actualIndex)
            else { continue }
            let old = goldenRun.steps[goldenIndex]
            let new = actualRun.steps[actualIndex]
            let changes = HierarchyChanges(
                old: old.hierarchy, oldVisible: old.finder.visible, new: new.hierarchy, newVisible: new.finder.visible
            ).phrases
            var details = changes.isEmpty ? ["the state after the step is unchanged"] : changes
            if drift.path.hasPrefix("transitions/") {
                details += transitionDetails(
                    goldenRun, goldenIndex, actualRun, actualIndex, textParts: textParts(drift.path, diff: diffs[drift.path] ?? []))
            }
            let picture = DOTBuilder(options: .focused).diffDiagram(
                old: old.hierarchy, new: new.hierarchy, oldFinder: old.finder, newFinder: new.finder,
                caption: goldenIndex == actualIndex
                    ? "Step \(actualIndex) · golden \(old.op) → actual \(new.op)"
                    : "Step \(actualIndex) (golden step \(goldenIndex)) · golden \(old.op) → actual \(new.op)",
                details: details,
                titles: ("golden", "actual"))
            diagrams.append((picture.dot, "\(stem).diff.svg", picture, nil))
        }
        return diagrams
    }

    /// The golden diagrams (`states/…`, `transitions/….dot`) named for no step of the golden run: another number or another
    /// operation than its step's.
    static func strays(in expected: [String: String], goldenRun: DiffRun) -> Set<String> {
        let count = goldenRun.steps.count
        let stems = goldenRun.steps.map { ScenarioRenderer.stem(index: $0.index, op: $0.op, count: count) }
        return Set(
            expected.keys.filter { path in
                let parts = path.split(separator: "/")
                guard parts.count == 2, path.hasSuffix(".dot"), parts[0] == "states" || parts[0] == "transitions" else { return false }
                let stem = String(parts[1].dropLast(4))
                guard let index = stems.firstIndex(of: stem) else { return true }
                return parts[0] == "transitions" && index == 0
            })
    }

    /// How a changed transition differs besides the state after it, which its `.diff.svg` draws: the state before it, its
    /// status, and the parts of its text (`textParts`) that changed. A transition whose after state was the same read only
    /// "the state after the step is unchanged" (a code-review trial).
    static func transitionDetails(_ golden: DiffRun, _ i: Int, _ actual: DiffRun, _ j: Int, textParts: [String]) -> [String] {
        var details: [String] = []
        if i > 0, j > 0, let before = RunDiff.stateChanges(old: golden, i - 1, new: actual, j - 1) {
            details.append("the state before the step differs: " + before.phrases.joined(separator: "; "))
        }
        let (a, b) = (golden.steps[i], actual.steps[j])
        if a.status != b.status {
            details.append("status \(a.status.rawValue) → \(b.status.rawValue)" + (b.message.map { " (\($0))" } ?? ""))
        }
        if textParts.contains("appearance events") {
            details.append("the appearance events it lists changed (the golden's run.json keeps none: drift.txt shows which)")
        }
        if textParts.contains("caption"), a.status == b.status { details.append("its caption changed (a note, an animation or a status)") }
        return details
    }

    /// The golden files of one scenario by relative path, or nil when its folder does not exist.
    public static func read(_ folder: String) throws(GoldenReadError) -> [String: String]? {
        guard isDirectory(folder) else { return nil }
        var files: [String: String] = [:]
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path
        for sub in ["", "states", "transitions"] {
            let directory = sub.isEmpty ? base : "\(base)/\(sub)"
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for name in names {
                let relative = sub.isEmpty ? name : "\(sub)/\(name)"
                guard Goldens.isGoldenPath(relative) else { continue }
                let path = "\(directory)/\(name)"
                // Not read unless it is a file (a pipe would wait for a writer).
                let status = FileStatus(path)
                guard status?.isRegularFile == true else {
                    let what = status?.isDirectory == true ? "a folder" : "a symbolic link or a special file"
                    throw GoldenReadError(path: "\(folder)/\(relative)", reason: "it is \(what), not a file")
                }
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw GoldenReadError(
                        path: "\(folder)/\(relative)", reason: access(path, R_OK) != 0 ? "permission denied" : "it cannot be read")
                }
                files[relative] = String(decoding: data, as: UTF8.self)
            }
        }
        return files
    }
}

/// A golden file that exists but cannot be read.
public struct GoldenReadError: Error, Equatable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// Why: `it is a folder, not a file`, `permission denied`.
    public var reason: String
    /// `path: cannot read the golden: reason`.
    public var description: String { "\(path): cannot read the golden: \(reason)" }
}
