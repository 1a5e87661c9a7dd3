import Easing
import Flipbook
import FlipbookScenes
import Testing
@testable import FlipbookSVG

/// Animations that began long before the scene (a far negative `beginTime`; a replicator's negative
/// `instanceDelay` does the same to its instances): the timeline lays out only the cycles that reach
/// the scene, and a scene of infinite repeats that all began at or before 0 is periodic whatever
/// their phases.
struct EarlyBeginTests {
    /// An arc turning 360° each second with ease-in-out, forever from `begin`, in a 4 s scene.
    static func spinner(begin: Double, offset: Double = 0, repeats: String = "\"infinite\"") throws -> Scene {
        try SceneLoader().decode(Array("""
        {"flipbook": 1, "canvas": [100, 100], "duration": 4, "fps": 30, "layers": [
          {"id": "s", "type": "arc", "frame": [10, 10, 80, 80], "startAngle": -90, "endAngle": 0, "strokeColor": "#4dabf7", "lineWidth": 10,
           "animations": [{"property": "rotation", "from": 0, "to": 360, "duration": 1, "beginTime": \(begin), "timeOffset": \(offset),
                           "timing": "ease-in-out", "repeatCount": \(repeats)}]}]}
        """.utf8), file: "t.json")
    }

    /// Whole cycles earlier is the same motion, so the same file: beginning 3 s or 100,000 s before
    /// the scene writes the bytes beginning at 0 writes (one periodic cycle, its rotation exact),
    /// where 100,000 s had been sampled (258 keyframes: the timeline's first 20,000 cycles all lay
    /// before the scene).
    @Test func wholeCyclesEarlierIsTheSameFile() throws {
        let reference = AnimatedSVGCompiler(scene: try Self.spinner(begin: 0)).compile()
        for begin in [-3.0, -100_000] {
            let compiled = AnimatedSVGCompiler(scene: try Self.spinner(begin: begin)).compile()
            #expect(compiled.svg == reference.svg, "begin \(begin)")
            #expect(compiled.report.first?.encoding == .periodic)
            #expect(compiled.report.contains { $0.property == "rotate" && $0.encoding == .exact }, "begin \(begin)")
        }
    }

    /// A phase is still a period: begun 0.25 s early with a time offset of 0.3 s, the scene repeats
    /// each second, and the written cycle, read back, is 360° · ease-in-out(frac(t + 0.55)) (the CSS
    /// curve cubic-bezier(0.42, 0, 0.58, 1)) within the report's bound at instants in every repeat.
    /// Begun after 0 (not active at 0) or with a finite repeat count, it is not periodic.
    @Test func aPhaseIsStillAPeriod() throws {
        let scene = try Self.spinner(begin: -0.25, offset: 0.3)
        #expect(scene.period == 1)
        let compiled = AnimatedSVGCompiler(scene: scene).compile()
        #expect(compiled.report.first?.encoding == .periodic)
        let bound = try #require(compiled.report.first { $0.property == "rotate" }).bound
        let rotate = try #require(OneTimelineTests.track(compiled.svg, containing: "type=\"rotate\"", attribute: "transform"))
        let curve = CubicBezier(0.42, 0, 0.58, 1)
        for t in [0.0, 0.1, 0.44, 0.46, 1.3, 2.71, 3.99] {
            let phase = (t + 0.55) - (t + 0.55).rounded(.down)
            let expected = 360 * curve(phase)
            let written = try #require(OneTimelineTests.numbers(rotate.value(at: t)).first)
            // An angle just under 360° and one just over 0° are the same turn.
            let apart = abs(written - expected)
            #expect(min(apart, abs(apart - 360)) <= bound, "t = \(t): \(written)° written, \(expected)° expected")
        }
        #expect(try Self.spinner(begin: 0.25).period == nil)
        #expect(try Self.spinner(begin: -0.25, repeats: "1000").period == nil)
    }

