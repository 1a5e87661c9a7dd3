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
    /// Clip rectangle in this node's coordinates (masksToBounds), applied to its content and children.
    public var clip: Rect?
    /// The clip's corner radius, pixels: the layer's cornerRadius as its rounded rectangle draws it
    /// (`Path.cornerRadius(_:in:)`: at most half the smaller side), 0 for square corners or no clip.
    public var clipCornerRadius: Double = 0
    /// Which of the clip's corners are rounded (the layer's maskedCorners) and how (cornerCurve).
    public var clipCorners: CornerStyle = CornerStyle()
    /// The shadow drawn beneath the content and children (`Shadow`); nil for none.
    public var shadow: Shadow? {
        get { shadowStorage.first }
        set { shadowStorage = newValue.map { [$0] } ?? [] }
    }
    /// `shadow` held out of line: a render node is copied at every level of the renderers' recursion,
    /// a thousand levels deep on a worker thread's stack, and a shadow held inline made each copy 80
    /// bytes larger (a 1,000-level scene overflowed a debug build's raster thread).
    private var shadowStorage: [Shadow] = []
    /// The mask (the layer's `mask`, its own transform to this node's coordinates): its alpha
    /// multiplies everything this node draws — shadow, content and children — before the clip and
    /// the opacity (which commute with it). Nil for none; a mask that draws nothing masks everything.
    public var mask: RenderNode? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }
    /// How `mask` masks (`MaskMode.kept`): in proportion to its alpha or luminance v, or to 1 − v when
    /// inverted, so that an inverted mask that draws nothing takes nothing away. Default `.alpha`.
    public var maskMode: MaskMode = .alpha
    /// `mask` held out of line (a node cannot hold itself inline; and as `shadowStorage`).
    private var maskStorage: [RenderNode] = []
    /// Background and content, drawn before the children.
    public var items: [DrawItem]
    public var children: [RenderNode]

    public init(id: String, transform: Transform2D, parts: TransformParts, opacity: Double, clip: Rect? = nil,
                clipCornerRadius: Double = 0, clipCorners: CornerStyle = CornerStyle(), shadow: Shadow? = nil,
                items: [DrawItem], children: [RenderNode]) {
        self.id = id
        self.transform = transform
        self.parts = parts
        self.opacity = opacity
        self.clip = clip
        self.clipCornerRadius = clipCornerRadius
        self.clipCorners = clipCorners
        self.items = items
        self.children = children
        self.shadow = shadow
    }
}

/// Which corners of a rounded rectangle are rounded and with which curve: a layer's maskedCorners and
/// cornerCurve as its background, border and clip draw them. Default all four, circular.
public struct CornerStyle: Hashable, Sendable {
    public var corners: CornerMask = .all
    public var curve: CornerCurve = .circular

    public init(corners: CornerMask = .all, curve: CornerCurve = .circular) {
        self.corners = corners
        self.curve = curve
    }

    /// Whether this is the default: four circular corners (an SVG `rect` with `rx` draws it).
    public var isPlain: Bool { corners == .all && curve == .circular }

    /// `r` with these corners of `radius` (`Path.roundedRect(_:radius:corners:curve:)`).
    public func roundedRect(_ r: Rect, radius: Double) -> Path {
        Path.roundedRect(r, radius: radius, corners: corners, curve: curve)
    }
}

extension RenderNode {
    /// A node that draws nothing: a hidden layer's mask (which masks everything out).
    public static func nothing(id: String) -> RenderNode {
        RenderNode(id: id, transform: .identity, parts: TransformParts(offset: .zero, rotation: .zero, scale: Size(1, 1), matrix: .identity, anchor: .zero),
                   opacity: 0, items: [], children: [])
    }

