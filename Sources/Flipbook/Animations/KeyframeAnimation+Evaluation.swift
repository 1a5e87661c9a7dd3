extension KeyframeAnimation {
    /// What evaluation needs beyond the properties, derived once per animation in O(n) (n values or
    /// path segments; cubicPaced's fixed point is O(n) a round): the effective key times with their
    /// segment search, and the motion path. Evaluating at an instant is then O(log n).
    struct Resolved: Sendable {
        var keyTimes: KeyTimeIndex
        var motion: MotionPath?
    }

    /// The derived data, made on first use and shared by copies until a property changes.
    var resolved: Resolved {
        derived.get {
            Resolved(keyTimes: KeyTimeIndex(computeKeyTimes()), motion: path.map { MotionPath($0, keyTimes: keyTimes) })
        }
    }

    /// The key times the calculation mode uses (see the type's notes).
    public var effectiveKeyTimes: [Double] { resolved.keyTimes.times }

    /// The effective key times, computed (`effectiveKeyTimes` keeps them).
    private func computeKeyTimes() -> [Double] {
        let n = values.count
        switch calculationMode {
        case .discrete:
            if let keyTimes, keyTimes.count == n + 1 { return keyTimes }
            return (0...max(n, 1)).map { Double($0) / Double(max(n, 1)) }
        case .paced:
            return Self.normalizedCumulative((0..<max(n - 1, 0)).map { PropertyValue.distance(values[$0], values[$0 + 1]) ?? 0 }, count: n)
        case .cubicPaced:
            // The spline's tangents depend on the key times and the key times on the spline's lengths:
            // iterate to the fixed point, so the lengths are measured on the curve that is drawn (at
            // most 32 rounds; it settles to 1e-12 in a handful for any sensible values). Each round
            // measures every segment as 32 chords, with the tangents of the round's key times made
            // once per value.
            var times = Self.uniformTimes(n)
            for _ in 0..<32 {
                let outgoing = (0..<n).map { tangent(at: $0, keyTimes: times, outgoing: true) }
                let incoming = (0..<n).map { tangent(at: $0, keyTimes: times, outgoing: false) }
                let lengths = (0..<max(n - 1, 0)).map { i -> Double in
                    var length = 0.0
                    var previous = values[i]
                    for k in 1...32 {
                        let next = hermite(segment: i, local: Double(k) / 32, outgoing: outgoing[i], incoming: incoming[i + 1])
                        length += PropertyValue.distance(previous, next) ?? 0
                        previous = next
                    }
                    return length
                }
                let next = Self.normalizedCumulative(lengths, count: n)
                let moved = zip(next, times).map { abs($0 - $1) }.max() ?? 0
                times = next
                if moved <= 1e-12 { break }
            }
            return times
        case .linear, .cubic:
            if let keyTimes, keyTimes.count == n { return keyTimes }
            return Self.uniformTimes(n)
        }
    }

    /// The value at overall progress `p` (after the animation's own easing); `p` may leave [0, 1].
    func value(at p: Double, beforeFlag: Bool) -> PropertyValue {
        guard values.count > 1 else { return values.first ?? key.defaultValue }
        let index = resolved.keyTimes
        let times = index.times
        if calculationMode == .discrete {
            if p >= 1 { return values[values.count - 1] }
            return values[index.lastIndex(atOrBefore: p, below: values.count) ?? 0]
        }
        // Key times that start after 0 or end before 1 hold the first and last values outside them;
        // only progress outside [0, 1] itself (an overshooting easing) extrapolates the end segments.
        if p < times[0] && times[0] > 0 { return values[0] }
        if p > times[times.count - 1] && times[times.count - 1] < 1 { return values[values.count - 1] }
        let (segment, local) = index.locate(p)
        switch calculationMode {
        case .linear:
            let eased = timingFunctions.flatMap { segment < $0.count ? $0[segment] : nil }?.value(at: local, beforeFlag: beforeFlag) ?? local
            return .interpolate(values[segment], values[segment + 1], eased)
        case .paced:
            return .interpolate(values[segment], values[segment + 1], local)
        case .cubic, .cubicPaced:
            return cubicValue(segment: segment, local: local, keyTimes: times)
        case .discrete:
            return values[segment]
        }
    }

    /// Kochanek–Bartels (1984) Hermite segment from value i to i + 1 at local parameter s.
    ///
    /// Tangents at value i, with d₀ = Pᵢ − Pᵢ₋₁ and d₁ = Pᵢ₊₁ − Pᵢ (a missing neighbour is the value
    /// itself, so the end tangents use one side only): outgoing Dᵢ = (1−t)(1+c)(1+b)/2·d₀ +
    /// (1−t)(1−c)(1−b)/2·d₁, incoming Sᵢ = (1−t)(1−c)(1+b)/2·d₀ + (1−t)(1+c)(1−b)/2·d₁. For uneven key
    /// times Dᵢ is scaled by 2Δᵢ/(Δᵢ₋₁ + Δᵢ) and Sᵢ by 2Δᵢ₋₁/(Δᵢ₋₁ + Δᵢ) (Δ the segment durations), so
    /// speed is continuous across keys. Exact at s = 0 and s = 1.
    func cubicValue(segment i: Int, local s: Double, keyTimes: [Double]) -> PropertyValue {
        if s == 0 { return values[i] }
        if s == 1 { return values[i + 1] }
        return hermite(segment: i, local: s, outgoing: tangent(at: i, keyTimes: keyTimes, outgoing: true),
                       incoming: tangent(at: i + 1, keyTimes: keyTimes, outgoing: false))
    }

    /// The Hermite segment from value i to i + 1 at local parameter s, given value i's outgoing and
    /// value i + 1's incoming tangent (`cubicValue`); exact at s = 0 and s = 1.
    private func hermite(segment i: Int, local s: Double, outgoing: PropertyValue, incoming: PropertyValue) -> PropertyValue {
        if s == 0 { return values[i] }
        if s == 1 { return values[i + 1] }
        let s2 = s * s, s3 = s2 * s
        guard let a = values[i].scaled(2 * s3 - 3 * s2 + 1), let b = outgoing.scaled(s3 - 2 * s2 + s),
              let c = values[i + 1].scaled(-2 * s3 + 3 * s2), let d = incoming.scaled(s3 - s2) else {
            return .interpolate(values[i], values[i + 1], s)
        }
        var sum = a
        sum = PropertyValue.add(sum, b) ?? sum
        sum = PropertyValue.add(sum, c) ?? sum
        return PropertyValue.add(sum, d) ?? sum
    }

    private func tangent(at i: Int, keyTimes: [Double], outgoing: Bool) -> PropertyValue {
        let p = values[i]
        let previous = i > 0 ? values[i - 1] : p, next = i + 1 < values.count ? values[i + 1] : p
        guard let d0 = PropertyValue.subtract(p, previous), let d1 = PropertyValue.subtract(next, p) else { return p }
        let t = tensionValues.flatMap { i < $0.count ? $0[i] : nil } ?? 0
        let c = continuityValues.flatMap { i < $0.count ? $0[i] : nil } ?? 0
        let b = biasValues.flatMap { i < $0.count ? $0[i] : nil } ?? 0
        var w0 = (1 - t) * (outgoing ? (1 + c) : (1 - c)) * (1 + b) / 2
        var w1 = (1 - t) * (outgoing ? (1 - c) : (1 + c)) * (1 - b) / 2
        if i > 0 && i + 1 < values.count {
            let before = keyTimes[i] - keyTimes[i - 1], after = keyTimes[i + 1] - keyTimes[i]
            if before + after > 0 {
                let factor = outgoing ? 2 * after / (before + after) : 2 * before / (before + after)
                w0 *= factor
                w1 *= factor
            }
        }
        guard let a = d0.scaled(w0), let b2 = d1.scaled(w1) else { return p }
        return PropertyValue.add(a, b2) ?? p
    }

    static func uniformTimes(_ n: Int) -> [Double] {
        n <= 1 ? [0] : (0..<n).map { Double($0) / Double(n - 1) }
    }

    /// Key times proportional to cumulative `lengths`; even spacing when they sum to zero.
    static func normalizedCumulative(_ lengths: [Double], count n: Int) -> [Double] {
        let total = lengths.reduce(0, +)
        guard total > 0 else { return uniformTimes(n) }
        var times = [0.0]
        var sum = 0.0
        for length in lengths.dropLast() {
            sum += length
            times.append(sum / total)
        }
        times.append(1)
        return times
    }
}
