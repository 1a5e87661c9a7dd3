import Easing
import FlipbookFiles
import FlipbookSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Golden files of traces: a test records a trace and checks it against the CSV file it was recorded
/// into before (`Trace.csv`). Throws on any difference, so it fails an XCTest or Swift Testing test
/// that calls it with `try`, and the error reads as the diff (`TraceComparison`).
///
/// Recording always fails the test, so nobody records by accident: with `record: true`, with the
/// environment variable `FLIPBOOK_RECORD=1`, or when the golden file does not exist yet, the trace is
/// written to the golden file and the check throws `GoldenFailure` saying so; the next run compares.
///
/// On a difference, an SVG plot of the golden and recorded curves (`TracePlot`) is written beside the
/// golden file: `ring.csv` gets `ring.diff.svg`, removed again by the next check that passes.
public enum Golden {
    /// Checks `trace` against the golden file at `path` within `tolerance`.
    public static func check(_ trace: Trace, against path: String, tolerance: Tolerance = Tolerance(), record: Bool = false) throws(GoldenFailure) {
        let plotPath = Self.plotPath(for: path)
        let recording = record || (getenv("FLIPBOOK_RECORD").map { String(cString: $0) } ?? "") == "1"
        guard !recording, let bytes = LocalFile.contents(atPath: path) else {
            do {
                try makeFolders(of: path)
                try AtomicFile.write(Array(trace.csv.utf8), to: BytePath(path))
            } catch {
                throw GoldenFailure("cannot record the golden file '\(path)': \(error.message)")
            }
            let why = recording ? "recording was asked for" : "it did not exist"
            throw GoldenFailure("recorded \(trace.samples.count) samples into '\(path)' (\(why)); check the file and run the test again")
        }
        let golden: Trace
        do {
            golden = try Trace(csv: bytes, file: path)
        } catch {
            throw GoldenFailure("the golden file cannot be read: \(error.message)")
        }
        let comparison = TraceComparison(trace, golden: golden, tolerance: tolerance)
        if comparison.matches {
            _ = plotPath.withCString { unlink($0) }
            return
        }
        let plot = TracePlot(comparison, actual: trace, golden: golden)
        var message = "\(path): the trace differs from its golden\n\(comparison)"
        if !plot.panels.isEmpty {
            if (try? AtomicFile.write(Array(plot.svg.utf8), to: BytePath(plotPath))) != nil {
                message += "\nplot of both curves: \(plotPath)"
            }
        }
        message += "\n(to accept the new values, run with FLIPBOOK_RECORD=1 and review the golden's diff)"
        throw GoldenFailure(message, comparison: comparison)
    }

    /// The plot's path: the golden's with its extension replaced by `.diff.svg`.
    public static func plotPath(for path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path + ".diff.svg" }
        return String(path.dropLast(name.distance(from: dot, to: name.endIndex))) + ".diff.svg"
    }

    private static func makeFolders(of path: String) throws(FileError) {
        let folders = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        var prefix = ""
        for (i, part) in folders.enumerated() {
            prefix += (i == 0 ? "" : "/") + part
            guard !part.isEmpty, part != ".", part != ".." else { continue }
            if mkdir(prefix, 0o777) != 0 && errno != EEXIST {
                throw FileError("cannot make the folder '\(prefix)' (\(FileError.reason(errno)))")
            }
        }
    }
}

/// A golden check that did not pass: a difference (the `comparison`), a golden recorded, a file that
/// cannot be read or written. The description is the whole report.
public struct GoldenFailure: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// The comparison, when the check compared.
    public var comparison: TraceComparison?

    public init(_ message: String, comparison: TraceComparison? = nil) {
        self.message = message
        self.comparison = comparison
    }

    public var description: String { message }
}
