import Easing
import FlipbookScenes

/// Time remapping (`tm`): at frame f of its composition, a precomposition shows its content's frame
/// tm(f) · fr (`tm` is in seconds of the content; it is a property of the layer, keyed in the
/// composition's frames as the layer's transform is, and may be an expression such as
/// `loopOut('cycle')`). As lottie-web reads it, the layer's start time and time stretch then move
/// nothing of its content.
///
/// Flipbook's clock maps a composition's frames onto the scene's seconds by an offset and a stretch,
/// which a remap is not (it eases, holds, runs backwards, loops). So the content is re-keyed in the
/// composition's frames before it is read: every animated property of every layer of the content
/// (transforms, shapes, paths, paints, masks, text documents) gets a key at every frame f the layer
/// shows, with the value Lottie defines at the content's frame tm(f) · fr, straight to the next
/// (text documents and other values that do not blend are held); keys that repeat their neighbours'
/// value are left out. A content layer's in and out points become the first frame its content frame
/// is in [ip, op) and the frame after the last; where it is out of them between those, its opacity
/// is 0 at those frames. A precomposition inside is re-keyed the same way through its own start,
/// stretch or remap, as a new asset. Expressions in the content are evaluated first, over the
/// content's frames the remap reaches.
///
/// Exact at every frame of the composition (what players show); between two frames, a straight
/// line where Lottie would ease. Bounded: every property and layer read at every frame counts
/// against the import's budget of values read for remaps (`remapBudget`, 1,000,000 values), and a
/// span of over 100,000 frames is not re-keyed.
/// When it cannot be re-keyed (over the budget, a remap that is not numbers), it is reported and the
/// content keeps its own pace.
extension LottieImporter {
    /// Content frames at each frame of the composition a remapped precomposition shows.
    struct TimeMap {
        /// Frames of the composition (whole frames, and the span's ends), in order.
        var frames: [Double]
        /// The content's frame shown at each.
        var local: [Double]
    }

    /// The remapped precomposition `layer`'s content (the asset `content`), re-keyed in the
    /// frames of its composition the scene shows (`frames`, first and last), or why it cannot be.
    mutating func remappedContent(_ layer: LottieValue, content: LottieValue, frames shown: (Double, Double), chain: [String]) -> Result<LottieValue, RemapRefusal> {
        let from = max(shown.0, layer["ip"]?.number ?? shown.0), to = min(shown.1, layer["op"]?.number ?? shown.1)
        guard from.isFinite, to.isFinite, to - from <= 100_000 else { return .failure(RemapRefusal("a remap over more than 100,000 frames")) }
        guard from < to else { return .success(content) }
        var frames = [from]
        var f = from.rounded(.down) + 1
        while f < to {
            frames.append(f)
            f += 1
        }
        frames.append(to)
        let map = TimeMap(frames: frames, local: contentFrames(layer["tm"], at: frames))
        guard map.local.allSatisfy(\.isFinite) else { return .failure(RemapRefusal("a remap that is not a number of seconds")) }
        let budget = remapBudget
        switch rekeyed(content, map: map, chain: chain) {
        case .success(let layers): return .success(layers)
        case .failure(let refusal):
            remapBudget = budget
            return .failure(refusal)
        }
    }

    /// The content frames a remap `tm` (seconds, keyed or still) shows at `frames`; NaN where it is
    /// not a number.
    private func contentFrames(_ remap: LottieValue?, at frames: [Double]) -> [Double] {
        if let track = remap.flatMap(RemapTrack.init) {
            return frames.map { track.numbers(at: $0)?.first.map { $0 * clock.fps } ?? .nan }
        }
        let still = remap?["k"]?.scalar.map { $0 * clock.fps } ?? .nan
        return frames.map { _ in still }
    }

    /// The most values an import reads for remaps (a property or a layer's points read at every frame
    /// of a remap counts that many).
    static let remapReads = 1_000_000
    static let overBudget = "over the import's budget of \(remapReads) values read at every frame"

    /// Whether the import may read one more property at every frame of `map` (then counted).
    private mutating func charge(_ map: TimeMap) -> Bool {
        guard map.frames.count <= remapBudget else { return false }
        remapBudget -= map.frames.count
        return true
    }

