import FlipbookScenes

/// One path of a shape group: its value as the model holds it, and its path morph when animated.
struct LottiePath {
    var value: String
    var animation: SceneJSON?
}

extension LottieImporter {
    /// The scene layers of a shape group's items, bottom first. In Lottie a fill or stroke paints
    /// every path listed before it in its group, and items listed first draw on top; a group is a
    /// layer with the group's transform (its `tr` item) holding its own items' layers.
    mutating func group(_ items: [LottieValue], clock: LottieClock, idBase: String) -> [SceneJSON] {
        var paths: [LottiePath] = [], drawn: [SceneJSON] = []
        var groupsWithPaths = false
        for item in items {
            if item["hd"]?.flag == true { continue }
            switch item["ty"]?.string ?? "" {
            case "gr":
                let inner = item["it"]?.items ?? []
                if inner.contains(where: { ["sh", "rc", "el", "sr"].contains($0["ty"]?.string ?? "") }) { groupsWithPaths = true }
                let placed = transform(inner.last(where: { $0["ty"]?.string == "tr" }), clock: clock, opacity: true)
                let id = uniqueID(idBase + "_g")
                var members: [(String, SceneJSON)] = [("id", .string(id)), ("type", .string("layer"))] + placed.members
                let content = group(inner, clock: clock, idBase: id)
                if !content.isEmpty { members.append(("sublayers", .array(content))) }
                if !placed.animations.isEmpty { members.append(("animations", .array(placed.animations))) }
                drawn.append(.object(members))
            case "sh", "rc", "el":
                if let path = path(item, clock: clock) { paths.append(path) }
            case "fl", "st":
                if groupsWithPaths {
                    omit(item.path, "a paint that also covers the paths of the groups listed before it: those are drawn with their own paints only")
                }
                drawn += paint(item, paths: paths, clock: clock, idBase: idBase)
            case "tr":
                continue
            case let type:
                let names = ["sr": "a polystar", "tm": "trim paths", "gf": "a gradient fill", "gs": "a gradient stroke", "rd": "rounded corners",
                             "rp": "a repeater", "mm": "merge paths", "op": "offset paths", "pb": "pucker and bloat", "tw": "a twist",
                             "zz": "zig zag", "no": "a no-op"]
                omit(item.path, "\(names[type] ?? "a shape item of type \"\(type)\"") is not imported yet: left out")
            }
        }
        return drawn.reversed()
    }

    /// The path of a path, rectangle or ellipse item; nil (reported) when unreadable.
    mutating func path(_ item: LottieValue, clock: LottieClock) -> LottiePath? {
        switch item["ty"]?.string {
        case "sh":
            let made = property(item["ks"], name: "path", clock: clock) { v in Self.bezierPath(v).map(SceneJSON.string) }
            guard case .string(let value)? = made.value else {
                omit(item.path, "a path this importer cannot read: left out")
                return nil
            }
            return LottiePath(value: value, animation: made.animation)
        case "rc":
            return parametric(item, ["p", "s", "r"], clock: clock) { v in
                Self.rectanglePath(center: v[0], size: v[1], roundness: v[2].first ?? 0)
            }
        default:
            return parametric(item, ["p", "s"], clock: clock) { v in Self.ellipsePath(center: v[0], size: v[1]) }
        }
    }

    /// A rectangle's or ellipse's path from its properties `keys`: static, or a path morph when one
    /// of them is animated (the path's points are affine in each of them, so moving the path's
    /// points with the property's easing is moving the property). Two or more animated: reported,
    /// drawn at their first values.
    mutating func parametric(_ item: LottieValue, _ keys: [String], clock: LottieClock, make: ([[Double]]) -> String?) -> LottiePath? {
        func animated(_ key: String) -> Bool { item[key]?["k"]?.items.first?["t"] != nil }
        func firstValue(_ key: String) -> [Double] {
            guard let k = item[key]?["k"] else { return [0, 0] }
            if let first = k.items.first, first["t"] != nil { return first["s"]?.numbers ?? [0, 0] }
            return k.numbers ?? [0, 0]
        }
        var values = keys.map(firstValue)
        let moving = keys.filter(animated)
        if moving.count > 1 { omit(item.path, "\(moving.joined(separator: " and ")) animated together: drawn at their first values (not imported yet)") }
        guard let base = make(values) else {
            omit(item.path, "a shape this importer cannot read: left out")
            return nil
        }
        guard moving.count == 1, let index = keys.firstIndex(of: moving[0]) else { return LottiePath(value: base, animation: nil) }
        let made = property(item[moving[0]], name: "path", clock: clock) { v in
            guard let n = v.numbers else { return nil }
            values[index] = n
            return make(values).map(SceneJSON.string)
        }
        guard case .string(let value)? = made.value else { return LottiePath(value: base, animation: nil) }
        return LottiePath(value: value, animation: made.animation)
    }

