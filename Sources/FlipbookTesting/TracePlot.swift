import FlipbookSVG

/// An SVG picture of series against time: a panel per series, the golden's curve in grey under the
/// recorded one in red, the first diverging instant marked. What a failed golden check writes beside
/// the golden file, so the difference can be seen and not only read.
public struct TracePlot: Sendable {
    /// One panel: a title and, per curve, the (time, value) points of one numeric component.
    public struct Panel: Sendable {
        public var title: String
        public var actual: [(Double, Double)]
        public var expected: [(Double, Double)]
        /// The instant to mark, seconds (the first that diverges), if any.
        public var mark: Double?

        public init(title: String, actual: [(Double, Double)], expected: [(Double, Double)], mark: Double? = nil) {
            self.title = title
            self.actual = actual
            self.expected = expected
            self.mark = mark
        }
    }

    public var panels: [Panel]

    public init(panels: [Panel]) { self.panels = panels }

    /// The panels of a comparison's numeric mismatches: for each, the component that differs most.
    public init(_ comparison: TraceComparison, actual: Trace, golden: Trace) {
        panels = comparison.mismatches.compactMap { m in
            let a = actual.series(layer: m.key.layer, property: m.key.property)
            let e = golden.series(layer: m.key.layer, property: m.key.property)
            let ac = a.map { TraceComparison.components($0.value) }, ec = e.map { TraceComparison.components($0.value) }
            guard let width = ac.first??.count, width > 0, ac.allSatisfy({ $0?.count == width }), ec.allSatisfy({ $0?.count == width }) else { return nil }
            // The component with the largest difference anywhere.
            var best = 0, bestDifference = -1.0
            for c in 0..<width {
                let d = zip(ac, ec).reduce(0.0) { max($0, abs($1.0![c] - $1.1![c])) }
                if d > bestDifference { (best, bestDifference) = (c, d) }
            }
            let title = "\(m.key)" + (width > 1 ? "[\(best)]" : "")
            return Panel(title: title, actual: zip(a, ac).map { ($0.time, $1![best]) }, expected: zip(e, ec).map { ($0.time, $1![best]) }, mark: m.time)
        }
    }

    /// Panels of a trace's numeric series alone (`flipbook trace --plot`): a panel per component.
    public init(_ trace: Trace) {
        panels = trace.keys.flatMap { key -> [Panel] in
            let series = trace.series(layer: key.layer, property: key.property)
            let values = series.map { TraceComparison.components($0.value) }
            guard let width = values.first??.count, width > 0, values.allSatisfy({ $0?.count == width }) else { return [] }
            return (0..<width).map { c in
                Panel(title: "\(key)" + (width > 1 ? "[\(c)]" : ""), actual: zip(series, values).map { ($0.time, $1![c]) }, expected: [])
            }
        }
    }

    /// The picture: 640 px wide, 220 px a panel.
    public var svg: String {
        let width = 640.0, panelHeight = 220.0, left = 70.0, right = 20.0, top = 30.0, bottom = 30.0
        func f(_ v: Double) -> String { SVGNumber.format(v, decimals: 2) }
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(panelHeight * Double(max(panels.count, 1))))\" font-family=\"sans-serif\" font-size=\"12\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n"
        for (i, panel) in panels.enumerated() {
            let y0 = Double(i) * panelHeight
            let all = panel.actual + panel.expected
            let t0 = all.map(\.0).min() ?? 0, t1 = max(all.map(\.0).max() ?? 1, t0 + 1e-9)
            var v0 = all.map(\.1).min() ?? 0, v1 = all.map(\.1).max() ?? 1
            if v1 - v0 < 1e-9 { (v0, v1) = (v0 - 0.5, v1 + 0.5) }
            let plotWidth = width - left - right, plotHeight = panelHeight - top - bottom
            func x(_ t: Double) -> Double { left + (t - t0) / (t1 - t0) * plotWidth }
            func y(_ v: Double) -> Double { y0 + top + (v1 - v) / (v1 - v0) * plotHeight }
            func line(_ points: [(Double, Double)]) -> String {
                points.enumerated().map { "\($0.offset == 0 ? "M" : "L")\(f(x($0.element.0))) \(f(y($0.element.1)))" }.joined()
            }
            let legend = panel.expected.isEmpty ? "" : ": golden (grey) and recorded (red)"
            out += "<text x=\"\(f(left))\" y=\"\(f(y0 + 20))\">\(SVGMarkup.escape(panel.title))\(legend)</text>\n"
            out += "<path d=\"M\(f(left)) \(f(y0 + top))V\(f(y0 + top + plotHeight))H\(f(left + plotWidth))\" fill=\"none\" stroke=\"#888\"/>\n"
            out += "<text x=\"\(f(left - 6))\" y=\"\(f(y(v1) + 4))\" text-anchor=\"end\">\(f(v1))</text>\n"
            out += "<text x=\"\(f(left - 6))\" y=\"\(f(y(v0) + 4))\" text-anchor=\"end\">\(f(v0))</text>\n"
            out += "<text x=\"\(f(left))\" y=\"\(f(y0 + top + plotHeight + 16))\">\(f(t0)) s</text>\n"
            out += "<text x=\"\(f(left + plotWidth))\" y=\"\(f(y0 + top + plotHeight + 16))\" text-anchor=\"end\">\(f(t1)) s</text>\n"
            if let mark = panel.mark {
                out += "<path d=\"M\(f(x(mark))) \(f(y0 + top))V\(f(y0 + top + plotHeight))\" stroke=\"#f80\" stroke-dasharray=\"4 3\"/>\n"
            }
            out += "<path d=\"\(line(panel.expected))\" fill=\"none\" stroke=\"#999\" stroke-width=\"4\"/>\n"
            out += "<path d=\"\(line(panel.actual))\" fill=\"none\" stroke=\"#e00\" stroke-width=\"1.5\"/>\n"
        }
        return out + "</svg>\n"
    }
}
