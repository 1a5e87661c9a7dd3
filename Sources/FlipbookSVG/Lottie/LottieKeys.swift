#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Flipbook
import Easing

/// One Lottie keyframe before it is written: a time in seconds, a value, and how it moves to the next.
struct Key {
    enum Ease: Equatable {
        case linear
        /// A cubic Bézier easing (x1, y1, x2, y2), as a keySpline.
        case bezier(Double, Double, Double, Double)
        /// The value holds until the next key.
        case hold
    }

    var time: Double
    var value: [Double]
    var ease: Ease
    /// The document's value at this key when it is not numbers (a path a discrete track switches to);
    /// nil for a numeric track's key and for the static value before a track begins.
    var source: AnimatedDocument.Value?
}

extension LottieWriter {
    typealias Value = AnimatedDocument.Value

    /// The keys of one of the document's animations over the scene, with its numbers as written: the
    /// static value `initial` until it begins, its keys for every repeat that starts within the scene
    /// (the document's repeats, as SMIL plays them), its jumps as a hold from 0.001 frame before.
    /// `parse` reads a value (a numeric track's as `.numbers`); an unreadable one is `initial`.
    func keys(_ animation: AnimatedDocument.Animation, initial: [Double], parse: (Value) -> [Double]?) -> [Key] {
        typealias Source = (value: [Double], source: Value?)
        func set(_ value: Value, begin: Double) -> [Key] {
            let begin = AnimatedDocument.writtenTime(begin)
            var out: [Key] = []
            if begin > 0 { out.append(Key(time: 0, value: initial, ease: .hold)) }
            out.append(Key(time: begin, value: parse(value) ?? initial, ease: .hold, source: value))
            return out
        }
        let begin: Double, end: Double, values: [Source], times: [Double], eases: [Key.Ease]
        switch animation {
        case .set(_, let value, let at):
            return set(value, begin: at)
        case .discrete(let d):
            if let single = d.single { return set(single.value, begin: single.begin) }
            (begin, end) = (0, document.timing.duration)
            values = d.values.map { (parse($0) ?? initial, $0) }
            times = d.keyTimes
            eases = d.values.map { _ in .hold }
        case .numeric(let n):
            (begin, end) = (n.begin, n.end)
            values = n.values.map { (parse(.numbers(n.format.written($0))) ?? initial, nil) }
            times = n.keyTimes
            eases = n.values.indices.map { i in
                guard i < n.values.count - 1 else { return .hold }
                guard i < n.splines.count, n.splines[i].count == 4 else { return .linear }
                let c = n.splines[i].map { SVGNumber.representable($0, decimals: 6) }
                return c == [0, 0, 1, 1] ? .linear : .bezier(c[0], c[1], c[2], c[3])
            }
        case .constantTransform(_, _, let numbers):
            (begin, end) = (0, document.timing.duration)
            values = [(parse(.numbers(numbers.map { SVGNumber.representable($0) })) ?? initial, nil)]
            times = [0]
            eases = [.hold]
        }
        let start = AnimatedDocument.writtenTime(begin), duration = AnimatedDocument.writtenTime(end - begin)
        guard duration > 0, !values.isEmpty else { return [Key(time: 0, value: initial, ease: .hold)] }
        let repeats: Int
        if let count = document.timing.repeats, !document.timing.loops, count.isFinite {
            repeats = max(1, Int(AnimatedDocument.writtenTime(count).rounded(.up)))
        } else if document.timing.loops || document.timing.repeats != nil {
            repeats = max(1, Int(((self.duration - start) / duration).rounded(.up)))
        } else {
            repeats = 1
        }
        var out: [Key] = []
        if start > 0 { out.append(Key(time: 0, value: initial, ease: .hold)) }
        for r in 0..<repeats {
            let from = start + Double(r) * duration
            if from > self.duration + duration { break }
            for (i, v) in values.enumerated() {
                let at = AnimatedDocument.writtenTime(i < times.count ? times[i] : Double(i) / Double(max(values.count - 1, 1)))
                out.append(Key(time: from + at * duration, value: v.value, ease: eases[i], source: v.source))
            }
        }
        return separated(out)
    }

    /// How long before a jump (two keys at one instant) its earlier key holds: 0.001 frame, in seconds.
    var jumpLead: Double { 0.001 / fps }

