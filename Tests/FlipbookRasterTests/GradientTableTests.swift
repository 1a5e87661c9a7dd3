import Flipbook
@testable import FlipbookRaster
import Testing

/// The raster painter's gradient table (`GradientTable`) against the gradient mixed exactly.
struct GradientTableTests {
    static func exact(_ g: Gradient, _ t: Double) -> UInt32 {
        let c = g.color(atOffset: t)
        return PackedPixel.premultiplied(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
    }

    static func channels(_ p: UInt32) -> [Int] { (0..<4).map { Int((p >> (8 * UInt32($0))) & 255) } }

    @Test func tabulatedPixelsAreWithinOneLevelOfTheExactMix() throws {
        let twoStops: [Gradient.Stop] = [Gradient.Stop(0, .black), Gradient.Stop(1, .white)]
        let fourStops: [Gradient.Stop] = [
            Gradient.Stop(0, Color(red: 1, green: 0, blue: 0)), Gradient.Stop(0.3, Color(red: 0, green: 1, blue: 0, alpha: 0.4)),
            Gradient.Stop(0.7, Color(red: 0, green: 0, blue: 1)), Gradient.Stop(1, Color(red: 1, green: 1, blue: 0, alpha: 0)),
        ]
        var wheel: [Gradient.Stop] = []
        for k in 0...6 {
            let color = Color(red: Double(k % 2), green: Double(k % 3) / 2, blue: 1 - Double(k) / 6)
            wheel.append(Gradient.Stop(Double(k) / 6, color))
        }
        let gradients: [Gradient] = [
            Gradient(stops: twoStops, start: .zero, end: Point(1, 0)).normalized,
            Gradient(stops: fourStops, start: .zero, end: Point(1, 0)).normalized,
            Gradient.conic(center: .zero, startAngle: .zero, stops: wheel).normalized,
        ]
        for g in gradients {
            let table = try #require(GradientTable(g))
            var worst = 0
            for k in 0...20_000 {
                let t = Double(k) / 20_000
                let a = Self.channels(table.pixel(at: t)), b = Self.channels(Self.exact(g, t))
                worst = max(worst, zip(a, b).map { abs($0 - $1) }.max()!)
            }
            #expect(worst <= 1, "\(g.stops.count) stops: \(worst) levels off")
            // The ends and out of range are the end colours; NaN is the start.
            #expect(table.pixel(at: 0) == Self.exact(g, 0) && table.pixel(at: 1) == Self.exact(g, 1))
            #expect(table.pixel(at: -3) == Self.exact(g, 0) && table.pixel(at: 7) == Self.exact(g, 1) && table.pixel(at: .nan) == Self.exact(g, 0))
        }
    }

    @Test func hardEdgesAndShortSpansAreMixedAtEveryPixel() {
        // A hard edge at 0.5 would move by up to half an entry: no table.
        let hard = Gradient(stops: [.init(0, .black), .init(0.5, .black), .init(0.5, .white), .init(1, .white)], start: .zero, end: Point(1, 0))
        #expect(GradientTable(hard.normalized) == nil)
        // Black to white over 0.05 of the offset: 255 levels in 205 entries, more than half a level
        // each; over 0.07 (287 entries), within.
        #expect(GradientTable(Gradient(stops: [.init(0.5, .black), .init(0.55, .white)], start: .zero, end: Point(1, 0)).normalized) == nil)
        #expect(GradientTable(Gradient(stops: [.init(0.5, .black), .init(0.57, .white)], start: .zero, end: Point(1, 0)).normalized) != nil)
        // Equal colours at one offset are no edge.
        #expect(GradientTable(Gradient(stops: [.init(0, .black), .init(0.5, .white), .init(0.5, .white), .init(1, .black)], start: .zero, end: Point(1, 0)).normalized) != nil)
    }
}
