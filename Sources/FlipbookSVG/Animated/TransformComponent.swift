import Flipbook
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One component of a layer's transform as the animated SVG writes it (an `animateTransform` of
/// `type`): one or two numbers read from the layer's transform parts.
///
/// The numbers are a pair (the second 0 for one-number components), not an array: the compiler reads
/// every component at every grid instant of every layer to find which ones are used and animated, and
/// an array for each read cost an allocation.
struct TransformComponent {
    /// The SVG transform type: translate, rotate, scale or skewX.
    let type: String
    /// The name in the report ("translate", "transform.rotate", "anchor", …).
    let name: String
    /// The bound of the component's track, in its own unit (pixels, degrees, or a factor).
    let tolerance: Double
    /// 1 or 2 numbers.
    let count: Int
    /// The value that changes nothing.
    let identity: SIMD2<Double>
    /// The component's numbers in `parts`.
    let pair: (TransformParts) -> SIMD2<Double>

    /// The component's numbers in `parts`, as the track and the attributes write them.
    func value(_ parts: TransformParts) -> [Double] {
        let p = pair(parts)
        return count == 1 ? [p.x] : [p.x, p.y]
    }

    /// Whether two values of this component are equal number by number (0 and −0 equal, NaN never), as
    /// arrays of them compare.
    func equal(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Bool {
        a.x == b.x && (count == 1 || a.y == b.y)
    }

    /// The components, outermost first: the layer's translation, rotation and scale, the decomposed
    /// `transform` property (translate, rotate, skewX, scale) and the anchor. Rotations and skews are
    /// bounded by `angleTolerance` (degrees), scales by `geometry / radius`, translations by half of
    /// `geometry` (pixels).
    static func all(geometry: Double, angleTolerance: Double, radius: Double) -> [TransformComponent] {
        [
            TransformComponent(type: "translate", name: "translate", tolerance: geometry / 2, count: 2, identity: [0, 0]) { [$0.offset.x, $0.offset.y] },
            TransformComponent(type: "rotate", name: "rotate", tolerance: angleTolerance, count: 1, identity: [0, 0]) { [$0.rotation.degrees, 0] },
            TransformComponent(type: "scale", name: "scale", tolerance: geometry / radius, count: 2, identity: [1, 1]) { [$0.scale.width, $0.scale.height] },
            TransformComponent(type: "translate", name: "transform.translate", tolerance: geometry / 2, count: 2, identity: [0, 0]) {
                let c = TransformComponents($0.matrix)
                return [c.translation.x, c.translation.y]
            },
            TransformComponent(type: "rotate", name: "transform.rotate", tolerance: angleTolerance, count: 1, identity: [0, 0]) {
                [TransformComponents($0.matrix).rotation.degrees, 0]
            },
            TransformComponent(type: "skewX", name: "transform.skewX", tolerance: angleTolerance, count: 1, identity: [0, 0]) {
                [atan(TransformComponents($0.matrix).skew) * 180 / .pi, 0]
            },
            TransformComponent(type: "scale", name: "transform.scale", tolerance: geometry / radius, count: 2, identity: [1, 1]) {
                let c = TransformComponents($0.matrix)
                return [c.scale.width, c.scale.height]
            },
            TransformComponent(type: "translate", name: "anchor", tolerance: geometry / 2, count: 2, identity: [0, 0]) { [-$0.anchor.x, -$0.anchor.y] },
        ]
    }
}
