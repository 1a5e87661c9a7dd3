import Flipbook

/// A scene compiled once, before any format: elements with typed static attributes and typed
/// animations, each numeric track fitted and verified against the engine by the compiler, with the
/// engine's values kept (`TrackCheck`) so that every format's own evaluator can check what it wrote.
/// SMIL (`AnimatedDocument+SMIL`), CSS (`CSSAnimationWriter`) and Lottie (`LottieWriter`) serialise it;
/// none reads another's text.
///
/// The elements are SVG's (groups, paths, texts, gradients, clip paths), since SVG is the richest of
/// the three; a path keeps what it draws semantically (`Geometry`: a dashed circle showing an arc or a
/// wedge, a whole circle) so that a format with those forms (Lottie's ellipse and trim) writes them.
public struct AnimatedDocument: Sendable {
    /// Canvas size, pixels.
    public var canvas: Size
    /// The canvas's background; clear for none.
    public var background: Color
    /// The themable colour parameter the background is (`themed(against:sentinels:)`), written as
    /// `Attribute.theme` is; nil when it is fixed.
    public var backgroundTheme: String? = nil
    /// How long the animations run and whether they loop or repeat.
    public var timing: Timing
    /// Definitions (gradients, clip paths), referred to by id.
    public var definitions: [Element] = []
    /// The drawn elements, in document order.
    public var body: [Element] = []
    /// The scene's JSON path of each model layer by id ("layers[2].sublayers[0]"), for a writer to
    /// say where what it leaves out comes from.
    public var layerPaths: [String: String] = [:]
    /// The SMIL file's reduced-motion form: the scene's frame at `timing.reducedMotionAt` as SVG markup
    /// (its ids prefixed "r" so they cannot meet the document's), shown instead of the animation under
    /// `prefers-reduced-motion: reduce`; nil for none.
    public var reducedMotionStill: String? = nil
    /// With a dissolve for reduced motion (`Scene.reducedMotionCrossfade`): the scene's first frame as
    /// markup (ids prefixed "s"), its background included, and the dissolve's seconds; the still is
    /// then the end state (its background included), and the file (SMIL or CSS) fades the first into
    /// it: the end fades in over the first, (1 − u)·first + u·end at u of the way, exact where the
    /// background is opaque; over a background that is not, the first fades out as well (no part of
    /// it stays where the end is clear); nil for none.
    public var reducedMotionCrossfade: (from: String, seconds: Double)? = nil
    /// The poster: the scene's frame at its poster instant (`Scene.poster`) as SVG markup (ids prefixed
    /// "p"), what the file's static attributes show, hidden as soon as the animation runs; nil for none.
    public var poster: String? = nil
    /// The texts drawn as their glyph outlines (`--text paths`) where the fonts give glyphs, by the
    /// outline a `<path>` draws: its glyphs and their places, for `AnimatedSVG.minified()` to draw each
    /// glyph once (`shareGlyphs`). Not written by any format.
    var glyphTexts: [Path: PlacedGlyphs] = [:]

    /// The time frame every animation is written in.
    public struct Timing: Hashable, Sendable {
        /// Seconds the document's animations span (one period when it repeats).
        public var duration: Double
        /// Whether the scene loops (repeats indefinitely).
        public var loops: Bool
        /// How many times the whole document repeats (a scene compiled as one period); nil for once,
        /// `.infinity` for ever.
        public var repeats: Double?
        /// The scene instant reduced motion holds (`Scene.reducedMotionAt`), seconds; nil for the end.
        public var reducedMotionAt: Double? = nil
        /// The DOM event on the document's root that starts the SMIL animations ("click",
        /// "mouseover"): every begin is counted from it (`begin="fb.click+0.5s"`, the root's id "fb");
        /// nil to start when the document does.
        public var beginEvent: String? = nil
        /// Whether a CSS file's animations follow the page's scroll instead of time: the SVG's view
        /// progress (`view-timeline`) over its `contain` range is the scene's time from start to end.
        public var scrollTimeline = false
    }

