import NavVizCore
import NavVizRender
import NavVizScenario

/// What differs between two states of a window, in short phrases for people
/// (`+ Reviews pushed onto shopNav`, `- SignIn dismissed from Product`, `shopTabs selected tab 0 → 2`).
///
/// Only what the canonical snapshot holds counts, so a state read back from a `run.json` or a
/// snapshot file compares the same as one fresh from the simulator. Nodes are matched by id.
public struct HierarchyChanges: Sendable, Equatable {
    /// Nodes attached only in the new state, topmost first (a subtree counts once, at its top).
    public var added: [NodeID] = []
    /// Nodes attached only in the old state, topmost first.
    public var removed: [NodeID] = []
    /// Nodes attached in both whose container or presenter changed.
    public var moved: [NodeID] = []
    /// Nodes attached in both whose own fields (selection, title, style…) changed.
    public var changed: [NodeID] = []
    /// Each old controller replaced in its container's place by a new one (`~ A replaced by B`), old id → new id.
    public var replacements: [NodeID: NodeID] = [:]
    /// Of those, each that is the same screen under another number (`~ SignUp numbered SignUp#2 … (the same screen)`): its
    /// callbacks are the same screen's too.
    public var renumbered: [NodeID: NodeID] = [:]
    /// The visible controller before and after (equal when it did not change).
    public var oldVisible: NodeID?
    /// The visible controller after.
    public var newVisible: NodeID?
    /// One phrase per difference, in a fixed order: added (new tree order), moved and changed
    /// (new tree order), removed (old tree order), then the visible controller.
    public var phrases: [String] = []
    /// For each phrase, the controllers a diagram marks for it: the one it names and what came or went with it (a
    /// diagram leaves unmarked what only phrases shown at an earlier step name; a container changed by those alone is
    /// told apart when drawn, `DiagramScene.marks`).
    public var subjects: [Set<NodeID>] = []
    /// For each phrase, what a diagram's change tag says of its subject for it (`tab 1 → 2` for a selection): a later
    /// step's tag leaves out what an earlier step said (`ChangeAspect`); nil for a phrase no tag word tells.
    public var aspects: [ChangeAspect?] = []

    /// Whether nothing differs.
    public var isEmpty: Bool { phrases.isEmpty }

    /// Whether the visible controller changed.
    public var isVisibleChanged: Bool { oldVisible != newVisible }

    /// How differences are worded.
    public enum Wording: Sendable {
        /// What a step did to the state before it: `+ Reviews pushed onto shopNav`, `- Product popped from shopNav`.
        case step
        /// How two states reached by different runs differ, claiming no action for what one holds and the other
        /// does not: `+ Reviews only in new, top of shopNav`. A step that popped the same controller in both runs
        /// must not read `- B popped from nav` because an earlier change left B out of the new run. (`replaced by`
        /// and `moved from … to` read as the difference of two versions, and stay.)
        case comparison
    }

