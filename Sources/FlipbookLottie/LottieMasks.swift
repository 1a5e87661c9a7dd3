import Flipbook
import FlipbookScenes

extension LottieImporter {
    /// A layer's masks (`masksProperties`) as a Flipbook mask layer (its alpha shows the layer),
    /// in the layer's own coordinates: added masks (`a`) are shapes of their paths at their opacity,
    /// together; each subtracted one (`s`, or an added one inverted) then masks that with the
    /// outside of its path (a rectangle far beyond any canvas around the path, filled even-odd);
    /// `n` masks nothing. Reported and left out: other modes (intersect, difference, lighten,
    /// darken), expansion, and a mask list that starts by subtracting.
    mutating func masks(_ list: LottieValue, clock: LottieClock, idBase: String) -> JSONText? {
        var added: [JSONText] = [], cuts: [JSONText] = []
        for mask in list.items {
            let mode = mask["mode"]?.string ?? "a", inverted = mask["inv"]?.flag == true
            if mode == "n" { continue }
            guard mode == "a" || mode == "s" else {
                omit(mask.path + ".mode", "a mask of mode \"\(mode)\" (only add, subtract and none are imported yet): left out")
                continue
            }
            if let x = mask["x"]?["k"], x.items.first?["t"] != nil || (x.scalar ?? 0) != 0 {
                omit(mask.path + ".x", "a mask's expansion: drawn at the path itself")
            }
            let made = property(mask["pt"], name: "path", clock: clock) { v in Self.bezierPath(v).map(JSONText.string) }
            guard case .string(let path)? = made.value else {
                omit(mask.path + ".pt", "a mask path this importer cannot read: left out")
                continue
            }
            let subtract = (mode == "s") != inverted
            var shape: [(String, JSONText)] = [("id", .string(uniqueID(idBase + "_mask"))), ("type", .string("shape"))] + Self.inPlace
            var animations: [JSONText] = []
            if subtract {
                let far = "M-100000 -100000H100000V100000H-100000Z"
                shape += [("path", .string(far + " " + path)), ("fillRule", .string("evenOdd"))]
                if let morph = made.animation {
                    animations.append(Self.mapValues(morph) { value in
                        guard case .string(let p) = value else { return value }
                        return .string(far + " " + p)
                    })
                }
            } else {
                shape.append(("path", .string(path)))
                if let morph = made.animation { animations.append(morph) }
            }
            shape += [("fillColor", .string("black")), ("strokeColor", .string("none"))]
            let opacity = property(mask["o"], name: "opacity", clock: clock) { v in v.scalar.map { .number(min(max($0 / 100, 0), 1)) } }
            if let value = opacity.value { shape.append(("opacity", value)) }
            if let animation = opacity.animation { animations.append(animation) }
            if !animations.isEmpty { shape.append(("animations", .array(animations))) }
            if subtract {
                if added.isEmpty && cuts.isEmpty {
                    // Subtracting from nothing: Lottie starts from the whole layer when the first
                    // mask subtracts.
                    added.append(.object([("id", .string(uniqueID(idBase + "_mask"))), ("type", .string("shape"))] + Self.inPlace
                                         + [("path", .string("M-100000 -100000H100000V100000H-100000Z")), ("fillColor", .string("black"))]))
                }
                cuts.append(.object(shape))
            } else {
                if !cuts.isEmpty { omit(mask.path, "a mask added after a subtracted one: added before it (the order is not imported yet)") }
                added.append(.object(shape))
            }
        }
        guard !added.isEmpty else { return nil }
        // The added shapes, then each cut as a mask of what is left, innermost last.
        var result: [(String, JSONText)] = [("id", .string(uniqueID(idBase + "_masks"))), ("type", .string("layer"))] + Self.inPlace
        result.append(("sublayers", .array(added)))
        var nested: JSONText?
        for cut in cuts.reversed() {
            guard case .object(var members) = cut else { continue }
            if let inner = nested { members.append(("mask", inner)) }
            nested = .object(members)
        }
        if let nested { result.append(("mask", nested)) }
        return .object(result)
    }
}
