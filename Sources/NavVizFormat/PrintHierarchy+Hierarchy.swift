import NavVizCore

/// A captured hierarchy mapped onto navviz's model, with what the mapping had to guess.
public struct CapturedHierarchy: Sendable, Equatable {
    /// The hierarchy: one node per printed controller, ids from names (never addresses).
    public var hierarchy: Hierarchy
    /// What UIKit said of each controller (`appeared`, `disappeared`…), by id, for cross-checking.
    public var observed: [(NodeID, PrintHierarchy.State)]
    /// What was inferred rather than read (kinds from class names, a selection that could not be told).
    public var notes: [String]
    /// The id each printed address got (with its class), for reading the next capture of the same app
    /// (`hierarchy(continuing:)`): empty when the dump has no addresses.
    public var identities: CaptureIdentities = CaptureIdentities()
    /// Each `--kind` class that matched nothing in this capture, with the note that says so (one of `notes`), so
    /// that a flow of captures can say it once, or not at all when another capture has the class.
    public var unmatchedKinds: [String: String] = [:]
    /// Each class whose kind was guessed from its name (or whose container view hints at one), with the note that says so
    /// (one of `notes`), so that a flow of captures notes it once (a trial: a new instance made the next capture say it again).
    public var guessedKinds: [String: String] = [:]
    /// Read after an earlier capture and sharing no address with it: why its controllers are told apart by class name, or
    /// numbered after the earlier one's (one of `notes`), for `diff` to say too.
    public var identityNote: String?
    /// The notes that say the dump may have lost its last lines (`a paste cut short?`), for `diff` to say too: a cut paste
    /// read there as controllers popped or dismissed, unsaid (a captures trial).
    public var cutShortNotes: [String] { notes.filter { $0.contains(Self.cutShortHint) } }
    /// What ends each note saying the dump may have been cut short.
    static let cutShortHint = "(a paste cut short?)"

    /// A captured hierarchy.
    public init(hierarchy: Hierarchy, observed: [(NodeID, PrintHierarchy.State)] = [], notes: [String] = []) {
        self.hierarchy = hierarchy
        self.observed = observed
        self.notes = notes
    }

    /// Equal hierarchies, observations and notes.
    public static func == (a: CapturedHierarchy, b: CapturedHierarchy) -> Bool {
        a.hierarchy == b.hierarchy && a.notes == b.notes && a.observed.elementsEqual(b.observed) { $0 == $1 }
    }
}

extension PrintHierarchy {
    /// The presentation style of each presentation controller class, matched exactly (they subclass each
    /// other, so a kind-of test would mislead); anything else, app subclasses included, is `custom`.
    public static let presentationStyles: [String: PresentationStyle] = [
        "_UIFullscreenPresentationController": .fullScreen,
        "_UIOverFullscreenPresentationController": .overFullScreen,
        "_UIPageSheetPresentationController": .pageSheet,
        "_UIFormSheetPresentationController": .formSheet,
        "UIPopoverPresentationController": .popover,
        "_UICurrentContextPresentationController": .currentContext,
        "_UIOverCurrentContextPresentationController": .overCurrentContext,
    ]

    /// Classes whose kind their name does not say, or says wrongly.
    static let knownKinds: [String: NodeKind] = [
        "UIImagePickerController": .navigation,
        // The tab bar's More list: UIKit's own navigation controller.
        "UIMoreNavigationController": .navigation,
        "UIVideoEditorController": .navigation,
        "UIDocumentBrowserViewController": .controller,
        "UIPageViewController": .controller,
        "UIAlertController": .controller,
    ]

    /// How a kind was guessed: from the class name alone (`…NavigationController`), or from the name and the controller's
    /// view (a UILayoutContainerView and `NavigationViewController`).
    enum KindGuess: Sendable { case name, nameAndView }

    /// The kind of a printed class: `--kind` overrides first (matched on the class as printed, its readable
    /// form or its short name), then the known classes, then the class name. `guess` says how, when only a
    /// name heuristic decided.
    static func kind(of controller: Controller, readable: String, overrides: [String: NodeKind]) -> (NodeKind, guess: KindGuess?) {
        let short = ClassName.short(readable)
        for name in [controller.className, readable, short] {
            if let kind = overrides[name] { return (kind, nil) }
        }
        if let kind = knownKinds[short] { return (kind, nil) }
        let exact: [String: NodeKind] = [
            "UINavigationController": .navigation, "UITabBarController": .tab, "UISplitViewController": .split,
            "UIKitNavigationController": .navigation, "UIKitTabBarController": .tab,
            "NotifyingMulticolumnSplitViewController": .split,
            // SwiftUI's own navigation controller of a split column (NavigationView, NavigationSplitView): a note asked every
            // SwiftUI capture to confirm it (a readability trial).
            "StyleContextSplitViewNavigationController": .navigation,
        ]
        let base = short.prefix { $0 != "<" }
        if let kind = exact[String(base)] { return (kind, nil) }
        if base.hasSuffix("NavigationController") { return (.navigation, .name) }
        if base.hasSuffix("TabBarController") { return (.tab, .name) }
        if base.hasSuffix("SplitViewController") || controller.viewClass == "_UISplitViewControllerPanelImplView" {
            return (.split, .name)
        }
        // A UILayoutContainerView is the view of UIKit's navigation, tab bar and split view controllers only: a subclass
        // whose name says which (`NavigationViewController`, WeChat's `MainTabBarViewController`, `HomeNavVC`) is one. A trial
        // found a real capture's five `NavigationViewController` tabs drawn as custom containers.
        if controller.viewClass == "UILayoutContainerView", !controller.children.isEmpty, let hinted = layoutContainerHint(base) {
            return (hinted, .nameAndView)
        }
        return (.controller, nil)
    }

