import Testing

@testable import NavVizCore

/// ModalNotificationController (docs/semantics.md, ModalNotificationController).
@Suite struct NotificationsTests {
    static func alerts() -> NodeSpec {
        var sequence = NodeSpec(kind: .notifications, id: "alerts")
        sequence.children = [.screen("Badge"), .screen("Streak"), .screen("Levels")]
        return sequence
    }

    /// Inbox presenting the alerts with the custom style, the presentation finished.
    static func presented(device: Device = .phone, quirks: Bool = false) throws -> Simulator {
        var sim = try Simulator(root: .screen("Inbox"), device: device, replaysQuirks: quirks)
        sim.perform(.present(alerts(), style: .custom))
        return sim
    }

    func events(_ outcome: StepOutcome) -> [String] { outcome.events.map(\.description) }

    func isClose(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    /// A flick is the user's pan: under a presentation, or off screen, a user cannot reach the notification (a fidelity
    /// trial's flick under an alert advanced the sequence).
    @Test func aCoveredSequenceCannotBeFlicked() throws {
        var sim = try Self.presented()
        #expect(sim.perform(.present(.screen("Alert"), style: .overFullScreen)).status == .ok)
        let covered = sim.perform(.flick(velocity: 2000))
        #expect(covered.status == .rejected)
        #expect(
            covered.message == "Cannot flick 'alerts': 'Alert' is presented over it, so a user cannot reach it (a flick is the user's pan)")
        #expect(sim.hierarchy["alerts"].selected == 0)
        // However slow: the pan never reaches it (it read as snapping back, a review).
        #expect(sim.perform(.flick(velocity: 100)).status == .rejected)
        #expect(sim.perform(.dismiss()).status == .ok)
        #expect(sim.perform(.flick(velocity: 2000)).status == .ok)
        #expect(sim.hierarchy["alerts"].selected == 1)
    }

    /// A presentation made inside the notification (a context one by a navigation controller in it) takes the touches too
    /// (a review: the flick went through, and the presented controller dropped out of the window).
    @Test func aSequenceWhoseNotificationPresentsCannotBeFlicked() throws {
        var sequence = NodeSpec(kind: .notifications, id: "alerts")
        // The context definer strictly inside the notification (a tab bar's navigation controller): a presentation over the
        // notification itself is found without looking inside (a review).
        sequence.children = [.tabs([.navigation([.screen("A")], id: "inner")], selected: 0, id: "card"), .screen("N2")]
        var sim = try Simulator(root: .screen("Inbox"))
        #expect(sim.perform(.present(sequence, style: .custom)).status == .ok)
        #expect(sim.perform(.present(.screen("Picker"), style: .overCurrentContext), StepOptions(target: "A")).status == .ok)
        let flick = sim.perform(.flick(velocity: 2000))
        #expect(flick.status == .rejected, "\(flick.message ?? "")")
        #expect(flick.message?.hasPrefix("Cannot flick 'alerts': 'Picker' is presented over it") == true)
    }

    // MARK: - Presentation