    /// The scene layers a fill or stroke paints `paths` with: one shape layer for all of them (a
    /// path morph among still paths moves inside the one path), or one a path when several morph
    /// on keys of their own (reported where that changes what overlaps show: a translucent paint).
    mutating func paint(_ item: LottieValue, paths: [LottiePath], clock: LottieClock, idBase: String) -> [SceneJSON] {
        guard !paths.isEmpty else { return [] }
        let isFill = item["ty"]?.string == "fl"
        var members: [(String, SceneJSON)] = Self.inPlace, animations: [SceneJSON] = []
        func add(_ name: String, _ result: (value: SceneJSON?, animation: SceneJSON?)) {
            if let value = result.value { members.append((name, value)) }
            if let animation = result.animation { animations.append(animation) }
        }
        add(isFill ? "fillColor" : "strokeColor", property(item["c"], name: isFill ? "fillColor" : "strokeColor", clock: clock) { v in
            guard let n = v.numbers, n.count >= 3 else { return nil }
            let scale = n.prefix(3).contains { $0 > 1 } ? 1.0 / 255 : 1
            return .array((0..<3).map { .number(min(max(n[$0] * scale, 0), 1)) } + [.number(n.count > 3 ? min(max(n[3] * scale, 0), 1) : 1)])
        })
        add("opacity", property(item["o"], name: "opacity", clock: clock) { v in v.scalar.map { .number(min(max($0 / 100, 0), 1)) } })
        if isFill {
            members.append(("strokeColor", .string("none")))
            if item["r"]?.int == 2 { members.append(("fillRule", .string("evenOdd"))) }
        } else {
            members.append(("fillColor", .string("none")))
            add("lineWidth", property(item["w"], name: "lineWidth", clock: clock) { v in v.scalar.map { .number(max($0, 0)) } })
            members.append(("lineCap", .string([1: "butt", 2: "round", 3: "square"][item["lc"]?.int ?? 1] ?? "butt")))
            members.append(("lineJoin", .string([1: "miter", 2: "round", 3: "bevel"][item["lj"]?.int ?? 1] ?? "miter")))
            if let ml = item["ml"]?.number, ml >= 1 { members.append(("miterLimit", .number(ml))) }
            dashes(item["d"], into: &members)
        }
        let moving = paths.filter { $0.animation != nil }
        let opaque = ((members.first { $0.0 == "opacity" }?.1 ?? .number(1)) == .number(1)) && !animations.contains { Self.animates($0, "opacity") }
        var groups: [[LottiePath]] = moving.count <= 1 ? [paths] : paths.map { [$0] }
        if moving.count > 1 && (!opaque || !isFill) {
            omit(item.path, "paths that morph on keys of their own under one \(isFill ? "translucent fill" : "stroke"): each drawn as its own shape, so where they overlap the paint is laid twice")
        }
        if groups.isEmpty { groups = [paths] }
        var out: [SceneJSON] = []
        for part in groups {
            let joined = part.map(\.value).joined(separator: " ")
            var layer: [(String, SceneJSON)] = [("id", .string(uniqueID(idBase + (isFill ? "_fill" : "_stroke")))), ("type", .string("shape"))]
            layer += members
            layer.append(("path", .string(joined)))
            var own = animations
            if let index = part.firstIndex(where: { $0.animation != nil }), let morph = part[index].animation {
                let before = part[..<index].map(\.value).joined(separator: " "), after = part[(index + 1)...].map(\.value).joined(separator: " ")
                own.append(Self.mapValues(morph) { value in
                    guard case .string(let path) = value else { return value }
                    return .string([before, path, after].filter { !$0.isEmpty }.joined(separator: " "))
                })
            }
            if !own.isEmpty { layer.append(("animations", .array(own))) }
            out.append(.object(layer))
        }
        return out
    }

    /// A static dash pattern (`d`: dashes, gaps and an offset) as the stroke's dash pattern and phase;
    /// an animated one is reported and drawn solid.
    mutating func dashes(_ d: LottieValue?, into members: inout [(String, SceneJSON)]) {
        guard let d, !d.items.isEmpty else { return }
        var lengths: [SceneJSON] = [], phase = 0.0
        for entry in d.items {
            guard let v = entry["v"]?["k"], let n = v.scalar else {
                omit(entry.path, "an animated dash: the stroke is drawn solid (not imported yet)")
                return
            }
            if entry["n"]?.string == "o" { phase = n } else { lengths.append(.number(max(n, 0))) }
        }
        if lengths.count % 2 == 1 { lengths += lengths }
        members.append(("lineDashPattern", .array(lengths)))
        if phase != 0 { members.append(("lineDashPhase", .number(phase))) }
    }

    /// Whether `animation` (a keyframe animation object) moves `property`.
    static func animates(_ animation: SceneJSON, _ property: String) -> Bool {
        guard case .object(let m) = animation else { return false }
        return m.contains { $0.0 == "property" && $0.1 == .string(property) }
    }

    /// `animation` with each of its `values` changed by `transform`.
    static func mapValues(_ animation: SceneJSON, _ transform: (SceneJSON) -> SceneJSON) -> SceneJSON {
        guard case .object(let members) = animation else { return animation }
        return .object(members.map { key, value in
            guard key == "values", case .array(let list) = value else { return (key, value) }
            return (key, .array(list.map(transform)))
        })
    }
}