    /// The kind a class name says, for a controller whose view is a UILayoutContainerView: the name ends in the kind's
    /// word and a controller's suffix (`Controller`, `ViewController`, `VC`, `Ctrl`, or none), digits aside. `TabBar`, `Tabs`
    /// or `Tab` (`MainTabBarViewController`, `RootTabVC`) a tab bar; `SplitView` or `Split` a split; `Navigation`, `Navi` or
    /// `Nav` (`NavigationViewController`, `BaseNaviController`, `HomeTabNavVC`) a navigation controller. The last word is
    /// the noun: `SplitPaymentViewController`, `TabItemViewController` and `NavBarTitleViewController` say none (a review).
    static func layoutContainerHint(_ name: Substring) -> NodeKind? {
        let base = name.reversed().drop { $0.isNumber }.reversed()
        let words: [(String, NodeKind)] = [
            ("TabBar", .tab), ("Tabs", .tab), ("Tab", .tab), ("SplitView", .split), ("Split", .split), ("Navigation", .navigation),
            ("Navi", .navigation), ("Nav", .navigation),
        ]
        for suffix in ["", "Controller", "ViewController", "VC", "Vc", "Ctrl"] {
            guard base.count > suffix.count, base.reversed().starts(with: suffix.reversed()) else { continue }
            let stem = base.dropLast(suffix.count)
            if let (_, kind) = words.first(where: { stem.reversed().starts(with: $0.0.reversed()) }) { return kind }
        }
        return nil
    }

