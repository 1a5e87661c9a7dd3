import FlipbookFiles
import FlipbookScenes
import FlipbookOutput
import FlipbookRaster
import Flipbook
import FlipbookSVG
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `flipbook render SCENE --frames DIR`: numbered SVG frames.
enum RenderCommand {
    static let help = """
    USAGE: flipbook render <scene.json> (--frames <folder> | --animated <file.svg> | --lottie <file.json|file.tgs> | --apng <file.png> | --still <t> <file> | --stdout --format ppm|rgb|rgba) [--data <rows.csv|rows.jsonl>] [options]

    Renders the scene to numbered SVG frames: <folder>/frame_0000.svg, frame_0001.svg, … (at least
    four digits, wider when needed), numbered from 0 in the order written. Frame i of the scene is at
    time i / fps; a scene of duration T has round(T × fps) + 1 frames, so the last shows the end
    state (a looping scene leaves that last frame out). <scene.json> may also be a Lottie file,
    a Telegram sticker (.tgs) or a dotLottie archive (.lottie): see `flipbook import --help`.

    The frames are written into a hidden folder beside the destination and swapped into place in one
    step at the end, so the folder holds the old frames or the new ones, never a mix, and a failed
    render leaves it as it was. Flipbook replaces only files its manifest (.flipbook-frames) proves it
    wrote; a folder holding anything else is refused unless --force, which keeps those files.

    With --animated, writes one self-contained SVG that plays the whole scene with SMIL animations
    (exact where SVG has an encoding, sampled within 0.25 px and 1/255 elsewhere); --report prints,
    per animated property, the encoding used and, for sampled ones, the keyframe count and error.
    With --css as well, the same tracks are written as CSS @keyframes in a <style> element instead of
    SMIL (transform, stroke-dasharray, opacity, colours, display, path d), and a prefers-reduced-motion
    block shows the final state at once.

    Raster frames need no SVG rasterizer: --format png writes PNG files, and --stdout streams PPM or raw
    RGBA frames for ffmpeg:
      flipbook render rings.json --stdout --format ppm | ffmpeg -f image2pipe -c:v ppm -framerate 60 -i - out.mp4
      flipbook render rings.json --stdout --format rgba | ffmpeg -f rawvideo -pixel_format rgba -video_size 400x400 -framerate 60 -i - out.mp4

    OPTIONS:
      --frames <folder>    Where to write the frames.
      --format <f>         svg (default), png; with --stdout: ppm, rgb (raw RGB over the background, as
                           PPM's pixels without headers) or rgba.
      --stdout             Stream raster frames to standard output.
      --still <t> <file>   Write the picture at t seconds as one file: SVG, or PNG when the name ends
                           in .png (the bytes a frame folder's frame at that instant holds).
      --data <rows>        Render once per row of a CSV (.csv, a header naming the columns) or JSON
                           Lines (.jsonl) file: each row's columns set the scene's parameters of
                           those names, and the output paths are patterns the row fills
                           (--animated 'out/{id}.svg', --lottie, --apng, --frames, --still; the
                           animated SVG's options apply): each row's files are those --set of its
                           values writes, within the same budgets. A bad row is reported with its line
                           and the others are written (exit status 1). Rows render on --jobs threads.
      --scale <s>          Raster pixels per scene pixel (default 1).
      --font <file.ttf>    TrueType font text is laid out with in every output (default: DejaVu Sans,
                           Sans Mono or Serif by the text's family and weight): raster frames and
                           Lottie draw it, SVG frames and the animated SVG name it first.
      --text <how>         SVG frames and the animated SVG write text as text (default), naming the
                           face first, or as paths: its glyph outlines, the same in every viewer with
                           no font installed.
      --animated <file>    Write one animated SVG.
      --report             With --animated: print the encoding of every animated property and the
                           error measured by reading the written SMIL back, against its bound.
      --css                With --animated: animate with CSS @keyframes instead of SMIL.
      --play <when>        With --animated: auto (default); click or hover (SMIL): the animation starts
                           when the SVG is clicked or the pointer enters it (inline, or in <object>;
                           an <img> takes no events), showing its first state until then; hover with
                           --css: it plays while the pointer is over the SVG and pauses when it
                           leaves (CSS :hover, inline only); in-view (with --css): it starts once
                           when the SVG is wholly in view (a CSS scroll trigger); scroll (with
                           --css): the page's scroll scrubs it, start to end while the SVG crosses
                           the viewport fully in view (a CSS view timeline).
      --poster <t>         With --animated: the static picture (what librsvg, a preview or a mail client
                           draws; the first paint before the animation runs) is the frame at t seconds
                           (default: the scene's "poster", or the start).
      --minify             With --animated: a smaller file of the same animation: each track's numbers
                           with the fewest decimals that keep it within its bound (measured again; see
                           --report), no line breaks between elements.
      --repeat <n|forever> With --animated: play n times (fractions allowed), then hold the last state;
                           forever repeats without end. Default: once, or for ever when the scene loops.
      --lottie <file>      Write the scene as Lottie JSON (shape layers written from the animated
                           document's tracks, text as glyph outlines from --font or DejaVu); with
                           --report, each track's error read back from the file, and what it leaves out.
                           A name ending in .tgs writes a Telegram animated sticker: the Lottie
                           gzipped, refused (nothing written, each broken rule named) unless the
                           canvas is 512 × 512, fps at most 60, the length at most 3 s and the file
                           at most 64 KiB.
      --apng <file.png>    Write every frame as one animated PNG: each shown 1 / fps s (equal frames
                           in a row merged), played once, or for ever when the scene loops.
      --strict             With --animated or --lottie: fail (writing nothing) when a property cannot
                           be kept within its bound (or Lottie leaves something out), instead of
                           writing it and reporting it.
      --fps <n>            Frames per second (default: the scene's).
      --from <seconds>     First instant to render (default 0).
      --to <seconds>       Last instant to render (default: the scene's duration).
      --loop               Treat the scene as looping: leave out the last frame.
      --jobs <n>           Threads that render frames, or that evaluate the scene's instants for
                           --animated and --lottie (default: the machine's cores, here \(Scene.cores); fewer
                           for raster frames so large that their renderers would pass 1 GB);
                           the output does not depend on it.
      --shard <i>/<n>      With --frames: write only the i-th of n equal parts of the frames (1 ≤ i ≤ n),
                           under the names they have in the whole render, so that n machines each
                           render a part and the parts copied into one folder equal one render.
                           With --data: only the i-th of n parts of the rows, runs of rows of equal
                           estimated work (every machine reads the whole file and cuts it alike).
      --force              Write into a folder that holds other files (they are kept, never replaced);
                           with --stdout, write binary frames to a terminal.
      --quiet              No progress and no summary.
    \(SceneOptions.help)
      --help               Show this help.

    EXIT CODES: 0 success, 1 bad input or a failed write (invalid scene, unwritable folder, full disk,
    a pipe closed early), 2 bad usage, 128 + N stopped by signal N (nothing was changed).
    """

