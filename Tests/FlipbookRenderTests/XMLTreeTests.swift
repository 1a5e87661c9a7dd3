import FlipbookSVG
import Testing

/// The XML reader `flipbook verify` reads files with: what SVG files written by others hold.
@Suite struct XMLTreeTests {
    @Test func elementsAttributesTextAndLines() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
        <!-- a comment <g> -->
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
          <style><![CDATA[ #a { fill: red } /* & < */ ]]></style>
          <text x='1' y="2">A &amp; B &lt;&#x263A;&#65;&gt;</text>
          <g id="a"><use xlink:href="#b"/></g>
        </svg>
        """
        let root = try XMLElement.parse(Array(text.utf8))
        #expect(root.name == "svg" && root.line == 4)
        #expect(root.children.map(\.name) == ["style", "text", "g"])
        #expect(root.children[0].text == " #a { fill: red } /* & < */ ")
        #expect(root.children[1].text == "A & B <☺A>" && root.children[1].attribute("x") == "1" && root.children[1].line == 6)
        #expect(root.children[2].children.first?.attribute("xlink:href") == "#b")
    }

    @Test func malformedFilesNameTheLine() {
        #expect(throws: XMLError.self) { try XMLElement.parse(Array("<svg>\n<g>\n</svg>".utf8)) }
        let cases: [(String, String)] = [
            ("<svg>\n<g>\n</svg>", "line 3: </svg> closes <g> (line 2)"),
            ("<svg a=1/>", "line 1: attribute a of <svg>: expected a quoted value"),
            ("<svg>&nbsp;</svg>", "line 1: unknown entity &nbsp;"),
            ("<svg/>text", "line 1: text after the document's element"),
            ("<svg><g>", "line 1: <g> (line 1) is not closed"),
        ]
        for (text, message) in cases {
            do {
                _ = try XMLElement.parse(Array(text.utf8))
                Issue.record("\(text) parsed")
            } catch {
                #expect(error.description == message)
            }
        }
    }
}
