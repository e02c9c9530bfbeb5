/// Runs operations on a hierarchy the way UIKit (and the seed containers) would, with a virtual clock.
/// A value: every `perform` either applies a whole operation or leaves the state untouched.
public struct Simulator: Sendable, Equatable {
    /// The current hierarchy.
    public internal(set) var hierarchy: Hierarchy
    /// The finder that picks default targets and reports the visible controller.
    public var finder: ViewFinder
    /// Whether seed quirks are replayed (scenario `"quirks": true`).
    public var replaysQuirks: Bool
    /// When everything performed so far has finished, in simulated seconds.
    public internal(set) var now: Double = 0
    /// When the last step landed.
    public internal(set) var lastStart: Double = 0
    /// Containers with a transition in flight, and when it ends.
    public internal(set) var inFlight: [NodeID: Double] = [:]
    /// The presenter of a presentation or dismissal in flight, and when it ends: a navigation controller in its line does
    /// not update its stack meanwhile (docs/semantics.md#C3).
    public internal(set) var presentersInFlight: [NodeID: Double] = [:]
    /// Controllers that later steps may refer to (`{"ref": id}`): kept when detached controllers are forgotten.
    public var retainedIDs: Set<NodeID> = []
    /// How many detached nodes may pile up before they are forgotten (those in `retainedIDs` are kept).
    public var detachedLimit = 64
    private var collectionThreshold = 256
    /// Completion hooks (ActivityViewController's `completionBlock`) waiting for their animation to end, in order.
    private var pendingCompletions: [PendingHook] = []
    /// Whether the hierarchy may hold a presentation or push only begun (a capture's `pending`): looked for at the next
    /// simulated step, which settles them.
    private var mayHavePending = true

    /// A hook that runs when the animation that scheduled it ends.
    struct PendingHook: Sendable, Equatable {
        var time: Double
        var hook: HookEvent
    }

    /// The key used for the presentation chain's in-flight flag.
    static let presentationKey = NodeID("#presentation")

    /// A simulator over an existing hierarchy.
    public init(hierarchy: Hierarchy, finder: ViewFinder = ViewFinder(), replaysQuirks: Bool = false) {
        self.hierarchy = hierarchy
        self.finder = finder
        self.replaysQuirks = replaysQuirks
    }

    /// A simulator whose window root is built from a literal.
    public init(
        root: NodeSpec, device: Device = .phone, screens: [String: ScreenInfo] = [:], finder: ViewFinder = ViewFinder(),
        replaysQuirks: Bool = false
    ) throws(NavigationError) {
        self.init(hierarchy: try Hierarchy(root: root, device: device, screens: screens), finder: finder, replaysQuirks: replaysQuirks)
    }

    /// What the finder reports now: the visible controller, the path to it and what is on screen.
    public var finderResult: ViewFinderResult { finder.find(in: hierarchy) }

    /// The visible controller, as the finder reports it now.
    public var visible: NodeID? { finderResult.visible }

    /// When a step with these options lands.
    public func startTime(for options: StepOptions) -> Double {
        options.after.map { Self.onClock(lastStart + $0) } ?? now
    }

    /// A time in whole microseconds: three pushes of 0.35 s end at 1.05, which the sum of the doubles made
    /// `1.0499999999999998` in the run JSON.
    public static func onClock(_ seconds: Double) -> Double { (seconds * 1_000_000).rounded() / 1_000_000 }

