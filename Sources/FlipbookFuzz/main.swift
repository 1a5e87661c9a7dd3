import Flipbook
import FlipbookRaster
import FlipbookSVG
import FlipbookScenes
import Foundation

// flipbook-fuzz: mutates the scenes of a folder and checks that loading and rendering each mutant
// never crashes or hangs, and that every rejection is a clear error naming the file.
// Usage: flipbook-fuzz --scenes DIR --count N [--seed S] [--from N] [--current FILE] [--animated] [--pairs FILE] [--factors K=F,…]
//        flipbook-fuzz --replay FILE [--animated]   (the checks on one kept input, unmutated)
// With --animated, every accepted mutant of at most 240 frames is also compiled to an animated SVG,
// which must match the engine within every track's bound at every frame instant, read back by the
// SMIL evaluator, and be the same with its instants made ahead on two threads.
// Every accepted mutant must be written by SceneEncoder as a scene file that loads back equal (and
// writes the same text again). Every accepted mutant's SVG frames from SVGFrameRenderer (from the
// presentation and from the retained tree) must equal the plain writer's, and its middle frame is
// rasterized, scaled to fit 96 px (the raster code works on raw pointers, so hostile geometry must
// reach it too). With --pairs, each accepted mutant's middle SVG frame and that raster
// frame (at up to 256 px a side) are written to FILE (a pipe that Tools/fuzz-pairs reads and compares
// through librsvg):
// a line "pair N KIND LIMITS WIDTH HEIGHT CANVASWIDTH CANVASHEIGHT SCALE SVGBYTES INPUTBYTES RADIUS", the SVG frame, the input, then the raster
// frame composited over white, WIDTH × HEIGHT × 3 bytes. KIND is "fine" first for a frame dense with
// edges (the frame without its text at four times the scale), then "whole", or for a frame with text
// "text" (the whole frame, followed by WIDTH × HEIGHT bytes, 1 where its text alone has ink, to be
// widened by RADIUS pixels) then "textless" (the same frame without its text). LIMITS lists the
// oracle's known limits the frame reaches (see RenderNode.oracleLimits), or is "-".
// Before each input it writes the input to FILE (default .fuzz-current.json), so that a crash or
// hang (which ends the process) leaves the input behind for Tools/fuzz to report.

/// Whether `a` and `b` are equal, or differ only where both hold a NaN (unequal to itself, so two
/// trees built alike from a scene whose values are NaN compare unequal): then their descriptions agree.
func same<T: Equatable>(_ a: T, _ b: T) -> Bool {
    a == b || String(reflecting: a) == String(reflecting: b)
}

func option(_ name: String) -> String? {
    let args = CommandLine.arguments
    guard let i = args.firstIndex(of: "--" + name), i + 1 < args.count else { return nil }
    return args[i + 1]
}

let folder = option("scenes") ?? "Scenes"
/// A kept input (fuzz-findings/…) run through the checks as it is, once.
let replay = option("replay").map { path -> [UInt8] in
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("flipbook-fuzz: cannot read \(path)\n".utf8))
        exit(2)
    }
    return [UInt8](data)
}
let count = replay != nil ? 1 : Int(option("count") ?? "1000") ?? 1000
let seed = UInt64(option("seed") ?? "1") ?? 1
let currentPath = option("current") ?? ".fuzz-current.json"
let animated = CommandLine.arguments.contains("--animated")
/// The first input to check: earlier ones are drawn (so that input N is the same) but not run.
let from = Int(option("from") ?? "0") ?? 0
let pairs = option("pairs").map { path -> FileHandle in
    guard let handle = FileHandle(forWritingAtPath: path) else {
        FileHandle.standardError.write(Data("flipbook-fuzz: cannot write to \(path)\n".utf8))
        exit(2)
    }
    return handle
}
var paired = 0

let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
    .filter { $0.hasSuffix(".json") && $0 != "scene.schema.json" }.sorted()
let seeds = names.compactMap { FileManager.default.contents(atPath: folder + "/" + $0).map { [UInt8]($0) } }
guard !seeds.isEmpty else {
    FileHandle.standardError.write(Data("flipbook-fuzz: no scenes in \(folder)\n".utf8))
    exit(2)
}

