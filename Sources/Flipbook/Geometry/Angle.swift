#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An angle, stored in radians.
///
/// Convention (as Core Graphics draws on iOS): 0 points to 3 o'clock and positive angles turn clockwise
/// on screen, because y grows downward. 12 o'clock is −90° (−π/2). Scene files give degrees.
public struct Angle: Hashable, Sendable, Codable, Comparable {
    /// The angle in radians; any finite value (several turns allowed).
    public var radians: Double

    public init(radians: Double) {
        self.radians = radians
    }

    /// An angle from degrees.
    public init(degrees: Double) {
        radians = degrees * .pi / 180
    }

    public static func radians(_ value: Double) -> Angle { Angle(radians: value) }
    public static func degrees(_ value: Double) -> Angle { Angle(degrees: value) }

    public static let zero = Angle(radians: 0)
    /// Half a turn, π radians (180°): so that `.pi / 4` is an angle, as a Core Animation rotation in
    /// radians is written.
    public static let pi = Angle(radians: .pi)
    /// One full turn, 2π.
    public static let fullTurn = Angle(radians: 2 * .pi)
    /// 12 o'clock: −90°.
    public static let twelveOClock = Angle(radians: -.pi / 2)

    /// The angle in degrees.
    public var degrees: Double { radians * 180 / .pi }
    public var cos: Double { cosine(radians) }
    public var sin: Double { sine(radians) }

    public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }
    public static func + (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians + b.radians) }
    public static func - (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians - b.radians) }
    public static func * (a: Angle, s: Double) -> Angle { Angle(radians: a.radians * s) }
    public static func * (s: Double, a: Angle) -> Angle { Angle(radians: s * a.radians) }
    public static func / (a: Angle, s: Double) -> Angle { Angle(radians: a.radians / s) }
    public static prefix func - (a: Angle) -> Angle { Angle(radians: -a.radians) }
}

// The C library's functions under other names: inside `Angle`, `cos` and `sin` are its properties.
@inline(__always) private func cosine(_ x: Double) -> Double { cos(x) }
@inline(__always) private func sine(_ x: Double) -> Double { sin(x) }
