import Flipbook
import Easing
import FlipbookScenes
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Lottie keyframe's numbers, as `LottieImporter.sampled` reads them.
struct LottieKey {
    /// Frame, in the layer's time.
    var time: Double
    var value: [Double]?
    var hold: Bool
    /// The easing's out handle (`o`, this key's) and in handle (`i`, the next key's), x and y, each
    /// one number a dimension (or one for all).
    var out: (x: [Double]?, y: [Double]?)
    var `in`: (x: [Double]?, y: [Double]?)
    /// Spatial tangents (a motion along a curve), relative to this key's value and the next's.
    var tangentOut: [Double]?
    var tangentIn: [Double]?
}

/// A property sampled at frames: its values at each instant, linear between them.
struct LottieSamples {
    var times: [Double]
    var values: [JSONText]

    /// A keyframe animation through the samples (linear, filled both ways).
    func animation(_ name: String) -> JSONText? {
        guard let begin = times.first, let end = times.last, end > begin, values.count == times.count else { return nil }
        return .object([("property", .string(name)), ("values", .array(values)),
                        ("keyTimes", .array(times.map { .number(($0 - begin) / (end - begin)) })),
                        ("beginTime", .number(begin)), ("duration", .number(end - begin)),
                        ("fillMode", .string("both")), ("removedOnCompletion", .bool(false))])
    }
}

extension LottieImporter {
    /// A property Flipbook's keyframes cannot hold as Lottie moves it — easing of its own in each
    /// dimension, or a motion along a cubic (spatial tangents) — as its values at every frame of the
    /// file and at each key, straight between them: at every frame a player shows, the value Lottie
    /// defines (each dimension eased by its own `cubic-bezier`; a motion at the eased share of the
    /// cubic's arc length, as lottie-web and rlottie place it, measured on 64 chords); between two
    /// frames, a straight line. Nil when a key's value is not numbers.
    static func sampled(_ keys: [LottieKey], clock: LottieClock, convert: (LottieValue) -> JSONText?) -> LottieSamples? {
        guard keys.count >= 2, keys.allSatisfy({ $0.value != nil }), let frames = frames(of: keys.map(\.time)) else { return nil }
        var samples = LottieSamples(times: [], values: [])
        for frame in frames {
            guard let value = value(of: keys, at: frame), let converted = convert(numbers(value)) else { return nil }
            samples.times.append(clock.seconds(frame))
            samples.values.append(converted)
        }
        return samples
    }

    /// The instants a sampled property is read at: every whole frame from its first key to its
    /// last and each key's own frame, in order; nil when the keys span no time or over 100,000
    /// frames (a hostile file's samples would outgrow any budget).
    static func frames(of keyTimes: [Double]) -> [Double]? {
        guard let first = keyTimes.min(), let last = keyTimes.max(), last > first, last - first <= 100_000 else { return nil }
        var frames = Set(keyTimes)
        var f = first.rounded(.up)
        while f <= last {
            frames.insert(f)
            f += 1
        }
        return frames.sorted()
    }

    /// The numbers as a value the importer reads (`convert` closures take file values).
    static func numbers(_ list: [Double]) -> LottieValue {
        LottieValue(value: JSONValue(kind: .array(list.map { JSONValue(kind: .number($0), line: 0, column: 0) }), line: 0, column: 0),
                    path: "", file: "")
    }

    /// Lottie's value of `keys` at `frame`: the first key's before it, the last's after it; in a
    /// segment, held, or each dimension eased by its handles, or along the segment's cubic.
    static func value(of keys: [LottieKey], at frame: Double) -> [Double]? {
        guard let index = keys.lastIndex(where: { $0.time <= frame }) else { return keys.first?.value }
        let a = keys[index]
        guard index + 1 < keys.count, let va = a.value, let vb = keys[index + 1].value else { return a.value }
        let b = keys[index + 1]
        guard !a.hold, b.time > a.time else { return frame >= b.time ? vb : va }
        let u = (frame - a.time) / (b.time - a.time)
        func eased(_ d: Int) -> Double {
            func pick(_ list: [Double]?, _ fallback: Double) -> Double {
                guard let list, !list.isEmpty else { return fallback }
                return list[min(d, list.count - 1)]
            }
            let x1 = min(max(pick(a.out.x, 0), 0), 1), y1 = pick(a.out.y, 0), x2 = min(max(pick(a.in.x, 1), 0), 1), y2 = pick(a.in.y, 1)
            return CubicBezier(x1, y1, x2, y2).value(at: u, epsilon: 1e-9)
        }
        let n = min(va.count, vb.count)
        let to = a.tangentOut ?? [], ti = a.tangentIn ?? []
        if n >= 2, to.count >= 2, ti.count >= 2, to.prefix(2).contains(where: { $0 != 0 }) || ti.prefix(2).contains(where: { $0 != 0 }) {
            // A motion along the cubic from a to b, the handles a + to and b + ti, at the eased share
            // of its arc length.
            let p0 = (va[0], va[1]), p1 = (va[0] + to[0], va[1] + to[1]), p2 = (vb[0] + ti[0], vb[1] + ti[1]), p3 = (vb[0], vb[1])
            func point(_ t: Double) -> (Double, Double) {
                let s = 1 - t
                return (s * s * s * p0.0 + 3 * s * s * t * p1.0 + 3 * s * t * t * p2.0 + t * t * t * p3.0,
                        s * s * s * p0.1 + 3 * s * s * t * p1.1 + 3 * s * t * t * p2.1 + t * t * t * p3.1)
            }
            let chords = 64
            var lengths = [0.0], previous = p0
            for k in 1...chords {
                let p = point(Double(k) / Double(chords))
                lengths.append(lengths[k - 1] + ((p.0 - previous.0) * (p.0 - previous.0) + (p.1 - previous.1) * (p.1 - previous.1)).squareRoot())
                previous = p
            }
            let target = eased(0) * lengths[chords]
            var k = 1
            while k < chords && lengths[k] < target { k += 1 }
            let span = lengths[k] - lengths[k - 1]
            let t = (Double(k - 1) + (span > 0 ? (target - lengths[k - 1]) / span : 0)) / Double(chords)
            let p = point(min(max(t, 0), 1))
            return [p.0, p.1] + (2..<n).map { va[$0] + (vb[$0] - va[$0]) * eased(0) }
        }
        return (0..<n).map { va[$0] + (vb[$0] - va[$0]) * eased($0) }
    }
}

