extension Hierarchy {
    /// The same window with some nodes under other ids (`map`: old id → new id), every reference to them renamed
    /// too: root, containment, presentation, split columns, activity and stack state. Ids not in `map` stay; the new
    /// ids must not be taken by a node that keeps its own. Nothing else changes (the id counters stay: a renamed window is
    /// compared and drawn, not built on).
    public func renamingNodes(_ map: [NodeID: NodeID]) -> Hierarchy {
        guard !map.isEmpty else { return self }
        func renamed(_ id: NodeID) -> NodeID { map[id] ?? id }
        func renamed(_ id: NodeID?) -> NodeID? { id.map { map[$0] ?? $0 } }
        func renamed(_ ids: [NodeID]) -> [NodeID] { ids.map { map[$0] ?? $0 } }
        var out = self
        out.journal = nil
        out.root = renamed(root)
        out.lastBuilt = renamed(lastBuilt)
        out.boxes = [:]
        out.boxes.reserveCapacity(boxes.count)
        for (id, box) in boxes {
            var node = box.value
            node.id = renamed(id)
            node.children = renamed(node.children)
            node.parent = renamed(node.parent)
            node.collapsedOnto = renamed(node.collapsedOnto)
            node.hiddenColumns = renamed(node.hiddenColumns)
            node.collapsedColumns = renamed(node.collapsedColumns)
            node.presented = renamed(node.presented)
            node.presenter = renamed(node.presenter)
            if let unremoved = node.activity?.unremovedChildren { node.activity!.unremovedChildren = renamed(unremoved) }
            if node.stack != nil {
                node.stack!.views = renamed(node.stack!.views)
                node.stack!.subviews = renamed(node.stack!.subviews)
                node.stack!.removalQueue = renamed(node.stack!.removalQueue)
                node.stack!.leaked = renamed(node.stack!.leaked)
            }
            out.boxes[node.id] = NodeBox(node)
        }
        return out
    }
}

extension ViewFinderResult {
    /// The same report with some controllers under other ids (`Hierarchy.renamingNodes`).
    public func renamingNodes(_ map: [NodeID: NodeID]) -> ViewFinderResult {
        func renamed(_ ids: [NodeID]) -> [NodeID] { ids.map { map[$0] ?? $0 } }
        return ViewFinderResult(visible: visible.map { map[$0] ?? $0 }, path: renamed(path), onScreen: renamed(onScreen))
    }
}
