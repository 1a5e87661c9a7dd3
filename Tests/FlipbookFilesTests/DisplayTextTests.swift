@testable import FlipbookFiles
import FlipbookSupport
import Testing

/// Paths as bytes, and text made safe for a terminal.
struct DisplayTextTests {
    @Test func controlCharactersAreEscaped() {
        let path = BytePath("a\u{1B}]0;title\u{07}\r\nb")
        #expect(path.description == "a\\u{1B}]0;title\\u{7}\\r\\nb")
        #expect(!path.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }

    @Test func invalidUTF8IsShownAsBytesAndKeptAsBytes() {
        let bytes: [UInt8] = Array("bad".utf8) + [0xFF, 0xFE]
        let path = BytePath(bytes: bytes)
        #expect(path.bytes == bytes)
        #expect(path.description == "bad\\xFF\\xFE")
        // An overlong encoding and a lone surrogate (ED A0 80) are invalid UTF-8 too.
        #expect(BytePath(bytes: [0xC0, 0xAF]).description == "\\xC0\\xAF")
        #expect(BytePath(bytes: [0xED, 0xA0, 0x80]).description == "\\xED\\xA0\\x80")
        #expect(BytePath("é☃😀").description == "é☃😀")
    }

    @Test func longTextIsShortened() {
        let key = String(repeating: "k", count: 10_000_000)
        let shown = BytePath(key).description
        #expect(shown.utf8.count < 400)
        #expect(shown.contains("…(9999700 bytes)…"))
        // A multi-byte character is never cut in two.
        let snow = String(repeating: "☃", count: 1000)
        #expect(!BytePath(snow).description.contains("\\x"))
    }

    @Test(arguments: [("out/frames", "out", "frames"), ("frames", ".", "frames"), ("/frames/", "/", "frames"),
                      ("a/b/c//", "a/b", "c"), ("/", "/", "")])
    func split(_ path: String, _ folder: String, _ name: String) {
        let (f, n) = BytePath(path).split
        #expect(f == BytePath(folder))
        #expect(n == Array(name.utf8))
    }
}
