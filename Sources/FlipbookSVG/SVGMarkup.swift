import Flipbook

/// Pieces of SVG markup both writers (frames and the animated SVG) share.
enum SVGMarkup {
    /// Text escaped for element content and attribute values.
    static func escape(_ text: String) -> String {
        var out = ""
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }

    /// `#rrggbb`, each channel clamped to [0, 1] and rounded to 8 bits.
    static func hex(_ c: Color) -> String { SMILFormat.color([c.red, c.green, c.blue]) }

    /// Appends `#rrggbb` for the first three of `channels` (red, green, blue in [0, 1], clamped;
    /// each rounded to 8 bits, NaN as 0).
    static func appendHex<Sink: SVGTextSink>(_ channels: [Double], to out: inout Sink) {
        out.write(byte: UInt8(ascii: "#"))
        for x in channels.prefix(3) {
            let b = Int(saturating: (min(max(x, 0), 1) * 255).rounded())
            out.write(byte: hexDigits[b >> 4])
            out.write(byte: hexDigits[b & 15])
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// A `<linearGradient>` or `<radialGradient>` definition in user space, with the given id.
    static func gradient(_ g: Gradient, id: String) -> String {
        var d = ""
        switch g.kind {
        case .linear:
            d += "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\""
            SVGNumber.append(g.start.x, to: &d); d += "\" y1=\""
            SVGNumber.append(g.start.y, to: &d); d += "\" x2=\""
            SVGNumber.append(g.end.x, to: &d); d += "\" y2=\""
            SVGNumber.append(g.end.y, to: &d); d += "\">"
        case .radial:
            d += "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\""
            SVGNumber.append(g.start.x, to: &d); d += "\" cy=\""
            SVGNumber.append(g.start.y, to: &d); d += "\" r=\""
            SVGNumber.append(g.radius, to: &d); d += "\">"
        }
        for stop in g.stops {
            d += "<stop offset=\""
            SVGNumber.append(min(max(stop.offset, 0), 1), to: &d)
            d += "\" stop-color=\"\(hex(stop.color))\""
            if stop.color.alpha < 1 {
                d += " stop-opacity=\""
                SVGNumber.append(max(stop.color.alpha, 0), to: &d)
                d += "\""
            }
            d += "/>"
        }
        return d + (g.kind == .linear ? "</linearGradient>\n" : "</radialGradient>\n")
    }
}
