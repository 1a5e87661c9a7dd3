/// One frame of a scene: its index, its time and the presentation tree every output draws.
public struct Frame: Hashable, Sendable {
    /// Frame number from 0.
    public var index: Int
    /// Seconds: index / fps.
    public var time: Double
    /// The presentation tree at `time`.
    public var presentation: Layer
}

/// The frames of a scene in order, computed one at a time as the sequence is walked.
public struct SceneFrames: RandomAccessCollection, Sendable {
    /// The scene the frames are of.
    public let scene: Scene
    /// The frame numbers walked, a sub-range of 0..<frameCount.
    public let indices: Range<Int>

    public var startIndex: Int { indices.lowerBound }
    public var endIndex: Int { indices.upperBound }

    public subscript(index: Int) -> Frame {
        let time = scene.frameTime(index)
        return Frame(index: index, time: time, presentation: scene.presentation(at: time))
    }
}

extension Scene {
    /// Every frame, 0 ..< frameCount, each computed when read.
    public var frames: SceneFrames { SceneFrames(scene: self, indices: 0..<frameCount) }

    /// The frames numbered `range` (clamped to 0 ..< frameCount).
    public func frames(_ range: Range<Int>) -> SceneFrames {
        SceneFrames(scene: self, indices: range.clamped(to: 0..<frameCount))
    }
}
