import Foundation
import Flipbook
@testable import FlipbookLottie
import FlipbookScenes
import Testing

/// The inertial-bounce expression of After Effects presets against its definition: after key n the
/// value is value(t) + v · s · amp · sin(2π · freq · τ) / e^(decay · τ), τ = t − tₙ, v the velocity
/// arriving at the key (units a second), s = 1/100 with sliders (amp = Overshoot / 2.5, freq =
/// Bounce / 20, decay = Friction / 20) and 1 with constants (then only for τ < time_max).
@Suite struct LottieOvershootTests {
    /// At 10 fps: position x 0 → 100 straight over frames 0 to 10 (arriving at 100 units a second),
    /// then still to a third key at frame 20, under `expression`, with sliders Overshoot 20 (clamped
    /// by their own expression to 0…100), Bounce 40, Friction 40.
    static func file(_ expression: String) -> String {
        func slider(_ name: String, _ value: Int) -> String {
            #"{"ty":5,"nm":"Position - "# + name + #"","mn":"ADBE Slider Control","ef":[{"ty":0,"nm":"Slider","mn":"ADBE Slider Control-0001","v":{"a":0,"k":"#
                + "\(value)" + #","x":"var $bm_rt;\n$bm_rt = clamp(value, 0, 100);"}}]}"#
        }
        let p = #"{"a":1,"k":[{"t":0,"s":[0,50],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100,50],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},"#
            + #"{"t":20,"s":[100,50]}],"x":"# + "\"\(expression)\"}"
        return LottieExpressionTests.file(p: p).replacingOccurrences(of: #""ks":{"p""#, with: #""ef":["# + slider("Overshoot", 20) + ","
            + slider("Bounce", 40) + "," + slider("Friction", 40) + #"],"ks":{"p""#)
    }

    static let sliders = "var $bm_rt;\\nvar amp, freq, decay, n, t, v;\\ntry {\\n    amp = div(effect('Position - Overshoot')('ADBE Slider Control-0001'), 2.5), "
        + "freq = div(effect('Position - Bounce')('ADBE Slider Control-0001'), 20), decay = div(effect('Position - Friction')('ADBE Slider Control-0001'), 20), "
        + "n = 0, 0 < numKeys && (n = nearestKey(time).index, key(n).time > time && n--), t = 0 === n ? 0 : time - key(n).time, "
        + "$bm_rt = 0 < n ? (v = velocityAtTime(sub(key(n).time, div(thisComp.frameDuration, 10))), sum(value, div(mul(mul(div(v, 100), amp), "
        + "Math.sin(mul(mul(mul(freq, t), 2), Math.PI))), Math.exp(mul(decay, t))))) : value;\\n} catch (e$$4) {\\n    $bm_rt = value = value;\\n}"
    static let constants = "var $bm_rt;\\nvar amp, freq, decay, n, time_max, n, t, t, v;\\namp = 0.05;\\nfreq = 2;\\ndecay = 2;\\nn = 0;\\n"
        + "$bm_rt = time_max = 0.3;\\nif (numKeys > 0) {\\n    $bm_rt = n = nearestKey(time).index;\\n    if (key(n).time > time) {\\n        n--;\\n    }\\n}\\n"
        + "if (n == 0) {\\n    $bm_rt = t = 0;\\n} else {\\n    $bm_rt = t = sub(time, key(n).time);\\n}\\nif (n > 0 && t < time_max) {\\n"
        + "    v = velocityAtTime(sub(key(n).time, div(thisComp.frameDuration, 10)));\\n"
        + "    $bm_rt = sum(value, div(mul(mul(v, amp), Math.sin(mul(mul(mul(freq, t), 2), Math.PI))), Math.exp(mul(decay, t))));\\n} else {\\n    $bm_rt = value;\\n}"

    /// The keyed course: 10 a frame up to frame 10, then 100.
    static func keyed(_ f: Double) -> Double { min(f, 10) * 10 }

    @Test func slidersSwingAfterTheKeyTheValueArrivesAt() throws {
        let frames: [Double] = [0, 5, 10, 11, 12, 13, 15, 18, 20, 25]
        let (xs, omissions) = try LottieExpressionTests.x(Self.file(Self.sliders), frames: frames)
        #expect(omissions.isEmpty, "\(omissions)")
        for (f, x) in zip(frames, xs) {
            // Before frame 10 the last key is the first, reached at rest; after frame 20 the third,
            // reached at rest: no swing. Between, amp 8, freq 2, decay 2, v 100 a second.
            let tau = (f - 10) / 10
            let swing = f > 10 && f < 20 ? 100 * 0.01 * 8 * sin(2 * .pi * 2 * tau) / exp(2 * tau) : 0
            // (The velocity is a difference over 1 ms of a straight course: exact to rounding.)
            #expect(abs(x - (Self.keyed(f) + swing)) < 1e-6, "frame \(f): \(x), not \(Self.keyed(f) + swing)")
        }
        // Between frames, straight from one frame's value to the next's.
        let (half, _) = try LottieExpressionTests.x(Self.file(Self.sliders), frames: [11.5])
        #expect(abs(half[0] - (xs[3] + xs[4]) / 2) < 1e-6, "\(half[0])")
    }

    @Test func constantsSwingUntilTheirTimeLimit() throws {
        let frames: [Double] = [5, 11, 12, 13, 14, 16]
        let (xs, omissions) = try LottieExpressionTests.x(Self.file(Self.constants), frames: frames)
        #expect(omissions.isEmpty, "\(omissions)")
        for (f, x) in zip(frames, xs) {
            let tau = (f - 10) / 10
            let swing = f > 10 && tau < 0.3 ? 100 * 0.05 * sin(2 * .pi * 2 * tau) / exp(2 * tau) : 0
            #expect(abs(x - (Self.keyed(f) + swing)) < 1e-6, "frame \(f): \(x), not \(Self.keyed(f) + swing)")
        }
    }

    /// A slider the file does not have, or one whose value is keyed, leaves the expression unread.
    @Test func aMissingSliderIsReported() throws {
        let renamed = Self.sliders.replacingOccurrences(of: "Position - Bounce", with: "Scale - Bounce")
        let (_, omissions) = try LottieExpressionTests.x(Self.file(renamed), frames: [0])
        #expect(omissions.map(\.path) == ["layers[0].ks.p.x"], "\(omissions)")
    }
}
