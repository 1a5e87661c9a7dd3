import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One listing of each folder for a run that writes many outputs into few folders (`flipbook render
/// --data`: a file or a frame folder a row, thousands into one folder).
///
/// Before each write, `AtomicFile` and `FrameFolder` look in the destination's folder for what a
/// killed writer left there (`.flipbook-tmp-*` files, `.flipbook-stage-*` folders). Listed for every
/// write, a folder a batch fills would make the batch quadratic in its rows (the 10,000th row would
/// list the 9,999 files before it). Given a `FolderListings`, a folder is listed once, at the run's
/// first write into it, and later writes look only at the leftovers that listing found (each checked
/// again, as without it). What a writer killed after that first look leaves is removed by the next run.
///
/// Folders are told apart by device and inode; several threads may share one value.
public final class FolderListings: Sendable {
    private struct FolderID: Hashable { let device: UInt64, inode: UInt64 }
    /// Each folder's names that start with `.flipbook-`, as listed at the first look.
    private let listed = Mutex<[FolderID: [[UInt8]]]>([:])
    private static let leftoverPrefix = Array(".flipbook-".utf8)

    public init() {}

    /// Opens `folder` and lists it for the run now, as the first write into it would: throws as that
    /// write would when it is missing or not a folder (`flipbook render --data` looks at a folder
    /// every row writes into before any row).
    public func look(at folder: BytePath) throws(FileError) {
        _ = try names(in: Directory(folder), prefix: Self.leftoverPrefix)
    }

    /// The names in `folder` that start with `prefix` (which starts with `.flipbook-`): as the folder
    /// is now, listed, on the first call for it; as that listing found them on later calls.
    func names(in folder: Directory, prefix: [UInt8]) throws(FileError) -> [[UInt8]] {
        let st = folder.status()
        let id = FolderID(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
        if let names = listed.withLock({ $0[id] }) { return names.filter { $0.starts(with: prefix) } }
        let names = try folder.names().filter { $0.starts(with: Self.leftoverPrefix) }
        listed.withLock { $0[id] = $0[id] ?? names }
        return names.filter { $0.starts(with: prefix) }
    }
}

extension Directory {
    /// The names inside that start with `prefix`: listed now, or once for a run (`listings`).
    func names(startingWith prefix: [UInt8], listings: FolderListings?) throws(FileError) -> [[UInt8]] {
        if let listings { return try listings.names(in: self, prefix: prefix) }
        return try names().filter { $0.starts(with: prefix) }
    }
}
