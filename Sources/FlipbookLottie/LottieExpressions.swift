import FlipbookScenes

/// The After Effects expressions the importer evaluates without a script engine: each is
/// replaced by the keys or the value it evaluates to before the layer is read, so every reader of
/// keys (keyframe animations, sampled geometry, trims, masks) sees plain keys.
///
/// Read (after white space outside quotes, `var $bm_rt;`, `$bm_rt =`, `thisProperty.`,
/// `thisLayer.` and `;` are set aside, as Bodymovin writes them):
/// - `loopOut(type, n)` and `loopIn(type, n)` of type `cycle` (the default), `pingpong` or `offset`,
///   over all keys (`n` 0 or absent) or the last (first) n + 1: unrolled into keys up to the end
///   (from the start) of the composition — see `LottieLoop`; also inside `if (numKeys > 1) { … }
///   else { value }`;
/// - `value`, and a property of the layer's own transform naming itself (`transform.rotation` in
///   `ks.r`): the property's keys, as After Effects reads a property within its own expression;
/// - arithmetic over `time`, `value`, `index` and numbers (`LottieFormula`): its value at every
///   frame, straight between them (still when it reads neither `time` nor `value`);
/// - `content('A').content('B').path`: the keys of the path item B in the group A of the same
///   layer (when that path has no expression of its own);
/// - the inertial bounce of After Effects presets (Overshoot, Bounce and Friction sliders, or
///   constants): its value at every frame, as formulas are read — see `LottieOvershoot`.
///
/// Anything else stays an expression: reported where it is read, with the keys used instead.
/// `loopOut('continue')`, a ping-pong over held keys, an offset loop of values that are not
/// numbers, a loop of over `LottieLoop.maxKeys` keys and a formula that moves over more frames than
/// that (or past the import's `LottieLoop.importBudget` keys) are reported here, the keys played once.
extension LottieImporter {
    /// `layer` with the expressions above evaluated. Its keys are in frames that show from file
    /// frame `clock.inPoint` to `outPoint` (the scene's span): loops are unrolled over that span.
    /// With `transformOnly`, only its transform (`ks`) is read: what a parent lends its children.
    mutating func evaluatingExpressions(_ layer: LottieValue, clock: LottieClock, outPoint: Double, transformOnly: Bool = false) -> LottieValue {
        guard case .object = layer.value.kind else { return layer }
        let from = (clock.inPoint - clock.startTime) / clock.stretch, to = (outPoint - clock.startTime) / clock.stretch
        // (Start times summed over nested precompositions can overflow to a span of no numbers.)
        guard from.isFinite, to.isFinite, from <= to else { return layer }
        guard let evaluated = evaluate(layer.value, path: layer.path, level: transformOnly ? .parent : .layer, key: nil, layer: layer, span: from...to) else {
            return layer
        }
        return LottieValue(value: evaluated, path: layer.path, file: file)
    }

    /// Where a value being evaluated is: the layer itself (or a parent, of which only `ks` is
    /// read), its transform `ks`, or anything within.
    private enum Level { case layer, parent, transform, inner }

    /// The value with its expressions evaluated, or nil when nothing in it changed. `key`: the
    /// value is the member `key` of the layer's transform.
    private mutating func evaluate(_ value: JSONValue, path: String, level: Level, key: String?, layer: LottieValue,
                                   span: ClosedRange<Double>) -> JSONValue? {
        switch value.kind {
        case .object(let members):
            if level == .inner || level == .transform,
               case .string(let text)? = members.last(where: { $0.key == "x" })?.value.kind, members.contains(where: { $0.key == "k" }) {
                return property(members, expression: text, at: value, path: path, ownKey: key, layer: layer, span: span)
            }
            var out = members, changed = false
            for (index, member) in members.enumerated() where level != .parent || member.key == "ks" {
                let inner = path.isEmpty ? member.key : path + "." + member.key
                let next: Level = (level == .layer || level == .parent) && member.key == "ks" ? .transform : .inner
                if let v = evaluate(member.value, path: inner, level: next, key: level == .transform ? member.key : nil, layer: layer, span: span) {
                    out[index].value = v
                    changed = true
                }
            }
            return changed ? JSONValue(kind: .object(out), line: value.line, column: value.column) : nil
        case .array(let items):
            var out = items, changed = false
            for (index, item) in items.enumerated() {
                if let v = evaluate(item, path: "\(path)[\(index)]", level: .inner, key: nil, layer: layer, span: span) {
                    out[index] = v
                    changed = true
                }
            }
            return changed ? JSONValue(kind: .array(out), line: value.line, column: value.column) : nil
        default:
            return nil
        }
    }

