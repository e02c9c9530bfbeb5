import Foundation

/// Work spread over every core of the machine, with results in input order.
public enum Parallel {
    /// `transform` of every element, computed on every core; the same array a serial `map` gives.
    public static func map<Element: Sendable, Result: Sendable>(
        _ elements: [Element], _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        guard elements.count > 1 else { return elements.map(transform) }
        let slots = Slots<Result>(count: elements.count)
        // Chunks, not single elements: one dispatch per element costs more than a small diagram.
        let chunks = min(elements.count, ProcessInfo.processInfo.activeProcessorCount * 4)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            for index in (chunk * elements.count / chunks)..<((chunk + 1) * elements.count / chunks) {
                slots.set(index, transform(elements[index]))
            }
        }
        return slots.values()
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