    /// Two keys at one instant: the earlier holds from 0.001 frame before it, the later starts there.
    /// The segment into the earlier one keeps its curve: it ends that much early at the value the curve
    /// has there (its easing cut to that part of it, `UnitCurve.piece`), so it is exact up to the hold
    /// (a rotation eased into a jump had been squeezed into 0.001 frame less and missed by 0.1°).
    /// Two keys at one instant with the same value are one key (the later, whose easing leads on): a
    /// jump at a looping track's end, where the next cycle's first key meets the period's last, had
    /// been moved a further 0.001 frame early, before instants where the engine had not jumped yet.
    func separated(_ keys: [Key]) -> [Key] {
        var out: [Key] = []
        out.reserveCapacity(keys.count)
        for key in keys {
            if let last = out.last, last.time == key.time, last.value == key.value, last.source == key.source {
                out[out.count - 1] = key
            } else {
                out.append(key)
            }
        }
        let nudge = jumpLead
        for i in stride(from: out.count - 2, through: 0, by: -1) where out[i + 1].time <= out[i].time {
            let end = out[i + 1].time - nudge
            if i > 0, out[i - 1].time < end, out[i - 1].time < out[i].time, out[i - 1].value.count == out[i].value.count, out[i].source == nil {
                let a = out[i - 1], b = out[i]
                let x = (end - a.time) / (b.time - a.time)
                switch a.ease {
                case .linear:
                    out[i].value = zip(a.value, b.value).map { $0 + ($1 - $0) * x }
                case .bezier(let x1, let y1, let x2, let y2):
                    let curve = UnitCurve(p1: Point(x1, y1), p2: Point(x2, y2))
                    let y = curve.value(at: x)
                    out[i].value = zip(a.value, b.value).map { $0 + ($1 - $0) * y }
                    if let piece = curve.piece(from: 0, to: x) {
                        out[i - 1].ease = .bezier(piece.p1.x, piece.p1.y, piece.p2.x, piece.p2.y)
                    }
                case .hold:
                    break
                }
            }
            out[i].time = end
            out[i].ease = .hold
        }
        return out
    }

    /// The keys of every animation of attribute `name` on `e`, as SMIL combines them (a later
    /// animation element replaces the earlier ones from its begin on; each stays applied once begun,
    /// frozen or repeating, as the compiler writes them): the value the earlier ones reach at that
    /// instant is held until it, then the later one's keys follow. nil when nothing animates it.
    /// (A wedge's colour is a `<set>` from 0 and, when it changes, a track from then on: the first
    /// alone had written a colour that jumps at 1 s as a static colour.)
    func keys(_ e: Element, _ name: String, initial: [Double], parse: (Value) -> [Double]?) -> [Key]? {
        var out: [Key]?
        for animation in e.animations(of: name) {
            guard let earlier = out else {
                out = keys(animation, initial: initial, parse: parse)
                continue
            }
            let begin: Double
            switch animation {
            case .numeric(let n): begin = AnimatedDocument.writtenTime(n.begin)
            case .discrete(let d): begin = AnimatedDocument.writtenTime(d.single?.begin ?? 0)
            case .set(_, _, let at): begin = AnimatedDocument.writtenTime(at)
            case .constantTransform: begin = 0
            }
            let reached = Self.value(of: earlier, at: begin) ?? initial
            let later = keys(animation, initial: reached, parse: parse).filter { $0.time >= begin }
            var kept = earlier.filter { $0.time < begin }
            if !kept.isEmpty { kept.append(Key(time: begin, value: reached, ease: .hold)) }
            out = separated(kept + later)
        }
        return out
    }

    /// The value `keys` take at `t` as a player interpolates them (holds, straight and cubic Bézier
    /// segments); nil before the first key.
    static func value(of keys: [Key], at t: Double) -> [Double]? {
        guard let i = keys.lastIndex(where: { $0.time <= t }) else { return nil }
        let k = keys[i]
        guard i + 1 < keys.count, keys[i + 1].time > k.time, k.value.count == keys[i + 1].value.count else { return k.value }
        let next = keys[i + 1]
        let u = (t - k.time) / (next.time - k.time)
        let e: Double
        switch k.ease {
        case .hold: return k.value
        case .linear: e = u
        case .bezier(let x1, let y1, let x2, let y2): e = CubicBezier(min(max(x1, 0), 1), y1, min(max(x2, 0), 1), y2).value(at: u, epsilon: 0)
        }
        return zip(k.value, next.value).map { $0 + ($1 - $0) * e }
    }

    /// An animated property from `keys` (their values as numbers).
    func animated(_ keys: [Key], precise: Bool = false) -> JSON {
        // A track whose value never changes is that value.
        if let first = keys.first, keys.allSatisfy({ $0.value == first.value }) { return fixed(first.value, precise: precise) }
        return animated(keys, values: keys.map { .array($0.value.map { precise ? JSON.precise($0) : JSON.number($0) }) }, shapes: false)
    }

