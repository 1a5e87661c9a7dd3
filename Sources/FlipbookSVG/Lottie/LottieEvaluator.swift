import Easing

/// A Lottie property as the file holds it, evaluated at a frame as a player does: the writer's check
/// on what it wrote, independent of the keys it wrote it from (as `SMILTrack` is for SMIL and
/// `CSSTrack` for CSS).
///
/// ## Semantics (Lottie 1.0 spec, "Animated Properties")
/// - `{"a": 0, "k": v}` is `v` at every frame.
/// - `{"a": 1, "k": [keyframes]}`: before the first keyframe's `t` the first `s`; from the last one's
///   `t` on, the last `s`. Between keyframe i and i + 1 (frames `t`): with `h` = 1, `s`ᵢ holds;
///   otherwise progress u = (f − tᵢ) / (tᵢ₊₁ − tᵢ) is eased by the cubic Bézier from (0, 0) to (1, 1)
///   with control points (`o`.x, `o`.y) of keyframe i and (`i`.x, `i`.y) of keyframe i + 1 — one
///   curve for all components, as this writer writes the same tangents for each — and the values are
///   mixed component by component. Keyframes of equal `t`: the later holds from that frame.
/// - Every number is read as the file writes it (`JSON.written`: four decimals, six for colours and
///   tangents, nine for key times, fewer past 1e5 so that none is clamped).
struct LottieProperty {
    private struct Frame {
        var time: Double
        var value: [Double]
        var hold: Bool
        var curve: CubicBezier?
    }

    private var frames: [Frame] = []

    /// The property `json` (an object with `a` and `k`); nil when it is not one this reads (a shape).
    /// `strict` (for files written elsewhere): nil too for what this writer never writes and the reader
    /// would misread — easing tangents that differ by component, spatial tangents (`ti`, `to`) that
    /// bend a motion path, an expression (`x`).
    init?(_ json: JSON, strict: Bool = false) {
        if strict, case .object(let fields) = json {
            if fields.contains(where: { $0.0 == "x" }) { return nil }
            if case .array(let items)? = fields.first(where: { $0.0 == "k" })?.1 {
                for case .object(let f) in items {
                    for key in ["ti", "to"] {
                        if let v = f.first(where: { $0.0 == key })?.1, let n = Self.numbers(v), n.contains(where: { $0 != 0 }) { return nil }
                    }
                    for key in ["i", "o"] {
                        guard case .object(let t)? = f.first(where: { $0.0 == key })?.1 else { continue }
                        for axis in ["x", "y"] {
                            if let v = t.first(where: { $0.0 == axis })?.1, let n = Self.numbers(v), Set(n).count > 1 { return nil }
                        }
                    }
                }
            }
        }
        guard case .object(let fields) = json, let k = fields.first(where: { $0.0 == "k" })?.1 else { return nil }
        if case .array(let items) = k, case .object? = items.first {
            var out: [Frame] = []
            for item in items {
                guard case .object(let f) = item, let t = f.first(where: { $0.0 == "t" }).flatMap({ Self.number($0.1) }),
                      let s = f.first(where: { $0.0 == "s" }).flatMap({ Self.numbers($0.1) }) else { return nil }
                let hold = f.contains { $0.0 == "h" && Self.number($0.1) == 1 }
                var curve: CubicBezier?
                if let o = f.first(where: { $0.0 == "o" })?.1, let i = f.first(where: { $0.0 == "i" })?.1,
                   let ox = Self.tangent(o, "x"), let oy = Self.tangent(o, "y"), let ix = Self.tangent(i, "x"), let iy = Self.tangent(i, "y") {
                    curve = CubicBezier(min(max(ox, 0), 1), oy, min(max(ix, 0), 1), iy)
                }
                out.append(Frame(time: t, value: s, hold: hold, curve: curve))
            }
            guard !out.isEmpty else { return nil }
            frames = out
        } else {
            guard let v = Self.numbers(k) else { return nil }
            frames = [Frame(time: 0, value: v, hold: true, curve: nil)]
        }
    }

