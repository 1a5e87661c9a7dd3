#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value inside a CSS math function: a number or a percentage (the two types easing text uses).
struct CalcValue: Equatable {
    var value: Double
    var isPercent: Bool
}

/// CSS math functions (css-values-4 §10) in place of numbers and percentages: calc(), min(), max(),
/// clamp(), round(), mod(), rem(), abs(), sign(), sqrt(), pow(), exp(), log(), hypot(), sin(), cos(),
/// tan(), with the constants e, pi, infinity, -infinity and NaN. Angles and other units are not
/// supported (easing text has none). A top-level NaN becomes 0, as css-values-4 says.
extension EasingParser {
    /// A number or percentage literal, or a math function's result.
    mutating func parseCalcValue(context: String) throws(EasingParseError) -> CalcValue {
        let token = current
        guard var result = try parseLiteralOrFunction() else {
            throw error("expected a number for \(context), found \(describe(token))", at: token)
        }
        if case .function = token.kind, result.value.isNaN { result.value = 0 }
        return result
    }

    /// A number, a percentage or a math function at the current token; nil (nothing consumed) for
    /// anything else. Shared by top-level values and operands inside calculations.
    private mutating func parseLiteralOrFunction() throws(EasingParseError) -> CalcValue? {
        let token = current
        switch token.kind {
        case .number(let value, _):
            advance()
            return CalcValue(value: value, isPercent: false)
        case .percentage(let value):
            advance()
            return CalcValue(value: value, isPercent: true)
        case .function(let name) where Self.mathFunctions.contains(name.lowercased()):
            try enterNesting(at: token)
            defer { nesting -= 1 }
            advance()
            return try parseMathFunction(name.lowercased(), at: token)
        default:
            return nil
        }
    }

    static let mathFunctions: Set<String> = [
        "calc", "min", "max", "clamp", "round", "mod", "rem", "abs", "sign", "sqrt", "pow", "exp", "log",
        "hypot", "sin", "cos", "tan",
    ]

