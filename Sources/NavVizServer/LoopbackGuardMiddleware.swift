import Foundation
import Hummingbird

/// Which `Host` and `Origin` values are the daemon's own. A page on another origin, or a DNS name that
/// was rebound to 127.0.0.1, must neither read nor write through the daemon unless the user opened that door
/// (`--host` on a wildcard address, which already requires `--token`).
public struct OriginPolicy: Sendable {
    /// Host names (lower case, IPv6 in brackets) that name this daemon.
    public let hostNames: Set<String>
    /// The host name whose page may change sessions: the address the daemon listens on, and no other loopback
    /// name. `localhost` may reach `[::1]`, where another user's server can listen on the same port when the
    /// daemon holds only 127.0.0.1, and that page would pass as the daemon's own (a security review did so).
    public let pageName: String
    /// Whether the daemon listens on every interface (behind a token): then any IP address names it, as do `localhost` and
    /// this machine's own name (`names`), but no other name.
    public let acceptsAnyHost: Bool
    /// This machine's name and its mDNS name (`build-box`, `build-box.local`), lower case: the names a device on the
    /// network reaches a wildcard daemon by, besides its addresses.
    let machineNames: Set<String>
    /// The port the daemon listens on (set once bound when `--port 0` picked one).
    let port: BoundPort

    /// The policy for a daemon listening on `host`:`port`.
    public init(host: String, port: Int) {
        let lower = host.lowercased()
        var names: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
        pageName = lower.contains(":") && !lower.hasPrefix("[") ? "[\(lower)]" : lower
        names.insert(pageName)
        hostNames = names
        acceptsAnyHost = ["0.0.0.0", "::", "[::]", "*"].contains(lower)
        self.port = BoundPort(port == 0 ? nil : port)
        var buffer = [CChar](repeating: 0, count: 256)
        let machine = gethostname(&buffer, buffer.count) == 0 ? String(cString: buffer).lowercased() : ""
        let short = machine.split(separator: ".").first.map(String.init) ?? ""
        machineNames = Set([machine, short, short + ".local"].filter { !$0.isEmpty && $0 != ".local" })
    }

    /// Whether a `Host` header value (`name[:port]`) names this daemon.
    public func accepts(host header: String) -> Bool {
        guard let (name, port) = Self.split(authority: header), names(name) else { return false }
        // Without a port the name alone decides (a browser always sends the port of a non-default one).
        guard let port, let listening = self.port.value else { return true }
        return port == listening
    }

    /// Whether an `Origin` header value (`scheme://name[:port]`) is this daemon's own page.
    ///
    /// Only a page at the address the daemon listens on is its own (`http://127.0.0.1:7381` by default, not
    /// `http://localhost:7381`). An origin leaves out the scheme's default port, so `http://127.0.0.1` is a page on
    /// port 80: it is this daemon's only when the daemon listens on port 80 (otherwise any local web server's page
    /// could write).
    ///
    /// On every interface, where any IP address names the daemon, the page must also be at the name the request was sent
    /// to (`host`, the `Host` header): the same origin. Another machine's page on the same port
    /// (`http://192.168.1.9:7381` sending to `192.168.1.5:7381`) passed for the daemon's own (a security probe).
    public func accepts(origin header: String, host: String? = nil) -> Bool {
        let lower = header.lowercased()
        guard lower.hasPrefix("http://"), let (name, port) = Self.split(authority: String(lower.dropFirst("http://".count))),
            name == pageName || (acceptsAnyHost && wildcardNames(name))
        else { return false }
        if acceptsAnyHost, let host, Self.split(authority: host.lowercased())?.0 != name { return false }
        return (port ?? 80) == self.port.value
    }

    /// The address of the daemon's own page (`http://127.0.0.1:7381`), once the port is known.
    public var pageAddress: String? { port.value.map { "http://\(pageName):\($0)" } }

    /// Whether a `Host` header value names the daemon by the address its page is at (any, behind a token on a
    /// wildcard address).
    public func isPageHost(_ header: String) -> Bool {
        Self.split(authority: header).map { $0.0 == pageName || (acceptsAnyHost && wildcardNames($0.0)) } ?? false
    }

