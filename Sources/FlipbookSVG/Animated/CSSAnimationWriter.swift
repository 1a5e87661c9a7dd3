/// Rewrites the compiler's SMIL animations as CSS animations: one `<style>` of `@keyframes`, each
/// animated element given an id and an `animation` list.
///
/// It translates what the compiler wrote and verified (the SMIL tracks, read back by `SMILTrack` and
/// checked against the engine), element by element, so the two files show the same timeline:
/// - `calcMode="spline"`: a keyframe per key at its keyTime, the keySpline as that keyframe's
///   `animation-timing-function` (`linear` when "0 0 1 1", the animation's default). A jump (two keys
///   at one time) becomes `steps(1, start)` over 1e-7 of the duration, since CSS keeps one keyframe per
///   offset: the segment after it (before it, for a jump at the very end) runs 1e-7 shorter.
/// - `calcMode="discrete"`: keyframes at the keyTimes under `step-end`; `<set>`: a constant animation
///   delayed to its begin.
/// - `begin`, `dur`, `repeatCount` and `fill="freeze"` become the delay, duration, iteration count
///   and `forwards`.
/// - `animateTransform`: `transform` with `translate(px)`, `rotate(deg)`, `scale()` and `skewX(deg)`;
///   `additive="sum"` is `animation-composition: add` (transform lists then concatenate, as SMIL
///   post-multiplies). A text's `x` and `y` (not CSS properties) become an added `translate` by their
///   change from the static position.
/// - Lengths get `px`; a path's `d` is `path("…")`.
/// - `display` becomes `visibility` (hidden, or inherit for shown), the static `display="none"` too:
///   CSS animations do not run on an element that is `display: none` without them.
///
/// A `@media (prefers-reduced-motion: reduce)` block ends every animation at once in its final state.
/// The static attributes are untouched, so a renderer without animation still shows t = 0.
enum CSSAnimationWriter {
    /// Offset given to the second key of a jump, as a fraction of the animation's duration.
    static let jump = 1e-7
    /// The static attribute of an element hidden at t = 0, and what it becomes.
    static let hidden = " display=\"none\"", hiddenCSS = " visibility=\"hidden\""

