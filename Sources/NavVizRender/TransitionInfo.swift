import NavVizCore

/// What a transition diagram says about its step: which step, the operation, and what it did.
public struct TransitionInfo: Sendable, Equatable {
    /// The step's index in the run (0 is the initial state).
    public var index: Int
    /// The operation's name (`push`, `navigate`…).
    public var op: String
    /// What the step did: status, message, appearance events, hooks, warnings, animation.
    public var outcome: StepOutcome
    /// The step's note (a caption for docs), if any.
    public var note: String?

    /// Describes one step.
    public init(index: Int, op: String, outcome: StepOutcome, note: String? = nil) {
        self.index = index
        self.op = op
        self.outcome = outcome
        self.note = note
    }
}