    /// Compares two states; `oldVisible` and `newVisible` are the finder's visible controllers.
    public init(old: Hierarchy, oldVisible: NodeID?, new: Hierarchy, newVisible: NodeID?, wording: Wording = .step) {
        self.oldVisible = oldVisible
        self.newVisible = newVisible
        let oldNodes = old.attachedNodes()
        let newNodes = new.attachedNodes()
        let oldSet = Set(oldNodes)
        let newSet = Set(newNodes)
        // Once, not per controller: it was, and a diff of two 1,200-step flows took 41 s (a trial).
        let survivors = oldSet.intersection(newSet)

        // What took each leaving controller's place in its container (the replacements said below): a controller presented
        // by a replaced one is not moved (two imported flows read `~ Share moved from presented by Home to presented by
        // Feed` after `Home replaced by Feed`).
        // Or presented where another is now presented by the same presenter (a renamed class of a presented navigation
        // controller read as added, removed and its root moved, a trial).
        var arrivals: [NodeID: (arrival: NodeID, place: String)] = [:]
        func arrival(inPlaceOf id: NodeID) -> (arrival: NodeID, place: String)? {
            if let parent = old.parent(of: id), let index = old[parent].children.firstIndex(of: id), newSet.contains(parent),
                new[parent].children.indices.contains(index), !oldSet.contains(new[parent].children[index])
            {
                return (new[parent].children[index], "in \(parent)")
            }
            // (By a presenter replaced in turn: the one in its place. Old nodes come in tree order, presenters first.)
            if let oldPresenter = old[id].presenter,
                let presenter = newSet.contains(oldPresenter) ? oldPresenter : arrivals[oldPresenter]?.arrival,
                let presented = new[presenter].presented, !oldSet.contains(presented)
            {
                return (presented, "presented by \(presenter)")
            }
            return nil
        }
        for id in oldNodes where !newSet.contains(id) {
            if let found = arrival(inPlaceOf: id) { arrivals[id] = found }
        }
        let replacedBy = arrivals.mapValues(\.arrival)
        replacements = replacedBy
        // One presented by a replaced controller and replaced in turn is said on its own (`~ Nav#6 replaced by WCNav#6
        // presented by WCNav#5`), not inside its presenter's `(with …)`: the step after a chain grew restated the pair
        // with a longer list (a trial). What is named below a node stops at these; each bears its own phrase.
        var chained: Set<NodeID> = []
        for (id, found) in arrivals {
            if let presenter = old[id].presenter, arrivals[presenter] != nil { chained.formUnion([id, found.arrival]) }
        }
        let (notOld, notNew) = (oldSet.union(chained), newSet.union(chained))
        var addedLine: [NodeID: Int] = [:]
        var replacedFields: [(phrase: String, subjects: Set<NodeID>)] = []
        for id in newNodes {
            guard oldSet.contains(id) else {
                // A presentation bears its own phrase, whatever came with it (a readability trial's page sheet over a new
                // full-screen cover was "and 4 more" of the cover's).
                if let up = Self.container(of: id, in: new), !oldSet.contains(up), !chained.contains(id), new[id].presenter == nil {
                    continue
                }
                added.append(id)
                addedLine[id] = phrases.count
                let name = Self.name(id, withAddedBelow: new, excluding: notOld)
                switch wording {
                case .step: phrases.append("+ \(name) \(Self.placement(of: id, in: new))")
                case .comparison: phrases.append("+ \(name) only in new, \(Self.location(of: id, in: new))")
                }
                subjects.append(Self.subtree(id, in: new, excluding: notOld))
                aspects.append(nil)
                continue
            }
            let before = Self.whereabouts(of: id, in: old, renaming: replacedBy)
            let after = Self.whereabouts(of: id, in: new)
            if before != after {
                moved.append(id)
                phrases.append("~ \(id) moved from \(before) to \(after)")
                subjects.append([id])
                aspects.append(.place)
            }
            let fieldChanges = Self.fieldChanges(of: id, old: old, new: new, survivors: survivors, wording: wording)
            if !fieldChanges.isEmpty {
                changed.append(id)
                phrases += fieldChanges.map(\.phrase)
                subjects += fieldChanges.map { _ in [id] }
                aspects += fieldChanges.map(\.aspect)
            }
        }
        for id in oldNodes where !newSet.contains(id) {
            if let up = Self.container(of: id, in: old), !newSet.contains(up), !chained.contains(id), old[id].presenter == nil {
                continue
            }
            removed.append(id)
            // One that left the place in a container where another arrived was replaced, not popped and pushed.
            if let (arrival, place) = arrivals[id], let at = addedLine.removeValue(forKey: arrival) {
                // The same screen under another number (an earlier step built one fewer): not another controller
                // (a code-review trial read `~ Reviews#4 replaced by Reviews#3`).
                subjects[at].formUnion(Self.subtree(id, in: old, excluding: notNew))
                if id.numbered.base == arrival.numbered.base, old[id].screen == new[arrival].screen,
                    old[id].className == new[arrival].className,
                    old[id].kind == new[arrival].kind, old[id].children.isEmpty, new[arrival].children.isEmpty
                {
                    phrases[at] = "~ \(id) numbered \(arrival) \(place) (the same screen)"
                    renumbered[id] = arrival
                    // And how it differs besides its number: its style, its title… (a docs trial: a sheet made a page
                    // sheet was said as the renumbering alone).
                    var fields = Self.fieldChanges(of: id, old: old, new: new, as: arrival, survivors: survivors, wording: wording)
                    if old[id].title != new[arrival].title {
                        let (a, b) = (old[id].title.map { "'\($0)'" } ?? "none", new[arrival].title.map { "'\($0)'" } ?? "none")
                        fields.insert(("\(arrival) title \(a) → \(b)", .title), at: 0)
                    }
                    replacedFields += fields.map { ($0.phrase, [id, arrival]) }
                    continue
                }
                phrases[at] =
                    "~ \(Self.name(id, withAddedBelow: old, excluding: notNew)) replaced by "
                    + "\(Self.name(arrival, withAddedBelow: new, excluding: notOld)) \(place)"
                // Between two runs, how the one in its place differs (a renamed class whose view one run released: the
                // difference was said nowhere, a review), its class and names aside: they are the replacement.
                if wording == .comparison {
                    let fields = Self.fieldChanges(
                        of: id, old: old, new: new, as: arrival, survivors: survivors, wording: wording)
                    replacedFields += fields.map { ($0.phrase, [id, arrival]) }
                }
                continue
            }
            let name = Self.name(id, withAddedBelow: old, excluding: notNew)
            switch wording {
            case .step: phrases.append("- \(name) \(Self.removal(of: id, in: old))")
            case .comparison: phrases.append("- \(name) only in old, \(Self.location(of: id, in: old))")
            }
            subjects.append(Self.subtree(id, in: old, excluding: notNew))
            aspects.append(nil)
        }
        phrases += replacedFields.map(\.phrase)
        subjects += replacedFields.map(\.subjects)
        aspects += replacedFields.map { _ in nil }
        // (Not when the visible controller is the same screen under another number, said above.)
        if oldVisible != newVisible, oldVisible.flatMap({ renumbered[$0] }) != newVisible {
            phrases.append("visible \(oldVisible?.rawValue ?? "nothing") → \(newVisible?.rawValue ?? "nothing")")
            subjects.append([])
            aspects.append(nil)
        }
        assert(subjects.count == phrases.count && aspects.count == phrases.count, "one set of subjects and one aspect per phrase")
    }

