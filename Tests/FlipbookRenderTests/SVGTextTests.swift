import Flipbook
import Testing
@testable import FlipbookSVG

/// How the SVG outputs write text with `SVGTextOptions`: the face named first, or its outlines.
struct SVGTextTests {
    /// Fonts that name every text's face "Face One" and outline it as a 10 × 10 square at its origin.
    struct SquareFonts: TextFonts {
        var face: String? = "Face One"
        func faceName(for text: TextDrawing) -> String? { face }
        func outline(of text: TextDrawing) -> Path? {
            guard face != nil else { return nil }
            var path = Path()
            path.move(to: text.origin)
            path.line(to: Point(text.origin.x + 10, text.origin.y))
            path.line(to: Point(text.origin.x + 10, text.origin.y - 10))
            path.close()
            return path
        }
    }

    static let cases: [(String, String?, String)] = [
        ("monospace", "Face One", "Face One, monospace"),
        ("face one, serif", "Face One", "face one, serif"),           // already first: not named twice
        ("'Face One'", "Face One", "'Face One'"),
        ("sans-serif", "Odd's Font", "'Odd\\'s Font', sans-serif"),   // a name that is not plain is quoted
        ("sans-serif", "3D", "'3D', sans-serif"),
        ("sans-serif", nil, "sans-serif"),                             // no face: the text's own list
    ]

    @Test(arguments: cases.indices)
    func familyListNamesTheFaceFirst(_ i: Int) {
        let (family, face, expected) = Self.cases[i]
        let options = SVGTextOptions(fonts: SquareFonts(face: face))
        #expect(options.familyList(TextDrawing(string: "x", origin: .zero, fontFamily: family)) == expected)
    }

    /// The frame writer writes the family list, and as paths the outline filled with the text's colour
    /// (no `<text>`); without fonts the text's own family; a text no face serves stays a text.
    @Test func theFrameWriterWritesTheFaceOrTheOutline() {
        var layer = Layer(id: "t", type: TextLayer.self)
        layer.frame = Rect(x: 0, y: 0, width: 40, height: 20)
        layer[.string] = "hi"
        layer[.fontFamily] = "monospace"
        layer[.foregroundColor] = Color(red: 1, green: 0, blue: 0)
        let node = layer.renderNode()!
        guard case .text(let text)? = node.items.first else { Issue.record("no text item"); return }
        let (x, y) = (SVGNumber.format(text.origin.x), SVGNumber.format(text.origin.y))
        let (x1, y1) = (SVGNumber.format(text.origin.x + 10), SVGNumber.format(text.origin.y - 10))
        let plain = SVGFrameWriter(canvas: Size(40, 40)).document(for: node)
        #expect(plain.contains("font-family=\"monospace\""))
        let named = SVGFrameWriter(canvas: Size(40, 40), text: SVGTextOptions(fonts: SquareFonts())).document(for: node)
        #expect(named.contains("font-family=\"Face One, monospace\"") && named.contains(">hi</text>"))
        let outlined = SVGFrameWriter(canvas: Size(40, 40), text: SVGTextOptions(fonts: SquareFonts(), asPaths: true)).document(for: node)
        #expect(!outlined.contains("<text") && outlined.contains("d=\"M\(x) \(y)L\(x1) \(y)L\(x1) \(y1)Z\"") && outlined.contains("fill=\"#ff0000\""))
        let faceless = SVGFrameWriter(canvas: Size(40, 40), text: SVGTextOptions(fonts: SquareFonts(face: nil), asPaths: true)).document(for: node)
        #expect(faceless.contains(">hi</text>"))
    }
}