    /// Maps the dump onto navviz's model: one node per printed controller, no more and no fewer.
    ///
    /// Ids come from class names, numbered in dump order (`ProductViewController`, `ProductViewController#2`).
    /// Read after earlier captures of the same launch of the app (`continuing`), a controller printed at an
    /// address one of them printed, with the same class, keeps the id it had there, and no other controller
    /// takes an id they gave one with an address: popping the first of two `ProductViewController`s does not
    /// renumber the second, and a controller pushed after one was popped is not taken for it. Only addresses
    /// printed once in a dump count, and only when the capture shares one with the capture just before:
    /// captures of two launches, or without addresses, number by name alone.
    public func hierarchy(
        kinds overrides: [String: NodeKind] = [:], device: Device? = nil, continuing previous: CaptureIdentities = CaptureIdentities()
    ) -> CapturedHierarchy {
        var h = HierarchyBuilder(device: device ?? .phone)
        // In the order of the lines (a trial's line-15 note came before its lines-1–4 one).
        var notes: [String] = leftOutLines.sorted { $0.lines.lowerBound < $1.lines.lowerBound }.map { part in
            let lines = part.lines.count == 1 ? "line \(part.lines.lowerBound)" : "lines \(part.lines.lowerBound)–\(part.lines.upperBound)"
            return "\(lines): \(part.why) left out: not the dump"
        }
        if let unclosedFence {
            notes.append(
                "line \(unclosedFence): the code block opened here is never closed: the paste may be cut short, its last lines lost")
        }
        // Printed from a presented controller (`[vc _printHierarchy]`): what presented it is not in the dump.
        if let top = controllers.first, top.link == .root, let presentation = top.presentationControllerClass {
            notes.append(
                "line \(top.line): \(ClassName.readable(top.className)) was presented (presented with: \(presentation)), but what presented it is not in the dump: drawn as the window's root. Print the whole hierarchy with 'expr -l objc -O -- [UIViewController _printHierarchy]'"
            )
        }
        // Printed from a controller inside the hierarchy (`po [self.navigationController _printHierarchy]`): what holds it
        // is not in the dump either (a trial of real captures drew such a navigation controller as the root, unsaid).
        if let printedFrom, !printedFrom.receiver.isEmpty, !Self.printsEverything(printedFrom.receiver),
            controllers.first?.presentationControllerClass == nil
        {
            notes.append(
                "line \(printedFrom.line): printed from '\(printedFrom.receiver)', not from the window's root: what holds it (a tab bar, a split view, a presenter) is not in the dump, and it is drawn as the window's root. Print the whole hierarchy with 'expr -l objc -O -- [UIViewController _printHierarchy]'"
            )
        }
        notes += otherWindows.map { window in
            "line \(window.line): a second top-level controller (\(ClassName.readable(window.className))) right below the first window's "
                + "lines, taken for another window of the app (a toast's, a passcode screen's, a debugging tool's) and left out with its "
                + "controllers: navviz draws one window, the first printed; to draw that one, keep its lines only (a second dump: keep one per file)"
        }
        notes += leftOutWindows.map { window in
            "line \(window.line): UIKit's own window (\(window.className): the keyboard's, a text menu's or an alert's) left out: navviz draws the app's window"
        }
        var observed: [(NodeID, State)] = []
        var counts: [String: Int] = [:]
        var ids: [NodeID] = []
        var used = Set<String>()
        // Kinds guessed from a class name, one note per class however many controllers have it.
        var guesses: [(readable: String, kind: NodeKind, ids: [NodeID], byView: Bool)] = []
        // Plain containers whose view is a navigation, tab bar or split controller's (`UILayoutContainerView`), per class.
        var layoutContainers: [(readable: String, ids: [NodeID])] = []
        // Where each class is in those lists, in the order first met (a tab bar of thousands of classes looked each up
        // along the list: a review).
        var guessAt: [String: Int] = [:]
        var layoutContainerAt: [String: Int] = [:]
        // Every name a `--kind` may match, to tell one that matches nothing.
        var names = Set<String>()
        // Addresses tell controllers apart only where each is printed once (a redacted `0x…` is not an address).
        var seen: [String: Int] = [:]
        for address in controllers.compactMap(\.address) { seen[address, default: 0] += 1 }
        func uniqueAddress(_ controller: Controller) -> String? { controller.address.flatMap { seen[$0] == 1 ? $0 : nil } }
        // One address in common with the capture just before, same class, tells the same launch of the app. Without one
        // (another launch, addresses purged or redacted), the captures share no identity: each numbers its controllers
        // by name alone, as on its own.
        let sameLaunch = controllers.contains { controller in
            guard let address = uniqueAddress(controller), previous.latest.contains(address) else { return false }
            return previous.byAddress[address].map { Self.sameClass($0.className, controller.className) } ?? false
        }
        // Then every controller printed at an address an earlier capture of the launch printed, with the same class,
        // keeps the id it had there (a controller taken out and put back, two captures later, is the same one).
        var kept: [Int: String] = [:]
        if sameLaunch {
            for (index, controller) in controllers.enumerated() {
                guard let address = uniqueAddress(controller), let known = previous.byAddress[address],
                    Self.sameClass(known.className, controller.className), !used.contains(known.id)
                else { continue }
                kept[index] = known.id
                used.insert(known.id)
                // Back at an address the capture before did not print: the same controller put back, or a new one that
                // malloc gave the freed address (a trial of real captures); two captures cannot tell them apart.
                if !previous.latest.contains(address) {
                    notes.append(
                        "line \(controller.line): '\(known.id)' is back at the address it had in an earlier capture, so it is taken for the same controller; a new one given the freed address would look the same"
                    )
                }
            }
        }
        let hasAddresses = controllers.contains(where: { uniqueAddress($0) != nil })
        // No address in common and a window's root of another class: a new window root (a login screen swapped for the
        // tab bar), every controller of it a new object. None takes an id the capture before gave, so no transition reads
        // one as moved (a trial's flow had the presented login navigation controller "moved" into the tab bar). With the
        // same root class (another launch of the app), the captures are told apart by class name alone.
        let newRoot =
            !sameLaunch && !previous.latest.isEmpty && hasAddresses
            && previous.latestRootClass.map { old in controllers.first.map { !Self.sameClass(old, $0.className) } ?? false } ?? false
        // A new controller takes no id the launch gave another one: a controller pushed after one was popped two
        // captures earlier is a new object, not the popped one back.
        let avoided: Set<String> = sameLaunch || newRoot ? previous.given : []
        var identityNote: String?
        if newRoot, let old = previous.latestRootClass, let root = controllers.first {
            identityNote =
                "no controller is at an address the capture before printed, and the window's root is another "
                + "(\(ClassName.readable(root.className)), was \(ClassName.readable(old))): a new window root, every controller "
                + "of it new"
        } else if !sameLaunch, !previous.latest.isEmpty, hasAddresses {
            identityNote =
                "no controller is at an address the capture before printed (a new window root, another launch of the app, or "
                + "another app): controllers are told apart by class name alone"
        } else if previous.latest.isEmpty, previous.follows, hasAddresses {
            // The capture before printed none (redacted, purged, a slide's copy): said too (a trial of real captures read
            // nothing, where docs/captures.md promises the note).
            identityNote = "the capture before printed no addresses (redacted or purged?): controllers are told apart by class name alone"
        }
        if let identityNote { notes.append(identityNote) }
        var identities = sameLaunch ? previous : CaptureIdentities()
        if newRoot { identities.given = previous.given }
        identities.follows = true
        identities.latest = []
        identities.latestRootClass = hasAddresses ? controllers.first?.className : nil
        for (index, controller) in controllers.enumerated() {
            let readable = ClassName.readable(controller.className)
            names.formUnion([controller.className, readable, ClassName.short(readable)])
            var id: String
            if let known = kept[index] {
                id = known
            } else {
                let screen = ClassName.screen(readable)
                counts[screen, default: 0] += 1
                id = counts[screen]! == 1 ? screen : "\(screen)#\(counts[screen]!)"
                // A class whose own name ends in `#2` must not take the id of a second controller of another class, nor a
                // new controller the id of one the earlier capture had.
                while used.contains(id) || avoided.contains(id) {
                    counts[screen]! += 1
                    id = "\(screen)#\(counts[screen]!)"
                }
                used.insert(id)
            }
            ids.append(NodeID(id))
            if let address = uniqueAddress(controller) {
                identities.byAddress[address] = CaptureIdentities.Identity(className: controller.className, id: id)
                identities.latest.insert(address)
                identities.given.insert(id)
            }
        }
        func insert(_ index: Int, parent: NodeID?, presenter: NodeID?) {
            let controller = controllers[index]
            let id = ids[index]
            let readable = ClassName.readable(controller.className)
            var (kind, guess) = Self.kind(of: controller, readable: readable, overrides: overrides)
            let named = kind
            var children = controller.children
            // iOS 14's column-style split keeps the compact column's controller (`setViewController(_:for: .compact)`) as a
            // fourth child, shown only when the split is collapsed (a trial's iPad Mail-like dump was drawn as a plain
            // container, the split itself the visible controller).
            if kind == .split, children.count == 4, !isShown(children[3]) {
                notes.append(
                    "line \(controllers[children[3]].line): '\(ids[children[3]])', the fourth child of '\(id)', is taken for its compact "
                        + "column's controller, which UIKit shows only when the split is collapsed: left out with what it holds (navviz's "
                        + "split has up to three columns)")
                children.removeLast()
            }
            if kind == .split, !(1...3).contains(children.count) {
                // A split whose columns are not loaded yet has none; one collapsed to its compact column shows its fourth
                // child. navviz's split has one to three columns.
                let count = controller.children.isEmpty ? "no child controllers" : "\(controller.children.count) child controllers"
                let compact = children.count == 4 ? " (the fourth, shown, is its compact column's: collapsed to it)" : ""
                notes.append(
                    "'\(id)'\(Self.ofClass(readable, ids: [id])) has \(count), not the one to three columns of a split\(compact), so it is drawn as a plain container"
                )
                (kind, guess) = (.controller, nil)
            }
            let overridden = [controller.className, readable, ClassName.short(readable)].contains { overrides[$0] != nil }
            // (Not a split drawn plain for its children: `--kind …=split` would not change it, a review.)
            let demotedSplit = kind == .controller && named == .split
            if kind == .controller, !overridden, !demotedSplit, !controller.children.isEmpty,
                controller.viewClass == "UILayoutContainerView"
            {
                if let index = layoutContainerAt[readable] {
                    layoutContainers[index].ids.append(id)
                } else {
                    layoutContainerAt[readable] = layoutContainers.count
                    layoutContainers.append((readable, [id]))
                }
            }
            if let guess {
                if let index = guessAt["\(kind.rawValue) \(readable)"] {
                    guesses[index].ids.append(id)
                } else {
                    guessAt["\(kind.rawValue) \(readable)"] = guesses.count
                    guesses.append((readable, kind, [id], guess == .nameAndView))
                }
            }
            var node = Node(id: id, kind: kind, screen: ClassName.screen(readable), className: readable)
            node.isLoaded = controller.isViewLoaded
            switch controller.state {
            case .appearing: node.transitionalState = .appearing
            case .disappearing: node.transitionalState = .disappearing
            case .appeared, .disappeared: break
            }
            if kind == .split { node.isCollapsed = false }
            if presenter != nil {
                node.style = controller.presentationControllerClass.map { Self.presentationStyles[$0] ?? .custom } ?? .custom
                // A trial's line cut right before it was drawn as a custom presentation without a word.
                if !controller.namesPresentation {
                    notes.append(
                        "line \(controller.line): '\(id)' is presented ('+') but its line has no ', presented with: …', which UIKit "
                            + "prints on every presented controller's line: cut or edited; drawn as a custom presentation")
                }
            }
            try! h.insert(node, parent: parent, presenter: presenter)
            observed.append((id, controller.state))
            for child in children { insert(child, parent: id, presenter: nil) }
            if let presented = controller.presented {
                insert(presented, parent: nil, presenter: id)
                let shown = controllers[presented]
                if shown.state == .disappeared, shown.presented == nil, controller.isViewLoaded, controller.isInWindow,
                    controller.state == .appeared || controller.state == .appearing
                {
                    // Presented and disappeared, its presenter on screen: a presentation begun, before the presented
                    // controller's viewWillAppear (a breakpoint in its viewDidLoad prints this), or a dismissal ending, after
                    // its viewDidDisappear. Its presenter stays on screen (a trial's capture was drawn with the presented
                    // controller on screen and the presenter gone, and a snapshot step after it sent the presenter's
                    // disappear callbacks a step early).
                    h[ids[presented]].transitionalState = .pending
                    let begun = ids[presented]
                    notes.append(
                        "line \(shown.line): '\(begun)' is presented but has not appeared, while '\(id)' that presents it has: a "
                            + "presentation begun, before '\(begun)'s viewWillAppear (a breakpoint in its viewDidLoad prints this), or a "
                            + "dismissal ending, after its viewDidDisappear; '\(id)' is drawn still on screen, '\(begun)' not yet")
                } else if let style = h[ids[presented]].style, [.popover, .pageSheet, .formSheet].contains(style), controller.isViewLoaded,
                    !controller.isInWindow, shown.isViewLoaded, shown.isInWindow, shown.state != .disappeared
                {
                    // A popover or sheet whose presenter left the window: adapted to full screen (a compact width's popover the
                    // delegate's adaptivePresentationStyle(for:) made `.fullScreen`, a sheet in a phone's landscape); the
                    // presentation controller keeps its class (a trial's presenter was drawn on screen under it).
                    h[ids[presented]].style = .fullScreen
                    notes.append(
                        "line \(shown.line): '\(ids[presented])' was presented as a \(style.rawValue) but '\(id)' that presents it is not in the "
                            + "window: the presentation was adapted to full screen (adaptivePresentationStyle(for:)), drawn so")
                }
                // A dismissal in flight: the presented controller disappearing as its presenter appears (a trial's
                // capture read as the presented controller on screen alone, unexplained).
                // A sheet's presenter stays `appeared`; one covered by a full-screen presentation from the presented
                // controller disappears with it, its own presented controller appearing: that is no dismissal.
                if controllers[presented].state == .disappearing,
                    controllers[presented].presented.map({ controllers[$0].state != .appearing }) ?? true
                {
                    notes.append(
                        "'\(ids[presented])' is disappearing from over '\(id)', a dismissal in flight: drawn as printed, "
                            + "'\(ids[presented])' still presented; capture again when the transition ends")
                }
            }
            label(index, id, kind: kind, children: children, in: &h, notes: &notes)
        }
        insert(0, parent: nil, presenter: nil)
        // A `--kind` that names no class of the dump is most likely misspelt.
        var unmatchedKinds: [String: String] = [:]
        var guessedKinds: [String: String] = [:]
        for name in overrides.keys.sorted() where !names.contains(name) {
            // Else the one class that holds the name (`Coordinator` for `AppCoordinatorController`: a trial's near miss got no guess).
            let holding = name.count >= 4 ? Set(names.filter { $0.contains(name) }.map { ClassName.short($0) }) : []
            let guess =
                (Suggestion.closest(to: name, in: names.sorted()) ?? (holding.count == 1 ? holding.first : nil)).map {
                    ". Did you mean '\($0)'?"
                }
                ?? ""
            unmatchedKinds[name] = "--kind '\(name)=\(overrides[name]!.rawValue)' matched no class in this capture\(guess)"
            notes.append(unmatchedKinds[name]!)
        }
        for container in layoutContainers {
            // A navigation, tab bar or split view subclass named otherwise (`PSUIPrefsRootController`): the view tells it
            // is one of them, not which.
            // Four or more by the first and the last, as the class-name notes below.
            let ids =
                container.ids.count > 3
                ? "\(container.ids.count) controllers, '\(container.ids[0])' to '\(container.ids[container.ids.count - 1])',"
                : container.ids.map { "'\($0)'" }.joined(separator: ", ")
            let short = ClassName.short(container.readable)
            let one = container.ids.count == 1
            // The kind the name hints at first (WeChat's `MainTabBarViewController` is a tab bar).
            var kinds = ["navigation", "tab", "split"]
            if let hinted = [("TabBar", "tab"), ("Split", "split"), ("Navigation", "navigation")].first(where: { short.contains($0.0) })?.1
            {
                kinds = [hinted] + kinds.filter { $0 != hinted }
            }
            let options = kinds.map { "--kind '\(short)=\($0)'" }
            let note =
                "\(ids)\(Self.ofClass(container.readable, ids: container.ids)) \(one ? "has" : "have") a UILayoutContainerView, the view of navigation, tab bar and "
                + "split view controllers, but \(one ? "is" : "are") drawn as a plain container; pass \(options[0]), "
                + "\(options[1]) or \(options[2]) if \(one ? "it is" : "they are") one"
            guessedKinds[short] = note
            notes.append(note)
        }
        for guess in guesses {
            // Quoted, so the option can be pasted into a shell even when the class has `<` or `>`.
            // Read with its view, it is one of UIKit's three containers: the other two are offered first (a review: `=controller`
            // alone was the one answer that is always wrong).
            let short = ClassName.short(guess.readable)
            let others = [NodeKind.navigation, .tab, .split].filter { $0 != guess.kind }.map { "--kind '\(short)=\($0.rawValue)'" }
            let option = guess.byView ? "\(others[0]), \(others[1]) or --kind '\(short)=controller'" : "--kind '\(short)=controller'"
            let kind = guess.kind.rawValue
            if guess.ids.count == 1 {
                notes.append(
                    "'\(guess.ids[0])'\(Self.ofClass(guess.readable, ids: guess.ids)) is drawn as a \(kind) container from its class name\(guess.byView ? " and its UILayoutContainerView" : ""); pass \(option) if it is not one"
                )
                guessedKinds[ClassName.short(guess.readable)] = notes.last
            } else {
                // Four or more by the first and the last (a trial's note listed nine ids, in the README and index.html too).
                let ids =
                    guess.ids.count > 3
                    ? "\(guess.ids.count) controllers, '\(guess.ids[0])' to '\(guess.ids[guess.ids.count - 1])'"
                    : guess.ids.map { "'\($0)'" }.joined(separator: ", ")
                let comma = guess.ids.count > 3 ? "," : ""
                notes.append(
                    "\(ids)\(Self.ofClass(guess.readable, ids: guess.ids))\(comma) are drawn as \(kind) containers from their class name\(guess.byView ? " and their UILayoutContainerView" : ""); pass \(option) if they are not"
                )
                guessedKinds[ClassName.short(guess.readable)] = notes.last
            }
        }
        if isDetached {
            notes.append("'\(ids[0])' was printed as presented with (null): the hierarchy was not in a window")
        }
        // The root out of the window, and nothing presented: what covers it is not printed (a trial's paste that kept only
        // the first lines of a dump with a full-screen image picker was drawn on screen, unsaid; a diff then reported the
        // picker dismissed).
        if let root = controllers.first, root.link == .root, root.state == .disappeared, !root.isViewLoaded, !isDetached {
            // Not even loaded: printed before the window showed its root (a trial's was drawn 'in the window', unsaid).
            notes.append(
                "'\(ids[0])', the window's root, has not loaded its view: the dump was printed before the window showed it (at "
                    + "launch, before makeKeyAndVisible?); drawn as if on screen")
        } else if let root = controllers.first, root.link == .root, root.state == .disappeared, root.isViewLoaded, !root.isInWindow,
            !controllers.contains(where: { $0.presented != nil })
        {
            notes.append(
                "'\(ids[0])', the window's root, is not in the window and the dump shows nothing presented over it: what covers it "
                    + "(a full-screen presentation) is not printed, so the dump may have lost its last lines \(CapturedHierarchy.cutShortHint); "
                    + "drawn as if on screen")
        }
        // A controller drawn in the window that UIKit printed disappeared (its container does not forward the appearance
        // callbacks, at any depth: SpringBoard's lock screen; or an older iOS printed no ` not in the window`): it has had
        // none, and a snapshot step gives it none (semantics A8).
        let window = Set(h.build(root: ids[0]).nodesInWindow())
        for (index, controller) in controllers.enumerated()
        where controller.state == .disappeared && controller.isViewLoaded && window.contains(ids[index]) {
            h[ids[index]].transitionalState = .disappeared
        }
        var built = h.build(root: ids[0])
        // A split shown expanded needs a regular width: an iPad's (or a large iPhone's in landscape), drawn as a pad's (a
        // trial's iPad capture read `UIWindow · phone`); a device given (`import --device`) is not guessed.
        if device == nil, let split = ids.first(where: { built[$0].kind == .split && built[$0].isCollapsed == false }) {
            built.device = .pad
            notes.append(
                "'\(split)' is expanded, which needs a regular width: drawn as an iPad's (if it is not: navviz import --device "
                    + "phone, then use the scenario it writes)")
        }
        var captured = CapturedHierarchy(hierarchy: built, observed: observed, notes: notes)
        captured.identities = identities
        captured.unmatchedKinds = unmatchedKinds
        captured.guessedKinds = guessedKinds
        captured.identityNote = identityNote
        return captured
    }

