/// What rendering a scene will take, estimated from the scene alone before any output is written: the
/// work (in steps, about a microsecond each on one core of the 2-core reference machine) and the peak
/// memory of each output, with the part of the scene that drives them.
///
/// The estimate counts what the renderers' loops run over: per frame, every drawn layer (generated ones
/// included), animation, timed change, keyframe value, path element and text byte; for raster frames,
/// the pixels of the frame and of each level of groups that need a surface of their own (opacity below
/// 1 or a clip), and the glyphs; for the animated SVG, the instants the compiler observes (each frame
/// and each knot of a timeline, at most four per frame and 256 more per layer, then half-way points)
/// times the tracks. Drawn content is counted at three instants (start, middle, end) and at each
/// timed change up to 64 of them, the largest taken. `Tools/hostile` checks, on scenes built to exhaust
/// each term, that a scene within the default limits renders in under 30 s and 4 GB.
public struct SceneCost: Hashable, Sendable {
    /// An output whose cost is estimated.
    public enum Output: Hashable, Sendable {
        /// Numbered SVG frames.
        case svgFrames
        /// Raster frames (PNG, PPM, RGBA) at `scale` device pixels per scene pixel.
        case raster(scale: Double)
        /// One animated SVG.
        case animated
    }

    /// A term of the estimate and where in the scene file it comes from.
    public struct Driver: Hashable, Sendable {
        /// What is counted, in words: "11 frames × 100000 layers".
        public var description: String
        /// The JSON path of the scene's part that drives it ("duration", "canvas", "layers[0].path").
        public var path: String
    }

    /// Frames the output renders.
    public var frames: Int
    /// Scene pixels of the canvas (width × height).
    public var canvasPixels: Double
    /// Drawn layers at the busiest instant sampled, generated sublayers included.
    public var layers: Int
    /// Draw items (shapes and texts; a layer's background is one) over the instants sampled: for each
    /// layer id, the most it draws at one of them, summed. The animated compiler writes an element, with
    /// tracks over the whole timeline, for every item any instant draws, so layers that come and go
    /// (a nice axis whose ticks change as its data moves) all count.
    public var items: Int = 0
    /// Animations of the model, group children counted.
    public var animations: Int
    /// Timed changes.
    public var changes: Int
    /// Values and key times in keyframe animations.
    public var keyframeValues: Int
    /// Path elements drawn at the busiest instant sampled.
    public var pathElements: Int
    /// Text bytes drawn at the busiest instant sampled.
    public var textBytes: Int
    /// Bytes of the drawn layers' ids at the busiest instant sampled: each frame hashes and compares
    /// them (a 10 MB id took 56 ms a frame, which no other term counted).
    public var idBytes = 0
    /// Deepest nesting of groups drawn into a surface of their own.
    public var isolationDepth: Int
    /// Canvas rows the drawn shapes span, summed over shapes (scene pixels, each shape's box clamped to
    /// the canvas): the rows a raster frame's coverage sweeps walk.
    public var rows: Double = 0
    /// Instants the animated compiler observes beyond the frames (knots), capped as it caps them.
    public var knots: Int
    /// Frames the animated compiler observes: one period's when the scene repeats itself
    /// (`Scene.repeatingCycle`), else `frames`.
    public var animatedFrames: Int
    /// The model layer (its JSON path) with the most path elements, and the one with the most text.
    var busiestPath = Busiest(path: "layers", count: 0)
    var busiestText = Busiest(path: "layers", count: 0)

    struct Busiest: Hashable, Sendable {
        var path: String
        var count: Int
    }

