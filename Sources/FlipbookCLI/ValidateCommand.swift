import Flipbook
import Foundation

/// `flipbook validate FILE…`: checks scene files without rendering.
enum ValidateCommand {
    static let help = """
    USAGE: flipbook validate <scene.json>... [options]

    Checks scene files without rendering anything: syntax, keys, types, values, ids, animations and
    limits. Prints one line per valid file; the first problem of an invalid file names the file, the
    JSON path and what was expected.

    OPTIONS:
    \(SceneOptions.help)
      --help               Show this help.

    EXIT CODES: 0 all valid, 1 a file is invalid, 2 bad usage.
    """

    static func run(_ arguments: [[UInt8]]) throws -> Int32 {
        let args = try ParsedArguments(raw: arguments, valueOptions: SceneOptions.valueOptions, flagOptions: ["help"], command: "validate")
        if args.flags.contains("help") { print(help); return 0 }
        guard !args.positionals.isEmpty else { throw UsageError("'validate' needs a scene file") }
        for path in args.positionalPaths {
            let scene = try SceneOptions.load(path, args)
            let layers = scene.root.allLayers.count - 1
            print("\(path): ok (\(layers) layer\(layers == 1 ? "" : "s"), \(scene.frameCount) frames at \(roundTripText(scene.fps)) fps)")
        }
        return 0
    }
}
