import Flipbook
import FlipbookScenes
import Foundation
import Testing
@testable import FlipbookSVG

/// Switches and jumps a few nanoseconds after a frame (After Effects' frame numbers: an imported
/// layer that starts at frame 12.0000005 or ends at 62.0000025) are written clear of the frame, so
/// players that keep whole microseconds or compute key times in single precision show the frame as
/// the engine does: the value before the change. The expected values come from the scene's own
/// rule (a change after a frame's instant does not show at it), not from the compiler.
struct FrameClearanceTests {
    static func compile(_ json: String) throws -> AnimatedSVG {
        try SceneLoader().decode(Array(json.utf8), file: "clearance.json").animatedSVG()
    }

    static func animations(_ compiled: AnimatedSVG, _ attribute: String) -> [AnimatedDocument.Animation] {
        var out: [AnimatedDocument.Animation] = []
        func walk(_ e: AnimatedDocument.Element) {
            out += e.animations.filter { $0.attribute == attribute }
            e.children.forEach(walk)
        }
        (compiled.document.definitions + compiled.document.body).forEach(walk)
        return out
    }

    /// The value a player that computes the simple-time fraction and the key times in single
    /// precision shows at `t` of a track of linear segments: the last key time at or before the
    /// fraction, mixed toward the next. Chromium's SMIL does (measured: `getCurrentTime()` gives
    /// 2.068734884 after `setCurrentTime(2.06873531780742)`, and a jump written at key time
    /// 0.794871795, 91 ns after that frame, showed at it).
    static func singlePrecisionValue(_ n: AnimatedDocument.Numeric, at t: Double) -> Double {
        let p = Float((t - n.begin) / (n.end - n.begin))
        let keys = n.keyTimes.map(Float.init)
        var i = 0
        for (k, key) in keys.enumerated() where key <= p { i = k }
        guard i + 1 < keys.count, keys[i + 1] > keys[i] else { return n.values[i][0] }
        let u = Double((p - keys[i]) / (keys[i + 1] - keys[i]))
        return n.values[i][0] + (n.values[i + 1][0] - n.values[i][0]) * u
    }

    /// A switch at a knot 16 ns after frame 0.2 (at 10 fps, 1 s: the gap is 4 µs) is keyed at
    /// 0.200004, without bisecting; a switch 0.1 ms after a frame, where it is (to 1 µs).
    @Test func aSwitchJustAfterAnInstantIsKeyedAGapLater() {
        nonisolated(unsafe) var reads = 0
        let knot = 0.2 + 1.6e-8
        let keys = DiscreteTrack(value: { (t: Double) -> String in reads += 1; return t >= knot ? "b" : "a" })
            .fit(knots: [0, knot, 1], fps: 10, duration: 1)
        #expect(keys.map(\.time) == [0, 0.2 + 4e-6] && keys[1].value == "b")
        // The 12 instants observed (0 to 1 and the knot) and 0, each once.
        #expect(reads == 13)
        // Other knots within the gap that agree are passed over; one that shows another value keeps
        // the switch at the knot (and that value a gap after the knot).
        let passed = DiscreteTrack(value: { $0 >= knot ? "b" : "a" }).fit(knots: [0, knot, 0.200003, 1], fps: 10, duration: 1)
        #expect(passed.map(\.time) == [0, 0.2 + 4e-6])
        let crowded = DiscreteTrack(value: { $0 >= 0.200003 ? "c" : $0 >= knot ? "b" : "a" }).fit(knots: [0, knot, 0.200003, 1], fps: 10, duration: 1)
        #expect(crowded.map(\.time) == [0, knot, knot + 4e-6])
        #expect(crowded.map(\.value) == ["a", "b", "c"])
        let later = DiscreteTrack(value: { $0 >= 0.2001 ? "b" : "a" }).fit(knots: [0, 1], fps: 10, duration: 1)
        #expect(later.count == 2 && abs(later[1].time - 0.2001) < 1e-6)
    }

