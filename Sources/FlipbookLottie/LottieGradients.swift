import Flipbook
import FlipbookScenes
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LottieImporter {
    /// A Lottie gradient (`gf`, `gs`) at one instant as a Flipbook gradient: linear from `start` to
    /// `end`, or radial around `start` out to `end`'s distance; its stops at every offset where a
    /// colour or an opacity stop sits, the colour and the opacity each interpolated between their
    /// own stops there (Lottie keeps them apart: `count` colour stops `[offset, r, g, b]`, then
    /// opacity stops `[offset, alpha]`). A radial one's `highlight` (`h` percent of the radius, `a`
    /// degrees) is its focus, placed as lottie-web places it: from the centre at the angle of the line
    /// start → end plus `a`, clockwise on screen, `h` / 100 of the radius away, that fraction held
    /// within ±0.99. Nil when the numbers cannot be read (too few, or one that is not finite: an
    /// extreme key's easing can make one).
    static func gradient(radial: Bool, start: [Double], end: [Double], highlight: [Double] = [0, 0], stops raw: [Double], count: Int) -> JSONText? {
        guard start.count >= 2, end.count >= 2, count >= 1, raw.count >= 4 * count, highlight.count >= 2,
              (start + end + raw + highlight).allSatisfy(\.isFinite) else { return nil }
        let colors = (0..<count).map { Array(raw[(4 * $0)..<(4 * $0 + 4)]) }
        let rest = Array(raw[(4 * count)...])
        let alphas = stride(from: 0, to: rest.count - 1, by: 2).map { [rest[$0], rest[$0 + 1]] }
        func mix(_ table: [[Double]], at offset: Double) -> [Double] {
            guard let first = table.first, let last = table.last else { return [] }
            if offset <= first[0] { return Array(first.dropFirst()) }
            if offset >= last[0] { return Array(last.dropFirst()) }
            // (Stops out of order: the first at or past the offset, after one before it.)
            guard let j = table.firstIndex(where: { $0[0] >= offset }), j > 0 else { return Array(last.dropFirst()) }
            let a = table[j - 1], b = table[j]
            let u = b[0] > a[0] ? (offset - a[0]) / (b[0] - a[0]) : 1
            return (1..<a.count).map { a[$0] + (b[$0] - a[$0]) * u }
        }
        let offsets = Set(colors.map { $0[0] } + alphas.map { $0[0] }).sorted()
        let stops: [JSONText] = offsets.map { offset in
            let c = mix(colors, at: offset), alpha = alphas.isEmpty ? 1 : mix(alphas, at: offset)[0]
            let rgba = c.map { min(max($0, 0), 1) } + [min(max(alpha, 0), 1)]
            return .array([.number(min(max(offset, 0), 1)), .array(rgba.map(JSONText.number))])
        }
        var members: [(String, JSONText)] = [("type", .string(radial ? "radial" : "linear"))]
        if radial {
            let dx = end[0] - start[0], dy = end[1] - start[1]
            let radius = (dx * dx + dy * dy).squareRoot()
            members += [("center", .pair(start[0], start[1])), ("radius", .number(radius))]
            if highlight[0] != 0 {
                // lottie-web's rule: the length held within ±99 % of the radius.
                let focus = Gradient.highlightFocus(center: Point(start[0], start[1]), edge: Point(end[0], end[1]),
                                                    length: min(max(highlight[0], -99), 99), angle: highlight[1])
                guard focus.x.isFinite, focus.y.isFinite else { return nil }
                members.append(("focus", .pair(focus.x, focus.y)))
            }
        } else {
            members += [("start", .pair(start[0], start[1])), ("end", .pair(end[0], end[1]))]
        }
        members.append(("stops", .array(stops)))
        return .object(members)
    }

    /// The gradient of `item` (`gf` or `gs`) as the paint's `fillGradient` or `strokeGradient`:
    /// still, or at every frame of its keys and at each key when its ends, highlight or stops move.
    mutating func gradientPaint(_ item: LottieValue, name: String, clock: LottieClock) -> (value: JSONText?, animation: JSONText?) {
        let radial = item["t"]?.int == 2
        let count = item["g"]?["p"]?.int ?? 0
        let s = keys(item["s"]), e = keys(item["e"]), g = keys(item["g"]?["k"])
        // The highlight, a radial gradient's alone: its length and angle, still or keyed.
        let none: (constant: Double?, keys: [LottieKey]) = (nil, [])
        let hl = radial ? keys(item["h"]) : none, ha = radial ? keys(item["a"]) : none
        func still(_ p: LottieValue?) -> [Double]? { p?["k"]?.numbers }
        let stillStart = still(item["s"]) ?? s.keys.first?.value, stillEnd = still(item["e"]) ?? e.keys.first?.value
        let stillStops = still(item["g"]?["k"]) ?? g.keys.first?.value
        let stillLength = hl.constant ?? hl.keys.first?.value?.first ?? 0, stillAngle = ha.constant ?? ha.keys.first?.value?.first ?? 0
        guard let a = stillStart, let b = stillEnd, let c = stillStops,
              let first = Self.gradient(radial: radial, start: a, end: b, highlight: [stillLength, stillAngle], stops: c, count: count) else {
            omit(item.path, "a gradient this importer cannot read: left out")
            return (nil, nil)
        }
        guard let frames = Self.frames(of: (s.keys + e.keys + g.keys + hl.keys + ha.keys).map(\.time)) else { return (first, nil) }
        var samples = LottieSamples(times: [], values: [])
        for frame in frames {
            let start = s.keys.isEmpty ? a : Self.value(of: s.keys, at: frame) ?? a
            let end = e.keys.isEmpty ? b : Self.value(of: e.keys, at: frame) ?? b
            let stops = g.keys.isEmpty ? c : Self.value(of: g.keys, at: frame) ?? c
            let length = hl.keys.isEmpty ? stillLength : Self.value(of: hl.keys, at: frame)?.first ?? stillLength
            let angle = ha.keys.isEmpty ? stillAngle : Self.value(of: ha.keys, at: frame)?.first ?? stillAngle
            guard let made = Self.gradient(radial: radial, start: start, end: end, highlight: [length, angle], stops: stops, count: count) else {
                omit(item.path, "a gradient whose keys cannot be read at frame \(Self.number(frame)) (a value that is not finite): held at its first value")
                return (first, nil)
            }
            samples.times.append(clock.seconds(frame))
            samples.values.append(made)
        }
        return (samples.values.first ?? first, samples.animation(name))
    }
}
