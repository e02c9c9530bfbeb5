import Foundation

/// A value shared between threads, read and changed under a lock.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A box holding `value`.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` on the value, under the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

extension Locked {
    /// What `make` gives the first time, kept for every later call (`make` runs once, under the lock).
    public func once<Wrapped>(_ make: () throws -> Wrapped) rethrows -> Wrapped where Value == Wrapped? {
        try withLock { value in
            if let value { return value }
            let made = try make()
            value = made
            return made
        }
    }
}