    /// Every opacity track in `svg`, in document order, read back.
    static func opacityTracks(_ svg: String) -> [SMILTrack] {
        svg.components(separatedBy: "<animate").dropFirst().compactMap { rest in
            rest.hasPrefix(" attributeName=\"opacity\"") ? SMILTrack("<animate" + rest.prefix { $0 != ">" } + ">") : nil
        }
    }

    /// Three instances of a bar whose opacity falls 1 → 0 each second, forever, `delay` apart, in a
    /// 4 s scene (the bar's own opacity 1).
    static func replicator(delay: Double) throws -> Scene {
        try SceneLoader().decode(Array("""
        {"flipbook": 1, "canvas": [100, 40], "duration": 4, "fps": 10, "layers": [
          {"id": "row", "type": "replicator", "frame": [0, 0, 30, 40], "instanceCount": 3, "instanceDelay": \(delay),
           "instanceTransform": {"translate": [30, 0]},
           "sublayers": [{"id": "bar", "type": "shape", "frame": [0, 0, 20, 40], "path": "M0 0H20V40H0Z", "fillColor": "#336699",
                          "animations": [{"property": "opacity", "from": 1, "to": 0, "duration": 1, "repeatCount": "infinite"}]}]}]}
        """.utf8), file: "t.json")
    }

    /// A replicator's instances that start later (instanceDelay 0.5 s) do not repeat from 0: instance
    /// k shows the bar's own opacity until 0.5·k s, then 1 − frac(t − 0.5·k). The period once looked at
    /// the replicator, not its instances, and called the scene periodic: each cycle replayed the first,
    /// and the last instance was back at 1 where it shows 0.75 at 1.25 s (`flipbook verify`: 0.85 off).
    /// Begun earlier (instanceDelay −0.5 s), they are periodic, 1 − frac(t + 0.5·k), written as one cycle.
    @Test func replicatorInstancesThatStartLaterAreNotPeriodic() throws {
        for delay in [0.5, -0.5] {
            let scene = try Self.replicator(delay: delay)
            #expect(scene.period == (delay < 0 ? 1 : nil), "delay \(delay)")
            let compiled = AnimatedSVGCompiler(scene: scene).compile()
            #expect((compiled.report.first?.encoding == .periodic) == (delay < 0))
            let tracks = Self.opacityTracks(compiled.svg)
            try #require(tracks.count == 3, "delay \(delay): \(tracks.count) opacity tracks")
            for (k, track) in tracks.enumerated() {
                for t in [0.25, 0.6, 1.25, 1.6, 2.3, 3.15, 3.7] {
                    let since = t - delay * Double(k)
                    let expected = since < 0 ? 1 : 1 - (since - since.rounded(.down))
                    // Before its first value the track shows the element's static opacity, absent: 1.
                    let written = OneTimelineTests.numbers(track.value(at: t)).first ?? 1
                    #expect(abs(written - expected) <= 0.004, "delay \(delay), instance \(k) at \(t) s: \(written) written, \(expected) expected")
                }
            }
        }
    }

    /// A layer's own timing counts: a container begun 3 s early running at twice the speed holds a
    /// 1 s cycle that repeats every 0.5 s of the scene, beside a 1 s cycle: period 1. Begun 0.5 s late,
    /// its animation is not running at 0: no period.
    @Test func aLayersOwnTimingIsFollowed() throws {
        func scene(begin: Double) throws -> Scene {
            try SceneLoader().decode(Array("""
            {"flipbook": 1, "canvas": [100, 40], "duration": 4, "fps": 10, "layers": [
              {"id": "box", "frame": [0, 0, 100, 40], "timing": {"beginTime": \(begin), "speed": 2},
               "sublayers": [{"id": "bar", "type": "shape", "frame": [0, 0, 20, 40], "path": "M0 0H20V40H0Z", "fillColor": "#336699",
                              "animations": [{"property": "opacity", "from": 1, "to": 0, "duration": 1, "repeatCount": "infinite"}]}]},
              {"id": "dot", "type": "shape", "frame": [60, 0, 20, 20], "path": "M0 0H20V20H0Z", "fillColor": "#993366",
               "animations": [{"property": "opacity", "from": 0, "to": 1, "duration": 1, "repeatCount": "infinite"}]}]}
            """.utf8), file: "t.json")
        }
        let early = try scene(begin: -3)
        #expect(early.period == 1)
        let tracks = Self.opacityTracks(AnimatedSVGCompiler(scene: early).compile().svg)
        try #require(tracks.count == 2)
        for t in [0.1, 0.3, 1.7, 2.45, 3.9] {
            // The bar: local time (t + 3)·2, so 1 − frac(2t); the dot: frac(t).
            let bar = 1 - (2 * t - (2 * t).rounded(.down)), dot = t - t.rounded(.down)
            #expect(abs(try #require(OneTimelineTests.numbers(tracks[0].value(at: t)).first) - bar) <= 0.004, "bar at \(t)")
            #expect(abs(try #require(OneTimelineTests.numbers(tracks[1].value(at: t)).first) - dot) <= 0.004, "dot at \(t)")
        }
        #expect(try scene(begin: 0.5).period == nil)
    }

