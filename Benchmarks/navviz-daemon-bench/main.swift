import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// navviz daemon benchmarks (`make bench`, release build). Starts the built `navviz serve` (found beside
// this executable) on a free 127.0.0.1 port with a temporary --data, and drives it with bounded request
// loops over keep-alive connections. Prints figures; asserts nothing. Only loopback is contacted.

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

/// One HTTP/1.1 keep-alive connection to 127.0.0.1 (blocking; enough for a benchmark).
final class Connection {
    let fd: Int32
    var buffer: [UInt8] = []

    init(port: Int) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        precondition(result == 0, "cannot connect to 127.0.0.1:\(port)")
    }

    deinit { close(fd) }

    /// Sends a request and reads the whole response; returns the status and body.
    func request(_ method: String, _ path: String, body: String = "") -> (status: Int, body: [UInt8]) {
        let bytes = Array(body.utf8)
        let head =
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(bytes.count)\r\n\r\n"
        let message = Array(head.utf8) + bytes
        var sent = 0
        while sent < message.count {
            let n = message[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            precondition(n > 0, "send failed")
            sent += n
        }
        let headerEnd = readUntilHeaderEnd()
        let header = String(decoding: buffer[0..<headerEnd], as: UTF8.self)
        buffer.removeFirst(headerEnd + 4)
        let status = Int(header.split(separator: " ")[1]) ?? 0
        let length =
            header.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        fill(length)
        let payload = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return (status, payload)
    }

    private func readUntilHeaderEnd() -> Int {
        while true {
            if buffer.count >= 4 {
                for i in 0...(buffer.count - 4) where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
                    return i
                }
            }
            receive()
        }
    }

    private func fill(_ count: Int) {
        while buffer.count < count { receive() }
    }

    private func receive() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = recv(fd, &chunk, chunk.count, 0)
        precondition(n > 0, "connection closed")
        buffer += chunk[0..<n]
    }
}

/// A `navviz serve` process.
final class Daemon {
    let process = Process()
    let port: Int
    let data: String

