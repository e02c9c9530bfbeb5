import Hummingbird

extension ServerError: HTTPResponseError {
    /// The error as an HTTP response: its status and `{"error": {"message": …}}`.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try httpError(for: self).response(from: request, context: context)
    }

    /// The HTTP status that goes with the error.
    public var status: HTTPResponse.Status {
        switch self {
        case .invalidBody, .emptyBody, .invalidSessionID, .invalidQuery, .invalidHeader, .invalidStepNumber: .badRequest
        case .bodyTooLarge: .contentTooLarge
        case .unknownSession, .unknownStep, .noTransition: .notFound
        case .sessionExists, .watchedSession: .conflict
        case .unauthorized: .unauthorized
        case .journalFailed, .renderFailed, .workerFailed, .insecureHost: .internalServerError
        case .misdirectedHost: .misdirectedRequest
        case .foreignOrigin: .forbidden
        case .unsupportedMediaType: .unsupportedMediaType
        case .methodNotAllowed: .methodNotAllowed
        case .noRoute: .notFound
        case .diagramTooLarge: .contentTooLarge
        case .renderTimedOut: .serviceUnavailable
        }
    }
}

/// Maps a daemon error to HTTP, with the same message the CLI prints.
func httpError(for error: ServerError) -> HTTPError {
    var headers: HTTPFields = [:]
    if error == .unauthorized { headers[.wwwAuthenticate] = "Bearer realm=\"navviz\"" }
    if case .methodNotAllowed(_, _, let allowed) = error { headers[.allow] = allowed.joined(separator: ", ") }
    return HTTPError(error.status, headers: headers, message: error.description)
}
