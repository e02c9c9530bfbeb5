// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "navviz",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "navviz", targets: ["navviz"]),
        .library(name: "NavVizCore", targets: ["NavVizCore"]),
        .library(name: "NavVizScenario", targets: ["NavVizScenario"]),
        .library(name: "NavVizRender", targets: ["NavVizRender"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        .target(name: "NavVizCore"),
        .target(name: "NavVizScenario", dependencies: ["NavVizCore"]),
        .target(name: "NavVizRender", dependencies: ["NavVizCore", "NavVizScenario", "CGraphviz"]),
        .executableTarget(
            name: "navviz",
            dependencies: [
                "NavVizCore", "NavVizScenario", "NavVizRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "navviz-bench",
            dependencies: ["NavVizCore", "NavVizScenario", "NavVizRender"],
            path: "Benchmarks/navviz-bench"
        ),
        .testTarget(name: "NavVizCoreTests", dependencies: ["NavVizCore"]),
        .testTarget(name: "NavVizScenarioTests", dependencies: ["NavVizScenario"], resources: []),
        .testTarget(name: "NavVizRenderTests", dependencies: ["NavVizRender"], exclude: ["Goldens"]),
        .testTarget(name: "NavVizCLITests", dependencies: ["NavVizScenario"]),
    ],
    swiftLanguageModes: [.v6]
)
