import Flipbook

/// How the compiler checks what it writes: every track read back as SMIL and evaluated against the
/// engine, and the reach that turns angle and scale errors into pixels.
extension AnimatedSVGCompiler.Context {
        /// The instants every track is checked at (`checkTimes`): the grid and the midpoints between
        /// its instants, sorted; and for each, whether it is on the grid.
        static func checkTimes(grid: [Double]) -> (times: [Double], onGrid: [Bool]) {
            var times: [Double] = [], onGrid: [Bool] = []
            times.reserveCapacity(2 * grid.count)
            onGrid.reserveCapacity(2 * grid.count)
            for (i, t) in grid.enumerated() {
                times.append(t)
                onGrid.append(true)
                if i + 1 < grid.count, grid[i + 1] > t {
                    times.append((t + grid[i + 1]) / 2)
                    onGrid.append(false)
                }
            }
            return (times, onGrid)
        }

        /// The largest error between the track as SMIL writes it and the engine over `checkTimes`, and over the
        /// grid's instants alone (frames and knots), measured by `measure`. Each instant is also tried
        /// either side, as far as a jump may land off it (key times are written with nine decimals of
        /// the track's span: `AnimatedDocument.TrackCheck.smilWindow(span:)`, 1e-8 s up to a 10 s
        /// span) and the smallest error counts. Where that error is over `tolerance`, the engine's value
        /// 1e-8 s later counts as well: a state that lasts less than the key times' resolution (an
        /// animation of 1e-300 s); or, at an instant less than `FrameInstants.gap` after a frame's,
        /// the engine's value at that frame (a jump there is written a gap after the frame, where
        /// players tell them apart). Infinity when the text cannot be read back.
        /// `series` holds the engine's value at each of `checkTimes`.
        func verify(_ track: AnimatedDocument.Numeric, series: [[Double]], value: (Double) -> [Double], measure: ([Double], [Double]) -> Double,
                    tolerance: Double) -> (Double, Double, later: [Int: [Double]]) {
            // The track as SMIL writes it, read back as SMIL.
            guard let written = SMILTrack(AnimatedDocument.text(.numeric(track), timing: smil.timing)) else { return (.infinity, .infinity, [:]) }
            var laterValues: [Int: [Double]] = [:]
            let base = series[0].map { SVGNumber.representable($0) }   // the static attribute, as written
            var worst = 0.0, worstOnGrid = 0.0
            // Buffers kept across instants: the check reads every instant up to three times a track.
            var expected: [Double] = [], shown: [Double] = []
            expected.reserveCapacity(base.count)
            shown.reserveCapacity(base.count)
            /// The written value at `at` into `shown` (the base value where the element does not apply);
            /// false for text.
            func readWritten(at: Double) -> Bool {
                switch written.numbers(at: at, splines: splines, into: &shown) {
                case .numbers: return true
                case .text: return false
                case .notApplied:
                    shown.removeAll(keepingCapacity: true)
                    shown.append(contentsOf: base)
                    return true
                }
            }
            /// Probe 0 is the instant itself, 1 and 2 are `window` before and after it.
            let window = AnimatedDocument.TrackCheck.smilWindow(span: track.end - track.begin)
            func probeTime(_ probe: Int, _ t: Double) -> Double { probe == 0 ? t : probe == 1 ? t - window : t + window }
            // A looping scene's written tracks repeat: `window` past the end is as far into the next
            // repetition (an engine jump a few ulps before the loop's end, where decimal sums put a
            // cycle boundary, shows there).
            let end = scene.loops ? scene.duration + window : scene.duration
            for (i, t) in checkTimes.enumerated() {
                // What SVG can say of the engine's value (the frames write the same): its numbers carry
                // three decimals and are clamped far off.
                expected.removeAll(keepingCapacity: true)
                for v in series[i] { expected.append(SVGNumber.representable(v)) }
                var best = Double.infinity
                // The written value at t, `window` before and after (those only while t's is off).
                var probes = 0   // how many of the three were read and compared
                for probe in 0..<3 {
                    let at = probeTime(probe, t)
                    guard at >= 0 && at <= end else { continue }
                    guard readWritten(at: at) else { return (.infinity, .infinity, [:]) }
                    guard shown.count == expected.count else { return (.infinity, .infinity, [:]) }
                    best = min(best, measure(expected, shown))
                    if best == 0 { break }
                    probes = probe + 1
                }
                if best > tolerance, t < scene.duration {
                    // Just after a frame, the frame's value (a jump held clear of it:
                    // `TrackFitter.holdingJumpsClearOfFrames`), else the value 1e-8 s later (at most
                    // the end's: a knot ulps before the end, where a jump at the last frame is written
                    // a gap before it).
                    let frame = FrameInstants.frameJustBefore(t, fps: scene.fps, duration: scene.duration)
                    let later = (frame.map(value) ?? value(min(t + 1e-8, scene.duration))).map { SVGNumber.representable($0) }
                    if later.count == expected.count {
                        laterValues[i] = later
                        // The probes compared above, read again (the same numbers: the evaluation is a
                        // pure function of the instant).
                        for probe in 0..<probes {
                            let at = probeTime(probe, t)
                            guard at >= 0 && at <= end, readWritten(at: at) else { continue }
                            best = min(best, measure(later, shown))
                        }
                    }
                }
                worst = max(worst, best)
                if checkIsOnGrid[i] { worstOnGrid = max(worstOnGrid, best) }
            }
            return (worst, worstOnGrid, laterValues)
        }

