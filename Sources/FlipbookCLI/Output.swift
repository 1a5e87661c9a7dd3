import Easing
import FlipbookFiles
import Foundation

/// Writes a message to standard error, made safe for a terminal: control characters other than the
/// line breaks the message itself has are escaped, and a message is at most 4,000 bytes.
func printError(_ message: String, newline: Bool = true) {
    var text = String(message.unicodeScalars.map { $0 == "\n" || ($0 == "\r" && !newline) ? String($0) : DisplayText.escape($0) }.joined())
    if text.utf8.count > 4000 { text = String(decoding: Array(text.utf8.prefix(4000)), as: UTF8.self) + "…" }
    let bytes = Array((text + (newline ? "\n" : "")).utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// Writes bytes to standard output, all of them.
/// - Throws: `InputError`: a reader that closed the pipe (EPIPE) is told apart from a failed write
///   (a full disk, /dev/full, a closed descriptor), which names its cause.
func writeStandardOutput(_ bytes: [UInt8]) throws(InputError) {
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
        if n < 0 {
            if errno == EINTR { continue }
            throw InputError(standardOutputFailure: errno)
        }
        offset += n
    }
}

/// Flushes what `print` buffered; a failure to write it is an error (exit 1), never a silent success.
func finishStandardOutput(_ status: Int32) -> Int32 {
    if fflush(nil) != 0 {
        let code = errno
        printError("flipbook: error: cannot write to standard output: \(FileError.reason(code))")
        return status == 0 ? 1 : status
    }
    return status
}

extension InputError {
    /// A failed write to standard output: the reader gone (EPIPE), or any other cause by name.
    init(standardOutputFailure code: Int32) {
        self.init(code == EPIPE ? "the reader closed the pipe" : "cannot write to standard output: \(FileError.reason(code))", code: code)
    }
}
