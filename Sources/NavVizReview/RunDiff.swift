import NavVizCore
import NavVizRender
import NavVizScenario

/// What changed between two runs: their steps aligned (`StepAlignment`), then the state after each
/// aligned pair compared as canonical snapshots, with one entry per step that differs.
public struct RunDiff: Sendable, Equatable {
    /// How a step differs.
    public enum Kind: String, Sendable, Equatable {
        /// Both runs have the step; the state after it (or its operation or status) differs.
        case changed
        /// Only the new run has the step.
        case inserted
        /// Only the old run has the step.
        case removed
    }

    /// Two states, drawn side by side in the entry's diagram.
    public struct Side: Sendable, Equatable {
        /// The cluster title (`old`, `new, before step 3`…).
        public var title: String
        /// The hierarchy.
        public var hierarchy: Hierarchy
        /// The finder's report for it.
        public var finder: ViewFinderResult
    }

    /// One step that differs.
    public struct Entry: Sendable, Equatable {
        /// How it differs.
        public var kind: Kind
        /// The old step's index (nil when inserted).
        public var oldIndex: Int?
        /// The new step's index (nil when removed).
        public var newIndex: Int?
        /// The old step's operation (nil when inserted).
        public var oldOp: String?
        /// The new step's operation (nil when removed).
        public var newOp: String?
        /// The differences, one phrase each: for a changed step between the two states after it; for
        /// an inserted or removed step, what that step did in its own run.
        public var changes: [String]
        /// The stdout line: `step 2: + Reviews pushed onto shopNav; visible Product → Reviews`.
        public var summary: String
        /// Of a changed step's `changes`, the differences between the two states that the changed step just before
        /// named already (a renamed screen still in its stack): `listed` and `summary` count them instead.
        public var shownEarlier: [String] = []
        /// The controllers only `shownEarlier`'s differences concern: the diagrams draw them unmarked.
        public var unmarked: Set<NodeID> = []
        /// What `shownEarlier`'s differences say of controllers the step names for something else: their tags leave it out
        /// (`tabs reordered` at every later step that switched tabs, a trial).
        public var quiet: [NodeID: Set<ChangeAspect>] = [:]

        /// `changes` as the text and the comment list them: without `shownEarlier`, counted at the end.
        public var listed: [String] {
            guard !shownEarlier.isEmpty else { return changes }
            let n = shownEarlier.count
            return changes.filter { !shownEarlier.contains($0) } + ["and \(n) difference\(n == 1 ? "" : "s") shown at an earlier step"]
        }
        /// The state the diagram shows on the left (old, or the state before an inserted or removed step).
        public var from: Side
        /// The state the diagram shows on the right.
        public var to: Side

        /// The index that names the entry's files: the new one, or the old one for a removed step.
        public var index: Int { newIndex ?? oldIndex ?? 0 }
        /// The operation that names the entry's files.
        public var op: String { newOp ?? oldOp ?? "" }
    }

    /// The old run.
    public var old: DiffRun
    /// The new run.
    public var new: DiffRun
    /// The aligned steps, initial states first.
    public var alignment: [StepAlignment.Pair]
    /// The steps that differ, in alignment order.
    public var entries: [Entry]
    /// Aligned steps left out of `entries` because they differ only by what came before: each did what
    /// its counterpart did, from states that already differed (a push inserted earlier, still in the stack).
    public var carried = 0
    /// The new run's index of each carried step.
    public var carriedSteps: [Int] = []

    /// What the reader should know about how the runs were compared (one sentence each).
    public var notes: [String] = []
    /// The steps left out at the start of each run: its empty window, when it takes its first state from a snapshot and
    /// the other starts from a state.
    public var skipped = Skipped()

    /// Steps left out at the start of each run.
    public struct Skipped: Sendable, Equatable {
        /// Of the old run.
        public var old = 0
        /// Of the new run.
        public var new = 0
    }

    /// How many steps of the new run (or the old one) were compared.
    public func comparedSteps(new isNew: Bool) -> Int {
        max(0, (isNew ? new : old).steps.count - 1 - (isNew ? skipped.new : skipped.old))
    }

    /// Whether the runs are the same, step for step.
    public var isIdentical: Bool { entries.isEmpty }

