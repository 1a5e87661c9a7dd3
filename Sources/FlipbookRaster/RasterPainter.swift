import Flipbook
import Foundation

/// The drawing half of `RasterRenderer`: walks a render tree and composites its items, keeping the
/// coverage cells and the surfaces of isolated groups from one frame to the next.
struct RasterPainter {
    let width: Int
    let height: Int
    let fonts: FontSet?
    /// Flattening tolerance, device pixels.
    let tolerance = 0.1
    private var coverage: CoverageRasterizer
    /// Spare surfaces for groups drawn in isolation (opacity < 1 or a clip), one per nesting level in use.
    private var spare: [Surface] = []

    init(width: Int, height: Int, fonts: FontSet?) {
        self.width = width
        self.height = height
        self.fonts = fonts
        coverage = CoverageRasterizer(width: width, height: height)
    }

    mutating func draw(_ node: RenderNode, transform parent: Transform2D, into surface: inout Surface) throws(RasterRenderer.RenderError) {
        guard node.opacity > 0 else { return }
        let m = node.transform.concatenating(parent)
        let isolated = node.opacity < 1 || node.clip != nil
        guard isolated else {
            for item in node.items { try draw(item, transform: m, into: &surface) }
            for child in node.children { try draw(child, transform: m, into: &surface) }
            return
        }
        var target = spare.popLast() ?? Surface(width: width, height: height)
        target.fill(0)
        defer { spare.append(target) }
        for item in node.items { try draw(item, transform: m, into: &target) }
        for child in node.children { try draw(child, transform: m, into: &target) }
        var mask: [Float]?
        if let clip = node.clip {
            var values = [Float](repeating: 0, count: width * height)
            let corners = [Point(clip.minX, clip.minY), Point(clip.maxX, clip.minY), Point(clip.maxX, clip.maxY), Point(clip.minX, clip.maxY)]
            coverage.add(polygons: [corners.map(m.apply)])
            let w = width
            coverage.sweep(evenOdd: false) { x, y, c in values[y * w + x] = c }
            mask = values
        }
        surface.composite(target, opacity: Float(node.opacity), mask: mask)
    }

    private mutating func draw(_ item: DrawItem, transform m: Transform2D, into surface: inout Surface) throws(RasterRenderer.RenderError) {
        switch item {
        case .shape(let shape):
            if shape.hasFill {
                let polygons = shape.path.applying(m).flattened(tolerance: tolerance).map(\.points)
                coverage.add(polygons: polygons)
                paint(shape.fill, gradient: shape.fillGradient, transform: m, evenOdd: shape.fillRule == .evenOdd, into: &surface)
            }
            if shape.hasStroke {
                // Stroke in the layer's own space; flatten finely enough for the device.
                let unit = max((m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot(), 1e-9)
                var lines = shape.strokedPath.flattened(tolerance: tolerance / unit)
                if !shape.dashPattern.lengths.isEmpty {
                    lines = Stroker.dashed(lines, pattern: shape.dashPattern.lengths, phase: shape.dashPhase,
                                           visible: visibleRect(through: m, margin: shape.lineWidth * max(shape.miterLimit, 1) + 1))
                }
                let style = Stroker.Style(width: shape.lineWidth, cap: shape.lineCap, join: shape.lineJoin,
                                          miterLimit: shape.miterLimit, tolerance: tolerance / unit)
                let polygons = Stroker.stroke(lines, style: style).map { $0.map(m.apply) }
                coverage.add(polygons: polygons)
                paint(shape.stroke, gradient: .none, transform: m, evenOdd: false, into: &surface)
            }
        case .text(let text):
            guard let font = fonts?.font(family: text.fontFamily, weight: text.fontWeight) else { throw .noFont }
            let size = text.fontSize / font.unitsPerEm
            var advance = 0.0
            var glyphs: [(Int, Double)] = []
            for scalar in text.string.unicodeScalars {
                let g = font.glyph(for: scalar)
                glyphs.append((g, advance))
                advance += font.advance(g) * size
            }
            let shift = switch text.alignment {
            case .left: 0.0
            case .center: -advance / 2
            case .right: -advance
            }
            var polygons: [[Point]] = []
            for (g, x) in glyphs {
                // Font units, y up → layer space at the baseline, y down.
                let place = Transform2D(a: size, b: 0, c: 0, d: -size, tx: text.origin.x + shift + x, ty: text.origin.y).concatenating(m)
                polygons += font.outline(g).applying(place).flattened(tolerance: tolerance).map(\.points)
            }
            coverage.add(polygons: polygons)
            paint(text.color, gradient: .none, transform: m, evenOdd: false, into: &surface)
        }
    }

    /// The canvas in the coordinates that `m` maps to device pixels, grown by `margin` there; nil
    /// (everything) when `m` cannot be inverted.
    private func visibleRect(through m: Transform2D, margin: Double) -> Rect? {
        guard let inverse = m.inverted else { return nil }
        let corners = [Point(0, 0), Point(Double(width), 0), Point(Double(width), Double(height)), Point(0, Double(height))].map(inverse.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
              [minX, maxX, minY, maxY, margin].allSatisfy(\.isFinite) else { return nil }
        return Rect(x: minX - margin, y: minY - margin, width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin)
    }

    private mutating func paint(_ color: Color, gradient: Gradient, transform m: Transform2D, evenOdd: Bool, into surface: inout Surface) {
        if gradient.stops.isEmpty {
            let pixel = PackedPixel.premultiplied(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
            coverage.sweepSolid(evenOdd: evenOdd, into: &surface, pixel)
            return
        }
        guard let inverse = m.inverted else { coverage.sweep(evenOdd: evenOdd) { _, _, _ in }; return }
        let stops = gradient.stops.sorted { $0.offset < $1.offset }
        coverage.sweep(evenOdd: evenOdd) { x, y, c in
            let p = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
            var t: Double
            switch gradient.kind {
            case .linear:
                let d = gradient.end - gradient.start
                let l2 = d.x * d.x + d.y * d.y
                t = l2 > 0 ? ((p.x - gradient.start.x) * d.x + (p.y - gradient.start.y) * d.y) / l2 : 0
            case .radial:
                let r = gradient.radius
                t = r > 0 ? p.distance(to: gradient.start) / r : 1
            }
            t = min(max(t, 0), 1)
            var color = stops[stops.count - 1].color
            if t <= stops[0].offset {
                color = stops[0].color
            } else {
                for (a, b) in zip(stops, stops.dropFirst()) where t <= b.offset {
                    let span = b.offset - a.offset
                    color = span > 0 ? Color.interpolate(a.color, b.color, (t - a.offset) / span) : b.color
                    break
                }
            }
            surface.blend(x, y, PackedPixel.premultiplied(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha), coverage: c)
        }
    }
}
