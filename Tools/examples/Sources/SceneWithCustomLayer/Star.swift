import Flipbook
import Foundation

/// A star polygon: `spikes` points (rounded, at least 2) on a circle filling the bounds, with inner
/// corners at `inset` × the radius. Both animate; scene files name the type "star".
enum Star: LayerBehavior {
    static let spikes = PropertyKey<Double>("spikes", default: 5)
    static let inset = PropertyKey<Double>("inset", default: 0.5)

    static let typeName = "star"
    static let properties = AnyPropertyKey.list(spikes, inset) + ShapeStyle.properties

    static func draw(_ layer: Layer) -> [DrawItem] {
        let b = layer.bounds, n = max(2, Int(layer[spikes].rounded())), radius = min(b.width, b.height) / 2
        let corners = (0..<2 * n).map { i in
            let angle = Angle.degrees(-90 + 180 * Double(i) / Double(n))
            let r = i.isMultiple(of: 2) ? radius : radius * layer[inset]
            return Point(b.center.x + r * cos(angle.radians), b.center.y + r * sin(angle.radians))
        }
        let path = Path([.move(corners[0])] + corners.dropFirst().map(Path.Element.line) + [.close])
        return ShapeStyle.items(path, of: layer)
    }
}
