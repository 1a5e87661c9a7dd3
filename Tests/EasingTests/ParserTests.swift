import Easing
import Testing

struct ParserTests {
    static let valid: [(String, TimingFunction)] = [
        ("linear", .linear), ("ease", .ease), ("EASE-IN", .easeIn), ("ease-out", .easeOut), ("ease-in-out", .easeInOut),
        ("  ease  ", .ease), ("/* a */ease/* b */", .ease),
        ("step-start", .steps(Steps(1, .jumpStart))), ("step-end", .steps(Steps(1, .jumpEnd))),
        ("default", .cubicBezier(0.25, 0.1, 0.25, 1)), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInEaseOut", .easeInOut),
        ("cubic-bezier(0.1, 0.7, 1, 0.1)", .cubicBezier(0.1, 0.7, 1, 0.1)),
        ("cubic-bezier(.1,+.7,1.0,-1e-1)", .cubicBezier(0.1, 0.7, 1, -0.1)),
        ("cubic-bezier(calc(1 / 4), calc((1 + 2) * 0.1), min(1, 0.5, 0.75), max(-1, 2))", .cubicBezier(0.25, 0.30000000000000004, 0.5, 2)),
        ("steps(4)", .steps(Steps(4, .jumpEnd))), ("steps(4, start)", .steps(Steps(4, .jumpStart))),
        ("steps(2, jump-none)", .steps(Steps(2, .jumpNone))), ("steps(5,JUMP-BOTH)", .steps(Steps(5, .jumpBoth))),
        ("steps(calc(5 / 2))", .steps(Steps(3, .jumpEnd))), ("steps(+3, end)", .steps(Steps(3, .jumpEnd))),
        ("steps(calc(-1))", .steps(Steps(1, .jumpEnd))), ("cubic-bezier(0, mod(-7, 3), round(up, 0.2, 0.5), sign(-2))", .cubicBezier(0, 2, 0.5, -1)),
        ("linear(0, 1)", .piecewiseLinear(PiecewiseLinear(stops: [.init(0), .init(1)]))),
        ("linear(0, 0.5 25% 75%, 1)", .piecewiseLinear(PiecewiseLinear(stops: [.init(0), .init(0.5, at: [0.25, 0.75]), .init(1)]))),
        ("linear(25% 0.5, 1)", .piecewiseLinear(PiecewiseLinear(stops: [.init(0.5, at: [0.25]), .init(1)]))),
        ("linear(0 calc(10% * 2), 1)", .piecewiseLinear(PiecewiseLinear(stops: [.init(0, at: [0.2]), .init(1)]))),
        ("ease-in-sine", .penner(Penner(.sine, .in))), ("easeOutBounce", .penner(Penner(.bounce, .out))),
        ("ease-in-out-back(2)", .penner(Penner(.back, .inOut, overshoot: 2))),
        ("easeOutElastic(1.5, 0.4)", .penner(Penner(.elastic, .out, amplitude: 1.5, period: 0.4))),
        ("ease-in-elastic(period: 0.45)", .penner(Penner(.elastic, .in, period: 0.45))),
        ("spring", .spring(Spring())),
        ("spring(mass: 2, stiffness: 300, damping: 20, velocity: 1)", .spring(Spring(mass: 2, stiffness: 300, damping: 20, initialVelocity: 1))),
        ("spring(1, 100, 10, 0)", .spring(Spring())), ("spring(damping: 5, duration: 2)", .spring(Spring(damping: 5, duration: 2))),
        ("spring(duration: 0.4, bounce: 0.25)", .spring(Spring(perceptualDuration: 0.4, bounce: 0.25))),
    ]

    @Test(arguments: valid.indices)
    func parses(_ index: Int) throws {
        let (text, expected) = Self.valid[index]
        #expect(try TimingFunction(parsing: text) == expected, "\(text)")
    }

    /// Property: `description` parses back to an equal value.
    @Test(arguments: valid.indices)
    func descriptionRoundTrips(_ index: Int) throws {
        let value = Self.valid[index].1
        #expect(try TimingFunction(parsing: value.description) == value, "\(value.description)")
    }

