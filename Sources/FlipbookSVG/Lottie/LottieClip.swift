/// Clip paths as Lottie masks. Lottie clips layers, not groups, so a group that clips is written as a
/// layer of its own, between the layers of what is drawn below and above it, with its rectangle as the
/// layer's mask.
extension LottieWriter {
    /// The layers for the root's children, topmost first: runs of unclipped elements share a shape
    /// layer; a clipped group (`clippedLayer`) is a layer of its own.
    mutating func layers(canvas: (Double, Double)) -> [JSON] {
        var layers: [JSON] = [], current: [JSON] = []
        func flush() {
            guard !current.isEmpty else { return }
            layers.append(layer(shapes: current, name: "scene", transform: [], masks: nil, index: layers.count + 1))
            current = []
        }
        for child in document.body.reversed() {
            if child.kind == .group, case .reference(let id)? = child.attribute("clip-path"), let clipped = clippedLayer(child, id, canvas: canvas) {
                flush()
                layers.append(layer(shapes: clipped.shapes, name: "clip", transform: clipped.transform, masks: clipped.mask, index: layers.count + 1))
                continue
            }
            if let item = element(child, canvas: canvas) { current.append(item) }
        }
        if let item = background(canvas: canvas) { current.append(item) }
        flush()
        return layers
    }

    /// A shape layer over the whole scene.
    func layer(shapes: [JSON], name: String, transform: [(String, JSON)], masks: JSON?, index: Int) -> JSON {
        var fields: [(String, JSON)] = [("ddd", .int(0)), ("ind", .int(index)), ("ty", .int(4)), ("nm", .string(name)), ("sr", .int(1)),
                                        ("ks", .object(transform)), ("ao", .int(0))]
        if let masks { fields += [("hasMask", .bool(true)), ("masksProperties", masks)] }
        fields += [("shapes", .array(shapes)), ("ip", .int(0)), ("op", .int(frames)), ("st", .int(0)), ("bm", .int(0))]
        return .object(fields)
    }

    /// A top-level group clipped by a `<rect>`: the group's translation is the layer's position (so the
    /// mask, in the layer's space, is in the group's user space, as SVG's clip rectangle is), its
    /// content the layer's shapes, the rectangle (x, y, width and height; those that animate must
    /// share their key times) the mask's path. nil, and the clip reported as left out, for anything else.
    mutating func clippedLayer(_ e: Element, _ id: String, canvas: (Double, Double)) -> (shapes: [JSON], transform: [(String, JSON)], mask: JSON)? {
        guard let clip = definitions[id], clip.kind == .clipPath, clip.children.count == 1, let rect = clip.children.first, rect.kind == .clipRect,
              e.animations(of: "transform").isEmpty else { return nil }
        var list: [(type: String, values: [Double])] = []
        if case .transform(let steps)? = e.attribute("transform") { list = steps.map(\.written) }
        guard list.count <= 1, list.allSatisfy({ $0.0 == "translate" }) else { return nil }
        let offset: [Double] = list.first.map { item in [item.1.first ?? 0, item.1.count > 1 ? item.1[1] : 0] } ?? [0, 0]
        let names = ["x", "y", "width", "height"]
        let statics = names.map { number(rect, $0) ?? 0 }
        let tracks = names.map { name in keys(rect, name, initial: [number(rect, name) ?? 0], parse: { Self.numbers($0) }) }
        let moving = tracks.compactMap { $0 }
        if let first = moving.first {
            guard moving.allSatisfy({ $0.count == first.count && zip($0, first).allSatisfy { $0.time == $1.time && $0.ease == $1.ease } }) else { return nil }
        }
        func rectangle(_ v: [Double]) -> JSON {
            let (x, y, w, h) = (v[0], v[1], v[2], v[3])
            let corners = [[x, y], [x + w, y], [x + w, y + h], [x, y + h]]
            return .object([("c", .bool(true)), ("v", .array(corners.map(numberArray))),
                            ("i", .array(Array(repeating: numberArray([0, 0]), count: 4))), ("o", .array(Array(repeating: numberArray([0, 0]), count: 4)))])
        }
        let path: JSON
        if let first = moving.first {
            let values = first.indices.map { k in names.indices.map { tracks[$0]?[k].value[0] ?? statics[$0] } }
            path = animated(first, values: values.map { .array([rectangle($0)]) }, shapes: true)
        } else {
            path = .object([("a", .int(0)), ("k", rectangle(statics))])
        }
        let mask: JSON = .array([.object([("inv", .bool(false)), ("mode", .string("a")), ("pt", path), ("o", fixed(100)),
                                          ("x", fixed(0)), ("nm", .string("clip"))])])
        // The group without its transform and clip: they are the layer's.
        var inner = e
        inner.attributes.removeAll { $0.name == "transform" || $0.name == "clip-path" }
        guard let content = element(inner, canvas: canvas) else { return nil }
        let transform: [(String, JSON)] = [("p", fixed([offset[0], offset[1], 0]))]
        return ([content], transform, mask)
    }
}
