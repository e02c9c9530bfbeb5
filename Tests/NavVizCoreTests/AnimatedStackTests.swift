import Testing

@testable import NavVizCore

/// AnimatedStackView (docs/semantics.md, AnimatedStackView), including the seed's own spec tests.
@Suite struct AnimatedStackTests {
    static func stack(_ views: [String], metrics: StackMetrics? = nil) -> NodeSpec {
        var stack = NodeSpec(kind: .stack, id: "pile")
        stack.children = views.map { .screen($0) }
        stack.stackMetrics = metrics
        return stack
    }

    static func simulator(_ views: [String], quirks: Bool = false) throws -> Simulator {
        try Simulator(root: stack(views), replaysQuirks: quirks)
    }

    static let instant = StepOptions(animated: false)

    func state(_ sim: Simulator) -> StackState { sim.hierarchy["pile"].stack! }
    /// `view.superview == stackView`.
    func isSubview(_ view: NodeID, _ sim: Simulator) -> Bool { state(sim).subviews.contains(view) }
    func hooks(_ outcome: StepOutcome) -> [String] { outcome.hooks.map(\.description) }
    /// Lets the clock pass every running animation, so their completions run.
    @discardableResult
    func finishAnimations(_ sim: inout Simulator) -> StepOutcome { sim.perform(.wait(seconds: 0)) }

    // MARK: - The seed's spec (AnimatedStackViewSpec)

    @Test func setViewsStacksThemAndShowsOnlyTheLast() throws {
        var sim = try Self.simulator([])
        let outcome = sim.perform(.setViews([.screen("A"), .screen("B")]))
        #expect(outcome.status == .ok)
        #expect(state(sim).views == ["A", "B"])
        #expect(!isSubview("A", sim))
        #expect(isSubview("B", sim))
        #expect(sim.hierarchy["A"].kind == .view)
    }

    @Test func pushAddsTheViewAndQueuesThePreviousOne() throws {
        var sim = try Self.simulator(["A"])
        sim.perform(.pushView(.screen("B")))
        #expect(isSubview("B", sim))
        #expect(state(sim).views.last == "B")
        #expect(state(sim).removalQueue == ["A"])
        #expect(isSubview("A", sim))
        let callback = finishAnimations(&sim)
        #expect(hooks(callback) == ["removedFromSuperview(A)"])
        #expect(!isSubview("A", sim))
        #expect(state(sim).removalQueue == [])
    }

    @Test func pushingTheActiveViewTwiceKeepsItOnScreen() throws {
        var sim = try Self.simulator(["A"])
        sim.perform(.pushView(.screen("B")))
        sim.perform(.pushView(.reference("B")), StepOptions(after: 0.1))
        #expect(isSubview("B", sim))
        #expect(state(sim).views == ["A", "B", "B"])
        #expect(state(sim).removalQueue == ["A", "B"])
        let callbacks = finishAnimations(&sim)
        #expect(hooks(callbacks) == ["removedFromSuperview(A)", "keptByRemovalGuard(B)"])
        #expect(state(sim).removalQueue == [])
        #expect(isSubview("B", sim))
        #expect(state(sim).views.last == "B")
    }

    @Test func popShowsThePreviousViewAndQueuesTheTop() throws {
        var sim = try Self.simulator(["A", "B"])
        sim.perform(.popView)
        #expect(state(sim).views.last == "A")
        #expect(state(sim).removalQueue == ["B"])
        finishAnimations(&sim)
        #expect(!isSubview("B", sim))
        #expect(state(sim).removalQueue == [])
    }

    @Test func popWithOneViewDoesNothing() throws {
        var sim = try Self.simulator(["A"])
        let outcome = sim.perform(.popView)
        #expect(outcome.status == .noop)
        #expect(outcome.message == "'pile' has one view: there is nothing to pop")
        #expect(state(sim).views == ["A"])
    }

    @Test func updateReplacesTheTopView() throws {
        var sim = try Self.simulator(["A"])
        let outcome = sim.perform(.updateView(.screen("B")))
        #expect(outcome.status == .ok)
        #expect(outcome.duration == 0)
        #expect(state(sim).views == ["B"])
        #expect(isSubview("B", sim))
        #expect(!isSubview("A", sim))
        #expect(!sim.hierarchy.isAttached("A"))
    }

    // MARK: - Edges

    @Test func popOnAnEmptyStackDoesNothing() throws {
        var sim = try Self.simulator([])
        #expect(sim.perform(.popView).message == "'pile' has no view: there is nothing to pop")
    }

    @Test func updateOnAnEmptyStackDoesNothing() throws {
        var sim = try Self.simulator([])
        let outcome = sim.perform(.updateView(.screen("B")))
        #expect(outcome.status == .noop)
        #expect(outcome.message == "'pile' has no view to update")
        #expect(!sim.hierarchy.contains("B"))
    }

    @Test func setViewsToNothingEmptiesTheStackButKeepsQueuedRemovals() throws {
        var sim = try Self.simulator(["A"])
        sim.perform(.pushView(.screen("B")))
        sim.perform(.setViews([]), StepOptions(after: 0.1))
        #expect(state(sim).views == [])
        #expect(state(sim).subviews == ["A"])
        #expect(state(sim).removalQueue == ["A"])
        finishAnimations(&sim)
        #expect(state(sim).subviews == [])
        #expect(sim.hierarchy["pile"].children == [])
    }

    @Test func literalScreensBecomeViewsWithOnlyTheLastInTheStackView() throws {
        let sim = try Self.simulator(["A", "B"])
        #expect(sim.hierarchy["A"].kind == .view)
        #expect(state(sim).views == ["A", "B"])
        #expect(state(sim).subviews == ["B"])
        #expect(sim.hierarchy.shownChildren(of: "pile") == ["B"])
    }

