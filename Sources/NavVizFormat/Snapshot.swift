import NavVizCore

/// The canonical snapshot: a hierarchy as JSON with keys in a fixed order (docs/format.md, Canonical snapshots).
public enum Snapshot {
    /// The window root as a canonical node object, or `null` for an empty window.
    public static func encode(_ h: Hierarchy) -> JSONValue {
        guard let root = h.root else { return .null }
        return encode(root, in: h)
    }

    /// One node and everything below it.
    public static func encode(_ id: NodeID, in h: Hierarchy) -> JSONValue {
        let node = h[id]
        var members: [(String, JSONValue)] = [("id", .string(id.rawValue)), ("kind", .string(node.kind.rawValue))]
        if let screen = node.screen { members.append(("screen", .string(screen))) }
        if let title = node.title { members.append(("title", .string(title))) }
        if let className = node.className { members.append(("class", .string(className))) }
        members.append(("children", .array(node.children.map { encode($0, in: h) })))
        if let selected = node.selected {
            members.append(("selected", .number(Double(selected))))
        } else if node.kind == .tab || node.kind == .notifications, !node.children.isEmpty {
            members.append(("selected", .null))  // not known (a capture that could not tell), unlike absent (0)
        }
        if let shown = node.embedded { members.append(("shown", .array(shown.map { .number(Double($0)) }))) }
        if let active = node.active { members.append(("active", .string(active))) }
        if let role = node.role { members.append(("role", .string(role.rawValue))) }
        if let key = node.key { members.append(("key", .string(key))) }
        if let collapsed = node.isCollapsed { members.append(("collapsed", .bool(collapsed))) }
        if let display = node.splitDisplay { members.append(("display", .string(display.rawValue))) }
        if let presented = node.presented { members.append(("presented", encode(presented, in: h))) }
        if let style = node.style, node.presenter != nil { members.append(("style", .string(style.rawValue))) }
        if !node.isLoaded { members.append(("loaded", .bool(false))) }
        if node.isReleased { members.append(("released", .bool(true))) }
        if let state = node.transitionalState { members.append(("state", .string(state.rawValue))) }
        // Written where it is not the kind's default (a navigation controller's is true, as in UIKit).
        if node.definesPresentationContextByChoice {
            members.append(("definesPresentationContext", .bool(node.definesPresentationContext)))
        }
        return .object(members)
    }

    package static let fields = [
        "id", "kind", "screen", "title", "class", "children", "selected", "shown", "active", "role", "key", "collapsed", "display",
        "presented",
        "style", "loaded", "released", "state", "definesPresentationContext",
    ]

    /// Reads a canonical snapshot (as the daemon receives it from an app) into a hierarchy. `replaying` a journal, what
    /// an earlier navviz took comes back as it was: a `selected` into no children is dropped, not refused.
    public static func decode(
        _ value: JSONValue, file: String, path: String = "", device: Device = .phone, replaying: Bool = false
    ) throws(ScenarioErrors) -> Hierarchy {
        var reader = Reader(file: file, replaying: replaying)
        var h = HierarchyBuilder(device: device)
        if value == .null { return h.build(root: nil) }
        let root = reader.node(value, path.isEmpty ? "(top level)" : path, parent: nil, presenter: nil, into: &h)
        guard reader.errors.isEmpty, let root else { throw ScenarioErrors(reader.errors) }
        // (`pending` means a presentation or a push begun on a presented controller or a navigation controller's top; anywhere
        // else it reads as disappeared and is kept as written: a simulated step may move such a controller, and its run
        // must read back.)
        return h.build(root: root)
    }

    /// Reads a snapshot that starts a run (a scenario's or a session's root, a snapshot file read as a scenario), no
    /// deeper than `Hierarchy.maxDepth`: a step's snapshot deeper than that is a rejected step instead.
    public static func decodeRoot(_ value: JSONValue, file: String, path: String = "", device: Device = .phone) throws(ScenarioErrors)
        -> Hierarchy
    {
        let hierarchy = try decode(value, file: file, path: path, device: device)
        if let error = depthError(hierarchy, file: file, path: path) { throw ScenarioErrors([error]) }
        return hierarchy
    }

