/// Why UIKit (or a seed container) would refuse an operation. The step is `rejected` with this sentence.
public enum NavigationError: Error, Equatable, Sendable {
    case unknownNode(NodeID)
    case notAttached(NodeID)
    case noRoot
    case alreadyInStack(NodeID, navigation: NodeID)
    case alreadyInHierarchy(NodeID, parent: NodeID, verb: String = "install", itself: Bool = false)
    case alreadyActive(NodeID, presenter: NodeID?)
    case installedElsewhere(NodeID, presenter: NodeID?, verb: String = "install")
    case duplicateChild(NodeID, container: NodeID)
    case noEnclosing(NodeKind, operation: String, from: NodeID)
    case wrongKind(NodeID, expected: NodeKind, operation: String)
    case notInStack(NodeID, navigation: NodeID)
    /// `popTo` a controller an earlier step removed.
    case popToRemoved(NodeID)
    /// `popTo` a controller in a stack an earlier step removed.
    case popToInRemovedStack(NodeID, navigation: NodeID)
    case navigationPushed(NodeID)
    case splitPushed(NodeID)
    case tabOutOfRange(Int, count: Int, tabBar: NodeID)
    case tabBarCovered(NodeID, presented: NodeID)
    case swipeCovered(NodeID, presented: NodeID, pop: Bool)
    case notATab(NodeID, tabBar: NodeID)
    case alreadyPresenting(presenter: NodeID, presented: NodeID, new: NodeID)
    case busy(NodeID, operation: String)
    /// A navigation operation on a navigation controller in the line of a presentation or dismissal in flight.
    case presentationInFlight(NodeID, presenter: NodeID, operation: String)
    case noSplit(operation: String)
    case alreadyCollapsed(NodeID)
    case alreadyExpanded(NodeID)
    case collapseOntoOwnColumn(NodeID, split: NodeID)
    case notAContainer(NodeID)
    case unknownActivity(String, container: NodeID, known: [String])
    /// The rule `new` for a key that has an inactive controller and no generator to build a new one.
    case newWithoutGenerator(String, container: NodeID)
    case noPreviousActivity(NodeID)
    case cannotRebuild(String, container: NodeID)
    case unknownRoute(String)
    case buildFailed(String)
    case notInWindow(NodeID)
    /// An interactive pop of a navigation controller that is not on screen (another tab's).
    case swipeOffScreen(NodeID)
    /// A flick of a sequence a presentation covers, or that is not on screen: a user cannot reach it.
    case flickUnreachable(NodeID, presented: NodeID?)
    case emptyStack(NodeID)
    case referencesItself(NodeID)
    case notAView(NodeID, stack: NodeID)
    case routeCycle([String])
    case noTransition
    case tooDeep(limit: Int)
}

