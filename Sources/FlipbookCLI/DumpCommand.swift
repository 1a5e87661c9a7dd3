import Flipbook
import FlipbookSVG
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `flipbook dump SCENE --at T`: the presentation tree at T as JSON.
enum DumpCommand {
    static let help = """
    USAGE: flipbook dump <scene.json> [--at <seconds>] [options]

    Prints the presentation tree at the given time as JSON: every layer (derived ones of components
    included) with its id, type and every property at its resolved value, in scene-file units
    (pixels, degrees, colours as #rrggbb or #rrggbbaa, paths as SVG path data).

    OPTIONS:
      --at <seconds>       The time to show (default 0).
    \(SceneOptions.help)
      --help               Show this help.

    EXIT CODES: 0 printed, 1 an invalid scene or a failed write to standard output, 2 bad usage.
    """

    static func run(_ arguments: [[UInt8]]) throws -> Int32 {
        let args = try ParsedArguments(raw: arguments, valueOptions: SceneOptions.valueOptions.union(["at"]), flagOptions: ["help"], command: "dump")
        if args.flags.contains("help") { print(help); return 0 }
        guard args.positionals.count == 1 else { throw UsageError("'dump' needs one scene file") }
        var time = 0.0
        if let text = args.options["at"] {
            guard let t = Double(text), t.isFinite else { throw UsageError("--at expects a time in seconds, got '\(text)'") }
            time = t
        }
        let scene = try SceneOptions.load(args.positionalPaths[0], args)
        try writeStandardOutput(Array(scene.presentationJSON(at: time).utf8))
        return 0
    }
}

/// The presentation tree as JSON, values in scene-file units.
