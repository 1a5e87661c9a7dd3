import Easing
import Flipbook
import FlipbookFiles
import FlipbookOutput
import FlipbookRaster
import FlipbookSVG

/// The formats animated assets ship in beyond SVG: an animated PNG, and Telegram's animated sticker.
extension RenderCommand {
    /// Telegram's rules for an animated sticker (.tgs): its Lottie canvas, rate, length and size.
    static let tgsRules = (side: 512.0, fps: 60.0, seconds: 3.0, bytes: 64 * 1024)

    /// Writes the scene's Lottie file gzipped as a .tgs sticker, after checking each of Telegram's
    /// rules; any broken rule is named and nothing is written. Returns the bytes written.
    static func writeTGS(_ scene: Scene, to path: BytePath, file: BytePath, jobs: Int, fonts: FontSet?, theme: ThemeProbe?,
                         listings: FolderListings? = nil) throws -> Int {
        let json = Array(lottieFile(scene, jobs: jobs, fonts: fonts, theme: theme).json.utf8)
        let gz = Gzip.compress(json)
        var broken: [String] = []
        let r = tgsRules
        if scene.canvas.width != r.side || scene.canvas.height != r.side {
            broken.append("canvas: \(scene.canvas.width.roundTripText) × \(scene.canvas.height.roundTripText) px, not 512 × 512")
        }
        if scene.fps > r.fps { broken.append("fps: \(scene.fps.roundTripText), above 60") }
        // The sticker's length: its frames at the scene's rate (Lottie's op − ip).
        let length = Double(scene.frameCount - (scene.loops ? 0 : 1)) / scene.fps
        if length > r.seconds + 1e-9 { broken.append("duration: \(length.roundTripText) s, above 3 s") }
        if gz.count > r.bytes { broken.append("size: \(gz.count) bytes gzipped, above 65536 (64 KiB)") }
        guard broken.isEmpty else {
            throw InputError("\(file): not a Telegram sticker: \(broken.joined(separator: "; ")); '\(path)' was not written")
        }
        try AtomicFile.write(gz, to: path, listings: listings)
        return gz.count
    }
}
