import NavVizCore

/// Controllers of two captured runs matched by where they are, not by their numbers.
///
/// A capture names a class's controllers in print order (`MMUINavigationController`, `…#2`…). Take one away, a tab a pull
/// request removed, and every later one of its class prints one number lower: compared by id, the presented navigation
/// controller (`#5`, now `#4`) read as the old fourth tab moved, the real change, its style, went unsaid (a code-review
/// trial). So between two runs of snapshots the new run's controllers are matched with the old run's from the window's
/// root down, along the aligned states: the same container's children in order, by class (and a container's by its
/// first child's class too), then a presenter's presented controller; one whose number differs from its match's is
/// renamed to it, and a controller left without a match whose number a match now takes is named `new's Nav#2`.
struct CaptureMatching {
    /// New id → old id: every new controller whose counterpart in the old run has another number.
    var renaming: [NodeID: NodeID] = [:]

    /// The pairs nothing in the captures decided (a tab's root renamed while a tab beside it was removed), one sentence
    /// each: `rmren.json's Nav#3 (with MeViewController) is taken for old.json's Nav#3 (with …), but could as well be …`.
    var guesses: [String] = []

    /// A pair made in a gap with more controllers of a class on one side than on the other, as `describe` names them.
    struct Guess {
        var new: String
        var old: String
        var others: [String]
        var othersAreNew: Bool
    }

    /// Whether a run is made of captures: every step after the initial state is a snapshot (an imported flow, a daemon
    /// session, a capture file). A scenario's steps name controllers by these numbers; those are left as they are.
    static func isCaptured(_ run: DiffRun) -> Bool {
        run.steps.count > 0 && run.steps.dropFirst().allSatisfy { $0.op == "snapshot" }
    }

    /// Matches the new run's controllers with the old run's over aligned pairs of states (old index, new index), the
    /// first pair where a controller appears deciding.
    init(old: DiffRun, new: DiffRun, pairs: [(old: Int, new: Int)]) {
        var match: [NodeID: NodeID] = [:]
        var taken: Set<NodeID> = []
        for (i, j) in pairs {
            let (a, b) = (old.steps[i].hierarchy, new.steps[j].hierarchy)
            guard let rootA = a.root, let rootB = b.root else { continue }
            var walk = Walk(old: a, new: b, match: match, taken: taken)
            walk.walk(rootB, rootA)
            (match, taken) = (walk.match, walk.taken)
            guesses += walk.guesses.map { Self.sentence($0, old: old.file, new: new.file) }
        }
        var allNew: Set<NodeID> = []
        for step in new.steps { allNew.formUnion(step.hierarchy.nodeIDs) }
        renaming = Self.renaming(match, newIDs: allNew)
    }

    /// Matches new state `j`'s controllers with old state `i`'s alone, whatever the states before them decided: an
    /// imported flow whose capture came from another launch of the app numbers its controllers afresh by class and
    /// print order, so its `ViewController` is not the `ViewController` of the state before (a flow re-imported with
    /// one controller added read ten changes against the old flow, a code-review trial).
    init(old: DiffRun, _ i: Int, new: DiffRun, _ j: Int) {
        let (a, b) = (old.steps[i].hierarchy, new.steps[j].hierarchy)
        guard let rootA = a.root, let rootB = b.root else { return }
        var walk = Walk(old: a, new: b, match: [:], taken: [])
        walk.walk(rootB, rootA)
        guesses = walk.guesses.map { Self.sentence($0, old: old.file, new: new.file) }
        renaming = Self.renaming(walk.match, newIDs: Set(b.nodeIDs))
    }

    /// A guess as a sentence naming both files.
    private static func sentence(_ guess: Guess, old: String, new: String) -> String {
        let others = guess.others.joined(separator: " or ")
        return guess.othersAreNew
            ? "\(old)'s \(guess.old) is taken to be \(new)'s \(guess.new), but could as well be its \(others): "
                + "nothing in the captures tells them apart"
            : "\(new)'s \(guess.new) is taken for \(old)'s \(guess.old), but could as well be its \(others): "
                + "nothing in the captures tells them apart"
    }

