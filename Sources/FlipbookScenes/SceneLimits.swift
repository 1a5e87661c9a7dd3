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

    public init(frames: Int = 100_000, canvasSide: Double = 16_384, layers: Int = 100_000, keyframes: Int = 100_000, depth: Int = 64) {
        self.frames = frames
        self.canvasSide = canvasSide
        self.layers = layers
        self.keyframes = keyframes
        self.depth = depth
    }
}
