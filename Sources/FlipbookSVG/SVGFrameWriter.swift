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
/// - Text is `<text>` with `text-anchor` from the alignment, naming the face `text.fonts` lays it out with
///   first; with `text.asPaths`, a path of its glyph outlines.
/// - A whole circle (one arc of one full turn) is a `<circle>`, unless its stroke is dashed.
public struct SVGFrameWriter {
    /// Canvas size, pixels.
    public var canvas: Size
    /// Canvas background; clear for none.
    public var background: Color
    /// How text is written: the face named first, or glyph outlines. Default: each text's own family
    /// list.
    public var text: SVGTextOptions

    public init(canvas: Size, background: Color = .clear, text: SVGTextOptions = SVGTextOptions()) {
        self.canvas = canvas
        self.background = background
        self.text = text
    }

    /// The SVG document for a render tree.
    public func document(for root: RenderNode?) -> String {
        documentBytes(for: root).string
    }

    /// The SVG document for a render tree, as UTF-8 bytes (what files and benchmarks take).
    public func documentBytes(for root: RenderNode?) -> SVGBuffer {
        var state = State()
        var out = SVGBuffer(capacity: 2048)
        writeHead(into: &out)
        let headCount = out.count
        writeBackdrop(into: &out)
        if let root { write(root, into: &out, state: &state) }
        finishDocument(&out, headCount: headCount, state: state)
        return out
    }

    /// Ends a document written in one buffer: the root element's opening tag (its first `headCount`
    /// bytes), the background, then the body. The definitions the body used (gradients, clip paths;
    /// most frames have none) go after the opening tag, in a new buffer.
    func finishDocument(_ out: inout SVGBuffer, headCount: Int, state: State) {
        out.write("</svg>\n")
        guard state.defs.count > 0 else { return }
        var whole = SVGBuffer(capacity: out.count + state.defs.count + 32)
        out.withUnsafeBytes { bytes in
            whole.write(ascii: UnsafeBufferPointer(rebasing: bytes[..<headCount]))
            writeDefinitions(state, into: &whole)
            whole.write(ascii: UnsafeBufferPointer(rebasing: bytes[headCount...]))
        }
        out = whole
    }

