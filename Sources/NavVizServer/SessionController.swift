import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1
import NavVizCore
import NavVizFormat
import NavVizRender
import NavVizScenario
import ServiceLifecycle

/// The `/api` routes: thin handlers that decode the request, call the store or the renderer, and
/// encode the answer. Errors are `ServerError`s, answered as `{"error": {"message": …}}`.
struct SessionController: Sendable {
    let store: any SessionStore
    /// Session diagrams (cached: a session's past never changes).
    let renderer: any DiagramRenderer
    /// `POST /api/render` (stateless, never cached).
    let statelessRenderer: any DiagramRenderer
    let maxBodyBytes: Int

    /// The most boxes one diagram may draw: Graphviz's layout grows faster than linearly, and one huge layout
    /// would hold a worker for a minute (21,000 controllers: 58 s) while every other diagram waited. A
    /// focused diagram of a realistic app draws a few dozen, whatever the size of the hierarchy.
    static let maxDiagramNodes = 3000

    /// The DOT, unless it draws more than `maxDiagramNodes` boxes (both panels of a transition count).
    func checkSize(_ dot: String) throws(ServerError) -> String {
        let nodes = DOTBuilder.boxCount(in: dot)
        if nodes > Self.maxDiagramNodes { throw .diagramTooLarge(nodes: nodes, limit: Self.maxDiagramNodes) }
        return dot
    }

