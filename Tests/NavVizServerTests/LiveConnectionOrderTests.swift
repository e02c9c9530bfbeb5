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
        #expect(!daemon.log.contains("201"), "\(daemon.log)")
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

    /// What the parser cannot read is answered with a message, the daemon's headers and `Connection: close`, and
    /// logged; Hummingbird answered a bare `400` with no body, headers or log line (a trial).
    @Test(arguments: [
        (
            "GARBAGE\r\n\r\n", "400 Bad Request",
            "Refusing a request that is not valid HTTP/1.1 (invalid HTTP method): see RFC 9112 for how a request is written"
        ),
        (
            "GET /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n", "400 Bad Request",
            "Refusing a request that is not valid HTTP/1.1 (invalid character in header): see RFC 9112 for how a request is written"
        ),
        (
            "GET /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ten\r\n\r\n", "400 Bad Request",
            "Refusing a request that is not valid HTTP/1.1 (invalid character in content-length header): see RFC 9112 for how a request is written"
        ),
        (
            "GET /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Large: \(String(repeating: "x", count: 90_000))\r\n\r\n",
            "431 Request Header Fields Too Large",
            "Refusing a request whose request line and header fields come to more than 80 KB: send a shorter address, or fewer or shorter header fields"
        ),
        (
            "GET /\(String(repeating: "a", count: 90_000)) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "431 Request Header Fields Too Large",
            "Refusing a request whose request line and header fields come to more than 80 KB: send a shorter address, or fewer or shorter header fields"
        ),
        // After an answered request on the same connection: the error is the next request's, answered after the first.
        (
            list + "GARBAGE\r\n\r\n", "400 Bad Request",
            "Refusing a request that is not valid HTTP/1.1 (invalid HTTP method): see RFC 9112 for how a request is written"
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
        #expect(received.hasSuffix(#"{"error":{"message":"body: cannot be read: invalid character in chunk size header"}}"#))
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
