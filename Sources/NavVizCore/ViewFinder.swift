/// Which algorithm finds the visible controller.
public enum ViewFinderStrategy: String, Sendable, CaseIterable, Equatable {
    /// Topmost presentation first, then each container's shown child, down to a leaf.
    case navviz
    /// Ariadne's `CurrentlyVisibleViewFinder`, exactly (it stops at splits and custom containers).
    case ariadne
    /// Ariadne's `SplitViewCurrentlyVisibleViewFinder(.main)`.
    case splitMain
    /// Ariadne's `SplitViewCurrentlyVisibleViewFinder(.detail)`.
    case splitDetail

    /// Parses a finder name; `ariadne.splitMain` and `ariadne-splitMain` are accepted too.
    public init?(name: String) {
        var trimmed = Substring(name)
        for prefix in ["ariadne.", "ariadne-"] where trimmed.hasPrefix(prefix) && trimmed.count > prefix.count {
            trimmed = trimmed.dropFirst(prefix.count)
        }
        self.init(rawValue: String(trimmed))
    }
}

/// What a finder reports: the visible controller, the path to it from the window, and what is on screen.
public struct ViewFinderResult: Sendable, Equatable {
    /// The controller the finder stops at (nil only when the window has no root).
    public var visible: NodeID?
    /// From the window root to `visible`, through presentations.
    public var path: [NodeID]
    /// Every controller whose content is on screen (an expanded split shows two).
    public var onScreen: [NodeID]
}

/// Walks a hierarchy to locate the visible controller.
public struct ViewFinder: Sendable, Equatable {
    /// The algorithm.
    public var strategy: ViewFinderStrategy

    /// A finder using an algorithm.
    public init(_ strategy: ViewFinderStrategy = .navviz) { self.strategy = strategy }

    /// Finds the visible controller from the window root (or from `start`).
    public func find(in hierarchy: Hierarchy, from start: NodeID? = nil) -> ViewFinderResult {
        let (visible, path) = walk(in: hierarchy, from: start)
        return ViewFinderResult(visible: visible, path: path, onScreen: visible == nil ? [] : hierarchy.onScreen())
    }

    /// The visible controller alone (no on-screen set: cost grows with depth only).
    public func visibleController(in hierarchy: Hierarchy, from start: NodeID? = nil) -> NodeID? {
        walk(in: hierarchy, from: start).visible
    }

    private func walk(in hierarchy: Hierarchy, from start: NodeID?) -> (visible: NodeID?, path: [NodeID]) {
        guard let begin = start ?? hierarchy.root else { return (nil, []) }
        var path: [NodeID] = []
        switch strategy {
        case .navviz: return (navvizFind(begin, in: hierarchy, path: &path), path)
        case .ariadne, .splitMain, .splitDetail: return (ariadneFind(begin, in: hierarchy, path: &path), path)
        }
    }

    private func navvizFind(_ id: NodeID, in h: Hierarchy, path: inout [NodeID]) -> NodeID {
        var current = id
        // Whether the parts on screen below `current` were looked through for a presentation and hold none: then no part
        // of theirs does either, until the walk goes into what is presented.
        var noneBelow = false
        while true {
            path.append(current)
            if let presented = h.shownPresentation(of: current) {
                current = presented
                noneBelow = false
                continue
            }
            // A presentation from any part on screen is in front of the rest: one of several embedded children's, a split's
            // sidebar's popover (a trial's compose sheet over a split beside a toast read the root container as visible).
            if !noneBelow {
                if let chain = Self.presenterOnScreen(below: current, in: h), let presenter = chain.last {
                    path += chain.dropLast()
                    current = presenter
                    continue
                }
                noneBelow = true
            }
            guard let next = Self.focusChild(of: current, in: h) else { return current }
            current = next
        }
    }

    /// The controllers from a child on screen of `id` down to the last one on screen below it (in drawing order) that
    /// presents, nil when none does. What a presenter presents is in front of what it contains: nothing below one is
    /// looked at (a review: a context presented inside a presenter's tree, covered by the presenter's own presentation,
    /// was taken for the visible one).
    static func presenterOnScreen(below id: NodeID, in h: Hierarchy) -> [NodeID]? {
        var found: [NodeID]?
        var chain: [NodeID] = []
        func visit(_ node: NodeID) {
            chain.append(node)
            if h.shownPresentation(of: node) != nil {
                found = chain
            } else {
                h.forEachShownChild(of: node, visit)
            }
            chain.removeLast()
        }
        h.forEachShownChild(of: id, visit)
        return found
    }

    /// The child a container puts in front: nav top, selected tab, the split's secondary when expanded
    /// (its primary when collapsed), the active activity, the current notification, a custom container's
    /// visible child. Views inside an animated stack are not controllers, so a stack is a leaf.
    public static func focusChild(of id: NodeID, in h: Hierarchy) -> NodeID? {
        guard let box = h.boxes[id] else { return nil }
        switch box.value.kind {
        case .split:
            if box.value.isCollapsed == true { return h.splitChild(id, role: .primary) }
            return h.splitChild(id, role: .secondary) ?? h.splitChild(id, role: .primary)
        case .stack, .view:
            return nil
        case .controller where box.value.embedded != nil:
            // Children on screen as parts of its screen (several at once, or one such as an embedded SwiftUI view): the
            // container itself is the visible controller.
            return nil
        default:
            var first: NodeID?
            h.forEachShownChild(of: id) { if first == nil { first = $0 } }
            return first
        }
    }

    private func ariadneFind(_ id: NodeID?, in h: Hierarchy, path: inout [NodeID]) -> NodeID {
        // Mirrors CurrentlyVisibleViewFinder.find; `path` records the visited controllers.
        func find(_ id: NodeID?) -> NodeID? {
            guard let id else { return nil }
            path.append(id)
            let node = h[id]
            if node.kind == .split, strategy == .splitMain || strategy == .splitDetail {
                let reported = splitViewControllers(id, in: h)
                let pick = strategy == .splitMain ? reported.first : reported.last
                if let pick { path.append(pick) }
                return pick ?? id
            }
            switch node.kind {
            case .tab:
                return find(node.selectedChild ?? h.presentedViewController(of: id)) ?? id
            case .navigation:
                return find(h.presentedViewController(of: id) ?? node.children.last) ?? id
            default:
                return find(h.presentedViewController(of: id)) ?? id
            }
        }
        let found = find(id)!
        // Keep only the chain that led to the result (a failed branch never appends, so this is the path).
        if let index = path.lastIndex(of: found) { path = Array(path[...index]) }
        return found
    }

    /// UISplitViewController.viewControllers: expanded [primary, supplementary?, secondary], collapsed one.
    public func splitViewControllers(_ id: NodeID, in h: Hierarchy) -> [NodeID] {
        let columns = [SplitRole.primary, .supplementary, .secondary].compactMap { h.splitChild(id, role: $0) }
        return h[id].isCollapsed == true ? Array(columns.prefix(1)) : columns
    }
}
