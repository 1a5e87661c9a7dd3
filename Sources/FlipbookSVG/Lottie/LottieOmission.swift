/// Something a Lottie file leaves out of what the frames draw: the feature, and the layer and the
/// scene's JSON path it comes from. Its description is the report's line ("text 'Mon' (layer
/// 'label' at layers[3])").
public struct LottieOmission: Hashable, Sendable, CustomStringConvertible {
    public enum Feature: String, Hashable, Sendable {
        /// A clip this writer cannot mask (nested in a clipped group, or not a rectangle).
        case clipPath = "a clip path (the content is drawn unclipped)"
        /// Text, when no outliner lays out its glyphs.
        case text
        /// A transform component Lottie has no form for (`detail`: its name).
        case transform
        /// An element this writer does not write (`detail`: its kind).
        case element
        case pathData = "a path without data"
        case gradientStroke = "a gradient stroke"
        /// A gradient in bounding-box units, or a fill that switches between a gradient and a colour.
        case gradientFill = "a gradient fill"
        /// A layer's shadow the drop-shadow effect cannot show (`LottieShadow`: under a rotation or a
        /// scale, on a layer that clips or is masked, or with an offset that turns).
        case shadow = "a shadow (the content is drawn without it)"
        /// A shadowPath's shadow (a blurred path): Lottie has no blur every player draws.
        case shadowPath = "a shadowPath's shadow (the content is drawn without it)"
        /// A mask inside a clipped or masked group (masks are track mattes, one level deep), or a luminance mask.
        case mask = "a mask (a mask layer's, or a conic gradient's) inside a clipped or masked group (the content is drawn unmasked)"
    }

    public var feature: Feature
    /// The text, the transform's or the element's name, where the feature has one.
    public var detail: String?
    /// The model layer's id, and its JSON path in the scene file.
    public var layer: String?
    public var path: String?

    public var description: String {
        var out: String
        switch feature {
        case .text: out = "text '\(detail ?? "")'"
        case .transform: out = "a \(detail ?? "") transform"
        case .element: out = "an SVG <\(detail ?? "")> element"
        default: out = feature.rawValue
        }
        if let layer { out += " (layer '\(layer)'" + (path.map { " at \($0)" } ?? "") + ")" }
        return out
    }
}
