import Easing

/// What the engine knows about when and how each layer's values move, in scene time: for every model
/// layer, the spans over which a value follows a known curve (linear or a cubic-bezier easing, with
/// the whole timing model applied — beginTime, speed, timeOffset, repeats, autoreverses, groups,
/// layer time, the implicit animations of timed changes), and the knots where behaviour may change
/// (an animation's ends, cycle and half-cycle boundaries, keyframe times, steps). Between knots
/// outside every span, the value is whatever `Scene.presentation(at:)` says ("evaluate the engine
/// here": springs, elastic, composed easings).
///
/// Built from `MediaTiming.pieces()`, the timing model's own layout of its pieces, so exporters never
/// re-derive timing. The animated-SVG compiler reads it; so will other exporters.
public struct Timeline: Sendable {
    /// A stretch of scene time over which a property moves from one value to another along `curve`
    /// (nil: linear), progress 0 at `start` and 1 at `end`.
    public struct Span: Hashable, Sendable {
        public var start: Double
        public var end: Double
        public var curve: CubicBezier?

        public init(start: Double, end: Double, curve: CubicBezier?) {
            self.start = start
            self.end = end
            self.curve = curve
        }
    }

    /// Spans by model layer id.
    public private(set) var spans: [String: [Span]] = [:]
    /// Knot times by model layer id, sorted, within [0, duration].
    public private(set) var knots: [String: [Double]] = [:]
    public let duration: Double

    /// The timeline of `scene`: its model before any change, then after each timed change (whose
    /// implicit animations replace earlier ones).
    public init(scene: Scene) {
        duration = scene.duration
        var collector = Collector(duration: scene.duration)
        collector.walk(scene.model(afterChanges: 0), time: .scene)
        for change in scene.changes.sorted(by: { $0.time < $1.time }) {
            collector.add(knot: change.time, layer: change.layerID)
            collector.walk(scene.model(at: change.time), time: .scene)
        }
        spans = collector.spans.mapValues { Array(Set($0)).sorted { ($0.start, $0.end) < ($1.start, $1.end) } }
        let limit = scene.duration
        knots = collector.knots.mapValues { times in
            var kept = Set([0, limit])
            for t in times where t >= 0 && t <= limit { kept.insert(t) }
            return kept.sorted()
        }
    }

    /// The most pieces one animation lays out (infinite repeats end at the scene's duration).
    public static let maxPiecesPerAnimation = 20_000

    /// The most knots a layer's timeline may have for an exporter to follow it knot by knot over
    /// `frames` frames: four a frame and 256 more. A layer with more is observed at the frame instants
    /// only (the animated-SVG compiler's "coarse" layers), so work and output follow the frames, not a
    /// list of 100,000 keyframes. The cost model counts knots with the same budget.
    public static func knotBudget(frames: Int) -> Int { 4 * frames + 256 }

    /// The knots of a layer (its own), always including 0 and the duration.
    public func knots(for id: String) -> [Double] { knots[id] ?? [0, duration] }

    /// The spans of a layer.
    public func spans(for id: String) -> [Span] { spans[id] ?? [] }

    /// The knots of every layer of `scene` as the timeline lays them out, for the cost model: its
    /// model before any change (with each layer's time mapped to scene time) and each timed change's
    /// time — not the implicit animations changes start, which the timeline finds in the model after
    /// each change (a walk of the whole tree per change, too slow to estimate hostile scenes with).
    /// A layer's list stops growing once it holds more than `budget` (`knotBudget`); at most `pieces`
    /// pieces are laid out in all, and `unlaid` counts the animations left unlaid past that.
    static func knotLists(_ scene: Scene, budget: Int, pieces: Int) -> (knots: [String: [Double]], unlaid: Int) {
        var collector = Collector(duration: scene.duration)
        collector.knotLimit = budget
        collector.pieceBudget = pieces
        collector.keepsSpans = false
        for change in scene.changes {
            collector.add(knot: change.time, layer: change.layerID)
            // A layer added at a change runs its time from then (its parents' timing not applied).
            if case .add(let layer, _)? = change.edit { collector.walk(layer.expandingReplicators(), time: .scene.shifted(by: change.time)) }
        }
        collector.walk(scene.root.expandingReplicators(), time: .scene)
        return (collector.knots, collector.unlaid)
    }

