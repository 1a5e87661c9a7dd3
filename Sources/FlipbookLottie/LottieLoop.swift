import FlipbookScenes

/// `loopOut` or `loopIn` (After Effects' expressions, as lottie-web evaluates them), unrolled into
/// plain keys over the span of frames the composition shows.
///
/// The loop's keys are all of them (`n` 0, absent, or at least the count − 1) or the last (first)
/// n + 1; d is the time from the first of them to the last. After the last key (`loopOut`; before
/// the first, `loopIn`) each stretch of d frames repeats them:
/// - `cycle`: as they are, value(t) = value(t₀ + (t − t₀) mod d);
/// - `pingpong`: forwards and backwards in turn; a backward stretch plays each segment's easing
///   mirrored (handles (x₁, y₁, x₂, y₂) → (1 − x₂, 1 − y₂, 1 − x₁, 1 − y₁), spatial tangents
///   swapped), which is the forward segment read backwards in time;
/// - `offset`: as they are, each stretch shifted by the change over the loop (last − first value)
///   times the stretches passed, so the motion carries on (numbers only).
///
/// Degenerate cases: fewer than two keys, or a loop of no time, loop nothing (the keys as they
/// are). Where a cycle's last value differs from its first, the value jumps at each seam: two keys
/// at one time, the later shown at that instant (lottie-web shows the earlier at the first seam of
/// `loopOut` only). Where they are equal, the seam is one key. Refused (the keys then play once,
/// reported): `continue` (a linear extrapolation), a ping-pong over held keys (a hold read
/// backwards holds the other end), an offset of values that are not numbers, and loops that would
/// make over `maxKeys` keys for one property or exhaust the import's budget.
struct LottieLoop {
    enum Kind: String { case cycle, pingpong, offset }
    var out: Bool
    var kind: Kind?
    var named: String
    var count: Int

    /// The most keys one property's unrolled loop makes.
    static let maxKeys = 10_000
    /// The most keys an import's loops make altogether.
    static let importBudget = 200_000

    /// The loop `loopOut(…)` / `loopIn(…)` of a normalized expression (`Expression.normalized`).
    init?(_ body: String) {
        let heads = ["loopOut(": true, "loopIn(": false]
        guard let head = heads.keys.first(where: { body.hasPrefix($0) }), body.hasSuffix(")") else { return nil }
        out = heads[head]!
        var args = body.dropFirst(head.count).dropLast().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if args == [""] { args = [] }
        guard args.count <= 2 else { return nil }
        named = "cycle"
        count = 0
        if let first = args.first {
            let text = first.hasPrefix("type=") ? String(first.dropFirst(5)) : first
            guard text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") else { return nil }
            named = String(text.dropFirst().dropLast())
        }
        if args.count == 2 {
            let text = args[1].hasPrefix("numKeyframes=") ? String(args[1].dropFirst(13)) : args[1]
            guard let n = Int(text), n >= 0 else { return nil }
            count = n
        }
        kind = Kind(rawValue: named)
    }

    /// A key as the loop handles it: its frame, its value and what describes the segment after it
    /// (easing handles, hold, spatial tangents).
    private struct Key {
        var time: Double
        var value: JSONValue
        var segment: [JSONValue.Member]
        var place: JSONValue
    }

