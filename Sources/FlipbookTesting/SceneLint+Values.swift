import Flipbook
import FlipbookSVG

extension SceneLint {
    /// The properties with a range, and the range: fractions of a whole in [0, 1], widths and radii ≥ 0.
    static let ranges: [String: ClosedRange<Double>] = [
        "opacity": 0...1, "shadowOpacity": 0...1, "strokeStart": 0...1, "strokeEnd": 0...1,
        "lineWidth": 0...Double.infinity, "borderWidth": 0...Double.infinity, "cornerRadius": 0...Double.infinity,
        "shadowRadius": 0...Double.infinity, "fontSize": 0...Double.infinity,
    ]

    /// A value's numbers, for the rules that compare them: a number, an angle in degrees, a point, a
    /// size, a rectangle, a colour's channels (0…1), a transform's six, a list; nil for the rest.
    static func numbers(_ value: PropertyValue) -> [Double]? {
        switch value {
        case .number(let x): [x]
        case .angle(let a): [a.degrees]
        case .point(let p): [p.x, p.y]
        case .size(let s): [s.width, s.height]
        case .rect(let r): [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): [c.red, c.green, c.blue, c.alpha]
        case .transform(let m): [m.a, m.b, m.c, m.d, m.tx, m.ty]
        case .numbers(let xs): xs
        default: nil
        }
    }

    /// The layers of the presentation tree at `time` by id.
    func tree(at time: Double) -> [String: Layer] {
        var out: [String: Layer] = [:]
        for layer in Trace.layers(of: scene.presentation(at: time)) where out[layer.id] == nil { out[layer.id] = layer }
        return out
    }

    /// The largest difference of two values' components; angles compared around the circle.
    static func difference(_ a: PropertyValue, _ b: PropertyValue) -> Double? {
        guard let x = numbers(a), let y = numbers(b), x.count == y.count else { return nil }
        if case .angle = a {
            let d = (x[0] - y[0]).truncatingRemainder(dividingBy: 360)
            return min(abs(d), 360 - abs(d))
        }
        return zip(x, y).reduce(0) { max($0, abs($1.0 - $1.1)) }
    }

    /// The properties of the scene's own layers (not those components derive, whose values follow
    /// from their owners'), with the layer's path.
    func ownLayers(_ tree: [String: Layer]) -> [(path: String, layer: Layer)] {
        let paths = scene.layerPaths
        return tree.values.compactMap { layer in paths[layer.id].map { ($0, layer) } }.sorted { $0.path < $1.path }
    }

    func valueFindings() -> [LintFinding] {
        loopFindings() + retargetFindings() + rangeFindings()
    }