    func addRoutes(to api: RouterGroup<DaemonRequestContext>) {
        api.post("sessions") { request, _ in
            let session = try await store.create(try await body(of: request))
            return json(.object(Array(session.summary.objectMembers ?? [])), status: .created)
        }
        api.get("sessions") { _, _ in
            json(.object([("sessions", .array(await store.list().map(\.summary)))]))
        }
        api.get("sessions/{id}") { _, context in
            json(try await store.session(try sessionID(context)).summary)
        }
        api.delete("sessions/{id}") { _, context in
            try await store.delete(try sessionID(context))
            return Response(status: .noContent)
        }
        api.post("sessions/{id}/steps") { request, context in
            let id = try sessionID(context)
            // Text here is most likely a capture sent to the wrong place (a live-debugging trial's dump read only "send
            // 'application/json'").
            if let header = request.headers[.contentType], header.lowercased().hasPrefix("text/plain") {
                throw ServerError.unsupportedMediaType(
                    header, accepted: ["application/json"],
                    hint: "a step is JSON; a _printHierarchy capture goes to /api/sessions/\(id)/snapshots as text/plain")
            }
            try Self.requireContentType(of: request, accepting: ["application/json"])
            // As a snapshot's: no body is read for a session that is not there.
            _ = try await store.session(id)
            let step = try await store.perform(try await body(of: request), in: id)
            return created(step)
        }
        api.post("sessions/{id}/snapshots") { request, context in
            let id = try sessionID(context)
            try Self.requireContentType(of: request, accepting: ["application/json", "text/plain"])
            // A session that is not there is said before its body is read (a security review's post to none was read first).
            _ = try await store.session(id)
            let step: RunStep
            let rules = request.uri.queryParameters.getAll("kind")
            if request.headers[.contentType]?.lowercased().hasPrefix("text/plain") == true {
                // The text `_printHierarchy` printed, read after the session's previous capture, with `?kind=Class=kind`
                // as `navviz import --kind`.
                let kinds: [String: NodeKind]
                do throws(Capture.KindRulesError) {
                    kinds = try Capture.kinds(rules)
                } catch .invalid(let rule) {
                    throw ServerError.invalidQuery(name: "kind", value: rule, expected: Capture.kindRuleExpected)
                } catch .twoKinds(let name, let earlier, let later) {
                    // One class given two kinds is refused, not read as the last (a security review), as `--kind` is.
                    throw ServerError.invalidQuery(
                        name: "kind", value: rules.joined(separator: ", "),
                        expected: "one kind per class ('\(name)' has \(earlier.rawValue) and \(later.rawValue))")
                }
                step = try await store.apply(
                    capture: String(decoding: try await bytes(of: request), as: UTF8.self), kinds: kinds, to: id)
            } else {
                if let rule = rules.first {
                    throw ServerError.invalidQuery(
                        name: "kind", value: rule, expected: "no kind with a JSON snapshot (it says each node's kind)")
                }
                step = try await store.apply(snapshot: try await body(of: request), to: id)
            }
            return created(step)
        }
        api.get("sessions/{id}/scenario") { _, context in
            let session = try await store.session(try sessionID(context))
            return text(JSONWriter.pretty(session.scenario) + "\n", contentType: "application/json; charset=utf-8")
        }
        api.get("sessions/{id}/run") { _, context in
            let session = try await store.session(try sessionID(context))
            // Measured and encoded on one thread with a main thread's stack (not one per step).
            let encoded = try LargeStack.run { () throws(ServerError) in
                try Self.checkRunSize(session.run, session: session.id.rawValue)
                return RunEncoder.text(session.run)
            }
            return text(encoded, contentType: "application/json; charset=utf-8")
        }
        api.get("sessions/{id}/states/{n}.svg") { _, context in
            let session = try await store.session(try sessionID(context))
            let step = try self.step(context.parameters.get("n"), of: session)
            // Drawn on a thread with a main thread's stack (`LargeStack`), as every drawing here: drawing recurses once per level.
            let dot = LargeStack.run {
                DOTBuilder(options: .focused).state(step.hierarchy, finder: step.finder, caption: ScenarioRenderer.caption(step))
            }
            return svg(try await renderer.svg(dot: try checkSize(dot)))
        }
        api.get("sessions/{id}/transitions/{n}.svg") { _, context in
            let session = try await store.session(try sessionID(context))
            let step = try self.step(context.parameters.get("n"), of: session)
            guard step.index > 0 else { throw ServerError.noTransition(session.id) }
            let before = session.steps[step.index - 1]
            let info = TransitionInfo(index: step.index, op: step.op, outcome: step.outcome, note: step.note)
            let picture = LargeStack.run {
                DOTBuilder(options: .focused).transitionDiagram(
                    before: before.hierarchy, after: step.hierarchy, beforeFinder: before.finder, afterFinder: step.finder, step: info)
            }
            _ = try checkSize(picture.dot)
            return svg(try await renderer.svg(picture))
        }
        api.get("sessions/{id}/flow.svg") { _, context in
            let session = try await store.session(try sessionID(context))
            // Held to the same bound as every diagram (a probe's 3,001 states held the large-diagram worker for 30 s a request).
            let dot = LargeStack.run { DOTBuilder().flow(ScenarioRenderer.flowGraph(session.run)) }
            return svg(try await renderer.svg(dot: try checkSize(dot)))
        }
        api.get("sessions/{id}/diff.svg") { request, context in
            let session = try await store.session(try sessionID(context))
            let old = try self.step(try Self.single("from", of: request, expected: "a step number"), of: session, parameter: "from")
            let new = try self.step(try Self.single("to", of: request, expected: "a step number"), of: session, parameter: "to")
            let picture = LargeStack.run {
                DOTBuilder(options: .focused).diffDiagram(
                    old: old.hierarchy, new: new.hierarchy, oldFinder: old.finder, newFinder: new.finder,
                    caption: "Step \(old.index) → step \(new.index)")
            }
            _ = try checkSize(picture.dot)
            return svg(try await renderer.svg(picture))
        }
        api.get("sessions/{id}/events") { request, context in
            let id = try sessionID(context)
            // `?after` wins over `Last-Event-ID` (an EventSource resends the last id it saw); both are step numbers.
            var after: Int?
            if let raw = request.headers[.init("Last-Event-ID")!] {
                guard let value = Self.stepNumber(raw) else {
                    throw ServerError.invalidHeader(name: "Last-Event-ID", value: raw, expected: "a step number")
                }
                after = value
            }
            if let raw = try Self.single("after", of: request, expected: "a step number") {
                guard let value = Self.stepNumber(raw) else {
                    throw ServerError.invalidQuery(name: "after", value: raw, expected: "a step number")
                }
                after = value
            }
            // Past the last step: a client resuming after a daemon restarted with another run of the id would miss its
            // first steps, unsaid (a trial); said as a diagram past the last step is.
            if let after, after > 0 {
                let last = try await store.session(id).lastIndex
                if after > last { throw ServerError.unknownStep(id, index: after, last: last) }
            }
            let limit = try Self.single("limit", of: request, expected: "a number of events from 1").map { raw in
                guard let value = Self.stepNumber(raw), value > 0 else {
                    throw ServerError.invalidQuery(name: "limit", value: String(raw), expected: "a number of events from 1")
                }
                return value
            }
            // `?sessions=all`: every session's summaries and deletions too (the viewer's one stream).
            let everySession =
                try Self.single("sessions", of: request, expected: "all").map { raw in
                    guard raw == "all" else { throw ServerError.invalidQuery(name: "sessions", value: raw, expected: "all") }
                    return true
                } ?? false
            return events(try await store.subscribe(to: id, after: after, everySession: everySession), limit: limit, context: context)
        }
        api.get("events") { _, context in
            events(try await store.subscribe(to: nil, after: nil), limit: nil, context: context)
        }
        api.post("render") { request, _ in
            let value = try await body(of: request)
            let hierarchy: Hierarchy
            do {
                hierarchy = try LargeStack.run { () throws(ScenarioErrors) in try Snapshot.decode(value, file: "body") }
            } catch let error as ScenarioErrors {
                throw ServerError.invalidBody(error)
            }
            var finder = ViewFinder()
            let strategies = DocumentReader.oneOf(ViewFinderStrategy.allCases.map(\.rawValue))
            if let name = try Self.single("finder", of: request, expected: strategies) {
                guard let strategy = ViewFinderStrategy(name: name) else {
                    throw ServerError.invalidQuery(name: "finder", value: name, expected: strategies)
                }
                finder = ViewFinder(strategy)
            }
            let dot = LargeStack.run { DOTBuilder(options: .focused).state(hierarchy, finder: finder.find(in: hierarchy)) }
            return svg(try await statelessRenderer.svg(dot: try checkSize(dot)))
        }
    }

