import Foundation

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
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScenarioErrors([.unreadable(file: path, reason: "it is not UTF-8 text")])
        }
        return text
    }

    /// Loads and validates a scenario file.
    public static func load(_ path: String) throws(ScenarioErrors) -> Scenario {
        let text = try readText(path)
        return try ScenarioDecoder.decode(text, file: path)
    }

    /// Scenario files (`*.json`) directly inside a directory, sorted; a file path is returned as is.
    public static func expand(_ path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [path]
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { "\(base)/\($0)" }
    }
}