    /// ` (Shop.MainTabBarController)` after the ids a note names, unless each id is the class (and a `#2`): the note
    /// read `'RootTabBarController' (RootTabBarController)`.
    static func ofClass(_ readable: String, ids: [NodeID]) -> String {
        let said = ids.allSatisfy { id in
            let base = id.rawValue.split(separator: "#", maxSplits: 1).first.map(String.init) ?? id.rawValue
            return base == readable
        }
        return said ? "" : " (\(readable))"
    }

    /// Whether two printed classes are one class, a runtime subclass (KVO's `NSKVONotifying_`) aside.
    static func sameClass(_ a: String, _ b: String) -> Bool { ClassName.unswizzled(a) == ClassName.unswizzled(b) }

    /// Whether a controller, or one inside it, presents: a current-context presentation takes the presenter's content out of
    /// the window, so a container on screen that shows nothing lost no lines (a review: the paste was said cut short).
    func presentsInside(_ index: Int) -> Bool { containersOfPresenters().contains(index) }

    /// Every controller that presents, and every one it is inside: those whose `presentsInside` is true.
    func containersOfPresenters() -> Set<Int> {
        var result = Set<Int>()
        for index in controllers.indices where controllers[index].presented != nil {
            var at: Int? = index
            while let current = at, result.insert(current).inserted { at = controllers[current].parent }
        }
        return result
    }

