import FlipbookScenes

/// A shape group's opacity (its transform's `o`) as both players draw it: it multiplies the
/// opacity of each paint inside the group (fills, strokes, gradients), so where two of them overlap
/// the lower shows through — not the group faded as a whole, as a Flipbook layer's opacity fades
/// it. Measured: two overlapping black squares in a group at 50 % are 128 grey apart and 65 where they
/// overlap in rlottie 0.1 and ThorVG 1.0.4 alike (a layer's own opacity, `ks.o`, fades the layer as
/// a whole in ThorVG, as in Flipbook).
///
/// So before a layer's shapes are read, each group's opacity is taken off its transform and
/// multiplied into every paint inside it: a still factor scales the paint's values (its keys'
/// included: exact, since a key's easing scales with its values); two or more that move are read
/// at every frame of their keys and each whole frame between, straight between them (exact at the
/// frames), counting against the import's budget of values read (`remapBudget`). A group whose
/// opacity has an expression left unread, or one over a paint whose own has, or past the budget,
/// keeps its opacity as a group's (the expression is reported).
extension LottieImporter {
    /// The shape items `items` with their groups' opacities folded into their paints.
    mutating func foldingGroupOpacity(_ items: [LottieValue]) -> [LottieValue] {
        items.map { LottieValue(value: folded($0.value, factors: []) ?? $0.value, path: $0.path, file: file) }
    }

    /// The item with `factors` (opacity properties of the groups around it) and its groups'
    /// opacities folded into its paints; nil when a paint's cannot be (a paint's opacity with an
    /// unread expression, past the budget): then a group keeps its own opacity.
    private mutating func folded(_ item: JSONValue, factors: [JSONValue]) -> JSONValue? {
        guard case .object(var members) = item.kind, case .string(let type)? = members.last(where: { $0.key == "ty" })?.value.kind else { return item }
        switch type {
        case "gr":
            guard let index = members.lastIndex(where: { $0.key == "it" }), case .array(let inner) = members[index].value.kind else { return item }
            func rebuilt(_ list: [JSONValue]) -> JSONValue {
                var out = members
                out[index].value = JSONValue(kind: .array(list), line: members[index].value.line, column: members[index].value.column)
                return JSONValue(kind: .object(out), line: item.line, column: item.column)
            }
            func all(_ list: [JSONValue], _ factors: [JSONValue]) -> [JSONValue]? {
                var out: [JSONValue] = []
                for child in list {
                    guard let v = folded(child, factors: factors) else { return nil }
                    out.append(v)
                }
                return out
            }
            // Its own opacity taken off its transform and passed on, when every paint inside takes it.
            if let t = inner.lastIndex(where: { Self.type(of: $0) == "tr" }), case .object(var transform) = inner[t].kind,
               let o = transform.lastIndex(where: { $0.key == "o" }), !Self.isOpaque(transform[o].value), Self.isPlain(transform[o].value) {
                let own = transform[o].value
                transform[o].value = .object([JSONValue.Member(key: "a", value: .number(0)), JSONValue.Member(key: "k", value: .number(100))])
                var opaque = inner
                opaque[t] = JSONValue(kind: .object(transform), line: inner[t].line, column: inner[t].column)
                let budget = remapBudget
                if let list = all(opaque, factors + [own]) { return rebuilt(list) }
                remapBudget = budget
            }
            guard !factors.isEmpty else { return item }
            return all(inner, factors).map(rebuilt)
        case "fl", "st", "gf", "gs":
            guard !factors.isEmpty else { return item }
            let index = members.lastIndex(where: { $0.key == "o" })
            let own = index.map { members[$0].value } ?? .object([JSONValue.Member(key: "a", value: .number(0)), JSONValue.Member(key: "k", value: .number(100))])
            guard Self.isPlain(own), let product = product([own] + factors) else { return nil }
            if let index { members[index].value = product } else { members.append(JSONValue.Member(key: "o", value: product)) }
            return JSONValue(kind: .object(members), line: item.line, column: item.column)
        default:
            return item
        }
    }

    /// The product of opacity properties (each 0…100) as one property; nil past the budget or when
    /// a value cannot be read.
    private mutating func product(_ properties: [JSONValue]) -> JSONValue? {
        let values = properties.map { LottieValue(value: $0, path: "", file: file) }
        var still = 1.0
        var moving: [LottieValue] = []
        for v in values {
            if RemapTrack(v) != nil {
                moving.append(v)
            } else {
                guard let k = v["k"]?.scalar else { return nil }
                still *= k / 100
            }
        }
        guard let first = moving.first else { return .object([JSONValue.Member(key: "a", value: .number(0)), JSONValue.Member(key: "k", value: .number(100 * still))]) }
        if moving.count == 1 { return scaled(first.value, by: still) }
        // Two or more that move: read at every frame of their keys and each whole frame between.
        let tracks = moving.compactMap(RemapTrack.init)
        let times = moving.flatMap { ($0["k"]?.items ?? []).compactMap { $0["t"]?.number } }
        guard let sorted = Self.frames(of: times), sorted.count <= remapBudget else { return nil }
        remapBudget -= sorted.count
        var products: [JSONValue] = []
        for frame in sorted {
            var v = 100 * still
            for track in tracks {
                guard let n = track.numbers(at: frame)?.first else { return nil }
                v *= n / 100
            }
            products.append(.array([.number(v)]))
        }
        return .object([JSONValue.Member(key: "a", value: .number(1)), JSONValue.Member(key: "k", value: keys(products, frames: sorted, blends: true))])
    }

    /// A keyed property with every key's values (`s`, and `e` of older files) times `factor`.
    private func scaled(_ property: JSONValue, by factor: Double) -> JSONValue {
        guard factor != 1 else { return property }
        func times(_ v: JSONValue) -> JSONValue {
            switch v.kind {
            case .number(let n): return JSONValue(kind: .number(n * factor), line: v.line, column: v.column)
            case .array(let list): return JSONValue(kind: .array(list.map(times)), line: v.line, column: v.column)
            default: return v
            }
        }
        guard case .object(var members) = property.kind, let k = members.lastIndex(where: { $0.key == "k" }),
              case .array(let keys) = members[k].value.kind else { return property }
        members[k].value = JSONValue(kind: .array(keys.map { key in
            guard case .object(let fields) = key.kind else { return key }
            return JSONValue(kind: .object(fields.map { ["s", "e"].contains($0.key) ? JSONValue.Member(key: $0.key, value: times($0.value)) : $0 }),
                             line: key.line, column: key.column)
        }), line: members[k].value.line, column: members[k].value.column)
        return JSONValue(kind: .object(members), line: property.line, column: property.column)
    }

    private static func type(of item: JSONValue) -> String? {
        guard case .object(let members) = item.kind, case .string(let t)? = members.last(where: { $0.key == "ty" })?.value.kind else { return nil }
        return t
    }

    /// Whether an opacity property is a still 100.
    private static func isOpaque(_ property: JSONValue) -> Bool {
        LottieValue(value: property, path: "", file: "")["k"]?.scalar == 100
    }

    /// Whether a property has no expression left (an unread one stays with its group).
    private static func isPlain(_ property: JSONValue) -> Bool {
        LottieValue(value: property, path: "", file: "")["x"]?.string == nil
    }
}
