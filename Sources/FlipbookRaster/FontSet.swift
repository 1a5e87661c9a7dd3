import Flipbook
import FlipbookSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fonts text is drawn with: one given font for everything, or the system's DejaVu family chosen
/// by the CSS generic family (monospace → DejaVu Sans Mono, serif → DejaVu Serif, anything else →
/// DejaVu Sans) and weight (≥ 600 → bold), as librsvg's fontconfig picks them on Debian.
public final class FontSet: TextFonts, @unchecked Sendable {
    private let fixed: TrueTypeFont?
    private let folder: String
    private var loaded: [String: TrueTypeFont?] = [:]
    private let lock = CacheLock()

    /// One font for all text.
    public init(font: TrueTypeFont) {
        fixed = font
        folder = ""
    }

    /// The fonts text is drawn with when none is given: the system's DejaVu family, else the first of
    /// `TrueTypeFont.defaultPaths` for everything; nil when there is none. One set for the process
    /// (found and loaded the first time a face is asked for), so each render of a batch does not read
    /// the font files again.
    public static func system() -> FontSet? { shared }

    private static let shared: FontSet? =
        FontSet(systemFolder: "/usr/share/fonts/truetype/dejavu") ?? TrueTypeFont.systemDefault().map(FontSet.init(font:))

    /// The DejaVu fonts in `folder`, or nil when its regular sans face is missing.
    public init?(systemFolder folder: String = "/usr/share/fonts/truetype/dejavu") {
        guard LocalFile.kind(atPath: folder + "/DejaVuSans.ttf") == .file else { return nil }
        fixed = nil
        self.folder = folder
    }

    /// The font for a CSS family list and weight.
    public func font(family: String, weight: Double) -> TrueTypeFont? {
        if let fixed { return fixed }
        let name = Self.faceFile(family: family, weight: weight)
        lock.lock()
        defer { lock.unlock() }
        if let hit = loaded[name] { return hit }
        let font = (try? TrueTypeFont(path: "\(folder)/\(name).ttf")) ?? (try? TrueTypeFont(path: "\(folder)/DejaVuSans.ttf"))
        loaded[name] = font
        return font
    }
}

extension FontSet {
    /// The DejaVu face's file name (without weight) for a CSS family list: "DejaVuSansMono",
    /// "DejaVuSerif" or "DejaVuSans".
    static func dejaVuFace(family: String) -> String {
        let generic = family.lowercased()
        return generic.contains("mono") || generic.contains("courier") ? "DejaVuSansMono"
            : (generic.contains("serif") && !generic.contains("sans") ? "DejaVuSerif" : "DejaVuSans")
    }

    /// The DejaVu face file's name (without ".ttf") for a family list and weight: "DejaVuSans-Bold".
    static func faceFile(family: String, weight: Double) -> String {
        dejaVuFace(family: family) + (weight >= 600 ? "-Bold" : "")
    }

    /// The family name of the face `text` is drawn with: the given font's own (its `name` table),
    /// or "DejaVu Sans", "DejaVu Sans Mono" or "DejaVu Serif"; nil when no font serves it.
    public func faceName(for text: TextDrawing) -> String? {
        guard let font = font(family: text.fontFamily, weight: text.fontWeight) else { return nil }
        if fixed != nil { return font.familyName }
        return switch Self.dejaVuFace(family: text.fontFamily) {
        case "DejaVuSansMono": font.familyName ?? "DejaVu Sans Mono"
        case "DejaVuSerif": font.familyName ?? "DejaVu Serif"
        default: font.familyName ?? "DejaVu Sans"
        }
    }

    /// A text's glyph outlines as one path in its layer's space: glyphs placed one after another by
    /// their advances and pair kerning (as the raster frames lay text out), shifted for the alignment,
    /// font units scaled by size / unitsPerEm with y flipped at the baseline. nil when no font serves
    /// the family.
    public func outline(of text: TextDrawing) -> Path? {
        guard let font = font(family: text.fontFamily, weight: text.fontWeight) else { return nil }
        var elements: [Path.Element] = []
        for (glyph, place) in font.placedGlyphs(text) {
            elements += font.outline(glyph).applying(place).elements
        }
        return Path(elements)
    }

    /// The glyphs of `text` as `outline(of:)` places them, each outline once (`GlyphRun`), the face
    /// named by its file ("DejaVuSans-Bold", or "given" for the one font of `init(font:)`).
    public func glyphRun(of text: TextDrawing) -> GlyphRun? {
        guard let font = font(family: text.fontFamily, weight: text.fontWeight) else { return nil }
        let glyphs = font.glyphPlacements(text)
        var outlines: [Int: Path] = [:]
        for g in glyphs where outlines[g.glyph] == nil { outlines[g.glyph] = font.outline(g.glyph) }
        let face = fixed != nil ? "given" : Self.faceFile(family: text.fontFamily, weight: text.fontWeight)
        return GlyphRun(face: face, unitsPerEm: font.unitsPerEm, glyphs: glyphs, outlines: outlines)
    }
}

extension TrueTypeFont {
    /// Each glyph of `text` with its origin's distance along the baseline in font units: advances and
    /// pair kerning from the text's origin, shifted for the alignment.
    func glyphPlacements(_ text: TextDrawing) -> [GlyphRun.Placed] {
        var advance = 0.0
        var glyphs: [GlyphRun.Placed] = []
        var previous: Int?
        // A tab, line break or carriage return is one space, as SVG draws it in a text of one line
        // (`SVGMarkup.needsPreservedSpace`), not the font's missing-glyph box; a carriage return and
        // line feed together are one break, as XML reads them (XML 1.0, 2.11).
        var afterReturn = false
        for scalar in text.string.unicodeScalars {
            defer { afterReturn = scalar == "\r" }
            if afterReturn && scalar == "\n" { continue }
            let g = glyph(for: scalar == "\t" || scalar == "\n" || scalar == "\r" ? " " : scalar)
            if let previous { advance += kerning(previous, g) }
            glyphs.append(GlyphRun.Placed(glyph: g, x: advance))
            advance += self.advance(g)
            previous = g
        }
        let shift = switch text.alignment {
        case .left: 0.0
        case .center: -advance / 2
        case .right: -advance
        }
        return glyphs.map { GlyphRun.Placed(glyph: $0.glyph, x: $0.x + shift) }
    }

    /// Each glyph of `text` with the transform from font units to the text's layer space.
    func placedGlyphs(_ text: TextDrawing) -> [(Int, Transform2D)] {
        let size = text.fontSize / unitsPerEm
        // Font units, y up → layer space at the baseline, y down.
        return glyphPlacements(text).map { g in
            (g.glyph, Transform2D(a: size, b: 0, c: 0, d: -size, tx: text.origin.x + g.x * size, ty: text.origin.y))
        }
    }
}