    /// Whether a controller's content is in the window, as UIKit printed it.
    func isShown(_ index: Int) -> Bool {
        let controller = controllers[index]
        switch controller.state {
        case .appeared, .appearing: return true
        case .disappearing: return false
        case .disappeared: return controller.isViewLoaded && controller.isInWindow
        }
    }

    /// Why a plain controller's one child, a leaf, reads as a part of its screen rather than the screen it shows: a SwiftUI
    /// view embedded in a UIKit screen (a hosting controller: `NavVizCapture` folds them alike; a shell around a full-screen
    /// SwiftUI view reads so too, the note says), a framework controller's own child (`frameworkParents`, an alert
    /// controller's: AVPlayerViewController's playback controls, a Safari view's remote controller), or a name that says a
    /// part (`MessageInputBarViewController`). Nil for a screen (a custom container's content, a page view controller's
    /// page). A guess, said in a note.
    func partOfScreen(_ index: Int, in parent: Controller) -> String? {
        let child = controllers[index]
        let readable = ClassName.readable(child.className)
        guard child.children.isEmpty, child.presented == nil, Self.kind(of: child, readable: readable, overrides: [:]).0 == .controller
        else { return nil }
        // A screen whose own view is content (a map, a web page, a scene) shows something of its own: its one child, a
        // leaf, is drawn over it (a search bar over a map). A child with children of its own (a navigation controller,
        // FloatingPanel's panel holding its content) may fill the screen: it is read as the screen (a review).
        if let view = parent.viewClass, let content = Self.contentView(view) { return "its own view is \(content)" }
        let parentReadable = ClassName.readable(parent.className)
        let parentClass = ClassName.short(parentReadable)
        guard parentClass != "UIPageViewController" else { return nil }
        if readable.containsBytes("HostingController") { return "an embedded SwiftUI view" }
        if Self.frameworkParents.contains(parentReadable) || parentClass.hasSuffix("AlertController") { return "\(parentClass)'s own" }
        let short = ClassName.short(readable)
        // UIKit's host of a view another process draws (Game Center's dashboard, a share extension): never a screen, whatever
        // plain controller holds it (a trial: `_UIRemoteViewController` under Game Center's host was reported as the visible
        // controller).
        if short.hasPrefix("_"), short.hasSuffix("RemoteViewController") { return "a remote view, which another process draws" }
        let parts = [
            "BarViewController", "BarController", "AccessoryViewController", "HeaderViewController", "FooterViewController",
            "ToolbarViewController", "ControlsViewController", "ButtonViewController",
        ]
        if let part = parts.first(where: { short.hasSuffix($0) && short.count > $0.count }) {
            return "its name ends in \(part)"
        }
        return nil
    }

