import NavVizCore
import Testing

/// Hierarchies read from snapshots and captures are put together with `HierarchyBuilder`; everything else
/// changes a hierarchy through operations.
@Suite struct HierarchyBuilderTests {
    @Test func aBuiltHierarchyIsWhatTheSimulatorWouldHaveBuilt() throws {
        var builder = HierarchyBuilder()
        try builder.insert(Node(id: "tabs", kind: .tab))
        try builder.insert(Node(id: "homeNav", kind: .navigation), parent: "tabs")
        try builder.insert(Node(id: "Home", kind: .controller, screen: "Home"), parent: "homeNav")
        try builder.insert(Node(id: "Cart", kind: .controller, screen: "Cart"), parent: "tabs")
        try builder.insert(Node(id: "Sheet", kind: .controller, screen: "Sheet"), presenter: "tabs")
        // A reader finishes a container once its children are in.
        builder["tabs"].selected = 1
        #expect(builder.contains("Cart"))
        #expect(!builder.contains("Settings"))
        let hierarchy = builder.build(root: "tabs")

        var expected = try Simulator(root: .tabs([.navigation([.screen("Home")], id: "homeNav"), .screen("Cart")], id: "tabs"))
        #expect(expected.perform(.select(.index(1)), StepOptions(animated: false)).status == .ok)
        #expect(expected.perform(.present(.screen("Sheet")), StepOptions(animated: false)).status == .ok)
        let simulated = expected.hierarchy
        #expect(hierarchy.root == "tabs")
        #expect(hierarchy["tabs"].children == simulated["tabs"].children)
        #expect(hierarchy["tabs"].selected == 1)
        #expect(hierarchy["tabs"].presented == "Sheet")
        #expect(hierarchy["Sheet"].presenter == "tabs")
        #expect(ViewFinder().find(in: hierarchy).visible == "Sheet")
    }

    @Test func aPresentedNodeIsNotAChild() throws {
        var builder = HierarchyBuilder()
        try builder.insert(Node(id: "Home", kind: .controller))
        try builder.insert(Node(id: "Sheet", kind: .controller), presenter: "Home")
        let hierarchy = builder.build(root: "Home")
        #expect(hierarchy["Home"].children == [])
        #expect(hierarchy["Home"].presented == "Sheet")
    }

    @Test func aNodeIsInsertedOnlyUnderNodesAlreadyThere() throws {
        var builder = HierarchyBuilder()
        #expect(throws: NavigationError.unknownNode("nav")) { try builder.insert(Node(id: "Home", kind: .controller), parent: "nav") }
        #expect(throws: NavigationError.unknownNode("Home")) { try builder.insert(Node(id: "Sheet", kind: .controller), presenter: "Home") }
        try builder.insert(Node(id: "Home", kind: .controller))
        try builder.insert(Node(id: "Sheet", kind: .controller), presenter: "Home")
        #expect(throws: NavigationError.alreadyPresenting(presenter: "Home", presented: "Sheet", new: "Alert")) {
            try builder.insert(Node(id: "Alert", kind: .controller), presenter: "Home")
        }
        #expect(builder.build(root: "Sheet").root == nil, "a presented node is not a window root")
        #expect(builder.build(root: "Nowhere").root == nil)
        #expect(builder.build(root: "Home").root == "Home")
    }

    @Test func linksChangeOnlyThroughInsert() throws {
        var builder = HierarchyBuilder()
        try builder.insert(Node(id: "nav", kind: .navigation))
        try builder.insert(Node(id: "Home", kind: .controller), parent: "nav")
        builder["nav"].children = ["Ghost"]
        builder["nav"].presented = "Ghost"
        builder["nav"].title = "Start"
        let hierarchy = builder.build(root: "nav")
        #expect(hierarchy["nav"].children == ["Home"])
        #expect(hierarchy["nav"].presented == nil)
        #expect(hierarchy["nav"].title == "Start")
    }

    @Test func anEmptyBuilderIsAnEmptyWindow() {
        let hierarchy = HierarchyBuilder(device: .pad).build(root: nil)
        #expect(hierarchy.root == nil)
        #expect(hierarchy.nodeCount == 0)
        #expect(hierarchy.device == .pad)
    }
}
