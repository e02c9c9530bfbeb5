import NavVizCore

/// Captures of real apps as scenarios: a `_printHierarchy` dump or a canonical snapshot becomes a
/// scenario's initial state, and several captures become a scenario of `snapshot` steps (`navviz import`).
public enum Capture {
    /// What a `--kind` rule (or the daemon's `kind` parameter) must look like.
    public static let kindRuleExpected = "Class=kind with kind one of navigation, tab, split, controller"

    /// A `--kind` rule, `Class=kind`, as a class name and a kind; nil when it is not one.
    public static func kindRule(_ rule: String) -> (String, NodeKind)? {
        let parts = rule.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, let kind = NodeKind(rawValue: parts[1]),
            [.navigation, .tab, .split, .controller].contains(kind)
        else { return nil }
        return (parts[0], kind)
    }

    /// Why `--kind` rules (or the daemon's `kind` parameters) are not a table.
    public enum KindRulesError: Error, Equatable, Sendable {
        /// A rule that is not `Class=kind`.
        case invalid(String)
        /// One class given two kinds (the same kind twice is one rule).
        case twoKinds(String, NodeKind, NodeKind)
    }

    /// `--kind` rules as a table of class names to kinds: a rule that is not one, or a class given two kinds, is refused
    /// rather than read as the last (the CLI and the daemon alike).
    public static func kinds(_ rules: [String]) throws(KindRulesError) -> [String: NodeKind] {
        var kinds: [String: NodeKind] = [:]
        for rule in rules {
            guard let (name, kind) = kindRule(rule) else { throw .invalid(rule) }
            if let earlier = kinds.updateValue(kind, forKey: name), earlier != kind { throw .twoKinds(name, earlier, kind) }
        }
        return kinds
    }

    /// Reads a `_printHierarchy` dump; `kinds` maps class names to kinds (`--kind`); `reading` is the text's
    /// `PrintHierarchy.dumpReading(_:)` when the caller has it.
    public static func read(
        _ text: String, file: String, kinds: [String: NodeKind] = [:], device: Device? = nil,
        continuing previous: CaptureIdentities = CaptureIdentities(), reading: PrintHierarchy.Reading? = nil
    ) throws(ScenarioErrors)
        -> CapturedHierarchy
    {
        do {
            return try PrintHierarchy.parse(text, file: file, reading: reading).hierarchy(
                kinds: kinds, device: device, continuing: previous)
        } catch {
            throw ScenarioErrors([.capture(error)])
        }
    }

    /// Reads a capture file's text: a dump, or a canonical snapshot (JSON).
    public static func load(
        text: String, file: String, kinds: [String: NodeKind] = [:], device: Device? = nil,
        continuing previous: CaptureIdentities = CaptureIdentities()
    ) throws(ScenarioErrors)
        -> CapturedHierarchy
    {
        if let reading = PrintHierarchy.dumpReading(text) {
            return try read(text, file: file, kinds: kinds, device: device, continuing: previous, reading: reading)
        }
        try refuseNeitherDumpNorJSON(text, file: file)
        let value = try ScenarioDecoder.parseDocument(text, file: file)
        guard isSnapshot(value) else {
            if value["navviz"] != nil || value["steps"] != nil { throw ScenarioErrors([.capture(.scenarioNotCapture(file: file))]) }
            let first = PrintHierarchy.lines(of: text).first { !$0.text.allSatisfy(\.isWhitespace) }
            throw ScenarioErrors([
                .capture(.notADump(file: file, line: first?.number ?? 1, found: excerpt(first?.text.drop { $0.isWhitespace } ?? "")))
            ])
        }
        return CapturedHierarchy(hierarchy: try Snapshot.decodeRoot(value, file: file, device: device ?? .phone))
    }

