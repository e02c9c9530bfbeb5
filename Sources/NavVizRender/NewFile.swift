#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing a file that must not exist yet, without Foundation's per-file `fsync`.
///
/// navviz writes outputs into a staging folder that replaces the old one only when complete, and cache
/// entries under a temporary name renamed into place, so a failed or killed navviz never leaves half a
/// file where a whole one was. Flushing every file to the disk as well (what `Data.write` does) only guards
/// against the machine losing power mid-render, and doubled the time of a render.
public enum NewFile {
    /// Creates `path` holding the UTF-8 bytes of `text`; fails if anything is there (a symbolic link
    /// included, which is never followed).
    public static func write(_ text: String, to path: String) throws(NewFileError) {
        try write(parts: [text], to: path)
    }

    /// Creates `path` holding the UTF-8 bytes of `parts`, one after another, as `write(_:to:)` does.
    public static func write(parts: [String], to path: String) throws(NewFileError) {
        try writeNew(path) { descriptor throws(NewFileError) in
            for part in parts {
                var part = part
                try part.withUTF8 { bytes in
                    Result { () throws(NewFileError) in try writeAll(UnsafeRawBufferPointer(bytes), to: descriptor, path: path) }
                }.get()
            }
        }
    }

    /// Creates `path` holding `bytes`, as `write(_:to:)` does.
    public static func write(_ bytes: [UInt8], to path: String) throws(NewFileError) {
        try writeNew(path) { descriptor throws(NewFileError) in
            try bytes.withUnsafeBytes { bytes in Result { () throws(NewFileError) in try writeAll(bytes, to: descriptor, path: path) } }
                .get()
        }
    }

    /// Creates `path`, lets `body` write to it, and closes it whether or not `body` fails.
    private static func writeNew(_ path: String, _ body: (Int32) throws(NewFileError) -> Void) throws(NewFileError) {
        let descriptor = try create(path)
        do {
            try body(descriptor)
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw NewFileError(path: path, code: errno) }
    }

    /// Opens a new file for writing, never following a symbolic link.
    private static func create(_ path: String) throws(NewFileError) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw NewFileError(path: path, code: errno) }
        return descriptor
    }

    /// Writes every byte, retrying interrupted and short writes.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(NewFileError) {
        var offset = 0
        while offset < bytes.count {
            let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                throw NewFileError(path: path, code: errno)
            }
            offset += count
        }
    }
}

/// `write(2)`, out of reach of `NewFile.write` inside the enum.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }

/// A file that could not be created or written, with the system's reason.
public struct NewFileError: Error, CustomStringConvertible {
    /// The file.
    public var path: String
    /// `errno`.
    public var code: Int32
    /// `path: reason`.
    public var description: String { "\(path): \(String(cString: strerror(code)))" }
}
