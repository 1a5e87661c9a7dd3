extension LottieWriter {
    /// A gradient fill (`gf`, linear) for an element whose `fill` names a `linearGradient` in user
    /// space: its ends (`s`, `e`) and its stops (`g`: offset and colour per stop, then offset and opacity
    /// per stop when any is below 1).
    ///
    /// A static gradient is written as it is. When the gradient animates (its ends, or its stops'
    /// offsets, colours or opacities) or the fill switches between gradients, every value is the SMIL
    /// animation's, read back by `SMILTrack` at each frame instant, as a keyframe there: linear between
    /// frames for a gradient that moves, held for a fill that switches. Lottie players show frames, so
    /// each frame is the verified SMIL's value exactly (within the written decimals).
    ///
    /// nil (the caller reports it left out) for a radial gradient, one in bounding-box units, a fill that
    /// is a colour at some frame and a gradient at another, or gradients whose number of stops differs.
    func gradientFill(_ e: SVGElement) -> JSON? {
        let fillTracks = e.animations(of: "fill").compactMap { SMILTrack(element: $0) }
        let staticFill = e.attributes["fill"] ?? "#000000"
        func reference(at t: Double) -> String {
            var value = staticFill
            for track in fillTracks { if case .text(let v)? = track.value(at: t) { value = v } }
            return value
        }
        func gradient(_ reference: String) -> SVGElement? {
            guard reference.hasPrefix("url(#"), reference.hasSuffix(")") else { return nil }
            let g = gradients[String(reference.dropFirst(5).dropLast())]
            guard let g, g.attributes["gradientUnits"] == "userSpaceOnUse", !g.children.isEmpty,
                  g.children.allSatisfy({ $0.name == "stop" }) else { return nil }
            return g
        }
        /// The gradient's ends and stops at `t`: each attribute's animation (read back), else its value.
        func values(_ g: SVGElement, at t: Double) -> (start: [Double], end: [Double], stops: [(offset: Double, color: [Double], alpha: Double)]) {
            func number(_ element: SVGElement, _ name: String, _ fallback: Double) -> Double {
                var v = Double(element.attributes[name] ?? "") ?? fallback
                for a in element.animations(of: name) {
                    if let track = SMILTrack(element: a), case .numbers(let n)? = track.value(at: t), let first = n.first { v = first }
                }
                return v
            }
            let stops = g.children.map { stop -> (offset: Double, color: [Double], alpha: Double) in
                var c = color(stop.attributes["stop-color"] ?? "#000000").map { Array($0.prefix(3)) } ?? [0, 0, 0]
                for a in stop.animations(of: "stop-color") {
                    if let track = SMILTrack(element: a), case .numbers(let n)? = track.value(at: t), n.count == 3 { c = n }
                }
                return (number(stop, "offset", 0), c, number(stop, "stop-opacity", 1))
            }
            return ([number(g, "x1", 0), number(g, "y1", 0)], [number(g, "x2", 1), number(g, "y2", 0)], stops)
        }
        let moves = !fillTracks.isEmpty || gradient(staticFill).map { g in !g.animations.isEmpty || g.children.contains { !$0.animations.isEmpty } } ?? true
        let times = moves ? (0...frames).map { Double($0) / fps } : [0]
        var keys: [(start: [Double], end: [Double], stops: [Double], alphas: [Double])] = []
        var stopCount: Int?
        for t in times {
            guard let g = gradient(reference(at: t)) else { return nil }
            let v = values(g, at: t)
            if stopCount == nil { stopCount = v.stops.count }
            guard v.stops.count == stopCount else { return nil }
            keys.append((v.start, v.end, v.stops.flatMap { [$0.offset] + $0.color }, v.stops.flatMap { [$0.offset, $0.alpha] }))
        }
        guard !keys.isEmpty, let stopCount else { return nil }
        let translucent = keys.contains { k in stride(from: 1, to: k.alphas.count, by: 2).contains { k.alphas[$0] < 1 } }
        let ease: Key.Ease = fillTracks.isEmpty ? .linear : .hold
        func property(_ value: (Int) -> [Double], precise: Bool) -> JSON {
            animated(times.indices.map { Key(time: times[$0], value: value($0), ease: $0 == times.count - 1 ? .hold : ease) }, precise: precise)
        }
        let stops = property({ translucent ? keys[$0].stops + keys[$0].alphas : keys[$0].stops }, precise: true)
        return .object([("ty", .string("gf")), ("o", self.property(e, "fill-opacity", initial: [Double(e.attributes["fill-opacity"] ?? "1") ?? 1], scale: 100)),
                        ("r", .int(1)), ("s", property({ keys[$0].start }, precise: false)), ("e", property({ keys[$0].end }, precise: false)),
                        ("t", .int(1)), ("g", .object([("p", .int(stopCount)), ("k", stops)]))])
    }
}