    /// The property object `members` (at `node`) with its expression `text` evaluated, or nil when
    /// the expression is not one this importer reads (it stays, and is reported where it is read).
    private mutating func property(_ members: [JSONValue.Member], expression text: String, at node: JSONValue, path: String,
                                   ownKey: String?, layer: LottieValue, span: ClosedRange<Double>) -> JSONValue? {
        let keys = members.last(where: { $0.key == "k" })!.value
        func replaced(_ k: JSONValue?) -> JSONValue {
            var out = members.filter { $0.key != "x" }
            if let k {
                let animated = LottieValue(value: k, path: "", file: file).items.first?["t"] != nil
                out = out.filter { $0.key != "k" && $0.key != "a" }
                out += [.init(key: "a", value: JSONValue(kind: .number(animated ? 1 : 0), line: k.line, column: k.column)), .init(key: "k", value: k)]
            }
            return JSONValue(kind: .object(out), line: node.line, column: node.column)
        }
        var body = Expression.normalized(text)
        if let inner = Expression.guardedByKeys(body) { body = inner }
        if body == "value" { return replaced(nil) }
        if let ownKey, Expression.ownTransformKey[body] == ownKey { return replaced(nil) }
        if let names = Expression.contentPath(body) {
            guard let target = Self.pathItem(names, in: layer), target["x"]?.string == nil, let k = target["k"] else { return nil }
            return replaced(k.value)
        }
        let property = LottieValue(value: node, path: path, file: file)
        var reading: (moves: Bool, evaluate: (Double, [LottieKey]?, [Double]) -> [Double]?)?
        if let bounce = LottieOvershoot(body, effects: layer["ef"]?.items ?? []) {
            let fps = clock.fps
            reading = (Self.rawKeys(property) != nil, { frame, keys, value in keys.map { bounce.value(at: frame, keys: $0, fps: fps) } ?? value })
        } else if let formula = LottieFormula.parse(body) {
            let index = layer["ind"]?.number ?? 0, fps = clock.fps
            reading = (formula.moves, { frame, _, value in
                formula.evaluate(time: frame / fps, value: value.count == 1 ? .scalar(value[0]) : .vector(value), index: index, frameDuration: 1 / fps)?.numbers
            })
        }
        if let reading {
            switch sampled(property, span: span, moves: reading.moves, reading.evaluate) {
            case nil: return nil
            case .success(let k)?: return replaced(k)
            case .failure(let reason)?:
                omit(path + ".x", "\(reason): the property's own keys or value are used instead")
                return replaced(nil)
            }
        }
        guard let loop = LottieLoop(body) else { return nil }
        switch loop.unrolled(keys, span: span, budget: &loopKeyBudget) {
        case .success(let k):
            return replaced(k)
        case .failure(let reason):
            omit(path + ".x", "\(reason): the keys play once")
            return replaced(nil)
        }
    }

    /// The keys of a property whose expression `evaluate` reads (at a frame, given the property's
    /// keys and its value there): its value at every whole frame of `span` (from the frame at or
    /// before its start to the one at or after its end), straight between them, as the importer
    /// samples what keys cannot hold — exact at the frames; one still value when it does not
    /// `move` (reads neither time nor value). Nil when it cannot be read here (a value that is not
    /// numbers, a frame where it is undefined, a result of another size than the property's); a
    /// failure past `LottieLoop.maxKeys` frames or the import's budget.
    private mutating func sampled(_ property: LottieValue, span: ClosedRange<Double>, moves: Bool,
                                  _ evaluate: (Double, [LottieKey]?, [Double]) -> [Double]?) -> Result<JSONValue, ExpressionRefusal>? {
        guard let k = property["k"] else { return nil }
        let keys = Self.rawKeys(property)
        guard keys != nil || k.numbers != nil else { return nil }
        let scalar = k.number != nil
        let size = (keys?.first?.value ?? k.numbers)?.count ?? 0
        func at(_ frame: Double) -> [Double]? {
            guard let value = keys.map({ Self.value(of: $0, at: frame) }) ?? k.numbers,
                  let result = evaluate(frame, keys, value), result.count == size else { return nil }
            return result
        }
        func json(_ numbers: [Double], _ asScalar: Bool) -> JSONValue {
            let list = numbers.map { JSONValue(kind: .number($0), line: k.value.line, column: k.value.column) }
            return asScalar ? list[0] : JSONValue(kind: .array(list), line: k.value.line, column: k.value.column)
        }
        let first = span.lowerBound.rounded(.down), last = span.upperBound.rounded(.up)
        guard moves else { return at(first).map { .success(json($0, scalar)) } }
        let count = last - first + 1
        guard count <= Double(LottieLoop.maxKeys), Int(count) <= loopKeyBudget else {
            return .failure(ExpressionRefusal("an expression read at over \(LottieLoop.maxKeys) frames (or past the import's \(LottieLoop.importBudget) keys of expressions)"))
        }
        loopKeyBudget -= Int(count)
        var items: [JSONValue] = []
        var frame = first
        while frame <= last {
            guard let numbers = at(frame) else { return nil }
            items.append(JSONValue(kind: .object([.init(key: "t", value: json([frame], true)), .init(key: "s", value: json(numbers, false))]),
                                   line: k.value.line, column: k.value.column))
            frame += 1
        }
        return .success(JSONValue(kind: .array(items), line: k.value.line, column: k.value.column))
    }