    /// Whether a host name (lower case) is one of this daemon's.
    private func names(_ name: String) -> Bool { hostNames.contains(name) || (acceptsAnyHost && wildcardNames(name)) }

    /// Whether a daemon on every interface is named by `name`: an IP address (no DNS name, which a page's server could
    /// rebind to this machine), `localhost` or this machine's own name. Any name was (a security review rebound one and,
    /// on the port, had the page's requests and its proof answered, with the token the only lock left).
    private func wildcardNames(_ name: String) -> Bool {
        // (A name's trailing dot, `localhost.`, names it too.)
        let name = name.hasSuffix(".") ? String(name.dropLast()) : name
        return name == "localhost" || machineNames.contains(name) || Self.isIPAddress(name)
    }

    /// A dotted IPv4 address (`192.168.1.5`: what a browser sends, whatever the address bar said) or an IPv6 one in
    /// brackets.
    static func isIPAddress(_ name: String) -> Bool {
        if name.hasPrefix("["), name.hasSuffix("]") {
            // An address the system reads as IPv6 (`[:]`, `[1:2:3]` are none, though their characters would be).
            var address = in6_addr()
            return inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &address) == 1
        }
        return ServeArguments.dottedQuad(name) != nil
    }

    /// A port as a URL writes it: 1 to 5 digits, no sign, no leading zero, from 1 to 65535.
    static func port(_ text: Substring) -> Int? {
        guard (1...5).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }), !text.hasPrefix("0"),
            let port = Int(text), port <= 65535
        else { return nil }
        return port
    }

    /// `name[:port]` split into a lower-case name and an optional port; nil when it is malformed.
    static func split(authority: String) -> (String, Int?)? {
        let lower = authority.lowercased()
        guard !lower.isEmpty, !lower.contains("/"), !lower.contains("@") else { return nil }
        if lower.hasPrefix("[") {
            guard let close = lower.firstIndex(of: "]") else { return nil }
            let name = String(lower[...close])
            let rest = lower[lower.index(after: close)...]
            if rest.isEmpty { return (name, nil) }
            guard rest.hasPrefix(":"), let port = Self.port(rest.dropFirst()) else { return nil }
            return (name, port)
        }
        let parts = lower.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return (lower, nil)
        case 2:
            guard let port = Self.port(parts[1]) else { return nil }
            return (String(parts[0]), port)
        default: return nil
        }
    }
}

/// The port the daemon listens on, known once it is bound.
final class BoundPort: @unchecked Sendable {
    private let lock = NSLock()
    private var port: Int?

    init(_ port: Int?) { self.port = port }

    var value: Int? {
        get { lock.withLock { port } }
        set { lock.withLock { port = newValue } }
    }
}