    @Test func customPresentationGivesThePresenterNoCallbacks() throws {
        var sim = try Simulator(root: .screen("Inbox"))
        let outcome = sim.perform(.present(Self.alerts(), style: .custom))
        #expect(
            events(outcome) == [
                "alerts.viewWillAppear", "Badge.viewWillAppear", "alerts.viewDidAppear", "Badge.viewDidAppear",
            ])
        #expect(sim.visible == "Badge")
        #expect(sim.hierarchy["alerts"].selected == 0)
    }

    // MARK: - Flick to advance

    @Test func flickShowsTheNextNotificationInSequence() throws {
        var sim = try Self.presented()
        let outcome = sim.perform(.flick(velocity: 800))
        #expect(outcome.status == .ok)
        #expect(
            events(outcome) == [
                "Badge.viewWillDisappear", "Badge.viewDidDisappear", "Streak.viewWillAppear", "Streak.viewDidAppear",
            ])
        #expect(outcome.events.allSatisfy { !$0.isAnimated })
        #expect(sim.hierarchy["alerts"].selected == 1)
        #expect(sim.visible == "Streak")
        // 0.5 − 900 / 10,000 is 0.41 in whole microseconds, not 0.41000000000000003.
        var next = try Self.presented()
        let flick = next.perform(.flick(velocity: 900))
        #expect(flick.animation?.parameters["delay"] == 0.41 && flick.duration == 0.71)
    }

    @Test(arguments: [
        (Device.phone, 500.0, false), (.phone, 501, true), (.phone, -501, true), (.phone, 120, false),
        (.pad, 100, false), (.pad, 101, true), (.pad, -150, true), (.pad, 500, true),
    ])
    func flickAdvancesOnlyAboveTheDeviceThreshold(device: Device, velocity: Double, advances: Bool) throws {
        var sim = try Self.presented(device: device)
        let outcome = sim.perform(.flick(velocity: velocity))
        #expect(outcome.status == (advances ? .ok : .noop))
        #expect(sim.visible == (advances ? "Streak" : "Badge"))
    }

    @Test func slowFlickSnapsBack() throws {
        var sim = try Self.presented()
        let outcome = sim.perform(.flick(velocity: 500))
        #expect(
            outcome.message
                == "A flick at 500 pt/s does not advance 'alerts': it needs more than 500 pt/s on a phone, "
                + "so the notification snaps back")
        #expect(outcome.events.isEmpty)
    }

    @Test func flickWithoutVelocityIsDecisive() throws {
        var sim = try Self.presented(device: .pad)
        let outcome = sim.perform(.flick(velocity: nil))
        #expect(outcome.status == .ok)
        #expect(outcome.duration == 0.3)
    }

    @Test(arguments: [(800.0, 0.72), (-2000, 0.6), (5000, 0.3), (9000, 0.3)])
    func advanceWaitsForTheFlickDelayThenFades(velocity: Double, duration: Double) throws {
        var sim = try Self.presented()
        let outcome = sim.perform(.flick(velocity: velocity))
        #expect(isClose(outcome.duration, duration))
        #expect(outcome.animation?.kind == "flick")
        #expect(isClose(outcome.animation?.parameters["delay"] ?? -1, duration - 0.3))
        #expect(outcome.animation?.parameters["velocity"] == abs(velocity))
    }

    @Test func secondFlickDuringTheDelayAdvancesAgain() throws {
        var sim = try Self.presented()
        sim.perform(.flick(velocity: 800))
        let outcome = sim.perform(.flick(velocity: 800), StepOptions(after: 0.1))
        #expect(outcome.status == .ok)
        #expect(sim.visible == "Levels")
    }

    // MARK: - Self-dismissal

    @Test func flickOnTheLastNotificationDismissesTheSequence() throws {
        var sim = try Self.presented()
        sim.perform(.flick(velocity: 800))
        sim.perform(.flick(velocity: 800))
        let outcome = sim.perform(.flick(velocity: 800))
        #expect(outcome.status == .ok)
        #expect(
            events(outcome) == [
                "Levels.viewWillDisappear", "Levels.viewDidDisappear", "alerts.viewWillDisappear",
                "alerts.viewDidDisappear",
            ])
        #expect(outcome.events.map(\.isAnimated) == [false, false, true, true])
        #expect(!outcome.events.contains { $0.controller == "Inbox" })
        #expect(sim.hierarchy["Inbox"].presented == nil)
        #expect(!sim.hierarchy.isAttached("alerts"))
        #expect(sim.visible == "Inbox")
        #expect(sim.inFlight == [Simulator.presentationKey: outcome.start + outcome.duration])
    }

    @Test(arguments: [false, true])
    func extraIndexFetchIsReplayedOnlyWithQuirks(quirks: Bool) throws {
        var sim = try Self.presented(quirks: quirks)
        sim.perform(.flick(velocity: 800))
        sim.perform(.flick(velocity: 800))
        let outcome = sim.perform(.flick(velocity: 800))
        #expect(outcome.hooks.map(\.description) == (quirks ? ["quirk:extraIndexFetch(alerts)"] : []))
        #expect(sim.visible == "Inbox")
    }

    /// The seed removes the last child before it asks a presenter to dismiss the sequence: with none, the
    /// notification still leaves (a fidelity trial: it stayed on screen, `noop`).
    @Test func sequenceThatIsNotPresentedRemovesItsLastNotification() throws {
        var sim = try Simulator(root: Self.alerts())
        sim.perform(.flick(velocity: 800))
        sim.perform(.flick(velocity: 800))
        let outcome = sim.perform(.flick(velocity: 800))
        #expect(outcome.status == .ok)
        #expect(outcome.warnings == ["'alerts' is not presented: its last notification is removed and nothing is dismissed"])
        #expect(outcome.events.map(\.description) == ["Levels.viewWillDisappear", "Levels.viewDidDisappear"])
        #expect(sim.visible == "alerts")
        let again = sim.perform(.flick(velocity: 800))
        #expect(again.status == .noop)
        #expect(again.message == "'alerts' shows no notification to flick away")
    }

    @Test func flickWithoutASequenceIsRejected() throws {
        var sim = try Simulator(root: .screen("Inbox"))
        let outcome = sim.perform(.flick(velocity: 800))
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot flick: 'Inbox' is not inside a notification sequence")
    }
}
