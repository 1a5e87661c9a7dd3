import FlipbookScenes

/// Values the importer writes into a Lottie document it rewrites before reading it (time remaps,
/// group opacities): no place in the file (line and column 0).
extension JSONValue {
    static func number(_ v: Double) -> JSONValue { JSONValue(kind: .number(v), line: 0, column: 0) }
    static func string(_ s: String) -> JSONValue { JSONValue(kind: .string(s), line: 0, column: 0) }
    static func array(_ items: [JSONValue]) -> JSONValue { JSONValue(kind: .array(items), line: 0, column: 0) }
    static func object(_ members: [Member]) -> JSONValue { JSONValue(kind: .object(members), line: 0, column: 0) }
    static var null: JSONValue { JSONValue(kind: .null, line: 0, column: 0) }
}
