/// Why Graphviz could not turn DOT text into a drawing.
public enum RenderError: Error, Equatable, Sendable {
    /// The DOT text did not parse; `reason` is Graphviz's message, or ours when it gave none.
    case invalidDOT(reason: String)
    /// The layout engine rejected the parsed graph; `reason` may be empty.
    case layoutFailed(engine: String, reason: String)
    /// The laid-out graph could not be written in the requested format; `reason` may be empty.
    case renderFailed(format: String, reason: String)
    /// The portable text metrics could not be set up (Graphviz's plugins were not found).
    case portableMetricsUnavailable(reason: String)
}

extension RenderError: CustomStringConvertible {
    /// One sentence, shared by the CLI and the HTTP error body.
    public var description: String {
        switch self {
        case .invalidDOT(let reason): "Invalid DOT: \(reason)"
        case .layoutFailed(let engine, let reason): "Layout with engine '\(engine)' failed" + Self.because(reason)
        case .renderFailed(let format, let reason): "Rendering to '\(format)' failed" + Self.because(reason)
        case .portableMetricsUnavailable(let reason): "Portable text metrics are unavailable: \(reason)"
        }
    }

    private static func because(_ reason: String) -> String {
        reason.isEmpty ? "" : ": \(reason)"
    }
}
