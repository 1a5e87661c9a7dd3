/// Properties shared by the layer types that draw a path (shape, arc, pie slice), as CAShapeLayer's.
extension PropertyKey where Value == Color {
    /// Fill of the path; alpha 0 for none. Default black for shape layers (as CAShapeLayer), clear for
    /// arc layers.
    public static var fillColor: Self { keyColor_fillColor }
    /// Stroke of the path; alpha 0 for none. Default clear (CA's nil).
    public static var strokeColor: Self { keyColor_strokeColor }
    /// Text colour. Default black.
    public static var foregroundColor: Self { keyColor_foregroundColor }
}

extension PropertyKey where Value == Double {
    /// Stroke width, pixels, ≥ 0. Default 1.
    public static var lineWidth: Self { keyDouble_lineWidth }
    /// Miter joins longer than this multiple of half the width become bevels. Default 10.
    public static var miterLimit: Self { keyDouble_miterLimit }
    /// Offset into the dash pattern, pixels. Default 0.
    public static var lineDashPhase: Self { keyDouble_lineDashPhase }
    /// Where the stroke starts, as a fraction of the path's length, [0, 1]. Default 0.
    public static var strokeStart: Self { keyDouble_strokeStart }
    /// Where the stroke ends, as a fraction of the path's length, [0, 1]. Default 1.
    public static var strokeEnd: Self { keyDouble_strokeEnd }
    /// Radius, pixels. For arcs and pie slices left unset: half the smaller side of the bounds.
    public static var radius: Self { keyDouble_radius }
    /// Inner radius of a pie slice, pixels; 0 for a full wedge, > 0 for a donut slice. Default 0.
    public static var innerRadius: Self { keyDouble_innerRadius }
    /// Font size, pixels. Default 16.
    public static var fontSize: Self { keyDouble_fontSize }
    /// CSS font weight, 100…900. Default 400.
    public static var fontWeight: Self { keyDouble_fontWeight }
}

extension PropertyKey where Value == LineCap {
    /// Default butt.
    public static var lineCap: Self { keyLineCap_lineCap }
}

extension PropertyKey where Value == LineJoin {
    /// Default miter.
    public static var lineJoin: Self { keyLineJoin_lineJoin }
}

extension PropertyKey where Value == FillRule {
    /// Default non-zero.
    public static var fillRule: Self { keyFillRule_fillRule }
}

extension PropertyKey where Value == TextAlignment {
    /// Default left.
    public static var alignment: Self { keyTextAlignment_alignment }
}

extension PropertyKey where Value == DashPattern {
    /// Dash and gap lengths, pixels; empty for a solid line. Default solid.
    public static var lineDashPattern: Self { keyDashPattern_lineDashPattern }
}

extension PropertyKey where Value == Gradient {
    /// A gradient fill drawn instead of the fill colour when it has stops. Default none.
    public static var fillGradient: Self { keyGradient_fillGradient }
    /// A gradient the stroke is painted with instead of the stroke colour when it has stops (a conic
    /// one runs the colour along a ring). Default none.
    public static var strokeGradient: Self { keyGradient_strokeGradient }
    /// The gradient a gradient layer fills its bounds with. Default none.
    public static var gradient: Self { keyGradient_gradient }
}

extension PropertyKey where Value == Path {
    /// A shape layer's path, in its bounds' coordinates. Default empty.
    public static var path: Self { keyPath_path }
}

extension PropertyKey where Value == Point {
    /// Centre of an arc, pixels. Left unset: the centre of the bounds.
    public static var center: Self { keyPoint_center }
}

extension PropertyKey where Value == Angle {
    /// Where an arc or slice starts (0 at 3 o'clock, clockwise on screen). Default 0.
    public static var startAngle: Self { keyAngle_startAngle }
    /// Where an arc or slice ends. Default 0.
    public static var endAngle: Self { keyAngle_endAngle }
}

extension PropertyKey where Value == Bool {
    /// Which way an arc turns from start to end (UIBezierPath's rule; see `Arc`). Default true.
    public static var clockwise: Self { keyBool_clockwise }
}

extension PropertyKey where Value == String {
    /// A text layer's text. Default empty.
    public static var string: Self { keyString_string }
    /// CSS font family list. Default "sans-serif".
    public static var fontFamily: Self { keyString_fontFamily }
}

/// A plain layer (CALayer): draws only its background colour; a container for sublayers.
public enum PlainLayer: LayerBehavior {
    public static let typeName = "layer"
    public static let derivesSublayers = false
    public static let properties: [AnyPropertyKey] = []
    public static let drawsNothing = true
    public static func draw(_ layer: Layer) -> [DrawItem] { [] }
}

