/// A translucent group drawn whole. SVG fades a group with `opacity` as one picture: where two of its
/// paints overlap, the lower one does not show through the upper. Lottie has no group opacity that
/// both players draw that way: a shape group's `o` and a shape layer's `ks.o` are multiplied into each
/// paint by rlottie 0.1 (and the group's by ThorVG 1.0.4 too), so overlapping paints draw darker — two
/// black squares in a group at 50 % are 128 grey apart and 65 where they overlap, in both players.
/// A precomposition layer's opacity is applied to the composed picture by both, when the
/// precomposition holds more than one layer (measured: with one layer rlottie multiplies it into each
/// paint again, 64 at the overlap; with two, 130 in rlottie and 128 in ThorVG, a null layer counting).
///
/// So a group whose opacity is below 1 or animated, and that draws more than one paint (fills, strokes,
/// texts, inside it at any depth), is a precomposition layer the size of the canvas whose `ks.o` is
/// the group's opacity track. Its asset holds the group without its opacity, inside pruned copies of
/// the groups that enclose it (their transforms, opacity and presence), written as the document is
/// (`layers(of:)`: clips, masks, shadows, texts and translucent groups inside become layers of the
/// asset), and a null layer so that rlottie composes it. The asset is in the canvas's space: the
/// precomposition is not moved, so it clips nothing the canvas shows.
extension LottieWriter {
    /// Whether `e` is a group drawn whole as a precomposition: its opacity below 1 or animated, and
    /// more than one paint inside it.
    func isolates(_ e: Element) -> Bool {
        guard e.kind == .group, !e.animations(of: "opacity").isEmpty || (number(e, "opacity") ?? 1) < 1 else { return false }
        return Self.paints(in: e) > 1
    }

    /// How many paints `e` draws, counted as the writer writes them: a path's fill (unless `none`) and
    /// stroke (where it has one, or animates one); a text as one.
    static func paints(in e: Element) -> Int {
        switch e.kind {
        case .group:
            return e.children.reduce(0) { $0 + paints(in: $1) }
        case .path:
            let stroke = e.attribute("stroke").map { $0 != .keyword("none") } ?? !e.animations(of: "stroke").isEmpty
            return (e.attribute("fill") == .keyword("none") ? 0 : 1) + (stroke ? 1 : 0)
        case .text:
            return 1
        default:
            return 0
        }
    }

    /// The translucent `group` (inside `ancestors`, outermost first) as a precomposition layer whose
    /// opacity is the group's, its asset written (`assets`); nil when it draws nothing.
    mutating func isolatedLayer(_ ancestors: [Element], _ group: Element, canvas: (Double, Double), index: () -> Int) -> JSON? {
        var inner = group
        inner.attributes.removeAll { $0.name == "opacity" }
        inner.animations.removeAll { $0.attribute == "opacity" }
        var chain = inner
        for a in ancestors.reversed() {
            var part = a
            part.children = [chain]
            chain = part
        }
        var content = layers(of: [chain], canvas: canvas, background: false)
        guard !content.isEmpty else { return nil }
        // The null layer takes the index after the asset's last.
        let last = content.compactMap { layer -> Int? in
            guard case .object(let fields) = layer, case .int(let i)? = fields.first(where: { $0.0 == "ind" })?.1 else { return nil }
            return i
        }.max() ?? 0
        content.append(layer(shapes: nil, name: "composed", masks: nil, index: last + 1))
        let id = "group-\(assets.count)"
        assets.append(.object([("id", .string(id)), ("layers", .array(content))]))
        let outer = layer
        layer = group.layer ?? outer
        defer { layer = outer }
        let opacity = property(group, "opacity", initial: [number(group, "opacity") ?? 1], scale: 100)
        return precomposition(id, size: [canvas.0, canvas.1], name: "group", transform: [("o", opacity)], index: index())
    }
}
