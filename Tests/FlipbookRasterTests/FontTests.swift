import Flipbook
import Foundation
import Testing
@testable import FlipbookRaster

/// Text layout against DejaVu Sans's own tables, read independently with Python's `struct` from
/// Debian's fonts-dejavu-core file (cmap format 4, hmtx, and the kern table's one format-0 subtable
/// of 2,727 pairs), and against the layout's closed form: each glyph starts at the sum of the
/// advances and pair kernings before it.
private let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

@Suite(.enabled(if: FileManager.default.fileExists(atPath: dejaVuSans)))
struct FontTests {
    static let path = dejaVuSans

    /// (text, its two glyphs, their advances and the pair's kerning), font units of 2,048 to the em.
    static let pairs: [(String, Int, Int, Double, Double, Double)] = [
        ("AV", 36, 57, 1401, 1401, -131), ("Te", 55, 72, 1251, 1260, -348), ("Tu", 55, 88, 1251, 1298, -311),
        ("Ac", 36, 70, 1401, 1126, -36), ("ee", 72, 72, 1260, 1260, 0),
    ]

    @Test(arguments: pairs.indices)
    func glyphsAdvancesAndKerningAreTheFontsOwn(_ i: Int) throws {
        let (text, left, right, leftAdvance, rightAdvance, kern) = Self.pairs[i]
        let font = try TrueTypeFont(path: Self.path)
        #expect(font.unitsPerEm == 2048)
        let scalars = Array(text.unicodeScalars)
        #expect(font.glyph(for: scalars[0]) == left && font.glyph(for: scalars[1]) == right)
        #expect(font.advance(left) == leftAdvance && font.advance(right) == rightAdvance)
        #expect(font.kerning(left, right) == kern)
    }

    /// The second glyph starts at the first's advance plus the pair's kerning, scaled by size / em;
    /// centred text shifts left by half the whole run, kerning included (as browsers centre it).
    @Test(arguments: pairs.indices)
    func layoutIsAdvancesPlusKerning(_ i: Int) throws {
        let (text, _, _, leftAdvance, rightAdvance, kern) = Self.pairs[i]
        let font = try TrueTypeFont(path: Self.path)
        let size = 120.0, scale = size / 2048
        for (alignment, shift) in [(TextAlignment.left, 0.0), (.center, -(leftAdvance + kern + rightAdvance) * scale / 2),
                                   (.right, -(leftAdvance + kern + rightAdvance) * scale)] {
            let drawing = TextDrawing(string: text, origin: Point(10, 50), alignment: alignment, fontSize: size)
            let placed = font.placedGlyphs(drawing)
            #expect(placed.count == 2)
            #expect(abs(placed[0].1.tx - (10 + shift)) < 1e-9)
            #expect(abs(placed[1].1.tx - (10 + shift + (leftAdvance + kern) * scale)) < 1e-9)
            #expect(placed[1].1.a == scale && placed[1].1.d == -scale && placed[1].1.ty == 50)
        }
    }

    /// The glyph run a writer shares glyphs from places them where the outline draws them: glyph by
    /// glyph, its outline in font units at origin + (x + p.x, −p.y) · size / em is the text's outline
    /// (the same points, within 1e-9 px); the space has an empty outline; the face is named by file.
    @Test(arguments: [TextAlignment.left, .center, .right])
    func glyphRunPlacesWhatTheOutlineDraws(_ alignment: TextAlignment) throws {
        let fonts = try #require(FontSet.system())
        let drawing = TextDrawing(string: "AV To", origin: Point(12, 40), alignment: alignment, fontFamily: "sans-serif", fontSize: 37)
        let run = try #require(fonts.glyphRun(of: drawing))
        let whole = try #require(fonts.outline(of: drawing))
        #expect(run.face == "DejaVuSans" && run.glyphs.count == 5 && run.outlines[run.glyphs[2].glyph]?.isEmpty == true)
        let s = drawing.fontSize / run.unitsPerEm
        var composed: [Path.Element] = []
        for g in run.glyphs {
            let place = Transform2D(a: s, b: 0, c: 0, d: -s, tx: drawing.origin.x + g.x * s, ty: drawing.origin.y)
            composed += try #require(run.outlines[g.glyph]).applying(place).elements
        }
        func points(_ elements: [Path.Element]) -> [Point] {
            elements.flatMap { e -> [Point] in
                switch e {
                case .move(let p), .line(let p): [p]
                case .quad(let c, let p): [c, p]
                case .cubic(let c1, let c2, let p): [c1, c2, p]
                default: []
                }
            }
        }
        let a = points(composed), b = points(whole.elements)
        #expect(a.count == b.count && a.count > 20)
        #expect(zip(a, b).allSatisfy { abs($0.x - $1.x) < 1e-9 && abs($0.y - $1.y) < 1e-9 })
    }

    /// The family names read from the fonts' `name` tables, against fontconfig's reading of the same
    /// files (`fc-query -f '%{family}'`), and the face `FontSet` names for each generic family: the
    /// one its raster frames draw.
    @Test func familyNamesAreTheFontsOwn() throws {
        let folder = "/usr/share/fonts/truetype/dejavu/"
        for (file, family) in [("DejaVuSans", "DejaVu Sans"), ("DejaVuSansMono", "DejaVu Sans Mono"), ("DejaVuSerif", "DejaVu Serif"),
                               ("DejaVuSans-Bold", "DejaVu Sans")] where FileManager.default.fileExists(atPath: folder + file + ".ttf") {
            #expect(try TrueTypeFont(path: folder + file + ".ttf").familyName == family)
        }
        let fonts = try #require(FontSet.system())
        func face(_ family: String, _ weight: Double = 400) -> String? {
            fonts.faceName(for: TextDrawing(string: "x", origin: .zero, fontFamily: family, fontWeight: weight))
        }
        #expect(face("monospace") == "DejaVu Sans Mono")
        #expect(face("'Courier New', monospace", 700) == "DejaVu Sans Mono")
        #expect(face("serif") == "DejaVu Serif")
        #expect(face("sans-serif") == "DejaVu Sans" && face("Helvetica") == "DejaVu Sans")
        // One font given (--font): its own family for every text.
        let given = FontSet(font: try TrueTypeFont(path: folder + "DejaVuSerif.ttf"))
        #expect(given.faceName(for: TextDrawing(string: "x", origin: .zero, fontFamily: "monospace")) == "DejaVu Serif")
    }
}
