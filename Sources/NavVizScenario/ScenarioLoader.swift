import Foundation
import NavVizCore

/// Reads scenario and snapshot files from disk with errors that name the file.
public enum ScenarioLoader {
    /// Reads a file's text, or fails with a file-level `ScenarioError`.
    public static func readText(_ path: String) throws(ScenarioErrors) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ScenarioErrors([.fileNotFound(file: path)])
        }
        if isDirectory.boolValue { throw ScenarioErrors([.isDirectory(file: path)]) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScenarioErrors([.unreadable(file: path, reason: "permission denied or not a regular file")])
        }
        return try text(data, file: path)
    }

    /// The bytes read for `file` as text; refused when they are not UTF-8.
    public static func text(_ data: Data, file: String) throws(ScenarioErrors) -> String {
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScenarioErrors([.unreadable(file: file, reason: "it is not UTF-8 text")])
        }
        return text
    }

    /// Loads and validates a scenario file, or a capture (a `_printHierarchy` dump or a canonical
    /// snapshot, told apart by content) as a scenario with no steps whose initial state is the capture.
    public static func load(_ path: String, kinds: [String: NodeKind] = [:]) throws(ScenarioErrors) -> Scenario {
        let text = try readText(path)
        return try decode(text, file: path, kinds: kinds)
    }

    /// `load` for text already read.
    public static func decode(_ text: String, file: String, kinds: [String: NodeKind] = [:]) throws(ScenarioErrors) -> Scenario {
        if PrintHierarchy.looksLikeDump(text) {
            return try Capture.scenario(Capture.read(text, file: file, kinds: kinds), file: file)
        }
        try Capture.refuseNeitherDumpNorJSON(text, file: file)
        let value = try ScenarioDecoder.parseDocument(text, file: file)
        if Capture.isSnapshot(value) {
            return Capture.scenario(CapturedHierarchy(hierarchy: try Snapshot.decode(value, file: file)), file: file)
        }
        return try ScenarioDecoder.decode(text, file: file)
    }

    /// Scenario files (`*.json`) and, with `captures`, captures (`*.txt` files that hold a `_printHierarchy`
    /// dump) directly inside a directory, sorted; a file path is returned as is. Other text files (notes) are
    /// skipped; a `.txt` file that cannot be read, or that holds the debugger's `error: …` where a dump should be,
    /// is kept, so loading it says why rather than leaving it out.
    public static func expand(_ path: String, captures: Bool = true) -> [String] {
        guard isDirectory(path) else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(base)/\($0)" }.filter { file in
            file.hasSuffix(".json") || (captures && file.hasSuffix(".txt") && mayBeDump(file))
        }
    }

    /// Whether the file at `path` starts as a `_printHierarchy` dump does, or as the debugger's error in its place,
    /// or holds a dump's controller line further down (a console paste the reader may refuse: it then says why,
    /// where skipping it would say nothing), or cannot be read to tell.
    private static func mayBeDump(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return true }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 64 * 1024) else { return true }
        let text = String(decoding: head, as: UTF8.self)
        return PrintHierarchy.looksLikeDump(text) || PrintHierarchy.isDebuggerError(text) || PrintHierarchy.holdsDumpLine(text)
    }
}

/// Whether `path` is a folder (following a link).
public func isDirectory(_ path: String) -> Bool {
    var flag: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
}