    /// Said when the runs have no controller in common, by id or by class: the window's root replaced, or two different
    /// apps, and every line below differs for that alone (a code-review trial read a page of removed and added steps with no
    /// word why).
    static func unrelatedNote(old: DiffRun, new: DiffRun) -> String? {
        // Both runs read a step at a time, side by side, until one id or class is found in both: two versions of one flow
        // share one in their first states (reading every state of both first was a tenth of a diff of two 400-step flows).
        let runs = [old, new]
        var ids: [Set<NodeID>] = [[], []]
        var classes: [Set<String>] = [[], []]
        for index in 0..<max(old.steps.count, new.steps.count) {
            for side in 0..<2 where index < runs[side].steps.count {
                let h = runs[side].steps[index].hierarchy
                for id in h.nodeIDs {
                    let node = h[id]
                    // An id navviz made for a container named nothing (`navigation`, `tab#2`) is any app's (a review: two
                    // apps with an unnamed navigation controller each were not told apart).
                    if id.numbered.base != node.kind.rawValue, ids[side].insert(id).inserted, ids[1 - side].contains(id) { return nil }
                    if let name = node.className, classes[side].insert(name).inserted, classes[1 - side].contains(name) { return nil }
                }
            }
        }
        guard !ids[0].isEmpty, !ids[1].isEmpty else { return nil }
        // Not a user's mistake, said as one: one app's login screen, then its tabs after signing in, share nothing either (a
        // trial of captures was asked whether it had the wrong file).
        return "\(old.file) and \(new.file) have no controller in common (no id, no class), so every step below differs for that "
            + "alone: the window's root was replaced (a sign-in screen, then the app), or these are two different apps"
    }

    /// Whether `run` starts from an empty window and takes its first state from a snapshot: a daemon session's scenario
    /// (`GET /api/sessions/ID/scenario`), whose captures were posted one by one.
    static func startsEmptyThenSnapshot(_ run: DiffRun) -> Bool {
        run.steps.count > 1 && run.steps[0].hierarchy.root == nil && run.steps[1].op == "snapshot"
    }

