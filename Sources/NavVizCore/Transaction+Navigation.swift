/// UINavigationController and UITabBarController operations (docs/semantics.md, Navigation controller and
/// Tab bar controller).
extension Transaction {
    static let navigationAnimation = Animation(kind: "push", duration: 0.35)
    static let popAnimation = Animation(kind: "pop", duration: 0.35)

    /// The navigation controller an operation acts on: the source itself, or its nearest ancestor.
    func navigation(for operation: String) throws(NavigationError) -> NodeID {
        try container(.navigation, operation: operation, fallback: false)
    }

    mutating func beginNavigation(_ nav: NodeID, _ operation: String, pop: Bool = false) throws(NavigationError) {
        // Off screen (another tab's, under a full-screen presentation), UIKit changes the stack at once: no transition runs,
        // so nothing is in flight, and a transition that ran when it left the window keeps it busy no longer
        // (docs/semantics.md#N10; a trial: a push onto another tab's stack, then a pop to its root, was refused as busy).
        let offScreen = !h.nodesInWindow().contains(nav)
        if !offScreen { try checkIdle(nav, operation) }
        try checkNoPresentationInFlight(around: nav, operation)
        container = nav
        defaultAnimation = pop ? Self.popAnimation : Self.navigationAnimation
        order = .swap
        if offScreen { fixedDuration = 0 }
    }

    mutating func push(_ spec: NodeSpec) throws(NavigationError) {
        try pushOnto(try navigation(for: "push '\(name(of: spec))'"), spec)
    }

    /// `pushViewController(_:animated:)` raises for a split view controller and a navigation controller ("Pushing a
    /// navigation controller is not supported"). A collapsed split nests a secondary navigation controller itself, without
    /// a push (`nestsNavigation`; docs/semantics.md#N3). A tab bar controller is pushed, with a warning (`warnIfTabBar`).
    static func checkPushable(_ kind: NodeKind, _ id: NodeID, nestsNavigation: Bool = false) throws(NavigationError) {
        switch kind {
        case .split: throw .splitPushed(id)
        case .navigation where !nestsNavigation: throw .navigationPushed(id)
        default: return
        }
    }

    /// A tab bar controller pushed: Apple's documentation says a pushed controller cannot be one, but UIKit does not raise,
    /// and apps push one (a login stack pushing the main tab bar), as a scenario's navigation literal may hold one
    /// (docs/semantics.md#N3). A trial: a tab bar popped from a literal's stack could not be pushed back.
    mutating func warnIfTabBar(_ id: NodeID) {
        guard h[id].kind == .tab else { return }
        warnings.append(
            "'\(id)' is a tab bar controller: Apple's documentation says a pushed controller cannot be one, but UIKit does not "
                + "raise and pushes it, its tab bar inside the navigation controller")
    }

    mutating func pop(interactive: Bool, cancelled: Bool) throws(NavigationError) {
        var nav = try navigation(for: "pop")
        // A navigation controller at its root nested in another's stack (a collapsed split's secondary on its primary):
        // the back button on screen is the outer one's, and the inner's swipe cannot begin at its root, so a swipe
        // pops the outer (a trial: the commonest swipe of a master-detail app on a phone read `noop`).
        if interactive { while let outer = Self.outerNavigation(of: nav, in: h) { nav = outer } }
        // At its root, a navigation controller pops nothing, whatever is in flight (UIKit's `popViewController` returns nil;
        // a fidelity trial was told a pop at the root after another pop was busy).
        guard h[nav].children.count > 1 else {
            if h[nav].children.isEmpty { return noop("'\(nav)' holds no controller: there is nothing to pop") }
            if let outer = Self.outerNavigation(of: nav, in: h) {
                return noop(
                    "'\(nav)' is at its root: there is nothing to pop (it sits in the stack of '\(outer)': pop '\(outer)', or swipe back)")
            }
            return noop("'\(nav)' is at its root: there is nothing to pop")
        }
        try beginNavigation(nav, "pop", pop: true)
        if interactive {
            // The back swipe is the navigation controller's own gesture: a presentation over it, or over a container
            // around it, takes the touches (a sheet's dimming view; a full-screen one takes it out of the window).
            if let cover = h.presentation(over: nav) { throw .swipeCovered(nav, presented: cover, pop: true) }
            // And it needs the navigation controller on screen (a review: another tab's stack was swiped back).
            if !h.nodesInWindow().contains(nav) { throw .swipeOffScreen(nav) }
            defaultAnimation = Animation(kind: "interactivePop", duration: 0.35)
        }
        let top = h[nav].children.last!
        if cancelled {
            var copy = h
            copy.detach(top)
            cancelledWindow = Self.controllersInWindow(copy)
            return
        }
        h.detach(top)
    }

