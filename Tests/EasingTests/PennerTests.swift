import Easing
import Foundation
import Testing

struct PennerTests {
    static let all: [Penner] = Penner.Family.allCases.flatMap { family in
        Penner.Direction.allCases.map { Penner(family, $0) }
    } + [Penner(.back, .in, overshoot: 3), Penner(.back, .out, overshoot: 0.5), Penner(.elastic, .in, amplitude: 1.5, period: 0.45),
         Penner(.elastic, .out, amplitude: 2, period: 0.2), Penner(.elastic, .inOut, amplitude: 1.2, period: 0.6)]

    @Test(arguments: all)
    func endsAreExact(_ curve: Penner) {
        #expect(curve(0) == 0)
        #expect(curve(1) == 1)
    }

    /// Property: out(t) = 1 − in(1 − t) and inOut(t) = 1 − inOut(1 − t), for every family and parameter.
    @Test(arguments: Penner.Family.allCases)
    func mirrorSymmetry(_ family: Penner.Family) {
        for (a, p) in [(1.0, 0.3), (1.7, 0.45)] {
            let make = { Penner(family, $0, overshoot: 2.5, amplitude: a, period: p) }
            let easeIn = make(.in), easeOut = make(.out), inOut = make(.inOut)
            for i in 0...400 {
                let t = Double(i) / 400
                #expect(abs(easeOut(t) - (1 - easeIn(1 - t))) < 1e-12, "\(family) out at \(t)")
                #expect(abs(inOut(t) - (1 - inOut(1 - t))) < 1e-12, "\(family) inOut at \(t)")
            }
        }
    }

    /// Property: the first half of inOut is in(2t) / 2 (back uses Penner's 1.525 · s there).
    @Test(arguments: Penner.Family.allCases)
    func inOutFirstHalfIsScaledIn(_ family: Penner.Family) {
        let inOut = Penner(family, .inOut)
        let easeIn = Penner(family, .in, overshoot: family == .back ? 1.70158 * 1.525 : 1.70158)
        for i in 0..<200 {
            let t = Double(i) / 400
            #expect(abs(inOut(t) - easeIn(2 * t) / 2) < 1e-12, "\(family) at \(t)")
        }
    }

    /// Reference values worked by hand from Penner's formulas.
    static let table: [(Penner, Double, Double)] = [
        (Penner(.quad, .in), 0.5, 0.25), (Penner(.cubic, .in), 0.5, 0.125), (Penner(.quart, .in), 0.5, 0.0625),
        (Penner(.quint, .in), 0.5, 0.03125), (Penner(.expo, .in), 0.5, 0.03125), (Penner(.sine, .in), 0.5, 1 - 0.5.squareRoot()),
        (Penner(.circ, .in), 0.5, 1 - 0.75.squareRoot()), (Penner(.back, .in), 0.5, -0.0876975),
        (Penner(.bounce, .out), 0.5, 0.765625), (Penner(.bounce, .out), 0.2, 0.3025), (Penner(.elastic, .out), 0.5, 1.015625),
        (Penner(.quad, .inOut), 0.25, 0.125), (Penner(.quad, .inOut), 0.75, 0.875), (Penner(.cubic, .out), 0.5, 0.875),
        (Penner(.expo, .out), 0.1, 0.5), (Penner(.sine, .inOut), 0.5, 0.5), (Penner(.bounce, .in), 0.5, 0.234375),
    ]

    @Test(arguments: table.indices)
    func referenceValues(_ index: Int) {
        let (curve, t, expected) = Self.table[index]
        #expect(abs(curve(t) - expected) < 1e-12, "\(curve.family) \(curve.direction) at \(t): \(curve(t))")
    }

    /// Property: the in curves of the power families never decrease.
    @Test func powerCurvesAreMonotonic() {
        for family in [Penner.Family.sine, .quad, .cubic, .quart, .quint, .expo, .circ] {
            for direction in Penner.Direction.allCases {
                let curve = Penner(family, direction)
                var previous = 0.0
                for i in 0...500 {
                    let v = curve(Double(i) / 500)
                    #expect(v >= previous)
                    previous = v
                }
            }
        }
    }

    @Test func outsideIsClamped() {
        #expect(Penner(.back, .in)(-0.5) == 0)
        #expect(Penner(.back, .out)(1.5) == 1)
    }
}
