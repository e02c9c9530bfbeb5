import Testing

@testable import NavVizServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A daemon on one loopback address holds the other one of its port (`LoopbackSibling`).
@Suite struct LoopbackSiblingTests {
    /// A socket of the family bound to its loopback address, and the port (0: one the kernel picks); nil when the machine
    /// has no such address.
    /// `intruder`: with `SO_REUSEADDR` and `SO_REUSEPORT`, as a program that means to share the address would bind.
    static func bound(ipv6: Bool, port: Int = 0, intruder: Bool = false) -> (fd: Int32, port: Int)? {
        let fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        if intruder {
            var on: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
            setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result: Int32 = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                if ipv6 {
                    var sin6 = sockaddr_in6()
                    sin6.sin6_family = sa_family_t(AF_INET6)
                    sin6.sin6_port = in_port_t(UInt16(port).bigEndian)
                    sin6.sin6_addr = in6addr_loopback
                    let bound = withUnsafePointer(to: &sin6) {
                        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
                    }
                    return bound == 0 ? getsockname(fd, address, &length) : bound
                }
                var sin = sockaddr_in()
                sin.sin_family = sa_family_t(AF_INET)
                sin.sin_port = in_port_t(UInt16(port).bigEndian)
                sin.sin_addr = in_addr(s_addr: in_addr_t(0x7F00_0001).bigEndian)
                let bound = withUnsafePointer(to: &sin) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                }
                return bound == 0 ? getsockname(fd, address, &length) : bound
            }
        }
        guard result == 0 else {
            close(fd)
            return nil
        }
        let port = withUnsafePointer(to: &storage) { pointer in
            ipv6
                ? pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
                : pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
        return (fd, port)
    }

    /// Beside 127.0.0.1, [::1] of the port is held: nothing else may bind it, even meaning to share it (a security review's
    /// other user listened there and received what `curl localhost:PORT` sent), a connection there is refused, and a second
    /// daemon's attempt reads as in use (nothing listens).
    @Test func theIPv6LoopbackOfThePortIsHeld() throws {
        guard let probe = Self.bound(ipv6: true) else { return }  // No IPv6 loopback here: nothing to hold.
        close(probe.fd)
        let daemon = try #require(Self.bound(ipv6: false))
        defer { close(daemon.fd) }
        #expect(LoopbackSibling.hold(besides: "127.0.0.1", port: daemon.port) == [.held(address: "[::1]:\(daemon.port)")])
        #expect(Self.bound(ipv6: true, port: daemon.port) == nil)
        #expect(Self.bound(ipv6: true, port: daemon.port, intruder: true) == nil)
        #expect(!LoopbackSibling.isListening(ipv6: true, port: daemon.port))
        #expect(LoopbackSibling.hold(besides: "127.0.0.1", port: daemon.port) == [.inUse(address: "[::1]:\(daemon.port)")])
    }

    /// Beside ::1, 127.0.0.1 of the port; beside another 127.x address, both.
    @Test func theIPv4LoopbackOfThePortIsHeldBesideIPv6() throws {
        guard let daemon = Self.bound(ipv6: true) else { return }
        defer { close(daemon.fd) }
        #expect(LoopbackSibling.hold(besides: "[::1]", port: daemon.port) == [.held(address: "127.0.0.1:\(daemon.port)")])
        #expect(Self.bound(ipv6: false, port: daemon.port, intruder: true) == nil)
        #expect(LoopbackSibling.siblings(of: "127.0.0.2") == [true, false])
        #expect(LoopbackSibling.siblings(of: "127.0.0.1") == [true])
    }

    /// A sibling another program listens on is taken; one merely bound is in use (worth trying again), not said taken (a
    /// review's warning named a listener that was not there).
    @Test func aSiblingAnotherProgramListensOnIsTaken() throws {
        guard let other = Self.bound(ipv6: true) else { return }
        defer { close(other.fd) }
        #expect(LoopbackSibling.hold(besides: "127.0.0.1", port: other.port) == [.inUse(address: "[::1]:\(other.port)")])
        #expect(listen(other.fd, 1) == 0)
        #expect(LoopbackSibling.hold(besides: "127.0.0.1", port: other.port) == [.taken(address: "[::1]:\(other.port)")])
    }

    /// Nothing to hold beside an address that is no loopback, or IPv6's wildcard (which holds both families).
    @Test(arguments: ["192.168.1.5", "::", "localhost"])
    func noSiblingBesideOtherAddresses(host: String) {
        #expect(LoopbackSibling.hold(besides: host, port: 7381) == [])
    }

    /// Beside IPv4's wildcard, which reaches 127.0.0.1, `[::1]` of the port: another user listening there got the token a
    /// browser sent to `localhost` (a security review).
    @Test func ipv6LoopbackIsHeldBesideTheIPv4Wildcard() throws {
        #expect(LoopbackSibling.siblings(of: "0.0.0.0") == [true])
        guard let daemon = Self.bound(ipv6: false) else { return }
        defer { close(daemon.fd) }
        let outcome = LoopbackSibling.hold(besides: "0.0.0.0", port: daemon.port)
        guard outcome != [] else { return }  // no IPv6 here
        #expect(outcome == [.held(address: "[::1]:\(daemon.port)")])
        #expect(Self.bound(ipv6: true, port: daemon.port, intruder: true) == nil)
    }
}
