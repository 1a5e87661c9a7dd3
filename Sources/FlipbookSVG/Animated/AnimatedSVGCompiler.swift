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

    /// How many times the animated SVG plays before it holds its last state (SMIL `repeatCount` with
    /// `fill="freeze"`, CSS iteration count with `forwards`), `.infinity` for ever; nil (the default)
    /// as the scene says: once, or for ever when it loops. > 0. The Lottie writer ignores it (players
    /// choose their own looping).
    public var repeatCount: Double?
    /// The DOM event on the SVG that starts a SMIL file's animations ("click", "mouseover"), nil (the
    /// default) to start at once; until it comes, the file shows its t = 0 state. A CSS file reads
    /// "mouseover" as playing while the pointer is over the SVG (`:hover`), and "view" as starting
    /// once, in time, when the SVG is wholly in view (CSS scroll-triggered animations); SMIL has no
    /// such event (a SMIL file written with "view" waits for ever: `flipbook render` refuses it).
    public var beginEvent: String?
    /// Whether a CSS file's animations follow the page's scroll (`AnimatedDocument.Timing.scrollTimeline`)
    /// instead of time. Default false; SMIL files ignore it.
    public var scrollTimeline = false

    public init(scene: Scene) {
        self.scene = scene
    }

    /// A scene that repeats itself (`Scene.repeatingCycle`: every animation repeats forever with
    /// cycles dividing one period) is compiled as one period whose tracks repeat — `repeatCount` the
    /// number of periods in the scene, or "indefinite" when it loops — so the output and the work follow
    /// the period, not the scene's duration (a spinner in a 27-hour scene is one turn). The report's first
    /// entry then says so ("periodic", the period in keyframes' place as milliseconds).
    public func compile() -> AnimatedSVG {
        // Played a given number of times: the scene as one period repeated that many times (times the
        // periods it holds), holding its end; a looping scene's last frame is its first, so its
        // period is its duration either way.
        let plays: (Scene, Double)? = target == .lottie ? nil : repeatCount.map { n in
            if let (cycle, repeats) = scene.repeatingCycle {
                let periods = repeats.isInfinite ? (scene.duration / cycle.duration).rounded() : repeats
                return (cycle, periods * n)
            }
            var once = scene
            once.loops = false
            return (once, n)
        }
        if let (cycle, repeats) = plays ?? scene.repeatingCycle {
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
            document.timing.beginEvent = beginEvent
            document.timing.scrollTimeline = scrollTimeline
            return AnimatedSVG(document: document, report: report)
        }
        var context = Context(scene: scene, geometry: geometryTolerance, color: colorTolerance, target: target, text: text)
        context.jobs = jobs
        let result = context.run()
        guard beginEvent != nil || scrollTimeline else { return result }
        var document = result.document
        document.timing.beginEvent = beginEvent
        document.timing.scrollTimeline = scrollTimeline
        return AnimatedSVG(document: document, report: result.report)
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
        /// The keySplines the checks solve, shared by every track (`verify`).
        var splines = SplineSolutions()
        let spans: Timeline
        let smil: SMILWriter
        let modelIDs: Set<String>
        /// The ids of mask layers (`Layer.isMask`), in the model at 0 and after every timed change.
        let maskIDs: Set<String>
        /// How each masked layer other than by alpha is masked (`Layer.maskMode`), by its id, at the
        /// same instants as `maskIDs`.
        let maskModes: [String: MaskMode]
        /// Each masked layer's mask, by the masked layer's id (`run`).
        var masks: [String: String] = [:]
        /// How many times adaptive sampling may halve a knot interval (`TrackFitter.maxDepth`): 18,
        /// or fewer where the scene's snapshots are so heavy that the sampler's cache holds under
        /// 2,000 of them (`run`).
        var sampleDepth = 18
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
        /// The snapshot static nodes were compared against (`staticNodes()`: the first check instant's).
        var staticReference: Snapshot?
        /// Set while the tracks of a static node (`staticSlots`) are written: every value such a track
        /// reads is the same at every instant it is checked at, so `track` and `discrete` write no
        /// animation without sampling it (what sampling, fitting and checking it would conclude), and
        /// the sampler answers every instant with `staticReference` (`Sampler.pinned`): the node's scans
        /// of the grid (presence, transform parts, items) read it, never the whole tree again (an
        /// imported file of 1,100 static layers whose snapshots outgrow the cache evaluated the tree
        /// at every grid instant for each of them: over 15 minutes).
        var contentIsStatic = false {
            didSet { sampler.pinned = contentIsStatic ? staticReference : nil }
        }

        init(scene: Scene, geometry: Double, color: Double, repeats: Double? = nil, target: Target = .smil,
             text: SVGTextOptions = SVGTextOptions()) {
            self.scene = scene
            self.geometry = geometry
            self.color = color
            self.target = target
            self.text = text
            sampler = Sampler(scene, outlines: text.asPaths && text.fonts != nil ? TextOutlines(text) : nil)
            spans = Timeline(scene: scene)
            smil = SMILWriter(duration: scene.duration, loops: scene.loops, repeats: repeats, reducedMotionAt: scene.reducedMotionAt)
            modelIDs = Set(scene.model(at: 0).allLayers.map(\.id))
            var maskIDs: Set<String> = [], maskModes: [String: MaskMode] = [:]
            for time in [0] + scene.changes.map(\.time) {
                for layer in scene.model(at: time).allLayers {
                    if layer.isMask { maskIDs.insert(layer.id) }
                    if layer.maskMode != .alpha { maskModes[layer.id] = layer.maskMode }
                }
            }
            self.maskIDs = maskIDs
            self.maskModes = maskModes
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
            var sorted = times.filter { $0 >= 0 && $0 <= scene.duration }.sorted()
            let states = Self.numberStates(scene, grid: sorted)
            if !states.instants.isEmpty { sorted = Set(sorted).union(states.instants).sorted() }
            grid = sorted
            (checkTimes, checkIsOnGrid) = Self.checkTimes(grid: grid)
            mergedGrid = Self.merge(grid, grid: scene.duration)
            observedGrid = DiscreteTrack<String>.observed(knots: grid, fps: scene.fps, duration: scene.duration)
            for id in states.sampled {
                report.append(AnimatedSVG.Entry(element: id, property: "number text", encoding: .coarse, keyframes: Self.maxNumberStates,
                                                maxError: 0, unit: ""))
            }
        }

        mutating func run() -> AnimatedSVG {
            if jobs > 1 { sampler.prefetch(instantsAhead(), jobs: jobs) }
            // The union of the trees over time: ids in order of first appearance, with their parents.
            var order: [String] = []
            var parent: [String: String] = [:]
            var seen: Set<String> = []
            // Each parent's children at each instant, in drawing order.
            var drawn: [String: [Double: [String]]] = [:]
            var heaviest = 1
            for t in grid {
                let snap = sampler.at(t)
                heaviest = max(heaviest, snap.weight)
                var previous: String?
                for slot in snap.order {
                    let id = sampler.ids[slot]
                    if snap.parents[slot] >= 0, !maskIDs.contains(id) { drawn[sampler.ids[snap.parents[slot]], default: [:]][t, default: []].append(id) }
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
            sampleDepth = Sampler.sampleDepth(heaviest: heaviest)
            var children: [String: [String]] = [:]
            var roots: [String] = []
            for id in order {
                if let p = parent[id] {
                    if maskIDs.contains(id) { masks[p] = id } else { children[p, default: []].append(id) }
                } else {
                    roots.append(id)
                }
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
            if target == .smil, let at = scene.reducedMotionAt { document.reducedMotionStill = still(at: at, prefix: "r") }
            if target != .lottie, let fade = scene.reducedMotionCrossfade {
                document.reducedMotionStill = still(at: scene.duration, prefix: "r", background: true)
                document.reducedMotionCrossfade = (still(at: 0, prefix: "s", background: true), fade)
            }
            if target != .lottie, let at = scene.poster { document.poster = still(at: at, prefix: "p") }
            document.glyphTexts = sampler.outlines?.glyphTexts ?? [:]
            return AnimatedSVG(document: document, report: report)
        }

        /// The frame at `time` as SVG markup for the SMIL file's reduced-motion form or a poster: the frame
        /// writer's document without its root and background (the animated document draws that), its ids
        /// and the references to them prefixed with `prefix`; with `background`, the scene's background
        /// drawn first (a dissolve's stills).
        func still(at time: Double, prefix: String, background: Bool = false) -> String {
            var writer = SVGFrameRenderer(canvas: scene.canvas, background: background ? scene.background : .clear, text: text)
            let frame = String(decoding: writer.documentBytes(at: time, of: RetainedPresentation(scene: scene)).bytes, as: UTF8.self)
            guard let open = frame.firstIndex(of: ">"), let close = frame.ranges(of: "</svg>").last else { return "" }
            var inner = frame[frame.index(after: open)..<close.lowerBound]
            if inner.first == "\n" { inner = inner.dropFirst() }
            return String(inner).replacing("id=\"", with: "id=\"" + prefix).replacing("url(#", with: "url(#" + prefix).replacing("href=\"#", with: "href=\"#" + prefix)
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
        mutating func staticNodes() -> [Bool] {
            guard let start = checkTimes.first else { return [] }
            let first = sampler.at(start)
            staticReference = first
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

        // MARK: Paint

        /// `attribute` set to a colour and, below full alpha, `attribute-opacity` to its alpha.
        func paint(_ attribute: String, _ c: Color) -> [AnimatedDocument.Attribute] {
            var out = [AnimatedDocument.Attribute(attribute, .color(c))]
            if c.alpha < 1 { out.append(.init("\(attribute)-opacity", .number(max(c.alpha, 0)))) }
            return out
        }
    }
}
