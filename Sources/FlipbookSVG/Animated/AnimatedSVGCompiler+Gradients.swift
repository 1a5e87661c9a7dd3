import Flipbook

/// Which paint of a shape: its fill or its stroke.
enum PaintPart {
    case fill, stroke

    /// The attribute that paints it.
    var attribute: String { self == .fill ? "fill" : "stroke" }
    /// The shape's gradient for this part.
    func gradient(_ s: borrowing ShapeDrawing) -> Gradient { self == .fill ? s.fillGradient : s.strokeGradient }
    /// The shape's colour for this part.
    func color(_ s: borrowing ShapeDrawing) -> Color { self == .fill ? s.fill : s.stroke }
}

extension AnimatedSVGCompiler.Context {
    /// The fill or the stroke (`part`) of a shape: its colour tracks, its gradient, or a gradient that
    /// changes.
    ///
    /// - No instant has a gradient: the colour and its opacity as tracks.
    /// - Every instant has the same gradient: one static definition.
    /// - Every instant has a gradient of one kind and one number of stops: one definition whose geometry
    ///   (x1, y1, x2, y2 or cx, cy, r) and whose stops' offsets, colours and opacities are tracks, each
    ///   fitted and verified like any other (positions within half the geometric bound; an offset within
    ///   the bound over the gradient's longest length; colours within the colour bound).
    /// - Otherwise (a gradient that turns into a colour, or changes its kind or its number of stops, as
    ///   the engine switches half way; or any gradient that changes, when the target is CSS, since CSS
    ///   cannot animate a gradient's attributes): the fill switches at every frame instant between
    ///   definitions and colours, each instant's value exact (reported as discrete).
    /// - Any instant has a conic gradient: black (`conic`: the caller makes the element the mask of the
    ///   gradient's wedges, `conicPainted`).
    /// Returns the element's paint attributes and animations.
    mutating func paint(_ name: String, _ part: PaintPart, shapeAt: ShapeSeries, samples: [ShapeDrawing], knots: [Double],
                        owner: String) -> (attributes: [AnimatedDocument.Attribute], animations: [AnimatedDocument.Animation], conic: Bool) {
        let first = shapeAt(0)
        let gradients = samples.map { part.gradient($0) }
        let attribute = part.attribute
        guard gradients.contains(where: { !$0.stops.isEmpty }) else {
            let (a, b) = colorTracks("\(name).\(attribute)", attribute, knots: knots, owner: owner) { shapeAt.read($0) { part.color($0) } }
            return (a, b, false)
        }
        if gradients.contains(where: { $0.kind == .conic && !$0.stops.isEmpty }) {
            return ([.init(attribute, .color(.black))], [], true)
        }
        if gradients.allSatisfy({ $0 == part.gradient(first) }) {
            return ([.init(attribute, .reference(gradient(part.gradient(first))))], [], false)
        }
        let g0 = part.gradient(first)
        if target != .css, !g0.stops.isEmpty, gradients.allSatisfy({ $0.kind == g0.kind && $0.stops.count == g0.stops.count }) {
            let gradientAt = { (t: Double) -> Gradient in
                let g = shapeAt.read(t) { part.gradient($0) }
                // Between observed instants a fuzzed scene may change the structure: such an instant
                // keeps the first gradient's, so every track keeps its length.
                return g.kind == g0.kind && g.stops.count == g0.stops.count ? g : g0
            }
            let gradientName = part == .fill ? "\(name).gradient" : "\(name).strokeGradient"
            return ([.init(attribute, .reference(animatedGradient(gradientName, gradientAt: gradientAt, samples: gradients, knots: knots, owner: owner)))], [], false)
        }
        // Discrete: a definition for each distinct gradient, a colour otherwise.
        var ids: [Gradient: String] = [:]
        var values: [Double: (fill: AnimatedDocument.Value, opacity: AnimatedDocument.Value)] = [:]
        for t in Self.merge(knots + grid, grid: scene.duration) {
            let shape = shapeAt(t)
            let g = part.gradient(shape), c = part.color(shape)
            if g.stops.isEmpty {
                values[t] = (.color(c), .number(max(c.alpha, 0)))
            } else {
                let id = ids[g] ?? gradient(g)
                ids[g] = id
                values[t] = (.reference(id), .keyword("1"))
            }
        }
        // Between observed instants, the nearest one's value; half way between two, the earlier's.
        // (Chosen by position in the sorted instants: the nearest key of the dictionary, searched in
        // its order, broke that tie by the process's hash seed, so the key times written, found by
        // bisection, changed from run to run.)
        let observed = values.keys.sorted()
        let at = { (t: Double) -> (fill: AnimatedDocument.Value, opacity: AnimatedDocument.Value) in
            if let exact = values[t] { return exact }
            var lo = 0, hi = observed.count   // the first instant after t
            while lo < hi { let mid = (lo + hi) / 2; if observed[mid] <= t { lo = mid + 1 } else { hi = mid } }
            let before = lo > 0 ? observed[lo - 1] : nil, after = lo < observed.count ? observed[lo] : nil
            let nearest = before.map { b in after.map { a in t - b <= a - t ? b : a } ?? b } ?? after!
            return values[nearest]!
        }
        let initial = at(0)
        var attributes = [AnimatedDocument.Attribute(attribute, initial.fill)]
        if AnimatedDocument.text(initial.opacity) != "1" { attributes.append(.init("\(attribute)-opacity", initial.opacity)) }
        let animations = discrete("\(name).\(attribute)", attribute, knots: grid) { at($0).fill }
            + discrete("\(name).\(attribute)", "\(attribute)-opacity", knots: grid) { at($0).opacity }
        return (attributes, animations, false)
    }

