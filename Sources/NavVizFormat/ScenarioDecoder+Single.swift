import NavVizCore

extension ScenarioDecoder {
    /// Decodes one step object on its own, as the daemon receives it (`POST /api/sessions/{id}/steps`).
    ///
    /// Errors name `file` and the JSON path inside the object (`body: op: unknown operation 'pusj'…`).
    /// Ids the step refers to (`target`, `popTo`, `{"ref": …}`, `expect.visible`) must satisfy
    /// `isKnownID` or be built by the step itself (`knownIDs` gives the candidates for a "did you
    /// mean", asked only when an id is unknown); `navigate` routes must be in `routes`. A `snapshot`
    /// step is read for `device`.
    public static func decodeStep(
        _ value: JSONValue, file: String, path: String = "", isKnownID: (String) -> Bool = { _ in false },
        knownIDs: () -> [String] = { [] }, routes: some Sequence<String> = [String](), device: Device = .phone,
        replaying: Bool = false
    ) throws(ScenarioErrors) -> ScenarioStep {
        var decoder = ScenarioDecoder(file: file)
        decoder.device = device
        decoder.replaying = replaying
        let step = decoder.step(value, path)
        try decoder.finishSingle(routes: Set(routes), isKnownID: isKnownID, knownIDs: knownIDs)
        guard let step else { throw ScenarioErrors([.invalidNode(file: file, path: path, reason: "not a valid step")]) }
        return step
    }

    /// Decodes one node literal on its own (a session's `root`, say). `knownIDs` as for `decodeStep`.
    public static func decodeNode(
        _ value: JSONValue, file: String, path: String = "", knownIDs: some Sequence<String> = [String]()
    ) throws(ScenarioErrors) -> NodeSpec {
        var decoder = ScenarioDecoder(file: file)
        let known = Set(knownIDs)
        let node = decoder.node(value, path)
        try decoder.finishSingle(routes: [], isKnownID: known.contains, knownIDs: { Array(known) })
        guard let node else { throw ScenarioErrors([.invalidNode(file: file, path: path, reason: "not a valid node literal")]) }
        return node
    }

    /// Checks the ids and routes referred to, then throws every error found, in order.
    private mutating func finishSingle(
        routes: Set<String>, isKnownID: (String) -> Bool, knownIDs: () -> [String]
    ) throws(ScenarioErrors) {
        for (_, reference) in references {
            switch reference {
            case .id(let path, let id) where !isKnownID(id) && !isPlausibleID(id):
                fail(.unknownID(file: file, path: path, id: id, suggestion: Suggestion.closest(to: id, in: knownIDs() + knownBases)))
            case .route(let path, let name) where !routes.contains(name):
                fail(
                    .unknownRoute(
                        file: file, path: path, name: name, suggestion: Suggestion.closest(to: name, in: routes), known: Array(routes)))
            default: continue
            }
        }
        if !errors.isEmpty { throw ScenarioErrors(errors) }
    }
}