    // MARK: - Decoding

    func sessionID(_ context: DaemonRequestContext) throws(ServerError) -> SessionID {
        let text = context.parameters.get("id") ?? ""
        guard let id = SessionID(text) else { throw .invalidSessionID(text) }
        return id
    }

    /// A step of the session by its number in the path or a query parameter.
    func step(_ text: String?, of session: Session, parameter: String? = nil) throws(ServerError) -> RunStep {
        guard let text else { throw .invalidQuery(name: parameter ?? "n", value: nil, expected: "a step number") }
        guard let index = Self.stepNumber(text) else {
            if let parameter { throw .invalidQuery(name: parameter, value: text, expected: "a step number") }
            throw .invalidStepNumber(text)
        }
        guard index <= session.lastIndex else { throw .unknownStep(session.id, index: index, last: session.lastIndex) }
        return session.steps[index]
    }

    /// A step number as written in a path, query or header: decimal digits only, with no leading zero (`+1`, ` 1` and `0x1`
    /// are not step numbers, `+1` drew step 1, a trial; `01` drew step 1 at a second address, a security review).
    static func stepNumber(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), text == "0" || text.first != "0" else { return nil }
        return Int(text)
    }

    /// The value of query parameter `name`, which may be given once: given twice (`?after=1&after=5`) it is refused,
    /// not read as either (a trial).
    static func single(_ name: String, of request: Request, expected: String) throws(ServerError) -> String? {
        let values = request.uri.queryParameters.getAll(name)
        guard values.count < 2 else {
            throw .invalidQuery(name: name, value: values.joined(separator: ", "), expected: "it once, with " + expected)
        }
        return values.first.map { String($0) }
    }

    /// The request body as JSON, at most `maxBodyBytes` long. It must be declared `application/json`, so
    /// that a browser has to ask (preflight) before a page on another origin can send one.
    func body(of request: Request) async throws(ServerError) -> JSONValue {
        try Self.requireContentType(of: request, accepting: ["application/json"])
        let bytes = try await bytes(of: request)
        do {
            // Read on a thread with a main thread's stack: the body may nest 256 levels.
            return try LargeStack.run { () throws(JSONSyntaxError) in try JSONParser.parse(bytes: bytes) }
        } catch {
            // A dump sent as JSON gets a hint, not only "unexpected '<'" (a trial).
            if bytes.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) == UInt8(ascii: "<") {
                throw .invalidBody(
                    ScenarioErrors([
                        .invalidNode(
                            file: "body", path: "(top level)",
                            reason: "a _printHierarchy dump, not JSON: post it to /api/sessions/ID/snapshots with Content-Type: text/plain")
                    ]))
            }
            throw .invalidBody(ScenarioErrors([.syntax(file: "body", error)]))
        }
    }

    /// Refuses a body whose media type (parameters aside) is not one of `accepted`.
    static func requireContentType(of request: Request, accepting accepted: [String]) throws(ServerError) {
        let header = request.headers[.contentType]
        // An empty value (`Content-Type:`, `Content-Type: ;`) has no media type: refused, not read past the end (a security
        // review's one header stopped the daemon).
        let type = header.map {
            ($0.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").trimmingCharacters(in: .whitespaces)
                .lowercased()
        }
        guard let type, accepted.contains(type) else { throw .unsupportedMediaType(header, accepted: accepted) }
        // A charset other than UTF-8 is refused: the body is read as UTF-8 (a trial's `charset=latin1` was taken and read so).
        let parameters = header?.split(separator: ";").dropFirst() ?? []
        for parameter in parameters {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard pair.count == 2, pair[0] == "charset" else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            if !["utf-8", "utf8", "us-ascii"].contains(value) {
                throw .unsupportedMediaType(header, accepted: accepted.map { $0 + "; charset=utf-8" })
            }
        }
    }

    /// The request body's bytes, at most `maxBodyBytes` long; refused when empty or not UTF-8 text.
    func bytes(of request: Request) async throws(ServerError) -> [UInt8] {
        // A compressed body is refused, not parsed as the text it is not (a gzip body read as 'not UTF-8 text', a trial).
        /// The codings a header lists (`gzip, chunked`), in lower case, but those in `read`.
        func codings(_ field: HTTPField.Name, but read: Set<String>) -> [String] {
            request.headers[values: field].flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                .filter { !$0.isEmpty && !read.contains($0) }
        }
        if let coding = codings(.contentEncoding, but: ["identity"]).first { throw .unsupportedContentEncoding(coding) }
        // So is one compressed as it travels (`Transfer-Encoding: gzip, chunked`): the server undoes the chunks only (a
        // security review's gzip was read as 'not UTF-8 text').
        if let coding = codings(.transferEncoding, but: ["identity", "chunked"]).first {
            throw .unsupportedContentEncoding(coding, header: "Transfer-Encoding")
        }
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > maxBodyBytes {
            throw .bodyTooLarge(limit: maxBodyBytes)
        }
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maxBodyBytes)
        } catch {
            if (error as? any HTTPResponseError)?.status == .contentTooLarge { throw .bodyTooLarge(limit: maxBodyBytes) }
            if let parsing = error as? HTTPParserError, parsing == .invalidEOFState { throw .bodyCutShort }
            // Said as the request's (it read "body: cannot be read: strict mode assertion", a security review).
            if let parsing = error as? HTTPParserError { throw .malformed(parsing) }
            throw .invalidBody(ScenarioErrors([.unreadable(file: "body", reason: "\(error)")]))
        }
        let bytes = Array(buffer.readableBytesView)
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            // An empty dump is told a dump was expected (it read "a JSON object", a trial).
            throw .emptyBody(dump: request.headers[.contentType]?.lowercased().hasPrefix("text/plain") == true)
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw .invalidBody(ScenarioErrors([.unreadable(file: "body", reason: ScenarioLoader.notUTF8(bytes))]))
        }
        return bytes
    }

    /// The most JSON a session's steps may hold (written compact) for its run to be sent as one document: the
    /// document is built in memory, indented, and a session of long ids took the daemon past 4 GB, to a trap.
    static let runLimitMegabytes = 64

    /// Refuses a run whose steps hold more than `limit` bytes of JSON, measured a step at a time (what the rest
    /// would hold is estimated from the steps measured).
    static func checkRunSize(_ run: Run, session: String, limit: Int = runLimitMegabytes << 20) throws(ServerError) {
        var bytes = 0
        for (offset, step) in run.steps.enumerated() {
            bytes += JSONWriter.compact(RunEncoder.encode(step)).utf8.count
            if bytes > limit {
                let total = bytes + (run.steps.count - offset - 1) * (bytes / (offset + 1))
                throw .runTooLarge(session: session, megabytes: max(1, total >> 20), limit: max(1, limit >> 20))
            }
        }
    }

    // MARK: - Responses

    /// A step just made, as the run JSON has it (`201`).
    func created(_ step: RunStep) -> Response {
        text(Self.stepJSON(step), status: .created, contentType: "application/json; charset=utf-8")
    }

    /// A step as the run JSON has it, compact, encoded on a thread with a main thread's stack: a response's, an event's.
    static func stepJSON(_ step: RunStep) -> String { LargeStack.run { JSONWriter.compact(RunEncoder.encode(step)) } }

    func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        text(JSONWriter.compact(value), status: status, contentType: "application/json; charset=utf-8")
    }

    func text(_ text: String, status: HTTPResponse.Status = .ok, contentType: String) -> Response {
        .text(text, status: status, contentType: contentType)
    }

    func svg(_ svg: String) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "image/svg+xml",
                // Opened on its own, an SVG may not run scripts or load anything, nor be framed (ResponseHeadersMiddleware).
                .contentSecurityPolicy: answerPolicy,
                .xContentTypeOptions: "nosniff",
                // A diagram shows the app's screens: not kept on disk (a review: it said `no-cache`, which stores).
                .cacheControl: "no-store",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: svg)))
    }

    /// Server-Sent Events: `step` (id = step index, data = the step as in the run JSON), `session`
    /// (created or replaced), `deleted`, and a `: ping` comment now and then. Ends when the session
    /// is deleted, after `limit` steps, or when the daemon shuts down.
    func events(_ subscription: EventSubscription, limit: Int?, context: DaemonRequestContext) -> Response {
        // The client gone ends the stream and frees its slot at once: a write only failed at the next ping, so a client
        // that opened and closed streams held every slot for up to 15 s without a connection (a security review). Its
        // end closed (the daemon allows half-closed connections, so that is all a client's close does) or the connection
        // closed.
        context.channel.closeFuture.whenComplete { _ in subscription.cancel() }
        let channel = context.channel
        channel.pipeline.handler(type: ClientGoneHandler.self).whenSuccess { handler in
            handler.whenInputCloses { subscription.cancel() }
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-cache", .init("X-Accel-Buffering")!: "no"],
            body: ResponseBody { writer in
                try await withGracefulShutdownHandler {
                    try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
                    var sent = 0
                    for await event in subscription.events {
                        try await writer.write(ByteBuffer(string: ServerSentEvent.text(for: event)))
                        if case .step = event {
                            sent += 1
                            if let limit, sent >= limit { break }
                        }
                    }
                } onGracefulShutdown: {
                    subscription.cancel()
                }
                subscription.cancel()
                try await writer.finish(nil)
            })
    }
}

