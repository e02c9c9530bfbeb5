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
            ("status", .string(outcome.status.rawValue)),
        ]
        if let message = outcome.message { members.append(("message", .string(message))) }
        if let note = step.note { members.append(("note", .string(note))) }
        members.append(("visible", step.finder.visible.map { .string($0.rawValue) } ?? .null))
        members.append(("path", .array(step.finder.path.map { .string($0.rawValue) })))
        members.append(("onScreen", .array(step.finder.onScreen.map { .string($0.rawValue) })))
        members.append(("time", .number(outcome.start)))
        members.append(("duration", .number(outcome.duration)))
        if let animation = outcome.animation { members.append(("animation", encode(animation))) }
        if outcome.isUpdate { members.append(("update", .bool(true))) }
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
