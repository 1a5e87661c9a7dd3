import Flipbook
import FlipbookScenes

extension LottieImporter {
    /// A layer's (or a shape group's) transform as a Flipbook layer's placement: the anchor is the
    /// origin of zero-size bounds (`[ax, ay, 0, 0]`, anchor point `[0, 0]`), so that Flipbook's
    /// order — the anchor subtracted, then scale, rotation, position — is Lottie's (a skew, which
    /// Lottie applies after the scale, becomes Flipbook's `transform`, before it: `skewMember`). Separated
    /// position dimensions move `position` (x) and `translation` (y), each on its own keys. Opacity
    /// only when `opacity` (a parent's transform passes on no opacity in Lottie).
    mutating func transform(_ ks: LottieValue?, clock: LottieClock, opacity: Bool, size: (Double, Double)? = nil) -> (members: [(String, JSONText)], animations: [JSONText]) {
        var members: [(String, JSONText)] = [], animations: [JSONText] = []
        func add(_ name: String, _ result: (value: JSONText?, animation: JSONText?)) {
            if let value = result.value { members.append((name, value)) }
            if let animation = result.animation { animations.append(animation) }
        }
        func pair(scale: Double) -> (LottieValue) -> JSONText? {
            { v in
                guard let n = v.numbers, n.count >= 2 else { return nil }
                return .pair(n[0] * scale, n[1] * scale)
            }
        }
        if let (w, h) = size {
            // A precomposition's own size: bounds [0, 0, w, h], the anchor a unit point of them.
            members.append(("bounds", .array([.number(0), .number(0), .number(w), .number(h)])))
            add("anchorPoint", property(ks?["a"], name: "anchorPoint", clock: clock) { v in
                guard let n = v.numbers, n.count >= 2 else { return nil }
                return .pair(n[0] / w, n[1] / h)
            })
            if !members.contains(where: { $0.0 == "anchorPoint" }) { members.append(("anchorPoint", .pair(0, 0))) }
        } else {
            members.append(("anchorPoint", .pair(0, 0)))
            add("bounds", property(ks?["a"], name: "bounds", clock: clock) { v in
                guard let n = v.numbers, n.count >= 2 else { return nil }
                return .array([.number(n[0]), .number(n[1]), .number(0), .number(0)])
            })
            if members.count == 1 { members.append(("bounds", .array([.number(0), .number(0), .number(0), .number(0)]))) }
        }
        if let p = ks?["p"], p["s"]?.flag == true {
            add("position", property(p["x"], name: "position", clock: clock) { v in v.scalar.map { .pair($0, 0) } })
            add("translation", property(p["y"], name: "translation", clock: clock) { v in v.scalar.map { .pair(0, $0) } })
        } else {
            add("position", property(ks?["p"], name: "position", clock: clock, convert: pair(scale: 1)))
        }
        add("scale", property(ks?["s"], name: "scale", clock: clock, convert: pair(scale: 0.01)))
        add("rotation", property(ks?["r"] ?? ks?["rz"], name: "rotation", clock: clock) { v in v.scalar.map { .number($0) } })
        if opacity {
            add("opacity", property(ks?["o"], name: "opacity", clock: clock) { v in v.scalar.map { .number(min(max($0 / 100, 0), 1)) } })
        }
        if let skew = skewMember(ks) { members.append(skew) }
        for key in ["rx", "ry", "or"] {
            guard let turn = ks?[key], let k = turn["k"] else { continue }
            if k.items.first?["t"] != nil || (k.numbers ?? []).contains(where: { $0 != 0 }) { omit(turn.path, "a 3D rotation: left out") }
        }
        return (members, animations)
    }

