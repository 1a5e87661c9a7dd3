extension RenderNode {
    /// A box in this node's coordinates holding everything it draws (its items, its children through
    /// their transforms, within their clips; shadows of children included): paths by their control
    /// points' box grown by the stroke's reach (half the width times the miter limit), nil when it has
    /// text (laid out by the renderer, with no box here) or a point that is not finite. The empty
    /// rectangle at the origin when it draws nothing.
    public var drawnBounds: Rect? {
        var box: Rect?
        func add(_ r: Rect) { box = box.map { $0.union(r) } ?? r }
        for item in items {
            switch item {
            case .shape(let shape):
                guard shape.hasFill || shape.hasStroke else { continue }
                guard var local = shape.path.controlBox else {
                    if shape.path.elements.contains(where: { $0 != .close }) { return nil }
                    continue
                }
                if shape.hasStroke {
                    let reach = shape.lineWidth / 2 * max(shape.miterLimit, 1.5) + 1
                    local = Rect(x: local.minX - reach, y: local.minY - reach, width: local.width + 2 * reach, height: local.height + 2 * reach)
                }
                add(local)
            case .text:
                return nil
            }
        }
        for child in children where child.opacity > 0 {
            guard var inner = child.drawnBounds else { return nil }
            if let shadow = child.shadow { inner = inner.union(shadow.box(of: shadow.path?.controlBox ?? inner)) }
            if let clip = child.clip {
                let x0 = max(inner.minX, clip.minX), y0 = max(inner.minY, clip.minY)
                let x1 = min(inner.maxX, clip.maxX), y1 = min(inner.maxY, clip.maxY)
                guard x1 >= x0, y1 >= y0 else { continue }
                inner = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            }
            add(inner.applying(child.transform))
        }
        return box ?? Rect(x: 0, y: 0, width: 0, height: 0)
    }
}

extension Shadow {
    /// The box the shadow of what lies in `box` can touch: moved by the offset, grown by the reach and a pixel.
    public func box(of box: Rect) -> Rect {
        let grow = reach + 1
        return Rect(x: box.minX + offset.width - grow, y: box.minY + offset.height - grow,
                    width: box.width + 2 * grow, height: box.height + 2 * grow)
    }
}
