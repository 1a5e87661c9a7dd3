import Easing
import FlipbookSupport

/// How a text layer shows a number (`TextLayer.format`): C printf's conversion of one number, in the
/// C locale (a '.' for the decimal point whatever the machine's settings), with literal text around it.
///
/// The format holds exactly one conversion, `%[flags][width][.precision]type`: flags from `-+ 0#'`,
/// width and precision of at most two digits, and type `f`, `F`, `e`, `E`, `g`, `G` (the number as
/// printf shows a double: rounded to the precision by the C library, ties to even on the exact binary
/// value) or `d`, `i` (the number truncated toward zero, as C's `(long)` cast: a count from 0 to 100
/// shows 99 until it reaches 100). `%%` is a literal percent sign. Anything else (`%s`, `%n`, two
/// conversions, none) is refused by `init?`, so a format never reads what it was not given.
///
/// The `'` flag groups the integer digits in threes with commas, as printf does in an English locale
/// and whatever the machine's ("%'d" shows 1234567 as "1,234,567"; "%'.1f" shows -999.95 as
/// "-1,000.0": grouped after rounding); the width counts the commas. Digits after the first run (a
/// fraction, an exponent) are not grouped, so `%'e` is `%e`. With the `0` flag it is refused (C leaves
/// zeros among the groups to the locale).
/// A number that is not finite shows as printf shows it ("nan", "inf"); one beyond ±9.2e18 with `d`
/// shows the nearest representable end.
public struct NumberFormat: Hashable, Sendable {
    /// The format as written.
    public let text: String
    /// Whether the conversion is `d` or `i`.
    let integer: Bool
    /// The format handed to printf (`d`/`i` written as `ld`); with the `'` flag, the conversion alone,
    /// without its width.
    let printfFormat: String
    /// With the `'` flag: the literal text either side of the conversion, its width and whether it is
    /// left-justified (`-`); nil without it.
    let grouped: Grouped?

    struct Grouped: Hashable, Sendable {
        let before: String, after: String
        let width: Int
        let left: Bool
    }
    /// The step between two numbers the format shows apart: 1 for `d`, 10^−precision for `f` (6 when
    /// not given); nil for `e` and `g`, whose step depends on the number.
    public let resolution: Double?

    /// The format `text`, or nil when it is not one conversion of a number (see the type's comment).
    public init?(_ text: String) {
        var scalars = Array(text.unicodeScalars)[...]
        var out = "", conversions = 0, integer = false, resolution: Double?
        // The literal text before and after the conversion (for the `'` flag), its flags, width and
        // the conversion as printf reads it (without the width when grouping).
        var literal = ["", ""], flags = "", width = 0, conversion = ""
        while let c = scalars.popFirst() {
            guard c == "%" else { out.unicodeScalars.append(c); literal[min(conversions, 1)].unicodeScalars.append(c); continue }
            if scalars.first == "%" { scalars.removeFirst(); out += "%%"; literal[min(conversions, 1)] += "%"; continue }
            var spec = "%"
            while let f = scalars.first, "-+ 0#'".unicodeScalars.contains(f) { flags.unicodeScalars.append(f); scalars.removeFirst() }
            let grouping = flags.contains("'")
            if grouping && flags.contains("0") { return nil }
            spec += flags.filter { $0 != "'" }
            var digits = 0
            while let d = scalars.first, ("0"..."9").contains(d) {
                if !grouping { spec.unicodeScalars.append(d) }
                width = width * 10 + Int(d.value - 48)
                scalars.removeFirst()
                digits += 1
            }
            guard digits <= 2 else { return nil }
            var precision = 6
            if scalars.first == "." {
                spec += "."
                scalars.removeFirst()
                digits = 0
                var p = 0
                while let d = scalars.first, ("0"..."9").contains(d) {
                    spec.unicodeScalars.append(d)
                    scalars.removeFirst()
                    digits += 1
                    p = p * 10 + Int(d.value - 48)
                }
                guard digits <= 2 else { return nil }
                precision = p
            }
            guard let type = scalars.popFirst() else { return nil }
            switch type {
            case "f", "F":
                spec.unicodeScalars.append(type)
                resolution = (0..<precision).reduce(1.0) { v, _ in v / 10 }
            case "e", "E", "g", "G": spec.unicodeScalars.append(type)
            case "d", "i":
                spec += "ld"
                integer = true
                resolution = 1
            default: return nil
            }
            conversions += 1
            out += spec
            conversion = spec
        }
        guard conversions == 1 else { return nil }
        self.text = text
        self.integer = integer
        self.resolution = resolution
        if flags.contains("'") {
            self.printfFormat = conversion
            self.grouped = Grouped(before: literal[0], after: literal[1], width: width, left: flags.contains("-"))
        } else {
            self.printfFormat = out
            self.grouped = nil
        }
    }

    /// `value` shown by the format.
    public func string(_ value: Double) -> String {
        let shown: String
        if integer {
            let truncated = value.isNaN ? 0 : value >= 9.2e18 ? Int.max : value <= -9.2e18 ? Int.min : Int(value.rounded(.towardZero))
            shown = String(printf: printfFormat, truncated)
        } else {
            shown = String(printf: printfFormat, value)
        }
        guard let grouped else { return shown }
        let digits = Self.grouping(shown)
        let padding = String(repeating: " ", count: max(0, grouped.width - digits.count))
        return grouped.before + (grouped.left ? digits + padding : padding + digits) + grouped.after
    }

