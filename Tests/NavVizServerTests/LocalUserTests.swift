import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import NavVizTestSupport
import Testing

@testable import NavVizServer

#if canImport(Glibc)
    import Glibc
#endif

/// Without a token the daemon answers only its own user: on a shared machine every local user can reach
/// 127.0.0.1, so the client socket's owner is looked up in the kernel's socket tables.
@Suite struct LocalUserTests {
    static let v4Loopback = [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF, 127, 0, 0, 1]
    static let v6Loopback = [UInt8](repeating: 0, count: 15) + [1]

    /// Rows of `/proc/net/tcp` and `tcp6` as Linux prints them (addresses in the machine's byte order); IPv4
    /// addresses come out mapped, so an IPv6 socket's view of an IPv4 peer compares equal.
    @Test(arguments: [
        (
            "   1: 0100007F:D2F0 0100007F:1CD5 01 00000000:00000000 00:00000000 00000000  1001        0 5551 1 0",
            v4Loopback, 0xD2F0, v4Loopback, 7381, 1001
        ),
        (
            "   0: 00000000000000000000000001000000:A1B2 00000000000000000000000001000000:1CD5 01 00000000:00000000 00:00000000 00000000     0        0 77 1",
            v6Loopback, 0xA1B2, v6Loopback, 7381, 0
        ),
        (
            "   0: 0000000000000000FFFF00000100007F:A1B2 0000000000000000FFFF00000100007F:1CD5 01 00000000:00000000 00:00000000 00000000  1002        0 78 1",
            v4Loopback, 0xA1B2, v4Loopback, 7381, 1002
        ),
    ])
    func aSocketTableRowGivesBothEndsAndTheOwner(
        line: String, local: [UInt8], localPort: Int, remote: [UInt8], remotePort: Int, uid: UInt32
    ) throws {
        let header = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"
        let row = try #require(LoopbackPeer.rows(header + line + "\n").first)
        #expect([row.local, row.remote] == [local, remote])
        #expect(row.localPort == localPort && row.remotePort == remotePort)
        #expect(row.uid == uid)
    }

    /// A socket in TIME_WAIT and an orphan (inode 0) are listed as root's: neither may vouch for a connection.
    @Test func timeWaitAndOrphanSocketsAreNotOwners() {
        let text = """
              sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
               0: 0100007F:D2F0 0100007F:1CD5 06 00000000:00000000 03:00000000 00000000     0        0 0 3
               1: 0100007F:D2F1 0100007F:1CD5 05 00000000:00000000 00:00000000 00000000     0        0 0 1
               2: garbage
            """
        #expect(LoopbackPeer.rows(text).isEmpty)
    }

    /// The owners of a port's listeners, IPv4 (`0.0.0.0` peer) and IPv6 (`[::]` peer), and not of another port's (a review:
    /// root's sshd on `[::]:22` was said to hold every port), nor of a connection to the port.
    @Test func aPortsListenersAreItsOwners() {
        let v4 = """
              sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
               0: 0100007F:1CD5 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1001        0 5551 1 0
               1: 0100007F:D2F0 0100007F:1CD5 01 00000000:00000000 00:00000000 00000000  1002        0 5552 1 0
            """
        let v6 = """
              sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
               0: 00000000000000000000000000000000:0016 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 77 1
               1: 00000000000000000000000001000000:1CD5 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1003        0 78 1
            """
        #expect(LoopbackPeer.listeners(port: 7381, tables: [v4, v6]) == [1001, 1003])
        #expect(LoopbackPeer.listeners(port: 22, tables: [v4, v6]) == [0])
        #expect(LoopbackPeer.listeners(port: 0xD2F0, tables: [v4, v6]).isEmpty)
        #expect(LoopbackPeer.listeners(port: 9999, tables: [v4, v6]).isEmpty)
    }

