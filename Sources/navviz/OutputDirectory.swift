import Foundation
import NavVizRender

/// Writes a folder of files atomically: everything goes to a temporary sibling, which replaces the old
/// folder only when complete, so a failed write never leaves half an output over a good one.
///
/// An existing folder is replaced only when every file in it is one the command could have written
/// (`isOutput`, given the path relative to the folder): `-o .` or `-o src` must not delete a project.
enum OutputDirectory {
    /// What `navviz render` writes: diagrams, `run.json`, `README.md` and `index.html`.
    static func isRenderOutput(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return ["run.json", "README.md", "index.html"].contains(name) || name.hasSuffix(".svg") || name.hasSuffix(".dot")
    }

    static func write(_ files: [OutputFile], to destination: String, replacing isOutput: (String) -> Bool = isRenderOutput)
        throws(CommandFailure)
    {
        let fm = FileManager.default
        let target = URL(fileURLWithPath: destination).standardizedFileURL
        try checkReplaceable(target, named: destination, isOutput: isOutput)
        let parent = target.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(".\(target.lastPathComponent).navviz-tmp-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try fm.createDirectory(at: parent, withIntermediateDirectories: true)
            if fm.fileExists(atPath: staging.path) { try fm.removeItem(at: staging) }
            try fm.createDirectory(at: staging, withIntermediateDirectories: true)
            for file in files {
                let url = staging.appendingPathComponent(file.path)
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url)
            }
            try replace(target, with: staging)
        } catch {
            try? fm.removeItem(at: staging)
            throw CommandFailure(
                message: "\(destination): cannot write the output: \(error.localizedDescription)", code: CommandFailure.ioError)
        }
    }

    /// Fails when `target` holds a file that `isOutput` does not recognize (Finder's `.DS_Store` aside).
    static func checkReplaceable(_ target: URL, named destination: String, isOutput: (String) -> Bool) throws(CommandFailure) {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: target.path, isDirectory: &isDirectory), isDirectory.boolValue else { return }
        guard let entries = fm.enumerator(atPath: target.path) else { return }
        var foreign: [String] = []
        while let relative = entries.nextObject() as? String {
            var isFolder: ObjCBool = false
            _ = fm.fileExists(atPath: target.appendingPathComponent(relative).path, isDirectory: &isFolder)
            if isFolder.boolValue || (relative as NSString).lastPathComponent == ".DS_Store" { continue }
            if !isOutput(relative) { foreign.append(relative) }
        }
        guard let first = foreign.min() else { return }
        let others = foreign.count > 1 ? " (and \(foreign.count - 1) more)" : ""
        throw CommandFailure(
            message: "\(destination): not replaced: it holds '\(first)'\(others), which navviz does not write there. "
                + "Choose another output directory, or remove it first",
            code: CommandFailure.ioError)
    }

    /// Moves `staging` to `target`, keeping the old target until the move succeeded.
    static func replace(_ target: URL, with staging: URL) throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: target.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: target.path])
            }
            let old = target.deletingLastPathComponent().appendingPathComponent(
                ".\(target.lastPathComponent).navviz-old-\(ProcessInfo.processInfo.processIdentifier)")
            if fm.fileExists(atPath: old.path) { try fm.removeItem(at: old) }
            try fm.moveItem(at: target, to: old)
            do {
                try fm.moveItem(at: staging, to: target)
            } catch {
                try? fm.moveItem(at: old, to: target)
                throw error
            }
            try? fm.removeItem(at: old)
        } else {
            try fm.moveItem(at: staging, to: target)
        }
    }
}

/// A `[37/200] push Product` line on a terminal; nothing when stderr is not a terminal.
struct ProgressLine {
    let enabled = isatty(STDERR_FILENO) != 0

    func update(_ done: Int, _ total: Int, _ label: String) {
        guard enabled else { return }
        let text = "[\(done + 1)/\(total)] \(label)"
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text.prefix(100))".utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

/// Output folder names for scenarios: the file's slug, then `-2`, `-3`… when two files share one.
struct FolderNames {
    private var used: Set<String>

    /// Names that are taken from the start (`index.html` beside the folders of several scenarios).
    init(reserved: Set<String> = []) { used = reserved }

    /// A folder name for this scenario file that no earlier one has.
    mutating func unique(for file: String) -> String {
        let base = slug(file)
        var folder = base
        var n = 2
        while used.contains(folder) {
            folder = "\(base)-\(n)"
            n += 1
        }
        used.insert(folder)
        return folder
    }
}
