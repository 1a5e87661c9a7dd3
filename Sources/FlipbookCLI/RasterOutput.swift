import Flipbook
import FlipbookComponents
import FlipbookFiles
import FlipbookRaster
import Foundation

/// Raster frames on standard output, and the font lookup for them.
enum RasterOutput {
    /// A renderer for the scene; loads the font only when the scene draws text.
    static func renderer(for scene: Scene, scale: Double, fontPath: String?) throws -> RasterRenderer {
        var fonts: FontSet?
        if let fontPath {
            do { fonts = FontSet(font: try TrueTypeFont(path: fontPath)) } catch { throw InputError("\(error)") }
        } else if hasText(scene) {
            fonts = FontSet(systemFolder: "/usr/share/fonts/truetype/dejavu") ?? TrueTypeFont.systemDefault().map(FontSet.init(font:))
            guard fonts != nil else {
                throw InputError("the scene has text but no font was found (looked for \(TrueTypeFont.defaultPaths.joined(separator: ", "))); install fonts-dejavu-core or give one with --font FILE.ttf")
            }
        }
        return RasterRenderer(canvas: scene.canvas, background: scene.background, scale: scale, fonts: fonts)
    }

    /// Whether any frame's layers include text (text layers or components that make labels).
    static func hasText(_ scene: Scene) -> Bool {
        func check(_ layer: Layer) -> Bool {
            layer.type.name == TextLayer.typeName || layer.type.name == LineGraph.typeName || layer.sublayers.contains(where: check)
        }
        return check(scene.root) || check(scene.presentation(at: 0))
    }

    /// Streams frames as PPM or raw RGBA. A reader that closes the pipe early, or any failed write
    /// (a full disk, /dev/full, a closed descriptor), stops the render with an error: the output is
    /// incomplete, so the exit status is 1, never 0.
    static func stream(_ scene: Scene, range: [Int], renderer: RasterRenderer, format: String, progress: Bool) throws -> Int32 {
        var renderer = renderer
        signal(SIGPIPE, SIG_IGN)
        let background: (UInt8, UInt8, UInt8) = scene.background.alpha > 0
            ? (UInt8((scene.background.red * 255).rounded()), UInt8((scene.background.green * 255).rounded()), UInt8((scene.background.blue * 255).rounded()))
            : (255, 255, 255)
        for (n, index) in range.enumerated() {
            let image: RasterImage
            do {
                image = try renderer.render(scene.presentation(at: scene.frameTime(index)).renderNode())
            } catch {
                throw InputError(error.description)
            }
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
