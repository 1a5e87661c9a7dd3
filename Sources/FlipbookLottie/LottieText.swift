import FlipbookScenes

/// A text layer (`ty` 5) whose font the file carries as glyphs (`chars`), as shapes: each letter's
/// glyph outlines scaled by size / 100 and placed as lottie-web places letters without animators.
///
/// Layout (point text): a line's letters follow each other by their advance (`w` · size / 100)
/// plus the tracking (`tr` / 1000 · size); `\r` (or `\n`, or ETX) starts a line `lh` lower (size ·
/// 1.2 when absent; lottie-web adds 1 px at the first break), the baseline shifted up by `ls`;
/// justification 1 (right) and 2 (centre) move each line left by its width or half of it, a width
/// that counts the tracking between letters and not the spaces that end it. Filled with `fc`;
/// stroked with `sc` at `sw` (below the fill; above it with `of`, stroke over fill). Several
/// documents (text keyed in time) each show from their frame to the next's.
///
/// Reported, the layer drawn without them: animators (`t.a`), text on a path, a paragraph box
/// (`sz`), justification past centre. Left out (reported): a letter without a glyph (named once a
/// character), letters past `maxLetters`, a layer whose font has no glyphs in the file.
extension LottieImporter {
    /// The shape items that draw text layer `layer`, or nil (reported) when it cannot be drawn.
    mutating func textShapes(_ layer: LottieValue) -> [LottieValue]? {
        guard let text = layer["t"], let documents = text["d"]?["k"]?.items, !documents.isEmpty else {
            omit(layer.path + ".t", "a text layer without a text document: left out")
            return nil
        }
        if !(text["a"]?.items.isEmpty ?? true) { omit(text.path + ".a", "text animators are not imported: the text is drawn without them") }
        if text["p"]?["m"] != nil { omit(text.path + ".p", "text on a path is not imported: the text is drawn on its baseline") }
        let place = layer.value
        func node(_ kind: JSONValue.Kind) -> JSONValue { JSONValue(kind: kind, line: place.line, column: place.column) }
        func number(_ v: Double) -> JSONValue { node(.number(v)) }
        func numbers(_ list: [Double]) -> JSONValue { node(.array(list.map(number))) }
        func object(_ members: [(String, JSONValue)]) -> JSONValue { node(.object(members.map { .init(key: $0.0, value: $0.1) })) }
        func still(_ v: JSONValue) -> JSONValue { object([("a", number(0)), ("k", v)]) }
        var groups: [JSONValue] = []
        for (index, entry) in documents.enumerated() {
            guard let doc = entry["s"] else { continue }
            let size = doc["s"]?.number ?? 0, tracking = (doc["tr"]?.number ?? 0) / 1000 * size
            let lineHeight = doc["lh"]?.number ?? size * 1.2, shift = doc["ls"]?.number ?? 0
            let justify = doc["j"]?.int ?? 0
            if doc["sz"] != nil { omit(doc.path + ".sz", "a paragraph box is not imported: the text is set as point text") }
            if justify > 2 { omit(doc.path + ".j", "justification \(justify) (left, right and centre are read): set left") }
            guard let glyphs = glyphs(font: doc["f"]?.string ?? "", path: doc.path) else { return nil }
            // Letters by line: each its glyph and its advance.
            var lines: [[(glyph: LottieValue?, advance: Double, space: Bool)]] = [[]]
            var missing: Set<Character> = []
            for character in doc["t"]?.string ?? "" {
                guard lettersLeft > 0 else {
                    omit(doc.path + ".t", "text of over \(Self.maxLetters) letters in the file: the rest left out")
                    break
                }
                lettersLeft -= 1
                if character == "\r" || character == "\n" || character == "\u{3}" || character == "\r\n" { lines.append([]); continue }
                let glyph = glyphs[String(character)]
                if glyph == nil, missing.insert(character).inserted { omit(doc.path + ".t", "a character (\"\(String(character).unicodeScalars.map { $0.escaped(asASCII: true) }.joined())\") with no glyph in chars: left out") }
                lines[lines.count - 1].append((glyph, (glyph?["w"]?.number ?? 0) * size / 100, character == " "))
            }
            var items: [JSONValue] = []
            var y = 0.0
            for (lineIndex, line) in lines.enumerated() {
                if lineIndex > 0 { y += lineHeight + (lineIndex == 1 ? 1 : 0) }
                let trailing = line.reversed().prefix { $0.space }.count
                let width = line.dropLast(trailing).reduce(-tracking) { $0 + $1.advance + tracking }
                var x = justify == 1 ? -width : justify == 2 ? -width / 2 : 0
                for letter in line {
                    if let shapes = letter.glyph?["data"]?["shapes"]?.value {
                        items.append(object([("ty", node(.string("gr"))), ("it", node(.array(Self.items(of: shapes) + [object([
                            ("ty", node(.string("tr"))), ("p", still(numbers([x, y - shift]))), ("s", still(numbers([size, size]))),
                        ])])))]))
                    }
                    x += letter.advance + tracking
                }
            }
            let rgb = doc["fc"]?.numbers ?? [0, 0, 0]
            let fill = object([("ty", node(.string("fl"))), ("c", still(numbers(Array((rgb + [0, 0, 0]).prefix(3)) + [1]))), ("o", still(number(100)))])
            var paints = [fill]
            if let width = doc["sw"]?.number, width > 0, let stroke = doc["sc"]?.numbers {
                let outline = object([("ty", node(.string("st"))), ("c", still(numbers(Array((stroke + [0, 0, 0]).prefix(3)) + [1]))),
                                      ("o", still(number(100))), ("w", still(number(width))), ("lj", number(1)), ("lc", number(1))])
                // (`of`: stroke over fill; Lottie draws the first paint of a group on top.)
                paints = doc["of"]?.flag == true ? [outline, fill] : [fill, outline]
            }
            // Shown from this document's frame to the next's.
            var transform: [(String, JSONValue)] = [("ty", node(.string("tr")))]
            if documents.count > 1 {
                let start = entry["t"]?.number ?? 0, end = index + 1 < documents.count ? documents[index + 1]["t"]?.number : nil
                var keys = [object([("t", number(start - 1)), ("s", numbers([0])), ("h", number(1))]), object([("t", number(start)), ("s", numbers([100])), ("h", number(1))])]
                if let end { keys.append(object([("t", number(end)), ("s", numbers([0])), ("h", number(1))])) }
                transform.append(("o", object([("a", number(1)), ("k", node(.array(index == 0 ? Array(keys.dropFirst()) : keys)))])))
            }
            groups.append(object([("ty", node(.string("gr"))), ("it", node(.array(items + paints + [object(transform)])))]))
        }
        return groups.enumerated().map { LottieValue(value: $1, path: "\(text.path).d.k[\($0)]", file: file) }
    }

    /// The most letters an import draws (each is a group of shapes): `lettersLeft` counts down.
    static let maxLetters = 10_000

    /// The glyphs of font `name` (its family and style from `fonts.list`) by character, or nil
    /// (reported) when the file carries none.
    private mutating func glyphs(font name: String, path: String) -> [String: LottieValue]? {
        let font = fonts.first { $0["fName"]?.string == name }
        let family = font?["fFamily"]?.string, style = font?["fStyle"]?.string
        var out: [String: LottieValue] = [:]
        for char in chars where char["fFamily"]?.string == family && char["style"]?.string == style {
            if let ch = char["ch"]?.string, out[ch] == nil { out[ch] = char }
        }
        guard !out.isEmpty else {
            omit(path + ".f", "a text layer whose font (\"\(String(name.unicodeScalars.prefix(60).map { $0.escaped(asASCII: true) }.joined()))\") has no glyphs in the file (chars) is not imported: left out")
            return nil
        }
        return out
    }

    /// A glyph's shape items (a list, or one item).
    private static func items(of shapes: JSONValue) -> [JSONValue] {
        if case .array(let list) = shapes.kind { return list }
        return [shapes]
    }
}
