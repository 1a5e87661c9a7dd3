import Easing
import FlipbookSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// What reduced motion (`prefers-reduced-motion: reduce`) shows in the animated outputs that honour
    /// it: the instant held, seconds in [0, duration]; nil (the default) for the end state.
    public var reducedMotionAt: Double?
    /// Reduced motion as a dissolve instead: the start's picture fades into the end state's over this
    /// many seconds (> 0) from the start, with no movement; nil (the default) for none. Exclusive with
    /// `reducedMotionAt`.
    public var reducedMotionCrossfade: Double?
    /// The instant the animated SVG's static picture shows (what a renderer that does not animate
    /// draws, before any animation runs), seconds in [0, duration]; nil (the default) for none: the
    /// static attributes then show the start.
    public var poster: Double?
    /// The model layer tree.
    public var root: Layer { didSet { models = ModelCache() } }
    /// Property changes at given times, applied in time order (ties in list order).
    public var changes: [TimedChange] { didSet { models = ModelCache() } }
    /// Models after the first n changes, shared by every frame between two changes.
    private var models = ModelCache()

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

    /// A scene whose root is the canvas, as scene files make it: a plain layer with id "root", the
    /// canvas as bounds and anchorPoint (0, 0), holding `layers`.
    public init(canvas: Size, background: Color = .clear, duration: Double, fps: Double = 60, loops: Bool = false,
                layers: [Layer], changes: [TimedChange] = []) {
        var root = Layer(id: "root", sublayers: layers)
        root[.bounds] = Rect(origin: .zero, size: canvas)
        root[.anchorPoint] = .zero
        self.init(canvas: canvas, background: background, duration: duration, fps: fps, loops: loops, root: root, changes: changes)
    }

    /// The model tree at `time`: the root with every change at or before `time` applied, each creating
    /// its implicit animations. A pure function of the scene and the time.
    public func model(at time: Double) -> Layer {
        model(afterChanges: changeCount(at: time))
    }

    /// How many timed changes apply at or before `time`: the model at `time` is the model after that
    /// many (in time order), so two instants with the same count share one model. A binary search of
    /// the changes in time order: O(log n) (the timeline asks it once a change).
    func changeCount(at time: Double) -> Int {
        let ordered = models.order(of: changes)
        var lo = 0, hi = ordered.count      // changes before lo apply; from hi on, none does
        while lo < hi {
            let mid = (lo + hi) / 2
            if changes[ordered[mid]].time <= time { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The model after the first `count` timed changes in time order, replicators drawing their
    /// instances (`Layer.expandingReplicators()`: after the changes, so a change to a replicated layer
    /// reaches every instance).
    func model(afterChanges count: Int) -> Layer {
        let ordered = models.order(of: changes)
        return models.model(after: count, shown: { $0.expandingReplicators() }) { (start: Int, base: Layer?) in
            var model = base ?? root
            for index in ordered[start..<count] {
                let change = changes[index]
                switch change.edit {
                case .remove? where change.fade > 0 && change.fade.isFinite:
                    // onOrderOut: from what it shows to 0 over the fade, then 0 for ever.
                    _ = model.withLayer(id: change.layerID, parentTime: change.time) { layer, parentTime in
                        let from = layer.presentationValue(of: AnyPropertyKey(PropertyKey<Double>.opacity), atParentTime: parentTime)
                        var fade = Animation.basic(.opacity, from: Double(propertyValue: from) ?? 1, to: 0, duration: change.fade,
                                                   beginTime: layer.timing.layerLocalTime(parentTime))
                        fade.timing.fillMode = .forwards
                        fade.isRemovedOnCompletion = false
                        layer.add(fade, forKey: "onOrderOut")
                    }
                case .remove?:
                    _ = model.removeSublayer(id: change.layerID)
                case .add(var added, let position)?:
                    if change.fade > 0, change.fade.isFinite { added.add(TimedChange.fadeIn(change.fade), forKey: "onOrderIn") }
                    _ = model.withLayer(id: change.layerID, parentTime: change.time) { parent, parentTime in
                        added.timing.beginTime += parent.timing.layerLocalTime(parentTime)
                        parent.sublayers.insert(added, at: min(max(position ?? parent.sublayers.count, 0), parent.sublayers.count))
                    }
                case nil:
                    _ = model.withLayer(id: change.layerID, parentTime: change.time) { layer, parentTime in
                        for assignment in change.assignments {
                            layer.set(assignment.key, to: assignment.value, atParentTime: parentTime, transaction: change.transaction)
                        }
                    }
                }
            }
            return model
        }
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

/// Properties set on one layer at one time, under one transaction; or a layer added or removed then.
public struct TimedChange: Hashable, Sendable {
    /// Seconds in scene time.
    public var time: Double
    /// The id of the layer to change: the parent a layer is added to, or the layer removed.
    public var layerID: String
    public var assignments: [Assignment]
    public var transaction: Transaction
    /// A layer added or removed (nil: the assignments only).
    public var edit: Edit?
    /// The action of a layer added or removed (Core Animation's onOrderIn, onOrderOut): a fade of this
    /// many seconds, linear; 0 (the default, as Core Animation's) for none. An added layer's opacity
    /// rises from 0 to its own over the fade (its time starting when it is added); a removed layer's
    /// falls from what it shows to 0 over the fade and stays at 0: it is drawn no more, as if removed
    /// at the fade's end (it keeps its place in the model, where no later change may name it).
    public var fade: Double = 0

    /// A change of the layer tree at a scene time (`addSublayer`, `removeFromSuperlayer`).
    public enum Edit: Hashable, Sendable {
        /// Adds the layer (with its sublayers) to the change's layer at `index` among its sublayers
        /// (nil or past the end: on top). Its time starts when it is added: its timing's beginTime is
        /// moved by its parent's time at the change, so its animations run from then, as animations
        /// added to a layer when it joins the tree do in Core Animation. No action runs (onOrderIn has
        /// none by default).
        case add(Layer, index: Int?)
        /// Removes the change's layer with its sublayers (onOrderOut has no action by default).
        case remove
    }

    /// Adds `layer` to the layer `parent` at `time` (see `Edit.add`), fading in over `fade` seconds.
    public static func add(_ layer: Layer, to parent: String, at index: Int? = nil, time: Double, fade: Double = 0) -> TimedChange {
        var change = TimedChange(time: time, layerID: parent, assignments: [])
        change.edit = .add(layer, index: index)
        change.fade = fade
        return change
    }

    /// Removes the layer `id` (with its sublayers) at `time`, fading out over `fade` seconds first.
    public static func remove(_ id: String, time: Double, fade: Double = 0) -> TimedChange {
        var change = TimedChange(time: time, layerID: id, assignments: [])
        change.edit = .remove
        change.fade = fade
        return change
    }

    /// The onOrderIn fade (`fade`) as an animation of the added layer's opacity from 0, in its own time.
    static func fadeIn(_ duration: Double) -> Animation {
        .basic(.opacity, from: 0, duration: duration)
    }

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

/// The models of a scene after each count of applied changes, computed once and shared by the frames
/// (re-applying every change for every frame cost a tenth of a frame). A cache, not state: every
/// cache equals every other, and replacing the root or the changes replaces it.
final class ModelCache: Hashable, @unchecked Sendable {
    private let lock = CacheLock()
    private var ordered: [Int]?
    /// The models as changes left them, and as drawn (replicators expanded).
    private var models: [Int: (raw: Layer, shown: Layer)] = [:]

    /// The indices of `changes` in time order (ties in list order).
    func order(of changes: [TimedChange]) -> [Int] {
        lock.lock()
        defer { lock.unlock() }
        if let ordered { return ordered }
        let sorted = changes.indices.sorted { a, b in
            changes[a].time != changes[b].time ? changes[a].time < changes[b].time : a < b
        }
        ordered = sorted
        return sorted
    }

    /// The model after the first `count` ordered changes, as `shown` makes it from the model the
    /// changes leave; `build(start, base)` applies changes `start..<count` to `base`, the cached model
    /// after `start` changes as they left it (nil: the root, start 0).
    func model(after count: Int, shown: (Layer) -> Layer, _ build: (Int, Layer?) -> Layer) -> Layer {
        lock.lock()
        if let hit = models[count] {
            lock.unlock()
            return hit.shown
        }
        let start = models.keys.filter { $0 < count }.max()
        let base = start.flatMap { models[$0]?.raw }
        lock.unlock()
        let model = build(start ?? 0, base)
        let drawn = shown(model)
        lock.lock()
        if models.count >= 256 { models.removeAll() }
        models[count] = (model, drawn)
        lock.unlock()
        return drawn
    }

    static func == (a: ModelCache, b: ModelCache) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
