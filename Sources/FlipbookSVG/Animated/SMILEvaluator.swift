import Easing
import Flipbook
import FlipbookSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One SMIL animation element as written (`<animate>`, `<animateTransform>`, `<set>`), read back from
/// its text and evaluated at a document time: the compiler's check on what it wrote, independent of
/// the keyframes it wrote it from.
///
/// ## Semantics (SMIL 3.0 Animation §3.6–3.8, SVG 1.1 §19.2)
/// - Active from `begin` (default 0) for `dur`; before it the element does not apply (the attribute's
///   base value shows). `repeatCount="indefinite"` repeats the simple duration for ever, a number
///   repeats it that many times (fractional allowed);
///   `fill="freeze"` holds the value at the end of the active duration; otherwise the element stops
///   applying at its end.
/// - Simple time p = (t − begin) / dur in [0, 1]. With `calcMode="spline"` (and "linear", which is
///   spline with straight segments) the interval i with keyTimes[i] ≤ p < keyTimes[i + 1] is found, its
///   local progress (p − keyTimes[i]) / (keyTimes[i + 1] − keyTimes[i]) is eased by keySplines[i] (a
///   cubic Bézier from (0, 0) to (1, 1), solved for x to the last bit) and the values are mixed
///   component by component. At p = 1 the value is the last one (SMIL: a frozen spline animation ends
///   on its last value). `calcMode="discrete"` takes values[i] for the last keyTimes[i] ≤ p.
/// - `<set to=… begin=…>` applies its value from `begin` on.
/// - A keyTimes interval of zero length is a jump: the value at its time is the later one.
///
/// Values are lists of numbers (`10 20`, comma or space separated) or `#rrggbb` colours (three
/// components in [0, 1]). Anything else (`none`, `inline`) is kept as text for discrete comparisons.
struct SMILTrack {
    enum Value: Equatable {
        case numbers([Double])
        case text(String)
    }

    var attribute: String
    var begin = 0.0
    var duration = 0.0
    var indefinite = false
    /// `repeatCount` when a number (fractional allowed); 1 when absent.
    var repeatCount = 1.0
    var freeze = false
    var calcMode = "linear"
    var values: [Value] = []
    var keyTimes: [Double] = []
    var keySplines: [(Double, Double, Double, Double)] = []
    /// `keySplines` as curves (x clamped to [0, 1]), made once: `value(at:)` runs at every instant checked.
    private var curves: [CubicBezier] = []
    var isSet = false

    /// Reads the first animation element in `text`; nil when it holds none or is malformed.
    init?(_ text: String) {
        guard let open = text.firstRange(of: "<animate") ?? text.firstRange(of: "<set") else { return nil }
        let element = text[open.lowerBound...]
        guard let close = element.firstIndex(of: ">") else { return nil }
        self.init(attributes: Self.attributes(String(element[..<close])), isSet: text[open].hasPrefix("<set"))
    }

    /// Reads an animation element already split into attributes, as the tests' `SVGElement.animations` keeps them
    /// ("@element" names it: animate, animateTransform or set); nil when malformed.
    init?(element attributes: [String: String]) {
        self.init(attributes: attributes, isSet: attributes["@element"] == "set")
    }

