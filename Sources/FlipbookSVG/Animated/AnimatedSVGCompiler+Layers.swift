import Flipbook
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Layers: how the compiler writes one layer of the union tree as a group — its presence, opacity,
/// transform components (animated ones as tracks), its clip and its content.
extension AnimatedSVGCompiler.Context {
    mutating func writeNode(_ id: String, children: [String: [String]], into out: inout [AnimatedDocument.Element]) {
        let sampler = self.sampler
        let slot = sampler.slot(id)
        // The node's own tracks and items; its children (below) say for themselves. (Cleared however
        // this returns: what the caller writes next is not this node's.)
        contentIsStatic = slot < staticSlots.count && staticSlots[slot]
        defer { contentIsStatic = false }
        let start = firstTime { $0.has(slot) } ?? 0
        let fallback = sampler.at(start).node(slot)!
        // The node at `t` handed to `body` in place (tracks read one value of it at each instant),
        // and a copy of it.
        func read<R>(_ t: Double, _ body: (borrowing RenderNode) -> R) -> R { sampler.withNode(slot, at: t, body) ?? body(fallback) }
        let node = { (t: Double) -> RenderNode in read(t) { copy $0 } }
        let present0 = sampler.at(0).has(slot)
        let nodeKnots = knots(id), ownerID = owner(of: id)
        var attributes: [AnimatedDocument.Attribute] = [], animations: [AnimatedDocument.Animation] = []

        if !present0 { attributes.append(.init("display", .keyword("none"))) }
        // Presence between the grid's instants (the changes the fit looks for) is read of the layer
        // alone where it can be (`Sampler.withNode`), not of the whole tree.
        animations += discrete(id, "display", knots: grid) { t in .keyword(sampler.withNode(slot, at: t) { _ in true } ?? false ? "inline" : "none") }

        let initial = node(0)
        // Each grid instant's transform parts and whether it clips, read once in place (the tests
        // below look at every instant; a copy of each whole node cost more than the tests).
        let onGrid = grid.map { t in read(t) { $0.parts } }
        let clipsOnGrid = grid.contains { t in read(t) { $0.clip != nil } }
        if initial.opacity < 1 { attributes.append(.init("opacity", .number(initial.opacity))) }
        animations += track(id, "opacity", unit: "", tolerance: color, knots: nodeKnots, owner: ownerID,
                            value: { [read($0) { $0.opacity }] }) { w, k in w.numeric(attribute: "opacity", keys: k, format: .number) }

        // Transform components, outermost first. A rotation or scale error moves a drawn point in
        // proportion to its distance from the pivot, so their bounds come from the farthest point the
        // layer and its sublayers draw, at any observed instant (not from the layer's own size: a
        // 0×0 pivot can carry a dot 90 px away).
        let pivotsMove = onGrid.contains { p in p.rotation != initial.parts.rotation || p.scale != initial.parts.scale || p.matrix != initial.parts.matrix }
        let radius = max(1, pivotsMove ? grid.map { reach(slot, at: $0) }.max() ?? 1 : Double.maximum(initial.parts.anchor.length, 1) * 2)
        let angleTolerance = geometry / radius * 180 / .pi
        let components = TransformComponent.all(geometry: geometry, angleTolerance: angleTolerance, radius: radius)
        let times = grid
        // (Compared as pairs, not arrays: these tests read every component at every grid instant.)
        let used = components.filter { c in onGrid.contains { !c.equal(c.pair($0), c.identity) } }
        let animated = used.filter { c in let v0 = c.pair(initial.parts); return onGrid.contains { !c.equal(c.pair($0), v0) } }
        func list(_ cs: [TransformComponent], at n: RenderNode) -> [AnimatedDocument.TransformStep] {
            cs.map { .component(type: $0.type, values: $0.value(n.parts)) }
        }
        var outerTransform: [AnimatedDocument.TransformStep] = []
        var innerTransform: [AnimatedDocument.TransformStep] = []
        var transformAnimations: [AnimatedDocument.Animation] = []
        if animated.isEmpty {
            // Static: one matrix or translation, as the frame writer writes it.
            let m = initial.transform
            if !m.isIdentity {
                outerTransform = m.a == 1 && m.b == 0 && m.c == 0 && m.d == 1
                    ? [.component(type: "translate", values: [m.tx, m.ty])]
                    : [.matrix(m)]
            }
        } else {
            let firstAnimated = used.firstIndex { c in animated.contains { $0.name == c.name } }!
            let leading = Array(used[..<firstAnimated]), rest = Array(used[firstAnimated...])
            if !leading.isEmpty { outerTransform = list(leading, at: initial) }
            innerTransform = list(rest, at: initial)
            // The matrix's rotation is read in (−180°, 180°]; unwrapped along the observed instants
            // (each instant within half a turn of the one before), 170° → −170° is the 20° it turns,
            // not 340° back.
            let times = grid
            var unwrapped: [Double] = []
            for parts in onGrid {
                let raw = TransformComponents(parts.matrix).rotation.degrees
                unwrapped.append(unwrapped.last.map { raw + 360 * (($0 - raw) / 360).rounded() } ?? raw)
            }
            let matrixRotation = { (t: Double) -> Double in
                let raw = TransformComponents(read(t) { $0.parts.matrix }).rotation.degrees
                var lo = 0, hi = times.count - 1
                while lo < hi { let mid = (lo + hi + 1) / 2; if times[mid] <= t { lo = mid } else { hi = mid - 1 } }
                return raw + 360 * ((unwrapped[lo] - raw) / 360).rounded()
            }
            for (index, c) in rest.enumerated() {
                let additive = index > 0
                let value: (Double) -> [Double] = c.name == "transform.rotate" ? { [matrixRotation($0)] } : { t in read(t) { c.value($0.parts) } }
                let tracks = track(id, c.name, unit: c.type == "rotate" || c.type == "skewX" ? "°" : (c.type == "scale" ? "" : "px"),
                                   tolerance: c.tolerance, knots: nodeKnots, owner: ownerID, value: value) { w, k in
                    w.numeric(attribute: "transform", transformType: c.type, additive: additive, keys: k, format: .numbers)
                }
                transformAnimations += tracks.isEmpty ? [.constantTransform(type: c.type, additive: additive, values: c.value(initial.parts))] : tracks
            }
        }
        // The clip (masksToBounds) animates with the layer's bounds: its rectangle's x, y, width,
        // height and corner radius (rx) are tracks like any other. Where the layer does not clip, the
        // rectangle covers everything.
        let clipAt = { (t: Double) -> [Double] in
            guard let r = read(t, { $0.clip }) else { return [-1e7, -1e7, 2e7, 2e7, 0] }
            return [r.minX, r.minY, r.width, r.height, read(t, { $0.clipCornerRadius })]
        }
        // The clip's rectangle is in the layer's own space: on the group that carries the layer's
        // whole transform (the inner one when the transform animates).
        var clip: [AnimatedDocument.Attribute] = []
        if clipsOnGrid {
            clips += 1
            let r0 = clipAt(0)
            let shaped = grid.contains { t in read(t) { $0.clipCornerRadius > 0 && !$0.clipCorners.isPlain } }
            var shape: AnimatedDocument.Element
            if shaped {
                // Corners a rect cannot draw (some square, or continuous; `CornerStyle`): the outline as
                // a path, its `d` a track like a shape's.
                let outline = { (t: Double) -> Path in read(t) { $0.clipOutline } ?? .rect(Rect(x: -1e7, y: -1e7, width: 2e7, height: 2e7)) }
                let (d, dAnimations) = pathTrack("\(id).clip", path: outline, samples: grid.map(outline), knots: nodeKnots, owner: ownerID)
                shape = AnimatedDocument.Element(.path, attributes: [.init("d", .path(d))], animations: dAnimations)
            } else {
                // The radius is written where the clip is ever rounded (rx alone: ry is rx).
                let names = ["x", "y", "width", "height"] + (times.contains { clipAt($0)[4] > 0 } ? ["rx"] : [])
                shape = AnimatedDocument.Element(.clipRect, attributes: zip(names, r0).map { .init($0, .number($1)) })
                if times.contains(where: { clipAt($0) != r0 }) {
                    for (index, name) in names.enumerated() {
                        shape.animations += track(id, "clip \(name)", unit: "px", tolerance: geometry / 2, knots: nodeKnots, owner: ownerID,
                                                  value: { [clipAt($0)[index]] }) { w, k in
                            w.numeric(attribute: name, keys: k, format: .number)
                        }
                    }
                }
            }
            defs.append(AnimatedDocument.Element(.clipPath, attributes: [.init("id", .keyword("c\(clips)"))], children: [shape]))
            clip = [.init("clip-path", .reference("c\(clips)"))]
        }

        if let maskID = masks[id] {
            // The mask layer written as any layer (its own tracks), inside a `<mask>` whose alpha, or
            // luminance (`mask-type="luminance"`, said so the Lottie writer knows it from a conic
            // paint's), masks the group (as the frame writer's); one that never draws masks
            // everything out, or when inverted (inside the `<mask>` that turns it around:
            // `SVGInvertedMask`) nothing.
            var maskContent: [AnimatedDocument.Element] = []
            let isStatic = contentIsStatic
            writeNode(maskID, children: children, into: &maskContent)
            contentIsStatic = isStatic
            let mode = maskModes[id] ?? .alpha, inverted = mode.isInverted
            if !maskContent.isEmpty {
                clips += 1
                let type: [AnimatedDocument.Attribute] = mode.readsLuminance ? [.init("mask-type", .keyword("luminance"))] : []
                defs.append(AnimatedDocument.Element(.mask, attributes: Self.maskRegion(id: "c\(clips)", alpha: !mode.readsLuminance) + type,
                                                     children: maskContent))
                if inverted {
                    clips += 1
                    defs.append(SVGInvertedMask.element(id: "c\(clips)", inverting: "c\(clips - 1)"))
                }
                clip.append(.init("mask", .reference("c\(clips)")))
            } else if !inverted {
                return
            }
        }

        let (shadow, shadowTracks, shadowElement) = writeShadow(id, read: { t, body in read(t, body) }, knots: nodeKnots, owner: ownerID)
        clip += shadow

        var content: [AnimatedDocument.Element] = []
        if let shadowElement { content.append(shadowElement) }
        writeItems(of: id, node: node, into: &content)
        for i in content.indices { content[i].layer = ownerID }
        contentIsStatic = false
        writeChildren(of: id, children: children, into: &content)
        guard !content.isEmpty else { return }

        var open: [AnimatedDocument.Attribute] = []
        if !outerTransform.isEmpty { open.append(.init("transform", .transform(outerTransform))) }
        if innerTransform.isEmpty {
            open += attributes + clip
            animations += shadowTracks
            if open.isEmpty && animations.isEmpty {
                out += content
            } else {
                var group = AnimatedDocument.Element(.group, attributes: open, animations: animations, children: content)
                group.layer = ownerID
                out.append(group)
            }
        } else {
            var inner = AnimatedDocument.Element(.group, attributes: [.init("transform", .transform(innerTransform))] + clip,
                                                 animations: transformAnimations + shadowTracks, children: content)
            inner.layer = ownerID
            var outer = AnimatedDocument.Element(.group, attributes: open + attributes, animations: animations, children: [inner])
            outer.layer = ownerID
            out.append(outer)
        }
    }
}
