import Flipbook

/// The document as one SVG animated with SMIL: every element as written, each numeric track one
/// `<animate>` (or `<animateTransform>`) with `calcMode="spline"`, each discrete one `calcMode="discrete"`
/// or a `<set>`. Numbers by `SVGNumber` (key times with nine decimals, keySplines with six).
extension AnimatedDocument {
    /// The whole SVG document.
    public var smil: String { svg(css: nil) }

    /// The whole SVG document, its animations as SMIL elements, or (with `css`) left out, each animated
    /// element given an id and collected in `css` for the style its rules go in, `display="none"`
    /// written `visibility="hidden"` (CSS animations do not run on an element that is not displayed).
    ///
    /// A SMIL document with a reduced-motion form (`reducedMotionStill`) holds both: the animation in a
    /// group `fb-motion`, the still in a group `fb-still`, and a style that hides the still, or, under
    /// `prefers-reduced-motion: reduce`, the animation (SMIL itself cannot be paused by a style).
    ///
    /// A document with a poster (`poster`) holds the animation in a group that is not shown, and the
    /// poster after it, shown: what a renderer that does not animate draws. The animation shows it from
    /// its first instant and hides the poster: SMIL by a `<set>` of `display` at 0 s on each (the
    /// animation's group inside the reduced-motion group, whose style must still hide it), CSS by an
    /// animation of `visibility` that runs from 0 s and holds (classes `fb-on` and `fb-off`, the
    /// keyframes in the CSS writer's style). With a dissolve for reduced motion, the still group holds
    /// the first frame and the end state, the latter fading in (SMIL and CSS alike).
    func svg(css: CSSTargets?) -> String {
        let w = canvas.width, h = canvas.height
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\"" + (css == nil && timing.beginEvent != nil ? " id=\"fb\"" : "") + " width=\"\(SVGNumber.format(w))\" height=\"\(SVGNumber.format(h))\" viewBox=\"0 0 \(SVGNumber.format(w)) \(SVGNumber.format(h))\" stroke-miterlimit=\"10\">\n"
        let still = css == nil || reducedMotionCrossfade != nil ? reducedMotionStill : nil
        if still != nil {
            out += "<style>.fb-still{display:none}@media (prefers-reduced-motion:reduce){.fb-motion{display:none}.fb-still{display:inline}}</style>\n"
        }
        if !definitions.isEmpty {
            out += "<defs>\n"
            for d in definitions { Self.write(d, timing: timing, css: css, into: &out) }
            out += "</defs>\n"
        }
        if background.alpha > 0 {
            out += "<rect width=\"100%\" height=\"100%\"" + Self.paint("fill", background)
                + (backgroundTheme.map { " style=\"fill:var(--\($0),\(Self.text(.color(background))))\"" } ?? "") + "/>\n"
        }
        if still != nil { out += "<g class=\"fb-motion\">\n" }
        if poster != nil {
            out += css == nil ? "<g display=\"none\"><set attributeName=\"display\" to=\"inline\" begin=\"0s\"/>\n" : "<g visibility=\"hidden\" class=\"fb-on\">\n"
        }
        for e in body { Self.write(e, timing: timing, css: css, into: &out) }
        if poster != nil { out += "</g>\n" }
        if let still {
            out += "</g>\n<g class=\"fb-still\">\n"
            if let fade = reducedMotionCrossfade {
                // The dissolve (`reducedMotionCrossfade`): the end state fades in over the first frame,
                // which fades out too where the background is not opaque (SMIL: `<animate>` of opacity
                // from 0 s; CSS: the classes fb-from and fb-to, animated in the CSS writer's style).
                let s = SVGNumber.format(fade.seconds, decimals: 9)
                if css == nil {
                    out += (background.alpha < 1 ? "<g><animate attributeName=\"opacity\" from=\"1\" to=\"0\" dur=\"\(s)s\" fill=\"freeze\"/>\n" : "<g>\n") + fade.from + "</g>\n"
                    out += "<g opacity=\"0\"><animate attributeName=\"opacity\" from=\"0\" to=\"1\" dur=\"\(s)s\" fill=\"freeze\"/>\n" + still + "</g>\n"
                } else {
                    out += (background.alpha < 1 ? "<g class=\"fb-from\">\n" : "<g>\n") + fade.from + "</g>\n<g class=\"fb-to\" opacity=\"0\">\n" + still + "</g>\n"
                }
            } else {
                out += still
            }
            out += "</g>\n"
        }
        if let poster {
            out += (css == nil ? "<g><set attributeName=\"display\" to=\"none\" begin=\"0s\"/>\n" : "<g class=\"fb-off\">\n") + poster + "</g>\n"
        }
        return out + "</svg>\n"
    }

