import Foundation
import Flipbook
import Testing
@testable import FlipbookSVG

/// The Lottie writer's parts against closed forms; `Tools/check-lottie` plays whole files in rlottie
/// and ThorVG against the frames.
struct LottieTests {
    /// Arc pieces are cubics of ≤ 60° whose points stay within 2e-5 of the radius of the circle
    /// (the radial error of the 4/3·tan(θ/4) cubic is about 1.3e-5·r at 60°, a closed form).
    /// (The two flag pairs whose circle has its centre at `c`: the short way clockwise, the long way
    /// counter-clockwise; the other two pairs take the centre mirrored in the chord.)
    @Test(arguments: [(false, true), (true, false)])
    func arcsAreCloseToTheirCircle(large: Bool, sweep: Bool) {
        let r = 150.0, c = [200.0, 150.0]
        let start = [c[0] + r, c[1]], end = [c[0] + r * cos(2.5), c[1] + r * sin(2.5)]
        let pieces = LottieContour.arcCubics(from: start, radius: r, large: large, sweep: sweep, to: end)
        #expect(!pieces.isEmpty)
        var p0 = start
        for piece in pieces {
            for i in 0...100 {
                let t = Double(i) / 100, s = 1 - t
                let x = s * s * s * p0[0] + 3 * s * s * t * piece[0][0] + 3 * s * t * t * piece[1][0] + t * t * t * piece[2][0]
                let y = s * s * s * p0[1] + 3 * s * s * t * piece[0][1] + 3 * s * t * t * piece[1][1] + t * t * t * piece[2][1]
                #expect(abs(hypot(x - c[0], y - c[1]) - r) <= 2e-5 * r)
            }
            p0 = piece[2]
        }
        #expect(abs(p0[0] - end[0]) < 1e-9 && abs(p0[1] - end[1]) < 1e-9)
        // The sweep that SVG's flags choose: 2.5 rad the short way, 2π − 2.5 the long way.
        let expectedSweep = large ? 2 * Double.pi - 2.5 : 2.5
        #expect(pieces.count == Int((expectedSweep / (Double.pi / 3) - 1e-6).rounded(.up)))
    }

    /// A whole circle as two 180° arcs (as the compiler writes a ring's track) is one closed contour of
    /// cubics whose length is 2πr within the cubics' own error; twice round (as arcs are written for
    /// dashes), 4πr, open.
    @Test func circleContour() {
        var halves = Path()
        halves.addArc(Arc(center: Point(200, 150), radius: 75, startAngle: .zero, sweep: Angle(radians: .pi)))
        halves.addArc(Arc(center: Point(200, 150), radius: 75, startAngle: Angle(radians: .pi), sweep: Angle(radians: .pi)))
        var twice = halves
        halves.close()
        let contours = LottieContour.contours(of: halves)
        #expect(contours.count == 1 && contours[0].closed)
        #expect(abs(contours[0].length - 2 * .pi * 75) < 1e-4 * 2 * .pi * 75)
        #expect(contours[0].vertices.allSatisfy { abs(hypot($0[0] - 200, $0[1] - 150) - 75) < 1e-3 })
        twice.addArc(Arc(center: Point(200, 150), radius: 75, startAngle: .zero, sweep: Angle(radians: 2 * .pi)))
        let two = LottieContour.contours(of: twice)
        #expect(two.count == 1 && !two[0].closed)
        #expect(abs(two[0].length - 4 * .pi * 75) < 1e-4 * 4 * .pi * 75)
    }

    /// Straight segments: exact lengths (3-4-5 triangle), and quadratics raised to cubics exactly.
    @Test func linesAndQuadratics() {
        let triangle = LottieContour.contours(of: Path([.move(Point(0, 0)), .line(Point(30, 0)), .line(Point(30, 40)), .close]))
        #expect(abs(triangle[0].length - 120) < 1e-9)
        let q = LottieContour.contours(of: Path([.move(Point(0, 0)), .quad(Point(50, 100), Point(100, 0))]))
        // B(½) of the quadratic is (50, 50); the raised cubic must pass there.
        let c = q[0]
        let p0 = c.vertices[0], p3 = c.vertices[1]
        let p1 = [p0[0] + c.outTangents[0][0], p0[1] + c.outTangents[0][1]], p2 = [p3[0] + c.inTangents[1][0], p3[1] + c.inTangents[1][1]]
        let mid = [(p0[0] + 3 * p1[0] + 3 * p2[0] + p3[0]) / 8, (p0[1] + 3 * p1[1] + 3 * p2[1] + p3[1]) / 8]
        #expect(abs(mid[0] - 50) < 1e-12 && abs(mid[1] - 50) < 1e-12)
    }

    /// A writer for a document of `duration` seconds (looping or not) with no elements.
    static func writer(fps: Double, frames: Int, duration: Double, loops: Bool = false) -> LottieWriter {
        let document = AnimatedDocument(canvas: Size(100, 100), background: .clear,
                                        timing: .init(duration: duration, loops: loops, repeats: nil))
        return LottieWriter(document: document, fps: fps, frames: frames)
    }

