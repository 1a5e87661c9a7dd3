import Flipbook
import Foundation
import Testing

/// CAReplicatorLayer's instances, against closed forms: rotations of a point about the centre, time
/// shifts and colour products.
struct ReplicatorTests {
    /// A 12-dot spinner: a replicator 100 × 100 at (60, 60) whose one dot (12 × 12 at (50, 10))
    /// fades over 1.2 s, each instance turned 30° and 0.1 s later.
    func spinner(count: Double = 12) -> Scene {
        var dot = Layer(id: "dot")
        dot[.bounds] = Rect(x: 0, y: 0, width: 12, height: 12)
        dot[.position] = Point(50, 10)
        dot[.backgroundColor] = .white
        dot.add(.basic(.opacity, from: 1, to: 0, duration: 1.2))
        var spinner = Layer(id: "spinner", type: ReplicatorLayer.self, sublayers: [dot])
        spinner[.bounds] = Rect(x: 0, y: 0, width: 100, height: 100)
        spinner[.position] = Point(60, 60)
        spinner[ReplicatorLayer.instanceCount] = count
        spinner[ReplicatorLayer.instanceDelay] = 0.1
        spinner[ReplicatorLayer.instanceTransform] = .rotation(.degrees(30))
        spinner[ReplicatorLayer.instanceColor] = Color(red: 0.2, green: 0.4, blue: 0.8)
        spinner[ReplicatorLayer.instanceAlphaOffset] = -0.05
        return Scene(canvas: Size(120, 120), duration: 1.2, fps: 10, layers: [spinner])
    }

    /// Each drawn dot's centre on the canvas, its opacity product and background, by id.
    func dots(_ scene: Scene, at t: Double) throws -> [String: (centre: Point, opacity: Double, color: Color?)] {
        var out: [String: (Point, Double, Color?)] = [:]
        func walk(_ node: RenderNode, _ toCanvas: Transform2D, _ opacity: Double) {
            let m = node.transform.concatenating(toCanvas)
            if node.id.hasPrefix("dot") {
                var color: Color?
                if case .shape(let s)? = node.items.first { color = s.fill }
                out[node.id] = (m.apply(Point(6, 6)), opacity * node.opacity, color)
            }
            for child in node.children { walk(child, m, opacity * node.opacity) }
        }
        walk(try #require(scene.presentation(at: t).renderNode()), .identity, 1)
        return out
    }

    @Test func instancesTurnAboutTheCentreRunLaterAndTakeTheirColour() throws {
        let scene = spinner()
        let t = 0.9
        let drawn = try dots(scene, at: t)
        #expect(drawn.count == 12)
        for k in 0..<12 {
            let id = k == 0 ? "dot" : "dot.i\(k)"
            let dot = try #require(drawn[id])
            // Closed form: the dot's centre (its position, (50, 10)) is 40 px above the replicator's
            // centre (50, 50), turned k · 30° clockwise about it, the centre placed at (60, 60).
            let angle = Double(k) * 30 * .pi / 180
            let expected = Point(60 + 40 * sin(angle), 60 - 40 * cos(angle))
            #expect((dot.centre - expected).length < 1e-9, "instance \(k): \(dot.centre) vs \(expected)")
            // Instance k runs k × 0.1 s later: its opacity is 1 − (t − 0.1 k)/1.2 while it runs, 1 (the
            // model) before it starts.
            let local = t - 0.1 * Double(k)
            let opacity = local < 0 ? 1 : 1 - local / 1.2
            #expect(abs(dot.opacity - opacity) < 1e-12, "instance \(k)")
            // White multiplied by instanceColor, alpha 1 − 0.05 k.
            let color = try #require(dot.color)
            #expect(abs(color.red - 0.2) < 1e-12 && abs(color.green - 0.4) < 1e-12 && abs(color.blue - 0.8) < 1e-12)
            #expect(abs(color.alpha - (1 - 0.05 * Double(k))) < 1e-12)
        }
    }

    @Test func countsRoundDownAndZeroDrawsNothing() throws {
        #expect(try dots(spinner(count: 3.9), at: 0).count == 3)
        #expect(try dots(spinner(count: 0), at: 0).isEmpty)
        #expect(try dots(spinner(count: -.infinity), at: 0).isEmpty)
        // The layer count the loader limits, closed form: 1 + n × (container + dot).
        #expect(spinner(count: 12).root.sublayers[0].expandedLayerCount == 1 + 12 * 2)
        #expect(spinner(count: 1e300).root.sublayers[0].expandedLayerCount == 1 + ReplicatorLayer.maxInstances * 2)
    }

    @Test func aTimedChangeReachesEveryInstance() throws {
        var scene = spinner(count: 4)
        var change = TimedChange(time: 0.5, layerID: "dot", assignments: [.init(.backgroundColor, Color(red: 1, green: 0, blue: 0))])
        change.transaction.disableActions = true
        scene.changes = [change]
        let drawn = try dots(scene, at: 0.6)
        #expect(drawn.count == 4)
        for (id, dot) in drawn {
            // Red times (0.2, 0.4, 0.8): (0.2, 0, 0).
            let c = try #require(dot.color)
            #expect(abs(c.red - 0.2) < 1e-12 && c.green == 0 && c.blue == 0, "\(id)")
        }
    }

    @Test func tintMultipliesAnimatedColoursAndGradients() {
        let m = Color(red: 0.5, green: 0.25, blue: 1, alpha: 0.5)
        var layer = Layer(id: "a", type: ShapeLayer.self)
        layer.add(.basic(.fillColor, from: Color(red: 1, green: 1, blue: 0), to: Color(red: 0, green: 1, blue: 1), duration: 1))
        let tinted = layer.tinted(by: m)
        // The default fill (black) is set, multiplied: black with alpha 0.5.
        #expect(tinted[.fillColor] == Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        // Half-way, premultiplied sRGB interpolation of the products is the product of the interpolation.
        let a = layer.presentation(atParentTime: 0.5)[.fillColor], b = tinted.presentation(atParentTime: 0.5)[.fillColor]
        #expect(abs(b.red - a.red * 0.5) < 1e-12 && abs(b.green - a.green * 0.25) < 1e-12 && abs(b.blue - a.blue) < 1e-12)
        #expect(abs(b.alpha - a.alpha * 0.5) < 1e-12)
    }
}
