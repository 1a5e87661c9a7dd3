import Flipbook
import FlipbookScenes
import Testing
@testable import FlipbookSVG

/// `AnimatedSVG.minified()`: a track's values with the fewest decimals within its bound, measured
/// again. (Tools/check-minify holds every shipped scene's minified files, SMIL and CSS, to being
/// smaller, within their bounds and verified by `flipbook verify --minify`.)
@Suite struct MinifyTests {
    /// A layer at x = 10 moved right by `to` px over 1 s, linear: its translate track's last value (the
    /// position, 10 + `to`), as compiled and minified, and the minified error and bound reported.
    static func lastValue(movedTo to: Double) throws -> (minified: [Double], plain: [Double], error: Double, bound: Double, text: String) {
        let text = #"{"flipbook": 1, "canvas": [100, 40], "duration": 1, "fps": 10, "layers": [{"id": "box", "frame": [0, 10, 20, 20], "backgroundColor": "red", "animations": [{"property": "translation", "from": [0, 0], "to": ["# + "\(to)" + #", 0], "duration": 1, "fillMode": "forwards", "removedOnCompletion": false}]}]}"#
        let scene = try SceneLoader().decode(Array(text.utf8), file: "m.json")
        let plain = scene.animatedSVG(), minified = plain.minified()
        func track(_ a: AnimatedSVG) -> AnimatedDocument.Numeric? {
            var found: AnimatedDocument.Numeric?
            func walk(_ e: AnimatedDocument.Element) {
                for case .numeric(let n) in e.animations where n.transformType == "translate" && !n.additive && n.values.count > 1 { found = n }
                e.children.forEach(walk)
            }
            a.document.body.forEach(walk)
            return found
        }
        let m = try #require(track(minified)), p = try #require(track(plain))
        let entry = try #require(minified.report.first { $0.property.contains("translate") })
        return (m.values.last ?? [], p.values.last ?? [], entry.maxError, entry.bound, minified.svg)
    }

    /// 20.123 written as 20: 0.123 px off at the end, within the bound (1/8 px), and reported.
    @Test func fewestDecimalsWithinTheBound() throws {
        let r = try Self.lastValue(movedTo: 10.123)
        #expect(abs((r.plain.first ?? 0) - 20.123) < 1e-9)
        #expect(r.minified.first == 20)
        #expect(r.bound == 0.125)
        #expect(abs(r.error - 0.123) < 1e-9, "\(r.error)")
        #expect(!r.text.contains("20.123"))
    }

    /// 20.3 cannot be 20 (0.3 px off): it keeps its decimal.
    @Test func keepsTheDecimalsTheBoundNeeds() throws {
        let r = try Self.lastValue(movedTo: 10.3)
        #expect(abs((r.minified.first ?? 0) - 20.3) < 1e-9)
        #expect(r.error <= r.bound)
    }

    /// The replicator spinner's twelve bars share one path (its still outline, drawn 12 times by
    /// `instanceCount` 12): one definition, twelve `<use>`; the five growing blocks (their outline
    /// animated) stay paths.
    @Test func repeatedShapesAreSharedThroughUse() throws {
        let scene = try AnimatedCompileTests.scene("replicator-spinner")
        let svg = scene.animatedSVG().minified().svg
        #expect(svg.ranges(of: "<path id=\"u").count == 1)
        #expect(svg.ranges(of: "<use href=\"#u1\"").count == 12)
        #expect(!svg.contains("href=\"#u2\""))
    }
}
