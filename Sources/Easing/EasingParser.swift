internal import FlipbookSupport
/// A recursive-descent parser over `EasingToken`s; the grammar is documented in the manual's "Easing text" article (EasingText.md).
struct EasingParser {
    let text: String
    private let tokens: [EasingToken]
    private var position = 0
    /// How deep calculations nest here (math functions and parentheses); at most `nestingLimit`.
    var nesting = 0
    /// The deepest nesting of calculations accepted: 32 levels. The parser recurses once per level,
    /// so the limit keeps any text, however long, far from the stack's end.
    static let nestingLimit = 32

    init(_ text: String) throws(EasingParseError) {
        self.text = text
        tokens = try EasingLexer.tokenize(text).filter { $0.kind != .whitespace }
    }

    var current: EasingToken { tokens[position] }

    mutating func advance() { if position < tokens.count - 1 { position += 1 } }

    func error(_ message: String, at token: EasingToken? = nil) -> EasingParseError {
        EasingParseError(message, in: text, at: (token ?? current).offset)
    }

    /// Parses the whole text as one timing function.
    mutating func parseTimingFunction() throws(EasingParseError) -> TimingFunction {
        let start = current
        let function: TimingFunction
        switch start.kind {
        case .ident(let name):
            advance()
            if current.kind == .openParen {
                throw error("no space is allowed between '\(name)' and '('", at: current)
            }
            guard let named = NamedCurves.keyword(name) else {
                let hint = DidYouMean.closest(to: name, among: NamedCurves.allNames).map { " (did you mean '\($0)'?)" }
                throw error("unknown easing '\(name)'\(hint ?? ""); expected \(NamedCurves.expectedSummary)", at: start)
            }
            function = named
        case .function(let name):
            advance()
            function = try parseFunction(name, at: start)
        case .end:
            throw error("expected an easing, found nothing; expected \(NamedCurves.expectedSummary)")
        default:
            throw error("expected an easing name or function, found \(describe(start))", at: start)
        }
        guard current.kind == .end else {
            throw error("unexpected \(describe(current)) after the easing; expected the end of the text")
        }
        return function
    }

    private mutating func parseFunction(_ name: String, at start: EasingToken) throws(EasingParseError) -> TimingFunction {
        switch name.lowercased() {
        case "cubic-bezier": return try parseCubicBezier()
        case "steps": return try parseSteps()
        case "linear": return try parseLinearStops()
        case "spring": return try parseSpring()
        default:
            if let family = NamedCurves.pennerFunction(name) {
                return try parsePenner(family.0, family.1)
            }
            throw error("unknown easing function '\(name)()'; expected cubic-bezier(), steps(), linear(), spring() or a Penner curve such as ease-out-back()", at: start)
        }
    }

    // MARK: cubic-bezier(x1, y1, x2, y2)

    private mutating func parseCubicBezier() throws(EasingParseError) -> TimingFunction {
        var values: [Double] = []
        let names = ["x1", "y1", "x2", "y2"]
        for i in 0..<4 {
            if i > 0 { try expectComma("between cubic-bezier() values") }
            let token = current
            let value = try parseNumber("cubic-bezier() \(names[i])")
            if i % 2 == 0 && !(0...1).contains(value) {
                throw error("cubic-bezier() \(names[i]) must be between 0 and 1, got \(value.easingText)", at: token)
            }
            values.append(value)
        }
        try expectClose("cubic-bezier()", after: "its four values")
        return .cubicBezier(values[0], values[1], values[2], values[3])
    }

    // MARK: steps(n [, position])

    private mutating func parseSteps() throws(EasingParseError) -> TimingFunction {
        let countToken = current
        let count = try parseInteger("steps() count")
        var position = StepPosition.jumpEnd
        if current.kind == .comma {
            advance()
            let token = current
            guard case .ident(let name) = token.kind, let parsed = NamedCurves.stepPosition(name) else {
                throw error("expected a step position (jump-start, jump-end, jump-none, jump-both, start or end), found \(describe(token))", at: token)
            }
            position = parsed
            advance()
        }
        try expectClose("steps()", after: "the count and position")
        let minimum = position == .jumpNone ? 2 : 1
        guard count >= minimum else {
            throw error("steps() count must be at least \(minimum)\(position == .jumpNone ? " with jump-none" : ""), got \(count)", at: countToken)
        }
        return .steps(Steps(count, position))
    }

    // MARK: linear(stop, stop, …)