    private init?(attributes: [String: String], isSet: Bool) {
        self.isSet = isSet
        guard let name = attributes["attributeName"] else { return nil }
        attribute = name
        if let b = attributes["begin"] { guard let v = Self.seconds(b) else { return nil }; begin = v }
        if isSet {
            guard let to = attributes["to"] else { return nil }
            values = [Self.value(to)]
            freeze = true
            indefinite = false
            duration = .infinity
            calcMode = "discrete"
            keyTimes = [0]
            return
        }
        guard let d = attributes["dur"].flatMap(Self.seconds), d > 0 else { return nil }
        // Timing it does not evaluate: an end, a repeat duration, a restart rule, a minimum or maximum.
        guard attributes["end"] == nil, attributes["repeatDur"] == nil, attributes["min"] == nil, attributes["max"] == nil,
              attributes["accumulate"] ?? "none" == "none" else { return nil }
        duration = d
        indefinite = attributes["repeatCount"] == "indefinite"
        if let r = attributes["repeatCount"], !indefinite {
            guard let v = Double(r), v > 0, v.isFinite else { return nil }
            repeatCount = v
        }
        freeze = attributes["fill"] == "freeze"
        calcMode = attributes["calcMode"] ?? "linear"
        // from and to stand for two values; `by`, a `to` alone and a motion path need the value
        // underneath, which a track does not know.
        guard let list = attributes["values"] ?? attributes["from"].flatMap({ from in attributes["to"].map { "\(from);\($0)" } }) else { return nil }
        values = list.split(separator: ";").map { name == "d" ? .numbers(Self.pathNumbers(String($0))) : Self.value(String($0)) }
        if let times = attributes["keyTimes"] {
            keyTimes = times.split(separator: ";").compactMap { Double($0.whitespaceTrimmed) }
        } else {
            let n = values.count
            keyTimes = calcMode == "discrete" ? (0..<n).map { Double($0) / Double(n) } : (0..<n).map { Double($0) / Double(max(n - 1, 1)) }
        }
        if let splines = attributes["keySplines"] {
            for spline in splines.split(separator: ";") {
                let c = spline.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
                // SMIL 3.0 §3.6.3: every control value in [0, 1], or the element is in error (and
                // browsers ignore it).
                guard c.count == 4, c.allSatisfy({ $0 >= 0 && $0 <= 1 }) else { return nil }
                keySplines.append((c[0], c[1], c[2], c[3]))
            }
        }
        guard keyTimes.count == values.count, !values.isEmpty else { return nil }
        // keyTimes start at 0, never decrease and, but for discrete, end at 1 (SMIL 3.0 §3.6.3).
        guard keyTimes[0] == 0, zip(keyTimes, keyTimes.dropFirst()).allSatisfy({ $0 <= $1 }),
              calcMode == "discrete" || keyTimes.count == 1 || keyTimes[keyTimes.count - 1] == 1 else { return nil }
        if calcMode == "spline" && keySplines.count != values.count - 1 { return nil }
        curves = keySplines.map { CubicBezier(min(max($0.0, 0), 1), $0.1, min(max($0.2, 0), 1), $0.3) }
    }

    /// One of the document's animations with SMIL's semantics, its numbers as written (what the SMIL
    /// file says, without its text): for a writer that needs a track's value at an instant (Lottie's
    /// gradients, sampled at the frames).
    init(_ animation: AnimatedDocument.Animation, timing: AnimatedDocument.Timing) {
        attribute = animation.attribute
        func value(_ v: AnimatedDocument.Value) -> Value {
            if let n = v.written { return .numbers(n) }
            return .text(AnimatedDocument.text(v))
        }
        func whole(begin: Double, end: Double) {
            self.begin = AnimatedDocument.writtenTime(begin)
            duration = AnimatedDocument.writtenTime(end - begin)
            if let repeats = timing.repeats, !timing.loops, repeats.isFinite {
                repeatCount = AnimatedDocument.writtenTime(repeats)
                freeze = true
            } else {
                indefinite = timing.loops || timing.repeats != nil
                freeze = !indefinite
            }
        }
        var animation = animation
        if case .discrete(let d) = animation, let single = d.single {
            animation = .set(attribute: d.attribute, value: single.value, begin: single.begin)
        }
        switch animation {
        case .set(_, let v, let at):
            isSet = true
            begin = AnimatedDocument.writtenTime(at)
            values = [value(v)]
            freeze = true
            duration = .infinity
            calcMode = "discrete"
            keyTimes = [0]
        case .discrete(let d):
            whole(begin: 0, end: timing.duration)
            calcMode = "discrete"
            values = d.values.map(value)
            keyTimes = d.keyTimes.map(AnimatedDocument.writtenTime)
        case .numeric(let n):
            whole(begin: n.begin, end: n.end)
            calcMode = "spline"
            values = n.values.map { .numbers(n.format.written($0)) }
            keyTimes = n.keyTimes.map(AnimatedDocument.writtenTime)
            keySplines = n.splines.map { c in
                let w = c.map { SVGNumber.representable($0, decimals: 6) } + [0, 0, 1, 1].dropFirst(c.count)
                return (w[0], w[1], w[2], w[3])
            }
            curves = keySplines.map { CubicBezier(min(max($0.0, 0), 1), $0.1, min(max($0.2, 0), 1), $0.3) }
        case .constantTransform(_, _, let numbers):
            whole(begin: 0, end: timing.duration)
            values = [.numbers(numbers.map { SVGNumber.representable($0) })]
            keyTimes = [0]
        }
    }

