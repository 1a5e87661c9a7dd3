#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Flipbook

/// Clip paths as Lottie masks. Lottie clips layers, not groups, so a group that clips — at any depth,
/// under any transforms — is written as a layer of its own, between the layers of what is drawn below
/// and above it, with its rectangle as the layer's mask. A mask lives in its layer's space, so the
/// layer carries every transform above the clip: one null layer (`ty` 3) per transform component of
/// each enclosing group and of the group itself, outermost first, each the parent of the next, and the
/// clipped layer the child of the last. Parenting carries no opacity: the enclosing groups' opacity
/// and presence wrap the clipped layer's content instead.
extension LottieWriter {
    /// A stretch of the drawing order: elements that share a shape layer (pruned copies of their
    /// enclosing groups), or a clipped group with the groups that enclose it, outermost first.
    enum Segment {
        case shapes([Element])
        /// A group that clips (`clip`, its rectangle or outline), is masked (`mask`, its `<mask>`) or casts
        /// a shadow (`shadow`, its filter: `LottieShadow`), or more than one of these.
        case clipped(ancestors: [Element], group: Element, clip: Element?, mask: Element?, shadow: Element?)
        /// A text written with shared glyphs (`LottieGlyphs`), with the groups that enclose it.
        case text(ancestors: [Element], text: Element, run: GlyphRun)
        /// A translucent group that draws more than one paint (`LottieIsolation`), with the groups that
        /// enclose it.
        case isolated(ancestors: [Element], group: Element)
    }

    /// The layers for the document's body, topmost first: runs of unclipped elements share a shape
    /// layer; a clipped group is a layer of its own (`clippedLayers`), a translucent group of several
    /// paints a precomposition (`isolatedLayer`).
    mutating func layers(canvas: (Double, Double)) -> [JSON] { layers(of: document.body, canvas: canvas, background: true) }

    /// `elements` as layers, topmost first, indexed from 1; with `background`, the canvas's background
    /// drawn first.
    mutating func layers(of elements: [Element], canvas: (Double, Double), background: Bool) -> [JSON] {
        var layers: [JSON] = []
        var index = 0
        func next() -> Int { index += 1; return index }
        var segments = self.segments(elements, ancestors: [])
        // The background is drawn first: in the first run of shapes, or in one of its own below a clip.
        if background {
            if case .shapes? = segments.first {} else { segments.insert(.shapes([]), at: 0) }
        }
        for (n, segment) in segments.enumerated().reversed() {
            switch segment {
            case .shapes(let elements):
                var shapes: [JSON] = []
                for e in elements.reversed() {
                    if let item = element(e, canvas: canvas) { shapes.append(item) }
                }
                if background, n == 0, let item = self.background(canvas: canvas) { shapes.append(item) }
                if !shapes.isEmpty { layers.append(layer(shapes: shapes, name: "scene", masks: nil, index: next())) }
            case .clipped(let ancestors, let group, let clip, let mask, let shadow):
                layers += clippedLayers(ancestors, group, clip, mask: mask, shadow: shadow, canvas: canvas, next: next)
            case .text(let ancestors, let text, let run):
                layers += sharedTextLayers(ancestors, text, run: run, next: next)
            case .isolated(let ancestors, let group):
                if let layer = isolatedLayer(ancestors, group, canvas: canvas, index: next) { layers.append(layer) }
            }
        }
        return layers
    }

    /// The rectangle a group clips to, when it clips to one this writer can mask: its clip path's one
    /// rectangle, whose animated x, y, width, height and corner radius share their key times.
    func clipRectangle(_ e: Element) -> Element? {
        guard e.kind == .group, case .reference(let id)? = e.attribute("clip-path"), let clip = definitions[id], clip.kind == .clipPath,
              clip.children.count == 1, let rect = clip.children.first else { return nil }
        // A clip outline (corners a rect cannot draw): one contour, static or a morph of one structure.
        if rect.kind == .path {
            guard case .path(let d)? = rect.attribute("d"), LottieContour.contours(of: d.path).count == 1 else { return nil }
            return rect
        }
        guard rect.kind == .clipRect else { return nil }
        let moving = Self.clipSides.compactMap { keys(rect, $0, initial: [0], parse: { Self.numbers($0) }) }
        if let first = moving.first {
            guard moving.allSatisfy({ $0.count == first.count && zip($0, first).allSatisfy { $0.time == $1.time && $0.ease == $1.ease } })
            else { return nil }
        }
        return rect
    }

