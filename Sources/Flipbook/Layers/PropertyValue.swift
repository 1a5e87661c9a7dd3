/// The value of one layer property, whatever its type: how properties are stored, copied into
/// presentation layers and carried by animations.
public enum PropertyValue: Hashable, Sendable {
    case number(Double)
    case angle(Angle)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    case transform(Transform2D)
    case numbers([Double])
    /// A list of colours (a chart's slice colours).
    case colors([Color])
    case dashPattern(DashPattern)
    case path(Path)
    case gradient(Gradient)
    case text(String)
    case flag(Bool)
    /// One of a fixed set of names: a line cap, a fill rule, a text alignment.
    case choice(String)
    /// A value of a type declared outside Flipbook (`AnimatableValue`).
    indirect case custom(CustomValue)

    /// Which case this is.
    public var kind: ValueKind {
        switch self {
        case .number: .number
        case .angle: .angle
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .color: .color
        case .transform: .transform
        case .numbers: .numbers
        case .colors: .colors
        case .dashPattern: .dashPattern
        case .path: .path
        case .gradient: .gradient
        case .text: .text
        case .flag: .flag
        case .choice: .choice
        case .custom: .custom
        }
    }
}

/// The type of a property's values.
public enum ValueKind: String, Hashable, Sendable, CaseIterable {
    case number, angle, point, size, rect, color, transform, numbers, colors, dashPattern, path, gradient, text, flag, choice
    /// Values of an `AnimatableValue` type declared outside Flipbook.
    case custom

    /// Whether values of this kind add, subtract and scale (needed by `by`, additive, cumulative,
    /// paced and cubic animations).
    public var isVector: Bool {
        switch self {
        case .number, .angle, .point, .size, .rect, .color, .transform, .numbers, .custom: true
        default: false
        }
    }

    /// Whether values of this kind change gradually; the others (text, flags, choices) switch at the
    /// half-way point.
    public var isContinuous: Bool {
        switch self {
        case .text, .flag, .choice: false
        default: true
        }
    }
}

