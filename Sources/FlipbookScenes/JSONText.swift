import Easing
import Flipbook

/// JSON to write, with members in the order given (scene files written by Flipbook have a stable key
/// order, so the same scene gives the same bytes): what `SceneEncoder` and the Lottie importer build.
/// Numbers are written in their shortest round-trip form (`roundTripText`), strings by `JSONString`.
///
/// Equal when their compact texts are: an object's members are tuples, which have no synthesized `==`.
package enum JSONText: Equatable, Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case array([JSONText])
    case object([(String, JSONText)])

    package static func == (a: JSONText, b: JSONText) -> Bool { a.compact == b.compact }

    /// A point or size: `[x, y]`.
    package static func pair(_ x: Double, _ y: Double) -> JSONText { .array([.number(x), .number(y)]) }

    /// The text on one line, with no spaces.
    package var compact: String {
        var out = ""
        writeCompact(to: &out)
        return out
    }

    private func writeCompact(to out: inout String) {
        switch self {
        case .number, .string, .bool: out += rendered()
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.writeCompact(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                out += Self.quoted(key) + ":"
                value.writeCompact(to: &out)
            }
            out += "}"
        }
    }

    /// The text: objects one member a line, indented two spaces a level; arrays of scalars on one line.
    package func rendered(indent: String = "") -> String {
        switch self {
        case .number(let v): return Self.number(v)
        case .string(let s): return Self.quoted(s)
        case .bool(let b): return b ? "true" : "false"
        case .array(let items):
            if items.allSatisfy(\.isScalar) || items.isEmpty {
                return "[" + items.map { $0.rendered() }.joined(separator: ", ") + "]"
            }
            let inner = indent + "  "
            return "[\n" + items.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            if members.count <= 4 && members.allSatisfy({ $0.1.isScalar }) {
                return "{" + members.map { Self.quoted($0.0) + ": " + $0.1.rendered() }.joined(separator: ", ") + "}"
            }
            let inner = indent + "  "
            return "{\n" + members.map { inner + Self.quoted($0.0) + ": " + $0.1.rendered(indent: inner) }.joined(separator: ",\n")
                + "\n" + indent + "}"
        }
    }

    /// Throws at the first number JSON cannot hold (infinite or NaN), naming its path.
    func checkFinite(at path: String) throws(SceneEncodingError) {
        switch self {
        case .number(let v):
            guard v.isFinite else { throw SceneEncodingError(path: path, message: "the value \(v) cannot be written: JSON numbers are finite") }
        case .string, .bool: break
        case .array(let items):
            for (i, item) in items.enumerated() { try item.checkFinite(at: path + "[\(i)]") }
        case .object(let members):
            for (key, value) in members { try value.checkFinite(at: path.isEmpty ? key : path + "." + key) }
        }
    }

    private var isScalar: Bool {
        switch self {
        case .number, .string, .bool: true
        case .array(let items): items.allSatisfy { if case .array = $0 { false } else { $0.isScalar } } && items.count <= 8
        case .object: false
        }
    }

    /// The shortest text that parses back to exactly `v` (Swift's shortest round-trip form), with
    /// integers written without a fraction.
    static func number(_ v: Double) -> String { v.roundTripText }

    /// A JSON string literal.
    static func quoted(_ s: String) -> String { JSONString.quoted(s) }
}
