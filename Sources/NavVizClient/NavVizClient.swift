import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Talks to a running `navviz serve`: creates sessions and posts scenario steps or canonical
/// snapshots, from an app's debug build or a test. Foundation and `NavVizFormat` only, so it builds for
/// iOS, macOS and Linux; the daemon's JSON is read and written by the same code as in the daemon.
///
/// ```swift
/// let navviz = NavVizClient()  // http://127.0.0.1:7381
/// let session = try await navviz.createSession(name: "Checkout", root: ["tabs": [["navigation": ["Home"]], "Cart"]])
/// let step = try await navviz.postStep(["op": "push", "node": "Product"], to: session.id)
/// print(step.finder.visible?.rawValue ?? "nothing")  // Product
/// ```
public struct NavVizClient: Sendable {
    /// The daemon's address.
    public var baseURL: URL
    /// The daemon's `--token`, if it has one.
    public var token: String?
    /// The URL session requests go through.
    public var urlSession: URLSession

    /// A client for the daemon at `baseURL` (default: `http://127.0.0.1:7381`).
    public init(baseURL: URL = URL(string: "http://127.0.0.1:7381")!, token: String? = nil, urlSession: URLSession = .shared) {
        self.baseURL = baseURL
        self.token = token
        self.urlSession = urlSession
    }

    // MARK: - Sessions

    /// Creates a session. `root` is a node literal (`["navigation": ["Home"]]`) or a canonical snapshot;
    /// without one the window starts empty. `id` defaults to a slug of `name`. `screens`, `routes` and `quirks` are a
    /// scenario file's (docs/format.md): what the API takes, the client takes (it had no way to send them, a trial).
    public func createSession(
        name: String, id: String? = nil, root: JSONValue? = nil, finder: String? = nil, device: String? = nil,
        screens: JSONValue? = nil, routes: JSONValue? = nil, quirks: Bool? = nil
    ) async throws -> SessionInfo {
        var body: [(String, JSONValue)] = [("name", .string(name))]
        if let id { body.append(("id", .string(id))) }
        if let root { body.append(("root", root)) }
        if let finder { body.append(("finder", .string(finder))) }
        if let device { body.append(("device", .string(device))) }
        if let screens { body.append(("screens", screens)) }
        if let routes { body.append(("routes", routes)) }
        if let quirks { body.append(("quirks", .bool(quirks))) }
        return try SessionInfo(try await send("POST", "api/sessions", body: .object(body)), file: "response")
    }

    /// Every session.
    public func sessions() async throws -> [SessionInfo] {
        let list = try await send("GET", "api/sessions")
        guard let items = list["sessions"]?.arrayValue else { throw NavVizClientError.invalidResponse(JSONWriter.compact(list)) }
        return try items.enumerated().map { offset, item in try SessionInfo(item, file: "response: sessions[\(offset)]") }
    }

    /// One session.
    public func session(_ id: String) async throws -> SessionInfo {
        try SessionInfo(try await send("GET", "api/sessions/\(try Self.escape(id))"), file: "response")
    }

    /// Deletes a session and its journal.
    public func deleteSession(_ id: String) async throws {
        _ = try await raw("DELETE", "api/sessions/\(try Self.escape(id))")
    }

    // MARK: - Steps

    /// Posts one scenario step (`["op": "push", "node": "Detail"]`); the daemon simulates it and answers
    /// with the step as the run JSON has it.
    @discardableResult
    public func postStep(_ step: JSONValue, to session: String) async throws -> RunStep {
        try RunDecoder.decodeStep(try await send("POST", "api/sessions/\(try Self.escape(session))/steps", body: step), file: "response")
    }

    /// Posts the app's current hierarchy as a canonical snapshot; the daemon works out the callbacks. A
    /// snapshot the daemon would refuse is refused here, with the daemon's message, before anything is sent.
    @discardableResult
    public func postSnapshot(_ snapshot: SnapshotNode, to session: String) async throws -> RunStep {
        try await postSnapshot(try snapshot.hierarchy(), to: session)
    }

    /// Posts a hierarchy as a canonical snapshot.
    @discardableResult
    public func postSnapshot(_ hierarchy: Hierarchy, to session: String) async throws -> RunStep {
        try RunDecoder.decodeStep(
            try await send("POST", "api/sessions/\(try Self.escape(session))/snapshots", body: Snapshot.encode(hierarchy)), file: "response"
        )
    }

