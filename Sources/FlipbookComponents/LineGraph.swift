import Flipbook
import FlipbookSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PropertyKey where Value == Double {
    /// A line graph's left margin for the Y axis and its labels, pixels. Default 30 (seed 002's OFFSET_X).
    public static var offsetX: Self { keyDouble_offsetX }
    /// A line graph's bottom margin for the X axis, pixels. Default 10 (seed 002's OFFSET_Y).
    public static var offsetY: Self { keyDouble_offsetY }
    /// Distance between a line graph's grid lines, pixels. Default 30 (seed 002).
    public static var gridSpacing: Self { keyDouble_gridSpacing }
    /// Label every n-th data index on the X axis; 0 for none. Default 0.
    public static var xLabelStep: Self { keyDouble_xLabelStep }
}

/// How a line graph lays out its value axis.
public enum LineGraphAxis: String, Hashable, Sendable, CaseIterable, ChoiceValue {
    /// Seed 002: the data's minimum at the bottom, its maximum at the top edge, a grid line every
    /// `gridSpacing` pixels labelled with whatever value falls there (`yLabel`).
    case seed
    /// Nice ticks (`NiceAxis`, about one per 50 px): the axis runs from a round value below the data to
    /// one above it, grid lines at the ticks, labels with the fewest decimals, and the left margin
    /// widened to fit the widest label.
    case nice
}

extension PropertyKey where Value == LineGraphAxis {
    /// A line graph's value axis. Default `seed`.
    public static var axis: Self { keyLineGraphAxis_axis }
}

extension PropertyKey where Value == Color {
    /// A line graph's axes. Default grey (0.83, 0.83, 0.83, 0.7), seed 002.
    public static var axisColor: Self { keyColor_axisColor }
    /// A line graph's dashed grid. Default grey (0.83, 0.83, 0.83), seed 002.
    public static var gridColor: Self { keyColor_gridColor }
    /// A line graph's labels. Default white at 0.8 alpha, seed 002.
    public static var labelColor: Self { keyColor_labelColor }
}

/// A line graph (seed 002): axes, a dashed grid, the data polyline and numeric labels, all sublayers
/// rebuilt every frame from `values`.
///
/// ## World → view (the seed's drawRect:)
/// With n values, min and max of the values, width w and height h of the bounds:
/// sx = (w − offsetX) / n, sy = (h − offsetY) / (max − min) (1 when max = min);
/// point i is (offsetX + i·sx, (h − offsetY) − (vᵢ − min)·sy).
///
/// ## Decoration
/// Axes in `axisColor`: x = offsetX from the bottom margin to offsetY, and the bottom line
/// y = h − offsetY. Grid lines every `gridSpacing` px above the bottom, dashed {4, 2}, in `gridColor`.
/// Each grid line (and the axis) carries a Y label with its world value, formatted as the seed
/// (`yLabel`). X labels name every `xLabelStep`-th index. The line is `strokeColor` (default
/// orange, 1 / 0.65 / 0), `lineWidth` wide, and drawn in by `strokeEnd`.
public enum LineGraph: LayerBehavior {
    public static let typeName = "lineGraph"
    public static let properties = [
        AnyPropertyKey(PropertyKey<[Double]>.values), AnyPropertyKey(PropertyKey<Double>.offsetX),
        AnyPropertyKey(PropertyKey<Double>.offsetY), AnyPropertyKey(PropertyKey<Double>.gridSpacing),
        AnyPropertyKey(PropertyKey<Double>.xLabelStep), AnyPropertyKey(PropertyKey<Color>.axisColor),
        AnyPropertyKey(PropertyKey<Color>.gridColor), AnyPropertyKey(PropertyKey<Color>.labelColor),
        AnyPropertyKey(name: "strokeColor", defaultValue: .color(Color(red: 1, green: 0.65, blue: 0))),
        AnyPropertyKey(name: "lineWidth", defaultValue: .number(2)),
        AnyPropertyKey(PropertyKey<Double>.strokeEnd), AnyPropertyKey(name: "fontSize", defaultValue: .number(10)),
        AnyPropertyKey(PropertyKey<LineGraphAxis>.axis),
    ]

    public static let drawsNothing = true
    public static func draw(_ layer: Layer) -> [DrawItem] { [] }

    /// A Y label as seed 002 formats it: `%4.0f` above 999, else `%4.2f`.
    public static func yLabel(_ value: Double) -> String {
        String(printf: value > 999 ? "%4.0f" : "%4.2f", value)
    }

    /// The view points of `values` in `bounds` (see the type's notes).
    public static func viewPoints(_ values: [Double], bounds: Rect, offsetX: Double, offsetY: Double) -> [Point] {
        viewPoints(values, bounds: bounds, offsetX: offsetX, offsetY: offsetY, top: bounds.minY)
    }

    /// The view points of `values`, `range` (default: the values' own) mapped from the X axis up to
    /// `top`.
    static func viewPoints(_ values: [Double], bounds: Rect, offsetX: Double, offsetY: Double, top: Double,
                           range: (low: Double, high: Double)? = nil) -> [Point] {
        guard let low = range?.low ?? values.min(), let high = range?.high ?? values.max(), !values.isEmpty else { return [] }
        let w = bounds.width, bottom = bounds.minY + bounds.height - offsetY
        let sx = (w - offsetX) / Double(values.count)
        let sy = high > low ? (bottom - top) / (high - low) : 1
        return values.enumerated().map { i, v in
            Point(bounds.minX + offsetX + Double(i) * sx, bottom - (v - low) * sy)
        }
    }

