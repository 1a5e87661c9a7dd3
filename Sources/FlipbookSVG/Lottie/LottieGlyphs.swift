import Flipbook

/// Repeated glyphs written once. Lottie reuses drawing only through precomposition assets, which
/// are layers, so a text whose glyphs are shared is a layer of its own between the layers drawn below
/// and above it (as a clipped group is, `LottieClip`):
///
/// - each glyph of a face in a colour is an asset: one shape layer, its outline in thirds of a font
///   unit with y down (a TrueType outline's points are whole or half units, so its quadratics raised
///   to cubics have control points on halves of a third: every number is exact with one decimal),
///   moved by its box's corner less a margin of a quarter em so the precomposition's size (which
///   players may clip to) holds the outline and its anti-aliasing;
/// - each text is an asset of precomposition layers, one per glyph, placed by its advance in thirds
///   of a font unit from the text's top-left corner;
/// - the text's layer places that asset at its origin scaled by fontSize / (3 · unitsPerEm), with the
///   product of its own and its enclosing groups' opacities; its parents are null layers carrying
///   the enclosing groups' transforms and the text's own motion (`textMotion`).
///
/// Only text whose colour, opacity and presence, and its enclosing groups' opacity and presence,
/// hold still is shared: parenting carries no opacity, and the glyph's colour is in the asset.
/// Other text is one group of its outline (`text(_:)`).
extension LottieWriter {
    /// Thirds of a font unit: the unit glyph assets are written in.
    static let glyphUnit = 3.0

    /// A glyph asset: its id, where its corner lies and its size, in font units (y down, from the
    /// glyph's origin).
    struct GlyphAsset {
        var id: String
        var corner: (x: Double, y: Double)
        var size: (w: Double, h: Double)
    }

    /// The glyphs of `e` when it is a text written with shared glyphs (see the type's comment), under
    /// `ancestors`; nil otherwise.
    func sharedGlyphs(_ e: Element, ancestors: [Element]) -> GlyphRun? {
        guard sharesGlyphs, e.kind == .text, let fonts, case .color? = e.attribute("fill"),
              ["fill", "fill-opacity", "opacity", "display"].allSatisfy({ e.animations(of: $0).isEmpty }),
              e.attribute("display") != .keyword("none"),
              ancestors.allSatisfy({ a in
                  a.animations(of: "opacity").isEmpty && a.animations(of: "display").isEmpty
                      && a.attribute("display") != .keyword("none") && a.attribute("clip-path") == nil
              }),
              let run = fonts.glyphRun(of: drawing(e)), run.unitsPerEm > 0,
              run.glyphs.contains(where: { !(run.outlines[$0.glyph]?.isEmpty ?? true) })
        else { return nil }
        return run
    }

    /// The text `e` (with its `run`) as layers, topmost first: the text's precomposition layer, then
    /// the null layers of its transforms, innermost first.
    mutating func sharedTextLayers(_ ancestors: [Element], _ e: Element, run: GlyphRun, next: () -> Int) -> [JSON] {
        let text = drawing(e)
        let fill = e.attribute("fill") ?? .color(Color(red: 0, green: 0, blue: 0))
        // The glyphs in font units, y down, from the text's origin: each one's corner.
        var placed: [(asset: GlyphAsset, x: Double, y: Double)] = []
        for g in run.glyphs {
            guard let asset = glyphAsset(run, g.glyph, fill: fill) else { continue }
            placed.append((asset, g.x + asset.corner.x, asset.corner.y))
        }
        let left = placed.map(\.x).min() ?? 0, top = placed.map(\.y).min() ?? 0
        let width = (placed.map { $0.x + $0.asset.size.w }.max() ?? 0) - left
        let height = (placed.map { $0.y + $0.asset.size.h }.max() ?? 0) - top
        let unit = Self.glyphUnit
        var glyphLayers: [JSON] = []
        for (n, p) in placed.enumerated() {
            glyphLayers.append(precomposition(p.asset.id, size: [p.asset.size.w * unit, p.asset.size.h * unit], name: "glyph",
                                              transform: [("p", fixed([(p.x - left) * unit, (p.y - top) * unit]))], index: n + 1))
        }
        let id = "text-\(assets.count)"
        assets.append(.object([("id", .string(id)), ("layers", .array(glyphLayers))]))
        // The text's layer: font units to the layer's pixels about the origin.
        let scale = text.fontSize / run.unitsPerEm
        var opacity = (number(e, "fill-opacity") ?? 1) * (number(e, "opacity") ?? 1)
        for a in ancestors { opacity *= number(a, "opacity") ?? 1 }
        var transform: [(String, JSON)] = [("p", fixed([text.origin.x + left * scale, text.origin.y + top * scale])),
                                           ("s", fixed([scale / unit * 100, scale / unit * 100], precise: true))]
        if opacity < 1 { transform.append(("o", fixed(max(opacity, 0) * 100))) }
        var components: [[(String, JSON)]] = []
        for a in ancestors { components += transformComponents(a) }
        components += textMotion(e, text)
        let (nulls, parent) = nullLayers(components, next: next)
        let layer = precomposition(id, size: [width * unit, height * unit], name: "text", transform: transform, index: next(), parent: parent)
        return [layer] + nulls
    }

    /// The asset of a glyph in a colour (written the first time it is asked for), nil for a glyph
    /// without an outline (a space).
    mutating func glyphAsset(_ run: GlyphRun, _ glyph: Int, fill: Value) -> GlyphAsset? {
        let key = "\(run.face) \(glyph) \(fill.written ?? [])"
        if let known = glyphAssets[key] { return known }
        guard let outline = run.outlines[glyph], let box = outline.controlBox else { return nil }
        let margin = run.unitsPerEm / 4
        // Font units, y up → the asset's thirds of a unit, y down, its corner at (0, 0).
        let corner = (x: box.origin.x - margin, y: -(box.origin.y + box.size.height) - margin)
        let unit = Self.glyphUnit
        let flipped = outline.applying(Transform2D(a: unit, b: 0, c: 0, d: -unit, tx: -corner.x * unit, ty: -corner.y * unit))
        var items = LottieContour.contours(of: flipped).map(shape)
        items += paint(Element(.text, attributes: [.init("fill", fill)]), "fill")
        let shapes: [JSON] = [.object([("ty", .string("gr")), ("it", .array(items + [self.transform([])]))])]
        let asset = GlyphAsset(id: "glyph-\(glyphAssets.count)", corner: corner,
                               size: (box.size.width + 2 * margin, box.size.height + 2 * margin))
        assets.append(.object([("id", .string(asset.id)), ("layers", .array([layer(shapes: shapes, name: "glyph", masks: nil, index: 1)]))]))
        glyphAssets[key] = asset
        return asset
    }

    /// A precomposition layer (`ty` 0) showing the asset `id`, `size` its width and height.
    func precomposition(_ id: String, size: [Double], name: String, transform: [(String, JSON)], index: Int, parent: Int? = nil) -> JSON {
        var fields: [(String, JSON)] = [("ddd", .int(0)), ("ind", .int(index)), ("ty", .int(0)), ("nm", .string(name)), ("refId", .string(id))]
        if let parent { fields.append(("parent", .int(parent))) }
        fields += [("sr", .int(1)), ("ks", .object(transform)), ("ao", .int(0)),
                   ("w", .int(Int(size[0].rounded(.up)))), ("h", .int(Int(size[1].rounded(.up)))),
                   ("ip", .int(0)), ("op", .int(frames)), ("st", .int(0)), ("bm", .int(0))]
        return .object(fields)
    }
}
