import Flipbook
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A scene as Lottie (Bodymovin) JSON: shape layers whose groups are the animated document's
/// elements, written from its typed, verified tracks.
public struct LottieFile: Sendable {
    /// The JSON text.
    public var json: String
    /// What the file leaves out (clips it cannot mask, gradient strokes, text without an outliner),
    /// each naming the feature, the layer and its JSON path: empty when the file draws everything the
    /// frames draw.
    public var omissions: [LottieOmission]
    /// Every animated property with its error as the Lottie evaluator (`LottieProperty`) measures it
    /// on this file against the engine; "not read back" for a track held in a form it does not read
    /// (trims, path morphs, sampled gradients), with the SMIL's error.
    public var report: [AnimatedSVG.Entry] = []

    /// The report as aligned text (as `AnimatedSVG.reportText`).
    public var reportText: String { AnimatedSVG.reportText(report) }
}

extension AnimatedSVG {
    /// This animation as Lottie JSON at `fps` frames per second, `frames` frames (in point 0, out point
    /// `frames`): see `LottieWriter`.
    /// - Parameter fonts: lays text out as glyph outlines (FlipbookRaster's `FontSet` lays it out as the
    ///   raster frames do); nil leaves text out. Where the fonts give glyphs, the file is the shorter of
    ///   the two that write each glyph once (`LottieGlyphs`) and each text's outline whole.
    public func lottie(fps: Double, frames: Int, fonts: (any TextFonts)? = nil) -> LottieFile {
        var writer = LottieWriter(document: document, fps: fps, frames: frames)
        writer.fonts = fonts
        let file = writer.write(report: report)
        guard !writer.assets.isEmpty else { return file }
        var whole = LottieWriter(document: document, fps: fps, frames: frames)
        whole.fonts = fonts
        whole.sharesGlyphs = false
        let other = whole.write(report: report)
        return other.json.utf8.count < file.json.utf8.count ? other : file
    }
}

/// Writes the animated document (as the compiler built and verified it) as Lottie JSON. It reads the
/// document's typed elements and tracks, never the SVG text: the numbers are the ones every format
/// writes (`AnimatedDocument+Written`), so the Lottie file shows what the verified SMIL shows.
///
/// ## What becomes what
/// - Each group element is a group (`gr`); each component of its transform list (translate, rotate, scale, a
///   matrix split into translate · rotate · scale) is a nested group whose transform (`tr`) holds it,
///   outermost first, so the product is the SVG's. An animated component carries the SMIL track's keys.
/// - `opacity` is the group's `o` where the group holds one paint; a group fading more paints is a
///   precomposition drawn whole (`LottieIsolation`). `display` (the layer's or item's presence) is a
///   further group whose `o` switches between 0 and 100 with hold keyframes.
/// - A `<path>` is its contours (`sh`, `LottieContour`; path morphs keep their keys) with a stroke
///   (`st`: colour, opacity, width, cap, join, miter limit 10, dashes `d` with offset) above a fill
///   (`fl`, nonzero). Children are listed last-drawn first, as Lottie draws its first item on top.
/// - The background `<rect>` is a rectangle (`rc`) the size of the canvas.
///
/// ## Keys
/// A SMIL `keySpline` (x1 y1 x2 y2) is the keyframe's out tangent `o` = (x1, y1) and the next one's in
/// tangent `i` = (x2, y2): the same cubic Bézier easing, exact. Discrete tracks and `<set>` are hold
/// keyframes (`h`: 1). A jump (two keys at one instant) holds the earlier value from 0.001 frame before
/// it. Repeated tracks are unrolled over the scene. Times are frames: seconds × fps.
///
/// - A `fill="url(#…)"` naming a static linear gradient in user space is a gradient fill (`gf`); a
///   skew is the transform's `sk` (negated: Lottie skews the other way).
///
/// - A top-level group clipped by a rectangle is a layer of its own with the rectangle as its mask
///   (`layers`, `clippedLayer`); the rest is one shape layer per run of unclipped elements.
///
/// - A group with a shadow is a layer of its own carrying Lottie's drop-shadow effect (`LottieShadow`).
///
/// - Text is its glyph outlines from `fonts` (`LottieText`): Lottie's text needs fonts embedded,
///   and rlottie draws none. Each glyph is written once, as an asset, where it can be (`LottieGlyphs`).
///
/// ## Left out (listed in `omissions`)
/// Other clip paths (nested, or under a transform other than a translation), gradient strokes,
/// bounding-box gradients, a fill that switches between a gradient and a colour, text
/// when no outliner is given, a shadowPath's shadow, and a shadow the effect cannot show.
struct LottieWriter {
    typealias Element = AnimatedDocument.Element
    let document: AnimatedDocument
    let fps: Double
    let frames: Int
    var omissions: [LottieOmission] = []
    /// The themable colour parameters a shadow is flooded with: a drop-shadow effect's colour, which
    /// ThorVG does not replace from a slot (a `sid` set on it changed nothing), so it stays.
    var fixedShadowThemes: Set<String> = []
    /// The layer whose elements are being written (the nearest element that names one).
    var layer: String?
    /// What the writer wrote for the document's checked tracks, read back after writing (`measured`).
    let probes = LottieProbes()
    /// The document's linear gradients and clip paths by id.
    var definitions: [String: Element] = [:]
    /// Lays text out (`AnimatedSVG.lottie(fps:frames:fonts:)`); nil leaves text out.
    var fonts: (any TextFonts)?
    /// Whether text whose fonts give glyphs is written with each glyph once (`LottieGlyphs`).
    var sharesGlyphs = true
    /// The precomposition assets written so far: glyphs and the texts placing them.
    var assets: [JSON] = []
    /// The glyph assets by face, glyph and colour.
    var glyphAssets: [String: GlyphAsset] = [:]

