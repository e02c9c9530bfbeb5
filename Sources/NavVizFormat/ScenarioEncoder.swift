import NavVizCore

/// Writes a scenario as the scenario format spells it, the inverse of `ScenarioDecoder`: decoding what it
/// writes gives back the same root, screens, routes and steps. It writes the long spelling of every step
/// (`{"op": "push", "node": …}`), leaves out fields at their defaults, and puts keys in the order the format
/// documents them, so the same scenario is always the same text. The daemon's `GET …/scenario` is written
/// with it.
public enum ScenarioEncoder {
    /// The whole scenario file.
    public static func encode(_ scenario: Scenario) -> JSONValue {
        var members: [(String, JSONValue)] = [("navviz", 1), ("name", .string(scenario.name))]
        if let caption = scenario.caption { members.append(("description", .string(caption))) }
        members += header(device: scenario.device, finder: scenario.finder, quirks: scenario.quirks, screens: scenario.screens)
        let routes = scenario.routes.sorted { $0.key < $1.key }.compactMap { name, route in self.route(route).map { (name, $0) } }
        if !routes.isEmpty { members.append(("routes", .object(routes))) }
        members.append(("root", scenario.initialHierarchy.map(Snapshot.encode) ?? node(scenario.root)))
        if !scenario.steps.isEmpty { members.append(("steps", .array(scenario.steps.map(step)))) }
        return .object(members)
    }

    /// `device`, `finder`, `quirks` and `screens`, each only when it is not the default.
    public static func header(device: Device, finder: ViewFinderStrategy, quirks: Bool, screens: [String: ScreenInfo]) -> [(
        String, JSONValue
    )] {
        var members: [(String, JSONValue)] = []
        if device != .phone { members.append(("device", .string(device.rawValue))) }
        if finder != .navviz { members.append(("finder", .string(finder.rawValue))) }
        if quirks { members.append(("quirks", true)) }
        if !screens.isEmpty {
            let entries = screens.sorted { $0.key < $1.key }.map { name, info -> (String, JSONValue) in
                var fields: [(String, JSONValue)] = []
                if let className = info.className { fields.append(("class", .string(className))) }
                if let title = info.title { fields.append(("title", .string(title))) }
                return (name, .object(fields))
            }
            members.append(("screens", .object(entries)))
        }
        return members
    }

    /// One step: its operation and fields, then the common fields that are not at their defaults.
    public static func step(_ step: ScenarioStep) -> JSONValue {
        var members: [(String, JSONValue)] = [("op", .string(step.action.name))]
        switch step.action {
        case .operation(let operation): members += fields(of: operation)
        case .navigate(let route, let context):
            members.append(("route", .string(route)))
            if let context { members.append(("context", context)) }
        case .snapshot(let hierarchy): members.append(("hierarchy", Snapshot.encode(hierarchy)))
        }
        let options = step.options
        if !options.isAnimated { members.append(("animated", false)) }
        if let animation = options.animation { members.append(("animation", self.animation(animation))) }
        if let target = options.target { members.append(("target", .string(target.rawValue))) }
        if let after = options.after { members.append(("after", .number(after))) }
        if let note = step.note { members.append(("note", .string(note))) }
        if let expect = step.expect { members.append(("expect", expectation(expect))) }
        return .object(members)
    }