    /// Performs one operation. Rejected and dropped operations change nothing but the clock.
    @discardableResult
    public mutating func perform(_ operation: NavigationOperation, _ options: StepOptions = StepOptions()) -> StepOutcome {
        let start = startTime(for: options)
        // Animations that ended before the step lands run their completions first (AnimatedStackView's removals, an
        // activity switch's completion block).
        let completions = completions(until: start)
        // A state already deeper than the limit (a deep root) may still take steps that do not nest it further. A
        // hierarchy of no more nodes than the limit cannot pass it: most are measured not at all.
        let depthBefore = hierarchy.nodeCount > Hierarchy.maxDepth ? hierarchy.depth : 0
        // A presentation or push only begun (a capture's `pending`) has finished when a simulated step lands (C1): settled
        // first, its callbacks inferred as between two captures and reported with the step (a review: it never settled,
        // and a controller moved to the top of its stack stayed hidden below the one under it).
        var settling: [AppearanceEvent] = []
        if mayHavePending {
            mayHavePending = false
            let pending = hierarchy.attachedNodes().filter { hierarchy[$0].transitionalState == .pending }
            if !pending.isEmpty {
                let before = hierarchy
                for id in pending { hierarchy[id].transitionalState = nil }
                settling = Self.snapshotEvents(from: before, to: hierarchy)
            }
        }
        var transaction = Transaction(simulator: self, options: options, start: start)
        // The transaction owns the only reference, so it changes the hierarchy in place; the journal
        // restores what it replaced when the operation does not go through.
        hierarchy = Hierarchy(device: hierarchy.device, screens: hierarchy.screens)
        transaction.h.beginJournal()
        var outcome: StepOutcome
        do throws(NavigationError) {
            try transaction.apply(operation)
            // A run keeps every state: a chain of presentations a thousand deep (an app presenting in a loop) would
            // make each state, its JSON and its drawing grow with the depth (a security review took the daemon down so).
            if transaction.status == .ok, transaction.h.nodeCount > Hierarchy.maxDepth, case let depth = transaction.h.depth,
                depth > Hierarchy.maxDepth, depth > depthBefore
            {
                throw NavigationError.tooDeep(limit: Hierarchy.maxDepth)
            }
            outcome = transaction.finish()
        } catch {
            outcome = StepOutcome(rejected: error)
        }
        outcome.start = start
        // A completion block runs when its animation ends: reported by the step during which it does (C5), not by the
        // one that started it when later steps land before then (a fidelity trial).
        if outcome.status == .ok {
            if outcome.duration > 0 {
                let end = Self.onClock(start + outcome.duration)
                pendingCompletions += transaction.completions.map { PendingHook(time: end, hook: $0) }
            } else {
                outcome.hooks += transaction.completions
            }
        }
        outcome.hooks = completions + outcome.hooks
        if outcome.status == .ok {
            transaction.h.commitJournal()
            hierarchy = transaction.h
            // A controller a capture printed `disappeared` in the window has a container that does not forward callbacks:
            // simulated steps send it none either (a review: a full-screen present and dismiss gave it all four).
            outcome.events.removeAll { hierarchy.node($0.controller)?.transitionalState == .disappeared }
            // A capture's `appearing` or `disappearing` is settled by the first callback the simulator sends the
            // controller: kept, a controller pushed over stayed `appearing` in every later state.
            for event in outcome.events where hierarchy.node(event.controller)?.transitionalState != nil {
                hierarchy[event.controller].transitionalState = nil
            }
            if hierarchy.nodeCount > collectionThreshold {
                hierarchy.collectDetached(keeping: retainedIDs)
                collectionThreshold = 2 * hierarchy.nodeCount + detachedLimit
            }
            if let container = transaction.container, outcome.duration > 0 {
                inFlight[container] = Self.onClock(start + outcome.duration)
                if container == Self.presentationKey, let presenter = transaction.presenting {
                    presentersInFlight[presenter] = Self.onClock(start + outcome.duration)
                }
            }
        } else {
            transaction.h.rollBackJournal()
            hierarchy = transaction.h
        }
        if !settling.isEmpty { outcome.events = settling + outcome.events }
        advanceClock(start: start, duration: outcome.duration)
        return outcome
    }

    /// Puts a step that landed at `start` and runs for `duration` on the clock: the one place the clock
    /// moves. Transitions that ended by the time the step landed are no longer in flight; those still
    /// running stay busy for a later step that lands inside them with `after`.
    mutating func advanceClock(start: Double, duration: Double) {
        lastStart = start
        now = max(now, Self.onClock(start + duration))
        if inFlight.values.contains(where: { $0 <= start }) { inFlight = inFlight.filter { $0.value > start } }
        if presentersInFlight.values.contains(where: { $0 <= start }) {
            presentersInFlight = presentersInFlight.filter { $0.value > start }
        }
    }

    /// Settles the state at the end of the last step: runs the animation completions (AnimatedStackView's
    /// removals) due before the next step lands, `nextAfter` seconds after the last one started, or, with
    /// no `after`, when everything performed so far has finished. Returns their hooks, which belong to the
    /// step just performed (docs/semantics.md#V5).
    public mutating func settle(beforeNextAfter nextAfter: Double?) -> [HookEvent] {
        completions(until: startTime(for: StepOptions(after: nextAfter)))
    }