    /// The elements of a CSS document that have animations, in document order, with their ids.
    final class CSSTargets {
        var elements: [(id: String, element: Element)] = []
    }

    /// ` attribute="#rrggbb"` and, below full alpha, ` attribute-opacity="a"`.
    static func paint(_ attribute: String, _ c: Color) -> String {
        var out = " \(attribute)=\"\(SMILFormat.color([c.red, c.green, c.blue]))\""
        if c.alpha < 1 { out += " \(attribute)-opacity=\"\(SVGNumber.format(max(c.alpha, 0)))\"" }
        return out
    }

    /// `element` and everything inside it, as SVG with SMIL.
    static func write(_ e: Element, timing: Timing, css: CSSTargets?, into out: inout String) {
        var open = "<" + (e.kind == .clipRect ? "rect" : e.kind.rawValue)
        var animations = ""
        if let css {
            if !e.animations.isEmpty {
                // Numbered among the animated elements: e_1, e_2, … (an element with an id keeps it).
                if case .keyword(let id)? = e.attribute("id") {
                    css.elements.append((id, e))
                } else {
                    let id = "e_\(css.elements.count + 1)"
                    open += " id=\"\(id)\""
                    css.elements.append((id, e))
                }
            }
            for a in e.attributes {
                if a.name == "display", case .keyword("none") = a.value { open += " visibility=\"hidden\"" } else { open += " \(a.name)=\"\(text(a.value))\"" }
            }
        } else {
            for a in e.attributes { open += " \(a.name)=\"\(text(a.value))\"" }
            for a in e.animations { animations += text(a, timing: timing) }
        }
        // Themed colours: written as attributes like any colour, and again as a style property that
        // reads the custom property with this value its fallback (a page sets `--name` on the SVG or
        // around it). The style wins where custom properties are known; a renderer without them
        // (librsvg 2.54 paints `var()` black) drops the declaration and reads the attribute.
        let themed = e.attributes.filter { $0.theme != nil }
        if !themed.isEmpty {
            open += " style=\"" + themed.map { "\($0.name):var(--\($0.theme!),\(text($0.value)))" }.joined(separator: ";") + "\""
        }
        // Under CSS, an animated element with nothing inside it closes itself.
        if css != nil, !e.animations.isEmpty, e.children.isEmpty, (e.content ?? "").isEmpty, e.kind != .group {
            out += open + "/>" + ([.stop, .clipRect, .feGaussianBlur, .feOffset, .feFlood, .feComposite, .feMergeNode].contains(e.kind) ? "" : "\n")
            return
        }
        switch e.kind {
        case .group:
            out += open + ">" + animations + "\n"
            for child in e.children { write(child, timing: timing, css: css, into: &out) }
            out += "</g>\n"
        case .path, .background, .use:
            out += animations.isEmpty ? open + "/>\n" : open + ">" + animations + "</\(e.kind.rawValue)>\n"
        case .text:
            out += open + ">" + animations + SVGMarkup.escape(e.content ?? "") + "</text>\n"
        case .clipPath, .mask:
            out += open + (e.kind == .mask ? ">\n" : ">")
            for child in e.children { write(child, timing: timing, css: css, into: &out) }
            out += "</\(e.kind.rawValue)>\n"
        case .linearGradient, .radialGradient:
            out += open + ">" + animations
            for child in e.children { write(child, timing: timing, css: css, into: &out) }
            out += "</\(e.kind.rawValue)>\n"
        case .filter, .feMerge:
            out += open + ">"
            for child in e.children { write(child, timing: timing, css: css, into: &out) }
            out += "</\(e.kind.rawValue)>" + (e.kind == .filter ? "\n" : "")
        case .feGaussianBlur, .feOffset, .feFlood, .feComposite, .feMergeNode:
            out += animations.isEmpty ? open + "/>" : open + ">" + animations + "</\(e.kind.rawValue)>"
        case .stop, .clipRect:
            let name = e.kind == .clipRect ? "rect" : "stop"
            out += animations.isEmpty ? open + "/>" : open + ">" + animations + "</\(name)>"
        }
    }

