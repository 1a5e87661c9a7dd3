import Easing
import FlipbookFiles
import FlipbookSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        let code = closedStandardStreams.contains(STDOUT_FILENO) ? EBADF : errno
        printError("flipbook: error: cannot write to standard output: \(FileError.reason(code))")
        return status == 0 ? 1 : status
    }
    return status
}

extension InputError {
    /// A failed write to standard output: the reader gone (EPIPE), or any other cause by name.
    init(standardOutputFailure code: Int32) {
        // A stream closed at start is /dev/full now (see reserveStandardStreams): name the real cause.
        let code = closedStandardStreams.contains(STDOUT_FILENO) ? EBADF : code
        self.init(code == EPIPE ? "the reader closed the pipe" : "cannot write to standard output: \(FileError.reason(code))", code: code)
    }
}

/// The standard streams (0, 1, 2) that were closed when the process started. Each is opened at once
/// (standard input on /dev/null, the others on /dev/full, where every write fails), so that no file
/// the process opens later (a frame, a font, a thread library's descriptor) takes its number and
/// receives what was meant for the stream; a write to standard output then fails, reported as EBADF,
/// the cause it would have had.
nonisolated(unsafe) var closedStandardStreams: Set<Int32> = []

func reserveStandardStreams() {
    for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
        closedStandardStreams.insert(fd)
        let opened = fd == 0 ? open("/dev/null", O_RDONLY) : open("/dev/full", O_WRONLY)
        if opened >= 0 && opened != fd { dup2(opened, fd); close(opened) }
    }
}
