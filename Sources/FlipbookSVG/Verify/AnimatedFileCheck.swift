import Easing
import FlipbookSupport

/// An animated SVG file (SMIL or CSS) checked against the animated SVG Flipbook compiles from a scene:
/// `flipbook verify FILE --against SCENE`.
///
/// Both are read as XML and their drawn elements paired in document order (the root, `<style>` and
/// animation elements aside); a pair must have the same tag. For each pair, every static attribute is
/// compared (numbers within the tolerance, anything else as text) and every animation — a SMIL
/// `<animate>`, `<animateTransform>` or `<set>`, or a CSS animation from the file's `@keyframes` and
/// `#id {animation: …}` rules — is evaluated at the given instants by the same evaluators on both sides
/// (`SMILTrack`, `CSSTrack`: SMIL 3.0 and CSS Animations 1 as the compiler's own checks read them), the
/// largest difference and its instant kept. What the evaluators do not read (`animateMotion`, a begin
/// on an event, a CSS value they cannot parse) is named in `unread`, not guessed.
///
/// The compile it is checked against is itself within the bound its report gives of the engine's
/// presentation at every frame instant (`AnimatedSVG.report`), so a file within `tolerance` of the
/// compile is within both of the engine.
public struct AnimatedFileCheck: Sendable {
    /// One attribute of one element: the largest difference found and where.
    public struct Entry: Sendable, Hashable {
        /// The file's element: "line 7 <path id=\"e_1\">".
        public var element: String
        /// The attribute or CSS property, or "static x" for a static attribute.
        public var property: String
        /// The largest difference (infinity for different text, or applied on one side only).
        public var largest: Double
        /// Where it is, seconds (0 for static attributes).
        public var time: Double
        /// The file's and the compile's values there, as text.
        public var actual: String
        public var expected: String
    }

    /// Every animation compared, and every static attribute that differs.
    public var entries: [Entry] = []
    /// What could not be read or paired, with the file's line.
    public var unread: [String] = []
    /// The first element where the file's structure leaves the compile's, if any: nothing after it is compared.
    public var structure: String?
    /// How many animations were evaluated, and at how many instants.
    public var animations = 0
    public var instants = 0

    /// The entries beyond `tolerance`.
    public func failures(tolerance: Double) -> [Entry] { entries.filter { $0.largest > tolerance } }

