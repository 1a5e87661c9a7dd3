import FlipbookScenes

/// Mutates scene files: byte-level damage and structural changes (wrong types, extreme numbers, deep
/// nesting, unknown and duplicated keys, huge strings, invalid UTF-8). Deterministic for a seed.
struct Mutator {
    var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }

    mutating func mutate(_ seed: [UInt8]) -> [UInt8] {
        // Two inputs in five keep the scene's shape and change its values, so that most of them load and
        // reach the cross-checks; the rest are damaged.
        if below(5) < 2, let value = try? JSONParser.parse(seed) {
            var changed = value
            for _ in 0..<(1 + below(3)) { changed = mutateValues(changed) }
            var out = ""
            write(changed, into: &out)
            return Array(out.utf8)
        }
        var bytes = seed
        let rounds = 1 + below(3)
        for _ in 0..<rounds {
            switch below(10) {
            case 0: // flip bytes
                for _ in 0..<(1 + below(4)) where !bytes.isEmpty {
                    bytes[below(bytes.count)] ^= UInt8(truncatingIfNeeded: 1 << below(8))
                }
            case 1: // truncate
                if !bytes.isEmpty { bytes = Array(bytes.prefix(below(bytes.count))) }
            case 2: // delete a range
                if bytes.count > 2 {
                    let a = below(bytes.count), b = min(bytes.count, a + 1 + below(64))
                    bytes.removeSubrange(a..<b)
                }
            case 3: // insert invalid UTF-8 or a control byte
                let junk: [[UInt8]] = [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0x00], [0xF8, 0x88, 0x80, 0x80, 0x80], [0x22], [0x5C]]
                bytes.insert(contentsOf: junk[below(junk.count)], at: below(bytes.count + 1))
            default:
                if let structural = mutateStructure(bytes) { bytes = structural }
            }
        }
        return bytes
    }

    /// Parses, changes one node, writes JSON back; nil when the input does not parse.
    mutating func mutateStructure(_ bytes: [UInt8]) -> [UInt8]? {
        guard let value = try? JSONParser.parse(bytes) else { return nil }
        var count = 0
        countNodes(value, &count)
        let target = below(count)
        var index = 0
        let changed = replace(value, target: target, index: &index)
        var out = ""
        write(changed, into: &out)
        return Array(out.utf8)
    }

    private static let dashes: [[Double]] = [[10, -2], [0, 0], [5], [3, 1, 2], [-1, 4], [1e-9, 1e-9], [40, 0], [0.01], [1e6, 1]]
    private static let easings = ["ease-out-back", "ease-in-out-elastic", "steps(3, jump-both)", "spring(damping: 4)", "linear",
                                  "ease-in-out-bounce", "cubic-bezier(0.5, -2, 0.5, 3)", "steps(1, jump-none)"]
    /// Keys whose values keep the scene loadable and comparable: the format version, the frame grid,
    /// and stroke widths (a stroke wider than the circle it strokes covers the circle's centre,
    /// which librsvg leaves hollow: a difference of the SVG oracle, not of the renderers under test).
    private static let kept: Set<String> = ["flipbook", "fps", "duration", "canvas", "lineWidth", "trackWidth", "valueWidth"]

    /// The same value with some numbers scaled, negated, zeroed or shifted, dash patterns and easings
    /// swapped for awkward ones.
    private mutating func mutateValues(_ v: JSONValue) -> JSONValue {
        func node(_ kind: JSONValue.Kind) -> JSONValue { JSONValue(kind: kind, line: v.line, column: v.column) }
        func changed(_ x: Double) -> Double {
            switch below(6) {
            case 0: return -x
            case 1: return x * 0.5
            case 2: return x * 2
            case 3: return x * 10
            case 4: return 0
            default: return x + Double(below(10_001)) / 100 - 50
            }
        }
        switch v.kind {
        case .object(let members):
            var out: [JSONValue.Member] = []
            for m in members {
                var value = m.value
                if Self.kept.contains(m.key) {
                } else if m.key == "lineDashPattern", below(2) == 0 {
                    value = node(.array(Self.dashes[below(Self.dashes.count)].map { node(.number($0)) }))
                } else if m.key == "timing" || m.key == "timingFunction", case .string = value.kind, below(10) < 3 {
                    value = node(.string(Self.easings[below(Self.easings.count)]))
                } else if case .number(let x) = value.kind, below(100) < 15 {
                    value = node(.number(changed(x)))
                } else {
                    value = mutateValues(value)
                }
                out.append(JSONValue.Member(key: m.key, value: value))
            }
            return node(.object(out))
        case .array(let items):
            return node(.array(items.map { item in
                if case .number(let x) = item.kind, below(10) == 0 { return node(.number(changed(x))) }
                return mutateValues(item)
            }))
        default:
            return v
        }
    }

    private func countNodes(_ v: JSONValue, _ count: inout Int) {
        count += 1
        switch v.kind {
        case .array(let items): for item in items { countNodes(item, &count) }
        case .object(let members): for m in members { countNodes(m.value, &count) }
        default: break
        }
    }

    private mutating func replace(_ v: JSONValue, target: Int, index: inout Int) -> JSONValue {
        defer { index += 1 }
        if index == target { return replacement(for: v) }
        var copy = v
        switch v.kind {
        case .array(let items):
            var out: [JSONValue] = []
            for item in items { index += 1; out.append(replace(item, target: target, index: &index)); index -= 1 }
            copy.kind = .array(out)
        case .object(let members):
            var out: [JSONValue.Member] = []
            for m in members {
                index += 1
                out.append(JSONValue.Member(key: m.key, value: replace(m.value, target: target, index: &index)))
                index -= 1
            }
            copy.kind = .object(out)
        default: break
        }
        return copy
    }

    private static let numbers: [Double] = [0, -0.0, -1, -1e-300, 1e-300, 1e308, -1e308, 1.7976931348623157e308, Double.leastNonzeroMagnitude, 1e15,
                                            -5, 0.5, 2, 1e6, 1e9, 3.4e38, 65536, 16384, 16385, 99999, 100001]
    private static let strings = ["", "NaN", "Infinity", "-1", "ease-inn", "cubic-bezier(2, 0, 0, 1)", "spring(mass: 0)",
                                  "#zzzzzz", "M0 0 L", "pieSlice", "steps(0)", "linear(1)", "\u{0}", "é", "🦊"]

    private mutating func replacement(for v: JSONValue) -> JSONValue {
        func node(_ kind: JSONValue.Kind) -> JSONValue { JSONValue(kind: kind, line: 0, column: 0) }
        switch below(12) {
        case 0: return node(.number(Self.numbers[below(Self.numbers.count)]))
        case 1: return node(.string(Self.strings[below(Self.strings.count)]))
        case 2: return node(.bool(below(2) == 0))
        case 3: return node(.null)
        case 4: return node(.array([]))
        case 5: return node(.object([]))
        case 6: // deep nesting
            var inner = v
            for _ in 0..<(50 + below(2000)) { inner = node(.array([inner])) }
            return inner
        case 7: // a huge string (10 MB now and then)
            return node(.string(String(repeating: "a", count: below(25) == 0 ? 10_000_000 : 10_000)))
        case 8: // unknown or duplicated key
            if case .object(var members) = v.kind {
                if let first = members.first, below(2) == 0 {
                    members.append(first)
                } else {
                    members.append(JSONValue.Member(key: ["colour", "durations", "layer", "x", "$schema", "fps"][below(6)], value: node(.number(1))))
                }
                return node(.object(members))
            }
            return node(.number(-1))
        case 9: // a long array
            return node(.array(Array(repeating: node(.number(Double(below(1000)))), count: below(25) == 0 ? 200_001 : 1000)))
        case 10: // negate or scale a number
            if case .number(let x) = v.kind { return node(.number(below(2) == 0 ? -x : x * 1e12)) }
            return v
        default: // duplicate an array's items
            if case .array(let items) = v.kind { return node(.array(items + items + items)) }
            return v
        }
    }

    func write(_ v: JSONValue, into out: inout String) {
        switch v.kind {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let x): out += x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\(x)"
        case .string(let s):
            out += "\""
            if s.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }) {
                out += s
                out += "\""
                return
            }
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                default:
                    if scalar.value < 0x20 { out += "\\u00" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16) } else { out.unicodeScalars.append(scalar) }
                }
            }
            out += "\""
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                write(item, into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, m) in members.enumerated() {
                if i > 0 { out += "," }
                write(JSONValue(kind: .string(m.key), line: 0, column: 0), into: &out)
                out += ":"
                write(m.value, into: &out)
            }
            out += "}"
        }
    }
}
