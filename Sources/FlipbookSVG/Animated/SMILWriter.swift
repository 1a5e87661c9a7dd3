import Flipbook

/// Writes SMIL animation elements from keyframes.
///
/// Every numeric track becomes one `<animate>` (or `<animateTransform>`) spanning the whole scene
/// (`dur` = the scene's duration) with `calcMode="spline"`: each segment's easing is a keySpline
/// (linear segments "0 0 1 1"; curves whose control points leave the unit square are split into
/// valid pieces first, still exact), a hold repeats a value, and a jump is two keys at the same time.
/// Key times are written with 9 decimals, values by `SVGNumber`. A non-looping scene freezes on its
/// last value; a looping one repeats indefinitely.
struct SMILWriter {
    let timing: AnimatedDocument.Timing

    init(duration: Double, loops: Bool, repeats: Double? = nil, reducedMotionAt: Double? = nil) {
        timing = AnimatedDocument.Timing(duration: duration, loops: loops, repeats: repeats, reducedMotionAt: reducedMotionAt)
    }

    var duration: Double { timing.duration }

    /// Whether a track is written whole: looping or repeated, its holds at both ends matter.
    private var whole: Bool { timing.loops || timing.repeats != nil }

    /// A numeric track from `keys`, or nil when the value never changes.
    /// - Parameters:
    ///   - transformType: for a transform component (`<animateTransform type=…>`).
    ///   - additive: adds to the value below (`additive="sum"`).
    ///   - format: how one value is written.
    func numeric(attribute: String, transformType: String? = nil, additive: Bool = false, keys: [Keyframe],
                 format: AnimatedDocument.ValueFormat) -> AnimatedDocument.Numeric? {
        guard duration > 0, let first = keys.first, keys.contains(where: { $0.value != first.value }) else { return nil }
        // Without looping, the holds before the first change and after the last one need no keys: the
        // static attribute shows the first value until `begin`, and `fill="freeze"` keeps the last.
        let all = keys
        var keys = keys
        var begin = 0.0, end = duration
        if !whole {
            let last = keys[keys.count - 1].value
            if let change = keys.lastIndex(where: { $0.value != last }), change + 1 < keys.count {
                end = keys[change + 1].time
                keys = Array(keys[...(change + 1)])
            }
            // Not for transform chains: until a replacing animateTransform begins, the additive ones
            // after it would add to the static attribute, which already holds their values.
            // The track begins at the key before the first change. A track that is one jump at its end
            // (a colour set at 1 s with actions disabled) begins at the last key before that instant
            // instead, so that it spans time: beginning at the jump, it had been left out, and the
            // denser fallback wrote the jump as a ramp over the frame before it.
            if transformType == nil, let change = keys.firstIndex(where: { $0.value != first.value }), change >= 1 {
                var from = change - 1
                while from > 0 && keys[from].time >= end { from -= 1 }
                begin = keys[from].time
                keys = Array(keys[from...])
            }
            guard end > begin else { return nil }
            // A span too short for nine decimals (an animation of 1e-300 s) would print dur="0s", which
            // SMIL ignores: keep the whole scene's span, where it is a jump.
            if end - begin < 1e-6 {
                // Every key, not only the two around the jump: key times must run from 0 to 1 over the
                // whole span (a dense track whose one change lies between keys 2e-16 s apart had
                // been written as keyTimes="0.476190476;0.476190476", which SMIL rejects).
                keys = all.filter { $0.time >= 0 }
                begin = 0
                end = duration
            }
        }
        // Expand curved segments into valid keySpline pieces.
        var times: [Double] = [], values: [[Double]] = [], splines: [UnitCurve] = []
        for (index, key) in keys.enumerated() {
            times.append(key.time)
            values.append(key.value)
            guard index + 1 < keys.count else { break }
            let next = keys[index + 1]
            let curve = key.curve ?? .linear
            let pieces = next.time > key.time ? curve.splines() : [(x: 1.0, y: 1.0, curve: UnitCurve.linear)]
            for (n, piece) in pieces.enumerated() {
                splines.append(piece.curve)
                if n < pieces.count - 1 {
                    times.append(key.time + (next.time - key.time) * piece.x)
                    values.append(key.value.indices.map { key.value[$0] + (next.value[$0] - key.value[$0]) * piece.y })
                }
            }
        }
        // Key times and splines as written: nine and six decimals.
        let keyTimes = times.map { SVGNumber.representable(min(max(($0 - begin) / (end - begin), 0), 1), decimals: 9) }
        let points = splines.map { c in [c.p1.x, c.p1.y, c.p2.x, c.p2.y].map { SVGNumber.representable(min(max($0, 0), 1), decimals: 6) } }
        return AnimatedDocument.Numeric(attribute: attribute, transformType: transformType, additive: additive, begin: begin, end: end,
                                        values: values, keyTimes: keyTimes, splines: points, format: format, check: nil)
    }

    /// A discrete track for values that switch, or nil when it never changes. Values are equal when
    /// written alike.
    func discrete(attribute: String, keys: [(time: Double, value: AnimatedDocument.Value)]) -> AnimatedDocument.Discrete? {
        let texts = keys.map { AnimatedDocument.text($0.value) }
        guard duration > 0, let first = texts.first, texts.contains(where: { $0 != first }) else { return nil }
        // A switch is written `early` before its instant (and never past half way back to the key
        // before), then rounded down, never up: Chromium seeks a float and keeps whole microseconds,
        // truncated (17/30 s is read at 0.566666 s; in a minute-long scene frame 971, 32.3666… s, at
        // 32.366664 s: `FrameInstants.seekedByChromium`), and its SMIL holds key times and the simple time's
        // fraction in floats too, each off by up to 2^-24 of the duration. So: 1 µs, and those three
        // roundings (2e-7 of the duration, with a margin), at least 2 µs. A key written even a
        // nanosecond after where its frame is read would leave that frame showing the value before it.
        let early = max(2e-6, 1.2e-6 + 2e-7 * duration)
        let shifted = keys.indices.map { i in
            i == 0 ? keys[0].time : keys[i].time - min(early, (keys[i].time - keys[i - 1].time) / 2)
        }
        func down(_ x: Double) -> Double { (x * 1e9).rounded(.down) / 1e9 }
        // One change, no loop: a `set` at that instant.
        let changes = texts.indices.dropFirst().filter { texts[$0] != texts[$0 - 1] }
        if !whole, changes.count == 1, let change = changes.first, let i = keys.firstIndex(where: { $0.time == keys[change].time }) {
            return AnimatedDocument.Discrete(attribute: attribute, values: keys.map(\.value), keyTimes: [],
                                             single: (keys[change].value, down(shifted[i])))
        }
        return AnimatedDocument.Discrete(attribute: attribute, values: keys.map(\.value),
                                         keyTimes: shifted.map { down(min(max($0 / duration, 0), 1)) }, single: nil)
    }
}

/// Value formats for SMIL and attributes.
enum SMILFormat {
    static func numbers(_ v: [Double]) -> String {
        var out = ""
        for (i, x) in v.enumerated() {
            if i > 0 { out += " " }
            SVGNumber.append(x, to: &out)
        }
        return out
    }

    static func number(_ v: [Double]) -> String { SVGNumber.format(v[0]) }

    /// `#rrggbb` from components in [0, 1].
    static func color(_ v: [Double]) -> String {
        var s = ""
        SVGMarkup.appendHex(v, to: &s)
        return s
    }
}
