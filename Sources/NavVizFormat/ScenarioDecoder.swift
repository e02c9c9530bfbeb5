import NavVizCore

/// Decodes and validates a scenario document, collecting every error with its JSON path.
public struct ScenarioDecoder: FieldReader {
    /// The file name used in messages.
    public let file: String
    /// Every error found so far, in document order.
    public var errors: [ScenarioError] = []
    /// What the file may not mean as written, said but not refused (a misspelt animation kind), for `Scenario.notes`.
    var notes: [String] = []
    /// The scenario's device, once read: `snapshot` steps are read for it.
    var device = Device.phone
    /// Reading what was accepted before (a daemon's journal, replayed after an upgrade): the refusals added since
    /// navviz 0.1.0's first journals (fields of another operation or transition, names one letter from `none`, an
    /// empty name, ids in `expect.path`…) are not applied, so no acknowledged session or step is lost to them.
    public var replaying = false
    /// Names an id may be built from (explicit ids, screens, kinds), for checking references.
    var knownBases: Set<String> = Set(NodeKind.allCases.map(\.rawValue)).union(["tab"])
    /// Ids and route names to check once everything is known, with how many errors preceded each
    /// (so their errors are reported in the same order as the others).
    var references: [(position: Int, reference: Reference)] = []
    /// The explicit ids of the node literal being decoded (the root, or one step's), with where each was given.
    var literalIDs: [String: String] = [:]
    /// How deep `node` is in the literal being decoded (0 between literals).
    var literalDepth = 0
    /// How many nodes of the literal being decoded nest here (an array of literals, `nodes`, is not one).
    var nodeDepth = 0
    /// Where the outermost node of the literal being decoded is written, for saying that it nests too deep.
    var literalTop = ""
    /// Whether the navigation literal being decoded is a split view's primary column, the one place UIKit nests a
    /// navigation controller in another (a collapsed split; docs/semantics.md#N3).
    var inSplitPrimary = false

    enum Reference {
        case id(path: String, id: String)
        case route(path: String, name: String)
    }

    /// A decoder for one file.
    public init(file: String) { self.file = file }

    /// Decodes scenario text (JSON).
    public static func decode(_ text: String, file: String) throws(ScenarioErrors) -> Scenario {
        try decode(parseDocument(text, file: file), file: file)
    }

    /// Parses a file's text as one JSON document: an empty file and a syntax error (with its line and
    /// column) are file-level errors.
    public static func parseDocument(_ text: String, file: String) throws(ScenarioErrors) -> JSONValue {
        if text.allSatisfy(\.isWhitespace) { throw ScenarioErrors([.emptyFile(file: file)]) }
        do {
            return try JSONParser.parse(text)
        } catch {
            throw ScenarioErrors([.syntax(file: file, error)])
        }
    }

    /// Decodes an already parsed scenario document.
    public static func decode(_ value: JSONValue, file: String, replaying: Bool = false) throws(ScenarioErrors) -> Scenario {
        var decoder = ScenarioDecoder(file: file)
        decoder.replaying = replaying
        return try decoder.scenario(value)
    }

    // MARK: - Fields (the readers themselves are FieldReader's)

    /// How the seal `navviz import` ends a description with begins: `[navviz import 0123456789abcdef]`, 16 hex digits.
    public static let importSealPrefix = "[navviz import "

    /// A description without the seal `navviz import` ends it with (` [navviz import 0123456789abcdef]`): it tells
    /// an edited import from an untouched one, and is no caption.
    public static func withoutImportSeal(_ description: String) -> String {
        let marker = " " + importSealPrefix
        let scalars = Array(description.unicodeScalars)
        let length = marker.unicodeScalars.count + 17
        guard scalars.count >= length, scalars.last == "]" else { return description }
        let tail = scalars[(scalars.count - length)...]
        guard String(String.UnicodeScalarView(tail.prefix(marker.unicodeScalars.count))) == marker,
            tail.dropFirst(marker.unicodeScalars.count).dropLast().allSatisfy({ ("0"..."9").contains($0) || ("a"..."f").contains($0) })
        else { return description }
        return String(String.UnicodeScalarView(scalars.dropLast(length)))
    }

    /// The longest time or duration a scenario may name, in seconds (a day): sums of bounded times stay finite.
    static let maxSeconds = 86_400.0

