extension SceneCost {
    /// Counts of one render tree.
    struct Tally {
        let canvas: Size
        var layers = 0, derived = 0, elements = 0, stops = 0, text = 0, depth = 0, idBytes = 0, wedgeElements = 0
        /// Dashes drawn, and the outline the coverage walks (canvas pixels).
        var dashes = 0.0, edges = 0.0
        /// Each layer id's items, as hash values (to tell the items that change between instants).
        var itemsByLayer: [String: [Int]] = [:]
        /// The path of each shape item the animated SVG would write as a path morph if it moved (one
        /// with no semantic form, or a wedge's stroke, or a dashed arc), as a hash value.
        var morphPaths: [ItemKey: Int] = [:]
        /// The kinds of those paths' elements in order, as a hash value: a path whose kinds change
        /// between instants is written as a discrete track, not fitted as a morph.
        var morphStructures: [ItemKey: Int] = [:]
        /// Path elements (and gradient stops) of each shape item.
        var elementsByItem: [ItemKey: Int] = [:]
        /// Each layer id's transform, opacity and clip, as a hash value (to tell the layers that move).
        var bases: [String: Int] = [:]
        var texts: Set<ItemKey> = []
        var rows = 0.0, gradient = 0.0, surfaces = 0.0
        /// Each shadow's plane (its drawn box grown by the blur's reach, scene pixels²) and σ in scene pixels.
        var shadows: [SceneCost.ShadowPlane] = []
        var mostElements: (id: String, count: Int)?
        var mostText: (id: String, count: Int)?

        init(canvas: Size) {
            self.canvas = Size(max(canvas.width, 1), max(canvas.height, 1))
        }

        /// Adds `node` and its children; returns the canvas box of what they draw (clamped to the
        /// canvas), nil when nothing.
        /// `within`: the box a mask is drawn in (the masked group's: the raster painter draws no more).
        mutating func add(_ node: RenderNode, depth: Int, transform parent: Transform2D, within: Box? = nil) -> Box? {
            layers += 1
            if node.id.contains(".") { derived += 1 }
            let m = node.transform.concatenating(parent)
            let isolated = node.opacity < 1 || node.clip != nil || node.shadow != nil || node.mask != nil
            let level = depth + (isolated ? 1 : 0)
            self.depth = max(self.depth, level)
            var e = 0, t = 0
            idBytes += node.id.utf8.count
            var hasher = Hasher()
            hasher.combine(node.transform)
            hasher.combine(node.opacity)
            hasher.combine(node.clip)
            hasher.combine(node.clipCornerRadius)
            hasher.combine(node.clipCorners)
            hasher.combine(node.shadow)
            bases[node.id] = hasher.finalize()
            var box: Box?
            if !node.items.isEmpty { itemsByLayer[node.id, default: []] += node.items.map(\.hashValue) }
            for (index, item) in node.items.enumerated() {
                switch item {
                case .shape(let s):
                    // A conic gradient is written as wedges (about five path elements each).
                    let wedges = 5 * ((s.fillGradient.kind == .conic ? s.fillGradient.wedgeCount : 0)
                                      + (s.strokeGradient.kind == .conic ? s.strokeGradient.wedgeCount : 0))
                    e += s.path.elements.count
                    wedgeElements += wedges
                    // (The animated SVG writes a gradient's wedges once, not at each instant it samples.)
                    elementsByItem[ItemKey(id: node.id, index: index)] = s.path.elements.count + s.fillGradient.stops.count + s.strokeGradient.stops.count
                    let morphs = switch s.semantic {
                    case nil: true
                    case .wedge?: s.hasStroke
                    case .arc?: !s.dashPattern.lengths.isEmpty
                    }
                    if morphs {
                        morphPaths[ItemKey(id: node.id, index: index)] = s.path.hashValue
                        var kinds = Hasher()
                        for element in s.path.elements {
                            switch element {
                            case .move: kinds.combine(0)
                            case .line: kinds.combine(1)
                            case .quad: kinds.combine(2)
                            case .cubic: kinds.combine(3)
                            case .arc: kinds.combine(4)
                            case .close: kinds.combine(5)
                            }
                        }
                        morphStructures[ItemKey(id: node.id, index: index)] = kinds.finalize()
                    }
                    guard let b = Self.box(s, m, canvas: canvas).flatMap({ b in within.map(b.intersection) ?? b }) else { continue }
                    rows += b.height + 1
                    // The outline the coverage walks, in canvas pixels: the path for a fill, both sides
                    // of the stroked part for a stroke, and each dash's ends.
                    let unit = abs(m.a * m.d - m.b * m.c).squareRoot()
                    let length = s.path.length * unit
                    var outline = s.fill.alpha > 0 || !s.fillGradient.stops.isEmpty ? length : 0
                    if s.hasStroke {
                        let stroked = s.strokeStart > 0 || s.strokeEnd < 1 ? s.strokedPath.length * unit : length
                        outline += 2 * stroked
                        let period = s.dashPattern.lengths.reduce(0, +) * unit
                        if period > 0 {
                            let count = min(stroked / period, 1e7) * Double(s.dashPattern.lengths.count) / 2
                            dashes += count
                            outline += count * 2 * s.lineWidth * unit
                        }
                    }
                    edges += outline.isFinite ? min(outline, 1e12) : 1e12
                    // A gradient is evaluated at each pixel the paint covers: the box for a fill, the
                    // stroked band (its length times its width) for a stroke.
                    for (g, covered) in [(s.fillGradient, b.area), (s.strokeGradient, min(b.area, s.strokedPath.length * s.lineWidth * unit * unit))]
                        where !g.stops.isEmpty {
                        stops += g.stops.count
                        // A tabulated gradient (the raster painter's table of 4,096) costs its offset
                        // and a lookup a pixel (about two steps); another a bisection of its stops.
                        let steps = g.admitsTable(of: 4096) ? 2 : 1 + Int.bitWidth - g.stops.count.leadingZeroBitCount
                        if covered.isFinite { gradient += covered * Double(steps) }
                    }
                    box = box.map { $0.union(b) } ?? b
                case .text(let x):
                    t += x.string.utf8.count
                    texts.insert(ItemKey(id: node.id, index: index))
                    let size = x.fontSize * abs(m.a * m.d - m.b * m.c).squareRoot()
                    // A glyph's outline is about three times the font size around.
                    if size.isFinite { edges += min(3 * size * Double(x.string.utf8.count), 1e12) }
                    let origin = m.apply(x.origin)
                    if let b = Box(minX: 0, minY: origin.y - size, maxX: canvas.width, maxY: origin.y + size / 3).clamped(to: canvas) {
                        box = box.map { $0.union(b) } ?? b
                    }
                }
            }
            elements += e
            text += t
            if e > (mostElements?.count ?? 0) { mostElements = (node.id, e) }
            if t > (mostText?.count ?? 0) { mostText = (node.id, t) }
            for child in node.children {
                if let b = add(child, depth: level, transform: m, within: within) { box = box.map { $0.union(b) } ?? b }
            }
            // A mask is drawn into a surface of its own over the group's box and multiplies it.
            if let mask = node.mask {
                // Nothing shows where the mask draws nothing.
                let shown = box.flatMap { add(mask, depth: level, transform: m, within: $0) }
                box = shown.flatMap { s in box.flatMap(s.intersection) }
                if let b = box { surfaces += b.area }
            }
            // A group of opacity 0 is not drawn at all (the raster painter skips it): no surface.
            if isolated, node.opacity > 0, let b = box { surfaces += b.area }
            if let shadow = node.shadow, let b = box {
                // The plane the raster painter blurs: what the layer draws, moved and grown by the reach.
                let unit = abs(m.a * m.d - m.b * m.c).squareRoot()
                let sigma = shadow.radius * (unit.isFinite ? unit : 1)
                let grow = 2 * (3 * sigma + 2)
                let area = min((b.maxX - b.minX + grow) * (b.maxY - b.minY + grow), 4 * canvas.width * canvas.height)
                shadows.append(SceneCost.ShadowPlane(area: 2 * area, sigma: sigma))
            }
            return box
        }

