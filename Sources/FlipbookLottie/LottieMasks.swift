import Flipbook
import FlipbookScenes

extension LottieImporter {
    /// A layer's masks (`masksProperties`) as a Flipbook mask layer (its alpha shows the layer),
    /// in the layer's own coordinates, folded in their order as After Effects combines them: each
    /// mask's value v is its path's coverage m times its opacity o (o (1 − m) when inverted), and what
    /// the masks before it kept, k (nothing before an `a` first, everything before any other first),
    /// becomes k + v − k v under add (`a`: the shape drawn over k), k (1 − v) under subtract (`s`: k
    /// under the shape as an inverted mask), k v under intersect (`i`: k under the shape as a mask);
    /// `n` takes no part. Reported and left out: the other modes (difference, lighten, darken),
    /// expansion, and masks past `maxMaskNestings` intersections and runs of subtractions.
    mutating func masks(_ list: LottieValue, clock: LottieClock, idBase: String) -> JSONText? {
        // What is kept so far: the layers drawn together (their union), nil for nothing yet; and the
        // shapes subtracted from it in a row, not yet applied: k (1 − v1) (1 − v2) … is k under one
        // inverted mask of their union, 1 − (v1 ∪ v2 ∪ …), so a run of subtractions nests once.
        var kept: [JSONText]?, cuts: [JSONText] = [], nestings = 0
        func group(_ sublayers: [JSONText], _ extra: [(String, JSONText)] = []) -> JSONText {
            .object([("id", .string(uniqueID(idBase + "_masks"))), ("type", .string("layer"))] + Self.inPlace + [("sublayers", .array(sublayers))] + extra)
        }
        func settle() {
            guard !cuts.isEmpty, let below = kept else { return }
            kept = [group(below, [("mask", cuts.count == 1 ? cuts[0] : group(cuts)), ("maskMode", .string("inverted"))])]
            cuts = []
        }
        for mask in list.items {
            let mode = mask["mode"]?.string ?? "a", inverted = mask["inv"]?.flag == true
            if mode == "n" { continue }
            guard mode == "a" || mode == "s" || mode == "i" else {
                omit(mask.path + ".mode", "a mask of mode \"\(mode)\" (add, subtract, intersect and none are imported): left out")
                continue
            }
            // Each intersection and each run of subtractions nests what is kept one layer deeper.
            let nests = mode == "i" || (mode == "s" && cuts.isEmpty)
            if nests && nestings == Self.maxMaskNestings {
                omit(mask.path, "more than \(Self.maxMaskNestings) intersections and runs of subtractions in one layer's masks: left out")
                continue
            }
            if let x = mask["x"]?["k"], x.items.first?["t"] != nil || (x.scalar ?? 0) != 0 {
                omit(mask.path + ".x", "a mask's expansion: drawn at the path itself")
            }
            guard let shape = maskShape(mask, inverted: inverted, clock: clock, idBase: idBase) else { continue }
            if nests { nestings += 1 }
            // Anything but an add first starts from the whole layer.
            if kept == nil && mode != "a" { kept = [Self.everywhere(uniqueID(idBase + "_mask"))] }
            switch mode {
            case "a":
                settle()
                kept = (kept ?? []) + [shape]
            case "s":
                cuts.append(shape)
            default:
                settle()
                kept = [group(kept ?? [], [("mask", shape)])]
            }
        }
        settle()
        guard let kept, !kept.isEmpty else { return nil }
        if kept.count == 1, case .object(let members)? = kept.first, members.contains(where: { $0.0 == "mask" }) { return kept[0] }
        return group(kept)
    }

    /// At most this many intersections and runs of subtractions in one layer's masks (each nests the
    /// mask layer one level deeper; a scene nests at most 256 levels of JSON).
    static let maxMaskNestings = 32

    /// One mask's shape: its path (inverted: the outside of it, a rectangle far beyond any canvas
    /// around the path filled even-odd) filled black at the mask's opacity, its morphs and opacity
    /// animated; nil, reported, when the path cannot be read.
    private mutating func maskShape(_ mask: LottieValue, inverted: Bool, clock: LottieClock, idBase: String) -> JSONText? {
        let made = property(mask["pt"], name: "path", clock: clock) { v in Self.bezierPath(v).map(JSONText.string) }
        guard case .string(let path)? = made.value else {
            omit(mask.path + ".pt", "a mask path this importer cannot read: left out")
            return nil
        }
        let far = inverted ? Self.farRectangle + " " : ""
        var shape: [(String, JSONText)] = [("id", .string(uniqueID(idBase + "_mask"))), ("type", .string("shape"))] + Self.inPlace
        shape.append(("path", .string(far + path)))
        if inverted { shape.append(("fillRule", .string("evenOdd"))) }
        var animations: [JSONText] = []
        if let morph = made.animation {
            animations.append(inverted ? Self.mapValues(morph) { value in
                guard case .string(let p) = value else { return value }
                return .string(far + p)
            } : morph)
        }
        shape += [("fillColor", .string("black")), ("strokeColor", .string("none"))]
        let opacity = property(mask["o"], name: "opacity", clock: clock) { v in v.scalar.map { .number(min(max($0 / 100, 0), 1)) } }
        if let value = opacity.value { shape.append(("opacity", value)) }
        if let animation = opacity.animation { animations.append(animation) }
        if !animations.isEmpty { shape.append(("animations", .array(animations))) }
        return .object(shape)
    }

    /// A rectangle far beyond any canvas, as path data.
    private static let farRectangle = "M-100000 -100000H100000V100000H-100000Z"

    /// A shape covering everything: what a mask list that does not start by adding starts from.
    private static func everywhere(_ id: String) -> JSONText {
        .object([("id", .string(id)), ("type", .string("shape"))] + inPlace + [("path", .string(farRectangle)), ("fillColor", .string("black"))])
    }
}
