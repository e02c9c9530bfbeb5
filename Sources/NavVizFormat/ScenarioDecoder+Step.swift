import NavVizCore

extension ScenarioDecoder {
    static let commonStepFields = ["op", "animated", "animation", "target", "after", "note", "expect"]

    /// The common fields an operation does not take, with why: a route brings its own animation and finds its own
    /// source, and a snapshot is a state, not a transition (they were read and ignored, in silence).
    static func commonFieldsRefused(by operation: String) -> [String: String] {
        switch operation {
        case "navigate":
            let animation = "the route's own \"animated\" and \"animation\" apply: set them on the route"
            return [
                "animated": animation, "animation": animation,
                "target": "a route acts on the visible controller its finder reports",
            ]
        case "snapshot":
            let why = "a snapshot replaces the window as captured: it takes only \"note\" and \"expect\""
            return ["animated": why, "animation": why, "target": why, "after": why]
        default: return [:]
        }
    }

    mutating func step(_ value: JSONValue, _ path: String) -> ScenarioStep? {
        guard case .object(let members) = value else {
            typeError(path, "a step object such as {\"op\": \"push\", \"node\": \"Detail\"}", value)
            return nil
        }
        // Two spellings: {"op": "push", "node": X} and {"push": X}.
        let operation: OperationSpelling
        var fields: StepFields = [:]
        if let raw = value["op"] {
            guard let name = string(raw, join(path, "op")) else { return nil }
            guard let row = OperationSpelling.byName[name] else {
                noteNames(in: value)
                fail(
                    .unknownOperation(
                        file: file, path: join(path, "op"), name: name, suggestion: Suggestion.closest(to: name, in: Self.operationNames)))
                return nil
            }
            operation = row
            // `{"op": "push", "push": "Detail"}`: the two spellings of one step mixed.
            if members.contains(where: { $0.0 == name }) {
                let main = row.main.map { ", \"\($0)\": …" } ?? ""
                fail(
                    .invalidNode(
                        file: file, path: path,
                        reason: "'op' and the short form '\(name)' together: write {\"op\": \"\(name)\"\(main)} or {\"\(name)\": …}"))
                return nil
            }
            // `{"op": "pop", "push": "A"}`: a second operation in its short form.
            if let other = members.map(\.0).first(where: { OperationSpelling.byName[$0] != nil && !row.fields.contains($0) }) {
                fail(.invalidNode(file: file, path: path, reason: "a step has one operation, found 'op' ('\(name)') and '\(other)'"))
                return nil
            }
            checkStepFields(members, at: path, allowed: Self.commonStepFields + row.fields, operation: row)
            for (key, item) in members where row.fields.contains(key) { fields[key] = (item, join(path, key)) }
        } else {
            let opKeys = members.map(\.0).filter { OperationSpelling.byName[$0] != nil }
            guard opKeys.count == 1, let name = opKeys.first else {
                if opKeys.count > 1 {
                    fail(
                        .invalidNode(
                            file: file, path: path,
                            reason: "a step has one operation, found \(opKeys.map { "'\($0)'" }.joined(separator: " and "))"))
                    return nil
                }
                let unknown = members.map(\.0).first { !Self.commonStepFields.contains($0) }
                noteNames(in: value)
                // A canonical snapshot where a step goes (posted to a session's /steps: a daemon trial was told to add "op").
                if members.contains(where: { $0.0 == "kind" }), members.contains(where: { $0.0 == "children" }) {
                    fail(
                        .invalidNode(
                            file: file, path: path,
                            reason: "a hierarchy (a canonical snapshot), not a step: write {\"op\": \"snapshot\", \"hierarchy\": …}, "
                                + "or post it to the session's /snapshots"))
                    return nil
                }
                // `{"node": "X"}`: a field of some operations, the operation forgotten (read as an operation named 'node').
                if let unknown, OperationSpelling.allFields.contains(unknown) {
                    let takers = OperationSpelling.table.filter { $0.fields.contains(unknown) }.map(\.name)
                    let shown = takers.prefix(4).joined(separator: ", ") + (takers.count > 4 ? "…" : "")
                    let first = takers[0]
                    fail(
                        .invalidNode(
                            file: file, path: path,
                            reason: "no operation: add \"op\" ({\"op\": \"\(first)\", \"\(unknown)\": …}) or use a short form; "
                                + "'\(unknown)' is a field of \(shown)"))
                    return nil
                }
                if let unknown {
                    fail(
                        .unknownOperation(
                            file: file, path: join(path, unknown), name: unknown,
                            suggestion: Suggestion.closest(to: unknown, in: Self.operationNames)))
                } else {
                    // Both spellings named (a fidelity trial's `{}` was told of 'op' alone).
                    fail(
                        .invalidNode(
                            file: file, path: path,
                            reason: "no operation: write {\"op\": \"push\", \"node\": \"Detail\"} or a short form, {\"push\": \"Detail\"}"))
                }
                return nil
            }
            operation = OperationSpelling.byName[name]!
            let main = operation.main
            let rest = operation.fields.filter { $0 != main }
            let payload = value[name]!
            // `{"pop": true}`, `{"pop": {}}` and `{"pop": null}` mean "no argument"; an optional main
            // argument (`{"collapse": "nav"}`) may be left out the same way, and then given by its own name
            // (`{"flick": true, "velocity": 1000}`).
            let isBare = OperationSpelling.isBare(payload)
            let mainByName = main.flatMap { main in isBare && !operation.required.contains(main) ? main : nil }
            checkStepFields(
                members, at: path, allowed: Self.commonStepFields + [name] + rest + (mainByName.map { [$0] } ?? []),
                operation: operation)
            for (key, item) in members where rest.contains(key) || key == mainByName { fields[key] = (item, join(path, key)) }
            if let main, !isBare || operation.required.contains(main) {
                fields[main] = (payload, join(path, name))
            } else if !isBare {
                // A name there is most likely the controller it acts from (`{"dismiss": "Sheet"}`, a trial): said where it goes.
                let hint = if case .string = payload { "; the controller it acts from goes in \"target\"" } else { "" }
                typeError(join(path, name), "true (the operation takes no argument\(hint))", payload)
            }
        }
        for required in operation.required where fields[required] == nil {
            missing(required, at: path)
            return nil
        }
        let errorCount = errors.count
        guard let action = operation.decode(&self, fields) else { return nil }
        var options = StepOptions()
        options.isAnimated = bool(value["animated"], join(path, "animated")) ?? true
        // A swipe runs under the user's finger: it cannot be made without animation (a fidelity trial's was accepted, and took
        // no time).
        if !options.isAnimated, !replaying, case .operation(let operation) = action, operation.isSwipe {
            fail(
                .invalidNode(
                    file: file, path: join(path, "animated"),
                    reason: "a swipe (\"interactive\": true) is always animated: remove \"animated\": false, or \"interactive\" for a "
                        + "transition from code"))
        }
        if let raw = value["animation"] { options.animation = animation(raw, join(path, "animation")) }
        options.target = referenceID(value["target"], join(path, "target"))
        options.after = seconds(value["after"], join(path, "after"))
        let note = string(value["note"], join(path, "note"))
        var expect: Expectation?
        if let raw = value["expect"] { expect = expectation(raw, join(path, "expect")) }
        guard errors.count == errorCount else { return nil }
        return ScenarioStep(action: action, options: options, note: note, expect: expect, path: path)
    }