    /// The navigation controller whose stack holds `nav` on top when `nav` is at its root: the one whose back button and
    /// swipe are on screen (one under another entry is covered: its swipe is nobody's, a review).
    static func outerNavigation(of nav: NodeID, in h: Hierarchy) -> NodeID? {
        guard h[nav].children.count == 1, let outer = h.parent(of: nav), h[outer].kind == .navigation, h[outer].children.last == nav
        else { return nil }
        return outer
    }

    /// Pops everything above `index` in the stack.
    mutating func pop(_ nav: NodeID, downTo index: Int) {
        for child in h[nav].children[(index + 1)...].reversed() { h.detach(child) }
    }

    mutating func popToRoot() throws(NavigationError) {
        let nav = try navigation(for: "pop to root")
        guard h[nav].children.count > 1 else { return noop("'\(nav)' is already at its root") }
        try beginNavigation(nav, "pop to root", pop: true)
        pop(nav, downTo: 0)
    }

    mutating func popTo(_ id: NodeID) throws(NavigationError) {
        guard h.contains(id) else { throw .unknownNode(id) }
        // A trial's pop to a controller `setTabs` had removed read "'a' is not inside a navigation controller". One still in
        // its removed stack is in a stack (a review): named by it, or, with a target, refused as the target is.
        if !h.isAttached(id) {
            guard let parent = h.parent(of: id) else { throw .popToRemoved(id) }
            if options.target == nil, h[parent].kind == .navigation { throw .popToInRemovedStack(id, navigation: parent) }
        }
        let nav: NodeID
        if options.target == nil, let parent = h.parent(of: id), h[parent].kind == .navigation, h.isAttached(parent) {
            nav = parent
        } else {
            nav = try navigation(for: "pop to '\(id)'")
        }
        guard let index = h[nav].children.firstIndex(of: id) else { throw .notInStack(id, navigation: nav) }
        guard index < h[nav].children.count - 1 else { return noop("'\(id)' is already the top of '\(nav)'") }
        try beginNavigation(nav, "pop to '\(id)'", pop: true)
        pop(nav, downTo: index)
    }

    mutating func popToInstance(_ className: String, which: InstanceMatch) throws(NavigationError) {
        let nav = try navigation(for: "pop to an instance of '\(className)'")
        let stack = h[nav].children
        let matches = stack.indices.filter { h[stack[$0]].isKind(ofClassNamed: className) }
        guard let index = which == .first ? matches.first : matches.last else {
            // A screen of that name whose class is another: classes are what match (a trial read the noop as a bug).
            if let named = stack.first(where: { h[$0].screen == className || $0.rawValue == className }), let actual = h[named].className {
                return noop(
                    "No instance of '\(className)' in the stack of '\(nav)' ('\(named)' is an instance of '\(actual)': popToInstance "
                        + "matches classes)")
            }
            return noop("No instance of '\(className)' in the stack of '\(nav)'")
        }
        guard index < stack.count - 1 else {
            return noop("The \(which.rawValue) instance of '\(className)' is already the top of '\(nav)'")
        }
        try beginNavigation(nav, "pop to an instance of '\(className)'", pop: true)
        pop(nav, downTo: index)
    }

    /// `setViewControllers(_:animated:)`: members may be kept by reference; the animation follows the new top.
    mutating func setStack(_ specs: [NodeSpec]) throws(NavigationError) {
        let nav = try navigation(for: "set the stack")
        try beginNavigation(nav, "set the stack")
        try installStack(specs, in: nav)
    }