    /// Twelve instances of a 1.2 s fade, each begun 0.1 s before the one before (`instanceDelay`
    /// −0.1, whose sums turn some cycles a few ulps after their knots and some a few before), in a
    /// 12 s and a 60 s scene that are not periodic (a second layer fades once): every instance's
    /// opacity is exact, three keys a cycle (each jump lands on a frame: it is written a gap before
    /// it, and the new cycle's fade starts at the frame, `TrackFitter.holdingJumpsClearOfFrames`)
    /// and its ends, and read back it is 1 − 0.85 · frac((t + 0.1 k) / 1.2) between its jumps. At 12 s instances 3 and 6 had been sampled with 871 keyframes each;
    /// at 60 s four were fallbacks 0.85 off between frames (jumps of 9-decimal key times of 60 s lie
    /// up to 3e-8 s off, checked 1e-8 s either side) and three more were sampled.
    @Test func decimalDelaysStayExact() throws {
        for (duration, fps) in [(12.0, 30.0), (60, 10)] {
            let scene = try SceneLoader().decode(Array("""
            {"flipbook": 1, "canvas": [100, 100], "duration": \(duration), "fps": \(fps), "layers": [
              {"id": "spinner", "type": "replicator", "frame": [0, 0, 100, 100], "instanceCount": 12, "instanceDelay": -0.1,
               "instanceTransform": {"rotate": 30},
               "sublayers": [{"id": "bar", "frame": [45, 5, 10, 30], "backgroundColor": "#ffffff",
                              "animations": [{"property": "opacity", "values": [1, 0.15], "duration": 1.2, "repeatCount": "infinite"}]}]},
              {"id": "once", "frame": [0, 0, 10, 10], "backgroundColor": "#ff0000",
               "animations": [{"property": "opacity", "from": 1, "to": 0, "duration": 1}]}]}
            """.utf8), file: "t.json")
            #expect(scene.period == nil)
            let compiled = AnimatedSVGCompiler(scene: scene).compile()
            let bars = compiled.report.filter { $0.element.hasPrefix("bar") && $0.property == "opacity" }
            #expect(bars.count == 12)
            let most = 3 * Int(duration / 1.2) + 4
            for entry in bars {
                #expect(entry.encoding == .exact && entry.keyframes <= most, "\(duration) s, \(entry.element): \(entry.encoding) \(entry.keyframes)")
            }
            let tracks = Self.opacityTracks(compiled.svg)
            try #require(tracks.count == 13)
            for (k, track) in tracks.prefix(12).enumerated() {
                for t in stride(from: 0.05, to: duration, by: duration / 34) {
                    let u = (t + 0.1 * Double(k)) / 1.2, phase = u - u.rounded(.down)
                    // Away from the jumps (the closed form's instant and the file's differ by ulps).
                    guard phase > 1e-6, phase < 1 - 1e-6 else { continue }
                    let written = OneTimelineTests.numbers(track.value(at: t)).first ?? 1
                    #expect(abs(written - (1 - 0.85 * phase)) <= 0.004, "\(duration) s, instance \(k) at \(t) s: \(written)")
                }
            }
        }
    }
}
