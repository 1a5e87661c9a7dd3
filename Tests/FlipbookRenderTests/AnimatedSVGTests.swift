import Easing
import FlipbookScenes
import Foundation
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


struct AnimatedCompileTests {
    static func scene(_ name: String) throws -> Scene {
        try SceneLoader().load(contentsOf: GoldenTests.root.appendingPathComponent("Scenes/\(name).json").path)
    }

    /// The issue's size bound, and every animated property of the rings exact.
    @Test func ringsAreSmallAndExact() throws {
        let compiled = AnimatedSVGCompiler(scene: try Self.scene("activity-rings")).compile()
        #expect(compiled.svg.utf8.count < 2500)
        #expect(!compiled.report.isEmpty)
        #expect(compiled.report.allSatisfy { $0.encoding == .exact || $0.encoding == .discrete })
    }

    /// An ease-in-out strokeEnd animation (round-cap-chart's, given CSS's ease-in-out) is one
    /// keySpline segment with the curve's own control points, (0.42, 0, 0.58, 1), the dash from 0 to
    /// the 75 % arc, 0.75 · 2π · 125 = 589.049 px (of the circle written twice round, 4π · 125 long).
    @Test func strokeEndBecomesOneSpline() throws {
        let path = GoldenTests.root.appendingPathComponent("Scenes/round-cap-chart.json").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let eased = text.replacing(#""property": "strokeEnd","#, with: #""timing": "ease-in-out", "property": "strokeEnd","#)
        try #require(eased != text)
        let scene = try SceneLoader().decode(Array(eased.utf8), file: "eased.json")
        let compiled = AnimatedSVGCompiler(scene: scene).compile()
        let dash = try #require(compiled.report.first { $0.property == "stroke-dasharray" })
        #expect(dash.encoding == .exact)
        #expect(compiled.svg.contains(#"values="0 1570.796;589.049 981.748" keyTimes="0;1" keySplines="0.42 0 0.58 1""#))
    }

    /// Springs and elastic curves are sampled, within the bound, and say so.
    @Test func springsAreSampledWithinBound() throws {
        let compiled = AnimatedSVGCompiler(scene: try Self.scene("easing-gallery")).compile()
        let sampled = compiled.report.filter { $0.encoding == .sampled }
        #expect(sampled.count == 4)
        #expect(sampled.allSatisfy { $0.maxError <= 0.25 / 2 + 1e-12 })
        #expect(compiled.report.filter { $0.encoding == .exact }.count == 5)
    }

    /// Every animate element is well formed: as many keyTimes as values, one keySpline fewer, key
    /// times from 0 to 1 and never decreasing, spline control points in [0, 1].
    @Test(arguments: GoldenTests.scenes)
    func smilIsWellFormed(_ name: String) throws {
        let svg = AnimatedSVGCompiler(scene: try Self.scene(name)).compile().svg
        var rest = Substring(svg)
        while let start = rest.range(of: " values=\"") {
            let head = rest[..<start.lowerBound]
            let discrete = head[(head.range(of: "<anim", options: .backwards)?.lowerBound ?? head.startIndex)...].contains("discrete")
            let after = rest[start.upperBound...]
            let values = after[..<after.firstIndex(of: "\"")!].split(separator: ";")
            rest = after
            guard let keyTimesRange = rest.range(of: " keyTimes=\""), rest[..<keyTimesRange.lowerBound].contains("/>") == false else { continue }
            let kt = rest[keyTimesRange.upperBound...]
            let times = kt[..<kt.firstIndex(of: "\"")!].split(separator: ";").map { Double($0)! }
            #expect(times.count == values.count)
            #expect(times.first == 0 && (discrete || times.last == 1))
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
            if let splineRange = kt.range(of: "keySplines=\""), !kt[..<splineRange.lowerBound].contains("/>") {
                let ks = kt[splineRange.upperBound...]
                let splines = ks[..<ks.firstIndex(of: "\"")!].split(separator: ";")
                #expect(splines.count == values.count - 1)
                for spline in splines {
                    #expect(spline.split(separator: " ").map { Double($0)! }.allSatisfy { (0...1).contains($0) })
                }
            }
        }
    }

    /// Deterministic: the same scene compiles to the same bytes.
    @Test func deterministic() throws {
        let scene = try Self.scene("pie-chart")
        #expect(AnimatedSVGCompiler(scene: scene).compile().svg == AnimatedSVGCompiler(scene: scene).compile().svg)
    }
}