    /// Compares two runs.
    public init(old: DiffRun, new: DiffRun) {
        self.old = old
        self.new = new
        // The same captures imported (`navviz import`: the first is the root) and posted to the daemon (an empty window,
        // then each a snapshot step) were told apart at every step (a trial): the first snapshot is compared with the
        // other's initial state, and the empty window left out, said.
        var start = Skipped()
        if old.steps.first?.hierarchy.root != nil, Self.startsEmptyThenSnapshot(new) {
            start.new = 1
            notes.append(
                "\(new.file) starts from an empty window and takes its first state from a snapshot (as a daemon session's "
                    + "scenario does): its step 1 is compared with \(old.file)'s initial state")
        } else if new.steps.first?.hierarchy.root != nil, Self.startsEmptyThenSnapshot(old) {
            start.old = 1
            notes.append(
                "\(old.file) starts from an empty window and takes its first state from a snapshot (as a daemon session's "
                    + "scenario does): its step 1 is compared with \(new.file)'s initial state")
        }
        skipped = start
        // Each pair of states compared once, and each step's own effect found once (a diff of two 400-step flows compared
        // each pair four times over).
        var memo = Memo(old: old, new: new)
        var alignment = Self.align(start: start, memo: memo)
        // Captured controllers are numbered in print order: matched by place instead, and the new run's renamed to the old
        // run's numbers before the comparison (`CaptureMatching`), said.
        // (Two capture files of one launch share addresses, which named their controllers already: an address is the
        // surer identity.)
        if CaptureMatching.isCaptured(old), CaptureMatching.isCaptured(new), old.identities.latest.isDisjoint(with: new.identities.latest) {
            let pairs = alignment.compactMap { pair -> (old: Int, new: Int)? in
                if case .both(let i, let j) = pair { return (i, j) }
                return nil
            }
            let matching = CaptureMatching(old: old, new: new, pairs: pairs)
            var renamed = new
            renamed.steps = new.steps.map { $0.renamingNodes(matching.renaming) }
            var renamings = Set(matching.renaming.map { Renamed(new: $0.key, old: $0.value) })
            var guesses = matching.guesses
            // A state whose controllers, matched with its old counterpart's alone, differ less than as the states before
            // decided is taken so: a capture of another launch, imported, was numbered afresh (`CaptureMatching.init(old:_:new:_:)`).
            for (i, j) in pairs {
                guard let carried = Self.stateChanges(old.steps[i], renamed.steps[j], old: old, new: new) else { continue }
                let alone = CaptureMatching(old: old, i, new: new, j)
                var step = new.steps[j].renamingNodes(alone.renaming)
                guard (Self.stateChanges(old.steps[i], step, old: old, new: new)?.phrases.count ?? 0) < carried.phrases.count else {
                    continue
                }
                // Its callbacks were simulated from the state before it as numbered there, not as matched here: not compared.
                step.callbacks = nil
                renamed.steps[j] = step
                renamings.formUnion(alone.renaming.map { Renamed(new: $0.key, old: $0.value) })
                guesses += alone.guesses.filter { !guesses.contains($0) }
            }
            if !renamings.isEmpty {
                self.new = renamed
                memo = Memo(old: old, new: renamed)
                alignment = Self.align(start: start, memo: memo)
                // By class, then number (`#2` before `#10`).
                let listed = renamings.sorted {
                    ($0.new.numbered.base, $0.new.numbered.number ?? 1, $0.old.rawValue)
                        < ($1.new.numbered.base, $1.new.numbered.number ?? 1, $1.old.rawValue)
                }
                let shown = listed.prefix(3).map { "\($0.new) as \($0.old)" }.joined(separator: ", ")
                let more = listed.count > 3 ? " and \(listed.count - 3) more" : ""
                notes.append(
                    "captured controllers are numbered in print order, so \(new.file)'s are matched with \(old.file)'s by "
                        + "their place and named as there: \(shown)\(more)")
            }
            notes += guesses
        }
        // Two captures of different launches, or a new window root: why the new one's controllers are matched by class name,
        // or numbered after the old one's (`import` said it, `diff` did not: a trial; another was shown `ViewController#2`
        // where `run` of the file says `ViewController`).
        if let note = self.new.identityNote { notes.append("\(self.new.file): \(note)") }
        // A capture that may have lost its last lines: what it lacks reads as popped or dismissed (a trial was told a
        // controller was popped where the paste was cut, and not why).
        for run in [old, self.new] { notes += run.cutShortNotes.map { "\(run.file): \($0)" } }
        if let unrelated = Self.unrelatedNote(old: old, new: self.new) { notes.append(unrelated) }
        self.alignment = alignment
        entries = []
        // A difference between the two states stays in every later state (a renamed screen still in its stack): a
        // changed step names only the differences the changed step before it did not, and counts the rest (renaming
        // 20 screens made every later line restate each earlier rename: 4,000 characters a line, no room for
        // diagrams). Only differences between the states: a step's own operation, status and message always show.
        var persisting: Set<String> = []
        for (position, pair) in alignment.enumerated() {
            if case .both(let i, let j) = pair, Self.isCarried(i, j, memo: memo) {
                carried += 1
                carriedSteps.append(j)
                // What was named and still differs (nothing, when the two led to one state): a difference that comes
                // back after is new there (a review: a rename undone, then redone, was counted as said).
                persisting.formIntersection(memo.stateChanges(i, j)?.phrases ?? [])
                continue
            }
            guard var entry = Self.entry(pair, initial: position == 0, memo: memo) else {
                // The same states again: a difference that comes back later is new there.
                persisting = []
                continue
            }
            if entry.kind == .changed, case .both(let i, let j) = pair {
                let changes = memo.stateChanges(i, j)
                let differences = changes?.phrases ?? []
                // A controller renamed earlier comes back on screen: `visible Search → Find` says the rename again (a trial
                // read it at a later step with nothing else to say).
                let renamedVisible = changes.flatMap { Self.visibleRename($0, said: persisting) }
                let earlier = differences.filter { persisting.contains($0) && !$0.hasPrefix("visible ") || $0 == renamedVisible }
                persisting = Set(differences)
                // Every difference named before it (a tab switched in both runs after a tab was removed in one): it differs
                // only by what came before (a trial read the removal again at the last step).
                if !earlier.isEmpty, earlier.count == entry.changes.count {
                    carried += 1
                    carriedSteps.append(j)
                    continue
                }
                if !earlier.isEmpty, earlier.count < entry.changes.count {
                    entry.shownEarlier = earlier
                    // Its diagram marks what the step names, not those (a trial: a rename said once was drawn removed and
                    // added at every later step).
                    if let changes {
                        var earlierSubjects: Set<NodeID> = []
                        var named: Set<NodeID> = []
                        var said: [NodeID: Set<ChangeAspect>] = [:]
                        var saying: [NodeID: Set<ChangeAspect>] = [:]
                        for (index, phrase) in changes.phrases.enumerated() {
                            let subjects = changes.subjects[index]
                            let one = subjects.count == 1 ? subjects.first : nil
                            if earlier.contains(phrase) {
                                earlierSubjects.formUnion(subjects)
                                if let one, let aspect = changes.aspects[index] { said[one, default: []].insert(aspect) }
                            } else {
                                named.formUnion(subjects)
                                if let one, let aspect = changes.aspects[index] { saying[one, default: []].insert(aspect) }
                            }
                        }
                        entry.unmarked = earlierSubjects.subtracting(named)
                        for (id, aspects) in said where named.contains(id) {
                            let quiet = aspects.subtracting(saying[id] ?? [])
                            if !quiet.isEmpty { entry.quiet[id] = quiet }
                        }
                    }
                    entry.summary = Self.label(old: i, new: j) + ": " + entry.listed.joined(separator: "; ")
                }
            }
            entries.append(entry)
        }
    }

