import NavVizCore
import NavVizRender
import NavVizScenario

/// A line-by-line diff of two texts in the unified style, without context lines: hunks headed
/// `@@ -12,2 +12,3 @@`, removed lines prefixed `-`, added lines `+`.
public enum LineDiff {
    /// Above this many cells (old lines × new lines, after trimming the common start and end),
    /// the changed middle is shown as removed and re-added instead of aligned line by line.
    static let cellLimit = 4_000_000

    /// The diff lines (hunk headers, `-` and `+` lines); empty when the texts are equal. With `key`, lines are the same
    /// when their keys are (a summary's lines without their step numbers: a step inserted early made every later line
    /// differ), and shown as they are.
    public static func lines(old: String, new: String, key: ((String) -> String)? = nil) -> [String] {
        let a = split(old)
        let b = split(new)
        let (keysA, keysB) = key.map { key in (a.map(key), b.map(key)) } ?? (a, b)
        var prefix = 0
        while prefix < a.count, prefix < b.count, keysA[prefix] == keysB[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, keysA[a.count - 1 - suffix] == keysB[b.count - 1 - suffix] {
            suffix += 1
        }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        // Each operation: (isOld, isNew) — both for a common line.
        var ops: [(old: Bool, new: Bool)] = []
        if middleA.count * middleB.count <= cellLimit {
            ops = align(Array(keysA[prefix..<(a.count - suffix)]), Array(keysB[prefix..<(b.count - suffix)]))
        } else {
            ops = Array(repeating: (true, false), count: middleA.count) + Array(repeating: (false, true), count: middleB.count)
        }
        var out: [String] = []
        var i = 0
        var j = 0
        var k = 0
        while k < ops.count {
            if ops[k].old && ops[k].new {
                i += 1
                j += 1
                k += 1
                continue
            }
            let startI = i
            let startJ = j
            var removed: [String] = []
            var added: [String] = []
            while k < ops.count, !(ops[k].old && ops[k].new) {
                if ops[k].old {
                    removed.append("-" + middleA[i])
                    i += 1
                } else {
                    added.append("+" + middleB[j])
                    j += 1
                }
                k += 1
            }
            out.append("@@ -\(range(prefix + startI, removed.count)) +\(range(prefix + startJ, added.count)) @@")
            out += removed + added
        }
        return out
    }

    /// `12,3` (lines 12 to 14), `12` (one line) or `11,0` (none, after line 11), as in unified diffs.
    static func range(_ start: Int, _ count: Int) -> String {
        switch count {
        case 0: "\(start),0"
        case 1: "\(start + 1)"
        default: "\(start + 1),\(count)"
        }
    }

    static func split(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A longest-common-subsequence alignment of two line lists.
    static func align(_ a: [String], _ b: [String]) -> [(old: Bool, new: Bool)] {
        let n = a.count
        let m = b.count
        let width = m + 1
        var lcs = [Int32](repeating: 0, count: (n + 1) * width)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lcs[i * width + j] = a[i] == b[j] ? lcs[(i + 1) * width + j + 1] + 1 : max(lcs[(i + 1) * width + j], lcs[i * width + j + 1])
            }
        }
        var ops: [(old: Bool, new: Bool)] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
                ops.append((true, true))
                i += 1
                j += 1
            } else if i < n, j == m || lcs[(i + 1) * width + j] >= lcs[i * width + j + 1] {
                ops.append((true, false))
                i += 1
            } else {
                ops.append((false, true))
                j += 1
            }
        }
        return ops
    }
}
