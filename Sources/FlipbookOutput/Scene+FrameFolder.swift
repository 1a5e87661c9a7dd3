import Flipbook
import FlipbookFiles
import FlipbookRaster
import FlipbookSVG

/// The file format of a frames folder.
public enum FrameFormat: String, Hashable, Sendable, CaseIterable {
    /// SVG documents, one per frame.
    case svg
    /// PNG images from the built-in rasterizer.
    case png
}

/// What `writeFrames` wrote.
public struct FramesWritten: Hashable, Sendable {
    /// Frames written.
    public var count: Int
    /// Bytes of all the frames.
    public var bytes: Int
    /// What the folder commit noticed and kept (files it did not write, left in place).
    public var notes: [String]
}

extension Scene {
    /// The file names of `count` frames: frame_0000.svg, frame_0001.svg, … (at least four digits,
    /// wider when needed), numbered from 0.
    public static func frameFileNames(count: Int, format: FrameFormat) -> [String] {
        let digits = max(4, String(max(count - 1, 0)).count)
        return (0..<count).map { n in
            let number = String(n)
            return "frame_" + String(repeating: "0", count: max(0, digits - number.count)) + number + "." + format.rawValue
        }
    }

    /// Writes the frames numbered `range` (default: all) into `folder` as files numbered from 0, all
    /// at once or not at all: they are written into a hidden folder beside it and swapped into place
    /// in one step, so the folder holds the old frames or the new ones, never a mix, and a failure
    /// leaves it as it was. Only files the folder's manifest (.flipbook-frames) proves Flipbook wrote
    /// are replaced; a folder holding anything else is refused unless `force`, which keeps those files.
    /// - Parameters:
    ///   - scale: device pixels per scene pixel for PNG, > 0. Default 1.
    ///   - fonts: fonts for text in PNG frames; default the system's (see `rasterRenderer`).
    ///   - progress: called after each frame with (frames done, frames in all).
    /// - Throws: `FileError` for the folder (nothing changed), `RasterRenderer.RenderError` when PNG
    ///   frames need a font and none is found.
    @discardableResult
    public func writeFrames(to folder: BytePath, format: FrameFormat = .svg, frames range: Range<Int>? = nil,
                            scale: Double = 1, fonts: FontSet? = nil, force: Bool = false,
                            progress: ((Int, Int) -> Void)? = nil) throws -> FramesWritten {
        let frames = self.frames(range ?? 0..<frameCount)
        var raster = format == .png ? try rasterRenderer(scale: scale, fonts: fonts) : nil
        let names = Self.frameFileNames(count: frames.count, format: format)
        let output = try FrameFolder(folder, names: names, force: force)
        var svg = SVGFrameRenderer(canvas: canvas, background: background)
        var bytes = 0
        do {
            for (n, index) in frames.indices.enumerated() {
                let presentation = presentation(at: frameTime(index))
                if raster != nil {
                    let png = ImageEncoder.png(try raster!.render(presentation.renderNode()))
                    bytes += png.count
                    try output.write(names[n], png)
                } else {
                    let document = svg.documentBytes(for: presentation)
                    bytes += document.count
                    try document.withUnsafeBytes { buffer in try output.write(names[n], UnsafeRawBufferPointer(buffer)) }
                }
                progress?(n + 1, frames.count)
            }
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
        return FramesWritten(count: frames.count, bytes: bytes, notes: output.notes)
    }

    /// `writeFrames(to:…)` with the folder given as a string path.
    @discardableResult
    public func writeFrames(to folder: String, format: FrameFormat = .svg, frames range: Range<Int>? = nil,
                            scale: Double = 1, fonts: FontSet? = nil, force: Bool = false,
                            progress: ((Int, Int) -> Void)? = nil) throws -> FramesWritten {
        try writeFrames(to: BytePath(folder), format: format, frames: range, scale: scale, fonts: fonts, force: force,
                        progress: progress)
    }

    /// Writes the animated SVG (`animatedSVG()`) to `path` atomically (a temporary file renamed into
    /// place) and returns it with its report. With `strict`, a property that could not be kept within
    /// its bound is an error and nothing is written.
    /// - Throws: `AnimatedSVGFallbackError` (strict), `FileError`.
    @discardableResult
    public func writeAnimatedSVG(to path: BytePath, strict: Bool = false) throws -> AnimatedSVG {
        let compiled = animatedSVG()
        if strict, !compiled.fallbacks.isEmpty {
            throw AnimatedSVGFallbackError(fallbacks: compiled.fallbacks, path: path.description)
        }
        try AtomicFile.write(Array(compiled.svg.utf8), to: path)
        return compiled
    }

    /// `writeAnimatedSVG(to:strict:)` with the path given as a string.
    @discardableResult
    public func writeAnimatedSVG(to path: String, strict: Bool = false) throws -> AnimatedSVG {
        try writeAnimatedSVG(to: BytePath(path), strict: strict)
    }
}

/// With strict: the properties the animated compiler could not keep within their bounds.
public struct AnimatedSVGFallbackError: Error, Sendable, CustomStringConvertible {
    public var fallbacks: [AnimatedSVG.Entry]
    /// The file that was not written.
    public var path: String

    public var description: String {
        let first = fallbacks[0], n = fallbacks.count
        return "\(n) animated propert\(n == 1 ? "y" : "ies") could not be kept within the bound (first: \(first.element) \(first.property), error \(SVGNumber.format(first.maxError, decimals: 4)) \(first.unit) against \(SVGNumber.format(first.bound, decimals: 4)) \(first.unit)); '\(path)' was not written (without --strict it is written and --report lists them)"
    }
}
