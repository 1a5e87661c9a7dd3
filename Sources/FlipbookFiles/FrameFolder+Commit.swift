import FlipbookSupport
#if canImport(Glibc)
import Glibc
#endif
import CFlipbookSystem

extension FrameFolder {
    /// Makes the written frames the destination's contents, in one step where the file system allows
    /// (see the type's documentation), and lets go of the lock. SIGINT, SIGTERM and SIGHUP wait until
    /// it is done; one that came before it began stops it with the destination as it was.
    /// - Throws: `FileError` when syncing or moving fails, or when the destination changed since the
    ///   render began so that it now holds files Flipbook did not write (refused as at the start).
    public func commit() throws(FileError) {
        precondition(!finished, "FrameFolder.commit after commit or discard")
        do {
            try Interruption.withSignalsBlocked { () throws(FileError) in
                if let sig = Interruption.pending { throw .interrupted(sig, "'\(destination)' was left as it was") }
                try FrameManifest(names: written).write(in: stage, as: FrameManifest.pendingName)
                try rename(stage, FrameManifest.pendingName, stage, FrameManifest.fileName)
                TestHooks.pause("staged")
                guard flipbook_syncfs(stage.fd) == 0 else { throw FileError.system("cannot sync the frames for '\(destination)'") }
                try stage.sync()
                TestHooks.pause("synced")
                if onMount {
                    try moveIn()
                } else {
                    try swapIn()
                }
                finished = true
                lock.release()
            }
        } catch {
            discard()
            throw error
        }
    }

    /// A destination that is not a mount point: rename the staging folder into place, or swap it with
    /// the existing folder.
    private func swapIn() throws(FileError) {
        guard let current = parent.status(name) else {
            let moved = BytePath.withCString(stageName) { from in BytePath.withCString(name) { flipbook_rename_noreplace(home.fd, from, parent.fd, $0) } }
            guard moved == 0 else { throw FileError.system("cannot move the frames into '\(destination)'") }
            // Past the rename the staging folder's descriptor is the destination: nothing after this may
            // throw into commit's discard, which would clean it.
            try? parent.sync()
            return
        }
        guard current.isFolder, !current.isSymbolicLink else { throw FileError("cannot write frames to '\(destination)': it is no longer a folder") }
        // Whatever the user put there meanwhile is judged again, and what is kept is linked in.
        let folder = try Directory(in: parent, name)
        let foreign = try Self.foreignEntries(in: folder, planned: planned, force: force, path: destination, stagePrefix: nil)
        for entry in foreign {
            let linked = BytePath.withCString(entry) { linkat(folder.fd, $0, stage.fd, $0, 0) }
            guard linked == 0 else { throw FileError.system("cannot keep '\(destination.appending(entry))' in the new set of frames (--force)") }
        }
        TestHooks.pause("linked")
        let swapped = BytePath.withCString(stageName) { from in BytePath.withCString(name) { flipbook_rename_exchange(home.fd, from, parent.fd, $0) } }
        if swapped != 0 {
            let code = errno
            guard code == EINVAL || code == ENOSYS else {
                throw FileError("cannot replace '\(destination)': \(FileError.reason(code))\(code == EBUSY || code == EXDEV ? " (is it a mount point?)" : "")", code: code)
            }
            try swapInTwoSteps()
            return
        }
        // Swapped: the staging folder's descriptor is now the destination, so nothing from here on may
        // throw into commit's discard (which would clean it); the frames were synced before the swap.
        try? parent.sync()
        TestHooks.pause("exchanged")
        if let old = try? Directory(in: home, stageName) {
            Self.clean(folder: old, name: stageName, in: home, destination: try? Directory(in: parent, name), notes: &notes, label: destination)
        }
        TestHooks.pause("cleaned")
    }

    /// For file systems without RENAME_EXCHANGE: the old folder aside, the new one in. Between the two
    /// renames the destination is absent for a moment (never a mix); a kill there leaves both folders
    /// hidden, and the next render restores nothing it cannot prove it wrote.
    private func swapInTwoSteps() throws(FileError) {
        let aside = Self.stagePrefix(key) + randomTag()
        try rename(parent, name, home, aside)
        let moved = BytePath.withCString(stageName) { from in BytePath.withCString(name) { flipbook_rename_noreplace(home.fd, from, parent.fd, $0) } }
        guard moved == 0 else {
            let code = errno
            _ = try? rename(home, aside, parent, name)
            throw FileError("cannot move the frames into '\(destination)': \(FileError.reason(code))", code: code)
        }
        try? parent.sync()   // past the point of no return, as in swapIn
        if let old = try? Directory(in: home, aside) {
            Self.clean(folder: old, name: aside, in: home, destination: try? Directory(in: parent, name), notes: &notes, label: destination)
        }
    }

    /// A mount point: mark the manifest incomplete (listing old and new frames), rename the new frames
    /// in, remove the old ones no longer written, then write the final manifest.
    private func moveIn() throws(FileError) {
        let folder = home
        let old = try FrameManifest.read(in: folder)
        let oldOwned = (old?.names ?? []).filter { folder.status($0)?.isRegularFile == true }
        let newSet = Set(written)
        let marked = FrameManifest(names: oldOwned.filter { !newSet.contains($0) } + written, incomplete: true)
        try marked.write(in: stage, as: FrameManifest.pendingName)
        try rename(stage, FrameManifest.pendingName, folder, FrameManifest.fileName)
        try folder.sync()
        TestHooks.pause("marked")
        for (n, file) in written.enumerated() {
            try rename(stage, file, folder, file)
            if n == 0 { TestHooks.pause("moving") }
        }
        for file in oldOwned where !newSet.contains(file) {
            if folder.status(file)?.isRegularFile == true { folder.unlink(file) }
        }
        try rename(stage, FrameManifest.fileName, folder, FrameManifest.fileName)
        try folder.sync()
        home.removeFolder(stageName)
    }

    /// renameat between two folders, with a message naming the destination.
    func rename(_ from: Directory, _ a: [UInt8], _ to: Directory, _ b: [UInt8]) throws(FileError) {
        let r = BytePath.withCString(a) { x in BytePath.withCString(b) { renameat(from.fd, x, to.fd, $0) } }
        guard r == 0 else { throw FileError.system("cannot move '\(DisplayText.escaped(bytes: a, limit: 80))' into '\(to.path)'") }
    }
}

extension FrameManifest {
    /// A manifest being written, renamed over `.flipbook-frames` when complete.
    static let pendingName = Array(".flipbook-frames.pending".utf8)
}
