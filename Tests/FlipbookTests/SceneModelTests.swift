import Testing
@testable import Flipbook

struct SceneModelTests {
    /// The number of timed changes at or before an instant, found by binary search, against counting
    /// them one by one: random change times with many ties, probed at every change time, between them,
    /// outside the scene and at NaN.
    @Test func changeCountIsTheCount() {
        var random = SplitMix(seed: 4001)
        for round in 0..<100 {
            let times = (0..<(round % 40)).map { _ in (random.next(0, 1) * 10).rounded() / 10 }
            let changes = times.map { TimedChange(time: $0, layerID: "a", assignments: [.init(.opacity, 0.5)]) }
            let scene = Scene(canvas: Size(10, 10), duration: 1, root: Layer(id: "root", sublayers: [Layer(id: "a")]), changes: changes)
            for t in times + [-1, 0.05, 0.55, 2, .infinity, -.infinity, .nan] {
                #expect(scene.changeCount(at: t) == times.filter { $0 <= t }.count, "\(times) at \(t)")
            }
        }
    }
}
