import Flipbook
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws render trees into raster images, in pure Swift: no SVG rasterizer needed.
///
/// Paths are flattened within 0.1 device pixel (curves by Wang's formula, arcs by chord count),
/// filled by exact signed-area coverage (`CoverageRasterizer`) with the non-zero or even-odd rule;
/// strokes are offset into polygons (`Stroker`) in the layer's own space, then transformed, so a
/// non-uniform scale shapes them correctly. Group opacity and masksToBounds render the group into a
/// surface of its own, composited with the opacity and the clip's coverage. Colours are composited
/// source-over in premultiplied sRGB (as browsers and librsvg do); gradients are evaluated per pixel
/// (pad spread). Text is drawn from a TrueType font's glyph outlines.
public struct RasterRenderer {
    public enum RenderError: Error, CustomStringConvertible {
        case noFont
        public var description: String {
            "the scene has text but no font was found; install fonts-dejavu-core or give one with --font FILE.ttf"
        }
    }

    public let canvas: Size
    public let background: Color
    /// Device pixels per scene pixel; default 1.
    public let scale: Double
    public let fonts: FontSet?
    /// The image size in pixels: the canvas times the scale, rounded up.
    public var width: Int { Self.pixels(canvas.width, scale) }
    public var height: Int { Self.pixels(canvas.height, scale) }

    private static func pixels(_ length: Double, _ scale: Double) -> Int {
        max(1, Int(saturating: (length * scale).rounded(.up)))
    }

    /// Clips the background to the canvas: where the canvas times the scale is not a whole number of
    /// pixels, the last column and row are covered only in part (fraction f of the pixel) and keep f
    /// of the background, as an SVG viewport clips what it shows. (What is drawn on it is clipped
    /// exactly by the rasterizer, which ends the canvas at the same edges.) A whole number of pixels
    /// leaves the background as it is.
    private func clipToCanvas(_ surface: inout Surface) {
        let w = width, h = height
        let fx = Float(canvas.width * scale - Double(w - 1)), fy = Float(canvas.height * scale - Double(h - 1))
        guard fx < 1 || fy < 1 else { return }
        let cx = PackedPixel.coverage(fx), cy = PackedPixel.coverage(fy), corner = PackedPixel.coverage(fx * fy)
        surface.withPixels { pixels in
            if fx < 1 { for y in 0..<h { pixels[y * w + w - 1] = PackedPixel.scale(pixels[y * w + w - 1], y == h - 1 && fy < 1 ? corner : cx) } }
            if fy < 1 { for x in 0..<(fx < 1 ? w - 1 : w) { pixels[(h - 1) * w + x] = PackedPixel.scale(pixels[(h - 1) * w + x], cy) } }
        }
    }

    /// The finished frame's surface, kept so the next frame reuses its memory.
    private var frame: Surface?
    private var painter: RasterPainter

    public init(canvas: Size, background: Color = .clear, scale: Double = 1, fonts: FontSet? = nil) {
        self.canvas = canvas
        self.background = background
        self.scale = scale
        self.fonts = fonts
        painter = RasterPainter(width: Self.pixels(canvas.width, scale), height: Self.pixels(canvas.height, scale),
                                right: canvas.width * scale, bottom: canvas.height * scale, fonts: fonts)
    }

    /// The image of a render tree.
    ///
    /// The renderer keeps its working memory (the frame, the coverage cells, group surfaces) from one
    /// call to the next: when the caller has let go of the previous image, a frame allocates nothing.
    /// - Throws: `RenderError.noFont` when the tree draws text and there is no font.
    public mutating func render(_ root: RenderNode?) throws(RenderError) -> RasterImage {
        var surface = frame ?? Surface(width: width, height: height)
        frame = nil
        surface.fill(PackedPixel.premultiplied(red: background.red, green: background.green, blue: background.blue,
                                               alpha: background.alpha))
        clipToCanvas(&surface)
        if let root {
            try painter.draw(root, transform: .scale(scale, scale), into: &surface)
        }
        frame = surface
        return surface.image
    }
}

