/// Keyed containers: bromas/ActivityViewController and FJTransitionController (docs/semantics.md,
/// ActivityViewController and FJTransitionController).
/// An `activity` node's keyed children are its activities: the inactive ones ordered by deactivation,
/// then the active one last.
extension Transaction {
    /// ActivityViewController's default animated operation (`.animationOption`: cross-dissolve, 0.3 s).
    static let activityAnimation = Animation(kind: "crossDissolve", duration: 0.3)
    /// FJTransitionController's animated load: the caller's view animation blocks, 0.75 s, new view on top.
    static let transitionControllerAnimation = Animation(kind: "animationBlocks", duration: 0.75, direction: "onTop")

    /// Whether the step animates: `animated` is true and its animation is not `{"kind": "none"}`.
    var runsAnimation: Bool { isAnimated && options.animation?.kind != "none" }

    // MARK: - Operations

    /// `activate`: ActivityViewController's `performActivityOperation(_:)`, or FJTransitionController's
    /// `loadViewControllerForKey:`, depending on the container's flavour.
    mutating func activate(_ key: String, rule: ActivationRule) throws(NavigationError) {
        let what = rule == .previous ? "activate the previous activity" : "activate '\(key)'"
        let activity = try container(.activity, operation: what, fallback: true)
        switch h[activity].activity?.flavor ?? .activityViewController {
        case .activityViewController: try performActivityOperation(key, rule: rule, in: activity)
        case .transitionController: try loadViewController(forKey: key, rule: rule, in: activity)
        }
    }

    /// `flushInactiveActivitiesForIdentifier(_:)`: forgets every inactive entry with the key, never the active one.
    mutating func flushActivity(_ key: String) throws(NavigationError) {
        // Not guarded by `animating` (only `performActivityOperation(_:)` is): the seed's README flushes from inside
        // the completion block, which runs before the animation is over.
        let activity = try container(.activity, operation: "flush '\(key)'", fallback: true)
        fixedDuration = 0
        let entries = inactiveChildren(of: activity).filter { h[$0].key == key }
        guard !entries.isEmpty else {
            let why = key == h[activity].active ? ": the active activity is never flushed" : ""
            return noop("'\(activity)' has no inactive activity '\(key)' to flush\(why)")
        }
        for entry in entries { forget(entry, in: activity) }
    }

    /// `registerGenerator` (ActivityViewController) or `setViewControllerWithClass:forKey:` (FJTransitionController).
    /// A new registration replaces the old one silently; FJTransitionController ignores the active key, and
    /// its new registration also drops the controller built from the old one.
    mutating func register(_ key: String, _ spec: NodeSpec) throws(NavigationError) {
        let activity = try container(.activity, operation: "register '\(key)'", fallback: true)
        fixedDuration = 0
        if h[activity].activity?.flavor == .transitionController {
            if key == h[activity].active {
                return noop("Registering '\(key)' in '\(activity)' is ignored: it is the active key")
            }
            for old in h[activity].children where h[old].key == key {
                h.detach(old)
                h[old].key = nil
            }
        }
        h[activity].activity?.generators[key] = spec
    }

    /// A memory warning: every transition controller releases all its inactive controllers (they stay listed,
    /// unloaded), as `deallocateAllInactiveViewControllers` does for every key but the active one. One registered
    /// as an instance has no generator to rebuild it: it is released all the same, reported, and a later load is
    /// rejected (the seed asserts there).
    mutating func memoryWarning() throws(NavigationError) {
        diffsWindow = false
        fixedDuration = 0
        let controllers = h.attachedNodes().filter {
            h[$0].kind == .activity && h[$0].activity?.flavor == .transitionController
        }
        for controller in controllers {
            for child in inactiveChildren(of: controller) where h[child].isLoaded {
                let key = h[child].key!
                h[child].isLoaded = false
                h[child].isReleased = true
                hooks.append(HookEvent("released", controller: child))
                if generator(for: key, in: controller) == nil {
                    warnings.append(
                        "'\(key)' in '\(controller)' was registered as an instance: it is released, and loading it again "
                            + "is rejected, as no generator can rebuild it")
                }
            }
        }
        if hooks.isEmpty {
            noop("No transition controller has an inactive controller to release")
        }
    }

    // MARK: - ActivityViewController