    /// The value at frame `f`.
    func value(at f: Double) -> [Double] {
        guard let i = frames.lastIndex(where: { $0.time <= f }) else { return frames[0].value }
        let a = frames[i]
        guard i + 1 < frames.count, !a.hold else { return a.value }
        let b = frames[i + 1]
        guard b.time > a.time, a.value.count == b.value.count else { return a.value }
        let u = (f - a.time) / (b.time - a.time)
        let e = a.curve?.value(at: u, epsilon: 0) ?? u
        return zip(a.value, b.value).map { $0 + ($1 - $0) * e }
    }

    /// A number as written.
    static func number(_ json: JSON) -> Double? { json.written }

    /// A number, a list of numbers, or a shape (`{c, v, i, o}`, alone or as a one-item list: its
    /// vertices, in tangents and out tangents, x and y each, in that order) as written.
    static func numbers(_ json: JSON) -> [Double]? {
        if let n = number(json) { return [n] }
        if case .object(let f) = json {
            var out: [Double] = []
            for key in ["v", "i", "o"] {
                guard case .array(let points)? = f.first(where: { $0.0 == key })?.1 else { return nil }
                for point in points {
                    guard let xy = numbers(point), xy.count == 2 else { return nil }
                    out += xy
                }
            }
            return out
        }
        if case .array(let items) = json, items.count == 1, case .object = items[0] { return numbers(items[0]) }
        guard case .array(let items) = json else { return nil }
        let values = items.compactMap(number)
        return values.count == items.count ? values : nil
    }

    /// The first component of an easing tangent's `x` or `y`.
    private static func tangent(_ json: JSON, _ axis: String) -> Double? {
        guard case .object(let f) = json, let v = f.first(where: { $0.0 == axis })?.1 else { return nil }
        return numbers(v)?.first
    }
}

/// What the Lottie writer checks after writing: a property it wrote for one of the document's
/// tracks, and how its value reads in the track's units.
struct LottieProbe {
    var check: AnimatedDocument.TrackCheck
    /// The property's value at a document time, in the track's units; nil where the track's static
    /// value shows.
    var read: (Double) -> [Double]?
    /// Brings a value read to the track's terms, given the engine's (`TrackCheck.verify`).
    var adjust: (([Double], [Double]) -> [Double])? = nil

    /// `shown` moved toward `expected` by at most `held`: a value the file cannot write nearer than
    /// `held` (its last written decimal) reads as the track's within that.
    static func held(_ shown: Double, toward expected: Double, within held: Double) -> Double {
        min(max(expected, shown - held), shown + held)
    }
}

/// The probes a writer registers as it writes (a reference, so that the writer's non-mutating parts
/// can add to it).
final class LottieProbes {
    var list: [LottieProbe] = []
}

extension LottieWriter {
    /// The frame a probe reads at document time `t`, seconds: t × fps to the nine decimals key times
    /// are written with (0.6 s at 12 fps is 7.199999999999999 in doubles, just before a key written,
    /// and played, at 7.2).
    static func frame(_ t: Double, fps: Double) -> Double { SVGNumber.representable(t * fps, decimals: 9) }

    /// Registers `property` (as written) for every numeric track of `attribute` on `e` that carries a
    /// check: `convert` turns its value into the track's units.
    func probe(_ e: Element, _ attribute: String, _ property: JSON, convert: @escaping ([Double]) -> [Double]?) {
        probe(e.checks(of: attribute), property, convert: convert)
    }

    /// Registers `property` for the tracks `checks` (see `probe(_:_:_:convert:)`).
    func probe(_ checks: [AnimatedDocument.TrackCheck], _ property: JSON, convert: @escaping ([Double]) -> [Double]?) {
        guard !checks.isEmpty, let reader = LottieProperty(property) else { return }
        let fps = self.fps
        for check in checks {
            probes.list.append(LottieProbe(check: check, read: { t in convert(reader.value(at: LottieWriter.frame(t, fps: fps))) }))
        }
    }

