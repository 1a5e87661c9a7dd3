import Flipbook
import FlipbookRaster
import FlipbookScenes
@testable import FlipbookSVG
import Foundation
import Testing

/// Spaces in text drawn as written in every output: SVG's default whitespace handling (SVG 1.1, 10.15:
/// tabs to spaces, spaces at the ends dropped, runs joined) would draw "   3.0 km" (a number padded by
/// "%6.1f") as "3.0 km", where the raster frames and glyph outlines keep every space.
struct TextSpaceTests {
    /// (text, whether it needs xml:space="preserve"), by the rule's three cases.
    static let table: [(String, Bool)] = [
        ("a b", false), ("3.0 km", false), ("", false), ("naïve café", false),
        ("a  b", true), (" lead", true), ("trail ", true), ("   3.0", true), ("tab\there", true), ("\t", true), (" ", true),
        ("line\nbreak", true), ("cr\r\nlf", true),
    ]

    @Test func preservedWhereSVGWouldDropOrJoinSpaces() {
        for (text, expected) in Self.table {
            #expect(SVGMarkup.needsPreservedSpace(text) == expected, "\(text.debugDescription)")
        }
    }

    static func scene(_ string: String) throws -> Scene {
        let json = #"{"flipbook": 1, "canvas": [200, 40], "duration": 1, "fps": 2, "layers": [{"id": "t", "type": "text", "frame": [0, 0, 200, 40], "string": "\#(string)"}]}"#
        return try SceneLoader().decode(Array(json.utf8), file: "t.json")
    }

    /// The frame and the animated SVG mark a padded text, and only such a text.
    @Test func framesAndTheAnimatedSVGMarkPaddedText() throws {
        for (string, marked) in [("   3.0 km", true), ("3.0 km", false), (#"tab\there"#, true)] {
            let scene = try Self.scene(string)
            #expect(scene.svgFrame(0).contains(#" xml:space="preserve">"#) == marked)
            #expect(scene.animatedSVG().svg.contains(#"xml:space="preserve""#) == marked)
        }
    }

    /// A tab, a line feed and a carriage return are each laid out as one space (its glyph and
    /// advance), not the font's missing-glyph box: what SVG draws for them in a preserved text.
    @Test func aTabOrLineBreakIsLaidOutAsASpace() throws {
        let fonts = try #require(FontSet.system())
        func run(_ s: String) throws -> GlyphRun { try #require(fonts.glyphRun(of: TextDrawing(string: s, origin: Point(0, 20), alignment: .center, fontSize: 20))) }
        let space = try run("a b")
        #expect(space.glyphs[1].glyph != 0)
        for other in ["a\tb", "a\nb", "a\rb"] { #expect(try run(other) == space) }
        // A carriage return and line feed together are one break, as XML reads them (XML 1.0, 2.11).
        #expect(try run("a\r\nb") == space)
        #expect(try run("a\r\rb") == run("a  b"))
    }
}
