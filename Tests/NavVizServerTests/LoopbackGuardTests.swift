import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import NavVizFormat
import Testing

@testable import NavVizServer

/// The loopback daemon shuts out web pages: DNS rebinding (`Host`), cross-site writes (`Origin`, simple
/// content types) and foreign preflights. Non-browser clients, which send no `Origin`, go through.
@Suite struct LoopbackGuardTests {
    static let create = #"{"id": "shop", "root": {"navigation": ["Home"]}}"#

    func headers(_ pairs: [(String, String)]) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in pairs { fields[HTTPFields.Element.Name(name)!] = value }
        return fields
    }

    /// The body as text, exactly as sent.
    func text(_ response: TestResponse) -> String {
        String(buffer: response.body)
    }

    // MARK: - Host

    @Test(arguments: [
        "rebind.evil.example:7381", "evil.example", "127.0.0.1.evil.example:7381", "localhost:80", "[::2]:7381", "127.0.0.1:7381:1",
        "localhost:+7381", "localhost:07381", "[::1]:+7381", "localhost:７３８１",
    ])
    func aForeignHostIsMisdirected(host: String) async throws {
        try await withDaemon { client in
            let response = try await client.get("/api/sessions", headers: headers([("Host", host)]))
            #expect(response.status == .misdirectedRequest)
            #expect(
                text(response).contains(
                    "Refusing a request for host '\(host)': navviz serve answers only 127.0.0.1, localhost, [::1] and its --host, on its port"
                ))
            let page = try await client.get("/", headers: headers([("Host", host)]))
            #expect(page.status == .misdirectedRequest)
            let delete = try await client.execute(uri: "/api/sessions/shop", method: .delete, headers: headers([("Host", host)]))
            #expect(delete.status == .misdirectedRequest)
        }
    }

    @Test(arguments: ["127.0.0.1:7381", "localhost:7381", "LOCALHOST:7381", "[::1]:7381"])
    func loopbackNamesWithThePortAreAccepted(host: String) async throws {
        try await withDaemon { client in
            let response = try await client.get("/api/sessions", headers: headers([("Host", host)]))
            #expect(response.status == .ok)
        }
    }

    @Test func theHostValueItListensOnIsAccepted() async throws {
        try await withDaemon(ServeArguments(host: "127.0.0.2", port: 9000)) { client in
            let response = try await client.get("/api/sessions", headers: headers([("Host", "127.0.0.2:9000")]))
            #expect(response.status == .ok)
            let response2 = try await client.get("/api/sessions", headers: headers([("Host", "127.0.0.1:7381")]))
            #expect(response2.status == .misdirectedRequest)
        }
    }

    @Test func policyMatchesNamesAndPorts() {
        let policy = OriginPolicy(host: "127.0.0.1", port: 7381)
        #expect(policy.accepts(host: "127.0.0.1:7381"))
        #expect(!policy.accepts(host: "127.0.0.1:7382"))
        #expect(policy.accepts(host: "127.0.0.1"))
        #expect(!policy.accepts(host: "evil.example"))
        #expect(!policy.accepts(host: "user@127.0.0.1:7381"))
        #expect(policy.accepts(origin: "http://127.0.0.1:7381"))
        // Another user's server may hold [::1]:7381, where a browser takes localhost first.
        #expect(!policy.accepts(origin: "http://localhost:7381"))
        #expect(!policy.accepts(origin: "https://127.0.0.1:7381"))
        #expect(!policy.accepts(origin: "null"))
        #expect(!policy.accepts(origin: "http://evil.example:7381"))
        // On every interface: an address, localhost or the machine's own name, never another DNS name, which a page's
        // server can rebind to this machine (a security review: any name was accepted, the token the only lock left).
        let wildcard = OriginPolicy(host: "0.0.0.0", port: 7381)
        var buffer = [CChar](repeating: 0, count: 256)
        #expect(gethostname(&buffer, buffer.count) == 0)
        let machine = String(cString: buffer).lowercased().split(separator: ".").first.map(String.init) ?? ""
        for host in [
            "192.168.1.5:7381", "10.0.0.2", "[fe80::1]:7381", "localhost:7381", "localhost.:7381", "\(machine).local:7381",
            "\(machine):7381",
        ] {
            #expect(wildcard.accepts(host: host), "\(host)")
        }
        for host in [
            "evil.example:7381", "build-box-not-this.local:7381", "192.168.1.5.evil.example", "0x7f.1", "[evil]", "[:]:7381", "[1:2:3]",
            "[::1%25lo]",
        ] {
            #expect(!wildcard.accepts(host: host), "\(host)")
        }
        #expect(wildcard.accepts(origin: "http://192.168.1.5:7381"))
        #expect(!wildcard.accepts(origin: "http://evil.example:7381"))
        #expect(wildcard.isPageHost("192.168.1.5:7381"))
        #expect(!wildcard.isPageHost("evil.example:7381"))
        #expect(
            ServerError.misdirectedHost("evil.example:7381", anyAddress: true).description
                == "Refusing a request for host 'evil.example:7381': navviz serve, listening on every interface, answers only an IP address, localhost and this machine's own name, on its port: name it by its IP address (a web page may have rebound that name to this machine)"
        )
    }

    /// An origin leaves out port 80, so a port-less origin is a page on port 80, not the daemon's own page.
    @Test(arguments: [
        ("http://127.0.0.1:7381", 7381, true), ("http://localhost:7381", 7381, false), ("http://[::1]:7381", 7381, false),
        ("http://localhost", 7381, false), ("http://127.0.0.1", 7381, false), ("http://localhost:80", 7381, false),
        ("http://127.0.0.1:7382", 7381, false), ("http://127.0.0.1", 80, true), ("http://127.0.0.1:80", 80, true),
        ("http://localhost:", 7381, false), ("http://localhost:7381/", 7381, false),
    ])
    func anOriginIsTheDaemonsOnlyOnItsPort(origin: String, port: Int, accepted: Bool) {
        #expect(OriginPolicy(host: "127.0.0.1", port: port).accepts(origin: origin) == accepted)
    }

    /// On every interface the page must be at the address the request was sent to: another machine's page on the same
    /// port, or another user's on `[::1]`, is not the daemon's (a security probe's F3).
    @Test(arguments: [
        ("http://192.168.1.5:7381", "192.168.1.5:7381", true), ("http://192.168.1.9:7381", "192.168.1.5:7381", false),
        ("http://[::1]:7381", "127.0.0.1:7381", false), ("http://localhost:7381", "LOCALHOST:7381", true),
        ("http://127.0.0.1:7381", "localhost:7381", false), ("http://192.168.1.5:7381", "192.168.1.5", true),
    ])
    func onEveryInterfaceAnOriginIsTheDaemonsAtTheRequestsAddress(origin: String, host: String, accepted: Bool) {
        #expect(OriginPolicy(host: "0.0.0.0", port: 7381).accepts(origin: origin, host: host) == accepted)
        // On loopback the page's address is fixed: the request's name changes nothing.
        #expect(OriginPolicy(host: "127.0.0.1", port: 7381).accepts(origin: "http://127.0.0.1:7381", host: host))
    }

    @Test func onEveryInterfaceAnotherMachinesPageMayNotWrite() async throws {
        try await withDaemon(ServeArguments(host: "0.0.0.0", port: 7381, token: "0123456789abcdef0123")) { client in
            for (origin, status) in [("http://192.168.1.9:7381", HTTPResponse.Status.forbidden), ("http://192.168.1.5:7381", .created)] {
                let response = try await client.post(
                    "/api/sessions", Self.create,
                    headers: headers([
                        ("Origin", origin), ("Host", "192.168.1.5:7381"), ("Authorization", "Bearer 0123456789abcdef0123"),
                    ]))
                #expect(response.status == status, "\(origin): \(text(response))")
            }
        }
    }

    @Test(arguments: ["http://localhost", "http://127.0.0.1"])
    func aPageOnPort80MayNotWrite(origin: String) async throws {
        try await withDaemon { client in
            let response = try await client.post(
                "/api/sessions", Self.create, headers: headers([("Origin", origin), ("Host", "127.0.0.1:7381")]))
            #expect(response.status == .forbidden)
            #expect(text(response).contains("Refusing a request from '\(origin)'"))
            let delete = try await client.execute(uri: "/api/sessions/shop", method: .delete, headers: headers([("Origin", origin)]))
            #expect(delete.status == .forbidden)
        }
    }

    // MARK: - Origin and content type

    @Test func aCrossOriginWriteIsForbidden() async throws {
        try await withDaemon { client in
            let response = try await client.post(
                "/api/sessions", Self.create, headers: headers([("Origin", "https://evil.example"), ("Host", "127.0.0.1:7381")]))
            #expect(response.status == .forbidden)
            #expect(
                text(response).contains(
                    "Refusing a request from 'https://evil.example': only the daemon's own page may use navviz serve (a web page may neither read nor write it)"
                ))
            let response2 = try await client.get("/api/sessions/shop")
            #expect(response2.status == .notFound)
        }
    }

    @Test func aCrossSiteFetchWithoutOriginIsForbidden() async throws {
        try await withDaemon { client in
            let response = try await client.post("/api/sessions", Self.create, headers: headers([("Sec-Fetch-Site", "cross-site")]))
            #expect(response.status == .forbidden)
            // At the daemon's own address: said as a GET's is, not quoted as an origin (a security review).
            let own = try await client.post(
                "/api/sessions", Self.create, headers: headers([("Sec-Fetch-Site", "cross-site"), ("Host", "127.0.0.1:7381")]))
            #expect(own.status == .forbidden)
            #expect(
                text(own).contains(
                    "Refusing a request from a cross-site page: web pages of other sites may neither read nor change navviz serve's sessions"
                ))
        }
    }

    /// Only the page at the address the daemon listens on writes: a page at localhost or [::1] may be another user's
    /// server on the same port (a security review took [::1]:PORT while the daemon held 127.0.0.1:PORT).
    @Test(arguments: [("127.0.0.1", "http://localhost:7381"), ("127.0.0.1", "http://[::1]:7381"), ("::1", "http://127.0.0.1:7381")])
    func aPageAtAnotherLoopbackAddressMayNotWrite(host: String, origin: String) async throws {
        try await withDaemon(ServeArguments(host: host, port: 7381)) { client in
            let response = try await client.post("/api/sessions", Self.create, headers: headers([("Origin", origin)]))
            #expect(response.status == .forbidden)
        }
        #expect(OriginPolicy(host: "::1", port: 7381).accepts(origin: "http://[::1]:7381"))
        #expect(OriginPolicy(host: "localhost", port: 7381).accepts(origin: "http://localhost:7381"))
    }

    /// A page of another site may not load the daemon's data either (an image's size tells a session exists);
    /// what the daemon sends is for its own origin only.
    @Test(arguments: ["cross-site", "same-site"])
    func anotherSitesPageMayNotRead(site: String) async throws {
        try await withDaemon { client in
            _ = try await client.post("/api/sessions", Self.create)
            let response = try await client.get(
                "/api/sessions/shop/states/0.svg", headers: headers([("Sec-Fetch-Site", site), ("Host", "127.0.0.1:7381")]))
            #expect(response.status == .forbidden)
            #expect(
                text(response).contains(
                    "Refusing a request from a \(site) page: web pages of other sites may neither read nor change navviz serve's sessions"))
            #expect(response.headers[.init("Cross-Origin-Resource-Policy")!] == "same-origin")
            // The router reads `//api/…` as `/api/…`: so does the check.
            let doubled = try await client.get(
                "//api/sessions/shop/states/0.svg", headers: headers([("Sec-Fetch-Site", site), ("Host", "127.0.0.1:7381")]))
            #expect(doubled.status == .forbidden)
            // Two (no browser sends two): the farther counts, whichever comes first (a review: the first was read).
            var fields = headers([("Sec-Fetch-Site", "same-origin"), ("Host", "127.0.0.1:7381")])
            fields.append(HTTPFields.Element(name: HTTPFields.Element.Name("Sec-Fetch-Site")!, value: site))
            let twice = try await client.get("/api/sessions/shop/states/0.svg", headers: fields)
            #expect(twice.status == .forbidden)
            // Or as a list in one field, in either order (a trial's `cross-site, same-origin` went through).
            for list in ["same-origin, \(site)", "\(site),same-origin"] {
                let listed = try await client.get(
                    "/api/sessions/shop/states/0.svg", headers: headers([("Sec-Fetch-Site", list), ("Host", "127.0.0.1:7381")]))
                #expect(listed.status == .forbidden, "\(list)")
            }
            let own = try await client.get(
                "/api/sessions/shop/states/0.svg", headers: headers([("Sec-Fetch-Site", "same-origin"), ("Host", "127.0.0.1:7381")]))
            #expect(own.status == .ok)
            #expect(own.headers[.init("Cross-Origin-Resource-Policy")!] == "same-origin")
        }
    }

    /// A page reads only at the daemon's address: the page at `http://localhost:PORT` may be another user's server on
    /// `[::1]:PORT` that let go of it, its same-origin reads then reaching the daemon (a security review read every
    /// session so, and through a service worker it left behind). A visit by that name is sent to the address; an address
    /// typed (`Sec-Fetch-Site: none`), curl and apps read as before.
    @Test func aPageAtLocalhostMayNotReadAndIsSentToTheAddress() async throws {
        try await withDaemon { client in
            _ = try await client.post("/api/sessions", Self.create)
            for page in [[("Sec-Fetch-Site", "same-origin")], [("Origin", "http://localhost:7381")]] {
                let read = try await client.get("/api/sessions", headers: headers(page + [("Host", "localhost:7381")]))
                #expect(read.status == .forbidden)
                #expect(
                    text(read)
                        == #"{"error":{"message":"Refusing a page's request for host 'localhost': only the page at http://127.0.0.1:7381 may use navviz serve (at another name, such as localhost, the page may be another user's server); open http://127.0.0.1:7381"}}"#
                )
            }
            #expect(try await client.get("/api/sessions", headers: headers([("Sec-Fetch-Site", "none")])).status == .ok)
            #expect(try await client.get("/api/sessions").status == .ok)
            let visit = try await client.get("/?a=1", headers: headers([("Sec-Fetch-Mode", "navigate"), ("Sec-Fetch-Site", "none")]))
            #expect(visit.status == .temporaryRedirect)
            #expect(visit.headers[.location] == "http://127.0.0.1:7381/?a=1")
            // An /api address typed at localhost too: a service worker left there read it (a second security review).
            let typed = try await client.get(
                "/api/sessions", headers: headers([("Sec-Fetch-Mode", "navigate"), ("Sec-Fetch-Site", "none")]))
            #expect(typed.status == .temporaryRedirect)
            #expect(typed.headers[.location] == "http://127.0.0.1:7381/api/sessions")
            let atAddress = try await client.get(
                "/", headers: headers([("Sec-Fetch-Mode", "navigate"), ("Host", "127.0.0.1:7381")]))
            #expect(atAddress.status == .ok)
        }
    }

    /// A read from another origin is refused too: a cross-origin WebSocket handshake carries an `Origin` and no
    /// `Sec-Fetch-Site`, and its GET ran the route (a security review had the daemon render diagrams for a page).
    @Test func aReadFromAnotherOriginIsForbidden() async throws {
        try await withDaemon { client in
            _ = try await client.post("/api/sessions", Self.create)
            let read = try await client.get(
                "/api/sessions/shop/flow.svg",
                headers: headers([("Origin", "http://attacker.localhost:48200"), ("Host", "127.0.0.1:7381"), ("Upgrade", "websocket")]))
            #expect(read.status == .forbidden)
            #expect(text(read).contains("Refusing a request from 'http://attacker.localhost:48200'"))
        }
    }

    /// navviz serves no service worker: a browser's update check for one (which another user's server registered for
    /// the daemon's address while it was down, to read every session later) gets a worker that unregisters itself.
    @Test func aServiceWorkerLeftBehindIsRetired() async throws {
        try await withDaemon { client in
            let check = try await client.get("/sw.js", headers: headers([("Service-Worker", "script"), ("Host", "127.0.0.1:7381")]))
            #expect(check.status == .ok)
            #expect(check.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(text(check).contains("self.registration.unregister()"))
            #expect(try await client.get("/sw.js", headers: headers([("Host", "127.0.0.1:7381")])).status == .notFound)
        }
    }

    @Test func theDaemonsOwnPageMayWrite() async throws {
        try await withDaemon { client in
            let response = try await client.post(
                "/api/sessions", Self.create, headers: headers([("Origin", "http://127.0.0.1:7381"), ("Host", "127.0.0.1:7381")]))
            #expect(response.status == .created)
        }
    }

    @Test func aForeignPreflightIsForbidden() async throws {
        try await withDaemon { client in
            let response = try await client.execute(
                uri: "/api/sessions", method: .options,
                headers: headers([("Origin", "https://evil.example"), ("Access-Control-Request-Method", "POST")]))
            #expect(response.status == .forbidden)
            #expect(response.headers[.init("Access-Control-Allow-Origin")!] == nil)
        }
    }

    /// The content types a page can send without a preflight are refused, and so is no content type, or an empty one (a
    /// security review's `Content-Type: ;` stopped the daemon).
    @Test(arguments: [
        "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", nil, "", ";", "; charset=utf-8",
    ])
    func aSimpleRequestContentTypeIsRefused(contentType: String?) async throws {
        try await withDaemon { client in
            var fields = HTTPFields()
            if let contentType { fields[.contentType] = contentType }
            let response = try await client.execute(
                uri: "/api/sessions", method: .post, headers: fields, body: ByteBuffer(string: Self.create))
            #expect(response.status == .unsupportedMediaType)
            let declared = contentType.map { "'\($0)'" } ?? "missing"
            #expect(text(response).contains("body: Content-Type \(declared): send 'application/json'"))
            let response2 = try await client.get("/api/sessions/shop")
            #expect(response2.status == .notFound)
        }
    }

    @Test func jsonWithACharsetIsAccepted() async throws {
        try await withDaemon { client in
            let response = try await client.post(
                "/api/sessions", Self.create, headers: headers([("Content-Type", "Application/JSON; charset=utf-8")]))
            #expect(response.status == .created)
            // Another charset is refused: the body is read as UTF-8 (a trial's latin1 was taken).
            let latin = try await client.post(
                "/api/sessions", #"{"id": "other"}"#, headers: headers([("Content-Type", "application/json; charset=latin1")]))
            #expect(latin.status == .unsupportedMediaType)
            #expect(text(latin).contains("body: Content-Type 'application/json; charset=latin1': send 'application/json; charset=utf-8'"))
        }
    }

    /// Every response is read as declared, never sniffed: JSON, errors, the scenario export (a new user's trial
    /// found JSON answers without the header the viewer page and SVG have).
    @Test func responsesAreNeverSniffed() async throws {
        try await withDaemon { client in
            let created = try await client.post("/api/sessions", Self.create, headers: headers([("Content-Type", "application/json")]))
            let listed = try await client.execute(uri: "/api/sessions", method: .get)
            let missing = try await client.execute(uri: "/api/sessions/nope", method: .get)
            for response in [created, listed, missing] {
                #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(response.status)")
            }
            #expect(missing.status == .notFound)
        }
    }

    /// Every answer, refusals and redirects included, may not be embedded by another site, keeps no handle on a window
    /// that opened it, sends no referrer, and is not stored by the browser unless the route says otherwise (the viewer
    /// page and the event stream are `no-cache`).
    @Test func everyAnswerCarriesTheSameSecurityHeaders() async throws {
        try await withDaemon { client in
            let created = try await client.post("/api/sessions", Self.create, headers: headers([("Content-Type", "application/json")]))
            let listed = try await client.execute(uri: "/api/sessions", method: .get)
            let missing = try await client.execute(uri: "/api/sessions/nope", method: .get)
            let foreign = try await client.execute(
                uri: "/api/sessions", method: .get, headers: headers([("Sec-Fetch-Site", "cross-site")]))
            let page = try await client.execute(uri: "/", method: .get)
            let diagram = try await client.execute(uri: "/api/sessions/shop/states/0.svg", method: .get)
            #expect(diagram.status == .ok && diagram.headers[.cacheControl] == "no-store")
            #expect(
                [created, listed, missing, foreign, page].map(\.status) == [.created, .ok, .notFound, .forbidden, .ok])
            for response in [created, listed, missing, foreign, page] {
                #expect(response.headers[.init("Cross-Origin-Resource-Policy")!] == "same-origin", "\(response.status)")
                #expect(response.headers[.init("Cross-Origin-Opener-Policy")!] == "same-origin", "\(response.status)")
                #expect(response.headers[.init("Referrer-Policy")!] == "no-referrer", "\(response.status)")
                #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(response.status)")
                #expect(response.headers[.init("X-Frame-Options")!] == "DENY", "\(response.status)")
            }
            // No page frames an answer: the viewer's own policy says so, and every other answer's (a diagram's too, which
            // runs nothing opened on its own).
            let policy = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"
            #expect([created, listed, missing, foreign, diagram].allSatisfy { $0.headers[.contentSecurityPolicy] == policy })
            #expect(page.headers[.contentSecurityPolicy]?.hasSuffix("frame-ancestors 'none'") == true)
            #expect(
                [created, listed, missing, foreign, page].map { $0.headers[.cacheControl] } == [
                    "no-store", "no-store", "no-store", "no-store", "no-cache",
                ])
            // A 204 sets no content type: it is not sniffed either (a security probe).
            let deleted = try await client.execute(uri: "/api/sessions/shop", method: .delete)
            #expect(deleted.status == .noContent && deleted.headers[.xContentTypeOptions] == "nosniff")
        }
    }

    /// An error that is not an HTTP one (none of the daemon's handlers throws one today) is a bare 500 with the same
    /// headers, not one without them.
    @Test func anUnexpectedErrorIsA500WithTheSecurityHeaders() async throws {
        struct Unexpected: Error {}
        let router = Router()
        router.add(middleware: ResponseHeadersMiddleware())
        router.get("/fails") { _, _ -> Response in throw Unexpected() }
        try await Application(router: router).test(.router) { client in
            let response = try await client.execute(uri: "/fails", method: .get)
            #expect(response.status == .internalServerError)
            #expect(response.headers[.init("Cross-Origin-Resource-Policy")!] == "same-origin")
            #expect(response.headers[.init("Cross-Origin-Opener-Policy")!] == "same-origin")
            #expect(response.headers[.init("Referrer-Policy")!] == "no-referrer")
            #expect(response.headers[.cacheControl] == "no-store")
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
            #expect(response.headers[.init("X-Frame-Options")!] == "DENY")
        }
    }

    @Test func aBodyThatIsNotUTF8IsRefused() async throws {
        try await withDaemon { client in
            var body = ByteBuffer(string: #"{"id": "shop", "root": {"navigation": ["Ho"#)
            body.writeBytes([0xFF, 0xFE])
            body.writeString(#"me"]}}"#)
            let response = try await client.execute(
                uri: "/api/sessions", method: .post, headers: [.contentType: "application/json"], body: body)
            #expect(response.status == .badRequest)
            #expect(text(response).contains("body: cannot be read: it is not UTF-8 text (line 1, column 43: byte 0xff)"))
        }
    }

    // MARK: - Unknown routes and methods

    @Test func aWrongMethodIs405WithAllow() async throws {
        try await withDaemon { client in
            let response = try await client.execute(uri: "/api/sessions", method: .put)
            #expect(response.status == .methodNotAllowed)
            #expect(response.headers[.allow] == "GET, HEAD, POST")
            #expect(text(response).contains("Method 'PUT' is not allowed on '/api/sessions': use GET, HEAD, POST"))
            let svg = try await client.execute(uri: "/api/sessions/shop/states/1.svg", method: .post)
            #expect(svg.status == .methodNotAllowed)
            #expect(svg.headers[.allow] == "GET, HEAD")
            // An event stream is GET only: a HEAD would open a stream no one reads.
            let stream = try await client.execute(uri: "/api/sessions/shop/events", method: .put)
            #expect(stream.headers[.allow] == "GET")
            // A session named `events` is no stream (a review).
            let named = try await client.execute(uri: "/api/sessions/events", method: .put)
            #expect(named.headers[.allow]?.contains("HEAD") == true)
        }
    }

    /// HEAD is GET without the body (RFC 9110 §9.3.2: `curl -I` and link checkers got 405, a trial), but for an event
    /// stream; the security checks hold for it as for GET.
    @Test func headIsGetWithoutTheBody() async throws {
        try await withDaemon { client in
            let page = try await client.execute(uri: "/", method: .head)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.body.readableBytes == 0)
            #expect(try await client.execute(uri: "/api/sessions", method: .head).status == .ok)
            for stream in ["/api/events", "/api/sessions/shop/events"] {
                let refused = try await client.execute(uri: stream, method: .head)
                #expect(refused.status == .methodNotAllowed)
                #expect(refused.headers[.allow] == "GET")
            }
            let elsewhere = try await client.execute(uri: "/api/sessions", method: .head, headers: [.init("Host")!: "evil.example"])
            #expect(elsewhere.status == .misdirectedRequest)
        }
    }

    @Test func anUnknownRouteIsAJSON404() async throws {
        try await withDaemon { client in
            let response = try await client.get("/api/nothing")
            #expect(response.status == .notFound)
            // Exactly this body: slashes are not escaped, and the type says JSON.
            #expect(text(response) == #"{"error":{"message":"No route 'GET /api/nothing': see docs/daemon.md for the API"}}"#)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
        }
    }

    // MARK: - Token

    /// The daemon proves it knows its token before the viewer sends it: HMAC-SHA256 of `navviz-proof:HOST:NONCE` (RFC 4231's
    /// second vector checks the HMAC). Another program holding the port cannot (a security review: a viewer tab
    /// reconnecting sent the token to whoever held the port after the daemon stopped).
    @Test func theDaemonProvesItKnowsItsToken() async throws {
        #expect(
            SHA256.hex(SHA256.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        let nonce = String(repeating: "ab", count: 16)
        try await withDaemon(ServeArguments(token: "s3cret")) { client in
            let proof = try await client.get("/api/proof?nonce=\(nonce)", headers: headers([("Host", "127.0.0.1:7381")]))
            #expect(proof.status == .ok)
            // Bound to the address of the daemon's page, whatever the request names, which the page checks against its own:
            // a program on the page's address that relays the request to another daemon with the same token gets that
            // daemon's address (security reviews relayed it to another port, then to the same port of [::1] naming
            // 127.0.0.1 in its Host, and were sent the token).
            let expected = SHA256.hex(SHA256.hmac(key: Array("s3cret".utf8), message: Array("navviz-proof:127.0.0.1:7381:\(nonce)".utf8)))
            #expect(text(proof) == #"{"proof":"\#(expected)"}"#)
            let named = try await client.get("/api/proof?nonce=\(nonce)", headers: headers([("Host", "[::1]:7381")]))
            #expect(text(named) == text(proof))
            // HEAD as GET (a review: it needed the token GET does not).
            let head = try await client.execute(
                uri: "/api/proof?nonce=\(nonce)", method: .head, headers: headers([("Host", "127.0.0.1:7381")]))
            #expect(head.status == .ok)
        }
        // A daemon on [::1] names [::1], even to a request naming 127.0.0.1.
        try await withDaemon(ServeArguments(host: "::1", token: "s3cret")) { client in
            let proof = try await client.get("/api/proof?nonce=\(nonce)", headers: headers([("Host", "127.0.0.1:7381")]))
            let expected = SHA256.hex(SHA256.hmac(key: Array("s3cret".utf8), message: Array("navviz-proof:[::1]:7381:\(nonce)".utf8)))
            #expect(text(proof) == #"{"proof":"\#(expected)"}"#)
            // (Fullwidth digits are no hex digits, though Swift's isHexDigit takes them: a security review.)
            for bad in ["short", String(repeating: "AB", count: 16), "", String(repeating: "%EF%BC%91", count: 32)] {
                let refused = try await client.get("/api/proof?nonce=\(bad)", headers: headers([("Host", "127.0.0.1:7381")]))
                #expect(refused.status == .badRequest)
            }
            // Twice, even with one good: refused, as every query parameter given twice is (it took the first, a security review).
            let twice = try await client.get(
                "/api/proof?nonce=\(nonce)&nonce=\(nonce.reversed().map(String.init).joined())",
                headers: headers([("Host", "127.0.0.1:7381")]))
            #expect(twice.status == .badRequest)
            #expect(
                text(twice).hasPrefix(#"{"error":{"message":"Invalid query parameter 'nonce' '\#(nonce), "#),
                "\(text(twice))")
            #expect(text(twice).hasSuffix(#"': expected it once, with 32 to 128 lower-case hex digits"}}"#))
            // Everything else still needs the token.
            #expect(try await client.get("/api/sessions").status == .unauthorized)
        }
        try await withDaemon { client in
            let withoutToken = try await client.get("/api/proof?nonce=\(nonce)")
            #expect(withoutToken.status == .notFound)
            // Saying why (it read "No route … see docs/daemon.md", a trial).
            #expect(
                text(withoutToken)
                    == #"{"error":{"message":"This navviz serve runs without a token, so it has no proof to give: send requests without "#
                    + #"'Authorization', or start it with NAVVIZ_TOKEN or --token-file"}}"#)
        }
    }

    /// A daemon proves for the address the connection reached, not for the `Host`: another user's program on `[::1]`
    /// that relayed the request to the daemon on `127.0.0.1` got a proof for `[::1]` and was sent the token, and one on
    /// `[::]` for a name resolving to IPv6 first (two reviews). Only its own wildcard is proved as named.
    @Test(arguments: [
        ("[::1]:7381", "127.0.0.1", "127.0.0.1:7381"),
        ("localhost:7381", "127.0.0.1", "127.0.0.1:7381"),
        ("127.0.0.1:7381", "::ffff:127.0.0.1", "127.0.0.1:7381"),
        ("127.0.0.1:7381", "::1", "[::1]:7381"),
        ("devbox.local", "192.168.1.5", "192.168.1.5:7381"),
        ("devbox.local:7381", "::1", "[::1]:7381"),
        ("0.0.0.0:7381", "127.0.0.1", "0.0.0.0:7381"),
    ])
    func aWildcardDaemonProvesForTheAddressReached(host: String, local: String, proves: String) throws {
        let address = try SocketAddress(ipAddress: local, port: 7381)
        #expect(BearerTokenMiddleware<DaemonRequestContext>.proofAddress(requested: host, local: address, listening: "0.0.0.0") == proves)
    }

    /// The daemon, the Swift client and the LLDB script name an address alike: IPv4 as is, IPv4-mapped IPv6 as IPv4,
    /// IPv6 in brackets and lower case.
    @Test(arguments: [
        ("127.0.0.1", "127.0.0.1:7381"), ("::ffff:127.0.0.1", "127.0.0.1:7381"), ("::FFFF:10.0.0.2", "10.0.0.2:7381"),
        ("::1", "[::1]:7381"), ("FE80::1", "[fe80::1]:7381"), ("::ffff:abcd", "[::ffff:abcd]:7381"),
    ])
    func aProofNamesAnAddressOneWay(ip: String, named: String) {
        #expect(SHA256.proofAddress(ip: ip, port: 7381) == named)
    }

    @Test(arguments: ["Bearer s3cret", "bearer s3cret", "BEARER s3cret"])
    func theBearerSchemeIsCaseInsensitive(header: String) async throws {
        try await withDaemon(ServeArguments(token: "s3cret")) { client in
            let response = try await client.get("/api/sessions", headers: headers([("Authorization", header)]))
            #expect(response.status == .ok)
        }
    }
}
