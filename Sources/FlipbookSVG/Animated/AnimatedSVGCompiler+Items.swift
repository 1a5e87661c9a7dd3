import Flipbook
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension AnimatedSVGCompiler.Context {
    /// Items keep their identity by index; a text item also by its string (a text whose content
    /// changes is a new element, shown while its string is on screen).
    static func key(_ slot: Int, _ index: Int, _ item: DrawItem) -> ItemKey {
        switch item {
        case .shape: ItemKey(slot: slot, index: index, text: nil)
        case .text(let t): ItemKey(slot: slot, index: index, text: t.string)
        }
    }

    func item(_ key: ItemKey, at t: Double) -> DrawItem? {
        guard let item = sampler.item(key.slot, key.index, at: t) else { return nil }
        switch item {
        case .shape: return key.text == nil ? item : nil
        case .text(let text): return key.text == text.string ? item : nil
        }
    }

    mutating func writeItems(of id: String, node: @escaping (Double) -> RenderNode, into out: inout [AnimatedDocument.Element]) {
        let slot = sampler.slot(id)
        var keys: [ItemKey] = []
        for t in grid {
            // (Empty where the layer is absent.)
            for (index, item) in sampler.at(t).items(slot).enumerated() {
                let k = Self.key(slot, index, item)
                if !keys.contains(k) { keys.append(k) }
            }
        }
        for key in keys {
            // In the report: the layer's id, with the item's index when it draws several; a text whose
            // string changes is one element per string, each named with its string.
            var name = keys.count == 1 ? id : "\(id)#\(key.index)"
            if let text = key.text, keys.contains(where: { $0.index == key.index && $0.text != text }) {
                name += " " + String(reflecting: text.count > 24 ? String(text.prefix(24)) + "…" : text)   // quoted, tabs and newlines escaped
            }
            let this = self
            guard let first = grid.lazy.compactMap({ this.item(key, at: $0) }).first else { continue }
            switch first {
            case .shape:
                writeShape(id, key, name: name, into: &out)
            case .text(let text):
                writeText(id, key, name: name, first: text, into: &out)
            }
        }
    }

    // MARK: Shapes

    mutating func writeShape(_ id: String, _ key: ItemKey, name: String, into out: inout [AnimatedDocument.Element]) {
        guard key.text == nil else { return }
        let presentTimes = grid.filter { sampler.at($0).withShape(key.slot, key.index) { _ in true } != nil }
        guard let firstTime = presentTimes.first, let fallback = sampler.at(firstTime).withShape(key.slot, key.index, { copy $0 }) else { return }
        let shapeAt = ShapeSeries(sampler: sampler, key: key, fallback: fallback)
        let itemKnots = knots(id), ownerID = owner(of: id)
        let samples = presentTimes.map { shapeAt($0) }

        if samples.contains(where: \.hasFill) {
            writeFill(id, key, name: name, shapeAt: shapeAt, samples: samples, knots: itemKnots, owner: ownerID, into: &out)
        }
        if samples.contains(where: \.hasStroke) {
            writeStroke(id, key, name: name, shapeAt: shapeAt, samples: samples, knots: itemKnots, owner: ownerID, into: &out)
        }
    }

    /// `display` for an element visible when `visible` holds: the attribute at t = 0 and the track.
    mutating func visibility(_ name: String, knots: [Double], visible: @escaping (Double) -> Bool)
        -> ([AnimatedDocument.Attribute], [AnimatedDocument.Animation]) {
        let initial: [AnimatedDocument.Attribute] = visible(0) ? [] : [.init("display", .keyword("none"))]
        return (initial, discrete(name, "display", knots: Self.merge(knots + grid, grid: scene.duration)) { .keyword(visible($0) ? "inline" : "none") })
    }

    /// The colour `attribute` and its opacity (`opacityAttribute`, default the attribute's name and
    /// "-opacity") at t = 0, and their tracks.
    mutating func colorTracks(_ name: String, _ attribute: String, opacityAttribute: String? = nil, knots: [Double], owner: String,
                              color: @escaping (Double) -> Color) -> ([AnimatedDocument.Attribute], [AnimatedDocument.Animation]) {
        let c0 = color(0)
        let opacity = opacityAttribute ?? "\(attribute)-opacity"
        var attributes = [AnimatedDocument.Attribute(attribute, .color(c0))]
        if c0.alpha < 1 { attributes.append(.init(opacity, .number(max(c0.alpha, 0)))) }
        var animations = track(name, attribute, unit: "", tolerance: self.color, knots: knots, owner: owner,
                               value: { let c = color($0); return [c.red, c.green, c.blue] }) { w, k in
            w.numeric(attribute: attribute, keys: k, format: .color)
        }
        animations += track(name, opacity, unit: "", tolerance: self.color, knots: knots, owner: owner,
                            value: { [max(color($0).alpha, 0)] }) { w, k in
            w.numeric(attribute: opacity, keys: k, format: .number)
        }
        return (attributes, animations)
    }

    mutating func writeFill(_ id: String, _ key: ItemKey, name: String, shapeAt: ShapeSeries,
                            samples: [ShapeDrawing], knots: [Double], owner: String, into out: inout [AnimatedDocument.Element]) {
        let (hidden, display) = visibility("\(name).fill", knots: knots) { shapeAt.present(at: $0) { $0.hasFill } }
        var attributes = hidden, animations = display
        let first = shapeAt(0)
        // The wide-stroke wedge: exact for pie and donut slices with a plain fill.
        if case .wedge(let center, let radius, let inner, _, _)? = first.semantic,
           samples.allSatisfy({ s in
               if case .wedge(let c, let r, let i, _, _)? = s.semantic { return c == center && r == radius && i == inner && s.fillGradient.stops.isEmpty }
               return false
           }) {
            // Chromium's stroker draws a band whose inner edge reaches the centre wrongly (a chord, or
            // holes); an inner edge 0.25 px out (within the geometric bound) draws every sweep right.
            let inner = max(inner, min(0.25, geometry))
            let mid = (radius + inner) / 2
            let knots = withSignChanges(knots) { t in
                shapeAt.read(t) { s in
                    if case .wedge(_, _, _, let start, let end)? = s.semantic { return end.radians - start.radians }
                    return 0
                }
            }
            let circle = dashedCircle(center, mid, phase: target == .lottie ? 0 : 0.25) { t in
                guard case .wedge(_, _, _, let start, let end)? = shapeAt.read(t, { $0.semantic }) else { return (0, 0) }
                let sweep = max(-2 * Double.pi, min(2 * Double.pi, end.radians - start.radians))
                return (min(start.radians, start.radians + sweep), abs(sweep))
            }
            if let (d, band) = circle {
                let v0 = band(0)
                // Static: the wedge itself, filled, for renderers without animation (librsvg draws a
                // wide dashed stroke's caps tilted); from t = 0 the animation turns it into the band.
                // The band's colour is a static attribute, shown by its opacity from t = 0, so a
                // themable colour that paints it stays one a page or a Lottie slot can change.
                let c0 = shapeAt.read(0) { $0.fill }
                attributes.append(.init("d", .path(.init(path: first.path, text: SVGPathData.string(first.path)))))
                attributes += paint("fill", c0)
                attributes.append(.init("stroke", .color(c0)))
                attributes.append(.init("stroke-opacity", .number(0)))
                attributes.append(.init("stroke-width", .number(radius - inner)))
                if target != .lottie { attributes.append(Self.twoTurns(mid)) }
                attributes.append(.init("stroke-dasharray", .numbers(Array(v0.prefix(2)))))
                attributes.append(.init("stroke-dashoffset", .number(v0[2])))
                animations += [.set(attribute: "d", value: .path(d), begin: 0), .set(attribute: "fill-opacity", value: .number(0), begin: 0),
                               .set(attribute: "stroke-opacity", value: .number(min(max(c0.alpha, 0), 1)), begin: 0)]
                // Dash lengths run along the mid radius; the wedge's edge at its rim moves radius/mid
                // times as far. Its end is the offset plus the dash, so each track gets half the bound.
                let rim = Self.lengthError(scale: radius / mid)
                animations += track("\(name).fill", "wedge stroke-dasharray", unit: "px", tolerance: geometry / 2, knots: knots, owner: owner,
                                    value: { Array(band($0).prefix(2)) }, error: rim) { w, k in
                    w.numeric(attribute: "stroke-dasharray", keys: k, format: .numbers)
                }
                animations += track("\(name).fill", "wedge stroke-dashoffset", unit: "px", tolerance: geometry / 2, knots: knots, owner: owner,
                                    value: { [band($0)[2]] }, error: rim) { w, k in
                    w.numeric(attribute: "stroke-dashoffset", keys: k, format: .number)
                }
                let (_, paintAnimations) = colorTracks("\(name).fill", "stroke", knots: knots, owner: owner) { shapeAt.read($0) { $0.fill } }
                var element = AnimatedDocument.Element(.path, attributes: attributes, animations: animations + paintAnimations)
                element.geometry = .dashedCircle(center: center, radius: mid, phase: target == .lottie ? 0 : 0.25, wedgeWidth: radius - inner)
                out.append(element)
                return
            }
        }
        let (d, dAnimations) = pathTrack("\(name).fill", path: { shapeAt.read($0) { $0.path } }, samples: samples.map(\.path), knots: knots, owner: owner)
        let circle = dAnimations.isEmpty ? Self.fullCircle(first.path, first, stroke: false) : nil
        attributes.append(.init("d", .path(circle?.value ?? d)))
        animations += dAnimations
        let (paint, paintAnimations, conic) = self.paint(name, .fill, shapeAt: shapeAt, samples: samples, knots: knots, owner: owner)
        attributes += paint
        animations += paintAnimations
        if first.fillRule == .evenOdd { attributes.append(.init("fill-rule", .keyword("evenodd"))) }
        var element = AnimatedDocument.Element(.path, attributes: attributes, animations: animations)
        element.geometry = circle?.geometry
        out.append(conic ? conicPainted(element, name: "\(name).fill", .fill, shapeAt: shapeAt, samples: samples) : element)
    }

    mutating func writeStroke(_ id: String, _ key: ItemKey, name: String, shapeAt: ShapeSeries,
                              samples: [ShapeDrawing], knots: [Double], owner: String, into out: inout [AnimatedDocument.Element]) {
        let (hidden, display) = visibility("\(name).stroke", knots: knots) { shapeAt.present(at: $0) { $0.hasStroke } }
        var attributes = hidden + [.init("fill", .keyword("none"))], animations = display
        var semantic: AnimatedDocument.Geometry?
        let first = shapeAt(0)
        let noDashes = samples.allSatisfy { $0.dashPattern.lengths.isEmpty }
        var dash: ((Double) -> [Double])?
        // How far a dash length's error moves the drawn edge: 1 along a path; for an arc, the stroke's
        // outer edge is (radius + half the width) / radius as far.
        var dashScale = 1.0
        // Chromium draws a stroke painted by a gradient or through a mask without anti-aliasing while a
        // CSS animation moves its stroke-dasharray (seen on --css shots: jagged edges, a dot at t = 0):
        // under CSS such a stroke's trim is its path (`d`) instead.
        let trimsByDashes = target != .css || samples.allSatisfy { $0.strokeGradient.stops.isEmpty }
        if trimsByDashes, noDashes, case .arc(let arc)? = first.semantic,
           samples.allSatisfy({ s in
               if case .arc(let a)? = s.semantic { return a.center == arc.center && a.radius == arc.radius }
               return false
           }) {
            // An arc: a circle dashed over the visible angles, the path starting at the last quarter
            // turn (3, 6, 9 or 12 o'clock, where its points are exact and short) at least a 64th of
            // a turn before the earliest of them. Browsers measure a dash along the path's arcs with
            // an error that grows with the distance (Chromium put a ring's caps 1 to 2 px off three
            // quarters of a turn from a start at 3 o'clock), so the dash starts near the path's start.
            let interval = { (t: Double) -> (Double, Double) in
                shapeAt.read(t) { s in
                    guard case .arc(let a)? = s.semantic else { return (0, 0) }
                    let from = a.startAngle.radians + a.sweep.radians * s.strokeStart
                    let to = a.startAngle.radians + a.sweep.radians * s.strokeEnd
                    return (min(from, to), abs(to - from))
                }
            }
            let earliest = grid.map { interval($0).0 }.min() ?? 0
            let phase = earliest.isFinite && abs(earliest) < 1e6 ? ((earliest - Double.pi / 32) / (Double.pi / 2)).rounded(.down) * (Double.pi / 2) : 0
            let circle = dashedCircle(arc.center, arc.radius, phase: phase, interval: interval)
            if let (d, values) = circle {
                attributes.append(.init("d", .path(d)))
                semantic = .dashedCircle(center: arc.center, radius: arc.radius, phase: phase, wedgeWidth: nil)
                dash = values
                dashScale = arc.radius > 0 ? (arc.radius + (samples.map(\.lineWidth).max() ?? 0) / 2) / arc.radius : 1
            }
        } else if trimsByDashes, noDashes, samples.allSatisfy({ $0.path.subpaths.count == 1 }),
                  Set(samples.map { [$0.strokeStart, $0.strokeEnd] }).count > 1 {
            // strokeStart/strokeEnd animating: the whole path, dashed by its exact length (exact while
            // the path itself stays put; the path may also move, then both are sampled).
            let (d, dAnimations) = pathTrack("\(name).stroke", path: { shapeAt.read($0) { $0.path } }, samples: samples.map(\.path),
                                             knots: knots, owner: owner)
            attributes.append(.init("d", .path(d)))
            animations += dAnimations
            let fixedLength = Set(samples.map(\.path)).count == 1 ? first.path.length : nil
            dash = { t in
                shapeAt.read(t) { s in
                    let length = fixedLength ?? s.path.length
                    return [max(0, s.strokeEnd - s.strokeStart) * length, length, -s.strokeStart * length]
                }
            }
        }
        var knots = knots
        if case .arc? = first.semantic, dash != nil {
            knots = withSignChanges(knots) { t in
                shapeAt.read(t) { s in
                    guard case .arc(let a)? = s.semantic else { return 0 }
                    return a.sweep.radians * (s.strokeEnd - s.strokeStart)
                }
            }
        }
        if let d = dash, grid.allSatisfy({ d($0) == d(0) }) {
            // The dash never changes: write the visible path itself (below).
            dash = nil
            semantic = nil
            attributes = hidden + [.init("fill", .keyword("none"))]
        }
        if let dash {
            let v0 = dash(0)
            attributes.append(.init("stroke-dasharray", .numbers(Array(v0.prefix(2)))))
            if v0[2] != 0 { attributes.append(.init("stroke-dashoffset", .number(v0[2]))) }
            // The visible part ends at the offset plus the dash: each track gets half the bound.
            let edge = Self.lengthError(scale: dashScale)
            animations += track("\(name).stroke", "stroke-dasharray", unit: "px", tolerance: self.geometry / 2, knots: knots, owner: owner,
                                value: { Array(dash($0).prefix(2)) }, error: edge) { w, k in
                w.numeric(attribute: "stroke-dasharray", keys: k, format: .numbers)
            }
            animations += track("\(name).stroke", "stroke-dashoffset", unit: "px", tolerance: self.geometry / 2, knots: knots, owner: owner,
                                value: { [dash($0)[2]] }, error: edge) { w, k in
                w.numeric(attribute: "stroke-dashoffset", keys: k, format: .number)
            }
        } else {
            let (d, dAnimations) = pathTrack("\(name).stroke", path: { shapeAt.read($0) { $0.strokedPath } }, samples: samples.map(\.strokedPath),
                                             knots: knots, owner: owner)
            let circle = dAnimations.isEmpty ? Self.fullCircle(first.strokedPath, first, stroke: true) : nil
            attributes.append(.init("d", .path(circle?.value ?? d)))
            semantic = circle?.geometry
            animations += dAnimations
            let patterns = samples.map(\.dashPattern.lengths)
            let counts = Set(patterns.filter { !$0.isEmpty }.map(\.count))
            if let n = counts.min() {
                // A pattern that turns solid (normalised: an overshoot made a length negative) is written
                // as "1 0 …", a dash with no gap, which draws solid: so one numeric track still holds
                // when the other patterns have one even count.
                let standIn = Array([1.0, 0].repeated(n / 2).joined())
                let numeric = counts.count == 1 && (n % 2 == 0 || !patterns.contains(where: \.isEmpty))
                let dashAt = { (t: Double) -> [Double] in let l = shapeAt.read(t) { $0.dashPattern.lengths }; return l.isEmpty ? standIn : l }
                let pattern = patterns[0]
                attributes.append(.init("stroke-dasharray", numeric ? .numbers(dashAt(0)) : pattern.isEmpty ? .keyword("none") : .numbers(pattern)))
                if numeric {
                    // A dash's edge lies at the phase plus the lengths before it, and the pattern repeats
                    // along the path: an error in the lengths moves the edges of the k-th repeat k times
                    // as far. Pattern and phase each get half the bound.
                    let longest = samples.map(\.strokedPath.length).max() ?? 0
                    let shortest = samples.compactMap { s -> Double? in
                        let l = s.dashPattern.lengths
                        return l.isEmpty ? nil : l.reduce(0, +) * (l.count % 2 == 1 ? 2 : 1)
                    }.min() ?? 0
                    let repeats = shortest > 0 ? min(1e9, (longest / shortest).rounded(.up)) : 1
                    animations += track("\(name).stroke", "stroke-dasharray", unit: "px", tolerance: self.geometry / 2, knots: knots, owner: owner,
                                        value: dashAt, error: Self.patternError(repeats: repeats)) { w, k in
                        w.numeric(attribute: "stroke-dasharray", keys: k, format: .numbers)
                    }
                } else {
                    // The count changes (a pattern that turns solid, or one of another length): SMIL
                    // cannot mix lists of different lengths as the engine does, so the pattern switches
                    // at the instants it changes, each frame instant's value exact.
                    animations += discrete("\(name).stroke", "stroke-dasharray", knots: grid) { t in
                        let lengths = shapeAt.read(t) { $0.dashPattern.lengths }
                        return lengths.isEmpty ? .keyword("none") : .numbers(lengths)
                    }
                }
                if first.dashPhase != 0 { attributes.append(.init("stroke-dashoffset", .number(first.dashPhase))) }
                animations += track("\(name).stroke", "stroke-dashoffset", unit: "px", tolerance: numeric ? self.geometry / 2 : self.geometry, knots: knots, owner: owner,
                                    value: { [shapeAt.read($0) { $0.dashPhase }] }) { w, k in
                    w.numeric(attribute: "stroke-dashoffset", keys: k, format: .number)
                }
            }
        }
        let (paint, paintAnimations, conic) = self.paint(name, .stroke, shapeAt: shapeAt, samples: samples, knots: knots, owner: owner)
        attributes += paint
        animations += paintAnimations
        if first.lineWidth != 1 { attributes.append(.init("stroke-width", .number(first.lineWidth))) }
        animations += track("\(name).stroke", "stroke-width", unit: "px", tolerance: self.geometry, knots: knots, owner: owner,
                            value: { [shapeAt.read($0) { $0.lineWidth }] }) { w, k in
            w.numeric(attribute: "stroke-width", keys: k, format: .number)
        }
        if first.lineCap != .butt { attributes.append(.init("stroke-linecap", .keyword(first.lineCap.rawValue))) }
        if first.lineJoin != .miter { attributes.append(.init("stroke-linejoin", .keyword(first.lineJoin.rawValue))) }
        if first.lineJoin == .miter && first.miterLimit != 10 { attributes.append(.init("stroke-miterlimit", .number(max(first.miterLimit, 1)))) }
        var element = AnimatedDocument.Element(.path, attributes: attributes, animations: animations)
        element.geometry = semantic
        out.append(conic ? conicPainted(element, name: "\(name).stroke", .stroke, shapeAt: shapeAt, samples: samples) : element)
    }

    // MARK: Paths

    /// The `d` at t = 0 and its animation: static, a morph between keyframes of one fixed structure
    /// (sampled), or a discrete switch when the structure changes.
    mutating func pathTrack(_ name: String, path: @escaping (Double) -> Path, samples: [Path], knots: [Double], owner: String)
        -> (AnimatedDocument.PathValue, [AnimatedDocument.Animation]) {
        let initial = path(0)
        guard Set(samples).count > 1 else { return (.init(path: initial, text: SVGPathData.string(initial)), []) }
        // Arcs as their natural cubics when every sample has the same structure that way (a morph
        // between wedges of equal sweep), else as four cubics each.
        var pieces: Int? = nil
        if Set(samples.map { FixedPath($0, arcPieces: nil).signature }).count > 1 { pieces = 4 }
        let forms = samples.map { FixedPath($0, arcPieces: pieces) }
        if Set(forms.map(\.signature)).count == 1 {
            let template = AnimatedDocument.PathTemplate(fixed: forms[0])
            let count = forms[0].coordinates.count
            // The structure is the same at every observed instant; between them a fuzzed scene can
            // change it. Such an instant keeps the template's count (padded or cut) so the writer stays
            // in bounds, and counts as an infinite error where the fitter compares counts.
            let animation = track(name, "d", unit: "px", tolerance: geometry, knots: knots, owner: owner,
                                  value: { t in
                                      let c = FixedPath(path(t), arcPieces: pieces).coordinates
                                      return c.count == count ? c : Array((c + Array(repeating: 0, count: max(0, count - c.count))).prefix(count))
                                  },
                                  error: { a, b in
                                      guard a.count == b.count else { return .infinity }
                                      var worst = 0.0
                                      var i = 0
                                      while i + 1 < a.count {
                                          worst = max(worst, ((a[i] - b[i]) * (a[i] - b[i]) + (a[i + 1] - b[i + 1]) * (a[i + 1] - b[i + 1])).squareRoot())
                                          i += 2
                                      }
                                      return worst
                                  }) { w, k in
                w.numeric(attribute: "d", keys: k, format: .path(template))
            }
            let first = FixedPath(initial, arcPieces: pieces)
            return (.init(path: first.path(with: first.coordinates), text: first.data(with: first.coordinates)), animation)
        }
        // An empty path is "M0 0", a lone moveto, which SVG neither fills nor strokes: an empty entry
        // in `values` makes Chromium drop the whole animation (a curve drawn in by strokeEnd, dashed, and
        // starting from an overshoot below 0, never showed).
        let animation = discrete(name, "d", knots: knots, holdMotion: true) { t in
            let p = path(t)
            let d = SVGPathData.string(p)
            return .path(d.isEmpty ? .init(path: Path([.move(.zero)]), text: "M0 0") : .init(path: p, text: d))
        }
        return (.init(path: initial, text: SVGPathData.string(initial)), animation)
    }

    func escape(_ text: String) -> String { SVGMarkup.escape(text) }
}

/// A draw item's identity across instants: its layer's slot, its index in its node and, for text,
/// its string (a text whose content changes is a new element).
struct ItemKey: Hashable {
    var slot: Int
    var index: Int
    var text: String?
}

extension Array {
    /// The array `count` times over, as a sequence of arrays.
    func repeated(_ count: Int) -> [[Element]] { Array<[Element]>(repeating: self, count: Swift.max(count, 0)) }
}
