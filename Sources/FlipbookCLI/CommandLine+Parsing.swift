import Easing
import FlipbookFiles
import FlipbookScenes
import FlipbookSupport

/// A command-line mistake: unknown option, missing value, wrong argument count. Exit code 2.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// A problem with the user's input (a malformed easing, an unreadable file). Exit code 1.
struct InputError: Error {
    let message: String
    /// The system error behind it (EPIPE, ENOSPC, …), or 0.
    var code: Int32 = 0
    init(_ message: String, code: Int32 = 0) {
        self.message = message
        self.code = code
    }

    /// The process's exit status for it: 1.
    var exitCode: Int32 { 1 }
}

/// Arguments split into options (`--name value` or `--name=value`), flags (`--name`) and positionals.
///
/// Arguments arrive as bytes (`argv`): options and easing text are read as UTF-8, while paths keep
/// their exact bytes (`path(_:)`, `positionalPaths`), so a name that is not UTF-8 reaches the file
/// system unchanged.
struct ParsedArguments {
    var positionals: [String] = []
    /// Each value option's last value.
    var options: [String: String] = [:]
    /// Every value given to each value option, in order (`--set a=1 --set b=2`).
    var repeated: [String: [String]] = [:]
    var flags: Set<String> = []
    /// Options that take two values (`--still 1.5 poster.png`): the first as text, the second a path.
    var pairs: [String: (String, BytePath)] = [:]
    /// The positionals as the bytes given.
    var positionalPaths: [BytePath] = []
    private var rawOptions: [String: [UInt8]] = [:]

    /// Splits `arguments` given which names take a value and which are flags.
    /// - Throws: `UsageError` for an unknown option or a missing value.
    init(_ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String>, command: String) throws(UsageError) {
        try self.init(raw: arguments.map { Array($0.utf8) }, valueOptions: valueOptions, flagOptions: flagOptions, command: command)
    }

    /// Splits raw `arguments` (bytes from `argv`).
    init(raw arguments: [[UInt8]], valueOptions: Set<String>, flagOptions: Set<String>, pairOptions: Set<String> = [], command: String) throws(UsageError) {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let bytes = arguments[index]
            let argument = String(decoding: bytes, as: UTF8.self)
            index += 1
            if onlyPositionals || !argument.hasPrefix("--") || argument == "--" {
                if argument == "--" && !onlyPositionals { onlyPositionals = true; continue }
                positionals.append(argument)
                positionalPaths.append(BytePath(bytes: bytes))
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard name.utf8.count <= 100 else { throw UsageError("unknown option --\(DisplayText.escaped(name, limit: 40)) for '\(command)'") }
            if pairOptions.contains(name) {
                guard inlineValue == nil else { throw UsageError("option --\(name) takes two values (--\(name) <a> <b>), not --\(name)=…") }
                guard index + 1 < arguments.count, !arguments[index + 1].isEmpty else { throw UsageError("option --\(name) needs two values") }
                pairs[name] = (String(decoding: arguments[index], as: UTF8.self), BytePath(bytes: arguments[index + 1]))
                index += 2
            } else if valueOptions.contains(name) {
                defer { repeated[name, default: []].append(options[name]!) }
                if let inlineValue {
                    options[name] = inlineValue
                    rawOptions[name] = Array(bytes.drop(while: { $0 != UInt8(ascii: "=") }).dropFirst())
                } else {
                    guard index < arguments.count else { throw UsageError("option --\(name) needs a value") }
                    options[name] = String(decoding: arguments[index], as: UTF8.self)
                    rawOptions[name] = arguments[index]
                    index += 1
                }
            } else if flagOptions.contains(name) {
                guard inlineValue == nil else { throw UsageError("option --\(name) takes no value") }
                flags.insert(name)
            } else {
                let known = (valueOptions.union(flagOptions).union(pairOptions)).sorted()
                let hint = closestMatch(name, among: known).map { "; did you mean --\($0)?" } ?? ""
                throw UsageError("unknown option --\(DisplayText.escaped(name, limit: 60)) for '\(command)'\(hint)")
            }
        }
    }

    /// The value of the path option `name` as the bytes given; nil when absent.
    /// - Throws: `UsageError` when it was given empty (`--frames=`).
    func path(_ name: String) throws(UsageError) -> BytePath? {
        guard let raw = rawOptions[name] else { return nil }
        guard !raw.isEmpty else { throw UsageError("--\(name) needs a path, got an empty one") }
        return BytePath(bytes: raw)
    }
}

/// The candidate closest to `word` by edit distance, when it is close enough to be a likely typo.
func closestMatch(_ word: String, among candidates: [String]) -> String? {
    DidYouMean.closest(to: word, among: candidates)
}