extension NavigationError: CustomStringConvertible {
    /// One sentence, as the CLI and the HTTP API print it.
    public var description: String {
        switch self {
        case .unknownNode(let id):
            "Unknown node '\(id)'"
        case .notAttached(let id):
            "Node '\(id)' is not in the window: it was removed earlier (popped, dismissed or replaced), and UIKit does nothing "
                + "for it: a presentation from it is ignored ('whose view is not in the window hierarchy'), and it has no "
                + "container to push onto"
        case .noRoot:
            "The window has no root view controller"
        case .alreadyInStack(let id, let nav):
            "Cannot push '\(id)': it is already in the stack of '\(nav)' (UIKit raises: 'is pushing the same view controller instance "
                + "more than once which is not supported')"
        case .alreadyInHierarchy(let id, let parent, let verb, let itself):
            // Put in place inside what a step builds (pushed, a stack's, a presented container's), UIKit's `addChild(_:)` would
            // move it; presented or made the window's root itself, UIKit raises (a review).
            "Cannot \(verb) '\(id)': it is already a child of '\(parent)' "
                + (itself
                    ? "(UIKit raises: a controller that has a parent cannot be \(verb == "present" ? "presented" : "the window's root"); "
                        + "take it out of '\(parent)' in a step of its own)"
                    : "(UIKit would take it out of '\(parent)' first; navviz refuses, so that no step changes a container it does "
                        + "not name: take it out of '\(parent)' in a step of its own)")
        case .installedElsewhere(let id, let presenter, let verb):
            "Cannot \(verb) '\(id)': it is "
                + (presenter.map { "presented by '\($0)'" } ?? "the window's root view controller")
        case .alreadyActive(let id, let presenter?):
            "Cannot present '\(id)': it is already presented by '\(presenter)' (UIKit raises: Application tried to present "
                + "modally a view controller that is already being presented)"
        case .alreadyActive(let id, nil):
            "Cannot present '\(id)': it is already active (Application tried to present modally an active controller)"
        case .duplicateChild(let id, let container):
            "Cannot add '\(id)' to '\(container)' twice"
        case .noEnclosing(let kind, let operation, let from):
            "Cannot \(operation): '\(from)' is not inside \(kind.readableNameWithArticle)"
        case .wrongKind(let id, let expected, let operation):
            "Cannot \(operation) '\(id)': it is not a \(expected.readableName)"
        case .notInStack(let id, let nav):
            "Cannot pop to '\(id)': it is not in the stack of '\(nav)'"
        case .popToInRemovedStack(let id, let nav):
            "Cannot pop to '\(id)': its navigation controller '\(nav)' was removed earlier (popped, dismissed or replaced), and "
                + "navviz changes no stack out of the window hierarchy"
        case .popToRemoved(let id):
            "Cannot pop to '\(id)': it was removed earlier (popped, dismissed or replaced), so it is in no stack (UIKit raises: "
                + "'Tried to pop to a view controller that doesn't exist')"
        case .navigationPushed(let id):
            "Cannot push '\(id)': pushing a navigation controller is not supported"
        case .splitPushed(let id):
            "Cannot push '\(id)': split view controllers cannot be pushed to a navigation controller"
        case .swipeCovered(let target, let presented, let pop):
            pop
                ? "Cannot swipe back in '\(target)': '\(presented)' is presented over it, so a user cannot reach it (pop from code, without \"interactive\": true)"
                : "Cannot swipe '\(target)' down: '\(presented)' is presented over it, so a user can only swipe '\(presented)' (dismiss from code, without \"interactive\": true)"
        case .tabBarCovered(let tabBar, let presented):
            "Cannot tap a tab of '\(tabBar)': '\(presented)' is presented over the tab bar, so a user cannot reach it "
                + "(select the tab from code, without \"user\": true)"
        case .tabOutOfRange(let index, let count, let tabBar):
            "Cannot select tab \(index) of '\(tabBar)': it has \(count) tab\(count == 1 ? "" : "s")"
        case .notATab(let id, let tabBar):
            "Cannot select '\(id)': only a view controller in the tab bar controller's list of view controllers can be selected ('\(tabBar)')"
        case .alreadyPresenting(let presenter, let presented, let new):
            "Cannot present '\(new)': '\(presenter)' is already presenting '\(presented)'"
        case .busy(let id, let operation):
            id.rawValue.hasPrefix("#")
                ? "Cannot \(operation): a presentation or dismissal is already in flight"
                : "Cannot \(operation): '\(id)' is busy with a transition in flight"
                    // What UIKit itself does instead (it goes ahead and logs), so the refusal reads as navviz's policy.
                    + (["push", "pop"].first(where: operation.hasPrefix).map {
                        " (UIKit goes ahead and logs 'nested \($0) animation can result in corrupted navigation bar'; navviz refuses "
                            + "it: wait for the transition's end)"
                    } ?? "")
        case .presentationInFlight(let nav, let presenter, let operation):
            "Cannot \(operation): '\(presenter)' is presenting or dismissing a controller, so \(presenter == nav ? "it" : "'\(nav)'") "
                + "does not update its stack meanwhile (UIKit logs '\(Self.stackSelector(operation)) called on "
                + "<UINavigationController> while an existing transition or presentation is occurring; the navigation stack will "
                + "not be updated')"
        case .noSplit(let operation):
            "Cannot \(operation): there is no split view controller"
        case .alreadyCollapsed(let id):
            "Cannot collapse '\(id)': it is already collapsed"
        case .alreadyExpanded(let id):
            "Cannot expand '\(id)': it is already expanded"
        case .collapseOntoOwnColumn(let onto, let split):
            "Cannot collapse '\(split)' onto '\(onto)': it is part of the secondary column that would be pushed onto it"
        case .notAContainer(let id):
            "Cannot show a child in '\(id)': it is not a custom container"
        case .unknownActivity(let key, let container, let known):
            "Unknown activity '\(key)' in '\(container)': no controller or generator has that key"
                + (known.isEmpty ? "" : ". Known keys: \(known.map { "'\($0)'" }.joined(separator: ", "))")
        case .newWithoutGenerator(let key, let container):
            "Cannot activate a new '\(key)' in '\(container)': the rule 'new' flushes its inactive controller and builds another "
                + "from a generator, and '\(key)' has none (register one, or use the rule 'any' to show the one it has)"
        case .noPreviousActivity(let container):
            "Cannot activate the previous activity of '\(container)': there is no inactive activity"
        case .cannotRebuild(let key, let container):
            "Cannot load '\(key)' in '\(container)': its controller was released and has no generator to rebuild it"
        case .unknownRoute(let name):
            "Unknown route '\(name)'"
        case .buildFailed(let why):
            "Cannot build the route's controller: \(why)"
        case .tooDeep(let limit):
            "The hierarchy would nest more than \(limit) levels (containment and presentation): navviz keeps hierarchies up to \(limit) deep, as real apps are"
        case .flickUnreachable(let id, let presented):
            "Cannot flick '\(id)': "
                + (presented.map { "'\($0)' is presented over it" } ?? "it is not on screen")
                + ", so a user cannot reach it (a flick is the user's pan)"
        case .swipeOffScreen(let id):
            "Cannot swipe back in '\(id)': it is not on screen, so a user cannot reach it (pop from code, without \"interactive\": true)"
        case .notInWindow(let id):
            "Cannot present from '\(id)': its view is not in the window (UIKit ignores it, warning 'Attempt to present … whose "
                + "view is not in the window hierarchy')"
        case .emptyStack(let id):
            "Cannot use '\(id)': its stack is empty"
        case .referencesItself(let id):
            "Cannot use '\(id)' inside its own literal: a controller cannot contain or present itself"
        case .notAView(let id, let stack):
            "Cannot put '\(id)' in the animated stack '\(stack)': only views can be stacked"
        case .routeCycle(let names):
            "Route '\(names.first ?? "")' chains back to itself: \(names.map { "'\($0)'" }.joined(separator: " → "))"
        case .noTransition:
            "Cannot perform the route: its transition is NonTransition, which does nothing"
        }
    }

    /// The UINavigationController method an operation calls, as UIKit names it in its log.
    static func stackSelector(_ operation: String) -> String {
        if operation.hasPrefix("push") { return "pushViewController:animated:" }
        if operation == "pop" { return "popViewControllerAnimated:" }
        if operation == "pop to root" { return "popToRootViewControllerAnimated:" }
        if operation.hasPrefix("pop to") { return "popToViewController:animated:" }
        return "setViewControllers:animated:"
    }
}

extension NodeKind {
    /// The UIKit-ish name used in messages.
    public var readableName: String {
        switch self {
        case .controller: "view controller"
        case .navigation: "navigation controller"
        case .tab: "tab bar controller"
        case .split: "split view controller"
        case .activity: "activity container"
        case .stack: "animated stack view"
        case .notifications: "notification sequence"
        case .view: "view"
        }
    }

    /// The name with its indefinite article (`a navigation controller`, `an activity container`).
    public var readableNameWithArticle: String {
        (readableName.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + readableName
    }
}
