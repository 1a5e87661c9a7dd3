/// What rendering a scene will take, estimated from the scene alone before any output is written:
/// the work (in steps of a microsecond of one core of the reference machine, a 2-core x86-64 VM) and
/// the peak memory of each output, with the part of the scene that drives them.
///
/// The estimate counts what the renderers' loops run over (`SceneCost+Counting.swift`):
/// - once a render: the process, keyframe values, cubicPaced fixed points, timed changes, model layers;
/// - per frame, for every output: animations evaluated, the layers components derive again, and the
///   drawn layers' ids;
/// - SVG frames: a file, and the path elements, gradient stops and text written;
/// - raster frames: the device pixels (filled and streamed, or PNG-encoded), the outlines the
///   coverage walks, the rows shapes span, dashes, glyphs, gradient pixels times the stops'
///   bisection, and the surfaces of groups drawn on their own — all but the streamed pixels only for
///   the frames drawn (`drawnFrames`: a frame that repeats the one before is a copy, and a PNG frame
///   a file of the same bytes);
/// - the animated SVG: per instant it observes (frames and knots, and the half-way points) its
///   evaluation and the path elements read and fitted; once, the instants it probes (a few for each
///   knot interval, shared by the layers that have it, and those the sampled items' fits halve), each
///   an evaluation of the tree's animations and layers, the trees timed changes build afresh, each
///   layer sampled without an exact form, and the bisection of each text change. (The compiler
///   evaluates the whole tree at a probe only for layers components derive; a layer of the model is
///   read there alone, `LayerAlone`. The probe terms count whole trees, as they were fitted: more
///   than the compile does where the layers are the model's, as in imported Lottie files:
///   confetti.json's animated SVG is estimated at 20 s of the reference machine and took 8.1 s of
///   CPU on a machine that compiles the shipped scenes at 0.5 to 0.8 of its speed; dna.json, whose
///   time is in its path morphs' fits, 4.4 s and 6.2 s.)
/// Terms that measured nothing beyond these (draw items as such, still layers, moving layers whose
/// tracks are exact) are not counted.
/// Drawn content is counted at a few instants (start, middle, end, timed changes, and sixteen more for
/// small scenes), the largest taken; text changes frame by frame when that costs little.
///
/// Each coefficient (`SceneCost.Coefficients`) is measured on whole processes by `Tools/check-cost`, on
/// scenes that raise one count at a time and on every shipped scene at three scales and two frame
/// rates, where the estimate stays within 3× of the CPU time measured (user + system, frames written
/// to a memory file system: a disk adds its own cost per file, 20–720 µs here depending on its state).
/// It reports the public Lottie corpus's files too, most of them within that band; a fit that halves
/// far deeper than its keys suggest (dna.json's path morphs) is beyond what the scene alone tells.
public struct SceneCost: Hashable, Sendable {
    /// An output whose cost is estimated.
    public enum Output: Hashable, Sendable {
        /// Numbered SVG frames.
        case svgFrames
        /// Raster frames at `scale` device pixels per scene pixel, as PNG files (`png`) or a stream of
        /// PPM or raw pixels.
        case raster(scale: Double, png: Bool)
        /// One animated SVG (SMIL or CSS), or the Lottie file made from the same compilation.
        case animated

        /// Raster frames written as PNG files at `scale`.
        public static func png(scale: Double) -> Output { .raster(scale: scale, png: true) }
        /// Raster frames streamed (PPM, RGB, RGBA) at `scale`.
        public static func stream(scale: Double) -> Output { .raster(scale: scale, png: false) }

        /// The output's name in messages: "SVG frames", "PNG frames", "raster frames", "the animated SVG".
        public var name: String {
            switch self {
            case .svgFrames: "SVG frames"
            case .raster(_, let png): png ? "PNG frames" : "raster frames"
            case .animated: "the animated SVG"
            }
        }
    }