    /// The alpha `<mask>` a group is masked by (a mask layer's, or a conic paint's), or a mask
    /// layer's luminance one (`mask-type="luminance"`), also when the group's mask inverts it
    /// (`SVGInvertedMask`); nil for none or another luminance mask (left out, reported).
    func maskDefinition(_ e: Element) -> Element? {
        guard e.kind == .group, case .reference(let id)? = e.attribute("mask"), var mask = definitions[id] else { return nil }
        if let inverted = SVGInvertedMask.inverted(mask), let inner = definitions[inverted] { mask = inner }
        guard mask.kind == .mask, case .keyword(let type)? = mask.attribute("mask-type"), type == "alpha" || type == "luminance" else { return nil }
        return mask
    }

    /// The track matte a masked group's layer takes (`tt`): alpha or luma, inverted where the group's
    /// mask inverts its mask.
    func matte(_ e: Element, _ mask: Element) -> Matte {
        var inverted = false
        if case .reference(let id)? = e.attribute("mask"), let outer = definitions[id] { inverted = SVGInvertedMask.inverted(outer) != nil }
        let luma = mask.attribute("mask-type") == .keyword("luminance")
        return luma ? (inverted ? .invertedLuma : .luma) : (inverted ? .inverted : .alpha)
    }

    /// Whether `e` or an element inside it is a layer of its own: a group clipping to a rectangle this
    /// writer can mask, a masked group, a group with a shadow, a translucent group of several paints,
    /// or a text written with shared glyphs.
    func containsLayer(_ e: Element, ancestors: [Element]) -> Bool {
        isolates(e) || clipRectangle(e) != nil || maskDefinition(e) != nil || shadowFilter(e) != nil || sharedGlyphs(e, ancestors: ancestors) != nil
            || e.children.contains { containsLayer($0, ancestors: ancestors + [e]) }
    }

    /// `elements` in drawing order as segments: a translucent group of several paints, a group that
    /// clips, and a text with shared glyphs, are segments of their own; a group with one inside is
    /// split around it, each part a pruned copy of the group.
    func segments(_ elements: [Element], ancestors: [Element]) -> [Segment] {
        var out: [Segment] = []
        func add(_ shapes: [Element]) {
            if case .shapes(let before)? = out.last { out[out.count - 1] = .shapes(before + shapes) } else { out.append(.shapes(shapes)) }
        }
        for e in elements {
            // Before clips: the group's opacity is taken off, and what it holds (clips too) written inside.
            if isolates(e) {
                out.append(.isolated(ancestors: ancestors, group: e))
                continue
            }
            let rect = clipRectangle(e), mask = maskDefinition(e), shadow = shadowFilter(e)
            if rect != nil || mask != nil || shadow != nil {
                out.append(.clipped(ancestors: ancestors, group: e, clip: rect, mask: mask, shadow: shadow))
            } else if let run = sharedGlyphs(e, ancestors: ancestors) {
                out.append(.text(ancestors: ancestors, text: e, run: run))
            } else if e.kind == .group, containsLayer(e, ancestors: ancestors) {
                for inner in segments(e.children, ancestors: ancestors + [e]) {
                    switch inner {
                    case .shapes(let children):
                        var part = e
                        part.children = children
                        add([part])
                    case .clipped, .text, .isolated:
                        out.append(inner)
                    }
                }
            } else {
                add([e])
            }
        }
        return out
    }

    /// A layer: a shape layer (`ty` 4) with `shapes`, or a null layer (`ty` 3) without; `transform`
    /// its `ks`, `parent` the index of the layer whose transform it follows.
    func layer(shapes: [JSON]?, name: String, transform: [(String, JSON)] = [], masks: JSON?, index: Int, parent: Int? = nil,
               matte: Matte? = nil, effects: JSON? = nil) -> JSON {
        var fields: [(String, JSON)] = [("ddd", .int(0)), ("ind", .int(index)), ("ty", .int(shapes == nil ? 3 : 4)), ("nm", .string(name))]
        if let parent { fields.append(("parent", .int(parent))) }
        switch matte {
        case .source?: fields.append(("td", .int(1)))
        case .alpha?: fields.append(("tt", .int(1)))
        case .inverted?: fields.append(("tt", .int(2)))
        case .luma?: fields.append(("tt", .int(3)))
        case .invertedLuma?: fields.append(("tt", .int(4)))
        case nil: break
        }
        fields += [("sr", .int(1)), ("ks", .object(transform)), ("ao", .int(0))]
        if let masks { fields += [("hasMask", .bool(true)), ("masksProperties", masks)] }
        if let effects { fields.append(("ef", effects)) }
        if let shapes { fields.append(("shapes", .array(shapes))) }
        fields += [("ip", .int(0)), ("op", .int(frames)), ("st", .int(0)), ("bm", .int(0))]
        return .object(fields)
    }

