import Flipbook

/// How SVG draws a layer's shadow (`Shadow`), in frames and in the animated document alike.
///
/// A shadow of the layer's alpha is a filter on the layer's group: the source's alpha blurred
/// (feGaussianBlur, stdDeviation σ = the shadow's radius), moved (feOffset), filled with the colour
/// (feFlood, feComposite in) and merged under the source (feMerge). Only SVG 1.1 primitives: librsvg
/// 2.54 drops an element filtered with feDropShadow. A shadowPath's shadow is the path itself,
/// filled with the colour, moved and blurred, drawn first in the group. Filters work in sRGB
/// (`color-interpolation-filters`), as the frames composite.
///
/// The filter region covers ±10⁷ px of the group's user space (browsers and librsvg clip it to the
/// canvas): a group's own render node, as the retained frame renderer writes it, does not know its
/// sublayers' extent, and both writers must give the same bytes.
enum SVGShadow {
    static let region: StaticString = " filterUnits=\"userSpaceOnUse\" x=\"-10000000\" y=\"-10000000\" width=\"20000000\" height=\"20000000\""

    /// The filter of a shadow of the group's alpha, `c<id>`.
    static func writeFilter<Sink: SVGTextSink>(_ shadow: Shadow, id: Int, into out: inout Sink) {
        out.write("<filter id=\"c")
        SVGNumber.append(Double(id), decimals: 0, to: &out)
        out.write("\""); out.write(region); out.write(" color-interpolation-filters=\"sRGB\">")
        if shadow.radius > 0 {
            out.write("<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"")
            SVGNumber.append(shadow.radius, to: &out)
            out.write("\"/><feOffset dx=\"")
        } else {
            out.write("<feOffset in=\"SourceAlpha\" dx=\"")
        }
        SVGNumber.append(shadow.offset.width, to: &out); out.write("\" dy=\"")
        SVGNumber.append(shadow.offset.height, to: &out)
        out.write("\" result=\"s\"/><feFlood flood-color=\"")
        SVGMarkup.appendHex(red: shadow.color.red, green: shadow.color.green, blue: shadow.color.blue, to: &out)
        out.write("\"")
        if shadow.color.alpha < 1 {
            out.write(" flood-opacity=\"")
            SVGNumber.append(shadow.color.alpha, to: &out)
            out.write("\"")
        }
        out.write("/><feComposite in2=\"s\" operator=\"in\"/><feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge></filter>\n")
    }

    /// The blur of a shadowPath's shadow, `c<id>` (none for radius 0).
    static func writeBlur<Sink: SVGTextSink>(_ shadow: Shadow, of path: Path, id: Int, into out: inout Sink) {
        guard shadow.radius > 0 else { return }
        out.write("<filter id=\"c")
        SVGNumber.append(Double(id), decimals: 0, to: &out)
        out.write("\""); out.write(region); out.write("><feGaussianBlur stdDeviation=\"")
        SVGNumber.append(shadow.radius, to: &out)
        out.write("\"/></filter>\n")
    }

    /// A shadowPath's shadow: the path in the colour, moved by the offset, blurred by `c<id>`.
    static func writePath<Sink: SVGTextSink>(_ shadow: Shadow, _ path: Path, id: Int, into out: inout Sink) {
        out.write("<path d=\"")
        out.write(string: SVGPathData.string(path))
        out.write("\" fill=\"")
        SVGMarkup.appendHex(red: shadow.color.red, green: shadow.color.green, blue: shadow.color.blue, to: &out)
        out.write("\"")
        if shadow.color.alpha < 1 {
            out.write(" fill-opacity=\"")
            SVGNumber.append(shadow.color.alpha, to: &out)
            out.write("\"")
        }
        if shadow.offset != Size(0, 0) {
            out.write(" transform=\"translate(")
            SVGNumber.append(shadow.offset.width, to: &out); out.write(" ")
            SVGNumber.append(shadow.offset.height, to: &out)
            out.write(")\"")
        }
        if shadow.radius > 0 {
            out.write(" filter=\"url(#c")
            SVGNumber.append(Double(id), decimals: 0, to: &out)
            out.write(")\"")
        }
        out.write("/>\n")
    }
}
