import Flipbook

extension Scene {
    /// Whether the scene draws text at its start, middle or end (text layers, or components that
    /// make labels): what decides whether raster output needs a font.
    public var drawsText: Bool {
        func check(_ layer: Layer) -> Bool {
            layer.type.name == TextLayer.typeName || layer.sublayers.contains(where: check)
        }
        return check(root) || [0, duration / 2, duration].contains { check(presentation(at: $0)) }
    }

    /// A renderer for this scene's canvas and background at `scale` device pixels per scene pixel.
    /// With no `fonts`, a scene that draws text gets the system's DejaVu fonts (or the first of
    /// `TrueTypeFont.defaultPaths` found).
    /// - Throws: `RasterRenderer.RenderError.noFont` when the scene draws text and no font is found.
    public func rasterRenderer(scale: Double = 1, fonts: FontSet? = nil) throws(RasterRenderer.RenderError) -> RasterRenderer {
        var fonts = fonts
        if fonts == nil && drawsText {
            fonts = FontSet.system()
            guard fonts != nil else { throw .noFont }
        }
        return RasterRenderer(canvas: canvas, background: background, scale: scale, fonts: fonts)
    }

    /// Frame `index` as pixels. Builds a renderer per call; to render many frames, keep one from
    /// `rasterRenderer(scale:fonts:)` and call its `render(_:frame:)`.
    public func rasterFrame(_ index: Int, scale: Double = 1, fonts: FontSet? = nil) throws(RasterRenderer.RenderError) -> RasterImage {
        var renderer = try rasterRenderer(scale: scale, fonts: fonts)
        return try renderer.render(self, frame: index)
    }

    /// Frame `index` as PNG bytes (see `rasterFrame`).
    public func pngFrame(_ index: Int, scale: Double = 1, fonts: FontSet? = nil) throws(RasterRenderer.RenderError) -> [UInt8] {
        ImageEncoder.png(try rasterFrame(index, scale: scale, fonts: fonts))
    }

    /// Frame `index` as a binary PPM (P6) image over `opaqueBackground` (see `rasterFrame`).
    public func ppmFrame(_ index: Int, scale: Double = 1, fonts: FontSet? = nil) throws(RasterRenderer.RenderError) -> [UInt8] {
        ImageEncoder.ppm(try rasterFrame(index, scale: scale, fonts: fonts), background: opaqueBackground)
    }

    /// Frame `index` as raw straight-alpha RGBA bytes, row by row (see `rasterFrame`).
    public func rgbaFrame(_ index: Int, scale: Double = 1, fonts: FontSet? = nil) throws(RasterRenderer.RenderError) -> [UInt8] {
        ImageEncoder.rgba(try rasterFrame(index, scale: scale, fonts: fonts))
    }

    /// The colour PPM and other opaque formats put under transparent pixels: the scene's background
    /// when it has one, else white.
    public var opaqueBackground: (UInt8, UInt8, UInt8) {
        guard background.alpha > 0 else { return (255, 255, 255) }
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        return (byte(background.red), byte(background.green), byte(background.blue))
    }
}

extension RasterRenderer {
    /// Frame `index` of `scene` (its presentation at `scene.frameTime(index)`).
    public mutating func render(_ scene: Scene, frame index: Int) throws(RenderError) -> RasterImage {
        try render(scene.presentation(at: scene.frameTime(index)).renderNode())
    }
}
