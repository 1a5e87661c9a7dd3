#if canImport(Glibc)
import Glibc
#endif

/// Writes a folder of frames all at once, or not at all.
///
/// The frames go into a hidden staging folder on the destination's file system, locked by this
/// process (flock), and are synced once at the end (one syncfs, not one fsync per file). Then:
/// - a new destination: the staging folder is renamed into place (RENAME_NOREPLACE);
/// - an existing folder: the staging folder and the destination are swapped in one step
///   (`renameat2(RENAME_EXCHANGE)`), so a reader, a kill or a power cut sees the old set or the new
///   set, never a mix; the old set is then removed;
/// - a folder that is a mount point (a Docker volume, a tmpfs), which cannot be swapped: the staging
///   folder lives inside it and frames are renamed in one by one, after the manifest has been marked
///   `incomplete`; a render killed then leaves that mark, and the next render replaces the whole set.
///
/// What Flipbook may replace or remove: only names in the folder's `FrameManifest` that are frame
/// names and regular files. Anything else is the user's: without `force` the render is refused; with
/// `force` it is kept (hard-linked into the new set, so it is never absent or lost), except that a
/// user's folder, or a user's file with the name of a frame this render writes, is still refused.
///
/// One render at a time per destination: a second one is refused while the first holds the lock.
public final class FrameFolder {
    /// The folder the frames are for, as the user named it.
    public let destination: BytePath
    /// Messages for the user about what was kept (a leftover of an interrupted render that held files
    /// Flipbook could not prove it wrote, renamed to a visible name). Empty in the usual case.
    public internal(set) var notes: [String] = []

    let parent: Directory
    let name: [UInt8]
    let onMount: Bool
    /// Where the lock and the staging folder live: the parent, or the destination on a mount point.
    let home: Directory
    let force: Bool
    let planned: Set<[UInt8]>
    let lock: FileLock
    let stageName: [UInt8]
    let stage: Directory
    let key: [UInt8]
    var written: [[UInt8]] = []
    var finished = false

    /// Prepares to write the frames `names` (in order) for `path`.
    /// - Throws: `FileError` when the path is empty or names no folder, its parent is missing or not
    ///   writable, it is a file or a symbolic link, another render holds it, its manifest was not
    ///   written by Flipbook, or it holds files Flipbook did not write (without `force`; with it, a
    ///   folder of the user's or a file named as one of `names`).
    /// `listings`: for a run writing many frame folders side by side, their parent is looked at for
    /// abandoned staging folders once, not for every folder (`FolderListings`).
    public init(_ path: BytePath, names: [String], force: Bool, listings: FolderListings? = nil) throws(FileError) {
        guard !path.isEmpty else { throw FileError("no folder given for the frames") }
        destination = path
        let (parentPath, name) = path.split
        guard !name.isEmpty, name != Array(".".utf8), name != Array("..".utf8), name != Array("/".utf8) else {
            throw FileError("cannot write frames to '\(path)': name the folder itself (for example ../frames), not '.', '..' or '/'")
        }
        self.name = name
        self.force = force
        planned = Set(names.map { Array($0.utf8) })
        do {
            parent = try Directory(parentPath)
        } catch {
            throw FileError("cannot write frames to '\(path)': \(error.message)", code: error.code)
        }
        var existing: Directory?
        var mount = false
        if let st = parent.status(name) {
            guard !st.isSymbolicLink else { throw FileError("cannot write frames to '\(path)': it is a symbolic link; give the folder it leads to") }
            guard st.isFolder else { throw FileError("cannot write frames to '\(path)': it is a file, not a folder") }
            let folder = try Directory(in: parent, name)
            mount = st.st_dev != parent.status().st_dev || MountPoints.isMountPoint(folder)
            existing = folder
        }
        onMount = mount
        let home = mount ? existing! : parent
        self.home = home
        let key = Self.key(mount ? [] : name)
        self.key = key
        Interruption.beginOutput()
        lock = try FileLock(in: home, name: Array(".flipbook-lock-".utf8) + key,
                            busy: "another flipbook render is writing to '\(path)'; wait for it to finish or choose another folder")
        var notes: [String] = []
        Self.recoverAbandoned(in: home, key: key, destination: existing, listings: listings, notes: &notes)
        self.notes = notes
        if let existing { _ = try Self.foreignEntries(in: existing, planned: planned, force: force, path: path, stagePrefix: mount ? Self.stagePrefix(key) : nil) }
        if let sig = Interruption.pending { throw .interrupted(sig, "'\(path)' was left as it was") }
        let stageName = Self.stagePrefix(key) + randomTag()
        self.stageName = stageName
        let made = BytePath.withCString(stageName) { mkdirat(home.fd, $0, 0o777) }
        guard made == 0 else {
            let code = errno
            throw FileError(code == EACCES || code == EROFS || code == EPERM
                ? "cannot write frames to '\(path)': the folder '\(home.path)' is not writable (\(FileError.reason(code)))"
                : "cannot write frames to '\(path)': \(FileError.reason(code))", code: code)
        }
        let stage: Directory
        do {
            stage = try Directory(in: home, stageName)
        } catch {
            home.removeFolder(stageName)
            throw error
        }
        self.stage = stage
        flock(stage.fd, LOCK_EX)
        if let existing, !mount { fchmod(stage.fd, existing.status().st_mode & 0o7777) }
        do {
            // The planned list first, so that a staging folder left by a kill can be cleaned by the rule
            // that a frame name is removed only when a manifest beside it lists it.
            try FrameManifest(names: names.map { Array($0.utf8) }).write(in: stage, as: FrameManifest.fileName)
        } catch {
            discard()
            throw error
        }
    }