    /// A term of the estimate and where in the scene file it comes from.
    public struct Driver: Hashable, Sendable {
        /// What is counted, in words: "11 frames × 100000 layers".
        public var description: String
        /// What one frame counts, for a term that grows with the frames ("100000 layers"); the
        /// description for the others.
        public var perFrame: String
        /// The JSON path of the scene's part that drives it ("duration", "canvas", "layers[0].path").
        public var path: String
    }

    /// One term of an output's work: `quantity` (a count, or a count times frames) times
    /// `coefficient` steps.
    public struct Term: Hashable, Sendable {
        /// The coefficient's name in `Coefficients` (`Tools/check-cost --fit` reads it).
        public var name: String
        public var quantity: Double
        public var coefficient: Double
        /// Whether the term grows with the frames (or, for the animated SVG, the instants observed);
        /// the others are paid once a render.
        public var perFrame: Bool
        public var driver: Driver
        /// For a term that grows with the frames, how many frames it counts: `frames` (the animated
        /// SVG's `animatedFrames`), or `drawnFrames` for the raster work a repeated frame skips, so
        /// that its share of one frame is a drawn frame's. 0 for the others.
        public var frames: Double = 0
        /// quantity × coefficient.
        public var steps: Double { quantity * coefficient }
    }

    /// Frames the output renders.
    public var frames: Int
    /// Threads the render uses (memory grows with them).
    public var jobs: Int
    /// Scene pixels of the canvas (width × height).
    public var canvasPixels: Double
    /// Drawn layers at the busiest instant sampled, generated sublayers included.
    public var layers = 0
    /// Of `layers`, the parts components derive from their values ("pie.slice0"), made again at every
    /// instant their component's values move.
    public var derivedLayers = 0
    /// Draw items (shapes and texts; a layer's background is one) over the instants sampled: for each
    /// layer id, the most it draws at one of them, summed. The animated compiler writes an element, with
    /// tracks over the whole timeline, for every item any instant draws, so layers that come and go
    /// (a nice axis whose ticks change as its data moves) all count.
    public var items = 0
    /// Of `items`, those whose drawing differs between two of the instants sampled (their tracks are
    /// fitted and checked; a still item's are written without sampling).
    public var changingItems = 0
    /// Of `changingItems`, those whose tracks are sampled and fitted adaptively: their layer moves
    /// along a curve SVG has no exact form for (`sampledLayers`), or they are a component's parts.
    public var sampledItems = 0
    /// The knot intervals of the layers that own `sampledItems`, each counted once however many of
    /// them share it: their fits halve each on a grid the items of one interval share.
    public var sampledIntervals = 0
    /// The knot intervals of every layer, each counted once however many layers share it: the
    /// compiler probes each to fit the exact curves between a layer's knots.
    public var knotIntervals = 0
    /// Shape items whose path moves between two of the instants sampled and that the animated SVG
    /// writes as a path morph (no semantic form, a wedge's stroke, a dashed arc): fitted adaptively.
    public var morphingItems = 0
    /// Path elements of the path morphs (`morphingItems`): a path that morphs is fitted point by point.
    public var sampledElements = 0
    /// Path elements of the path morphs of model layers' own paths (keyframed), fitted segment by
    /// segment between their keys.
    public var keyedMorphElements = 0
    /// Layers whose transform, opacity or clip differs between two of the instants sampled (their
    /// transform and opacity tracks are fitted and checked).
    public var movingLayers = 0
    /// Of `movingLayers`, those whose tracks are sampled and fitted adaptively (as `sampledItems`).
    public var sampledLayers = 0
    /// How often a text's string or presence changes from one frame to the next, summed over texts:
    /// each change is a discrete track's switch the animated compiler bisects.
    public var textSwitches = 0
    /// Of `frames`, those raster frames draw and encode: the first, and each whose drawing is not the
    /// frame before's (a still or held frame hands on the bytes of the one before; a stream still
    /// writes them). Counted frame by frame when that costs little (`drawnFrames(_:frames:size:)`) and
    /// the estimate is for raster frames or every output (`init(scene:frames:jobs:for:)`); else every
    /// frame.
    public var drawnFrames = 0
    /// Animations of the model, group children counted.
    public var animations = 0
    /// Timed changes.
    public var changes = 0
    /// The instants of the timed changes within the scene's duration, each counted once.
    public var changeTimes = 0
    /// Values and key times in keyframe animations.
    public var keyframeValues = 0
    /// Values of cubicPaced keyframe animations (their key times are a fixed point, found once).
    public var cubicPacedValues = 0
    /// Model layers, derived ones excluded.
    public var modelLayers = 0
    /// Path elements drawn at the busiest instant sampled.
    public var pathElements = 0
    /// Dashes the stroked shapes draw at the busiest instant sampled (each path's stroked length over
    /// its pattern's, times the pattern's dashes).
    public var dashes = 0.0
    /// The outlines the raster coverage walks at the busiest instant sampled, canvas pixels: each
    /// filled path's length, twice each stroked length, each dash's two ends, three times a text's
    /// font size a byte.
    public var edges = 0.0
    /// Gradient stops drawn at the busiest instant sampled.
    public var gradientStops = 0
    /// Path elements of the wedges SVG frames draw conic gradients with (about five a wedge,
    /// `Gradient.wedgeCount`) at the busiest instant sampled; the animated SVG writes them once.
    public var wedgeElements = 0
    /// Text bytes drawn at the busiest instant sampled.
    public var textBytes = 0
    /// Bytes of the drawn layers' ids at the busiest instant sampled: each frame hashes and compares
    /// them (a 10 MB id took 56 ms a frame, which no other term counted).
    public var idBytes = 0
    /// Deepest nesting of groups drawn into a surface of their own.
    public var isolationDepth = 0
    /// Canvas rows the drawn shapes span, summed over shapes (scene pixels, each shape's box clamped to
    /// the canvas): the rows a raster frame's coverage sweeps walk.
    public var rows = 0.0
    /// Gradient-filled pixels (each shape's box on the canvas), each times 1 + log₂ of its stops (a pixel's
    /// colour is found by bisection).
    public var gradientPixels = 0.0
    /// Pixels of the surfaces of groups drawn on their own (opacity below 1 or a clip): each group's
    /// drawn box, clamped to the canvas, summed.
    public var surfacePixels = 0.0
    /// `surfacePixels` averaged over the instants sampled instead of their largest: what the frames'
    /// work adds up to when groups are drawn on their own only part of the time (a fade in and out). The
    /// work term takes it; memory, which the largest instant needs, takes `surfacePixels`.
    public var meanSurfacePixels = 0.0
    /// The planes shadows are blurred on (`ShadowPlane`), at the instant where they are largest.
    public var shadows: [ShadowPlane] = []

