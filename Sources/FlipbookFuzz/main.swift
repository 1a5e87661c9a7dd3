import Flipbook
import FlipbookRaster
import FlipbookSVG
import FlipbookScenes
import Foundation

// flipbook-fuzz: mutates the scenes of a folder and checks that loading and rendering each mutant
// never crashes or hangs, and that every rejection is a clear error naming the file.
// Usage: flipbook-fuzz --scenes DIR --count N [--seed S] [--current FILE] [--animated]
// With --animated, every accepted mutant of at most 240 frames is also compiled to an animated SVG,
// which must match the engine within every track's bound at every frame instant, read back by the
// SMIL evaluator.
// Every accepted mutant must be written by SceneEncoder as a scene file that loads back equal (and
// writes the same text again). Every accepted mutant's SVG frames from SVGFrameRenderer must equal
// the plain writer's, and its
// middle frame is rasterized, scaled to fit 96 px (the raster code works on raw pointers, so hostile
// geometry must reach it too).
// Before each input it writes the input to FILE (default .fuzz-current.json), so that a crash or
// hang (which ends the process) leaves the input behind for Tools/fuzz to report.

func option(_ name: String) -> String? {
    let args = CommandLine.arguments
    guard let i = args.firstIndex(of: "--" + name), i + 1 < args.count else { return nil }
    return args[i + 1]
}

let folder = option("scenes") ?? "Scenes"
let count = Int(option("count") ?? "1000") ?? 1000
let seed = UInt64(option("seed") ?? "1") ?? 1
let currentPath = option("current") ?? ".fuzz-current.json"
let animated = CommandLine.arguments.contains("--animated")

let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
    .filter { $0.hasSuffix(".json") && $0 != "scene.schema.json" }.sorted()
let seeds = names.compactMap { FileManager.default.contents(atPath: folder + "/" + $0).map { [UInt8]($0) } }
guard !seeds.isEmpty else {
    FileHandle.standardError.write(Data("flipbook-fuzz: no scenes in \(folder)\n".utf8))
    exit(2)
}

var mutator = Mutator(seed: seed)
var accepted = 0, rejected = 0, encoded = 0, slowest = 0.0, slowestInput = 0, animatedChecked = 0, fallbacks = 0
let loader = SceneLoader(limits: SceneLimits(frames: 2_000))
let fonts = FontSet(systemFolder: "/usr/share/fonts/truetype/dejavu") ?? TrueTypeFont.systemDefault().map(FontSet.init(font:))
let started = Date()
for n in 0..<count {
    let which = mutator.below(seeds.count)
    let input = mutator.mutate(seeds[which])
    _ = FileManager.default.createFile(atPath: currentPath, contents: Data(input))
    let t0 = Date()
    do {
        let scene = try loader.decode(input, file: "mutant.json")
        // Budgets: each output's time must stay within its estimate (SceneCost: steps of about a
        // microsecond; three times that and a quarter second allowed, for a loaded machine), and the
        // process's peak memory under 4 GB. An overrun is a failure like a crash: the estimate is what
        // refuses hostile scenes before they render.
        func budget(_ output: String, _ estimate: Double, since start: Date) {
            let took = Date().timeIntervalSince(start)
            if took > 3 * estimate / 1e6 + 0.25 {
                print("BUDGET \(output) took \(String(format: "%.2f", took)) s, estimated \(Int(estimate)) steps, for input \(n) (seed \(seed)), kept in \(currentPath)")
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
        // The frame renderer (which rewrites only changed layers) must write the plain writer's bytes.
        var frames = SVGFrameRenderer(canvas: scene.canvas, background: scene.background)
        let svgStart = Date()
        for index in [0, scene.frameCount / 2, scene.frameCount / 2, scene.frameCount - 1, 0] {
            let plain = scene.svgFrame(index)
            if frames.documentBytes(for: scene.presentation(at: scene.frameTime(index))).string != plain {
                print("FRAME RENDERER differs from the writer for input \(n), frame \(index) (seed \(seed)), kept in \(currentPath)")
                exit(5)
            }
        }
        budget("SVG frames", SceneCost(scene: scene, frames: 10).work(.svgFrames), since: svgStart)
        // The animated SVG, read back by the SMIL evaluator, must match the engine within each track's
        // bound at every frame instant (the compiler measures this on what it wrote; a fallback may miss
        // between frames, never on them). At 12 frames per second at most, for scenes the cost model
        // puts under 3 000 000 steps (about 3 s); ids beyond 1,000 bytes are hashed at every lookup.
        var checked = scene
        checked.fps = min(scene.fps, 12)
        let animatedCost = SceneCost(scene: checked).work(.animated)
        if animated && animatedCost <= 3_000_000 && scene.root.allLayers.allSatisfy({ $0.id.utf8.count <= 1000 }) {
            let start = Date()
            let compiled = AnimatedSVGCompiler(scene: checked).compile()
            budget("animated SVG", animatedCost, since: start)
            // Key times have nine decimals: allow what that placement costs on a value that jumps by
            // more than a million pixels in one frame (see AnimatedSVG.Entry.largestStep), and what
            // double arithmetic costs on coordinates of 1e14 px (largestMagnitude).
            if let bad = compiled.report.first(where: { $0.encoding != "discrete" && $0.encoding != "coarse" && !($0.errorAtFrames <= $0.bound * (1 + 1e-9) + 1e-9 + $0.largestStep * 1e-6 + $0.largestMagnitude * 1e-11) }) {
                print("ANIMATED SVG misses a frame for input \(n) (seed \(seed)): \(bad.element) \(bad.property) error \(bad.errorAtFrames) over \(bad.bound), kept in \(currentPath)")
                exit(6)
            }
            animatedChecked += 1
            fallbacks += compiled.fallbacks.count
        }
        let side = max(scene.canvas.width, scene.canvas.height)
        let scale = side > 96 ? 96 / side : 1
        var raster = RasterRenderer(canvas: scene.canvas, background: scene.background, scale: scale, fonts: fonts)
        let rasterStart = Date()
        _ = try? raster.render(scene.presentation(at: scene.frameTime(scene.frameCount / 2)).renderNode())
        budget("raster frame", SceneCost(scene: scene, frames: 1).work(.raster(scale: scale)), since: rasterStart)
        accepted += 1
    } catch {
        guard error.file == "mutant.json", !error.message.isEmpty else {
            print("BAD ERROR for input \(n): \(error)")
            exit(3)
        }
        rejected += 1
    }
    let elapsed = Date().timeIntervalSince(t0)
    if elapsed > slowest { slowest = elapsed; slowestInput = n }
    if elapsed > 10 {
        print("SLOW input \(n) (seed \(seed)): \(elapsed) s, kept in \(currentPath)")
        exit(4)
    }
}
try? FileManager.default.removeItem(atPath: currentPath)
let total = Date().timeIntervalSince(started)
print("seed \(seed): \(count) inputs in \(String(format: "%.1f", total)) s: \(accepted) accepted (\(encoded) written as scene files and read back equal), \(rejected) rejected with a located error, \(animatedChecked) animated SVGs checked against the engine (\(fallbacks) fallback tracks), 0 crashes, slowest \(String(format: "%.3f", slowest)) s (input \(slowestInput))")
