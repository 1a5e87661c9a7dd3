import Easing
import Flipbook
import FlipbookFiles
import FlipbookSupport
import FlipbookTesting

/// `flipbook trace SCENE --layer ID --property NAME`: chosen properties of chosen layers at chosen
/// instants, as CSV or JSON (`Trace`), for shell tests and for looking.
enum TraceCommand {
    static let help = """
    USAGE: flipbook trace <scene.json> [--layer <id>]... [--property <name>]... [--at <seconds>[,<seconds>...]]... [--fps <n>] [options]

    Prints properties of layers over time, one record per layer, property and instant: the values
    'flipbook dump' prints at each instant (scene-file units: pixels, degrees, #rrggbb colours).
    What FlipbookTesting records into golden files.

    OPTIONS:
      --layer <id>         A layer to trace (repeatable; default every layer, derived ones included).
      --property <name>    A property to trace (repeatable; default every property of each layer).
      --at <seconds,...>   The instants (repeatable, comma-separated lists). Default: every frame.
      --fps <n>            Instants i / n from 0 to the scene's end instead of its frames.
      --format csv|json    CSV (default: time,layer,property,value) or a JSON array.
      --plot <file.svg>    Also write an SVG plot of each numeric series against time.
    \(SceneOptions.help)
      --help               Show this help.

    EXIT CODES: 0 printed, 1 an invalid scene, an unknown layer or property or a failed write, 2 bad usage.
    """

    static func run(_ arguments: [[UInt8]]) throws -> Int32 {
        let args = try ParsedArguments(raw: arguments, valueOptions: SceneOptions.valueOptions.union(["layer", "property", "at", "fps", "format", "plot"]),
                                       flagOptions: ["help"], command: "trace")
        if args.flags.contains("help") { print(help); return 0 }
        guard args.positionals.count == 1 else { throw UsageError("'trace' needs one scene file") }
        let format = args.options["format"] ?? "csv"
        guard format == "csv" || format == "json" else { throw UsageError("--format expects csv or json, got '\(format)'") }
        var times: [Double]?
        if let lists = args.repeated["at"] {
            times = []
            for text in lists.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
                guard let t = Double(text.whitespaceTrimmedText), t.isFinite else { throw UsageError("--at expects times in seconds separated by commas, got '\(text)'") }
                times!.append(t)
            }
        }
        var fps: Double?
        if let text = args.options["fps"] {
            guard times == nil else { throw UsageError("--at and --fps choose the instants two ways: give one") }
            guard let n = Double(text), n.isFinite, n > 0, n <= 10_000 else { throw UsageError("--fps expects a rate above 0 and at most 10000, got '\(text)'") }
            fps = n
        }
        let plot = try args.path("plot")
        let scene = try SceneOptions.load(args.positionalPaths[0], args)
        let instants = times ?? fps.map { n in (0...Int((scene.duration * n).rounded(.down) + 1e-9)).map { Double($0) / n } }
            ?? (0..<scene.frameCount).map(scene.frameTime)
        guard instants.count <= 100_000 else { throw InputError("\(instants.count) instants: a trace takes at most 100,000") }
        let trace: Trace
        do {
            trace = try Trace(scene, layers: args.repeated["layer"], properties: args.repeated["property"], times: instants)
        } catch {
            throw InputError("\(args.positionalPaths[0]): \(error.message)")
        }
        if let plot { try AtomicFile.write(Array(TracePlot(trace).svg.utf8), to: plot) }
        try writeStandardOutput(Array((format == "csv" ? trace.csv : trace.json).utf8))
        return 0
    }
}

extension Substring {
    var whitespaceTrimmedText: String { String(self).whitespaceTrimmed }
}
