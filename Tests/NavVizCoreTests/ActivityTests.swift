import Testing

@testable import NavVizCore

/// bromas/ActivityViewController (docs/semantics.md, ActivityViewController).
@Suite struct ActivityTests {
    /// An onboarding container showing Welcome, with generators for Terms, SignUp and a fresh Welcome.
    static func onboarding(active: String? = "welcome", welcomeGenerator: Bool = false) -> NodeSpec {
        var activity = NodeSpec(kind: .activity, id: "onboarding")
        activity.children = [.screen("Welcome")]
        activity.keys = ["welcome"]
        activity.active = active
        activity.generators = ["terms": .screen("Terms"), "signUp": .screen("SignUp")]
        if welcomeGenerator { activity.generators["welcome"] = .screen("Welcome") }
        return activity
    }

    static func simulator(_ root: NodeSpec = onboarding(), quirks: Bool = false) throws -> Simulator {
        try Simulator(root: root, replaysQuirks: quirks)
    }

    static let crossDissolve = StepOptions(animation: Animation(kind: "crossDissolve"))

    func children(_ sim: Simulator) -> [NodeID] { sim.hierarchy["onboarding"].children }
    func hooks(_ outcome: StepOutcome) -> [String] { outcome.hooks.map(\.description) }
    func events(_ outcome: StepOutcome) -> [String] { outcome.events.map(\.description) }

    // MARK: - Lookup: first, current, retrieved, fresh

    @Test func initialActivityIsShownWithoutClosures() throws {
        let sim = try Self.simulator()
        #expect(sim.visible == "Welcome")
        #expect(sim.hierarchy["onboarding"].activity?.initial == "welcome")
        #expect(sim.hierarchy["onboarding"].active == "welcome")
    }

    @Test func firstActivationOfAnEmptyContainerIsAnInitialDisplay() throws {
        var sim = try Self.simulator(Self.onboarding(active: nil))
        #expect(sim.visible == "onboarding")
        let outcome = sim.perform(.activate("welcome"), Self.crossDissolve)
        #expect(outcome.status == .ok)
        #expect(hooks(outcome) == ["first(Welcome)", "activityInitiation(Welcome)", "activityConfiguration(Welcome)"])
        #expect(events(outcome) == ["Welcome.viewWillAppear", "Welcome.viewDidAppear"])
        #expect(outcome.events.allSatisfy { !$0.isAnimated })
        #expect(outcome.duration == 0)
        #expect(sim.inFlight.isEmpty)
    }

    @Test func firstActivationBuildsFromTheGenerator() throws {
        var sim = try Self.simulator(Self.onboarding(active: nil))
        let outcome = sim.perform(.activate("terms"))
        #expect(hooks(outcome) == ["first(Terms)", "activityInitiation(Terms)", "activityConfiguration(Terms)"])
        #expect(outcome.created == ["Terms"])
        #expect(children(sim) == ["Welcome", "Terms"])
        #expect(sim.visible == "Terms")
    }

    @Test func unknownKeyIsFreshFromItsGenerator() throws {
        var sim = try Self.simulator()
        let outcome = sim.perform(.activate("terms"))
        #expect(outcome.status == .ok)
        #expect(hooks(outcome) == ["fresh(Terms)", "activityInitiation(Terms)", "activityConfiguration(Terms)"])
        #expect(outcome.created == ["Terms"])
        #expect(sim.hierarchy["onboarding"].active == "terms")
        #expect(sim.hierarchy["Terms"].key == "terms")
        #expect(sim.visible == "Terms")
    }

    @Test func inactiveKeyIsRetrievedWithConfigurationOnly() throws {
        var sim = try Self.simulator()
        sim.perform(.activate("terms"))
        let outcome = sim.perform(.activate("welcome"))
        #expect(outcome.status == .ok)
        #expect(hooks(outcome) == ["retrieved(Welcome)", "activityConfiguration(Welcome)"])
        #expect(outcome.created.isEmpty)
        #expect(sim.visible == "Welcome")
    }

    @Test func activeKeyIsCurrentAndDoesNothing() throws {
        var sim = try Self.simulator()
        let outcome = sim.perform(.activate("welcome"))
        #expect(outcome.status == .noop)
        #expect(outcome.message == "'welcome' is already the active activity of 'onboarding'")
        #expect(hooks(outcome) == ["current(Welcome)"])
        #expect(outcome.events.isEmpty)
    }

