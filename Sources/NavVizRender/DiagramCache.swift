import Foundation

/// Laid-out SVG on disk, by the exact DOT that produced it, so a render after a one-step edit only lays
/// out the diagrams that changed. An entry is keyed by a hash of the DOT, the Graphviz version, the text
/// metrics and this renderer's version, and holds the whole DOT too: a lookup serves an entry only when
/// its DOT is the same text and its SVG has the recorded length and checksum, so a hash collision, a
/// truncated or a corrupt entry is re-rendered, never served (and the bad file removed). Writes go to
/// a temporary file renamed into place. The folder is kept under `limit` bytes, oldest entries first out.
public struct DiagramCache: Sendable {
    /// Bump when the SVG navviz makes from the same DOT and Graphviz changes (post-processing).
    /// (2: text measures remembered within a process, keyed on bytes; a build keyed on `String` could store SVG
    /// whose canonically equivalent texts shared one measure.)
    /// (3: the root element keeps spaces. 4: portable metrics are navviz's Arial widths. 5: a text element that
    /// starts with a space keeps it, `xml:space="preserve"`.)
    public static let rendererVersion = "5"
    /// The default size bound: 256 MiB.
    public static let defaultLimit = 256 << 20

    /// The cache folder.
    public let directory: String
    /// The most bytes the folder may hold after `trim()`.
    public let limit: Int
    /// What else an SVG depends on: the Graphviz version, the text metrics, the renderer version.
    let context: String
    /// FNV-1a of `context`: the seed of every entry's file name.
    private let contextDigest: UInt64

    /// A cache in `directory` for SVG rendered by `graphvizVersion` with `metrics`; with the installed
    /// fonts, `fonts` fingerprints them (`fontFingerprint()`), as the layout depends on them.
    public init(directory: String, graphvizVersion: String, metrics: TextMetrics, fonts: String = "", limit: Int = defaultLimit) {
        self.directory = directory
        self.limit = limit
        context =
            "navviz-svg \(Self.rendererVersion) graphviz \(graphvizVersion) metrics \(metrics.rawValue)"
            + (metrics == .fonts ? " fonts \(fonts)" : "")
        contextDigest = ContentHash.fnv1a(context.utf8)
    }

    /// What the installed fonts make of text, as a hash: a small diagram with the diagrams' fonts and
    /// sizes, laid out here. Another font (a new machine, a font installed, `FONTCONFIG_FILE`) changes it,
    /// so SVG laid out with other fonts is never served.
    public static func fontFingerprint() -> String {
        let probe = """
            digraph probe { node [fontname="\(DiagramStyle.font)", fontsize=\(DiagramStyle.fontSize), shape=box];
            a [label=<<B>UINavigationController</B> · shopNav<BR/><FONT POINT-SIZE="8">3 in stack · last = top</FONT>>];
            b [label=<<FONT POINT-SIZE="12">ProductViewController · Product#2 Wwm</FONT>>]; a -> b; }
            """
        let svg = (try? GraphvizRenderer.shared.renderSync(dot: probe, metrics: .fonts)) ?? "no fonts"
        return ContentHash.hex(ContentHash.fnv1a(svg.utf8))
    }

