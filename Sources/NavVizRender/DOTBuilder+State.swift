import NavVizCore

extension DOTBuilder {
    /// One state: the window, its containers as nested clusters, presented trees beside their
    /// presenters, and the path to the visible controller in the accent colour.
    public func state(_ hierarchy: Hierarchy, finder: ViewFinderResult, caption: String? = nil) -> String {
        let scene = options.apply(SceneBuilder(hierarchy: hierarchy, finder: finder).scene())
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
        return writer.text
    }
}
