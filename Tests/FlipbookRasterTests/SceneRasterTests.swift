import Flipbook
import FlipbookRaster
import Testing

/// One-call raster outputs from a scene, against pixels known by construction.
struct SceneRasterTests {
    /// A 20×10 canvas, blue background, a red 4×4 square at (2, 2) whose opacity animates 1 → 0 in 1 s.
    static let scene: Scene = {
        var square = Layer(id: "sq")
        square.frame = Rect(x: 2, y: 2, width: 4, height: 4)
        square[.backgroundColor] = Color(red: 1, green: 0, blue: 0)
        square.add(.basic(.opacity, from: 1, to: 0, duration: 1))
        return Scene(canvas: Size(20, 10), background: Color(red: 0, green: 0, blue: 1), duration: 1, fps: 2, layers: [square])
    }()

    @Test func ppmRGBAAndPNG() throws {
        let ppm = try Self.scene.ppmFrame(0)
        let header = Array("P6\n20 10\n255\n".utf8)
        #expect(Array(ppm.prefix(header.count)) == header)
        func ppmPixel(_ x: Int, _ y: Int, _ bytes: [UInt8]) -> [UInt8] {
            let at = header.count + (y * 20 + x) * 3
            return Array(bytes[at..<at + 3])
        }
        #expect(ppmPixel(3, 3, ppm) == [255, 0, 0])       // inside the square
        #expect(ppmPixel(10, 5, ppm) == [0, 0, 255])      // background
        let rgba = try Self.scene.rgbaFrame(0)
        #expect(rgba.count == 20 * 10 * 4)
        #expect(Array(rgba[(3 * 20 + 3) * 4..<(3 * 20 + 3) * 4 + 4]) == [255, 0, 0, 255])
        // Frame 1 is at 0.5 s: opacity 0.5, red over blue = (127.5, 0, 127.5) → 128 or 127 after rounding.
        let half = try Self.scene.ppmFrame(1)
        let p = ppmPixel(3, 3, half)
        #expect(abs(Int(p[0]) - 128) <= 1 && p[1] == 0 && abs(Int(p[2]) - 128) <= 1)
        let png = try Self.scene.pngFrame(0, scale: 2)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR width and height at scale 2: 40 × 20.
        #expect(Array(png[16..<24]) == [0, 0, 0, 40, 0, 0, 0, 20])
    }
}
