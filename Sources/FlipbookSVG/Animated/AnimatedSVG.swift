import Flipbook

/// One self-contained SVG that plays a whole scene with SMIL animations, and how each animated
/// property was encoded.
public struct AnimatedSVG: Sendable {
    /// How one property of one element is written.
    public struct Entry: Hashable, Sendable {
        /// The layer id (and item) the element draws.
        public var element: String
        /// The SVG attribute or transform component.
        public var property: String
        /// "exact": SMIL reproduces the value exactly (splines, holds, jumps); "sampled": keyframes
        /// within the error bound; "discrete": switches at the right instants.
        public var encoding: String
        public var keyframes: Int
        /// The largest error of sampled segments, in `unit`.
        public var maxError: Double
        public var unit: String
    }

    public var svg: String
    public var report: [Entry]

    /// The report as aligned text, one line per animated property.
    public var reportText: String {
        var lines = ["element\tproperty\tencoding\tkeyframes\tmax error"]
        for e in report {
            let error = e.encoding == "sampled" ? "\(SVGNumber.format(e.maxError, decimals: 4)) \(e.unit)" : "0"
            lines.append("\(e.element)\t\(e.property)\t\(e.encoding)\t\(e.keyframes)\t\(error)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