    /// The tables are read once per connection: later requests on a kept-alive connection are already vouched for,
    /// and a closed connection is forgotten. Another user is refused, on the wire.
    @Test func aConnectionIsTracedOnceAndForgottenWhenItCloses() async throws {
        final class Counter: @unchecked Sendable {
            let lock = NSLock()
            var calls = 0
            var uid: UInt32 = 501
            func next(_ uid: UInt32) -> LoopbackPeer.Owner {
                lock.withLock {
                    calls += 1; return .user(uid)
                }
            }
        }
        let counter = Counter()
        var middleware = LocalUserMiddleware(user: 501)
        middleware.owner = { _, _ in counter.next(counter.lock.withLock { counter.uid }) }
        let vouched = middleware.vouched
        let router = Router(context: DaemonRequestContext.self)
        router.add(middleware: middleware)
        router.get("/ping") { _, _ in "pong" }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            for _ in 0..<3 {
                let response = try await client.execute(uri: "/ping", method: .get)
                #expect(response.status == .ok)
            }
        }
        #expect(counter.calls == 1)
        #expect(vouched.count == 0)
        counter.lock.withLock { counter.uid = 502 }
        try await app.test(.live) { client in
            let refused = try await client.execute(uri: "/ping", method: .get)
            #expect(refused.status == .forbidden)
            #expect(String(buffer: refused.body).contains("another user's process (uid 502)"))
        }
    }

    #if canImport(Glibc)
        /// Sends `text` on a new connection to 127.0.0.1:`port` and reads until the daemon closes it (or 5 s pass):
        /// what came back, and whether the connection was closed. The blocking socket calls run on a thread of their
        /// own: on the cooperative pool (two threads here) they would starve the server's tasks.
        static func exchange(port: Int, _ text: String, from source: String = "127.0.0.1") async -> (text: String, closed: Bool) {
            await withCheckedContinuation { continuation in
                Thread { continuation.resume(returning: blockingExchange(port: port, text, from: source)) }.start()
            }
        }

        static func blockingExchange(port: Int, _ text: String, from source: String = "127.0.0.1") -> (text: String, closed: Bool) {
            guard let fd = connectOnly(port: port, from: source) else {
                Issue.record("cannot connect to port \(port) from \(source)")
                return ("", false)
            }
            defer { close(fd) }
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            if !text.isEmpty { _ = text.withCString { send(fd, $0, strlen($0), 0) } }
            var received = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(fd, &buffer, buffer.count, 0)
                if count <= 0 { return (String(decoding: received, as: UTF8.self), count == 0) }
                received += buffer[..<count]
            }
        }

        /// A refused connection is closed after the answer, without waiting for the body it announced: a client
        /// trickling a body a byte at a time held connections open without limit (a security review starved the
        /// daemon of file descriptors so, as another user, and without the token as a 401); so is a request no route takes
        /// that announced a body (a `POST /x` without the token, answered 404, held its connection while the body trickled).
        /// So is a `GET` that announces a body (the viewer's page, which needs no token, answered 200 while a body trickled
        /// into it a byte at a time, a security review).
        @Test(arguments: ["other user", "no token", "no route", "GET with a body"])
        func aRefusedConnectionIsClosedWithoutReadingItsBody(refusal: String) async throws {
            let router = Router(context: DaemonRequestContext.self)
            let routes = RouteIndex()
            if refusal == "GET with a body" {
                router.add(middleware: LoopbackGuardMiddleware(policy: OriginPolicy(host: "127.0.0.1", port: 0)))
                router.get("/") { _, _ in "viewer" }
            } else if refusal == "no route" {
                router.add(middleware: UnknownRouteMiddleware(index: routes))
            } else if refusal == "other user" {
                var middleware = LocalUserMiddleware(user: 501)
                middleware.owner = { _, _ in .user(502) }
                router.add(middleware: middleware)
            } else {
                router.add(
                    middleware: BearerTokenMiddleware<DaemonRequestContext>(
                        token: "secret", policy: OriginPolicy(host: "127.0.0.1", port: 0)))
            }
            router.post("/api/sessions") { _, _ in "created" }
            routes.record([(.post, "/api/sessions")])
            let app = Application(
                router: router, server: .http1(configuration: .init(additionalChannelHandlers: [AnswersInOrder()])),
                configuration: .init(address: .hostname("127.0.0.1", port: 0)))
            try await app.test(.live) { client in
                let port = try #require(client.port)
                let path = refusal == "no route" ? "/x" : refusal == "GET with a body" ? "/" : "/api/sessions"
                let method = refusal == "GET with a body" ? "GET" : "POST"
                let (text, closed) = await Self.exchange(
                    port: port, "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n{")
                // The answer, then the end of the stream: not a wait for the 99,999 bytes still announced.
                #expect(closed, "the connection was not closed")
                let status = [
                    "other user": "403 Forbidden", "no token": "401 Unauthorized", "no route": "404 Not Found",
                    "GET with a body": "400 Bad Request",
                ][refusal]!
                #expect(text.hasPrefix("HTTP/1.1 \(status)"))
                #expect(text.lowercased().contains("connection: close"))
                // One answer only: cutting the body short must not draw a second one (it drew a 400).
                #expect(text.components(separatedBy: "HTTP/1.1 ").count == 2, "\(text)")
            }
        }

        /// A last answer a client does not read is cut after the limit: its write never finished, and the connection was held
        /// until the client went (a review).
        @Test func aLastAnswerNoOneReadsIsCut() async throws {
            let router = Router(context: DaemonRequestContext.self)
            let size = 64 << 20
            router.get("/big") { _, _ in Response(status: .ok, body: .init(byteBuffer: ByteBuffer(repeating: 0x61, count: size))) }
            let app = Application(
                router: router,
                server: .http1(configuration: .init(additionalChannelHandlers: [AnswersInOrder(lastWriteLimit: .milliseconds(300))])),
                configuration: .init(address: .hostname("127.0.0.1", port: 0)))
            try await app.test(.live) { client in
                let port = try #require(client.port)
                let result = try await RawConnection.run(port: port) { connection in
                    connection.send("GET /big HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                    // Nothing read while the limit passes: the kernel's buffers fill, and the write stops.
                    Thread.sleep(forTimeInterval: 1.5)
                    return connection.readToEnd(timeout: 10)
                }
                #expect(result.text.hasPrefix("HTTP/1.1 200 OK"))
                #expect(result.text.utf8.count < size, "the whole answer arrived: nothing was cut")
            }
        }

        /// With a token, another user may hold at most `ConnectionQuota.limit` connections at once; the daemon's user any
        /// number (a security review held 1,100 idle ones from another account and locked the owner out).
        @Test func anotherUserHoldsAFewConnectionsAtMost() async throws {
            // The other user's connections come from 127.0.0.2; the test client's own (and the daemon user's) from 127.0.0.1.
            let other = UInt32(geteuid()) &+ 1
            let counts = ConnectionQuota.Counts()
            let router = Router(context: DaemonRequestContext.self)
            router.get("/ping") { _, _ in "pong" }
            let app = Application(
                router: router,
                server: .http1(
                    configuration: .init(additionalChannelHandlers: [
                        ConnectionQuota(
                            user: UInt32(geteuid()), counts: counts,
                            owner: { client, _ in
                                switch client.ipAddress {
                                case "127.0.0.2": .user(other)
                                case "127.0.0.3", "127.0.0.4": .unknown  // as other machines' connections on a network address
                                default: .user(UInt32(geteuid()))
                                }
                            })
                    ])),
                configuration: .init(address: .hostname("127.0.0.1", port: 0)))
            try await app.test(.live) { client in
                let port = try #require(client.port)
                let ping = "GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                /// What `holder` holds once the daemon has seen its connections open or close (under load, a moment later).
                func settled(_ holder: ConnectionQuota.Holder, at expected: Int) async throws -> Int {
                    var open = counts.count(holder)
                    for _ in 0..<50 where open != expected {
                        try await Task.sleep(for: .milliseconds(100))
                        open = counts.count(holder)
                    }
                    return open
                }
                // The limit's worth of idle connections is held; one more is closed before it says anything.
                var held: [Int32] = []
                defer { for fd in held { close(fd) } }
                for _ in 0..<ConnectionQuota.limit { held.append(try #require(Self.connectOnly(port: port, from: "127.0.0.2"))) }
                #expect(try await settled(.user(other), at: ConnectionQuota.limit) == ConnectionQuota.limit)
                let (text, closed) = await Self.exchange(port: port, "", from: "127.0.0.2")
                #expect(closed && text.isEmpty)
                // The daemon's own user is not counted, and a peer no user is found for counts by its address, not with
                // every other such peer (a re-review: 16 idle sockets from one machine locked out every other).
                #expect(await Self.exchange(port: port, ping).text.hasPrefix("HTTP/1.1 200 OK"))
                var machine: [Int32] = []
                defer { for fd in machine { close(fd) } }
                for _ in 0..<ConnectionQuota.limit { machine.append(try #require(Self.connectOnly(port: port, from: "127.0.0.3"))) }
                let machineHolder = ConnectionQuota.holder(
                    bytes: try #require(LoopbackPeer.bytes(try SocketAddress(ipAddress: "127.0.0.3", port: 1))))
                #expect(try await settled(machineHolder, at: ConnectionQuota.limit) == ConnectionQuota.limit)
                #expect(await Self.exchange(port: port, ping, from: "127.0.0.4").text.hasPrefix("HTTP/1.1 200 OK"))
                // Closed, they are counted out (the daemon sees each close), and the other user's come in again.
                for fd in held { close(fd) }
                held = []
                #expect(try await settled(.user(other), at: 0) == 0)
                #expect(await Self.exchange(port: port, ping, from: "127.0.0.2").text.hasPrefix("HTTP/1.1 200 OK"))
            }
        }

        /// A socket connected from `source` that sends nothing; nil when it did not connect.
        static func connectOnly(port: Int, from source: String = "127.0.0.1") -> Int32? {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0, connected == 0 else {
                close(fd)
                return nil
            }
            return fd
        }

        /// Another user's connection is closed as soon as it is accepted, before it sends anything: idle connections
        /// were held until the idle timeout, and reopened, keeping the daemon's files busy (a security review).
        @Test func anotherUsersConnectionIsClosedAtOnce() async throws {
            for (user, closes) in [(UInt32(geteuid()) &+ 1, true), (UInt32(geteuid()), false)] {
                // The middleware behind the gate does not read the tables again for a connection the gate traced.
                final class Calls: @unchecked Sendable {
                    let lock = NSLock()
                    var count = 0
                }
                let calls = Calls()
                var middleware = LocalUserMiddleware(user: user)
                middleware.owner = { _, _ in
                    calls.lock.withLock { calls.count += 1 }
                    return .user(user)
                }
                let vouched = middleware.vouched
                let router = Router(context: DaemonRequestContext.self)
                router.add(middleware: middleware)
                router.get("/ping") { _, _ in "pong" }
                let app = Application(
                    router: router,
                    server: .http1(configuration: .init(additionalChannelHandlers: [OtherUserGate(user: user, vouched: vouched)])),
                    configuration: .init(address: .hostname("127.0.0.1", port: 0)))
                try await app.test(.live) { client in
                    let port = try #require(client.port)
                    if closes {
                        let (text, closed) = await Self.exchange(port: port, "")
                        #expect(closed && text.isEmpty)
                    } else {
                        let (text, _) = await Self.exchange(
                            port: port, "GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                        #expect(text.hasPrefix("HTTP/1.1 200 OK"))
                        #expect(calls.lock.withLock { calls.count } == 0)
                    }
                }
            }
        }
    #endif

    #if os(Linux)
        /// A real loopback connection made by this process is found, and owned by this process's user.
        @Test func theOwnerOfALiveLoopbackConnectionIsFound() throws {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(listener) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var size = socklen_t(MemoryLayout<sockaddr_in>.size)
            withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = bind(listener, $0, size) } }
            #expect(listen(listener, 1) == 0)
            withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(listener, $0, &size) }
            }
            let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(client) }
            let clientAddress = try #require(Self.connect(client, to: address))
            let server = try SocketAddress(ipAddress: "127.0.0.1", port: Int(UInt16(bigEndian: address.sin_port)))
            let peer = try SocketAddress(ipAddress: "127.0.0.1", port: Int(UInt16(bigEndian: clientAddress.sin_port)))
            #expect(LoopbackPeer.owner(client: peer, server: server) == .user(UInt32(geteuid())))
            // A connection that does not exist is not vouched for.
            #expect(LoopbackPeer.owner(client: try SocketAddress(ipAddress: "127.0.0.1", port: 9), server: server) == .unknown)
            // An IPv6 socket reaching the IPv4 listener through a mapped address is found too (it is listed in tcp6).
            let client6 = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(client6) }
            var target = sockaddr_in6()
            target.sin6_family = sa_family_t(AF_INET6)
            target.sin6_port = address.sin_port
            #expect(inet_pton(AF_INET6, "::ffff:127.0.0.1", &target.sin6_addr) == 1)
            let name6 = try #require(Self.connect(client6, to: target))
            let mappedPeer = try SocketAddress(ipAddress: "127.0.0.1", port: Int(UInt16(bigEndian: name6.sin6_port)))
            #expect(LoopbackPeer.owner(client: mappedPeer, server: server) == .user(UInt32(geteuid())))
            // The kernel answers for the one socket (sock_diag), not through the tables: another user who grows them cannot
            // slow the lookup, nor hide the row from a reading (a security review: 1.8 s a connection, and refusals).
            let serverBytes = try #require(LoopbackPeer.bytes(server))
            for peer in [peer, mappedPeer] {
                let bytes = try #require(LoopbackPeer.bytes(peer))
                #expect(
                    SocketDiagnostics.owner(client: (bytes, try #require(peer.port)), server: (serverBytes, try #require(server.port)))
                        == .user(UInt32(geteuid())))
            }
            let nobody = try #require(LoopbackPeer.bytes(try SocketAddress(ipAddress: "127.0.0.1", port: 9)))
            #expect(SocketDiagnostics.owner(client: (nobody, 9), server: (serverBytes, try #require(server.port))) == .unknown)
            // A client that connected and closed before it was accepted: an orphan the kernel lists as root's, no one's (a
            // review: it passed as root's, and a daemon run as root took its request).
            let backlog = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(backlog) }
            var second = sockaddr_in()
            second.sin_family = sa_family_t(AF_INET)
            second.sin_addr.s_addr = inet_addr("127.0.0.1")
            withUnsafePointer(to: &second) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = bind(backlog, $0, size) } }
            #expect(listen(backlog, 8) == 0)
            withUnsafeMutablePointer(to: &second) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(backlog, $0, &size) }
            }
            let closing = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            let closed = try #require(Self.connect(closing, to: second))
            close(closing)
            let closedPort = Int(UInt16(bigEndian: closed.sin_port))
            let closedBytes = try #require(LoopbackPeer.bytes(try SocketAddress(ipAddress: "127.0.0.1", port: closedPort)))
            let secondBytes = try #require(
                LoopbackPeer.bytes(try SocketAddress(ipAddress: "127.0.0.1", port: Int(UInt16(bigEndian: second.sin_port)))))
            #expect(
                SocketDiagnostics.owner(client: (closedBytes, closedPort), server: (secondBytes, Int(UInt16(bigEndian: second.sin_port))))
                    == .unknown)
        }

        /// Connects a socket to `target` (a `sockaddr_in` or `sockaddr_in6`); the socket's own address, or nil
        /// when it did not connect.
        static func connect<Address>(_ socket: Int32, to target: Address) -> Address? {
            var target = target
            let connected = withUnsafePointer(to: &target) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<Address>.size)) }
            }
            guard connected == 0 else { return nil }
            var local = target
            var size = socklen_t(MemoryLayout<Address>.size)
            withUnsafeMutablePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(socket, $0, &size) }
            }
            return local
        }

        /// Another user's process that resets each connection right after sending its request writes nothing: its
        /// connections' addresses cannot be read (ENOTCONN), and such a connection was let through unchecked (a security
        /// review made 36 of 100 sessions, and deleted a session with its journal, this way).
        @Test(
            .enabled(
                if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
                    && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
        func anotherUsersResetConnectionsWriteNothing() throws {
            let daemon = try DaemonProcess(["--memory"])
            defer { daemon.stop(SIGTERM) }
            let blind = """
                import socket, struct, sys
                port = int(sys.argv[1])
                body = b'{"name": "Injected", "root": {"navigation": ["Home"]}}'
                for i in range(150):
                    s = socket.socket()
                    s.connect(("127.0.0.1", port))
                    s.sendall(b"POST /api/sessions HTTP/1.1\\r\\nHost: 127.0.0.1:%d\\r\\nContent-Type: application/json\\r\\n"
                              b"Content-Length: %d\\r\\n\\r\\n" % (port, len(body)) + body)
                    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    s.close()
                """
            _ = try runProgram(
                URL(fileURLWithPath: "/usr/bin/setpriv"),
                ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", blind, "\(daemon.port)"],
                in: FileManager.default.temporaryDirectory)
            #expect(try Self.sessionsNamed("Injected", port: daemon.port) == 0)
        }

        /// How many of the daemon's sessions have a name holding `name`, as its user lists them.
        static func sessionsNamed(_ name: String, port: Int) throws -> Int {
            let sessions = try runProgram(
                URL(fileURLWithPath: "/usr/bin/curl"), ["-s", "http://127.0.0.1:\(port)/api/sessions"],
                in: FileManager.default.temporaryDirectory)
            #expect(sessions.stdout.hasPrefix("{\"sessions\":"))
            return sessions.stdout.components(separatedBy: name).count - 1
        }

        /// The same reset, with a process of the daemon's user connecting from the same port at once: the owner lookup
        /// finds that socket, so the daemon's own end must still be connected for the connection to be vouched for (a
        /// security re-review won 42 to 198 of 300 tries so). Needs root (to act as nobody) and python3.
        @Test(.enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
        func aResetConnectionIsNotVouchedForByASocketThatTookItsPort() throws {
            let daemon = try DaemonProcess(["--memory"])
            defer { daemon.stop(SIGTERM) }
            let race = """
                import json, os, socket, struct, sys, time
                port, base = int(sys.argv[1]), 46000 + os.getpid() % 1000 * 10
                r, w = os.pipe()
                pid = os.fork()
                if pid == 0:
                    os.close(r); os.setgroups([]); os.setgid(65534); os.setuid(65534)
                    for i in range(150):
                        body = json.dumps({"name": "Race%d" % i}).encode()
                        s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                        try:
                            s.bind(("127.0.0.1", base + i % 10)); s.connect(("127.0.0.1", port))
                        except OSError:
                            s.close(); continue
                        s.sendall(b"POST /api/sessions HTTP/1.1\\r\\nHost: 127.0.0.1:%d\\r\\nContent-Type: application/json\\r\\n"
                                  b"Content-Length: %d\\r\\n\\r\\n" % (port, len(body)) + body)
                        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0)); s.close()
                        os.write(w, struct.pack("i", base + i % 10))
                        time.sleep(0.02)
                    os._exit(0)
                os.close(w)
                held = []
                while True:
                    data = os.read(r, 4)
                    if not data: break
                    s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                    try:
                        s.bind(("127.0.0.1", struct.unpack("i", data)[0])); s.connect(("127.0.0.1", port))
                    except OSError:
                        s.close(); continue
                    held.append(s)
                    time.sleep(0.01)
                    s.close()
                os.waitpid(pid, 0)
                """
            _ = try runProgram(
                URL(fileURLWithPath: "/usr/bin/python3"), ["-c", race, "\(daemon.port)"], in: FileManager.default.temporaryDirectory)
            #expect(try Self.sessionsNamed("Race", port: daemon.port) == 0)
        }

        /// Another user's process (`setpriv` to nobody; needs root) is disconnected as soon as it connects, and the daemon
        /// says so once; with a token too, even one they hold (a security review read one from `ps`, and guessed a short
        /// one from the proof); with `--allow-other-users` and the token, the token decides.
        @Test(.enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
        func anotherUsersProcessIsRefusedWithoutAToken() throws {
            func curl(_ port: Int, _ headers: [String] = []) throws -> Outcome {
                try runProgram(
                    URL(fileURLWithPath: "/usr/bin/setpriv"),
                    ["--reuid=65534", "--regid=65534", "--clear-groups", "curl", "-s", "-w", "\n%{http_code}"]
                        + headers.flatMap { ["-H", $0] } + ["http://127.0.0.1:\(port)/api/sessions"],
                    in: FileManager.default.temporaryDirectory)
            }
            let daemon = try DaemonProcess(["--memory"])
            defer { daemon.stop(SIGTERM) }
            let refused = try curl(daemon.port)
            #expect(refused.stdout == "\n000")
            _ = try curl(daemon.port)
            #expect(
                daemon.log.components(
                    separatedBy:
                        "Closing connections from another user's process (uid 65534): navviz serve answers only the user who started it; start it with a token and --allow-other-users to let others in"
                ).count == 2)
            let withToken = try DaemonProcess(["--memory", "--token", "s3cret"])
            defer { withToken.stop(SIGTERM) }
            #expect(try curl(withToken.port, ["Authorization: Bearer s3cret"]).stdout == "\n000")
            // Let in, they need a token a guess does not find (16 characters or more).
            let opened = try DaemonProcess(["--memory", "--token", "s3cret-for-others-0417", "--allow-other-users"])
            defer { opened.stop(SIGTERM) }
            #expect(try curl(opened.port, ["Authorization: Bearer s3cret-for-others-0417"]).stdout.hasSuffix("\n200"))
            #expect(try curl(opened.port).stdout.hasSuffix("\n401"))
        }
    #endif
}