    @Test func childrenAreInactiveInDeactivationOrderThenTheActiveOne() throws {
        var sim = try Self.simulator()
        sim.perform(.activate("terms"))
        sim.perform(.activate("signUp"))
        #expect(children(sim) == ["Welcome", "Terms", "SignUp"])
        sim.perform(.activate("welcome"))
        #expect(children(sim) == ["Terms", "SignUp", "Welcome"])
        #expect(sim.hierarchy["onboarding"].active == "welcome")
        #expect(sim.hierarchy["onboarding"].activity?.history == ["welcome", "signUp", "terms", "welcome"])
    }

    @Test func unknownKeyWithoutGeneratorIsRejected() throws {
        var sim = try Self.simulator()
        let outcome = sim.perform(.activate("faq"))
        #expect(outcome.status == .rejected)
        #expect(
            outcome.message
                == "Unknown activity 'faq' in 'onboarding': no controller or generator has that key. "
                + "Known keys: 'welcome', 'defaultController', 'signUp', 'terms'")
        #expect(sim.visible == "Welcome")
    }

    @Test func defaultControllerIsPreSeeded() throws {
        var sim = try Self.simulator()
        let outcome = sim.perform(.activate("defaultController"))
        #expect(outcome.status == .ok)
        #expect(outcome.created == ["defaultController"])
        #expect(sim.visible == "defaultController")
    }

    // MARK: - Registration

    @Test func registeredGeneratorBuildsTheKey() throws {
        var sim = try Self.simulator()
        #expect(sim.perform(.register("faq", .screen("FAQ"))).status == .ok)
        #expect(sim.hierarchy["onboarding"].activity?.generators["faq"] == .screen("FAQ"))
        #expect(sim.perform(.activate("faq")).created == ["FAQ"])
    }

    @Test func registeringAgainOverwritesSilently() throws {
        var sim = try Self.simulator()
        let outcome = sim.perform(.register("terms", .screen("Legal")))
        #expect(outcome.status == .ok)
        #expect(outcome.message == nil)
        #expect(sim.perform(.activate("terms")).created == ["Legal"])
    }

    @Test func registeringKeepsCachedControllers() throws {
        var sim = try Self.simulator()
        sim.perform(.activate("terms"))
        sim.perform(.activate("welcome"))
        sim.perform(.register("terms", .screen("Legal")))
        let outcome = sim.perform(.activate("terms"))
        #expect(hooks(outcome).first == "retrieved(Terms)")
    }

    // MARK: - Rules

    @Test func ruleNewFlushesTheCachedOneAndBuildsAFreshInstance() throws {
        var sim = try Self.simulator(Self.onboarding(welcomeGenerator: true))
        sim.perform(.activate("terms"))
        let outcome = sim.perform(.activate("welcome", rule: .new))
        #expect(outcome.status == .ok)
        #expect(hooks(outcome).first == "fresh(Welcome#2)")
        #expect(sim.visible == "Welcome#2")
        #expect(!sim.hierarchy.isAttached("Welcome"))
        #expect(children(sim) == ["Terms", "Welcome#2"])
    }

    /// The rule `new` for a key whose inactive controller has no generator behind it: rejected as such, with the cached
    /// controller kept (it said no controller had the key, while one was there: a trial).
    @Test func ruleNewWithoutAGeneratorSaysSo() throws {
        var sim = try Self.simulator(Self.onboarding(welcomeGenerator: false))
        sim.perform(.activate("terms"))
        let outcome = sim.perform(.activate("welcome", rule: .new))
        #expect(outcome.status == .rejected)
        #expect(
            outcome.message
                == "Cannot activate a new 'welcome' in 'onboarding': the rule 'new' flushes its inactive controller and builds "
                + "another from a generator, and 'welcome' has none (register one, or use the rule 'any' to show the one it has)")
        #expect(children(sim) == ["Welcome", "Terms"])
    }

    @Test func ruleNewOnTheActiveKeyIsCurrent() throws {
        var sim = try Self.simulator(Self.onboarding(welcomeGenerator: true))
        let outcome = sim.perform(.activate("welcome", rule: .new))
        #expect(outcome.status == .noop)
        #expect(
            outcome.message
                == "'welcome' is the active activity of 'onboarding': the rule 'new' cannot show a second one")
        #expect(hooks(outcome) == ["current(Welcome)"])
    }

    @Test func rulePreviousDiscardsTheCurrentActivity() throws {
        var sim = try Self.simulator()
        sim.perform(.activate("terms"))
        sim.perform(.activate("signUp"))
        let outcome = sim.perform(.activate("", rule: .previous))
        #expect(outcome.status == .ok)
        #expect(hooks(outcome) == ["retrieved(Terms)", "activityConfiguration(Terms)"])
        #expect(sim.visible == "Terms")
        #expect(children(sim) == ["Welcome", "Terms"])
        #expect(!sim.hierarchy.isAttached("SignUp"))
        #expect(
            events(outcome) == [
                "SignUp.viewWillDisappear", "SignUp.viewDidDisappear", "Terms.viewWillAppear", "Terms.viewDidAppear",
            ])
    }

    /// The rule `previous` does not read the key the step names: a key other than the one it brings back is said.
    @Test func rulePreviousSaysItDidNotReadAnotherKey() throws {
        var sim = try Self.simulator()
        sim.perform(.activate("terms"))
        sim.perform(.activate("signUp"))
        let outcome = sim.perform(.activate("nope", rule: .previous))
        #expect(outcome.status == .ok)
        #expect(
            outcome.warnings == [
                "The rule 'previous' brought back 'terms' in 'onboarding': it does not read the key the step names ('nope')"
            ])
        sim.perform(.activate("signUp"))
        #expect(sim.perform(.activate("terms", rule: .previous)).warnings.isEmpty)
    }

    @Test func rulePreviousWithoutInactiveActivityIsRejected() throws {
        var sim = try Self.simulator()
        let outcome = sim.perform(.activate("", rule: .previous))
        #expect(outcome.status == .rejected)
        #expect(
            outcome.message == "Cannot activate the previous activity of 'onboarding': there is no inactive activity")
    }

    // MARK: - Operation types

    @Test func noneTypeSwapsSynchronouslyInSequence() throws {
        var sim = try Self.simulator()
        let outcome = sim.perform(.activate("terms"))
        #expect(
            events(outcome) == [
                "Welcome.viewWillDisappear", "Welcome.viewDidDisappear", "Terms.viewWillAppear", "Terms.viewDidAppear",
            ])
        #expect(outcome.events.allSatisfy { !$0.isAnimated })
        #expect(outcome.duration == 0)
        #expect(outcome.animation == nil)
        #expect(!hooks(outcome).contains("completion(Terms)"))
        #expect(sim.inFlight.isEmpty)
    }

    @Test(arguments: [
        StepOptions(animation: Animation(kind: "none")),
        StepOptions(animated: false, animation: Animation(kind: "crossDissolve")),
    ])
    func stepsWithoutAnimationUseTheNoneType(options: StepOptions) throws {
        var sim = try Self.simulator()
        let outcome = sim.perform(.activate("terms"), options)
        #expect(outcome.duration == 0)
        #expect(outcome.events.first?.description == "Welcome.viewWillDisappear")
        #expect(outcome.events[1].description == "Welcome.viewDidDisappear")
        #expect(sim.inFlight.isEmpty)
    }

    @Test func animationOptionSwapsAndMarksTheContainerAnimating() throws {
        var sim = try Self.simulator()
        let outcome = sim.perform(.activate("terms"), Self.crossDissolve)
        #expect(
            events(outcome) == [
                "Welcome.viewWillDisappear", "Terms.viewWillAppear", "Welcome.viewDidDisappear", "Terms.viewDidAppear",
            ])
        #expect(outcome.events.allSatisfy { $0.isAnimated })
        #expect(outcome.animation == Animation(kind: "crossDissolve", duration: 0.3))
        #expect(outcome.duration == 0.3)
        #expect(sim.inFlight == ["onboarding": 0.3])
        // The completion block runs when the animation ends: the step reports it once settled (C5).
        #expect(!hooks(outcome).contains("completion(Terms)"))
        #expect(sim.settle(beforeNextAfter: nil).map(\.description) == ["completion(Terms)"])
    }

    /// The completions of a stack's removal and of an activity switch come in the order their animations end,
    /// whichever kind (a review: a removal ending at 0.5 s was listed before a completion ending at 0.2 s).
    @Test func completionsOfEveryKindComeInTheOrderTheyEnd() throws {
        var stack = NodeSpec(kind: .stack, id: "cards")
        stack.children = [NodeSpec(kind: .view, screen: "A")]
        var metrics = StackMetrics()
        metrics.duration = 0.5
        stack.stackMetrics = metrics
        var host = NodeSpec(kind: .controller, screen: "Host")
        host.children = [stack, Self.onboarding()]
        host.selected = 0
        var sim = try Simulator(root: host)
        #expect(sim.perform(.pushView(.screen("B")), StepOptions(target: "cards")).status == .ok)
        let crossDissolve = Animation(kind: "crossDissolve", duration: 0.2)
        let switched = sim.perform(.activate("terms"), StepOptions(animation: crossDissolve, target: "onboarding", after: 0))
        #expect(switched.status == .ok)
        #expect(sim.settle(beforeNextAfter: nil).map(\.description) == ["completion(Terms)", "removedFromSuperview(A)"])
    }

    /// A step that lands before the animation ends does not see its completion; the one during which it ends does
    /// (a fidelity trial: the completion was reported by the step that started the animation).
    @Test func theCompletionIsReportedByTheStepDuringWhichTheAnimationEnds() throws {
        var sim = try Self.simulator()
        let started = sim.perform(.activate("terms"), Self.crossDissolve)
        #expect(sim.settle(beforeNextAfter: 0.1).isEmpty)
        #expect(!hooks(started).contains("completion(Terms)"))
        let dropped = sim.perform(.activate("welcome"), StepOptions(after: 0.1))
        #expect(dropped.status == .dropped)
        #expect(sim.settle(beforeNextAfter: 0.1).isEmpty, "0.2 s in: still running")
        let later = sim.perform(.flushActivity("signUp"), StepOptions(after: 0.1))
        #expect(sim.settle(beforeNextAfter: nil).map(\.description) == ["completion(Terms)"])
        #expect(!hooks(later).contains("completion(Terms)"))
    }

    @Test(arguments: [
        (Animation(kind: "curlUp", duration: 0.5), 0.5),
        (Animation(kind: "springSlide", direction: "right"), 0.3),
        (Animation(kind: "springSlide", duration: 0.35, direction: "left"), 0.35),
    ])
    func animatedKindsRunForTheirDuration(animation: Animation, duration: Double) throws {
        var sim = try Self.simulator()
        let outcome = sim.perform(.activate("terms"), StepOptions(animation: animation))
        #expect(outcome.duration == duration)
        #expect(outcome.animation?.kind == animation.kind)
        #expect(outcome.animation?.direction == animation.direction)
        #expect(sim.inFlight == ["onboarding": duration])
    }

    // MARK: - The animating guard

    @Test func activationWhileAnimatingIsDropped() throws {
        var sim = try Self.simulator()
        sim.perform(.activate("terms"), Self.crossDissolve)
        let outcome = sim.perform(.activate("welcome"), StepOptions(after: 0.1))
        #expect(outcome.status == .dropped)
        #expect(
            outcome.message
                == "'onboarding' is animating: the activity operation is ignored and its completion never runs")
        #expect(outcome.hooks.isEmpty)
        #expect(sim.visible == "Terms")
    }

    /// Only `performActivityOperation(_:)` has the `animating` guard: the seed's README flushes from inside the
    /// completion block, before `animating` is cleared (a fidelity trial: the flush was dropped).
    @Test func flushWhileAnimatingFlushes() throws {
        var sim = try Self.simulator()
        sim.perform(.activate("terms"), Self.crossDissolve)
        let outcome = sim.perform(.flushActivity("welcome"), StepOptions(after: 0.2))
        #expect(outcome.status == .ok)
        #expect(outcome.message == nil)
        #expect(children(sim) == ["Terms"])
        #expect(sim.perform(.activate("signUp"), StepOptions(after: 0.05)).status == .dropped, "still animating")
    }

    @Test func activationAfterTheAnimationIsAccepted() throws {
        var sim = try Self.simulator()
        sim.perform(.activate("terms"), Self.crossDissolve)
        let outcome = sim.perform(.activate("welcome"))
        #expect(outcome.start == 0.3)
        #expect(outcome.status == .ok)
    }

    // MARK: - Flush

    @Test func flushRemovesInactiveEntries() throws {
        var sim = try Self.simulator()
        sim.perform(.activate("terms"))
        let outcome = sim.perform(.flushActivity("welcome"))
        #expect(outcome.status == .ok)
        #expect(children(sim) == ["Terms"])
        #expect(!sim.hierarchy.isAttached("Welcome"))
        #expect(outcome.events.isEmpty)
    }

    @Test func flushNeverTouchesTheActiveActivity() throws {
        var sim = try Self.simulator()
        let outcome = sim.perform(.flushActivity("welcome"))
        #expect(outcome.status == .noop)
        #expect(
            outcome.message
                == "'onboarding' has no inactive activity 'welcome' to flush: the active activity is never flushed")
        #expect(sim.visible == "Welcome")
    }

    @Test func flushOfAnUnknownKeyDoesNothing() throws {
        var sim = try Self.simulator()
        let outcome = sim.perform(.flushActivity("terms"))
        #expect(outcome.status == .noop)
        #expect(outcome.message == "'onboarding' has no inactive activity 'terms' to flush")
    }

    // MARK: - Quirk: `.none` never calls removeFromParent

    @Test(arguments: [false, true])
    func noneSwapKeepsTheOldControllerAsChildOnlyWithQuirks(quirks: Bool) throws {
        var sim = try Self.simulator(quirks: quirks)
        let swap = sim.perform(.activate("terms"))
        #expect(hooks(swap).contains("quirk:noneSwapKeepsChild(Welcome)") == quirks)
        sim.perform(.activate("welcome"))
        sim.perform(.flushActivity("terms"))
        // The activity forgets Terms either way; UIKit keeps it as a child when it was swapped out by `.none`.
        #expect(sim.hierarchy["Terms"].key == nil)
        #expect(sim.hierarchy.isAttached("Terms") == quirks)
        #expect(children(sim) == (quirks ? ["Terms", "Welcome"] : ["Welcome"]))
        #expect(sim.visible == "Welcome")
    }

    @Test func animatedSwapRemovesTheOldControllerEvenWithQuirks() throws {
        var sim = try Self.simulator(quirks: true)
        let swap = sim.perform(.activate("terms"), Self.crossDissolve)
        #expect(!hooks(swap).contains { $0.hasPrefix("quirk:") })
        sim.perform(.activate("welcome"), Self.crossDissolve)
        sim.perform(.flushActivity("terms"))
        #expect(!sim.hierarchy.isAttached("Terms"))
    }

    // MARK: - Targets (rootController / closestParentOfController)

    @Test func operationGoesToTheNearestActivityOfTheVisibleController() throws {
        var inner = Self.onboarding()
        inner.id = "inner"
        var outer = NodeSpec(kind: .activity, id: "outer")
        outer.children = [inner]
        outer.keys = ["flow"]
        outer.active = "flow"
        outer.generators = ["terms": .screen("OuterTerms")]
        var sim = try Self.simulator(outer)
        #expect(sim.perform(.activate("terms")).created == ["Terms"])
        #expect(sim.hierarchy["inner"].active == "terms")
        #expect(sim.hierarchy["outer"].active == "flow")
    }

    @Test func explicitTargetWins() throws {
        var second = Self.onboarding()
        second.id = "second"
        var sim = try Self.simulator(.tabs([Self.onboarding(), second]))
        sim.perform(.activate("terms"), StepOptions(target: "second"))
        #expect(sim.hierarchy["second"].active == "terms")
        #expect(sim.hierarchy["onboarding"].active == "welcome")
    }

    @Test func withoutAnActivityAncestorTheFirstOneIsUsed() throws {
        var sim = try Self.simulator(.tabs([.navigation([.screen("Home")]), Self.onboarding()]))
        #expect(sim.perform(.activate("terms")).status == .ok)
        #expect(sim.hierarchy["onboarding"].active == "terms")
    }

    @Test func withoutAnyActivityTheOperationIsRejected() throws {
        var sim = try Self.simulator(.screen("Home"))
        let outcome = sim.perform(.activate("terms"))
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot activate 'terms': 'Home' is not inside an activity container")
    }
}
