import Flipbook

/// The frame writer's small pieces: paints written as attributes, and the circle a path is.
extension SVGFrameWriter {
    /// The circle a path draws when it is exactly one whole turn of one arc (an optional move to the
    /// arc's start, the arc, an optional close), and whether it is closed; else nil.
    ///
    /// `<circle>` draws the same filled, and stroked when there are no dashes and no caps to show: a
    /// circle element is a closed path from 3 o'clock turning clockwise (SVG 2, "The 'circle'
    /// element"), so a dash pattern (which shows where a path starts and which way it turns) or the
    /// round or square caps of an open turn keep the path. A zero radius is left as a path too (a
    /// circle element with r = 0 draws nothing).
    static func circle(_ path: Path) -> (Arc, closed: Bool)? {
        var elements = path.elements[...]
        guard case .arc(let arc)? = elements.first(where: { if case .move = $0 { false } else { true } }) else { return nil }
        if case .move(let p)? = elements.first {
            guard p == arc.startPoint else { return nil }
            elements = elements.dropFirst()
        }
        elements = elements.dropFirst()
        var closed = false
        if case .close? = elements.first {
            elements = elements.dropFirst()
            closed = true
        }
        guard elements.isEmpty, abs(arc.sweep.radians) == 2 * Double.pi, arc.radius > 0, arc.radius.isFinite,
              arc.center.x.isFinite, arc.center.y.isFinite else { return nil }
        return (arc, closed)
    }

    /// ` fill="#rrggbb"` (or stroke), plus `-opacity` when not opaque.
    func appendPaint(_ attribute: StaticString, _ color: Color, to out: inout SVGBuffer) {
        out.write(" ")
        out.write(attribute)
        out.write("=\"")
        SVGMarkup.appendHex(red: color.red, green: color.green, blue: color.blue, to: &out)
        out.write("\"")
        if color.alpha < 1 {
            out.write(" ")
            out.write(attribute)
            out.write("-opacity=\"")
            SVGNumber.append(max(color.alpha, 0), to: &out)
            out.write("\"")
        }
    }

    /// ` fill="url(#gN)"` (or stroke) for a linear or radial gradient, defined in `state`'s definitions.
    func appendGradient(_ attribute: StaticString, _ gradient: Gradient, to out: inout SVGBuffer, state: inout State) {
        state.gradients += 1
        let id = "g\(state.gradients)"
        state.defs.write(string: SVGMarkup.gradient(gradient, id: id))
        out.write(" ")
        out.write(attribute)
        out.write("=\"url(#")
        out.write(string: id)
        out.write(")\"")
    }
}
