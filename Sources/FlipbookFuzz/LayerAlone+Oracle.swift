import Flipbook

extension LayerAlone {
    /// The first layer whose node evaluated alone differs from the one `retained`'s tree holds at `t`
    /// (its own node, as the animated compiler's snapshots walk it), or that one of the two holds and
    /// the other calls absent; nil when every layer agrees. `ids` gathers the ids met so far, so that a
    /// layer met at an earlier instant is asked about at every later one (present or not).
    func differs(from retained: RetainedPresentation, at t: Double, ids: inout Set<String>) -> String? {
        var present: [String: RenderNode] = [:]
        retained.tree(at: t).forEachOwnRenderNode { present[$0.id] = $0 }
        ids.formUnion(present.keys)
        for id in ids.sorted() {
            switch ownRenderNode(of: id, at: t) {
            case .node(let node):
                guard let held = present[id], same(held, node) else { return id }
            case .absent:
                if present[id] != nil { return id }
            case .cannotTell:
                continue
            }
        }
        return nil
    }
}