    public static func derivedSublayers(_ layer: Layer) -> [Layer] {
        let b = layer.bounds, values = layer[.values]
        var ox = layer[.offsetX]
        let oy = layer[.offsetY], spacing = max(layer[.gridSpacing], 1)
        let fontSize = layer[.fontSize]
        // The nice axis: ticks from the data, the widest label fits left of the axis.
        var axis: NiceAxis?
        if layer[.axis] == .nice, let low = values.min(), let high = values.max() {
            axis = NiceAxis(min: low, max: high, targetTicks: max(2, Int(saturating: (b.height - oy) / 50)))
            if let axis {
                let widest = axis.ticks.map { axis.label($0).count }.max() ?? 0
                ox = max(ox, Double(widest) * 0.62 * fontSize + 8)
            }
        }
        let bottom = b.minY + b.height - oy
        func shape(_ suffix: String, _ path: Path) -> Layer {
            var s = Layer(id: layer.id + "." + suffix, type: shapeType)
            s[.bounds] = b
            s[.position] = b.center
            s[.path] = path
            s[.fillColor] = .clear
            return s
        }
        var axes = shape("axes", Path([.move(Point(b.minX + ox, bottom)), .line(Point(b.minX + ox, b.minY + oy)),
                                       .move(Point(b.minX + ox, bottom)), .line(Point(b.maxX, bottom))]))
        axes[.strokeColor] = layer[.axisColor]
        var gridPath = Path()
        var offsets: [Double] = []
        // Nice: the highest tick sits a label's height below the top, the lowest on the X axis.
        let plotHeight = axis == nil ? b.height - oy : max(b.height - oy - fontSize, 1)
        if let axis {
            offsets = axis.ticks.dropFirst().map { ($0 - axis.low) / (axis.high - axis.low) * plotHeight }
        } else {
            var i = spacing
            while i <= b.height - oy && offsets.count < 1000 {
                offsets.append(i)
                i += spacing
            }
        }
        for offset in offsets {
            gridPath.move(to: Point(b.minX + ox, bottom - offset))
            gridPath.line(to: Point(b.maxX, bottom - offset))
        }
        var grid = shape("grid", gridPath)
        grid[.strokeColor] = layer[.gridColor]
        grid[.lineDashPattern] = DashPattern([4, 2])
        let points = axis.map { axis in
            viewPoints(values, bounds: b, offsetX: ox, offsetY: oy, top: b.minY + b.height - oy - plotHeight,
                       range: (axis.low, axis.high))
        } ?? viewPoints(values, bounds: b, offsetX: ox, offsetY: oy)
        var line = shape("line", .polyline(points))
        line[.strokeColor] = layer[.strokeColor]
        line[.lineWidth] = layer[.lineWidth]
        line[.lineJoin] = .round
        line[.strokeEnd] = layer[.strokeEnd]
        var result = [axes, grid, line]

        func label(_ suffix: String, _ text: String, x: Double, baseline: Double, width: Double, alignment: TextAlignment) -> Layer {
            var t = Layer(id: layer.id + "." + suffix, type: textType)
            t[.anchorPoint] = .zero
            t[.bounds] = Rect(x: 0, y: 0, width: width, height: fontSize)
            t[.position] = Point(x, baseline - 0.8 * fontSize)
            t[.string] = text
            t[.fontSize] = fontSize
            t[.alignment] = alignment
            t[.foregroundColor] = layer[.labelColor]
            return t
        }
        if let low = values.min(), let high = values.max() {
            let perPixel = high > low ? (high - low) / (b.height - oy) : 0
            for (index, offset) in ([0] + offsets).enumerated() {
                let text = axis.map { $0.label($0.ticks[index]) } ?? yLabel(low + offset * perPixel)
                result.append(label("y\(index)", text, x: b.minX, baseline: bottom - offset + fontSize * 0.35,
                                    width: max(ox - 3, 0), alignment: .right))
            }
            let step = Int(saturating: layer[.xLabelStep])
            if step > 0 {
                for index in stride(from: 0, to: values.count, by: step) {
                    result.append(label("x\(index)", "\(index)", x: points[index].x - 15, baseline: bottom + fontSize,
                                        width: 30, alignment: .center))
                }
            }
        }
        return result
    }
}

// The built-in keys, created once (a key hashes its name when created; reads are per frame).
let keyDouble_offsetX = PropertyKey<Double>("offsetX", default: 30)
let keyDouble_offsetY = PropertyKey<Double>("offsetY", default: 10)
let keyDouble_gridSpacing = PropertyKey<Double>("gridSpacing", default: 30)
let keyDouble_xLabelStep = PropertyKey<Double>("xLabelStep", default: 0)
let keyColor_axisColor = PropertyKey<Color>("axisColor", default: Color(red: 0.83, green: 0.83, blue: 0.83, alpha: 0.7))
let keyColor_gridColor = PropertyKey<Color>("gridColor", default: Color(white: 0.83))
let keyLineGraphAxis_axis = PropertyKey<LineGraphAxis>("axis", default: .seed)
let keyColor_labelColor = PropertyKey<Color>("labelColor", default: Color(white: 1, alpha: 0.8))

/// The derived layers' types, looked up once.
private let shapeType = LayerType(ShapeLayer.self)
private let textType = LayerType(TextLayer.self)
