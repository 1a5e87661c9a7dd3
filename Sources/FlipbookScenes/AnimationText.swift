import Easing
import Flipbook

/// Animations written as scene files read them (`AnimationDecoder`).
enum AnimationText {
    static func animation(_ a: Animation, key: String?, at path: String) throws(SceneEncodingError) -> JSONText {
        var members: [(String, JSONText)] = []
        if let key { members.append(("key", .string(key))) }
        switch a.content {
        case .group(let children):
            members.append(("animations", .array(try children.enumerated().map { (i, child) throws(SceneEncodingError) in
                try animation(child, key: nil, at: path + ".animations[\(i)]")
            })))
        case .basic(let b):
            members.append(("property", .string(b.key.name)))
            for (name, value) in [("from", b.from), ("to", b.to), ("by", b.by)] {
                if let value { members.append((name, try SceneValueText.value(value, for: b.key, at: path + "." + name))) }
            }
            if isSpringAnimation(a) { members.append(("spring", .string(a.timingFunction.description))) }
        case .keyframe(let k):
            members.append(("property", .string(k.key.name)))
            if let p = k.path {
                members.append(("path", SceneValueText.path(p)))
            } else {
                members.append(("values", .array(try k.values.enumerated().map { (i, v) throws(SceneEncodingError) in
                    try SceneValueText.value(v, for: k.key, at: path + ".values[\(i)]")
                })))
            }
            if let t = k.keyTimes { members.append(("keyTimes", SceneValueText.numbers(t))) }
            if let f = k.timingFunctions { members.append(("timingFunctions", .array(f.map { .string($0.description) }))) }
            if k.calculationMode != .linear { members.append(("calculationMode", .string(k.calculationMode.rawValue))) }
            if let v = k.tensionValues { members.append(("tension", SceneValueText.numbers(v))) }
            if let v = k.continuityValues { members.append(("continuity", SceneValueText.numbers(v))) }
            if let v = k.biasValues { members.append(("bias", SceneValueText.numbers(v))) }
            if let m = k.rotationMode { members.append(("rotationMode", .string(m.rawValue))) }
        }
        let t = a.timing, d = MediaTiming()
        if t.beginTime != d.beginTime { members.append(("beginTime", .number(t.beginTime))) }
        if t.duration != d.duration { members.append(("duration", .number(t.duration))) }
        if t.speed != d.speed { members.append(("speed", .number(t.speed))) }
        if t.timeOffset != d.timeOffset { members.append(("timeOffset", .number(t.timeOffset))) }
        if t.repeatCount != d.repeatCount {
            members.append(("repeatCount", t.repeatCount.isInfinite ? .string("infinite") : .number(t.repeatCount)))
        }
        if t.repeatDuration != d.repeatDuration { members.append(("repeatDuration", .number(t.repeatDuration))) }
        if t.autoreverses { members.append(("autoreverses", .bool(true))) }
        if t.fillMode != d.fillMode { members.append(("fillMode", .string(t.fillMode.rawValue))) }
        if !a.isRemovedOnCompletion { members.append(("removedOnCompletion", .bool(false))) }
        if !isSpringAnimation(a) && a.timingFunction != .linear {
            members.append(("timing", .string(a.timingFunction.description)))
        }
        if a.isAdditive { members.append(("additive", .bool(true))) }
        if a.isCumulative { members.append(("cumulative", .bool(true))) }
        if a.colorSpace != .sRGB { members.append(("colorSpace", .string(a.colorSpace.rawValue))) }
        return .object(members)
    }

    /// Whether `a` is a spring animation (`"spring"` in a scene file: a basic animation timed by a spring
    /// over the spring's own duration) rather than an animation with a spring as its easing
    /// (`"timing": "spring(…)"` over a duration of its own).
    private static func isSpringAnimation(_ a: Animation) -> Bool {
        guard case .basic = a.content, case .spring(let s) = a.timingFunction else { return false }
        return s.duration == a.timing.duration
    }
}