    /// `$XDG_CACHE_HOME/navviz`, else `~/.cache/navviz`; nil without either.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") { return base + "/navviz" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.cache/navviz"
    }

    /// The file of an entry: the DOT's hash mixed with the context's (64 bits; an entry holds its context
    /// and DOT, so two keys that collide only miss), in a folder per first byte.
    func path(for dot: TextKey) -> String {
        let key = ContentHash.hex(withUnsafeBytes(of: dot.digest.littleEndian) { ContentHash.fnv1a($0, seed: contextDigest) })
        return "\(directory)/\(key.prefix(2))/\(key).entry"
    }

    /// The SVG for `dot`, when a valid entry holds it (with its hash, checked against its bytes).
    public func lookup(_ dot: TextKey) -> TextKey? {
        let file = path(for: dot)
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        guard let svg = data.withUnsafeBytes({ Self.decode($0, context: context, dot: dot.text) }) else {
            try? FileManager.default.removeItem(atPath: file)  // corrupt, truncated or a collision: never served
            return nil
        }
        _ = utimes(file, nil)  // recently used: evicted last
        return svg
    }

    /// The SVG for `dot`, when a valid entry holds it.
    public func lookup(_ dot: String) -> String? { lookup(TextKey(dot))?.text }

    /// Keeps `svg` as the rendering of `dot`.
    public func store(_ dot: String, svg: String) { store(TextKey(dot), svg: TextKey(svg)) }

    /// Keeps `svg` as the rendering of `dot` (atomically; failures are ignored: a cache is optional).
    public func store(_ dot: TextKey, svg: TextKey) {
        let file = path(for: dot)
        let folder = (file as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = "\(folder)/.tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        guard (try? NewFile.write(Self.encode(context: context, dot: dot.text, svg: svg), to: temporary)) != nil else {
            try? FileManager.default.removeItem(atPath: temporary)
            return
        }
        if rename(temporary, file) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
    }

    /// Removes the least recently used entries until the folder holds at most `limit` bytes, and the temporary files
    /// of a navviz that was killed while storing (`.tmp-PID-N`, once that process is gone).
    public func trim() {
        // lstat, not `attributesOfItem`: Foundation's looks each file's owner and group up by name, which cost a
        // one-step edit's render 40 ms over a cache of 98 entries.
        var entries: [(path: String, size: Int, used: Int)] = []
        var total = 0
        let now = Int(Date().timeIntervalSince1970) * 1_000_000_000
        for shard in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            let folder = "\(directory)/\(shard)"
            guard FileStatus(folder)?.isDirectory == true else { continue }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                let path = "\(folder)/\(name)"
                guard let status = FileStatus(path), status.isRegularFile else { continue }
                // An hour old too: a cache folder shared with another PID namespace (a container's) may hold a live
                // writer's.
                if name.hasPrefix(".tmp-") {
                    if let pid = Int32(name.dropFirst(5).prefix { $0 != "-" }), pid != getpid(), kill(pid, 0) == -1, errno == ESRCH,
                        status.modified < now - 3600 * 1_000_000_000
                    {
                        unlink(path)
                    }
                    continue
                }
                guard name.hasSuffix(".entry") else { continue }
                entries.append((path, status.size, status.modified))
                total += status.size
            }
        }
        guard total > limit else { return }
        for entry in entries.sorted(by: { ($0.used, $0.path) < ($1.used, $1.path) }) {
            unlink(entry.path)
            total -= entry.size
            if total <= limit { return }
        }
    }

    // MARK: - Entries

    /// `navviz-cache 1`, the context, then `<DOT bytes> <SVG bytes> <SVG checksum>`, each on a line; then
    /// the DOT and the SVG.
    static func encode(context: String, dot: String, svg: String) -> [UInt8] {
        encode(context: context, dot: dot, svg: TextKey(svg))
    }

    /// The same with the SVG's hash known.
    static func encode(context: String, dot: String, svg: TextKey) -> [UInt8] {
        let header = "navviz-cache 1\n\(context)\n\(dot.utf8.count) \(svg.text.utf8.count) \(ContentHash.hex(svg.digest))\n"
        return Array(header.utf8) + Array(dot.utf8) + Array(svg.text.utf8)
    }

    /// The SVG of an entry (read in place, not copied) with its hash, when the entry is whole and for exactly
    /// this context and DOT.
    static func decode(_ bytes: UnsafeRawBufferPointer, context: String, dot: String) -> TextKey? {
        var lines: [Slice<UnsafeRawBufferPointer>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(bytes[start..<index])
            start = index + 1
            if lines.count == 3 { break }
        }
        guard lines.count == 3, String(decoding: lines[0], as: UTF8.self) == "navviz-cache 1",
            String(decoding: lines[1], as: UTF8.self) == context
        else { return nil }
        let fields = String(decoding: lines[2], as: UTF8.self).split(separator: " ")
        guard fields.count == 3, let dotCount = Int(fields[0]), let svgCount = Int(fields[1]), dotCount >= 0, svgCount >= 0,
            bytes.count - start == dotCount + svgCount
        else { return nil }
        let dotBytes = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + dotCount)])
        let svgBytes = UnsafeRawBufferPointer(rebasing: bytes[(start + dotCount)...])
        let digest = ContentHash.fnv1a(svgBytes)
        var text = dot
        let sameDOT = text.withUTF8 {
            $0.count == dotBytes.count && ($0.isEmpty || memcmp($0.baseAddress!, dotBytes.baseAddress!, $0.count) == 0)
        }
        guard sameDOT, ContentHash.hex(digest) == fields[2] else { return nil }
        return TextKey(String(decoding: svgBytes, as: UTF8.self), digest: digest)
    }
}
