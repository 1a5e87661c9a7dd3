#if canImport(Glibc)
import Glibc
#endif

/// Whether a folder is a mount point (a Docker volume, a tmpfs, a bind mount), which cannot be
/// renamed or swapped: read from /proc/self/mountinfo, comparing canonical paths.
enum MountPoints {
    /// True when `folder` is listed as a mount point; false when it is not or the list is unreadable.
    static func isMountPoint(_ folder: Directory) -> Bool {
        guard let real = folder.path.withCString({ realpath($0, nil) }) else { return false }
        let canonical = Array(String(cString: real).utf8)
        free(real)
        guard let file = fopen("/proc/self/mountinfo", "r") else { return false }
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            let fields = Array(String(cString: line).utf8).split(separator: UInt8(ascii: " "))
            guard fields.count > 4, unescape(Array(fields[4])) == canonical else { continue }
            return true
        }
        return false
    }

    /// mountinfo's octal escapes (`\040` for a space) undone.
    static func unescape(_ field: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < field.count {
            if field[i] == UInt8(ascii: "\\"), field.count - i >= 4,
               field[(i + 1)...(i + 3)].allSatisfy({ (0x30...0x37).contains($0) }) {
                let digits = field[(i + 1)...(i + 3)].map { Int($0 - 0x30) }
                out.append(UInt8(truncatingIfNeeded: digits[0] * 64 + digits[1] * 8 + digits[2]))
                i += 4
            } else {
                out.append(field[i])
                i += 1
            }
        }
        return out
    }
}
