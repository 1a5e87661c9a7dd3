import Flipbook
@testable import FlipbookOutput
import FlipbookRaster
import Testing

/// Raster streams whose frames repeat (a held end) carry each frame's own bytes: those of the frame
/// rendered alone by a fresh renderer, in every stream format, on one thread and on three.
struct HeldFrameTests {
    /// A square that slides for half a second of two (5 frames a second), then holds: frames 3 to 10
    /// repeat frame 3 (the model's position, where the slide ends).
    static let scene: Scene = {
        var square = Layer(id: "sq")
        square.frame = Rect(x: 14, y: 4, width: 6, height: 6)
        square[.backgroundColor] = Color(red: 1, green: 0.5, blue: 0)
        square.add(.basic(.position, from: Point(3, 7), to: Point(17, 7), duration: 0.5))
        return Scene(canvas: Size(20, 14), background: Color(red: 0.1, green: 0.2, blue: 0.3), duration: 2, fps: 5, layers: [square])
    }()

    @Test(arguments: [1, 3])
    func everyFrameIsItsOwn(jobs: Int) throws {
        let scene = Self.scene
        #expect(scene.frameCount == 11)
        for format in [RasterStreamFormat.ppm, .rgb, .rgba] {
            var frames: [Int: [UInt8]] = [:]
            try scene.streamRasterFrames(format: format, jobs: jobs) { index, bytes in frames[index] = bytes }
            #expect(frames.count == 11)
            for i in 0..<11 {
                let alone = try scene.rasterFrame(i)
                let expected: [UInt8]
                switch format {
                case .ppm: expected = ImageEncoder.ppm(alone, background: scene.opaqueBackground)
                case .rgb: expected = alone.rgb(over: scene.opaqueBackground)
                case .rgba: expected = ImageEncoder.rgba(alone)
                }
                #expect(frames[i] == expected, "\(format) frame \(i)")
            }
        }
        // The slide moved the square at frames 0 to 2, and frames 3 to 10 are one picture.
        let images = try (0..<11).map { try scene.rasterFrame($0) }
        #expect(Set((0..<4).map { images[$0].pixels }).count == 4)
        #expect(Set((3..<11).map { images[$0].pixels }).count == 1)
    }
}