    /// `a map (MKMapView)`, when a controller's view of this class is content of its own: a map, a web page, a 3D or
    /// game scene, a PDF, a canvas; nil for a plain view (a container's). Not a table or collection view: a pager or a
    /// list may hold a screen (a review).
    static func contentView(_ viewClass: String) -> String? {
        let short = ClassName.short(ClassName.readable(viewClass))
        let kinds: [(String, Bool)] = [
            ("a map", short.hasSuffix("MapView")), ("a web page", short == "WKWebView"),
            ("a scene", ["SCNView", "ARSCNView", "ARView", "SKView", "MTKView"].contains(short)),
            ("a PDF", short == "PDFView"), ("a canvas", short == "PKCanvasView"),
        ]
        return kinds.first(where: \.1).map { "\($0.0) (\(short))" }
    }

    /// Apple's controllers whose children are their own private parts, not screens an app shows.
    static let frameworkParents: Set<String> = [
        "AVPlayerViewController", "SFSafariViewController", "SFAuthenticationViewController", "MFMessageComposeViewController",
        "MFMailComposeViewController", "PHPickerViewController", "QLPreviewController", "CNContactViewController",
        "CNContactPickerViewController", "SKStoreProductViewController", "UIActivityViewController", "UIDocumentPickerViewController",
        "UIReferenceLibraryViewController", "UIFontPickerViewController", "UIColorPickerViewController", "UICloudSharingController",
        "EKEventViewController", "EKEventEditViewController", "GKGameCenterViewController", "GKMatchmakerViewController",
        "PKAddPassesViewController", "PKPaymentAuthorizationViewController", "VNDocumentCameraViewController",
    ]