    /// The comparisons of two runs' states, and each step's own effect, each made once when first asked for.
    final class Memo {
        let old: DiffRun
        let new: DiffRun
        private struct Pair: Hashable {
            var i: Int
            var j: Int
        }
        private var states: [Pair: HierarchyChanges?] = [:]
        private var effects: [[Int: HierarchyChanges]] = [[:], [:]]

        init(old: DiffRun, new: DiffRun) {
            self.old = old
            self.new = new
        }

        /// `RunDiff.stateChanges(old:_:new:_:)`.
        func stateChanges(_ i: Int, _ j: Int) -> HierarchyChanges? {
            if let known = states[Pair(i: i, j: j)] { return known }
            let changes = RunDiff.stateChanges(old: old, i, new: new, j)
            states[Pair(i: i, j: j)] = .some(changes)
            return changes
        }

        /// `RunDiff.ownEffect(_:_:)` of the new run's step, or the old run's.
        func ownEffect(new isNew: Bool, _ index: Int) -> HierarchyChanges {
            let side = isNew ? 1 : 0
            if let known = effects[side][index] { return known }
            let effect = RunDiff.ownEffect(isNew ? new : old, index)
            effects[side][index] = effect
            return effect
        }
    }

    /// A new controller named as its old counterpart is.
    struct Renamed: Hashable {
        var new: NodeID
        var old: NodeID
    }

    /// The memo's two runs' steps aligned, their initial states (after `start`'s skipped steps) first.
    static func align(start: Skipped, memo: Memo) -> [StepAlignment.Pair] {
        let (old, new) = (memo.old, memo.new)
        let useArguments = (old.steps.dropFirst(start.old + 1) + new.steps.dropFirst(start.new + 1)).allSatisfy { $0.arguments != nil }
        // Each state numbered, equal states of both runs alike.
        var states: [String: Int] = [:]
        func keys(_ run: DiffRun, isNew: Bool, from first: Int) -> [StepAlignment.Key] {
            run.steps.indices.dropFirst(first + 1).map { index in
                let step = run.steps[index]
                let effect = memo.ownEffect(new: isNew, index)
                let key = Self.effectKey(step, effect)
                let shape = [
                    step.status.rawValue, "\(effect.added.count)", "\(effect.removed.count)", "\(effect.moved.count)",
                    "\(effect.changed.count)",
                    effect.isVisibleChanged ? "=" : "",
                ].joined(separator: "|")
                let place = step.finder.path.dropLast().map(\.rawValue).joined(separator: ">")
                let added =
                    effect.added.isEmpty
                    ? nil
                    : effect.added.map { id in step.hierarchy.node(id).map { $0.className ?? $0.kind.rawValue } ?? "" }
                        .joined(separator: ",")
                let state = states[step.canonical] ?? states.count
                states[step.canonical] = state
                if useArguments, let arguments = step.arguments {
                    return .init(op: step.op, detail: arguments, effect: key, shape: shape, place: place, added: added, state: state)
                }
                return .init(op: step.op, detail: key, shape: shape, place: place, added: added, state: state)
            }
        }
        var alignment: [StepAlignment.Pair] = []
        if !old.steps.isEmpty, !new.steps.isEmpty { alignment.append(.both(old: start.old, new: start.new)) }
        let (i0, j0) = (start.old + 1, start.new + 1)
        alignment += StepAlignment.align(old: keys(old, isNew: false, from: start.old), new: keys(new, isNew: true, from: start.new)).map {
            pair in
            switch pair {
            case .both(let i, let j): .both(old: i + i0, new: j + j0)
            case .inserted(let j): .inserted(new: j + j0)
            case .removed(let i): .removed(old: i + i0)
            }
        }
        return alignment
    }

