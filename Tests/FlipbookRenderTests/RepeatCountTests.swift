import Flipbook
import FlipbookScenes
import Testing
@testable import FlipbookSVG

/// `AnimatedSVGCompiler.repeatCount`: the animated SVG played n times, then held, as its own SMIL and
/// CSS evaluators read the files: the value at k·D + x is the value once at x, and after n·D the end.
@Suite struct RepeatCountTests {
    /// The rings play their 2.5 s three times; the spinner, one 2 s period ten times a play, thirty.
    @Test(arguments: [("activity-rings", 3), ("spinner", 30)])
    func playsNTimesThenHolds(_ name: String, count: Int) throws {
        let scene = try AnimatedCompileTests.scene(name)
        var compiler = AnimatedSVGCompiler(scene: scene)
        compiler.repeatCount = 3
        let repeated = compiler.compile()
        compiler.repeatCount = nil
        var once = scene
        once.loops = false
        let single = AnimatedSVGCompiler(scene: once).compile()
        let tracks = CSSAnimationTests.animated(repeated.document).map { SMILTrack($0.animation, timing: repeated.document.timing) }
        let singleTracks = CSSAnimationTests.animated(single.document).map { SMILTrack($0.animation, timing: single.document.timing) }
        let d = scene.duration
        #expect(!tracks.isEmpty)
        for (r, s) in zip(tracks, singleTracks) {
            #expect(r.attribute == s.attribute)
            for x in [0.1, 0.37, 0.5 * d, d - 0.2] {
                for k in 0..<3 {
                    #expect(Self.close(r.value(at: Double(k) * d + x), s.value(at: x)), "\(name) \(r.attribute) at \(Double(k) * d + x)")
                }
            }
            // After the third play: the end held.
            #expect(Self.close(r.value(at: 3 * d + 0.5), s.value(at: d + 0.5)), "\(name) \(r.attribute) held")
        }
        // CSS: the same count with forwards.
        var css = AnimatedSVGCompiler(scene: scene)
        css.repeatCount = 3
        css.target = .css
        let svg = css.compile().withCSSAnimations().svg
        #expect(svg.contains(" \(count) forwards"))
        #expect(!svg.contains("infinite"))
    }

    static func close(_ a: SMILTrack.Value?, _ b: SMILTrack.Value?) -> Bool {
        switch (a, b) {
        case (.numbers(let x)?, .numbers(let y)?): return x.count == y.count && zip(x, y).allSatisfy { abs($0 - $1) < 1e-6 }
        case (.text(let x)?, .text(let y)?): return x == y
        case (nil, nil): return true
        default: return false
        }
    }
}