    /// `performActivityOperation(_:)`: the rule's lookup (docs/semantics.md#K2), the initiation and configuration closures,
    /// then the transition. While the container animates the operation is dropped, as the seed does.
    mutating func performActivityOperation(
        _ key: String, rule: ActivationRule, in activity: NodeID
    ) throws(NavigationError) {
        if isInFlight(activity) {
            return drop("'\(activity)' is animating: the activity operation is ignored and its completion never runs")
        }
        let old = activeChild(of: activity)
        let new: NodeID
        let result: String
        var discardsOld = false
        switch rule {
        case .previous:
            // `viewControllerForPreviousActivity()`: the last inactive one, and the current one is discarded.
            guard let previous = inactiveChildren(of: activity).last else { throw .noPreviousActivity(activity) }
            warnIfNotRead(key, retrieved: h[previous].key, in: activity)
            new = previous
            result = "retrieved"
            discardsOld = true
        case .any, .new:
            if rule == .new {
                let cached = inactiveChildren(of: activity).filter { h[$0].key == key }
                // Flushed first, then built: without a generator the key would be gone (the message said no controller had
                // the key while the diagram showed one: a trial).
                if !cached.isEmpty, generator(for: key, in: activity) == nil { throw .newWithoutGenerator(key, container: activity) }
                for entry in cached { forget(entry, in: activity) }
            }
            if let old, key == h[activity].active {
                hooks.append(HookEvent("current", controller: old))
                return noop(
                    rule == .new
                        ? "'\(key)' is the active activity of '\(activity)': the rule 'new' cannot show a second one"
                        : "'\(key)' is already the active activity of '\(activity)'")
            }
            if let cached = inactiveChildren(of: activity).first(where: { h[$0].key == key }) {
                new = cached
                result = old == nil ? "first" : "retrieved"
            } else {
                new = try buildActivity(key, in: activity)
                result = old == nil ? "first" : "fresh"
            }
        }
        hooks.append(HookEvent(result, controller: new))
        if result != "retrieved" { hooks.append(HookEvent("activityInitiation", controller: new)) }
        hooks.append(HookEvent("activityConfiguration", controller: new))
        makeActive(new, in: activity)

        if let old {
            // An operation made without an animation is `.none`; with one it is `.animationOption` (a UIView
            // option such as crossDissolve) or `.nonInteractiveTransition` (a named animator).
            if runsAnimation, options.animation != nil {
                // Either way `animating` is set until the completion block has run.
                container = activity
                defaultAnimation = Self.activityAnimation
                order = .swap
                h[activity].activity?.unremovedChildren.removeAll { $0 == old }
                completions.append(HookEvent("completion", controller: new))
            } else {
                // `.none`: a synchronous swap; no completion block, `animating` is never set.
                fixedDuration = 0
                order = .sequential
                callbackAnimated = false
                if replaysQuirks {
                    // `removeFromParent` is never called: the old controller stays a child.
                    if h[activity].activity?.unremovedChildren.contains(old) == false {
                        h[activity].activity?.unremovedChildren.append(old)
                    }
                    hooks.append(HookEvent("quirk:noneSwapKeepsChild", controller: old))
                }
            }
            if discardsOld { forget(old, in: activity) }
        } else {
            // The initial display: the child is added without animation or completion.
            fixedDuration = 0
            callbackAnimated = false
        }
    }

    // MARK: - FJTransitionController

    /// `loadViewControllerForKey:`: ignored while transitioning, nothing for the active key; otherwise the
    /// key goes to the front of the history and the callbacks run to.wA, from.wD, from.dD, to.dA, always
    /// with animated: true. The rule `previous` loads the second key of the history (the 2010 API); `new`
    /// is the same as `any`, since FJTransitionController has no cache rules.
    mutating func loadViewController(
        forKey requested: String, rule: ActivationRule, in controller: NodeID
    ) throws(NavigationError) {
        if isInFlight(controller) {
            return drop("'\(controller)' is transitioning: loading '\(requested)' is ignored")
        }
        var key = requested
        if rule == .previous {
            let history = h[controller].activity?.history ?? []
            guard history.count > 1 else { throw .noPreviousActivity(controller) }
            key = history[1]
            warnIfNotRead(requested, retrieved: key, in: controller)
        }
        if key == h[controller].active { return noop("'\(key)' is already loaded in '\(controller)'") }
        let existing = h[controller].children.first { h[$0].key == key }
        let new: NodeID
        if let existing, h[existing].isLoaded {
            new = existing
        } else {
            guard generator(for: key, in: controller) != nil else {
                if existing != nil { throw .cannotRebuild(key, container: controller) }
                throw .unknownActivity(key, container: controller, known: knownKeys(of: controller))
            }
            if let existing {
                // Released by a memory warning: the generator builds a new instance in its place.
                h.detach(existing)
                h[existing].key = nil
            }
            new = try buildActivity(key, in: controller)
            if existing != nil { hooks.append(HookEvent("reinstantiated", controller: new)) }
        }
        makeActive(new, in: controller)
        order = .appearingFirst
        callbackAnimated = true
        // The delegate is handed the controller, not the navigation controller a wrapped key shows it in (the seed's
        // `activeViewController` unwraps it; a trial read `willLoad(navigation)`).
        let loaded = wrapsInNavigation(new, in: controller) ? h[new].children.first ?? new : new
        hooks.append(HookEvent("willLoad", controller: loaded))
        if runsAnimation {
            container = controller
            defaultAnimation = Self.transitionControllerAnimation
            if replaysQuirks {
                // The animated load sends the did-callbacks before its 0.75 s animation starts.
                hooks.append(HookEvent("quirk:didCallbacksBeforeAnimation", controller: new))
            }
        } else {
            fixedDuration = 0
        }
        hooks.append(HookEvent("didLoad", controller: loaded))
    }

