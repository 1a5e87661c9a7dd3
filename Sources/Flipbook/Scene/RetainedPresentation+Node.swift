extension RetainedPresentation {
    /// One layer's presentation and what it was made from, with its sublayers' nodes: the model's
    /// sublayers first, then the derived ones (as in the presentation copy).
    ///
    /// How it takes its component's derived sublayers is in `RetainedPresentation+Derived.swift`; the
    /// state both files write is internal for that, and nothing else in the module writes it.
    ///
    /// Its state is read and written without run-time exclusivity checks (`@exclusivity(unchecked)`):
    /// a node serves one presentation on one thread, and no access to its state overlaps another
    /// (each method reads and writes its own fields in turn; the checks cost more than the reads, as
    /// for the compiler's `Sampler`).
    ///
    /// A renderer reads a node through `ownRenderNode`, `withLeafRenderNode`, `isLeaf`, `leafLayer`,
    /// `version`, `ownNodeVersion` and `forEachSublayerInDrawingOrder`; a node outlives the instant it
    /// was read at only as long as the renderer keeps it (a kept node is never reused for another
    /// layer).
    public final class Node {
        /// The layer presented: a model layer, or a derived sublayer as its component made it.
        @exclusivity(unchecked) var source: Layer
        /// `source.presentation(atParentTime:)` at the last instant, but for its sublayers while
        /// `sublayersStale` (`presentedLayer` brings them up to date).
        @exclusivity(unchecked) var presented: Layer
        /// Whether `presented.sublayers` lags behind the sublayers' nodes. The render tree reads the
        /// nodes, not the presented sublayers, so an instant that only renders does not copy the
        /// presented layers along every changed path; a component's derivation or `presentation(at:)`
        /// brings them up to date first.
        @exclusivity(unchecked) private var sublayersStale = false
        @exclusivity(unchecked) var sublayers: [Node]
        /// For each animation of `source`, the index in `source.properties` of the property it sets,
        /// when every one is a single-key animation (`Animation.singleKey`) of a property the model
        /// sets, at an index below 64: an instant then changes those entries of the model's values alone,
        /// and they are computed and written into the presented table in place (`applyInPlace`). Nil
        /// otherwise: the animations are applied to a copy of the model's table.
        @exclusivity(unchecked) var animatedEntries: [Int]?
        /// For a type with `derivationParts`: how many of the derived sublayers each part made, in
        /// order; empty otherwise.
        @exclusivity(unchecked) var partCounts: [Int]
        /// `presented.renderBase()` (nil when hidden), valid while `hasBase`: kept while no base property
        /// changes, so that a leaf whose drawing changes (a ring gauge's value arc) is drawn on it.
        @exclusivity(unchecked) private var base: RenderBase?
        @exclusivity(unchecked) private var hasBase = false
        /// `presented.renderNodeWithoutChildren()` (nil when hidden), valid while `hasOwnNode`.
        /// (Flags, not a double optional: `RenderNode??` is copied through run-time witnesses.)
        @exclusivity(unchecked) private var ownNode: RenderNode?
        @exclusivity(unchecked) private var hasOwnNode = false
        /// An object a renderer keeps for this node's own render node (the animated compiler's shared
        /// copy of it), dropped with it (`forgetOwnNode`) and with this node. Default nil.
        @exclusivity(unchecked) package var keptWithOwnNode: AnyObject?
        /// `presented.renderNode()`, valid while `hasTree`.
        @exclusivity(unchecked) private var tree: RenderNode?
        @exclusivity(unchecked) private var hasTree = false
        /// Counts the changes of this node's own values: a node whose `version` is the one a renderer
        /// saw has the same `ownRenderNode` (and, for a leaf, the same `leafLayer`) as then.
        package var version: Int { valueChanges }
        /// Counts the times the own render node was dropped: a node whose `ownNodeVersion` is the one a
        /// renderer saw has the same `ownRenderNode` as then, even where its values changed (a ring
        /// gauge's group stays as its fraction moves).
        package var ownNodeVersion: Int { ownNodeDrops }
        // The counters behind `version` and `ownNodeVersion`. (Read through getters: a renderer in
        // another module read the stored properties with a run-time exclusivity check each time.)
        @exclusivity(unchecked) var valueChanges = 0
        @exclusivity(unchecked) private var ownNodeDrops = 0

        /// Builds the node of `source` at `parentTime` from nothing.
        init(_ source: Layer, parentTime: Double) {
            let local = source.timing.layerLocalTime(parentTime)
            var copy = source
            if !source.animations.isEmpty {
                var values = source.properties
                for keyed in source.animations { keyed.animation.apply(to: &values, parentTime: local) }
                copy.properties = values
                copy.animations = []
            }
            var nodes = source.sublayers.map { Node($0, parentTime: local) }
            if !nodes.isEmpty { copy.sublayers = nodes.map(\.presented) }
            var derived: [Layer] = []
            var counts: [Int] = []
            if source.type.derivesSublayers {
                let parts = source.type.derivationParts
                if parts.isEmpty {
                    derived = source.type.behavior.derivedSublayers(copy)
                } else {
                    for part in parts {
                        let made = part.derive(copy)
                        counts.append(made.count)
                        derived += made
                    }
                }
            }
            if !derived.isEmpty {
                copy.sublayers.reserveCapacity(copy.sublayers.count + derived.count)
                for sublayer in derived {
                    let node = Node(sublayer, parentTime: local)
                    nodes.append(node)
                    copy.sublayers.append(node.presented)
                }
            }
            self.source = source
            presented = copy
            sublayers = nodes
            partCounts = counts
            animatedEntries = Self.animatedEntries(of: source)
        }

        /// `animatedEntries` for `source`.
        private static func animatedEntries(of source: Layer) -> [Int]? {
            guard !source.animations.isEmpty else { return nil }
            var entries: [Int] = []
            entries.reserveCapacity(source.animations.count)
            for keyed in source.animations {
                guard let name = keyed.animation.singleKey, let index = source.properties.index(of: name), index < 64 else { return nil }
                entries.append(index)
            }
            return entries
        }

        /// The values at `local` of the entries in `entries` (`animatedEntries`), each the model's
        /// value under the animations that set it, in their order (what applying every animation to the
        /// model's table gives that entry: each reads only the value below it on its own key), written
        /// into the presented table where they differ from its values; returns the entries written, as
        /// `PropertyTable.changedEntries` would mark them. (Applying the animations to a copy of the
        /// model's table copied the table at every instant, and freed the last one.)
        private func applyInPlace(_ entries: [Int], parentTime local: Double) -> UInt64 {
            var changed: UInt64 = 0
            source.animations.withUnsafeBufferPointer { animations in
                for a in animations.indices where !entries[..<a].contains(entries[a]) {
                    let entry = entries[a]
                    var value = source.properties.value(at: entry)
                    for b in a..<animations.count where entries[b] == entry {
                        if let over = animations[b].animation.value(over: value, parentTime: local) { value = over }
                    }
                    if presented.properties.replaceValue(at: entry, with: value) { changed |= 1 << UInt64(entry) }
                }
            }
            return changed
        }

        /// Brings the node to `parentTime` for its own `source` (the model is the same between two timed
        /// changes, and a derived sublayer found equal to the source is kept as `presentsAgain` says);
        /// returns whether the presentation changed.
        ///
        /// It reads `source` in place, field by field: passing the layer as an argument copied it (its
        /// id, tables and lists retained and released) for every node at every instant.
        @discardableResult
        func update(parentTime: Double) -> Bool {
            // A leaf without animations presents its source at every instant (its source changes only
            // by `adopt`, `refresh` and `replace`, which tell its version themselves): a ring gauge's
            // track, every frame.
            if sublayers.isEmpty && source.animations.isEmpty { return false }
            let local = source.timing.layerLocalTime(parentTime)
            var values: PropertyTable
            // The entries that changed (`PropertyTable.changedEntries`); nil when anything may have.
            var changed: UInt64? = 0
            var presentedHoldsValues = false
            if let entries = animatedEntries, presented.properties.count == source.properties.count {
                // The presented table is the model's with the animated entries changed: those alone
                // are computed, in place.
                changed = applyInPlace(entries, parentTime: local)
                values = presented.properties
                presentedHoldsValues = true
            } else if !source.animations.isEmpty {
                values = source.properties
                source.animations.withUnsafeBufferPointer { animations in
                    for index in animations.indices { animations[index].animation.apply(to: &values, parentTime: local) }
                }
                changed = values.changedEntries(from: presented.properties)
            } else {
                values = presented.properties
            }
            let valuesChanged = changed != 0
            let modelCount = source.sublayers.count
            let sublayersChanged = updateSublayers(0..<modelCount, parentTime: local)
            var derivedChanged = false
            // (A type that never derives has no derived sublayers to update.)
            let parts = source.type.derivationParts
            if valuesChanged && !parts.isEmpty {
                derivedChanged = updateParts(parts, values: values, changed: changed, modelCount: modelCount, parentTime: local,
                                             presentedHoldsValues: presentedHoldsValues)
            } else if (valuesChanged || sublayersChanged) && source.type.derivesSublayers && parts.isEmpty {
                // The component sees its presented values and sublayers, as in `presentation(atParentTime:)`.
                var input = derivationInput(values)
                if modelCount > 0 { input.sublayers = sublayers[..<modelCount].map(\.presentedLayer) }
                let derived = source.type.behavior.derivedSublayers(input)
                derivedChanged = adopt(derived, replacing: modelCount..<sublayers.count, parentTime: local)
            } else {
                derivedChanged = updateSublayers(modelCount..<sublayers.count, parentTime: local)
            }
            guard valuesChanged || sublayersChanged || derivedChanged else { return false }
            if valuesChanged {
                // A type that draws nothing has the same own node while its base properties stay (its
                // own, such as a ring gauge's fraction, reach only its derived sublayers).
                let baseChanged = changed.map { values.anyEntry(in: $0, hasCodeIn: Layer.basePropertyCodes) } ?? true
                if baseChanged { forgetBase() }
                if !(hasOwnNode && source.type.drawsNothing && !baseChanged) { forgetOwnNode() }
                presented.properties = values
                valueChanges += 1
            }
            sublayersStale = true
            forgetTree()
            return true
        }

        /// Brings the sublayers' nodes at `range` to `local`, each from its own source; returns whether
        /// any changed.
        func updateSublayers(_ range: Range<Int>, parentTime local: Double) -> Bool {
            var changed = false
            for index in range where sublayers[index].update(parentTime: local) { changed = true }
            return changed
        }

        /// Drops the own render node, if one was made. (Only then: assigning nil to the optional
        /// destroyed its old value through run-time witnesses, even a nil one.)
        func forgetOwnNode() {
            ownNodeDrops += 1
            if keptWithOwnNode != nil { keptWithOwnNode = nil }
            guard hasOwnNode else { return }
            hasOwnNode = false
            ownNode = nil
        }

        /// Drops the render base, if one was made.
        func forgetBase() {
            guard hasBase else { return }
            hasBase = false
            base = nil
        }

        /// Drops the render tree, if one was made.
        func forgetTree() {
            guard hasTree else { return }
            hasTree = false
            tree = nil
        }

        /// `source.presentation(atParentTime:)` at the last instant, sublayers included.
        var presentedLayer: Layer {
            if sublayersStale {
                presented.sublayers = sublayers.map(\.presentedLayer)
                sublayersStale = false
            }
            return presented
        }

        /// `presented.renderNodeWithoutChildren()`: this layer's own render node, nil when hidden; kept,
        /// and made again only after its values change.
        public var ownRenderNode: RenderNode? {
            if !hasOwnNode {
                ownNode = madeOwnRenderNode()
                hasOwnNode = true
            }
            return ownNode
        }

        /// `body` called with `presented.renderNodeWithoutChildren()` made again, not kept, when the
        /// layer is not hidden: what a renderer that keeps a leaf's output, not its node, asks when the
        /// leaf changed. The node is handed over where it is made (returned through an optional, its
        /// 232 bytes were copied at each step).
        public func withLeafRenderNode(_ body: (RenderNode) -> Void) {
            if hasRenderBase() { body(Self.renderNode(of: &presented, base: &base)) }
        }

        /// `presented.renderNodeWithoutChildren()`, made on the base kept while no base property changed
        /// (`Layer.renderBase`).
        private func madeOwnRenderNode() -> RenderNode? {
            hasRenderBase() ? Self.renderNode(of: &presented, base: &base) : nil
        }

        /// Whether the presented layer has a render base (it is not hidden), made if none is kept.
        private func hasRenderBase() -> Bool {
            if !hasBase {
                base = presented.renderBase()
                hasBase = true
            }
            return base != nil
        }

        /// `layer.renderNode(base: base!)`, with both read where they are stored: a method called on the
        /// node's stored layer copied it first (its id, tables and lists retained, then released).
        private static func renderNode(of layer: inout Layer, base: inout RenderBase?) -> RenderNode {
            layer.renderNode(base: base!)
        }

        /// Whether the presented layer has no sublayers (model or derived).
        public var isLeaf: Bool { sublayers.isEmpty }

        /// The presented layer of a leaf (`isLeaf`), as `presentation(at:)` holds it.
        public var leafLayer: Layer { presented }

        /// Calls `body` with each sublayer's node in drawing order (by zPosition, equal ones in order).
        public func forEachSublayerInDrawingOrder(_ body: (Node) -> Void) {
            Layer.forEachIndexInDrawingOrder(count: sublayers.count, isMask: { sublayers[$0].source.isMask },
                                             depth: { sublayers[$0].presented[.zPosition] }) { body(sublayers[$0]) }
        }

        /// The mask's node (`Layer.mask`), nil for none.
        public var maskNode: Node? { sublayers.last { $0.source.isMask } }

        /// Calls `body` with the own render node (`ownRenderNode`) of each layer of this subtree that is
        /// drawn: hidden layers and their sublayers left out, sublayers in drawing order, a layer's mask
        /// after its sublayers, as the animated compiler's snapshots walk it (and `LayerAlone` answers).
        public func forEachOwnRenderNode(_ body: (RenderNode) -> Void) {
            guard let own = ownRenderNode else { return }
            body(own)
            forEachSublayerInDrawingOrder { $0.forEachOwnRenderNode(body) }
            maskNode?.forEachOwnRenderNode(body)
        }

        /// The render tree of the mask (`RenderNode.mask`: one that draws nothing when the mask is
        /// hidden), nil for none.
        public var maskRenderTree: RenderNode? { maskNode.map { $0.renderTree() ?? .nothing(id: $0.source.id) } }
        /// How the mask masks the layer (`Layer.maskMode`).
        public var maskMode: MaskMode { source.maskMode }

        /// Whether `renderTree()` gives the tree it gave last, without building anything: nothing
        /// in this subtree changed since.
        var keepsRenderTree: Bool { hasTree }

        /// `presented.renderNode()`, from the nodes kept where nothing changed.
        func renderTree() -> RenderNode? {
            if hasTree { return tree }
            hasTree = true
            guard var node = ownRenderNode else {
                tree = nil
                return nil
            }
            if !sublayers.isEmpty {
                node.children.reserveCapacity(sublayers.count)
                forEachSublayerInDrawingOrder { sublayer in
                    if let child = sublayer.renderTree() { node.children.append(child) }
                }
                node.mask = maskRenderTree
                node.maskMode = maskMode
            }
            tree = node
            return node
        }
    }
}
