#if canImport(Glibc)
import Glibc
#endif

/// What SIGINT, SIGTERM and SIGHUP do while outputs are written. Before any output has begun they
/// end the process at once (exit 128 + signal). From then on they are recorded and acted on at the
/// next safe point: a frame folder stops between frames and is discarded, an atomic file is removed
/// before it would have been moved into place, and an output already complete stays (the command
/// then exits 128 + signal unless all its work was done). Nothing is removed from inside the handler.
public enum Interruption {
    nonisolated(unsafe) private static var deferring: Int32 = 0
    nonisolated(unsafe) private static var received: Int32 = 0

    /// Installs the handlers. The command line calls it once, first.
    public static func install() {
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { received in
                if Interruption.deferring != 0 {
                    Interruption.received = received
                } else {
                    _exit(128 + received)
                }
            }
        }
    }

    /// From now on signals are recorded, not acted on at once; called by every output as it begins.
    static func beginOutput() {
        deferring = 1
    }

    /// The signal received since outputs began, or nil.
    public static var pending: Int32? {
        received == 0 ? nil : received
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP held back, so a step that must not be cut in two
    /// (moving a finished output into place) runs to its end; a signal that came meanwhile stays
    /// recorded.
    static func withSignalsBlocked<R>(_ body: () throws(FileError) -> R) throws(FileError) -> R {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, sig) }
        sigprocmask(SIG_BLOCK, &blocked, &previous)
        defer { sigprocmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }
}