    /// Whether a key's child is the navigation controller `buildActivity` wrapped its controller in: a key built from
    /// its generator (an instance the scenario wrote, a navigation controller itself, is handed over as it is).
    func wrapsInNavigation(_ child: NodeID, in activity: NodeID) -> Bool {
        guard let key = h[child].key, h[activity].activity?.wrapsInNavigation.contains(key) == true,
            let generator = generator(for: key, in: activity), generator.kind != .navigation
        else { return false }
        return h[child].kind == .navigation && !(h[activity].activity?.flavor == .transitionController && replaysQuirks)
    }

    // MARK: - Helpers

    /// The active child: the one whose key is the active key.
    func activeChild(of activity: NodeID) -> NodeID? {
        guard let active = h[activity].active else { return nil }
        return h[activity].children.first { h[$0].key == active }
    }

    /// The inactive children, in deactivation order (children without a key are not activities).
    func inactiveChildren(of activity: NodeID) -> [NodeID] {
        h[activity].children.filter { h[$0].key != nil && h[$0].key != h[activity].active }
    }

    /// The generator for a key. ActivityViewController comes with `defaultController`, a plain controller.
    func generator(for key: String, in activity: NodeID) -> NodeSpec? {
        guard let state = h[activity].activity else { return nil }
        if let spec = state.generators[key] { return spec }
        if state.flavor == .activityViewController, key == "defaultController" {
            return NodeSpec(kind: .controller, id: "defaultController")
        }
        return nil
    }

    /// The rule `previous` takes the last activity, whatever key the step names (the seed's operation carries one
    /// and does not read it): said when it names another (a trial's unknown key passed without a word).
    mutating func warnIfNotRead(_ named: String, retrieved: String?, in activity: NodeID) {
        guard let retrieved, !named.isEmpty, named != retrieved else { return }
        warnings.append(
            "The rule 'previous' brought back '\(retrieved)' in '\(activity)': it does not read the key the step names ('\(named)')")
    }

    /// Every key the container can show: its children's, then its generators', without repeats.
    func knownKeys(of activity: NodeID) -> [String] {
        var keys = h[activity].children.compactMap { h[$0].key }
        var generated = (h[activity].activity?.generators.keys).map(Array.init) ?? []
        if h[activity].activity?.flavor == .activityViewController { generated.append("defaultController") }
        for key in generated.sorted() where !keys.contains(key) { keys.append(key) }
        return keys
    }

    /// Builds the controller for a key from its generator (in a navigation controller when the key asks for
    /// one) and adds it as a child with that key. There is no storyboard to fall back on: an unknown key fails.
    mutating func buildActivity(_ key: String, in activity: NodeID) throws(NavigationError) -> NodeID {
        guard var spec = generator(for: key, in: activity) else {
            throw .unknownActivity(key, container: activity, known: knownKeys(of: activity))
        }
        // (A navigation controller is not wrapped in another: UIKit refuses one in another's stack, and `wrapsInNavigation`
        // reads it so.)
        if h[activity].activity?.wrapsInNavigation.contains(key) == true, spec.kind != .navigation {
            if h[activity].activity?.flavor == .transitionController, replaysQuirks {
                hooks.append(HookEvent("quirk:navigationFlagIgnored"))
            } else {
                spec = .navigation([spec])
            }
        }
        let child = try build(spec)
        h.attach(child, to: activity)
        h[child].key = key
        return child
    }

    /// Makes a child the active one: the old active child becomes the most recently deactivated entry, and
    /// the key goes to the front of the history (duplicates kept).
    mutating func makeActive(_ new: NodeID, in activity: NodeID) {
        let old = activeChild(of: activity)
        var children = h[activity].children.filter { $0 != new && $0 != old }
        if let old, old != new { children.append(old) }
        children.append(new)
        h[activity].children = children
        h[activity].active = h[new].key
        if let key = h[new].key { h[activity].activity?.history.insert(key, at: 0) }
        h[activity].activity?.unremovedChildren.removeAll { $0 == new }
    }

    /// Removes an entry from the container; a controller a `.none` swap never removed stays a keyless child.
    mutating func forget(_ child: NodeID, in activity: NodeID) {
        if h[activity].activity?.unremovedChildren.contains(child) != true { h.detach(child) }
        h[child].key = nil
    }
}
