import Flipbook
import FlipbookSVG
import Foundation

/// `flipbook dump SCENE --at T`: the presentation tree at T as JSON.
enum DumpCommand {
    static let help = """
    USAGE: flipbook dump <scene.json> --at <seconds> [options]

    Prints the presentation tree at the given time as JSON: every layer (derived ones of components
    included) with its id, type and every property at its resolved value, in scene-file units
    (pixels, degrees, colours as #rrggbb or #rrggbbaa, paths as SVG path data).

    OPTIONS:
      --at <seconds>       The time to show (default 0).
    \(SceneOptions.help)
      --help               Show this help.
    """

    static func run(_ arguments: [[UInt8]]) throws -> Int32 {
        let args = try ParsedArguments(raw: arguments, valueOptions: SceneOptions.valueOptions.union(["at"]), flagOptions: ["help"], command: "dump")
        if args.flags.contains("help") { print(help); return 0 }
        guard args.positionals.count == 1 else { throw UsageError("'dump' needs one scene file") }
        var time = 0.0
        if let text = args.options["at"] {
            guard let t = Double(text), t.isFinite else { throw UsageError("--at expects a time in seconds, got '\(text)'") }
            time = t
        }
        let scene = try SceneOptions.load(args.positionalPaths[0], args)
        var out = ""
        PresentationJSON.append(scene.presentation(at: time), indent: "", to: &out)
        out += "\n"
        try writeStandardOutput(Array(out.utf8))
        return 0
    }
}

/// The presentation tree as JSON, values in scene-file units.
enum PresentationJSON {
    static func append(_ layer: Layer, indent: String, to out: inout String) {
        let inner = indent + "  "
        out += "{\n\(inner)\"id\": \(quote(layer.id)),\n\(inner)\"type\": \(quote(layer.type.name)),\n\(inner)\"properties\": {"
        for (i, key) in layer.type.allProperties.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            out += "\(inner)  \(quote(key.name)): "
            value(layer.value(for: key), to: &out)
        }
        out += "\n\(inner)}"
        if !layer.sublayers.isEmpty {
            out += ",\n\(inner)\"sublayers\": ["
            for (i, sublayer) in layer.sublayers.enumerated() {
                out += i == 0 ? "\n\(inner)  " : ",\n\(inner)  "
                append(sublayer, indent: inner + "  ", to: &out)
            }
            out += "\n\(inner)]"
        }
        out += "\n\(indent)}"
    }

    static func value(_ v: PropertyValue, to out: inout String) {
        func n(_ x: Double) -> String { SVGNumber.format(x, decimals: 6) }
        func list(_ xs: [Double]) -> String { "[" + xs.map(n).joined(separator: ", ") + "]" }
        switch v {
        case .number(let x): out += n(x)
        case .angle(let a): out += n(a.degrees)
        case .point(let p): out += list([p.x, p.y])
        case .size(let s): out += list([s.width, s.height])
        case .rect(let r): out += list([r.origin.x, r.origin.y, r.size.width, r.size.height])
        case .color(let c): out += quote(c.hexString)
        case .transform(let m): out += list([m.a, m.b, m.c, m.d, m.tx, m.ty])
        case .numbers(let xs): out += list(xs)
        case .colors(let cs): out += "[" + cs.map { quote($0.hexString) }.joined(separator: ", ") + "]"
        case .dashPattern(let d): out += list(d.lengths)
        case .path(let p): out += quote(SVGPathData.string(p))
        case .gradient(let g):
            out += "{\"type\": \(quote(g.kind.rawValue)), \"stops\": ["
            out += g.stops.map { "[\(n($0.offset)), \(quote($0.color.hexString))]" }.joined(separator: ", ")
            out += "], \"start\": \(list([g.start.x, g.start.y])), \"end\": \(list([g.end.x, g.end.y]))}"
        case .text(let s): out += quote(s)
        case .flag(let b): out += b ? "true" : "false"
        case .choice(let s): out += quote(s)
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
