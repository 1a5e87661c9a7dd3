import Easing

/// A Lottie file checked against the Lottie file Flipbook writes for a scene: `flipbook verify
/// FILE.json --against SCENE`.
///
/// Both are read as JSON and walked together: objects by key (the order aside), lists item by item.
/// An animated property (an object with `a` and `k`) is evaluated on both sides by the reader the
/// writer checks itself with (`LottieProperty`: Lottie 1.0's keyframes, hold and bezier easing, one
/// curve for all components) at every frame of the file's `ip`…`op` and halfway between, its largest
/// difference kept; any other number is compared as it is, text and flags must be equal. A path
/// that one side has and the other has not is a difference of structure, reported where it is and not
/// followed further. A property the reader cannot take (easing tangents that differ by component, a
/// motion path bent by spatial tangents, an expression) is named, not guessed.
public struct LottieFileCheck: Sendable {
    /// The differences, as `AnimatedFileCheck`'s entries: `element` is the JSON path with the layer's
    /// name (`layers[2] "ring" .ks.o`), time in seconds.
    public var entries: [AnimatedFileCheck.Entry] = []
    public var unread: [String] = []
    /// Where the two files differ in structure.
    public var structure: [String] = []
    public var animations = 0
    public var instants = 0

    public func failures(tolerance: Double) -> [AnimatedFileCheck.Entry] { entries.filter { $0.largest > tolerance } }

    public init(file: [UInt8], reference: String) throws(XMLError) {
        var fileReader = LottieJSONReader(bytes: file), referenceReader = LottieJSONReader(bytes: Array(reference.utf8))
        let mine = try fileReader.document(), theirs = try referenceReader.document()
        func field(_ json: JSON, _ key: String) -> Double? {
            guard case .object(let f) = json else { return nil }
            return f.first { $0.0 == key }?.1.written
        }
        let rate = field(mine, "fr") ?? 60, start = field(mine, "ip") ?? 0, end = field(mine, "op") ?? start
        var frames: [Double] = []
        var f = start
        while f <= end, frames.count < 200_000 {
            frames.append(f)
            if f + 0.5 <= end { frames.append(f + 0.5) }
            f += 1
        }
        instants = frames.count
        compare(mine, theirs, path: "", layer: "", frames: frames, rate: rate)
    }

    mutating func compare(_ a: JSON, _ b: JSON, path: String, layer: String, frames: [Double], rate: Double) {
        let label = layer.isEmpty ? path : "\(layer) \(path)"
        switch (a, b) {
        case (.object(let x), .object(let y)):
            let xa = x.contains { $0.0 == "a" } && x.contains { $0.0 == "k" }
            let ya = y.contains { $0.0 == "a" } && y.contains { $0.0 == "k" }
            if xa && ya {
                guard let p = LottieProperty(a, strict: true) else {
                    if x.contains(where: { $0.0 == "x" }) { unread.append("\(label): an expression, not evaluated") }
                    else { unread.append("\(label): not evaluated (a form the Lottie reader does not take: tangents by component, a bent motion path)") }
                    return
                }
                guard let q = LottieProperty(b) else { return }
                animations += 1
                var worst: AnimatedFileCheck.Entry?
                for f in frames {
                    let u = p.value(at: f), v = q.value(at: f)
                    let d = u.count == v.count ? zip(u, v).reduce(0) { max($0, abs($1.0 - $1.1)) } : .infinity
                    if worst == nil || d > worst!.largest {
                        worst = AnimatedFileCheck.Entry(element: label, property: "animated", largest: d, time: f / rate,
                                                        actual: Self.text(u), expected: Self.text(v))
                    }
                }
                if let worst { entries.append(worst) }
                return
            }
            var name = layer
            if path.hasSuffix("]"), path.filter({ $0 == "[" }).count == 1, case .string(let n)? = x.first(where: { $0.0 == "nm" })?.1 {
                name = "\"\(n)\""
            }
            let keys = x.map(\.0) + y.map(\.0).filter { k in !x.contains { $0.0 == k } }
            for key in keys {
                let p = path.isEmpty ? key : "\(path).\(key)"
                switch (x.first { $0.0 == key }?.1, y.first { $0.0 == key }?.1) {
                case (let u?, let v?): compare(u, v, path: p, layer: name, frames: frames, rate: rate)
                case (_?, nil): structure.append("\(name.isEmpty ? "" : name + " ")\(p): in the file, not in the scene's Lottie")
                case (nil, _?): structure.append("\(name.isEmpty ? "" : name + " ")\(p): in the scene's Lottie, not in the file")
                default: break
                }
            }
        case (.array(let x), .array(let y)):
            guard x.count == y.count else {
                structure.append("\(label): \(x.count) items in the file, \(y.count) in the scene's Lottie")
                return
            }
            for (i, (u, v)) in zip(x, y).enumerated() { compare(u, v, path: "\(path)[\(i)]", layer: layer, frames: frames, rate: rate) }
        default:
            if let u = a.written, let v = b.written {
                if u != v { entries.append(AnimatedFileCheck.Entry(element: label, property: "static", largest: abs(u - v), time: 0, actual: Self.text([u]), expected: Self.text([v]))) }
            } else {
                var s = "", t = ""
                a.write(to: &s)
                b.write(to: &t)
                if s != t { entries.append(AnimatedFileCheck.Entry(element: label, property: "static", largest: .infinity, time: 0, actual: s, expected: t)) }
            }
        }
    }

