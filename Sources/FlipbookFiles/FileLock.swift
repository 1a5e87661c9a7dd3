#if canImport(Glibc)
import Glibc
#endif

/// An exclusive lock held by a live process: a lock file locked with flock(2). The kernel drops it
/// when the process ends however it ends (SIGKILL included), in any PID namespace, so no process
/// ever decides from a PID whether another is alive.
///
/// The file is removed by its holder before it lets go; a process that opened the file just before
/// it was removed notices (the name no longer leads to the file it locked) and tries again.
final class FileLock {
    private let folder: Directory
    private let name: [UInt8]
    private var fd: Int32

    /// Takes the lock `name` in `folder` without waiting.
    /// - Throws: `FileError` with `busy` as its message when another process holds it, or the
    ///   system's reason when the file cannot be made.
    init(in folder: Directory, name: [UInt8], busy: @autoclosure () -> String) throws(FileError) {
        self.folder = folder
        self.name = name
        for _ in 0..<1000 {
            let fd = BytePath.withCString(name) { openat(folder.fd, $0, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644) }
            guard fd >= 0 else { throw FileError.system("cannot create the lock '\(folder.path.appending(name))'") }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                close(fd)
                if code == EWOULDBLOCK { throw FileError(busy(), code: code) }
                throw FileError.system("cannot lock '\(folder.path.appending(name))'", errno: code)
            }
            var held = stat()
            fstat(fd, &held)
            if let current = folder.status(name), current.st_ino == held.st_ino, current.st_dev == held.st_dev {
                self.fd = fd
                return
            }
            close(fd)   // removed or replaced between open and flock: the holder let go; again
        }
        throw FileError("cannot lock '\(folder.path.appending(name))': it keeps being replaced")
    }

    /// Removes the lock file and lets go.
    func release() {
        guard fd >= 0 else { return }
        folder.unlink(name)
        close(fd)
        fd = -1
    }

    deinit { release() }

    /// Whether the file `name` in `folder` can be locked now, i.e. no live process holds it. The
    /// caller may then remove what it guards. Never follows a symbolic link; false when it cannot tell.
    static func isAbandoned(in folder: Directory, _ name: [UInt8], folderEntry: Bool) -> Bool {
        let flags = O_RDONLY | O_CLOEXEC | O_NOFOLLOW | (folderEntry ? O_DIRECTORY : 0)
        let fd = BytePath.withCString(name) { openat(folder.fd, $0, flags) }
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return flock(fd, LOCK_EX | LOCK_NB) == 0
    }
}
