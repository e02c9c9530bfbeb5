import NavVizCore
import NavVizScenario

/// The readable table `navviz run` prints.
enum RunTable {
    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    /// The widest the `visible` column gets: a longer name shows its start and end around `…` (a trial's 254-character
    /// name padded every row to it; `run --json` keeps it whole).
    static let visibleLimit = 40

    static func render(_ run: NavVizScenario.Run, strictFailures: Int = 0) -> String {
        // Names come from files: each is kept on its line (a line feed in a name would start a fake row).
        var out =
            "\(Terminal.inline(run.scenario)) (\(Terminal.inline(run.file))): \(run.steps.count - 1) step\(run.steps.count == 2 ? "" : "s")\n"
        let visible = run.steps.map {
            $0.finder.visible.map { Terminal.inline(Terminal.shortenedApart($0.rawValue, to: visibleLimit)) } ?? "-"
        }
        let opWidth = max(8, (run.steps.map(\.op.count).max() ?? 0) + 2)
        let visibleWidth = max(9, (visible.map(\.count).max() ?? 0) + 2)
        out += pad("#", 5) + pad("op", opWidth) + pad("status", 10) + pad("visible", visibleWidth) + "events\n"
        for (step, shown) in zip(run.steps, visible) {
            var detail = step.outcome.events.map { "\($0.controller).\($0.callback.shortName)" }.joined(separator: " ")
            if let message = step.outcome.message, step.status != .ok {
                detail = message + (detail.isEmpty ? "" : " | " + detail)
            }
            // A swipe let go reads like any pop but for its callbacks: said first (a trial).
            if step.outcome.isCancelled { detail = "cancelled (let go) | " + detail }
            if !step.outcome.hooks.isEmpty {
                // After `|` always, so a hook never reads as a callback.
                detail += (detail.isEmpty ? "| " : " | ") + step.outcome.hooks.map(\.description).joined(separator: " ")
            }
            out +=
                pad(String(step.index), 5) + pad(step.op, opWidth) + pad(step.status.rawValue, 10)
                + pad(shown, visibleWidth) + Terminal.inline(detail) + "\n"
            for warning in step.outcome.warnings { out += "     warning: \(Terminal.inline(warning))\n" }
            // Under its row, a failure is named by its field alone: `steps[1].` under row 2 read as another step (a
            // trial); the summary on stderr keeps the file and the whole path.
            for failure in step.failuresByField { out += "     ✗ \(Terminal.inline(failure))\n" }
        }
        var counts: [String] = []
        for status in StepStatus.allCases {
            let n = run.steps.dropFirst().filter { $0.status == status }.count
            if n > 0 { counts.append("\(n) \(status.rawValue)") }
        }
        let failed = run.failures.count
        out +=
            "\(counts.isEmpty ? "no steps" : counts.joined(separator: ", ")); "
            + (failed == 0 ? "all expectations hold" : "\(failed) expectation\(failed == 1 ? "" : "s") failed")
            // With --strict, the steps that fail it: the line read as a pass while the command exited 1 (a trial).
            + (strictFailures > 0 ? "; --strict: \(strictFailures) step\(strictFailures == 1 ? "" : "s") not ok" : "") + "\n"
        return out
    }
}