    /// An operation's own fields, named as its row in `OperationSpelling.table` names them.
    static func fields(of operation: NavigationOperation) -> [(String, JSONValue)] {
        func flags(_ pairs: (String, Bool)...) -> [(String, JSONValue)] { pairs.filter(\.1).map { ($0.0, true) } }
        switch operation {
        case .push(let spec), .show(let spec), .showDetail(let spec), .showChild(let spec), .setRoot(let spec):
            return [("node", node(spec))]
        case .pushView(let spec), .updateView(let spec): return [("node", node(spec, asView: true))]
        case .pop(let interactive, let cancelled), .dismiss(let interactive, let cancelled):
            return flags(("interactive", interactive), ("cancelled", cancelled))
        case .popToRoot, .expand, .popView, .memoryWarning: return []
        case .popTo(let id): return [("id", .string(id.rawValue))]
        case .popToInstance(let className, let which):
            return [("class", .string(className))] + (which == .first ? [] : [("which", .string(which.rawValue))])
        case .setStack(let specs): return [("stack", .array(specs.map { node($0) }))]
        case .setViews(let specs): return [("views", .array(specs.map { node($0, asView: true) }))]
        case .replace(let spec, let mode): return [("node", node(spec))] + replaceMode(mode)
        case .select(let selector, let isUserTap):
            let tab: JSONValue =
                switch selector {
                case .index(let index): .number(Double(index))
                case .id(let id): .string(id.rawValue)
                }
            return [("tab", tab)] + flags(("user", isUserTap))
        case .setTabs(let specs, let selected):
            return [("tabs", .array(specs.map { node($0) }))] + (selected.map { [("selected", .number(Double($0)))] } ?? [])
        case .collapse(let onto): return onto.map { [("onto", .string($0.rawValue))] } ?? []
        case .present(let spec, let style):
            return [("node", node(spec))] + (style == .automatic ? [] : [("style", .string(style.rawValue))])
        case .activate(let key, let rule):
            return [("activity", .string(key))] + (rule == .any ? [] : [("rule", .string(rule.rawValue))])
        case .flushActivity(let key): return [("activity", .string(key))]
        case .register(let key, let spec): return [("activity", .string(key)), ("node", node(spec))]
        case .flick(let velocity): return velocity.map { [("velocity", .number($0))] } ?? []
        case .wait(let seconds): return [("seconds", .number(seconds))]
        }
    }

    /// `mode` (`all`) or `keep` (N); nothing for the default, `last`.
    private static func replaceMode(_ mode: ReplaceMode) -> [(String, JSONValue)] {
        switch mode {
        case .last: []
        case .all: [("mode", "all")]
        case .keepFirst(let count): [("keep", .number(Double(count)))]
        }
    }

    /// A node literal: a bare screen name when that says everything, else an object whose first key is its kind.
    /// `asView` is set where the decoder reads a leaf as a view (an animated stack's entries): a controller
    /// there is marked by its `children` key, even an empty one.
    public static func node(_ spec: NodeSpec, asView: Bool = false) -> JSONValue {
        if let ref = spec.ref { return .object([("ref", .string(ref.rawValue))]) }
        var members: [(String, JSONValue)] = []
        switch spec.kind {
        case .controller, .view:
            members.append(("screen", .string(spec.screen ?? "")))
            if !spec.children.isEmpty || spec.selected != nil || (asView && spec.kind == .controller) {
                members.append(("children", .array(spec.children.map { node($0) })))
                if let visible = spec.selected { members.append(("visible", .number(Double(visible)))) }
            }
        case .navigation: members.append(("navigation", .array(spec.children.map { node($0) })))
        case .tab:
            members.append(("tabs", .array(spec.children.map { node($0) })))
            if let selected = spec.selected { members.append(("selected", .number(Double(selected)))) }
        case .split:
            var columns: [(String, JSONValue)] = []
            for role in [SplitRole.primary, .supplementary, .secondary] {
                if let index = spec.roles.firstIndex(of: role), spec.children.indices.contains(index) {
                    columns.append((role.rawValue, node(spec.children[index])))
                }
            }
            members.append(("split", .object(columns)))
            if let collapsed = spec.isCollapsed { members.append(("collapsed", .bool(collapsed))) }
            if let display = spec.splitDisplay { members.append(("display", .string(display.rawValue))) }
        case .activity:
            let entries = zip(spec.keys, spec.children).map { key, child in
                JSONValue.object([("key", .string(key)), ("node", node(child))])
            }
            members.append(("activities", .array(entries)))
            if let active = spec.active { members.append(("active", .string(active))) }
            if !spec.generators.isEmpty {
                members.append(("generators", .object(spec.generators.sorted { $0.key < $1.key }.map { ($0.key, node($0.value)) })))
            }
            if let flavor = spec.flavor { members.append(("flavor", .string(flavor.rawValue))) }
            if !spec.wrapsInNavigation.isEmpty {
                members.append(("wrapInNavigation", .array(spec.wrapsInNavigation.sorted().map { .string($0) })))
            }
        case .stack:
            members.append(("stack", .array(spec.children.map { node($0, asView: true) })))
            if let metrics = spec.stackMetrics { members.append(("metrics", self.metrics(metrics))) }
        case .notifications:
            members.append(("notifications", .array(spec.children.map { node($0) })))
            if let selected = spec.selected { members.append(("selected", .number(Double(selected)))) }
        }
        if let id = spec.id { members.append(("id", .string(id))) }
        if let title = spec.title { members.append(("title", .string(title))) }
        if let className = spec.className { members.append(("class", .string(className))) }
        if let presents = spec.presents {
            members.append(("presents", node(presents)))
            if spec.presentsStyle != .automatic { members.append(("style", .string(spec.presentsStyle.rawValue))) }
        }
        if let defines = spec.definesPresentationContext { members.append(("definesPresentationContext", .bool(defines))) }
        if members.count == 1, case .string(let name)? = members.first?.1, spec.kind == .controller || spec.kind == .view, !name.isEmpty {
            return .string(name)
        }
        return .object(members)
    }

