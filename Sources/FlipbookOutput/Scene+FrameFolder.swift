import Flipbook
import FlipbookFiles
import FlipbookRaster
import FlipbookSVG
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    ///   - shard: write only this part of the frames, under the file names they have in the whole
    ///     render, so that the parts rendered anywhere, copied into one folder, equal one render.
    ///   - jobs: threads that render frames, ≥ 1; default the machine's cores. The files do not
    ///     depend on it.
    ///   - scale: device pixels per scene pixel for PNG, > 0. Default 1.
    ///   - fonts: fonts text is laid out with; default the system's (`FontSet.system()`): PNG frames
    ///     draw them, SVG frames name the face first (or, with `textAsPaths`, write its outlines).
    ///   - textAsPaths: SVG frames write each text as its glyph outlines instead of `<text>`.
    ///   - progress: called after each frame with (frames done, frames in all).
    ///   - listings: a run writing many folders side by side looks at their parent once
    ///     (`FolderListings`); default nil, at every write.
    /// - Throws: `FileError` for the folder (nothing changed), `RasterRenderer.RenderError` when PNG
    ///   frames need a font and none is found.
    @discardableResult
    public func writeFrames(to folder: BytePath, format: FrameFormat = .svg, frames range: Range<Int>? = nil,
                            shard: Shard? = nil, jobs: Int? = nil, scale: Double = 1, fonts: FontSet? = nil,
                            textAsPaths: Bool = false, force: Bool = false, listings: FolderListings? = nil,
                            progress: ((Int, Int) -> Void)? = nil) throws -> FramesWritten {
        let selected = self.frames(range ?? 0..<frameCount).indices
        let allNames = Self.frameFileNames(count: selected.count, format: format)
        let part = shard?.part(of: selected.count) ?? 0..<selected.count
        let raster = format == .png ? try rasterRenderer(scale: scale, fonts: fonts) : nil
        let text = SVGTextOptions(fonts: drawsText ? fonts ?? FontSet.system() : nil, asPaths: textAsPaths)
        let output = try FrameFolder(folder, names: Array(allNames[part]), force: force, listings: listings)
        var bytes = 0, done = 0
        do {
            let scene = self
            let threads = max(1, jobs ?? Self.cores)
            let pool = raster.map { ParallelFrames<FrameWorker>.raster(requested: threads, pixels: $0.width * $0.height) }
                ?? ParallelFrames<FrameWorker>(jobs: threads)
            try pool.run(
                part.map { selected.lowerBound + $0 },
                makeWorker: { raster.map { .raster($0, scene) } ?? .svg(SVGFrameRenderer(canvas: canvas, background: background, text: text), scene) },
                render: { worker, index in try worker.render(scene, frame: index) },
                consume: { index, frame in
                    bytes += frame.count
                    try output.write(allNames[index - selected.lowerBound], frame)
                    done += 1
                    progress?(done, part.count)
                })
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
        return FramesWritten(count: part.count, bytes: bytes, notes: output.notes)
    }

    /// Writes the picture at `time` seconds as one file (`FILE.svg` or `FILE.png` by `format`),
    /// atomically: the same bytes a frame folder's frame at that instant holds. Returns the bytes
    /// written. `scale`, `fonts`, `textAsPaths` and `listings` as for `writeFrames`.
    /// - Throws: `FileError`, `RasterRenderer.RenderError` (PNG and no font).
    @discardableResult
    public func writeStill(at time: Double, to path: BytePath, format: FrameFormat = .svg, scale: Double = 1,
                           fonts: FontSet? = nil, textAsPaths: Bool = false, listings: FolderListings? = nil) throws -> Int {
        let presentation = RetainedPresentation(scene: self)
        let bytes: [UInt8]
        if format == .png {
            var renderer = try rasterRenderer(scale: scale, fonts: fonts)
            bytes = ImageEncoder.png(try renderer.render(presentation.renderTree(at: time)))
        } else {
            let text = SVGTextOptions(fonts: drawsText ? fonts ?? FontSet.system() : nil, asPaths: textAsPaths)
            var writer = SVGFrameRenderer(canvas: canvas, background: background, text: text)
            bytes = writer.documentBytes(at: time, of: presentation).bytes
        }
        try AtomicFile.write(bytes, to: path, listings: listings)
        return bytes.count
    }

    /// `writeFrames(to:…)` with the folder given as a string path.
    @discardableResult
    public func writeFrames(to folder: String, format: FrameFormat = .svg, frames range: Range<Int>? = nil,
                            shard: Shard? = nil, jobs: Int? = nil, scale: Double = 1, fonts: FontSet? = nil,
                            textAsPaths: Bool = false, force: Bool = false,
                            progress: ((Int, Int) -> Void)? = nil) throws -> FramesWritten {
        try writeFrames(to: BytePath(folder), format: format, frames: range, shard: shard, jobs: jobs, scale: scale,
                        fonts: fonts, textAsPaths: textAsPaths, force: force, progress: progress)
    }

    /// The machine's cores, the default number of rendering threads.
    public static var cores: Int { Cores.available() }

    /// Writes the animated SVG (`animatedSVG()`) to `path` atomically (a temporary file renamed into
    /// place) and returns it with its report. With `strict`, a property that could not be kept within
    /// its bound is an error and nothing is written. With `css`, the tracks are CSS animations
    /// (`Scene.animatedSVGWithCSS()`) instead of SMIL. `jobs`: threads that evaluate the scene's
    /// instants, ≥ 1; default the machine's cores, as for `writeFrames` (the file does not depend on it).
    /// `fonts` and `textAsPaths` as for `writeFrames`. With `theme`, the colours of themable
    /// parameters are written as CSS custom properties (`AnimatedSVGCompiler.compile(theme:)`).
    /// `listings` as for `writeFrames`.
    /// - Throws: `AnimatedSVGFallbackError` (strict), `FileError`.
    @discardableResult
    public func writeAnimatedSVG(to path: BytePath, strict: Bool = false, css: Bool = false, jobs: Int? = nil,
                                 fonts: FontSet? = nil, textAsPaths: Bool = false, theme: ThemeProbe? = nil,
                                 repeatCount: Double? = nil, beginEvent: String? = nil, scrollTimeline: Bool = false,
                                 minify: Bool = false, listings: FolderListings? = nil) throws -> AnimatedSVG {
        let compiled = animatedSVG(css: css, jobs: jobs, fonts: fonts, textAsPaths: textAsPaths, theme: theme, repeatCount: repeatCount,
                                   beginEvent: beginEvent, scrollTimeline: scrollTimeline, minify: minify)
        if strict, !compiled.fallbacks.isEmpty {
            throw AnimatedSVGFallbackError(fallbacks: compiled.fallbacks, path: path.description)
        }
        try AtomicFile.write(Array(compiled.svg.utf8), to: path, listings: listings)
        return compiled
    }

    /// The animated SVG `writeAnimatedSVG` writes, with its report, in memory: what `flipbook verify`
    /// checks a file against.
    /// `repeatCount`: plays before holding the end (`AnimatedSVGCompiler.repeatCount`; nil as the scene says);
    /// `beginEvent`: the DOM event that starts a SMIL file (`AnimatedSVGCompiler.beginEvent`);
    /// `scrollTimeline`: a CSS file scrubbed by the page's scroll (`AnimatedSVGCompiler.scrollTimeline`);
    /// `minify`: each track at its fewest decimals within its bound, no line breaks (`AnimatedSVG.minified()`).
    public func animatedSVG(css: Bool, jobs: Int? = nil, fonts: FontSet? = nil, textAsPaths: Bool = false, theme: ThemeProbe? = nil,
                            repeatCount: Double? = nil, beginEvent: String? = nil, scrollTimeline: Bool = false,
                            minify: Bool = false) -> AnimatedSVG {
        var compiler = AnimatedSVGCompiler(scene: self)
        compiler.repeatCount = repeatCount
        compiler.beginEvent = beginEvent
        compiler.scrollTimeline = scrollTimeline
        compiler.target = css ? .css : .smil
        compiler.jobs = jobs ?? Scene.cores
        compiler.text = SVGTextOptions(fonts: drawsText ? fonts ?? FontSet.system() : nil, asPaths: textAsPaths)
        var animation = compiler.compile(theme: theme)
        if minify { animation = animation.minified() }
        if css { animation = animation.withCSSAnimations() }
        if minify { animation.svg = AnimatedSVG.minifiedText(animation.svg) }
        return animation
    }

    /// `writeAnimatedSVG(to:strict:)` with the path given as a string.
    @discardableResult
    public func writeAnimatedSVG(to path: String, strict: Bool = false, css: Bool = false, jobs: Int? = nil,
                                 fonts: FontSet? = nil, textAsPaths: Bool = false) throws -> AnimatedSVG {
        try writeAnimatedSVG(to: BytePath(path), strict: strict, css: css, jobs: jobs, fonts: fonts, textAsPaths: textAsPaths)
    }
}

