/// Builds the node literal a route shows, from a context (Ariadne's `ViewControllerBuilder`).
/// A thrown error makes the route fail before any transition runs.
public protocol ViewControllerBuilder: Sendable {
    /// What the builder is built with.
    associatedtype Context: Sendable
    /// The literal of the controller (or container) to show.
    func build(with context: Context) throws(NavigationError) -> NodeSpec
}

extension ViewControllerBuilder where Context == Void {
    /// Builds without a context.
    public func build() throws(NavigationError) -> NodeSpec { try build(with: ()) }
}

/// The ready-made builders, as a value a scenario can hold (Ariadne's builders plus `AnyBuilder`).
public indirect enum Builder: ViewControllerBuilder, Equatable {
    /// A fresh controller for a screen (a plain factory such as Ariadne's `XibBuildingFactory`).
    case screen(String)
    /// A prebuilt literal or a `{"ref"}` to an existing controller (`InstanceViewBuilder`).
    case node(NodeSpec)
    /// The inner builder's result as the single controller of a navigation controller
    /// (`NavigationSingleViewEmbeddingBuilder`, via `embeddedInNavigation()`).
    case embeddedInNavigation(Builder)
    /// A navigation controller whose stack is the context's controllers (`NavigationEmbeddingBuilder`).
    case navigationEmbedding
    /// A tab bar controller whose tabs are the context's controllers, tab 0 selected (`TabBarEmbeddingBuilder`).
    case tabBarEmbedding
    /// A split view controller `[main, detail]`; main is built first, with the first context of a pair
    /// (`SplitViewBuilder`).
    case split(main: Builder, detail: Builder)
    /// A builder that always throws this reason.
    case failing(String)
    /// Builds nothing: the builder of hide and custom routes (`NonBuilder`).
    case nonBuilder
    /// Any other builder, type-erased (`AnyBuilder`).
    case custom(AnyBuilder)

    /// Builds the literal; the context is read by the embedding builders and custom builders.
    public func build(with context: RouteContext) throws(NavigationError) -> NodeSpec {
        switch self {
        case .screen(let name):
            return .screen(name)
        case .node(let spec):
            return spec
        case .embeddedInNavigation(let inner):
            return .navigation([try inner.build(with: context)])
        case .navigationEmbedding:
            return .navigation(try context.nodes(for: "a navigation embedding builder"))
        case .tabBarEmbedding:
            return .tabs(try context.nodes(for: "a tab bar embedding builder"), selected: 0)
        case .split(let main, let detail):
            let contexts = try context.splitContexts()
            let mainSpec = try main.build(with: contexts.main)
            let detailSpec = try detail.build(with: contexts.detail)
            return .split(primary: mainSpec, secondary: detailSpec)
        case .failing(let reason):
            throw .buildFailed(reason)
        case .nonBuilder:
            throw .buildFailed("the route has no builder")
        case .custom(let builder):
            return try builder.build(with: context)
        }
    }

    /// Builds with no context.
    public func build() throws(NavigationError) -> NodeSpec { try build(with: .empty) }

    /// This builder's result wrapped as the single controller of a navigation controller.
    public func embeddedInNavigation() -> Builder { .embeddedInNavigation(self) }

    /// A route pushing what this builder builds.
    public func pushRoute(animated: Bool = true) -> Route { with(.push(animated: animated)) }

    /// A route presenting what this builder builds.
    public func presentRoute(style: PresentationStyle = .automatic, animated: Bool = true) -> Route {
        with(.present(style: style, animated: animated))
    }

    /// A route replacing controllers of the navigation stack with what this builder builds.
    public func replaceRoute(_ mode: ReplaceMode = .last, animated: Bool = true) -> Route {
        with(.replace(mode, animated: animated))
    }

    /// A route making what this builder builds the window's root.
    public func rootRoute(animated: Bool = true) -> Route { with(.root(animated: animated)) }

    /// A route running a transition with what this builder builds.
    public func with(_ transition: Transition) -> Route { Route(builder: self, transition: transition) }
}

/// A type-erased builder: a closure, or another builder with its context captured (Ariadne's `AnyBuilder`).
/// Two are equal when their names are; the name is how diagrams and tests tell them apart.
public struct AnyBuilder: ViewControllerBuilder, Equatable, CustomStringConvertible {
    /// A name for the builder.
    public let name: String
    private let body: @Sendable (RouteContext) throws(NavigationError) -> NodeSpec

    /// A builder running a closure with the route's context.
    public init(_ name: String, _ body: @escaping @Sendable (RouteContext) throws(NavigationError) -> NodeSpec) {
        self.name = name
        self.body = body
    }

    /// Another builder with its own context captured; the route's context is ignored.
    public init<B: ViewControllerBuilder>(_ name: String, _ builder: B, context: B.Context) {
        self.name = name
        self.body = { _ throws(NavigationError) in try builder.build(with: context) }
    }

    /// Runs the closure.
    public func build(with context: RouteContext) throws(NavigationError) -> NodeSpec { try body(context) }

    /// The builder's name.
    public var description: String { name }

    /// Compares names.
    public static func == (lhs: AnyBuilder, rhs: AnyBuilder) -> Bool { lhs.name == rhs.name }
}

extension ViewControllerBuilder {
    /// This builder and a context, erased into a `Builder` a route can hold.
    public func asAnyBuilder(named name: String, context: Context) -> Builder {
        .custom(AnyBuilder(name, self, context: context))
    }
}

extension Builder {
    /// The names the controllers it builds go by (screens, a literal's ids), so a step may name them before they are
    /// built (`expect.visible` of a `navigate`); nothing for what only the context or a custom builder decides.
    public var builtNames: [String] {
        switch self {
        case .screen(let name): [name]
        case .node(let spec): spec.literalNames
        case .embeddedInNavigation(let inner): inner.builtNames
        case .split(let main, let detail): main.builtNames + detail.builtNames
        default: []
        }
    }
}

extension Route {
    /// `Builder.builtNames` of this route and of its tail.
    public var builtNames: [String] { builder.builtNames + (tail?.builtNames ?? []) }
}

extension NodeSpec {
    /// Every name a literal's controllers go by: ids (explicit, else screen, else kind) and screens, what it nests,
    /// presents and generates included.
    public var literalNames: [String] {
        var names = [baseName] + (screen.map { [$0] } ?? [])
        for child in children { names += child.literalNames }
        for key in generators.keys.sorted() { names += generators[key]!.literalNames }
        if let presents { names += presents.literalNames }
        return names
    }
}
