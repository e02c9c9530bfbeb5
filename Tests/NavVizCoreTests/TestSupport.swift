import NavVizCore

// Shorthands shared by the NavVizCore suites.

/// A plain controller for a screen.
func screen(_ name: String, id: String? = nil) -> NodeSpec { .screen(name, id: id) }

/// A navigation controller whose stack is plain controllers.
func nav(_ names: String..., id: String? = nil) -> NodeSpec { .navigation(names.map { .screen($0) }, id: id) }

/// A reference to a controller that already exists.
func ref(_ id: NodeID) -> NodeSpec { .reference(id) }

/// A custom container (`{"screen": name, "children": [...], "visible": i}`).
func box(_ name: String, _ children: [NodeSpec], visible: Int = 0) -> NodeSpec {
    var spec = NodeSpec.screen(name)
    spec.children = children
    spec.selected = visible
    return spec
}

/// A literal that presents another one when it is built.
func presenting(_ spec: NodeSpec, _ presented: NodeSpec, style: PresentationStyle = .automatic) -> NodeSpec {
    var spec = spec
    spec.presents = presented
    spec.presentsStyle = style
    return spec
}

/// A literal that defines the presentation context.
func definingContext(_ spec: NodeSpec) -> NodeSpec {
    var spec = spec
    spec.definesPresentationContext = true
    return spec
}

/// Step options for a non-animated step.
let still = StepOptions(animated: false)

extension AppearanceCallback {
    /// The abbreviation docs/semantics.md uses (`wA`, `dA`, `wD`, `dD`).
    var short: String {
        switch self {
        case .viewWillAppear: "wA"
        case .viewDidAppear: "dA"
        case .viewWillDisappear: "wD"
        case .viewDidDisappear: "dD"
        }
    }
}

extension AppearanceEvent {
    /// `A.wD`.
    var short: String { "\(controller).\(callback.short)" }
}

extension StepOutcome {
    /// The callbacks in the notation of docs/semantics.md: `["A.wD", "B.wA", "A.dD", "B.dA"]`.
    var trace: [String] { events.map(\.short) }
    /// The distinct `animated` arguments the callbacks carried.
    var animatedFlags: Set<Bool> { Set(events.map(\.isAnimated)) }
}

extension Simulator {
    /// The children of a node, in container order.
    func children(_ id: NodeID) -> [NodeID] { hierarchy[id].children }
    /// The node a node presents.
    func presented(by id: NodeID) -> NodeID? { hierarchy[id].presented }
}
