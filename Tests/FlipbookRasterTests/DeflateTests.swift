@testable import FlipbookRaster
import Testing

/// The deflate encoder's parts against RFC 1951's tables and Kraft's equality; whole streams are
/// inflated by Python's zlib in Tools/check-raster (an independent decoder).
struct DeflateTests {
    /// RFC 1951 §3.2.5: symbol, extra bits and the lengths each covers.
    static let lengthTable: [(symbol: Int, extra: Int, first: Int, last: Int)] = [
        (257, 0, 3, 3), (258, 0, 4, 4), (264, 0, 10, 10), (265, 1, 11, 12), (268, 1, 17, 18), (269, 2, 19, 22),
        (272, 2, 31, 34), (273, 3, 35, 42), (276, 3, 59, 66), (277, 4, 67, 82), (280, 4, 115, 130), (281, 5, 131, 162),
        (284, 5, 227, 257), (285, 0, 258, 258),
    ]
    static let distanceTable: [(symbol: Int, extra: Int, first: Int, last: Int)] = [
        (0, 0, 1, 1), (3, 0, 4, 4), (4, 1, 5, 6), (5, 1, 7, 8), (6, 2, 9, 12), (9, 3, 25, 32), (10, 4, 33, 48),
        (15, 6, 193, 256), (20, 9, 1025, 1536), (26, 12, 8193, 12288), (29, 13, 24577, 32768),
    ]

    @Test func symbolsMatchTheRFCTables() {
        for row in Self.lengthTable {
            for length in [row.first, row.last] {
                let s = Deflate.lengthSymbol(length)
                #expect(s.symbol == row.symbol && s.extraBits == row.extra && s.extra == length - row.first, "length \(length)")
            }
        }
        for row in Self.distanceTable {
            for distance in [row.first, row.last] {
                let s = Deflate.distanceSymbol(distance)
                #expect(s.symbol == row.symbol && s.extraBits == row.extra && s.extra == distance - row.first, "distance \(distance)")
            }
        }
    }

    /// Kraft's sum is exactly 1 (a complete code, which zlib's inflate requires) and no length passes
    /// the limit, for counts that would make a deep tree (Fibonacci counts give a 29-deep Huffman tree).
    @Test func codeLengthsAreCompleteAndLimited() {
        var fibonacci = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        for (counts, limit) in [(fibonacci, 15), (fibonacci.prefix(19).map { $0 }, 7), ([5, 0, 0, 0], 15), ([0, 0, 0], 15), ([3, 3, 3, 3], 15)] {
            let lengths = Huffman.lengths(counts, limit: limit, minimumCodes: 2)
            let kraft = lengths.filter { $0 > 0 }.reduce(0.0) { $0 + 1 / Double(1 << $1) }
            #expect(kraft == 1, "\(counts)")
            #expect(lengths.allSatisfy { $0 <= limit })
            #expect(lengths.filter { $0 > 0 }.count >= 2)
        }
        // Equal counts of four symbols: two bits each (a closed form).
        #expect(Huffman.lengths([3, 3, 3, 3], limit: 15, minimumCodes: 2) == [2, 2, 2, 2])
    }

    /// Canonical codes (RFC 1951 §3.2.2's example: lengths (3, 3, 3, 3, 3, 2, 4, 4) give codes 010,
    /// 011, 100, 101, 110, 00, 1110, 1111), stored bit-reversed for writing.
    @Test func canonicalCodes() {
        let codes = Huffman.codes([3, 3, 3, 3, 3, 2, 4, 4])
        let expected: [(UInt64, Int)] = [(0b010, 3), (0b011, 3), (0b100, 3), (0b101, 3), (0b110, 3), (0b00, 2), (0b1110, 4), (0b1111, 4)]
        for (code, (value, length)) in zip(codes, expected) {
            var reversed: UInt64 = 0
            for i in 0..<length { reversed |= ((value >> UInt64(i)) & 1) << UInt64(length - 1 - i) }
            #expect(code == reversed)
        }
    }

    /// The writer's tables give what `lengthSymbol` and `distanceSymbol` (checked against RFC 1951's
    /// tables above) give, for every length and every distance: the symbol, and for a distance its
    /// extra value as distance − 1 − base within its extra bits.
    @Test func symbolTablesAgreeWithTheSymbolFunctions() {
        for l in 0..<256 { #expect(Int(Deflate.lengthSymbols[l]) == Deflate.lengthSymbol(l + 3).symbol) }
        var mismatches = 0
        for d in 0..<32768 {
            let expected = Deflate.distanceSymbol(d + 1), symbol = Int(Deflate.distanceSymbols[Deflate.distanceIndex(d)])
            let extra = d - Deflate.distanceBase[symbol]
            if symbol != expected.symbol || extra != expected.extra || Deflate.distanceExtraBits[symbol] != expected.extraBits
                || extra < 0 || extra >= 1 << Deflate.distanceExtraBits[symbol] { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test func adler32OfAKnownString() {
        // RFC 1950's checksum of "Wikipedia", 0x11E60398 (a widely quoted value).
        #expect(Deflate.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    /// The word-at-a-time Adler-32 against RFC 1950's definition, byte by byte with a reduction at
    /// every step, at lengths around its word and reduction sizes, on bytes of 255 (the largest sums)
    /// and on pseudo-random bytes.
    @Test(arguments: [0, 1, 7, 8, 9, 15, 5552, 5553, 65_536, (1 << 20) + 3, 3 * (1 << 20) + 13])
    func adler32MatchesTheDefinition(_ length: Int) {
        func definition(_ bytes: [UInt8]) -> UInt32 {
            var a: UInt32 = 1, b: UInt32 = 0
            for byte in bytes {
                a = (a + UInt32(byte)) % 65521
                b = (b + a) % 65521
            }
            return b << 16 | a
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let random = (0..<length).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let full = [UInt8](repeating: 255, count: length)
        #expect(Deflate.adler32(random) == definition(random))
        #expect(Deflate.adler32(full) == definition(full))
    }
}
