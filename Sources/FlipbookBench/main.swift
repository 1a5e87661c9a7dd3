import Flipbook
import FlipbookRaster
import FlipbookSVG
import FlipbookScenes
import Foundation

// flipbook-bench: benchmark workloads (release build; run through Tools/bench).
//   flipbook-bench scene FILE [FRAMES]   SVG in memory, SVG to files, raster, animated compile
//   flipbook-bench scale LAYERS FRAMES   time per layer-frame and peak memory
//   flipbook-bench limit FILE            the format limit: the rings frame's SVG bytes from a table
//   flipbook-bench raster FILE [FRAMES]  rasterizing prebuilt render trees only (for callgrind)
//   flipbook-bench png FILE [FRAMES]     PNG encoding of prebuilt raster frames only (for callgrind)
//   flipbook-bench svg FILE [FRAMES] [FIRST-LAST]  SVG frames in memory only (for callgrind)
//   flipbook-bench tree FILE [FRAMES]    render trees built from nothing at each instant (for callgrind)
//   flipbook-bench retained FILE [FRAMES] render trees from the retained presentation (for callgrind)
//   flipbook-bench compile FILE [RUNS] [JOBS]  the animated-SVG compiler only (for callgrind)
//   flipbook-bench numbers [COUNT]       number formatting only (for callgrind)

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func peakMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

let args = Array(CommandLine.arguments.dropFirst())
guard let mode = args.first else {
    print("usage: flipbook-bench scene FILE [FRAMES] | scale LAYERS FRAMES | limit FILE")
    exit(2)
}

