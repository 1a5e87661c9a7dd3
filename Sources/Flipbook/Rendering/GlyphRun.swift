/// A line of text as the glyphs of one face, each placed in font units: what a writer that shares
/// repeated glyphs (Lottie's assets) writes once per glyph and then places.
///
/// A glyph placed at `x` draws its outline `p` (font units, y up) at `origin + (x + p.x, −p.y) · s` in
/// the text's layer space, where `s` = fontSize / unitsPerEm: the placement `TextFonts.outline(of:)`
/// draws, glyph by glyph.
public struct GlyphRun: Hashable, Sendable {
    /// One glyph of the line.
    public struct Placed: Hashable, Sendable {
        /// The glyph's index in its face.
        public var glyph: Int
        /// Its origin's distance from the text's origin along the baseline, in font units (advances,
        /// kerning and the alignment's shift).
        public var x: Double

        public init(glyph: Int, x: Double) {
            self.glyph = glyph
            self.x = x
        }
    }

    /// Names the face the glyphs come from: glyphs of two runs are the same when face and index are.
    public var face: String
    /// Font units per em.
    public var unitsPerEm: Double
    /// The glyphs in order along the line.
    public var glyphs: [Placed]
    /// Each glyph's outline in font units, y up, by glyph index.
    public var outlines: [Int: Path]

    public init(face: String, unitsPerEm: Double, glyphs: [Placed], outlines: [Int: Path]) {
        self.face = face
        self.unitsPerEm = unitsPerEm
        self.glyphs = glyphs
        self.outlines = outlines
    }
}
