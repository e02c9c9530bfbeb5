import NavVizCore
import Testing

/// Appearance-callback order (docs/semantics.md, Appearance callbacks).
@Suite struct AppearanceOrderTests {
    /// One case of the appearance rules: a starting hierarchy, the operation, and the callbacks in order.
    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var root: NodeSpec
        var device: Device = .phone
        var operation: NavigationOperation
        var options = StepOptions()
        var trace: [String]
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(
            name: "push A→B", root: nav("A"), operation: .push(screen("B")),
            trace: ["A.wD", "B.wA", "A.dD", "B.dA"]),
        Row(
            name: "pop B→A", root: nav("A", "B"), operation: .pop(),
            trace: ["B.wD", "A.wA", "B.dD", "A.dA"]),
        Row(
            name: "cancelled interactive pop of B", root: nav("A", "B"),
            operation: .pop(interactive: true, cancelled: true),
            trace: ["B.wD", "A.wA", "A.wD", "A.dD", "B.wA", "B.dA"]),
        Row(
            name: "present A→B fullScreen", root: screen("A"), operation: .present(screen("B"), style: .fullScreen),
            trace: ["A.wD", "B.wA", "B.dA", "A.dD"]),
        Row(
            name: "dismiss B→A fullScreen", root: presenting(screen("A"), screen("B"), style: .fullScreen),
            operation: .dismiss(), trace: ["B.wD", "A.wA", "A.dA", "B.dD"]),
        Row(
            name: "present, non-removing style", root: screen("A"), operation: .present(screen("B"), style: .pageSheet),
            trace: ["B.wA", "B.dA"]),
        Row(
            name: "dismiss, non-removing style", root: presenting(screen("A"), screen("B"), style: .overFullScreen),
            operation: .dismiss(), trace: ["B.wD", "B.dD"]),
        Row(
            name: "tab switch A→B", root: .tabs([screen("A"), screen("B")]), operation: .select(.index(1)),
            trace: ["B.wA", "A.wD", "A.dD", "B.dA"]),
        Row(
            name: "containment swap", root: box("Box", [screen("A"), screen("B")], visible: 0),
            operation: .showChild(ref("B")), trace: ["A.wD", "B.wA", "A.dD", "B.dA"]),
        Row(
            name: "containment swap to a new child", root: box("Box", [screen("A")]),
            operation: .showChild(screen("B")), trace: ["A.wD", "B.wA", "A.dD", "B.dA"]),
        Row(
            // An AnimatedStackView is a UIView: the controller holding it gets the callbacks, the stack none.
            name: "a child holding an animated stack leaves",
            root: box("Box", [box("Deck", [stackOf(["Card"], id: "cards")], visible: 0), screen("Filters")], visible: 0),
            operation: .showChild(ref("Filters")), options: StepOptions(target: "Box"),
            trace: ["Deck.wD", "Filters.wA", "Deck.dD", "Filters.dA"]),
        Row(
            name: "a child holding an animated stack comes back",
            root: box("Box", [box("Deck", [stackOf(["Card"], id: "cards")], visible: 0), screen("Filters")], visible: 1),
            operation: .showChild(ref("Deck")), trace: ["Filters.wD", "Deck.wA", "Filters.dD", "Deck.dA"]),
        Row(
            name: "setViewControllers with a different top", root: nav("A", "B"),
            operation: .setStack([ref("A"), screen("C")]), trace: ["B.wD", "C.wA", "B.dD", "C.dA"]),
        Row(
            name: "add a child to a visible parent", root: screen("Box"), operation: .showChild(screen("Child")),
            options: StepOptions(target: "Box"), trace: ["Child.wA", "Child.dA"]),
        Row(
            name: "remove a visible child",
            root: .split(primary: screen("Menu"), secondary: screen("Detail")), device: .pad,
            operation: .collapse(), trace: ["Detail.wD", "Detail.dD"]),
        Row(
            name: "container appears: nav, then its top only", root: screen("A"),
            operation: .present(nav("X", "Y", id: "modal"), style: .fullScreen),
            trace: ["A.wD", "modal.wA", "Y.wA", "modal.dA", "Y.dA", "A.dD"]),
        Row(
            name: "container disappears: tab, then the selected tab only",
            root: .tabs([nav("A", "A2", id: "navA"), nav("B", id: "navB")], id: "tabs"),
            operation: .present(screen("X"), style: .fullScreen),
            trace: ["tabs.wD", "navA.wD", "A2.wD", "X.wA", "X.dA", "tabs.dD", "navA.dD", "A2.dD"]),
        Row(
            name: "expanded split: both columns",
            root: .split(primary: nav("S", id: "primary"), secondary: screen("G"), id: "split"), device: .pad,
            operation: .present(screen("X"), style: .fullScreen),
            trace: [
                "split.wD", "primary.wD", "S.wD", "G.wD", "X.wA", "X.dA", "split.dD", "primary.dD", "S.dD", "G.dD",
            ]),
        Row(
            name: "collapsed split: the primary column only",
            root: .split(primary: nav("S", id: "primary"), secondary: screen("G"), id: "split"), device: .phone,
            operation: .present(screen("X"), style: .fullScreen),
            trace: ["split.wD", "primary.wD", "G.wD", "X.wA", "X.dA", "split.dD", "primary.dD", "G.dD"]),
        Row(
            name: "dismiss back into a container", root: presenting(nav("A", id: "nav"), screen("B"), style: .fullScreen),
            operation: .dismiss(), trace: ["B.wD", "nav.wA", "A.wA", "nav.dA", "A.dA", "B.dD"]),
    ]

    @Test(arguments: rows)
    func callbacksFollowTheTable(_ row: Row) throws {
        var sim = try Simulator(root: row.root, device: row.device)
        let outcome = sim.perform(row.operation, row.options)
        #expect(outcome.status == .ok)
        #expect(outcome.trace == row.trace)
    }

    @Test(arguments: rows)
    func theOrderIsTheSameWithoutAnimation(_ row: Row) throws {
        var sim = try Simulator(root: row.root, device: row.device)
        var options = row.options
        options.isAnimated = false
        let outcome = sim.perform(row.operation, options)
        #expect(outcome.trace == row.trace)
        #expect(!outcome.events.contains { $0.isAnimated })
    }

    @Test(arguments: [true, false])
    func theAnimatedFlagIsPassedThrough(animated: Bool) throws {
        var sim = try Simulator(root: nav("A", id: "nav"))
        let options = StepOptions(animated: animated)
        for operation in [NavigationOperation.push(screen("B")), .pop(), .present(screen("M"), style: .fullScreen), .dismiss()] {
            let outcome = sim.perform(operation, options)
            #expect(outcome.status == .ok)
            #expect(!outcome.events.isEmpty)
            #expect(outcome.animatedFlags == [animated], "\(operation.name)")
        }
    }

    @Test func onlyControllersEnteringOrLeavingTheWindowGetCallbacks() throws {
        var sim = try Simulator(root: nav("A", "B", "C", "D", id: "nav"))
        let outcome = sim.perform(.popTo("A"))
        #expect(Set(outcome.events.map(\.controller)) == ["D", "A"])
    }

    @Test func changesOutsideTheWindowGetNoCallbacks() throws {
        var sim = try Simulator(root: .tabs([nav("A", id: "navA"), nav("B", id: "navB")], id: "tabs"))
        let push = sim.perform(.push(screen("B2")), StepOptions(target: "B"))
        #expect(push.status == .ok)
        #expect(sim.children("navB") == ["B", "B2"])
        #expect(push.events.isEmpty)
        let pop = sim.perform(.pop(), StepOptions(target: "navB"))
        #expect(pop.status == .ok)
        #expect(pop.events.isEmpty)
    }

    @Test func aNavigationControllerItselfGetsNoCallbacksWhenItsStackChanges() throws {
        var sim = try Simulator(root: nav("A", id: "nav"))
        let outcome = sim.perform(.push(screen("B")))
        #expect(!outcome.events.contains { $0.controller == "nav" })
    }

    @Test func aCancelledInteractivePopChangesNothing() throws {
        var sim = try Simulator(root: nav("A", "B", id: "nav"))
        let before = sim.hierarchy
        let outcome = sim.perform(.pop(interactive: true, cancelled: true))
        #expect(outcome.status == .ok)
        #expect(sim.hierarchy == before)
        #expect(outcome.animation?.kind == "interactivePop")
    }

    @Test func everyWillIsFollowedByItsDid() throws {
        for row in Self.rows where !row.name.hasPrefix("cancelled") {
            var sim = try Simulator(root: row.root, device: row.device)
            let events = sim.perform(row.operation, row.options).events
            for (index, event) in events.enumerated() {
                let did: AppearanceCallback
                switch event.callback {
                case .viewWillAppear: did = .viewDidAppear
                case .viewWillDisappear: did = .viewDidDisappear
                default: continue
                }
                let rest = events[(index + 1)...]
                #expect(rest.contains { $0.controller == event.controller && $0.callback == did }, "\(row.name)")
            }
        }
    }
}

/// An AnimatedStackView node holding `views`.
func stackOf(_ views: [String], id: String) -> NodeSpec {
    var stack = NodeSpec(kind: .stack, id: id)
    stack.children = views.map { .screen($0) }
    return stack
}