switch mode {
case "scene":
    let scene = try SceneLoader().load(contentsOf: args[1])
    let frames = args.count > 2 ? Int(args[2])! : 120
    // Frames as the command line writes them: each one rewriting only the layers that changed, from
    // the presentation kept between frames.
    var svgFrames = SVGFrameRenderer(canvas: scene.canvas, background: scene.background)
    let presenter = RetainedPresentation(scene: scene), rasterPresenter = RetainedPresentation(scene: scene)
    var bytes = 0
    // Warm up, then measure.
    for i in 0..<10 { bytes &+= svgFrames.documentBytes(at: scene.frameTime(i % scene.frameCount), of: presenter).count }
    let memory = seconds {
        for i in 0..<frames { bytes &+= svgFrames.documentBytes(at: scene.frameTime(i % scene.frameCount), of: presenter).count }
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let files = try seconds {
        for i in 0..<frames {
            let svg = svgFrames.documentBytes(at: scene.frameTime(i % scene.frameCount), of: presenter)
            try svg.withUnsafeBytes { Data(buffer: $0) }.write(to: folder.appendingPathComponent(String(format: "frame_%04d.svg", i)))
        }
    }
    try? FileManager.default.removeItem(at: folder)
    var renderer = RasterRenderer(canvas: scene.canvas, background: scene.background, fonts: FontSet(systemFolder: "/usr/share/fonts/truetype/dejavu"))
    let rasterFrames = frames
    for i in 0..<10 { _ = try renderer.render(rasterPresenter.renderTree(at: scene.frameTime(i % scene.frameCount))) }
    // The whole raster pipeline (presentation, render tree, pixels), then the pixels alone.
    let raster = try seconds {
        for i in 0..<rasterFrames { _ = try renderer.render(rasterPresenter.renderTree(at: scene.frameTime(i % scene.frameCount))) }
    }
    let nodes = (0..<rasterFrames).map { scene.presentation(at: scene.frameTime($0 % scene.frameCount)).renderNode() }
    let rasterize = try seconds {
        for node in nodes { _ = try renderer.render(node) }
    }
    var ppmBytes = 0
    let ppm = try seconds {
        for node in nodes { ppmBytes &+= ImageEncoder.ppm(try renderer.render(node)).count }
    }
    // The compile as the command line runs it (a thread a core), and on one thread.
    var compileBytes = 0
    var compiler = AnimatedSVGCompiler(scene: scene)
    _ = compiler.compile()
    let runs = 5
    compiler.jobs = ProcessInfo.processInfo.activeProcessorCount
    let compile = seconds { for _ in 0..<runs { compileBytes = compiler.compile().svg.utf8.count } }
    compiler.jobs = 1
    let compileOne = seconds { for _ in 0..<runs { compileBytes = compiler.compile().svg.utf8.count } }
    print("svg_memory_fps=\(Double(frames) / memory) svg_files_fps=\(Double(frames) / files) raster_fps=\(Double(rasterFrames) / raster) raster_ms=\(raster / Double(rasterFrames) * 1000) rasterize_ms=\(rasterize / Double(rasterFrames) * 1000) ppm_ms=\(ppm / Double(rasterFrames) * 1000) compile_ms=\(compile / Double(runs) * 1000) compile1_ms=\(compileOne / Double(runs) * 1000) animated_bytes=\(compileBytes) bytes_per_frame=\(bytes / (frames + 10))")

case "svg":
    // Only SVG frames in memory (for profiling with callgrind).
    let scene = try SceneLoader().load(contentsOf: args[1])
    let frames = args.count > 2 ? Int(args[2])! : 120
    // Frames as the command line writes them: each one rewriting only the layers that changed.
    var svgFrames = SVGFrameRenderer(canvas: scene.canvas, background: scene.background)
    let presenter = RetainedPresentation(scene: scene)
    // Optionally only frames FIRST...LAST of the scene, over and over.
    let range = args.count > 3 ? args[3].split(separator: "-").map { Int($0)! } : [0, scene.frameCount - 1]
    let span = range[1] - range[0] + 1
    var bytes = 0
    let time = seconds {
        for i in 0..<frames { bytes &+= svgFrames.documentBytes(at: scene.frameTime(range[0] + i % span), of: presenter).count }
    }
    print("svg_memory_fps=\(Double(frames) / time) bytes=\(bytes)")

case "tree", "retained":
    // Only the engine: the render trees every output starts from, built from nothing at each instant
    // (`tree`) or from the presentation kept between instants (`retained`, what the outputs use).
    let scene = try SceneLoader().load(contentsOf: args[1])
    let frames = args.count > 2 ? Int(args[2])! : 120
    let retained = mode == "retained" ? RetainedPresentation(scene: scene) : nil
    var nodes = 0
    let time = seconds {
        for i in 0..<frames {
            let t = scene.frameTime(i % scene.frameCount)
            nodes &+= (retained.map { $0.renderTree(at: t) } ?? scene.presentation(at: t).renderNode())?.children.count ?? 0
        }
    }
    print("\(mode)_us=\(time / Double(frames) * 1e6) nodes=\(nodes)")

case "compile":
    // Only the animated-SVG compiler (for profiling with callgrind).
    let scene = try SceneLoader().load(contentsOf: args[1])
    let runs = args.count > 2 ? Int(args[2])! : 5
    var bytes = 0
    let jobs = args.count > 3 ? Int(args[3])! : 1
    var compiler = AnimatedSVGCompiler(scene: scene)
    compiler.jobs = jobs
    let time = seconds { for _ in 0..<runs { bytes = compiler.compile().svg.utf8.count } }
    print("compile_ms=\(time / Double(runs) * 1000) bytes=\(bytes)")

case "raster":
    // Only the pixels: render trees built first, then rasterized (for profiling with callgrind).
    let scene = try SceneLoader().load(contentsOf: args[1])
    let frames = args.count > 2 ? Int(args[2])! : 60
    var renderer = RasterRenderer(canvas: scene.canvas, background: scene.background, fonts: FontSet(systemFolder: "/usr/share/fonts/truetype/dejavu"))
    let nodes = (0..<frames).map { scene.presentation(at: scene.frameTime($0 % scene.frameCount)).renderNode() }
    var checksum = 0
    let time = try seconds {
        for node in nodes { checksum &+= Int(try renderer.render(node).pixels[0]) }
    }
    print("rasterize_ms=\(time / Double(frames) * 1000) checksum=\(checksum)")

case "png":
    // Only the encoding: raster frames rendered first, then encoded as PNG (bytes summed, so the work
    // is used).
    let scene = try SceneLoader().load(contentsOf: args[1])
    let frames = args.count > 2 ? Int(args[2])! : 60
    var renderer = RasterRenderer(canvas: scene.canvas, background: scene.background, fonts: FontSet(systemFolder: "/usr/share/fonts/truetype/dejavu"))
    let images = try (0..<frames).map { try renderer.render(scene.presentation(at: scene.frameTime($0 % scene.frameCount)).renderNode()) }
    var bytes = 0
    let time = seconds {
        for image in images { bytes += ImageEncoder.png(image).count }
    }
    print("png_ms=\(time / Double(frames) * 1000) png_bytes=\(bytes / frames)")

case "scale":
    let layers = Int(args[1])!, frames = Int(args[2])!
    // A grid of arc layers, each animating its end angle: layers × frames units of work.
    let side = Int(Double(layers).squareRoot().rounded(.up))
    var root = Layer(id: "root")
    root[.bounds] = Rect(x: 0, y: 0, width: 1000, height: 1000)
    root[.anchorPoint] = .zero
    for i in 0..<layers {
        var arc = Layer(id: "a\(i)", type: ArcLayer.self)
        let cell = 1000 / Double(side)
        arc[.bounds] = Rect(x: 0, y: 0, width: cell, height: cell)
        arc[.position] = Point(Double(i % side) * cell + cell / 2, Double(i / side) * cell + cell / 2)
        arc[.strokeColor] = Color(hue: Double(i % 12) / 12, saturation: 0.6, brightness: 0.9)
        arc[.lineWidth] = 2
        arc[.startAngle] = .twelveOClock
        arc.add(.basic(PropertyKey<Angle>.endAngle, from: .twelveOClock, to: .degrees(270), duration: 1, timingFunction: .easeInOut))
        root.sublayers.append(arc)
    }
    let scene = Scene(canvas: Size(1000, 1000), duration: Double(frames - 1) / 60, fps: 60, root: root)
    var svgFrames = SVGFrameRenderer(canvas: scene.canvas)
    let presenter = RetainedPresentation(scene: scene)
    var bytes = 0
    let time = seconds {
        for i in 0..<frames { bytes &+= svgFrames.documentBytes(at: scene.frameTime(i), of: presenter).count }
    }
    print("layer_frame_us=\(time / Double(layers * frames) * 1e6) peak_mb=\(peakMegabytes()) bytes=\(bytes)")

case "limit":
    // The same bytes as the rings frames, from a table of numbers: no presentation, geometry or
    // interpolation — the ceiling frame generation can approach.
    let scene = try SceneLoader().load(contentsOf: args[1])
    let frames = 120
    let writer = SVGFrameWriter(canvas: scene.canvas, background: scene.background)
    // Frames as the command line writes them: each one rewriting only the layers that changed.
    var svgFrames = SVGFrameRenderer(canvas: scene.canvas, background: scene.background)
    let presenter = RetainedPresentation(scene: scene)
    let documents = (0..<frames).map { writer.document(for: scene.presentation(at: scene.frameTime($0 % scene.frameCount)).renderNode()) }
    // Split each document into its text pieces and its numbers (the values the frame writer formats:
    // coordinates, widths, opacities; colours like #262626 and the namespace URL stay text).
    struct Template { var pieces: [SVGBuffer]; var numbers: [Double] }
    let templates: [Template] = documents.map { doc in
        let text = Array(doc.utf8)
        var pieces: [SVGBuffer] = [], numbers: [Double] = []
        var piece = SVGBuffer(), i = 0
        func isDigit(_ j: Int) -> Bool { j < text.count && text[j] >= 48 && text[j] <= 57 }
        while i < text.count {
            let previous = i > 0 ? text[i - 1] : 0
            let startsNumber = (isDigit(i) || (text[i] == UInt8(ascii: "-") && isDigit(i + 1)))
                && !(previous == UInt8(ascii: "/") || previous == UInt8(ascii: ".") || (previous >= 97 && previous <= 122) || isDigit(i - 1))
            if text[i] == UInt8(ascii: "#") {
                // A colour: seven bytes of text.
                let end = min(i + 7, text.count)
                text[i..<end].withUnsafeBufferPointer { piece.write(ascii: $0) }
                i = end
            } else if startsNumber {
                var j = i + 1
                while j < text.count && (isDigit(j) || text[j] == UInt8(ascii: ".")) { j += 1 }
                numbers.append(Double(String(decoding: text[i..<j], as: UTF8.self))!)
                pieces.append(piece)
                piece = SVGBuffer()
                i = j
            } else {
                piece.write(byte: text[i])
                i += 1
            }
        }
        pieces.append(piece)
        return Template(pieces: pieces, numbers: numbers)
    }
    // The rebuilt text must be the frames' text, byte for byte.
    for (doc, t) in zip(documents, templates) {
        var out = SVGBuffer()
        for (i, number) in t.numbers.enumerated() {
            out.write(t.pieces[i])
            SVGNumber.append(number, to: &out)
        }
        out.write(t.pieces[t.pieces.count - 1])
        precondition(out.string == doc, "the format-limit template does not rebuild the frame")
    }
    var bytes = 0
    // The same writer primitives as the frame writer: an SVGBuffer and SVGNumber.
    func limitBatch() {
        for t in templates {
            var out = SVGBuffer(capacity: 2048)
            for (i, number) in t.numbers.enumerated() {
                out.write(t.pieces[i])
                SVGNumber.append(number, to: &out)
            }
            out.write(t.pieces[t.pieces.count - 1])
            bytes &+= out.count
        }
    }
    func frameBatch() {
        for i in 0..<frames { bytes &+= svgFrames.documentBytes(at: scene.frameTime(i % scene.frameCount), of: presenter).count }
    }
    // The ratio is taken within one process: batches of the two alternate, and each side's median
    // batch counts, so a slow spell on this shared machine hits both.
    var limitTimes: [Double] = [], frameTimes: [Double] = []
    limitBatch(); frameBatch()
    for _ in 0..<25 {
        limitTimes.append(seconds(limitBatch))
        frameTimes.append(seconds(frameBatch))
    }
    let limitMedian = limitTimes.sorted()[limitTimes.count / 2], frameMedian = frameTimes.sorted()[frameTimes.count / 2]
    print("limit_fps=\(Double(frames) / limitMedian) svg_memory_fps=\(Double(frames) / frameMedian) ratio=\(limitMedian / frameMedian) bytes=\(bytes)")

case "numbers":
    // Only number formatting (for callgrind): COUNT values like a frame's coordinates.
    let count = args.count > 1 ? Int(args[1])! : 100_000
    var out = SVGBuffer(capacity: 1 << 16)
    var total = 0
    for i in 0..<count {
        if out.count > 60_000 { total &+= out.count; out.removeAll() }
        SVGNumber.append(Double(i % 4000) * 0.0973 + 12.5, to: &out)
        out.write(byte: 32)
    }
    print("bytes=\(total &+ out.count)")

default:
    print("unknown mode \(mode)")
    exit(2)
}