    mutating func installStack(_ specs: [NodeSpec], in nav: NodeID) throws(NavigationError) {
        var listed = Set<NodeID>()
        for ref in specs.compactMap(\.ref) where !listed.insert(ref).inserted { throw .duplicateChild(ref, container: nav) }
        let old = h[nav].children
        for child in old { h.detach(child) }
        var stack: [NodeID] = []
        var inStack = Set<NodeID>()
        for spec in specs {
            // A reference to one the list builds before it (`["X", {"ref": "X"}]`): the same controller twice, as a
            // duplicate reference is (it was said to be a child of the navigation controller already, as if from before).
            if let ref = spec.ref, inStack.contains(ref) { throw .duplicateChild(ref, container: nav) }
            let id = try build(spec)
            if !inStack.insert(id).inserted { throw .alreadyInStack(id, navigation: nav) }
            // The stack is pushed as init(rootViewController:) and setViewControllers push: what push refuses, it refuses.
            try Self.checkPushable(h[id].kind, id, nestsNavigation: h.parent(of: nav).map { h[$0].kind == .split } ?? false)
            if !old.contains(id) { warnIfTabBar(id) }
            stack.append(id)
            h.attach(id, to: nav)
        }
        if let top = stack.last, old.dropLast().contains(top) { defaultAnimation = Self.popAnimation }
        if stack.last == old.last { defaultAnimation = nil }
    }

    mutating func replace(_ spec: NodeSpec, mode: ReplaceMode) throws(NavigationError) {
        let name = name(of: spec)
        let nav = try navigation(for: "replace with '\(name)'")
        try beginNavigation(nav, "replace with '\(name)'")
        let stack = h[nav].children
        let kept: [NodeID]
        switch mode {
        case .last: kept = Array(stack.dropLast())
        case .all: kept = []
        case .keepFirst(let count): kept = Array(stack.prefix(max(0, count)))
        }
        try installStack(kept.map { NodeSpec.reference($0) } + [spec], in: nav)
    }

    // MARK: - Tabs

    mutating func select(_ selector: TabSelector, isUserTap: Bool) throws(NavigationError) {
        let tabBar = try container(.tab, operation: "select a tab", fallback: true)
        try checkIdle(tabBar, "select a tab")
        let tabs = h[tabBar].children
        let index: Int
        switch selector {
        case .index(let i):
            guard tabs.indices.contains(i) else { throw .tabOutOfRange(i, count: tabs.count, tabBar: tabBar) }
            index = i
        case .id(let id):
            guard h.contains(id) else { throw .unknownNode(id) }
            guard let i = tabs.firstIndex(of: id) else { throw .notATab(id, tabBar: tabBar) }
            index = i
        }
        // A presentation by the tab bar or a container around it covers the bar (a sheet's dimming view takes the
        // tap); one made inside a tab, in that tab's context, leaves the bar reachable (docs/semantics.md#T3).
        if isUserTap, let cover = h.presentation(over: tabBar) { throw .tabBarCovered(tabBar, presented: cover) }
        // A tab switch is not animated in UIKit; callbacks carry animated: false.
        callbackAnimated = false
        container = tabBar
        if index == h[tabBar].selected {
            let tab = tabs[index]
            // A phone's fifth or later tab of more than five has no button: the tap is the More tab's, which would pop the
            // More navigation controller back to its list, not this tab's stack to its root (a fidelity trial's tap popped
            // it, without a word). navviz has no More list to go back to (docs/semantics.md#T1a).
            if isUserTap, h.device == .phone, tabs.count > 5, index >= 4 {
                return noop(
                    "Tab \(index) of '\(tabBar)' has no button on a phone (it is in the More list): a tap on the More tab would "
                        + "show the More list, which navviz does not model (docs/semantics.md#T1a); nothing changed")
            }
            if isUserTap, h[tab].kind == .navigation, h[tab].children.count > 1 {
                // A tap on the selected tab pops its navigation controller to the root, animated: UIKit calls
                // popToRootViewControllerAnimated:, which a presentation in flight stops as it stops that call (a review), and
                // a push or pop of its own still running refuses as that call does (docs/semantics.md#C3: a trial's tap during a
                // push popped at once).
                try checkIdle(tab, "pop to root")
                try checkNoPresentationInFlight(around: tab, "pop to root")
                callbackAnimated = nil
                container = tab
                defaultAnimation = Self.popAnimation
                pop(tab, downTo: 0)
                return
            }
            return noop("Tab \(index) of '\(tabBar)' is already selected")
        }
        h[tabBar].selected = index
        warnIfInMoreList(tabBar, count: tabs.count, selected: index)
        // The new tab's viewWillAppear comes before the old tab's disappear callbacks (docs/semantics.md#T5).
        order = .appearingFirst
    }

