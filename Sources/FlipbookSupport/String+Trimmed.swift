extension StringProtocol {
    /// The text without the white space (Unicode's, line breaks included) at its ends: how the SMIL and
    /// Lottie readers tidy a list's items and a name, and how `flipbook ease --at` tidies its numbers,
    /// before parsing them. All white space gives "".
    public var whitespaceTrimmed: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
