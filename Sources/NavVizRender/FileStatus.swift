import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `lstat` says of a path (a symbolic link is not followed), or `fstat` of an open file.
public struct FileStatus: Sendable, Equatable {
    /// A folder.
    public var isDirectory: Bool
    /// A regular file (not a link, a folder or a device).
    public var isRegularFile: Bool
    /// The last modification, in nanoseconds since 1970.
    public var modified: Int
    /// The last change of the file or its status (`ctime`), in nanoseconds since 1970: unlike `modified`, no
    /// program can set it back (`touch -d`, `cp -p` and `tar x` set an old `modified`).
    public var changed: Int
    /// The size in bytes.
    public var size: Int
    /// The owner's user id.
    public var owner: UInt32
    /// The permission bits (`0o644`).
    public var permissions: UInt32
    /// The device the file is on (with `inode`, which file it is).
    public var device: UInt64
    /// The file's number on its device.
    public var inode: UInt64

    /// The status of `path`; nil when it does not exist or cannot be read.
    public init?(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The status of `name` in the open folder `folder`, not through a symbolic link; nil when it does not exist or
    /// cannot be read.
    public init?(_ name: String, in folder: Int32) {
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        self.init(info)
    }

    /// The status of the open file `fd`; nil when it cannot be read.
    public init?(descriptor fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        isDirectory = info.st_mode & S_IFMT == S_IFDIR
        isRegularFile = info.st_mode & S_IFMT == S_IFREG
        size = Int(info.st_size)
        owner = UInt32(info.st_uid)
        permissions = UInt32(info.st_mode) & 0o7777
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        #if canImport(Darwin)
            modified = Int(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int(info.st_mtimespec.tv_nsec)
            changed = Int(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int(info.st_ctimespec.tv_nsec)
        #else
            modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
            changed = Int(info.st_ctim.tv_sec) * 1_000_000_000 + Int(info.st_ctim.tv_nsec)
        #endif
    }
}

extension FileStatus {
    /// `path` absolute with its links resolved, through the nearest folder that exists; the part below it is kept as
    /// written (a golden root not made yet, a data folder navviz is about to create).
    public static func resolvedPath(_ path: String) -> String {
        // Not folded first: `link/..` is where the link leads, up one (realpath resolves it as the kernel does).
        var existing = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing), existing != "/" {
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
        }
        guard let real = realpath(existing, nil) else { return ([existing] + rest).joined(separator: "/") }
        defer { free(real) }
        let base = String(cString: real)
        return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.joined(separator: "/")
    }

    /// `path` as seen from `folder`, both resolved (`resolvedPath`): `../../flows/shop.json`; and how many folders below `/`
    /// they share (0: the way up goes through `/`).
    public static func relativePath(_ path: String, from folder: String) -> (path: String, shared: Int) {
        let to = resolvedPath(path).split(separator: "/")
        let from = resolvedPath(folder).split(separator: "/")
        let shared = zip(to.dropLast(), from).prefix { $0 == $1 }.count
        return ((Array(repeating: "..", count: from.count - shared) + to[shared...].map(String.init)).joined(separator: "/"), shared)
    }
}