    // MARK: - Wording

    /// The node's container or presenter: what it hangs from.
    static func container(of id: NodeID, in h: Hierarchy) -> NodeID? {
        h.parent(of: id) ?? h[id].presenter
    }

    /// What hangs from a node (children, then presented controllers, depth first) that `other` does not hold; its children
    /// only, without `presentations`.
    static func below(_ id: NodeID, in h: Hierarchy, excluding other: Set<NodeID>, presentations: Bool = true) -> [NodeID] {
        var out: [NodeID] = []
        func visit(_ node: NodeID) {
            let presented = presentations ? [h[node].presented].compactMap({ $0 }) : []
            for next in h[node].children + presented where !other.contains(next) {
                out.append(next)
                visit(next)
            }
        }
        visit(id)
        return out
    }

    /// The node and what hangs from it that `other` does not hold.
    static func subtree(_ id: NodeID, in h: Hierarchy, excluding other: Set<NodeID>) -> Set<NodeID> {
        Set([id] + below(id, in: h, excluding: other))
    }

    /// `Reviews`, or `signInNav (with SignIn, Terms)` when a subtree came or went with it.
    static func name(_ id: NodeID, withAddedBelow h: Hierarchy, excluding other: Set<NodeID>) -> String {
        // What it contains, not what is presented from there: each presentation bears its own phrase.
        let below = Self.below(id, in: h, excluding: other, presentations: false)
        guard !below.isEmpty else { return id.rawValue }
        let shown = below.prefix(3).map(\.rawValue).joined(separator: ", ")
        let more = below.count > 3 ? " and \(below.count - 3) more" : ""
        return "\(id) (with \(shown)\(more))"
    }

