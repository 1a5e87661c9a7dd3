import Flipbook
import FlipbookScenes

extension LottieImporter {
    /// The scene layers of a shape group's items, bottom first. In Lottie a fill or stroke paints
    /// every path listed before it in its group, those of the groups listed before it included
    /// (each moved by its group's transform), and items listed first draw on top; a group is a
    /// layer with the group's transform (its `tr` item) holding its own items' layers.
    ///
    /// A trim paths item cuts every path listed before it (in its group and the groups before it),
    /// whichever paint draws them: `trims` are those that cut this group's paths from outside it.
    mutating func group(_ items: [LottieValue], clock: LottieClock, idBase: String, trims: [LottieValue] = []) -> [JSONText] {
        groupContent(items, clock: clock, idBase: idBase, trims: trims).drawn
    }

    /// `group`'s layers, and every path of the group in its own coordinates (nil when a group
    /// inside it whose transform moves holds paths: a paint outside cannot cover those as still
    /// paths).
    ///
    /// Merge paths in mode 1 (merge) joins the paths listed before it into one, which the paints
    /// after it cover: what they do anyway, so it is read as nothing more, unless a paint listed
    /// before it (which players treat differently) or another mode (a boolean of the paths) makes it
    /// matter; those are reported.
    ///
    /// Rounded corners (`rd`) round the paths listed before them, as trims cut them: `rounds` are
    /// those that round this group's paths from outside it, nearest first.
    mutating func groupContent(_ items: [LottieValue], clock: LottieClock, idBase: String, trims: [LottieValue] = [],
                               rounds: [LottieValue] = []) -> (drawn: [JSONText], paths: [LottiePath]?) {
        var paths: [LottiePath] = [], drawn: [JSONText] = []
        // Every path so far in this group's coordinates, its groups' included; whether all could be.
        var covered: [LottiePath] = [], complete = true
        var painted = false, repeated = false
        let visible = items.filter { $0["hd"]?.flag != true }
        for (index, item) in visible.enumerated() {
            let cutting = visible[(index + 1)...].filter { $0["ty"]?.string == "tm" } + trims
            let rounding = visible[(index + 1)...].filter { $0["ty"]?.string == "rd" } + rounds
            switch item["ty"]?.string ?? "" {
            case "gr":
                let inner = item["it"]?.items ?? []
                let tr = inner.last(where: { $0["ty"]?.string == "tr" })
                let placed = transform(tr, clock: clock, opacity: true)
                let id = uniqueID(idBase + "_g")
                var members: [(String, JSONText)] = [("id", .string(id)), ("type", .string("layer"))] + placed.members
                let content = groupContent(inner, clock: clock, idBase: id, trims: cutting, rounds: rounding)
                if !content.drawn.isEmpty { members.append(("sublayers", .array(content.drawn))) }
                if !placed.animations.isEmpty { members.append(("animations", .array(placed.animations))) }
                drawn.append(.object(members))
                if content.paths?.isEmpty != true {
                    if let inside = content.paths, let m = Self.stillMatrix(tr) {
                        covered += inside.map { $0.transformed(by: m) }
                    } else {
                        complete = false
                    }
                }
            case "sh", "rc", "el", "sr":
                if rounding.count > 1 {
                    omit(rounding[1].path, "rounded corners over paths already rounded: only the nearest rounds them")
                }
                if var path = rounded(item, by: rounding.first, clock: clock) {
                    path.trims = cutting
                    paths.append(path)
                    covered.append(path)
                }
            case "tm", "tr", "rd":
                continue
            case "mm" where item["mm"]?.int ?? 1 == 1:
                if painted {
                    omit(item.path, "merge paths after a paint of the same paths: the paints before it are drawn as if it were not there")
                }
            case "rp":
                if let layer = repeater(item, drawn: drawn, idBase: idBase, clock: clock) {
                    drawn = [layer]
                } else {
                    drawn = []
                }
                repeated = repeated || !(paths.isEmpty && covered.isEmpty)
            case "fl", "st", "gf", "gs":
                if repeated && !(complete ? covered : paths).isEmpty {
                    omit(item.path, "a paint listed after a repeater, which paints its copies' paths: it paints the paths once, uncopied")
                }
                if !complete {
                    omit(item.path, "a paint that also covers the paths of groups listed before it whose transforms move: those are drawn with their own paints only")
                }
                let painting = complete ? covered : paths
                painted = painted || !painting.isEmpty
                drawn += paint(item, paths: painting, clock: clock, idBase: idBase)
            case let type:
                let names = ["mm": "merge paths in a boolean mode (add, subtract, intersect or exclude)",
                             "op": "offset paths", "pb": "pucker and bloat", "tw": "a twist",
                             "zz": "zig zag", "no": "a no-op"]
                omit(item.path, "\(names[type] ?? "a shape item of type \"\(type)\"") is not imported yet: left out")
            }
        }
        return (drawn.reversed(), complete ? covered : nil)
    }