    /// A number of seconds from 0 to `maxSeconds`.
    mutating func seconds(_ value: JSONValue?, _ path: String) -> Double? {
        guard let n = number(value, path, min: 0) else { return nil }
        guard n <= Self.maxSeconds else {
            fail(
                .invalidValue(
                    file: file, path: path, value: JSONWriter.format(n),
                    expected: "a number of seconds from 0 to \(JSONWriter.format(Self.maxSeconds))", suggestion: nil))
            return nil
        }
        return n
    }

    mutating func referenceID(_ value: JSONValue?, _ path: String) -> NodeID? {
        guard let id = string(value, path) else { return nil }
        noteIDReference(id, at: path)
        return NodeID(id)
    }

    // MARK: - Scenario

    static let topLevelFields = [
        "navviz", "name", "device", "finder", "quirks", "screens", "routes", "root", "steps", "description", "$schema",
    ]

    /// The members of a document of format version 1 (a scenario, a run JSON); refused, alone, when it is not an
    /// object or names no version or another one.
    static func versionOneMembers(of value: JSONValue, file: String) throws(ScenarioErrors) -> [(String, JSONValue)] {
        guard case .object(let members) = value else {
            throw ScenarioErrors([.notAnObject(file: file, found: value.typeDescription)])
        }
        switch value["navviz"] {
        case nil: throw ScenarioErrors([.missingVersion(file: file)])
        case .number(1)?: return members
        case .number(let n)?: throw ScenarioErrors([.unsupportedVersion(file: file, found: JSONWriter.format(n))])
        case let other?:
            throw ScenarioErrors([
                .wrongType(file: file, path: "navviz", expected: "the format version 1 (a number)", found: other.typeDescription)
            ])
        }
    }

