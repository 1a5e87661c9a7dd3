import Flipbook

/// A parsed JSON value with where it started in the text, so errors can point at it.
public struct JSONValue: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        /// Members in document order; duplicate keys are kept (the decoder reports them).
        case object([Member])
    }

    /// One `"key": value` pair of an object.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public var kind: Kind
    /// Line of the value's first character, from 1.
    public var line: Int
    /// Column of the value's first character, from 1 (in bytes).
    public var column: Int

    public init(kind: Kind, line: Int, column: Int) {
        self.kind = kind
        self.line = line
        self.column = column
    }

    /// What the value is, for messages: "a number", "an object", …
    public var typeName: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A syntax error in JSON text: what was expected, at which line and column.
public struct JSONSyntaxError: Error, Hashable, Sendable {
    public var message: String
    public var line: Int
    public var column: Int
}

/// A strict JSON parser (RFC 8259) over UTF-8 bytes, with positions for every value.
///
/// Limits: nesting deeper than `maxDepth` (default 200) is an error, not a stack overflow; numbers
/// that overflow a Double are errors; invalid UTF-8 is an error. No trailing commas or comments.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private let maxDepth: Int

    public init(_ bytes: [UInt8], maxDepth: Int = 200) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// Parses one JSON document.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 200) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes, maxDepth: maxDepth)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3; parser.lineStart = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected \(parser.describeCurrent()) after the JSON value") }
        return value
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, line: line, column: index - lineStart + 1)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let b = bytes[index]
        if b >= 0x21 && b < 0x7F { return "'\(Character(UnicodeScalar(b)))'" }
        return "byte 0x\(String(b, radix: 16))"
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
        guard index < bytes.count else { throw error("expected a value, found end of file") }
        let startLine = line, startColumn = index - lineStart + 1
        func node(_ kind: JSONValue.Kind) -> JSONValue { JSONValue(kind: kind, line: startLine, column: startColumn) }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [JSONValue.Member] = []
            skipWhitespace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "}") { index += 1; return node(.object(members)) }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw error("expected a string key in the object, found \(describeCurrent())")
                }
                let key = try parseString()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw error("expected ':' after the key \"\(key)\", found \(describeCurrent())")
                }
                index += 1
                skipWhitespace()
                members.append(JSONValue.Member(key: key, value: try parseValue(depth: depth + 1)))
                skipWhitespace()
                guard index < bytes.count else { throw error("expected ',' or '}' in the object, found end of file") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return node(.object(members)) }
                throw error("expected ',' or '}' in the object, found \(describeCurrent())")
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "]") { index += 1; return node(.array(items)) }
            while true {
                skipWhitespace()
                items.append(try parseValue(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw error("expected ',' or ']' in the array, found end of file") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return node(.array(items)) }
                throw error("expected ',' or ']' in the array, found \(describeCurrent())")
            }
        case UInt8(ascii: "\""):
            return node(.string(try parseString()))
        case UInt8(ascii: "t"):
            try expectWord("true")
            return node(.bool(true))
        case UInt8(ascii: "f"):
            try expectWord("false")
            return node(.bool(false))
        case UInt8(ascii: "n"):
            try expectWord("null")
            return node(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return node(.number(try parseNumber()))
        default:
            throw error("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
            throw error("expected a value, found \(describeCurrent())")
        }
        index += w.count
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        func digits() -> Int {
            let s = index
            while index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
            return index - s
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw error("expected digits in the number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw error("expected digits in the number, found \(describeCurrent())")
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected digits after the decimal point, found \(describeCurrent())") }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { throw error("expected digits in the exponent, found \(describeCurrent())") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("the number \(text.prefix(40)) is too large")
        }
        return value
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                index += 1
                break
            }
            if b < 0x20 { throw error("control character in a string (escape it)") }
            if b == UInt8(ascii: "\\") {
                index += 1
                guard index < bytes.count else { throw error("unterminated string") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append(0x22)
                case UInt8(ascii: "\\"): scalars.append(0x5C)
                case UInt8(ascii: "/"): scalars.append(0x2F)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in \\u escape")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    scalars.append(contentsOf: Array(String(Character(UnicodeScalar(code)!)).utf8))
                default:
                    index -= 1
                    throw error("invalid escape \\\(Character(UnicodeScalar(e))) in a string")
                }
                continue
            }
            scalars.append(b)
            index += 1
        }
        guard let text = String(validating: scalars, as: UTF8.self) else {
            throw error("the string is not valid UTF-8")
        }
        return text
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw error("expected four hex digits after \\u")
        }
        index += 4
        return v
    }
}

extension JSONValue {
    /// The value as compact JSON text, members in their order (for messages and listings).
    public var compactText: String {
        switch kind {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let v): JSONText.numberText(v)
        case .string(let s): JSONText.quoted(s)
        case .array(let items): "[" + items.map(\.compactText).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.map { JSONText.quoted($0.key) + ": " + $0.value.compactText }.joined(separator: ", ") + "}"
        }
    }
}
