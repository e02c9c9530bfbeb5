import Foundation
import NavVizCore

/// Reads scenario and snapshot files from disk with errors that name the file.
public enum ScenarioLoader {
    /// Reads a file's text, or fails with a file-level `ScenarioError`. A pipe is read too (`navviz diff
    /// <(git show main:flow.json) flow.json`, a FIFO, /dev/stdin) unless `regularOnly` (a watched folder, where a
    /// file swapped for a FIFO would block the reader for good). Opened once, without waiting for a FIFO's writer,
    /// and judged by what was opened; at most `limit` bytes are read, as `/proc/self/pagemap` says it is a
    /// regular file of size 0 and goes on for gigabytes. With `owner`, a file that another user owns, or that every user may
    /// write, is refused (a watched folder's: it would show as the user's session).
    public static func readText(
        _ path: String, regularOnly: Bool = false, limit: Int = maxStreamBytes, ownedBy owner: uid_t? = nil
    ) throws(ScenarioErrors) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            // A link whose target is gone is there to see (`ls` lists it): "no such file" read as a typo (a trial).
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                var info = stat()
                let loop = stat(path, &info) != 0 && errno == ELOOP
                throw ScenarioErrors([
                    .unreadable(
                        file: path,
                        reason: "it is a symbolic link to '\(target)', "
                            + (loop ? "one of a loop of links that leads to no file" : "which does not exist"))
                ])
            }
            throw ScenarioErrors([.fileNotFound(file: path)])
        }
        if isDirectory.boolValue { throw ScenarioErrors([.isDirectory(file: path)]) }
        guard let (fd, type) = openedWithoutWaiting(path) else {
            let reason = errno == EACCES ? "permission denied" : "it cannot be read (\(String(cString: strerror(errno))))"
            throw ScenarioErrors([.unreadable(file: path, reason: reason)])
        }
        defer { close(fd) }
        if type == S_IFDIR { throw ScenarioErrors([.isDirectory(file: path)]) }
        if regularOnly, type != S_IFREG { throw ScenarioErrors([.unreadable(file: path, reason: "it is not a regular file")]) }
        // The file opened, not the path looked at before: another file could have taken its name in between (a review
        // swapped a watched file so).
        var info = stat()
        let described = fstat(fd, &info) == 0
        if let owner, described, info.st_uid != owner, info.st_uid != 0 {
            throw ScenarioErrors([.unreadable(file: path, reason: "it belongs to another user (uid \(info.st_uid))")])
        }
        // Nor one of the user's that every user may write (a security trial's `chmod 666` scenario showed another user's
        // screens as the user's session).
        if owner != nil, described, type == S_IFREG, info.st_mode & 0o002 != 0 {
            throw ScenarioErrors([
                .unreadable(
                    file: path,
                    reason:
                        "every user of this machine may write to it (mode \(String(Int(info.st_mode) & 0o7777, radix: 8))): chmod o-w it")
            ])
        }
        /// `256 MB`, or `65536 bytes` under a mebibyte.
        func size(_ bytes: Int) -> String { bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes) bytes" }
        // A file that says it is too large is not read first (a 300 MB file was read to its limit, then called "a device").
        if described, type == S_IFREG, Int(info.st_size) > limit {
            throw ScenarioErrors([
                .unreadable(file: path, reason: "it is \(size(Int(info.st_size))), more than the \(size(limit)) navviz reads")
            ])
        }
        // A FIFO opened without waiting may have no writer yet, and would read as empty: wait until one has written or
        // come and gone (opening it again instead lost what a writer had already written and closed).
        if type == S_IFIFO {
            var event = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            while poll(&event, 1, -1) < 0, errno == EINTR {}
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        guard let data = readAll(fd, limit: limit) else {
            throw ScenarioErrors([.unreadable(file: path, reason: "it cannot be read (\(String(cString: strerror(errno))))")])
        }
        if data.count > limit {
            throw ScenarioErrors([.unreadable(file: path, reason: "it goes on past \(size(limit)) (a device, not a file?)")])
        }
        return try text(data, file: path)
    }

    /// `path` opened for reading without waiting for a FIFO's writer, and what was opened (`S_IFREG`, `S_IFIFO`…): judged
    /// by the descriptor, not the path, which may have been swapped since it was listed. Nil (`errno` set) when it
    /// cannot be opened.
    static func openedWithoutWaiting(_ path: String) -> (fd: Int32, type: mode_t)? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let error = errno
            close(fd)
            errno = error
            return nil
        }
        return (fd, status.st_mode & S_IFMT)
    }

    /// Up to `limit` + 1 bytes of `fd` (one more says it goes on); nil on a read error.
    static func readAll(_ fd: Int32, limit: Int) -> Data? {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while data.count <= limit {
            // Whole chunks: /proc/self/pagemap reads only in multiples of 8 bytes.
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return nil }
            if count == 0 { break }
            data.append(contentsOf: chunk[..<count])
        }
        return data
    }

    /// What kind of file `path` is, through links (`S_IFREG`, `S_IFDIR`, `S_IFIFO`…); nil when there is none.
    static func fileType(_ path: String) -> mode_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    /// The most a file is read: `/dev/zero` never ends, and `/proc` has regular files that go on for gigabytes.
    public static let maxStreamBytes = 256 << 20

    /// The bytes read for `file` as text; refused when they are not UTF-8.
    public static func text(_ data: Data, file: String) throws(ScenarioErrors) -> String {
        // UTF-16 ("Unicode" in Windows editors): with a byte-order mark it is not UTF-8; without one, a NUL in every
        // other byte is, and the JSON parser stopped at the first with "unexpected byte 0x0" (a trial).
        let head = Array(data.prefix(4))
        if head == [0xFF, 0xFE, 0, 0] || head == [0, 0, 0xFE, 0xFF] {
            throw ScenarioErrors([
                .unreadable(file: file, reason: "it is UTF-32 text (it starts with a UTF-32 byte-order mark): save it as UTF-8")
            ])
        }
        if head.count >= 2, head[0] == 0xFF && head[1] == 0xFE || head[0] == 0xFE && head[1] == 0xFF {
            throw ScenarioErrors([
                .unreadable(file: file, reason: "it is UTF-16 text (it starts with a UTF-16 byte-order mark): save it as UTF-8")
            ])
        }
        if head.count == 4, (head[0] == 0) != (head[1] == 0), (head[0] == 0) == (head[2] == 0), (head[1] == 0) == (head[3] == 0) {
            throw ScenarioErrors([.unreadable(file: file, reason: "it looks like UTF-16 text (every other byte is 0): save it as UTF-8")])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScenarioErrors([.unreadable(file: file, reason: notUTF8(Array(data)))])
        }
        return text
    }

    /// `it is not UTF-8 text (line 3, column 7, byte 0xff)`: where the first byte that is not UTF-8 is (every other
    /// error names a line).
    public static func notUTF8(_ bytes: [UInt8]) -> String {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var (line, column) = (1, 1)
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.first == 0x0A {
                    (line, column) = (line + 1, 1)
                } else {
                    column += 1
                }
                offset += encoded.count
            case .error:
                let byte = String(bytes[offset], radix: 16)
                return "it is not UTF-8 text (line \(line), column \(column): byte 0x\(byte.count == 1 ? "0" : "")\(byte))"
            case .emptyInput:
                return "it is not UTF-8 text"
            }
        }
    }

    /// Loads and validates a scenario file, or a capture (a `_printHierarchy` dump or a canonical
    /// snapshot, told apart by content) as a scenario with no steps whose initial state is the capture.
    public static func load(_ path: String, kinds: [String: NodeKind] = [:], regularOnly: Bool = false) throws(ScenarioErrors)
        -> Scenario
    {
        let text = try readText(path, regularOnly: regularOnly)
        return try decode(text, file: path, kinds: kinds)
    }

    /// `load` for text already read.
    public static func decode(_ text: String, file: String, kinds: [String: NodeKind] = [:]) throws(ScenarioErrors) -> Scenario {
        // Empty, and named neither `.json` nor `.txt` (`/dev/null`, a pipe): it was called an empty capture (a trial).
        if text.allSatisfy(\.isWhitespace), !file.lowercased().hasSuffix(".json"), !file.lowercased().hasSuffix(".txt") {
            throw ScenarioErrors([.unreadable(file: file, reason: "it is empty: expected a scenario (JSON) or a capture")])
        }
        // A YAML scenario read as a capture was told "expected a view controller line" (a trial). JSON is YAML: a .yaml
        // file holding JSON reads.
        if isYAML(file), text.first(where: { !$0.isWhitespace }) != "{" {
            throw ScenarioErrors([.unreadable(file: file, reason: yamlReason)])
        }
        // Whitespace alone is said at once: a capture's reader took some 15 µs a blank line to find nothing (a trial's
        // megabytes of newlines in a watched folder held the daemon's watcher for minutes).
        if text.allSatisfy(\.isWhitespace) {
            throw ScenarioErrors([file.lowercased().hasSuffix(".json") ? .emptyFile(file: file) : .capture(.empty(file: file))])
        }
        // A YAML scenario under another name (`flow.json` holding `navviz: 1`): said so, not "expected 'null'" at the `n` of
        // `navviz` (a trial).
        if let line = yamlScenarioLine(text) {
            throw ScenarioErrors([.unreadable(file: file, reason: "it reads as YAML (line \(line): 'navviz:'); " + yamlReason)])
        }
        if let reading = PrintHierarchy.dumpReading(text) {
            return try Capture.scenario(Capture.read(text, file: file, kinds: kinds, reading: reading), file: file)
        }
        try Capture.refuseNeitherDumpNorJSON(text, file: file)
        let value: JSONValue
        do {
            value = try ScenarioDecoder.parseDocument(text, file: file)
        } catch {
            // Not JSON, and its first line reads as YAML's (`---`, `- push: A`, `root:`): said so, not "invalid number" at
            // line 1 (a trial's `.json` files).
            if let (line, start) = yamlDocumentStart(text) {
                throw ScenarioErrors([.unreadable(file: file, reason: "it reads as YAML (line \(line): '\(start)'); " + yamlReason)])
            }
            throw error
        }
        if Capture.isSnapshot(value) {
            return Capture.scenario(CapturedHierarchy(hierarchy: try Snapshot.decodeRoot(value, file: file)), file: file)
        }
        return try ScenarioDecoder.decode(text, file: file)
    }

    /// Whether a file is named as YAML (`.yaml`, `.yml`, any case).
    static func isYAML(_ file: String) -> Bool {
        let lower = file.lowercased()
        return lower.hasSuffix(".yaml") || lower.hasSuffix(".yml")
    }

    /// The line of a YAML scenario's `navviz:` key, when the text is one: its first line that is not blank, a comment or
    /// YAML's `---` starts with `navviz:`.
    static func yamlScenarioLine(_ text: String) -> Int? {
        guard let first = leadingLines(text).first(where: { !$0.text.hasPrefix("---") }), first.text.hasPrefix("navviz:") else {
            return nil
        }
        return first.number
    }

    /// The first line of a text that is not blank or a `#` comment, when it starts as a YAML document does and JSON cannot:
    /// `---`, a list item (`- `), or a plain key (`root:`). Its number and its first words.
    static func yamlDocumentStart(_ text: String) -> (line: Int, start: String)? {
        guard let (number, trimmed) = leadingLines(text).first else { return nil }
        let key = trimmed.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        let isKey = !key.isEmpty && key.first!.isLetter && trimmed.dropFirst(key.count).first == ":"
        guard trimmed == "---" || trimmed.hasPrefix("- ") || isKey else { return nil }
        return (number, String(trimmed.prefix(isKey ? key.count + 1 : 24)))
    }

    /// The text's lines among its first 50 that are not blank or a `#` comment, trimmed, with their numbers: what tells
    /// YAML. Split off the rest alone: every scenario and capture is read through here, some megabytes long. A Windows
    /// editor's `\r\n` ends a line too (one Character, not `\n`: such a file read as one line).
    private static func leadingLines(_ text: String) -> [(number: Int, text: Substring)] {
        text.split(maxSplits: 50, omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.prefix(50).enumerated().compactMap {
            index, line in
            var trimmed = line.drop(while: \.isWhitespace)
            while let last = trimmed.last, last.isWhitespace { trimmed = trimmed.dropLast() }
            return trimmed.isEmpty || trimmed.hasPrefix("#") ? nil : (index + 1, trimmed)
        }
    }

    /// Why a YAML file is not read.
    static let yamlReason = "navviz does not read YAML: write the scenario as JSON (docs/format.md)"

    /// Scenario files (`*.json`) and, with `captures`, captures (`*.txt` files that hold a `_printHierarchy`
    /// dump) directly inside a directory, sorted; a file path is returned as is. Other text files (notes) are
    /// skipped; a `.txt` file that cannot be read, or that starts as a dump or as the debugger's `error: …` where a
    /// dump should be, is kept, so loading it says why rather than leaving it out.
    public static func expand(_ path: String, captures: Bool = true) -> [String] { expanding(path, captures: captures).files }

    /// `expand`, with the `.txt` files left out that quote a dump's line but do not read as a capture (notes that
    /// cite one line of a dump): one sentence each, for the user to see.
    public static func expanding(_ path: String, captures: Bool = true) -> (files: [String], skipped: [(file: String, why: String)]) {
        guard isDirectory(path) else { return ([path], []) }
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        // A folder that cannot be listed says why (a trial's mode-700 folder of another user read "no *.json scenario files
        // … found").
        guard let directory = opendir(path) else {
            return ([], [(base, "cannot be read: \(String(cString: strerror(errno)).lowercased()), left out")])
        }
        closedir(directory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        var files: [String] = []
        var skipped: [(file: String, why: String)] = []
        for file in names.filter({ !$0.hasPrefix(".") }).sorted().map({ "\(base)/\($0)" }) {
            // Said, not passed over: a folder's YAML scenario was left out without a word, and so was a `.JSON` one (a trial).
            if isYAML(file) {
                skipped.append((file, yamlReason + ", left out"))
                continue
            }
            let isJSON = file.lowercased().hasSuffix(".json")
            guard isJSON || (captures && file.hasSuffix(".txt")) else { continue }
            // Named by a folder, only files are read: a pipe would wait for a writer (`serve --watch` hung on one), and
            // a link to /dev/zero never ends. Named on the command line, a pipe is read (`diff <(git show …) f.json`).
            // (One that is not there, a dangling link, is kept: loading it says so.)
            if let type = fileType(file), type != S_IFREG, type != S_IFDIR {
                skipped.append((file, "not a regular file (a pipe, a device, or a link to one), left out"))
                continue
            }
            if isJSON {
                files.append(file)
            } else if captures, file.hasSuffix(".txt") {
                switch captureCandidate(file) {
                case .capture: files.append(file)
                case .notes: break
                case .quotesDumpLine(let why): skipped.append((file, why))
                }
            }
        }
        return (files, skipped)
    }

    private enum Candidate {
        case capture
        case notes
        case quotesDumpLine(String)
    }

    /// Whether the `.txt` file at `path` starts as a `_printHierarchy` dump does, or as the debugger's error in its
    /// place, or holds the command that prints one (a console paste), or cannot be read to tell (kept: loading it
    /// says why); or holds a dump's controller line further down, kept when it reads as a capture, else left out with
    /// the reader's reason (notes quoting a line: a folder of scenarios must not fail for them).
    private static func captureCandidate(_ path: String) -> Candidate {
        // Opened without waiting and judged by what was opened: a file swapped for a FIFO after the listing would block
        // the reader for good (a security re-review, through a chain of links).
        guard let (fd, type) = openedWithoutWaiting(path) else { return .capture }
        defer { close(fd) }
        guard type == S_IFREG, let head = readAll(fd, limit: 64 * 1024 - 1) else {
            return .quotesDumpLine("not a regular file (a pipe, a device, or a link to one), left out")
        }
        let text = String(decoding: head.prefix(64 * 1024), as: UTF8.self)
        if PrintHierarchy.looksLikeDump(text) || PrintHierarchy.isDebuggerError(text) || PrintHierarchy.isCommandOnly(text) {
            return .capture
        }
        // A console paste: the command that prints a dump, and a controller line (notes that show the command at a
        // prompt, with no dump, are notes).
        let mentions = PrintHierarchy.mentionsController(text)
        // (An older chisel's `pvc` prints its own lines: read, and refused with the reason; a folder skipped it silently.)
        if mentions || PrintHierarchy.mentionsChiselController(text), PrintHierarchy.holdsHierarchyCommand(text) { return .capture }
        // The command and the debugger's error below it, with a title above: read, so the error is said (a folder said
        // "no dump" of it, a review).
        if PrintHierarchy.commandThenError(text) { return .capture }
        guard mentions else {
            // Notes that keep the command are notes, but say so: a paste that lost its output was left out without a word.
            if let line = PrintHierarchy.commandWithoutDump(text) {
                return .quotesDumpLine(
                    "skipped: it holds the command that prints a dump (line \(line)) but no dump; if its output belongs here, paste it below the command"
                )
            }
            return .notes
        }
        guard let whole = try? readText(path, regularOnly: true) else { return .capture }
        do {
            _ = try Capture.load(text: whole, file: path)
            return .capture
        } catch {
            let reason = error.description.split(separator: "\n").first.map(String.init) ?? ""
            let prefix = "\(path): "
            return .quotesDumpLine(
                "skipped: it holds a view controller line but does not read as a capture (\(reason.hasPrefix(prefix) ? String(reason.dropFirst(prefix.count)) : reason)); name the file to read it as one"
            )
        }
    }
}

/// Whether `path` is a folder (following a link).
public func isDirectory(_ path: String) -> Bool {
    var flag: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
}