    /// The `ks` property of the path item reached by `names` (groups by name, then the path) in
    /// the layer's shapes, as `content('A').content('B')` finds them: the first item of each name.
    static func pathItem(_ names: [String], in layer: LottieValue) -> LottieValue? {
        var items = layer["shapes"]?.items ?? []
        var found: LottieValue?
        for (index, name) in names.enumerated() {
            guard let item = items.first(where: { $0["nm"]?.string == name }) else { return nil }
            if index == names.count - 1 {
                found = item["ty"]?.string == "sh" ? item["ks"] : nil
            } else {
                guard item["ty"]?.string == "gr" else { return nil }
                items = item["it"]?.items ?? []
            }
        }
        return found
    }
}

/// Reading an expression's text as one of the few forms the importer evaluates.
enum Expression {
    /// The text without white space outside quotes, `var $bm_rt;`, `$bm_rt =`, `thisProperty.`,
    /// `thisLayer.` and `;` (outside quotes), and with double quotes made single.
    static func normalized(_ text: String) -> String {
        var out = "", quote: Character?
        for c in text {
            if let q = quote {
                out.append(c == "\"" ? "'" : c)
                if c == q { quote = nil }
            } else if c == "'" || c == "\"" {
                quote = c
                out.append("'")
            } else if !c.isWhitespace && c != ";" {
                out.append(c)
            }
        }
        if out.hasPrefix("var$bm_rt") { out.removeFirst("var$bm_rt".count) }
        for word in ["$bm_rt=", "thisProperty.", "thisLayer."] { out = out.replacingAll(word, with: "") }
        return out
    }

    /// X of `if(numKeys>1){X}else{value}` (or `> 0`): the same as X, since a loop over fewer than
    /// two keys is the value.
    static func guardedByKeys(_ body: String) -> String? {
        for head in ["if(numKeys>1){", "if(numKeys>0){"] where body.hasPrefix(head) && body.hasSuffix("}else{value}") {
            let inner = body.dropFirst(head.count).dropLast("}else{value}".count)
            return inner.contains("{") || inner.contains("}") ? nil : String(inner)
        }
        return nil
    }

    /// The key in `ks` of the transform property each expression names.
    static let ownTransformKey = ["transform.rotation": "r", "transform.position": "p", "transform.scale": "s",
                                  "transform.opacity": "o", "transform.anchorPoint": "a"]

    /// The names of `content('A').content('B').path`, or nil.
    static func contentPath(_ body: String) -> [String]? {
        guard body.hasSuffix(".path") else { return nil }
        var rest = Substring(body.dropLast(".path".count)), names: [String] = []
        while !rest.isEmpty {
            if !names.isEmpty {
                guard rest.hasPrefix(".") else { return nil }
                rest = rest.dropFirst()
            }
            guard rest.hasPrefix("content('") else { return nil }
            rest = rest.dropFirst("content('".count)
            guard let close = rest.firstIndex(of: "'"), rest[close...].hasPrefix("')") else { return nil }
            let name = String(rest[..<close])
            guard !name.contains("\\") else { return nil }
            names.append(name)
            rest = rest[close...].dropFirst(2)
        }
        return names.isEmpty ? nil : names
    }
}

extension String {
    /// The text with every `target` replaced by `replacement`, left to right (no Foundation here).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = "", rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound]
            out += replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
