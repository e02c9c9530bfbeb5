import ArgumentParser
import Foundation
import Hummingbird
import Logging
import NavVizRender
import NavVizServer
import ServiceLifecycle

extension NavVizCommand {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Run the local visual-debugging daemon: apps and tests post steps or snapshots, the viewer draws them live.",
            discussion: """
                Prints the viewer's address, then logs one line per request on stderr. Every accepted step is \
                journaled under --data (default ~/.navviz/data) and fsync'd before it is acknowledged; a restarted \
                daemon restores every session. Listens on 127.0.0.1 unless --host is given; a non-loopback host \
                needs a token (NAVVIZ_TOKEN or --token-file), and then /api requires 'Authorization: Bearer TOKEN'. \
                SIGINT or SIGTERM shuts down cleanly. See docs/daemon.md for the HTTP API.
                """
        )

        @Option(help: "The address to listen on.")
        var host = "127.0.0.1"

        // Unconditional, as every number of serve's: `--port -1` is its value, refused as one, not a missing value (a trial).
        @Option(parsing: .unconditional, help: "The port to listen on, 0 to 65535 (0 picks a free one).")
        var port = ServeArguments.defaultPort

        @Option(name: .customLong("data"), help: "Where session journals are kept (default: ~/.navviz/data).")
        var dataDirectory: String?

        @Flag(help: "Keep sessions in memory only: no journal, nothing restored.")
        var memory = false

        @Option(
            help:
                "Require 'Authorization: Bearer TOKEN' on /api (default: NAVVIZ_TOKEN). Every user of the machine sees a command line (ps): prefer NAVVIZ_TOKEN or --token-file."
        )
        var token: String?

        @Option(
            help: ArgumentHelp("Read the token from this file (its first line that is not empty), readable by you only.", valueName: "file")
        )
        var tokenFile: String?

        @Flag(
            help:
                "Let other users' processes of this machine in, with the token (needs one). Without it a loopback daemon closes their connections, token or not."
        )
        var allowOtherUsers = false

        @Option(name: .customLong("watch"), help: "Render the scenario files in this directory as sessions, again whenever they change.")
        var watchDirectory: String?

        @Option(parsing: .unconditional, help: "The largest request body accepted, in bytes (at most 64 MiB, 67108864).")
        var maxBody = ServeArguments.defaultMaxBody

        @Option(
            parsing: .unconditional,
            help:
                "Close a connection that sends nothing for this many seconds (1 to 3600), mid-request or between requests, or whose request's header fields take longer to arrive."
        )
        var idleTimeout = ServeArguments.defaultIdleTimeout

        @Option(
            parsing: .unconditional, help: "Renders per render worker before it is replaced, at least 1 (contains Graphviz's memory leak).")
        var recycleAfter = 200

        @Option(parsing: .unconditional, help: "How many render worker processes may run at once (1 to 16).")
        var renderWorkers = 1

        @Flag(help: .hidden)
        var renderWorker = false

        /// Renders inside the daemon (Graphviz's leak then accumulates): for the memory benchmark's comparison.
        @Flag(help: .hidden)
        var renderInProcess = false

        /// The limit of open files, as `getrlimit` names it here.
        #if os(Linux)
            static let fileLimit = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            static let fileLimit = RLIMIT_NOFILE
        #endif

        /// Why the daemon cannot listen on a port in use, with whose program holds it when the socket tables say: another
        /// user's program gets what the user's app, NavVizClient and the LLDB command send to that port.
        static func inUse(host: String, port: Int, listeners: [UInt32]? = nil) -> String {
            let owners = listeners ?? LoopbackPeer.listeners(port: port)
            let start = "Cannot listen on '\(host):\(port)': the address is in use"
            if let other = owners.first(where: { $0 != geteuid() }) {
                return start + " by a program of another user (uid \(other)), not yours: point nothing of yours at port \(port) "
                    + "(an app, NavVizClient or the LLDB command would send it your screens). Pick another --port"
            }
            return start + (owners.isEmpty ? "." : " by a program of yours.") + " Is another navviz serve running? Pick another --port"
        }

        /// Overwrites the value of `--token` in the process's own argument memory, which `ps` and `/proc/PID/cmdline`
        /// read: the window in which another user can see it shrinks to the start-up.
        static func hideTokenArgument() {
            let count = Int(CommandLine.argc)
            for index in 0..<count {
                guard let argument = CommandLine.unsafeArgv[index] else { continue }
                let text = String(cString: argument)
                if text == "--token", index + 1 < count, let value = CommandLine.unsafeArgv[index + 1] {
                    memset(value, Int32(UInt8(ascii: "x")), strlen(value))
                } else if text.hasPrefix("--token=") {
                    memset(argument + 8, Int32(UInt8(ascii: "x")), strlen(argument) - 8)
                }
            }
        }

        /// `--host` as the socket takes it: an IPv6 address may be written in brackets, as URLs and the
        /// daemon's own startup line write it (`[::1]`).
        ///
        /// `localhost` is 127.0.0.1; the daemon holds `[::1]` of its port too without listening there (`holdSiblings`), where a
        /// browser may take `localhost` first and another user's server could listen on the same port (and read the `#token=`
        /// of the address the daemon printed: a security review did so).
        var listenHost: String {
            if host.lowercased() == "localhost" { return "127.0.0.1" }
            return host.hasPrefix("[") && host.hasSuffix("]") && host.count > 2 ? String(host.dropFirst().dropLast()) : host
        }

        /// The token as `validate()` read it: `run()` uses that very value. A token file read twice could be another
        /// file the second time (a security review renamed its own over it in between, and the daemon took its token).
        static let tokenRead = Locked<String??>(nil)

        /// The token of `--token`, `--token-file` or `NAVVIZ_TOKEN`, as read once.
        var resolvedToken: String? {
            get throws { try Self.tokenRead.once { try readToken() } }
        }

        private func readToken() throws -> String? {
            if let tokenFile { return try Self.checkedToken(try Self.readTokenFile(tokenFile), from: "--token-file '\(tokenFile)'") }
            // An empty `--token` too (`--token "$TOKEN"` with the variable unset ran the daemon without one, unsaid: a security
            // review); an empty NAVVIZ_TOKEN is unset, as a shell's `NAVVIZ_TOKEN= navviz serve` means.
            if let token { return try Self.checkedToken(token, from: "--token") }
            if let token = ProcessInfo.processInfo.environment["NAVVIZ_TOKEN"], !token.isEmpty {
                return try Self.checkedToken(token, from: "NAVVIZ_TOKEN")
            }
            return nil
        }

        /// The token without the spaces and line ends around it, as a token file's is read (HTTP drops them around a
        /// header's value: a `NAVVIZ_TOKEN` from a Windows `.env`, ending in `\r`, locked every client out with "wrong
        /// token", a trial); refused when what is left holds a control character, which a header cannot carry, or a character
        /// outside ASCII, which a browser cannot send as it is, or is nothing (a blank `--token` ran the daemon without one, a review). Callers pass no empty value, and a token file's
        /// line comes trimmed (nil when blank, which `validate()` says).
        static func checkedToken(_ token: String?, from source: String) throws -> String? {
            guard let token = token?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
            guard !token.isEmpty else {
                throw ValidationError("\(source) is blank: set the token itself (openssl rand -hex 16), or leave it unset")
            }
            guard !token.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw ValidationError(
                    "\(source): the token holds a control character, which a client cannot send in 'Authorization: Bearer TOKEN': "
                        + "use letters, digits and punctuation")
            }
            // A browser sends a header's text as Latin-1 bytes (or refuses it past U+00FF): the viewer's `é` reached the
            // daemon as another token and was "wrong" (a review).
            guard token.unicodeScalars.allSatisfy({ $0.value < 0x80 }) else {
                throw ValidationError(
                    "\(source): the token holds a character outside ASCII, which a browser cannot send in 'Authorization: Bearer "
                        + "TOKEN' as it is: use letters, digits and punctuation")
            }
            return token
        }

        /// The first line of a token file that is not empty, checked on the file opened (owner, a regular file, mode) and read from that
        /// same descriptor. The path is resolved first; no folder on the way, as written or resolved, may let another user
        /// put a file there (theirs, or another folder's members'), and the resolved file is opened without following a
        /// link, so what was checked is what is read (a review swapped a link in between, and chose the token).
        static func readTokenFile(_ tokenFile: String) throws -> String? {
            let resolved = FileStatus.resolvedPath(tokenFile)
            // The ancestors are absolute: a relative --token-file that is their link was said to be "inside" itself.
            let absolute = URL(fileURLWithPath: tokenFile).standardizedFileURL.path
            for path in [tokenFile, resolved] {
                // (Their link as the file itself is said below, as their file is.)
                if let (above, why) = FileJournal.foreignAncestor(of: path, trustingGroup: false),
                    above != tokenFile, above != absolute, above != resolved
                {
                    throw ValidationError(
                        "--token-file '\(tokenFile)' is inside '\(above)', \(why): another user could put a file of theirs there. "
                            + "Use a folder of yours")
                }
            }
            // Another user's file is theirs to read and rewrite, whatever its mode (as root, or at a shared path another user
            // created first, such as /tmp/navviz-token; a security review), and a link of theirs on the way they can point at
            // any file whose first line they know (a review went through two).
            var info = stat()
            guard stat(resolved, &info) == 0 else { throw ValidationError("--token-file '\(tokenFile)': no such file") }
            if let owner = ([info.st_uid] + FileJournal.linkOwners(tokenFile)).first(where: { $0 != geteuid() }) {
                throw ValidationError(
                    "--token-file '\(tokenFile)' belongs to another user (uid \(owner)), who can read and change it: use a file of your own"
                )
            }
            // Before it is opened: a pipe would wait for a writer, a terminal or a device would be opened.
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw ValidationError(
                    "--token-file '\(tokenFile)' is not a file (a folder, a pipe or a device): expected a file holding the token")
            }
            let fd = open(resolved, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else { throw ValidationError("--token-file '\(tokenFile)': \(String(cString: strerror(errno)))") }
            defer { close(fd) }
            var opened = stat()
            guard fstat(fd, &opened) == 0, opened.st_dev == info.st_dev, opened.st_ino == info.st_ino, opened.st_uid == geteuid() else {
                throw ValidationError("--token-file '\(tokenFile)' changed while navviz read it: run it again")
            }
            let mode = Int(opened.st_mode) & 0o777
            if mode & 0o077 != 0 {
                throw ValidationError(
                    "--token-file '\(tokenFile)' can be read by other users (mode \(String(mode, radix: 8))): chmod 600 it first")
            }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while bytes.count < 1 << 16 {
                let count = read(fd, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                bytes += buffer[0..<count]
            }
            let text = String(decoding: bytes, as: UTF8.self)
            // The first line with something on it: a line of spaces above the token is as empty as a blank one (a trial's
            // was refused, against the docs).
            return text.split(whereSeparator: \.isNewline).lazy.map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
        }

        /// Why `host` cannot be listened on, found before any socket: empty, no address the resolver knows, or a link-local
        /// IPv6 address without its interface (`fe80::1%eth0`); nil when it resolves.
        static func hostProblem(_ host: String) -> String? {
            let pick = "pick another --host (127.0.0.1, the default, or an address 'ip addr' lists)"
            guard !host.trimmingCharacters(in: .whitespaces).isEmpty else { return "the host is empty: \(pick)" }
            let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            // fe80::/10 (fe80: to febf:), however it is written (a review: fe90::1 went on to NIO's errno 22).
            var address = in6_addr()
            if !bare.contains("%"), inet_pton(AF_INET6, bare, &address) == 1,
                withUnsafeBytes(of: &address, { $0[0] == 0xfe && $0[1] & 0xc0 == 0x80 })
            {
                return "a link-local IPv6 address needs its interface (\(bare)%eth0): \(pick)"
            }
            var hints = addrinfo()
            hints.ai_flags = AI_PASSIVE
            #if canImport(Glibc)
                hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            #else
                hints.ai_socktype = SOCK_STREAM
            #endif
            var list: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(bare, nil, &hints, &list)
            if let list { freeaddrinfo(list) }
            guard status != 0 else { return nil }
            return "no address is known by that name (\(String(cString: gai_strerror(status)))): \(pick)"
        }

        func validate() throws {
            if renderWorker { return }
            if !(0...65535).contains(port) { throw ValidationError("--port must be from 0 to 65535") }
            // A body is read into memory whole: without a bound, one client's body could take the machine's (a trial ran
            // with --max-body 9223372036854775807).
            if !(1...ServeArguments.maxMaxBody).contains(maxBody) {
                throw ValidationError("--max-body must be from 1 to \(ServeArguments.maxMaxBody) bytes (64 MiB)")
            }
            if !(1...3600).contains(idleTimeout) { throw ValidationError("--idle-timeout must be from 1 to 3600 seconds") }
            if recycleAfter < 1 { throw ValidationError("--recycle-after must be at least 1") }
            if !(1...16).contains(renderWorkers) { throw ValidationError("--render-workers must be from 1 to 16") }
            if memory && dataDirectory != nil { throw ValidationError("Use either --memory or --data, not both") }
            if tokenFile != nil, token != nil { throw ValidationError("Use either --token or --token-file, not both") }
            // Read once, here: run() takes this value.
            let resolved = try resolvedToken
            if let tokenFile, resolved == nil {
                throw ValidationError("--token-file '\(tokenFile)' holds no token: every line is empty")
            }
            // A host that names no address is said before anything is warned of (a trial's `--host ''` was warned to be
            // reachable by other machines, then stopped with NIO's `UnknownHost` and exit 74).
            if let problem = Self.hostProblem(host) { throw ValidationError("Cannot listen on '\(host)': \(problem)") }
            if resolved == nil && !ServeArguments.isLoopback(host) {
                throw ValidationError(ServerError.insecureHost(host).description)
            }
            if allowOtherUsers, resolved == nil {
                throw ValidationError(
                    "--allow-other-users needs a token (NAVVIZ_TOKEN or --token-file): other users' processes then need it to connect")
            }
            // On the network, or with other users let in, the token is the only lock: one a guess finds is none (a security
            // review started one with `a`; another guessed a 3-character one with --allow-other-users from one answer, and
            // found `aaaaaaaaaaaaaaaa` accepted on the network).
            if let resolved, !ServeArguments.isLoopback(host) || allowOtherUsers {
                let why =
                    ServeArguments.isLoopback(host)
                    ? "with --allow-other-users it is all that keeps other users out"
                    : "with --host \(host) it is all that keeps the network out"
                if resolved.count < ServeArguments.minimumTokenLength {
                    throw ValidationError(
                        "The token is \(resolved.count) character\(resolved.count == 1 ? "" : "s") long: \(why); use at least \(ServeArguments.minimumTokenLength) (openssl rand -hex 16)"
                    )
                }
                let distinct = Set(resolved).count
                if distinct < 5 {
                    throw ValidationError(
                        "The token has only \(distinct) different character\(distinct == 1 ? "" : "s"): \(why); use a random one (openssl rand -hex 16)"
                    )
                }
                if let weakness = ServeArguments.tokenWeakness(resolved) {
                    throw ValidationError("The token is weak (\(weakness)): \(why); use a random one (openssl rand -hex 16)")
                }
            }
            if let watchDirectory {
                var isDirectory: ObjCBool = false
                if !FileManager.default.fileExists(atPath: watchDirectory, isDirectory: &isDirectory) || !isDirectory.boolValue {
                    throw ValidationError("--watch '\(watchDirectory)' is not a directory")
                }
                // What the folder holds shows in the viewer as the user's sessions: only the user may put it there (a
                // security review planted a session, and links to the user's files, through a folder others could write to).
                // As written and resolved (a link of the user's into another user's folder got through: a review).
                for path in [watchDirectory, FileStatus.resolvedPath(watchDirectory)] {
                    if let (above, why) = FileJournal.foreignAncestor(of: path) {
                        throw ValidationError(
                            "--watch '\(watchDirectory)' is inside '\(above)', \(why): another user could change what it holds. "
                                + "Watch a folder of yours")
                    }
                }
                var info = stat()
                if stat(watchDirectory, &info) == 0 {
                    // (Root's folders are the system's, as for the folders above it: a checkout installed so.)
                    if info.st_uid != geteuid(), info.st_uid != 0 {
                        throw ValidationError(
                            "--watch '\(watchDirectory)' belongs to another user (uid \(info.st_uid)), whose files would show as your "
                                + "sessions: watch a folder of yours")
                    }
                    if info.st_mode & 0o002 != 0 {
                        throw ValidationError(
                            "--watch '\(watchDirectory)': every user of this machine may add files to it (mode "
                                + "\(String(Int(info.st_mode) & 0o7777, radix: 8))), which would show as your sessions: chmod o-w it, or "
                                + "watch another folder")
                    }
                    // Shared with a group: allowed (a team's folder), and said, as a group-writable --data folder is (a
                    // security review: unsaid).
                    if info.st_mode & 0o020 != 0 {
                        printError(
                            "warning: --watch '\(watchDirectory)': members of its group (gid \(info.st_gid)) may add files to it (mode "
                                + "\(String(Int(info.st_mode) & 0o7777, radix: 8))), which would show as your sessions: chmod g-w it unless "
                                + "you share it with them on purpose")
                    }
                }
            }
        }

        func run() async throws {
            if renderWorker {
                // `navviz serve --render-worker`: the daemon's render process, speaking frames on stdin/stdout.
                let status = RenderWorker.serve()
                if status != 0 { throw CommandFailure(message: "render worker: pipe closed unexpectedly", code: status) }
                return
            }
            LoggingSystem.bootstrap { label in
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = .info
                return handler
            }
            let resolved = try resolvedToken
            if !ServeArguments.isLoopback(listenHost) {
                printError(
                    "navviz serve: warning: listening on '\(listenHost)', which other machines can reach: the token and every "
                        + "session travel unencrypted (plain HTTP); use it on a network you trust")
            }
            // Every descriptor the system allows (the soft limit is often 1,024): connections, journals and workers' pipes.
            var files = rlimit()
            if getrlimit(Self.fileLimit, &files) == 0, files.rlim_cur < min(files.rlim_max, 1 << 16) {
                files.rlim_cur = min(files.rlim_max, 1 << 16)
                setrlimit(Self.fileLimit, &files)
            }
            // The daemon's proof (`/api/proof`) is an HMAC under the token: from one answer, a short token can be guessed
            // offline by any process that can reach the port (a security review found a 4-character one in 0.7 s).
            if let resolved, ServeArguments.isLoopback(listenHost), resolved.count < ServeArguments.minimumTokenLength {
                printError(
                    "navviz serve: warning: the token is \(resolved.count) character\(resolved.count == 1 ? "" : "s") long: another "
                        + "user of this machine can guess it offline from one answer of the daemon; use at least \(ServeArguments.minimumTokenLength) (openssl rand -hex 16)"
                )
            }
            if token != nil {
                Self.hideTokenArgument()
                printError(
                    "navviz serve: warning: --token was on the command line, which every user of this machine can read (ps); "
                        + "pass it in NAVVIZ_TOKEN or --token-file instead")
            }
            // Without a token, who may connect is told by the kernel's socket tables: with none to read, refuse to
            // start rather than serve every user of the machine.
            #if os(Linux)
                if resolved == nil, !LoopbackPeer.tablesReadable {
                    throw CommandFailure(
                        message:
                            "Cannot start: /proc/net/tcp cannot be read, so navviz cannot tell another user's connection from yours. "
                            + "Set a token (NAVVIZ_TOKEN or --token-file)",
                        code: CommandFailure.ioError)
                }
            #else
                if resolved == nil {
                    printError(
                        "navviz serve: warning: on this system navviz cannot tell which user a connection comes from: "
                            + "on a machine you share, set a token (NAVVIZ_TOKEN or --token-file)")
                }
            #endif
            let arguments = ServeArguments(
                host: listenHost, port: port, dataDirectory: memory ? nil : (dataDirectory ?? ServeArguments.defaultDataDirectory),
                token: resolved, watchDirectory: watchDirectory, maxBodyBytes: maxBody,
                rendering: renderInProcess
                    ? .inProcess
                    : .workers(
                        command: [Self.executablePath, "serve", "--render-worker"], count: renderWorkers, recycleAfter: recycleAfter),
                idleTimeout: idleTimeout, allowOtherUsers: allowOtherUsers)
            // A loopback daemon that keeps other users out but cannot check (a sandbox whose socket tables cannot be read,
            // with a token): said, as the token alone then decides.
            if ServeArguments.isLoopback(listenHost), !allowOtherUsers, !arguments.checksOwners {
                printError(
                    "navviz serve: warning: /proc/net/tcp cannot be read, so navviz cannot tell another user's connection "
                        + "from yours: the token alone keeps them out")
            }
            let host = listenHost
            let token = resolved
            let data = arguments.dataDirectory
            let app: any ApplicationProtocol
            do {
                app = try await buildApplication(arguments) { port in
                    let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
                    var line = "navviz serve: viewer at http://\(shownHost):\(port)/"
                    // The token to a terminal only: `navviz serve > serve.log` with the default umask gave every user of the
                    // machine the token, kept out of `ps` and out of readable token files (a security review).
                    let toTerminal = isatty(STDOUT_FILENO) == 1
                    if let token { line += toTerminal ? ViewerPage.fragment(token: token) : "#token=YOUR_TOKEN" }
                    line += data.map { " (journal: \($0))" } ?? " (in memory)"
                    if token != nil, !toTerminal {
                        line +=
                            "; the token is left out where the output is not a terminal: open the address with yours for YOUR_TOKEN "
                            + "(percent-encoded if it holds characters other than letters, digits and -._~)"
                    }
                    // Through stdio, not FileHandle, whose write stops the process on a full disk or a closed pipe (a
                    // review); a line lost so is said when the daemon stops (exit 74).
                    print(line)
                    fflush(nil)
                    // The port's other loopback addresses held too, so that `localhost` reaches navviz or nothing.
                    Self.holdSiblings(of: host, port: port, shown: "http://\(host == "0.0.0.0" ? "127.0.0.1" : shownHost):\(port)/")
                }
            } catch {
                // At startup nothing was sent to be accepted: the journal's folder is what failed.
                if case .journalFailed(let reason) = error {
                    throw CommandFailure(
                        message: "Cannot start: \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason). "
                            + "Pick another --data folder, or --memory to keep sessions in memory only",
                        code: CommandFailure.ioError)
                }
                throw CommandFailure(message: error.description, code: CommandFailure.ioError)
            }
            do {
                // Requests in flight finish, for a while: a client trickling a body kept the daemon (and its data folder's
                // lock) from stopping for as long as it went on (a security review). Past the bound, what is left is cut.
                var group = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: app.logger)
                group.maximumGracefulShutdownDuration = ServeArguments.shutdownBound
                let signals = StopSignals(logger: app.logger)
                defer { signals.cancel() }
                try await ServiceGroup(configuration: group).run()
            } catch {
                let text = "\(error)"
                if text.contains("Address already in use") {
                    throw CommandFailure(message: Self.inUse(host: host, port: port), code: CommandFailure.ioError)
                }
                // NIO's text names its own call (`bind(descriptor:ptr:bytes:): Cannot assign requested address)`).
                if text.contains("Cannot assign requested address") {
                    throw CommandFailure(
                        message: "Cannot listen on '\(host):\(port)': no network interface of this machine has that address. Pick "
                            + "another --host (127.0.0.1, the default, or an address 'ip addr' lists)",
                        code: CommandFailure.ioError)
                }
                if text.contains("Permission denied") {
                    throw CommandFailure(
                        message: "Cannot listen on '\(host):\(port)': permission denied (ports below 1024 need privileges). Pick "
                            + "another --port",
                        code: CommandFailure.ioError)
                }
                throw CommandFailure(message: "navviz serve stopped: \(text)", code: CommandFailure.ioError)
            }
        }

        /// Says why a stop takes a while, and makes a second signal stop at once: the first lets requests in flight finish
        /// for up to `ServeArguments.shutdownBound`, silently, and a second Ctrl-C did nothing (a trial). Stopping at once is
        /// as safe as a `kill -9`: a step is acknowledged only once its journal record is written. `cancel()` once the
        /// daemon has stopped.
        final class StopSignals: @unchecked Sendable {
            private let queue = DispatchQueue(label: "navviz.stop-signals")
            private var sources: [DispatchSourceSignal] = []
            // On `queue` only.
            private var first: UInt64?
            private var stopped = false

            init(logger: Logger) {
                sources = [SIGINT, SIGTERM].map { number in
                    // The service group ignores them too, to read them as this source does (the default ends the process).
                    signal(number, SIG_IGN)
                    let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                    source.setEventHandler { [self] in received(number, logger: logger) }
                    source.resume()
                    return source
                }
            }

            private func received(_ number: Int32, logger: Logger) {
                let now = DispatchTime.now().uptimeNanoseconds
                guard let first else {
                    first = now
                    queue.asyncAfter(deadline: .now() + 1) { [self] in
                        guard !stopped else { return }
                        let bound = ServeArguments.shutdownBound.components.seconds
                        logger.info(
                            "Stopping: letting the requests still in flight finish, for up to \(bound) s (Ctrl-C again stops at once)")
                    }
                    return
                }
                // A wrapper that passes the terminal's Ctrl-C on (npm run, concurrently) sends it twice at once: one
                // within half a second of the first is the same Ctrl-C (a review).
                guard !stopped, now - first >= 500_000_000 else { return }
                logger.warning("Stopping at once (a second signal): requests still in flight are cut")
                _exit(128 + number)
            }

            /// The daemon has stopped: no word of waiting, no stop at once.
            func cancel() {
                queue.sync {
                    stopped = true
                    for source in sources { source.cancel() }
                }
            }
        }

        /// Holds the loopback addresses of `port` that `localhost` may reach besides `host` (`LoopbackSibling`). One another
        /// program listens on is warned of; one in use with nothing listening (a connection of the port waiting out its
        /// close: a review's warning named a listener that was not there) is tried again every 2 s for 75 s, in the background.
        static func holdSiblings(of host: String, port: Int, shown: String) {
            @Sendable func warn(_ address: String) {
                printError(
                    "navviz serve: warning: another program listens on \(address): a client that takes 'localhost' there (browsers "
                        + "and curl may) reaches that program, not navviz, and sends it what it sends: use \(shown), not localhost")
            }
            var waiting: [String] = []
            for outcome in LoopbackSibling.hold(besides: host, port: port) {
                switch outcome {
                case .held: break
                case .taken(let address): warn(address)
                case .inUse(let address): waiting.append(address)
                }
            }
            guard !waiting.isEmpty else { return }
            Thread.detachNewThread { [waiting] in
                var left = waiting
                for _ in 0..<38 where !left.isEmpty {
                    Thread.sleep(forTimeInterval: 2)
                    left = left.filter { address in
                        switch LoopbackSibling.reserve(ipv6: address.hasPrefix("["), port: port) {
                        case .held?, nil: return false
                        case .taken?:
                            warn(address)
                            return false
                        case .inUse?: return true
                        }
                    }
                }
            }
        }

        /// This executable, for starting render workers.
        static var executablePath: String {
            if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
            return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
        }
    }
}