    /// Posts a canonical snapshot already encoded as JSON (what `NavVizCapture` builds); with
    /// `creatingSession`, a session that does not exist yet is created first.
    @discardableResult
    public func postSnapshot(json: String, to session: String, creatingSession: Bool = false) async throws -> RunStep {
        let path = "api/sessions/\(try Self.escape(session))/snapshots"
        let answer: JSONValue
        do {
            answer = try decode(try await raw("POST", path, body: Data(json.utf8)))
        } catch NavVizClientError.http(status: 404, _) where creatingSession {
            _ = try await createSession(name: session, id: session)
            answer = try decode(try await raw("POST", path, body: Data(json.utf8)))
        }
        return try RunDecoder.decodeStep(answer, file: "response")
    }

    /// The session's run (what `run.json` holds), read by the same reader as `navviz diff` reads run JSON.
    public func run(of session: String) async throws -> Run {
        try RunDecoder.decode(
            try await send("GET", "api/sessions/\(try Self.escape(session))/run"), file: "response", checkingFields: false)
    }

    /// The SVG of one step's state.
    public func stateSVG(of session: String, step: Int) async throws -> String {
        String(decoding: try await raw("GET", "api/sessions/\(try Self.escape(session))/states/\(step).svg"), as: UTF8.self)
    }

    /// The SVG of a snapshot, without a session.
    public func renderSVG(_ snapshot: SnapshotNode) async throws -> String {
        let body = JSONWriter.compact(Snapshot.encode(try snapshot.hierarchy()))
        return String(decoding: try await raw("POST", "api/render", body: Data(body.utf8)), as: UTF8.self)
    }

    // MARK: - Transport

    /// Sends `body` (as JSON) and parses the answer.
    func send(_ method: String, _ path: String, body: JSONValue? = nil) async throws -> JSONValue {
        try decode(try await raw(method, path, body: body.map { Data(JSONWriter.compact($0).utf8) }))
    }

    /// The answer as JSON.
    func decode(_ data: Data) throws -> JSONValue {
        do {
            return try JSONParser.parse(bytes: Array(data))
        } catch {
            throw NavVizClientError.invalidResponse(String(decoding: data.prefix(200), as: UTF8.self))
        }
    }

    func raw(_ method: String, _ path: String, body: Data? = nil) async throws -> Data {
        // With a token, to the address the host resolves to here, the one the proof is checked against.
        let base = try token.map { _ in try Self.resolved(baseURL) } ?? (url: baseURL, address: Self.address(of: baseURL))
        var request = URLRequest(url: base.url.appendingPathComponent(path))
        request.httpMethod = method
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token {
            try await proveDaemon(token: token, at: base)
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        let (data, response) = try await urlSession.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw NavVizClientError.invalidResponse("not an HTTP response") }
        guard (200..<300).contains(http.statusCode) else {
            let message = (try? JSONParser.parse(bytes: Array(data)))?["error"]?["message"]?.stringValue
            throw NavVizClientError.http(
                status: http.statusCode, message: message ?? HTTPURLResponse.localizedString(forStatusCode: http.statusCode))
        }
        return data
    }

