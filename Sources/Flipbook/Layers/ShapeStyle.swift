/// The stroke and fill properties of the path-drawing layer types (CAShapeLayer's), for custom layer
/// types that draw a path: add `ShapeStyle.properties` to the type's and draw `ShapeStyle.items`.
public enum ShapeStyle {
    /// fillColor, strokeColor, lineWidth, lineCap, lineJoin, miterLimit, lineDashPattern,
    /// lineDashPhase, strokeStart, strokeEnd, fillRule, fillGradient and strokeGradient.
    public static let properties: [AnyPropertyKey] = [
        AnyPropertyKey(PropertyKey<Color>.fillColor), AnyPropertyKey(PropertyKey<Color>.strokeColor),
        AnyPropertyKey(PropertyKey<Double>.lineWidth), AnyPropertyKey(PropertyKey<LineCap>.lineCap),
        AnyPropertyKey(PropertyKey<LineJoin>.lineJoin), AnyPropertyKey(PropertyKey<Double>.miterLimit),
        AnyPropertyKey(PropertyKey<DashPattern>.lineDashPattern), AnyPropertyKey(PropertyKey<Double>.lineDashPhase),
        AnyPropertyKey(PropertyKey<Double>.strokeStart), AnyPropertyKey(PropertyKey<Double>.strokeEnd),
        AnyPropertyKey(PropertyKey<FillRule>.fillRule), AnyPropertyKey(PropertyKey<Gradient>.fillGradient),
        AnyPropertyKey(PropertyKey<Gradient>.strokeGradient),
    ]

    /// The path drawn with the layer's fill and stroke properties (lineWidth below 0 counts as 0;
    /// strokeStart and strokeEnd are clamped to [0, 1]).
    ///
    /// Each property is what `layer[key]` reads through its key in `properties` (the set value, or the
    /// key's default when the set value is of another kind; else the type's declared default when of
    /// the key's kind, else the key's default), read in one pass: the type's defaults converted once
    /// (`Defaults`), then the layer's set entries that are style properties (found by `NameIndex`).
    /// It equals the twelve reads one by one (the tests hold it to them for every layer type and for
    /// random tables).
    public static func drawing(_ path: Path, of layer: Layer) -> ShapeDrawing {
        let defaults = layer.type.declaredDefaults.shapeStyle
        var fill = defaults.fill, stroke = defaults.stroke, lineWidth = defaults.lineWidth
        var lineCap = defaults.lineCap, lineJoin = defaults.lineJoin, miterLimit = defaults.miterLimit
        var dashPattern = defaults.dashPattern, dashPhase = defaults.dashPhase
        var strokeStart = defaults.strokeStart, strokeEnd = defaults.strokeEnd
        var fillRule = defaults.fillRule, fillGradient = defaults.fillGradient, strokeGradient = defaults.strokeGradient
        let names = Defaults.names
        if layer.properties.filter & names.set.filter != 0 {
            layer.properties.entries.withUnsafeBufferPointer { entries in
                for i in entries.indices where names.set.filter & entries[i].name.filterBit != 0 {
                    guard let index = names.index(of: entries[i].name) else { continue }
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
                    case 11: fillGradient = read(.fillGradient)
                    default: strokeGradient = read(.strokeGradient)
                    }
                }
            }
        }
        return ShapeDrawing(path: path, fill: fill, fillGradient: fillGradient, fillRule: fillRule,
                            stroke: stroke, strokeGradient: strokeGradient, lineWidth: max(lineWidth, 0), lineCap: lineCap,
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
        /// The style's names in the order of `properties` (and of `drawing`'s switch), found by their
        /// hash codes.
        static let names = NameIndex(properties.map(\.propertyName))

        let fill: Color, stroke: Color, lineWidth: Double, lineCap: LineCap, lineJoin: LineJoin
        let miterLimit: Double, dashPattern: DashPattern, dashPhase: Double
        let strokeStart: Double, strokeEnd: Double, fillRule: FillRule, fillGradient: Gradient, strokeGradient: Gradient

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
            strokeGradient = value(.strokeGradient)
        }
    }

    /// A few property names, each found by the low six bits of its hash code: one table lookup, where a
    /// search of the thirteen style names' codes for every set value was a ninth of drawing an arc.
    struct NameIndex: Sendable {
        let names: [PropertyName]
        /// The names' codes and their filter.
        let set: CodeSet
        /// For each bucket (`PropertyName.bucket`): the index in `names` of the one name in it, −1 when
        /// several are (search the codes), −2 when none is.
        let slots: [Int]

        init(_ names: [PropertyName]) {
            self.names = names
            set = CodeSet(names)
            var slots = [Int](repeating: -2, count: 64)
            for (index, name) in names.enumerated() {
                slots[name.bucket] = slots[name.bucket] == -2 ? index : -1
            }
            self.slots = slots
        }

        /// Where `name` is in `names`, or nil: found by its bucket (searched for among the codes when
        /// several names share it), confirmed by its code and spelling.
        @inline(__always)
        func index(of name: PropertyName) -> Int? {
            var index = slots[name.bucket]
            if index == -1 { index = set.codes.firstIndex(of: name.code) ?? -2 }
            guard index >= 0, names[index] == name else { return nil }
            return index
        }
    }
}