    /// Writes the frame `name` (one of the planned names) into the staging folder; not synced yet.
    /// - Throws: `FileError` with the system's reason (no space, …), or when a signal came.
    public func write(_ name: String, _ bytes: UnsafeRawBufferPointer) throws(FileError) {
        if let sig = Interruption.pending { throw .interrupted(sig, "'\(destination)' was left as it was") }
        let file = Array(name.utf8)
        precondition(planned.contains(file), "FrameFolder.write: '\(name)' was not planned")
        let fd = BytePath.withCString(file) { openat(stage.fd, $0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666) }
        guard fd >= 0 else { throw FileError.system("cannot write '\(name)' for '\(destination)'") }
        let failure = writeFully(fd, bytes)
        let closed = close(fd)
        if let code = failure { throw FileError("cannot write '\(name)' for '\(destination)': \(FileError.reason(code)); '\(destination)' was left as it was", code: code) }
        guard closed == 0 else { throw FileError.system("cannot write '\(name)' for '\(destination)'") }
        written.append(file)
        if written.count == 1 { TestHooks.pause("writing") }
    }

    /// Writes the frame `name` from an array of bytes.
    public func write(_ name: String, _ bytes: [UInt8]) throws(FileError) {
        var failure: FileError?
        bytes.withUnsafeBytes { buffer in
            do throws(FileError) { try write(name, buffer) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Gives up: removes the staging folder and lets go of the lock; the destination is as it was.
    public func discard() {
        guard !finished else { return }
        finished = true
        Self.clean(folder: stage, name: stageName, in: home, destination: onMount ? home : (try? Directory(in: parent, name)), notes: &notes, label: destination)
        lock.release()
    }

    deinit { discard() }

    /// The hash that names this destination's lock and staging folders: 16 hex digits of FNV-1a.
    static func key(_ name: [UInt8]) -> [UInt8] {
        var h: UInt64 = 0xcbf29ce484222325
        for b in name { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return hexDigits(h)
    }

    static func stagePrefix(_ key: [UInt8]) -> [UInt8] {
        Array(".flipbook-stage-".utf8) + key + [UInt8(ascii: "-")]
    }
}
