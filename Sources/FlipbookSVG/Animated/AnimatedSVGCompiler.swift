import Flipbook
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Compiles a scene into one SVG with SMIL animations: exact where SVG has an encoding, sampled within
/// a stated error where it has none.
///
/// ## What becomes what
/// - Each layer is a `<g>`: its transform as `animateTransform` per component (translate, rotate,
///   scale, the decomposed `transform`, the anchor), its opacity as `animate`, its presence (hidden,
///   added or removed sublayers) as a discrete `display` animation.
/// - Arcs (arc layers, ring gauges) are a full circle whose dash array and offset show the arc: linear
///   in the angles and in strokeStart/strokeEnd, so exact. A zero-length arc is hidden, never a dot.
/// - Filled pie and donut slices are the wide-stroke wedge: a circle at the mid radius, stroked as wide
///   as the slice, dashed over its angles — exact in the angles; a pie slice's band stops 0.25 px short
///   of the centre (Chromium's stroker draws a band reaching the centre wrongly).
/// - Other paths with strokeStart/strokeEnd animating are dashed by their exact length (no
///   `pathLength`, so librsvg draws the first frame the same).
/// - Colours (sRGB channels), opacity, stroke width, dash patterns, text positions: `animate`.
/// - Everything else (a path whose points move) is a path morph between keyframes of one fixed
///   structure (arcs as four cubics), sampled.
///
/// ## Exact and sampled
/// Tracks are fitted by `TrackFitter` against the spans of the scene's own animations: a cubic-bezier
/// easing becomes keySplines (split into valid pieces when its y leaves [0, 1]), steps become holds and
/// jumps. Where no exact form exists (springs, elastic, OKLab colours, composed easings, morphs, pie
/// values re-normalised every frame) keyframes are placed adaptively so that the error stays under the
/// bound: `geometryTolerance` pixels (0.25) and `colorTolerance` (1/255) for colours and opacity.
/// `report` lists every animated property with its encoding.
///
/// The static attributes are the scene at t = 0, so a renderer without animation (rsvg-convert) shows
/// the first frame.
public struct AnimatedSVGCompiler {
    public var scene: Scene
    /// Largest geometric error of sampled tracks, pixels. Default 0.25.
    public var geometryTolerance: Double = 0.25
    /// Largest error of sampled colours and opacities, in [0, 1] units. Default 1/255.
    public var colorTolerance: Double = 1.0 / 255
    /// The format the document is compiled for. Default `.smil`.
    public var target = Target.smil

    /// What a format can hold shapes the document the compiler builds for it.
    public enum Target: Hashable, Sendable {
        /// SMIL animations: every track as it is.
        case smil
        /// CSS animations (`AnimatedSVG.withCSSAnimations()`): only what CSS can express too — a
        /// gradient whose geometry or stop offsets move (attributes, not CSS properties) switches
        /// between definitions at the frame instants instead (discrete).
        case css
        /// Lottie (`AnimatedSVG.lottie`): a pie slice's dashed circle starts at 3 o'clock and states no
        /// pathLength, the geometry both Lottie players were checked against (from a quarter radian
        /// on, rlottie drew a rim 1 px out).
        case lottie
    }
    /// Threads that evaluate the scene's instants, then write its layers (the first siblings met, each
    /// on a thread), ≥ 1. The output does not depend on it. Default 1.
    public var jobs = 1
    /// How text is written: naming the face the raster frames lay it out with first, or as its glyph
    /// outlines (paths, animated as any path). Default: each text's own family list.
    public var text = SVGTextOptions()

    public init(scene: Scene) {
        self.scene = scene
    }

