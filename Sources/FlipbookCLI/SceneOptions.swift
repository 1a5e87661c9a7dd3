import Easing
import Flipbook
import FlipbookFiles
import FlipbookLottie
import FlipbookScenes
import FlipbookSVG
import FlipbookSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Options every command that reads a scene shares: the resource limits.
enum SceneOptions {
    static let valueOptions: Set<String> = ["max-frames", "max-canvas", "max-layers", "max-keyframes", "max-depth",
                                            "max-text", "max-file", "max-work", "max-frame-work", "max-memory", "set"]

    static let help = """
      --set <name>=<value> A value for one of the scene's parameters ("params"), repeatable: a number,
                           a colour ("#34c759", "orange") or a text, checked by its type and range.
      --max-frames <n>     Frames one render may write (default 100000).
      --max-canvas <px>    Largest canvas side in pixels (default 16384).
      --max-layers <n>     Layers in a scene (default 100000).
      --max-keyframes <n>  Items in one list: keyframe values, path elements, dash lengths, gradient
                           stops, timed changes (default 100000).
      --max-depth <n>      Nesting of sublayers and animation groups (default 64, at most 1000).
      --max-text <bytes>   Bytes of one string (default 1048576).
      --max-file <bytes>   Bytes of a scene file, or of the scene a Lottie file imports to (default 33554432).
      --max-work <steps>   Estimated work of one render, in steps of a microsecond of one core
                           (default 20000000 and 100000 more a frame: 20 s, and 0.1 s a frame;
                           `validate --cost` shows the estimates).
      --max-frame-work <steps>
                           Estimated work of one frame (default 2000000, about 2 s).
      --max-memory <MB>    Estimated peak memory of one render, megabytes (default 2048).
    """

    /// The loader with limits raised or lowered by the options.
    static func loader(_ args: ParsedArguments) throws(UsageError) -> SceneLoader {
        var limits = SceneLimits()
        func int(_ name: String) throws(UsageError) -> Int? {
            guard let text = args.options[name] else { return nil }
            guard let v = Int(text), v > 0 else { throw UsageError("--\(name) expects a whole number > 0, got '\(text)'") }
            return v
        }
        if let v = try int("max-frames") { limits.frames = v }
        if let v = try int("max-canvas") { limits.canvasSide = Double(v) }
        if let v = try int("max-layers") { limits.layers = v }
        if let v = try int("max-keyframes") { limits.keyframes = v }
        if let v = try int("max-text") { limits.textBytes = v }
        if let v = try int("max-file") { limits.fileBytes = v }
        for name in ["max-work", "max-frame-work"] {
            guard let text = args.options[name] else { continue }
            guard let v = Double(text), v.isFinite, v > 0 else { throw UsageError("--\(name) expects a number of steps > 0, got '\(text)'") }
            if name == "max-work" { limits.work = v } else { limits.frameWork = v }
        }
        if let v = try int("max-memory") {
            guard v <= 1 << 40 else { throw UsageError("--max-memory is in megabytes, at most \(1 << 40), got \(v)") }
            limits.memory = Double(v) * 1_048_576
        }
        if let v = try int("max-depth") {
            // Every walk of the layer tree recurses once per level; 1000 levels fit the command's stack
            // (see main.swift) many times over, so no flag can make a scene overflow it.
            guard v <= maxDepthCeiling else { throw UsageError("--max-depth is at most \(maxDepthCeiling), got \(v)") }
            limits.depth = v
        }
        return SceneLoader(limits: limits)
    }

