/// Split views, `show`/`showDetail`, modal presentation and the window root (docs/semantics.md, Split view
/// controller and Modal presentation).
extension Transaction {
    static let presentAnimation = Animation(kind: "coverVertical", duration: 0.5)
    /// A popover's: UIKit ignores `modalTransitionStyle` for it (the duration is the modal one, unverified).
    static let popoverAnimation = Animation(kind: "popover", duration: 0.5)
    static let splitAnimation = Animation(kind: "splitTransition", duration: 0.3)
    static let rootAnimation = Animation(kind: "crossDissolve", duration: 0.3)

    // MARK: - Split

    mutating func collapse(onto: NodeID?) throws(NavigationError) {
        let split = try splitTarget("collapse")
        try checkIdle(split, "collapse")
        container = split
        defaultAnimation = Self.splitAnimation
        guard h[split].isCollapsed != true else { return noop("'\(split)' is already collapsed") }
        if let onto {
            guard h.contains(onto) else { throw .unknownNode(onto) }
            guard h[onto].kind == .navigation else { throw .wrongKind(onto, expected: .navigation, operation: "collapse the split onto") }
            // The columns that move onto `onto` cannot contain it: that would make it its own ancestor.
            let moving = [SplitRole.supplementary, .secondary].compactMap { h.splitChild(split, role: $0) }
            if h.ancestry(of: onto).contains(where: moving.contains) { throw .collapseOntoOwnColumn(onto, split: split) }
        }
        h.collapseSplit(split, onto: onto)
    }

    mutating func expand() throws(NavigationError) {
        let split = try splitTarget("expand")
        try checkIdle(split, "expand")
        container = split
        defaultAnimation = Self.splitAnimation
        guard h[split].isCollapsed == true else { return noop("'\(split)' is already expanded") }
        h[split].isCollapsed = false
        h.restoreHiddenColumns(of: split)
        // The columns the collapse pushed come back from the stack, each one still in it (a three-column
        // split gets its supplementary back as well as its secondary).
        let moved = h[split].collapsedColumns
        h[split].collapsedColumns = []
        if let nav = h[split].collapsedOnto, moved.count == 2 {
            for (column, role) in zip(moved, [SplitRole.supplementary, .secondary]) where h[column].parent == nav {
                h.detach(column)
                h.attach(column, to: split)
                h[column].role = role
            }
            h.orderColumns(of: split)
        }
        // separateSecondaryViewController(for:): a navigation controller pops its top as the new secondary.
        if let nav = h[split].collapsedOnto, h[nav].children.count > 1, h.splitChild(split, role: .secondary) == nil {
            let top = h[nav].children.last!
            h.detach(top)
            h.attach(top, to: split)
            h[top].role = .secondary
        }
        let collapsedOnto = h[split].collapsedOnto
        h[split].collapsedOnto = nil
        // Popped back to the root while collapsed: nothing is left to separate (a trial expanded a split to one column
        // and was told nothing). UIKit's default may bring back the previous secondary; navviz does not keep it. Not said
        // of a split that had no secondary to push (a review).
        if collapsedOnto != nil, !moved.isEmpty, h.splitChild(split, role: .secondary) == nil {
            warnings.append(
                "'\(split)' is expanded with no secondary column: nothing was above the collapsed stack's root to become "
                    + "it, and navviz does not keep a popped secondary (docs/semantics.md#S4); an app supplies one in "
                    + "splitViewController(_:separateSecondaryFrom:), which a showDetail step stands for")
        }
    }

    /// The split an operation acts on: the target, the nearest one up the chain, else the first in the window.
    func splitTarget(_ operation: String) throws(NavigationError) -> NodeID {
        if let target = options.target, h.contains(target), h[target].kind == .split {
            _ = try source()
            return target
        }
        // An unknown target is said as one; a target that holds a split acts on its first in the window (a fidelity trial's
        // `target: tabs` over a tab bar holding a split read "there is no split view controller"), never on a split
        // elsewhere (behind a sheet the target is in, say: a review); with no target, the window's first (docs/semantics.md#S7).
        let from = try source()
        if let found = h.nearest(.split, from: from) { return found }
        if options.target != nil {
            if let found = h.nodesInWindow().first(where: { h[$0].kind == .split && h.ancestry(of: $0).contains(from) }) { return found }
            throw .noSplit(operation: operation)
        }
        if let found = h.nodesInWindow().first(where: { h[$0].kind == .split }) { return found }
        if let found = h.attachedNodes().first(where: { h[$0].kind == .split }) { return found }
        throw .noSplit(operation: operation)
    }

    // MARK: - show / showDetail