    /// The path of a path, rectangle, ellipse or polystar item rounded by `rounding` (an `rd` item):
    /// an ellipse has no sharp corner to round; a rectangle or polystar under rounded corners is
    /// reported and drawn without them.
    mutating func rounded(_ item: LottieValue, by rounding: LottieValue?, clock: LottieClock) -> LottiePath? {
        guard let rounding, let type = item["ty"]?.string, type != "el" else { return path(item, clock: clock) }
        if type == "sh" { return roundedPath(item, rounding: rounding, clock: clock) }
        omit(rounding.path, "rounded corners over a \(type == "rc" ? "rectangle" : "polystar"): drawn without them")
        return path(item, clock: clock)
    }

    /// The path of a path, rectangle or ellipse item; nil (reported) when unreadable.
    mutating func path(_ item: LottieValue, clock: LottieClock) -> LottiePath? {
        switch item["ty"]?.string {
        case "sh":
            let made = property(item["ks"], name: "path", clock: clock) { v in Self.bezierPath(v).map(JSONText.string) }
            guard case .string(let value)? = made.value else {
                omit(item.path, "a path this importer cannot read: left out")
                return nil
            }
            return LottiePath(value: value, animation: made.animation)
        case "rc":
            return parametric(item, ["p", "s", "r"], clock: clock) { v in
                Self.rectanglePath(center: v[0], size: v[1], roundness: v[2].first ?? 0)
            }
        case "sr":
            let star = item["sy"]?.int != 2, clockwise = item["d"]?.int != 3
            // (Not affine in its rotation and point count: always sampled when anything moves.)
            return parametric(item, ["p", "or", "ir", "os", "is", "r", "pt"], clock: clock, affine: false) { v in
                Self.polystarPath(star: star, clockwise: clockwise, center: v[0], outer: v[1].first ?? 0, inner: v[2].first ?? 0,
                                  outerRoundness: v[3].first ?? 0, innerRoundness: v[4].first ?? 0, rotation: v[5].first ?? 0, points: v[6].first ?? 5)
            }
        default:
            return parametric(item, ["p", "s"], clock: clock) { v in Self.ellipsePath(center: v[0], size: v[1]) }
        }
    }

