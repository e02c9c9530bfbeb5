import NavVizCore

/// A step's operation fields as read from the document: each value with its JSON path.
typealias StepFields = [String: (value: JSONValue, path: String)]

/// How one operation is spelled in a scenario: its name, its own fields and how they decode into a step.
/// `OperationSpelling.table` lists every operation; the decoder, the encoder, the schema test and the
/// did-you-mean suggestions all read it, so adding an operation is one row here (plus its behaviour in
/// `NavVizCore` and its fields in `ScenarioEncoder.fields(of:)`, which the compiler points at).
public struct OperationSpelling: Sendable {
    /// The name in `{"op": name}` and in the short spelling `{name: value}`.
    let name: String
    /// Its own fields (besides the common `animated`, `animation`, `target`, `after`, `note`, `expect`).
    let fields: [String]
    /// The field the value of the short spelling fills (`{"push": "Detail"}` fills `node`). Operations
    /// without one take `true` there (`{"pop": true}`): their flags are not arguments.
    let main: String?
    /// Fields it cannot do without.
    let required: [String]
    /// Reads the fields into a step (nil once an error is recorded).
    let decode: @Sendable (inout ScenarioDecoder, StepFields) -> StepAction?

    init(
        _ name: String, fields: [String] = [], main: String? = nil, required: [String] = [],
        decode: @escaping @Sendable (inout ScenarioDecoder, StepFields) -> StepAction?
    ) {
        self.name = name
        self.fields = fields
        self.main = main
        self.required = required
        self.decode = decode
    }

    /// Whether a short spelling's value means "no argument": `{"pop": true}`, `{"pop": {}}`, `{"pop": null}`.
    static func isBare(_ payload: JSONValue) -> Bool { payload == .bool(true) || payload == .object([]) || payload == .null }

    /// A step object in the long spelling (`{"push": "Detail"}` as `{"op": "push", "node": "Detail"}`, `{"pop": true}` as
    /// `{"op": "pop"}`), so that two spellings of one step compare equal; anything else as it is.
    public static func longForm(_ step: JSONValue) -> JSONValue {
        guard case .object(let members) = step, !members.contains(where: { $0.0 == "op" }) else { return step }
        let named = members.filter { byName[$0.0] != nil }
        guard named.count == 1, let operation = byName[named[0].0] else { return step }
        let isBare = Self.isBare(named[0].1)
        var result: [(String, JSONValue)] = [("op", .string(operation.name))]
        for (key, value) in members {
            if key == operation.name {
                if !isBare, let main = operation.main { result.append((main, value)) }
            } else {
                result.append((key, value))
            }
        }
        return .object(result)
    }

    /// An operation whose one field is its main argument and required (`push`, `show`, `setRoot`…).
    private static func one(
        _ name: String, _ field: String, decode: @escaping @Sendable (inout ScenarioDecoder, StepFields) -> StepAction?
    ) -> OperationSpelling {
        OperationSpelling(name, fields: [field], main: field, required: [field], decode: decode)
    }

