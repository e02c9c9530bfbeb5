import Foundation
import NavVizCore
import NavVizScenario

// navviz benchmarks: `make bench` (release build). Prints figures; asserts nothing.

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

print("navviz benchmarks (\(ProcessInfo.processInfo.activeProcessorCount) cores)")
print("")

// MARK: Simulator throughput on a 100-node hierarchy

/// A tab bar with 5 tabs, each a navigation controller of 19 controllers: 101 nodes.
func hundredNodeRoot() -> NodeSpec {
    .tabs((0..<5).map { tab in .navigation((0..<19).map { .screen("Screen\(tab)_\($0)") }, id: "nav\(tab)") })
}

do {
    var simulator = try Simulator(root: hundredNodeRoot())
    print("simulator: \(simulator.hierarchy.attachedNodes().count)-node hierarchy")
    let cycle: [NavigationOperation] = [
        .push(.screen("Detail")), .pop(), .select(.index(1)), .present(.screen("Sheet"), style: .formSheet),
        .dismiss(), .push(.screen("Detail")), .popToRoot, .select(.index(0)),
    ]
    var runs: [Double] = []
    let count = Int(ProcessInfo.processInfo.environment["NAVVIZ_BENCH_OPS"] ?? "") ?? 200_000
    for _ in 0..<3 {
        var sim = simulator
        let elapsed = seconds {
            for i in 0..<count { sim.perform(cycle[i % cycle.count]) }
        }
        runs.append(Double(count) / elapsed)
        simulator = sim
    }
    let opsPerSecond = median(runs)
    print(String(format: "  operations per second: %.0f (goal ≥ 100,000: %@)", opsPerSecond, opsPerSecond >= 100_000 ? "met" : "NOT met"))
} catch {
    print("simulator benchmark failed: \(error)")
}
print("")

// MARK: ViewFinder cost by depth and breadth

/// A chain of `depth` custom containers, each also holding `breadth - 1` hidden siblings.
func chain(depth: Int, breadth: Int) -> NodeSpec {
    var node = NodeSpec.screen("Leaf")
    for level in 0..<depth {
        var container = NodeSpec.screen("Level\(level)")
        container.children = (0..<(breadth - 1)).map { .screen("Hidden\(level)_\($0)") } + [node]
        container.selected = breadth - 1
        node = container
    }
    return node
}

print("view finder (navviz strategy), nanoseconds per lookup:")
print("  depth  breadth  ns/find")
for (depth, breadth) in [(10, 1), (50, 1), (100, 1), (400, 1), (100, 10), (100, 50)] {
    var h = Hierarchy()
    do {
        let root = try h.build(chain(depth: depth, breadth: breadth))
        h.setRoot(root)
    } catch {
        print("  build failed: \(error)")
        continue
    }
    let finder = ViewFinder(.navviz)
    let iterations = max(200, 200_000 / depth)
    var sink = 0
    let elapsed = seconds {
        for _ in 0..<iterations { sink &+= finder.visibleController(in: h)?.rawValue.count ?? 0 }
    }
    print(String(format: "  %5d  %7d  %7.0f", depth, breadth, elapsed / Double(iterations) * 1e9) + (sink == 0 ? "!" : ""))
}
print("  (the cost follows depth; breadth at equal depth changes little)")