    /// A rectangle's, ellipse's or polystar's path from its properties `keys`: static; a path morph
    /// on the property's own keys when one of them moves and the path's points are affine in it
    /// (moving the points with its easing is moving it); else the path at every frame of the keys
    /// and at each key, straight between them (exact at the frames).
    mutating func parametric(_ item: LottieValue, _ keys: [String], clock: LottieClock, affine: Bool = true,
                             make: ([[Double]]) -> String?) -> LottiePath? {
        let read = keys.map { self.keys(item[$0]) }
        func firstValue(_ index: Int) -> [Double] {
            if let head = read[index].keys.first { return head.value ?? [0, 0] }
            if let constant = item[keys[index]]?["k"]?.numbers { return constant }
            return [read[index].constant ?? 0]
        }
        var values = keys.indices.map(firstValue)
        let moving = keys.indices.filter { !read[$0].keys.isEmpty }
        guard let base = make(values) else {
            omit(item.path, "a shape this importer cannot read: left out")
            return nil
        }
        if moving.isEmpty { return LottiePath(value: base, animation: nil) }
        if moving.count == 1 && affine {
            let index = moving[0]
            let made = property(item[keys[index]], name: "path", clock: clock) { v in
                guard let n = v.numbers else { return nil }
                values[index] = n
                return make(values).map(JSONText.string)
            }
            guard case .string(let value)? = made.value else { return still("its keys cannot be read") }
            return LottiePath(value: value, animation: made.animation)
        }
        // The first keys' shape, reported unless every key holds the same value (then it is exact).
        func still(_ why: String) -> LottiePath {
            if moving.contains(where: { index in read[index].keys.contains { $0.value != read[index].keys.first?.value } }) {
                omit(item.path, "a shape whose \(why): drawn still, at its first keys")
            }
            return LottiePath(value: base, animation: nil)
        }
        guard let frames = Self.frames(of: moving.flatMap { read[$0].keys.map(\.time) }) else {
            return still("keys span no time or over 100,000 frames")
        }
        var samples = LottieSamples(times: [], values: [])
        for frame in frames {
            for index in moving { values[index] = Self.value(of: read[index].keys, at: frame) ?? values[index] }
            guard let path = make(values) else { return still("path cannot be made at frame \(frame)") }
            samples.times.append(clock.seconds(frame))
            samples.values.append(.string(path))
        }
        guard case .string(let value)? = samples.values.first else { return still("keys cannot be read") }
        return LottiePath(value: value, animation: samples.animation("path"))
    }