    /// How old state `i` and new state `j` differ (nil when they do not), as a changed entry words it.
    static func stateChanges(old: DiffRun, _ i: Int, new: DiffRun, _ j: Int) -> HierarchyChanges? {
        stateChanges(old.steps[i], new.steps[j], old: old, new: new)
    }

    /// How old state `a` (of `old`) and new state `b` (of `new`) differ, nil when they do not.
    static func stateChanges(_ a: DiffStep, _ b: DiffStep, old: DiffRun, new: DiffRun) -> HierarchyChanges? {
        guard a.canonical != b.canonical || a.finder.visible != b.finder.visible else { return nil }
        let wording: HierarchyChanges.Wording = old.source == .snapshot && new.source == .snapshot ? .step : .comparison
        return HierarchyChanges(
            old: a.hierarchy, oldVisible: a.finder.visible, new: b.hierarchy, newVisible: b.finder.visible, wording: wording)
    }

    /// The phrase of `changes`' visible controller when it changed only as a replacement `said` already names (`~ Search
    /// replaced by Find in searchNav`, then `visible Search → Find`).
    static func visibleRename(_ changes: HierarchyChanges, said: Set<String>) -> String? {
        guard let old = changes.oldVisible, let new = changes.newVisible, changes.replacements[old] == new,
            zip(changes.phrases, changes.subjects).contains(where: { said.contains($0) && $1.contains(old) })
        else { return nil }
        return changes.phrases.last { $0.hasPrefix("visible ") }
    }

    /// Whether old step `i` and new step `j` (of the memo's runs) differ only by what came before them: the states before
    /// them differ, and the two steps, of one operation, status and message, led to one state, or did the same, with the
    /// same arguments (when both runs have them) and own effect (what each added, removed, moved and changed, its phrases, and
    /// the visible controller after it when it changed it), and the controllers they added are alike
    /// (kind, screen, title, class, style…).
    static func isCarried(_ i: Int, _ j: Int, memo: Memo) -> Bool {
        let (old, new) = (memo.old, memo.new)
        guard i > 0, j > 0 else { return false }
        let (a, b) = (old.steps[i], new.steps[j])
        let (beforeA, beforeB) = (old.steps[i - 1], new.steps[j - 1])
        guard beforeA.canonical != beforeB.canonical || beforeA.finder.visible != beforeB.finder.visible else { return false }
        guard a.op == b.op, a.status == b.status, a.message == b.message else { return false }
        // Not when what it told its controllers differs, or how it animated: that is the step's own (`callbackPhrase`).
        guard callbackPhrase(i, j, memo: memo) == nil, a.animation == nil || b.animation == nil || a.animation == b.animation
        else { return false }
        // Or the same operation that led both to one state: what it did differs only as the states before it did (a root
        // now on another tab made a later snapshot switch tabs, and no line counted it: a trial).
        if a.canonical == b.canonical, a.finder.visible == b.finder.visible { return true }
        let (x, y) = (memo.ownEffect(new: false, i), memo.ownEffect(new: true, j))
        // Or, with no arguments to compare (snapshots, whose arguments are the state; run JSON), a step after which the
        // states differ as they did before it: a renamed class (another id) made what each step did differ by that id,
        // and every later line of two imported flows restated the rename (a trial; hand-written flows counted it).
        if a.arguments == nil || b.arguments == nil || a.op == "snapshot" {
            func split(_ phrases: [String]) -> (others: [String], visible: [String]) {
                (phrases.filter { !$0.hasPrefix("visible ") }, phrases.filter { $0.hasPrefix("visible ") })
            }
            let beforeChanges = memo.stateChanges(i - 1, j - 1)
            let before = split(beforeChanges?.phrases ?? [])
            let after = split(memo.stateChanges(i, j)?.phrases ?? [])
            // And the two did the same, the replaced controllers read as their replacements: the differences of two states
            // do not look into a controller on one side only, and a view released in one run only hid so (a review).
            if !after.others.isEmpty, before.others == after.others, after.visible.isEmpty || after.visible == before.visible,
                effectKey(a, x, renaming: beforeChanges?.replacements ?? [:]) == effectKey(b, y)
            {
                return true
            }
        }
        if let p = a.arguments, let q = b.arguments, p != q { return false }
        // The visible phrase names the controller before the step, which the earlier difference may change.
        func phrases(_ changes: HierarchyChanges) -> [String] { changes.phrases.filter { !$0.hasPrefix("visible ") } }
        guard effectKey(a, x) == effectKey(b, y), phrases(x) == phrases(y) else { return false }
        // And what they added is alike: two pushes of a screen whose title or class the change renamed added
        // different controllers (a trial: the second of two retitled screens was counted here, in no line).
        return x.added.allSatisfy { id in
            !a.hierarchy.contains(id) || !b.hierarchy.contains(id)
                || HierarchyChanges.fieldChanges(of: id, old: a.hierarchy, new: b.hierarchy, survivors: []).isEmpty
        }
    }

