/// How many nodes of each base name a hierarchy created, so ids are never reused. Every step of a run keeps
/// a copy of its hierarchy, and a plain dictionary would be copied whole by every step that adds a name:
/// memory quadratic in the number of distinct names. This map shares its bulk between copies: recent
/// changes live in a small dictionary, older ones in frozen, shared tables merged like a binary counter
/// (at most about log₂(names) of them), so a copy costs a few pointers and at most `recentLimit` entries.
struct NameCounts: Sendable, Equatable {
    /// A table no one changes again, shared by every copy that holds it.
    private final class Frozen: Sendable {
        let counts: [String: Int]
        init(_ counts: [String: Int]) { self.counts = counts }
    }

    /// Changes since the last freeze; 0 marks a name a rollback removed.
    private var recent: [String: Int] = [:]
    /// Frozen tables, newest first; a newer table's value wins.
    private var levels: [Frozen] = []
    private static let recentLimit = 32

    init() {}

    /// The count for `name`; nil when no node of that name was created.
    subscript(name: String) -> Int? {
        get {
            if let count = recent[name] { return count == 0 ? nil : count }
            for level in levels {
                if let count = level.counts[name] { return count == 0 ? nil : count }
            }
            return nil
        }
        set {
            recent[name] = newValue ?? 0
            if recent.count > Self.recentLimit { freeze() }
        }
    }

    /// Moves the recent changes into a frozen table, merging tables of similar size.
    private mutating func freeze() {
        var merged = recent
        recent = [:]
        while let next = levels.first, next.counts.count <= 2 * merged.count {
            merged.merge(next.counts) { newer, _ in newer }
            levels.removeFirst()
        }
        levels.insert(Frozen(merged), at: 0)
    }

    /// How many frozen tables there are (tests: about log₂ of the names).
    var frozenTables: Int { levels.count }
    /// How many entries a copy holds on its own (tests: at most `recentLimit` + 1).
    var unsharedEntries: Int { recent.count }

    /// Every name and its count.
    private var all: [String: Int] {
        var result: [String: Int] = [:]
        for level in levels.reversed() { result.merge(level.counts) { _, newer in newer } }
        result.merge(recent) { _, newer in newer }
        return result.filter { $0.value != 0 }
    }

    static func == (lhs: NameCounts, rhs: NameCounts) -> Bool {
        if lhs.recent == rhs.recent, lhs.levels.count == rhs.levels.count,
            zip(lhs.levels, rhs.levels).allSatisfy({ $0 === $1 })
        {
            return true
        }
        return lhs.all == rhs.all
    }
}