    /// The clip's outline in this node's coordinates (its rectangle with the rounded corners), or nil
    /// when the node does not clip.
    public var clipOutline: Path? {
        clip.map { clipCornerRadius > 0 ? clipCorners.roundedRect($0, radius: clipCornerRadius) : .rect($0) }
    }
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
            node.mask = maskRenderTree
            node.maskMode = maskMode
        }
        return node
    }

    /// The render tree of the layer's mask (`RenderNode.mask`: one that draws nothing when the mask
    /// is hidden), nil for none.
    public var maskRenderTree: RenderNode? { mask.map { $0.renderNode() ?? .nothing(id: $0.id) } }

    /// This layer's own render node (transform, opacity, clip, content) with no children, or nil when
    /// the layer is hidden: what renderers that walk the sublayers themselves take.
    ///
    /// Besides `draw`, it reads the id and `Layer.baseProperties` only (`renderBase`):
    /// `RetainedPresentation` keeps the node of a type that draws nothing while no base property
    /// changes, and a leaf's base likewise. Read another property in `renderBase` and add it to
    /// `baseProperties`.
    public func renderNodeWithoutChildren() -> RenderNode? {
        renderBase().map(renderNode(base:))
    }

    /// The part of this layer's own render node that its type's `draw` has no say in: the id,
    /// transform, opacity, clip, background and border, made from the id and `baseProperties`
    /// alone; nil when the layer is hidden.
    func renderBase() -> RenderBase? {
        if self[.hidden] { return nil }
        var background: [DrawItem] = [], border: [DrawItem] = []
        let fill = self[.backgroundColor], corner = self[.cornerRadius]
        let style = corner > 0 ? CornerStyle(corners: self[.maskedCorners], curve: self[.cornerCurve]) : CornerStyle()
        if fill.alpha > 0 {
            background = [.shape(ShapeDrawing(path: corner > 0 ? style.roundedRect(bounds, radius: corner) : .rect(bounds), fill: fill))]
        }
        // The border, inside the bounds and above the layer's own content (CALayer draws it above the
        // sublayers too; here the sublayers draw above it).
        let width = self[.borderWidth], borderColor = self[.borderColor]
        if width > 0, borderColor.alpha > 0, width.isFinite {
            let b = bounds, w = min(width, min(b.width, b.height))
            let inset = Rect(x: b.minX + w / 2, y: b.minY + w / 2, width: b.width - w, height: b.height - w)
            border = [.shape(ShapeDrawing(path: style.roundedRect(inset, radius: max(corner - w / 2, 0)), stroke: borderColor, lineWidth: w))]
        }
        // Numbers no output can write are clamped once, here, for every renderer (`RenderRange`).
        RenderBase.clamp(&background)
        RenderBase.clamp(&border)
        let parts = transformParts
        var transform = parts.transform
        if !transform.isInRenderRange { transform = transform.clampedToRenderRange }
        var clip = self[.masksToBounds] ? bounds : nil
        if let box = clip, !box.isInRenderRange { clip = box.clampedToRenderRange }
        // Core Animation clips to the rounded corners ("setting masksToBounds to true causes the content
        // to be clipped to the rounded corners", CALayer.cornerRadius).
        let clipCorner = clip.map { Path.cornerRadius(corner, in: $0) } ?? 0
        return RenderBase(id: id, transform: transform, parts: parts, opacity: min(max(self[.opacity], 0), 1), clip: clip,
                          clipCornerRadius: clipCorner, clipCorners: clipCorner > 0 ? style : CornerStyle(),
                          shadow: shadow, background: background, border: border)
    }

    /// This layer's own render node on `base` (`renderBase()`, this layer's or an earlier one with
    /// the same id and base properties): the background, what the type draws, then the border.
    func renderNode(base: RenderBase) -> RenderNode {
        // The content array as the type drew it (no copy), with the background put first when set.
        var items = type.behavior.draw(self)
        RenderBase.clamp(&items)
        if !base.background.isEmpty { items.insert(contentsOf: base.background, at: 0) }
        if !base.border.isEmpty { items.append(contentsOf: base.border) }
        return RenderNode(id: base.id, transform: base.transform, parts: base.parts, opacity: base.opacity,
                          clip: base.clip, clipCornerRadius: base.clipCornerRadius, clipCorners: base.clipCorners, shadow: base.shadow,
                          items: items, children: [])
    }

    /// Calls `body` with each drawn sublayer (the mask is not one) in drawing order: by zPosition,
    /// equal ones in their order.
    public func forEachSublayerInDrawingOrder(_ body: (Layer) -> Void) {
        forEachSublayerIndexInDrawingOrder { body(sublayers[$0]) }
    }

    /// Calls `body` with the index of each drawn sublayer in drawing order (`forEachSublayerInDrawingOrder`).
    func forEachSublayerIndexInDrawingOrder(_ body: (Int) -> Void) {
        Self.forEachIndexInDrawingOrder(count: sublayers.count, isMask: { sublayers[$0].isMask },
                                         depth: { sublayers[$0][.zPosition] }, body)
    }

    /// Calls `body` with each index below `count` that is not a mask (`isMask`) in drawing order,
    /// given each one's zPosition (`depth`): ascending, equal depths (and all of them when all are
    /// equal) in index order.
    static func forEachIndexInDrawingOrder(count: Int, isMask: (Int) -> Bool, depth: (Int) -> Double, _ body: (Int) -> Void) {
        guard count > 0 else { return }
        let firstDepth = depth(0)
        if (0..<count).allSatisfy({ depth($0) == firstDepth }) {
            for index in 0..<count where !isMask(index) { body(index) }
        } else {
            let depths = (0..<count).map(depth)
            // Stable: equal zPositions keep their order.
            let order = depths.indices.sorted { depths[$0] != depths[$1] ? depths[$0] < depths[$1] : $0 < $1 }
            for index in order where !isMask(index) { body(index) }
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

/// What a layer's own render node holds besides what its type draws (`Layer.renderBase`), kept by
/// `RetainedPresentation` while the layer's base properties stay.
struct RenderBase {
    var id: String
    var transform: Transform2D
    var parts: TransformParts
    var opacity: Double
    var clip: Rect?
    var clipCornerRadius: Double
    var clipCorners: CornerStyle
    var shadow: Shadow?
    /// The background, drawn first: none or one item.
    var background: [DrawItem]
    /// The border, drawn last: none or one item.
    var border: [DrawItem]

    /// Clamps the numbers of `items` no output can write (`RenderRange`).
    static func clamp(_ items: inout [DrawItem]) {
        for index in items.indices where !items[index].isInRenderRange { items[index] = items[index].clampedToRenderRange }
    }
}
