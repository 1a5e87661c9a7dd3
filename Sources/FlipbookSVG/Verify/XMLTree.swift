/// An XML document read as far as SVG files need: elements with their attributes (entities decoded),
/// the text inside them (CDATA included) and the line each starts on. Comments, processing
/// instructions and a DOCTYPE are skipped; namespaces are kept in the names as written (`xlink:href`).
///
/// Not a validating parser: it reads well-formed files, and names the line where one is not.
public struct XMLElement: Sendable {
    public var name: String
    public var attributes: [(name: String, value: String)]
    public var children: [XMLElement]
    /// The text directly inside, pieces joined.
    public var text: String
    /// The line the start tag is on, from 1.
    public var line: Int

    /// The value of attribute `name`, or nil.
    public func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    /// Reads a document; throws the line and what is wrong.
    public static func parse(_ bytes: [UInt8]) throws(XMLError) -> XMLElement {
        var reader = XMLReader(bytes: bytes)
        return try reader.document()
    }
}

/// A file that is not well-formed XML: where and why.
public struct XMLError: Error, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
}

struct XMLReader {
    let bytes: [UInt8]
    var i = 0
    var line = 1

    init(bytes: [UInt8]) { self.bytes = bytes }

    func error(_ message: String) -> XMLError { XMLError(line: line, message: message) }

    func starts(with s: String) -> Bool {
        let u = Array(s.utf8)
        return i + u.count <= bytes.count && Array(bytes[i..<i + u.count]) == u
    }

    mutating func advance(_ n: Int = 1) {
        for _ in 0..<n where i < bytes.count {
            if bytes[i] == 10 { line += 1 }
            i += 1
        }
    }

    /// Skips past `end`; throws when the file ends first.
    mutating func skip(past end: String, what: String) throws(XMLError) {
        while i < bytes.count && !starts(with: end) { advance() }
        guard i < bytes.count else { throw error("\(what) that does not end") }
        advance(end.utf8.count)
    }

    mutating func skipMarkup() throws(XMLError) {
        while true {
            while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { advance() }
            if starts(with: "<?") { try skip(past: "?>", what: "a processing instruction") }
            else if starts(with: "<!--") { try skip(past: "-->", what: "a comment") }
            else if starts(with: "<!DOCTYPE") || starts(with: "<!doctype") { try skipDoctype() }
            else { return }
        }
    }

    mutating func skipDoctype() throws(XMLError) {
        var depth = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "[") { depth += 1 }
            if bytes[i] == UInt8(ascii: "]") { depth -= 1 }
            if bytes[i] == UInt8(ascii: ">") && depth <= 0 { advance(); return }
            advance()
        }
        throw error("a DOCTYPE that does not end")
    }

    mutating func document() throws(XMLError) -> XMLElement {
        try skipMarkup()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "<") else { throw error("expected an element") }
        let root = try element(depth: 0)
        try skipMarkup()
        guard i == bytes.count else { throw error("text after the document's element") }
        return root
    }

    mutating func name() throws(XMLError) -> String {
        let start = i
        while i < bytes.count, !Self.isSpace(bytes[i]), ![UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "<")].contains(bytes[i]) { advance() }
        guard i > start else { throw error("expected a name") }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 10 || b == 13 }

    mutating func spaces() { while i < bytes.count, Self.isSpace(bytes[i]) { advance() } }

    mutating func element(depth: Int) throws(XMLError) -> XMLElement {
        guard depth < 200 else { throw error("elements nested deeper than 200") }
        let startLine = line
        advance() // <
        let tag = try name()
        var attributes: [(String, String)] = []
        while true {
            spaces()
            guard i < bytes.count else { throw error("<\(tag)> does not end") }
            if starts(with: "/>") { advance(2); return XMLElement(name: tag, attributes: attributes, children: [], text: "", line: startLine) }
            if bytes[i] == UInt8(ascii: ">") { advance(); break }
            let key = try name()
            spaces()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { throw error("attribute \(key) of <\(tag)> has no value") }
            advance()
            spaces()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { throw error("attribute \(key) of <\(tag)>: expected a quoted value") }
            let quote = bytes[i]
            advance()
            let start = i
            while i < bytes.count, bytes[i] != quote { advance() }
            guard i < bytes.count else { throw error("attribute \(key) of <\(tag)> does not end") }
            attributes.append((key, try Self.decoded(bytes[start..<i], line: line)))
            advance()
        }
        var children: [XMLElement] = []
        var text: [UInt8] = []
        while true {
            guard i < bytes.count else { throw error("<\(tag)> (line \(startLine)) is not closed") }
            if starts(with: "</") {
                advance(2)
                let closing = try name()
                guard closing == tag else { throw error("</\(closing)> closes <\(tag)> (line \(startLine))") }
                spaces()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw error("expected '>' after </\(closing)") }
                advance()
                return XMLElement(name: tag, attributes: attributes, children: children, text: try Self.decoded(text[...], line: line), line: startLine)
            }
            if starts(with: "<![CDATA[") {
                advance(9)
                let start = i
                while i < bytes.count && !starts(with: "]]>") { advance() }
                guard i < bytes.count else { throw error("a CDATA section that does not end") }
                // Kept as text with its ampersands escaped, so decoding restores it as written.
                for b in bytes[start..<i] { if b == UInt8(ascii: "&") { text += Array("&amp;".utf8) } else { text.append(b) } }
                advance(3)
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "a comment")
            } else if starts(with: "<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if bytes[i] == UInt8(ascii: "<") {
                children.append(try element(depth: depth + 1))
            } else {
                text.append(bytes[i])
                advance()
            }
        }
    }

    /// Text with its entities decoded: the five named ones and numeric references.
    static func decoded(_ raw: ArraySlice<UInt8>, line: Int) throws(XMLError) -> String {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var out = "", rest = Substring(String(decoding: raw, as: UTF8.self))
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { throw XMLError(line: line, message: "an '&' that starts no entity") }
            let entity = rest[rest.index(after: amp)..<semi]
            switch entity {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let hex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
                guard entity.hasPrefix("#"), let n = UInt32(entity.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10), let scalar = Unicode.Scalar(n) else {
                    throw XMLError(line: line, message: "unknown entity &\(entity);")
                }
                out.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
