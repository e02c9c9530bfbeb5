/// AnimatedStackView's bookkeeping (docs/semantics.md, AnimatedStackView): the stack, the stack view's subviews, and the
/// FIFO of views waiting for an animation's completion to remove them.
///
/// The seed may stack one view twice (push `b` onto `[a, b]` gives `[a, b, b]`), but a node appears once
/// among its container's children. So the stack itself, repeats included, is `StackState.views`, and the
/// stack node's `children` list each view the stack view keeps alive exactly once: views that left the
/// stack but are still subviews (animating out, or leaked) first, then the stack without repeats, each view
/// at its last position, so the active view is the last child. Views that are neither stacked nor subviews
/// are detached (retained, like popped controllers).
extension StackState {
    /// `addSubview(_:)`: adds the view, or brings it to the front.
    mutating func addSubview(_ view: NodeID) {
        subviews.removeAll { $0 == view }
        subviews.append(view)
    }

    /// `removeFromSuperview()`.
    mutating func removeFromSuperview(_ view: NodeID) {
        subviews.removeAll { $0 == view }
    }

    /// `handleAnimationCallback()`: takes the oldest queued view and removes it from the stack view,
    /// unless it is the active view at that moment (the guard that keeps a view pushed twice on screen).
    mutating func handleAnimationCallback() -> HookEvent? {
        guard !removalQueue.isEmpty else { return nil }
        let view = removalQueue.removeFirst()
        if view == views.last { return HookEvent("keptByRemovalGuard", controller: view) }
        removeFromSuperview(view)
        return HookEvent("removedFromSuperview", controller: view)
    }

    /// The views the stack node holds as children, in order (see the type's comment).
    var aliveViews: [NodeID] {
        var seen = Set<NodeID>()
        var stacked: [NodeID] = []
        for view in views.reversed() where seen.insert(view).inserted { stacked.append(view) }
        return subviews.filter { !seen.contains($0) } + stacked.reversed()
    }
}

extension Hierarchy {
    /// Makes a stack node's children match its state; views it no longer keeps alive are detached.
    mutating func syncStackChildren(_ stack: NodeID) {
        guard var state = self[stack].stack else { return }
        state.leaked.removeAll { view in
            !state.subviews.contains(view) || view == state.views.last || state.removalQueue.contains(view)
        }
        self[stack].stack = state
        let alive = state.aliveViews
        for child in self[stack].children where !alive.contains(child) { setParent(child, nil) }
        for child in alive { setParent(child, stack) }
        self[stack].children = alive
    }

    /// Runs, in time order, the completions of stack animations that ended by `time`; returns their hooks, each with
    /// the time its animation ended.
    mutating func runStackCompletions(until time: Double) -> [(time: Double, hook: HookEvent)] {
        var due: [(time: Double, stack: NodeID)] = []
        guard containsStacks else { return [] }
        for node in boxes.values.map(\.value) {
            for end in node.stack?.completionTimes ?? [] where end <= time { due.append((end, node.id)) }
        }
        due.sort { ($0.time, $0.stack) < ($1.time, $1.stack) }
        var hooks: [(time: Double, hook: HookEvent)] = []
        for (end, stack) in due {
            guard var state = self[stack].stack else { continue }
            state.completionTimes.removeFirst()
            if let hook = state.handleAnimationCallback() { hooks.append((end, hook)) }
            self[stack].stack = state
            syncStackChildren(stack)
        }
        return hooks
    }
}
