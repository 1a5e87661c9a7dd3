import Flipbook
import FlipbookScenes
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lottie's repeater (`"ty": "rp"`): the items listed before it in its group drawn ⌊c⌋ times (rlottie
/// and ThorVG draw two copies for c 2.7), copy i placed by the transform taken t = o + i times (o the
/// offset):
///
///     M(t) = translate(t·p + a) · rotate(t·r) · scale(s^t) · translate(−a)
///
/// (p position, a anchor, r rotation in degrees clockwise on screen, s scale as a fraction; lottie-web
/// and Skottie build it so), at the opacity so + (eo − so)·i / c of the group the copy makes (Skottie
/// says After Effects divides by c; rlottie draws 1, 0.8, 0.6 for so 100, eo 40, c 3 as this does, and
/// 1, 0.71, 0.43 for so 100, eo 0, c 3.5: c itself, not the copies drawn;
/// lottie-web divides by c − 1, ThorVG draws 0.8, 0.6, 0.4). Composite 1 (the default) draws copy 0 on
/// top, composite 2 at the bottom, as lottie-web and Skottie do (rlottie and ThorVG draw copy 0 at the
/// bottom in both).
///
/// Imported as its copies: one layer each, with M(t) as its transform and its opacity, holding the
/// repeated layers. A replicator layer (Core Animation's) applies one step's transform k times over,
/// which M(t) is not when the copies both move and turn or scale (the position steps are not turned),
/// and draws its instances in one order only; the copies are exact in every case.
extension LottieImporter {
    /// The most copies a repeater makes (Skottie's cap); past it the file is refused by name.
    static let maxRepeaterCopies = 1_024
    /// The most copy-instants an animated repeater is read at (copies × instants); past it, its
    /// first keys' values are drawn, reported.
    static let maxRepeaterSamples = 1_000_000