    /// Checks `file` against `reference` (the compile's SVG text) at `times` (seconds).
    public init(file: [UInt8], reference: String, times: [Double]) throws(XMLError) {
        let mine = try XMLElement.parse(file), theirs = try XMLElement.parse(Array(reference.utf8))
        instants = times.count
        let fileCSS = CSSRules(mine), referenceCSS = CSSRules(theirs)
        let a = Self.drawn(mine), b = Self.drawn(theirs)
        for (k, (x, y)) in zip(a, b).enumerated() {
            guard x.name == y.name else {
                structure = "the file's element \(k + 1) (line \(x.line)) is <\(x.name)> where the scene's compile has <\(y.name)>"
                return
            }
            let label = "line \(x.line) <\(x.name)\(x.attribute("id").map { " id=\"\($0)\"" } ?? "")>"
            compareStatic(x, y, label: label)
            compareSMIL(x, y, label: label, times: times)
            compareCSS(fileCSS.animations(of: x), referenceCSS.animations(of: y), label: label, times: times)
        }
        if structure == nil && a.count != b.count {
            structure = "the file draws \(a.count) elements where the scene's compile draws \(b.count)"
        }
        unread += fileCSS.unread
    }

    static let animationTags: Set<String> = ["animate", "animateTransform", "animateMotion", "animateColor", "set"]

    /// The drawn elements in document order: everything below the root but styles and animations.
    static func drawn(_ root: XMLElement) -> [XMLElement] {
        var out: [XMLElement] = []
        func walk(_ e: XMLElement) {
            for c in e.children where !animationTags.contains(c.name) && c.name != "style" && c.name != "title" && c.name != "desc" && c.name != "metadata" {
                out.append(c)
                walk(c)
            }
        }
        walk(root)
        return out
    }

    mutating func compareStatic(_ x: XMLElement, _ y: XMLElement, label: String) {
        var names = Set(x.attributes.map(\.name)).union(y.attributes.map(\.name))
        names.remove("id") // a CSS file's ids are its own
        for name in names.sorted() {
            let p = x.attribute(name), q = y.attribute(name)
            let d = Self.difference(p.map(CSSTrack.value), q.map(CSSTrack.value), exact: p == q)
            if d > 0 { entries.append(Entry(element: label, property: "static \(name)", largest: d, time: 0, actual: p ?? "(none)", expected: q ?? "(none)")) }
        }
        if x.text.whitespaceTrimmed != y.text.whitespaceTrimmed && x.name != "style" {
            entries.append(Entry(element: label, property: "text", largest: .infinity, time: 0, actual: x.text, expected: y.text))
        }
    }

    mutating func compareSMIL(_ x: XMLElement, _ y: XMLElement, label: String, times: [Double]) {
        let mine = x.children.filter { Self.animationTags.contains($0.name) }, theirs = y.children.filter { Self.animationTags.contains($0.name) }
        if mine.count != theirs.count {
            entries.append(Entry(element: label, property: "animations", largest: .infinity, time: 0, actual: "\(mine.count) SMIL animations", expected: "\(theirs.count)"))
        }
        func track(_ e: XMLElement) -> SMILTrack? {
            var attributes: [String: String] = ["@element": e.name]
            for a in e.attributes { attributes[a.name] = a.value }
            return e.name == "animateMotion" ? nil : SMILTrack(element: attributes)
        }
        for p in mine where track(p) == nil {
            unread.append("line \(p.line) <\(p.name)\(p.attribute("attributeName").map { " attributeName=\"\($0)\"" } ?? "")>: not evaluated (a motion path, an event begin or a form the SMIL reader does not take)")
        }
        for (p, q) in zip(mine, theirs) {
            guard let a = track(p) else { continue }
            guard let b = track(q) else { continue }
            if p.attribute("type") != q.attribute("type") || p.attribute("additive") != q.attribute("additive") || a.attribute != b.attribute {
                entries.append(Entry(element: label, property: a.attribute, largest: .infinity, time: 0,
                                     actual: "\(p.name) \(p.attribute("type") ?? "")", expected: "\(q.name) \(q.attribute("type") ?? "")"))
                continue
            }
            animations += 1
            record(label: label, property: a.attribute, times: times) { t in
                (a.value(at: t).map(Self.smil), b.value(at: t).map(Self.smil))
            }
        }
    }

    mutating func compareCSS(_ mine: [(property: String, track: CSSTrack?, line: Int)], _ theirs: [(property: String, track: CSSTrack?, line: Int)], label: String, times: [Double]) {
        if mine.count != theirs.count {
            entries.append(Entry(element: label, property: "animations", largest: .infinity, time: 0, actual: "\(mine.count) CSS animations", expected: "\(theirs.count)"))
        }
        for p in mine where p.track == nil {
            unread.append("line \(p.line): the CSS animation of \(p.property) on \(label): not evaluated (a form the CSS reader does not take)")
        }
        for (p, q) in zip(mine, theirs) {
            guard let a = p.track else { continue }
            guard let b = q.track else { continue }
            if p.property != q.property {
                entries.append(Entry(element: label, property: p.property, largest: .infinity, time: 0, actual: p.property, expected: q.property))
                continue
            }
            animations += 1
            record(label: label, property: p.property, times: times) { t in
                (a.value(at: t).map(Self.css), b.value(at: t).map(Self.css))
            }
        }
    }

    /// The largest difference of `values` over `times`, as an entry.
    mutating func record(label: String, property: String, times: [Double], values: (Double) -> (CSSTrack.Value?, CSSTrack.Value?)) {
        var worst: Entry?
        for t in times {
            let (p, q) = values(t)
            let d = Self.difference(p, q, exact: false)
            if worst == nil || d > worst!.largest {
                worst = Entry(element: label, property: property, largest: d, time: t, actual: Self.text(p), expected: Self.text(q))
            }
        }
        if let worst { entries.append(worst) }
    }

    static func smil(_ v: SMILTrack.Value) -> CSSTrack.Value {
        switch v {
        case .numbers(let n): .numbers(n)
        case .text(let s): .text(s)
        }
    }

    static func css(_ v: CSSTrack.Value) -> CSSTrack.Value { v }

    /// Numbers: the largest component difference; text or a missing side: 0 when equal, else infinity.
    static func difference(_ p: CSSTrack.Value?, _ q: CSSTrack.Value?, exact: Bool) -> Double {
        if exact { return 0 }
        switch (p, q) {
        case (nil, nil): return 0
        case (.numbers(let x)?, .numbers(let y)?) where x.count == y.count:
            return zip(x, y).reduce(0) { max($0, abs($1.0 - $1.1)) }
        case (.text(let x)?, .text(let y)?): return x == y ? 0 : .infinity
        default: return .infinity
        }
    }

    static func text(_ v: CSSTrack.Value?) -> String {
        switch v {
        case nil: "(not applied)"
        case .numbers(let n)?: n.map { SVGNumber.format($0, decimals: 6) }.joined(separator: " ")
        case .text(let s)?: s
        }
    }
}

/// The CSS animations of a file: its `<style>` elements' `@keyframes` rules and `#id {animation: …}`
/// rules (and an element's own `style="animation: …"`), by element.
struct CSSRules {
    var keyframes: [String: String] = [:]
    var byID: [String: String] = [:]
    var unread: [String] = []
    var styleLine = 0

    init(_ root: XMLElement) {
        func walk(_ e: XMLElement) {
            if e.name == "style" { read(e.text, line: e.line) }
            e.children.forEach(walk)
        }
        walk(root)
    }

