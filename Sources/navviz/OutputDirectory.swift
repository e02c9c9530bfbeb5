import Foundation
import NavVizRender
import NavVizScenario
import NavVizServer

/// Writes a folder of files atomically: everything goes to a temporary sibling, which replaces the old
/// folder only when complete, so a failed write never leaves half an output over a good one.
///
/// An existing folder is replaced only when navviz wrote every file in it: each output folder carries a
/// manifest (`.navviz-manifest`) naming the files written with a hash of their bytes, and a folder holding
/// any other file (a user's `logo.svg`, the project itself under `-o .`) or a file changed since is refused. Golden folders, which have no manifest, are
/// replaced when every file in them is one the command could have written (`isOutput`).
enum OutputDirectory {
    /// The manifest's file name: the files navviz wrote in the folder, one per line: a hash of the bytes
    /// (FNV-1a, 64 bits, hex), the size in bytes and the relative path, separated by spaces.
    static let manifestName = ".navviz-manifest"
    /// What a diff's output is marked with (`partial`): it never replaces a full render, and another diff's output or a
    /// render replaces it.
    static let diffOutput = "navviz diff -o"

    /// Writes `files` to `destination`. Outputs record what they hold in a manifest, and only a folder
    /// navviz wrote is replaced; goldens (committed, no manifest) pass `isOutput` to say what may be replaced.
    ///
    /// `partial` names what limits a render to part of a scenario (`--step 2`): such a render never replaces a
    /// full one, whose other steps it would silently drop.
    ///
    /// `scenarioFolders` are the scenario folders of a render of several scenarios: a one-scenario render's
    /// manifest in one of them speaks for its files (no other nested manifest does).
    ///
    /// `followsLink`: `destination` is the folder the user named (`-o`), written through when it is a link to a folder.
    ///
    /// `root` is the folder the command was given when `destination` is a folder inside it (`render -o out` of one
    /// scenario writes `out/shop`): the lock is taken where a render of several scenarios into `root` takes it.
    ///
    /// `placed` runs once the new output is in place, before a signal can end navviz: what it prints matches what is on
    /// disk (a CI log of an interrupted `check --record` named fewer scenarios than it had recorded, a trial).
    static func write(
        _ files: [OutputFile], to destination: String, replacing isOutput: ((String) -> Bool)? = nil, partial: String? = nil,
        scenarioFolders: Set<String> = [], root: String? = nil, followsLink: Bool = false, placed: () -> Void = {}
    ) throws(CommandFailure) {
        guard !destination.isEmpty else {
            throw CommandFailure(message: "the output directory must not be empty", code: CommandFailure.usage)
        }
        let fm = FileManager.default
        var target = URL(fileURLWithPath: destination).standardizedFileURL
        // The folder the user named (`-o navviz-out`, linked to a docs folder) is written through when it is a link to a
        // folder: the folder it leads to is the one replaced, and the link stays. One scenario's output, a folder inside
        // it, went through; several were refused as "a symbolic link" (a trial). A link found where a scenario's folder
        // goes inside it, or a golden or artifacts folder, is no name the user gave: refused below, as before.
        if followsLink, let status = FileStatus(target.path), !status.isDirectory, !status.isRegularFile, isDirectory(target.path) {
            target = URL(fileURLWithPath: FileStatus.resolvedPath(target.path))
        }
        // A file where a folder must be (the output named after a file, or a path through one): said as such, where
        // Foundation said "NSCocoaErrorDomain error 512" or named a path inside the file.
        var existing = target
        while !fm.fileExists(atPath: existing.path), existing.pathComponents.count > 1 { existing = existing.deletingLastPathComponent() }
        var isFolder: ObjCBool = false
        // A path as the user would write it from here.
        let cwd = fm.currentDirectoryPath + "/"
        func shown(_ url: URL) -> String {
            guard url.path.hasPrefix(cwd) || url.path + "/" == cwd else { return url.path }
            let relative = String(url.path.dropFirst(cwd.count))
            return relative.isEmpty ? "." : relative
        }
        // (The output's own path taken by a file is refused below, as a file navviz did not write.)
        if existing != target, !fm.fileExists(atPath: existing.path, isDirectory: &isFolder) || !isFolder.boolValue {
            throw CommandFailure(
                message: "\(shown(existing)): a file, not a folder: the output goes into a folder there", code: CommandFailure.ioError)
        }
        // A mount point (a USB stick, a volume of its own) cannot be replaced by a folder renamed over it. Its
        // physical parent (`..`), not the path's: a folder reached through a link to another disk is not one.
        var folderInfo = stat()
        var parentInfo = stat()
        if existing == target, stat(target.path, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR,
            stat(target.path + "/..", &parentInfo) == 0, parentInfo.st_dev != folderInfo.st_dev
        {
            let place = shown(target)
            throw CommandFailure(
                message: "\(place): a mount point: navviz writes a new output beside the old one and renames it into place, "
                    + "which a mount point cannot take. Write into a folder inside it (-o \(place)/navviz-out)",
                code: CommandFailure.ioError)
        }
        // The current folder in the output (`-o .`, `-o ..`): renamed into place, the new output would leave this shell (and
        // the render's own "Open ./index.html") in a deleted folder (a trial: `ls` showed nothing, a second render failed).
        if existing == target {
            let (cwdPath, targetPath) = (FileStatus.resolvedPath(fm.currentDirectoryPath), FileStatus.resolvedPath(target.path))
            if cwdPath == targetPath || cwdPath.hasPrefix(targetPath == "/" ? "/" : targetPath + "/") {
                let place = shown(target)
                throw CommandFailure(
                    message: "\(place): the current folder is \(cwdPath == targetPath ? "this output" : "inside this output"): navviz "
                        + "writes a new output beside the old one and renames it into place, which would leave this shell in a "
                        + "deleted folder. Write into a folder inside it (-o navviz-out), or run navviz from another folder",
                    code: CommandFailure.ioError)
            }
        }
        // The folder the output is made in (or replaced in) must take new files.
        let maker = existing == target ? target.deletingLastPathComponent() : existing
        if access(maker.path, W_OK | X_OK) != 0 {
            let place = shown(maker)
            // An existing output is replaced from its parent (a trial read '.' after asking for -o ro: said why).
            let why = existing == target ? " (navviz writes the new \(shown(target)) beside the old one and renames it into place)" : ""
            throw CommandFailure(
                message: "\(place): cannot write the output there\(why): \(String(cString: strerror(errno)))",
                code: CommandFailure.ioError)
        }
        // One navviz at a time replaces an output in the folder the command's output goes in (`root`'s, when the output
        // is a folder inside it: a render of several scenarios replaces `root` whole), made first when new: a second one
        // waits (it read the first one's half-replaced folder as files changed since navviz wrote them). Two renders into
        // a new folder locked different folders, the one above it and the one the first had just made (a trial), and so
        // did a render of one scenario and one of several into one -o (a review). The lock goes with the descriptor.
        let parent = target.deletingLastPathComponent()
        let lockFolder = root.map { URL(fileURLWithPath: $0).standardizedFileURL.deletingLastPathComponent() } ?? parent
        /// The folders made here, below the nearest one that existed, removed again when a refusal or a failure leaves
        /// them empty (every level of `-o w1/w2/w3`, a review).
        func removeMadeFolders() {
            var folder = parent
            while folder.path.count > existing.path.count, folder.path.hasPrefix(existing.path + "/") {
                rmdir(folder.path)
                folder = folder.deletingLastPathComponent()
            }
        }
        // A folder above -o that cannot be opened (search-only, mode 711) locks the output's own folder instead: a lock
        // skipped so let two renders fail each other (a second review). The folder locked must still be the one at its
        // path once the lock is held: a failed render removes the empty folders it made, and one made again would be
        // another's to lock.
        var lock: Int32 = -1
        var locked = lockFolder
        for _ in 0..<8 {
            if !fm.fileExists(atPath: lockFolder.path) { try? fm.createDirectory(at: lockFolder, withIntermediateDirectories: true) }
            locked = lockFolder
            lock = open(locked.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if lock < 0, locked != parent {
                try? fm.createDirectory(at: parent, withIntermediateDirectories: true)
                locked = parent
                lock = open(locked.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            }
            guard lock >= 0 else { break }
            if flock(lock, LOCK_EX | LOCK_NB) != 0 {
                // Named with the output asked for: "writing into ." read as if the other wrote this render's -o (a trial).
                printError("note: another navviz is writing in \(shown(locked)), where \(shown(target)) goes; waiting for it")
                while flock(lock, LOCK_EX) != 0, errno == EINTR {}
            }
            var held = stat()
            var there = stat()
            if fstat(lock, &held) == 0, stat(locked.path, &there) == 0, held.st_ino == there.st_ino, held.st_dev == there.st_dev { break }
            close(lock)
            lock = -1
        }
        defer { if lock >= 0 { close(lock) } }
        let unchanged: [String: String]
        let checked: Listing
        do {
            (unchanged, checked) = try checkReplaceable(
                target, named: destination, isOutput: isOutput, partial: partial, folders: scenarioFolders)
        } catch {
            removeMadeFolders()
            throw error
        }
        removeAbandonedSiblings(of: target)
        let staging = parent.appendingPathComponent(
            siblingPrefix(of: target, ".navviz-tmp-") + "\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try fm.createDirectory(at: parent, withIntermediateDirectories: true)
            if fm.fileExists(atPath: staging.path) { try fm.removeItem(at: staging) }
            // Removed if a signal ends navviz before the swap; each file and folder made in it goes through `writing`.
            Interruption.removeOnSignal(staging.path)
            try Interruption.writing { try fm.createDirectory(at: staging, withIntermediateDirectories: true) }
            var folders: Set<String> = [staging.path]
            for file in files {
                let folder = ("\(staging.path)/\(file.path)" as NSString).deletingLastPathComponent
                if folders.insert(folder).inserted {
                    try Interruption.writing { try fm.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                }
            }
            // On every core: a render writes hundreds of files. Each is hashed in its own task (most hashes are known):
            // the other core writes the rest while one hashes index.html (30 MB at 800 steps), the render's largest.
            let (staged, old, hashing) = (staging.path, target.path, isOutput == nil)
            let results = Parallel.map(Array(files.indices)) { index -> (hash: String, failure: NewFileError?) in
                let file = files[index]
                let path = "\(staged)/\(file.path)"
                let hash = hashing ? file.digest.map(ContentHash.hex) ?? Self.hash(parts: file.parts) : ""
                // A file the old folder holds byte for byte is linked, not written again: re-rendering after a
                // small edit writes only what changed.
                if hashing, unchanged[file.path] == hash, Interruption.writing({ link("\(old)/\(file.path)", path) }) == 0 {
                    return (hash, nil)
                }
                do throws(NewFileError) {
                    try Interruption.writing { () throws(NewFileError) in try NewFile.write(parts: file.parts, to: path) }
                    return (hash, nil)
                } catch {
                    return (hash, error)
                }
            }
            if let failure = results.lazy.compactMap(\.failure).first { throw failure }
            let listed = zip(files, results).map { (path: $0.path, hash: $1.hash, size: $0.byteCount) }
            if isOutput == nil {
                let lines = listed.sorted { $0.path < $1.path }.map { "\($0.hash) \($0.size) \($0.path)" }.joined(separator: "\n")
                let header = "# Written by navviz; it replaces this folder only while it holds nothing else.\n"
                let text = header + (partial.map { "\(Manifest.partialPrefix)\($0)\n" } ?? "") + "\(lines)\n"
                try Interruption.writing { () throws(NewFileError) in
                    try NewFile.write(text, to: staging.appendingPathComponent(manifestName).path)
                }
            }
            // Once more, now that the new output is ready: a file put in the old folder while it was written (an
            // editor's save, a note copied in) would go with it. By names, sizes and modification times against the
            // first look (linking the unchanged files changed their status times: checked so, each would be hashed).
            if let moved = Listing(target).firstDifference(from: checked) {
                throw CommandFailure(
                    message: "\(destination): not replaced: '\(moved)' changed while navviz wrote the new output. Run it again, or "
                        + "choose another output directory",
                    code: CommandFailure.ioError)
            }
            try replace(target, with: staging, placed: placed)
            // Another render's folder the new output does not hold went with the old one: said.
            let written = Set(files.compactMap { $0.path.split(separator: "/").first.map(String.init) })
            for folder in checked.entries.keys.filter({ $0.hasSuffix("/" + manifestName) && $0.split(separator: "/").count == 2 })
                .map({ String($0.dropLast(manifestName.count + 1)) }).sorted() where !written.contains(folder)
            {
                printError("note: \(destination)/\(folder)/, an earlier render, was replaced with the rest of \(destination)/")
            }
            // The manifest's time says when the output was complete: removing the old folder changed the status time of
            // each file linked from it, which the next render would otherwise read and hash to find unchanged.
            if isOutput == nil {
                let manifest = target.appendingPathComponent(manifestName).path
                utimensat(AT_FDCWD, manifest, nil, 0)
                waitForClockToPass(FileStatus(manifest)?.modified)
            }
        } catch {
            try? fm.removeItem(at: staging)
            Interruption.forget(staging.path)
            removeMadeFolders()
            if let failure = error as? CommandFailure { throw failure }
            throw CommandFailure(
                message: "\(destination): cannot write the output: \((error as? NewFileError)?.description ?? Self.describe(error))",
                code: CommandFailure.ioError)
        }
    }

    /// Returns once the clock that stamps files has passed `time` (nanoseconds), at most ~20 ms later: a file
    /// changed in the same tick as the manifest would carry its time exactly and be taken as unchanged (git's
    /// "racily clean" entries; Linux stamps files from a coarse clock, ticking every few milliseconds).
    static func waitForClockToPass(_ time: Int?) {
        guard let time else { return }
        #if os(Linux)
            let clock = CLOCK_REALTIME_COARSE
        #else
            let clock = CLOCK_REALTIME
        #endif
        for _ in 0..<20 {
            var now = timespec()
            clock_gettime(clock, &now)
            if Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec) > time { return }
            usleep(1000)
        }
    }

    /// A Foundation error as the system's sentence for its cause ("Permission denied", "No space left on device"),
    /// where its own text may be only "The operation could not be completed".
    static func describe(_ error: any Error) -> String {
        let ns = error as NSError
        // The file it failed on, when it is not the one the message names (a folder made on the way).
        let path = (ns.userInfo[NSFilePathErrorKey] as? String).map { " (\($0))" } ?? ""
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code))) + path
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) + path }
        // Foundation's own sentence, "The operation could not be completed. The file doesn't exist.", named neither the
        // cause nor the file (a trial's `-o /proc/nope`): as the system says it.
        if ns.domain == NSCocoaErrorDomain, let code = cocoaFileErrors[ns.code] { return String(cString: strerror(code)) + path }
        return error.localizedDescription
    }

    /// Foundation's file error codes as the system's (NSFileNoSuchFileError, NSFileReadNoSuchFileError,
    /// NSFileReadNoPermissionError, NSFileWriteNoPermissionError, NSFileWriteFileExistsError, NSFileWriteOutOfSpaceError,
    /// NSFileWriteVolumeReadOnlyError).
    static let cocoaFileErrors: [Int: Int32] = [4: ENOENT, 260: ENOENT, 257: EACCES, 513: EACCES, 516: EEXIST, 640: ENOSPC, 642: EROFS]

    /// What a folder's manifest says: the files navviz wrote with their hashes, and what limited the render
    /// when it was partial (`# partial: --step 2`).
    struct Manifest {
        /// The manifest line that marks a partial render, before what limited it.
        static let partialPrefix = "# partial: "

        /// Hash by relative path.
        var files: [String: String] = [:]
        /// Size in bytes by relative path (older manifests have none).
        var sizes: [String: Int] = [:]
        var partial: String?

        /// A diff's output written before diffs marked theirs: only its diagrams, `NNN-op` or `old-NNN-op`, `.dot` and `.svg`.
        var isUnmarkedDiff: Bool {
            partial == nil && !files.isEmpty
                && files.keys.allSatisfy { path in
                    let name = path.hasPrefix("old-") ? path.dropFirst(4) : Substring(path)
                    return !path.contains("/") && (path.hasSuffix(".dot") || path.hasSuffix(".svg")) && name.count > 4
                        && name.prefix(3).allSatisfy { $0.isASCII && $0.isNumber } && name.dropFirst(3).first == "-"
                }
        }

        /// The folder's manifest; nil without one.
        init?(in folder: URL) {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(manifestName), encoding: .utf8) else { return nil }
            for line in text.split(separator: "\n") {
                if line.hasPrefix(Self.partialPrefix) {
                    partial = String(line.dropFirst(Self.partialPrefix.count))
                    continue
                }
                if line.hasPrefix("#") { continue }
                // `HASH SIZE PATH`, or `HASH PATH` in older manifests (output paths hold no space).
                let fields = line.split(separator: " ", maxSplits: 2)
                guard fields.count >= 2 else { continue }
                let path = String(fields[fields.count - 1])
                files[path] = String(fields[0])
                if fields.count == 3 { sizes[path] = Int(fields[1]) }
            }
        }
    }

    /// FNV-1a over the bytes, as 16 hex digits: enough to notice an edit, not a security measure.
    static func hash(_ data: Data) -> String {
        ContentHash.hex(data.withUnsafeBytes { ContentHash.fnv1a($0) })
    }

    /// The same hash of the UTF-8 bytes of `parts`, one after another.
    static func hash(parts: [String]) -> String {
        ContentHash.hex(parts.reduce(ContentHash.basis) { ContentHash.fnv1a($1.utf8, seed: $0) })
    }

    /// Fails when `target` holds a file navviz did not write: with `isOutput` nil, one its manifest does not
    /// list (every file, without a manifest); else one `isOutput` does not recognize. Finder's `.DS_Store`
    /// aside. A `partial` render also fails over a full one.
    ///
    /// Returns the files of the folder that still hold what its manifest says (relative path → hash): those a
    /// new render may link instead of writing. A regular file of the size the manifest gives, last modified and
    /// last changed in status no later than the manifest was written, is taken as unchanged without reading it (as
    /// git trusts its index); any other is read and hashed. And what the folder held as it was looked at (`seen`),
    /// to look again before it is replaced.
    @discardableResult
    static func checkReplaceable(
        _ target: URL, named destination: String, isOutput: ((String) -> Bool)?, partial: String? = nil,
        folders: Set<String> = []
    ) throws(CommandFailure) -> (unchanged: [String: String], seen: Listing) {
        let fm = FileManager.default
        // Goldens are recorded where they are kept: the advice is to clear the way, not to pick another folder (a trial).
        let advice = isOutput == nil ? "Choose another output directory, or remove it first" : "Move or remove it, then record again"
        guard let kind = FileStatus(target.path) else { return ([:], Listing()) }
        guard kind.isDirectory else {
            // A file or a symbolic link (replacing a link would empty the folder it points to).
            throw CommandFailure(
                message: "\(destination): not replaced: it is \(kind.isRegularFile ? "a file" : "a symbolic link or a special file"), "
                    + "not a folder navviz wrote. " + advice,
                code: CommandFailure.ioError)
        }
        let manifest = isOutput == nil ? Manifest(in: target) : nil
        func refuseOverFull(_ full: Manifest, count: Int) throws(CommandFailure) {
            guard let partial, count > 0 else { return }
            // A diff's diagrams are no part of a render, whole or partial, nor of check's artifacts: said as what they would
            // do (a trial's docs folder of 692 files became the 11 of a diff, without a word). Another diff's output, marked
            // or written before diffs were (only its `NNN-op` diagrams), is replaced.
            if partial == Self.diffOutput {
                guard full.partial != Self.diffOutput, !full.isUnmarkedDiff else { return }
                let what =
                    full.files.keys.contains("drift.txt")
                    ? "check's artifacts" : full.partial.map { "a render limited by \($0)" } ?? "a full render"
                throw CommandFailure(
                    message: "\(destination): not replaced: it holds \(what) (\(count) files), which \(partial) would replace "
                        + "with its own diagrams. Write the diff to another output directory (-o), or remove it first",
                    code: CommandFailure.ioError)
            }
            guard full.partial == nil else { return }
            throw CommandFailure(
                message:
                    "\(destination): not replaced: it holds a full render (\(count) files), and \(partial) writes only part of it. "
                    + "Render to another output directory (-o), or remove it first",
                code: CommandFailure.ioError)
        }
        if let manifest { try refuseOverFull(manifest, count: manifest.files.count) }
        // Without its own, the parent's lines for this folder (a render of several scenarios, now rendering one of them).
        let prefix = target.lastPathComponent + "/"
        let parent = isOutput == nil && manifest == nil ? Manifest(in: target.deletingLastPathComponent()) : nil
        // Nothing navviz wrote in it or for it (no manifest of its own, none of the folder above naming it, none one level
        // down): any file it holds is another's, so a few thousand entries are looked at, not the whole tree (`-o /` with
        // two scenarios listed every file on the machine, 30 s and more, before refusing).
        let bare =
            isOutput == nil && manifest == nil && !(parent?.files.keys.contains { $0.hasPrefix(prefix) } ?? false)
            && !((try? fm.contentsOfDirectory(atPath: target.path)) ?? []).contains { name in
                fm.fileExists(atPath: target.path + "/" + name + "/" + manifestName)
            }
        var (walked, complete) = walk(target.path, limit: bare ? Self.bareWalkLimit : nil)
        if !complete, !walked.contains(where: { $0.status?.isDirectory != true }) { (walked, complete) = walk(target.path, limit: nil) }
        let relatives = walked.map(\.relative)
        // What navviz wrote: the folder's manifest; a manifest in a subfolder (a one-scenario render there, now
        // part of a render of several); without its own, the parent's lines for this folder (a render of several
        // scenarios, now rendering one of them). The nearest manifest speaks for a file.
        var listing: [String: (hash: String, size: Int?, written: FileStatus?)] = [:]
        func merge(_ manifest: Manifest, in folder: URL, under prefix: String, stripping strip: String = "") {
            let written = FileStatus(folder.appendingPathComponent(manifestName).path)
            for (path, hash) in manifest.files where path.hasPrefix(strip) {
                listing[prefix + path.dropFirst(strip.count)] = (hash, manifest.sizes[path], written)
            }
        }
        // Only the manifests one level down: a folder a render of several scenarios writes, or another render's.
        var manifests: Set<String> = [manifestName]
        if isOutput == nil {
            if let manifest {
                merge(manifest, in: target, under: "")
            } else if let parent {
                try refuseOverFull(parent, count: parent.files.keys.filter { $0.hasPrefix(prefix) }.count)
                merge(parent, in: target.deletingLastPathComponent(), under: "", stripping: prefix)
            }
            // Its own folders, and any other one-scenario render one level down: a render of one capture, then of the
            // folder of captures, into one output (captures.md's two commands) refused the first's files as not navviz's.
            let renders = relatives.filter { $0.hasSuffix("/" + manifestName) && $0.split(separator: "/").count == 2 }.map {
                String($0.dropLast(manifestName.count + 1))
            }
            for folder in folders.union(renders).sorted() {
                let relative = folder + "/" + manifestName
                guard relatives.contains(relative), let inner = Manifest(in: target.appendingPathComponent(folder)) else { continue }
                try refuseOverFull(inner, count: inner.files.count)
                merge(inner, in: target.appendingPathComponent(folder), under: folder + "/")
                manifests.insert(relative)
            }
        }
        var foreign: [String] = []
        var changed: [String] = []
        var unchanged: [String: String] = [:]
        var seen = Listing()
        for (relative, status) in walked {
            let path = target.path + "/" + relative
            seen.note(relative, status)
            // A folder navviz cannot list may hold anything (the listing skips it without a word).
            if status?.isDirectory == true, access(path, R_OK | X_OK) != 0 {
                throw CommandFailure(
                    message: "\(destination): not replaced: its folder '\(relative)' cannot be read, so navviz cannot tell what it "
                        + "holds. " + advice,
                    code: CommandFailure.ioError)
            }
            if status?.isDirectory == true || (relative as NSString).lastPathComponent == ".DS_Store" { continue }
            if let isOutput {
                if !isOutput(relative) { foreign.append(relative) }
            } else if !manifests.contains(relative) {
                guard let entry = listing[relative] else {
                    foreign.append(relative)
                    continue
                }
                guard let status, status.isRegularFile else {
                    changed.append(relative)
                    continue
                }
                // Unchanged by its size and times, else by its hash: a file whose status changed after the manifest
                // was written (an edit, even one that set an old modification time with `touch -d` or `cp -p`) is read.
                let untouched =
                    entry.written.map { status.size == entry.size && status.modified <= $0.modified && status.changed <= $0.modified }
                    ?? false
                if untouched || (try? Data(contentsOf: URL(fileURLWithPath: path))).map(Self.hash) == entry.hash {
                    unchanged[relative] = entry.hash
                } else {
                    changed.append(relative)
                }
            }
        }
        if foreign.isEmpty, let first = changed.min() {
            let others = Self.alsoNamed(changed.sorted().dropFirst())
            throw CommandFailure(
                message: "\(destination): not replaced: '\(first)'\(others) changed since navviz wrote it. "
                    + "Choose another output directory, or remove it first",
                code: CommandFailure.ioError)
        }
        guard let first = foreign.min() else { return (unchanged, seen) }
        // A golden folder (`check --record` wrote it, with its source.txt and summary.txt): said as such, where "it holds
        // 'run.json' …, which navviz does not write there" read as a refusal of what render writes (a code-review trial).
        if isOutput == nil, Set(foreign).isSuperset(of: ["source.txt", "summary.txt"]) {
            throw CommandFailure(
                message: "\(destination): not replaced: it holds the goldens navviz check records (source.txt, summary.txt and "
                    + "\(foreign.count - 2) more), not a render. Render into another folder",
                code: CommandFailure.ioError)
        }
        let others =
            !complete
            ? " (and more: navviz stopped looking after \(Self.bareWalkLimit) entries)"
            : Self.alsoNamed(foreign.sorted().dropFirst())
        // A link where navviz writes a folder (`states` moved aside and linked back) is named as what it is: "which
        // navviz does not write there" was wrong of a name navviz does write (a trial).
        let status = FileStatus(target.appendingPathComponent(first).path)
        let what =
            status.map { !$0.isDirectory && !$0.isRegularFile } == true
            ? ", a symbolic link or special file, which navviz never writes\(others)" : "\(others), which navviz does not write there"
        throw CommandFailure(
            message: "\(destination): not replaced: it holds '\(first)'\(what). "
                + advice,
            code: CommandFailure.ioError)
    }

    /// What a folder holds, by relative path: each file's size and modification time (a folder's as -1).
    struct Listing: Equatable {
        var entries: [String: [Int]] = [:]

        init() {}

        /// What `target` holds now.
        init(_ target: URL) {
            for (relative, status) in OutputDirectory.walk(target.path) { note(relative, status) }
        }

        mutating func note(_ relative: String, _ status: FileStatus?) {
            entries[relative] = status.map { $0.isDirectory ? [-1] : [$0.size, $0.modified] } ?? []
        }

        /// A path that is new, gone or changed since `earlier`, the first in order.
        func firstDifference(from earlier: Listing) -> String? {
            Set(entries.keys).union(earlier.entries.keys).sorted().first { entries[$0] != earlier.entries[$0] }
        }
    }

    /// Removes an earlier check's artifacts (a folder navviz wrote whose manifest lists `drift.txt`, which no render
    /// writes) when every file is still as its manifest says; true when it did. A folder holding anything else,
    /// changed since, or of another kind (a render's output under the artifacts folder) is left alone.
    @discardableResult
    static func removeArtifactsIfUnchanged(_ path: String) -> Bool {
        let target = URL(fileURLWithPath: path).standardizedFileURL
        guard FileStatus(target.path)?.isDirectory == true, let manifest = Manifest(in: target), manifest.files["drift.txt"] != nil,
            (try? checkReplaceable(target, named: path, isOutput: nil)) != nil
        else { return false }
        removeTree(target.path)
        return true
    }

    /// The start of a staging or backup folder's name beside `target`, `.NAME.navviz-tmp-` (the process id follows),
    /// with NAME cut on a character boundary so that the whole name fits a file system's 255 bytes: a scenario named
    /// by a 240-character file had a folder that fit and a staging name that did not (a trial: Foundation's "The file
    /// name is invalid", exit 74).
    /// A cut name ends in a digest of the whole (`~` and 16 hex digits): two names with the same start keep
    /// apart, and one navviz never cleans up after a render of another name (a review).
    static func siblingPrefix(of target: URL, _ marker: String) -> String {
        let room = 255 - 1 - marker.utf8.count - 10  // a process id has at most 10 digits
        let full = target.lastPathComponent
        guard full.utf8.count > room else { return ".\(full)\(marker)" }
        let digest = "~" + ContentHash.hex(ContentHash.fnv1a(full.utf8))
        var name = Substring(full)
        while name.utf8.count > room - digest.utf8.count { name = name.dropLast() }
        return ".\(name)\(digest)\(marker)"
    }

    /// Removes the staging and backup folders (`.NAME.navviz-tmp-PID`, `.NAME.navviz-old-PID`) that a killed
    /// navviz left beside `target`, when their process is gone.
    static func removeAbandonedSiblings(of target: URL) {
        let fm = FileManager.default
        let parent = target.deletingLastPathComponent()
        guard let names = try? fm.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names {
            for marker in [".navviz-tmp-", ".navviz-old-"] {
                let prefix = siblingPrefix(of: target, marker)
                guard name.hasPrefix(prefix), let pid = Int32(name.dropFirst(prefix.count)) else { continue }
                if pid != ProcessInfo.processInfo.processIdentifier, kill(pid, 0) == -1, errno == ESRCH {
                    try? fm.removeItem(at: parent.appendingPathComponent(name))
                }
            }
        }
    }

    /// Removes a folder navviz wrote (the old output, once replaced) with one `unlink` per file, where
    /// `FileManager.removeItem` also inspects each of a render's hundreds of files. A symbolic link is
    /// removed, never followed.
    static func removeTree(_ path: String) {
        let entries = walk(path)
        // Each folder's files on a core of their own (a render's states and transitions), then the folders, deepest first.
        let folders = [""] + entries.filter { $0.status?.isDirectory == true }.map(\.relative)
        var files: [String: [String]] = [:]
        for entry in entries where entry.status?.isDirectory != true {
            let slash = entry.relative.lastIndex(of: "/")
            files[slash.map { String(entry.relative[..<$0]) } ?? "", default: []].append(entry.relative)
        }
        let byFolder = files
        _ = Parallel.map(folders) { folder in
            for relative in byFolder[folder] ?? [] { unlink(path + "/" + relative) }
        }
        for folder in folders.dropFirst().reversed() { rmdir(path + "/" + folder) }
        rmdir(path)
    }

    /// Every entry under `root` (not `root` itself), each folder's entries before the next entry of its parent, with
    /// its status (`lstat`: a link is not followed, nor entered): what `FileManager.enumerator(atPath:)` lists, without its
    /// cost (two listings were a tenth of a render over its own output at 800 steps). A folder that cannot be opened is
    /// listed, and not entered.
    static func walk(_ root: String) -> [(relative: String, status: FileStatus?)] { walk(root, limit: nil).found }

    /// `path` without the slashes it ends in, as a command names a folder inside it: `-o out/` and `-o /` read `out/a/`
    /// and `/a/`, not `out//a/` and `//a/`.
    static func withoutTrailingSlashes(_ path: String) -> String {
        String(path.reversed().drop { $0 == "/" }.reversed())
    }

    /// ` (and 'b', 'c')`: the other files a refusal names, up to four, then how many more (a code-review trial's `(and 1
    /// more)` left it to the next run to find the stray file).
    static func alsoNamed(_ others: ArraySlice<String>) -> String {
        guard !others.isEmpty else { return "" }
        let named = others.prefix(others.count > 4 ? 3 : 4).map { "'\($0)'" }
        let more = others.count - named.count
        return " (and " + (named + (more > 0 ? ["\(more) more"] : [])).joined(separator: ", ") + ")"
    }

    /// How many entries a folder with nothing of navviz's in it is looked at before it is refused (`checkReplaceable`).
    static let bareWalkLimit = 10_000

    /// Everything under `root`, or its first `limit` entries (names in order at each level, folders before what follows
    /// them); `complete` is false when the limit cut it short.
    static func walk(_ root: String, limit: Int?) -> (found: [(relative: String, status: FileStatus?)], complete: Bool) {
        var found: [(relative: String, status: FileStatus?)] = []
        var complete = true
        func visit(_ folder: String, _ prefix: String) {
            guard complete, let stream = opendir(folder) else { return }
            var names: [String] = []
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != ".", name != ".." { names.append(name) }
            }
            closedir(stream)
            if limit != nil { names.sort() }
            for name in names {
                if let limit, found.count >= limit {
                    complete = false
                    return
                }
                let status = FileStatus(folder + "/" + name)
                found.append((prefix + name, status))
                if status?.isDirectory == true { visit(folder + "/" + name, prefix + name + "/") }
            }
        }
        visit(root, "")
        return (found, complete)
    }

    /// Copies each Finder `.DS_Store` of `target` (which does not stop a replacement) into the same folder of `staging`, where
    /// that folder exists and has none: the new output keeps them, where they went with the old one (a code-review trial's
    /// `--record` removed one, a file navviz did not write). Copied, not moved: a replacement that fails leaves the old
    /// output as it was.
    static func carryFinderFiles(from target: String, to staging: String) {
        func visit(_ relative: String) {
            let folder = relative.isEmpty ? staging : staging + "/" + relative
            let old = (relative.isEmpty ? target : target + "/" + relative) + "/.DS_Store"
            if FileStatus(old)?.isRegularFile == true, FileStatus(folder + "/.DS_Store") == nil,
                let data = FileManager.default.contents(atPath: old)
            {
                FileManager.default.createFile(atPath: folder + "/.DS_Store", contents: data)
            }
            guard let stream = opendir(folder) else { return }
            var folders: [String] = []
            while let entry = readdir(stream) {
                let type = entry.pointee.d_type
                guard type == UInt8(DT_DIR) || type == UInt8(DT_UNKNOWN) else { continue }
                let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard name != ".", name != "..", type == UInt8(DT_DIR) || FileStatus(folder + "/" + name)?.isDirectory == true else {
                    continue
                }
                folders.append(name)
            }
            closedir(stream)
            for name in folders { visit(relative.isEmpty ? name : relative + "/" + name) }
        }
        visit("")
    }

    /// Moves `staging` to `target`, keeping the old target until the move succeeded; then runs `placed`, before a signal
    /// can end navviz.
    static func replace(_ target: URL, with staging: URL, placed: () -> Void) throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: target.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: target.path])
            }
            let old = target.deletingLastPathComponent().appendingPathComponent(
                siblingPrefix(of: target, ".navviz-old-") + "\(ProcessInfo.processInfo.processIdentifier)")
            if fm.fileExists(atPath: old.path) { try fm.removeItem(at: old) }
            carryFinderFiles(from: target.path, to: staging.path)
            // A signal between the two moves would leave no folder at the target: it waits for the second.
            try Interruption.uninterrupted {
                try fm.moveItem(at: target, to: old)
                do {
                    try fm.moveItem(at: staging, to: target)
                } catch {
                    try? fm.moveItem(at: old, to: target)
                    throw error
                }
                Interruption.forget(staging.path)
                Interruption.removeOnSignal(old.path)
                placed()
            }
            removeTree(old.path)
            Interruption.forget(old.path)
            if FileStatus(old.path) != nil {
                printError(
                    "warning: \(old.path): the output it replaced could not be removed (a folder in it is not writable?); "
                        + "remove it by hand")
            }
        } else {
            try Interruption.uninterrupted {
                try fm.moveItem(at: staging, to: target)
                Interruption.forget(staging.path)
                placed()
            }
        }
    }
}

