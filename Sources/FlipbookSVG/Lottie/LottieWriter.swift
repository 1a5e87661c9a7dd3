import Flipbook
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A scene as Lottie (Bodymovin) JSON: shape layers whose groups are the animated SVG's elements,
/// translated from the compiler's verified SMIL tracks.
public struct LottieFile: Sendable {
    /// The JSON text.
    public var json: String
    /// What the file leaves out, one line each (clips it cannot mask, gradient strokes, text without
    /// fonts): empty when the file draws everything the frames draw.
    public var omissions: [String]
}

extension AnimatedSVG {
    /// This animation as Lottie JSON at `fps` frames per second, `frames` frames (in point 0, out point
    /// `frames`): see `LottieWriter`.
    /// - Parameter textOutline: the glyph outlines of a line of text in its layer's space (FlipbookRaster's
    ///   `FontSet.outline(of:)` lays text out as the raster frames do); nil leaves text out.
    public func lottie(fps: Double, frames: Int, textOutline: ((TextDrawing) -> Path?)? = nil) -> LottieFile {
        var writer = LottieWriter(fps: fps, frames: frames)
        writer.textOutline = textOutline
        return writer.write(svg)
    }
}

/// Translates the animated SVG (as the compiler wrote and verified it) into Lottie JSON.
///
/// ## What becomes what
/// - Each `<g>` is a group (`gr`); each component of its transform list (translate, rotate, scale, a
///   matrix split into translate · rotate · scale) is a nested group whose transform (`tr`) holds it,
///   outermost first, so the product is the SVG's. An animated component carries the SMIL track's keys.
/// - `opacity` is the group's `o`; `display` (the layer's or item's presence) a further group whose
///   `o` switches between 0 and 100 with hold keyframes.
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
/// - Text is its glyph outlines from `textOutline` (`LottieText`): Lottie's text needs fonts embedded,
///   and rlottie draws none.
///
/// ## Left out (listed in `omissions`)
/// Other clip paths (nested, or under a transform other than a translation), gradient strokes,
/// radial or bounding-box gradients, a fill that switches between a gradient and a colour, and text
/// when no outliner is given.
struct LottieWriter {
    let fps: Double
    let frames: Int
    var omissions: [String] = []
    /// The document's linear gradients by id.
    var gradients: [String: SVGElement] = [:]
    /// Glyph outlines for text (`AnimatedSVG.lottie(fps:frames:textOutline:)`); nil leaves text out.
    var textOutline: ((TextDrawing) -> Path?)?

    init(fps: Double, frames: Int) {
        self.fps = fps
        self.frames = frames
    }

    /// The scene's length in seconds, over which repeated tracks are unrolled.
    var duration: Double { Double(frames) / fps }

    mutating func write(_ svg: String) -> LottieFile {
        guard let root = SVGElement.parse(svg) else { return LottieFile(json: "{}", omissions: ["no SVG"]) }
        let width = Double(root.attributes["width"] ?? "0") ?? 0, height = Double(root.attributes["height"] ?? "0") ?? 0
        for defs in root.children where defs.name == "defs" {
            for g in defs.children where g.name == "linearGradient" {
                if let id = g.attributes["id"] { gradients[id] = g }
            }
        }
        let layers = self.layers(root, canvas: (width, height))
        let file: JSON = .object([("v", .string("5.7.4")), ("fr", .number(fps)), ("ip", .int(0)), ("op", .int(frames)),
                                  ("w", .int(Int(width.rounded()))), ("h", .int(Int(height.rounded()))), ("nm", .string("Flipbook")),
                                  ("ddd", .int(0)), ("assets", .array([])), ("layers", .array(layers))])
        var out = ""
        file.write(to: &out)
        return LottieFile(json: out + "\n", omissions: omissions)
    }

    // MARK: Elements

