extension Layer {
    /// The scene file's JSON path of every layer below this one (the scene's root), by id:
    /// "layers[0]", "layers[0].sublayers[1]", "layers[0].mask". Error messages, cost estimates and writers name layers so.
    public var jsonPaths: [String: String] {
        var paths: [String: String] = [:]
        func walk(_ layer: Layer, _ path: String) {
            paths[layer.id] = path
            for (i, sub) in layer.sublayers.filter({ !$0.isMask }).enumerated() { walk(sub, path + ".sublayers[\(i)]") }
            if let mask = layer.mask { walk(mask, path + ".mask") }
        }
        for (i, layer) in sublayers.enumerated() { walk(layer, "layers[\(i)]") }
        return paths
    }
}

extension Scene {
    /// The JSON path of every layer of the scene by id (`Layer.jsonPaths`), the layers changes add
    /// included: "changes[2].add", "changes[2].add.sublayers[0]".
    public var layerPaths: [String: String] {
        var paths = root.jsonPaths
        for (i, change) in changes.enumerated() {
            guard case .add(let layer, _)? = change.edit else { continue }
            var added = Layer(id: "")
            added.sublayers = [layer]
            for (id, path) in added.jsonPaths { paths[id] = "changes[\(i)].add" + path.dropFirst("layers[0]".count) }
        }
        return paths
    }
}
