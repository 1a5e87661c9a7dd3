#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses SVG path data (`d`, SVG 1.1 §8.3) into a `Path`: M L H V C S Q T A Z, absolute and relative.
///
/// Circular arcs (rx = ry) become exact `Arc` elements through the endpoint-to-centre conversion of
/// SVG's implementation notes (F.6.5, with the radius scaled up when too small, F.6.6). Elliptical
/// arcs become cubic Béziers (≤ 90° each, error below 2.7e-4 of the radius).
///
/// The one reader of path data: scene files' `path` values (`parse`) and the animated SVG's evaluators,
/// which read a `d` track's numbers back (`numbers(in:)`), share its number syntax.
package struct SVGPathParser {
    private let chars: [UInt8]
    private var index = 0

    init(_ text: String) {
        chars = Array(text.utf8)
    }

    /// The path, or a message saying what was expected where (character offset from 0).
    package static func parse(_ text: String) -> Result<Path, PathDataError> {
        var parser = SVGPathParser(text)
        do {
            return .success(try parser.run())
        } catch {
            return .failure(error)
        }
    }

    package struct PathDataError: Error {
        package let message: String
    }

    /// The numbers of path data in order (`M10-5.5C.5 1e-3…`), by `parse`'s number syntax; anything
    /// that does not start a number (commands, separators, flags' neighbours) is passed over. SMIL and
    /// CSS interpolate path data of one structure number by number, so these are what animate.
    package static func numbers(in text: String) -> [Double] {
        var parser = SVGPathParser(text)
        var out: [Double] = []
        while parser.index < parser.chars.count {
            if let value = try? parser.number() { out.append(value) } else { parser.index += 1 }
        }
        return out
    }

    private mutating func run() throws(PathDataError) -> Path {
        var path = Path()
        var current = Point.zero, start = Point.zero
        var lastControl: Point?
        var lastCommand: UInt8 = 0
        var command: UInt8 = 0
        skipSeparators()
        if index < chars.count && !isCommand(chars[index]) {
            throw PathDataError(message: "path data must start with a command such as M, found '\(Character(UnicodeScalar(chars[index])))'")
        }
        while true {
            skipSeparators()
            guard index < chars.count else { break }
            if isCommand(chars[index]) {
                command = chars[index]
                index += 1
            } else if command == 0 || command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                throw PathDataError(message: "expected a command at character \(index + 1)")
            }
            let relative = command >= UInt8(ascii: "a")
            let upper = relative ? command - 32 : command
            if path.isEmpty && upper != UInt8(ascii: "M") {
                throw PathDataError(message: "path data must start with M or m")
            }
            let base = relative ? current : .zero
            switch upper {
            case UInt8(ascii: "M"):
                let p = try point() + base
                path.move(to: p)
                current = p; start = p
                command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
                lastControl = nil
            case UInt8(ascii: "L"):
                let p = try point() + base
                path.line(to: p); current = p; lastControl = nil
            case UInt8(ascii: "H"):
                let x = try number() + (relative ? current.x : 0)
                current = Point(x, current.y); path.line(to: current); lastControl = nil
            case UInt8(ascii: "V"):
                let y = try number() + (relative ? current.y : 0)
                current = Point(current.x, y); path.line(to: current); lastControl = nil
            case UInt8(ascii: "C"):
                let c1 = try point() + base, c2 = try point() + base, p = try point() + base
                path.cubic(to: p, control1: c1, control2: c2); current = p; lastControl = c2
            case UInt8(ascii: "S"):
                let reflected = [UInt8(ascii: "C"), UInt8(ascii: "S")].contains(lastCommand & ~0x20) ? current * 2 - (lastControl ?? current) : current
                let c2 = try point() + base, p = try point() + base
                path.cubic(to: p, control1: reflected, control2: c2); current = p; lastControl = c2
            case UInt8(ascii: "Q"):
                let c = try point() + base, p = try point() + base
                path.quad(to: p, control: c); current = p; lastControl = c
            case UInt8(ascii: "T"):
                let c = [UInt8(ascii: "Q"), UInt8(ascii: "T")].contains(lastCommand & ~0x20) ? current * 2 - (lastControl ?? current) : current
                let p = try point() + base
                path.quad(to: p, control: c); current = p; lastControl = c
            case UInt8(ascii: "A"):
                let rx = abs(try number()), ry = abs(try number()), rotation = try number()
                let large = try flag(), sweep = try flag()
                let p = try point() + base
                appendArc(to: &path, from: current, to: p, rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep)
                current = p; lastControl = nil
            case UInt8(ascii: "Z"):
                path.close(); current = start; lastControl = nil
            default:
                throw PathDataError(message: "unknown path command '\(Character(UnicodeScalar(command)))'")
            }
            lastCommand = command
        }
        return path
    }

    private func isCommand(_ c: UInt8) -> Bool {
        "MmLlHhVvCcSsQqTtAaZz".utf8.contains(c)
    }

    private mutating func skipSeparators() {
        while index < chars.count, chars[index] == 0x20 || chars[index] == 0x09 || chars[index] == 0x0A
                || chars[index] == 0x0D || chars[index] == UInt8(ascii: ",") {
            index += 1
        }
    }

    private mutating func number() throws(PathDataError) -> Double {
        skipSeparators()
        let start = index
        if index < chars.count, chars[index] == UInt8(ascii: "-") || chars[index] == UInt8(ascii: "+") { index += 1 }
        var digits = 0
        while index < chars.count, chars[index] >= 0x30 && chars[index] <= 0x39 { index += 1; digits += 1 }
        if index < chars.count, chars[index] == UInt8(ascii: ".") {
            index += 1
            while index < chars.count, chars[index] >= 0x30 && chars[index] <= 0x39 { index += 1; digits += 1 }
        }
        if digits > 0, index < chars.count, chars[index] == UInt8(ascii: "e") || chars[index] == UInt8(ascii: "E") {
            var j = index + 1
            if j < chars.count, chars[j] == UInt8(ascii: "-") || chars[j] == UInt8(ascii: "+") { j += 1 }
            if j < chars.count, chars[j] >= 0x30 && chars[j] <= 0x39 {
                index = j
                while index < chars.count, chars[index] >= 0x30 && chars[index] <= 0x39 { index += 1 }
            }
        }
        guard digits > 0, let value = Double(String(decoding: chars[start..<index], as: UTF8.self)), value.isFinite else {
            index = start
            throw PathDataError(message: "expected a number at character \(start + 1)")
        }
        return value
    }

    private mutating func flag() throws(PathDataError) -> Bool {
        skipSeparators()
        guard index < chars.count, chars[index] == UInt8(ascii: "0") || chars[index] == UInt8(ascii: "1") else {
            throw PathDataError(message: "expected an arc flag (0 or 1) at character \(index + 1)")
        }
        index += 1
        return chars[index - 1] == UInt8(ascii: "1")
    }

    private mutating func point() throws(PathDataError) -> Point {
        let x = try number()
        return Point(x, try number())
    }

    /// SVG implementation notes F.6.5 and F.6.6: endpoint to centre parameterisation.
    private func appendArc(to path: inout Path, from p1: Point, to p2: Point, rx: Double, ry: Double, rotation: Double,
                           large: Bool, sweep: Bool) {
        if p1 == p2 { return }
        guard rx > 0, ry > 0 else { path.line(to: p2); return }
        let phi = rotation * .pi / 180, cs = cos(phi), sn = sin(phi)
        let dx = (p1.x - p2.x) / 2, dy = (p1.y - p2.y) / 2
        let x1 = cs * dx + sn * dy, y1 = -sn * dx + cs * dy
        var rx = rx, ry = ry
        let lambda = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let num = max(0, rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1)
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = den > 0 ? (num / den).squareRoot() : 0
        if large == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry, cy1 = -factor * ry * x1 / rx
        let center = Point(cs * cx1 - sn * cy1 + (p1.x + p2.x) / 2, sn * cx1 + cs * cy1 + (p1.y + p2.y) / 2)
        func angle(_ ux: Double, _ uy: Double) -> Double { atan2(uy, ux) }
        let theta1 = angle((x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((-x1 - cx1) / rx, (-y1 - cy1) / ry) - theta1
        if sweep && delta < 0 { delta += 2 * .pi }
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if abs(rx - ry) < 1e-9 * max(rx, ry) {
            path.addArc(Arc(center: center, radius: rx, startAngle: Angle(radians: theta1 + phi), sweep: Angle(radians: delta)))
            return
        }
        // An ellipse: the unit-circle arc's cubics mapped through scale, rotation and translation.
        let unit = Arc(center: .zero, radius: 1, startAngle: Angle(radians: theta1), sweep: Angle(radians: delta))
        let map = Transform2D.scale(rx, ry).concatenating(.rotation(Angle(radians: phi))).concatenating(.translation(center.x, center.y))
        for c in unit.cubics {
            path.cubic(to: map.apply(c.p3), control1: map.apply(c.p1), control2: map.apply(c.p2))
        }
    }
}
