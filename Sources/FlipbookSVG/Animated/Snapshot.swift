import Easing
import Dispatch
import Flipbook
import FlipbookSupport

/// The render tree at one instant, flattened: nodes by slot, the number the sampler gives each layer
/// id. A class, and read by slot: the compiler reads snapshots tens of thousands of times per scene,
/// and a reference and an array index cost less than copying dictionaries and hashing ids.
final class Snapshot {
    /// Each present layer's own render node (without children), in the order of the walk (`order`):
    /// the walk's own array, kept as it is; shared with the other snapshots where the layer's node
    /// stayed the same (`SharedNode`).
    private let nodes: [SharedNode]
    /// By slot: the node's index in `nodes`, -1 where the layer is absent at this instant.
    private let positions: [Int]
    /// Each present node's parent slot (-1 for the root and where absent), by slot.
    let parents: [Int]
    /// Slots depth first, parents before children.
    let order: [Int]
    /// About how much memory the snapshot holds apart from the scene: nodes, and the path elements
    /// and text of those rebuilt since the start, in units of ~64 bytes.
    let weight: Int
    /// When the sampler last handed it out (its own count of lookups): the cache forgets the least
    /// recently used snapshots first. (Unchecked: a snapshot's sampler serves one thread.)
    @exclusivity(unchecked) var lastUse = 0
    // (Constants, set once: the compiler reads them tens of thousands of times, and a class's `var`
    // is read through a run-time exclusivity check each time.)

    /// One instant's tree as a walk found it: what `Snapshot` is made of, before its layers are
    /// numbered. Made apart from the sampler (its numbering is the one shared state), so that several
    /// threads can walk instants at once (`Sampler.prefetch`).
    struct Walked {
        /// Each present layer's own render node, depth first, parents before children, sublayers in
        /// drawing order.
        var nodes: [SharedNode] = []
        /// Each node's parent, as an index into `nodes` (-1 for the root).
        var parents: [Int] = []
        /// The nodes' memory (`Snapshot.weight(of:)` of those rebuilt since the start, `nodeWeight` of
        /// the others, `sharedWeight` of those an earlier walk made: `SharedNode`), worked out by the
        /// walk's thread.
        var weight = 0
    }

    /// The tree of `root` (a retained presentation's root node at one instant), walked as
    /// `RenderNode`'s tree is built: each node's own render node (`ownRenderNode`, kept by the
    /// retained node while its values stay the same), hidden layers and their sublayers left out,
    /// sublayers in drawing order. No nested render tree is built: the compiler reads nodes by slot.
    /// A node the same as when an earlier walk of the same presentation met it is that walk's
    /// (`SharedNode`, kept with the presentation's node), counted `sharedWeight`.
    static func walk(_ root: RetainedPresentation.Node, expecting count: Int, outlines: TextOutlines? = nil) -> Walked {
        var walked = Walked()
        walked.nodes.reserveCapacity(count)
        walked.parents.reserveCapacity(count)
        // (`walked` passed in, not captured: a recursive local function's captured variable was checked
        // for exclusive access at run time on every node.)
        // A node with a shared copy has its own render node (both are dropped together): the copy is
        // taken without reading the own node (a 232-byte copy).
        func add(_ tree: RetainedPresentation.Node, parent: Int, to walked: inout Walked) {
            let position = walked.nodes.count
            if let shared = tree.keptWithOwnNode as? SharedNode {
                walked.nodes.append(shared)
                walked.weight += Snapshot.sharedWeight
            } else {
                guard let node = tree.ownRenderNode else { return }
                var made = node
                if let outlines, node.items.contains(where: { if case .text = $0 { true } else { false } }) {
                    made.items = node.items.map { item in
                        if case .text(let text) = item, let shape = outlines.shape(of: text) { return .shape(shape) }
                        return item
                    }
                }
                let shared = SharedNode(made)
                tree.keptWithOwnNode = shared
                walked.nodes.append(shared)
                // A node whose own render node was never rebuilt holds what its layer held from the
                // start (the retained presentation keeps that storage however many snapshots share it):
                // only the node itself is this snapshot's. (Once it is rebuilt, the snapshots made before
                // hold the first storage uncounted: one tree's worth at most, per presentation.)
                walked.weight += tree.ownNodeVersion == 0 ? Snapshot.nodeWeight : Snapshot.weight(of: node)
            }
            walked.parents.append(parent)
            tree.forEachSublayerInDrawingOrder { add($0, parent: position, to: &walked) }
            // The mask after the drawn sublayers, as a child (the compiler writes it as the group's
            // `<mask>`: `AnimatedSVGCompiler.Context.maskIDs`).
            if let mask = tree.maskNode { add(mask, parent: position, to: &walked) }
        }
        add(root, parent: -1, to: &walked)
        return walked
    }

