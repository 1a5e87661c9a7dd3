import Flipbook

/// Conic paint in SVG frames: the fill or the stroke of a shape whose gradient is conic, drawn as a
/// mask (the shape's fill or stroke, in black) over the gradient's wedges (`ConicWedges`).
extension SVGFrameWriter {
    /// The fill (`fill`) or the stroke of `shape` along `path`, alone; a conic gradient as masked
    /// wedges, any other paint as `writePath` writes it.
    func writePaint(_ path: Path, _ shape: ShapeDrawing, fill: Bool, into out: inout SVGBuffer, state: inout State) {
        let gradient = fill ? shape.fillGradient : shape.strokeGradient
        guard gradient.kind == .conic, !gradient.stops.isEmpty else {
            writePath(path, shape, fill: fill, stroke: !fill, into: &out, state: &state)
            return
        }
        // The mask: the fill or the stroke as drawn, in black.
        var black = shape
        black.fill = .black
        black.fillGradient = .none
        black.stroke = .black
        black.strokeGradient = .none
        var content = SVGBuffer()
        writePath(path, black, fill: fill, stroke: !fill, into: &content, state: &state)
        state.clips += 1
        let shapeMask = state.clips
        Self.openMask(shapeMask, alpha: true, into: &state.defs)
        state.defs.write(content)
        state.defs.write("</mask>\n")
        // The wedges cover the path's box, grown by the stroke's reach.
        var box = path.controlBox ?? Rect(x: 0, y: 0, width: 0, height: 0)
        if !fill { box = ConicWedges.strokeBox(box, lineWidth: shape.lineWidth, miterLimit: shape.miterLimit) }
        let (wedges, translucent) = ConicWedges.wedges(gradient, covering: box)
        var alphaMask: Int?
        if translucent {
            state.clips += 1
            alphaMask = state.clips
            Self.openMask(state.clips, alpha: false, into: &state.defs)
            for wedge in wedges { writeWedge(wedge.path, ConicWedges.grey(wedge.color.alpha), into: &state.defs) }
            state.defs.write("</mask>\n")
        }
        out.write("<g mask=\"url(#c")
        SVGNumber.append(Double(shapeMask), decimals: 0, to: &out)
        out.write(")\">\n")
        if let alphaMask {
            out.write("<g mask=\"url(#c")
            SVGNumber.append(Double(alphaMask), decimals: 0, to: &out)
            out.write(")\">\n")
        }
        for wedge in wedges { writeWedge(wedge.path, translucent ? ConicWedges.opaque(wedge.color) : wedge.color, into: &out) }
        if alphaMask != nil { out.write("</g>\n") }
        out.write("</g>\n")
    }

    /// `<mask id="c<id>">` over a region holding everything, its content in user space; reading alpha
    /// (`alpha`) or luminance.
    static func openMask(_ id: Int, alpha: Bool, into out: inout SVGBuffer) {
        out.write("<mask id=\"c")
        SVGNumber.append(Double(id), decimals: 0, to: &out)
        out.write("\" maskUnits=\"userSpaceOnUse\" x=\"-1e7\" y=\"-1e7\" width=\"2e7\" height=\"2e7\"")
        out.write(alpha ? " mask-type=\"alpha\">\n" : ">\n")
    }

    /// One wedge: its polygon filled with `color` (opaque ones carry no opacity).
    private func writeWedge(_ path: Path, _ color: Color, into out: inout SVGBuffer) {
        out.write("<path d=\"")
        SVGPathData.append(path, to: &out)
        out.write("\"")
        if color != .black { appendPaint("fill", color, to: &out) }
        out.write("/>\n")
    }
}
