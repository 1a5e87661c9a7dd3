/// A presentation layer reduced to what a renderer draws: transform, group opacity, clip, content
/// and children, hidden layers removed and siblings sorted by zPosition.
public struct RenderNode: Hashable, Sendable {
    public var id: String
    /// From this node's coordinates to its parent's.
    public var transform: Transform2D
    /// The same transform as the layer's semantic components, for renderers that animate them.
    public var parts: TransformParts
    /// Group opacity, [0, 1].
    public var opacity: Double
    /// Clip rectangle in this node's coordinates (masksToBounds), applied to its children.
    public var clip: Rect?
    /// Background and content, drawn before the children.
    public var items: [DrawItem]
    public var children: [RenderNode]
}

extension Layer {
    /// The render tree of a presentation layer (call on `presentation(atParentTime:)`'s result), or nil
    /// when the layer is hidden.
    public func renderNode() -> RenderNode? {
        guard var node = renderNodeWithoutChildren() else { return nil }
        if !sublayers.isEmpty {
            node.children.reserveCapacity(sublayers.count)
            forEachSublayerInDrawingOrder { sublayer in
                if let child = sublayer.renderNode() { node.children.append(child) }
            }
        }
        return node
    }

    /// This layer's own render node (transform, opacity, clip, content) with no children, or nil when
    /// the layer is hidden: what renderers that walk the sublayers themselves take.
    ///
    /// Besides `draw`, it reads the id and `Layer.baseProperties` only: `RetainedPresentation` keeps the
    /// node of a type that draws nothing while no base property changes. Read another property here
    /// and add it to `baseProperties`.
    public func renderNodeWithoutChildren() -> RenderNode? {
        if self[.hidden] { return nil }
        // The content array as the type drew it (no copy), with the background put first when set.
        var items = type.behavior.draw(self)
        let background = self[.backgroundColor], corner = self[.cornerRadius]
        if background.alpha > 0 {
            items.insert(.shape(ShapeDrawing(path: corner > 0 ? .roundedRect(bounds, radius: corner) : .rect(bounds), fill: background)), at: 0)
        }
        // The border, inside the bounds and above the layer's own content (CALayer draws it above the
        // sublayers too; here the sublayers draw above it).
        let border = self[.borderWidth], borderColor = self[.borderColor]
        if border > 0, borderColor.alpha > 0, border.isFinite {
            let b = bounds, w = min(border, min(b.width, b.height))
            let inset = Rect(x: b.minX + w / 2, y: b.minY + w / 2, width: b.width - w, height: b.height - w)
            items.append(.shape(ShapeDrawing(path: .roundedRect(inset, radius: max(corner - w / 2, 0)), stroke: borderColor, lineWidth: w)))
        }
        // Numbers no output can write are clamped once, here, for every renderer (`RenderRange`).
        for index in items.indices where !items[index].isInRenderRange { items[index] = items[index].clampedToRenderRange }
        let parts = transformParts
        var transform = parts.transform
        if !transform.isInRenderRange { transform = transform.clampedToRenderRange }
        var clip = self[.masksToBounds] ? bounds : nil
        if let box = clip, !box.isInRenderRange { clip = box.clampedToRenderRange }
        return RenderNode(id: id, transform: transform, parts: parts, opacity: min(max(self[.opacity], 0), 1),
                          clip: clip, items: items, children: [])
    }

    /// Calls `body` with each sublayer in drawing order: by zPosition, equal ones in their order.
    public func forEachSublayerInDrawingOrder(_ body: (Layer) -> Void) {
        forEachSublayerIndexInDrawingOrder { body(sublayers[$0]) }
    }

    /// Calls `body` with the index of each sublayer in drawing order (`forEachSublayerInDrawingOrder`).
    func forEachSublayerIndexInDrawingOrder(_ body: (Int) -> Void) {
        Self.forEachIndexInDrawingOrder(count: sublayers.count, depth: { sublayers[$0][.zPosition] }, body)
    }

    /// Calls `body` with each index below `count` in drawing order, given each one's zPosition
    /// (`depth`): ascending, equal depths (and all of them when all are equal) in index order.
    static func forEachIndexInDrawingOrder(count: Int, depth: (Int) -> Double, _ body: (Int) -> Void) {
        guard count > 0 else { return }
        let firstDepth = depth(0)
        if (0..<count).allSatisfy({ depth($0) == firstDepth }) {
            for index in 0..<count { body(index) }
        } else {
            let depths = (0..<count).map(depth)
            // Stable: equal zPositions keep their order.
            let order = depths.indices.sorted { depths[$0] != depths[$1] ? depths[$0] < depths[$1] : $0 < $1 }
            for index in order { body(index) }
        }
    }
}

/// A layer's transform to its superlayer as its components, applied right to left:
/// translate(offset) · rotate(rotation) · scale(scale) · matrix · translate(−anchor).
public struct TransformParts: Hashable, Sendable {
    /// position + translation, pixels.
    public var offset: Point
    public var rotation: Angle
    public var scale: Size
    /// The layer's `transform` property.
    public var matrix: Transform2D
    /// The anchor point in bounds coordinates (subtracted first).
    public var anchor: Point

    /// The composed transform: translate(−anchor) · matrix · scale · rotation · translate(offset).
    public var transform: Transform2D {
        var m = Transform2D.translation(-anchor.x, -anchor.y).concatenating(matrix)
        if scale != Size(1, 1) { m = m.concatenating(.scale(scale.width, scale.height)) }
        if rotation != .zero { m = m.concatenating(.rotation(rotation)) }
        return m.concatenating(.translation(offset.x, offset.y))
    }
}

extension Layer {
    /// The components of `transformToSuperlayer`.
    public var transformParts: TransformParts {
        let b = bounds, a = self[.anchorPoint]
        return TransformParts(offset: self[.position] + self[.translation], rotation: self[.rotation], scale: self[.scale],
                              matrix: self[.transform],
                              anchor: Point(b.origin.x + a.x * b.size.width, b.origin.y + a.y * b.size.height))
    }
}
