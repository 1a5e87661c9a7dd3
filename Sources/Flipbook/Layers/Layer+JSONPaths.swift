extension Layer {
    /// The scene file's JSON path of every layer below this one (the scene's root), by id:
    /// "layers[0]", "layers[0].sublayers[1]". Error messages, cost estimates and writers name layers so.
    public var jsonPaths: [String: String] {
        var paths: [String: String] = [:]
        func walk(_ layer: Layer, _ path: String) {
            paths[layer.id] = path
            for (i, sub) in layer.sublayers.enumerated() { walk(sub, path + ".sublayers[\(i)]") }
        }
        for (i, layer) in sublayers.enumerated() { walk(layer, "layers[\(i)]") }
        return paths
    }
}
