import FlipbookSupport
import Testing
import Flipbook
import FlipbookScenes

/// `Scene.period` is a promise exporters act on (they write one cycle and repeat it), so it is
/// checked against the engine itself: on random scenes of replicators and timed layers holding
/// infinite repeats begun early, late and on time, wherever a period is claimed the presentation at
/// t + period is the presentation at t.
struct ScenePeriodTests {
    @Test func aClaimedPeriodIsThePresentationsPeriod() throws {
        var generator = SplitMix64(seed: 13)
        func pick<T>(_ list: [T]) -> T { list[Int(generator.next(0, Double(list.count) - 1e-9))] }
        var periodic = 0, not = 0
        for _ in 0..<300 {
            let animation = """
            {"property": "opacity", "from": \(pick([0, 0.2])), "to": 1, "duration": \(pick([0.5, 1])), "beginTime": \(pick([-1.3, -0.25, 0, 0.2])),
             "timeOffset": \(pick([0, 0, 0.45])), "autoreverses": \(pick([true, false])), "repeatCount": \(pick(["\"infinite\"", "\"infinite\"", "\"infinite\"", "3"]))}
            """
            let json = """
            {"flipbook": 1, "canvas": [100, 40], "duration": 6, "fps": 10, "layers": [
              {"id": "box", "frame": [0, 0, 100, 40],
               "timing": {"beginTime": \(pick([-2, -0.5, 0, 0, 0.4])), "speed": \(pick([0.5, 1, 1, 2])), "timeOffset": \(pick([0, 0.3]))},
               "sublayers": [{"id": "row", "type": "replicator", "frame": [0, 0, 30, 40], "instanceCount": \(pick([1, 2, 4])),
                              "instanceDelay": \(pick([-0.7, -0.25, 0, 0.3])),
                              "sublayers": [{"id": "bar", "type": "shape", "frame": [0, 0, 20, 40], "path": "M0 0H20V40H0Z", "animations": [\(animation)]}]}]},
              {"id": "dot", "type": "shape", "frame": [60, 0, 20, 20], "path": "M0 0H20V20H0Z",
               "animations": [{"property": "opacity", "from": 0, "to": 1, "duration": \(pick([0.25, 0.5, 1])), "repeatCount": "infinite"}]}]}
            """
            let scene = try SceneLoader().decode(Array(json.utf8), file: "t.json")
            guard let period = scene.period else { not += 1; continue }
            periodic += 1
            for _ in 0..<6 {
                let t = generator.next(0, 3)
                let now = scene.presentation(at: t).allLayers, later = scene.presentation(at: t + period).allLayers
                #expect(now.map(\.id) == later.map(\.id))
                for (a, b) in zip(now, later) {
                    let (p, q) = (a[PropertyKey<Double>.opacity], b[PropertyKey<Double>.opacity])
                    #expect(abs(p - q) < 1e-9, "\(a.id) at \(t) s: \(p), at \(t + period) s: \(q) (period \(period))\n\(json)")
                }
            }
        }
        // Both kinds occur, so both sides are exercised.
        #expect(periodic > 50 && not > 50, "\(periodic) periodic, \(not) not")
    }
}
