import Dispatch
import Foundation
import NavVizRender
import NavVizServer

/// Ctrl-C (SIGINT), SIGTERM or SIGHUP while navviz writes: what it was writing (a staging folder, a temporary file)
/// is removed before the signal ends the process, and the swap of an old output for a new one runs to its end
/// first. A Ctrl-C used to leave a render's `.NAME.navviz-tmp-PID` beside the output (61 MB in a trial) until the
/// next render there.
///
/// The process still ends by the signal, as it would have without a handler (a shell sees 130 for Ctrl-C). A signal
/// that was ignored when navviz started (`nohup`, a script's `&`) stays ignored.
enum Interruption {
    private struct State {
        var installed = false
        /// What to remove if a signal ends navviz now.
        var paths: [String] = []
        /// How many `uninterrupted` bodies are running: a signal waits for them.
        var critical = 0
        var pending: Int32?
        /// The process is being ended by a signal: nothing more is printed.
        var ending = false
    }

    private static let state = Locked(State())
    /// Held shared while a file or folder is made under a path to remove, and for good by the signal's handler
    /// before it removes them: a folder made again after its removal (the staging folder's subfolders were being made)
    /// was left behind.
    private static let gate = Gate()
    private static let sources = Locked<[DispatchSourceSignal]>([])
    /// The signals' queue: a serial queue of its own gets a thread at once, where the shared pool's queues wait for the
    /// threads writing files to finish (a Ctrl-C was acted on only once every file was written, a review).
    private static let queue = DispatchQueue(label: "navviz.signals")

    /// Handles SIGINT, SIGTERM and SIGHUP from now on (once; `serve` has its own shutdown).
    static func install() {
        let first = state.withLock { state in
            defer { state.installed = true }
            return !state.installed
        }
        guard first else { return }
        for number in [SIGINT, SIGTERM, SIGHUP] {
            let previous = signal(number, SIG_IGN)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { received(number) }
            source.resume()
            sources.withLock { $0.append(source) }
        }
    }

    /// Removes `path` (a file or a folder) if a signal ends navviz before `forget(path)`; what is made in it goes
    /// through `writing`.
    static func removeOnSignal(_ path: String) {
        state.withLock { $0.paths.append(path) }
    }

    /// `path` is no longer navviz's to remove on a signal (it was renamed into place, or removed).
    static func forget(_ path: String) {
        state.withLock { state in state.paths.removeAll { $0 == path } }
    }

    /// Makes a file or a folder under a path to remove on a signal: the signal's handler waits for it, and once a
    /// signal is ending navviz, nothing more is made (the thread waits to be ended).
    static func writing<T, Failure>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        gate.share()
        if state.withLock({ $0.ending }) {
            gate.release()
            waitToBeEnded()
        }
        defer { gate.release() }
        return try body()
    }

    /// Runs `body` to its end before a signal that arrives meanwhile is acted on: a swap of two folders is never
    /// left half done.
    ///
    /// A signal already ending navviz stops it here instead: its handler is removing what the body would swap in (a review
    /// saw the swap run while the handler removed the staging folder, now the output).
    static func uninterrupted<T>(_ body: () throws -> T) rethrows -> T {
        let ending = state.withLock { state in
            if !state.ending { state.critical += 1 }
            return state.ending
        }
        if ending { waitToBeEnded() }
        defer {
            let pending = state.withLock { state -> (Int32, [String])? in
                state.critical -= 1
                guard state.critical == 0, let number = state.pending else { return nil }
                state.ending = true
                return (number, state.paths)
            }
            if let (number, paths) = pending { end(by: number, removing: paths) }
        }
        return try body()
    }

    /// Waits to be ended when a signal is ending the process: what a write the signal broke would print (a
    /// file gone from under it) is not said.
    static func waitIfEnding() {
        guard state.withLock({ $0.ending }) else { return }
        waitToBeEnded()
    }

    /// Waits for the signal's handler to end the process.
    private static func waitToBeEnded() -> Never {
        while true { pause() }
    }

    private static func received(_ number: Int32) {
        let paths = state.withLock { state -> [String]? in
            if state.critical > 0 {
                state.pending = state.pending ?? number
                return nil
            }
            state.ending = true
            return state.paths
        }
        if let paths { end(by: number, removing: paths) }
    }

    private static func end(by number: Int32, removing paths: [String]) -> Never {
        gate.close()
        for path in paths {
            if FileStatus(path)?.isDirectory == true { OutputDirectory.removeTree(path) } else { unlink(path) }
        }
        if ProgressLine.clearIfShown() { writeStandardError("\r\u{1B}[K") }
        sayEnding(by: number)
        // Ended by the signal itself, with its default action: the exit status a shell and a CI runner expect.
        signal(number, SIG_DFL)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, number)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        raise(number)
        _exit(128 + number)
    }
}

extension Interruption {
    /// Writes out what standard output holds and, in a log (standard error not a terminal), says why it stops here:
    /// piped to a CI log, an interrupted `check --record` lost the lines of 18 of the 73 scenarios it had recorded
    /// with stdio's buffer, and nothing said it was interrupted (a trial). On a terminal the lines are out already, and
    /// the user pressed Ctrl-C. At most a second: a reader that stopped reading (a pager) keeps no process from ending.
    fileprivate static func sayEnding(by number: Int32) {
        let name = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"][number] ?? "signal \(number)"
        let said = DispatchSemaphore(value: 0)
        Thread {
            if let stream = FileDescriptorStream.standardOutput { fflush(stream) }
            if isatty(STDERR_FILENO) == 0 {
                let line = "navviz: interrupted by \(name): what it was writing is removed; what it said it wrote is in place\n"
                _ = line.utf8CString.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
            }
            said.signal()
        }.start()
        _ = said.wait(timeout: .now() + 1)
    }
}

/// A lock many threads share and one takes for good (`pthread_rwlock_t`, at an address of its own).
private final class Gate: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_rwlock_t> = {
        let lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        pthread_rwlock_init(lock, nil)
        return lock
    }()

    func share() { pthread_rwlock_rdlock(lock) }
    func release() { pthread_rwlock_unlock(lock) }
    /// Waits for every sharer to let go, and keeps the lock (the process is ending).
    func close() { pthread_rwlock_wrlock(lock) }
}