        /// How many frames show a value other than the engine's when the discrete track is read back
        /// as SMIL: each frame instant is read as written, as Chromium seeks it (`seekedByChromium`)
        /// and 0.9 µs later (Chromium's CSS animations compare times within 1 µs); all three must show the engine's value at the frame, written
        /// alike. `engine` holds the engine's values by instant (the fit read every frame's); a frame
        /// missing from it (past the duration) is not read.
        func framesShownWrong(_ track: AnimatedDocument.Discrete, engine: [Double: String]) -> Int {
            let written = SMILTrack(.discrete(track), timing: smil.timing)
            // The values as written, in the order the read-back indexes them (a `<set>` holds one).
            let texts = track.single.map { [AnimatedDocument.text($0.value)] } ?? track.values.map(AnimatedDocument.text)
            // Before a `<set>` begins, the element's attribute shows the value at 0.
            guard let base = engine[0] else { return 0 }
            var wrong = 0
            for i in 0..<scene.frameCount {
                let t = scene.frameTime(i)
                guard let expected = engine[t] else { continue }
                for probe in [t, FrameInstants.seekedByChromium(t), t + 0.9e-6] where probe >= 0 && probe <= scene.duration {
                    let shown: String
                    switch written.sample(at: probe) {
                    case .notApplied: shown = base
                    case .held(let k): shown = texts[k]
                    case .mix: shown = ""
                    }
                    if shown != expected {
                        wrong += 1
                        break
                    }
                }
            }
            return wrong
        }

        /// The farthest point that the layer in `slot` and its sublayers draw at `t`, from the layer's
        /// pivot, in its parent's pixels before its rotation: content bounds (strokes widened by half
        /// their width, text by its size) carried through each sublayer's transform.
        func reach(_ slot: Int, at t: Double) -> Double {
            let snapshot = sampler.at(t)
            guard let node = snapshot.node(slot) else { return 0 }
            // To the layer's pre-rotation space: translate(−anchor) · matrix · scale.
            let parts = node.parts
            let local = Transform2D.translation(-parts.anchor.x, -parts.anchor.y).concatenating(parts.matrix)
                .concatenating(.scale(parts.scale.width, parts.scale.height))
            var farthest = 0.0
            func visit(_ s: Int, _ toLayer: Transform2D) {
                guard let n = snapshot.node(s) else { return }
                for item in n.items {
                    var corners: [Point] = []
                    switch item {
                    case .shape(let shape):
                        guard let box = shape.path.boundingBox else { continue }
                        let pad = shape.hasStroke ? shape.lineWidth / 2 * max(shape.miterLimit, 1) : 0
                        corners = [Point(box.minX - pad, box.minY - pad), Point(box.maxX + pad, box.minY - pad),
                                   Point(box.minX - pad, box.maxY + pad), Point(box.maxX + pad, box.maxY + pad)]
                    case .text(let text):
                        let width = text.fontSize * Double(text.string.count)
                        corners = [Point(text.origin.x - width, text.origin.y - text.fontSize * 1.5),
                                   Point(text.origin.x + width, text.origin.y + text.fontSize * 1.5),
                                   Point(text.origin.x - width, text.origin.y + text.fontSize * 1.5),
                                   Point(text.origin.x + width, text.origin.y - text.fontSize * 1.5)]
                    }
                    for c in corners { farthest = max(farthest, toLayer.apply(c).length) }
                }
                for child in snapshot.order where snapshot.parents[child] == s {
                    guard let c = snapshot.node(child) else { continue }
                    visit(child, c.transform.concatenating(toLayer))
                }
            }
            visit(slot, local)
            return farthest
        }
}
