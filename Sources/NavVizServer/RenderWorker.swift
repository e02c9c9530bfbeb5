import Foundation
import NavVizRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The render worker's side of the pipe protocol (`navviz render-worker`): read a request frame
/// (4-byte big-endian length, then that many bytes: one byte of text metrics — 0 the installed fonts,
/// 1 portable — and the DOT) from standard input, render it, write a
/// response frame (1 status byte — 0 SVG, 1 invalid DOT, 2 layout failed, 3 render failed, 4 no
/// portable metrics — then a
/// 4-byte big-endian length and the bytes), until standard input ends.
public enum RenderWorker {
    /// Serves requests until standard input closes; returns the exit status.
    public static func serve() -> Int32 {
        // Keep the protocol's stdout to ourselves: anything else that writes to fd 1 goes to stderr.
        let output = dup(1)
        guard output >= 0, dup2(2, 1) >= 0 else { return 71 }
        while let request = WorkerPipe.readFrame(0) {
            let metrics: TextMetrics = request.first == 1 ? .portable : .fonts
            let dot = String(decoding: request.dropFirst(), as: UTF8.self)
            let (status, payload): (UInt8, String)
            do {
                (status, payload) = (0, try GraphvizRenderer.shared.renderSync(dot: dot, metrics: metrics))
            } catch {
                (status, payload) = encode(error)
            }
            guard WorkerPipe.writeResponse(output, status: status, payload: Array(payload.utf8)) else { return 74 }
        }
        return 0
    }

    static func encode(_ error: RenderError) -> (UInt8, String) {
        switch error {
        case .invalidDOT(let reason): (1, reason)
        case .layoutFailed(let engine, let reason): (2, engine + "\n" + reason)
        case .renderFailed(let format, let reason): (3, format + "\n" + reason)
        case .portableMetricsUnavailable(let reason): (4, reason)
        }
    }

    static func decode(status: UInt8, payload: String) -> RenderError? {
        let parts = payload.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let (first, rest) = (parts.first ?? "", parts.count > 1 ? parts[1] : "")
        switch status {
        case 1: return .invalidDOT(reason: payload)
        case 2: return .layoutFailed(engine: first, reason: rest)
        case 3: return .renderFailed(format: first, reason: rest)
        case 4: return .portableMetricsUnavailable(reason: payload)
        default: return nil
        }
    }
}

/// Framed reads and writes on pipes (blocking; callers keep them off the concurrency pool).
enum WorkerPipe {
    static func readFully(_ fd: Int32, _ count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let n = buffer[offset...].withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            offset += n
        }
        return buffer
    }

    static func writeFully(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    static func lengthBytes(_ count: Int) -> [UInt8] {
        let n = UInt32(count)
        return [UInt8(n >> 24), UInt8((n >> 16) & 0xFF), UInt8((n >> 8) & 0xFF), UInt8(n & 0xFF)]
    }

    static func length(_ bytes: [UInt8]) -> Int {
        Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
    }

    static func readFrame(_ fd: Int32) -> [UInt8]? {
        guard let header = readFully(fd, 4) else { return nil }
        return readFully(fd, length(header))
    }

    static func writeRequest(_ fd: Int32, _ payload: [UInt8]) -> Bool {
        writeFully(fd, lengthBytes(payload.count) + payload)
    }

    static func writeResponse(_ fd: Int32, status: UInt8, payload: [UInt8]) -> Bool {
        writeFully(fd, [status] + lengthBytes(payload.count) + payload)
    }

    static func readResponse(_ fd: Int32) -> (status: UInt8, payload: [UInt8])? {
        guard let header = readFully(fd, 5) else { return nil }
        guard let payload = readFully(fd, length(Array(header[1...]))) else { return nil }
        return (header[0], payload)
    }
}
