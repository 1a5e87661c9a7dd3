import Flipbook
import FlipbookScenes
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lottie's repeater (`"ty": "rp"`): the items listed before it in its group drawn `c` times, copy i
/// placed by the transform taken t = o + i times (o the offset):
///
///     M(t) = translate(t·p + a) · rotate(t·r) · scale(s^t) · translate(−a)
///
/// (p position, a anchor, r rotation in degrees clockwise on screen, s scale as a fraction; lottie-web
/// and Skottie build it so), at the opacity so + (eo − so)·i / c of the group the copy makes (Skottie
/// says After Effects divides by c; rlottie draws 1, 0.8, 0.6 for so 100, eo 40, c 3 as this does;
/// lottie-web divides by c − 1, ThorVG draws 0.8, 0.6, 0.4). Composite 1 (the default) draws copy 0 on
/// top, composite 2 at the bottom, as lottie-web and Skottie do (rlottie and ThorVG draw copy 0 at the
/// bottom in both).
///
/// Imported as its copies: one layer each, with M(t) as its transform and its opacity, holding the
/// repeated layers. A replicator layer (Core Animation's) applies one step's transform k times over,
/// which M(t) is not when the copies both move and turn or scale (the position steps are not turned),
/// and draws its instances in one order only; the copies are exact in every case.
extension LottieImporter {
    /// The most copies a repeater makes (Skottie's cap); past it the file is refused by name.
    static let maxRepeaterCopies = 1_024

    /// The layer that draws `drawn` (the group's layers so far, listed top first) as `item`'s copies;
    /// nil when it draws nothing (no copies, or all transparent). Animated repeater values are read
    /// at their first key and reported.
    mutating func repeater(_ item: LottieValue, drawn: [JSONText], idBase: String) -> JSONText? {
        func still(_ v: LottieValue?, _ fallback: [Double]) -> [Double] {
            guard let v else { return fallback }
            if let keys = v["k"]?.items, keys.first?["t"] != nil {
                omit(v.path, "an animated repeater value: its copies are drawn with its first key's value")
                return keys.first?["s"]?.numbers ?? fallback
            }
            guard let n = v["k"]?.numbers, !n.isEmpty else { return fallback }
            return n
        }
        let tr = item["tr"]
        let count = still(item["c"], [1])[0], offset = still(item["o"], [0])[0]
        let anchor = still(tr?["a"], [0, 0]), position = still(tr?["p"], [0, 0]), scale = still(tr?["s"], [100, 100])
        let rotation = still(tr?["r"], [0])[0]
        let startOpacity = min(max(still(tr?["so"], [100])[0] / 100, 0), 1), endOpacity = min(max(still(tr?["eo"], [100])[0] / 100, 0), 1)
        guard count.isFinite, offset.isFinite, ([rotation] + anchor + position + scale).allSatisfy(\.isFinite) else {
            omit(item.path, "a repeater with a value that is not a finite number: left out")
            return nil
        }
        let copies = Int(min(max(count, 0), Double(Self.maxRepeaterCopies + 1)).rounded())
        guard copies <= Self.maxRepeaterCopies else {
            let shown = count < 1e15 && count == count.rounded() ? String(Int(count)) : "\(count)"
            refusal = (item.path, "a repeater of \(shown) copies, over the limit of \(Self.maxRepeaterCopies)")
            return nil
        }
        let layersPerCopy = drawn.reduce(0) { $0 + Self.layerCount($1) }
        layerCount += copies * layersPerCopy
        if layerCount > Self.maxLayers { overLimit = true }
        guard copies > 0, !drawn.isEmpty, !overLimit else { return nil }
        let (ax, ay) = (anchor[0], anchor.count > 1 ? anchor[1] : 0)
        let (px, py) = (position[0], position.count > 1 ? position[1] : 0)
        let (sx, sy) = (scale[0] / 100, (scale.count > 1 ? scale[1] : scale[0]) / 100)
        let below = (item["m"]?.int ?? 1) != 2
        var layers: [JSONText] = []
        for i in 0..<copies {
            let opacity = startOpacity + (endOpacity - startOpacity) * Double(i) / Double(copies)
            guard opacity > 0 else { continue }
            let t = offset + Double(i)
            let angle = t * rotation * .pi / 180, cx = pow(sx, t), cy = pow(sy, t)
            let m = LottieAffine(a: cos(angle) * cx, b: sin(angle) * cx, c: -sin(angle) * cy, d: cos(angle) * cy, e: 0, f: 0)
            let (ox, oy) = m.apply(-ax, -ay)
            let matrix = [m.a, m.b, m.c, m.d, ox + t * px + ax, oy + t * py + ay]
            guard matrix.allSatisfy(\.isFinite) else { continue }
            let id = uniqueID(idBase + "_rp\(i)")
            var members: [(String, JSONText)] = [("id", .string(id)), ("type", .string("layer"))] + Self.inPlace
            members.append(("transform", .array(matrix.map { .number($0) })))
            if opacity < 1 { members.append(("opacity", .number(opacity))) }
            members.append(("sublayers", .array(drawn.reversed().map { renamed($0, copy: i) })))
            layers.append(.object(members))
        }
        guard !layers.isEmpty else { return nil }
        // Sublayers are listed bottom first: copy 0 last when it is on top.
        let id = uniqueID(idBase + "_rp")
        return .object([("id", .string(id)), ("type", .string("layer"))] + Self.inPlace
                       + [("sublayers", .array(below ? layers.reversed() : layers))])
    }

    /// `layer` with every layer id in it (its own, its sublayers', its mask's) made unique for copy `i`.
    mutating func renamed(_ layer: JSONText, copy i: Int) -> JSONText {
        switch layer {
        case .object(let members):
            var out = members
            for (n, member) in members.enumerated() {
                if member.0 == "id", case .string(let id) = member.1 {
                    out[n].1 = .string(uniqueID(id + "_\(i)"))
                } else if ["sublayers", "mask"].contains(member.0) {
                    out[n].1 = renamed(member.1, copy: i)
                }
            }
            return .object(out)
        case .array(let items):
            return .array(items.map { renamed($0, copy: i) })
        default:
            return layer
        }
    }

    /// The layers `layer` holds, itself included.
    static func layerCount(_ layer: JSONText) -> Int {
        switch layer {
        case .object(let members):
            return 1 + members.reduce(0) { sum, member in
                guard ["sublayers", "mask"].contains(member.0) else { return sum }
                if case .array(let items) = member.1 { return sum + items.reduce(0) { $0 + layerCount($1) } }
                return sum + layerCount(member.1)
            }
        default:
            return 0
        }
    }
}