    private mutating func parseMathFunction(_ name: String, at token: EasingToken) throws(EasingParseError) -> CalcValue {
        var args: [CalcValue] = []
        var argTokens: [EasingToken] = []
        var strategy = "nearest"
        if name == "round", case .ident(let word) = current.kind,
           ["nearest", "up", "down", "to-zero"].contains(word.lowercased()) {
            strategy = word.lowercased()
            advance()
            guard current.kind == .comma else { throw error("expected ',' after the round() strategy, found \(describe(current))") }
            advance()
        }
        repeat {
            if !args.isEmpty { advance() }
            argTokens.append(current)
            args.append(try parseSum())
        } while current.kind == .comma
        guard current.kind == .closeParen else {
            throw error("expected ')' to close \(name)(), found \(describe(current))")
        }
        advance()

        let counts: [String: ClosedRange<Int>] = [
            "calc": 1...1, "clamp": 3...3, "round": 1...2, "mod": 2...2, "rem": 2...2, "abs": 1...1,
            "sign": 1...1, "sqrt": 1...1, "pow": 2...2, "exp": 1...1, "log": 1...2, "sin": 1...1,
            "cos": 1...1, "tan": 1...1,
        ]
        if let range = counts[name], !range.contains(args.count) {
            let expected = range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound) or \(range.upperBound)"
            throw error("\(name)() takes \(expected) argument\(range.upperBound == 1 ? "" : "s"), got \(args.count)", at: token)
        }
        let percent = args[0].isPercent
        let sameType: Set<String> = ["min", "max", "clamp", "round", "mod", "rem", "hypot"]
        let numbersOnly: Set<String> = ["sqrt", "pow", "exp", "log", "sin", "cos", "tan"]
        for (arg, argToken) in zip(args, argTokens) {
            if sameType.contains(name) && arg.isPercent != percent {
                throw error("\(name)() cannot mix numbers and percentages", at: argToken)
            }
            if numbersOnly.contains(name) && arg.isPercent {
                throw error("\(name)() takes numbers, not percentages", at: argToken)
            }
        }
        let v = args.map(\.value)
        let result: Double
        switch name {
        case "abs": result = abs(v[0])
        case "min": result = v.min()!
        case "max": result = v.max()!
        case "clamp": result = max(v[0], min(v[1], v[2]))
        case "round": result = Self.round(v[0], step: v.count > 1 ? v[1] : 1, strategy: strategy)
        case "mod": result = v[1] == 0 ? .nan : v[0] - v[1] * (v[0] / v[1]).rounded(.down)
        case "rem": result = v[1] == 0 ? .nan : v[0] - v[1] * (v[0] / v[1]).rounded(.towardZero)
        case "sign": return CalcValue(value: v[0] == 0 ? v[0] : (v[0] > 0 ? 1 : -1), isPercent: false)
        case "sqrt": result = v[0].squareRoot()
        case "pow": result = pow(v[0], v[1])
        case "exp": result = exp(v[0])
        case "log": result = v.count > 1 ? log(v[0]) / log(v[1]) : log(v[0])
        case "hypot": result = v.reduce(0) { $0 + $1 * $1 }.squareRoot()
        case "sin": result = sin(v[0])
        case "cos": result = cos(v[0])
        case "tan": result = tan(v[0])
        default: result = v[0]
        }
        return CalcValue(value: result, isPercent: percent && !numbersOnly.contains(name))
    }

    private static func round(_ a: Double, step b: Double, strategy: String) -> Double {
        if b == 0 { return .nan }
        let q = a / b
        switch strategy {
        case "up": return q.rounded(.up) * b
        case "down": return q.rounded(.down) * b
        case "to-zero": return q.rounded(.towardZero) * b
        default: return (q + 0.5).rounded(.down) * b
        }
    }

    /// sum := product (('+' | '-') product)*
    private mutating func parseSum() throws(EasingParseError) -> CalcValue {
        var left = try parseProduct()
        while case .delim(let op) = current.kind, op == "+" || op == "-" {
            let opToken = current
            advance()
            let right = try parseProduct()
            guard left.isPercent == right.isPercent else {
                throw error("cannot add a number and a percentage", at: opToken)
            }
            left.value = op == "+" ? left.value + right.value : left.value - right.value
        }
        return left
    }

    /// product := operand (('*' | '/') operand)*
    private mutating func parseProduct() throws(EasingParseError) -> CalcValue {
        var left = try parseOperand()
        while case .delim(let op) = current.kind, op == "*" || op == "/" {
            let opToken = current
            advance()
            let right = try parseOperand()
            if op == "*" {
                guard !(left.isPercent && right.isPercent) else {
                    throw error("cannot multiply two percentages", at: opToken)
                }
                left = CalcValue(value: left.value * right.value, isPercent: left.isPercent || right.isPercent)
            } else {
                guard !right.isPercent else { throw error("cannot divide by a percentage", at: opToken) }
                left.value /= right.value
            }
        }
        return left
    }

    /// operand := number | percentage | '(' sum ')' | math function | constant
    private mutating func parseOperand() throws(EasingParseError) -> CalcValue {
        let token = current
        switch token.kind {
        case .openParen:
            try enterNesting(at: token)
            defer { nesting -= 1 }
            advance()
            let value = try parseSum()
            guard current.kind == .closeParen else { throw error("expected ')' in the calculation, found \(describe(current))") }
            advance()
            return value
        case .ident(let name):
            guard let constant = Self.constants[name.lowercased()] else {
                throw error("unknown constant '\(name)' in a calculation; expected e, pi, infinity, -infinity or NaN", at: token)
            }
            advance()
            return CalcValue(value: constant, isPercent: false)
        default:
            guard let value = try parseLiteralOrFunction() else {
                throw error("expected a number, a percentage or '(' in the calculation, found \(describe(token))", at: token)
            }
            return value
        }
    }

    /// One level deeper into a calculation.
    /// - Throws: past `nestingLimit` levels, naming the limit and the place.
    private mutating func enterNesting(at token: EasingToken) throws(EasingParseError) {
        guard nesting < Self.nestingLimit else {
            throw error("calculations nest deeper than \(Self.nestingLimit) levels", at: token)
        }
        nesting += 1
    }

    static let constants: [String: Double] = [
        "e": M_E, "pi": .pi, "infinity": .infinity, "-infinity": -.infinity, "nan": .nan,
    ]
}
