import Foundation
import Hummingbird
import Logging
import NIOCore
import NavVizFormat

/// Logs one line per request once it is answered: method, path, status and time taken
/// (`POST /api/sessions/demo/steps 201 0.6 ms`).
/// Refused requests (401, 403, 404, 405, 421: nothing changed) are logged at most `RefusalLog.burst` a window for each
/// status, and the next line logged says how many were left out: a web page can send hundreds a second (a security
/// review filled a log by 0.5 GB an hour from one background tab).
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger
    /// The daemon's token, written `…` wherever a request's address holds it.
    var token: String? = nil
    let refusals = RefusalLog()

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, status: response.status, since: start)
            return response
        } catch let error as any HTTPResponseError {
            // Logged as what happened: a 400 for a body that never came was logged as answered (a trial).
            let cutShort = (error as? ServerError) == .bodyCutShort
            log(
                request, status: error.status, since: start,
                note: cutShort ? " (not sent: the connection ended before the body arrived)" : "")
            throw error
        } catch {
            log(request, status: .internalServerError, since: start)
            throw error
        }
    }

    private func log(_ request: Request, status: HTTPResponse.Status, since start: ContinuousClock.Instant, note: String = "") {
        let now = ContinuousClock.now
        // What a browser marks as sent by another site's page is held back as refusals are: a page can request the viewer
        // (200) as fast as it can (a review).
        let site = request.headers[values: .init("Sec-Fetch-Site")!].first
        let (logs, left) = refusals.admit(status.code, fromAnotherSite: site == "cross-site" || site == "same-site", at: now)
        guard logs else { return }
        let elapsed = now - start
        let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
        let skipped = RefusalLog.note(left: left, status: status.code)
        let time = String(format: "%.1f", milliseconds)
        logger.info("\(request.method.rawValue) \(Self.target(request, token: token)) \(status.code) \(time) ms\(note)\(skipped)")
    }

    /// The path and query as logged: at most 200 characters, so that a page sending refused requests with long queries
    /// cannot fill the disk of a log file (a security review: 60 KB a line, 19 GB an hour), and without the daemon's
    /// `token` wherever it is.
    static func target(_ request: Request, token: String? = nil) -> String {
        logged(
            withoutFragment(redacting(token, in: request.uri.path))
                + (request.uri.query.map { "?" + redacted(query: redacting(token, in: $0)) } ?? ""))
    }

    /// `target` with each occurrence of `token` written `…`, whether sent as is or percent-encoded in part or whole: a
    /// user who put the token in an address other than as a `token=` value (a path segment, `?auth=…`, `;token=…`,
    /// `/%23token=…`) had it written to the log (a security probe). The daemon knows its token, so it looks for the token
    /// itself rather than guess at names.
    static func redacting(_ token: String?, in target: String) -> String {
        guard let token, !token.isEmpty else { return target }
        var result = redactingOnce(token, in: target)
        // Percent-encoded twice or more (`%2561…`, `%25%36%31…`: a client that encoded an encoded address): a layer of
        // printable escapes decoded and looked through again, a few layers deep (reviews found the token in the log). Once
        // the token is found there, the line shows that layer; its other bytes stay escaped (a `%0A` is no line feed).
        var layer = result
        for _ in 0..<4 {
            let decoded = decodingPrintable(layer)
            guard decoded != layer else { break }
            layer = decoded
            let redacted = redactingOnce(token, in: layer)
            if redacted != layer {
                result = redacted
                layer = redacted
            }
        }
        // A space in a query is written `+` too (a form's, `URLSearchParams`'): a token with spaces so spelled was logged
        // (a security review).
        if token.contains(" ") { return redactingOnce(token, in: result, plusIsSpace: true) }
        return result
    }

    /// `text` with each `%XX` of a printable ASCII character (a token's: `--token` refuses others) decoded; other
    /// escapes kept as they are.
    static func decodingPrintable(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2]), (0x21...0x7E).contains(high << 4 | low)
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `redacting` of one layer of percent-encoding.
    private static func redactingOnce(_ token: String, in target: String, plusIsSpace: Bool = false) -> String {
        // As sent first: `%ab` followed by the rest of a token `ab…` decodes to another byte, and would keep it.
        let raw = Array(target.replacingOccurrences(of: token, with: "…").utf8)
        // The target decoded, and where in `raw` each decoded byte begins (and, last, its end).
        var decoded: [UInt8] = []
        var starts: [Int] = []
        decoded.reserveCapacity(raw.count)
        starts.reserveCapacity(raw.count + 1)
        var index = 0
        while index < raw.count {
            starts.append(index)
            if raw[index] == UInt8(ascii: "%"), index + 2 < raw.count, let high = hexValue(raw[index + 1]),
                let low = hexValue(raw[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(plusIsSpace && raw[index] == UInt8(ascii: "+") ? UInt8(ascii: " ") : raw[index])
                index += 1
            }
        }
        starts.append(raw.count)
        let needle = Array(token.utf8)
        var out: [UInt8] = []
        var copied = 0
        var at = 0
        while at + needle.count <= decoded.count {
            guard decoded[at..<at + needle.count].elementsEqual(needle) else {
                at += 1
                continue
            }
            out += raw[copied..<starts[at]]
            out += Array("…".utf8)
            copied = starts[at + needle.count]
            at += needle.count
        }
        out += raw[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    /// A hex digit's value, or nil.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A path with what follows a `#` written `#…`: no browser sends a fragment, but a hand-made client that pasted the
    /// viewer's address (`/#token=…`) did, and the path kept it (a security probe found the token in the log).
    static func withoutFragment(_ path: String) -> String {
        guard let hash = path.firstIndex(of: "#") else { return path }
        return path[..<hash] + "#…"
    }

    /// A query with the value of any parameter whose name holds `token` (any case) written `…`: the daemon reads its
    /// token only from `Authorization`, but a user who put it in an address (`?token=…`) had it written to the log.
    static func redacted(query: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { item in
            // The name as the server would read it: `to%6Ben` is `token` (a review).
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let name = String(item.prefix(upTo: equals))
            guard (name.removingPercentEncoding ?? name).lowercased().contains("token") else { return String(item) }
            return item[...equals] + "…"
        }.joined(separator: "&")
    }

    /// A request target as logged: its first 200 characters.
    static func logged(_ target: String) -> String {
        guard target.count > 200 else { return target }
        return String(target.prefix(200)) + "… (\(target.utf8.count) bytes)"
    }
}

/// Lets a request for `/api` through only with `Authorization: Bearer <token>` (compared in constant time). It runs
/// before the router matches a route, so a request without the token learns nothing of which paths and methods exist
/// (a 404 or 405 would tell). Other paths (the viewer page) pass.
struct BearerTokenMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: String
    /// Whose address the proof names.
    let policy: OriginPolicy

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // By the path's first segment, as the router reads it (`//api/…` is routed as `/api/…`).
        let segments = request.uri.path.split(separator: "/")
        guard segments.first == "api" else { return try await next(request, context) }
        // The daemon's proof that it knows the token, before the viewer sends it: another program holding the port
        // (another user's, while the daemon was down) cannot give it, and gets no token (a security review: a viewer
        // tab reconnecting sent it to whoever held the port). HMAC-SHA256 of `navviz-proof:HOST:NONCE`, the nonce the
        // page's own, random, and HOST the address of this daemon's page (`127.0.0.1:7381`, `[::1]:7381`), whatever
        // the request names, which the page checks against its own `location.host`: a program on the page's address
        // that asks another daemon with the same token gets a proof for that daemon's address (security reviews
        // relayed it to a second daemon on another port, then on the same port of `[::1]` naming `127.0.0.1` in its
        // `Host`, and were sent the token). Listening on every interface, the page may be at any name: the `Host`.
        if segments == ["api", "proof"], request.method == .get || request.method == .head {
            // Given twice, refused as every query parameter is (it took the first, a security review).
            let given = try SessionController.single("nonce", of: request, expected: "32 to 128 lower-case hex digits")
            guard let nonce = given, (32...128).contains(nonce.count),
                // ASCII only: Swift's isHexDigit takes fullwidth digits too (a security review).
                nonce.utf8.allSatisfy({ byte in
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                })
            else {
                throw ServerError.invalidQuery(
                    name: "nonce", value: given, expected: "32 to 128 lower-case hex digits"
                )
            }
            let requested = (request.headers[values: .init("Host")!].first ?? request.head.authority ?? "").lowercased()
            let host =
                Self.proofAddress(requested: requested, local: (context as? DaemonRequestContext)?.localAddress, listening: policy.pageName)
                ?? (policy.acceptsAnyHost ? requested : policy.port.value.map { "\(policy.pageName):\($0)" } ?? requested)
            let proof = SHA256.proof(token: token, host: host, nonce: nonce)
            return .text(
                JSONWriter.compact(.object([("proof", .string(proof))])), contentType: "application/json; charset=utf-8",
                cacheControl: "no-store")
        }
        // The scheme is case-insensitive (RFC 9110 §11.1): `bearer` and `BEARER` are accepted.
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer "),
            Self.constantTimeEqual(Array(header.utf8.dropFirst(7).drop { $0 == 0x20 }), Array(token.utf8))
        else { throw ServerError.unauthorized }
        return try await next(request, context)
    }

    /// The address a daemon's proof names: the address and port the connection reached, as a client writes them
    /// (`127.0.0.1:7381`, `[::1]:7381`), whatever the request names. Not the `Host`: another user's program on `[::1]`
    /// (or on `[::]`, for a client that named the machine by a name resolving to IPv6 first) that relayed the proof
    /// request to the daemon on `127.0.0.1` got a proof for what it was asked, and was sent the token (two reviews).
    /// The wildcard the daemon listens on (`0.0.0.0`, the address it prints) is its own: every connection to it
    /// reaches the daemon. Nil without the connection's address (a test's router).
    static func proofAddress(requested: String, local: SocketAddress?, listening: String) -> String? {
        let name = OriginPolicy.split(authority: requested)?.0 ?? requested
        guard let local, let port = local.port, let ip = local.ipAddress else { return nil }
        if name == listening, ["0.0.0.0", "[::]"].contains(listening) { return "\(name):\(port)" }
        return SHA256.proofAddress(ip: ip, port: port)
    }

    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
        }
        return difference == 0
    }
}

