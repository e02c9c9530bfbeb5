import Foundation
import Logging
import NavVizCore
import NavVizRender
import NavVizScenario
import ServiceLifecycle

/// `--watch DIR`: every `*.json` scenario in the directory becomes a read-only session (id: the file
/// name's slug), run again whenever the file changes; an invalid file becomes a session that shows
/// its errors. Polls twice a second (portable, and cheap for a folder of docs).
struct ScenarioWatcher: Service {
    let directory: String
    let store: any SessionStore
    let logger: Logger
    var interval: Duration = .milliseconds(500)
    /// The files left out as another user's, each said once.
    private let skipped = Locked(Set<String>())

    /// The other user who owns `file`, or a link on the way to it: what they put there is not the user's scenario.
    static func foreignOwner(_ file: String) -> uid_t? {
        var info = stat()
        let owners = FileJournal.linkOwners(file) + (stat(file, &info) == 0 ? [info.st_uid] : [])
        return owners.first { $0 != geteuid() && $0 != 0 }
    }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            var seen: [String: (stamp: String, id: SessionID)] = [:]
            while !Task.isCancelled {
                seen = await scan(seen)
                // Shutdown cancels the sleep: that is the normal end, not an error (exit 0 on SIGTERM).
                do { try await Task.sleep(for: interval) } catch { return }
            }
        }
    }

    /// Loads new and changed files, drops removed ones; returns what it saw.
    func scan(_ seen: [String: (stamp: String, id: SessionID)]) async -> [String: (stamp: String, id: SessionID)] {
        var now: [String: (stamp: String, id: SessionID)] = [:]
        // Scenario files only: a `.txt` is not a session here, and telling a capture from notes reads it (a security
        // re-review: a 100 MB notes file was read and parsed twice a second, a core busy for good).
        // Another user's file (or link, which could point at the user's own files) is left out: it would show in the
        // viewer as the user's session (a security review planted one through a folder others could write to).
        let (listed, notFiles) = ScenarioLoader.expanding(directory, captures: false)
        // A pipe or a device is said once, as another user's file is (a trial's were skipped without a word).
        for (file, why) in notFiles where skipped.withLock({ $0.insert(file).inserted }) {
            logger.warning("\(Terminal.inline(file)): \(why)")
        }
        let files = listed.filter { file in
            // A link whose target is gone is a session that says so (it vanished, logged as gone, a trial).
            guard file.hasSuffix(".json"),
                FileManager.default.fileExists(atPath: file) || (try? FileManager.default.destinationOfSymbolicLink(atPath: file)) != nil
            else { return false }
            guard let owner = Self.foreignOwner(file) else {
                // One the members of a group not the user's own may write: said once, as the folder's group is (a team's).
                var info = stat()
                if stat(file, &info) == 0, info.st_mode & 0o020 != 0, info.st_gid != getegid(),
                    skipped.withLock({ $0.insert(file).inserted })
                {
                    let line =
                        "\(Terminal.inline(file)): members of its group (gid \(info.st_gid)) may write to it, and so change the session "
                        + "shown as yours: chmod g-w it unless you share it with them on purpose"
                    logger.warning("\(line)")
                }
                return true
            }
            if skipped.withLock({ $0.insert(file).inserted }) {
                logger.warning("\(Terminal.inline(file)) belongs to another user (uid \(owner)): not watched")
            }
            return false
        }
        // The ids of the files watched already are taken too, whichever sorts first: a new `App Tour.json` took over
        // `app-tour.json`'s session, and removing it removed that session (a trial).
        let taken = Set(await store.list().filter { $0.source == .api }.map(\.id)).union(files.compactMap { seen[$0]?.id })
        for file in files {
            let stamp = Self.stamp(file)
            if let previous = seen[file], previous.stamp == stamp {
                now[file] = previous
                continue
            }
            let id = seen[file]?.id ?? Self.id(for: file, avoiding: taken.union(now.values.map(\.id)))
            var session = Self.session(for: file, id: id)
            if !(await store.install(watched: session)) {
                // A session created through the API took the id since the scan began: the file moves aside.
                let moved = Self.id(for: file, avoiding: taken.union(now.values.map(\.id)).union([id]))
                session = Self.session(for: file, id: moved)
                guard await store.install(watched: session) else { continue }
            }
            now[file] = (stamp, session.id)
            // A file's name is escaped: a line feed in it wrote a fake log line, escape sequences retitled the terminal (a
            // security probe, through a folder shared with a group). An error names it escaped already.
            if let error = session.error {
                logger.warning("\(Terminal.printable(error))")
            } else {
                logger.info(
                    "Rendered \(Terminal.inline(file)) as session '\(session.id)' (\(session.lastIndex) step\(session.lastIndex == 1 ? "" : "s"))"
                )
            }
        }
        // A gone file's id that another file took in this scan (a rename, `mv app-tour.json "App Tour.json"`) stays: its
        // session is that file's now (a review: the rename's session was removed).
        let inUse = Set(now.values.map(\.id))
        for (file, entry) in seen where now[file] == nil {
            guard !inUse.contains(entry.id) else {
                logger.info("\(Terminal.inline(file)) is gone: session '\(entry.id)' is another file's now")
                continue
            }
            logger.info("\(Terminal.inline(file)) is gone: session '\(entry.id)' removed")
            await store.remove(watched: entry.id)
        }
        return now
    }

    /// When the file (through any link, to what it points at: a link's own time never changed as its target was edited, a
    /// trial) was last changed, its size and its inode: a changed stamp is a file to read again.
    static func stamp(_ file: String) -> String {
        var info = stat()
        guard stat(file, &info) == 0 else { return "not there" }
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        // Its mode and owner too: a file made writable by every user, then `chmod o-w` as its error session says, is read
        // again (a review: the error stayed until the file was edited).
        return "\(time.tv_sec).\(time.tv_nsec)/\(info.st_size)/\(info.st_ino)/\(info.st_mode)/\(info.st_uid)"
    }

    /// The file name's slug, made unique.
    static func id(for file: String, avoiding taken: Set<SessionID>) -> SessionID {
        let name = (file.split(separator: "/").last.map(String.init) ?? file).replacingOccurrences(of: ".json", with: "")
        return SessionID.free(for: name, taken: taken.contains)
    }

    /// The scenario's run as a session, or an empty session carrying the file's errors (named as a scenario
    /// without a `name` is: the file's name without folder and extension).
    /// A run that would keep more controllers than a session may (`limit`) becomes a session with that error.
    ///
    /// On a thread with a main thread's stack, as a posted session (`Session.create`).
    static func session(for file: String, id: SessionID, limit: Int = Session.maxKeptControllers) -> Session {
        LargeStack.run { sessionHere(for: file, id: id, limit: limit) }
    }

    private static func sessionHere(for file: String, id: SessionID, limit: Int) -> Session {
        let created = Date().formatted(.iso8601)
        do {
            let scenario = try ScenarioLoader.decode(ScenarioLoader.readText(file, regularOnly: true, ownedBy: geteuid()), file: file)
            let (run, stopped) = ScenarioRunner.run(scenario, keepingAtMost: limit)
            var session = Session(
                id: id, name: scenario.name, created: created, source: .watch(file: file), simulator: Simulator(hierarchy: Hierarchy()))
            if let stopped {
                session.error =
                    "\(Terminal.inline(file)): its states hold more controllers than navviz serve keeps in one session (\(limit) in all, counted once "
                    + "per state), passed at step \(stopped) of \(scenario.steps.count): split the scenario, or draw it with 'navviz render'"
                return session
            }
            session.steps = run.steps
            session.warnings = run.failures
            return session
        } catch {
            var session = Session(
                id: id, name: Capture.name(of: file), created: created, source: .watch(file: file),
                simulator: Simulator(hierarchy: Hierarchy()))
            session.error = error.description
            return session
        }
    }
}
