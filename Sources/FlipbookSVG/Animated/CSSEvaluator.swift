import Easing
import FlipbookSupport

/// One CSS animation as written: a `@keyframes` rule and its `animation` entry, read back from their
/// text and evaluated at a document time: the CSS writer's check on what it wrote, as `SMILTrack` is
/// the compiler's.
///
/// ## Semantics (CSS Animations Level 1, §3 and §4)
/// - The entry is "duration timing-function [delay] [iteration-count] [forwards]". Before the delay the
///   animation does not apply (the base value shows: fill is never backwards here). An iteration count
///   repeats the duration (fractional allowed, `infinite` for ever); `forwards` holds the value at the
///   end of the last iteration, otherwise the animation stops applying.
/// - Within an iteration, progress p ∈ [0, 1): the keyframes k and k + 1 around p are mixed by the
///   timing function of keyframe k (`animation-timing-function` in it, else the entry's), applied to
///   (p − offsetₖ) / (offsetₖ₊₁ − offsetₖ); cubic Béziers solved to the last bit (as `SMILTrack` solves
///   keySplines), `steps()` as CSS Easing defines them. At or past the last keyframe its value holds.
///
/// Values are the numbers in the keyframe's value, in order: `translate(3px,4px)` → 3, 4;
/// `12px 3px` → 12, 3; `#ff8000` → 1, 0.5, 0 (components in [0, 1]); `path("M1 2L3 4")` → its
/// coordinates. A keyword (`hidden`, `none`) is kept as text.
struct CSSTrack {
    enum Value: Equatable {
        case numbers([Double])
        case text(String)
    }

    struct Keyframe {
        var offset: Double
        var value: Value
        var timing: TimingFunction?
    }

    var keyframes: [Keyframe] = []
    var duration = 0.0
    var delay = 0.0
    var count = 1.0
    var forwards = false
    var timing: TimingFunction = .linear

    /// Reads `rule` ("0%{p:v;animation-timing-function:tf}45.5%,to{p:v}…") and `entry` ("2s linear 0.5s
    /// forwards"); nil when malformed.
    init?(rule: String, entry: String) {
        var rest = Substring(rule)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let selectors = rest[..<open].split(separator: ",").map { $0.whitespaceTrimmed }
            var value: Value?, function: TimingFunction?
            // Declarations split at ";" outside parentheses and quotes (a path's data holds none, but
            // a value may hold commas); white space around names and values, as people write them.
            for declaration in rest[rest.index(after: open)..<close].split(separator: ";") where !declaration.whitespaceTrimmed.isEmpty {
                guard let colon = declaration.firstIndex(of: ":") else { return nil }
                let name = declaration[..<colon].whitespaceTrimmed, text = declaration[declaration.index(after: colon)...].whitespaceTrimmed
                if name == "animation-timing-function" {
                    guard let f = try? TimingFunction(parsing: text) else { return nil }
                    function = f
                } else {
                    value = Self.value(text)
                }
            }
            guard let value else { return nil }
            for s in selectors {
                let offset: Double? = s == "to" ? 1 : s == "from" ? 0 : s.hasSuffix("%") ? Double(s.dropLast()).map { $0 / 100 } : nil
                guard let offset else { return nil }
                keyframes.append(Keyframe(offset: offset, value: value, timing: function))
            }
            rest = rest[rest.index(after: close)...]
        }
        guard !keyframes.isEmpty else { return nil }
        keyframes.sort { $0.offset < $1.offset }
        // Words split at spaces outside parentheses (`steps(4, jump-end)` is one).
        let words = Self.split(entry, at: " ")
        guard words.count >= 2, let d = Double(words[0].dropLast()), let f = try? TimingFunction(parsing: words[1]) else { return nil }
        duration = d
        timing = f
        var times = 0
        for w in words.dropFirst(2) {
            if w == "forwards" { forwards = true } else if w == "infinite" { count = .infinity }
            else if w.hasSuffix("s"), times == 0, let v = Double(w.dropLast()) { delay = v; times += 1 }
            else if let n = Double(w) { count = n }
        }
    }

    /// `text` split at `separator` where it stands outside parentheses (`steps(4, jump-end)` and
    /// `cubic-bezier(…)` stay whole), each piece trimmed of white space, empty pieces left out: an
    /// `animation` entry's words (at " ") or a list's items (at ",").
    static func split(_ text: String, at separator: Character) -> [String] {
        var out: [String] = [], piece = "", depth = 0
        for c in text {
            if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
            if c == separator && depth == 0 { out.append(piece.whitespaceTrimmed); piece = "" } else { piece.append(c) }
        }
        out.append(piece.whitespaceTrimmed)
        return out.filter { !$0.isEmpty }
    }

    /// The numbers (or keyword) of one keyframe value.
    static func value(_ text: String) -> Value {
        if text.hasPrefix("#"), text.count == 7, let n = Int(text.dropFirst(), radix: 16) {
            return .numbers([Double(n >> 16 & 255) / 255, Double(n >> 8 & 255) / 255, Double(n & 255) / 255])
        }
        let numbers = SMILTrack.pathNumbers(text)
        return numbers.isEmpty ? .text(text) : .numbers(numbers)
    }

    /// The value at document time `t`, nil when the animation does not apply.
    func value(at t: Double) -> Value? {
        let local = t - delay
        guard local >= 0, duration > 0 || forwards else { return nil }
        var p: Double
        if duration <= 0 || local >= duration * count {
            guard forwards else { return nil }
            let r = count.isInfinite ? 0 : count.truncatingRemainder(dividingBy: 1)
            p = r == 0 ? 1 : r
        } else {
            p = (local / duration).truncatingRemainder(dividingBy: 1)
        }
        let last = keyframes[keyframes.count - 1]
        if p >= last.offset { return last.value }
        guard p >= keyframes[0].offset else { return keyframes[0].value }
        var i = 0
        while i + 1 < keyframes.count && keyframes[i + 1].offset <= p { i += 1 }
        let a = keyframes[i], b = keyframes[i + 1]
        let u = (p - a.offset) / (b.offset - a.offset)
        let curve = a.timing ?? timing
        let eased: Double
        if case .cubicBezier(let c) = curve { eased = c.value(at: u, epsilon: 0) } else { eased = curve.value(at: u, beforeFlag: false) }
        guard case .numbers(let x) = a.value, case .numbers(let y) = b.value, x.count == y.count else {
            return eased >= 1 ? b.value : a.value
        }
        return .numbers(zip(x, y).map { $0 + ($1 - $0) * eased })
    }
}