    /// A scene that repeats itself (`Scene.repeatingCycle`: every animation repeats forever with
    /// cycles dividing one period) is compiled as one period whose tracks repeat — `repeatCount` the
    /// number of periods in the scene, or "indefinite" when it loops — so the output and the work follow
    /// the period, not the scene's duration (a spinner in a 27-hour scene is one turn). The report's first
    /// entry then says so ("periodic", the period in keyframes' place as milliseconds).
    public func compile() -> AnimatedSVG {
        if let (cycle, repeats) = scene.repeatingCycle {
            var context = Context(scene: cycle, geometry: geometryTolerance, color: colorTolerance, repeats: repeats, target: target, text: text)
            context.jobs = jobs
            let result = context.run()
            var report = result.report
            report.insert(AnimatedSVG.Entry(element: "scene", property: "period \(SVGNumber.format(cycle.duration, decimals: 6)) s × \(repeats.isInfinite ? "indefinite" : SVGNumber.format(repeats, decimals: 6))",
                                            encoding: .periodic, keyframes: 0, maxError: 0, unit: ""), at: 0)
            // The tracks' checks name their entries: one further on.
            var document = result.document
            document.definitions = document.definitions.map { $0.shiftingChecks(by: 1) }
            document.body = document.body.map { $0.shiftingChecks(by: 1) }
            return AnimatedSVG(document: document, report: report)
        }
        var context = Context(scene: scene, geometry: geometryTolerance, color: colorTolerance, target: target, text: text)
        context.jobs = jobs
        return context.run()
    }

    /// State of one compilation.
    struct Context {
        let scene: Scene
        let geometry: Double
        let color: Double
        /// The format compiled for (`AnimatedSVGCompiler.target`).
        let target: Target
        /// How text is written (`AnimatedSVGCompiler.text`).
        let text: SVGTextOptions
        /// Threads that evaluate instants ahead (`Sampler.prefetch`) and write sibling layers
        /// (`writeNodes`); 1 in the copies that write on other threads.
        var jobs = 1
        /// (Replaced, with `splines`, in the copies that write layers on other threads: `forked()`.)
        var sampler: Sampler
        /// The layers of the union of the trees over time (every thread's the same): what one instant's
        /// evaluation walks (`Timeline.refinementBudget`).
        var treeLayers = 0
        /// The keySplines the checks solve, shared by every track (`verify`).
        var splines = SplineSolutions()
        let spans: Timeline
        let smil: SMILWriter
        let modelIDs: Set<String>
        /// Instants where structure is observed: every frame time and every knot.
        let grid: [Double]
        /// The instants every track is checked at: the grid and the midpoints between its instants,
        /// sorted; and for each, whether it is on the grid.
        let checkTimes: [Double]
        let checkIsOnGrid: [Bool]
        /// The grid with 0 and the duration (`merge(grid)`), and the instants a discrete track over it
        /// observes (`DiscreteTrack.observed`), worked out once.
        let mergedGrid: [Double]
        let observedGrid: [Double]
        /// Model layers observed at frame instants only, with their number of knots.
        let coarse: [String: Int]
        var report: [AnimatedSVG.Entry] = []
        /// For a layer whose children change their drawing order: each order they take (every child
        /// drawn at any of its instants, in one order all of them agree with) and its instants.
        var childOrders: [String: [(ids: [String], times: Set<Double>)]] = [:]
        /// The definitions written so far (gradients, clip paths).
        var defs: [AnimatedDocument.Element] = []
        var gradients = 0
        var clips = 0
        /// By slot: whether the layer's own node (everything but its children) is present and equal at
        /// every check instant and at the duration (`staticNodes()`).
        var staticSlots: [Bool] = []
        /// Set while the tracks of a static node (`staticSlots`) are written: every value such a track
        /// reads is the same at every instant it is checked at, so `track` and `discrete` write no
        /// animation without sampling it (what sampling, fitting and checking it would conclude).
        var contentIsStatic = false

        init(scene: Scene, geometry: Double, color: Double, repeats: Double? = nil, target: Target = .smil,
             text: SVGTextOptions = SVGTextOptions()) {
            self.scene = scene
            self.geometry = geometry
            self.color = color
            self.target = target
            self.text = text
            sampler = Sampler(scene, outlines: text.asPaths && text.fonts != nil ? TextOutlines(text) : nil)
            spans = Timeline(scene: scene)
            smil = SMILWriter(duration: scene.duration, loops: scene.loops, repeats: repeats)
            modelIDs = Set(scene.root.allLayers.map(\.id))
            var times = Set((0..<scene.frameCount).map(scene.frameTime))
            // A layer whose timeline has more knots than `Timeline.knotBudget` is observed at the frame
            // instants only: its tracks are fitted between frame instants and the report says so.
            let knotBudget = Timeline.knotBudget(frames: scene.frameCount)
            var coarse: [String: Int] = [:]
            for id in modelIDs {
                let k = spans.knots(for: id)
                if k.count > knotBudget { coarse[id] = k.count } else { times.formUnion(k) }
            }
            self.coarse = coarse
            if !scene.loops { times.insert(scene.duration) }
            grid = times.filter { $0 >= 0 && $0 <= scene.duration }.sorted()
            (checkTimes, checkIsOnGrid) = Self.checkTimes(grid: grid)
            mergedGrid = Self.merge(grid, grid: scene.duration)
            observedGrid = DiscreteTrack<String>.observed(knots: grid, fps: scene.fps, duration: scene.duration)
        }

