import Flipbook

/// Where things fall on the device: the boxes `RasterPainter` crops groups' surfaces to and culls
/// shapes and glyphs by, each a box that holds what is drawn (control points, grown by a stroke's
/// reach and a shadow's blur), never less.
extension RasterPainter {
    /// The device box a shadowed node draws: its content's box and its shadow's (`DeviceShadow.box`).
    /// (Out of `draw(_:transform:into:)`, as `drawShadowed`: the recursion keeps a small frame, a
    /// thousand levels deep on a worker thread's stack.)
    @inline(never)
    func shadowedBox(_ node: RenderNode, _ m: Transform2D, _ content: Rect) -> Rect {
        guard let shadow = node.shadow else { return content }
        let casting = shadow.path.flatMap { $0.controlBox.map { Self.box($0, m) } } ?? content
        return content.union(DeviceShadow(shadow, m).box(of: casting))
    }

    /// How far a stroke of `shape` reaches past its path's points, pixels: half its width (0 when not
    /// positive) times its miter limit (at least 1.5, past a square cap's corner), plus one.
    static func strokeReach(_ shape: ShapeDrawing) -> Double { max(shape.lineWidth, 0) / 2 * max(shape.miterLimit, 1.5) + 1 }

    /// The box of `r` mapped by `m`, in device pixels.
    static func box(_ r: Rect, _ m: Transform2D) -> Rect {
        let a = m.apply(Point(r.minX, r.minY)), b = m.apply(Point(r.maxX, r.minY))
        let c = m.apply(Point(r.maxX, r.maxY)), d = m.apply(Point(r.minX, r.maxY))
        let minX = min(a.x, b.x, c.x, d.x), minY = min(a.y, b.y, c.y, d.y)
        return Rect(x: minX, y: minY, width: max(a.x, b.x, c.x, d.x) - minX, height: max(a.y, b.y, c.y, d.y) - minY)
    }

    /// A box on the device holding everything `node` draws under `m` (its own transform applied by the
    /// caller): control points of paths (a curve lies in their hull), grown by the stroke's reach (half
    /// the width times the miter limit), and the boxes of the sublayers' shadows, each within the clips
    /// of the sublayers it lies in; text, whose glyphs are laid out later, has none (nil: anywhere).
    /// Walked by recursion (`addContent`), as the drawing is: below an isolated group at depth d it
    /// goes 1000 − d levels at most (a scene nests a thousand at most), in frames smaller than
    /// the drawing's, on a rendering thread's 64 MB stack.
    func contentBox(_ node: RenderNode, _ m: Transform2D) -> Rect? {
        var box: Rect?
        guard addContent(of: node, m, clip: nil, to: &box) else { return nil }
        return box ?? Rect(x: 0, y: 0, width: 0, height: 0)
    }

    /// Adds to `box` the device box of what `node` (under `m`, its own transform included) draws within
    /// `clip` (the device box of the clips of the sublayers it lies in below the node whose box is
    /// asked for; nil: none), its children's included; false when a text or a path with points that
    /// are not finite leaves it unknown. Reads the tree in place (copying nodes into a list to visit
    /// retained every array they hold: a fifth of loading.json's frame).
    func addContent(of node: RenderNode, _ m: Transform2D, clip: Rect?, to box: inout Rect?) -> Bool {
        // Through buffer pointers: an array's element read by subscript is copied, and a copy of a
        // node or a shape retains every array it holds.
        let itemsKnown = node.items.withUnsafeBufferPointer { items in
            for i in items.indices {
                guard case .shape(let shape) = items[i] else { return false }
                let stroked = shape.hasStroke
                guard shape.hasFill || stroked else { continue }
                // No box (no finite point) draws nothing, unless the path has points that are not finite.
                guard var local = shape.path.controlBox else {
                    if shape.path.elements.contains(where: { $0 != .close }) { return false }
                    continue
                }
                if stroked { local = local.grown(by: Self.strokeReach(shape)) }
                if let b = Self.clipped(Self.box(local, m), to: clip) { box = box.map { $0.union(b) } ?? b }
            }
            return true
        }
        guard itemsKnown else { return false }
        return node.children.withUnsafeBufferPointer { children in
            for i in children.indices where children[i].opacity > 0 {
                let childM = children[i].transform.concatenating(m)
                var inner = clip
                if let c = children[i].clip {
                    guard let within = Self.clipped(Self.box(c, childM), to: clip) else { continue }
                    inner = within
                }
                if children[i].shadow != nil {
                    // A shadow reaches past what casts it (its shadowPath, or the child's content,
                    // blurred and offset): its box counts too, or the group's surface cuts it off.
                    guard let cast = contentBox(children[i], childM) else { return false }
                    if let b = Self.clipped(shadowedBox(children[i], childM, cast), to: inner) { box = box.map { $0.union(b) } ?? b }
                }
                guard addContent(of: children[i], childM, clip: inner, to: &box) else { return false }
            }
            return true
        }
    }

    /// `r` within `clip` (nil: no clip), or nil when they do not meet.
    static func clipped(_ r: Rect, to clip: Rect?) -> Rect? {
        guard let c = clip else { return r }
        let x0 = max(r.minX, c.minX), y0 = max(r.minY, c.minY), x1 = min(r.maxX, c.maxX), y1 = min(r.maxY, c.maxY)
        guard x1 >= x0, y1 >= y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether `rect` mapped by `m` can touch the canvas (its mapped corners' box, grown by a pixel).
    func onCanvas(_ rect: Rect, through m: Transform2D) -> Bool {
        let b = Self.box(rect, m)
        // NaN compares false everywhere: such a glyph or shape is kept, and the rasterizer deals with it as before.
        return !(b.maxX < -1 || b.maxY < -1 || b.minX > Double(width) + 1 || b.minY > Double(height) + 1)
    }

    /// The canvas in the coordinates that `m` maps to device pixels, grown by `margin` there; nil
    /// (everything) when `m` cannot be inverted.
    func visibleRect(through m: Transform2D, margin: Double) -> Rect? {
        guard let inverse = m.inverted else { return nil }
        let corners = [Point(0, 0), Point(Double(width), 0), Point(Double(width), Double(height)), Point(0, Double(height))].map(inverse.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
              [minX, maxX, minY, maxY, margin].allSatisfy(\.isFinite) else { return nil }
        return Rect(x: minX - margin, y: minY - margin, width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin)
    }
}

extension Rect {
    /// This rectangle with `d` added on every side.
    func grown(by d: Double) -> Rect { Rect(x: minX - d, y: minY - d, width: width + 2 * d, height: height + 2 * d) }

    /// Whether `other` lies inside this rectangle (edges included).
    func holds(_ other: Rect) -> Bool {
        other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
    }
}
