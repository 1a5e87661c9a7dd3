import Flipbook
import FlipbookScenes
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `flipbook validate FILE…`: checks scene files without rendering.
enum ValidateCommand {
    static let help = """
    USAGE: flipbook validate <scene.json>... [options]

    Checks scene files without rendering anything: syntax, keys, types, values, ids, animations and
    limits. Prints one line per valid file (Flipbook's own scene.schema.json is recognised and skipped); the first problem of an invalid file names the file, the
    JSON path and what was expected.

    OPTIONS:
      --cost               Also print each output's estimated work (in all and for one frame) and peak
                           memory against the limits (--max-work, --max-frame-work, --max-memory), and
                           what drives them; a render over a limit is refused before it writes anything.
                           With --fps, --scale and --jobs, for the render those options would ask for.
      --params             Also list the scene's parameters ("params"): name, type, default, range,
                           whether themable, and what each means.
      --json               With --cost: the estimates as JSON, every term with its count and coefficient.
    \(SceneOptions.help)
      --help               Show this help.

    EXIT CODES: 0 all valid, 1 a file is invalid, 2 bad usage.
    """

    static func run(_ arguments: [[UInt8]]) throws -> Int32 {
        let args = try ParsedArguments(raw: arguments, valueOptions: SceneOptions.valueOptions.union(["fps", "scale", "jobs"]), flagOptions: ["help", "cost", "json", "params"], command: "validate")
        if args.flags.contains("help") { print(help); return 0 }
        guard !args.positionals.isEmpty else { throw UsageError("'validate' needs a scene file") }
        for path in args.positionalPaths {
            // `validate Scenes/*.json` also names the schema: say what it is and go on.
            if SceneOptions.isSceneSchema(path) {
                print("\(path): skipped (the JSON Schema of scene files, not a scene)")
                continue
            }
            var scene = try SceneOptions.load(path, args)
            if let text = args.options["fps"] {
                guard let v = Double(text), v >= 0.001, v <= 1000 else { throw UsageError("--fps expects a number of frames per second in [0.001, 1000], got '\(text)'") }
                scene.fps = v
            }
            let layers = scene.root.allLayers.count - 1
            if !args.flags.contains("json") {
                print("\(path): ok (\(layers) layer\(layers == 1 ? "" : "s"), \(scene.frameCount) frames at \(scene.fps.roundTripText) fps)")
            }
            if args.flags.contains("params") { printParameters(try SceneOptions.declaredParameters(path, args)) }
            guard args.flags.contains("cost") else { continue }
            var scale = 1.0
            if let text = args.options["scale"] {
                guard let v = Double(text), v > 0, v <= 16 else { throw UsageError("--scale expects a number in (0, 16], got '\(text)'") }
                scale = v
            }
            var jobs = Scene.cores
            if let text = args.options["jobs"] {
                guard let v = Int(text), (1...256).contains(v) else { throw UsageError("--jobs expects a number of threads from 1 to 256, got '\(text)'") }
                jobs = v
            }
            let limits = try SceneOptions.loader(args).limits
            let cost = SceneCost(scene: scene, jobs: jobs)
            let outputs: [(String, SceneCost.Output)] = [("svgFrames", .svgFrames), ("pngFrames", .png(scale: scale)),
                                                         ("rasterStream", .stream(scale: scale)), ("animated", .animated)]
            if args.flags.contains("json") {
                print(json(path: path.description, cost: cost, outputs: outputs, limits: limits))
                continue
            }
            print("  output          work (steps)  a frame      memory (MB)  within limits         driven by")
            for (_, output) in outputs {
                let work = cost.work(output), frameWork = cost.frameWork(output), memory = cost.memory(output)
                let total = limits.work(frames: output == .animated ? cost.animatedFrames : cost.frames)
                let within = frameWork > limits.frameWork ? "no: --max-frame-work" : work > total ? "no: --max-work"
                    : memory > limits.memory ? "no: --max-memory" : "yes"
                let driver = cost.driver(output)
                var name = output.name
                if name.hasPrefix("the ") { name.removeFirst(4) }
                let columns = [name.padded(to: 16),
                               SceneOptions.steps(work).padded(to: 14),
                               SceneOptions.steps(frameWork).padded(to: 13),
                               String(Int((memory / 1_048_576).rounded(.up))).padded(to: 13),
                               within.padded(to: 22)]
                print("  " + columns.joined() + "\(driver.description) (\(driver.path))")
            }
        }
        return 0
    }
}

extension ValidateCommand {
    /// One line a parameter: name, type, default, range, themable, description (`--params`).
    static func printParameters(_ parameters: SceneParameters) {
        guard !parameters.declared.isEmpty else { print("  no parameters"); return }
        let width = parameters.declared.map(\.name.count).max()!
        for p in parameters.declared {
            var columns = [p.name.padded(to: width), p.kind.rawValue.padded(to: 6)]
            columns.append("default " + (p.defaultValue.map { $0.compactText } ?? "(none: required)"))
            if p.min != nil || p.max != nil {
                columns.append("range " + (p.min.map { $0.roundTripText } ?? "−∞") + "…" + (p.max.map { $0.roundTripText } ?? "∞"))
            }
            if p.themable { columns.append("themable") }
            if !p.description.isEmpty { columns.append("— " + p.description) }
            print("  " + columns.joined(separator: "  "))
        }
    }

    /// The estimates of `outputs` as one line of JSON: for each, its work, one frame's work, memory,
    /// the limits that apply and every term (name, quantity, coefficient, whether per frame, driver).
    static func json(path: String, cost: SceneCost, outputs: [(String, SceneCost.Output)], limits: SceneLimits) -> String {
        func number(_ v: Double) -> String { v.isFinite ? v.roundTripText : "null" }
        let entries = outputs.map { key, output in
            let terms = cost.terms(output).map { t in
                "{\"name\": \(JSONString.quoted(t.name)), \"quantity\": \(number(t.quantity)), \"coefficient\": \(number(t.coefficient)), "
                    + "\"perFrame\": \(t.perFrame), \"steps\": \(number(t.steps)), \"description\": \(JSONString.quoted(t.driver.description)), "
                    + "\"path\": \(JSONString.quoted(t.driver.path))}"
            }
            let total = limits.work(frames: output == .animated ? cost.animatedFrames : cost.frames)
            return "\(JSONString.quoted(key)): {\"work\": \(number(cost.work(output))), \"frameWork\": \(number(cost.frameWork(output))), "
                + "\"memory\": \(number(cost.memory(output))), \"maxWork\": \(number(total)), \"maxFrameWork\": \(number(limits.frameWork)), "
                + "\"maxMemory\": \(number(limits.memory)), \"terms\": [\(terms.joined(separator: ", "))]}"
        }
        return "{\"file\": \(JSONString.quoted(path)), \"frames\": \(cost.frames), \"jobs\": \(cost.jobs), \(entries.joined(separator: ", "))}"
    }
}

extension String {
    /// The text cut or padded with spaces to `width` characters (a table column).
    fileprivate func padded(to width: Int) -> String {
        count >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - count)
    }
}