    /// One shadow as the raster painter draws it: its plane (scene pixels², counted twice: the
    /// source drawn again beside it) and σ (scene pixels).
    public struct ShadowPlane: Hashable, Sendable {
        public var area: Double
        public var sigma: Double

        /// The work of blurring the plane at `scale`, in pixel taps: below σ = 8 device pixels
        /// (`GaussianBlur`), the bilinear move and the composite (4) and two passes (rows, columns) of
        /// the kernel's 6σ + 1 taps; from 8, the sums into blocks and the enlargement into the target
        /// (3) and 50 taps on the plane reduced by k = ⌊σ/4⌋ (`DeviceShadow.paintReduced`).
        public func work(scale: Double) -> Double {
            let s = sigma * scale
            let k = (s / 4).rounded(.down)
            let taps = s < 8 ? 4 + 2 * (6 * s + 1) : 3 + 50 / (k * k)
            return area * scale * scale * taps
        }
    }

    /// The pixel passes of every shadow's blur at `scale` (`ShadowPlane.work`).
    func shadowWork(_ scale: Double) -> Double { shadows.reduce(0) { $0 + $1.work(scale: scale) } }
    /// Instants the animated compiler observes beyond the frames (knots), capped as it caps them.
    public var knots = 0
    /// States of formatted numbers' texts the animated compiler looks for between frames (each text
    /// layer with a `format`: the shown steps its number passes); counted in
    /// `knots` too, as they are observed like knots. At most `maxNumberStates` a layer.
    public var numberStates = 0
    /// States of formatted numbers' texts with more than `maxNumberStates`, which the animated
    /// compiler observes at the frames and knots only: for each, its estimated states or the frames
    /// and knots, the fewer (each an element, as `numberStates`: a count to 125.0 in tenths beside an
    /// overshooting one to 87 % was 216 elements, 0.9 s of an estimate of 0.18 s without them).
    public var gridNumberStates = 0
    /// The most states of one formatted number the animated compiler looks for (`numberStates`).
    public static let maxNumberStates = 300
    /// The layers' own knots, summed over layers (as `knots` caps them): the compiler fits each layer's
    /// exact spans between its knots, probing the whole tree.
    public var layerKnots = 0
    /// Frames the animated compiler observes: one period's when the scene repeats itself
    /// (`Scene.repeatingCycle`), else `frames`.
    public var animatedFrames = 0
    /// The model layer (its JSON path) with the most path elements, and the one with the most text.
    var busiestPath = Busiest(path: "layers", count: 0)
    var busiestText = Busiest(path: "layers", count: 0)

