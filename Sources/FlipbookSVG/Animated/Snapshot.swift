import Flipbook

/// The render tree at one instant, flattened by layer id.
struct Snapshot {
    /// Nodes by id, children removed.
    var nodes: [String: RenderNode] = [:]
    var parent: [String: String] = [:]
    /// Ids depth first, parents before children.
    var order: [String] = []

    init(_ root: RenderNode?) {
        if let root { add(root, parent: nil) }
    }

    private mutating func add(_ node: RenderNode, parent: String?) {
        var flat = node
        flat.children = []
        nodes[node.id] = flat
        if let parent { self.parent[node.id] = parent }
        order.append(node.id)
        for child in node.children { add(child, parent: node.id) }
    }
}

/// Evaluates the scene at instants, each once.
final class Sampler {
    let scene: Scene
    private var cache: [Double: Snapshot] = [:]

    init(_ scene: Scene) {
        self.scene = scene
    }

    func at(_ time: Double) -> Snapshot {
        if let hit = cache[time] { return hit }
        let snapshot = Snapshot(scene.presentation(at: time).renderNode())
        if cache.count > 20_000 { cache.removeAll(keepingCapacity: true) }
        cache[time] = snapshot
        return snapshot
    }
}
