/// Writes the animated document with CSS animations: one `<style>` of `@keyframes`, each animated
/// element given an id and an `animation` list.
///
/// It writes the tracks the compiler fitted and verified, element by element, so the SMIL and the CSS
/// files show the same timeline:
/// - A numeric track: a keyframe per key at its key time, the keySpline as that keyframe's
///   `animation-timing-function` (`linear` when "0 0 1 1", the animation's default). A jump (two keys
///   at one time) becomes `steps(1, start)` over 1e-7 of the duration, since CSS keeps one keyframe per
///   offset: the segment after it (before it, for a jump at the very end) runs 1e-7 shorter.
/// - A discrete track: keyframes at its key times under `step-end`; one switch (`<set>` in SMIL): a
///   constant animation delayed to its instant.
/// - The track's span and the document's timing become the delay, duration, iteration count and
///   `forwards`.
/// - Transform components: `transform` with `translate(px)`, `rotate(deg)`, `scale()` and
///   `skewX(deg)`; an additive one is `animation-composition: add` (transform lists then concatenate,
///   as SMIL post-multiplies). A text's `x` and `y` (not CSS properties) become an added `translate` by
///   their change from the static position.
/// - Lengths get `px`; a path's `d` is `path("…")`.
/// - `display` becomes `visibility` (hidden, or inherit for shown), the static `display="none"` too:
///   CSS animations do not run on an element that is `display: none` without them.
///
/// A `@media (prefers-reduced-motion: reduce)` block ends every animation at once in its final state;
/// or, when the scene names an instant (`Scene.reducedMotionAt`), holds that instant: each element's
/// animations again, paused, each delay moved back by the instant, so each shows its state then.
/// The static attributes are the SMIL file's, so a renderer without animation still shows t = 0.
enum CSSAnimationWriter {
    /// Offset given to the second key of a jump, as a fraction of the animation's duration.
    static let jump = 1e-7

