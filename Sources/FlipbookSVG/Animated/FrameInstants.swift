/// The frame instants (i/fps) as players read them, and the gap the jump rules keep changes clear
/// of them by: the arithmetic `DiscreteTrack`, `TrackFitter`'s jump rules and the verification
/// share.
enum FrameInstants {
    /// How far after an instant showing the old value a change is placed at least: 4 µs (of a 1 s
    /// scene; in proportion beyond). Writers move a switch up to 2 µs earlier (SMILWriter: players
    /// keep whole microseconds) and Chromium's CSS animations compare times within 1 µs, so with
    /// 1 µs a change found just after a frame at 0.1 s (a ring's arc that appears once its change
    /// begins) was written at 0.0999995 s and showed at that frame.
    static func gap(duration: Double) -> Double { 4e-6 * max(duration, 1) }

    /// The instant Chromium's SMIL shows when seeked to `t`: `SVGSVGElement.setCurrentTime` takes a
    /// single-precision float (its IDL), and the clock keeps whole microseconds, truncated. Frame
    /// 0.7 s is read at 0.699999 s (0.7 as a float is 0.699999988); frame 17/30 s at 0.566666 s.
    /// At most 1 µs plus half a float's ulp (t · 2^-24) before `t`, or that ulp after.
    static func seekedByChromium(_ t: Double) -> Double {
        (Double(Float(t)) * 1e6).rounded(.towardZero) / 1e6
    }

    /// The frame instant (i/fps) less than `gap(duration:)` before `t`, if any (not `t` itself).
    static func frameJustBefore(_ t: Double, fps: Double, duration: Double) -> Double? {
        guard fps > 0, t > 0 else { return nil }
        var n = (t * fps).rounded(.down)
        if n / fps >= t { n -= 1 }
        let f = n / fps
        return n >= 0 && t - f < gap(duration: duration) ? f : nil
    }

    /// The index of the frame (i/fps) at `t` or less than 1e-9 of `t` after it (a few ulps: a knot
    /// that decimal sums put just before the frame), if any.
    static func frameAtOrJustAfter(_ t: Double, fps: Double) -> Int? {
        guard fps > 0, t.isFinite, t > 0, t * fps < 1e15 else { return nil }
        let n = (t * fps).rounded()
        let frame = n / fps
        return frame >= t && frame - t <= 1e-9 * max(1, t) ? Int(n) : nil
    }
}