    /// An animated property with one written value per key.
    func animated(_ keys: [Key], values: [JSON], shapes: Bool) -> JSON {
        guard keys.count > 1 else { return .object([("a", .int(0)), ("k", keys.isEmpty ? .number(0) : unwrap(values[0]))]) }
        var frames: [JSON] = []
        for (i, key) in keys.enumerated() {
            var fields: [(String, JSON)] = [("t", .time(key.time * fps)), ("s", values[i])]
            let dimensions = max(1, key.value.count)
            func tangent(_ x: Double, _ y: Double) -> JSON {
                .object([("x", .array(Array(repeating: .precise(x), count: shapes ? 1 : dimensions))),
                         ("y", .array(Array(repeating: .precise(y), count: shapes ? 1 : dimensions)))])
            }
            switch key.ease {
            case .hold where i < keys.count - 1:
                fields.append(("h", .int(1)))
            case .linear where i < keys.count - 1:
                fields.append(("o", tangent(0, 0)))
                fields.append(("i", tangent(1, 1)))
            case .bezier(let x1, let y1, let x2, let y2) where i < keys.count - 1:
                fields.append(("o", tangent(x1, y1)))
                fields.append(("i", tangent(x2, y2)))
            default:
                break
            }
            frames.append(.object(fields))
        }
        return .object([("a", .int(1)), ("k", .array(frames))])
    }

    /// A static value: a one-element array (a number, or a shape) is written as its element.
    func unwrap(_ value: JSON) -> JSON {
        if case .array(let items) = value, items.count == 1 { return items[0] }
        return value
    }

    func fixed(_ value: Double) -> JSON { .object([("a", .int(0)), ("k", .number(value))]) }
    func fixed(_ value: [Double], precise: Bool = false) -> JSON {
        value.count == 1 ? fixed(value[0]) : .object([("a", .int(0)), ("k", .array(value.map { precise ? .precise($0) : .number($0) }))])
    }
    func numberArray(_ v: [Double]) -> JSON { .array(v.map { .number($0) }) }
}

/// JSON values written deterministically: keys in the order given, numbers by `SVGNumber` (no
/// exponent; 4 decimals: 1e-4 px, 1e-4 % of a trim; easing tangents and colour channels 6, so that a
/// player that truncates channel × 255 still gets the channel: 28/255 written as 0.1098 gave rlottie 27),
/// strings by `JSONString`; written as `JSONText`, whose `written` numbers these become (`written`
/// here tells the file's checks what a number reads back as).
indirect enum JSON {
    case number(Double)
    case precise(Double)
    /// A keyframe's time in frames, nine decimals: a key (a jump) lands within 1e-9 frame of its
    /// instant, as SMIL's key times do (with six, a jump written 5e-7 frame late left a frame at it
    /// showing the old value).
    case time(Double)
    case int(Int)
    /// A number read from a file (`LottieFileCheck`): as it is, written in its shortest round-trip form.
    case read(Double)
    case bool(Bool)
    case null
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    /// The decimals a number is written with: `most`, fewer past 1e5 so that the written number keeps
    /// 15 significant digits and is clamped only past ±9e15 as every format's numbers are
    /// (`SVGNumber` clamps its scaled value at 9e15: with four decimals, a scale of 9e14 % had been
    /// written 9e11).
    static func decimals(_ v: Double, _ most: Int) -> Int {
        let magnitude = v.magnitude
        guard magnitude >= 1e5, magnitude.isFinite else { return most }
        let digits = Int(log10(magnitude).rounded(.down)) + 1
        return max(0, min(most, 15 - digits))
    }

    /// Adds the slot ids (`"sid"`) the value's properties take, at any depth.
    func collectSlotIDs(into ids: inout Set<String>) {
        switch self {
        case .array(let items): for item in items { item.collectSlotIDs(into: &ids) }
        case .object(let members):
            for (key, value) in members {
                if key == "sid", case .string(let id) = value { ids.insert(id) } else { value.collectSlotIDs(into: &ids) }
            }
        default: break
        }
    }

    /// The number as written by `write(to:)`; nil for anything but a number.
    var written: Double? {
        switch self {
        case .number(let v): SVGNumber.representable(v, decimals: Self.decimals(v, 4))
        case .precise(let v): SVGNumber.representable(v, decimals: Self.decimals(v, 6))
        case .time(let v): SVGNumber.representable(v, decimals: Self.decimals(v, 9))
        case .int(let v): Double(v)
        case .read(let v): v
        default: nil
        }
    }

    /// The value as JSON text, each number written at its precision.
    var text: JSONText {
        switch self {
        case .number(let v): .written(SVGNumber.format(v, decimals: Self.decimals(v, 4)))
        case .precise(let v): .written(SVGNumber.format(v, decimals: Self.decimals(v, 6)))
        case .time(let v): .written(SVGNumber.format(v, decimals: Self.decimals(v, 9)))
        case .int(let v): .written(String(v))
        case .read(let v): .number(v)
        case .bool(let v): .bool(v)
        case .null: .null
        case .string(let s): .string(s)
        case .array(let items): .array(items.map(\.text))
        case .object(let fields): .object(fields.map { ($0.0, $0.1.text) })
        }
    }

    func write(to out: inout String) { text.write(compactTo: &out) }
}
