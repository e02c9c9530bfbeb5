// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "navviz",
    platforms: [.macOS(.v14), .iOS(.v15)],
    products: [
        .executable(name: "navviz", targets: ["navviz"]),
        .library(name: "NavVizCore", targets: ["NavVizCore"]),
        .library(name: "NavVizFormat", targets: ["NavVizFormat"]),
        .library(name: "NavVizScenario", targets: ["NavVizScenario"]),
        .library(name: "NavVizRender", targets: ["NavVizRender"]),
        .library(name: "NavVizReview", targets: ["NavVizReview"]),
        .library(name: "NavVizServer", targets: ["NavVizServer"]),
        .library(name: "NavVizClient", targets: ["NavVizClient"]),
        .library(name: "NavVizCapture", targets: ["NavVizCapture"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        // Hummingbird's own lifecycle package, named so the daemon can end event streams on shutdown.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        // Hummingbird's own networking package, named for the connection addresses the daemon checks the peer's user with.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.0.0"),
        // Hummingbird's own HTTP parts package (the parts its channel reads and writes), named for the daemon's handler
        // that answers a connection's requests in order (AnswersInOrder).
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        .target(name: "NavVizCore"),
        // Every file format's spelling (JSON, captures): no Foundation, so it builds for iOS too.
        .target(name: "NavVizFormat", dependencies: ["NavVizCore"]),
        .target(name: "NavVizScenario", dependencies: ["NavVizCore", "NavVizFormat"]),
        .target(name: "NavVizRender", dependencies: ["NavVizCore", "NavVizScenario", "CGraphviz"]),
        // Code review of runs: step alignment, run diffs, hierarchy changes, goldens and the check workflow.
        .target(name: "NavVizReview", dependencies: ["NavVizCore", "NavVizFormat", "NavVizScenario", "NavVizRender"]),
        .target(
            name: "NavVizServer",
            dependencies: [
                "NavVizCore", "NavVizScenario", "NavVizRender",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                // The HTTP/1 request head, whose version HTTP types drop: an HTTP/1.0 request is answered and closed.
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // The request and answer parts as Hummingbird's channel reads and writes them (AnswersInOrder).
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ]
        ),
        // The app-side client: Foundation and the format module only, so it builds for iOS.
        .target(name: "NavVizClient", dependencies: ["NavVizFormat"]),
        // In-app capture: a walker generic over the controller tree (tested on Linux with fakes) and a thin
        // UIKit adapter, compiled where UIKit exists.
        .target(name: "NavVizCapture", dependencies: ["NavVizCore", "NavVizFormat", "NavVizScenario", "NavVizClient"]),
        .executableTarget(
            name: "navviz",
            dependencies: [
                "NavVizCore", "NavVizScenario", "NavVizRender", "NavVizReview", "NavVizServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // serve runs the daemon's application itself (its shutdown bound): what it imports, it names.
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "navviz-bench",
            dependencies: ["NavVizCore", "NavVizScenario", "NavVizRender"],
            path: "Benchmarks/navviz-bench"
        ),
        .executableTarget(name: "navviz-daemon-bench", path: "Benchmarks/navviz-daemon-bench"),
        // The fuzz checks, and their driver: libFuzzer's entry points under `make fuzz`, a corpus replayer else.
        .target(name: "NavVizFuzzing", dependencies: ["NavVizCore", "NavVizScenario", "NavVizReview"], path: "Fuzz/NavVizFuzzing"),
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .executableTarget(name: "navviz-fuzz", dependencies: ["NavVizFuzzing", "CLibFuzzer"], path: "Fuzz/navviz-fuzz"),
        .testTarget(name: "NavVizCoreTests", dependencies: ["NavVizCore"]),
        .testTarget(
            name: "NavVizFormatTests", dependencies: ["NavVizTestSupport", "NavVizFormat", "NavVizScenario", "NavVizReview", "NavVizFuzzing"]),
        .testTarget(name: "NavVizCaptureTests", dependencies: ["NavVizCapture", "NavVizScenario"]),
        // Type-checks the UIKit adapter on Linux against a stand-in that declares exactly the UIKit API it uses.
        .target(name: "UIKitStandIn", path: "Tests/UIKitStandIn"),
        // What the test targets share: the package root, the built binary, the process runner, goldens.
        .target(name: "NavVizTestSupport", path: "Tests/NavVizTestSupport"),
        .testTarget(
            name: "NavVizCaptureUIKitTests", dependencies: ["NavVizCapture", "UIKitStandIn"],
            swiftSettings: [.define("NAVVIZ_UIKIT_STANDIN")]),
        .testTarget(name: "NavVizScenarioTests", dependencies: ["NavVizTestSupport", "NavVizFormat", "NavVizScenario"], resources: []),
        .testTarget(name: "NavVizRenderTests", dependencies: ["NavVizTestSupport", "NavVizRender"], exclude: ["Goldens"]),
        .testTarget(name: "NavVizReviewTests", dependencies: ["NavVizTestSupport", "NavVizReview"]),
        .testTarget(name: "NavVizCLITests", dependencies: ["NavVizTestSupport", "NavVizFormat", "NavVizScenario"]),
        .testTarget(
            name: "NavVizServerTests",
            dependencies: [
                "NavVizServer", "NavVizScenario", "NavVizRender", "NavVizClient", "NavVizTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                // AnswersInOrder driven part by part, on an embedded channel.
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
