@testable import FlipbookSVG
import FlipbookSupport
import Testing

/// The byte writer under the frame writer: numbers against an independent formatter, and the buffer's
/// value semantics.
struct SVGBufferTests {
    /// `value` rounded to `decimals` places, printed by the standard library's integer description and
    /// a decimal point placed by string slicing (an independent route to the same text).
    static func reference(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        var scaled = (value * scale).rounded()
        if scaled.isNaN { scaled = 0 }
        let units = Int64(min(max(scaled, -9e15), 9e15))
        if units == 0 { return "0" }
        var digits = String(units.magnitude)
        if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
        var whole = String(digits.dropLast(decimals)), fraction = String(digits.suffix(decimals))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if whole.isEmpty { whole = "0" }
        return (units < 0 ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
    }

    @Test func numbersMatchAnIndependentFormatter() {
        var generator = SplitMix64(seed: 20261122)
        for decimals in [0, 3, 6] {
            for _ in 0..<6_000 {
                // Magnitudes from 1e-7 to 1e9, both signs, plus exact thousandths and halves.
                let magnitude = Double.random(in: -7...9, using: &generator)
                var value = Double(sign: Bool.random(using: &generator) ? .minus : .plus, exponent: 0, significand: 1) *
                    Self.pow10(magnitude)
                if Int.random(in: 0..<4, using: &generator) == 0 { value = (value * 1000).rounded() / 1000 }
                if Int.random(in: 0..<8, using: &generator) == 0 { value = (value * 2).rounded() / 2 }
                let expected = Self.reference(value, decimals: decimals)
                #expect(SVGNumber.format(value, decimals: decimals) == expected, "\(value) at \(decimals) decimals")
                var buffer = SVGBuffer()
                SVGNumber.append(value, decimals: decimals, to: &buffer)
                #expect(buffer.string == expected)
            }
        }
        // The clamp, the largest decimals and out-of-range decimals.
        #expect(SVGNumber.format(1e300) == "9000000000000")
        #expect(SVGNumber.format(-1e300) == "-9000000000000")
        #expect(SVGNumber.format(.infinity) == "9000000000000")
        #expect(SVGNumber.format(0.5, decimals: 15) == "0.5")
        #expect(SVGNumber.format(-0.000_000_000_000_001, decimals: 15) == "-0.000000000000001")
        #expect(SVGNumber.format(0.25, decimals: 40) == "0.25")
        #expect(SVGNumber.format(2.5, decimals: -3) == "3")
    }

    static func pow10(_ x: Double) -> Double {
        var result = 1.0, whole = Int(x.rounded(.down))
        let fraction = x - Double(whole)
        while whole > 0 { result *= 10; whole -= 1 }
        while whole < 0 { result /= 10; whole += 1 }
        return result * (1 + fraction * 9)
    }

    /// `#rrggbb` from three channels, with and without a list, against the standard library's
    /// base-16 description of each channel rounded to 8 bits: clamped to [0, 1], halves rounded away
    /// from zero, NaN as 0.
    @Test func coloursMatchTheStandardLibrarysHexDigits() {
        func reference(_ channels: [Double]) -> String {
            "#" + channels.map { x in
                let byte = x.isNaN ? 0 : Int((min(max(x, 0), 1) * 255).rounded())
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
        }
        var generator = SplitMix64(seed: 20261125)
        var cases: [[Double]] = [[0, 1, 0.5], [-1, 2, .nan], [0.5 / 255, 1.5 / 255, 254.5 / 255], [.infinity, -.infinity, 0.2]]
        for _ in 0..<2_000 { cases.append((0..<3).map { _ in Double.random(in: -0.1...1.1, using: &generator) }) }
        for c in cases {
            var listed = SVGBuffer(), three = SVGBuffer()
            SVGMarkup.appendHex(c, to: &listed)
            SVGMarkup.appendHex(red: c[0], green: c[1], blue: c[2], to: &three)
            #expect(three.string == reference(c), "\(c)")
            #expect(listed.string == three.string, "\(c)")
        }
    }

    @Test func copiesAreIndependent() {
        var a = SVGBuffer()
        a.write("abc")
        var b = a
        b.write("def")
        a.write(byte: UInt8(ascii: "x"))
        #expect(a.string == "abcx")
        #expect(b.string == "abcdef")
        // Truncating a shared buffer and writing must not disturb the copy.
        var c = b
        c.truncate(to: 1)
        c.write("Z")
        #expect(c.string == "aZ")
        #expect(b.string == "abcdef")
        c.removeAll()
        #expect(c.count == 0 && c.string.isEmpty)
    }

    @Test func growsPastItsCapacity() {
        var buffer = SVGBuffer(capacity: 1)
        var expected = ""
        for i in 0..<1000 {
            let piece = "<p\(i)>"
            buffer.write(string: piece)
            expected += piece
            SVGNumber.append(Double(i) / 8, to: &buffer)
            expected += Self.reference(Double(i) / 8, decimals: 3)
        }
        #expect(buffer.string == expected)
        #expect(buffer.count == expected.utf8.count)
        #expect(buffer.bytes == Array(expected.utf8))
    }
}