    /// Every string in a step that could not be read counts as a name later steps may refer to: one
    /// misspelt operation (`{"pusj": "Reviews"}`) is one error, not one more per later `expect` of `Reviews`.
    private mutating func noteNames(in value: JSONValue) {
        switch value {
        case .string(let text) where !text.isEmpty && !text.contains("#"): registerBase(text)
        case .array(let items): for item in items { noteNames(in: item) }
        case .object(let members): for (_, item) in members { noteNames(in: item) }
        default: break
        }
    }

    /// Like `checkFields`, but a field of another operation (`node` on a `pop`) is named as such
    /// instead of being matched to a similar-looking common field (`note`).
    private mutating func checkStepFields(
        _ members: [(String, JSONValue)], at path: String, allowed: [String], operation: OperationSpelling
    ) {
        let refused = replaying ? [:] : Self.commonFieldsRefused(by: operation.name)
        for (key, _) in members where !allowed.contains(key) || refused[key] != nil {
            if let why = refused[key] {
                fail(
                    .invalidNode(file: file, path: join(path, key), reason: "operation '\(operation.name)' does not take '\(key)': \(why)"))
            } else if key == operation.main {
                // `{"push": "A", "node": "B"}`: the short form gives the main argument already (the long form allows it).
                fail(
                    .invalidNode(
                        file: file, path: join(path, key),
                        reason: "the short form '\(operation.name)' gives '\(key)' already: write {\"\(operation.name)\": …} "
                            + "or {\"op\": \"\(operation.name)\", \"\(key)\": …}"))
            } else if Self.commonNodeFields.contains(key), !OperationSpelling.allFields.contains(key),
                operation.fields.contains("node")
            {
                // A node literal's field written on the step (`{"present": "X", "presents": "Y"}`: a trial was asked "Did you
                // mean 'present'?").
                fail(
                    .invalidNode(
                        file: file, path: join(path, key),
                        reason: "'\(key)' is a node literal's field, not a step's: write it inside the node "
                            + "({\"screen\": \"…\", \"\(key)\": …})"))
            } else if OperationSpelling.allFields.contains(key) {
                fail(.fieldNotForOperation(file: file, path: join(path, key), field: key, operation: operation.name))
            } else {
                fail(
                    .unknownField(
                        file: file, path: join(path, key), field: key,
                        suggestion: Suggestion.closest(to: key, in: allowed) ?? Suggestion.synonym(of: key, in: allowed), allowed: allowed))
            }
        }
    }

