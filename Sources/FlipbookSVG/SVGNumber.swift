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
    public static func append<Sink: SVGTextSink>(_ value: Double, decimals: Int = defaultDecimals, to out: inout Sink) {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        var scaled = (value * scale).rounded()
        if !(scaled == scaled) { scaled = 0 }
        scaled = min(max(scaled, -9e15), 9e15)
        var units = Int64(scaled)
        if units == 0 {
            out.write(byte: UInt8(ascii: "0"))
            return
        }
        if units < 0 {
            out.write(byte: UInt8(ascii: "-"))
            units = -units
        }
        let divisor = Int64(scale)
        let whole = units / divisor
        var fraction = units % divisor
        appendDigits(whole, to: &out)
        guard fraction != 0 else { return }
        var digits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        out.write(byte: UInt8(ascii: "."))
        // Leading zeros of the fraction, then its digits.
        var power: Int64 = 1
        for _ in 1..<digits { power *= 10 }
        while power > fraction {
            out.write(byte: UInt8(ascii: "0"))
            power /= 10
        }
        appendDigits(fraction, to: &out)
    }

    /// The decimal digits of `n` ≥ 0.
    @inline(__always)
    private static func appendDigits<Sink: SVGTextSink>(_ n: Int64, to out: inout Sink) {
        var power: Int64 = 1
        while power <= n / 10 { power *= 10 }
        var rest = n
        while power > 0 {
            let digit = rest / power
            out.write(byte: UInt8(ascii: "0") + UInt8(truncatingIfNeeded: digit))
            rest -= digit * power
            power /= 10
        }
    }

    /// `value` as text.
    public static func format(_ value: Double, decimals: Int = defaultDecimals) -> String {
        var out = ""
        append(value, decimals: decimals, to: &out)
        return out
    }
}
