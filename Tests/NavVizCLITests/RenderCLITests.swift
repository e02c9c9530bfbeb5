import Foundation
import NavVizTestSupport
import Testing

/// `navviz render` end to end, through the built binary.
///
/// The binary is found beside the running test bundle (`swift test` builds every product into the
/// same scratch path, e.g. `.build-rendertests/debug/`); failing that, the newest
/// `.build*/debug/navviz` or `.build*/<triple>/debug/navviz` under the package root, which is three
/// levels up from this file. Set `NAVVIZ_BINARY` to override.
@Suite(.serialized) struct RenderCLITests {
    static let packageRoot = NavVizTestSupport.packageRoot
    static let sample = packageRoot.appendingPathComponent("Samples/uikit-containers.json").path

    static let binary: URL? = {
        let fm = FileManager.default
        if let path = ProcessInfo.processInfo.environment["NAVVIZ_BINARY"] { return URL(fileURLWithPath: path) }
        var candidates: [URL] = []
        for argument in [CommandLine.arguments.first, Bundle.main.executablePath].compactMap({ $0 }) {
            var directory = URL(fileURLWithPath: argument).standardizedFileURL.deletingLastPathComponent()
            for _ in 0..<4 {  // the bundle may be a directory (`….xctest/Contents/MacOS/…`)
                candidates.append(directory.appendingPathComponent("navviz"))
                directory = directory.deletingLastPathComponent()
            }
        }
        if let found = candidates.first(where: { fm.isExecutableFile(atPath: $0.path) && !isDirectory($0.path) }) { return found }
        let scratch = ((try? fm.contentsOfDirectory(atPath: packageRoot.path)) ?? []).filter { $0.hasPrefix(".build") }
        var built: [(URL, Date)] = []
        for name in scratch {
            let base = packageRoot.appendingPathComponent(name)
            let triples = ((try? fm.contentsOfDirectory(atPath: base.path)) ?? []).map { base.appendingPathComponent($0) }
            for directory in [base] + triples {
                let url = directory.appendingPathComponent("debug/navviz")
                guard fm.isExecutableFile(atPath: url.path), !isDirectory(url.path) else { continue }
                let date = (try? fm.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? .distantPast
                built.append((url, date))
            }
        }
        return built.max { $0.1 < $1.1 }?.0
    }()

    static func isDirectory(_ path: String) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `navviz` with stdout and stderr on pipes (so stderr is not a terminal).
    static func navviz(_ arguments: [String], in directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = try #require(binary, "navviz is not built; run `swift build` first")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": testCacheHome]) { $1 }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes before waiting, so a full pipe cannot stall the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary directory, removed by the caller's `defer`.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Two small scenarios, `a.json` and `b.json`, in `folder`: a render of several into one output.
    static func writeTwoScenarios(in folder: URL) throws {
        for name in ["a.json", "b.json"] {
            try small.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
    }

    /// Every file under `root` (hidden ones included) by relative path, with its bytes.
    /// Every file below `root` but the output manifest (`.navviz-manifest`), by relative path.
    static func tree(_ root: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let fm = FileManager.default
        guard let enumerator = fm.enumerator(atPath: root.path) else { return files }
        while let relative = enumerator.nextObject() as? String {
            let path = root.appendingPathComponent(relative).path
            if !isDirectory(path), (relative as NSString).lastPathComponent != ".navviz-manifest" {
                files[relative] = fm.contents(atPath: path)
            }
        }
        return files
    }

    static let small = """
        { "navviz": 1, "name": "Small stack",
          "screens": { "Home": { "class": "HomeViewController" }, "Detail": { "class": "DetailViewController" } },
          "root": { "navigation": ["Home"], "id": "nav" },
          "steps": [ { "op": "push", "node": "Detail", "expect": { "visible": "Detail" } }, { "op": "pop" } ] }
        """

    static let invalid = """
        { "navviz": 1, "name": "Broken", "root": "Home", "steps": [ { "op": "pusj", "node": "Home" } ] }
        """

    // MARK: - Layout

    @Test func rendersTheSampleInTheDesignLayout() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("out")

        let result = try Self.navviz(["render", Self.sample, "-o", out.path])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)  // no progress line: stderr is a pipe
        #expect(result.stdout.contains("Open \(out.path)/uikit-containers/index.html"))
        let files = Self.tree(out)
        #expect(Set(files.keys.map { $0.split(separator: "/").first.map(String.init) ?? "" }) == ["uikit-containers"])
        let scenario = files.keys.filter { $0.hasPrefix("uikit-containers/") }.map { String($0.dropFirst("uikit-containers/".count)) }
        for name in [
            "flow.svg", "flow.dot", "index.html", "README.md", "run.json", "states/000-initial.svg", "states/000-initial.dot",
            "states/001-push.svg", "transitions/001-push.svg", "transitions/001-push.dot", "states/022-pop.svg", "transitions/022-pop.svg",
        ] {
            #expect(scenario.contains(name), "missing \(name)")
        }
        #expect(!scenario.contains("transitions/000-initial.svg"))
        #expect(scenario.filter { $0.hasPrefix("states/") }.count == 2 * 23)
        #expect(scenario.filter { $0.hasPrefix("transitions/") }.count == 2 * 22)
        #expect(scenario.count == 2 * 23 + 2 * 22 + 5)
        #expect(!scenario.contains { $0.hasPrefix(".") || $0.contains("/.") })  // no staging leftovers
        // The manifest lists every file with its hash, so a later render replaces only what navviz wrote.
        let manifest = try String(contentsOf: out.appendingPathComponent("uikit-containers/.navviz-manifest"), encoding: .utf8)
        let lines = manifest.split(separator: "\n").dropFirst().map { $0.split(separator: " ", maxSplits: 2).map(String.init) }
        #expect(lines.map { $0[2] } == scenario.sorted())
        #expect(lines.allSatisfy { $0[0].count == 16 && Int($0[1]) == files["uikit-containers/" + $0[2]]?.count })
        #expect((try? FileManager.default.contentsOfDirectory(atPath: out.path)) == ["uikit-containers"])
    }

    /// A file name of 250 characters (Linux takes 255) names a folder that fits; the staging folder beside it, named
    /// after it with a suffix, is cut to fit too (a trial: exit 74, "The file name is invalid", from 238 characters).
    /// README.md names the scenario from its own folder, whatever the working directory and however the paths are typed (a
    /// trial's teammates' READMEs differed by the path each typed).
    @Test func readmeNamesTheScenarioTheSameFromAnyWorkingDirectory() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let flows = tmp.appendingPathComponent("repo/flows")
        try FileManager.default.createDirectory(at: flows, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.sample, toPath: flows.appendingPathComponent("tour.json").path)
        let repo = tmp.appendingPathComponent("repo")
        for (arguments, directory) in [
            (["render", "flows/tour.json", "-o", "docs/a"], repo),
            (["render", "tour.json", "-o", "../docs/b"], flows),
            (["render", flows.path + "/tour.json", "-o", repo.path + "/docs/c"], URL(fileURLWithPath: "/")),
        ] {
            #expect(try Self.navviz(arguments, in: directory).status == 0)
        }
        for folder in ["a", "b", "c"] {
            let readme = try String(contentsOf: repo.appendingPathComponent("docs/\(folder)/tour/README.md"), encoding: .utf8)
            #expect(readme.contains("Generated by `navviz render` from `../../../flows/tour.json`: "), "\(folder)")
        }
    }

