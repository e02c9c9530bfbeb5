/// A builder and a transition, performed together by a `Router` (Ariadne's `Route`), optionally
/// updating the visible controller in place (`UpdatingRoute`) or followed by another route (`ChainableRoute`).
/// A plain value, so a scenario's `routes` table can hold it.
public struct Route: Sendable, Equatable {
    /// Builds what `.show` transitions show; unused by the others.
    public var builder: Builder
    /// What the route does.
    public var transition: Transition
    /// When the visible controller (found by a fresh `ariadne` finder) already shows what the builder
    /// builds, update it in place instead of building and transitioning (`UpdatingRoute`).
    public var updatesInPlace: Bool
    /// The context the tail is navigated with.
    public var tailContext: RouteContext = .empty
    /// A route in a `RouteTable` to run after this one (and after `tail`); resolved by the table.
    public var chainName: String?
    private var tailStorage: [Route] = []

    /// A route.
    public init(builder: Builder = .nonBuilder, transition: Transition, updatesInPlace: Bool = false) {
        self.builder = builder
        self.transition = transition
        self.updatesInPlace = updatesInPlace
    }

    /// The route run once this one completes, whatever its result (`ChainableRoute`).
    public var tail: Route? {
        get { tailStorage.first }
        set { tailStorage = newValue.map { [$0] } ?? [] }
    }

    /// This route followed by another, which runs after this one's completion whatever its result
    /// (`chained(with:context:)`). Chaining a chain appends at its end.
    public func chained(with next: Route, context: RouteContext = .empty) -> Route {
        var copy = self
        if let tail {
            copy.tail = tail.chained(with: next, context: context)
        } else {
            copy.tail = next
            copy.tailContext = context
        }
        return copy
    }

    /// The same route, updating the visible controller in place when it already shows the built screen
    /// (`asUpdatingRoute(withRootProvider:)`).
    public func asUpdatingRoute() -> Route {
        var copy = self
        copy.updatesInPlace = true
        return copy
    }

    /// Pops the visible controller's navigation controller (`Router.popRoute`).
    public static func pop(animated: Bool = true) -> Route { Route(transition: .pop(animated: animated)) }

    /// Pops to the root (`Router.popToRootRoute`).
    public static func popToRoot(animated: Bool = true) -> Route {
        Route(transition: .popToRoot(animated: animated))
    }

    /// Pops to the first instance of a class (`Router.popToFirstInstanceOf`).
    public static func popToFirstInstance(of className: String, animated: Bool = true) -> Route {
        Route(transition: .popToFirstInstance(of: className, animated: animated))
    }

    /// Pops to the last instance of a class (`Router.popToLastInstanceOf`).
    public static func popToLastInstance(of className: String, animated: Bool = true) -> Route {
        Route(transition: .popToLastInstance(of: className, animated: animated))
    }

    /// Dismisses from the visible controller (`Router.dismissRoute`).
    public static func dismiss(animated: Bool = true) -> Route { Route(transition: .dismiss(animated: animated)) }
}

/// Named routes (a scenario's `routes`), with chains written by name.
public struct RouteTable: Sendable, Equatable {
    /// The routes by name.
    public var routes: [String: Route]

    /// A table.
    public init(_ routes: [String: Route] = [:]) { self.routes = routes }

    /// The route with this name, chain names unresolved.
    public subscript(name: String) -> Route? {
        get { routes[name] }
        set { routes[name] = newValue }
    }

    /// The route with this name, each `chainName` resolved into a tail (appended after any tail it has).
    /// Fails for an unknown name and for a chain that leads back to a route already in it.
    public func resolve(_ name: String) throws(NavigationError) -> Route {
        try resolve(name, visiting: [])
    }

    private func resolve(_ name: String, visiting: [String]) throws(NavigationError) -> Route {
        if visiting.contains(name) { throw .routeCycle(visiting + [name]) }
        guard var route = routes[name] else { throw .unknownRoute(name) }
        if let next = route.chainName {
            let tail = try resolve(next, visiting: visiting + [name])
            route.chainName = nil
            route = route.chained(with: tail)
        }
        return route
    }
}
