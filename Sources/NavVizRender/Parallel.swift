import Foundation

/// Work spread over every core of the machine, with results in input order.
public enum Parallel {
    /// `transform` of every element, computed on every core; the same array a serial `map` gives. `yielding`, the threads
    /// give way to the process's other threads (a render's layout lane, which a plan feeds: its layouts are the longest
    /// path) and take the cores whenever those wait.
    public static func map<Element: Sendable, Result: Sendable>(
        _ elements: [Element], yielding: Bool = false, _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        guard elements.count > 1 else { return elements.map(transform) }
        let slots = Slots<Result>(count: elements.count)
        // Chunks, not single elements: one take per element costs more than a small diagram.
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let chunks = min(elements.count, cores * 4)
        let next = NextChunk()
        let finished = DispatchGroup()
        withoutActuallyEscaping(transform) { transform in
            // The threads hold the closure through a box emptied before it returns: a thread lets go of its block only
            // as it ends, maybe after `wait()`.
            let work = LargeStack.Lent(transform)
            // Threads of a main thread's stack, not Dispatch's (512 KiB on macOS): drawing recurses once per level of a
            // hierarchy, which may nest 100 levels.
            for _ in 0..<min(chunks, cores) {
                finished.enter()
                LargeStack.start {
                    if yielding { giveWay() }
                    // Let go of before the lender is told.
                    do {
                        let transform = work.value!
                        while case let chunk = next.take(), chunk < chunks {
                            for index in (chunk * elements.count / chunks)..<((chunk + 1) * elements.count / chunks) {
                                slots.set(index, transform(elements[index]))
                            }
                        }
                    }
                    finished.leave()
                }
            }
            finished.wait()
            work.value = nil
        }
        return slots.values()
    }

    /// Lowers the calling thread's priority (Linux: its nice value, 10; the thread ends with its work). Elsewhere nothing.
    private static func giveWay() {
        #if os(Linux)
            // Who 0 is the calling thread on Linux, where the nice value is per thread.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
    }

    /// One result per index, each written by exactly one thread before `values()` is read.
    ///
    /// The slots are memory of their own, not an array in a property: a mutating access to an array
    /// checks that its buffer is uniquely referenced and copies it when not, so two threads writing at
    /// once could copy and replace the buffer under each other (a debug build corrupted its heap).
    private final class Slots<Value>: @unchecked Sendable {
        private let storage: UnsafeMutablePointer<Value?>
        private let count: Int
        init(count: Int) {
            self.count = count
            storage = .allocate(capacity: count)
            storage.initialize(repeating: nil, count: count)
        }
        deinit {
            storage.deinitialize(count: count)
            storage.deallocate()
        }
        func set(_ index: Int, _ value: Value) {
            precondition(index >= 0 && index < count)
            storage[index] = value
        }
        func values() -> [Value] { (0..<count).map { storage[$0]! } }
    }
}

/// Threads with a main thread's stack, for work that recurses once per level of a hierarchy: Dispatch's and Swift
/// concurrency's threads have 512 KiB on macOS, where a release build took 5.5 KB a level to build a hierarchy.
public enum LargeStack {
    /// 8 MiB, a main thread's.
    public static let size = 8 << 20

    /// A value lent to threads for as long as the lender waits for them (a closure in `withoutActuallyEscaping`): the
    /// lender empties it before it returns.
    public final class Lent<Value>: @unchecked Sendable {
        /// The value, nil once the lender took it back.
        public var value: Value?
        /// Lends `value`.
        public init(_ value: Value) { self.value = value }
    }

    /// Runs `body` on a new thread with a stack of `size`, the calling thread waiting for it: for a thread whose stack
    /// is small (Swift concurrency's, 512 KiB on macOS) that reads, simulates or draws a hierarchy. On a thread `start`
    /// started, here: a run inside a run (a capture applied as a snapshot) started a second thread for the first to wait on.
    public static func run<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        if Thread.current.threadDictionary[marker] != nil { return try body() }
        return try withoutActuallyEscaping(body) { body in
            let work = Lent(body)
            let result = Lent<Result<T, Failure>?>(nil)
            let done = DispatchSemaphore(value: 0)
            start {
                // Let go of before the caller is told.
                do {
                    let body = work.value!
                    result.value = Result { () throws(Failure) in try body() }
                }
                done.signal()
            }
            done.wait()
            work.value = nil
            return result.value!!
        }.get()
    }

    /// Marks the threads `start` starts, in their `threadDictionary`.
    private static let marker = "navviz.largeStack"

    /// Starts `body` on a new thread with a stack of `size`.
    public static func start(name: String? = nil, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            Thread.current.threadDictionary[marker] = true
            body()
        }
        thread.stackSize = size
        if let name { thread.name = name }
        thread.start()
    }
}

/// The next chunk to take, shared by the threads of a `Parallel.map`.
private final class NextChunk: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    func take() -> Int {
        lock.withLock {
            next += 1
            return next - 1
        }
    }
}
