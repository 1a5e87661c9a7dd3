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
    public var description: String {
        "\(message) at column \(offset + 1) of \"\(input)\""
    }
}
