import NavVizCore
import NavVizRender
import NavVizScenario

/// Lines up the steps of two runs, as a text diff lines up lines: an inserted or removed step is one
/// insertion or removal, and the steps after it pair with their counterparts again.
///
/// An edit-distance alignment: steps with equal keys pair for free; steps with the same operation
/// pair as a change (cost 3); an insertion or a removal costs 4; steps with different operations
/// pair as a change (cost 7) only where the alternative is removing one and inserting the other
/// (8). So a step replaced by another reads as one changed step, while an inserted step followed by
/// steps of the same operations reads as an insertion, not as a run of operations changed into
/// each other. Steps of the same operation whose details differ but whose effects are alike pair cheaper
/// (1 for the same effect, 2 for an effect of the same shape or a visible controller in the same containers): a
/// flow of captures renamed throughout has no equal steps at all, and an inserted capture must still pair the
/// others by what each did. Among equally cheap alignments, the one pairing more changed steps that added controllers of
/// the same classes wins (a screen renamed and another pushed before it read as the other screen "replaced by" the new
/// one: a code-review trial), and the one pairing more steps that leave the same state (old `push A, push B, pop` against
/// new `push A, push B, push C, pop, pop`: the old pop is the new second pop, both back at A, and the push and pop
/// between them are inserted; paired with the first pop, a trial read `+ B only in new` of a flow that only gained C);
/// among those, the earliest pairing.
public enum StepAlignment {
    /// One position of an alignment: indices into the two step lists.
    public enum Pair: Sendable, Equatable {
        /// Old step `old` and new step `new` correspond.
        case both(old: Int, new: Int)
        /// New step `new` has no counterpart in the old list.
        case inserted(new: Int)
        /// Old step `old` has no counterpart in the new list.
        case removed(old: Int)
    }

    /// What identifies a step for the alignment.
    public struct Key: Sendable, Equatable {
        /// The operation's name.
        public var op: String
        /// Everything else that must be equal for two steps to be the same step.
        public var detail: String
        /// What the step did, when known (`RunDiff.effectKey`): alike effects pair cheaper than other changes.
        public var effect: String?
        /// The effect's shape (how many controllers it added, removed, moved and changed, whether the visible one
        /// changed), when known.
        public var shape: String?
        /// Where the step left the visible controller: the containers on the way to it, when known.
        public var place: String?
        /// The classes (or kinds) of the controllers the step added, when it added any: breaks a tie between alignments.
        public var added: String?
        /// The state the step leaves, numbered so that equal states of both lists have equal numbers, when known: breaks a
        /// tie between alignments.
        public var state: Int?
        /// A key.
        public init(
            op: String, detail: String, effect: String? = nil, shape: String? = nil, place: String? = nil, added: String? = nil,
            state: Int? = nil
        ) {
            self.op = op
            self.detail = detail
            self.effect = effect
            self.shape = shape
            self.place = place
            self.added = added
            self.state = state
        }
    }

    static let insertionCost = 4
    static let sameEffectCost = 1
    static let alikeEffectCost = 2
    static let sameOperationCost = 3
    static let otherOperationCost = 7

    /// The cheapest alignment of `old` with `new`, in order.
    public static func align(old: [Key], new: [Key]) -> [Pair] {
        let n = old.count
        let m = new.count
        // Every cost is scaled by more than twice the number of pairs an alignment can hold; a changed pair that added
        // controllers of the same classes costs one less, and a pair that leaves the same state one less again: tie-breaks
        // that never outweigh a cheaper alignment.
        let scale = 2 * min(n, m) + 1
        let insertionCost = Self.insertionCost * scale
        func pairCost(_ i: Int, _ j: Int) -> Int {
            let (a, b) = (old[i], new[j])
            let sameState = a.state != nil && a.state == b.state ? 1 : 0
            if a.op == b.op, a.detail == b.detail { return -sameState }
            guard a.op == b.op else { return otherOperationCost * scale - sameState }
            let tieBreak = (a.added != nil && a.added == b.added ? 1 : 0) + sameState
            if let effect = a.effect, effect == b.effect { return sameEffectCost * scale - tieBreak }
            if let shape = a.shape, shape == b.shape { return alikeEffectCost * scale - tieBreak }
            if let place = a.place, place == b.place { return alikeEffectCost * scale - tieBreak }
            return sameOperationCost * scale - tieBreak
        }
        // cost[i][j]: the cheapest alignment of old[i...] with new[j...], in one flat array.
        let width = m + 1
        var cost = [Int](repeating: 0, count: (n + 1) * width)
        for i in stride(from: n, through: 0, by: -1) {
            for j in stride(from: m, through: 0, by: -1) {
                if i == n && j == m { continue }
                var best = Int.max
                if i < n, j < m { best = pairCost(i, j) + cost[(i + 1) * width + j + 1] }
                if i < n { best = min(best, insertionCost + cost[(i + 1) * width + j]) }
                if j < m { best = min(best, insertionCost + cost[i * width + j + 1]) }
                cost[i * width + j] = best
            }
        }
        var pairs: [Pair] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            let here = cost[i * width + j]
            if i < n, j < m, pairCost(i, j) + cost[(i + 1) * width + j + 1] == here {
                pairs.append(.both(old: i, new: j))
                i += 1
                j += 1
            } else if i < n, insertionCost + cost[(i + 1) * width + j] == here {
                pairs.append(.removed(old: i))
                i += 1
            } else {
                pairs.append(.inserted(new: j))
                j += 1
            }
        }
        return pairs
    }
}