    /// The keys `k` (a Lottie keyframe list) with the loop unrolled over frames `span`, or why not.
    func unrolled(_ k: JSONValue, span: ClosedRange<Double>, budget: inout Int) -> Result<JSONValue?, ExpressionRefusal> {
        let function = out ? "loopOut" : "loopIn"
        guard let kind else { return .failure(ExpressionRefusal("\(function)('\(named)') is not imported")) }
        var keys: [Key] = []
        var previousEnd: JSONValue?
        for item in LottieValue(value: k, path: "", file: "").items {
            guard case .object(let members) = item.value.kind, let t = item["t"]?.number,
                  let value = item["s"]?.value ?? previousEnd else { return .success(nil) }
            previousEnd = item["e"]?.value
            keys.append(Key(time: t, value: value, segment: members.filter { !["t", "s", "e"].contains($0.key) }, place: item.value))
        }
        let m = keys.count
        guard m >= 2 else { return .success(nil) }
        let region = out ? keys[(count == 0 || count >= m - 1 ? 0 : m - 1 - count)...] : keys[...(count == 0 || count >= m - 1 ? m - 1 : count)]
        let first = region.first!, last = region.last!
        let d = last.time - first.time
        guard d > 0 else { return .success(nil) }
        let reach = out ? span.upperBound - keys[m - 1].time : keys[0].time - span.lowerBound
        guard reach > 0 else { return .success(nil) }
        let stretches = (reach / d).rounded(.up)
        guard stretches * Double(region.count) <= Double(Self.maxKeys), Int(stretches) * region.count <= budget else {
            return .failure(ExpressionRefusal("a \(function)('\(named)') of over \(Self.maxKeys) keys to the \(out ? "end" : "start") of the composition (or past the import's \(Self.importBudget) looped keys) is not imported"))
        }
        var change: [Double]?
        if kind == .offset {
            guard let a = Self.numbers(first.value), let b = Self.numbers(last.value), a.count == b.count else {
                return .failure(ExpressionRefusal("a \(function)('offset') of values that are not numbers is not imported"))
            }
            change = zip(a, b).map { $1 - $0 }
        }
        if kind == .pingpong && region.dropLast().contains(where: { Self.isHold($0.segment) }) {
            return .failure(ExpressionRefusal("a \(function)('pingpong') over held keys is not imported"))
        }
        budget -= Int(stretches) * region.count
        // A stretch of the loop placed from frame `base`, backwards or not, its values shifted by
        // `times` changes.
        func stretch(from base: Double, backwards: Bool, times: Double) -> [Key] {
            let list = Array(region)
            func shifted(_ v: JSONValue) -> JSONValue {
                guard let change, times != 0, let numbers = Self.numbers(v) else { return v }
                let moved = zip(numbers, change).map { JSONValue(kind: .number($0 + times * $1), line: v.line, column: v.column) }
                if case .number = v.kind { return moved[0] }
                return JSONValue(kind: .array(moved), line: v.line, column: v.column)
            }
            guard backwards else {
                return list.enumerated().map { i, key in
                    Key(time: base + key.time - first.time, value: shifted(key.value), segment: i == list.count - 1 ? [] : key.segment, place: key.place)
                }
            }
            return list.indices.reversed().map { i in
                Key(time: base + last.time - list[i].time, value: shifted(list[i].value),
                    segment: i == 0 ? [] : Self.mirrored(list[i - 1].segment), place: list[i].place)
            }
        }
        // Joins a stretch after the keys so far: a seam of one value is one key (the later, which
        // holds the segment after it).
        func join(_ list: inout [Key], _ next: [Key]) {
            if let end = list.last, let start = next.first, end.time == start.time, Self.same(end.value, start.value) { list.removeLast() }
            list += next
        }
        var result: [Key] = out ? keys : []
        let n = Int(stretches)
        for c in (out ? Array(1...n) : Array((1...n).reversed())) {
            let base = out ? keys[m - 1].time + Double(c - 1) * d : keys[0].time - Double(c) * d
            join(&result, stretch(from: base, backwards: kind == .pingpong && c % 2 == 1, times: kind == .offset ? Double(out ? c : -c) : 0))
        }
        if !out { join(&result, keys) }
        let items = result.map { key in
            JSONValue(kind: .object([.init(key: "t", value: JSONValue(kind: .number(key.time), line: key.place.line, column: key.place.column)),
                                     .init(key: "s", value: key.value)] + key.segment), line: key.place.line, column: key.place.column)
        }
        return .success(JSONValue(kind: .array(items), line: k.line, column: k.column))
    }

    /// A number or a list of numbers, as numbers.
    private static func numbers(_ v: JSONValue) -> [Double]? { LottieValue(value: v, path: "", file: "").numbers }

    private static func isHold(_ segment: [JSONValue.Member]) -> Bool {
        segment.contains { $0.key == "h" && LottieValue(value: $0.value, path: "", file: "").flag == true }
    }

    /// A segment's easing and tangents read backwards: the handles mirrored through (0.5, 0.5) and
    /// swapped, the tangents swapped.
    private static func mirrored(_ segment: [JSONValue.Member]) -> [JSONValue.Member] {
        func member(_ key: String) -> JSONValue? { segment.last(where: { $0.key == key })?.value }
        func flipped(_ handle: JSONValue?) -> JSONValue? {
            guard let handle, case .object(let members) = handle.kind else { return nil }
            return JSONValue(kind: .object(members.map { m in
                guard m.key == "x" || m.key == "y", let list = numbers(m.value) else { return m }
                let values = list.map { JSONValue(kind: .number(1 - $0), line: m.value.line, column: m.value.column) }
                if case .number = m.value.kind { return .init(key: m.key, value: values[0]) }
                return .init(key: m.key, value: JSONValue(kind: .array(values), line: m.value.line, column: m.value.column))
            }), line: handle.line, column: handle.column)
        }
        var out: [JSONValue.Member] = []
        if let o = flipped(member("i")) { out.append(.init(key: "o", value: o)) }
        if let i = flipped(member("o")) { out.append(.init(key: "i", value: i)) }
        if let to = member("ti") { out.append(.init(key: "to", value: to)) }
        if let ti = member("to") { out.append(.init(key: "ti", value: ti)) }
        return out
    }

    /// Whether two values are the same JSON, wherever they were written.
    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a.kind, b.kind) {
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && same($0.value, $1.value) }
        default: return a.kind == b.kind
        }
    }
}

/// Why an expression the importer reads is not evaluated (a loop unrolled, a formula sampled): the
/// property's keys are then used as they are, reported.
struct ExpressionRefusal: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
