import Foundation

/// Writes a set of files into a folder all at once: into a temporary folder beside it first, then
/// moved into place, so an error or an interruption never leaves a half-written folder.
///
/// Flipbook lists the files it wrote in `.flipbook-frames` inside the folder; a later render may
/// replace those (and removes the ones it no longer writes), but refuses to touch a folder holding
/// anything else unless forced.
final class FrameFolder {
    static let manifestName = ".flipbook-frames"

    let destination: URL
    let temporary: URL
    private var written: [String] = []
    private let fileManager = FileManager.default

    /// Prepares the temporary folder.
    /// - Throws: `InputError` when the parent folder is missing or not writable, the destination is a
    ///   file, or it holds files Flipbook did not write and `force` is false.
    init(_ path: String, force: Bool) throws(InputError) {
        destination = URL(fileURLWithPath: path).standardizedFileURL
        let parent = destination.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: parent.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw InputError("cannot write frames to '\(path)': the folder '\(parent.path)' does not exist")
        }
        if fileManager.fileExists(atPath: destination.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw InputError("cannot write frames to '\(path)': it is a file, not a folder") }
            if !force {
                let ours = Set(Self.manifest(in: destination)).union([Self.manifestName])
                let contents = (try? fileManager.contentsOfDirectory(atPath: destination.path)) ?? []
                let foreign = contents.filter { !ours.contains($0) }.sorted()
                if !foreign.isEmpty {
                    let shown = foreign.prefix(3).joined(separator: ", ") + (foreign.count > 3 ? ", …" : "")
                    throw InputError("refusing to write into '\(path)': it holds \(foreign.count) file\(foreign.count == 1 ? "" : "s") Flipbook did not write (\(shown)); choose an empty folder or use --force")
                }
            }
        }
        // Temporary folders of renders that were killed (SIGKILL) and whose process is gone.
        let prefix = ".\(destination.lastPathComponent).flipbook-"
        for name in (try? fileManager.contentsOfDirectory(atPath: parent.path)) ?? [] where name.hasPrefix(prefix) {
            if let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0 && errno == ESRCH {
                try? fileManager.removeItem(at: parent.appendingPathComponent(name))
            }
        }
        temporary = parent.appendingPathComponent(prefix + "\(ProcessInfo.processInfo.processIdentifier)")
        try? fileManager.removeItem(at: temporary)
        do {
            try fileManager.createDirectory(at: temporary, withIntermediateDirectories: false)
        } catch {
            throw InputError("cannot write frames to '\(path)': the folder '\(parent.path)' is not writable")
        }
        FrameFolder.active = temporary.path
    }

    /// The temporary folder of the render in progress, removed on SIGINT/SIGTERM.
    nonisolated(unsafe) static var active: String?

    /// Writes one file into the temporary folder.
    func write(_ name: String, _ data: Data) throws(InputError) {
        do {
            try data.write(to: temporary.appendingPathComponent(name))
        } catch {
            throw InputError("cannot write '\(name)' in '\(temporary.path)': \(error.localizedDescription)")
        }
        written.append(name)
    }

    /// Moves the written files into the destination and records them in its manifest. SIGINT and
    /// SIGTERM wait until it is done, so an interrupted render never leaves a mix of old and new frames.
    func commit() throws(InputError) {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGINT)
        sigaddset(&blocked, SIGTERM)
        sigprocmask(SIG_BLOCK, &blocked, &previous)
        defer { sigprocmask(SIG_SETMASK, &previous, nil) }
        try move()
    }

    private func move() throws(InputError) {
        let manifest = Data((written.joined(separator: "\n") + "\n").utf8)
        if !fileManager.fileExists(atPath: destination.path) {
            do {
                try manifest.write(to: temporary.appendingPathComponent(Self.manifestName))
            } catch {
                throw InputError("cannot write the manifest in '\(temporary.path)'")
            }
            guard rename(temporary.path, destination.path) == 0 else {
                throw InputError("cannot move the frames into '\(destination.path)': \(String(cString: strerror(errno)))")
            }
            FrameFolder.active = nil
            return
        }
        let previous = Self.manifest(in: destination)
        for name in written {
            guard rename(temporary.appendingPathComponent(name).path, destination.appendingPathComponent(name).path) == 0 else {
                throw InputError("cannot move '\(name)' into '\(destination.path)': \(String(cString: strerror(errno)))")
            }
        }
        let current = Set(written)
        for name in previous where !current.contains(name) && !name.contains("/") {
            try? fileManager.removeItem(at: destination.appendingPathComponent(name))
        }
        let manifestTemporary = temporary.appendingPathComponent(Self.manifestName)
        try? manifest.write(to: manifestTemporary)
        _ = rename(manifestTemporary.path, destination.appendingPathComponent(Self.manifestName).path)
        discard()
    }

    /// Removes the temporary folder.
    func discard() {
        try? fileManager.removeItem(at: temporary)
        FrameFolder.active = nil
    }

    static func manifest(in folder: URL) -> [String] {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(manifestName).path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

/// Removes the temporary frame folder and exits when SIGINT or SIGTERM arrives, leaving the
/// destination as it was.
enum Interruption {
    static func install() {
        for sig in [SIGINT, SIGTERM] {
            signal(sig) { received in
                if let path = FrameFolder.active {
                    // Best effort; the process is exiting.
                    if let dir = opendir(path) {
                        while let entry = readdir(dir) {
                            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
                            if name != "." && name != ".." { unlink(path + "/" + name) }
                        }
                        closedir(dir)
                    }
                    rmdir(path)
                }
                _exit(128 + received)
            }
        }
    }
}
