/// Non-decreasing key times with an O(log n) search for the segment that holds a progress value.
///
/// Segment i runs from `times[i]` to `times[i + 1]`; a segment of zero length (two equal key times)
/// never holds a progress value. Made in O(n) once per animation (`KeyframeAnimation.resolved`).
struct KeyTimeIndex: Sendable {
    /// The key times, non-decreasing (validation refuses others; with others, the search's answer is
    /// one of the segments that hold the value).
    let times: [Double]
    /// For each segment i, the last segment at or before i with a positive length; 0 where there is none.
    private let lastNonEmpty: [Int]

    init(_ times: [Double]) {
        self.times = times
        var last = 0
        var table: [Int] = []
        table.reserveCapacity(max(times.count - 1, 0))
        for i in 0..<max(times.count - 1, 0) {
            if times[i + 1] > times[i] { last = i }
            table.append(last)
        }
        lastNonEmpty = table
    }

    /// The largest index i < `count` with `times[i] <= p`, or nil when there is none (or `p` is NaN).
    func lastIndex(atOrBefore p: Double, below count: Int) -> Int? {
        guard count > 0, times[0] <= p else { return nil }
        var lo = 0, hi = count - 1          // times[lo] <= p holds
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if times[mid] <= p { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The segment holding `p` and the local parameter within it (needs two or more times): the last
    /// non-empty segment starting at or before `p`; before the first key time the first segment, and
    /// from the last key time on the last one, extrapolated; local is 1 in a segment of zero length.
    func locate(_ p: Double) -> (Int, Double) {
        let last = times.count - 2
        var segment = lastIndex(atOrBefore: p, below: last + 1).map { lastNonEmpty[$0] } ?? 0
        if p >= times[last + 1] { segment = last }
        let span = times[segment + 1] - times[segment]
        return (segment, span > 0 ? (p - times[segment]) / span : 1)
    }
}