    mutating func scenario(_ value: JSONValue) throws(ScenarioErrors) -> Scenario {
        let members: [(String, JSONValue)]
        if case .object(let all) = value, let version = value["navviz"], version == .string("1") {
            // The version quoted: said, and the rest read as version 1, so every other error shows at once (a trial fixed
            // `"navviz": "1"` to find six more).
            fail(.wrongType(file: file, path: "navviz", expected: "the format version 1 (a number)", found: version.typeDescription))
            members = all
        } else {
            members = try Self.versionOneMembers(of: value, file: file)
        }
        // Another of navviz's documents given as a scenario: one line that says which, not an error per field (a run
        // JSON gave 41 to 128 lines of unknown fields and operations, a trial).
        if value["root"] == nil {
            let keys = Set(members.map(\.0))
            // By its steps' shape: a scenario with a stray `scenario` key is still a scenario missing its root (a review).
            if value["steps"]?.arrayValue?.contains(where: { $0["hierarchy"] != nil && $0["index"] != nil }) ?? false {
                throw ScenarioErrors([
                    .invalidNode(
                        file: file, path: "(top level)",
                        reason: "a run JSON (what 'navviz run --json' prints and render writes as run.json), not a scenario: "
                            + "run or render the scenario it came from; 'navviz diff' compares run JSON files")
                ])
            }
            if keys.isSuperset(of: ["id", "kind", "children"]) {
                throw ScenarioErrors([
                    .invalidNode(
                        file: file, path: "(top level)",
                        reason: "a canonical snapshot with a 'navviz' member, not a scenario: remove 'navviz' to read it as a capture, "
                            + "or put the snapshot under \"root\"")
                ])
            }
        }
        checkFields(members, at: "", allowed: Self.topLevelFields)
        let baseName = file.split(separator: "/").last.map(String.init) ?? file
        let defaultName = baseName.split(separator: ".").dropLast().joined(separator: ".")
        let name = string(value["name"], "name") ?? (defaultName.isEmpty ? baseName : defaultName)
        // An empty name made "Rendered : 7 files" and a folder named by nothing else (a trial).
        if !replaying, name.allSatisfy(\.isWhitespace), value["name"] != nil {
            fail(.invalidNode(file: file, path: "name", reason: "a name cannot be empty: leave \"name\" out for the default one"))
        }
        let caption = string(value["description"], "description").map(Self.withoutImportSeal)
        let device = value["device"] == nil ? .phone : (choice(value["device"], "device", Device.self) ?? .phone)
        self.device = device
        let finder = value["finder"] == nil ? .navviz : (finderName(value["finder"], "finder") ?? .navviz)
        let quirks = bool(value["quirks"], "quirks") ?? false
        var screens: [String: ScreenInfo] = [:]
        if let raw = value["screens"], let members = object(raw, "screens") {
            for (key, info) in members.sorted(by: { $0.0 < $1.0 }) {
                let path = join("screens", key)
                knownBases.insert(key)
                guard let fields = object(info, path) else { continue }
                checkFields(fields, at: path, allowed: ["class", "title"])
                screens[key] = ScreenInfo(
                    className: string(info["class"], join(path, "class")), title: string(info["title"], join(path, "title")))
            }
        }
        var routes: [String: Route] = [:]
        var definedRoutes = Set<String>()
        if let raw = value["routes"], let members = object(raw, "routes") {
            definedRoutes = Set(members.map(\.0))
            // Chains as the file spells them, checked with the rest: checked only once the file had no other error, a
            // chain loop came out on the second run (a fidelity trial). Each route's errors in the file's order, its
            // chain's last (they came sorted by name, and the chains' after every route's: a docs trial).
            let chains = chainErrors(
                known: Set(members.map(\.0)),
                chains: Dictionary(members.compactMap { key, item in item["chain"]?.stringValue.map { (key, $0) } }) { a, _ in a })
            for (key, routeValue) in members {
                if let route = self.route(routeValue, join("routes", key)) { routes[key] = route }
                if let error = chains[key] { fail(error) }
            }
        }
        var root: NodeSpec?
        var initialHierarchy: Hierarchy?
        if let raw = value["root"] {
            if Capture.isSnapshot(raw) {
                // A canonical snapshot (what `navviz import` writes from a capture).
                initialHierarchy = snapshot(raw, "root", device: device)
                // Not when replaying a journal: a session an earlier navviz acknowledged comes back as it was.
                if !replaying, let hierarchy = initialHierarchy, let error = Snapshot.depthError(hierarchy, file: file, path: "root") {
                    fail(error)
                }
                root = .screen("(snapshot)")
            } else {
                root = node(raw, "root")
            }
        } else {
            fail(.missingField(file: file, path: "(top level)", field: "root"))
        }
        var steps: [ScenarioStep] = []
        if let raw = value["steps"], let items = array(raw, "steps", "an array of steps") {
            for (index, item) in items.enumerated() {
                if let step = self.step(item, "steps[\(index)]") { steps.append(step) }
            }
        }
        var late: [(position: Int, error: ScenarioError)] = []
        for (position, reference) in references {
            switch reference {
            case .id(let path, let id) where !isPlausibleID(id):
                late.append((position, .unknownID(file: file, path: path, id: id, suggestion: Suggestion.closest(to: id, in: knownBases))))
            // A route the file defines, refused above for its own error, is not unknown too (a fidelity trial read "unknown
            // route 'a'" at every step that navigates to it).
            case .route(let path, let name) where !definedRoutes.contains(name):
                late.append(
                    (
                        position,
                        .unknownRoute(
                            file: file, path: path, name: name, suggestion: Suggestion.closest(to: name, in: definedRoutes),
                            known: Array(definedRoutes))
                    )
                )
            default: continue
            }
        }
        if !late.isEmpty {
            var merged: [ScenarioError] = []
            var next = late.startIndex
            for (index, error) in errors.enumerated() {
                while next < late.endIndex, late[next].position <= index {
                    merged.append(late[next].error)
                    next += 1
                }
                merged.append(error)
            }
            errors = merged + late[next...].map(\.error)
        }
        if errors.isEmpty, let root, initialHierarchy == nil {
            // The root must be buildable (no self references, a valid initial selection…), and no deeper than a step may
            // nest it as built: a phone collapses a split onto its primary's stack, a level deeper than the literal (a
            // review: a 99-deep literal built 148 levels, whose run JSON navviz's own reader refused).
            do {
                let simulator = try Simulator(root: root, device: device, screens: screens)
                if !replaying, let error = Snapshot.depthError(simulator.hierarchy, file: file, path: "root") { fail(error) }
            } catch {
                fail(.invalidNode(file: file, path: "root", reason: error.description))
            }
        }
        guard errors.isEmpty, let root else { throw ScenarioErrors(errors) }
        var scenario = Scenario(
            file: file, name: name, device: device, finder: finder, quirks: quirks, screens: screens, routes: routes, root: root,
            steps: steps)
        scenario.initialHierarchy = initialHierarchy
        scenario.caption = caption
        scenario.notes = notes
        for (_, reference) in references {
            if case .id(_, let id) = reference { scenario.referencedIDs.insert(NodeID(id)) }
        }
        return scenario
    }

