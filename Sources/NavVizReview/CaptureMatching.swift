import NavVizCore

/// Controllers of two captured runs matched by where they are, not by their numbers.
///
/// A capture names a class's controllers in print order (`MMUINavigationController`, `…#2`…). Take one away, a tab a pull
/// request removed, and every later one of its class prints one number lower: compared by id, the presented navigation
/// controller (`#5`, now `#4`) read as the old fourth tab moved, the real change, its style, went unsaid (a code-review
/// trial). So between two runs of snapshots the new run's controllers are matched with the old run's from the window's
/// root down, along the aligned states: the same container's children in order, by class (and a container's by its
/// first child's class too), then a presenter's presented controller; one whose number differs from its match's is
/// renamed to it, and a controller left without a match whose number a match now takes gets the next number of neither run.
struct CaptureMatching {
    /// New id → old id: every new controller whose counterpart in the old run has another number.
    var renaming: [NodeID: NodeID] = [:]

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
            Self.walk(rootB, rootA, old: a, new: b, match: &match, taken: &taken)
        }
        var renaming = match.filter { $0.key != $0.value }
        guard !renaming.isEmpty else { return }
        // A new controller left unmatched keeps its id, unless a match took it: then a number neither run uses.
        var highest: [Substring: Int] = [:]
        for run in [old, new] {
            for step in run.steps {
                for id in step.hierarchy.nodeIDs {
                    let (base, number) = id.numbered
                    highest[base] = max(highest[base] ?? 1, number ?? 1)
                }
            }
        }
        let targets = Set(renaming.values)
        var allNew: Set<NodeID> = []
        for step in new.steps { allNew.formUnion(step.hierarchy.nodeIDs) }
        for id in allNew.sorted() where renaming[id] == nil && targets.contains(id) {
            let base = id.numbered.base
            let next = (highest[base] ?? 1) + 1
            highest[base] = next
            renaming[id] = NodeID("\(base)#\(next)")
        }
        self.renaming = renaming
    }

    /// What tells a controller from the others of its class in one container: its kind and class, and a container's
    /// first child's class (a tab's navigation controller by its root).
    static func signature(_ id: NodeID, in h: Hierarchy) -> String {
        let node = h[id]
        let first = node.children.first.map { h[$0].className ?? h[$0].screen ?? $0.numbered.base.description } ?? ""
        return "\(node.kind.rawValue)|\(node.className ?? node.screen ?? "")|\(first)"
    }

    /// Matches `b` (new) with `a` (old) unless either has another match, then their children and presented controllers.
    private static func walk(
        _ b: NodeID, _ a: NodeID, old: Hierarchy, new: Hierarchy, match: inout [NodeID: NodeID], taken: inout Set<NodeID>
    ) {
        if let known = match[b] {
            guard known == a else { return }
        } else {
            guard !taken.contains(a), b.numbered.base == a.numbered.base else { return }
            match[b] = a
            taken.insert(a)
        }
        descend(b, a, old: old, new: new, match: &match, taken: &taken)
    }

    private static func descend(
        _ b: NodeID, _ a: NodeID, old: Hierarchy, new: Hierarchy, match: inout [NodeID: NodeID], taken: inout Set<NodeID>
    ) {
        let theirs = old[a].children
        let mine = new[b].children
        var pairs: [Int: Int] = [:]
        for (j, child) in mine.enumerated() {
            if let known = match[child], let i = theirs.firstIndex(of: known) { pairs[j] = i }
        }
        func claim(_ j: Int, _ i: Int) {
            match[mine[j]] = theirs[i]
            taken.insert(theirs[i])
            pairs[j] = i
        }
        func free(_ j: Int) -> [Int] {
            theirs.indices.filter { !taken.contains(theirs[$0]) && theirs[$0].numbered.base == mine[j].numbered.base }
        }
        // Alike first, over the whole list (a tab inserted before others must not take their numbers' old places): the
        // same number, then in order, then out of order (tabs swapped).
        for j in mine.indices where match[mine[j]] == nil {
            let signature = signature(mine[j], in: new)
            let alike = free(j).filter { Self.signature(theirs[$0], in: old) == signature }
            let next = (pairs.filter { $0.key < j }.map(\.value).max() ?? -1) + 1
            if let pick = alike.first(where: { theirs[$0] == mine[j] }) ?? alike.first(where: { $0 >= next }) ?? alike.first {
                claim(j, pick)
            }
        }
        // Then the same number, of another class or root (a tab's root renamed).
        for j in mine.indices where match[mine[j]] == nil {
            if let pick = free(j).first(where: { theirs[$0] == mine[j] }) { claim(j, pick) }
        }
        for j in mine.indices {
            if let i = pairs[j] { walk(mine[j], theirs[i], old: old, new: new, match: &match, taken: &taken) }
        }
        if let presented = new[b].presented, let counterpart = old[a].presented {
            walk(presented, counterpart, old: old, new: new, match: &match, taken: &taken)
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
            callbacks: callbacks?.map { Callback(controller: map[$0.controller] ?? $0.controller, text: $0.text) })
    }
}
