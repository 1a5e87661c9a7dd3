import Easing
import Testing

struct StepsTests {
    /// css-easing-2 §4.1 worked by hand: (count, position, input, before flag, output).
    static let table: [(Int, StepPosition, Double, Bool, Double)] = [
        (3, .jumpStart, 0, false, 1.0 / 3), (3, .jumpStart, 0, true, 0), (3, .jumpStart, 0.5, false, 2.0 / 3),
        (3, .jumpStart, 1, false, 1), (3, .jumpEnd, 0, false, 0), (3, .jumpEnd, 0.34, false, 1.0 / 3),
        (3, .jumpEnd, 1, false, 1), (3, .jumpEnd, 0.999, false, 2.0 / 3), (3, .jumpNone, 0.2, false, 0),
        (3, .jumpNone, 0.5, false, 0.5), (3, .jumpNone, 0.7, false, 1), (3, .jumpNone, 1, false, 1),
        (3, .jumpBoth, 0, false, 0.25), (3, .jumpBoth, 0, true, 0), (3, .jumpBoth, 0.5, false, 0.5),
        (3, .jumpBoth, 0.99, false, 0.75), (3, .jumpBoth, 1, false, 1),
        // Outside [0, 1] the staircase is not clamped.
        (4, .jumpEnd, -0.3, false, -0.5), (4, .jumpEnd, 1.3, false, 1.25), (2, .jumpStart, -0.1, false, 0),
        (2, .jumpStart, -0.6, false, -0.5),
        // Before flag on an exact step edge moves one step back.
        (4, .jumpEnd, 0.5, true, 0.25), (4, .jumpEnd, 0.6, true, 0.5),
    ]

    @Test(arguments: table.indices)
    func specTable(_ index: Int) {
        let (n, position, x, before, expected) = Self.table[index]
        #expect(Steps(n, position).value(at: x, beforeFlag: before) == expected, "steps(\(n), \(position)) at \(x)")
    }

    /// Property: the output only takes the values k / jumps and never decreases over [0, 1].
    @Test(arguments: StepPosition.allCases)
    func monotoneStaircase(_ position: StepPosition) {
        for n in 2...6 {
            let steps = Steps(n, position)
            var previous = -1.0
            for i in 0...600 {
                let v = steps.value(at: Double(i) / 600)
                #expect(v >= previous)
                previous = v
            }
            #expect(steps.value(at: 1) == 1)
            #expect(steps.value(at: 0) == (position == .jumpStart || position == .jumpBoth ? 1 / Double(position == .jumpBoth ? n + 1 : n) : 0))
        }
    }
}
