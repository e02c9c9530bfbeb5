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
        return FileStatus.relativePath(file, from: root).path
    }

    /// The folder recorded for `file`, if any.
    func folder(for file: String) -> String? {
        relative(file).flatMap { folders[$0] }
    }

    /// The recorded scenario files below `folders` (in a subfolder of one, not in it), by their paths as `folders` name
    /// them (the folder's own files are: `/abs/flows/ipad/shop.json` read `abs/flows/ipad/shop.json` from `/` beside
    /// `/abs/flows/shop.json`, a trial): a folder's check reads its own `*.json` files, and a subfolder's recorded flow
    /// drifted while CI passed (a code-review trial: `check flows` left `flows/ipad/checkout.json` out, with a note only).
    func recorded(below folders: [String]) -> [String] {
        let roots = folders.map { FileStatus.resolvedPath($0) }
        return Set(
            existing.values.compactMap { path -> String? in
                let parent = (path as NSString).deletingLastPathComponent
                guard path.hasSuffix(".json"), !roots.contains(parent),
                    let index = roots.indices.first(where: { Self.isInside(parent, roots[$0]) })
                else { return nil }
                let typed = folders[index].hasSuffix("/") ? String(folders[index].dropLast()) : folders[index]
                return typed + path.dropFirst(roots[index].count)
            }
        ).sorted()
    }

    /// The navviz scenarios in the subfolders of `folders` (not in them: a folder's check reads those), by their paths as
    /// `folders` name them: `*.json` files with `"navviz"` in their first 4 KB that are not a run's or a diff's JSON (which
    /// have `scenario`, or `old` and `new`, and no `root`); one that does not parse is taken too, for the check to say why (a
    /// review: a scenario with a merge conflict in a subfolder was skipped, and CI passed). Not looked in: hidden folders,
    /// dependency folders (`node_modules`, `Pods`, `Carthage`, `SourcePackages`, `DerivedData`: a checkout of navviz there
    /// holds its samples), `skipping` (the golden and artifact folders), rendered outputs (a navviz manifest in them), and a
    /// folder holding goldens of its own (another suite, checked against those); at most 8 levels down.
    static func scenarios(below folders: [String], skipping: [String]) -> [String] {
        let skipped = Set(skipping.map { FileStatus.resolvedPath($0) })
        let dependencies: Set<String> = ["node_modules", "Pods", "Carthage", "SourcePackages", "DerivedData"]
        let fm = FileManager.default
        /// Whether `folder` holds a golden folder: a subfolder of scenario folders, each with summary.txt and run.json.
        func holdsGoldens(_ folder: String) -> Bool {
            ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).contains { child in
                ((try? fm.contentsOfDirectory(atPath: folder + "/" + child)) ?? []).contains { scenario in
                    FileStatus("\(folder)/\(child)/\(scenario)/summary.txt") != nil
                        && FileStatus("\(folder)/\(child)/\(scenario)/run.json") != nil
                }
            }
        }
        /// Whether a file may be a navviz scenario, valid or not.
        func isScenario(_ path: String) -> Bool {
            guard let handle = FileHandle(forReadingAtPath: path) else { return false }
            defer { try? handle.close() }
            let head = (try? handle.read(upToCount: 4096)) ?? Data()
            guard String(decoding: head, as: UTF8.self).contains("\"navviz\"") else { return false }
            guard let data = fm.contents(atPath: path), let value = try? JSONParser.parse(String(decoding: data, as: UTF8.self)) else {
                return true
            }
            return value["root"] != nil || (value["scenario"] == nil && value["old"] == nil && value["new"] == nil)
        }
        var found: [String] = []
        func visit(_ folder: String, depth: Int) {
            guard depth <= 8, let entries = try? fm.contentsOfDirectory(atPath: folder) else { return }
            for entry in entries.sorted() where !entry.hasPrefix(".") && !dependencies.contains(entry) {
                let path = folder + "/" + entry
                guard let status = FileStatus(path) else { continue }
                if status.isDirectory {
                    guard !skipped.contains(FileStatus.resolvedPath(path)), FileStatus(path + "/" + OutputDirectory.manifestName) == nil,
                        !holdsGoldens(path)
                    else { continue }
                    visit(path, depth: depth + 1)
                } else if depth > 0, status.isRegularFile, entry.hasSuffix(".json"), isScenario(path) {
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

    /// The one folder recorded from a file that is gone in `file`'s folder, none of the check's scenarios has (`taken`, their
    /// folders): `file` may be that file renamed (a code-review trial's rename was told to record new goldens, and a change
    /// made with the rename went unchecked). None when several are, or none: a folder a scenario of another name already
    /// checks against (renamed before, its source.txt not recorded again), or one of another folder, is no candidate.
    func renamed(_ file: String, taken: Set<String>) -> (folder: String, source: String)? {
        let here = URL(fileURLWithPath: FileStatus.resolvedPath(file)).deletingLastPathComponent().path
        let beside = owners.keys.sorted().filter { existingOwner(of: $0) == nil && !taken.contains($0) }.map { ($0, owners[$0]!) }
            .filter { _, source in
                URL(fileURLWithPath: source.hasPrefix("/") ? source : "\(root)/\(source)").standardizedFileURL
                    .deletingLastPathComponent().path == here
            }
        return beside.count == 1 ? beside[0] : nil
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
