import Foundation
import NavVizRender
import NavVizScenario

/// The scenario file each golden folder was recorded from: `source.txt` in the folder, one line, the file's path
/// relative to the golden root (`../iphone/checkout.json`).
///
/// A folder's name comes from its file's name, made unique among the files of one command (`iphone-checkout`
/// beside `ipad-checkout`). Checking a file on its own, or beside other files than it was recorded with, would
/// name it otherwise and compare it with another flow's goldens; the recorded source finds its own folder
/// instead, and the folders of recorded files that still exist are not given to another.
struct GoldenSources {
    /// The name of the file that records a golden folder's scenario.
    static let file = "source.txt"

    /// The golden root, with links resolved.
    private let root: String
    /// The folder recorded for each source (relative to `root`), the first by name when several say the same.
    private var folders: [String: String] = [:]
    /// The source each folder records (`check --record` notes what it writes).
    var owners: [String: String] = [:]
    /// Each folder's recorded source as a path from here, when that file still exists (looked at once, here).
    private var existing: [String: String] = [:]

    /// Reads the `source.txt` of every folder in `golden`; none when it does not exist.
    init(golden: String) {
        root = FileStatus.resolvedPath(golden)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: golden)) ?? []
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let path = "\(golden)/\(entry)/\(Self.file)"
            // A small regular file only (never a pipe, which would wait for a writer).
            guard let status = FileStatus(path), status.isRegularFile, status.size < 4096,
                let data = FileManager.default.contents(atPath: path)
            else { continue }
            let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            guard !line.isEmpty else { continue }
            owners[entry] = line
            if folders[line] == nil { folders[line] = entry }
            let source = line.hasPrefix("/") ? line : "\(root)/\(line)"
            if FileManager.default.fileExists(atPath: source) { existing[entry] = URL(fileURLWithPath: source).standardizedFileURL.path }
        }
    }

    /// `file`'s path relative to the golden root; nil for standard input or a file that is not there.
    func relative(_ file: String) -> String? {
        guard file != "-", FileManager.default.fileExists(atPath: file) else { return nil }
        let from = root.split(separator: "/")
        let to = FileStatus.resolvedPath(file).split(separator: "/")
        let common = zip(from, to).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: from.count - common) + to.dropFirst(common).map(String.init)).joined(separator: "/")
    }

    /// The folder recorded for `file`, if any.
    func folder(for file: String) -> String? {
        relative(file).flatMap { folders[$0] }
    }

    /// The recorded scenario files below `folders` (in a subfolder of one, not in it), by their paths from the current
    /// folder: a folder's check reads its own `*.json` files, and a subfolder's recorded flow drifted while CI passed (a
    /// code-review trial: `check flows` left `flows/ipad/checkout.json` out, with a note only).
    func recorded(below folders: [String]) -> [String] {
        let roots = folders.map { FileStatus.resolvedPath($0) }
        let here = FileStatus.resolvedPath(FileManager.default.currentDirectoryPath)
        return Set(existing.values).filter { path in
            let parent = (path as NSString).deletingLastPathComponent
            return path.hasSuffix(".json") && !roots.contains(parent) && roots.contains { Self.isInside(parent, $0) }
        }.map { Self.isInside($0, here) ? String($0.dropFirst(here.count + 1)) : $0 }.sorted()
    }

    /// The navviz scenarios in the subfolders of `folders` (not in them: a folder's check reads those), by their paths as
    /// `folders` name them: `*.json` files whose top level has `navviz` and `root`, as a scenario's does (a run's `run.json`,
    /// a package's `package.json` and other JSON are not scenarios). Hidden folders, `node_modules`, `skipping` (the golden
    /// and artifact folders) and rendered outputs (a navviz manifest in them) are not looked in; at most 8 levels down.
    static func scenarios(below folders: [String], skipping: [String]) -> [String] {
        let skipped = Set(skipping.map { FileStatus.resolvedPath($0) })
        var found: [String] = []
        func visit(_ folder: String, depth: Int) {
            guard depth <= 8, let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
            for entry in entries.sorted() where !entry.hasPrefix(".") && entry != "node_modules" {
                let path = folder + "/" + entry
                guard let status = FileStatus(path) else { continue }
                if status.isDirectory {
                    guard !skipped.contains(FileStatus.resolvedPath(path)),
                        FileStatus(path + "/" + OutputDirectory.manifestName) == nil
                    else { continue }
                    visit(path, depth: depth + 1)
                } else if depth > 0, status.isRegularFile, entry.hasSuffix(".json"), status.size < 64 << 20,
                    let data = FileManager.default.contents(atPath: path),
                    let value = try? JSONParser.parse(String(decoding: data, as: UTF8.self)),
                    value["navviz"] != nil, value["root"] != nil
                {
                    found.append(path)
                }
            }
        }
        for folder in folders where !skipped.contains(FileStatus.resolvedPath(folder)) { visit(folder, depth: 0) }
        return found
    }

    /// Whether `folder`'s recorded source still exists somewhere other than inside `folders` (another folder's scenario).
    func isRecorded(_ folder: String, outside folders: [String]) -> Bool {
        guard let owner = existing[folder] else { return false }
        return !folders.map { FileStatus.resolvedPath($0) }.contains { Self.isInside(owner, $0) }
    }

    /// Whether the resolved path `path` lies inside the resolved folder `root`.
    static func isInside(_ path: String, _ root: String) -> Bool { path.hasPrefix(root == "/" ? "/" : root + "/") }

    /// The recorded source of `folder` as a path from here, when that file still exists.
    func existingOwner(of folder: String) -> String? { existing[folder] }

    /// A folder recorded from a file of `file`'s name that is gone (the file moved, or was renamed in a folder).
    func moved(_ file: String) -> (folder: String, source: String)? {
        owners.keys.sorted().lazy.filter { existingOwner(of: $0) == nil }.map { ($0, owners[$0]!) }
            .first { slug($0.1) == slug(file) }
    }

    /// Folder names for `files`: a recorded file keeps its folder, and the others are named as `FolderNames` names
    /// them among every recorded file that still exists, never taking such a file's folder.
    func names(for files: [String]) -> [String: String] {
        var result: [String: String] = [:]
        var unrecorded: [String] = []
        for file in files {
            if let folder = folder(for: file) { result[file] = folder } else { unrecorded.append(file) }
        }
        var names = FolderNames(reserved: Set(existing.keys), files: unrecorded + existing.keys.sorted().map { existing[$0]! })
        // A file named twice (`check flows flows/tour.json`) is one scenario: one folder (a review: both went to `tour-2/`).
        for file in unrecorded where result[file] == nil { result[file] = names.unique(for: file) }
        return result
    }
}
