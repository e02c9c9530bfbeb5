import NavVizCore

/// The words a diagram shows for an item, the same in every output (DOT, Mermaid): its class line, its
/// container details, its badges and its tooltip.
extension DiagramItem {
    /// The bold line of a box: the controller's name, or what a summary box folds (`4 more below`).
    var headline: String { DiagramStyle.capped(folded?.title ?? node.displayName) }

    /// `ProductViewController · Product#2`: the class, and the id when the name shown is not the id; for
    /// a summary box, what it holds (`3 controllers folded`, `Home…Settings`). Nil when the name shown says it
    /// all: a capture's `PSCatalogViewController` is its class and its id, and was drawn twice (a box or a
    /// Mermaid title as wide again); a `#2` after the name is its `nameSuffix`.
    var classLine: String? {
        if let folded { return folded.detail }
        let className = DiagramStyle.shownClassName(of: node)
        let id = node.id.rawValue
        // Compared as shown: a class name past the cap was drawn again below itself, shortened (a trial's 88 characters).
        let name = DiagramStyle.capped(node.displayName)
        // A repeat reads `BaseViewController#2` in bold: the class below it only when it says more (its module).
        if nameSuffix != nil { return className == name ? nil : className }
        if className == name, DiagramStyle.capped(id) == className { return nil }
        return node.displayName == id ? className : "\(className) · \(DiagramStyle.capped(id))"
    }

    /// `#2` when the item is named by its class (a capture's, with or without its module) and its id is that name and
    /// `#2`: drawn after the name (`ProductViewController#2`) where the class line repeated the name (a trial: three
    /// `SampleProject.BaseViewController` boxes all read `BaseViewController` in bold).
    var nameSuffix: String? {
        folded.map(\.titleSuffix) ?? Self.nameSuffix(of: node)
    }

    /// `#2` when `node` is named by its class and its id is that name and `#2` (`nameSuffix`, for a node a summary box
    /// names).
    static func nameSuffix(of node: Node) -> String? {
        guard DiagramStyle.withoutModule(DiagramStyle.shownClassName(of: node)) == node.displayName else { return nil }
        return numberSuffix(of: node.id.rawValue, after: node.displayName)
    }

    /// `nameSuffix` as a diagram draws it, after a space: the bold name before it is measured by the installed font's
    /// hinted widths, a little short of what a browser draws, and a long one ran into it (a trial of a real SwiftUI
    /// capture: `StyleContextSplitViewNavigationController<…>#2`).
    var drawnNameSuffix: String { nameSuffix.map { " " + $0 } ?? "" }

    /// `containerName` as a diagram draws it: a `#2` after the bold class, after a space (as `drawnNameSuffix`).
    var drawnContainerName: String { containerName.hasPrefix("#") ? " " + containerName : containerName }

    /// What follows a container's class on its first line: ` · shopNav`, then ` · “Shop”` when the
    /// container has a title other than its id (a controller-kind container shows its name instead). An id that
    /// is the class (a capture's, with or without its module: `SwiftUI.UIKitTabBarController`'s
    /// `UIKitTabBarController`) is not repeated, and one that is the class and `#2` adds `#2`.
    var containerName: String {
        let className = DiagramStyle.shownClassName(of: node)
        let unqualified = DiagramStyle.unqualified(className)
        let id = node.id.rawValue
        let shownID: String
        if id == className || id == unqualified {
            shownID = ""
        } else {
            shownID =
                Self.numberSuffix(of: id, after: className) ?? Self.numberSuffix(of: id, after: unqualified) ?? " · "
                + DiagramStyle.capped(id)
        }
        guard let title = node.title, !title.isEmpty, title != id else { return shownID }
        return "\(shownID) · “\(DiagramStyle.capped(title))”"
    }

