#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Flipbook

extension LottieWriter {
    /// A gradient fill (`gf`) for an element whose `fill` names a `linearGradient` or a
    /// `radialGradient` in user space: its ends (`s`, `e`; a radial one's centre and the point of its
    /// circle right of it), a radial one's focus as the highlight (`h`, `a`), and its stops (`g`:
    /// offset and colour per stop, then offset and opacity per stop when any is below 1).
    ///
    /// A static gradient is written as it is. When the gradient animates (its ends, or its stops'
    /// offsets, colours or opacities) or the fill switches between gradients, every value is the SMIL
    /// animation's, read back by `SMILTrack` at each frame instant (and at the instants its tracks are
    /// checked at or hold keys), as a keyframe there: linear between them for a gradient that moves,
    /// held for a fill that switches. Lottie players show frames, so each frame is the verified SMIL's
    /// value exactly (within the written decimals).
    ///
    /// nil (the caller reports it left out) for a gradient in bounding-box units, a fill that
    /// is a colour at some frame and a gradient at another, or gradients whose number of stops differs.
    func gradientFill(_ e: Element) -> JSON? {
        guard let fields = gradientFields(e, "fill") else { return nil }
        return .object([("ty", .string("gf")), ("o", self.property(e, "fill-opacity", initial: [number(e, "fill-opacity") ?? 1], scale: 100)),
                        ("r", fillRule(e))] + fields)
    }

