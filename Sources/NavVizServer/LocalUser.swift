import Foundation
import Hummingbird
import NIOCore

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif

/// The daemon's request context: Hummingbird's core context and the connection's two addresses, so a
/// request can be traced to the process that made it.
public struct DaemonRequestContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's storage (logger, parameters…).
    public var coreContext: CoreRequestContextStorage
    /// The connection the request arrived on.
    let channel: any Channel
    /// The client's end of the connection (nil when not a socket, as in router tests).
    public var remoteAddress: SocketAddress? { channel.remoteAddress }
    /// The daemon's end of the connection.
    public var localAddress: SocketAddress? { channel.localAddress }

    /// The context of a request that arrived on `source`'s channel.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

/// Which user owns the other end of a loopback TCP connection, read from the kernel's socket tables
/// (`/proc/net/tcp` and `/proc/net/tcp6` on Linux: the client's socket is listed with its owner's uid).
public enum LoopbackPeer {
    /// What the tables say about a connection's client end.
    public enum Owner: Equatable, Sendable {
        /// The socket and its owner.
        case user(UInt32)
        /// The tables are there but do not list a live socket for it (closed, or an orphan owned by no one).
        case unknown
        /// There are no tables to read (not Linux, or `/proc` is not mounted).
        case unavailable
    }

    /// One row of a socket table: the socket's own address and port, its peer's (addresses as 16 bytes, IPv4
    /// as `::ffff:a.b.c.d`), and its owner.
    struct Row: Equatable {
        var local: [UInt8]
        var localPort: Int
        var remote: [UInt8]
        var remotePort: Int
        var uid: UInt32
    }

    /// Whether the socket tables can be read (Linux with `/proc` mounted and readable).
    public static var tablesReadable: Bool { read("/proc/net/tcp") != nil || read("/proc/net/tcp6") != nil }

