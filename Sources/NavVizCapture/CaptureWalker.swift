import NavVizCore
import NavVizFormat
import NavVizScenario

/// What the walker needs to know of a live controller tree. UIKit's adapter (`UIKitControllerTree`) reads
/// it from `UIViewController` and the typed container APIs; tests read it from fakes. Every answer comes
/// from public API that neither loads a view nor creates a presentation controller. Main-actor isolated, as
/// UIKit is.
@MainActor
public protocol ControllerTree {
    /// A controller (`UIViewController`).
    associatedtype Controller: AnyObject

    /// The class as the runtime names it (`NSStringFromClass`).
    func className(of controller: Controller) -> String
    /// `children`, in container order (a navigation stack root first, tabs in order).
    func children(of controller: Controller) -> [Controller]
    /// The controller this one presents itself: `presentedViewController`, only when its
    /// `presentingViewController` is this controller (children inherit it otherwise).
    func ownedPresentation(of controller: Controller) -> Controller?
    /// The kind from the typed APIs (`is UINavigationController`…); nil for a plain controller.
    func containerKind(of controller: Controller) -> NodeKind?
    /// A tab bar controller's `selectedIndex`, nil when it is `NSNotFound` (the More tab).
    func selectedIndex(of controller: Controller) -> Int?
    /// A tab bar controller's `selectedViewController`.
    func selectedViewController(of controller: Controller) -> Controller?
    /// A split view controller's `isCollapsed`.
    func isCollapsed(_ controller: Controller) -> Bool
    /// The columns a split view controller's `displayMode` shows; nil for every column.
    func splitDisplay(of controller: Controller) -> SplitDisplay?
    /// `isViewLoaded` (never `view`, which would load it).
    func isViewLoaded(_ controller: Controller) -> Bool
    /// Whether `viewIfLoaded?.window` is set.
    func isInWindow(_ controller: Controller) -> Bool
    /// On a presented controller: the class of its presentation controller.
    func presentationControllerClass(of controller: Controller) -> String?
    /// A name the app gives the screen (`NavVizScreen`, `restorationIdentifier`), if any.
    func screenName(of controller: Controller) -> String?
    /// `title`, if any.
    func title(of controller: Controller) -> String?
    /// Whether it is in an appearance transition (`isBeingPresented`, `isBeingDismissed`, a transition
    /// coordinator): appearing or disappearing.
    func transitionalState(of controller: Controller) -> TransitionalState?
    /// `definesPresentationContext`; nil when the tree cannot tell (the kind's default is taken).
    func definesPresentationContext(_ controller: Controller) -> Bool?
}

extension ControllerTree {
    /// Not told: the kind's default (true for a navigation controller, as UIKit's).
    public func definesPresentationContext(_ controller: Controller) -> Bool? { nil }
}

/// Options of a capture.
public struct CaptureOptions: Sendable {
    /// Class name (as printed, readable, or without its module) → kind: custom containers that behave
    /// like a navigation or tab controller.
    public var kindOverrides: [String: NodeKind] = [:]
    /// Whether hosting controllers embedded in a plain controller at sub-screen size (a SwiftUI button
    /// in a UIKit screen) are left out, as they are not screens.
    public var foldsEmbeddedHostingControllers = true
    /// How deep the walk goes; deeper controllers are left out with a warning.
    public var maxDepth = 64

    /// The defaults.
    public init() {}
}

/// A captured hierarchy: the canonical snapshot navviz draws and the daemon diffs, and what the walk had
/// to leave out or guess.
public struct CaptureResult: Sendable, Equatable {
    /// The hierarchy (ids from screen names, stable across captures of the same controllers).
    public var hierarchy: Hierarchy
    /// What was left out or guessed.
    public var warnings: [String]

    /// The canonical snapshot, compact JSON (what `POST /api/sessions/{id}/snapshots` takes).
    public var snapshotJSON: String { JSONWriter.compact(Snapshot.encode(hierarchy)) }
}

/// Gives controllers ids from their screen names (`Home`, `Home#2`…) and keeps a controller's id for as
/// long as it lives, so consecutive captures name the same controller the same way and a new instance of a
/// screen gets the next number. Never an address: an id is a name and a count.
public final class IdentityTable {
    private struct Entry {
        weak var object: AnyObject?
        var id: NodeID
    }
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var counts: [String: Int] = [:]

    /// An empty table.
    public init() {}

    /// The id of a controller, assigned on first sight.
    public func id(for object: AnyObject, screen: String) -> NodeID {
        let key = ObjectIdentifier(object)
        if let entry = entries[key], entry.object === object { return entry.id }
        counts[screen, default: 0] += 1
        let count = counts[screen]!
        let id = NodeID(count == 1 ? screen : "\(screen)#\(count)")
        entries[key] = Entry(object: object, id: id)
        if entries.count > 4 * counts.count + 256 { entries = entries.filter { $0.value.object != nil } }
        return id
    }
}

/// Walks a controller tree the way UIKit's own printer does: a controller, its `children` in order, then
/// the one presentation it owns. The typed container APIs only label that tree.
@MainActor
public struct CaptureWalker<Tree: ControllerTree> {
    /// Reads the controllers.
    public let tree: Tree
    /// The options.
    public var options: CaptureOptions
    /// Ids that stay with their controllers across captures.
    public let identities: IdentityTable