    /// The layer that draws `drawn` (the group's layers so far, listed top first) as `item`'s copies;
    /// nil when it draws nothing (no copies, or all transparent).
    ///
    /// Copies: ⌊c⌋, as rlottie and ThorVG draw (c 2.7: two), copy i at opacity so + (eo − so)·i / c.
    /// Animated values (`clock`: the layer's time) are read at every frame of their keys and at each
    /// key: each copy's transform and opacity at those instants, straight between them (exact at the
    /// frames), and the copies past ⌊c⌋ or at opacity 0 hidden from one such instant to the next.
    mutating func repeater(_ item: LottieValue, drawn: [JSONText], idBase: String, clock: LottieClock) -> JSONText? {
        let tr = item["tr"]
        // c, o, then the transform's a, p, s, r, so and eo: each still, or keyed.
        let sources = [item["c"], item["o"], tr?["a"], tr?["p"], tr?["s"], tr?["r"], tr?["so"], tr?["eo"]]
        let fallbacks: [[Double]] = [[1], [0], [0, 0], [0, 0], [100, 100], [0], [100], [100]]
        let read = sources.map { v -> (still: [Double]?, keys: [LottieKey]) in
            guard let v else { return (nil, []) }
            if v["k"]?.items.first?["t"] != nil { return (nil, keys(v).keys) }
            return (v["k"]?.numbers, [])
        }
        func values(at frame: Double?) -> [[Double]] {
            read.indices.map { i in
                let value = read[i].still ?? frame.flatMap { Self.value(of: read[i].keys, at: $0) } ?? read[i].keys.first?.value
                return value.map { $0.isEmpty ? fallbacks[i] : $0 } ?? fallbacks[i]
            }
        }
        var frames: [Double?] = [nil]
        if read.contains(where: { !$0.keys.isEmpty }) {
            if let keyed = Self.frames(of: read.flatMap { $0.keys.map(\.time) }) {
                frames = keyed
            } else {
                omit(item.path, "an animated repeater whose keys span no time or over 100,000 frames: its copies are drawn with its first keys' values")
            }
        }
        var states = frames.map { RepeaterState(values(at: $0)) }
        // Each copy holds a value an instant: a bounded number of them in all.
        let peak = states.map { min(max($0.count, 0), Double(Self.maxRepeaterCopies)) }.max() ?? 0
        if frames.count > 1, peak.rounded(.down) * Double(frames.count) > Double(Self.maxRepeaterSamples) {
            omit(item.path, "an animated repeater of \(Int(peak)) copies over \(frames.count) instants (over \(Self.maxRepeaterSamples) values): its copies are drawn with its first keys' values")
            frames = [nil]
            states = [RepeaterState(values(at: nil))]
        }
        guard states.allSatisfy(\.isFinite) else {
            omit(item.path, "a repeater with a value that is not a finite number: left out")
            return nil
        }
        let most = states.map { min(max($0.count, 0), Double(Self.maxRepeaterCopies + 1)).rounded(.down) }.max() ?? 0
        guard most <= Double(Self.maxRepeaterCopies) else {
            let count = states.map(\.count).max() ?? 0
            let shown = count < 1e15 && count == count.rounded() ? String(Int(count)) : "\(count)"
            refusal = (item.path, "a repeater of \(shown) copies, over the limit of \(Self.maxRepeaterCopies)")
            return nil
        }
        let copies = Int(most)
        let layersPerCopy = drawn.reduce(0) { $0 + Self.layerCount($1) }
        layerCount += copies * layersPerCopy
        if layerCount > Self.maxLayers { overLimit = true }
        guard copies > 0, !drawn.isEmpty, !overLimit else { return nil }
        let times = frames.map { $0.map(clock.seconds) ?? 0 }
        let below = (item["m"]?.int ?? 1) != 2
        var layers: [JSONText] = []
        for i in 0..<copies {
            let matrices = states.map { $0.matrix(copy: i) }
            let opacities = states.map { $0.opacity(copy: i) }
            let shown = states.indices.map { k in Double(i) < states[k].count.rounded(.down) && opacities[k] > 0 && matrices[k].allSatisfy(\.isFinite) }
            guard let first = shown.firstIndex(of: true) else { continue }
            let id = uniqueID(idBase + "_rp\(i)")
            var members: [(String, JSONText)] = [("id", .string(id)), ("type", .string("layer"))] + Self.inPlace
            // Still values: the first instant the copy shows; a hidden instant's matrix may not be finite.
            let matrixAt = { (k: Int) -> JSONText in .array((shown[k] ? matrices[k] : matrices[first]).map { .number($0) }) }
            members.append(("transform", matrixAt(0)))
            if opacities[0] < 1 { members.append(("opacity", .number(opacities[0]))) }
            var animations: [JSONText] = []
            if Set(matrices.indices.filter { shown[$0] }.map { matrices[$0] }).count > 1 {
                animations += LottieSamples(times: times, values: matrices.indices.map(matrixAt)).animation("transform").map { [$0] } ?? []
            }
            if Set(opacities).count > 1 {
                animations += LottieSamples(times: times, values: opacities.map { .number($0) }).animation("opacity").map { [$0] } ?? []
            }
            if let hidden = Self.discrete("hidden", shown.map { !$0 }, at: times) { animations.append(hidden) }
            if !animations.isEmpty { members.append(("animations", .array(animations))) }
            members.append(("sublayers", .array(drawn.reversed().map { renamed($0, copy: i) })))
            layers.append(.object(members))
        }
        guard !layers.isEmpty else { return nil }
        // Sublayers are listed bottom first: copy 0 last when it is on top.
        let id = uniqueID(idBase + "_rp")
        return .object([("id", .string(id)), ("type", .string("layer"))] + Self.inPlace
                       + [("sublayers", .array(below ? layers.reversed() : layers))])
    }

