import Easing

/// JSON to write, with members in the order given, so the same value gives the same bytes: what scene
/// files (`SceneEncoder`, the Lottie importer) and Lottie files (`LottieWriter`) are written from.
/// Numbers are written in their shortest round-trip form (`roundTripText`) or as their writer wrote
/// them (`written`), strings by `JSONString`.
///
/// Equal when their compact texts are: an object's members are tuples, which have no synthesized `==`.
package enum JSONText: Equatable, Sendable {
    case number(Double)
    /// A number already written by its own rule (a Lottie file's, at each field's precision).
    case written(String)
    case null
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
        write(compactTo: &out)
        return out
    }

    /// Appends the compact text to `out`.
    package func write(compactTo out: inout String) {
        switch self {
        case .number, .written, .null, .string, .bool: out += rendered()
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(compactTo: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                out += Self.quoted(key) + ":"
                value.write(compactTo: &out)
            }
            out += "}"
        }
    }

    /// The text: objects one member a line, indented two spaces a level; arrays of scalars on one line.
    package func rendered(indent: String = "") -> String {
        switch self {
        case .number(let v): return Self.numberText(v)
        case .written(let text): return text
        case .null: return "null"
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

    private var isScalar: Bool {
        switch self {
        case .number, .written, .null, .string, .bool: true
        case .array(let items): items.allSatisfy { if case .array = $0 { false } else { $0.isScalar } } && items.count <= 8
        case .object: false
        }
    }

    /// The shortest text that parses back to exactly `v` (Swift's shortest round-trip form), with
    /// integers written without a fraction.
    package static func numberText(_ v: Double) -> String { v.roundTripText }

    /// A JSON string literal.
    package static func quoted(_ s: String) -> String { JSONString.quoted(s) }
}