    /// The other way round: a knot 2 µs before frame 0.44 (at 50 fps) shows the old value and the
    /// frame the new one. The switch is keyed at the frame, never a gap after the knot, past the
    /// frame (a gradient switched by steps(5, jump-none) had been written 4.8 µs after frame 22,
    /// which then showed the old gradient). Without `fps` the instants are only instants, and the
    /// gap rule stands.
    @Test func aSwitchAtAFrameJustAfterAKnotIsShownAtTheFrame() {
        let knot = 0.44 - 2e-6, frame = 22.0 / 50
        let value = { (t: Double) -> String in t >= frame ? "b" : "a" }
        let keys = DiscreteTrack(value: value).fit(knots: [0, knot, 1], fps: 50, duration: 1)
        #expect(keys.map(\.time) == [0, frame] && keys.map(\.value) == ["a", "b"])
        let observed = DiscreteTrack<String>.observed(knots: [0, knot, 1], fps: 50, duration: 1)
        let unframed = DiscreteTrack(value: value).fit(observed: observed, duration: 1)
        #expect(unframed.map(\.time) == [0, knot + 4e-6])
    }

    /// A layer hidden 16 ns after frame 0.2: the frame shows it as written, at a player's whole
    /// microsecond and 0.9 µs later (SMIL writes a switch up to 2 µs early; before, that put it
    /// 1.98 µs before the frame), and frame 0.3 hides it.
    @Test func aSwitchJustAfterAFrameIsNotShownAtIt() throws {
        let compiled = try Self.compile("""
        {"flipbook": 1, "canvas": [100, 100], "duration": 1, "fps": 10,
         "layers": [{"id": "dot", "type": "layer", "frame": [0, 0, 10, 10], "backgroundColor": "#ff0000"}],
         "changes": [{"at": 0.200000016, "layer": "dot", "set": {"hidden": true}, "disableActions": true}]}
        """)
        #expect(compiled.fallbacks.isEmpty)
        let display = try #require(Self.animations(compiled, "display").first)
        let track = SMILTrack(display, timing: compiled.document.timing)
        for t in [0.2, (0.2 * 1e6).rounded(.down) / 1e6, 0.2 + 0.9e-6] {
            #expect(track.value(at: t) == nil || track.value(at: t) == .text("inline"), "at \(t)")
        }
        #expect(track.value(at: 0.3) == .text("none"))
    }

