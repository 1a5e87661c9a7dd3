#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An SVG plot of a timing curve over input [0, 1]: grid, axes, labels, and the curve, with the
/// output range widened to show any overshoot.
public struct CurvePlot: Sendable {
    /// The curve plotted.
    public let curve: TimingFunction
    /// Number of samples along the input, 1 000 intervals.
    public let sampleCount = 1000

    public init(_ curve: TimingFunction) { self.curve = curve }

    /// The plot as an SVG document (480 × 400 px per unit of output, with margins).
    public var svg: String {
        let values = (0...sampleCount).map { curve(Double($0) / Double(sampleCount)) }
        let low = min(0, values.min() ?? 0), high = max(1, values.max() ?? 1)
        // Output range: whole tenths around the curve, at least [0, 1].
        let yMin = (low * 10).rounded(.down) / 10, yMax = (high * 10).rounded(.up) / 10
        let width = 480.0, plotHeight = 400.0 * (yMax - yMin)
        let left = 60.0, top = 50.0, bottom = 40.0, right = 30.0
        let totalWidth = left + width + right, totalHeight = top + plotHeight + bottom
        func x(_ t: Double) -> Double { left + t * width }
        func y(_ v: Double) -> Double { top + (yMax - v) / (yMax - yMin) * plotHeight }
        func f(_ v: Double) -> String { ((v * 100).rounded() / 100).roundTripText }

        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(totalWidth))\" height=\"\(f(totalHeight))\" viewBox=\"0 0 \(f(totalWidth)) \(f(totalHeight))\" font-family=\"sans-serif\" font-size=\"12\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n"
        out += "<text x=\"\(f(left))\" y=\"24\" font-size=\"15\">\(escape(curve.description))</text>\n"
        // Grid every 0.1 in both directions.
        var grid = ""
        for i in 0...10 {
            let gx = x(Double(i) / 10)
            grid += "M\(f(gx)) \(f(top))V\(f(top + plotHeight))"
        }
        var tenth = Int((yMin * 10).rounded())
        while Double(tenth) <= (yMax * 10).rounded() {
            let gy = y(Double(tenth) / 10)
            grid += "M\(f(left)) \(f(gy))H\(f(left + width))"
            if tenth % 5 == 0 {
                out += "<text x=\"\(f(left - 8))\" y=\"\(f(gy + 4))\" text-anchor=\"end\">\((Double(tenth) / 10).roundTripText)</text>\n"
            }
            tenth += 1
        }
        out += "<path d=\"\(grid)\" stroke=\"#ddd\" fill=\"none\"/>\n"
        // Axes: output 0 and input 0, and the y = 1 target line.
        out += "<path d=\"M\(f(left)) \(f(y(0)))H\(f(left + width))M\(f(left)) \(f(top))V\(f(top + plotHeight))\" stroke=\"#333\" stroke-width=\"1.5\" fill=\"none\"/>\n"
        out += "<path d=\"M\(f(left)) \(f(y(1)))H\(f(left + width))\" stroke=\"#999\" stroke-dasharray=\"4 2\" fill=\"none\"/>\n"
        for i in [0, 5, 10] {
            out += "<text x=\"\(f(x(Double(i) / 10)))\" y=\"\(f(top + plotHeight + 18))\" text-anchor=\"middle\">\((Double(i) / 10).roundTripText)</text>\n"
        }
        out += "<text x=\"\(f(left + width / 2))\" y=\"\(f(totalHeight - 6))\" text-anchor=\"middle\" fill=\"#666\">input progress</text>\n"
        // The curve; a steps() staircase is drawn without its risers.
        var d = ""
        let isSteps: Bool = if case .steps = curve { true } else { false }
        for (i, v) in values.enumerated() {
            let jump = i > 0 && isSteps && v != values[i - 1]
            d += (i == 0 || jump ? "M" : "L") + "\(f(x(Double(i) / Double(sampleCount)))) \(f(y(v)))"
        }
        out += "<path d=\"\(d)\" stroke=\"#e8590c\" stroke-width=\"2.5\" fill=\"none\" stroke-linejoin=\"round\"/>\n"
        if isSteps {
            // At each jump: a filled dot where the new value holds, an open dot where the old one ends
            // (the value exactly at the jump belongs to the new step; at input 1 the curve reaches 1).
            var dots = ""
            for i in 1...sampleCount where values[i] != values[i - 1] {
                let edge = (Double(i - 1) / Double(sampleCount) + Double(i) / Double(sampleCount)) / 2
                let jumpX = (edge * 1000).rounded() / 1000
                let before = curve(jumpX - 1e-9), after = curve(jumpX)
                dots += "<circle cx=\"\(f(x(jumpX)))\" cy=\"\(f(y(before)))\" r=\"3.5\" fill=\"#fff\" stroke=\"#e8590c\" stroke-width=\"2\"/>"
                dots += "<circle cx=\"\(f(x(jumpX)))\" cy=\"\(f(y(after)))\" r=\"3.5\" fill=\"#e8590c\"/>\n"
            }
            out += dots
        }
        out += "</svg>\n"
        return out
    }

    private func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
    }
}
