/// Numbers as Flipbook's SVG writes them: rounded to a fixed number of decimals (3 by default, a
/// thousandth of a pixel), in their shortest form — no trailing zeros, no exponent, never "-0".
///
/// Deterministic on every machine: the value is rounded once to an integer count of 10⁻ᵈ units (Swift's
/// `rounded()`, half away from zero) and printed from that integer, so no locale or libc printf is
/// involved. Values beyond ±9e15 units are clamped (far outside any canvas); NaN prints as 0.
///
/// The text's length is counted first, then the digits are written right to left straight into the
/// sink's reserved bytes (divisions by the constant 10 only); `@inlinable`, so every module's calls are specialised for their sink.
public enum SVGNumber {
    /// Decimals kept: 3.
    public static let defaultDecimals = 3

    /// The value the text of `append(value, decimals:)` stands for: rounded to `decimals`, clamped to
    /// ±9e15 units, NaN as 0. What an exporter's output is compared with, since it is all SVG can say.
    public static func representable(_ value: Double, decimals: Int = defaultDecimals) -> Double {
        let decimals = min(max(decimals, 0), 15)
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        var scaled = (value * scale).rounded()
        if !(scaled == scaled) { scaled = 0 }
        return min(max(scaled, -9e15), 9e15) / scale
    }

    /// Appends `value` to `out`, with `decimals` kept (clamped to 0…15).
    @inlinable
    public static func append<Sink: SVGTextSink>(_ value: Double, decimals: Int = defaultDecimals, to out: inout Sink) {
        let decimals = min(max(decimals, 0), 15)
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        var scaled = (value * scale).rounded()
        if !(scaled == scaled) { scaled = 0 }
        scaled = min(max(scaled, -9e15), 9e15)
        let units = Int64(scaled)
        if units == 0 {
            out.write(byte: UInt8(ascii: "0"))
            return
        }
        var n = units.magnitude
        var fractionDigits = decimals
        while fractionDigits > 0 && n % 10 == 0 {
            n /= 10
            fractionDigits -= 1
        }
        // Digits of the whole part, then the point and the fraction, written right to left where
        // they end (at most 16 digits, a point and a sign).
        var wholeDigits = 1
        var whole = n
        for _ in 0..<fractionDigits { whole /= 10 }
        while whole >= 10 {
            whole /= 10
            wholeDigits += 1
        }
        let length = (units < 0 ? 1 : 0) + wholeDigits + (fractionDigits > 0 ? fractionDigits + 1 : 0)
        out.write(asciiCount: length) { start in
            var position = length
            if fractionDigits > 0 {
                for _ in 0..<fractionDigits {
                    position -= 1
                    start[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n % 10)
                    n /= 10
                }
                position -= 1
                start[position] = UInt8(ascii: ".")
            }
            repeat {
                position -= 1
                start[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n % 10)
                n /= 10
            } while position > (units < 0 ? 1 : 0)
            if units < 0 { start[0] = UInt8(ascii: "-") }
        }
    }

    /// `value` as text.
    public static func format(_ value: Double, decimals: Int = defaultDecimals) -> String {
        var out = ""
        append(value, decimals: decimals, to: &out)
        return out
    }
}
