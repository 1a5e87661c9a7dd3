import Flipbook
import FlipbookSVG

/// What flipbook-fuzz needs of a render tree to compare its SVG frame with its raster frame through
/// librsvg (Tools/fuzz-pairs): its text apart, and where librsvg itself draws otherwise than the SVG says.
extension RenderNode {
    var hasText: Bool {
        items.contains { if case .text = $0 { true } else { false } } || children.contains { $0.hasText }
    }

    /// Where librsvg, the oracle, is known to draw differently from what the SVG says, as reached by
    /// this tree drawn at `scale`:
    /// - "cairo-range": a point, or a stroke's half width, beyond ±2²³ device pixels (cairo holds
    ///   coordinates in 24.8 fixed point); or a number the SVG file holds beyond ±2²³, a point in its
    ///   layer's coordinates or a layer's translation, even where they cancel to a point on the canvas
    ///   (librsvg drew a square 20 px down at 25 px when the square and its group's translation were
    ///   offset by 4.6e8: seed 9011's mutant 3707 moved a bar so);
    /// - "wide-stroke": a stroke wider than both sides of its path's control-point box (librsvg's
    ///   stroker leaves hollow the part of the path's inside that the stroke covers from both sides);
    /// - "huge-text": text over 10,000 device pixels tall (FreeType fails to make such fonts, then
    ///   librsvg panics);
    /// - "wide-blur": a shadow whose σ is over 10 device pixels (librsvg 2.54 blurs with three box
    ///   passes and loses what spreads past the canvas's edges: a rectangle's blurred alpha on a
    ///   256 × 192 canvas, against the normal distribution's closed form, is off by a mean of 1.0 of
    ///   255 at σ 20, 2.8 at 40 and 13.9 at 140, where the raster frames stay within 1.5; seed
    ///   20261122's mutant 737, a card's shadow of σ 112 device pixels).
    func oracleLimits(scale: Double) -> Set<String> {
        var found: Set<String> = []
        visit(.scale(scale, scale), &found)
        return found
    }

    private func visit(_ parent: Transform2D, _ found: inout Set<String>) {
        let toDevice = transform.concatenating(parent)
        let limit = Double(1 << 23)
        func check(_ p: Point) {
            let d = toDevice.apply(p)
            if !(abs(d.x) < limit && abs(d.y) < limit && abs(p.x) < limit && abs(p.y) < limit) { found.insert("cairo-range") }
        }
        if !(abs(transform.tx) < limit && abs(transform.ty) < limit) { found.insert("cairo-range") }
        let deviceScale = max(abs(toDevice.a) + abs(toDevice.c), abs(toDevice.b) + abs(toDevice.d))
        if let clip { check(Point(clip.minX, clip.minY)); check(Point(clip.maxX, clip.maxY)) }
        if let shadow, !(shadow.radius * deviceScale <= 10) { found.insert("wide-blur") }
        for case .text(let text) in items where !(text.fontSize * deviceScale <= 10_000) {
            found.insert("huge-text")
        }
        for case .shape(let shape) in items {
            shape.path.forEachControlPoint(check)
            // A conic gradient is written as wedges from its centre reaching √2 times past the
            // farthest corner of the shape's box (`ConicWedges`): their corners reach cairo too (seed
            // 20261204's mutant 256, a centre 4.5e13 px below an arc, drew the arc in one colour).
            for (gradient, stroke) in [(shape.fillGradient, false), (shape.strokeGradient, true)] where gradient.kind == .conic && !gradient.stops.isEmpty {
                guard let path = shape.path.controlBox else { continue }
                let box = stroke ? ConicWedges.strokeBox(path, lineWidth: shape.lineWidth, miterLimit: shape.miterLimit) : path
                let c = gradient.start, reach = ConicWedges.reach(from: c, covering: box)
                for p in [Point(c.x - reach, c.y - reach), Point(c.x + reach, c.y + reach), Point(c.x - reach, c.y + reach), Point(c.x + reach, c.y - reach)] {
                    check(p)
                }
            }
            guard shape.hasStroke else { continue }
            if !(shape.lineWidth * deviceScale / 2 < limit) { found.insert("cairo-range") }
            if let box = shape.path.controlBox, shape.lineWidth > box.width, shape.lineWidth > box.height { found.insert("wide-stroke") }
        }
        for child in children { child.visit(toDevice, &found) }
        // A mask's content reaches cairo too (seed 20261123's mutant 1047: a mask sublayer 4e13 px wide).
        mask?.visit(toDevice, &found)
    }

    /// How densely the tree's shapes cover `canvas` (device pixels) with edges: the perimeters of
    /// their device boxes (each cut to the canvas) summed, over the canvas's area. Where it is over 1,
    /// edges touch about every pixel, and two renderers that each anti-alias every shape on its own
    /// (conflation) differ by a little at every seam: a pie of 1,000 slices with 0.5 px strokes gave a
    /// mean difference of 2.6 at 256 px, 1.07 at 512 and 0.39 at 1,024, the largest always 25 of 255.
    func edgeDensity(scale: Double, canvas: Size) -> Double {
        var sum = 0.0
        func visit(_ node: RenderNode, _ parent: Transform2D) {
            let m = node.transform.concatenating(parent)
            for case .shape(let shape) in node.items {
                guard let box = shape.path.controlBox else { continue }
                let corners = [Point(box.minX, box.minY), Point(box.maxX, box.minY), Point(box.maxX, box.maxY), Point(box.minX, box.maxY)].map(m.apply)
                guard let device = Rect.bounding(corners) else { continue }
                let w = min(device.maxX, canvas.width) - max(device.minX, 0), h = min(device.maxY, canvas.height) - max(device.minY, 0)
                if w.isFinite, h.isFinite, w >= 0, h >= 0 { sum += 2 * (w + h) }
            }
            for child in node.children { visit(child, m) }
        }
        visit(self, .scale(scale, scale))
        return sum / max(canvas.width * canvas.height, 1)
    }

    /// The same tree with its text only (no shapes, no clips: what glyphs cover).
    func onlyText() -> RenderNode {
        var copy = self
        copy.items.removeAll { if case .shape = $0 { true } else { false } }
        copy.clip = nil
        copy.opacity = 1
        copy.children = children.map { $0.onlyText() }
        return copy
    }

    /// The largest font size of the tree's text in device pixels, drawn at `scale`.
    func largestFontSize(scale: Double) -> Double {
        var largest = 0.0
        func visit(_ node: RenderNode, _ parent: Transform2D) {
            let m = node.transform.concatenating(parent)
            let deviceScale = max(abs(m.a) + abs(m.c), abs(m.b) + abs(m.d))
            for case .text(let text) in node.items where (text.fontSize * deviceScale).isFinite {
                largest = max(largest, text.fontSize * deviceScale)
            }
            for child in node.children { visit(child, m) }
        }
        visit(self, .scale(scale, scale))
        return min(largest, 10_000)
    }

    /// The same tree without its text.
    func removingText() -> RenderNode {
        var copy = self
        copy.items.removeAll { if case .text = $0 { true } else { false } }
        copy.children = children.map { $0.removingText() }
        return copy
    }
}
