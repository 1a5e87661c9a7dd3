import Flipbook

/// Properties of the chart components.
extension PropertyKey where Value == Double {
    /// How full a ring gauge is, [0, 1] (values outside are clamped). Default 0.
    public static var fraction: Self { keyDouble_fraction }
    /// A ring gauge's value arc width as a fraction of the track width. Default 0.8 (seed 000).
    public static var valueWidthRatio: Self { keyDouble_valueWidthRatio }
}

extension PropertyKey where Value == Color {
    /// A ring gauge's background track. Default white 0.15 (seed 000's dark grey).
    public static var trackColor: Self { keyColor_trackColor }
    /// A ring gauge's value arc. Default yellow (seed 000).
    public static var valueColor: Self { keyColor_valueColor }
}

/// A ring gauge (seeds 000 and 001): a full-circle track and a round-capped value arc from
/// `startAngle` (12 o'clock by default) through `fraction` of a turn, clockwise.
///
/// The track is `lineWidth` wide (default 10, seed 000's arcWidth); the value arc is
/// `valueWidthRatio` (0.8) of that. The radius fits the ring inside the bounds:
/// (min(width, height) − lineWidth) / 2 — the seed's stated intent ("the smallest side"), not its code,
/// which picked the larger side. Nest rings by giving each a smaller bounds. Fraction 0 draws the
/// track only (no round-cap dot). `strokeGradient`, when it has stops, paints the value arc instead of
/// `valueColor`.
public enum RingGauge: LayerBehavior {
    public static let typeName = "ringGauge"
    public static let properties = [
        AnyPropertyKey(PropertyKey<Double>.fraction), AnyPropertyKey(PropertyKey<Color>.trackColor),
        AnyPropertyKey(PropertyKey<Color>.valueColor), lineWidthKey,
        AnyPropertyKey(PropertyKey<Double>.valueWidthRatio), startAngleKey,
        AnyPropertyKey(PropertyKey<Gradient>.strokeGradient),
    ]
    private static let lineWidthKey = AnyPropertyKey(name: "lineWidth", defaultValue: .number(10))
    private static let startAngleKey = AnyPropertyKey(name: "startAngle", defaultValue: .angle(.twelveOClock))

    public static let drawsNothing = true
    public static func draw(_ layer: Layer) -> [DrawItem] { [] }

    /// The radius that fits a ring of `lineWidth` inside `bounds`.
    public static func fittedRadius(bounds: Rect, lineWidth: Double) -> Double {
        max(0, (min(bounds.width, bounds.height) - lineWidth) / 2)
    }

    /// Two parts: the track, and the value arc (so the track is not derived again as the fraction
    /// moves). Each is one arc layer named after the gauge, whose values are set from the properties
    /// the part names (so the value arc is brought up to date in place: `DerivationPart.refresh`).
    public static let derivationParts = [
        DerivationPart(reading: [AnyPropertyKey(PropertyKey<Rect>.bounds), lineWidthKey, AnyPropertyKey(PropertyKey<Color>.trackColor)],
                       making: { Layer(id: $0.id + ".track", type: arcType) }) { layer, track in
            setArc(&track, of: layer)
            track[.startAngle] = .zero
            track[.endAngle] = .fullTurn
            track[.strokeColor] = layer[.trackColor]
            track[.lineWidth] = layer[.lineWidth]
        },
        DerivationPart(reading: [AnyPropertyKey(PropertyKey<Rect>.bounds), lineWidthKey, startAngleKey,
                                 AnyPropertyKey(PropertyKey<Double>.fraction), AnyPropertyKey(PropertyKey<Color>.valueColor),
                                 AnyPropertyKey(PropertyKey<Double>.valueWidthRatio), AnyPropertyKey(PropertyKey<Gradient>.strokeGradient)],
                       making: { Layer(id: $0.id + ".value", type: arcType) }) { layer, value in
            let start = layer[.startAngle]
            let fraction = min(max(layer[.fraction], 0), 1)
            setArc(&value, of: layer)
            value[.startAngle] = start
            value[.endAngle] = start + .fullTurn * fraction
            value[.strokeColor] = layer[.valueColor]
            // A gradient along the value arc (in the gauge's space, which the arc shares) paints it
            // instead of valueColor: a conic one runs the colour along the ring.
            value[.strokeGradient] = layer[.strokeGradient]
            value[.lineWidth] = layer[.lineWidth] * layer[.valueWidthRatio]
            value[.lineCap] = .round
        },
    ]

    /// Sets an arc's bounds, position, centre and radius: centred in the gauge's bounds at the fitted
    /// radius.
    private static func setArc(_ arc: inout Layer, of layer: Layer) {
        let b = layer.bounds
        arc[.bounds] = b
        arc[.position] = b.center
        arc[.center] = b.center
        arc[.radius] = fittedRadius(bounds: b, lineWidth: layer[.lineWidth])
    }
}

/// The derived layers' type, looked up once.
private let arcType = LayerType(ArcLayer.self)

// The built-in keys, created once (a key hashes its name when created; reads are per frame).
let keyDouble_fraction = PropertyKey<Double>("fraction", default: 0)
let keyDouble_valueWidthRatio = PropertyKey<Double>("valueWidthRatio", default: 0.8)
let keyColor_trackColor = PropertyKey<Color>("trackColor", default: Color(white: 0.15))
let keyColor_valueColor = PropertyKey<Color>("valueColor", default: Color(red: 1, green: 1, blue: 0))
