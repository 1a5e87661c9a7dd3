#if canImport(Glibc)
import Glibc
#endif
import CFlipbookSystem

/// What SIGINT, SIGTERM and SIGHUP do while outputs are written. Before any output has begun they
/// end the process at once (exit 128 + signal). From then on they are recorded and acted on at the
/// next safe point: a frame folder stops between frames and is discarded, an atomic file is removed
/// before it would have been moved into place, and an output already complete stays (the command
/// then exits 128 + signal unless all its work was done). Nothing is removed from inside the handler.
///
/// The handler is C (CFlipbookSystem): one atomic word decides, once, between ending the process and
/// recording the signal. With a plain flag, a handler on one thread could read "not writing yet", be
/// descheduled, and end the process after the writing thread had made its lock and staging folder
/// (the likeliest cause of the one leftover CI's early-SIGINT check once found).
public enum Interruption {
    /// Installs the handlers. The command line calls it once, first.
    public static func install() {
        flipbook_interruption_install()
    }

    /// From now on signals are recorded, not acted on at once; called by every output as it begins.
    /// Does not return when a signal has already chosen to end the process.
    static func beginOutput() {
        flipbook_interruption_begin_output()
    }

    /// The signal received since outputs began, or nil.
    public static var pending: Int32? {
        let received = flipbook_interruption_received()
        return received == 0 ? nil : received
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
