/// How a layer's `mask` masks it: by the mask's alpha (Core Animation's only way), or by what the
/// mask leaves transparent (After Effects' and Lottie's inverted alpha matte).
///
/// With the mask drawn into a clear surface, a pixel of the layer is kept in proportion to the mask's
/// alpha α there: α for `alpha`, 1 − α for `inverted`. So a mask that draws nothing (hidden, or fully
/// transparent) hides the whole layer under `alpha` and takes nothing away under `inverted`; a black
/// mask at 0.5 opacity keeps half of the layer under either.
public enum MaskMode: String, Hashable, Sendable, CaseIterable {
    /// Kept where the mask is opaque (CALayer's `mask`). The default.
    case alpha
    /// Kept where the mask is transparent: a hole cut in the layer in the mask's shape.
    case inverted

    /// The share of a pixel kept where the mask's alpha is `alpha` (in [0, 1]): `alpha`, or 1 − `alpha`.
    @inline(__always)
    public func kept(_ alpha: Float) -> Float { self == .alpha ? alpha : 1 - alpha }
}
