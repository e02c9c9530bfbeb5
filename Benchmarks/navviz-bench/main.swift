import Foundation
import NavVizCore
import NavVizRender
import NavVizScenario

// navviz benchmarks: `make bench` (release build). Prints figures; asserts nothing.

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let only = ProcessInfo.processInfo.environment["NAVVIZ_BENCH_ONLY"]
func wants(_ section: String) -> Bool { only == nil || only == section }
/// The release `navviz` beside this benchmark, which the command-line sections run.
let navvizBinary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("navviz").path

print("navviz benchmarks (\(ProcessInfo.processInfo.activeProcessorCount) cores)")
print("")

// MARK: Simulator throughput on a 100-node hierarchy

/// A tab bar with 5 tabs, each a navigation controller of 19 controllers: 101 nodes.
func hundredNodeRoot() -> NodeSpec {
    .tabs((0..<5).map { tab in .navigation((0..<19).map { .screen("Screen\(tab)_\($0)") }, id: "nav\(tab)") })
}

if wants("simulator") {
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
        print(
            String(format: "  operations per second: %.0f (goal ≥ 100,000: %@)", opsPerSecond, opsPerSecond >= 100_000 ? "met" : "NOT met"))
    } catch {
        print("simulator benchmark failed: \(error)")
    }
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

