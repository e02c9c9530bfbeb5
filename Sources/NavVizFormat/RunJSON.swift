import NavVizCore

/// Encodes runs as the run JSON (docs/format.md, Run JSON): `run.json`, `navviz run --json`.
public enum RunEncoder {
    /// The whole run.
    public static func encode(_ run: Run) -> JSONValue {
        .object([
            ("navviz", .number(1)),
            ("scenario", .string(run.scenario)),
            ("steps", .array(run.steps.map(encode))),
        ])
    }

    /// The whole run as pretty JSON text.
    public static func text(_ run: Run) -> String { JSONWriter.pretty(encode(run)) }

    /// One step, keys in a fixed order.
    public static func encode(_ step: RunStep) -> JSONValue {
        let outcome = step.outcome
        var members: [(String, JSONValue)] = [
            ("index", .number(Double(step.index))),
            ("op", .string(step.op)),
        ]
        if let route = step.route { members.append(("route", .string(route))) }
        members.append(("status", .string(outcome.status.rawValue)))
        if let message = outcome.message { members.append(("message", .string(message))) }
        if let note = step.note { members.append(("note", .string(note))) }
        members.append(("visible", step.finder.visible.map { .string($0.rawValue) } ?? .null))
        members.append(("path", .array(step.finder.path.map { .string($0.rawValue) })))
        members.append(("onScreen", .array(step.finder.onScreen.map { .string($0.rawValue) })))
        members.append(("time", .number(outcome.start)))
        members.append(("duration", .number(outcome.duration)))
        if let animation = outcome.animation { members.append(("animation", encode(animation))) }
        if outcome.isUpdate { members.append(("update", .bool(true))) }
        if outcome.isCancelled { members.append(("cancelled", .bool(true))) }
        members.append(("events", .array(outcome.events.map(encode))))
        if !outcome.hooks.isEmpty {
            members.append(
                (
                    "hooks",
                    .array(
                        outcome.hooks.map { hook in
                            var fields: [(String, JSONValue)] = [("hook", .string(hook.name))]
                            if let controller = hook.controller { fields.append(("controller", .string(controller.rawValue))) }
                            return .object(fields)
                        })
                ))
        }
        if !outcome.warnings.isEmpty { members.append(("warnings", .array(outcome.warnings.map { .string($0) }))) }
        if !step.failures.isEmpty { members.append(("failures", .array(step.failures.map { .string($0) }))) }
        members.append(("hierarchy", Snapshot.encode(step.hierarchy)))
        return .object(members)
    }

    /// An appearance event.
    public static func encode(_ event: AppearanceEvent) -> JSONValue {
        .object([
            ("controller", .string(event.controller.rawValue)),
            ("callback", .string(event.callback.rawValue)),
            ("animated", .bool(event.isAnimated)),
        ])
    }

    /// An animation descriptor.
    public static func encode(_ animation: Animation) -> JSONValue {
        var members: [(String, JSONValue)] = [("kind", .string(animation.kind))]
        if let duration = animation.duration { members.append(("duration", .number(duration))) }
        if let direction = animation.direction { members.append(("direction", .string(direction))) }
        for key in animation.parameters.keys.sorted() { members.append((key, .number(animation.parameters[key]!))) }
        return .object(members)
    }
}

/// Reads the run JSON back (`run.json`, a golden's reduced `run.json`, the daemon's answers): the one
/// reader of what `RunEncoder` writes. A whole run needs `"navviz": 1` and no field `RunEncoder` does not write;
/// in a step only `hierarchy` is required, and a field that is absent (or `null`) keeps its default, so a
/// golden's run JSON, which holds only the fields that describe states, reads too. The finder's report is worked out from the hierarchy where the file does not give it. What the
/// run JSON does not hold (the nodes a step created, a rejection's typed error, the step's place in the
/// scenario) is left empty.
public enum RunDecoder {
    /// A whole run JSON (`{"navviz": 1, "scenario": …, "steps": […]}`); `file` names it in errors.
    /// Its version and fields are checked as a scenario's are: a run JSON of another version, or with fields this
    /// navviz does not know, was read as far as it could be, and `navviz diff` answered "No navigation changes", exit 0
    /// (a trial).
    /// `checkingFields` false reads a daemon's answer, which a newer daemon may give fields this client does not know.
    public static func decode(_ value: JSONValue, file: String, checkingFields: Bool = true) throws(ScenarioErrors) -> Run {
        var reader = DocumentReader(file: file)
        let members = try ScenarioDecoder.versionOneMembers(of: value, file: file)
        if checkingFields { reader.checkFields(members, at: "(top level)", allowed: ["navviz", "scenario", "steps"]) }
        _ = reader.string(value["scenario"], "scenario")
        var steps: [RunStep] = []
        let items = value["steps"].flatMap { reader.array($0, "steps", "an array of run steps") } ?? []
        for (offset, item) in items.enumerated() {
            if checkingFields, case .object(let object) = item { reader.checkFields(object, at: "steps[\(offset)]", allowed: stepFields) }
            if let step = step(item, offset: offset, path: "steps[\(offset)]", reader: &reader) { steps.append(step) }
        }
        if steps.isEmpty, reader.errors.isEmpty {
            reader.fail(.invalidValue(file: file, path: "steps", value: "[]", expected: "at least the initial state", suggestion: nil))
        }
        if !reader.errors.isEmpty { throw ScenarioErrors(reader.errors) }
        return Run(scenario: value["scenario"]?.stringValue ?? file, file: file, steps: steps)
    }