    init(document: AnimatedDocument, fps: Double, frames: Int) {
        self.document = document
        self.fps = fps
        self.frames = frames
        for d in document.definitions {
            if case .keyword(let id)? = d.attribute("id") { definitions[id] = d }
        }
    }

    /// The scene's length in seconds, over which repeated tracks are unrolled.
    var duration: Double { Double(frames) / fps }

    /// The document as Lottie JSON, its report (`report`, the compiler's) measured again on the file.
    mutating func write(report: [AnimatedSVG.Entry] = []) -> LottieFile {
        let width = SVGNumber.representable(document.canvas.width), height = SVGNumber.representable(document.canvas.height)
        let layers = self.layers(canvas: (width, height))
        // A themable colour is a slot only where a property took its id: a fill's or a stroke's colour
        // (a gradient's stops are one property, which one colour's slot cannot replace).
        var slotted: Set<String> = []
        if !document.themes.isEmpty { JSON.array(assets + layers).collectSlotIDs(into: &slotted) }
        let file: JSON = .object([("v", .string("5.7.4")), ("fr", .number(fps)), ("ip", .int(0)), ("op", .int(frames)),
                                  ("w", .int(Int(width.rounded()))), ("h", .int(Int(height.rounded()))), ("nm", .string("Flipbook")),
                                  ("ddd", .int(0)), ("assets", .array(assets)), ("layers", .array(layers))]
                                  + slots(slotted))
        var out = ""
        file.write(to: &out)
        var measured = measured(report)
        for i in measured.indices where measured[i].property == "theme" && measured[i].element.hasPrefix("--")
            && !slotted.contains(String(measured[i].element.dropFirst(2))) {
            measured[i].property = "theme (no slot: none of its colours fills or strokes a shape alone; a gradient's stops are one property)"
        }
        for name in fixedShadowThemes.sorted() {
            measured.append(AnimatedSVG.Entry(element: "--\(name)", property: "fixed colour (a shadow's: ThorVG replaces no effect's colour from a slot)",
                                              encoding: .discrete, keyframes: 0, maxError: 0, unit: ""))
        }
        return LottieFile(json: out + "\n", omissions: omissions, report: measured)
    }

