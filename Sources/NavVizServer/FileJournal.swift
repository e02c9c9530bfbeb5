import Foundation
import NavVizFormat
import NavVizRender
import NavVizScenario

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One append-only file per session, `<directory>/<id>.journal`, of checksummed JSON lines
/// (`JournalRecord`). An append returns only after its bytes are written and fsync'd; appends that
/// arrive while a flush is running are written together and share one fsync per file (group commit).
/// All file IO runs on one background thread, never on the concurrency pool.
public final class FileJournal: SessionJournal, @unchecked Sendable {
    /// The data directory, as named.
    public let directory: String
    /// The data directory as opened at start: every journal is opened, created and removed in that very folder (`openat`),
    /// never looked up by its path again. Looked up at each write, a folder renamed and made again while the daemon ran
    /// (a trial) took the new steps in one folder and its lock in the other.
    private var folder: Int32 = -1

    private let queue = DispatchQueue(label: "navviz.journal")
    private let lock = NSLock()
    // Guarded by `lock`.
    private var known: Set<SessionID> = []
    /// Each journal's file (device and inode) as restored or created: reopened, it must be the same file.
    private var identities: [SessionID: FileIdentity] = [:]
    private var pending: [(id: SessionID, bytes: [UInt8], done: CheckedContinuation<Void, any Error>)] = []
    private var isFlushing = false
    /// Journals whose last append failed (its bytes cut off again): appends fail until `reread`, so no record lands
    /// after one that is not there.
    private var failed: [SessionID: String] = [:]
    // Used on `queue` only: the journals open for appends, and when each was last written.
    private var files: [SessionID: Int32] = [:]
    private var lastUse: [SessionID: Int] = [:]
    private var clock = 0

    /// Journals kept open between appends, the most recently written: a daemon with a thousand sessions must not
    /// hold a thousand descriptors (a security review ran it out of them, for good, across restarts).
    public static let maxOpenFiles = 32

