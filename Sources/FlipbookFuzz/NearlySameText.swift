/// Whether two texts of markup are the same but for their numbers, each of which may differ by
/// `tolerance` × max(1, |x|): the numbers are maximal runs of digits with an optional sign, point and
/// exponent; everything else must be equal byte for byte (a colour's hex digits are numbers and
/// letters, so a changed colour differs by at least 1 in some number).
///
/// For frames a hair apart in time: the period check compares a frame with the frame a period later
/// shifted by 1e-9 s (to step over a rounding at a jump), which also moves a fast continuous motion a
/// little (3,600°/s turns 3.6e-6° in 1e-9 s: a matrix entry's sixth decimal).
func nearlySame(_ a: String, _ b: String, tolerance: Double) -> Bool {
    func tokens(_ s: String) -> [(text: Substring, number: Double?)] {
        var out: [(Substring, Double?)] = []
        let bytes = Array(s.utf8)
        var i = 0, textStart = 0
        func isDigit(_ k: Int) -> Bool { k < bytes.count && bytes[k] >= 0x30 && bytes[k] <= 0x39 }
        while i < bytes.count {
            let startsNumber = isDigit(i) || ((bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: ".")) && isDigit(i + 1))
            guard startsNumber else { i += 1; continue }
            let start = i
            if bytes[i] == UInt8(ascii: "-") { i += 1 }
            while isDigit(i) { i += 1 }
            if i < bytes.count, bytes[i] == UInt8(ascii: "."), isDigit(i + 1) { i += 1; while isDigit(i) { i += 1 } }
            if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                var k = i + 1
                if k < bytes.count, bytes[k] == UInt8(ascii: "-") || bytes[k] == UInt8(ascii: "+") { k += 1 }
                if isDigit(k) { i = k; while isDigit(i) { i += 1 } }
            }
            let text = String(decoding: bytes[start..<i], as: UTF8.self)
            out.append((Substring(String(decoding: bytes[textStart..<start], as: UTF8.self)), nil))
            out.append((Substring(text), Double(text)))
            textStart = i
        }
        out.append((Substring(String(decoding: bytes[textStart...], as: UTF8.self)), nil))
        return out
    }
    let x = tokens(a), y = tokens(b)
    guard x.count == y.count else { return false }
    return zip(x, y).allSatisfy { p, q in
        if let u = p.number, let v = q.number { return abs(u - v) <= tolerance * max(1, abs(u)) }
        return p.number == nil && q.number == nil && p.text == q.text
    }
}