/// A `[12/20] laying out` line on a terminal; nothing when stderr is not a terminal.
struct ProgressLine {
    /// On a terminal that takes escape sequences: a `TERM=dumb` one (an editor's shell) showed them raw (a trial).
    let enabled = isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    /// Whether a progress line is on the terminal now: `printError` clears it first.
    private static let shown = Locked(false)

    func update(_ done: Int, _ total: Int, _ label: String) {
        guard enabled else { return }
        let text = "[\(done + 1)/\(total)] \(label)"
        Self.shown.withLock { $0 = true }
        writeStandardError("\r\u{1B}[K\(text.prefix(100))")
    }

    /// A stage after the counted one (`assembling the pages`, `writing 812 files`): a long render showed nothing after its
    /// last `laying out` (a trial's 5,000-step render, for minutes).
    func status(_ label: String) {
        guard enabled else { return }
        Self.shown.withLock { $0 = true }
        writeStandardError("\r\u{1B}[K\(label.prefix(100))")
    }

    func finish() {
        guard enabled else { return }
        Self.shown.withLock { $0 = false }
        writeStandardError("\r\u{1B}[K")
    }

    /// Whether a progress line was shown, now taken as cleared by the caller.
    static func clearIfShown() -> Bool {
        shown.withLock { shown in
            defer { shown = false }
            return shown
        }
    }
}

