import Foundation
import Hummingbird
import NavVizRender

/// Threads with a main thread's stack (`LargeStack`, 8 MiB) that run the daemon's requests: reading, simulating and drawing a
/// hierarchy recurse once per level, and a hierarchy may nest 100 levels. A thread of the shared pool has 512 KiB on
/// macOS, where a release build took 5.5 KB a level to build a hierarchy alone: a session posted 100 levels deep
/// ended the daemon (as it did on Linux with `ulimit -s 512`, which sizes the shared pool's threads there).
///
/// A task executor: the task of a request prefers it, and so do the default actors it calls (the session store).
@available(macOS 15.0, iOS 18.0, *)
final class LargeStackExecutor: TaskExecutor, @unchecked Sendable {
    /// The daemon's: one thread per core, four at least (a request that waits on a lock holds one).
    static let shared = LargeStackExecutor(threads: max(4, ProcessInfo.processInfo.activeProcessorCount))

    private let condition = NSCondition()
    /// The jobs to run, first in first out: `pending[head...]`.
    private var pending: [UnownedJob] = []
    private var head = 0

    init(threads: Int) {
        for index in 0..<threads {
            LargeStack.start(name: "navviz-request-\(index)") { [unowned self] in self.work() }
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            pending.append(job)
            condition.signal()
        }
    }

    private func work() {
        while true {
            let job = condition.withLock {
                while head == pending.count { condition.wait() }
                let job = pending[head]
                head += 1
                // Compacted once half is spent: appending stays amortized O(1), and memory bounded by what waits.
                if head * 2 >= pending.count {
                    pending.removeFirst(head)
                    head = 0
                }
                return job
            }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Runs each request on `LargeStackExecutor` (where the platform has task executors: macOS 15, Linux).
struct LargeStackMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard #available(macOS 15.0, iOS 18.0, *) else { return try await next(request, context) }
        return try await withTaskExecutorPreference(LargeStackExecutor.shared) { try await next(request, context) }
    }
}

/// Runs `body` preferring `LargeStackExecutor` (the watcher's scans, the journal's replay).
func onLargeStacks<T, Failure: Error>(_ body: () async throws(Failure) -> T) async throws(Failure) -> T {
    guard #available(macOS 15.0, iOS 18.0, *) else { return try await body() }
    return try await withTaskExecutorPreference(LargeStackExecutor.shared, operation: body)
}