    /// Records `feature` (with `detail`) as left out, for the layer being written.
    mutating func leaveOut(_ feature: LottieOmission.Feature, _ detail: String? = nil) {
        omissions.append(LottieOmission(feature: feature, detail: detail, layer: layer, path: layer.flatMap { document.layerPaths[$0] }))
    }

    // MARK: Reading the document

    /// The attribute's numbers as written, or nil.
    func number(_ e: Element, _ name: String) -> Double? { e.attribute(name)?.written?.first }

    /// The attribute's keyword, or nil.
    func keyword(_ e: Element, _ name: String) -> String? {
        if case .keyword(let k)? = e.attribute(name) { return k }
        return nil
    }

    /// A value's numbers (a number, numbers, a colour's channels), nil for the others.
    static func numbers(_ value: Value) -> [Double]? {
        guard let n = value.written, !n.isEmpty else { return nil }
        return n
    }

    /// A value as x and y: one number is (x, 0), as SVG's translate(x).
    static func pair(_ value: Value) -> [Double]? {
        guard let n = numbers(value) else { return nil }
        return [n[0], n.count > 1 ? n[1] : 0]
    }

    /// A colour value (a static colour, or a colour track's three channels) as red, green, blue, alpha 1.
    static func color(_ value: Value) -> [Double]? {
        switch value {
        case .color: value.written.map { $0 + [1] }
        case .numbers(let v) where v.count == 3: v + [1]
        default: nil
        }
    }

    // MARK: Elements

    /// The canvas's background: a rectangle (`rc`) the size of the canvas.
    func background(canvas: (Double, Double)) -> JSON? {
        let c = document.background
        guard c.alpha > 0 else { return nil }
        var e = Element(.background, attributes: [.init("fill", .color(c))])
        e.attributes[0].theme = document.backgroundTheme
        if c.alpha < 1 { e.attributes.append(.init("fill-opacity", .number(max(c.alpha, 0)))) }
        let rect: JSON = .object([("ty", .string("rc")), ("d", .int(1)), ("p", fixed([canvas.0 / 2, canvas.1 / 2])),
                                  ("s", fixed([canvas.0, canvas.1])), ("r", fixed(0))])
        return .object([("ty", .string("gr")), ("it", .array([rect] + paint(e, "fill") + [transform([])]))])
    }

    mutating func element(_ e: Element, canvas: (Double, Double)) -> JSON? {
        let outer = layer
        if let named = e.layer { layer = named }
        defer { layer = outer }
        switch e.kind {
        case .group:
            var items: [JSON] = []
            for child in e.children.reversed() {
                if let item = element(child, canvas: canvas) { items.append(item) }
            }
            if e.attribute("clip-path") != nil { leaveOut(.clipPath) }
            if e.attribute("mask") != nil { leaveOut(.mask) }
            if e.attribute("filter") != nil { leaveOut(.shadow) }
            guard !items.isEmpty else { return nil }
            var group = items
            // Innermost first: display, opacity, then the transform components from the last to the first.
            if let shown = presence(e) { group = wrap(group, transform: [("o", shown)]) }
            if e.attribute("opacity") != nil || !e.animations(of: "opacity").isEmpty {
                group = wrap(group, transform: [("o", property(e, "opacity", initial: [number(e, "opacity") ?? 1], scale: 100))])
            }
            for component in transformComponents(e).reversed() { group = wrap(group, transform: component) }
            return group.count == 1 ? group[0] : .object([("ty", .string("gr")), ("it", .array(group + [transform([])]))])
        case .path:
            // A shadowPath's shadow: a blurred path.
            if e.attribute("filter") != nil {
                leaveOut(.shadowPath)
                return nil
            }
            return path(e)
        case .text:
            if let item = text(e) { return item }
            leaveOut(.text, String((e.content ?? "").prefix(40)))
            return nil
        default:
            leaveOut(.element, e.kind.rawValue)
            return nil
        }
    }

    // MARK: Paths

