import NavVizRender
import NavVizScenario

/// Why the daemon refused or could not complete a request. One sentence per case; the HTTP body
/// (`{"error": {"message": …}}`) carries the same sentence the CLI would print.
public enum ServerError: Error, Equatable, Sendable {
    /// The request body is not a valid scenario step, node literal, snapshot or session (JSON paths inside).
    case invalidBody(ScenarioErrors)
    /// The request has no body where one is needed.
    /// An empty body; `dump`: one posted as a `_printHierarchy` dump (`text/plain`).
    case emptyBody(dump: Bool = false)
    /// The connection ended (the client closed it, or sent nothing for the idle timeout) before the body arrived whole:
    /// nothing can be answered.
    case bodyCutShort
    /// The body is larger than the limit.
    case bodyTooLarge(limit: Int)
    /// A session id in the URL or body is not a plain name.
    case invalidSessionID(String)
    /// No session has this id.
    case unknownSession(SessionID)
    /// A session with this id exists already.
    case sessionExists(SessionID)
    /// The data folder holds a file by this session's journal name that navviz did not write for it (left alone).
    case journalNameTaken(SessionID, file: String)
    /// A session rendered from a watched scenario file takes no steps and is not deleted through the API.
    case watchedSession(SessionID, file: String)
    /// The session has no step with this index.
    case unknownStep(SessionID, index: Int, last: Int)
    /// Step 0 is the initial state: it has no transition.
    case noTransition(SessionID)
    /// A step number in the path is not a whole number.
    case invalidStepNumber(String)
    /// A query parameter is missing or not what it should be.
    case invalidQuery(name: String, value: String?, expected: String)
    /// A query parameter the path does not read.
    case unknownQuery(name: String, path: String, known: [String])
    /// `/api` needs `Authorization: Bearer TOKEN`.
    case unauthorized
    /// The journal could not be written, so the step was not accepted.
    case journalFailed(reason: String)
    /// Graphviz could not draw the diagram.
    case renderFailed(RenderError)
    /// A non-loopback address without a token: anyone who can reach it could read and change sessions.
    case insecureHost(String)
    /// The render worker process failed.
    case workerFailed(reason: String)
    /// The connection comes from a process of another user of this machine.
    case otherUser(uid: UInt32, daemon: UInt32)
    /// The connection's owner could not be found in the kernel's socket tables.
    case unknownUser
    /// The `Host` header names another host (a DNS name rebound to this machine).
    case misdirectedHost(String, anyAddress: Bool = false)
    /// A request without a `Host` header.
    case missingHost
    /// A state-changing request (or a preflight) from a page on another origin.
    case foreignOrigin(String)
    /// A request a browser sent for a page of another site (`Sec-Fetch-Site`).
    case foreignSite(String)
    /// A page's request for `/api` at a host name other than the daemon's address (`localhost`, whose page may be
    /// another user's server on `[::1]`).
    case pageElsewhere(host: String, page: String)
    /// The body's `Content-Type` is not one the route reads.
    case unsupportedMediaType(String?, accepted: [String], hint: String? = nil)
    /// The body is compressed (`Content-Encoding`, or a `Transfer-Encoding` other than `chunked`), which the daemon does
    /// not read: the coding and the header that named it.
    case unsupportedContentEncoding(String, header: String = "Content-Encoding")
    /// The path exists, but not for this method.
    case methodNotAllowed(method: String, path: String, allowed: [String])
    /// No route has this path.
    case noRoute(method: String, path: String)
    /// `GET /api/proof` of a daemon started without a token: it has no proof to give.
    case noToken
    /// A request header has a value the route cannot use.
    case invalidHeader(name: String, value: String, expected: String)
    /// A `GET` or `HEAD` that announces a body, which no route of theirs reads.
    case bodyNotTaken(method: String)
    /// A diagram would hold more controllers than the daemon lays out in one request.
    case diagramTooLarge(nodes: Int, limit: Int)
    /// As many event streams are open as the daemon keeps.
    case tooManyStreams(limit: Int)
    /// The run of a session is too large to send as one document.
    case runTooLarge(session: String, megabytes: Int, limit: Int)
    /// A step would take the session past the controllers it keeps across its states (its memory).
    case sessionFull(SessionID, states: Int, limit: Int)
    /// As many sessions as the daemon holds.
    case tooManySessions(limit: Int)
    /// Laying out a diagram took longer than the render timeout; the worker was replaced.
    case renderTimedOut(seconds: Int)
    /// The HTTP parser could not read the request (`reason`); `headTooLarge`: its request line and header fields come
    /// to more than `limit` bytes.
    case malformedRequest(reason: String, headTooLarge: Bool = false, limit: Int = 80 * 1024)
    /// The HTTP parser knows no such method (`FOO`, or a request line it cannot read from its first word).
    case unknownMethod
}