    /// loop-seam and loop-velocity: in a looping scene, each animated number of the scene's own layers.
    /// Where the engine's own continuation past the end repeats the start (at 0, 1 ms, 2 ms, a seventh
    /// and a third of the scene after the end, within 1e-4 of the value's size), the loop point is
    /// the motion's own and nothing is found: a sawtooth or a ping-pong that repeats forever. Elsewhere
    /// the value just before the end must meet the start (loop-seam), and the one-sided derivatives
    /// there (second-order differences over 1 ms) agree within 5 % of the faster plus 2 % of the
    /// property's travel over the loop per loop (loop-velocity).
    func loopFindings() -> [LintFinding] {
        guard scene.loops, scene.duration > 0 else { return [] }
        let end = scene.duration, h = min(1e-3, end / 100), tail = end - 1e-6 * max(1, end)
        let offsets = [0, h, 2 * h, end / 7, end / 3]
        let starts = offsets.map { tree(at: $0) }, continued = offsets.map { tree(at: end + $0) }
        let e0 = tree(at: tail), e1 = tree(at: tail - h), e2 = tree(at: tail - 2 * h)
        let samples = (0...40).map { tree(at: end * Double($0) / 41) }
        var out: [LintFinding] = []
        for (path, layer) in ownLayers(starts[0]) {
            guard let last = e0[layer.id], let l1 = e1[layer.id], let l2 = e2[layer.id], let r1 = starts[1][layer.id], let r2 = starts[2][layer.id] else { continue }
            for key in layer.type.allProperties {
                let start = layer.value(for: key), stop = last.value(for: key)
                guard let x0 = Self.numbers(start), let xe = Self.numbers(stop), x0.count == xe.count,
                      let xr1 = Self.numbers(r1.value(for: key)), let xr2 = Self.numbers(r2.value(for: key)),
                      let xl1 = Self.numbers(l1.value(for: key)), let xl2 = Self.numbers(l2.value(for: key)) else { continue }
                let startSize: Double = x0.map(abs).max() ?? 0, stopSize: Double = xe.map(abs).max() ?? 0
                let size = max(1, startSize, stopSize)
                let repeats = zip(starts, continued).allSatisfy { a, b in
                    guard let p = a[layer.id], let q = b[layer.id], let d = Self.difference(p.value(for: key), q.value(for: key)) else { return false }
                    return d <= 1e-4 * size
                }
                if repeats { continue }
                let along = samples.compactMap { $0[layer.id].flatMap { Self.numbers($0.value(for: key)) } }
                var travel = 0.0
                for c in 0..<x0.count {
                    let xs = along.compactMap { $0.count > c ? $0[c] : nil }
                    travel = max(travel, (xs.max() ?? 0) - (xs.min() ?? 0))
                }
                let isAngle: Bool = { if case .angle = start { return true } else { return false } }()
                var worst = 0.0, worstIndex = 0, speeds = (0.0, 0.0), fastest = 0.0
                for c in 0..<x0.count {
                    var right = (-3 * x0[c] + 4 * xr1[c] - xr2[c]) / (2 * h)
                    var left = (3 * xe[c] - 4 * xl1[c] + xl2[c]) / (2 * h)
                    if isAngle { (right, left) = (Self.wrapped(right * 2 * h) / (2 * h), Self.wrapped(left * 2 * h) / (2 * h)) }
                    fastest = max(fastest, abs(left))
                    let jump = abs(left - right) - 0.05 * max(abs(left), abs(right)) - 0.02 * travel / end
                    if jump > worst { (worst, worstIndex, speeds) = (jump, c, (left, right)) }
                }
                // The end is sampled 1 µs early: the motion of that microsecond is no gap.
                let gap = Self.difference(start, stop) ?? 0
                if gap > 1e-4 * size + 2 * fastest * (end - tail) {
                    out.append(LintFinding(.loopSeam, path: path, time: end,
                                           message: "the loop ends with \(layer.id)'s \(key.name) at \(text(stop)) and starts again at \(text(start))",
                                           fix: "end its animation where it starts (the last keyframe equal to the first, or a repeat that divides the scene's \(TraceComparison.number(end)) s)"))
                    continue
                }
                guard travel > 0 else { continue }
                if worst > 0 {
                    let n = TraceComparison.number
                    out.append(LintFinding(.loopVelocity, path: path, time: end,
                                           message: "the loop meets itself with a jump in \(layer.id)'s \(key.name) speed\(x0.count > 1 ? " (component \(worstIndex))" : ""): \(n(speeds.0)) a second at the end, \(n(speeds.1)) at the start",
                                           fix: "ease both ends alike (the same timing at the end as at the start, or ease-in-out) or make the motion a whole cycle"))
                }
            }
        }
        return out
    }