    /// The document as SVG with CSS animations (the SMIL file's elements and static attributes), and
    /// `report` with each numeric track's error as the CSS evaluator (`CSSTrack`) measures it on the
    /// rule and entry written, against the engine's values the compiler kept (`TrackCheck`); a track
    /// over its bound there is reported as a fallback.
    static func write(_ document: AnimatedDocument, report: [AnimatedSVG.Entry]) -> (svg: String, report: [AnimatedSVG.Entry]) {
        let targets = AnimatedDocument.CSSTargets()
        let body = document.svg(css: targets)
        // A document with no animation at all is written as it is.
        guard !targets.elements.isEmpty else { return (document.smil, report) }
        var report = report
        var css = ""
        var keyframes = 0
        var names: [String: String] = [:]   // identical rules share one name
        var held = ""                       // the reduced-motion rules that hold an instant
        var hovered: [String] = []          // with --play hover: the animated elements' ids
        let hover = document.timing.beginEvent == "mouseover"
        let inView = document.timing.beginEvent == "view"
        for (id, element) in targets.elements {
            var list: [String] = [], composition: [String] = []
            for animation in element.animations {
                guard let (rule, timing, adds) = keyframesRule(animation, of: element, timing: document.timing) else { continue }
                if case .numeric(let n) = animation, let check = n.check, check.entry < report.count {
                    let (all, onGrid) = verify(rule: rule, entry: timing, of: n, element: element, check: check, duration: document.timing.duration,
                                                         loops: document.timing.loops)
                    report[check.entry].maxError = all
                    report[check.entry].errorAtFrames = onGrid
                    if all > check.bound * (1 + 1e-9) + 1e-9 { report[check.entry].encoding = .fallback }
                }
                let name: String
                if let known = names[rule] {
                    name = known
                } else {
                    keyframes += 1
                    name = "k_\(keyframes)"
                    names[rule] = name
                    css += "@keyframes \(name){" + rule + "}\n"
                }
                list.append("\(name) \(timing)")
                composition.append(adds ? "add" : "replace")
            }
            guard !list.isEmpty else { continue }
            if let at = document.timing.reducedMotionAt {
                // (No trigger: its play would resume the paused animations.)
                held += "#\(id){animation:\(list.map { Self.paused($0, at: at) }.joined(separator: ","))\(inView ? ";animation-trigger:none" : "")}"
            }
            if document.timing.scrollTimeline {
                let scrolled = list.map { Self.scrolled($0, timing: document.timing) }
                css += "#\(id){animation:\(scrolled.map(\.item).joined(separator: ","));animation-timeline:\(scrolled.map { _ in "--fb" }.joined(separator: ","));animation-range:\(scrolled.map(\.range).joined(separator: ","))"
            } else if hover {
                // Paused until the pointer is over the SVG (`svg:hover`, below).
                css += "#\(id){animation:\(list.map { $0 + " paused" }.joined(separator: ","))"
                hovered.append(id)
            } else if inView {
                // Started once, in time, when the SVG's trigger (below) fires.
                css += "#\(id){animation:\(list.joined(separator: ","));animation-trigger:\(list.map { _ in "--fb play-once" }.joined(separator: ","))"
            } else {
                css += "#\(id){animation:\(list.joined(separator: ","))"
            }
            if composition.contains("add") { css += ";animation-composition:\(composition.joined(separator: ","))" }
            css += "}\n"
        }
        if !hovered.isEmpty {
            // With --play hover: the animations run while the pointer is over the SVG and pause where
            // they are when it leaves (an id's rule outranks `svg:hover *`, so each is named).
            css += hovered.map { "svg:hover #\($0)" }.joined(separator: ",") + "{animation-play-state:running}\n"
        }
        if document.timing.scrollTimeline {
            // The root names the view timeline its animated elements follow.
            css = "svg{view-timeline:--fb block}\n" + css
        } else if inView {
            // The root's trigger: active once the SVG is wholly inside its scroll container's view (CSS
            // Animation Triggers: `timeline-trigger`, in Chromium from 146).
            css = "svg{timeline-trigger:--fb view() contain}\n" + css
        }
        if document.poster != nil {
            // The poster's switch (`AnimatedDocument.svg(css:)`): from the first instant on, the animation
            // shown and the poster hidden (in view, from the trigger on).
            let trigger = inView ? ";animation-trigger:--fb play-once" : ""
            css += ".fb-on{animation:fb-on 1s both\(trigger)}.fb-off{animation:fb-off 1s both\(trigger)}@keyframes fb-on{from,to{visibility:visible}}@keyframes fb-off{from,to{visibility:hidden}}\n"
        }
        if let fade = document.reducedMotionCrossfade {
            // Reduced motion as a dissolve (`AnimatedDocument.svg(css:)`): the animation hidden, the
            // first frame fading out as the end state fades in.
            let s = SVGNumber.format(fade.seconds, decimals: 9)
            css += "@media (prefers-reduced-motion:reduce){.fb-from{animation:fb-out \(s)s linear both}.fb-to{animation:fb-in \(s)s linear both}}@keyframes fb-out{from{opacity:1}to{opacity:0}}@keyframes fb-in{from{opacity:0}to{opacity:1}}\n"
        } else if document.timing.reducedMotionAt != nil {
            css += "@media (prefers-reduced-motion:reduce){\(held)}\n"
        } else {
            css += "@media (prefers-reduced-motion:reduce){*{animation-delay:0s!important;animation-duration:0s!important;animation-iteration-count:1!important;animation-fill-mode:forwards!important}}\n"
        }
        // The style goes right after the `<svg …>` tag.
        let open = body.firstIndex(of: ">")!
        return (String(body[...open]) + "\n<style>\n" + css + "</style>" + String(body[body.index(after: open)...]), report)
    }

    /// A numeric track's error as written in CSS (`rule` and `entry` read back by `CSSTrack`), in its
    /// own units: a text's added translation is its position again, a transform's arguments its
    /// component's values. Probed `window` seconds either side of each instant (default: as far as
    /// the file may place a jump of the track, `window(span:)`).
    static func verify(rule: String, entry: String, of n: AnimatedDocument.Numeric, element: AnimatedDocument.Element,
                       check: AnimatedDocument.TrackCheck, duration: Double, loops: Bool = false, window: Double? = nil) -> (Double, Double) {
        guard let track = CSSTrack(rule: rule, entry: entry) else { return (.infinity, .infinity) }
        let count = check.values.first?.count ?? 0
        var origin: (Double, Int)?
        if n.transformType == nil, element.kind == .text, n.attribute == "x" || n.attribute == "y" {
            origin = (element.attribute(n.attribute)?.doubles?.first.map { SVGNumber.representable($0) } ?? 0, n.attribute == "x" ? 0 : 1)
        }
        return check.verify(duration: duration, loops: loops, window: window ?? Self.window(span: n.end - n.begin)) { t in
            guard case .numbers(let v)? = track.value(at: t) else { return nil }
            if let (o, index) = origin { return index < v.count ? [o + v[index]] : [] }
            return Array(v.prefix(count))
        }
    }