        /// A shape's box on the canvas under `m` (its points and control points, grown by the stroke),
        /// clamped to the canvas; nil when outside it. The whole canvas when not finite.
        static func box(_ shape: ShapeDrawing, _ m: Transform2D, canvas: Size) -> Box? {
            var b = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
            shape.path.forEachControlPoint { p in
                let q = m.apply(p)
                b = Box(minX: min(b.minX, q.x), minY: min(b.minY, q.y), maxX: max(b.maxX, q.x), maxY: max(b.maxY, q.y))
            }
            guard b.minX <= b.maxX, b.minY <= b.maxY else {
                return b.minX.isNaN || b.minY.isNaN ? Box(minX: 0, minY: 0, maxX: canvas.width, maxY: canvas.height) : nil
            }
            let grow = shape.hasStroke ? shape.lineWidth * max(shape.miterLimit, 1) * (abs(m.a) + abs(m.b) + abs(m.c) + abs(m.d)) / 2 : 0
            let grown = Box(minX: b.minX - grow, minY: b.minY - grow, maxX: b.maxX + grow, maxY: b.maxY + grow)
            guard grown.minX.isFinite, grown.minY.isFinite, grown.maxX.isFinite, grown.maxY.isFinite else {
                return Box(minX: 0, minY: 0, maxX: canvas.width, maxY: canvas.height)
            }
            return grown.clamped(to: canvas)
        }
    }

    /// An axis-aligned box on the canvas, pixels.
    struct Box {
        var minX, minY, maxX, maxY: Double
        var height: Double { maxY - minY }
        var area: Double { (maxX - minX) * (maxY - minY) }
        func union(_ o: Box) -> Box { Box(minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY)) }
        /// The overlap, nil when none.
        func intersection(_ o: Box) -> Box? {
            let b = Box(minX: max(minX, o.minX), minY: max(minY, o.minY), maxX: min(maxX, o.maxX), maxY: min(maxY, o.maxY))
            return b.minX <= b.maxX && b.minY <= b.maxY ? b : nil
        }
        /// The part on the canvas, nil when none.
        func clamped(to canvas: Size) -> Box? { intersection(Box(minX: 0, minY: 0, maxX: canvas.width, maxY: canvas.height)) }
    }
}
