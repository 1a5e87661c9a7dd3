import Foundation
import Easing
import Flipbook
import FlipbookScenes
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

    /// A closed contour whose last vertex lies on its first (a bar of zero height, 0 0 → 44 0 → 44 0
    /// → 0 0) is written without it, unless told not to: a morph keeps its four vertices at every key.
    @Test func closingVertexMergedOnlyWhenAsked() {
        let flat = Path([.move(Point(0, 0)), .line(Point(44, 0)), .line(Point(44, 0)), .line(Point(0, 0)), .close])
        #expect(LottieContour.contours(of: flat).map(\.vertices.count) == [3])
        #expect(LottieContour.contours(of: flat, mergeClosing: false).map(\.vertices.count) == [4])
        let tall = Path([.move(Point(0, 0)), .line(Point(44, 0)), .line(Point(44, 60)), .line(Point(0, 60)), .close])
        #expect(LottieContour.contours(of: tall).map(\.vertices.count) == [4])
    }

    /// Numbers keep their magnitude: four decimals below 1e5, then fewer so that 15 significant digits
    /// remain (a scale of 9e12 is 9e14 %, written whole, not clamped to 9e11 by four decimals); what
    /// the evaluator reads is what was written.
    @Test func largeNumbersAreWrittenWhole() {
        var text = ""
        JSON.number(9e14).write(to: &text)
        #expect(text == "900000000000000" && JSON.number(9e14).written == 9e14)
        text = ""
        JSON.number(12345.678912).write(to: &text)
        #expect(text == "12345.6789" && JSON.number(12345.678912).written == 12345.6789)
        text = ""
        JSON.time(123456.123456789).write(to: &text)
        #expect(text == "123456.123456789")
        #expect(JSON.number(1e17).written == 9e15)
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
        #expect(keys.map(\.value)[0...1] == [[0.25], [0]] && keys.map(\.value)[3...] == [[0.5], [0.5]])
        #expect(keys[0].time == 0 && keys[0].ease == .hold)
        // The segment into the jump ends 0.001 frame early on its own curve: the key holds the
        // easing's value there, and the easing is the part of (0.42, 0, 0.58, 1) up to it.
        let x = 1 - (0.001 / 60) / 0.5
        let easing = CubicBezier(0.42, 0, 0.58, 1)
        let end = easing.value(at: x, epsilon: 0)
        #expect(abs(keys[2].time - (1.0 - 0.001 / 60)) < 1e-12 && keys[2].ease == .hold)
        #expect(abs(keys[2].value[0] - end) < 1e-12 && end < 1 && end > 1 - 1e-6)
        guard case .bezier(let x1, let y1, let x2, let y2) = keys[1].ease else { Issue.record("not a curve"); return }
        let piece = CubicBezier(x1, y1, x2, y2)
        for u in [0.1, 0.25, 0.5, 0.75, 0.9] {
            #expect(abs(piece.value(at: u, epsilon: 0) * end - easing.value(at: u * x, epsilon: 0)) < 1e-9)
        }
        #expect(keys[1].time == 0.5)
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

    /// The evaluator against closed forms: a static value everywhere; before the first key its value,
    /// after the last the last; a straight segment at a quarter is a quarter of the way; the easing
    /// (0.42, 0, 0.58, 1), symmetric about (½, ½), is half way at half the time and ends exact; a hold
    /// keeps its value up to the next key; numbers as written (four decimals).
    @Test func evaluatorReadsKeyframesAsPlayersDo() throws {
        let still = try #require(LottieProperty(.object([("a", .int(0)), ("k", .array([.number(3), .number(4.00004)]))])))
        #expect(still.value(at: -5) == [3, 4] && still.value(at: 1e6) == [3, 4])
        func key(_ t: Double, _ v: Double, _ ease: [Double]?, hold: Bool = false) -> JSON {
            var f: [(String, JSON)] = [("t", .number(t)), ("s", .array([.number(v)]))]
            if hold { f.append(("h", .int(1))) }
            if let e = ease {
                f.append(("o", .object([("x", .array([.precise(e[0])])), ("y", .array([.precise(e[1])]))])))
                f.append(("i", .object([("x", .array([.precise(e[2])])), ("y", .array([.precise(e[3])]))])))
            }
            return .object(f)
        }
        let track = try #require(LottieProperty(.object([("a", .int(1)), ("k", .array([
            key(10, 0, [0, 0, 1, 1]), key(20, 100, [0.42, 0, 0.58, 1]), key(30, 200, nil, hold: true), key(40, 50, nil)]))])))
        #expect(track.value(at: 0) == [0] && track.value(at: 100) == [50])
        #expect(abs(track.value(at: 12.5)[0] - 25) < 1e-12)
        #expect(track.value(at: 20) == [100] && abs(track.value(at: 25)[0] - 150) < 1e-9 && abs(track.value(at: 30 - 1e-9)[0] - 200) < 1e-6)
        // Monotone between 20 and 30 (the easing's y never leaves [0, 1]).
        let eased = stride(from: 20.0, through: 30, by: 0.25).map { track.value(at: $0)[0] }
        #expect(zip(eased, eased.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(track.value(at: 35) == [200] && track.value(at: 40) == [50])
    }

    /// A track whose written value is wrong is measured wrong: the check's engine values against a
    /// property that holds the first value throughout (what the colour jump's file said) is off by the
    /// jump after it, over the bound.
    @Test func evaluatorCatchesAWrongFile() throws {
        let check = AnimatedDocument.TrackCheck(entry: 0, times: [0, 0.5, 1, 1.5], onGrid: [true, true, true, true],
                                                values: [[1, 0, 0], [1, 0, 0], [0, 0, 1], [0, 0, 1]],
                                                measure: { a, b in zip(a, b).map { abs($0 - $1) }.max() ?? 0 }, bound: 1.0 / 255)
        let stuck = try #require(LottieProperty(.object([("a", .int(0)), ("k", .array([.precise(1), .precise(0), .precise(0), .precise(1)]))])))
        let wrong = check.verify(duration: 2, read: { _ in Array(stuck.value(at: 0).prefix(3)) })
        #expect(wrong.all == 1 && wrong.onGrid == 1)
        let writer = Self.writer(fps: 10, frames: 20, duration: 2)
        let keys = writer.separated([Key(time: 0, value: [1, 0, 0, 1], ease: .hold), Key(time: 1, value: [1, 0, 0, 1], ease: .hold),
                                     Key(time: 1, value: [0, 0, 1, 1], ease: .hold)])
        let right = try #require(LottieProperty(writer.animated(keys, precise: true)))
        #expect(check.verify(duration: 2, read: { t in Array(right.value(at: t * 10).prefix(3)) }).all == 0)
    }

    /// The Lottie report carries the errors the Lottie evaluator measures on the file: every numeric
    /// track of every shipped scene is read back (none "not read back") and within its bound, the
    /// same tracks as the SMIL report's (a shadow's as the drop-shadow effect's parameters); but the
    /// shadows the file leaves out and says so (their tracks "not read back").
    @Test(arguments: GoldenTests.scenes)
    func theLottieReportIsMeasuredOnTheFile(scene name: String) throws {
        let scene = try AnimatedCompileTests.scene(name)
        let compiled = scene.animatedSVGForLottie()
        // Text drawn as a stand-in outline (a square at its origin): its position and size tracks are
        // written and read back as with real glyphs.
        let lottie = compiled.lottie(fps: scene.fps, frames: scene.frameCount, fonts: SquareFonts())
        #expect(lottie.report.map { "\($0.element) \($0.property)" } == compiled.report.map { "\($0.element) \($0.property)" })
        let shadowed = Set(lottie.omissions.filter { $0.feature == .shadow || $0.feature == .shadowPath }.compactMap(\.layer))
        for (l, s) in zip(lottie.report, compiled.report) where s.encoding == .exact || s.encoding == .sampled {
            if l.element.hasSuffix(".shadow") || l.element.hasSuffix(".shadowPath"),
               shadowed.contains(String(l.element.prefix(upTo: l.element.lastIndex(of: ".")!))) {
                #expect(l.encoding == .notReadBack, "\(name) \(l.element) \(l.property)")
                continue
            }
            #expect(l.encoding != .notReadBack, "\(name) \(l.element) \(l.property)")
            #expect(l.maxError <= l.bound * (1 + 1e-9) + 1e-9, "\(name) \(l.element) \(l.property): Lottie \(l.maxError) over \(l.bound)")
        }
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

    /// A stroke drawn on from its end (dash 0 → L with gap L, offset −L → 0, on a once-round path of
    /// length L) shows [L(1 − u), L) at u: the trim start 100 → 0 %, end 100 %. Its first key shows
    /// nothing, and takes the dash the later keys show (the dash index differs there by itself).
    @Test func drawnOnDashIsATrim() throws {
        let writer = Self.writer(fps: 60, frames: 61, duration: 1)
        let dash = [Key(time: 0, value: [0, 400], ease: .linear), Key(time: 60, value: [400, 400], ease: .linear)]
        let offset = [Key(time: 0, value: [-400], ease: .linear), Key(time: 60, value: [0], ease: .linear)]
        let t = try #require(writer.trim(lengths: [0, 400], dashKeys: dash, offset: -400, offsetKeys: offset, pathLength: 400))
        var text = ""
        JSON.object([("s", t.start), ("e", t.end)]).write(to: &text)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: [String: Any]])
        // A track's key values, or its one value when it does not change.
        func values(_ name: String) -> [Double] {
            if let k = object[name]?["k"] as? Double { return [k] }
            return ((object[name]?["k"] as? [[String: Any]]) ?? []).compactMap { ($0["s"] as? [Double])?.first }
        }
        #expect(values("s") == [100, 0])
        #expect(values("e") == [100])
        // A dash to the path's end written 0.001 px past it ends there; 0.01 px past, it is no trim.
        let whole = try #require(writer.trim(lengths: [400.001, 400], dashKeys: nil, offset: 0, offsetKeys: nil, pathLength: 400))
        text = ""
        JSON.object([("s", whole.start), ("e", whole.end)]).write(to: &text)
        #expect(text == #"{"s":{"a":0,"k":0},"e":{"a":0,"k":100}}"#)
        #expect(writer.trim(lengths: [400.01, 400], dashKeys: nil, offset: 0, offsetKeys: nil, pathLength: 400) == nil)
    }

    /// A ring gauge's value stroke 65,536 times its track's width (1.7 million px, round caps) on a
    /// radius of 77 px: the dash's error moves the cap's edge (r + w/2)/r = 11,065 times as far, so the
    /// dash's bound along the ring is 5.6e-6 px, finer than the trim's written percentages (1e-6 of the
    /// length, 4.8e-4 px) and the SVG's own three decimals. The read-back holds the file's dash within
    /// those decimals of the track's (fuzz seed 20261240 reported 6.1 px); a ring of the usual width
    /// is read back within 0.005 px of the engine's dash at its edge.
    @Test func aWideCapsDashIsReadWithinItsWrittenDecimals() throws {
        func report(ratio: Double) throws -> [AnimatedSVG.Entry] {
            let text = """
            {"flipbook": 1, "canvas": [200, 200], "duration": 2, "fps": 30,
             "layers": [{"id": "ring", "type": "ringGauge", "frame": [10, 10, 180, 180], "lineWidth": 26, "valueWidthRatio": \(ratio),
               "trackColor": "#1f3a3a", "valueColor": "#3ddc84"}],
             "changes": [{"at": 0, "layer": "ring", "set": {"fraction": 0.85}, "duration": 1.6, "timing": "ease-in-out"}]}
            """
            let scene = try SceneLoader().decode(Array(text.utf8), file: "ring.json")
            return scene.animatedSVGForLottie().lottie(fps: scene.fps, frames: scene.frameCount).report
                .filter { $0.element == "ring.value.stroke" && $0.property == "stroke-dasharray" }
        }
        let wide = try report(ratio: 65536), usual = try report(ratio: 1)
        #expect(wide.count == 1 && usual.count == 1)
        for entry in wide { #expect(entry.errorAtFrames <= entry.bound, "\(entry.errorAtFrames) over \(entry.bound)") }
        for entry in usual { #expect(entry.maxError <= 0.005, "\(entry.maxError)") }
    }

    /// Drawing items are counted through groups; the group written beside a matted layer's one item
    /// draws nothing (a fill of a path whose vertices are all at the origin).
    @Test func drawingItemsOfAMattedLayer() throws {
        let fill = JSON.object([("ty", .string("fl"))]), path = JSON.object([("ty", .string("sh"))])
        let group = JSON.object([("ty", .string("gr")), ("it", .array([path, fill, .object([("ty", .string("tr"))])]))])
        #expect(LottieWriter.drawingItems([group]) == 1)
        #expect(LottieWriter.drawingItems([group, .object([("ty", .string("gr")), ("it", .array([group, .object([("ty", .string("st"))])]))])]) == 3)
        #expect(LottieWriter.drawingItems([group, LottieWriter.drawsNothing]) == 2)
        var text = ""
        LottieWriter.drawsNothing.write(to: &text)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let items = try #require(object["it"] as? [[String: Any]])
        let shape = try #require((items.first?["ks"] as? [String: Any])?["k"] as? [String: Any])
        for key in ["v", "i", "o"] {
            #expect((shape[key] as? [[Double]])?.allSatisfy { $0 == [0, 0] } == true)
        }
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
        #expect(lottie.omissions.filter { $0.feature != .text }.isEmpty, "\(lottie.omissions)")
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
        // ease-in-out, cut 0.001 frame before the jump at the end: (0.42, 0, 0.58, 1) to 1e-5.
        #expect(abs((((turn.first?["o"] as? [String: Any])?["x"] as? [Double])?.first ?? 0) - 0.42) < 1e-5)
        #expect(((chain[2]["p"] as? [String: Any])?["k"] as? [Double]) == [-45, -45])
        let mask = try #require((clipped["masksProperties"] as? [[String: Any]])?.first)
        // The clip is rounded as the layer's corners are (cornerRadius 10 → 45 over 2 s, linear): eight
        // vertices, each corner one cubic whose tangents are 4/3 · tan(π/8) · r long.
        let keys = try #require((mask["pt"] as? [String: Any])?["k"] as? [[String: Any]])
        let first = try #require((keys.first?["s"] as? [[String: Any]])?.first)
        #expect((first["v"] as? [[Double]]) == [[10, 0], [80, 0], [90, 10], [90, 80], [80, 90], [10, 90], [0, 80], [0, 10]])
        let kappa = 4.0 / 3 * tan(Double.pi / 8)
        #expect(abs(((first["o"] as? [[Double]])?[1][0] ?? 0) - kappa * 10) < 1e-4)
        #expect(abs(((first["i"] as? [[Double]])?[0][0] ?? 0) + kappa * 10) < 1e-4)
        // At 2 s (frame 48) the radius is 45, half the side: the corners meet in a circle.
        let atTwo = try #require(keys.last { abs(($0["t"] as? Double ?? 0) - 47.999) < 1e-6 })
        let round = try #require((atTwo["s"] as? [[String: Any]])?.first?["v"] as? [[Double]])
        #expect(abs(round[0][0] - 45) < 1e-3 && abs(round[2][1] - 45) < 1e-3)
    }

    /// What Lottie cannot hold is a typed value naming the feature, the layer and its JSON path: a
    /// masked layer inside a clipping one ("layers[0].sublayers[0]": track mattes are one level deep)
    /// is a mask left out there, and its line in the report says so.
    @Test func omissionsNameTheLayerAndItsPath() throws {
        let scene = try OneTimelineTests.scene("""
        {"flipbook": 1, "canvas": [100, 100], "duration": 1, "fps": 10, "layers": [
          {"id": "box", "frame": [0, 0, 100, 100], "masksToBounds": true, "sublayers": [
            {"id": "disc", "frame": [0, 0, 100, 100], "backgroundColor": "red",
             "mask": {"id": "half", "frame": [0, 0, 50, 100], "backgroundColor": "black"}}]}]}
        """)
        let lottie = scene.animatedSVGForLottie().lottie(fps: scene.fps, frames: scene.frameCount)
        #expect(lottie.omissions == [LottieOmission(feature: .mask, detail: nil, layer: "disc", path: "layers[0].sublayers[0]")])
        #expect(lottie.omissions.first?.description
                == "a mask (a mask layer's, or a conic gradient's) inside a clipped or masked group (the content is drawn unmasked) (layer 'disc' at layers[0].sublayers[0])")
    }

    /// Text is drawn as the outline the caller lays out, at the text's static origin, size and
    /// alignment; without an outliner it is left out and said so.
    @Test func textIsItsOutline() throws {
        let scene = try AnimatedCompileTests.scene("bar-chart")
        let animated = scene.animatedSVG()
        let texts = animated.svg.components(separatedBy: "<text").count - 1
        let fonts = SquareFonts()
        let lottie = animated.lottie(fps: scene.fps, frames: scene.frameCount, fonts: fonts)
        let asked = fonts.asked.texts
        #expect(texts > 0 && asked.count == texts && lottie.omissions.isEmpty)
        #expect(asked.contains { $0.string == "Mon" })
        let mon = try #require(asked.first { $0.string == "Mon" })
        #expect(lottie.json.contains("[[\(SVGNumber.format(mon.origin.x, decimals: 4)),\(SVGNumber.format(mon.origin.y, decimals: 4))],"))
        let without = animated.lottie(fps: scene.fps, frames: scene.frameCount)
        #expect(without.omissions.filter { $0.feature == .text }.count == texts)
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

/// A stand-in outliner: a 10 × 10 square at each text's origin (no glyphs), remembering each text asked.
final class SquareFonts: TextFonts, @unchecked Sendable {
    final class Asked { var texts: [TextDrawing] = [] }
    let asked = Asked()

    func faceName(for text: TextDrawing) -> String? { "Square" }

    func outline(of text: TextDrawing) -> Path? {
        asked.texts.append(text)
        let o = text.origin
        return Path([.move(o), .line(Point(o.x + 10, o.y)), .line(Point(o.x + 10, o.y - 10)), .line(Point(o.x, o.y - 10)), .close])
    }
}
