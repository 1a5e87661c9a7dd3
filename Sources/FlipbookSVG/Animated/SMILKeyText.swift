import Easing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One SMIL animation element's keys as written, for the exporters that translate them (CSS, Lottie):
/// its value texts, key times (evenly spaced when absent or of another count) and keySplines (nil for
/// a straight "0 0 1 1" or a malformed one). `SMILTrack` evaluates the same attributes.
struct SMILKeyText {
    var values: [String]
    var times: [Double]
    /// Per segment; may be shorter than values.count − 1 (missing ones are straight).
    var splines: [[Double]?]
    var discrete: Bool
    /// `dur`, seconds, > 0.
    var duration: Double

    /// nil when the element has no `dur` > 0 or no `values`.
    init?(_ a: [String: String]) {
        guard let duration = a["dur"].flatMap(SMILTrack.seconds), duration > 0, let text = a["values"] else { return nil }
        self.duration = duration
        let values = text.split(separator: ";", omittingEmptySubsequences: false).map { $0.whitespaceTrimmed }
        var times = (a["keyTimes"] ?? "").split(separator: ";").compactMap { Double($0.whitespaceTrimmed) }
        if times.count != values.count {
            times = values.count == 1 ? [0] : values.indices.map { Double($0) / Double(values.count - 1) }
        }
        self.values = values
        self.times = times
        discrete = a["calcMode"] == "discrete"
        splines = (a["keySplines"] ?? "").split(separator: ";").map { spline in
            let p = spline.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double(String($0)) }
            return p.count == 4 && p != [0, 0, 1, 1] ? p : nil
        }
    }
}
