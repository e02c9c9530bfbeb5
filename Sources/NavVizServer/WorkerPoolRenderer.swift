import Foundation
import NavVizRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Renders in worker processes (`navviz render-worker`), each replaced after `recycleAfter` renders:
/// Graphviz's per-render leak dies with the worker, so the daemon's memory stays flat. Workers are
/// started on first use; requests wait for a free one.
///
/// Diagrams whose DOT is larger than `largeDOTBytes` (a capture of thousands of controllers, which can
/// take seconds) are laid out by a worker of their own, so the diagrams of an interactive session never
/// queue behind one.
public final class WorkerPoolRenderer: DiagramRenderer {
    /// How the worker is started.
    public let command: [String]
    /// Renders per worker before it is replaced.
    public let recycleAfter: Int
    /// Seconds one render may take before its worker is killed and replaced.
    public let timeout: Int
    /// DOT larger than this goes to the worker for large diagrams.
    public let largeDOTBytes: Int
    private let pool: SlotPool
    private let largePool: SlotPool

    /// The default threshold for a large diagram: 64 KiB of DOT, some 600 controllers drawn in full.
    public static let defaultLargeDOTBytes = 64 * 1024

    /// A pool of `workers` processes running `command` (the executable path first), and one more for
    /// diagrams larger than `largeDOTBytes`.
    public init(
        command: [String], workers: Int = 1, recycleAfter: Int = 200, timeout: Int = 30, largeDOTBytes: Int = defaultLargeDOTBytes
    ) {
        self.command = command
        self.recycleAfter = max(1, recycleAfter)
        self.timeout = max(1, timeout)
        self.largeDOTBytes = largeDOTBytes
        // A worker that died must not take the daemon with it when we write to its pipe.
        signal(SIGPIPE, SIG_IGN)
        let slot = { WorkerSlot(command: command, recycleAfter: max(1, recycleAfter), timeout: max(1, timeout)) }
        self.pool = SlotPool(slots: (0..<max(1, workers)).map { _ in slot() })
        self.largePool = SlotPool(slots: [slot()])
    }

    /// Renders `dot` to SVG in the next free worker process (of the large-diagram lane for a large one).
    public func svg(dot: String) async throws(ServerError) -> String {
        let pool = dot.utf8.count > largeDOTBytes ? largePool : pool
        let slot = await pool.acquire()
        let result: Result<String, ServerError> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: slot.render(dot, metrics: .fonts)) }
        }
        await pool.release(slot)
        return try result.get()
    }

    /// Renders every DOT text with all the workers at once, blocking the calling thread; the results are
    /// in the order of `dots`. `done` is called (from any thread) after each one. For batch work
    /// (`navviz render`), not for the daemon's requests.
    ///
    /// Each worker has a thread of its own, so every lane runs whatever else the process is doing. With
    /// `inProcess`, the calling thread lays out too, from the same queue: it starts at once, while the
    /// workers are still starting (some 20 ms each), and with the calling thread's stack. (A
    /// `concurrentPerform` ran the lanes one after another when Dispatch's threads were busy: CI saw the
    /// workers draw all 200 of a batch and this process none.)
    public func renderAll(
        _ dots: [String], metrics: TextMetrics, inProcess: (@Sendable (String) -> Result<String, ServerError>)? = nil,
        done: @Sendable (Int) -> Void = { _ in }
    ) -> [Result<String, ServerError>] {
        let slots = pool.slotsForBatch
        let batch = Batch(count: dots.count)
        return withoutActuallyEscaping(done) { done in
            // The threads reach `done` through a box emptied before this returns: a thread lets go of its block only as it
            // ends, maybe after `wait()`, and `done` must not outlive this call.
            let lent = LargeStack.Lent(done)
            let drain = { @Sendable (render: (String) -> Result<String, ServerError>) in
                let done = lent.value!
                while let index = batch.take() {
                    batch.finish(index, render(dots[index]))
                    done(index)
                }
            }
            let finished = DispatchGroup()
            // Without an in-process lane the calling thread drives the first worker.
            let threaded = inProcess == nil ? slots.dropFirst() : slots[...]
            for slot in threaded {
                finished.enter()
                Thread {
                    drain { slot.render($0, metrics: metrics) }
                    finished.leave()
                }.start()
            }
            if let inProcess { drain(inProcess) } else if let first = slots.first { drain { first.render($0, metrics: metrics) } }
            finished.wait()
            lent.value = nil
            return batch.results
        }
    }

    /// Stops every worker now, blocking (batch use; the daemon calls `shutdown()`).
    public func stopAll() {
        for slot in pool.slotsForBatch + largePool.slotsForBatch { slot.stop() }
    }

    /// Process ids of the running workers (for memory measurements).
    public func workerPIDs() async -> [Int32] { await pool.pids() + largePool.pids() }

    /// How many worker processes were started so far.
    public func spawnCount() async -> Int { await pool.spawnCount() + largePool.spawnCount() }

    /// Stops every worker.
    public func shutdown() async {
        await pool.shutdown()
        await largePool.shutdown()
    }
}