/// A path with fill and stroke (CAShapeLayer).
public enum ShapeLayer: LayerBehavior {
    public static let typeName = "shape"
    public static let derivesSublayers = false
    public static let properties = [AnyPropertyKey(PropertyKey<Path>.path)] + ShapeStyle.properties
    public static func draw(_ layer: Layer) -> [DrawItem] { ShapeStyle.items(layer[.path], of: layer) }
}

/// A circular arc from semantic parameters, rebuilt every frame: animating its angles moves along the
/// circle (never a morph).
public enum ArcLayer: LayerBehavior {
    public static let typeName = "arc"
    public static let derivesSublayers = false
    public static let properties = [
        AnyPropertyKey(PropertyKey<Point>.center), AnyPropertyKey(PropertyKey<Double>.radius),
        AnyPropertyKey(PropertyKey<Angle>.startAngle), AnyPropertyKey(PropertyKey<Angle>.endAngle),
        AnyPropertyKey(PropertyKey<Bool>.clockwise),
    ] + ShapeStyle.properties.overriding(AnyPropertyKey(PropertyKey<Color>.fillColor.withDefault(.clear)))

    public static func draw(_ layer: Layer) -> [DrawItem] {
        let b = layer.bounds
        let center = layer.isSet(.center) ? layer[.center] : b.center
        let radius = layer.isSet(.radius) ? layer[.radius] : min(b.width, b.height) / 2
        let arc = Arc(center: center, radius: radius, startAngle: layer[.startAngle], endAngle: layer[.endAngle],
                      clockwise: layer[.clockwise])
        guard radius > 0 else { return [] }
        // A zero-length arc draws nothing (no round-cap dot); a full circle is closed so its stroke has
        // no seam.
        let full = abs(arc.sweep.radians) >= 2 * .pi
        let path = arc.sweep.radians == 0 ? Path() : Path(full ? [.arc(arc), .close] : [.arc(arc)])
        return ShapeStyle.items(path, of: layer, semantic: .arc(arc))
    }
}

/// A pie slice (or donut slice) from start and end angles: the seed's PieSliceLayer. The sweep is
/// end − start with its sign; the centre is the bounds' centre.
public enum PieSliceLayer: LayerBehavior {
    public static let typeName = "pieSlice"
    public static let derivesSublayers = false
    public static let properties = [
        AnyPropertyKey(PropertyKey<Angle>.startAngle), AnyPropertyKey(PropertyKey<Angle>.endAngle),
        AnyPropertyKey(PropertyKey<Double>.radius), AnyPropertyKey(PropertyKey<Double>.innerRadius),
    ] + ShapeStyle.properties

    public static func draw(_ layer: Layer) -> [DrawItem] {
        let b = layer.bounds
        let radius = layer.isSet(.radius) ? layer[.radius] : min(b.width, b.height) / 2
        let path = Path.wedge(center: b.center, radius: radius, innerRadius: layer[.innerRadius],
                              startAngle: layer[.startAngle], endAngle: layer[.endAngle])
        let semantic = ShapeSemantic.wedge(center: b.center, radius: radius, innerRadius: layer[.innerRadius],
                                           startAngle: layer[.startAngle], endAngle: layer[.endAngle])
        return radius > 0 ? ShapeStyle.items(path, of: layer, semantic: semantic) : []
    }
}

/// One line of text (CATextLayer), aligned in the bounds; the first baseline sits 0.8 × fontSize below
/// the top of the bounds (a typical ascent).
public enum TextLayer: LayerBehavior {
    public static let typeName = "text"
    public static let derivesSublayers = false
    public static let properties = [
        AnyPropertyKey(PropertyKey<String>.string), AnyPropertyKey(PropertyKey<String>.fontFamily),
        AnyPropertyKey(PropertyKey<Double>.fontSize), AnyPropertyKey(PropertyKey<Double>.fontWeight),
        AnyPropertyKey(PropertyKey<TextAlignment>.alignment), AnyPropertyKey(PropertyKey<Color>.foregroundColor),
        AnyPropertyKey(number), AnyPropertyKey(format),
    ]

    /// The number a text with a `format` shows; animatable like any number. Default 0.
    public static let number = PropertyKey<Double>("number", default: 0)
    /// How `number` is shown (`NumberFormat`: "%.0f%%", "%d pts"); when set, the text shows the number
    /// so formatted instead of `string`, at every instant its presentation value. An invalid format
    /// (refused by the scene loader) shows nothing. Default empty: the text shows `string`.
    public static let format = PropertyKey<String>("format", default: "")

