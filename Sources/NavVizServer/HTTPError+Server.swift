import Hummingbird
import NavVizFormat

extension ServerError: HTTPResponseError {
    /// The error as an HTTP response: its status, `{"error":{"message":…}}` written by navviz's own JSON
    /// writer (so a path reads `/sessions/a`, not `\/sessions\/a`), and `WWW-Authenticate` or `Allow`
    /// where the status needs one.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .xContentTypeOptions: "nosniff"]
        // A refused connection is closed after this answer, which says so (AnswersInOrder closes it).
        if closesConnection(answering: request) { headers[.connection] = "close" }
        if self == .unauthorized { headers[.wwwAuthenticate] = "Bearer realm=\"navviz\"" }
        if case .methodNotAllowed(_, _, let allowed) = self { headers[.allow] = allowed.joined(separator: ", ") }
        // RFC 9110 §15.5.16: a 415 for a content coding says which codings are read.
        if case .unsupportedContentEncoding = self { headers[.acceptEncoding] = "identity" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: answerBody)))
    }

    /// The answer's body: `{"error":{"message":…}}`, written by navviz's own JSON writer.
    var answerBody: String { JSONWriter.compact(["error": ["message": .string(description)]]) }

    /// Whether the connection is closed once this error is answered: a refusal (who asks, from where, or what
    /// they send), not a mistake in a request the daemon serves.
    public var closesConnection: Bool {
        [.unauthorized, .forbidden, .misdirectedRequest, .contentTooLarge, .unsupportedMediaType].contains(status)
    }

    /// Whether the connection is closed once this error is answered to `request`: a refusal, or a request no route takes
    /// that announced a body, which nothing reads (a client without the token trickled the body of a `POST /x`, answered
    /// 404, and held the connection while it was drained: a security review).
    public func closesConnection(answering request: Request) -> Bool {
        if closesConnection { return true }
        switch self {
        case .noRoute, .methodNotAllowed: return request.announcesBody
        // Its body is never read: the connection goes (one trickled the body of a `GET /` a byte at a time, each byte
        // keeping the connection from its idle timeout, without the token: a security review).
        case .bodyNotTaken: return true
        default: return false
        }
    }

    /// The HTTP status that goes with the error.
    public var status: HTTPResponse.Status {
        switch self {
        case .invalidBody, .emptyBody, .bodyCutShort, .invalidSessionID, .invalidQuery, .unknownQuery, .invalidHeader, .invalidStepNumber,
            .bodyNotTaken:
            .badRequest
        case .bodyTooLarge: .contentTooLarge
        case .unknownSession, .unknownStep, .noTransition: .notFound
        case .sessionExists, .journalNameTaken, .watchedSession: .conflict
        case .unauthorized: .unauthorized
        case .journalFailed, .renderFailed, .workerFailed, .insecureHost: .internalServerError
        case .misdirectedHost: .misdirectedRequest
        case .missingHost: .badRequest
        case .malformedRequest(_, let headTooLarge, _): headTooLarge ? .requestHeaderFieldsTooLarge : .badRequest
        case .unknownMethod: .notImplemented
        case .foreignOrigin, .foreignSite, .pageElsewhere, .otherUser, .unknownUser: .forbidden
        case .unsupportedMediaType, .unsupportedContentEncoding: .unsupportedMediaType
        case .methodNotAllowed: .methodNotAllowed
        case .noRoute, .noToken: .notFound
        case .diagramTooLarge, .runTooLarge: .contentTooLarge
        case .renderTimedOut, .tooManyStreams: .serviceUnavailable
        case .sessionFull, .tooManySessions: .init(code: 507, reasonPhrase: "Insufficient Storage")
        }
    }
}

extension Request {
    /// Whether the request announces a body: a `Content-Length` above 0, or a `Transfer-Encoding`.
    var announcesBody: Bool {
        headers[.contentLength].flatMap { Int($0) }.map { $0 > 0 } ?? (headers[.transferEncoding] != nil)
    }
}
