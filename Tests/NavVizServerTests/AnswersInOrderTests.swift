import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import NavVizServer

/// `AnswersInOrder` driven part by part on an embedded channel: what reaches the HTTP server behind it, and when.
@Suite struct AnswersInOrderTests {
    static func request(_ path: String, close: Bool = false) -> HTTPRequestPart {
        .head(
            HTTPRequest(method: .get, scheme: nil, authority: "127.0.0.1", path: path, headerFields: close ? [.connection: "close"] : [:]))
    }

    static let answer = HTTPResponse(status: .ok, headerFields: [.contentLength: "0"])

    /// The paths of the request heads that reached the server, in order, and their ends.
    static func delivered(_ channel: EmbeddedChannel) throws -> [String] {
        var parts: [String] = []
        while let part = try channel.readInbound(as: HTTPRequestPart.self) {
            switch part {
            case .head(let head): parts.append(head.path ?? "")
            case .body: parts.append("body")
            case .end: parts.append("end")
            }
        }
        return parts
    }

    /// A request sent before the answer to the one before it waits for that answer's end.
    @Test func aPipelinedRequestWaitsForTheAnswerBeforeIt() throws {
        let channel = EmbeddedChannel(handler: AnswersInOrder())
        for part in [Self.request("/a"), .end(nil), Self.request("/b"), .end(nil)] { try channel.writeInbound(part) }
        #expect(try Self.delivered(channel) == ["/a", "end"])
        try channel.writeOutbound(HTTPResponsePart.head(Self.answer))
        #expect(try Self.delivered(channel).isEmpty)
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        channel.embeddedEventLoop.run()
        #expect(try Self.delivered(channel) == ["/b", "end"])
        _ = try channel.finish()
    }

    /// Closed from behind while a request waits (a graceful shutdown writes the answer's end, then closes): the waiting
    /// request never reaches the server, which would run it with no one to answer (a review).
    @Test func aCloseFromBehindDropsTheWaitingRequest() throws {
        let channel = EmbeddedChannel(handler: AnswersInOrder())
        for part in [Self.request("/a"), .end(nil), Self.request("/delete"), .end(nil)] { try channel.writeInbound(part) }
        #expect(try Self.delivered(channel) == ["/a", "end"])
        try channel.writeOutbound(HTTPResponsePart.head(Self.answer))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        channel.pipeline.close(promise: nil)
        channel.embeddedEventLoop.run()
        #expect(try Self.delivered(channel).isEmpty)
    }

    /// A request that asks to close is the last one read: its answer says so, and what follows is dropped.
    @Test func aRequestThatAsksToCloseIsTheLast() throws {
        let channel = EmbeddedChannel(handler: AnswersInOrder())
        for part in [Self.request("/a", close: true), .end(nil), Self.request("/b"), .end(nil)] { try channel.writeInbound(part) }
        #expect(try Self.delivered(channel) == ["/a", "end"])
        try channel.writeOutbound(HTTPResponsePart.head(Self.answer))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        channel.embeddedEventLoop.run()
        guard case .head(let head)? = try channel.readOutbound(as: HTTPResponsePart.self) else {
            Issue.record("no answer head")
            return
        }
        #expect(head.headerFields[.connection] == "close")
        #expect(try Self.delivered(channel).isEmpty)
        // Nothing more is read.
        try channel.writeInbound(Self.request("/c"))
        #expect(try Self.delivered(channel).isEmpty)
    }
}
