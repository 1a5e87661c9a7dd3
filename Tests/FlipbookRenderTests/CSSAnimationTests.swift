import Easing
import FlipbookScenes
import Foundation
import Flipbook
import Testing
@testable import FlipbookSVG

/// The CSS version of the animated SVG against the SMIL version it translates: every SMIL element
/// of every scene, evaluated by `SMILTrack`, against its `@keyframes` rule evaluated here by CSS
/// Animations Level 1's model (§3 and §4: delay, iterations, fill, keyframe offsets, per-keyframe
/// timing functions), with the timing functions from `Easing` (checked against Chromium elsewhere).
/// Chromium itself plays the CSS files in `Tools/check-animated --css`.
struct CSSAnimationTests {
    /// One `@keyframes` rule and its `animation` entry, evaluated at a time.
    struct CSSAnimation {
        var frames: [(offset: Double, value: String, timing: String?)] = []
        var duration = 0.0, delay = 0.0, count = 1.0
        var defaultTiming = "linear"
        var forwards = false

        init(rule: String, timing: String) {
            // "0%{p:v;animation-timing-function:tf}45.5%,to{p:v}…"
            var rest = Substring(rule)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                let selectors = rest[..<open].split(separator: ",")
                let declarations = rest[rest.index(after: open)..<close].split(separator: ";")
                var value = "", tf: String?
                for d in declarations {
                    let colon = d.firstIndex(of: ":")!
                    let name = d[..<colon], v = String(d[d.index(after: colon)...])
                    if name == "animation-timing-function" { tf = v } else { value = v }
                }
                for s in selectors {
                    let offset = s == "to" ? 1 : s == "from" ? 0 : Double(s.dropLast())! / 100
                    frames.append((offset, value, tf))
                }
                rest = rest[rest.index(after: close)...]
            }
            frames.sort { $0.offset < $1.offset }
            let words = timing.split(separator: " ").map(String.init)
            duration = Double(words[0].dropLast())!
            defaultTiming = words[1]
            var times = 0
            for w in words.dropFirst(2) {
                if w == "forwards" { forwards = true } else if w == "infinite" { count = .infinity }
                else if w.hasSuffix("s"), times == 0 { delay = Double(w.dropLast())!; times += 1 }
                else if let n = Double(w) { count = n }
            }
        }