    /// The estimate for `scene` rendered as `frames` frames (default: the scene's frame count).
    public init(scene: Scene, frames: Int? = nil) {
        self.frames = frames ?? scene.frameCount
        canvasPixels = max(scene.canvas.width, 1) * max(scene.canvas.height, 1)
        changes = scene.changes.count
        // The animated compiler works on one period of a scene that repeats itself.
        let cycle = scene.repeatingCycle?.cycle
        let compiled = cycle ?? scene
        animatedFrames = cycle?.frameCount ?? (frames ?? scene.frameCount)
        let counts = Self.count(scene.root, changes: scene.changes)
        animations = counts.animations + scene.changes.reduce(0) { $0 + $1.assignments.count }
        keyframeValues = counts.values
        knots = Self.knots(compiled, frames: animatedFrames)
        let modelDepth = Self.isolatedNesting(of: scene.root, depth: 0)
        layers = 0
        pathElements = 0
        textBytes = 0
        isolationDepth = 0
        // Drawn content at a few instants: the start, the middle, the end, (up to 64) timed changes, and
        // for scenes of up to 2,000 layers sixteen evenly spaced.
        var instants = [0, scene.duration / 2, scene.duration]
        let changeTimes = Set(scene.changes.map(\.time)).sorted()
        let step = max(1, changeTimes.count / 64)
        instants += stride(from: 0, to: changeTimes.count, by: step).map { changeTimes[$0] + 1e-6 }
        var itemsByLayer: [String: Int] = [:]
        var index = 0
        while index < instants.count {
            let t = instants[index]
            index += 1
            guard t.isFinite, let node = scene.presentation(at: max(0, min(t, scene.duration))).renderNode() else { continue }
            var tally = Tally(height: max(scene.canvas.height, 1))
            tally.add(node, depth: 0, transform: .identity)
            rows = max(rows, tally.rows)
            for (id, count) in tally.itemsByLayer where count > itemsByLayer[id, default: 0] { itemsByLayer[id] = count }
            // Sixteen more instants, evenly spaced, for the layers that come and go between these, while
            // the scene is small enough for them to cost little next to what they estimate.
            if index == 3 && tally.layers <= 2_000 && scene.duration > 0 {
                instants.insert(contentsOf: (1..<17).map { scene.duration * Double($0) / 17 }, at: 3)
            }
            layers = max(layers, tally.layers)
            pathElements = max(pathElements, tally.elements)
            textBytes = max(textBytes, tally.text)
            idBytes = max(idBytes, tally.idBytes)
            isolationDepth = max(isolationDepth, tally.depth, modelDepth)
            if tally.elements > busiestPath.count || tally.text > busiestText.count {
                let owners = Self.jsonPaths(scene.root)
                func path(_ id: String) -> String {
                    var candidate = id
                    while owners[candidate] == nil, let dot = candidate.lastIndex(of: ".") { candidate = String(candidate[..<dot]) }
                    return owners[candidate] ?? "layers"
                }
                if tally.elements > busiestPath.count, let id = tally.mostElements?.id { busiestPath = Busiest(path: path(id), count: tally.elements) }
                if tally.text > busiestText.count, let id = tally.mostText?.id { busiestText = Busiest(path: path(id), count: tally.text) }
            }
        }
        items = itemsByLayer.values.reduce(0, +)
    }

    /// The terms of `output`'s work, each with what it counts: their sum is `work(output)`.
    ///
    /// Steps per frame (or per observed instant) for each thing counted, measured on the reference
    /// machine with `Tools/hostile`'s scenes: evaluating the scene (two a layer, one an animation or
    /// timed change, a hundredth of a step a byte of layer id), then what the output does with it. SVG frames: a file a frame (250 steps: creating
    /// a file in a folder of 100,000 took 110–250 µs of mostly system time here, the file system
    /// dominating), two steps a layer. Raster frames: the same, four steps a layer, a tenth of a step
    /// for each canvas row a shape spans (its coverage sweep walks them), two a path element or text
    /// byte (flattened, stroked, covered) and a sixteenth of a step a pixel for each surface (fill,
    /// composite, encode). The animated compiler observes each instant four times (fitting probes,
    /// half-way points, verification), and every layer's dozen tracks read it: a hundred steps a
    /// layer, 800 a drawn item (each an element with its own tracks), fifteen a path element (a morph's
    /// values are fitted, written and read back as text).
    public func terms(_ output: Output) -> [(steps: Double, driver: Driver)] {
        let perFrame: Double, prefix: String
        switch output {
        case .svgFrames, .raster:
            perFrame = Double(frames)
            prefix = "\(frames) frames"
        case .animated:
            perFrame = animatedInstants
            prefix = "\(Int(animatedInstants)) observed instants (\(animatedFrames) frames and \(knots) knots)"
        }
        let (fixed, evaluations, layer, element, byte): (Double, Double, Double, Double, Double) = switch output {
        case .svgFrames: (250, 1, 2, 0.4, 0.1)
        case .raster: (250, 1, 4, 2, 2)
        case .animated: (0, 4, 100, 15, 0.5)
        }
        let long = frames > 1_000
        func term(_ perInstant: Double, _ what: String, _ path: String) -> (steps: Double, driver: Driver) {
            (perFrame * perInstant, Driver(description: "\(prefix) × \(what)", path: path))
        }
        var list = [
            term(fixed, "a file each", "duration"),
            term(evaluations * 2 * Double(layers) + layer * Double(layers), "\(layers) drawn layers", long ? "duration" : "layers"),
            term(evaluations * Double(animations), "\(animations) animations", long ? "duration" : "layers"),
            term(evaluations * Double(changes), "\(changes) timed changes", "changes"),
            term(evaluations * Double(keyframeValues) / 32, "\(keyframeValues) keyframe values", "layers"),
            term((evaluations / 8 + element) * Double(pathElements), "\(pathElements) path elements", busiestPath.path),
            term((evaluations / 32 + byte) * Double(textBytes), "\(textBytes) bytes of text", busiestText.path),
            term(evaluations * Double(idBytes) / 100, "\(idBytes) bytes of layer ids", "layers"),
        ]
        if case .animated = output {
            // Each drawn item is an element of its own, with its presence, paint and geometry tracks.
            list.append(term(800 * Double(items), "\(items) drawn items", long ? "duration" : "layers"))
        }
        if case .raster(let scale) = output {
            list.append(term(rows * scale / 10, "\(Int(rows * scale)) pixel rows of shapes", long ? "duration" : "layers"))
            let levels = isolationDepth > 0 ? " × \(isolationDepth + 1) surfaces (groups with opacity or a clip)" : ""
            list.append(term(pixels(scale) * Double(2 + isolationDepth) / 16, "\(Int(pixels(scale))) pixels\(levels)", "canvas"))
        }
        return list
    }