    @Test func aScenarioWithAVeryLongFileNameRenders() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let name = String(repeating: "y", count: 245)
        let file = tmp.appendingPathComponent(name + ".json")
        try #"{"navviz": 1, "root": {"navigation": ["Home"]}, "steps": [{"push": "Detail"}]}"#.write(
            to: file, atomically: true, encoding: .utf8)
        let out = tmp.appendingPathComponent("out")
        let result = try Self.navviz(["render", file.path, "-o", out.path, "--format", "dot"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.tree(out).keys.contains("\(name)/states/001-push.dot"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == [name], "no staging folder left")
        // What a killed render of another name with the same start left is not this one's to clean up (cut names
        // end in a digest of the whole: a review saw one render remove another's staging folder).
        let planted = "." + String(name.prefix(232)) + ".navviz-tmp-999999"
        try FileManager.default.createDirectory(at: out.appendingPathComponent(planted), withIntermediateDirectories: true)
        #expect(try Self.navviz(["render", file.path, "-o", out.path, "--format", "dot"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == [planted, name])
    }

    @Test func rendersADirectoryIntoOneFolderEachAndAnIndex() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let scenarios = tmp.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.sample, toPath: scenarios.appendingPathComponent("containers.json").path)
        try Self.small.write(to: scenarios.appendingPathComponent("small.json"), atomically: true, encoding: .utf8)
        let out = tmp.appendingPathComponent("out")

        let result = try Self.navviz(["render", scenarios.path, "-o", out.path])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == [
                ".navviz-manifest", "containers", "index.html", "small",
            ])
        let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("href=\"containers/index.html\""))
        #expect(index.contains("href=\"small/index.html\""))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("small/states/002-pop.svg").path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("containers/flow.svg").path))
    }

    /// Names that differ only in case are one folder on macOS's file system: told apart by their folders as names alike
    /// are, and a numbered name skips one taken in another case (a trial: `Checkout/` and `checkout/` there were one).
    @Test(
        arguments: [
            (["iphone/Checkout.json", "ipad/checkout.json"], [".navviz-manifest", "index.html", "ipad-checkout", "iphone-Checkout"]),
            (["a/Tour.json", "a/b/tour.json"], [".navviz-manifest", "a-Tour", "b-tour", "index.html"]),
            (["p/INDEX.html.json", "q/other.json"], [".navviz-manifest", "INDEX.html-2", "index.html", "other"]),
        ])
    func namesAlikeButForCaseGetFoldersOfTheirOwn(files: [String], folders: [String]) throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        for file in files {
            let url = tmp.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Self.small.write(to: url, atomically: true, encoding: .utf8)
        }
        let result = try Self.navviz(["render"] + files + ["-o", "out", "--format", "dot"], in: tmp)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.appendingPathComponent("out").path).sorted() == folders)
    }

    /// A failed expectation is named by file and step, and marked in the README and the viewer (a trial: a folder of
    /// scenarios said only "8 expectations failed", and its pages showed the failing flow as fine).
    @Test func failedExpectationsAreNamedAndMarked() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let scenarios = tmp.appendingPathComponent("flows")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try #"{"navviz": 1, "name": "A", "root": {"navigation": ["Home"]}, "steps": [{"push": "Cart", "expect": {"visible": "Home"}}]}"#
            .write(to: scenarios.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        try #"{"navviz": 1, "name": "B", "root": {"navigation": ["Home"]}, "steps": [{"pop": true, "expect": {"status": "ok"}}]}"#
            .write(to: scenarios.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
        let out = tmp.appendingPathComponent("out")
        let result = try Self.navviz(["render", "flows", "-o", "out", "--format", "dot"], in: tmp)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "flows/a.json: steps[0].expect.visible (step 1): expected 'Home', got 'Cart'\n"
                + "flows/b.json: steps[0].expect.status (step 1): expected 'ok', got 'noop' ('navigation' is at its root: there is nothing to pop)\n"
                + "2 expectations failed (the output is written; README.md and index.html mark each)\n")
        let readme = try String(contentsOf: out.appendingPathComponent("a/README.md"), encoding: .utf8)
        #expect(readme.contains("- Visible: `Cart`\n- ✗ Expectation failed: expect.visible: expected 'Home', got 'Cart'\n"))
        let page = try String(contentsOf: out.appendingPathComponent("a/index.html"), encoding: .utf8)
        #expect(page.contains(#"title="ok, an expectation failed" data-failed><span class="n">1</span> push"#))
        #expect(page.contains("<p class=\"failure\">✗ Expectation failed: expect.visible: expected &#39;Home&#39;, got &#39;Cart&#39;</p>"))
    }

    /// captures.md's two commands, one after the other into the default output: a render of one file, then of a folder.
    /// The second replaces the first's folder, which navviz wrote, and says so (it refused it as files navviz does not write).
    @Test func aFolderRenderReplacesAnEarlierRenderOfOneFile() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        try FileManager.default.createDirectory(at: tmp.appendingPathComponent("flows"), withIntermediateDirectories: true)
        try Self.small.write(to: tmp.appendingPathComponent("one.json"), atomically: true, encoding: .utf8)
        try Self.small.write(to: tmp.appendingPathComponent("flows/a.json"), atomically: true, encoding: .utf8)
        try Self.small.write(to: tmp.appendingPathComponent("flows/b.json"), atomically: true, encoding: .utf8)
        #expect(try Self.navviz(["render", "one.json", "--format", "dot"], in: tmp).status == 0)
        let folder = try Self.navviz(["render", "flows", "--format", "dot"], in: tmp)
        #expect(folder.status == 0, "\(folder.stderr)")
        #expect(folder.stderr == "note: navviz-out/one/, an earlier render, was replaced with the rest of navviz-out/\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: tmp.appendingPathComponent("navviz-out").path).sorted() == [
                ".navviz-manifest", "a", "b", "index.html",
            ])
        // Two scenarios of one name: each followed by its file (a trial could not tell two `Chats` apart).
        let index = try String(contentsOf: tmp.appendingPathComponent("navviz-out/index.html"), encoding: .utf8)
        #expect(index.contains("</a> <small>(flows/a.json)</small> — "))
        #expect(index.contains("</a> <small>(flows/b.json)</small> — "))
        // One file again, into the folder of both: the top index lists the two only, and says so (a trial read it as current).
        let again = try Self.navviz(["render", "one.json", "--format", "dot"], in: tmp)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            again.stderr
                == "note: navviz-out/index.html lists the scenarios rendered together into navviz-out/ before, not this one: render "
                + "them together to list it there (a render of several into navviz-out/ replaces navviz-out/one/)\n")
        #expect(try Self.navviz(["render", "flows/a.json", "--format", "dot"], in: tmp).stderr.isEmpty)
        // Another scenario whose folder is named the same: the index's row for the folder is an earlier render's.
        try FileManager.default.createDirectory(at: tmp.appendingPathComponent("other"), withIntermediateDirectories: true)
        try Self.small.replacingOccurrences(of: "Small stack", with: "Other stack").write(
            to: tmp.appendingPathComponent("other/a.json"), atomically: true, encoding: .utf8)
        #expect(
            try Self.navviz(["render", "other/a.json", "--format", "dot"], in: tmp).stderr
                == "note: navviz-out/index.html lists what an earlier render of several put in navviz-out/a/, not this render: render "
                + "the scenarios together to bring it up to date\n")
        #expect(try Self.navviz(["render", "flows", "--format", "dot"], in: tmp).status == 0)
        // A file of the user's beside it is still refused.
        try "notes".write(to: tmp.appendingPathComponent("navviz-out/a/notes.txt"), atomically: true, encoding: .utf8)
        #expect(try Self.navviz(["render", "flows", "--format", "dot"], in: tmp).status == 74)
    }

    @Test func aScenarioNamedIndexDoesNotCollideWithTheTopLevelIndex() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let scenarios = tmp.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try Self.small.write(to: scenarios.appendingPathComponent("index.html.json"), atomically: true, encoding: .utf8)
        try Self.small.write(to: scenarios.appendingPathComponent("other.json"), atomically: true, encoding: .utf8)
        let out = tmp.appendingPathComponent("out")

        let result = try Self.navviz(["render", scenarios.path, "-o", out.path])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == [
                ".navviz-manifest", "index.html", "index.html-2", "other",
            ])
    }

    // MARK: - Options

    /// Options and the files they leave in the scenario's folder (the small scenario: steps 0 to 2).
    @Test(arguments: [
        (
            ["--only", "states"],
            [
                "README.md", "index.html", "run.json", "states/000-initial.dot", "states/000-initial.svg",
                "states/001-push.dot", "states/001-push.svg", "states/002-pop.dot", "states/002-pop.svg",
            ]
        ),
        (["--only", "flow"], ["README.md", "flow.dot", "flow.svg", "index.html", "run.json"]),
        (
            ["--step", "2"],
            [
                "README.md", "flow.dot", "flow.svg", "index.html", "run.json",
                "states/002-pop.dot", "states/002-pop.svg", "transitions/002-pop.dot", "transitions/002-pop.svg",
            ]
        ),
        (
            ["--format", "dot"],
            [
                "README.md", "flow.dot", "index.html", "run.json", "states/000-initial.dot", "states/001-push.dot",
                "states/002-pop.dot", "transitions/001-push.dot", "transitions/002-pop.dot",
            ]
        ),
        (
            ["--format", "mermaid", "--only", "states"],
            [
                "README.md", "index.html", "run.json", "states/000-initial.dot", "states/000-initial.mmd",
                "states/001-push.dot", "states/001-push.mmd", "states/002-pop.dot", "states/002-pop.mmd",
            ]
        ),
        (
            ["--markdown-images", "mermaid", "--only", "transitions"],
            [
                "README.md", "index.html", "run.json", "transitions/001-push.dot", "transitions/001-push.mmd",
                "transitions/001-push.svg", "transitions/002-pop.dot", "transitions/002-pop.mmd", "transitions/002-pop.svg",
            ]
        ),
    ])
    func optionsSelectTheFiles(options: [String], expected: [String]) throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let scenario = tmp.appendingPathComponent("small.json")
        try Self.small.write(to: scenario, atomically: true, encoding: .utf8)
        let out = tmp.appendingPathComponent("out")

        let result = try Self.navviz(["render", scenario.path, "-o", out.path] + options)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.tree(out.appendingPathComponent("small")).keys.sorted() == expected)
    }

    /// A step the scenario does not have is a usage error in one sentence, without the top-level usage.
    @Test func aStepOutOfRangeSaysWhichStepsThereAre() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let scenario = tmp.appendingPathComponent("small.json")
        try Self.small.write(to: scenario, atomically: true, encoding: .utf8)
        let out = tmp.appendingPathComponent("out")
        let result = try Self.navviz(["render", scenario.path, "-o", out.path, "--step", "99"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("--step 99 is out of range: \(scenario.path) has steps 0 to "))
        #expect(!result.stderr.contains("Usage"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// A render of one step or one family never replaces a full render (it would drop every other step
    /// without a word), but replaces another partial one, and a full render replaces either.
    @Test(arguments: [["--step", "1"], ["--only", "flow"], ["--step", "1", "--only", "states"]])
    func aPartialRenderNeverReplacesAFullOne(options: [String]) throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let scenario = tmp.appendingPathComponent("small.json")
        try Self.small.write(to: scenario, atomically: true, encoding: .utf8)
        let out = tmp.appendingPathComponent("out")
        #expect(try Self.navviz(["render", scenario.path, "-o", out.path]).status == 0)
        let full = Self.tree(out.appendingPathComponent("small"))

        let partial = try Self.navviz(["render", scenario.path, "-o", out.path] + options)

        #expect(partial.status == 74)
        #expect(
            partial.stderr
                == "\(out.path)/small: not replaced: it holds a full render (\(full.count) files), and \(options.joined(separator: " ")) "
                + "writes only part of it. Render to another output directory (-o), or remove it first\n")
        #expect(Self.tree(out.appendingPathComponent("small")) == full)
        let other = tmp.appendingPathComponent("other")
        #expect(try Self.navviz(["render", scenario.path, "-o", other.path] + options).status == 0)
        #expect(try Self.navviz(["render", scenario.path, "-o", other.path, "--step", "2"]).status == 0)
        #expect(try Self.navviz(["render", scenario.path, "-o", other.path]).status == 0)
        #expect(Self.tree(other.appendingPathComponent("small")) == full)
    }

    @Test func legendAddsALegendToStateDiagrams() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let scenario = tmp.appendingPathComponent("small.json")
        try Self.small.write(to: scenario, atomically: true, encoding: .utf8)

        let plain = try Self.navviz(["render", scenario.path, "-o", tmp.appendingPathComponent("plain").path])
        let legend = try Self.navviz(["render", scenario.path, "-o", tmp.appendingPathComponent("legend").path, "--legend"])

        #expect(plain.status == 0 && legend.status == 0)
        let withLegend = try String(contentsOf: tmp.appendingPathComponent("legend/small/states/001-push.dot"), encoding: .utf8)
        let without = try String(contentsOf: tmp.appendingPathComponent("plain/small/states/001-push.dot"), encoding: .utf8)
        #expect(withLegend.contains("cluster_legend"))
        #expect(!without.contains("cluster_legend"))
        let svg = try String(contentsOf: tmp.appendingPathComponent("legend/small/states/001-push.svg"), encoding: .utf8)
        #expect(svg.contains("path to the visible controller"))
    }

    @Test(arguments: [["--only", "nothing"], ["--format", "png"], ["--step", "-1"]])
    func badOptionsAreUsageErrorsAndWriteNothing(options: [String]) throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("out")
        let result = try Self.navviz(["render", Self.sample, "-o", out.path] + options)
        #expect(result.status == 64)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    // MARK: - Failures and atomicity

    @Test func invalidScenarioExits65AndWritesNothing() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let bad = tmp.appendingPathComponent("bad.json")
        try Self.invalid.write(to: bad, atomically: true, encoding: .utf8)
        let out = tmp.appendingPathComponent("out")

        let result = try Self.navviz(["render", Self.sample, bad.path, "-o", out.path])

        #expect(result.status == 65)
        #expect(result.stderr.contains("bad.json: steps[0].op: unknown operation 'pusj'"), "\(result.stderr)")
        // What became of the good one is said (a trial rendered a folder and looked for the good captures' output).
        #expect(
            result.stderr.hasSuffix("\n1 of 2 files are not valid, so none was used: fix it, or name only the others\n"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).sorted() == ["bad.json"])
    }

    @Test func failedRendersLeaveThePreviousOutputByteIdentical() throws {
        let fm = FileManager.default
        let tmp = try Self.temporaryDirectory()
        defer { try? fm.removeItem(at: tmp) }
        let scenarios = tmp.appendingPathComponent("scenarios")
        try fm.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try fm.copyItem(atPath: Self.sample, toPath: scenarios.appendingPathComponent("containers.json").path)
        try Self.small.write(to: scenarios.appendingPathComponent("small.json"), atomically: true, encoding: .utf8)
        let out = tmp.appendingPathComponent("out")
        #expect(try Self.navviz(["render", scenarios.path, "-o", out.path]).status == 0)
        let first = Self.tree(out)
        #expect(first.count > 100)

        // An invalid scenario: exit 65 before anything is written.
        let bad = tmp.appendingPathComponent("bad.json")
        try Self.invalid.write(to: bad, atomically: true, encoding: .utf8)
        #expect(try Self.navviz(["render", bad.path, "-o", out.path]).status == 65)
        #expect(Self.tree(out) == first)

        // A good scenario whose folder would replace the file out/index.html: exit 74.
        let collides = tmp.appendingPathComponent("index.html.json")
        try Self.small.write(to: collides, atomically: true, encoding: .utf8)
        let collision = try Self.navviz(["render", collides.path, "-o", out.path])
        #expect(collision.status == 74, "\(collision.stderr)")
        #expect(collision.stderr.contains("/index.html: not replaced: it is a file, not a folder navviz wrote"))
        #expect(Self.tree(out) == first)

        // A good scenario into a folder under a regular file: exit 74.
        let underFile = try Self.navviz([
            "render", scenarios.appendingPathComponent("small.json").path, "-o", out.appendingPathComponent("index.html/x").path,
        ])
        #expect(underFile.status == 74, "\(underFile.stderr)")
        #expect(Self.tree(out) == first)
        #expect(try fm.contentsOfDirectory(atPath: tmp.path).sorted() == ["bad.json", "index.html.json", "out", "scenarios"])
    }

    @Test func twoRunsGiveByteIdenticalTrees() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let a = tmp.appendingPathComponent("a")
        let b = tmp.appendingPathComponent("b")
        #expect(try Self.navviz(["render", Self.sample, "-o", a.path]).status == 0)
        #expect(try Self.navviz(["render", Self.sample, "-o", b.path]).status == 0)
        let first = Self.tree(a)
        let second = Self.tree(b)
        #expect(first.keys.sorted() == second.keys.sorted())
        for (path, data) in first where second[path] != data {
            Issue.record("\(path) differs between runs")
        }
    }

    @Test func rerenderingReplacesTheOutput() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let scenario = tmp.appendingPathComponent("small.json")
        try Self.small.write(to: scenario, atomically: true, encoding: .utf8)
        let out = tmp.appendingPathComponent("out")
        #expect(try Self.navviz(["render", scenario.path, "-o", out.path, "--only", "flow"]).status == 0)
        #expect(try Self.navviz(["render", scenario.path, "-o", out.path]).status == 0)
        #expect(Self.tree(out.appendingPathComponent("small")).keys.count == 15)
        #expect(try Self.navviz(["render", scenario.path, "-o", out.path, "--only", "flow", "--step", "0"]).status == 74)
        #expect(try Self.navviz(["render", scenario.path, "-o", out.path]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["small"])
    }

    static let currentFolderRefusal =
        ".: the current folder is this output: navviz writes a new output beside the old one and renames it into place, which "
        + "would leave this shell in a deleted folder. Write into a folder inside it (-o navviz-out), or run navviz from another "
        + "folder\n"

    /// The current folder is never the folder renamed into place: `-o .` of several scenarios in an empty folder left the
    /// shell in a deleted folder ("Open ./index.html" found nothing; a second render failed with Foundation's "URL type
    /// isn't supported": a trial), and so did a re-render from inside a scenario's folder.
    @Test func theCurrentFolderIsNeverReplaced() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let work = tmp.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try Self.writeTwoScenarios(in: tmp)
        let several = try Self.navviz(["render", "../a.json", "../b.json", "-o", "."], in: work)
        #expect(several.status == 74)
        #expect(several.stderr == Self.currentFolderRefusal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).isEmpty)
        // One scenario writes a folder inside: fine; then re-rendered from inside that folder, refused.
        #expect(try Self.navviz(["render", "../a.json", "-o", "."], in: work).status == 0)
        let inside = try Self.navviz(["render", "../../a.json", "-o", ".."], in: work.appendingPathComponent("a"))
        #expect(inside.status == 74)
        #expect(inside.stderr == Self.currentFolderRefusal)
        let above = try Self.navviz(["render", "../a.json", "../b.json", "-o", ".."], in: work)
        #expect(above.status == 74)
        #expect(above.stderr.contains(": the current folder is inside this output: "))
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("a/index.html").path))
    }

    /// An `-o` that is a link to a folder is written through for several scenarios as for one (it was refused as "a
    /// symbolic link": a trial): the folder it leads to is replaced, the link stays, and a user's file there still stops it.
    @Test func anOutputThatIsALinkToAFolderIsWrittenThrough() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        try Self.writeTwoScenarios(in: tmp)
        let real = tmp.appendingPathComponent("docs/diagrams")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tmp.appendingPathComponent("out").path, withDestinationPath: "docs/diagrams")
        for _ in 0..<2 { #expect(try Self.navviz(["render", "a.json", "b.json", "-o", "out"], in: tmp).status == 0) }
        #expect(FileManager.default.fileExists(atPath: real.appendingPathComponent("a/index.html").path))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: tmp.appendingPathComponent("out").path) == "docs/diagrams")
        try "mine".write(to: real.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let refused = try Self.navviz(["render", "a.json", "b.json", "-o", "out"], in: tmp)
        #expect(refused.status == 74)
        #expect(refused.stderr.hasPrefix("out: not replaced: it holds 'notes.txt'"))
    }

    /// Finder's `.DS_Store` files do not stop a render over its own output, and stay: the new output keeps each one in
    /// its folder (a code-review trial's `--record` removed one, a file navviz did not write).
    @Test func finderFilesStayWhenAnOutputIsReplaced() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        try Self.writeTwoScenarios(in: tmp)
        #expect(try Self.navviz(["render", "a.json", "b.json", "-o", "out"], in: tmp).status == 0)
        let places = ["out/.DS_Store", "out/a/.DS_Store", "out/a/states/.DS_Store"]
        for place in places { try "Bud1 \(place)".write(to: tmp.appendingPathComponent(place), atomically: true, encoding: .utf8) }
        #expect(try Self.navviz(["render", "a.json", "b.json", "-o", "out"], in: tmp).status == 0)
        for place in places {
            #expect(try String(contentsOf: tmp.appendingPathComponent(place), encoding: .utf8) == "Bud1 \(place)")
        }
        try #"{"navviz": 1, "name": "a", "root": {"navigation": ["Home"]}, "steps": []}"#.write(
            to: tmp.appendingPathComponent("c.json"), atomically: true, encoding: .utf8)
        // (The review suite's runner, which leaves CI out: --record refuses on CI.)
        #expect(try NavVizCLITests.navviz(["check", "c.json", "--golden", "golden", "--record"], in: tmp).status == 0)
        try "Bud1".write(to: tmp.appendingPathComponent("golden/c/.DS_Store"), atomically: true, encoding: .utf8)
        try #"{"navviz": 1, "name": "a", "root": {"navigation": ["Home", "Other"]}, "steps": []}"#.write(
            to: tmp.appendingPathComponent("c.json"), atomically: true, encoding: .utf8)
        #expect(try NavVizCLITests.navviz(["check", "c.json", "--golden", "golden", "--record"], in: tmp).status == 0)
        #expect(try String(contentsOf: tmp.appendingPathComponent("golden/c/.DS_Store"), encoding: .utf8) == "Bud1")
    }

    /// A folder that cannot be made is said with the system's reason and the folder, not Foundation's "The operation could
    /// not be completed. The file doesn't exist." (a trial's `-o /proc/nope`: as root it passes the access check, and the
    /// kernel refuses the folder).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self"), "Linux's /proc"))
    func anOutputThatCannotBeMadeSaysWhy() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        try Self.writeTwoScenarios(in: tmp)
        let result = try Self.navviz(["render", "a.json", "-o", "/proc/navviz-\(getpid())"], in: tmp)
        #expect(result.status == 74)
        let reasons = [
            "/proc/navviz-\(getpid())/a: cannot write the output: No such file or directory (/proc/navviz-\(getpid()))",
            "/proc: cannot write the output there: Permission denied",
        ]
        #expect(reasons.contains(result.stderr.trimmingCharacters(in: .newlines)), "\(result.stderr)")
    }

    @Test func anOutputDirectoryHoldingOtherFilesIsNotReplaced() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        try Self.writeTwoScenarios(in: tmp)
        try "keep".write(to: tmp.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let before = Self.tree(tmp)
        // Two scenarios render into OUT itself: with `-o .` that used to replace the working directory.
        let result = try Self.navviz(["render", "a.json", "b.json", "-o", "."], in: tmp)
        #expect(result.status == 74)
        #expect(result.stderr == Self.currentFolderRefusal)
        #expect(Self.tree(tmp) == before)
        // A previous output is replaced as before.
        #expect(try Self.navviz(["render", "a.json", "b.json", "-o", "out"], in: tmp).status == 0)
        #expect(try Self.navviz(["render", "a.json", "b.json", "-o", "out"], in: tmp).status == 0)
        // A user's README, index page or logo in an output folder is never replaced.
        for name in ["logo.svg", "README.md", "a/index.html"] {
            let url = tmp.appendingPathComponent("out/\(name)")
            let original = try? String(contentsOf: url, encoding: .utf8)
            try "the user's own".write(to: url, atomically: true, encoding: .utf8)
            let result = try Self.navviz(["render", "a.json", "b.json", "-o", "out"], in: tmp)
            #expect(result.status == 74, "\(name)")
            let expected =
                name == "a/index.html"
                ? "out: not replaced: 'a/index.html' changed since navviz wrote it."
                : "out: not replaced: it holds '\(name)', which navviz does not write there."
            #expect(result.stderr.hasPrefix(expected), "\(name)")
            #expect(try String(contentsOf: url, encoding: .utf8) == "the user's own")
            if let original {
                try original.write(to: url, atomically: true, encoding: .utf8)
            } else {
                try FileManager.default.removeItem(at: url)
            }
        }
        // A folder navviz writes, moved aside and linked back, is named as the link it is (a trial read "which navviz
        // does not write there" of `states`).
        let states = tmp.appendingPathComponent("out/a/states")
        try FileManager.default.moveItem(at: states, to: tmp.appendingPathComponent("out/a/states.real"))
        try FileManager.default.createSymbolicLink(atPath: states.path, withDestinationPath: "states.real")
        let linked = try Self.navviz(["render", "a.json", "b.json", "-o", "out"], in: tmp)
        #expect(linked.status == 74)
        #expect(
            linked.stderr.hasPrefix(
                "out: not replaced: it holds 'a/states', a symbolic link or special file, which navviz never writes (and "))
    }

    /// A folder with nothing of navviz's in it is refused after a bounded look, not a walk of everything under it (`-o /`
    /// with two scenarios listed every file on the machine before refusing); `-o out/` names its folder as `-o out` does.
    @Test func aLargeFolderOfOtherFilesIsRefusedWithoutWalkingAllOfIt() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        try Self.writeTwoScenarios(in: tmp)
        let big = tmp.appendingPathComponent("big/inner")
        try FileManager.default.createDirectory(at: big, withIntermediateDirectories: true)
        for index in 0..<10_050 { FileManager.default.createFile(atPath: big.appendingPathComponent("f\(index)").path, contents: nil) }
        let result = try Self.navviz(["render", "a.json", "b.json", "-o", "big", "--format", "dot"], in: tmp)
        #expect(result.status == 74)
        #expect(
            result.stderr
                == "big: not replaced: it holds 'inner/f0' (and more: navviz stopped looking after 10000 entries), which navviz does not write there. Choose another output directory, or remove it first\n"
        )
        let slash = try Self.navviz(["render", "a.json", "-o", "out/", "--format", "dot"], in: tmp)
        #expect(slash.status == 0)
        #expect(slash.stderr == "")
        // An option the format does not use is said (it was ignored without a word).
        let portable = try Self.navviz(["render", "a.json", "-o", "out", "--format", "dot", "--portable-metrics"], in: tmp)
        #expect(portable.status == 0)
        #expect(
            portable.stderr
                == "warning: --portable-metrics has no effect with --format dot: it sets how Graphviz measures text, and this format lays nothing out\n"
        )
        #expect(slash.stdout == "Rendered Small stack: 9 files in out/a/\nOpen out/a/index.html\n")
    }

    /// An edit that keeps the size and sets an old modification time (`touch -d`, `cp -p`, `tar x`) is still an
    /// edit: a trial's edited README.md was replaced without a word. A re-render over its own linked files still
    /// finds them unchanged without reading them (the manifest's time is when the output was complete).
    @Test func anEditWithAnOldModificationTimeIsStillAnEdit() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        try Self.small.write(to: tmp.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        #expect(try Self.navviz(["render", "a.json", "-o", "out", "--no-cache"], in: tmp).status == 0)
        #expect(try Self.navviz(["render", "a.json", "-o", "out", "--no-cache"], in: tmp).status == 0)
        #if canImport(Glibc)
            var manifest = stat()
            var svg = stat()
            #expect(lstat(tmp.appendingPathComponent("out/a/.navviz-manifest").path, &manifest) == 0)
            #expect(lstat(tmp.appendingPathComponent("out/a/states/000-initial.svg").path, &svg) == 0)
            #expect((svg.st_ctim.tv_sec, svg.st_ctim.tv_nsec) <= (manifest.st_mtim.tv_sec, manifest.st_mtim.tv_nsec))
        #endif
        let readme = tmp.appendingPathComponent("out/a/README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "# ", with: "#!", options: [], range: text.range(of: "# "))
        #expect(edited.utf8.count == text.utf8.count && edited != text)
        try edited.write(to: readme, atomically: false, encoding: .utf8)
        var times = [timespec(tv_sec: 978_307_200, tv_nsec: 0), timespec(tv_sec: 978_307_200, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, readme.path, &times, 0) == 0)
        let refused = try Self.navviz(["render", "a.json", "-o", "out"], in: tmp)
        #expect(refused.status == 74)
        #expect(refused.stderr.hasPrefix("out/a: not replaced: 'README.md' changed since navviz wrote it."))
        #expect(try String(contentsOf: readme, encoding: .utf8) == edited)
    }

    /// A mount point as the output of several scenarios is said to be one (Foundation's "NSCocoaErrorDomain error
    /// 512" was printed): the new output is renamed over the old, which a mount point cannot take. /dev/shm is one on
    /// Linux; it is refused before anything is written.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/shm"))) func aMountPointAsTheOutputIsSaidToBeOne() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        try Self.small.write(to: tmp.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        try Self.small.write(to: tmp.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
        let result = try Self.navviz(["render", "a.json", "b.json", "-o", "/dev/shm", "--format", "dot"], in: tmp)
        #expect(result.status == 74)
        #expect(
            result.stderr
                == "/dev/shm: a mount point: navviz writes a new output beside the old one and renames it into place, which a mount "
                + "point cannot take. Write into a folder inside it (-o /dev/shm/navviz-out)\n")
    }

    /// One navviz at a time replaces an output in a folder: a second waits, saying so (two renders into one folder
    /// failed one time in ten with a false "changed since navviz wrote it"). The test holds the lock itself, where a render
    /// of several scenarios into `out` (which replaces `out` whole) takes it: beside `out`, whether `out` is new or made
    /// already (a trial's two renders into a new folder, and a review's render of one scenario and one of several into
    /// one -o, locked different folders).
    @Test(arguments: [(["a.json"], false), (["a.json"], true), (["a.json", "b.json"], true)])
    func aSecondNavvizWaitsForTheFolderItWritesInto(scenarios: [String], outExists: Bool) throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        try Self.small.write(to: tmp.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        try Self.small.write(to: tmp.appendingPathComponent("b.json"), atomically: true, encoding: .utf8)
        if outExists { try FileManager.default.createDirectory(at: tmp.appendingPathComponent("out"), withIntermediateDirectories: true) }
        let lock = open(tmp.path, O_RDONLY | O_DIRECTORY)
        #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
        let process = Process()
        process.executableURL = try #require(Self.binary)
        process.arguments = ["render"] + scenarios + ["-o", "out", "--format", "dot"]
        process.currentDirectoryURL = tmp
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Waits, and says so, until the lock is let go.
        var said = Data()
        let deadline = Date().addingTimeInterval(60)
        while !String(decoding: said, as: UTF8.self).contains("\n"), Date() < deadline {
            said += err.fileHandleForReading.availableData
        }
        #expect(
            String(decoding: said, as: UTF8.self)
                == "note: another navviz is writing in ., where \(scenarios.count == 1 ? "out/a" : "out") goes; waiting for it\n")
        #expect(process.isRunning && !FileManager.default.fileExists(atPath: tmp.appendingPathComponent("out/a").path))
        close(lock)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: tmp.appendingPathComponent("out/a/states/000-initial.dot").path))
    }

    /// A write that fails leaves no folder it made behind, at any level of -o (only the last was removed, a review).
    @Test func aFailedRenderRemovesTheFoldersItMade() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        try Self.small.write(to: tmp.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        // A partial render refuses nothing new; a render whose files cannot be written fails: a file named like a folder it
        // needs (the staging folder's name is taken by a file without write permission is racy; a long name is not).
        let long = String(repeating: "n", count: 300)
        let result = try Self.navviz(["render", "a.json", "-o", "w1/w2/\(long)", "--format", "dot"], in: tmp)
        #expect(result.status == 74)
        #expect(!FileManager.default.fileExists(atPath: tmp.appendingPathComponent("w1").path))
    }

    @Test func reRenderingOverItsOwnOutputWritesOnlyWhatChanged() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let scenario = tmp.appendingPathComponent("a.json")
        try Self.small.write(to: scenario, atomically: true, encoding: .utf8)
        func inode(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: tmp.appendingPathComponent(path).path)[.systemFileNumber] as? Int)
        }
        #expect(try Self.navviz(["render", "a.json", "-o", "out", "--no-cache"], in: tmp).status == 0)
        let kept = try inode("out/a/states/000-initial.svg")
        let redrawn = try inode("out/a/states/001-push.svg")
        // The pushed screen's class changes: step 1's diagrams change, the initial state does not.
        try Self.small.replacingOccurrences(of: "DetailViewController", with: "DetailsViewController")
            .write(to: scenario, atomically: true, encoding: .utf8)
        #expect(try Self.navviz(["render", "a.json", "-o", "out", "--no-cache"], in: tmp).status == 0)
        #expect(try inode("out/a/states/000-initial.svg") == kept)  // linked from the old output, not written again
        #expect(try inode("out/a/states/001-push.svg") != redrawn)
        #expect(
            try String(contentsOf: tmp.appendingPathComponent("out/a/states/001-push.dot"), encoding: .utf8).contains(
                "DetailsViewController"))
        // Byte for byte what a render into a new folder writes.
        #expect(try Self.navviz(["render", "a.json", "-o", "fresh", "--no-cache"], in: tmp).status == 0)
        #expect(Self.tree(tmp.appendingPathComponent("out")) == Self.tree(tmp.appendingPathComponent("fresh")))
        // A manifest of an older navviz (hash and path, no size) still lets navviz replace its own output,
        // and still protects a file the user changed.
        let manifest = tmp.appendingPathComponent("out/a/.navviz-manifest")
        let old = try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n").map { line in
            let fields = line.split(separator: " ", maxSplits: 2)
            return line.hasPrefix("#") ? String(line) : "\(fields[0]) \(fields[2])"
        }
        try (old.joined(separator: "\n") + "\n").write(to: manifest, atomically: true, encoding: .utf8)
        try "the user's own".write(to: tmp.appendingPathComponent("out/a/README.md"), atomically: true, encoding: .utf8)
        let refused = try Self.navviz(["render", "a.json", "-o", "out"], in: tmp)
        #expect(refused.status == 74)
        #expect(refused.stderr.hasPrefix("out/a: not replaced: 'README.md' changed since navviz wrote it."))
        try FileManager.default.removeItem(at: tmp.appendingPathComponent("out/a/README.md"))
        try (old.filter { !$0.hasSuffix(" README.md") }.joined(separator: "\n") + "\n").write(
            to: manifest, atomically: true, encoding: .utf8)
        #expect(try Self.navviz(["render", "a.json", "-o", "out"], in: tmp).status == 0)
        #expect(Self.tree(tmp.appendingPathComponent("out")) == Self.tree(tmp.appendingPathComponent("fresh")))
    }

    @Test func aMermaidReadmeEmbedsTheDiagramsGitHubDraws() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        try Self.small.write(to: tmp.appendingPathComponent("small.json"), atomically: true, encoding: .utf8)
        #expect(try Self.navviz(["render", "small.json", "--format", "mermaid", "-o", "out"], in: tmp).status == 0)
        let readme = try String(contentsOf: tmp.appendingPathComponent("out/small/README.md"), encoding: .utf8)
        let state = try String(contentsOf: tmp.appendingPathComponent("out/small/states/001-push.mmd"), encoding: .utf8)
        #expect(readme.contains("```mermaid\n" + state + "```\n"))
        #expect(!readme.contains(".svg"))
        // The flow too (it was left out: no flow.mmd, and no flow in the README).
        let flow = try String(contentsOf: tmp.appendingPathComponent("out/small/flow.mmd"), encoding: .utf8)
        #expect(readme.contains("```mermaid\n" + flow + "```\n"))
        // Usage errors name the choices.
        let bad = try Self.navviz(["render", "small.json", "--markdown-images", "png"], in: tmp)
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: Unknown --markdown-images 'png'. Use svg or mermaid\n"))
        let svgWithoutSVG = try Self.navviz(["render", "small.json", "--format", "dot", "--markdown-images", "svg"], in: tmp)
        #expect(svgWithoutSVG.status == 64)
        #expect(svgWithoutSVG.stderr.hasPrefix("Error: --markdown-images svg needs --format svg: only it writes SVG files\n"))
    }

    /// An output path through a file is said to be one (Foundation's "NSCocoaErrorDomain error 512" was printed, or a
    /// path inside the file named).
    @Test func anOutputPathThroughAFileIsSaidToBeOne() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        try Self.small.write(to: tmp.appendingPathComponent("small.json"), atomically: true, encoding: .utf8)
        try "mine".write(to: tmp.appendingPathComponent("notes"), atomically: true, encoding: .utf8)
        for output in ["notes", "notes/deeper/out"] {
            let result = try Self.navviz(["render", "small.json", "-o", output, "--format", "dot"], in: tmp)
            #expect(result.status == 74)
            #expect(result.stderr == "notes: a file, not a folder: the output goes into a folder there\n")
        }
        // Through the review commands' runner, which unsets CI (check --record refuses under it).
        let check = try NavVizCLITests.navviz(["check", "small.json", "--golden", "notes/golden", "--record"], in: tmp)
        #expect(check.status == 74)
        #expect(check.stderr == "notes: a file, not a folder: the output goes into a folder there\n")
        #expect(try String(contentsOf: tmp.appendingPathComponent("notes"), encoding: .utf8) == "mine")
    }

    /// Mermaid draws at most 50,000 characters in one diagram (GitHub shows its error instead): a render says which
    /// diagrams pass it (they were written without a word).
    @Test func mermaidDiagramsPastMermaidsLimitAreNamed() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let tabs = (0..<5).map { tab in
            #"{"navigation": ["# + (0..<140).map { #""Screen\#(tab)x\#($0)""# }.joined(separator: ", ") + "]}"
        }
        let scenario = #"{"navviz": 1, "name": "huge", "root": {"tabs": ["# + tabs.joined(separator: ", ") + "]}}"
        try scenario.write(to: tmp.appendingPathComponent("huge.json"), atomically: true, encoding: .utf8)
        let all = try Self.navviz(["render", "huge.json", "--format", "mermaid", "--expand", "all", "-o", "out"], in: tmp)
        #expect(all.status == 0)
        let state = try String(contentsOf: tmp.appendingPathComponent("out/huge/states/000-initial.mmd"), encoding: .utf8)
        #expect(state.utf16.count > 50000)
        // Its links are past Mermaid's 500 too.
        let arrows = state.split(separator: "\n").filter { $0.contains(" --- ") || $0.contains(" ==> ") || $0.contains(" --> ") }.count
        #expect(
            all.stderr
                == "warning: huge.json: a Mermaid diagram passes Mermaid's 500-arrow limit, so GitHub and GitLab show an error in its place: states/000-initial.mmd (\(arrows) arrows). Draw it focused (without --expand all), or one container with --focus ID\n"
                + "warning: huge.json: a Mermaid diagram passes Mermaid's 50000-character limit, so GitHub and GitLab show an error in its place: states/000-initial.mmd (\(state.utf16.count) characters). Draw it focused (without --expand all), or one container with --focus ID\n"
        )
        let focused = try Self.navviz(["render", "huge.json", "--format", "mermaid", "-o", "focused"], in: tmp)
        #expect(focused.status == 0)
        #expect(focused.stderr == "")
    }

    /// A flow of distinct states past the limit is not shortened by focusing: the warning says to split the scenario (it
    /// said to drop an --expand all that was not given, a trial).
    @Test func aLongFlowIsToldToSplitTheScenario() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let steps = (0..<340).map { #"{"push": "Screen\#($0)WithALongerNameForTheFlowDiagram"}"# }.joined(separator: ", ")
        let scenario = #"{"navviz": 1, "name": "long", "root": {"navigation": ["Home"]}, "steps": [\#(steps)]}"#
        try scenario.write(to: tmp.appendingPathComponent("long.json"), atomically: true, encoding: .utf8)
        let result = try Self.navviz(["render", "long.json", "--format", "mermaid", "--only", "flow", "-o", "out"], in: tmp)
        #expect(result.status == 0)
        let flow = try String(contentsOf: tmp.appendingPathComponent("out/long/flow.mmd"), encoding: .utf8)
        #expect(
            result.stderr
                == "warning: long.json: a Mermaid diagram passes Mermaid's 50000-character limit, so GitHub and GitLab show an error in "
                + "its place: flow.mmd (\(flow.utf16.count) characters). flow.mmd draws every distinct state of the run: split the "
                + "scenario into shorter ones\n")
    }

    /// More than 500 arrows, however short the text: Mermaid refuses them too, and the warning says so (a trial's 521 tab
    /// switches drew a flow GitHub showed as an error, unwarned). Arrows between the same two states are one.
    @Test func aFlowPastMermaidsArrowLimitIsWarnedOf() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let steps = (0..<520).map { #"{"push": "S\#($0)"}"# }.joined(separator: ", ")
        let scenario = #"{"navviz": 1, "name": "arrows", "root": {"navigation": ["H"]}, "steps": [\#(steps)]}"#
        try scenario.write(to: tmp.appendingPathComponent("arrows.json"), atomically: true, encoding: .utf8)
        let result = try Self.navviz(["render", "arrows.json", "--format", "mermaid", "--only", "flow", "-o", "out"], in: tmp)
        #expect(result.status == 0)
        #expect(
            result.stderr.hasPrefix(
                "warning: arrows.json: a Mermaid diagram passes Mermaid's 500-arrow limit, so GitHub and GitLab show an error in its "
                    + "place: flow.mmd (521 arrows). flow.mmd draws every distinct state of the run: split the scenario into shorter "
                    + "ones\n"), "\(result.stderr)")
        let toggles = (1...521).map { #"{"select": \#($0 % 2)}"# }.joined(separator: ", ")
        try #"{"navviz": 1, "name": "toggles", "root": {"tabs": ["A", "B"]}, "steps": [\#(toggles)]}"#.write(
            to: tmp.appendingPathComponent("toggles.json"), atomically: true, encoding: .utf8)
        let merged = try Self.navviz(["render", "toggles.json", "--format", "mermaid", "--only", "flow", "-o", "out"], in: tmp)
        #expect(merged.status == 0 && merged.stderr.isEmpty, "\(merged.stderr)")
        let flow = try String(contentsOf: tmp.appendingPathComponent("out/toggles/flow.mmd"), encoding: .utf8)
        #expect(flow.split(separator: "\n").filter { $0.contains("-->") }.count == 3, "\(flow)")
    }

    /// Every sample at once: enough layouts (over 40) for `--jobs 2` to start a worker.
    @Test func parallelAndCachedRendersAreByteIdenticalToASerialOne() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let cache = tmp.appendingPathComponent("cache").path
        let samples = Self.packageRoot.appendingPathComponent("Samples").path
        func render(_ out: String, _ options: [String]) throws -> [String: Data] {
            let result = try NavVizCLITests.navviz(
                ["render", samples, "-o", out] + options, in: tmp, environment: ["XDG_CACHE_HOME": cache])
            #expect(result.status == 0, "\(result.stderr)")
            return Self.tree(tmp.appendingPathComponent(out))
        }
        let serial = try render("serial", ["--jobs", "1", "--no-cache"])
        #expect(!FileManager.default.fileExists(atPath: cache))
        // Each distinct state is a layout (a transition's panels are its states'): a worker pays for itself from 40.
        #expect(Set(serial.filter { $0.key.contains("/states/") && $0.key.hasSuffix(".dot") }.values).count >= 40)
        let parallel = try render("parallel", ["--jobs", "2"])  // cold: fills the cache
        let entries = try FileManager.default.subpathsOfDirectory(atPath: cache + "/navviz").filter { $0.hasSuffix(".entry") }
        #expect(!entries.isEmpty)
        let warm = try render("warm", ["--jobs", "2"])
        #expect(serial == parallel)
        #expect(serial == warm)
        // Text measured afresh by pango for every span, not remembered across diagrams: the same bytes.
        let fresh = try NavVizCLITests.navviz(
            ["render", samples, "-o", "fresh", "--jobs", "1", "--no-cache"], in: tmp, environment: ["NAVVIZ_TEXT_MEASURES": "fresh"])
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(Self.tree(tmp.appendingPathComponent("fresh")) == serial)
        // A damaged entry is laid out again, never served.
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: cache + "/navviz/" + entries[0]))
        #expect(try render("repaired", []) == serial)
        for value in ["0", "-1"] {
            // A negative count is read as a value, not as an option (it said "Missing value for '--jobs'").
            let bad = try NavVizCLITests.navviz(["render", Self.sample, "--jobs", value], in: tmp)
            #expect(bad.status == 64)
            #expect(bad.stderr.hasPrefix("Error: --jobs must be from 1 to 64\n"))
        }
    }

    /// A render lays out each diagram from the moment its plan makes it (`LayoutLane`), looking it up in the cache first: a
    /// second render of the same scenarios takes every layout from the cache, so it needs no Graphviz plugin at all (none
    /// is where `GVBINDIR` points), and its files are the first's; a scenario not rendered before has diagrams to lay out,
    /// fails for want of the plugin, and writes nothing.
    @Test func aWarmRenderTakesEveryLayoutFromTheCache() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        try FileManager.default.createDirectory(at: tmp.appendingPathComponent("no-plugins"), withIntermediateDirectories: true)
        let samples = Self.packageRoot.appendingPathComponent("Samples").path
        let cache = ["XDG_CACHE_HOME": tmp.appendingPathComponent("cache").path]
        let noPlugins = cache.merging(["GVBINDIR": tmp.appendingPathComponent("no-plugins").path]) { $1 }
        let cold = try NavVizCLITests.navviz(["render", samples, "-o", "cold", "--portable-metrics"], in: tmp, environment: cache)
        #expect(cold.status == 0, "\(cold.stderr)")
        let warm = try NavVizCLITests.navviz(["render", samples, "-o", "warm", "--portable-metrics"], in: tmp, environment: noPlugins)
        #expect(warm.status == 0, "\(warm.stderr)")
        let same = Self.tree(tmp.appendingPathComponent("warm")) == Self.tree(tmp.appendingPathComponent("cold"))
        #expect(same, "the warm render's files are not the cold one's")
        try Self.small.write(to: tmp.appendingPathComponent("new.json"), atomically: true, encoding: .utf8)
        let new = try NavVizCLITests.navviz(["render", "new.json", "-o", "new", "--portable-metrics"], in: tmp, environment: noPlugins)
        #expect(new.status == 1)
        #expect(
            new.stderr
                == "cannot render: Portable text metrics are unavailable: no loadable 'libgvplugin_dot_layout.*' in '\(tmp.path)/no-plugins'\n"
        )
        #expect(!FileManager.default.fileExists(atPath: tmp.appendingPathComponent("new").path))
    }

    @Test func aKilledRendersLeftoversAreRemovedByTheNextRender() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        try Self.small.write(to: tmp.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        // PID 2^22 + 1 is above Linux's pid_max: no such process.
        let abandoned = ["out/.a.navviz-tmp-4194305", "out/.a.navviz-old-4194305"]
        for folder in abandoned {
            try FileManager.default.createDirectory(at: tmp.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        #expect(try Self.navviz(["render", "a.json", "-o", "out"], in: tmp).status == 0)
        #expect(abandoned.allSatisfy { !FileManager.default.fileExists(atPath: tmp.appendingPathComponent($0).path) })
    }
    /// Ctrl-C or SIGTERM while a render writes removes what it was writing, leaves the earlier output whole (or, when the
    /// signal comes during the swap, the new one), and ends the process by the signal, with nothing said: a Ctrl-C left a
    /// render's staging folder beside the output (61 MB in a trial) until the next render.
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalWhileWritingRemovesWhatWasBeingWritten(signal: Int32) throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let scenario = tmp.appendingPathComponent("big.json")
        // 300 steps: about 1,200 files, long enough to write for the signal to come while the staging folder is there.
        func write(_ edit: Int) throws {
            let steps = (0..<300).map { $0 % 3 == 2 ? #"{"pop": true}"# : "{\"push\": \"Screen\($0)-\($0 == 5 ? edit : 0)\"}" }
            let text =
                #"{"navviz": 1, "name": "Big", "root": {"navigation": ["Home"]}, "steps": ["#
                + steps.joined(separator: ", ") + "]}"
            try text.write(to: scenario, atomically: true, encoding: .utf8)
        }
        try write(0)
        #expect(try Self.navviz(["render", "big.json", "-o", "out", "--no-cache"], in: tmp).status == 0)
        // At several moments after the staging folder appears: while its folders are made, while files are written, near
        // the swap (a review's signal during the swap left half an output, where one moment was tried).
        var interrupted = 0
        for (attempt, delay) in [2_000, 40_000, 150_000].enumerated() {
            try write(attempt + 1)
            // Spawned with no signal blocked or ignored, as from a shell: a child of the test runner (Foundation's
            // Process) inherits a mask that blocks SIGINT, and would finish the render whatever navviz does.
            let binary = try #require(Self.binary).path
            let render = try SpawnedProcess(binary, ["render", scenario.path, "-o", tmp.appendingPathComponent("out").path, "--no-cache"])
            let staging = tmp.appendingPathComponent("out/.big.navviz-tmp-\(render.pid)").path
            while render.isRunning, !FileManager.default.fileExists(atPath: staging) { usleep(200) }
            if render.isRunning {
                usleep(useconds_t(delay))
                kill(render.pid, signal)
            }
            let (ended, said) = render.wait()
            // Interrupted, or done before the signal came: either way one whole output, and nothing beside it.
            if ended != .exited(0) {
                interrupted += 1
                #expect(ended == .signaled(signal))
                #expect(said == Self.interrupted(by: signal))
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: tmp.appendingPathComponent("out").path)
            #expect(left == ["big"], "after \(delay) µs")
            // What is left is a whole output of navviz's: the next render replaces it without a word.
            let next = try Self.navviz(["render", "big.json", "-o", "out", "--format", "dot"], in: tmp)
            #expect(next.status == 0 && !next.stderr.contains("not replaced"), "after \(delay) µs: \(next.stderr)")
        }
        #expect(interrupted > 0, "no render was still writing when the signal was sent")
    }

    /// What navviz says on a pipe when a signal ends it.
    static func interrupted(by signal: Int32) -> String {
        "navviz: interrupted by \(signal == SIGINT ? "SIGINT" : "SIGTERM"): what it was writing is removed; what it said it wrote "
            + "is in place\n"
    }

    /// An interrupted `check --record` with its output in a file (buffered, as on a pipe to a CI log) names every scenario
    /// folder it put in place, and says it was interrupted: the log of a trial's named 55 of the 73 folders it recorded,
    /// and nothing said why it stopped.
    @Test func anInterruptedRecordNamesEveryFolderItRecorded() throws {
        let tmp = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let flows = tmp.appendingPathComponent("flows")
        try FileManager.default.createDirectory(at: flows, withIntermediateDirectories: true)
        for index in 0..<120 {
            let steps = (0..<30).map { $0 % 3 == 2 ? #"{"pop": true}"# : "{\"push\": \"Screen\($0)\"}" }
            let text = #"{"navviz": 1, "root": {"navigation": ["Home"]}, "steps": ["# + steps.joined(separator: ", ") + "]}"
            try text.write(to: flows.appendingPathComponent("flow\(index).json"), atomically: true, encoding: .utf8)
        }
        let golden = tmp.appendingPathComponent("golden")
        try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
        let log = tmp.appendingPathComponent("log.txt")
        let binary = try #require(Self.binary).path
        let record = try SpawnedProcess(binary, ["check", flows.path, "--golden", golden.path, "--record"], output: log.path)
        /// The scenario folders in place (not a staging folder).
        func recorded() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: golden.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        }
        while record.isRunning, recorded().count < 3 { usleep(500) }
        let running = record.isRunning
        kill(record.pid, SIGINT)
        let (ended, said) = record.wait()
        try #require(running && ended != .exited(0), "the record ended before the signal came: \(said)")
        #expect(ended == .signaled(SIGINT))
        #expect(said == Self.interrupted(by: SIGINT))
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.allSatisfy { $0.hasPrefix("recorded flow") })
        #expect(lines.map { String($0.dropFirst("recorded ".count).prefix { $0 != ":" }) }.sorted() == recorded())
        #expect(recorded().count < 120)
    }
}

