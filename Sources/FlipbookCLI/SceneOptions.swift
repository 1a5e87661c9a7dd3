import Flipbook
import FlipbookFiles
import FlipbookScenes
import Foundation

/// Options every command that reads a scene shares: the resource limits.
enum SceneOptions {
    static let valueOptions: Set<String> = ["max-frames", "max-canvas", "max-layers", "max-keyframes", "max-depth"]

    static let help = """
      --max-frames <n>     Frames one render may write (default 100000).
      --max-canvas <px>    Largest canvas side in pixels (default 16384).
      --max-layers <n>     Layers in a scene (default 100000).
      --max-keyframes <n>  Values in one keyframe animation or list (default 100000).
      --max-depth <n>      Nesting of sublayers and animation groups (default 64, at most 1000).
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
        if let v = try int("max-depth") {
            // Every walk of the layer tree recurses once per level; 1000 levels fit the command's stack
            // (see main.swift) many times over, so no flag can make a scene overflow it.
            guard v <= maxDepthCeiling else { throw UsageError("--max-depth is at most \(maxDepthCeiling), got \(v)") }
            limits.depth = v
        }
        return SceneLoader(limits: limits)
    }

    /// The largest --max-depth accepted.
    static let maxDepthCeiling = 1000

    /// Loads the scene at `path` (its bytes as given), turning its error into an input error.
    static func load(_ path: BytePath, _ args: ParsedArguments) throws -> Scene {
        let loader = try loader(args)
        let bytes: [UInt8]
        do {
            bytes = try readFile(path)
        } catch {
            throw InputError("\(path): \(error.message)")
        }
        do {
            return try loader.decode(bytes, file: path.description)
        } catch {
            throw InputError(error.description)
        }
    }

    /// The whole file at `path`: "no such file", "is a folder, not a scene file", or the system's reason.
    static func readFile(_ path: BytePath) throws(FileError) -> [UInt8] {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw FileError(errno == ENOENT ? "no such file" : "cannot be read (\(FileError.reason(errno)))", code: errno) }
        defer { close(fd) }
        var st = stat()
        fstat(fd, &st)
        if st.st_mode & S_IFMT == S_IFDIR { throw FileError("is a folder, not a scene file") }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError("cannot be read (\(FileError.reason(errno)))", code: errno)
            }
            if n == 0 { return data }
            data += chunk[..<n]
        }
    }
}