    /// The scene layers of a composition's layer list (the file's, or a precomposition's whose
    /// frame 0 is the file's frame `offset`), bottom first: Lottie lists the top layer first.
    /// `chain` holds the precompositions being imported around it.
    mutating func composition(_ layers: [LottieValue], offset: Double, stretch: Double = 1, outPoint: Double, chain: [String], idPrefix: String) -> [JSONText] {
        var byIndex: [Int: LottieValue] = [:]
        for layer in layers {
            if let index = layer["ind"]?.int { byIndex[index] = layer }
        }
        var out: [JSONText] = []
        for (position, layer) in layers.enumerated().reversed() {
            // A track matte's source (`td`) draws only as the matte of the layer after it.
            if layer["td"]?.flag == true, position + 1 < layers.count, layers[position + 1]["tt"] != nil { continue }
            guard let made = self.layer(layer, position: position, siblings: byIndex, offset: offset, stretch: stretch, outPoint: outPoint, chain: chain, idPrefix: idPrefix) else {
                continue
            }
            guard let matte = layer["tt"]?.int else {
                out.append(made)
                continue
            }
            // A track matte (`tt` 1 alpha, 2 inverted alpha, 3 luma, 4 inverted luma): the layer inside a
            // layer of the composition's own coordinates masked by the source layer (with its own
            // transform and parents) with the same `maskMode`.
            guard position > 0, layers[position - 1]["td"]?.flag == true else {
                omit(layer.path + ".tt", "a track matte without its source layer before it: drawn without it")
                out.append(made)
                continue
            }
            let modes = [1: MaskMode.alpha, 2: .inverted, 3: .luminance, 4: .invertedLuminance]
            guard let mode = modes[matte] else {
                omit(layer.path + ".tt", "a track matte of type \(matte) (1 to 4 are read): drawn without it")
                out.append(made)
                continue
            }
            // (A source that draws nothing shows nothing of the layer under an alpha or luma matte, all
            // of it under an inverted one.)
            guard let mask = self.layer(layers[position - 1], position: position - 1, siblings: byIndex, offset: offset, stretch: stretch,
                                        outPoint: outPoint, chain: chain, idPrefix: idPrefix) else {
                if mode.isInverted { out.append(made) }
                continue
            }
            out.append(.object([("id", .string(uniqueID(idPrefix + "l\(position)_matte"))), ("type", .string("layer"))] + Self.inPlace
                               + [("sublayers", .array([made])), ("mask", mask)] + (mode == .alpha ? [] : [("maskMode", .string(mode.rawValue))])))
        }
        return out
    }

