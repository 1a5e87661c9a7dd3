import Easing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Groups, transforms and presence: how the SVG's nesting becomes Lottie's.
extension LottieWriter {
    /// `items` inside a group whose transform holds `properties`. When `items` is one group whose own
    /// transform can take `properties` without changing the product, they go there instead: Lottie's
    /// transform is translate(p) · rotate(r) · scale(s), with opacity (o) applying to the whole group,
    /// so a translation joins a group that only rotates, scales or fades, a rotation one that only
    /// scales or fades, and an opacity any group without one.
    func wrap(_ items: [JSON], transform properties: [(String, JSON)]) -> [JSON] {
        let order = ["p": 0, "r": 1, "s": 2]
        if items.count == 1, case .object(let fields) = items[0], fields.count == 2,
           case .string("gr")? = fields.first(where: { $0.0 == "ty" })?.1,
           case .array(var inner)? = fields.first(where: { $0.0 == "it" })?.1,
           case .object(let tr)? = inner.last, tr.count >= 1, case .string("tr")? = tr.first?.1 {
            let innerKeys = tr.dropFirst().map(\.0), outerKeys = properties.map(\.0)
            let fits = outerKeys.allSatisfy { key in
                !innerKeys.contains(key) && (key == "o" || innerKeys.allSatisfy { $0 == "o" || (order[$0] ?? -1) > (order[key] ?? 99) })
            }
            if fits {
                inner[inner.count - 1] = .object(tr + properties)
                return [.object([("ty", .string("gr")), ("it", .array(inner))])]
            }
        }
        return [.object([("ty", .string("gr")), ("it", .array(items + [transform(properties)]))])]
    }

    /// A group transform: identity except `properties`. Only the properties given are written (every
    /// player reads a missing one as its identity; the schema requires none).
    func transform(_ properties: [(String, JSON)]) -> JSON {
        .object([("ty", .string("tr"))] + properties)
    }

    /// The element's presence as an opacity of 100 or 0 (hold keyframes), from its `display`; nil when
    /// it is always shown.
    func presence(_ e: Element) -> JSON? {
        let shown: (Value) -> [Double] = { $0 == .keyword("none") ? [0] : [100] }
        let initial = shown(e.attribute("display") ?? .keyword("inline"))
        guard let trackKeys = keys(e, "display", initial: initial, parse: { shown($0) }) else { return initial == [100] ? nil : fixed(initial) }
        return animated(trackKeys)
    }

    // MARK: Transforms

    /// The transform list as Lottie transform properties, one set per component, outermost first.
    mutating func transformComponents(_ e: Element) -> [[(String, JSON)]] {
        guard case .transform(let steps)? = e.attribute("transform") else { return [] }
        let animations = e.animations(of: "transform")
        var out: [[(String, JSON)]] = []
        var index = 0
        for (name, values) in steps.map(\.written) {
            let track = index < animations.count && !animations.isEmpty ? animations[index] : nil
            index += 1
            // The component's track, read back from what is written for it.
            var check: [AnimatedDocument.TrackCheck] = []
            if case .numeric(let n)? = track, let c = n.check { check = [c] }
            switch name {
            case "translate":
                let v = [values.first ?? 0, values.count > 1 ? values[1] : 0]
                let p = track.map { animated(keys($0, initial: v, parse: Self.pair)) } ?? fixed(v)
                probe(check, p) { Array($0.prefix(2)) }
                out.append([("p", p)])
            case "rotate":
                let v = [values.first ?? 0]
                let r = track.map { animated(keys($0, initial: v, parse: Self.numbers)) } ?? fixed(v[0])
                probe(check, r) { Array($0.prefix(1)) }
                out.append([("r", r)])
            case "scale":
                let v = [values.first ?? 1, values.count > 1 ? values[1] : values.first ?? 1]
                let percent: (Value) -> [Double]? = { Self.scalePair($0).map { [$0[0] * 100, $0[1] * 100] } }
                let s = track.map { animated(keys($0, initial: [v[0] * 100, v[1] * 100], parse: percent)) } ?? fixed([v[0] * 100, v[1] * 100])
                probe(check, s) { $0.map { $0 / 100 } }
                out.append([("s", s)])
            case "skewX":
                // Lottie's skew (ThorVG, lottie-web) is x' = x − tan(sk)·y, SVG's skewX(α) x' = x + tan(α)·y:
                // sk = −α. (rlottie draws no skew at all.)
                let v = [-(values.first ?? 0)]
                let negated: (Value) -> [Double]? = { Self.numbers($0).map { [-$0[0]] } }
                let sk = track.map { animated(keys($0, initial: v, parse: negated)) } ?? fixed(v[0])
                probe(check, sk) { [-$0[0]] }
                out.append([("sk", sk), ("sa", fixed(0))])
            case "matrix" where values.count == 6:
                let (a, b, c, d) = (values[0], values[1], values[2], values[3])
                let sx = (a * a + b * b).squareRoot()
                let theta = atan2(b, a) * 180 / .pi
                let m = sx > 0 ? (a * c + b * d) / sx : 0, sy = sx > 0 ? (a * d - b * c) / sx : 0
                // M = translate · rotate(θ) · skewX(atan(m / sy)) · scale(sx, sy).
                out.append([("p", fixed([values[4], values[5]]))])
                out.append([("r", fixed(theta))])
                if abs(m) > 1e-9, sy != 0 { out.append([("sk", fixed(-atan(m / sy) * 180 / .pi)), ("sa", fixed(0))]) }
                out.append([("s", fixed([sx * 100, sy * 100]))])
            default:
                leaveOut(.transform, name)
            }
        }
        return out
    }

    /// A scale value as x and y: one number scales both, as SVG's scale(s).
    static func scalePair(_ value: Value) -> [Double]? {
        guard let n = numbers(value) else { return nil }
        return [n[0], n.count > 1 ? n[1] : n[0]]
    }
}
