import Flipbook
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text as its glyph outlines: Lottie's own text needs the font embedded, and rlottie draws none.
/// Where the fonts give glyphs (`TextFonts.glyphRun(of:)`) and the text's colour and opacity hold
/// still, each glyph is written once and placed (`LottieGlyphs`); otherwise the text is one group of
/// its outline.
extension LottieWriter {
    /// The text an element lays out, at its static position and size.
    func drawing(_ e: Element) -> TextDrawing {
        let anchor = keyword(e, "text-anchor")
        let alignment: TextAlignment = anchor == "middle" ? .center : anchor == "end" ? .right : .left
        var family = "sans-serif"
        if case .text(let f)? = e.attribute("font-family") { family = f }
        return TextDrawing(string: e.content ?? "", origin: Point(number(e, "x") ?? 0, number(e, "y") ?? 0), alignment: alignment,
                           fontFamily: family, fontSize: number(e, "font-size") ?? 16, fontWeight: number(e, "font-weight") ?? 400)
    }

    /// The text's own motion as transform components, outermost first: a moving `y`, a moving `x`
    /// (translations by the change), a changing `font-size` (a scale about the text's origin); each
    /// registered for read-back.
    func textMotion(_ e: Element, _ text: TextDrawing) -> [[(String, JSON)]] {
        let origin = text.origin, size0 = text.fontSize
        var components: [[(String, JSON)]] = []
        if let sizes = keys(e, "font-size", initial: [size0], parse: { Self.numbers($0) }) {
            let scale = animated(sizes.map { k in
                Key(time: k.time, value: [k.value[0] / size0 * 100, k.value[0] / size0 * 100], ease: k.ease)
            })
            probe(e, "font-size", scale) { [$0[0] / 100 * size0] }
            components.append([("a", fixed([origin.x, origin.y])), ("p", fixed([origin.x, origin.y])), ("s", scale)])
        }
        for (name, start, horizontal) in [("x", origin.x, true), ("y", origin.y, false)] {
            guard let positions = keys(e, name, initial: [start], parse: { Self.numbers($0) }) else { continue }
            let moves = positions.map { k in
                Key(time: k.time, value: horizontal ? [k.value[0] - start, 0] : [0, k.value[0] - start], ease: k.ease)
            }
            let move = animated(moves)
            probe(e, name, move) { [(horizontal ? $0[0] : $0[1]) + start] }
            components.insert([("p", move)], at: 0)
        }
        return components
    }

    /// A `<text>` as a group of glyph contours filled with its colour, laid out by `fonts` at its
    /// static position and size, moved by `textMotion`; presence and colour as for paths. nil without
    /// fonts or a face for the family.
    mutating func text(_ e: Element) -> JSON? {
        let drawing = drawing(e)
        guard let path = fonts?.outline(of: drawing) else { return nil }
        let contours = LottieContour.contours(of: path)
        var items: [JSON] = contours.map(shape)
        items += paint(e, "fill")
        var group = [JSON.object([("ty", .string("gr")), ("it", .array(items + [transform([])]))])]
        for component in textMotion(e, drawing).reversed() { group = wrap(group, transform: component) }
        if let shown = presence(e) { group = wrap(group, transform: [("o", shown)]) }
        return group[0]
    }

    /// A static contour as a path item (`sh`).
    func shape(_ contour: LottieContour) -> JSON {
        .object([("ty", .string("sh")), ("ks", .object([("a", .int(0)), ("k", .object([
            ("c", .bool(contour.closed)), ("v", .array(contour.vertices.map(numberArray))),
            ("i", .array(contour.inTangents.map(numberArray))), ("o", .array(contour.outTangents.map(numberArray)))]))]))])
    }
}
