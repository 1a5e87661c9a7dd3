import Flipbook

extension AnimatedSVGCompiler.Context {
    /// The fill of a shape: its colour tracks, its gradient, or a gradient that changes.
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
    /// Returns the element's fill attributes and animations.
    mutating func fill(_ name: String, shapeAt: ShapeSeries, samples: [ShapeDrawing], knots: [Double],
                       owner: String) -> (attributes: [AnimatedDocument.Attribute], animations: [AnimatedDocument.Animation]) {
        let first = shapeAt(0)
        let gradients = samples.map(\.fillGradient)
        guard gradients.contains(where: { !$0.stops.isEmpty }) else {
            return colorTracks("\(name).fill", "fill", knots: knots, owner: owner) { shapeAt.read($0) { $0.fill } }
        }
        if gradients.allSatisfy({ $0 == first.fillGradient }) {
            return ([.init("fill", .reference(gradient(first.fillGradient)))], [])
        }
        let g0 = first.fillGradient
        if target != .css, !g0.stops.isEmpty, gradients.allSatisfy({ $0.kind == g0.kind && $0.stops.count == g0.stops.count }) {
            let gradientAt = { (t: Double) -> Gradient in
                let g = shapeAt.read(t) { $0.fillGradient }
                // Between observed instants a fuzzed scene may change the structure: such an instant
                // keeps the first gradient's, so every track keeps its length.
                return g.kind == g0.kind && g.stops.count == g0.stops.count ? g : g0
            }
            return ([.init("fill", .reference(animatedGradient("\(name).gradient", gradientAt: gradientAt, samples: gradients, knots: knots, owner: owner)))], [])
        }
        // Discrete: a definition for each distinct gradient, a colour otherwise.
        var ids: [Gradient: String] = [:]
        var values: [Double: (fill: AnimatedDocument.Value, opacity: AnimatedDocument.Value)] = [:]
        for t in Self.merge(knots + grid, grid: scene.duration) {
            let shape = shapeAt(t)
            if shape.fillGradient.stops.isEmpty {
                values[t] = (.color(shape.fill), .number(max(shape.fill.alpha, 0)))
            } else {
                let id = ids[shape.fillGradient] ?? gradient(shape.fillGradient)
                ids[shape.fillGradient] = id
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
        var attributes = [AnimatedDocument.Attribute("fill", initial.fill)]
        if AnimatedDocument.text(initial.opacity) != "1" { attributes.append(.init("fill-opacity", initial.opacity)) }
        let animations = discrete("\(name).fill", "fill", knots: grid) { at($0).fill }
            + discrete("\(name).fill", "fill-opacity", knots: grid) { at($0).opacity }
        return (attributes, animations)
    }

    /// A gradient definition whose geometry and stops animate (`gradientAt` keeps one kind and one
    /// number of stops); returns its id.
    mutating func animatedGradient(_ name: String, gradientAt: @escaping (Double) -> Gradient, samples: [Gradient], knots: [Double],
                                   owner: String) -> String {
        gradients += 1
        let id = "g\(gradients)"
        let g0 = gradientAt(0)
        // A stop's offset error moves it along the gradient by the error × the gradient's length.
        let longest = samples.map { $0.kind == .linear ? $0.start.distance(to: $0.end) : $0.radius }.filter(\.isFinite).max() ?? 1
        func number(_ element: String, _ attribute: String, unit: String, tolerance: Double, _ value: @escaping (Gradient) -> Double)
            -> (AnimatedDocument.Attribute, [AnimatedDocument.Animation]) {
            let animation = track(element, attribute, unit: unit, tolerance: tolerance, knots: knots, owner: owner,
                                  value: { [value(gradientAt($0))] }) { w, k in
                w.numeric(attribute: attribute, keys: k, format: .number)
            }
            return (.init(attribute, .number(value(g0))), animation)
        }
        let geometry: [(String, (Gradient) -> Double)] = g0.kind == .linear
            ? [("x1", { $0.start.x }), ("y1", { $0.start.y }), ("x2", { $0.end.x }), ("y2", { $0.end.y })]
            : [("cx", { $0.start.x }), ("cy", { $0.start.y }), ("r", { $0.radius })]
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
                gradientAt($0).stops[index].color
            }
            definition.children.append(AnimatedDocument.Element(.stop, attributes: [offset] + paint, animations: paintAnimations + offsetAnimation))
        }
        defs.append(definition)
        return id
    }
}
