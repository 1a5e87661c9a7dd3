import Flipbook

/// One standalone SVG document per frame, from a render tree.
///
/// ## Output
/// Deterministic (the same tree gives the same bytes), compact (attributes equal to SVG's defaults or
/// inherited from the root are left out; numbers by `SVGNumber`), and drawn the same by browsers and
/// librsvg: only SVG 1.1 features (paths, text, gradients in user space, clip paths, group opacity).
///
/// - Layer transforms become `transform="matrix(…)"` (or `translate(…)`) on a `<g>`; group opacity
///   and masksToBounds (`clip-path`) go on the same `<g>`; a `<g>` that would carry nothing is left out.
/// - The root sets `stroke-miterlimit="10"` (Core Animation's default, not SVG's 4) once.
/// - A stroke trimmed by strokeStart/strokeEnd is written as the trimmed path; the fill keeps the
///   whole path (two elements only then).
/// - Text is `<text>` with `text-anchor` from the alignment.
public struct SVGFrameWriter {
    /// Canvas size, pixels.
    public var canvas: Size
    /// Canvas background; clear for none.
    public var background: Color

    public init(canvas: Size, background: Color = .clear) {
        self.canvas = canvas
        self.background = background
    }

    /// The SVG document for a render tree.
    public func document(for root: RenderNode?) -> String {
        var state = State()
        var body = ""
        if let root { write(root, into: &body, state: &state) }
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""
        SVGNumber.append(canvas.width, to: &out)
        out += "\" height=\""
        SVGNumber.append(canvas.height, to: &out)
        out += "\" viewBox=\"0 0 "
        SVGNumber.append(canvas.width, to: &out)
        out += " "
        SVGNumber.append(canvas.height, to: &out)
        out += "\" stroke-miterlimit=\"10\">\n"
        if !state.defs.isEmpty { out += "<defs>\n" + state.defs + "</defs>\n" }
        if background.alpha > 0 {
            out += "<rect width=\"100%\" height=\"100%\""
            appendPaint("fill", background, to: &out)
            out += "/>\n"
        }
        out += body
        out += "</svg>\n"
        return out
    }

    /// Counters for the ids of gradients and clip paths, and the definitions written so far.
    struct State {
        var defs = ""
        var gradients = 0
        var clips = 0
    }

    private func write(_ node: RenderNode, into out: inout String, state: inout State) {
        guard node.opacity > 0 else { return }
        var open = ""
        let m = node.transform
        if !m.isIdentity {
            if m.a == 1 && m.b == 0 && m.c == 0 && m.d == 1 {
                open += " transform=\"translate("
                SVGNumber.append(m.tx, to: &open); open += " "; SVGNumber.append(m.ty, to: &open)
                open += ")\""
            } else {
                open += " transform=\"matrix("
                for (i, v) in [m.a, m.b, m.c, m.d, m.tx, m.ty].enumerated() {
                    if i > 0 { open += " " }
                    SVGNumber.append(v, decimals: i < 4 ? 6 : 3, to: &open)
                }
                open += ")\""
            }
        }
        if node.opacity < 1 {
            open += " opacity=\""
            SVGNumber.append(node.opacity, to: &open)
            open += "\""
        }
        if let clip = node.clip {
            state.clips += 1
            let id = "c\(state.clips)"
            state.defs += "<clipPath id=\"\(id)\"><rect x=\""
            SVGNumber.append(clip.minX, to: &state.defs); state.defs += "\" y=\""
            SVGNumber.append(clip.minY, to: &state.defs); state.defs += "\" width=\""
            SVGNumber.append(clip.width, to: &state.defs); state.defs += "\" height=\""
            SVGNumber.append(clip.height, to: &state.defs); state.defs += "\"/></clipPath>\n"
            open += " clip-path=\"url(#\(id))\""
        }
        var content = ""
        for item in node.items { write(item, into: &content, state: &state) }
        for child in node.children { write(child, into: &content, state: &state) }
        guard !content.isEmpty else { return }
        if open.isEmpty {
            out += content
        } else {
            out += "<g" + open + ">\n" + content + "</g>\n"
        }
    }