        /// The keyframe value text in effect at time `t`, mixed with `mix` between two keyframes;
        /// nil when the animation does not apply.
        func value(at t: Double) -> (from: String, to: String, progress: Double)? {
            let local = t - delay
            guard local >= 0 else { return nil }
            let end = duration * count
            var p: Double
            if local >= end {
                guard forwards else { return nil }
                let r = count.truncatingRemainder(dividingBy: 1)
                p = r == 0 ? 1 : r
            } else {
                p = (local / duration).truncatingRemainder(dividingBy: 1)
            }
            if p >= frames.last!.offset { return (frames.last!.value, frames.last!.value, 0) }
            var i = 0
            while i + 1 < frames.count && frames[i + 1].offset <= p { i += 1 }
            let a = frames[i], b = frames[i + 1]
            let local01 = (p - a.offset) / (b.offset - a.offset)
            // Cubic Béziers solved to the last bit, as SMILTrack solves keySplines (not to the 1e-7 in x
            // that Chromium and `TimingFunction` stop at).
            let curve = try! TimingFunction(parsing: a.timing ?? defaultTiming)
            if case .cubicBezier(let c) = curve { return (a.value, b.value, c.value(at: local01, epsilon: 0)) }
            return (a.value, b.value, curve(local01))
        }
    }

    /// The numbers of a CSS or SMIL value: "translate(3px,4px)" → [3, 4]; "#ff8000" → [1, 0.5, 0].
    static func numbers(_ text: String) -> [Double]? {
        if text.hasPrefix("#"), text.count == 7 {
            let hex = Array(text.dropFirst())
            return stride(from: 0, to: 6, by: 2).map { Double(Int(String(hex[$0...$0 + 1]), radix: 16)!) / 255 }
        }
        var out: [Double] = [], current = ""
        for ch in text + " " {
            if ch.isNumber || ch == "." || ch == "-" || ch == "e" && !current.isEmpty {
                if ch == "-", !current.isEmpty, current.last != "e" { out.append(Double(current)!); current = "" }
                current.append(ch)
            } else if !current.isEmpty {
                guard let v = Double(current) else { return nil }
                out.append(v)
                current = ""
            }
        }
        return out.isEmpty ? nil : out
    }

    static let scenes = ["activity-rings", "bar-chart", "easing-gallery", "line-graph", "pie-chart", "pie-from-pairs",
                         "pie-semantic-vs-morph", "round-cap-chart", "spinner", "timeline-checks", "data-and-clips"]

    /// Every element's animations in document order (definitions first), as SMIL writes them.
    static func animated(_ document: AnimatedDocument) -> [(element: AnimatedDocument.Element, animation: AnimatedDocument.Animation)] {
        var out: [(AnimatedDocument.Element, AnimatedDocument.Animation)] = []
        func walk(_ e: AnimatedDocument.Element) {
            for a in e.animations { out.append((e, a)) }
            e.children.forEach(walk)
        }
        (document.definitions + document.body).forEach(walk)
        return out
    }

    @Test(arguments: scenes)
    func everySMILElementHasTheSameValuesAsCSS(scene name: String) throws {
        let scene = try AnimatedCompileTests.scene(name)
        let compiled = scene.animatedSVG()
        let svg = compiled.svg
        var checked = 0
        for (element, animation) in Self.animated(compiled.document) {
            let tag = AnimatedDocument.text(animation, timing: compiled.document.timing)
            // Each one as SMIL writes it, in the file.
            #expect(svg.contains(tag))
            let smil = try #require(SMILTrack(tag), "\(tag)")
            if element.kind == .text && (smil.attribute == "x" || smil.attribute == "y") { continue }
            let (rule, timing, _) = try #require(CSSAnimationWriter.keyframesRule(animation, of: element, timing: compiled.document.timing))
            let css = CSSAnimation(rule: rule, timing: timing)
            // A jump moves the key after it 1e-7 of the duration later, so the segment after it runs
            // that much late at most: the bound is that time × the track's fastest rate (measured here
            // on a fine grid, × 1.5 for the peaks between its points).
            var rate = 0.0
            if rule.contains("steps(1,"), smil.duration.isFinite {
                let n = 20_000
                var previous: [Double]?
                for k in 0...n {
                    let t = smil.begin + Double(k) / Double(n) * smil.duration
                    guard case .numbers(let v)? = smil.value(at: t) else { previous = nil; continue }
                    if let p = previous, p.count == v.count {
                        rate = max(rate, zip(p, v).map { abs($0 - $1) }.max() ?? 0)
                    }
                    previous = v
                }
                rate *= Double(n) / smil.duration * 1.5
            }
            let lag = rate * CSSAnimationWriter.jump * (smil.duration.isFinite ? smil.duration : 0)
            var times = (0...2000).map { Double($0) / 2000 * scene.duration * 1.05 }
            for k in smil.keyTimes { times += [smil.begin + k * smil.duration + 1e-9 * max(1, smil.duration), smil.begin + k * smil.duration - 1e-6] }
            // Switch instants themselves are left out: the two sides place a jump 1e-7 of the duration apart.
            let switches = smil.keyTimes.map { smil.begin + $0 * (smil.duration.isFinite ? smil.duration : 0) }
            for t in times where t >= 0 && switches.allSatisfy({ abs($0 - t) > 2e-7 * max(1, smil.duration.isFinite ? smil.duration : 1) }) {
                let expected = smil.value(at: t)
                let got = css.value(at: t)
                switch (expected, got) {
                case (nil, nil): continue
                case (.text(let e)?, let g?):
                    let shown = g.progress >= 1 ? g.to : g.from
                    #expect((e == "none") == (shown == "hidden"), "\(name) \(smil.attribute) at \(t): SMIL \(e), CSS \(shown)")
                case (.numbers(let e)?, let g?):
                    // Under step-end (discrete tracks, whose values may differ in length) progress is 0 or 1.
                    let a = try #require(Self.numbers(g.progress == 1 ? g.to : g.from))
                    let b = try #require(Self.numbers(g.progress == 0 ? g.from : g.to))
                    #expect(a.count == e.count && b.count == e.count, "\(name) \(smil.attribute) at \(t): \(g.from) → \(g.to) for \(e)")
                    guard a.count == e.count, b.count == e.count else { return }
                    for i in e.indices {
                        let v = a[i] + (b[i] - a[i]) * g.progress
                        let d = abs(v - e[i])
                        #expect(d <= 1e-6 * max(1, abs(e[i])) + lag, "\(name) \(smil.attribute) at \(t): SMIL \(e[i]), CSS \(v)")
                    }
                default:
                    Issue.record("\(name) \(smil.attribute) at \(t): SMIL \(String(describing: expected)), CSS \(String(describing: got))")
                }
                checked += 1
            }
        }
        #expect(checked > 0 || !svg.contains("<animate"))
    }

    /// The CSS report carries the errors the CSS evaluator measures on what was written: within each
    /// track's bound on every scene, and the same tracks as the SMIL report's.
    @Test(arguments: scenes)
    func theCSSReportIsMeasuredOnTheCSS(scene name: String) throws {
        let scene = try AnimatedCompileTests.scene(name)
        let css = scene.animatedSVGWithCSS()
        var compiler = AnimatedSVGCompiler(scene: scene)
        compiler.target = .css
        let smil = compiler.compile()
        #expect(css.report.map { "\($0.element) \($0.property)" } == smil.report.map { "\($0.element) \($0.property)" })
        for (c, s) in zip(css.report, smil.report) where s.encoding == .exact || s.encoding == .sampled {
            #expect(c.maxError <= c.bound * (1 + 1e-9) + 1e-9, "\(name) \(c.element) \(c.property): CSS \(c.maxError) over \(c.bound)")
        }
    }

    /// The issue's size bound for the three-ring scene, and the reduced-motion block.
    @Test func threeRingsUnder3KB() throws {
        let css = try AnimatedCompileTests.scene("activity-rings").animatedSVG().withCSSAnimations().svg
        #expect(css.utf8.count < 3000)
        #expect(!css.contains("<animate") && !css.contains("<set") && !css.contains("display=\"none\""))
        #expect(css.contains("@media (prefers-reduced-motion:reduce)"))
    }

    /// A double jump (three keys at one time: 1, 1, 2 at 0.68) goes from the value before to the
    /// last: the middle key is dropped, so the track read back at 0.68 already shows 2 (with it, the
    /// first 1e-7 step landed on the middle value and a frame at the jump showed 1). The jump's first
    /// key is written one step of the last decimal early (67.9999999 %), so the jump's instant shows
    /// the value after it however the key time was rounded; the ramp before it ends there.
    @Test func aDoubleJumpGoesToItsLastValue() throws {
        let track = AnimatedDocument.Numeric(attribute: "opacity", transformType: nil, additive: false, begin: 0, end: 1,
                                             values: [[0], [1], [1], [2], [3]], keyTimes: [0, 0.68, 0.68, 0.68, 1],
                                             splines: [[0, 0, 1, 1], [0, 0, 1, 1], [0, 0, 1, 1], [0, 0, 1, 1]], format: .number, check: nil)
        let (rule, timing, _) = try #require(CSSAnimationWriter.keyframesRule(.numeric(track), of: AnimatedDocument.Element(.group),
                                                                              timing: .init(duration: 1, loops: false)))
        #expect(rule == "0%{opacity:0}67.9999999%{opacity:1;animation-timing-function:steps(1,start)}68.00001%{opacity:2}to{opacity:3}")
        let read = try #require(CSSTrack(rule: rule, entry: timing))
        #expect(read.value(at: 0.68) == .numbers([2]))
        // Linear from 0 at 0 to 1 at 0.679999999: 0.34 / 0.679999999.
        guard case .numbers(let half)? = read.value(at: 0.34) else { Issue.record("no value"); return }
        #expect(abs(half[0] - 0.34 / 0.679999999) < 1e-15)
    }

    /// A jump (two keys at one time) is a step of 1e-7 (written a step of the last decimal early) under
    /// steps(1, start); a jump at the very end goes before it under steps(1, end).
    @Test func jumpsBecomeShortSteps() throws {
        let track = AnimatedDocument.Numeric(attribute: "opacity", transformType: nil, additive: false, begin: 0, end: 2,
                                             values: [[0], [1], [0.5], [1], [0]], keyTimes: [0, 0.5, 0.5, 1, 1],
                                             splines: [[0, 0, 1, 1], [0, 0, 1, 1], [0.42, 0, 1, 1], [0, 0, 1, 1]], format: .number, check: nil)
        let (rule, timing, adds) = try #require(CSSAnimationWriter.keyframesRule(.numeric(track), of: AnimatedDocument.Element(.group),
                                                                                 timing: .init(duration: 2, loops: false)))
        #expect(rule == "0%{opacity:0}49.9999999%{opacity:1;animation-timing-function:steps(1,start)}50.00001%{opacity:0.5;animation-timing-function:ease-in}99.99999%{opacity:1;animation-timing-function:steps(1,end)}to{opacity:0}")
        #expect(timing == "2s linear forwards" && !adds)
    }
}

