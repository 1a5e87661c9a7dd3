import Flipbook
import FlipbookSupport

/// How the SVG outputs write text: as `<text>` naming the face it is laid out with first, or as that
/// face's glyph outlines (`asPaths`), so that a frame looks the same in every viewer with no font
/// installed.
public struct SVGTextOptions: Sendable {
    /// The fonts the raster frames lay text out with (FlipbookRaster's `FontSet`); nil writes each
    /// text's own family list and leaves the face to the viewer. Default nil.
    public var fonts: (any TextFonts)?
    /// Writes each text as a path of its glyph outlines (where `fonts` has a face for it) instead of
    /// `<text>`. Default false.
    public var asPaths: Bool

    public init(fonts: (any TextFonts)? = nil, asPaths: Bool = false) {
        self.fonts = fonts
        self.asPaths = asPaths
    }

    /// `text` as the shape of its glyph outlines when writing text as paths and a face serves it.
    public func outlined(_ text: TextDrawing) -> ShapeDrawing? {
        guard asPaths, let fonts else { return nil }
        return text.outlined(with: fonts)
    }

    /// The `font-family` list to write for `text`: the face it is laid out with first (quoted when not
    /// a plain name), then the text's own list ("DejaVu Sans Mono, monospace"); the text's own list
    /// when no face serves it or the list already names the face first.
    public func familyList(_ text: TextDrawing) -> String {
        guard let face = fonts?.faceName(for: text), !face.isEmpty else { return text.fontFamily }
        let first = text.fontFamily.split(separator: ",").first.map { String($0).whitespaceTrimmedQuotes } ?? ""
        if first.lowercased() == face.lowercased() { return text.fontFamily }
        let plain = face.allSatisfy { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" } && !face.first!.isNumber
        let name = plain ? face : "'" + face.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
        return text.fontFamily.isEmpty ? name : name + ", " + text.fontFamily
    }
}

extension String {
    /// The text without white space and quotes at its ends (a CSS family name as written in a list).
    fileprivate var whitespaceTrimmedQuotes: String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace || c == "'" || c == "\"" { s.removeFirst() }
        while let c = s.last, c.isWhitespace || c == "'" || c == "\"" { s.removeLast() }
        return String(s)
    }
}
