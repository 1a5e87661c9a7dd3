/// Numbers as Flipbook's SVG writes them: rounded to a fixed number of decimals (3 by default, a
/// thousandth of a pixel), in their shortest form — no trailing zeros, no exponent, never "-0".
///
/// Deterministic on every machine: the value is rounded once to an integer count of 10⁻ᵈ units (Swift's
/// `rounded()`, half away from zero) and printed from that integer, so no locale or libc printf is
/// involved. Values beyond ±9e15 units are clamped (far outside any canvas); NaN prints as 0.
///
/// The digits are written right to left into a buffer on the stack (divisions by the constant 10
/// only), then copied to the sink in one write.
public enum SVGNumber {
    /// Decimals kept: 3.
    public static let defaultDecimals = 3
    /// The last decimal kept by default: 0.001.
    public static let unit = 0.001

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
        while fractionDigits > 0 {
            let q = n / 10
            if n != q &* 10 { break }
            n = q
            fractionDigits -= 1
        }
        // Right to left, on the stack: the fraction's digits (leading zeros included), the point, the
        // whole part's digits (at least one), the sign; at most 16 digits, a point and a sign.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var position = 24
            if fractionDigits > 0 {
                for _ in 0..<fractionDigits {
                    let q = n / 10
                    position -= 1
                    buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n &- q &* 10)
                    n = q
                }
                position -= 1
                buffer[position] = UInt8(ascii: ".")
            }
            repeat {
                let q = n / 10
                position -= 1
                buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n &- q &* 10)
                n = q
            } while n != 0
            if units < 0 {
                position -= 1
                buffer[position] = UInt8(ascii: "-")
            }
            let start = position
            out.write(asciiCount: 24 - start) { $0.update(from: buffer.baseAddress! + start, count: 24 - start) }
        }
    }

    /// `value` as text.
    public static func format(_ value: Double, decimals: Int = defaultDecimals) -> String {
        var out = ""
        append(value, decimals: decimals, to: &out)
        return out
    }
}
