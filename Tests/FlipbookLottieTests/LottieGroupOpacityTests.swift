import Foundation
import Flipbook
@testable import FlipbookLottie
import FlipbookScenes
import Testing

/// A shape group's opacity multiplies each paint inside it (as rlottie and ThorVG draw it: two
/// overlapping squares in a group at 50 % are 75 % opaque where they overlap), not the group as a
/// whole: the group's node is opaque and each paint carries the product.
@Suite struct LottieGroupOpacityTests {
    /// A layer (10 fps) holding a group with `opacity` whose items are `items`.
    static func file(group opacity: String, _ items: String) -> String {
        LottieImportTests.file(#"{"ty":4,"ind":1,"ip":0,"op":60,"st":0,"ks":{},"shapes":[{"ty":"gr","it":["# + items
            + #",{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":"# + opacity + "}]}]}")
            .replacingOccurrences(of: #""fr":30"#, with: #""fr":10"#)
    }

    static func fill(_ opacity: String) -> String {
        LottieImportTests.square + #",{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":"# + opacity + "}"
    }

    static func opacity(_ id: String, in scene: Scene, frame: Double) throws -> Double {
        try #require(LottieImportTests.find(id, in: scene.presentation(at: frame / 10).renderNode())).opacity
    }

    @Test func aStillOpacityMultipliesEachPaint() throws {
        let (scene, imported) = try LottieImportTests.importScene(Self.file(group: #"{"a":0,"k":50}"#, Self.fill(#"{"a":0,"k":100}"#) + "," + Self.fill(#"{"a":0,"k":80}"#)))
        #expect(imported.omissions.isEmpty)
        let group = try #require(LottieImportTests.find("l0_g", in: scene.presentation(at: 0).renderNode()))
        #expect(group.node.opacity == 1)
        // Each drawing node's opacity as drawn (the product down the tree), the two fills'.
        func drawn(_ node: RenderNode, _ alpha: Double) -> [Double] {
            let a = alpha * node.opacity
            return (node.items.isEmpty ? [] : [a]) + node.children.flatMap { drawn($0, a) }
        }
        let paints = drawn(try #require(scene.presentation(at: 0).renderNode()), 1).sorted()
        #expect(paints.count == 2 && abs(paints[0] - 0.4) < 1e-12 && paints[1] == 0.5, "\(paints)")
    }

    @Test func nestedGroupsMultiply() throws {
        let inner = #"{"ty":"gr","it":["# + Self.fill(#"{"a":0,"k":80}"#)
            + #",{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":40}}]}"#
        let (scene, _) = try LottieImportTests.importScene(Self.file(group: #"{"a":0,"k":50}"#, inner))
        #expect(try abs(Self.opacity("l0_g_g_fill", in: scene, frame: 0) - 0.5 * 0.4 * 0.8) < 1e-12)
    }

    /// One that moves times still ones: its keys scaled (exact at any instant); two that move: read
    /// at every frame, straight between.
    @Test func movingOpacitiesMultiply() throws {
        let fading = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0.42],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100]}]}"#
        let (scene, _) = try LottieImportTests.importScene(Self.file(group: fading, Self.fill(#"{"a":0,"k":50}"#)))
        func eased(_ f: Double) -> Double { LottieExpressionTests.bezier(0.42, 0, 1, 1, f / 10) }
        for f in [2.5, 5, 7.25] {
            #expect(try abs(Self.opacity("l0_g_fill", in: scene, frame: f) - 0.5 * eased(f)) < 1e-6, "frame \(f)")
        }
        let falling = #"{"a":1,"k":[{"t":0,"s":[100],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[0]}]}"#
        let (both, _) = try LottieImportTests.importScene(Self.file(group: fading, Self.fill(falling)))
        for f in [3.0, 7] {
            #expect(try abs(Self.opacity("l0_g_fill", in: both, frame: f) - eased(f) * (1 - f / 10)) < 1e-6, "frame \(f)")
        }
        let between = (eased(3) * 0.7 + eased(4) * 0.6) / 2
        #expect(try abs(Self.opacity("l0_g_fill", in: both, frame: 3.5) - between) < 1e-6)
    }

    /// A group opacity whose expression is not read stays the group's (the expression reported).
    @Test func anUnreadExpressionStaysWithItsGroup() throws {
        let (scene, imported) = try LottieImportTests.importScene(Self.file(group: #"{"a":0,"k":50,"x":"wiggle(2, 10)"}"#, Self.fill(#"{"a":0,"k":100}"#)))
        #expect(imported.omissions.count == 1)
        let group = try #require(LottieImportTests.find("l0_g", in: scene.presentation(at: 0).renderNode()))
        #expect(group.node.opacity == 0.5)
        #expect(try Self.opacity("l0_g_fill", in: scene, frame: 0) == 0.5)
    }
}
