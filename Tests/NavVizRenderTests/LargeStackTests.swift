import Foundation
import NavVizRender
import Testing

/// Work that recurses once per level of a hierarchy runs on threads with a main thread's stack.
@Suite struct LargeStackTests {
    /// `run` runs its body on another thread, and a run inside it on that same thread (a capture applied as a snapshot
    /// started a second thread for the first to wait on); what the body throws comes back.
    @Test func aRunInsideARunStaysOnItsThread() throws {
        let caller = ThreadID.current
        let (outer, inner) = LargeStack.run { (ThreadID.current, LargeStack.run { ThreadID.current }) }
        #expect(outer != caller)
        #expect(inner == outer)
        struct Failure: Error, Equatable {}
        #expect(throws: Failure()) { try LargeStack.run { () throws(Failure) in throw Failure() } }
    }

    /// `Parallel.map` gives what a serial `map` gives, in order.
    @Test func parallelMapKeepsTheOrder() {
        let numbers = Array(0..<1_000)
        #expect(Parallel.map(numbers) { $0 * 3 } == numbers.map { $0 * 3 })
    }
}

/// The calling thread, comparable and sendable.
private struct ThreadID: Equatable, Sendable {
    let value: UInt
    static var current: ThreadID { ThreadID(value: UInt(bitPattern: ObjectIdentifier(Thread.current).hashValue)) }
}
