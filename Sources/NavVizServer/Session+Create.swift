import NavVizCore
import NavVizRender
import NavVizScenario

extension Session {
    /// The fields of a `POST /api/sessions` body.
    static let requestFields = ["id", "name", "root", "finder", "device", "screens", "routes", "quirks"]

    /// The id a creation body asks for, if any.
    static func requestedID(in body: JSONValue) throws(ServerError) -> SessionID? {
        guard let raw = body["id"] else { return nil }
        guard case .string(let text) = raw else {
            throw .invalidBody(
                ScenarioErrors([.wrongType(file: "body", path: "id", expected: "a session id (a string)", found: raw.typeDescription)]))
        }
        // Named by its path in the body, as every body error is (a trial read "Invalid session id" with no path).
        guard let id = SessionID(text) else {
            throw .invalidBody(
                ScenarioErrors([
                    .invalidValue(
                        file: "body", path: "id", value: ServerError.printable(text),
                        expected: "a session id: \(SessionID.rule)", suggestion: nil)
                ]))
        }
        return id
    }

    /// The display name a creation body asks for, if any.
    static func requestedName(in body: JSONValue) -> String? { body["name"]?.stringValue }

    /// The longest display name a session takes: the list and the viewer's title show it whole.
    static let nameLimit = 200

    /// Builds a session from a creation body: `name`, `root` (a node literal or a canonical snapshot;
    /// none for an empty window), `finder`, and optionally `device`, `screens`, `routes` and `quirks`
    /// as a scenario file has them. Errors name the JSON path in the body.
    /// `replaying` a journal: the request is read as it was when it was acknowledged (`ScenarioDecoder.replaying`).
    static func create(from body: JSONValue, id: SessionID, created: String, replaying: Bool = false) throws(ServerError) -> Session {
        // On a thread with a main thread's stack, as `perform`.
        try LargeStack.run { () throws(ServerError) in try createHere(from: body, id: id, created: created, replaying: replaying) }
    }

    private static func createHere(from body: JSONValue, id: SessionID, created: String, replaying: Bool) throws(ServerError) -> Session {
        guard case .object(let members) = body else {
            throw .invalidBody(ScenarioErrors([.notAnObject(file: "body", found: body.typeDescription)]))
        }
        var reader = DocumentReader(file: "body")
        // A whole scenario file posted to create a session: what to do with its steps, not "unknown field" twice.
        if members.contains(where: { $0.0 == "steps" }) {
            reader.fail(
                .invalidNode(
                    file: "body", path: "steps",
                    reason: "a session is created without steps: post each to /api/sessions/ID/steps, or serve the scenario "
                        + "file with --watch"))
        }
        // With its steps, a scenario's `navviz` is part of what the hint above is about; alone it is an unknown field.
        let isScenario = members.contains { $0.0 == "steps" }
        reader.checkFields(members.filter { $0.0 != "steps" && !(isScenario && $0.0 == "navviz") }, at: "", allowed: requestFields)
        // Every error at once, as a file's: the fields' here, the header's below (a trial saw one per request).
        let fieldErrors = reader.errors
        if let name = body["name"]?.stringValue, name.count > nameLimit {
            throw .invalidBody(
                ScenarioErrors([
                    .invalidValue(
                        file: "body", path: "name", value: String(name.prefix(20)) + "…",
                        expected: "a name of at most \(nameLimit) characters (it has \(name.count))", suggestion: nil)
                ]))
        }
        // The header fields are a scenario's: decode them as a scenario without steps, so the
        // paths and messages are the scenario format's own.
        let root = body["root"]
        let isSnapshot = root.map(Capture.isSnapshot) ?? false
        var scenario: [(String, JSONValue)] = [("navviz", .number(1))]
        for key in ["name", "device", "finder", "quirks", "screens", "routes"] {
            if let value = body[key] { scenario.append((key, value)) }
        }
        if body["name"] == nil { scenario.append(("name", .string(id.rawValue))) }
        scenario.append(("root", root.flatMap { isSnapshot ? nil : $0 } ?? .string("Window")))
        let header: Scenario
        do {
            header = try ScenarioDecoder.decode(.object(scenario), file: "body", replaying: replaying)
        } catch {
            throw .invalidBody(ScenarioErrors(fieldErrors + error.errors))
        }
        if !fieldErrors.isEmpty { throw .invalidBody(ScenarioErrors(fieldErrors)) }
        let finder = ViewFinder(header.finder)
        var simulator: Simulator
        if let root, !isSnapshot {
            do {
                simulator = try Simulator(
                    root: header.root, device: header.device, screens: header.screens, finder: finder, replaysQuirks: header.quirks)
            } catch {
                throw .invalidBody(ScenarioErrors([.invalidNode(file: "body", path: "root", reason: error.description)]))
            }
            _ = root
        } else {
            var hierarchy = Hierarchy(device: header.device, screens: header.screens)
            if let root, root != .null {
                do {
                    hierarchy =
                        replaying
                        ? try Snapshot.decode(root, file: "body", path: "root", device: header.device, replaying: true)
                        : try Snapshot.decodeRoot(root, file: "body", path: "root", device: header.device)
                } catch {
                    throw .invalidBody(error)
                }
                hierarchy.screens = header.screens
            }
            simulator = Simulator(hierarchy: hierarchy, finder: finder, replaysQuirks: header.quirks)
        }
        var session = Session(id: id, name: header.name, created: created, simulator: simulator, routes: header.routes)
        if root != nil, !isSnapshot { session.rootLiteral = header.root }
        return session
    }
}
