#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The other loopback address of a daemon's port, held so that no other program listens there.
///
/// `localhost` is both 127.0.0.1 and ::1, and most clients try `::1` first: a daemon listening on 127.0.0.1 alone left
/// `[::1]:PORT` free for another user's program, which then received what the docs' `curl localhost:PORT` sent, the
/// `Authorization` header included (a security review). The daemon binds the sibling address without listening on it:
/// a connection there is refused at once, and the client goes on to the address the daemon serves.
public enum LoopbackSibling {
    /// What holding the sibling address came to.
    public enum Outcome: Equatable, Sendable {
        /// Held (the socket stays open as long as the process runs).
        case held(address: String)
        /// Another program has it: what `localhost` reaches there is not navviz.
        case taken(address: String)
        /// Not held: no such address on this machine (no IPv6), or the host is not a loopback address with a sibling.
        case none
    }

    /// Holds `[::1]:port` for a daemon on an IPv4 loopback address, `127.0.0.1:port` for one on `::1`.
    public static func hold(besides host: String, port: Int) -> Outcome {
        let lower = host.lowercased()
        guard (1...65535).contains(port) else { return .none }
        if lower == "::1" || lower == "[::1]" { return reserve(ipv6: false, port: port) }
        if ServeArguments.dottedQuad(lower)?.first == "127" { return reserve(ipv6: true, port: port) }
        return .none
    }

    /// Binds, without listening and without `SO_REUSEADDR` (which would let another socket bind beside one not listening),
    /// the loopback address of the family.
    static func reserve(ipv6: Bool, port: Int) -> Outcome {
        let address = ipv6 ? "[::1]:\(port)" : "127.0.0.1:\(port)"
        #if os(Linux)
            let fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
            let fd = socket(ipv6 ? AF_INET6 : AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return .none }
        var result: Int32
        if ipv6 {
            var only: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &only, socklen_t(MemoryLayout<Int32>.size))
            var sin6 = sockaddr_in6()
            sin6.sin6_family = sa_family_t(AF_INET6)
            sin6.sin6_port = in_port_t(UInt16(port).bigEndian)
            sin6.sin6_addr = in6addr_loopback
            result = withUnsafePointer(to: &sin6) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var sin = sockaddr_in()
            sin.sin_family = sa_family_t(AF_INET)
            sin.sin_port = in_port_t(UInt16(port).bigEndian)
            sin.sin_addr = in_addr(s_addr: in_addr_t(0x7F00_0001).bigEndian)
            result = withUnsafePointer(to: &sin) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard result == 0 else {
            let error = errno
            close(fd)
            return error == EADDRINUSE ? .taken(address: address) : .none
        }
        return .held(address: address)
    }
}