    private mutating func parseLinearStops() throws(EasingParseError) -> TimingFunction {
        var stops: [PiecewiseLinear.Stop] = []
        let open = current
        repeat {
            if !stops.isEmpty { advance() }
            stops.append(try parseLinearStop())
        } while current.kind == .comma
        try expectClose("linear()", after: "a stop")
        guard stops.count >= 2 else {
            throw error("linear() needs at least two stops, got \(stops.count)", at: open)
        }
        return .piecewiseLinear(PiecewiseLinear(stops: stops))
    }

    /// `<number> && <percentage>{0,2}`: one number, and up to two percentages before or after it.
    private mutating func parseLinearStop() throws(EasingParseError) -> PiecewiseLinear.Stop {
        var items: [(value: CalcValue, token: EasingToken)] = []
        while ![.comma, .closeParen, .end].contains(current.kind) {
            let token = current
            items.append((try parseCalcValue(context: "linear() stop"), token))
        }
        let numbers = items.indices.filter { !items[$0].value.isPercent }
        guard let numberIndex = numbers.first else {
            throw error("expected a number for the linear() stop's output, found \(describe(items.first?.token ?? current))", at: items.first?.token)
        }
        if numbers.count > 1 {
            throw error("a linear() stop has one number; expected ',' before the next stop", at: items[numbers[1]].token)
        }
        if items.count > 3 {
            throw error("a linear() stop has at most two percentages", at: items[3].token)
        }
        if numberIndex != 0 && numberIndex != items.count - 1 {
            throw error("a linear() stop's number goes before or after its percentages, not between them", at: items[numberIndex].token)
        }
        let positions = items.filter(\.value.isPercent).map { $0.value.value / 100 }
        for (item, position) in zip(items.filter(\.value.isPercent), positions) where !position.isFinite {
            throw error("linear() stop positions must be finite", at: item.token)
        }
        guard items[numberIndex].value.value.isFinite else {
            throw error("linear() stop outputs must be finite", at: items[numberIndex].token)
        }
        return PiecewiseLinear.Stop(items[numberIndex].value.value, at: positions)
    }

    // MARK: spring(…)

    private mutating func parseSpring() throws(EasingParseError) -> TimingFunction {
        let open = current
        let args = try parseArguments(function: "spring()", names: ["mass", "stiffness", "damping", "velocity", "duration", "bounce"], positionalLimit: 4)
        for (name, value) in args.values {
            let ok: Bool
            switch name {
            case "velocity": ok = true
            case "bounce": ok = value > -1 && value < 1
            default: ok = value > 0
            }
            if !ok {
                let expected = name == "bounce" ? "between -1 and 1 (exclusive)" : "greater than 0"
                throw error("spring() \(name) must be \(expected), got \(value.easingText)", at: args.tokens[name] ?? open)
            }
        }
        let v = args.values["velocity"] ?? 0
        if let bounce = args.values["bounce"] {
            for name in ["mass", "stiffness", "damping"] where args.values[name] != nil {
                throw error("spring() takes either mass/stiffness/damping or duration/bounce, not both; remove '\(name)'", at: args.tokens[name]!)
            }
            do {
                return .spring(try Spring.checked(perceptualDuration: args.values["duration"] ?? 0.5, bounce: bounce, initialVelocity: v))
            } catch {
                throw self.error(error.message, at: open)
            }
        }
        do {
            return .spring(try Spring.checked(mass: args.values["mass"] ?? 1, stiffness: args.values["stiffness"] ?? 100,
                                              damping: args.values["damping"] ?? 10, initialVelocity: v,
                                              duration: args.values["duration"]))
        } catch {
            throw self.error(error.message, at: open)
        }
    }

    // MARK: Penner curves with parameters

    private mutating func parsePenner(_ family: Penner.Family, _ direction: Penner.Direction) throws(EasingParseError) -> TimingFunction {
        let open = current
        let names: [String]
        switch family {
        case .back: names = ["overshoot"]
        case .elastic: names = ["amplitude", "period"]
        default:
            throw error("the \(family.rawValue) curves take no parameters; write the name without parentheses", at: open)
        }
        let args = try parseArguments(function: "\(family.rawValue) curve", names: names, positionalLimit: names.count)
        if let period = args.values["period"], period <= 0 {
            throw error("elastic period must be greater than 0, got \(period.easingText)", at: args.tokens["period"]!)
        }
        return .penner(Penner(family, direction, overshoot: args.values["overshoot"] ?? 1.70158,
                              amplitude: args.values["amplitude"] ?? 1, period: args.values["period"] ?? 0.3))
    }

