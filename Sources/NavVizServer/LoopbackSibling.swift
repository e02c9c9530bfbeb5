#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The loopback addresses of a daemon's port that `localhost` may reach and the daemon does not listen on, held so that no
/// other program listens there.
///
/// `localhost` is both 127.0.0.1 and ::1, and many clients try `::1` first: a daemon listening on 127.0.0.1 alone left
/// `[::1]:PORT` free for another user's program, which then received what the docs' `curl localhost:PORT` sent, the
/// `Authorization` header included (a security review). The daemon binds those addresses without listening on them: a
/// connection there is refused at once, and the client goes on to the next address `localhost` has, or to the one the daemon
/// prints.
public enum LoopbackSibling {
    /// What holding one address came to.
    public enum Outcome: Equatable, Sendable {
        /// Held (the socket stays open as long as the process runs).
        case held(address: String)
        /// Another program listens there: what `localhost` reaches there is not navviz.
        case taken(address: String)
        /// In use, nothing listening (a connection of the port's waiting out its close, or a socket bound there): worth
        /// trying again.
        case inUse(address: String)
    }

    /// The addresses `localhost` has besides `host`'s, for a daemon on a loopback address: `[::1]` beside 127.0.0.1,
    /// 127.0.0.1 beside `::1`, both beside another 127.x address; `[::1]` beside IPv4's wildcard `0.0.0.0`, which reaches
    /// 127.0.0.1 (a security review: another user listening on `[::1]` got the token a browser sent to `localhost`).
    /// (True: IPv6.)
    public static func siblings(of host: String) -> [Bool] {
        let lower = host.lowercased()
        if lower == "::1" || lower == "[::1]" { return [false] }
        if lower == "0.0.0.0" { return [true] }
        guard let quad = ServeArguments.dottedQuad(lower), quad.first == "127" else { return [] }
        return quad.map(String.init) == ["127", "0", "0", "1"] ? [true] : [true, false]
    }

    /// Holds each of `siblings(of: host)` on `port`; an address this machine does not have (no IPv6) is left out.
    public static func hold(besides host: String, port: Int) -> [Outcome] {
        guard (1...65535).contains(port) else { return [] }
        return siblings(of: host).compactMap { reserve(ipv6: $0, port: port) }
    }

    /// `[::1]:PORT` or `127.0.0.1:PORT`.
    public static func address(ipv6: Bool, port: Int) -> String { ipv6 ? "[::1]:\(port)" : "127.0.0.1:\(port)" }

    /// Binds, without listening and without `SO_REUSEADDR` (with which another socket could bind beside one not listening),
    /// the loopback address of the family; nil when the machine has no such address.
    public static func reserve(ipv6: Bool, port: Int) -> Outcome? {
        let shown = address(ipv6: ipv6, port: port)
        guard let fd = socket(ipv6: ipv6) else { return nil }
        if ipv6 {
            var only: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &only, socklen_t(MemoryLayout<Int32>.size))
        }
        let result = withLoopback(ipv6: ipv6, port: port) { bind(fd, $0, $1) }
        guard result == 0 else {
            let error = errno
            close(fd)
            guard error == EADDRINUSE else { return nil }
            return isListening(ipv6: ipv6, port: port) ? .taken(address: shown) : .inUse(address: shown)
        }
        return .held(address: shown)
    }

    /// Whether a program accepts connections on the loopback address of the family.
    static func isListening(ipv6: Bool, port: Int) -> Bool {
        guard let fd = socket(ipv6: ipv6) else { return false }
        defer { close(fd) }
        return withLoopback(ipv6: ipv6, port: port) { connect(fd, $0, $1) } == 0
    }

    /// A TCP socket of the family, closed on exec (render workers must not inherit it).
    private static func socket(ipv6: Bool) -> Int32? {
        #if os(Linux)
            let fd = Glibc.socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
            let fd = Darwin.socket(ipv6 ? AF_INET6 : AF_INET, SOCK_STREAM, 0)
            if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        #endif
        return fd >= 0 ? fd : nil
    }

    /// Calls `body` with the loopback address of the family on `port`.
    private static func withLoopback(ipv6: Bool, port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        if ipv6 {
            var sin6 = sockaddr_in6()
            sin6.sin6_family = sa_family_t(AF_INET6)
            sin6.sin6_port = in_port_t(UInt16(port).bigEndian)
            sin6.sin6_addr = in6addr_loopback
            return withUnsafePointer(to: &sin6) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        }
        var sin = sockaddr_in()
        sin.sin_family = sa_family_t(AF_INET)
        sin.sin_port = in_port_t(UInt16(port).bigEndian)
        sin.sin_addr = in_addr(s_addr: in_addr_t(0x7F00_0001).bigEndian)
        return withUnsafePointer(to: &sin) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
}
