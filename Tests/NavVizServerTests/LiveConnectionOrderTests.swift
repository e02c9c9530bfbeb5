import Foundation
import NavVizClient
import Testing

@testable import NavVizServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A connection's requests are answered one at a time, in order, and none after an answer that closes the connection
/// (RFC 9112 §9.6); a request the HTTP parser cannot read is answered as a refusal is (`AnswersInOrder`).
@Suite(.serialized) struct LiveConnectionOrderTests {
    static func create(_ id: String, origin: String? = nil) -> String {
        let body = #"{"id": "\#(id)", "root": {"navigation": ["Home"]}}"#
        return "POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (origin.map { "Origin: \($0)\r\n" } ?? "")
            + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    static let list = "GET /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    /// The status lines of the answers in `text`, in order (an answer's body runs into the next one's status line).
    static func statuses(_ text: String) -> [String] {
        text.components(separatedBy: "HTTP/1.1 ").dropFirst().compactMap { piece in
            guard piece.prefix(3).allSatisfy(\.isNumber), let end = piece.range(of: "\r\n") else { return nil }
            return String(piece[..<end.lowerBound])
        }
    }

    /// A refused request's answer closes the connection, and what the client sent after it is never read: a pipelined
    /// request behind a cross-site refusal created a session (a security trial).
    @Test func nothingSentAfterARefusalIsRead() async throws {
        let daemon = try DaemonProcess(["--memory", "--idle-timeout", "30"])
        defer { daemon.stop(SIGTERM) }
        let (closed, received) = try await converse(
            port: daemon.port, Self.create("behind", origin: "https://evil.example") + Self.create("after") + Self.list, timeout: 5)
        #expect(closed, "the daemon kept the connection open")
        #expect(Self.statuses(received) == ["403 Forbidden"], "\(received)")
        #expect(received.contains("\r\nConnection: close\r\n"))
        #expect(try await NavVizClient(baseURL: daemon.baseURL).sessions().isEmpty)
        #expect(!daemon.log.contains("POST /api/sessions 201"), "\(daemon.log)")
    }

    /// Pipelined requests are answered each in turn; one that asks to close is the last answered.
    @Test func pipelinedRequestsAreAnsweredInOrderUntilOneCloses() async throws {
        let daemon = try DaemonProcess(["--memory", "--idle-timeout", "30"])
        defer { daemon.stop(SIGTERM) }
        let closing = "GET /api/sessions/one HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        let (closed, received) = try await converse(
            port: daemon.port,
            Self.create("one") + "GET /api/sessions/none HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" + Self.list + closing
                + Self.create("two"),
            timeout: 5)
        #expect(closed, "the daemon kept the connection open")
        #expect(Self.statuses(received) == ["201 Created", "404 Not Found", "200 OK", "200 OK"], "\(received)")
        #expect(try await NavVizClient(baseURL: daemon.baseURL).sessions().map(\.id) == ["one"])
    }

    /// A request that asks to close (HTTP/1.0, `Connection: close`, or refused for naming no host) is the connection's
    /// last: its answer says so, and a request pipelined behind it is never read (the connection stayed open, its second
    /// request let through to no one, a review).
    @Test(arguments: [
        "GET /api/sessions HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n",
        "GET /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
        "GET /api/sessions HTTP/1.1\r\n\r\n",
    ])
    func aRequestThatAsksToCloseIsTheLastRead(request: String) async throws {
        let daemon = try DaemonProcess(["--memory", "--idle-timeout", "30"])
        defer { daemon.stop(SIGTERM) }
        let (closed, received) = try await converse(port: daemon.port, request + Self.create("after"), timeout: 5)
        #expect(closed, "the daemon kept the connection open")
        #expect(Self.statuses(received).count == 1, "\(received)")
        #expect(received.contains("\r\nConnection: close\r\n"), "\(received)")
        #expect(try await NavVizClient(baseURL: daemon.baseURL).sessions().isEmpty)
    }