    /// Every operation, in the order the documentation lists them.
    static let table: [OperationSpelling] = [
        one("push", "node") { d, f in d.node(f).map { .operation(.push($0)) } },
        OperationSpelling("pop", fields: ["interactive", "cancelled"]) { d, f in
            d.swipe(f).map { .operation(.pop(interactive: $0.interactive, cancelled: $0.cancelled)) }
        },
        OperationSpelling("popToRoot") { _, _ in .operation(.popToRoot) },
        one("popTo", "id") { d, f in f["id"].flatMap { d.referenceID($0.value, $0.path) }.map { .operation(.popTo($0)) } },
        OperationSpelling("popToInstance", fields: ["class", "which"], main: "class", required: ["class"]) { d, f in
            guard let className = d.text(f, "class") else { return nil }
            let which = f["which"].flatMap { d.choice($0.value, $0.path, InstanceMatch.self) } ?? .first
            return .operation(.popToInstance(className: className, which: which))
        },
        one("setStack", "stack") { d, f in
            d.nodes(f["stack"], expected: "an array of node literals (root first)").map { .operation(.setStack($0)) }
        },
        OperationSpelling("replace", fields: ["node", "mode", "keep"], main: "node", required: ["node"]) { d, f in
            guard let node = d.node(f) else { return nil }
            var mode = ReplaceMode.last
            if let raw = f["mode"] {
                guard let name = d.choice(raw.value, raw.path, in: ["last", "all"], expected: ScenarioDecoder.replaceModes) else {
                    return nil
                }
                mode = name == "all" ? .all : .last
            }
            if let raw = f["keep"], let count = d.count(raw.value, raw.path) { mode = .keepFirst(count) }
            return .operation(.replace(node, mode: mode))
        },
        OperationSpelling("select", fields: ["tab", "user"], main: "tab", required: ["tab"]) { d, f in
            guard let raw = f["tab"] else { return nil }
            let selector: TabSelector
            switch raw.value {
            case .number:
                guard let index = d.integer(raw.value, raw.path) else { return nil }
                // No tab bar has a tab -1: refused by validate, as root.selected's range is (a trial ran into it only when
                // the step ran).
                guard index >= 0 else {
                    d.fail(
                        .invalidValue(
                            file: d.file, path: raw.path, value: String(index), expected: "a tab index, 0 or more", suggestion: nil))
                    return nil
                }
                selector = .index(index)
            case .string(let text) where Int(text) != nil:
                // A string is a node's id, and ids are not numbers: the index was quoted.
                d.fail(
                    .invalidValue(
                        file: d.file, path: raw.path, value: "\"\(text)\"",
                        expected: "a tab index as a number, \(text) without quotes (a string names a tab by its id)", suggestion: nil))
                return nil
            case .string:
                guard let id = d.referenceID(raw.value, raw.path) else { return nil }
                selector = .id(id)
            default:
                d.typeError(raw.path, "a tab index or a node id", raw.value)
                return nil
            }
            return .operation(.select(selector, isUserTap: d.flag(f, "user")))
        },
        OperationSpelling("setTabs", fields: ["tabs", "selected"], main: "tabs", required: ["tabs"]) { d, f in
            guard let tabs = d.nodes(f["tabs"], expected: "an array of node literals (one per tab)") else { return nil }
            let selected = f["selected"].flatMap { d.integer($0.value, $0.path) }
            // One of the tabs, as a root tab bar's is checked here (it was refused only when the step ran, a review).
            if let selected, let raw = f["selected"], !d.replaying {
                d.checkIndex(selected, into: tabs.count, at: raw.path, none: "no selection for an empty tab bar")
            }
            return .operation(.setTabs(tabs, selected: selected))
        },
        one("show", "node") { d, f in d.node(f).map { .operation(.show($0)) } },
        one("showDetail", "node") { d, f in d.node(f).map { .operation(.showDetail($0)) } },
        OperationSpelling("collapse", fields: ["onto"], main: "onto") { d, f in
            .operation(.collapse(onto: f["onto"].flatMap { d.referenceID($0.value, $0.path) }))
        },
        OperationSpelling("expand") { _, _ in .operation(.expand) },
        one("showChild", "node") { d, f in d.node(f).map { .operation(.showChild($0)) } },
        OperationSpelling("present", fields: ["node", "style"], main: "node", required: ["node"]) { d, f in
            guard let node = d.node(f) else { return nil }
            return .operation(
                .present(node, style: f["style"].flatMap { d.choice($0.value, $0.path, PresentationStyle.self) } ?? .automatic))
        },
        OperationSpelling("dismiss", fields: ["interactive", "cancelled"]) { d, f in
            d.swipe(f).map { .operation(.dismiss(interactive: $0.interactive, cancelled: $0.cancelled)) }
        },
        one("setRoot", "node") { d, f in d.node(f).map { .operation(.setRoot($0)) } },
        OperationSpelling("activate", fields: ["activity", "rule"], main: "activity", required: ["activity"]) { d, f in
            guard let key = d.text(f, "activity") else { return nil }
            return .operation(.activate(key, rule: f["rule"].flatMap { d.choice($0.value, $0.path, ActivationRule.self) } ?? .any))
        },
        one("flushActivity", "activity") { d, f in d.text(f, "activity").map { .operation(.flushActivity($0)) } },
        OperationSpelling("register", fields: ["activity", "node"], main: "activity", required: ["activity", "node"]) { d, f in
            guard let key = d.text(f, "activity"), let node = d.node(f) else { return nil }
            return .operation(.register(key, node))
        },
        OperationSpelling("flick", fields: ["velocity"], main: "velocity") { d, f in
            .operation(.flick(velocity: f["velocity"].flatMap { d.number($0.value, $0.path) }))
        },
        one("pushView", "node") { d, f in d.node(f, asView: true).map { .operation(.pushView($0)) } },
        OperationSpelling("popView") { _, _ in .operation(.popView) },
        one("setViews", "views") { d, f in
            d.nodes(f["views"], expected: "an array of view names", asView: true).map { .operation(.setViews($0)) }
        },
        one("updateView", "node") { d, f in d.node(f, asView: true).map { .operation(.updateView($0)) } },
        OperationSpelling("memoryWarning") { _, _ in .operation(.memoryWarning) },
        one("wait", "seconds") { d, f in f["seconds"].flatMap { d.seconds($0.value, $0.path) }.map { .operation(.wait(seconds: $0)) } },
        OperationSpelling("navigate", fields: ["route", "context"], main: "route", required: ["route"]) { d, f in
            guard let route = d.text(f, "route") else { return nil }
            d.noteRouteReference(route, at: f["route"]!.path)
            return .navigate(route: route, context: f["context"]?.value)
        },
        one("snapshot", "hierarchy") { d, f in
            f["hierarchy"].flatMap { d.snapshot($0.value, $0.path, device: d.device) }.map { .snapshot($0) }
        },
    ]

