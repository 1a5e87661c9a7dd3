/// One thing a layer draws, in its bounds' coordinates: what renderers consume.
public enum DrawItem: Hashable, Sendable {
    case shape(ShapeDrawing)
    case text(TextDrawing)
}

/// How the ends of open strokes are drawn.
public enum LineCap: String, Hashable, Sendable, Codable, CaseIterable, ChoiceValue {
    case butt, round, square

    /// The case named `rawValue`, by direct comparison (the synthesized initializer searched a table of
    /// names at every read, about a third of reading a layer's stroke style).
    public init?(rawValue: String) {
        switch rawValue {
        case "butt": self = .butt
        case "round": self = .round
        case "square": self = .square
        default: return nil
        }
    }
}

/// How stroke segments meet.
public enum LineJoin: String, Hashable, Sendable, Codable, CaseIterable, ChoiceValue {
    case miter, round, bevel

    /// The case named `rawValue`, by direct comparison (the synthesized initializer searched a table of
    /// names at every read, about a third of reading a layer's stroke style).
    public init?(rawValue: String) {
        switch rawValue {
        case "miter": self = .miter
        case "round": self = .round
        case "bevel": self = .bevel
        default: return nil
        }
    }
}

/// Which points a path's fill covers.
public enum FillRule: String, Hashable, Sendable, Codable, CaseIterable, ChoiceValue {
    case nonZero, evenOdd

    /// The case named `rawValue`, by direct comparison (the synthesized initializer searched a table of
    /// names at every read, about a third of reading a layer's stroke style).
    public init?(rawValue: String) {
        switch rawValue {
        case "nonZero": self = .nonZero
        case "evenOdd": self = .evenOdd
        default: return nil
        }
    }
}

/// A filled and/or stroked path, with the stroke's semantic trim kept for renderers that can
/// express it (the animated SVG turns strokeStart/strokeEnd into dashes).
public struct ShapeDrawing: Hashable, Sendable {
    public var path: Path
    /// Fill colour; alpha 0 means no fill.
    public var fill: Color
    /// Gradient fill, drawn instead of `fill` when it has stops: always `normalized` (set at init and on
    /// every change), so every renderer reads the same stops.
    public var fillGradient: Gradient {
        didSet { if fillGradient != fillGradient.normalized { fillGradient = fillGradient.normalized } }
    }
    public var fillRule: FillRule
    /// Stroke colour; alpha 0 means no stroke (unless `strokeGradient` paints it).
    public var stroke: Color
    /// Gradient the stroke is painted with instead of `stroke` when it has stops: always
    /// `normalized`, as `fillGradient`; one with no extent is its last stop's colour.
    public var strokeGradient: Gradient {
        didSet { if strokeGradient != strokeGradient.normalized { strokeGradient = strokeGradient.normalized } }
    }
    /// Stroke width, pixels; 0 means no stroke.
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var miterLimit: Double
    /// The dash pattern as drawn: always `normalized` (set at init and on every change), so every
    /// renderer reads the same pattern.
    public var dashPattern: DashPattern {
        didSet { if dashPattern != dashPattern.normalized { dashPattern = dashPattern.normalized } }
    }
    /// Offset into the dash pattern, pixels.
    public var dashPhase: Double
    /// Fraction of the path's length where the stroke starts, [0, 1].
    public var strokeStart: Double
    /// Fraction of the path's length where the stroke ends, [0, 1].
    public var strokeEnd: Double
    /// What the path is, when it was built from semantic parameters (renderers that animate can then
    /// animate the parameters instead of the points).
    public var semantic: ShapeSemantic?