    /// `report` with each numeric track's error as the Lottie evaluator measures it on the file:
    /// every track the file holds in a form it reads back (opacity, colours, widths, transform
    /// components, dash patterns and offsets, text positions and sizes, clip rectangles), over its
    /// bound a fallback; the others (path morphs, the trim of a line drawing itself, gradients sampled
    /// at the frames) marked "not read back", with the SMIL's error.
    func measured(_ report: [AnimatedSVG.Entry]) -> [AnimatedSVG.Entry] {
        var out = report
        var read = Set<Int>()
        for probe in probes.list where probe.check.entry < out.count {
            let (all, onGrid) = probe.check.verify(duration: document.timing.duration, loops: document.timing.loops,
                                                   read: probe.read, adjust: probe.adjust)
            let entry = probe.check.entry
            if read.insert(entry).inserted {
                out[entry].maxError = all
                out[entry].errorAtFrames = onGrid
            } else {
                out[entry].maxError = max(out[entry].maxError, all)
                out[entry].errorAtFrames = max(out[entry].errorAtFrames, onGrid)
            }
            if all > probe.check.bound * (1 + 1e-9) + 1e-9 { out[entry].encoding = .fallback }
        }
        for i in document.checkedEntries where i < out.count && !read.contains(i) {
            out[i].encoding = .notReadBack
        }
        return out
    }
}

extension AnimatedDocument {
    /// The report entries of every numeric track that carries a check, in the body and definitions.
    var checkedEntries: Set<Int> {
        var out = Set<Int>()
        func visit(_ e: Element) {
            for case .numeric(let n) in e.animations { if let c = n.check { out.insert(c.entry) } }
            e.children.forEach(visit)
        }
        (definitions + body).forEach(visit)
        return out
    }
}

extension AnimatedDocument.Element {
    /// The checks of the numeric tracks of `attribute`.
    func checks(of attribute: String) -> [AnimatedDocument.TrackCheck] {
        animations(of: attribute).compactMap { animation in
            if case .numeric(let n) = animation { return n.check }
            return nil
        }
    }
}

extension AnimatedDocument.PathTemplate {
    /// The template's coordinates as Lottie contours hold them (`LottieProperty.numbers` of each
    /// shape: vertices, in and out tangents), walking the template's commands: M starts a contour at
    /// its first vertex, L is the next vertex, C the out tangent of the vertex before, the in tangent
    /// and the next vertex (the first, when a closing segment's last vertex was merged into it).
    func coordinates(fromContours shapes: [[Double]]) -> [Double] {
        var out: [Double] = []
        var contour: (v: [[Double]], i: [[Double]], o: [[Double]]) = ([], [], [])
        var index = -1, vertex = 0
        func point(_ list: [[Double]], _ k: Int) -> [Double] { list.isEmpty ? [0, 0] : list[k % list.count] }
        for letter in fixed.signature {
            switch letter {
            case "M":
                index += 1
                vertex = 0
                let flat = index < shapes.count ? shapes[index] : []
                let n = flat.count / 6
                func pairs(_ from: Int) -> [[Double]] { (0..<n).map { [flat[from + 2 * $0], flat[from + 2 * $0 + 1]] } }
                contour = (pairs(0), pairs(2 * n), pairs(4 * n))
                out += point(contour.v, 0)
            case "L":
                vertex += 1
                out += point(contour.v, vertex)
            case "C":
                let p0 = point(contour.v, vertex), out0 = point(contour.o, vertex)
                vertex += 1
                let p = point(contour.v, vertex), in1 = point(contour.i, vertex)
                out += [p0[0] + out0[0], p0[1] + out0[1], p[0] + in1[0], p[1] + in1[1]] + p
            default:
                break
            }
        }
        return out
    }
}