extension ServerError: CustomStringConvertible {
    /// One sentence per case (several lines for several body errors, as the CLI prints them).
    public var description: String {
        switch self {
        case .invalidBody(let errors): errors.description
        case .emptyBody(let dump):
            "body: the request body is empty, expected " + (dump ? "a _printHierarchy dump" : "a JSON object")
        case .bodyCutShort: "body: the connection ended before the request body arrived whole"
        case .bodyTooLarge(let limit): "body: the request body is larger than \(limit) bytes (the --max-body limit)"
        case .invalidSessionID(let text):
            "Invalid session id '\(Self.printable(text))': use \(SessionID.rule)"
        case .unknownSession(let id): "Unknown session '\(id)'"
        case .sessionExists(let id): "Session '\(id)' already exists. Delete it first or pick another id"
        case .journalNameTaken(let id, let file):
            "Session id '\(id)' cannot be used: '\(file)' exists and is not a journal navviz keeps (it is left alone). Pick another id, or move that file"
        case .watchedSession(let id, let file): "Session '\(id)' is rendered from '\(file)': edit or remove the file instead"
        case .unknownStep(let id, let index, let last):
            "Session '\(id)' has no step '\(index)': its steps are 0 to \(last)"
        case .invalidStepNumber(let text):
            "Invalid step number '\(Self.printable(text))': expected a whole number from 0, without leading zeros"
        case .noTransition(let id): "Step '0' of session '\(id)' is the initial state: it has no transition"
        case .invalidQuery(let name, let value?, let expected):
            "Invalid query parameter '\(name)' '\(Self.printable(value))': expected \(expected)"
        case .invalidQuery(let name, nil, let expected): "Missing query parameter '\(name)': expected \(expected)"
        case .unknownQuery(let name, let path, let known):
            "Unknown query parameter '\(Self.printable(name))' for \(Self.printable(path)): "
                + (known.isEmpty ? "it takes none" : "it takes " + known.map { "'\($0)'" }.joined(separator: ", "))
                + (Suggestion.closest(to: name, in: known).map { ". Did you mean '\($0)'?" } ?? "")
        case .unauthorized:
            "Missing or wrong bearer token: send 'Authorization: Bearer TOKEN' with the token navviz serve was started with (--token-file, NAVVIZ_TOKEN or --token)"
        case .journalFailed(let reason): "Could not write the journal, so nothing was accepted: \(reason)"
        case .renderFailed(let error): error.description
        case .workerFailed(let reason): "The render worker failed: \(reason)"
        case .misdirectedHost(let host, let anyAddress):
            anyAddress
                ? "Refusing a request for host '\(Self.printable(host))': navviz serve, listening on every interface, answers only an IP address, localhost and this machine's own name, on its port: name it by its IP address (a web page may have rebound that name to this machine)"
                : "Refusing a request for host '\(Self.printable(host))': navviz serve answers only 127.0.0.1, localhost, [::1] and its --host, on its port (a web page may have rebound that name to this machine)"
        case .missingHost:
            "Refusing a request without a Host header: name the daemon (Host: 127.0.0.1:PORT), as HTTP/1.1 requires"
        case .pageElsewhere(let host, let page):
            "Refusing a page's request for host '\(Self.printable(host))': only the page at \(page) may use navviz serve (at another name, such as localhost, the page may be another user's server); open \(page)"
        case .foreignSite(let site):
            "Refusing a request from a \(site) page: web pages of other sites may neither read nor change navviz serve's sessions"
        case .foreignOrigin(let origin):
            "Refusing a request from '\(Self.printable(origin))': only the daemon's own page may use navviz serve (a web page may neither read nor write it)"
        case .unsupportedMediaType(let type, let accepted, let hint):
            "body: Content-Type \(type.map { "'\(Self.printable($0))'" } ?? "missing"): send \(accepted.map { "'\($0)'" }.joined(separator: " or "))"
                + (hint.map { " (\($0))" } ?? "")
        case .unsupportedContentEncoding(let coding, let header):
            "body: \(header) '\(Self.printable(coding))' is not read: send the body uncompressed"
        case .methodNotAllowed(let method, let path, let allowed):
            "Method '\(Self.printable(method))' is not allowed on '\(Self.printable(path))': use \(allowed.joined(separator: ", "))"
        case .noRoute(let method, let path):
            "No route '\(Self.printable(method)) \(Self.printable(path))': see docs/daemon.md for the API"
        case .noToken:
            "This navviz serve runs without a token, so it has no proof to give: send requests without 'Authorization', or start it "
                + "with NAVVIZ_TOKEN or --token-file"
        case .invalidHeader(let name, let value, let expected):
            "Invalid header '\(name)' '\(Self.printable(value))': expected \(expected)"
        case .bodyNotTaken(let method):
            "A \(Self.printable(method)) request carries no body: send it without one (no Content-Length above 0, no Transfer-Encoding)"
        case .otherUser(let uid, let daemon):
            "Refusing a request from another user's process (uid \(uid)): navviz serve answers only the user who started it "
                + "(uid \(daemon)); start it with a token and --allow-other-users to let others in"
        case .unknownUser:
            "Refusing a request whose process navviz serve cannot trace to a user (no live socket in /proc/net/tcp or "
                + "tcp6); start it with a token and --allow-other-users to let others in"
        case .tooManyStreams(let limit):
            "\(limit) event streams are open, as many as navviz serve keeps: close a viewer tab or a client that listens, and try again"
        case .runTooLarge(let session, let megabytes, let limit):
            "The run of session '\(session)' is too large to send as one document (its steps hold about \(megabytes) MB of JSON; "
                + "at most \(limit) MB are sent so): read its steps from /api/sessions/\(session)/events?after=0&limit=100"
        case .tooManySessions(let limit):
            "navviz serve holds at most \(limit) sessions: delete one (DELETE /api/sessions/ID) before creating another"
        case .sessionFull(let id, let states, let limit):
            "Session '\(id)' is full: its \(states) states hold as many controllers as navviz serve keeps in one session "
                + "(\(limit) in all, counted once per state, and one more per 600 bytes of text posted). Start another session, or "
                + "delete this one"
        case .diagramTooLarge(let nodes, let limit):
            "The diagram would draw \(nodes) boxes; navviz serve lays out at most \(limit) in one diagram. "
                + "Render it with 'navviz render' instead"
        case .renderTimedOut(let seconds):
            "Laying out the diagram took longer than \(seconds) s, so the render worker was stopped and replaced"
        case .malformedRequest(_, true, let limit):
            "Refusing a request whose request line and header fields come to more than \(limit / 1024) KB, or to more than "
                + "1,000 fields: send a shorter address, or fewer or shorter header fields"
        case .unknownMethod:
            "Refusing a request whose method navviz serve does not implement (it answers GET, HEAD, POST, DELETE and OPTIONS), "
                + "or whose request line cannot be read: see RFC 9112 for how a request is written"
        case .malformedRequest(let reason, false, _):
            "Refusing a request that is not valid HTTP/1.1 (\(reason)): see RFC 9112 for how a request is written"
        case .insecureHost(let host):
            "Refusing to listen on '\(host)' without --token: anyone who can reach it could read and change sessions. Set a token (NAVVIZ_TOKEN or --token-file), or listen on 127.0.0.1"
        }
    }

    /// User text shortened, its control characters escaped, for a one-line message.
    static func printable(_ text: String) -> String {
        // Escaped, not dropped: `a\u{0}` read as the valid id `a` (a trial).
        let clean = Terminal.inline(text)
        return clean.count > 80 ? String(clean.prefix(77)) + "..." : clean
    }
}