    /// `show(_:sender:)`: the nearest navigation controller pushes; a split replaces its primary (expanded)
    /// or forwards to it (collapsed); with neither, the controller is presented.
    mutating func show(_ spec: NodeSpec) throws(NavigationError) {
        let from = try source()
        for node in h.ancestry(of: from) {
            switch h[node].kind {
            case .navigation:
                return try pushOnto(node, spec)
            case .split:
                if h[node].isCollapsed == true {
                    if let primary = h.splitChild(node, role: .primary), h[primary].kind == .navigation {
                        return try pushOnto(primary, spec)
                    }
                    break
                }
                try checkIdle(node, "show")
                container = node
                // Installed in place, as setting `viewControllers` does: no transition, callbacks with animated: false
                // (docs/semantics.md#S6).
                callbackAnimated = false
                let new = try build(spec)
                if let old = h.splitChild(node, role: .primary) { h.detach(old) }
                h.attach(new, to: node)
                h[node].children = [new] + h[node].children.dropLast()
                h[new].role = .primary
                return
            default:
                continue
            }
        }
        try present(spec, style: .automatic)
    }

    /// Pushes onto `nav`; `nestsNavigation` when a collapsed split shows a detail navigation controller,
    /// which it nests in its primary one as collapsing does (docs/semantics.md#S3).
    mutating func pushOnto(_ nav: NodeID, _ spec: NodeSpec, nestsNavigation: Bool = false) throws(NavigationError) {
        let name = name(of: spec)
        // What UIKit raises for, it raises for whatever is in flight (a fidelity trial: a push of a controller already in
        // the stack, during another push, was said to be busy).
        if let ref = spec.ref, h[nav].children.contains(ref) { throw .alreadyInStack(ref, navigation: nav) }
        if spec.ref == nil { try Self.checkPushable(spec.kind, NodeID(name), nestsNavigation: nestsNavigation) }
        try beginNavigation(nav, "push '\(name)'")
        let new = try build(spec)
        try Self.checkPushable(h[new].kind, new, nestsNavigation: nestsNavigation)
        warnIfTabBar(new)
        h.attach(new, to: nav)
    }

    /// `showDetailViewController(_:sender:)`: expanded, install as the secondary; collapsed, push onto the primary.
    /// Only a split view handles it (a navigation controller overrides `show` alone): with no split up the
    /// chain, UIKit presents the controller modally (docs/semantics.md#S6).
    mutating func showDetail(_ spec: NodeSpec) throws(NavigationError) {
        let from = try source()
        guard let split = h.nearest(.split, from: from) else { return try present(spec, style: .automatic) }
        if h[split].isCollapsed == true {
            let nav =
                h[split].collapsedOnto
                ?? h.splitChild(split, role: .primary).flatMap { h[$0].kind == .navigation ? $0 : nil }
            guard let nav else { return try present(spec, style: .automatic) }
            return try pushOnto(nav, spec, nestsNavigation: true)
        }
        try checkIdle(split, "show a detail")
        // A split with a supplementary column is column-style in UIKit (docs/semantics.md#S1), whose secondary column pushes
        // a controller that is not a navigation controller onto the navigation controller it holds: Apple's answer to
        // FB8640357, "expected behavior" (a trial's three-column Mail lost its message stack to a bare controller).
        if h.splitChild(split, role: .supplementary) != nil, let secondary = h.splitChild(split, role: .secondary),
            h[secondary].kind == .navigation, (spec.ref.flatMap { h.node($0)?.kind } ?? spec.kind) != .navigation
        {
            return try pushOnto(secondary, spec)
        }
        container = split
        // UIKit "installs vc as its detail view controller": no transition, so nothing is in flight after it and the
        // callbacks say animated: false (docs/semantics.md#S6; a trial's fast taps through a list on a pad were refused
        // as busy).
        callbackAnimated = false
        let old = h.splitChild(split, role: .secondary)
        if let ref = spec.ref, ref == old { return noop("'\(ref)' is already the secondary of '\(split)'") }
        let new = try build(spec)
        if let old { h.detach(old) }
        h.attach(new, to: split)
        h[new].role = .secondary
    }

    // MARK: - Present / dismiss

    /// The controller that handles a presentation requested by `source` (docs/semantics.md#P1).
    func presenter(for source: NodeID, style: PresentationStyle) -> NodeID {
        if style.usesPresentationContext,
            let definer = h.ancestry(of: source).first(where: { h[$0].definesPresentationContext })
        {
            return definer
        }
        // A presentation made in a context covers only its definer, not the screen: another style is presented by what
        // the definer sits in ("If the presenting view controller does not cover the screen, UIKit walks up the view
        // controller hierarchy until it finds one that does"). A trial: a full-screen one from it stayed in its tab, and a
        // tab switch hid it.
        // Only where the context is part of the screen: a definer that is the window's root or a presented controller covers
        // the screen, and so does what it presented (a review: a root navigation controller's dimmer could present nothing).
        // A context style with no definer above the source stays with the source's root.
        var root = h.containmentRoot(of: source)
        guard !style.usesPresentationContext else { return root }
        while h[root].style?.usesPresentationContext == true, let definer = h[root].presenter, h.containmentRoot(of: definer) != definer {
            root = h.containmentRoot(of: definer)
        }
        return root
    }