    /// The owner of the client socket `client` connected to `server`. Both tables are searched whatever the
    /// families: an IPv6 socket may reach an IPv4 listener through a mapped address, and the other way round.
    public static func owner(client: SocketAddress, server: SocketAddress) -> Owner {
        guard let clientBytes = bytes(client), let clientPort = client.port, let serverBytes = bytes(server),
            let serverPort = server.port
        else { return .unknown }
        #if os(Linux)
            // The kernel's answer for this one socket, by its four-tuple: reading the tables costs a parse of every socket
            // on the machine, which another user can grow to seconds a connection, and a table read while sockets open and
            // close can miss the row (a security review slowed the owner's requests to 1.8 s, and had them refused).
            if let owner = SocketDiagnostics.owner(client: (clientBytes, clientPort), server: (serverBytes, serverPort)) {
                return owner
            }
        #endif
        var readAny = false
        // A table is not read as one snapshot: sockets opening and closing meanwhile can hide a row from one
        // reading, so a connection not found is looked for again before it is called unknown.
        for _ in 0..<3 {
            for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
                guard let text = read(table) else { continue }
                readAny = true
                for row in rows(text)
                where row.local == clientBytes && row.localPort == clientPort && row.remote == serverBytes
                    && row.remotePort == serverPort
                {
                    return .user(row.uid)
                }
            }
            if !readAny { return .unavailable }
        }
        return .unknown
    }

    /// The owners of the sockets listening on TCP port `port` of this machine (any address), from the socket tables;
    /// empty when none is listed or there are no tables. A daemon that cannot listen says whose the port is: another
    /// user's program there gets what the user's app and tools send to it (a security trial was asked only "Is another
    /// navviz serve running?").
    public static func listeners(port: Int) -> [UInt32] {
        listeners(port: port, tables: ["/proc/net/tcp", "/proc/net/tcp6"].compactMap(read))
    }

    /// The owners of the sockets listening on `port` in socket tables' text.
    static func listeners(port: Int, tables: [String]) -> [UInt32] {
        var owners: [UInt32] = []
        for text in tables {
            // A listener has no peer: `0.0.0.0:0` (read as `::ffff:0.0.0.0`) or `[::]:0`.
            for row in rows(text)
            where row.localPort == port && row.remotePort == 0
                && (row.remote == mapped([0, 0, 0, 0]) || row.remote == [UInt8](repeating: 0, count: 16))
            {
                if !owners.contains(row.uid) { owners.append(row.uid) }
            }
        }
        return owners
    }

    /// A `/proc` file's text, read in large chunks (its size is reported as 0); nil when it cannot be opened.
    static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The live sockets of a `/proc/net/tcp` or `tcp6` table: lines it cannot read are skipped, and so are
    /// sockets in TIME_WAIT and orphans (inode 0), which the kernel lists as root's.
    static func rows(_ text: String) -> [Row] {
        text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count > 9, let local = endpoint(fields[1]), let remote = endpoint(fields[2]),
                let state = Int(fields[3], radix: 16), let uid = UInt32(fields[7]), let inode = Int(fields[9]),
                state != 0x06, inode != 0
            else { return nil }
            return Row(local: local.0, localPort: local.1, remote: remote.0, remotePort: remote.1, uid: uid)
        }
    }

    /// `0100007F:1CD5`: the address as the kernel prints it (each 32-bit word in the machine's byte order,
    /// in hex) and the port (hex), as the address's 16 bytes in network order and the port.
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
        return (mapped(address), port)
    }

    /// The address's 16 bytes in network order, IPv4 as `::ffff:a.b.c.d`.
    static func bytes(_ address: SocketAddress) -> [UInt8]? {
        switch address {
        case .v4(let v4):
            var value = v4.address.sin_addr
            return mapped(withUnsafeBytes(of: &value) { Array($0) })
        case .v6(let v6):
            var value = v6.address.sin6_addr
            return withUnsafeBytes(of: &value) { Array($0) }
        default:
            return nil
        }
    }

    /// The first twelve bytes of an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`).
    static let mappedPrefix: [UInt8] = [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF]

    /// Four bytes as the IPv4-mapped IPv6 address; sixteen unchanged.
    static func mapped(_ address: [UInt8]) -> [UInt8] { address.count == 4 ? mappedPrefix + address : address }

    /// Whether 16 address bytes (`bytes`) are an IPv4 address, mapped.
    static func isIPv4(_ address: [UInt8]) -> Bool { address.count == 16 && Array(address.prefix(12)) == mappedPrefix }

    /// Whether 16 address bytes are a loopback address: `::1`, or `127.x.x.x` mapped.
    static func isLoopback(_ address: [UInt8]) -> Bool {
        address == [UInt8](repeating: 0, count: 15) + [1] || (isIPv4(address) && address[12] == 127)
    }
}

