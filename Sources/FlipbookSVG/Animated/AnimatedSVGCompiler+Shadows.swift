import Flipbook

/// Shadows: how the compiler writes a layer's shadow (`Shadow`, drawn as `SVGShadow` draws it in
/// frames) as a filter whose primitives' attributes are tracks.
extension AnimatedSVGCompiler.Context {
    /// The shadow's filter, added to the definitions, and the `filter` attribute for the layer's group
    /// (in the layer's own space, beside its clip); none when the layer never casts a shadow.
    ///
    /// SMIL animates the primitives' attributes: the blur's stdDeviation, the offset's dx and dy, the
    /// flood's colour and opacity. CSS cannot animate those attributes: there the group's `filter`
    /// property animates instead, as `drop-shadow(dx dy σ colour)` (its length is σ: the same blur,
    /// checked in Chromium), one track of the seven numbers over the filter the attribute names.
    /// Where the layer casts no shadow the flood is transparent. A shadowPath's shadow is written as
    /// the layer's alpha's (reported in the document's report as a fallback when the paths differ).
    mutating func writeShadow(_ id: String, read: @escaping (Double, (borrowing RenderNode) -> Shadow?) -> Shadow?, knots: [Double],
                              owner: String) -> (attributes: [AnimatedDocument.Attribute], animations: [AnimatedDocument.Animation],
                                                 element: AnimatedDocument.Element?) {
        let shadows = grid.map { t in read(t) { $0.shadow } }
        guard let first = shadows.compactMap({ $0 }).first else { return ([], [], nil) }
        if shadows.contains(where: { $0?.path != nil }) { return ([], [], shadowPathElement(id, read: read, first: first, knots: knots, owner: owner)) }
        // Where there is none: the first shadow's geometry in a transparent colour.
        let shadowAt = { (t: Double) -> Shadow in
            read(t) { $0.shadow } ?? Shadow(color: Color(red: first.color.red, green: first.color.green, blue: first.color.blue, alpha: 0),
                                            offset: first.offset, radius: first.radius)
        }
        let s0 = shadowAt(0)
        clips += 1
        let name = "c\(clips)"
        var blur = AnimatedDocument.Element(.feGaussianBlur, attributes: [.init("in", .keyword("SourceAlpha")), .init("stdDeviation", .number(s0.radius))])
        var offset = AnimatedDocument.Element(.feOffset, attributes: [.init("dx", .number(s0.offset.width)), .init("dy", .number(s0.offset.height)),
                                                                       .init("result", .keyword("s"))])
        let (paint, paintTracks): ([AnimatedDocument.Attribute], [AnimatedDocument.Animation]) = target == .css
            ? ([.init("flood-color", .color(s0.color))] + (s0.color.alpha < 1 ? [.init("flood-opacity", .number(max(s0.color.alpha, 0)))] : []), [])
            : colorTracks("\(id).shadow", "flood-color", opacityAttribute: "flood-opacity", knots: knots, owner: owner) { shadowAt($0).color }
        let flood = AnimatedDocument.Element(.feFlood, attributes: paint, animations: paintTracks)
        var groupTracks: [AnimatedDocument.Animation] = []
        if target == .css {
            let g = geometry, c = color
            groupTracks = track("\(id).shadow", "filter", unit: "px", tolerance: geometry, knots: knots, owner: owner,
                                value: { t in
                                    let s = shadowAt(t)
                                    return [s.offset.width, s.offset.height, s.radius, s.color.red, s.color.green, s.color.blue, max(s.color.alpha, 0)]
                                },
                                error: { a, b in
                                    guard a.count == 7, b.count == 7 else { return .infinity }
                                    let place = (0..<3).map { abs(a[$0] - b[$0]) }.max()!
                                    let paint = (3..<7).map { abs(a[$0] - b[$0]) }.max()!
                                    return max(place, paint * g / c)
                                }) { w, k in
                w.numeric(attribute: "filter", keys: k, format: .numbers)
            }
        } else {
            blur.animations = track("\(id).shadow", "stdDeviation", unit: "px", tolerance: geometry, knots: knots, owner: owner,
                                    value: { [shadowAt($0).radius] }) { w, k in w.numeric(attribute: "stdDeviation", keys: k, format: .number) }
            offset.animations = track("\(id).shadow", "dx", unit: "px", tolerance: geometry, knots: knots, owner: owner,
                                      value: { [shadowAt($0).offset.width] }) { w, k in w.numeric(attribute: "dx", keys: k, format: .number) }
            offset.animations += track("\(id).shadow", "dy", unit: "px", tolerance: geometry, knots: knots, owner: owner,
                                       value: { [shadowAt($0).offset.height] }) { w, k in w.numeric(attribute: "dy", keys: k, format: .number) }
        }
        let composite = AnimatedDocument.Element(.feComposite, attributes: [.init("in2", .keyword("s")), .init("operator", .keyword("in"))])
        let merge = AnimatedDocument.Element(.feMerge, children: [AnimatedDocument.Element(.feMergeNode),
                                                                  AnimatedDocument.Element(.feMergeNode, attributes: [.init("in", .keyword("SourceGraphic"))])])
        let region: [AnimatedDocument.Attribute] = [.init("id", .keyword(name)), .init("filterUnits", .keyword("userSpaceOnUse")),
                                                    .init("x", .number(-1e7)), .init("y", .number(-1e7)), .init("width", .number(2e7)),
                                                    .init("height", .number(2e7)), .init("color-interpolation-filters", .keyword("sRGB"))]
        defs.append(AnimatedDocument.Element(.filter, attributes: region, children: [blur, offset, flood, composite, merge]))
        return ([.init("filter", .reference(name))], groupTracks, nil)
    }

