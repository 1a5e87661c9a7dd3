import Flipbook

/// A text drawn as its glyph outlines (`--text paths`), glyph by glyph: the outline the text's
/// `<path>` draws is each glyph's outline `p` (font units, y up) at `origin + (x + p.x, −p.y) · scale`
/// (`GlyphRun`, `TextFonts.outline(of:)`).
struct PlacedGlyphs: Hashable, Sendable {
    /// The glyphs along the line, each outline once.
    var run: GlyphRun
    /// The start of the baseline in the text's layer space, pixels.
    var origin: Point
    /// Pixels per font unit: the font size over the face's units per em, > 0.
    var scale: Double
}

extension AnimatedSVG {
    /// Repeated glyphs drawn once (`render --text paths --minify`): each text's `<path>` whose outline
    /// the compiler made from glyphs (`AnimatedDocument.glyphTexts`) becomes a `<g>` with its
    /// attributes and animations, holding one `<use href="#t…" x y>` per glyph that draws something;
    /// each glyph of a face at one size is a `<path id="t…">` in the definitions, its outline in pixels
    /// with its origin at (0, 0).
    ///
    /// What holds: each point lands where the text's path put it to within 0.001 px (the glyph's
    /// points and the `<use>` offset are written with three decimals each, as the path's points
    /// were); the paint, opacity, transform, clip, mask and filter of the `<g>` apply to its glyphs as
    /// they did to the one path: the glyphs are filled with the same colour and composited as a group.
    /// Left as they are: a path with a `d` track (a text that changes), an id, a stroke, a
    /// `fill-opacity` (overlapping glyphs would each be blended), or a semantic geometry. Done only when
    /// the definitions and uses are shorter than the paths' data they replace, so the file only
    /// shrinks.
    static func shareGlyphs(_ document: inout AnimatedDocument) {
        guard !document.glyphTexts.isEmpty else { return }
        var sharer = GlyphSharer(texts: document.glyphTexts)
        let body = document.body.map { sharer.share($0) }
        // Bytes the shared form saves, roughly: the paths' data replaced, less the definitions and uses.
        let defined = sharer.shared.definitions.reduce(0) { sum, e in
            guard case .path(let d)? = e.attribute("d") else { return sum }
            return sum + d.text.utf8.count + 22
        }
        guard sharer.replaced - defined - 32 * sharer.uses > 0 else { return }
        document.body = body
        document.definitions += sharer.shared.definitions
    }
}

/// `AnimatedSVG.shareGlyphs`'s walk: the glyphs defined so far, the path data replaced and the uses.
private struct GlyphSharer {
    typealias Element = AnimatedDocument.Element
    struct Key: Hashable {
        var face: String
        var glyph: Int
        var scale: Double
    }
    let texts: [Path: PlacedGlyphs]
    var shared = SharedDefinitions<Key>(prefix: "t")
    /// Bytes of the texts' path data replaced (with their attribute's name).
    var replaced = 0
    /// `<use>` elements written.
    var uses = 0

    init(texts: [Path: PlacedGlyphs]) {
        self.texts = texts
    }

    /// The glyphs of the text `e` draws, when it is one that is shared (see `shareGlyphs`).
    func placed(_ e: Element) -> PlacedGlyphs? {
        guard e.kind == .path, e.geometry == nil, case .path(let d)? = e.attribute("d"), let glyphs = texts[d.path],
              e.animations(of: "d").isEmpty, e.attribute("id") == nil, e.attribute("stroke") == nil,
              e.attribute("fill-opacity") == nil, e.animations(of: "fill-opacity").isEmpty else { return nil }
        return glyphs
    }

    /// `e` with its children shared, and itself a group of `<use>` when it is a shared text.
    mutating func share(_ e: Element) -> Element {
        var e = e
        e.children = e.children.map { share($0) }
        guard let glyphs = placed(e), case .path(let d)? = e.attribute("d") else { return e }
        var placedUses: [Element] = []
        for g in glyphs.run.glyphs {
            guard let outline = glyphs.run.outlines[g.glyph], !outline.elements.isEmpty else { continue }
            let key = Key(face: glyphs.run.face, glyph: g.glyph, scale: glyphs.scale)
            let id = shared.id(for: key) { id in
                let path = outline.applying(Transform2D(a: glyphs.scale, b: 0, c: 0, d: -glyphs.scale, tx: 0, ty: 0))
                return Element(.path, attributes: [.init("id", .keyword(id)), .init("d", .path(.init(path: path, text: SVGPathData.string(path))))])
            }
            let x = glyphs.origin.x + g.x * glyphs.scale, y = glyphs.origin.y
            var attributes: [AnimatedDocument.Attribute] = [.init("href", .keyword("#" + id))]
            if x != 0 { attributes.append(.init("x", .number(x, decimals: 3))) }
            if y != 0 { attributes.append(.init("y", .number(y, decimals: 3))) }
            placedUses.append(Element(.use, attributes: attributes))
        }
        uses += placedUses.count
        replaced += d.text.utf8.count + 4
        e.kind = .group
        e.attributes = e.attributes.filter { $0.name != "d" }
        e.children = placedUses
        return e
    }
}
