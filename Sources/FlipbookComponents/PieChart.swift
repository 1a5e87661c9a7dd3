import Flipbook

extension PropertyKey where Value == [Double] {
    /// A chart's data: a pie chart's slice values, a line graph's y values.
    public static var values: Self { keyDouble_values }
}

/// How a pie chart colours the slices `colors` leaves out.
public enum PieColorRule: String, Hashable, Sendable, CaseIterable, ChoiceValue {
    /// Hue i / count (seed 003's PieView): every slice's colour changes when the count does.
    case seed
    /// Hue i × 0.381966… (the golden angle as a fraction of a turn), whatever the count: a slice keeps
    /// its colour when slices are added or removed after it, and neighbours stay far apart in hue.
    case stable
}

extension PropertyKey where Value == PieColorRule {
    /// How slices past `colors` are coloured. Default `seed`.
    public static var colorRule: Self { keyPieColorRule_colorRule }
}

extension PropertyKey where Value == [Color] {
    /// A pie chart's slice colours; slices past the list get hue i / count (seed 003).
    public static var colors: Self { keyColor_colors }
}

/// A pie chart from values (seeds 003 and 004): one pie-slice sublayer per value.
///
/// ## Arithmetic (seed 004)
/// Each unit of value spans 360° / sum; slice i starts where slice i − 1 ended, the first at
/// `startAngle` (default 0°, 3 o'clock, as both seeds), and runs clockwise on screen. Negative values
/// count as 0. Empty values or a zero sum draw nothing.
///
/// ## Colours
/// `colors[i]` when given, else by `colorRule`: hue i / count, saturation 0.5, brightness 0.75 (seed
/// 003's PieView), or a hue that stays with the slice whatever the count (`stable`).
///
/// ## Animation
/// Changing `values` animates the list (element by element, the shorter padded with zeros), and the
/// slices are rebuilt from the animated list every frame: they turn semantically, new slices grow from
/// zero width and removed ones shrink away.
public enum PieChart: LayerBehavior {
    public static let typeName = "pieChart"
    public static let properties = [
        AnyPropertyKey(PropertyKey<[Double]>.values), AnyPropertyKey(PropertyKey<[Color]>.colors),
        AnyPropertyKey(PropertyKey<PieColorRule>.colorRule),
        AnyPropertyKey(PropertyKey<Angle>.startAngle), AnyPropertyKey(PropertyKey<Double>.radius),
        AnyPropertyKey(PropertyKey<Double>.innerRadius), AnyPropertyKey(PropertyKey<Color>.strokeColor),
        AnyPropertyKey(PropertyKey<Double>.lineWidth),
    ]

    public static let drawsNothing = true
    public static func draw(_ layer: Layer) -> [DrawItem] { [] }

    /// Start and end angle of each slice for `values` (see the type's notes); empty for a zero sum.
    public static func sliceAngles(_ values: [Double], startAngle: Angle = .zero) -> [(start: Angle, end: Angle)] {
        let clean = values.map { $0.isFinite ? max($0, 0) : 0 }
        let total = clean.reduce(0, +)
        guard total > 0 else { return [] }
        var angles: [(Angle, Angle)] = []
        var sum = 0.0
        for value in clean {
            let start = startAngle + .fullTurn * (sum / total)
            sum += value
            angles.append((start, startAngle + .fullTurn * (sum / total)))
        }
        return angles
    }

    /// Slice `index`'s colour when `colors` has none for it, saturation 0.5 and brightness 0.75 (seed
    /// 003's PieView): hue index / count by the seed's rule, or index × (3 − √5) / 2 mod 1 by the
    /// stable rule.
    public static func defaultColor(_ index: Int, of count: Int, rule: PieColorRule = .seed) -> Color {
        let hue = switch rule {
        case .seed: Double(index) / Double(max(count, 1))
        case .stable: (Double(index) * (3 - 5.0.squareRoot()) / 2).truncatingRemainder(dividingBy: 1)
        }
        return Color(hue: hue, saturation: 0.5, brightness: 0.75)
    }

    public static func derivedSublayers(_ layer: Layer) -> [Layer] {
        let b = layer.bounds
        let angles = sliceAngles(layer[.values], startAngle: layer[.startAngle])
        let colors = layer[.colors], rule = layer[.colorRule]
        return angles.enumerated().map { index, angle in
            var slice = Layer(id: layer.id + ".slice" + String(index), type: sliceType)
            slice[.bounds] = b
            slice[.position] = b.center
            slice[.startAngle] = angle.start
            slice[.endAngle] = angle.end
            if layer.isSet(.radius) { slice[.radius] = layer[.radius] }
            slice[.innerRadius] = layer[.innerRadius]
            slice[.fillColor] = index < colors.count ? colors[index] : defaultColor(index, of: angles.count, rule: rule)
            slice[.strokeColor] = layer[.strokeColor]
            slice[.lineWidth] = layer[.lineWidth]
            return slice
        }
    }
}

// The built-in keys, created once (a key hashes its name when created; reads are per frame).
let keyDouble_values = PropertyKey<[Double]>("values", default: [])
let keyColor_colors = PropertyKey<[Color]>("colors", default: [])
let keyPieColorRule_colorRule = PropertyKey<PieColorRule>("colorRule", default: .seed)

/// The derived layers' type, looked up once.
private let sliceType = LayerType(PieSliceLayer.self)
