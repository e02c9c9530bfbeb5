import NIOCore
import NIOHTTP1

/// Puts `HTTP10ConnectionClose` where it can see a request's HTTP version: right after the request decoder, before the
/// conversion to HTTP types drops the version. Added with the daemon's other channel handlers, after that conversion.
final class HTTP10CloseInstaller: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = NIOAny

    func handlerAdded(context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        guard let decoder = try? pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self) else { return }
        try? pipeline.addHandler(HTTP10ConnectionClose(), position: .after(decoder))
    }
}

/// Marks an HTTP/1.0 request without keep-alive or with `Transfer-Encoding`, and one without `Host`, `Connection: close`, which Hummingbird reads to
/// close the connection after the answer: HTTP/1.0 closes by default, and such a connection stayed open to the idle
/// timeout, as did one refused for naming no host (a security probe).
final class HTTP10ConnectionClose: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // A request that names no host is refused (HTTP/1.1 requires `Host`): it is closed once refused too.
        // HTTP/1.0 with Transfer-Encoding has faulty framing: the connection is closed after the answer (RFC 9112 §6.1; a
        // security trial's chunked 1.0 request kept it open for the next).
        guard case .head(var head) = unwrapInboundIn(data),
            (head.version == .http1_0 && (!head.isKeepAlive || head.headers.contains(name: "Transfer-Encoding")))
                || head.headers["Host"].isEmpty
        else {
            context.fireChannelRead(data)
            return
        }
        head.headers.replaceOrAdd(name: "Connection", value: "close")
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}