extension LottieImporter {
    /// The keys of an animated property as `value(of:at:)` reads them (each key's value, or the one
    /// before's end for older files' last key); nil when it is not animated or a key is unreadable.
    static func rawKeys(_ p: LottieValue?) -> [LottieKey]? {
        guard let keys = p?["k"]?.items, keys.first?["t"] != nil else { return nil }
        var out: [LottieKey] = [], previousEnd: [Double]?
        for key in keys {
            guard let t = key["t"]?.number, let value = key["s"]?.numbers ?? previousEnd else { return nil }
            previousEnd = key["e"]?.numbers
            out.append(LottieKey(time: t, value: value, hold: key["h"]?.flag == true,
                                 out: (key["o"]?["x"]?.numbers, key["o"]?["y"]?.numbers), in: (key["i"]?["x"]?.numbers, key["i"]?["y"]?.numbers),
                                 tangentOut: key["to"]?.numbers, tangentIn: key["ti"]?.numbers))
        }
        return out.count >= 2 ? out : nil
    }

    /// The direction a moving position heads at `frame`, degrees clockwise from +x on screen (auto-
    /// orient): the way `value(of:at:)` moves over the next 0.001 frame within the segment the frame
    /// starts (over the last 0.001 frame at and after the last key, and before the first key along the
    /// first segment); nil where it does not move (a hold, a still segment).
    ///
    /// The step is one-sided so that a key between two segments heads along the one it begins: an
    /// eased start moves by about 1e-9 of the segment there, still a direction in doubles.
    static func direction(of keys: [LottieKey], at frame: Double) -> Double? {
        guard keys.count >= 2, let first = keys.first?.time, let last = keys.last?.time, last > first else { return nil }
        let h = 1e-3
        let (from, to): (Double, Double) = frame >= last ? (last - h, last) : frame < first ? (first, first + h) : (frame, frame + h)
        guard let a = value(of: keys, at: from), let b = value(of: keys, at: to), a.count >= 2, b.count >= 2 else { return nil }
        let dx = b[0] - a[0], dy = b[1] - a[1]
        guard dx != 0 || dy != 0, dx.isFinite, dy.isFinite else { return nil }
        return atan2(dy, dx) * 180 / .pi
    }
}

extension LottieImporter {
    /// An auto-oriented layer's rotation (`ao`): its own (`r`) plus the direction its position heads
    /// (`direction(of:at:)`), read at every frame from the first key of either to the last and at
    /// each key, straight between (exact at the frames, as the other sampled properties); filled
    /// both ways. Nil when the position does not move (auto-orient then changes nothing) or moves by
    /// separate dimensions (reported: the layer keeps its own rotation).
    mutating func orientedRotation(_ ks: LottieValue?, clock: LottieClock) -> LottieSamples? {
        guard let p = ks?["p"] else { return nil }
        if p["s"]?.flag == true {
            omit(p.path, "auto-orient along a position of separate dimensions: the layer keeps its own rotation")
            return nil
        }
        guard let moves = Self.rawKeys(p) else { return nil }
        let r = ks?["r"] ?? ks?["rz"]
        let turns = Self.rawKeys(r)
        let still = r?["k"]?.scalar ?? 0
        guard let frames = Self.frames(of: moves.map(\.time) + (turns?.map(\.time) ?? [])) else { return nil }
        var samples = LottieSamples(times: [], values: []), heading = 0.0
        for frame in frames {
            heading = Self.direction(of: moves, at: frame) ?? heading
            let own = turns.flatMap { Self.value(of: $0, at: frame)?.first } ?? still
            samples.times.append(clock.seconds(frame))
            samples.values.append(.number(own + heading))
        }
        return samples
    }
}