#if os(Linux)
    /// Asks the kernel who owns one TCP socket (`NETLINK_SOCK_DIAG`, an `inet_diag_req_v2` naming the socket's
    /// four-tuple, as `ss` does): one hash lookup, whatever the number of sockets on the machine.
    enum SocketDiagnostics {
        private static let netlinkSockDiag: Int32 = 4
        private static let sockDiagByFamily: UInt16 = 20
        private static let netlinkRequest: UInt16 = 1
        private static let netlinkError: UInt16 = 2

        /// The owner of the socket at `client` connected to `server` (addresses as 16 bytes, IPv4 mapped); `.unknown`
        /// when the kernel has no such socket; nil when the kernel cannot be asked (no netlink in a sandbox).
        static func owner(client: ([UInt8], Int), server: ([UInt8], Int)) -> LoopbackPeer.Owner? {
            let fd = socket(AF_NETLINK, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), netlinkSockDiag)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var timeout = timeval(tv_sec: 1, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let isV4 = LoopbackPeer.isIPv4(client.0) && LoopbackPeer.isIPv4(server.0)
            var request: [UInt8] = []
            func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value) { request.append(contentsOf: $0) } }
            // nlmsghdr: length, type, flags, sequence, port id.
            append(UInt32(16 + 56))
            append(sockDiagByFamily)
            append(netlinkRequest)
            append(UInt32(1))
            append(UInt32(0))
            // inet_diag_req_v2: family, protocol, extensions, padding, states.
            request += [UInt8(isV4 ? AF_INET : AF_INET6), UInt8(IPPROTO_TCP), 0, 0]
            append(UInt32.max)
            // inet_diag_sockid: ports big-endian, addresses in network order (IPv4 in the first word), interface, cookie.
            append(UInt16(client.1).bigEndian)
            append(UInt16(server.1).bigEndian)
            for address in [client.0, server.0] {
                request += isV4 ? Array(address.suffix(4)) + [UInt8](repeating: 0, count: 12) : address
            }
            append(UInt32(0))
            append(UInt32.max)
            append(UInt32.max)
            guard request.count == 72, send(fd, request, request.count, 0) == request.count else { return nil }
            var reply = [UInt8](repeating: 0, count: 8192)
            let count = reply.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count >= 20 else { return nil }
            func word<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T {
                reply.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
            }
            switch word(4, UInt16.self) {
            case sockDiagByFamily:
                // inet_diag_msg after the header: family, state, timer, retransmits, sockid (48), expires, queues, uid, inode.
                guard count >= 16 + 72 else { return nil }
                // A socket its process closed (TIME_WAIT, or an orphan: inode 0) is listed as root's: no one's (a review:
                // a client that sent its request and closed passed as root's, and a root daemon took it). Only a client
                // end still connected counts (ESTABLISHED, FIN_WAIT1, FIN_WAIT2): the kernel's lookup falls back to a
                // listening socket on the client's port, whoever's it is (a security re-review).
                if ![1, 4, 5].contains(reply[16 + 1]) || word(16 + 68, UInt32.self) == 0 { return .unknown }
                return .user(word(16 + 64, UInt32.self))
            case netlinkError:
                return word(16, Int32.self) == -ENOENT ? .unknown : nil
            default:
                return nil
            }
        }
    }
#endif

/// Answers only the user who started the daemon: a loopback connection from another user's process is
/// refused with 403 (on a shared machine any local user can reach 127.0.0.1), and so is one whose owner
/// the socket tables do not show. Where there are no tables (macOS) nothing is checked. Not used with
/// `--token`: the token is then the door, and whoever holds it may come in.
struct LocalUserMiddleware: RouterMiddleware {
    typealias Context = DaemonRequestContext
    /// The daemon's user.
    let user: UInt32
    /// Who owns a connection's client end.
    var owner: @Sendable (_ client: SocketAddress, _ server: SocketAddress) -> LoopbackPeer.Owner = LoopbackPeer.owner
    /// Connections already traced to this user, so the tables are read once per connection, not per request.
    let vouched = ConnectionSet()

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let connection = ObjectIdentifier(context.channel)
        if !vouched.contains(connection), let client = context.remoteAddress, let server = context.localAddress {
            // A refusal is answered and its connection closed, its body not drained (AnswersInOrder).
            switch owner(client, server) {
            case .user(let uid) where uid != user:
                throw ServerError.otherUser(uid: uid, daemon: user)
            case .unknown:
                throw ServerError.unknownUser
            case .user:
                vouched.vouch(for: context.channel)
            case .unavailable:
                // Without the tables (the daemon refuses to start so on Linux) nothing can be told: fail closed there.
                #if os(Linux)
                    throw ServerError.unknownUser
                #else
                    break
                #endif
            }
        }
        return try await next(request, context)
    }
}

/// A set of connections, shared by the requests that arrive on them. Each member's channel is held, so the
/// object (and the identifier it gives) lives until the member is removed.
final class ConnectionSet: @unchecked Sendable {
    private let lock = NSLock()
    private var members: [ObjectIdentifier: any Channel] = [:]

    func contains(_ connection: ObjectIdentifier) -> Bool { lock.withLock { members[connection] != nil } }

    /// Adds a connection; false when it was there already.
    func insert(_ connection: ObjectIdentifier, holding channel: any Channel) -> Bool {
        lock.withLock {
            guard members[connection] == nil else { return false }
            members[connection] = channel
            return true
        }
    }

    func remove(_ connection: ObjectIdentifier) { _ = lock.withLock { members.removeValue(forKey: connection) } }

