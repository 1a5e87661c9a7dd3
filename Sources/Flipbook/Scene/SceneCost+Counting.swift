import Easing

extension SceneCost {
    /// The estimate for `scene` rendered as `frames` frames (default: the scene's frame count) on
    /// `jobs` threads, for `output` (default nil: every output). Only an estimate for raster frames
    /// (or every output) counts the frames they draw (`drawnFrames`, an evaluation of the scene at
    /// every frame); the others take every frame to be drawn.
    public init(scene: Scene, frames: Int? = nil, jobs: Int = 2, for output: Output? = nil) {
        self.frames = frames ?? scene.frameCount
        self.jobs = max(1, jobs)
        canvasPixels = max(scene.canvas.width, 1) * max(scene.canvas.height, 1)
        changes = scene.changes.count
        changeTimes = Set(scene.changes.lazy.map(\.time).filter { $0 >= 0 && $0 <= scene.duration }).count
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
        let knotLists: [String: [Double]]
        (knots, layerKnots, knotLists) = Self.knots(compiled, frames: animatedFrames)
        let states = compiled.numberStateEstimates(limit: Self.maxNumberStates)
        numberStates = states.kept.values.reduce(0, +)
        knots += numberStates
        // A text past the limit is observed at the frames and knots only: an element for each of
        // those instants at most where its text differs.
        gridNumberStates = states.over.values.reduce(0) { $0 + Int(min($1, Double(animatedFrames + knots)).rounded(.up)) }
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
        var surfaceTotal = 0.0, surfaceSamples = 0.0
        while index < instants.count {
            let t = instants[index]
            index += 1
            guard t.isFinite, let node = scene.presentation(at: max(0, min(t, scene.duration))).renderNode() else { continue }
            var tally = Tally(canvas: scene.canvas)
            _ = tally.add(node, depth: 0, transform: .identity)
            rows = max(rows, tally.rows)
            gradientPixels = max(gradientPixels, tally.gradient)
            surfacePixels = max(surfacePixels, tally.surfaces)
            surfaceTotal += tally.surfaces
            surfaceSamples += 1
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
        meanSurfacePixels = surfaceSamples > 0 ? surfaceTotal / surfaceSamples : 0
        items = itemsByLayer.values.reduce(0) { $0 + $1.count }
        changingItems = changing.count
        let sampled = Self.sampledLayers(scene)
        // A component's parts ("pie.slice0") are derived from its values again at every instant: ids
        // with a '.' that no model layer has (a replicator's instances, "bar.i3", are model layers).
        let modelIDs = Set(counted.allLayers.map(\.id))
        let isPart = { (id: String) in id.contains(".") && !modelIDs.contains(id) }
        let sampledKeys = changing.filter { key in isPart(key.id) || sampled.contains(key.id) }
        sampledItems = sampledKeys.count
        sampledIntervals = Self.intervals(owning: sampledKeys.map(\.id), lists: knotLists, modelIDs: modelIDs, duration: compiled.duration)
        knotIntervals = Self.intervals(owning: Array(knotLists.keys), lists: knotLists, modelIDs: modelIDs, duration: compiled.duration)
        // A path whose structure changes is a discrete track (`DiscreteTrack`, motion held from frame
        // to frame): its instants are the observed ones, not a morph's adaptive probes.
        morphing.subtract(restructured)
        morphingItems = morphing.count
        // A component's part morphs as its values move and is sampled point by point; a model layer's
        // path morphs between its own keyframes, each segment one easing for every point.
        sampledElements = morphing.filter { isPart($0.id) }.reduce(0) { $0 + elementsByItem[$1, default: 0] }
        keyedMorphElements = morphing.filter { !isPart($0.id) }.reduce(0) { $0 + elementsByItem[$1, default: 0] }
        self.movingLayers = movingLayers.count
        sampledLayers = movingLayers.filter { isPart($0) || sampled.contains($0) }.count
        let changingTexts = changing.intersection(texts)
        textSwitches = Self.switches(of: changingTexts, in: compiled, frames: animatedFrames, layers: layers)
        switch output {
        case .animated?, .svgFrames?: drawnFrames = self.frames
        case .raster?, nil: drawnFrames = Self.drawnFrames(scene, frames: self.frames, size: layers + animations + pathElements + textBytes / 16)
        }
    }

    /// Of `frames` frames of `scene`, those a raster render draws and encodes: the first, and each
    /// whose render tree is not the one before (`RetainedPresentation.renderTreeRepeats`; a still or
    /// held frame hands on the bytes of the one before). Counted frame by frame when that costs
    /// little next to the render it estimates (frames × `size` up to 1,000,000, `size` the layers,
    /// animations, path elements and text bytes ÷ 16 a frame evaluates and builds at most); else
    /// every frame is taken to be drawn.
    static func drawnFrames(_ scene: Scene, frames: Int, size: Int) -> Int {
        guard frames > 1, frames * max(size, 1) <= 1_000_000 else { return frames }
        let retained = RetainedPresentation(scene: scene)
        var drawn = 0
        for index in 0..<frames {
            _ = retained.renderTree(at: min(scene.frameTime(index), scene.duration))
            if !retained.renderTreeRepeats { drawn += 1 }
        }
        return drawn
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
    /// keyframe spline; an OKLab colour; colours whose alpha changes; a path morph), with their
    /// sublayers: their tracks are sampled and fitted adaptively.
    static func sampledLayers(_ scene: Scene) -> Set<String> {
        func exact(_ easing: TimingFunction) -> Bool {
            switch easing {
            case .linear, .cubicBezier, .steps: true
            default: false
            }
        }
        // Colours mix with their alpha premultiplied: where the alpha of the colours an animation
        // moves between changes, their straight channels are not linear in time (a fill fading in, a
        // gradient's stops fading), and the compiler samples them.
        func alphaMoves(_ values: [PropertyValue]) -> Bool {
            var seen: [Double]?
            for value in values {
                let alphas: [Double]
                switch value {
                case .color(let c): alphas = [c.alpha]
                case .colors(let cs): alphas = cs.map(\.alpha)
                case .gradient(let g): alphas = g.stops.map(\.color.alpha)
                default: continue
                }
                if let seen, seen != alphas { return true }
                seen = alphas
            }
            return false
        }
        func exact(_ animation: Animation, of layer: Layer) -> Bool {
            guard animation.isPaced || exact(animation.timingFunction), animation.colorSpace == .sRGB else { return false }
            switch animation.content {
            case .basic(let b):
                let from = b.from ?? layer.value(for: b.key)
                return b.key.name != "path" && !alphaMoves([from] + [b.to].compactMap { $0 })
            case .keyframe(let k):
                return k.calculationMode != .cubic && k.calculationMode != .cubicPaced && k.key.name != "path" && !alphaMoves(k.values)
            case .group(let children): return children.allSatisfy { exact($0, of: layer) }
            }
        }
        var changed: Set<String> = []
        for change in scene.changes where !change.transaction.disableActions && !exact(change.transaction.timingFunction) {
            changed.insert(change.layerID)
        }
        var result: Set<String> = []
        func walk(_ layer: Layer, inherited: Bool) {
            let sampled = inherited || changed.contains(layer.id) || !layer.animations.allSatisfy { exact($0.animation, of: layer) }
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
    static func knots(_ scene: Scene, frames: Int) -> (union: Int, summed: Int, lists: [String: [Double]]) {
        let budget = Timeline.knotBudget(frames: frames)
        let (lists, unlaid) = Timeline.knotLists(scene, budget: budget, pieces: 1_000_000)
        var union: Set<Double> = []
        var summed = 0
        var kept: [String: [Double]] = [:]
        for (id, times) in lists {
            let own = Set(times.filter { $0 >= 0 && $0 <= scene.duration })
            guard times.count <= budget else { continue }
            union.formUnion(own)
            summed += own.count
            // The spans the compiler fits, cut to the scene's duration (a span that runs past the end is
            // fitted up to it).
            kept[id] = Set(times.map { min(max($0, 0), scene.duration) }).sorted()
        }
        let extra = min(unlaid, 1_000_000) * budget
        return (union.count + extra, summed + extra, kept)
    }

    /// The model layer `id` belongs to: itself, or for a component's part ("pie.slice0") its component.
    static func owner(of id: String, modelIDs: Set<String>) -> String {
        var candidate = id
        while !modelIDs.contains(candidate), let dot = candidate.lastIndex(of: ".") { candidate = String(candidate[..<dot]) }
        return candidate
    }

    /// The knot intervals of the model layers that own `ids` (a component's part is its component's),
    /// each counted once however many layers share it: the spans the adaptive fits of those layers'
    /// items halve on their shared grid (`TrackFitter`). A layer without knots of its own has one,
    /// the whole duration.
    static func intervals(owning ids: [String], lists: [String: [Double]], modelIDs: Set<String>, duration: Double) -> Int {
        struct Interval: Hashable { var start: Double, end: Double }
        let owners = Set(ids.map { owner(of: $0, modelIDs: modelIDs) })
        var seen: Set<Interval> = []
        for owner in owners {
            let times = lists[owner] ?? [0, duration]
            for (a, b) in zip(times, times.dropFirst()) { seen.insert(Interval(start: a, end: b)) }
        }
        return seen.count
    }

    /// Nesting of model layers that may need a surface of their own: a clip, an opacity below 1, or an
    /// opacity that animates.
    static func isolatedNesting(of layer: Layer, depth: Int) -> Int {
        let isolated = layer[.masksToBounds] || layer[.opacity] < 1 || layer[.shadowOpacity] > 0
            || layer.animations.contains { $0.animation.keys.contains("opacity") || $0.animation.keys.contains("shadowOpacity") }
        let level = depth + (isolated ? 1 : 0)
        return layer.sublayers.reduce(level) { max($0, isolatedNesting(of: $1, depth: level)) }
    }
}
