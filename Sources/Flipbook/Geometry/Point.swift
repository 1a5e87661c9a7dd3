/// A point or vector in layer coordinates: pixels, x to the right, y down.
public struct Point: Hashable, Sendable, Codable {
    /// Horizontal coordinate, pixels.
    public var x: Double
    /// Vertical coordinate, pixels, increasing downward.
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public init(x: Double, y: Double) {
        self.init(x, y)
    }

    public static let zero = Point(0, 0)

    /// Euclidean length of the vector.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// Distance to another point.
    public func distance(to other: Point) -> Double { (self - other).length }

    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    public static func * (s: Double, a: Point) -> Point { Point(a.x * s, a.y * s) }

    /// The point on the circle around `center` at `angle` (0 at 3 o'clock, clockwise on screen).
    public static func onCircle(center: Point, radius: Double, angle: Angle) -> Point {
        Point(center.x + radius * angle.cos, center.y + radius * angle.sin)
    }
}
