@testable import FlipbookSVG

/// The animated SVG the compiler wrote, read back as a tree by the tests: elements with their
/// attributes, their SMIL animation elements and their children. (No writer reads it: each format is
/// written from the typed document.)
///
/// It reads the compiler's own output only: double-quoted attributes, no comments, CDATA or
/// processing instructions, text content escaped.
final class SVGElement {
    let name: String
    let attributes: [String: String]
    /// The SMIL elements inside it, each as its attributes plus "@element" (animate, animateTransform, set).
    var animations: [[String: String]] = []
    var children: [SVGElement] = []
    /// The element's character content, as written (escaped), UTF-8.
    var textBytes: [UInt8] = []
    var text: String { String(decoding: textBytes, as: UTF8.self) }

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// The root `<svg>` element of `svg`, or nil when there is none.
    static func parse(_ svg: String) -> SVGElement? {
        let bytes = Array(svg.utf8)
        var stack: [SVGElement] = []
        var root: SVGElement?
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else {
                stack.last?.textBytes.append(bytes[i])
                i += 1
                continue
            }
            let tag = SVGElement.tag(in: bytes, at: &i)
            if tag.hasPrefix("</") {
                _ = stack.popLast()
                continue
            }
            let name = SVGElement.name(of: tag)
            var attributes = SMILTrack.attributes(tag)
            if ["animate", "animateTransform", "set"].contains(name) {
                attributes["@element"] = name
                stack.last?.animations.append(attributes)
                continue
            }
            let element = SVGElement(name: name, attributes: attributes)
            if let top = stack.last { top.children.append(element) } else if root == nil { root = element }
            if !tag.hasSuffix("/>") { stack.append(element) }
        }
        return root
    }

    /// The tag that starts at `i` (a '<'), up to the first '>' outside a quoted value; `i` moves past it.
    static func tag(in bytes: [UInt8], at i: inout Int) -> String {
        var j = i + 1, quoted = false
        while j < bytes.count && (quoted || bytes[j] != UInt8(ascii: ">")) {
            if bytes[j] == UInt8(ascii: "\"") { quoted.toggle() }
            j += 1
        }
        let tag = String(decoding: bytes[i...min(j, bytes.count - 1)], as: UTF8.self)
        i = j + 1
        return tag
    }

    /// The element name of a tag: "<path d=…>" → "path", "</g>" → "g".
    static func name(of tag: String) -> String {
        String(tag.dropFirst(tag.hasPrefix("</") ? 2 : 1).prefix { $0 != " " && $0 != ">" && $0 != "/" && $0 != "\n" })
    }

    /// The animations of attribute `name` (for `transform`: every `animateTransform`).
    func animations(of name: String) -> [[String: String]] {
        animations.filter { $0["attributeName"] == name }
    }
}