/// With strict: the properties the animated compiler could not keep within their bounds.
public struct AnimatedSVGFallbackError: Error, Sendable, CustomStringConvertible {
    public var fallbacks: [AnimatedSVG.Entry]
    /// The file that was not written.
    public var path: String

    public var description: String {
        let first = fallbacks[0], n = fallbacks.count
        let detail = first.encoding == .frozen
            ? "\(first.element) \(first.property), frozen: \(first.keyframes) orders"
            : "\(first.element) \(first.property), error \(SVGNumber.format(first.maxError, decimals: 4)) \(first.unit) against \(SVGNumber.format(first.bound, decimals: 4)) \(first.unit)"
        return "\(n) animated propert\(n == 1 ? "y" : "ies") could not be kept within the bound (first: \(detail)); '\(path)' was not written (without --strict it is written and --report lists them)"
    }
}

/// Part `index` (1-based) of `count` equal parts of a render, for rendering on several machines.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// Which part, 1 … count.
    public let index: Int
    /// How many parts, ≥ 1.
    public let count: Int

    /// nil unless 1 ≤ index ≤ count.
    public init?(_ index: Int, of count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// "I/N", as `--shard` takes it; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(i, of: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// The positions of this part among `total` frames: [⌊(i − 1)·total / n⌋, ⌊i·total / n⌋), so the
    /// parts are contiguous, cover every frame once and differ in size by at most one.
    public func part(of total: Int) -> Range<Int> {
        // In double width: k·total may not fit in an Int; the quotient (≤ total) does.
        func edge(_ k: Int) -> Int { count.dividingFullWidth(k.multipliedFullWidth(by: total)).quotient }
        return edge(index - 1)..<edge(index)
    }
}

