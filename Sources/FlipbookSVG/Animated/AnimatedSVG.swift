import Flipbook

/// One self-contained SVG that plays a whole scene with SMIL animations, and how each animated
/// property was encoded.
public struct AnimatedSVG: Sendable {
    /// How one property of one element is written.
    public struct Entry: Hashable, Sendable {
        /// The layer id (and item) the element draws.
        public var element: String
        /// The SVG attribute or transform component.
        public var property: String
        /// How the format holds the property (`Encoding`).
        public var encoding: Encoding
        public var keyframes: Int
        /// The largest error found by reading the written SMIL back and evaluating it against the
        /// engine at every frame instant and half way between them, in `unit`.
        public var maxError: Double
        public var unit: String
        /// The bound the track must keep, in `unit` (0 for discrete tracks).
        public var bound: Double = 0
        /// The largest error at the frame instants (and the animations' own boundaries) alone: within
        /// the bound even for a fallback, whose keys include every one of them.
        public var errorAtFrames: Double = 0
        /// The largest change between two consecutive frame instants, in `unit`. Key times carry nine
        /// decimals of the duration, so a track can be placed in time to about 1e-9 of it: a value that
        /// moves 1e6 px in a frame (a fuzzer's 9e12 px coordinate) misses by more than the bound there.
        public var largestStep: Double = 0
        /// The largest value the track takes at a frame instant, in `unit`: at 1e14 px a path's
        /// arithmetic (arcs to cubics) is exact only to about 1e-12 of it.
        public var largestMagnitude: Double = 0
    }

    /// How a format holds one animated property; the raw value is the report's word for it.
    public enum Encoding: String, Hashable, Sendable {
        /// The format reproduces the value exactly (splines, holds, jumps).
        case exact
        /// Keyframes within the error bound.
        case sampled
        /// Switches at the right instants.
        case discrete
        /// Even a key at every observed instant leaves an error over the bound (`--strict` refuses it).
        case fallback
        /// Not animated at all: a drawing order that takes more orders than the compiler writes
        /// (`--strict` refuses it too).
        case frozen
        /// The scene is written as one period repeated (the report's first line).
        case periodic
        /// A layer whose timeline has too many knots, observed at the frame instants only.
        case coarse
        /// Written in a form the format's evaluator does not read back (a Lottie trim drawn along a
        /// moving path, a gradient the fill switches between): its error is the SMIL's.
        case notReadBack = "not read back"

        /// Whether the track is written but its error over its bound (`fallback`, `frozen`).
        public var isOverBound: Bool { self == .fallback || self == .frozen }
        /// Whether the entry carries a numeric error that is checked against its bound.
        public var isMeasured: Bool { self == .exact || self == .sampled || self == .fallback }
    }

    /// The compiled document every format writes (`AnimatedDocument`).
    public var document: AnimatedDocument
    /// The SVG text (SMIL, or CSS after `withCSSAnimations()`).
    public var svg: String
    public var report: [Entry]

    /// The document written as SVG with SMIL animations, and its report.
    public init(document: AnimatedDocument, report: [Entry]) {
        self.document = document
        self.svg = document.smil
        self.report = report
    }

    /// The document with `svg` written another way (CSS), and its report.
    init(document: AnimatedDocument, svg: String, report: [Entry]) {
        self.document = document
        self.svg = svg
        self.report = report
    }

    /// The entries whose error is over their bound.
    public var fallbacks: [Entry] { report.filter { $0.encoding.isOverBound } }

    /// The report as aligned text, one line per animated property: the verified error and its bound.
    public var reportText: String { Self.reportText(report) }

    /// `report` as aligned text, one line per animated property: the verified error and its bound.
    public static func reportText(_ report: [Entry]) -> String {
        var lines = ["element\tproperty\tencoding\tkeyframes\tverified error\tbound"]
        for e in report {
            let error = e.encoding == .discrete ? "0" : "\(SVGNumber.format(e.maxError, decimals: 4)) \(e.unit)"
            let bound = e.encoding == .discrete ? "-" : "\(SVGNumber.format(e.bound, decimals: 4)) \(e.unit)"
            lines.append("\(e.element)\t\(e.property)\t\(e.encoding.rawValue)\t\(e.keyframes)\t\(error)\t\(bound)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension Scene {
    /// The whole scene as one self-contained SVG animated with SMIL, and the report of every animated
    /// property (exact where SVG has an encoding; elsewhere sampled and checked within 0.25 px and
    /// 1/255, or listed in `fallbacks`). `jobs`: threads that evaluate the scene's instants
    /// (`AnimatedSVGCompiler.jobs`; the output does not depend on it), default 1; `text`: how text is
    /// written (`AnimatedSVGCompiler.text`).
    public func animatedSVG(jobs: Int = 1, text: SVGTextOptions = SVGTextOptions()) -> AnimatedSVG {
        var compiler = AnimatedSVGCompiler(scene: self)
        compiler.jobs = jobs
        compiler.text = text
        return compiler.compile()
    }

    /// The same scene animated with CSS `@keyframes` instead of SMIL: compiled with
    /// `AnimatedSVGCompiler.target` `.css`, then translated (`AnimatedSVG.withCSSAnimations()`).
    public func animatedSVGWithCSS(jobs: Int = 1, text: SVGTextOptions = SVGTextOptions()) -> AnimatedSVG {
        var compiler = AnimatedSVGCompiler(scene: self)
        compiler.target = .css
        compiler.jobs = jobs
        compiler.text = text
        return compiler.compile().withCSSAnimations()
    }

    /// The animated SVG the Lottie writer translates: compiled with
    /// `AnimatedSVGCompiler.target` `.lottie` (see `AnimatedSVG.lottie(fps:frames:fonts:)`).
    public func animatedSVGForLottie(jobs: Int = 1) -> AnimatedSVG {
        var compiler = AnimatedSVGCompiler(scene: self)
        compiler.target = .lottie
        compiler.jobs = jobs
        return compiler.compile()
    }

    /// Frame `index` as SVG document bytes (UTF-8), as the frames folder holds them.
    public func svgFrameBytes(_ index: Int) -> [UInt8] {
        var renderer = SVGFrameRenderer(canvas: canvas, background: background)
        return renderer.documentBytes(for: presentation(at: frameTime(index))).bytes
    }
}
