/// Why an animation cannot run on a layer: a message for users, with the field it concerns.
public struct AnimationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field at fault, relative to the animation: "duration", "values[2]", "keyTimes".
    public var field: String
    /// What is wrong and what was expected.
    public var message: String

    public init(_ field: String, _ message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}

extension Animation {
    /// Checks the animation against the properties of `type`; every problem a scene file can have
    /// is caught here, before anything renders.
    /// - Throws: `AnimationError` for the first problem found.
    public func validate(for type: LayerType) throws(AnimationError) {
        try validateTiming()
        switch content {
        case .basic(let basic):
            let key = try resolve(basic.key, in: type, field: "property")
            for (name, value) in [("from", basic.from), ("to", basic.to), ("by", basic.by)] {
                if let value { try Self.check(value, matches: key, field: name) }
            }
            if basic.from != nil && basic.to != nil && basic.by != nil {
                throw AnimationError("by", "from, to and by cannot all be set (Core Animation leaves it undefined); remove one")
            }
            if basic.by != nil && !key.kind.isVector {
                throw AnimationError("by", "'\(key.name)' holds \(key.kind.rawValue) values, which cannot be added; use from and to")
            }
            if case .path(let a)? = basic.from, case .path(let b)? = basic.to, let reason = Path.morphIncompatibility(a, b) {
                throw AnimationError("to", reason)
            }
            try checkComposition(key)
        case .keyframe(let keyframe):
            try validateKeyframe(keyframe, type: type)
        case .group(let children):
            for (index, child) in children.enumerated() {
                do {
                    try child.validate(for: type)
                } catch {
                    throw AnimationError("animations[\(index)].\(error.field)", error.message)
                }
            }
        }
    }

    private func validateTiming() throws(AnimationError) {
        let t = timing
        func finite(_ value: Double, _ field: String) throws(AnimationError) {
            guard value.isFinite else { throw AnimationError(field, "must be a finite number of seconds, got \(value)") }
        }
        try finite(t.beginTime, "beginTime")
        try finite(t.timeOffset, "timeOffset")
        try finite(t.duration, "duration")
        guard t.duration >= 0 else { throw AnimationError("duration", "must be ≥ 0 seconds, got \(t.duration)") }
        guard t.speed.isFinite else { throw AnimationError("speed", "must be a finite number, got \(t.speed)") }
        guard !t.repeatCount.isNaN, t.repeatCount >= 0 else {
            throw AnimationError("repeatCount", "must be ≥ 0 (or infinite), got \(t.repeatCount)")
        }
        try finite(t.repeatDuration, "repeatDuration")
        guard t.repeatDuration >= 0 else { throw AnimationError("repeatDuration", "must be ≥ 0 seconds, got \(t.repeatDuration)") }
    }

    private func resolve(_ key: AnyPropertyKey, in type: LayerType, field: String) throws(AnimationError) -> AnyPropertyKey {
        guard let declared = type.property(named: key.name) else {
            throw AnimationError(field, "a \(type.name) layer has no property '\(key.name)'")
        }
        guard declared.kind == key.kind else {
            throw AnimationError(field, "'\(key.name)' holds \(declared.kind.rawValue) values, not \(key.kind.rawValue)")
        }
        if case .custom(let a) = declared.defaultValue, case .custom(let b) = key.defaultValue, !a.hasSameType(as: b) {
            throw AnimationError(field, "'\(key.name)' holds \(Swift.type(of: a.base)) values, not \(Swift.type(of: b.base))")
        }
        return declared
    }

    static func check(_ value: PropertyValue, matches key: AnyPropertyKey, field: String) throws(AnimationError) {
        guard value.kind == key.kind else {
            throw AnimationError(field, "'\(key.name)' expects \(key.kind.rawValue) values, got \(value.kind.rawValue)")
        }
        if case .custom(let v) = value, case .custom(let d) = key.defaultValue, !v.hasSameType(as: d) {
            throw AnimationError(field, "'\(key.name)' expects \(type(of: d.base)) values, got \(type(of: v.base))")
        }
        if case .choice(let name) = value, !key.choices.isEmpty, !key.choices.contains(name) {
            throw AnimationError(field, "'\(name)' is not a \(key.name); expected one of \(key.choices.joined(separator: ", "))")
        }
    }