    /// `s` (a conversion's output) with its first run of digits grouped in threes by commas from the
    /// right: "-1234567.5" gives "-1,234,567.5"; "1.5e+06" and "inf" stay as they are.
    static func grouping(_ s: String) -> String {
        let chars = Array(s)
        func digit(_ c: Character) -> Bool { ("0"..."9").contains(c) }
        guard let start = chars.firstIndex(where: digit) else { return s }
        let end = chars[start...].firstIndex { !digit($0) } ?? chars.endIndex
        var out = String(chars[..<start])
        for (i, c) in chars[start..<end].enumerated() {
            if i > 0 && (end - start - i) % 3 == 0 { out += "," }
            out.append(c)
        }
        return out + String(chars[end...])
    }

    /// What a format must be, for messages.
    public static let expected = "a format showing one number, such as \"%.0f%%\" or \"%d pts\": one of %f %e %g %d (flags -+ 0# and ' for thousands separators, width and precision of up to two digits), %% for a percent sign"
}

extension Scene {
    /// The ids of the text layers that show a formatted number (`TextLayer.format`) at some time: set
    /// in the model, on a layer a timed change adds, or by a timed change, in the order found. Read
    /// from the changes themselves, not by replaying them (a scene of thousands of changes replayed
    /// once per change cost seconds).
    public var formattedTextIDs: [String] {
        let text = LayerType(TextLayer.self), name = TextLayer.format.name
        var ids: [String] = []
        func add(_ id: String) { if !ids.contains(id) { ids.append(id) } }
        var layers = root.allLayers
        for change in changes { if case .add(let layer, _)? = change.edit { layers += layer.allLayers } }
        for layer in layers where layer.type == text && !layer[TextLayer.format].isEmpty { add(layer.id) }
        for change in changes where change.assignments.contains(where: { $0.key.name == name }) { add(change.layerID) }
        return ids
    }
}

extension Scene {
    /// Instants between those of `grid` where each formatted number's text (`formattedTextIDs`)
    /// shows a state the grid's instants do not: between two instants whose texts differ, the middle
    /// is looked at; a text unlike both ends is a state of its own, and each half whose ends differ is
    /// searched again, down to 1/4096 of the interval (a state shorter than that can be missed). A
    /// layer `estimatedNumberStates` leaves out, or with more than `limit` such states, adds none
    /// and is listed in `over`. The animated compiler observes these instants.
    public func numberTextStates(grid: [Double], limit: Int) -> (instants: [Double], over: [String]) {
        let ids = formattedTextIDs
        guard !ids.isEmpty, grid.count > 1 else { return ([], []) }
        let kept = estimatedNumberStates(limit: limit)
        var instants: [Double] = [], over: [String] = []
        for id in ids {
            guard kept[id] != nil else { over.append(id); continue }
            func text(_ t: Double) -> String? { presentation(at: t).layer(withID: id).map(TextLayer.shownText) }
            var found: [Double] = []
            var tooMany = false
            func search(_ a: Double, _ ta: String?, _ b: Double, _ tb: String?, depth: Int) {
                guard !tooMany, depth > 0, ta != tb else { return }
                let m = 0.5 * (a + b)
                guard m > a, m < b else { return }
                let tm = text(m)
                if tm != ta && tm != tb {
                    found.append(m)
                    if found.count > limit { tooMany = true; return }
                }
                search(a, ta, m, tm, depth: depth - 1)
                search(m, tm, b, tb, depth: depth - 1)
            }
            let values = grid.map(text)
            for k in grid.indices.dropLast() where values[k] != values[k + 1] {
                search(grid[k], values[k], grid[k + 1], values[k + 1], depth: 12)
                if tooMany { break }
            }
            if tooMany { over.append(id) } else { instants += found }
        }
        return (instants, over)
    }
}

extension Scene {
    /// For each formatted number's text layer whose number passes at most `limit` shown steps, that
    /// many (the cost model counts them; the compiler looks for those layers' states only): the
    /// distance its number travels between 33 evenly spaced instants, in steps of what the format
    /// shows (1 for `%d`, 10^−precision for `%f`; each sample for `%e` and `%g`). Cheap: 33
    /// evaluations of the scene, whatever the states.
    public func estimatedNumberStates(limit: Int) -> [String: Int] { numberStateEstimates(limit: limit).kept }

    /// `estimatedNumberStates(limit:)` as `kept`, and the layers past `limit` as `over`, each with its
    /// estimate (at least `limit` + 1; infinite where a number is thrown past 1e308 and back).
    public func numberStateEstimates(limit: Int) -> (kept: [String: Int], over: [String: Double]) {
        let ids = formattedTextIDs
        guard !ids.isEmpty else { return ([:], [:]) }
        let samples = (0...32).map { presentation(at: duration * Double($0) / 32) }
        var out: [String: Int] = [:], over: [String: Double] = [:]
        for id in ids {
            var states = 0.0, previous: Double?
            for root in samples {
                guard let layer = root.layer(withID: id), let format = NumberFormat(layer[TextLayer.format]) else { previous = nil; continue }
                let v = layer[TextLayer.number]
                if let p = previous, v.isFinite, p.isFinite { states += format.resolution.map { abs(v - p) / $0 } ?? 1 }
                previous = v
            }
            if states <= Double(limit) { out[id] = Int(states.rounded(.up)) } else { over[id] = states.isNaN ? .infinity : states }
        }
        return (out, over)
    }
}
