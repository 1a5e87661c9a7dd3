import Flipbook

/// The render tree at one instant, flattened: nodes by slot, the number the sampler gives each layer
/// id. A class, and read by slot: the compiler reads snapshots tens of thousands of times per scene,
/// and a reference and an array index cost less than copying dictionaries and hashing ids.
final class Snapshot {
    /// Nodes by slot (their `children` are not read: a node's children are the slots whose parent it
    /// is); nil where the layer is absent at this instant.
    private(set) var nodes: [RenderNode?] = []
    /// Each present node's items, by slot (empty where absent): what the compiler reads most.
    private(set) var items: [[DrawItem]] = []
    /// Each present node's parent slot (-1 for the root), by slot.
    private(set) var parents: [Int] = []
    /// Slots depth first, parents before children.
    private(set) var order: [Int] = []
    /// About how much memory the snapshot holds: nodes, path elements and text, in units of ~64 bytes.
    private(set) var weight = 0

    init(_ root: RenderNode?, slots sampler: Sampler) {
        guard let root else { return }
        // Room for every layer seen so far, allocated once (layers seen first here grow it).
        nodes = Array(repeating: nil, count: sampler.ids.count)
        items = Array(repeating: [], count: sampler.ids.count)
        parents = Array(repeating: -1, count: sampler.ids.count)
        order.reserveCapacity(sampler.ids.count)
        add(root, parent: -1, sampler)
    }

    /// The node in `slot`, or nil when absent.
    @inline(__always)
    func node(_ slot: Int) -> RenderNode? { slot < nodes.count ? nodes[slot] : nil }

    /// Item `index` of the node in `slot`, or nil when absent (without copying the node).
    @inline(__always)
    func item(_ slot: Int, _ index: Int) -> DrawItem? {
        guard slot < items.count, index < items[slot].count else { return nil }
        return items[slot][index]
    }

    /// Whether the node in `slot` is present here and in `other` with the same content: everything
    /// but its children equal by `==` (0 and −0 are equal; items that share one array are equal without
    /// a look at their elements, a NaN in them included: they are the same values).
    func hasSameContent(_ slot: Int, as other: Snapshot) -> Bool {
        guard slot < nodes.count, slot < other.nodes.count, let a = nodes[slot], let b = other.nodes[slot] else { return false }
        return a.id == b.id && a.opacity == b.opacity && a.transform == b.transform && a.parts == b.parts && a.clip == b.clip
            && a.items == b.items
    }

    private func add(_ node: RenderNode, parent: Int, _ sampler: Sampler) {
        let slot = sampler.slot(node.id, at: order.count)
        if slot >= nodes.count {
            nodes += Array(repeating: nil, count: slot + 1 - nodes.count)
            items += Array(repeating: [], count: slot + 1 - items.count)
            parents += Array(repeating: -1, count: slot + 1 - parents.count)
        }
        // Kept whole: its children array is shared with the tree (a copy is a retain), and readers go
        // by slot, never through `children`.
        nodes[slot] = node
        items[slot] = node.items
        weight += 4
        for item in node.items {
            switch item {
            case .shape(let shape): weight += shape.path.elements.count + shape.dashPattern.lengths.count / 4 + shape.fillGradient.stops.count
            case .text(let text): weight += text.string.utf8.count / 64 + 1
            }
        }
        parents[slot] = parent
        order.append(slot)
        for child in node.children { add(child, parent: slot, sampler) }
    }
}

/// Evaluates the scene at instants, each once, and numbers the layer ids it meets.
final class Sampler {
    let scene: Scene
    /// The presentation kept from instant to instant: the compiler asks for instants mostly in order,
    /// and between two of them most layers do not change.
    private let retained: RetainedPresentation
    private var cache: [Double: Snapshot] = [:]
    private var cachedWeight = 0
    /// The last instant asked for and its snapshot: the compiler's closures ask for one instant
    /// several times in a row.
    private var last: (time: Double, snapshot: Snapshot)?
    private var slots: [String: Int] = [:]
    /// Layer ids by slot, in order of first sight.
    private(set) var ids: [String] = []

    init(_ scene: Scene) {
        self.scene = scene
        retained = RetainedPresentation(scene: scene)
    }

    /// The slot of `id`, numbered on first sight.
    func slot(_ id: String) -> Int {
        if let slot = slots[id] { return slot }
        slots[id] = ids.count
        ids.append(id)
        return ids.count - 1
    }

    /// Ids met at each position of the last walk of a tree and their slots: a tree usually has the
    /// same layers in the same order at every instant, so a snapshot finds a node's slot by comparing
    /// its id with the one met at the same position (no hashing).
    private var walked: [(id: String, slot: Int)] = []

    /// The slot of `id`, met at `position` of a depth-first walk.
    func slot(_ id: String, at position: Int) -> Int {
        if position < walked.count, walked[position].id == id { return walked[position].slot }
        let slot = slot(id)
        if position < walked.count { walked[position] = (id, slot) } else if position == walked.count { walked.append((id, slot)) }
        return slot
    }

    func at(_ time: Double) -> Snapshot {
        if let last, last.time == time { return last.snapshot }
        if let hit = cache[time] {
            last = (time, hit)
            return hit
        }
        let snapshot = Snapshot(retained.renderTree(at: time), slots: self)
        // At most 20 000 snapshots and about 256 MB of them (4M weight units of ~64 bytes): a line graph
        // of 100 000 points is 6 MB a snapshot, and the compiler asks for thousands of instants.
        if cache.count >= 20_000 || cachedWeight + snapshot.weight > 4_000_000 {
            cache.removeAll(keepingCapacity: true)
            cachedWeight = 0
        }
        cache[time] = snapshot
        cachedWeight += snapshot.weight
        last = (time, snapshot)
        return snapshot
    }
}
