#if canImport(Glibc)
import Glibc
#endif

/// An open folder (a file descriptor with O_DIRECTORY), for calls relative to it: names inside stay
/// inside even if the folder is renamed, and nothing follows a symbolic link it did not ask to.
final class Directory {
    let fd: Int32
    /// The path it was opened at, for messages.
    let path: BytePath

    /// Opens the folder at `path`. Throws when it is missing or not a folder.
    init(_ path: BytePath) throws(FileError) {
        let fd = path.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else {
            let code = errno
            throw FileError(code == ENOENT ? "the folder '\(path)' does not exist"
                : code == ENOTDIR ? "'\(path)' is not a folder" : "cannot open the folder '\(path)': \(FileError.reason(code))", code: code)
        }
        self.fd = fd
        self.path = path
    }

    /// Opens the folder `name` inside this one, never following a symbolic link.
    init(in parent: Directory, _ name: [UInt8]) throws(FileError) {
        let fd = BytePath.withCString(name) { openat(parent.fd, $0, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW) }
        guard fd >= 0 else { throw FileError.system("cannot open the folder '\(parent.path.appending(name))'") }
        self.fd = fd
        self.path = parent.path.appending(name)
    }

    deinit { close(fd) }

    /// The status of `name` inside this folder, without following a symbolic link; nil when absent.
    func status(_ name: [UInt8]) -> stat? {
        var st = stat()
        let r = BytePath.withCString(name) { fstatat(fd, $0, &st, AT_SYMLINK_NOFOLLOW) }
        return r == 0 ? st : nil
    }

    /// The status of the folder itself.
    func status() -> stat {
        var st = stat()
        _ = fstat(fd, &st)
        return st
    }

    /// The names inside, without "." and "..", sorted bytewise (deterministic order).
    func names() throws(FileError) -> [[UInt8]] {
        let copy = dup(fd)
        guard copy >= 0, let dir = fdopendir(copy) else {
            let code = errno
            throw FileError.system("cannot list the folder '\(path)'", errno: code)
        }
        defer { closedir(dir) }
        rewinddir(dir)
        var result: [[UInt8]] = []
        // The name is read up to its terminating zero through a pointer to the field, never as the
        // whole `d_name` array: readdir's entries are packed to their names' lengths (`d_reclen`), so
        // the last one of a buffer can end well before 256 bytes on, where the next page may not be
        // mapped.
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(dir) {
            let field = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            let name = Array(UnsafeRawBufferPointer(start: field, count: strlen(field)))
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { result.append(name) }
        }
        return result.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Removes the file (not folder) `name`; true when it is gone.
    @discardableResult
    func unlink(_ name: [UInt8]) -> Bool {
        BytePath.withCString(name) { unlinkat(fd, $0, 0) } == 0
    }

    /// Removes the empty folder `name`; true when it is gone.
    @discardableResult
    func removeFolder(_ name: [UInt8]) -> Bool {
        BytePath.withCString(name) { unlinkat(fd, $0, AT_REMOVEDIR) } == 0
    }

    /// Flushes the folder's entries (names created, renamed, removed) to storage.
    func sync() throws(FileError) {
        guard fsync(fd) == 0 else { throw FileError.system("cannot sync the folder '\(path)'") }
    }
}

extension stat {
    var isRegularFile: Bool { st_mode & S_IFMT == S_IFREG }
    var isFolder: Bool { st_mode & S_IFMT == S_IFDIR }
    var isSymbolicLink: Bool { st_mode & S_IFMT == S_IFLNK }
}

/// Writes all of `bytes` to `fd`, retrying after EINTR and short writes; the errno of a failure.
func writeFully(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        if n == 0 { return EIO }
        offset += n
    }
    return nil
}

/// A random name part: 16 lowercase hexadecimal digits from the system's generator. Names of
/// temporary files only; never part of any output.
func randomTag() -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return hexDigits(generator.next())
}

/// `value` as 16 lowercase hexadecimal digits.
func hexDigits(_ value: UInt64) -> [UInt8] {
    let digits = Array("0123456789abcdef".utf8)
    return (0..<16).map { digits[Int((value >> (60 - 4 * UInt64($0))) & 15)] }
}

/// Whether `name` is `prefix` followed by exactly 16 lowercase hexadecimal digits and `suffix`.
func matchesTagged(_ name: [UInt8], prefix: [UInt8], suffix: [UInt8] = []) -> Bool {
    guard name.count == prefix.count + 16 + suffix.count, name.starts(with: prefix), name.suffix(suffix.count).elementsEqual(suffix) else { return false }
    return name[prefix.count..<(prefix.count + 16)].allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
}