    mutating func animation(_ value: JSONValue, _ path: String) -> Animation? {
        if case .string(let kind) = value {
            noteLookalikeKind(kind, path)
            return lookalikeOfNone(kind, path) ? nil : Animation(kind: kind)
        }
        guard let members = object(value, path, "an animation such as {\"kind\": \"crossDissolve\", \"duration\": 0.3}") else { return nil }
        guard let kind = string(value["kind"], join(path, "kind")) else {
            if value["kind"] == nil { fail(.missingField(file: file, path: path, field: "kind")) }
            return nil
        }
        if lookalikeOfNone(kind, join(path, "kind")) { return nil }
        noteLookalikeKind(kind, join(path, "kind"))
        var animation = Animation(kind: kind)
        animation.duration = seconds(value["duration"], join(path, "duration"))
        animation.direction = string(value["direction"], join(path, "direction"))
        for (key, item) in members where !["kind", "duration", "direction"].contains(key) {
            if let n = number(item, join(path, key)) { animation.parameters[key] = n }
        }
        return animation
    }

    /// The animation kinds navviz's containers default to (docs/format.md) and UIKit's own: its transition options
    /// (`UIView.AnimationOptions`), modal transition styles and Core Animation's transition types.
    static let knownAnimationKinds = [
        "push", "pop", "interactivePop", "coverVertical", "interactiveDismiss", "splitTransition", "crossDissolve",
        "animationBlocks", "flick", "spring", "curlUp", "curlDown", "flipFromLeft", "flipFromRight", "flipFromTop",
        "flipFromBottom", "flipHorizontal", "partialCurl", "fade", "moveIn", "reveal",
    ]

    /// A kind a letter or two from one navviz or UIKit knows (`crossDisolve`) is still the scenario's own, drawn by its
    /// name, but said: a new user's typo went unnoticed (a trial).
    private mutating func noteLookalikeKind(_ kind: String, _ path: String) {
        guard !replaying, !Self.knownAnimationKinds.contains(kind), kind.lowercased() != "none",
            let known = Suggestion.closest(to: kind, in: Self.knownAnimationKinds)
        else { return }
        notes.append(
            "\(path): animation kind '\(kind)' is not one navviz knows (drawn by its name, as a kind of your own): did you mean '\(known)'?"
        )
    }

    /// Animation kinds are the scenario's own names, but `none` means "no animation": `None` or `nnone` animated for
    /// 0.3 s, and later timed steps landed while it ran (a trial). `none` in other letter cases, and a word of four
    /// letters or more that starts with `n` one edit from it, are taken for a typo of it; `done` or `zone` are names.
    private mutating func lookalikeOfNone(_ kind: String, _ path: String) -> Bool {
        let lower = kind.lowercased()
        guard !replaying, kind != "none" else { return false }
        let why: String
        if lower == "none" {
            why = "differs from 'none' only in case"
        } else if lower.hasPrefix("n"), lower.count >= 4,
            Suggestion.distance(Array(lower), Array("none"), atMost: 1) == 1
        {
            why = "is one letter from 'none'"
        } else {
            return false
        }
        fail(
            .invalidNode(
                file: file, path: path,
                reason: "animation kind '\(kind)' \(why), which makes a step unanimated: write 'none', or give your animation "
                    + "a name of its own"))
        return true
    }

