import Foundation

/// What `buildApplication` needs to know; `navviz serve` fills it from its options, tests from theirs.
public protocol AppArguments: Sendable {
    /// The address to listen on (loopback unless a token is set).
    var host: String { get }
    /// The port (0 picks a free one).
    var port: Int { get }
    /// Where journals are kept; nil keeps sessions in memory only.
    var dataDirectory: String? { get }
    /// When set, `/api` requires `Authorization: Bearer <token>`.
    var token: String? { get }
    /// Scenario files in this directory are rendered as read-only sessions and re-rendered on change.
    var watchDirectory: String? { get }
    /// The largest request body accepted, in bytes.
    var maxBodyBytes: Int { get }
    /// How diagrams are rendered.
    var rendering: RenderingMode { get }
    /// Seconds a connection may send nothing, mid-request (a header or body that stalls) or between
    /// requests, before it is closed. An event stream being answered is not idle.
    var idleTimeout: Int { get }
    /// Whether other users' processes of this machine may connect to a loopback daemon (with the token, which this needs);
    /// without it their connections are closed, token or not.
    var allowOtherUsers: Bool { get }
}

extension AppArguments {
    /// `navviz serve`'s default.
    public var idleTimeout: Int { ServeArguments.defaultIdleTimeout }
    /// `navviz serve`'s default: other users are kept out.
    public var allowOtherUsers: Bool { false }

    /// Whether connections are checked for their owner and other users' closed: on loopback, unless the user let other
    /// users in (`--allow-other-users`, with a token). A token alone does not turn the check off: one seen in `ps` or
    /// guessed from the proof gave another user the daemon (a security review). With a token and no socket tables to read
    /// (a sandbox), the token alone decides, as it cannot be told who connects.
    public var checksOwners: Bool {
        guard ServeArguments.isLoopback(host), !allowOtherUsers else { return false }
        #if os(Linux)
            return token == nil || LoopbackPeer.tablesReadable
        #else
            return true
        #endif
    }
}

/// Where Graphviz runs.
public enum RenderingMode: Sendable, Equatable {
    /// In this process (tests; Graphviz's cluster leak accumulates).
    case inProcess
    /// In worker processes started with `command`, each replaced after `recycleAfter` renders.
    case workers(command: [String], count: Int, recycleAfter: Int)
}

/// The options of `navviz serve`, with its defaults.
public struct ServeArguments: AppArguments {
    /// The address to listen on (loopback unless a token is set).
    public var host: String
    /// The port (0 picks a free one).
    public var port: Int
    /// Where journals are kept; nil keeps sessions in memory only.
    public var dataDirectory: String?
    /// When set, `/api` requires `Authorization: Bearer <token>`.
    public var token: String?
    /// Scenario files in this directory are rendered as read-only sessions and re-rendered on change.
    public var watchDirectory: String?
    /// The largest request body accepted, in bytes.
    public var maxBodyBytes: Int
    /// How diagrams are rendered.
    public var rendering: RenderingMode
    /// Seconds a connection may send nothing mid-request or between requests before it is closed.
    public var idleTimeout: Int
    /// Whether other users' processes of this machine may connect to a loopback daemon (with the token).
    public var allowOtherUsers: Bool

    /// The default port of `navviz serve`.
    public static let defaultPort = 7381
    /// The shortest token that is not a warning on loopback and not refused on another address: one proof of the
    /// daemon's lets whoever reaches the port test guesses offline.
    public static let minimumTokenLength = 16

    /// Why a token of `minimumTokenLength` or more is still a guess's early try, nil when it is not: a unit repeated
    /// (`passwordpassword`, `1234512345123451`), or too few kinds of characters for its length to hold 64 bits were each
    /// drawn at random (16 digits: 53). A security review found both accepted where the token is the only lock, and
    /// guessed the first from one answer of the daemon.
    public static func tokenWeakness(_ token: String) -> String? {
        let characters = Array(token)
        let count = characters.count
        if let unit = (1...max(1, count / 2)).first(where: { p in (p..<count).allSatisfy { characters[$0] == characters[$0 % p] } }),
            unit < count
        {
            // Not the unit itself: the message goes to logs (a review).
            return "it repeats a unit of \(unit) character\(unit == 1 ? "" : "s")"
        }
        var pool = 0
        if characters.contains(where: { $0.isASCII && $0.isLowercase }) { pool += 26 }
        if characters.contains(where: { $0.isASCII && $0.isUppercase }) { pool += 26 }
        if characters.contains(where: { $0.isASCII && $0.isNumber }) { pool += 10 }
        if characters.contains(where: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }) { pool += 32 }
        let bits = Double(count) * log2(Double(max(pool, 2)))
        if bits < 64 {
            return "\(count) characters, each one of \(pool) kinds, hold at most \(Int(bits)) bits: fewer than 64"
        }
        return nil
    }
    /// How long a shutdown waits for requests in flight (a body still arriving, a render) before it cuts them.
    public static let shutdownBound: Duration = .seconds(10)
    /// The default body limit: 1 MiB.
    public static let defaultMaxBody = 1 << 20
    /// The most `--max-body` may be: a body is read into memory whole.
    public static let maxMaxBody = 64 << 20
    /// The default idle timeout: 15 s.
    public static let defaultIdleTimeout = 15

    /// Arguments; the defaults are `navviz serve`'s, except that nothing is journaled and rendering is in-process.
    public init(
        host: String = "127.0.0.1", port: Int = defaultPort, dataDirectory: String? = nil, token: String? = nil,
        watchDirectory: String? = nil, maxBodyBytes: Int = defaultMaxBody, rendering: RenderingMode = .inProcess,
        idleTimeout: Int = defaultIdleTimeout, allowOtherUsers: Bool = false
    ) {
        self.allowOtherUsers = allowOtherUsers
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.token = token
        self.watchDirectory = watchDirectory
        self.maxBodyBytes = maxBodyBytes
        self.rendering = rendering
        self.idleTimeout = idleTimeout
    }

    /// `~/.navviz/data`, or `./navviz-data` when there is no home directory.
    public static var defaultDataDirectory: String {
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty {
            return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.navviz/data"
        }
        // Without $HOME (a service, `env -i`), the user's home from the password database: a folder relative to the
        // working directory could be another user's (a security review ran in a shared folder).
        if let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir, directory.pointee != 0 {
            let home = String(cString: directory)
            return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.navviz/data"
        }
        return "navviz-data"
    }

    /// Whether `host` only reaches this machine (127.0.0.0/8, ::1, localhost).
    public static func isLoopback(_ host: String) -> Bool {
        let lower = host.lowercased()
        if lower == "localhost" || lower == "::1" || lower == "[::1]" { return true }
        return dottedQuad(lower)?.first == "127"
    }

    /// The four numbers of a dotted IPv4 address as written (`192.168.1.5`), nil for anything else. Digits only, and no
    /// leading zero: `UInt8("+0")` reads a sign and `UInt8("08")` a zero, where the C library reads `127.+0.+0.+1` and
    /// `127.0.0.08` as names a resolver may map to any address (security reviews bound 192.0.2.2 and 0.0.0.0 with no
    /// token asked for).
    static func dottedQuad(_ text: String) -> [Substring]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let isQuad =
            parts.count == 4
            && parts.allSatisfy { part in
                part.allSatisfy { ("0"..."9").contains($0) } && (part == "0" || !part.hasPrefix("0")) && UInt8(part) != nil
            }
        return isQuad ? parts : nil
    }
}
