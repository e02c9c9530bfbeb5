extension Hierarchy {
    /// Allocates the next id for a base name: `Product`, then `Product#2`, `Product#3`…
    /// A number already taken by an explicit id that looks generated (`"Product#2"`) is skipped.
    mutating func allocateID(base: String) -> NodeID {
        let (id, count) = nextID(base: base)
        setNameCount(base, count)
        return id
    }

    /// The id `allocateID` would give next, and its number.
    func nextID(base: String) -> (id: NodeID, count: Int) {
        var count = nameCounts[base] ?? 0
        var id: NodeID
        repeat {
            count += 1
            id = NodeID(count == 1 ? base : "\(base)#\(count)")
        } while boxes[id] != nil
        return (id, count)
    }

    /// Builds the nodes of a literal (pre-order ids) and returns the new node's id, unattached.
    /// A `{"ref": id}` returns the existing controller, which must be detached.
    mutating func build(_ spec: NodeSpec) throws(NavigationError) -> NodeID {
        var copy = self
        copy.lastBuilt = []
        let id = try copy.buildUnchecked(spec)
        self = copy
        return id
    }

    /// Like `build`, but on failure the hierarchy may hold part of the literal: for callers that
    /// discard the whole value on error (a simulator transaction), it saves a copy.
    mutating func buildDiscardingOnFailure(_ spec: NodeSpec) throws(NavigationError) -> NodeID {
        lastBuilt = []
        return try buildUnchecked(spec)
    }

    /// The recursive part of `build`, kept small: deep literals recurse through this frame only.
    private mutating func buildUnchecked(_ spec: NodeSpec) throws(NavigationError) -> NodeID {
        if let ref = spec.ref { return try resolveReference(ref) }
        let id = makeNode(spec)
        var children: [NodeID] = []
        for index in spec.children.indices {
            let childSpec = spec.children[index]
            let child = try buildUnchecked(spec.kind == .stack ? childSpec.asStackView : childSpec)
            try adopt(child, at: index, of: spec, parent: id, children: &children)
        }
        try finishNode(id, spec: spec, children: children)
        return id
    }

    @inline(never)
    private func resolveReference(_ ref: NodeID) throws(NavigationError) -> NodeID {
        guard contains(ref) else { throw .unknownNode(ref) }
        if lastBuilt.contains(ref) { throw .referencesItself(ref) }
        if let parent = parent(of: ref) { throw .alreadyInHierarchy(ref, parent: parent) }
        if ref == root || self[ref].presenter != nil { throw .installedElsewhere(ref, presenter: self[ref].presenter) }
        return ref
    }

    @inline(never)
    private mutating func makeNode(_ spec: NodeSpec) -> NodeID {
        let id = allocateID(base: spec.baseName)
        lastBuilt.append(id)
        let info = spec.screen.flatMap { screens[$0] }
        var node = Node(
            id: id, kind: spec.kind, screen: spec.screen, title: spec.title ?? info?.title,
            className: spec.className ?? info?.className)
        if let defines = spec.definesPresentationContext { node.definesPresentationContext = defines }
        journalInsertion(id)
        boxes[id] = NodeBox(node)
        if spec.kind == .stack { containsStacks = true }
        return id
    }

    @inline(never)
    private mutating func adopt(
        _ child: NodeID, at index: Int, of spec: NodeSpec, parent id: NodeID, children: inout [NodeID]
    ) throws(NavigationError) {
        // Only a reference can name a child twice: a child made here is new. Looked up for references alone, as a search of
        // every child for every child made a tab bar of 20,000 tabs take seconds to build (a security review's large snapshot).
        if spec.children[index].ref != nil, children.contains(child) { throw .duplicateChild(child, container: id) }
        children.append(child)
        setParent(child, id)
        if spec.kind == .split, index < spec.roles.count { self[child].role = spec.roles[index] }
        if spec.kind == .activity, index < spec.keys.count { self[child].key = spec.keys[index] }
    }

    /// Sets a built node's children and what its kind keeps, then builds what it shows beyond its literal children (an
    /// activity's generated child, what it presents). The setting is a function of its own: with a whole `Node` and its
    /// kinds' states in its frame, this took 11 KB of a debug build's stack a level of a presentation chain.
    @inline(never)
    private mutating func finishNode(_ id: NodeID, spec: NodeSpec, children: [NodeID]) throws(NavigationError) {
        try configureNode(id, spec: spec, children: children)
        if spec.kind == .activity, let active = spec.active, !spec.keys.contains(active) {
            // The active key comes from a generator: build it now, in a navigation controller when the key asks for one, as
            // an activation builds it (a docs trial found the initial key unwrapped).
            var generated = spec.generators[active]!
            if spec.wrapsInNavigation.contains(active), generated.kind != .navigation { generated = .navigation([generated]) }
            let child = try buildUnchecked(generated)
            attach(child, to: id)
            self[child].key = active
            self[id].activity?.history = [active]
        }
        if spec.kind == .split {
            let collapse = spec.isCollapsed ?? (device == .phone)
            if collapse { collapseSplit(id, onto: nil) }
        }
        if let presented = spec.presents {
            let child = try buildUnchecked(presented)
            self[id].presented = child
            self[child].presenter = id
            self[child].style = spec.presentsStyle
        }
    }

    @inline(never)
    private mutating func configureNode(_ id: NodeID, spec: NodeSpec, children: [NodeID]) throws(NavigationError) {
        var node: Node
        node = self[id]
        node.children = children
        switch spec.kind {
        case .tab:
            node.selected = children.isEmpty ? nil : (spec.selected ?? 0)
            if let selected = spec.selected, !children.indices.contains(selected) {
                throw .tabOutOfRange(selected, count: children.count, tabBar: id)
            }
        case .controller where !children.isEmpty:
            node.selected = spec.selected ?? children.count - 1
        case .notifications:
            node.selected = children.isEmpty ? nil : (spec.selected ?? 0)
        case .activity:
            var state = ActivityState()
            state.flavor = spec.flavor ?? .activityViewController
            state.generators = spec.generators
            state.wrapsInNavigation = spec.wrapsInNavigation
            node.activity = state
            node.active = spec.active
            if let active = spec.active {
                guard spec.keys.contains(active) || spec.generators[active] != nil else {
                    throw .unknownActivity(active, container: id, known: spec.keys + spec.generators.keys.sorted())
                }
                state.initial = active
                node.activity = state
            }
            // Active child last: inactive ones are ordered by deactivation.
            if let active = spec.active, let index = spec.keys.firstIndex(of: active) {
                let activeChild = node.children.remove(at: index)
                node.children.append(activeChild)
                node.activity?.history = [active]
            }
        case .stack:
            var state = StackState()
            if let metrics = spec.stackMetrics { state.metrics = metrics }
            // As `setViews(_:)`: every view is stacked, only the last one is a subview.
            state.views = children
            state.subviews = Array(children.suffix(1))
            node.stack = state
        case .split:
            node.isCollapsed = false
            node.splitDisplay = spec.splitDisplay
        default:
            break
        }
        self[id] = node
    }

    /// Appends a child to a container's children and records the parent.
    mutating func attach(_ child: NodeID, to parent: NodeID) {
        self[parent].children.append(child)
        setParent(child, parent)
    }

    /// Removes a child from its container.
    mutating func detach(_ child: NodeID) {
        guard let parent = parent(of: child) else { return }
        self[parent].children.removeAll { $0 == child }
        setParent(child, nil)
        self[child].role = nil
    }

    /// Collapses a split: the secondary (and supplementary) are pushed onto the primary navigation
    /// controller or onto `onto`; with no navigation controller they stay hidden.
    mutating func collapseSplit(_ split: NodeID, onto: NodeID?) {
        self[split].isCollapsed = true
        let primary = splitChild(split, role: .primary)
        let target = onto ?? primary.flatMap { self[$0].kind == .navigation ? $0 : nil }
        self[split].collapsedOnto = target
        self[split].collapsedColumns = []
        for role in [SplitRole.supplementary, .secondary] {
            guard let child = splitChild(split, role: role) else { continue }
            detach(child)
            if let target {
                attach(child, to: target)
                self[split].collapsedColumns.append(child)
            } else {
                // The split keeps the column for a later expand, but not as a child.
                self[child].role = role
                self[split].hiddenColumns.append(child)
            }
        }
    }

    /// Puts back the columns a collapse hid (`expand`).
    mutating func restoreHiddenColumns(of split: NodeID) {
        let hidden = self[split].hiddenColumns
        self[split].hiddenColumns = []
        for child in hidden {
            let role = self[child].role
            attach(child, to: split)
            self[child].role = role
        }
        orderColumns(of: split)
    }

    /// Puts a split's children in column order: primary, supplementary, secondary.
    mutating func orderColumns(of split: NodeID) {
        let order: [SplitRole?] = [.primary, .supplementary, .secondary, nil]
        let ranked = self[split].children.map { (id: $0, rank: order.firstIndex(of: self[$0].role)!) }
        let sorted = ranked.sorted { $0.rank < $1.rank }.map(\.id)
        self[split].children = sorted
    }

    /// Makes a detached node the window root (no callbacks; the simulator emits them).
    mutating func setRoot(_ id: NodeID?) { root = id }
}

