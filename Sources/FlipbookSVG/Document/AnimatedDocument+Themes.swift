import Flipbook

extension AnimatedDocument {
    /// This document with the colours themable parameters give marked (`Attribute.theme`), found by
    /// comparing it with `probe`: the same scene compiled with each themable colour parameter set to
    /// a colour of its own that the scene does not use (`sentinels`, by parameter). A static colour
    /// attribute that is the parameter's value here and its sentinel there is the parameter's. Where
    /// an element's children differ in number (a conic gradient's wedges, as many as its colours
    /// need), they are left as they are; where elements matched in place differ in kind or
    /// attributes, nothing is marked.
    ///
    /// Returns the marked document and, by parameter, why some of its colours stay fixed: a colour it
    /// gives that is animated, blended or drawn by a gradient differs between the documents elsewhere
    /// than in a static colour, and is written with this document's value.
    public func themed(against probe: AnimatedDocument, sentinels: [String: Color]) -> (AnimatedDocument, fixed: [String]) {
        var byColor: [String: String] = [:]
        for (name, color) in sentinels { byColor[Self.text(.color(color))] = name }
        var fixed: Set<String> = []
        var consistent = true
        // Lists of equal length are matched element by element (a mismatch there could be a shifted
        // match: nothing is marked then). Lists whose lengths differ are left as they are, their
        // colours fixed (a conic gradient's wedges, as many as its colours need); the elements beside
        // them are still matched.
        func mark(_ a: [Element], _ b: [Element], in parent: String) -> [Element] {
            guard a.count == b.count else { fixed.insert("\(parent) content (as many parts as its colours need)"); return a }
            return zip(a, b).map { x, y in
                var e = x
                guard x.kind == y.kind, x.attributes.count == y.attributes.count, x.content == y.content else { consistent = false; return x }
                // An element whose animations the parameter moves keeps its colours: its static value
                // is the animation's first, and the animation writes the rest.
                let animated = x.animations.map { Self.text($0, timing: timing) } != y.animations.map { Self.text($0, timing: probe.timing) }
                if animated { fixed.insert("\(x.kind.rawValue) animations") }
                for i in e.attributes.indices where !animated {
                    let p = x.attributes[i], q = y.attributes[i]
                    guard p.name == q.name else { consistent = false; return x }
                    let (pt, qt) = (Self.text(p.value), Self.text(q.value))
                    guard pt != qt else { continue }
                    if case .color = p.value, case .color = q.value, let name = byColor[qt] {
                        e.attributes[i].theme = name
                    } else {
                        // A value a parameter moves that is not one of its colours as such.
                        fixed.insert("\(x.kind.rawValue) \(p.name)")
                    }
                }
                e.children = mark(x.children, y.children, in: x.kind.rawValue)
                return e
            }
        }
        var out = self
        // The canvas's background is the parameter's where the probe's is its sentinel.
        let (background, probed) = (Self.text(.color(self.background)), Self.text(.color(probe.background)))
        if background != probed {
            if let name = byColor[probed] { out.backgroundTheme = name } else { fixed.insert("background") }
        }
        out.definitions = mark(definitions, probe.definitions, in: "defs")
        out.body = mark(body, probe.body, in: "svg")
        guard consistent else { return (self, ["the documents differ in structure: nothing is themable"]) }
        fixed.formUnion(out.themeStills(against: probe, byColor: byColor))
        return (out, fixed.sorted())
    }

    /// The themed colours (`Attribute.theme`) and their values here, by parameter, in document order.
    public var themes: [(name: String, color: Color)] {
        var out: [(String, Color)] = backgroundTheme.map { [($0, background)] } ?? []
        func walk(_ elements: [Element]) {
            for e in elements {
                for a in e.attributes {
                    if let t = a.theme, case .color(let c) = a.value, !out.contains(where: { $0.0 == t }) { out.append((t, c)) }
                }
                walk(e.children)
            }
        }
        walk(definitions)
        walk(body)
        return out
    }
}

/// What makes an animation themable: the scene again with each themable colour parameter set to a
/// colour of its own (`sentinels`), which tells the colours those parameters give from the rest
/// (`AnimatedDocument.themed(against:sentinels:)`).
public struct ThemeProbe: Sendable {
    /// The scene with the sentinel colours bound.
    public var scene: Scene
    /// By parameter name, the colour it was set to in `scene` (its alpha the value's).
    public var sentinels: [String: Color]

    public init(scene: Scene, sentinels: [String: Color]) {
        self.scene = scene
        self.sentinels = sentinels
    }

}

extension AnimatedSVGCompiler {
    /// The compiled animation with the colours `theme`'s parameters give marked themable: compiled
    /// again from `theme.scene` and compared (`AnimatedDocument.themed(against:sentinels:)`); the
    /// report gains a line per parameter whose colours stay fixed somewhere, and why.
    public func compile(theme: ThemeProbe?) -> AnimatedSVG {
        let compiled = compile()
        guard let theme else { return compiled }
        var probe = self
        probe.scene = theme.scene
        let (document, fixed) = compiled.document.themed(against: probe.compile().document, sentinels: theme.sentinels)
        var report = compiled.report
        for name in theme.sentinels.keys.sorted() {
            let marked = document.themes.contains { $0.name == name }
            report.append(AnimatedSVG.Entry(element: "--\(name)", property: marked ? "theme" : "theme (none: nothing drawn in it is static)",
                                            encoding: .discrete, keyframes: 0, maxError: 0, unit: ""))
        }
        for what in fixed {
            report.append(AnimatedSVG.Entry(element: what, property: "fixed colour (animated or blended)", encoding: .discrete, keyframes: 0, maxError: 0, unit: ""))
        }
        return AnimatedSVG(document: document, report: report)
    }
}
