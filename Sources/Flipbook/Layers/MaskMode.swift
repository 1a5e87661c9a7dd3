/// How a layer's `mask` masks it: by the mask's alpha (Core Animation's only way) or its luminance,
/// each as it is or turned around (After Effects' and Lottie's four track mattes).
///
/// With the mask drawn into a clear surface, a pixel of the layer is kept in proportion to v, the
/// mask's alpha α there (`alpha`) or its luminance 0.2125 r + 0.7154 g + 0.0721 b of the premultiplied
/// channels (`luminance`: SVG's and CSS's luminance mask, in sRGB as drawn, so transparent counts as
/// black), or to 1 − v (the inverted two). So a mask that draws nothing (hidden, or fully transparent)
/// hides the whole layer under `alpha` and `luminance` and takes nothing away under the inverted two.
public enum MaskMode: String, Hashable, Sendable, CaseIterable {
    /// Kept where the mask is opaque (CALayer's `mask`). The default.
    case alpha
    /// Kept where the mask is transparent: a hole cut in the layer in the mask's shape.
    case inverted
    /// Kept where the mask is light (white keeps all, black or transparent nothing).
    case luminance
    /// Kept where the mask is dark or transparent.
    case invertedLuminance

    /// Whether the mask keeps what it does not cover (1 − v).
    @inlinable
    public var isInverted: Bool { self == .inverted || self == .invertedLuminance }
    /// Whether the mask's luminance counts, not its alpha.
    @inlinable
    public var readsLuminance: Bool { self == .luminance || self == .invertedLuminance }

    /// The share of a pixel kept where the mask's premultiplied channels are `red`, `green`, `blue`
    /// and `alpha` (each in [0, 1]): v or 1 − v, v the alpha or the luminance.
    @inlinable @inline(__always)
    public func kept(red: Float, green: Float, blue: Float, alpha: Float) -> Float {
        let v = readsLuminance ? min(0.2125 * red + 0.7154 * green + 0.0721 * blue, 1) : alpha
        return isInverted ? 1 - v : v
    }
}
