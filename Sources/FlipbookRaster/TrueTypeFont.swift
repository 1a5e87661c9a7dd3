import Flipbook
import FlipbookSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Glyph outlines from a TrueType font file: the tables `head`, `hhea`, `hmtx`, `maxp`, `cmap`
/// (formats 4 and 12), `loca` and `glyf` (simple and composite glyphs), and pair kerning from `kern`
/// (format 0 subtables, horizontal). Enough to draw text; no hinting or shaping (one glyph per
/// character, advanced by its width and the pair's kerning, as browsers kern by default).
public struct TrueTypeFont: Sendable {
    public enum FontError: Error, CustomStringConvertible {
        case unreadable(String)
        case invalid(String, String)
        public var description: String {
            switch self {
            case .unreadable(let path): "cannot read the font file '\(path)'"
            case .invalid(let path, let why): "'\(path)' is not a TrueType font Flipbook can read: \(why)"
            }
        }
    }

    private let data: [UInt8]
    private let tables: [String: Int]
    public let unitsPerEm: Double
    /// The box every glyph lies in, font units, y up: the `head` table's xMin, yMin, xMax, yMax. Text
    /// outside the canvas is culled with it before any outline is read.
    public let glyphBounds: Rect
    private let longLoca: Bool
    private let glyphCount: Int
    private let metricCount: Int
    private let characterMap: [UInt32: Int]
    /// Kerning by glyph pair (left << 16 | right), font units.
    private let kerningPairs: [UInt32: Double]
    /// The font's family name from its `name` table (the typographic family, ID 16, else the family,
    /// ID 1; Windows Unicode records first, then Macintosh Roman ones), nil when it has none.
    public let familyName: String?

