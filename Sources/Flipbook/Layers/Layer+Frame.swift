/// CALayer's conveniences: `frame`, and finding and changing a nested layer by id.
extension Layer {
    /// The layer's rectangle in its superlayer's coordinates, pixels (CALayer's `frame`).
    ///
    /// Reading gives the smallest axis-aligned rectangle holding the bounds under the full transform
    /// to the superlayer (position, anchorPoint, rotation, scale, translation and `transform`); with
    /// no rotation, scale or transform that is the bounds moved so the anchor point sits at
    /// `position`. Setting keeps the bounds' origin, takes the rectangle's size as the bounds' size
    /// and moves `position` so the anchor point lands at the same unit point of the rectangle; like
    /// Core Animation's, the setter ignores rotation, scale and `transform` (set the frame first).
    /// A negative size is normalised, as CGRect's standardized.
    public var frame: Rect {
        get {
            let b = self[.bounds], t = transformToSuperlayer
            let corners = [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY)]
            return Rect.bounding(corners.map(t.apply))!
        }
        set {
            let r = Rect(x: newValue.minX, y: newValue.minY, width: newValue.width, height: newValue.height)
            var b = self[.bounds]
            b.size = r.size
            self[.bounds] = b
            let anchor = self[.anchorPoint]
            self[.position] = Point(r.minX + anchor.x * r.width, r.minY + anchor.y * r.height)
        }
    }

    /// The layer with `id` in this subtree (self included), for reading and changing in place; nil
    /// when none has it. Setting nil is ignored; setting a layer replaces the one found.
    ///
    /// ```swift
    /// root[layerID: "pie"]?[.startAngle] = .degrees(90)
    /// ```
    public subscript(layerID id: String) -> Layer? {
        get { layer(withID: id) }
        set {
            guard let newValue else { return }
            _ = modifyLayer(withID: id) { $0 = newValue }
        }
    }

    /// Applies `body` to the layer with `id` in this subtree; false when no layer has the id.
    @discardableResult
    public mutating func modifyLayer(withID id: String, _ body: (inout Layer) -> Void) -> Bool {
        withLayer(id: id, parentTime: 0) { layer, _ in body(&layer) }
    }
}