    mutating func expectation(_ value: JSONValue, _ path: String) -> Expectation? {
        guard let members = object(value, path) else { return nil }
        checkFields(members, at: path, allowed: ["visible", "status", "error", "events", "path", "onScreen"])
        var expect = Expectation()
        if value["visible"] == .null {
            expect.nothingVisible = true
        } else if let raw = value["visible"] {
            expect.visible = string(raw, join(path, "visible"))
            if let id = expect.visible { noteIDReference(id, at: join(path, "visible")) }
        }
        if value["status"] != nil { expect.status = choice(value["status"], join(path, "status"), StepStatus.self) }
        expect.error = string(value["error"], join(path, "error"))
        func strings(_ key: String) -> [String]? {
            guard let raw = value[key], let items = array(raw, join(path, key), "an array of strings") else { return nil }
            return items.enumerated().compactMap { index, item in
                if key == "events", case .object(let members) = item {
                    let itemPath = "\(join(path, key))[\(index)]"
                    checkFields(members, at: itemPath, allowed: ["controller", "callback"])
                    for field in ["controller", "callback"] where item[field] == nil {
                        fail(.missingField(file: file, path: itemPath, field: field))
                    }
                    guard let controller = string(item["controller"], join(itemPath, "controller")),
                        let callback = choice(item["callback"], join(itemPath, "callback"), AppearanceCallback.self)
                    else { return nil }
                    return "\(controller).\(callback.rawValue)"
                }
                let itemPath = "\(join(path, key))[\(index)]"
                guard let text = string(item, itemPath) else { return nil }
                if key == "events" {
                    let callback = text.split(separator: ".", omittingEmptySubsequences: false).last.map(String.init) ?? ""
                    // The run table's `A.wD`, copied into an expectation, is what it prints for `A.viewWillDisappear` (a trial
                    // copied it and was refused).
                    if let full = AppearanceCallback(shortName: callback), let dot = text.lastIndex(of: "."), dot > text.startIndex {
                        if !replaying { noteIDReference(String(text[..<dot]), at: itemPath) }
                        return "\(text[..<dot]).\(full.rawValue)"
                    }
                    if AppearanceCallback(rawValue: callback) == nil {
                        // `Home.viewWillDissapear`: the nearest callback, on the same controller.
                        let controller = text.contains(".") ? String(text[..<text.lastIndex(of: ".")!]) : nil
                        let guess = controller.flatMap { controller in
                            Suggestion.closest(to: callback, in: AppearanceCallback.allCases.map(\.rawValue))
                                .map { "\(controller).\($0)" }
                        }
                        fail(
                            .invalidValue(
                                file: file, path: itemPath, value: text,
                                expected:
                                    "'Controller.viewWillAppear' (or viewDidAppear, viewWillDisappear, viewDidDisappear; or wA, dA, wD, dD as "
                                    + "navviz run prints them)",
                                suggestion: guess
                            ))
                    } else if !replaying, let dot = text.lastIndex(of: ".") {
                        noteIDReference(String(text[..<dot]), at: itemPath)
                    }
                } else if !replaying {  // `path` and `onScreen`
                    // An id or screen the scenario never names is caught here, as `visible`'s is (it failed only when the
                    // step ran).
                    noteIDReference(text, at: itemPath)
                }
                return text
            }
        }
        expect.events = strings("events")
        expect.path = strings("path")
        expect.onScreen = strings("onScreen")
        return expect
    }