    /// The fields of a run step, as `RunEncoder` writes them.
    static let stepFields = [
        "index", "op", "route", "status", "message", "note", "visible", "path", "onScreen", "time", "duration", "animation", "update",
        "cancelled",
        "events",
        "hooks", "warnings", "failures", "hierarchy",
    ]

    /// One step object (what the daemon answers a posted step with); `file` names it in errors.
    public static func decodeStep(_ value: JSONValue, file: String) throws(ScenarioErrors) -> RunStep {
        var reader = DocumentReader(file: file)
        let index = reader.integer(value["index"], "index") ?? 0
        guard let step = step(value, offset: index, path: "", reader: &reader), reader.errors.isEmpty else {
            throw ScenarioErrors(reader.errors)
        }
        return step
    }

    /// Step `offset` at `path`, or nil with its errors appended.
    static func step(_ item: JSONValue, offset: Int, path: String, reader: inout DocumentReader) -> RunStep? {
        let at = path.isEmpty ? "(top level)" : path
        guard reader.object(item, at, "a run step object") != nil else { return nil }
        let file = reader.file
        /// A member, `null` being the same as absent.
        func member(_ key: String) -> JSONValue? { item[key] == .null ? nil : item[key] }
        func text(_ key: String) -> String? { reader.string(member(key), reader.join(path, key)) }
        func strings(_ key: String, _ expected: String) -> [String]? {
            guard let raw = item[key] else { return nil }
            guard let list = raw.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                reader.typeError(reader.join(path, key), expected, raw)
                return nil
            }
            return list.compactMap(\.stringValue)
        }
        let op = text("op") ?? (offset == 0 ? "initial" : "step")
        var outcome = StepOutcome(
            status: reader.choice(member("status"), reader.join(path, "status"), StepStatus.self) ?? .ok, message: text("message"))
        let note = text("note")
        let route = text("route")
        let visible = text("visible")
        let finderPath = strings("path", "an array of ids")
        let onScreen = strings("onScreen", "an array of ids")
        outcome.start = reader.number(member("time"), reader.join(path, "time")) ?? 0
        outcome.duration = reader.number(member("duration"), reader.join(path, "duration"), min: 0) ?? 0
        outcome.isUpdate = reader.bool(member("update"), reader.join(path, "update")) ?? false
        outcome.isCancelled = reader.bool(member("cancelled"), reader.join(path, "cancelled")) ?? false
        outcome.warnings = strings("warnings", "an array of strings") ?? []
        let failures = strings("failures", "an array of strings") ?? []
        if let raw = member("animation") { outcome.animation = animation(raw, reader.join(path, "animation"), &reader) }
        if let raw = member("events"), let list = reader.array(raw, reader.join(path, "events"), "an array of appearance events") {
            outcome.events = list.enumerated().compactMap { event($1, reader.join(path, "events") + "[\($0)]", &reader) }
        }
        if let raw = member("hooks"), let list = reader.array(raw, reader.join(path, "hooks"), "an array of hooks") {
            outcome.hooks = list.enumerated().compactMap { offset, hook in
                let at = reader.join(path, "hooks") + "[\(offset)]"
                guard reader.object(hook, at) != nil, let name = reader.string(hook["hook"], reader.join(at, "hook")) else { return nil }
                return HookEvent(name, controller: reader.string(hook["controller"], reader.join(at, "controller")).map { NodeID($0) })
            }
        }
        guard let raw = item["hierarchy"] else {
            reader.fail(.missingField(file: file, path: at, field: "hierarchy"))
            return nil
        }
        let hierarchy: Hierarchy
        do {
            hierarchy = try Snapshot.decode(raw, file: file, path: reader.join(path, "hierarchy"))
        } catch {
            reader.errors += error.errors
            return nil
        }
        var finder = ViewFinder().find(in: hierarchy)
        if item["visible"] != nil { finder.visible = visible.map { NodeID($0) } }
        if let finderPath { finder.path = finderPath.map { NodeID($0) } }
        if let onScreen { finder.onScreen = onScreen.map { NodeID($0) } }
        return RunStep(
            index: offset, op: op, outcome: outcome, note: note, path: "", finder: finder, hierarchy: hierarchy, failures: failures,
            route: route)
    }

    static func event(_ value: JSONValue, _ path: String, _ reader: inout DocumentReader) -> AppearanceEvent? {
        guard reader.object(value, path, "an appearance event object") != nil else { return nil }
        guard let controller = reader.string(value["controller"], reader.join(path, "controller")),
            let callback = reader.choice(value["callback"], reader.join(path, "callback"), AppearanceCallback.self)
        else { return nil }
        return AppearanceEvent(
            NodeID(controller), callback, animated: reader.bool(value["animated"], reader.join(path, "animated")) ?? false)
    }

    static func animation(_ value: JSONValue, _ path: String, _ reader: inout DocumentReader) -> Animation? {
        guard let members = reader.object(value, path, "an animation object"),
            let kind = reader.string(value["kind"], reader.join(path, "kind"))
        else { return nil }
        var animation = Animation(
            kind: kind, duration: reader.number(value["duration"], reader.join(path, "duration"), min: 0),
            direction: reader.string(value["direction"], reader.join(path, "direction")))
        for (key, number) in members where !["kind", "duration", "direction"].contains(key) {
            animation.parameters[key] = reader.number(number, reader.join(path, key))
        }
        return animation
    }
}
