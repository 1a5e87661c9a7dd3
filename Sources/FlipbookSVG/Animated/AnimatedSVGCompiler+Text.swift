import Flipbook

extension AnimatedSVGCompiler.Context {
    // MARK: Text

    mutating func writeText(_ id: String, _ key: ItemKey, name: String, first: TextDrawing, into out: inout String) {
        let this = self
        let textAt = { (t: Double) -> TextDrawing in
            if case .text(let text)? = this.item(key, at: t) { return text }
            return first
        }
        let itemKnots = knots(id), ownerID = owner(of: id)
        let (hidden, display) = visibility(name, knots: itemKnots) { this.item(key, at: $0) != nil }
        let t0 = textAt(0)
        var attributes = hidden + " x=\"\(SVGNumber.format(t0.origin.x))\" y=\"\(SVGNumber.format(t0.origin.y))\""
        var animations = display
        animations += track(name, "x", unit: "px", tolerance: geometry, knots: itemKnots, owner: ownerID, value: { [textAt($0).origin.x] }) { w, k in
            w.numeric("animate", attribute: "x", keys: k, format: SMILFormat.number)
        }
        animations += track(name, "y", unit: "px", tolerance: geometry, knots: itemKnots, owner: ownerID, value: { [textAt($0).origin.y] }) { w, k in
            w.numeric("animate", attribute: "y", keys: k, format: SMILFormat.number)
        }
        attributes += " font-family=\"\(escape(text.familyList(t0)))\" font-size=\"\(SVGNumber.format(t0.fontSize))\""
        animations += track(name, "font-size", unit: "px", tolerance: geometry, knots: itemKnots, owner: ownerID, value: { [textAt($0).fontSize] }) { w, k in
            w.numeric("animate", attribute: "font-size", keys: k, format: SMILFormat.number)
        }
        if t0.fontWeight != 400 { attributes += " font-weight=\"\(SVGNumber.format(t0.fontWeight, decimals: 0))\"" }
        switch t0.alignment {
        case .left: break
        case .center: attributes += " text-anchor=\"middle\""
        case .right: attributes += " text-anchor=\"end\""
        }
        let (paint, paintAnimations) = colorTracks(name, "fill", knots: itemKnots, owner: ownerID) { textAt($0).color }
        out += "<text" + attributes + paint + ">" + animations + paintAnimations + escape(first.string) + "</text>\n"
    }
}