    /// A journal in `directory` (created if missing).
    public init(directory: String) throws(ServerError) {
        self.directory = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        // Sessions are the user's own: a folder navviz creates, and each it creates on the way (`~/.navviz`), is readable by
        // its user only from the moment it exists (an existing folder, perhaps the user's choice to share, keeps its
        // permissions). Foundation made them 777 and then changed them: another user opened one in between (a security
        // review), and a parent made 777 could take another user's `data`.
        // The folders above it, and any link on the way, looked at before anything is created there: one another user
        // owns, or every user may write to without the sticky bit (`/tmp` has it), lets them swap the data folder while
        // the daemon runs (a security re-review listed and removed a journal so, through a parent of theirs).
        func refuseForeignAncestor(created: Bool = false) throws(ServerError) {
            if let (above, why) = Self.foreignAncestor(of: self.directory, created: created)
                ?? Self.foreignAncestor(of: FileStatus.resolvedPath(self.directory), created: created)
            {
                throw .journalFailed(
                    reason:
                        "the data directory '\(directory)' is inside '\(above)', \(why), who could swap it: use a folder of yours (--data DIR)"
                )
            }
        }
        try refuseForeignAncestor()
        var path = self.directory.hasPrefix("/") ? "" : "."
        for component in self.directory.split(separator: "/").dropLast() {
            path += "/" + component
            if mkdir(path, 0o700) != 0, errno != EEXIST {
                throw .journalFailed(reason: "cannot create the data directory '\(directory)': \(Self.errnoText())")
            }
        }
        if mkdir(self.directory, 0o700) != 0 {
            var isDirectory: ObjCBool = false
            guard errno == EEXIST, FileManager.default.fileExists(atPath: self.directory, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                let why = errno == EEXIST ? "it is a file, not a folder" : Self.errnoText()
                throw .journalFailed(reason: "cannot create the data directory '\(directory)': \(why)")
            }
        }
        // Again once created: a folder on the way that was missing when looked at may have been made by another user in
        // between (in `/tmp`, say), and `mkdir`'s EEXIST took it (a security review won that race within a few starts).
        // Folders that are the user's own now, no one else can swap. One gone by then was taken away by someone who could
        // (a review: another user's folder removed before the look, made again before the journals are read).
        try refuseForeignAncestor(created: true)
        // Another user's folder, or one every user may write to, is not where the user's sessions go: its owner (or
        // anyone) could read their names and remove a journal, losing steps the daemon acknowledged (a security
        // review ran a daemon on another user's 777 folder without a word). A folder shared with a group stays allowed.
        // Through a link: the folder's own owner and mode count.
        folder = open(self.directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        var info = stat()
        guard folder >= 0, fstat(folder, &info) == 0 else {
            // Gone between its making and its opening, or not readable (a folder of one's own without `r`: said as it is).
            guard errno == ENOENT else {
                throw .journalFailed(reason: "cannot open the data directory '\(directory)': \(Self.errnoText())")
            }
            throw .journalFailed(
                reason: "the data directory '\(directory)' was removed as it was made: another user may control a folder above it")
        }
        let (owner, permissions) = (UInt32(info.st_uid), UInt32(info.st_mode) & 0o7777)
        if owner != geteuid() {
            throw .journalFailed(
                reason: "the data directory '\(directory)' belongs to another user (uid \(owner)), who could read and "
                    + "remove its journals: use a folder of yours (--data DIR)")
        }
        if permissions & 0o002 != 0 {
            throw .journalFailed(
                reason: "every user of this machine may write to the data directory '\(directory)' (mode "
                    + "\(String(permissions, radix: 8))), and so remove its journals: chmod o-w it, or use another (--data DIR)")
        }
        // Listed by others, it tells them the session names, which are the journals' (a security review made the
        // folder with a default umask and read a session's name as another user). Said; the user's folder keeps its mode.
        if permissions & 0o004 != 0 {
            folderWarnings.append(
                "other users can list the data directory '\(directory)' (mode \(String(permissions, radix: 8))) and so read "
                    + "the session names (not their steps): chmod o-rx it to keep them to yourself")
        }
        // Shared with a group on purpose, or by a umask of 002: its members may remove or swap journals, and the sessions
        // they held are gone at the next start (a security review, unsaid). Said; a folder above it alike.
        if permissions & 0o020 != 0 {
            folderWarnings.append(
                "members of its group (gid \(info.st_gid)) may write to the data directory '\(directory)' (mode "
                    + "\(String(permissions, radix: 8))), and so remove or replace its journals: chmod g-w it unless you share it "
                    + "with them on purpose")
        } else if let (path, why) = Self.foreignAncestor(of: self.directory, trustingGroup: false)
            // Through a link, the folders above where it leads too (a security review: a link to a folder in a shared
            // project folder was unsaid).
            ?? Self.foreignAncestor(of: FileStatus.resolvedPath(self.directory), trustingGroup: false)
        {
            folderWarnings.append(
                "the folder '\(path)' above the data directory, \(why), lets its members move the data directory and its "
                    + "journals away: chmod g-w it unless you share it with them on purpose")
        }
        // One daemon per folder, held until it stops, and taken before a journal is read: two daemons on one folder (two
        // terminals' `navviz serve --port 0`) both acknowledged step 2 of a session, and after a restart it held both;
        // one's delete removed a journal the other went on acknowledging steps to (a security review). A second start
        // repaired every journal the first was writing before it found its port taken.
        let lockPath = "\(self.directory)/.navviz-serve.lock"
        let fd = openat(folder, ".navviz-serve.lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            throw .journalFailed(reason: "cannot open the data directory's lock '\(lockPath)': \(Self.errnoText())")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let why = Self.errnoText()
            closeDescriptor(fd)
            throw .journalFailed(
                reason: busy
                    ? "another navviz serve is using the data directory '\(directory)' (it holds \(lockPath)): two daemons "
                        + "writing one folder's journals would mix their steps and lose acknowledged ones"
                    : "cannot lock the data directory's lock '\(lockPath)': \(why)")
        }
        lockDescriptor = fd
    }

    /// The open lock file that keeps other daemons off the folder (`-1` once closed).
    private var lockDescriptor: Int32 = -1

    /// What the daemon should say about the data directory at start, one warning each.
    public private(set) var folderWarnings: [String] = []

    /// The first folder above `directory`, or link on the way to it (the folder itself too), that another user
    /// controls, and why. Without `trustingGroup`, a folder its group may write to (without the sticky bit) counts too:
    /// for a secret (a token file) the group's other members are other users.
    /// With `created`, every folder on the way must be there (it was just made): one that is not was removed by someone.
    public static func foreignAncestor(of directory: String, trustingGroup: Bool = true, created: Bool = false) -> (String, String)? {
        // As the kernel walks it: `..` after a link goes up from where the link leads, so it is not folded away first
        // (`mylink/..` through another user's link passed, a review).
        let absolute = directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory
        var path = ""
        let components = absolute.split(separator: "/")
        for (index, component) in components.enumerated() {
            path += "/" + component
            var link = stat()
            if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, link.st_uid != geteuid(), link.st_uid != 0 {
                return (path, "a link of another user's (uid \(link.st_uid))")
            }
            // The folder itself is judged by the checks after this one.
            if index == components.count - 1 { break }
            var info = stat()
            guard stat(path, &info) == 0 else { return created ? (path, "which was removed as it was made, by someone who could") : nil }
            if info.st_uid != geteuid(), info.st_uid != 0 { return (path, "which belongs to another user (uid \(info.st_uid))") }
            if info.st_mode & 0o002 != 0, info.st_mode & S_ISVTX == 0 { return (path, "which every user may write to") }
            // (Even the user's own group: on macOS it is `staff`, every user's, a review.)
            if !trustingGroup, info.st_mode & 0o020 != 0, info.st_mode & S_ISVTX == 0 {
                return (path, "which its group (gid \(info.st_gid)) may write to")
            }
        }
        return nil
    }

    /// The owners of the symbolic links a path goes through, hop by hop (at most 40, as the kernel follows).
    public static func linkOwners(_ path: String) -> [uid_t] {
        var owners: [uid_t] = []
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
            else { break }
            owners.append(info.st_uid)
            // Relative to the link's folder: the current one for a bare name (it was looked up at `/…`, a review).
            let folder = (current as NSString).deletingLastPathComponent
            current = target.hasPrefix("/") || folder.isEmpty ? target : folder + "/" + target
        }
        return owners
    }

