extension NodeSpec {
    /// A screen literal read as a plain view (stack children are views, not controllers).
    var asStackView: NodeSpec {
        guard kind == .controller, ref == nil, children.isEmpty, presents == nil else { return self }
        var view = self
        view.kind = .view
        return view
    }
}

/// AnimatedStackView operations (docs/semantics.md, AnimatedStackView). Views get no appearance callbacks. There is no
/// in-flight guard: overlapping animations queue their removals, and each completion (run when the clock
/// passes it, see `Hierarchy.runStackCompletions`) removes the oldest queued view.
extension Transaction {
    /// The stack an operation acts on: the target, the nearest one up the chain, else the first in the window.
    func animatedStack(_ operation: String) throws(NavigationError) -> NodeID {
        try container(.stack, operation: operation, fallback: true)
    }

    /// The view a literal names: an existing view (`ref`, which may already be in this stack) or a new one.
    mutating func stackView(_ spec: NodeSpec, in stack: NodeID) throws(NavigationError) -> NodeID {
        if let ref = spec.ref {
            guard h.contains(ref) else { throw .unknownNode(ref) }
            guard h[ref].kind == .view else { throw .notAView(ref, stack: stack) }
            if let parent = h.parent(of: ref), parent != stack { throw .alreadyInHierarchy(ref, parent: parent) }
            return ref
        }
        let view = spec.asStackView
        guard view.kind == .view else { throw .notAView(NodeID(name(of: spec)), stack: stack) }
        return try build(view)
    }

    /// Describes the spring for the step; a non-animated step runs no animation.
    mutating func beginSpring(_ stack: NodeID, _ metrics: StackMetrics, direction: String) {
        guard runsAnimation else {
            fixedDuration = 0
            return
        }
        container = stack
        defaultAnimation = Animation(
            kind: "spring", duration: Simulator.onClock(metrics.delay + metrics.duration), direction: direction,
            parameters: [
                "damping": metrics.damping, "initialVelocity": metrics.initialVelocity, "delay": metrics.delay,
            ])
    }

    /// When the step's animation completes.
    func completionTime(_ metrics: StackMetrics) -> Double {
        Simulator.onClock(start + (options.animation?.duration ?? metrics.delay + metrics.duration))
    }

    /// `push(_:animated:)`: the old top goes active → trailing and is queued for removal; the new view
    /// comes leading → active.
    mutating func pushView(_ spec: NodeSpec) throws(NavigationError) {
        let stack = try animatedStack("push a view")
        let view = try stackView(spec, in: stack)
        var state = h[stack].stack ?? StackState()
        beginSpring(stack, state.metrics, direction: "push: old active→trailing, new leading→active")
        let top = state.views.last
        if let top {
            state.removalQueue.append(top)
            if runsAnimation { state.completionTimes.append(completionTime(state.metrics)) }
        }
        // Quirk: without animation the old top's completion runs before the new view is stacked, so the
        // guard sees the old top as active and never removes it.
        let early = top != nil && !runsAnimation && replaysQuirks ? state.handleAnimationCallback() : nil
        state.addSubview(view)
        state.views.append(view)
        if let early {
            hooks.append(early)
            if early.name == "keptByRemovalGuard", let kept = early.controller, kept != state.views.last {
                state.leaked.append(kept)
                hooks.append(HookEvent("quirk:nonAnimatedPushLeak", controller: kept))
            }
        } else if top != nil, !runsAnimation, let hook = state.handleAnimationCallback() {
            hooks.append(hook)
        }
        h[stack].stack = state
        h.syncStackChildren(stack)
    }

    /// `pop(animated:)`: the top goes active → leading and is queued for removal; the new top comes
    /// trailing → active. With one view or none it does nothing.
    mutating func popView() throws(NavigationError) {
        let stack = try animatedStack("pop a view")
        var state = h[stack].stack ?? StackState()
        guard state.views.count > 1 else {
            return noop("'\(stack)' has \(state.views.isEmpty ? "no view" : "one view"): there is nothing to pop")
        }
        beginSpring(stack, state.metrics, direction: "pop: old active→leading, new trailing→active")
        state.removalQueue.append(state.views.removeLast())
        if runsAnimation {
            state.completionTimes.append(completionTime(state.metrics))
        } else if let hook = state.handleAnimationCallback() {
            hooks.append(hook)
        }
        state.addSubview(state.views.last!)
        h[stack].stack = state
        h.syncStackChildren(stack)
    }

    /// `setViews(_:)`: removes the old top's view, stacks the new views and shows the last one, without
    /// animation. Views still queued for removal stay queued.
    mutating func setViews(_ specs: [NodeSpec]) throws(NavigationError) {
        let stack = try animatedStack("set the views")
        var views: [NodeID] = []
        for spec in specs { views.append(try stackView(spec, in: stack)) }
        var state = h[stack].stack ?? StackState()
        fixedDuration = 0
        if let old = state.views.last { state.removeFromSuperview(old) }
        state.views = views
        if let top = views.last { state.addSubview(top) }
        h[stack].stack = state
        h.syncStackChildren(stack)
    }

    /// `update(_:)`: replaces the top view without animation; an empty stack ignores it.
    mutating func updateView(_ spec: NodeSpec) throws(NavigationError) {
        let stack = try animatedStack("update the view")
        var state = h[stack].stack ?? StackState()
        guard let old = state.views.last else { return noop("'\(stack)' has no view to update") }
        let view = try stackView(spec, in: stack)
        fixedDuration = 0
        state.views.removeLast()
        state.removeFromSuperview(old)
        state.views.append(view)
        state.addSubview(view)
        h[stack].stack = state
        h.syncStackChildren(stack)
    }
}
