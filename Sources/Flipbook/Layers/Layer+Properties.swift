/// The properties every layer has, as CALayer's.
extension PropertyKey where Value == Point {
    /// Where the anchor point sits in the superlayer, pixels. Default (0, 0).
    public static var position: Self { keyPoint_position }
    /// The point of the bounds, in unit coordinates, that `position` places and that rotation and scale
    /// turn around. Default (0.5, 0.5), the centre.
    public static var anchorPoint: Self { keyPoint_anchorPoint }
    /// An extra offset after rotation and scale, pixels (a transform component). Default (0, 0).
    public static var translation: Self { keyPoint_translation }
}

extension PropertyKey where Value == Rect {
    /// The layer's own coordinate space: origin and size, pixels. Default empty.
    public static var bounds: Self { keyRect_bounds }
}

extension PropertyKey where Value == Angle {
    /// Rotation around the anchor point, clockwise on screen (a transform component). Default 0.
    /// Interpolates the raw angle, so several turns animate as several turns.
    public static var rotation: Self { keyAngle_rotation }
}

extension PropertyKey where Value == Size {
    /// Scale around the anchor point (a transform component). Default (1, 1).
    public static var scale: Self { keySize_scale }
}

extension PropertyKey where Value == Transform2D {
    /// A further transform, applied inside rotation and scale, around the anchor point; interpolates
    /// by decomposition. Default identity.
    public static var transform: Self { keyTransform2D_transform }
}

extension PropertyKey where Value == Double {
    /// Radius of the corners of the background, the border and the masksToBounds clip, pixels, clamped
    /// to half the shorter side (CALayer's cornerRadius). Default 0.
    public static var cornerRadius: Self { keyDouble_cornerRadius }
    /// Width of the border drawn inside the bounds, pixels (CALayer's borderWidth); 0 for none. Default 0.
    public static var borderWidth: Self { keyDouble_borderWidth }
    /// Opacity of the layer and its sublayers as a group, [0, 1]. Default 1.
    public static var opacity: Self { keyDouble_opacity }
    /// Drawing order among siblings: higher draws later (on top); ties keep their order. Default 0.
    public static var zPosition: Self { keyDouble_zPosition }
}

extension PropertyKey where Value == Bool {
    /// Whether the layer (and its sublayers) is not drawn. Default false.
    public static var hidden: Self { keyBool_hidden }
    /// Whether the layer's content and sublayers are clipped to the bounds, with their rounded corners
    /// when `cornerRadius` > 0 (as Core Animation clips). Default false.
    public static var masksToBounds: Self { keyBool_masksToBounds }
}

extension PropertyKey where Value == CornerMask {
    /// Which corners `cornerRadius` rounds, for the background, the border and the clip (CALayer's
    /// maskedCorners). Default all four.
    public static var maskedCorners: Self { keyCornerMask_maskedCorners }
}

extension PropertyKey where Value == CornerCurve {
    /// The shape of the rounded corners: circular or continuous (CALayer's cornerCurve). Default circular.
    public static var cornerCurve: Self { keyCornerCurve_cornerCurve }
}

extension PropertyKey where Value == Color {
    /// Fill of the bounds behind the content; clear (none) by default.
    public static var backgroundColor: Self { keyColor_backgroundColor }
    /// Colour of the border. Default opaque black (CALayer's).
    public static var borderColor: Self { keyColor_borderColor }
}

extension Layer {
    /// The properties of every layer, whatever its type.
    public static let baseProperties: [AnyPropertyKey] = [
        AnyPropertyKey(PropertyKey<Point>.position), AnyPropertyKey(PropertyKey<Rect>.bounds),
        AnyPropertyKey(PropertyKey<Point>.anchorPoint), AnyPropertyKey(PropertyKey<Point>.translation),
        AnyPropertyKey(PropertyKey<Angle>.rotation), AnyPropertyKey(PropertyKey<Size>.scale),
        AnyPropertyKey(PropertyKey<Transform2D>.transform), AnyPropertyKey(PropertyKey<Double>.opacity),
        AnyPropertyKey(PropertyKey<Double>.zPosition), AnyPropertyKey(PropertyKey<Bool>.hidden),
        AnyPropertyKey(PropertyKey<Bool>.masksToBounds), AnyPropertyKey(PropertyKey<Color>.backgroundColor),
        AnyPropertyKey(PropertyKey<Double>.cornerRadius), AnyPropertyKey(PropertyKey<Double>.borderWidth),
        AnyPropertyKey(PropertyKey<Color>.borderColor), AnyPropertyKey(PropertyKey<CornerMask>.maskedCorners),
        AnyPropertyKey(PropertyKey<CornerCurve>.cornerCurve), AnyPropertyKey(PropertyKey<Color>.shadowColor),
        AnyPropertyKey(PropertyKey<Double>.shadowOpacity), AnyPropertyKey(PropertyKey<Size>.shadowOffset),
        AnyPropertyKey(PropertyKey<Double>.shadowRadius), AnyPropertyKey(PropertyKey<Path>.shadowPath),
    ]

    /// The hash codes of `baseProperties`' names: every name a layer's own render node reads besides
    /// its type's `draw` (`renderNodeWithoutChildren`) has one of these codes.
    static let basePropertyCodes = CodeSet(baseProperties.map(\.propertyName))

    /// The transform from this layer's bounds coordinates to its superlayer's:
    /// translate(−anchor in bounds) · transform · scale · rotation · translate(position + translation).
    public var transformToSuperlayer: Transform2D { transformParts.transform }
}

// The built-in keys, created once (a key hashes its name when created; reads are per frame).
let keyPoint_position = PropertyKey<Point>("position", default: .zero)
let keyPoint_anchorPoint = PropertyKey<Point>("anchorPoint", default: Point(0.5, 0.5))
let keyPoint_translation = PropertyKey<Point>("translation", default: .zero)
let keyRect_bounds = PropertyKey<Rect>("bounds", default: .zero)
let keyAngle_rotation = PropertyKey<Angle>("rotation", default: .zero)
let keySize_scale = PropertyKey<Size>("scale", default: Size(1, 1))
private let keyTransform2D_transform = PropertyKey<Transform2D>("transform", default: .identity)
let keyDouble_opacity = PropertyKey<Double>("opacity", default: 1)
let keyDouble_zPosition = PropertyKey<Double>("zPosition", default: 0)
let keyBool_hidden = PropertyKey<Bool>("hidden", default: false)
let keyBool_masksToBounds = PropertyKey<Bool>("masksToBounds", default: false)
let keyColor_backgroundColor = PropertyKey<Color>("backgroundColor", default: .clear)
let keyDouble_cornerRadius = PropertyKey<Double>("cornerRadius", default: 0)
let keyDouble_borderWidth = PropertyKey<Double>("borderWidth", default: 0)
let keyColor_borderColor = PropertyKey<Color>("borderColor", default: .black)
let keyCornerMask_maskedCorners = PropertyKey<CornerMask>("maskedCorners", default: .all)
let keyCornerCurve_cornerCurve = PropertyKey<CornerCurve>("cornerCurve", default: .circular)
