/// The kinds of node a hierarchy holds (docs/format.md, Node literals and Canonical snapshots).
public enum NodeKind: String, Sendable, CaseIterable, Equatable {
    /// A plain view controller, or a custom container when it has children.
    case controller
    /// A UINavigationController: a stack, last = top.
    case navigation
    /// A UITabBarController: ordered tabs and a selected index.
    case tab
    /// A UISplitViewController: primary, optional supplementary, secondary.
    case split
    /// A keyed container (ActivityViewController, FJTransitionController).
    case activity
    /// An AnimatedStackView: views, last = active.
    case stack
    /// A ModalNotificationController: controllers shown one at a time.
    case notifications
    /// A plain view inside an animated stack (it gets no appearance callbacks).
    case view

    /// Whether the node is a view controller, or a node the finders treat as one (an animated stack, their leaf).
    public var isController: Bool { self != .view }

    /// Whether the node gets appearance callbacks: a view controller, not a view (an animated stack is a
    /// `UIView`, and so are the views it stacks).
    public var getsAppearanceCallbacks: Bool { self != .view && self != .stack }

    /// Whether a controller of this kind defines a presentation context unless told otherwise: UIKit's
    /// `UINavigationController` changes `definesPresentationContext`'s default to true (docs/semantics.md#P1).
    public var definesPresentationContextByDefault: Bool { self == .navigation }
}

/// A modal presentation style (`UIModalPresentationStyle`).
public enum PresentationStyle: String, Sendable, CaseIterable, Equatable {
    case automatic, pageSheet, fullScreen, formSheet, overFullScreen, currentContext, overCurrentContext,
        popover, custom

    /// `automatic` resolves to `pageSheet` (iOS 13 and later); the rest are themselves.
    public var resolved: PresentationStyle { self == .automatic ? .pageSheet : self }

    /// Whether UIKit removes the presenter's views, so the presenter gets disappear callbacks.
    public var removesPresenterViews: Bool {
        switch resolved {
        case .fullScreen, .currentContext: true
        default: false
        }
    }

    /// Whether the presentation is placed by the nearest `definesPresentationContext` ancestor.
    public var usesPresentationContext: Bool {
        self == .currentContext || self == .overCurrentContext
    }
}

/// A child's place in a split view controller.
public enum SplitRole: String, Sendable, CaseIterable, Equatable {
    case primary, supplementary, secondary
}

/// Which columns an expanded split shows (`UISplitViewController.DisplayMode`, as its `displayMode` reports it).
/// Without one, every column: the primary beside the secondary, or both the primary and the supplementary.
public enum SplitDisplay: String, Sendable, CaseIterable, Equatable {
    /// The secondary column alone: the sidebar (and the supplementary column) hidden.
    case secondaryOnly
    /// One column beside the secondary: the primary of a double-column split, the supplementary of a triple-column one
    /// (its primary hidden).
    case oneBesideSecondary
    /// The primary and the supplementary beside the secondary (a triple-column split's every column).
    case twoBesideSecondary

    /// The roles shown of a split whose columns have `roles`. A split without a secondary shows every column it has: a
    /// mode beside (or instead of) a secondary that is not there would hide what the finder calls visible (a trial:
    /// `secondaryOnly` without a secondary reported the primary visible, off screen, without callbacks).
    public func shownRoles(of roles: [SplitRole]) -> Set<SplitRole> {
        guard roles.contains(.secondary) else { return Set(SplitRole.allCases) }
        return switch self {
        case .secondaryOnly: [.secondary]
        case .oneBesideSecondary: roles.contains(.supplementary) ? [.supplementary, .secondary] : [.primary, .secondary]
        case .twoBesideSecondary: [.primary, .supplementary, .secondary]
        }
    }
}

/// The device the simulation runs on; it decides whether split views start collapsed.
public enum Device: String, Sendable, CaseIterable, Equatable {
    /// Compact width: split views start collapsed.
    case phone
    /// Regular width: split views start expanded.
    case pad
}