    /// One element.
    public struct Element: Sendable {
        public enum Kind: String, Hashable, Sendable {
            case group = "g", path, text
            /// A shared shape drawn again (`AnimatedSVG.minified()`): `href` names a `<path>` in the definitions.
            case use
            /// The canvas's background: a rectangle covering it.
            case background = "rect"
            case clipPath, linearGradient, radialGradient, stop
            /// A mask layer's alpha mask (`RenderNode.mask`).
            case mask
            /// A clip path's rectangle.
            case clipRect
            /// A shadow's filter and its primitives (`SVGShadow`).
            case filter, feGaussianBlur, feOffset, feFlood, feComposite, feMerge, feMergeNode
        }

        public var kind: Kind
        public var attributes: [Attribute] = []
        public var animations: [Animation] = []
        public var children: [Element] = []
        /// A text element's string.
        public var content: String?
        /// What a path draws, when it is more than its points (`Geometry`).
        public var geometry: Geometry?
        /// The id of the scene's model layer the element draws (a group for it, or one of its items);
        /// nil for definitions and the background.
        public var layer: String?

        public init(_ kind: Kind, attributes: [Attribute] = [], animations: [Animation] = [], children: [Element] = []) {
            self.kind = kind
            self.attributes = attributes
            self.animations = animations
            self.children = children
        }

        /// This element with every track check's report entry moved `offset` on (the element was
        /// compiled with a report of its own, appended after `offset` entries).
        func shiftingChecks(by offset: Int) -> Element {
            guard offset != 0 else { return self }
            var copy = self
            copy.animations = animations.map { animation in
                guard case .numeric(var n) = animation else { return animation }
                n.check?.entry += offset
                return .numeric(n)
            }
            copy.children = children.map { $0.shiftingChecks(by: offset) }
            return copy
        }

        /// The attribute named `name`, or nil.
        public func attribute(_ name: String) -> Value? { attributes.first { $0.name == name }?.value }

        /// The animations of attribute `name` (for transforms, "transform").
        public func animations(of name: String) -> [Animation] { animations.filter { $0.attribute == name } }
    }

    /// A static attribute.
    public struct Attribute: Sendable {
        public var name: String
        public var value: Value
        /// For a colour a themable parameter gives: the parameter's name, which the SVG writes as the
        /// CSS custom property `--name` (this value its fallback) and Lottie as a slot (`sid`). nil
        /// for the rest.
        public var theme: String?

        public init(_ name: String, _ value: Value) {
            self.name = name
            self.value = value
        }
    }

    /// A static attribute's value, or one value of a discrete animation.
    public enum Value: Hashable, Sendable {
        /// A number written with `decimals` decimals.
        case number(Double, decimals: Int)
        /// Numbers separated by spaces, three decimals each.
        case numbers([Double])
        /// An opaque colour, `#rrggbb` (its alpha goes in an opacity attribute of its own).
        case color(Color)
        case path(PathValue)
        case transform([TransformStep])
        /// A name the format defines: "none", "evenodd", "round", "middle", "inline", "100%".
        case keyword(String)
        /// Another element, by id (`url(#id)`, or the id itself for `id`).
        case reference(String)
        /// Text, escaped when written (a font family).
        case text(String)

        /// A number with three decimals.
        public static func number(_ v: Double) -> Value { .number(v, decimals: SVGNumber.defaultDecimals) }

        /// The numbers this value holds (a number, numbers, a colour's channels), nil for the others.
        public var doubles: [Double]? {
            switch self {
            case .number(let v, _): [v]
            case .numbers(let v): v
            case .color(let c): [c.red, c.green, c.blue]
            default: nil
            }
        }
    }

    /// Path data: the path and its text as SVG writes it (computed once, by the compiler).
    public struct PathValue: Hashable, Sendable {
        public var path: Path
        public var text: String
    }

