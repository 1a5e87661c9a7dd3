/// One token of an easing string, as CSS Syntax Level 3 tokenizes it (the subset easing text uses).
struct EasingToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// An identifier: `ease-in`, `jump-both`, `mass`.
        case ident(String)
        /// An identifier directly followed by `(`: `cubic-bezier(`. The name without the parenthesis.
        case function(String)
        /// A number; `isInteger` when written without a fraction or exponent, as CSS's integer type.
        case number(Double, isInteger: Bool)
        /// A number directly followed by `%`; the value as written (50 for `50%`).
        case percentage(Double)
        /// A number directly followed by a unit: `2s`. Never valid in easing text.
        case dimension(Double, unit: String)
        case comma, colon, openParen, closeParen
        /// Any other single character: `+`, `*`, `/`, `-`.
        case delim(Character)
        case whitespace
        case end
    }

    let kind: Kind
    /// Offset of the token's first character in the input, counted in Characters from 0.
    let offset: Int
}

/// Splits easing text into tokens; comments (`/* … */`) become whitespace, as in CSS.
struct EasingLexer {
    private let chars: [Character]
    private var index = 0

    init(_ text: String) {
        chars = Array(text)
    }

    /// All tokens, ending with `.end`.
    static func tokenize(_ text: String) throws(EasingParseError) -> [EasingToken] {
        var lexer = EasingLexer(text)
        var tokens: [EasingToken] = []
        while true {
            let token = try lexer.next(text)
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func peek(_ ahead: Int = 0) -> Character? {
        index + ahead < chars.count ? chars[index + ahead] : nil
    }

    private mutating func next(_ text: String) throws(EasingParseError) -> EasingToken {
        let start = index
        guard let c = peek() else { return EasingToken(kind: .end, offset: start) }
        if c.isWhitespace || (c == "/" && peek(1) == "*") {
            while let d = peek() {
                if d.isWhitespace {
                    index += 1
                } else if d == "/" && peek(1) == "*" {
                    let commentStart = index
                    index += 2
                    while peek() != nil && !(peek() == "*" && peek(1) == "/") { index += 1 }
                    if peek() == nil { throw EasingParseError("unterminated comment", in: text, at: commentStart) }
                    index += 2
                } else {
                    break
                }
            }
            return EasingToken(kind: .whitespace, offset: start)
        }
        if startsNumber() { return lexNumeric(start) }
        if startsIdentifier() {
            let name = lexName()
            if peek() == "(" {
                index += 1
                return EasingToken(kind: .function(name), offset: start)
            }
            return EasingToken(kind: .ident(name), offset: start)
        }
        index += 1
        switch c {
        case ",": return EasingToken(kind: .comma, offset: start)
        case ":": return EasingToken(kind: .colon, offset: start)
        case "(": return EasingToken(kind: .openParen, offset: start)
        case ")": return EasingToken(kind: .closeParen, offset: start)
        default: return EasingToken(kind: .delim(c), offset: start)
        }
    }

    private func isDigit(_ c: Character?) -> Bool {
        guard let c, c.isASCII else { return false }
        return c.isNumber
    }

    private func isNameStart(_ c: Character?) -> Bool {
        guard let c else { return false }
        return c == "_" || (c.isASCII ? c.isLetter : true)
    }

    private func isNameChar(_ c: Character?) -> Bool {
        isNameStart(c) || isDigit(c) || c == "-"
    }

    /// CSS "starts a number": digit, or . digit, or sign followed by either.
    private func startsNumber() -> Bool {
        let c = peek()
        if isDigit(c) { return true }
        if c == "." { return isDigit(peek(1)) }
        if c == "+" || c == "-" {
            return isDigit(peek(1)) || (peek(1) == "." && isDigit(peek(2)))
        }
        return false
    }

    /// CSS "starts an identifier": name-start, or `-` followed by name-start or `-`.
    private func startsIdentifier() -> Bool {
        let c = peek()
        if isNameStart(c) { return true }
        if c == "-" { return isNameStart(peek(1)) || peek(1) == "-" }
        return false
    }

    private mutating func lexName() -> String {
        var name = ""
        while isNameChar(peek()) {
            name.append(peek()!)
            index += 1
        }
        return name
    }

    private mutating func lexNumeric(_ start: Int) -> EasingToken {
        var text = ""
        var isInteger = true
        if let c = peek(), c == "+" || c == "-" { text.append(c); index += 1 }
        while isDigit(peek()) { text.append(peek()!); index += 1 }
        if peek() == ".", isDigit(peek(1)) {
            isInteger = false
            text.append("."); index += 1
            while isDigit(peek()) { text.append(peek()!); index += 1 }
        }
        if let e = peek(), e == "e" || e == "E" {
            let signed = peek(1) == "+" || peek(1) == "-"
            if isDigit(peek(signed ? 2 : 1)) {
                isInteger = false
                text.append("e"); index += 1
                if signed { text.append(peek()!); index += 1 }
                while isDigit(peek()) { text.append(peek()!); index += 1 }
            }
        }
        let value = Double(text) ?? .nan
        if peek() == "%" {
            index += 1
            return EasingToken(kind: .percentage(value), offset: start)
        }
        if startsIdentifier() {
            return EasingToken(kind: .dimension(value, unit: lexName()), offset: start)
        }
        return EasingToken(kind: .number(value, isInteger: isInteger), offset: start)
    }
}