    /// A file not named `.json` whose text starts like neither JSON nor a dump is reported as a dump that
    /// is not one (its first line), rather than as JSON that does not parse; an empty one as an empty capture.
    public static func refuseNeitherDumpNorJSON(_ text: String, file: String) throws(ScenarioErrors) {
        guard !file.lowercased().hasSuffix(".json") else { return }
        // The debugger's error right after the prompt, whatever follows it (Swift's error quotes the expression, which names
        // `_printHierarchy`, and marks it with `^~~~`: that line was read as the command, a trial's most common mistake).
        if let error = PrintHierarchy.leadingDebuggerError(text, file: file) { throw ScenarioErrors([.capture(error)]) }
        // The first line a dump's reader would read (after prompts and the command that printed it), named by
        // its number in the file.
        let lines = PrintHierarchy.lines(of: text)
        guard let line = lines.first(where: { !$0.text.allSatisfy(\.isWhitespace) }) else {
            // The command at its prompt, and nothing after it (it was "the capture is empty").
            if let command = PrintHierarchy.splitLines(Substring(text)).firstIndex(where: PrintHierarchy.isHierarchyCommand) {
                throw ScenarioErrors([.capture(.commandOnly(file: file, line: command + 1))])
            }
            throw ScenarioErrors([.capture(.empty(file: file))])
        }
        let first = line.text.drop { $0.isWhitespace }
        if let shortened = PrintHierarchy.shortenedStringLine(in: lines) {
            throw ScenarioErrors([.capture(.shortenedString(file: file, line: shortened))])
        }
        if let error = PrintHierarchy.debuggerError(first, line: line.number, file: file) { throw ScenarioErrors([.capture(error)]) }
        // JSON starts `{`, or `[` and a value: a tool's log line (`[*] Device info: …`, `[+] …`) is not JSON.
        let afterBracket = first.dropFirst().drop { $0.isWhitespace }.first
        let isJSONArray = first.first == "[" && (afterBracket.map { "{[\"-0123456789tfn]".contains($0) } ?? true)
        let dumpLine = PrintHierarchy.firstControllerLine(in: lines, after: line.number, topLevel: true)
        // A bracketed log line that looks like JSON's start (`[frida] …`, `[2026-11-26 08:00:01] …`, `[-] …`) above a dump:
        // JSON that does not parse is that, not JSON (a review).
        if isJSONArray, let dumpLine, (try? JSONParser.parse(text)) == nil {
            throw ScenarioErrors([.capture(.textBeforeDump(file: file, line: line.number, found: excerpt(first), dumpLine: dumpLine))])
        }
        guard let start = first.first, start != "{", !isJSONArray || PrintHierarchy.isCommand(first) else { return }
        // A dump quoted as `po` or cycript prints a string (`"<X 0x…>, state: …\n   | …"`), its closing quote cut off with
        // the end of the paste: a paste cut short (a trial was told its first line was no controller's).
        if let quote = first.first, quote == "\"" || quote == "`", first.dropFirst().hasPrefix("<"), PrintHierarchy.mayBeDumpText(first),
            let last = lines.last(where: { !$0.text.allSatisfy(\.isWhitespace) }),
            last.text.trimmingTrailingSpaces().last != quote
        {
            throw ScenarioErrors([
                .capture(
                    .cutShort(
                        file: file, line: last.number,
                        expected:
                            "the closing \(quote == "`" ? "backtick" : "quote") of the quoted dump (a string as po or cycript prints it)",
                        found: "…" + String(last.text.trimmingTrailingSpaces().suffix(16))))
            ])
        }
        if PrintHierarchy.isViewDescription(first) {
            throw ScenarioErrors([.capture(.viewDescription(file: file, line: line.number, found: excerpt(first), dumpLine: dumpLine))])
        }
        if PrintHierarchy.isBareControllerLine(first) {
            // Alone in the file: what `po` of a controller prints (a trial's `po …rootViewController`).
            if lines.last(where: { !$0.text.allSatisfy(\.isWhitespace) })?.number == line.number {
                throw ScenarioErrors([.capture(.controllerDescription(file: file, line: line.number, found: excerpt(first)))])
            }
            throw ScenarioErrors([.capture(.missingState(file: file, line: line.number, found: excerpt(first)))])
        }
        if let dumpLine {
            throw ScenarioErrors([.capture(.textBeforeDump(file: file, line: line.number, found: excerpt(first), dumpLine: dumpLine))])
        }
        // Controller lines below text, none at the top level: a subtree cut from a larger dump (a trial's real paste, a
        // presented navigation controller under a note, was called 'not a view controller line').
        if let nested = PrintHierarchy.firstControllerLine(in: lines, after: line.number, topLevel: false) {
            throw ScenarioErrors([.capture(.fragment(file: file, line: nested))])
        }
        // Two dumps in code (two string literals, two doc comments), or one in a literal that interpolates: said as such.
        let starts = PrintHierarchy.dumpStarts(text)
        if starts.count >= 2 { throw ScenarioErrors([.capture(.secondDumpInCode(file: file, line: starts[1], first: starts[0]))]) }
        if let start = starts.first, PrintHierarchy.interpolatesDump(text, line: start) {
            throw ScenarioErrors([.capture(.interpolatedLiteral(file: file, line: start))])
        }
        // The command, at its prompt or without one, with other text around it and no dump anywhere (a cheat sheet's
        // item, then the next one's: a trial was told the next item was no controller line; notes that show the command
        // in a code block were told their heading was).
        if let command = PrintHierarchy.commandWithoutDump(text) {
            throw ScenarioErrors([.capture(.commandOnly(file: file, line: command))])
        }
        throw ScenarioErrors([.capture(.notADump(file: file, line: line.number, found: excerpt(first)))])
    }

    /// The first 60 characters of a line, with `…` when there is more.
    static func excerpt(_ line: Substring) -> String {
        visible(line.count > 60 ? String(line.prefix(59)) + "…" : String(line))
    }

    /// `text` with each invisible character (a zero-width space a web page added, a direction mark) named where it is,
    /// `[U+200B]`: a trial's quoted line looked like a valid one.
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .format }) else { return text }
        return text.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return scalar.properties.generalCategory == .format
                ? "[U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)]" : String(scalar)
        }.joined()
    }

    /// Whether a JSON document is a canonical snapshot (a node object, not a scenario or a run; or `null`, an empty
    /// window, which `run` and `import` refused while `diff` and the daemon took it: a trial).
    public static func isSnapshot(_ value: JSONValue) -> Bool {
        if value == .null { return true }
        if case .object = value, value["kind"] != nil, value["navviz"] == nil { return true }
        return false
    }

    /// A scenario with no steps that starts from a captured state, named after its file.
    public static func scenario(_ capture: CapturedHierarchy, file: String) -> Scenario {
        var scenario = Scenario(
            file: file, name: name(of: file), device: capture.hierarchy.device, finder: .navviz, quirks: false, screens: [:],
            routes: [:], root: .screen("(capture)"), steps: [])
        scenario.initialHierarchy = capture.hierarchy
        var given: Set<String> = []
        scenario.caption = description(file, capture, leavingOut: &given)
        scenario.notes = capture.notes
        return scenario
    }

    /// A scenario file (`navviz: 1`) for captures in order: the first is the root, each further one a
    /// `snapshot` step. `notes` of each capture become the step's note.
    public static func scenarioJSON(_ captures: [(file: String, capture: CapturedHierarchy)], name: String) -> JSONValue {
        guard let first = captures.first else { return .object([("navviz", 1), ("name", .string(name))]) }
        // One device for the flow: a pad's when any capture was read as one (an expanded split), though the first is a login
        // screen (a trial's iPad flow was drawn on a phone, while its note said an iPad's).
        let device: Device = captures.contains { $0.capture.hierarchy.device == .pad } ? .pad : first.capture.hierarchy.device
        var scenario = Scenario(file: first.file, name: name, device: device, root: .screen("(capture)"))
        scenario.initialHierarchy = first.capture.hierarchy
        scenario.initialHierarchy?.device = device
        // A note an earlier capture gave (the same kind guessed from the same class) is not repeated.
        var given: Set<String> = []
        scenario.caption = description(first.file, first.capture, leavingOut: &given)
        scenario.steps = captures.dropFirst().map { item in
            ScenarioStep(action: .snapshot(item.capture.hierarchy), note: description(item.file, item.capture, leavingOut: &given))
        }
        return ScenarioEncoder.encode(scenario)
    }

    /// `Captured in home.txt. Note: …`, with the notes `note(_:leavingOut:)` keeps.
    static func description(_ file: String, _ capture: CapturedHierarchy, leavingOut given: inout Set<String>) -> String {
        (["Captured in \(name(of: file, keepExtension: true))."] + [note(capture, leavingOut: &given)].compactMap { $0 })
            .joined(separator: " ")
    }

    /// Where a note suggests a kind for a class (`…; pass --kind 'Class=controller' if it is not one`).
    public static let kindSuggestion = "; pass --kind '"

    /// `Note: …. Note: ….`, nil without notes. A note that suggests a `--kind` for a class an earlier capture's
    /// note did (`given`, which gains this capture's) is left out; notes on the capture's own state are kept.
    public static func note(_ capture: CapturedHierarchy, leavingOut given: inout Set<String>) -> String? {
        let notes = capture.notes.filter { note in
            // The suggestion names the class and the kind (`--kind 'Class=controller'`); the ids before it, and
            // the words after it (`if it is not one`, `if they are not`), differ between captures.
            guard let start = note.firstRange(of: kindSuggestion) else { return true }
            let rest = note[start.upperBound...]
            let option = rest.firstIndex(of: "'").map { rest[..<$0] } ?? rest
            return given.insert(String(option)).inserted
        }
        return notes.isEmpty ? nil : notes.map { "Note: \($0)." }.joined(separator: " ")
    }

    /// A file's name without folders (and without its extension unless asked).
    public static func name(of file: String, keepExtension: Bool = false) -> String {
        let last = file.split(separator: "/").last.map(String.init) ?? file
        guard !keepExtension, let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
        return String(last[..<dot])
    }
}

extension Substring {
    /// Without the spaces, tabs and carriage returns at its end.
    func trimmingTrailingSpaces() -> Substring {
        var text = self
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return text
    }
}
