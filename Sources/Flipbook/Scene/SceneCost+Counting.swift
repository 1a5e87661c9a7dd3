import Easing

extension SceneCost {
    /// The estimate for `scene` rendered as `frames` frames (default: the scene's frame count) on
    /// `jobs` threads.
    public init(scene: Scene, frames: Int? = nil, jobs: Int = 2) {
        self.frames = frames ?? scene.frameCount
        self.jobs = max(1, jobs)
        canvasPixels = max(scene.canvas.width, 1) * max(scene.canvas.height, 1)
        changes = scene.changes.count
        // The animated compiler works on one period of a scene that repeats itself.
        let cycle = scene.repeatingCycle?.cycle
        let compiled = cycle ?? scene
        animatedFrames = cycle?.frameCount ?? (frames ?? scene.frameCount)
        // The model's layers and those changes add (each counted once, whenever it is present).
        var counted = scene.root.expandingReplicators()
        for change in scene.changes { if case .add(let layer, _)? = change.edit { counted.sublayers.append(layer.expandingReplicators()) } }
        let counts = Self.count(counted)
        animations = counts.animations
        keyframeValues = counts.values
        cubicPacedValues = counts.cubicPaced
        modelLayers = counts.layers
        (knots, layerKnots) = Self.knots(compiled, frames: animatedFrames)
        isolationDepth = Self.isolatedNesting(of: counted, depth: 0)
        // Drawn content at a few instants: the start, the middle, the end, (up to 64) timed changes, and
        // for scenes of up to 2,000 layers sixteen evenly spaced.
        var instants = [0, scene.duration / 2, scene.duration]
        let changeTimes = Set(scene.changes.map(\.time)).sorted()
        let step = max(1, changeTimes.count / 64)
        instants += stride(from: 0, to: changeTimes.count, by: step).map { changeTimes[$0] + 1e-6 }
        var itemsByLayer: [String: [Int]] = [:]
        var changing: Set<ItemKey> = [], texts: Set<ItemKey> = []
        var basesByLayer: [String: Int] = [:], movingLayers: Set<String> = []
        var elementsByItem: [ItemKey: Int] = [:]
        var morphPaths: [ItemKey: Int] = [:], morphing: Set<ItemKey> = []
        var morphStructures: [ItemKey: Int] = [:], restructured: Set<ItemKey> = []
        var index = 0
        while index < instants.count {
            let t = instants[index]
            index += 1
            guard t.isFinite, let node = scene.presentation(at: max(0, min(t, scene.duration))).renderNode() else { continue }
            var tally = Tally(canvas: scene.canvas)
            _ = tally.add(node, depth: 0, transform: .identity)
            rows = max(rows, tally.rows)
            gradientPixels = max(gradientPixels, tally.gradient)
            surfacePixels = max(surfacePixels, tally.surfaces)
            if tally.shadows.reduce(0, { $0 + $1.area }) > shadows.reduce(0, { $0 + $1.area }) { shadows = tally.shadows }
            for (id, hash) in tally.bases {
                if let seen = basesByLayer[id], seen != hash { movingLayers.insert(id) } else { basesByLayer[id] = hash }
            }
            for (key, count) in tally.elementsByItem where count > elementsByItem[key, default: 0] { elementsByItem[key] = count }
            for (key, path) in tally.morphPaths {
                if let seen = morphPaths[key], seen != path { morphing.insert(key) } else { morphPaths[key] = path }
            }
            for (key, kinds) in tally.morphStructures {
                if let seen = morphStructures[key], seen != kinds { restructured.insert(key) } else { morphStructures[key] = kinds }
            }
            for (id, hashes) in tally.itemsByLayer {
                var seen = itemsByLayer[id] ?? []
                for (i, hash) in hashes.enumerated() {
                    if i >= seen.count { seen.append(hash) } else if seen[i] != hash { changing.insert(ItemKey(id: id, index: i)) }
                }
                itemsByLayer[id] = seen
            }
            texts.formUnion(tally.texts)
            // Sixteen more instants, evenly spaced, for the layers that come and go between these, while
            // the scene is small enough for them to cost little next to what they estimate.
            if index == 3 && tally.layers <= 2_000 && scene.duration > 0 {
                instants.insert(contentsOf: (1..<17).map { scene.duration * Double($0) / 17 }, at: 3)
            }
            layers = max(layers, tally.layers)
            derivedLayers = max(derivedLayers, tally.derived)
            pathElements = max(pathElements, tally.elements)
            gradientStops = max(gradientStops, tally.stops)
            wedgeElements = max(wedgeElements, tally.wedgeElements)
            dashes = max(dashes, tally.dashes)
            edges = max(edges, tally.edges)
            textBytes = max(textBytes, tally.text)
            idBytes = max(idBytes, tally.idBytes)
            isolationDepth = max(isolationDepth, tally.depth)
            if tally.elements > busiestPath.count || tally.text > busiestText.count {
                let owners = scene.layerPaths
                func path(_ id: String) -> String {
                    var candidate = id
                    while owners[candidate] == nil, let dot = candidate.lastIndex(of: ".") { candidate = String(candidate[..<dot]) }
                    return owners[candidate] ?? "layers"
                }
                if tally.elements > busiestPath.count, let id = tally.mostElements?.id { busiestPath = Busiest(path: path(id), count: tally.elements) }
                if tally.text > busiestText.count, let id = tally.mostText?.id { busiestText = Busiest(path: path(id), count: tally.text) }
            }
        }
        items = itemsByLayer.values.reduce(0) { $0 + $1.count }
        changingItems = changing.count
        let sampled = Self.sampledLayers(scene)
        // A component's parts ("pie.slice0") are derived from its values again at every instant: ids
        // with a '.' that no model layer has (a replicator's instances, "bar.i3", are model layers).
        let modelIDs = Set(counted.allLayers.map(\.id))
        let isPart = { (id: String) in id.contains(".") && !modelIDs.contains(id) }
        let sampledKeys = changing.filter { key in isPart(key.id) || sampled.contains(key.id) }
        sampledItems = sampledKeys.count
        // A path whose structure changes is a discrete track (`DiscreteTrack`, motion held from frame
        // to frame): its instants are the observed ones, not a morph's adaptive probes.
        morphing.subtract(restructured)
        morphingItems = morphing.count
        sampledElements = morphing.reduce(0) { $0 + elementsByItem[$1, default: 0] }
        self.movingLayers = movingLayers.count
        sampledLayers = movingLayers.filter { isPart($0) || sampled.contains($0) }.count
        let changingTexts = changing.intersection(texts)
        textSwitches = Self.switches(of: changingTexts, in: compiled, frames: animatedFrames, layers: layers)
    }

