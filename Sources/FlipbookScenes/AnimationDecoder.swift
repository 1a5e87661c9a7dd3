import Easing
import Flipbook
import FlipbookSupport

/// Decodes the animations of a layer (see Scenes/README.md, "Animations").
///
/// The kind follows from the keys: `animations` makes a group, `values` or `path` a keyframe
/// animation, `spring` a spring animation, otherwise from/to/by a basic one.
struct AnimationDecoder {
    let loader: SceneLoader

    static let timingKeys = ["key", "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses",
                             "fillMode", "removedOnCompletion", "timing", "additive", "cumulative", "colorSpace"]
    static let basicKeys = ["property", "from", "to", "by"]
    static let keyframeKeys = ["property", "values", "keyTimes", "timingFunctions", "calculationMode", "tension", "continuity",
                               "bias", "path", "rotationMode"]

    /// The scene key for a field the engine names (`tensionValues[2]` → `tension[2]`), so a message
    /// points at what the file says.
    static func sceneField(_ field: String) -> String {
        for (engine, scene) in [("tensionValues", "tension"), ("continuityValues", "continuity"), ("biasValues", "bias")]
        where field.hasPrefix(engine) {
            return scene + field.dropFirst(engine.count)
        }
        return field
    }

    func animation(_ r: JSONReader, type: LayerType, depth: Int) throws(SceneError) -> (Animation, String?) {
        guard depth <= loader.limits.depth else { throw r.error("animation groups nest deeper than \(loader.limits.depth) levels") }
        let o = try r.object()
        var animation: Animation
        var allowed = Self.timingKeys
        if let list = o.optional("animations") {
            var children: [Animation] = []
            for item in try list.array() { children.append(try self.animation(item, type: type, depth: depth + 1).0) }
            animation = Animation(.group(children))
            allowed.append("animations")
        } else {
            let propertyReader = try o.required("property", "the name of the animated property")
            let name = try propertyReader.string()
            guard let key = type.property(named: name) else {
                throw propertyReader.error(UnknownProperty.message(name, type: type))
            }
            if o.has("values") || o.has("path") {
                animation = Animation(.keyframe(try keyframe(o, key: key, reader: r)))
                allowed += Self.keyframeKeys
            } else {
                let from = try o.optional("from").map { (v) throws(SceneError) in try SceneValues.value(v, for: key) }
                let to = try o.optional("to").map { (v) throws(SceneError) in try SceneValues.value(v, for: key) }
                let by = try o.optional("by").map { (v) throws(SceneError) in try SceneValues.value(v, for: key) }
                animation = Animation(.basic(BasicAnimation(key: key, from: from, to: to, by: by)))
                allowed += Self.basicKeys
                if let springReader = o.optional("spring") {
                    let spring = try Self.spring(springReader)
                    let duration = try o.optional("duration")?.number("a duration > 0 in seconds", where: { $0 > 0 && $0.isFinite })
                    let timed: Spring
                    do {
                        timed = try Spring.checked(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                                                   initialVelocity: spring.initialVelocity, duration: duration ?? spring.timingDuration)
                    } catch {
                        throw springReader.error(error.message)
                    }
                    let d = timed.timingDuration
                    animation.timingFunction = .spring(timed)
                    animation.timing.duration = d
                    allowed.append("spring")
                }
            }
        }
        try timing(o, into: &animation)
        let key = try o.optional("key")?.string()
        try o.finish(allowed: allowed)
        do {
            try animation.validate(for: type)
        } catch {
            throw r.child(Self.sceneField(error.field), r.value).error(error.message)
        }
        return (animation, key)
    }

    private func keyframe(_ o: ObjectReader, key: AnyPropertyKey, reader r: JSONReader) throws(SceneError) -> KeyframeAnimation {
        var k = KeyframeAnimation(key: key)
        if let values = o.optional("values") {
            let items = try values.array()
            guard !items.isEmpty else { throw values.error("expected at least one value") }
            guard items.count <= loader.limits.keyframes else {
                throw values.error("\(items.count) values is over the limit of \(loader.limits.keyframes) (raise --max-keyframes)")
            }
            for item in items { k.values.append(try SceneValues.value(item, for: key)) }
        }
        if let p = o.optional("path") { k.path = try SceneValues.path(p) }
        if k.path != nil && !k.values.isEmpty {
            throw r.error("give either values or path, not both")
        }
        if let times = o.optional("keyTimes") {
            var list: [Double] = []
            for item in try times.array() { list.append(try item.number("a key time between 0 and 1", where: { (0...1).contains($0) })) }
            k.keyTimes = list
        }
        if let functions = o.optional("timingFunctions") {
            var list: [TimingFunction] = []
            for item in try functions.array() { list.append(try Self.easing(item)) }
            k.timingFunctions = list
        }
        if let mode = o.optional("calculationMode") {
            let name = try mode.string()
            guard let m = KeyframeAnimation.CalculationMode(rawValue: name) else {
                let names = KeyframeAnimation.CalculationMode.allCases.map(\.rawValue)
                throw mode.error("expected one of \(names.joined(separator: ", ")), got \"\(name)\"\(DidYouMean.hint(for: name, among: names))")
            }
            k.calculationMode = m
        }
        for (name, assign) in [("tension", \KeyframeAnimation.tensionValues), ("continuity", \.continuityValues), ("bias", \.biasValues)] {
            if let list = o.optional(name) {
                var values: [Double] = []
                for item in try list.array() { values.append(try item.number("a number between -1 and 1", where: { (-1...1).contains($0) })) }
                k[keyPath: assign] = values
            }
        }
        if let mode = o.optional("rotationMode") {
            let name = try mode.string()
            guard let m = KeyframeAnimation.RotationMode(rawValue: name) else {
                throw mode.error("expected \"auto\" or \"autoReverse\", got \"\(name)\"")
            }
            k.rotationMode = m
        }
        return k
    }