/// Output folder names for scenarios: the file's slug. Files that share one are told apart by the folders they sit
/// in (`iphone/checkout.json` and `ipad/checkout.json` name `iphone-checkout` and `ipad-checkout`), so adding a file
/// renames only the files of its own name, and for one in a folder of the same name, which takes one folder more (a
/// check compared one flow with another's goldens when a numbering shifted);
/// only names that their folders cannot tell apart get `-2`, `-3`…, in the order of their paths. The names do not
/// depend on the order of the arguments (a golden folder must not).
struct FolderNames {
    /// The names taken, case folded: macOS's file system tells no `Checkout` from `checkout` (a trial's two scenarios of
    /// those names would have shared one folder there).
    private var used: Set<String>
    private var assigned: [String: String] = [:]

    /// Names that are taken from the start (`index.html` beside the folders of several scenarios); `files`, when
    /// given, are named up front.
    init(reserved: Set<String> = [], files: [String] = []) {
        used = Set(reserved.map(Self.folded))
        let path = { (file: String) in URL(fileURLWithPath: file).standardizedFileURL.path }
        let sorted = Set(files).sorted { (path($0), $0) < (path($1), $1) }
        let groups = Dictionary(grouping: sorted) { Self.folded(slug($0)) }
        // A name that no other file has is its slug.
        for file in sorted where groups[Self.folded(slug(file))]!.count == 1 && !used.contains(Self.folded(slug(file))) {
            assigned[file] = slug(file)
            used.insert(Self.folded(slug(file)))
        }
        for file in sorted where assigned[file] == nil {
            let group = groups[Self.folded(slug(file))]!
            let names =
                group.count > 1 ? Self.qualified(group, path: path, avoiding: used.union(groups.keys)) : [String?](repeating: nil, count: 1)
            for (member, name) in zip(group, names) {
                assigned[member] = name ?? unique(for: member)
                used.insert(Self.folded(assigned[member]!))
            }
        }
    }

