import Easing
import FlipbookSupport
/// A JSON value being decoded, with its path for error messages.
struct JSONReader {
    let value: JSONValue
    let path: String
    let file: String

    func error(_ message: String) -> SceneError {
        SceneError(file: file, path: path, message: message)
    }

    func child(_ key: String, _ value: JSONValue) -> JSONReader {
        let shown = Self.shown(key)
        return JSONReader(value: value, path: path.isEmpty ? shown : "\(path).\(shown)", file: file)
    }

    /// A key as a message shows it: escaped and shortened when long or holding control characters.
    static func shown(_ key: String) -> String {
        key.utf8.count <= 80 && !key.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 >= 0xC2 })
            ? key : DisplayText.escaped(key, limit: 80)
    }

    func element(_ index: Int, _ value: JSONValue) -> JSONReader {
        JSONReader(value: value, path: "\(path)[\(index)]", file: file)
    }

    func object() throws(SceneError) -> ObjectReader {
        guard case .object(let members) = value.kind else { throw error("expected an object, got \(value.typeName)") }
        var seen: Set<String> = []
        for member in members where !seen.insert(member.key).inserted {
            throw child(member.key, member.value).error("duplicate key \"\(Self.shown(member.key))\"")
        }
        return ObjectReader(reader: self, members: members)
    }

    func array() throws(SceneError) -> [JSONReader] {
        guard case .array(let items) = value.kind else { throw error("expected an array, got \(value.typeName)") }
        return items.enumerated().map { element($0.offset, $0.element) }
    }

    func number(_ expected: String = "a number") throws(SceneError) -> Double {
        guard case .number(let v) = value.kind else { throw error("expected \(expected), got \(value.typeName)") }
        return v
    }

    /// A number satisfying `check`, described by `expected` ("a duration ≥ 0 in seconds").
    func number(_ expected: String, where check: (Double) -> Bool) throws(SceneError) -> Double {
        let v = try number(expected)
        guard check(v) else { throw error("expected \(expected), got \(format(v))") }
        return v
    }

    /// A string, which SVG (XML 1.0) must be able to carry: no C0 control character but tab, line
    /// feed and carriage return, no U+FFFE or U+FFFF (lone surrogates never reach here: the JSON
    /// parser refuses them). Refused with the JSON path, never written into a broken file.
    func string() throws(SceneError) -> String {
        guard case .string(let v) = value.kind else { throw error("expected a string, got \(value.typeName)") }
        if let bad = v.unicodeScalars.first(where: { ($0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r") || $0.value == 0xFFFE || $0.value == 0xFFFF }) {
            throw error("the string holds U+\(String(bad.value, radix: 16, uppercase: true).leftPadded(to: 4)), a character SVG (XML 1.0) cannot carry; remove it")
        }
        return v
    }

    func bool() throws(SceneError) -> Bool {
        guard case .bool(let v) = value.kind else { throw error("expected true or false, got \(value.typeName)") }
        return v
    }

    /// An array of exactly `count` numbers (e.g. a point).
    func numbers(count: Int, what: String) throws(SceneError) -> [Double] {
        let items = try array()
        guard items.count == count else { throw error("expected \(what), got an array of \(items.count)") }
        var out: [Double] = []
        for item in items { out.append(try item.number()) }
        return out
    }

    func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)"
    }
}

/// An object being decoded: members are read by key, and what was not read is an error.
final class ObjectReader {
    let reader: JSONReader
    let members: [JSONValue.Member]
    private var used: Set<String> = []

    init(reader: JSONReader, members: [JSONValue.Member]) {
        self.reader = reader
        self.members = members
    }

    var keys: [String] { members.map(\.key) }

    func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    /// The member `key`, marked as read, or nil.
    func optional(_ key: String) -> JSONReader? {
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        used.insert(key)
        return reader.child(key, member.value)
    }

    func required(_ key: String, _ expected: String) throws(SceneError) -> JSONReader {
        guard let value = optional(key) else { throw reader.error("missing \"\(key)\" (\(expected))") }
        return value
    }

    /// Fails on the first member not read, suggesting the closest allowed key.
    func finish(allowed: [String]) throws(SceneError) {
        for member in members where !used.contains(member.key) {
            throw reader.child(member.key, member.value)
                .error("unknown key \"\(JSONReader.shown(member.key))\"\(DidYouMean.hint(for: member.key, among: allowed))")
        }
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
