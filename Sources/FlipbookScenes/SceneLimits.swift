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
    /// Estimated work of one render, in steps of a microsecond of one core of the reference machine
    /// (`SceneCost.work`). Default nil: `defaultWork(frames:)`, which grows with the frames asked for.
    public var work: Double?
    /// Estimated work of one frame, steps (`SceneCost.frameWork`; for the animated SVG, its compile's
    /// share of one frame observed). Default 2 000 000: about 2 s a frame.
    public var frameWork: Double
    /// Estimated peak memory of one render, bytes (`SceneCost.memory`). Default 2 GiB.
    public var memory: Double

    public init(frames: Int = 100_000, canvasSide: Double = 16_384, layers: Int = 100_000, keyframes: Int = 100_000, depth: Int = 64,
                textBytes: Int = 1 << 20, fileBytes: Int = 32 << 20, work: Double? = nil, frameWork: Double = 2_000_000, memory: Double = Double(2 << 30)) {
        self.frames = frames
        self.canvasSide = canvasSide
        self.layers = layers
        self.keyframes = keyframes
        self.depth = depth
        self.textBytes = textBytes
        self.fileBytes = fileBytes
        self.work = work
        self.frameWork = frameWork
        self.memory = memory
    }

    /// The work a render of `frames` frames may take: `work` when set, else 20 000 000 steps and
    /// 100 000 more a frame (20 s, and 0.1 s a frame, on the reference machine): a minute of 1080p at
    /// 60 fps of any shipped scene fits many times over, a hundred frames of 1 s each do not.
    public func work(frames: Int) -> Double {
        work ?? 20_000_000 + 100_000 * Double(max(frames, 0))
    }
}
