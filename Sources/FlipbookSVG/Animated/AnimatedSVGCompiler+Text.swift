import Flipbook

extension AnimatedSVGCompiler.Context {
    // MARK: Text

    mutating func writeText(_ id: String, _ key: ItemKey, name: String, first: TextDrawing, into out: inout [AnimatedDocument.Element]) {
        let this = self
        let textAt = { (t: Double) -> TextDrawing in
            if case .text(let text)? = this.item(key, at: t) { return text }
            return first
        }
        let itemKnots = knots(id), ownerID = owner(of: id)
        let (hidden, display) = visibility(name, knots: itemKnots) { this.item(key, at: $0) != nil }
        let t0 = textAt(0)
        var attributes = hidden + [.init("x", .number(t0.origin.x)), .init("y", .number(t0.origin.y))]
        var animations = display
        animations += track(name, "x", unit: "px", tolerance: geometry, knots: itemKnots, owner: ownerID, value: { [textAt($0).origin.x] }) { w, k in
            w.numeric(attribute: "x", keys: k, format: .number)
        }
        animations += track(name, "y", unit: "px", tolerance: geometry, knots: itemKnots, owner: ownerID, value: { [textAt($0).origin.y] }) { w, k in
            w.numeric(attribute: "y", keys: k, format: .number)
        }
        attributes += [.init("font-family", .text(text.familyList(t0))), .init("font-size", .number(t0.fontSize))]
        animations += track(name, "font-size", unit: "px", tolerance: geometry, knots: itemKnots, owner: ownerID, value: { [textAt($0).fontSize] }) { w, k in
            w.numeric(attribute: "font-size", keys: k, format: .number)
        }
        if t0.fontWeight != 400 { attributes.append(.init("font-weight", .number(t0.fontWeight, decimals: 0))) }
        switch t0.alignment {
        case .left: break
        case .center: attributes.append(.init("text-anchor", .keyword("middle")))
        case .right: attributes.append(.init("text-anchor", .keyword("end")))
        }
        if SVGMarkup.needsPreservedSpace(first.string) { attributes.append(.init("xml:space", .keyword("preserve"))) }
        let (paint, paintAnimations) = colorTracks(name, "fill", knots: itemKnots, owner: ownerID) { textAt($0).color }
        var element = AnimatedDocument.Element(.text, attributes: attributes + paint, animations: animations + paintAnimations)
        element.content = first.string
        out.append(element)
    }
}
