import FlipbookScenes

/// A command-line mistake: unknown option, missing value, wrong argument count. Exit code 2.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// A problem with the user's input (a malformed easing, an unreadable file). Exit code 1.
struct InputError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Arguments split into options (`--name value` or `--name=value`), flags (`--name`) and positionals.
struct ParsedArguments {
    var positionals: [String] = []
    var options: [String: String] = [:]
    var flags: Set<String> = []

    /// Splits `arguments` given which names take a value and which are flags.
    /// - Throws: `UsageError` for an unknown option or a missing value.
    init(_ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String>, command: String) throws(UsageError) {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("--") || argument == "--" {
                if argument == "--" && !onlyPositionals { onlyPositionals = true; continue }
                positionals.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if valueOptions.contains(name) {
                if let inlineValue {
                    options[name] = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError("option --\(name) needs a value") }
                    options[name] = arguments[index]
                    index += 1
                }
            } else if flagOptions.contains(name) {
                guard inlineValue == nil else { throw UsageError("option --\(name) takes no value") }
                flags.insert(name)
            } else {
                let known = (valueOptions.union(flagOptions)).sorted()
                let hint = closestMatch(name, among: known).map { "; did you mean --\($0)?" } ?? ""
                throw UsageError("unknown option --\(name) for '\(command)'\(hint)")
            }
        }
    }
}

/// The candidate closest to `word` by edit distance, when it is close enough to be a likely typo.
func closestMatch(_ word: String, among candidates: [String]) -> String? {
    DidYouMean.closest(to: word, among: candidates)
}
