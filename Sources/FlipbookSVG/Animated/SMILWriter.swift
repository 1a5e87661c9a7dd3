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
    let duration: Double
    let loops: Bool
    /// How many times the whole track repeats (a scene written as one cycle of its period); nil for once.
    /// Repeated tracks keep their holds and end with `fill="freeze"` (`.infinity`: indefinitely).
    var repeats: Double?

    init(duration: Double, loops: Bool, repeats: Double? = nil) {
        self.duration = duration
        self.loops = loops
        self.repeats = repeats
    }

    /// Whether a track is written whole: looping or repeated, its holds at both ends matter.
    private var whole: Bool { loops || repeats != nil }

    var timing: String { timing(begin: 0, end: duration) }

    /// ` begin=… dur=… fill="freeze"`, or the whole scene repeated when it loops.
    func timing(begin: Double, end: Double) -> String {
        var out = ""
        if begin > 0 {
            out += " begin=\""
            SVGNumber.append(begin, decimals: 9, to: &out)
            out += "s\""
        }
        out += " dur=\""
        SVGNumber.append(end - begin, decimals: 9, to: &out)
        if let repeats, !loops {
            if repeats.isInfinite {
                out += "s\" repeatCount=\"indefinite\""
            } else {
                out += "s\" repeatCount=\""
                SVGNumber.append(repeats, decimals: 9, to: &out)
                out += "\" fill=\"freeze\""
            }
            return out
        }
        out += loops ? "s\" repeatCount=\"indefinite\"" : "s\" fill=\"freeze\""
        return out
    }

    /// `<animate attributeName=… values=… keyTimes=… keySplines=…/>`, or "" when the value never changes.
    /// - Parameters:
    ///   - element: "animate" or "animateTransform".
    ///   - extra: further attributes, e.g. ` type="rotate"`.
    ///   - format: how one value is written.
    func numeric(_ element: String, attribute: String, extra: String = "", keys: [Keyframe], format: ([Double]) -> String) -> String {
        guard duration > 0, let first = keys.first, keys.contains(where: { $0.value != first.value }) else { return "" }
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
            if element != "animateTransform", let change = keys.firstIndex(where: { $0.value != first.value }), change >= 1 {
                begin = keys[change - 1].time
                keys = Array(keys[(change - 1)...])
            }
            guard end > begin else { return "" }
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
        var out = "<\(element) attributeName=\"\(attribute)\"\(extra)" + timing(begin: begin, end: end) + " calcMode=\"spline\" values=\""
        out += values.map(format).joined(separator: ";")
        out += "\" keyTimes=\""
        out += times.map { t -> String in SVGNumber.format(min(max((t - begin) / (end - begin), 0), 1), decimals: 9) }.joined(separator: ";")
        out += "\" keySplines=\""
        out += splines.map { c -> String in
            [c.p1.x, c.p1.y, c.p2.x, c.p2.y].map { SVGNumber.format(min(max($0, 0), 1), decimals: 6) }.joined(separator: " ")
        }.joined(separator: ";")
        out += "\"/>"
        return out
    }

    /// `<animate … calcMode="discrete">` for values that switch, or "" when it never changes.
    func discrete(attribute: String, keys: [(time: Double, value: String)]) -> String {
        guard duration > 0, let first = keys.first, keys.contains(where: { $0.value != first.value }) else { return "" }
        // One change, no loop: a `set` at that instant.
        let changes = zip(keys, keys.dropFirst()).filter { $0.value != $1.value }
        // A switch is written up to 2 µs before its instant (and never past half way back to the key
        // before), then rounded down, never up: players keep time in whole microseconds (Chromium's
        // SMIL clock truncates 17/30 s to 0.566666 s), and a key written even a nanosecond after its
        // frame would leave that frame showing the value before it.
        let shifted = keys.indices.map { i in
            i == 0 ? keys[0].time : keys[i].time - min(2e-6, (keys[i].time - keys[i - 1].time) / 2)
        }
        func down(_ x: Double) -> Double { (x * 1e9).rounded(.down) / 1e9 }
        if !whole, changes.count == 1, let change = changes.first, let i = keys.firstIndex(where: { $0.time == change.1.time }) {
            var out = "<set attributeName=\"\(attribute)\" to=\"\(change.1.value)\" begin=\""
            SVGNumber.append(down(shifted[i]), decimals: 9, to: &out)
            return out + "s\"/>"
        }
        var out = "<animate attributeName=\"\(attribute)\"" + timing + " calcMode=\"discrete\" values=\""
        out += keys.map(\.value).joined(separator: ";")
        out += "\" keyTimes=\""
        out += shifted.map { SVGNumber.format(down(min(max($0 / duration, 0), 1)), decimals: 9) }.joined(separator: ";")
        out += "\"/>"
        return out
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
