/// Whether a transition shows a newly built controller, hides one, or does something else
/// (Ariadne's `TransitionType`). Only `.show` runs the route's builder.
public enum TransitionKind: String, Sendable, CaseIterable, Equatable {
    case show, hide, custom
}

/// What a transition does, as one UIKit call (Ariadne's ready-made transitions).
public enum TransitionAction: Sendable, Equatable {
    /// `PushNavigationTransition`: push onto the visible controller's navigation controller.
    case push
    /// `PopNavigationTransition(.pop)`.
    case pop
    /// `PopNavigationTransition(.popToRoot)`.
    case popToRoot
    /// `PopNavigationTransition(.popToFirstInstanceOf/.popToLastInstanceOf)`; classes match by name.
    case popToInstance(className: String, which: InstanceMatch)
    /// `ReplaceNavigationTransition(.replaceLast/.replaceAll/.custom)`.
    case replace(ReplaceMode)
    /// `PresentationTransition`, from the visible controller.
    case present(PresentationStyle)
    /// `DismissTransition`, sent to the visible controller.
    case dismiss
    /// `RootViewTransition`: the window's root; the visible controller is not used.
    case root
    /// `NonTransition`: cannot be performed.
    case nonTransition

    /// Show, hide or custom.
    public var kind: TransitionKind {
        switch self {
        case .push, .replace, .present, .root: .show
        case .pop, .popToRoot, .popToInstance, .dismiss: .hide
        case .nonTransition: .custom
        }
    }

    /// The scenario's name for it (`push`, `popToInstance`, `root`, `none`…).
    public var name: String {
        switch self {
        case .push: "push"
        case .pop: "pop"
        case .popToRoot: "popToRoot"
        case .popToInstance: "popToInstance"
        case .replace: "replace"
        case .present: "present"
        case .dismiss: "dismiss"
        case .root: "root"
        case .nonTransition: "none"
        }
    }

    /// The simulator operation this transition performs with a built literal (nil: it performs none).
    public func operation(with built: NodeSpec?) -> NavigationOperation? {
        switch self {
        case .push: built.map { .push($0) }
        case .pop: .pop()
        case .popToRoot: .popToRoot
        case .popToInstance(let className, let which): .popToInstance(className: className, which: which)
        case .replace(let mode): built.map { .replace($0, mode: mode) }
        case .present(let style): built.map { .present($0, style: style) }
        case .dismiss: .dismiss()
        case .root: built.map { .setRoot($0) }
        case .nonTransition: nil
        }
    }

    /// Ariadne's completion value for how the operation ended; nil when UIKit never calls it.
    /// - `ok` → true.
    /// - `noop`: pops with nothing to pop, and a root that is already the root → true (Ariadne reports
    ///   success); a dismiss with nothing to dismiss → false (docs/semantics.md#R4).
    /// - `rejected`: a present UIKit ignores → never called; anything else → false.
    /// - `dropped` → never called.
    public func completion(for status: StepStatus) -> Bool? {
        switch status {
        case .ok: true
        case .noop: self != .dismiss
        case .rejected:
            if case .present = self { nil } else { false }
        case .dropped: nil
        }
    }
}

/// A transition a route runs: what it does, whether it animates, and an optional finder that overrides
/// the router's (Ariadne's `ViewTransition`).
public struct Transition: Sendable, Equatable {
    /// What it does.
    public var action: TransitionAction
    /// UIKit's `animated:` argument.
    public var isAnimated: Bool
    /// A finder used instead of the router's to locate the visible controller.
    public var finder: ViewFinderStrategy?
    /// An animation overriding the simulator's default when animated (a root transition's cross-dissolve).
    public var animation: Animation?

    /// A transition.
    public init(
        _ action: TransitionAction, animated: Bool = true, finder: ViewFinderStrategy? = nil,
        animation: Animation? = nil
    ) {
        self.action = action
        self.isAnimated = animated
        self.finder = finder
        self.animation = animation
    }

    /// Show, hide or custom.
    public var kind: TransitionKind { action.kind }

    /// Push onto the visible controller's navigation controller.
    public static func push(animated: Bool = true, finder: ViewFinderStrategy? = nil) -> Transition {
        Transition(.push, animated: animated, finder: finder)
    }

    /// Pop the top of the visible controller's navigation controller.
    public static func pop(animated: Bool = true, finder: ViewFinderStrategy? = nil) -> Transition {
        Transition(.pop, animated: animated, finder: finder)
    }

    /// Pop to the root of the visible controller's navigation controller.
    public static func popToRoot(animated: Bool = true, finder: ViewFinderStrategy? = nil) -> Transition {
        Transition(.popToRoot, animated: animated, finder: finder)
    }

    /// Pop to the first stack entry of a class (or screen) name.
    public static func popToFirstInstance(
        of className: String, animated: Bool = true, finder: ViewFinderStrategy? = nil
    ) -> Transition {
        Transition(.popToInstance(className: className, which: .first), animated: animated, finder: finder)
    }

    /// Pop to the last stack entry of a class (or screen) name.
    public static func popToLastInstance(
        of className: String, animated: Bool = true, finder: ViewFinderStrategy? = nil
    ) -> Transition {
        Transition(.popToInstance(className: className, which: .last), animated: animated, finder: finder)
    }

    /// Replace the last, all, or all but the first N controllers of the stack with the built one.
    public static func replace(
        _ mode: ReplaceMode = .last, animated: Bool = true, finder: ViewFinderStrategy? = nil
    ) -> Transition {
        Transition(.replace(mode), animated: animated, finder: finder)
    }

    /// Present the built controller from the visible one.
    public static func present(
        style: PresentationStyle = .automatic, animated: Bool = true, finder: ViewFinderStrategy? = nil
    ) -> Transition {
        Transition(.present(style), animated: animated, finder: finder)
    }

    /// Dismiss, sent to the visible controller.
    public static func dismiss(animated: Bool = true, finder: ViewFinderStrategy? = nil) -> Transition {
        Transition(.dismiss, animated: animated, finder: finder)
    }

    /// Make the built controller the window's root, with a cross-dissolve of `duration` seconds when animated.
    public static func root(animated: Bool = true, duration: Double = 0.3) -> Transition {
        Transition(.root, animated: animated, animation: Animation(kind: "crossDissolve", duration: duration))
    }

    /// Ariadne's `NonTransition`: not animated, custom, no finder; performing it fails.
    public static let nonTransition = Transition(.nonTransition, animated: false)
}
