import Flipbook
import FlipbookFiles
import FlipbookRaster

extension Scene {
    /// Writes every frame as one animated PNG (`APNGEncoder`) to `path`, atomically: the frames
    /// `writeFrames(format: .png)` writes, each shown for 1 / fps seconds (runs of equal frames as one),
    /// played once, or for ever when the scene loops. `jobs` threads rasterize and compress.
    /// Returns the file's size in bytes and the frames it holds. `listings`: a batch's folder listings
    /// (`AtomicFile.write`).
    @discardableResult
    public func writeAPNG(to path: BytePath, scale: Double = 1, fonts: FontSet? = nil, jobs: Int? = nil,
                          listings: FolderListings? = nil) throws -> (bytes: Int, frames: Int) {
        let renderer = try rasterRenderer(scale: scale, fonts: fonts)
        var encoder = APNGEncoder(width: renderer.width, height: renderer.height, fps: fps)
        let scene = self
        // As raster frames are rendered (`streamRasterFrames`): a worker per thread keeps its
        // presentation and renderer from one frame to the next, and a frame that repeats the one
        // before is neither drawn nor compressed again (`FrameWorker.encoded`).
        try ParallelFrames<FrameWorker>.raster(requested: jobs ?? Scene.cores, pixels: renderer.width * renderer.height).run(
            Array(0..<frameCount),
            makeWorker: { .raster(renderer, scene) },
            render: { worker, index in try worker.encoded(scene, frame: index, APNGEncoder.compressed) },
            consume: { _, data in encoder.append(compressed: data) })
        let bytes = encoder.encode(plays: loops ? 0 : 1)
        try AtomicFile.write(bytes, to: path, listings: listings)
        return (bytes.count, encoder.frameCount)
    }
}
