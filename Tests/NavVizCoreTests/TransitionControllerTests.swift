import Testing

@testable import NavVizCore

/// FJTransitionController (docs/semantics.md, FJTransitionController).
@Suite struct TransitionControllerTests {
    /// A shell showing Home; About is an instance (no generator); Settings and Profile have generators.
    static func shell(wrapping: Set<String> = []) -> NodeSpec {
        var shell = NodeSpec(kind: .activity, id: "shell")
        shell.flavor = .transitionController
        shell.children = [.screen("Home"), .screen("About")]
        shell.keys = ["home", "about"]
        shell.active = "home"
        shell.generators = ["settings": .screen("Settings"), "profile": .screen("Profile")]
        shell.wrapsInNavigation = wrapping
        return shell
    }

    static func simulator(_ root: NodeSpec = shell(), quirks: Bool = false) throws -> Simulator {
        try Simulator(root: root, replaysQuirks: quirks)
    }

    static let instant = StepOptions(animated: false)

    func history(_ sim: Simulator) -> [String] { sim.hierarchy["shell"].activity?.history ?? [] }
    func hooks(_ outcome: StepOutcome) -> [String] { outcome.hooks.map(\.description) }
    func events(_ outcome: StepOutcome) -> [String] { outcome.events.map(\.description) }

    /// A key listed in `wrapInNavigation` is built in a navigation controller when it is the initial one too, as an
    /// activation builds it (a docs trial found the initial key unwrapped); a generator that is a navigation controller is
    /// not wrapped in another (UIKit refuses one in another's stack).
    @Test(arguments: [ActivityFlavor.activityViewController, .transitionController])
    func theInitialKeyIsWrappedAsAnActivationWrapsIt(flavor: ActivityFlavor) throws {
        var root = Self.shell(wrapping: ["settings", "profile"])
        root.flavor = flavor
        root.active = "settings"
        root.generators["profile"] = .navigation([.screen("Profile")])
        var sim = try Self.simulator(root)
        #expect(sim.finderResult.path == ["shell", "navigation", "Settings"])
        #expect(sim.perform(.activate("profile"), Self.instant).status == .ok)
        #expect(sim.finderResult.path == ["shell", "navigation#2", "Profile"])
    }

    // MARK: - loadViewControllerForKey

