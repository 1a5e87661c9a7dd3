/// Upper bounds a scene must respect, so a hostile file cannot exhaust memory or time. Each is
/// documented in Scenes/README.md and can be raised from the command line (`--max-…`).
public struct SceneLimits: Hashable, Sendable {
    /// Frames one render may write (duration × fps + 1). Default 100 000.
    public var frames: Int
    /// Canvas width and height, pixels. Default 16 384.
    public var canvasSide: Double
    /// Layers in the scene, derived ones excluded. Default 100 000.
    public var layers: Int
    /// Values (or key times) in one keyframe animation; items in one list value. Default 100 000.
    public var keyframes: Int
    /// Depth of nested sublayers and animation groups. Default 64.
    public var depth: Int
    /// Bytes of one string (a text layer's text, a font family). Default 1 048 576 (1 MiB).
    public var textBytes: Int
    /// Bytes of a scene file. Default 33 554 432 (32 MiB): parsing is about 5 MB a second.
    public var fileBytes: Int
    /// Estimated work of one render, in steps of about a microsecond (`SceneCost.work`). Default
    /// 20 000 000: about 20 s on the 2-core reference machine.
    public var work: Double
    /// Estimated peak memory of one render, bytes (`SceneCost.memory`). Default 2 GiB.
    public var memory: Double

    public init(frames: Int = 100_000, canvasSide: Double = 16_384, layers: Int = 100_000, keyframes: Int = 100_000, depth: Int = 64,
                textBytes: Int = 1 << 20, fileBytes: Int = 32 << 20, work: Double = 20_000_000, memory: Double = Double(2 << 30)) {
        self.frames = frames
        self.canvasSide = canvasSide
        self.layers = layers
        self.keyframes = keyframes
        self.depth = depth
        self.textBytes = textBytes
        self.fileBytes = fileBytes
        self.work = work
        self.memory = memory
    }
}
