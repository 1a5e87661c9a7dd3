import Flipbook

/// The scene file the importer writes, as JSON values: built in memory, then written as text that
/// `SceneLoader` reads (so that an imported scene is checked as every scene file is).
enum SceneJSON: Equatable, Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case array([SceneJSON])
    case object([(String, SceneJSON)])

    static func == (a: SceneJSON, b: SceneJSON) -> Bool { a.text == b.text }

    /// A point or size: `[x, y]`.
    static func pair(_ x: Double, _ y: Double) -> SceneJSON { .array([.number(x), .number(y)]) }

    /// The JSON text, compact. Numbers are written as Swift writes a Double (shortest round trip;
    /// JSON reads `1e-05` and `2.0`); the importer never makes a NaN or an infinity.
    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// A number as the importer writes it (scene files, easing functions, path data): a whole
    /// number as an integer, others in Swift's shortest round-trip form (JSON and SVG path data
    /// read `1e-05`).
    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
    }

    func write(to out: inout String) {
        switch self {
        case .number(let v): out += Self.format(v)
        case .string(let s): out += JSONString.quoted(s)
        case .bool(let b): out += b ? "true" : "false"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                SceneJSON.string(key).write(to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }
}
