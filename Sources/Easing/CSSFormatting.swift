/// Writing numbers and `linear()` stops as short CSS text.
enum CSSFormatting {
    /// `value` rounded to `decimals` places, written as briefly as CSS reads it: no trailing zeros, no
    /// leading zero (".25", "-.5"), "0" for zero. `decimals` 0…15.
    static func number(_ value: Double, decimals: Int) -> String {
        let scale = Double(Int64(1) * pow10(decimals))
        let scaled = (value * scale).rounded()
        guard scaled.magnitude < 9e15 else { return value.roundTripText }
        if scaled == 0 { return "0" }
        let negative = scaled < 0
        let digits = Int64(scaled.magnitude)
        var whole = String(digits / pow10(decimals))
        var fraction = String(digits % pow10(decimals))
        if decimals > 0 {
            fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
            while fraction.last == "0" { fraction.removeLast() }
        } else {
            fraction = ""
        }
        if whole == "0" && !fraction.isEmpty { whole = "" }
        return (negative ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
    }

    private static func pow10(_ n: Int) -> Int64 {
        var p: Int64 = 1
        for _ in 0..<n { p *= 10 }
        return p
    }

    /// `linear()` text for `points` (inputs non-decreasing, within [0, 1]), leaving out every position
    /// that CSS would put there anyway: the first when it is 0, the last when it is 1, and runs between
    /// two written positions when CSS's even spreading gives each input exactly.
    /// - Parameters:
    ///   - outputs, positions: the text of each output and of each input in percent (without "%").
    ///   - inputs: the inputs those position texts stand for, as the parser will read them.
    static func linearText(outputs: [String], positions: [String], inputs: [Double]) -> String {
        let n = inputs.count
        var written = [Bool](repeating: true, count: n)
        if inputs[0] == 0 { written[0] = false }
        if inputs[n - 1] == 1 && inputs.allSatisfy({ $0 <= 1 }) { written[n - 1] = false }
        // Greedy from the left: after a known input (`anchor`), leave out the longest run i…j (at most
        // 32 long) whose inputs CSS's even spreading between anchor and j + 1 gives exactly (create a
        // linear easing function, step 4); j + 1 is then written (or is the implied last).
        func spreads(_ from: Int, _ to: Int) -> Bool {
            let a = inputs[from], b = inputs[to], span = Double(to - from)
            return (from + 1..<to).allSatisfy { a + (b - a) * (Double($0 - from) / span) == inputs[$0] }
        }
        var anchor = 0, i = 1
        while i < n - 1 {
            var longest = i - 1
            for j in i...min(n - 2, i + 31) where spreads(anchor, j + 1) { longest = j }
            if longest >= i {
                for j in i...longest { written[j] = false }
                anchor = longest + 1
                i = longest + 2
            } else {
                anchor = i
                i += 1
            }
        }
        var stops: [String] = []
        for i in 0..<n {
            stops.append(written[i] ? "\(outputs[i]) \(positions[i])%" : outputs[i])
        }
        return "linear(\(stops.joined(separator: ", ")))"
    }

    /// `linear()` text that gives exactly `points` back: outputs and positions written to round-trip.
    static func linearText(_ points: [PiecewiseLinear.Point]) -> String {
        let outputs = points.map { $0.output.roundTripText }
        var positions: [String] = [], inputs: [Double] = []
        for point in points {
            // The percentage whose value / 100 is the input, if a nearby one is; else the plain product.
            var percent = point.input * 100
            for candidate in [percent, percent.nextUp, percent.nextDown] where candidate / 100 == point.input {
                percent = candidate
                break
            }
            positions.append(percent.roundTripText)
            inputs.append(point.input)
        }
        return linearText(outputs: outputs, positions: positions, inputs: inputs)
    }

    /// The shortest `cubic-bezier(1/3, b₁, 2/3, b₂)` text, over 1…15 decimals, whose curve stays within
    /// `tolerance` of `curve`; nil when none does.
    static func shortestBezier(_ control: (Double, Double), of curve: TimingFunction, tolerance: Double) -> CSSEasing? {
        for decimals in 1...15 {
            let text = "cubic-bezier(\(number(1.0 / 3, decimals: decimals)), \(number(control.0, decimals: decimals)), "
                + "\(number(2.0 / 3, decimals: decimals)), \(number(control.1, decimals: decimals)))"
            guard let parsed = try? TimingFunction(parsing: text) else { continue }
            let error = parsed.maxDifference(from: curve)
            if error <= tolerance { return CSSEasing(text: text, maxError: error, isExact: false) }
        }
        return nil
    }
}
