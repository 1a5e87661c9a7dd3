import Foundation

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Writes `data` to `path` atomically: into a temporary file beside it, then renamed over it, so a
/// failure leaves any existing file untouched.
/// - Throws: `InputError` naming the path when the folder is missing or not writable.
func writeAtomically(_ data: Data, to path: String) throws(InputError) {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
        throw InputError("cannot write '\(path)': the folder '\(folder.path)' does not exist")
    }
    let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    do {
        try data.write(to: temporary)
    } catch {
        throw InputError("cannot write '\(path)': the folder '\(folder.path)' is not writable")
    }
    if rename(temporary.path, url.path) != 0 {
        try? FileManager.default.removeItem(at: temporary)
        throw InputError("cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
}

/// Shortest text that parses back to the same Double: "1" for 1.0, "0" for −0, Swift's shortest
/// round-trip digits otherwise ("0.1", "1e-07").
func roundTripText(_ value: Double) -> String {
    if value == 0 { return "0" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
}