    /// An opacity animation that ends 20 ns after frame 0.8 and is then removed (the model's 1 shows
    /// again): at frame 0.8 the engine shows the animation's end, 0.2. Written at 0.80000002 s (the
    /// track then ends: its last key), frame 0.8's fraction of it is 0.999999975, which single
    /// precision rounds to 1, the jump's own key time. The jump is written 4 µs after the frame, with 0.2
    /// held until then, so such a player shows 0.2 there too.
    @Test func aJumpJustAfterAFrameIsHeldPastIt() throws {
        let compiled = try Self.compile("""
        {"flipbook": 1, "canvas": [100, 100], "duration": 1, "fps": 10,
         "layers": [{"id": "dot", "type": "layer", "frame": [0, 0, 10, 10], "backgroundColor": "#ff0000",
                     "animations": [{"property": "opacity", "from": 1, "to": 0.2, "duration": 0.80000002}]}]}
        """)
        #expect(compiled.fallbacks.isEmpty)
        guard case .numeric(let n)? = Self.animations(compiled, "opacity").first else {
            Issue.record("no opacity track")
            return
        }
        #expect(n.splines.allSatisfy { $0 == [0, 0, 1, 1] })
        #expect(abs(Self.singlePrecisionValue(n, at: 0.8) - 0.2) < 1e-3, "\(n.keyTimes) \(n.values)")
        // Read exactly, the frame shows 0.2 and frame 0.9 the model's 1.
        let track = SMILTrack(.numeric(n), timing: compiled.document.timing)
        if case .numbers(let v)? = track.value(at: 0.8) { #expect(abs(v[0] - 0.2) < 1e-3) } else { Issue.record("no value at 0.8") }
        #expect(track.value(at: 0.9) == .numbers([1]))
    }

    /// The hold itself, on keys by hand: a jump 84 ns after frame 0.2 moves to 0.200004 with its
    /// value before held; one 0.1 ms after a frame, one on a frame, and one whose next key comes
    /// before the new instant stay.
    @Test func jumpsAreHeldClearOfFramesOnly() {
        func keys(_ pairs: [(Double, Double)]) -> [Keyframe] { pairs.map { Keyframe(time: $0.0, value: [$0.1], curve: nil) } }
        let k = 0.2 + 8.4e-8
        let held = TrackFitter.holdingJumpsClearOfFrames(keys([(0, 0), (k, 1), (k, 5), (1, 5)]), fps: 10, duration: 1)
        #expect(held.map(\.time) == [0, k, 0.2 + 4e-6, 0.2 + 4e-6, 1])
        #expect(held.map { $0.value[0] } == [0, 1, 1, 5, 5])
        for kept in [keys([(0, 0), (0.2001, 1), (0.2001, 5), (1, 5)]),
                     keys([(0, 0), (0.2, 1), (0.2, 5), (1, 5)]),
                     keys([(0, 0), (k, 1), (k, 5), (0.200002, 6), (1, 6)])] {
            #expect(TrackFitter.holdingJumpsClearOfFrames(kept, fps: 10, duration: 1).map(\.time) == kept.map(\.time))
        }
    }

    /// A fade of 1 → 0.2 over 0.7 s, repeated, at 30 fps: each cycle begins on a frame (21, 42),
    /// where the engine shows 1. Every frame, read as Chromium seeks it (a float, then whole
    /// microseconds, truncated: frame 21 at 0.699999 s) and in single precision, shows the closed form
    /// 1 − 0.8 · (i mod 21) / 21; the jump had been written at the frame itself, and frame 21 read
    /// 0.2. Read exactly, between frames, the track is the fade.
    @Test func aJumpOnAFrameIsWrittenBeforeIt() throws {
        let compiled = try Self.compile("""
        {"flipbook": 1, "canvas": [100, 100], "duration": 2, "fps": 30,
         "layers": [{"id": "dot", "type": "layer", "frame": [0, 0, 10, 10], "backgroundColor": "#ff0000",
                     "animations": [{"property": "opacity", "from": 1, "to": 0.2, "duration": 0.7, "repeatCount": "infinite"}]}]}
        """)
        #expect(compiled.fallbacks.isEmpty)
        guard case .numeric(let n)? = Self.animations(compiled, "opacity").first else {
            Issue.record("no opacity track")
            return
        }
        let track = SMILTrack(.numeric(n), timing: compiled.document.timing)
        for i in 0...60 {
            let t = Double(i) / 30, expected = 1 - 0.8 * Double(i % 21) / 21
            for seek in [t, FrameInstants.seekedByChromium(t)] {
                guard case .numbers(let v)? = track.value(at: seek) else {
                    Issue.record("no value at \(seek)")
                    continue
                }
                #expect(abs(v[0] - expected) < 1e-3, "frame \(i) read at \(seek): \(v[0])")
            }
            // The track is one 0.7 s cycle, repeated: its first (the helper reads no repeats).
            if i <= 21 { #expect(abs(Self.singlePrecisionValue(n, at: t) - expected) < 1e-3, "frame \(i), single precision") }
        }
        for t in stride(from: 0.01, to: 2, by: 0.0173) {
            let phase = t / 0.7 - (t / 0.7).rounded(.down)
            guard phase > 1e-4, phase < 1 - 1e-4, case .numbers(let v)? = track.value(at: t) else { continue }
            #expect(abs(v[0] - (1 - 0.8 * phase)) < 1e-3, "at \(t): \(v[0])")
        }
    }

    /// The rule on keys by hand (10 fps, 1 s, the gap 4 µs): a jump at frame 0.2, or ulps before
    /// it, moves to 0.2 − 4 µs; the eased segment into it ends there on its own curve (the value
    /// and the easing the engine has at each instant up to it), the value after the jump held to
    /// the frame. Not past the frames seeked (a looping scene's end), and not for 0 (Lottie).
    @Test func aJumpAtAFrameMovesAGapBeforeIt() {
        let ease = UnitCurve(p1: Point(0.42, 0), p2: Point(0.58, 1))
        let moved = 0.2 - 4e-6
        for at in [0.2, 0.2.nextDown, 0.2.nextDown.nextDown] {
            let keys = [Keyframe(time: 0, value: [10], curve: ease), Keyframe(time: at, value: [30], curve: nil),
                        Keyframe(time: at, value: [0], curve: .linear), Keyframe(time: 1, value: [8], curve: nil)]
            let held = TrackFitter.holdingJumpsClearOfFrames(keys, fps: 10, duration: 1, seekedFrames: 11)
            #expect(held.map(\.time) == [0, moved, moved, at, 1], "\(at)")
            #expect(held.map { $0.value[0] }.suffix(3) == [0, 0, 8])
            // Up to `moved`, the written segment is the engine's: 10 + 20 · ease(t / at).
            let written = held[0].curve ?? .linear
            for u in stride(from: 0.0, through: 1, by: 0.125) {
                let t = u * moved
                let engine = 10 + 20 * ease.value(at: t / at)
                let shown = held[0].value[0] + (held[1].value[0] - held[0].value[0]) * written.value(at: u)
                #expect(abs(shown - engine) < 1e-9, "\(at) at \(t): \(shown) vs \(engine)")
            }
            #expect(TrackFitter.holdingJumpsClearOfFrames(keys, fps: 10, duration: 1).map(\.time) == keys.map(\.time))
        }
        let atEnd = [Keyframe(time: 0, value: [0], curve: nil), Keyframe(time: 1, value: [1], curve: nil),
                     Keyframe(time: 1, value: [0], curve: nil), Keyframe(time: 1.5, value: [1], curve: nil)]
        #expect(TrackFitter.holdingJumpsClearOfFrames(atEnd, fps: 10, duration: 2, seekedFrames: 10).map(\.time) == [0, 1, 1, 1.5])
    }

    /// The rule as a property, on 60 random linear tracks (fixed seed; 10 to 60 fps, 1 to 60 s) whose
    /// jumps lie on frames, ulps before them, between frames or at knots: read as Chromium seeks each
    /// frame, and at the frame itself, the keys held clear show what the keys as fitted show at the
    /// frame; away from the frames (more than a gap from each), they show what those keys show. (A
    /// jump held past a frame had begun the segment after it a gap late, from the jump's value:
    /// 3.6e-4 off at 60 fps in a 33 s track.)
    @Test func everyFrameShowsTheFittedValueWhereChromiumSeeksIt() {
        var state: UInt64 = 0x9E3779B97F4A7C15
        func random() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        // Linear keys read exactly: at a jump (two keys at one instant) the later holds from it on.
        func read(_ keys: [Keyframe], at t: Double) -> Double {
            guard let i = keys.lastIndex(where: { $0.time <= t }) else { return keys[0].value[0] }
            guard i + 1 < keys.count else { return keys[i].value[0] }
            let a = keys[i], b = keys[i + 1]
            return a.value[0] + (b.value[0] - a.value[0]) * (t - a.time) / (b.time - a.time)
        }
        for _ in 0..<60 {
            let fps = [10.0, 24, 25, 30, 50, 60][Int(random() * 6)], duration = (1 + random() * 59).rounded() / 1
            let frames = Int((duration * fps).rounded()) + 1, gap = 4e-6 * max(duration, 1)
            var keys = [Keyframe(time: 0, value: [random() * 100], curve: nil)]
            var t = 0.0
            while true {
                t += 0.05 + random() * 2
                let frame = (t * fps).rounded() / fps
                switch Int(random() * 4) {
                case 0: t = frame
                case 1: t = frame.nextDown.nextDown
                default: break
                }
                guard t < duration - 0.05, t > keys[keys.count - 1].time + 0.01 else { break }
                keys.append(Keyframe(time: t, value: [random() * 100], curve: nil))
                if random() < 0.7 { keys.append(Keyframe(time: t, value: [random() * 100], curve: nil)) }
            }
            keys.append(Keyframe(time: duration, value: [random() * 100], curve: nil))
            let held = TrackFitter.holdingJumpsClearOfFrames(keys, fps: fps, duration: duration, seekedFrames: frames)
            for i in 0..<frames {
                let f = Double(i) / fps
                for seek in [f, FrameInstants.seekedByChromium(f)] where seek >= 0 {
                    // The fitted keys at the seek, or at the frame where they jump between the two
                    // (a seek up to 3 µs early reads a moving value that much earlier, as any key).
                    let jumps = keys.indices.dropFirst().contains { keys[$0].time == keys[$0 - 1].time && keys[$0].time > seek && keys[$0].time <= f }
                    let expected = read(keys, at: jumps ? f : seek)
                    #expect(abs(read(held, at: seek) - expected) < 1e-6 * 100, "\(fps) fps, \(duration) s, frame \(i) at \(seek)")
                }
            }
            for _ in 0..<50 {
                let u = random() * duration, nearest = (u * fps).rounded() / fps
                guard abs(u - nearest) > 2 * gap else { continue }
                #expect(abs(read(held, at: u) - read(keys, at: u)) < 1e-9 * 100, "\(fps) fps, \(duration) s, at \(u)")
            }
        }
    }

    /// A minute-long scene hides a layer at frame 971 (32.3666… s) and shows it at frame 986: Chromium
    /// reads those frames at 32.366664 s and 32.866664 s (a float, then whole microseconds), before
    /// switches written 2 µs early (32.366664666 s). Written earlier (1.2 µs and 2e-7 of the
    /// duration), every frame shows the engine's value (the read-back's count), also with the key
    /// times and the seek's fraction in single precision.
    @Test func aSwitchInAMinuteLongSceneIsShownAtItsFrame() throws {
        let compiled = try Self.compile("""
        {"flipbook": 1, "canvas": [100, 100], "duration": 60, "fps": 30,
         "layers": [{"id": "dot", "frame": [10, 10, 80, 80], "backgroundColor": "#ff0000"}],
         "changes": [{"at": 32.36666666666667, "layer": "dot", "set": {"hidden": true}, "disableActions": true},
                     {"at": 32.86666666666667, "layer": "dot", "set": {"hidden": false}, "disableActions": true}]}
        """)
        let display = compiled.report.filter { $0.property == "display" }
        #expect(!display.isEmpty && display.allSatisfy { $0.encoding == .discrete }, "\(display.map(\.encoding))")
        guard case .discrete(let track)? = Self.animations(compiled, "display").first else {
            Issue.record("no display track")
            return
        }
        #expect(track.keyTimes.count == 3)
        for (k, frame) in [(1, 971.0), (2, 986.0)] {
            let t = frame / 30, seek = FrameInstants.seekedByChromium(t)
            #expect(track.keyTimes[k] * 60 <= seek, "frame \(frame): key \(track.keyTimes[k] * 60), read at \(seek)")
            #expect(Float(track.keyTimes[k]) <= Float(Float(seek) / 60), "frame \(frame) in single precision")
            // Not before the frame before.
            #expect(track.keyTimes[k] * 60 > (frame - 1) / 30)
        }
    }

    /// The read-back of a discrete track counts the frames it shows wrong: a switch written 2 µs
    /// before frame 0.2, where the engine still shows the old value, is one; written 4 µs after, none.
    @Test func discreteReadBackCountsFramesShownWrong() throws {
        let scene = try SceneLoader().decode(Array(#"{"flipbook": 1, "canvas": [10, 10], "duration": 1, "fps": 10, "layers": []}"#.utf8), file: "empty.json")
        let context = AnimatedSVGCompiler.Context(scene: scene, geometry: 0.25, color: 1.0 / 255)
        var engine: [Double: String] = [:]
        for i in 0...10 { engine[Double(i) / 10] = i <= 2 ? "inline" : "none" }
        func track(_ at: Double) -> AnimatedDocument.Discrete {
            AnimatedDocument.Discrete(attribute: "display", values: [.keyword("inline"), .keyword("none")], keyTimes: [0, at], single: nil)
        }
        #expect(context.framesShownWrong(track(0.199998), engine: engine) == 1)
        #expect(context.framesShownWrong(track(0.200004), engine: engine) == 0)
        // Written at 0.3 - 0.5 µs: 0.9 µs after frame 0.2 it is still before; frame 0.3 shows it.
        #expect(context.framesShownWrong(track(0.2999995), engine: engine) == 0)
        #expect(context.framesShownWrong(track(0.3000005), engine: engine) == 1)
        // Chromium's seek: a float (0.7 is 0.699999988079071, 17/30 is 0.566666662693), then whole
        // microseconds, truncated; 0.1 as a float is above it (0.100000001490116).
        #expect(FrameInstants.seekedByChromium(0.7) == 0.699999)
        #expect(FrameInstants.seekedByChromium(17.0 / 30) == 0.566666)
        #expect(FrameInstants.seekedByChromium(0.1) == 0.1)
    }
}
