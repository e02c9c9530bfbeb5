import Foundation
import Testing

/// The package's root folder, found from this source file (`Tests/NavVizTestSupport/TestSupport.swift`).
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The built `navviz` binary.
///
/// Test targets cannot depend on an executable target, but `swift test` builds every product of the
/// package into the same directory as the test bundle: `<scratch>/debug/navviz` sits next to
/// `<scratch>/debug/navvizPackageTests.xctest`. So the binary is looked up beside the test bundle: on
/// Linux the bundle is the running executable (`CommandLine.arguments[0]`); on macOS it is a loaded
/// `.xctest` bundle run by `xctest`. `NAVVIZ_BIN` overrides the lookup.
public enum NavVizBinary {
    /// The binary, or nil when it was not built.
    public static let url: URL? = {
        if let path = ProcessInfo.processInfo.environment["NAVVIZ_BIN"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        var folders = [URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()]
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        folders.append(Bundle.main.bundleURL)
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        return folders.map { $0.appendingPathComponent("navviz") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// The binary's path, or nil.
    public static var path: String? { url?.path }
}

/// What one run of a program did.
public struct Outcome: Sendable {
    /// The exit status.
    public var status: Int32
    /// Everything it wrote on standard output.
    public var stdout: String
    /// Everything it wrote on standard error.
    public var stderr: String

    /// An outcome.
    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// Runs a program with stdout and stderr collected through files (no pipe can fill up), in a folder, with
/// environment changes (`nil` removes a variable, so a test controls `CI` whatever the machine sets).
public func runProgram(_ executable: URL, _ arguments: [String], in folder: URL, environment changes: [String: String?] = [:]) throws
    -> Outcome
{
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("stdout")
    let errURL = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    for (key, value) in changes { environment[key] = value }
    process.environment = environment
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    return Outcome(
        status: process.terminationStatus,
        stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}

/// Compares `text` with the golden file `folder/file` byte for byte; records it instead when
/// `NAVVIZ_RECORD_GOLDENS=1` or when the golden does not exist yet. A recording always records an issue,
/// so a recording run never passes: the recorded goldens must be reviewed and the tests run again.
public func expectGolden(_ file: String, _ text: String, in folder: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = folder.appendingPathComponent(file)
    let recording = ProcessInfo.processInfo.environment["NAVVIZ_RECORD_GOLDENS"] == "1"
    guard !recording, let golden = try? Data(contentsOf: url) else {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        Issue.record("recorded golden \(file)", sourceLocation: sourceLocation)
        return
    }
    #expect(text == String(decoding: golden, as: UTF8.self), "\(file) differs from the golden", sourceLocation: sourceLocation)
}

/// Captures shared by the format and CLI tests.
public enum CaptureSamples {
    /// A split view controller printed expanded (both columns appeared): a pad's, or a large phone's in landscape.
    public static let expandedSplit = """
        <UISplitViewController: 0x1>, state: appeared, view: <_UISplitViewControllerPanelImplView: 0x2>
           | <UINavigationController: 0x3>, state: appeared, view: <UILayoutContainerView: 0x4>
           |    | <App.Sidebar: 0x5>, state: appeared, view: <UIView: 0x6>
           | <UINavigationController: 0x7>, state: appeared, view: <UILayoutContainerView: 0x8>
           |    | <App.Detail: 0x9>, state: appeared, view: <UIView: 0xa>
        """

    /// A tab bar whose two navigation controllers each hold a `ProductViewController`, tab 0's on screen, with
    /// addresses (a new user's trial: popping tab 0's renumbered tab 1's).
    public static let twoProducts = """
        <Shop.MainTabBarController: 0x10380a600>, state: appeared, view: <UILayoutContainerView: 0x103b0c4a0>
           | <UINavigationController: 0x104025e00>, state: appeared, view: <UILayoutContainerView: 0x103b1a2c0>
           |    | <Shop.HomeViewController: 0x103b0f0a0>, state: disappeared, view: <UIView: 0x103b11b30> not in the window
           |    | <Shop.ProductViewController: 0x103c21e90>, state: appeared, view: <UIView: 0x103c22a10>
           | <UINavigationController: 0x10402a400>, state: disappeared, view: <UILayoutContainerView: 0x103c05e70> not in the window
           |    | <Shop.SearchViewController: 0x103c07a00>, state: disappeared, view: <UIView: 0x10481c000> not in the window
           |    | <Shop.ProductViewController: 0x103d0a1c0>, state: disappeared, view: <UIView: 0x103d0b900> not in the window
        """
}