    /// One item of a transform list.
    public enum TransformStep: Hashable, Sendable {
        /// `matrix(a b c d tx ty)`: the linear part with six decimals, the translation with three.
        case matrix(Transform2D)
        /// `type(values…)`: translate, rotate (degrees), scale, skewX (degrees).
        case component(type: String, values: [Double])
    }

    /// What a path draws, beyond its points.
    public enum Geometry: Hashable, Sendable {
        /// A circle (centre, radius) traversed twice from `phase` (radians, 0 at 3 o'clock), dashed
        /// [dash, gap, offset] to show an arc (`arc`) or, stroked `width` wide around the mid radius,
        /// a pie or donut slice (`wedge`).
        case dashedCircle(center: Point, radius: Double, phase: Double, wedgeWidth: Double?)
        /// A whole circle written as two half turns.
        case circle(center: Point, radius: Double)
    }

    /// An animation element.
    public enum Animation: Sendable {
        /// Keys of numbers (`<animate>` or `<animateTransform>` with `calcMode="spline"`).
        case numeric(Numeric)
        /// Values that switch (`calcMode="discrete"`), or one switch (`<set>`).
        case discrete(Discrete)
        /// A value set from an instant on (`<set to begin>`).
        case set(attribute: String, value: Value, begin: Double)
        /// A transform component held at one value for the whole document (`<animateTransform values>`).
        case constantTransform(type: String, additive: Bool, values: [Double])

        /// The attribute animated ("transform" for transforms).
        public var attribute: String {
            switch self {
            case .numeric(let n): n.attribute
            case .discrete(let d): d.attribute
            case .set(let attribute, _, _): attribute
            case .constantTransform: "transform"
            }
        }
    }

    /// A numeric track as written: each segment eased by a unit cubic Bézier (`splines[i]` from key i to
    /// i + 1; linear ones included), keys at fractions of [begin, end].
    public struct Numeric: Sendable {
        public var attribute: String
        /// For `<animateTransform>`: translate, rotate, scale, skewX.
        public var transformType: String?
        /// Whether it adds to the value below (a transform component after the first).
        public var additive: Bool
        /// Seconds from the document's start to the track's first and last key.
        public var begin: Double
        public var end: Double
        public var values: [[Double]]
        /// Fractions of [begin, end], non-decreasing, as written (nine decimals).
        public var keyTimes: [Double]
        /// Control points of each segment's easing (x1, y1, x2, y2 in [0, 1], six decimals).
        public var splines: [[Double]]
        public var format: ValueFormat
        /// The engine's values this track was checked against, for other formats' checks.
        public var check: TrackCheck?
    }

    /// How a numeric track's values are written.
    public enum ValueFormat: Sendable {
        case number
        case numbers
        case color
        /// Path data: the template's commands with the values as coordinates.
        case path(PathTemplate)
    }

    /// A path's structure (M, L, C, Z) whose coordinates are a numeric track's values.
    public struct PathTemplate: Sendable {
        var fixed: FixedPath

        /// The path data with `coordinates`.
        public func text(_ coordinates: [Double]) -> String { fixed.data(with: coordinates) }
        /// The path with `coordinates` (lines and cubics).
        public func path(_ coordinates: [Double]) -> Path { fixed.path(with: coordinates) }
    }

    /// A discrete track as written: `values[i]` from `keyTimes[i]` (fractions of the duration, as
    /// written: switches placed up to 2 µs early, more in tracks over 4 s long (`SMILWriter.discrete`),
    /// and rounded down) to the next.
    public struct Discrete: Sendable {
        public var attribute: String
        public var values: [Value]
        public var keyTimes: [Double]
        /// One switch only and no looping: written as `<set to begin>` (begin in seconds).
        public var single: (value: Value, begin: Double)?
    }