    static func convert(_ svg: String) -> String {
        let bytes = Array(svg.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        struct Open { var name: String; var insertAt: Int; var closeAt: Int; var hiddenAt: Int?; var attributes: [String: String]; var animations: [[String: String]] }
        var stack: [Open] = []
        var removals: [Int] = []   // every display="none", which becomes visibility="hidden"
        var styleAt: Int?
        var targets: [(insertAt: Int, hiddenAt: Int?, id: String?, name: String, attributes: [String: String], animations: [[String: String]])] = []
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else {
                out.append(bytes[i])
                i += 1
                continue
            }
            let tag = SVGElement.tag(in: bytes, at: &i)
            let closing = tag.hasPrefix("</"), selfClosing = tag.hasSuffix("/>")
            let name = SVGElement.name(of: tag)
            if closing {
                // An element left empty by its removed animations closes itself: "<path …></path>" → "<path …/>".
                if let top = stack.last, !top.animations.isEmpty, out.last == UInt8(ascii: ">"), top.closeAt == out.count {
                    out.removeLast()
                    out.append(contentsOf: Array("/>".utf8))
                    let top = stack.removeLast()
                    targets.append((top.insertAt, top.hiddenAt, top.attributes["id"], top.name, top.attributes, top.animations))
                    continue
                }
                if let top = stack.popLast(), !top.animations.isEmpty {
                    targets.append((top.insertAt, top.hiddenAt, top.attributes["id"], top.name, top.attributes, top.animations))
                }
                out.append(contentsOf: tag.utf8)
                continue
            }
            if selfClosing, ["animate", "animateTransform", "set"].contains(name) {
                var a = SMILTrack.attributes(tag)
                a["@element"] = name
                if !stack.isEmpty { stack[stack.count - 1].animations.append(a) }
                continue
            }
            let insertAt = out.count + 1 + name.utf8.count
            let hiddenAt = tag.utf8.firstRange(of: Self.hidden.utf8).map { out.count + tag.utf8.distance(from: tag.utf8.startIndex, to: $0.lowerBound) }
            out.append(contentsOf: tag.utf8)
            if let hiddenAt { removals.append(hiddenAt) }
            if !selfClosing {
                stack.append(Open(name: name, insertAt: insertAt, closeAt: out.count, hiddenAt: hiddenAt, attributes: SMILTrack.attributes(tag), animations: []))
                if name == "svg" && styleAt == nil { styleAt = out.count }
            }
        }
        guard let styleAt, !targets.isEmpty else { return svg }

        var css = ""
        var insertions: [(Int, String)] = []
        var keyframes = 0
        var names: [String: String] = [:]   // identical rules share one name
        for (n, target) in targets.sorted(by: { $0.insertAt < $1.insertAt }).enumerated() {
            let id = target.id ?? "e_\(n + 1)"
            if target.id == nil { insertions.append((target.insertAt, " id=\"\(id)\"")) }
            var list: [String] = [], composition: [String] = []
            for animation in target.animations {
                guard let (rule, timing, adds) = keyframesRule(animation, parent: target.name, parentAttributes: target.attributes) else { continue }
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
            css += "#\(id){animation:\(list.joined(separator: ","))"
            if composition.contains("add") { css += ";animation-composition:\(composition.joined(separator: ","))" }
            css += "}\n"
        }
        css += "@media (prefers-reduced-motion:reduce){*{animation-delay:0s!important;animation-duration:0s!important;animation-iteration-count:1!important;animation-fill-mode:forwards!important}}\n"
        insertions.append((styleAt, "\n<style>\n" + css + "</style>"))
        let edits = insertions.map { ($0.0, 0, $0.1) } + removals.map { ($0, Self.hidden.utf8.count, Self.hiddenCSS) }
        // From the end; at one offset the removal first (an id goes where display="none" was).
        for (offset, count, text) in edits.sorted(by: { $0.0 != $1.0 ? $0.0 > $1.0 : $0.1 > $1.1 }) {
            out.replaceSubrange(offset..<offset + count, with: Array(text.utf8))
        }
        // `<style>` went right after the `<svg …>` tag, before its newline.
        return String(decoding: out, as: UTF8.self)
    }

    /// The `@keyframes` rule for one SMIL element, the rest of its `animation` entry (duration,
    /// timing, delay, count, fill), and whether it adds to what is under it.
    static func keyframesRule(_ a: [String: String], parent: String, parentAttributes: [String: String]) -> (String, String, Bool)? {
        guard var attribute = a["attributeName"] else { return nil }
        var adds = a["additive"] == "sum"
        var convert: (String) -> String
        if a["@element"] == "animateTransform" {
            let type = a["type"] ?? "translate"
            convert = { transformValue(type, $0) }
        } else if parent == "text" && (attribute == "x" || attribute == "y") {
            // Not CSS properties on text: the change from the static position, as an added translation.
            let origin = Double(parentAttributes[attribute] ?? "0") ?? 0
            let horizontal = attribute == "x"
            convert = { text in
                let d = (Double(text) ?? origin) - origin
                return horizontal ? "translate(\(SVGNumber.format(d))px,0)" : "translate(0,\(SVGNumber.format(d))px)"
            }
            attribute = "transform"
            adds = true
        } else if attribute == "display" {
            // CSS animations never run on an element that is display: none without them; visibility
            // hides the same, and `inherit` keeps a shown child hidden inside a hidden parent, as display does.
            attribute = "visibility"
            convert = { $0 == "none" ? "hidden" : "inherit" }
        } else {
            convert = { propertyValue(attribute, $0) }
        }
        if a["@element"] == "set" {
            guard let to = a["to"] else { return nil }
            let begin = a["begin"].flatMap(SMILTrack.seconds) ?? 0
            return ("0%,to{\(attribute):\(convert(to))}", "1s linear \(seconds(begin)) forwards", adds)
        }
        guard let keys = SMILKeyText(a) else { return nil }
        let duration = keys.duration, values = keys.values, times = keys.times, discrete = keys.discrete
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
        if values.count == 1 { return ("0%,to{\(attribute):\(convert(values[0]))}", timing(a, duration: duration, discrete: discrete), adds) }
        var rule = ""
        var written = Set<String>()
        for (k, value) in values.enumerated() {
            let percent = offsets[k] == 1 ? "to" : SVGNumber.format(offsets[k] * 100, decimals: 7) + "%"
            guard !written.contains(percent) else { continue }
            written.insert(percent)
            rule += "\(percent){\(attribute):\(convert(value))"
            if !discrete, k + 1 < values.count, let curve = curves[k] { rule += ";animation-timing-function:\(curve)" }
            rule += "}"
        }
        if discrete, offsets.last ?? 1 < 1, let last = values.last { rule += "to{\(attribute):\(convert(last))}" }
        return (rule, timing(a, duration: duration, discrete: discrete), adds)
    }

    /// Duration, timing function, delay, iteration count and fill of one SMIL element's animation.
    static func timing(_ a: [String: String], duration: Double, discrete: Bool) -> String {
        var timing = "\(seconds(duration)) \(discrete ? "step-end" : "linear")"
        if let begin = a["begin"].flatMap(SMILTrack.seconds), begin > 0 { timing += " \(seconds(begin))" }
        switch a["repeatCount"] {
        case "indefinite"?: timing += " infinite"
        case let count?: timing += " \(count)\(a["fill"] == "freeze" ? " forwards" : "")"
        case nil: timing += a["fill"] == "freeze" ? " forwards" : ""
        }
        return timing
    }

    static func seconds(_ s: Double) -> String { SVGNumber.format(s, decimals: 9) + "s" }

    /// A transform list item for one SMIL value of `type`.
    static func transformValue(_ type: String, _ text: String) -> String {
        let n = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
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

    /// A CSS value for one SMIL value of `attribute`: lengths in px, path data as path("…").
    static func propertyValue(_ attribute: String, _ text: String) -> String {
        if attribute == "d" { return "path(\"\(text)\")" }
        guard lengths.contains(attribute) else { return text }
        let items = text.split(whereSeparator: { $0 == " " || $0 == "," })
        return items.map { Double(String($0)) == nil ? String($0) : "\($0)px" }.joined(separator: " ")
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
    /// `CSSAnimationWriter`); the report is the SMIL tracks', which the CSS translates key for key.
    public func withCSSAnimations() -> AnimatedSVG {
        AnimatedSVG(document: document, svg: CSSAnimationWriter.convert(svg), report: report)
    }
}