    private func checkComposition(_ key: AnyPropertyKey) throws(AnimationError) {
        if isAdditive && !key.kind.isVector {
            throw AnimationError("additive", "'\(key.name)' holds \(key.kind.rawValue) values, which cannot be added")
        }
        if isCumulative && !key.kind.isVector {
            throw AnimationError("cumulative", "'\(key.name)' holds \(key.kind.rawValue) values, which cannot accumulate")
        }
    }

    private func validateKeyframe(_ keyframe: KeyframeAnimation, type: LayerType) throws(AnimationError) {
        let key = try resolve(keyframe.key, in: type, field: "property")
        let n = keyframe.values.count
        if let path = keyframe.path {
            guard key.kind == .point else {
                throw AnimationError("path", "motion along a path animates a point property; '\(key.name)' holds \(key.kind.rawValue) values")
            }
            guard !path.subpaths.flatMap(\.segments).isEmpty else { throw AnimationError("path", "the path is empty") }
            if let keyTimes = keyframe.keyTimes {
                let segments = path.subpaths.flatMap(\.segments).count
                guard keyTimes.count == segments + 1 else {
                    throw AnimationError("keyTimes", "a path of \(segments) segments needs \(segments + 1) keyTimes, got \(keyTimes.count)")
                }
                try Self.checkKeyTimes(keyTimes)
            }
            try checkComposition(key)
            return
        }
        guard n > 0 else { throw AnimationError("values", "a keyframe animation needs at least one value") }
        for (index, value) in keyframe.values.enumerated() {
            try Self.check(value, matches: key, field: "values[\(index)]")
        }
        let mode = keyframe.calculationMode
        if [.paced, .cubic, .cubicPaced].contains(mode) && !key.kind.isVector {
            throw AnimationError("calculationMode", "\(mode.rawValue) needs values that add and scale; '\(key.name)' holds \(key.kind.rawValue) values")
        }
        if let keyTimes = keyframe.keyTimes, mode != .paced && mode != .cubicPaced {
            let expected = mode == .discrete ? n + 1 : n
            guard keyTimes.count == expected else {
                throw AnimationError("keyTimes", "\(mode.rawValue) needs \(expected) keyTimes for \(n) values\(mode == .discrete ? " (one more than the values, as Core Animation)" : ""), got \(keyTimes.count)")
            }
            try Self.checkKeyTimes(keyTimes)
        }
        if let functions = keyframe.timingFunctions, functions.count != max(n - 1, 0) {
            throw AnimationError("timingFunctions", "needs one per segment, \(max(n - 1, 0)) for \(n) values, got \(functions.count)")
        }
        for (name, list) in [("tensionValues", keyframe.tensionValues), ("continuityValues", keyframe.continuityValues),
                             ("biasValues", keyframe.biasValues)] {
            if let list, list.count != n {
                throw AnimationError(name, "needs one entry per value (\(n)), got \(list.count)")
            }
            if let bad = list?.firstIndex(where: { !$0.isFinite }) {
                throw AnimationError("\(name)[\(bad)]", "must be a finite number")
            }
        }
        try checkComposition(key)
    }

    static func checkKeyTimes(_ keyTimes: [Double]) throws(AnimationError) {
        for (index, time) in keyTimes.enumerated() {
            guard time.isFinite, (0...1).contains(time) else {
                throw AnimationError("keyTimes[\(index)]", "must be between 0 and 1, got \(time)")
            }
            if index > 0 && time < keyTimes[index - 1] {
                throw AnimationError("keyTimes[\(index)]", "must not be less than the one before (\(keyTimes[index - 1])), got \(time)")
            }
        }
    }
}
