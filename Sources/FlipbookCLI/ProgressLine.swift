import FlipbookSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Easing

/// The progress line on a terminal's standard error: a bar, frames done, the rate and the time left,
/// fitted to the terminal's width (a line wider than the terminal would wrap, and each update would
/// start a new line). Reads the clock: it reports on the process, not on the animation.
final class ProgressLine {
    nonisolated(unsafe) static let shared = ProgressLine()
    /// When the first frame was reported (the monotonic clock).
    private var start: ContinuousClock.Instant?

    func draw(_ done: Int, of total: Int) {
        let now = ContinuousClock.now
        if start == nil { start = now }
        let span = now - start!
        let elapsed = Double(span.components.seconds) + Double(span.components.attoseconds) * 1e-18
        var text = "\(done)/\(total) frames"
        if elapsed > 0.5 && done > 0 {
            let rate = Double(done) / elapsed
            let left = Double(total - done) / rate
            let remaining = left >= 60 ? String(printf: "%d min %02d s", Int(left) / 60, Int(left) % 60)
                                       : String(printf: "%.0f s", left.rounded(.up))
            text += String(printf: ", %.0f/s, ", rate) + remaining + " left"
        }
        let columns = Self.terminalColumns()
        let barWidth = min(30, columns - text.count - 2)
        var line = text
        if barWidth >= 10 {
            let filled = total > 0 ? done * barWidth / total : barWidth
            line = String(repeating: "█", count: filled) + String(repeating: "·", count: barWidth - filled) + " " + text
        }
        if line.count >= columns { line = String(line.prefix(max(columns - 1, 0))) }
        // \r, the line, then clear to the end of the line (a shorter line leaves no remains).
        let bytes = Array(("\r" + line + "\u{1B}[K").utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// The terminal's width from TIOCGWINSZ on standard error; 80 when unknown.
    static func terminalColumns() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
