import Flipbook

/// Reading one layer at one instant: from the instant's snapshot where it is kept, else the layer
/// evaluated alone (`LayerAlone`).
///
/// The instants every track reads (the grid and the check instants) are kept as snapshots of the
/// whole tree, shared by all tracks. A track fitting one layer's keyframe intervals also reads
/// instants of its own (the fractions of each interval, adaptive samples), which no other layer
/// reads: evaluating the whole tree for each of those cost an imported file of 610 layers (confetti)
/// the tree's size at each of some ten thousand instants. Evaluated alone, the node is the same value
/// (`LayerAlone`), so the document is byte for byte what it was.
extension Sampler {
    /// `body` applied in place to the node in `slot` at `t`, seconds, or nil where the layer is absent.
    @inline(__always)
    func withNode<R>(_ slot: Int, at t: Double, _ body: (borrowing RenderNode) -> R) -> R? {
        if let snapshot = kept(t) { return snapshot.withNode(slot, body) }
        if let found = nodeAlone(slot, at: t) { return found.map { body($0) } }
        return at(t).withNode(slot, body)
    }

    /// `body` applied in place to item `index` of the node in `slot` at `t` where it is a shape; nil
    /// where absent or a text.
    @inline(__always)
    func withShape<R>(_ slot: Int, _ index: Int, at t: Double, _ body: (borrowing ShapeDrawing) -> R) -> R? {
        if let snapshot = kept(t) { return snapshot.withShape(slot, index, body) }
        if let found = nodeAlone(slot, at: t) {
            guard let node = found, index < node.items.count, case .shape(let shape) = node.items[index] else { return nil }
            return body(shape)
        }
        return at(t).withShape(slot, index, body)
    }

    /// Item `index` of the node in `slot` at `t`, or nil where absent.
    func item(_ slot: Int, _ index: Int, at t: Double) -> DrawItem? {
        withNode(slot, at: t) { node in index < node.items.count ? node.items[index] : nil } ?? nil
    }

    /// Most memory the nodes of one layer evaluated alone hold, in `Snapshot.weight(of:)` units (~64
    /// bytes): 16 MB. Past it they are forgotten (and evaluated again where asked for again).
    static let aloneWeightLimit = 1 << 18

    /// The node in `slot` at `t` evaluated alone: `.some(nil)` where absent, nil where `LayerAlone`
    /// cannot tell (a layer a component derives, an id met twice) or texts are written as outlines
    /// (the snapshot's walk turns them into shapes).
    private func nodeAlone(_ slot: Int, at t: Double) -> RenderNode?? {
        guard outlines == nil, slot < ids.count else { return nil }
        if aloneSlot != slot {
            aloneSlot = slot
            aloneNodes.removeAll(keepingCapacity: true)
            aloneWeight = 0
        }
        let key = InstantTable.key(t)
        if let known = aloneNodes[key] { return .some(known) }
        let node: RenderNode?
        switch alone.ownRenderNode(of: ids[slot], at: t) {
        case .node(let n): node = n
        case .absent: node = nil
        case .cannotTell: return nil
        }
        let weight = node.map(Snapshot.weight(of:)) ?? 1
        if aloneWeight + weight > Self.aloneWeightLimit {
            aloneNodes.removeAll(keepingCapacity: true)
            aloneWeight = 0
        }
        aloneNodes[key] = .some(node)
        aloneWeight += weight
        return .some(node)
    }
}
