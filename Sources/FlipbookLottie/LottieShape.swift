import Flipbook

/// A Lottie bezier shape (`{"v", "i", "o", "c"}`): vertices, and each one's in and out tangents
/// relative to it.
struct LottieShape: Equatable {
    var vertices: [Point]
    var inTangents: [Point]
    var outTangents: [Point]
    var closed: Bool

    /// The shape of `value`, or of the first of an array of them (as keyframes hold it); nil for a
    /// shape with no vertex or unreadable numbers. Missing tangents are zero.
    init?(_ value: LottieValue) {
        let s = value.isArray ? (value.items.first ?? value) : value
        func points(_ key: String) -> [Point]? {
            guard let list = s[key]?.items else { return nil }
            var out: [Point] = []
            for p in list {
                guard let n = p.numbers, n.count >= 2 else { return nil }
                out.append(Point(n[0], n[1]))
            }
            return out
        }
        guard let v = points("v"), !v.isEmpty else { return nil }
        let zero = v.map { _ in Point(0, 0) }
        guard let i = points("i") ?? Optional(zero), let o = points("o") ?? Optional(zero), i.count == v.count, o.count == v.count else { return nil }
        self.init(vertices: v, inTangents: i, outTangents: o, closed: s["c"]?.flag ?? false)
    }

    init(vertices: [Point], inTangents: [Point], outTangents: [Point], closed: Bool) {
        self.vertices = vertices
        self.inTangents = inTangents
        self.outTangents = outTangents
        self.closed = closed
    }

    /// The shape's numbers in one list (vertices, in tangents, out tangents; x then y), as keyframe
    /// values are mixed; `init(numbers:like:)` reads them back.
    var numbers: [Double] { (vertices + inTangents + outTangents).flatMap { [$0.x, $0.y] } }

    /// A shape of `shape`'s size and closedness from `numbers`; nil when they do not fit it.
    init?(numbers: [Double], like shape: LottieShape) {
        let n = shape.vertices.count
        guard numbers.count == 6 * n else { return nil }
        func points(_ k: Int) -> [Point] { (0..<n).map { Point(numbers[2 * (k * n + $0)], numbers[2 * (k * n + $0) + 1]) } }
        self.init(vertices: points(0), inTangents: points(1), outTangents: points(2), closed: shape.closed)
    }

    /// SVG path data: every segment a cubic, so that every value of one shape has the same structure
    /// and morphs point by point.
    var pathData: String {
        let v = vertices, i = inTangents, o = outTangents
        func number(_ x: Double) -> String { LottieImporter.number(x) }
        var d = "M\(number(v[0].x)) \(number(v[0].y))"
        func segment(_ a: Int, _ b: Int) {
            d += "C\(number(v[a].x + o[a].x)) \(number(v[a].y + o[a].y)) \(number(v[b].x + i[b].x)) \(number(v[b].y + i[b].y)) \(number(v[b].x)) \(number(v[b].y))"
        }
        for k in 1..<max(v.count, 1) where k < v.count { segment(k - 1, k) }
        if closed {
            segment(v.count - 1, 0)
            d += "Z"
        }
        return d
    }

    /// The vertices rounded off by Lottie's rounded corners (`"ty": "rd"`) of `radius`: the vertices
    /// whose tangents are both zero (sharp corners), but for an open shape's ends. Each becomes two:
    /// one on each neighbouring chord, min(radius, half the chord) from the corner (the chord to the
    /// neighbouring vertex, whatever the segment's tangents), joined by a cubic whose handles reach
    /// `kappa` of the way back to the corner — lottie-web's construction. A radius of 0 keeps the
    /// two at the corner (so the structure stays the same as the radius moves); a chord of no length
    /// puts the point at the corner.
    func roundingCorners(_ radius: Double) -> LottieShape {
        let n = vertices.count, r = max(radius, 0), zero = Point(0, 0)
        var out = LottieShape(vertices: [], inTangents: [], outTangents: [], closed: closed)
        for k in 0..<n {
            let corner = vertices[k]
            let sharp = inTangents[k] == zero && outTangents[k] == zero && (closed || (k > 0 && k < n - 1))
            guard sharp, n > 1 else {
                out.vertices.append(corner)
                out.inTangents.append(inTangents[k])
                out.outTangents.append(outTangents[k])
                continue
            }
            for neighbour in [vertices[(k + n - 1) % n], vertices[(k + 1) % n]] {
                let dx = neighbour.x - corner.x, dy = neighbour.y - corner.y
                let length = (dx * dx + dy * dy).squareRoot()
                let share = length > 0 ? min(length / 2, r) / length : 0
                out.vertices.append(Point(corner.x + dx * share, corner.y + dy * share))
                out.inTangents.append(zero)
                out.outTangents.append(zero)
            }
            // Handles: the first point's out tangent and the second point's in tangent point back at
            // the corner.
            let a = out.vertices.count - 2, b = out.vertices.count - 1
            out.outTangents[a] = Point((corner.x - out.vertices[a].x) * LottieImporter.kappa, (corner.y - out.vertices[a].y) * LottieImporter.kappa)
            out.inTangents[b] = Point((corner.x - out.vertices[b].x) * LottieImporter.kappa, (corner.y - out.vertices[b].y) * LottieImporter.kappa)
        }
        return out
    }
}