    /// The scene layer of the Lottie layer `layer` (at `position` in its composition's list), wrapped
    /// in a layer for each of its parents' transforms; nil when it draws nothing or cannot be read.
    mutating func layer(_ source: LottieValue, position: Int, siblings: [Int: LottieValue], offset: Double, stretch: Double = 1, outPoint: Double,
                        chain: [String], idPrefix: String) -> JSONText? {
        var layer = source
        if layer["hd"]?.flag == true || overLimit { return nil }
        layerCount += 1
        if layerCount > Self.maxLayers {
            overLimit = true
            return nil
        }
        let type = layer["ty"]?.int ?? -1
        let names = [0: "a precomposition", 1: "a solid", 2: "an image", 3: "a null", 4: "a shape layer",
                     6: "an audio layer", 13: "a camera", 15: "a data layer"]
        guard [0, 1, 3, 4, 5].contains(type) else {
            omit(layer.path, "\(names[type] ?? "a layer of type \(type)") is not imported yet: left out")
            return nil
        }
        // A null draws nothing: it counts only as a parent.
        if type == 3 { return nil }
        if layer["ddd"]?.flag == true { omit(layer.path + ".ddd", "a 3D layer: drawn flat") }
        // A precomposition's time stretch: each frame of its content lasts `sr` frames here (its own
        // keys are in this composition's frames, as its start time leaves them).
        var contentStretch = stretch
        if let sr = layer["sr"]?.number, sr != 1 {
            if type == 0 && sr > 0 && sr <= 1_000 {
                contentStretch = stretch * sr
            } else {
                omit(layer.path + ".sr", type == 0 ? "a time stretch that is not a positive number up to 1,000: its content keeps its own pace"
                     : "a time stretch of a layer that is not a precomposition is not imported yet: keys at their own times")
            }
        }
        if layer["tm"] != nil && type != 0 { omit(layer.path + ".tm", "time remapping of a layer that is not a precomposition: left out") }
        if let bm = layer["bm"]?.number, bm != 0 { omit(layer.path + ".bm", "a blend mode: drawn in normal mode") }
        // A layer's keys are in its composition's frames (its start time moves nothing but the
        // frames of a precomposition's content, as rlottie and lottie-web read it).
        var layerClock = clock
        let start = layer["st"]?.number ?? 0
        layerClock.startTime = offset
        layerClock.stretch = stretch
        layer = evaluatingExpressions(layer, clock: layerClock, outPoint: outPoint)
        let name = layer["nm"]?.string ?? ""
        let id = uniqueID(idPrefix + "l\(position)" + (name.isEmpty ? "" : "_" + name))
        var members: [(String, JSONText)] = [("id", .string(id)), ("type", .string(type == 1 ? "shape" : "layer"))]
        var size: (Double, Double)?
        if type == 0, let w = layer["w"]?.number, let h = layer["h"]?.number, w > 0, h > 0 { size = (w, h) }
        let placed = transform(layer["ks"], clock: layerClock, opacity: true, size: size)
        members += placed.members
        if size != nil { members.append(("masksToBounds", .bool(true))) }
        var animations = placed.animations
        if layer["ao"]?.flag == true, let oriented = orientedRotation(layer["ks"], clock: layerClock), let turning = oriented.animation("rotation") {
            members.removeAll { $0.0 == "rotation" }
            animations.removeAll { Self.animates($0, "rotation") }
            members.append(("rotation", oriented.values[0]))
            animations.append(turning)
        }
        // In and out points: hidden outside [ip, op) of the composition.
        let inPoint = layer["ip"]?.number.map { $0 * stretch + offset } ?? clock.inPoint
        let out = layer["op"]?.number.map { $0 * stretch + offset } ?? outPoint
        let duration = (outPoint - clock.inPoint) / clock.fps
        let from = min(max((inPoint - clock.inPoint) / clock.fps, 0), duration), to = min(max((out - clock.inPoint) / clock.fps, 0), duration)
        if from > 0 || to < duration {
            guard to > from else { return nil }
            let d = duration
            animations.append(.object([("property", .string("hidden")), ("values", .array([.bool(from > 0), .bool(false), .bool(to < d)])),
                                       ("keyTimes", .array([.number(0), .number(from / d), .number(to / d), .number(1)])),
                                       ("calculationMode", .string("discrete")), ("duration", .number(d)),
                                       ("fillMode", .string("both")), ("removedOnCompletion", .bool(false))]))
        }
        if type == 0 {
            let ref = layer["refId"]?.string ?? ""
            if let asset = assets[ref], !chain.contains(ref), chain.count < 32 {
                let moved = !Self.placesInPlace(layer)
                if moved { movedPrecompositions += 1 }
                defer { if moved { movedPrecompositions -= 1 } }
                let content: [JSONText]
                // Remapped (`tm`): the content re-keyed in this composition's frames.
                let shown = ((clock.inPoint - offset) / stretch, (outPoint - offset) / stretch)
                switch layer["tm"] == nil ? nil : remappedContent(layer, content: asset, frames: shown, chain: chain + [ref]) {
                case .success(let remapped)?:
                    content = composition(remapped.items, offset: offset, stretch: stretch, outPoint: outPoint, chain: chain + [ref], idPrefix: id + "_")
                case let other:
                    if case .failure(let refusal)? = other { omit(layer.path + ".tm", "time remapping (\(refusal.reason)) is not imported: keys at their own times") }
                    content = composition(asset.items, offset: offset + start * stretch, stretch: contentStretch, outPoint: outPoint,
                                          chain: chain + [ref], idPrefix: id + "_")
                }
                if !content.isEmpty { members.append(("sublayers", .array(content))) }
            } else {
                omit(layer.path + ".refId", assets[ref] == nil ? "a precomposition whose asset is missing: left out"
                     : "a precomposition that contains itself (or nests over 32 deep): left out")
            }
        } else if type == 1 {
            let w = layer["sw"]?.number ?? 0, h = layer["sh"]?.number ?? 0
            // (An empty colour is black, as lottie-web's `fill=""` and ThorVG draw it.)
            var color = layer["sc"]?.string.map { $0.isEmpty ? "#000000" : $0 } ?? "#000000"
            let hex = color.dropFirst()
            if !(color.hasPrefix("#") && [3, 6, 8].contains(hex.count) && hex.allSatisfy(\.isHexDigit)) {
                omit(layer.path + ".sc", "a solid colour this importer cannot read (\"#rrggbb\" expected): drawn black")
                color = "#000000"
            }
            members.append(("path", .string("M0 0H\(Self.number(w))V\(Self.number(h))H0Z")))
            members.append(("fillColor", .string(color)))
        } else {
            let shapes = type == 5 ? textShapes(layer) ?? [] : layer["shapes"]?.items ?? []
            let content = group(foldingGroupOpacity(shapes), clock: layerClock, idBase: id)
            if !content.isEmpty { members.append(("sublayers", .array(content))) }
        }
        if let list = layer["masksProperties"], !list.items.isEmpty, let mask = masks(list, clock: layerClock, idBase: id) {
            members.append(("mask", mask))
        }
        if !animations.isEmpty { members.append(("animations", .array(animations))) }
        var made = JSONText.object(members)
        // A fill effect: what the layer paints, recoloured.
        let fill = fillEffect(layer)
        if let fill { made = fill.fill.recolouring(made) }
        // Parents, nearest first: each a layer holding the one inside, with the parent's transform.
        var seen: Set<Int> = []
        var parentIndex = layer["parent"]?.int
        while let index = parentIndex {
            guard seen.insert(index).inserted, seen.count <= 64, let unread = siblings[index] else {
                omit(layer.path + ".parent", seen.count > 64 ? "parents nested over 64 deep: the rest left out" : "a parent that is missing or contains itself: left out")
                break
            }
            var parentClock = clock
            parentClock.startTime = offset
            parentClock.stretch = stretch
            let parent = evaluatingExpressions(unread, clock: parentClock, outPoint: outPoint, transformOnly: true)
            let wrap = transform(parent["ks"], clock: parentClock, opacity: false)
            var wrapper: [(String, JSONText)] = [("id", .string(uniqueID(id + "_parent"))), ("type", .string("layer"))]
            wrapper += wrap.members
            wrapper.append(("sublayers", .array([made])))
            if !wrap.animations.isEmpty { wrapper.append(("animations", .array(wrap.animations))) }
            made = .object(wrapper)
            parentIndex = parent["parent"]?.int
        }
        // A drop shadow: the shadow of the layer as drawn, by a layer around it.
        if let shadow = dropShadow(layer, clock: layerClock, nested: movedPrecompositions > 0) {
            var wrapper: [(String, JSONText)] = [("id", .string(uniqueID(id + "_shadow"))), ("type", .string("layer"))] + Self.inPlace + shadow.members
            if !shadow.animations.isEmpty { wrapper.append(("animations", .array(shadow.animations))) }
            // A fill after the shadow recolours the shadow too.
            if let fill, fill.afterShadow, case .object(let recoloured) = fill.fill.recolouring(.object(wrapper)) { wrapper = recoloured }
            wrapper.append(("sublayers", .array([made])))
            made = .object(wrapper)
        }
        return made
    }
}