    /// The rows by name.
    static let byName: [String: OperationSpelling] = Dictionary(uniqueKeysWithValues: table.map { ($0.name, $0) })

    /// Every operation name, in table order (for did-you-mean suggestions).
    static let names: [String] = table.map(\.name)

    /// Every field some operation has.
    static let allFields: Set<String> = Set(table.flatMap(\.fields))
}

extension ScenarioDecoder {
    /// Every operation a step may name: the simulator's, plus `navigate` (routes) and `snapshot` (a captured state).
    public static var operationNames: [String] { OperationSpelling.names }

    /// The node literal in a field (`node` unless named); with `asView`, a view of an animated stack.
    mutating func node(_ fields: StepFields, _ key: String = "node", asView: Bool = false) -> NodeSpec? {
        guard let field = fields[key] else { return nil }
        return asView ? view(field.value, field.path) : node(field.value, field.path)
    }

    /// A flag field; false when absent.
    mutating func flag(_ fields: StepFields, _ key: String) -> Bool {
        fields[key].flatMap { bool($0.value, $0.path) } ?? false
    }

    /// `interactive` and `cancelled` of a `pop` or `dismiss`: only a swipe can be abandoned (a fidelity trial: a
    /// dismissal called from code was "cancelled", with a cancelled swipe's callbacks and no swipe).
    mutating func swipe(_ fields: StepFields) -> (interactive: Bool, cancelled: Bool)? {
        let interactive = flag(fields, "interactive")
        let cancelled = flag(fields, "cancelled")
        if cancelled, !interactive, !replaying, let path = fields["cancelled"]?.path {
            fail(
                .invalidNode(
                    file: file, path: path,
                    reason: "only a swipe can be cancelled: add \"interactive\": true (a transition started from code always completes)"))
            return nil
        }
        return (interactive, cancelled)
    }

    /// A string field.
    mutating func text(_ fields: StepFields, _ key: String) -> String? {
        fields[key].flatMap { string($0.value, $0.path) }
    }

    /// An array of node literals in a field (of views of an animated stack with `asView`).
    mutating func nodes(_ field: (value: JSONValue, path: String)?, expected: String, asView: Bool = false) -> [NodeSpec]? {
        guard let field, let items = array(field.value, field.path, expected) else { return nil }
        // One literal (a stack, the tabs): one id each across its elements.
        literalDepth += 1
        let specs = items.enumerated().compactMap { asView ? view($1, "\(field.path)[\($0)]") : node($1, "\(field.path)[\($0)]") }
        literalDepth -= 1
        if literalDepth == 0 { literalIDs = [:] }
        return specs.count == items.count ? specs : nil
    }
}