    /// Adds a connection traced to the daemon's user, forgotten when it closes; the set holds the channel until
    /// then, so its identifier cannot be reused by another connection meanwhile.
    func vouch(for channel: any Channel) {
        let connection = ObjectIdentifier(channel)
        if insert(connection, holding: channel) { channel.closeFuture.whenComplete { [self] _ in remove(connection) } }
    }

    var count: Int { lock.withLock { members.count } }
}

/// Looks at a connection once, as soon as it is accepted (when the handler is added to an active channel, else when
/// it becomes active), before it has sent anything.
class AcceptedConnectionCheck: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    typealias InboundIn = NIOAny
    private var checked = false

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { check(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        check(context)
        context.fireChannelActive()
    }

    private func check(_ context: ChannelHandlerContext) {
        guard !checked else { return }
        checked = true
        guard let client = context.channel.remoteAddress, let server = context.channel.localAddress else {
            unaddressed(context)
            return
        }
        accepted(context, client: client, server: server)
    }

    /// What a subclass does with the connection from `client` to `server`.
    func accepted(_ context: ChannelHandlerContext, client: SocketAddress, server: SocketAddress) {}

    /// A connection whose addresses cannot be read (its client reset it before they were asked for: the kernel says
    /// ENOTCONN): closed before anything it sent is read, as nothing can be told of it and no client is left to answer.
    /// It was let through unchecked, and another user's process wrote blind by resetting each connection right after
    /// sending its request (a security review made 36 of 100 sessions, and deleted one with its journal).
    func unaddressed(_ context: ChannelHandlerContext) { context.close(promise: nil) }
}

/// Closes, as soon as it is accepted, a connection another user's process opened (or one whose owner the socket
/// tables do not show): a request would be refused anyway, and connections that send nothing were held until the
/// idle timeout, enough for another user to keep the daemon's files busy (a security review). Used without a token.
final class OtherUserGate: AcceptedConnectionCheck, @unchecked Sendable {
    let user: UInt32
    /// The connections traced to the daemon's user: `LocalUserMiddleware`'s, so it does not read the tables again.
    let vouched: ConnectionSet
    /// Told of each connection closed so (the other user's uid; nil when it could not be traced).
    let refused: @Sendable (UInt32?) -> Void

    init(user: UInt32, vouched: ConnectionSet = ConnectionSet(), refused: @escaping @Sendable (UInt32?) -> Void = { _ in }) {
        self.user = user
        self.vouched = vouched
        self.refused = refused
    }

    override func accepted(_ context: ChannelHandlerContext, client: SocketAddress, server: SocketAddress) {
        switch LoopbackPeer.owner(client: client, server: server) {
        case .user(let uid) where uid != user:
            close(context, refusing: uid)
        case .unknown:
            close(context, refusing: nil)
        case .unavailable:
            #if os(Linux)
                close(context, refusing: nil)
            #endif
        case .user:
            // Traced after the accept: the client may have reset meanwhile and another socket, of this user, connected
            // from the same port, the one found (a security re-review won 42 to 198 of 300 so, with a helper of the
            // daemon's user reconnecting at once). The daemon's own end must still be connected after the lookup.
            guard Self.isConnected(context.channel) else { return close(context, refusing: nil) }
            vouched.vouch(for: context.channel)
        }
    }

    /// Closes a connection not traced to the daemon's user, and tells `refused` whose it was (nil: no one's known).
    private func close(_ context: ChannelHandlerContext, refusing uid: UInt32?) {
        context.close(promise: nil)
        refused(uid)
    }

    /// Whether the daemon's end of a connection is still connected (ESTABLISHED, or CLOSE_WAIT when the client sent its
    /// request and shut its side): read from TCP_INFO on the channel's event loop, where the answer is there at once.
    /// Where there is no TCP_INFO (macOS) it is taken as connected: nothing is checked there.
    static func isConnected(_ channel: any Channel) -> Bool {
        #if os(Linux)
            guard channel.eventLoop.inEventLoop, let provider = channel as? any SocketOptionProvider else { return false }
            let state = Locked<UInt8?>(nil)
            provider.getTCPInfo().whenSuccess { info in state.withLock { $0 = info.tcpi_state } }
            return state.withLock { $0 }.map { $0 == 1 || $0 == 8 } ?? false
        #else
            return true
        #endif
    }