    /// A route object; nil for a builder no scenario can spell (the router's code-only builders).
    public static func route(_ route: Route) -> JSONValue? {
        var members: [(String, JSONValue)] = []
        switch route.builder {
        case .node(let spec): members.append(("build", node(spec)))
        case .screen(let name): members.append(("build", .string(name)))
        case .nonBuilder: break
        default: return nil
        }
        let transition = route.transition
        members.append(("transition", .string(transition.action.name)))
        switch transition.action {
        case .present(let style) where style != .automatic: members.append(("style", .string(style.rawValue)))
        case .replace(let mode): members += replaceMode(mode)
        case .popToInstance(let className, let which):
            members.append(("class", .string(className)))
            if which != .first { members.append(("which", .string(which.rawValue))) }
        default: break
        }
        if let finder = transition.finder { members.append(("finder", .string(finder.rawValue))) }
        if let chain = route.chainName { members.append(("chain", .string(chain))) }
        if route.updatesInPlace { members.append(("update", true)) }
        if !transition.isAnimated { members.append(("animated", false)) }
        // A root transition cross-dissolves for 0.3 s unless told otherwise; that default is not written.
        let rootDefault = transition.action == .root && transition.animation == Animation(kind: "crossDissolve", duration: 0.3)
        if let animation = transition.animation, !(rootDefault && transition.isAnimated) {
            members.append(("animation", self.animation(animation)))
        }
        return .object(members)
    }

    /// `"curlUp"`, or an object when it has a duration, a direction or parameters.
    static func animation(_ animation: Animation) -> JSONValue {
        if animation.duration == nil, animation.direction == nil, animation.parameters.isEmpty { return .string(animation.kind) }
        var members: [(String, JSONValue)] = [("kind", .string(animation.kind))]
        if let duration = animation.duration { members.append(("duration", .number(duration))) }
        if let direction = animation.direction { members.append(("direction", .string(direction))) }
        members += animation.parameters.sorted { $0.key < $1.key }.map { ($0.key, .number($0.value)) }
        return .object(members)
    }

    private static func expectation(_ expect: Expectation) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let visible = expect.visible { members.append(("visible", .string(visible))) }
        if expect.nothingVisible { members.append(("visible", .null)) }
        if let status = expect.status { members.append(("status", .string(status.rawValue))) }
        if let error = expect.error { members.append(("error", .string(error))) }
        for (key, list) in [("events", expect.events), ("path", expect.path), ("onScreen", expect.onScreen)] {
            if let list { members.append((key, .array(list.map { .string($0) }))) }
        }
        return .object(members)
    }

    private static func metrics(_ metrics: StackMetrics) -> JSONValue {
        func placement(_ p: StackMetrics.Placement) -> JSONValue {
            .object([("alpha", .number(p.alpha)), ("offset", .number(p.offset)), ("scale", .number(p.scale))])
        }
        return .object([
            ("duration", .number(metrics.duration)), ("delay", .number(metrics.delay)), ("damping", .number(metrics.damping)),
            ("initialVelocity", .number(metrics.initialVelocity)), ("active", placement(metrics.active)),
            ("leading", placement(metrics.leading)), ("trailing", placement(metrics.trailing)),
        ])
    }
}
