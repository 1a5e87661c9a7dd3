import Flipbook
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// Spare coverage masks for clipped groups, kept from one use to the next (at most 8).
    private var spareMasks: [[Float]] = []
    /// Gradients' tables (`GradientTable`; nil: none can be made) by their stops, on which alone a
    /// table depends, kept from frame to frame (a gradient whose ends move keeps its table).
    private var tables: [[Gradient.Stop]: GradientTable?] = [:]

    /// A painter for `width` × `height` pixels whose canvas ends at `right` and `bottom` (device
    /// pixels, inside the last column and row or on the grid's edge): nothing is drawn beyond them.
    init(width: Int, height: Int, right: Double, bottom: Double, fonts: FontSet?) {
        self.width = width
        self.height = height
        self.fonts = fonts
        coverage = CoverageRasterizer(width: width, height: height, right: right, bottom: bottom)
    }

    mutating func draw(_ node: RenderNode, transform parent: Transform2D, into surface: inout Surface) throws(RasterRenderer.RenderError) {
        guard node.opacity > 0 else { return }
        let m = node.transform.concatenating(parent)
        let isolated = node.opacity < 1 || node.clip != nil || node.shadow != nil || node.mask != nil
        // A group whose drawing comes down to one paint (a fill, a stroke or a text's glyphs, each
        // covering a pixel once) needs no surface of its own: its opacity scales that paint.
        if isolated, node.clip == nil, node.shadow == nil, node.mask == nil, let sole = Self.solePaint(node, m) {
            try draw(sole.item, transform: sole.transform, opacity: sole.opacity, into: &surface)
            return
        }
        guard isolated else {
            for item in node.items { try draw(item, transform: m, into: &surface) }
            for child in node.children { try draw(child, transform: m, into: &surface) }
            return
        }
        let content = contentBox(node, m)
        // A square-cornered clip, upright on the device, around everything the group draws (a
        // precomposition's bounds around its art) takes nothing away: the group is drawn in place.
        if node.opacity >= 1, node.shadow == nil, node.mask == nil, let clip = node.clip, node.clipCornerRadius == 0,
           m.b == 0, m.c == 0, let content, Self.box(clip, m).holds(content) {
            for item in node.items { try draw(item, transform: m, into: &surface) }
            for child in node.children { try draw(child, transform: m, into: &surface) }
            return
        }
        // The group's own surface covers only what it can draw: its content's box on the canvas, within
        // its clip and within the surface it is composited onto. Nothing there, nothing to do.
        var crop = surface.rect
        if let clip = node.clip { crop = PixelRect.covering(Self.box(clip, m), within: crop) }
        if let content { crop = PixelRect.covering(node.shadow == nil ? content : shadowedBox(node, m, content), within: crop) }
        // Nothing shows where the mask draws nothing.
        if node.mask != nil { crop = maskedCrop(node, m, crop) }
        guard !crop.isEmpty else { return }
        var target = spare.popLast() ?? Surface(width: 0, height: 0)
        target.reshape(crop)
        defer { spare.append(target) }
        if node.shadow != nil {
            try drawShadowed(node, m, content: content, into: &target)
        } else {
            for item in node.items { try draw(item, transform: m, into: &target) }
            for child in node.children { try draw(child, transform: m, into: &target) }
        }
        // A square-cornered upright clip around the whole crop covers each of its pixels fully: no mask.
        let clipHoldsCrop = node.clip.map { clip in
            node.clipCornerRadius == 0 && m.b == 0 && m.c == 0
                && Self.box(clip, m).holds(Rect(x: Double(crop.x), y: Double(crop.y), width: Double(crop.width), height: Double(crop.height)))
        } ?? true
        var mask = clipHoldsCrop ? nil : node.clip.map { clipMask(node, $0, m, crop: crop) }
        if node.mask != nil { mask = try masked(node, m, crop: crop, by: mask) }
        surface.composite(target, opacity: Float(node.opacity), mask: mask)
        if let mask, spareMasks.count < 8 { spareMasks.append(mask) }
    }

    /// The coverages of `node`'s clip (its rectangle, or its rounded outline) at the pixels of `crop`,
    /// a row of `crop.width` after another, in a buffer kept from one use to the next.
    @inline(never)
    private mutating func clipMask(_ node: RenderNode, _ clip: Rect, _ m: Transform2D, crop: PixelRect) -> [Float] {
        var values = spareMasks.popLast() ?? []
        values.removeAll(keepingCapacity: true)
        values.append(contentsOf: repeatElement(0, count: crop.width * crop.height))
        if node.clipCornerRadius > 0, let outline = node.clipOutline {
            coverage.add(polygons: outline.applying(m).flattened(tolerance: tolerance).map(\.points))
        } else {
            let corners = [Point(clip.minX, clip.minY), Point(clip.maxX, clip.minY), Point(clip.maxX, clip.maxY), Point(clip.minX, clip.maxY)]
            coverage.add(polygons: [corners.map(m.apply)])
        }
        values.withUnsafeMutableBufferPointer { coverage.sweepMask(evenOdd: false, rect: crop, into: $0) }
        return values
    }

    /// The table of `gradient`'s stops, made once (a few gradients a scene; at most 64 kept).
    private mutating func table(for gradient: Gradient) -> GradientTable? {
        if let kept = tables[gradient.stops] { return kept }
        if tables.count >= 64 { tables.removeAll(keepingCapacity: true) }
        let made = GradientTable(gradient)
        tables[gradient.stops] = made
        return made
    }

    /// `crop` within the box of what `node`'s mask draws (its own transform after `m`).
    @inline(never)
    private func maskedCrop(_ node: RenderNode, _ m: Transform2D, _ crop: PixelRect) -> PixelRect {
        // An inverted mask takes away only where it draws: the crop stays.
        guard let mask = node.mask, !node.maskMode.isInverted else { return crop }
        guard mask.opacity > 0 else { return PixelRect(x: crop.x, y: crop.y, width: 0, height: 0) }
        var box = contentBox(mask, mask.transform.concatenating(m))
        if let clip = mask.clip, let b = box { box = Self.clipped(b, to: Self.box(clip, mask.transform.concatenating(m))) ?? Rect(x: 0, y: 0, width: 0, height: 0) }
        guard let box else { return crop }
        return PixelRect.covering(box, within: crop)
    }

    /// The coverages `clip` (nil: all 1) of the pixels of `crop` multiplied by the alpha of `node`'s
    /// mask drawn there (its own transform after `m`, as a child's), or its luminance, or 1 − either
    /// (`MaskMode.kept`).
    @inline(never)
    private mutating func masked(_ node: RenderNode, _ m: Transform2D, crop: PixelRect, by clip: [Float]?) throws(RasterRenderer.RenderError) -> [Float] {
        var values = clip ?? [Float](repeating: 1, count: crop.width * crop.height)
        guard let maskNode = node.mask else { return values }
        var drawn = spare.popLast() ?? Surface(width: 0, height: 0)
        defer { spare.append(drawn) }
        drawn.reshape(crop)
        try draw(maskNode, transform: m, into: &drawn)
        let mode = node.maskMode
        drawn.withPixelValues { pixels in
            values.withUnsafeMutableBufferPointer { values in
                // By alpha (most masks), only the alpha byte is read: `kept` of the same value.
                if !mode.readsLuminance {
                    let inverted = mode.isInverted
                    for i in values.indices {
                        let alpha = Float(pixels[i] >> 24) / 255
                        values[i] *= inverted ? 1 - alpha : alpha
                    }
                    return
                }
                for i in values.indices {
                    let p = pixels[i]
                    values[i] *= mode.kept(red: Float(p & 0xFF) / 255, green: Float(p >> 8 & 0xFF) / 255, blue: Float(p >> 16 & 0xFF) / 255,
                                           alpha: Float(p >> 24) / 255)
                }
            }
        }
        return values
    }

    /// A shadowed node's content and children drawn over its shadow into `target` (cleared, its crop).
    /// What casts the shadow (the content's alpha, or the shadowPath filled) is drawn where it can
    /// reach the crop: the crop moved back by the offset and grown by the blur's reach (the part of the
    /// content off the canvas included). Where the content itself casts, that drawing is composited
    /// over the shadow too, so it covers the crop as well: a clipped layer whose shadow falls far to
    /// one side (an offset beyond the blur's reach) lost the content on its other side.
    @inline(never)
    private mutating func drawShadowed(_ node: RenderNode, _ m: Transform2D, content: Rect?, into target: inout Surface) throws(RasterRenderer.RenderError) {
        guard let cast = node.shadow else { return }
        let shadow = DeviceShadow(cast, m)
        let crop = target.rect
        var source = spare.popLast() ?? Surface(width: 0, height: 0)
        defer { spare.append(source) }
        let reach = shadow.reach + 2
        let back = Rect(x: Double(crop.x) - shadow.dx - reach, y: Double(crop.y) - shadow.dy - reach,
                        width: Double(crop.width) + 2 * reach, height: Double(crop.height) + 2 * reach)
        var sourceRect = PixelRect.covering(back, within: PixelRect(x: Int.min / 4, y: Int.min / 4, width: Int.max / 2, height: Int.max / 2))
        if cast.path == nil {
            sourceRect = sourceRect.union(crop)
            if let content { sourceRect = sourceRect.intersection(PixelRect.covering(content, within: sourceRect)) }
        }
        source.reshape(sourceRect)
        if let path = cast.path {
            coverage.add(polygons: path.applying(m).flattened(tolerance: tolerance).map(\.points))
            coverage.sweepSolid(evenOdd: false, into: &source, PackedPixel.premultiplied(red: 0, green: 0, blue: 0, alpha: 1))
        } else {
            for item in node.items { try draw(item, transform: m, into: &source) }
            for child in node.children { try draw(child, transform: m, into: &source) }
        }
        shadow.paint(from: source, into: &target)
        if cast.path == nil {
            target.composite(clipping: source)
        } else {
            for item in node.items { try draw(item, transform: m, into: &target) }
            for child in node.children { try draw(child, transform: m, into: &target) }
        }
    }

    /// The one paint `node` (drawn under `m`, its own transform included) comes down to, with its
    /// transform and the opacity of the groups it lies in (`node`'s own included): nil when it draws
    /// more than one paint, or lies below a clip, a shadow or a mask. One shape with a fill or a
    /// stroke but not both qualifies (a stroke is one polygon set, filled once), as does one text.
    private static func solePaint(_ node: RenderNode, _ m: Transform2D) -> (item: DrawItem, transform: Transform2D, opacity: Double)? {
        var current = node, transform = m, opacity = node.opacity
        while current.items.isEmpty, current.children.count == 1 {
            let child = current.children[0]
            guard child.clip == nil, child.shadow == nil, child.mask == nil else { return nil }
            transform = child.transform.concatenating(transform)
            opacity *= child.opacity
            current = child
        }
        guard current.children.isEmpty, current.items.count == 1 else { return nil }
        if case .shape(let shape) = current.items[0], shape.hasFill && shape.hasStroke { return nil }
        return (current.items[0], transform, opacity)
    }

    private mutating func draw(_ item: DrawItem, transform m: Transform2D, opacity: Double = 1, into surface: inout Surface) throws(RasterRenderer.RenderError) {
        switch item {
        case .shape(let shape):
            // Culled, as glyphs are, when the box of its points grown by the stroke's reach misses the
            // canvas: its coverage there would be none (a map drawn whole behind a small window).
            if let local = shape.path.controlBox {
                guard onCanvas(local.grown(by: Self.strokeReach(shape)), through: m) else { return }
            }
            if shape.hasFill {
                let polygons = shape.path.applying(m).flattened(tolerance: tolerance).map(\.points)
                coverage.add(polygons: polygons)
                paint(shape.fill, gradient: shape.fillGradient, transform: m, opacity: opacity, evenOdd: shape.fillRule == .evenOdd, into: &surface)
            }
            if let stroked = shape.paintedStroke {
                // Stroke in the layer's own space; flatten finely enough for the device.
                let unit = max((m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot(), 1e-9)
                let flat = stroked.flattenedMarkingSmooth(tolerance: tolerance / unit)
                var lines = flat.map { ($0.points, $0.isClosed) }, smooth = flat.map(\.smooth)
                // Caps square to the path's own end directions (dashes cut their own ends).
                var directions = shape.dashPattern.lengths.isEmpty ? stroked.endDirections : []
                if !shape.dashPattern.lengths.isEmpty {
                    (lines, smooth) = Stroker.dashedMarkingSmooth(lines, pattern: shape.dashPattern.lengths, phase: shape.dashPhase,
                                                                  visible: visibleRect(through: m, margin: shape.lineWidth * max(shape.miterLimit, 1) + 1),
                                                                  smooth: smooth)
                }
                let style = Stroker.Style(width: shape.lineWidth, cap: shape.lineCap, join: shape.lineJoin,
                                          miterLimit: shape.miterLimit, tolerance: tolerance / unit)
                if directions.count != lines.count { directions = [] }
                let polygons = Stroker.stroke(lines, style: style, directions: directions, smooth: smooth).map { $0.map(m.apply) }
                coverage.add(polygons: polygons)
                paint(shape.stroke, gradient: shape.strokeGradient, transform: m, opacity: opacity, evenOdd: false, into: &surface)
            }
        case .text(let text):
            guard let font = fonts?.font(family: text.fontFamily, weight: text.fontWeight) else { throw .noFont }
            var polygons: [[Point]] = []
            var outlines: [Int: Path] = [:]
            let box = font.glyphBounds
            for (g, glyphPlace) in font.placedGlyphs(text) {
                let place = glyphPlace.concatenating(m)
                // Culled when the font's glyph box, placed, misses the canvas: a megabyte of text costs
                // its layout, not a megabyte of outlines.
                guard onCanvas(box, through: place) else { continue }
                if outlines[g] == nil { outlines[g] = font.outline(g) }
                polygons += outlines[g]!.applying(place).flattened(tolerance: tolerance).map(\.points)
            }
            coverage.add(polygons: polygons)
            paint(text.color, gradient: .none, transform: m, opacity: opacity, evenOdd: false, into: &surface)
        }
    }

    /// Sweeps the coverage added last into `surface` in `color`, or `gradient` when it has stops, every
    /// pixel of the paint scaled by `opacity` (0…1).
    private mutating func paint(_ color: Color, gradient: Gradient, transform m: Transform2D, opacity: Double, evenOdd: Bool, into surface: inout Surface) {
        if gradient.stops.isEmpty {
            let pixel = PackedPixel.premultiplied(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * opacity)
            coverage.sweepSolid(evenOdd: evenOdd, into: &surface, pixel)
            return
        }
        guard let inverse = m.inverted else { coverage.sweep(evenOdd: evenOdd) { _, _, _ in }; return }
        // The render tree's stops are normalised (`Gradient.normalized`): offsets in [0, 1], non-decreasing.
        // Each pixel's offset is taken at its centre, a run's at once.
        let table = table(for: gradient)
        let faded = PackedPixel.coverage(Float(opacity))
        var offsets = [Double](repeating: 0, count: max(surface.rect.width, 1))
        offsets.withUnsafeMutableBufferPointer { offsets in
            coverage.sweepShaded(evenOdd: evenOdd, opaque: faded == 255 && table?.isOpaque == true, into: &surface) { y, x, pixels in
                let run = UnsafeMutableBufferPointer(rebasing: offsets[0..<pixels.count])
                gradient.offsets(row: y, from: x, through: inverse, into: run)
                if let table {
                    table.pixels(at: run, into: pixels)
                } else {
                    for i in pixels.indices {
                        let color = gradient.color(atOffset: run[i])
                        pixels[i] = PackedPixel.premultiplied(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
                    }
                }
                if faded < 255 { for i in pixels.indices { pixels[i] = PackedPixel.scale(pixels[i], faded) } }
            }
        }
    }
}
