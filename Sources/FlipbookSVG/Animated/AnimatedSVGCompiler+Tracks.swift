import Flipbook

/// Tracks: how the compiler fits, writes and checks one animated value (numeric or discrete).
extension AnimatedSVGCompiler.Context {
        /// Fits a numeric track, writes it, and checks what it wrote: the track is written as SMIL, read
        /// back (`SMILTrack`) and evaluated at every observed instant (each frame's and each knot's) and
        /// half way between them, against the engine. When the error passes `tolerance` the track is
        /// written again from keys at all those instants; if even that fails, it is reported as a
        /// fallback. The report carries the error measured this way, never the fitter's own estimate.
        /// Returns the track (none when constant), carrying the engine's values it was checked against
        /// (`TrackCheck`) for the other formats' checks.
        mutating func track(_ element: String, _ property: String, unit: String, tolerance: Double, knots: [Double],
                            owner: String, value: @escaping (Double) -> [Double],
                            error: (([Double], [Double]) -> Double)? = nil,
                            write: (SMILWriter, [Keyframe]) -> AnimatedDocument.Numeric?) -> [AnimatedDocument.Animation] {
            if contentIsStatic { return [] }
            // No bound finer than the numbers written can carry (three decimals: 0.0005 of the unit),
            // as for a rotation whose drawing reaches 1e11 px from the pivot.
            let tolerance = max(tolerance, 0.0005)
            // For Lottie, fitted to nine tenths of the bound: the Lottie file holds the keys in its own
            // form (frames, its easing), read back with up to 0.2 % of the bound more error (a fuzzed
            // pie's wedge dash: 0.1248 px in SMIL, 0.12522 px in Lottie, of 0.125).
            var fitter = TrackFitter(value: value, tolerance: target == .lottie ? 0.9 * tolerance : tolerance)
            if let error { fitter.error = error }
            // Sampling places at most four keys per observed instant (and 64 more): past that the keys at
            // every instant checked do better, and cost what the output costs.
            fitter.keyBudget = 4 * grid.count + 64
            fitter.maxDepth = sampleDepth
            let (fitted, summary) = fitter.fit(knots: Self.merge(knots, grid: scene.duration), spans: ownerSpans(owner))
            // Lottie's keys are frame numbers, read at whole frames: a jump at a frame stays there.
            let keys = TrackFitter.holdingJumpsClearOfFrames(fitted, fps: scene.fps, duration: scene.duration,
                                                             seekedFrames: target == .lottie ? 0 : scene.frameCount)
            var written = write(smil, keys)
            // The engine's value at every check instant, read once: the check, the denser retry and
            // the report's steps all compare against it.
            let series = checkTimes.map(value)
            var verified: Double, atFrames: Double, later: [Int: [Double]] = [:]
            if written == nil {
                // Written as a constant (no element): checked too — every instant verified must hold the
                // value the static attribute shows.
                let constant = keys.first?.value ?? value(0)
                var off = 0.0, offAtFrames = 0.0
                for i in checkTimes.indices {
                    let e = fitter.error(constant, series[i])
                    off = max(off, e)
                    if checkIsOnGrid[i] { offAtFrames = max(offAtFrames, e) }
                }
                guard off > tolerance else { return [] }
                (verified, atFrames) = (off, offAtFrames)
            } else {
                (verified, atFrames, later) = verify(written!, series: series, value: value, measure: fitter.error, tolerance: tolerance)
            }
            var encoding: AnimatedSVG.Encoding = summary.exact ? .exact : .sampled
            var count = keys.count
            if verified > tolerance {
                // Denser: a key at every observed instant and half way between them.
                let dense = checkTimes.indices.map { Keyframe(time: checkTimes[$0], value: series[$0], curve: nil) }
                let retry = write(smil, dense)
                let retried = retry.map { verify($0, series: series, value: value, measure: fitter.error, tolerance: tolerance) } ?? (verified, atFrames, later)
                // Frame instants first: denser keys always hit those; then the error between them.
                if retried.1 < atFrames || (retried.1 == atFrames && retried.0 < verified) {
                    written = retry
                    (verified, atFrames, later) = retried
                    count = dense.count
                }
                encoding = verified > tolerance ? .fallback : .sampled
            }
            var step = 0.0, magnitude = 0.0
            var previous = series[0]
            for i in checkTimes.indices where checkIsOnGrid[i] {
                let v = series[i]
                step = max(step, fitter.error(previous, v))
                magnitude = max(magnitude, v.map { abs($0) }.max() ?? 0)
                previous = v
            }
            report.append(AnimatedSVG.Entry(element: element, property: property, encoding: encoding,
                                            keyframes: count, maxError: verified, unit: unit, bound: tolerance, errorAtFrames: atFrames,
                                            largestStep: step, largestMagnitude: magnitude))
            guard var numeric = written else { return [] }
            numeric.check = AnimatedDocument.TrackCheck(entry: report.count - 1, times: checkTimes, onGrid: checkIsOnGrid, values: series,
                                                        measure: fitter.error, bound: tolerance, later: later)
            return [.numeric(numeric)]
        }