    /// The matches whose numbers differ. A new controller left unmatched keeps its id, unless a match took it: then it is
    /// named as the new run names it, marked as the new run's (a number neither file used could not be found in either, a
    /// trial).
    private static func renaming(_ match: [NodeID: NodeID], newIDs: Set<NodeID>) -> [NodeID: NodeID] {
        var renaming = match.filter { $0.key != $0.value }
        guard !renaming.isEmpty else { return [:] }
        let targets = Set(renaming.values)
        for id in newIDs.sorted() where renaming[id] == nil && targets.contains(id) {
            renaming[id] = NodeID("new's \(id.rawValue)")
        }
        return renaming
    }

    /// The pairs (index in `a`, index in `b`) of a longest common subsequence of `a` and `b`, in order; of several, the
    /// one that pairs the earliest elements of `a` with the earliest of `b` it can.
    static func inOrder(_ a: [String], _ b: [String]) -> [(Int, Int)] {
        let (n, m) = (a.count, b.count)
        // lengths[i][j]: the longest common subsequence of a[i...] and b[j...], row by row in one array.
        var lengths = [Int32](repeating: 0, count: (n + 1) * (m + 1))
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i * (m + 1) + j] =
                    a[i] == b[j]
                    ? lengths[(i + 1) * (m + 1) + j + 1] + 1 : max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1])
            }
        }
        var pairs: [(Int, Int)] = []
        var (i, j) = (0, 0)
        while i < n, j < m {
            if a[i] == b[j], lengths[i * (m + 1) + j] == lengths[(i + 1) * (m + 1) + j + 1] + 1 {
                pairs.append((i, j))
                (i, j) = (i + 1, j + 1)
            } else if lengths[(i + 1) * (m + 1) + j] >= lengths[i * (m + 1) + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }

    /// What tells a controller from the others of its class in one container: its kind and class, and a container's
    /// first child's class (a tab's navigation controller by its root).
    /// `deep`: every child's class, not the first's only.
    static func signature(_ id: NodeID, in h: Hierarchy, deep: Bool = false) -> String {
        let node = h[id]
        let name = { (child: NodeID) in h[child].className ?? h[child].screen ?? child.numbered.base.description }
        let children = deep ? node.children.map(name).joined(separator: ",") : node.children.first.map(name) ?? ""
        return "\(node.kind.rawValue)|\(node.className ?? node.screen ?? "")|\(children)"
    }

    /// The matching under way: new id → old id, the old ids taken, and the new controllers whose match was decided
    /// (with one, or none) as part of a presentation chain.
    private struct Walk {
        let old: Hierarchy
        let new: Hierarchy
        var match: [NodeID: NodeID]
        var taken: Set<NodeID>
        var decided: Set<NodeID> = []
        var guesses: [Guess] = []

        /// `Nav#2 (with ContactsViewController)`: a controller, and a container's first child, as a reader finds it.
        func describe(_ id: NodeID, in h: Hierarchy) -> String {
            guard let first = h[id].children.first else { return id.rawValue }
            return "\(id) (with \(first))"
        }

        /// The class that names a controller to a reader: a container's first child's, else its own.
        func root(_ id: NodeID, in h: Hierarchy) -> String {
            (h[id].children.first ?? id).numbered.base.description
        }

        /// The one name of `names` that starts as `name` does, counted after what every one of them starts with (a
        /// project's `MM`), for at least three characters and more than any other; nil when none or a tie.
        static func kin(_ name: String, among names: [String]) -> Int? {
            func common(_ a: Substring, _ b: Substring) -> Int { zip(a, b).prefix { $0 == $1 }.count }
            // (One name has nothing to be told apart from: the whole of what it shares would be taken off.)
            let shared = names.count < 2 ? 0 : names.map { common(Substring(name), Substring($0)) }.min() ?? 0
            let scores = names.map { common(name.dropFirst(shared), $0.dropFirst(shared)) }
            guard let best = scores.max(), best >= 3, scores.filter({ $0 == best }).count == 1 else { return nil }
            return scores.firstIndex(of: best)
        }

        /// Matches `b` (new) with `a` (old) unless either has another match, then their children and presentations.
        mutating func walk(_ b: NodeID, _ a: NodeID) {
            if let known = match[b] {
                guard known == a else { return }
            } else {
                guard !taken.contains(a), b.numbered.base == a.numbered.base else { return }
                match[b] = a
                taken.insert(a)
            }
            for (mine, theirs) in pairs(new[b].children, old[a].children) { walk(mine, theirs) }
            // What `b` presents, and what that presents in turn, matched as one list (a sheet inserted in front of a
            // chain, or a screen presented without its navigation controller: matched by position, every sheet after it
            // was paired with the one before it, a trial).
            if let presented = new[b].presented, !decided.contains(presented) {
                let mine = Self.chain(from: b, in: new)
                decided.formUnion(mine)
                for (mine, theirs) in pairs(mine, Self.chain(from: a, in: old)) { walk(mine, theirs) }
            }
        }

        /// What `id` presents, then what that (or a controller inside it) presents, and so on.
        static func chain(from id: NodeID, in h: Hierarchy) -> [NodeID] {
            func presented(below node: NodeID) -> NodeID? {
                if let presented = h[node].presented { return presented }
                for child in h[node].children {
                    if let presented = presented(below: child) { return presented }
                }
                return nil
            }
            var out: [NodeID] = []
            var next = h[id].presented
            while let current = next {
                out.append(current)
                next = presented(below: current)
            }
            return out
        }

        /// Two lists of controllers (a container's children, a presentation chain) paired: alike first, over the whole
        /// list (a tab inserted before others must not take their numbers' old places), by every child's class, then by
        /// the first's, the k-th alike new one with the k-th alike old one left, whatever moved around them (tabs
        /// swapped, one moved to the front); then the same number, of another class or root (a tab's root renamed).
        /// Pairs already matched stay; the new ones are claimed.
        mutating func pairs(_ mine: [NodeID], _ theirs: [NodeID]) -> [(NodeID, NodeID)] {
            var paired: [Int: Int] = [:]
            for (j, child) in mine.enumerated() {
                if let known = match[child], let i = theirs.firstIndex(of: known) { paired[j] = i }
            }
            func free(_ j: Int) -> [Int] {
                theirs.indices.filter { !taken.contains(theirs[$0]) && theirs[$0].numbered.base == mine[j].numbered.base }
            }
            func claim(_ j: Int, _ i: Int) {
                match[mine[j]] = theirs[i]
                taken.insert(theirs[i])
                paired[j] = i
            }
            for deep in [true, false] {
                // In order first, the most alike pairs that keep their order (a longest common subsequence): a screen
                // inserted into a stack of repeated classes paired the k-th alike with the k-th, and read as a move and an
                // insertion (a code-review trial's 3,000-controller capture read 26 moves).
                let js = mine.indices.filter { match[mine[$0]] == nil }
                let candidates = theirs.indices.filter { !taken.contains(theirs[$0]) }
                if !js.isEmpty, !candidates.isEmpty, js.count * candidates.count <= 4_000_000 {
                    let a = js.map { mine[$0].numbered.base + "\u{0}" + CaptureMatching.signature(mine[$0], in: new, deep: deep) }
                    let b = candidates.map {
                        theirs[$0].numbered.base + "\u{0}" + CaptureMatching.signature(theirs[$0], in: old, deep: deep)
                    }
                    for (x, y) in CaptureMatching.inOrder(a, b) { claim(js[x], candidates[y]) }
                }
                for j in mine.indices where match[mine[j]] == nil {
                    let signature = CaptureMatching.signature(mine[j], in: new, deep: deep)
                    if let pick = free(j).first(where: { CaptureMatching.signature(theirs[$0], in: old, deep: deep) == signature }) {
                        claim(j, pick)
                    }
                }
            }
            // Then, between two paired neighbours, the ones left of a class in order (a tab's root renamed while another
            // tab was removed read as a removal and an addition, or as a rename, by where the numbers fell, a trial: the
            // order kept, the fewest changes). Where a gap holds more of a class on one side than the other, which pairs
            // is a guess: the same number first, else in order, and said.
            let anchors =
                [(j: -1, i: -1)] + paired.sorted { $0.key < $1.key }.map { (j: $0.key, i: $0.value) } + [(j: mine.count, i: theirs.count)]
            for (before, after) in zip(anchors, anchors.dropFirst()) where before.i < after.i {
                let left = (before.j + 1..<after.j).filter { match[mine[$0]] == nil }
                for base in Set(left.map { mine[$0].numbered.base }).sorted() {
                    var news = left.filter { mine[$0].numbered.base == base }
                    var olds = (before.i + 1..<after.i).filter { !taken.contains(theirs[$0]) && theirs[$0].numbered.base == base }
                    guard !olds.isEmpty else { continue }
                    // With more on one side, roots whose names start alike, each the other's only such (`ContactListViewController`
                    // and `ContactsViewController`, not `FindFriendEntryViewController`), are paired first, whichever side has
                    // more (a review: a new tab before them took the old one by a guess).
                    if news.count != olds.count {
                        for j in news {
                            guard let k = Self.kin(root(mine[j], in: new), among: olds.map { root(theirs[$0], in: old) }),
                                Self.kin(root(theirs[olds[k]], in: old), among: news.map { root(mine[$0], in: new) }).map({ news[$0] }) == j
                            else { continue }
                            claim(j, olds[k])
                            olds.remove(at: k)
                            news.removeAll { $0 == j }
                        }
                    }
                    if news.count == olds.count {
                        for (j, i) in zip(news, olds) { claim(j, i) }
                        continue
                    }
                    var (open, waiting) = (olds, news)
                    for j in news where !open.isEmpty {
                        let pick = open.first { theirs[$0] == mine[j] } ?? open[0]
                        // The others of the side with more that are still free: old ones, or new ones that could take it.
                        let others =
                            news.count < olds.count
                            ? open.filter { $0 != pick }.map { describe(theirs[$0], in: old) }
                            : waiting.filter { $0 != j }.map { describe(mine[$0], in: new) }
                        guesses.append(
                            Guess(
                                new: describe(mine[j], in: new), old: describe(theirs[pick], in: old), others: others,
                                othersAreNew: news.count > olds.count))
                        claim(j, pick)
                        open.removeAll { $0 == pick }
                        waiting.removeAll { $0 == j }
                    }
                }
            }
            for j in mine.indices where match[mine[j]] == nil {
                if let pick = free(j).first(where: { theirs[$0] == mine[j] }) { claim(j, pick) }
            }
            return mine.indices.compactMap { j in paired[j].map { (mine[j], theirs[$0]) } }
        }
    }
}

extension DiffStep {
    /// The same step with some controllers under other ids (`CaptureMatching`); its arguments, which name the old ids,
    /// are left out.
    func renamingNodes(_ map: [NodeID: NodeID]) -> DiffStep {
        DiffStep(
            index: index, op: op, status: status, message: message, hierarchy: hierarchy.renamingNodes(map),
            finder: finder.renamingNodes(map), arguments: nil,
            callbacks: callbacks?.map { callback in
                // Its text names the controller too (`Nav#4.viewWillDisappear`): compared as text, an old name read as another
                // callback (a review).
                guard let renamed = map[callback.controller] else { return callback }
                let prefix = callback.controller.rawValue + "."
                let text = callback.text.hasPrefix(prefix) ? renamed.rawValue + "." + callback.text.dropFirst(prefix.count) : callback.text
                return Callback(controller: renamed, text: text)
            })
    }
}