    /// A value as an attribute or a `values` item holds it.
    static func text(_ value: Value) -> String {
        switch value {
        case .number(let v, let decimals): return SVGNumber.format(v, decimals: decimals)
        case .numbers(let v): return SMILFormat.numbers(v)
        case .color(let c): return SMILFormat.color([c.red, c.green, c.blue])
        case .path(let p): return p.text
        case .transform(let steps):
            return steps.map { step in
                switch step {
                case .matrix(let m):
                    "matrix(" + [m.a, m.b, m.c, m.d].map { SVGNumber.format($0, decimals: 6) }.joined(separator: " ") + " \(SMILFormat.numbers([m.tx, m.ty])))"
                case .component(let type, let values):
                    "\(type)(\(SMILFormat.numbers(values)))"
                }
            }.joined(separator: " ")
        case .keyword(let k): return k
        case .reference(let id): return "url(#\(id))"
        case .text(let t): return SVGMarkup.escape(t)
        }
    }

    /// A numeric track's value as written.
    static func text(_ values: [Double], _ format: ValueFormat) -> String {
        switch format {
        case .number: SVGNumber.format(values.first ?? 0)
        case .numbers: SMILFormat.numbers(values)
        case .color: SMILFormat.color(values)
        case .path(let template): template.text(values)
        }
    }

    /// One animation element.
    static func text(_ animation: Animation, timing: Timing) -> String {
        switch animation {
        case .numeric(let n):
            let element = n.transformType == nil ? "animate" : "animateTransform"
            var out = "<\(element) attributeName=\"\(n.attribute)\""
            if let type = n.transformType { out += " type=\"\(type)\"" }
            if n.additive { out += " additive=\"sum\"" }
            out += smilTiming(timing, begin: n.begin, end: n.end) + " calcMode=\"spline\" values=\""
            out += n.values.map { text($0, n.format) }.joined(separator: ";")
            out += "\" keyTimes=\""
            out += n.keyTimes.map { SVGNumber.format($0, decimals: 9) }.joined(separator: ";")
            out += "\" keySplines=\""
            out += n.splines.map { $0.map { SVGNumber.format($0, decimals: 6) }.joined(separator: " ") }.joined(separator: ";")
            return out + "\"/>"
        case .discrete(let d):
            if let single = d.single {
                return "<set attributeName=\"\(d.attribute)\" to=\"\(text(single.value))\" begin=\"\(beginText(single.begin, timing))\"/>"
            }
            var out = "<animate attributeName=\"\(d.attribute)\"" + smilTiming(timing, begin: 0, end: timing.duration) + " calcMode=\"discrete\" values=\""
            out += d.values.map(text).joined(separator: ";")
            out += "\" keyTimes=\""
            out += d.keyTimes.map { SVGNumber.format($0, decimals: 9) }.joined(separator: ";")
            return out + "\"/>"
        case .set(let attribute, let value, let begin):
            return "<set attributeName=\"\(attribute)\" to=\"\(text(value))\" begin=\"\(beginText(begin, timing))\"/>"
        case .constantTransform(let type, let additive, let values):
            return "<animateTransform attributeName=\"transform\" type=\"\(type)\"\(additive ? " additive=\"sum\"" : "")"
                + smilTiming(timing, begin: 0, end: timing.duration) + " values=\"\(SMILFormat.numbers(values))\"/>"
        }
    }

    /// A begin's value: "0.5s", or counted from the document's start event ("fb.click+0.5s", "fb.click").
    static func beginText(_ seconds: Double, _ timing: Timing) -> String {
        var out = ""
        SVGNumber.append(seconds, decimals: 9, to: &out)
        guard let event = timing.beginEvent else { return out + "s" }
        return seconds == 0 ? "fb.\(event)" : "fb.\(event)+\(out)s"
    }

    /// ` begin=… dur=… fill="freeze"`, or the whole scene repeated when it loops or repeats.
    static func smilTiming(_ timing: Timing, begin: Double, end: Double) -> String {
        var out = ""
        if begin > 0 || timing.beginEvent != nil { out += " begin=\"\(beginText(begin, timing))\"" }
        out += " dur=\""
        SVGNumber.append(end - begin, decimals: 9, to: &out)
        if let repeats = timing.repeats, !timing.loops {
            if repeats.isInfinite {
                out += "s\" repeatCount=\"indefinite\""
            } else {
                out += "s\" repeatCount=\""
                SVGNumber.append(repeats, decimals: 9, to: &out)
                out += "\" fill=\"freeze\""
            }
            return out
        }
        out += timing.loops ? "s\" repeatCount=\"indefinite\"" : "s\" fill=\"freeze\""
        return out
    }
}
