import Foundation

/// The fonts text is drawn with: one given font for everything, or the system's DejaVu family chosen
/// by the CSS generic family (monospace → DejaVu Sans Mono, serif → DejaVu Serif, anything else →
/// DejaVu Sans) and weight (≥ 600 → bold), as librsvg's fontconfig picks them on Debian.
public final class FontSet: @unchecked Sendable {
    private let fixed: TrueTypeFont?
    private let folder: String
    private var loaded: [String: TrueTypeFont?] = [:]
    private let lock = NSLock()

    /// One font for all text.
    public init(font: TrueTypeFont) {
        fixed = font
        folder = ""
    }

    /// The DejaVu fonts in `folder`, or nil when its regular sans face is missing.
    public init?(systemFolder folder: String = "/usr/share/fonts/truetype/dejavu") {
        guard FileManager.default.fileExists(atPath: folder + "/DejaVuSans.ttf") else { return nil }
        fixed = nil
        self.folder = folder
    }

    /// The font for a CSS family list and weight.
    public func font(family: String, weight: Double) -> TrueTypeFont? {
        if let fixed { return fixed }
        let generic = family.lowercased()
        var name = generic.contains("mono") || generic.contains("courier") ? "DejaVuSansMono"
            : (generic.contains("serif") && !generic.contains("sans") ? "DejaVuSerif" : "DejaVuSans")
        if weight >= 600 { name += "-Bold" }
        lock.lock()
        defer { lock.unlock() }
        if let hit = loaded[name] { return hit }
        let font = (try? TrueTypeFont(path: "\(folder)/\(name).ttf")) ?? (try? TrueTypeFont(path: "\(folder)/DejaVuSans.ttf"))
        loaded[name] = font
        return font
    }
}