    mutating func element(_ e: SVGElement, canvas: (Double, Double)) -> JSON? {
        switch e.name {
        case "g":
            var items: [JSON] = []
            for child in e.children.reversed() {
                if let item = element(child, canvas: canvas) { items.append(item) }
            }
            if e.attributes["clip-path"] != nil { omissions.append("a clip path (the content is drawn unclipped)") }
            guard !items.isEmpty else { return nil }
            var group = items
            // Innermost first: display, opacity, then the transform components from the last to the first.
            if let shown = presence(e) { group = wrap(group, transform: [("o", shown)]) }
            if e.attributes["opacity"] != nil || !e.animations(of: "opacity").isEmpty {
                group = wrap(group, transform: [("o", property(e, "opacity", initial: [Double(e.attributes["opacity"] ?? "1") ?? 1], scale: 100))])
            }
            for component in transformComponents(e).reversed() { group = wrap(group, transform: component) }
            return group.count == 1 ? group[0] : .object([("ty", .string("gr")), ("it", .array(group + [transform([])]))])
        case "path":
            return path(e)
        case "rect" where e.attributes["width"] == "100%":
            let fill = paint(e, "fill")
            let rect: JSON = .object([("ty", .string("rc")), ("d", .int(1)), ("p", fixed([canvas.0 / 2, canvas.1 / 2])),
                                      ("s", fixed([canvas.0, canvas.1])), ("r", fixed(0))])
            return .object([("ty", .string("gr")), ("it", .array([rect] + fill + [transform([])]))])
        case "text":
            if let item = text(e) { return item }
            omissions.append("text '\(e.text.prefix(40))'")
            return nil
        case "defs":
            return nil
        default:
            omissions.append("an SVG <\(e.name)> element")
            return nil
        }
    }

    // MARK: Paths

