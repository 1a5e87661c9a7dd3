import FlipbookSupport
import Testing
@testable import Flipbook

/// The pieces exporters read and the state frames read are one model: inside every piece,
/// `state(atParentTime:)` gives the piece's linear progress, on random timings of every kind.
struct MediaTimingPiecesTests {
    @Test func piecesAgreeWithState() {
        var generator = SplitMix64(seed: 11)
        var checked = 0
        for _ in 0..<3000 {
            var timing = MediaTiming(beginTime: generator.next(-1, 2), duration: generator.next(0.1, 2), speed: [1, 2, 0.5, -1, -0.5][Int(generator.next(0, 4.999))],
                                     timeOffset: generator.next(0, 1) < 0.5 ? 0 : generator.next(-3, 3),
                                     repeatCount: [0, 1, 2.5, 3][Int(generator.next(0, 3.999))], autoreverses: generator.next(0, 1) < 0.5)
            if generator.next(0, 1) < 0.2 { timing.repeatDuration = generator.next(0.2, 4) }
            for piece in timing.pieces(limit: 200) {
                #expect(piece.start < piece.end)
                for f in [0.1, 0.37, 0.5, 0.81, 0.99] {
                    let t = piece.start + (piece.end - piece.start) * f
                    guard let state = timing.state(atParentTime: t) else {
                        Issue.record("\(timing): no state at \(t) inside \(piece)")
                        continue
                    }
                    let expected = piece.progressAtStart + (piece.progressAtEnd - piece.progressAtStart) * f
                    #expect(abs(state.progress - expected) < 1e-9, "\(timing) at \(t): \(state.progress) vs \(expected) in \(piece)")
                    #expect(state.iteration == piece.iteration, "\(timing) at \(t)")
                    checked += 1
                }
            }
        }
        #expect(checked > 10_000)
    }

    /// The pieces cover the active interval: their lengths add up to the active duration / |speed|.
    @Test func piecesCoverTheActiveInterval() {
        let timing = MediaTiming(beginTime: 0.5, duration: 1, speed: 2, timeOffset: 0.3, repeatCount: 2.5, autoreverses: true)
        let total = timing.pieces().reduce(0) { $0 + $1.end - $1.start }
        #expect(abs(total - timing.activeDuration / 2) < 1e-12)
    }

    /// With a window, the layout is the whole one's pieces that reach it (and at most a cycle either
    /// side): the same pieces, compared with the unwindowed layout filtered, on random timings whose
    /// offset does not wrap (infinite repeats among them).
    @Test func aWindowLaysOutThePiecesThatReachIt() {
        var generator = SplitMix64(seed: 12)
        var compared = 0
        for _ in 0..<2000 {
            let infinite = generator.next(0, 1) < 0.4
            let timing = MediaTiming(beginTime: generator.next(-3, 2), duration: generator.next(0.1, 2), speed: [1, 2, 0.5, -1, -0.5][Int(generator.next(0, 4.999))],
                                     timeOffset: infinite && generator.next(0, 1) < 0.5 ? generator.next(-3, 3) : 0,
                                     repeatCount: infinite ? .infinity : [0, 1, 2.5, 3][Int(generator.next(0, 3.999))], autoreverses: generator.next(0, 1) < 0.5)
            let lo = generator.next(-2, 4), window = lo...(lo + generator.next(0, 3))
            let whole = timing.pieces(limit: 1000), windowed = timing.pieces(limit: 1000, window: window)
            let reaching = whole.filter { $0.start <= window.upperBound && $0.end >= window.lowerBound }
            #expect(reaching.allSatisfy(windowed.contains), "\(timing) over \(window): a piece that reaches it is missing")
            #expect(windowed.allSatisfy(whole.contains), "\(timing) over \(window): a piece the whole layout lacks")
            // At most a cycle either side (two pieces a cycle when autoreversing, one cut at each end).
            #expect(windowed.count <= reaching.count + 4 * (timing.autoreverses ? 2 : 1) + 2, "\(timing) over \(window)")
            compared += reaching.count
        }
        #expect(compared > 2000)
    }

    /// A 1 s cycle repeating forever from 100,000 s before the window [0, 4]: the pieces start at
    /// whole seconds, −100,000 + k for iteration k, so cycles 100,000…100,003 are [0, 1)…[3, 4), laid
    /// out from there (not the 20,000 first cycles, all before it).
    @Test func anInfiniteRepeatFromLongAgoIsLaidOutOverTheWindow() {
        let timing = MediaTiming(beginTime: -100_000, duration: 1, repeatCount: .infinity)
        let pieces = timing.pieces(limit: 20_000, window: 0...4)
        for k in 0..<4 {
            #expect(pieces.contains(MediaTiming.Piece(start: Double(k), end: Double(k + 1), progressAtStart: 0, progressAtEnd: 1, iteration: 100_000 + k)))
        }
        #expect(pieces.count <= 8)
        #expect(timing.pieces(limit: 20_000).last!.end == -80_000)
    }
}
