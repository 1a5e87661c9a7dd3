/// The fonts text is laid out with, for the outputs that write text rather than draw it (SVG frames,
/// the animated SVG, Lottie): the face to name, and the glyph outlines. FlipbookRaster's `FontSet`
/// is one, so every output names and draws the face the raster frames draw.
public protocol TextFonts: Sendable {
    /// The family name of the face `text` is laid out with ("DejaVu Sans Mono"), nil when no face
    /// serves it.
    func faceName(for text: TextDrawing) -> String?
    /// The glyph outlines of `text` in its layer's coordinates, pixels, placed as the raster frames
    /// place them; nil when no face serves it.
    func outline(of text: TextDrawing) -> Path?
    /// The glyphs of `text`, each outline once and each placement in font units (`GlyphRun`), laid out
    /// as `outline(of:)` lays them out; nil when no face serves it, or when the fonts give outlines only
    /// (then writers draw each text's outline whole).
    func glyphRun(of text: TextDrawing) -> GlyphRun?
}

extension TextFonts {
    /// No glyphs: writers draw each text's `outline(of:)` whole.
    public func glyphRun(of text: TextDrawing) -> GlyphRun? { nil }
}

extension TextDrawing {
    /// The text as the shape of its glyph outlines filled with its colour, nil when `fonts` has no
    /// face for it: what `--text paths` writes instead of the text, so that every viewer draws the
    /// same glyphs with no font installed.
    public func outlined(with fonts: any TextFonts) -> ShapeDrawing? {
        fonts.outline(of: self).map { ShapeDrawing(path: $0, fill: color) }
    }
}
