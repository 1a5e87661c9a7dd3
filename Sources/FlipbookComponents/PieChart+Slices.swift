import Flipbook

extension PieChart {
    /// One slice of a pie chart as seed 004 gives it: a colour and a value (≥ 0; negative counts as 0).
    public struct Slice: Hashable, Sendable {
        public var color: Color
        public var value: Double

        public init(_ color: Color, _ value: Double) {
            self.color = color
            self.value = value
        }
    }
}

extension Layer {
    /// A pie chart's slices as (colour, value) pairs (seed 004): reads `colors` and `values` pairwise
    /// (a value past the colours gets its default hue) and sets both.
    public var pieSlices: [PieChart.Slice] {
        get {
            let values = self[.values], colors = self[.colors]
            return values.indices.map { i in
                PieChart.Slice(i < colors.count ? colors[i] : PieChart.defaultColor(i, of: values.count, rule: self[.colorRule]), values[i])
            }
        }
        set {
            self[.values] = newValue.map(\.value)
            self[.colors] = newValue.map(\.color)
        }
    }
}
