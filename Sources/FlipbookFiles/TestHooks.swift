#if canImport(Glibc)
import Glibc
#endif

/// Pauses at a named step for the kill tests: when the environment variable FLIPBOOK_TEST_PAUSE
/// names the step, the process prints `paused STEP` on standard error and stops itself (SIGSTOP), so
/// a test can kill it exactly there. Steps: `writing` (the first frame is in the staging folder, the
/// others not yet), `staged`, `synced`, `linked`, `exchanged`, `cleaned` (frame folders), `marked`,
/// `moving` (frame folders on a mount point), `atomic-renaming`.
enum TestHooks {
    nonisolated(unsafe) private static var step: [UInt8]? = {
        guard let value = getenv("FLIPBOOK_TEST_PAUSE") else { return nil }
        return Array(String(cString: value).utf8)
    }()

    static func pause(_ name: String) {
        guard let step, step.elementsEqual(name.utf8) else { return }
        let line = Array("paused \(name)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        raise(SIGSTOP)
    }
}
