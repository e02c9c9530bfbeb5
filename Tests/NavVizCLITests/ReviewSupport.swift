import Foundation
import NavVizTestSupport
import Testing

/// Runs the built `navviz` in a folder, with `CI` unset unless the test sets it (CI itself sets it, and
/// `check --record` refuses to run there), and the SVG cache in a folder of the test run's own (never the
/// user's `~/.cache/navviz`). Every CLI test runs `navviz` through this one function.
func navviz(_ arguments: [String], in folder: URL = packageRoot, environment: [String: String?] = [:]) throws -> Outcome {
    let binary = try #require(NavVizBinary.url, "the navviz binary was not found beside the test bundle; build it or set NAVVIZ_BIN")
    let defaults: [String: String?] = ["CI": nil, "XDG_CACHE_HOME": testCacheHome]
    return try runProgram(binary, arguments, in: folder, environment: defaults.merging(environment) { $1 })
}

/// Where the CLI tests' `navviz` keeps its SVG cache: one folder for every run (the cache bounds its own
/// size), so test runs do not leave a folder each in the temporary directory.
let testCacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-test-cache").path

/// Runs `git` in a folder, with a fixed identity and no user or system configuration.
@discardableResult
func git(_ arguments: String..., in folder: URL) throws -> Outcome {
    let result = try runProgram(
        URL(fileURLWithPath: "/usr/bin/env"),
        [
            "git", "-c", "user.name=navviz", "-c", "user.email=navviz@example.com", "-c", "init.defaultBranch=main", "-c",
            "commit.gpgsign=false",
        ] + arguments,
        in: folder,
        environment: ["GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "HOME": folder.path, "LC_ALL": "C"])
    #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
    return result
}

/// Scenario texts for the review commands: a tab bar of two navigation controllers, and steps.
enum ReviewScenario {
    static func text(_ steps: [String], name: String = "Shop") -> String {
        #"{"navviz": 1, "name": ""# + name
            + #"", "root": {"tabs": [{"navigation": ["Home"], "id": "shopNav"}, {"navigation": ["Cart"], "id": "cartNav"}], "id": "shopTabs"}, "steps": ["#
            + steps.joined(separator: ", ") + "]}\n"
    }

    static let pushProduct = #"{"push": "Product"}"#
    static let pushReviews = #"{"push": "Reviews"}"#
    static let pushSpecs = #"{"push": "Specs"}"#
    static let popToRoot = #"{"popToRoot": true}"#
    static let selectCart = #"{"select": 1}"#

    /// The base flow: push Product, pop to the root, select the cart.
    static let base = text([pushProduct, popToRoot, selectCart])
    /// The base flow with `push Reviews` inserted as step 2.
    static let inserted = text([pushProduct, pushReviews, popToRoot, selectCart])
    /// The base flow with step 1 pushing Specs instead of Product.
    static let changed = text([pushSpecs, popToRoot, selectCart])
}

/// Whether a file exists at a path under a folder.
func exists(_ path: String, in folder: URL) -> Bool {
    FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path)
}

/// The text of a file under a folder.
func read(_ path: String, in folder: URL) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
}