    struct Busiest: Hashable, Sendable {
        var path: String
        var count: Int
    }

    /// Instants the animated compiler observes: frames, knots and the half-way points between them.
    public var animatedInstants: Double { 2 * Double(animatedFrames + knots) }

    /// The instants the adaptive fits of a scene's sampled items ask for, together: they halve their
    /// knot intervals on one grid of instants that every track shares (`TrackFitter`). Measured: 450
    /// for a pie of five slices whose values change, 900 to 950 for 100 to 991 slices.
    static let sampledInstants = 1_000.0

    /// Instants the compiler probes in one knot interval to check its exact curves.
    static let probesPerKnotInterval = 25.0

    /// The instants the compiler probes beyond those it observes: `probesPerKnotInterval` a knot
    /// interval, and the sampled items' (`sampledProbes`).
    var probeInstants: Double { Self.probesPerKnotInterval * Double(knotIntervals) + sampledProbes }

    /// Instants the adaptive fits of one knot interval ask for (its grid's, shared by the items whose
    /// layers have that interval).
    static let sampledProbesPerInterval = 50.0

    /// The instants the sampled items' fits ask for, together: `sampledInstants`, or where their layers
    /// have many knot intervals of their own (insta_camera.json's 12 sampled items span 212),
    /// `sampledProbesPerInterval` an interval. How deep a fit halves depends on the curve, which the scene
    /// alone does not tell: dna.json's 46 path morphs span 88 intervals, and their fits evaluated the tree 500,000 times.
    var sampledProbes: Double {
        sampledItems > 0 ? max(Self.sampledInstants, Self.sampledProbesPerInterval * Double(sampledIntervals)) : 0
    }

    /// The animated compiler's cache of evaluated instants: at most this many, and this weight of
    /// them (`Snapshot.weight`: `snapshotNodeWeight` a layer's node, `snapshotSharedWeight` a node an
    /// earlier instant made, 1 a path element or gradient stop). Adaptive sampling asks for no more
    /// instants than it keeps (`Sampler.sampleDepth`).
    public static let snapshotCacheCount = 20_000, snapshotCacheWeight = 4_000_000
    /// A snapshot's weight of a layer's node of its own (its ~232 bytes and their bookkeeping, in
    /// units of ~64 bytes), and of a reference to a node it shares with an earlier snapshot.
    public static let snapshotNodeWeight = 4, snapshotSharedWeight = 1
}
