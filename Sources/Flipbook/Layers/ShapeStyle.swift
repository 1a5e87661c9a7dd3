/// The stroke and fill properties of the path-drawing layer types (CAShapeLayer's), for custom layer
/// types that draw a path: add `ShapeStyle.properties` to the type's and draw `ShapeStyle.items`.
public enum ShapeStyle {
    /// fillColor, strokeColor, lineWidth, lineCap, lineJoin, miterLimit, lineDashPattern,
    /// lineDashPhase, strokeStart, strokeEnd, fillRule and fillGradient.
    public static let properties: [AnyPropertyKey] = [
        AnyPropertyKey(PropertyKey<Color>.fillColor), AnyPropertyKey(PropertyKey<Color>.strokeColor),
        AnyPropertyKey(PropertyKey<Double>.lineWidth), AnyPropertyKey(PropertyKey<LineCap>.lineCap),
        AnyPropertyKey(PropertyKey<LineJoin>.lineJoin), AnyPropertyKey(PropertyKey<Double>.miterLimit),
        AnyPropertyKey(PropertyKey<DashPattern>.lineDashPattern), AnyPropertyKey(PropertyKey<Double>.lineDashPhase),
        AnyPropertyKey(PropertyKey<Double>.strokeStart), AnyPropertyKey(PropertyKey<Double>.strokeEnd),
        AnyPropertyKey(PropertyKey<FillRule>.fillRule), AnyPropertyKey(PropertyKey<Gradient>.fillGradient),
    ]

    /// The path drawn with the layer's fill and stroke properties (lineWidth below 0 counts as 0;
    /// strokeStart and strokeEnd are clamped to [0, 1]).
    ///
    /// Each property is what `layer[key]` reads through its key in `properties` (the set value, or the
    /// key's default when the set value is of another kind; else the type's declared default when of
    /// the key's kind, else the key's default), read in one pass: the type's defaults converted once
    /// (`Defaults`), then the layer's set entries that are style properties. Twelve reads one by one
    /// searched the table twelve times and converted a default each time, a line cap's by comparing
    /// its name: about 2,300 instructions a ring gauge's arc. The tests hold this to the reads one by
    /// one for every layer type and for random tables.
    public static func drawing(_ path: Path, of layer: Layer) -> ShapeDrawing {
        let defaults = layer.type.declaredDefaults.shapeStyle
        var fill = defaults.fill, stroke = defaults.stroke, lineWidth = defaults.lineWidth
        var lineCap = defaults.lineCap, lineJoin = defaults.lineJoin, miterLimit = defaults.miterLimit
        var dashPattern = defaults.dashPattern, dashPhase = defaults.dashPhase
        var strokeStart = defaults.strokeStart, strokeEnd = defaults.strokeEnd
        var fillRule = defaults.fillRule, fillGradient = defaults.fillGradient
        let names = Defaults.names, codes = Defaults.codes, filter = Defaults.filter
        if layer.properties.filter & filter != 0 {
            layer.properties.entries.withUnsafeBufferPointer { entries in
                for i in entries.indices where filter & (1 << (entries[i].name.code & 63)) != 0 {
                    // The style name with this hash code, confirmed by its spelling.
                    let code = entries[i].name.code
                    var index = 0
                    while index < codes.count && codes[index] != code { index += 1 }
                    guard index < codes.count, names[index].string == entries[i].name.string else { continue }
                    // (Converted where the table holds it: a copy of the value was made and destroyed.)
                    func read<V>(_ key: PropertyKey<V>) -> V { V(propertyValue: entries[i].value) ?? key.defaultValue }
                    switch index {
                    case 0: fill = read(.fillColor)
                    case 1: stroke = read(.strokeColor)
                    case 2: lineWidth = read(.lineWidth)
                    case 3: lineCap = read(.lineCap)
                    case 4: lineJoin = read(.lineJoin)
                    case 5: miterLimit = read(.miterLimit)
                    case 6: dashPattern = read(.lineDashPattern)
                    case 7: dashPhase = read(.lineDashPhase)
                    case 8: strokeStart = read(.strokeStart)
                    case 9: strokeEnd = read(.strokeEnd)
                    case 10: fillRule = read(.fillRule)
                    default: fillGradient = read(.fillGradient)
                    }
                }
            }
        }
        return ShapeDrawing(path: path, fill: fill, fillGradient: fillGradient, fillRule: fillRule,
                            stroke: stroke, lineWidth: max(lineWidth, 0), lineCap: lineCap,
                            lineJoin: lineJoin, miterLimit: miterLimit, dashPattern: dashPattern,
                            dashPhase: dashPhase, strokeStart: min(max(strokeStart, 0), 1),
                            strokeEnd: min(max(strokeEnd, 0), 1))
    }

    /// The drawing, or nothing for an empty path. A drawing that shows nothing at this instant (a
    /// zero-length arc, strokeEnd 0) is kept, so renderers that animate see its parameters at every
    /// instant; frame renderers skip it.
    public static func items(_ path: Path, of layer: Layer, semantic: ShapeSemantic? = nil) -> [DrawItem] {
        var drawing = drawing(path, of: layer)
        drawing.semantic = semantic
        return path.isEmpty && semantic == nil ? [] : [.shape(drawing)]
    }

    /// A layer type's style values where its layers set none (`DeclaredDefaults.shapeStyle`): each the
    /// type's declared default when it is of the key's kind, else the key's default.
    final class Defaults: Sendable {
        /// The style's names in the order of `drawing`'s switch, their hash codes, and the filter of
        /// the codes (as `PropertyTable.filter`).
        static let names: [PropertyName] = [
            PropertyKey<Color>.fillColor.propertyName, PropertyKey<Color>.strokeColor.propertyName,
            PropertyKey<Double>.lineWidth.propertyName, PropertyKey<LineCap>.lineCap.propertyName,
            PropertyKey<LineJoin>.lineJoin.propertyName, PropertyKey<Double>.miterLimit.propertyName,
            PropertyKey<DashPattern>.lineDashPattern.propertyName, PropertyKey<Double>.lineDashPhase.propertyName,
            PropertyKey<Double>.strokeStart.propertyName, PropertyKey<Double>.strokeEnd.propertyName,
            PropertyKey<FillRule>.fillRule.propertyName, PropertyKey<Gradient>.fillGradient.propertyName,
        ]
        static let codes: [UInt64] = names.map(\.code)
        static let filter: UInt64 = names.reduce(0) { $0 | 1 << ($1.code & 63) }

        let fill: Color, stroke: Color, lineWidth: Double, lineCap: LineCap, lineJoin: LineJoin
        let miterLimit: Double, dashPattern: DashPattern, dashPhase: Double
        let strokeStart: Double, strokeEnd: Double, fillRule: FillRule, fillGradient: Gradient

        /// The defaults given `declared`, a type's declared default by name (nil when it declares none).
        init(declared: (PropertyName) -> PropertyValue?) {
            func value<V>(_ key: PropertyKey<V>) -> V { declared(key.propertyName).flatMap(V.init(propertyValue:)) ?? key.defaultValue }
            fill = value(.fillColor)
            stroke = value(.strokeColor)
            lineWidth = value(.lineWidth)
            lineCap = value(.lineCap)
            lineJoin = value(.lineJoin)
            miterLimit = value(.miterLimit)
            dashPattern = value(.lineDashPattern)
            dashPhase = value(.lineDashPhase)
            strokeStart = value(.strokeStart)
            strokeEnd = value(.strokeEnd)
            fillRule = value(.fillRule)
            fillGradient = value(.fillGradient)
        }
    }
}
