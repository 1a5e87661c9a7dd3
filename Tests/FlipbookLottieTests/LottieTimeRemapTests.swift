import Foundation
import Flipbook
@testable import FlipbookLottie
import FlipbookScenes
import Testing

/// Time remapping (`tm`) against its definition: at frame f of its composition a precomposition
/// shows its content's frame tm(f) · fr, tm read as any keyed property (here eased by
/// cubic-bezier(0.5, 0, 0.5, 1), then straight), its layers shown where that frame is within
/// their in and out points.
@Suite struct LottieTimeRemapTests {
    /// At 10 fps, frames 0 to `op`: a precomposition (id l0) of a square shown over content frames
    /// [10, 30) (l0_l0) and a square (l0_l1), each moving x 0 → 100 straight over content frames 0 to 100, remapped from 4 s back to 0 s over frames 0 to 20 (eased), then on to 2 s at frame 40.
    /// (`copies`: the moving square that many times.)
    static func file(op: Int = 40, copies: Int = 1) -> String {
        let square = LottieImportTests.square + "," + LottieImportTests.redFill
        let moving = #"{"ty":4,"ip":0,"op":100,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,50],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},"#
            + #"{"t":100,"s":[100,50]}]}},"shapes":["# + square + "]}"
        return #"{"v":"5.7.0","fr":10,"ip":0,"op":"# + "\(op)" + #","w":200,"h":100,"assets":[{"id":"c","layers":["#
            + #"{"ty":4,"ind":1,"ip":10,"op":30,"st":0,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,50],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},"#
            + #"{"t":100,"s":[100,50]}]}},"shapes":["# + square + "]},"
            + Array(repeating: moving, count: copies).joined(separator: ",") + #"]}],"layers":[{"ty":0,"ind":1,"refId":"c","ip":0,"op":"# + "\(op)"
            + #","st":0,"w":200,"h":100,"ks":{},"tm":{"a":1,"k":[{"t":0,"s":[4],"o":{"x":[0.5],"y":[0]},"i":{"x":[0.5],"y":[1]}},"#
            + #"{"t":20,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":40,"s":[2]}]}}]}"#
    }

    /// The content frame shown at frame f: 40 − 40·B(f / 20) up to frame 20, then f − 20.
    static func content(_ f: Double) -> Double {
        f <= 20 ? 40 - 40 * LottieExpressionTests.bezier(0.5, 0, 0.5, 1, f / 20) : f - 20
    }

    @Test func contentFollowsTheRemapAtEveryFrame() throws {
        let (scene, imported) = try LottieImportTests.importScene(Self.file())
        #expect(imported.omissions.isEmpty, "\(imported.omissions)")
        func x(_ f: Double) throws -> Double {
            try #require(LottieImportTests.find("l0_l1", in: scene.presentation(at: f / 10).renderNode())).node.parts.offset.x
        }
        // At frames: the closed form (the engine's cubic-bezier solves x to 1e-7; slope ≤ 1.5 here:
        // 40 · 1.5 · 1e-7 < 1e-5 of a frame, and x moves one unit a frame).
        for f in [0.0, 3, 5, 10, 15, 19, 20, 25, 30, 35, 39] {
            let shown = try x(f)
            #expect(abs(shown - Self.content(f)) < 1e-5, "frame \(f): \(shown), not \(Self.content(f))")
        }
        // Between frames: straight from one frame's value to the next's.
        #expect(abs(try x(12.5) - (Self.content(12) + Self.content(13)) / 2) < 1e-5)
        // Not the content's own pace: at frame 5 it shows content frame 37.0, not 5.
        #expect(try x(5) > 30)
    }

    /// The first square shows where the content frame is in [10, 30): twice here, as the remap runs
    /// back through that stretch and forward into it again; hidden (or at opacity 0) between.
    @Test func layersShowWhereTheirContentFrameIsInTheirPoints() throws {
        let (scene, _) = try LottieImportTests.importScene(Self.file())
        for f in [0.0, 2, 8, 10, 12, 18, 20, 25, 29, 30, 32, 39] {
            let found = LottieImportTests.find("l0_l0", in: scene.presentation(at: f / 10).renderNode())
            let shows = (found?.opacity ?? 0) > 0
            let local = Self.content(f)
            #expect(shows == (local >= 10 && local < 30), "frame \(f) (content frame \(local)): shows \(shows)")
            // Where it shows, its motion follows the remap too (its transform re-keyed with its gaps).
            if shows, let x = found?.node.parts.offset.x {
                #expect(abs(x - local) < 1e-5, "frame \(f): x \(x), not \(local)")
            }
        }
    }

    /// A remap over more frames than the import re-keys is reported, the content at its own pace
    /// (the importer alone: the scene loader then refuses a scene of so many frames by name).
    @Test func anOverlongRemapIsReported() throws {
        let json = try SceneLoader().parse(Array(Self.file(op: 200_001).utf8), file: "test.json")
        let imported = try LottieImporter(json, file: "test.json")
        #expect(imported.omissions.map(\.path) == ["layers[0].tm"])
        #expect(imported.omissions.first?.message.contains("more than 100,000 frames") == true, "\(imported.omissions)")
        // Over the values a remap may read: 21 things moving (a layer's points, each square and its
        // position) at each of 90,001 frames is 1.9 million, over the budget of a million.
        let many = try LottieImporter(try SceneLoader().parse(Array(Self.file(op: 90_000, copies: 10).utf8), file: "test.json"), file: "test.json")
        #expect(many.omissions.map(\.path) == ["layers[0].tm"])
        #expect(many.omissions.first?.message.contains("budget of 1000000 values") == true, "\(many.omissions)")
    }
}