    init(_ extra: [String] = []) {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("navviz").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            print("navviz was not found beside this benchmark (\(binary)): run `swift build -c release --product navviz` first")
            exit(1)
        }
        data = NSTemporaryDirectory() + "navviz-bench-\(UUID().uuidString)"
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--port", "0"] + (extra.contains("--memory") ? extra : ["--data", data] + extra)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try! process.run()
        var line = Data()
        while !line.contains(10) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "127.0.0.1:"), let port = Int(text[range.upperBound...].prefix { $0.isNumber }) else {
            print("navviz serve did not start: \(text)")
            exit(1)
        }
        self.port = port
    }

    func stop() {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: data)
    }

    /// Resident memory in KiB of the daemon and of its children (the render workers).
    func residentKiB() -> (daemon: Int, workers: Int) {
        let pid = process.processIdentifier
        let children = ((try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? "")
            .split(separator: " ").compactMap { Int32($0) }
        return (Self.rss(pid), children.map(Self.rss).reduce(0, +))
    }

    static func rss(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

/// A tab bar of 5 navigation controllers of 9 screens each: 51 nodes. Steps push onto and pop off the
/// selected stack, so every step is simulated, journaled and answered over a ~50-node hierarchy.
let root =
    #"{"tabs": ["#
    + (0..<5).map { tab in #"{"navigation": ["# + (0..<9).map { #""T\#(tab)S\#($0)""# }.joined(separator: ", ") + #"], "id": "nav\#(tab)"}"#
    }.joined(separator: ", ") + "]}"

func step(_ index: Int) -> String { index % 2 == 0 ? #"{"op": "push", "node": "Detail"}"# : #"{"op": "pop"}"# }

print("navviz daemon benchmarks (\(ProcessInfo.processInfo.activeProcessorCount) cores, loopback only)")
print("")

// MARK: Steps accepted per second, with latency

func throughput(_ extra: [String], label: String) {
    let daemon = Daemon(extra)
    let sessions = ["bench0", "bench1", "bench2", "bench3"]
    let setup = Connection(port: daemon.port)
    for id in sessions {
        let created = setup.request("POST", "/api/sessions", body: #"{"id": "\#(id)", "root": \#(root)}"#)
        precondition(created.status == 201, "session not created: \(String(decoding: created.body, as: UTF8.self))")
    }
    let nodes =
        String(decoding: setup.request("POST", "/api/sessions/bench0/steps", body: step(0)).body, as: UTF8.self)
        .components(separatedBy: "\"kind\":").count - 1
    _ = setup.request("POST", "/api/sessions/bench0/steps", body: step(1))
    for index in 0..<400 { _ = setup.request("POST", "/api/sessions/bench1/steps", body: step(index)) }  // warm-up
    print("daemon: POST /api/sessions/{id}/steps, \(nodes)-node hierarchy, \(label)")

    final class Latencies: @unchecked Sendable {
        let lock = NSLock()
        var values: [[Double]]
        init(_ count: Int) { values = Array(repeating: [], count: count) }
    }
    let port = daemon.port
    func measure(connections: Int, perConnection: Int) -> (rate: Double, p50: Double, p99: Double) {
        let latencies = Latencies(connections)
        let group = DispatchGroup()
        let start = now()
        for c in 0..<connections {
            group.enter()
            Thread.detachNewThread {
                let connection = Connection(port: port)
                var mine: [Double] = []
                mine.reserveCapacity(perConnection)
                for index in 0..<perConnection {
                    let t0 = now()
                    let response = connection.request("POST", "/api/sessions/\(sessions[c % sessions.count])/steps", body: step(index))
                    mine.append(now() - t0)
                    precondition(response.status == 201, "step not accepted: \(response.status)")
                }
                latencies.lock.withLock { latencies.values[c] = mine }
                group.leave()
            }
        }
        group.wait()
        let elapsed = now() - start
        let all = latencies.values.flatMap { $0 }.sorted()
        return (Double(all.count) / elapsed, percentile(all, 0.5) * 1000, percentile(all, 0.99) * 1000)
    }
    for (connections, count) in [(1, 3000), (4, 1500)] {
        let result = measure(connections: connections, perConnection: count)
        let met = result.rate >= 1000 && result.p99 < 20
        print(
            String(
                format: "  %d connection%@: %6.0f steps/s, p50 %.2f ms, p99 %.2f ms (goal ≥ 1,000/s, p99 < 20 ms: %@)",
                connections, connections == 1 ? " " : "s", result.rate, result.p50, result.p99, met ? "met" : "NOT met"))
    }
    daemon.stop()
}
throughput([], label: "journal fsync'd before each 201")
throughput(["--memory"], label: "for comparison, --memory (no journal)")
print("")

// MARK: Memory over 10,000 renders

/// A clustered 50-node snapshot (the kind of graph Graphviz 2.42 leaks on), varied per render.
func snapshot(_ index: Int) -> String {
    let tabs = (0..<5).map { tab in
        let children = (0..<9).map {
            #"{"id": "t\#(tab)s\#($0)", "kind": "controller", "screen": "Screen \#(tab).\#($0) #\#(index % 7)", "children": []}"#
        }
        return #"{"id": "nav\#(tab)", "kind": "navigation", "children": [\#(children.joined(separator: ","))]}"#
    }
    return #"{"id": "tabs", "kind": "tab", "selected": \#(index % 5), "children": [\#(tabs.joined(separator: ","))]}"#
}

func memory(_ label: String, _ extra: [String]) {
    let daemon = Daemon(extra)
    let connection = Connection(port: daemon.port)
    var after100 = (daemon: 0, workers: 0)
    let start = now()
    for index in 1...10_000 {
        let response = connection.request("POST", "/api/render", body: snapshot(index))
        precondition(response.status == 200, "render failed: \(String(decoding: response.body, as: UTF8.self))")
        if index == 100 { after100 = daemon.residentKiB() }
    }
    let elapsed = now() - start
    let after10k = daemon.residentKiB()
    let growth = Double(after10k.daemon - after100.daemon) / Double(after100.daemon) * 100
    let total100 = after100.daemon + after100.workers
    let total10k = after10k.daemon + after10k.workers
    print("  \(label): \(String(format: "%.1f", elapsed / 10_000 * 1000)) ms per render")
    print(
        String(
            format: "    daemon RSS after 100 renders %.1f MB, after 10,000 %.1f MB: %+.1f%% (goal within 25%%: %@)",
            Double(after100.daemon) / 1024, Double(after10k.daemon) / 1024, growth, abs(growth) <= 25 ? "met" : "NOT met"))
    if total100 != after100.daemon || total10k != after10k.daemon {
        print(
            String(
                format: "    with its render worker: %.1f MB → %.1f MB (%+.1f%%)",
                Double(total100) / 1024, Double(total10k) / 1024, Double(total10k - total100) / Double(total100) * 100))
    }
    daemon.stop()
}

if ProcessInfo.processInfo.environment["NAVVIZ_BENCH_SKIP_MEMORY"] != nil { exit(0) }
print("daemon memory: POST /api/render, a clustered 51-node snapshot, 10,000 times")
memory("render workers recycled every 200 renders (the default)", [])
memory("for comparison, rendering inside the daemon", ["--render-in-process"])