extension WorkerPoolRenderer {
    /// The daemon's environment as a worker gets it: without the token, which a worker never needs (a security review
    /// found it there).
    static func workerEnvironment(_ entries: [String]) -> [String] {
        entries.filter { !$0.hasPrefix("NAVVIZ_TOKEN=") }
    }
}

/// Free worker slots and the requests waiting for one.
private actor SlotPool {
    private var free: [WorkerSlot]
    private let all: [WorkerSlot]
    private var waiters: [CheckedContinuation<WorkerSlot, Never>] = []

    init(slots: [WorkerSlot]) {
        free = slots
        all = slots
    }

    func acquire() async -> WorkerSlot {
        if let slot = free.popLast() { return slot }
        return await withCheckedContinuation { waiters.append($0) }
    }

    func release(_ slot: WorkerSlot) {
        if waiters.isEmpty {
            free.append(slot)
        } else {
            waiters.removeFirst().resume(returning: slot)
        }
    }

    func pids() -> [Int32] { all.compactMap { $0.pid } }
    /// Every slot, for a batch that uses each from its own thread (nothing else may use the pool then).
    nonisolated var slotsForBatch: [WorkerSlot] { all }
    func spawnCount() -> Int { all.reduce(0) { $0 + $1.spawned } }
    func shutdown() { for slot in all { slot.stop() } }
}

/// One worker process and its pipes; used by one request at a time (the pool hands it out).
private final class WorkerSlot: @unchecked Sendable {
    let command: [String]
    let recycleAfter: Int
    let timeout: Int
    private let lock = NSLock()
    private let pidLock = NSLock()
    private var currentPID: pid_t?
    private var process: (pid: pid_t, input: Int32, output: Int32)? {
        didSet { pidLock.withLock { currentPID = process?.pid } }
    }
    private var renders = 0
    private(set) var spawned = 0

    init(command: [String], recycleAfter: Int, timeout: Int) {
        self.command = command
        self.recycleAfter = recycleAfter
        self.timeout = timeout
    }

    var pid: Int32? { pidLock.withLock { currentPID } }