        /// Every instant the compile observes, in the order its steps first ask for them, to be made
        /// ahead (`Sampler.prefetch`): the grid (the trees' union), then the check instants and the
        /// duration (`staticNodes`); then the instants the tracks' fits sample for exact segments
        /// (`TrackFitter.exactSampleInstants` of each model layer's knots), where those are fewer than
        /// the check instants (a layer with many knots is sampled on demand).
        func instantsAhead() -> [Double] {
            var fitted: [Double] = [], seen = Set<[Double]>()
            for id in modelIDs.sorted() {
                let k = knots(id)
                guard seen.insert(k).inserted else { continue }
                fitted += TrackFitter.exactSampleInstants(knots: Self.merge(k, grid: scene.duration))
                if fitted.count > checkTimes.count { break }
            }
            return grid + checkTimes + [scene.duration] + (fitted.count <= checkTimes.count ? fitted : [])
        }

        /// 0, the duration and the knots within [0, duration], sorted, each once (−0 as 0).
        static func merge(_ knots: [Double], grid duration: Double) -> [Double] {
            var all: [Double] = [0, duration == 0 ? 0 : duration]
            all.reserveCapacity(knots.count + 2)
            for t in knots where t >= 0 && t <= duration { all.append(t == 0 ? 0 : t) }
            all.sort()
            var kept: [Double] = []
            kept.reserveCapacity(all.count)
            for t in all where kept.last != t { kept.append(t) }
            return kept
        }

        /// A discrete track; records the report entry. Values are equal when written alike; with
        /// `holdMotion`, a value moving between two observed instants is held to the second
        /// (`DiscreteTrack.fit(observed:duration:holdMotion:)`).
        mutating func discrete(_ element: String, _ attribute: String, knots: [Double], holdMotion: Bool = false,
                               value: @escaping (Double) -> AnimatedDocument.Value) -> [AnimatedDocument.Animation] {
            if contentIsStatic { return [] }
            // Most discrete tracks observe the grid itself: its instants are worked out once.
            let observed = knots == grid || knots == mergedGrid ? observedGrid : DiscreteTrack<WrittenValue>.observed(knots: knots, fps: scene.fps, duration: scene.duration)
            // The engine's value at each instant the fit reads (every observed one among them), kept
            // for the read-back below.
            var engine: [Double: String] = [:]
            let keys = DiscreteTrack { t in
                let v = WrittenValue(value(t))
                engine[t] = v.text
                return v
            }.fit(observed: observed, duration: scene.duration, holdMotion: holdMotion, fps: scene.fps)
            guard let track = smil.discrete(attribute: attribute, keys: keys.map { ($0.time, $0.value.value) }) else { return [] }
            let wrong = framesShownWrong(track, engine: engine)
            report.append(AnimatedSVG.Entry(element: element, property: attribute, encoding: wrong == 0 ? .discrete : .fallback,
                                            keyframes: keys.count, maxError: Double(wrong), unit: wrong == 0 ? "" : "frames"))
            return [.discrete(track)]
        }
}

/// A discrete track's value, equal to another when written alike (two colours that round to one
/// `#rrggbb` are one value, as the format shows them).
struct WrittenValue: Equatable {
    let value: AnimatedDocument.Value
    let text: String

    init(_ value: AnimatedDocument.Value) {
        self.value = value
        text = AnimatedDocument.text(value)
    }

    /// Equal when written alike (the documented reason for a hand-written ==: the values of the
    /// format, not of the model, decide where a discrete track switches).
    static func == (a: WrittenValue, b: WrittenValue) -> Bool { a.text == b.text }
}