    /// A scenario's route object as the router's own `Route` (Ariadne's builder, transition and options).
    mutating func route(_ value: JSONValue, _ path: String) -> Route? {
        guard let members = object(value, path, "a route object such as {\"build\": \"SignIn\", \"transition\": \"present\"}") else {
            return nil
        }
        let fields = [
            "build", "transition", "style", "mode", "keep", "class", "which", "finder", "chain", "update", "animated", "animation",
        ]
        checkFields(members, at: path, allowed: fields)
        let transitions = ["push", "pop", "popToRoot", "popToInstance", "replace", "present", "dismiss", "root", "none"]
        guard let transition = choice(value["transition"], join(path, "transition"), in: transitions) else {
            if value["transition"] == nil { fail(.missingField(file: file, path: path, field: "transition")) }
            return nil
        }
        // A field another transition's: read and ignored, it let a route say what it did not do (a fidelity trial).
        for (key, _) in members where !replaying {
            guard let takers = Self.routeFieldTakers[key], !takers.contains(transition) else { continue }
            let quoted = takers.map { "'\($0)'" }
            let list = quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
            fail(
                .invalidNode(
                    file: file, path: join(path, key),
                    reason: "a '\(transition)' route does not take '\(key)': it is for \(list) routes"))
        }
        let build = value["build"].flatMap { node($0, join(path, "build")) }
        if ["push", "replace", "present", "root"].contains(transition), value["build"] == nil {
            fail(.missingField(file: file, path: path, field: "build"))
        }
        let style = choice(value["style"], join(path, "style"), PresentationStyle.self) ?? .automatic
        var replaceMode = ReplaceMode.last
        if let mode = choice(value["mode"], join(path, "mode"), in: ["last", "all"], expected: Self.replaceModes) {
            replaceMode = mode == "all" ? .all : .last
        }
        if let keep = count(value["keep"], join(path, "keep")) { replaceMode = .keepFirst(keep) }
        let className = string(value["class"], join(path, "class"))
        if transition == "popToInstance", className == nil, value["class"] == nil {
            fail(.missingField(file: file, path: path, field: "class"))
        }
        let which = choice(value["which"], join(path, "which"), InstanceMatch.self) ?? .first
        let action: TransitionAction =
            switch transition {
            case "push": .push
            case "pop": .pop
            case "popToRoot": .popToRoot
            case "popToInstance": .popToInstance(className: className ?? "", which: which)
            case "replace": .replace(replaceMode)
            case "present": .present(style)
            case "dismiss": .dismiss
            case "root": .root
            default: .nonTransition
            }
        // Read in this order, so several mistakes are reported in the order of the route's fields.
        let finder = finderName(value["finder"], join(path, "finder"))
        let chain = string(value["chain"], join(path, "chain"))
        if let chain { noteRouteReference(chain, at: join(path, "chain")) }
        let updatesInPlace = bool(value["update"], join(path, "update")) ?? false
        let isAnimated = bool(value["animated"], join(path, "animated")) ?? true
        var animation: Animation?
        if let raw = value["animation"] { animation = self.animation(raw, join(path, "animation")) }
        // Ariadne's RootViewTransition cross-dissolves for 0.3 s when animated.
        if action == .root, animation == nil, isAnimated { animation = Animation(kind: "crossDissolve", duration: 0.3) }
        var route = Route(
            builder: build.map(Builder.node) ?? .nonBuilder,
            transition: Transition(action, animated: isAnimated, finder: finder, animation: animation), updatesInPlace: updatesInPlace)
        route.chainName = chain
        return route
    }
}

extension ScenarioDecoder {
    /// The route fields only some transitions take, and which: the builder (and Ariadne's updating route) belongs to
    /// transitions that show a controller, a style to `present`, a replace mode to `replace`, a class to
    /// `popToInstance`.
    static let routeFieldTakers: [String: [String]] = [
        "build": ["push", "replace", "present", "root", "none"], "update": ["push", "replace", "present", "root", "none"],
        "style": ["present"], "mode": ["replace"], "keep": ["replace"], "class": ["popToInstance"], "which": ["popToInstance"],
    ]

    /// What a `mode` may say, for its error.
    static let replaceModes = "'last' or 'all' (or use 'keep')"
}

extension ScenarioDecoder {
    /// A whole number of 0 or more (how many to keep), failing with an error that says so (a fidelity trial's -2 was
    /// read as replacing every controller); any whole number when replaying a journal an earlier navviz accepted (the core
    /// keeps none for a negative one).
    mutating func count(_ value: JSONValue?, _ path: String) -> Int? {
        guard let n = integer(value, path) else { return nil }
        guard n >= 0 || replaying else {
            fail(.invalidValue(file: file, path: path, value: String(n), expected: "a count, 0 or more", suggestion: nil))
            return nil
        }
        return n
    }
}