    /// The contours of a path value (static, or one a discrete track switches to).
    static func contours(_ value: Value?, mergeClosing: Bool = true) -> [LottieContour]? {
        guard case .path(let p)? = value else { return nil }
        return LottieContour.contours(of: p.path, mergeClosing: mergeClosing)
    }

    mutating func path(_ e: Element) -> JSON? {
        guard let forms = pathForms(e) else { return nil }
        var contours = forms.contours
        let morphs = forms.morphKeys != nil, morphKeys = forms.morphKeys, morphContours = forms.morphContours
        // A circle the document says it draws (a ring's track, an arc's or wedge's dashed circle, twice
        // round): an ellipse item when the stroke shows at most one turn of it.
        var circle: (center: [Double], radius: Double, startDegrees: Double, turns: Int)?
        switch e.geometry {
        case .dashedCircle(let c, let r, let phase, _)?: circle = ([c.x, c.y].map { SVGNumber.representable($0) }, SVGNumber.representable(r), phase * 180 / .pi, 2)
        case .circle(let c, let r)?: circle = ([c.x, c.y].map { SVGNumber.representable($0) }, SVGNumber.representable(r), 0, 1)
        case nil: break
        }
        if morphs { circle = nil }
        // The stroke first: a trim that shows one turn of a twice-round path changes the path written.
        var styles: [JSON] = []
        var ellipse = circle?.turns == 1
        let strokePaint = e.attribute("stroke") ?? (e.animations(of: "stroke").isEmpty ? nil : .color(Color(red: 0, green: 0, blue: 0)))
        if let stroke = strokePaint, stroke != .keyword("none") {
            var gradient: [(String, JSON)]?
            if case .reference = stroke { gradient = gradientFields(e, "stroke") }
            if case .reference = stroke, gradient == nil { leaveOut(.gradientStroke) } else {
                let single = contours.count == 1 && !morphs
                let length = circle.map { Double($0.turns) * 2 * .pi * $0.radius } ?? (single ? contours[0].length : 0)
                // Lottie's ellipse starts at the top, a quarter turn before angle 0: a trim of one turn of
                // the circle is turned by where the circle starts plus that quarter.
                let (items, oneTurn) = self.stroke(e, pathLength: length, twoTurns: circle?.turns == 2,
                                                   turnedBy: (circle?.startDegrees ?? 0) + 90, gradient: gradient)
                styles += items
                if oneTurn { ellipse = true }
            }
        }
        var items: [JSON] = []
        if ellipse, let circle {
            items.append(.object([("ty", .string("el")), ("p", fixed(circle.center)), ("s", fixed([2 * circle.radius, 2 * circle.radius]))]))
            contours = []
        }
        var shapeValues: [JSON] = []
        var shown = forms
        shown.contours = contours
        for index in 0..<max(contours.count, morphContours.map(\.count).max() ?? 0) {
            let value = shapeValue(shown, index: index)
            items.append(.object([("ty", .string("sh")), ("ks", value)]))
            shapeValues.append(value)
        }
        probeMorph(e, forms, values: shapeValues)
        // A path whose strokeEnd animates while its points move (a line graph drawing itself) is dashed
        // by its length at each instant: as a trim, the end is that length's fraction.
        if let morphKeys, morphContours.allSatisfy({ $0.count == 1 }), let tm = morphTrim(e, morphKeys, morphContours.map { $0[0] }),
           let st = styles.firstIndex(where: Self.isDashedStroke) {
            styles[st] = Self.withoutDashes(styles[st])
            styles.insert(tm, at: st)
        }
        // Dashes restart at each contour, as SVG restarts them at each subpath: one group per contour
        // (rlottie carried the pattern from one contour into the next and left a grid line out).
        if items.count > 1, let st = styles.first(where: Self.isDashedStroke), !styles.contains(where: Self.isTrim) {
            let strokes = items.map { JSON.object([("ty", .string("gr")), ("it", .array([$0, st, transform([])]))]) }
            styles.removeAll(where: Self.isDashedStroke)
            items = strokes + (e.attribute("fill") == .keyword("none") ? [] : items)
        }
        items += styles
        if Self.isReference(e.attribute("fill")) || e.animations(of: "fill").contains(where: Self.switchesToReference) {
            if let gradient = gradientFill(e) { items.append(gradient) } else { leaveOut(.gradientFill) }
        } else if e.attribute("fill") != .keyword("none") {
            items += paint(e, "fill")
        }
        var group = [JSON.object([("ty", .string("gr")), ("it", .array(items + [transform([])]))])]
        if let shown = presence(e) { group = wrap(group, transform: [("o", shown)]) }
        return group[0]
    }