    /// The scene layers a fill or stroke paints `paths` with: one shape layer for all of them (a
    /// path morph among still paths moves inside the one path), or one a path when several morph
    /// on keys of their own (reported where that changes what overlaps show: a translucent paint).
    mutating func paint(_ item: LottieValue, paths: [LottiePath], clock: LottieClock, idBase: String) -> [JSONText] {
        guard !paths.isEmpty, refusal == nil else { return [] }
        // Each paint writes the paths it covers again: a path under a thousand strokes is a thousand
        // copies (a fuzzed file of 500 stars each under every stroke after it built gigabytes).
        pathBytesLeft -= paths.reduce(0) { $0 + $1.bytes }
        if pathBytesLeft < 0 {
            refusal = (item.path, "the paints up to here write \(maxBytes - pathBytesLeft) bytes of paths (each paint those it covers), over the limit of \(maxBytes) bytes for a scene file (raise --max-file)")
            return []
        }
        let type = item["ty"]?.string ?? "", isFill = type == "fl" || type == "gf", isGradient = type == "gf" || type == "gs"
        var members: [(String, JSONText)] = Self.inPlace, animations: [JSONText] = []
        func add(_ name: String, _ result: (value: JSONText?, animation: JSONText?)) {
            if let value = result.value { members.append((name, value)) }
            if let animation = result.animation { animations.append(animation) }
        }
        if isGradient {
            let name = isFill ? "fillGradient" : "strokeGradient"
            let made = gradientPaint(item, name: name, clock: clock)
            guard made.value != nil else { return [] }
            add(name, made)
            if !isFill { members.append(("strokeColor", .string("black"))) }
        } else {
            add(isFill ? "fillColor" : "strokeColor", property(item["c"], name: isFill ? "fillColor" : "strokeColor", clock: clock) { v in
                guard let n = v.numbers, n.count >= 3 else { return nil }
                let scale = n.prefix(3).contains { $0 > 1 } ? 1.0 / 255 : 1
                return .array((0..<3).map { .number(min(max(n[$0] * scale, 0), 1)) } + [.number(n.count > 3 ? min(max(n[3] * scale, 0), 1) : 1)])
            })
        }
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
            dashes(item["d"], clock: clock, into: &members, animations: &animations)
        }
        // A paint that stays at opacity 0 draws nothing (Flipbook's own Lottie files hold one
        // beside each wedge's stroke).
        if members.first(where: { $0.0 == "opacity" })?.1 == .number(0) && !animations.contains(where: { Self.animates($0, "opacity") }) {
            return []
        }
        let moving = paths.filter { $0.animation != nil }
        let opaque = ((members.first { $0.0 == "opacity" }?.1 ?? .number(1)) == .number(1)) && !animations.contains { Self.animates($0, "opacity") }
        // Trims: each path's, in turn (`trim(_:clock:)`); a fill is not trimmed.
        var trimsByPath: [LottieTrim?] = []
        for path in paths {
            guard !path.trims.isEmpty else {
                trimsByPath.append(nil)
                continue
            }
            let made = trim(path.trims, clock: clock)
            if isFill, let made, !made.isWhole { omit(item.path, "a fill of trimmed paths: filled whole (only strokes are trimmed)") }
            trimsByPath.append(isFill ? nil : made)
        }
        // Several paths that morph on the same keys morph as one path (exactly: each key's joined path).
        let oneMorph = moving.count > 1 ? Self.joinedMorph(paths) : nil
        var groups: [[Int]]
        if (moving.count > 1 && oneMorph == nil) || trimsByPath.contains(where: { $0?.eachPath == true }) {
            groups = paths.indices.map { [$0] }
        } else {
            groups = [Array(paths.indices)]
        }
        if moving.count > 1 && oneMorph == nil && (!opaque || !isFill) {
            omit(item.path, "paths that morph on keys of their own under one \(isFill ? "translucent fill" : "stroke"): each drawn as its own shape, so where they overlap the paint is laid twice")
        }
        var out: [JSONText] = []
        for indices in groups {
            let part = indices.map { paths[$0] }
            let cut = indices.first.flatMap { trimsByPath[$0] }
            let spanCount = cut.map { t in (t.spans.count > 1 || t.second.contains { $0.end > $0.start }) ? 2 : 1 } ?? 1
            for span in 0..<spanCount {
                let joined = part.map(\.value).joined(separator: " ")
                var layer: [(String, JSONText)] = [("id", .string(uniqueID(idBase + (isFill ? "_fill" : "_stroke")))), ("type", .string("shape"))]
                layer += members
                layer.append(("path", .string(joined)))
                var own = animations
                if let cut {
                    let trimmed = Self.trimMembers(cut, span: span)
                    layer += trimmed.members
                    own += trimmed.animations
                }
                if part.count > 1, let oneMorph {
                    own.append(oneMorph)
                } else if let index = part.firstIndex(where: { $0.animation != nil }), let morph = part[index].animation {
                    let before = part[..<index].map(\.value).joined(separator: " "), after = part[(index + 1)...].map(\.value).joined(separator: " ")
                    own.append(Self.mapValues(morph) { value in
                        guard case .string(let path) = value else { return value }
                        return .string([before, path, after].filter { !$0.isEmpty }.joined(separator: " "))
                    })
                }
                if !own.isEmpty { layer.append(("animations", .array(own))) }
                out.append(.object(layer))
            }
        }
        return out
    }

    /// A dash pattern (`d`: dashes, gaps and an offset) as the stroke's dash pattern and phase. An
    /// animated offset is a keyframe animation of the phase, its keys one to one; animated lengths
    /// are read at every frame of their keys and at each key, straight between them (exact at the
    /// frames: each length eases on its own keys). An odd list of lengths repeats, as SVG and Core
    /// Animation read it; a negative length is 0.
    mutating func dashes(_ d: LottieValue?, clock: LottieClock, into members: inout [(String, JSONText)], animations: inout [JSONText]) {
        guard let d, !d.items.isEmpty else { return }
        var lengths: [LottieValue] = [], offset: LottieValue?
        for entry in d.items {
            guard let v = entry["v"], v["k"] != nil else {
                omit(entry.path, "a dash without a value: the stroke is drawn solid")
                return
            }
            if entry["n"]?.string == "o" { offset = v } else { lengths.append(v) }
        }
        func pattern(_ values: [Double]) -> JSONText {
            let list = values.map { JSONText.number(max($0, 0)) }
            return .array(list.count % 2 == 1 ? list + list : list)
        }
        let keys = lengths.map { Self.rawKeys($0) }
        let still = lengths.map { $0["k"]?.scalar }
        if keys.allSatisfy({ $0 == nil }) {
            guard still.allSatisfy({ $0 != nil }) else {
                omit(d.path, "a dash length this importer cannot read: the stroke is drawn solid")
                return
            }
            members.append(("lineDashPattern", pattern(still.map { $0! })))
        } else {
            var samples = LottieSamples(times: [], values: [])
            guard let frames = Self.frames(of: keys.flatMap { ($0 ?? []).map(\.time) }) else {
                omit(d.path, "dash lengths whose keys span no time or over 100,000 frames: the stroke is drawn solid")
                return
            }
            for frame in frames {
                var values: [Double] = []
                for (index, entry) in keys.enumerated() {
                    guard let v = entry.map({ Self.value(of: $0, at: frame)?.first }) ?? still[index] else {
                        omit(d.path, "a dash length this importer cannot read: the stroke is drawn solid")
                        return
                    }
                    values.append(v)
                }
                samples.times.append(clock.seconds(frame))
                samples.values.append(pattern(values))
            }
            members.append(("lineDashPattern", samples.values[0]))
            if let animation = samples.animation("lineDashPattern") { animations.append(animation) }
        }
        if let offset {
            let made = property(offset, name: "lineDashPhase", clock: clock) { v in v.scalar.map { .number($0) } }
            if let value = made.value, value != .number(0) || made.animation != nil { members.append(("lineDashPhase", value)) }
            if let animation = made.animation { animations.append(animation) }
        }
    }

    /// The morphs of `paths` (still ones held as they are) as one morph of their joined path, when
    /// every moving path's animation has the same keys as the others (times, timing, fill: all but
    /// the values); nil otherwise.
    static func joinedMorph(_ paths: [LottiePath]) -> JSONText? {
        func parts(_ animation: JSONText?) -> (keys: [(String, JSONText)], values: [JSONText])? {
            guard case .object(let members)? = animation, case .array(let values)? = members.first(where: { $0.0 == "values" })?.1 else { return nil }
            return (members.map { $0.0 == "values" ? ("values", .null) : $0 }, values)
        }
        let moving = paths.compactMap { parts($0.animation) }
        guard moving.count > 1, moving.count == paths.filter({ $0.animation != nil }).count, let first = moving.first,
              moving.allSatisfy({ $0.values.count == first.values.count && $0.keys.elementsEqual(first.keys, by: { $0.0 == $1.0 && $0.1 == $1.1 }) }) else {
            return nil
        }
        var joined: [JSONText] = []
        for k in first.values.indices {
            var pieces: [String] = [], next = 0
            for path in paths {
                if path.animation == nil {
                    pieces.append(path.value)
                    continue
                }
                guard case .string(let piece) = moving[next].values[k] else { return nil }
                pieces.append(piece)
                next += 1
            }
            joined.append(.string(pieces.joined(separator: " ")))
        }
        return .object(first.keys.map { $0.0 == "values" ? ("values", .array(joined)) : $0 })
    }

    /// Whether `animation` (a keyframe animation object) moves `property`.
    static func animates(_ animation: JSONText, _ property: String) -> Bool {
        guard case .object(let m) = animation else { return false }
        return m.contains { $0.0 == "property" && $0.1 == .string(property) }
    }

    /// `animation` with each of its `values` changed by `transform`.
    static func mapValues(_ animation: JSONText, _ transform: (JSONText) -> JSONText) -> JSONText {
        guard case .object(let members) = animation else { return animation }
        return .object(members.map { key, value in
            guard key == "values", case .array(let list) = value else { return (key, value) }
            return (key, .array(list.map(transform)))
        })
    }
}
