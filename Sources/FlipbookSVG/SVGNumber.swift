/// Numbers as Flipbook's SVG writes them: rounded to a fixed number of decimals (3 by default, a
/// thousandth of a pixel), in their shortest form — no trailing zeros, no exponent, never "-0".
///
/// Deterministic on every machine: the value is rounded once to an integer count of 10⁻ᵈ units (Swift's
/// `rounded()`, half away from zero) and printed from that integer, so no locale or libc printf is
/// involved. Values beyond ±9e15 units are clamped (far outside any canvas); NaN prints as 0.
public enum SVGNumber {
    /// Decimals kept: 3.
    public static let defaultDecimals = 3

    /// Appends `value` to `out`.
    @inline(__always)
    public static func append(_ value: Double, decimals: Int = defaultDecimals, to out: inout String) {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        var scaled = (value * scale).rounded()
        if !(scaled == scaled) { scaled = 0 }
        scaled = min(max(scaled, -9e15), 9e15)
        var units = Int64(scaled)
        if units == 0 {
            out += "0"
            return
        }
        if units < 0 {
            out += "-"
            units = -units
        }
        let divisor = Int64(scale)
        let whole = units / divisor
        var fraction = units % divisor
        out += String(whole)
        guard fraction != 0 else { return }
        var digits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        out += "."
        let text = String(fraction)
        for _ in 0..<(digits - text.count) { out += "0" }
        out += text
    }

    /// `value` as text.
    public static func format(_ value: Double, decimals: Int = defaultDecimals) -> String {
        var out = ""
        append(value, decimals: decimals, to: &out)
        return out
    }
}