    /// What step `index` did, independent of what came before it: its status, the nodes it added,
    /// removed, moved and changed, and the visible controller after it if the step changed it. (The
    /// phrases would not do: `visible Product → Reviews` names the previous state, which an
    /// inserted step changes.)
    static func effectKey(_ run: DiffRun, _ index: Int) -> String {
        effectKey(run.steps[index], ownEffect(run, index))
    }

    /// `effectKey` of a step whose own effect (`ownEffect`) is `changes`.
    static func effectKey(_ step: DiffStep, _ changes: HierarchyChanges, renaming: [NodeID: NodeID] = [:]) -> String {
        func named(_ id: NodeID) -> String { (renaming[id] ?? id).rawValue }
        func list(_ ids: [NodeID]) -> String { ids.map(named).joined(separator: ",") }
        return [
            step.status.rawValue, step.message ?? "", "+" + list(changes.added), "-" + list(changes.removed),
            "~" + list(changes.moved), "*" + list(changes.changed),
            changes.isVisibleChanged ? "=" + (step.finder.visible.map(named) ?? "") : "",
        ].joined(separator: "|")
    }

    /// What step `index` (from 1) of a run did: its state before and after, compared.
    static func ownEffect(_ run: DiffRun, _ index: Int) -> HierarchyChanges {
        let step = run.steps[index]
        let before = run.steps[index - 1]
        return HierarchyChanges(
            old: before.hierarchy, oldVisible: before.finder.visible, new: step.hierarchy, newVisible: step.finder.visible)
    }

