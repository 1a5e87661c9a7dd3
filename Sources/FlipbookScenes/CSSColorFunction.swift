import Flipbook

/// CSS's colour functions, `rgb()`, `rgba()`, `hsl()` and `hsla()` (CSS Color 4), as a colour's string
/// may give them: data from the web writes colours so.
///
/// Both syntaxes: components between commas (`rgb(52, 120, 246)`, `rgba(52, 120, 246, 0.5)`) or
/// between spaces with the alpha after a slash (`rgb(52 120 246 / 50%)`). Red, green and blue are
/// numbers in 0…255 or percentages, alike in the comma syntax; a hue is a number of degrees or an
/// angle (`deg`, `grad`, `rad`, `turn`), any finite value, taken modulo one turn; saturation and
/// lightness are percentages (or numbers, in the space syntax) in 0…100; alpha is a number in 0…1 or
/// a percentage. A component out of its range is refused, not clamped as CSS clamps it: a data file's
/// `rgb(300, 0, 0)` is more likely a mistake than a wish for red.
enum CSSColorFunction {
    /// The colour `text` gives; nil when it is no colour function (it does not start `rgb(`,
    /// `rgba(`, `hsl(` or `hsla(`); a failure saying what is wrong with one that is.
    static func parse(_ text: String) -> Result<Color, Problem>? {
        let lower = text.lowercased()
        guard let open = lower.firstIndex(of: "("), ["rgb", "rgba", "hsl", "hsla"].contains(String(lower[..<open])) else { return nil }
        let name = String(lower[..<open])
        guard lower.hasSuffix(")") else { return .failure(Problem("\(name)() is not closed with ')'")) }
        let inside = lower[lower.index(after: open)..<lower.index(before: lower.endIndex)]
        // The components and the alpha, by either syntax.
        var parts: [Substring], alpha: Substring?
        let commas = inside.contains(",")
        if commas {
            parts = inside.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
            guard parts.count == 3 || parts.count == 4 else { return .failure(Problem("\(name)() takes 3 components and an alpha, got \(parts.count) between commas")) }
            alpha = parts.count == 4 ? parts.removeLast() : nil
        } else {
            let halves = inside.split(separator: "/", omittingEmptySubsequences: false)
            guard halves.count <= 2 else { return .failure(Problem("\(name)() has more than one '/'")) }
            parts = halves[0].split(whereSeparator: { $0 == " " || $0 == "\t" })
            alpha = halves.count == 2 ? halves[1].trimmingSpaces : nil
            guard parts.count == 3 else { return .failure(Problem("\(name)() takes 3 components, got \(parts.count)")) }
        }
        do throws(Problem) {
            var a = 1.0
            if let alpha { a = try value(alpha, percentOf: 1, range: 0...1, what: "alpha") }
            if name.hasPrefix("rgb") {
                let percent = parts.map { $0.hasSuffix("%") }
                if commas && Set(percent).count > 1 { throw Problem("\(name)() with commas takes three numbers or three percentages, not both") }
                var v: [Double] = []
                for part in parts { v.append(try value(part, percentOf: 255, range: 0...255, what: "a component")) }
                return .success(Color(red: v[0] / 255, green: v[1] / 255, blue: v[2] / 255, alpha: a))
            }
            let hue = try angle(parts[0])
            let s = try value(parts[1], percentOf: 100, range: 0...100, what: "saturation", percentRequired: commas)
            let l = try value(parts[2], percentOf: 100, range: 0...100, what: "lightness", percentRequired: commas)
            return .success(hsl(hue: hue, saturation: s / 100, lightness: l / 100, alpha: a))
        } catch {
            return .failure(error)
        }
    }

    /// Why a colour function is refused.
    struct Problem: Error, Equatable {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// A number, or a percentage of `percentOf`, within `range`.
    static func value(_ token: Substring, percentOf full: Double, range: ClosedRange<Double>, what: String, percentRequired: Bool = false) throws(Problem) -> Double {
        let percent = token.hasSuffix("%")
        guard percent || !percentRequired else { throw Problem("\(what) \"\(token)\" must be a percentage here") }
        guard let n = number(percent ? token.dropLast() : token) else { throw Problem("\(what) \"\(token)\" is not a number") }
        let v = percent ? n / 100 * full : n
        guard range.contains(v) else {
            throw Problem("\(what) \(token) is outside \(range.lowerBound.roundTripText)…\(range.upperBound.roundTripText)\(percent || full == 1 ? "" : " (or 0%…100%)")")
        }
        return v
    }

    /// A hue in degrees: a number, or an angle in `deg`, `grad`, `rad` or `turn`.
    static func angle(_ token: Substring) throws(Problem) -> Double {
        for (unit, degrees) in [("deg", 1.0), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360.0)] where token.hasSuffix(unit) {
            guard let n = number(token.dropLast(unit.count)) else { throw Problem("hue \"\(token)\" is not an angle") }
            return n * degrees
        }
        guard let n = number(token) else { throw Problem("hue \"\(token)\" is not a number or an angle") }
        return n
    }

    /// A finite decimal number as CSS writes one (digits, '.', a sign, an exponent); nil for anything
    /// else ("nan", "inf", hexadecimal).
    static func number(_ token: Substring) -> Double? {
        guard !token.isEmpty, token.allSatisfy({ "0123456789.+-e".contains($0) }), let n = Double(token), n.isFinite else { return nil }
        return n
    }

    /// CSS Color 4's HSL to sRGB: for each channel n (red 0, green 8, blue 4), k = (n + hue/30) mod 12
    /// and the channel is l − s·min(l, 1 − l)·max(−1, min(k − 3, 9 − k, 1)). Saturation and lightness
    /// in 0…1; any finite hue in degrees.
    static func hsl(hue: Double, saturation s: Double, lightness l: Double, alpha: Double) -> Color {
        let h = hue.truncatingRemainder(dividingBy: 360) + (hue < 0 ? 360 : 0)
        func channel(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            return l - s * min(l, 1 - l) * max(-1, min(k - 3, 9 - k, 1))
        }
        return Color(red: channel(0), green: channel(8), blue: channel(4), alpha: alpha)
    }
}

extension Substring {
    /// Without spaces or tabs at either end.
    fileprivate var trimmingSpaces: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}