    /// Refuses a render whose estimated work (one frame's, or the whole render's) or memory is over
    /// the limits, before anything is written: the message names the estimate, what drives it (with
    /// its JSON path) and the flag that raises it.
    static func checkCost(_ scene: Scene, frames: Int, output: SceneCost.Output, file: BytePath, limits: SceneLimits, jobs: Int?) throws {
        let cost = SceneCost(scene: scene, frames: frames, jobs: jobs ?? Scene.cores, for: output)
        let name = output.name
        let driver = cost.driver(output)
        let frameWork = cost.frameWork(output), work = cost.work(output), memory = cost.memory(output)
        if frameWork > limits.frameWork {
            let driver = cost.frameDriver(output)
            throw InputError("\(file): \(driver.path): one frame of \(name) is estimated at \(steps(frameWork)) steps of work (\(driver.perFrame)), over the limit of \(steps(limits.frameWork)) a frame (about \(seconds(limits.frameWork)) s; raise --max-frame-work)")
        }
        let total = limits.work(frames: output == .animated ? cost.animatedFrames : frames)
        if work > total {
            throw InputError("\(file): \(driver.path): rendering \(name) is estimated at \(steps(work)) steps of work (\(driver.description)), over the limit of \(steps(total)) (about \(seconds(total)) s; raise --max-work, or render fewer frames)")
        }
        if memory > limits.memory {
            throw InputError("\(file): \(driver.path): rendering \(name) is estimated to need \(Int((memory / 1_048_576).rounded(.up))) MB (\(driver.description)), over the limit of \(Int(limits.memory / 1_048_576)) MB (raise --max-memory)")
        }
    }

    /// Seconds for a step count in a message: "20", "0.5".
    static func seconds(_ steps: Double) -> String {
        let s = steps / 1e6
        return s >= 10 ? String(Int(s.rounded())) : String(printf: "%.2g", s)
    }

    /// A step count for a message: "3.2e+08" above a million, else the whole number.
    static func steps(_ v: Double) -> String {
        v >= 1e6 ? String(printf: "%.2g", v) : String(Int(v.rounded()))
    }

    /// The largest --max-depth accepted.
    static let maxDepthCeiling = 1000

    /// Loads the scene at `path` (its bytes as given), turning its error into an input error.
    /// Whether the file is Flipbook's JSON Schema of scene files (its "$id"), read up to 4 KiB in.
    static func isSceneSchema(_ path: BytePath) -> Bool {
        guard let head = try? readFile(path, limit: 1 << 30, prefix: 4096) else { return false }
        return String(decoding: head, as: UTF8.self).contains("\"$id\": \"https://flipbook.invalid/scene.schema.json\"")
    }

    /// `--poster t` (render --animated, verify): the instant the animated SVG's static picture shows,
    /// within the scene's length; nil when not given.
    static func poster(_ args: ParsedArguments, scene: Scene) throws(UsageError) -> Double? {
        guard let text = args.options["poster"] else { return nil }
        if args.options["animated"] == nil, args.options["against"] == nil { throw UsageError("--poster goes with --animated") }
        guard let t = Double(text), t.isFinite, t >= 0, t <= scene.duration else {
            throw UsageError("--poster expects a time in seconds from 0 to the scene's duration (\(SVGNumber.format(scene.duration))), got '\(text)'")
        }
        return t
    }

    static func load(_ path: BytePath, _ args: ParsedArguments) throws -> Scene {
        try loadThemable(path, args).scene
    }

    /// The scene at `path`, and, when it declares themable colour parameters, the probe that marks
    /// their colours in the animated outputs (`Themes.probe`).
    static func loadThemable(_ path: BytePath, _ args: ParsedArguments) throws -> (scene: Scene, theme: ThemeProbe?) {
        let loader = try loader(args)
        let bytes: [UInt8]
        do {
            bytes = try readFile(path, limit: loader.limits.fileBytes)
        } catch {
            throw InputError("\(path): \(error.message)")
        }
        let imported: LottieImporter
        let values = try parameters(args)
        do throws(SceneError) {
            let json = try loader.parse(bytes, file: path.description)
            guard LottieImporter.isLottie(json) else {
                let (declared, resolved) = try loader.resolve(json, file: path.description, parameters: values)
                let scene = try declared.decode(json, values: resolved, loader: loader, file: path.description)
                return (scene, try Themes.probe(json, parameters: declared, values: resolved, loader: loader, file: path.description))
            }
            guard values.isEmpty else { throw SceneError(file: path.description, path: "", message: "--set: a Lottie file declares no parameters") }
            imported = try LottieImporter(json, file: path.description, maxBytes: loader.limits.fileBytes)
        } catch {
            throw InputError(error.description)
        }
        try report(imported, path, strict: args.flags.contains("strict"))
        return (try importedScene(imported, path, loader: loader), nil)
    }

