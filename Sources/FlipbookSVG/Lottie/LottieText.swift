import Flipbook
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text as its glyph outlines: Lottie's own text needs the font embedded, and rlottie draws none.
extension LottieWriter {
    /// A `<text>` as a group of glyph contours filled with its colour, laid out by `textOutline` at its
    /// static position and size; a moving position is a translation by the change, a changing size a
    /// scale about the text's origin, presence and colour as for paths. nil without `textOutline` or
    /// a font for the family.
    mutating func text(_ e: Element) -> JSON? {
        guard let outline = textOutline else { return nil }
        let x0 = number(e, "x") ?? 0, y0 = number(e, "y") ?? 0
        let size0 = number(e, "font-size") ?? 16
        let anchor = keyword(e, "text-anchor")
        let alignment: TextAlignment = anchor == "middle" ? .center : anchor == "end" ? .right : .left
        var family = "sans-serif"
        if case .text(let f)? = e.attribute("font-family") { family = f }
        let drawing = TextDrawing(string: e.content ?? "", origin: Point(x0, y0), alignment: alignment,
                                  fontFamily: family, fontSize: size0, fontWeight: number(e, "font-weight") ?? 400)
        guard let path = outline(drawing) else { return nil }
        let contours = LottieContour.contours(of: path)
        var items: [JSON] = contours.map { contour in
            .object([("ty", .string("sh")), ("ks", .object([("a", .int(0)), ("k", .object([
                ("c", .bool(contour.closed)), ("v", .array(contour.vertices.map(numberArray))),
                ("i", .array(contour.inTangents.map(numberArray))), ("o", .array(contour.outTangents.map(numberArray)))]))]))])
        }
        items += paint(e, "fill")
        var group = [JSON.object([("ty", .string("gr")), ("it", .array(items + [transform([])]))])]
        if let sizes = keys(e, "font-size", initial: [size0], parse: { Self.numbers($0) }) {
            let scale = animated(sizes.map { k in
                Key(time: k.time, value: [k.value[0] / size0 * 100, k.value[0] / size0 * 100], ease: k.ease)
            })
            probe(e, "font-size", scale) { [$0[0] / 100 * size0] }
            group = [.object([("ty", .string("gr")), ("it", .array(group + [transform([("a", fixed([x0, y0])), ("p", fixed([x0, y0])), ("s", scale)])]))])]
        }
        for (name, origin, horizontal) in [("x", x0, true), ("y", y0, false)] {
            guard let positions = keys(e, name, initial: [origin], parse: { Self.numbers($0) }) else { continue }
            let moves = positions.map { k in
                Key(time: k.time, value: horizontal ? [k.value[0] - origin, 0] : [0, k.value[0] - origin], ease: k.ease)
            }
            let move = animated(moves)
            probe(e, name, move) { [(horizontal ? $0[0] : $0[1]) + origin] }
            group = wrap(group, transform: [("p", move)])
        }
        if let shown = presence(e) { group = wrap(group, transform: [("o", shown)]) }
        return group[0]
    }
}
