import Flipbook
import FlipbookLottie
import FlipbookScenes

/// `flipbook import FILE`: a Lottie file as a scene file.
enum ImportCommand {
    static let help = """
    USAGE: flipbook import <lottie.json> [options]

    Prints the Lottie file as a scene file, as `flipbook format` writes scenes: the composition's
    size, frame rate and in and out points become the canvas, fps and duration (looping); its shape,
    solid and null layers, parenting, in and out points, transforms, shape groups, paths,
    rectangles, ellipses, fills and strokes become layers and keyframe animations. What the file
    holds beyond that is listed on standard error, one line each with its JSON path. `flipbook
    render` reads Lottie files the same way, for every output. A Telegram sticker (.tgs, gzipped
    Lottie) and a dotLottie archive (.lottie: its manifest's first animation) are read as the JSON
    they hold, recognised by their first bytes.

    OPTIONS:
      --strict             Refuse (exit 1, nothing printed) when the import leaves anything out.
    \(SceneOptions.help)
      --help               Show this help.

    EXIT CODES: 0 printed, 1 an unreadable file or (with --strict) something left out, 2 bad usage.
    """

    static func run(_ arguments: [[UInt8]]) throws -> Int32 {
        let args = try ParsedArguments(raw: arguments, valueOptions: SceneOptions.valueOptions, flagOptions: ["help", "strict"], command: "import")
        if args.flags.contains("help") { print(help); return 0 }
        guard args.positionals.count == 1 else { throw UsageError("'import' needs one Lottie file") }
        let path = args.positionalPaths[0]
        let loader = try SceneOptions.loader(args)
        let bytes: [UInt8]
        do { bytes = try SceneOptions.readFile(path, limit: loader.limits.fileBytes) } catch { throw InputError("\(path): \(error.message)") }
        let scene: Scene, imported: LottieImporter
        do throws(SceneError) {
            let json = try loader.parse(bytes, file: path.description)
            guard LottieImporter.isLottie(json) else {
                throw SceneError(file: path.description, path: "", message: "not a Lottie file (an object with \"fr\", \"ip\", \"op\", \"w\", \"h\" and \"layers\")")
            }
            imported = try LottieImporter(json, file: path.description, maxBytes: loader.limits.fileBytes)
        } catch {
            throw InputError(error.description)
        }
        try SceneOptions.report(imported, path, strict: args.flags.contains("strict"))
        scene = try SceneOptions.importedScene(imported, path, loader: loader)
        let text: String
        do { text = try SceneEncoder().encode(scene) } catch { throw InputError("\(path): \(error)") }
        try writeStandardOutput(Array(text.utf8))
        return 0
    }
}