/// Shuts out other hosts and other origins: a request whose `Host` is not the daemon's answers 421
/// (DNS rebinding); a state-changing request from another origin, or a preflight from one, answers 403.
/// Same-origin pages, and clients that send no `Origin` (curl, apps, tests), go through.
struct LoopbackGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let policy: OriginPolicy

    static var stateChanging: Set<HTTPRequest.Method> { [.post, .put, .patch, .delete] }

    /// A service worker that takes over, unregisters itself and reloads the pages it held, which then load from the
    /// daemon.
    static var retiringWorker: String {
        """
        self.addEventListener("install", () => self.skipWaiting());
        self.addEventListener("activate", (event) => event.waitUntil(self.registration.unregister()
          .then(() => self.clients.matchAll({ type: "window" }))
          .then((pages) => Promise.all(pages.map((page) => page.navigate(page.url))))));

        """
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // The first `Host` becomes the authority; any further `Host` field must name the daemon too, and a
        // request must name it (HTTP/1.1 requires `Host`; every browser sends it). An absolute-form target's
        // host (`GET http://evil.example/api/…`) never gets here: swift-nio-extras keeps only its path, so
        // such a request is answered as one for its `Host`, which is checked.
        let hosts = [request.head.authority].compactMap { $0 } + request.headers[values: .init("Host")!]
        guard !hosts.isEmpty else { throw ServerError.missingHost }
        for host in hosts where !policy.accepts(host: host) {
            throw ServerError.misdirectedHost(host, anyAddress: policy.acceptsAnyHost)
        }
        // A `GET` or `HEAD` that announces a body: no route of theirs reads one, and drained, a body sent a byte at a time
        // held the connection open past its idle timeout (a security review held 16 so, and the owner's own request was
        // refused as the 17th).
        if request.method == .get || request.method == .head, request.announcesBody {
            throw ServerError.bodyNotTaken(method: request.method.rawValue)
        }
        // navviz serves no service worker. One another user's server registered for the daemon's address while the daemon
        // was down (or for `localhost`) would read every session on later visits, and a 404 for its script does not remove
        // it (a security review): the browser's update check gets a worker that unregisters itself, as the spec lets a
        // site retire one.
        if request.headers[.init("Service-Worker")!]?.lowercased() == "script" {
            return .text(Self.retiringWorker, contentType: "text/javascript; charset=utf-8", cacheControl: "no-store")
        }
        let origin = request.headers[.origin]
        // The name the request was sent to, read as the proof reads it.
        let named = request.headers[values: .init("Host")!].first ?? request.head.authority
        let isAPI = request.uri.path.split(separator: "/").first == "api"
        // What a browser sends from a page: an `Origin`, or a `Sec-Fetch-Site` other than `none` (an address the user typed).
        // Of two (no browser sends two), the farthest: `same-origin` then `cross-site` went through as the first (a review);
        // the same of a list in one field (`cross-site, same-origin` went through: a trial).
        // (An empty value is one too, as it was before lists were read: not taken for a header not sent.)
        let sites = request.headers[values: .init("Sec-Fetch-Site")!].flatMap { value in
            value.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        }
        let site = ["cross-site", "same-site"].first(where: sites.contains) ?? sites.first
        if !hosts.contains(where: policy.isPageHost), let host = hosts.first, let page = policy.pageAddress {
            // The page at `http://localhost:PORT` may be another user's, served from `[::1]:PORT` (which a daemon on
            // 127.0.0.1 holds without listening, unless another program had it first) and reading this daemon over the same
            // origin once it lets go (a security review
            // read every session so, even through a service worker left behind): a page reads only at the daemon's
            // address. A visit by another name, to any path (`/api/…` typed at `localhost` too: a worker left there read
            // it), is sent there; curl and apps (no `Origin`, no `Sec-Fetch-Site`) go through.
            if request.method == .get, request.headers[.init("Sec-Fetch-Mode")!]?.lowercased() == "navigate" {
                let target = request.uri.path + (request.uri.query.map { "?\($0)" } ?? "")
                return Response(status: .temporaryRedirect, headers: [.location: page + target])
            }
            if isAPI, origin != nil || (site != nil && site != "none") { throw ServerError.pageElsewhere(host: host, page: page) }
        }
        // Any request for `/api` from another origin is refused, reads too: a cross-origin WebSocket handshake carries an
        // `Origin` and no `Sec-Fetch-Site`, and its GET ran the route (a security review rendered diagrams so).
        if isAPI, let origin, !policy.accepts(origin: origin, host: named) { throw ServerError.foreignOrigin(origin) }
        let crossSite = site == "cross-site"
        if request.method == .options || Self.stateChanging.contains(request.method) {
            if let origin, !policy.accepts(origin: origin, host: named) { throw ServerError.foreignOrigin(origin) }
            if origin == nil, crossSite { throw ServerError.foreignSite("cross-site") }
        }
        // A page of another site may not even load the daemon's data (an image's size, whether a session exists):
        // browsers say where a request comes from; the viewer's own are same-origin, a typed address `none`.
        // By the path's first segment, as the router reads it (`//api/…` is routed as `/api/…`).
        if isAPI, let site, site == "cross-site" || site == "same-site" {
            throw ServerError.foreignSite(site)
        }
        return try await next(request, context)
    }
}