    static let invalid: [(String, String)] = [
        ("", "expected an easing, found nothing; expected a CSS easing (linear, ease, ease-in, ease-out, ease-in-out, step-start, step-end, cubic-bezier(), steps(), linear()), a Core Animation name (default, easeIn, easeOut, easeInEaseOut), a Penner curve (ease-in-sine … ease-in-out-bounce) or spring at column 1 of \"\""),
        ("cubic-bezier(0.1 0.2, 0, 1)", "expected ',' between cubic-bezier() values, found the number 0.2 at column 18 of \"cubic-bezier(0.1 0.2, 0, 1)\""),
        ("cubic-bezier(1.1, 0, 0, 1)", "cubic-bezier() x1 must be between 0 and 1, got 1.1 at column 14 of \"cubic-bezier(1.1, 0, 0, 1)\""),
        ("cubic-bezier(0, 0, -0.5, 1)", "cubic-bezier() x2 must be between 0 and 1, got -0.5 at column 20 of \"cubic-bezier(0, 0, -0.5, 1)\""),
        ("cubic-bezier(0, 0, 1)", "expected ',' between cubic-bezier() values, found ')' at column 21 of \"cubic-bezier(0, 0, 1)\""),
        ("cubic-bezier(0, 0, 1, 1", "expected ')' to close cubic-bezier() after its four values, found the end of the text at column 24 of \"cubic-bezier(0, 0, 1, 1\""),
        ("cubic-bezier (0, 0, 1, 1)", "no space is allowed between 'cubic-bezier' and '(' at column 14 of \"cubic-bezier (0, 0, 1, 1)\""),
        ("steps(0)", "steps() count must be at least 1, got 0 at column 7 of \"steps(0)\""),
        ("steps(1, jump-none)", "steps() count must be at least 2 with jump-none, got 1 at column 7 of \"steps(1, jump-none)\""),
        ("steps(2.0)", "expected an integer for steps() count, got 2 at column 7 of \"steps(2.0)\""),
        ("steps(3, middle)", "expected a step position (jump-start, jump-end, jump-none, jump-both, start or end), found 'middle' at column 10 of \"steps(3, middle)\""),
        ("linear(0)", "linear() needs at least two stops, got 1 at column 8 of \"linear(0)\""),
        ("linear(25% 0.5 75%, 1)", "a linear() stop's number goes before or after its percentages, not between them at column 12 of \"linear(25% 0.5 75%, 1)\""),
        ("linear(0 1, 1)", "a linear() stop has one number; expected ',' before the next stop at column 10 of \"linear(0 1, 1)\""),
        ("ease-inn", "unknown easing 'ease-inn' (did you mean 'ease-in'?); expected a CSS easing (linear, ease, ease-in, ease-out, ease-in-out, step-start, step-end, cubic-bezier(), steps(), linear()), a Core Animation name (default, easeIn, easeOut, easeInEaseOut), a Penner curve (ease-in-sine … ease-in-out-bounce) or spring at column 1 of \"ease-inn\""),
        ("ease 1", "unexpected the number 1 after the easing; expected the end of the text at column 6 of \"ease 1\""),
        ("cubic-bezier(0, 1s, 0, 1)", "expected a number for cubic-bezier() y1, found '1s' (easing values have no units) at column 17 of \"cubic-bezier(0, 1s, 0, 1)\""),
        ("cubic-bezier(0, calc(1 + 50%), 0, 1)", "cannot add a number and a percentage at column 24 of \"cubic-bezier(0, calc(1 + 50%), 0, 1)\""),
        ("spring(mass: 0)", "spring() mass must be greater than 0, got 0 at column 14 of \"spring(mass: 0)\""),
        ("spring(damping: 1e-310)", "this spring never settles in a usable time (settling duration inf s); give a duration or more damping at column 8 of \"spring(damping: 1e-310)\""),
        ("spring(weight: 1)", "unknown spring() parameter 'weight'; expected one of mass, stiffness, damping, velocity, duration, bounce at column 8 of \"spring(weight: 1)\""),
        ("spring(bounce: 0.2, mass: 2)", "spring() takes either mass/stiffness/damping or duration/bounce, not both; remove 'mass' at column 27 of \"spring(bounce: 0.2, mass: 2)\""),
        ("ease-in-quad(2)", "the quad curves take no parameters; write the name without parentheses at column 14 of \"ease-in-quad(2)\""),
        ("ease-in-elastic(1, 0)", "elastic period must be greater than 0, got 0 at column 20 of \"ease-in-elastic(1, 0)\""),
        ("cubic-bezier(0, 0, 1, 1) /* open", "unterminated comment at column 26 of \"cubic-bezier(0, 0, 1, 1) /* open\""),
    ]

    @Test(arguments: invalid.indices)
    func rejects(_ index: Int) {
        let (text, message) = Self.invalid[index]
        #expect(throws: EasingParseError.self) { try TimingFunction(parsing: text) }
        do {
            _ = try TimingFunction(parsing: text)
        } catch {
            #expect(error.description == message)
        }
    }

    /// Calculations nest at most 32 levels: 32 parse, 33 are refused with the limit named, and
    /// 10,000 (60 KB of text) are refused the same way instead of overflowing the stack.
    @Test func nestingIsLimited() throws {
        func nested(_ depth: Int, _ open: String) -> String {
            "cubic-bezier(0.1, " + String(repeating: open, count: depth) + "0.5" + String(repeating: ")", count: depth) + ", 0.5, 1)"
        }
        let ok = try TimingFunction(parsing: nested(32, "calc("))
        #expect(try ok == TimingFunction(parsing: "cubic-bezier(0.1, 0.5, 0.5, 1)"))
        #expect(try TimingFunction(parsing: "cubic-bezier(0.1, calc(" + String(repeating: "(", count: 31) + "0.5" + String(repeating: ")", count: 32) + ", 0.5, 1)")
                == (try TimingFunction(parsing: "cubic-bezier(0.1, 0.5, 0.5, 1)")))
        for (depth, open) in [(33, "calc("), (10_000, "calc("), (100_000, "min(")] {
            do {
                _ = try TimingFunction(parsing: nested(depth, open))
                Issue.record("nesting \(depth) was accepted")
            } catch {
                #expect(error.message == "calculations nest deeper than 32 levels")
                #expect(error.description.utf8.count < 400)
            }
        }
    }

    /// Text shown in a message is escaped: control characters cannot reach a terminal.
    @Test func messagesEscapeControlCharacters() {
        do {
            _ = try TimingFunction(parsing: "ease\u{1B}[2J\u{07}")
            Issue.record("accepted")
        } catch {
            #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 })
            #expect(error.description.contains("\\u{1B}"))
        }
    }
}