    /// The error of a root hierarchy deeper than `Hierarchy.maxDepth`, at `path`.
    static func depthError(_ hierarchy: Hierarchy, file: String, path: String) -> ScenarioError? {
        guard case let depth = hierarchy.depth, depth > Hierarchy.maxDepth else { return nil }
        return .invalidNode(file: file, path: path.isEmpty ? "(top level)" : path, reason: Hierarchy.tooDeep(depth))
    }

    private struct Reader: FieldReader {
        let file: String
        /// Reading a journal: see `decode`.
        var replaying = false
        var errors: [ScenarioError] = []
        /// Where each id was first read, for a duplicate's message.
        var idPaths: [NodeID: String] = [:]

        /// Reads the node `value` at `path` and its subtree into `h`: its id, or nil when it could not be read.
        ///
        /// Little but the recursion is here: every level of a deep snapshot stacks this frame, and a debug build's frame
        /// holds a slot for every temporary of the function (reading the fields here made it 20 KB, and the deepest
        /// capture overran a 2 MiB thread stack by jumping its guard page, corrupting another thread's memory: the
        /// test process's intermittent crash). Reading the fields and checking the result are functions of their own.
        mutating func node(_ value: JSONValue, _ path: String, parent: NodeID?, presenter: NodeID?, into h: inout HierarchyBuilder)
            -> NodeID?
        {
            guard let node = fields(of: value, at: path, presented: presenter != nil),
                insert(node, at: path, parent: parent, presenter: presenter, into: &h)
            else { return nil }
            let id = node.id
            if let raw = value["children"] {
                if case .array(let items) = raw {
                    for (index, item) in items.enumerated() {
                        _ = self.node(item, "\(join(path, "children"))[\(index)]", parent: id, presenter: nil, into: &h)
                    }
                } else {
                    childrenAreNotAnArray(raw, at: path)
                }
            }
            if let raw = value["presented"] {
                _ = self.node(raw, join(path, "presented"), parent: nil, presenter: id, into: &h)
            }
            check(id, value, at: path, in: &h)
            return id
        }

        /// Records that a node's `children` are `raw`, not an array.
        @inline(never)
        mutating func childrenAreNotAnArray(_ raw: JSONValue, at path: String) {
            errors.append(
                .wrongType(file: file, path: join(path, "children"), expected: "an array of snapshot nodes", found: raw.typeDescription))
        }

