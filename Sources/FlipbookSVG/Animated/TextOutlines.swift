import Flipbook
import FlipbookSupport

/// Texts turned into the shapes of their glyph outlines (`SVGTextOptions.asPaths`), each text made
/// once however many instants and threads show it; where the fonts give glyphs, each outline's glyphs
/// and their places (`glyphTexts`), for `AnimatedSVG.minified()` to draw each glyph once.
final class TextOutlines: @unchecked Sendable {
    private let options: SVGTextOptions
    private let lock = CacheLock()
    private var shapes: [TextDrawing: ShapeDrawing?] = [:]
    private var placed: [Path: PlacedGlyphs] = [:]
    private var tooMany = false
    /// Distinct outlines recorded with their glyphs at most; past it none are (`glyphTexts` is empty,
    /// whatever order the threads met them in).
    static let glyphTextLimit = 4_096

    init(_ options: SVGTextOptions) {
        self.options = options
    }

    /// The shape of `text`'s glyph outlines, nil when no face serves it (it stays a text).
    func shape(of text: TextDrawing) -> ShapeDrawing? {
        lock.lock()
        if let hit = shapes[text] {
            lock.unlock()
            return hit
        }
        lock.unlock()
        let made = options.outlined(text)
        let glyphs = made == nil ? nil : options.fonts?.glyphRun(of: text).map { run in
            PlacedGlyphs(run: run, origin: text.origin, scale: text.fontSize / run.unitsPerEm)
        }
        lock.lock()
        if shapes.count >= 4_096 { shapes.removeAll() }
        shapes[text] = made
        if let made, let glyphs, !tooMany, placed[made.path] == nil {
            if placed.count >= Self.glyphTextLimit { tooMany = true } else { placed[made.path] = glyphs }
        }
        lock.unlock()
        return made
    }

    /// Each outline made with the glyphs it is made of (the same outline from two texts: either's,
    /// which draw the same), empty past `glyphTextLimit` distinct outlines.
    var glyphTexts: [Path: PlacedGlyphs] {
        lock.lock()
        defer { lock.unlock() }
        return tooMany ? [:] : placed
    }
}
