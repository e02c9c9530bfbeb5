import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NavVizFormat

/// One request at a time on a connection, and none after an answer that closes it.
///
/// - A request a client sends before the answer to the one before it has ended (pipelining) is held, its bytes left
///   unread, until that answer has ended (an error or the end of the input after it too: they are the next request's). An
///   answer that says `Connection: close` (a refusal's, or the answer to a request that asked to close: HTTP/1.0, a
///   client's own `close`, no `Host`; the answer is made to say so) is the connection's last: what was held, or comes
///   after, is dropped, unread by any route (RFC 9112 §9.6: a server that sends `close` "MUST NOT process any further
///   requests received on that connection"). So is a connection another handler closes (an idle timeout, a shutdown).
///   Hummingbird read a request's `close`, not an answer's: a refused request's pipelined successor was answered (a
///   security trial).
/// - Once that answer is written, the connection's output is closed, and the whole connection `linger` later: a refused
///   client may not hold the daemon's connections, and its files, by trickling a body (a security review held 1,100 after
///   a 401); the moment between lets the client read the answer before it is cut (closing at once can reset it).
/// - A request the HTTP parser cannot read (a bad request line, header, length or chunk; a head over 80 KB) is answered
///   as any refusal is: a JSON message saying what was wrong, the daemon's headers, a log line (at most
///   `RefusalLog.burst` a window). Hummingbird answered a bare `400` with no body, headers or log line (a trial). A body
///   that breaks after its request was answered closes the connection: a second answer would be read as the next one's.
///
/// The state is the event loop's.
final class AnswersInOrder: ChannelDuplexHandler, RemovableChannelHandler, @unchecked Sendable {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// What arrived while a request was held, delivered in order once it is let through.
    private enum Held {
        case part(HTTPRequestPart)
        case error(any Error)
        case inputClosed
    }

    /// How long a closed connection's client has to read its last answer before the connection is closed whole.
    static let linger = TimeAmount.milliseconds(200)
    /// How long the last answer may take to be written before the connection is closed anyway.
    let lastWriteLimit: TimeAmount

    private let malformed: @Sendable (ServerError) -> Void
    private var held = CircularBuffer<Held>()
    /// Requests let through whose answer has not ended.
    private var unanswered = 0
    /// A request's head is let through, and its end not yet.
    private var requestOpen = false
    /// The parser failed partway through that request's body: the connection cannot go on after its answer.
    private var brokenRequest = false
    /// That request asked to close the connection after its answer (`Connection: close`, which HTTP/1.0 without
    /// keep-alive and a request without `Host` are given too, `HTTP10ConnectionClose`).
    private var requestCloses = false
    /// The answer being written says `Connection: close`.
    private var lastAnswer = false
    /// That answer is written: nothing more is read or answered.
    private var closing = false
    /// The connection is being closed by another handler (an idle timeout, a graceful shutdown): the request being read
    /// is read on (its end or its error), and nothing after it.
    private var closedBehind = false
    /// A read the channel asked for while a request was held, asked for once it is let through.
    private var readWanted = false
    /// Why the parser could not read the request being answered (its head).
    private var parseError: HTTPParserError?
    /// The body that goes with an answer written in place of Hummingbird's bare one.
    private var replacedBody: ByteBuffer?