        /// The node `value` describes, without its children; nil (and the errors recorded) when it has no valid id or kind.
        @inline(never)
        mutating func fields(of value: JSONValue, at path: String, presented: Bool) -> Node? {
            guard case .object(let members) = value else {
                errors.append(.wrongType(file: file, path: path, expected: "a snapshot node object", found: value.typeDescription))
                return nil
            }
            for (key, _) in members where !Snapshot.fields.contains(key) {
                errors.append(
                    .unknownField(
                        file: file, path: join(path, key), field: key, suggestion: Suggestion.closest(to: key, in: Snapshot.fields),
                        allowed: Snapshot.fields))
            }
            guard let idText = value["id"]?.stringValue, !idText.isEmpty else {
                if value["id"] == nil {
                    errors.append(.missingField(file: file, path: path, field: "id"))
                } else if value["id"] == .string("") {
                    errors.append(
                        .invalidValue(file: file, path: join(path, "id"), value: "", expected: "a non-empty string", suggestion: nil))
                } else {
                    errors.append(
                        .wrongType(file: file, path: join(path, "id"), expected: "a non-empty string", found: value["id"]!.typeDescription))
                }
                return nil
            }
            guard let kindText = value["kind"]?.stringValue, let kind = NodeKind(rawValue: kindText) else {
                if let raw = value["kind"] {
                    let text = raw.stringValue ?? JSONWriter.compact(raw)
                    errors.append(
                        .invalidValue(
                            file: file, path: join(path, "kind"), value: text,
                            expected: Self.oneOf(NodeKind.allCases.map(\.rawValue)),
                            suggestion: Suggestion.closest(to: text, in: NodeKind.allCases.map(\.rawValue))))
                } else {
                    errors.append(.missingField(file: file, path: path, field: "kind"))
                }
                return nil
            }
            let id = NodeID(idText)
            var node = Node(
                id: id, kind: kind, screen: string(value["screen"], join(path, "screen")),
                title: string(value["title"], join(path, "title")),
                className: string(value["class"], join(path, "class")))
            if let raw = value["selected"], raw != .null {
                if case .number(let n) = raw, n == n.rounded(), n >= 0, n < 1e9 {
                    node.selected = Int(n)
                } else if case .number(let n) = raw {
                    errors.append(
                        .invalidValue(
                            file: file, path: join(path, "selected"), value: JSONWriter.format(n),
                            // A number too large is told so (it read "at least 0" for 999999999999, a trial).
                            expected: n >= 1e9 && n == n.rounded() ? "a whole number below a billion" : "a whole number of at least 0",
                            suggestion: nil))
                } else {
                    errors.append(
                        .wrongType(file: file, path: join(path, "selected"), expected: "a whole number", found: raw.typeDescription))
                }
            }
            node.active = string(value["active"], join(path, "active"))
            node.role = choice(value["role"], join(path, "role"), SplitRole.self, expected: "'primary', 'supplementary' or 'secondary'")
            node.key = string(value["key"], join(path, "key"))
            if let raw = value["collapsed"] { node.isCollapsed = bool(raw, join(path, "collapsed")) }
            node.splitDisplay = choice(value["display"], join(path, "display"), SplitDisplay.self)
            if let raw = value["loaded"] { node.isLoaded = bool(raw, join(path, "loaded")) ?? true }
            if let raw = value["released"] {
                node.isReleased = bool(raw, join(path, "released")) ?? false
                if node.isReleased, node.isLoaded {
                    errors.append(
                        .invalidValue(
                            file: file, path: join(path, "released"), value: "true",
                            expected: "'released' only with \"loaded\": false (a released view is not loaded)", suggestion: nil))
                }
            }
            node.transitionalState = choice(
                value["state"], join(path, "state"), TransitionalState.self,
                expected: "'appearing', 'disappearing', 'disappeared' or 'pending'")
            if let raw = value["shown"] {
                if case .array(let items) = raw, kind == .controller,
                    let indices = Optional(
                        items.compactMap { item -> Int? in
                            guard case .number(let n) = item, n == n.rounded(), n >= 0, n < 1e9 else { return nil }
                            return Int(n)
                        }), indices.count == items.count, Set(indices).count == indices.count
                {
                    node.embedded = indices
                } else {
                    errors.append(
                        .invalidValue(
                            file: file, path: join(path, "shown"), value: JSONWriter.compact(raw),
                            expected: kind == .controller
                                ? "an array of distinct child indices"
                                : "no 'shown' on a \(kind.rawValue) (only a controller embeds children)",
                            suggestion: nil))
                }
            }
            if let raw = value["definesPresentationContext"] {
                node.definesPresentationContext =
                    bool(raw, join(path, "definesPresentationContext")) ?? kind.definesPresentationContextByDefault
            }
            node.style = style(in: value, at: path, presented: presented)
            if kind == .activity { node.activity = ActivityState() }
            if kind == .stack { node.stack = StackState() }
            if kind == .split, node.isCollapsed == nil { node.isCollapsed = false }
            return node
        }

        /// Adds `node` to `h`; false (and the error recorded) when its id is taken.
        @inline(never)
        mutating func insert(_ node: Node, at path: String, parent: NodeID?, presenter: NodeID?, into h: inout HierarchyBuilder) -> Bool {
            let id = node.id
            do {
                try h.insert(node, parent: parent, presenter: presenter)
            } catch {
                // Where the first is, as a scenario's literal says (a trial: the snapshot's message did not).
                // The root's own path is empty: "(the first is at id)" read as a typo (a review).
                let first = idPaths[id].map { $0 == "id" ? " (the first is the root's id)" : " (the first is at \($0))" } ?? ""
                errors.append(
                    .invalidNode(file: file, path: join(path, "id"), reason: "duplicate id '\(id)': every node needs its own id\(first)"))
                return false
            }
            idPaths[id] = join(path, "id")
            return true
        }