    /// Asks the daemon to prove it knows the token before the token is sent, as the viewer does: another program on the
    /// port (another user's, while the daemon was down) cannot, and gets neither the token nor the app's hierarchy (a
    /// security review stood one in for the daemon and was sent both). Before each request that carries the token.
    /// The proof names the address the connection reached (a daemon proved for any name it was asked, and another
    /// user's program on `[::]` relayed it for a name resolving to IPv6 first: a review), so the client resolves the
    /// host itself and talks to that address.
    func proveDaemon(token: String, at base: (url: URL, address: String)) async throws {
        #if os(Linux)
            // libcurl sends a request through `http_proxy` unless `no_proxy` names the host: the token would go to the proxy.
            let environment = ProcessInfo.processInfo.environment
            let proxy = ["http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"].compactMap { environment[$0] }.first { !$0.isEmpty }
            let bypass = (environment["no_proxy"] ?? environment["NO_PROXY"] ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let host = base.url.host ?? ""
            if proxy != nil, !bypass.contains("*"), !bypass.contains(host), !bypass.contains("[\(host)]") {
                throw NavVizClientError.proxied(host)
            }
        #endif
        let nonce = (0..<4).map { _ in String(format: "%016llx", UInt64.random(in: 0...UInt64.max)) }.joined()
        var request = URLRequest(url: base.url.appendingPathComponent("api/proof"))
        request.url = URL(string: request.url!.absoluteString + "?nonce=\(nonce)")
        let (data, response) = try await urlSession.data(for: request)
        // A daemon without a token has no proof to give: said so (it read "could not prove", a review), and nothing sent.
        if (response as? HTTPURLResponse)?.statusCode == 404 { throw NavVizClientError.noTokenThere(baseURL.absoluteString) }
        let proof = (try? JSONParser.parse(bytes: Array(data)))?["proof"]?.stringValue
        guard (response as? HTTPURLResponse)?.statusCode == 200, let proof,
            proof == SHA256.proof(token: token, host: base.address, nonce: nonce)
        else {
            throw NavVizClientError.unproven(baseURL.absoluteString)
        }
    }

    /// `url` with its host replaced by the address it resolves to first (`localhost` → `127.0.0.1`), and that address as
    /// a proof names it.
    static func resolved(_ url: URL) throws -> (url: URL, address: String) {
        var host = url.host ?? ""
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        var hints = addrinfo()
        #if os(Linux)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &found) == 0, let first = found else {
            throw NavVizClientError.unresolved(url.absoluteString)
        }
        defer { freeaddrinfo(found) }
        var buffer = [CChar](repeating: 0, count: 1025)
        guard getnameinfo(first.pointee.ai_addr, first.pointee.ai_addrlen, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0
        else { throw NavVizClientError.unresolved(url.absoluteString) }
        let ip = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        let address = SHA256.proofAddress(ip: ip, port: port)
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.percentEncodedHost = String(address[..<address.lastIndex(of: ":")!])
        components?.port = port
        guard let resolved = components?.url else { throw NavVizClientError.unresolved(url.absoluteString) }
        return (resolved, address)
    }

    /// `127.0.0.1:7381`, `[::1]:7381`: the daemon's address as its proof names it.
    static func address(of url: URL) -> String {
        let host = (url.host ?? "").lowercased()
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(shown):\(url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80))"
    }

    static func escape(_ id: String) throws -> String {
        // The daemon's own rule (`SessionID`): `-x` was sent and came back as an HTTP 400 (a live-debugging trial).
        guard SessionID(id) != nil else { throw NavVizClientError.invalidSessionID(id) }
        return id
    }
}

/// Why a request to the daemon failed.
public enum NavVizClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The daemon answered with an error status and this message.
    case http(status: Int, message: String)
    /// The answer was not what the API promises.
    case invalidResponse(String)
    /// Session ids are 1 to 64 letters, digits, '-' or '_', not starting with '-'.
    case invalidSessionID(String)
    /// What answers at this address could not prove it knows the token, which was not sent.
    case unproven(String)
    /// The daemon at this address has no token (the client was given one, which was not sent).
    case noTokenThere(String)
    /// The host of this address could not be resolved to an address.
    case unresolved(String)
    /// A proxy in the environment would carry the token to this host (`no_proxy` does not name it).
    case proxied(String)

    /// A sentence saying what went wrong.
    public var description: String {
        switch self {
        case .http(let status, let message): "navviz serve answered \(status): \(message)"
        case .invalidResponse(let text): "navviz serve sent an unexpected answer: \(text)"
        case .invalidSessionID(let id): "Invalid session id '\(id)': use \(SessionID.rule)"
        case .unproven(let url):
            "What answers at \(url) could not prove it is the navviz serve that holds the token, so the token was not sent: "
                + "check the token, and use the address navviz serve printed (another program may hold the port)"
        case .noTokenThere(let url):
            "What answers at \(url) has no token (it has no proof to give), so the token was not sent: if it is your navviz "
                + "serve, leave the token out; else another program holds the port (check navviz serve's output)"
        case .unresolved(let url): "Cannot resolve the host of \(url) to an address"
        case .proxied(let host):
            "A proxy is set (http_proxy) and no_proxy does not name \(host): the token would go through it, so it was not sent. "
                + "Add \(host) to no_proxy"
        }
    }
}
