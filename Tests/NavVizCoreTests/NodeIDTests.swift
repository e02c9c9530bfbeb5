import NavVizCore
import Testing

/// Stable node ids (docs/format.md, Ids; docs/semantics.md#O4).
@Suite struct NodeIDTests {
    func ids(_ spec: NodeSpec) throws -> [NodeID] {
        try Simulator(root: spec).hierarchy.attachedNodes()
    }

    @Test func aRepeatedScreenNameGetsNumberedSuffixesInCreationOrder() throws {
        #expect(try ids(nav("Product", "Product", "Product")) == ["navigation", "Product", "Product#2", "Product#3"])
    }

    @Test func unnamedNodesAreNamedAfterTheirKind() throws {
        let spec = NodeSpec.tabs([
            .navigation([NodeSpec(kind: .controller)]), .split(primary: NodeSpec(kind: .controller), secondary: nil),
            .navigation([]),
        ])
        #expect(try ids(spec) == ["tab", "navigation", "controller", "split", "controller#2", "navigation#2"])
    }

    @Test func anExplicitIDIsUsedAsGiven() throws {
        #expect(try ids(nav("Product", id: "shopNav")) == ["shopNav", "Product"])
        #expect(try ids(.navigation([screen("Product", id: "hero")])) == ["navigation", "hero"])
    }

    @Test func aRepeatedExplicitIDIsNumberedToo() throws {
        #expect(try ids(.navigation([screen("A", id: "hero"), screen("B", id: "hero")])) == ["navigation", "hero", "hero#2"])
    }

    @Test func explicitIDsAndScreenNamesShareOneCounter() throws {
        let spec = NodeSpec.navigation([screen("Product"), screen("Other", id: "Product")])
        #expect(try ids(spec) == ["navigation", "Product", "Product#2"])
    }

    @Test func idsAreAllocatedInPreOrder() throws {
        let spec = NodeSpec.tabs([nav("A", "B"), presenting(nav("A"), screen("B"))])
        // A node, then its children, then what it presents.
        #expect(try ids(spec) == ["tab", "navigation", "A", "B", "navigation#2", "A#2", "B#2"])
    }

    @Test func anIDIsNeverReusedAfterItsControllerWasPopped() throws {
        var sim = try Simulator(root: nav("Home", id: "nav"))
        sim.perform(.push(screen("Product")))
        sim.perform(.pop())
        let outcome = sim.perform(.push(screen("Product")))
        #expect(outcome.created == ["Product#2"])
        #expect(sim.children("nav") == ["Home", "Product#2"])
    }

    @Test func anIDIsNeverReusedAfterItsControllerWasDismissed() throws {
        var sim = try Simulator(root: screen("Home"))
        sim.perform(.present(screen("Product")))
        sim.perform(.dismiss())
        sim.perform(.setRoot(screen("Other")))
        let outcome = sim.perform(.present(screen("Product")))
        #expect(outcome.created == ["Product#2"])
    }

    @Test func anIDIsNeverReusedAfterTheWindowRootWasReplaced() throws {
        var sim = try Simulator(root: screen("Home"))
        sim.perform(.setRoot(screen("Other")))
        #expect(sim.perform(.setRoot(screen("Home"))).created == ["Home#2"])
    }

    @Test func createdListsEveryNewNodeInCreationOrder() throws {
        var sim = try Simulator(root: screen("Home"))
        let outcome = sim.perform(.present(nav("A", "B", id: "modal")))
        #expect(outcome.created == ["modal", "A", "B"])
    }

    @Test func aReferenceCreatesNothing() throws {
        var sim = try Simulator(root: nav("A", "B", id: "nav"))
        sim.perform(.pop())
        let outcome = sim.perform(.push(ref("B")))
        #expect(outcome.created.isEmpty)
        #expect(sim.hierarchy.nodeCount == 3)
    }

    @Test func anExplicitIDThatLooksGeneratedNeverCollides() throws {
        let spec = NodeSpec.navigation([screen("A", id: "Product#2"), screen("Product"), screen("Product")])
        let sim = try Simulator(root: spec)
        let stack = sim.children("navigation")
        #expect(stack.count == 3)
        #expect(Set(stack).count == 3)
        #expect(sim.hierarchy.nodeCount == 4)
        #expect(sim.hierarchy["Product#2"].screen == "A")
    }

    @Test func insertedNodesMoveTheCounterPastTheirNumber() throws {
        var builder = HierarchyBuilder()
        try builder.insert(Node(id: "nav", kind: .navigation))
        try builder.insert(Node(id: "Product#5", kind: .controller, screen: "Product"), parent: "nav")
        try builder.insert(Node(id: "Home", kind: .controller, screen: "Home"), parent: "nav")
        var sim = Simulator(hierarchy: builder.build(root: "nav"))
        let still = StepOptions(animated: false)
        #expect(sim.perform(.push(screen("Product")), still).created == ["Product#6"])
        #expect(sim.perform(.push(screen("Home")), still).created == ["Home#2"])
    }

    @Test func aRepeatedInsertedIDIsRejected() throws {
        var builder = HierarchyBuilder()
        try builder.insert(Node(id: "Home", kind: .controller))
        #expect(throws: NavigationError.duplicateChild("Home", container: "Home")) {
            try builder.insert(Node(id: "Home", kind: .controller))
        }
    }

    @Test func idsAreDeterministic() throws {
        let spec = NodeSpec.tabs([nav("A", "A"), .split(primary: nav("S"), secondary: screen("A"))])
        #expect(try Simulator(root: spec) == Simulator(root: spec))
        #expect(try Simulator(root: spec).hierarchy.nodeIDs == Simulator(root: spec).hierarchy.nodeIDs)
    }

    @Test func rawValueAndDescriptionAreTheIDText() {
        let id: NodeID = "Product#2"
        #expect(id.rawValue == "Product#2")
        #expect(id.description == "Product#2")
        #expect(NodeID("Product") < NodeID("Product#2"))
    }
}

@Suite struct SelfReferenceTests {
    @Test func aLiteralThatPresentsItselfIsRejected() throws {
        var sim = try Simulator(root: .screen("Home"))
        var spec = NodeSpec.screen("B")
        spec.presents = .reference("B")
        let outcome = sim.perform(.present(spec))
        #expect(outcome.status == .rejected)
        #expect(outcome.message == "Cannot use 'B' inside its own literal: a controller cannot contain or present itself")
    }

    @Test func aRootThatPresentsItselfCannotBeBuilt() {
        var spec = NodeSpec.screen("A")
        spec.presents = .reference("A")
        #expect(throws: NavigationError.referencesItself("A")) { try Simulator(root: spec) }
    }
}