    /// Where document time `t` falls among the values: what `value(at:)` returns, before any list is
    /// made (the compiler's check reads thousands of instants a track).
    enum Sample {
        /// The element does not apply (before `begin`, or ended without `fill="freeze"`).
        case notApplied
        /// `values[i]` as it is.
        case held(Int)
        /// `values[i] · (1 − u) + values[i + 1] · u`, number by number.
        case mix(Int, Double)
    }

    /// The value at document time `t`, or nil when the element does not apply then. `splines`, when
    /// given, remembers the keySplines solved (the same values either way).
    func value(at t: Double, splines: SplineSolutions? = nil) -> Value? {
        switch sample(at: t, splines: splines) {
        case .notApplied: return nil
        case .held(let i): return values[i]
        case .mix(let i, let u):
            var out: [Double] = []
            return mix(i, u, into: &out) ? .numbers(out) : nil
        }
    }

    /// What `numbers(at:into:)` found.
    enum Read { case notApplied, text, numbers }

    /// The numbers of the value at `t` written into `out` (its contents replaced, its storage kept):
    /// `.numbers` of `value(at:)` without making a list. `out` is untouched unless `.numbers` is
    /// returned.
    func numbers(at t: Double, splines: SplineSolutions? = nil, into out: inout [Double]) -> Read {
        switch sample(at: t, splines: splines) {
        case .notApplied: return .notApplied
        case .held(let i):
            guard case .numbers(let a) = values[i] else { return .text }
            out.removeAll(keepingCapacity: true)
            out.append(contentsOf: a)
        case .mix(let i, let u):
            guard mix(i, u, into: &out) else { return .text }
        }
        return .numbers
    }

    /// `values[i] · (1 − u) + values[i + 1] · u`, number by number, into `out` (its contents
    /// replaced); false, with `out` untouched, when either value is text. The one mixing rule of
    /// `value(at:)` and `numbers(at:into:)`.
    private func mix(_ i: Int, _ u: Double, into out: inout [Double]) -> Bool {
        guard case .numbers(let a) = values[i], case .numbers(let b) = values[i + 1] else { return false }
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(a.count)
        for j in a.indices { out.append(a[j] * (1 - u) + b[j] * u) }
        return true
    }

    /// Where `t` falls: the one walk through begin, repeats, freeze and key times that `value(at:)`
    /// and `numbers(at:into:)` share. Two values of different kinds or lengths do not mix: the earlier
    /// one holds until u reaches 1.
    func sample(at t: Double, splines: SplineSolutions? = nil) -> Sample {
        let local = t - begin
        if local < 0 { return .notApplied }
        // A `<set>`, or an element of one value (a transform chain's constant member), holds it.
        if isSet || values.count == 1 { return .held(0) }
        // The active duration is dur × repeatCount; within it the simple time repeats. Frozen after a
        // fractional repeat, the value is the one at that fraction of the simple duration (SMIL 3.0
        // §3.7.2); after a whole number of repeats, the end of the simple duration.
        var p: Double
        let active = duration * repeatCount
        if indefinite || local < active {
            p = local < duration ? local / duration : local.truncatingRemainder(dividingBy: duration) / duration
        } else if freeze {
            let fraction = repeatCount - repeatCount.rounded(.down)
            p = fraction > 0 ? fraction : 1
        } else {
            return .notApplied
        }
        p = min(max(p, 0), 1)
        if calcMode == "discrete" { return .held(lastKey(atOrBefore: p, among: keyTimes.count)) }
        if p >= 1 { return .held(values.count - 1) }
        // A jump (two equal key times): the later value holds from that time on.
        let i = lastKey(atOrBefore: p, among: keyTimes.count - 1)
        let span = keyTimes[i + 1] - keyTimes[i]
        var u = span > 0 ? (p - keyTimes[i]) / span : 1
        if calcMode == "spline", i < curves.count {
            u = splines?.value(curves[i], at: u) ?? curves[i].value(at: u, epsilon: 0)
        }
        guard case .numbers(let a) = values[i], case .numbers(let b) = values[i + 1], a.count == b.count else {
            return .held(u < 1 ? i : i + 1)
        }
        return .mix(i, u)
    }