    /// The root element's opening tag: the canvas's size and view box, Core Animation's miter limit.
    func writeHead(into out: inout SVGBuffer) {
        out.write("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        SVGNumber.append(canvas.width, to: &out)
        out.write("\" height=\"")
        SVGNumber.append(canvas.height, to: &out)
        out.write("\" viewBox=\"0 0 ")
        SVGNumber.append(canvas.width, to: &out)
        out.write(" ")
        SVGNumber.append(canvas.height, to: &out)
        out.write("\" stroke-miterlimit=\"10\">\n")
    }

    /// The definitions the body used, if any.
    private func writeDefinitions(_ state: State, into out: inout SVGBuffer) {
        guard state.defs.count > 0 else { return }
        out.write("<defs>\n")
        out.write(state.defs)
        out.write("</defs>\n")
    }

    /// The background: a rectangle over the whole canvas, or nothing when it is clear.
    func writeBackdrop(into out: inout SVGBuffer) {
        guard background.alpha > 0 else { return }
        out.write("<rect width=\"100%\" height=\"100%\"")
        appendPaint("fill", background, to: &out)
        out.write("/>\n")
    }

    /// Counters for the ids of gradients and clip paths, and the definitions written so far.
    struct State {
        var defs = SVGBuffer()
        var gradients = 0
        var clips = 0
    }

    func write(_ node: RenderNode, into out: inout SVGBuffer, state: inout State) {
        writeGroup(node, into: &out, state: &state) { out, state in
            for child in node.children { write(child, into: &out, state: &state) }
        }
    }

    /// A node's group (transform, opacity, clip), its items, then what `children` writes; a group
    /// that ends up with no content is taken back, with its clip path.
    func writeGroup(_ node: RenderNode, into out: inout SVGBuffer, state: inout State,
                    children: (inout SVGBuffer, inout State) -> Void) {
        guard let opening = openGroup(node, into: &out, state: &state) else { return }
        children(&out, &state)
        closeGroup(opening, into: &out, state: &state)
    }

    /// Where a group's text starts and what it wrote so far (`openGroup`), for `closeGroup`.
    struct GroupOpening {
        /// Where the group's text starts in the output.
        var mark: Int
        /// Whether a `<g>` element was opened.
        var grouped: Bool
        /// How many bytes the opening tag took (0 without a `<g>`): the content starts after them.
        var tagCount: Int
        /// Whether the group clips (and so numbered a clip path).
        var clips: Bool
        /// The clip-path counter and the definitions' length before the group.
        var clipsBefore: Int, defsBefore: Int
    }

    /// Writes a node's opening `<g>` (transform, opacity, clip; none when it would carry nothing) and
    /// its items; nil, writing nothing, when the node is fully transparent.
    func openGroup(_ node: RenderNode, into out: inout SVGBuffer, state: inout State) -> GroupOpening? {
        guard node.opacity > 0 else { return nil }
        // The group is written first and taken back if it ends up with no content.
        let mark = out.count
        var grouped = false
        func open() {
            if !grouped { out.write("<g"); grouped = true }
        }
        let m = node.transform
        if !m.isIdentity {
            open()
            if m.a == 1 && m.b == 0 && m.c == 0 && m.d == 1 {
                out.write(" transform=\"translate(")
                SVGNumber.append(m.tx, to: &out); out.write(" "); SVGNumber.append(m.ty, to: &out)
                out.write(")\"")
            } else {
                out.write(" transform=\"matrix(")
                SVGNumber.append(m.a, decimals: 6, to: &out); out.write(" ")
                SVGNumber.append(m.b, decimals: 6, to: &out); out.write(" ")
                SVGNumber.append(m.c, decimals: 6, to: &out); out.write(" ")
                SVGNumber.append(m.d, decimals: 6, to: &out); out.write(" ")
                SVGNumber.append(m.tx, to: &out); out.write(" ")
                SVGNumber.append(m.ty, to: &out)
                out.write(")\"")
            }
        }
        if node.opacity < 1 {
            open()
            out.write(" opacity=\"")
            SVGNumber.append(node.opacity, to: &out)
            out.write("\"")
        }
        let clipsBefore = state.clips, defsBefore = state.defs.count
        if let clip = node.clip {
            open()
            state.clips += 1
            state.defs.write("<clipPath id=\"c")
            SVGNumber.append(Double(state.clips), decimals: 0, to: &state.defs)
            if node.clipCornerRadius > 0, !node.clipCorners.isPlain, let outline = node.clipOutline {
                // Corners a rect cannot draw (some square, or continuous): the outline as a path.
                state.defs.write("\"><path d=\"")
                state.defs.write(string: SVGPathData.string(outline))
            } else {
                state.defs.write("\"><rect x=\"")
                SVGNumber.append(clip.minX, to: &state.defs); state.defs.write("\" y=\"")
                SVGNumber.append(clip.minY, to: &state.defs); state.defs.write("\" width=\"")
                SVGNumber.append(clip.width, to: &state.defs); state.defs.write("\" height=\"")
                SVGNumber.append(clip.height, to: &state.defs)
                if node.clipCornerRadius > 0 {
                    // ry is rx (SVG 2's auto); the radius is at most half of each side, so neither clamps it.
                    state.defs.write("\" rx=\"")
                    SVGNumber.append(node.clipCornerRadius, to: &state.defs)
                }
            }
            state.defs.write("\"/></clipPath>\n")
            out.write(" clip-path=\"url(#c")
            SVGNumber.append(Double(state.clips), decimals: 0, to: &out)
            out.write(")\"")
        }
        if let maskNode = node.mask {
            // The mask's alpha (`mask-type="alpha"`, which librsvg 2.54 and browsers read) or its
            // luminance (SVG's default) over a region that holds everything, its content in this
            // group's space; inverted, that mask inside the luminance mask that turns it around
            // (`SVGInvertedMask`).
            let clipsAtMask = state.clips, defsAtMask = state.defs.count
            state.clips += 1
            var id = state.clips
            var content = SVGBuffer()
            write(maskNode, into: &content, state: &state)
            if content.count == 0 {
                if !node.maskMode.isInverted {
                    // A mask that draws nothing masks everything out.
                    out.truncate(to: mark)
                    state.clips = clipsBefore
                    state.defs.truncate(to: defsBefore)
                    return nil
                }
                // An inverted one takes nothing away.
                state.clips = clipsAtMask
                state.defs.truncate(to: defsAtMask)
            } else {
                open()
                Self.openMask(id, alpha: !node.maskMode.readsLuminance, into: &state.defs)
                state.defs.write(content)
                state.defs.write("</mask>\n")
                if node.maskMode.isInverted {
                    state.clips += 1
                    SVGInvertedMask.write(id: state.clips, inverting: id, into: &state.defs)
                    id = state.clips
                }
                out.write(" mask=\"url(#c")
                SVGNumber.append(Double(id), decimals: 0, to: &out)
                out.write(")\"")
            }
        }
        var shadowPath: (Shadow, Path)?
        if let shadow = node.shadow {
            open()
            state.clips += 1
            if let path = shadow.path {
                shadowPath = (shadow, path)
                SVGShadow.writeBlur(shadow, of: path, id: state.clips, into: &state.defs)
            } else {
                SVGShadow.writeFilter(shadow, id: state.clips, into: &state.defs)
                out.write(" filter=\"url(#c")
                SVGNumber.append(Double(state.clips), decimals: 0, to: &out)
                out.write(")\"")
            }
        }
        if grouped { out.write(">\n") }
        if let (shadow, path) = shadowPath { SVGShadow.writePath(shadow, path, id: state.clips, into: &out) }
        let opening = GroupOpening(mark: mark, grouped: grouped, tagCount: out.count - mark, clips: node.clip != nil || node.shadow != nil || node.mask != nil,
                                   clipsBefore: clipsBefore, defsBefore: defsBefore)
        for item in node.items { write(item, into: &out, state: &state) }
        return opening
    }

    /// Ends a group opened by `openGroup` after its children were written: closes the `<g>`, or takes
    /// the group back (with its clip path) when nothing was drawn in it.
    func closeGroup(_ opening: GroupOpening, into out: inout SVGBuffer, state: inout State) {
        if out.count == opening.mark + opening.tagCount {
            // Nothing drawn: no group, and no clip path for it.
            out.truncate(to: opening.mark)
            if state.clips > opening.clipsBefore, opening.clips, state.defs.count > opening.defsBefore {
                state.clips = opening.clipsBefore
                state.defs.truncate(to: opening.defsBefore)
            }
            return
        }
        if opening.grouped { out.write("</g>\n") }
    }

    private func write(_ item: DrawItem, into out: inout SVGBuffer, state: inout State) {
        switch item {
        case .shape(let shape):
            let trimmed = shape.strokeStart > 0 || shape.strokeEnd < 1
            let stroke = shape.hasStroke
            if shape.fillGradient.kind == .conic || shape.strokeGradient.kind == .conic {
                // A conic paint is a mask over wedges (`SVGConic.swift`): fill and stroke apart.
                if shape.hasFill { writePaint(shape.path, shape, fill: true, into: &out, state: &state) }
                if stroke { writePaint(trimmed ? shape.strokedPath : shape.path, shape, fill: false, into: &out, state: &state) }
                return
            }
            if shape.hasFill && (!stroke || trimmed) {
                writePath(shape.path, shape, fill: true, stroke: false, into: &out, state: &state)
            }
            if stroke {
                writePath(trimmed ? shape.strokedPath : shape.path, shape, fill: shape.hasFill && !trimmed, stroke: true,
                          into: &out, state: &state)
            }
        case .text(let text):
            if let outlined = self.text.outlined(text) {
                write(.shape(outlined), into: &out, state: &state)
                return
            }
            out.write("<text x=\"")
            SVGNumber.append(text.origin.x, to: &out)
            out.write("\" y=\"")
            SVGNumber.append(text.origin.y, to: &out)
            out.write("\" font-family=\"")
            out.write(string: SVGMarkup.escape(self.text.familyList(text)))
            out.write("\" font-size=\"")
            SVGNumber.append(text.fontSize, to: &out)
            out.write("\"")
            if text.fontWeight != 400 {
                out.write(" font-weight=\"")
                SVGNumber.append(text.fontWeight, decimals: 0, to: &out)
                out.write("\"")
            }
            switch text.alignment {
            case .left: break
            case .center: out.write(" text-anchor=\"middle\"")
            case .right: out.write(" text-anchor=\"end\"")
            }
            if SVGMarkup.needsPreservedSpace(text.string) { out.write(" xml:space=\"preserve\"") }
            if text.color != .black { appendPaint("fill", text.color, to: &out) }
            out.write(">")
            out.write(string: SVGMarkup.escape(text.string))
            out.write("</text>\n")
        }
    }

    func writePath(_ path: Path, _ shape: ShapeDrawing, fill: Bool, stroke: Bool, into out: inout SVGBuffer, state: inout State) {
        if let (circle, closed) = Self.circle(path), !stroke || (shape.dashPattern.lengths.isEmpty && (closed || shape.lineCap == .butt)) {
            out.write("<circle cx=\"")
            SVGNumber.append(circle.center.x, to: &out)
            out.write("\" cy=\"")
            SVGNumber.append(circle.center.y, to: &out)
            out.write("\" r=\"")
            SVGNumber.append(circle.radius, to: &out)
            out.write("\"")
        } else {
            out.write("<path d=\"")
            SVGPathData.append(path, to: &out)
            out.write("\"")
        }
        if fill {
            if !shape.fillGradient.stops.isEmpty {
                appendGradient("fill", shape.fillGradient, to: &out, state: &state)
            } else if shape.fill != .black {
                appendPaint("fill", shape.fill, to: &out)
            }
            if shape.fillRule == .evenOdd { out.write(" fill-rule=\"evenodd\"") }
        } else {
            out.write(" fill=\"none\"")
        }
        if stroke {
            if !shape.strokeGradient.stops.isEmpty {
                appendGradient("stroke", shape.strokeGradient, to: &out, state: &state)
            } else {
                appendPaint("stroke", shape.stroke, to: &out)
            }
            if shape.lineWidth != 1 {
                out.write(" stroke-width=\"")
                SVGNumber.append(shape.lineWidth, to: &out)
                out.write("\"")
            }
            switch shape.lineCap {
            case .butt: break
            case .round: out.write(" stroke-linecap=\"round\"")
            case .square: out.write(" stroke-linecap=\"square\"")
            }
            switch shape.lineJoin {
            case .miter:
                if shape.miterLimit != 10 {
                    out.write(" stroke-miterlimit=\"")
                    SVGNumber.append(max(shape.miterLimit, 1), to: &out)
                    out.write("\"")
                }
            case .round: out.write(" stroke-linejoin=\"round\"")
            case .bevel: out.write(" stroke-linejoin=\"bevel\"")
            }
            let dashes = shape.dashPattern.lengths
            if !dashes.isEmpty {   // normalised in the render tree (DashPattern.normalized)
                out.write(" stroke-dasharray=\"")
                for (i, d) in dashes.enumerated() {
                    if i > 0 { out.write(" ") }
                    SVGNumber.append(d, to: &out)
                }
                out.write("\"")
                if shape.dashPhase != 0 {
                    out.write(" stroke-dashoffset=\"")
                    SVGNumber.append(shape.dashPhase, to: &out)
                    out.write("\"")
                }
            }
        }
        out.write("/>\n")
    }
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
