#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which corners of a layer's rectangle `cornerRadius` rounds (CALayer's `maskedCorners`), named as
/// Core Animation names them in a layer's own coordinates, y down as on the canvas: `minXMinY` is the
/// top-left corner, `maxXMinY` the top-right, `minXMaxY` the bottom-left, `maxXMaxY` the bottom-right.
/// Default all four.
///
/// Scene files write a list of the names (`["minXMinY", "maxXMinY"]` rounds the top only; `[]` none).
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue & 15 }

    public static let minXMinY = CornerMask(rawValue: 1)
    public static let maxXMinY = CornerMask(rawValue: 2)
    public static let minXMaxY = CornerMask(rawValue: 4)
    public static let maxXMaxY = CornerMask(rawValue: 8)
    public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]

    /// The corners' names in declaration order, as scene files write them.
    public static let names = ["minXMinY", "maxXMinY", "minXMaxY", "maxXMaxY"]
}

extension CornerMask: ChoiceSetValue {
    public static var choiceNames: [String] { names }

    /// The set corners' names in declaration order, space-separated (the stored form).
    public var propertyValue: PropertyValue {
        .choice(Self.names.indices.filter { rawValue & (1 << $0) != 0 }.map { Self.names[$0] }.joined(separator: " "))
    }

    public init?(propertyValue: PropertyValue) {
        guard case .choice(let text) = propertyValue else { return nil }
        var mask = 0
        for name in text.split(separator: " ") {
            guard let index = Self.names.firstIndex(where: { $0 == name }) else { return nil }
            mask |= 1 << index
        }
        self.init(rawValue: mask)
    }

    public static var valueKind: ValueKind { .choice }
}

/// How `cornerRadius` rounds a corner (CALayer's `cornerCurve`). Default circular.
public enum CornerCurve: String, Hashable, Sendable, Codable, CaseIterable, ChoiceValue {
    /// A quarter circle of the radius.
    case circular
    /// A corner whose curvature rises from the straight edge to the arc and falls again (Apple's
    /// continuous corners), drawn as `Path.continuousCorner` draws it.
    case continuous
}

/// A property value that is a set of names from a fixed list (`CornerMask`): stored as one `.choice`
/// of the set names in list order, space-separated; scene files write a JSON list of the names.
public protocol ChoiceSetValue: PropertyValueConvertible {
    /// Every name a set may hold, in the order the stored form lists them.
    static var choiceNames: [String] { get }
}

extension Path {
    /// How far past the radius a continuous corner reaches along each edge: 1 + the smoothing (0.6).
    public static let continuousCornerSmoothing = 0.6

