import Flipbook
import FlipbookScenes
@testable import FlipbookTesting
import Testing

/// Each rule on a scene built for it: the finding's rule, path and time, from the scene's numbers.
@Suite struct LintTests {
    func findings(_ body: String, duration: Double = 2, loop: Bool = false, extra: String = "") throws -> [LintFinding] {
        let text = """
        {"flipbook": 1, "canvas": [200, 200], "duration": \(duration), "fps": 30, "loop": \(loop)\(extra), "layers": [\(body)]}
        """
        return try SceneLint(scene: try SceneLoader().decode(Array(text.utf8), file: "lint.json")).findings()
    }

    let box = ##""id": "box", "type": "shape", "frame": [0, 0, 20, 20], "path": "M0 0H20V20Z", "fillColor": "#336699""##

    @Test func loopSeam() throws {
        let f = try findings("{\(box), \"animations\": [{\"property\": \"opacity\", \"from\": 0, \"to\": 1, \"duration\": 2, \"timing\": \"linear\"}]}", loop: true)
        #expect(f.map(\.rule) == [.loopSeam])
        #expect(f.first?.path == "layers[0]" && f.first?.time == 2)
        #expect(f.first?.message == "the loop ends with box's opacity at 0.999999 and starts again at 0")
    }

    @Test func loopVelocity() throws {
        // Out 100 px and back, linear: it meets itself at 0 with speed −100 px/s at the end, +100 at the start.
        let f = try findings("{\(box), \"animations\": [{\"property\": \"translation\", \"values\": [[0, 0], [100, 0], [0, 0]], \"keyTimes\": [0, 0.5, 1], \"duration\": 2, \"timing\": \"linear\"}]}", loop: true)
        #expect(f.map(\.rule) == [.loopVelocity])
        #expect(f.first?.message == "the loop meets itself with a jump in box's translation speed (component 0): -100 a second at the end, 100 at the start")
        // The same out-and-back eased at both ends meets itself at rest.
        let eased = try findings("{\(box), \"animations\": [{\"property\": \"translation\", \"values\": [[0, 0], [100, 0], [0, 0]], \"keyTimes\": [0, 0.5, 1], \"duration\": 2, \"timingFunctions\": [\"ease-in-out\", \"ease-in-out\"]}]}", loop: true)
        #expect(eased.isEmpty)
        // A linear ping-pong that repeats forever: the loop point is its own turn, not a seam.
        let pingPong = try findings("{\(box), \"animations\": [{\"property\": \"translation\", \"from\": [0, 0], \"to\": [100, 0], \"duration\": 1, \"autoreverses\": true, \"repeatCount\": \"infinite\"}]}", loop: true)
        #expect(pingPong.isEmpty)
    }

    @Test func retargetFromTheModelValue() throws {
        // x from 0 to 100 over 2 s; at 1 s (x = 50 on screen) a second animation starts from 0.
        let jump = try findings("{\(box), \"animations\": [{\"property\": \"translation\", \"from\": [0, 0], \"to\": [100, 0], \"duration\": 2, \"timing\": \"linear\"}, {\"property\": \"translation\", \"from\": [0, 0], \"to\": [20, 0], \"duration\": 0.5, \"beginTime\": 1, \"timing\": \"linear\"}]}", duration: 3)
        #expect(jump.map(\.rule) == [.retargetJump])
        #expect(jump.first?.path == "layers[0].animations[1]" && jump.first?.time == 1)
        #expect(jump.first?.message == "box's translation is moving when the animation starts, and jumps from [49.9995, 0] on screen to [0, 0]")
        // Without its from value it starts from the value on screen (Core Animation's rule): no jump.
        let smooth = try findings("{\(box), \"animations\": [{\"property\": \"translation\", \"from\": [0, 0], \"to\": [100, 0], \"duration\": 2, \"timing\": \"linear\"}, {\"property\": \"translation\", \"to\": [20, 0], \"duration\": 0.5, \"beginTime\": 1, \"timing\": \"linear\"}]}", duration: 3)
        #expect(smooth.filter { $0.rule == .retargetJump }.isEmpty)
    }