extension Hierarchy {
    /// Adds a node that already has an id (from a snapshot) under a containment parent, or as a presentation
    /// of `presenter`. Id counters move past it, so later ids never reuse it. Throws for a parent or presenter
    /// not added yet, a presenter that already presents, and an id already added.
    mutating func insert(_ node: Node, parent: NodeID? = nil, presenter: NodeID? = nil) throws(NavigationError) {
        for id in [parent, presenter].compactMap({ $0 }) where !contains(id) { throw .unknownNode(id) }
        if let presenter, let presented = self[presenter].presented {
            throw .alreadyPresenting(presenter: presenter, presented: presented, new: node.id)
        }
        if contains(node.id) { throw .duplicateChild(node.id, container: parent ?? presenter ?? node.id) }
        var node = node
        node.children = []
        node.presented = nil
        node.presenter = nil
        journalInsertion(node.id)
        var stored = node
        stored.parent = nil
        boxes[node.id] = NodeBox(stored)
        if node.kind == .stack { containsStacks = true }
        if let parent {
            attach(node.id, to: parent)
            self[node.id].role = node.role
        }
        if let presenter {
            self[presenter].presented = node.id
            self[node.id].presenter = presenter
        }
        let (numberedBase, number) = node.id.numbered
        let base = String(numberedBase)
        setNameCount(base, max(nameCounts[base] ?? 0, number ?? 1))
    }
}

extension Hierarchy {
    /// Forgets detached controllers (popped, dismissed, replaced) unless `retained` names one in their
    /// subtree. Ids stay counted, so they are never reused.
    mutating func collectDetached(keeping retained: Set<NodeID>) {
        var attached = Set<NodeID>()
        for id in attachedNodes() { attached.insert(id) }
        var keep = attached
        func subtree(of id: NodeID) -> [NodeID] {
            var out: [NodeID] = []
            var stack = [id]
            while let next = stack.popLast() {
                out.append(next)
                stack += self[next].children + self[next].hiddenColumns
                if let presented = self[next].presented { stack.append(presented) }
            }
            return out
        }
        // Columns a collapsed split hid are kept with it.
        for id in attached {
            for column in self[id].hiddenColumns { keep.formUnion(subtree(of: column)) }
        }
        for (id, box) in boxes where !attached.contains(id) && box.value.parent == nil && box.value.presenter == nil {
            let nodes = subtree(of: id)
            if nodes.contains(where: retained.contains) { keep.formUnion(nodes) }
        }
        for id in boxes.keys where !keep.contains(id) {
            boxes[id] = nil
        }
    }
}