    /// The gradient's fields (`s`, `e`, `t`, `h`, `a`, `g`) of a gradient fill or stroke for an element
    /// whose `attribute` (fill or stroke) names a gradient in user space (`gradientFill`), nil when it
    /// does not.
    func gradientFields(_ e: Element, _ attribute: String) -> [(String, JSON)]? {
        let fillTracks = e.animations(of: attribute).map { SMILTrack($0, timing: document.timing) }
        let staticFill = e.attribute(attribute)
        /// The instant `time` is read at: a looping document's end 1e-9 s before it, since at the end
        /// its tracks start their next cycle, and the key at the last frame holds the value the last
        /// frame ramps to.
        let loopEnd = document.timing.loops ? document.timing.duration - 1e-9 : Double.infinity
        func readable(_ time: Double) -> Double { min(time, loopEnd) }
        /// The gradient's id the fill names at `t`, nil when it is a colour then.
        func reference(at time: Double) -> String? {
            let t = readable(time)
            var value: String? = nil
            if case .reference(let id)? = staticFill { value = id }
            for track in fillTracks {
                switch track.value(at: t) {
                case .text(let v)?: value = v.hasPrefix("url(#") ? String(v.dropFirst(5).dropLast()) : nil
                case .numbers?: value = nil
                case nil: break
                }
            }
            return value
        }
        func gradient(_ id: String?) -> Element? {
            guard let id, let g = definitions[id], g.kind == .linearGradient || g.kind == .radialGradient, keyword(g, "gradientUnits") == "userSpaceOnUse",
                  !g.children.isEmpty, g.children.allSatisfy({ $0.kind == .stop }) else { return nil }
            return g
        }
        /// The gradient's ends and stops at `t`: each attribute's animation (read back), else its value.
        func values(_ g: Element, at time: Double) -> (start: [Double], end: [Double], highlight: [Double], stops: [(offset: Double, color: [Double], alpha: Double)]) {
            let t = readable(time)
            func number(_ element: Element, _ name: String, _ fallback: Double) -> Double {
                var v = self.number(element, name) ?? fallback
                for a in element.animations(of: name) {
                    if case .numbers(let n)? = SMILTrack(a, timing: document.timing).value(at: t), let first = n.first { v = first }
                }
                return v
            }
            let stops = g.children.map { stop -> (offset: Double, color: [Double], alpha: Double) in
                var c = stop.attribute("stop-color")?.written ?? [0, 0, 0]
                for a in stop.animations(of: "stop-color") {
                    if case .numbers(let n)? = SMILTrack(a, timing: document.timing).value(at: t), n.count == 3 { c = n }
                }
                return (number(stop, "offset", 0), c, number(stop, "stop-opacity", 1))
            }
            if g.kind == .radialGradient {
                // Lottie's radial gradient: from the centre (`s`) to a point on the circle of offset 1
                // (`e`, right of the centre), its focus the highlight: `h` percent of the radius from
                // the centre at `a` degrees from the line s → e (clockwise on screen).
                let cx = number(g, "cx", 0), cy = number(g, "cy", 0), r = number(g, "r", 0)
                let h = Gradient.highlight(center: Point(cx, cy), edge: Point(cx + r, cy), focus: Point(number(g, "fx", cx), number(g, "fy", cy)))
                return ([cx, cy], [cx + r, cy], [h.length, h.angle], stops)
            }
            return ([number(g, "x1", 0), number(g, "y1", 0)], [number(g, "x2", 1), number(g, "y2", 0)], [0, 0], stops)
        }
        let staticGradient = gradient(reference(at: -1))
        let moves = !fillTracks.isEmpty || staticGradient.map { g in !g.animations.isEmpty || g.children.contains { !$0.animations.isEmpty } } ?? true
        // The frame instants, and the instants the gradient's tracks were checked at that are not
        // between frames (where an animation begins or ends or steps: a gradient sampled at the frames
        // alone cut the corner there).
        var times = moves ? (0...frames).map { Double($0) / fps } : [0]
        // The last instant keys are sampled at: the out point, or the document's end where that is later
        // (a looping scene whose duration is not a whole number of frames; its tracks' keys, which the
        // other properties copy, run to the end, where the checks read them: a gradient sampled to the
        // out point alone held its last frame's value there, 5.4 px off).
        let lastInstant = max(Double(frames) / fps, document.timing.duration)
        // Instants read a hair later (a jump's): a jump written at it (key times rounded to nine
        // decimals of the duration) may land just after it, and the key there is to hold the value
        // after the jump.
        var later = Set<Double>()
        // The instants just before jumps, whose keys hold until the jump's own key (a linear key there
        // ramped over the microsecond before it, and an instant 1e-8 s before the jump, as the checks
        // read it, showed the value after it: fuzz seed 20261211, a step at a change's end).
        var beforeJumps = Set<Double>()
        if moves, let g = staticGradient {
            let knots = ([g] + g.children).flatMap { e in e.animations.compactMap { a -> [Double]? in
                guard case .numeric(let n) = a, let c = n.check else { return nil }
                return zip(c.times, c.onGrid).filter { $0.1 }.map(\.0)
            } }.flatMap { $0 }
            // A knot where the gradient jumps (a step): the value just before it too, 1e-6 s earlier, so
            // that the keys between hold the old value up to it instead of ramping to the new one.
            let inside = Set(knots.filter { $0 >= 0 && $0 <= lastInstant })
            func flat(_ t: Double) -> [Double] {
                let v = values(g, at: t)
                return v.start + v.end + v.stops.flatMap { [$0.offset, $0.alpha] + $0.color }
            }
            // A jump: a change across the knot (1e-6 s before it to 2e-8 s after) over twice what the
            // value moved in the microsecond before (a ramp's slope carries it 1.02 times as far: a
            // ramp is no jump, and its keys at the frames and knots need no hold before them).
            let jumps = inside.filter { t in
                guard t > 1e-6 else { return false }
                let before = flat(max(0, t - 2e-6)), left = flat(t - 1e-6), right = flat(min(t + 2e-8, lastInstant))
                return left.indices.contains { i in abs(right[i] - left[i]) > 1e-6 * max(1, abs(left[i])) + 2 * abs(left[i] - before[i]) }
            }
            beforeJumps = Set(jumps.map { $0 - 1e-6 })
            let sampled = Set(times).union(inside).union(beforeJumps).sorted()
            // And the instants of the tracks' own keys a microsecond or more from all of those: the fit
            // places some between frames and knots, such as the end of a jump the engine makes a few
            // ulps after its knot (a ramp of 57 µs), which keys at the frames alone ramped over to the
            // next frame (fuzz seed 20261211: a stepped radial gradient, 12.4 px off). Nearer, a key
            // adds nothing, and one a few ulps from a jump's knot can land on its other side at the
            // knot's frame number (a step held 25 px off at it). A track's jump is two keys at one
            // instant, the earlier held from `jumpLead` before it (`separated`): that key holds here too.
            func apart(_ t: Double) -> Bool {
                var lo = 0, hi = sampled.count
                while lo < hi { let mid = (lo + hi) / 2; if sampled[mid] < t { lo = mid + 1 } else { hi = mid } }
                return (lo == sampled.count || sampled[lo] - t >= 1e-6) && (lo == 0 || t - sampled[lo - 1] >= 1e-6)
            }
            var keyed = Set<Double>()
            for element in [g] + g.children {
                for animation in element.animations {
                    let list = self.keys(animation, initial: [0], parse: { _ in [0] })
                    for (i, key) in list.enumerated() where key.time > 0 && key.time < lastInstant && apart(key.time) {
                        keyed.insert(key.time)
                        if case .hold = key.ease, i + 1 < list.count, list[i + 1].time > key.time, list[i + 1].time - key.time <= jumpLead * 1.1 {
                            beforeJumps.insert(key.time)
                        }
                    }
                }
            }
            times = Array(keyed.union(sampled)).sorted()
            // Read later only where the value has settled by then (a jump, not a ramp of a few
            // microseconds: a fuzzed gradient thrown to 1e308 px climbs to the 9e12 px range in 61 µs,
            // and its key read 2e-8 s late held 3e9 px at a frame that shows 0).
            later = jumps.filter { t in
                !zip(flat(min(t + 2e-8, lastInstant)), flat(min(t + 2e-7, lastInstant))).contains { abs($0 - $1) > 1e-6 * max(1, abs($0)) }
            }
        }
        var keys: [(start: [Double], end: [Double], highlight: [Double], stops: [Double], alphas: [Double])] = []
        var stopCount: Int?
        for time in times {
            let t = later.contains(time) ? min(time + 2e-8, lastInstant) : time
            guard let g = gradient(reference(at: t)), g.kind == (staticGradient ?? g).kind else { return nil }
            let v = values(g, at: t)
            if stopCount == nil { stopCount = v.stops.count }
            guard v.stops.count == stopCount else { return nil }
            keys.append((v.start, v.end, v.highlight, v.stops.flatMap { [$0.offset] + $0.color }, v.stops.flatMap { [$0.offset, $0.alpha] }))
        }
        guard !keys.isEmpty, let stopCount else { return nil }
        let translucent = keys.contains { k in stride(from: 1, to: k.alphas.count, by: 2).contains { k.alphas[$0] < 1 } }
        let ease: Key.Ease = fillTracks.isEmpty ? .linear : .hold
        func property(_ value: (Int) -> [Double], precise: Bool) -> JSON {
            animated(times.indices.map { Key(time: times[$0], value: value($0), ease: $0 == times.count - 1 || beforeJumps.contains(times[$0]) ? .hold : ease) }, precise: precise)
        }
        let stops = property({ translucent ? keys[$0].stops + keys[$0].alphas : keys[$0].stops }, precise: true)
        let start = property({ keys[$0].start }, precise: false), end = property({ keys[$0].end }, precise: false)
        // A focus at any key: the highlight's length and angle (`h`, `a`), one number each. The angle
        // of a focus at the centre (no length) is any: it is the nearest key's that has one, so keys
        // between turn it no more than the focus turns; and each angle is the one of its turns
        // nearest the key before's (atan2's jump from 180° to −180° is no turn).
        let focal = keys.contains { $0.highlight[0] != 0 }
        if focal {
            // The nearest placed key before and after each key, in one pass each way (a tie goes to
            // the later one).
            var before = [Int?](repeating: nil, count: keys.count), after = before, last: Int?
            for i in keys.indices { if keys[i].highlight[0] != 0 { last = i }; before[i] = last }
            last = nil
            for i in keys.indices.reversed() { if keys[i].highlight[0] != 0 { last = i }; after[i] = last }
            for i in keys.indices where keys[i].highlight[0] == 0 {
                let nearest = [before[i], after[i]].compactMap { $0 }.min { abs($0 - i) < abs($1 - i) || (abs($0 - i) == abs($1 - i) && $0 > $1) }!
                keys[i].highlight[1] = keys[nearest].highlight[1]
            }
            for i in keys.indices.dropFirst() {
                let previous = keys[i - 1].highlight[1]
                keys[i].highlight[1] = previous + (keys[i].highlight[1] - previous).remainder(dividingBy: 360)
            }
        }
        let length = property({ [keys[$0].highlight[0]] }, precise: false), angle = property({ [keys[$0].highlight[1]] }, precise: false)
        // Read back, for a fill that names one gradient throughout: its ends and each stop's offset,
        // colour and opacity, from the gradient fill's properties.
        if fillTracks.isEmpty, let g = staticGradient {
            if g.kind == .radialGradient {
                probe(g, "cx", start) { [$0[0]] }
                probe(g, "cy", start) { [$0[1]] }
                probeRadial(g, start: start, end: end, length: length, angle: angle)
            } else {
                probe(g, "x1", start) { [$0[0]] }
                probe(g, "y1", start) { [$0[1]] }
                probe(g, "x2", end) { [$0[0]] }
                probe(g, "y2", end) { [$0[1]] }
            }
            for (n, stop) in g.children.enumerated() {
                probe(stop, "offset", stops) { [$0[4 * n]] }
                probe(stop, "stop-color", stops) { Array($0[(4 * n + 1)...(4 * n + 3)]) }
                probe(stop, "stop-opacity", stops) { $0.count > 4 * stopCount ? [$0[4 * stopCount + 2 * n + 1]] : [1] }
            }
        }
        let kind = staticGradient?.kind == .radialGradient || (staticGradient == nil && gradient(reference(at: 0))?.kind == .radialGradient) ? 2 : 1
        return [("s", start), ("e", end), ("t", .int(kind))] + (kind == 2 && focal ? [("h", length), ("a", angle)] : [])
            + [("g", .object([("p", .int(stopCount)), ("k", stops)]))]
    }