    /// The scene a Lottie import made, held to the limit of a scene file (`--max-file`): the import
    /// writes the scene file the user would otherwise have written, and a file of a few hundred
    /// kilobytes can ask for far more (each stroke of a group draws every path listed before it: a
    /// thousand items made 57,000 layers, 150 MB of scene, 25 s and 2.2 GB to import).
    static func importedScene(_ imported: LottieImporter, _ path: BytePath, loader: SceneLoader) throws -> Scene {
        let text = Array(imported.sceneText.utf8)
        guard text.count <= loader.limits.fileBytes else {
            throw InputError("\(path): the import makes a scene of \(text.count) bytes, over the limit of \(loader.limits.fileBytes) bytes for a scene file (raise --max-file)")
        }
        do {
            return try loader.decode(text, file: path.description)
        } catch {
            throw InputError(error.description)
        }
    }

    /// The parameters the scene at `path` declares (none for a Lottie file).
    static func declaredParameters(_ path: BytePath, _ args: ParsedArguments) throws -> SceneParameters {
        let loader = try loader(args)
        do {
            let bytes = try readFile(path, limit: loader.limits.fileBytes)
            return try SceneParameters(loader.parse(bytes, file: path.description), file: path.description)
        } catch let error as FileError {
            throw InputError("\(path): \(error.message)")
        } catch let error as SceneError {
            throw InputError(error.description)
        }
    }

    /// The values `--set name=value` gives, by name (a name given twice is a usage error).
    static func parameters(_ args: ParsedArguments) throws(UsageError) -> [String: ParameterValue] {
        var values: [String: ParameterValue] = [:]
        for item in args.repeated["set"] ?? [] {
            guard let eq = item.firstIndex(of: "="), eq != item.startIndex else {
                throw UsageError("--set expects name=value (such as --set move=0.8), got '\(DisplayText.escaped(item, limit: 80))'")
            }
            let name = String(item[..<eq])
            guard values[name] == nil else { throw UsageError("--set \(DisplayText.escaped(name, limit: 80)) is given twice") }
            values[name] = .text(String(item[item.index(after: eq)...]))
        }
        return values
    }

    /// What a Lottie file's import left out, one line each on standard error ("FILE: PATH: left out:
    /// …"); with `strict`, an error instead (nothing is rendered).
    static func report(_ imported: LottieImporter, _ path: BytePath, strict: Bool) throws(InputError) {
        guard !imported.omissions.isEmpty else { return }
        let lines = imported.omissions.map { "\(path): \($0.path): \($0.message)" }
        if strict {
            throw InputError(lines.joined(separator: "\n") + "\n\(path): --strict: the import leaves out \(imported.omissions.count) thing\(imported.omissions.count == 1 ? "" : "s") (listed above)")
        }
        for line in lines { printError("warning: " + line) }
    }

    /// The whole file at `path`, a compressed Lottie file inflated (`CompressedInput`): or "no such
    /// file", "is a folder, not a scene file", the system's reason, or why it does not inflate.
    /// With `prefix`, at most that many bytes from the start, as they are.
    static func readFile(_ path: BytePath, limit: Int = .max, prefix: Int = .max) throws(FileError) -> [UInt8] {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw FileError(errno == ENOENT ? "no such file" : "cannot be read (\(FileError.reason(errno)))", code: errno) }
        defer { close(fd) }
        var st = stat()
        fstat(fd, &st)
        if st.st_mode & S_IFMT == S_IFDIR { throw FileError("is a folder, not a scene file") }
        func tooBig(_ size: Int) -> FileError {
            FileError("the file is \(size) bytes, over the limit of \(limit) bytes for a scene file (raise --max-file)")
        }
        if st.st_mode & S_IFMT == S_IFREG && Int(st.st_size) > limit { throw tooBig(Int(st.st_size)) }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError("cannot be read (\(FileError.reason(errno)))", code: errno)
            }
            if n == 0 { return prefix == .max ? try CompressedInput.json(of: data, limit: limit) : data }
            data += chunk[..<n]
            if data.count >= prefix { return Array(data.prefix(prefix)) }
            if data.count > limit { throw tooBig(data.count) }
        }
    }
}