    private func timing(_ o: ObjectReader, into a: inout Animation) throws(SceneError) {
        let seconds = "a time in seconds"
        if let v = o.optional("beginTime") { a.timing.beginTime = try v.number(seconds, where: \.isFinite) }
        if let v = o.optional("duration") { a.timing.duration = try v.number("a duration ≥ 0 in seconds", where: { $0 >= 0 && $0.isFinite }) }
        if let v = o.optional("speed") { a.timing.speed = try v.number("a finite speed", where: \.isFinite) }
        if let v = o.optional("timeOffset") { a.timing.timeOffset = try v.number(seconds, where: \.isFinite) }
        if let v = o.optional("repeatCount") {
            if case .string(let s) = v.value.kind, s == "infinite" {
                a.timing.repeatCount = .infinity
            } else {
                a.timing.repeatCount = try v.number("a repeat count ≥ 0 or \"infinite\"", where: { $0 >= 0 && $0.isFinite })
            }
        }
        if let v = o.optional("repeatDuration") { a.timing.repeatDuration = try v.number("a duration ≥ 0 in seconds", where: { $0 >= 0 && $0.isFinite }) }
        if let v = o.optional("autoreverses") { a.timing.autoreverses = try v.bool() }
        if let v = o.optional("fillMode") {
            let name = try v.string()
            guard let mode = FillMode(rawValue: name) else {
                let names = FillMode.allCases.map(\.rawValue)
                throw v.error("expected one of \(names.joined(separator: ", ")), got \"\(name)\"\(DidYouMean.hint(for: name, among: names))")
            }
            a.timing.fillMode = mode
        }
        if let v = o.optional("removedOnCompletion") { a.isRemovedOnCompletion = try v.bool() }
        if let v = o.optional("timing") {
            if case .spring = a.timingFunction {
                throw v.error("a spring animation's timing is its spring; remove \"timing\"")
            }
            a.timingFunction = try Self.easing(v)
        }
        if let v = o.optional("additive") { a.isAdditive = try v.bool() }
        if let v = o.optional("cumulative") { a.isCumulative = try v.bool() }
        if let v = o.optional("colorSpace") {
            let name = try v.string()
            guard let space = ColorSpace(rawValue: name) else { throw v.error("expected \"srgb\" or \"oklab\", got \"\(name)\"") }
            a.colorSpace = space
        }
    }

    /// Easing text in the `Easing` grammar.
    static func easing(_ r: JSONReader) throws(SceneError) -> TimingFunction {
        let text = try r.string()
        do {
            return try TimingFunction(parsing: text)
        } catch {
            throw r.error("invalid easing: \(error)")
        }
    }

    /// `"spring(mass: 1, stiffness: 100, damping: 10)"` text, or an object with the same names
    /// (`mass`, `stiffness`, `damping`, `velocity`, or `duration` and `bounce`).
    static func spring(_ r: JSONReader) throws(SceneError) -> Spring {
        if case .string = r.value.kind {
            guard case .spring(let s) = try easing(r) else { throw r.error("expected a spring such as \"spring(damping: 12)\"") }
            return s
        }
        let o = try r.object()
        let positive = { (v: Double) in v > 0 && v.isFinite }
        let velocity = try o.optional("velocity")?.number("a finite velocity", where: \.isFinite) ?? 0
        if let bounce = o.optional("bounce") {
            let b = try bounce.number("a bounce between -1 and 1 (exclusive)", where: { $0 > -1 && $0 < 1 })
            let d = try o.optional("duration")?.number("a perceptual duration > 0", where: positive) ?? 0.5
            try o.finish(allowed: ["bounce", "duration", "velocity"])
            do { return try Spring.checked(perceptualDuration: d, bounce: b, initialVelocity: velocity) } catch { throw r.error(error.message) }
        }
        let mass = try o.optional("mass")?.number("a mass > 0", where: positive) ?? 1
        let stiffness = try o.optional("stiffness")?.number("a stiffness > 0", where: positive) ?? 100
        let damping = try o.optional("damping")?.number("a damping > 0", where: positive) ?? 10
        try o.finish(allowed: ["mass", "stiffness", "damping", "velocity", "bounce", "duration"])
        do {
            return try Spring.checked(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
        } catch {
            throw r.error(error.message)
        }
    }
}
