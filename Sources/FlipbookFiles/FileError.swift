#if canImport(Glibc)
import Glibc
#endif

/// A file could not be written, read, locked or moved: what was being done, to which path, and the
/// system's reason. The message is safe to print (paths escaped).
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The whole message, e.g. "cannot write 'out/frame_0050.svg': No space left on device".
    public var message: String
    /// The system error number behind it (ENOSPC, EACCES, …), or 0 when the cause is not a system call.
    public var code: Int32
    /// The signal (SIGINT, SIGTERM, SIGHUP) that stopped the work, or 0; the command exits 128 + it.
    public var signal: Int32

    public init(_ message: String, code: Int32 = 0, signal: Int32 = 0) {
        self.message = message
        self.code = code
        self.signal = signal
    }

    /// The work was stopped by `signal` before anything was changed.
    static func interrupted(_ signal: Int32, _ what: String) -> FileError {
        let name = signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : signal == SIGHUP ? "SIGHUP" : "signal \(signal)"
        return FileError("interrupted by \(name); \(what)", code: EINTR, signal: signal)
    }

    /// `message` with the system's text for `errno` appended: "…: No space left on device".
    static func system(_ message: String, errno code: Int32 = errno) -> FileError {
        FileError("\(message): \(reason(code))", code: code)
    }

    /// The system's text for an error number ("No space left on device").
    public static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    public var description: String { message }
}