    /// Instants the animated compiler observes: frames, knots and the half-way points between them.
    public var animatedInstants: Double { 2 * Double(animatedFrames + knots) }

    /// Estimated steps (about a microsecond each on the reference machine) to render `output`.
    public func work(_ output: Output) -> Double {
        terms(output).reduce(0) { $0 + $1.steps }
    }

    /// The largest term of `output`'s work: what to change to make it cheaper.
    public func driver(_ output: Output) -> Driver {
        terms(output).max { $0.steps < $1.steps }!.driver
    }

    /// Estimated peak memory of `output`, bytes.
    public func memory(_ output: Output) -> Double {
        // The scene itself, its model at a change, a presentation and a render tree.
        let tree = 4 * (400 * Double(layers) + 100 * Double(animations) + 100 * Double(changes)
                        + 16 * Double(keyframeValues) + 64 * Double(pathElements) + 4 * Double(textBytes))
        switch output {
        case .svgFrames:
            return tree + 40 * Double(pathElements) + 8 * Double(textBytes)
        case .raster(let scale):
            // The frame, coverage cells, the straight-alpha copy and the PNG's rows and output: 17 bytes a
            // pixel; each isolated level at most the frame again (cropped to what it draws).
            return tree + pixels(scale) * Double(17 + 4 * isolationDepth)
        case .animated:
            // The snapshot cache (at most 256 MB) and the tracks' keys: values and their text.
            let keys = min(animatedInstants, 4 * Double(animatedFrames + knots) + 64)
            return tree + min(256e6, animatedInstants * (Double(pathElements) * 200 + Double(layers) * 2000)) + keys * (Double(pathElements) * 200 + Double(layers) * 400)
        }
    }

    /// The device pixels of one raster frame.
    public func pixels(_ scale: Double) -> Double { canvasPixels * scale * scale }

    /// Animations (group children counted) and keyframe values and key times in a layer tree.
    static func count(_ root: Layer, changes: [TimedChange]) -> (animations: Int, values: Int) {
        var animations = 0, values = 0
        func count(_ animation: Animation) {
            animations += 1
            switch animation.content {
            case .basic: break
            case .keyframe(let k): values += k.values.count + (k.keyTimes?.count ?? 0)
            case .group(let children): children.forEach(count)
            }
        }
        func walk(_ layer: Layer) {
            for keyed in layer.animations { count(keyed.animation) }
            layer.sublayers.forEach(walk)
        }
        walk(root)
        return (animations, values)
    }