    /// How often the texts in `keys` change from one frame to the next, summed: the discrete tracks
    /// the animated compiler bisects. Counted frame by frame when that costs little (frames × layers
    /// up to 500,000, a fraction of the compile it estimates); else every frame is taken to change
    /// each of them.
    static func switches(of keys: Set<ItemKey>, in scene: Scene, frames: Int, layers: Int) -> Int {
        guard !keys.isEmpty, frames > 1 else { return 0 }
        guard frames * max(layers, 1) <= 500_000 else { return keys.count * frames }
        let ids = Set(keys.map(\.id))
        let retained = RetainedPresentation(scene: scene)
        var last: [ItemKey: String] = [:]
        var count = 0
        for index in 0..<frames {
            guard let tree = retained.renderTree(at: min(scene.frameTime(index), scene.duration)) else { continue }
            var seen: Set<ItemKey> = []
            func walk(_ node: RenderNode) {
                if ids.contains(node.id) {
                    for (i, item) in node.items.enumerated() {
                        guard case .text(let text) = item, case let key = ItemKey(id: node.id, index: i), keys.contains(key) else { continue }
                        seen.insert(key)
                        if let before = last[key], before != text.string { count += 1 }
                        last[key] = text.string
                    }
                }
                node.children.forEach(walk)
            }
            walk(tree)
            // A text that is absent switches too (its presence).
            for key in keys where !seen.contains(key) {
                if last[key] != nil { count += 1 }
                last[key] = nil
            }
        }
        return count
    }

    /// An item of a layer: its id and its index among the layer's items.
    struct ItemKey: Hashable {
        var id: String
        var index: Int
    }

