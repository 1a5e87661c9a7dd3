import Flipbook

/// Conic paint in the animated SVG: the fill or stroke element, painted black with all its tracks
/// (path, trims, dashes, width, presence), becomes the mask of the gradient's wedges (`ConicWedges`),
/// as the frame writer draws it (`SVGConic.swift`).
extension AnimatedSVGCompiler.Context {
    /// `element` as a `<mask>` over the wedges of the conic gradient its shape takes (`part`). A
    /// gradient that stays the same is one group of wedges; one that changes is a group per distinct
    /// gradient over the observed instants, each shown (`display`, a discrete track) while the shape
    /// has it, reported as discrete.
    mutating func conicPainted(_ element: AnimatedDocument.Element, name: String, _ part: PaintPart, shapeAt: ShapeSeries,
                               samples: [ShapeDrawing]) -> AnimatedDocument.Element {
        clips += 1
        let maskID = "c\(clips)"
        // Its presence moves to the masked group: content of a mask that CSS hides (visibility) still
        // masks in Chromium.
        var shape = element
        let presence = shape.attributes.filter { $0.name == "display" }, shown = shape.animations(of: "display")
        shape.attributes.removeAll { $0.name == "display" }
        shape.animations.removeAll { $0.attribute == "display" }
        if target == .css, part == .fill {
            // Under CSS a fill clips instead: Chromium draws a mask's edge without anti-aliasing when
            // a CSS animation turns a group above it (a conic-filled disc turning: 175 pixels beyond
            // anti-aliasing), a clip path's with it.
            shape.attributes.removeAll { $0.name == "fill" || $0.name == "fill-opacity" }
            if let rule = shape.attribute("fill-rule") {
                shape.attributes.removeAll { $0.name == "fill-rule" }
                shape.attributes.append(.init("clip-rule", rule))
            }
            defs.append(AnimatedDocument.Element(.clipPath, attributes: [.init("id", .keyword(maskID))], children: [shape]))
        } else {
            defs.append(AnimatedDocument.Element(.mask, attributes: Self.maskRegion(id: maskID, alpha: true), children: [shape]))
        }
        // The box every instant's shape reaches (the stroke's reach included).
        var box: Rect?
        for s in samples {
            guard var b = (part == .fill ? s.path : s.strokedPath).controlBox else { continue }
            if part == .stroke { b = ConicWedges.strokeBox(b, lineWidth: s.lineWidth, miterLimit: s.miterLimit) }
            box = box.map { $0.union(b) } ?? b
        }
        let covered = box ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let gradientAt = { (t: Double) -> Gradient in shapeAt.read(t) { part.gradient($0) } }
        var distinct: [Gradient] = []
        for t in grid {
            let g = gradientAt(t)
            if !distinct.contains(g) { distinct.append(g) }
        }
        var groups: [AnimatedDocument.Element] = []
        for g in distinct {
            var group = wedgeGroup(g, covering: covered)
            if distinct.count > 1 {
                if gradientAt(0) != g { group.attributes.append(.init("display", .keyword("none"))) }
                group.animations += discrete(name, "display", knots: grid) { .keyword(gradientAt($0) == g ? "inline" : "none") }
            }
            groups.append(group)
        }
        let by = target == .css && part == .fill ? "clip-path" : "mask"
        return AnimatedDocument.Element(.group, attributes: [.init(by, .reference(maskID))] + presence, animations: shown, children: groups)
    }

    /// The wedges of one conic gradient (`ConicWedges`) covering `box`: a group of solid paths; for a
    /// translucent gradient, opaque colours under a luminance mask of grey wedges.
    mutating func wedgeGroup(_ g: Gradient, covering box: Rect) -> AnimatedDocument.Element {
        let (wedges, translucent) = ConicWedges.wedges(g, covering: box)
        func path(_ wedge: ConicWedges.Wedge, _ color: Color) -> AnimatedDocument.Element {
            AnimatedDocument.Element(.path, attributes: [.init("d", .path(.init(path: wedge.path, text: SVGPathData.string(wedge.path))))] + paint("fill", color))
        }
        guard translucent else { return AnimatedDocument.Element(.group, children: wedges.map { path($0, $0.color) }) }
        clips += 1
        let alphaID = "c\(clips)"
        defs.append(AnimatedDocument.Element(.mask, attributes: Self.maskRegion(id: alphaID, alpha: false),
                                             children: wedges.map { path($0, ConicWedges.grey($0.color.alpha)) }))
        return AnimatedDocument.Element(.group, attributes: [.init("mask", .reference(alphaID))],
                                        children: wedges.map { path($0, ConicWedges.opaque($0.color)) })
    }

    /// A `<mask>`'s attributes: its id, a region holding everything in user space, and whether it
    /// reads alpha (`mask-type="alpha"`) or luminance.
    static func maskRegion(id: String, alpha: Bool) -> [AnimatedDocument.Attribute] {
        [.init("id", .keyword(id)), .init("maskUnits", .keyword("userSpaceOnUse")),
         .init("x", .number(-1e7)), .init("y", .number(-1e7)), .init("width", .number(2e7)), .init("height", .number(2e7))]
            + (alpha ? [.init("mask-type", .keyword("alpha"))] : [])
    }
}
