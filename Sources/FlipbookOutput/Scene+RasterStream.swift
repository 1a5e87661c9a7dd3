import Flipbook
import FlipbookRaster

/// The byte format of a stream of raster frames.
public enum RasterStreamFormat: String, Hashable, Sendable, CaseIterable {
    /// Binary PPM (P6) images over the scene's opaque background, one after another (ffmpeg's
    /// `-f image2pipe -c:v ppm`).
    case ppm
    /// Raw RGB rows over the scene's opaque background, PPM's pixels without its headers (ffmpeg's
    /// `-f rawvideo -pixel_format rgb24`: nothing for a parser to misread).
    case rgb
    /// Raw straight-alpha RGBA rows (ffmpeg's `-f rawvideo -pixel_format rgba`).
    case rgba
}

extension Scene {
    /// Renders the frames numbered `range` (default: all) as raster images on `jobs` threads (default
    /// the machine's cores; fewer when frames are so large that renderers would pass 1 GB) and hands each
    /// frame's bytes to `body` in frame order as each is ready, the threads rendering ahead by at most 16 × jobs
    /// frames (and 256 MB of them). What `flipbook render --stdout` writes.
    /// - Throws: what `body` throws (the first error stops the stream), or
    ///   `RasterRenderer.RenderError` when the scene draws text and no font is found.
    public func streamRasterFrames(_ range: Range<Int>? = nil, format: RasterStreamFormat, jobs: Int? = nil,
                                   scale: Double = 1, fonts: FontSet? = nil,
                                   _ body: (_ index: Int, _ bytes: [UInt8]) throws -> Void) throws {
        let renderer = try rasterRenderer(scale: scale, fonts: fonts)
        let scene = self, background = opaqueBackground
        try ParallelFrames<FrameWorker>.raster(requested: jobs ?? Self.cores, pixels: renderer.width * renderer.height).run(
            Array(frames(range ?? 0..<frameCount).indices),
            makeWorker: { .raster(renderer, scene) },
            render: { worker, index in
                try worker.encoded(scene, frame: index) { image in
                    switch format {
                    case .ppm: return ImageEncoder.ppm(image, background: background)
                    case .rgb: return image.rgb(over: background)
                    case .rgba: return ImageEncoder.rgba(image)
                    }
                }
            },
            consume: body)
    }
}
