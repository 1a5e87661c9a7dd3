/// A layer's shadow as renderers draw it (CALayer's shadowColor, shadowOpacity, shadowOffset,
/// shadowRadius and shadowPath), in the layer's own coordinates.
///
/// ## The blur
/// The shadow is the alpha of what the layer draws (its content and sublayers, composited; or
/// `path` filled, when the layer has a shadowPath), moved by `offset`, blurred by a Gaussian whose
/// standard deviation σ equals `radius`, and filled with `color`. CSS defines a blur radius b as the
/// Gaussian of σ = b / 2 (CSS Backgrounds and Borders 3, box-shadow), and Bjango's side-by-side
/// renderings ("Matching drop shadows across CSS, Android, iOS, Figma, and Sketch") found an iOS
/// shadowRadius r draws as the CSS blur 2r: so σ = r here (not checked against Core Animation, which
/// no machine here runs). Every output uses this σ, as the cross-checks in Chromium and librsvg
/// check: SVG's feGaussianBlur stdDeviation r, CSS drop-shadow()'s length r (a standard deviation:
/// drop-shadow(0 0 8px) and stdDeviation 8 drew the same pixels in Chromium), and the raster blur
/// (`GaussianBlur`).
///
/// The layer's opacity and its masksToBounds clip apply to its shadow as to its content (a clipping
/// layer's shadow falls inside its bounds only, as in Core Animation).
public struct Shadow: Hashable, Sendable {
    /// The shadow's colour with shadowOpacity multiplied into its alpha.
    public var color: Color
    /// Pixels in the layer's coordinates; Core Animation's default (0, −3) casts it upwards on a y-down canvas.
    public var offset: Size
    /// The Gaussian's standard deviation, pixels, ≥ 0.
    public var radius: Double
    /// The shape that casts the shadow instead of the layer's alpha (filled, non-zero); nil for none.
    public var path: Path?

    public init(color: Color, offset: Size, radius: Double, path: Path? = nil) {
        self.color = color
        self.offset = offset
        self.radius = radius
        self.path = path
    }

    /// How far the blur reaches past the shape, pixels: 3σ (the Gaussian's tail beyond holds 0.13 % of its weight).
    public var reach: Double { 3 * radius }
}

extension PropertyKey where Value == Color {
    /// The shadow's colour. Default opaque black.
    public static var shadowColor: Self { keyColor_shadowColor }
}

extension PropertyKey where Value == Double {
    /// The shadow's opacity, [0, 1]; 0 draws no shadow. Default 0.
    public static var shadowOpacity: Self { keyDouble_shadowOpacity }
    /// The shadow's blur, pixels ≥ 0: the Gaussian's standard deviation (`Shadow`). Default 3.
    public static var shadowRadius: Self { keyDouble_shadowRadius }
}

extension PropertyKey where Value == Size {
    /// The shadow's offset, pixels in the layer's coordinates. Default (0, −3), Core Animation's.
    public static var shadowOffset: Self { keySize_shadowOffset }
}

extension PropertyKey where Value == Path {
    /// The shape casting the shadow, in the layer's coordinates; empty (the default) for the layer's
    /// own alpha.
    public static var shadowPath: Self { keyPath_shadowPath }
}

let keyColor_shadowColor = PropertyKey<Color>("shadowColor", default: .black)
let keyDouble_shadowOpacity = PropertyKey<Double>("shadowOpacity", default: 0)
let keyDouble_shadowRadius = PropertyKey<Double>("shadowRadius", default: 3)
let keySize_shadowOffset = PropertyKey<Size>("shadowOffset", default: Size(0, -3))
let keyPath_shadowPath = PropertyKey<Path>("shadowPath", default: Path())

extension Layer {
    /// The layer's shadow as drawn, or nil when it casts none (opacity or colour alpha 0).
    var shadow: Shadow? {
        let opacity = self[.shadowOpacity], color = self[.shadowColor]
        let alpha = min(max(opacity.isFinite ? opacity : 0, 0), 1) * color.alpha
        guard alpha > 0 else { return nil }
        var offset = self[.shadowOffset]
        if !offset.width.isFinite || !RenderRange.holds(offset.width) { offset.width = 0 }
        if !offset.height.isFinite || !RenderRange.holds(offset.height) { offset.height = 0 }
        let r = self[.shadowRadius]
        let path = self[.shadowPath]
        return Shadow(color: Color(red: color.red, green: color.green, blue: color.blue, alpha: alpha), offset: offset,
                      radius: r.isFinite ? min(max(r, 0), 1000) : 0,
                      path: path.elements.isEmpty ? nil : (path.isInRenderRange ? path : path.clampedToRenderRange))
    }
}
