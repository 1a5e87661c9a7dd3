internal import FlipbookSupport
/// Easing text that does not parse: what was expected, and where.
public struct EasingParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was expected or what is wrong, e.g. "expected ',' between cubic-bezier() values".
    public let message: String
    /// The text that was parsed.
    public let input: String
    /// Position of the problem, in Characters from 0 (the input's length when the text ended early).
    public let offset: Int

    init(_ message: String, in input: String, at offset: Int) {
        self.message = message
        self.input = input
        self.offset = offset
    }

    /// One line: the message, the column (from 1) and the text, e.g.
    /// `expected ',' between cubic-bezier() values at column 18 of "cubic-bezier(0.1 0.2, 0, 1)"`.
    /// The input is shown escaped (control characters) and, past 300 bytes, shortened around the
    /// column: `…(1200 bytes)…calc(calc(…`.
    public var description: String {
        "\(DisplayText.escaped(message, limit: 1000)) at column \(offset + 1) of \"\(Self.excerpt(input, around: offset))\""
    }

    /// The input near `offset`, escaped and at most about 300 bytes long.
    static func excerpt(_ input: String, around offset: Int) -> String {
        guard input.utf8.count > DisplayText.defaultLimit else { return DisplayText.escaped(input) }
        let characters = Array(input)
        let start = max(0, min(offset - 60, characters.count - 120)), end = min(characters.count, start + 120)
        let before = start > 0 ? "…(\(start) characters)…" : ""
        let after = end < characters.count ? "…(\(characters.count - end) characters)" : ""
        return before + DisplayText.escaped(String(characters[start..<end])) + after
    }
}
