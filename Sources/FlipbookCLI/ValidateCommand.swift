import Flipbook
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
      --cost               Also print each output's estimated work and peak memory against the limits
                           (--max-work, --max-memory), and what drives them; a render over a limit is
                           refused before it writes anything.
    \(SceneOptions.help)
      --help               Show this help.

    EXIT CODES: 0 all valid, 1 a file is invalid, 2 bad usage.
    """

    static func run(_ arguments: [[UInt8]]) throws -> Int32 {
        let args = try ParsedArguments(raw: arguments, valueOptions: SceneOptions.valueOptions, flagOptions: ["help", "cost"], command: "validate")
        if args.flags.contains("help") { print(help); return 0 }
        guard !args.positionals.isEmpty else { throw UsageError("'validate' needs a scene file") }
        for path in args.positionalPaths {
            // `validate Scenes/*.json` also names the schema: say what it is and go on.
            if SceneOptions.isSceneSchema(path) {
                print("\(path): skipped (the JSON Schema of scene files, not a scene)")
                continue
            }
            let scene = try SceneOptions.load(path, args)
            let layers = scene.root.allLayers.count - 1
            print("\(path): ok (\(layers) layer\(layers == 1 ? "" : "s"), \(scene.frameCount) frames at \(scene.fps.roundTripText) fps)")
            if args.flags.contains("cost") {
                let limits = try SceneOptions.loader(args).limits
                let cost = SceneCost(scene: scene)
                print("  output          work (steps)  memory (MB)  within limits  driven by")
                for (name, output) in [("SVG frames", SceneCost.Output.svgFrames), ("raster frames", .raster(scale: 1)), ("animated SVG", .animated)] {
                    let work = cost.work(output), memory = cost.memory(output)
                    let within = work <= limits.work && memory <= limits.memory ? "yes" : (work > limits.work ? "no: --max-work" : "no: --max-memory")
                    let driver = cost.driver(output)
                    let columns = [name.padded(to: 16),
                                   SceneOptions.steps(work).padded(to: 14),
                                   String(Int((memory / 1_048_576).rounded(.up))).padded(to: 13),
                                   within.padded(to: 15)]
                    print("  " + columns.joined() + "\(driver.description) (\(driver.path))")
                }
            }
        }
        return 0
    }
}

extension String {
    /// The text cut or padded with spaces to `width` characters (a table column).
    fileprivate func padded(to width: Int) -> String {
        count >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - count)
    }
}
