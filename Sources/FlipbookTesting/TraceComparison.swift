import Easing
import FlipbookSVG
import FlipbookSupport

/// How far a recorded value may stand from its golden one, by property name.
///
/// A difference is measured per component — a number, each coordinate of a point or list, each
/// channel of a colour in 0…255 units — and the largest counts. Text values (strings, paths,
/// gradients) must be equal. The default, 1e-6, is what 6 printed decimals leave.
public struct Tolerance: Hashable, Sendable {
    /// For properties not named in `byProperty`, ≥ 0.
    public var standard: Double
    /// By property name (`"strokeEnd": 0.001`), ≥ 0.
    public var byProperty: [String: Double]

    public init(_ standard: Double = 1e-6, _ byProperty: [String: Double] = [:]) {
        self.standard = standard
        self.byProperty = byProperty
    }

    /// The tolerance of `property`.
    public func of(_ property: String) -> Double { byProperty[property] ?? standard }
}

/// Where a recorded trace departs from its golden: per series, the first instant that diverges, the
/// values there, the largest difference and how many instants differ; and the series or instants one
/// has and the other has not.
public struct TraceComparison: Hashable, Sendable, CustomStringConvertible {
    /// One series that differs beyond its tolerance.
    public struct Mismatch: Hashable, Sendable {
        public var key: Trace.SeriesKey
        /// The first instant beyond the tolerance, seconds, with the recorded and golden values there.
        public var time: Double
        public var actual: String
        public var expected: String
        /// The largest difference (infinity where text differs) and where it is, seconds.
        public var largest: Double
        public var largestTime: Double
        /// Instants beyond the tolerance, of `instants`.
        public var differing: Int
        public var instants: Int
        public var tolerance: Double
    }

    public var mismatches: [Mismatch] = []
    /// Series of the golden the recording lacks, and the other way round.
    public var missing: [Trace.SeriesKey] = []
    public var extra: [Trace.SeriesKey] = []
    /// A series whose instants differ from the golden's: the first such, described.
    public var instants: String?

    /// Whether the recording matches the golden.
    public var matches: Bool { mismatches.isEmpty && missing.isEmpty && extra.isEmpty && instants == nil }

    /// Compares `actual` with `expected` series by series.
    public init(_ actual: Trace, golden expected: Trace, tolerance: Tolerance = Tolerance()) {
        let actualKeys = actual.keys, expectedKeys = expected.keys
        missing = expectedKeys.filter { !actualKeys.contains($0) }
        extra = actualKeys.filter { !expectedKeys.contains($0) }
        var bySeries: [Trace.SeriesKey: [Trace.Sample]] = [:], goldenBySeries: [Trace.SeriesKey: [Trace.Sample]] = [:]
        for s in actual.samples { bySeries[Trace.SeriesKey(layer: s.layer, property: s.property), default: []].append(s) }
        for s in expected.samples { goldenBySeries[Trace.SeriesKey(layer: s.layer, property: s.property), default: []].append(s) }
        for key in expectedKeys {
            guard let a = bySeries[key], let e = goldenBySeries[key] else { continue }
            let times = a.map(\.time), goldenTimes = e.map(\.time)
            guard times.count == goldenTimes.count, zip(times, goldenTimes).allSatisfy({ abs($0 - $1) <= 5e-7 }) else {
                if instants == nil {
                    let at = zip(times, goldenTimes).first { abs($0 - $1) > 5e-7 }
                    instants = "\(key): \(times.count) instants recorded, \(goldenTimes.count) in the golden"
                        + (at.map { "; the first that differs is \(Self.seconds($0.0)) against \(Self.seconds($0.1))" } ?? "")
                }
                continue
            }
            let limit = tolerance.of(key.property)
            var mismatch: Mismatch?
            for (x, y) in zip(a, e) {
                let d = Self.difference(x.value, y.value)
                guard d > limit else { continue }
                if mismatch == nil {
                    mismatch = Mismatch(key: key, time: x.time, actual: x.value, expected: y.value, largest: d, largestTime: x.time,
                                        differing: 0, instants: a.count, tolerance: limit)
                }
                mismatch!.differing += 1
                if d > mismatch!.largest { (mismatch!.largest, mismatch!.largestTime) = (d, x.time) }
            }
            if let mismatch { mismatches.append(mismatch) }
        }
    }

    /// The readable diff: a paragraph per series that differs.
    public var description: String {
        if matches { return "the trace matches its golden" }
        var lines: [String] = []
        for m in mismatches {
            let largest = m.largest.isFinite ? "largest difference \(Self.number(m.largest)) at \(Self.seconds(m.largestTime))" : "a value of another kind or text"
            lines.append("\(m.key): first differs at \(Self.seconds(m.time)): \(m.actual) where the golden has \(m.expected) "
                + "(tolerance \(Self.number(m.tolerance))); \(largest); \(m.differing) of \(m.instants) instants differ")
        }
        if !missing.isEmpty { lines.append("not recorded, in the golden: \(missing.map(\.description).joined(separator: ", "))") }
        if !extra.isEmpty { lines.append("recorded, not in the golden: \(extra.map(\.description).joined(separator: ", "))") }
        if let instants { lines.append("instants differ: \(instants)") }
        return lines.joined(separator: "\n")
    }

    /// The largest difference of two values' components (see `Tolerance`); infinity when they are
    /// of different kinds or their texts differ.
    public static func difference(_ a: String, _ b: String) -> Double {
        if a == b { return 0 }
        guard let x = components(a), let y = components(b), x.count == y.count else { return .infinity }
        return zip(x, y).reduce(0) { max($0, abs($1.0 - $1.1)) }
    }

    /// A value's numbers: a number, the members of a list of numbers, a colour's channels in 0…255
    /// (alpha 255 when unwritten); nil for other text.
    public static func components(_ text: String) -> [Double]? {
        if let v = Double(text) { return v.isFinite ? [v] : nil }
        if text.hasPrefix("["), text.hasSuffix("]") {
            let parts = text.dropFirst().dropLast().split(separator: ",").map { $0.whitespaceTrimmed }
            if parts.isEmpty { return [] }
            let values = parts.compactMap { Double($0) }
            return values.count == parts.count && values.allSatisfy(\.isFinite) ? values : nil
        }
        let hex = Array(text.utf8)
        if (hex.count == 9 || hex.count == 11), hex.first == UInt8(ascii: "\""), hex[1] == UInt8(ascii: "#"), hex.last == UInt8(ascii: "\"") {
            var channels: [Double] = []
            var i = 2
            while i + 1 < hex.count - 1 {
                guard let v = UInt8(String(decoding: hex[i...i + 1], as: UTF8.self), radix: 16) else { return nil }
                channels.append(Double(v))
                i += 2
            }
            if channels.count == 3 { channels.append(255) }
            return channels
        }
        return nil
    }

    static func seconds(_ t: Double) -> String { "t = \(SVGNumber.format(t, decimals: 6)) s" }
    static func number(_ v: Double) -> String { v.isFinite ? (abs(v) >= 1e-4 || v == 0 ? SVGNumber.format(v, decimals: 6) : "\(v)") : "∞" }
}
