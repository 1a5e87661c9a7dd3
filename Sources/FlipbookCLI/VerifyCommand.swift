import Easing
import Flipbook
import FlipbookFiles
import FlipbookOutput
import FlipbookSVG
import FlipbookSupport

/// `flipbook verify FILE --against SCENE`: an animated SVG checked against the scene's compile
/// (`AnimatedFileCheck`), at the scene's frame instants and halfway between them.
enum VerifyCommand {
    static let help = """
    USAGE: flipbook verify <file.svg> --against <scene.json> [--tolerance <t>] [--font <file>] [--text paths] [options]
           flipbook verify <file.svg> --at <seconds>[,<seconds>...]

    Reads an animated SVG (SMIL or CSS) or a Lottie file (JSON). An SVG: it pairs its drawn elements in document order with those of the
    animated SVG Flipbook compiles from the scene (the same kind: CSS when the file's <style> holds
    @keyframes), compares their static attributes and evaluates every animation of both at the scene's
    frame instants and halfway between them. Prints each element's animated attributes whose largest
    difference passes the tolerance, with the instant and both values, and what it could not read.
    The compile is itself within the bound 'render --animated --report' prints of the engine.
    A Lottie file is walked together with the one 'render --lottie' writes for the scene: animated
    properties evaluated at every frame and halfway between, other numbers and texts compared as they
    are, a difference of structure named by its JSON path and the layer's name.

    With --at instead of a scene: every animated attribute of every element with an id, evaluated at
    those instants, one JSON object a line ({"id", "attribute", "time", "value"}), and what it does
    not read; what Tools/check-verify-browser compares with Chromium on files written elsewhere.

    OPTIONS:
      --against <scene>    The scene the file should show.
      --at <seconds,...>   Evaluate the file alone at these instants.
      --tolerance <t>      Largest difference allowed, in the attribute's units (pixels, degrees,
                           colour components in [0, 1]); default 0.001.
      --font <file>        The font the file's text was laid out with (as 'render --font').
      --text paths         The file's text is drawn as paths (as 'render --text paths').
      --poster <t>         The file was written with a poster at t seconds (as 'render --poster').
      --minify             The file was written minified (as 'render --minify').
      --report             Print every animation compared, not only those beyond the tolerance.
    \(SceneOptions.help)
      --help               Show this help.

    EXIT CODES: 0 within the tolerance, 1 a difference beyond it, a structure that differs, or an
    unreadable file or scene, 2 bad usage.
    """

    static func run(_ arguments: [[UInt8]]) throws -> Int32 {
        let args = try ParsedArguments(raw: arguments, valueOptions: SceneOptions.valueOptions.union(["against", "tolerance", "font", "text", "at", "poster"]),
                                       flagOptions: ["help", "report", "minify"], command: "verify")
        if args.flags.contains("help") { print(help); return 0 }
        guard args.positionals.count == 1 else { throw UsageError("'verify' needs one animated SVG file") }
        if let at = args.options["at"] {
            guard args.options["against"] == nil else { throw UsageError("--at evaluates the file alone: leave out --against") }
            return try values(args.positionalPaths[0], at: at)
        }
        guard let scenePath = try args.path("against") else { throw UsageError("'verify' needs the scene: --against <scene.json>") }
        var tolerance = 0.001
        if let text = args.options["tolerance"] {
            guard let t = Double(text), t.isFinite, t >= 0 else { throw UsageError("--tolerance expects a number ≥ 0, got '\(text)'") }
            tolerance = t
        }
        let textAsPaths: Bool
        switch args.options["text"] {
        case nil, "text"?: textAsPaths = false
        case "paths"?: textAsPaths = true
        case let other?: throw UsageError("--text expects text or paths, got '\(other)'")
        }
        let file = args.positionalPaths[0]
        guard let bytes = LocalFile.contents(atPath: file.description) else { throw InputError("\(file): no such file, or it cannot be read") }
        var (scene, theme) = try SceneOptions.loadThemable(scenePath, args)
        if let at = try SceneOptions.poster(args, scene: scene) { scene.poster = at; theme?.scene.poster = at }
        try SceneOptions.checkCost(scene, frames: scene.frameCount, output: .animated, file: scenePath, limits: try SceneOptions.loader(args).limits, jobs: Scene.cores)
        let fonts = try RasterOutput.fonts(fontPath: args.options["font"])
        if bytes.first(where: { ![32, 9, 10, 13].contains($0) }) == UInt8(ascii: "{") {
            return try lottie(file, bytes, scene: scene, scenePath: scenePath, reference: RenderCommand.lottieFile(scene, jobs: Scene.cores, fonts: fonts, theme: theme).json,
                              tolerance: tolerance, report: args.flags.contains("report"))
        }
        let css = String(decoding: bytes, as: UTF8.self).contains("@keyframes")
        let reference = scene.animatedSVG(css: css, fonts: fonts, textAsPaths: textAsPaths, theme: theme, minify: args.flags.contains("minify"))
        var times: [Double] = []
        for i in 0..<scene.frameCount {
            times.append(scene.frameTime(i))
            if i + 1 < scene.frameCount { times.append((scene.frameTime(i) + scene.frameTime(i + 1)) / 2) }
        }
        let check: AnimatedFileCheck
        do {
            check = try AnimatedFileCheck(file: bytes, reference: reference.svg, times: times)
        } catch {
            throw InputError("\(file): not well-formed XML: \(error)")
        }
        let failures = check.failures(tolerance: tolerance)
        func n(_ v: Double) -> String { v.isFinite ? SVGNumber.format(v, decimals: 6) : "different" }
        for entry in args.flags.contains("report") ? check.entries : failures {
            let at = entry.property.hasPrefix("static") ? "" : " at t = \(SVGNumber.format(entry.time, decimals: 6)) s"
            print("\(file): \(entry.element) \(entry.property): \(n(entry.largest))\(at): \(DisplayText.escaped(entry.actual, limit: 120)) where the scene gives \(DisplayText.escaped(entry.expected, limit: 120))")
        }
        for what in check.unread { print("\(file): \(what)") }
        if let structure = check.structure { print("\(file): \(structure): not compared further") }
        let largest = check.entries.map(\.largest).max() ?? 0
        print("\(file): \(check.animations) \(css ? "CSS" : "SMIL") animation\(check.animations == 1 ? "" : "s") at \(check.instants) instants against \(scenePath): largest difference \(n(largest)) (tolerance \(n(tolerance))); \(failures.count) beyond it\(check.unread.isEmpty ? "" : ", \(check.unread.count) not read")")
        return failures.isEmpty && check.structure == nil ? 0 : 1
    }

