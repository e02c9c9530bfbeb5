extension Simulator {
    /// Puts a step that runs no operation (a route refused before its transition, or an update in place)
    /// on the clock, exactly as `perform` places a step.
    mutating func land(_ outcome: StepOutcome, after: Double?) -> StepOutcome {
        var outcome = outcome
        let start = startTime(for: StepOptions(after: after))
        outcome.start = start
        advanceClock(start: start, duration: outcome.duration)
        return outcome
    }
}
