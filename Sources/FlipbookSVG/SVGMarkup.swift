import Flipbook

/// Pieces of SVG markup both writers (frames and the animated SVG) share.
package enum SVGMarkup {
    /// Text escaped for element content and attribute values.
    package static func escape(_ text: String) -> String {
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

    /// Whether a text's spaces need `xml:space="preserve"` to be drawn as written: it holds a tab, a
    /// line break, two spaces in a row, or a space at either end (a number padded by its format,
    /// "%6.1f"). Without it, SVG drops the spaces at the ends, joins the others, turns a tab into a
    /// space and drops line breaks, where the raster frames and glyph outlines draw every space (and a
    /// tab or line break as one: a text is one line); with it, Chromium and librsvg draw each space, and
    /// each tab, line feed and carriage return as one space (SVG 1.1, 10.15).
    package static func needsPreservedSpace(_ text: String) -> Bool {
        var previousIsSpace = true
        for byte in text.utf8 {
            if byte == 0x09 || byte == 0x0A || byte == 0x0D { return true }
            let isSpace = byte == 0x20
            if isSpace && previousIsSpace { return true }
            previousIsSpace = isSpace
        }
        return previousIsSpace && !text.isEmpty
    }

    /// `#rrggbb`, each channel clamped to [0, 1] and rounded to 8 bits.
    static func hex(_ c: Color) -> String { SMILFormat.color([c.red, c.green, c.blue]) }

    /// Appends `#rrggbb` for the first three of `channels` (red, green, blue in [0, 1], clamped;
    /// each rounded to 8 bits, NaN as 0; a missing channel writes nothing).
    static func appendHex<Sink: SVGTextSink>(_ channels: [Double], to out: inout Sink) {
        out.write(byte: UInt8(ascii: "#"))
        for x in channels.prefix(3) { appendHexChannel(x, to: &out) }
    }

    /// `appendHex([red, green, blue])` without making the list (the frame writer writes a colour for
    /// every fill and stroke).
    static func appendHex<Sink: SVGTextSink>(red: Double, green: Double, blue: Double, to out: inout Sink) {
        // Seven bytes in one write (a write a byte checked the buffer seven times).
        let r = channelByte(red), g = channelByte(green), b = channelByte(blue)
        out.write(asciiCount: 7) { text in
            text[0] = UInt8(ascii: "#")
            text[1] = hexDigit(r >> 4)
            text[2] = hexDigit(r & 15)
            text[3] = hexDigit(g >> 4)
            text[4] = hexDigit(g & 15)
            text[5] = hexDigit(b >> 4)
            text[6] = hexDigit(b & 15)
        }
    }

    /// Two lowercase hex digits for a channel in [0, 1] (clamped, rounded to 8 bits, NaN as 0).
    @inline(__always)
    private static func appendHexChannel<Sink: SVGTextSink>(_ x: Double, to out: inout Sink) {
        let b = channelByte(x)
        out.write(byte: hexDigit(b >> 4))
        out.write(byte: hexDigit(b & 15))
    }

    /// A channel in [0, 1] as 0…255: clamped, rounded half away from zero, NaN as 0.
    @inline(__always)
    private static func channelByte(_ x: Double) -> Int {
        // Clamped, the rounded value is NaN or a whole number in 0…255, which converts exactly.
        let v = (min(max(x, 0), 1) * 255).rounded()
        return v == v ? Int(v) : 0
    }

    /// The ASCII lowercase hex digit of `d`, 0...15.
    @inline(__always)
    private static func hexDigit(_ d: Int) -> UInt8 { UInt8(truncatingIfNeeded: d < 10 ? 48 + d : 87 + d) }

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
        case .radial, .conic:
            // (A conic gradient is drawn as wedges, `ConicWedges`, never through here; were one, it
            // would be a radial one of its centre.)
            d += "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\""
            SVGNumber.append(g.start.x, to: &d); d += "\" cy=\""
            SVGNumber.append(g.start.y, to: &d); d += "\" r=\""
            SVGNumber.append(g.radius, to: &d); d += "\""
            if let f = g.writtenFocus {
                d += " fx=\""; SVGNumber.append(f.x, to: &d)
                d += "\" fy=\""; SVGNumber.append(f.y, to: &d); d += "\""
            }
            d += ">"
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