    /// Where a node hangs in a state, for the phrases that name its place.
    enum Slot {
        case presented(by: NodeID, style: PresentationStyle)
        case root
        /// In a navigation controller or a stack: `below` is the node above it, nil at the top.
        case stacked(in: NodeID, below: NodeID?)
        case tab(of: NodeID, index: Int)
        case labelled(in: NodeID, label: String?)
        case queued(in: NodeID, position: Int, count: Int)
        case child(of: NodeID, index: Int)
        case plain(in: NodeID)

        init(of id: NodeID, in h: Hierarchy) {
            let node = h[id]
            if let presenter = node.presenter {
                self = .presented(by: presenter, style: node.style ?? .automatic)
                return
            }
            guard let parentID = h.parent(of: id) else {
                self = .root
                return
            }
            let parent = h[parentID]
            let index = parent.children.firstIndex(of: id) ?? 0
            switch parent.kind {
            case .navigation, .stack:
                self = .stacked(in: parentID, below: index == parent.children.count - 1 ? nil : parent.children[index + 1])
            case .tab: self = .tab(of: parentID, index: index)
            case .split: self = .labelled(in: parentID, label: node.role?.rawValue)
            case .activity: self = .labelled(in: parentID, label: node.key.map { "'\($0)'" })
            case .notifications: self = .queued(in: parentID, position: index + 1, count: parent.children.count)
            case .controller: self = .child(of: parentID, index: index)
            case .view: self = .plain(in: parentID)
            }
        }
    }

    /// Where an added node now sits: `pushed onto shopNav`, `presented by Product (formSheet)`…
    static func placement(of id: NodeID, in h: Hierarchy) -> String {
        // A capture's push or presentation begun and not shown yet says so, as its diagram does (a review: it read as done).
        let begun = h[id].transitionalState == .pending
        return switch Slot(of: id, in: h) {
        case .presented(let presenter, let style): "presented by \(presenter) (\(style.rawValue))\(begun ? ": presentation begun" : "")"
        case .root: "set as the window's root"
        case .stacked(let parent, nil): "pushed onto \(parent)\(begun ? ": push begun" : "")"
        case .stacked(let parent, let above?): "inserted into \(parent) below \(above)"
        case .tab(let parent, let index): "added to \(parent) as tab \(index)"
        case .labelled(let parent, let label?): "added to \(parent) as \(label)"
        case .labelled(let parent, nil), .plain(let parent): "added to \(parent)"
        case .queued(let parent, let position, let count): "queued in \(parent) as \(position) of \(count)"
        case .child(let parent, let index): "added to \(parent) as child \(index)"
        }
    }

    /// Where a node sits, claiming no action: `top of shopNav`, `tab 2 of shopTabs`, `presented by Product
    /// (formSheet)`…
    static func location(of id: NodeID, in h: Hierarchy) -> String {
        switch Slot(of: id, in: h) {
        case .presented(let presenter, let style): "presented by \(presenter) (\(style.rawValue))"
        case .root: "the window's root"
        case .stacked(let parent, nil): "top of \(parent)"
        case .stacked(let parent, let above?): "in \(parent) below \(above)"
        case .tab(let parent, let index): "tab \(index) of \(parent)"
        case .labelled(let parent, let label?): "\(label) of \(parent)"
        case .labelled(let parent, nil), .plain(let parent): "in \(parent)"
        case .queued(let parent, let position, let count): "\(position) of \(count) in \(parent)"
        case .child(let parent, let index): "child \(index) of \(parent)"
        }
    }

    /// How a removed node left: `popped from shopNav`, `dismissed from Product`…
    static func removal(of id: NodeID, in h: Hierarchy) -> String {
        let node = h[id]
        if let presenter = node.presenter { return "dismissed from \(presenter)" }
        guard let parentID = h.parent(of: id) else { return "removed as the window's root" }
        let parent = h[parentID]
        if [.navigation, .stack].contains(parent.kind), parent.children.last == id { return "popped from \(parentID)" }
        return "removed from \(parentID)"
    }

    /// `shopNav`, `presented by Product` or `the window's root`: where a node hangs, for moves.
    static func whereabouts(of id: NodeID, in h: Hierarchy, renaming: [NodeID: NodeID] = [:]) -> String {
        if let parent = h.parent(of: id) { return (renaming[parent] ?? parent).rawValue }
        if let presenter = h[id].presenter { return "presented by \(renaming[presenter] ?? presenter)" }
        return "the window's root"
    }