    /// The model layers whose values some animation or timed change moves along a curve the animated
    /// SVG has no exact form for (an easing that is not linear, a cubic Bézier or steps; a cubic
    /// keyframe spline; an OKLab colour; a path morph), with their sublayers: their tracks are sampled
    /// and fitted adaptively.
    static func sampledLayers(_ scene: Scene) -> Set<String> {
        func exact(_ easing: TimingFunction) -> Bool {
            switch easing {
            case .linear, .cubicBezier, .steps: true
            default: false
            }
        }
        func exact(_ animation: Animation) -> Bool {
            guard animation.isPaced || exact(animation.timingFunction), animation.colorSpace == .sRGB else { return false }
            switch animation.content {
            case .basic(let b): return b.key.name != "path"
            case .keyframe(let k): return k.calculationMode != .cubic && k.calculationMode != .cubicPaced && k.key.name != "path"
            case .group(let children): return children.allSatisfy(exact)
            }
        }
        var changed: Set<String> = []
        for change in scene.changes where !change.transaction.disableActions && !exact(change.transaction.timingFunction) {
            changed.insert(change.layerID)
        }
        var result: Set<String> = []
        func walk(_ layer: Layer, inherited: Bool) {
            let sampled = inherited || changed.contains(layer.id) || !layer.animations.allSatisfy { exact($0.animation) }
            if sampled { result.insert(layer.id) }
            for sublayer in layer.sublayers { walk(sublayer, inherited: sampled) }
        }
        walk(scene.root.expandingReplicators(), inherited: false)
        return result
    }

    /// Animations (group children counted), keyframe values and key times, cubicPaced values and model
    /// layers (the root excluded) in a layer tree.
    static func count(_ root: Layer) -> (animations: Int, values: Int, cubicPaced: Int, layers: Int) {
        var animations = 0, values = 0, cubicPaced = 0, layers = -1
        func count(_ animation: Animation) {
            animations += 1
            switch animation.content {
            case .basic: break
            case .keyframe(let k):
                values += k.values.count + (k.keyTimes?.count ?? 0)
                if k.calculationMode == .cubicPaced { cubicPaced += k.values.count }
            case .group(let children): children.forEach(count)
            }
        }
        func walk(_ layer: Layer) {
            layers += 1
            for keyed in layer.animations { count(keyed.animation) }
            layer.sublayers.forEach(walk)
        }
        walk(root)
        return (animations, values, cubicPaced, max(layers, 0))
    }

    /// The animated compiler's knots in `scene` (within its duration), laid out by the timeline
    /// (`Timeline.knotLists`): the union of the layers' knots, where a layer with more than
    /// `Timeline.knotBudget` is observed at frame instants only and adds none; and the layers' own
    /// knots summed. At most a million pieces are laid out in all; past that, each animation is counted
    /// as adding a layer's full share (an upper bound) without laying it out.
    static func knots(_ scene: Scene, frames: Int) -> (union: Int, summed: Int) {
        let budget = Timeline.knotBudget(frames: frames)
        let (lists, unlaid) = Timeline.knotLists(scene, budget: budget, pieces: 1_000_000)
        var union: Set<Double> = []
        var summed = 0
        for times in lists.values {
            let own = Set(times.filter { $0 >= 0 && $0 <= scene.duration })
            guard times.count <= budget else { continue }
            union.formUnion(own)
            summed += own.count
        }
        let extra = min(unlaid, 1_000_000) * budget
        return (union.count + extra, summed + extra)
    }

    /// Nesting of model layers that may need a surface of their own: a clip, an opacity below 1, or an
    /// opacity that animates.
    static func isolatedNesting(of layer: Layer, depth: Int) -> Int {
        let isolated = layer[.masksToBounds] || layer[.opacity] < 1 || layer[.shadowOpacity] > 0
            || layer.animations.contains { $0.animation.keys.contains("opacity") || $0.animation.keys.contains("shadowOpacity") }
        let level = depth + (isolated ? 1 : 0)
        return layer.sublayers.reduce(level) { max($0, isolatedNesting(of: $1, depth: level)) }
    }

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
            if isolated, let b = box { surfaces += b.area }
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
