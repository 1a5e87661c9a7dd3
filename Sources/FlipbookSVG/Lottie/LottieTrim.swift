#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LottieContour {
    /// The contour's length: each cubic segment's speed integrated with 16-point Gauss–Legendre
    /// quadrature (exact for polynomial speeds up to degree 31; for the ≤ 60° arc cubics written here,
    /// within 1e-9 of the length).
    var length: Double {
        var total = 0.0
        let n = vertices.count
        let segments = closed ? n : n - 1
        guard segments > 0 else { return 0 }
        for k in 0..<segments {
            let p0 = vertices[k], p3 = vertices[(k + 1) % n]
            let p1 = [p0[0] + outTangents[k][0], p0[1] + outTangents[k][1]]
            let p2 = [p3[0] + inTangents[(k + 1) % n][0], p3[1] + inTangents[(k + 1) % n][1]]
            for (x, w) in zip(Self.gaussNodes, Self.gaussWeights) {
                let t = (x + 1) / 2, s = 1 - t
                let dx = 3 * s * s * (p1[0] - p0[0]) + 6 * s * t * (p2[0] - p1[0]) + 3 * t * t * (p3[0] - p2[0])
                let dy = 3 * s * s * (p1[1] - p0[1]) + 6 * s * t * (p2[1] - p1[1]) + 3 * t * t * (p3[1] - p2[1])
                total += w / 2 * (dx * dx + dy * dy).squareRoot()
            }
        }
        return total
    }

    /// Gauss–Legendre nodes and weights on [−1, 1], 16 points (Abramowitz & Stegun, table 25.4).
    static let gaussNodes: [Double] = {
        let half = [0.0950125098376374, 0.2816035507792589, 0.4580167776572274, 0.6178762444026438,
                    0.7554044083550030, 0.8656312023878318, 0.9445750230732326, 0.9894009349916499]
        return half.map { -$0 } + half
    }()
    static let gaussWeights: [Double] = {
        let half = [0.1894506104550685, 0.1826034150449236, 0.1691565193950025, 0.1495959888165767,
                    0.1246289712555339, 0.0951585116824928, 0.0622535239386479, 0.0271524594117541]
        return half + half
    }()
}

extension LottieWriter {
    /// A dash pattern that shows one stretch of the path (the compiler's arcs, wedges and
    /// strokeStart/strokeEnd) as trim-path keys: start and end in percent of the path's length.
    ///
    /// With dash a, gap b (period P = a + b, the same at every key) and offset o, the dashes cover
    /// [nP − o, nP − o + a) along the path. The pattern is a trim when, at every key, the first dash
    /// that starts in the path is the only one that reaches into it (or every other lies on it, on a
    /// path twice round one closed curve with a turn per period), and it is the same n at every key,
    /// so the trim's ends move with the keys as the dashes do (linear in a and o: exact under the same
    /// easing). On a path twice round one closed curve (`twoTurns`, as arcs are written so that dashes
    /// can wrap) whose stretch is never longer than a turn, the trim is of one closed turn, turned to
    /// the stretch's start (`Trim.oneTurn`). When both tracks animate they are brought onto one set of
    /// key times (`merged`). Returns nil otherwise, and the stroke keeps its dashes.
    func trim(lengths: [Double], dashKeys: [Key]?, offset: Double, offsetKeys: [Key]?, pathLength: Double,
              twoTurns: Bool = false, turnedBy: Double = 0) -> Trim? {
        guard lengths.count == 2, pathLength > 0 else { return nil }
        var dashKeys = dashKeys, offsetKeys = offsetKeys
        let times: [Key]
        switch (dashKeys, offsetKeys) {
        case (nil, nil): times = [Key(time: 0, value: [], ease: .hold)]
        case (let d?, nil): times = d
        case (nil, let o?): times = o
        case (let d?, let o?):
            guard let (d2, o2) = Self.merged(d, o) else { return nil }
            (dashKeys, offsetKeys, times) = (d2, o2, d2)
        }
        return trim(times, dashKeys: dashKeys, offsetKeys: offsetKeys, lengths: lengths, offset: offset, pathLength: pathLength,
                    twoTurns: twoTurns, turnedBy: turnedBy)
    }

    /// Two tracks on one set of key times: the union of both, each track's value at a time inside one
    /// of its segments found by interpolating that segment, which is exact only for straight segments
    /// and holds; nil when a curved segment would be split.
    static func merged(_ a: [Key], _ b: [Key]) -> ([Key], [Key])? {
        if a.count == b.count, zip(a, b).allSatisfy({ $0.time == $1.time && $0.ease == $1.ease }) { return (a, b) }
        let times = Array(Set(a.map(\.time) + b.map(\.time))).sorted()
        func resample(_ keys: [Key]) -> [Key]? {
            var out: [Key] = []
            for t in times {
                if let k = keys.last(where: { $0.time == t }) { out.append(k); continue }
                if t < keys[0].time { out.append(Key(time: t, value: keys[0].value, ease: .hold)); continue }
                guard let i = keys.lastIndex(where: { $0.time < t }) else { return nil }
                guard i + 1 < keys.count else { out.append(Key(time: t, value: keys[i].value, ease: .hold)); continue }
                let k0 = keys[i], k1 = keys[i + 1]
                switch k0.ease {
                case .hold: out.append(Key(time: t, value: k0.value, ease: .hold))
                case .linear:
                    let u = (t - k0.time) / (k1.time - k0.time)
                    out.append(Key(time: t, value: zip(k0.value, k1.value).map { $0 + ($1 - $0) * u }, ease: .linear))
                case .bezier: return nil
                }
            }
            // A key placed inside another segment carries that segment's easing on.
            for i in out.indices.dropLast() where !keys.contains(where: { $0.time == out[i].time }) {
                let j = keys.lastIndex(where: { $0.time < out[i].time })!
                out[i].ease = keys[j].ease
            }
            return out
        }
        guard var ra = resample(a), var rb = resample(b) else { return nil }
        // Both must now agree on each segment's easing; a hold whose value does not change is as good as
        // the other's easing.
        for i in ra.indices.dropLast() where ra[i].ease != rb[i].ease {
            if ra[i].ease == .hold && ra[i].value == ra[i + 1].value { ra[i].ease = rb[i].ease }
            else if rb[i].ease == .hold && rb[i].value == rb[i + 1].value { rb[i].ease = ra[i].ease }
            else { return nil }
        }
        return (ra, rb)
    }