    /// `value, value, name: value, …` up to `)`: positional values first (in `names` order, at most
    /// `positionalLimit`), then named ones, each name once.
    private mutating func parseArguments(function: String, names: [String], positionalLimit: Int) throws(EasingParseError)
        -> (values: [String: Double], tokens: [String: EasingToken]) {
        var values: [String: Double] = [:]
        var tokens: [String: EasingToken] = [:]
        var positional = 0
        var sawNamed = false
        if current.kind == .closeParen { advance(); return (values, tokens) }
        var first = true
        repeat {
            if !first { advance() }
            first = false
            let token = current
            if case .ident(let raw) = token.kind, !NamedCurves.isMathConstant(raw) {
                let name = raw.lowercased()
                advance()
                guard current.kind == .colon else {
                    throw error("expected ':' after the \(function) parameter name '\(raw)'", at: current)
                }
                guard names.contains(name) else {
                    throw error("unknown \(function) parameter '\(raw)'; expected one of \(names.joined(separator: ", "))", at: token)
                }
                guard values[name] == nil else {
                    throw error("\(function) parameter '\(name)' is given twice", at: token)
                }
                advance()
                sawNamed = true
                tokens[name] = current
                values[name] = try parseNumber("\(function) \(name)")
            } else {
                guard !sawNamed else { throw error("positional \(function) values must come before named ones", at: token) }
                guard positional < positionalLimit else {
                    throw error("\(function) takes at most \(positionalLimit) values; expected ')'", at: token)
                }
                let name = names[positional]
                positional += 1
                tokens[name] = token
                values[name] = try parseNumber("\(function) \(name)")
            }
        } while current.kind == .comma
        try expectClose(function, after: "its parameters")
        return (values, tokens)
    }

    // MARK: Shared pieces

    private mutating func expectComma(_ what: String) throws(EasingParseError) {
        guard current.kind == .comma else {
            throw error("expected ',' \(what), found \(describe(current))")
        }
        advance()
    }

    private mutating func expectClose(_ function: String, after: String) throws(EasingParseError) {
        guard current.kind == .closeParen else {
            throw error("expected ')' to close \(function) after \(after), found \(describe(current))")
        }
        advance()
    }

    /// A finite number (a literal or a math function such as calc()).
    mutating func parseNumber(_ what: String) throws(EasingParseError) -> Double {
        let token = current
        let value = try parseCalcValue(context: what)
        guard !value.isPercent else { throw error("expected a number for \(what), found a percentage", at: token) }
        guard value.value.isFinite else { throw error("\(what) must be a finite number", at: token) }
        return value.value
    }

    /// An integer literal, or a math function, whose result CSS rounds to the nearest integer.
    private mutating func parseInteger(_ what: String) throws(EasingParseError) -> Int {
        let token = current
        if case .number(let value, let isInteger) = token.kind {
            guard isInteger else { throw error("expected an integer for \(what), got \(value.easingText)", at: token) }
        }
        let value = try parseNumber(what)
        var rounded = (value + 0.5).rounded(.down)
        guard abs(rounded) < 1e9 else { throw error("\(what) is too large: \(value.easingText)", at: token) }
        // A math function's result is clamped into the allowed range (css-values-4 §10.12), as
        // browsers do for steps(calc(-1)); a literal out of range stays an error.
        if case .function = token.kind { rounded = max(rounded, 1) }
        return Int(rounded)
    }

    func describe(_ token: EasingToken) -> String {
        switch token.kind {
        case .ident(let name): return "'\(name)'"
        case .function(let name): return "'\(name)('"
        case .number(let value, _): return "the number \(value.easingText)"
        case .percentage(let value): return "\(value.easingText)%"
        case .dimension(let value, let unit): return "'\(value.easingText)\(unit)' (easing values have no units)"
        case .comma: return "','"
        case .colon: return "':'"
        case .openParen: return "'('"
        case .closeParen: return "')'"
        case .delim(let c): return "'\(c)'"
        case .whitespace: return "whitespace"
        case .end: return "the end of the text"
        }
    }
}

extension TimingFunction {
    /// Parses easing text: every CSS `<easing-function>` a browser accepts (keywords, cubic-bezier(),
    /// steps(), linear() with stops, math functions such as calc() in place of numbers, comments,
    /// any letter case), Core Animation's names, Penner's curves and springs. The grammar is in the manual's "Easing text" article.
    /// - Throws: `EasingParseError` saying what was expected and at which column.
    public init(parsing text: String) throws(EasingParseError) {
        var parser = try EasingParser(text)
        self = try parser.parseTimingFunction()
    }
}
