import Flipbook
import Easing
import FlipbookScenes

/// Where a composition's frames fall on the scene's clock: a Lottie keyframe at frame `t` of a
/// composition whose frame 0 is the file's frame `startTime` (a precomposition's, shifted by its
/// layer's start time) and whose frames last `stretch` file frames shows (t · stretch + startTime −
/// ip) / fr seconds into the scene (the file's in point is the scene's 0).
struct LottieClock {
    var fps: Double
    var inPoint: Double
    var startTime = 0.0
    /// File frames a frame of the composition lasts: the product of the time stretches (`sr`) of
    /// the precomposition layers around it (1 at the top).
    var stretch = 1.0

    func seconds(_ frame: Double) -> Double { (frame * stretch + startTime - inPoint) / fps }
}

extension LottieImporter {
    /// A property's value as the scene's model holds it and, when it is animated, a keyframe
    /// animation that moves it as the Lottie file does.
    ///
    /// Lottie keys map one to one: each key's value is a value, its time a key time, and its easing
    /// (`o` of the key, `i` of the next) the segment's `cubic-bezier()`; a hold (`h`) is `steps(1,
    /// end)`, which keeps the key's value to the next key's time. The animation begins at the first
    /// key and ends at the last, filled both ways, so the value before the first key is the first
    /// key's and after the last the last's, as players show them.
    ///
    /// Reported (with the property's path) and read as described: an expression (the keys or the
    /// static value alone), easing that differs between dimensions (the first dimension's), spatial
    /// tangents of a motion (straight lines between the keys).
    mutating func property(_ p: LottieValue?, name: String, clock: LottieClock,
                           convert: (LottieValue) -> JSONText?) -> (value: JSONText?, animation: JSONText?) {
        guard let p, let k = p["k"] else { return (nil, nil) }
        if p["x"]?.string != nil { omit(p.path + ".x", "an expression: the property's own keys or value are used instead") }
        let keys = k.items
        guard let first = keys.first, first["t"] != nil else {
            guard let value = convert(k) else {
                omit(k.path, "a value this importer cannot read: left at the property's default")
                return (nil, nil)
            }
            return (value, nil)
        }
        var values: [JSONText] = [], times: [Double] = [], easings: [JSONText] = []
        var raw: [LottieKey] = []
        var previousEnd: LottieValue?
        var mixedEasing = false, spatial = false
        for (index, key) in keys.enumerated() {
            guard let t = key["t"]?.number else {
                omit(key.path, "a keyframe without a time: the keys after it are left out")
                break
            }
            guard let start = key["s"] ?? previousEnd, let value = convert(start) else {
                // The last key of older files holds only a time: the value is the previous key's end.
                if index == keys.count - 1, values.count == times.count { break }
                omit(key.path, "a keyframe whose value this importer cannot read: the keys after it are left out")
                break
            }
            if let last = times.last, clock.seconds(t) < last {
                omit(key.path, "a keyframe earlier than the one before it: the keys after it are left out")
                break
            }
            values.append(value)
            times.append(clock.seconds(t))
            previousEnd = key["e"]
            if [key["to"], key["ti"]].contains(where: { ($0?.numbers ?? []).contains { $0 != 0 } }) { spatial = true }
            raw.append(LottieKey(time: t, value: start.numbers, hold: key["h"]?.flag == true,
                                 out: (key["o"]?["x"]?.numbers, key["o"]?["y"]?.numbers), in: (key["i"]?["x"]?.numbers, key["i"]?["y"]?.numbers),
                                 tangentOut: key["to"]?.numbers, tangentIn: key["ti"]?.numbers))
            guard index < keys.count - 1 else { break }
            if key["h"]?.flag == true {
                easings.append(.string("steps(1, end)"))
            } else if let o = key["o"], let i = key["i"] {
                func firstOf(_ v: LottieValue?) -> Double? {
                    guard let list = v?.numbers, let head = list.first else { return nil }
                    if list.contains(where: { $0 != head }) { mixedEasing = true }
                    return head
                }
                if let x1 = firstOf(o["x"]), let y1 = firstOf(o["y"]), let x2 = firstOf(i["x"]), let y2 = firstOf(i["y"]) {
                    easings.append(.string("cubic-bezier(\(Self.number(min(max(x1, 0), 1))), \(Self.number(y1)), \(Self.number(min(max(x2, 0), 1))), \(Self.number(y2)))"))
                } else {
                    easings.append(.string("linear"))
                }
            } else {
                easings.append(.string("linear"))
            }
        }
        if (mixedEasing || spatial), raw.count == values.count, let sampled = Self.sampled(raw, clock: clock, convert: convert) {
            return (values.first, sampled.animation(name))
        }
        if mixedEasing { omit(p.path, "easing that differs between dimensions: the first dimension's easing moves them all") }
        if spatial { omit(p.path, "spatial tangents (a motion along a curve): the layer moves in straight lines between the keys") }
        guard let firstValue = values.first else { return (nil, nil) }
        let begin = times[0], end = times[times.count - 1]
        guard values.count > 1, end > begin else { return (values[values.count - 1], nil) }
        let keyTimes = times.map { JSONText.number(($0 - begin) / (end - begin)) }
        var members: [(String, JSONText)] = [("property", .string(name)), ("values", .array(values)), ("keyTimes", .array(keyTimes))]
        members.append(("timingFunctions", .array(Array(easings.prefix(values.count - 1)))))
        members += [("beginTime", .number(begin)), ("duration", .number(end - begin)), ("fillMode", .string("both")),
                    ("removedOnCompletion", .bool(false))]
        return (firstValue, .object(members))
    }

    /// A number as the importer writes it in text (easing functions, path data): `roundTripText`.
    static func number(_ v: Double) -> String { v.roundTripText }
}
