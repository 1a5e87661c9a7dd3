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