    deinit {
        for fd in files.values { closeDescriptor(fd) }
        if lockDescriptor >= 0 { closeDescriptor(lockDescriptor) }
        if folder >= 0 { closeDescriptor(folder) }
    }

    /// The journal's path, as messages name it.
    func path(_ id: SessionID) -> String { "\(directory)/\(name(id))" }

    /// The journal's name in the data directory.
    func name(_ id: SessionID) -> String { "\(id.rawValue).journal" }

    /// Reads every `<id>.journal` in the directory (cutting off a torn last record) and remembers each file, to be
    /// opened again, that very file only, when a step comes. A file is touched only when it is a regular file (never through a symbolic link) whose first
    /// record is a session record: anything else is left alone and reported, never truncated.
    public func restore() async throws(ServerError) -> [RestoredJournal] {
        guard let names = Self.names(in: folder)?.sorted() else {
            throw .journalFailed(reason: "cannot read the data directory '\(directory)': \(Self.errnoText())")
        }
        var restored: [RestoredJournal] = []
        for name in names where name.hasSuffix(".journal") {
            guard let id = SessionID(name.dropLast(".journal".count)) else {
                // A hidden file (`._x.journal`, macOS's metadata on a shared drive) is no session's: said at every start, it
                // was noise (a review).
                guard !name.hasPrefix(".") else { continue }
                // A session made before ids could not start with '-' (a journal `-rf.journal` read as an option to `rm *`
                // in the folder) comes back under its name without it, unless that name is taken. The name is escaped: a
                // file another user put in a shared folder could write log lines or terminal escapes (a review).
                let stem = name.dropLast(".journal".count)
                let renamed =
                    SessionID(stem.drop { $0 == "-" }).flatMap { free in
                        names.contains("\(free).journal") ? nil : " (rename it \(free).journal to restore the session)"
                    } ?? ""
                restored.append(
                    RestoredJournal(
                        id: nil, records: [],
                        warnings: ["\(Terminal.inline(name)): its name is not a session id, left alone\(renamed)"]))
                continue
            }
            let file = path(id)
            let fd = openat(folder, name, O_RDWR | O_APPEND | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else {
                if errno == ELOOP {
                    restored.append(RestoredJournal(id: id, records: [], warnings: ["\(name): a symbolic link, left alone"]))
                    continue
                }
                // Not the daemon's to read (another user's, in a shared folder): it is not one of its sessions.
                if errno == EACCES || errno == EPERM {
                    restored.append(
                        RestoredJournal(id: id, records: [], warnings: ["\(name): cannot be read (\(Self.errnoText())), left alone"]))
                    continue
                }
                throw .journalFailed(reason: "cannot open '\(file)': \(Self.errnoText())")
            }
            guard let status = FileStatus(descriptor: fd), status.isRegularFile else {
                closeDescriptor(fd)
                restored.append(RestoredJournal(id: id, records: [], warnings: ["\(name): not a regular file, left alone"]))
                continue
            }
            // Another user's file, or one others may change, is not the daemon's: its steps would go where they can be
            // read, or its records be planted (a shared --data folder).
            guard Self.isOwn(status) else {
                closeDescriptor(fd)
                let why = status.owner == geteuid() ? "other users may write to it" : "it belongs to another user (uid \(status.owner))"
                restored.append(RestoredJournal(id: id, records: [], warnings: ["\(name): \(why), left alone"]))
                continue
            }
            guard let data = Self.readAll(fd) else {
                closeDescriptor(fd)
                restored.append(RestoredJournal(id: id, records: [], warnings: ["\(name): cannot be read, left alone"]))
                continue
            }
            let scan = JournalRecord.scan(data)
            guard let first = scan.records.first, first["type"] == .string("session") else {
                closeDescriptor(fd)
                restored.append(
                    RestoredJournal(
                        id: id, records: [], warnings: ["\(name): not a navviz journal (no session record at its start), left alone"]))
                continue
            }
            var warnings = scan.damaged.map { "\(name): skipped a damaged record at byte \($0.offset) (\($0.reason))" }
            // Every journal is readable by its user only: one copied in with a default umask (644) would take every later
            // step's body where other users can read it (a security review).
            if status.permissions & 0o044 != 0 {
                if fchmod(fd, 0o600) == 0 {
                    warnings.append("\(name): other users could read it; made readable by you only (600)")
                } else {
                    warnings.append("\(name): other users can read it, and it could not be made 600 (\(Self.errnoText()))")
                }
            }
            if let torn = scan.torn {
                let what =
                    scan.tornDamage.map { "a damaged last record at byte \(torn.offset) (\($0); " }
                    ?? "a torn last record at byte \(torn.offset) ("
                warnings.append("\(name): skipped \(what)\(torn.length) bytes; it was never acknowledged)")
                // Cut it off so the next record starts on a line of its own.
                if ftruncate(fd, off_t(torn.offset)) != 0 || fsync(fd) != 0 {
                    closeDescriptor(fd)
                    throw .journalFailed(reason: "cannot repair '\(file)': \(Self.errnoText())")
                }
            }
            // Opened again when a step comes: sessions that are only read hold no descriptor.
            let identity = FileStatus(descriptor: fd).map(FileIdentity.init)
            closeDescriptor(fd)
            lock.withLock {
                known.insert(id)
                identities[id] = identity
            }
            restored.append(RestoredJournal(id: id, records: scan.records, warnings: warnings))
        }
        return restored
    }

    /// The whole file behind `fd`, from its start; nil on a read error.
    static func readAll(_ fd: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
        }
    }

