/// A width and a height, pixels.
public struct Size: Hashable, Sendable, Codable {
    /// Horizontal extent, pixels.
    public var width: Double
    /// Vertical extent, pixels.
    public var height: Double

    public init(_ width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }

    public init(width: Double, height: Double) {
        self.init(width, height)
    }

    public static let zero = Size(0, 0)
}
