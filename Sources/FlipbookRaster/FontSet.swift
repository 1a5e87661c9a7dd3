import Easing
import Flipbook
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
    /// `TrueTypeFont.defaultPaths` for everything; nil when there is none.
    public static func system() -> FontSet? {
        FontSet(systemFolder: "/usr/share/fonts/truetype/dejavu") ?? TrueTypeFont.systemDefault().map(FontSet.init(font:))
    }

    /// The DejaVu fonts in `folder`, or nil when its regular sans face is missing.
    public init?(systemFolder folder: String = "/usr/share/fonts/truetype/dejavu") {
        guard LocalFile.kind(atPath: folder + "/DejaVuSans.ttf") == .file else { return nil }
        fixed = nil
        self.folder = folder
    }

    /// The font for a CSS family list and weight.
    public func font(family: String, weight: Double) -> TrueTypeFont? {
        if let fixed { return fixed }
        var name = Self.dejaVuFace(family: family)
        if weight >= 600 { name += "-Bold" }
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
}

extension TrueTypeFont {
    /// Each glyph of `text` with the transform from font units to the text's layer space.
    func placedGlyphs(_ text: TextDrawing) -> [(Int, Transform2D)] {
        let size = text.fontSize / unitsPerEm
        var advance = 0.0
        var glyphs: [(Int, Double)] = []
        var previous: Int?
        for scalar in text.string.unicodeScalars {
            let g = glyph(for: scalar)
            if let previous { advance += kerning(previous, g) * size }
            glyphs.append((g, advance))
            advance += self.advance(g) * size
            previous = g
        }
        let shift = switch text.alignment {
        case .left: 0.0
        case .center: -advance / 2
        case .right: -advance
        }
        // Font units, y up → layer space at the baseline, y down.
        return glyphs.map { g, x in (g, Transform2D(a: size, b: 0, c: 0, d: -size, tx: text.origin.x + shift + x, ty: text.origin.y)) }
    }
}
