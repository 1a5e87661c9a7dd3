import Flipbook

/// The document's numbers as its formats write them: coordinates, lengths and opacities with the
/// decimals the value carries (three by default), colour channels in eight bits, key times with nine
/// decimals, easing control points with six. SMIL, CSS and Lottie show the same numbers, which are the
/// ones the compiler verified (it checks the SMIL as written).
extension AnimatedDocument.Value {
    /// The numbers as written (a number, numbers, a colour's three channels in [0, 1]); nil for a
    /// keyword, reference, path, transform or text.
    public var written: [Double]? {
        switch self {
        case .number(let v, let decimals): [SVGNumber.representable(v, decimals: decimals)]
        case .numbers(let v): v.map { SVGNumber.representable($0) }
        case .color(let c): [c.red, c.green, c.blue].map(AnimatedDocument.writtenChannel)
        default: nil
        }
    }
}

extension AnimatedDocument.ValueFormat {
    /// A numeric track's value as written: the first number alone (`number`), three decimals each
    /// (`numbers`, path coordinates), or eight-bit channels (`color`).
    public func written(_ values: [Double]) -> [Double] {
        switch self {
        case .number: [SVGNumber.representable(values.first ?? 0)]
        case .numbers, .path: values.map { SVGNumber.representable($0) }
        case .color: values.prefix(3).map(AnimatedDocument.writtenChannel)
        }
    }
}

extension AnimatedDocument {
    /// A colour channel in [0, 1] as `#rrggbb` holds it: clamped, rounded to 1/255 (half away from
    /// zero), NaN as 0.
    static func writtenChannel(_ x: Double) -> Double {
        let v = (min(max(x, 0), 1) * 255).rounded()
        return v == v ? v / 255 : 0
    }

    /// Seconds as written in a timing attribute (nine decimals).
    static func writtenTime(_ t: Double) -> Double { SVGNumber.representable(t, decimals: 9) }
}

extension AnimatedDocument.TransformStep {
    /// The step's name and numbers as written: `matrix` with its linear part to six decimals and its
    /// translation to three; a component's values to three.
    public var written: (type: String, values: [Double]) {
        switch self {
        case .matrix(let m):
            ("matrix", [m.a, m.b, m.c, m.d].map { SVGNumber.representable($0, decimals: 6) } + [m.tx, m.ty].map { SVGNumber.representable($0) })
        case .component(let type, let values):
            (type, values.map { SVGNumber.representable($0) })
        }
    }
}