    /// Registers a radial gradient's radius (`r`: |e − s|) and focus (`fx`, `fy`) read back from the
    /// centre, the point on the circle and the highlight's length and angle (`Gradient.highlightFocus`,
    /// the length as written: over 99 % only where the SVG's tracks, each within its bound, place
    /// the focus a hair outside 0.99 of their radius, which lottie-web would hold at 99 %). A focus
    /// is read as near the track's as half the highlight's last written decimal allows (1e-4 % of the
    /// radius: 0.005 px at 10,000 px, and nothing a file can write nearer at 1e308).
    private func probeRadial(_ g: Element, start: JSON, end: JSON, length: JSON, angle: JSON) {
        guard let s = LottieProperty(start), let e = LottieProperty(end), let h = LottieProperty(length), let a = LottieProperty(angle) else { return }
        let fps = self.fps
        for (attribute, axis) in [("r", -1), ("fx", 0), ("fy", 1)] {
            for check in g.checks(of: attribute) {
                probes.list.append(LottieProbe(check: check, read: { t in
                    let f = LottieWriter.frame(t, fps: fps)
                    let (c, p) = (s.value(at: f), e.value(at: f))
                    guard axis >= 0 else { return [((p[0] - c[0]) * (p[0] - c[0]) + (p[1] - c[1]) * (p[1] - c[1])).squareRoot()] }
                    let length = h.value(at: f)[0]
                    let focus = Gradient.highlightFocus(center: Point(c[0], c[1]), edge: Point(p[0], p[1]), length: length, angle: a.value(at: f)[0])
                    // With the focus, the distance the highlight's last written decimal spans there.
                    let radius = ((p[0] - c[0]) * (p[0] - c[0]) + (p[1] - c[1]) * (p[1] - c[1])).squareRoot()
                    return [axis == 0 ? focus.x : focus.y, radius * 0.5e-2 * pow(10, -Double(JSON.decimals(length, 4)))]
                }, adjust: axis < 0 ? nil : { expected, shown in
                    // A focus within half the highlight's last decimal of the track's is as near as
                    // the file can hold it: 1e-4 % of a radius of 1e308 px is 5e301 px (fuzz seed
                    // 20261240 threw one there; the focus 42 px off centre was written at it).
                    guard shown.count == 2, expected.count == 1 else { return shown }
                    return [LottieProbe.held(shown[0], toward: expected[0], within: shown[1])]
                }))
            }
        }
    }
}