    static func run(_ arguments: [[UInt8]]) throws -> Int32 {
        let args = try ParsedArguments(raw: arguments, valueOptions: SceneOptions.valueOptions.union(["frames", "fps", "from", "to", "animated", "format", "scale", "font", "jobs", "shard", "lottie", "text", "data", "apng", "repeat", "play", "poster"]),
                                       flagOptions: ["help", "loop", "force", "quiet", "report", "stdout", "strict", "css", "minify"],
                                       pairOptions: ["still"], command: "render")
        if args.flags.contains("help") { print(help); return 0 }
        guard args.positionals.count == 1 else { throw UsageError("'render' needs one scene file") }
        let stdout = args.flags.contains("stdout")
        let framesPath = try args.path("frames"), animatedPath = try args.path("animated"), lottiePath = try args.path("lottie"), apngPath = try args.path("apng")
        _ = try args.path("font")
        var still: (time: Double, path: BytePath)?
        if let (t, p) = args.pairs["still"] {
            guard let v = Double(t), v.isFinite, v >= 0 else { throw UsageError("--still expects a time ≥ 0 in seconds and a file, got '\(t)'") }
            still = (v, p)
        }
        guard framesPath != nil || animatedPath != nil || lottiePath != nil || apngPath != nil || stdout || still != nil else {
            throw UsageError("'render' needs an output: --frames <folder>, --animated <file.svg>, --lottie <file.json|file.tgs>, --apng <file.png>, --still <t> <file> or --stdout --format ppm|rgb|rgba")
        }
        let format = args.options["format"] ?? (stdout ? "" : "svg")
        if stdout {
            guard ["ppm", "rgb", "rgba"].contains(format) else { throw UsageError("--stdout needs --format ppm, rgb or rgba") }
            guard framesPath == nil else { throw UsageError("use either --stdout or --frames, not both") }
            guard isatty(STDOUT_FILENO) != 1 || args.flags.contains("force") else {
                throw UsageError("refusing to write binary frames to a terminal; pipe them into ffmpeg or a file (or --force)")
            }
        } else {
            guard format == "svg" || format == "png" else { throw UsageError("--format for --frames is svg or png, got '\(format)'") }
        }
        let textAsPaths: Bool
        switch args.options["text"] ?? "text" {
        case "text": textAsPaths = false
        case "paths": textAsPaths = true
        case let other: throw UsageError("--text is text or paths, got '\(other)'")
        }
        var scale = 1.0
        if let text = args.options["scale"] {
            guard let v = Double(text), v > 0, v <= 16 else { throw UsageError("--scale expects a number in (0, 16], got '\(text)'") }
            scale = v
        }
        var jobs: Int?
        if let text = args.options["jobs"] {
            guard let v = Int(text), (1...256).contains(v) else { throw UsageError("--jobs expects a number of threads from 1 to 256, got '\(text)'") }
            jobs = v
        }
        var shard: Shard?
        if let text = args.options["shard"] {
            guard let s = Shard(text) else { throw UsageError("--shard expects i/n with 1 ≤ i ≤ n, such as 2/4, got '\(text)'") }
            guard framesPath != nil || args.options["data"] != nil else { throw UsageError("--shard goes with --frames or --data") }
            shard = s
        }
        if args.flags.contains("report") && args.options["animated"] == nil && lottiePath == nil { throw UsageError("--report goes with --animated or --lottie") }
        if args.flags.contains("strict") && args.options["animated"] == nil && lottiePath == nil { throw UsageError("--strict goes with --animated or --lottie") }
        if args.flags.contains("css") && args.options["animated"] == nil { throw UsageError("--css goes with --animated") }
        if args.flags.contains("minify") && args.options["animated"] == nil { throw UsageError("--minify goes with --animated") }
        let (beginEvent, scrollTimeline) = try play(args)
        var repeatCount: Double?
        if let text = args.options["repeat"] {
            guard args.options["animated"] != nil else { throw UsageError("--repeat goes with --animated") }
            if text == "forever" { repeatCount = .infinity } else {
                guard let n = Double(text), n.isFinite, n > 0, n <= 1_000_000 else { throw UsageError("--repeat expects a number of plays above 0 (fractions allowed) or forever, got '\(text)'") }
                repeatCount = n
            }
        }
        func seconds(_ name: String) throws(UsageError) -> Double? {
            guard let text = args.options[name] else { return nil }
            guard let v = Double(text), v.isFinite, v >= 0 else { throw UsageError("--\(name) expects a time ≥ 0 in seconds, got '\(text)'") }
            return v
        }
        let from = try seconds("from"), to = try seconds("to")
        var fps: Double?
        if let text = args.options["fps"] {
            guard let v = Double(text), v >= 0.001, v <= 1000 else { throw UsageError("--fps expects a number of frames per second in [0.001, 1000], got '\(text)'") }
            fps = v
        }
        let loader = try SceneOptions.loader(args)
        if let data = try args.path("data") {
            guard !stdout else { throw UsageError("--data writes files: use --frames, --animated, --lottie or --still, not --stdout") }
            for name in ["report", "strict"] where args.flags.contains(name) { throw UsageError("--\(name) does not go with --data yet") }
            for name in ["fps", "from", "to", "poster"] where args.options[name] != nil { throw UsageError("--\(name) does not go with --data; set it in the template") }
            guard !args.flags.contains("loop") else { throw UsageError("--loop does not go with --data; set \"loop\" in the template") }
            guard args.repeated["set"] == nil else { throw UsageError("--set does not go with --data: give the value as a column (or as the parameter's default)") }
            let file = args.positionalPaths[0]
            let json: JSONValue
            let declared: SceneParameters
            do {
                let bytes = try SceneOptions.readFile(file, limit: loader.limits.fileBytes)
                json = try loader.parse(bytes, file: file.description)
                declared = try SceneParameters(json, file: file.description)
                // The template with its defaults must be a scene (a parameter without one is checked per row).
                if declared.declared.allSatisfy({ $0.defaultValue != nil }) { _ = try loader.decode(json, file: file.description) }
            } catch let error as FileError {
                throw InputError("\(file): \(error.message)")
            } catch let error as SceneError {
                throw InputError(error.description)
            }
            var outputs = RenderBatch.Outputs()
            outputs.css = args.flags.contains("css")
            outputs.minify = args.flags.contains("minify")
            outputs.repeatCount = repeatCount
            (outputs.beginEvent, outputs.scrollTimeline) = (beginEvent, scrollTimeline)
            outputs.format = format == "png" ? .png : .svg
            outputs.scale = scale
            outputs.textAsPaths = textAsPaths
            outputs.force = args.flags.contains("force")
            outputs.fonts = try RasterOutput.fonts(fontPath: args.options["font"])
            if let p = args.options["animated"] { outputs.animated = try .init(p, option: "animated") }
            if let p = args.options["lottie"] { outputs.lottie = try .init(p, option: "lottie") }
            if let p = args.options["apng"] { outputs.apng = try .init(p, option: "apng") }
            if let p = args.options["frames"] { outputs.frames = try .init(p, option: "frames") }
            if let still { outputs.still = (still.time, try .init(still.path.description, option: "still")) }
            let batch = RenderBatch(template: file, json: json, parameters: declared, loader: loader, outputs: outputs, dataPath: data,
                                    quiet: args.flags.contains("quiet"), jobs: jobs ?? Scene.cores, shard: shard)
            return try batch.run()
        }
        var (scene, theme) = try SceneOptions.loadThemable(args.positionalPaths[0], args)
        if let fps { scene.fps = fps; theme?.scene.fps = fps }
        if args.flags.contains("loop") { scene.loops = true; theme?.scene.loops = true }
        if let at = try SceneOptions.poster(args, scene: scene) { scene.poster = at; theme?.scene.poster = at }
        // Every output's budget is checked before any is written.
        let file = args.positionalPaths[0]
        if animatedPath != nil || lottiePath != nil {
            try SceneOptions.checkCost(scene, frames: scene.frameCount, output: .animated, file: file, limits: loader.limits, jobs: jobs)
        }
        if apngPath != nil {
            try SceneOptions.checkCost(scene, frames: scene.frameCount, output: .png(scale: scale), file: file, limits: loader.limits, jobs: jobs)
        }
        var frames: Range<Int>?
        if framesPath != nil || stdout {
            let range = try frameRange(scene, from: from, to: to, limit: loader.limits.frames, file: file)
            frames = range
            let output: SceneCost.Output = stdout ? .stream(scale: scale) : format == "png" ? .png(scale: scale) : .svgFrames
            try SceneOptions.checkCost(scene, frames: range.count, output: output, file: file, limits: loader.limits, jobs: jobs)
        }
        let fonts = try RasterOutput.fonts(fontPath: args.options["font"])
        if let path = animatedPath {
            let compiled = try scene.writeAnimatedSVG(to: path, strict: args.flags.contains("strict"), css: args.flags.contains("css"),
                                                      jobs: jobs, fonts: fonts, textAsPaths: textAsPaths, theme: theme, repeatCount: repeatCount,
                                                      beginEvent: beginEvent, scrollTimeline: scrollTimeline, minify: args.flags.contains("minify"))
            if args.flags.contains("report") {
                print(compiled.reportText, terminator: "")
                if let play = args.options["play"], let note = playNote(play, css: args.flags.contains("css")) { print("play \(play): \(note)") }
            }
            if !args.flags.contains("quiet") { print("wrote \(path) (\(compiled.svg.utf8.count) bytes)") }
        }
        if let path = lottiePath, path.description.lowercased().hasSuffix(".tgs") {
            let bytes = try writeTGS(scene, to: path, file: file, jobs: jobs ?? Scene.cores, fonts: fonts, theme: theme)
            if !args.flags.contains("quiet") { print("wrote \(path) (\(bytes) bytes: a Telegram sticker, gzipped Lottie)") }
        } else if let path = lottiePath {
            let lottie = lottieFile(scene, jobs: jobs ?? Scene.cores, fonts: fonts, theme: theme)
            // --strict: nothing left out and every track within its bound, as the Lottie evaluator
            // measures it; else nothing is written and the first is named with its layer.
            if args.flags.contains("strict") {
                let over = lottie.report.filter { $0.encoding.isOverBound }
                if let first = lottie.omissions.first {
                    throw LottieStrictError(file: file.description, path: path.description, what: "leaves out \(first)", count: lottie.omissions.count + over.count)
                }
                if let first = over.first {
                    throw LottieStrictError(file: file.description, path: path.description, count: over.count,
                                            what: "holds \(first.element) \(first.property) with an error of \(SVGNumber.format(first.maxError, decimals: 4)) \(first.unit) against \(SVGNumber.format(first.bound, decimals: 4)) \(first.unit)")
                }
            }
            try AtomicFile.write(Array(lottie.json.utf8), to: path)
            if args.flags.contains("report") {
                // The tracks the file holds, with their errors measured on the Lottie file by its own
                // evaluator; then what the file leaves out.
                print(lottie.reportText, terminator: "")
                print(lottie.omissions.isEmpty ? "lottie: everything the frames draw" : lottie.omissions.map { "lottie: left out \($0)" }.joined(separator: "\n"))
            }
            if !args.flags.contains("quiet") { print("wrote \(path) (\(lottie.json.utf8.count) bytes)") }
        }
        if let path = apngPath {
            let written = try scene.writeAPNG(to: path, scale: scale, fonts: fonts, jobs: jobs)
            if !args.flags.contains("quiet") { print("wrote \(path) (\(written.bytes) bytes, \(written.frames) frames of \(scene.frameCount) after equal ones merged)") }
        }
        if let still {
            if still.time > scene.duration {
                // Drawn as asked (finished animations hold their end, repeating ones go on), but a time
                // past where the frames stop is more often one typed for another scene than meant.
                printError("flipbook render: note: --still \(still.time.roundTripText) is past the scene's end (\(scene.duration.roundTripText) s), where its frames stop: the picture is the scene at \(still.time.roundTripText) s, finished animations holding their end")
            }
            let bytes = try scene.writeStill(at: still.time, to: still.path, format: still.path.description.lowercased().hasSuffix(".png") ? .png : .svg,
                                             scale: scale, fonts: fonts, textAsPaths: textAsPaths)
            if !args.flags.contains("quiet") { print("wrote \(still.path) (\(bytes) bytes)") }
        }
        guard let range = frames else { return 0 }
        let quiet = args.flags.contains("quiet")
        let progress = !quiet && isatty(STDERR_FILENO) == 1
        if stdout {
            return try RasterOutput.stream(scene, range: range, format: format, jobs: jobs, scale: scale, fonts: fonts, progress: progress)
        }
        let folder = framesPath!
        let written: FramesWritten
        do {
            written = try scene.writeFrames(to: folder, format: format == "png" ? .png : .svg, frames: range, shard: shard,
                                            jobs: jobs, scale: scale, fonts: fonts, textAsPaths: textAsPaths, force: args.flags.contains("force"),
                                            progress: progress ? { ProgressLine.shared.draw($0, of: $1) } : nil)
            if progress { printError("") }
        } catch {
            if progress { printError("") }
            throw error
        }
        for note in written.notes { printError("flipbook render: note: \(note)") }
        if !quiet {
            let perFrame = written.count > 0 ? written.bytes / written.count : 0
            print("wrote \(written.count) frames to \(folder) (\(written.bytes) bytes, \(perFrame) per frame)")
        }
        return 0
    }

