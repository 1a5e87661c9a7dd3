import Flipbook

/// One layer's own render node, as snapshots hold it: made once where the layer's node stays the same
/// from one walk to the next (`NodeShares`), and shared by the snapshots of those instants, each
/// holding a reference (where a copy of each node cost each snapshot its 232 bytes and its walk the
/// copy: an imported file of 1,172 layers, 1,100 of them still, filled the cache with a third of its
/// instants and evaluated the tree again for every track).
final class SharedNode {
    let node: RenderNode

    init(_ node: RenderNode) {
        self.node = node
    }
}

/// The nodes one retained presentation's walks made, by presentation node: each with the
/// `ownNodeVersion` it was made at, handed out again while the presentation node's version is the
/// same (its own render node is then the same: `RetainedPresentation.Node.ownNodeVersion`). Holds the
/// presentation nodes too, so that an identity is never another node's; forgets everything past
/// `limit` entries (layers that come and go make new presentation nodes).
final class NodeShares {
    private var kept: [ObjectIdentifier: (tree: RetainedPresentation.Node, version: Int, node: SharedNode)] = [:]
    /// Entries kept at most before all are forgotten.
    static let limit = 100_000

    /// The node made for `tree` at its current version, nil when none was.
    func node(of tree: RetainedPresentation.Node) -> SharedNode? {
        guard let entry = kept[ObjectIdentifier(tree)], entry.version == tree.ownNodeVersion else { return nil }
        return entry.node
    }

    /// Records `node` as the one of `tree` at its current version.
    func keep(_ node: SharedNode, of tree: RetainedPresentation.Node) {
        if kept.count >= Self.limit { kept.removeAll() }
        kept[ObjectIdentifier(tree)] = (tree, tree.ownNodeVersion, node)
    }
}