    /// `#2` when `id` is `name#2`.
    static func numberSuffix(of id: String, after name: String) -> String? {
        guard id.hasPrefix(name + "#") else { return nil }
        let digits = id.dropFirst(name.count + 1)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber } ? "#" + digits : nil
    }

    /// A controller container's one-line Mermaid title after its slot: its name (and `#2`), then its class line
    /// unless the class is the name in a module (`PieOverlayMenu.PieOverlayMenuContentViewController`), then what
    /// `titleDetails` keeps.
    var controllerTitle: [String] {
        var parts = [node.displayName + (nameSuffix ?? "")]
        if let classLine,
            DiagramStyle.withoutModule(DiagramStyle.shownClassName(of: node)) != node.displayName || node.id.rawValue != node.displayName
        {
            parts.append(classLine)
        }
        return parts
    }

    /// What a container's state is, in words (`3 in stack · last = top`, `collapsed`, `2 of 3`).
    var details: String? {
        let count = node.children.count
        switch node.kind {
        case .navigation:
            return count == 0 ? "empty stack" : "\(count) in stack · last = top"
        case .tab:
            let tabs = count == 1 ? "1 tab" : "\(count) tabs"
            guard let selected = node.selected else { return count == 0 ? "no tabs" : "\(tabs) · selection not known" }
            return "\(tabs) · selected: \(selected)"
        case .split:
            guard node.isCollapsed == true else {
                switch node.splitDisplay {
                case .secondaryOnly: return "expanded · secondary only"
                case .oneBesideSecondary where node.children.count > 2: return "expanded · primary hidden"
                default: return "expanded"
                }
            }
            return node.collapsedOnto.map { "collapsed onto \($0.rawValue)" } ?? "collapsed"
        case .activity:
            var parts = [node.active.map { "active: \($0)" } ?? "nothing active"]
            let registered = node.activity?.generators.keys.sorted() ?? []
            if !registered.isEmpty { parts.append("registered: " + registered.joined(separator: ", ")) }
            return parts.joined(separator: " · ")
        case .stack:
            return count == 0 ? "no views" : "\(count) \(count == 1 ? "view" : "views") · last = active"
        case .notifications:
            guard let selected = node.selected, count > 0 else { return "empty" }
            return "\(selected + 1) of \(count)"
        case .controller:
            let visible =
                node.embedded.map { " · on screen: children \(Self.ranges($0))" }
                ?? node.selected.map { " · shows child \($0)" } ?? ""
            return "\(Self.containerWord(node)) · \(count) \(count == 1 ? "child" : "children")" + visible
        case .view:
            return nil
        }
    }

    /// The details a container's one-line Mermaid title keeps: what its children's labels do not say already
    /// (`3 in stack · last = top` is their `root`…`top`, `custom container · 2 children · shows child 0` their
    /// `child 0 · shown`; a page view controller's class names its kind). Mermaid 8 does not widen a subgraph to its title: long ones ran out of their box and
    /// off the diagram, and Mermaid 11 drew a parent as wide as its longest title.
    var titleDetails: String? {
        switch node.kind {
        case .navigation, .stack, .notifications: node.children.isEmpty ? details : nil
        case .tab: node.selected == nil ? details : nil
        case .controller: nil  // a page view controller's class says it is one
        case .split, .activity, .view: details
        }
    }

    /// What a plain container is: UIKit's page view controller by its class (a capture's `UIPageViewController`
    /// read "custom container"), else a custom container.
    static func containerWord(_ node: Node) -> String {
        let name = node.className ?? node.screen ?? ""
        return name.hasSuffix("PageViewController") ? "page view controller" : "custom container"
    }

    /// `+ added`, `view not loaded`, `appearing`…: what is special about the item, in words.
    var badgeWords: [String] {
        guard folded == nil else { return [] }
        return (markWord.map { [$0] } ?? []) + untoldStateWords
    }

    /// `badgeWords` as a label that carries its tag writes them (Mermaid's): none for a box ringed without a tag, whose
    /// change a box above it says.
    var labelBadgeWords: [String] { isTagless ? untoldStateWords : badgeWords }

    /// The state's words its change tag does not say already (`~ off screen, view not loaded` then `view not loaded`
    /// again, a trial).
    var untoldStateWords: [String] {
        guard mark == .changed, !isTagless, let told = changeWord?.components(separatedBy: ", ") else { return stateWords }
        return stateWords.filter { !told.contains($0) }
    }

    /// `visible`, `view not loaded`, `appearing`…: the item's state in words, without its mark.
    var stateWords: [String] {
        guard folded == nil else { return [] }
        var words: [String] = []
        // A container in front (several children on screen at once) is the visible controller: no fill says so.
        if isContainer, presence == .visible { words.append("visible") }
        if !node.isLoaded, slot?.hasSuffix("released") != true {
            // A memory warning unloads; a capture shows views never loaded yet (lazy tabs, buried entries).
            words.append(node.isReleased ? "unloaded" : "view not loaded")
        }
        if let state = node.transitionalState {
            words.append(state == .pending ? (node.presenter == nil ? "push begun" : "presentation begun") : state.rawValue)
        }
        return words
    }

    /// Indices as runs: `0, 1` stay as they are, three or more in a row read `0–33` (a container of 34 children
    /// listed every index).
    static func ranges(_ indices: [Int]) -> String {
        var parts: [String] = []
        var start = 0
        while start < indices.count {
            var end = start
            while end + 1 < indices.count, indices[end + 1] == indices[end] + 1 { end += 1 }
            if end - start >= 2 {
                parts.append("\(indices[start])–\(indices[end])")
            } else {
                parts += indices[start...end].map(String.init)
            }
            start = end + 1
        }
        return parts.joined(separator: ", ")
    }

    /// `+ added`, `− removed`, `~ changed`.
    static func markWord(_ mark: DiffMark) -> String {
        switch mark {
        case .added: "+ added"
        case .removed: "− removed"
        case .changed: "~ changed"
        }
    }

    /// `Home · UIViewController · off screen · view not loaded`.
    var tooltip: String {
        if let folded {
            let shown = folded.names.prefix(20).joined(separator: ", ")
            return "folded: " + shown + (folded.names.count > 20 ? " and \(folded.names.count - 20) more" : "")
        }
        // The class only when it is not the id (a capture's `DTTabBarController · DTTabBarController · …`, a trial).
        let className = DiagramStyle.className(of: node)
        var parts = className == node.id.rawValue ? [className] : [node.id.rawValue, className]
        switch presence {
        case .visible: parts.append("visible")
        case .onScreen: parts.append("on screen")
        case .inWindow: parts.append("in the window")
        case .offScreen: parts.append("off screen")
        }
        if let mark { parts.append(mark.rawValue) }
        if !node.isLoaded { parts.append(node.isReleased ? "unloaded" : "view not loaded") }
        if let state = node.transitionalState {
            parts.append(
                state == .pending
                    ? "captured \(node.presenter == nil ? "pushed" : "presented"), before its viewWillAppear" : "captured \(state.rawValue)"
            )
        }
        return parts.joined(separator: " · ")
    }
}