    mutating func path(_ e: SVGElement) -> JSON? {
        guard let d = e.attributes["d"], var contours = LottieContour.parse(d) else {
            omissions.append("a path whose data this writer does not read")
            return nil
        }
        var morph = e.animations(of: "d").first
        var morphKeys: [Key]?
        var morphContours: [[LottieContour]] = []
        if let track = morph {
            let keyList = keys(track, initial: [0], parse: { _ in [0] })
            morphKeys = keyList
            morphContours = keyList.map { key in LottieContour.parse(key.text ?? d) ?? contours }
            // One key from t = 0 (a `<set>` at 0: the wedge a pie slice is drawn as): a static path.
            if keyList.count == 1, keyList[0].time == 0 {
                contours = morphContours[0]
                morph = nil
                morphKeys = nil
                morphContours = []
            }
        }
        // The stroke first: a trim that shows one turn of a twice-round path changes the path written.
        var styles: [JSON] = []

        if let stroke = e.attributes["stroke"] ?? (e.animations(of: "stroke").isEmpty ? nil : "#000000"), stroke != "none" {
            if stroke.hasPrefix("url(") { omissions.append("a gradient stroke") } else {
                let single = contours.count == 1 && morph == nil
                let (items, oneTurn) = self.stroke(e, pathLength: single ? contours[0].length : 0,
                                                   twoTurns: single && contours[0].firstTurn != nil)
                styles += items
                if oneTurn, let turn = contours[0].firstTurn { contours = [turn] }
            }
        }
        var items: [JSON] = []
        let count = max(contours.count, morphContours.map(\.count).max() ?? 0)
        for index in 0..<count {
            func shape(_ c: [LottieContour]) -> JSON {
                let contour = index < c.count ? c[index] : LottieContour(vertices: [[0, 0]], inTangents: [[0, 0]], outTangents: [[0, 0]], closed: false)
                return .object([("c", .bool(contour.closed)), ("v", .array(contour.vertices.map(numberArray))),
                                ("i", .array(contour.inTangents.map(numberArray))), ("o", .array(contour.outTangents.map(numberArray)))])
            }
            // A circle is an ellipse item: a few bytes instead of six vertices. Lottie's ellipse starts
            // at the top, a quarter turn before angle 0, so a trim turned for the contour turns further.
            if morphKeys == nil, count == 1, let circle = contours[0].circle {
                items.append(.object([("ty", .string("el")), ("p", fixed(circle.center)), ("s", fixed([2 * circle.radius, 2 * circle.radius]))]))
                let shift = circle.startDegrees + 90
                if shift.magnitude > 1e-9 { styles = styles.map { Self.turnTrim($0, by: shift) } }
                continue
            }
            let value: JSON
            if let morphKeys {
                value = animated(morphKeys, values: morphContours.map { .array([shape($0)]) }, shapes: true)
            } else {
                value = .object([("a", .int(0)), ("k", shape(contours))])
            }
            items.append(.object([("ty", .string("sh")), ("ks", value)]))
        }
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
            let fill = e.attributes["fill"] ?? "#000000"
            items = strokes + (fill == "none" ? [] : items)
        }
        items += styles
        let fill = e.attributes["fill"] ?? "#000000"
        if fill.hasPrefix("url(") || e.animations(of: "fill").contains(where: { ($0["values"] ?? $0["to"] ?? "").contains("url(") }) {
            if let gradient = gradientFill(e) { items.append(gradient) } else { omissions.append("a gradient fill") }
        } else if fill != "none" {
            items += paint(e, "fill")
        }
        var group = [JSON.object([("ty", .string("gr")), ("it", .array(items + [transform([])]))])]
        if let shown = presence(e) { group = wrap(group, transform: [("o", shown)]) }
        return group[0]
    }

    static func isTrim(_ item: JSON) -> Bool {
        if case .object(let f) = item, case .string("tm")? = f.first?.1 { return true }
        return false
    }

    static func isDashedStroke(_ item: JSON) -> Bool {
        if case .object(let f) = item, case .string("st")? = f.first?.1, f.contains(where: { $0.0 == "d" }) { return true }
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
    func morphTrim(_ e: SVGElement, _ pathKeys: [Key], _ paths: [LottieContour]) -> JSON? {
        guard let dashes = e.attributes["stroke-dasharray"], let lengths = Self.numbers(dashes), lengths.count == 2,
              e.animations(of: "stroke-dashoffset").isEmpty, (Double(e.attributes["stroke-dashoffset"] ?? "0") ?? 0) == 0
        else { return nil }
        let dashKeys = e.animations(of: "stroke-dasharray").first.map { keys($0, initial: lengths, parse: { Self.numbers($0) }) }
            ?? [Key(time: 0, value: lengths, ease: .hold)]
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

    /// A trim (`tm`) whose offset is `degrees` further on; any other item unchanged.
    static func turnTrim(_ item: JSON, by degrees: Double) -> JSON {
        guard case .object(let fields) = item, case .string("tm")? = fields.first?.1 else { return item }
        return .object(fields.map { key, value in
            guard key == "o", case .object(let property) = value else { return (key, value) }
            return (key, .object(property.map { k, v in
                guard k == "k" else { return (k, v) }
                switch v {
                case .number(let x): return (k, .number(x + degrees))
                case .array(let frames):
                    return (k, .array(frames.map { frame in
                        guard case .object(let f) = frame else { return frame }
                        return .object(f.map { fk, fv in
                            guard fk == "s", case .array(let xs) = fv else { return (fk, fv) }
                            return (fk, .array(xs.map { if case .number(let x) = $0 { return .number(x + degrees) }; return $0 }))
                        })
                    }))
                default: return (k, v)
                }
            }))
        })
    }

    func color(_ text: String) -> [Double]? {
        guard text.hasPrefix("#"), text.count == 7 else { return nil }
        let hex = Array(text.dropFirst())
        return stride(from: 0, to: 6, by: 2).map { Double(Int(String(hex[$0...$0 + 1]), radix: 16) ?? 0) / 255 } + [1]
    }

    /// A fill (`fl`) for the element's `fill` and `fill-opacity`.
    func paint(_ e: SVGElement, _ name: String) -> [JSON] {
        let c = color(e.attributes[name] ?? "#000000") ?? [0, 0, 0, 1]
        let colorValue = e.animations(of: name).first.map { animated(keys($0, initial: c, parse: color), precise: true) } ?? fixed(c, precise: true)
        return [.object([("ty", .string("fl")), ("c", colorValue), ("o", property(e, "\(name)-opacity", initial: [Double(e.attributes["\(name)-opacity"] ?? "1") ?? 1], scale: 100)),
                         ("r", .int(1))])]
    }

    /// The stroke (`st`), preceded by a trim (`tm`) when its dashes show one stretch of the path.
    func stroke(_ e: SVGElement, pathLength: Double, twoTurns: Bool) -> ([JSON], oneTurn: Bool) {
        let c = color(e.attributes["stroke"] ?? "#000000") ?? [0, 0, 0, 1]
        let colorValue = e.animations(of: "stroke").first.map { animated(keys($0, initial: c, parse: color), precise: true) } ?? fixed(c, precise: true)
        let caps = ["butt": 1, "round": 2, "square": 3], joins = ["miter": 1, "round": 2, "bevel": 3]
        var fields: [(String, JSON)] = [
            ("ty", .string("st")), ("c", colorValue),
            ("o", property(e, "stroke-opacity", initial: [Double(e.attributes["stroke-opacity"] ?? "1") ?? 1], scale: 100)),
            ("w", property(e, "stroke-width", initial: [Double(e.attributes["stroke-width"] ?? "1") ?? 1], scale: 1)),
            ("lc", .int(caps[e.attributes["stroke-linecap"] ?? "butt"] ?? 1)),
            ("lj", .int(joins[e.attributes["stroke-linejoin"] ?? "miter"] ?? 1)), ("ml", .number(10)),
        ]
        if let dashes = e.attributes["stroke-dasharray"], dashes != "none", var lengths = Self.numbers(dashes) {
            if lengths.count % 2 == 1 { lengths += lengths }
            let track = e.animations(of: "stroke-dasharray").first
            let trackKeys = track.map { keys($0, initial: lengths, parse: { Self.numbers($0).map { $0.count % 2 == 1 ? $0 + $0 : $0 } }) }
            var list: [JSON] = []
            for (i, length) in lengths.enumerated() {
                let value: JSON = trackKeys.map { ks in
                    animated(ks.map { k in Key(time: k.time, value: [i < k.value.count ? k.value[i] : 0], ease: k.ease, text: nil) })
                } ?? fixed(length)
                list.append(.object([("n", .string(i % 2 == 0 ? "d" : "g")), ("nm", .string(i % 2 == 0 ? "dash" : "gap")), ("v", value)]))
            }
            // Players disagree on negative offsets (rlottie draws them elsewhere; lottie-ios shifts them):
            // when the pattern's period never changes, whole periods are added until no offset is negative,
            // which draws the same dashes.
            let initialOffset = Double(e.attributes["stroke-dashoffset"] ?? "0") ?? 0
            var offsetKeys = e.animations(of: "stroke-dashoffset").first.map { keys($0, initial: [initialOffset], parse: { Self.numbers($0) }) }
            let periods = [lengths.reduce(0, +)] + (trackKeys ?? []).map { $0.value.reduce(0, +) }
            let lowest = min(initialOffset, offsetKeys?.map { $0.value[0] }.min() ?? initialOffset)
            var shift = 0.0
            if let period = periods.first, period > 0, periods.allSatisfy({ abs($0 - period) <= 1e-6 * period }), lowest < 0 {
                shift = (-lowest / period).rounded(.up) * period
            }
            let offsetValue: JSON
            if var ks = offsetKeys {
                for i in ks.indices { ks[i].value = ks[i].value.map { $0 + shift } }
                offsetKeys = ks
                offsetValue = animated(ks)
            } else {
                offsetValue = fixed(initialOffset + shift)
            }
            list.append(.object([("n", .string("o")), ("nm", .string("offset")), ("v", offsetValue)]))
            if let t = trim(lengths: lengths, dashKeys: trackKeys, offset: initialOffset, offsetKeys: e.animations(of: "stroke-dashoffset").first.map { keys($0, initial: [initialOffset], parse: { Self.numbers($0) }) }, pathLength: pathLength, twoTurns: twoTurns) {
                let tm: JSON = .object([("ty", .string("tm")), ("s", t.start), ("e", t.end), ("o", t.offset), ("m", .int(1))])
                return ([tm, .object(fields)], t.oneTurn)
            }
            fields.append(("d", .array(list)))
        }
        return ([.object(fields)], false)
    }

    /// A one-number property (opacity, width, offset) from its attribute and track, times `scale`.
    func property(_ e: SVGElement, _ name: String, initial: [Double], scale: Double) -> JSON {
        let scaled = initial.map { $0 * scale }
        guard let track = e.animations(of: name).first else { return fixed(scaled[0]) }
        return animated(keys(track, initial: initial, parse: { Self.numbers($0) }).map { k in
            Key(time: k.time, value: k.value.map { $0 * scale }, ease: k.ease, text: k.text)
        })
    }
}