    public init(path: Path, fill: Color = .clear, fillGradient: Gradient = .none, fillRule: FillRule = .nonZero,
                stroke: Color = .clear, strokeGradient: Gradient = .none, lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
                miterLimit: Double = 10, dashPattern: DashPattern = .solid, dashPhase: Double = 0,
                strokeStart: Double = 0, strokeEnd: Double = 1) {
        self.path = path
        // Normalised once, here, for every renderer: a gradient with no extent (a linear one whose
        // start is its end, a radial one of radius 0) paints the colour of its last stop (SVG 1.1,
        // §13.2.2 and §13.2.3), as browsers do; left as a gradient, librsvg and the raster frames each
        // painted another colour.
        // Colours are drawn within [0, 1] per channel (and alpha): clamped here, once, for every renderer
        // (an overshooting spring or an OKLab colour out of gamut went past 1 or below 0, which SVG's hex
        // clamps and the animated SVG's tracks were then measured against unclamped).
        (self.fill, self.fillGradient) = Self.paint(fill, fillGradient)
        self.fillRule = fillRule
        (self.stroke, self.strokeGradient) = Self.paint(stroke, strokeGradient)
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        // Normalised once, here, for every renderer: a pattern SVG would reject draws solid everywhere.
        self.dashPattern = dashPattern.normalized
        self.dashPhase = dashPhase.isFinite ? dashPhase : 0
        self.strokeStart = strokeStart
        self.strokeEnd = strokeEnd
        self.semantic = nil
    }

    /// A paint as drawn (`init`'s rules): a gradient with no extent as its last stop's colour, others
    /// normalised; the colour clamped to [0, 1].
    static func paint(_ color: Color, _ gradient: Gradient) -> (Color, Gradient) {
        if let last = gradient.stops.last, gradient.hasNoExtent { return (last.color.clampedToUnit, .none) }
        return (color.clampedToUnit, gradient.normalized)
    }

    /// Whether anything is filled.
    public var hasFill: Bool { fill.alpha > 0 || !fillGradient.stops.isEmpty }

    /// Whether anything is stroked: a visible colour, a positive width and a non-empty trim.
    public var hasStroke: Bool { strokeCanPaint && path.trimKeepsAnything(from: strokeStart, to: strokeEnd) }

    /// What the stroke paints: `strokedPath` when `hasStroke`, else nil (the trim cut once, for a
    /// renderer that goes on to draw it).
    public var paintedStroke: Path? {
        guard strokeCanPaint else { return nil }
        let stroked = strokedPath
        return stroked.isEmpty ? nil : stroked
    }

    /// A visible stroke colour, a positive width and strokeEnd past strokeStart.
    private var strokeCanPaint: Bool { (stroke.alpha > 0 || !strokeGradient.stops.isEmpty) && lineWidth > 0 && strokeEnd > strokeStart }

    /// The part of the path the stroke covers (strokeStart…strokeEnd of its length).
    public var strokedPath: Path { path.trimmed(from: strokeStart, to: strokeEnd) }
}

/// The semantic parameters a shape's path was built from.
public enum ShapeSemantic: Hashable, Sendable {
    /// A circular arc (an arc layer, a ring gauge's parts).
    case arc(Arc)
    /// A pie or donut slice: centre, outer and inner radius, start and end angle (sweep end − start).
    case wedge(center: Point, radius: Double, innerRadius: Double, startAngle: Angle, endAngle: Angle)
}

/// Horizontal alignment of text in its layer's bounds.
public enum TextAlignment: String, Hashable, Sendable, Codable, CaseIterable, ChoiceValue {
    case left, center, right

    /// The case named `rawValue`, by direct comparison (the synthesized initializer searched a table of
    /// names at every read, about a third of reading a layer's stroke style).
    public init?(rawValue: String) {
        switch rawValue {
        case "left": self = .left
        case "center": self = .center
        case "right": self = .right
        default: return nil
        }
    }
}

/// A line of text.
public struct TextDrawing: Hashable, Sendable {
    public var string: String
    /// Where the text is anchored: the baseline point at the left edge, centre or right edge (per
    /// `alignment`), pixels.
    public var origin: Point
    public var alignment: TextAlignment
    public var fontFamily: String
    /// Font size, pixels.
    public var fontSize: Double
    /// CSS weight, 100…900 (400 normal, 700 bold).
    public var fontWeight: Double
    public var color: Color

    /// A line of text; the defaults are the text layer's (sans-serif 16 px, weight 400, black).
    public init(string: String, origin: Point, alignment: TextAlignment = .left, fontFamily: String = "sans-serif",
                fontSize: Double = 16, fontWeight: Double = 400, color: Color = .black) {
        self.string = string
        self.origin = origin
        self.alignment = alignment
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.color = color.clampedToUnit
    }
}