    /// The snapshot of a walked tree, its layers numbered by `sampler` (`Sampler.slot(_:at:)`).
    init(_ walked: consuming Walked, slots sampler: Sampler) {
        let count = max(sampler.ids.count, walked.nodes.count)
        var positions = Array(repeating: -1, count: count), parents = Array(repeating: -1, count: count)
        var order: [Int] = []
        order.reserveCapacity(walked.nodes.count)
        walked.nodes.withUnsafeBufferPointer { nodes in
            for position in nodes.indices {
                let slot = sampler.slot(nodes[position].node.id, at: position)
                if slot >= positions.count {
                    positions += Array(repeating: -1, count: slot + 1 - positions.count)
                    parents += Array(repeating: -1, count: slot + 1 - parents.count)
                }
                positions[slot] = position
                // (Parents come before their children: the parent's slot is known.)
                let parent = walked.parents[position]
                parents[slot] = parent < 0 ? -1 : order[parent]
                order.append(slot)
            }
        }
        self.nodes = walked.nodes
        self.positions = positions
        self.parents = parents
        self.order = order
        self.weight = walked.weight
    }

    /// The index in `nodes` of the layer in `slot`, or nil when absent.
    @inline(__always)
    private func position(_ slot: Int) -> Int? {
        guard slot < positions.count else { return nil }
        let position = positions[slot]
        return position >= 0 ? position : nil
    }

    /// The node in `slot`, or nil when absent.
    @inline(__always)
    func node(_ slot: Int) -> RenderNode? { position(slot).map { nodes[$0].node } }

    /// Whether the layer in `slot` is present at this instant.
    @inline(__always)
    func has(_ slot: Int) -> Bool { position(slot) != nil }

    /// `body` applied to the node in `slot` in place (no copy of the node), or nil when absent.
    @inline(__always)
    func withNode<R>(_ slot: Int, _ body: (borrowing RenderNode) -> R) -> R? {
        guard let position = position(slot) else { return nil }
        return body(nodes[position].node)
    }

    /// The items of the node in `slot` (empty where absent).
    @inline(__always)
    func items(_ slot: Int) -> [DrawItem] { withNode(slot) { $0.items } ?? [] }

    /// Item `index` of the node in `slot`, or nil when absent (without copying the node).
    @inline(__always)
    func item(_ slot: Int, _ index: Int) -> DrawItem? {
        withNode(slot) { node in index < node.items.count ? node.items[index] : nil } ?? nil
    }

    /// `body` applied to item `index` of the node in `slot` where it is a shape, in place (no copy of
    /// the shape); nil when absent or a text.
    @inline(__always)
    func withShape<R>(_ slot: Int, _ index: Int, _ body: (borrowing ShapeDrawing) -> R) -> R? {
        guard let position = position(slot) else { return nil }
        return nodes[position].node.items.withUnsafeBufferPointer { items in
            guard index < items.count, case .shape(let shape) = items[index] else { return nil }
            return body(shape)
        }
    }

    /// Whether the node in `slot` is present here and in `other` with the same content: everything
    /// but its children equal by `==` (0 and −0 are equal; items that share one array are equal without
    /// a look at their elements, a NaN in them included: they are the same values).
    func hasSameContent(_ slot: Int, as other: Snapshot) -> Bool {
        guard let i = position(slot), let j = other.position(slot) else { return false }
        // (One node shared by both: the same values.)
        if nodes[i] === other.nodes[j] { return true }
        let a = nodes[i].node, b = other.nodes[j].node
        return a.id == b.id && a.opacity == b.opacity && a.transform == b.transform && a.parts == b.parts && a.clip == b.clip
            && a.clipCornerRadius == b.clipCornerRadius && a.clipCorners == b.clipCorners && a.shadow == b.shadow && a.items == b.items
    }

    /// The memory of a node itself, in units of ~64 bytes (the cost model counts on it:
    /// `SceneCost.snapshotNodeWeight`).
    static let nodeWeight = SceneCost.snapshotNodeWeight
    /// The memory a snapshot holds for a node another snapshot made (`SharedNode`): the reference to
    /// it and the slot's entries in the snapshot's tables (five words), one unit
    /// (`SceneCost.snapshotSharedWeight`).
    static let sharedWeight = SceneCost.snapshotSharedWeight

    /// About how much memory `node` holds, in units of ~64 bytes: `nodeWeight`, and its path elements,
    /// dash lengths, gradient stops and text (counts, never a walk through them).
    static func weight(of node: RenderNode) -> Int {
        var weight = nodeWeight
        for item in node.items {
            switch item {
            case .shape(let shape): weight += shape.path.elements.count + shape.dashPattern.lengths.count / 4 + shape.fillGradient.stops.count
            case .text(let text): weight += text.string.utf8.count / 64 + 1
            }
        }
        return weight
    }
}

