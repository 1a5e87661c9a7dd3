/// Text from a user (a key, a value, a path, an easing) made safe to show in a message on a terminal:
/// control characters escaped, so ESC, BEL, CR and LF cannot retitle, clear or forge lines, and long
/// text shortened, so a 100 MB key gives a message of a few hundred bytes.
package enum DisplayText {
    /// How many bytes of user text a message shows, at most (the start and the end, with the count
    /// of bytes left out between them).
    package static let defaultLimit = 300

    /// `text` with C0 and C1 controls, DEL and the bidirectional overrides written as `\n`, `\t`,
    /// `\u{1B}`, …, shortened to about `limit` bytes of UTF-8.
    package static func escaped(_ text: String, limit: Int = defaultLimit) -> String {
        escaped(bytes: Array(text.utf8), limit: limit)
    }

    /// Bytes (a path, which need not be UTF-8) as text: valid UTF-8 kept, invalid bytes as `\xFF`,
    /// controls escaped as in `escaped(_:limit:)`, shortened to about `limit` bytes.
    package static func escaped(bytes: [UInt8], limit: Int = defaultLimit) -> String {
        if bytes.count > limit {
            let head = max(limit * 2 / 3, 1), tail = max(limit - head, 1)
            let left = bytes.count - head - tail
            // Cut at UTF-8 boundaries so a character is never split into invalid bytes.
            var start = head
            while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            var end = bytes.count - tail
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            return escapedWhole(Array(bytes[..<start])) + "…(\(left) bytes)…" + escapedWhole(Array(bytes[end...]))
        }
        return escapedWhole(bytes)
    }

    private static func escapedWhole(_ bytes: [UInt8]) -> String {
        var out = ""
        var index = 0
        while index < bytes.count {
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else {
                out += "\\x" + hex(bytes[index])
                index += 1
                continue
            }
            let scalar = decode(bytes, at: index, length: length)
            out += escape(scalar)
            index += length
        }
        return out
    }

    /// One scalar as itself or as an escape.
    package static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x0A: return "\\n"
        case 0x09: return "\\t"
        case 0x0D: return "\\r"
        case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
            return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default: return String(Character(scalar))
        }
    }

    /// The length of the valid UTF-8 sequence at `index`, or 0 when the byte there starts none.
    private static func sequenceLength(_ b: [UInt8], at i: Int) -> Int {
        let first = b[i]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard i + length <= b.count else { return 0 }
        for k in 1..<length {
            let c = b[i + k]
            let (lo, hi) = k == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard c >= lo && c <= hi else { return 0 }
        }
        return length
    }

    private static func decode(_ b: [UInt8], at i: Int, length: Int) -> Unicode.Scalar {
        var value: UInt32
        switch length {
        case 1: value = UInt32(b[i])
        case 2: value = UInt32(b[i] & 0x1F)
        case 3: value = UInt32(b[i] & 0x0F)
        default: value = UInt32(b[i] & 0x07)
        }
        for k in 1..<length { value = value << 6 | UInt32(b[i + k] & 0x3F) }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
    }
}