    mutating func read(_ css: String, line: Int) {
        styleLine = line
        var rest = Substring(css)
        while let open = rest.firstIndex(of: "{") {
            let selector = rest[..<open].whitespaceTrimmed
            // The block's end: the brace that closes this one.
            var depth = 0, close = open
            for i in rest[open...].indices {
                if rest[i] == "{" { depth += 1 } else if rest[i] == "}" { depth -= 1; if depth == 0 { close = i; break } }
            }
            guard depth == 0 else { unread.append("line \(line): a CSS block that does not close"); return }
            let body = String(rest[rest.index(after: open)..<close])
            if selector.hasPrefix("@keyframes ") {
                keyframes[String(selector.dropFirst("@keyframes ".count)).whitespaceTrimmed] = body
            } else if selector.hasPrefix("#"), !selector.contains(" "), !selector.contains(",") {
                for declaration in body.split(separator: ";") {
                    let parts = declaration.split(separator: ":", maxSplits: 1)
                    if parts.count == 2, parts[0].whitespaceTrimmed == "animation" { byID[String(selector.dropFirst())] = parts[1].whitespaceTrimmed }
                }
            } else if !selector.hasPrefix("@media") {
                if body.contains("animation") { unread.append("line \(line): the CSS rule '\(DisplayText.escaped(selector, limit: 60))': not evaluated (only #id selectors are read)") }
            }
            rest = rest[rest.index(after: close)...]
        }
    }

    /// The element's animations in order: the property each animates and its track (nil when unread).
    func animations(of e: XMLElement) -> [(property: String, track: CSSTrack?, line: Int)] {
        var list = e.attribute("id").flatMap { byID[$0] }
        if let style = e.attribute("style") {
            for declaration in style.split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].whitespaceTrimmed == "animation" { list = parts[1].whitespaceTrimmed }
            }
        }
        guard let list else { return [] }
        return CSSTrack.split(list, at: ",").map { item in
            let words = item.split(separator: " ", maxSplits: 1).map(String.init)
            guard words.count == 2, let rule = keyframes[words[0]] else { return ("?", nil, styleLine) }
            // The property: the first declaration's name in the first keyframe.
            let property = rule.split(separator: "{").dropFirst().first?.split(separator: ":").first.map { $0.whitespaceTrimmed } ?? "?"
            return (property, CSSTrack(rule: rule, entry: words[1]), styleLine)
        }
    }
}

extension AnimatedFileCheck {
    /// One attribute of one element at one instant, as the evaluators read the file.
    public struct Value: Sendable, Hashable {
        public var id: String
        public var attribute: String
        public var time: Double
        /// The numbers, space-separated (colours as components in [0, 1]), or the text; "(base)" where
        /// nothing applies and the element has no such attribute.
        public var value: String
    }

    /// The animated attributes of every element with an id, evaluated at `times` by the readers
    /// `flipbook verify` uses (the last animation that applies wins; where none does, the static
    /// attribute), with what they do not read (additive SMIL animations, which add to a value
    /// underneath, among it). What `Tools/check-verify-browser` compares with Chromium.
    public static func values(file: [UInt8], times: [Double]) throws(XMLError) -> (values: [Value], unread: [String]) {
        let root = try XMLElement.parse(file)
        let css = CSSRules(root)
        var out: [Value] = [], unread = css.unread
        func walk(_ e: XMLElement) {
            defer { e.children.forEach(walk) }
            guard let id = e.attribute("id") else { return }
            var tracks: [(attribute: String, value: (Double) -> CSSTrack.Value?)] = []
            for child in e.children where animationTags.contains(child.name) {
                var attributes: [String: String] = ["@element": child.name]
                for a in child.attributes { attributes[a.name] = a.value }
                guard child.name != "animateMotion", attributes["additive"] ?? "replace" == "replace", let track = SMILTrack(element: attributes) else {
                    unread.append("line \(child.line) <\(child.name)> of #\(id): not evaluated")
                    continue
                }
                tracks.append((track.attribute, { track.value(at: $0).map(AnimatedFileCheck.smil) }))
            }
            for animation in css.animations(of: e) {
                guard let track = animation.track else { unread.append("line \(animation.line): a CSS animation of #\(id): not evaluated"); continue }
                tracks.append((animation.property, { track.value(at: $0) }))
            }
            var attributes: [String] = []
            for t in tracks where !attributes.contains(t.attribute) { attributes.append(t.attribute) }
            for attribute in attributes {
                let base = e.attribute(attribute).map(CSSTrack.value)
                for time in times {
                    let value = tracks.filter { $0.attribute == attribute }.compactMap { $0.value(time) }.last ?? base
                    out.append(Value(id: id, attribute: attribute, time: time, value: value.map { text($0) } ?? "(base)"))
                }
            }
        }
        walk(root)
        return (out, unread)
    }
}

