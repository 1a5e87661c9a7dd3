import Easing
import Flipbook
import Testing
@testable import FlipbookSVG

struct AnimatedSVGTests {
    /// keySplines must lie in the unit square; a back curve is split at its extrema into valid pieces
    /// that, chained, give the same curve.
    @Test(arguments: [CubicBezier(0.68, -0.55, 0.265, 1.55), CubicBezier(0, 1.5, 1, -0.5), CubicBezier(0.25, 2, 0.75, -1), CubicBezier(0.42, 0, 0.58, 1)])
    func splinesAreValidAndExact(_ c: CubicBezier) {
        let curve = UnitCurve(c)
        let pieces = curve.splines()
        #expect(!pieces.isEmpty)
        #expect(pieces.last.map { abs($0.x - 1) < 1e-12 && abs($0.y - 1) < 1e-12 } == true)
        for piece in pieces {
            #expect(piece.curve.isValidSpline, "\(piece.curve)")
        }
        // Evaluate the chained pieces against the curve.
        for i in 1..<100 {
            let x = Double(i) / 100
            var startX = 0.0, startY = 0.0
            for piece in pieces {
                if x <= piece.x {
                    let u = (x - startX) / (piece.x - startX)
                    let y = startY + (piece.y - startY) * UnitCurve(p1: piece.curve.p1, p2: piece.curve.p2).value(at: u)
                    #expect(abs(y - c.value(at: x, epsilon: 0)) < 1e-9, "x = \(x): \(y) vs \(c(x))")
                    break
                }
                startX = piece.x
                startY = piece.y
            }
        }
    }
}

