import FlipbookSupport
#if canImport(Glibc)
import Glibc
#endif

extension FrameFolder {
    /// The entries of `folder` Flipbook did not write (sorted), after checking that writing the
    /// `planned` frames there is allowed.
    /// - Throws: `FileError` for a manifest Flipbook did not write; without `force`, when there is any
    ///   such entry; with `force`, when one is a folder or has the name of a planned frame.
    static func foreignEntries(in folder: Directory, planned: Set<[UInt8]>, force: Bool, path: BytePath,
                               stagePrefix: [UInt8]?) throws(FileError) -> [[UInt8]] {
        let manifest = try FrameManifest.read(in: folder)
        let listed = Set(manifest?.names ?? [])
        var foreign: [[UInt8]] = []
        for entry in try folder.names() {
            if entry == FrameManifest.fileName { continue }
            if let stagePrefix {
                // On a mount point the lock and staging folders live inside the destination.
                if entry.starts(with: Array(".flipbook-lock-".utf8)) || matchesTagged(entry, prefix: stagePrefix) { continue }
            }
            if listed.contains(entry), folder.status(entry)?.isRegularFile == true { continue }
            foreign.append(entry)
        }
        guard !foreign.isEmpty else { return [] }
        let shown = foreign.prefix(3).map { DisplayText.escaped(bytes: $0, limit: 60) }.joined(separator: ", ") + (foreign.count > 3 ? ", …" : "")
        guard force else {
            throw FileError("refusing to write into '\(path)': it holds \(foreign.count) file\(foreign.count == 1 ? "" : "s") Flipbook did not write (\(shown)); choose an empty folder or use --force")
        }
        for entry in foreign {
            let st = folder.status(entry)
            if st?.isFolder == true {
                throw FileError("refusing to write into '\(path)': it holds a folder Flipbook did not write ('\(DisplayText.escaped(bytes: entry, limit: 60))'); --force keeps other files, not folders: choose another folder")
            }
            if planned.contains(entry) {
                throw FileError("refusing to write into '\(path)': '\(DisplayText.escaped(bytes: entry, limit: 60))' there was not written by Flipbook and this render would replace it; move it away first (--force keeps files Flipbook did not write, it never replaces them)")
            }
        }
        return foreign
    }

    /// Removes a staging folder (or an old set of frames swapped out) that no live render holds:
    /// manifests, frame names its own manifest lists that are regular files, and entries that are the
    /// same file as the destination's entry of that name (files kept with --force). Anything else is
    /// kept: the folder is renamed to a visible `NAME.flipbook-kept-<hex>` and a note says so.
    static func clean(folder: Directory, name: [UInt8], in home: Directory, destination: Directory?,
                      notes: inout [String], label: BytePath) {
        let listed = Set(((try? FrameManifest.read(in: folder)) ?? nil)?.names ?? [])
        var kept = 0
        for entry in (try? folder.names()) ?? [] {
            guard let st = folder.status(entry) else { continue }
            if entry == FrameManifest.fileName || entry == FrameManifest.pendingName {
                if st.isRegularFile { folder.unlink(entry) } else { kept += 1 }
                continue
            }
            if st.isRegularFile, FrameManifest.isFrameName(entry), listed.contains(entry) {
                folder.unlink(entry)
                continue
            }
            if !st.isFolder, let destination, let other = destination.status(entry),
               other.st_ino == st.st_ino, other.st_dev == st.st_dev {
                folder.unlink(entry)
                continue
            }
            kept += 1
        }
        if folder.status(FrameManifest.fileName)?.isRegularFile == true { folder.unlink(FrameManifest.fileName) }
        if kept == 0 {
            home.removeFolder(name)
            return
        }
        let base = label.split.name
        let visible = (base.count <= 200 ? base + Array(".flipbook-kept-".utf8) : Array("flipbook-kept-".utf8)) + randomTag()
        let moved = BytePath.withCString(name) { from in BytePath.withCString(visible) { renameat(home.fd, from, home.fd, $0) } }
        let shown = moved == 0 ? home.path.appending(visible) : home.path.appending(name)
        notes.append("kept '\(shown)': a render that was stopped left \(kept) entr\(kept == 1 ? "y" : "ies") there that Flipbook cannot prove it wrote")
    }

    /// Cleans the staging folders of renders into the same destination that were killed (`home`
    /// listed now, or once for the run: `FolderListings`).
    static func recoverAbandoned(in home: Directory, key: [UInt8], destination: Directory?, listings: FolderListings?, notes: inout [String]) {
        let prefix = stagePrefix(key)
        for entry in (try? home.names(startingWith: prefix, listings: listings)) ?? [] where matchesTagged(entry, prefix: prefix) {
            guard home.status(entry)?.isFolder == true, FileLock.isAbandoned(in: home, entry, folderEntry: true),
                  let folder = try? Directory(in: home, entry) else { continue }
            let label = destination?.path ?? home.path.appending(entry)
            clean(folder: folder, name: entry, in: home, destination: destination, notes: &notes, label: label)
        }
    }
}
