import NavVizCore

extension ScenarioDecoder {
    /// A screen name with spaces at an end, or a control character (a tab, a newline pasted in), names a screen of its own
    /// that reads like another: said, not refused (a trial's `"Detail "` failed an expectation of `Detail` unexplained).
    mutating func noteOddName(_ name: String, _ path: String) {
        guard !replaying else { return }
        if let control = name.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            let code = String(control.value, radix: 16, uppercase: true)
            notes.append(
                "\(path): screen name '\(Terminal.inline(name))' holds a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)): it names a screen of its own"
            )
        } else if name.first?.isWhitespace == true || name.last?.isWhitespace == true {
            let trimmed = String(String(name.drop(while: \.isWhitespace).reversed()).drop(while: \.isWhitespace).reversed())
            let end = name.first?.isWhitespace == true ? (name.last?.isWhitespace == true ? "both ends" : "its start") : "its end"
            notes.append("\(path): screen name '\(name)' has a space at \(end): it names a screen of its own, not '\(trimmed)'")
        }
    }

    static let kindKeys = ["navigation", "tabs", "split", "activities", "stack", "notifications", "screen", "ref"]
    static let commonNodeFields = ["id", "title", "class", "presents", "style", "definesPresentationContext"]
    static let kindFields: [String: [String]] = [
        "navigation": [], "tabs": ["selected"], "split": ["collapsed", "display"],
        "activities": ["active", "generators", "flavor", "wrapInNavigation"], "stack": ["metrics"],
        "notifications": ["selected"], "screen": ["children", "visible"], "ref": [],
    ]
    static let nodeExpectation =
        "a node literal (a screen name, or an object with one of 'navigation', 'tabs', 'split', 'activities', 'stack', 'notifications', 'screen', 'ref')"

    /// Whether a screen name is not one of navviz's numbered ids (`Home#2`): its controller's id would be one, taken for
    /// the second `Home` in diagrams and expectations (a trial pushed `Home#2` as a new screen). Refused, with the way
    /// to name an existing controller.
    mutating func numberedName(_ name: String, at path: String) -> Bool {
        let suffix = name.lastIndex(of: "#").map { name[name.index(after: $0)...] } ?? ""
        guard !replaying, !suffix.isEmpty, suffix.allSatisfy({ ("0"..."9").contains($0) }) else { return true }
        fail(
            .invalidNode(
                file: file, path: path,
                reason: "a screen name cannot end in '#' and a number ('\(name)'): navviz numbers instances so ('Home', 'Home#2'); "
                    + "to name an existing controller write {\"ref\": \"\(name)\"}"))
        return false
    }

    /// Decodes a view of an animated stack: a name, a `{"screen": …}` leaf or a reference. A container literal
    /// (`{"tabs": …}`, a screen with children) is refused where it is written: it was accepted, and a run drew a tab
    /// bar controller inside a `UIView`, or refused the step only when it ran, exit 0 (a fidelity trial).
    mutating func view(_ value: JSONValue, _ path: String) -> NodeSpec? {
        guard let spec = node(value, path, asView: true) else { return nil }
        if replaying { return spec }
        // As the simulator reads it (`asStackView`): a leaf that presents nothing is a view, `"children": []` too. A
        // screen read as a view is a view whatever it presents, so that is asked of both (a review: a UIView presented).
        let isLeaf = spec.kind == .controller && spec.children.isEmpty
        guard spec.ref != nil || ((spec.kind == .view || isLeaf) && spec.presents == nil) else {
            let what =
                switch spec.kind {
                case .controller, .view: spec.children.isEmpty ? "a controller that presents another" : "a controller with children"
                case .navigation: "a navigation controller"
                case .tab: "a tab bar controller"
                case .split: "a split view controller"
                case .activity: "an activity container"
                case .stack: "an animated stack"
                case .notifications: "a notification sequence"
                }
            fail(
                .invalidNode(
                    file: file, path: path,
                    reason: "an animated stack holds views: a name or {\"screen\": …} without children, found \(what)"))
            return nil
        }
        return spec
    }

    /// Decodes a node literal; `asView` makes leaves views (inside an animated stack).
    ///
    /// A literal nests as deep as navviz's JSON reader takes (some 255 levels of `presents`), so this and the functions
    /// it calls per level keep their frames small (a kind each, `@inline(never)`): one function of every kind took 38 KB
    /// a level unoptimized, and a 101-level literal overflowed a 2 MiB stack (a review). A literal deeper than a
    /// hierarchy may nest is refused where it passes the limit, before the rest of it is read.
    mutating func node(_ value: JSONValue, _ path: String, asView: Bool = false) -> NodeSpec? {
        literalDepth += 1
        nodeDepth += 1
        defer {
            literalDepth -= 1
            nodeDepth -= 1
            if literalDepth == 0 { literalIDs = [:] }
        }
        if nodeDepth == 1 { literalTop = path }
        // As built, every node of a literal nests in the one it is written in (a generator's template under its
        // container once activated), so a literal this deep builds a hierarchy past the limit. A journal is replayed
        // as it was acknowledged.
        guard nodeDepth <= Hierarchy.maxDepth || replaying else {
            if nodeDepth == Hierarchy.maxDepth + 1 {
                fail(.invalidNode(file: file, path: literalTop, reason: Hierarchy.tooDeep(moreThan: Hierarchy.maxDepth)))
            }
            return nil
        }
        switch value {
        case .string(let name): return named(name, path, asView: asView)
        case .object(let members):
            guard let kind = literalKind(members, path) else { return nil }
            return objectNode(kind, value, path, asView: asView)
        default:
            typeError(path, Self.nodeExpectation, value)
            return nil
        }
    }

    /// A node literal that is a screen name.
    @inline(never)
    private mutating func named(_ name: String, _ path: String, asView: Bool) -> NodeSpec? {
        guard !name.isEmpty else {
            fail(.invalidNode(file: file, path: path, reason: "a screen name cannot be empty"))
            return nil
        }
        guard numberedName(name, at: path) else { return nil }
        noteOddName(name, path)
        registerBase(name)
        return NodeSpec(kind: asView ? .view : .controller, screen: name)
    }

    /// The kind of an object node literal, its fields checked; nil, said, when it has none or several.
    @inline(never)
    private mutating func literalKind(_ members: [(String, JSONValue)], _ path: String) -> String? {
        let kinds = Self.writtenKinds(members)
        guard kinds.count == 1, let kind = kinds.first else {
            if kinds.count > 1 {
                fail(
                    .invalidNode(
                        file: file, path: path,
                        reason: "a node literal has exactly one kind, found \(kinds.map { "'\($0)'" }.joined(separator: " and "))"))
            } else {
                // `navigationController`, `tabBar`: a kind's name with UIKit's words around it is a guess too.
                let guess =
                    members.lazy.compactMap { Suggestion.closest(to: $0.0, in: Self.kindKeys) }.first
                    ?? members.lazy.compactMap { key in
                        Self.kindKeys.first {
                            key.0.lowercased().hasPrefix($0.lowercased()) || $0.hasPrefix(key.0.lowercased()) && key.0.count >= 3
                        }
                    }.first
                let found =
                    members.isEmpty
                    ? "an empty object" : "an object with " + members.prefix(3).map { "'\($0.0)'" }.joined(separator: ", ")
                fail(
                    .invalidNode(
                        file: file, path: path,
                        reason: "expected \(Self.nodeExpectation), found \(found)" + (guess.map { ". Did you mean '\($0)'?" } ?? "")))
            }
            return nil
        }
        let allowed = kind == "ref" ? ["ref"] : [kind] + Self.commonNodeFields + (Self.kindFields[kind] ?? [])
        // A reference names a controller that exists: nothing of a literal applies to it (it said "unknown field 'id'",
        // which read as a misspelling: a docs trial).
        if kind == "ref", members.count > 1 {
            for (key, _) in members where key != "ref" {
                fail(
                    .invalidNode(
                        file: file, path: join(path, key),
                        reason: "a reference takes no other field ('\(key)'): it names a controller that exists, as it is"))
            }
            return nil
        }
        // A field of other kinds (`selected` on a navigation literal) says which kinds take it, as a step's field of
        // another operation does.
        for (key, _) in members where !allowed.contains(key) {
            let takers = Self.kindFields.keys.sorted().filter { Self.kindFields[$0]!.contains(key) }
            guard !takers.isEmpty else { continue }
            fail(
                .invalidNode(
                    file: file, path: join(path, key),
                    reason: "'\(kind)' does not take '\(key)': \(takers.map { "'\($0)'" }.joined(separator: " and ")) literals do"))
        }
        checkFields(
            members.filter { key, _ in allowed.contains(key) || !Self.kindFields.values.contains { $0.contains(key) } }, at: path,
            allowed: allowed)
        return kind
    }

    mutating func registerBase(_ name: String) { insertKnownBase(name) }

    /// An object literal of `kind`, its fields checked. Each kind is read by a function of its own into the one
    /// `spec` here (a result each took a slot of this frame, unoptimized).
    @inline(never)
    private mutating func objectNode(_ kind: String, _ value: JSONValue, _ path: String, asView: Bool) -> NodeSpec? {
        // Only the primary column's own navigation literal, not one deeper inside it.
        let nests = inSplitPrimary && kind == "navigation"
        inSplitPrimary = false
        let payload = value[kind]!
        if kind == "ref" { return referenceID(payload, join(path, kind)).map(NodeSpec.reference) }
        var spec = NodeSpec(kind: .controller)
        let read: Bool
        switch kind {
        case "screen": read = screenNode(&spec, payload, value, path, asView: asView)
        case "navigation": read = navigationNode(&spec, payload, join(path, kind), nests: nests)
        case "tabs": read = tabsNode(&spec, payload, value, path)
        case "split": read = splitNode(&spec, payload, value, path)
        case "activities": read = activitiesNode(&spec, payload, value, path)
        case "stack": read = stackNode(&spec, payload, value, path)
        case "notifications": read = notificationsNode(&spec, payload, value, path)
        default: return nil
        }
        guard read else { return nil }
        commonFields(of: &spec, value, path)
        return spec
    }

    @inline(never)
    private mutating func screenNode(_ spec: inout NodeSpec, _ payload: JSONValue, _ value: JSONValue, _ path: String, asView: Bool) -> Bool
    {
        let kindPath = join(path, "screen")
        guard let name = string(payload, kindPath) else { return false }
        guard !name.isEmpty else {
            fail(.invalidNode(file: file, path: kindPath, reason: "a screen name cannot be empty"))
            return false
        }
        guard numberedName(name, at: kindPath) else { return false }
        noteOddName(name, kindPath)
        registerBase(name)
        spec = NodeSpec(kind: asView ? .view : .controller, screen: name)
        if let raw = value["children"], let items = array(raw, join(path, "children"), "an array of node literals") {
            spec.kind = .controller
            spec.children = items.enumerated().compactMap { node($1, "\(join(path, "children"))[\($0)]") }
            if let visible = integer(value["visible"], join(path, "visible")) {
                // An index into no children is out of range too (a trial's was taken, and dropped); a journal an earlier
                // navviz wrote with one comes back without it (and its export then reads again).
                if !replaying || !items.isEmpty {
                    checkIndex(visible, into: items.count, at: join(path, "visible"), none: "no index: it has no children")
                    spec.selected = visible
                }
            }
        } else if value["visible"] != nil {
            fail(.missingField(file: file, path: path, field: "children"))
        }
        return true
    }

    @inline(never)
    private mutating func navigationNode(_ spec: inout NodeSpec, _ payload: JSONValue, _ kindPath: String, nests: Bool) -> Bool {
        spec = NodeSpec(kind: .navigation)
        guard let items = array(payload, kindPath, "an array of node literals (the stack, root first)") else { return false }
        for (index, item) in items.enumerated() {
            let itemPath = "\(kindPath)[\(index)]"
            // UIKit pushes each controller of the stack (init(rootViewController:) is a push): it raises for these. Said
            // before what is inside the literal, in document order (a stack in a stack in a stack read the inner first).
            let written: NodeKind? =
                switch Self.writtenKind(item) {
                case "split": .split
                case "navigation": .navigation
                default: nil
                }
            let refused = written == .split || (written == .navigation && !nests)
            if refused, let written { fail(.invalidNode(file: file, path: itemPath, reason: Self.notPushable(written))) }
            guard let child = node(item, itemPath) else { continue }
            if !refused, child.kind == .split || (child.kind == .navigation && !nests) {
                fail(.invalidNode(file: file, path: itemPath, reason: Self.notPushable(child.kind)))
            }
            spec.children.append(child)
        }
        return true
    }

    @inline(never)
    private mutating func tabsNode(_ spec: inout NodeSpec, _ payload: JSONValue, _ value: JSONValue, _ path: String) -> Bool {
        let kindPath = join(path, "tabs")
        spec = NodeSpec(kind: .tab)
        guard let items = array(payload, kindPath, "an array of node literals (one per tab)") else { return false }
        spec.children = items.enumerated().compactMap { node($1, "\(kindPath)[\($0)]") }
        if let selected = integer(value["selected"], join(path, "selected")) {
            checkIndex(selected, into: items.count, at: join(path, "selected"), none: "no selection for an empty tab bar")
            spec.selected = selected
        }
        return true
    }

    @inline(never)
    private mutating func splitNode(_ spec: inout NodeSpec, _ payload: JSONValue, _ value: JSONValue, _ path: String) -> Bool {
        let kindPath = join(path, "split")
        guard let columns = object(payload, kindPath, "an object with 'primary', 'secondary' and optional 'supplementary'") else {
            return false
        }
        checkFields(columns, at: kindPath, allowed: ["primary", "secondary", "supplementary"])
        guard let primaryValue = payload["primary"] else {
            missing("primary", at: kindPath)
            return false
        }
        inSplitPrimary = true
        let primary = node(primaryValue, join(kindPath, "primary"))
        inSplitPrimary = false
        let secondary = payload["secondary"].flatMap { node($0, join(kindPath, "secondary")) }
        let supplementary = payload["supplementary"].flatMap { node($0, join(kindPath, "supplementary")) }
        guard let primary else { return false }
        spec = NodeSpec.split(
            primary: primary, secondary: secondary, supplementary: supplementary,
            collapsed: bool(value["collapsed"], join(path, "collapsed")))
        spec.splitDisplay = choice(value["display"], join(path, "display"), SplitDisplay.self)
        return true
    }

    @inline(never)
    private mutating func activitiesNode(_ spec: inout NodeSpec, _ payload: JSONValue, _ value: JSONValue, _ path: String) -> Bool {
        let kindPath = join(path, "activities")
        spec = NodeSpec(kind: .activity)
        switch payload {
        case .object(let members):
            for (key, child) in members.sorted(by: { $0.0 < $1.0 }) {
                if let childSpec = node(child, join(kindPath, key)) {
                    spec.children.append(childSpec)
                    spec.keys.append(key)
                }
            }
        case .array(let items):
            for (index, item) in items.enumerated() {
                activity(item, "\(kindPath)[\(index)]", into: &spec)
            }
        default:
            typeError(kindPath, "an object of key → node literal, or an array of {\"key\", \"node\"}", payload)
            return false
        }
        if let raw = value["generators"], let members = object(raw, join(path, "generators"), "an object of key → node literal") {
            for (key, child) in members.sorted(by: { $0.0 < $1.0 }) {
                // A generator is a template, built when its key is activated: its ids are its own.
                let outer = literalIDs
                literalIDs = [:]
                if let childSpec = node(child, join(join(path, "generators"), key)) { spec.generators[key] = childSpec }
                literalIDs = outer
            }
        }
        if value["flavor"] != nil { spec.flavor = choice(value["flavor"], join(path, "flavor"), ActivityFlavor.self) }
        if let raw = value["wrapInNavigation"], let items = array(raw, join(path, "wrapInNavigation"), "an array of keys") {
            for (index, item) in items.enumerated() {
                if let key = string(item, "\(join(path, "wrapInNavigation"))[\(index)]") { spec.wrapsInNavigation.insert(key) }
            }
        }
        if let active = string(value["active"], join(path, "active")) {
            if !spec.keys.contains(active) && spec.generators[active] == nil {
                fail(
                    .invalidValue(
                        file: file, path: join(path, "active"), value: active, expected: "a key of 'activities' or 'generators'",
                        suggestion: Suggestion.closest(to: active, in: spec.keys + spec.generators.keys.sorted())))
            }
            spec.active = active
        }
        return true
    }

    /// One `{"key", "node"}` of an activity container's array, appended to `spec`.
    @inline(never)
    private mutating func activity(_ item: JSONValue, _ itemPath: String, into spec: inout NodeSpec) {
        guard let members = object(item, itemPath, "an object with 'key' and 'node'") else { return }
        checkFields(members, at: itemPath, allowed: ["key", "node"])
        guard let key = string(item["key"], join(itemPath, "key")) else {
            if item["key"] == nil { fail(.missingField(file: file, path: itemPath, field: "key")) }
            return
        }
        guard let raw = item["node"] else {
            fail(.missingField(file: file, path: itemPath, field: "node"))
            return
        }
        if spec.keys.contains(key) {
            fail(
                .invalidValue(
                    file: file, path: join(itemPath, "key"), value: key, expected: "a key not used before in this container",
                    suggestion: nil))
        }
        if let childSpec = node(raw, join(itemPath, "node")) {
            spec.children.append(childSpec)
            spec.keys.append(key)
        }
    }

    @inline(never)
    private mutating func stackNode(_ spec: inout NodeSpec, _ payload: JSONValue, _ value: JSONValue, _ path: String) -> Bool {
        guard let items = array(payload, join(path, "stack"), "an array of view names (the last is active)") else { return false }
        spec = NodeSpec(kind: .stack)
        spec.children = items.enumerated().compactMap { view($1, "\(join(path, "stack"))[\($0)]") }
        if let raw = value["metrics"] { spec.stackMetrics = metrics(raw, join(path, "metrics")) }
        return true
    }

    @inline(never)
    private mutating func notificationsNode(_ spec: inout NodeSpec, _ payload: JSONValue, _ value: JSONValue, _ path: String) -> Bool {
        let kindPath = join(path, "notifications")
        spec = NodeSpec(kind: .notifications)
        guard let items = array(payload, kindPath, "an array of node literals (shown one at a time)") else { return false }
        if items.isEmpty {
            fail(.invalidNode(file: file, path: kindPath, reason: "a notification sequence needs at least one controller"))
        }
        spec.children = items.enumerated().compactMap { node($1, "\(kindPath)[\($0)]") }
        spec.selected = integer(value["selected"], join(path, "selected"))
        // One of its notifications, as a tab bar's (a fidelity trial's 5 of 2 showed none, and its run JSON was refused).
        if let selected = spec.selected, !items.isEmpty, !replaying {
            checkIndex(selected, into: items.count, at: join(path, "selected"), none: "")
        }
        return true
    }

    /// The fields every kind but a reference takes: `id`, `title`, `class`, `definesPresentationContext`, and what it
    /// presents.
    @inline(never)
    private mutating func commonFields(of spec: inout NodeSpec, _ value: JSONValue, _ path: String) {
        if let id = string(value["id"], join(path, "id")) {
            if id.isEmpty || id.contains("#") {
                fail(
                    .invalidValue(file: file, path: join(path, "id"), value: id, expected: "a non-empty name without '#'", suggestion: nil))
            }
            // Two nodes of one literal with one id would silently become `id` and `id#2`.
            if let first = literalIDs[id] {
                fail(
                    .invalidNode(
                        file: file, path: join(path, "id"),
                        reason: "duplicate id '\(id)': every node needs its own id (the first is at \(first))"))
            } else if !id.isEmpty {
                literalIDs[id] = join(path, "id")
            }
            registerBase(id)
            spec.id = id
        }
        spec.title = string(value["title"], join(path, "title"))
        spec.className = string(value["class"], join(path, "class"))
        spec.definesPresentationContext = bool(value["definesPresentationContext"], join(path, "definesPresentationContext"))
        if let raw = value["presents"] {
            spec.presents = node(raw, join(path, "presents"))
            if value["style"] != nil {
                spec.presentsStyle = choice(value["style"], join(path, "style"), PresentationStyle.self) ?? .automatic
            }
        } else if value["style"] != nil {
            // "missing field 'presents'" did not say that `style` was why (a trial).
            fail(
                .invalidNode(
                    file: file, path: join(path, "style"),
                    reason: "a style is for what the node presents: add \"presents\" (a node literal), or leave \"style\" out"))
        }
    }

    /// The kind key an object literal is written with (`navigation`, `split`…), when it has exactly one.
    static func writtenKind(_ value: JSONValue) -> String? {
        guard case .object(let members) = value else { return nil }
        let kinds = writtenKinds(members)
        return kinds.count == 1 ? kinds[0] : nil
    }

    /// The kind keys an object literal's fields hold, in its order.
    static func writtenKinds(_ members: [(String, JSONValue)]) -> [String] { members.map(\.0).filter { kindKeys.contains($0) } }

    /// Why a navigation controller's stack cannot hold a controller of this kind (UIKit's exception).
    static func notPushable(_ kind: NodeKind) -> String {
        kind == .split
            ? "a split view controller cannot be in a navigation stack: UIKit raises 'Split View Controllers cannot be pushed to a Navigation Controller' (docs/semantics.md#N3)"
            : "a navigation controller cannot be in another's stack: UIKit raises 'Pushing a navigation controller is not supported'; only a collapsed split view nests one (docs/semantics.md#N3)"
    }

    mutating func metrics(_ value: JSONValue, _ path: String) -> StackMetrics? {
        guard let members = object(value, path) else { return nil }
        let fields = ["duration", "delay", "damping", "initialVelocity", "active", "leading", "trailing"]
        checkFields(members, at: path, allowed: fields)
        var metrics = StackMetrics()
        if let v = seconds(value["duration"], join(path, "duration")) { metrics.duration = v }
        if let v = seconds(value["delay"], join(path, "delay")) { metrics.delay = v }
        if let v = number(value["damping"], join(path, "damping"), min: 0) { metrics.damping = v }
        if let v = number(value["initialVelocity"], join(path, "initialVelocity")) { metrics.initialVelocity = v }
        for (name, keyPath) in [("active", \StackMetrics.active), ("leading", \.leading), ("trailing", \.trailing)] {
            guard let raw = value[name] else { continue }
            let placementPath = join(path, name)
            guard let placementMembers = object(raw, placementPath) else { continue }
            checkFields(placementMembers, at: placementPath, allowed: ["alpha", "offset", "scale"])
            var placement = metrics[keyPath: keyPath]
            if let v = number(raw["alpha"], join(placementPath, "alpha"), min: 0) { placement.alpha = v }
            if let v = number(raw["offset"], join(placementPath, "offset")) { placement.offset = v }
            if let v = number(raw["scale"], join(placementPath, "scale"), min: 0) { placement.scale = v }
            metrics[keyPath: keyPath] = placement
        }
        return metrics
    }
}

extension SplitDisplay: AliasedChoice {
    /// UIKit's overlay and displace modes show the same columns as the beside ones (a trial's `oneOverSecondary`, the
    /// mode of an iPad in portrait, was refused); navviz does not tell overlaying from sitting beside.
    public static let aliases = [
        "oneOverSecondary": SplitDisplay.oneBesideSecondary.rawValue, "twoOverSecondary": SplitDisplay.twoBesideSecondary.rawValue,
        "twoDisplaceSecondary": SplitDisplay.twoBesideSecondary.rawValue,
    ]
}
