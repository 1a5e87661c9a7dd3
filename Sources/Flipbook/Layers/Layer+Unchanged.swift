extension Layer {
    /// Whether `other` is this layer again, for what was made from it to be kept: the same id, type,
    /// timing, animations and sublayers, and property values unchanged bit for bit
    /// (`PropertyTable.isUnchanged(from:)`, stricter than `==`). What the retained presentation asks of
    /// a derived sublayer and the SVG frame writer of a leaf it wrote before.
    package func isUnchanged(from other: Layer) -> Bool {
        properties.isUnchanged(from: other.properties) && id == other.id && type == other.type && timing == other.timing
            && animations == other.animations && sublayers == other.sublayers
    }
}