    private struct Collector {
        let duration: Double
        var spans: [String: [Span]] = [:]
        var knots: [String: [Double]] = [:]
        /// Past this many knots a layer's list stops growing (the cost model's cut; none here).
        var knotLimit = Int.max
        /// Pieces that may still be laid out in all (the cost model's cap; none here).
        var pieceBudget = Int.max
        /// Animations left unlaid once `pieceBudget` ran out.
        var unlaid = 0
        /// Whether spans are kept (the cost model counts knots only).
        var keepsSpans = true

        /// Adds a knot; false once the layer's list is full (`knotLimit`).
        @discardableResult
        mutating func add(knot: Double, layer: String) -> Bool {
            guard (knots[layer]?.count ?? 0) <= knotLimit else { return false }
            if knot.isFinite { knots[layer, default: []].append(knot) }
            return true
        }

        mutating func add(span: Span, layer: String) {
            if keepsSpans { spans[layer, default: []].append(span) }
        }

        mutating func walk(_ layer: Layer, time: TimeMap) {
            let local = time.within(layer.timing)
            for keyed in layer.animations {
                collect(keyed.animation, layer: layer.id, time: local)
            }
            for sublayer in layer.sublayers {
                walk(sublayer, time: local)
            }
        }

        /// Adds the knots and spans of `animation`, whose parent time maps to scene time by `time`.
        mutating func collect(_ animation: Animation, layer: String, time: TimeMap) {
            let t = animation.timing
            let d = t.simpleDuration
            // A paced keyframe animation ignores its easing (constant velocity), so it is linear here.
            let easing: TimingFunction = animation.isPaced ? .linear : animation.timingFunction
            let curve: CubicBezier?? = switch easing {
            case .linear: .some(nil)
            case .cubicBezier(let c): .some(c)
            default: .none
            }
            // At most `maxPiecesPerAnimation` pieces, and under a knot limit no more than the layer can
            // still take (two knots a piece).
            let have = knots[layer]?.count ?? 0
            let room = min(Timeline.maxPiecesPerAnimation, pieceBudget, knotLimit == .max ? .max : max(0, knotLimit + 1 - have / 2))
            guard room > 0 else {
                if pieceBudget <= 0 { unlaid += 1 }
                return
            }
            let pieces = t.pieces(limit: room, window: time.window(duration))
            if pieceBudget != .max { pieceBudget -= pieces.count }
            for piece in pieces {
                guard let s0 = time.toScene(piece.start), let s1 = time.toScene(piece.end) else { continue }
                add(knot: s0, layer: layer)
                add(knot: s1, layer: layer)
                if min(s0, s1) > duration { break }
                // The whole simple duration this piece is part of, in scene time: progress 0 at `a0`, 1 at `a1`.
                let dp = piece.progressAtEnd - piece.progressAtStart
                guard dp != 0 else { continue }
                let a0 = s0 - piece.progressAtStart * (s1 - s0) / dp, a1 = a0 + (s1 - s0) / dp
                let (a, b) = a0 <= a1 ? (a0, a1) : (a1, a0)
                let reversed = a0 > a1
                if case .some(let c) = curve {
                    switch animation.content {
                    case .basic:
                        add(span: Span(start: a, end: b, curve: c.map { reversed ? $0.reversed : $0 }), layer: layer)
                    case .keyframe(let k):
                        inner(k, curve: c, from: a, to: b, reversed: reversed, layer: layer)
                    case .group(let children):
                        if c == nil {
                            let child = TimeMap.cycle(from: a, to: b, reversed: reversed, duration: d)
                            for animation in children { collect(animation, layer: layer, time: child) }
                        }
                    }
                } else if case .keyframe(let k) = animation.content {
                    // Segment boundaries still matter, even when the overall easing is not a Bézier.
                    for time in k.effectiveKeyTimes where !add(knot: a + (b - a) * time, layer: layer) { break }
                }
                if case .steps(let steps) = easing {
                    for j in 0...steps.count where !add(knot: a + (b - a) * Double(j) / Double(steps.count), layer: layer) { break }
                }
            }
        }

