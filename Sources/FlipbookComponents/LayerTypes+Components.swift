import Flipbook

extension LayerTypes {
    /// The chart components: ringGauge, pieChart and lineGraph. Built only on the engine's public API.
    public static let components: [any LayerBehavior.Type] = [RingGauge.self, PieChart.self, LineGraph.self]

    /// Every layer type that ships with Flipbook: the primitives, then the components. What the scene
    /// loader reads by default.
    public static let builtIn: [any LayerBehavior.Type] = primitives + components

    /// The built-in type named `name`, or nil.
    public static func named(_ name: String) -> (any LayerBehavior.Type)? {
        builtIn.first { $0.typeName == name }
    }
}