    @Test func viewsGetNoAppearanceCallbacks() throws {
        var sim = try Self.simulator(["A"])
        #expect(sim.perform(.pushView(.screen("B"))).events.isEmpty)
        #expect(sim.perform(.popView).events.isEmpty)
        #expect(sim.visible == "pile")
    }

    @Test func onlyViewsCanBeStacked() throws {
        var sim = try Self.simulator(["A"])
        let outcome = sim.perform(.pushView(.navigation([.screen("X")])))
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot put 'navigation' in the animated stack 'pile': only views can be stacked")
    }

    @Test func aViewPushedTwiceIsOneChild() throws {
        var sim = try Self.simulator(["A"])
        sim.perform(.pushView(.screen("B")))
        sim.perform(.pushView(.reference("B")))
        let attached = sim.hierarchy.attachedNodes()
        #expect(attached == ["pile", "A", "B"])
        #expect(Set(attached).count == attached.count)
        #expect(sim.hierarchy["pile"].children.last == "B")
    }

    @Test func poppedViewLeavesTheTreeOnceRemoved() throws {
        var sim = try Self.simulator(["A", "B"])
        sim.perform(.popView)
        #expect(sim.hierarchy["pile"].children == ["B", "A"])
        #expect(sim.hierarchy.shownChildren(of: "pile") == ["A"])
        finishAnimations(&sim)
        #expect(sim.hierarchy["pile"].children == ["A"])
        #expect(!sim.hierarchy.isAttached("B"))
    }

    @Test func noInFlightGuard() throws {
        var sim = try Self.simulator(["A"])
        sim.perform(.pushView(.screen("B")))
        let outcome = sim.perform(.popView, StepOptions(after: 0.1))
        #expect(outcome.status == .ok)
        #expect(state(sim).removalQueue == ["A", "B"])
        let callbacks = finishAnimations(&sim)
        #expect(hooks(callbacks) == ["keptByRemovalGuard(A)", "removedFromSuperview(B)"])
        #expect(state(sim).subviews == ["A"])
    }

    // MARK: - Metrics

    @Test func pushAndPopDescribeTheirSpring() throws {
        var sim = try Self.simulator(["A"])
        let push = sim.perform(.pushView(.screen("B")))
        let spring = ["damping": 0.6, "initialVelocity": 0.0, "delay": 0.0]
        #expect(
            push.animation
                == Animation(
                    kind: "spring", duration: 0.6, direction: "push: old active→trailing, new leading→active",
                    parameters: spring))
        #expect(sim.inFlight == ["pile": 0.6])
        let pop = sim.perform(.popView)
        #expect(
            pop.animation
                == Animation(
                    kind: "spring", duration: 0.6, direction: "pop: old active→leading, new trailing→active",
                    parameters: spring))
    }

    @Test func customMetricsSetTheSpringAndTheCompletion() throws {
        var metrics = StackMetrics()
        metrics.duration = 1
        metrics.delay = 0.25
        metrics.damping = 0.8
        var sim = try Simulator(root: Self.stack(["A"], metrics: metrics))
        let outcome = sim.perform(.pushView(.screen("B")))
        #expect(outcome.duration == 1.25)
        #expect(outcome.animation?.parameters == ["damping": 0.8, "initialVelocity": 0, "delay": 0.25])
        #expect(state(sim).completionTimes == [1.25])
        #expect(sim.perform(.wait(seconds: 0), StepOptions(after: 1.2)).hooks.isEmpty)
        #expect(hooks(sim.perform(.wait(seconds: 0))) == ["removedFromSuperview(A)"])
    }

    // MARK: - Without animation

    @Test func nonAnimatedPopRemovesAtOnce() throws {
        var sim = try Self.simulator(["A", "B"], quirks: true)
        let outcome = sim.perform(.popView, Self.instant)
        #expect(hooks(outcome) == ["removedFromSuperview(B)"])
        #expect(outcome.duration == 0)
        #expect(state(sim).subviews == ["A"])
        #expect(state(sim).removalQueue == [])
    }

    @Test func nonAnimatedPushRemovesThePreviousViewAtOnce() throws {
        var sim = try Self.simulator(["A"])
        let outcome = sim.perform(.pushView(.screen("B")), Self.instant)
        #expect(hooks(outcome) == ["removedFromSuperview(A)"])
        #expect(outcome.duration == 0)
        #expect(state(sim).subviews == ["B"])
        #expect(state(sim).leaked == [])
    }

    @Test func nonAnimatedPushLeaksThePreviousViewWithQuirks() throws {
        var sim = try Self.simulator(["A"], quirks: true)
        let outcome = sim.perform(.pushView(.screen("B")), Self.instant)
        #expect(hooks(outcome) == ["keptByRemovalGuard(A)", "quirk:nonAnimatedPushLeak(A)"])
        #expect(state(sim).subviews == ["A", "B"])
        #expect(state(sim).removalQueue == [])
        #expect(state(sim).leaked == ["A"])
        sim.perform(.wait(seconds: 5))
        #expect(isSubview("A", sim))
    }

    @Test func leakedViewIsNoLongerLeakedOnceItIsActiveAgain() throws {
        var sim = try Self.simulator(["A"], quirks: true)
        sim.perform(.pushView(.screen("B")), Self.instant)
        sim.perform(.popView)
        #expect(state(sim).leaked == [])
        finishAnimations(&sim)
        #expect(state(sim).subviews == ["A"])
    }
}