    /// `verify FILE --at T,…`: the file's animated values, a JSON object a line.
    static func values(_ file: BytePath, at text: String) throws -> Int32 {
        var times: [Double] = []
        for part in text.split(separator: ",") {
            guard let t = Double(String(part).whitespaceTrimmed), t.isFinite else { throw UsageError("--at expects times in seconds separated by commas, got '\(part)'") }
            times.append(t)
        }
        guard let bytes = LocalFile.contents(atPath: file.description) else { throw InputError("\(file): no such file, or it cannot be read") }
        let result: (values: [AnimatedFileCheck.Value], unread: [String])
        do {
            result = try AnimatedFileCheck.values(file: bytes, times: times)
        } catch {
            throw InputError("\(file): not well-formed XML: \(error)")
        }
        var out = ""
        for v in result.values {
            out += "{\"id\": \(JSONString.quoted(v.id)), \"attribute\": \(JSONString.quoted(v.attribute)), \"time\": \(SVGNumber.format(v.time, decimals: 6)), \"value\": \(JSONString.quoted(v.value))}\n"
        }
        for u in result.unread { out += "{\"unread\": \(JSONString.quoted(u))}\n" }
        try writeStandardOutput(Array(out.utf8))
        return 0
    }

    /// `verify FILE.json --against SCENE`: a Lottie file against the scene's (`LottieFileCheck`).
    static func lottie(_ file: BytePath, _ bytes: [UInt8], scene: Scene, scenePath: BytePath, reference: String, tolerance: Double, report: Bool) throws -> Int32 {
        let check: LottieFileCheck
        do {
            check = try LottieFileCheck(file: bytes, reference: reference)
        } catch {
            throw InputError("\(file): not well-formed JSON: \(error)")
        }
        let failures = check.failures(tolerance: tolerance)
        func n(_ v: Double) -> String { v.isFinite ? SVGNumber.format(v, decimals: 6) : "different" }
        for entry in report ? check.entries : failures {
            let at = entry.property == "static" ? "" : " at t = \(SVGNumber.format(entry.time, decimals: 6)) s"
            print("\(file): \(entry.element) (\(entry.property)): \(n(entry.largest))\(at): \(DisplayText.escaped(entry.actual, limit: 120)) where the scene gives \(DisplayText.escaped(entry.expected, limit: 120))")
        }
        for what in check.unread { print("\(file): \(what)") }
        for what in check.structure.prefix(20) { print("\(file): \(what)") }
        if check.structure.count > 20 { print("\(file): … and \(check.structure.count - 20) more differences of structure") }
        let largest = check.entries.map(\.largest).max() ?? 0
        print("\(file): \(check.animations) Lottie animated properties at \(check.instants) instants against \(scenePath): largest difference \(n(largest)) (tolerance \(n(tolerance))); \(failures.count) beyond it\(check.structure.isEmpty ? "" : ", \(check.structure.count) of structure")\(check.unread.isEmpty ? "" : ", \(check.unread.count) not read")")
        return failures.isEmpty && check.structure.isEmpty ? 0 : 1
    }
}
