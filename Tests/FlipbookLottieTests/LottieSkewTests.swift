import Foundation
@testable import FlipbookLottie
import Testing

/// Lottie's skew (`sk` degrees along the axis `sa`), applied between the scale and the rotation.
@Suite struct LottieSkewTests {
    /// Closed forms: along the x axis a shear x' = x − tan(sk) y; along the y axis y' = y + tan(sk) x;
    /// and a shear keeps areas at every axis (determinant 1).
    @Test func theSkewMatrix() throws {
        let t = tan(35 * Double.pi / 180)
        let x = try #require(LottieImporter.skewMatrix(degrees: 35, axis: 0))
        #expect(abs(x.a - 1) < 1e-12 && abs(x.b) < 1e-12 && abs(x.c + t) < 1e-12 && abs(x.d - 1) < 1e-12)
        let y = try #require(LottieImporter.skewMatrix(degrees: 35, axis: 90))
        #expect(abs(y.a - 1) < 1e-12 && abs(y.b - t) < 1e-12 && abs(y.c) < 1e-12 && abs(y.d - 1) < 1e-12)
        for axis in stride(from: -180.0, through: 180, by: 15) {
            let m = try #require(LottieImporter.skewMatrix(degrees: -50, axis: axis))
            #expect(abs(m.a * m.d - m.b * m.c - 1) < 1e-12, "axis \(axis)")
        }
        #expect(LottieImporter.skewMatrix(degrees: 90, axis: 0) == nil)
    }

    /// A square [−20, 20]² at (50, 50), scaled by (200 %, 100 %) then skewed 45° along x: a point
    /// (x, y) of it lands at (50 + 2x − y, 50 + y), so (68, 65) and (30, 35) are inside, (15, 35)
    /// and (90, 65) outside (the skew before the scale, Flipbook's own order, would put (68, 65) and
    /// (30, 35) outside as well). The same as a layer's transform and as a still shape group's
    /// (`tr`, moved into the path).
    @Test func aSkewComesAfterTheScale() throws {
        let square = LottieMaskTests.square(-20, 20)
        let transform = #""p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[200,100]},"sk":{"a":0,"k":45},"sa":{"a":0,"k":0}"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{"# + transform + #"},"shapes":[{"ty":"sh","ks":{"a":0,"k":"# + square
            + #"}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}"#
        let group = #"{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{},"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":"# + square
            + #"}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr","# + transform + #"}]}]}"#
        for (name, text) in [("layer", layer), ("group", group)] {
            let (alphas, omissions) = try LottieMaskTests.alpha(LottieMaskTests.file(text), at: [(68, 65), (30, 35), (15, 35), (90, 65)])
            #expect(omissions.isEmpty, "\(name): \(omissions)")
            #expect(alphas == [255, 255, 0, 0], "\(name): \(alphas)")
        }
    }

    /// An animated skew, or one under a scale whose factors move apart, is reported by path and
    /// drawn without it; one under a uniform animated scale is read.
    @Test func aSkewThatCannotBeReadIsReported() throws {
        let square = LottieMaskTests.square(-20, 20)
        func layer(_ transform: String) -> String {
            #"{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{"# + transform + #"},"shapes":[{"ty":"sh","ks":{"a":0,"k":"# + square
                + #"}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}"#
        }
        let moving = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[30]}]}"#
        let apart = #"{"a":1,"k":[{"t":0,"s":[100,100],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[100,200]}]}"#
        let together = #"{"a":1,"k":[{"t":0,"s":[100,100],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[200,200]}]}"#
        for (transform, reported) in [(#""sk":"# + moving, true), (#""sk":{"a":0,"k":20},"s":"# + apart, true),
                                      (#""sk":{"a":0,"k":20},"s":"# + together, false)] {
            let (_, omissions) = try LottieMaskTests.alpha(LottieMaskTests.file(layer(transform)), at: [])
            #expect(omissions.map(\.path) == (reported ? ["layers[0].ks.sk"] : []), "\(transform): \(omissions)")
        }
    }
}