    /// The text `layer` shows: its formatted number when it has a format, else its string.
    public static func shownText(_ layer: Layer) -> String {
        let f = layer[format]
        guard !f.isEmpty else { return layer[.string] }
        return NumberFormat(f)?.string(layer[number]) ?? ""
    }

    public static func draw(_ layer: Layer) -> [DrawItem] {
        let text = shownText(layer)
        guard !text.isEmpty else { return [] }
        let b = layer.bounds, size = layer[.fontSize], alignment = layer[.alignment]
        let x = switch alignment {
        case .left: b.minX
        case .center: b.center.x
        case .right: b.maxX
        }
        return [.text(TextDrawing(string: text, origin: Point(x, b.minY + 0.8 * size), alignment: alignment,
                                  fontFamily: layer[.fontFamily], fontSize: size, fontWeight: layer[.fontWeight],
                                  color: layer[.foregroundColor]))]
    }
}

/// Fills its bounds with a linear or radial gradient (CAGradientLayer).
public enum GradientLayer: LayerBehavior {
    public static let typeName = "gradient"
    public static let derivesSublayers = false
    public static let properties = [AnyPropertyKey(PropertyKey<Gradient>.gradient)]

    public static func draw(_ layer: Layer) -> [DrawItem] {
        let gradient = layer[.gradient]
        guard !gradient.stops.isEmpty else { return [] }
        return [.shape(ShapeDrawing(path: .rect(layer.bounds), fillGradient: gradient))]
    }
}

/// The engine's layer types (the components add theirs in FlipbookComponents).
public enum LayerTypes {
    /// The primitive layer types: layer, shape, arc, pieSlice, text and gradient.
    public static let primitives: [any LayerBehavior.Type] = [PlainLayer.self, ShapeLayer.self, ArcLayer.self, PieSliceLayer.self,
                                                              TextLayer.self, GradientLayer.self,
                                                              ReplicatorLayer.self]
}

// The built-in keys, created once (a key hashes its name when created; reads are per frame).
let keyColor_fillColor = PropertyKey<Color>("fillColor", default: .black)
let keyColor_strokeColor = PropertyKey<Color>("strokeColor", default: .clear)
let keyColor_foregroundColor = PropertyKey<Color>("foregroundColor", default: .black)
let keyDouble_lineWidth = PropertyKey<Double>("lineWidth", default: 1)
let keyDouble_miterLimit = PropertyKey<Double>("miterLimit", default: 10)
let keyDouble_lineDashPhase = PropertyKey<Double>("lineDashPhase", default: 0)
let keyDouble_strokeStart = PropertyKey<Double>("strokeStart", default: 0)
let keyDouble_strokeEnd = PropertyKey<Double>("strokeEnd", default: 1)
let keyDouble_radius = PropertyKey<Double>("radius", default: 0)
let keyDouble_innerRadius = PropertyKey<Double>("innerRadius", default: 0)
let keyDouble_fontSize = PropertyKey<Double>("fontSize", default: 16)
let keyDouble_fontWeight = PropertyKey<Double>("fontWeight", default: 400)
let keyLineCap_lineCap = PropertyKey<LineCap>("lineCap", default: .butt)
let keyLineJoin_lineJoin = PropertyKey<LineJoin>("lineJoin", default: .miter)
let keyFillRule_fillRule = PropertyKey<FillRule>("fillRule", default: .nonZero)
let keyTextAlignment_alignment = PropertyKey<TextAlignment>("alignment", default: .left)
let keyDashPattern_lineDashPattern = PropertyKey<DashPattern>("lineDashPattern", default: .solid)
let keyGradient_fillGradient = PropertyKey<Gradient>("fillGradient", default: .none)
let keyGradient_strokeGradient = PropertyKey<Gradient>("strokeGradient", default: .none)
let keyGradient_gradient = PropertyKey<Gradient>("gradient", default: .none)
let keyPath_path = PropertyKey<Path>("path", default: Path())
let keyPoint_center = PropertyKey<Point>("center", default: .zero)
let keyAngle_startAngle = PropertyKey<Angle>("startAngle", default: .zero)
let keyAngle_endAngle = PropertyKey<Angle>("endAngle", default: .zero)
let keyBool_clockwise = PropertyKey<Bool>("clockwise", default: true)
let keyString_string = PropertyKey<String>("string", default: "")
let keyString_fontFamily = PropertyKey<String>("fontFamily", default: "sans-serif")
