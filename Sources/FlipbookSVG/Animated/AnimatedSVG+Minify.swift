/// A smaller file of the same animation (`render --animated --minify`).
///
/// Each numeric track that carries its check (the engine's values at every frame instant and half
/// way between, and its bound) is written with the fewest decimals, 0, 1 or 2 (3 as compiled), at
/// which its values, read back as SMIL (`SMILTrack`) and evaluated by the same check
/// (`TrackCheck.verify`), stay within its bound, then with its easing's control points at three
/// decimals (six as compiled) where that stays within it too; its report entry takes the error
/// measured then (never lower than before). Colour tracks stay in eight bits. Repeated still outlines
/// are drawn through `<use>` (`shareShapes`), and so are texts' glyphs (`shareGlyphs`). The text
/// leaves out the line breaks between elements (`minifiedText`). The CSS form is written from the
/// minified document and measured again on its own rules, as any CSS file is.
extension AnimatedSVG {
    /// The animation with every track at its fewest decimals within its bound (see above), the SMIL
    /// text written from it; for CSS, minify the compiled document before `withCSSAnimations()`.
    public func minified() -> AnimatedSVG {
        var document = self.document, report = self.report
        let timing = document.timing
        func minify(_ e: AnimatedDocument.Element) -> AnimatedDocument.Element {
            var e = e
            e.children = e.children.map(minify)
            for i in e.animations.indices {
                guard case .numeric(let n) = e.animations[i], let check = n.check else { continue }
                if case .color = n.format { continue }
                /// The error of `candidate` read back as SMIL against the engine; nil when it cannot be read.
                func error(_ candidate: AnimatedDocument.Numeric) -> Double? {
                    guard let track = SMILTrack(AnimatedDocument.text(.numeric(candidate), timing: timing)) else { return nil }
                    let count = check.values.first?.count ?? 0
                    return check.verify(duration: timing.duration, loops: timing.loops,
                                        window: AnimatedDocument.TrackCheck.smilWindow(span: candidate.end - candidate.begin)) { t in
                        guard case .numbers(let v)? = track.value(at: t) else { return nil }
                        return Array(v.prefix(count))
                    }.all
                }
                var best = n
                // The values with the fewest decimals that keep the bound.
                for decimals in 0...2 {
                    var candidate = best
                    candidate.values = n.values.map { $0.map { SVGNumber.representable($0, decimals: decimals) } }
                    guard candidate.values != n.values.map({ $0.map { SVGNumber.representable($0) } }) else { break }
                    if let found = error(candidate), found <= check.bound {
                        best = candidate
                        break
                    }
                }
                // Then the easing's control points with three decimals (six as compiled), if that keeps it.
                if !best.splines.isEmpty {
                    var candidate = best
                    candidate.splines = best.splines.map { $0.map { SVGNumber.representable($0, decimals: 3) } }
                    if candidate.splines != best.splines.map({ $0.map { SVGNumber.representable($0, decimals: 6) } }),
                       let found = error(candidate), found <= check.bound {
                        best = candidate
                    }
                }
                guard best.values != n.values || best.splines != n.splines, let found = error(best) else { continue }
                e.animations[i] = .numeric(best)
                if report.indices.contains(check.entry) { report[check.entry].maxError = max(report[check.entry].maxError, found) }
            }
            return e
        }
        document.body = document.body.map(minify)
        document.definitions = document.definitions.map(minify)
        Self.shareGlyphs(&document)
        Self.shareShapes(&document)
        return AnimatedSVG(document: document, report: report)
    }

    /// Repeated shapes drawn once: every path data of at least 64 characters that two or more drawn
    /// `<path>` elements hold as a still attribute (no `d` track, no `pathLength`, no id) becomes a
    /// `<path id="u…">` in the definitions, each of those elements a `<use href="#u…">` with the rest
    /// of its attributes and its animations. The clone inherits what the `<use>` sets (paint, dashes,
    /// widths, caps); a transform, opacity, clip, mask or filter on the `<use>` applies to its one
    /// clone as it did to the path.
    static func shareShapes(_ document: inout AnimatedDocument) {
        typealias Element = AnimatedDocument.Element
        func shareable(_ e: Element) -> String? {
            guard e.kind == .path, case .path? = e.attribute("d"), e.animations(of: "d").isEmpty,
                  e.attribute("pathLength") == nil, e.attribute("id") == nil else { return nil }
            let d = AnimatedDocument.text(e.attribute("d")!)
            return d.utf8.count >= 64 ? d : nil
        }
        var counts: [String: Int] = [:]
        func count(_ e: Element) {
            if let d = shareable(e) { counts[d, default: 0] += 1 }
            e.children.forEach(count)
        }
        document.body.forEach(count)
        var shared = SharedDefinitions<String>(prefix: "u")
        func share(_ e: Element) -> Element {
            var e = e
            e.children = e.children.map(share)
            guard let d = shareable(e), counts[d, default: 0] > 1 else { return e }
            let id = shared.id(for: d) { Element(.path, attributes: [.init("id", .keyword($0)), .init("d", e.attribute("d")!)]) }
            e.kind = .use
            e.attributes = [.init("href", .keyword("#" + id))] + e.attributes.filter { $0.name != "d" }
            return e
        }
        document.body = document.body.map(share)
        document.definitions += shared.definitions
    }

    /// SVG text without the line breaks between elements (`>` then a line break), which only the
    /// layout of the text needs: no attribute value, text content or style rule depends on them.
    public static func minifiedText(_ svg: String) -> String {
        svg.replacing(">\n", with: ">")
    }
}

/// Definitions shared by reference (`<path id="u1">`, a glyph's `<path id="t1">`): each key's made on
/// its first use, with the id `prefix` and its number, in the order first used.
struct SharedDefinitions<Key: Hashable> {
    let prefix: String
    private(set) var definitions: [AnimatedDocument.Element] = []
    private var ids: [Key: String] = [:]

    init(prefix: String) {
        self.prefix = prefix
    }

    /// The id of `key`'s definition, made by `make(id)` the first time it is asked for.
    mutating func id(for key: Key, _ make: (String) -> AnimatedDocument.Element) -> String {
        if let known = ids[key] { return known }
        let id = prefix + String(ids.count + 1)
        ids[key] = id
        definitions.append(make(id))
        return id
    }
}