        mutating func run() -> AnimatedSVG {
            if jobs > 1 { sampler.prefetch(instantsAhead(), jobs: jobs) }
            // The union of the trees over time: ids in order of first appearance, with their parents.
            var order: [String] = []
            var parent: [String: String] = [:]
            var seen: Set<String> = []
            // Each parent's children at each instant, in drawing order.
            var drawn: [String: [Double: [String]]] = [:]
            for t in grid {
                let snap = sampler.at(t)
                var previous: String?
                for slot in snap.order {
                    let id = sampler.ids[slot]
                    if snap.parents[slot] >= 0 { drawn[sampler.ids[snap.parents[slot]], default: [:]][t, default: []].append(id) }
                    if !seen.contains(id) {
                        seen.insert(id)
                        // After the id seen before it (usually the last so far: no search).
                        let index = previous.flatMap { p in order.last == p ? order.count : order.firstIndex(of: p).map { $0 + 1 } } ?? order.count
                        order.insert(id, at: min(index, order.count))
                        let p = snap.parents[slot]
                        if p >= 0 { parent[id] = sampler.ids[p] }
                    }
                    previous = id
                }
            }
            treeLayers = order.count
            var children: [String: [String]] = [:]
            var roots: [String] = []
            for id in order {
                if let p = parent[id] { children[p, default: []].append(id) } else { roots.append(id) }
            }
            // A parent's children are drawn in the same order at most instants: each distinct order is
            // merged once (an order equal to the one just checked agrees as it did).
            func disagrees(_ p: String, _ byTime: [Double: [String]]) -> Bool {
                var checked: [String]?
                for sequence in byTime.values where sequence != checked {
                    if Self.merged(children[p] ?? [], with: sequence) == nil { return true }
                    checked = sequence
                }
                return false
            }
            for (p, byTime) in drawn where disagrees(p, byTime) {
                childOrders[p] = Self.drawingOrders(byTime, grid: grid)
            }
            staticSlots = staticNodes()
            for (id, count) in coarse.sorted(by: { $0.key < $1.key }) {
                report.append(AnimatedSVG.Entry(element: id, property: "timeline", encoding: .coarse, keyframes: count,
                                                maxError: 0, unit: ""))
            }
            let body = writeNodes(roots, children: children)
            var document = AnimatedDocument(canvas: scene.canvas, background: scene.background, timing: smil.timing)
            document.definitions = defs
            document.body = body
            document.layerPaths = scene.layerPaths
            return AnimatedSVG(document: document, report: report)
        }

        /// The model layer whose animations drive `id` (a derived sublayer belongs to its component).
        func owner(of id: String) -> String {
            var candidate = id
            while !modelIDs.contains(candidate), let dot = candidate.lastIndex(of: ".") {
                candidate = String(candidate[..<dot])
            }
            return modelIDs.contains(candidate) ? candidate : id
        }

        func knots(_ id: String) -> [Double] {
            let owner = owner(of: id)
            return coarse[owner] == nil ? spans.knots(for: owner) : [0, scene.duration]
        }

        /// The spans of a model layer's known curves (none for a layer observed at frame instants only).
        func ownerSpans(_ owner: String) -> [Timeline.Span] { coarse[owner] == nil ? spans.spans(for: owner) : [] }

        /// For each slot, whether its layer's own node is present at every check instant and at the
        /// duration (the last instant a discrete track observes), equal (`Snapshot.hasSameContent`)
        /// at all of them.
        func staticNodes() -> [Bool] {
            guard let start = checkTimes.first else { return [] }
            let first = sampler.at(start)
            var same = sampler.ids.indices.map { first.has($0) }
            for t in checkTimes.dropFirst() + [scene.duration] {
                let snapshot = sampler.at(t)
                for slot in same.indices where same[slot] && !snapshot.hasSameContent(slot, as: first) { same[slot] = false }
            }
            return same
        }