/// How many refused requests of each status were logged in the current window, and how many left out.
final class RefusalLog: Sendable {
    /// The statuses counted: refusals that changed nothing.
    static let statuses: Set<Int> = [401, 403, 404, 405, 421]
    /// At most this many lines for one status...
    static let burst = 5
    /// ...in this long.
    static let window = Duration.seconds(10)
    /// What is counted together: a status, and whether another site's page sent the requests.
    private struct Key: Hashable {
        var status: Int
        var fromAnotherSite: Bool
    }
    private let counts = Locked<[Key: (start: ContinuousClock.Instant, logged: Int, left: Int)]>([:])

    /// Whether a request answered `status` at `now` is logged, and how many answered so were left out since the last
    /// one logged (said on this line). A request another site's page sent (`Sec-Fetch-Site`) is counted whatever it was
    /// answered, apart from the refusals; so is one the HTTP parser could not read (`malformed`).
    func admit(_ status: Int, fromAnotherSite: Bool = false, malformed: Bool = false, at now: ContinuousClock.Instant) -> (
        logs: Bool, left: Int
    ) {
        guard Self.statuses.contains(status) || fromAnotherSite || malformed else { return (true, 0) }
        let key = Key(status: status, fromAnotherSite: fromAnotherSite)
        return counts.withLock { counts in
            var entry = counts[key] ?? (now, 0, 0)
            if now - entry.start >= Self.window { entry = (now, 0, entry.left) }
            defer { counts[key] = entry }
            guard entry.logged < Self.burst else {
                entry.left += 1
                return (false, 0)
            }
            entry.logged += 1
            let left = entry.left
            entry.left = 0
            return (true, left)
        }
    }

    /// What a logged line adds when `left` requests answered `status` were left out before it (nothing when none were).
    static func note(left: Int, status: Int) -> String {
        left > 0 ? " (\(left) more answered \(status) before this one \(left == 1 ? "was" : "were") left out of the log)" : ""
    }
}
