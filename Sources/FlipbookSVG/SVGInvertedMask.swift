import Flipbook

/// An inverted mask in SVG (`MaskMode.inverted`, `.invertedLuminance`), which SVG has no word for: a
/// luminance `<mask>` holding a white square and, over it, a black square under the mask to invert
/// (an alpha or a luminance one). Where that mask keeps v the black covers v of the white, so the
/// luminance, and the share of the masked group kept, is 1 − v (grey in sRGB, the default
/// `color-interpolation`, is its own luminance). Masks and luminance masks are what librsvg 2.54 and
/// browsers read alike; no filter.
///
/// The square reaches ±10⁷ px from the origin of the masked group's space, as the mask region does
/// (`AnimatedSVGCompiler.maskRegion`). The SVG frames and the animated SVG write this form, and the
/// Lottie writer reads it back as an inverted track matte (`element(id:inverting:)` and `inverted(_:)`
/// are its one definition in the document).
enum SVGInvertedMask {
    /// The square's path data.
    static let cover = "M-1e7 -1e7H1e7V1e7H-1e7Z"

    /// `<mask id="c<id>">` inverting the mask `c<inverting>`, as the frame writer writes it.
    static func write(id: Int, inverting: Int, into out: inout SVGBuffer) {
        SVGFrameWriter.openMask(id, alpha: false, into: &out)
        out.write(string: "<path d=\"\(cover)\" fill=\"#fff\"/>\n<path d=\"\(cover)\" mask=\"url(#c")
        SVGNumber.append(Double(inverting), decimals: 0, to: &out)
        out.write(")\"/>\n</mask>\n")
    }
}

extension SVGInvertedMask {
    /// The square as a document path, filled white or (no fill: SVG's default) black.
    private static func square(white: Bool, maskedBy: String? = nil) -> AnimatedDocument.Element {
        let path = Path.rect(Rect(x: -1e7, y: -1e7, width: 2e7, height: 2e7))
        var attributes = [AnimatedDocument.Attribute("d", .path(.init(path: path, text: cover)))]
        if white { attributes.append(.init("fill", .color(.white))) }
        if let maskedBy { attributes.append(.init("mask", .reference(maskedBy))) }
        return AnimatedDocument.Element(.path, attributes: attributes)
    }

    /// The `<mask>` with id `id` inverting the mask `inverting`, as the animated SVG holds it.
    static func element(id: String, inverting: String) -> AnimatedDocument.Element {
        AnimatedDocument.Element(.mask, attributes: AnimatedSVGCompiler.Context.maskRegion(id: id, alpha: false),
                                 children: [square(white: true), square(white: false, maskedBy: inverting)])
    }

    /// The id of the mask `mask` inverts, when it is one `element(id:inverting:)` made; nil otherwise.
    static func inverted(_ mask: AnimatedDocument.Element) -> String? {
        func same(_ a: AnimatedDocument.Element, _ b: AnimatedDocument.Element) -> Bool {
            a.kind == b.kind && a.children.isEmpty && a.animations.isEmpty && a.attributes.count == b.attributes.count
                && zip(a.attributes, b.attributes).allSatisfy { $0.name == $1.name && $0.value == $1.value && $0.theme == nil }
        }
        guard mask.kind == .mask, mask.attribute("mask-type") == nil, mask.children.count == 2, same(mask.children[0], square(white: true)),
              case .reference(let id)? = mask.children[1].attribute("mask"), same(mask.children[1], square(white: false, maskedBy: id))
        else { return nil }
        return id
    }
}
