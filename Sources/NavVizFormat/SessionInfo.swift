/// A session as the daemon lists it (`GET /api/sessions`, the `session` event): written by the daemon
/// and read by the client, both through this type.
public struct SessionInfo: Sendable, Equatable {
    /// Its id (in URLs).
    public var id: String
    /// Its display name.
    public var name: String
    /// How many steps it has (not counting the initial state).
    public var steps: Int
    /// The visible controller after the last step.
    public var visible: String?
    /// When it was created (ISO 8601).
    public var created: String
    /// `api` or `watch`.
    public var source: String
    /// The scenario file of a watched session.
    public var file: String?
    /// Why a watched file could not be rendered.
    public var error: String?
    /// What restoring it skipped.
    public var warnings: [String]?

    /// A summary.
    public init(
        id: String, name: String, steps: Int, visible: String?, created: String, source: String, file: String? = nil,
        error: String? = nil, warnings: [String]? = nil
    ) {
        (self.id, self.name, self.steps, self.visible, self.created) = (id, name, steps, visible, created)
        (self.source, self.file, self.error, self.warnings) = (source, file, error, warnings)
    }

    /// Reads a session summary through the same field reader as every format.
    public init(_ value: JSONValue, file: String) throws(ScenarioErrors) {
        var reader = DocumentReader(file: file)
        func required<T>(_ key: String, _ read: (inout DocumentReader, JSONValue?, String) -> T?) -> T? {
            if value[key] == nil { reader.fail(.missingField(file: file, path: "(top level)", field: key)) }
            return read(&reader, value[key], key)
        }
        func optional(_ key: String) -> String? { value[key] == .null ? nil : reader.string(value[key], key) }
        _ = reader.object(value, "(top level)", "a session object")
        let id = required("id") { $0.string($1, $2) }
        let name = required("name") { $0.string($1, $2) }
        let steps = required("steps") { $0.integer($1, $2) }
        let created = required("created") { $0.string($1, $2) }
        let source = required("source") { $0.string($1, $2) }
        self.visible = optional("visible")
        self.file = optional("file")
        self.error = optional("error")
        self.warnings = value["warnings"].flatMap { reader.array($0, "warnings", "an array of strings") }?.enumerated().compactMap {
            reader.string($1, "warnings[\($0)]")
        }
        guard reader.errors.isEmpty, let id, let name, let steps, let created, let source else { throw ScenarioErrors(reader.errors) }
        (self.id, self.name, self.steps, self.created, self.source) = (id, name, steps, created, source)
    }
}

extension SessionInfo {
    /// The summary as the daemon sends it: `id`, `name`, `steps`, `visible` (null when nothing is),
    /// `created`, `source`, then `file`, `error` and `warnings` when they say something.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(id)), ("name", .string(name)), ("steps", .number(Double(steps))),
            ("visible", visible.map { .string($0) } ?? .null), ("created", .string(created)), ("source", .string(source)),
        ]
        if let file { members.append(("file", .string(file))) }
        if let error { members.append(("error", .string(error))) }
        if let warnings, !warnings.isEmpty { members.append(("warnings", .array(warnings.map { .string($0) }))) }
        return .object(members)
    }
}
