#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A vector path: subpaths of lines, quadratic and cubic Béziers and circular arcs.
///
/// Arcs stay arcs (not Bézier approximations) so that lengths, trimming and SVG output are exact.
/// An `.arc` element follows Core Graphics: from a current point it first draws a straight line to the
/// arc's start; with no current point it starts a subpath there.
public struct Path: Hashable, Sendable, Codable {
    /// One drawing command.
    public enum Element: Hashable, Sendable, Codable {
        /// Start a new subpath at the point.
        case move(Point)
        /// Straight line to the point.
        case line(Point)
        /// Quadratic Bézier: control point, end point.
        case quad(Point, Point)
        /// Cubic Bézier: two control points, end point.
        case cubic(Point, Point, Point)
        /// Circular arc (with a connecting line from the current point, as Core Graphics).
        case arc(Arc)
        /// Close the subpath with a straight line to its start.
        case close
    }

    /// The commands in order.
    public private(set) var elements: [Element]

    public init(_ elements: [Element] = []) {
        self.elements = elements
    }

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    public mutating func quad(to p: Point, control: Point) { elements.append(.quad(control, p)) }
    public mutating func cubic(to p: Point, control1: Point, control2: Point) { elements.append(.cubic(control1, control2, p)) }
    public mutating func addArc(_ arc: Arc) { elements.append(.arc(arc)) }
    public mutating func close() { elements.append(.close) }

    /// The same path with every point mapped by `transform` (arcs become cubics unless the transform is
    /// a similarity without reflection, which maps circles to circles).
    public func applying(_ transform: Transform2D) -> Path {
        if transform.isIdentity { return self }
        let scale = (transform.a * transform.a + transform.b * transform.b).squareRoot()
        let isSimilarity = abs(transform.a - transform.d) < 1e-12 && abs(transform.b + transform.c) < 1e-12 && scale > 0
        var out = Path()
        for element in elements {
            switch element {
            case .move(let p): out.move(to: transform.apply(p))
            case .line(let p): out.line(to: transform.apply(p))
            case .quad(let c, let p): out.quad(to: transform.apply(p), control: transform.apply(c))
            case .cubic(let c1, let c2, let p):
                out.cubic(to: transform.apply(p), control1: transform.apply(c1), control2: transform.apply(c2))
            case .arc(let arc):
                if isSimilarity {
                    let rotation = Angle(radians: atan2(transform.b, transform.a))
                    out.addArc(Arc(center: transform.apply(arc.center), radius: arc.radius * scale,
                                   startAngle: arc.startAngle + rotation, sweep: arc.sweep))
                } else {
                    out.line(to: transform.apply(arc.startPoint))
                    for c in arc.cubics {
                        out.cubic(to: transform.apply(c.p3), control1: transform.apply(c.p1), control2: transform.apply(c.p2))
                    }
                }
            case .close: out.close()
            }
        }
        return out
    }
}