    /// A rectangle with the corners in `corners` rounded by `radius` (clamped by `cornerRadius(_:in:)`)
    /// with the `curve`, clockwise on screen from the top-left corner's end on the top edge; `rect` when
    /// nothing is rounded. With all four corners circular it is `roundedRect(_:radius:)`.
    ///
    /// A continuous corner follows Figma's construction of smoothed corners ("Desperately seeking
    /// squircles", Figma, 2018) at 60 % smoothing, the value Figma gives for iOS's corners: along each
    /// edge it reaches p = 1.6 × radius (Apple's reach about 1.53 × radius), a cubic eases from the
    /// straight edge into a circular arc of the radius spanning 36°, and a mirrored cubic eases out.
    /// Where p would pass half the shorter side the smoothing shrinks to fit (p = half the side), so a
    /// corner at the largest radius is circular and the shape changes continuously with the radius.
    public static func roundedRect(_ r: Rect, radius: Double, corners: CornerMask, curve: CornerCurve) -> Path {
        if corners == .all && curve == .circular { return roundedRect(r, radius: radius) }
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        let k = cornerRadius(radius, in: r)
        guard k > 0, !corners.isEmpty else { return rect(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) }
        let half = min(x1 - x0, y1 - y0) / 2
        let smoothing = curve == .continuous ? max(0, min(continuousCornerSmoothing, half / k - 1)) : 0
        let reach = (1 + smoothing) * k
        // Each corner is drawn in a frame whose x runs along the incoming edge towards the corner and
        // whose y runs along the outgoing edge away from it: corner point c, incoming direction u,
        // outgoing direction v (clockwise on screen: top edge → right edge → bottom → left).
        let frames: [(CornerMask, Point, Point, Point)] = [
            (.maxXMinY, Point(x1, y0), Point(1, 0), Point(0, 1)),
            (.maxXMaxY, Point(x1, y1), Point(0, 1), Point(-1, 0)),
            (.minXMaxY, Point(x0, y1), Point(-1, 0), Point(0, -1)),
            (.minXMinY, Point(x0, y0), Point(0, -1), Point(1, 0)),
        ]
        // A corner's point (x before the corner along u, y past it along v) is c − x·u + y·v.
        let shape = continuousCorner(radius: k, smoothing: smoothing)
        func at(_ frame: (CornerMask, Point, Point, Point), _ along: Double, _ across: Double) -> Point {
            let (_, c, u, v) = frame
            return Point(c.x - along * u.x + across * v.x, c.y - along * u.y + across * v.y)
        }
        // From where the top-left corner ends on the top edge, each corner in turn.
        let last = frames[3]
        var elements: [Path.Element] = [.move(corners.contains(last.0) ? at(last, 0, reach) : last.1)]
        for frame in frames {
            guard corners.contains(frame.0) else { elements.append(.line(frame.1)); continue }
            elements.append(.line(at(frame, reach, 0)))
            if smoothing == 0 {
                // A quarter circle, as `roundedRect(_:radius:)` draws it.
                let centre = at(frame, k, k), from = at(frame, k, 0)
                elements.append(.arc(Arc(center: centre, radius: k, startAngle: Angle(radians: atan2(from.y - centre.y, from.x - centre.x)),
                                         sweep: .degrees(90))))
                continue
            }
            for piece in shape {
                elements.append(.cubic(at(frame, piece.0.x, piece.0.y), at(frame, piece.1.x, piece.1.y), at(frame, piece.2.x, piece.2.y)))
            }
        }
        elements.append(.close)
        return Path(elements)
    }

    /// The cubics of one corner of `radius` and `smoothing` (0 for a circular corner), each as
    /// (control 1, control 2, end) with x the distance before the corner along the incoming edge and y
    /// the distance past it along the outgoing edge; starting at (1 + smoothing)·radius before the
    /// corner on the incoming edge and ending that far past it on the outgoing one. Symmetric about the
    /// corner's diagonal. The circular part is one cubic with the usual 4/3·tan(θ/4) handles (radial
    /// error below 3·10⁻⁴ of the radius for 90°).
    static func continuousCorner(radius k: Double, smoothing s: Double) -> [(Point, Point, Point)] {
        let p = (1 + s) * k
        let arc = Double.pi / 2 * (1 - s)              // the circular part's angle
        let handle = 4.0 / 3.0 * tan(arc / 4) * k
        // The arc's ends, on the circle of centre (k, k) in the frame (x before the corner, y past it):
        // angles measured from the incoming edge's normal.
        let phi0 = (Double.pi / 2 - arc) / 2          // where the arc begins, from the incoming edge
        let start = Point(k - k * sin(phi0), k - k * cos(phi0))
        let end = Point(k - k * cos(phi0), k - k * sin(phi0))
        // Tangent of the circle at `start` (moving towards `end`), unit.
        let t0 = Point(-cos(phi0), sin(phi0))
        let t1 = Point(-sin(phi0), cos(phi0))
        let arcPiece = (Point(start.x + handle * t0.x, start.y + handle * t0.y),
                        Point(end.x - handle * t1.x, end.y - handle * t1.y), end)
        guard s > 0 else { return [arcPiece] }
        // Figma's transition cubic: from the edge point (p, 0), controls on the edge at p − a and
        // p − a − b, ending at the arc's start; a = 2b with b from the corner's total reach.
        let c = k * tan(phi0 / 2) * cos(Double.pi / 4 * s)
        let d = c * tan(Double.pi / 4 * s)
        let arcChord = sin(arc / 2) * k * 2.0.squareRoot()
        let b = (p - arcChord - c - d) / 3, a = 2 * b
        let inPiece = (Point(p - a, 0), Point(p - a - b, 0), start)
        let outPiece = (Point(0, p - a - b), Point(0, p - a), Point(0, p))
        return [inPiece, arcPiece, outPiece]
    }
}