    /// An angle difference brought into (−180, 180].
    static func wrapped(_ degrees: Double) -> Double {
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 } else if d <= -180 { d += 360 }
        return d
    }

    /// retarget-jump: where a change or an explicit animation starts on a property that is moving, the
    /// value 10 µs before, 20 µs before and at the start; a jump at the start more than 10 times the
    /// last 10 µs of motion and more than 1e-3 of the value's size is a retarget from another value
    /// than the one on screen.
    func retargetFindings() -> [LintFinding] {
        let end = scene.duration
        var starts: [(time: Double, layer: String, keys: [String], path: String, change: Bool)] = []
        for (i, change) in scene.changes.enumerated() where change.edit == nil {
            starts.append((change.time, change.layerID, change.assignments.map(\.key.name), "changes[\(i)]", true))
        }
        for placed in placedAnimations { starts.append((placed.begin, placed.layer.id, placed.animation.keys.sorted(), placed.path, false)) }
        var out: [LintFinding] = []
        let d = 1e-5
        for start in starts where start.time > 2 * d && start.time < end {
            let a = tree(at: start.time - 2 * d), b = tree(at: start.time - d), c = tree(at: start.time)
            guard let la = a[start.layer], let lb = b[start.layer], let lc = c[start.layer] else { continue }
            for name in start.keys {
                guard let key = lc.type.property(named: name) else { continue }
                let va = la.value(for: key), vb = lb.value(for: key), vc = lc.value(for: key)
                guard let moving = Self.difference(va, vb), let jump = Self.difference(vb, vc), let size = Self.numbers(vb)?.map(abs).max() else { continue }
                guard moving > 1e-12 * max(1, size), jump > 10 * moving, jump > 1e-3 * max(1, size) else { continue }
                let what = start.change ? "the change" : "the animation"
                out.append(LintFinding(.retargetJump, path: start.path, time: start.time,
                                       message: "\(start.layer)'s \(name) is moving when \(what) starts, and jumps from \(text(vb)) on screen to \(text(vc))",
                                       fix: start.change
                                           ? "start the change when the earlier animation has ended, or give it no duration so the new value shows at once"
                                           : "leave out its from value (it then starts from the value on screen) or make it additive"))
            }
        }
        return out
    }

    /// out-of-range: the values animations and changes give (from, to, by, keyframes, assignments) and
    /// the presentation's values at every frame, of the properties with a range (`ranges`); a property
    /// reported from the file is not reported again from the frames.
    func rangeFindings() -> [LintFinding] {
        var out: [LintFinding] = []
        var reported: Set<String> = []
        func check(_ value: PropertyValue, key: String, layer: String, path: String, time: Double?) {
            guard let range = Self.ranges[key], let x = Self.numbers(value)?.first, !range.contains(x), reported.insert("\(layer).\(key)").inserted else { return }
            let bound = x < range.lowerBound ? "below \(TraceComparison.number(range.lowerBound))" : "above \(TraceComparison.number(range.upperBound))"
            let how = time == nil ? "is given" : "reaches"
            out.append(LintFinding(.outOfRange, path: path, time: time,
                                   message: "\(layer)'s \(key) \(how) \(TraceComparison.number(x)), \(bound) (\(key) runs \(Self.rangeText(range)))",
                                   fix: time == nil ? "keep the value within \(Self.rangeText(range))" : "use a timing that does not overshoot (no back or elastic easing, a spring with more damping) or values farther from the bound"))
        }
        for placed in placedAnimations {
            for value in Self.values(of: placed.animation) {
                check(value.value, key: value.key, layer: placed.layer.id, path: placed.path, time: nil)
            }
        }
        for (i, change) in scene.changes.enumerated() {
            for assignment in change.assignments { check(assignment.value, key: assignment.key.name, layer: change.layerID, path: "changes[\(i)].set.\(assignment.key.name)", time: nil) }
        }
        let animated = placedAnimations
        for frame in 0..<scene.frameCount {
            let t = scene.frameTime(frame)
            for (path, layer) in ownLayers(tree(at: t)) {
                for name in Self.ranges.keys.sorted() {
                    guard let key = layer.type.property(named: name) else { continue }
                    let source = animated.first { $0.layer.id == layer.id && $0.animation.keys.contains(name) }?.path
                        ?? scene.changes.indices.first { scene.changes[$0].layerID == layer.id && scene.changes[$0].assignments.contains { $0.key.name == name } }.map { "changes[\($0)]" }
                        ?? path
                    check(layer.value(for: key), key: name, layer: layer.id, path: source, time: t)
                }
            }
        }
        return out
    }

    /// The values an animation names, with their properties (a group's children's included).
    static func values(of animation: Animation) -> [(key: String, value: PropertyValue)] {
        switch animation.content {
        // An additive animation's values are offsets, and `by` always is one: neither is a value shown.
        case .basic(let b): animation.isAdditive ? [] : [b.from, b.to].compactMap { $0.map { (b.key.name, $0) } }
        case .keyframe(let k): animation.isAdditive ? [] : k.values.map { (k.key.name, $0) }
        case .group(let children): children.flatMap(values)
        }
    }

    static func rangeText(_ range: ClosedRange<Double>) -> String {
        range.upperBound.isInfinite ? "from \(TraceComparison.number(range.lowerBound)) up" : "from \(TraceComparison.number(range.lowerBound)) to \(TraceComparison.number(range.upperBound))"
    }

    func text(_ value: PropertyValue) -> String { PresentationJSON.text(of: value) }
}