    /// Sets what `_printHierarchy` leaves unsaid: a tab's selection, a split's columns and collapse, which
    /// children of a plain container are on screen.
    /// `children`: the controller's, as inserted (a split's compact column left out).
    func label(_ index: Int, _ node: NodeID, kind: NodeKind, children: [Int], in h: inout HierarchyBuilder, notes: inout [String]) {
        let controller = controllers[index]
        guard !children.isEmpty else {
            // On screen with no child, on the dump's last line: a paste cut right after it (a trial's, cut after a tab's
            // navigation controller, drew the empty container as the visible controller without a word).
            let isPages = kind == .controller && ClassName.short(ClassName.readable(controller.className)) == "UIPageViewController"
            if kind == .navigation || kind == .tab || isPages, index == controllers.count - 1, controller.state == .appeared,
                isShown(index), !presentsInside(index)
            {
                let (what, shows) =
                    isPages
                    ? ("page", "page view controller shows its page")
                    : kind == .tab
                        ? ("tab", "tab bar controller shows its selected tab") : ("controller", "navigation controller shows its top")
                notes.append(
                    "'\(node)' has appeared with no \(what) below it, on the dump's last line: a \(shows), so the dump may have lost its "
                        + "last lines \(CapturedHierarchy.cutShortHint)")
            } else if kind == .navigation, index == controllers.count - 1, index > 0, controller.isViewLoaded {
                // Off screen too (an unselected tab's, cut after it: a trial's paste lost its last three tabs, unsaid): a
                // navigation controller holds at least its root, once its view is loaded (a tab not yet opened may be filled
                // when it is).
                notes.append(
                    "'\(node)' has no controller below it, on the dump's last line: a navigation controller holds at least its root, so "
                        + "the dump may have lost its last lines \(CapturedHierarchy.cutShortHint)")
            }
            return
        }
        var shown = children.indices.filter { isShown(children[$0]) }
        if shown.isEmpty {
            // Every child on its way out with its container (a popover being dismissed): still in the window, still shown;
            // the bare container was taken for the visible controller.
            shown = children.indices.filter { index in
                let child = controllers[children[index]]
                return child.state == .disappearing && child.isViewLoaded && child.isInWindow
            }
        }
        switch kind {
        case .tab:
            // A switch in flight shows the old tab disappearing and the new one appearing: take the new one.
            // Then a tab that has appeared: a dump without ` not in the window` suffixes (older iOS, or
            // copied without them) shows the other tabs' loaded views as disappeared but in the window.
            let appearing = children.indices.filter { controllers[children[$0]].state == .appearing }
            let appeared = children.indices.filter { controllers[children[$0]].state == .appeared }
            // Else the tab that presents in its own context: a current-context presentation takes the presenter's content
            // out of the window (a review: the tab bar was taken for the visible controller, over the sheet).
            // (Looked for only when no tab shows, and every presenter's containers gathered once: a tab bar of thousands of
            // tabs was read in time that grew as their count squared.)
            func presenting() -> Int? {
                let inside = containersOfPresenters()
                return children.indices.first { inside.contains(children[$0]) }
            }
            if let pick = appearing.first ?? appeared.first ?? shown.first ?? presenting() {
                h[node].selected = pick
            } else if controller.state == .appeared, isShown(index) {
                // On screen itself, so not covered: its selected tab's lines are missing (a trial's paste that lost them was
                // said to be under a full-screen presentation).
                notes.append(
                    "'\(node)' has appeared but none of its tabs is in the window: a tab bar controller shows its selected tab, so "
                        + "the dump may have lost lines (a paste cut short?); the selected tab is left unset")
            } else if isDetached {
                // Out of any window, nothing covers it (a trial read the guess of a presentation over a detached root).
                notes.append("'\(node)': no tab is in the window (the hierarchy is in none), so the selected tab is left unset")
            } else {
                notes.append(
                    "'\(node)': no tab is in the window (a full-screen presentation covers it?), so the selected tab is left unset "
                        + "(in a flow of captures, the one the capture before shows, when its tabs are the same)")
            }
        case .split:
            let roles: [SplitRole] = children.count >= 3 ? [.primary, .supplementary, .secondary] : [.primary, .secondary]
            for (offset, child) in h[node].children.enumerated() where offset < roles.count { h[child].role = roles[offset] }
            // Columns in the window without the primary: an expanded split whose sidebar is hidden (its display
            // mode; a collapsed split shows the primary's navigation controller). A trial's iPad dump was drawn
            // collapsed, the hidden sidebar as the visible controller.
            let shownRoles = shown.filter { $0 < roles.count }.map { roles[$0] }
            if !shownRoles.isEmpty, !shownRoles.contains(.primary), shownRoles.contains(.secondary) {
                h[node].isCollapsed = false
                h[node].splitDisplay = shownRoles.count == 1 ? .secondaryOnly : .oneBesideSecondary
                notes.append(
                    "'\(node)' shows its \(shownRoles.map(\.rawValue).joined(separator: " and ")) column\(shownRoles.count == 1 ? "" : "s") "
                        + "beside no primary: an expanded split with its sidebar hidden (display mode \(h[node].splitDisplay!.rawValue))")
                break
            }
            let collapsed = children.count == 1 || shown.count < min(children.count, 3)
            h[node].isCollapsed = collapsed
            if collapsed, children.count > 1, let first = shown.first, first != 0 {
                notes.append(
                    "'\(node)' is collapsed and shows its \(roles[min(first, roles.count - 1)].rawValue) column, which navviz draws as hidden behind the primary"
                )
            }
        case .navigation:
            // A pop in flight: the top disappearing as a controller below it appears. The stack is drawn as printed.
            if let top = children.last, controllers[top].state == .disappearing,
                let appearing = children.indices.dropLast().last(where: { controllers[children[$0]].state == .appearing })
            {
                let stack = h[node].children
                let (leaving, arriving) = (stack[children.count - 1], stack[appearing])
                notes.append(
                    "'\(node)': '\(leaving)' is disappearing as '\(arriving)' appears, a pop in flight: drawn as printed, "
                        + "'\(leaving)' still on top; capture again when the transition ends")
            } else if let top = children.last, controller.state == .appeared, isShown(index), controllers[top].state == .disappeared,
                !isShown(top), !presentsInside(index)
            {
                // On screen, its top not in the window: the real top's lines are missing (a trial's paste that lost its last
                // line was read without a word, the controller below the top taken for the visible one), or, when the one below
                // the top is still on screen, a push begun (a trial: a breakpoint in the pushed controller's viewDidLoad).
                let topID = h[node].children[children.count - 1]
                if children.count > 1, controllers[children[children.count - 2]].state == .appeared, isShown(children[children.count - 2]) {
                    // The one below still on screen: a push begun (a review: drawn with the new top on screen, and a
                    // snapshot step after it sent the one below its disappear callbacks a step early).
                    let below = h[node].children[children.count - 2]
                    h[topID].transitionalState = .pending
                    notes.append(
                        "'\(node)' has appeared but its top, '\(topID)', has not and is not in the window while '\(below)' below it is: a "
                            + "push begun, before '\(topID)'s viewWillAppear (a breakpoint in its viewDidLoad prints this); '\(below)' is "
                            + "drawn still on screen, '\(topID)' on top of the stack, not yet")
                } else {
                    notes.append(
                        "'\(node)' has appeared but its top, '\(topID)', is not in the window: a navigation "
                            + "controller shows its top, so the dump may have lost its last lines (a paste cut short?)")
                }
            }
        case .controller:
            if children.count == 1, shown == [0], let why = partOfScreen(children[0], in: controller) {
                // A part of the screen, not a screen: the container is the visible controller, the part on screen in it (a
                // trial: a product page's SwiftUI stars were reported as the visible controller).
                h[node].embedded = shown
                notes.append(
                    "line \(controllers[children[0]].line): '\(h[node].children[0])' is taken for a part of '\(node)'s screen (\(why)), "
                        + "not a screen of its own: the screen is '\(node)'")
            } else if shown.count == 1 {
                h[node].selected = shown[0]
                // A switch in flight between two children (a page turn): the one leaving is still in the window. Drawn with the
                // one arriving shown, as it will be, and said (the leaving page was drawn off screen without a word, a trial).
                if controllers[children[shown[0]]].state == .appearing,
                    let leaving = children.indices.first(where: { index in
                        let child = controllers[children[index]]
                        return child.state == .disappearing && child.isViewLoaded && child.isInWindow
                    })
                {
                    let (from, to) = (h[node].children[leaving], h[node].children[shown[0]])
                    notes.append(
                        "'\(node)': '\(from)' is disappearing as '\(to)' appears, a switch in flight (a page turn?): drawn with "
                            + "'\(to)' shown and '\(from)' off screen, as they will be; capture again when the transition ends")
                }
            } else if shown.count > 1 {
                h[node].embedded = shown
            } else if ClassName.short(ClassName.readable(controller.className)) == "UIPageViewController" {
                h[node].selected = 0
            }
        default:
            break
        }
    }
}

/// Which id each address of the captures of one launch of an app got: how the next capture of the same launch
/// keeps its controllers' ids, and gives a new controller an id no earlier one had.
public struct CaptureIdentities: Sendable, Equatable {
    /// A controller as a capture printed it: its class, and the id it got.
    public struct Identity: Sendable, Equatable {
        /// The class as printed.
        public var className: String
        /// The id the capture gave it.
        public var id: String
    }
    /// The controller printed last at each address, over every capture of the launch so far.
    public var byAddress: [String: Identity] = [:]
    /// The addresses the last capture printed: the next capture is of the same launch when it shares one.
    public var latest: Set<String> = []
    /// Every id the launch's captures gave a controller with an address.
    public var given: Set<String> = []
    /// The class of the last capture's window root, when that capture had addresses: a capture sharing none of them
    /// whose root is of another class shows a new window root.
    public var latestRootClass: String?
    /// Whether a capture came before (with addresses or not).
    public var follows = false

    /// None: before the first capture.
    public init() {}
}