    /// Every completion due by `time`, the stack's removals and the completion blocks together, in the order their
    /// animations end (a review: a removal at 0.5 s was listed before a completion at 0.2 s); none is pending after.
    private mutating func completions(until time: Double) -> [HookEvent] {
        var due = hierarchy.runStackCompletions(until: time).map { PendingHook(time: $0.time, hook: $0.hook) }
        due += pendingCompletions.filter { $0.time <= time }
        pendingCompletions.removeAll { $0.time <= time }
        // Stable: one end time keeps the stack's removals first, then the blocks in the order they were scheduled.
        return due.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element.hook)
    }

    /// Applies a whole hierarchy from outside (an app's snapshot), as the daemon does.
    public mutating func replaceHierarchy(_ new: Hierarchy) -> StepOutcome {
        guard new.depth <= max(Hierarchy.maxDepth, hierarchy.depth) else {
            var outcome = StepOutcome(rejected: .tooDeep(limit: Hierarchy.maxDepth))
            outcome.start = now
            return outcome
        }
        // The window stays the same device, with the same screen metadata.
        var new = new
        new.device = hierarchy.device
        new.screens = hierarchy.screens
        // A tab bar out of the window whose selection the snapshot does not know (a capture's, covered by a full-screen
        // presentation) keeps the one it had with the same tabs: UIKit does not change it under a presentation (a trial's
        // flow of captures drew 'selection not known' where the capture before it said which). One in the window that
        // shows no tab is drawn as the snapshot says.
        let window = Set(new.nodesInWindow())
        for id in new.attachedNodes() where new[id].kind == .tab && new[id].selected == nil && !window.contains(id) {
            guard hierarchy.contains(id), hierarchy.isAttached(id), hierarchy[id].kind == .tab,
                hierarchy[id].children == new[id].children, let selected = hierarchy[id].selected
            else { continue }
            new[id].selected = selected
        }
        var outcome = StepOutcome(status: .ok)
        // What was still running has ended when the app's state is taken: its completions first, on the old state.
        outcome.hooks = completions(until: now)
        outcome.events = Self.snapshotEvents(from: hierarchy, to: new)
        // One id of another kind is most likely another controller under a reused name (a hand-written snapshot): it is
        // still taken as the same one, said (a trial: no callbacks, no word).
        for id in new.attachedNodes() where hierarchy.contains(id) && hierarchy.isAttached(id) && hierarchy[id].kind != new[id].kind {
            outcome.warnings.append(
                "'\(id)' was of kind \(hierarchy[id].kind.rawValue) and is of kind \(new[id].kind.rawValue) in the snapshot: taken "
                    + "as the same controller (give another controller another id)")
        }
        outcome.start = now
        hierarchy = new
        mayHavePending = true
        return outcome
    }

    /// Where a controller is in UIKit's appearance cycle: disappeared, then (`viewWillAppear`) appearing, then
    /// (`viewDidAppear`) appeared, then (`viewWillDisappear`) disappearing, then (`viewDidDisappear`) disappeared; a
    /// cancelled transition goes from appearing to disappearing (`viewWillDisappear`) and back (`viewWillAppear`).
    enum AppearancePhase: Int, CaseIterable {
        case disappeared, appearing, appeared, disappearing

        /// The callbacks UIKit sends a controller from one phase to the next: the fewest that lead there. A cancel
        /// only undoes the transition the earlier capture saw in flight (its first callback, out of `appearing` or
        /// `disappearing`): a controller seen appeared and then disappearing was not pushed and cancelled, it appeared
        /// (a review: a push, then a back swipe in flight, gave the pushed controller no viewDidAppear).
        static func callbacks(from: Self, to: Self) -> [AppearanceCallback] {
            let edges: [(Self, Self, AppearanceCallback, cancel: Bool)] = [
                (.disappeared, .appearing, .viewWillAppear, false), (.appearing, .appeared, .viewDidAppear, false),
                (.appeared, .disappearing, .viewWillDisappear, false), (.disappearing, .disappeared, .viewDidDisappear, false),
                (.appearing, .disappearing, .viewWillDisappear, true), (.disappearing, .appearing, .viewWillAppear, true),
            ]
            // Breadth first over four phases: every phase is at most three callbacks from any other.
            var paths: [Self: [AppearanceCallback]] = [from: []]
            var frontier = [from]
            while !frontier.isEmpty, paths[to] == nil {
                var next: [Self] = []
                for phase in frontier {
                    for (a, b, callback, cancel) in edges where a == phase && paths[b] == nil && (!cancel || phase == from) {
                        paths[b] = paths[a]! + [callback]
                        next.append(b)
                    }
                }
                frontier = next
            }
            return paths[to] ?? []
        }

        /// A controller's phase in a hierarchy: as captured where the capture said (`appearing`, `disappearing`,
        /// `disappeared`), else appeared in the window and disappeared out of it (or not in the hierarchy).
        init(_ id: NodeID, in h: Hierarchy, window: Set<NodeID>) {
            switch h.contains(id) ? h[id].transitionalState : nil {
            case .appearing: self = .appearing
            case .disappearing: self = .disappearing
            case .disappeared, .pending: self = .disappeared
            case nil: self = window.contains(id) ? .appeared : .disappeared
            }
        }
    }

    /// The callbacks a snapshot implies (docs/semantics.md#A8): each controller gets the fewest callbacks that take
    /// it from its phase before to its phase after, so a capture's `appearing` controller gets `viewWillAppear` and no
    /// `viewDidAppear` yet, one UIKit printed disappeared gets none, and a transition seen in flight and then undone
    /// (a back swipe let go) gets what a cancel sends. The order is the push order ([A2](docs/semantics.md#A2)), each
    /// controller's last callback at the end (the third of three after all the others'); appearing side first when the only
    /// change is a tab bar's selection ([A4](docs/semantics.md#A4)); the full-screen order when a full-screen presentation came or went
    /// ([A3](docs/semantics.md#A3)); a cancel's order when every change undoes one in flight ([A5](docs/semantics.md#A5)).
    /// `topDown`: presented controllers whose trees' callbacks come first, in this order (a chain's intermediates, top
    /// first, as P5 removes them).
    static func snapshotEvents(from old: Hierarchy, to new: Hierarchy, topDown: [NodeID] = []) -> [AppearanceEvent] {
        // A presentation that went and another that came: UIKit presents nothing while a dismissal is in flight (P3),
        // so the dismissal ran first, then the presentation (a trial: the alert's viewDidAppear came amid the login's
        // dismissal, before its viewDidDisappear).
        let (presentedBefore, presentedAfter) = (presentations(in: old), presentations(in: new))
        let came = presentedAfter.subtracting(presentedBefore)
        if !presentedBefore.subtracting(presentedAfter).isEmpty, !came.isEmpty {
            var between = new
            for id in came {
                guard let presenter = between[id].presenter else { continue }
                between[presenter].presented = nil
                between[id].presenter = nil
            }
            return snapshotEvents(from: old, to: between) + snapshotEvents(from: between, to: new)
        }
        // A chain presented at once: UIKit presents nothing while a presentation is in flight (P3), so each link came
        // after the one it is presented from had appeared (a trial: the sheet's viewWillAppear came amid the full-screen
        // presentation under it). The first links first, then the rest.
        let later = came.filter { id in new[id].presenter.map { came.contains(new.containmentRoot(of: $0)) } ?? false }
        if !later.isEmpty {
            var between = new
            for id in later.sorted() {
                guard let presenter = between[id].presenter else { continue }
                between[presenter].presented = nil
                between[id].presenter = nil
            }
            return snapshotEvents(from: old, to: between) + snapshotEvents(from: between, to: new)
        }
        // A chain dismissed at once: the intermediates are removed first, unanimated, then the top-most leaves as the
        // dismissal (P5; the trial's cascade read every controller's viewWillDisappear at once). Meanwhile the top hangs
        // from the chain's presenter, covering what the chain covered (in the style of the chain's first link).
        let went = presentedBefore.subtracting(presentedAfter)
        let bases = went.filter { id in old[id].presenter.map { !went.contains(old.containmentRoot(of: $0)) } ?? false }
        if went.count > bases.count {
            var between = old
            var intermediates: [NodeID] = []
            for base in bases.sorted() {
                // (A chain whose top-most link stays is not dismissed at once: that top is what the recursion keeps.)
                let chain = old.presentationChain(from: base)
                guard chain.count > 1, went.isSuperset(of: chain), let top = chain.last, let presenter = old[base].presenter,
                    let under = old[top].presenter
                else { continue }
                between[under].presented = nil
                between[base].presenter = nil
                between[presenter].presented = top
                between[top].presenter = presenter
                between[top].style = old[base].style
                intermediates += chain.dropLast().reversed()
            }
            if between != old {
                return snapshotEvents(from: old, to: between, topDown: intermediates) + snapshotEvents(from: between, to: new)
            }
        }
        let before = old.nodesInWindow().filter { old[$0].kind.getsAppearanceCallbacks }
        let after = new.nodesInWindow().filter { new[$0].kind.getsAppearanceCallbacks }
        let (beforeSet, afterSet) = (Set(before), Set(after))
        // Controllers in either window, then the captured states out of it (a pop in flight: the one appearing below).
        var candidates: [NodeID] = []
        var listed = Set<NodeID>()
        let captured = [old, new].flatMap { h in
            h.attachedNodes().filter { h[$0].transitionalState != nil && h[$0].kind.getsAppearanceCallbacks }
        }
        for id in before + after + captured where listed.insert(id).inserted { candidates.append(id) }
        let moves = candidates.map { id in
            (id, from: AppearancePhase(id, in: old, window: beforeSet), to: AppearancePhase(id, in: new, window: afterSet))
        }
        let changed = moves.filter { $0.from != $0.to }
        let cancelled =
            !changed.isEmpty
            && changed.allSatisfy { ($0.from, $0.to) == (.appearing, .disappeared) || ($0.from, $0.to) == (.disappearing, .appeared) }
        let tabSwitch = !cancelled && Self.isTabSwitch(from: old, to: new)
        let fullScreen = !cancelled && !tabSwitch && Self.fullScreenPresentations(in: old) != Self.fullScreenPresentations(in: new)
        /// The rank of a callback among those at the same place of their controllers' sequences.
        func rank(_ callback: AppearanceCallback) -> Int {
            switch callback {
            case .viewWillDisappear: tabSwitch ? 1 : 0
            case .viewWillAppear: tabSwitch ? 0 : cancelled ? 2 : 1
            case .viewDidDisappear: cancelled ? 1 : fullScreen ? 3 : 2
            case .viewDidAppear: fullScreen ? 2 : 3
            }
        }
        var events: [(place: Int, rank: Int, order: Int, event: AppearanceEvent)] = []
        let trees = Dictionary(uniqueKeysWithValues: topDown.enumerated().map { ($1, $0) })
        let tree = { (id: NodeID) in trees.isEmpty || !old.contains(id) ? 0 : trees[old.containmentRoot(of: id)] ?? trees.count }
        let ordered = changed.enumerated().sorted { (tree($0.element.0), $0.offset) < (tree($1.element.0), $1.offset) }.map(\.element)
        // A controller that went through one transition and began the next (three callbacks) puts that next one after the
        // first: a controller that only began one (a capture's `appearing` or `disappearing`) begins it then too (a review:
        // a child printed appearing got its viewWillAppear amid the first transition's).
        let sequences = ordered.map { AppearancePhase.callbacks(from: $0.from, to: $0.to) }
        let twoTransitions = sequences.contains { $0.count == 3 }
        for (order, (move, callbacks)) in zip(ordered, sequences).enumerated() {
            let begins = twoTransitions && callbacks.count == 1 && [.appearing, .disappearing].contains(move.to)
            for (offset, callback) in callbacks.enumerated() {
                // A cancel's callbacks run one side after the other: no places. Otherwise a controller's last callback is
                // at the end, with the others' (place 2), but of three (it went through one transition and began the next:
                // a new controller printed disappearing), the first two go with the others' and the third after them all
                // (a trial of real captures: the new child's viewWillAppear came before its parents' and the old root's).
                let place = cancelled ? 0 : begins ? 3 : (callbacks.count == 1 ? 2 : 1) + offset
                events.append((place, rank(callback), order, AppearanceEvent(move.0, callback, animated: false)))
            }
        }
        return events.sorted { ($0.place, $0.rank, $0.order) < ($1.place, $1.rank, $1.order) }.map(\.event)
    }

    /// The presented controllers whose presentation removes the presenter's views (`fullScreen`, `currentContext`).
    static func fullScreenPresentations(in h: Hierarchy) -> Set<NodeID> {
        presentations(in: h).filter { h[$0].style?.removesPresenterViews == true }
    }

    /// The presented controllers of a hierarchy (not one whose presentation has only begun: it is shown later).
    static func presentations(in h: Hierarchy) -> Set<NodeID> {
        Set(h.attachedNodes().filter { h[$0].presenter != nil && h[$0].transitionalState != .pending })
    }

    /// Whether two hierarchies differ only in the selected tab of tab bars (and in what a switch changes on the
    /// way: captured states, a tab's view loaded).
    static func isTabSwitch(from old: Hierarchy, to new: Hierarchy) -> Bool {
        let ids = new.attachedNodes()
        guard old.root == new.root, old.attachedNodes() == ids else { return false }
        var switched = false
        for id in ids {
            var (a, b) = (old[id], new[id])
            // A presentation begun or shown is no tab's switch (a review: one shown over a tab bar read as one).
            if a.transitionalState != b.transitionalState, a.transitionalState == .pending || b.transitionalState == .pending {
                return false
            }
            (a.transitionalState, b.transitionalState) = (nil, nil)
            (a.isLoaded, b.isLoaded, a.isReleased, b.isReleased) = (true, true, false, false)
            if a.kind == .tab, b.kind == .tab, a.selected != b.selected {
                b.selected = a.selected
                switched = true
            }
            guard a == b else { return false }
        }
        return switched
    }
}