    mutating func present(_ spec: NodeSpec, style: PresentationStyle) throws(NavigationError) {
        let name = name(of: spec)
        let from = try source()
        let presenter = presenter(for: from, style: style)
        // UIKit raises for an active controller before it looks at the presenter: a double tap that presents the same
        // instance twice crashes, in or after the first one's animation (github.com/Expensify/App/issues/33467,
        // github.com/capacitor-community/privacy-screen/issues/83), not the warning of a presenter already presenting.
        if let ref = spec.ref, h.isAttached(ref), h.parent(of: ref) == nil { throw .alreadyActive(ref, presenter: h[ref].presenter) }
        try checkIdle(Simulator.presentationKey, "present '\(name)'")
        // UIKit's `presentedViewController` is inherited: a context's definer inside a controller that presents is
        // already presenting (a review: a context sheet under a page sheet was accepted and hidden behind it).
        if let current = h.presentedViewController(of: presenter) {
            throw .alreadyPresenting(presenter: h[current].presenter ?? presenter, presented: current, new: NodeID(name))
        }
        guard h.nodesInWindow().contains(presenter) else { throw .notInWindow(presenter) }
        // A child is refused as one (`build` says whose: UIKit raises for a controller that has a parent), in the window or not
        // (a trial's child of an unselected tab was called active); the window's root and a presented controller are refused
        // above.
        // A full-screen presentation over a navigation controller whose push or pop still runs makes the controller it
        // shows disappear before it has finished appearing: UIKit goes ahead and logs it (the classic present right after
        // a push, not in its completion; a trial saw no word of it).
        if style.removesPresenterViews {
            for nav in inFlight.keys.sorted(by: { $0.rawValue < $1.rawValue })
            where isInFlight(nav) && h.contains(nav) && h[nav].kind == .navigation && h.ancestry(of: nav).contains(presenter) {
                if let top = h[nav].children.last {
                    warnings.append(
                        "UIKit logs 'Unbalanced calls to begin/end appearance transitions for <\(top)>': '\(nav)' is still "
                            + "animating when this presentation covers it (present once it ends: in its transition coordinator's completion)"
                    )
                }
            }
        }
        let new = try build(spec)
        h[presenter].presented = new
        h[new].presenter = presenter
        h[new].style = style
        container = Simulator.presentationKey
        presenting = presenter
        // A popover does not slide up: UIKit ignores the transition style for it.
        defaultAnimation = style == .popover ? Self.popoverAnimation : Self.presentAnimation
        order = style.removesPresenterViews ? .presentation : .swap
    }

    mutating func dismiss(interactive: Bool, cancelled: Bool) throws(NavigationError) {
        // A controller an earlier step removed presents nothing and is not presented: UIKit does nothing (a trial got the
        // message of a target not in the window, about presenting and pushing).
        if let target = options.target, h.contains(target), !h.isAttached(target), h.presentedViewController(of: target) == nil {
            return noop(
                "Nothing to dismiss: '\(target)' was removed earlier (popped, dismissed or replaced), so it is not presenting and not "
                    + "presented")
        }
        let from = try source()
        try checkIdle(Simulator.presentationKey, "dismiss")
        let dismissed: NodeID
        if let presented = h.presentedViewController(of: from) {
            dismissed = presented
        } else if h.presentingViewController(of: from) != nil {
            dismissed = h.containmentRoot(of: from)
        } else {
            return noop("Nothing to dismiss: '\(from)' is not presenting and not presented")
        }
        container = Simulator.presentationKey
        presenting = h[dismissed].presenter
        let chain = presentationChain(from: dismissed)
        // A swipe drags the top-most presented controller only: one with another presented over it is not reachable.
        if interactive, let top = chain.last, top != dismissed { throw .swipeCovered(dismissed, presented: top, pop: false) }
        // UIKit's dismissal gesture is a sheet's; any other style's swipe is the app's own interactive transition (P6), said
        // so that a scenario does not pass for UIKit's behaviour (a trial's full-screen swipe went through without a word).
        if interactive, let style = h[dismissed].style,
            [.fullScreen, .overFullScreen, .currentContext, .overCurrentContext].contains(style)
        {
            warnings.append(
                "UIKit gives the '\(style.rawValue)' style no dismissal gesture: this swipe is the app's own interactive "
                    + "transition (UIKit's is a sheet's: pageSheet, formSheet, automatic)")
        }
        // The top-most controller of the chain is the one that leaves animated (P5): its style names the animation.
        defaultAnimation =
            interactive
            ? Animation(kind: "interactiveDismiss", duration: 0.5)
            : h[chain.last ?? dismissed].style == .popover ? Self.popoverAnimation : Self.presentAnimation
        // What reappears was covered by the lowest full-screen presentation of the chain, whichever is on top.
        order = chain.contains { (h[$0].style ?? .automatic).removesPresenterViews } ? .presentation : .swap
        // A presenter inside a popover (a pad's: a phone shows a popover as a sheet of its own) gets no viewWillAppear
        // or viewDidAppear when what it presented is dismissed, nor the callbacks of a dismissal abandoned half-way
        // (docs/semantics.md#P8).
        if h.device == .pad, let presenter = h[dismissed].presenter {
            let root = h.containmentRoot(of: presenter)
            if h[root].presenter != nil, h[root].style == .popover { appearsSilently = root }
        }
        if cancelled {
            var copy = self
            copy.tearDown(dismissed)
            cancelledWindow = Self.controllersInWindow(copy.h)
            return
        }
        // Only the top-most controller is dismissed in an animated fashion; the ones between it and the presenter
        // are simply removed, top-down and unanimated, before it (docs/semantics.md#P5).
        if let top = chain.last, top != dismissed, let presenter = h[dismissed].presenter {
            let style = h[top].style
            for node in chain.reversed() { unlinkPresentation(node) }
            h[presenter].presented = top
            h[top].presenter = presenter
            h[top].style = style
            // The intermediates leave the window top-down, each with what it contains; nothing else moves yet (the top,
            // linked to the presenter for now, covers nothing it did not cover before).
            tearDownPhase(topDown: chain.dropLast().reversed(), onlyThese: true)
            unlinkPresentation(top)
        } else {
            unlinkPresentation(dismissed)
        }
    }

