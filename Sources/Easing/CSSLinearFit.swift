/// A CSS `linear()` curve within a tolerance of any timing curve, with few stops.
///
/// ## Algorithm
/// Stops sit on grids of round positions, so a position costs no error when written, and each stop's
/// output is the curve's value there rounded to the decimals that cost at most a tenth of the
/// tolerance. From each stop the next is the farthest position on the 0.1 % grid whose chord stays
/// within the fitting tolerance of the curve at 20 points per grid step (galloping, then bisection);
/// where not even the next 0.1 % fits, the 0.01 % grid is tried, and so on to 0.00001 %. Where the
/// curve is straight the segments are long, where it bends they are short, and near a vertical
/// tangent (ease-in-circ at 1) the positions get as fine as they must. Where the curve jumps
/// (ease-in-expo leaves 0 at once), two stops share one position. The whole text is then parsed back and measured (`maxDifference`); if it is
/// over the tolerance (between the checked points), the fit is repeated with a fitting tolerance
/// 0.8 × smaller.
///
/// ## Bounds
/// The fitting tolerance starts at 0.85 × the tolerance; output rounding adds at most 0.1 × it.
/// When no fit is within the tolerance after 12 tries (or a fit needs over 20,000 stops), returns the
/// closest one found, with its measured error.
struct CSSLinearFit {
    let easing: CSSEasing

    init(curve: TimingFunction, tolerance: Double) {
        var outputDecimals = 0
        while 0.5 * Self.pow10(-outputDecimals) > 0.1 * tolerance { outputDecimals += 1 }
        var best: CSSEasing?
        var fitting = 0.85 * tolerance
        for _ in 0..<12 {
            if let text = Self.fit(curve, fitting: fitting, outputDecimals: outputDecimals),
               let parsed = try? TimingFunction(parsing: text) {
                let error = parsed.maxDifference(from: curve)
                if best == nil || error < best!.maxError { best = CSSEasing(text: text, maxError: error, isExact: false) }
            }
            if let found = best, found.maxError <= tolerance { break }
            fitting *= 0.8
        }
        easing = best ?? CSSEasing(text: "linear", maxError: curve.maxDifference(from: .linear), isExact: false)
    }

    private static func pow10(_ n: Int) -> Double {
        var p = 1.0
        for _ in 0..<abs(n) { p *= 10 }
        return n < 0 ? 1 / p : p
    }

    /// Positions are whole multiples of 1e-7 (0.00001 %), the finest grid.
    static let units = 10_000_000
    /// The grids tried from each stop, coarsest first: 0.1 %, 0.01 %, … 0.00001 %, in units.
    static let levels = [10_000, 1_000, 100, 10, 1]

    /// The `linear()` text of the greedy fit.
    static func fit(_ curve: TimingFunction, fitting: Double, outputDecimals: Int) -> String? {
        let end = units
        func x(_ k: Int) -> Double { Double(k) / Double(units) }
        func rounded(_ y: Double) -> Double {
            Double(CSSFormatting.number(y, decimals: outputDecimals).replacingZeroForm)!
        }
        // A curve that jumps at an end (ease-in-expo leaves 0 at once, ease-out-expo reaches 1 by a
        // jump) is fitted to its limit there, and the end value is added as a second stop at 0 % or 100 %.
        let startValue = curve(0), endValue = curve(1)
        let rightOfStart = rounded(curve(Double.leastNonzeroMagnitude)), leftOfEnd = rounded(curve(1.0.nextDown))
        let jumpsAtStart = abs(rightOfStart - startValue) > fitting / 2
        let jumpsAtEnd = abs(leftOfEnd - endValue) > fitting / 2
        func output(_ k: Int) -> Double {
            if k == 0 { return jumpsAtStart ? rightOfStart : startValue }
            if k == end { return jumpsAtEnd ? leftOfEnd : endValue }
            return rounded(curve(x(k)))
        }
        /// Whether the chord from (a, ya) to (b, yb) stays within `fitting` of the curve at 20 points
        /// per `step` in between.
        func fits(_ a: Int, _ ya: Double, _ b: Int, _ yb: Double, step: Int) -> Bool {
            let xa = x(a), xb = x(b)
            let count = max(20, 20 * (b - a) / step)
            for i in 1..<count {
                let p = Double(i) / Double(count)
                if abs(ya * (1 - p) + yb * p - curve(xa + (xb - xa) * p)) > fitting { return false }
            }
            return true
        }
        var knots: [(k: Int, y: Double)] = jumpsAtStart ? [(0, startValue), (0, rightOfStart)] : [(0, startValue)]
        while knots.last!.k < end {
            let (a, ya) = knots.last!
            var placed = false
            for step in levels {
                let first = min(end, (a / step + 1) * step)
                guard fits(a, ya, first, output(first), step: step) else { continue }
                var good = first, span = step
                var bad: Int?
                while good < end {
                    let probe = min(end, good + span)
                    if fits(a, ya, probe, output(probe), step: step) { good = probe; span *= 2 } else { bad = probe; break }
                }
                if var high = bad {
                    var low = good
                    while high - low > step {
                        let mid = low + (high - low) / (2 * step) * step
                        if fits(a, ya, mid, output(mid), step: step) { low = mid } else { high = mid }
                    }
                    good = low
                }
                knots.append((good, output(good)))
                placed = true
                break
            }
            if placed { continue }
            // Not even the finest step fits: the curve jumps (or is vertical) here. Two stops at one
            // input, as CSS allows, take the jump: at the next grid position when the curve reaches it
            // from below continuously, else at this stop.
            let b = a + 1
            let left = rounded(curve(x(b).nextDown))
            if fits(a, ya, b, left, step: 1), left != output(b) {
                knots.append((b, left))
                knots.append((b, output(b)))
            } else {
                let right = rounded(curve(x(a).nextUp))
                if right != ya && fits(a, right, b, output(b), step: 1) {
                    knots.append((a, right))
                } else {
                    knots.append((b, output(b)))
                }
            }
        }
        if jumpsAtEnd { knots.append((end, endValue)) }
        if knots.count > 20_000 { return nil }
        // The ends exactly as the curve has them (0 and 1 for every curve but a cut-short spring).
        let outputs = knots.indices.map { i -> String in
            i == 0 || i == knots.count - 1 ? knots[i].y.roundTripText : CSSFormatting.number(knots[i].y, decimals: outputDecimals)
        }
        let positions = knots.map { CSSFormatting.number(Double($0.k) / 100_000, decimals: 5) }
        let inputs = positions.map { Double($0.replacingZeroForm)! / 100 }
        return CSSFormatting.linearText(outputs: outputs, positions: positions, inputs: inputs)
    }
}

private extension String {
    /// ".25" and "-.5" as Swift's Double(_:) reads them: "0.25", "-0.5".
    var replacingZeroForm: String {
        if hasPrefix(".") { return "0" + self }
        if hasPrefix("-.") { return "-0" + dropFirst() }
        return self
    }
}