    /// A gradient definition whose geometry and stops animate (`gradientAt` keeps one kind and one
    /// number of stops); returns its id.
    mutating func animatedGradient(_ name: String, gradientAt: @escaping (Double) -> Gradient, samples: [Gradient], knots: [Double],
                                   owner: String) -> String {
        // Every track of the gradient (its geometry, and each stop's offset, colour and opacity)
        // reads it at the instants it probes, mostly the same ones: each instant is read once here,
        // since the sampler's cache may hold fewer instants than one gradient's tracks probe, and
        // each track would then evaluate the whole tree again at every one.
        var read: [Double: Gradient] = [:]
        func at(_ t: Double) -> Gradient {
            if let kept = read[t] { return kept }
            let made = gradientAt(t)
            read[t] = made
            return made
        }
        gradients += 1
        let id = "g\(gradients)"
        let g0 = at(0)
        // A stop's offset error moves it along the gradient by the error × the gradient's length.
        let longest = samples.map { $0.kind == .linear ? $0.start.distance(to: $0.end) : $0.radius }.filter(\.isFinite).max() ?? 1
        func number(_ element: String, _ attribute: String, unit: String, tolerance: Double, _ value: @escaping (Gradient) -> Double)
            -> (AnimatedDocument.Attribute, [AnimatedDocument.Animation]) {
            let animation = track(element, attribute, unit: unit, tolerance: tolerance, knots: knots, owner: owner,
                                  value: { [value(at($0))] }) { w, k in
                w.numeric(attribute: attribute, keys: k, format: .number)
            }
            return (.init(attribute, .number(value(g0))), animation)
        }
        // A focus at any instant is a track of its own (the centre where there is none).
        let focal = g0.kind == .radial && samples.contains { $0.drawnFocus != nil }
        let geometry: [(String, (Gradient) -> Double)] = g0.kind == .linear
            ? [("x1", { $0.start.x }), ("y1", { $0.start.y }), ("x2", { $0.end.x }), ("y2", { $0.end.y })]
            : [("cx", { $0.start.x }), ("cy", { $0.start.y }), ("r", { $0.radius })]
                + (focal ? [("fx", { ($0.drawnFocus ?? $0.start).x }), ("fy", { ($0.drawnFocus ?? $0.start).y })] : [])
        var definition = AnimatedDocument.Element(g0.kind == .linear ? .linearGradient : .radialGradient,
                                                  attributes: [.init("id", .keyword(id)), .init("gradientUnits", .keyword("userSpaceOnUse"))])
        for (attribute, value) in geometry {
            let (a, animation) = number(name, attribute, unit: "px", tolerance: self.geometry / 2, value)
            definition.attributes.append(a)
            definition.animations += animation
        }
        for index in g0.stops.indices {
            let stop = "\(name).stop\(index)"
            let (offset, offsetAnimation) = number(stop, "offset", unit: "", tolerance: self.geometry / max(longest, 1)) {
                min(max($0.stops[index].offset, 0), 1)
            }
            let (paint, paintAnimations) = colorTracks(stop, "stop-color", opacityAttribute: "stop-opacity", knots: knots, owner: owner) {
                at($0).stops[index].color
            }
            definition.children.append(AnimatedDocument.Element(.stop, attributes: [offset] + paint, animations: paintAnimations + offsetAnimation))
        }
        defs.append(definition)
        return id
    }
}

/// Static gradients: a definition in user space, named `g<n>`.
extension AnimatedSVGCompiler.Context {
    /// The definition of `g`, added to the document's, and its id.
    mutating func gradient(_ g: Gradient) -> String {
        gradients += 1
        let id = "g\(gradients)"
        defs.append(Self.gradientElement(g, id: id))
        return id
    }

    /// A static gradient's definition in user space, as `SVGMarkup.gradient` writes it.
    static func gradientElement(_ g: Gradient, id: String) -> AnimatedDocument.Element {
        let geometry: [AnimatedDocument.Attribute] = g.kind == .linear
            ? [.init("x1", .number(g.start.x)), .init("y1", .number(g.start.y)), .init("x2", .number(g.end.x)), .init("y2", .number(g.end.y))]
            : [.init("cx", .number(g.start.x)), .init("cy", .number(g.start.y)), .init("r", .number(g.radius))]
                + (g.writtenFocus.map { [.init("fx", .number($0.x)), .init("fy", .number($0.y))] } ?? [])
        let stops = g.stops.map { stop in
            var attributes: [AnimatedDocument.Attribute] = [.init("offset", .number(min(max(stop.offset, 0), 1))), .init("stop-color", .color(stop.color))]
            if stop.color.alpha < 1 { attributes.append(.init("stop-opacity", .number(max(stop.color.alpha, 0)))) }
            return AnimatedDocument.Element(.stop, attributes: attributes)
        }
        return AnimatedDocument.Element(g.kind == .linear ? .linearGradient : .radialGradient,
                                         attributes: [.init("id", .keyword(id)), .init("gradientUnits", .keyword("userSpaceOnUse"))] + geometry,
                                         children: stops)
    }
}