    mutating func setTabs(_ specs: [NodeSpec], selected: Int?) throws(NavigationError) {
        let tabBar = try container(.tab, operation: "set the tabs", fallback: true)
        try checkIdle(tabBar, "set the tabs")
        // One controller named twice is said as such, as `setStack` says it (it read "already a child of 'tabs'", a trial).
        var listed = Set<NodeID>()
        for ref in specs.compactMap(\.ref) where !listed.insert(ref).inserted { throw .duplicateChild(ref, container: tabBar) }
        let old = h[tabBar].children
        let oldIndex = h[tabBar].selected
        let oldSelection = oldIndex.flatMap { old.indices.contains($0) ? old[$0] : nil }
        for child in old { h.detach(child) }
        var tabs: [NodeID] = []
        for spec in specs {
            if let ref = spec.ref, tabs.contains(ref) { throw .duplicateChild(ref, container: tabBar) }
            let id = try build(spec)
            if tabs.contains(id) { throw .duplicateChild(id, container: tabBar) }
            tabs.append(id)
            h.attach(id, to: tabBar)
        }
        // `viewControllers`: reselect the previously selected controller; else the same index; else 0.
        let index =
            selected ?? oldSelection.flatMap { tabs.firstIndex(of: $0) }
            ?? oldIndex.flatMap { tabs.indices.contains($0) ? $0 : nil } ?? 0
        if !tabs.isEmpty, !tabs.indices.contains(index) {
            throw .tabOutOfRange(index, count: tabs.count, tabBar: tabBar)
        }
        h[tabBar].selected = tabs.isEmpty ? nil : index
        if !tabs.isEmpty { warnIfInMoreList(tabBar, count: tabs.count, selected: index) }
        callbackAnimated = false
        container = tabBar
        // A new selected controller arrives as a tab switch does (docs/semantics.md#T5).
        order = .appearingFirst
    }

    /// A phone's tab bar shows four tabs and More when it has more than five: the fifth and later are shown inside
    /// UIKit's More navigation controller, which navviz leaves out (a fidelity trial found no word of it).
    mutating func warnIfInMoreList(_ tabBar: NodeID, count: Int, selected index: Int) {
        if let warning = Self.moreListWarning(tabBar, count: count, selected: index, device: h.device) { warnings.append(warning) }
    }

    /// The warning of a phone's tab bar of more than five tabs whose fifth or later is selected (docs/semantics.md#T1a), nil
    /// for another.
    static func moreListWarning(_ tabBar: NodeID, count: Int, selected index: Int, device: Device) -> String? {
        guard device == .phone, count > 5, index >= 4 else { return nil }
        return "'\(tabBar)' has \(count) tabs: on a phone UIKit shows the fifth and later inside its More navigation "
            + "controller, which navviz does not model (docs/semantics.md#T1a): tab \(index) is selected without it, "
            + "and without the More list's callbacks"
    }

    // MARK: - Custom containers

    /// `transition(from:to:)` in a custom container: show this child, adding it when new.
    mutating func showChild(_ spec: NodeSpec) throws(NavigationError) {
        let from = try source()
        let parent =
            h.ancestry(of: from).first { h[$0].kind == .controller && !h[$0].children.isEmpty }
            ?? (options.target == nil ? nil : from)
        guard let parent, h[parent].kind == .controller else { throw .notAContainer(options.target ?? from) }
        try checkIdle(parent, "show a child")
        container = parent
        defaultAnimation = Animation(kind: "crossDissolve", duration: 0.3)
        if let ref = spec.ref, let index = h[parent].children.firstIndex(of: ref) {
            guard index != h[parent].selected else { return noop("'\(ref)' is already shown in '\(parent)'") }
            h[parent].selected = index
            return
        }
        // The first child has nothing to transition from: `addChild(_:)`, `addSubview`, `didMove(toParent:)`, no animation and
        // no time, its callbacks not animated (a trial read a 0.3 s cross-dissolve that kept the container busy).
        if h[parent].children.isEmpty {
            fixedDuration = 0
            callbackAnimated = false
        }
        let child = try build(spec)
        h.attach(child, to: parent)
        h[parent].selected = h[parent].children.count - 1
    }
}

extension Hierarchy {
    /// The More-list warnings of the tab bars (an initial state that starts on a fifth or later tab: a fidelity trial's
    /// launch on its Downloads tab said nothing, where a `select` of it did).
    public var moreListWarnings: [String] {
        attachedNodes().compactMap { id in
            let node = self[id]
            guard node.kind == .tab, let index = node.selected else { return nil }
            return Transaction.moreListWarning(id, count: node.children.count, selected: index, device: device)
        }
    }
}