extension PropertyValue {
    /// The value at fraction `t` from `a` to `b` (exact at both ends; extrapolates for t outside [0, 1]).
    ///
    /// Same-kind continuous values interpolate by their type's rule (colours in `colorSpace`).
    /// Discrete kinds, and values of different kinds, switch from `a` to `b` at t = 0.5 (CSS's
    /// discrete rule; Core Animation leaves it undefined).
    public static func interpolate(_ a: PropertyValue, _ b: PropertyValue, _ t: Double,
                                   colorSpace: ColorSpace = .sRGB) -> PropertyValue {
        if t == 0 { return a }
        if t == 1 { return b }
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(mix(x, y, t))
        case (.angle(let x), .angle(let y)): return .angle(.interpolate(x, y, t))
        case (.point(let x), .point(let y)): return .point(.interpolate(x, y, t))
        case (.size(let x), .size(let y)): return .size(.interpolate(x, y, t))
        case (.rect(let x), .rect(let y)): return .rect(.interpolate(x, y, t))
        case (.color(let x), .color(let y)): return .color(.interpolate(x, y, t, in: colorSpace))
        case (.transform(let x), .transform(let y)): return .transform(.interpolate(x, y, t))
        case (.numbers(let x), .numbers(let y)): return .numbers(.interpolate(x, y, t))
        case (.colors(let x), .colors(let y)):
            // Pairwise where both have a colour; past the shorter list, the longer list's colour.
            return .colors((0..<max(x.count, y.count)).map { i in
                i < x.count && i < y.count ? Color.interpolate(x[i], y[i], t, in: colorSpace) : (i < y.count ? y[i] : x[i])
            })
        case (.dashPattern(let x), .dashPattern(let y)): return .dashPattern(.interpolate(x, y, t))
        case (.path(let x), .path(let y)): return .path(.interpolate(x, y, t))
        case (.gradient(let x), .gradient(let y)): return .gradient(.interpolate(x, y, t))
        case (.custom(let x), .custom(let y)):
            if let v = x.interpolated(to: y, t) { return .custom(v) }
            return t < 0.5 ? a : b
        default: return t < 0.5 ? a : b
        }
    }

    /// a + b for vector kinds of the same kind; nil otherwise.
    public static func add(_ a: PropertyValue, _ b: PropertyValue) -> PropertyValue? {
        if case .custom(let x) = a, case .custom(let y) = b { return x.combined(with: y, subtract: false).map(PropertyValue.custom) }
        return vectorOp(a, b, { .number($0 + $1) }, { .angle($0 + $1) }, { .point($0 + $1) }, { .size(.sum($0, $1)) },
                 { .rect(.sum($0, $1)) }, { .color(.sum($0, $1)) }, { .transform(.sum($0, $1)) }, { .numbers(.sum($0, $1)) })
    }

    /// a − b for vector kinds of the same kind; nil otherwise.
    public static func subtract(_ a: PropertyValue, _ b: PropertyValue) -> PropertyValue? {
        if case .custom(let x) = a, case .custom(let y) = b { return x.combined(with: y, subtract: true).map(PropertyValue.custom) }
        return vectorOp(a, b, { .number($0 - $1) }, { .angle($0 - $1) }, { .point($0 - $1) }, { .size(.difference($0, $1)) },
                 { .rect(.difference($0, $1)) }, { .color(.difference($0, $1)) }, { .transform(.difference($0, $1)) },
                 { .numbers(.difference($0, $1)) })
    }

    /// The value scaled by `f` for vector kinds; nil otherwise.
    public func scaled(_ f: Double) -> PropertyValue? {
        switch self {
        case .number(let x): .number(x * f)
        case .angle(let x): .angle(x * f)
        case .point(let x): .point(x * f)
        case .size(let x): .size(.scaled(x, f))
        case .rect(let x): .rect(.scaled(x, f))
        case .color(let x): .color(.scaled(x, f))
        case .transform(let x): .transform(.scaled(x, f))
        case .numbers(let x): .numbers(.scaled(x, f))
        case .custom(let x): .custom(x.scaled(f))
        default: nil
        }
    }

    /// The distance between two values of the same vector kind (paced keyframes); nil otherwise.
    public static func distance(_ a: PropertyValue, _ b: PropertyValue) -> Double? {
        switch (a, b) {
        case (.number(let x), .number(let y)): Double.distance(x, y)
        case (.angle(let x), .angle(let y)): Angle.distance(x, y)
        case (.point(let x), .point(let y)): Point.distance(x, y)
        case (.size(let x), .size(let y)): Size.distance(x, y)
        case (.rect(let x), .rect(let y)): Rect.distance(x, y)
        case (.color(let x), .color(let y)): Color.distance(x, y)
        case (.transform(let x), .transform(let y)): Transform2D.distance(x, y)
        case (.numbers(let x), .numbers(let y)): Array<Double>.distance(x, y)
        case (.custom(let x), .custom(let y)): x.distance(to: y)
        default: nil
        }
    }

    /// The zero of `value`'s type (the start of an additive animation with no `from`): a custom
    /// value's type's zero, else `zero(of: value.kind)`.
    public static func zero(like value: PropertyValue) -> PropertyValue? {
        if case .custom(let x) = value { return .custom(x.zero) }
        return zero(of: value.kind)
    }

    /// The zero of a vector kind (the start of an additive animation with no `from`); nil otherwise
    /// (and for `.custom`, whose zero depends on the type: see `zero(like:)`).
    public static func zero(of kind: ValueKind) -> PropertyValue? {
        switch kind {
        case .number: .number(0)
        case .angle: .angle(.zero)
        case .point: .point(.zero)
        case .size: .size(.zero)
        case .rect: .rect(.zero)
        case .color: .color(.zero)
        case .transform: .transform(.identity)
        case .numbers: .numbers([])
        default: nil
        }
    }

    private static func vectorOp(
        _ a: PropertyValue, _ b: PropertyValue,
        _ number: (Double, Double) -> PropertyValue, _ angle: (Angle, Angle) -> PropertyValue,
        _ point: (Point, Point) -> PropertyValue, _ size: (Size, Size) -> PropertyValue,
        _ rect: (Rect, Rect) -> PropertyValue, _ color: (Color, Color) -> PropertyValue,
        _ transform: (Transform2D, Transform2D) -> PropertyValue, _ numbers: ([Double], [Double]) -> PropertyValue
    ) -> PropertyValue? {
        switch (a, b) {
        case (.number(let x), .number(let y)): number(x, y)
        case (.angle(let x), .angle(let y)): angle(x, y)
        case (.point(let x), .point(let y)): point(x, y)
        case (.size(let x), .size(let y)): size(x, y)
        case (.rect(let x), .rect(let y)): rect(x, y)
        case (.color(let x), .color(let y)): color(x, y)
        case (.transform(let x), .transform(let y)): transform(x, y)
        case (.numbers(let x), .numbers(let y)): numbers(x, y)
        default: nil
        }
    }
}