    @Test func loadRunsAppearingFirstCallbacksAlwaysAnimated() throws {
        var sim = try Self.simulator()
        let outcome = sim.perform(.activate("settings"), Self.instant)
        #expect(outcome.status == .ok)
        #expect(
            events(outcome) == [
                "Settings.viewWillAppear", "Home.viewWillDisappear", "Home.viewDidDisappear", "Settings.viewDidAppear",
            ])
        #expect(outcome.events.allSatisfy { $0.isAnimated })
        #expect(outcome.duration == 0)
        #expect(sim.visible == "Settings")
    }

    @Test func loadCallsTheDelegateHooks() throws {
        var sim = try Self.simulator()
        let outcome = sim.perform(.activate("settings"), Self.instant)
        #expect(hooks(outcome) == ["willLoad(Settings)", "didLoad(Settings)"])
    }

    @Test func loadingTheActiveKeyDoesNothing() throws {
        var sim = try Self.simulator()
        let outcome = sim.perform(.activate("home"))
        #expect(outcome.status == .noop)
        #expect(outcome.message == "'home' is already loaded in 'shell'")
        #expect(history(sim) == ["home"])
    }

    @Test func loadingAnUnknownKeyIsRejected() throws {
        var sim = try Self.simulator()
        let outcome = sim.perform(.activate("help"))
        #expect(outcome.status == .rejected)
        #expect(
            outcome.message
                == "Unknown activity 'help' in 'shell': no controller or generator has that key. "
                + "Known keys: 'about', 'home', 'profile', 'settings'")
    }

    @Test func instanceIsLoadedAsItIs() throws {
        var sim = try Self.simulator()
        let outcome = sim.perform(.activate("about"), Self.instant)
        #expect(outcome.created.isEmpty)
        #expect(sim.visible == "About")
    }

    // MARK: - History

    @Test func historyIsNewestFirstAndKeepsDuplicates() throws {
        var sim = try Self.simulator()
        for key in ["settings", "home", "settings", "profile"] {
            #expect(sim.perform(.activate(key), Self.instant).status == .ok)
        }
        #expect(history(sim) == ["profile", "settings", "home", "settings", "home"])
        #expect(sim.hierarchy["shell"].active == "profile")
        #expect(sim.hierarchy["shell"].children == ["About", "Home", "Settings", "Profile"])
    }

    @Test func previousLoadsTheSecondKeyOfTheHistory() throws {
        var sim = try Self.simulator()
        sim.perform(.activate("settings"), Self.instant)
        let outcome = sim.perform(.activate("", rule: .previous), Self.instant)
        #expect(outcome.status == .ok)
        #expect(sim.visible == "Home")
        #expect(history(sim) == ["home", "settings", "home"])
    }

    @Test func previousWithoutHistoryIsRejected() throws {
        var sim = try Self.simulator()
        let outcome = sim.perform(.activate("", rule: .previous))
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot activate the previous activity of 'shell': there is no inactive activity")
    }

    // MARK: - Animated load and isTransitioning

    @Test func animatedLoadRunsForThreeQuartersOfASecond() throws {
        var sim = try Self.simulator()
        let outcome = sim.perform(.activate("settings"))
        #expect(outcome.animation == Animation(kind: "animationBlocks", duration: 0.75, direction: "onTop"))
        #expect(outcome.duration == 0.75)
        #expect(sim.inFlight == ["shell": 0.75])
        #expect(
            outcome.events.map(\.callback) == [.viewWillAppear, .viewWillDisappear, .viewDidDisappear, .viewDidAppear])
        #expect(hooks(outcome) == ["willLoad(Settings)", "didLoad(Settings)"])
    }

    @Test func animatedLoadTakesTheStepsDuration() throws {
        var sim = try Self.simulator()
        let slide = StepOptions(animation: Animation(kind: "slide", duration: 0.4))
        let outcome = sim.perform(.activate("settings"), slide)
        #expect(outcome.duration == 0.4)
        #expect(sim.inFlight == ["shell": 0.4])
    }

    @Test func loadWhileTransitioningIsDropped() throws {
        var sim = try Self.simulator()
        sim.perform(.activate("settings"))
        let outcome = sim.perform(.activate("profile"), StepOptions(after: 0.5))
        #expect(outcome.status == .dropped)
        #expect(outcome.message == "'shell' is transitioning: loading 'profile' is ignored")
        #expect(history(sim) == ["settings", "home"])
        let later = sim.perform(.activate("profile"))
        #expect(later.start == 0.75)
        #expect(later.status == .ok)
    }

    @Test(arguments: [false, true])
    func didCallbacksComeBeforeTheAnimationOnlyWithQuirks(quirks: Bool) throws {
        var sim = try Self.simulator(quirks: quirks)
        let outcome = sim.perform(.activate("settings"))
        let expected =
            quirks
            ? ["willLoad(Settings)", "quirk:didCallbacksBeforeAnimation(Settings)", "didLoad(Settings)"]
            : ["willLoad(Settings)", "didLoad(Settings)"]
        #expect(hooks(outcome) == expected)
        #expect(sim.inFlight == ["shell": 0.75])
    }

    // MARK: - Registration

    @Test func registeringTheActiveKeyIsIgnored() throws {
        var sim = try Self.simulator()
        let outcome = sim.perform(.register("home", .screen("Dashboard")))
        #expect(outcome.status == .noop)
        #expect(outcome.message == "Registering 'home' in 'shell' is ignored: it is the active key")
        #expect(sim.hierarchy["shell"].activity?.generators["home"] == nil)
    }

    @Test func registeringAnotherKeyReplacesItsController() throws {
        var sim = try Self.simulator()
        sim.perform(.activate("settings"), Self.instant)
        sim.perform(.activate("home"), Self.instant)
        #expect(sim.perform(.register("settings", .screen("Preferences"))).status == .ok)
        #expect(!sim.hierarchy.isAttached("Settings"))
        let outcome = sim.perform(.activate("settings"), Self.instant)
        #expect(outcome.created == ["Preferences"])
        #expect(sim.visible == "Preferences")
    }

    @Test(arguments: [false, true])
    func navigationFlagWrapsUnlessQuirksReplayItsBeingIgnored(quirks: Bool) throws {
        var sim = try Self.simulator(Self.shell(wrapping: ["settings"]), quirks: quirks)
        let outcome = sim.perform(.activate("settings"), Self.instant)
        #expect(sim.visible == "Settings")
        let child = sim.hierarchy["shell"].children.last!
        #expect(sim.hierarchy[child].key == "settings")
        if quirks {
            #expect(child == "Settings")
            #expect(hooks(outcome).contains("quirk:navigationFlagIgnored"))
        } else {
            #expect(sim.hierarchy[child].kind == .navigation)
            #expect(sim.hierarchy[child].children == ["Settings"])
            #expect(outcome.events.first?.description == "\(child).viewWillAppear")
        }
        // The delegate is handed the controller, unwrapped, as `activeViewController` is (a trial read the wrapper).
        #expect(
            hooks(outcome).filter { $0.hasPrefix("willLoad") || $0.hasPrefix("didLoad") } == ["willLoad(Settings)", "didLoad(Settings)"])
    }

    /// An instance the scenario wrote as a navigation controller is handed over as it is, its key listed for wrapping
    /// or not: only a controller navviz wrapped is unwrapped (a review).
    @Test func anInstanceThatIsANavigationControllerIsNotUnwrapped() throws {
        var shell = Self.shell(wrapping: ["mail"])
        shell.children.append(.navigation([.screen("Inbox")], id: "mailNav"))
        shell.keys.append("mail")
        var sim = try Self.simulator(shell)
        let outcome = sim.perform(.activate("mail"), Self.instant)
        #expect(hooks(outcome) == ["willLoad(mailNav)", "didLoad(mailNav)"])
    }

    // MARK: - Memory warnings and re-instantiation

    /// `deallocateAllInactiveViewControllers` releases every key but the active one, an instance registration
    /// too: with no class to rebuild it from, its next load asserts (a fidelity trial: it was kept and loaded).
    @Test func memoryWarningReleasesEveryInactiveController() throws {
        var sim = try Self.simulator()
        sim.perform(.activate("settings"), Self.instant)
        sim.perform(.activate("home"), Self.instant)
        let outcome = sim.perform(.memoryWarning)
        #expect(outcome.status == .ok)
        #expect(hooks(outcome) == ["released(About)", "released(Settings)"])
        #expect(
            outcome.warnings == [
                "'about' in 'shell' was registered as an instance: it is released, and loading it again is rejected, "
                    + "as no generator can rebuild it"
            ])
        #expect(outcome.events.isEmpty)
        #expect(sim.hierarchy["Settings"].isLoaded == false)
        #expect(sim.hierarchy.isAttached("Settings"))
        #expect(sim.hierarchy["About"].isLoaded == false)
        #expect(sim.hierarchy["Home"].isLoaded)
        let load = sim.perform(.activate("about"), Self.instant)
        #expect(load.status == .rejected)
        #expect(load.message == "Cannot load 'about' in 'shell': its controller was released and has no generator to rebuild it")
    }

    @Test func releasedControllerComesBackWithANewIdentity() throws {
        var sim = try Self.simulator()
        sim.perform(.activate("settings"), Self.instant)
        sim.perform(.activate("home"), Self.instant)
        sim.perform(.memoryWarning)
        let outcome = sim.perform(.activate("settings"), Self.instant)
        #expect(outcome.status == .ok)
        #expect(outcome.created == ["Settings#2"])
        #expect(hooks(outcome) == ["reinstantiated(Settings#2)", "willLoad(Settings#2)", "didLoad(Settings#2)"])
        #expect(events(outcome).first == "Settings#2.viewWillAppear")
        #expect(sim.visible == "Settings#2")
        #expect(!sim.hierarchy.isAttached("Settings"))
        #expect(sim.hierarchy["shell"].children == ["About", "Home", "Settings#2"])
    }

    @Test func memoryWarningWithNothingToReleaseDoesNothing() throws {
        var sim = try Self.simulator(.screen("Home"))
        let outcome = sim.perform(.memoryWarning)
        #expect(outcome.status == .noop)
        #expect(outcome.message == "No transition controller has an inactive controller to release")
    }

    @Test func memoryWarningLeavesActivityViewControllersAlone() throws {
        var sim = try Self.simulator(ActivityTests.onboarding())
        sim.perform(.activate("terms"))
        #expect(sim.perform(.memoryWarning).status == .noop)
        #expect(sim.hierarchy["Welcome"].isLoaded)
    }
}
