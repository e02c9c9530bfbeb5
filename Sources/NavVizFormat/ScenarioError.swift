/// Why a scenario (or snapshot) file cannot be used. Each names the file and, where there is one, the JSON path.
public enum ScenarioError: Error, Equatable, Sendable {
    case fileNotFound(file: String)
    case isDirectory(file: String)
    case unreadable(file: String, reason: String)
    case emptyFile(file: String)
    case syntax(file: String, JSONSyntaxError)
    case notAnObject(file: String, found: String)
    case missingVersion(file: String)
    case unsupportedVersion(file: String, found: String)
    case missingField(file: String, path: String, field: String)
    case wrongType(file: String, path: String, expected: String, found: String)
    case unknownOperation(file: String, path: String, name: String, suggestion: String?)
    case unknownField(file: String, path: String, field: String, suggestion: String?, allowed: [String] = [])
    case fieldNotForOperation(file: String, path: String, field: String, operation: String)
    case invalidValue(file: String, path: String, value: String, expected: String, suggestion: String?)
    case unknownID(file: String, path: String, id: String, suggestion: String?)
    case unknownRoute(file: String, path: String, name: String, suggestion: String?, known: [String] = [])
    case invalidNode(file: String, path: String, reason: String)
    /// A `_printHierarchy` capture that could not be read (its sentence names the file and line).
    case capture(PrintHierarchyError)
}

extension ScenarioError: CustomStringConvertible {
    /// One sentence, starting with `file: json.path:` where there is a path.
    public var description: String {
        func hint(_ suggestion: String?) -> String { suggestion.map { ". Did you mean '\($0)'?" } ?? "" }
        // A step or node decoded on its own (a daemon request body) has its fields at the top level.
        if let path = self.path, path.isEmpty { return self.at("(top level)").description }
        switch self {
        case .fileNotFound(let file): return "\(file): no such file"
        case .isDirectory(let file): return "\(file): is a directory, expected a scenario file"
        case .unreadable(let file, let reason):
            // The same words for a file, a daemon request's body and standard input: chosen by the name, a file
            // called `body` would have read as a request.
            return "\(file): cannot be read: \(reason)"
        case .emptyFile(let file): return "\(file): the file is empty, expected a JSON object"
        case .syntax(let file, let error): return "\(file): invalid JSON at \(error)"
        case .notAnObject(let file, let found): return "\(file): expected a JSON object at the top level, found \(found)"
        case .missingVersion(let file): return "\(file): (top level): missing field 'navviz': expected \"navviz\": 1"
        case .unsupportedVersion(let file, let found):
            return "\(file): navviz: unsupported format version '\(found)'. This navviz reads version 1"
        case .missingField(let file, let path, let field):
            return "\(file): \(path): missing field '\(field)'"
        case .wrongType(let file, let path, let expected, let found):
            return "\(file): \(path): expected \(expected), found \(found)"
        case .unknownOperation(let file, let path, let name, let suggestion):
            // Nothing close: the operations there are (a fidelity trial's `unwind` got no pointer; a daemon's client has no docs).
            return "\(file): \(path): unknown operation '\(name)'"
                + (suggestion == nil ? ": expected one of \(OperationSpelling.names.joined(separator: ", "))" : hint(suggestion))
        case .unknownField(let file, let path, let field, let suggestion, let allowed):
            // Nothing close: the fields there are (a trial's misspelt field got no pointer).
            return "\(file): \(path): unknown field '\(field)'"
                + (suggestion == nil && !allowed.isEmpty
                    ? ": expected one of \(allowed.map { "'\($0)'" }.joined(separator: ", "))" : hint(suggestion))
        case .fieldNotForOperation(let file, let path, let field, let operation):
            return "\(file): \(path): unknown field '\(field)': operation '\(operation)' does not take it"
        case .invalidValue(let file, let path, let value, let expected, let suggestion):
            return "\(file): \(path): invalid value '\(value)', expected \(expected)\(hint(suggestion))"
        case .unknownID(let file, let path, let id, let suggestion):
            return "\(file): \(path): unknown id '\(id)'\(hint(suggestion))"
        case .unknownRoute(let file, let path, let name, let suggestion, let known):
            // With no close name, the routes there are (a trial: "unknown route 'd'" and nothing else).
            let listed =
                suggestion != nil
                ? ""
                : known.isEmpty
                    ? " (the scenario defines no routes)"
                    : " (routes: " + known.sorted().prefix(8).map { "'\($0)'" }.joined(separator: ", ") + (known.count > 8 ? ", …" : "")
                        + ")"
            return "\(file): \(path): unknown route '\(name)'\(hint(suggestion))\(listed)"
        case .invalidNode(let file, let path, let reason):
            return "\(file): \(path): \(reason)"
        case .capture(let error):
            return error.description
        }
    }
}