        /// The first grid instant where `present` holds, for values of absent elements.
        func firstTime(where present: (Snapshot) -> Bool) -> Double? {
            grid.first { present(sampler.at($0)) }
        }

        // MARK: Layers

        mutating func writeNode(_ id: String, children: [String: [String]], into out: inout [AnimatedDocument.Element]) {
            let sampler = self.sampler
            let slot = sampler.slot(id)
            let start = firstTime { $0.has(slot) } ?? 0
            let fallback = sampler.at(start).node(slot)!
            // The node at `t` handed to `body` in place (tracks read one value of it at each instant),
            // and a copy of it.
            func read<R>(_ t: Double, _ body: (borrowing RenderNode) -> R) -> R { sampler.at(t).withNode(slot, body) ?? body(fallback) }
            let node = { (t: Double) -> RenderNode in read(t) { copy $0 } }
            let present0 = sampler.at(0).has(slot)
            let nodeKnots = knots(id), ownerID = owner(of: id)
            var attributes: [AnimatedDocument.Attribute] = [], animations: [AnimatedDocument.Animation] = []
            // The node's own tracks and items; its children (below) say for themselves.
            contentIsStatic = slot < staticSlots.count && staticSlots[slot]

            if !present0 { attributes.append(.init("display", .keyword("none"))) }
            animations += discrete(id, "display", knots: grid) { t in .keyword(sampler.at(t).has(slot) ? "inline" : "none") }

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
                // The radius is written where the clip is ever rounded (rx alone: ry is rx).
                let names = ["x", "y", "width", "height"] + (times.contains { clipAt($0)[4] > 0 } ? ["rx"] : [])
                var rect = AnimatedDocument.Element(.clipRect, attributes: zip(names, r0).map { .init($0, .number($1)) })
                if times.contains(where: { clipAt($0) != r0 }) {
                    for (index, name) in names.enumerated() {
                        rect.animations += track(id, "clip \(name)", unit: "px", tolerance: geometry / 2, knots: nodeKnots, owner: ownerID,
                                                 value: { [clipAt($0)[index]] }) { w, k in
                            w.numeric(attribute: name, keys: k, format: .number)
                        }
                    }
                }
                defs.append(AnimatedDocument.Element(.clipPath, attributes: [.init("id", .keyword("c\(clips)"))], children: [rect]))
                clip = [.init("clip-path", .reference("c\(clips)"))]
            }

            var content: [AnimatedDocument.Element] = []
            writeItems(of: id, node: node, into: &content)
            for i in content.indices { content[i].layer = ownerID }
            contentIsStatic = false
            writeChildren(of: id, children: children, into: &content)
            guard !content.isEmpty else { return }

            var open: [AnimatedDocument.Attribute] = []
            if !outerTransform.isEmpty { open.append(.init("transform", .transform(outerTransform))) }
            if innerTransform.isEmpty {
                open += attributes + clip
                if open.isEmpty && animations.isEmpty {
                    out += content
                } else {
                    var group = AnimatedDocument.Element(.group, attributes: open, animations: animations, children: content)
                    group.layer = ownerID
                    out.append(group)
                }
            } else {
                var inner = AnimatedDocument.Element(.group, attributes: [.init("transform", .transform(innerTransform))] + clip,
                                                     animations: transformAnimations, children: content)
                inner.layer = ownerID
                var outer = AnimatedDocument.Element(.group, attributes: open + attributes, animations: animations, children: [inner])
                outer.layer = ownerID
                out.append(outer)
            }
        }

        // MARK: Paint

        /// `attribute` set to a colour and, below full alpha, `attribute-opacity` to its alpha.
        func paint(_ attribute: String, _ c: Color) -> [AnimatedDocument.Attribute] {
            var out = [AnimatedDocument.Attribute(attribute, .color(c))]
            if c.alpha < 1 { out.append(.init("\(attribute)-opacity", .number(max(c.alpha, 0)))) }
            return out
        }
    }
}
