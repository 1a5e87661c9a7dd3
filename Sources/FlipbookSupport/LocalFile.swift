#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole files read with the C library (open, fstat, read): how scenes and fonts are loaded without
/// Foundation, whose loading is about 4 ms of every process's start-up. (The lowest module holds it
/// so that every module above can share it.)
public enum LocalFile {
    /// What a path names.
    public enum Kind: Sendable { case missing, folder, file }

    /// What `path` names: nothing, a folder, or something else (a file, a device, a pipe).
    public static func kind(atPath path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return info.st_mode & S_IFMT == S_IFDIR ? .folder : .file
    }

    /// The bytes of the file at `path`, read to its end; nil when it cannot be opened or read, or is a
    /// folder.
    public static func contents(atPath path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return nil }
        var bytes: [UInt8] = []
        var chunk = max(Int(info.st_size) + 1, 1 << 16)
        while true {
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: chunk))
            let got = bytes.withUnsafeMutableBufferPointer { read(fd, $0.baseAddress! + start, chunk) }
            if got < 0 {
                bytes.removeLast(chunk)
                if errno == EINTR { continue }
                return nil
            }
            bytes.removeLast(chunk - got)
            if got == 0 { return bytes }
            chunk = max(chunk, 1 << 16)
        }
    }
}
