/// How a retained node takes its component's derived sublayers: the parts whose properties changed are
/// derived again, a part of one sublayer is refreshed in place, and new derived layers are adopted by
/// the nodes that presented the last ones.
extension RetainedPresentation.Node {
    /// Derives again the parts (`derivationParts`) that read an entry in `changed` (all of them when
    /// it is nil) from `values`, and brings the others' nodes to `local`; returns whether a derived
    /// sublayer changed. Parts read values alone, never sublayers: a part whose values stay keeps
    /// its nodes.
    ///
    /// When `presentedHoldsValues` (the presented table is `values`, as after `applyInPlace`), the
    /// presented layer itself is the parts' input: it has the source's id, type and timing, no
    /// animations, and `values`, which is all a part may read (`DerivationPart`); its sublayers, which
    /// no part reads, are the presented ones. Else the input is `derivationInput(values)`, a copy.
    func updateParts(_ parts: [DerivationPart], values: PropertyTable, changed: UInt64?, modelCount: Int,
                     parentTime local: Double, presentedHoldsValues: Bool) -> Bool {
        func derivesAgain(_ part: DerivationPart) -> Bool {
            changed.map { values.anyEntry(in: $0, hasCodeIn: part.codes) } ?? true
        }
        guard parts.contains(where: derivesAgain) else { return updateSublayers(modelCount..<sublayers.count, parentTime: local) }
        if presentedHoldsValues {
            return updateParts(parts, from: &presented, derivesAgain: derivesAgain, modelCount: modelCount, parentTime: local)
        }
        var input = derivationInput(values)
        return updateParts(parts, from: &input, derivesAgain: derivesAgain, modelCount: modelCount, parentTime: local)
    }

    /// `updateParts` with the input made once, read where it is stored (`inout`, never written: an
    /// optional unwrapped at each part's call, or the node's stored layer passed as an argument,
    /// copied the layer).
    fileprivate func updateParts(_ parts: [DerivationPart], from input: inout Layer, derivesAgain: (DerivationPart) -> Bool,
                                 modelCount: Int, parentTime local: Double) -> Bool {
        var derivedChanged = false
        var start = modelCount
        for p in parts.indices {
            let range = start..<(start + partCounts[p])
            if !derivesAgain(parts[p]) {
                if updateSublayers(range, parentTime: local) { derivedChanged = true }
                start = range.upperBound
                continue
            }
            if parts[p].refresh != nil, partCounts[p] == 1,
               let changed = sublayers[range.lowerBound].refresh(by: parts[p], from: input) {
                if changed { derivedChanged = true }
                start = range.upperBound
                continue
            }
            let derived = parts[p].derive(input)
            partCounts[p] = derived.count
            start += derived.count
            if adopt(derived, replacing: range, parentTime: local) { derivedChanged = true }
        }
        return derivedChanged
    }

    /// `source` with the presented `values` and no animations: what a component derives from.
    /// (Read in place: passing `source` as an argument copied it once more.)
    func derivationInput(_ values: PropertyTable) -> Layer {
        var layer = source
        layer.properties = values
        if !layer.animations.isEmpty { layer.animations = [] }
        return layer
    }

