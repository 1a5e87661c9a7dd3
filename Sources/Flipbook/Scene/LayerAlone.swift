/// One layer's own render node at any instant, evaluated along its chain of ancestors alone: the
/// layer's animations at its local time, and each ancestor's timing and `hidden`, not the rest of
/// the tree. What a reader of one layer at many instants that no one else reads uses (the animated
/// compiler's tracks fitting one layer's own keyframe intervals: `Sampler`), where evaluating the
/// whole tree at each of them costs the tree's size each time (an imported file of 600 layers).
///
/// The node equals the one `RetainedPresentation`'s tree holds for that layer at that instant
/// (`ownRenderNode`: its `renderNodeWithoutChildren()`), and absence (the layer or an ancestor
/// hidden) is told as its walk tells it (the tests compare both for every layer of every shipped
/// scene at every frame and half frame). Layers a component derives (a ring gauge's arc) are not
/// in the model and are not evaluated here: for them, and for an id that names several layers or
/// none at that instant, the answer is "cannot tell" and the reader evaluates the tree.
///
/// A class with a cache (each model's table of paths), for one thread.
public final class LayerAlone {
    public let scene: Scene
    /// By model (the number of timed changes applied), each id's path from the root: the indices of
    /// the sublayers walked through. Ids met twice are left out, as are masks a later mask replaces.
    private var paths: [Int: [String: [Int]]] = [:]

    public init(scene: Scene) {
        self.scene = scene
    }

    /// What `ownRenderNode(of:at:)` finds.
    public enum Found {
        /// The layer's own node (no children).
        case node(RenderNode)
        /// The layer or one of its ancestors is hidden: absent from the tree at that instant.
        case absent
        /// No layer of the model has this id, or several do: evaluate the tree.
        case cannotTell
    }

    /// The own render node of the layer `id` at `time`, seconds of the scene.
    public func ownRenderNode(of id: String, at time: Double) -> Found {
        let count = scene.changeCount(at: time)
        let model = scene.model(afterChanges: count)
        if paths[count] == nil { paths[count] = Self.paths(in: model) }
        guard let path = paths[count]?[id] else { return .cannotTell }
        var layer = model, parentTime = time
        for index in path {
            // (An ancestor's own animations decide its `hidden`; its sublayers' times follow its local time.)
            let hidden = layer.animations.isEmpty ? layer[.hidden]
                : Bool(propertyValue: layer.presentationValue(of: AnyPropertyKey(PropertyKey<Bool>.hidden), atParentTime: parentTime)) ?? false
            if hidden { return .absent }
            parentTime = layer.timing.layerLocalTime(parentTime)
            layer = layer.sublayers[index]
        }
        // The layer presented as `Layer.presentation(atParentTime:)` presents it, without its sublayers
        // (its own node reads none of them).
        let presented = layer.applyingOwnAnimations(atLocalTime: layer.timing.layerLocalTime(parentTime))
        return presented.renderNodeWithoutChildren().map { .node($0) } ?? .absent
    }

    /// Each id's path in `root` as the render walk meets it: every sublayer, and of the masks the last
    /// one only (`Layer.mask`); an id met twice is left out.
    static func paths(in root: Layer) -> [String: [Int]] {
        var paths: [String: [Int]] = [:], twice: Set<String> = []
        func walk(_ layer: Layer, _ path: [Int]) {
            if paths.updateValue(path, forKey: layer.id) != nil { twice.insert(layer.id) }
            let mask = layer.sublayers.lastIndex(where: \.isMask)
            for (index, sublayer) in layer.sublayers.enumerated() where !sublayer.isMask || index == mask {
                walk(sublayer, path + [index])
            }
        }
        walk(root, [])
        for id in twice { paths[id] = nil }
        return paths
    }
}