    /// How far from the engine's instant (seconds) a jump of a track spanning `span` seconds may be
    /// written: the document rounds its key time to nine decimals of the span (half a step either
    /// way) and the jump's first key goes down to the last of seven decimals of a percent, then a step
    /// more (`keyframesRule`): 2.5e-9 of the span, and never less than the 1e-8 s every check allows.
    static func window(span: Double) -> Double { max(1e-8, 2.5e-9 * span) }

    /// One track's keys as CSS writes them: value texts, key times (fractions of the duration) and
    /// per-segment control points (nil: linear), whether they switch (`step-end`), the duration and
    /// delay in seconds (as written: nine decimals).
    struct Keys {
        var values: [Value]
        var times: [Double]
        var splines: [[Double]?]
        var discrete: Bool
        var duration: Double
        var delay: Double
    }

    /// One value as the document holds it: its text as SMIL writes it, and its numbers when it is numbers.
    struct Value {
        var text: String
        var numbers: [Double]?

        init(_ value: AnimatedDocument.Value) {
            text = AnimatedDocument.text(value)
            switch value {
            case .number, .numbers: numbers = value.doubles
            default: numbers = nil
            }
        }

        init(_ numbers: [Double], _ format: AnimatedDocument.ValueFormat) {
            text = AnimatedDocument.text(numbers, format)
            switch format {
            case .number: self.numbers = [numbers.first ?? 0]
            case .numbers: self.numbers = numbers
            case .color, .path: self.numbers = nil
            }
        }
    }

    /// The keys of a numeric or discrete track, or of a constant transform; nil for a `<set>`.
    static func keys(_ animation: AnimatedDocument.Animation, timing: AnimatedDocument.Timing) -> Keys? {
        let duration = SVGNumber.representable(timing.duration, decimals: 9)
        switch animation {
        case .numeric(let n):
            // Keys between the first and last of three or more at one time are dropped: a jump goes
            // from the value before to the last value at its instant, and the 1e-7 steps a jump's later
            // keys are moved by would show a middle one (a fuzzed pie showed its old dash for 1e-7 of
            // the track from the instant of a double jump, where a frame fell).
            let t = n.keyTimes
            let kept = t.indices.filter { i in !(i > 0 && i + 1 < t.count && t[i - 1] == t[i] && t[i + 1] == t[i]) }
            let splines = kept.dropLast().map { $0 < n.splines.count ? n.splines[$0] : [0, 0, 1, 1] }
            return Keys(values: kept.map { Value(n.values[$0], n.format) }, times: kept.map { t[$0] },
                        splines: splines.map { $0 == [0, 0, 1, 1] ? nil : $0 }, discrete: false,
                        duration: SVGNumber.representable(n.end - n.begin, decimals: 9), delay: SVGNumber.representable(n.begin, decimals: 9))
        case .discrete(let d):
            guard d.single == nil else { return nil }
            return Keys(values: d.values.map(Value.init), times: d.keyTimes, splines: [], discrete: true, duration: duration, delay: 0)
        case .constantTransform(_, _, let values):
            return Keys(values: [Value(values, .numbers)], times: [0], splines: [], discrete: false, duration: duration, delay: 0)
        case .set:
            return nil
        }
    }