    /// The last of the first `count` key times at or before `p` (0 when none is), by bisection: key
    /// times never decrease (the reader refuses those that do; the writer's are sorted), and the
    /// compiler reads a track of thousands of keys at every frame.
    private func lastKey(atOrBefore p: Double, among count: Int) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if keyTimes[mid] <= p { lo = mid + 1 } else { hi = mid }
        }
        return max(lo - 1, 0)
    }

    // MARK: Reading attributes

    static func attributes(_ tag: String) -> [String: String] {
        var out: [String: String] = [:]
        var rest = Substring(tag)
        while let eq = rest.firstIndex(of: "=") {
            let name = rest[..<eq].split(whereSeparator: { $0 == " " || $0 == "\n" }).last.map(String.init) ?? ""
            let afterEq = rest[rest.index(after: eq)...]
            guard let q1 = afterEq.firstIndex(of: "\"") else { break }
            let valueStart = afterEq.index(after: q1)
            guard let q2 = afterEq[valueStart...].firstIndex(of: "\"") else { break }
            out[name] = String(afterEq[valueStart..<q2])
            rest = afterEq[afterEq.index(after: q2)...]
        }
        return out
    }

    static func seconds(_ text: String) -> Double? {
        let trimmed = text.whitespaceTrimmed
        if trimmed.hasSuffix("ms") { return Double(trimmed.dropLast(2)).map { $0 / 1000 } }
        if trimmed.hasSuffix("s") { return Double(trimmed.dropLast()) }
        return Double(trimmed)
    }

    /// The numbers of SVG path data in order (`SVGPathParser.numbers(in:)`).
    static func pathNumbers(_ text: String) -> [Double] { SVGPathParser.numbers(in: text) }

    static func value(_ text: String) -> Value {
        let t = text.whitespaceTrimmed
        if t.hasPrefix("#"), t.count == 7, let v = UInt32(t.dropFirst(), radix: 16) {
            return .numbers([Double(v >> 16 & 255) / 255, Double(v >> 8 & 255) / 255, Double(v & 255) / 255])
        }
        let parts = t.split(whereSeparator: { $0 == " " || $0 == "," })
        let numbers = parts.compactMap { Double($0) }
        if !parts.isEmpty && numbers.count == parts.count { return .numbers(numbers) }
        return .text(t)
    }
}

/// Cubic-bezier easings solved to the last bit (`CubicBezier.value(at:epsilon: 0)`, which bisects some
/// fifty times), remembered by curve and input (`OpenTable`, keyed by the bits of the curve's four
/// numbers and the input, mixed by multiply and xor-shift). The compiler checks many tracks that share
/// a curve and key times at the same instants (the rings' six dash tracks), so most solves are asked
/// for again: two in three for the rings. Room for 2,048 at first; at most 65,536 are kept. For one
/// thread.
final class SplineSolutions {
    private struct Key: OpenTableKey {
        let x1, y1, x2, y2, x: UInt64
        var mixed: UInt64 {
            var h = x1 &* 0x9E37_79B9_7F4A_7C15
            h = (h ^ y1 ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
            h = (h ^ x2 ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
            h = (h ^ y2 ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
            h = (h ^ x ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
            return h ^ (h >> 32)
        }
    }
    // (`@exclusivity(unchecked)`: one thread, and no access overlaps another; the run-time checks cost
    // more than the lookups, as for the compiler's `Sampler`.)
    @exclusivity(unchecked) private var solved = OpenTable<Key, Double>(initialCapacity: 4096)

    /// `curve.value(at: x, epsilon: 0)`.
    func value(_ curve: CubicBezier, at x: Double) -> Double {
        let key = Key(x1: curve.x1.bitPattern, y1: curve.y1.bitPattern, x2: curve.x2.bitPattern, y2: curve.y2.bitPattern, x: x.bitPattern)
        if let y = solved.value(for: key) { return y }
        let y = curve.value(at: x, epsilon: 0)
        if solved.count < 1 << 16 { solved.insert(y, for: key) }
        return y
    }
}