    /// The layer list `content` re-keyed through `map`.
    private mutating func rekeyed(_ content: LottieValue, map: TimeMap, chain: [String]) -> Result<LottieValue, RemapRefusal> {
        let low = map.local.min()!, high = map.local.max()!
        var layers: [JSONValue] = []
        for item in content.items {
            guard charge(map) else { return .failure(RemapRefusal(Self.overBudget)) }
            // Expressions first, over the content frames the remap reaches.
            let layer = evaluatingExpressions(item, clock: LottieClock(fps: clock.fps, inPoint: low), outPoint: high)
            guard case .object(let members) = layer.value.kind else {
                layers.append(layer.value)
                continue
            }
            let inPoint = layer["ip"]?.number ?? -.infinity, outPoint = layer["op"]?.number ?? .infinity
            let shows = map.local.map { inPoint <= $0 && $0 < outPoint }
            var out: [JSONValue.Member] = []
            for member in members where !["ip", "op", "tm"].contains(member.key) {
                switch rekeyed(member.value, map: map) {
                case .success(let value): out.append(JSONValue.Member(key: member.key, value: value))
                case .failure(let refusal): return .failure(refusal)
                }
            }
            // In and out points in the composition's frames; hidden between them by opacity 0.
            let first = shows.firstIndex(of: true), last = shows.lastIndex(of: true)
            let ip = first.map { map.frames[$0] } ?? map.frames[0], op = last.map { $0 + 1 < map.frames.count ? map.frames[$0 + 1] : map.frames[$0] + 1 } ?? ip
            out += [JSONValue.Member(key: "ip", value: .number(ip)), JSONValue.Member(key: "op", value: .number(op))]
            if let first, let last, shows[first...last].contains(false) {
                let rekeyedTransform = out.last(where: { $0.key == "ks" })?.value
                out.removeAll { $0.key == "ks" }
                out.append(JSONValue.Member(key: "ks", value: hidingGaps(layer["ks"]?["o"], in: rekeyedTransform, shows: shows, map: map)))
            }
            // A precomposition inside: its content re-keyed through its own start and stretch, or
            // its own remap, as a new asset.
            // (One within itself is left as it is, for the importer to refuse by name.)
            if layer["ty"]?.int == 0, let ref = layer["refId"]?.string, let asset = assets[ref], !chain.contains(ref), chain.count < 32 {
                var inner = map
                if let remap = layer["tm"] {
                    inner.local = contentFrames(remap, at: map.local)
                } else {
                    let start = layer["st"]?.number ?? 0, stretch = layer["sr"]?.number ?? 1
                    inner.local = map.local.map { stretch > 0 ? ($0 - start) / stretch : .nan }
                }
                guard inner.local.allSatisfy(\.isFinite) else { return .failure(RemapRefusal("a time stretch or remap that is not a number")) }
                switch rekeyed(asset, map: inner, chain: chain + [ref]) {
                case .success(let list):
                    let id = "\u{1}remap\(assets.count)"
                    assets[id] = list
                    out.removeAll { ["refId", "st", "sr"].contains($0.key) }
                    out += [JSONValue.Member(key: "refId", value: .string(id)), JSONValue.Member(key: "st", value: .number(0)),
                            JSONValue.Member(key: "sr", value: .number(1))]
                case .failure(let refusal): return .failure(refusal)
                }
            }
            layers.append(JSONValue(kind: .object(out), line: layer.value.line, column: layer.value.column))
        }
        return .success(LottieValue(value: JSONValue(kind: .array(layers), line: content.value.line, column: content.value.column),
                                    path: content.path, file: file))
    }

    /// `value` with every animated property in it keyed at the map's frames.
    private mutating func rekeyed(_ value: JSONValue, map: TimeMap) -> Result<JSONValue, RemapRefusal> {
        switch value.kind {
        case .object(let members):
            let property = LottieValue(value: value, path: "", file: file)
            if let track = RemapTrack(property) {
                guard charge(map) else { return .failure(RemapRefusal(Self.overBudget)) }
                let k = keys(map.frames.indices.map { track.value(at: map.local[$0]) }, frames: map.frames, blends: track.blends)
                return .success(JSONValue(kind: .object(members.map { $0.key == "k" ? JSONValue.Member(key: "k", value: k) : $0 }),
                                          line: value.line, column: value.column))
            }
            var out = members
            for (index, member) in members.enumerated() {
                switch rekeyed(member.value, map: map) {
                case .success(let v): out[index].value = v
                case .failure(let refusal): return .failure(refusal)
                }
            }
            return .success(JSONValue(kind: .object(out), line: value.line, column: value.column))
        case .array(let items):
            var out = items
            for (index, item) in items.enumerated() {
                switch rekeyed(item, map: map) {
                case .success(let v): out[index] = v
                case .failure(let refusal): return .failure(refusal)
                }
            }
            return .success(JSONValue(kind: .array(out), line: value.line, column: value.column))
        default:
            return .success(value)
        }
    }

    /// The re-keyed transform `ks` with its opacity (`opacity`, the content's own) read through the
    /// map where the layer shows and 0 at the frames it does not.
    private func hidingGaps(_ opacity: LottieValue?, in ks: JSONValue?, shows: [Bool], map: TimeMap) -> JSONValue {
        let track = opacity.flatMap(RemapTrack.init)
        let still = opacity?["k"]?.scalar ?? 100
        let values = map.frames.indices.map { i -> JSONValue in
            let o = shows[i] ? track?.numbers(at: map.local[i])?.first ?? still : 0
            return .array([.number(o)])
        }
        let o = JSONValue.object([JSONValue.Member(key: "a", value: .number(1)),
                                  JSONValue.Member(key: "k", value: keys(values, frames: map.frames, blends: true))])
        guard case .object(var members)? = ks?.kind else { return .object([JSONValue.Member(key: "o", value: o)]) }
        members.removeAll { $0.key == "o" }
        members.append(JSONValue.Member(key: "o", value: o))
        return .object(members)
    }

