import Easing
import Flipbook
import FlipbookScenes
import Foundation
import Testing
@testable import FlipbookSVG

/// Each part of the animated-SVG compiler against values derived by hand, never against the
/// compiler's own reported error.
struct CompilerPartsTests {
    /// The SMIL evaluator on a hand-written element: a spline segment, a linear one, a jump, begin,
    /// freeze; a repeating discrete one; a set.
    @Test func smilEvaluator() throws {
        let spline = try #require(SMILTrack(#"<animate attributeName="x" begin="1s" dur="2s" fill="freeze" calcMode="spline" values="0;10;10;20" keyTimes="0;0.5;0.5;1" keySplines="0.42 0 1 1;0 0 1 1;0 0 1 1"/>"#))
        #expect(spline.value(at: 0.5) == nil)                        // before begin: the base value
        // At local 0.5 s, u = 0.5 through the ease-in segment: y at x = ½ of cubic-bezier(0.42, 0, 1, 1)
        // is 0.31535673 (Chromium's ease-in at 0.5), so 3.1535673.
        if case .numbers(let v)? = spline.value(at: 1.5) { #expect(abs(v[0] - 3.1535673) < 1e-6) } else { Issue.record("no value") }
        #expect(spline.value(at: 2) == .numbers([10]))                // the jump: the later value from its time on
        #expect(spline.value(at: 2.5) == .numbers([15]))
        #expect(spline.value(at: 9) == .numbers([20]))                // frozen on the last value
        let loop = try #require(SMILTrack(#"<animate attributeName="display" dur="1s" repeatCount="indefinite" calcMode="discrete" values="inline;none;inline" keyTimes="0;0.25;0.5"/>"#))
        #expect(loop.value(at: 0.1) == .text("inline"))
        #expect(loop.value(at: 0.3) == .text("none"))
        #expect(loop.value(at: 1.3) == .text("none"))                 // the second repeat
        #expect(loop.value(at: 1.75) == .text("inline"))
        let set = try #require(SMILTrack(#"<set attributeName="display" to="none" begin="0.75s"/>"#))
        #expect(set.value(at: 0.5) == nil && set.value(at: 0.75) == .text("none"))
        // The check's reader without lists (`numbers(at:into:)`) gives the same numbers into a buffer
        // it reuses, says text where the value is text and leaves the buffer alone where the element
        // does not apply.
        var buffer = [99.0]
        #expect(spline.numbers(at: 0.5, into: &buffer) == .notApplied && buffer == [99])
        #expect(spline.numbers(at: 2.5, into: &buffer) == .numbers && buffer == [15])
        #expect(spline.numbers(at: 9, into: &buffer) == .numbers && buffer == [20])
        _ = spline.numbers(at: 1.5, into: &buffer)
        #expect(abs(buffer[0] - 3.1535673) < 1e-6 && buffer.count == 1)
        #expect(loop.numbers(at: 0.1, into: &buffer) == .text && buffer.count == 1)
        #expect(set.numbers(at: 0.5, into: &buffer) == .notApplied && set.numbers(at: 0.75, into: &buffer) == .text)
        let pair = try #require(SMILTrack(#"<animate attributeName="stroke-dasharray" dur="2s" values="0 10;8 2" fill="freeze"/>"#))
        #expect(pair.numbers(at: 0.5, into: &buffer) == .numbers && buffer == [2, 8])   // a quarter of the way
        #expect(pair.value(at: 0.5) == .numbers([2, 8]))
        // Colours and path data read as numbers.
        #expect(SMILTrack.value("#ff8000") == .numbers([1, 128.0 / 255, 0]))
        #expect(SMILTrack.pathNumbers("M10-5.5C.5 1e-3,2 3") == [10, -5.5, 0.5, 0.001, 2, 3])
    }

    /// The fitter: a linear ramp is one exact segment; an eased span is one exact segment with the
    /// span's curve; a sine is sampled, and its keys, interpolated here, stay within the tolerance.
    @Test func trackFitter() {
        let ramp = TrackFitter(value: { [3 * $0] }, tolerance: 0.01)
        let (keys, summary) = ramp.fit(knots: [0, 1], spans: [])
        #expect(summary.exact && keys.count == 2 && keys[0].value == [0] && keys[1].value == [3])
        let curve = CubicBezier(0.42, 0, 0.58, 1)
        let eased = TrackFitter(value: { [100 * curve($0 / 2)] }, tolerance: 0.01)
        let (easedKeys, easedSummary) = eased.fit(knots: [0, 2], spans: [Timeline.Span(start: 0, end: 2, curve: curve)])
        #expect(easedSummary.exact && easedKeys.count == 2 && easedKeys[0].curve?.timing == curve)
        let sine = TrackFitter(value: { [10 * sin(2 * .pi * $0)] }, tolerance: 0.05)
        let (sineKeys, sineSummary) = sine.fit(knots: [0, 1], spans: [])
        #expect(!sineSummary.exact)
        for i in 0...1000 {
            let t = Double(i) / 1000
            let k = sineKeys.lastIndex { $0.time <= t }!
            let a = sineKeys[k], b = sineKeys[min(k + 1, sineKeys.count - 1)]
            let u = b.time > a.time ? (t - a.time) / (b.time - a.time) : 0
            let line = a.value[0] * (1 - u) + b.value[0] * u
            #expect(abs(line - 10 * sin(2 * .pi * t)) <= 0.05 * 1.5, "t = \(t)")
        }
    }

    /// Adaptive sampling asks only for instants of one grid of the knot interval (2^24 equal steps),
    /// whatever the value: two tracks that refine in different places share every instant they both
    /// reach, so a scene of many sampled layers evaluates each instant once. Both fits stay within
    /// their tolerance (checked at 1,001 instants against the closed form).
    @Test func sampledTracksAskForInstantsOfOneGrid() {
        let a = 0.5, b = 1.25
        for phase in [0.0, 0.37] {
            var asked: [Double] = []
            let f = { (t: Double) in 10 * sin(2 * .pi * (3 * t + phase)) }
            let fitter = TrackFitter(value: { t in asked.append(t); return [f(t)] }, tolerance: 0.05)
            let (keys, summary) = fitter.fit(knots: [a, b], spans: [])
            #expect(!summary.exact)
            for t in asked where t != a && t != b && t < b - 1e-6 {
                let step = (t - a) / (b - a) * Double(1 << 24)
                #expect(step == step.rounded() && t == a + (b - a) * (step.rounded() / Double(1 << 24)), "t = \(t)")
            }
            for i in 0...1000 {
                let t = a + (b - a) * Double(i) / 1000
                let k = keys.lastIndex { $0.time <= t }!
                let p = keys[k], q = keys[min(k + 1, keys.count - 1)]
                let u = q.time > p.time ? (t - p.time) / (q.time - p.time) : 0
                #expect(abs(p.value[0] * (1 - u) + q.value[0] * u - f(t)) <= 0.05 * 1.5, "t = \(t)")
            }
        }
    }

    /// A value whose structure changes inside an interval (a fuzzed path that gains points) is split
    /// around the change instead of being indexed past its end (it crashed the fuzzer).
    @Test func fitterSurvivesAChangingStructure() {
        let fitter = TrackFitter(value: { $0 < 0.37 ? [$0] : [$0, 1, 2] }, tolerance: 0.01)
        let (keys, summary) = fitter.fit(knots: [0, 1], spans: [])
        #expect(!summary.exact)
        #expect(keys.contains { $0.value.count == 1 } && keys.contains { $0.value.count == 3 })
    }

    /// keySpline splitting: a curve whose y leaves [0, 1] twice splits at its two extrema; the split
    /// never passes 64 pieces, and every piece is a valid spline.
    @Test func splineSplittingLimits() {
        let back = UnitCurve(CubicBezier(0.68, -0.55, 0.265, 1.55))
        let pieces = back.splines()
        #expect(pieces.count == 3)   // before the dip's bottom, between the extrema, after the peak
        let wild = UnitCurve(p1: Point(0.1, 40), p2: Point(0.9, -40))
        let many = wild.splines()
        #expect(many.count <= 64 && many.allSatisfy { $0.curve.isValidSpline })
        #expect(abs(many.last!.x - 1) < 1e-12)
    }

    /// Discrete tracks: a switch at 0.37 s (not a frame instant at 10 fps) is found by bisection.
    @Test func discreteTrackFindsTheSwitch() {
        let track = DiscreteTrack(value: { $0 < 0.37 ? "a" : "b" })
        let keys = track.fit(knots: [0, 1], fps: 10, duration: 1)
        #expect(keys.count == 2 && keys[1].value == "b")
        #expect(abs(keys[1].time - 0.37) < 1e-6)
    }

    /// A switch right after an observed instant (0.2 s at 10 fps) is placed 4e-6 s per second of
    /// the scene after it (8e-6 s here: writers move a switch up to 2 µs earlier and Chromium's CSS
    /// compares times within 1 µs, so 1e-6 s a second let a frame show it), found without
    /// bisecting: the value is read at the 21 observed instants, at 0 and at the probe, never between.
    @Test func discreteTrackSwitchRightAfterAnInstant() {
        nonisolated(unsafe) var reads = 0
        let track = DiscreteTrack(value: { (t: Double) -> String in reads += 1; return t > 0.2 ? "b" : "a" })
        let keys = track.fit(knots: [0, 2], fps: 10, duration: 2)
        #expect(keys.count == 2 && keys[1].value == "b")
        #expect(keys[1].time == 0.2 + 8e-6)
        #expect(reads == 23)
        // Half way between instants it is still bisected, to within 1e-6 s.
        let later = DiscreteTrack(value: { $0 > 0.25 ? "b" : "a" }).fit(knots: [0, 2], fps: 10, duration: 2)
        #expect(later.count == 2 && abs(later[1].time - 0.25) < 1e-6)
    }

    /// The compiler's test for a node that never changes: equal everything but children. A ring
    /// gauge's track arc is the same at 0.3 s as at 0 (its value arc is not); the gauge itself too,
    /// though its value arc child changed; a node absent at either instant is not.
    @Test func snapshotsCompareANodesOwnContent() throws {
        let json = """
        {"flipbook": 1, "canvas": [100, 100], "duration": 1, "fps": 10,
         "layers": [{"id": "g", "type": "ringGauge", "frame": [0, 0, 100, 100]},
                    {"id": "dot", "type": "layer", "frame": [0, 0, 10, 10], "backgroundColor": "#ff0000"}],
         "changes": [{"at": 0, "layer": "g", "set": {"fraction": 0.5}, "duration": 1},
                     {"at": 0.2, "layer": "dot", "set": {"opacity": 0.5}, "duration": 0.5}]}
        """
        let scene = try SceneLoader().decode(Array(json.utf8), file: "nodes.json")
        let sampler = Sampler(scene)
        let a = sampler.at(0), b = sampler.at(0.3), c = sampler.at(0.1)
        #expect(a.hasSameContent(sampler.slot("g.track"), as: b))
        #expect(a.hasSameContent(sampler.slot("g"), as: b))
        #expect(!a.hasSameContent(sampler.slot("g.value"), as: b))
        #expect(!a.hasSameContent(sampler.slot("dot"), as: b))   // its opacity only
        #expect(a.hasSameContent(sampler.slot("dot"), as: c))    // before its change begins
        #expect(!a.hasSameContent(sampler.slot("nowhere"), as: a))
    }

    /// A snapshot's weight counts what it holds apart from the scene: a node that was never rebuilt
    /// is `nodeWeight` (its path is the layer's own), a rebuilt one its path elements too, one an
    /// earlier walk made `sharedWeight`. Three nodes
    /// (root, a still square, a square whose colour moves), the square's path 4 elements (M, L, L, Z).
    @Test func snapshotWeightCountsRebuiltNodes() throws {
        let json = """
        {"flipbook": 1, "canvas": [100, 100], "duration": 1, "fps": 10,
         "layers": [{"id": "still", "type": "shape", "path": [["M", 0, 0], ["L", 10, 0], ["L", 10, 10], ["Z"]], "fillColor": "#ff0000"},
                    {"id": "moving", "type": "shape", "path": [["M", 0, 0], ["L", 10, 0], ["L", 10, 10], ["Z"]], "fillColor": "#ff0000",
                     "animations": [{"property": "fillColor", "from": "#ff0000", "to": "#0000ff", "duration": 1}]}]}
        """
        let scene = try SceneLoader().decode(Array(json.utf8), file: "weight.json")
        let presentation = RetainedPresentation(scene: scene)
        let first = Snapshot.walk(presentation.tree(at: 0.5), expecting: 0)
        #expect(first.nodes.count == 3)
        #expect(first.weight == 3 * Snapshot.nodeWeight)          // every node as the presentation built it
        // A node the same as at the walk before is that walk's node (kept with the presentation's
        // node), one unit; the moving square rebuilt counts its 4 path elements.
        let later = Snapshot.walk(presentation.tree(at: 0.7), expecting: 0)
        #expect(later.nodes[0] === first.nodes[0] && later.nodes[1] === first.nodes[1])   // root and the still square
        #expect(later.nodes[2] !== first.nodes[2] && later.nodes[2].node.items != first.nodes[2].node.items)
        #expect(later.weight == 2 * Snapshot.sharedWeight + Snapshot.nodeWeight + 4)
        let again = Snapshot.walk(presentation.tree(at: 0.7), expecting: 0)
        #expect(zip(again.nodes, later.nodes).allSatisfy { $0 === $1 } && again.weight == 3 * Snapshot.sharedWeight)
        // Another presentation shares nothing with this one.
        let other = Snapshot.walk(RetainedPresentation(scene: scene).tree(at: 0.7), expecting: 0)
        #expect(zip(other.nodes, later.nodes).allSatisfy { $0 !== $1 })
    }

    /// The sampler's snapshots, walked from the retained presentation's nodes, against the render tree
    /// built from nothing (`Scene.presentation(at:).renderNode()`), flattened by hand: the same nodes
    /// (without children) in the same depth-first drawing order with the same parents, at every frame
    /// and half frame of every scene, forwards then backwards (the retained tree runs back in time).
    /// Each shape item read in place (`withShape`, how the compiler's tracks read shapes) is the
    /// render tree's item.
    @Test(arguments: GoldenTests.scenes)
    func snapshotsAreTheRenderTreeFlattened(_ file: String) throws {
        do {
            let scene = try SceneLoader().load(contentsOf: GoldenTests.root.appendingPathComponent("Scenes/\(file).json").path)
            let sampler = Sampler(scene)
            let instants = (0..<scene.frameCount).flatMap { [scene.frameTime($0), scene.frameTime($0) + 0.5 / scene.fps] }
            for t in instants + instants.reversed() {
                var expected: [(node: RenderNode, parent: String?)] = []
                func flatten(_ node: RenderNode, parent: String?) {
                    var own = node
                    own.children = []
                    own.mask = nil
                    // The mask's mode goes with the mask, which a snapshot holds as a child (the
                    // compiler reads the mode from the model: `invertedMasks`).
                    own.maskMode = .alpha
                    expected.append((own, parent))
                    for child in node.children { flatten(child, parent: node.id) }
                    // The mask after the children, as a child (a hidden one, drawing nothing, is absent).
                    if let mask = node.mask, mask != .nothing(id: mask.id) { flatten(mask, parent: node.id) }
                }
                if let root = scene.presentation(at: t).renderNode() { flatten(root, parent: nil) }
                let snapshot = sampler.at(t)
                #expect(snapshot.order.count == expected.count, "\(file) at \(t)")
                for (slot, want) in zip(snapshot.order, expected) {
                    #expect(sampler.ids[slot] == want.node.id)
                    #expect(snapshot.node(slot) == want.node, "\(file) at \(t): \(want.node.id)")
                    #expect(snapshot.has(slot) && snapshot.withNode(slot, { copy $0 }) == want.node)
                    #expect(snapshot.parents[slot] == (want.parent.map { sampler.slot($0) } ?? -1))
                    // Shapes read in place are the render tree's items; texts and indices past the
                    // end read as nothing.
                    for (index, item) in want.node.items.enumerated() {
                        let read = snapshot.withShape(slot, index) { copy $0 }
                        if case .shape(let shape) = item { #expect(read == shape) } else { #expect(read == nil) }
                    }
                    #expect(snapshot.withShape(slot, want.node.items.count) { _ in true } == nil)
                }
                // Layers absent here (hidden, or not in the model at this instant) read as absent.
                for slot in sampler.ids.indices where !snapshot.order.contains(slot) {
                    #expect(!snapshot.has(slot) && snapshot.node(slot) == nil && snapshot.withNode(slot, { _ in true }) == nil)
                }
            }
        }
    }

    /// The sampler's table of snapshots by instant against a `Dictionary` keyed by the same instants:
    /// 5,000 instants from a fixed generator (frames, midpoints, near neighbours one ulp apart, 0 and
    /// −0 as one instant), stored, replaced, looked up, missed, and forgotten all at once.
    @Test func instantTableAgainstADictionary() {
        var table = InstantTable()
        var reference: [Double: Snapshot] = [:]
        let scene = Scene(canvas: Size(10, 10), duration: 1, fps: 10, root: Layer(id: "root"))
        let sampler = Sampler(scene)
        let marker = sampler.at(0)
        var state: UInt64 = 0x1234_5678
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let pick = Double(state >> 40) / Double(1 << 24)
            switch state % 4 {
            case 0: return (pick * 1000).rounded() / 60
            case 1: return (pick * 1000).rounded() / 120
            case 2: return pick.nextUp
            default: return pick
            }
        }
        var snapshots: [Snapshot] = []
        for i in 0..<5_000 {
            let t = next()
            // A fresh snapshot object per insertion, so that a lookup returning the wrong one is seen.
            let snapshot = i % 7 == 0 ? marker : Snapshot(Snapshot.walk(RetainedPresentation(scene: scene).tree(at: 0), expecting: 0), slots: sampler)
            snapshots.append(snapshot)
            table.insert(snapshot, at: t)
            reference[t] = snapshot
        }
        #expect(table.count == reference.count)
        for (t, snapshot) in reference { #expect(table.snapshot(at: t) === snapshot) }
        for _ in 0..<1_000 {
            let t = -1 - next()   // never stored (every stored instant is 0 or more)
            #expect(table.snapshot(at: t) == nil)
        }
        table.insert(marker, at: -0.0)
        #expect(table.snapshot(at: 0) === marker)
        table.removeAll()
        #expect(table.count == 0)
        for t in reference.keys { #expect(table.snapshot(at: t) == nil) }
        table.insert(marker, at: 0.5)
        #expect(table.snapshot(at: 0.5) === marker)
    }

    /// Knots merged with 0 and the duration: what a set of the instants in [0, duration], sorted,
    /// gives (the reference, computed with `Set`), bit for bit, with −0 as 0; on lists with repeats,
    /// −0, instants outside and a duration of 0.
    @Test func mergedKnotsAreTheSortedSetOfInstants() {
        var state: UInt64 = 0x9E37_79B9
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let pick = Double(state >> 40) / Double(1 << 24)
            switch state % 5 {
            case 0: return (pick * 30).rounded() / 10 - 0.5   // repeats, and some outside
            case 1: return -0.0
            case 2: return 0
            default: return pick * 2.5
            }
        }
        for duration in [2.5, 1, 0] {
            for count in [0, 1, 7, 100] {
                let knots = (0..<count).map { _ in next() }
                var reference = Set([0.0, duration])
                for t in knots where t >= 0 && t <= duration { reference.insert(t) }
                let expected = reference.sorted().map { $0 == 0 ? 0.0 : $0 }
                let merged = AnimatedSVGCompiler.Context.merge(knots, grid: duration)
                #expect(merged.map(\.bitPattern) == expected.map(\.bitPattern), "\(knots) to \(duration)")
            }
        }
    }

    /// Remembered spline solutions are the solver's, bit for bit: 5,000 inputs on a few curves (past the
    /// first room of 2,048, so the table grows), each asked twice, with 0, −0, the ends and NaN.
    @Test func splineSolutionsAreTheSolversOwn() {
        let curves = [CubicBezier(0.42, 0, 0.58, 1), CubicBezier(0, 0, 0.58, 1), CubicBezier(1, 0, 0, 1), CubicBezier(0.3, -0.5, 0.7, 1.5)]
        let solutions = SplineSolutions()
        var state: UInt64 = 7
        var inputs: [(CubicBezier, Double)] = []
        for i in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            inputs.append((curves[i % curves.count], Double(state >> 11) / Double(1 << 53)))
        }
        for c in curves { inputs += [(c, 0), (c, -0.0), (c, 1), (c, .nan), (c, 0.5)] }
        for _ in 0..<2 {
            for (curve, x) in inputs {
                let expected = curve.value(at: x, epsilon: 0), got = solutions.value(curve, at: x)
                #expect(got.bitPattern == expected.bitPattern || (got.isNaN && expected.isNaN), "\(curve) at \(x)")
            }
        }
    }

    /// The writer: keys become exactly this text (no loop: the final hold is dropped, fill freezes).
    @Test func smilWriterText() {
        let writer = SMILWriter(duration: 2, loops: false)
        let keys = [Keyframe(time: 0, value: [0], curve: nil), Keyframe(time: 1, value: [10], curve: UnitCurve(CubicBezier(0.42, 0, 0.58, 1))),
                    Keyframe(time: 1.5, value: [20], curve: nil), Keyframe(time: 2, value: [20], curve: nil)]
        let track = writer.numeric(attribute: "opacity", keys: keys, format: .number).map { AnimatedDocument.text(.numeric($0), timing: writer.timing) }
        #expect(track
                == #"<animate attributeName="opacity" dur="1.5s" fill="freeze" calcMode="spline" values="0;10;20" keyTimes="0;0.666666667;1" keySplines="0 0 1 1;0.42 0 0.58 1"/>"#)
    }

    /// A track whose one change lies between two keys 2e-16 s apart (a knot of steps(3) over [1, 2] at
    /// 1 + 2/3 and the frame at 20/12 s, where the engine's jump falls): the span around the change is
    /// too short for nine decimals, so the whole scene's span is written, with every key, key times
    /// from 0 to 1, and the SMIL evaluator reads the jump back (the fuzzer found it written as
    /// keyTimes="0.476190476;0.476190476" and a fallback missing frames by 2.8 px).
    @Test func smilWriterJumpBetweenKeysCloserThanItsPrecision() throws {
        let writer = SMILWriter(duration: 3.5, loops: false)
        let knot = 1 + 2.0 / 3, frame = 20.0 / 12
        #expect(frame > knot && frame - knot < 1e-15)
        let keys = [Keyframe(time: 0, value: [30], curve: nil), Keyframe(time: 1.625, value: [30], curve: nil),
                    Keyframe(time: knot, value: [30], curve: nil), Keyframe(time: frame, value: [32.8], curve: nil),
                    Keyframe(time: 1.75, value: [32.8], curve: nil), Keyframe(time: 3.5, value: [32.8], curve: nil)]
        let text = try #require(writer.numeric(attribute: "x", keys: keys, format: .number).map { AnimatedDocument.text(.numeric($0), timing: writer.timing) })
        #expect(text.contains(#"keyTimes="0;"#) && text.contains(#";1" keySplines"#), "\(text)")
        let track = try #require(SMILTrack(text))
        for (t, expected) in [(0.0, 30.0), (1.6, 30), (1.666666665, 30), (frame, 32.8), (1.7, 32.8), (3.5, 32.8)] {
            guard case .numbers(let v)? = track.value(at: t) else { Issue.record("no value at \(t)"); continue }
            #expect(abs(v[0] - expected) < 1e-9, "at \(t): \(v[0])")
        }
    }

    /// The engine's timeline: an ease-in animation beginning at 0.5 s, speed 2, autoreversing, in a
    /// layer whose own time starts at 0.25 s: forward over [0.75, 1.25] with ease-in, back over
    /// [1.25, 1.75] with ease-in reversed (cubic-bezier(0, 0, 0.58, 1)), worked out by hand.
    @Test func timelineSpans() throws {
        let scene = try SceneLoader().decode(Array("""
        {"flipbook": 1, "canvas": [10, 10], "duration": 3, "layers": [{"id": "outer", "timing": {"beginTime": 0.25}, "sublayers": [
          {"id": "box", "animations": [{"property": "opacity", "from": 0, "to": 1, "duration": 1, "beginTime": 0.5, "speed": 2,
                                        "autoreverses": true, "timing": "ease-in"}]}]}]}
        """.utf8), file: "t.json")
        let spans = Timeline(scene: scene).spans(for: "box")
        #expect(spans == [Timeline.Span(start: 0.75, end: 1.25, curve: CubicBezier(0.42, 0, 1, 1)),
                          Timeline.Span(start: 1.25, end: 1.75, curve: CubicBezier(0, 0, 1 - 0.42, 1))])
        #expect(Timeline(scene: scene).knots(for: "box") == [0, 0.75, 1.25, 1.75, 3])
    }
}