    static func isReference(_ value: Value?) -> Bool {
        if case .reference? = value { return true }
        return false
    }

    /// Whether a track switches to a reference (a gradient) at some key.
    static func switchesToReference(_ animation: AnimatedDocument.Animation) -> Bool {
        switch animation {
        case .discrete(let d): d.values.contains(where: isReference) || isReference(d.single?.value)
        case .set(_, let value, _): isReference(value)
        default: false
        }
    }

    static func isTrim(_ item: JSON) -> Bool {
        if case .object(let f) = item, case .string("tm")? = f.first?.1 { return true }
        return false
    }

    static func isDashedStroke(_ item: JSON) -> Bool {
        if case .object(let f) = item, case .string(let type)? = f.first?.1, type == "st" || type == "gs", f.contains(where: { $0.0 == "d" }) { return true }
        return false
    }

    static func withoutDashes(_ item: JSON) -> JSON {
        guard case .object(let f) = item else { return item }
        return .object(f.filter { $0.0 != "d" })
    }

    /// For a moving path dashed [a, b] from its start (offset 0, a + b at least the path's length at
    /// every key): a trim whose end is a / length, at the dash track's keys, the length taken from the
    /// path's keys (interpolated between them as the player interpolates the points). Between keys the
    /// player interpolates the fraction, the SVG the dash and the points: both are samples of the same
    /// curve, checked against the frames by Tools/check-lottie.
    func morphTrim(_ e: Element, _ pathKeys: [Key], _ paths: [LottieContour]) -> JSON? {
        guard let lengths = e.attribute("stroke-dasharray").flatMap(Self.numbers), lengths.count == 2,
              e.animations(of: "stroke-dashoffset").isEmpty, (number(e, "stroke-dashoffset") ?? 0) == 0
        else { return nil }
        let dashKeys = keys(e, "stroke-dasharray", initial: lengths, parse: { Self.numbers($0) }) ?? [Key(time: 0, value: lengths, ease: .hold)]
        let pathLengths = paths.map(\.length)
        func length(at t: Double) -> Double {
            guard let i = pathKeys.lastIndex(where: { $0.time <= t }) else { return pathLengths[0] }
            guard i + 1 < pathKeys.count, pathKeys[i].ease != .hold, pathKeys[i + 1].time > pathKeys[i].time else { return pathLengths[i] }
            let u = (t - pathKeys[i].time) / (pathKeys[i + 1].time - pathKeys[i].time)
            let a = paths[i], b = paths[i + 1]
            guard a.vertices.count == b.vertices.count else { return pathLengths[i] }
            func mix(_ x: [[Double]], _ y: [[Double]]) -> [[Double]] { zip(x, y).map { [$0[0] + ($1[0] - $0[0]) * u, $0[1] + ($1[1] - $0[1]) * u] } }
            return LottieContour(vertices: mix(a.vertices, b.vertices), inTangents: mix(a.inTangents, b.inTangents),
                                 outTangents: mix(a.outTangents, b.outTangents), closed: a.closed).length
        }
        var ends: [Key] = []
        for key in dashKeys {
            guard key.value.count == 2 else { return nil }
            let total = length(at: key.time)
            guard total > 0, key.value[0] + key.value[1] >= total * (1 - 1e-6) else { return nil }
            ends.append(Key(time: key.time, value: [min(100, key.value[0] / total * 100)], ease: key.ease))
        }
        return .object([("ty", .string("tm")), ("s", fixed(0)), ("e", animated(ends)), ("o", fixed(0)), ("m", .int(1))])
    }
}
