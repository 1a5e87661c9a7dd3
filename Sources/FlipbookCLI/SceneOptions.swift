import Flipbook
import FlipbookScenes

/// Options every command that reads a scene shares: the resource limits.
enum SceneOptions {
    static let valueOptions: Set<String> = ["max-frames", "max-canvas", "max-layers", "max-keyframes", "max-depth"]

    static let help = """
      --max-frames <n>     Frames one render may write (default 100000).
      --max-canvas <px>    Largest canvas side in pixels (default 16384).
      --max-layers <n>     Layers in a scene (default 100000).
      --max-keyframes <n>  Values in one keyframe animation or list (default 100000).
      --max-depth <n>      Nesting of sublayers and animation groups (default 64).
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
        if let v = try int("max-depth") { limits.depth = v }
        return SceneLoader(limits: limits)
    }

    /// Loads the scene, turning its error into an input error.
    static func load(_ path: String, _ args: ParsedArguments) throws -> Scene {
        let loader = try loader(args)
        do {
            return try loader.load(contentsOf: path)
        } catch {
            throw InputError(error.description)
        }
    }
}
