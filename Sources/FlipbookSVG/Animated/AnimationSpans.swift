import Easing
import Flipbook

/// Where each layer's animated values follow a known curve: the spans of its animations in scene time
/// with their easing, and the knots where behaviour may change. The animated-SVG compiler fits value
/// tracks against these to encode them exactly.
struct AnimationSpans {
    /// One stretch of scene time over which a property moves from one value to another along `curve`
    /// (nil: linear).
    struct Span: Hashable {
        var start: Double
        var end: Double
        var curve: CubicBezier?
    }

    /// Spans by model layer id.
    private(set) var spans: [String: [Span]] = [:]
    /// Knot times by model layer id, sorted, within [0, duration].
    private(set) var knots: [String: [Double]] = [:]
    let duration: Double

    init(scene: Scene) {
        duration = scene.duration
        var collector = Collector(duration: scene.duration)
        // The model before any change, and after each change (implicit animations replace earlier ones).
        collector.walk(scene.root, toScene: { $0 })
        for change in scene.changes.sorted(by: { $0.time < $1.time }) {
            collector.add(knot: change.time, layer: change.layerID)
            collector.walk(scene.model(at: change.time), toScene: { $0 })
        }
        spans = collector.spans.mapValues { Array(Set($0)).sorted { ($0.start, $0.end) < ($1.start, $1.end) } }
        let limit = scene.duration
        knots = collector.knots.mapValues { times in
            var kept = Set([0, limit])
            for t in times where t >= 0 && t <= limit { kept.insert(t) }
            return kept.sorted()
        }
    }

    /// The knots that matter for a layer (its own), always including 0 and the duration.
    func knots(for id: String) -> [Double] { knots[id] ?? [0, duration] }

    func spans(for id: String) -> [Span] { spans[id] ?? [] }

    private struct Collector {
        let duration: Double
        var spans: [String: [Span]] = [:]
        var knots: [String: [Double]] = [:]
        /// Cap on the knots one animation adds (infinite repeats end at the scene's duration anyway).
        let maxPerAnimation = 20_000

        mutating func add(knot: Double, layer: String) {
            if knot.isFinite { knots[layer, default: []].append(knot) }
        }

        mutating func walk(_ layer: Layer, toScene: @escaping (Double) -> Double?) {
            let timing = layer.timing
            // local = (parent − begin)·speed + offset  ⇒  parent = (local − offset)/speed + begin.
            let localToScene: (Double) -> Double? = { local in
                guard timing.speed != 0 else { return nil }
                return toScene((local - timing.timeOffset) / timing.speed + timing.beginTime)
            }
            for keyed in layer.animations {
                collect(keyed.animation, layer: layer.id, toScene: localToScene)
            }
            for sublayer in layer.sublayers {
                walk(sublayer, toScene: localToScene)
            }
        }

        /// Adds the knots and spans of `animation`, whose parent time maps to scene time by `toScene`.
        mutating func collect(_ animation: Animation, layer: String, toScene: @escaping (Double) -> Double?) {
            let t = animation.timing
            let d = t.simpleDuration, cycle = t.cycleDuration, active = t.activeDuration
            guard t.speed != 0 else { return }
            let parent = { (local: Double) in t.beginTime + local / t.speed }
            let sceneOf = { (local: Double) in toScene(parent(local)) }
            for point in [0, active] { if let s = sceneOf(point) { add(knot: s, layer: layer) } }
            if t.timeOffset != 0 && active.isFinite {
                var wrap = (active - t.timeOffset).truncatingRemainder(dividingBy: active)
                if wrap < 0 { wrap += active }
                if let s = sceneOf(wrap) { add(knot: s, layer: layer) }
            }
            // A paced keyframe animation ignores its easing (constant velocity), so it is linear here.
            let easing: TimingFunction = animation.isPaced ? .linear : animation.timingFunction
            let curve: CubicBezier?? = switch easing {
            case .linear: .some(nil)
            case .cubicBezier(let c): .some(c)
            default: .none
            }
            var count = 0
            var iteration = 0.0
            while iteration * cycle < active && count < maxPerAnimation {
                // Local times of this cycle's pieces: forward [k·cycle, k·cycle + d], backward after it.
                let base = iteration * cycle - t.timeOffset
                let directions: [Bool] = t.autoreverses ? [true, false] : [true]
                for (half, forward) in directions.enumerated() {
                    let start = base + Double(half) * d
                    guard let s0 = sceneOf(start), let s1 = sceneOf(start + d) else { continue }
                    add(knot: s0, layer: layer)
                    add(knot: s1, layer: layer)
                    count += 1
                    if s0 > duration { break }
                    let (a, b) = s0 <= s1 ? (s0, s1) : (s1, s0)
                    let reversed = (s0 > s1) != !forward
                    if case .some(let c) = curve, t.timeOffset == 0 {
                        switch animation.content {
                        case .basic:
                            spans[layer, default: []].append(Span(start: a, end: b, curve: c.map { reversed ? $0.reversed : $0 }))
                        case .keyframe(let k):
                            inner(k, curve: c, from: a, to: b, reversed: reversed, layer: layer)
                        case .group(let children):
                            if c == nil {
                                let childToScene: (Double) -> Double? = { local in
                                    forward ? (a + (b - a) * local / d) : (b - (b - a) * local / d)
                                }
                                for child in children { collect(child, layer: layer, toScene: childToScene) }
                            }
                        }
                    } else if case .keyframe(let k) = animation.content {
                        // Segment boundaries still matter, even when the overall easing is not a Bézier.
                        for time in k.effectiveKeyTimes { add(knot: a + (b - a) * time, layer: layer) }
                    }
                    if case .steps(let steps) = animation.timingFunction {
                        for j in 0...steps.count { add(knot: a + (b - a) * Double(j) / Double(steps.count), layer: layer) }
                    }
                }
                iteration += 1
            }
        }

        /// The knots and spans of a keyframe animation's segments over [a, b] (linear overall easing).
        mutating func inner(_ k: KeyframeAnimation, curve: CubicBezier?, from a: Double, to b: Double, reversed: Bool, layer: String) {
            let times = k.path == nil ? k.effectiveKeyTimes : (k.keyTimes ?? [])
            for time in times { add(knot: reversed ? b - (b - a) * time : a + (b - a) * time, layer: layer) }
            guard curve == nil, k.path == nil else { return }
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
    var reversed: CubicBezier { CubicBezier(1 - x2, 1 - y2, 1 - x1, 1 - y1) }
}
