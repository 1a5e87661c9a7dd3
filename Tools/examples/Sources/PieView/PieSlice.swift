import Flipbook

/// Seed 003's PieSliceLayer: two animatable angles, drawn as a wedge from the bounds' centre.
enum PieSlice: LayerBehavior {
    static let startAngle = PropertyKey<Angle>("startAngle", default: .zero)
    static let endAngle = PropertyKey<Angle>("endAngle", default: .zero)

    static let typeName = "examplePieSlice"
    static let properties = AnyPropertyKey.list(startAngle, endAngle) + ShapeStyle.properties

    /// actionForKey: the angles animate over 0.5 s from where they are; other properties change at once.
    static func action(for change: PropertyChange, of layer: Layer, in transaction: Transaction) -> Animation? {
        guard change.is(startAngle) || change.is(endAngle) else { return nil }
        var t = transaction
        t.duration = 0.5
        return t.defaultAction(for: change)
    }

    /// drawInContext: the wedge, filled and stroked. Naming what the path was built from lets the
    /// animated SVG turn the angles exactly instead of sampling the path.
    static func draw(_ layer: Layer) -> [DrawItem] {
        let b = layer.bounds, radius = min(b.width, b.height) / 2
        let wedge = Path.wedge(center: b.center, radius: radius, startAngle: layer[startAngle], endAngle: layer[endAngle])
        return ShapeStyle.items(wedge, of: layer, semantic: .wedge(center: b.center, radius: radius, innerRadius: 0,
                                                                   startAngle: layer[startAngle], endAngle: layer[endAngle]))
    }
}