if wants("finder") {
    print("view finder (navviz strategy), nanoseconds per lookup:")
    print("  depth  breadth  ns/find")
    for (depth, breadth) in [(10, 1), (50, 1), (100, 1), (400, 1), (100, 10), (100, 50)] {
        let h: Hierarchy
        do {
            h = try Hierarchy(root: chain(depth: depth, breadth: breadth))
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
}

// MARK: Rendering: navviz in-process vs the Graphviz floor vs spawning `dot -Tsvg`

/// A 200-step scenario over a ~30-node hierarchy (3 tabs × navigation stacks, a split, a sheet).
func renderScenarioText() -> String {
    var steps: [String] = []
    let cycle = [
        #"{"op": "push", "node": "Detail"}"#, #"{"op": "present", "node": {"navigation": ["Sheet"]}, "style": "formSheet"}"#,
        #"{"op": "dismiss"}"#, #"{"op": "pop"}"#, #"{"op": "select", "tab": 1}"#, #"{"op": "push", "node": "More"}"#,
        #"{"op": "popToRoot"}"#, #"{"op": "select", "tab": 0}"#,
    ]
    for i in 0..<200 { steps.append(cycle[i % cycle.count]) }
    let stack = (0..<7).map { "\"Screen\($0)\"" }.joined(separator: ", ")
    return """
        {"navviz": 1, "name": "bench", "device": "pad",
         "root": {"tabs": [{"navigation": [\(stack)]}, {"navigation": [\(stack)]},
                           {"split": {"primary": {"navigation": [\(stack)]}, "secondary": "Detail0"}}]},
         "steps": [\(steps.joined(separator: ",\n"))]}
        """
}

if only == "dot" {
    // DOT building alone (for profiling the pure part of rendering).
    if let scenario = try? ScenarioDecoder.decode(renderScenarioText(), file: "bench.json") {
        let run = ScenarioRunner.run(scenario)
        let builder = DOTBuilder()
        var bytes = 0
        let elapsed = seconds {
            for step in run.steps.dropFirst() {
                let before = run.steps[step.index - 1]
                bytes += builder.state(step.hierarchy, finder: step.finder).utf8.count
                bytes +=
                    builder.transition(
                        before: before.hierarchy, after: step.hierarchy, beforeFinder: before.finder,
                        afterFinder: step.finder,
                        step: TransitionInfo(index: step.index, op: step.op, outcome: step.outcome, note: step.note)
                    ).utf8.count
            }
        }
        let count = 2 * (run.steps.count - 1)
        print(String(format: "DOT: %d diagrams, %d KB, %.2f ms per diagram", count, bytes / 1024, elapsed / Double(count) * 1000))
    }
}

if wants("render") {
    do {
        let scenario = try ScenarioDecoder.decode(renderScenarioText(), file: "bench.json")
        let run = ScenarioRunner.run(scenario)
        let nodes = run.steps[0].hierarchy.attachedNodes().count
        var dots: [String] = []
        let builder = DOTBuilder()
        for step in run.steps {
            dots.append(builder.state(step.hierarchy, finder: step.finder))
            if step.index > 0 {
                let before = run.steps[step.index - 1]
                dots.append(
                    builder.transition(
                        before: before.hierarchy, after: step.hierarchy, beforeFinder: before.finder, afterFinder: step.finder,
                        step: TransitionInfo(index: step.index, op: step.op, outcome: step.outcome, note: step.note)))
            }
        }
        _ = try GraphvizRenderer.shared.renderSync(dot: dots[0])  // fontconfig/pango start-up, once
        var floor = 0.0
        let whole = try seconds {
            let again = ScenarioRunner.run(scenario)
            let renderer = ScenarioRenderer()
            _ = try renderer.render(again)
        }
        // The floor: gvLayout + gvRender for the same distinct diagrams (the renderer caches identical DOT).
        let distinct = Array(Set(dots)).sorted()
        for dot in distinct { floor += try GraphvizRenderer.shared.renderTimed(dot: dot).layoutAndRenderSeconds }
        // Where the time goes.
        var phaseRun = 0.0, phaseDOT = 0.0, phaseSVG = 0.0
        phaseRun = seconds { _ = ScenarioRunner.run(scenario) }
        var phaseDots: [String] = []
        phaseDOT = seconds {
            phaseDots = dots.map { $0 }; _ = run.steps.map { builder.state($0.hierarchy, finder: $0.finder) }
        }
        phaseSVG = try seconds { for dot in distinct { _ = try GraphvizRenderer.shared.renderSync(dot: dot) } }
        print(
            String(
                format: "  phases: run %.0f ms, DOT (states) %.0f ms, parse+layout+render+free %.0f ms, whole %.0f ms", phaseRun * 1000,
                phaseDOT * 1000, phaseSVG * 1000, whole * 1000))
        _ = phaseDots
        let perDiagram = whole / Double(distinct.count) * 1000
        let floorPer = floor / Double(distinct.count) * 1000
        print("rendering: 200-step scenario, \(nodes)-node hierarchy, \(dots.count) diagrams (\(distinct.count) distinct)")
        print(String(format: "  navviz (run + DOT + layout + SVG + docs): %.2f ms per diagram", perDiagram))
        print(String(format: "  inside gvLayout + gvRender (the floor):  %.2f ms per diagram", floorPer))
        print(
            String(format: "  navviz's own overhead: %.1f%% of the total (goal < 10%%)", max(0, (perDiagram - floorPer) / perDiagram * 100))
        )
        if let dotPath = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) {
            let sample = Array(distinct.prefix(60))
            let spawned = try seconds {
                for dot in sample {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: dotPath)
                    process.arguments = ["-Tsvg"]
                    let input = Pipe()
                    let output = Pipe()
                    process.standardInput = input
                    process.standardOutput = output
                    try process.run()
                    input.fileHandleForWriting.write(Data(dot.utf8))
                    try input.fileHandleForWriting.close()
                    _ = output.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                }
            }
            let spawnedPer = spawned / Double(sample.count) * 1000
            print(
                String(
                    format: "  spawning `dot -Tsvg` per diagram:        %.2f ms per diagram (%.1f× slower than navviz; goal ≥ 5×)",
                    spawnedPer, spawnedPer / perDiagram))
        } else {
            print("  spawning `dot -Tsvg`: skipped (install Debian's graphviz package for this comparison)")
        }
        // A 3,000-node hierarchy.
        let big = try Hierarchy(root: .tabs((0..<30).map { t in .navigation((0..<99).map { .screen("S\(t)_\($0)") }) }))
        let bigDOT = builder.state(big, finder: ViewFinder().find(in: big))
        var bigSize = 0
        let bigTime = try seconds { bigSize = try GraphvizRenderer.shared.renderSync(dot: bigDOT).utf8.count }
        print(String(format: "  %d-node hierarchy: rendered in %.2f s (%d KB of SVG)", big.attachedNodes().count, bigTime, bigSize / 1024))
    } catch {
        print("render benchmark failed: \(error)")
    }
}

