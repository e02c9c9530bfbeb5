import NavVizCore

extension DOTBuilder {
    /// One state: the window, its containers as nested clusters, presented trees beside their
    /// presenters, and the path to the visible controller in the accent colour.
    public func state(_ hierarchy: Hierarchy, finder: ViewFinderResult, caption: String? = nil) -> String {
        statePicture(hierarchy, finder: finder, caption: caption).dot
    }

    /// A state's DOT, the scene it draws, and the DOT id of each item drawn.
    /// `keeping`: nodes drawn in full however focused the options are.
    func statePicture(
        _ hierarchy: Hierarchy, finder: ViewFinderResult, caption: String? = nil, keeping: Set<NodeID> = []
    ) -> StatePicture {
        let scene = options.apply(SceneBuilder(hierarchy: hierarchy, finder: finder).scene(), keeping: keeping)
        var writer = DOTWriter()
        writer.open("digraph navviz")
        var graph: DOTAttributes = [:]
        if let caption {
            graph["label"] = .html(.bold(.text(caption)))
            graph.set("labelloc", "t")
            graph.set("labeljust", "l")
        }
        writeDefaults(into: &writer, graph: graph)
        var emitter = SceneEmitter(options: options)
        emitter.writeScene(scene, into: &writer)
        if options.includeLegend { emitter.writeLegend(into: &writer, includesChanges: false, below: emitter.lowestNode.id) }
        emitter.writeEdges(into: &writer)
        writer.close()
        return StatePicture(dot: writer.text, scene: scene, ids: emitter.drawnIDs)
    }
}

/// A state as drawn: its DOT, the scene it draws, and the DOT id each item was given (`SceneEmitter.drawnIDs`).
/// A render makes one per step and its transitions' panels share them.
public struct StatePicture: Sendable {
    /// The state's DOT.
    public var dot: String
    var scene: DiagramScene
    var ids: [NodeID: String]
}
