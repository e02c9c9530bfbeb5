import Foundation
import NavVizCore
import NavVizFormat
import NavVizRender
import Testing

/// The deepest input navviz accepts is read, written, found and drawn on a thread with a 2 MiB stack, in a
/// debug build: a quarter of a main thread's 8 MiB. A stack overflow would crash this test process.
@Suite struct DeepInputTests {
    /// Runs `work` on a thread with a 2 MiB stack and waits for it.
    func onSmallStack(_ work: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            work()
            done.signal()
        }
        thread.stackSize = 2 << 20
        thread.start()
        done.wait()
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
