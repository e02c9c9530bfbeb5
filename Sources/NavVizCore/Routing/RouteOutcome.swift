/// What navigating a route did: the step (with why, where Ariadne would only say `false`) and the
/// completion value Ariadne would have passed.
public struct RouteOutcome: Sendable, Equatable {
    /// The simulator's outcome, with the route's hooks (`prepareFor…Transition`, `update`) first.
    /// For a chain: every part merged (see `chain(_:_:)`).
    public var step: StepOutcome
    /// Ariadne's `completion` argument; nil when it is never called (a present UIKit ignores).
    public var completion: Bool?
    /// The controller the transition was sent to (the finder's visible controller, or commit's source).
    public var source: NodeID?
    /// For a chain: each route's own outcome, in order. Empty for a single route.
    public var parts: [RouteOutcome] = []

    /// An outcome.
    public init(step: StepOutcome, completion: Bool?, source: NodeID? = nil) {
        self.step = step
        self.completion = completion
        self.source = source
    }

    /// How the step ended.
    public var status: StepStatus { step.status }
    /// Why, for anything but a plain `ok`.
    public var message: String? { step.message }

    /// A chain's outcome: the head's, then the tail's, run after the head completed.
    /// - completion: nil if the tail never completes, else `head && tail`;
    /// - status: `ok` when every part is, else the first part's that is not; the message joins every
    ///   non-`ok` part's message with "; ";
    /// - events, hooks, warnings and created nodes: concatenated in order;
    /// - start: the head's; duration: until the last part ends; animation: the first part's that has one.
    public static func chain(_ head: RouteOutcome, _ tail: RouteOutcome) -> RouteOutcome {
        let parts = (head.parts.isEmpty ? [head] : head.parts) + (tail.parts.isEmpty ? [tail] : tail.parts)
        let steps = parts.map(\.step)
        let failed = steps.filter { $0.status != .ok }
        var step = StepOutcome(status: failed.first?.status ?? .ok)
        let messages = failed.compactMap(\.message)
        step.message = messages.isEmpty ? nil : messages.joined(separator: "; ")
        step.events = steps.flatMap(\.events)
        step.hooks = steps.flatMap(\.hooks)
        step.warnings = steps.flatMap(\.warnings)
        step.created = steps.flatMap(\.created)
        step.start = head.step.start
        step.duration = Simulator.onClock((steps.map { $0.start + $0.duration }.max() ?? step.start) - step.start)
        step.animation = steps.lazy.compactMap(\.animation).first
        step.isUpdate = steps.contains { $0.isUpdate }
        var outcome = RouteOutcome(
            step: step, completion: tail.completion.flatMap { tail in head.completion.map { $0 && tail } },
            source: head.source)
        outcome.parts = parts
        return outcome
    }
}

/// A route's controller built but not shown (peek): the literal to commit, and a copy of the hierarchy
/// holding the built nodes, detached.
public struct RoutePreview: Sendable, Equatable {
    /// What the builder built; pass it to `Router.commit`.
    public var spec: NodeSpec
    /// The id the preview has in `hierarchy` (and would get if committed now).
    public var id: NodeID
    /// The router's hierarchy plus the preview's nodes, which are not attached to the window.
    public var hierarchy: Hierarchy
}
