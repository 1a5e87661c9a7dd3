import Easing
/// A problem with a scene file: the file, the JSON path (`layers[2].animations[0].duration`) and what
/// was expected.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    /// Where in the document; empty for the whole file.
    public var path: String
    /// What is wrong and what was expected.
    public var message: String

    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    /// `file: path: message`, or `file: message` for the whole file; each part escaped (control
    /// characters) and shortened, so the text is safe to print whatever the file held.
    public var description: String {
        let file = DisplayText.escaped(file), message = DisplayText.escaped(message, limit: 1000)
        return path.isEmpty ? "\(file): \(message)" : "\(file): \(DisplayText.escaped(path)): \(message)"
    }
}

/// Suggestions for misspelled names.
public enum DidYouMean {
    /// The candidate closest to `word` by edit distance when it is close enough to be a likely typo
    /// (at most max(2, length / 3) edits), else nil.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        // No name is longer than 100 characters, so a longer word is no typo of one.
        guard word.utf8.count <= 100 else { return nil }
        let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return nil }
        return best.1 <= max(2, word.count / 3) ? best.0 : nil
    }

    /// "; did you mean 'x'?" or "".
    public static func hint(for word: String, among candidates: [String]) -> String {
        closest(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance, by Characters (bounded inputs: names are short).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.prefix(200)), b = Array(b.prefix(200))
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = row
        }
        return previous[b.count]
    }
}
