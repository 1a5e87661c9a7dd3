import Flipbook
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

    /// What the trim paths items `items` (nearest first: the first cuts the path, the next cuts
    /// what it leaves, as players apply them in turn) leave, as spans: still, or sampled at every
    /// frame of their keys and at each key (exact at the frames, straight between them). A trim
    /// that is whole (0 % to 100 %, still) cuts nothing and is passed over. Several trims compose
    /// where each before the last leaves one span (the next cuts that span's share of the length)
    /// and each trims paths alone (`m` 1); otherwise only the nearest cuts (reported). Nil
    /// (reported) when unreadable.
    mutating func trim(_ items: [LottieValue], clock: LottieClock) -> LottieTrim? {
        let cutting = items.filter { !Self.isWholeTrim($0) }
        guard let nearest = cutting.first else { return nil }
        var used = cutting
        if cutting.count > 1 && cutting.contains(where: { $0["m"]?.int == 2 }) {
            omit(cutting[1].path, "a second trim on the same paths, one of them trimming paths one after another: only the nearest one cuts them")
            used = [nearest]
        }
        typealias Keys = (constant: Double?, keys: [LottieKey])
        let read: [(s: Keys, e: Keys, o: Keys)] = used.map { (keys($0["s"]), keys($0["e"]), keys($0["o"])) }
        func at(_ p: Keys, _ frame: Double, _ fallback: Double) -> Double? {
            if p.keys.isEmpty { return p.constant ?? fallback }
            return Self.value(of: p.keys, at: frame)?.first
        }
        // The spans at `frame`, each trim cutting what the one before it left; nil when unreadable,
        // and `composes` false where a trim before the last leaves two spans.
        var composes = true
        func spans(_ frame: Double) -> [(start: Double, end: Double)]? {
            var current: [(start: Double, end: Double)] = [(0, 1)]
            for (index, t) in read.enumerated() {
                guard let sv = at(t.s, frame, 0), let ev = at(t.e, frame, 100), let ov = at(t.o, frame, 0) else { return nil }
                let cut = LottieTrim.spans(s: sv, e: ev, o: ov)
                if index == 0 {
                    current = cut
                    continue
                }
                guard current.count == 1 else {
                    composes = false
                    return current
                }
                let a = current[0].start, length = current[0].end - current[0].start
                current = cut.map { (a + $0.start * length, a + $0.end * length) }
            }
            return current
        }
        let eachPath = nearest["m"]?.int != 2
        let times = read.flatMap { ($0.s.keys + $0.e.keys + $0.o.keys).map(\.time) }
        var result: LottieTrim?
        if let frames = Self.frames(of: times) {
            var trim = LottieTrim(spans: [], eachPath: eachPath)
            for frame in frames {
                guard let made = spans(frame) else {
                    omit(nearest.path, "a trim this importer cannot read: left out")
                    return nil
                }
                if trim.spans.isEmpty { trim.spans = made }
                trim.times.append(clock.seconds(frame))
                trim.first.append(made[0])
                trim.second.append(made.count > 1 ? made[1] : (0, 0))
            }
            result = trim
        } else {
            // Still (no keys, or all at one frame), or keys over 100,000 frames apart.
            let frame = times.first ?? 0
            guard times.allSatisfy({ $0 == frame }), let made = spans(frame) else {
                omit(nearest.path, "a trim whose keys span over 100,000 frames: left out")
                return nil
            }
            result = LottieTrim(spans: made, eachPath: eachPath)
        }
        if !composes {
            omit(used[1].path, "a second trim on paths the first leaves in two pieces (its offset carries it past the end): only the nearest one cuts them")
            return trim([nearest], clock: clock)
        }
        return result
    }

    /// Whether a trim paths item is still and whole (0 % to 100 %): it cuts nothing.
    static func isWholeTrim(_ item: LottieValue) -> Bool {
        func still(_ key: String, _ fallback: Double) -> Double? {
            guard let p = item[key] else { return fallback }
            guard p["k"]?.items.first?["t"] == nil else { return nil }
            return p["k"]?.scalar ?? fallback
        }
        guard let s = still("s", 0), let e = still("e", 100) else { return false }
        return min(s, e) <= 0 && max(s, e) >= 100
    }

    /// The members and animations that draw `span` (0: the first span, 1: the second) of `trim` on
    /// a stroke layer: strokeStart and strokeEnd, still or keyed at the trim's instants.
    static func trimMembers(_ trim: LottieTrim, span: Int) -> (members: [(String, JSONText)], animations: [JSONText]) {
        let still = span < trim.spans.count ? trim.spans[span] : (start: 0.0, end: 0.0)
        let members: [(String, JSONText)] = [("strokeStart", .number(still.start)), ("strokeEnd", .number(still.end))]
        guard trim.times.count > 1, let begin = trim.times.first, let end = trim.times.last, end > begin else { return (members, []) }
        let list = span == 0 ? trim.first : trim.second
        let keyTimes = JSONText.array(trim.times.map { .number(($0 - begin) / (end - begin)) })
        func animation(_ name: String, _ values: [Double]) -> JSONText {
            .object([("property", .string(name)), ("values", .array(values.map(JSONText.number))), ("keyTimes", keyTimes),
                     ("beginTime", .number(begin)), ("duration", .number(end - begin)), ("fillMode", .string("both")),
                     ("removedOnCompletion", .bool(false))])
        }
        return (members, [animation("strokeStart", list.map(\.start)), animation("strokeEnd", list.map(\.end))])
    }
}