    /// Typed keys become Lottie keyframes in frames: splines as out/in tangents, jumps as holds 0.001
    /// frame early, repeats unrolled, a delayed start held at the static value, values as written.
    @Test func keysFromTheDocument() {
        let writer = Self.writer(fps: 60, frames: 121, duration: 2)
        let opacity = AnimatedDocument.Numeric(attribute: "opacity", transformType: nil, additive: false, begin: 0.5, end: 1.5,
                                               values: [[0], [1], [0.5], [0.50004]], keyTimes: [0, 0.5, 0.5, 1],
                                               splines: [[0.42, 0, 0.58, 1], [0, 0, 1, 1], [0, 0, 1, 1]], format: .number, check: nil)
        let keys = writer.keys(.numeric(opacity), initial: [0.25], parse: { LottieWriter.numbers($0) })
        // 0.50004 is written 0.5 (three decimals): the key is what every format shows.
        #expect(keys.map(\.value) == [[0.25], [0], [1], [0.5], [0.5]])
        #expect(keys[0].time == 0 && keys[0].ease == .hold)
        #expect(keys[1].time == 0.5 && keys[1].ease == .bezier(0.42, 0, 0.58, 1))
        #expect(abs(keys[2].time - (1.0 - 0.001 / 60)) < 1e-12 && keys[2].ease == .hold)
        #expect(keys[3].time == 1.0 && keys[3].ease == .linear && keys[4].time == 1.5)
        let looping = Self.writer(fps: 60, frames: 121, duration: 0.5, loops: true)
        let rotate = AnimatedDocument.Numeric(attribute: "transform", transformType: "rotate", additive: false, begin: 0, end: 0.5,
                                              values: [[0], [360]], keyTimes: [0, 1], splines: [[0, 0, 1, 1]], format: .number, check: nil)
        let turns = looping.keys(.numeric(rotate), initial: [0], parse: { LottieWriter.numbers($0) })
        // 121 frames at 60 fps are 2.0167 s: five half-second turns cover them.
        #expect(turns.count == 10 && turns.last?.time == 2.5)
        // A discrete switch of one value: a hold from its instant, the static value before it.
        let hidden = looping.keys(.set(attribute: "display", value: .keyword("none"), begin: 0.25), initial: [100],
                                  parse: { $0 == .keyword("none") ? [0] : [100] })
        #expect(hidden.map(\.value) == [[100], [0]] && hidden.map(\.time) == [0, 0.25])
    }

    /// A ring's dash [a, P − a] with offset −o on a path twice round (length 2P) is the trim
    /// [o, o + a) of one turn: end a/P, turned o/P of 360°.
    @Test func dashAsTrim() throws {
        let writer = Self.writer(fps: 60, frames: 61, duration: 1)
        let p = 1000.0
        let t = try #require(writer.trim(lengths: [250, 750], dashKeys: nil, offset: -300, offsetKeys: nil, pathLength: 2 * p, twoTurns: true))
        #expect(t.oneTurn)
        var text = ""
        JSON.object([("s", t.start), ("e", t.end), ("o", t.offset)]).write(to: &text)
        #expect(text == #"{"s":{"a":0,"k":0},"e":{"a":0,"k":25},"o":{"a":0,"k":108}}"#)
        // Two dashes in a once-round path are no trim.
        #expect(writer.trim(lengths: [100, 100], dashKeys: nil, offset: 0, offsetKeys: nil, pathLength: 1000) == nil)
    }

    /// A clipped group is a layer with its clip rectangle as the mask, its width animated with the
    /// clip's keys (timeline-checks: width 20 → 200 from 0.25 s over 2 s, ease-in-out).
    @Test func clipIsAMaskedLayer() throws {
        let scene = try AnimatedCompileTests.scene("timeline-checks")
        let lottie = scene.animatedSVG().lottie(fps: scene.fps, frames: scene.frameCount)
        #expect(lottie.omissions.isEmpty, "\(lottie.omissions)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lottie.json.utf8)) as? [String: Any])
        let layers = try #require(object["layers"] as? [[String: Any]])
        let clipped = try #require(layers.first { $0["hasMask"] as? Bool == true })
        let mask = try #require((clipped["masksProperties"] as? [[String: Any]])?.first)
        let frames = try #require((mask["pt"] as? [String: Any])?["k"] as? [[String: Any]])
        let widths = frames.compactMap { frame -> Double? in
            guard let shape = (frame["s"] as? [[String: Any]])?.first, let v = shape["v"] as? [[Double]] else { return nil }
            return v[1][0] - v[0][0]
        }
        #expect(widths.first == 20 && widths.last == 200)
        // Held at 20 from 0 until the animation begins at 0.25 s, then eased (keySpline 0.42 0 0.58 1).
        #expect(frames.count == 3 && frames[0]["t"] as? Double == 0 && frames[0]["h"] as? Int == 1)
        #expect(abs((frames[1]["t"] as? Double ?? -1) - 0.25 * scene.fps) < 1e-6)
        let out = try #require(frames[1]["o"] as? [String: Any])
        #expect((out["x"] as? [Double])?.first == 0.42)
    }