    /// The scene as Lottie: text as glyph outlines, laid out as the raster frames lay it out (`fonts`,
    /// else DejaVu).
    /// With `theme`, themable colours are slots (`sid`).
    static func lottieFile(_ scene: Scene, jobs: Int, fonts: FontSet?, theme: ThemeProbe? = nil) -> LottieFile {
        var compiler = AnimatedSVGCompiler(scene: scene)
        compiler.target = .lottie
        compiler.jobs = jobs
        return compiler.compile(theme: theme).lottie(fps: scene.fps, frames: scene.frameCount, fonts: fonts ?? FontSet.system())
    }

    /// Writes the scene as Lottie to `path` atomically; returns the bytes written.
    static func writeLottie(_ scene: Scene, to path: BytePath, jobs: Int, fonts: FontSet?, theme: ThemeProbe? = nil,
                            listings: FolderListings? = nil) throws -> Int {
        let json = Array(lottieFile(scene, jobs: jobs, fonts: fonts, theme: theme).json.utf8)
        try AtomicFile.write(json, to: path, listings: listings)
        return json.count
    }

    /// Scene frame indices whose times fall in [from, to].
    /// The frame indices to render, counted before any list of them is made (an --fps override can ask
    /// for 10⁸ frames of a long scene).
    static func frameRange(_ scene: Scene, from: Double?, to: Double?, limit: Int, file: BytePath) throws -> Range<Int> {
        let last = scene.frameCount - 1
        let first = from.map { Int(saturating: ($0 * scene.fps - 1e-9).rounded(.up)) } ?? 0
        let end = to.map { min(Int(saturating: ($0 * scene.fps + 1e-9).rounded(.down)), last) } ?? last
        if let to, to > scene.frameTime(last) + 1e-9 {
            printError("flipbook render: note: --to \(to.roundTripText) is past the scene's last frame (\(scene.frameTime(last).roundTripText) s); rendering to there")
        }
        if let from, let to, from > to { throw UsageError("--from (\(from)) is after --to (\(to))") }
        guard first <= end else { throw UsageError("no frame falls between --from and --to") }
        let count = end.subtractingReportingOverflow(first).partialValue.addingReportingOverflow(1)
        guard !count.overflow, count.partialValue <= limit else {
            throw InputError("\(file): duration: \(count.overflow ? "more than \(Int.max)" : String(count.partialValue)) frames is over the limit of \(limit) (raise --max-frames)")
        }
        return first..<(end + 1)
    }
}

/// `render --lottie --strict` refused: the Lottie file would leave something out or hold a track over
/// its bound.
struct LottieStrictError: Error, CustomStringConvertible {
    var file: String
    var path: String
    var what: String
    var count: Int

    init(file: String, path: String, what: String, count: Int) {
        self.file = file
        self.path = path
        self.what = what
        self.count = count
    }

    init(file: String, path: String, count: Int, what: String) {
        self.init(file: file, path: path, what: what, count: count)
    }

    var description: String {
        "\(file): the Lottie file \(what)\(count > 1 ? " (and \(count - 1) more; --report lists them)" : ""); '\(path)' was not written (without --strict it is written and --report lists what it leaves out)"
    }
}