/// A program started with every signal at its default action and none blocked, its standard error on a pipe.
struct SpawnedProcess {
    enum Ending: Equatable {
        case exited(Int32)
        case signaled(Int32)
    }

    let pid: pid_t
    private let errorOutput: Int32

    /// Standard output goes to the file `output` (a file's stdio buffer is a pipe's), or to /dev/null.
    init(_ path: String, _ arguments: [String], output: String? = nil) throws {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { throw POSIXError(.EMFILE) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        // Without CI (CI itself sets it, and `check --record` is refused under it).
        let environment: [UnsafeMutablePointer<CChar>?] =
            ProcessInfo.processInfo.environment.filter { $0.key != "CI" }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in environment { free(pointer) } }
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, environment)
        close(pipeEnds[1])
        guard status == 0 else {
            close(pipeEnds[0])
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .ENOENT)
        }
        self.pid = pid
        errorOutput = pipeEnds[0]
    }

    /// Whether the program has not ended yet (it is not reaped: `wait` does that).
    var isRunning: Bool {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return false }
        #if os(Linux)
            return info._sifields._kill.si_pid == 0
        #else
            return info.si_pid == 0
        #endif
    }

    /// How the program ended, and what it wrote on standard error.
    func wait() -> (Ending, String) {
        var said: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(errorOutput, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            said += buffer[..<count]
        }
        close(errorOutput)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let ending: Ending = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
        return (ending, String(decoding: said, as: UTF8.self))
    }
}
