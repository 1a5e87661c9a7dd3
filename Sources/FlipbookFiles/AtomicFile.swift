#if canImport(Glibc)
import Glibc
#endif

/// Writes one file all at once: its bytes go to a temporary file beside it (same folder, so same
/// file system), are synced, and the temporary file is renamed over the destination. A reader sees
/// the old file or the new one, never a part; a failure (a full disk, a signal) leaves the old file
/// untouched and no temporary file behind.
///
/// Temporary files are named `.flipbook-tmp-<16 hex>` (short, whatever the destination's name) and
/// locked by the writing process; one left by a killed process is removed by the next write into
/// the same folder, which can tell it is abandoned because nobody holds its lock.
public enum AtomicFile {
    static let temporaryPrefix = Array(".flipbook-tmp-".utf8)

    /// Writes `bytes` to `path`, replacing any file there (its permissions are kept). With
    /// `listings`, the folder is looked at for abandoned temporary files once for the run, not at
    /// every write (`FolderListings`).
    /// - Throws: `FileError` naming the path and the system's reason: a missing folder, no
    ///   permission, no space, a name too long, a folder in the way, an interruption.
    public static func write(_ bytes: [UInt8], to path: BytePath, listings: FolderListings? = nil) throws(FileError) {
        let (folderPath, name) = path.split
        guard !name.isEmpty, name != Array(".".utf8), name != Array("..".utf8) else {
            throw FileError("cannot write '\(path)': it names a folder, not a file")
        }
        let folder: Directory
        do {
            folder = try Directory(folderPath)
        } catch {
            throw FileError("cannot write '\(path)': \(error.message)", code: error.code)
        }
        if let existing = folder.status(name), existing.isFolder {
            throw FileError("cannot write '\(path)': it is a folder")
        }
        removeAbandoned(in: folder, listings: listings)
        Interruption.beginOutput()
        if let sig = Interruption.pending { throw .interrupted(sig, "'\(path)' was not written") }
        let temporary = temporaryPrefix + randomTag()
        let fd = BytePath.withCString(temporary) { openat(folder.fd, $0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666) }
        guard fd >= 0 else {
            let code = errno
            throw FileError(code == EACCES || code == EROFS || code == EPERM
                ? "cannot write '\(path)': the folder '\(folderPath)' is not writable (\(FileError.reason(code)))"
                : "cannot write '\(path)': \(FileError.reason(code))", code: code)
        }
        var done = false
        defer {
            close(fd)
            if !done { folder.unlink(temporary) }
        }
        flock(fd, LOCK_EX)
        if let existing = folder.status(name), existing.isRegularFile { fchmod(fd, existing.st_mode & 0o7777) }
        let failure = bytes.withUnsafeBytes { writeFully(fd, $0) }
        if let code = failure { throw FileError("cannot write '\(path)': \(FileError.reason(code))", code: code) }
        guard fsync(fd) == 0 else { throw FileError.system("cannot write '\(path)'") }
        try Interruption.withSignalsBlocked { () throws(FileError) in
            if let sig = Interruption.pending { throw .interrupted(sig, "'\(path)' was left as it was") }
            TestHooks.pause("atomic-renaming")
            let moved = BytePath.withCString(temporary) { from in BytePath.withCString(name) { renameat(folder.fd, from, folder.fd, $0) } }
            guard moved == 0 else { throw FileError.system("cannot write '\(path)'") }
            done = true
        }
        try? folder.sync()
    }

    /// Removes `.flipbook-tmp-*` files in `folder` that no live process holds. An empty one is left:
    /// a writer creates its file and then locks it, so between the two another writer's cleaning
    /// would find it unlocked (two threads of a `--data` batch writing into one folder did, 2 rows in
    /// 2,000); a writer locks before its first byte, so a file with bytes and no lock is abandoned.
    static func removeAbandoned(in folder: Directory, listings: FolderListings?) {
        guard let names = try? folder.names(startingWith: temporaryPrefix, listings: listings) else { return }
        for name in names where matchesTagged(name, prefix: temporaryPrefix) {
            if let st = folder.status(name), st.isRegularFile, st.st_size > 0, FileLock.isAbandoned(in: folder, name, folderEntry: false) {
                folder.unlink(name)
            }
        }
    }
}