extension LottieImporter {
    /// A path item's path with its corners rounded by `rounding` (an `"rd"` item listed after it):
    /// still when neither the path nor the radius moves; else the rounded path at every frame of
    /// their keys and at each key, straight between them (exact at the frames: rounding is not
    /// linear in the path's points). Nil (reported) when the path cannot be read, or when its keys
    /// differ in structure or its corners turn from sharp to curved as it morphs.
    mutating func roundedPath(_ item: LottieValue, rounding: LottieValue, clock: LottieClock) -> LottiePath? {
        if item["ks"]?["x"]?.string != nil || rounding["r"]?["x"]?.string != nil {
            omit(item.path, "an expression: the property's own keys or value are used instead")
        }
        let radius = keys(rounding["r"])
        let list = item["ks"]?["k"]
        var shapeKeys: [LottieKey] = [], model: LottieShape?
        if let head = list?.items.first, head["t"] != nil {
            var previousEnd: LottieValue?
            for key in list?.items ?? [] {
                guard let t = key["t"]?.number, let shape = (key["s"] ?? previousEnd).flatMap(LottieShape.init) else { break }
                previousEnd = key["e"]
                let first = model ?? shape
                model = first
                guard shape.vertices.count == first.vertices.count, shape.closed == first.closed else {
                    omit(item.path, "a path whose keys differ in their number of vertices under rounded corners: left out")
                    return nil
                }
                shapeKeys.append(LottieKey(time: t, value: shape.numbers, hold: key["h"]?.flag == true,
                                           out: (key["o"]?["x"]?.numbers, key["o"]?["y"]?.numbers),
                                           in: (key["i"]?["x"]?.numbers, key["i"]?["y"]?.numbers), tangentOut: nil, tangentIn: nil))
            }
        } else {
            model = list.flatMap(LottieShape.init)
        }
        guard let model else {
            omit(item.path, "a path this importer cannot read: left out")
            return nil
        }
        let still = radius.constant ?? radius.keys.first?.value?.first ?? 0
        guard !shapeKeys.isEmpty || !radius.keys.isEmpty else {
            return LottiePath(value: model.roundingCorners(still).pathData, animation: nil)
        }
        guard let frames = Self.frames(of: shapeKeys.map(\.time) + radius.keys.map(\.time)) else {
            omit(item.path, "a rounded path whose keys span no time or over 100,000 frames: drawn still, at its first keys")
            return LottiePath(value: model.roundingCorners(still).pathData, animation: nil)
        }
        var samples = LottieSamples(times: [], values: []), structure: Int?
        for frame in frames {
            let shape = Self.value(of: shapeKeys, at: frame).flatMap { LottieShape(numbers: $0, like: model) } ?? model
            let rounded = shape.roundingCorners(radius.keys.isEmpty ? still : Self.value(of: radius.keys, at: frame)?.first ?? still)
            guard rounded.vertices.count == (structure ?? rounded.vertices.count) else {
                omit(item.path, "rounded corners on a path whose corners turn from sharp to curved as it morphs: left out")
                return nil
            }
            structure = rounded.vertices.count
            samples.times.append(clock.seconds(frame))
            samples.values.append(.string(rounded.pathData))
        }
        guard case .string(let first)? = samples.values.first else { return nil }
        return LottiePath(value: first, animation: samples.animation("path"))
    }
}