    /// Keys at `frames` with `values`, straight between them (held where the values do not blend),
    /// leaving out a key whose neighbours hold its value.
    func keys(_ values: [JSONValue], frames: [Double], blends: Bool) -> JSONValue {
        var out: [JSONValue] = []
        for (i, value) in values.enumerated() {
            let repeated = i > 0 && i + 1 < values.count && values[i - 1] == value && values[i + 1] == value
            if repeated { continue }
            var members = [JSONValue.Member(key: "t", value: .number(frames[i])), JSONValue.Member(key: "s", value: value)]
            if i + 1 < values.count {
                members += blends ? [JSONValue.Member(key: "o", value: .object([JSONValue.Member(key: "x", value: .array([.number(0)])),
                                                                                 JSONValue.Member(key: "y", value: .array([.number(0)]))])),
                                     JSONValue.Member(key: "i", value: .object([JSONValue.Member(key: "x", value: .array([.number(1)])),
                                                                                 JSONValue.Member(key: "y", value: .array([.number(1)]))]))]
                    : [JSONValue.Member(key: "h", value: .number(1))]
            }
            out.append(.object(members))
        }
        return .array(out)
    }
}

/// Why a remapped precomposition's content keeps its own pace.
struct RemapRefusal: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// An animated property's keys, read at any frame as Lottie defines its value: numbers (eased per
/// dimension, along a motion's cubic) by `LottieImporter.value(of:at:)`; shapes (paths) blended
/// vertex by vertex with the first dimension's easing; anything else (a text document) held.
struct RemapTrack {
    private let numberKeys: [LottieKey]?
    private let raw: [LottieValue]

    /// Whether the values blend between keys (numbers and shapes) or are held.
    let blends: Bool

    /// Nil when `property` is not animated (its value is the same at every frame).
    init?(_ property: LottieValue) {
        guard let keys = property["k"]?.items, keys.first?["t"] != nil else { return nil }
        raw = keys
        numberKeys = LottieImporter.rawKeys(property)
        blends = numberKeys != nil || keys.contains { $0["s"].map(RemapTrack.isShape) ?? false }
    }

    static func isShape(_ v: LottieValue) -> Bool { v["v"] != nil || v.items.first?["v"] != nil }

    /// The numbers at `frame`, when the keys are numbers.
    func numbers(at frame: Double) -> [Double]? {
        numberKeys.flatMap { LottieImporter.value(of: $0, at: frame) }
    }

    /// The value at `frame`, as a key's `s` writes it.
    func value(at frame: Double) -> JSONValue {
        if let numbers = numbers(at: frame) { return .array(numbers.map { .number($0) }) }
        let times = raw.map { $0["t"]?.number ?? -.infinity }
        guard let index = times.lastIndex(where: { $0 <= frame }) else { return (raw.first?["s"]?.value) ?? .null }
        let a = raw[index]
        let start = a["s"]?.value ?? (index > 0 ? raw[index - 1]["e"]?.value : nil) ?? .null
        guard blends, a["h"]?.flag != true, index + 1 < raw.count, times[index + 1] > times[index],
              let end = raw[index + 1]["s"]?.value ?? a["e"]?.value else { return start }
        // The eased share of the segment: the first dimension's handles, as for a scalar.
        func first(_ v: LottieValue?) -> [Double]? { (v?.numbers).map { Array($0.prefix(1)) } }
        let ease = [LottieKey(time: times[index], value: [0], hold: false, out: (first(a["o"]?["x"]), first(a["o"]?["y"])),
                              in: (first(a["i"]?["x"]), first(a["i"]?["y"])), tangentOut: nil, tangentIn: nil),
                    LottieKey(time: times[index + 1], value: [1], hold: false, out: (nil, nil), in: (nil, nil), tangentOut: nil, tangentIn: nil)]
        let u = LottieImporter.value(of: ease, at: frame)?.first ?? 0
        return Self.blend(start, end, u) ?? start
    }

    /// a + (b − a)·u member by member and item by item; nil where their shapes differ (then held).
    /// Flags and strings are a's.
    static func blend(_ a: JSONValue, _ b: JSONValue, _ u: Double) -> JSONValue? {
        switch (a.kind, b.kind) {
        case (.number(let x), .number(let y)): return .number(x + (y - x) * u)
        case (.array(let xs), .array(let ys)):
            guard xs.count == ys.count else { return nil }
            var out: [JSONValue] = []
            for (x, y) in zip(xs, ys) {
                guard let v = blend(x, y, u) else { return nil }
                out.append(v)
            }
            return .array(out)
        case (.object(let xs), .object(let ys)):
            guard xs.map(\.key) == ys.map(\.key) else { return nil }
            var out: [JSONValue.Member] = []
            for (x, y) in zip(xs, ys) {
                guard let v = blend(x.value, y.value, u) else { return nil }
                out.append(JSONValue.Member(key: x.key, value: v))
            }
            return .object(out)
        default:
            return a
        }
    }
}