    /// The `@keyframes` rule for one track of `element`, the rest of its `animation` entry (duration,
    /// timing, delay, count, fill), and whether it adds to what is under it.
    static func keyframesRule(_ animation: AnimatedDocument.Animation, of element: AnimatedDocument.Element,
                              timing: AnimatedDocument.Timing) -> (String, String, Bool)? {
        var attribute = animation.attribute
        var adds = false
        var convert: (Value) -> String
        switch animation {
        case .numeric(let n) where n.transformType != nil:
            let type = n.transformType!
            convert = { transformValue(type, $0) }
            adds = n.additive
        case .constantTransform(let type, let additive, _):
            convert = { transformValue(type, $0) }
            adds = additive
        default:
            if element.kind == .text && (attribute == "x" || attribute == "y") {
                // Not CSS properties on text: the change from the static position, as an added translation.
                let origin = element.attribute(attribute)?.doubles?.first.map { SVGNumber.representable($0) } ?? 0
                let horizontal = attribute == "x"
                convert = { value in
                    let d = (value.numbers?.first.map { SVGNumber.representable($0) } ?? origin) - origin
                    return horizontal ? "translate(\(SVGNumber.format(d))px,0)" : "translate(0,\(SVGNumber.format(d))px)"
                }
                attribute = "transform"
                adds = true
            } else if attribute == "display" {
                // CSS animations never run on an element that is display: none without them; visibility
                // hides the same, and `inherit` keeps a shown child hidden inside a hidden parent, as display does.
                attribute = "visibility"
                convert = { $0.text == "none" ? "hidden" : "inherit" }
            } else {
                let name = attribute
                convert = { propertyValue(name, $0) }
            }
        }
        // One switch: a constant animation delayed to its instant.
        var set: (AnimatedDocument.Value, Double)?
        if case .set(_, let value, let begin) = animation { set = (value, begin) }
        if case .discrete(let d) = animation, let single = d.single { set = single }
        if let (value, begin) = set {
            if timing.scrollTimeline, animation.attribute == "display", begin > 0 {
                // Scrolled, a switch is a keyframe of one animation over the whole range, not an animation
                // whose range starts at its instant: Chromium places range offsets in layout units (1/64
                // px), so a switch a few microseconds in (a zero-length arc shown once it grows) would
                // start with the range and show at its start, where the keyframe at 0 % still hides it.
                let whole = timing.duration * (timing.repeats.map { $0.isFinite ? $0 : 1 } ?? 1)
                let before = convert(Value(element.attribute("display") ?? .keyword("inline")))
                let at = SVGNumber.format(min(begin / whole, 1) * 100, decimals: 6)
                return ("0%{\(attribute):\(before)}\(at)%,to{\(attribute):\(convert(Value(value)))}",
                        "\(seconds(whole)) linear forwards", adds)
            }
            return ("0%,to{\(attribute):\(convert(Value(value)))}",
                    "1s linear \(delay(SVGNumber.representable(begin, decimals: 9))) forwards", adds)
        }
        guard let keys = keys(animation, timing: timing), keys.duration > 0 else { return nil }
        let values = keys.values, times = keys.times, discrete = keys.discrete
        var curves: [String?] = keys.splines.map { spline in
            guard let p = spline else { return nil }
            switch p {
            case [0.25, 0.1, 0.25, 1]: return "ease"
            case [0.42, 0, 1, 1]: return "ease-in"
            case [0, 0, 0.58, 1]: return "ease-out"
            case [0.42, 0, 0.58, 1]: return "ease-in-out"
            default: return "cubic-bezier(\(p.map { CSSNumber.short(SVGNumber.format($0, decimals: 6)) }.joined(separator: ",")))"
            }
        }
        while curves.count < values.count { curves.append(nil) }
        // One keyframe per offset: a jump's second key moves 1e-7 later (earlier at the very end).
        var offsets = times
        for k in 1..<max(1, offsets.count) where offsets[k] <= offsets[k - 1] && !discrete {
            if k + 1 < offsets.count || offsets[k] + jump < 1 {
                offsets[k] = min(offsets[k - 1] + jump, 1)
                curves[k - 1] = "steps(1,start)"
            } else {
                offsets[k - 1] = max(offsets[k] - jump, k >= 2 ? offsets[k - 2] : 0)
                curves[k - 1] = "steps(1,end)"
            }
        }
        let entry = animationTiming(keys, timing: timing)
        if values.count == 1 { return ("0%,to{\(attribute):\(convert(values[0]))}", entry, adds) }
        var rule = ""
        var written = Set<String>()
        for (k, value) in values.enumerated() {
            // A jump's first key is written a step of the last decimal early, rounded down: the jump's own
            // instant (a frame's, seeked exactly) then shows the value after it, as the frames do (a jump
            // at 0.5 s of a 1.2 s cycle, key time 0.416666667 as the document rounds it, written
            // 41.6666667 %, fell 0.4 ns after 0.5 s and showed the value before).
            var place = offsets[k] * 100
            if !discrete, k + 1 < values.count, curves[k] == "steps(1,start)", place > 0 { place = max(0, (place * 1e7).rounded(.down) - 1) / 1e7 }
            let percent = offsets[k] == 1 ? "to" : SVGNumber.format(place, decimals: 7) + "%"
            guard !written.contains(percent) else { continue }
            written.insert(percent)
            rule += "\(percent){\(attribute):\(convert(value))"
            if !discrete, k + 1 < values.count, let curve = curves[k] { rule += ";animation-timing-function:\(curve)" }
            rule += "}"
        }
        if discrete, offsets.last ?? 1 < 1, let last = values.last { rule += "to{\(attribute):\(convert(last))}" }
        return (rule, entry, adds)
    }

