/// Inflate (RFC 1951): a raw deflate stream back to its bytes, for the compressed Lottie files
/// Flipbook reads (Telegram's `.tgs`, gzip; dotLottie's `.lottie`, a zip archive).
///
/// Algorithm: the three block kinds of §3.2.3 — stored, fixed Huffman codes (§3.2.6) and dynamic
/// codes sent with the block (§3.2.7) — decoded as in RFC 1951's own description: a canonical code
/// is kept as the number of codes of each length and its symbols in code order, and a symbol is
/// read one bit at a time, walking the lengths from 1 to 15 (`Code.decode`): simple rather than
/// fast, for files of a few megabytes at most.
///
/// Degenerate and hostile input: every malformed stream is an `InflateError` naming what is wrong
/// and the byte it was found at — a reserved block type, a stored length whose complement does not
/// match, a code with more codes of some length than fit (over-subscribed) or an incomplete one
/// (allowed only as the single one-bit code RFC 1951 permits for a distance code), a repeat with
/// nothing before it, a length or distance symbol past the table, a distance reaching before the
/// output's start, input that ends inside a block. Output past `limit` bytes stops the inflation
/// with that limit named (a small file cannot expand without bound).
/// Checked against Python's zlib (stored, fixed and dynamic blocks, at every level) in InflateTests.
public enum Inflate {
    /// The bytes of the raw deflate stream that starts at `start` in `input`, and the index of the
    /// first byte after its last block (where a gzip member's trailer starts).
    /// - Throws: `InflateError` for a malformed stream, or output over `limit` bytes.
    public static func raw(_ input: [UInt8], from start: Int = 0, limit: Int = .max) throws(InflateError) -> (bytes: [UInt8], end: Int) {
        var reader = BitReader(input: input, position: start)
        var out: [UInt8] = []
        out.reserveCapacity(min(limit, input.count * 4))
        var final = false
        while !final {
            final = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0: try stored(&reader, into: &out, limit: limit)
            case 1: try codes(&reader, Code.fixedLengths, Code.fixedDistances, into: &out, limit: limit)
            case 2:
                let (lengths, distances) = try dynamicCodes(&reader)
                try codes(&reader, lengths, distances, into: &out, limit: limit)
            default: throw InflateError("a block of the reserved type 3", at: reader.position)
            }
        }
        return (out, reader.position)
    }

    /// A stored block (§3.2.4): LEN and its one's complement NLEN after the byte boundary, then LEN bytes.
    private static func stored(_ reader: inout BitReader, into out: inout [UInt8], limit: Int) throws(InflateError) {
        reader.alignToByte()
        let length = try reader.bits(16), complement = try reader.bits(16)
        guard length == ~complement & 0xFFFF else { throw InflateError("a stored block whose length \(length) and its complement \(complement) disagree", at: reader.position) }
        guard reader.position + length <= reader.input.count else { throw InflateError("the data ends inside a stored block", at: reader.input.count) }
        guard out.count + length <= limit else { throw InflateError.overLimit(limit) }
        out += reader.input[reader.position..<(reader.position + length)]
        reader.position += length
    }

    /// The literal/length and distance codes of a dynamic block (§3.2.7).
    private static func dynamicCodes(_ reader: inout BitReader) throws(InflateError) -> (Code, Code) {
        let literals = try reader.bits(5) + 257, distances = try reader.bits(5) + 1, codeLengths = try reader.bits(4) + 4
        guard literals <= 286, distances <= 30 else { throw InflateError("a dynamic block with \(literals) length codes and \(distances) distance codes (at most 286 and 30)", at: reader.position) }
        var order = [Int](repeating: 0, count: 19)
        for i in 0..<codeLengths { order[Deflate.codeLengthOrder[i]] = try reader.bits(3) }
        let lengthCode = try Code(lengths: order, at: reader.position)
        var lengths: [Int] = []
        lengths.reserveCapacity(literals + distances)
        while lengths.count < literals + distances {
            let symbol = try lengthCode.decode(&reader)
            if symbol < 16 { lengths.append(symbol); continue }
            let (value, repeats): (Int, Int)
            switch symbol {
            case 16:
                guard let last = lengths.last else { throw InflateError("a code length repeated before any was given", at: reader.position) }
                (value, repeats) = (last, 3 + (try reader.bits(2)))
            case 17: (value, repeats) = (0, 3 + (try reader.bits(3)))
            default: (value, repeats) = (0, 11 + (try reader.bits(7)))
            }
            guard lengths.count + repeats <= literals + distances else { throw InflateError("code lengths repeated past the \(literals + distances) the block declares", at: reader.position) }
            lengths += repeatElement(value, count: repeats)
        }
        guard lengths[256] > 0 else { throw InflateError("a dynamic block with no end-of-block code", at: reader.position) }
        return (try Code(lengths: Array(lengths[..<literals]), at: reader.position, singleAllowed: true),
                try Code(lengths: Array(lengths[literals...]), at: reader.position, singleAllowed: true))
    }

    /// The literals and matches of a block coded with `literals` and `distances`, to its end-of-block.
    private static func codes(_ reader: inout BitReader, _ literals: Code, _ distances: Code, into out: inout [UInt8], limit: Int) throws(InflateError) {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                guard out.count < limit else { throw InflateError.overLimit(limit) }
                out.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            guard symbol <= 285 else { throw InflateError("the length symbol \(symbol) (at most 285)", at: reader.position) }
            let length = lengthBase[symbol - 257] + (try reader.bits(lengthExtraBits[symbol - 257]))
            let code = try distances.decode(&reader)
            guard code < 30 else { throw InflateError("the distance symbol \(code) (at most 29)", at: reader.position) }
            let distance = Deflate.distanceBase[code] + 1 + (try reader.bits(Deflate.distanceExtraBits[code]))
            guard distance <= out.count else { throw InflateError("a distance of \(distance) bytes back, with \(out.count) written", at: reader.position) }
            guard out.count + length <= limit else { throw InflateError.overLimit(limit) }
            // Byte by byte: a match may overlap what it writes (a distance shorter than its length repeats).
            let from = out.count - distance
            for i in 0..<length { out.append(out[from + i]) }
        }
    }

    /// The first length of each length symbol 257…285 and its extra bits, from the encoder's own
    /// mapping of lengths to symbols (`Deflate.lengthSymbol`, RFC 1951 §3.2.5).
    static let lengthBase: [Int] = (257...285).map { symbol in (3...258).first { Deflate.lengthSymbol($0).symbol == symbol }! }
    static let lengthExtraBits: [Int] = lengthBase.map { Deflate.lengthSymbol($0).extraBits }

    /// Bits read least significant first (§3.1.1), from a byte position on.
    struct BitReader {
        let input: [UInt8]
        var position: Int
        private var buffer: UInt64 = 0
        private var count = 0

        init(input: [UInt8], position: Int) {
            self.input = input
            self.position = position
        }

        /// The next `n` (0…16) bits as a number, the first read as its lowest bit.
        mutating func bits(_ n: Int) throws(InflateError) -> Int {
            while count < n {
                guard position < input.count else { throw InflateError("the data ends inside a block", at: input.count) }
                buffer |= UInt64(input[position]) << UInt64(count)
                position += 1
                count += 8
            }
            let value = Int(buffer & ((1 << UInt64(n)) - 1))
            buffer >>= UInt64(n)
            count -= n
            return value
        }

        /// Drops the bits left of the current byte (a stored block starts on a byte).
        mutating func alignToByte() {
            buffer = 0
            count = 0
        }
    }

    /// A canonical Huffman code (§3.2.2): how many codes each length 1…15 has, and the symbols in
    /// code order (by length, then by symbol).
    struct Code {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        /// The code of the code lengths `lengths` (0: the symbol is not used). An over-subscribed set
        /// of lengths is an error; so is an incomplete one, but for a single code of one bit where
        /// `singleAllowed` (a block's literal/length or distance code with one symbol, as zlib reads
        /// them) and for the fixed distance code (`incompleteAllowed`: 30 codes of 5 bits, §3.2.6).
        init(lengths: [Int], at position: Int, singleAllowed: Bool = false, incompleteAllowed: Bool = false) throws(InflateError) {
            for l in lengths { counts[l] += 1 }
            counts[0] = 0
            var left = 1
            for length in 1...15 {
                left = 2 * left - counts[length]
                guard left >= 0 else { throw InflateError("an over-subscribed Huffman code (more codes of \(length) bits than fit)", at: position) }
            }
            let used = counts.reduce(0, +)
            if left > 0 && !(incompleteAllowed || used == 0 || (singleAllowed && used == 1 && counts[1] == 1)) {
                throw InflateError("an incomplete Huffman code (\(used) codes that leave some bit patterns unused)", at: position)
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = [Int](repeating: 0, count: used)
            for (symbol, l) in lengths.enumerated() where l > 0 {
                symbols[offsets[l]] = symbol
                offsets[l] += 1
            }
        }

        /// The next symbol: the code's bits read one at a time (first bit the most significant of the
        /// code), compared at each length with the range of codes of that length.
        func decode(_ reader: inout BitReader) throws(InflateError) -> Int {
            var code = 0, first = 0, index = 0
            for length in 1...15 {
                code |= try reader.bits(1)
                let count = counts[length]
                if code - first < count { return symbols[index + code - first] }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            throw InflateError("a bit pattern no code of the block has", at: reader.position)
        }

        /// §3.2.6: literals 0…143 in 8 bits, 144…255 in 9, 256…279 in 7, 280…287 in 8; distances in 5.
        static let fixedLengths = try! Code(lengths: (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }, at: 0)
        static let fixedDistances = try! Code(lengths: [Int](repeating: 5, count: 30), at: 0, incompleteAllowed: true)
    }
}

/// A compressed stream that cannot be inflated: what is wrong, and at which byte of the input.
public struct InflateError: Error, Equatable, CustomStringConvertible {
    public let message: String

    init(_ what: String, at byte: Int) { message = "\(what), at byte \(byte)" }
    init(message: String) { self.message = message }

    static func overLimit(_ limit: Int) -> InflateError {
        InflateError(message: "it inflates to over \(limit) bytes, the limit for a scene file (raise --max-file)")
    }

    public var description: String { message }
}
