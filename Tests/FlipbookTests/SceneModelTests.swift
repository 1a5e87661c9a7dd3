import FlipbookSupport
import Testing
@testable import Flipbook

struct SceneModelTests {
    /// The number of timed changes at or before an instant, found by binary search, against counting
    /// them one by one: random change times with many ties, probed at every change time, between them,
    /// outside the scene and at NaN.
    @Test func changeCountIsTheCount() {
        var random = SplitMix64(seed: 4001)
        for round in 0..<100 {
            let times = (0..<(round % 40)).map { _ in (random.next(0, 1) * 10).rounded() / 10 }
            let changes = times.map { TimedChange(time: $0, layerID: "a", assignments: [.init(.opacity, 0.5)]) }
            let scene = Scene(canvas: Size(10, 10), duration: 1, root: Layer(id: "root", sublayers: [Layer(id: "a")]), changes: changes)
            for t in times + [-1, 0.05, 0.55, 2, .infinity, -.infinity, .nan] {
                #expect(scene.changeCount(at: t) == times.filter { $0 <= t }.count, "\(times) at \(t)")
            }
        }
    }

    /// Layers added and removed at scene times (seed 003's PieView adds and removes sublayers): the
    /// model before, between and after; an added layer's animation runs from when it is added (its
    /// layer time starts then: opacity 0 → 1 over 1 s, linear, added at 2 s, is 0.25 at 2.25 s), at its
    /// index among the parent's sublayers; a removed layer is gone with its sublayers.
    @Test func layersComeAndGo() throws {
        var b = Layer(id: "b")
        b.sublayers = [Layer(id: "b1")]
        var root = Layer(id: "root")
        root.sublayers = [Layer(id: "a"), b]
        var scene = Scene(canvas: Size(10, 10), duration: 4, root: root)
        var added = Layer(id: "n")
        added.add(.basic(.opacity, from: 0, to: 1, duration: 1))
        try scene.transaction(at: 2) { t in t.add(added, to: "root", at: 1) }
        try scene.transaction(at: 3) { t in t.remove("b") }
        // A change may name the added layer; an unknown one is refused.
        try scene.transaction(at: 3.5, disableActions: true) { t in t.set(.opacity, to: 0.5, onLayer: "n") }
        #expect(throws: UnknownLayerError(layerID: "x")) { try scene.transaction(at: 1) { t in t.remove("x") } }
        #expect(scene.model(at: 1).sublayers.map(\.id) == ["a", "b"])
        #expect(scene.model(at: 2).sublayers.map(\.id) == ["a", "n", "b"])
        #expect(scene.model(at: 3).sublayers.map(\.id) == ["a", "n"])
        #expect(scene.model(at: 3).layer(withID: "b1") == nil)
        let opacity = { (t: Double) in scene.presentation(at: t).layer(withID: "n")?[.opacity] }
        #expect(opacity(1.9) == nil)
        #expect(abs((opacity(2.25) ?? -1) - 0.25) < 1e-12)
        #expect(opacity(3.4) == 1 && opacity(3.6) == 0.5)
    }

    /// onOrderIn and onOrderOut as fades a scene names: an added layer of opacity 0.8 faded in over
    /// 0.5 s shows 0.8 × (t − 1) / 0.5 while it fades; a removed one fades from what it shows (0.8) to 0
    /// over 0.4 s, linearly, and is drawn no more after.
    @Test func layersFadeInAndOut() throws {
        var added = Layer(id: "n")
        added[.opacity] = 0.8
        var scene = Scene(canvas: Size(10, 10), duration: 4, layers: [])
        scene.changes = [.add(added, to: "root", time: 1, fade: 0.5), .remove("n", time: 2, fade: 0.4)]
        let opacity = { (t: Double) in scene.presentation(at: t).layer(withID: "n")?[.opacity] }
        #expect(opacity(0.9) == nil)
        for t in [1.0, 1.1, 1.25, 1.5, 1.9] { #expect(abs((opacity(t) ?? -1) - 0.8 * min((t - 1) / 0.5, 1)) < 1e-12, "\(t)") }
        for t in [2.0, 2.1, 2.2, 2.4, 3.0] { #expect(abs((opacity(t) ?? -1) - 0.8 * max(1 - (t - 2) / 0.4, 0)) < 1e-12, "\(t)") }
        // Drawn no more: fully transparent from the fade's end.
        #expect(scene.presentation(at: 3).renderNode()?.children.first?.opacity == 0)
        // No fade: removed at once, as Core Animation's default.
        scene.changes = [.add(added, to: "root", time: 1), .remove("n", time: 2)]
        #expect(opacity(1.0) == 0.8 && opacity(2.0) == nil)
    }
}
