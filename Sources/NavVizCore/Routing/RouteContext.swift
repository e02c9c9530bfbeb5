/// What a route is navigated with: Ariadne's `Context`, handed to the builder.
public indirect enum RouteContext: Sendable, Equatable {
    /// No context (Ariadne's `Void`).
    case empty
    /// A scalar, as a scenario writes it (`"context": 2`); builders of custom screens may read it.
    case value(String)
    /// Controllers for the embedding builders (Ariadne's `[UIViewController]` context).
    case nodes([NodeSpec])
    /// A split builder's contexts: the main builder's, then the detail builder's.
    case pair(RouteContext, RouteContext)

    /// The controllers of an embedding builder's context (`.empty` is an empty list).
    func nodes(for builder: String) throws(NavigationError) -> [NodeSpec] {
        switch self {
        case .nodes(let nodes): return nodes
        case .empty: return []
        default: throw .buildFailed("\(builder) takes a list of controllers as its context")
        }
    }

    /// The main and detail contexts of a split builder (`.empty` gives both an empty context).
    func splitContexts() throws(NavigationError) -> (main: RouteContext, detail: RouteContext) {
        switch self {
        case .pair(let main, let detail): return (main, detail)
        case .empty: return (.empty, .empty)
        default: throw .buildFailed("a split builder takes a pair of contexts (main, detail)")
        }
    }
}