// MARK: Memory against steps

/// Peak RSS (KB) of `navviz run FILE` in a child process, measured with wait4's rusage.
func peakKB(of arguments: [String]) -> Int? {
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid else { return nil }
    return usage.ru_maxrss
}

/// `steps` steps that push and pop controllers, each with a new name (`distinct`) or all with one.
func pushPopScenario(steps: Int, distinct: Bool) -> String {
    let body = (0..<steps / 2).map { i in #"{"op": "push", "node": "\#(distinct ? "Screen\(i)" : "Screen")"}, {"op": "pop"}"# }
    return #"{"navviz": 1, "name": "memory", "root": {"navigation": ["Home"]}, "steps": [\#(body.joined(separator: ", "))]}"#
}

if wants("memory") {
    let binary = navvizBinary
    if FileManager.default.isExecutableFile(atPath: binary) {
        print("")
        print("memory: peak RSS of `navviz run` against steps (push and pop; new names vs one name)")
        print("  steps   distinct names   one name   KB per step (distinct)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-bench-memory-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var perStep: [Double] = []
        for steps in [5_000, 10_000, 20_000] {
            var peaks: [Int] = []
            for distinct in [true, false] {
                let file = folder.appendingPathComponent("\(steps)-\(distinct).json").path
                try? pushPopScenario(steps: steps, distinct: distinct).write(toFile: file, atomically: true, encoding: .utf8)
                peaks.append(peakKB(of: [binary, "run", file]) ?? -1)
            }
            perStep.append(Double(peaks[0]) / Double(steps))
            print(String(format: "  %6d   %11d KB   %6d KB   %.1f", steps, peaks[0], peaks[1], perStep.last!))
        }
        print(
            String(
                format: "  (linear: KB per step stays flat; 20k/5k ratio %.2f, where quadratic growth would give about 4)",
                perStep[2] / perStep[0]))
    } else {
        print("memory: skipped (build the navviz product in release first: swift build -c release --product navviz)")
    }
}

// MARK: navviz render against dot, cold and warm

/// Wall-clock seconds of a shell command (`/bin/sh -c`), as a user's script runs it.
func shell(_ command: String, environment: [String: String] = [:]) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    var pid: pid_t = 0
    let words: [String] = ["/bin/sh", "-c", command]
    let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0)=\($1)") } + [nil]
    defer { for pointer in envp { free(pointer) } }
    guard posix_spawn(&pid, "/bin/sh", nil, nil, argv, envp) == 0 else { return .nan }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    if status != 0 { print("    (exit status \(status >> 8): \(command.prefix(120)))") }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The phases of a `timings:` line a render printed with `NAVVIZ_TIMINGS` set (`load 2 ms, run 4 ms, …`), total left out.
func phases(inFile path: String) -> [(phase: String, milliseconds: Int)] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
        let line = text.split(separator: "\n").last(where: { $0.hasPrefix("timings: ") })
    else { return [] }
    return line.dropFirst("timings: ".count).split(separator: ", ").compactMap { part in
        let words = part.split(separator: " ")
        guard words.count == 3, words[0] != "total", let value = Int(words[1]) else { return nil }
        return (String(words[0]), value)
    }
}