extension ScenarioError {
    /// The JSON path the error names, for the cases that have one.
    public var path: String? {
        switch self {
        case .missingField(_, let path, _), .wrongType(_, let path, _, _), .unknownOperation(_, let path, _, _),
            .unknownField(_, let path, _, _, _), .fieldNotForOperation(_, let path, _, _), .invalidValue(_, let path, _, _, _),
            .unknownID(_, let path, _, _), .unknownRoute(_, let path, _, _, _), .invalidNode(_, let path, _):
            return path
        default:
            return nil
        }
    }

    /// The same error at another JSON path.
    func at(_ newPath: String) -> ScenarioError {
        switch self {
        case .missingField(let file, _, let field): .missingField(file: file, path: newPath, field: field)
        case .wrongType(let file, _, let expected, let found): .wrongType(file: file, path: newPath, expected: expected, found: found)
        case .unknownOperation(let file, _, let name, let suggestion):
            .unknownOperation(file: file, path: newPath, name: name, suggestion: suggestion)
        case .unknownField(let file, _, let field, let suggestion, let allowed):
            .unknownField(file: file, path: newPath, field: field, suggestion: suggestion, allowed: allowed)
        case .fieldNotForOperation(let file, _, let field, let operation):
            .fieldNotForOperation(file: file, path: newPath, field: field, operation: operation)
        case .invalidValue(let file, _, let value, let expected, let suggestion):
            .invalidValue(file: file, path: newPath, value: value, expected: expected, suggestion: suggestion)
        case .unknownID(let file, _, let id, let suggestion): .unknownID(file: file, path: newPath, id: id, suggestion: suggestion)
        case .unknownRoute(let file, _, let name, let suggestion, let known):
            .unknownRoute(file: file, path: newPath, name: name, suggestion: suggestion, known: known)
        case .invalidNode(let file, _, let reason): .invalidNode(file: file, path: newPath, reason: reason)
        default: self
        }
    }
}