    /// Fonts tried when none is given: DejaVu Sans (Debian's fonts-dejavu-core), then Liberation.
    public static let defaultPaths = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                                      "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
                                      "/usr/share/fonts/TTF/DejaVuSans.ttf"]

    /// The first of `defaultPaths` that exists, or nil.
    public static func systemDefault() -> TrueTypeFont? {
        for path in defaultPaths where LocalFile.kind(atPath: path) == .file {
            if let font = try? TrueTypeFont(path: path) { return font }
        }
        return nil
    }

    public init(path: String) throws {
        guard let contents = LocalFile.contents(atPath: path) else { throw FontError.unreadable(path) }
        data = contents
        func fail(_ why: String) -> FontError { .invalid(path, why) }
        guard data.count >= 12 else { throw fail("too short") }
        var tables: [String: Int] = [:]
        let numTables = Int(Self.u16(data, 4))
        for i in 0..<numTables {
            let record = 12 + 16 * i
            guard record + 16 <= data.count else { throw fail("truncated table directory") }
            let tag = String(decoding: data[record..<record + 4], as: UTF8.self)
            tables[tag] = Int(Self.u32(data, record + 8))
        }
        for tag in ["head", "hhea", "hmtx", "maxp", "cmap", "loca", "glyf"] where tables[tag] == nil {
            throw fail("no '\(tag)' table (a CFF font is not supported)")
        }
        self.tables = tables
        let head = tables["head"]!, hhea = tables["hhea"]!, maxp = tables["maxp"]!
        guard head + 54 <= data.count, hhea + 36 <= data.count, maxp + 6 <= data.count else { throw fail("truncated tables") }
        unitsPerEm = Double(Self.u16(data, head + 18))
        longLoca = Self.u16(data, head + 50) == 1
        let xMin = Double(Self.i16(data, head + 36)), yMin = Double(Self.i16(data, head + 38))
        let xMax = Double(Self.i16(data, head + 40)), yMax = Double(Self.i16(data, head + 42))
        // A font whose box is empty or reversed culls nothing: the box becomes the whole 16-bit range.
        glyphBounds = xMax > xMin && yMax > yMin ? Rect(x: xMin, y: yMin, width: xMax - xMin, height: yMax - yMin)
                                                 : Rect(x: -32768, y: -32768, width: 65535, height: 65535)
        glyphCount = Int(Self.u16(data, maxp + 4))
        metricCount = Int(Self.u16(data, hhea + 34))
        characterMap = Self.readCmap(data, tables["cmap"]!)
        if let kern = tables["kern"] { kerningPairs = Self.readKern(data, kern) } else { kerningPairs = [:] }
        if let name = tables["name"] { familyName = Self.readFamilyName(contents, name) } else { familyName = nil }
        guard unitsPerEm > 0, !characterMap.isEmpty else { throw fail("no usable character map") }
    }

    static func u16(_ d: [UInt8], _ o: Int) -> UInt16 { o + 1 < d.count ? UInt16(d[o]) << 8 | UInt16(d[o + 1]) : 0 }
    static func i16(_ d: [UInt8], _ o: Int) -> Int16 { Int16(bitPattern: u16(d, o)) }
    static func u32(_ d: [UInt8], _ o: Int) -> UInt32 { UInt32(u16(d, o)) << 16 | UInt32(u16(d, o + 2)) }

    private static func readCmap(_ d: [UInt8], _ cmap: Int) -> [UInt32: Int] {
        var map: [UInt32: Int] = [:]
        let count = Int(u16(d, cmap + 2))
        var best: (Int, Int)? // (priority, offset)
        for i in 0..<count {
            let platform = u16(d, cmap + 4 + 8 * i), encoding = u16(d, cmap + 6 + 8 * i)
            let offset = cmap + Int(u32(d, cmap + 8 + 8 * i))
            let format = u16(d, offset)
            let priority = format == 12 ? 2 : (format == 4 && (platform == 3 || platform == 0) && encoding <= 10 ? 1 : 0)
            if priority > 0 && priority > (best?.0 ?? 0) { best = (priority, offset) }
        }
        guard let (_, table) = best else { return map }
        if u16(d, table) == 12 {
            let groups = Int(u32(d, table + 12))
            for g in 0..<min(groups, 100_000) {
                let o = table + 16 + 12 * g
                let start = u32(d, o), end = u32(d, o + 4), glyph = u32(d, o + 8)
                guard end >= start, end - start < 0x110000 else { continue }
                for c in start...end where c < 0x110000 { map[c] = Int(glyph + (c - start)) }
            }
            return map
        }
        let segments = Int(u16(d, table + 6)) / 2
        let ends = table + 14, starts = ends + 2 * segments + 2, deltas = starts + 2 * segments, ranges = deltas + 2 * segments
        for s in 0..<segments {
            let end = UInt32(u16(d, ends + 2 * s)), start = UInt32(u16(d, starts + 2 * s))
            let delta = Int(i16(d, deltas + 2 * s)), rangeOffset = Int(u16(d, ranges + 2 * s))
            guard end >= start, end != 0xFFFF || start != 0xFFFF else { continue }
            for c in start...end {
                var glyph: Int
                if rangeOffset == 0 {
                    glyph = (Int(c) + delta) & 0xFFFF
                } else {
                    let address = ranges + 2 * s + rangeOffset + 2 * Int(c - start)
                    glyph = Int(u16(d, address))
                    if glyph != 0 { glyph = (glyph + delta) & 0xFFFF }
                }
                map[c] = glyph
            }
        }
        return map
    }

    /// The `kern` table's pairs (version 0: OpenType's and Microsoft's): each subtable of format 0 that
    /// is horizontal, not minimum values and not cross-stream adds its values (an override subtable
    /// replaces them). A subtable's length is 16 bits, which a large table overflows (DejaVu Sans:
    /// 2,727 pairs), so format 0's own pair count sets where its pairs end. Apple's version 1 tables
    /// and anything truncated give no pairs.
    private static func readKern(_ d: [UInt8], _ kern: Int) -> [UInt32: Double] {
        guard kern + 4 <= d.count, u16(d, kern) == 0 else { return [:] }
        var pairs: [UInt32: Double] = [:]
        var at = kern + 4
        for _ in 0..<Int(u16(d, kern + 2)) {
            guard at + 14 <= d.count else { break }
            let length = Int(u16(d, at + 2)), coverage = u16(d, at + 4)
            let count = Int(u16(d, at + 6))
            let end = at + 14 + 6 * count
            if coverage >> 8 == 0 && coverage & 0b111 == 0b001 && end <= d.count {
                let override = coverage & 0b1000 != 0
                for k in 0..<count {
                    let o = at + 14 + 6 * k
                    let key = UInt32(u16(d, o)) << 16 | UInt32(u16(d, o + 2))
                    let value = Double(i16(d, o + 4))
                    pairs[key] = override ? value : pairs[key, default: 0] + value
                }
            }
            at = coverage >> 8 == 0 ? end : at + max(length, 6)
        }
        return pairs
    }

    /// The kerning between two glyphs in font units (0 for a pair the font does not kern).
    public func kerning(_ left: Int, _ right: Int) -> Double {
        guard left >= 0, right >= 0, left < 65536, right < 65536 else { return 0 }
        return kerningPairs[UInt32(left) << 16 | UInt32(right)] ?? 0
    }

    /// The glyph for a character (0, the missing glyph, when the font has none).
    public func glyph(for scalar: Unicode.Scalar) -> Int { characterMap[scalar.value] ?? 0 }

    /// Advance width in font units.
    public func advance(_ glyph: Int) -> Double {
        let hmtx = tables["hmtx"]!
        let index = min(glyph, max(metricCount - 1, 0))
        return Double(Self.u16(data, hmtx + 4 * index))
    }

    /// The glyph's outline in font units, y up: closed contours of lines and quadratic curves.
    public func outline(_ glyph: Int, depth: Int = 0) -> Path {
        guard glyph >= 0, glyph < glyphCount, depth < 8 else { return Path() }
        let loca = tables["loca"]!, glyf = tables["glyf"]!
        let start = longLoca ? Int(Self.u32(data, loca + 4 * glyph)) : Int(Self.u16(data, loca + 2 * glyph)) * 2
        let end = longLoca ? Int(Self.u32(data, loca + 4 * glyph + 4)) : Int(Self.u16(data, loca + 2 * glyph + 2)) * 2
        guard end > start, glyf + end <= data.count else { return Path() }
        let g = glyf + start
        let contours = Int(Self.i16(data, g))
        if contours < 0 { return composite(at: g + 10, depth: depth) }
        var endPoints: [Int] = []
        for i in 0..<contours { endPoints.append(Int(Self.u16(data, g + 10 + 2 * i))) }
        let pointCount = (endPoints.last ?? -1) + 1
        guard pointCount > 0, pointCount < 65536 else { return Path() }
        var offset = g + 10 + 2 * contours
        let instructionLength = Int(Self.u16(data, offset))
        offset += 2 + instructionLength
        var flags: [UInt8] = []
        while flags.count < pointCount && offset < data.count {
            let flag = data[offset]; offset += 1
            flags.append(flag)
            if flag & 8 != 0, offset < data.count {
                let repeats = Int(data[offset]); offset += 1
                for _ in 0..<repeats where flags.count < pointCount { flags.append(flag) }
            }
        }
        guard flags.count == pointCount else { return Path() }
        func coordinates(short: UInt8, same: UInt8) -> [Double] {
            var values: [Double] = [], value = 0
            for flag in flags {
                if flag & short != 0 {
                    let v = offset < data.count ? Int(data[offset]) : 0; offset += 1
                    value += flag & same != 0 ? v : -v
                } else if flag & same == 0 {
                    value += Int(Self.i16(data, offset)); offset += 2
                }
                values.append(Double(value))
            }
            return values
        }
        let xs = coordinates(short: 2, same: 16), ys = coordinates(short: 4, same: 32)
        var path = Path()
        var first = 0
        for last in endPoints where last < pointCount && last >= first {
            let points = (first...last).map { (Point(xs[$0], ys[$0]), flags[$0] & 1 != 0) }
            first = last + 1
            Self.addContour(points, to: &path)
        }
        return path
    }

    private static func addContour(_ points: [(Point, Bool)], to path: inout Path) {
        guard !points.isEmpty else { return }
        // Start at an on-curve point (or the midpoint of the first two off-curve points).
        var startIndex = points.firstIndex { $0.1 }
        var start: Point
        if let i = startIndex {
            start = points[i].0
        } else {
            start = lerpMid(points[0].0, points[1 % points.count].0)
            startIndex = 0
        }
        path.move(to: start)
        var control: Point?
        let n = points.count
        for k in 1...n {
            let (p, on) = points[(startIndex! + k) % n]
            if on {
                if let c = control { path.quad(to: p, control: c) } else { path.line(to: p) }
                control = nil
            } else {
                if let c = control {
                    let mid = lerpMid(c, p)
                    path.quad(to: mid, control: c)
                }
                control = p
            }
        }
        if let c = control { path.quad(to: start, control: c) }
        path.close()
    }

    private static func lerpMid(_ a: Point, _ b: Point) -> Point { Point((a.x + b.x) / 2, (a.y + b.y) / 2) }

    private func composite(at start: Int, depth: Int) -> Path {
        var out = Path()
        var offset = start
        var more = true
        var parts = 0
        while more && offset + 4 <= data.count && parts < 64 {
            parts += 1
            let flags = Self.u16(data, offset), glyph = Int(Self.u16(data, offset + 2))
            offset += 4
            var dx = 0.0, dy = 0.0
            if flags & 1 != 0 { dx = Double(Self.i16(data, offset)); dy = Double(Self.i16(data, offset + 2)); offset += 4 } else {
                dx = Double(Int8(bitPattern: data[offset])); dy = Double(Int8(bitPattern: data[offset + 1])); offset += 2
            }
            var a = 1.0, b = 0.0, c = 0.0, d = 1.0
            func f2dot14(_ o: Int) -> Double { Double(Self.i16(data, o)) / 16384 }
            if flags & 8 != 0 { a = f2dot14(offset); d = a; offset += 2 } else if flags & 0x40 != 0 {
                a = f2dot14(offset); d = f2dot14(offset + 2); offset += 4
            } else if flags & 0x80 != 0 {
                a = f2dot14(offset); b = f2dot14(offset + 2); c = f2dot14(offset + 4); d = f2dot14(offset + 6); offset += 8
            }
            let m = Transform2D(a: a, b: b, c: c, d: d, tx: dx, ty: dy)
            for element in outline(glyph, depth: depth + 1).applying(m).elements {
                switch element {
                case .move(let p): out.move(to: p)
                case .line(let p): out.line(to: p)
                case .quad(let c1, let p): out.quad(to: p, control: c1)
                case .cubic(let c1, let c2, let p): out.cubic(to: p, control1: c1, control2: c2)
                case .arc(let arc): out.addArc(arc)
                case .close: out.close()
                }
            }
            more = flags & 0x20 != 0
        }
        return out
    }
}

