/// A CSS `linear(...)` curve: straight lines between control points (css-easing-2 §3.1).
///
/// ## Construction
/// `init(stops:)` follows "create a linear easing function": a stop without a position is placed at 0
/// when first and at max(1, largest position so far) when last; each given position is raised to the
/// largest position before it, so inputs never decrease; a stop with two positions adds two points with
/// the same output; runs of stops without positions are spread evenly between their neighbours.
///
/// ## Evaluation
/// "calculate linear easing output progress": take the last point whose input is ≤ x (or the first),
/// step back one if it is the last point, and interpolate along the segment to the next point, written
/// a·(1 − p) + b·p so that both ends are exact. Coincident inputs give the later point's output.
///
/// ## Outside the points' range
/// Extrapolates along the first or the last segment (so `linear(0, 1)` is the identity everywhere).
/// NaN gives NaN.
public struct PiecewiseLinear: Hashable, Sendable, Codable {
    /// One `linear()` stop as written: an output and zero, one or two input positions (fractions,
    /// 0.5 for 50 %).
    public struct Stop: Hashable, Sendable, Codable {
        /// Output progress, any finite value.
        public var output: Double
        /// Input positions as fractions; zero, one or two of them.
        public var positions: [Double]

        /// A stop with `output` at the given input positions (fractions, not percentages).
        public init(_ output: Double, at positions: [Double] = []) {
            precondition(positions.count <= 2, "a linear() stop has at most two positions")
            self.output = output
            self.positions = positions
        }
    }

    /// A control point after construction: input and output progress.
    public struct Point: Hashable, Sendable, Codable {
        /// Input progress, non-decreasing along `points`.
        public var input: Double
        /// Output progress.
        public var output: Double
    }

    /// The control points, inputs non-decreasing; at least two.
    public let points: [Point]

    /// The curve for `stops`, as css-easing-2 builds it.
    /// - Precondition: at least two stops, all values finite.
    public init(stops: [Stop]) {
        precondition(stops.count >= 2, "linear() needs at least two stops")
        var inputs: [Double?] = []
        var outputs: [Double] = []
        var largest = -Double.infinity
        for (index, stop) in stops.enumerated() {
            if stop.positions.isEmpty {
                outputs.append(stop.output)
                if index == 0 {
                    inputs.append(0)
                    largest = 0
                } else if index == stops.count - 1 {
                    inputs.append(max(1, largest))
                } else {
                    inputs.append(nil)
                }
            } else {
                for position in stop.positions {
                    let input = max(position, largest)
                    inputs.append(input)
                    outputs.append(stop.output)
                    largest = input
                }
            }
        }
        // Spread runs of missing inputs evenly between the known neighbours.
        var index = 0
        while index < inputs.count {
            guard inputs[index] == nil else { index += 1; continue }
            let before = index - 1
            var after = index
            while inputs[after] == nil { after += 1 }
            let a = inputs[before]!, b = inputs[after]!
            let span = Double(after - before)
            for k in index..<after {
                let p = Double(k - before) / span
                // a + (b − a)·p, not a·(1 − p) + b·p: when a == b every spread input must equal a
                // exactly, or a segment of width 1e-17 would divide by almost nothing.
                inputs[k] = a + (b - a) * p
            }
            index = after
        }
        points = zip(inputs, outputs).map { Point(input: $0!, output: $1) }
    }

    /// The output progress at input `x`, any real value.
    public func callAsFunction(_ x: Double) -> Double {
        if x.isNaN { return x }
        var a = 0
        // Last point with input ≤ x; the points are few, so a linear scan from the end is fastest.
        for i in stride(from: points.count - 1, through: 0, by: -1) where points[i].input <= x {
            a = i
            break
        }
        if a == points.count - 1 { a -= 1 }
        let pa = points[a], pb = points[a + 1]
        if pa.input == pb.input { return pb.output }
        let p = (x - pa.input) / (pb.input - pa.input)
        return pa.output * (1 - p) + pb.output * p
    }
}