    /// A canonical snapshot inside a scenario (`root`, or a `snapshot` step's `hierarchy`); its ids become
    /// known, so later steps may name them.
    mutating func snapshot(_ value: JSONValue, _ path: String, device: Device = .phone) -> Hierarchy? {
        do throws(ScenarioErrors) {
            let hierarchy = try Snapshot.decode(value, file: file, path: path, device: device)
            // Ids, and screens: `expect` may name a controller by either (a review: an imported flow's screens were
            // refused as unknown ids).
            for id in hierarchy.nodeIDs {
                insertKnownBase(id.rawValue)
                if let screen = hierarchy[id].screen { insertKnownBase(screen) }
            }
            return hierarchy
        } catch {
            errors += error.errors
            return nil
        }
    }

    /// An id is plausible when it is a known base name, or one with a `#N` suffix.
    mutating func insertKnownBase(_ name: String) { knownBases.insert(name) }

    /// The longest chain of routes a file may spell: run-time resolution follows it route by route.
    static let maxChain = 64

    /// The errors of chains (route → the route it chains to) that lead back to a route already in them (every step
    /// that navigates to one would fail) or run longer than `maxChain`: one per route on a cycle, one per route that
    /// starts a chain too long, by route. Each route has at most one successor, so one walk per route, remembered,
    /// covers them all.
    func chainErrors(known: Set<String>, chains: [String: String]) -> [String: ScenarioError] {
        var length: [String: Int] = [:]  // routes whose chain ends: how many routes it runs, this one included
        var onCycle: [String: [String]] = [:]  // route → the cycle from it back to it
        for name in known.sorted() where length[name] == nil && onCycle[name] == nil {
            var path: [String] = []
            var position: [String: Int] = [:]
            var cursor: String? = name
            while let current = cursor, known.contains(current), length[current] == nil, onCycle[current] == nil,
                position[current] == nil
            {
                position[current] = path.count
                path.append(current)
                cursor = chains[current]
            }
            var tail = path[...]
            if let current = cursor, let start = position[current] {
                let cycle = Array(path[start...])
                for (offset, member) in cycle.enumerated() {
                    onCycle[member] = Array(cycle[offset...] + cycle[..<offset]) + [member]
                }
                tail = path[..<start]
            }
            // What leads into a cycle is reported at the cycle (its members have no length); the rest gets its length.
            var next = cursor.flatMap { length[$0] } ?? 0
            for member in tail.reversed() {
                next += 1
                length[member] = next
            }
        }
        var errors: [String: ScenarioError] = [:]
        for name in known {
            let path = join(join("routes", name), "chain")
            if let cycle = onCycle[name] {
                errors[name] = .invalidValue(
                    file: file, path: path, value: chains[name] ?? "",
                    expected: "a route whose chain does not lead back to it: " + cycle.map { "'\($0)'" }.joined(separator: " → "),
                    suggestion: nil)
            } else if let count = length[name], count > Self.maxChain {
                errors[name] = .invalidValue(
                    file: file, path: path, value: chains[name] ?? "",
                    expected: "a chain of at most \(Self.maxChain) routes (this one runs \(count))", suggestion: nil)
            }
        }
        return errors
    }

    mutating func noteRouteReference(_ name: String, at path: String) { references.append((errors.count, .route(path: path, name: name))) }

    mutating func noteIDReference(_ id: String, at path: String) { references.append((errors.count, .id(path: path, id: id))) }

    func isPlausibleID(_ id: String) -> Bool {
        if knownBases.contains(id) { return true }
        let (base, number) = NodeID(id).numbered
        return number != nil && knownBases.contains(String(base))
    }

    mutating func finderName(_ value: JSONValue?, _ path: String) -> ViewFinderStrategy? {
        if let text = value?.stringValue, let strategy = ViewFinderStrategy(name: text) { return strategy }
        return choice(value, path, ViewFinderStrategy.self)
    }
}
