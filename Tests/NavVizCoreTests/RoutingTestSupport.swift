import NavVizCore

/// Ariadne's test controllers: `Foo` and `Bar` are screens of those names.
let foo = Builder.screen("Foo")
let bar = Builder.screen("Bar")

extension Router {
    /// Ariadne's test set-up: a window whose root is built from a literal, with Ariadne's finder.
    static func window(_ root: NodeSpec, device: Device = .phone) throws -> Router {
        try Router(root: root, device: device)
    }

    /// The children of a node, as ids.
    func children(of id: NodeID) -> [NodeID] { hierarchy[id].children }

    /// The screens of a node's children (a navigation controller's stack, a tab bar's tabs…).
    func screens(of id: NodeID) -> [String?] { hierarchy[id].children.map { hierarchy[$0].screen } }

    /// The window's root node.
    var root: Node? { hierarchy.root.map { hierarchy[$0] } }
}

extension NodeSpec {
    /// A navigation controller whose stack is these screens.
    static func navigation(screens: [String], id: String? = nil) -> NodeSpec {
        .navigation(screens.map { .screen($0) }, id: id)
    }
}
