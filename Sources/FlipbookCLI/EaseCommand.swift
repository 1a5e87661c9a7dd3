import Easing
import FlipbookFiles
import FlipbookSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `flipbook ease SPEC`: evaluates a timing curve at given inputs, or samples or plots it.
enum EaseCommand {
    static let help = """
    USAGE: flipbook ease <spec> [--at <t,t,...>] [--samples <n>] [--plot <file.svg>] [--before-flag]
           flipbook ease <spec> --css [--tolerance <e>]

    Evaluates a timing curve. <spec> is easing text: any CSS easing (ease-in-out, cubic-bezier(0.1, 0.7, 1, 0.1),
    steps(4, jump-both), linear(0, 0.25 75%, 1)), a Core Animation name (easeInEaseOut), a Penner curve
    (ease-out-back(2), easeInElastic) or a spring (spring(mass: 1, stiffness: 100, damping: 10)).

    Prints one line per input: t<TAB>value, each with enough digits to round-trip a Double.
    With no --at, --samples or --plot, prints --samples 10.

    OPTIONS:
      --at <t,t,...>     Comma-separated input progress values (any real numbers).
      --samples <n>      n + 1 evenly spaced samples over [0, 1], t = i / n (n ≥ 1).
      --plot <file.svg>  Also write an SVG plot of the curve over [0, 1].
      --before-flag      Evaluate with the before flag set (steps() in an animation's before phase).
      --css              Print the curve as the shortest CSS easing text found within --tolerance of it,
                         with the largest difference measured beside it as a CSS comment: the keyword,
                         cubic-bezier() or steps() where CSS has the curve exactly, otherwise a
                         cubic-bezier() (for cubic polynomials) or a linear() with few stops.
      --tolerance <e>    The largest difference --css allows, in output progress, 1e-6 to 1. Default 0.001.
      --help             Show this help.

    EXIT CODES: 0 success, 1 bad input (malformed easing, unwritable file), 2 bad usage.
    """

    static func run(_ arguments: [String]) throws -> Int32 {
        let args = try ParsedArguments(arguments, valueOptions: ["at", "samples", "plot", "tolerance"],
                                       flagOptions: ["before-flag", "help", "css"], command: "ease")
        if args.flags.contains("help") {
            print(help)
            return 0
        }
        guard args.positionals.count == 1 else {
            throw UsageError(args.positionals.isEmpty
                ? "'ease' needs an easing, e.g. flipbook ease ease-in-out --samples 10"
                : "'ease' takes one easing; quote it if it has spaces: \"cubic-bezier(0.1, 0.7, 1, 0.1)\"")
        }
        if args.options["at"] != nil && args.options["samples"] != nil {
            throw UsageError("use either --at or --samples, not both")
        }
        let css = args.flags.contains("css")
        if !css && args.options["tolerance"] != nil { throw UsageError("--tolerance goes with --css") }
        if css && (args.options["at"] != nil || args.options["samples"] != nil || args.flags.contains("before-flag")) {
            throw UsageError("--css prints CSS text; it does not take --at, --samples or --before-flag")
        }
        let inputs = try inputValues(args)

        let curve: TimingFunction
        do {
            curve = try TimingFunction(parsing: args.positionals[0])
        } catch {
            throw InputError("invalid easing: \(error)")
        }
        if css {
            let tolerance = try toleranceValue(args)
            let easing = curve.css(tolerance: tolerance)
            let note = easing.isExact ? "exact" : "max error \(Self.errorText(easing.maxError)) over [0, 1]"
            if let plotPath = try args.path("plot") {
                try AtomicFile.write(Array(CurvePlot(curve).svg.utf8), to: plotPath)
            }
            try writeStandardOutput(Array("\(easing.text) /* \(note) */\n".utf8))
            return 0
        }
        if let plotPath = try args.path("plot") {
            try AtomicFile.write(Array(CurvePlot(curve).svg.utf8), to: plotPath)
        }
        let before = args.flags.contains("before-flag")
        var output = ""
        for t in inputs {
            output += "\(t.roundTripText)\t\(curve.value(at: t, beforeFlag: before).roundTripText)\n"
        }
        try writeStandardOutput(Array(output.utf8))
        if args.options["plot"] != nil && args.options["at"] == nil && args.options["samples"] == nil {
            printError("wrote \(try args.path("plot")!)")
        }
        return 0
    }

    private static func toleranceValue(_ args: ParsedArguments) throws(UsageError) -> Double {
        guard let text = args.options["tolerance"] else { return 0.001 }
        guard let value = Double(text), value.isFinite, value >= 1e-6, value <= 1 else {
            throw UsageError("--tolerance expects a number from 1e-6 to 1, got '\(text)'")
        }
        return value
    }

    /// An error in output progress with two significant digits, rounded up ("0.00087", "4.2e-07").
    static func errorText(_ error: Double) -> String {
        if error == 0 { return "0" }
        var scale = 1.0
        while error * scale < 10 { scale *= 10 }
        let up = (error * scale).rounded(.up) / scale
        return up < 1e-4 ? String(printf: "%.1e", up) : up.roundTripText
    }

    private static func inputValues(_ args: ParsedArguments) throws(UsageError) -> [Double] {
        if let list = args.options["at"] {
            return try list.split(separator: ",", omittingEmptySubsequences: false).map { (item) throws(UsageError) -> Double in
                let text = item.whitespaceTrimmed
                guard let value = Double(text), value.isFinite else {
                    throw UsageError("--at expects comma-separated finite numbers, got '\(text)'")
                }
                return value
            }
        }
        if let text = args.options["samples"] {
            guard let n = Int(text), n >= 1, n <= 10_000_000 else {
                throw UsageError("--samples expects a whole number from 1 to 10000000, got '\(text)'")
            }
            return (0...n).map { Double($0) / Double(n) }
        }
        if args.options["plot"] != nil { return [] }
        return (0...10).map { Double($0) / 10 }
    }
}