/// A jump in a long track, checked where the file can place it: seven decimals of a percent are
/// 1.2e-8 s of a 12 s track, and a CSS jump's first key is written two of them early at most; SMIL's
/// nine decimals of a key time are 6e-8 s of a minute. The checks probe the written resolution
/// (`CSSAnimationWriter.window(span:)`, `AnimatedDocument.TrackCheck.smilWindow(span:)`), not a fixed
/// 1e-8 s.
struct JumpWindowTests {
    /// A ramp 0 → 1 over [0, J) jumping to 0 and rising to 0.5 at the span's end S (J = 0.7 S), as a
    /// track with its check: the engine's values in closed form at `times`.
    static func track(span s: Double, times: [Double], offset: (Double) -> Double = { _ in 0 }) -> AnimatedDocument.Numeric {
        let j = 0.7 * s
        let engine = { (t: Double) in t < j ? t / j : 0.5 * (t - j) / (s - j) }
        let check = AnimatedDocument.TrackCheck(entry: 0, times: times, onGrid: times.map { _ in true },
                                                values: times.map { [engine($0) + offset($0)] }, measure: { abs($0[0] - $1[0]) }, bound: 1.0 / 255)
        return AnimatedDocument.Numeric(attribute: "opacity", transformType: nil, additive: false, begin: 0, end: s,
                                        values: [[0], [1], [0], [0.5]], keyTimes: [0, 0.7, 0.7, 1],
                                        splines: [[0, 0, 1, 1], [0, 0, 1, 1], [0, 0, 1, 1]], format: .number, check: check)
    }