    @Test func outOfRange() throws {
        // Opacity past 1 is refused as the scene loads; strokeEnd is clamped as Core Animation clamps it.
        let given = try findings("{\(box), \"animations\": [{\"property\": \"strokeEnd\", \"from\": 0, \"to\": 1.2, \"duration\": 1}]}")
        #expect(given.map(\.description) == ["out-of-range layers[0].animations[0]: box's strokeEnd is given 1.2, above 1 (strokeEnd runs from 0 to 1); keep the value within from 0 to 1"])
        // ease-out-back overshoots: 1 + c3 (t − 1)³ + c1 (t − 1)², c1 = 1.70158, c3 = c1 + 1, peaks at 1.1 near t = 0.58.
        let reached = try findings(##"{"id": "line", "type": "shape", "path": "M0 0H100", "strokeColor": "#000000", "animations": [{"property": "strokeEnd", "from": 0, "to": 1, "duration": 1, "timing": "ease-out-back", "fillMode": "forwards", "removedOnCompletion": false}]}"##)
        #expect(reached.map(\.rule) == [.outOfRange])
        #expect(reached.first?.path == "layers[0].animations[0]")
        // The first frame past 1: t = 0.2 s at 30 fps gives 1 + 2.70158·(−0.8)³ + 1.70158·0.64 = 0.9057; 0.3 s: 1.0162...
        let t = try #require(reached.first?.time)
        let p = t - 1, value = 1 + 2.70158 * p * p * p + 1.70158 * p * p
        let before = t - 1 / 30 - 1, valueBefore = 1 + 2.70158 * before * before * before + 1.70158 * before * before
        #expect(value > 1 && valueBefore <= 1)
    }

    @Test func outlastsAndNeverShows() throws {
        let f = try findings("{\(box), \"animations\": [{\"property\": \"opacity\", \"from\": 0, \"to\": 1, \"duration\": 3}, {\"property\": \"rotation\", \"from\": 0, \"to\": 90, \"duration\": 1, \"beginTime\": 2.5}]}",
                             extra: ##", "changes": [{"at": 1.5, "layer": "box", "set": {"cornerRadius": 5}, "duration": 1}, {"at": 4, "layer": "box", "set": {"cornerRadius": 2}}]"##)
        #expect(f.map(\.description) == [
            "outlasts-scene changes[0] at 2 s: the change of box animates until 2.5 s, after the scene ends at 2 s; lengthen the scene to 2.5 s (duration), shorten the change's duration or make it earlier",
            "outlasts-scene layers[0].animations[0] at 2 s: the animation of opacity runs until 3 s, after the scene ends at 2 s: 66 % of it shows; lengthen the scene to 3 s (duration) or end the animation by 2 s",
            "never-shows layers[0].animations[1] at 2.5 s: the animation of rotation starts at 2.5 s, when the scene (2 s) is over; start it before 2 s (beginTime) or lengthen the scene (duration)",
            "never-shows changes[1] at 4 s: the change of box at 4 s comes when the scene (2 s) is over; move it before 2 s (at) or lengthen the scene (duration)",
        ])
    }

    @Test func springCutShort() throws {
        // m 1, k 100, c 2: ζ = 0.1, ω_d = 10√0.99; at 0.5 s the displacement is
        // e^(−0.5)(cos 0.5ω_d + 0.1/√0.99 · sin 0.5ω_d) = 0.2946...: 29.5 % of the distance left.
        let f = try findings("{\(box), \"animations\": [{\"property\": \"translation\", \"from\": [0, 0], \"to\": [100, 0], \"duration\": 0.5, \"spring\": {\"damping\": 2}}]}")
        #expect(f.map(\.rule) == [.springCut])
        let wd = 10 * 0.99.squareRoot()
        let x = exp(-0.5) * (cos(0.5 * wd) + 0.1 / 0.99.squareRoot() * sin(0.5 * wd))
        #expect(f.first?.message.hasPrefix("the spring is cut short at 0.5 s, \(TraceComparison.number((abs(x) * 1000).rounded() / 10)) % of its distance from rest") == true)
        #expect(f.first?.time == 0.5)
    }

    @Test func allowancesLeaveOutWhatIsMeant() throws {
        let text = ##"{"flipbook": 1, "canvas": [200, 200], "duration": 1, "layers": [{"id": "a", "type": "shape", "path": "M0 0H1", "animations": [{"property": "strokeStart", "from": 0, "to": -1, "duration": 1}, {"property": "strokeEnd", "from": 0, "to": 2, "duration": 1}]}]}"##
        let scene = try SceneLoader().decode(Array(text.utf8), file: "a.json")
        #expect(try SceneLint(scene: scene).findings().count == 2)
        #expect(try SceneLint(scene: scene, allow: [try LintAllowance(parsing: "out-of-range layers[0].animations[1]")]).findings().map(\.path) == ["layers[0].animations[0]"])
        #expect(try SceneLint(scene: scene, allow: [LintAllowance(.outOfRange)]).findings().isEmpty)
        #expect(throws: TraceError.self) { try LintAllowance(parsing: "out-of-rang") }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// "reducedMotion" read, checked and written back.
@Suite struct ReducedMotionTests {
    @Test func readCheckedAndWritten() throws {
        let text = #"{"flipbook": 1, "canvas": [10, 10], "duration": 2, "reducedMotion": {"at": 0.5}, "layers": []}"#
        let scene = try SceneLoader().decode(Array(text.utf8), file: "r.json")
        #expect(scene.reducedMotionAt == 0.5)
        let again = try SceneLoader().decode(Array(try SceneEncoder().encode(scene).utf8), file: "again.json")
        #expect(again.reducedMotionAt == 0.5)
        #expect(throws: SceneError.self) {
            try SceneLoader().decode(Array(#"{"flipbook": 1, "canvas": [10, 10], "duration": 2, "reducedMotion": {"at": 3}, "layers": []}"#.utf8), file: "r.json")
        }
        // A dissolve instead: its length, above 0; not with an instant.
        let fade = try SceneLoader().decode(Array(#"{"flipbook": 1, "canvas": [10, 10], "duration": 2, "reducedMotion": {"crossfade": 0.3}, "layers": []}"#.utf8), file: "r.json")
        #expect(fade.reducedMotionCrossfade == 0.3 && fade.reducedMotionAt == nil)
        #expect(try SceneLoader().decode(Array(try SceneEncoder().encode(fade).utf8), file: "again.json").reducedMotionCrossfade == 0.3)
        for bad in [#"{"crossfade": 0}"#, #"{"crossfade": -1}"#, #"{"crossfade": 0.3, "at": 1}"#, #"{}"#] {
            #expect(throws: SceneError.self, "\(bad)") {
                try SceneLoader().decode(Array((#"{"flipbook": 1, "canvas": [10, 10], "duration": 2, "reducedMotion": "# + bad + #", "layers": []}"#).utf8), file: "r.json")
            }
        }
    }
}
