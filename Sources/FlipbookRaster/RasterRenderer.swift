import Flipbook
import Foundation

/// Draws render trees into raster images, in pure Swift: no SVG rasterizer needed.
///
/// Paths are flattened within 0.1 device pixel (curves by Wang's formula, arcs by chord count),
/// filled by exact signed-area coverage (`CoverageRasterizer`) with the non-zero or even-odd rule;
/// strokes are offset into polygons (`Stroker`) in the layer's own space, then transformed, so a
/// non-uniform scale shapes them correctly. Group opacity and masksToBounds render the group into a
/// surface of its own, composited with the opacity and the clip's coverage. Colours are composited
/// source-over in premultiplied sRGB (as browsers and librsvg do); gradients are evaluated per pixel
/// (pad spread). Text is drawn from a TrueType font's glyph outlines.
public struct RasterRenderer {
    public enum RenderError: Error, CustomStringConvertible {
        case noFont
        public var description: String {
            "the scene has text but no font was found; install fonts-dejavu-core or give one with --font FILE.ttf"
        }
    }

    public let canvas: Size
    public let background: Color
    /// Device pixels per scene pixel; default 1.
    public let scale: Double
    public let fonts: FontSet?
    /// The image size in pixels: the canvas times the scale, rounded up.
    public var width: Int { max(1, Int(saturating: (canvas.width * scale).rounded(.up))) }
    public var height: Int { max(1, Int(saturating: (canvas.height * scale).rounded(.up))) }
    /// Flattening tolerance, device pixels.
    let tolerance = 0.1

    public init(canvas: Size, background: Color = .clear, scale: Double = 1, fonts: FontSet? = nil) {
        self.canvas = canvas
        self.background = background
        self.scale = scale
        self.fonts = fonts
    }

    /// The image of a render tree.
    /// - Throws: `RenderError.noFont` when the tree draws text and there is no font.
    public func render(_ root: RenderNode?) throws(RenderError) -> RasterImage {
        var surface = Surface(width: width, height: height)
        var coverage = CoverageRasterizer(width: width, height: height)
        if background.alpha > 0 {
            let a = Float(min(max(background.alpha, 0), 1))
            let pixel = [Float(background.red) * a, Float(background.green) * a, Float(background.blue) * a, a]
            for i in 0..<(width * height) { for c in 0..<4 { surface.data[i * 4 + c] = pixel[c] } }
        }
        if let root {
            try draw(root, transform: .scale(scale, scale), into: &surface, coverage: &coverage)
        }
        return surface.image
    }

    private func draw(_ node: RenderNode, transform parent: Transform2D, into surface: inout Surface,
                      coverage: inout CoverageRasterizer) throws(RenderError) {
        guard node.opacity > 0 else { return }
        let m = node.transform.concatenating(parent)
        let isolated = node.opacity < 1 || node.clip != nil
        guard isolated else {
            for item in node.items { try draw(item, transform: m, into: &surface, coverage: &coverage) }
            for child in node.children { try draw(child, transform: m, into: &surface, coverage: &coverage) }
            return
        }
        var target = Surface(width: width, height: height)
        for item in node.items { try draw(item, transform: m, into: &target, coverage: &coverage) }
        for child in node.children { try draw(child, transform: m, into: &target, coverage: &coverage) }
        do {
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
    }

    private func draw(_ item: DrawItem, transform m: Transform2D, into surface: inout Surface,
                      coverage: inout CoverageRasterizer) throws(RenderError) {
        switch item {
        case .shape(let shape):
            if shape.hasFill {
                let polygons = shape.path.applying(m).flattened(tolerance: tolerance).map(\.points)
                coverage.add(polygons: polygons)
                paint(shape.fill, gradient: shape.fillGradient, transform: m, evenOdd: shape.fillRule == .evenOdd,
                      into: &surface, coverage: &coverage)
            }
            if shape.hasStroke {
                // Stroke in the layer's own space; flatten finely enough for the device.
                let unit = max((m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot(), 1e-9)
                var lines = shape.strokedPath.flattened(tolerance: tolerance / unit)
                if !shape.dashPattern.lengths.isEmpty {
                    lines = Stroker.dashed(lines, pattern: shape.dashPattern.lengths, phase: shape.dashPhase)
                }
                let style = Stroker.Style(width: shape.lineWidth, cap: shape.lineCap, join: shape.lineJoin,
                                          miterLimit: shape.miterLimit, tolerance: tolerance / unit)
                let polygons = Stroker.stroke(lines, style: style).map { $0.map(m.apply) }
                coverage.add(polygons: polygons)
                paint(shape.stroke, gradient: .none, transform: m, evenOdd: false, into: &surface, coverage: &coverage)
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
            paint(text.color, gradient: .none, transform: m, evenOdd: false, into: &surface, coverage: &coverage)
        }
    }

    private func paint(_ color: Color, gradient: Gradient, transform m: Transform2D, evenOdd: Bool,
                       into surface: inout Surface, coverage: inout CoverageRasterizer) {
        if gradient.stops.isEmpty {
            let a = Float(min(max(color.alpha, 0), 1))
            let r = Float(min(max(color.red, 0), 1)) * a, g = Float(min(max(color.green, 0), 1)) * a, b = Float(min(max(color.blue, 0), 1)) * a
            coverage.sweepSolid(evenOdd: evenOdd, into: &surface, r, g, b, a)
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
            let alpha = Float(min(max(color.alpha, 0), 1))
            surface.blend(x, y, Float(color.red) * alpha, Float(color.green) * alpha, Float(color.blue) * alpha, alpha, coverage: c)
        }
    }
}
