/// One of UIKit's four appearance callbacks.
public enum AppearanceCallback: String, Sendable, CaseIterable, Equatable {
    case viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear

    /// The short name `navviz run`'s table prints (`wA`, `dA`, `wD`, `dD`), which `expect.events` reads too.
    public var shortName: String {
        switch self {
        case .viewWillAppear: "wA"
        case .viewDidAppear: "dA"
        case .viewWillDisappear: "wD"
        case .viewDidDisappear: "dD"
        }
    }

    /// The callback of a short name (`wD`); nil for any other text.
    public init?(shortName: some StringProtocol) {
        guard let callback = Self.allCases.first(where: { $0.shortName == shortName }) else { return nil }
        self = callback
    }
}

/// A callback delivered to a controller during a step.
public struct AppearanceEvent: Sendable, Equatable, CustomStringConvertible {
    /// Who receives it.
    public var controller: NodeID
    /// Which callback.
    public var callback: AppearanceCallback
    /// The `animated` argument.
    public var isAnimated: Bool

    /// An event.
    public init(_ controller: NodeID, _ callback: AppearanceCallback, animated: Bool) {
        self.controller = controller
        self.callback = callback
        self.isAnimated = animated
    }

    /// `Home.viewWillDisappear`.
    public var description: String { "\(controller).\(callback.rawValue)" }
}

/// The order in which one transition delivers its callbacks (docs/semantics.md, Appearance callbacks).
public enum AppearanceOrder: Sendable, Equatable {
    /// from.wD, to.wA, from.dD, to.dA (push, pop, containment swap).
    case swap
    /// from.wD, to.wA, to.dA, from.dD (full-screen present and dismiss).
    case presentation
    /// from.wD, from.dD, to.wA, to.dA (ActivityViewController's `.none`, notification swaps).
    case sequential
    /// to.wA, from.wD, from.dD, to.dA (FJTransitionController, a tab switch).
    case appearingFirst
    /// An abandoned interactive transition: from.wD, to.wA, to.wD, to.dD, from.wA, from.dA.
    case cancelled

    /// The events for controllers leaving (`from`) and entering (`to`) the window.
    public func events(from: [NodeID], to: [NodeID], animated: Bool) -> [AppearanceEvent] {
        func each(_ ids: [NodeID], _ callback: AppearanceCallback) -> [AppearanceEvent] {
            ids.map { AppearanceEvent($0, callback, animated: animated) }
        }
        switch self {
        case .swap:
            return each(from, .viewWillDisappear) + each(to, .viewWillAppear) + each(from, .viewDidDisappear)
                + each(to, .viewDidAppear)
        case .presentation:
            return each(from, .viewWillDisappear) + each(to, .viewWillAppear) + each(to, .viewDidAppear)
                + each(from, .viewDidDisappear)
        case .sequential:
            return each(from, .viewWillDisappear) + each(from, .viewDidDisappear) + each(to, .viewWillAppear)
                + each(to, .viewDidAppear)
        case .appearingFirst:
            return each(to, .viewWillAppear) + each(from, .viewWillDisappear) + each(from, .viewDidDisappear)
                + each(to, .viewDidAppear)
        case .cancelled:
            return each(from, .viewWillDisappear) + each(to, .viewWillAppear) + each(to, .viewWillDisappear)
                + each(to, .viewDidDisappear) + each(from, .viewWillAppear) + each(from, .viewDidAppear)
        }
    }
}

/// Something other than an appearance callback that a step did: a seed's hook, a replayed quirk.
public struct HookEvent: Sendable, Equatable, CustomStringConvertible {
    /// The hook's name (`activityInitiation`, `willLoad`, `quirk:noneSwapKeepsChild`…).
    public var name: String
    /// The controller it concerns, if any.
    public var controller: NodeID?
    /// A hook event.
    public init(_ name: String, controller: NodeID? = nil) {
        self.name = name
        self.controller = controller
    }
    /// `name(controller)`.
    public var description: String { controller.map { "\(name)(\($0))" } ?? name }
}