    /// Puts in place of the nodes at `old`, a range of `sublayers`, a node for each of `derived` (a
    /// component's new derived sublayers), reusing the old nodes, position by position, where they
    /// present the same layer or can take its values; returns whether anything changed. The nodes
    /// are replaced in place (no new list) when there are as many as before.
    func adopt(_ derived: consuming [Layer], replacing old: Range<Int>, parentTime local: Double) -> Bool {
        if derived.count != old.count {
            // Another count: build the range's nodes anew, then put them in its place.
            var nodes: [RetainedPresentation.Node] = []
            nodes.reserveCapacity(derived.count)
            for (j, sublayer) in derived.enumerated() {
                if j < old.count, case let node = sublayers[old.lowerBound + j], node.adopt(sublayer, parentTime: local) != nil {
                    nodes.append(node)
                } else {
                    nodes.append(RetainedPresentation.Node(sublayer, parentTime: local))
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
                sublayers[index] = RetainedPresentation.Node(sublayer, parentTime: local)
                changed = true
            }
        }
        return changed
    }

    /// Brings this node to `sublayer`, the derived sublayer that replaces its source, when it can:
    /// updated when it presents the same layer again, or taking its values; returns whether the
    /// node changed, or nil when it can do neither (a new node must present `sublayer`).
    fileprivate func adopt(_ sublayer: consuming Layer, parentTime local: Double) -> Bool? {
        if presentsAgain(sublayer) { return update(parentTime: local) }
        guard takes(sublayer) else { return nil }
        replace(with: sublayer)
        return true
    }

    /// Brings this node, which presents the one sublayer of a part with `refresh`, to what the part
    /// makes from `input`, in place (`DerivationPart.refresh`); returns whether its values changed,
    /// or nil when it cannot (a node with sublayers or animations, or of a type that derives, does
    /// not present its source as it is: the part derives and `adopt` takes the new layer).
    ///
    /// Debug builds check the part's promise at every refresh: the sublayer refreshed is the one the part
    /// derives from `input` (a refresh that set a value only for some inputs would leave a stale one).
    fileprivate func refresh(by part: DerivationPart, from input: Layer) -> Bool? {
        guard let refresh = part.refresh, sublayers.isEmpty, source.animations.isEmpty, !source.type.derivesSublayers else {
            return nil
        }
        // The presented layer is the source and shares its table: it lets go, so that the source's
        // table is written in place, not copied.
        presented.properties = PropertyTable()
        source.properties.changes = 0
        refresh(input, &source)
        assert(Self.isOnlySublayer(source, of: part.derive(input)),
               "DerivationPart.refresh must set the same properties in the same order from every input, and change nothing else (\(source.id))")
        if source.sublayers.isEmpty && source.animations.isEmpty && source.type.declaredDefaults === presented.type.declaredDefaults
            && source.timing == presented.timing && source.id == presented.id {
            // Only the values changed, as the part promises: the presented layer takes them (the whole
            // layer copied retained and released each of its fields, every frame).
            presented.properties = source.properties
        } else {
            presented = source
        }
        guard source.properties.changes != 0 else { return false }
        ownValuesChanged(baseToo: source.properties.anyChange(hasCodeIn: Layer.basePropertyCodes))
        return true
    }

    /// Whether `layer` is the one layer of `derived`: equal, with its values bit for bit and in the same
    /// order (`isUnchanged`).
    private static func isOnlySublayer(_ layer: Layer, of derived: [Layer]) -> Bool {
        derived.count == 1 && layer.properties.isUnchanged(from: derived[0].properties) && layer == derived[0]
    }

    /// Whether this node can present `sublayer` by taking its values: both are leaves of the same
    /// id, type and timing that never derive sublayers and have no animations, so the presentation
    /// of either is the layer itself.
    fileprivate func takes(_ sublayer: Layer) -> Bool {
        sublayers.isEmpty && sublayer.sublayers.isEmpty && source.animations.isEmpty && sublayer.animations.isEmpty
            && !source.type.derivesSublayers && source.id == sublayer.id && source.type == sublayer.type
            && source.timing == sublayer.timing
    }

    /// Presents `sublayer` (which `takes` accepts) from now on: what `Node(sublayer, parentTime:)`
    /// would hold, in this node, with its version moved on.
    fileprivate func replace(with sublayer: consuming Layer) {
        presented = sublayer
        source = consume sublayer
        animatedEntries = nil   // (`takes` admits layers without animations only)
        ownValuesChanged(baseToo: true)
    }

    /// Drops what was made from this node's own values (its render base too when `baseToo`) and moves
    /// its version on, after its source took other values.
    fileprivate func ownValuesChanged(baseToo: Bool) {
        if baseToo { forgetBase() }
        forgetOwnNode()
        forgetTree()
        valueChanges += 1
    }

    /// Whether derived sublayer `b` is this node's source again (`Layer.isUnchanged(from:)`).
    fileprivate func presentsAgain(_ b: Layer) -> Bool {
        source.isUnchanged(from: b)
    }
}