    /// A name as the file system compares it where it ignores case.
    private static func folded(_ name: String) -> String { name.lowercased() }

    /// Each file's slug after the fewest folders above it that tell it apart from every other file of the group
    /// (`ipad-checkout`): a file that one folder tells apart keeps its name when another file joins the group with a
    /// folder of its own. Nil for a file no number of folders tells apart, or whose name would be taken (`avoiding`, folded).
    private static func qualified(_ group: [String], path: (String) -> String, avoiding: Set<String>) -> [String?] {
        // Folder names whole: `ios17.0` and `ios17.1` are not both `ios17`.
        let folders = group.map { file in
            URL(fileURLWithPath: path(file)).deletingLastPathComponent().pathComponents.dropFirst().map(folderSlug)
        }
        var names: [String?] = zip(group, folders).enumerated().map { index, element in
            let (file, above) = element
            for depth in 1...max(1, above.count) {
                let mine = Array(above.suffix(depth)).map(folded)
                let others = folders.indices.filter { $0 != index }.map { Array(folders[$0].suffix(depth)).map(folded) }
                if !others.contains(mine) { return (Array(above.suffix(depth)) + [slug(file)]).joined(separator: "-") }
            }
            return nil
        }
        // Two names made alike by different depths (`p/q-r/x` and `q/r/x`), or a name another file has: numbered.
        for (index, name) in names.enumerated() {
            guard let name else { continue }
            if avoiding.contains(folded(name))
                || names.enumerated().contains(where: { $0.offset != index && $0.element.map(folded) == folded(name) })
            {
                names[index] = nil
            }
        }
        return names
    }

    /// A folder's name as part of an output folder's name: letters, digits, `-`, `_` and `.` kept.
    private static func folderSlug(_ name: String) -> String {
        let cleaned = String(name.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" })
        return cleaned.trimmingCharacters(in: CharacterSet(charactersIn: ".")).isEmpty ? "folder" : cleaned
    }

    /// A folder name for this scenario file that no earlier one has (the one given up front, if it was).
    mutating func unique(for file: String) -> String {
        if let name = assigned.removeValue(forKey: file) { return name }
        let base = slug(file)
        var folder = base
        var n = 2
        while used.contains(Self.folded(folder)) {
            folder = "\(base)-\(n)"
            n += 1
        }
        used.insert(Self.folded(folder))
        return folder
    }
}