    /// The node's own fields as the canonical snapshot holds them, compared; with `arrival`, old `id`'s against new
    /// `arrival`'s, which took its place (named by the arrival, kind, screen, title and class left out: they are the
    /// replacement).
    /// `wording`: between two runs a view loaded in one only is said so (`unloaded` read as the view unloaded, a trial).
    static func fieldChanges(
        of oldID: NodeID, old: Hierarchy, new: Hierarchy, as arrival: NodeID? = nil, survivors: Set<NodeID>, wording: Wording = .step
    ) -> [(phrase: String, aspect: ChangeAspect?)] {
        let id = arrival ?? oldID
        let a = old[oldID]
        let b = new[id]
        var out: [(phrase: String, aspect: ChangeAspect?)] = []
        func quoted(_ text: String?) -> String { text.map { "'\($0)'" } ?? "none" }
        // Between two runs, a screen or class that is the controller's name is the one a run that names none means: a capture
        // names every controller's, a scenario leaves them to its id (a trial compared a capture with its scenario and read
        // `screen 'MMTabBarController' → none`).
        func differs(_ x: String?, _ y: String?) -> Bool {
            let name = String(id.numbered.base)
            return wording == .comparison ? (x ?? name) != (y ?? name) : x != y
        }
        if arrival == nil {
            if a.kind != b.kind { out.append(("\(id) kind \(a.kind.rawValue) → \(b.kind.rawValue)", nil)) }
            if differs(a.screen, b.screen) { out.append(("\(id) screen \(quoted(a.screen)) → \(quoted(b.screen))", .renamed)) }
            if a.title != b.title { out.append(("\(id) title \(quoted(a.title)) → \(quoted(b.title))", .title)) }
            if differs(a.className, b.className) {
                out.append(("\(id) class \(quoted(a.className)) → \(quoted(b.className))", .renamed))
            }
        }
        // The same child selected at another index (a tab inserted before it, or the tabs reordered) is no change of
        // selection: the children's order is told otherwise (a code-review trial read `selected tab 1 → 2` of one tab).
        // A kind that has no selection on one side (a container read as a navigation controller with `--kind`) changed
        // what shows its child, not which: the kind's phrase says it (a trial read `visible child 0 → none` as nothing
        // shown).
        // A tab bar's or a sequence's selection not known on one side (a capture under a full-screen cover shows none) is no
        // change either way (a trial read `selected tab 3 → not known` for a cover presented over the same tab).
        if a.selected != b.selected, a.selectedChild == nil || a.selectedChild != b.selectedChild,
            a.kind == b.kind || (a.selected != nil && b.selected != nil), !Node.selectionUnknownOnOneSide(a, b)
        {
            let what: String
            switch b.kind {
            case .tab: what = "selected tab"
            case .notifications: what = "current notification"
            default: what = "visible child"
            }
            // A tab bar no tab of which is in the window (a full-screen presentation covers it) has a selection no capture
            // shows: not known, not "none" (a trial read it as a change of tab).
            let unknown = b.kind == .tab || b.kind == .notifications ? "not known" : "none"
            // A sequence's notifications count from 1, as its diagrams label them (`2 of 3`): a code-review trial read
            // `current notification 0 → 1` beside a diagram's `current 1 → 2`.
            let base = b.kind == .notifications ? 1 : 0
            func shown(_ index: Int?) -> String { index.map { String($0 + base) } ?? unknown }
            out.append(("\(id) \(what) \(shown(a.selected)) → \(shown(b.selected))", .selection))
        }
        if a.active != b.active { out.append(("\(id) active \(quoted(a.active)) → \(quoted(b.active))", .active)) }
        if a.role != b.role { out.append(("\(id) role \(a.role?.rawValue ?? "none") → \(b.role?.rawValue ?? "none")", .role)) }
        if a.key != b.key { out.append(("\(id) key \(quoted(a.key)) → \(quoted(b.key))", .key)) }
        if a.splitDisplay != b.splitDisplay {
            out.append(("\(id) shows \(b.splitDisplay.map { "display mode \($0.rawValue)" } ?? "every column")", .columns))
        }
        if (a.isCollapsed ?? false) != (b.isCollapsed ?? false) {
            out.append((b.isCollapsed == true ? "\(id) collapsed" : "\(id) expanded", .collapsed))
        }
        let oldStyle = a.presenter == nil ? nil : a.style
        let newStyle = b.presenter == nil ? nil : b.style
        if a.presenter != nil, b.presenter != nil, oldStyle != newStyle {
            out.append(("\(id) style \(oldStyle?.rawValue ?? "none") → \(newStyle?.rawValue ?? "none")", .style))
        }
        // Loaded "again" only after a memory warning released the view; a lazy tab's first load is a load.
        if a.isLoaded != b.isLoaded {
            switch wording {
            case .step: out.append((b.isLoaded ? "\(id) loaded\(a.isReleased ? " again" : "")" : "\(id) unloaded", .view))
            case .comparison: out.append(("\(id) view loaded only in \(b.isLoaded ? "new" : "old")", .view))
            }
        }
        // A capture taken mid-transition (a back swipe in flight): the state it printed is the step's change (a removed
        // step that differed only so read "no change", a trial).
        if a.transitionalState != b.transitionalState {
            let (from, to) = (a.transitionalState?.rawValue ?? "settled", b.transitionalState?.rawValue ?? "settled")
            out.append(("\(id) captured state \(from) → \(to)", .state))
        }
        // Each kind's default on either side of a kind change is the kind's phrase, not a change of its own.
        if a.definesPresentationContext != b.definesPresentationContext,
            a.kind == b.kind || a.definesPresentationContextByChoice || b.definesPresentationContextByChoice
        {
            out.append(("\(id) definesPresentationContext \(a.definesPresentationContext) → \(b.definesPresentationContext)", nil))
        }
        // Children present on both sides, in a different order (adding or removing one is reported on its own): the
        // ones that moved, the most kept in order, each by its root and places (a trial read four tabs' navigation
        // controllers listed twice by number, `Nav, Nav#2, Nav#3, Nav#4 → Nav, Nav#3, Nav#4, Nav#2`, to learn that
        // one tab moved to the end).
        // By sets: a 600-deep stack compared each child with every other, in every state of a diff (a benchmark).
        let (inOld, inNew) = (Set(a.children), Set(b.children))
        let oldOrder = a.children.filter { survivors.contains($0) && inNew.contains($0) }
        let newOrder = b.children.filter { survivors.contains($0) && inOld.contains($0) }
        if oldOrder != newOrder {
            let place = b.kind == .tab ? "tab" : "position"
            let moves = Self.moved(oldOrder, newOrder).map { child in
                let root = new[child].children.first.map { " (with \($0))" } ?? ""
                return "\(child)\(root) \(place) \(a.children.firstIndex(of: child)!) → \(b.children.firstIndex(of: child)!)"
            }
            out.append(("\(id) reordered \(moves.joined(separator: ", "))", .order))
        }
        return out
    }

    /// The elements of `old` that are out of place in `new` (both the same elements): all but the longest run kept in
    /// order, the earliest such run when several are as long (a swap moves the second).
    static func moved(_ old: [NodeID], _ new: [NodeID]) -> [NodeID] {
        let position = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1, $0) })
        let places = old.map { position[$0]! }
        // For each element, the longest run in order that ends with it, and the element before it in that run.
        var length = [Int](repeating: 1, count: places.count)
        var previous = [Int?](repeating: nil, count: places.count)
        for i in places.indices {
            for j in 0..<i where places[j] < places[i] && length[j] + 1 > length[i] {
                (length[i], previous[i]) = (length[j] + 1, j)
            }
        }
        guard let best = length.max(), var last = length.firstIndex(of: best) else { return [] }
        var kept: Set<Int> = [last]
        while let before = previous[last] {
            kept.insert(before)
            last = before
        }
        return new.filter { !kept.contains(old.firstIndex(of: $0)!) }
    }
}
