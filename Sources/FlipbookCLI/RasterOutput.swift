import Flipbook
import FlipbookFiles
import FlipbookOutput
import FlipbookRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Raster frames on standard output, and the font lookup for them.
enum RasterOutput {
    /// The font given with --font, or nil for the library's default (the system's, when the scene
    /// draws text).
    static func fonts(fontPath: String?) throws -> FontSet? {
        guard let fontPath else { return nil }
        do { return FontSet(font: try TrueTypeFont(path: fontPath)) } catch { throw InputError("\(error)") }
    }

    /// Streams frames as PPM or raw RGBA, rendered on `jobs` threads, written in frame order. A reader
    /// that closes the pipe early, or any failed write (a full disk, /dev/full, a closed descriptor),
    /// stops the render with an error: the output is incomplete, so the exit status is 1, never 0.
    static func stream(_ scene: Scene, range: Range<Int>, format: String, jobs: Int?, scale: Double, fonts: FontSet?,
                       progress: Bool) throws -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        var n = 0
        try scene.streamRasterFrames(range, format: RasterStreamFormat(rawValue: format)!, jobs: jobs, scale: scale, fonts: fonts) { _, bytes in
            do throws(InputError) {
                try writeStandardOutput(bytes)
            } catch {
                if progress { printError("") }
                throw InputError("\(error.message) after \(n) of \(range.count) frames; the output is incomplete", code: error.code)
            }
            n += 1
            if let sig = Interruption.pending { throw FileError("interrupted after \(n) of \(range.count) frames; the output is incomplete", code: EINTR, signal: sig) }
            if progress { ProgressLine.shared.draw(n, of: range.count) }
        }
        if progress { printError("") }
        return 0
    }
}