    static func text(_ v: [Double]) -> String { v.map { SVGNumber.format($0, decimals: 6) }.joined(separator: " ") }
}

/// JSON text read into the Lottie writer's values (`JSON`), numbers as `.read`.
struct LottieJSONReader {
    let bytes: [UInt8]
    var i = 0
    var line = 1

    init(bytes: [UInt8]) { self.bytes = bytes }

    func error(_ message: String) -> XMLError { XMLError(line: line, message: message) }

    mutating func spaces() {
        while i < bytes.count, [32, 9, 10, 13].contains(bytes[i]) {
            if bytes[i] == 10 { line += 1 }
            i += 1
        }
    }

    mutating func document() throws(XMLError) -> JSON {
        let v = try value(depth: 0)
        spaces()
        guard i == bytes.count else { throw error("text after the JSON value") }
        return v
    }

    mutating func value(depth: Int) throws(XMLError) -> JSON {
        guard depth < 256 else { throw error("nested deeper than 256") }
        spaces()
        guard i < bytes.count else { throw error("the file ends where a value should be") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var fields: [(String, JSON)] = []
            spaces()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
            while true {
                spaces()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a key") }
                let key = try string()
                spaces()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after \"\(key)\"") }
                i += 1
                fields.append((key, try value(depth: depth + 1)))
                spaces()
                guard i < bytes.count else { throw error("an object that does not end") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                guard bytes[i] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
                i += 1
                return .object(fields)
            }
        case UInt8(ascii: "["):
            i += 1
            var items: [JSON] = []
            spaces()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                items.append(try value(depth: depth + 1))
                spaces()
                guard i < bytes.count else { throw error("a list that does not end") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                guard bytes[i] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
                i += 1
                return .array(items)
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t") where word("true"): i += 4; return .bool(true)
        case UInt8(ascii: "f") where word("false"): i += 5; return .bool(false)
        case UInt8(ascii: "n") where word("null"): i += 4; return .null
        default:
            let start = i
            while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
            guard let v = Double(String(decoding: bytes[start..<i], as: UTF8.self)), v.isFinite else { throw error("expected a value") }
            return .read(v)
        }
    }

    func word(_ w: String) -> Bool {
        let u = Array(w.utf8)
        return i + u.count <= bytes.count && Array(bytes[i..<i + u.count]) == u
    }

    mutating func string() throws(XMLError) -> String {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
            if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count {
                i += 1
                switch bytes[i] {
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "u"):
                    guard i + 4 < bytes.count, let n = UInt32(String(decoding: bytes[i + 1...i + 4], as: UTF8.self), radix: 16) else { throw error("a bad \\u escape") }
                    out += Array(String(Unicode.Scalar(n).map(Character.init) ?? "\u{FFFD}").utf8)
                    i += 4
                default: out.append(bytes[i])
                }
            } else {
                out.append(bytes[i])
            }
            i += 1
        }
        guard i < bytes.count else { throw error("a string that does not end") }
        i += 1
        return String(decoding: out, as: UTF8.self)
    }
}