    /// Creates `<id>.journal` with its first record; returns once the file and the directory are fsync'd. A file by
    /// that name is never opened: `journalNameTaken`.
    public func create(_ id: SessionID, first record: JSONValue) async throws(ServerError) {
        let file = path(id)
        let name = name(id)
        let bytes = JournalRecord.frame(record)
        let folder = self.folder
        let result: Result<Void, ServerError> = await withCheckedContinuation { continuation in
            queue.async {
                let fd = openat(folder, name, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
                guard fd >= 0 else {
                    // A file navviz left alone at restore, or one put there since: never opened, never replaced.
                    if errno == EEXIST { return continuation.resume(returning: .failure(.journalNameTaken(id, file: file))) }
                    return continuation.resume(
                        returning: .failure(.journalFailed(reason: "cannot create '\(file)': \(Self.errnoText())")))
                }
                do {
                    try Self.writeAll(fd, bytes)
                    guard Self.sync(fd) == 0 else { throw JournalIOError(text: Self.errnoText()) }
                    try Self.syncDirectory(folder)
                    self.keepOpen(id, fd)
                    self.trimOpenFiles()
                    continuation.resume(returning: .success(()))
                } catch {
                    closeDescriptor(fd)
                    unlinkat(folder, name, 0)
                    continuation.resume(returning: .failure(.journalFailed(reason: "cannot write '\(file)': \(error)")))
                }
            }
        }
        try result.get()
        _ = lock.withLock { known.insert(id) }
    }

    /// On `queue`: records `fd` as `id`'s open journal, just used.
    private func keepOpen(_ id: SessionID, _ fd: Int32) {
        files[id] = fd
        clock += 1
        lastUse[id] = clock
    }

    /// On `queue`: `id`'s journal, opened for appends if it is not open (never through a symbolic link).
    private func descriptor(_ id: SessionID) throws -> Int32 {
        if let fd = files[id] {
            keepOpen(id, fd)
            return fd
        }
        // Without blocking (a FIFO put in its place would hang every write), and only the very file restored or
        // created: one swapped in meanwhile (another user's, one others may write) is not written to.
        let fd = openat(folder, name(id), O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ELOOP {
                throw JournalIOError(text: "'\(path(id))' is a symbolic link now, not the journal navviz wrote: nothing was written to it")
            }
            throw JournalIOError(text: "cannot open '\(path(id))': \(Self.errnoText())")
        }
        let expected = lock.withLock { identities[id] }
        guard let status = FileStatus(descriptor: fd), status.isRegularFile, Self.isOwn(status), FileIdentity(status) == expected else {
            closeDescriptor(fd)
            throw JournalIOError(text: "'\(path(id))' is not the journal navviz wrote (it was replaced): nothing was written to it")
        }
        keepOpen(id, fd)
        return fd
    }

    /// On `queue`, between batches (everything written is fsync'd): closes the least recently written journals
    /// beyond `maxOpenFiles`.
    private func trimOpenFiles() {
        guard files.count > Self.maxOpenFiles else { return }
        let oldest = lastUse.sorted { $0.value < $1.value }.prefix(files.count - Self.maxOpenFiles).map(\.key)
        for id in oldest {
            if let fd = files.removeValue(forKey: id) {
                // What the file is as it is closed: reopened, it must still be so (same inode, size and time).
                let identity = FileStatus(descriptor: fd).map(FileIdentity.init)
                lock.withLock { identities[id] = identity }
                closeDescriptor(fd)
            }
            lastUse[id] = nil
        }
    }

    /// Appends a record; returns once it is written and fsync'd (appends waiting together share one fsync).
    public nonisolated(nonsending) func append(_ record: JSONValue, to id: SessionID) async throws(ServerError) {
        let bytes = JournalRecord.frame(record)
        do {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.withLock {
                    guard known.contains(id) else {
                        return continuation.resume(throwing: JournalIOError(text: "the journal of session '\(id)' is closed"))
                    }
                    pending.append((id, bytes, continuation))
                    if !isFlushing {
                        isFlushing = true
                        queue.async { self.flush() }
                    }
                }
            }
        } catch {
            throw .journalFailed(reason: "\(error)")
        }
    }

