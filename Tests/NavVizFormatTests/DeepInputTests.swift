import Foundation
import NavVizCore
import NavVizFormat
import NavVizRender
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

    /// Runs `work` on a thread with a 2 MiB stack and a 1 MiB guard, and waits for it.
    func onSmallStack(_ work: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        #expect(pthread_attr_setstacksize(&attributes, 2 << 20) == 0)
        #expect(pthread_attr_setguardsize(&attributes, 1 << 20) == 0)
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
}