    static func error(_ track: AnimatedDocument.Numeric, window: Double? = nil) throws -> (Double, Double) {
        let timing = AnimatedDocument.Timing(duration: track.end, loops: false)
        let element = AnimatedDocument.Element(.group)
        let (rule, entry, _) = try #require(CSSAnimationWriter.keyframesRule(.numeric(track), of: element, timing: timing))
        return CSSAnimationWriter.verify(rule: rule, entry: entry, of: track, element: element, check: try #require(track.check), duration: track.end, window: window)
    }

    /// The case `Tools/fuzz` met (a 12 s replicator whose other instance's knot lay 1.8e-15 s before
    /// 8.4 s, where this one jumps): written 69.9999999 % (8.399999988 s), the jump is 1.2e-8 s early,
    /// and the knot just before it still shows the ramp's end, 1, in the engine. Checked within 3e-8 s,
    /// the file's error there is the ramp's slope times that, not the jump (it was reported a
    /// fallback 1 off); at every instant a frame or knot holds, the error is under the bound.
    @Test func aTwelveSecondJumpIsCheckedAtItsResolution() throws {
        let knot = 8.4.nextDown.nextDown.nextDown.nextDown   // 1.8e-15 s before, as the decimal sums put it
        // (No instant at the jump itself: one within the window after the knot would count as what
        // comes right after it, `TrackCheck.verify`, and hide what this checks.)
        let times = [0, 1, 4.2, knot, 8.5, 9, 10.8, 12]
        let (all, onGrid) = try Self.error(Self.track(span: 12, times: times))
        #expect(abs(CSSAnimationWriter.window(span: 12) - 3e-8) < 1e-20)
        #expect(all <= 1.0 / 255 && onGrid <= 1.0 / 255, "\(all)")
        // Probed 1e-8 s either side, the jump is out of reach: the knot shows the value after it, 0
        // where the engine shows 1 (to the ramp's slope over 1.8e-15 s).
        let narrow = try Self.error(Self.track(span: 12, times: times), window: 1e-8)
        #expect(abs(narrow.1 - 1) < 1e-9, "\(narrow.1)")
        #expect(CSSAnimationWriter.window(span: 2) == 1e-8)
    }

    /// The window hides no error away from a jump: over spans of 1 s to 1,000 s, a track whose
    /// engine value is 0.1 off at one frame (t = 0.3 S) is reported that far off, whatever the
    /// window; a knot an ulp before the jump always passes.
    @Test func aWiderWindowStillSeesAWrongFrame() throws {
        for span in [1.0, 7.5, 12, 60, 240, 1000] {
            let knot = (0.7 * span).nextDown
            let times = [0, 0.3 * span, knot, 0.7 * span, span]
            let clean = try Self.error(Self.track(span: span, times: times))
            #expect(clean.0 <= 1.0 / 255, "span \(span): \(clean.0)")
            let wrong = try Self.error(Self.track(span: span, times: times, offset: { $0 == 0.3 * span ? 0.1 : 0 }))
            // The slope is at most 1 / (0.7 S) a second, over a window of 2.5e-9 S: under 4e-9.
            #expect(abs(wrong.1 - 0.1) < 1e-3, "span \(span): \(wrong.1)")
        }
    }

    /// SMIL's key times carry nine decimals of the track's span: a jump at 42.000000024 s of a 60 s
    /// track is written at key time 0.7, 42 s, 2.4e-8 s early. Probed 1e-8 s either side, a knot just
    /// before the jump (where the engine still shows the ramp's end, 1) reads 0 in the file; probed
    /// at the written resolution (`TrackCheck.smilWindow(span:)`, 6e-8 s), it reads the ramp.
    @Test func aMinuteLongSMILJumpIsCheckedAtItsResolution() throws {
        let s = 60.0, j = 42.000000024
        let knot = j.nextDown.nextDown
        let times = [0, 10, 30, knot, 43, 50, 60]
        let engine = { (t: Double) in t < j ? t / j : 0.5 * (t - j) / (s - j) }
        let check = AnimatedDocument.TrackCheck(entry: 0, times: times, onGrid: times.map { _ in true }, values: times.map { [engine($0)] },
                                                measure: { abs($0[0] - $1[0]) }, bound: 1.0 / 255)
        let track = AnimatedDocument.Numeric(attribute: "opacity", transformType: nil, additive: false, begin: 0, end: s,
                                             values: [[0], [1], [0], [0.5]], keyTimes: [0, j / s, j / s, 1],
                                             splines: [[0, 0, 1, 1], [0, 0, 1, 1], [0, 0, 1, 1]], format: .number, check: check)
        let timing = AnimatedDocument.Timing(duration: s, loops: false)
        let smil = try #require(SMILTrack(AnimatedDocument.text(.numeric(track), timing: timing)))
        func read(_ t: Double) -> [Double]? { if case .numbers(let v)? = smil.value(at: t) { return v } else { return nil } }
        #expect(abs(AnimatedDocument.TrackCheck.smilWindow(span: s) - 6e-8) < 1e-20)
        let narrow = check.verify(duration: s, read: read)
        #expect(abs(narrow.onGrid - 1) < 1e-6, "\(narrow.onGrid)")
        let wide = check.verify(duration: s, window: AnimatedDocument.TrackCheck.smilWindow(span: s), read: read)
        #expect(wide.all <= 1.0 / 255 && wide.onGrid <= 1.0 / 255, "\(wide.all)")
    }
}