    /// A clip under transforms (data-and-clips: "clipper", frame [230, 10, 90, 90], masksToBounds,
    /// rotation 0 → −200° over 2.5 s ease-in-out) is a masked layer whose parents carry those
    /// transforms, outermost first: the position (275, 55), the rotation with its keys, the anchor's
    /// −(45, 45); its mask is the bounds, 90 × 90 from the origin. Nothing is left out.
    @Test func clipUnderTransformsIsAMaskedLayerWithParents() throws {
        let scene = try AnimatedCompileTests.scene("data-and-clips")
        let lottie = scene.animatedSVGForLottie().lottie(fps: scene.fps, frames: scene.frameCount)
        // (Text is left out: no outliner is given here.)
        #expect(lottie.omissions.filter { !$0.hasPrefix("text ") }.isEmpty, "\(lottie.omissions)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lottie.json.utf8)) as? [String: Any])
        let layers = try #require(object["layers"] as? [[String: Any]])
        let clipped = try #require(layers.first { $0["hasMask"] as? Bool == true })
        var chain: [[String: Any]] = []
        var parent = clipped["parent"] as? Int
        while let p = parent, let layer = layers.first(where: { $0["ind"] as? Int == p }) {
            #expect(layer["ty"] as? Int == 3)
            chain.insert(try #require(layer["ks"] as? [String: Any]), at: 0)
            parent = layer["parent"] as? Int
        }
        try #require(chain.count == 3)
        #expect(((chain[0]["p"] as? [String: Any])?["k"] as? [Double]) == [275, 55])
        let turn = try #require((chain[1]["r"] as? [String: Any])?["k"] as? [[String: Any]])
        #expect((turn.first?["s"] as? [Double]) == [0])
        // −200° reached at the end (2.5 s), held 0.001 frame before it: the animation is removed there.
        #expect(turn.contains { ($0["s"] as? [Double]) == [-200] && abs(($0["t"] as? Double ?? 0) - 2.5 * scene.fps) < 0.01 })
        #expect(((turn.first?["o"] as? [String: Any])?["x"] as? [Double])?.first == 0.42)
        #expect(((chain[2]["p"] as? [String: Any])?["k"] as? [Double]) == [-45, -45])
        let mask = try #require((clipped["masksProperties"] as? [[String: Any]])?.first)
        let shape = try #require((mask["pt"] as? [String: Any])?["k"] as? [String: Any])
        #expect((shape["v"] as? [[Double]]) == [[0, 0], [90, 0], [90, 90], [0, 90]])
    }

    /// Text is drawn as the outline the caller lays out, at the text's static origin, size and
    /// alignment; without an outliner it is left out and said so.
    @Test func textIsItsOutline() throws {
        let scene = try AnimatedCompileTests.scene("bar-chart")
        let animated = scene.animatedSVG()
        let texts = animated.svg.components(separatedBy: "<text").count - 1
        var asked: [TextDrawing] = []
        // A stand-in outliner: a 10 × 10 square at each text's origin.
        let lottie = animated.lottie(fps: scene.fps, frames: scene.frameCount) { text in
            asked.append(text)
            let o = text.origin
            return Path([.move(o), .line(Point(o.x + 10, o.y)), .line(Point(o.x + 10, o.y - 10)), .line(Point(o.x, o.y - 10)), .close])
        }
        #expect(texts > 0 && asked.count == texts && lottie.omissions.isEmpty)
        #expect(asked.contains { $0.string == "Mon" })
        let mon = try #require(asked.first { $0.string == "Mon" })
        #expect(lottie.json.contains("[[\(SVGNumber.format(mon.origin.x, decimals: 4)),\(SVGNumber.format(mon.origin.y, decimals: 4))],"))
        let without = animated.lottie(fps: scene.fps, frames: scene.frameCount)
        #expect(without.omissions.filter { $0.hasPrefix("text ") }.count == texts)
    }

    /// The three-ring scene's Lottie file: under 4 KB, everything drawn, valid JSON.
    @Test func threeRingsUnder4KB() throws {
        let scene = try AnimatedCompileTests.scene("activity-rings")
        let lottie = scene.animatedSVG().lottie(fps: scene.fps, frames: scene.frameCount)
        #expect(lottie.json.utf8.count < 4000)
        #expect(lottie.omissions.isEmpty)
        let object = try JSONSerialization.jsonObject(with: Data(lottie.json.utf8)) as? [String: Any]
        #expect(object?["op"] as? Int == scene.frameCount && object?["fr"] as? Double == scene.fps)
    }
}