    /// A layer's part in a track matte: the matte itself (`td` 1, not drawn), or the layer below it
    /// that takes its alpha (`tt` 1), what its alpha leaves (`tt` 2), its luminance (`tt` 3) or what
    /// its luminance leaves (`tt` 4).
    enum Matte { case source, alpha, inverted, luma, invertedLuma }

    /// The clip rectangle's attributes a mask follows.
    static let clipSides = ["x", "y", "width", "height", "rx"]

    /// The contour of a clip rectangle x, y, width, height: its four corners, or with a corner radius
    /// r (a fifth value, where the clip is ever rounded) eight vertices, two a side, each quarter circle
    /// one cubic whose tangents are 4/3 · tan(π/8) · r long (radial error 2.7e-4 · r, 0.003 px at 10 px).
    func clipContour(_ v: [Double]) -> JSON {
        let (x, y, w, h) = (v[0], v[1], v[2], v[3])
        guard v.count > 4 else {
            let corners = [[x, y], [x + w, y], [x + w, y + h], [x, y + h]]
            return .object([("c", .bool(true)), ("v", .array(corners.map(numberArray))),
                            ("i", .array(Array(repeating: numberArray([0, 0]), count: 4))), ("o", .array(Array(repeating: numberArray([0, 0]), count: 4)))])
        }
        let r = v[4], k = 4.0 / 3 * tan(Double.pi / 8) * r
        let vertices = [[x + r, y], [x + w - r, y], [x + w, y + r], [x + w, y + h - r],
                        [x + w - r, y + h], [x + r, y + h], [x, y + h - r], [x, y + r]]
        // Each side's second vertex leaves along the side into its corner; the next corner's first arrives.
        let outs = [[0, 0], [k, 0], [0, 0], [0, k], [0, 0], [-k, 0], [0, 0], [0, -k]]
        let ins = [[-k, 0], [0, 0], [0, -k], [0, 0], [k, 0], [0, 0], [0, k], [0, 0]]
        return .object([("c", .bool(true)), ("v", .array(vertices.map(numberArray))),
                        ("i", .array(ins.map(numberArray))), ("o", .array(outs.map(numberArray)))])
    }

    /// A clipped or masked group as layers, topmost first: for a mask layer's `<mask>`, a matte layer
    /// (`td` 1) of its content, whose alpha the next layer takes (`tt` 1, an alpha matte); the clipped
    /// shape layer, its mask the clip rectangle or outline (x, y, width, height and corner radius;
    /// animated with their shared keys); then the null layers that carry the transforms of the groups
    /// enclosing it and its own, innermost first (the matte follows them too).
    mutating func clippedLayers(_ ancestors: [Element], _ group: Element, _ rect: Element?, mask maskElement: Element?, shadow: Element?,
                                canvas: (Double, Double), next: () -> Int) -> [JSON] {
        var mask: JSON?
        if let rect {
            let outline: JSON
            if rect.kind == .path {
                guard let forms = pathForms(rect) else { return [] }
                outline = shapeValue(forms, index: 0)
                probeMorph(rect, forms, values: [outline])
            } else {
                outline = rectangleMask(rect)
            }
            mask = .array([.object([("inv", .bool(false)), ("mode", .string("a")), ("pt", outline), ("o", fixed(100)),
                                    ("x", fixed(0)), ("nm", .string("clip"))])])
        }
        // The transforms, outermost first, each component a null layer.
        var components: [[(String, JSON)]] = []
        for e in ancestors + [group] { components += transformComponents(e) }
        // The content, wrapped in the opacity and presence of the group and of every group above it.
        var inner = group
        inner.attributes.removeAll { $0.name == "transform" || $0.name == "clip-path" || $0.name == "mask" || ($0.name == "filter" && shadow != nil) }
        inner.animations.removeAll { $0.attribute == "transform" }
        var content: [JSON] = []
        if let item = element(inner, canvas: canvas) { content = [item] }
        for e in ancestors.reversed() {
            if e.attribute("opacity") != nil || !e.animations(of: "opacity").isEmpty {
                content = wrap(content, transform: [("o", property(e, "opacity", initial: [number(e, "opacity") ?? 1], scale: 100))])
            }
            if let shown = presence(e) { content = wrap(content, transform: [("o", shown)]) }
        }
        guard !content.isEmpty else { return [] }
        // A shadow is the layer's drop-shadow effect where nothing clips or masks the same group (Lottie
        // masks a layer before its effects, SVG filters a group before clipping it).
        var effects: JSON?
        if let shadow {
            effects = rect == nil && maskElement == nil ? shadowEffect(shadow, under: components) : nil
            if effects == nil {
                let outer = layer
                layer = group.layer ?? outer
                leaveOut(.shadow)
                layer = outer
            }
        }
        let (nulls, parent) = nullLayers(components, next: next)
        guard let maskElement else {
            return [layer(shapes: content, name: shadow != nil ? "shadowed" : "clip", masks: mask, index: next(), parent: parent, effects: effects)] + nulls
        }
        // The matte: the mask's content in the group's space (a layer with nothing in it hides all).
        let matteShapes = maskElement.children.reversed().compactMap { element($0, canvas: canvas) }
        let source = layer(shapes: matteShapes, name: "mask", masks: nil, index: next(), parent: parent, matte: .source)
        let drawn = Self.drawingItems(content) > 1 ? content : content + [Self.drawsNothing]
        let masked = layer(shapes: drawn, name: "masked", masks: mask, index: next(), parent: parent, matte: matte(group, maskElement))
        return [source, masked] + nulls
    }

