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
}