    /// What a numeric track was checked against: the engine's value at each instant checked, how an
    /// error is measured, and the bound.
    public struct TrackCheck: @unchecked Sendable {
        /// The report entry's index (its element and property).
        public var entry: Int
        public var times: [Double]
        /// Whether each instant is a frame instant or a knot (the others lie half way between).
        public var onGrid: [Bool]
        public var values: [[Double]]
        public var measure: ([Double], [Double]) -> Double
        public var bound: Double
        /// The engine's value 1e-8 s after an instant, where the compiler needed it (by instant index):
        /// a state shorter than key times can place (an animation of 1e-300 s) counts as shown by
        /// what comes right after it.
        public var later: [Int: [Double]] = [:]
    }

}

extension AnimatedDocument.TrackCheck {
    /// How far from the engine's instant (seconds) SMIL may place a jump of a track spanning `span`
    /// seconds: its key times carry nine decimals of the span, half a step off at most, and the
    /// read-back's own arithmetic; a whole step, 1e-9 of the span, and never less than 1e-8 s. A
    /// sawtooth of a 60 s scene had jumps 3e-8 s off, seen at knots beside them, where its frames
    /// are right: sampled with 4,219 keyframes, or reported a fallback 0.85 off.
    static func smilWindow(span: Double) -> Double { max(1e-8, 1e-9 * span) }

    /// The largest error of a track as a format wrote it, read back by that format's evaluator
    /// (`read`: its value at a document time in the track's units, nil where it does not apply, when
    /// the static value shows), against the engine: at every instant checked, each also tried `window`
    /// either side (the smallest error counts, as the compiler checks SMIL), and over the frame
    /// instants and knots alone. Where the error is over the bound, the engine's value 1e-8 s later
    /// (`later`, as the compiler took it, or else the value at the next instant checked when that is
    /// within `window`) counts as well: a state that lasts less than the format can place (a stepped
    /// bound's last level, held for the one instant an autoreversing cycle turns at, which Lottie's
    /// keys, never two at one instant, show 0.001 frame early) counts as shown by what comes right
    /// after it. Infinity where the numbers do not match in count.
    ///
    /// `adjust` (expected, shown) → shown, when given, brings what a format shows to the track's
    /// terms where the format holds less than the track (a trim shows a dash's stretch of a circle,
    /// not which turn its offset counts from, nor the gap behind it). `loops`: the document repeats
    /// with period `duration` (a looping scene; Lottie players loop too), so `window` past the end is
    /// read too, at its place in the next repetition (as the compiler checks its SMIL).
    ///
    /// `window` (seconds, default 1e-8) is how far from the engine's instant the format may place a
    /// jump: the probes either side lie that far off. A CSS jump's first key, written two steps of
    /// its seven decimals of a percent early, lies up to 2.5e-9 of the track's span before the
    /// engine's (`CSSAnimationWriter.window(span:)`).
    func verify(duration: Double, loops: Bool = false, window: Double = 1e-8, read: (Double) -> [Double]?,
                adjust: (([Double], [Double]) -> [Double])? = nil) -> (all: Double, onGrid: Double) {
        let base = values.first.map { $0.map { SVGNumber.representable($0) } } ?? []
        var worst = 0.0, worstOnGrid = 0.0
        let end = loops ? duration + window : duration
        for (i, t) in times.enumerated() {
            let expected = values[i].map { SVGNumber.representable($0) }
            var best = Double.infinity
            for probe in [t, t - window, t + window] where probe >= 0 && probe <= end {
                let at = probe > duration ? probe - duration : probe
                var shown = read(at) ?? base
                if let adjust { shown = adjust(expected, shown) }
                guard shown.count == expected.count else { continue }
                best = min(best, measure(expected, shown))
                let next = i + 1 < times.count && times[i + 1] - t <= window ? values[i + 1].map { SVGNumber.representable($0) } : nil
                if best > bound, let after = later[i] ?? next, after.count == shown.count {
                    best = min(best, measure(after, adjust.map { $0(after, read(at) ?? base) } ?? shown))
                }
                if best == 0 { break }
            }
            worst = max(worst, best)
            if onGrid[i] { worstOnGrid = max(worstOnGrid, best) }
        }
        return (worst, worstOnGrid)
    }
}
