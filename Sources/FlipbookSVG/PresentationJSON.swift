import Flipbook

/// A presentation tree as JSON: every layer (derived ones of components included) with its id, type
/// and every property at its resolved value, in scene-file units (pixels, degrees, colours as #rrggbb
/// or #rrggbbaa, paths as SVG path data, numbers to 6 decimals), a mask layer under `"mask"`: what
/// `flipbook dump` prints.
public enum PresentationJSON {
    /// The tree's JSON text, ending in a newline.
    public static func text(_ layer: Layer) -> String {
        var out = ""
        append(layer, indent: "", to: &out)
        return out + "\n"
    }

    private static func append(_ layer: Layer, indent: String, to out: inout String) {
        let inner = indent + "  "
        out += "{\n\(inner)\"id\": \(quote(layer.id)),\n\(inner)\"type\": \(quote(layer.type.name)),\n\(inner)\"properties\": {"
        for (i, key) in layer.type.allProperties.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            out += "\(inner)  \(quote(key.name)): "
            value(layer.value(for: key), to: &out)
        }
        out += "\n\(inner)}"
        let drawn = layer.sublayers.filter { !$0.isMask }
        if !drawn.isEmpty {
            out += ",\n\(inner)\"sublayers\": ["
            for (i, sublayer) in drawn.enumerated() {
                out += i == 0 ? "\n\(inner)  " : ",\n\(inner)  "
                append(sublayer, indent: inner + "  ", to: &out)
            }
            out += "\n\(inner)]"
        }
        if let mask = layer.mask {
            out += ",\n\(inner)\"mask\": "
            append(mask, indent: inner, to: &out)
            if layer.maskMode != .alpha { out += ",\n\(inner)\"maskMode\": \"\(layer.maskMode.rawValue)\"" }
        }
        out += "\n\(indent)}"
    }

    /// One value's JSON text, as the tree shows it: a number, a list of numbers, or a string.
    public static func text(of value: PropertyValue) -> String {
        var out = ""
        Self.value(value, to: &out)
        return out
    }

    private static func value(_ v: PropertyValue, to out: inout String) {
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
            out += g.kind == .conic
                ? "], \"center\": \(list([g.start.x, g.start.y])), \"startAngle\": \(n(g.angle.degrees))}"
                : "], \"start\": \(list([g.start.x, g.start.y])), \"end\": \(list([g.end.x, g.end.y]))}"
        case .text(let s): out += quote(s)
        case .flag(let b): out += b ? "true" : "false"
        case .choice(let s): out += quote(s)
        case .custom(let c): out += quote(c.description)
        }
    }

    private static func quote(_ s: String) -> String { JSONString.quoted(s) }
}

extension Scene {
    /// The presentation tree at `time` seconds as JSON (`PresentationJSON`).
    public func presentationJSON(at time: Double) -> String {
        PresentationJSON.text(presentation(at: time))
    }
}
