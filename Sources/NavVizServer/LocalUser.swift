import Foundation
import Hummingbird
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The daemon's request context: Hummingbird's core context and the connection's two addresses, so a
/// request can be traced to the process that made it.
public struct DaemonRequestContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's storage (logger, parameters…).
    public var coreContext: CoreRequestContextStorage
    /// The client's end of the connection (nil when not a socket, as in router tests).
    public let remoteAddress: SocketAddress?
    /// The daemon's end of the connection.
    public let localAddress: SocketAddress?

    /// The context of a request that arrived on `source`'s channel.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        localAddress = source.channel.localAddress
    }
}

/// Which user owns the other end of a loopback TCP connection, read from the kernel's socket tables
/// (`/proc/net/tcp` and `/proc/net/tcp6` on Linux: the client's socket is listed with its owner's uid).
public enum LoopbackPeer {
    /// One row of a socket table: the socket's own address and port, its peer's, and its owner.
    struct Row: Equatable {
        var local: [UInt8]
        var localPort: Int
        var remote: [UInt8]
        var remotePort: Int
        var uid: UInt32
    }

    /// The uid that owns the client socket `client` connected to `server`, or nil when the tables are not
    /// there (not Linux) or do not list it.
    public static func uid(client: SocketAddress, server: SocketAddress) -> UInt32? {
        guard let clientBytes = bytes(client), let clientPort = client.port, let serverBytes = bytes(server),
            let serverPort = server.port
        else { return nil }
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
            for row in rows(text) {
                if row.local == clientBytes, row.localPort == clientPort, row.remote == serverBytes, row.remotePort == serverPort {
                    return row.uid
                }
            }
        }
        return nil
    }

    /// The rows of a `/proc/net/tcp` or `tcp6` table; lines it cannot read are skipped.
    static func rows(_ text: String) -> [Row] {
        text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count > 7, let local = endpoint(fields[1]), let remote = endpoint(fields[2]),
                let uid = UInt32(fields[7])
            else { return nil }
            return Row(local: local.0, localPort: local.1, remote: remote.0, remotePort: remote.1, uid: uid)
        }
    }

    /// `0100007F:1CD5`: the address as the kernel prints it (each 32-bit word in the machine's byte order,
    /// in hex) and the port (hex), as the address's bytes in network order and the port.
    static func endpoint(_ field: Substring) -> ([UInt8], Int)? {
        let parts = field.split(separator: ":")
        guard parts.count == 2, let port = Int(parts[1], radix: 16), [8, 32].contains(parts[0].count) else { return nil }
        var address: [UInt8] = []
        var word = parts[0][...]
        while !word.isEmpty {
            guard let value = UInt32(word.prefix(8), radix: 16) else { return nil }
            withUnsafeBytes(of: value) { address.append(contentsOf: $0) }
            word = word.dropFirst(8)
        }
        return (address, port)
    }

    /// The address's bytes in network order (4 for IPv4, 16 for IPv6).
    static func bytes(_ address: SocketAddress) -> [UInt8]? {
        switch address {
        case .v4(let v4):
            var value = v4.address.sin_addr
            return withUnsafeBytes(of: &value) { Array($0) }
        case .v6(let v6):
            var value = v6.address.sin6_addr
            return withUnsafeBytes(of: &value) { Array($0) }
        default:
            return nil
        }
    }
}

/// Answers only the user who started the daemon: a loopback connection from another user's process is
/// refused with 403 (on a shared machine any local user can reach 127.0.0.1). Not used with `--token`: the
/// token is then the door, and whoever holds it may come in.
struct LocalUserMiddleware: RouterMiddleware {
    typealias Context = DaemonRequestContext
    /// The daemon's user.
    let user: UInt32
    /// The uid that owns a connection's client end; nil when it cannot be told (not Linux).
    var owner: @Sendable (_ client: SocketAddress, _ server: SocketAddress) -> UInt32? = LoopbackPeer.uid

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let client = context.remoteAddress, let server = context.localAddress, let uid = owner(client, server), uid != user {
            throw ServerError.otherUser(uid: uid, daemon: user)
        }
        return try await next(request, context)
    }
}
