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
        if self[.hidden] { return nil }
        var items: [DrawItem] = []
        let background = self[.backgroundColor]
        if background.alpha > 0 {
            items.append(.shape(ShapeDrawing(path: .rect(bounds), fill: background)))
        }
        items += type.behavior.draw(self)
        let ordered = sublayers.enumerated().sorted { a, b in
            let za = a.element[.zPosition], zb = b.element[.zPosition]
            return za != zb ? za < zb : a.offset < b.offset
        }.map(\.element)
        return RenderNode(id: id, transform: transformToSuperlayer, parts: transformParts, opacity: min(max(self[.opacity], 0), 1),
                          clip: self[.masksToBounds] ? bounds : nil, items: items,
                          children: ordered.compactMap { $0.renderNode() })
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