    /// A walker over `tree`.
    public init(tree: Tree, options: CaptureOptions = CaptureOptions(), identities: IdentityTable = IdentityTable()) {
        self.tree = tree
        self.options = options
        self.identities = identities
    }

    /// The hierarchy below `root` (a window's root view controller).
    public func capture(from root: Tree.Controller, device: Device = .phone) -> CaptureResult {
        var h = HierarchyBuilder(device: device)
        var warnings: [String] = []
        var seen = Set<ObjectIdentifier>()
        let rootID = visit(root, parent: nil, presenter: nil, depth: 0, into: &h, warnings: &warnings, seen: &seen)
        return CaptureResult(hierarchy: h.build(root: rootID), warnings: warnings)
    }

    /// Adds a controller and everything below it; returns its id.
    @discardableResult
    private func visit(
        _ controller: Tree.Controller, parent: NodeID?, presenter: NodeID?, depth: Int, into h: inout HierarchyBuilder,
        warnings: inout [String], seen: inout Set<ObjectIdentifier>
    ) -> NodeID? {
        guard seen.insert(ObjectIdentifier(controller)).inserted else {
            warnings.append("a controller appears twice in the tree; the second place is left out")
            return nil
        }
        let printed = tree.className(of: controller)
        let readable = ClassName.readable(printed)
        let short = ClassName.short(readable)
        let screen = tree.screenName(of: controller) ?? ClassName.screen(readable)
        let id = identities.id(for: controller, screen: screen)
        let kind =
            options.kindOverrides[printed] ?? options.kindOverrides[readable] ?? options.kindOverrides[short]
            ?? tree.containerKind(of: controller) ?? .controller
        var node = Node(id: id, kind: kind, screen: screen, title: tree.title(of: controller), className: readable)
        node.isLoaded = tree.isViewLoaded(controller)
        node.transitionalState = tree.transitionalState(of: controller)
        // As the app set it (a navigation controller turned off, a screen of the app's turned on): where presentations in
        // a context go (docs/semantics.md#P1).
        if let defines = tree.definesPresentationContext(controller) { node.definesPresentationContext = defines }
        if kind == .split {
            node.isCollapsed = tree.isCollapsed(controller)
            node.splitDisplay = tree.splitDisplay(of: controller)
        }
        if presenter != nil {
            node.style =
                tree.presentationControllerClass(of: controller).map { PrintHierarchy.presentationStyles[$0] ?? .custom } ?? .custom
        }
        guard (try? h.insert(node, parent: parent, presenter: presenter)) != nil else {
            warnings.append("'\(id)' was captured twice; the second place is left out")
            return nil
        }
        guard depth < options.maxDepth else {
            warnings.append("'\(id)' is deeper than \(options.maxDepth) levels: what is below it is left out")
            return id
        }
        // An alert's children are private content controllers, not screens.
        let isAlert = short == "UIAlertController" || short.hasSuffix("AlertController")
        var children = isAlert ? [] : tree.children(of: controller)
        if kind == .controller, options.foldsEmbeddedHostingControllers {
            let kept = children.filter { child in
                !(ClassName.readable(tree.className(of: child)).contains("HostingController") && tree.children(of: child).isEmpty
                    && tree.ownedPresentation(of: child) == nil)
            }
            if kept.count != children.count {
                let folded = children.count - kept.count
                warnings.append("'\(id)': \(folded) embedded hosting controller\(folded == 1 ? "" : "s") folded into it")
                children = kept
            }
        }
        var shown: [Int] = []
        for child in children {
            guard visit(child, parent: id, presenter: nil, depth: depth + 1, into: &h, warnings: &warnings, seen: &seen) != nil
            else { continue }
            if tree.isInWindow(child) { shown.append(h[id].children.count - 1) }
        }
        label(id, controller, kind: kind, shown: shown, short: short, in: &h, warnings: &warnings)
        if let presented = tree.ownedPresentation(of: controller) {
            visit(presented, parent: nil, presenter: id, depth: depth + 1, into: &h, warnings: &warnings, seen: &seen)
        }
        return id
    }

    /// Selection, columns and embedding, from the typed APIs (or, for a custom container, from which
    /// children are in the window).
    private func label(
        _ id: NodeID, _ controller: Tree.Controller, kind: NodeKind, shown: [Int], short: String, in h: inout HierarchyBuilder,
        warnings: inout [String]
    ) {
        let children = h[id].children
        guard !children.isEmpty else { return }
        switch kind {
        case .tab:
            if let index = tree.selectedIndex(of: controller), children.indices.contains(index) {
                h[id].selected = index
            } else if let selected = tree.selectedViewController(of: controller),
                let index = tree.children(of: controller).firstIndex(where: { $0 === selected }), children.indices.contains(index)
            {
                h[id].selected = index
            } else {
                warnings.append("'\(id)': the selected tab is not one of its view controllers (the More tab?): left unset")
            }
        case .split:
            let roles: [SplitRole] = children.count >= 3 ? [.primary, .supplementary, .secondary] : [.primary, .secondary]
            for (offset, child) in children.enumerated() where offset < roles.count { h[child].role = roles[offset] }
        case .controller:
            if short == "UIPageViewController" {
                h[id].selected = 0
            } else if shown.count == 1 {
                h[id].selected = shown[0]
            } else if shown.count > 1 {
                h[id].embedded = shown
            }
        default:
            break
        }
    }
}