/// Evaluates the scene at instants, each once, and numbers the layer ids it meets.
final class Sampler {
    let scene: Scene
    /// The presentation kept from instant to instant: the compiler asks for instants mostly in order,
    /// and between two of them most layers do not change.
    private let retained: RetainedPresentation
    // (`@exclusivity(unchecked)`: a sampler serves one compilation on one thread, and its methods
    // never overlap an access to these; the run-time check cost more than the lookups it guarded.)
    @exclusivity(unchecked) private var cache = InstantTable()
    @exclusivity(unchecked) private var cachedWeight = 0
    /// The last instant asked for and its snapshot: the compiler's closures ask for one instant
    /// several times in a row.
    @exclusivity(unchecked) private var last: (time: Double, snapshot: Snapshot)?
    private var slots: [String: Int] = [:]
    /// Layer ids by slot, in order of first sight.
    private(set) var ids: [String] = []

    /// Texts as their glyph outlines (`SVGTextOptions.asPaths`), nil to keep them as texts.
    let outlines: TextOutlines?

    init(_ scene: Scene, outlines: TextOutlines? = nil) {
        self.scene = scene
        self.outlines = outlines
        retained = RetainedPresentation(scene: scene)
        alone = LayerAlone(scene: scene)
    }

    /// Layers evaluated alone at instants whose snapshots are not kept (`withNode(_:at:_:)`).
    let alone: LayerAlone
    /// The slot whose nodes evaluated alone `aloneNodes` holds, by instant (`InstantTable.key`), nil
    /// where absent; and their memory (`Snapshot.weight(of:)` units), forgotten past `aloneWeightLimit`.
    @exclusivity(unchecked) var aloneSlot = -1
    @exclusivity(unchecked) var aloneNodes: [UInt64: RenderNode?] = [:]
    @exclusivity(unchecked) var aloneWeight = 0

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
    @exclusivity(unchecked) private var walked: [(id: String, slot: Int)] = []

    /// The slot of `id`, met at `position` of a depth-first walk.
    func slot(_ id: String, at position: Int) -> Int {
        if position < walked.count, walked[position].id == id { return walked[position].slot }
        let slot = slot(id)
        if position < walked.count { walked[position] = (id, slot) } else if position == walked.count { walked.append((id, slot)) }
        return slot
    }

    /// The snapshot every instant is answered with while it is set, nil (the default) for each
    /// instant's own: set while the compiler writes a node that is the same at every instant
    /// (`AnimatedSVGCompiler.Context.contentIsStatic`), whose reads of other instants would each
    /// evaluate the tree again once its snapshots outgrow the cache.
    @exclusivity(unchecked) var pinned: Snapshot?

    func at(_ time: Double) -> Snapshot {
        kept(time) ?? keep(Snapshot(Snapshot.walk(retained.tree(at: time), expecting: ids.count, outlines: outlines), slots: self), at: time)
    }

    /// The snapshot `at` answers `time` with without evaluating the tree (the pinned one, the last
    /// asked for, or one kept and not forgotten since), counted as used; nil where it would make one.
    func kept(_ time: Double) -> Snapshot? {
        if let pinned { return pinned }
        if let last, last.time == time { return last.snapshot }
        if let hit = cache.snapshot(at: time) {
            uses += 1
            hit.lastUse = uses
            last = (time, hit)
            return hit
        }
        return nil
    }

    /// At most 20 000 snapshots and 4M weight units of them (~64 bytes a unit for paths; a snapshot of
    /// many small layers holds more a unit: 1,000 pie slices peaked at 850 MB): a line graph of 100 000
    /// points is 6 MB a snapshot, and the compiler asks for thousands of instants.
    /// (The cost model counts on these: `SceneCost.snapshotCacheWeight`.)
    private static let cacheCount = SceneCost.snapshotCacheCount, cacheWeight = SceneCost.snapshotCacheWeight

    /// Lookups so far: the clock of `Snapshot.lastUse`.
    @exclusivity(unchecked) private var uses = 0

    /// How often adaptive sampling may halve a knot interval in a scene whose heaviest snapshot
    /// weighs `heaviest`: 18 where the cache holds 2,000 snapshots or more; else as often as keeps
    /// one interval's samples (seven eighths of its finest pieces: 8 · 2^depth instants) within a
    /// quarter of what the cache holds. Every sampled track of a scene samples the same grid of
    /// instants (`TrackFitter`), so together they then ask for no more instants than the cache
    /// keeps; past that, each track would evaluate the whole tree at its own instants again (a pie
    /// of 991 slices whose values change: twenty minutes). A track that needs finer keys than this
    /// allows is written with keys at every instant checked, or reported as a fallback.
    static func sampleDepth(heaviest: Int) -> Int {
        let capacity = min(cacheCount, cacheWeight / max(heaviest, 1))
        guard capacity < 2_000 else { return 18 }
        var depth = 0
        while depth < 18 && 8 << (depth + 1) <= capacity / 4 { depth += 1 }
        return depth
    }