    private func trim(_ times: [Key], dashKeys: [Key]?, offsetKeys: [Key]?, lengths: [Double], offset: Double, pathLength: Double,
                      twoTurns: Bool, turnedBy: Double) -> Trim? {
        var starts: [Double] = [], ends: [Double] = [], turns: [Double] = [], ones: [Double] = []
        var index: Int?
        // A path twice round one closed curve (arcs are written so, for dashes to wrap) whose stretch
        // is never longer than a turn can be written as that turn, closed, with the trim turned to the
        // stretch's start.
        var asTurn = twoTurns
        let turn = pathLength / 2
        let tolerance = 1e-9 * pathLength
        // Dash lengths and offsets are written to 0.001 px each: their sum may be 0.002 px off.
        let written = 0.002
        func pattern(_ k: Int) -> (a: Double, b: Double, o: Double) {
            (dashKeys?[k].value[0] ?? lengths[0], dashKeys.map { $0[k].value.count > 1 ? $0[k].value[1] : lengths[1] } ?? lengths[1],
             offsetKeys?[k].value[0] ?? offset)
        }
        // The first dash that starts inside the path at a key where it shows; a key whose dash is empty
        // (nothing shows) takes the others' dash, whose empty stretch then lies where the showing ones'
        // interpolate from (a stroke drawn on from nothing: dash 0 → L, gap L, offset −L → 0).
        func firstDash(_ k: Int) -> Int {
            let (a, b, o) = pattern(k)
            return Int(((o - tolerance) / (a + b)).rounded(.up))
        }
        let shown = times.indices.first { pattern($0).a > tolerance }
        for k in times.indices {
            let (a, b, o) = pattern(k)
            let period = a + b
            guard period > 0, a >= 0, b >= 0 else { return nil }
            // The first dash that starts inside the path, and whether any other dash shows.
            let n0 = a > tolerance ? firstDash(k) : shown.map(firstDash) ?? firstDash(k)
            let s = Double(n0) * period - o
            guard s >= -tolerance, s <= pathLength + tolerance else { return nil }
            // A stretch to the path's end may be written that much past it (and is ended there).
            let e = min(s + a, pathLength)
            guard s + a <= pathLength + written + tolerance else { return nil }
            let twice = abs(pathLength - 2 * period) <= 1e-6 * pathLength
            // On a path twice round one closed curve with one turn per period, every other dash lies on
            // this one; elsewhere no other dash may reach into the path (the next may start within the
            // written precision of its end: a stroke drawn whole round a twice-round path).
            guard twice || (s - period + a <= tolerance && s + period >= pathLength - written - tolerance) else { return nil }
            if let index, index != n0 { return nil }
            index = n0
            // (Dash lengths are written to 0.001 px: a whole turn may be written that much longer.)
            asTurn = asTurn && a <= turn * (1 + 1e-9) + 0.001
            starts.append(s / pathLength * 100)
            ends.append(e / pathLength * 100)
            // As one closed turn: the stretch is [0, a) of the turn, turned by s (360° a turn). Its ends
            // are placed on a quarter turn (a vertex of Lottie's ellipse) when they are within the
            // written precision of one (0.001 px of dash and offset): ThorVG draws a cap from the
            // degenerate piece of a trim that ends just past a vertex (a ring ending at 25.0001 %).
            let degrees = 0.001 / turn * 360
            func snapped(_ x: Double) -> Double {
                let quarter = (x / 90).rounded() * 90
                return abs(x - quarter) <= degrees ? quarter : x
            }
            let from = snapped(s / turn * 360 + turnedBy), to = snapped(s / turn * 360 + turnedBy + min(360, a / turn * 360))
            ones.append(min(100, (to - from) / 3.6))
            turns.append(from)
        }
        func track(_ values: [Double]) -> JSON {
            times.count == 1 && dashKeys == nil && offsetKeys == nil
                ? fixed(values[0]) : animated(times.enumerated().map { Key(time: $1.time, value: [values[$0]], ease: $1.ease) })
        }
        // A path twice round one closed curve is written as one closed turn whose trim turns with the
        // stretch: ThorVG draws a trim across the second turn's start wrongly (a wide stroke's slice
        // crossing it showed a cap there).
        // Whole turns are taken off so that the offset starts in [0°, 360°): a player need not wrap it.
        if asTurn, let first = turns.first {
            let whole = 360 * (SVGNumber.representable(first, decimals: 4) / 360).rounded(.down)
            return Trim(start: fixed(0), end: track(ones), offset: track(turns.map { $0 - whole }), oneTurn: true)
        }
        return Trim(start: track(starts), end: track(ends), offset: fixed(0), oneTurn: false)
    }
}

/// Trim-path properties for a stroke, and whether the path is to be written as its first closed turn.
struct Trim {
    var start: JSON, end: JSON, offset: JSON
    var oneTurn: Bool
}
