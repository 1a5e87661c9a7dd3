import Flipbook
import FlipbookFiles
import FlipbookRaster

extension Scene {
    /// Writes every frame as one animated PNG (`APNGEncoder`) to `path`, atomically: the frames
    /// `writeFrames(format: .png)` writes, each shown for 1 / fps seconds (runs of equal frames as one),
    /// played once, or for ever when the scene loops. `jobs` threads rasterize and compress.
    /// Returns the file's size in bytes and the frames it holds.
    @discardableResult
    public func writeAPNG(to path: BytePath, scale: Double = 1, fonts: FontSet? = nil, jobs: Int? = nil) throws -> (bytes: Int, frames: Int) {
        let first = try rasterFrame(0, scale: scale, fonts: fonts)
        var encoder = APNGEncoder(width: first.width, height: first.height, fps: fps)
        let scene = self
        let renderFonts = fonts ?? (drawsText ? FontSet.system() : nil)
        try ParallelWork.run(frameCount, jobs: jobs ?? Scene.cores, work: { i in
            // A frame that cannot be drawn cannot happen here: the first one was, with the same fonts.
            guard let image = try? scene.rasterFrame(i, scale: scale, fonts: renderFonts) else { return [] }
            return APNGEncoder.compressed(image)
        }, consume: { _, data in encoder.append(compressed: data) })
        let bytes = encoder.encode(plays: loops ? 0 : 1)
        try AtomicFile.write(bytes, to: path)
        return (bytes.count, encoder.frameCount)
    }
}
