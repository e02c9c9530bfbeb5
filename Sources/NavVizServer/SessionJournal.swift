import NavVizScenario

/// Where accepted requests are kept so a restarted daemon can replay them: one journal per session.
public protocol SessionJournal: Sendable {
    /// Every session found, with its records in order and what was skipped while reading them.
    func restore() async throws(ServerError) -> [RestoredJournal]
    /// Starts a session's journal with its first record; returns once it is on disk.
    func create(_ id: SessionID, first record: JSONValue) async throws(ServerError)
    /// Appends a record; returns once it is on disk (written and fsync'd). After a failed append (its bytes cut off
    /// again), every later append to that journal fails until `reread` reads back what the file holds. Runs on the
    /// caller's executor up to its first suspension, so records are queued in the order the session store made them
    /// (a hop off the store's actor first could queue a later step's record before an earlier one's).
    nonisolated(nonsending) func append(_ record: JSONValue, to id: SessionID) async throws(ServerError)
    /// After a failed append: the records the journal holds, every one acknowledged; appends are taken again.
    func reread(_ id: SessionID) async throws(ServerError) -> RestoredJournal
    /// Removes a session's journal.
    func delete(_ id: SessionID) async throws(ServerError)
    /// Finishes pending writes and closes every file.
    func close() async
}

/// A session's journal as read back at start-up.
public struct RestoredJournal: Sendable {
    /// The session; nil for a file whose name is no session id (left alone, its warning says why).
    public var id: SessionID?
    /// Its records, oldest first.
    public var records: [JSONValue]
    /// What was skipped (a torn last record, damaged records), one sentence each.
    public var warnings: [String]
}

extension SessionJournal {
    /// A journal that cannot read back.
    public func reread(_ id: SessionID) async throws(ServerError) -> RestoredJournal {
        throw .journalFailed(reason: "the journal of session '\(id)' cannot be read back")
    }
}

/// Keeps nothing: sessions live as long as the process (tests, `--data` not wanted).
public struct NoJournal: SessionJournal {
    /// A journal that keeps nothing.
    public init() {}
    /// Finds nothing to restore.
    public func restore() async throws(ServerError) -> [RestoredJournal] { [] }
    /// Keeps nothing.
    public func create(_ id: SessionID, first record: JSONValue) async throws(ServerError) {}
    /// Keeps nothing.
    public nonisolated(nonsending) func append(_ record: JSONValue, to id: SessionID) async throws(ServerError) {}
    /// Has nothing to delete.
    public func delete(_ id: SessionID) async throws(ServerError) {}
    /// Has nothing to close.
    public func close() async {}
}