    /// A discrete animation of `property` through `values` at `times` (each value from its instant to
    /// the next, the first before, the last after); nil when the value never changes.
    static func discrete(_ property: String, _ values: [Bool], at times: [Double]) -> JSONText? {
        guard let begin = times.first, let end = times.last, end > begin, Set(values).count > 1 else { return nil }
        var kept: [Bool] = [], starts: [Double] = []
        for (value, time) in zip(values, times) where kept.last != value {
            kept.append(value)
            starts.append(time)
        }
        let keyTimes = [0] + starts.dropFirst().map { ($0 - begin) / (end - begin) } + [1]
        return .object([("property", .string(property)), ("values", .array(kept.map(JSONText.bool))),
                        ("keyTimes", .array(keyTimes.map(JSONText.number))), ("calculationMode", .string("discrete")),
                        ("beginTime", .number(begin)), ("duration", .number(end - begin)),
                        ("fillMode", .string("both")), ("removedOnCompletion", .bool(false))])
    }

    /// `layer` with every layer id in it (its own, its sublayers', its mask's) made unique for copy `i`.
    mutating func renamed(_ layer: JSONText, copy i: Int) -> JSONText {
        switch layer {
        case .object(let members):
            var out = members
            for (n, member) in members.enumerated() {
                if member.0 == "id", case .string(let id) = member.1 {
                    out[n].1 = .string(uniqueID(id + "_\(i)"))
                } else if ["sublayers", "mask"].contains(member.0) {
                    out[n].1 = renamed(member.1, copy: i)
                }
            }
            return .object(out)
        case .array(let items):
            return .array(items.map { renamed($0, copy: i) })
        default:
            return layer
        }
    }

    /// The layers `layer` holds, itself included.
    static func layerCount(_ layer: JSONText) -> Int {
        switch layer {
        case .object(let members):
            return 1 + members.reduce(0) { sum, member in
                guard ["sublayers", "mask"].contains(member.0) else { return sum }
                if case .array(let items) = member.1 { return sum + items.reduce(0) { $0 + layerCount($1) } }
                return sum + layerCount(member.1)
            }
        default:
            return 0
        }
    }
}

/// A repeater's values at one instant: c, o, and its transform's a, p, s, r, so and eo.
private struct RepeaterState {
    var count: Double, offset: Double
    var anchor: (Double, Double), position: (Double, Double), scale: (Double, Double)
    var rotation: Double, startOpacity: Double, endOpacity: Double

    init(_ v: [[Double]]) {
        count = v[0][0]
        offset = v[1][0]
        anchor = (v[2][0], v[2].count > 1 ? v[2][1] : 0)
        position = (v[3][0], v[3].count > 1 ? v[3][1] : 0)
        scale = (v[4][0] / 100, (v[4].count > 1 ? v[4][1] : v[4][0]) / 100)
        rotation = v[5][0]
        startOpacity = min(max(v[6][0] / 100, 0), 1)
        endOpacity = min(max(v[7][0] / 100, 0), 1)
    }

    var isFinite: Bool {
        [count, offset, anchor.0, anchor.1, position.0, position.1, scale.0, scale.1, rotation, startOpacity, endOpacity].allSatisfy(\.isFinite)
    }

    /// Copy i's opacity: so + (eo − so)·i / c, within [0, 1] (past c, where the copy is not drawn, the
    /// line runs beyond eo).
    func opacity(copy i: Int) -> Double {
        min(max(count > 0 ? startOpacity + (endOpacity - startOpacity) * Double(i) / count : startOpacity, 0), 1)
    }

    /// M(t) of copy i (t = o + i) as [a, b, c, d, tx, ty].
    func matrix(copy i: Int) -> [Double] {
        let t = offset + Double(i)
        let angle = t * rotation * .pi / 180, cx = pow(scale.0, t), cy = pow(scale.1, t)
        let m = LottieAffine(a: cos(angle) * cx, b: sin(angle) * cx, c: -sin(angle) * cy, d: cos(angle) * cy, e: 0, f: 0)
        let (ox, oy) = m.apply(-anchor.0, -anchor.1)
        return [m.a, m.b, m.c, m.d, ox + t * position.0 + anchor.0, oy + t * position.1 + anchor.1]
    }
}
