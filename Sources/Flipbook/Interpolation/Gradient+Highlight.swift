#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Gradient {
    /// The focus of a radial gradient given as a highlight (Lottie's `h`, `a`): from `center` at the
    /// direction of `center` → `edge` turned by `angle` degrees (clockwise on screen), `length` / 100
    /// of the radius |edge − center| away. Length: percent of the radius, any sign (negative: the
    /// opposite way), not limited here (lottie-web holds it within ±99: the importer does so before
    /// calling). A zero radius gives `center`; the result is not finite when an input is not.
    public static func highlightFocus(center: Point, edge: Point, length: Double, angle: Double) -> Point {
        let dx = edge.x - center.x, dy = edge.y - center.y
        let radius = (dx * dx + dy * dy).squareRoot()
        let fraction = length / 100, turn = atan2(dy, dx) + angle * .pi / 180
        return Point(center.x + cos(turn) * fraction * radius, center.y + sin(turn) * fraction * radius)
    }

    /// The highlight that places `focus` (`highlightFocus`'s inverse): its length in
    /// percent of the radius |edge − center| (0 when the radius is 0) and its angle in degrees from
    /// the direction `center` → `edge`: the difference of the two directions, in (−360, 360).
    public static func highlight(center: Point, edge: Point, focus: Point) -> (length: Double, angle: Double) {
        let dx = focus.x - center.x, dy = focus.y - center.y
        let ex = edge.x - center.x, ey = edge.y - center.y
        let radius = (ex * ex + ey * ey).squareRoot()
        let angle = (atan2(dy, dx) - atan2(ey, ex)) * 180 / .pi
        return (radius > 0 ? 100 * (dx * dx + dy * dy).squareRoot() / radius : 0, angle)
    }
}