extension TrueTypeFont {
    /// The family name in the `name` table at `offset` (OpenType's `name`: format, count, string
    /// offset, then 12-byte records of platform, encoding, language, name ID, length, offset):
    /// name ID 16 before 1, Windows Unicode (platform 3, encoding 1 or 10, UTF-16BE; US English
    /// first) before Macintosh Roman (platform 1, encoding 0, read as ASCII). Nil when none reads.
    static func readFamilyName(_ data: [UInt8], _ offset: Int) -> String? {
        guard offset + 6 <= data.count else { return nil }
        let count = Int(u16(data, offset + 2)), strings = offset + Int(u16(data, offset + 4))
        var best: (rank: Int, text: String)?
        for i in 0..<count {
            let record = offset + 6 + 12 * i
            guard record + 12 <= data.count else { break }
            let platform = u16(data, record), encoding = u16(data, record + 2), language = u16(data, record + 4)
            let id = u16(data, record + 6), length = Int(u16(data, record + 8)), start = strings + Int(u16(data, record + 10))
            guard id == 16 || id == 1, length > 0, start + length <= data.count else { continue }
            var text: String?
            var rank = id == 16 ? 0 : 4
            if platform == 3 && (encoding == 1 || encoding == 10) {
                var units: [UInt16] = []
                for k in stride(from: start, to: start + length - 1, by: 2) { units.append(UInt16(data[k]) << 8 | UInt16(data[k + 1])) }
                text = String(decoding: units, as: UTF16.self)
                rank += language == 0x409 ? 0 : 1
            } else if platform == 1 && encoding == 0 {
                text = String(decoding: data[start..<start + length].map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
                rank += 2
            }
            guard let found = text?.whitespaceTrimmed, !found.isEmpty else { continue }
            if best == nil || rank < best!.rank { best = (rank, found) }
        }
        return best?.text
    }
}
