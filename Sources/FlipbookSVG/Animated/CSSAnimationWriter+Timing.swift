/// How an element's `animation` list items change for a scroll timeline (`--play scroll`) and for
/// reduced motion holding an instant.
extension CSSAnimationWriter {
    /// One `animation` list item ("k_2 2.2s linear 0.5s 3 forwards") on the scroll timeline: its
    /// iterations over the part of the `contain` range its delay and length take of the scene (the
    /// scene's whole length: the document's duration times its repeats, one period when it repeats for
    /// ever), as `animation-range` percentages (6 decimals).
    static func scrolled(_ item: String, timing: AnimatedDocument.Timing) -> (item: String, range: String) {
        let words = CSSTrack.split(item, at: " ")
        guard words.count >= 3, let duration = Double(words[1].dropLast()) else { return (item, "normal") }
        var delay = 0.0, count = 1.0, rest: [String] = []
        for (i, w) in words.dropFirst(3).enumerated() {
            if i == 0, w.hasSuffix("s"), let d = Double(w.dropLast()) { delay = d } else if let n = Double(w) { count = n } else if w == "infinite" { count = 1 } else { rest.append(w) }
        }
        let whole = timing.duration * (timing.repeats.map { $0.isFinite ? $0 : 1 } ?? 1)
        func percent(_ t: Double) -> String { SVGNumber.format(min(max(t / whole, 0), 1) * 100, decimals: 6) + "%" }
        let item = ([words[0], "1s", words[2], SVGNumber.format(count, decimals: 9)] + rest).joined(separator: " ")
        return (item, "contain \(percent(delay)) contain \(percent(delay + duration * count))")
    }

    /// One `animation` list item ("k_2 2.2s linear 0.5s forwards") paused at scene instant `at`: its
    /// delay (0 when absent) less `at`, and `paused`, so that it shows, without running, the state it
    /// has at `at` (CSS Animations 1: a negative delay starts the animation that far into it).
    static func paused(_ item: String, at: Double) -> String {
        var words = CSSTrack.split(item, at: " ")
        // name, duration, timing function, then the delay if the next word is a time.
        let delayIndex = 3
        if words.count > delayIndex, words[delayIndex].hasSuffix("s"), let d = Double(words[delayIndex].dropLast()) {
            words[delayIndex] = SVGNumber.format(d - at, decimals: 9) + "s"
        } else {
            words.insert(SVGNumber.format(-at, decimals: 9) + "s", at: min(delayIndex, words.count))
        }
        return (words + ["paused"]).joined(separator: " ")
    }
}
