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
    /// Controllers that later steps may refer to (`{"ref": id}`): kept when detached controllers are forgotten.
    public var retainedIDs: Set<NodeID> = []
    /// How many detached nodes may pile up before they are forgotten (those in `retainedIDs` are kept).
    public var detachedLimit = 64
    private var collectionThreshold = 256

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
        // Animations that ended before the step lands run their completions first (AnimatedStackView).
        let completions = hierarchy.runStackCompletions(until: start)
        // A state already deeper than the limit (a deep root) may still take steps that do not nest it further. A
        // hierarchy of no more nodes than the limit cannot pass it: most are measured not at all.
        let depthBefore = hierarchy.nodeCount > Hierarchy.maxDepth ? hierarchy.depth : 0
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
        outcome.hooks = completions + outcome.hooks
        if outcome.status == .ok {
            transaction.h.commitJournal()
            hierarchy = transaction.h
            if hierarchy.nodeCount > collectionThreshold {
                hierarchy.collectDetached(keeping: retainedIDs)
                collectionThreshold = 2 * hierarchy.nodeCount + detachedLimit
            }
            if let container = transaction.container, outcome.duration > 0 {
                inFlight[container] = Self.onClock(start + outcome.duration)
            }
        } else {
            transaction.h.rollBackJournal()
            hierarchy = transaction.h
        }
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
    }

    /// Settles the state at the end of the last step: runs the animation completions (AnimatedStackView's
    /// removals) due before the next step lands, `nextAfter` seconds after the last one started, or, with
    /// no `after`, when everything performed so far has finished. Returns their hooks, which belong to the
    /// step just performed (docs/semantics.md#V5).
    public mutating func settle(beforeNextAfter nextAfter: Double?) -> [HookEvent] {
        hierarchy.runStackCompletions(until: startTime(for: StepOptions(after: nextAfter)))
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
        let before = hierarchy.nodesInWindow().filter { hierarchy[$0].kind.getsAppearanceCallbacks }
        let after = new.nodesInWindow().filter { new[$0].kind.getsAppearanceCallbacks }
        var outcome = StepOutcome(status: .ok)
        outcome.events = AppearanceOrder.swap.events(
            from: before.filter { !after.contains($0) }, to: after.filter { !before.contains($0) }, animated: false)
        outcome.start = now
        hierarchy = new
        return outcome
    }
}
