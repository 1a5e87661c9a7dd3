import Easing
import Flipbook

extension SceneLint {
    /// An explicit animation with where it is in the file and when it runs in scene time.
    struct PlacedAnimation {
        var path: String
        var layer: Layer
        var animation: Animation
        /// Scene seconds: where its active interval starts and ends (infinite when it repeats forever).
        var begin: Double
        var end: Double
    }

    /// Every explicit animation of the scene's layers and of the layers changes add, placed in scene
    /// time through its layers' timings (begin, speed, offset; a layer added by a change starts then).
    /// Animations of a layer whose time runs backwards or stands still are left out.
    var placedAnimations: [PlacedAnimation] {
        var out: [PlacedAnimation] = []
        func walk(_ layer: Layer, path: String, toScene: @escaping (Double) -> Double, ok: Bool) {
            let timing = layer.timing
            let ok = ok && timing.speed > 0
            let local: (Double) -> Double = { toScene(timing.beginTime + ($0 - timing.timeOffset) / timing.speed) }
            if ok {
                for (k, keyed) in layer.animations.enumerated() {
                    let a = keyed.animation.timing
                    guard a.speed > 0 else { continue }
                    let begin = local(a.beginTime)
                    let end = a.activeDuration.isFinite ? local(a.beginTime + a.activeDuration / a.speed) : .infinity
                    out.append(PlacedAnimation(path: "\(path).animations[\(k)]", layer: layer, animation: keyed.animation, begin: begin, end: end))
                }
            }
            for (i, sub) in layer.sublayers.filter({ !$0.isMask }).enumerated() { walk(sub, path: "\(path).sublayers[\(i)]", toScene: local, ok: ok) }
            if let mask = layer.mask { walk(mask, path: "\(path).mask", toScene: local, ok: ok) }
        }
        for (i, layer) in scene.root.sublayers.enumerated() { walk(layer, path: "layers[\(i)]", toScene: { $0 }, ok: true) }
        for (i, change) in scene.changes.enumerated() {
            // An added layer's time starts at the change (Scene.Edit.add).
            guard case .add(let layer, _)? = change.edit else { continue }
            let at = change.time
            walk(layer, path: "changes[\(i)].add", toScene: { $0 + at }, ok: true)
        }
        return out
    }

    /// outlasts-scene, never-shows and spring-cut, for explicit animations and for the implicit ones
    /// timed changes make.
    func timingFindings() -> [LintFinding] {
        var out: [LintFinding] = []
        let end = scene.duration
        let slack = 1e-9 * max(1, end)
        func s(_ t: Double) -> String { TraceComparison.number(t) }
        for placed in placedAnimations {
            let what = "the animation of \(placed.animation.keys.sorted().joined(separator: ", "))"
            if placed.begin >= end - slack && !(scene.loops && placed.begin <= slack) {
                out.append(LintFinding(.neverShows, path: placed.path, time: placed.begin,
                                       message: "\(what) starts at \(s(placed.begin)) s, when the scene (\(s(end)) s) is over",
                                       fix: "start it before \(s(end)) s (beginTime) or lengthen the scene (duration)"))
            } else if placed.end > end + slack && placed.end.isFinite {
                let shown = (end - placed.begin) / (placed.end - placed.begin)
                out.append(LintFinding(.outlastsScene, path: placed.path, time: end,
                                       message: "\(what) runs until \(s(placed.end)) s, after the scene ends at \(s(end)) s: \(Int((shown * 100).rounded(.down))) % of it shows",
                                       fix: "lengthen the scene to \(s(placed.end)) s (duration) or end the animation by \(s(end)) s"))
            }
            for spring in Self.springs(placed.animation) { out += springCut(spring, path: placed.path, begin: placed.begin) }
        }
        for (i, change) in scene.changes.enumerated() {
            let path = "changes[\(i)]"
            if change.time >= end - slack && !(scene.loops && change.time <= slack) {
                out.append(LintFinding(.neverShows, path: path, time: change.time,
                                       message: "the change of \(change.layerID) at \(s(change.time)) s comes when the scene (\(s(end)) s) is over",
                                       fix: "move it before \(s(end)) s (at) or lengthen the scene (duration)"))
                continue
            }
            let animates = !change.transaction.disableActions && !change.assignments.isEmpty
            let length = animates ? change.transaction.duration : 0
            if length > 0, change.time + length > end + slack {
                out.append(LintFinding(.outlastsScene, path: path, time: end,
                                       message: "the change of \(change.layerID) animates until \(s(change.time + length)) s, after the scene ends at \(s(end)) s",
                                       fix: "lengthen the scene to \(s(change.time + length)) s (duration), shorten the change's duration or make it earlier"))
            }
            if animates, case .spring(let spring) = change.transaction.timingFunction {
                out += springCut(spring, path: path, begin: change.time)
            }
            if change.fade > 0, change.time + change.fade > end + slack {
                out.append(LintFinding(.outlastsScene, path: path, time: end,
                                       message: "the fade of \(change.layerID) runs until \(s(change.time + change.fade)) s, after the scene ends at \(s(end)) s",
                                       fix: "lengthen the scene or shorten the fade"))
            }
        }
        return out
    }

    /// The springs an animation times itself with, its group's children included.
    static func springs(_ animation: Animation) -> [Spring] {
        var out: [Spring] = []
        if case .spring(let s) = animation.timingFunction { out.append(s) }
        if case .group(let children) = animation.content { out += children.flatMap(springs) }
        return out
    }

    /// spring-cut: a spring whose duration ends while it is farther than `Spring.settlingEpsilon` of
    /// its distance from rest, so its value jumps to the end (or a fill holds a value short of it).
    func springCut(_ spring: Spring, path: String, begin: Double) -> [LintFinding] {
        guard let duration = spring.duration else { return [] }
        let remaining = 1 - spring.value(atTime: duration)
        guard abs(remaining) > Spring.settlingEpsilon else { return [] }
        func s(_ t: Double) -> String { TraceComparison.number(t) }
        let percent = TraceComparison.number((abs(remaining) * 1000).rounded() / 10)
        return [LintFinding(.springCut, path: path, time: begin + duration,
                            message: "the spring is cut short at \(s(duration)) s, \(percent) % of its distance from rest (it settles in \(s((spring.settlingDuration * 1000).rounded() / 1000)) s): the value jumps at its end",
                            fix: "remove its duration (a spring lasts until it settles) or make it at least \(s((spring.settlingDuration * 1000).rounded(.up) / 1000)) s")]
    }
}
