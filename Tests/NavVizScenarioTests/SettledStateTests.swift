import NavVizCore
import NavVizScenario
import Testing

/// A step's state is the settled state at its end, unless the next step lands mid-flight (`after`):
/// AnimatedStackView's removals belong to the step whose animation ended (docs/semantics.md#V5).
@Suite struct SettledStateTests {
    /// A controller hosting an AnimatedStackView-style stack `pile` of view `A`, then these steps.
    func run(_ steps: String) throws -> Run {
        let text = #"""
            {"navviz": 1, "name": "Cards", "root": {"screen": "Host", "visible": 0,
              "children": [{"stack": ["A"], "id": "pile"}]}, "steps": [\#(steps)]}
            """#
        return ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "cards.json"))
    }

    func hooks(_ step: RunStep) -> [String] { step.outcome.hooks.map(\.description) }
    /// The views the stack view holds (a view stays in the stack, below the top, after it leaves the screen).
    func subviews(_ step: RunStep) -> [NodeID] { step.hierarchy["pile"].stack!.subviews }

    @Test func aPopsRemovalIsReportedInThePopStep() throws {
        let result = try run(#"{"op": "pushView", "node": "B"}, {"op": "popView"}"#)
        #expect(hooks(result.steps[1]) == ["removedFromSuperview(A)"])
        #expect(subviews(result.steps[1]) == ["B"])
        #expect(result.steps[1].hierarchy["pile"].children == ["A", "B"])
        #expect(hooks(result.steps[2]) == ["removedFromSuperview(B)"])
        #expect(subviews(result.steps[2]) == ["A"])
        // The popped view is no longer a child once its animation has ended.
        #expect(result.steps[2].hierarchy["pile"].children == ["A"])
    }

    @Test func aStepLandingMidFlightSeesTheViewStillAnimatingOut() throws {
        let result = try run(#"{"op": "pushView", "node": "B"}, {"op": "pushView", "node": "C", "after": 0.2}"#)
        // Step 2 lands 0.2 s into step 1's 0.6 s spring: A is still animating out when step 1's state is drawn.
        #expect(hooks(result.steps[1]) == [])
        #expect(subviews(result.steps[1]) == ["A", "B"])
        // Both springs have ended by the end of step 2.
        #expect(hooks(result.steps[2]) == ["removedFromSuperview(A)", "removedFromSuperview(B)"])
        #expect(subviews(result.steps[2]) == ["C"])
    }

    @Test func aDaemonStepIsSettledAtItsEnd() throws {
        let scenario = try ScenarioDecoder.decode(
            #"""
            {"navviz": 1, "root": {"screen": "Host", "visible": 0, "children": [{"stack": ["A"], "id": "pile"}]},
             "steps": [{"op": "pushView", "node": "B"}]}
            """#, file: "s.json")
        var simulator = try Simulator(root: scenario.root)
        let step = ScenarioRunner.record(scenario.steps[0], index: 1, on: &simulator)
        #expect(step.outcome.hooks.map(\.description) == ["removedFromSuperview(A)"])
        #expect(step.hierarchy["pile"].stack!.subviews == ["B"])
    }
}
