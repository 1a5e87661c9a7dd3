import FlipbookSupport
#if canImport(Glibc)
import Glibc
#endif

/// `.flipbook-frames`: the list of files Flipbook wrote into a frames folder, the only files a later
/// render may replace or remove there.
///
/// The file is one header line, `# flipbook frames 1` (with ` incomplete` while a render on a mount
/// point is moving frames in), then one name a line. Every name must be a frame name Flipbook writes
/// (`frame_` + at least four digits + `.svg` or `.png`): a manifest with anything else (`..`, a
/// path, another pattern) was not written by Flipbook and is refused as a whole, never trusted.
/// A listed name is Flipbook's only while it is also a regular file in the folder.
public struct FrameManifest: Hashable, Sendable {
    public static let fileName = Array(".flipbook-frames".utf8)
    static let header = "# flipbook frames 1"
    /// The largest manifest read: 64 MiB (a million frames take 16 MB).
    static let sizeLimit = 64 << 20

    /// The frame names listed, in order.
    public var names: [[UInt8]]
    /// Whether a render was moving frames in when it stopped (mount points only).
    public var incomplete: Bool

    public init(names: [[UInt8]], incomplete: Bool = false) {
        self.names = names
        self.incomplete = incomplete
    }

    /// Whether `name` is one Flipbook writes: `frame_`, four or more ASCII digits, `.svg` or `.png`.
    public static func isFrameName(_ name: [UInt8]) -> Bool {
        let prefix = Array("frame_".utf8)
        guard name.count >= prefix.count + 4 + 4, name.starts(with: prefix) else { return false }
        let ext = Array(name.suffix(4))
        guard ext == Array(".svg".utf8) || ext == Array(".png".utf8) else { return false }
        return name[prefix.count..<(name.count - 4)].allSatisfy { (0x30...0x39).contains($0) }
    }

    /// The file's bytes.
    var bytes: [UInt8] {
        var out = Array((Self.header + (incomplete ? " incomplete" : "") + "\n").utf8)
        for name in names { out += name + [0x0A] }
        return out
    }

    /// Reads the manifest in `folder`; nil when there is none.
    /// - Throws: `FileError` naming the manifest, the line and what was expected, when it is not a
    ///   regular file, is too large, or lists a name that is not a frame name.
    static func read(in folder: Directory) throws(FileError) -> FrameManifest? {
        let path = folder.path.appending(fileName)
        guard let st = folder.status(fileName) else { return nil }
        guard st.isRegularFile else { throw FileError("'\(path)' is not a regular file; Flipbook did not write it. Remove it to render into '\(folder.path)'") }
        guard st.st_size <= Self.sizeLimit else { throw FileError("'\(path)' is \(st.st_size) bytes, more than a manifest of Flipbook's can be (\(Self.sizeLimit)); remove it to render into '\(folder.path)'") }
        let fd = BytePath.withCString(fileName) { openat(folder.fd, $0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW) }
        guard fd >= 0 else { throw FileError.system("cannot read '\(path)'") }
        defer { close(fd) }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while data.count <= Self.sizeLimit {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw FileError.system("cannot read '\(path)'") }
            if n == 0 { break }
            data += chunk[..<n]
        }
        return try parse(data, path: path)
    }

    /// Parses manifest bytes; `path` names the file in errors.
    static func parse(_ data: [UInt8], path: BytePath) throws(FileError) -> FrameManifest {
        var manifest = FrameManifest(names: [])
        var seen = Set<[UInt8]>()
        for (index, line) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let name = Array(line)
            if name.isEmpty { continue }
            if name.first == UInt8(ascii: "#") {
                if index == 0 && name == Array((header + " incomplete").utf8) { manifest.incomplete = true }
                continue
            }
            guard isFrameName(name) else {
                throw FileError("'\(path)' line \(index + 1): '\(DisplayText.escaped(bytes: name, limit: 80))' is not a frame name Flipbook writes (frame_NNNN.svg or .png), so Flipbook did not write this manifest and will not delete what it lists; remove the manifest to render into '\(path.split.folder)'")
            }
            if seen.insert(name).inserted { manifest.names.append(name) }
        }
        return manifest
    }

    /// Writes the manifest into `folder` as `name` (a new file; fails if one exists), synced.
    func write(in folder: Directory, as name: [UInt8]) throws(FileError) {
        let fd = BytePath.withCString(name) { openat(folder.fd, $0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644) }
        guard fd >= 0 else { throw FileError.system("cannot write the manifest '\(folder.path.appending(name))'") }
        let failure = bytes.withUnsafeBytes { writeFully(fd, $0) }
        let closed = close(fd)
        if let code = failure { throw FileError("cannot write the manifest '\(folder.path.appending(name))': \(FileError.reason(code))", code: code) }
        guard closed == 0 else { throw FileError.system("cannot write the manifest '\(folder.path.appending(name))'") }
    }
}
