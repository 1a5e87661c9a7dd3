import Flipbook
import FlipbookFiles
import FlipbookRaster
import Foundation

/// Raster frames on standard output, and the font lookup for them.
enum RasterOutput {
    /// The font given with --font, or nil for the library's default (the system's, when the scene
    /// draws text).
    static func fonts(fontPath: String?) throws -> FontSet? {
        guard let fontPath else { return nil }
        do { return FontSet(font: try TrueTypeFont(path: fontPath)) } catch { throw InputError("\(error)") }
    }

    /// Streams frames as PPM or raw RGBA. A reader that closes the pipe early, or any failed write
    /// (a full disk, /dev/full, a closed descriptor), stops the render with an error: the output is
    /// incomplete, so the exit status is 1, never 0.
    static func stream(_ scene: Scene, range: Range<Int>, renderer: RasterRenderer, format: String, progress: Bool) throws -> Int32 {
        var renderer = renderer
        signal(SIGPIPE, SIG_IGN)
        let background = scene.opaqueBackground
        for (n, index) in range.enumerated() {
            let image = try renderer.render(scene, frame: index)
            let bytes = format == "ppm" ? ImageEncoder.ppm(image, background: background) : ImageEncoder.rgba(image)
            do throws(InputError) {
                try writeStandardOutput(bytes)
            } catch {
                if progress { printError("") }
                throw InputError("\(error.message) after \(n) of \(range.count) frames; the output is incomplete", code: error.code)
            }
            if let sig = Interruption.pending { throw FileError("interrupted after \(n + 1) of \(range.count) frames; the output is incomplete", code: EINTR, signal: sig) }
            if progress { printError("\r\(n + 1)/\(range.count) frames", newline: false) }
        }
        if progress { printError("") }
        return 0
    }
}
