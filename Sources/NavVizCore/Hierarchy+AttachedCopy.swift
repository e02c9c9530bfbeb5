extension Hierarchy {
    /// A copy holding only the nodes attached to the window: everything a snapshot, a diagram or a
    /// finder looks at, without the detached controllers kept for later references. A compact record
    /// of one state (the daemon keeps one per step), and the original stays uniquely owned, so the
    /// next operation changes it in place instead of copying it.
    public func attachedCopy() -> Hierarchy {
        var copy = Hierarchy(device: device, screens: screens)
        copy.root = root
        copy.nameCounts = nameCounts
        copy.lastBuilt = lastBuilt
        let attached = attachedNodes()
        copy.nodes.reserveCapacity(attached.count)
        for id in attached {
            copy.nodes[id] = nodes[id]
            if let parent = parents[id] { copy.parents[id] = parent }
        }
        return copy
    }
}