    /// `first` and every controller presented above it (`Hierarchy.presentationChain`).
    func presentationChain(from first: NodeID?) -> [NodeID] { first.map(h.presentationChain(from:)) ?? [] }

    /// Removes presentations top-down, each controller leaving the window unanimated (docs/semantics.md#P5: C goes before B).
    mutating func tearDownSilently(_ chain: [NodeID]) {
        for node in chain.reversed() {
            unlinkPresentation(node)
            tearDownPhase()
        }
    }

    /// Ends a silent tear-down step: what left the window gets wD/dD, unanimated. Nothing appears: a
    /// controller a full-screen presentation had covered is removed too, or appears in the final phase.
    /// With `topDown` (presented trees, top first), what each of those trees held leaves before what the
    /// next held; the rest after, in window order. With `onlyThese`, only what those trees held leaves.
    mutating func tearDownPhase(topDown roots: [NodeID] = [], onlyThese: Bool = false) {
        let now = Self.controllersInWindow(h)
        let hierarchy = h
        var leaving = windowMark.filter { !now.contains($0) }
        if onlyThese { leaving = leaving.filter { roots.contains(hierarchy.containmentRoot(of: $0)) } }
        if !roots.isEmpty {
            let first = roots.flatMap { root in leaving.filter { hierarchy.containmentRoot(of: $0) == root } }
            leaving = first + leaving.filter { !first.contains($0) }
        }
        events += AppearanceOrder.sequential.events(from: leaving, to: [], animated: false)
        windowMark = windowMark.filter { !leaving.contains($0) }
    }

    /// Removes a presented controller's link to its presenter.
    mutating func unlinkPresentation(_ presented: NodeID) {
        if let presenter = h[presented].presenter { h[presenter].presented = nil }
        h[presented].presenter = nil
        h[presented].style = nil
    }

    /// Removes a presentation and everything above it, without callbacks.
    mutating func tearDown(_ presented: NodeID) {
        for node in presentationChain(from: presented).reversed() { unlinkPresentation(node) }
    }

    // MARK: - Window root

    /// `window.rootViewController = new`; an old presentation chain is torn down top-down with a warning.
    mutating func setRoot(_ spec: NodeSpec) throws(NavigationError) {
        if let ref = spec.ref, ref == h.root { return noop("'\(ref)' is already the window's root") }
        let new = try build(spec)
        defaultAnimation = Self.rootAnimation
        if let old = h.root {
            let presenting = h.attachedNodes().filter { h[$0].presented != nil && h.containmentRoot(of: $0) == old }
            for presenter in presenting {
                let presented = h[presenter].presented!
                warnings.append(
                    "The old root '\(old)' was presenting '\(presented)': the presentation was torn down (UIKit does not dismiss it: its views can stay in the window behind the new root; dismiss it before replacing the root)"
                )
                tearDownSilently(presentationChain(from: presented))
            }
        }
        h.setRoot(new)
        container = NodeID("#window")
    }
}
