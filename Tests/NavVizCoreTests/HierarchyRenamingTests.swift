import Testing

@testable import NavVizCore

/// `Hierarchy.renamingNodes`: every reference to a renamed node follows it (`navviz diff` renames captured controllers
/// to their counterparts' numbers, docs/reviewing.md).
@Suite struct HierarchyRenamingTests {
    /// Every value of type `NodeID` reachable from `value`, with its property path; and the paths of `NodeID`
    /// properties left empty (nil, or an empty list), which a fixture meant to set them all must not have.
    static func nodeIDs(in value: Any, path: String = "", ids: inout [(String, NodeID)], empty: inout [String]) {
        if let id = value as? NodeID {
            ids.append((path, id))
            return
        }
        let mirror = Mirror(reflecting: value)
        if type(of: value) == NodeID?.self || type(of: value) == [NodeID].self, mirror.children.isEmpty {
            empty.append(path)
            return
        }
        for (offset, child) in mirror.children.enumerated() {
            let name = child.label ?? "\(offset)"
            nodeIDs(in: child.value, path: path.isEmpty ? name : "\(path).\(name)", ids: &ids, empty: &empty)
        }
    }

    /// A window whose one node refers to itself through every field that can hold a node's id.
    static func everyReference(_ id: NodeID) -> Hierarchy {
        var node = Node(id: id, kind: .activity)
        node.children = [id]
        node.parent = id
        node.collapsedOnto = id
        node.hiddenColumns = [id]
        node.collapsedColumns = [id]
        node.presented = id
        node.presenter = id
        node.activity = ActivityState()
        node.activity!.unremovedChildren = [id]
        node.stack = StackState()
        node.stack!.views = [id]
        node.stack!.subviews = [id]
        node.stack!.removalQueue = [id]
        node.stack!.leaked = [id]
        var h = Hierarchy()
        h.boxes[id] = NodeBox(node)
        h.root = id
        h.lastBuilt = [id]
        return h
    }

    @Test func everyReferenceFollowsTheRenamedNode() {
        let before = Self.everyReference("Nav#4")
        var ids: [(String, NodeID)] = []
        var empty: [String] = []
        Self.nodeIDs(in: before[NodeID("Nav#4")], ids: &ids, empty: &empty)
        // A field added to Node that holds an id must be set here (and renamed by `renamingNodes`).
        #expect(empty == [])
        #expect(ids.count == 13)
        let after = before.renamingNodes(["Nav#4": "Nav#5"])
        #expect(!after.contains("Nav#4"))
        var renamed: [(String, NodeID)] = []
        Self.nodeIDs(in: after, ids: &renamed, empty: &empty)
        #expect(renamed.filter { $0.1 != "Nav#5" }.map(\.0) == [])
        #expect(renamed.count == ids.count + 3)  // and the window's root, lastBuilt and the node table's key
        #expect(after == Self.everyReference("Nav#5"))
    }

    @Test func nodesNotRenamedKeepTheirIDsAndTheFinderFollows() throws {
        let h = try Simulator(root: .tabs([nav("A"), nav("B")])).hierarchy
        let renamed = h.renamingNodes(["navigation#2": "navigation#3"])
        #expect(renamed.attachedNodes() == ["tab", "navigation", "A", "navigation#3", "B"])
        #expect(renamed.parent(of: "B") == "navigation#3")
        let finder = ViewFinder().find(in: h).renamingNodes(["A": "A#2"])
        #expect(finder.visible == "A#2")
        #expect(finder.path == ["tab", "navigation", "A#2"])
        #expect(h.renamingNodes([:]) == h)
    }
}
