#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An expression that is arithmetic over `time`, `value` and numbers, read as lottie-web evaluates
/// it: `time` is the composition's frame over its frame rate, seconds; `value` the property's own
/// value at that frame (its keys'); `index` the layer's index; `thisComp.frameDuration` 1 / fps.
///
/// Grammar (after `Expression.normalized`): numbers, `[a, b, …]`, `x[i]`, unary `-` and `+`,
/// `* / %` before `+ -`, parentheses; `Math.PI`, `Math.E`; `Math.` sin, cos, tan, asin, acos, atan,
/// atan2, abs, sqrt, pow, exp, log, min, max, floor, ceil, round; Bodymovin's `mul`, `sum`, `add`,
/// `sub`, `div`, `mod` (also with `$bm_`), `clamp`, `degreesToRadians`, `radiansToDegrees`, and
/// `linear(t, tMin, tMax, a, b)` / `linear(t, a, b)`. Lists add and subtract member by member and
/// scale by a number; `%` is JavaScript's (the dividend's sign); `Math.round` rounds halves up.
/// At most `maxNodes` nodes and 64 levels of nesting; anything else is not a formula.
indirect enum LottieFormula {
    case number(Double)
    case time, value, index, frameDuration
    case list([LottieFormula])
    case item(LottieFormula, LottieFormula)
    case negate(LottieFormula)
    case binary(Character, LottieFormula, LottieFormula)
    case call(String, [LottieFormula])

    static let maxNodes = 2_000

    /// The functions a formula may call.
    static let functions: Set<String> = {
        let math = ["sin", "cos", "tan", "asin", "acos", "atan", "atan2", "abs", "sqrt", "pow", "exp", "log", "min", "max", "floor", "ceil", "round"]
        let bodymovin = ["mul", "sum", "add", "sub", "div", "mod"]
        return Set(math.map { "Math." + $0 } + bodymovin + bodymovin.map { "$bm_" + $0 }
                   + ["clamp", "degreesToRadians", "radiansToDegrees", "linear"])
    }()

    /// A number, or a list of numbers.
    enum Quantity {
        case scalar(Double)
        case vector([Double])

        var numbers: [Double] {
            switch self {
            case .scalar(let v): [v]
            case .vector(let list): list
            }
        }
    }

    /// The formula of a normalized expression, or nil.
    static func parse(_ body: String) -> LottieFormula? {
        var parser = Parser(text: Array(body.unicodeScalars))
        guard let formula = parser.sum(depth: 0), parser.position == parser.text.count, parser.nodes <= maxNodes else { return nil }
        return formula
    }

    /// Whether it reads `time` or `value` (else it is one value for every frame).
    var moves: Bool {
        switch self {
        case .time, .value: true
        case .number, .index, .frameDuration: false
        case .list(let items): items.contains(where: \.moves)
        case .item(let a, let b), .binary(_, let a, let b): a.moves || b.moves
        case .negate(let a): a.moves
        case .call(_, let args): args.contains(where: \.moves)
        }
    }

    /// Its value with `time` seconds and `value` the property's; nil where it is undefined (a list
    /// times a list, an index out of range, an unknown function, a result that is not finite).
    func evaluate(time: Double, value: Quantity, index: Double, frameDuration: Double) -> Quantity? {
        func eval(_ f: LottieFormula) -> Quantity? { f.evaluate(time: time, value: value, index: index, frameDuration: frameDuration) }
        func scalar(_ f: LottieFormula) -> Double? { if case .scalar(let v)? = eval(f) { return v } else { return nil } }
        let result: Quantity?
        switch self {
        case .number(let v): result = .scalar(v)
        case .time: result = .scalar(time)
        case .value: result = value
        case .index: result = .scalar(index)
        case .frameDuration: result = .scalar(frameDuration)
        case .list(let items):
            var out: [Double] = []
            for item in items {
                guard let v = scalar(item) else { return nil }
                out.append(v)
            }
            result = .vector(out)
        case .item(let list, let at):
            guard let l = eval(list), let i = scalar(at), i == i.rounded(), i >= 0, Int(i) < l.numbers.count else { return nil }
            result = .scalar(l.numbers[Int(i)])
        case .negate(let a):
            guard let v = eval(a) else { return nil }
            result = Self.map(v) { -$0 }
        case .binary(let op, let a, let b):
            guard let x = eval(a), let y = eval(b) else { return nil }
            result = Self.apply(op, x, y)
        case .call(let name, let args):
            result = Self.call(name, args.map(eval))
        }
        guard let result, result.numbers.allSatisfy(\.isFinite) else { return nil }
        return result
    }

    private static func map(_ q: Quantity, _ f: (Double) -> Double) -> Quantity {
        switch q {
        case .scalar(let v): .scalar(f(v))
        case .vector(let list): .vector(list.map(f))
        }
    }

    private static func apply(_ op: Character, _ x: Quantity, _ y: Quantity) -> Quantity? {
        func js(_ a: Double, _ b: Double) -> Double {
            switch op {
            case "+": a + b
            case "-": a - b
            case "*": a * b
            case "/": a / b
            default: a.truncatingRemainder(dividingBy: b)
            }
        }
        switch (x, y) {
        case (.scalar(let a), .scalar(let b)): return .scalar(js(a, b))
        case (.vector(let a), .vector(let b)) where op == "+" || op == "-":
            // After Effects adds lists of different lengths as if the shorter ended in zeros.
            return .vector((0..<max(a.count, b.count)).map { js($0 < a.count ? a[$0] : 0, $0 < b.count ? b[$0] : 0) })
        case (.vector(let a), .scalar(let b)) where op == "*" || op == "/": return .vector(a.map { js($0, b) })
        case (.scalar(let a), .vector(let b)) where op == "*": return .vector(b.map { js(a, $0) })
        default: return nil
        }
    }

    private static func call(_ name: String, _ args: [Quantity?]) -> Quantity? {
        guard args.allSatisfy({ $0 != nil }) else { return nil }
        let q = args.map { $0! }
        let s: [Double]? = q.allSatisfy({ if case .scalar = $0 { true } else { false } }) ? q.map { $0.numbers[0] } : nil
        let unary: [String: (Double) -> Double] = [
            "Math.sin": sin, "Math.cos": cos, "Math.tan": tan, "Math.asin": asin, "Math.acos": acos, "Math.atan": atan,
            "Math.abs": abs, "Math.sqrt": { $0.squareRoot() }, "Math.exp": exp, "Math.log": log, "Math.floor": { $0.rounded(.down) },
            "Math.ceil": { $0.rounded(.up) }, "Math.round": { ($0 + 0.5).rounded(.down) },
            "degreesToRadians": { $0 * .pi / 180 }, "radiansToDegrees": { $0 * 180 / .pi },
        ]
        let bodymovin: [String: Character] = ["mul": "*", "sum": "+", "add": "+", "sub": "-", "div": "/", "mod": "%"]
        let bare = name.hasPrefix("$bm_") ? String(name.dropFirst(4)) : name
        if let f = unary[name], q.count == 1 { return map(q[0], f) }
        if let op = bodymovin[bare], q.count == 2 { return apply(op, q[0], q[1]) }
        switch name {
        case "Math.atan2": if let s, s.count == 2 { return .scalar(atan2(s[0], s[1])) }
        case "Math.pow": if let s, s.count == 2 { return .scalar(pow(s[0], s[1])) }
        case "Math.min": if let s, !s.isEmpty { return .scalar(s.min()!) }
        case "Math.max": if let s, !s.isEmpty { return .scalar(s.max()!) }
        case "clamp":
            guard q.count == 3, case .scalar(let lo) = q[1], case .scalar(let hi) = q[2] else { return nil }
            return map(q[0]) { min(max($0, lo), hi) }
        case "linear":
            // linear(t, tMin, tMax, a, b): a at tMin or before, b at tMax or after, straight between.
            guard let t = args.first.flatMap({ $0 }), case .scalar(let x) = t else { return nil }
            let (t0, t1, a, b): (Double, Double, Quantity, Quantity)
            if q.count == 5, case .scalar(let lo) = q[1], case .scalar(let hi) = q[2] { (t0, t1, a, b) = (lo, hi, q[3], q[4]) }
            else if q.count == 3 { (t0, t1, a, b) = (0, 1, q[1], q[2]) }
            else { return nil }
            let u = t1 == t0 ? (x < t0 ? 0 : 1) : min(max((x - t0) / (t1 - t0), 0), 1)
            guard let d = apply("-", b, a), let step = apply("*", d, .scalar(u)) else { return nil }
            return apply("+", a, step)
        default: break
        }
        return nil
    }

    /// Recursive descent over the normalized text.
    private struct Parser {
        let text: [Unicode.Scalar]
        var position = 0
        var nodes = 0

        mutating func eat(_ c: Unicode.Scalar) -> Bool {
            guard position < text.count, text[position] == c else { return false }
            position += 1
            return true
        }

        mutating func sum(depth: Int) -> LottieFormula? { binary(level: 0, depth: depth) }

        /// Operands joined left to right by the operators of `level`: 0 `+ -` (between products),
        /// 1 `* / %` (between unary terms).
        mutating func binary(level: Int, depth: Int) -> LottieFormula? {
            guard depth < 64 else { return nil }
            let operators: [Unicode.Scalar] = level == 0 ? ["+", "-"] : ["*", "/", "%"]
            func operand(_ parser: inout Parser) -> LottieFormula? {
                level == 0 ? parser.binary(level: 1, depth: depth + 1) : parser.unary(depth: depth + 1)
            }
            guard var left = operand(&self) else { return nil }
            while position < text.count, operators.contains(text[position]) {
                let op = Character(text[position])
                position += 1
                guard let right = operand(&self) else { return nil }
                left = .binary(op, left, right)
                nodes += 1
            }
            return left
        }

        mutating func unary(depth: Int) -> LottieFormula? {
            guard depth < 64 else { return nil }
            nodes += 1
            if eat("-") { return unary(depth: depth + 1).map { .negate($0) } }
            if eat("+") { return unary(depth: depth + 1) }
            guard var base = primary(depth: depth + 1) else { return nil }
            while eat("[") {
                guard let at = sum(depth: depth + 1), eat("]") else { return nil }
                base = .item(base, at)
            }
            return base
        }

        mutating func primary(depth: Int) -> LottieFormula? {
            guard position < text.count, nodes <= LottieFormula.maxNodes else { return nil }
            let c = text[position]
            if eat("(") {
                guard let inner = sum(depth: depth + 1), eat(")") else { return nil }
                return inner
            }
            if eat("[") {
                var items: [LottieFormula] = []
                if eat("]") { return .list(items) }
                repeat {
                    guard let item = sum(depth: depth + 1) else { return nil }
                    items.append(item)
                } while eat(",")
                return eat("]") ? .list(items) : nil
            }
            if ("0"..."9").contains(c) || c == "." {
                let start = position
                while position < text.count, ("0"..."9").contains(text[position]) || text[position] == "." { position += 1 }
                if position < text.count, text[position] == "e" || text[position] == "E" {
                    position += 1
                    _ = eat("+") || eat("-")
                    while position < text.count, ("0"..."9").contains(text[position]) { position += 1 }
                }
                return Double(String(String.UnicodeScalarView(text[start..<position]))).map { .number($0) }
            }
            let start = position
            while position < text.count, text[position].properties.isAlphabetic || ("0"..."9").contains(text[position])
                    || text[position] == "_" || text[position] == "$" || text[position] == "." { position += 1 }
            let name = String(String.UnicodeScalarView(text[start..<position]))
            guard !name.isEmpty else { return nil }
            if eat("(") {
                guard LottieFormula.functions.contains(name) else { return nil }
                var args: [LottieFormula] = []
                if !eat(")") {
                    repeat {
                        guard let arg = sum(depth: depth + 1) else { return nil }
                        args.append(arg)
                    } while eat(",")
                    guard eat(")") else { return nil }
                }
                return .call(name, args)
            }
            switch name {
            case "time": return .time
            case "value": return .value
            case "index": return .index
            case "thisComp.frameDuration": return .frameDuration
            case "Math.PI": return .number(.pi)
            case "Math.E": return .number(M_E)
            default: return nil
            }
        }
    }
}