    /// How many items of `shapes` draw (fills, strokes and their gradient forms), inside groups too.
    static func drawingItems(_ shapes: [JSON]) -> Int {
        shapes.reduce(0) { count, item in
            guard case .object(let fields) = item, case .string(let type)? = fields.first(where: { $0.0 == "ty" })?.1 else { return count }
            if type == "gr", case .array(let inner)? = fields.first(where: { $0.0 == "it" })?.1 { return count + drawingItems(inner) }
            return count + (["fl", "st", "gf", "gs"].contains(type) ? 1 : 0)
        }
    }

    /// A group that draws nothing (an opaque fill of a closed path of three vertices at the origin),
    /// written beside the content of a matted layer that has one drawing item: rlottie 0.1 (Debian 12's)
    /// draws nothing at all of a track-matted shape layer with one drawing item, where ThorVG draws it
    /// (check-lottie-in: eid_mubarak's letters, each one fill under its matte, were gone); with a
    /// second item both players draw the layer alike.
    static let drawsNothing: JSON = {
        let origin = JSON.array(Array(repeating: .array([.int(0), .int(0)]), count: 3))
        let path = JSON.object([("c", .bool(true)), ("v", origin), ("i", origin), ("o", origin)])
        return .object([("ty", .string("gr")), ("nm", .string("rlottie")), ("it", .array([
            .object([("ty", .string("sh")), ("ks", .object([("a", .int(0)), ("k", path)]))]),
            .object([("ty", .string("fl")), ("c", .object([("a", .int(0)), ("k", .array([.int(0), .int(0), .int(0), .int(1)]))])),
                     ("o", .object([("a", .int(0)), ("k", .int(100))])), ("r", .int(1))]),
            .object([("ty", .string("tr"))]),
        ]))])
    }()

    /// A clip rectangle's mask path: its contour (`clipContour`), animated with the rectangle's
    /// shared keys, read back as x, y, width, height and radius.
    mutating func rectangleMask(_ rect: Element) -> JSON {
        let names = Self.clipSides.filter { rect.attribute($0) != nil }
        let statics = names.map { number(rect, $0) ?? 0 }
        let tracks = names.map { name in keys(rect, name, initial: [number(rect, name) ?? 0], parse: { Self.numbers($0) }) }
        let rectangle = clipContour
        let path: JSON
        if let first = tracks.compactMap({ $0 }).first {
            let values = first.indices.map { k in names.indices.map { tracks[$0]?[k].value[0] ?? statics[$0] } }
            path = animated(first, values: values.map { .array([rectangle($0)]) }, shapes: true)
        } else {
            path = .object([("a", .int(0)), ("k", rectangle(statics))])
        }
        // Read back: the contour's vertices (x and y pairs) as x, y, width, height and radius.
        if let reader = LottieProperty(path) {
            let fps = self.fps
            let sides: [([Double]) -> Double] = names.count > 4
                ? [{ $0[12] }, { $0[1] }, { $0[4] - $0[12] }, { $0[9] - $0[1] }, { $0[5] - $0[3] }]
                : [{ $0[0] }, { $0[1] }, { $0[2] - $0[0] }, { $0[5] - $0[3] }]
            for (n, name) in names.enumerated() {
                for check in rect.checks(of: name) {
                    probes.list.append(LottieProbe(check: check, read: { t in
                        let v = reader.value(at: LottieWriter.frame(t, fps: fps))
                        return v.count >= 8 ? [sides[n](v)] : nil
                    }))
                }
            }
        }
        return path
    }

    /// One null layer per transform component (outermost first), each the parent of the next:
    /// the layers innermost first, and the index of the innermost (nil when there are none).
    func nullLayers(_ components: [[(String, JSON)]], next: () -> Int) -> (layers: [JSON], innermost: Int?) {
        var nulls: [JSON] = []
        var parent: Int?
        for component in components {
            let index = next()
            nulls.append(layer(shapes: nil, name: "transform", transform: component, masks: nil, index: index, parent: parent))
            parent = index
        }
        return (nulls.reversed(), parent)
    }
}