/// What a rendering thread keeps between frames: its SVG writer or its rasterizer (changed in place,
/// so their buffers are reused, never copied), and the scene's presentation as of its last frame
/// (`RetainedPresentation`: a thread's frames follow one another, so most layers carry over).
struct FrameWorker {
    var svg: SVGFrameRenderer?
    var raster: RasterRenderer?
    let presentation: RetainedPresentation
    /// The bytes the last raster frame was encoded to (`encoded`), nil before the first.
    private var lastEncoded: [UInt8]?

    static func svg(_ writer: SVGFrameRenderer, _ scene: Scene) -> FrameWorker {
        FrameWorker(svg: writer, raster: nil, presentation: RetainedPresentation(scene: scene))
    }

    static func raster(_ renderer: RasterRenderer, _ scene: Scene) -> FrameWorker {
        FrameWorker(svg: nil, raster: renderer, presentation: RetainedPresentation(scene: scene))
    }

    /// Frame `index` as a raster image encoded by `encode`: the last frame's bytes again when its
    /// render tree is the last one (`RetainedPresentation.renderTreeRepeats`: a still or held frame
    /// is neither drawn nor encoded again). One worker encodes with one function.
    mutating func encoded(_ scene: Scene, frame index: Int, _ encode: (RasterImage) -> [UInt8]) throws -> [UInt8] {
        let tree = presentation.renderTree(at: scene.frameTime(index))
        if presentation.renderTreeRepeats, let lastEncoded { return lastEncoded }
        let bytes = encode(try raster!.render(tree))
        lastEncoded = bytes
        return bytes
    }

    mutating func render(_ scene: Scene, frame index: Int) throws -> [UInt8] {
        if raster != nil { return try encoded(scene, frame: index, ImageEncoder.png) }
        return svg!.documentBytes(at: scene.frameTime(index), of: presentation).bytes
    }
}
