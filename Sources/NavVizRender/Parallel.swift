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
    private final class Slots<Value>: @unchecked Sendable {
        private var storage: [Value?]
        init(count: Int) { storage = [Value?](repeating: nil, count: count) }
        func set(_ index: Int, _ value: Value) {
            storage.withUnsafeMutableBufferPointer { $0[index] = value }
        }
        func values() -> [Value] { storage.map { $0! } }
    }
}