    /// Duration, timing function, delay, iteration count and fill of one track's animation.
    static func animationTiming(_ keys: Keys, timing: AnimatedDocument.Timing) -> String {
        var entry = "\(seconds(keys.duration)) \(keys.discrete ? "step-end" : "linear")"
        if keys.delay > 0 { entry += " \(delay(keys.delay))" }
        if let repeats = timing.repeats, !timing.loops {
            entry += repeats.isInfinite ? " infinite" : " \(SVGNumber.format(repeats, decimals: 9)) forwards"
        } else {
            entry += timing.loops ? " infinite" : " forwards"
        }
        return entry
    }

    static func seconds(_ s: Double) -> String { SVGNumber.format(s, decimals: 9) + "s" }

    /// A delay, at least 2 µs when not 0. Chromium compares animation times with a tolerance of 1 µs,
    /// so a switch written 1 µs after the start (an arc that appears once its length is not 0, found
    /// by bisection and rounded to 0.000001 s) showed at 0, where the frames do not show it; 2 µs
    /// keeps it clear of the start in every browser, and no frame falls before it.
    static func delay(_ s: Double) -> String {
        seconds(s > 0 && s < 2e-6 ? 2e-6 : s)
    }

    /// A transform list item for one value of `type`.
    static func transformValue(_ type: String, _ value: Value) -> String {
        let n = (value.numbers ?? []).map { SVGNumber.format($0) }
        switch type {
        case "rotate": return "rotate(\(n.first ?? "0")deg)"
        case "skewX": return "skewX(\(n.first ?? "0")deg)"
        case "skewY": return "skewY(\(n.first ?? "0")deg)"
        case "scale": return "scale(\(n.first ?? "1"),\(n.count > 1 ? n[1] : n.first ?? "1"))"
        default: return "translate(\(n.first ?? "0")px,\(n.count > 1 ? n[1] : "0")px)"
        }
    }

    static let lengths: Set<String> = ["stroke-width", "stroke-dashoffset", "stroke-dasharray", "x", "y", "width", "height",
                                       "font-size", "r", "cx", "cy", "rx", "ry"]

    /// A CSS value for one value of `attribute`: lengths in px, path data as path("…").
    static func propertyValue(_ attribute: String, _ value: Value) -> String {
        if attribute == "d" { return "path(\"\(value.text)\")" }
        if attribute == "filter", let v = value.numbers, v.count == 7 {
            // A shadow (`AnimatedSVGCompiler.Context.writeShadow`): dx, dy, σ, then the colour's sRGB
            // components and alpha in 0…1.
            let n = v.map { SVGNumber.format($0) }
            return "drop-shadow(\(n[0])px \(n[1])px \(n[2])px color(srgb \(n[3]) \(n[4]) \(n[5]) / \(n[6])))"
        }
        // A shadowPath's blur (`shadowPathElement`): σ.
        if attribute == "filter", let v = value.numbers, v.count == 1 { return "blur(\(SVGNumber.format(v[0]))px)" }
        guard lengths.contains(attribute), let numbers = value.numbers else { return value.text }
        return numbers.map { SVGNumber.format($0) + "px" }.joined(separator: " ")
    }
}

/// Numbers as short as CSS reads them.
enum CSSNumber {
    /// "0.42" → ".42", "-0.5" → "-.5"; anything else unchanged.
    static func short(_ text: String) -> String {
        if text.hasPrefix("0.") { return String(text.dropFirst()) }
        if text.hasPrefix("-0.") { return "-" + text.dropFirst(2) }
        return text
    }
}

extension AnimatedSVG {
    /// The same animation with CSS `@keyframes` in a `<style>` element instead of SMIL (see
    /// `CSSAnimationWriter`); the report's errors are those the CSS evaluator measures on what was
    /// written.
    public func withCSSAnimations() -> AnimatedSVG {
        let (svg, cssReport) = CSSAnimationWriter.write(document, report: report)
        return AnimatedSVG(document: document, svg: svg, report: cssReport)
    }
}
