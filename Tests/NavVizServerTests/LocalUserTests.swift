import Foundation
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
    /// Rows of `/proc/net/tcp` and `tcp6` as Linux prints them (addresses in the machine's byte order).
    @Test(arguments: [
        (
            "   1: 0100007F:D2F0 0100007F:1CD5 01 00000000:00000000 00:00000000 00000000  1001        0 5551 1 0",
            [127, 0, 0, 1], 0xD2F0, [127, 0, 0, 1], 7381, 1001
        ),
        (
            "   0: 00000000000000000000000001000000:A1B2 00000000000000000000000001000000:1CD5 01 00000000:00000000 00:00000000 00000000     0        0 77 1",
            [UInt8](repeating: 0, count: 15) + [1], 0xA1B2, [UInt8](repeating: 0, count: 15) + [1], 7381, 0
        ),
    ])
    func aSocketTableRowGivesBothEndsAndTheOwner(
        line: String, local: [UInt8], localPort: Int, remote: [UInt8], remotePort: Int, uid: UInt32
    ) throws {
        let header = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"
        let rows = LoopbackPeer.rows(header + line + "\n")
        #expect(rows == [.init(local: local, localPort: localPort, remote: remote, remotePort: remotePort, uid: uid)])
        #expect(LoopbackPeer.rows(header + "   2: garbage\n").isEmpty)
    }

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
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            #expect(connected == 0)
            var clientAddress = sockaddr_in()
            var clientSize = socklen_t(MemoryLayout<sockaddr_in>.size)
            withUnsafeMutablePointer(to: &clientAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(client, $0, &clientSize) }
            }
            let server = try SocketAddress(ipAddress: "127.0.0.1", port: Int(UInt16(bigEndian: address.sin_port)))
            let peer = try SocketAddress(ipAddress: "127.0.0.1", port: Int(UInt16(bigEndian: clientAddress.sin_port)))
            #expect(LoopbackPeer.uid(client: peer, server: server) == UInt32(geteuid()))
            // A connection that does not exist is not found.
            #expect(LoopbackPeer.uid(client: try SocketAddress(ipAddress: "127.0.0.1", port: 9), server: server) == nil)
        }

        /// Another user's process (`setpriv` to nobody; needs root) gets 403; with a token, the token decides.
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
            #expect(refused.stdout.hasSuffix("\n403"))
            #expect(
                refused.stdout.hasPrefix(
                    #"{"error":{"message":"Refusing a request from another user's process (uid 65534): navviz serve answers only the user who started it (uid 0); start it with --token to let others in"}}"#
                ))
            let withToken = try DaemonProcess(["--memory", "--token", "s3cret"])
            defer { withToken.stop(SIGTERM) }
            #expect(try curl(withToken.port, ["Authorization: Bearer s3cret"]).stdout.hasSuffix("\n200"))
            #expect(try curl(withToken.port).stdout.hasSuffix("\n401"))
        }
    #endif
}
