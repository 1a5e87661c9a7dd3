/// Deflate (RFC 1951) in a zlib wrapper (RFC 1950), tuned for filtered image rows.
///
/// Algorithm: LZ77 over a 32 KiB window with hash chains on 4-byte prefixes (a pixel), at most
/// `chainLimit` candidates a position and a stop at the first match of `goodLength` bytes, greedy (no
/// lazy evaluation: it gained under 1 % on filtered frames). Every position of a match of up to 32
/// bytes enters the chains; of a longer match, or inside a repeat of period ≤ 8 (a run of equal
/// pixels), only the last 8 positions do (zlib's fast levels skip long matches the same way). On the
/// rings' frames that inserts a sixth of the positions for 1 % more bytes; chains are searched for 16
/// candidates, stopping at a match of 64 bytes. Tokens are coded with dynamic Huffman codes (§3.2.7) built
/// per block of up to 65,536 tokens from the block's own symbol counts, lengths limited to 15 bits (7
/// for the code-length code; see `Huffman.lengths`), every code complete. Output is
/// deterministic: the same bytes give the same stream. Compression is checked against Python's zlib
/// at level 6 in `Tools/check-raster`; every stream is inflated by Python's zlib there and in
/// `Tools/png.py`.
enum Deflate {
    static let chainLimit = 16
    static let goodLength = 64
    static let blockTokens = 1 << 16

