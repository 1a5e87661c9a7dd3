extension RetainedPresentation {
    /// One layer's presentation and what it was made from, with its sublayers' nodes: the model's
    /// sublayers first, then the derived ones (as in the presentation copy).
    ///
    /// Its state is read and written without run-time exclusivity checks (`@exclusivity(unchecked)`):
    /// a node serves one presentation on one thread, and no access to its state overlaps another
    /// (each method reads and writes its own fields in turn; the checks cost more than the reads, as
    /// for the compiler's `Sampler`).
    ///
    /// A renderer reads a node through `ownRenderNode`, `isLeaf`, `leafLayer`, `version`,
    /// `ownNodeVersion` and `forEachSublayerInDrawingOrder`; a node outlives the instant it was read at
    /// only as long as the renderer keeps it (a kept node is never reused for another layer).
    public final class Node {
        /// The layer presented: a model layer, or a derived sublayer as its component made it.
        @exclusivity(unchecked) private(set) var source: Layer
        /// `source.presentation(atParentTime:)` at the last instant, but for its sublayers while
        /// `sublayersStale` (`presentedLayer` brings them up to date).
        @exclusivity(unchecked) private(set) var presented: Layer
        /// Whether `presented.sublayers` lags behind the sublayers' nodes. The render tree reads the
        /// nodes, not the presented sublayers, so an instant that only renders does not copy the
        /// presented layers along every changed path; a component's derivation or `presentation(at:)`
        /// brings them up to date first.
        @exclusivity(unchecked) private var sublayersStale = false
        @exclusivity(unchecked) private var sublayers: [Node]
        /// For each animation of `source`, the index in `source.properties` of the property it sets,
        /// when every one is a single-key animation (`Animation.singleKey`) of a property the model
        /// sets, at an index below 64: an instant then changes those entries of the model's values alone,
        /// and they are computed and written into the presented table in place (`applyInPlace`). Nil
        /// otherwise: the animations are applied to a copy of the model's table.
        @exclusivity(unchecked) private var animatedEntries: [Int]?
        /// For a type with `derivationParts`: how many of the derived sublayers each part made, in
        /// order; empty otherwise.
        @exclusivity(unchecked) private var partCounts: [Int]
        /// `presented.renderBase()` (nil when hidden), valid while `hasBase`: kept while no base property
        /// changes, so that a leaf whose drawing changes (a ring gauge's value arc) is drawn on it.
        @exclusivity(unchecked) private var base: RenderBase?
        @exclusivity(unchecked) private var hasBase = false
        /// `presented.renderNodeWithoutChildren()` (nil when hidden), valid while `hasOwnNode`.
        /// (Flags, not a double optional: `RenderNode??` is copied through run-time witnesses.)
        @exclusivity(unchecked) private var ownNode: RenderNode?
        @exclusivity(unchecked) private var hasOwnNode = false
        /// `presented.renderNode()`, valid while `hasTree`.
        @exclusivity(unchecked) private var tree: RenderNode?
        @exclusivity(unchecked) private var hasTree = false
        /// Counts the changes of this node's own values: a node whose `version` is the one a renderer
        /// saw has the same `ownRenderNode` (and, for a leaf, the same `leafLayer`) as then.
        public var version: Int { valueChanges }
        /// Counts the times the own render node was dropped: a node whose `ownNodeVersion` is the one a
        /// renderer saw has the same `ownRenderNode` as then, even where its values changed (a ring
        /// gauge's group stays as its fraction moves).
        public var ownNodeVersion: Int { ownNodeDrops }
        // The counters behind `version` and `ownNodeVersion`. (Read through getters: a renderer in
        // another module read the stored properties with a run-time exclusivity check each time.)
        @exclusivity(unchecked) private var valueChanges = 0
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
            let local = source.timing.layerLocalTime(parentTime)
            var values: PropertyTable
            // The entries that changed (`PropertyTable.changedEntries`); nil when anything may have.
            var changed: UInt64? = 0
            if let entries = animatedEntries, presented.properties.count == source.properties.count {
                // The presented table is the model's with the animated entries changed: those alone
                // are computed, in place.
                changed = applyInPlace(entries, parentTime: local)
                values = presented.properties
            } else if !source.animations.isEmpty {
                values = source.properties
                // Each animation read where the list holds it (a `for` loop copied each one out).
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
                derivedChanged = updateParts(parts, values: values, changed: changed, modelCount: modelCount, parentTime: local)
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
        private func updateSublayers(_ range: Range<Int>, parentTime local: Double) -> Bool {
            var changed = false
            for index in range where sublayers[index].update(parentTime: local) { changed = true }
            return changed
        }

        /// Derives again the parts (`derivationParts`) that read an entry in `changed` (all of them when
        /// it is nil) from `values`, and brings the others' nodes to `local`; returns whether a derived
        /// sublayer changed. Parts read values alone, never sublayers: a part whose values stay keeps
        /// its nodes.
        private func updateParts(_ parts: [DerivationPart], values: PropertyTable, changed: UInt64?, modelCount: Int,
                                 parentTime local: Double) -> Bool {
            func derivesAgain(_ part: DerivationPart) -> Bool {
                changed.map { values.anyEntry(in: $0, hasCodeIn: part.codes) } ?? true
            }
            guard parts.contains(where: derivesAgain) else { return updateSublayers(modelCount..<sublayers.count, parentTime: local) }
            return updateParts(parts, from: derivationInput(values), derivesAgain: derivesAgain, modelCount: modelCount, parentTime: local)
        }

        /// `updateParts` with the input made once (passed on: an optional unwrapped at each part's
        /// call copied the layer).
        private func updateParts(_ parts: [DerivationPart], from input: Layer, derivesAgain: (DerivationPart) -> Bool,
                                 modelCount: Int, parentTime local: Double) -> Bool {
            var derivedChanged = false
            var start = modelCount
            for (p, part) in parts.enumerated() {
                let range = start..<(start + partCounts[p])
                if !derivesAgain(part) {
                    if updateSublayers(range, parentTime: local) { derivedChanged = true }
                    start = range.upperBound
                    continue
                }
                if let refresh = part.refresh, partCounts[p] == 1, let changed = sublayers[range.lowerBound].refresh(refresh, from: input) {
                    if changed { derivedChanged = true }
                    start = range.upperBound
                    continue
                }
                let derived = part.derive(input)
                partCounts[p] = derived.count
                start += derived.count
                if adopt(derived, replacing: range, parentTime: local) { derivedChanged = true }
            }
            return derivedChanged
        }

        /// `source` with the presented `values` and no animations: what a component derives from.
        /// (Read in place: passing `source` as an argument copied it once more.)
        private func derivationInput(_ values: PropertyTable) -> Layer {
            var layer = source
            layer.properties = values
            if !layer.animations.isEmpty { layer.animations = [] }
            return layer
        }

        /// Puts in place of the nodes at `old`, a range of `sublayers`, a node for each of `derived` (a
        /// component's new derived sublayers), reusing the old nodes, position by position, where they
        /// present the same layer or can take its values; returns whether anything changed. The nodes
        /// are replaced in place (no new list) when there are as many as before.
        private func adopt(_ derived: consuming [Layer], replacing old: Range<Int>, parentTime local: Double) -> Bool {
            if derived.count != old.count {
                // Another count: build the range's nodes anew, then put them in its place.
                var nodes: [Node] = []
                nodes.reserveCapacity(derived.count)
                for (j, sublayer) in derived.enumerated() {
                    if j < old.count, case let node = sublayers[old.lowerBound + j], node.adopt(sublayer, parentTime: local) != nil {
                        nodes.append(node)
                    } else {
                        nodes.append(Node(sublayer, parentTime: local))
                    }
                }
                sublayers.replaceSubrange(old, with: nodes)
                return true
            }
            // Position by position, last first: each layer is moved out of the list, not copied.
            var changed = false
            var layers = derived
            while let sublayer = layers.popLast() {
                let index = old.lowerBound + layers.count
                switch sublayers[index].adopt(sublayer, parentTime: local) {
                case .some(let nodeChanged): if nodeChanged { changed = true }
                case .none:
                    sublayers[index] = Node(sublayer, parentTime: local)
                    changed = true
                }
            }
            return changed
        }

        /// Brings this node to `sublayer`, the derived sublayer that replaces its source, when it can:
        /// updated when it presents the same layer again, or taking its values; returns whether the
        /// node changed, or nil when it can do neither (a new node must present `sublayer`).
        private func adopt(_ sublayer: consuming Layer, parentTime local: Double) -> Bool? {
            if presentsAgain(sublayer) { return update(parentTime: local) }
            guard takes(sublayer) else { return nil }
            replace(with: sublayer)
            return true
        }

        /// Brings this node, which presents the one sublayer of a part with `refresh`, to what the part
        /// makes from `input`, in place (`DerivationPart.refresh`); returns whether its values changed,
        /// or nil when it cannot (a node with sublayers or animations, or of a type that derives, does
        /// not present its source as it is: the part derives and `adopt` takes the new layer).
        private func refresh(_ refresh: (Layer, inout Layer) -> Void, from input: Layer) -> Bool? {
            guard sublayers.isEmpty, source.animations.isEmpty, !source.type.derivesSublayers else { return nil }
            // The presented layer is the source and shares its table: it lets go, so that the source's
            // table is written in place, not copied.
            presented.properties = PropertyTable()
            source.properties.changes = 0
            refresh(input, &source)
            presented = source
            let changes = source.properties.changes
            guard changes != 0 else { return false }
            if changes >> 63 != 0 || source.properties.anyEntry(in: changes, hasCodeIn: Layer.basePropertyCodes) { forgetBase() }
            forgetOwnNode()
            forgetTree()
            valueChanges += 1
            return true
        }

        /// Whether this node can present `sublayer` by taking its values: both are leaves of the same
        /// id, type and timing that never derive sublayers and have no animations, so the presentation
        /// of either is the layer itself.
        private func takes(_ sublayer: Layer) -> Bool {
            sublayers.isEmpty && sublayer.sublayers.isEmpty && source.animations.isEmpty && sublayer.animations.isEmpty
                && !source.type.derivesSublayers && source.id == sublayer.id && source.type == sublayer.type
                && source.timing == sublayer.timing
        }

        /// Presents `sublayer` (which `takes` accepts) from now on: what `Node(sublayer, parentTime:)`
        /// would hold, in this node, with its version moved on.
        private func replace(with sublayer: consuming Layer) {
            presented = sublayer
            source = consume sublayer
            animatedEntries = nil   // (`takes` admits layers without animations only)
            forgetBase()
            forgetOwnNode()
            forgetTree()
            valueChanges += 1
        }

        /// Drops the own render node, if one was made. (Only then: assigning nil to the optional
        /// destroyed its old value through run-time witnesses, even a nil one.)
        private func forgetOwnNode() {
            ownNodeDrops += 1
            guard hasOwnNode else { return }
            hasOwnNode = false
            ownNode = nil
        }

        /// Drops the render base, if one was made.
        private func forgetBase() {
            guard hasBase else { return }
            hasBase = false
            base = nil
        }

        /// Drops the render tree, if one was made.
        private func forgetTree() {
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

        /// Whether derived sublayer `b` is this node's source again: the same id, type, timing,
        /// animations and sublayers, and values unchanged bit for bit (`SVGFrameRenderer`'s test for a
        /// leaf). Read in place: a copy of `source` retained and released each of its arrays. (The
        /// renderer's `unchanged` is its twin; one shared `Layer` method copied `source` at this call,
        /// 1.2 M instructions more for the rings' 1,320 SVG frames, so each keeps its own. Change both.)
        private func presentsAgain(_ b: Layer) -> Bool {
            source.properties.isUnchanged(from: b.properties) && source.id == b.id && source.type == b.type
                && source.timing == b.timing && source.animations == b.animations && source.sublayers == b.sublayers
        }

        /// `presented.renderNodeWithoutChildren()`: this layer's own render node, nil when hidden; made
        /// again only after its values change.
        public var ownRenderNode: RenderNode? {
            if !hasOwnNode {
                ownNode = leafRenderNode
                hasOwnNode = true
            }
            return ownNode
        }

        /// `presented.renderNodeWithoutChildren()` made again, on the base kept while no base property
        /// changed (`Layer.renderBase`): what a renderer that keeps a leaf's output, not its node, asks
        /// when the leaf changed.
        public var leafRenderNode: RenderNode? {
            if !hasBase {
                base = presented.renderBase()
                hasBase = true
            }
            guard let base else { return nil }
            return presented.renderNode(base: base)
        }

        /// Whether the presented layer has no sublayers (model or derived).
        public var isLeaf: Bool { sublayers.isEmpty }

        /// The presented layer of a leaf (`isLeaf`), as `presentation(at:)` holds it.
        public var leafLayer: Layer { presented }

        /// Calls `body` with each sublayer's node in drawing order (by zPosition, equal ones in order).
        public func forEachSublayerInDrawingOrder(_ body: (Node) -> Void) {
            Layer.forEachIndexInDrawingOrder(count: sublayers.count, depth: { sublayers[$0].presented[.zPosition] }) { body(sublayers[$0]) }
        }

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
                Layer.forEachIndexInDrawingOrder(count: sublayers.count, depth: { sublayers[$0].presented[.zPosition] }) { index in
                    if let child = sublayers[index].renderTree() { node.children.append(child) }
                }
            }
            tree = node
            return node
        }
    }
}
