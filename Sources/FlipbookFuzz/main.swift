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
// Every accepted mutant's SVG frames from SVGFrameRenderer must equal the plain writer's, and its
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
var accepted = 0, rejected = 0, slowest = 0.0, slowestInput = 0, animatedChecked = 0, fallbacks = 0
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
        // The frame renderer (which rewrites only changed layers) must write the plain writer's bytes.
        var frames = SVGFrameRenderer(canvas: scene.canvas, background: scene.background)
        for index in [0, scene.frameCount / 2, scene.frameCount / 2, scene.frameCount - 1, 0] {
            let plain = scene.svgFrame(index)
            if frames.documentBytes(for: scene.presentation(at: scene.frameTime(index))).string != plain {
                print("FRAME RENDERER differs from the writer for input \(n), frame \(index) (seed \(seed)), kept in \(currentPath)")
                exit(5)
            }
        }
        // The animated SVG, read back by the SMIL evaluator, must match the engine within each track's
        // bound at every frame instant (the compiler measures this on what it wrote; a fallback may miss
        // between frames, never on them). Bounded in cost: checked at 12 frames per second at most, for
        // scenes of at most 240 such frames and 200 layers (components' layers included; the compile's
        // own cost is the bounded-resources issue's).
        var checked = scene
        checked.fps = min(scene.fps, 12)
        let instants = [0, scene.duration / 2, scene.duration] + scene.changes.map(\.time).filter { $0 >= 0 && $0 <= scene.duration }.prefix(50)
        // What one instant costs the compiler: layers, and the path elements it reads (a line graph of
        // 1,000 points morphs a 1,000-point path); ids beyond 1,000 bytes are hashed at every lookup.
        func cost(_ node: RenderNode) -> Int {
            node.items.reduce(1) { total, item in
                if case .shape(let shape) = item { return total + shape.path.elements.count }
                return total + 1
            } + node.children.reduce(0) { $0 + cost($1) }
        }
        if animated && checked.frameCount <= 240 && scene.root.allLayers.count <= 200
            && scene.root.allLayers.allSatisfy({ $0.id.utf8.count <= 1000 })
            && instants.allSatisfy({ t in
                let p = scene.presentation(at: t)
                return p.allLayers.count <= 200 && (p.renderNode().map(cost) ?? 0) <= 2000
            }) {
            let compiled = AnimatedSVGCompiler(scene: checked).compile()
            // Key times have nine decimals: allow what that placement costs on a value that jumps by
            // more than a million pixels in one frame (see AnimatedSVG.Entry.largestStep), and what
            // double arithmetic costs on coordinates of 1e14 px (largestMagnitude).
            if let bad = compiled.report.first(where: { $0.encoding != "discrete" && !($0.errorAtFrames <= $0.bound * (1 + 1e-9) + 1e-9 + $0.largestStep * 1e-6 + $0.largestMagnitude * 1e-11) }) {
                print("ANIMATED SVG misses a frame for input \(n) (seed \(seed)): \(bad.element) \(bad.property) error \(bad.errorAtFrames) over \(bad.bound), kept in \(currentPath)")
                exit(6)
            }
            animatedChecked += 1
            fallbacks += compiled.fallbacks.count
        }
        let side = max(scene.canvas.width, scene.canvas.height)
        var raster = RasterRenderer(canvas: scene.canvas, background: scene.background, scale: side > 96 ? 96 / side : 1, fonts: fonts)
        _ = try? raster.render(scene.presentation(at: scene.frameTime(scene.frameCount / 2)).renderNode())
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
print("seed \(seed): \(count) inputs in \(String(format: "%.1f", total)) s: \(accepted) accepted, \(rejected) rejected with a located error, \(animatedChecked) animated SVGs checked against the engine (\(fallbacks) fallback tracks), 0 crashes, slowest \(String(format: "%.3f", slowest)) s (input \(slowestInput))")