    /// The animated compiler's knots in `scene` (within its duration): the union of the layers'
    /// timeline knots, where a layer with more than four a frame (and 256 more) is observed at frame
    /// instants only and adds none. At most a million pieces are laid out in all; past that, each
    /// animation is counted as adding a layer's full share (an upper bound) without laying it out.
    static func knots(_ scene: Scene, frames: Int) -> Int {
        let perLayerKnots = 4 * frames + 256
        let duration = scene.duration
        var knotTimes: Set<Double> = []
        var laidOut = 0, unlaid = 0
        func count(_ animation: Animation, into times: inout [Double]) {
            // As the timeline lays them out: at most 20 000 pieces an animation, none past the scene's
            // end, and no more than the layer can still take before it is observed at frames only.
            let room = laidOut < 1_000_000 ? max(0, min(perLayerKnots + 1 - times.count / 2, 20_000)) : 0
            let pieces = room > 0 ? animation.timing.pieces(limit: room) : []
            laidOut += pieces.count
            if laidOut >= 1_000_000 { unlaid += 1 }
            for piece in pieces where times.count <= perLayerKnots && piece.start <= duration {
                times.append(piece.start)
                if piece.end <= duration { times.append(piece.end) }
            }
            switch animation.content {
            case .basic: break
            case .keyframe(let k):
                if times.count <= perLayerKnots, let first = pieces.first {
                    let d = animation.timing.simpleDuration
                    for t in k.effectiveKeyTimes.prefix(perLayerKnots) where first.start + t * d <= duration { times.append(first.start + t * d) }
                }
            case .group(let children):
                for child in children { count(child, into: &times) }
            }
        }
        var changesPerLayer: [String: [Double]] = [:]
        for change in scene.changes { changesPerLayer[change.layerID, default: []].append(change.time) }
        func walk(_ layer: Layer) {
            var times = changesPerLayer[layer.id] ?? []
            for keyed in layer.animations { count(keyed.animation, into: &times) }
            if times.count <= perLayerKnots { knotTimes.formUnion(times) }
            layer.sublayers.forEach(walk)
        }
        walk(scene.root)
        return knotTimes.count + min(unlaid, 1_000_000) * perLayerKnots
    }

    /// Nesting of model layers that may need a surface of their own: a clip, an opacity below 1, or an
    /// opacity that animates.
    static func isolatedNesting(of layer: Layer, depth: Int) -> Int {
        let isolated = layer[.masksToBounds] || layer[.opacity] < 1 || layer.animations.contains { $0.animation.keys.contains("opacity") }
        let level = depth + (isolated ? 1 : 0)
        return layer.sublayers.reduce(level) { max($0, isolatedNesting(of: $1, depth: level)) }
    }

    /// JSON paths of the model layers by id ("layers[0].sublayers[1]").
    static func jsonPaths(_ root: Layer) -> [String: String] {
        var paths: [String: String] = [:]
        func walk(_ layer: Layer, _ path: String) {
            paths[layer.id] = path
            for (i, sub) in layer.sublayers.enumerated() { walk(sub, path + ".sublayers[\(i)]") }
        }
        for (i, layer) in root.sublayers.enumerated() { walk(layer, "layers[\(i)]") }
        return paths
    }

    /// Counts of one render tree.
    private struct Tally {
        let height: Double
        var layers = 0, elements = 0, text = 0, depth = 0, items = 0, idBytes = 0
        /// Items each layer id draws.
        var itemsByLayer: [String: Int] = [:]
        var rows = 0.0
        var mostElements: (id: String, count: Int)?
        var mostText: (id: String, count: Int)?

        mutating func add(_ node: RenderNode, depth: Int, transform parent: Transform2D) {
            layers += 1
            let m = node.transform.concatenating(parent)
            let isolated = node.opacity < 1 || node.clip != nil
            let level = depth + (isolated ? 1 : 0)
            self.depth = max(self.depth, level)
            var e = 0, t = 0
            items += node.items.count
            idBytes += node.id.utf8.count
            if !node.items.isEmpty { itemsByLayer[node.id, default: 0] += node.items.count }
            for item in node.items {
                switch item {
                case .shape(let s):
                    e += s.path.elements.count + s.dashPattern.lengths.count
                    rows += Self.rows(s, m, height: height)
                case .text(let x): t += x.string.utf8.count
                }
            }
            elements += e
            text += t
            if e > (mostElements?.count ?? 0) { mostElements = (node.id, e) }
            if t > (mostText?.count ?? 0) { mostText = (node.id, t) }
            for child in node.children { add(child, depth: level, transform: m) }
        }

        /// The canvas rows a shape's box spans under `m` (its points and control points, grown by the
        /// stroke), clamped to [0, height]; the whole height when not finite.
        static func rows(_ shape: ShapeDrawing, _ m: Transform2D, height: Double) -> Double {
            var lo = Double.infinity, hi = -Double.infinity
            shape.path.forEachControlPoint { p in let y = m.apply(p).y; lo = min(lo, y); hi = max(hi, y) }
            guard lo <= hi else { return 0 }
            let grow = shape.hasStroke ? shape.lineWidth * max(shape.miterLimit, 1) * (abs(m.c) + abs(m.d)) : 0
            let span = min(hi + grow, height) - max(lo - grow, 0)
            return span.isFinite ? max(0, span) + 1 : height
        }
    }
}