        /// The knots and spans of a keyframe animation's segments over [a, b] (linear overall easing).
        mutating func inner(_ k: KeyframeAnimation, curve: CubicBezier?, from a: Double, to b: Double, reversed: Bool, layer: String) {
            let times = k.path == nil ? k.effectiveKeyTimes : (k.keyTimes ?? [])
            for time in times where !add(knot: reversed ? b - (b - a) * time : a + (b - a) * time, layer: layer) { break }
            guard curve == nil, k.path == nil, keepsSpans else { return }
            switch k.calculationMode {
            case .linear:
                for i in 0..<max(times.count - 1, 0) {
                    var segment: CubicBezier?
                    if let functions = k.timingFunctions, i < functions.count {
                        switch functions[i] {
                        case .linear: segment = nil
                        case .cubicBezier(let c): segment = c
                        default: continue
                        }
                    }
                    let x0 = a + (b - a) * times[i], x1 = a + (b - a) * times[i + 1]
                    if reversed {
                        spans[layer, default: []].append(Span(start: b - (x1 - a), end: b - (x0 - a), curve: segment?.reversed))
                    } else {
                        spans[layer, default: []].append(Span(start: x0, end: x1, curve: segment))
                    }
                }
            case .paced:
                for i in 0..<max(times.count - 1, 0) {
                    let x0 = a + (b - a) * times[i], x1 = a + (b - a) * times[i + 1]
                    spans[layer, default: []].append(reversed ? Span(start: b - (x1 - a), end: b - (x0 - a), curve: nil)
                                                              : Span(start: x0, end: x1, curve: nil))
                }
            default:
                break
            }
        }
    }
}

extension CubicBezier {
    /// The same easing played backwards, normalised: 1 − E(1 − x) is cubic-bezier(1 − x2, 1 − y2, 1 − x1, 1 − y1).
    public var reversed: CubicBezier { CubicBezier(1 - x2, 1 - y2, 1 - x1, 1 - y1) }
}

extension Timeline {
    /// How a time (a layer's, an animation's parent's) maps to scene time and back: each is affine,
    /// composed of the layers' timings and the groups' cycles. `nil` where a speed of 0 freezes time
    /// (no instant of the scene maps to a moment of it).
    struct TimeMap {
        let toScene: (Double) -> Double?
        let fromScene: (Double) -> Double?

        /// Scene time itself.
        static var scene: TimeMap { TimeMap(toScene: { $0 }, fromScene: { $0 }) }

        /// A time that starts `offset` seconds into the scene (a layer added by a change).
        func shifted(by offset: Double) -> TimeMap {
            TimeMap(toScene: { toScene($0 + offset) }, fromScene: { fromScene($0).map { $0 - offset } })
        }

        /// The local time of a layer with `timing` whose parent's time is this one:
        /// local = (parent − begin)·speed + offset  ⇔  parent = (local − offset)/speed + begin.
        func within(_ timing: MediaTiming) -> TimeMap {
            TimeMap(toScene: { local in
                guard timing.speed != 0 else { return nil }
                return toScene((local - timing.timeOffset) / timing.speed + timing.beginTime)
            }, fromScene: { scene in
                guard timing.speed != 0 else { return nil }
                return fromScene(scene).map(timing.layerLocalTime)
            })
        }

        /// A group's child time over one cycle that runs, in scene time, from `a` to `b` (back from `b`
        /// when `reversed`) over the group's simple duration `d`.
        static func cycle(from a: Double, to b: Double, reversed: Bool, duration d: Double) -> TimeMap {
            TimeMap(toScene: { local in reversed ? (b - (b - a) * local / d) : (a + (b - a) * local / d) },
                    fromScene: { s in b > a ? (reversed ? (b - s) * d / (b - a) : (s - a) * d / (b - a)) : nil })
        }

        /// The scene's [0, duration] in this time, for `MediaTiming.pieces(window:)`; nil where it
        /// maps to no finite range.
        func window(_ duration: Double) -> ClosedRange<Double>? {
            guard let p = fromScene(0), let q = fromScene(duration), p.isFinite, q.isFinite else { return nil }
            return min(p, q)...max(p, q)
        }
    }
}
