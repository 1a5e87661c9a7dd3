import FlipbookFiles
import FlipbookRaster
import FlipbookScenes

/// Scene and Lottie files that come compressed, recognised by their first bytes whatever their
/// name: a Telegram sticker (`.tgs`, gzipped Lottie) and a dotLottie file (`.lottie`, a zip of a
/// `manifest.json` and the animations: `animations/ID.json` in version 1, `a/ID.json` in version 2).
/// Every command that reads a scene reads them as the JSON they hold.
enum CompressedInput {
    /// The JSON of the file whose bytes are `bytes`: them as they are, or inflated (at most `limit`
    /// bytes, the limit for a scene file). Of a dotLottie file, the first animation its manifest
    /// lists (else the first `.json` under `animations/` or `a/`).
    /// - Throws: `FileError` saying why the file cannot be inflated, or that the archive holds no
    ///   animation.
    static func json(of bytes: [UInt8], limit: Int) throws(FileError) -> [UInt8] {
        guard Gzip.isGzip(bytes) || ZipArchive.isZip(bytes) else { return bytes }
        let found: [UInt8]?
        do {
            found = try inflated(bytes, limit: limit)
        } catch {
            throw FileError("cannot be read as \(Gzip.isGzip(bytes) ? "a gzipped (.tgs) Lottie file" : "a dotLottie (.lottie) archive"): \(error.message)")
        }
        guard let found else {
            throw FileError("is a zip archive without a Lottie animation (a dotLottie file holds animations/ID.json or a/ID.json)")
        }
        return found
    }

    /// The inflated JSON, nil for an archive that holds no animation.
    private static func inflated(_ bytes: [UInt8], limit: Int) throws(InflateError) -> [UInt8]? {
        if Gzip.isGzip(bytes) { return try Gzip.decompress(bytes, limit: limit) }
        let archive = try ZipArchive(bytes)
        var names: [String] = []
        if let manifest = try archive.contents(of: "manifest.json", limit: limit),
           let parsed = try? JSONParser.parse(manifest), case .object(let members) = parsed.kind,
           let animations = members.first(where: { $0.key == "animations" })?.value, case .array(let list) = animations.kind {
            for item in list {
                guard case .object(let fields) = item.kind, let id = fields.first(where: { $0.key == "id" })?.value,
                      case .string(let name) = id.kind else { continue }
                names += ["animations/\(name).json", "a/\(name).json"]
            }
        }
        names += archive.entries.map(\.name).filter { ($0.hasPrefix("animations/") || $0.hasPrefix("a/")) && $0.hasSuffix(".json") }
        for name in names {
            if let json = try archive.contents(of: name, limit: limit) { return json }
        }
        return nil
    }
}