    override func unaddressed(_ context: ChannelHandlerContext) { close(context, refusing: nil) }
}

/// Says once per user that its connections are closed (a flood of them would flood the log).
final class RefusedUsers: @unchecked Sendable {
    private let lock = NSLock()
    private var said: Set<UInt32?> = []

    /// Whether `uid` is new here.
    func first(_ uid: UInt32?) -> Bool { lock.withLock { said.insert(uid).inserted } }
}

/// With a token, other users may come in, but not hold the daemon's files: at most `limit` open connections for each
/// user other than the daemon's, and for each address whose connections no user is found for (another machine's, on a
/// network address), the rest closed as they are accepted (a security review held 1,100 idle connections from another
/// account: the daemon ran out of descriptors, spun on `accept`, and its owner's requests timed out; a re-review filled
/// one bucket shared by every machine with 16).
final class ConnectionQuota: AcceptedConnectionCheck, @unchecked Sendable {
    /// Whose connections count together.
    enum Holder: Hashable, Sendable {
        /// A local user's.
        case user(UInt32)
        /// A peer no local user is found for, by its address.
        case address(String)
    }

    /// The open connections of each holder, shared by every connection's handler.
    final class Counts: @unchecked Sendable {
        private let lock = NSLock()
        private var open: [Holder: Int] = [:]

        /// Counts a connection in, unless `holder` has `limit` open already.
        func admit(_ holder: Holder, limit: Int) -> Bool {
            lock.withLock {
                guard open[holder, default: 0] < limit else { return false }
                open[holder, default: 0] += 1
                return true
            }
        }

        /// The connections `holder` holds open now.
        func count(_ holder: Holder) -> Int { lock.withLock { open[holder, default: 0] } }

        func release(_ holder: Holder) {
            lock.withLock {
                open[holder, default: 1] -= 1
                if open[holder] == 0 { open[holder] = nil }
            }
        }
    }

    /// Connections another user, or another address, may hold open at once.
    static let limit = 16
    let user: UInt32
    let counts: Counts
    let refused: @Sendable (UInt32?) -> Void
    /// Who owns a connection's client end.
    let owner: @Sendable (_ client: SocketAddress, _ server: SocketAddress) -> LoopbackPeer.Owner

    init(
        user: UInt32, counts: Counts,
        owner: @escaping @Sendable (SocketAddress, SocketAddress) -> LoopbackPeer.Owner = LoopbackPeer.owner,
        refused: @escaping @Sendable (UInt32?) -> Void = { _ in }
    ) {
        self.user = user
        self.counts = counts
        self.owner = owner
        self.refused = refused
    }

    override func accepted(_ context: ChannelHandlerContext, client: SocketAddress, server: SocketAddress) {
        let holder: Holder
        // Another machine's connection is no local user's: counted by its address without asking the kernel (where
        // netlink is missing, the tables would be read for every remote connection, on the event loop). One address in
        // its IPv4-mapped form and its plain one is one holder.
        let bytes = LoopbackPeer.bytes(client) ?? []
        guard LoopbackPeer.isLoopback(bytes) else {
            admit(Self.holder(bytes: bytes), context)
            return
        }
        switch owner(client, server) {
        case .user(let uid):
            if uid == user { return }
            holder = .user(uid)
        case .unknown: holder = Self.holder(bytes: bytes)
        // No way to tell (not Linux): the token alone decides.
        case .unavailable: return
        }
        admit(holder, context)
    }

    /// The holder of a connection no local user is found for: its address (`bytes`, IPv4 in its mapped form).
    static func holder(bytes: [UInt8]) -> Holder { .address(bytes.map { String($0, radix: 16) }.joined(separator: ":")) }

    /// Counts the connection in for `holder`, or closes it when `holder` has `limit` open already.
    private func admit(_ holder: Holder, _ context: ChannelHandlerContext) {
        guard counts.admit(holder, limit: Self.limit) else {
            context.close(promise: nil)
            if case .user(let uid) = holder { refused(uid) } else { refused(nil) }
            return
        }
        let counts = counts
        context.channel.closeFuture.whenComplete { _ in counts.release(holder) }
    }
}