    /// Writes everything pending, one fsync per file per batch, until nothing is left.
    private func flush() {
        while true {
            let batch: [(id: SessionID, bytes: [UInt8], done: CheckedContinuation<Void, any Error>)] = lock.withLock {
                let batch = pending
                pending = []
                if batch.isEmpty { isFlushing = false }
                return batch
            }
            if batch.isEmpty { return }
            var failures: [SessionID: any Error] = [:]
            var order: [SessionID] = []
            var buffers: [SessionID: [UInt8]] = [:]
            for item in batch {
                if buffers[item.id] == nil { order.append(item.id) }
                buffers[item.id, default: []] += item.bytes
            }
            var written: [(id: SessionID, fd: Int32, end: off_t)] = []
            for id in order {
                if let reason = lock.withLock({ failed[id] }) {
                    failures[id] = JournalIOError(text: reason)
                    continue
                }
                var end: off_t = -1
                do {
                    let fd = try descriptor(id)
                    end = lseek(fd, 0, SEEK_END)
                    try Self.writeAll(fd, buffers[id]!)
                    written.append((id, fd, end))
                } catch {
                    failures[id] = error
                    cutOff(id, at: end, after: error)
                }
            }
            // Flush the files together: the file system commits concurrent syncs in one go.
            let results = SyncResults(count: written.count)
            let descriptors = written.map(\.fd)
            DispatchQueue.concurrentPerform(iterations: descriptors.count) { index in
                results.set(index, Self.sync(descriptors[index]) == 0 ? 0 : errno)
            }
            for (index, file) in written.enumerated() where results.values[index] != 0 {
                let error = JournalIOError(text: "fsync failed: \(String(cString: strerror(results.values[index])))")
                failures[file.id] = error
                cutOff(file.id, at: file.end, after: error)
            }
            trimOpenFiles()
            for item in batch {
                if let error = failures[item.id] {
                    item.done.resume(throwing: error)
                } else {
                    item.done.resume()
                }
            }
        }
    }