/// A scenario of `steps` steps over a five-tab app whose size stays bounded: pushes with new names and
/// the pops that undo them, tab switches, a sheet presented and dismissed.
func appScenario(steps: Int, edit: Int? = nil, depth: Int = 1) -> String {
    var body: [String] = []
    for i in 0..<steps {
        switch i % 7 {
        case 0:
            let name = edit != nil && i / 7 == steps / 14 ? "Edited\(edit!)" : "Detail\(i)"
            body.append(#"{"op": "push", "node": "\#(name)"}"#)
        case 1: body.append(#"{"op": "push", "node": "More\#(i)"}"#)
        case 2, 3: body.append(#"{"op": "pop"}"#)
        case 4: body.append(#"{"op": "select", "tab": \#((i / 7) % 5)}"#)
        case 5: body.append(#"{"op": "present", "node": {"navigation": ["Sheet\#(i)"]}, "style": "pageSheet"}"#)
        default: body.append(#"{"op": "dismiss"}"#)
        }
    }
    let tabs = ["Home", "Search", "Saved", "Inbox", "Profile"].map { tab in
        let stack = [tab] + (1..<max(1, depth)).map { "\(tab)\($0)" }
        return #"{"navigation": [\#(stack.map { "\"\($0)\"" }.joined(separator: ", "))]}"#
    }.joined(separator: ", ")
    return #"{"navviz": 1, "name": "bench", "root": {"tabs": [\#(tabs)]}, "steps": [\#(body.joined(separator: ", "))]}"#
}

if wants("render-cli") {
    /// Runs of each measurement, the best kept.
    let runs = 5
    let binary = navvizBinary
    if FileManager.default.isExecutableFile(atPath: binary) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-bench-render-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        print("")
        print("navviz render against dot, side by side on the same diagrams (wall clock, 5 runs each, the best kept: this")
        print("machine's neighbours move single runs by a third; dot lays out every .dot file navviz wrote, navviz each")
        print("distinct diagram once); files in \(FileManager.default.temporaryDirectory.path) (make bench: /dev/shm, else")
        print("BENCH_TMPDIR or TMPDIR)")
        for steps in [50, 200, 800] {
            let base = "\(folder)/\(steps)"
            try? FileManager.default.createDirectory(atPath: base + "/dots", withIntermediateDirectories: true)
            try? appScenario(steps: steps).write(toFile: "\(base)/s.json", atomically: true, encoding: .utf8)
            for run in 0..<runs {
                try? appScenario(steps: steps, edit: run).write(toFile: "\(base)/edited\(run).json", atomically: true, encoding: .utf8)
            }
            var run = 0
            /// The best of five runs of a render into fresh folders.
            func render(_ file: String, _ options: String, environment: [String: String] = [:]) -> Double {
                (0..<runs).map { _ in
                    run += 1
                    return shell(
                        "'\(binary)' render '\(base)/\(file)' -o '\(base)/out\(run)' \(options) >/dev/null", environment: environment)
                }.min()!
            }
            let serial = render("s.json", "--jobs 1 --no-cache")
            let parallel = render("s.json", "--no-cache")
            // Cold with the cache on and empty (a folder of its own per run): every layout is also stored. The edit
            // loop below starts from the first run's cache.
            let emptyCache = (0..<runs).map { attempt in
                shell(
                    "'\(binary)' render '\(base)/s.json' -o '\(base)/cold\(attempt)' >/dev/null",
                    environment: ["XDG_CACHE_HOME": "\(base)/cache\(attempt)"])
            }.min()!
            let cache = ["XDG_CACHE_HOME": "\(base)/cache0"]
            // The edit loop: the scenario file changed in one step, rendered again over its own output.
            _ = shell(
                "cp '\(base)/s.json' '\(base)/app.json' && '\(binary)' render '\(base)/app.json' -o '\(base)/live' >/dev/null",
                environment: cache)
            // Each run a new one-step edit (a push of another name), rendered over the output before it.
            // Each run says where its time went (NAVVIZ_TIMINGS): the phases of the fastest are printed.
            let warmRuns = (0..<runs).map { run in
                (
                    seconds: shell(
                        "cp '\(base)/edited\(run).json' '\(base)/app.json' && '\(binary)' render '\(base)/app.json' -o '\(base)/live' "
                            + ">/dev/null 2>'\(base)/timings\(run)'", environment: cache.merging(["NAVVIZ_TIMINGS": "1"]) { $1 }),
                    phases: phases(inFile: "\(base)/timings\(run)")
                )
            }
            let warm = warmRuns.map(\.seconds).min()!
            let warmPhases = warmRuns.min { $0.seconds < $1.seconds }!.phases
            let warmElsewhere = shell("'\(binary)' render '\(base)/edited0.json' -o '\(base)/warm' >/dev/null", environment: cache)
            // The flow diagram alone, laid out afresh: an edit that changes any state changes the flow (a node's label, an
            // edge), so a warm render lays it out again whatever else it keeps.
            let flowAlone = render("s.json", "--only flow --no-cache --jobs 1")
            // Its layout alone, without the process, the scenario and the files around it.
            _ = shell(
                "'\(binary)' render '\(base)/s.json' -o '\(base)/flow' --only flow --no-cache --jobs 1 >/dev/null 2>'\(base)/flow-timings'",
                environment: ["NAVVIZ_TIMINGS": "1"])
            let flowLayout = phases(inFile: "\(base)/flow-timings").first { $0.phase == "layout" }?.milliseconds
            _ = shell(
                "cp '\(base)/cold0/s/states/'*.dot '\(base)/dots/' && for f in '\(base)/cold0/s/transitions/'*.dot; do cp \"$f\" '\(base)/dots/t-'\"$(basename \"$f\")\"; done"
            )
            let diagrams = (try? FileManager.default.contentsOfDirectory(atPath: base + "/dots").count) ?? 0
            func perDiagram(_ seconds: Double) -> Double { seconds / Double(max(1, diagrams)) * 1000 }
            print(String(format: "  %4d steps (%4d diagrams):", steps, diagrams))
            print(String(format: "    navviz, one process, no cache:      %6.2f ms per diagram", perDiagram(serial)))
            print(
                String(
                    format: "    navviz, both cores, no cache:       %6.2f ms per diagram (%.2f× faster than one process)",
                    perDiagram(parallel), serial / parallel))
            print(
                String(
                    format: "    navviz, both cores, empty cache:    %6.2f ms per diagram (every layout stored in the cache too)",
                    perDiagram(emptyCache)))
            print(
                String(
                    format: "    navviz, warm after a one-step edit: %6.2f ms per diagram (%.1f× faster than cold; over its own output)",
                    perDiagram(warm), parallel / warm))
            print(
                String(
                    format: "    the same into a new folder:         %6.2f ms per diagram (%.1f× faster than cold; every file written)",
                    perDiagram(warmElsewhere), parallel / warmElsewhere))
            print(
                "    where the warm render's time went:  " + warmPhases.map { "\($0.phase) \($0.milliseconds) ms" }.joined(separator: ", "))
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/dot") {
                // The SVG of the previous run is removed before the clock starts, as navviz's runs write new folders.
                func timed(_ command: String) -> Double {
                    (0..<runs).map { _ in
                        _ = shell("rm -f '\(base)/dots/'*.svg")
                        return shell(command)
                    }.min()!
                }
                let one = timed("dot -Tsvg -O '\(base)/dots/'*.dot")
                let loop = timed("for f in '\(base)/dots/'*.dot; do dot -Tsvg \"$f\" > \"$f.svg\"; done")
                /// `1.50× faster` or `1.10× slower`: navviz's time against `other`'s.
                func against(_ other: Double, _ navviz: Double) -> String {
                    navviz <= other
                        ? String(format: "%.2f× faster", other / navviz) : String(format: "%.2f× slower", navviz / other)
                }
                print(
                    String(format: "    dot -Tsvg -O, one process:          %6.2f ms per diagram", perDiagram(one))
                        + " (navviz cold on both cores \(against(one, parallel)), target 3× faster; with an empty cache "
                        + "\(against(one, emptyCache)); warm \(against(one, warm)), target 50× faster)")
                print(
                    String(format: "    dot spawned per file (shell loop):  %6.2f ms per diagram", perDiagram(loop))
                        + " (navviz cold on both cores \(against(loop, parallel)), target 10× faster)")
                print(
                    String(
                        format:
                            "    the flow alone, no cache:           %6.1f ms in all, %@ ms of it laid out (again after any edit that "
                            + "changes a state; 50× faster than one dot is %.1f ms in all)", flowAlone * 1000,
                        flowLayout.map(String.init) ?? "?", one / 50 * 1000))
            } else {
                print("    dot: skipped (apt-get install -y graphviz for the comparison)")
            }
        }
        print("  against hierarchy size (50 steps, 5 tabs whose stacks start N deep; both cores, no cache):")
        for depth in [4, 16, 64] {
            let base = "\(folder)/depth\(depth)"
            try? FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
            try? appScenario(steps: 50, depth: depth).write(toFile: "\(base)/s.json", atomically: true, encoding: .utf8)
            let time = (0..<2).map { run in
                shell("'\(binary)' render '\(base)/s.json' -o '\(base)/out\(run)' --no-cache >/dev/null")
            }.min()!
            print(
                String(
                    format: "    %3d deep (%4d controllers): %6.2f ms per diagram (101 diagrams)", depth, 5 * depth + 1, time / 101 * 1000))
        }
        // Wide containers, as a real app's capture has (a table's child controllers): the time a tab goes up by stays the same
        // (looking each child's place up among its siblings made 20,000 tabs take 16 s to draw in a debug build).
        print("  against width (one tab bar of N tabs, one step: 3 diagrams; both cores, no cache):")
        for tabs in [1_000, 4_000, 16_000] {
            let base = "\(folder)/wide\(tabs)"
            try? FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
            let names = (0..<tabs).map { "\"T\($0)\"" }.joined(separator: ", ")
            try? #"{"navviz": 1, "name": "wide", "root": {"tabs": [\#(names)]}, "steps": [{"select": 1}]}"#.write(
                toFile: "\(base)/s.json", atomically: true, encoding: .utf8)
            let time = (0..<2).map { run in
                shell("'\(binary)' render '\(base)/s.json' -o '\(base)/out\(run)' --no-cache >/dev/null")
            }.min()!
            print(String(format: "    %6d tabs: %7.1f ms in all, %5.1f µs a tab", tabs, time * 1000, time / Double(tabs) * 1_000_000))
        }
        let long = "\(folder)/long.json"
        try? appScenario(steps: 2_000).write(toFile: long, atomically: true, encoding: .utf8)
        if let peak = peakKB(of: [binary, "render", long, "-o", "\(folder)/long-out", "--no-cache"]) {
            print(
                String(format: "  memory: a 2,000-step render (4,001 diagrams) peaks at %d MB resident (goal: under 300 MB)", peak / 1024))
        }
    } else {
        print("navviz render: skipped (build the navviz product in release first)")
    }
}

// MARK: navviz diff of long flows

/// A flow of `steps` pushes whose stack only grows (every state holds every earlier screen), and its edit: every 15th
/// screen renamed. Comparing state n costs what it holds, so the total grows with the square of the steps; a set built
/// per controller made it grow with the cube (two 1,200-step flows took 41 s, a trial).
func growingFlow(steps: Int, edited: Bool) -> String {
    let pushes = (0..<steps).map { i in #"{"push": "\#(edited && i % 15 == 0 ? "Renamed" : "Screen")\#(i)"}"# }
    return #"{"navviz": 1, "name": "flow", "root": {"navigation": ["Home"]}, "steps": [\#(pushes.joined(separator: ", "))]}"#
}

if wants("diff") {
    let binary = navvizBinary
    if FileManager.default.isExecutableFile(atPath: binary) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-bench-diff-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        print("")
        print("navviz diff of two flows whose stacks grow with every step (every 15th screen renamed; best of 3):")
        var previous: Double?
        for steps in [300, 600, 1_200] {
            try? growingFlow(steps: steps, edited: false).write(toFile: "\(folder)/a\(steps).json", atomically: true, encoding: .utf8)
            try? growingFlow(steps: steps, edited: true).write(toFile: "\(folder)/b\(steps).json", atomically: true, encoding: .utf8)
            let time = (0..<3).map { _ in
                shell("'\(binary)' diff '\(folder)/a\(steps).json' '\(folder)/b\(steps).json' >/dev/null 2>&1 || [ $? -eq 1 ]")
            }.min()!
            let growth = previous.map { String(format: " (%.1f× the half; 4× is the square)", time / $0) } ?? ""
            print(String(format: "  %5d steps: %7.2f s", steps, time) + growth)
            previous = time
        }
    } else {
        print("navviz diff: skipped (build the navviz product in release first)")
    }
}

// MARK: Reading captures against their size

if wants("captures") {
    // What a capture of the daemon's or `navviz import` costs to read, as its text grows, for the shapes that once took time
    // that grew as the square of their size (a security review's 150 KB of `<` took 35 s): each time against its half's.
    print("")
    print("reading a capture (Capture.load) against its size, best of 3; 2× the half is linear, 4× the square:")
    let dump = (0..<40).map { i in
        "   | <ProductViewController 0x7f9\(i)>, state: disappeared, view: <UIView 0x7fa\(i)> not in the window"
    }.joined(separator: "\n")
    let shapes: [(String, (Int) -> String)] = [
        ("one line of '<'", { String(repeating: "<", count: $0) }),
        ("lines of '<'", { String(repeating: "<\n", count: $0 / 2) }),
        ("'<X 0x' over and over", { String(repeating: "<X 0x", count: $0 / 5) }),
        ("escaped lines in one", { String(repeating: "\\n   | <", count: $0 / 8) }),
        (
            "a dump's lines",
            { size in
                "<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n"
                    + String(repeating: dump + "\n", count: max(1, size / dump.utf8.count))
            }
        ),
    ]
    for (label, make) in shapes {
        var line = "  \(label):".padding(toLength: 26, withPad: " ", startingAt: 0)
        var previous: Double?
        for size in [64 << 10, 128 << 10, 256 << 10] {
            let text = make(size)
            let time = (0..<3).map { _ in seconds { _ = try? Capture.load(text: text, file: "bench.txt") } }.min()!
            line += String(format: " %4d KB %7.1f ms", size >> 10, time * 1000)
            if let previous { line += String(format: " (%.1f×)", time / previous) }
            previous = time
        }
        print(line)
    }
}

// MARK: Widths of realistic apps

if wants("widths") {
    let binary = navvizBinary
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-bench-widths-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    print("")
    print("widest diagram of each realistic sample (portable metrics; budget 1200 pt), focused and --expand all")
    for sample in ["wikipedia-reader", "firefox-browser", "signal-messenger"] {
        var line = "  \(sample):"
        for (label, option) in [("focused", "focus"), ("expand all", "all")] {
            let out = "\(folder)/\(sample)-\(option)"
            _ = shell("'\(binary)' render Samples/\(sample).json -o '\(out)' --portable-metrics --no-cache --expand \(option) >/dev/null")
            var widest = (0, "")
            for family in ["states", "transitions"] {
                let files = (try? FileManager.default.contentsOfDirectory(atPath: "\(out)/\(sample)/\(family)")) ?? []
                for file in files where file.hasSuffix(".svg") {
                    guard let text = try? String(contentsOfFile: "\(out)/\(sample)/\(family)/\(file)", encoding: .utf8),
                        let range = text.range(of: "<svg width=\"")
                    else { continue }
                    let width = Int(text[range.upperBound...].prefix { $0.isNumber }) ?? 0
                    if width > widest.0 { widest = (width, "\(family)/\(file)") }
                }
            }
            line += String(format: "  %@ %5d pt (%@)", label, widest.0, widest.1)
        }
        print(line)
    }
}

if wants("widths") {
    // 50 tabs of 60 controllers: 3,051 nodes.
    do {
        let big = try Hierarchy(root: .tabs((0..<50).map { t in .navigation((0..<60).map { .screen("S\(t)_\($0)") }) }))
        let finder = ViewFinder().find(in: big)
        for (label, options) in [("focused", DiagramOptions.focused), ("expand all", DiagramOptions())] {
            var size = 0
            let time = try seconds {
                size = try GraphvizRenderer.shared.renderSync(dot: DOTBuilder(options: options).state(big, finder: finder)).utf8.count
            }
            print(String(format: "  %d-node hierarchy, %@: %.2f s, %d KB of SVG", big.attachedNodes().count, label, time, size / 1024))
        }
    } catch {
        print("  big hierarchy failed: \(error)")
    }
}
