#if canImport(Glibc)
import Glibc
#endif
@testable import FlipbookFiles
import Foundation
import Synchronization
import Testing

/// A frame folder in process: the all-or-nothing replacement, the manifest, ownership and the lock.
/// Kills, full disks and mount points need processes and root: Tools/check-files covers those.
@Suite(.serialized)
final class FrameFolderTests {
    let root: String

    init() {
        var template = Array("/tmp/flipbook-files-XXXXXX".utf8CString)
        root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func names(_ count: Int) -> [String] { (0..<count).map { "frame_\(String(repeating: "0", count: 4 - String($0).count))\($0).svg" } }

    func render(_ path: String, count: Int, tag: String, force: Bool = false) throws(FileError) {
        let folder = try FrameFolder(BytePath(path), names: names(count), force: force)
        for name in names(count) { try folder.write(name, Array("\(tag) \(name)".utf8)) }
        try folder.commit()
    }

    func read(_ path: String) -> String? {
        guard let f = fopen(path, "r") else { return nil }
        defer { fclose(f) }
        var out: [UInt8] = []
        while case let c = fgetc(f), c != EOF { out.append(UInt8(c)) }
        return String(decoding: out, as: UTF8.self)
    }

    func write(_ path: String, _ text: String) {
        let f = fopen(path, "w")!
        fputs(text, f)
        fclose(f)
    }

    func entries(_ path: String) -> [String] {
        guard let d = try? Directory(BytePath(path)) else { return [] }
        return ((try? d.names()) ?? []).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func replacesTheWholeSet() throws {
        let out = root + "/out"
        try render(out, count: 5, tag: "old")
        try render(out, count: 3, tag: "new")
        #expect(entries(out) == [".flipbook-frames", "frame_0000.svg", "frame_0001.svg", "frame_0002.svg"])
        #expect(read(out + "/frame_0002.svg") == "new frame_0002.svg")
        #expect(read(out + "/.flipbook-frames") == "# flipbook frames 1\nframe_0000.svg\nframe_0001.svg\nframe_0002.svg\n")
        #expect(entries(root) == ["out"])
    }

    @Test func discardLeavesTheFolderAsItWas() throws {
        let out = root + "/out"
        try render(out, count: 2, tag: "old")
        let folder = try FrameFolder(BytePath(out), names: names(4), force: false)
        try folder.write("frame_0000.svg", Array("half".utf8))
        folder.discard()
        #expect(read(out + "/frame_0000.svg") == "old frame_0000.svg")
        #expect(entries(root) == ["out"])
    }

    @Test func aSecondWriterIsRefused() throws {
        let out = root + "/out"
        let first = try FrameFolder(BytePath(out), names: names(1), force: false)
        #expect(throws: FileError.self) { try FrameFolder(BytePath(out), names: names(1), force: false) }
        first.discard()
        try render(out, count: 1, tag: "after")
        #expect(read(out + "/frame_0000.svg") == "after frame_0000.svg")
    }

    @Test func aCraftedManifestDeletesNothing() throws {
        let out = root + "/out"
        try render(out, count: 2, tag: "old")
        write(out + "/precious.txt", "mine")
        write(root + "/sibling.txt", "sibling")
        for listed in ["precious.txt", "..", "../sibling.txt"] {
            write(out + "/.flipbook-frames", "# flipbook frames 1\nframe_0000.svg\n\(listed)\n")
            for force in [false, true] {
                #expect(throws: FileError.self) { try render(out, count: 1, tag: "new", force: force) }
            }
        }
        #expect(read(out + "/precious.txt") == "mine")
        #expect(read(root + "/sibling.txt") == "sibling")
        #expect(read(out + "/frame_0001.svg") == "old frame_0001.svg")
    }

    @Test func forceKeepsTheUsersFilesAndNeverReplacesThem() throws {
        let out = root + "/out"
        try render(out, count: 3, tag: "old")
        write(out + "/notes.txt", "mine")
        #expect(throws: FileError.self) { try render(out, count: 2, tag: "new") }
        try render(out, count: 2, tag: "new", force: true)
        #expect(read(out + "/notes.txt") == "mine")
        #expect(entries(out) == [".flipbook-frames", "frame_0000.svg", "frame_0001.svg", "notes.txt"])
        write(out + "/frame_0005.svg", "the user's own")
        #expect(throws: FileError.self) { try render(out, count: 6, tag: "new", force: true) }
        #expect(read(out + "/frame_0005.svg") == "the user's own")
        mkdir(out + "/sub", 0o755)
        #expect(throws: FileError.self) { try render(out, count: 1, tag: "new", force: true) }
    }

    @Test func anAbandonedStagingFolderIsCleanedAndAnUnprovableOneKept() throws {
        let out = root + "/out"
        try render(out, count: 1, tag: "old")
        let stage = root + "/.flipbook-stage-" + String(decoding: FrameFolder.key(Array("out".utf8)), as: UTF8.self) + "-0123456789abcdef"
        mkdir(stage, 0o755)
        write(stage + "/frame_0000.svg", "x")
        write(stage + "/.flipbook-frames", "# flipbook frames 1\nframe_0000.svg\n")
        try render(out, count: 1, tag: "new")
        #expect(entries(root) == ["out"])
        mkdir(stage, 0o755)
        write(stage + "/thesis.tex", "years")
        try render(out, count: 1, tag: "new")
        let kept = entries(root).filter { $0.hasPrefix("out.flipbook-kept-") }
        #expect(kept.count == 1)
        #expect(read(root + "/" + (kept.first ?? "") + "/thesis.tex") == "years")
    }

    @Test func atomicFileReplacesOrLeavesAlone() throws {
        let path = root + "/plot.svg"
        write(path, "old")
        try AtomicFile.write(Array("new".utf8), to: BytePath(path))
        #expect(read(path) == "new")
        #expect(throws: FileError.self) { try AtomicFile.write([1], to: BytePath(root + "/missing/plot.svg")) }
        #expect(throws: FileError.self) { try AtomicFile.write([1], to: BytePath(root + "/" + String(repeating: "y", count: 300))) }
        #expect(entries(root) == ["plot.svg"])
        // An abandoned temporary file (its writer was killed) is removed by the next write.
        write(root + "/.flipbook-tmp-0123456789abcdef", "partial")
        try AtomicFile.write(Array("again".utf8), to: BytePath(path))
        #expect(entries(root) == ["plot.svg"])
    }

    /// Writers on several threads into one folder never remove each other's temporary files (each
    /// cleans the folder before it writes: a file created and not yet locked looked abandoned).
    @Test func atomicWritesSideBySideAllLand() throws {
        let count = 200, root = self.root
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for i in stride(from: thread, to: count, by: 4) {
                do {
                    try AtomicFile.write(Array("file \(i)".utf8), to: BytePath(root + "/f\(i).txt"))
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(entries(root).count == count)
    }

    /// The rule that keeps them apart, deterministically: a temporary file with no bytes and no lock
    /// is another writer's between creating and locking it, and is left; one with bytes is removed.
    @Test func anEmptyUnlockedTemporaryFileIsAWriterStarting() throws {
        write(root + "/.flipbook-tmp-00000000000000aa", "")
        write(root + "/.flipbook-tmp-00000000000000bb", "partial")
        try AtomicFile.write(Array("x".utf8), to: BytePath(root + "/x.svg"))
        #expect(entries(root) == [".flipbook-tmp-00000000000000aa", "x.svg"])
    }

    /// A run of many writes (a `--data` batch) looks at each folder once: what killed writers left
    /// before its first write there is removed, both temporary files and other destinations' staging
    /// folders; what appears later is left to the next run (a write without listings removes it).
    @Test func aRunLooksAtEachFolderOnce() throws {
        let listings = FolderListings()
        let stage = root + "/.flipbook-stage-" + String(decoding: FrameFolder.key(Array("b".utf8)), as: UTF8.self) + "-0123456789abcdef"
        mkdir(stage, 0o755)
        write(stage + "/.flipbook-frames", "# flipbook frames 1\n")
        write(root + "/.flipbook-tmp-0123456789abcdef", "partial")
        try AtomicFile.write(Array("1".utf8), to: BytePath(root + "/one.svg"), listings: listings)
        #expect(entries(root) == [".flipbook-stage-" + String(decoding: FrameFolder.key(Array("b".utf8)), as: UTF8.self) + "-0123456789abcdef", "one.svg"])
        // Another destination in the same folder: its staging folder was in the first look.
        let folder = try FrameFolder(BytePath(root + "/b"), names: names(1), force: false, listings: listings)
        try folder.write(names(1)[0], Array("b".utf8))
        try folder.commit()
        #expect(entries(root) == ["b", "one.svg"])
        write(root + "/.flipbook-tmp-00000000000000cc", "partial")
        try AtomicFile.write(Array("2".utf8), to: BytePath(root + "/two.svg"), listings: listings)
        #expect(entries(root) == [".flipbook-tmp-00000000000000cc", "b", "one.svg", "two.svg"])
        try AtomicFile.write(Array("3".utf8), to: BytePath(root + "/two.svg"))
        #expect(entries(root) == ["b", "one.svg", "two.svg"])
    }
}