    /// Keeps `snapshot` as the one of `time`. When the cache is full, the least recently used half of
    /// it (by weight) is forgotten first: each sampled track of a scene asks for its own run of
    /// instants, mostly those of the track before it (a pie's slices), and where the runs of all
    /// tracks together outgrow the cache, forgetting everything at once made every track evaluate
    /// every one of its instants again (a thousand slices: twenty minutes).
    private func keep(_ snapshot: Snapshot, at time: Double) -> Snapshot {
        if cache.count >= Self.cacheCount || cachedWeight + snapshot.weight > Self.cacheWeight {
            let kept = cache.values.sorted { $0.lastUse > $1.lastUse }
            var weight = 0, newest = Set<ObjectIdentifier>()
            for old in kept.prefix(Self.cacheCount / 2) {
                guard weight + old.weight <= Self.cacheWeight / 2 else { break }
                weight += old.weight
                newest.insert(ObjectIdentifier(old))
            }
            cache.removeAll { !newest.contains(ObjectIdentifier($0)) }
            cachedWeight = weight
        }
        uses += 1
        snapshot.lastUse = uses
        cache.insert(snapshot, at: time)
        cachedWeight += snapshot.weight
        last = (time, snapshot)
        return snapshot
    }

    /// A sampler for another thread: the snapshots kept and the slots numbered so far, shared with
    /// this one (copies of its tables), and a presentation, cache and numbering of its own from then
    /// on. Both make equal snapshots of an instant (a pure function of its time); a layer first met
    /// after the fork may get another slot in each, which is why slots never reach the output.
    func fork() -> Sampler {
        let copy = Sampler(scene, outlines: outlines)
        copy.cache = cache
        copy.cachedWeight = cachedWeight
        copy.last = last
        copy.slots = slots
        copy.ids = ids
        copy.walked = walked
        return copy
    }

    /// Makes the snapshots of `times` ahead, the scene evaluated on `jobs` threads, and keeps them:
    /// the snapshots `at` would make, numbered and kept in the order of `times` (so the layers get the
    /// slots they would get), with the engine's work (each instant's presentation and render nodes)
    /// shared between cores. An instant is a pure function of its time, and each thread walks a
    /// contiguous run of the instants, sorted, with a retained presentation of its own.
    ///
    /// Instants already kept are skipped. Nothing is made ahead for one thread, for fewer than 32
    /// instants, or when the snapshots would fill more than a quarter of the cache (their memory
    /// estimated from the first instant's, which is made here first): `at` then makes them on demand.
    func prefetch(_ times: [Double], jobs: Int) {
        guard jobs > 1, times.count >= 32 else { return }
        var wanted: [Double] = [], seen = Set<UInt64>()
        for t in times where cache.snapshot(at: t) == nil && seen.insert(InstantTable.key(t)).inserted { wanted.append(t) }
        guard wanted.count >= 32 else { return }
        let first = at(wanted.removeFirst())
        guard max(first.weight, 1) * wanted.count <= Self.cacheWeight / 4, cache.count + wanted.count < Self.cacheCount / 4 else { return }
        let sorted = wanted.indices.sorted { wanted[$0] < wanted[$1] }
        let threads = min(jobs, sorted.count / 16), scene = self.scene, expected = ids.count, outlines = self.outlines
        let results = UnsafeMutableBufferPointer<Snapshot.Walked?>.allocate(capacity: wanted.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        let shared = SharedResults(results: results, times: wanted, sorted: sorted)
        // Each thread writes only the results of its own instants.
        DispatchQueue.concurrentPerform(iterations: threads) { k in
            let presentation = RetainedPresentation(scene: scene)
            let range = (shared.sorted.count * k / threads)..<(shared.sorted.count * (k + 1) / threads)
            for i in shared.sorted[range] {
                shared.results[i] = Snapshot.walk(presentation.tree(at: shared.times[i]), expecting: expected, outlines: outlines)
            }
        }
        for i in wanted.indices {
            _ = keep(Snapshot(results[i].take()!, slots: self), at: wanted[i])
        }
    }
}

/// The instants a prefetch's threads walk and the slots they fill, as the threads are handed them
/// (each writes the slots of its own instants only).
private struct SharedResults: @unchecked Sendable {
    let results: UnsafeMutableBufferPointer<Snapshot.Walked?>
    let times: [Double]
    let sorted: [Int]
}