    func render(_ dot: String, metrics: TextMetrics) -> Result<String, ServerError> {
        lock.withLock {
            var lastFailure = "no worker"
            for _ in 0..<2 {
                if process == nil {
                    switch spawn() {
                    case .success(let started):
                        process = started
                        spawned += 1
                        renders = 0
                    case .failure(let error): return .failure(error)
                    }
                }
                let worker = process!
                // A watchdog kills a worker that lays out for too long; the render fails, not retried.
                let timedOut = ManagedAtomicFlag()
                let watchdog = DispatchWorkItem {
                    timedOut.set()
                    kill(worker.pid, SIGKILL)
                }
                DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(timeout), execute: watchdog)
                let sent = WorkerPipe.writeRequest(worker.input, [metrics == .portable ? 1 : 0] + Array(dot.utf8))
                let answer = sent ? WorkerPipe.readResponse(worker.output) : nil
                watchdog.cancel()
                guard let response = answer, !timedOut.isSet else {
                    retire()
                    if timedOut.isSet { return .failure(.renderTimedOut(seconds: timeout)) }
                    lastFailure = "it exited unexpectedly"
                    continue
                }
                renders += 1
                if renders >= recycleAfter { retire() }
                let text = String(decoding: response.payload, as: UTF8.self)
                if response.status == 0 { return .success(text) }
                if let error = RenderWorker.decode(status: response.status, payload: text) { return .failure(.renderFailed(error)) }
                return .failure(.workerFailed(reason: "it answered with status \(response.status)"))
            }
            return .failure(.workerFailed(reason: lastFailure))
        }
    }

    func stop() { lock.withLock { retire() } }

    /// Closes the worker's stdin (it exits at end of input) and reaps it in the background.
    private func retire() {
        guard let worker = process else { return }
        process = nil
        closeDescriptor(worker.input)
        closeDescriptor(worker.output)
        DispatchQueue.global().async {
            var status: Int32 = 0
            while waitpid(worker.pid, &status, 0) < 0 && errno == EINTR {}
        }
    }

    /// Held from creating a worker's pipes until they are marked close-on-exec, so no other worker
    /// inherits them (it would keep a retired worker's stdin open).
    private static let spawnLock = NSLock()

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), looked up at run time: Swift's
    /// Glibc module leaves out GNU extensions. Nil where there is none.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        #if os(Linux)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
            return unsafeBitCast(
                symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        #else
            return nil
        #endif
    }()

    private func spawn() -> Result<(pid: pid_t, input: Int32, output: Int32), ServerError> {
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        var toWorker: [Int32] = [-1, -1]
        var fromWorker: [Int32] = [-1, -1]
        guard pipe(&toWorker) == 0 else { return .failure(.workerFailed(reason: "pipe: \(FileJournal.errnoText())")) }
        guard pipe(&fromWorker) == 0 else {
            closeDescriptor(toWorker[0])
            closeDescriptor(toWorker[1])
            return .failure(.workerFailed(reason: "pipe: \(FileJournal.errnoText())"))
        }
        for fd in toWorker + fromWorker { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toWorker[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromWorker[1], 1)
        // Nothing else of the daemon's goes along: not its listening socket, not a client's connection (a
        // worker held a closed connection open), not a journal.
        if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, 3) }
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var inherited: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            inherited.append(String(cString: pointer))
            entry += 1
        }
        let envp: [UnsafeMutablePointer<CChar>?] = WorkerPoolRenderer.workerEnvironment(inherited).map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
        closeDescriptor(toWorker[0])
        closeDescriptor(fromWorker[1])
        guard status == 0 else {
            closeDescriptor(toWorker[1])
            closeDescriptor(fromWorker[0])
            return .failure(.workerFailed(reason: "cannot start '\(command[0])': \(String(cString: strerror(status)))"))
        }
        return .success((pid, toWorker[1], fromWorker[0]))
    }
}

/// A flag one thread sets and another reads.
private final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// The shared state of a batch: the next DOT to take, and the results so far.
private final class Batch: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var next = 0
    private var slots: [Result<String, ServerError>?]

    init(count: Int) {
        self.count = count
        slots = Array(repeating: nil, count: count)
    }

    /// The next index to render, nil when all are taken.
    func take() -> Int? {
        lock.withLock {
            guard next < count else { return nil }
            next += 1
            return next - 1
        }
    }

    func finish(_ index: Int, _ result: Result<String, ServerError>) { lock.withLock { slots[index] = result } }

    var results: [Result<String, ServerError>] { lock.withLock { slots.map { $0! } } }
}