    private func write(_ item: DrawItem, into out: inout String, state: inout State) {
        switch item {
        case .shape(let shape):
            let trimmed = shape.strokeStart > 0 || shape.strokeEnd < 1
            let stroke = shape.hasStroke
            if shape.hasFill && (!stroke || trimmed) {
                writePath(shape.path, shape, fill: true, stroke: false, into: &out, state: &state)
            }
            if stroke {
                writePath(trimmed ? shape.strokedPath : shape.path, shape, fill: shape.hasFill && !trimmed, stroke: true,
                          into: &out, state: &state)
            }
        case .text(let text):
            out += "<text x=\""
            SVGNumber.append(text.origin.x, to: &out)
            out += "\" y=\""
            SVGNumber.append(text.origin.y, to: &out)
            out += "\" font-family=\"\(escape(text.fontFamily))\" font-size=\""
            SVGNumber.append(text.fontSize, to: &out)
            out += "\""
            if text.fontWeight != 400 {
                out += " font-weight=\""
                SVGNumber.append(text.fontWeight, decimals: 0, to: &out)
                out += "\""
            }
            switch text.alignment {
            case .left: break
            case .center: out += " text-anchor=\"middle\""
            case .right: out += " text-anchor=\"end\""
            }
            if text.color != .black { appendPaint("fill", text.color, to: &out) }
            out += ">" + escape(text.string) + "</text>\n"
        }
    }

    private func writePath(_ path: Path, _ shape: ShapeDrawing, fill: Bool, stroke: Bool, into out: inout String, state: inout State) {
        out += "<path d=\""
        SVGPathData.append(path, to: &out)
        out += "\""
        if fill {
            if !shape.fillGradient.stops.isEmpty {
                out += " fill=\"url(#\(gradient(shape.fillGradient, state: &state)))\""
            } else if shape.fill != .black {
                appendPaint("fill", shape.fill, to: &out)
            }
            if shape.fillRule == .evenOdd { out += " fill-rule=\"evenodd\"" }
        } else {
            out += " fill=\"none\""
        }
        if stroke {
            appendPaint("stroke", shape.stroke, to: &out)
            if shape.lineWidth != 1 {
                out += " stroke-width=\""
                SVGNumber.append(shape.lineWidth, to: &out)
                out += "\""
            }
            if shape.lineCap != .butt { out += " stroke-linecap=\"\(shape.lineCap.rawValue)\"" }
            if shape.lineJoin != .miter { out += " stroke-linejoin=\"\(shape.lineJoin.rawValue)\"" }
            if shape.lineJoin == .miter && shape.miterLimit != 10 {
                out += " stroke-miterlimit=\""
                SVGNumber.append(max(shape.miterLimit, 1), to: &out)
                out += "\""
            }
            let dashes = shape.dashPattern.lengths
            if !dashes.isEmpty && dashes.contains(where: { $0 > 0 }) && dashes.allSatisfy({ $0 >= 0 }) {
                out += " stroke-dasharray=\""
                for (i, d) in dashes.enumerated() {
                    if i > 0 { out += " " }
                    SVGNumber.append(d, to: &out)
                }
                out += "\""
                if shape.dashPhase != 0 {
                    out += " stroke-dashoffset=\""
                    SVGNumber.append(shape.dashPhase, to: &out)
                    out += "\""
                }
            }
        }
        out += "/>\n"
    }

    /// Writes a gradient definition and returns its id.
    private func gradient(_ g: Gradient, state: inout State) -> String {
        state.gradients += 1
        let id = "g\(state.gradients)"
        state.defs += SVGMarkup.gradient(g, id: id)
        return id
    }

    /// ` fill="#rrggbb"` (or stroke), plus `-opacity` when not opaque.
    private func appendPaint(_ attribute: String, _ color: Color, to out: inout String) {
        out += " \(attribute)=\"\(rgbHex(color))\""
        if color.alpha < 1 {
            out += " \(attribute)-opacity=\""
            SVGNumber.append(max(color.alpha, 0), to: &out)
            out += "\""
        }
    }

    func rgbHex(_ c: Color) -> String { SVGMarkup.hex(c) }

    private func escape(_ text: String) -> String { SVGMarkup.escape(text) }
}

extension Scene {
    /// Frame `index` as an SVG document.
    public func svgFrame(_ index: Int) -> String {
        svgFrame(at: frameTime(index))
    }

    /// The scene at `time` seconds as an SVG document.
    public func svgFrame(at time: Double) -> String {
        SVGFrameWriter(canvas: canvas, background: background).document(for: presentation(at: time).renderNode())
    }
}
