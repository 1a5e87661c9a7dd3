import Flipbook
import FlipbookLottie
import FlipbookScenes
import Testing

/// Auto-orient (`ao`): a layer turned to the direction its position heads, on top of its own rotation.
@Suite struct LottieAutoOrientTests {
    /// A bar 60 × 4 px about the layer's origin, moving from (20, 20) to (80, 80) over 30 frames
    /// (linear), its own rotation `rotation`: at frame 15 it is at (50, 50), turned 45° + rotation.
    static func file(rotation: Double) -> String {
        let bar = #"{"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"v":[[-30,-2],[30,-2],[30,2],[-30,2]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"c":true}}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1},{"ty":"tr"}]}"#
        let position = #"{"a":1,"k":[{"t":0,"s":[20,20],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[80,80]}]}"#
        return #"{"v":"5.7.0","fr":30,"ip":0,"op":31,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":31,"st":0,"ao":1,"#
            + #""ks":{"p":"# + position + #","r":{"a":0,"k":"# + "\(rotation)" + #"}},"shapes":["# + bar + "]}]}"
    }

    /// Alpha at the points of the frame at 0.5 s, and the import's omissions.
    static func alpha(_ text: String, at points: [(Int, Int)]) throws -> ([UInt8], [LottieImporter.Omission]) {
        try LottieGroupPaintTests.alpha(text, at: points, time: 0.5)
    }

    /// Heading 45° (down and right on screen): the bar lies along the diagonal, not across it, nor level.
    @Test func theLayerTurnsToItsHeading() throws {
        let (alphas, omissions) = try Self.alpha(Self.file(rotation: 0), at: [(61, 61), (39, 39), (61, 39), (65, 50)])
        #expect(alphas == [255, 255, 0, 0], "\(alphas)")
        #expect(omissions.isEmpty, "\(omissions)")
    }

    /// Its own rotation adds to the heading: 45° more lays the bar vertical.
    @Test func itsOwnRotationAdds() throws {
        let (alphas, omissions) = try Self.alpha(Self.file(rotation: 45), at: [(50, 65), (50, 35), (61, 61), (65, 50)])
        #expect(alphas == [255, 255, 0, 0], "\(alphas)")
        #expect(omissions.isEmpty, "\(omissions)")
    }
}