    /// The entry of an aligned pair, nil when the two do not differ; `initial`: the pair of initial states (a snapshot
    /// step against an initial state when one run starts from an empty window, whose operations are not compared).
    static func entry(_ pair: StepAlignment.Pair, initial: Bool = false, memo: Memo) -> Entry? {
        let (old, new) = (memo.old, memo.new)
        switch pair {
        case .both(let i, let j):
            let a = old.steps[i]
            let b = new.steps[j]
            var changes: [String] = []
            if a.op != b.op, !initial { changes.append("op \(a.op) → \(b.op)") }
            // Two runs' states after a step: how they differ, not what the step did (the difference may come from an
            // earlier step). Two snapshots are one app before and after: what happened.
            changes += memo.stateChanges(i, j)?.phrases ?? []
            if a.status != b.status {
                changes.append("status \(a.status.rawValue) → \(b.status.rawValue)" + (b.message.map { " (\($0))" } ?? ""))
            } else if a.message != b.message {
                // In double quotes: messages quote names in single ones (`''settingsNav' is at its root'`, a trial).
                changes.append("message \(a.message.map { "\"\($0)\"" } ?? "none") → \(b.message.map { "\"\($0)\"" } ?? "none")")
            }
            let callbacks = Self.callbackPhrase(i, j, memo: memo)
            if let callbacks { changes.append(callbacks) }
            if let phrase = Self.animationPhrase(a, b, callbacks: callbacks) { changes.append(phrase) }
            guard !changes.isEmpty else { return nil }
            return Entry(
                kind: .changed, oldIndex: i, newIndex: j, oldOp: a.op, newOp: b.op, changes: changes,
                summary: "\(label(old: i, new: j)): " + changes.joined(separator: "; "),
                from: Side(title: "old", hierarchy: a.hierarchy, finder: a.finder),
                to: Side(title: "new", hierarchy: b.hierarchy, finder: b.finder))
        case .inserted(let j):
            let step = new.steps[j]
            let before = new.steps[j - 1]
            let changes = j > 0 ? memo.ownEffect(new: true, j).phrases : []
            return Entry(
                kind: .inserted, oldIndex: nil, newIndex: j, oldOp: nil, newOp: step.op, changes: changes,
                summary: "step \(j) inserted (\(describe(step))): " + (changes.isEmpty ? "no change" : changes.joined(separator: "; ")),
                from: Side(title: "new, before step \(j)", hierarchy: before.hierarchy, finder: before.finder),
                to: Side(title: "new, after step \(j)", hierarchy: step.hierarchy, finder: step.finder))
        case .removed(let i):
            let step = old.steps[i]
            let before = old.steps[i - 1]
            let changes = i > 0 ? memo.ownEffect(new: false, i).phrases : []
            return Entry(
                kind: .removed, oldIndex: i, newIndex: nil, oldOp: step.op, newOp: nil, changes: changes,
                summary: "old step \(i) removed (\(describe(step))): " + (changes.isEmpty ? "no change" : changes.joined(separator: "; ")),
                from: Side(title: "old, before step \(i)", hierarchy: before.hierarchy, finder: before.finder),
                to: Side(title: "old, after step \(i)", hierarchy: step.hierarchy, finder: step.finder))
        }
    }

    /// How the appearance callbacks of old step `i` and new step `j` differ (`callbackChanges`), nil when they are the same
    /// or not compared. Of the controllers both sides hold: one that one side has and the other not is a state difference
    /// already (a pushed screen renamed sends its callbacks under its new name). For one operation that ended alike: another
    /// operation or status says why its callbacks differ. From states that hold the same controllers in the same places: after
    /// a controller added or removed earlier, the callbacks follow from it (a push before a pop to the root changes who is
    /// told it disappears), but after an earlier change of a field (a style, a selection) what the step's controllers are told
    /// is what a reviewer looks for (a dismissal over a sheet no longer covered full screen stopped telling the sheet it
    /// appears, and was counted as differing only by what came before: a readability trial).
    static func callbackPhrase(_ i: Int, _ j: Int, memo: Memo) -> String? {
        let (old, new) = (memo.old, memo.new)
        let (a, b) = (old.steps[i], new.steps[j])
        guard let x = a.callbacks, let y = b.callbacks, i > 0, j > 0, a.op == b.op, a.status == b.status else { return nil }
        let (p, q) = (old.steps[i - 1], new.steps[j - 1])
        /// Every attached controller with where it is: its parent and its presenter, and the order of each container's
        /// children but a tab bar's and a custom container's (which show a child by its selection, not its place): tabs
        /// reordered earlier hold the same controllers in the same places (a code-review trial's later style change lost its
        /// callbacks), where a stack reordered changes what a later pop tells (a review).
        func places(_ h: Hierarchy) -> [NodeID: [NodeID?]] {
            Dictionary(
                uniqueKeysWithValues: h.attachedNodes().map { id in
                    let ordered = h[id].kind != .tab && h[id].kind != .controller
                    return (id, [h[id].parent, h[id].presenter] + (ordered ? h[id].children.map { Optional($0) } : []))
                })
        }
        guard p.canonical == q.canonical || places(p.hierarchy) == places(q.hierarchy) else { return nil }
        // The same screen under another number (an earlier step built one fewer) is told what it was told under its old
        // number: compared so (a code-review trial read `~ SignUp numbered SignUp#2 … (the same screen); callbacks
        // −SignUp.viewWillAppear, −SignUp.viewDidAppear`, where the new run told SignUp#2 both).
        let renumbered = memo.stateChanges(i, j)?.renumbered ?? [:]
        let back = Dictionary(renumbered.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let inOld = { (id: NodeID) in p.hierarchy.contains(id) || a.hierarchy.contains(id) }
        let inNew = { (id: NodeID) in q.hierarchy.contains(id) || b.hierarchy.contains(id) }
        let olds = x.compactMap { callback -> String? in
            let id = renumbered[callback.controller] ?? callback.controller
            guard inOld(callback.controller), inNew(id) else { return nil }
            return id == callback.controller ? callback.text : id.rawValue + callback.text.dropFirst(callback.controller.rawValue.count)
        }
        let news = y.filter { inNew($0.controller) && inOld(back[$0.controller] ?? $0.controller) }.map(\.text)
        return callbackChanges(old: olds, new: news)
    }

    /// How two steps' animations differ (`animation push · 0.35 s → crossDissolve · 0.3 s`), nil when alike, unknown on a
    /// side, or already said as callbacks animated or not now: a changed animation was "no navigation changes", where
    /// `check` failed on the transition's caption (a code-review trial).
    static func animationPhrase(_ a: DiffStep, _ b: DiffStep, callbacks: String?) -> String? {
        guard let x = a.animation, let y = b.animation, x != y, a.op == b.op, a.status == b.status,
            callbacks != "callbacks not animated now", callbacks != "callbacks animated now"
        else { return nil }
        func plain(_ text: String) -> String { text.hasPrefix("animation: ") ? String(text.dropFirst("animation: ".count)) : text }
        return "animation \(plain(x)) → \(plain(y))"
    }

    /// How a step's appearance callbacks differ, in one phrase (`callbacks +Home.viewWillDisappear, −Home.viewDidAppear`),
    /// nil when they are the same: a modal's style turned to fullScreen changed six callbacks and only the style was
    /// told (a code-review trial).
    static func callbackChanges(old: [String], new: [String]) -> String? {
        guard old != new else { return nil }
        // The same callbacks, the step made (or no longer made) without animation: one phrase, not each callback twice (a
        // code-review trial's `animated: false` read as four added and four removed).
        let unanimated = " (not animated)"
        func plain(_ callbacks: [String]) -> [String] {
            callbacks.map { $0.hasSuffix(unanimated) ? String($0.dropLast(unanimated.count)) : $0 }
        }
        if plain(old) == plain(new) {
            let nowUnanimated = new.allSatisfy { $0.hasSuffix(unanimated) }, wasUnanimated = old.allSatisfy { $0.hasSuffix(unanimated) }
            if nowUnanimated, !wasUnanimated, old.allSatisfy({ !$0.hasSuffix(unanimated) }) { return "callbacks not animated now" }
            if wasUnanimated, !nowUnanimated, new.allSatisfy({ !$0.hasSuffix(unanimated) }) { return "callbacks animated now" }
        }
        var added = new
        var removed: [String] = []
        for callback in old {
            if let index = added.firstIndex(of: callback) { added.remove(at: index) } else { removed.append(callback) }
        }
        if added.isEmpty, removed.isEmpty { return "callbacks in another order" }
        func listed(_ callbacks: [String], _ sign: String) -> [String] { callbacks.map { sign + $0 } }
        let all = listed(added, "+") + listed(removed, "−")
        // Up to a dozen, every callback of a container's switch or a full-screen cover (four left a reviewer a "… 2 more"
        // that no output listed, a code-review trial).
        let shown = all.count > 12 ? 11 : all.count
        return "callbacks " + (all.prefix(shown) + (all.count > shown ? ["… \(all.count - shown) more"] : [])).joined(separator: ", ")
    }

    /// How a changed step's line starts: `step 3`, or `step 3 (old 2)`.
    static func label(old i: Int, new j: Int) -> String { i == j ? "step \(j)" : "step \(j) (old \(i))" }

    /// `push`, or `push, rejected` for a step that did not end ok.
    static func describe(_ step: DiffStep) -> String {
        step.status == .ok ? step.op : "\(step.op), \(step.status.rawValue)"
    }

    /// `2 changed, 1 inserted`: the entries counted by kind (kinds with none are left out), then the
    /// carried steps (`(3 later steps differ only by what came before)`).
    public var counts: String {
        let kinds = [Kind.changed, .inserted, .removed].compactMap { kind in
            let n = entries.filter { $0.kind == kind }.count
            return n == 0 ? nil : "\(n) \(kind.rawValue)"
        }.joined(separator: ", ")
        return carriedNote.map { kinds + " " + $0 } ?? kinds
    }

    /// `(3 later steps differ only by what came before)`, when some were left out of `entries`.
    public var carriedNote: String? {
        guard carried > 0 else { return nil }
        return "(\(carried) later step\(carried == 1 ? "" : "s") \(carried == 1 ? "differs" : "differ") only by what came before)"
    }
}
