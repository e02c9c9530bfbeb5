import Foundation
import NavVizTestSupport

/// Files of the package, found from this source file: the package root is three levels up
/// (`Tests/NavVizScenarioTests/PackagePaths.swift`).
enum PackagePaths {
    static let root = packageRoot

    /// `Samples/*.json`, sorted.
    static func samples() throws -> [URL] {
        let folder = root.appendingPathComponent("Samples")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
            .map { folder.appendingPathComponent($0) }
    }

    /// A file's text.
    static func text(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }
}