var mutator = Mutator(seed: seed)
var accepted = 0, rejected = 0, encoded = 0, slowest = 0.0, slowestInput = 0, animatedChecked = 0, fallbacks = 0, notReadBack = 0, formatsChecked = 0
let loader = SceneLoader(limits: SceneLimits(frames: 2_000))
let fonts = FontSet(systemFolder: "/usr/share/fonts/truetype/dejavu") ?? TrueTypeFont.systemDefault().map(FontSet.init(font:))
let started = Date()
/// This machine against the reference machine whose microseconds the cost model counts, per output:
/// estimate ÷ measured CPU time (`--factors svgFrames=0.47,animated=0.42,…`, as `Tools/machine.py`
/// prints them; Tools/fuzz passes them). 1 for an output not given.
let factors: [String: Double] = Dictionary((option("factors") ?? "").split(separator: ",").compactMap { pair -> (String, Double)? in
    let parts = pair.split(separator: "=")
    guard parts.count == 2, let value = Double(parts[1]), value > 0, value.isFinite else { return nil }
    return (String(parts[0]), value)
}, uniquingKeysWith: { first, _ in first })
/// CPU seconds (user and system, every thread) this process has used: the estimates count work, and
/// the time on the clock also counts the other processes on the machine (Tools/fuzz runs four).
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}
// A watchdog: an input still running after 120 s (the slow limit is 10 s, checked when it ends) ends
// the process, its input left in the current file for Tools/fuzz to report, so that a hang costs CI
// two minutes, not the half hour a 900-slice pie's animated SVG once took.
signal(SIGALRM) { _ in
    let message = "HANG: an input ran over 120 s (it is kept in the current file)\n"
    _ = message.withCString { write(1, $0, strlen($0)) }
    _exit(4)
}
for n in 0..<count {
    let which = mutator.below(seeds.count)
    let input = replay ?? mutator.mutate(seeds[which])
    if n < from { continue }
    alarm(120)
    _ = FileManager.default.createFile(atPath: currentPath, contents: Data(input))
    let t0 = Date()
    var waited = 0.0
    do {
        let scene = try loader.decode(input, file: "mutant.json")
        // Budgets: each output's CPU time must stay within its estimate (SceneCost: steps of a
        // microsecond of the reference machine; three times that and a quarter second allowed, divided
        // by this machine's factor for the output), and the process's peak memory under 4 GB. An
        // overrun is a failure like a crash: the estimate is what refuses hostile scenes before they render.
        func budget(_ output: String, _ key: String, _ estimate: Double, since start: Double) {
            let took = cpuSeconds() - start
            if took > (3 * estimate / 1e6 + 0.25) / (factors[key] ?? 1) {
                print("BUDGET \(output) took \(String(format: "%.2f", took)) s of CPU, estimated \(Int(estimate)) steps (this machine's factor \(factors[key] ?? 1)), for input \(n) (seed \(seed)), kept in \(currentPath)")
                exit(7)
            }
            var usage = rusage()
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
            if usage.ru_maxrss > 4 << 20 {
                print("BUDGET \(output): peak memory \(usage.ru_maxrss / 1024) MB for input \(n) (seed \(seed)), kept in \(currentPath)")
                exit(7)
            }
        }
        // Scenes both ways: the encoder writes a file that loads back equal, and writes it again the same.
        do {
            let text = try SceneEncoder().encode(scene)
            let back = try loader.decode(Array(text.utf8), file: "encoded.json")
            guard back == scene, try SceneEncoder().encode(back) == text else {
                print("SCENE ENCODER round trip differs for input \(n) (seed \(seed)), kept in \(currentPath)")
                exit(8)
            }
        } catch {
            print("SCENE ENCODER failed on an accepted scene, input \(n) (seed \(seed)): \(error), kept in \(currentPath)")
            exit(8)
        }
        encoded += 1
        // The frame renderer (which rewrites only changed layers) must write the plain writer's bytes,
        // and the presentation kept between instants must equal the one built from nothing (here at
        // the same frames, half a frame on, and back).
        var frames = SVGFrameRenderer(canvas: scene.canvas, background: scene.background), retainedFrames = frames
        let retained = RetainedPresentation(scene: scene)
        let instants = [0, scene.frameCount / 2, scene.frameCount / 2, scene.frameCount - 1, 0]
        // Each layer evaluated alone (the animated compiler's reads between the instants it keeps) must
        // be the retained tree's own node for it, at the same instants (for scenes of up to 2,000
        // layers, outside the SVG frames' budget).
        if scene.root.allLayers.count <= 2_000 {
            let alone = LayerAlone(scene: scene), tree = RetainedPresentation(scene: scene)
            var ids: Set<String> = []
            for index in instants {
                for t in [scene.frameTime(index), min(scene.duration, (Double(index) + 0.5) / scene.fps)] {
                    if let id = alone.differs(from: tree, at: t, ids: &ids) {
                        print("LAYER ALONE differs from the retained tree for layer \(id) of input \(n) at \(t) s (seed \(seed)), kept in \(currentPath)")
                        exit(9)
                    }
                }
            }
        }
        // A render tree said to repeat the last one (raster frames then hand on the last frame's
        // bytes) must be it, over the first 60 frames in order.
        let frameByFrame = RetainedPresentation(scene: scene)
        var lastTree: RenderNode?
        for index in 0..<min(scene.frameCount, 60) {
            let tree = frameByFrame.renderTree(at: scene.frameTime(index))
            if frameByFrame.renderTreeRepeats && !same(tree, lastTree) {
                print("REPEATED FRAME differs from the one before for input \(n), frame \(index) (seed \(seed)), kept in \(currentPath)")
                exit(9)
            }
            lastTree = tree
        }
        let svgStart = cpuSeconds()
        for index in instants {
            for t in [scene.frameTime(index), min(scene.duration, (Double(index) + 0.5) / scene.fps)] {
                let built = scene.presentation(at: t)
                if !same(retained.presentation(at: t), built) || !same(retained.renderTree(at: t), built.renderNode()) {
                    print("RETAINED PRESENTATION differs from the built one for input \(n) at \(t) s (seed \(seed)), kept in \(currentPath)")
                    exit(9)
                }
            }
            let plain = scene.svgFrame(index)
            if frames.documentBytes(for: scene.presentation(at: scene.frameTime(index))).string != plain
                || retainedFrames.documentBytes(at: scene.frameTime(index), of: retained).string != plain {
                print("FRAME RENDERER differs from the writer for input \(n), frame \(index) (seed \(seed)), kept in \(currentPath)")
                exit(5)
            }
        }
        budget("SVG frames", "svgFrames", SceneCost(scene: scene, frames: 10).work(.svgFrames), since: svgStart)
        // The animated SVG, read back by the SMIL evaluator, must match the engine within each track's
        // bound at every frame instant (the compiler measures this on what it wrote; a fallback may miss
        // between frames, never on them). At 12 frames per second at most, for scenes the cost model
        // puts under 3 000 000 steps (about 3 s); ids beyond 1,000 bytes are hashed at every lookup.
        var checked = scene
        checked.fps = min(scene.fps, 12)
        let animatedCost = SceneCost(scene: checked).work(.animated)
        if animated && animatedCost <= 3_000_000 && scene.root.allLayers.allSatisfy({ $0.id.utf8.count <= 1000 }) {
            let start = cpuSeconds()
            let compiled = AnimatedSVGCompiler(scene: checked).compile()
            budget("animated SVG", "animated", animatedCost, since: start)
            // Key times have nine decimals: allow what that placement costs on a value that jumps by
            // more than a million pixels in one frame (see AnimatedSVG.Entry.largestStep), and what
            // double arithmetic costs on coordinates of 1e14 px (largestMagnitude).
            func missesAFrame(_ report: [AnimatedSVG.Entry]) -> AnimatedSVG.Entry? {
                report.first(where: { [.exact, .sampled, .fallback, .periodic].contains($0.encoding)
                    && !($0.errorAtFrames <= $0.bound * (1 + 1e-9) + 1e-9 + $0.largestStep * 1e-6 + $0.largestMagnitude * 1e-11) })
            }
            if let bad = missesAFrame(compiled.report) {
                print("ANIMATED SVG misses a frame for input \(n) (seed \(seed)): \(bad.element) \(bad.property) error \(bad.errorAtFrames) over \(bad.bound), kept in \(currentPath)")
                exit(6)
            }
            // A scene said to repeat (`Scene.period`: the compile writes one cycle and repeats it, and
            // checks that cycle only) must repeat: the SVG frame at each of the first cycle's frame
            // instants is the frame a period later, or within 1e-9 s of it (t + period in doubles can
            // land a rounding before a cycle's jump that t lands on), its numbers then within what
            // 1e-9 s of motion moves them (`nearlySame`).
            if let period = checked.period, period * 2 <= checked.duration {
                for index in 0..<min(checked.frameCount, 12) {
                    let t = checked.frameTime(index)
                    guard t + period + 1e-9 <= checked.duration else { break }
                    let frame = frames.documentBytes(for: checked.presentation(at: t)).string
                    let later = { (shift: Double) in frames.documentBytes(for: checked.presentation(at: t + period + shift)).string }
                    if later(0) != frame && ![1e-9, -1e-9].contains(where: { nearlySame(later($0), frame, tolerance: 1e-5) }) {
                        print("PERIOD is not one for input \(n) (seed \(seed)): the frame at \(t) s is not the frame at \(t + period) s, kept in \(currentPath)")
                        exit(6)
                    }
                }
            }
            // The CSS and Lottie files, each read back by its own evaluator, hold the same at every frame
            // (two more compiles: for scenes put under 1,000,000 steps, so that an input stays within
            // the slow limit).
            if animatedCost <= 1_000_000 {
                let css = checked.animatedSVGWithCSS()
                if let bad = missesAFrame(css.report) {
                    print("CSS misses a frame for input \(n) (seed \(seed)): \(bad.element) \(bad.property) error \(bad.errorAtFrames) over \(bad.bound), kept in \(currentPath)")
                    exit(6)
                }
                let lottie = checked.animatedSVGForLottie().lottie(fps: checked.fps, frames: checked.frameCount)
                if let bad = missesAFrame(lottie.report) {
                    print("LOTTIE misses a frame for input \(n) (seed \(seed)): \(bad.element) \(bad.property) error \(bad.errorAtFrames) over \(bad.bound), kept in \(currentPath)")
                    exit(6)
                }
                notReadBack += lottie.report.filter { $0.encoding == .notReadBack }.count
                formatsChecked += 1
            }
            // The same file and report with the instants made ahead on two threads.
            let parallelStart = cpuSeconds()
            var parallel = AnimatedSVGCompiler(scene: checked)
            parallel.jobs = 2
            let again = parallel.compile()
            budget("animated SVG on 2 threads", "animated", animatedCost, since: parallelStart)
            guard again.svg == compiled.svg, again.reportText == compiled.reportText else {
                print("ANIMATED SVG differs on 2 threads for input \(n) (seed \(seed)), kept in \(currentPath)")
                exit(6)
            }
            animatedChecked += 1
            fallbacks += compiled.fallbacks.count
        }
        let side = max(scene.canvas.width, scene.canvas.height)
        let scale = side > 96 ? 96 / side : 1
        var raster = RasterRenderer(canvas: scene.canvas, background: scene.background, scale: scale, fonts: fonts)
        let rasterStart = cpuSeconds()
        let tree = scene.presentation(at: scene.frameTime(scene.frameCount / 2)).renderNode()
        let middle = try? raster.render(tree)
        budget("raster frame", "rasterStream", SceneCost(scene: scene, frames: 1).work(.stream(scale: scale)), since: rasterStart)
        if let pairs, middle != nil, let tree {
            // Text is laid out by each renderer's own engine (librsvg's Pango hints glyphs, the raster
            // frames do not), so a frame with text goes twice: whole, compared outside its
            // text's ink, and without its text, under the full criterion everywhere.
            let writer = SVGFrameWriter(canvas: scene.canvas, background: scene.background)
            func pair(_ kind: String, _ root: RenderNode?, _ image: RasterImage, scale: Double, also: Set<String> = [],
                      textMask: RasterImage? = nil, radius: Int = 0) {
                let svg = Array(writer.document(for: root).utf8)
                let limits = (root?.oracleLimits(scale: scale) ?? []).union(also)
                let flags = limits.isEmpty ? "-" : limits.sorted().joined(separator: ",")
                var record = Array("pair \(n) \(kind) \(flags) \(image.width) \(image.height) \(scene.canvas.width) \(scene.canvas.height) \(scale) \(svg.count) \(input.count) \(radius)\n".utf8)
                record += svg
                record += input
                record += image.rgb()
                if let textMask {
                    record += stride(from: 3, to: textMask.pixels.count, by: 4).map { textMask.pixels[$0] > 0 ? 1 : 0 }
                }
                // Time spent waiting for the reader (librsvg) is not this input's.
                let writeStart = Date()
                pairs.write(Data(record))
                waited += Date().timeIntervalSince(writeStart)
            }
            // At up to 256 px a side: check-raster's criterion (a mean under 1) is for frames of a few
            // hundred pixels; smaller, edges are a larger share of the pixels and anti-aliasing alone
            // lifts the mean.
            let pairScale = side > 256 ? 256 / side : 1
            var pairRaster = RasterRenderer(canvas: scene.canvas, background: scene.background, scale: pairScale, fonts: fonts)
            // A frame dense with edges (see RenderNode.edgeDensity) goes once more first, without its
            // text, at four times the scale ("fine", up to 1,024 px): the seams' anti-aliasing, which
            // differs between any two renderers, is then a quarter of the share of the pixels, while
            // a difference of geometry covers four times as many. Tools/fuzz-pairs holds it to the full
            // criterion, and a frame of that mutant whose mean alone is over at 1× passes if it does.
            let deviceCanvas = Size(scene.canvas.width * pairScale, scene.canvas.height * pairScale)
            if tree.edgeDensity(scale: pairScale, canvas: deviceCanvas) > 1 {
                let textless = tree.removingText()
                var fineRaster = RasterRenderer(canvas: scene.canvas, background: scene.background, scale: 4 * pairScale, fonts: fonts)
                if let image = try? fineRaster.render(textless) { pair("fine", textless, image, scale: 4 * pairScale) }
            }
            if tree.hasText {
                // librsvg panics on text whose fonts FreeType cannot make (a size of hundreds of
                // thousands of pixels): such a frame goes without its text only.
                let huge = tree.oracleLimits(scale: pairScale).intersection(["huge-text"])
                // The whole frame is compared outside its text's ink (from the raster frame of the text
                // alone), widened by 3 px and a tenth of the largest font: where each engine's layout
                // puts the glyphs.
                var inkRaster = RasterRenderer(canvas: scene.canvas, scale: pairScale, fonts: fonts)
                if huge.isEmpty, let image = try? pairRaster.render(tree), let ink = try? inkRaster.render(tree.onlyText()) {
                    let radius = 3 + Int((tree.largestFontSize(scale: pairScale) / 10).rounded(.up))
                    pair("text", tree, image, scale: pairScale, textMask: ink, radius: radius)
                }
                let textless = tree.removingText()
                if let image = try? pairRaster.render(textless) { pair("textless", textless, image, scale: pairScale, also: huge) }
            } else if let image = try? pairRaster.render(tree) {
                pair("whole", tree, image, scale: pairScale)
            }
            paired += 1
        }
        accepted += 1
    } catch {
        guard error.file == "mutant.json", !error.message.isEmpty else {
            print("BAD ERROR for input \(n): \(error)")
            exit(3)
        }
        rejected += 1
    }
    let elapsed = Date().timeIntervalSince(t0) - waited
    if elapsed > slowest { slowest = elapsed; slowestInput = n }
    if elapsed > 10 {
        print("SLOW input \(n) (seed \(seed)): \(elapsed) s, kept in \(currentPath)")
        exit(4)
    }
}
try? FileManager.default.removeItem(atPath: currentPath)
let total = Date().timeIntervalSince(started)
print("seed \(seed): \(count) inputs in \(String(format: "%.1f", total)) s: \(accepted) accepted (\(encoded) written as scene files and read back equal), \(rejected) rejected with a located error, \(animatedChecked) animated SVGs checked against the engine (\(fallbacks) fallback tracks; \(formatsChecked) also as CSS and Lottie, \(notReadBack) Lottie tracks not read back), \(paired) SVG and raster frames paired, 0 crashes, slowest \(String(format: "%.3f", slowest)) s (input \(slowestInput))")