    static func zlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x9C]
        out.reserveCapacity(data.count / 4 + 64)
        data.withUnsafeBufferPointer { deflate($0, into: &out) }
        out += ImageEncoder.bigEndian(adler32(data))
        return out
    }

    /// Adler-32 (RFC 1950 §8.2): a = 1 + Σ bytes, b = Σ of a after each byte, both modulo 65521.
    ///
    /// Sixteen bytes at a time in 16-bit lanes, in blocks of 16 chunks (256 bytes): after chunk c of a
    /// block, b has grown by 16·(a + S_c) + Σⱼ (16 − j)·x_{c,j}, where S_c sums the block's chunks
    /// before c. So each chunk adds itself to a lane sum (`sums`), the lane sums before it to a running
    /// total (`prefixes`, Σ_c S_c lane by lane) and itself weighted 16 … 1 to `weighted`; the lanes are
    /// added up once a block. No lane overflows: a lane sum stays under 16 · 255 = 4 080, a prefix under
    /// 16 · 4 080 = 65 280 and a weighted sum under 16 · 16 · 255 = 65 280. The tail (under 256 bytes) goes
    /// byte by byte. The sums are kept in 64 bits and reduced once every 2²⁰ bytes (b stays under 2⁴⁸).
    /// Checked against the byte-by-byte definition in DeflateTests, and by Python's zlib on every PNG
    /// check-raster reads.
    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt64 = 1, b: UInt64 = 0
        data.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            let weights = SIMD16<UInt16>(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
            var i = 0
            while i < bytes.count {
                let end = min(i + (1 << 20), bytes.count)
                while i + 256 <= end {
                    var sums = SIMD16<UInt16>(), prefixes = SIMD16<UInt16>(), weighted = SIMD16<UInt16>()
                    for c in 0..<16 {
                        let x = SIMD16<UInt16>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: i + 16 * c, as: SIMD16<UInt8>.self))
                        prefixes &+= sums
                        sums &+= x
                        weighted &+= x &* weights
                    }
                    let s = UInt64(SIMD16<UInt32>(truncatingIfNeeded: sums).wrappedSum())
                    let p = UInt64(SIMD16<UInt32>(truncatingIfNeeded: prefixes).wrappedSum())
                    let w = UInt64(SIMD16<UInt32>(truncatingIfNeeded: weighted).wrappedSum())
                    b &+= 256 &* a &+ 16 &* p &+ w
                    a &+= s
                    i += 256
                }
                while i < end {
                    a &+= UInt64(base[i])
                    b &+= a
                    i += 1
                }
                a %= 65521
                b %= 65521
            }
        }
        return UInt32(b) << 16 | UInt32(a)
    }

    /// A literal (< 256) or a match: bit 31 set, length − 3 in bits 16…23, distance − 1 in bits 0…15.
    typealias Token = UInt32

    static func deflate(_ data: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var w = BitWriter(out: out)
        var tokens: [Token] = []
        tokens.reserveCapacity(min(blockTokens, data.count + 1))
        tokenize(data) { token in
            tokens.append(token)
            if tokens.count == blockTokens {
                writeBlock(tokens, final: false, &w)
                tokens.removeAll(keepingCapacity: true)
            }
        }
        writeBlock(tokens, final: true, &w)
        out = w.finish()
    }

    /// LZ77: calls `emit` with every token in order.
    static func tokenize(_ data: UnsafeBufferPointer<UInt8>, _ emit: (Token) -> Void) {
        let n = data.count
        guard let base = data.baseAddress, n > 0 else { return }
        var head = [Int32](repeating: -1, count: 1 << 15)
        var previous = [Int32](repeating: -1, count: 1 << 15)
        head.withUnsafeMutableBufferPointer { head in
            previous.withUnsafeMutableBufferPointer { previous in
                let raw = UnsafeRawPointer(base)
                @inline(__always) func hash(_ i: Int) -> Int {
                    let v = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt32.self))
                    return Int((v &* 2_654_435_761) >> 17)
                }
                @inline(__always) func insert(_ i: Int) {
                    let h = hash(i)
                    previous[i & 0x7FFF] = head[h]
                    head[h] = Int32(i)
                }
                /// The longest match for position `i` (length 0 when none), entering `i` in the chains.
                @inline(__always) func longest(_ i: Int) -> (length: Int, distance: Int) {
                    guard i + 4 <= n else { return (0, 0) }
                    let h = hash(i)
                    var candidate = Int(head[h])
                    var tries = 0, bestLength = 0, bestDistance = 0
                    let limit = min(258, n - i)
                    while candidate >= 0 && i - candidate <= 32768 && tries < chainLimit {
                        if bestLength == 0 || base[candidate + bestLength] == base[i + bestLength] {
                            let length = matchLength(base + candidate, base + i, limit)
                            if length > bestLength {
                                bestLength = length
                                bestDistance = i - candidate
                                if length >= goodLength || length == limit { break }
                            }
                        }
                        candidate = Int(previous[candidate & 0x7FFF])
                        tries += 1
                    }
                    previous[i & 0x7FFF] = head[h]
                    head[h] = Int32(i)
                    return bestLength >= 4 || (bestLength == 3 && bestDistance <= 4096) ? (bestLength, bestDistance) : (0, 0)
                }
                var i = 0
                while i < n {
                    let match = longest(i)
                    if match.length > 0 {
                        emit(0x8000_0000 | Token(match.length - 3) << 16 | Token(match.distance - 1))
                        let end = min(i + match.length, n - 3)
                        // Every position of a short match goes into the chains. Inside a repeat of a
                        // short period (a run of equal pixels) the last 8 positions hold every 4-byte
                        // window the run has, which is all later matches need; of a long match, its
                        // last 8 are kept for the bytes that follow it.
                        var k = match.distance <= 8 || match.length > 32 ? max(i + 1, end - 8) : i + 1
                        while k < end { insert(k); k += 1 }
                        i += match.length
                    } else {
                        emit(Token(base[i]))
                        i += 1
                    }
                }
            }
        }
    }

    /// How many bytes from `a` and `b` agree, at most `limit`; eight at a time.
    @inline(__always)
    static func matchLength(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ limit: Int) -> Int {
        var length = 0
        while length + 8 <= limit {
            let x = UInt64(littleEndian: UnsafeRawPointer(a + length).loadUnaligned(as: UInt64.self))
            let y = UInt64(littleEndian: UnsafeRawPointer(b + length).loadUnaligned(as: UInt64.self))
            if x != y { return length + (x ^ y).trailingZeroBitCount / 8 }
            length += 8
        }
        while length < limit && a[length] == b[length] { length += 1 }
        return length
    }

    // Length symbols 257…285 and distance symbols 0…29 (RFC 1951 §3.2.5).

    /// Symbol (257…285), extra bits and their value for a match of `length` 3…258.
    @inline(__always)
    static func lengthSymbol(_ length: Int) -> (symbol: Int, extraBits: Int, extra: Int) {
        let l = length - 3
        if l < 8 { return (257 + l, 0, 0) }
        if l == 255 { return (285, 0, 0) }
        let top = Int.bitWidth - 1 - l.leadingZeroBitCount   // ⌊log2 l⌋ ≥ 3
        let bits = top - 2
        let code = 257 + 4 * (top - 1) + ((l >> bits) & 3)
        return (code, bits, l - ((4 + ((l >> bits) & 3)) << bits))
    }

    /// Symbol (0…29), extra bits and their value for a distance 1…32768.
    @inline(__always)
    static func distanceSymbol(_ distance: Int) -> (symbol: Int, extraBits: Int, extra: Int) {
        let d = distance - 1
        if d < 4 { return (d, 0, 0) }
        let top = Int.bitWidth - 1 - d.leadingZeroBitCount   // ⌊log2 d⌋ ≥ 2
        let bits = top - 1
        let second = (d >> bits) & 1
        return (2 * top + second, bits, d - ((2 + second) << bits))
    }

    /// `lengthSymbol(l + 3).symbol` for l in 0…255.
    static let lengthSymbols: [UInt16] = (0..<256).map { UInt16(lengthSymbol($0 + 3).symbol) }

    /// `distanceSymbol(d + 1).symbol` for d (distance − 1) in 0…255 (entries 0…255), and for d ≥ 256
    /// by d >> 7 (entries 256 + 2…255): from 256 on, every symbol spans whole multiples of 128 (its extra
    /// bits are 7 or more), as zlib's table does.
    static let distanceSymbols: [UInt8] = (0..<256).map { UInt8(distanceSymbol($0 + 1).symbol) }
        + (0..<256).map { UInt8(distanceSymbol(max($0 << 7, 256) + 1).symbol) }

    /// The first distance − 1 of each distance symbol, and its extra bits (RFC 1951 §3.2.5: symbols 0…3
    /// are 1…4 with no extra bits; after them, each pair doubles).
    static let distanceBase: [Int] = (0..<30).map { $0 < 4 ? $0 : (2 + $0 & 1) << ($0 / 2 - 1) }
    static let distanceExtraBits: [Int] = (0..<30).map { $0 < 4 ? 0 : $0 / 2 - 1 }

    /// The entry of `distanceSymbols` for distance − 1 = `d` (0…32767).
    @inline(__always)
    static func distanceIndex(_ d: Int) -> Int { d < 256 ? d : 256 + (d >> 7) }

    /// The order code-length code lengths are sent in (§3.2.7).
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    static func writeBlock(_ tokens: [Token], final: Bool, _ w: inout BitWriter) {
        var litCounts = [Int](repeating: 0, count: 286), distCounts = [Int](repeating: 0, count: 30)
        let lengthSymbols = Self.lengthSymbols, distanceSymbols = Self.distanceSymbols
        for t in tokens {
            if t & 0x8000_0000 == 0 {
                litCounts[Int(t)] += 1
            } else {
                litCounts[Int(lengthSymbols[Int((t >> 16) & 0xFF)])] += 1
                distCounts[Int(distanceSymbols[distanceIndex(Int(t & 0xFFFF))])] += 1
            }
        }
        litCounts[256] = 1
        let litLengths = Huffman.lengths(litCounts, limit: 15, minimumCodes: 2)
        let distLengths = Huffman.lengths(distCounts, limit: 15, minimumCodes: 2)
        let litCodes = Huffman.codes(litLengths), distCodes = Huffman.codes(distLengths)
        var hlit = 286
        while hlit > 257 && litLengths[hlit - 1] == 0 { hlit -= 1 }
        var hdist = 30
        while hdist > 1 && distLengths[hdist - 1] == 0 { hdist -= 1 }
        // The two code lengths lists, run-length coded with 16, 17 and 18 (§3.2.7).
        let runs = runLengthCoded(Array(litLengths[0..<hlit]) + Array(distLengths[0..<hdist]))
        var clCounts = [Int](repeating: 0, count: 19)
        for (symbol, _) in runs { clCounts[symbol] += 1 }
        let clLengths = Huffman.lengths(clCounts, limit: 7, minimumCodes: 2)
        let clCodes = Huffman.codes(clLengths)
        var hclen = 19
        while hclen > 4 && clLengths[codeLengthOrder[hclen - 1]] == 0 { hclen -= 1 }

        w.write(final ? 1 : 0, bits: 1)
        w.write(2, bits: 2)
        w.write(UInt64(hlit - 257), bits: 5)
        w.write(UInt64(hdist - 1), bits: 5)
        w.write(UInt64(hclen - 4), bits: 4)
        for k in 0..<hclen { w.write(UInt64(clLengths[codeLengthOrder[k]]), bits: 3) }
        for (symbol, extra) in runs {
            w.write(clCodes[symbol], bits: clLengths[symbol])
            switch symbol {
            case 16: w.write(UInt64(extra), bits: 2)
            case 17: w.write(UInt64(extra), bits: 3)
            case 18: w.write(UInt64(extra), bits: 7)
            default: break
            }
        }
        // Each match length (0…255 for 3…258) as one write: its symbol's code and its extra bits
        // (at most 15 + 5); each distance symbol's code with the extra bits' place (at most 15 + 13).
        var lengthWrites = [(code: UInt64, bits: Int)](repeating: (0, 0), count: 256)
        for l in 0..<256 {
            let len = lengthSymbol(l + 3)
            lengthWrites[l] = (litCodes[len.symbol] | UInt64(len.extra) << UInt64(litLengths[len.symbol]), litLengths[len.symbol] + len.extraBits)
        }
        let distanceBase = Self.distanceBase, distanceExtraBits = Self.distanceExtraBits
        for t in tokens {
            if t & 0x8000_0000 == 0 {
                w.write(litCodes[Int(t)], bits: litLengths[Int(t)])
            } else {
                let length = lengthWrites[Int((t >> 16) & 0xFF)]
                w.write(length.code, bits: length.bits)
                let d = Int(t & 0xFFFF), symbol = Int(distanceSymbols[distanceIndex(d)])
                w.write(distCodes[symbol] | UInt64(d - distanceBase[symbol]) << UInt64(distLengths[symbol]),
                        bits: distLengths[symbol] + distanceExtraBits[symbol])
            }
        }
        w.write(litCodes[256], bits: litLengths[256])
    }

    /// Code lengths as code-length symbols with their extra values: 16 repeats the previous length
    /// 3–6 times, 17 gives 3–10 zeros, 18 gives 11–138 zeros.
    static func runLengthCoded(_ lengths: [Int]) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        var i = 0
        while i < lengths.count {
            let v = lengths[i]
            var run = 1
            while i + run < lengths.count && lengths[i + run] == v { run += 1 }
            if v == 0 {
                var left = run
                while left >= 11 { let k = min(left, 138); out.append((18, k - 11)); left -= k }
                if left >= 3 { out.append((17, left - 3)); left = 0 }
                while left > 0 { out.append((0, 0)); left -= 1 }
            } else {
                out.append((v, 0))
                var left = run - 1
                while left >= 3 { let k = min(left, 6); out.append((16, k - 3)); left -= k }
                while left > 0 { out.append((v, 0)); left -= 1 }
            }
            i += run
        }
        return out
    }

    /// Bits, least significant first, into bytes.
    struct BitWriter {
        var out: [UInt8]
        var buffer: UInt64 = 0
        var count = 0

        /// Writes the low `bits` (≤ 32) bits of `value`.
        @inline(__always)
        mutating func write(_ value: UInt64, bits: Int) {
            buffer |= value << UInt64(count)
            count += bits
            if count >= 32 {
                let word = UInt32(truncatingIfNeeded: buffer)
                out.append(UInt8(word & 0xFF)); out.append(UInt8((word >> 8) & 0xFF))
                out.append(UInt8((word >> 16) & 0xFF)); out.append(UInt8(word >> 24))
                buffer >>= 32
                count -= 32
            }
        }

        mutating func finish() -> [UInt8] {
            while count > 0 {
                out.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                count = max(0, count - 8)
            }
            return out
        }
    }
}