    /// An unreadable request pipelined behind two others is the third's to answer: the second's answer is its own (a
    /// `204` was replaced by the third's `400`, after the delete it answered had happened, a review).
    @Test func anUnreadableRequestIsAnsweredAfterTheOnesBeforeIt() async throws {
        let daemon = try DaemonProcess(["--memory", "--idle-timeout", "30"])
        defer { daemon.stop(SIGTERM) }
        _ = try await NavVizClient(baseURL: daemon.baseURL).createSession(name: "x", id: "x", root: ["navigation": ["Home"]])
        for second in [Self.list, "DELETE /api/sessions/x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"] {
            let (closed, received) = try await converse(port: daemon.port, Self.list + second + "GARBAGE\r\n\r\n", timeout: 5)
            #expect(closed, "the daemon kept the connection open")
            let statuses = Self.statuses(received)
            #expect(statuses == ["200 OK", second == Self.list ? "200 OK" : "204 No Content", "501 Not Implemented"], "\(received)")
            #expect(
                received.hasSuffix("or whose request line cannot be read: see RFC 9112 for how a request is written\"}}"), "\(received)")
        }
        #expect(try await NavVizClient(baseURL: daemon.baseURL).sessions().isEmpty)
    }

    /// A body that breaks after its request was answered gets no second answer (it would be read as the next request's):
    /// the connection is closed. (A `DELETE`, whose route reads no body: a `GET` that announces one is refused at once.)
    @Test func aBodyThatBreaksAfterItsAnswerClosesTheConnection() async throws {
        let daemon = try DaemonProcess(["--memory", "--idle-timeout", "30"])
        defer { daemon.stop(SIGTERM) }
        let result = try await RawConnection.run(port: daemon.port) { connection in
            connection.send("DELETE /api/sessions/none HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n")
            let answer = connection.read(until: "\"}}", timeout: 5)
            connection.send("zz\r\n")
            return answer + connection.readToEnd(timeout: 5)
        }
        #expect(result.closed, "the daemon kept the connection open")
        #expect(Self.statuses(result.text) == ["404 Not Found"], "\(result.text)")
    }

    /// A `GET` that announces a body is refused before its body is read, and its connection closed.
    @Test func aGETWithABodyIsRefusedAtOnce() async throws {
        let daemon = try DaemonProcess(["--memory", "--idle-timeout", "30"])
        defer { daemon.stop(SIGTERM) }
        let result = try await RawConnection.run(port: daemon.port) { connection in
            connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 999999999\r\n\r\n{")
            return connection.readToEnd(timeout: 5)
        }
        #expect(result.closed, "the daemon kept the connection open")
        #expect(Self.statuses(result.text) == ["400 Bad Request"], "\(result.text)")
        #expect(
            result.text.hasSuffix(
                #"A GET request carries no body: send it without one (no Content-Length above 0, no Transfer-Encoding)"}}"#),
            "\(result.text)")
    }

    /// An event stream hears that its client closed its end, whatever the client sent after it: the stream ends and the
    /// connection is closed at once, not at the next ping (a review: the close was held behind the unreadable byte).
    @Test func anEventStreamEndsWhenItsClientClosesAfterSendingMore() async throws {
        let daemon = try DaemonProcess(["--memory", "--idle-timeout", "30"])
        defer { daemon.stop(SIGTERM) }
        let start = ContinuousClock.now
        let result = try await RawConnection.run(port: daemon.port) { connection in
            connection.send("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
            let opened = connection.read(until: "retry: 2000", timeout: 5)
            connection.send("X")
            connection.halfClose()
            return opened + connection.readToEnd(timeout: 12)
        }
        #expect(result.text.hasPrefix("HTTP/1.1 200 OK"), "\(result.text)")
        #expect(result.closed, "the daemon kept the connection open")
        // The next ping is 15 s away.
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    /// A request with 1,000 header fields besides `Host`, a few KB in all.
    static let thousandFields: String = {
        let fields: [String] = (1...1000).map { (number: Int) -> String in "X\(number): y\r\n" }
        return "GET /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\n" + fields.joined() + "\r\n"
    }()

    /// What the parser cannot read is answered with a message, the daemon's headers and `Connection: close`, and
    /// logged; Hummingbird answered a bare `400` with no body, headers or log line (a trial).
    @Test(arguments: [
        (
            "GARBAGE\r\n\r\n", "501 Not Implemented",
            "Refusing a request whose method navviz serve does not implement (it answers GET, HEAD, POST, DELETE and OPTIONS), or whose request line cannot be read: see RFC 9112 for how a request is written"
        ),
        // A method HTTP allows that the parser does not know (a trial got 400, 'the method cannot be read').
        (
            "FOO /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "501 Not Implemented",
            "Refusing a request whose method navviz serve does not implement (it answers GET, HEAD, POST, DELETE and OPTIONS), or whose request line cannot be read: see RFC 9112 for how a request is written"
        ),
        // Hummingbird's decoder takes at most 1,000 header fields (the message named only 80 KB: a trial).
        (
            thousandFields,
            "431 Request Header Fields Too Large",
            "Refusing a request whose request line and header fields come to more than 80 KB, or to more than 1,000 fields: send a shorter address, or fewer or shorter header fields"
        ),
        (
            "GET /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n", "400 Bad Request",
            "Refusing a request that is not valid HTTP/1.1 (a header field holds a character not allowed there: a control character, a space in its name, or a line folded onto the next): see RFC 9112 for how a request is written"
        ),
        (
            "GET /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ten\r\n\r\n", "400 Bad Request",
            "Refusing a request that is not valid HTTP/1.1 (Content-Length is not one number of bytes (decimal digits, below 2^64)): see RFC 9112 for how a request is written"
        ),
        // The parser's own words named itself (`unknown (http_parser error)`), a security review.
        (
            "POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n",
            "400 Bad Request",
            "Refusing a request that is not valid HTTP/1.1 (the HTTP/1.1 parser cannot read it (a space in the request target, "
                + "Transfer-Encoding with Content-Length or twice, or HTTP/2, for instance)): see RFC 9112 for how a request is written"
        ),
        (
            "GET /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n", "400 Bad Request",
            "Refusing a request that is not valid HTTP/1.1 (Content-Length given twice, or with Transfer-Encoding): see RFC 9112 "
                + "for how a request is written"
        ),
        (
            "GET /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999999999999999\r\n\r\n", "400 Bad Request",
            "Refusing a request that is not valid HTTP/1.1 (Content-Length is not one number of bytes (decimal digits, below 2^64)): "
                + "see RFC 9112 for how a request is written"
        ),
        (
            "GET /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Large: \(String(repeating: "x", count: 90_000))\r\n\r\n",
            "431 Request Header Fields Too Large",
            "Refusing a request whose request line and header fields come to more than 80 KB, or to more than 1,000 fields: send a shorter address, or fewer or shorter header fields"
        ),
        (
            "GET /\(String(repeating: "a", count: 90_000)) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "431 Request Header Fields Too Large",
            "Refusing a request whose request line and header fields come to more than 80 KB, or to more than 1,000 fields: send a shorter address, or fewer or shorter header fields"
        ),
        // After an answered request on the same connection: the error is the next request's, answered after the first.
        (
            list + "GARBAGE\r\n\r\n", "501 Not Implemented",
            "Refusing a request whose method navviz serve does not implement (it answers GET, HEAD, POST, DELETE and OPTIONS), or whose request line cannot be read: see RFC 9112 for how a request is written"
        ),
    ])
    func aRequestTheParserCannotReadIsAnsweredAsARefusal(request: String, status: String, message: String) async throws {
        let daemon = try DaemonProcess(["--memory", "--idle-timeout", "30"])
        defer { daemon.stop(SIGTERM) }
        let (closed, received) = try await converse(port: daemon.port, request, timeout: 5)
        #expect(closed, "the daemon kept the connection open")
        #expect(Self.statuses(received) == (request.hasPrefix(Self.list) ? ["200 OK", status] : [status]), "\(received)")
        let answer = String(received[try #require(received.range(of: "HTTP/1.1 \(status)", options: .backwards)).lowerBound...])
        for header in [
            "Content-Type: application/json; charset=utf-8", "Connection: close", "Cache-Control: no-store", "Server: navviz",
            "X-Content-Type-Options: nosniff", "Cross-Origin-Resource-Policy: same-origin", "Referrer-Policy: no-referrer",
            "X-Frame-Options: DENY",
        ] {
            #expect(answer.contains("\r\n\(header)\r\n"), "\(header) missing in \(answer)")
        }
        #expect(answer.contains("\r\nDate: "))
        #expect(answer.hasSuffix("\r\n\r\n{\"error\":{\"message\":\"\(message)\"}}"), "\(answer)")
        var logged = ""
        for _ in 0..<50 where !logged.contains("Unreadable request") {
            try await Task.sleep(for: .milliseconds(100))
            logged = daemon.log
        }
        #expect(logged.contains("Unreadable request \(status.prefix(3)): \(message)\n"), "\(logged)")
    }

    /// A body the parser cannot read partway through is the request's own: its answer says the connection closes, and
    /// nothing more is answered.
    @Test func aBodyThatCannotBeReadClosesTheConnectionAfterItsAnswer() async throws {
        let daemon = try DaemonProcess(["--memory", "--idle-timeout", "30"])
        defer { daemon.stop(SIGTERM) }
        let (closed, received) = try await converse(
            port: daemon.port,
            "POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
            timeout: 5)
        #expect(closed, "the daemon kept the connection open")
        #expect(Self.statuses(received) == ["400 Bad Request"], "\(received)")
        #expect(received.contains("\r\nConnection: close\r\n"))
        #expect(
            received.hasSuffix(
                #"{"error":{"message":"Refusing a request that is not valid HTTP/1.1 (a chunk's size is not a hexadecimal number): "#
                    + #"see RFC 9112 for how a request is written"}}"#), "\(received)")
    }
}

@Suite struct ConnectionOrderTextTests {
    @Test(arguments: [
        (0, ""), (1, " (1 more answered 404 before this one was left out of the log)"),
        (7, " (7 more answered 404 before this one were left out of the log)"),
    ])
    func aLogLineSaysHowManyWereLeftOut(left: Int, note: String) {
        #expect(RefusalLog.note(left: left, status: 404) == note)
    }

    @Test(arguments: [(0, "Thu, 01 Jan 1970 00:00:00 GMT"), (1_795_920_638, "Sun, 29 Nov 2026 02:50:38 GMT")])
    func anAnswerIsDatedAsHTTPSays(seconds: Int, text: String) {
        #expect(AnswersInOrder.httpDate(time_t(seconds)) == text)
    }
}

/// A plain loopback connection driven step by step on a thread of its own (blocking reads), for exchanges `converse`
/// cannot script: a read between two sends, a half-close.
final class RawConnection: @unchecked Sendable {
    private let fd: Int32
    private var received = Data()
    private(set) var closed = false

    private init(fd: Int32) { self.fd = fd }

    /// Connects to `port` and runs `body` on a thread; what `body` returns, and whether the peer closed.
    static func run(port: Int, _ body: @escaping @Sendable (RawConnection) -> String) async throws -> (text: String, closed: Bool) {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                guard let fd = connectLoopback(port: port) else {
                    return continuation.resume(throwing: DaemonProcess.DaemonError(text: "connect failed"))
                }
                let connection = RawConnection(fd: fd)
                let text = body(connection)
                close(fd)
                continuation.resume(returning: (text, connection.closed))
            }
        }
    }

    func send(_ text: String) { _ = Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, 0) } }

    /// Closes the writing end (the client's FIN), as `nc -N` does after its request.
    func halfClose() { shutdown(fd, Int32(SHUT_WR)) }

    /// What arrives until `marker` has (from where the last read stopped), the peer closes, or `timeout` seconds pass.
    func read(until marker: String, timeout: Int) -> String {
        let start = received.count
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 65536)
        let pattern = Data(marker.utf8)
        // Looked for in what just came, with the marker's length before it: not the whole of it each time.
        var searched = start
        while received[max(start, searched - pattern.count)...].range(of: pattern) == nil {
            searched = received.count
            let n = recv(fd, &buffer, buffer.count, 0)
            if n == 0 { closed = true }
            if n <= 0 { break }
            received += buffer[0..<n]
        }
        return String(decoding: received[start...], as: UTF8.self)
    }

    /// What arrives until the peer closes, or nothing arrives for `timeout` seconds.
    func readToEnd(timeout: Int) -> String { read(until: "\u{0}never\u{0}", timeout: timeout) }
}
