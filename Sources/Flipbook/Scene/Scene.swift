/// A whole animation: canvas, timing of the frames, the model layer tree and a script of timed
/// changes (how a pie chart's values change over time).
public struct Scene: Hashable, Sendable {
    /// Canvas size, pixels.
    public var canvas: Size
    /// Canvas background; clear (none) by default.
    public var background: Color
    /// Length, seconds, ≥ 0.
    public var duration: Double
    /// Frames per second, > 0. Default 60.
    public var fps: Double
    /// Whether the animation loops (then the last frame, equal to the first, is not rendered).
    public var loops: Bool
    /// The model layer tree.
    public var root: Layer
    /// Property changes at given times, applied in time order (ties in list order).
    public var changes: [TimedChange]

    public init(canvas: Size, background: Color = .clear, duration: Double, fps: Double = 60, loops: Bool = false,
                root: Layer, changes: [TimedChange] = []) {
        self.canvas = canvas
        self.background = background
        self.duration = duration
        self.fps = fps
        self.loops = loops
        self.root = root
        self.changes = changes
    }

    /// The model tree at `time`: the root with every change at or before `time` applied, each creating
    /// its implicit animations. A pure function of the scene and the time.
    public func model(at time: Double) -> Layer {
        var model = root
        let ordered = changes.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }
        for (_, change) in ordered where change.time <= time {
            _ = model.withLayer(id: change.layerID, parentTime: change.time) { layer, parentTime in
                for assignment in change.assignments {
                    layer.set(assignment.key, to: assignment.value, atParentTime: parentTime, transaction: change.transaction)
                }
            }
        }
        return model
    }

    /// The presentation tree at `time`, seconds: what every output draws.
    public func presentation(at time: Double) -> Layer {
        model(at: time).presentation(atParentTime: time)
    }

    /// Number of frames: round(duration × fps) + 1, so the last frame shows the end state; one fewer
    /// when the scene loops (its last frame would repeat the first).
    public var frameCount: Int {
        let intervals = Int(saturating: (duration * fps).rounded())
        return loops ? max(intervals, 1) : intervals + 1
    }

    /// The time of frame `index`: index / fps, computed, never accumulated.
    public func frameTime(_ index: Int) -> Double {
        Double(index) / fps
    }
}

/// Properties set on one layer at one time, under one transaction.
public struct TimedChange: Hashable, Sendable {
    /// Seconds in scene time.
    public var time: Double
    /// The id of the layer to change.
    public var layerID: String
    public var assignments: [Assignment]
    public var transaction: Transaction

    public init(time: Double, layerID: String, assignments: [Assignment], transaction: Transaction = Transaction()) {
        self.time = time
        self.layerID = layerID
        self.assignments = assignments
        self.transaction = transaction
    }

    /// One property and its new value.
    public struct Assignment: Hashable, Sendable {
        public var key: AnyPropertyKey
        public var value: PropertyValue

        public init(key: AnyPropertyKey, value: PropertyValue) {
            self.key = key
            self.value = value
        }

        public init<V>(_ key: PropertyKey<V>, _ value: V) {
            self.init(key: AnyPropertyKey(key), value: value.propertyValue)
        }
    }
}