/// Tells an event stream that its client closed its end of the connection (half-closure is allowed, so the connection
/// stays open until a write fails: at the next ping, up to 15 s on). Its state is the event loop's.
final class ClientGoneHandler: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    typealias InboundIn = NIOAny
    private var inputClosed = false
    private var waiting: [@Sendable () -> Void] = []

    /// Calls `body` on the event loop once the client's end is closed (now, if it is already).
    func whenInputCloses(_ body: @escaping @Sendable () -> Void) {
        if inputClosed { body() } else { waiting.append(body) }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            inputClosed = true
            let bodies = waiting
            waiting = []
            for body in bodies { body() }
        }
        context.fireUserInboundEventTriggered(event)
    }
}

/// The wire format of one event.
enum ServerSentEvent {
    static func text(for event: ServerEvent) -> String {
        switch event {
        case .step(_, let step):
            "id: \(step.index)\nevent: step\ndata: \(SessionController.stepJSON(step))\n\n"
        case .session(_, let summary):
            "event: session\ndata: \(JSONWriter.compact(summary))\n\n"
        case .deleted(let id):
            "event: deleted\ndata: \(JSONWriter.compact(.object([("id", .string(id.rawValue))])))\n\n"
        case .ping:
            ": ping\n\n"
        }
    }
}

extension Response {
    /// Text read as declared, never sniffed as something a browser would run (as the viewer page and SVG are).
    static func text(_ text: String, status: HTTPResponse.Status = .ok, contentType: String, cacheControl: String? = nil) -> Response {
        var headers: HTTPFields = [.contentType: contentType, .xContentTypeOptions: "nosniff"]
        if let cacheControl { headers[.cacheControl] = cacheControl }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
