import Foundation
import NavVizCore
import NavVizFormat
import NavVizRender
import NavVizScenario
import Testing

/// The deepest input navviz accepts is read, written, found and drawn on a thread with a 2 MiB stack, in a
/// debug build: a quarter of a main thread's 8 MiB. A stack overflow crashes this test process, here: the stack has
/// a guard of 1 MiB below it, not the default page. A debug build's frame can be larger than a page (a snapshot
/// reader's was 20 KB), and an overflow that jumped the page wrote into another thread's memory, crashing the
/// process later in another test (DOTBuilderTests, one full run in three or four).
@Suite struct DeepInputTests {
    /// A thread's work, passed through pthread's untyped argument.
    final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Runs the `Work` that `argument` holds (retained), on the new thread. Optional: Glibc passes one, Darwin not.
    static func run(_ argument: UnsafeMutableRawPointer?) {
        guard let argument else { return }
        Unmanaged<Work>.fromOpaque(argument).takeRetainedValue().body()
    }

    /// Runs `work` on a thread with a stack of `bytes` (2 MiB) and a 1 MiB guard below it, and waits for it. The stack is
    /// mapped here: given only a size, glibc hands a new thread a larger stack it kept from an ended one (a 512 KiB test
    /// passed alone, on the 2 MiB of the test before it, and crashed in a full run).
    func onSmallStack(bytes: Int = 2 << 20, _ work: @escaping @Sendable () -> Void) {
        let guardBytes = 1 << 20
        guard let memory = mmap(nil, guardBytes + bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            memory != MAP_FAILED
        else {
            Issue.record("no memory for a stack")
            return
        }
        defer { munmap(memory, guardBytes + bytes) }
        #expect(mprotect(memory, guardBytes, PROT_NONE) == 0)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        #expect(pthread_attr_setstack(&attributes, memory + guardBytes, bytes) == 0)
        let argument = Unmanaged.passRetained(Work(work))
        #if canImport(Glibc)
            var thread = pthread_t()
            let started = pthread_create(
                &thread, &attributes,
                {
                    DeepInputTests.run($0); return nil
                }, argument.toOpaque())
            if started == 0 { pthread_join(thread, nil) }
        #else
            var thread: pthread_t?
            let started = pthread_create(
                &thread, &attributes,
                {
                    DeepInputTests.run($0); return nil
                }, argument.toOpaque())
            if started == 0, let thread { pthread_join(thread, nil) }
        #endif
        #expect(started == 0)
        if started != 0 { argument.release() }
    }

    @Test func theDeepestAcceptedInputFitsASmallStack() {
        onSmallStack {
            let arrays = String(repeating: "[", count: JSONParser.maxDepth) + String(repeating: "]", count: JSONParser.maxDepth)
            #expect(throws: Never.self) { try JSONParser.parse(arrays) }

            let dump = (0..<PrintHierarchy.maxDepth).map { level in
                String(repeating: "   | ", count: level) + "<Shop.Level\(level)ViewController>, state: appeared, view: <UIView>"
            }.joined(separator: "\n")
            do {
                let hierarchy = try PrintHierarchy.parse(dump, file: "deep.txt").hierarchy().hierarchy
                // As a run would hold it: inside a step of a run.
                let run = JSONValue.object([("steps", .array([.object([("hierarchy", Snapshot.encode(hierarchy))])]))])
                guard case .array(let steps)? = try JSONParser.parse(JSONWriter.pretty(run))["steps"],
                    let snapshot = steps.first?["hierarchy"]
                else {
                    Issue.record("the run did not read back")
                    return
                }
                #expect(try Snapshot.decode(snapshot, file: "run.json") == hierarchy)
                let finder = ViewFinder().find(in: hierarchy)
                #expect(finder.visible == NodeID("Level\(PrintHierarchy.maxDepth - 1)ViewController"))
                for options in [DiagramOptions.focused, DiagramOptions(expandAll: true)] {
                    #expect(DOTBuilder.boxCount(in: DOTBuilder(options: options).state(hierarchy, finder: finder)) > 1)
                }
            } catch {
                Issue.record("the deep capture did not round-trip: \(error)")
            }
        }
    }

    /// A chain of `depth` node literals, each presenting the next.
    static func presenting(_ depth: Int) -> String {
        (1..<depth).reversed().reduce(#"{"screen": "Leaf"}"#) { inner, level in #"{"screen": "S\#(level)", "presents": \#(inner)}"# }
    }

    /// A chain of `depth` node literals, each the child of the one before.
    static func nesting(_ depth: Int) -> String {
        (1..<depth).reversed().reduce(#"{"screen": "Leaf"}"#) { inner, level in #"{"screen": "S\#(level)", "children": [\#(inner)]}"# }
    }

    /// A scenario literal as deep as navviz's JSON reader takes (255 nodes presenting each other under the document) is
    /// refused where it passes the limit, as a root and in a step, without reading the rest: read whole, one level took
    /// 38 KB of a debug build's stack, and 230 levels crashed even a main thread's 8 MiB (a review). At the limit a
    /// scenario runs, and its states, a transition that removes it all, its flow and its Mermaid are drawn.
    @Test func theDeepestScenarioLiteralFitsASmallStack() {
        onSmallStack {
            let reason =
                "nests more than 100 levels deep, children and presentations alike: navviz keeps a hierarchy within 100 levels "
                + "(every state, its run JSON and its drawing stay bounded)"
            let deepest = [
                (#"{"navviz": 1, "root": \#(Self.presenting(JSONParser.maxDepth - 1))}"#, "root"),
                (
                    #"{"navviz": 1, "root": "A", "steps": [{"op": "setRoot", "node": \#(Self.presenting(JSONParser.maxDepth - 3))}]}"#,
                    "steps[0].node"
                ),
            ]
            for (text, path) in deepest {
                #expect(throws: Never.self) { try JSONParser.parse(text) }
                do {
                    _ = try ScenarioDecoder.decode(text, file: "deep.json")
                    Issue.record("a literal past the limit was read")
                } catch {
                    #expect((error as? ScenarioErrors)?.errors.map(\.description) == ["deep.json: \(path): \(reason)"])
                }
            }
            let steps = #"[{"op": "setRoot", "node": "Home"}, {"op": "present", "node": "Sheet"}]"#
            for root in [Self.presenting(Hierarchy.maxDepth), Self.nesting(Hierarchy.maxDepth)] {
                let text = #"{"navviz": 1, "root": \#(root), "steps": \#(steps)}"#
                do {
                    let run = ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "deep.json"))
                    #expect(run.steps.map(\.outcome.status) == [.ok, .ok, .ok])
                    #expect(run.steps[0].hierarchy.depth == Hierarchy.maxDepth)
                    Self.draw(run)
                } catch {
                    Issue.record("a scenario at the limit was refused: \(error)")
                }
            }
        }
    }

    /// Its first two states drawn: the state, the transition that removes it all, its flow and its Mermaid.
    static func draw(_ run: Run) {
        let (before, after) = (run.steps[0], run.steps[1])
        let dot = DOTBuilder(options: .focused)
        let info = TransitionInfo(index: 1, op: after.op, outcome: after.outcome, note: nil)
        #expect(
            dot.transition(
                before: before.hierarchy, after: after.hierarchy, beforeFinder: before.finder, afterFinder: after.finder, step: info
            ).contains("S99"))
        #expect(DOTBuilder.boxCount(in: dot.state(before.hierarchy, finder: before.finder)) > 1)
        let mermaid = MermaidBuilder(options: DiagramOptions(expandAll: true))
        #expect(mermaid.state(before.hierarchy, finder: before.finder).contains("S99"))
        #expect(mermaid.transition(before: before.hierarchy, after: after.hierarchy, afterFinder: after.finder).contains("S99"))
        #expect(dot.flow(ScenarioRenderer.flowGraph(run)).contains("setRoot"))
    }

    /// A hierarchy at the limit is drawn on a thread of 1 MiB in a debug build (some 800 KiB used), half what it took while
    /// a scene's item held its node inline (between 1.5 and 2 MiB: the frames of `SceneBuilder.item`, `focused` and
    /// `SceneEmitter.writeItem` copied a whole `Node` at every level). A release build's frames are a quarter of those.
    @Test func aHierarchyAtTheLimitIsDrawnOnAThreadOf1MiB() {
        final class Runs: @unchecked Sendable { var runs: [Run] = [] }
        let made = Runs()
        // Read and run as the first test does (a debug build's decoder needs more than 512 KiB at this depth).
        onSmallStack {
            let steps = #"[{"op": "setRoot", "node": "Home"}, {"op": "present", "node": "Sheet"}]"#
            made.runs = [Self.presenting(Hierarchy.maxDepth), Self.nesting(Hierarchy.maxDepth)].compactMap { root in
                let text = #"{"navviz": 1, "root": \#(root), "steps": \#(steps)}"#
                return (try? ScenarioDecoder.decode(text, file: "deep.json")).map { ScenarioRunner.run($0) }
            }
        }
        #expect(made.runs.count == 2)
        onSmallStack(bytes: 1 << 20) {
            for run in made.runs { Self.draw(run) }
        }
    }
}