/// Every error found in one file, in document order.
public struct ScenarioErrors: Error, Equatable, Sendable, CustomStringConvertible {
    /// The errors (at least one).
    public var errors: [ScenarioError]
    /// Errors.
    public init(_ errors: [ScenarioError]) { self.errors = errors }
    /// One line per error.
    /// One line per error: a line feed or tab in a value or file name is escaped with the rest (a trial faked a
    /// `FAKE.json: ok` line with an operation named "pusj\nFAKE.json: ok").
    ///
    /// An error repeated at more than `repeatsShown` steps (the same mistake in 500 steps: a trial's terminal lost the first
    /// of 1,000 lines), or said the same at more than that many other places, is said in full that many times, then once
    /// for the rest, naming their paths (a stack in a stack a hundred deep printed 100 lines, 90 KB, of one error).
    public var description: String {
        // Each error as it reads with its step left out (`steps[*].index: unknown field 'index'`); one at another place
        // as it reads without its path.
        func unnumbered(_ error: ScenarioError) -> String? {
            guard let path = error.path else { return nil }
            guard path.hasPrefix("steps["), let close = path.firstIndex(of: "]") else { return error.at("*").description }
            return error.at("steps[*]" + path[path.index(after: close)...]).description
        }
        let keys = errors.map(unnumbered)
        var counts: [String: Int] = [:]
        for case let key? in keys { counts[key, default: 0] += 1 }
        var seen: [String: Int] = [:]
        var lines: [String] = []
        for (error, key) in zip(errors, keys) {
            guard let key, let count = counts[key], count > Self.repeatsShown + 1 else {
                lines.append(Terminal.inline(error.description))
                continue
            }
            seen[key, default: 0] += 1
            let seenCount = seen[key]!
            if seenCount <= Self.repeatsShown {
                lines.append(Terminal.inline(error.description))
            } else if seenCount == Self.repeatsShown + 1 {
                // Their paths, the first few and the last.
                let paths = zip(errors, keys).filter { $0.1 == key }.compactMap(\.0.path)
                let rest = paths.dropFirst(Self.repeatsShown)
                let listed =
                    rest.count <= 4 ? rest.joined(separator: ", ") : rest.prefix(3).joined(separator: ", ") + ", …, " + rest.last!
                let text = error.description
                let file = error.path.flatMap { text.firstRange(of: ": \($0)") }.map { String(text[..<$0.lowerBound]) } ?? ""
                lines.append(
                    Terminal.inline("\(file): \(listed) (\(rest.count) more): the same error as \(paths[Self.repeatsShown - 1])"))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// How many times an error repeated at many steps is said in full.
    public static let repeatsShown = 3
}

/// Suggests the closest known name for a misspelt one (edit distance at most 2, or a case-only difference;
/// names shorter than three letters only by case).
public enum Suggestion {
    /// UIKit's (and other tools') names for navviz's fields, most likely first: `viewController` is a step's `node`,
    /// `modalPresentationStyle` its `style`, a split's `master` its `primary` (a fidelity trial's `{"push", "viewController": …}`
    /// got the list of fields and then "missing field 'node'").
    static let synonyms: [String: [String]] = [
        "viewcontroller": ["node"], "controller": ["node"], "vc": ["node"], "child": ["node"],
        "viewcontrollers": ["stack", "tabs", "children"], "controllers": ["stack", "tabs", "children"],
        "modalpresentationstyle": ["style"], "presentationstyle": ["style"], "modalstyle": ["style"],
        "master": ["primary"], "mastercontroller": ["primary"], "primaryviewcontroller": ["primary"],
        "detail": ["secondary"], "detailcontroller": ["secondary"], "secondaryviewcontroller": ["secondary"],
        "selectedindex": ["tab"], "index": ["tab"], "selectedviewcontroller": ["tab"],
        "rootviewcontroller": ["root", "node"], "from": ["target"], "source": ["target"], "on": ["target"],
        "identifier": ["id"], "restorationidentifier": ["id"], "classname": ["class"], "type": ["class"],
    ]

    /// The field of `candidates` that UIKit (or another tool) calls `word`, if any (`Suggestion.synonyms`).
    public static func synonym(of word: String, in candidates: [String]) -> String? {
        synonyms[word.lowercased()]?.first { candidates.contains($0) }
    }

    /// The closest candidate, if any is close enough.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        var best: (String, Int)?
        let lower = Array(word.lowercased())
        for candidate in candidates {
            let other = Array(candidate.lowercased())
            if other == lower { return candidate }
            // One- and two-letter names are too short for a typo to be told from another name.
            let limit = other.count < 3 ? 0 : max(1, min(2, other.count / 3))
            // Within the limit only: a daemon's client posting long unknown ids against a session of long ids held every
            // request for a minute with the whole distance matrix (a security review).
            guard let distance = distance(lower, other, atMost: limit) else { continue }
            if best == nil || distance < best!.1 || (distance == best!.1 && candidate < best!.0) {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// `editDistance` when it is at most `limit`, else nil: only the cells within `limit` of the diagonal are computed,
    /// in three rows, so long words cost their length times the band, not the product of their lengths.
    static func distance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int? {
        let (n, m) = (a.count, b.count)
        guard abs(n - m) <= limit else { return nil }
        guard n > 0, m > 0 else { return max(n, m) }
        let over = limit + 1
        var before = [Int](repeating: over, count: m + 1)
        var previous = (0...m).map { min($0, over) }
        var row = [Int](repeating: over, count: m + 1)
        for i in 1...n {
            // Never empty: |n - m| <= limit keeps i - limit <= m.
            let (low, high) = (max(1, i - limit), min(m, i + limit))
            for j in (low - 1)...min(m, high + 1) { row[j] = over }
            row[0] = min(i, over)
            var smallest = row[0]
            for j in low...high {
                var value = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
                row[j] = min(value, over)
                smallest = min(smallest, row[j])
            }
            if smallest > limit { return nil }
            (before, previous, row) = (previous, row, before)
        }
        return previous[m] <= limit ? previous[m] : nil
    }

    /// Damerau-Levenshtein distance (adjacent transpositions count as one edit).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
