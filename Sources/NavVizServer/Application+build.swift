import Foundation
import Hummingbird
import Logging
import NIOCore
import NavVizScenario
import ServiceLifecycle

/// Builds the daemon: restores the sessions of `arguments.dataDirectory` (unless `store` is given),
/// sets up the renderer, the routes, the viewer page and the `--watch` poller. Tests call it with
/// their own arguments and store and drive it with HummingbirdTesting.
///
/// `onServerRunning` is called with the bound port once the server listens.
public func buildApplication(
    _ arguments: some AppArguments, store: (any SessionStore)? = nil, logger: Logger? = nil,
    onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
) async throws(ServerError) -> some ApplicationProtocol {
    guard arguments.token != nil || ServeArguments.isLoopback(arguments.host) else { throw .insecureHost(arguments.host) }
    let logger = logger ?? Logger(label: "navviz")
    let sessions: any SessionStore
    if let store {
        sessions = store
    } else {
        let journal: any SessionJournal =
            try arguments.dataDirectory.map { directory throws(ServerError) in
                let files = try FileJournal(directory: directory)
                for warning in files.folderWarnings { logger.warning("\(warning)") }
                return files
            } ?? NoJournal()
        let restoring = InMemorySessionStore(journal: journal)
        for warning in try await restoring.restore() { logger.warning("\(warning)") }
        let restored = await restoring.list()
        if !restored.isEmpty {
            let steps = restored.reduce(0) { $0 + $1.lastIndex }
            logger.info(
                "Restored \(restored.count) session\(restored.count == 1 ? "" : "s") with \(steps) step\(steps == 1 ? "" : "s") from \(arguments.dataDirectory ?? "memory")"
            )
        }
        sessions = restoring
    }
    let base: any DiagramRenderer
    var workers: WorkerPoolRenderer?
    switch arguments.rendering {
    case .inProcess:
        base = InProcessRenderer()
    case .workers(let command, let count, let recycleAfter):
        let pool = WorkerPoolRenderer(command: command, workers: count, recycleAfter: recycleAfter)
        workers = pool
        base = pool
    }
    let controller = SessionController(
        store: sessions, renderer: CachingRenderer(base), statelessRenderer: base, maxBodyBytes: arguments.maxBodyBytes)

    let policy = OriginPolicy(host: arguments.host, port: arguments.port)
    let routes = RouteIndex()
    // HEAD answered as GET without the body (RFC 9110 §9.3.2: `curl -I` and link checkers got 405, a trial); an event
    // stream's HEAD is refused below, as it would open a stream no one reads.
    let router = Router(context: DaemonRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: ResponseHeadersMiddleware())
    router.add(middleware: RequestLogMiddleware(logger: logger, token: arguments.token))
    // On loopback, only the user who started the daemon, token or not, unless they let others in: other users' processes
    // reach loopback too. Connections are traced as they are accepted (OtherUserGate); the middleware answers what is not
    // traced by then.
    let localUser = LocalUserMiddleware(user: UInt32(geteuid()))
    // Decided once: the gate below runs for every connection, and reading the socket tables there slowed every one as
    // another user grew them (a review).
    let checksOwners = arguments.checksOwners
    if checksOwners { router.add(middleware: localUser) }
    router.add(middleware: LoopbackGuardMiddleware(policy: policy))
    if let token = arguments.token { router.add(middleware: BearerTokenMiddleware(token: token, policy: policy)) }
    router.add(middleware: UnknownRouteMiddleware(index: routes))
    router.get("/") { _, _ in ViewerPage.response() }
    // Without a token, the proof's route says why there is none (it read "No route … see docs/daemon.md", a trial); the
    // answer is still a 404, which the client reads as no token there.
    if arguments.token == nil { router.get("/api/proof") { _, _ -> Response in throw ServerError.noToken } }
    controller.addRoutes(to: router.group("api"))
    for stream in ["/api/events", "/api/sessions/{id}/events"] {
        router.head(RouterPath(stringLiteral: stream)) { request, _ -> Response in
            throw ServerError.methodNotAllowed(method: "HEAD", path: request.uri.path, allowed: ["GET"])
        }
    }
    routes.record(router.routes.map { ($0.method, $0.path.description) })

    var services: [any Service] = [
        DaemonService(store: sessions, workers: workers, logger: logger, journaled: store == nil && arguments.dataDirectory != nil)
    ]
    if let directory = arguments.watchDirectory {
        services.append(ScenarioWatcher(directory: directory, store: sessions, logger: logger))
    }
    let refusedUsers = RefusedUsers()
    let quota = ConnectionQuota.Counts()
    let malformedLog = RefusalLog()
    let malformed = { @Sendable (error: ServerError) in
        let (logs, left) = malformedLog.admit(Int(error.status.code), malformed: true, at: .now)
        guard logs else { return }
        logger.info("Unreadable request \(error.status.code): \(error)\(RefusalLog.note(left: left, status: error.status.code))")
    }
    // A refused answer closes its connection, and nothing a client sent after the request is read (AnswersInOrder). After
    // ClientGoneHandler: an event stream hears at once that its client closed, whatever AnswersInOrder holds behind it.
    let gate = { @Sendable () -> [any RemovableChannelHandler] in
        guard checksOwners else {
            return [
                HTTP10CloseInstaller(),
                ClientGoneHandler(),
                AnswersInOrder(malformed: malformed),
                ConnectionQuota(
                    user: localUser.user, counts: quota,
                    refused: { uid in
                        guard refusedUsers.first(uid) else { return }
                        logger.warning(
                            "Closing connections from \(uid.map { "another user's process (uid \($0))" } ?? "a process navviz cannot trace to a user") past \(ConnectionQuota.limit) open at once"
                        )
                    }),
            ]
        }
        return [
            HTTP10CloseInstaller(),
            ClientGoneHandler(),
            AnswersInOrder(malformed: malformed),
            OtherUserGate(user: localUser.user, vouched: localUser.vouched) { uid in
                guard refusedUsers.first(uid) else { return }
                logger.warning(
                    "Closing connections from \(uid.map { "another user's process (uid \($0))" } ?? "a process navviz cannot trace to a user"): navviz serve answers only the user who started it; start it with a token and --allow-other-users to let others in"
                )
            },
        ]
    }
    return Application(
        router: router,
        server: .http1(
            configuration: .init(
                additionalChannelHandlers: gate(),
                idleTimeout: .seconds(Int64(arguments.idleTimeout)))),
        configuration: ApplicationConfiguration(address: .hostname(arguments.host, port: arguments.port), serverName: "navviz"),
        services: services,
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? arguments.port
            policy.port.value = port
            await onServerRunning(port)
        },
        logger: logger
    )
}

/// Waits for shutdown, then ends event streams, flushes and closes the journal and stops the render workers.
struct DaemonService: Service {
    let store: any SessionStore
    let workers: WorkerPoolRenderer?
    let logger: Logger
    /// Whether the sessions are written to a journal on disk (not `--memory`).
    let journaled: Bool

    func run() async throws {
        try? await gracefulShutdown()
        await store.close()
        await workers?.shutdown()
        logger.info(journaled ? "Journal flushed and closed" : "Sessions closed (kept in memory only: nothing to flush)")
    }
}