    /// On `queue`, after a failed write or fsync of `id`'s journal: cuts the file back to `end`, where the batch began
    /// (a torn record would stay between the acknowledged ones and the next), and takes no append until `reread`.
    private func cutOff(_ id: SessionID, at end: off_t, after error: any Error) {
        if end >= 0, let fd = files[id] {
            _ = ftruncate(fd, end)
            _ = Self.sync(fd)
        }
        lock.withLock { failed[id] = "an earlier write to the journal failed (\(error)); nothing after it is written" }
    }

    /// After a failed append: reads back the records `id`'s journal holds (a torn tail that could not be cut off is
    /// left out, and cut off now), and takes appends again.
    public func reread(_ id: SessionID) async throws(ServerError) -> RestoredJournal {
        let file = path(id)
        let result: Result<RestoredJournal, ServerError> = await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: self.rereadOnQueue(id, file: file))
            }
        }
        return try result.get()
    }

    private func rereadOnQueue(_ id: SessionID, file: String) -> Result<RestoredJournal, ServerError> {
        // The very file appended to: the open one, or the one last closed (device and inode).
        let writer = files[id]
        let expected = writer.flatMap { FileStatus(descriptor: $0) }.map(FileIdentity.init) ?? lock.withLock { identities[id] }
        let fd = openat(folder, name(id), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(.journalFailed(reason: "cannot read '\(file)' back: \(Self.errnoText())")) }
        defer { closeDescriptor(fd) }
        guard let status = FileStatus(descriptor: fd), status.isRegularFile, Self.isOwn(status), let expected,
            status.device == expected.device, status.inode == expected.inode
        else {
            return .failure(.journalFailed(reason: "'\(file)' is not the journal navviz wrote (it was replaced)"))
        }
        guard let data = Self.readAll(fd) else { return .failure(.journalFailed(reason: "cannot read '\(file)' back")) }
        let scan = JournalRecord.scan(data)
        if let torn = scan.torn {
            guard let writer, ftruncate(writer, off_t(torn.offset)) == 0, Self.sync(writer) == 0 else {
                return .failure(.journalFailed(reason: "cannot cut the torn record off '\(file)'"))
            }
        }
        _ = lock.withLock { failed.removeValue(forKey: id) }
        let name = (file as NSString).lastPathComponent
        let warnings = scan.damaged.map { "\(name): skipped a damaged record at byte \($0.offset) (\($0.reason))" }
        return .success(RestoredJournal(id: id, records: scan.records, warnings: warnings))
    }

    /// Closes and removes a session's journal file, after any writes already queued.
    public func delete(_ id: SessionID) async throws(ServerError) {
        let restored = lock.withLock {
            known.remove(id)
            failed[id] = nil
            return identities.removeValue(forKey: id)
        }
        let file = path(id)
        let name = name(id)
        let folder = self.folder
        let failure: String? = await withCheckedContinuation { continuation in
            // Runs after any flush already queued, so no write lands on a closed descriptor.
            queue.async {
                // The file navviz wrote: the one open, else the one it closed or restored (device and inode).
                let open = self.files.removeValue(forKey: id)
                let written = open.flatMap { FileStatus(descriptor: $0) }.map(FileIdentity.init) ?? restored
                if let open { closeDescriptor(open) }
                self.lastUse[id] = nil
                // A file put in its place since (another user's, a link) is not navviz's to remove: the session goes,
                // the file stays.
                if let current = FileStatus(name, in: folder),
                    !current.isRegularFile || written.map({ ($0.device, $0.inode) != (current.device, current.inode) }) ?? true
                {
                    return continuation.resume(returning: nil)
                }
                guard unlinkat(folder, name, 0) == 0 || errno == ENOENT else {
                    return continuation.resume(returning: "cannot delete '\(file)': \(Self.errnoText())")
                }
                try? Self.syncDirectory(folder)
                continuation.resume(returning: nil)
            }
        }
        if let failure { throw .journalFailed(reason: failure) }
    }

    /// Fsyncs and closes every open journal file, after any writes already queued.
    public func close() async {
        lock.withLock {
            known = []
            if lockDescriptor >= 0 { closeDescriptor(lockDescriptor) }
            lockDescriptor = -1
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                for fd in self.files.values {
                    fsync(fd)
                    closeDescriptor(fd)
                }
                self.files = [:]
                self.lastUse = [:]
                continuation.resume()
            }
        }
    }

    /// How many journals are open now (for tests).
    var openFileCount: Int { queue.sync { files.count } }

    /// A file as navviz last left it: device, inode, size and modification time (an inode number is reused by
    /// the next file created, so it alone does not tell a replacement apart).
    struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int
        var modified: Int

        init(_ status: FileStatus) {
            (device, inode, size, modified) = (status.device, status.inode, status.size, status.modified)
        }
    }

    /// Whether a file is the daemon's own: its user's, and no one else may write to it.
    static func isOwn(_ status: FileStatus) -> Bool { status.owner == geteuid() && status.permissions & 0o022 == 0 }

    /// The errno of each concurrent sync.
    final class SyncResults: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var values: [Int32]
        init(count: Int) { values = Array(repeating: 0, count: count) }
        func set(_ index: Int, _ value: Int32) { lock.withLock { values[index] = value } }
    }

    struct JournalIOError: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }

    /// Makes a file's written bytes durable (`fdatasync` where there is one: an append's new size is
    /// flushed with it).
    static func sync(_ fd: Int32) -> Int32 {
        #if os(Linux)
            fdatasync(fd)
        #else
            fsync(fd)
        #endif
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw JournalIOError(text: "write failed: \(errnoText())")
            }
            offset += written
        }
    }

    /// Makes the folder's entries durable (a journal created or removed).
    static func syncDirectory(_ folder: Int32) throws {
        guard fsync(folder) == 0 else { throw JournalIOError(text: "fsync of the data directory failed: \(errnoText())") }
    }

    /// The names in the open folder `folder` (`.` and `..` left out); nil when it cannot be read.
    static func names(in folder: Int32) -> [String]? {
        // A descriptor of its own: closedir closes it, and the stream's position is its own.
        let copy = openat(folder, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard copy >= 0 else { return nil }
        guard let stream = fdopendir(copy) else {
            closeDescriptor(copy)
            return nil
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}

/// `close(2)`, named apart from the journal's own `close()`.
func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
}