/// The routes the router knows (method and path pattern), filled once the routes are added.
final class RouteIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var routes: [(method: HTTPRequest.Method, pattern: [Substring])] = []

    /// Records the router's routes (`/api/sessions/{id}/states/{n}.svg`).
    func record(_ routes: [(HTTPRequest.Method, String)]) {
        let parsed = routes.map { (method: $0.0, pattern: $0.1.split(separator: "/")) }
        lock.withLock { self.routes = parsed }
    }

    /// The methods that have a route for `path`, sorted.
    func methods(for path: String) -> [String] {
        let segments = path.split(separator: "/")
        let known = lock.withLock { routes }
        let methods = known.filter { Self.matches($0.pattern, segments) }.map(\.method.rawValue)
        return Set(methods).sorted()
    }

    static func matches(_ pattern: [Substring], _ segments: [Substring]) -> Bool {
        guard pattern.count == segments.count else { return false }
        return zip(pattern, segments).allSatisfy { part, segment in
            guard part.hasPrefix("{"), let close = part.firstIndex(of: "}") else { return part == segment }
            let suffix = part[part.index(after: close)...]
            return segment.count > suffix.count && segment.hasSuffix(suffix)
        }
    }
}

/// Answers requests no route takes with the JSON error body: 405 with `Allow` when the path exists for
/// other methods, 404 otherwise (Hummingbird's own answer is an empty 404 for both).
struct UnknownRouteMiddleware<Context: RequestContext>: RouterMiddleware {
    let index: RouteIndex

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // A query parameter no route of the API reads is refused, not ignored: `?finer=ariadne` drew with the default finder,
        // `events?aftr=0` replayed nothing (a security review), where a JSON field mistyped is told.
        // Of a route there is, for its method: an unknown address or method is said as such first (a review).
        let methods = index.methods(for: request.uri.path)
        if let known = Self.queryNames(of: request.uri.path),
            methods.contains(request.method.rawValue) || (request.method == .head && methods.contains("GET"))
        {
            for (name, _) in request.uri.queryParameters where !name.isEmpty && !known.contains(String(name)) {
                throw ServerError.unknownQuery(name: String(name), path: request.uri.path, known: known)
            }
        }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && error.body == nil {
            let path = request.uri.path
            let allowed = index.methods(for: path)
            if allowed.isEmpty { throw ServerError.noRoute(method: request.method.rawValue, path: path) }
            throw ServerError.methodNotAllowed(method: request.method.rawValue, path: path, allowed: Self.allowed(allowed, on: path))
        }
    }

    /// The methods a path takes, as `Allow` lists them: a GET is also a HEAD (the router answers it as GET without the
    /// body), but for an event stream, which a HEAD would open and never read.
    static func allowed(_ methods: [String], on path: String) -> [String] {
        var listed = methods.filter { $0 != "HEAD" }
        if listed.contains("GET"), !isEventStream(path) { listed.append("HEAD") }
        return listed.sorted()
    }

    /// The query parameters an API path reads (none for most); nil outside `/api`.
    static func queryNames(of path: String) -> [String]? {
        let segments = path.split(separator: "/")
        guard segments.first == "api" else { return nil }
        if segments == ["api", "proof"] { return ["nonce"] }
        if segments == ["api", "render"] { return ["finder"] }
        guard segments.count == 4, segments[1] == "sessions" else { return [] }
        switch segments[3] {
        case "events": return ["after", "limit", "sessions"]
        case "snapshots": return ["kind"]
        case "diff.svg": return ["from", "to"]
        default: return []
        }
    }

    /// Whether a path is an event stream's (`/api/events`, `/api/sessions/ID/events`).
    static func isEventStream(_ path: String) -> Bool {
        let segments = path.split(separator: "/")
        return segments == ["api", "events"]
            || (segments.count == 4 && segments[0] == "api" && segments[1] == "sessions" && segments[3] == "events")
    }
}