    /// `malformed` is told of each request the parser could not read (to log it); a last answer not written whole within
    /// `lastWriteLimit` (a client that reads nothing) is cut.
    init(lastWriteLimit: TimeAmount = .seconds(10), malformed: @escaping @Sendable (ServerError) -> Void = { _ in }) {
        self.lastWriteLimit = lastWriteLimit
        self.malformed = malformed
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        let part = unwrapInboundIn(data)
        // Closing from behind, no new request is begun: no one would answer it.
        if case .head = part, closedBehind { return }
        if case .head = part, waitsForAnAnswer {
            hold(.part(part))
        } else if !held.isEmpty {
            hold(.part(part))
        } else {
            deliver(part, context: context)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        guard !closing else { return }
        context.fireChannelReadComplete()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !closing else { return }
        // An error between requests is the next request's: it waits for the answer before it, as that request would.
        if waitsForAnAnswer || !held.isEmpty {
            hold(.error(error))
        } else if requestOpen, unanswered == 0, error is HTTPParserError {
            // The body broke after the request was answered: a second answer would be read as the next request's, so the
            // connection is closed without one (Hummingbird answered a bare 400, a review).
            shutDown(context: context)
        } else {
            deliver(error, context: context)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed, !held.isEmpty, !closing {
            held.append(.inputClosed)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func read(context: ChannelHandlerContext) {
        // While a request is held its bytes stay in the socket (the client waits), but a closing connection is read and
        // dropped, so that closing it does not reset what it was sent.
        if held.isEmpty || closing { context.read() } else { readWanted = true }
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        // Closed from behind (Hummingbird's graceful shutdown, its idle timeout): what is held is never run. Shutting down,
        // Hummingbird writes the answer's end and then closes: a request let through between the two ran with no one to
        // answer (a review).
        if mode == .all {
            closedBehind = true
            held.removeAll()
        }
        context.close(mode: mode, promise: promise)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !closing else {
            promise?.fail(ChannelError.outputClosed)
            return
        }
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.kind != .informational:
            // Hummingbird's own answer to what the parser could not read: a 400 with nothing in it.
            if let parseError, head.status == .badRequest, head.headerFields[.contentLength] == "0" {
                let error = ServerError.malformed(parseError)
                malformed(error)
                let body = error.answerBody
                head = HTTPResponse(status: error.status, headerFields: Self.headers(contentLength: body.utf8.count))
                replacedBody = ByteBuffer(string: body)
            } else if brokenRequest || requestCloses {
                // Said as it is done: the request asked to close (HTTP/1.0, `Connection: close`, no `Host`), or its body broke.
                head.headerFields[.connection] = "close"
            }
            lastAnswer = Self.saysClose(head.headerFields)
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end(let trailers):
            if let body = replacedBody {
                replacedBody = nil
                context.write(wrapOutboundOut(.body(body)), promise: nil)
            }
            unanswered = max(unanswered - 1, 0)
            (parseError, brokenRequest, requestCloses) = (nil, false, false)
            guard lastAnswer else {
                context.write(wrapOutboundOut(.end(trailers)), promise: promise)
                // The next request goes through once this write has left: a close right behind it (a graceful shutdown's)
                // comes first, and it is never run.
                context.eventLoop.assumeIsolatedUnsafeUnchecked().execute { self.letThrough(context: context) }
                return
            }
            let written = context.eventLoop.makePromise(of: Void.self)
            if let promise { written.futureResult.cascade(to: promise) }
            context.write(wrapOutboundOut(.end(trailers)), promise: written)
            shutDown(context: context, after: written.futureResult)
        default:
            context.write(data, promise: promise)
        }
    }

    /// The connection's last answer is written (or none is due): nothing more is read or answered, what was held is dropped,
    /// the output is closed once `written`, and the connection `linger` later.
    private func shutDown(context: ChannelHandlerContext, after written: EventLoopFuture<Void>? = nil) {
        closing = true
        held.removeAll()
        // Read on, and dropped: unread bytes would turn the close into a reset that can lose the answer.
        if readWanted {
            readWanted = false
            context.read()
        }
        let channel = context.channel
        let closeOutput = { @Sendable in
            channel.close(mode: .output, promise: nil)
            channel.eventLoop.scheduleTask(in: Self.linger) { channel.close(promise: nil) }
        }
        if let written { written.whenComplete { _ in closeOutput() } } else { closeOutput() }
        // A client that reads nothing leaves the write unfinished: the connection goes all the same (a review).
        channel.eventLoop.scheduleTask(in: lastWriteLimit) { channel.close(promise: nil) }
    }

    /// Keeps what arrived for after the answer, unless the connection is being closed (then no one would answer it).
    private func hold(_ item: Held) {
        if !closedBehind { held.append(item) }
    }

    /// A request was let through and read whole, and its answer has not ended: the next one waits.
    private var waitsForAnAnswer: Bool { !requestOpen && unanswered > 0 }

    private func deliver(_ part: HTTPRequestPart, context: ChannelHandlerContext) {
        switch part {
        case .head(let head):
            unanswered += 1
            requestOpen = true
            requestCloses = Self.saysClose(head.headerFields)
        case .end: requestOpen = false
        case .body: break
        }
        context.fireChannelRead(wrapInboundOut(part))
    }

    /// Delivers what was held up to the next request whose answer must wait (the one just let through), or what comes
    /// after it is read whole (an error, the end of the input: the next request's).
    private func letThrough(context: ChannelHandlerContext) {
        guard !closing, !closedBehind else { return }
        var delivered = false
        while let next = held.first {
            if case .part(.head) = next, waitsForAnAnswer { break }
            if case .part = next {} else if waitsForAnAnswer { break }
            held.removeFirst()
            delivered = true
            switch next {
            case .part(let part): deliver(part, context: context)
            case .error(let error): deliver(error, context: context)
            case .inputClosed: context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
            }
        }
        if delivered { context.fireChannelReadComplete() }
        if held.isEmpty, readWanted {
            readWanted = false
            context.read()
        }
    }

    private func deliver(_ error: any Error, context: ChannelHandlerContext) {
        if let error = error as? HTTPParserError {
            if requestOpen { brokenRequest = true } else { parseError = error }
        }
        context.fireErrorCaught(error)
    }

    /// Whether a request's or an answer's `Connection` says `close`.
    static func saysClose(_ fields: HTTPFields) -> Bool {
        fields[values: .connection].contains { $0.lowercased().contains("close") }
    }

    /// The headers of an answer to a request the parser could not read: those every answer carries
    /// (`ResponseHeadersMiddleware`, which such a request never reaches), and `Connection: close`.
    static func headers(contentLength: Int) -> HTTPFields {
        var fields: HTTPFields = [
            .contentType: "application/json; charset=utf-8", .contentLength: String(contentLength), .connection: "close",
            .cacheControl: "no-store", .server: "navviz", .date: httpDate(), .contentSecurityPolicy: answerPolicy,
        ]
        for field in fixedResponseHeaders { fields[field.name] = field.value }
        return fields
    }

    /// Now as an HTTP date (`Sun, 29 Nov 2026 02:50:38 GMT`, RFC 9110 §5.6.7).
    static func httpDate(_ seconds: time_t = time(nil)) -> String {
        var clock = seconds
        var parts = tm()
        gmtime_r(&clock, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}

extension ServerError {
    /// The refusal of a request the HTTP parser could not read.
    static func malformed(_ error: HTTPParserError) -> ServerError {
        // A method the parser does not know is a valid token all the same (`FOO`): 501, not 400 (RFC 9110 §9.1; a trial).
        switch error {
        case .headerOverflow: .malformedRequest(reason: reason(error), headTooLarge: true)
        case .invalidMethod: .unknownMethod
        default: .malformedRequest(reason: reason(error))
        }
    }

    /// What the parser found wrong, in a request's words: its own text named itself (`unknown (http_parser error)`,
    /// `strict mode assertion`) or misled (`invalid character in content-length header` for a length past 64 bits), a
    /// security review.
    static func reason(_ error: HTTPParserError) -> String {
        switch error {
        case .invalidURL, .invalidPath, .invalidQueryString, .invalidFragment, .invalidHost, .invalidPort:
            "the request target cannot be read"
        case .invalidVersion:
            "the request line does not end in HTTP/1.1 or HTTP/1.0 and CRLF"
        case .lfExpected: "a line ends in a CR without its LF"
        case .invalidHeaderToken, .invalidCharactersUsed:
            "a header field holds a character not allowed there: a control character, a space in its name, or a line folded onto the next"
        case .invalidContentLength:
            "Content-Length is not one number of bytes (decimal digits, below 2^64)"
        case .unexpectedContentLength:
            "Content-Length given twice, or with Transfer-Encoding"
        case .invalidChunkSize: "a chunk's size is not a hexadecimal number"
        case .strictModeAssertion:
            "it breaks one of HTTP/1.1's strict rules (a line that ends in a CR alone, a chunk longer than its size, for instance)"
        case .invalidEOFState, .closedConnection:
            "the connection closed before the request was whole (the client went, or its header fields took longer than --idle-timeout)"
        case .trailingGarbage: "bytes follow the request where none may"
        case .headerOverflow: "the request line and header fields are too long"
        default:
            "the HTTP/1.1 parser cannot read it (a space in the request target, Transfer-Encoding with Content-Length or "
                + "twice, or HTTP/2, for instance)"
        }
    }
}
