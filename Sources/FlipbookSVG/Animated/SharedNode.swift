import Flipbook

/// One layer's own render node, as snapshots hold it: made once where the layer's node stays the same
/// from one walk to the next (kept with the presentation's node: `keptWithOwnNode`, dropped with its
/// own render node and with it), and shared by the snapshots of those instants, each
/// holding a reference (where a copy of each node cost each snapshot its 232 bytes and its walk the
/// copy: an imported file of 1,172 layers, 1,100 of them still, filled the cache with a third of its
/// instants and evaluated the tree again for every track).
final class SharedNode {
    let node: RenderNode

    init(_ node: RenderNode) {
        self.node = node
    }
}