        /// Checks what node `id` read from `value` holds once its children are read: a tab bar's first tab selected
        /// by default, a split's columns, an activity's key, shown and selected indices.
        @inline(never)
        mutating func check(_ id: NodeID, _ value: JSONValue, at path: String, in h: inout HierarchyBuilder) {
            let kind = h[id].kind
            if kind == .tab || kind == .notifications, h[id].selected == nil, value["selected"] != .null, !h[id].children.isEmpty {
                h[id].selected = 0
            }
            if kind == .split { checkColumns(of: id, at: path, in: &h) }
            if kind == .activity, let active = h[id].active {
                let keys = h[id].children.compactMap { h[$0].key }
                if !keys.contains(active) {
                    errors.append(
                        .invalidValue(
                            file: file, path: join(path, "active"), value: active,
                            expected: keys.isEmpty ? "no active key: it has no keyed children" : "the key of one of its children",
                            suggestion: Suggestion.closest(to: active, in: keys)))
                }
            }
            if let shown = h[id].embedded, let bad = shown.first(where: { !h[id].children.indices.contains($0) }) {
                errors.append(
                    .invalidValue(
                        file: file, path: join(path, "shown"), value: String(bad),
                        expected: h[id].children.isEmpty ? "no index: it has no children" : "indices from 0 to \(h[id].children.count - 1)",
                        suggestion: nil))
            }
            // An index into no children is out of range too (a trial's tab bar of none took `selected: 3`, and drew it).
            if replaying, h[id].children.isEmpty { h[id].selected = nil }
            if let selected = h[id].selected {
                checkIndex(selected, into: h[id].children.count, at: join(path, "selected"), none: "no index: it has no children")
            }
        }

        /// A presented node's style (`automatic` when it has none); none for another, which may not name one: it said
        /// nothing and was dropped (a trial). (Out of `node`, whose frame every level of a deep snapshot stacks: a
        /// debug build's deepest capture must fit a 2 MiB stack, DeepInputTests.)
        @inline(never)
        mutating func style(in value: JSONValue, at path: String, presented: Bool) -> PresentationStyle? {
            guard let raw = value["style"] else { return presented ? .automatic : nil }
            guard presented else {
                errors.append(
                    .invalidValue(
                        file: file, path: join(path, "style"), value: raw.stringValue ?? JSONWriter.compact(raw),
                        expected: "no 'style' here: only a presented node (one under 'presented') has a presentation style",
                        suggestion: nil))
                return nil
            }
            return choice(raw, join(path, "style"), PresentationStyle.self)
        }

        /// A split holds one to three columns, each in its own role, one of them the primary. Columns without
        /// any role are given them by position (primary, [supplementary,] secondary), as UIKit orders them.
        mutating func checkColumns(of id: NodeID, at path: String, in h: inout HierarchyBuilder) {
            let columns = h[id].children
            guard (1...3).contains(columns.count) else {
                errors.append(
                    .invalidNode(
                        file: file, path: join(path, "children"),
                        reason: "a split has one to three columns (primary, supplementary, secondary), not \(columns.count)"))
                return
            }
            if columns.allSatisfy({ h[$0].role == nil }) {
                let roles: [SplitRole] = [[.primary], [.primary, .secondary], [.primary, .supplementary, .secondary]][columns.count - 1]
                for (column, role) in zip(columns, roles) { h[column].role = role }
                return
            }
            var seen: Set<SplitRole> = []
            for (index, column) in columns.enumerated() {
                let childPath = "\(join(path, "children"))[\(index)]"
                guard let role = h[column].role else {
                    errors.append(.missingField(file: file, path: childPath, field: "role"))
                    continue
                }
                if !seen.insert(role).inserted {
                    errors.append(
                        .invalidNode(
                            file: file, path: join(childPath, "role"), reason: "two columns are '\(role.rawValue)': each role once"))
                }
            }
            if !seen.contains(.primary), seen.count == columns.count {
                errors.append(.invalidNode(file: file, path: join(path, "children"), reason: "a split needs a 'primary' column"))
            }
        }
    }
}
