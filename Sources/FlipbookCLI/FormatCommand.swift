import Flipbook
import FlipbookScenes

/// `flipbook format FILE`: the scene as Flipbook writes scene files.
enum FormatCommand {
    static let help = """
    USAGE: flipbook format <scene.json> [options]

    Prints the scene as Flipbook writes scene files (FlipbookScenes.SceneEncoder): every layer with its
    bounds and position, properties in each type's declared order, numbers in their shortest exact
    form. The output loads back to an equal scene and renders the same frames byte for byte. The
    title, description, $schema and lint allowances are not kept (the scene holds no text about
    itself). A template's
    parameters are written bound (their --set values or defaults), with a note: the output is the
    scene it makes, not a template.

    OPTIONS:
    \(SceneOptions.help)
      --help               Show this help.

    EXIT CODES: 0 printed, 1 an invalid scene or a failed write, 2 bad usage.
    """

    static func run(_ arguments: [[UInt8]]) throws -> Int32 {
        let args = try ParsedArguments(raw: arguments, valueOptions: SceneOptions.valueOptions, flagOptions: ["help"], command: "format")
        if args.flags.contains("help") { print(help); return 0 }
        guard args.positionals.count == 1 else { throw UsageError("'format' needs one scene file") }
        let scene = try SceneOptions.load(args.positionalPaths[0], args)
        let declared = try SceneOptions.declaredParameters(args.positionalPaths[0], args).declared
        if !declared.isEmpty {
            printError("flipbook format: note: \(args.positionalPaths[0]) declares \(declared.count) parameter\(declared.count == 1 ? "" : "s") (\(declared.map(\.name).joined(separator: ", "))): written bound to their \(args.repeated["set"] == nil ? "defaults" : "values"); the output is not a template")
        }
        let text: String
        do { text = try SceneEncoder().encode(scene) } catch { throw InputError("\(args.positionalPaths[0]): \(error)") }
        try writeStandardOutput(Array(text.utf8))
        return 0
    }
}