    /// A shadowPath's shadow (`SVGShadow.writePath`): the path (a track like a shape's `d`) in the
    /// colour, moved by the offset (a translate track), blurred by a filter whose stdDeviation is a
    /// track (under CSS, the element's `filter: blur(σ)`, the same Gaussian). Where the layer casts no
    /// shadow, or no path's, the path is empty.
    mutating func shadowPathElement(_ id: String, read: @escaping (Double, (borrowing RenderNode) -> Shadow?) -> Shadow?, first: Shadow,
                                    knots: [Double], owner: String) -> AnimatedDocument.Element {
        let shadowAt = { (t: Double) -> Shadow in
            read(t) { $0.shadow } ?? Shadow(color: Color(red: first.color.red, green: first.color.green, blue: first.color.blue, alpha: 0),
                                            offset: first.offset, radius: first.radius, path: first.path)
        }
        let path = { (t: Double) -> Path in shadowAt(t).path ?? Path() }
        let (d, dTracks) = pathTrack("\(id).shadowPath", path: path, samples: grid.map(path), knots: knots, owner: owner)
        var (attributes, animations) = colorTracks("\(id).shadowPath", "fill", knots: knots, owner: owner) { shadowAt($0).color }
        attributes.insert(.init("d", .path(d)), at: 0)
        animations += dTracks
        let s0 = shadowAt(0)
        attributes.append(.init("transform", .transform([.component(type: "translate", values: [s0.offset.width, s0.offset.height])])))
        animations += track("\(id).shadowPath", "transform.translate", unit: "px", tolerance: geometry, knots: knots, owner: owner,
                            value: { let o = shadowAt($0).offset; return [o.width, o.height] }) { w, k in
            w.numeric(attribute: "transform", transformType: "translate", additive: false, keys: k, format: .numbers)
        }
        clips += 1
        let name = "c\(clips)"
        var blur = AnimatedDocument.Element(.feGaussianBlur, attributes: [.init("stdDeviation", .number(s0.radius))])
        let blurAttribute = target == .css ? "filter" : "stdDeviation"
        let radiusTracks = track("\(id).shadowPath", blurAttribute, unit: "px", tolerance: geometry, knots: knots,
                                 owner: owner, value: { [shadowAt($0).radius] }) { w, k in
            w.numeric(attribute: blurAttribute, keys: k, format: .number)
        }
        if target == .css { animations += radiusTracks } else { blur.animations = radiusTracks }
        defs.append(AnimatedDocument.Element(.filter, attributes: [.init("id", .keyword(name)), .init("filterUnits", .keyword("userSpaceOnUse")),
                                                                   .init("x", .number(-1e7)), .init("y", .number(-1e7)), .init("width", .number(2e7)),
                                                                   .init("height", .number(2e7))], children: [blur]))
        attributes.append(.init("filter", .reference(name)))
        var element = AnimatedDocument.Element(.path, attributes: attributes, animations: animations)
        element.layer = owner
        return element
    }
}
