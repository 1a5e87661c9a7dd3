import FlipbookScenes

/// What a trim paths item (`tm`) leaves of a stroke: one or two spans of the path's length, as
/// fractions (Flipbook's strokeStart and strokeEnd), at one instant or sampled at every frame.
public struct LottieTrim {
    /// The spans at the trim's first frame (or always, when nothing moves): one, or two where the
    /// offset carries the span past the path's end (its start and its wrapped tail).
    var spans: [(start: Double, end: Double)]
    /// When the trim moves: the instants (seconds) and the spans at each, the first span and the
    /// second ((0, 0), drawing nothing, where there is none).
    var times: [Double] = []
    var first: [(start: Double, end: Double)] = []
    var second: [(start: Double, end: Double)] = []
    /// Trims each path alone (`m` 1, "simultaneously"), or the paths one after another as one
    /// (`m` 2, "individually").
    var eachPath: Bool

    /// Whether the trim leaves every path whole at every instant.
    var isWhole: Bool {
        spans.count == 1 && spans[0].start == 0 && spans[0].end == 1 && (times.isEmpty || zip(first, second).allSatisfy {
            $0.0.start == 0 && $0.0.end == 1 && $0.1.end <= $0.1.start })
    }

    /// The spans Lottie draws for start `s` and end `e` (percent, either order) and offset `o`
    /// (degrees: o/360 of the length): [min, max] moved by the offset's fraction, wrapped at the
    /// path's end (lottie-web and rlottie draw the same).
    public static func spans(s: Double, e: Double, o: Double) -> [(start: Double, end: Double)] {
        let low = min(max(min(s, e) / 100, 0), 1), high = min(max(max(s, e) / 100, 0), 1)
        if high - low >= 1 { return [(0, 1)] }
        var shift = (o / 360).truncatingRemainder(dividingBy: 1)
        if shift < 0 { shift += 1 }
        let a = low + shift, b = high + shift
        if b <= 1 { return [(a, b)] }
        if a >= 1 { return [(a - 1, b - 1)] }
        return [(a, 1), (0, b - 1)]
    }
}

extension LottieImporter {
    /// A property's keys as `LottieImporter.value(of:at:)` reads them, or its constant value.
    func keys(_ p: LottieValue?) -> (constant: Double?, keys: [LottieKey]) {
        guard let k = p?["k"] else { return (nil, []) }
        let list = k.items
        guard let head = list.first, head["t"] != nil else { return (k.scalar, []) }
        var keys: [LottieKey] = []
        var previousEnd: [Double]?
        for key in list {
            guard let t = key["t"]?.number else { break }
            let value = key["s"]?.numbers ?? previousEnd
            previousEnd = key["e"]?.numbers
            keys.append(LottieKey(time: t, value: value, hold: key["h"]?.flag == true,
                                  out: (key["o"]?["x"]?.numbers, key["o"]?["y"]?.numbers), in: (key["i"]?["x"]?.numbers, key["i"]?["y"]?.numbers),
                                  tangentOut: nil, tangentIn: nil))
        }
        return (nil, keys)
    }

    /// The trim `item` (`tm`) as spans: still, or sampled at every frame of its keys and at each
    /// key (exact at the frames, straight between them). Nil (reported) when unreadable.
    mutating func trim(_ item: LottieValue, clock: LottieClock) -> LottieTrim? {
        let s = keys(item["s"]), e = keys(item["e"]), o = keys(item["o"])
        func at(_ p: (constant: Double?, keys: [LottieKey]), _ frame: Double, _ fallback: Double) -> Double? {
            if p.keys.isEmpty { return p.constant ?? fallback }
            return Self.value(of: p.keys, at: frame)?.first
        }
        let times = (s.keys + e.keys + o.keys).map(\.time)
        guard let frames = Self.frames(of: times) else {
            // Still (no keys, or all at one frame), or keys over 100,000 frames apart.
            let frame = times.first ?? 0
            guard times.allSatisfy({ $0 == frame }), let sv = at(s, frame, 0), let ev = at(e, frame, 100), let ov = at(o, frame, 0) else {
                omit(item.path, "a trim whose keys span over 100,000 frames: left out")
                return nil
            }
            return LottieTrim(spans: LottieTrim.spans(s: sv, e: ev, o: ov), eachPath: item["m"]?.int != 2)
        }
        var trim = LottieTrim(spans: [], eachPath: item["m"]?.int != 2)
        for frame in frames {
            guard let sv = at(s, frame, 0), let ev = at(e, frame, 100), let ov = at(o, frame, 0) else {
                omit(item.path, "a trim this importer cannot read: left out")
                return nil
            }
            let spans = LottieTrim.spans(s: sv, e: ev, o: ov)
            if trim.spans.isEmpty { trim.spans = spans }
            trim.times.append(clock.seconds(frame))
            trim.first.append(spans[0])
            trim.second.append(spans.count > 1 ? spans[1] : (0, 0))
        }
        return trim
    }

    /// The members and animations that draw `span` (0: the first span, 1: the second) of `trim` on
    /// a stroke layer: strokeStart and strokeEnd, still or keyed at the trim's instants.
    static func trimMembers(_ trim: LottieTrim, span: Int) -> (members: [(String, SceneJSON)], animations: [SceneJSON]) {
        let still = span < trim.spans.count ? trim.spans[span] : (start: 0.0, end: 0.0)
        let members: [(String, SceneJSON)] = [("strokeStart", .number(still.start)), ("strokeEnd", .number(still.end))]
        guard trim.times.count > 1, let begin = trim.times.first, let end = trim.times.last, end > begin else { return (members, []) }
        let list = span == 0 ? trim.first : trim.second
        let keyTimes = SceneJSON.array(trim.times.map { .number(($0 - begin) / (end - begin)) })
        func animation(_ name: String, _ values: [Double]) -> SceneJSON {
            .object([("property", .string(name)), ("values", .array(values.map(SceneJSON.number))), ("keyTimes", keyTimes),
                     ("beginTime", .number(begin)), ("duration", .number(end - begin)), ("fillMode", .string("both")),
                     ("removedOnCompletion", .bool(false))])
        }
        return (members, [animation("strokeStart", list.map(\.start)), animation("strokeEnd", list.map(\.end))])
    }
}
